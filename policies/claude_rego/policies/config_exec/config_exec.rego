# METADATA
# title: Execution through tools' own configuration
# description: >-
#   Asks before a command makes a tool run a program later through its configuration:
#   git exec keys set with `git -c`, `git config` or GIT_CONFIG_* (core.fsmonitor,
#   core.sshCommand, core.pager/editor, core.hooksPath, `!` aliases, filter/diff/merge
#   drivers, credential helpers, gpg.program, include.path, …), git options that name a
#   program (--upload-pack, --receive-pack, --exec, --template, difftool --extcmd),
#   npm/pnpm/yarn `config set script-shell`, environment variables a program runs
#   (PROMPT_COMMAND, BASH_ENV, ENV, GIT_SSH_COMMAND, PAGER, EDITOR, LESSOPEN,
#   NODE_OPTIONS, PERL5OPT, …) and writes into .git/hooks. A plain pager or editor
#   (`PAGER=less`, `core.editor vim`) stays allowed.
# custom:
#   severity: high
#   rationale: >-
#     These settings are code: git runs core.fsmonitor on every status, an alias
#     starting with `!` is a shell command, a hook runs on the next commit. An agent (or
#     a prompt injection) that sets one gets code executed later, outside any review,
#     and walks around rules that look at the command itself (a force-push hidden in an
#     alias). The value is also parsed as a nested command, so a destructive or
#     remote-code value is denied by the other policies.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.config_exec

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

# settings whose value is a program to run in place of a pager/editor/ssh: harmless
# when it is one of these, with no shell syntax
_program_keys := {
	"core.pager", "core.editor", "sequence.editor", "core.sshcommand", "pager", "editor", "visual", "git_pager",
	"git_editor", "git_sequence_editor", "manpager", "systemd_pager", "git_ssh_command", "git_ssh", "fcedit",
	"diff.tool", "merge.tool", "gpg.program", "gpg.openpgp.program", "gpg.ssh.program", "gpg.x509.program",
	"core.askpass", "git_askpass", "ssh_askpass", "sudo_askpass", "rsync_rsh", "cvs_rsh", "svn_ssh", "svn_editor",
	"hgeditor", "rustc_wrapper", "rustc_workspace_wrapper", "cargo_build_rustc_wrapper",
	"cargo_build_rustc_workspace_wrapper", "browser", "cli_pager",
}

_harmless_programs := {
	"cat", "less", "more", "most", "bat", "batcat", "delta", "diff-so-fancy", "vim", "vi", "nvim", "nano", "emacs",
	"emacsclient", "code", "code-insiders", "subl", "mate", "micro", "ssh", "true", "meld", "kdiff3", "vimdiff",
	"opendiff", "nvimdiff", "idea", "zed", "hx", "kak", "gedit", "kate", "ed", "ex", "pico", "joe", "mcedit",
	"cursor", "windsurf", "firefox", "google-chrome", "chromium", "chromium-browser", "brave-browser",
	"microsoft-edge", "open", "xdg-open", "wslview", "sensible-browser", "w3m", "lynx", "gpg", "gpg2", "gpgsm", "ssh-keygen", "ssh-askpass", "ksshaskpass", "lxqt-openssh-askpass",
	"ssh-askpass-gnome", "x11-ssh-askpass", "gnome-ssh-askpass", "sccache", "cachepot",
	# no-ops: `GIT_SEQUENCE_EDITOR=: git rebase -i --autosquash`, `GIT_EDITOR=true`, `EDITOR=false`
	":", "false",
}

# BROWSER: create-react-app's and webpack-dev-server's `BROWSER=none` opens nothing; a
# browser by its bare name opens the URL
_browser_values := {
	"none", ":", "true", "false", "echo", "firefox", "chromium", "chromium-browser", "google-chrome",
	"google-chrome-stable", "brave-browser", "microsoft-edge", "safari", "open", "xdg-open", "w3m", "lynx",
}

_harmless(e) if {
	lower(e.key) == "browser"
	is_string(e.value)
	regex.match(`^[A-Za-z0-9_./ =~@:+,-]*$`, e.value)
	words := [w | some w in split(trim_space(e.value), " "); w != ""]
	count(words) > 0
	lower(shell.basename(words[0])) in _browser_values
	_system_program(words[0])
}

