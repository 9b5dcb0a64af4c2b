"""Shell facts: the shared word lists (shells, interpreters, program families, code patterns)."""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: most commands never need these

_META = " \t\n;&|<>()"
# a run of characters the word lexer copies as they are (no quote, escape, expansion,
# brace, glob, tilde or metacharacter): matched in one step instead of one by one
_PLAIN_RUN = re.compile(r"[^ \t\n;&|<>()\\'\"$~{,}`*?\[]*")
_RESERVED_SKIP = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until",
                            "!", "{", "}", "esac", "in", "function", "select"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "tcsh", "csh", "yash",
                     "posh", "oksh", "loksh", "ksh93", "pdksh", "elvish", "nu", "xonsh", "ysh", "osh", "oil",
                     "ion", "murex", "hush", "busybox-sh"})
_INTERPRETERS = _SHELLS | frozenset({"python", "python2", "python3", "node", "perl", "ruby",
                                     "php", "lua", "deno", "bun", "osascript", "pwsh", "powershell"})
_ANSI_C = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b",
           "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
# (GNU xargs' -i, -l, -e and --replace take their value only attached: `-iX`, `--replace=X`;
# alone they are flags, and the next word is the command)
_XARGS_VALUE_OPTS = {"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a",
                     "--max-args", "--max-procs", "--delimiter", "--arg-file",
                     "--max-chars", "--process-slot-var"}
_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})


# ---------------------------------------------------------------- programs: families, code patterns, stdin

_STDIN_WORDS = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})

_FAMILIES = {
    **{name: "shell" for name in _SHELLS}, "yash": "shell", "posh": "shell", "csh": "shell", "tcsh": "shell",
    "python": "python", "pypy": "python", "py": "python", "ipython": "python", "node": "node", "nodejs": "node", "bun": "node",
    "perl": "perl", "ruby": "ruby", "irb": "ruby", "php": "php", "lua": "lua", "luajit": "lua", "texlua": "lua",
    "osascript": "osascript", "pwsh": "pwsh", "powershell": "pwsh", "tclsh": "tcl", "wish": "tcl",
    "rscript": "r", "julia": "julia", "expect": "expect", "groovy": "groovy", "r": "r",
    "deno": "node", "tsx": "node", "ts-node": "node", "bb": "clojure", "clojure": "clojure", "clj": "clojure",
    "guile": "scheme", "racket": "scheme", "chez": "scheme", "scheme": "scheme", "csi": "scheme",
    "sbcl": "lisp", "clisp": "lisp", "ecl": "lisp", "elixir": "elixir", "iex": "elixir", "erl": "erlang",
    "escript": "erlang", "swift": "swift", "kotlin": "kotlin", "scala": "scala", "jshell": "java",
    "raku": "perl", "perl6": "perl", "gjs": "node", "qjs": "node", "jjs": "node", "rhino": "node",
    "ocaml": "ocaml", "crystal": "ruby", "nim": "nim", "dart": "dart", "v": "v", "php-cli": "php",
    "kotlinc": "kotlin", "kotlinc-jvm": "kotlin",  # kotlinc -e/-expression CODE (its other operands: sources)
    "pwsh-preview": "pwsh", "tclsh8": "tcl", "octave": "r", "matlab": "r", "gnuplot": "gnuplot",
    "awk": "awk", "gawk": "awk", "mawk": "awk", "nawk": "awk", "sed": "sed", "gsed": "sed",
    "at": "at", "batch": "at", "source": "source", ".": "source",
    "make": "make", "gmake": "make", "vim": "editor", "vi": "editor", "nvim": "editor", "ex": "editor", "view": "editor", "gvim": "editor",
}
_CODE_FLAGS = {"python": "c", "node": "ep", "perl": "eE", "ruby": "e", "php": "rRBE", "lua": "e", "osascript": "e",
               "pwsh": "c", "r": "e", "julia": "eE", "expect": "c", "groovy": "e", "tcl": "",
               "clojure": "e", "scheme": "ce", "lisp": "x", "elixir": "e", "erlang": "", "swift": "e",
               "kotlin": "e", "scala": "e", "java": "", "ocaml": "", "nim": "", "dart": "", "v": "e",
               "gnuplot": "e"}
