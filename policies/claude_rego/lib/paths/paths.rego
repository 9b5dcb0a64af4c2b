# METADATA
# title: Path helpers
# description: >-
#   Helpers over input.facts.paths shared by the default pack: which paths a call
#   touches, which of them it writes, and the secret-file patterns. Names are
#   compared NFKC-casefolded (.ENV and look-alikes match .env). Where the path facts
#   cannot be right (a `cd` earlier in the command, a $VARIABLE in the word) the
#   location is computed lexically from the parsed command instead.
package claude_rego.lib.paths

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

project := input.facts.project_dir

home := data.claude_rego.lib.shell.home

# parent(path): the directory above `path` ("/" above a top-level directory).
parent(path) := p if {
	trimmed := trim_right(path, "/")
	p := regex.replace(trimmed, `/[^/]*$`, "")
	p != ""
} else := "/"

under(path, dir) if path == dir

under(path, dir) if startswith(path, concat("", [trim_right(dir, "/"), "/"]))

# under() as a value (true or false)
is_under(path, dir) := true if under(path, dir) else := false


# ---------------------------------------------------------------- dangerous roots

system_dirs := {
	"/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/opt", "/proc", "/root",
	"/sbin", "/srv", "/sys", "/usr", "/var", "/mnt", "/media", "/snap", "/users", "/system",
	"/library", "/applications", "/volumes", "/private", "/private/etc", "/private/var", "/usr/local",
	"/usr/bin", "/usr/lib", "/usr/share", "/var/lib", "/var/log",
} | {lower(p) | some p in settings.value("protected_paths")}

# every directory from / down to `path`
ancestors(path) := {concat("", ["/", concat("/", array.slice(parts, 0, i))]) |
	parts := [x | some x in split(path, "/"); x != ""]
	some i in numbers.range(0, count(parts))
}

# deleting any of these (or all of their contents) is catastrophic: /, system
# directories, the home directory, the project root and every directory above them
dangerous_roots := ({"/"} | system_dirs) | (ancestors(lower(home)) | ancestors(lower(project)))

_or_root(x) := "/" if x == "" else := x

# a location without trailing /, /* or /.* (deleting a directory's contents), folded
stripped(l) := _or_root(regex.replace(regex.replace(lower(l), `(/\.?\*)+$`, ""), `/+$`, ""))

# in_roots(l, roots): `l` is one of `roots` (or all its contents), also as a glob (/e*)
in_roots(l, roots) if stripped(l) in roots

in_roots(l, roots) if {
	s := stripped(l)
	_has_glob(s)
	g := glob_safe(s)
	glob_fits(g)
	some r in roots
	r != "/"
	glob.match(g, ["/"], r)
}

# glob_safe(pattern): a shell glob rewritten so glob.match can never fail on it (the
# pattern comes from the command; an unclosed `[` or `{` would make glob.match raise
# and stop the whole query). Bracket expressions become `?` (one character: a superset
# of what the class matches) and every other character glob.match treats specially
# (`[ ] { } \` and NUL, its internal placeholder) becomes `?` too, so the result only
# holds literals, `*` and `?`, and matches at least every name the shell's glob would.
# Runs of three or more `*` become `**` (same matches), so a pattern's length is its
# literal content: glob_fits() then keeps patterns longer than any name or path they
# are compared with (512) away from glob.match, which compiles and caches each pattern.
glob_safe(pattern) := regex.replace(regex.replace(regex.replace(pattern, `\[[!^]?\]?[^\]/]*\]`, "?"), `[\[\]{}\\\x00]`, "?"), `\*{3,}`, "**")

glob_fits(safe) if count(safe) <= 512

# ---------------------------------------------------------------- locations

# location(seg, word): path facts for a word of shell segment `seg` (`word` already
# expanded): the parser's path facts when they apply, else a lexical location built
# here (no symlink resolution). Undefined when the location cannot be known.
location(seg, word) := _location(seg, word, _path_fact(seg, word))

# the parser's path fact for the word, null when it has none (looked up once per call:
# the branches below share it, and the lexical location is built once)
_path_fact(seg, word) := f if {
	f := shell.path_of(seg, word)
} else := null

_location(seg, word, f) := f if {
	f != null
	shell.cwd_at(seg) == input.facts.cwd
	not contains(word, "$")
} else := l if {
	l := _lexical_or_link(word, _lexical(seg, word), f)
}

# shell.lexical(seg, word), without its passes for a plain name (no /, ~, $, ` or …; not
# . or ..) in a normalized working directory: that directory, a slash and the name
_lexical(seg, word) := concat("/", [_plain_cwd, word]) if {
	_plain_word(word)
	shell.cwd_at(seg) == _plain_cwd
} else := shell.lexical(seg, word)

_plain_word(word) if {
	word != ""
	not contains(word, "/")
	not contains(word, "$")
	not contains(word, "`")
	not contains(word, "…")
	not startswith(word, "~")
	not word in {".", ".."}
}

# the working directory when shell.norm leaves it as it is (and it is not /)
_plain_cwd := c if {
	c := input.facts.cwd
	is_string(c)
	c != "/"
	shell.norm(c) == c
}

# after a cd: where the word leads through a link made earlier in the command (the facts
# layer follows the command's cds and links: `cd /tmp && ln -s ~ h && rm -rf h/`)
_lexical_or_link(word, a, f) := object.union(lexical_location(word, a), _through_command_link(f)) if {
	a != "?"
	link_in_command(f)
} else := lexical_location(word, a) if {
	a != "?"
}

# a path fact that leads through a link made earlier in the same command
link_in_command(f) if {
	is_object(f)
	object.get(f, "link_in_command", false) == true
	is_string(f.resolved)
}

_through_command_link(f) := {
	"resolved": f.resolved, "resolved_inside_project": is_under(f.resolved, project), "via_symlink": true,
	"link_in_command": true,
}

lexical_location(word, a) := loc if {
	name := shell.basename(a)
	inside := is_under(a, project)
	loc := {
		"raw": word, "absolute": a, "resolved": a, "absolute_folded": lower(a), "name": name,
		"name_folded": lower(name), "inside_project": inside, "resolved_inside_project": inside,
		"traversal": contains(word, ".."), "via_symlink": false, "source": "lexical",
	}
}

# ---------------------------------------------------------------- touched and written

# Every path the call touches. Arguments of commands that only print or list names
# (echo .env >> .gitignore) do not count; their redirects do.
# Paths from a tool's input (any tool: built-in, MCP, unknown) by what the call does
# with them (`access`, see the policy contract); tools that only list names do not read.
touched contains p if {
	some p in input.facts.paths
	p.source == "tool_input"
	object.get(p, "access", "read") != "list"
	not _listing_tool
}

# The tool only lists names. A helper rule, not `not … in settings.value(…)` inline: OPA
# moves a call nested in a `not` out of it, so without the setting nothing would be
# touched there, where the embedded engine counts every path (the protective reading)
_listing_tool if input.facts.tool.name in settings.value("listing_tools")

touched contains p if {
	some p in input.facts.paths
	p.source == "redirect"
}

touched contains p if {
	some p in input.facts.paths
	p.source == "argument"
	not p.segment in _names_only_all # (names_only written out: no call per path)
}

# Words whose path facts would be wrong or missing: $VARIABLES and paths after a `cd`.
touched contains p if {
	some seg in _lexical_segments
	not names_only(seg.id)
	some k, word in shell.args(seg)
	not k in object.get(seg, "filters", [])
	_needs_lexical(seg, word)
	p := location(seg, word)
}

# the segments with a $word or after a cd: the cheap test before looking at each word
_lexical_segments := data.claude_rego.lib.shell.with_dollar_args if {
	data.claude_rego.lib.shell._no_cd
} else := [seg | some seg in segments; _lexical_segment(seg)]

_lexical_segment(seg) if {
	some raw in shell.raw_args(seg)
	startswith(raw, "$")
}

_lexical_segment(seg) if shell.cwd_at(seg) != input.facts.cwd

touched contains p if {
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	not r.dup
	word := shell.expand(seg, r.target)
	_needs_lexical(seg, word)
	p := location(seg, word)
}

_needs_lexical(seg, word) if {
	some i, raw in shell.raw_args(seg)
	startswith(raw, "$")
	shell.args(seg)[i] == word
}

_needs_lexical(seg, word) if {
	shell.cwd_at(seg) != input.facts.cwd
	not startswith(word, "-")
}