# Build tools run CC, CXX, LD, AR, CPP, MAKE, … as the compiler, linker, archiver or
# sub-make. A toolchain program by its bare name (`CC=clang`, `CC=gcc-12`,
# `CC=aarch64-linux-gnu-gcc`, `CC="ccache gcc"`, `CC="gcc -m32"`) is harmless; a shell,
# another program, shell syntax or an option that runs or loads a program (`-wrapper`,
# `-fplugin`, `-B`, `-specs`) asks, and the value is parsed as a command as well.
_toolchain_keys := {
	"cc", "cxx", "ld", "ar", "cpp", "make", "ranlib", "as", "nm", "strip", "objcopy", "fc", "f77", "hostcc",
	"cc_for_build", "cxx_for_build", "pkg_config",
}

_toolchain_wrappers := {"ccache", "sccache", "distcc", "icecc", "buildcache"}

_harmless(e) if {
	lower(e.key) in _toolchain_keys
	is_string(e.value)
	regex.match(`^[A-Za-z0-9_./ =~@:+,-]*$`, e.value)
	words := [w | some w in split(trim_space(e.value), " "); w != ""]
	count(words) > 0
	start := _toolchain_start(words)
	_toolchain_program(words[start])
	every w in array.slice(words, start + 1, count(words)) {
		_toolchain_flag(w)
	}
}

_toolchain_start(words) := 1 if {
	count(words) > 1
	words[0] in _toolchain_wrappers
} else := 0

_toolchain_program(word) if {
	_system_program(word)
	regex.match(`^([a-z0-9_]+-)*(cc|c\+\+|gcc|g\+\+|clang|clang\+\+|clang-cl|cpp|clang-cpp|ld|ld\.lld|ld\.gold|ld\.bfd|lld|mold|ar|llvm-ar|ranlib|llvm-ranlib|as|llvm-as|nm|llvm-nm|strip|llvm-strip|objcopy|llvm-objcopy|gfortran|f77|f95|icc|icpc|icx|icpx|tcc|zig|emcc|em\+\+|nvcc|make|gmake|bmake|pkg-config|pkgconf)(-[0-9][0-9.]*)?$`, shell.basename(word))
}

# `zig cc`, and compiler flags (`-m32`, `-std=c11`, `-O2`): not an option that runs or
# loads another program
_toolchain_flag(w) if w == "cc"

_toolchain_flag(w) if w == "c++"

_toolchain_flag(w) if {
	startswith(w, "-")
	not regex.match(`^-(-?wrapper|fplugin|B|-?specs|Xclang|-?load|-?plugin|fuse-ld=/|-ld-path|-sysroot|isysroot|-gcc-toolchain|-gcc-install-dir|no-canonical-prefixes)`, w)
}

ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_config_exec
	some e in seg.config_exec
	not _harmless(e)
	not _transport_key(e)
	not _project_hooks_dir(seg, e)
	e.tool != "gcloud"
	not _root_or_options_key(e)
	msg := sprintf("`%s` sets %s `%s` to `%s`: %s runs that program later, outside this review. Approve only if you trust it.", [concat(" ", seg.argv), _what(e), e.key, e.value, _who(e)])
}

# `git config core.hooksPath .githooks` (the repository's own hooks directory, as husky and
# lefthook set it): the hooks are project scripts, run later like `bash scripts/x.sh`. Not
# with --global/--system/--file (a relative path then names a directory in every repository
# git works in, a cloned one's included), `git -c`, an environment variable, `..`, or a
# path outside the project.
_project_hooks_dir(seg, e) if {
	e.tool == "git"
	lower(e.key) == "core.hookspath"
	shell.name(seg) == "git"
	args := shell.args(seg)
	"config" in args
	not _other_scope(args)
	regex.match(`^[A-Za-z0-9_.][A-Za-z0-9_./-]*$`, e.value)
	not ".." in split(e.value, "/")
}

_other_scope(args) if {
	some a in args
	a in {"--global", "--system", "--file", "-f", "--worktree", "--blob"}
}

_other_scope(args) if {
	some a in args
	startswith(a, "--file=")
}

# protocol.allow / protocol.ext.allow name no program: they let git use the ext:: transport,
# which runs the command a remote or submodule URL names
ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_config_exec
	some e in seg.config_exec
	_transport_key(e)
	lower(e.value) != "never"
	msg := sprintf("`%s` sets the setting `%s` to `%s`: git may then run the command an `ext::` remote or submodule URL names, outside this review. Approve only if you trust every URL it fetches.", [concat(" ", seg.argv), e.key, e.value])
}