_CODE_EXEC = (
    "os.system", "os.popen", "subprocess", "pty.spawn", "os.exec", "os.spawn", "commands.get", "child_process",
    "execsync", "spawnsync", "execfilesync", "system(", "system ", "popen", "shell_exec", "passthru",
    "proc_open", "os.execute", "do shell script", "start-process", "invoke-expression", "iex ", "iex(",
    "deno.run", "deno.command", "bun.spawn", "bun.$", "kernel.exec", "%x(", "%x{", "qx(", "qx{", "qx/",
    "open3", "runtime.getruntime", "processbuilder", "run(`", "spawn ", "exec ", "exec(", "pcntl_exec",
    "os.startfile", "win32api", "shell(", "execute(", "(shell ", "(sh ", "(system ", "(system* ",
    "(run-program", "(process ", "(open-pipe", "clojure.java.shell", "babashka.process", "system.cmd(",
    ":os.cmd(", "os:cmd(", "run(`", "pipeline(`", "runtime.exec", "process(", "deno.command(",
    "std::process", "command::new", "uiop:run-program", "sb-ext:run-program", "system2(",
    "invoke-item", "& {", "cmd /c", "cmd.exe",
    # Haskell (System.Process), Nim (osproc), F#/.NET: callCommand "rm -rf ~", execShellCmd("…"), Process.Start("…")
    "callcommand", "readprocess", "spawncommand", "rawsystem", "createprocess", "execshellcmd", "execcmd(",
    "startprocess(", "execprocess(", "process.start(",
    "system$", "system@", "exec$", "exec@",  # perl: `system$_ while<>`, `exec@ARGV` (no space, no parenthesis)
)
_CODE_EXEC_AWK = ("system(", "system (", "|getline", "| getline", '|"', '| "', "|&", "| cmd", "|cmd")
_CODE_NET = (
    "socket", "urllib", "requests.", "http.client", "urlopen", "httpx", "aiohttp", "fetch(", "net.connect",
    "createconnection", "http.get", "https.get", "http.request", "https.request", "lwp", "io::socket",
    "net::http", "fsockopen", "tcpsocket", "curl_", "file_get_contents(\"http", "file_get_contents('http",
    "invoke-webrequest", "invoke-restmethod", "downloadstring", "webclient", "/inet/tcp", "/inet/udp",
    "/dev/tcp", "/dev/udp", "websocket", "paramiko", "ftplib", "smtplib", "telnetlib", "xmlhttprequest",
    "dns.lookup", "dns.resolve", "dns.promises", "require('dns')", 'require("dns")', "node:dns", "gethostbyname", "getaddrinfo", "resolv::", "net::dns",
)
_CODE_DYNAMIC = (
    "eval(", "eval ", "eval)", "eval;", "eval}", "eval\n", "compile(", "fromcharcode", "new function(", "vm.run",
    "__import__", "marshal.loads", "pickle.loads", "codecs.decode", "rot13", "rot_13", "frombase64string",
    "bytes.fromhex", "unhexlify", "zlib.decompress", "instance_eval", "class_eval", "decode('hex')",
    "pack(", "gzinflate", "str_rot13", "assert(", "create_function", "unserialize", "exec(",
)
# base64 in inline code is dynamic only beside something that runs or writes what it decodes
# (exec/eval/a shell call/a file write): `print(base64.b64encode(b"x"))` runs nothing
_CODE_DECODE = ("b64decode", "base64", "atob(", "frombase64string")
_CODE_DELETE = ("removeall(", "os.removeall(", "finddepth(", "os.remove(", "fs.unlinksync(", "unlink(",
    "rmtree(", "removedirs(", "rmsync(", "rmdirsync(", "fs.rm(", "fs.rmdir(", "rimraf(", "rimraf.sync(",
    "rm_rf(", "rm_rf!(", "rm!(", "rm_r(", "remove_dir(", "remove_tree(", "remove_dir_all(", "fsp.rm(", "promises.rm(",
    "deletedirectory(", "file::path::rmtree(", "rmdir(",
    "rm(", "deno.remove(", "deno.removesync(", "delete-tree ", "fs/delete-tree ", "delete-directory ",
    "file.rm_rf(", "file.rm_r(", "rm_rf ", "rm_r ", "fileutils.rm_rf", "delete-directory/files ",
    "(delete-file ", "file.delete(", "deletedir(", "remove_all(", "remove-item ", "ri ", "directory.delete(",
    "file delete ",  # Tcl
    # Swift's FileManager, Nim's os, V's os, Haskell's System.Directory
    "default.removeitem(", "removedir(", "rmdir_all(", "removedirectoryrecursive", "removepathforcibly",
    "remove_entry(", "remove_entry_secure(", "\"unlink\"", "'unlink'",  # FileUtils; PHP callbacks (array_map("unlink", …))
)
_CODE_WRITE = (".write(", "writefile", "appendfile", "write_text", "write_bytes", "file_put_contents", "fopen(",
               "shutil.copy", "shutil.move", "os.rename", "os.replace", "copyfile", "createwritestream", "file.write",
               "file.open", "io.open", "print f ", "print $f", "syswrite", "out-file", "set-content", "add-content",
               "file rename ", "file copy ",  # Tcl
               # an import of shutil's functions under other names (`from shutil import move as
               # archive`): the calls are not named; Node's renames (the source is moved away)
               "from shutil import", "import shutil as", "renamesync(", "fs.rename(", "promises.rename(",
               "fsp.rename(",
               # Node's copies (fs.cpSync, fs.cp, fsp.cp): copyFile is "copyfile" above
               "cpsync(", "fs.cp(", "fsp.cp(", "promises.cp(",
               # Ruby's FileUtils copies, moves and installs (FileUtils.cp('x', '.git/hooks'))
               "fileutils.cp", "fileutils.mv", "fileutils.install", "fileutils.copy", "fileutils.move")