# names_only(id): the segment only prints or lists names (echo .env >> .gitignore, ls ~/.ssh)
# (a set lookup: the segments are classified once per evaluation, in the rules below;
# rules call this once per path or segment, and a call that runs the tests costs ~30 µs)
names_only(id) if id in _names_only_all

_names_only_all := _names_only_ids | _signature_check_ids

_names_only_ids := {seg.id |
	some ran in _name_only_commands & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
}

_name_only_commands := {c | some c in settings.value("name_only_commands")}

# gpg --verify SIG [FILE], gpgv SIG FILE: a signature check prints whether (and by whom)
# the file is signed, never the contents of the signature or a key (release.tar.gz.asc is
# read as a signature, not shown); writing the signed data out (-o, --output) is a read.
_signature_check_ids contains id if {
	some ran in {"gpg", "gpg2", "gpgv", "gpgv2"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_signature_check(seg)
	not shell.has_arg(seg, {"-o", "--output", "-d", "--decrypt", "--export-secret-keys", "--export-secret-subkeys", "--export", "-a", "--armor", "--list-packets", "--dearmor", "--enarmor", "--store"})
	not shell.has_arg_prefix(seg, "--output=")
	id := seg.id
}

_signature_check(seg) if {
	shell.runs_any(seg, {"gpg", "gpg2"})
	shell.has_arg(seg, {"--verify", "--verify-files"})
}

_signature_check(seg) if shell.runs_any(seg, {"gpgv", "gpgv2"})

# restrictive_chmod(seg): chmod that only takes permissions away from group and others
# (`chmod 600 ~/.ssh/id_rsa`, `chmod -R 700 ~/.ssh`, `chmod go-rwx key`, `chmod u=rw,go= f`):
# the fix ssh asks for on an "UNPROTECTED PRIVATE KEY FILE"; it shows and opens nothing
restrictive_chmod(seg) if {
	shell.runs(seg, "chmod")
	modes := shell.mode_operands(seg)
	count(modes) >= 2
	_restrictive_mode(modes[0])
}

_restrictive_mode(m) if regex.match(`^0?[0-7]00$`, m)

_restrictive_mode(m) if {
	regex.match(`^[ugoa]*[-=][rwxXst]*(,[ugoa]*[-=][rwxXst]*)*$`, m)
	every clause in split(m, ",") {
		_restrictive_clause(clause)
	}
}

_restrictive_clause(c) if contains(c, "-")

_restrictive_clause(c) if startswith(c, "u=")

_restrictive_clause(c) if regex.match(`^[go]+=$`, c)

_write_ops := {">", ">>", ">|", "&>", "&>>", "<>", ">&"}

# write_words: {seg, word} pairs for what a shell command writes.
write_words contains entry if {
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	r.op in _write_ops
	not r.dup
	not startswith(r.target, "&")
	entry := {"seg": seg.id, "word": shell.expand(seg, r.target)}
}

write_words contains entry if {
	some ran in {"tee", "sponge", "touch", "mkdir", "truncate", "shred", "mkfifo"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	entry := {"seg": seg.id, "word": word}
}

# deletes are writes too, except of / , the home directory, system directories and the
# directories above the project: destructive_shell owns those (one reason per concern)
write_words contains entry if {
	count({"rm", "rmdir", "unlink", "srm", "wipe", "rimraf", "trash", "trash-put", "rmtrash", "del-cli"} & data.claude_rego.lib.shell.names) > 0 # (the presence test first: _deleters)
	some k in _removed_words
	not _dangerous_location(k)
	entry := {"seg": k[0], "word": k[1]}
}

# find START … -delete / -exec rm: deletes under its start directories (a -name test narrows
# what, not where), so the starts are written like rm's operands
write_words contains entry if {
	"find" in data.claude_rego.lib.shell.names
	some k in _find_deleted_words
	not _dangerous_location(k)
	not _git_dir_word(k[1]) # destructive_shell judges finds in a repository's .git
	entry := {"seg": k[0], "word": k[1]}
}

_git_dir_word(word) if shell.basename(trim_right(word, "/")) == ".git"

_git_dir_word(word) if contains(word, "/.git/")

_git_dir_word(word) if startswith(word, ".git/")

# (the absolute and resolved locations are most often the same: a set tests it once)
_dangerous_location(k) if {
	p := _deleted_locations[k]
	some l in {p.absolute, p.resolved}
	in_roots(l, dangerous_roots)
}

# known_location(seg, word): location(seg, word), read from _deleted_locations when the
# word is a delete's operand (each rule that judges a delete asks for the same words)
known_location(seg, word) := p if {
	p := _deleted_locations[[seg.id, word]]
} else := location(seg, word)

# the locations of the words a delete names (rm's operands, a deleting find's starts):
# computed once per evaluation, not once per rule that asks
_deleted_locations := {k: p |
	some k in _deleted_words
	p := location(shell.by_id(k[0]), k[1])
}

_deleted_words := _removed_words | _find_deleted_words

# [segment id, word] pairs: rm's operands, a deleting find's starts
_removed_words contains k if {
	some ran in _deleters & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	k := [seg.id, word]
}

_find_deleted_words contains k if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	shell.find_deletes(seg)
	some word in shell.find_starts(seg)
	k := [seg.id, word]
}

_deleters := {"rm", "rmdir", "unlink", "srm", "wipe", "rimraf", "trash", "trash-put", "rmtrash", "del-cli"}

write_words contains entry if {
	some ran in _copiers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	word := _destination(seg)
	entry := {"seg": seg.id, "word": word}
}

write_words contains entry if {
	"install" in data.claude_rego.lib.shell.names
	some seg in shell.running({"install"})
	shell.has_short_flag(seg, {"d"})
	some word in shell.operands(seg)
	entry := {"seg": seg.id, "word": word}
}

write_words contains entry if {
	some ran in {"chmod", "chown", "chgrp", "chattr", "setfacl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := shell.mode_operands(seg)
	some i, word in ops
	i > 0
	entry := {"seg": seg.id, "word": word}
}

write_words contains entry if {
	some ran in {"sed", "gsed", "perl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg) # (_in_place written out: no call per segment)
	startswith(a, "-")
	contains(a, "i") # (every in-place option has an i: no call for sed -e, sed -n)
	_in_place_option(ran, a)
	some word in _edited_files(seg)
	entry := {"seg": seg.id, "word": word}
}

# sed -i 's/a/b/' f: the first operand is the script unless -e/-f/--expression gave it
# (perl -pi -e 'code' f: the code is an option value, not an operand)
_edited_files(seg) := array.slice(shell.operands(seg), 1, count(shell.operands(seg))) if {
	shell.runs_any(seg, {"sed", "gsed"})
	not _script_given(seg)
} else := [w | some i, w in shell.args(seg); not startswith(w, "-"); not _after_code_option(seg, i)]

_script_given(seg) if {
	some a in shell.args(seg)
	a in {"-e", "-f", "--expression", "--file"}
}

_script_given(seg) if {
	some a in shell.args(seg)
	startswith(a, "--expression=")
}

_after_code_option(seg, i) if {
	i > 0
	prev := shell.args(seg)[i - 1]
	regex.match(`^-[A-Za-z]*[eEf]$`, prev)
}

write_words contains entry if {
	some ran in dd_family & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.args(seg)
	some key in dd_output_keys
	startswith(arg, key)
	entry := {"seg": seg.id, "word": shell.expand(seg, substring(arg, count(key), -1))}
}

# dd and the programs that take its key=value operands (dcfldd, dc3dd, sg_dd, ddpt, sdd), and the
# keys that name what they write (dc3dd's hof=/ofs=/hofs= hash or split the output, wipe=/hwipe=
# fill the device; sg_dd's of2= is a second output)
dd_family := {"dd", "dcfldd", "dc3dd", "sg_dd", "sgp_dd", "sgm_dd", "ddpt", "sdd"}

dd_output_keys := {"of=", "hof=", "ofs=", "hofs=", "wipe=", "hwipe=", "of2="}

write_words contains entry if {
	some ran in {"curl", "wget", "unzip", "aria2c"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some names in _output_options[shell.name(seg)]
	word := shell.option_value(seg, names)
	word != "-"
	entry := {"seg": seg.id, "word": shell.expand(seg, word)}
}

write_words contains entry if {
	"tar" in data.claude_rego.lib.shell.names
	some seg in shell.running({"tar"})
	_extracts(seg)
	word := shell.option_value(seg, {"-C", "--directory"})
	entry := {"seg": seg.id, "word": word}
}

write_words contains entry if {
	"git" in data.claude_rego.lib.shell.names
	some seg in _git_writing
	ops := shell.operands(seg)
	ops[0] == "clone"
	count(ops) > 2
	entry := {"seg": seg.id, "word": ops[2]}
}

# combined short flags ending in the output option: wget -qO FILE, curl -sSLo FILE
write_words contains entry if {
	some ran in {"curl", "wget"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	regex.match(_combined_output[shell.name(seg)], a)
	i + 1 < count(args)
	args[i + 1] != "-"
	entry := {"seg": seg.id, "word": args[i + 1]}
}

_combined_output := {"curl": `^-[A-Za-z]+o$`, "wget": `^-[A-Za-z]+O$`}

# git checkout/restore [REF] [--] PATHSPEC…: the named paths are overwritten with content
# from a ref or the index (`git -C DIR checkout …` too)
write_words contains entry if {
	"git" in data.claude_rego.lib.shell.names
	some seg in _git_writing
	ops := shell.operands(seg)
	some i, sub in ops
	sub in {"checkout", "restore", "checkout-index"}
	_git_sub_at(seg, i)
	some j, word in ops
	j > i
	entry := {"seg": seg.id, "word": word}
}

# the git segments with a subcommand some rule above reads as a write among their
# arguments (one arg_index lookup per subcommand, not an operand pass per git segment)
_git_writing := [seg |
	some seg in shell.running({"git"})
	seg.id in _git_writing_ids
]

_git_writing_ids := {i |
	some sub in {"clone", "checkout", "restore", "checkout-index", "rm", "mv"}
	some i in object.get(data.claude_rego.lib.shell.arg_index, sub, [])
}

_git_sub_at(_, i) if i == 0

_git_sub_at(seg, i) if {
	i == 1
	shell.has_arg(seg, {"-C", "--git-dir", "--work-tree"})
}

# Editors run as batch tools write the files they open: vim -c '%d|wq' F, ex -sc 'x' F,
# nvim --headless +'…' +wq F, vim -s script F, emacs --batch F --eval '(save-buffer)',
# ed F <<< 'w'. Every file operand counts as written (which commands the editor runs is
# not read; an editing session that writes nothing is the rare case).
_batch_editors := {"vim", "vi", "nvim", "gvim", "vim.basic", "vim.tiny", "ex", "view", "vimdiff", "nvi", "elvis", "ed", "red", "emacs", "emacs-nox", "xemacs", "mg", "kak", "jed"}

_editor_value_options := {"-c", "--cmd", "-S", "-s", "-u", "-U", "-i", "-T", "-w", "-W", "-l", "--load", "--eval", "-f", "--funcall", "-L", "--directory", "--script", "-p", "-e", "--listen", "--server", "-r", "--remote"}

write_words contains entry if {
	some ran in _batch_editors & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_batch_editing(seg)
	args := shell.args(seg)
	some i, word in args
	not startswith(word, "-")
	not startswith(word, "+")
	not _editor_option_value(seg, args, i)
	entry := {"seg": seg.id, "word": word}
}

_editor_option_value(seg, args, i) if {
	i > 0
	args[i - 1] in _editor_value_options
	not _takes_no_value(seg, args[i - 1])
}

# clustered flags ending in a value option: ex -sc CMD, vim -esc CMD
_editor_option_value(seg, args, i) if {
	i > 0
	not shell.runs_any(seg, {"emacs", "emacs-nox", "xemacs", "kak"})
	regex.match(`^-[A-Za-z]+[cS]$`, args[i - 1])
}

# ex -s, ed -s, vim -e -s: -s and -e are flags there (silent / Ex mode), not -s SCRIPT
_takes_no_value(seg, "-s") if shell.runs_any(seg, {"ex", "ed", "red"})

_takes_no_value(seg, "-s") if shell.has_arg(seg, {"-e", "-E", "-es", "-Es"})

_takes_no_value(seg, "-e") if not shell.runs_any(seg, {"kak"})

_takes_no_value(seg, "-p") if not shell.runs_any(seg, {"kak"})

_batch_editing(seg) if shell.runs_any(seg, {"ed", "red"})

# ex is the line editor: run from a command it is always a scripted edit
_batch_editing(seg) if shell.runs(seg, "ex")

_batch_editing(seg) if {
	shell.runs_any(seg, {"vim", "vi", "nvim", "gvim", "vim.basic", "vim.tiny", "view", "vimdiff", "nvi", "elvis", "mg", "jed"})
	some a in shell.args(seg)
	_editor_command_arg(a)
}

_batch_editing(seg) if {
	shell.runs_any(seg, {"emacs", "emacs-nox", "xemacs"})
	some a in shell.args(seg)
	a in {"--batch", "-batch", "--script", "-script", "-x"}
}

_batch_editing(seg) if {
	shell.runs(seg, "kak")
	some a in shell.args(seg)
	a in {"-e", "-f", "-ui"}
}

_editor_command_arg(a) if startswith(a, "+")

_editor_command_arg(a) if a in {"-c", "--cmd", "-S", "-s", "-e", "-E", "-es", "-Es", "--headless", "-b"}

_editor_command_arg(a) if regex.match(`^-[A-Za-z]*[esEc][A-Za-z]*$`, a)

# the segments that run a program some rule above knows to write files (one pass)
_writers := shell.running(_writer_names)

_writer_names := {
	"tee", "touch", "mkdir", "truncate", "shred", "mkfifo", "rm", "rmdir", "unlink", "cp", "mv", "install",
	"ln", "rsync", "scp", "ditto", "chmod", "chown", "chgrp", "chattr", "setfacl", "sed", "gsed", "perl",
	"dd", "curl", "wget", "unzip", "aria2c", "tar", "git",
} | _batch_editors

_copiers := {"cp", "mv", "install", "ln", "rsync", "scp", "ditto"}

# -t DIR / --target-directory=DIR, else the last operand (with two operands or more)
_destination(seg) := d if {
	d := shell.option_value(seg, {"-t", "--target-directory"})
} else := ops[count(ops) - 1] if {
	ops := shell.operands(seg)
	count(ops) >= 2
	not regex.match(`^[A-Za-z0-9._-]+(@[A-Za-z0-9._-]+)?:`, ops[count(ops) - 1])
}

_output_options := {
	"curl": [{"-o", "--output"}, {"--output-dir"}],
	"wget": [{"-O", "--output-document"}, {"-P", "--directory-prefix"}],
	"unzip": [{"-d"}],
	"aria2c": [{"-o", "--out"}, {"-d", "--dir"}],
}

# _in_place_option(ran, a): the option `a` of `ran` (sed, gsed or perl) edits files in place
# (the cheap tests before the regex: most sed calls in a pipeline are `sed -e …` or `sed 's/…'`)
_in_place_option(_, a) if {
	contains(a, "i")
	regex.match(`^-[A-Za-z]*i`, a)
}

_in_place_option(ran, a) if {
	ran != "perl"
	startswith(a, "--in-place")
}

_extracts(seg) if {
	some a in shell.args(seg)
	regex.match(`^-?[A-Za-z]*x[A-Za-z]*$`, a)
}

_extracts(seg) if shell.has_arg(seg, {"--extract", "--get"})

# Paths the call writes: any tool's input paths it writes (Write, Edit, an MCP
# write_file, a move's destination, ...) and shell write targets.
written contains p if {
	some p in input.facts.paths
	p.source == "tool_input"
	_access(p) == "write"
}

# Paths of tools whose effect on them cannot be told (an unknown tool with a path
# field and no verb in its name): they may be written.
maybe_written contains p if {
	some p in input.facts.paths
	p.source == "tool_input"
	_access(p) == "unknown"
}

# documents without `access` (hand-built, older facts): the tool class says
_access(p) := a if {
	a := object.get(p, "access", null)
	is_string(a)
} else := "write" if {
	input.facts.tool.class == "file-write"
} else := "read"

written contains p if {
	some w in write_words
	seg := shell.by_id(w.seg)
	p := known_location(seg, w.word)
}

# ---------------------------------------------------------------- secrets

# Secret files: names and locations (checked on the folded absolute and resolved paths).
secret_name_patterns := [
	`^\.env([._-].*)?$`, `^[A-Za-z0-9_.-]+\.env$`, `^\.envrc$`, `^\.dev\.vars$`, `^\.credentials(\.(json|ya?ml|toml|ini|cfg|conf|xml|txt|properties|env|db|enc))?$`, `^\.my\.cnf$`,
	`^\.vault-token$`, `^\.htpasswd$`, `^auth\.(json|toml|ya?ml)$`, `^\.?terraform\.?rc$`, `^\.wakatime\.cfg$`, `^state\.vscdb(\.backup)?$`, `^(access|auth|refresh|api|oauth|id|bearer)[_-]?tokens?\.(json|txt|ya?ml|toml)$`, `\.tfstate(\.backup)?$`, `^\.boto$`, `^\.s3cfg$`, `^client_secrets?.*\.json$`, `^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$`, `\.(pem|key|p12|pfx|jks|keystore|kdbx|ppk|asc|gpg)$`,
	`^\.netrc$`, `^_netrc$`, `^\.pgpass$`, `^\.npmrc$`, `^\.pypirc$`, `^credentials(\.(json|ya?ml|toml|ini|cfg|conf|xml|csv|txt|properties|env|db|enc|gpg|tfrc\.json))?$`,
	`^\.git-credentials$`, `^secrets?\.(ya?ml|json|toml)$`,
	`^key[34]\.db$`, `^signons\.sqlite$`, `^\.authinfo(\.gpg)?$`,
	# histories of shells and clients (passwords typed at SQL, Redis, Mongo prompts) in any
	# home (/root/.mysql_history), and Ansible vault password files
	`^\.[a-z0-9_.-]*[_-]history$`, `^\.vault[_-]?pass(word)?(\.txt)?$`,
	# Kerberos keytabs and ticket caches anywhere (/tmp/krb5cc_1000, svc.keytab), VPN
	# profiles with their keys (.ovpn, NetworkManager .nmconnection), iwd's Wi-Fi PSKs
	`\.(keytab|ovpn|nmconnection|psk)$`, `^krb5cc(_.*)?$`,
	# client files that hold database or mount passwords, OpenStack's clouds file (found in
	# the working directory too), adb's private key
	`^\.mylogin\.cnf$`, `^\.pg_service\.conf$`, `^\.odbc\.ini$`, `^\.?passwd-s3fs$`, `^clouds\.ya?ml$`, `^adbkey$`,
	# SMB/CIFS mount credential files anywhere (/etc/samba/smbcredentials, /root/.cifs-creds),
	# age identities by their usual names (age-key.txt, age.key is *.key already)
	`^\.?(smb|cifs)[_-]?(cred|creds|credentials)?$`, `^age[_-]?(key|keys|identity|identities)\.txt$`,
	# act's secrets file (.secrets), shell_gpt's config with its API key (.sgptrc), rclone's
	# remotes with their tokens wherever the file lies (~/.rclone.conf, a copy in the project),
	# Apple's PKCS#8 API and push keys (AuthKey_ABC123.p8, SubscriptionKey_X.p8, apns-key.p8)
	`^\.secrets?$`, `^\.sgptrc$`, `^\.?rclone\.conf$`, `(key|priv|apns|auth)[a-z0-9_.-]*\.p8$`,
]

# names a file could have that is secret, to test shell globs against (`cat .e*`)
secret_examples := [".env", ".env.local", ".env.production", "prod.env", ".envrc", "id_ecdsa", "id_rsa", "id_ed25519", "server.pem", "tls.key", ".netrc", ".git-credentials", "credentials"]

secret_dirs := [
	"~/.snowflake", "~/.config/snowflake", "~/.confluent", "~/.config/confluent", "~/.config/pscale",
	"~/.config/turso", "~/.turso", "~/.config/neonctl",
	"~/.ssh", "~/.aws", "~/.config/gcloud", "~/.kube", "~/.gnupg", "~/.docker", "~/.azure", "~/.password-store",
	"~/.config/hub", "~/.local/share/keyrings", "~/.config/op", "~/.op", "~/.config/bitwarden",
	"~/.config/Bitwarden CLI", "~/Library/Application Support/Bitwarden CLI", "~/Library/Keychains",
	"~/Library/Group Containers/2BUA8C4S2C.com.1password", "~/.mozilla/firefox", "~/.config/google-chrome",
	"~/.config/chromium", "~/.config/BraveSoftware", "~/Library/Application Support/Google/Chrome",
	"~/Library/Application Support/Firefox", "~/Library/Cookies", "~/.oci", "~/.config/doctl", "~/.vault",
	"~/.config/vault", "~/.config/netlify", "~/.config/heroku", "~/.fly", "~/.config/sops",
	"/var/run/secrets", "/run/secrets", "~/.config/containers", "~/.config/Code/User/globalStorage",
	# by family: browser and mail profiles (saved logins, key4.db, cookies)
	"~/.thunderbird", "~/Library/Thunderbird", "~/.mozilla", "~/snap/firefox/common/.mozilla",
	"~/.var/app/org.mozilla.firefox/.mozilla", "~/.config/microsoft-edge", "~/.config/vivaldi", "~/.config/opera",
	"~/Library/Application Support/Microsoft Edge", "~/Library/Application Support/BraveSoftware",
	"~/Library/Application Support/Chromium", "~/.config/google-chrome-beta", "~/.config/google-chrome-unstable",
	# chat apps (local token stores: Local Storage/leveldb, tdata)
	"~/.config/discord", "~/.config/discordcanary", "~/.config/discordptb", "~/.config/Slack", "~/.config/Signal",
	"~/.config/Element", "~/.local/share/TelegramDesktop", "~/Library/Application Support/discord",
	"~/Library/Application Support/Slack", "~/Library/Application Support/Signal", "~/.var/app/com.discordapp.Discord",
	"~/.var/app/com.slack.Slack",
	# CLIs' config directories that hold their tokens
	"~/.config/fly", "~/.config/glab-cli", "~/.config/tea", "~/.config/railway", "~/.railway", "~/.supabase",
	"~/.config/scw", "~/.pulumi", "~/.circleci", "~/.travis", "~/.kaggle", "~/.huggingface", "~/.jfrog",
	"~/.config/twilio-cli", "~/.twilio-cli", "~/.config/filezilla", "~/.config/remmina", "~/.local/share/remmina",
	"~/.local/share/kwalletd", "~/.kde/share/apps/kwallet", "~/.kde4/share/apps/kwallet", "~/.electrum",
	"~/.ethereum/keystore",
	# VPN and network credentials: WireGuard private keys, Wi-Fi PSKs and VPN secrets of
	# NetworkManager, OpenVPN/IPsec/strongSwan keys, wpa_supplicant networks, PPP secrets
	"/etc/wireguard", "/usr/local/etc/wireguard", "/opt/homebrew/etc/wireguard", "/etc/NetworkManager/system-connections",
	"/etc/openvpn", "/usr/local/etc/openvpn", "/etc/ipsec.d/private", "/etc/strongswan/ipsec.d/private",
	"/etc/swanctl/private", "/etc/swanctl/rsa", "/etc/swanctl/ecdsa", "/etc/swanctl/pkcs8", "/etc/wpa_supplicant",
	"/etc/ppp/peers", "~/.config/wireguard", "~/.cert/nm-openvpn", "~/.local/share/networkmanagement",
	"~/Library/Application Support/Tunnelblick", "~/.config/openvpn", "~/.openvpn", "~/.config/protonvpn",
	"~/.config/nordvpn", "~/.config/mullvad-vpn", "/etc/mullvad-vpn", "/etc/nebula", "/etc/zerotier", "/etc/headscale",
	# Kubernetes distributions' cluster PKI and join tokens (admin client keys, CA keys)
	"/var/lib/k0s/pki", "/etc/kubernetes/pki", "/var/snap/microk8s/current/credentials",
	"/var/snap/microk8s/current/certs", "/var/lib/rancher/k3s/server/tls", "/var/lib/rancher/k3s/server/cred",
	"/var/lib/rancher/rke2/server/tls", "/var/lib/rancher/rke2/server/cred",
	# Kerberos: keytabs and the KDC's secrets
	"/etc/security/keytabs", "/etc/krb5kdc", "/etc/krb5.keytab.d",
	# CLI token stores: Teleport, Tailscale, rbw (Bitwarden), Netlify & co.
	"~/.tsh", "~/.config/rbw", "~/.local/share/rbw", "~/Library/Application Support/rbw",
	"~/.local/share/tailscale", "~/Library/Group Containers/io.tailscale.ipn.macos",
	"~/Library/Preferences/netlify", "~/.netlify", "~/.config/netlify-cli", "~/.config/cloudflared", "~/.cloudflared",
	"~/.config/teleport", "~/.boundary", "~/.config/boundary", "~/.config/flyctl", "~/.config/linear", "~/.config/hcp",
	"~/.config/age", "~/.config/sops/age", "~/.config/Bitwarden",
	"~/.config/1Password", "~/.config/keybase", "~/.local/share/keybase", "~/.config/ngrok",
	"~/.config/gopass", "~/.local/share/gopass/stores", "~/.config/bw", "~/.lastpass", "~/.local/share/lpass",
	"~/.config/lpass", "~/.config/enpass", "~/.keepass", "~/.config/keepassxc", "~/.ansible/vault",
	# daemons' state with their keys: Tailscale node keys, iwd/connman Wi-Fi PSKs, Samba's secrets.tdb
	"/var/lib/tailscale", "/var/lib/iwd", "/var/lib/connman", "/var/lib/samba/private",
	# cloud and cluster CLIs whose config holds passwords, keys or tokens: OpenStack
	# clouds.yaml/secure.yaml, Talos, MinIO mc, IBM Cloud, Cloud Foundry, Alibaba, Tencent,
	# Hetzner, Exoscale, Scaleway (~/.scw/config.yaml: its secret key), Argo CD, Doppler, Infisical, Android's adb key, Borg keys, davfs2
	"~/.config/openstack", "/etc/openstack", "~/.talos", "~/.config/talos", "~/.mc", "~/.mcli", "~/.bluemix",
	"~/.ibmcloud", "~/.cf", "~/.aliyun", "~/.tccli", "~/.config/hcloud", "~/.config/exoscale", "~/.config/argocd",
	"~/.argocd", "~/.doppler", "~/.infisical", "~/.android/adbkey", "~/.config/borg/keys", "~/.davfs2/secrets",
	"/etc/davfs2/secrets", "~/.config/cachix", "~/.config/coursier/credentials.properties", "~/.gitlab-runner",
	"/etc/gitlab-runner", "~/.config/civo.json", "~/.civo.json", "~/.config/vultr-cli.yaml", "~/.vultr-cli.yaml",
	"~/.config/gandi", "~/.scw", "~/.config/scw", "~/.okta", "~/.config/okta", "~/.saml2aws", "~/.config/snyk", "~/.config/configstore/snyk.json",
	# platform CLIs' token stores (Render), a user-mode GitLab runner's tokens in XDG form
	"~/.render", "~/.config/gitlab-runner",
]

secret_files := [
	"~/.dbt/profiles.yml", "~/.kube/config", "~/.docker/config.json", "~/.git-credentials", "~/.config/gh/hosts.yml",
	"~/.terraform.d/credentials.tfrc.json", "~/.claude/.credentials.json", "~/.vault-token", "~/.pgpass",
	"~/.my.cnf", "~/.netrc", "~/.boto", "~/.s3cfg", "~/.dockercfg", "~/.config/git/credentials",
	"~/.cargo/credentials", "~/.cargo/credentials.toml", "~/.gem/credentials", "~/.npmrc", "~/.yarnrc.yml",
	"~/.pypirc", "~/.bash_history", "~/.zsh_history", "~/.python_history", "~/.psql_history",
	"~/.mysql_history", "~/.node_repl_history", "~/.config/fish/fish_history", "~/.local/share/fish/fish_history",
	"~/.m2/settings.xml", "~/.m2/settings-security.xml", "~/.gradle/gradle.properties", "~/.claude.json",
	"~/.config/rclone/rclone.conf", "~/.vercel/auth.json", "~/.local/share/com.vercel.cli/auth.json",
	"~/.config/stripe/config.toml", "~/.wrangler/config/default.toml", "~/.config/.wrangler/config/default.toml",
	"~/.config/configstore/firebase-tools.json", "~/.expo/state.json", "~/.config/hcloud/cli.toml",
	"~/.config/linode-cli", "~/.ngrok2/ngrok.yml", "~/.config/ngrok/ngrok.yml", "~/.composer/auth.json",
	"~/.config/composer/auth.json", "~/.nuget/NuGet/NuGet.Config", "~/.config/NuGet/NuGet.Config",
	"~/.sbt/credentials", "~/.ivy2/.credentials", "~/.config/pip/pip.conf", "~/.pip/pip.conf",
	"~/.config/gh/config.yml.bak", "~/.cloudflared/cert.pem", "~/.databrickscfg", "~/.snowsql/config",
	"~/.dbt/profiles.yml", "~/.config/atuin/key", "~/.local/share/atuin/key",
	"~/.bundle/config", "~/.config/helm/repositories.yaml", "~/.config/containers/auth.json",
	"~/.config/github-copilot/hosts.json", "~/.config/github-copilot/apps.json", "~/.codex/auth.json",
	"~/.gemini/oauth_creds.json", "~/.config/gcloud/application_default_credentials.json", "~/.aider.conf.yml",
	"~/.config/openai/auth.json", "~/.cursor/mcp.json", "~/.config/anthropic/credentials",
	"/etc/shadow", "/etc/gshadow", "/etc/master.passwd", "/etc/sudoers", "/etc/ssh/ssh_host_rsa_key",
	"/etc/ssh/ssh_host_ecdsa_key", "/etc/ssh/ssh_host_ed25519_key",
	# netrc-likes: mail, SMB and remote-access credentials
	"~/.authinfo", "~/.smbcredentials", "~/.fetchmailrc", "~/.msmtprc", "~/.config/msmtp/config",
	"~/.config/aerc/accounts.conf", "~/.sentryclirc", "~/.cache/huggingface/token", "~/.bitcoin/wallet.dat",
	"~/.ovh.conf", "~/.config/hut/config", "~/.config/gitlab-cli/config.yml",
	# mail clients' account files with their passwords (isync, OfflineIMAP, neomutt, getmail,
	# himalaya, Claws), SMB mount credentials, GitLab CLIs' tokens (python-gitlab, gitlab gem)
	"~/.mbsyncrc", "~/.config/isync/mbsyncrc", "~/.offlineimaprc", "~/.config/offlineimap/config", "~/.neomuttrc",
	"~/.config/neomutt/neomuttrc", "~/.getmail", "~/.config/getmail", "~/.config/himalaya/config.toml",
	"~/.claws-mail/accountrc", "~/.claws-mail/passwordstorerc", "~/.cifs", "~/.config/gitlab/config.yml",
	"~/.python-gitlab.cfg", "~/.config/python-gitlab.cfg", "/etc/python-gitlab.cfg",
	# desktop AI apps' MCP configs (servers' env blocks hold API tokens), an age identity
	"~/.config/Claude/claude_desktop_config.json", "~/Library/Application Support/Claude/claude_desktop_config.json",
	"~/.codeium/windsurf/mcp_config.json", "~/.continue/config.json", "~/.continue/config.yaml", "~/.age",
	# backup tools' repository passwords and account tokens (Kopia, Backblaze B2, duply)
	"~/.config/kopia", "~/.b2_account_info", "~/.duply",
	# cluster admin kubeconfigs outside ~/.kube (k3s, RKE2, kubeadm, k0s, microk8s) and join tokens
	"/etc/rancher/k3s/k3s.yaml", "/etc/rancher/rke2/rke2.yaml", "/etc/kubernetes/admin.conf",
	"/etc/kubernetes/super-admin.conf", "/etc/kubernetes/controller-manager.conf", "/etc/kubernetes/scheduler.conf",
	"/etc/kubernetes/kubelet.conf", "/var/lib/k0s/kubelet.conf", "/var/lib/k0s/admin.conf",
	"/var/lib/rancher/k3s/server/token", "/var/lib/rancher/k3s/server/node-token", "/var/lib/rancher/rke2/server/token",
	"/var/lib/rancher/rke2/server/node-token", "/var/snap/microk8s/current/credentials/client.config",
	# VPN, Wi-Fi and Kerberos secrets in single files
	"/etc/ipsec.secrets", "/etc/strongswan/ipsec.secrets", "/etc/strongswan.secrets", "/etc/swanctl/swanctl.conf",
	"/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets", "/etc/wpa_supplicant.conf", "/etc/krb5.keytab", "/etc/openconnect",
	"/etc/vpnc", "/etc/ssh/ssh_host_dsa_key", "/etc/ssl/private", "/etc/pki/tls/private", "/etc/letsencrypt/accounts", "/etc/shadow-", "/etc/gshadow-", "/etc/security/opasswd",
	# Ansible vault passwords, CLI tokens
	"~/.vault_pass", "~/.vault_pass.txt", "~/.vault-pass", "~/.vault_password", "~/.vault-password",
	"~/.ansible/vault_pass", "~/.ansible/vault_pass.txt", "~/.ansible/vault_password", "~/.ansible/vault-password",
	"~/.ansible/.vault_pass", "~/.ansible-vault-pass", "~/.netlifyrc", "~/.config/netlify/config.json",
	"~/.krb5cc", "~/.k5login", "~/.tailscale", "~/.config/tailscale",
	# client histories that hold passwords typed at their prompts (SQL, Redis, Mongo, REPLs)
	"~/.sqlite_history", "~/.rediscli_history", "~/.dbshell", "~/.mongorc.js", "~/.mongosh", "~/.mongodb/mongosh",
	"~/.mycli-history", "~/.litecli-history", "~/.config/pgcli/history", "~/.local/share/pgcli/history",
	"~/.usql_history", "~/.influx_history", "~/.cassandra/cqlsh_history", "~/.cqlsh_history", "~/.clickhouse-client-history",
	"~/.duckdb_history", "~/.sh_history", "~/.ksh_history", "~/.zhistory", "~/.history", "~/.lesshst", "~/.irb_history",
	"~/.pry_history", "~/.ipython/profile_default/history.sqlite", "~/.local/share/nushell/history.txt",
	"~/.config/nushell/history.txt", "~/.local/share/xonsh", "~/.sqlplus_history", "~/.bash_sessions", "~/.zsh_sessions",
	"~/.local/share/atuin/history.db", "~/.mysqlsh/history.sql", "~/.vertica_history", "~/.snowsql/history",
	# physical and kernel memory (every process's keys and tokens)
	"/dev/mem", "/dev/kmem",
	# AI and LLM CLIs whose configuration holds their API keys in plain text (aichat, mods,
	# shell_gpt, gpt-cli, chatgpt-cli, gptme, aicommits, ai-shell, opencommit; llm's keys.json
	# is found by name, see _home_store_re), Modal's token, HexChat's server passwords
	"~/.config/aichat/config.yaml", "~/Library/Application Support/aichat/config.yaml", "~/.config/mods/mods.yml",
	"~/Library/Application Support/mods/mods.yml", "~/.config/shell_gpt/.sgptrc", "~/.config/gpt-cli/gpt.yml",
	"~/.chatgpt-cli/config.yaml", "~/.config/gptme/config.toml", "~/.aicommits", "~/.ai-shell", "~/.opencommit",
	"~/.modal.toml", "~/.config/hexchat/servlist.conf", "~/.xchat2/servlist_.conf",
]

# process memory and environment: every variable (tokens, keys) of a running process
secret_proc_files := {"environ", "mem", "auxv", "kcore"}

allowlisted_names := {lower(n) | some n in settings.value("secret_file_allowlist")}

# one regular expression for all name patterns (one match per name, not thirteen)
# (joined with one concat, not a sprintf per pattern)
_secret_name_re := concat("", ["(?:", concat(")|(?:", secret_name_patterns), ")"])

secret_name(name) if {
	regex.match(_secret_name_re, name)
	not name in allowlisted_names
	not endswith(name, ".pub")
	not public_material_name(name)
	not _dotenv_template(name)
}

# a dotenv file whose name ends in a template word (.env.test.example, .env.sample,
# .env.tpl for `op inject`, app.env.dist, .env.defaults): committed placeholders, not values;
# only at the end (.env.example.local is a local copy and stays secret)
_dotenv_template(name) if {
	regex.match(`^\.env([._-].*)?$|^[a-z0-9_.-]+\.env([._-].*)?$`, name)
	regex.match(`[._-](example|examples|sample|samples|template|templates|tmpl|tpl|dist|defaults?|schema|skel)$`, name)
}

# Data files named as secrets (secrets.auto.tfvars, prod-secrets.yaml, app.secret.json; not code
# or docs such as secrets.py, secrets.md), Firebase and cloud service-account key files
# (…-firebase-adminsdk-….json, gcp-key.json, gcp-service-account.json), credentials files
# with a prefix (gcp-credentials.json, prod.credentials.yaml), kubeconfigs outside ~/.kube
# (kubeconfig.yaml, prod-kubeconfig.yml, admin.kubeconfig; not kubeconfig.go, nor a bare
# `kubeconfig`, a subcommand's word: `kind get kubeconfig > kind.yaml`) — unless the
# name says it is a template (secrets.example.yaml, secret.sample.json, gcp-key.dist.json,
# kubeconfig.example.yaml).
secret_name(name) if {
	regex.match(_secret_data_re, name)
	not regex.match(_template_name_re, name)
	not regex.match(`(^|[._-])sealed[._-]?secrets?([._-]|$)`, name) # kubeseal's ciphertext (sealed-secret.yaml)
	not name in allowlisted_names
}

_secret_data_re := `(^|[._-])secrets?([._-][a-z0-9_.-]*)?\.(tfvars|ya?ml|json|toml|ini|properties|conf|cfg|txt|env)$|firebase-adminsdk.*\.json$|(^|[._-])(sa|gcp|gcloud|gce|google|firebase|service|svc|private|signing|deploy)[-_]?key\.json$|(^|[._-])service[-_]?accounts?[a-z0-9_.-]*\.json$|[._-]credentials?\.(json|ya?ml|toml|ini|cfg|conf|properties|txt|csv|xml)$|(^|[._-])kubeconfig([._-][a-z0-9_-]+)?\.(ya?ml|json|conf)$|\.kubeconfig$`

_template_name_re := `(^|[._-])(example|examples|sample|samples|template|templates|tmpl|tpl|dist|defaults?|skel|schema|fixtures?|mock|fake|dummy|placeholder)([._-]|$)`

# public_material_name(name): a PEM/armored file whose name says it holds public material
# (public.pem, pubkey.pem, cert.pem, ca.pem, fullchain.pem, ca-bundle.pem, signing-key.pub.asc,
# release.tar.gz.sig.asc, SHA256SUMS.asc) and nothing private (privkey.pem, ca-key.pem,
# cert-key.pem, secret.asc stay secret). Names only: a secret location (~/.cloudflared/cert.pem
# holds a tunnel token) is still secret by where it is.
public_material_name(name) if {
	regex.match(_public_material_re, name)
	stem := regex.replace(name, `public[_-]?keys?|pub[_-]?keys?`, "public")
	not regex.match(_private_word_re, stem)
}

_public_material_re := `^(.*[._-])?(pub|public|public[_-]?keys?|pubkey|cert|certs|certificate|cacert|ca|ca[_-]?bundle|ca[_-]?certificates|chain|fullchain|bundle|root[_-]?ca|intermediate|signature|sig|(sha(1|224|256|384|512)|md5|b2)?sums|checksums)(\.(pem|crt|cer|asc|sig|txt)|[._-][a-z0-9._-]*)?\.(pem|asc)$`

_private_word_re := `priv|secret|passw|token|cred|(^|[._-])keys?([._-]|$)|\.p12|\.pfx|id_(rsa|dsa|ecdsa|ed25519)`

# a shell glob that would match a secret file name (names starting with a dot only
# match patterns that start with a dot, as in the shell)
secret_glob(pattern) if {
	_has_glob(pattern)
	regex.match(`[A-Za-z0-9]`, pattern)
	some example in secret_examples
	not example in allowlisted_names
	_dot_ok(pattern, example)
	g := glob_safe(pattern)
	glob_fits(g)
	glob.match(g, null, example) # null: no delimiters (`[]` would make "." one)
}

secret_glob(pattern) if {
	pattern in {".*", ".??*", ".[!.]*", ".[^.]*"}
}

# a leading dot must be matched by a dot (as the shell does); a leading bracket
# expression may hold one ([.]env in shells or tools that let it)
_dot_ok(pattern, example) if startswith(pattern, ".") == startswith(example, ".")

_dot_ok(pattern, _) if startswith(pattern, "[")

_has_glob(word) if contains(word, "*")

_has_glob(word) if contains(word, "?")

_has_glob(word) if contains(word, "[")

# is_secret(p): `p` (a path fact) is a secret file, inside a secret directory, or a glob
# that can reach one. The facts layer marks paths that cannot be (maybe_secret: false, a
# necessary condition of the clauses of _is_secret below): those are not tested here.
is_secret(p) if {
	not p.maybe_secret == false
	_is_secret(p)
}

_is_secret(p) if {
	some name in {fold_name(p), resolved_name(p)}
	secret_name(name)
	not chart_template(p)
	not dev_dotenv(p)
}

# dev_dotenv(p): a dotenv file of the project's tests, CI or local containers, committed with
# development defaults (postgres:postgres, changeme, localhost URLs): `.env.test`, `.env.ci`,
# `.env.e2e` (not `.env.test.local`: a developer's own overrides), any dotenv file under a test
# or fixture directory (`tests/integration/.env`, `fixtures/app/.env`, `spec/fixtures/.env`), a
# dev dotenv file of a container setup (`docker/.env.dev`, `.devcontainer/.env.development`; not
# `docker/.env`, which compose reads as the real one). Inside the
# project where it says and where it leads (a link to ~/.env stays secret). Its reads pass (the
# output is still redacted of credentials); a write of a token format still asks (secret_egress).
dev_dotenv(p) if {
	p.inside_project == true
	p.resolved_inside_project == true
	not p.glob
	rels := {_project_relative(loc) | some loc in {lower(p.absolute_folded), lower(p.resolved)}}
	every rel in rels {
		_dev_dotenv_rel(rel)
	}
}

_project_relative(loc) := substring(loc, count(project) + 1, -1) if {
	is_string(project)
	startswith(loc, concat("", [lower(project), "/"]))
}

_dev_dotenv_rel(rel) if regex.match(`^([^/]+/)*(\.env[._-](test|testing|ci|e2e|integration|unit|jest|cypress|playwright)|(test|testing|ci|e2e)\.env)$`, rel)

_dev_dotenv_rel(rel) if regex.match(`^([^/]+/)*(tests?|__tests__|specs?|fixtures?|__fixtures__|testdata|test[_-]data|e2e|__mocks__|mocks?)/([^/]+/)*(\.env([._-][a-z0-9_-]+)?|[a-z0-9_-]+\.env)$`, rel)

_dev_dotenv_rel(rel) if regex.match(`^([^/]+/)*(docker|\.devcontainer|devcontainer|compose)/([^/]+/)*(\.env[._-](dev|development|docker|compose|local[_-]?dev)|(dev|development)\.env)$`, rel)

# a Helm chart's template of a Secret (charts/app/templates/secret.yaml, templates/secrets.yaml):
# Go template text filled from values at install time ({{ .Values.db.password | b64enc }}),
# not values; where it says and where it leads alike (a link to ~/secrets.yaml stays secret)
chart_template(p) if {
	every loc in locations(p) {
		regex.match(`/templates/([a-z0-9_.-]*[._-])?secrets?([._-][a-z0-9_.-]*)?\.(ya?ml|tpl)$`, loc)
	}
}

_is_secret(p) if secret_glob(fold_name(p))

# A path inside a secret directory or equal to a secret file: the path (in ~ form under
# the home directory) or one of its ancestors is among the secret locations. A few
# lookups per path.
_is_secret(p) if {
	some loc in locations(p)
	some a in _self_and_ancestors(_tilde(loc))
	a in _secret_locations
	not endswith(lower(p.name), ".pub")
	not endswith(loc, "/known_hosts")
}

# Credential directories in any home (/root/.aws/config, /home/bob/.ssh/id_ed25519,
# /Users/x/.kube/config), not only the current user's.
_is_secret(p) if {
	some loc in locations(p)
	regex.match(`/(\.ssh|\.aws|\.gnupg|\.password-store|\.azure|\.config/gcloud|\.config/gh|\.tsh|\.config/rbw|\.local/share/rbw)/|/\.kube/config$|/\.docker/config\.json$|/\.git-credentials$|/\.netrc$`, loc)
	not endswith(loc, ".pub")
	not endswith(loc, "/known_hosts")
	not endswith(loc, "/.config/gh/config.yml")
}

# Credential stores of applications not on the lists, by name: a file or directory in a
# hidden directory of the home (or ~/Library) with a component or word that says it holds
# credentials (wallet, seed, passwd, password, accounts, credentials, keystore, keyring,
# secret, token, auth, apikey, sec.conf, c.pwd, …: ~/.purple/accounts.xml, ~/.vnc/passwd,
# ~/.config/weechat/sec.conf, ~/.near-credentials/…, Exodus's seed.seco), a data file named
# for keys (llm's ~/.config/io.datasette.llm/keys.json, api_keys.toml, key.json; not keys.lua
# or key_bindings.fish, which are code), or one of the
# application files that hold passwords in plain configuration (~/.muttrc, ~/.irssi/config,
# ~/.lftp/bookmarks, ~/.config/solana/id.json, ~/.snowflake/connections.toml,
# ~/.jira.d/config.yml, Postman's store). Package caches and installed code
# (node_modules, site-packages, ~/.nvm, ~/.cargo/registry, …) are not stores.
_is_secret(p) if {
	some loc in locations(p)
	t := _tilde(loc)
	_home_store_prefix(t)
	regex.match(_home_store_re, t)
	not regex.match(_home_code_re, t)
	not endswith(t, ".pub")
}

_home_store_prefix(t) if startswith(t, "~/.")

_home_store_prefix(t) if startswith(t, "~/library/")

_home_store_re := `(^|[/._-])(wallets?|seeds?|passwd|passwords?|accounts?|credentials?|creds|keystores?|keyrings?|keychains?|secrets?|tokens?|auth|pwd|mnemonics?|privkeys?|private[_-]?keys?|api[_-]?keys?)([/._-]|$)|/([a-z0-9]+[_-])?keys?\.(json|toml|ya?ml|txt|db)$|/sec\.conf$|^~/\.muttrc$|^~/\.mutt/muttrc$|^~/\.config/mutt/muttrc$|^~/\.irssi/config$|^~/\.lftp/bookmarks$|^~/\.local/share/lftp/bookmarks$|^~/\.config/solana/|^~/\.snowflake/|^~/\.jira\.d/|^~/\.config/postman/|^~/library/application support/postman/|^~/\.config/exodus/|^~/\.purple/|^~/\.vnc/passwd`

_home_code_re := `/(node_modules|site-packages|dist-packages|registry|pkg/mod|repository|caches?|\.nvm|\.pyenv|\.rbenv|\.rustup|\.sdkman|\.npm|\.yarn|\.pnpm-store|\.gradle|\.m2|\.vscode/extensions|\.vscode-server|\.local/lib|\.local/share/virtualenvs|\.pub-cache|\.gem|\.bundle/ruby|go)/`

# secret_dirs and secret_files, lowercased ("~/.ssh", "/run/secrets", "~/.kube/config")
# (one lower() of the joined lists, not a call per entry, and an array: building a set of
# its ~400 entries cost more, per evaluation, than the lookups in it; ~0.35 ms less)
_secret_locations := split(lower(concat("\n", array.concat(secret_dirs, secret_files))), "\n")

_home_root := trim_right(_home_prefix, "/")

# "/home/dev/.aws/x" → "~/.aws/x"; the home directory itself → "~"; elsewhere unchanged
_tilde(loc) := "~" if loc == _home_root

else := concat("", ["~", substring(loc, count(_home_root), -1)]) if startswith(loc, _home_prefix)

else := loc

# "/a/b/c" → {"/a", "/a/b", "/a/b/c"}; "~/x/y" → {"~/x", "~/x/y"}
_self_and_ancestors(t) := {concat("/", array.slice(parts, 0, i)) |
	parts := split(t, "/")
	some i in numbers.range(2, count(parts))
}

_is_secret(p) if {
	some loc in locations(p)
	endswith(loc, "/.git/config")
}

# A backup or editor copy of a secret file or directory holds the same secrets
# (~/.config/rclone/rclone.conf.bak, ~/.npmrc.orig, id_rsa.old, server.key.1, credentials~,
# ~/.aws.bak): without its suffixes, the name or location is secret.
_is_secret(p) if {
	regex.match(_backup_suffix_re, fold_name(p)) # (the name first: one short test per path)
	some loc in locations(p)
	stem := regex.replace(loc, _backup_suffix_re, "")
	stem != loc
	_secret_stem(stem)
}

_backup_suffix_re := `(\.(bak|backup|old|orig|save|sav|prev|copy|[0-9]{1,3})|~)+$`

_secret_stem(stem) if secret_name(shell.basename(stem))

_secret_stem(stem) if {
	some a in _self_and_ancestors(_tilde(stem))
	a in _secret_locations
}

# /proc/self/environ, /proc/1234/environ, /proc/*/environ, /proc/self/task/1/environ
_is_secret(p) if {
	some loc in locations(p)
	startswith(loc, "/proc/")
	parts := split(loc, "/")
	parts[count(parts) - 1] in secret_proc_files
}

# A glob that could match a secret file or something inside a secret directory
# (~/.a*/*, ~/.kub?/conf?g, ~/.[s]sh): a read of that secret. Matched on the folded
# absolute path, component by component (`*` does not cross `/`), with glob_safe.
_is_secret(p) if {
	p.glob
	pattern := glob_safe(lower(p.absolute_folded))
	glob_fits(pattern)
	some secret in _secret_glob_targets
	_glob_reaches(pattern, secret)
}

# the pattern matches `target` itself or one of its ancestors' children down to it:
# its first n components match target's n components (n = the target's depth)
_glob_reaches(pattern, target) if glob.match(pattern, ["/"], target)

_glob_reaches(pattern, target) if {
	tparts := split(target, "/")
	pparts := split(pattern, "/")
	count(pparts) > count(tparts)
	glob.match(concat("/", array.slice(pparts, 0, count(tparts))), ["/"], target)
}

# in_secret_location(p): `p` is a credential location or inside one (~/.ssh, ~/.aws,
# /run/secrets, any home's .ssh/.aws/.gnupg/…), as written or as resolved.
in_secret_location(p) if {
	some loc in locations(p)
	some a in _self_and_ancestors(_tilde(loc))
	a in _secret_locations
}

in_secret_location(p) if {
	some loc in locations(p)
	regex.match(`/(\.ssh|\.aws|\.gnupg|\.password-store|\.azure|\.config/gcloud|\.config/gh|\.kube|\.docker)/`, loc)
}

# holds_secret(p): `p` is a directory above a secret location (~, ~/.config, ~/.config/gh,
# /home): a recursive read of it (grep -r, rg, tar, Grep, an MCP search) reads the secret too
holds_secret(p) if {
	some loc in locations(p)
	dir := concat("", [trim_right(_tilde(loc), "/"), "/"])
	some target in _secret_locations
	startswith(target, dir)
}

holds_secret(p) if {
	some loc in locations(p)
	startswith(_home_prefix, concat("", [trim_right(loc, "/"), "/"]))
}

# absolute forms of the secret locations, for globs (only computed for a glob path)
_secret_glob_targets := (({concat("", [_home_root, substring(l, 1, -1)]) | some l in _secret_locations; startswith(l, "~/")} | {l | some l in _secret_locations; startswith(l, "/")}) | {"/proc/self/environ", "/proc/1/environ"}) | {concat("/", [_home_root, n]) |
	some n in secret_examples
	startswith(n, ".")
}

_home_prefix := lower(concat("", [home, "/"]))

# Both where the path says it is and where it really is (symlinks), folded; a path
# through /proc/<pid>/root is the same path from the file system root.
locations(p) := {a, r, _proc_root(a), _proc_root(r)} if {
	a := lower(p.absolute_folded)
	r := lower(p.resolved)
}

_proc_root(loc) := regex.replace(loc, `^/proc/[^/]+/root(/|$)`, "/") if startswith(loc, "/proc/")

else := loc

fold_name(p) := lower(p.name_folded)

resolved_name(p) := lower(shell.basename(p.resolved))

expand(path) := concat("", [home, substring(path, 1, -1)]) if startswith(path, "~/")

expand(path) := path if not startswith(path, "~/")

# ---------------------------------------------------------------- h12: write effects of more tools
# The write, move and delete effects of tools whose operands are files they replace or
# remove, so every rule that judges written paths (self_protection, agent_tampering,
# agent_config, write_outside_project) sees them: git rm/mv (the work tree), awk -i
# inplace, compressors that replace their input (gzip, xz, bzip2, zstd --rm, …),
# mount/bindfs targets (the directory is replaced by another file system) and sponge.

# git rm / git mv PATH…: the work-tree files are deleted or moved (git rm --cached only
# changes the index)
write_words contains entry if {
	"git" in data.claude_rego.lib.shell.names
	some seg in _git_writing
	ops := shell.operands(seg)
	some i, sub in ops
	sub in {"rm", "mv"}
	_git_sub_at(seg, i)
	not shell.has_arg(seg, {"--cached"})
	some j, word in ops
	j > i
	entry := {"seg": seg.id, "word": word}
}

# awk -i inplace PROGRAM FILE…: every file is rewritten
write_words contains entry if {
	some ran in {"awk", "gawk"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	seg.id in _awk_option_segments
	_awk_in_place(seg)
	some word in _awk_files(seg)
	entry := {"seg": seg.id, "word": word}
}

# the segments with an argument _awk_in_place_option accepts: one arg_index lookup per
# option, not an argument pass per awk segment
_awk_option_segments := {i |
	some a in {"-i", "--include", "-iinplace", "--include=inplace", "--inplace", "-i inplace"}
	some i in object.get(data.claude_rego.lib.shell.arg_index, a, [])
}

# (one test per argument: every option this looks for starts with `-`)
_awk_in_place(seg) if {
	args := shell.args(seg)
	some i, a in args
	startswith(a, "-")
	_awk_in_place_option(a, args, i)
}

# (every option accepted here is listed in _awk_option_segments)
_awk_in_place_option(a, args, i) if {
	a in {"-i", "--include"}
	args[i + 1] in {"inplace", "inplace.awk"}
}

_awk_in_place_option(a, _, _) if a in {"-iinplace", "--include=inplace", "--inplace", "-i inplace"}

# the operands after the program (the program is the first operand unless -f/-e gave it)
_awk_files(seg) := [w |
	some i, w in shell.args(seg)
	not startswith(w, "-")
	not _awk_option_value(seg, i)
	not contains(w, "=")
	_awk_after_program(seg, i)
]

_awk_option_value(seg, i) if {
	i > 0
	shell.args(seg)[i - 1] in {"-i", "--include", "-f", "--file", "-e", "--source", "-v", "--assign", "-F", "--field-separator", "-l", "--load"}
}

_awk_after_program(seg, _) if shell.has_arg(seg, {"-f", "--file", "-e", "--source"})

_awk_after_program(seg, i) if {
	not shell.has_arg(seg, {"-f", "--file", "-e", "--source"})
	some k, w in shell.args(seg)
	k < i
	not startswith(w, "-")
	not _awk_option_value(seg, k)
}

# compressors replace FILE with FILE.gz (and decompressors the reverse) unless they write
# to stdout, keep the input, list or test
_replacing_compressors := {"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "pigz", "unpigz", "pbzip2", "lzip", "plzip", "compress", "uncompress", "zcat-replace"}

_keeping_compressors := {"zstd", "unzstd", "lz4", "brotli", "pzstd"}

write_words contains entry if {
	some ran in (_replacing_compressors | _keeping_compressors) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_replaces_input(seg)
	some word in shell.operands(seg)
	entry := {"seg": seg.id, "word": word}
}

_replaces_input(seg) if {
	shell.name(seg) in _replacing_compressors
	not _compress_keeps(seg)
}

_replaces_input(seg) if {
	shell.name(seg) in _keeping_compressors
	shell.has_arg(seg, {"--rm"})
	not _compress_keeps(seg)
}

_compress_keeps(seg) if shell.has_short_flag(seg, {"c", "k", "l", "t"})

_compress_keeps(seg) if shell.has_arg(seg, {"--stdout", "--to-stdout", "--keep", "--list", "--test"})

# mount [-t T] [-o O] SOURCE TARGET / mount --bind A B / bindfs A B: the target directory
# is replaced by another file system
write_words contains entry if {
	some ran in {"mount", "bindfs", "sshfs", "rclone-mount", "fuse-overlayfs", "squashfuse", "mount.fuse"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := _mount_operands(seg)
	count(ops) > 0
	word := ops[count(ops) - 1]
	entry := {"seg": seg.id, "word": word}
}

_mount_operands(seg) := [w |
	some i, w in shell.args(seg)
	not startswith(w, "-")
	not _mount_option_value(seg, i)
]

_mount_option_value(seg, i) if {
	i > 0
	shell.args(seg)[i - 1] in {"-t", "--types", "-o", "--options", "-L", "--label", "-U", "--uuid", "-O", "--test-opts", "-N", "--namespace"}
}

# sponge FILE: soaks up its input, then writes FILE
write_words contains entry if {
	"sponge" in data.claude_rego.lib.shell.names
	some seg in shell.running({"sponge"})
	some word in shell.operands(seg)
	entry := {"seg": seg.id, "word": word}
}