# gcloud config set auth/credential_file_override F, auth/token_host H, core/custom_ca_certs_file
# F, proxy/address H, api_endpoint_overrides/…, component_manager/snapshot_url U: gcloud then
# takes its credentials, trusted certificates, proxy, API endpoints or components from
# there (every later call can be redirected or read). auth/impersonate_service_account and
# switching a setting off pass.
ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_config_exec
	some e in seg.config_exec
	e.tool == "gcloud"
	not _gcloud_harmless(e)
	msg := sprintf("`%s` sets gcloud's `%s` to `%s`: every later gcloud call takes its credentials, certificates, proxy, endpoints or components from there. Approve only if you trust it.", [concat(" ", seg.argv), e.key, e.value])
}

_gcloud_harmless(e) if e.key in {"auth/impersonate_service_account", "auth/disable_credentials", "proxy/type", "component_manager/disable_update_check", "component_manager/fixed_sdk_version", "context_aware/use_client_certificate"}

_gcloud_harmless(e) if lower(e.value) in {"", "false", "0", "no", "off"}

_transport_key(e) if {
	e.tool == "git"
	lower(e.key) in {"protocol.allow", "protocol.ext.allow"}
}

# a prompt string whose substitutions only print the time, the host, the user or the branch
# (`PS4='+ $(date +%s.%N) '`, `PS1='$(git branch --show-current)> '`); they are also parsed and
# judged as commands, so the ask is kept for what the shell rules cannot read
_harmless(e) if {
	e.tool == "env"
	e.key in {"PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "RPS1", "PROMPT2", "PROMPT4"}
	is_string(e.value)
	regex.match(`^([^$\x60]|\$[A-Za-z_{]|\$\((date|hostname|whoami|id|basename|pwd|tput|printf|echo|git (rev-parse|branch|symbolic-ref|describe))( [^()$\x60|;&<>]*)?\))*$`, e.value)
}

_what(e) := "the environment variable" if e.tool == "env" else := "the setting"

_who(e) := "the shell or the programs it starts" if e.tool == "env" else := e.tool

_harmless(e) if {
	_program_key(lower(e.key))
	is_string(e.value)
	regex.match(`^[A-Za-z0-9_./ =~@:+,-]*$`, e.value)
	words := [w | some w in split(trim_space(e.value), " "); w != ""]
	count(words) > 0
	lower(shell.basename(words[0])) in _harmless_programs
	_system_program(words[0])
}

# a known program by its bare name (looked up on PATH) or at a system location; the same
# name elsewhere (`/tmp/.x/gpg`, `./ssh`, `~/bin/less`) is a file anyone could have written
_system_program(word) if not contains(word, "/")

_system_program(word) if {
	some dir in {"/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/usr/sbin/", "/sbin/", "/usr/libexec/", "/opt/local/bin/"}
	startswith(word, dir)
	not contains(trim_prefix(word, dir), "/")
}

# an empty pager/editor/browser: none at all (`aws configure set cli_pager ""`)
_harmless(e) if {
	_program_key(lower(e.key))
	e.value == ""
}

# the standard credential plugins of kubectl (exec-command / cmd-path) and aws
# (credential_process), by their bare name or at a system location: gke-gcloud-auth-plugin,
# aws-iam-authenticator, kubelogin, `aws eks get-token`, aws-vault, granted, …; a path
# elsewhere or another program asks
_harmless(e) if {
	e.tool in {"kubectl", "oc", "aws"}
	e.key in {"exec-command", "cmd-path", "credential_process"}
	is_string(e.value)
	regex.match(`^[A-Za-z0-9_./ =~@:+,-]*$`, e.value)
	words := [w | some w in split(trim_space(e.value), " "); w != ""]
	count(words) > 0
	lower(shell.basename(words[0])) in _credential_plugins
	_system_program(words[0])
}

_credential_plugins := {
	"gke-gcloud-auth-plugin", "aws-iam-authenticator", "kubelogin", "kubectl-oidc_login", "kubectl-oidc-login",
	"kubectl", "oc", "aws", "gcloud", "az", "doctl", "oci", "ibmcloud", "tsh", "pinniped", "teleport", "rancher",
	"aws-vault", "aws-sso-util", "granted", "assume", "saml2aws", "aws_signing_helper", "gimme-aws-creds", "aws-okta",
	"okta-aws-cli", "leapp", "awsume", "op", "1password",
}

# npm/pnpm/yarn script-shell set to a system shell by name (`npm config set script-shell bash`)
_harmless(e) if {
	e.tool in {"npm", "pnpm", "yarn", "bun"}
	lower(e.key) in {"script-shell", "shell"}
	is_string(e.value)
	lower(shell.basename(e.value)) in {"bash", "sh", "zsh", "dash", "fish", "pwsh", "powershell", "cmd", "cmd.exe", "bash.exe", "pwsh.exe", "powershell.exe"}
	_system_program(e.value)
}

# credential.helper NAME runs git's own helper git-credential-NAME (store, cache, the OS
# keychains); a path, a `!` shell snippet or another name asks
_harmless(e) if {
	startswith(lower(e.key), "credential.")
	endswith(lower(e.key), ".helper")
	is_string(e.value)
	regex.match(`^[A-Za-z0-9_./ =~@:+,-]*$`, e.value)
	words := [w | some w in split(trim_space(e.value), " "); w != ""]
	count(words) > 0
	words[0] in {"store", "cache", "osxkeychain", "manager", "manager-core", "libsecret", "wincred", "gnome-keyring", "oauth", "netrc"}
	not _exposed_credential_file(words)
}

# `store --file F` / `cache --socket F` writes the plain-text credentials (or the cache's
# socket) where others can read them: a temporary or shared directory, or a relative path
# (the working tree, where they may be committed). The home directory is the helper's own place.
_exposed_credential_file(words) if {
	some i, w in words
	w in {"--file", "--socket"}
	_exposed_place(_next_word(words, i))
}

_exposed_credential_file(words) if {
	some w in words
	some opt in ["--file=", "--socket="]
	startswith(w, opt)
	_exposed_place(substring(w, count(opt), -1))
}

_next_word(words, i) := words[i + 1] if i + 1 < count(words) else := ""

_exposed_place(f) if not regex.match(`^(~|\$HOME|\$\{HOME\})/`, f)

# sendemail.smtpServer is a program only when it is a path; a host name is a server
_harmless(e) if {
	endswith(lower(e.key), "smtpserver")
	is_string(e.value)
	regex.match(`^[A-Za-z0-9][A-Za-z0-9.-]*$`, e.value)
}

# Option variables of runtimes (NODE_OPTIONS, RUBYOPT, PERL5OPT, JAVA_TOOL_OPTIONS)
# are judged by value: they load code only through some options (node -r/--require/
# --import/--loader/--inspect, ruby -r, perl -M/-d, java -javaagent/-agentpath). A value
# made only of known tuning flags (heap size, warnings, traces, source maps) is harmless;
# any other word asks, as before.
_option_vars := {
	"node_options": `^--(max-old-space-size|max-semi-space-size|stack-size|stack-trace-limit|enable-source-maps|no-warnings|no-deprecation|throw-deprecation|pending-deprecation|trace-warnings|trace-deprecation|trace-uncaught|trace-exit|trace-sync-io|trace-gc|unhandled-rejections|openssl-legacy-provider|dns-result-order|max-http-header-size|use-openssl-ca|use-bundled-ca|preserve-symlinks|preserve-symlinks-main|disable-warning|experimental-vm-modules|experimental-specifier-resolution|experimental-json-modules|experimental-wasm-modules|experimental-fetch|no-experimental-fetch|heapsnapshot-near-heap-limit|heapsnapshot-signal|report-on-signal|report-uncaught-exception|report-on-fatalerror|abort-on-uncaught-exception|zero-fill-buffers|v8-pool-size|title|icu-data-dir|conditions|max-old-space-size-percentage|network-family-autoselection-attempt-timeout|no-network-family-autoselection|force-fips|tls-min-v1\.[0-3]|tls-max-v1\.[23])(=[A-Za-z0-9_.,:-]*)?$`,
	"rubyopt": `^(-W[0-2]?|-W:(no-)?(deprecated|experimental|performance|strict_unused_block)|-w|--jit|--yjit|--disable-gems|--disable=gems|--enable=frozen-string-literal|--enable-frozen-string-literal|--disable-frozen-string-literal|-E[A-Za-z0-9:_-]+|--encoding=[A-Za-z0-9:_-]+)$`,
	"perl5opt": `^(-w|-W|-X|-C[A-Za-z0-9]*|-T|-t)$`,
	"java_tool_options": `^(-Xm[sxn][0-9]+[kKmMgG]?|-Xss[0-9]+[kKmMgG]?|-XX:[+-]?([A-NP-Za-z0-9][A-Za-z0-9]*|O([A-Za-mo-z0-9][A-Za-z0-9]*)?)(=[A-Za-z0-9._%-]*)?|-Dfile\.encoding=[A-Za-z0-9_-]+|-Duser\.(timezone|language|country)=[A-Za-z0-9_/+-]+|-Djava\.awt\.headless=(true|false)|-ea|-da|-server|-client)$`,
	"_java_options": `^(-Xm[sxn][0-9]+[kKmMgG]?|-Xss[0-9]+[kKmMgG]?|-XX:[+-]?([A-NP-Za-z0-9][A-Za-z0-9]*|O([A-Za-mo-z0-9][A-Za-z0-9]*)?)(=[A-Za-z0-9._%-]*)?|-Dfile\.encoding=[A-Za-z0-9_-]+|-Djava\.awt\.headless=(true|false))$`,
	"java_opts": _jvm_opts,
	"maven_opts": _jvm_opts,
	"gradle_opts": _jvm_opts,
	"sbt_opts": _jvm_opts,
	"ant_opts": _jvm_opts,
	"catalina_opts": _jvm_opts,
	"jdk_java_options": `^(-Xm[sxn][0-9]+[kKmMgG]?|-Xss[0-9]+[kKmMgG]?|-XX:[+-]?([A-NP-Za-z0-9][A-Za-z0-9]*|O([A-Za-mo-z0-9][A-Za-z0-9]*)?)(=[A-Za-z0-9._%-]*)?|-Dfile\.encoding=[A-Za-z0-9_-]+|-Djava\.awt\.headless=(true|false))$`,
}

# the JVM options launch scripts pass to java (JAVA_OPTS, MAVEN_OPTS, GRADLE_OPTS, …): heap and
# GC tuning, and system properties other than the JVM's own loaders (`-Dmaven.repo.local=.m2`)
_jvm_opts := `^(-Xm[sxn][0-9]+[kKmMgG]?|-Xss[0-9]+[kKmMgG]?|-XX:[+-]?([A-NP-Za-z0-9][A-Za-z0-9]*|O([A-Za-mo-z0-9][A-Za-z0-9]*)?)(=[A-Za-z0-9._%-]*)?|-D(java\.(awt\.headless|io\.tmpdir|net\.preferIPv4Stack|security\.egd)|[A-Za-ik-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*|j[b-z][A-Za-z0-9_.-]*)(=[A-Za-z0-9_./:@,+=-]*)?|-ea|-da|-server|-client|-Xshare:(auto|off|on)|-Djava\.awt\.headless=(true|false))$`

_harmless(e) if {
	# NODE_OPTIONS, and npm's own node-options setting (npm config set node-options …)
	re := _option_vars[replace(lower(e.key), "-", "_")]
	is_string(e.value)
	words := [w | some w in split(trim(e.value, " \t\"'"), " "); w != ""]
	count(words) > 0
	every w in words {
		regex.match(re, w)
	}
}

# PYTHONWARNINGS imports the module of a dotted category (action:message:category:…):
# built-in categories (DeprecationWarning) and plain actions (ignore) import nothing
_harmless(e) if {
	lower(e.key) == "pythonwarnings"
	is_string(e.value)
	every entry in split(e.value, ",") {
		not _dotted_category(split(entry, ":"))
	}
}

_dotted_category(parts) if {
	count(parts) > 2
	contains(parts[2], ".")
}

# Search paths a runtime loads code from (PYTHONPATH, NODE_PATH, RUBYLIB, PERL5LIB,
# GCONV_PATH, LD_LIBRARY_PATH, CLASSPATH, …) are harmless when every entry is the
# user's (relative, also `../lib` of a monorepo, $PWD, under the project directory) or the system's
# (/usr, /opt, /nix, /lib); an entry in /tmp, /dev/shm, ~/Downloads or anywhere else in
# the home directory asks: its modules run in place of the project's.
_loader_path_vars := {
	"pythonpath", "pythonhome", "pythonuserbase", "node_path", "rubylib", "perl5lib", "perllib", "gconv_path",
	"ld_library_path", "dyld_library_path", "dyld_framework_path", "lua_path", "lua_cpath", "classpath", "gem_path",
	"julia_load_path", "r_libs", "r_libs_user", "rubypath", "tcllibpath", "guile_load_path", "ocamlpath",
	# startup files and directories (zsh's .zshenv, R's profiles, php.ini, IPython's startup scripts)
	"zdotdir", "r_profile", "r_profile_user", "r_environ", "r_environ_user", "phprc", "php_ini_scan_dir",
	"ipythondir", "jupyter_config_dir", "julia_depot_path", "wgetrc", "psqlrc", "screenrc", "emacsloadpath",
}

_harmless(e) if {
	lower(e.key) in _loader_path_vars
	is_string(e.value)
	# (glibc's loader also splits on `;`; a relative entry or $PWD is the project only without a
	# `cd` in the command; a library downloaded in the same command is not the project's own:
	# session 31 review)
	every entry in regex.split(`[:;]`, e.value) {
		_own_or_previous(e.key, trim(entry, "\"' "))
	}
	not _relative_after_cd(e.value)
	count(object.get(input, ["facts", "effects", "network"], [])) == 0
}

_relative_after_cd(v) if {
	count(data.claude_rego.lib.shell.running({"cd", "pushd"})) > 0
	some entry in regex.split(`[:;]`, v)
	x := trim(entry, "\"' ")
	not startswith(x, "/")
}

_own_or_previous(_, x) if _own_search_entry(x)

# the variable's own previous value (`LD_LIBRARY_PATH=$PWD/build/lib:$LD_LIBRARY_PATH`): already in effect
_own_or_previous(key, x) if x in {concat("", ["$", key]), concat("", ["${", key, "}"])}

_own_search_entry(x) if x == ""

_own_search_entry(x) if {
	not startswith(x, "/")
	not startswith(x, "~")
	not contains(x, "$")
}

_own_search_entry(x) if {
	some pwd in {"$PWD", "${PWD}", "$(pwd)"}
	startswith(x, pwd)
	not ".." in split(x, "/")
}

_own_search_entry(x) if {
	some root in {input.facts.project_dir, "/usr", "/opt", "/nix", "/lib", "/lib64"}
	is_string(root)
	root != ""
	some p in {root, concat("", [root, "/"])}
	startswith(concat("", [x, "/"]), concat("", [trim_right(p, "/"), "/"]))
	not ".." in split(x, "/")
}

# GIT_DIR / GIT_WORK_TREE (also `git --git-dir=DIR`, `--work-tree=DIR`) inside the project
# (`.git`, `./sub/.git`, the project's own path): the repository git would use anyway; one
# outside it (`/tmp/evil.git`, whose config and hooks git then runs; `--work-tree=/etc`)
# asks. `$`, `~`, `..` and other roots cannot be told to stay inside.
_harmless(e) if {
	lower(e.key) in {"git_dir", "git_work_tree"}
	is_string(e.value)
	_inside_project_path(e.value)
}

_inside_project_path(v) if {
	v != ""
	not startswith(v, "/")
	not startswith(v, "~")
	not contains(v, "$")
	not contains(v, "`")
	not _dotdot(v)
	_cwd_in_project
}

_inside_project_path(v) if {
	not contains(v, "$")
	not _dotdot(v)
	p := input.facts.project_dir
	is_string(p)
	p != ""
	_under(trim_suffix(v, "/"), trim_suffix(p, "/"))
}

_under(v, p) if v == p

_under(v, p) if startswith(v, concat("", [p, "/"]))

_dotdot(v) if ".." in split(v, "/")

_cwd_in_project if {
	p := trim_suffix(input.facts.project_dir, "/")
	c := trim_suffix(input.facts.cwd, "/")
	_under(c, p)
}

_program_key(k) if k in _program_keys

_program_key(k) if startswith(k, "pager.")

# ---------------------------------------------------------------- git hooks

_hook_dirs := ["/.git/hooks/", "/.git/modules/"]

_write_ops := {">", ">>", ">|", "&>", "&>>", "<>"}

ask contains msg if {
	some p in data.claude_rego.lib.paths.written
	some l in {lower(p.absolute), lower(p.resolved)}
	some d in _hook_dirs
	contains(l, d)
	msg := sprintf("This writes the git hook `%s`: git runs it on the next commit, checkout or push, outside this review. Approve only if you wrote or read it.", [p.raw])
}

# cp hook/pre-commit .git/hooks/, mv x .git/hooks, install -m755 x .git/hooks/,
# shutil.copy('hook/pre-commit', '.git/hooks'): a copy INTO the hooks directory lands at
# .git/hooks/<name>, a hook like a write of that file. Making the directory (mkdir, touch)
# and deleting it are no hook install.
ask contains msg if {
	some w in data.claude_rego.lib.paths.write_words
	seg := data.claude_rego.lib.shell.by_id(w.seg)
	not seg.name in _hook_dir_harmless
	p := data.claude_rego.lib.paths.known_location(seg, w.word)
	some l in {lower(p.absolute), lower(p.resolved)}
	_hooks_dir(l)
	msg := sprintf("This copies, moves or unpacks files into the git hooks directory `%s`: git runs what lands there on the next commit, checkout or push, outside this review. Approve only if you wrote or read it.", [p.raw])
}

ask contains msg if {
	some p in data.claude_rego.lib.paths.written
	p.source == "tool_input"
	some l in {lower(p.absolute), lower(p.resolved)}
	_hooks_dir(l)
	msg := sprintf("This copies, moves or unpacks files into the git hooks directory `%s`: git runs what lands there on the next commit, checkout or push, outside this review. Approve only if you wrote or read it.", [p.raw])
}

_hook_dir_harmless := {"mkdir", "touch", "rm", "rmdir", "unlink", "find", "trash", "trash-put", "rimraf"}

_hooks_dir(l) if {
	is_string(l)
	some d in _hook_dirs
	endswith(concat("", [trim_right(l, "/"), "/"]), d)
}

# echo … > "$(git rev-parse --git-dir)/hooks/pre-commit": where exactly is unknown, but
# the name says hooks
ask contains msg if {
	some p in input.facts.paths
	p.unresolved
	p.source == "redirect"
	p.field in _write_ops
	regex.match(`(^|/)hooks/[^/]+$`, p.raw)
	msg := sprintf("This writes `%s`, which looks like a git hook in a directory claude-rego cannot resolve. Approve only if you know where it goes.", [p.raw])
}

# echo … > "$(git rev-parse --git-path hooks)/post-checkout": a write whose target is
# built from the git directory
ask contains msg if {
	some p in input.facts.paths
	p.unresolved
	p.source == "redirect"
	p.field in _write_ops
	some seg in segments
	seg.context == "substitution"
	seg.parent == p.segment
	shell.runs(seg, "git")
	some a in seg.args
	a in {"--git-dir", "--git-path", "--absolute-git-dir", "--git-common-dir"}
	msg := sprintf("This writes `%s` inside the git directory (hooks and config there run code on git commands). Approve only if you know what it writes.", [p.raw])
}

# gh / glab aliases that run a shell command: `gh alias set --shell NAME 'CMD'`,
# `gh alias set NAME '!CMD'`, `glab alias set NAME '!CMD'`: stored, then run by a later
# `gh NAME` outside any review (like git's `!` aliases); `gh alias import FILE` may hold
# such aliases. Aliases of the CLI's own subcommands (`gh alias set co 'pr checkout'`) pass.
ask contains msg if {
	some ran in {"gh", "glab"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	ops := [a | some a in args; not startswith(a, "-")]
	count(ops) >= 2
	ops[0] == "alias"
	_cli_shell_alias(ops, args)
	msg := sprintf("`%s` stores an alias that runs a shell command whenever `%s <alias>` is used. Approve only if intended.", [concat(" ", seg.argv), shell.name(seg)])
}

_cli_shell_alias(ops, args) if {
	ops[1] == "set"
	some a in args
	a in {"--shell", "-s", "--shell=true"}
}

_cli_shell_alias(ops, _) if {
	ops[1] == "set"
	some o in array.slice(ops, 2, count(ops))
	startswith(trim_left(o, " \t"), "!")
}

_cli_shell_alias(ops, _) if ops[1] == "import"

# ---------------------------------------------------------------- configuration roots and option variables

# Variables that move a tool's configuration root or inject its options (HOME, XDG_CONFIG_HOME,
# CARGO_HOME, PIP_CONFIG_FILE, MAKEFILES, …; MAKEFLAGS, PYTEST_ADDOPTS, MAVEN_ARGS): the tool
# then reads rc files, plugins, hooks or settings from there, and a planted one runs code
# (git's core.fsmonitor in $HOME/.gitconfig, cargo's runner in $CARGO_HOME/config.toml, pip's
# index). The project's own directories, the system's, the real home, /dev/null and a fresh
# `$(mktemp -d)` pass; so do option words without that power (`MAKEFLAGS=-j4`,
# `PYTEST_ADDOPTS='-x -p no:cacheprovider'`, `MAVEN_ARGS='-B -ntp'`). A config written in the
# same command is read as what it is (its exec keys judged like the direct spelling).
_config_root_vars := {
	"home", "xdg_config_home", "xdg_config_dirs", "curl_home", "cargo_home", "rustup_home", "pip_config_file",
	"uv_config_file", "gemrc", "yarn_rc_filename", "condarc", "goenv", "composer_home", "bundle_gemfile",
	"bundle_app_config", "tox_config_file", "pre_commit_home", "makefiles", "gradle_user_home", "poetry_config_dir",
	"ansible_config", "tf_cli_config_file", "gnupghome", "helm_plugins", "helm_config_home", "maven_home", "m2_home",
}

_option_env_vars := {"makeflags", "mflags", "gnumakeflags", "pytest_addopts", "pytest_plugins", "maven_args"}

_root_or_options_key(e) if {
	e.tool == "env"
	lower(e.key) in _config_root_vars | _option_env_vars
}

ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_config_exec
	some e in seg.config_exec
	_root_or_options_key(e)
	not _harmless(e)
	msg := sprintf("`%s` sets `%s` to `%s`: the tool then reads its configuration, plugins or options from there, and a planted file runs code. Approve only if you know what that location holds.", [_shown(seg, e), e.key, e.value])
}

_shown(seg, _) := concat(" ", seg.argv) if count(seg.argv) > 0

_shown(seg, e) := sprintf("%s=%s", [e.key, e.value]) if count(seg.argv) == 0

_harmless(e) if {
	lower(e.key) in _config_root_vars
	is_string(e.value)
	every entry in split(e.value, ":") {
		_own_root(trim(entry, "\"' "))
	}
}

_own_root(x) if _own_search_entry(x)

_own_root(x) if x in {"/dev/null", "$HOME", "${HOME}", "~"}

_own_root(x) if {
	h := data.claude_rego.lib.shell.home
	trim_suffix(x, "/") == h
}

_harmless(e) if {
	lower(e.key) in {"makeflags", "mflags", "gnumakeflags"}
	is_string(e.value)
	words := [w | some w in split(trim(e.value, " \t\"'"), " "); w != ""]
	every w in words {
		regex.match(`^(-?[ksiwqnBrRSeIt]+|-j[0-9]*|--jobs(=[0-9]+)?|[0-9]+|-l[0-9.]*|--load-average(=[0-9.]+)?|-O(target|line|recurse|none)?|--output-sync(=[a-z]+)?|--no-print-directory|--print-directory|--silent|--quiet|--keep-going|--no-builtin-rules|--no-builtin-variables|--warn-undefined-variables|--trace|--debug(=[a-z,]+)?|--no-silent|--always-make|(V|VERBOSE|DEBUG|Q)=[0-9A-Za-z]*)$`, w)
	}
}

_harmless(e) if {
	lower(e.key) == "pytest_addopts"
	is_string(e.value)
	words := [w | some w in split(trim(e.value, " \t\"'"), " "); w != ""]
	every i, w in words {
		_pytest_word_ok(words, i, w)
	}
}

_pytest_risky := `^(-p|-c|--config-file|--rootdir|--confcutdir|--import-mode|(pythonpath|addopts|required_plugins)=)`

_pytest_word_ok(_, _, w) if not regex.match(_pytest_risky, w)

_pytest_word_ok(words, i, w) if {
	w == "-p"
	startswith(words[i + 1], "no:")
}

_pytest_word_ok(_, _, w) if startswith(w, "-pno:")

_harmless(e) if {
	lower(e.key) == "maven_args"
	is_string(e.value)
	words := [w | some w in split(trim(e.value, " \t\"'"), " "); w != ""]
	every w in words {
		regex.match(`^(-B|--batch-mode|-q|--quiet|-e|--errors|-X|--debug|-U|--update-snapshots|-o|--offline|-ntp|--no-transfer-progress|-T|--threads|-T?[0-9.]+C?|--threads=[0-9.]+C?|-D[A-Za-z0-9_.-]+(=[A-Za-z0-9_./:@,+=-]*)?|-P[A-Za-z0-9_,!.-]+|-fae|--fail-at-end|-ff|--fail-fast|-fn|--fail-never|-nsu|--no-snapshot-updates|-C|--strict-checksums|-c|--lax-checksums|-V|--show-version|-am|--also-make|-amd|--also-make-dependents|-pl|--projects|[A-Za-z0-9_:.,!-]+)$`, w)
		not startswith(w, "-s")
		not startswith(w, "-gs")
		not startswith(w, "-f")
		not startswith(w, "-t")
		not startswith(w, "--settings")
		not startswith(w, "--global-settings")
		not startswith(w, "--file")
		not startswith(w, "--toolchains")
		not startswith(w, "-Dmaven.ext.class.path")
	}
}