_DB_CLIENTS = frozenset({"psql", "pgcli", "mysql", "mariadb", "mycli", "sqlite3", "litecli", "duckdb", "mongosh",
                         "mongo", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "usql", "cqlsh",
                         "redis-cli", "valkey-cli", "keydb-cli", "isql", "sqlplus", "snowsql", "bq", "trino",
                         "presto", "beeline", "spark-sql", "influx", "memcached-tool"})
# platform CLIs that open a shell on a hosted database (`pscale shell DB BRANCH`, `turso db shell DB`,
# `fly postgres connect`, `heroku pg:psql`, `railway connect`, `gcloud sql connect`, `prisma db execute
# --stdin`): the statements they are fed on stdin are kept like a database client's (session 32)
_PLATFORM_SQL_SHELLS = frozenset({"pscale", "turso", "fly", "flyctl", "heroku", "railway", "prisma", "gcloud"})
_PLATFORM_SQL_WORDS = frozenset({"shell", "connect", "pg:psql", "execute"})
_DELETERS = frozenset({"rm", "shred", "unlink", "srm", "trash", "trash-put", "gio", "rmdir", "wipe", "scrub"})
_FIND_NARROWING = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
                             "-newer", "-anewer", "-cnewer", "-mtime", "-mmin", "-ctime", "-cmin", "-atime", "-amin",
                             "-size", "-user", "-group", "-uid", "-gid", "-perm", "-empty", "-links", "-inum",
                             "-samefile", "-lname", "-ilname", "-newermt", "-newerct", "-used", "-nouser", "-nogroup",
                             "-context", "-fstype"})


_ALL_POSITIONAL = frozenset({"$@", "${@}", "$*", "${*}"})
_FOREIGN_SHELLS = frozenset({"fish", "nu", "elvish", "xonsh", "ion", "murex", "ysh", "oil"})
_PWSH_DELETE = frozenset({"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "rimraf"})


_DSL_TOOLS = frozenset({
    "guile", "racket", "bb", "clojure", "clj", "erb", "m4", "dc", "bc", "ed", "gnuplot", "sqlite3", "psql", "mysql",
    "mariadb", "ftp", "lftp", "less", "more", "man", "octave", "r", "scala", "groovysh", "jshell", "elixir", "iex",
    "erl", "escript", "ghc", "ghci", "runghc", "ocaml", "swift", "crystal", "nim", "xonsh", "nu", "elvish", "ysh",
    "osh", "oil", "ion", "tclsh8", "jrunscript", "jjs", "rhino", "sbcl", "clisp", "ecl", "chicken", "csi", "gawk-x",
    "redis-cli", "mongo", "mongosh", "cqlsh", "vault", "expect", "smbclient", "sftp", "tftp", "perl6", "raku",
    "cpan", "cpanp", "pry", "gdb", "gdb-multiarch", "cgdb", "lldb", "stack", "cabal", "utop", "rlwrap", "bpython",
    "ptpython", "ipython",
})
# of those, the ones whose standard input is a program that can run shell commands
_DSL_STDIN_PROGRAMS = frozenset({"ed", "ex", "dc", "m4", "sqlite3", "psql", "mysql", "mariadb", "ftp", "lftp", "sftp",
                                 "gnuplot", "guile", "racket", "erb", "expect", "smbclient", "xonsh", "nu", "elvish",
                                 "ysh", "osh", "oil", "ion", "jrunscript", "sbcl", "clisp", "cpan", "cpanp", "pry",
                                 "ghci", "gdb", "gdb-multiarch", "cgdb", "lldb", "utop", "ocaml", "bpython", "ptpython",
                                 "ipython", "jshell", "groovysh", "scala", "erl", "iex", "csi"})
_DSL_EXEC = ("system", "shell", "popen", "spawn", "exec", "`", "process", "run-program", "subprocess", "os.cmd")


# Programs whose arguments are data (names, patterns, text, files to act on), or whose
# nested command is already read elsewhere: no nested reading of their arguments.
_EMBEDDED_DOWNLOADER = lazy(r"(?<![\w.-])(?:curl|wget|fetch|aria2c|xh|https?|nc|ncat|socat|lwp-request)\s")
_EMBEDDED_PIPELINE = lazy(
    r"(?<![\w.-])(?:curl|wget|fetch|aria2c|xh|https?|nc|ncat|socat|lwp-request)\s[^\"'`\n|]{0,2048}\|[^\"'`\n]{0,2048}")
_CODE_READ_FAMILIES = frozenset({"python", "node", "perl", "ruby", "php", "lua", "awk", "pwsh"})
# programs whose arguments are text, patterns or file names, never code they run
_DATA_ARGUMENTS = frozenset({
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep", "sed", "gsed", "awk", "gawk", "mawk",
    "man", "info", "tldr", "help", "whatis", "apropos", "git", "gh", "glab", "jq", "yq", "gojq", "cat", "less", "more",
    "head", "tail", "sort", "uniq", "wc", "diff", "cmp", "test", "[", "[[", "expr", "let", "read", "touch", "ls",
    "mkdir", "cp", "mv", "rm", "tee", "basename", "dirname", "realpath", "readlink", "stat", "file", "notify-send",
    "logger", "say", "figlet", "cowsay", "banner", "column", "tr", "cut", "sd", "perl-rename", "rename", "comby",
    "ast-grep", "sg", "semgrep", "codeql", "ripgrep", "ugrep", "pt", "fzf", "xclip", "xsel", "pbcopy", "wl-copy",
})
_NO_NESTED = frozenset({
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "man", "info", "tldr", "help", "whatis", "apropos",
    "which", "whereis", "type", "hash", "alias", "unalias", "complete", "compgen", "command", "builtin", "declare",
    "export", "local", "readonly", "typeset", "unset", "set", "pgrep", "pkill", "killall", "pidof", "git", "find",
    "xargs", "parallel", "docker", "podman", "nerdctl", "kubectl", "oc", "ssh", "autossh", "mosh", "scp", "sftp",
    "rsync", "tmux", "screen", "test", "[", "[[", "expr", "let", "jq", "yq", "sed", "gsed", "awk", "gawk", "sort",
    "uniq", "cut", "tr", "head", "tail", "cat", "tac", "less", "more", "ls", "stat", "file", "wc", "du", "df",
    "basename", "dirname", "realpath", "readlink", "touch", "mkdir", "rm", "rmdir", "cp", "mv", "ln", "install",
    "chmod", "chown", "chgrp", "tar", "zip", "unzip", "diff", "cmp", "comm", "apt", "apt-get", "apt-cache", "dpkg",
    "brew", "dnf", "yum", "pacman", "zypper", "apk", "snap", "flatpak", "pip", "pip3", "pipx", "npm", "pnpm", "yarn",
    "cargo", "go", "gem", "conda", "mamba", "uv", "poetry", "pdm", "systemctl", "service", "journalctl", "gh",
    "curl", "wget", "http", "https", "cd", "pushd", "popd", "source", ".", "eval", "exec", "trap", "watch", "entr",
    "nix", "nix-shell", "direnv", "start-stop-daemon", "su", "sg", "script", "bwrap", "systemd-nspawn", "nsjail",
    "minijail0", "sandbox-exec", "busybox", "toybox", "time", "kill", "wait", "jobs", "fg", "bg", "disown",
    "read", "mapfile", "shift", "return", "exit", "getopts", "printenv", "env", "tee", "dd", "ldd", "nm", "objdump",
    "getent", "finger", "pinky", "lslogins",
    "strings", "hexdump", "xxd", "od", "base64", "md5sum", "sha256sum", "sha1sum", "shasum", "cksum", "column",
    "fmt", "fold", "nl", "paste", "join", "split", "csplit", "seq", "yes", "sleep", "date", "cal", "bc", "dc",
    "update-alternatives", "chsh", "whoami", "id", "groups", "uname", "hostname", "ps", "top", "htop", "lsof",
    "cmake", "make", "gmake", "ansible", "emacs", "emacsclient", "zmodload", "mount", "umount", "crontab",
    # they run their command on another machine or in a container, not here
    "docker-compose", "podman-compose", "lxc", "incus", "vagrant", "multipass", "heroku", "fly", "flyctl",
    "gcloud", "az", "aws", "helm", "minikube", "kind", "k3d", "limactl", "colima", "orb", "orbctl",
})
# Programs a nested reading looks for: what the rules know as dangerous or as running code.
# Shell builtins (eval, exec, source, .) are not here: a program cannot start them, so
# `tool eval x.json` is the tool's subcommand, never the shell's eval.
_NESTED_PROGRAMS = frozenset({
    "rm", "rmdir", "unlink", "shred", "srm", "wipe", "scrub", "dd", "mkfs", "wipefs", "sfdisk", "fdisk", "parted",
    "blkdiscard", "chmod", "chown", "chgrp", "chattr", "truncate", "mv", "cp", "ln", "tee", "install", "rsync",
    "kill", "pkill", "killall", "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp",
    "git", "crontab", "systemctl", "launchctl", "shutdown", "reboot", "poweroff", "halt", "init", "sudo", "su",
    "doas", "env", "xargs", "find", "base64", "openssl", "gpg", "security", "cat",
    "zip", "tar", "sqlite3", "psql", "mysql", "docker", "kubectl", "terraform", "aws", "gcloud", "az", "npm",
    "npx", "pip", "pip3", "uv", "uvx", "pipx", "make", "claude", "claude-rego", "sed", "perl", "awk", "gawk",
    "mount", "umount", "iptables", "nft", "ufw", "userdel", "usermod", "passwd", "chpasswd", "visudo",
}) | _SHELLS | _INTERPRETERS | frozenset(k for k in ("mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat"))


_COMPILED_RUNNERS = frozenset({"go", "java", "javac", "swift", "swiftc", "kotlin", "kotlinc", "scala", "scala-cli", "jbang",
                               "rustc", "cargo", "rust-script", "gcc", "g++", "cc", "clang", "clang++", "tcc", "zig",
                               "dotnet", "dotnet-script", "csi", "fsi", "dart", "nim", "crystal", "v", "ghc", "runghc",
                               "runhaskell", "stack", "ocaml", "elixir", "groovy", "mono", "mcs", "csc"})
_SOURCE_EXTENSIONS = frozenset({"go", "java", "swift", "kt", "kts", "scala", "sc", "rs", "c", "cc", "cpp", "cxx", "zig",
                                "cs", "csx", "fs", "fsx", "dart", "nim", "cr", "v", "hs", "ml", "ex", "exs", "groovy"})

# Programs that run their arguments, or an option's value, as a command (a shell command
# string, or argv words after `--`). Each entry: options whose value is a command (mapped
# to a prefix the program puts before it: cargo watch -x run → `cargo run`), options that
# take a value (with how many words), and what the positional operands are: "each" (every
# operand is a command), "join" (the operands are one command: one word is a shell string,
# several are argv), "last" (the last operand) or "" (none). A key "prog sub" names a
# subcommand (`cargo watch`).
_COMMAND_STRINGS: dict[str, tuple[dict[str, str], dict[str, int], str]] = {
    "nodemon": ({"--exec": "", "-x": ""}, {"-w": 1, "--watch": 1, "-e": 1, "--ext": 1, "-i": 1, "--ignore": 1,
                                           "-d": 1, "--delay": 1, "--signal": 1, "--config": 1}, ""),
    "concurrently": ({}, {"-n": 1, "--names": 1, "-c": 1, "--prefix-colors": 1, "-p": 1, "--prefix": 1,
                          "-s": 1, "--success": 1, "--restart-tries": 1, "--restart-after": 1, "-m": 1,
                          "--max-processes": 1, "--name-separator": 1, "-l": 1, "--prefix-length": 1, "-t": 1,
                          "--timestamp-format": 1, "--default-input-target": 1, "--hide": 1}, "each"),
    "hyperfine": ({"-p": "", "--prepare": "", "-s": "", "--setup": "", "-c": "", "--cleanup": "", "--conclude": "",
                   "--reference": ""},
                  {"-w": 1, "--warmup": 1, "-m": 1, "--min-runs": 1, "-M": 1, "--max-runs": 1, "-r": 1, "--runs": 1,
                   "-S": 1, "--shell": 1, "--style": 1, "-u": 1, "--time-unit": 1, "--export-asciidoc": 1,
                   "--export-csv": 1, "--export-json": 1, "--export-markdown": 1, "--export-orgmode": 1, "-n": 1,
                   "--command-name": 1, "--output": 1, "--input": 1, "--sort": 1, "-L": 2, "--parameter-list": 2,
                   "-P": 3, "--parameter-scan": 3, "-D": 1, "--parameter-step-size": 1}, "each"),
    "watchexec": ({}, {"-w": 1, "--watch": 1, "-W": 1, "--watch-non-recursive": 1, "-e": 1, "--exts": 1, "-f": 1,
                       "--filter": 1, "-i": 1, "--ignore": 1, "-d": 1, "--debounce": 1, "--delay-run": 1, "-s": 1,
                       "--signal": 1, "--stop-signal": 1, "--stop-timeout": 1, "--shell": 1, "-E": 1, "--env": 1,
                       "--workdir": 1, "--project-origin": 1, "--filter-file": 1, "--ignore-file": 1, "-j": 1,
                       "--filter-prog": 1, "--emit-events-to": 1, "--on-busy-update": 1, "--log-file": 1,
                       "--poll": 1, "--color": 1, "--timeout": 1}, "join"),
    "chokidar": ({"-c": "", "--command": ""}, {"-d": 1, "--debounce": 1, "-t": 1, "--throttle": 1, "-i": 1,
                                               "--ignore": 1, "--polling-interval": 1}, ""),
    "watchman-make": ({"--run": "", "--make": ""}, {"-p": 1, "--pattern": 1, "-t": 1, "--target": 1, "--root": 1,
                                                   "-s": 1, "--settle": 1}, ""),
    "tsc-watch": ({"--onSuccess": "", "--onFailure": "", "--onFirstSuccess": "", "--onEmit": "",
                   "--onCompilationStarted": "", "--onCompilationComplete": ""},
                  {"-p": 1, "--project": 1, "--compiler": 1}, ""),
    "ghcid": ({"-c": "", "--command": ""}, {"--target": 1, "-o": 1, "--outputfile": 1, "--restart": 1,
                                            "--reload": 1, "-C": 1, "--directory": 1, "-T": 1, "--test": 1}, ""),
    "gotestsum": ({"--post-run-command": ""}, {"-f": 1, "--format": 1, "--jsonfile": 1, "--junitfile": 1,
                                               "--packages": 1, "--rerun-fails": 1}, ""),
    "air": ({"--build.cmd": "", "--build.bin": "", "--build.full_bin": "", "--build.pre_cmd": "",
             "--build.post_cmd": ""}, {"-c": 1}, ""),
    "start-server-and-test": ({}, {}, "each"),
    "cargo watch": ({"-s": "", "--shell": "", "-x": "cargo ", "--exec": "cargo "},
                    {"-w": 1, "--watch": 1, "-i": 1, "--ignore": 1, "-d": 1, "--delay": 1, "-C": 1,
                     "--workdir": 1, "--use-shell": 1, "-B": 1, "-L": 1, "--features": 1}, ""),
    "scl enable": ({}, {}, "last"),
    "scl run": ({}, {}, "last"),
    "scl load": ({}, {}, "last"),
    "sops exec-env": ({}, {}, "last"),
    "sops exec-file": ({}, {}, "last"),
    "devbox run": ({}, {"-c": 1, "--config": 1, "-e": 1, "--env": 1, "--env-file": 1}, "join"),
    "mise exec": ({"-c": "", "--command": ""}, {"-C": 1, "--cd": 1, "-j": 1, "--jobs": 1}, ""),
    "mise x": ({"-c": "", "--command": ""}, {"-C": 1, "--cd": 1, "-j": 1, "--jobs": 1}, ""),
    "lerna exec": ({}, {"--scope": 1, "--ignore": 1, "--concurrency": 1}, "join"),
    "nx exec": ({}, {"--projects": 1, "-p": 1, "--exclude": 1}, "join"),
    # moreutils: pee runs each operand as a shell command fed the same input, mispipe two
    "pee": ({}, {}, "each"),
    "mispipe": ({}, {}, "each"),
    # watchers and schedulers whose operand or option value is the command they run
    "watchfiles": ({}, {"--filter": 1, "--ignore-paths": 1, "--target-type": 1, "--args": 1, "--grace-period": 1,
                        "--sigint-timeout": 1, "--sigkill-timeout": 1}, "first"),
    "watchmedo shell-command": ({"-c": "", "--command": ""}, {"-p": 1, "--patterns": 1, "-i": 1,
                                                               "--ignore-patterns": 1, "-w": 1, "--wait": 1,
                                                               "--interval": 1, "--timeout": 1}, ""),
    "watchmedo auto-restart": ({}, {"-d": 1, "--directory": 1, "-p": 1, "--patterns": 1, "-i": 1,
                                    "--ignore-patterns": 1, "--signal": 1, "--kill-after": 1, "--interval": 1,
                                    "--debounce-interval": 1}, "join"),
    "when-changed": ({"-c": "", "--command": ""}, {}, ""),
    "onchange": ({}, {"-i": 0, "-k": 0, "-d": 1, "--delay": 1, "-e": 1, "--exclude": 1, "-j": 1, "--jobs": 1,
                      "-p": 1, "--poll": 1, "--outpath": 1, "--filter": 1}, ""),
    "reflex": ({}, {"-r": 1, "--regex": 1, "-g": 1, "--glob": 1, "-R": 1, "--inverse-regex": 1, "-G": 1,
                    "--inverse-glob": 1, "-c": 1, "--config": 1, "-d": 1, "--decoration": 1}, ""),
    "pueue add": ({}, {"-d": 1, "--delay": 1, "-w": 1, "--working-directory": 1, "-g": 1, "--group": 1,
                       "-a": 1, "--after": 1, "-o": 1, "--priority": 1, "-l": 1, "--label": 1}, "join"),
    "loop": ({}, {"-e": 1, "--every": 1, "-d": 1, "--duration": 1, "-c": 1, "--count-by": 1, "-o": 1, "--offset": 1,
                  "-n": 1, "--num": 1, "-u": 1, "--until-contains": 1, "--until-changes": 0, "--until-match": 1,
                  "-i": 1, "--input": 1, "--for": 1, "--until-time": 1, "--until-error": 0,
                  "--until-success": 0}, "first"),
    "dtach": ({}, {"-e": 1, "-r": 1}, "tail"),
    "abduco": ({}, {"-e": 1}, "tail"),
}
# terminal emulators: `xterm -e CMD ARGS…` runs the words after -e (-x for some)
_TERMINALS = {"xterm": "-e", "uxterm": "-e", "urxvt": "-e", "rxvt": "-e", "konsole": "-e", "alacritty": "-e",
              "x-terminal-emulator": "-e", "st": "-e", "xfce4-terminal": "-x", "terminator": "-x",
              "lxterminal": "-e", "mate-terminal": "-x", "tilix": "-e", "gnome-terminal": "--", "kitty": "",
              "foot": "", "wezterm": "--"}
