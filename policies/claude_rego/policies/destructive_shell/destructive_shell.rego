# METADATA
# title: Destructive shell commands
# description: >-
#   Denies shell commands that destroy a machine or a project wholesale: recursive
#   deletes of /, the home directory, system directories, the project root or a
#   directory above it (also through `cd / && rm -rf *`, globs such as /e*, find
#   -delete / -exec rm, xargs, rsync --delete, mv); mkfs and friends; dd or redirects
#   onto a block device, and the other raw-device writers (dcfldd, dc3dd, ddrescue,
#   partclone, qemu-img convert, fio, sg_format --format, flashrom -w); shred/wipefs of
#   a device; fork bombs; recursive chmod/chown of
#   / or the home directory. Asks when a recursive delete's target cannot be known
#   (rm -rf "$DIR"/ with DIR unknown). Deleting inside the project (rm -rf ./build)
#   stays allowed.
# custom:
#   severity: critical
#   rationale: >-
#     These commands are irreversible and an agent that runs one by mistake (a wrong
#     variable, a cd that failed, a hallucinated cleanup) or because a prompt injection
#     asked for it loses the developer's work or the machine. Matching is done on the
#     parsed segments, so quoting, escaping, absolute binary paths, wrappers (sudo,
#     env, xargs, timeout, nohup…), bash -c / eval payloads, $(…), chains and
#     variables assigned in the same command cannot hide the command; targets are
#     compared as resolved, normalised, case-folded paths, so ~, $HOME, .., trailing
#     /*, globs and symlinks are seen for what they are. An earlier `cd` in the same
#     command is followed, so `cd / && rm -rf *` is a delete of /.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.destructive_shell

import data.claude_rego.lib.paths
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

# (rules of other packages by full path: through an import alias regorus evaluates the
# whole package)
project := lower(data.claude_rego.lib.paths.project)

home := lower(data.claude_rego.lib.paths.home)

dangerous_roots := data.claude_rego.lib.paths.dangerous_roots

# the same, minus the project root: recursive chmod/mv of the project is not a disaster
catastrophic_roots := dangerous_roots - {project}

# ------------------------------------------------------------------ targets

stripped(l) := paths.stripped(l)

in_roots(l, roots) if paths.in_roots(l, roots)

# every location a word of `seg` may stand for: path facts (symlinks resolved) and the
# lexical reading from the directory the segment runs in
locations(seg, word) := ((_fact_locations(seg, word) | _lexical_locations(seg, word)) | _pwd_locations(seg, word)) | _anchored_locations(seg, word)

_fact_locations(seg, word) := {l |
	p := paths.location(seg, word)
	some l in [p.absolute, p.resolved]
	is_string(l)
}

_lexical_locations(seg, word) := {l |
	l := shell.lexical(seg, word)
	l != "?"
}

# rm -rf "$(pwd)" / `pwd` (the whole word; "$(pwd)/build" is read by _anchored)
_pwd_locations(seg, word) := {shell.cwd_at(seg) |
	word in {"$(…)", "`…`", "$(…)/", "`…`/", "$(…)/.", "`…`/."}
	some c in segments
	c.parent == seg.id
	c.context == "substitution"
	shell.runs(c, "pwd")
	shell.cwd_at(seg) != "?"
}

# ------------------------------------------------------------------ words anchored at a known directory
# "$PWD/dist", "$(pwd)/build", "$(git rev-parse --show-toplevel)/dist", "${TMPDIR:-/tmp}/x": the
# leading part names a directory the pack knows, and the rest is literal. $PWD and $(pwd) are
# the directory the segment runs in (after the command's own `cd`s; unknown after a `cd` it
# cannot follow); the git top level is the project root while the segment runs inside the
# project (assumed: the project is the repository's top level); $TMPDIR (not set by the command
# itself: the parser substitutes values it sets) is taken as a temp directory, /tmp, and only
# below it (a name under it, not the temp directory itself).
_anchored(seg, word) := concat("", [shell.cwd_at(seg), rest]) if {
	some spelling in {"$PWD", "${PWD}"}
	rest := _rest_after(word, spelling)
	shell.cwd_at(seg) != "?"
} else := concat("", [shell.cwd_at(seg), rest]) if {
	some spelling in {"$(…)", "`…`"}
	rest := _rest_after(word, spelling)
	_substitutions_run(seg, "pwd")
	shell.cwd_at(seg) != "?"
} else := concat("", [data.claude_rego.lib.paths.project, rest]) if {
	some spelling in {"$(…)", "`…`"}
	rest := _rest_after(word, spelling)
	_substitutions_run(seg, "toplevel")
	shell.cwd_at(seg) != "?"
	paths.under(lower(shell.cwd_at(seg)), project)
} else := concat("", ["/tmp", rest]) if {
	some spelling in {"$TMPDIR", "${TMPDIR}", "${TMPDIR:-/tmp}", "${TMPDIR-/tmp}", "${TMPDIR:-/tmp/}"}
	rest := _rest_after(word, spelling)
	regex.match(`^/+[^/]`, rest)
	not regex.match(`(^|/)\.\.(/|$)`, rest)
}

# the literal rest of `word` after a leading `spelling` ("" or a path starting with /)
_rest_after(word, spelling) := rest if {
	startswith(word, spelling)
	rest := trim_prefix(word, spelling)
	_literal_rest(rest)
}

_literal_rest(rest) if rest == ""

_literal_rest(rest) if {
	startswith(rest, "/")
	not contains(rest, "$")
	not contains(rest, "…")
	not contains(rest, "`")
}

# every command substitution of the segment runs `pwd` (or git's top level): so each $(…) is that
_substitutions_run(seg, kind) if {
	subs := [c | some c in segments; c.parent == seg.id; c.context == "substitution"]
	count(subs) > 0
	every c in subs {
		_prints(c, kind)
	}
}

_prints(c, "pwd") if {
	c.command == "pwd"
	every a in c.args {
		a in {"-L", "-P"}
	}
}

_prints(c, "toplevel") if {
	c.command == "git"
	c.args == ["rev-parse", "--show-toplevel"]
}

_anchored_locations(seg, word) := {l |
	a := _anchored(seg, word)
	l := shell.lexical(seg, a)
	l != "?"
}

# the first (sorted) location of the word that is in `roots`
hits(seg, word, roots) := ls[0] if {
	ls := sort([l | some l in locations(seg, word); in_roots(l, roots)])
	count(ls) > 0
}

describe(l) := "the whole file system" if {
	stripped(l) == "/"
} else := "your home directory" if {
	stripped(l) == home
} else := "the project root" if {
	stripped(l) == project
} else := "a directory that contains the project" if {
	paths.under(project, stripped(l))
} else := "a system directory"

recursive(seg) if shell.has_short_flag(seg, {"r", "R"})

recursive(seg) if shell.has_arg(seg, {"--recursive"})

recursive_delete(seg) if {
	shell.runs(seg, "rm")
	recursive(seg)
}

recursive_delete(seg) if shell.runs_any(seg, {"rimraf", "del-cli", "del", "trash-put", "trash", "trash-cli", "srm", "rmtrash"})

# wipe -r: a secure delete (overwrites, then removes) of a tree
recursive_delete(seg) if {
	shell.runs(seg, "wipe")
	recursive(seg)
}

# zip -rm and tar --remove-files delete what they archive
recursive_delete(seg) if {
	shell.runs(seg, "zip")
	some a in shell.args(seg)
	regex.match(`^-[A-Za-z]*m[A-Za-z]*$`, a)
}

recursive_delete(seg) if {
	shell.runs(seg, "tar")
	"--remove-files" in shell.args(seg)
}

recursive_delete(seg) if {
	shell.runs(seg, "gio")
	"trash" in shell.args(seg)
}

# every program recursive_delete can be true of (rules start from shell.running of these)
_recursive_deleters := {"rm", "rimraf", "del-cli", "del", "trash-put", "trash", "trash-cli", "srm", "rmtrash", "zip", "tar", "gio", "wipe"}

instead := "Delete specific paths inside the project instead (for example `rm -rf ./build`), or ask the user to do it."

# ------------------------------------------------------------------ recursive deletes

deny contains msg if {
	some t in _rd_targets
	some l in t.locations
	in_roots(l, dangerous_roots)
	msg := sprintf("Blocked: `%s` recursively deletes %s, which would destroy the system, your home directory or the whole project. Delete specific paths inside the project instead (for example `rm -rf ./build`).", [concat(" ", t.seg.argv), t.word])
}

# the segments that delete recursively (recursive_delete), found once per evaluation: the
# rules below start from here, not each from every deleter and a recursive_delete call
_recursive_deletes := [seg |
	some ran in _recursive_deleters & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	recursive_delete(seg)
]

# their operands, with every location each may stand for (locations() is a function, and
# regorus caches rules, not function calls: computed once here for the rules that read them)
_rd_targets := [{"seg": seg, "word": word, "locations": locations(seg, word)} |
	some seg in _recursive_deletes
	some word in shell.operands(seg)
]

# `find / | xargs rm -rf`, `echo / | xargs rm -rf`
_rdel_deny contains msg if {
	some seg in _recursive_deletes
	_fed_by_xargs(seg)
	node := _stdin_node(seg)
	some producer in segments
	shell.upstream(producer, node)
	some word in _produced_words(producer)
	l := hits(producer, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` feeds `%s` (%s) to `rm -r` through xargs. %s", [concat(" ", producer.argv), word, describe(l), instead])
}

_fed_by_xargs(seg) if seg.context == "xargs"

_fed_by_xargs(seg) if "xargs" in seg.wrappers

_stdin_node(seg) := shell.by_id(seg.parent) if seg.context == "xargs" else := seg

_produced_words(producer) := shell.find_starts(producer) if shell.runs(producer, "find") else := shell.operands(producer)

# find <dangerous start> … -delete / -exec rm
deny contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	shell.find_deletes(seg)
	some start in shell.find_starts(seg)
	l := hits(seg, start, dangerous_roots)
	not filtered_in_project(seg, l)
	msg := sprintf("Blocked: `%s` deletes files under `%s` (%s). Restrict find to a directory inside the project, with a -name filter.", [concat(" ", seg.argv), start, describe(l)])
}

# rsync --delete onto a dangerous destination (rsync -a --delete empty/ /)
deny contains msg if {
	"rsync" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rsync"})
	some a in shell.args(seg)
	startswith(a, "--del")
	ops := shell.operands(seg)
	count(ops) >= 2
	l := hits(seg, ops[count(ops) - 1], dangerous_roots)
	msg := sprintf("Blocked: `%s` deletes everything in %s that the source lacks. Sync into a directory inside the project instead.", [concat(" ", seg.argv), describe(l)])
}

# mv ~ /tmp/x, mv /etc /tmp
deny contains msg if {
	"mv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mv"})
	ops := shell.operands(seg)
	some i, word in ops
	i < count(ops) - 1
	l := hits(seg, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` moves %s away. Move specific files inside the project instead.", [concat(" ", seg.argv), describe(l)])
}

# a recursive delete whose target cannot be known: rm -rf "$DIR"/ (DIR empty → /)
_rdel_ask contains msg if {
	some seg in _recursive_deletes
	some word in shell.operands(seg)
	_unknown_target(seg, word)
	not _unresolved_deny(seg, word)
	msg := sprintf("`%s` recursively deletes `%s`, which claude-rego cannot resolve (an unset variable or an unknown directory could make it / or the project). Approve only if you know what it expands to.", [concat(" ", seg.argv), word])
}

# rm -rf /$NOPE, ~/$X, /home/$USER_UNKNOWN: the unknown part is the last component
# right under /, the home directory or a system directory, so whatever it expands to
# (also nothing) deletes something that must not be deleted.
_rdel_deny contains msg if {
	some seg in _recursive_deletes
	some word in shell.operands(seg)
	l := _unresolved_deny(seg, word)
	msg := sprintf("Blocked: `%s` recursively deletes `%s`: the part claude-rego cannot resolve sits directly under %s (%s), so it deletes that directory or one of its top-level entries. %s", [concat(" ", seg.argv), word, l, describe(l), instead])
}

_unresolved_deny(seg, word) := l if {
	shell.unresolved(word)
	not _guarded(word)
	prefix := shell.known_prefix(word)
	endswith(prefix, "/")
	_last_component_unknown(word, prefix)
	l := shell.lexical(seg, prefix)
	l != "?"
	stripped(l) in catastrophic_roots
}

# the text after the known prefix is one unresolved part (a variable, ${…}, $(…)),
# optionally followed by / or /*
_last_component_unknown(word, prefix) if {
	# trim_prefix, not substring(word, count(prefix), -1): regorus counts UTF-16 units (docs/rego-dialect.md)
	rest := trim_right(trim_suffix(trim_suffix(trim_prefix(word, prefix), "*"), "/"), "/")
	not contains(rest, "/")
}

# "${OUT:?}" makes the shell stop when OUT is empty or unset
_guarded(word) if contains(word, ":?")

_guarded(word) if regex.match(`\$\{[A-Za-z_][A-Za-z0-9_]*\?`, word)

# the word starts with an unresolved part, or its known part is / , ~, a system
# directory, the project root or above: it could be any of those
_unknown_target(seg, word) if {
	shell.unresolved(word)
	not _guarded(word)
	shell.known_prefix(word) == ""
	not _anchored(seg, word)
	not _listed_by_find(seg, word)
}

_names_something(a, _) if not a in {"-name", "-iname"}

_names_something(a, value) if {
	a in {"-name", "-iname"}
	regex.match(`[A-Za-z0-9_]`, value)
}

# rm -rf `find . -name __pycache__`, $(find build -name '*.o'): the word is the output of a
# find rooted inside the project whose tests are all met together (no -o, !, -not) and whose
# -name/-iname patterns name something (a letter or digit, so none matches `.` itself): paths
# below its start, never the project root
_listed_by_find(seg, word) if {
	word in {"$(…)", "`…`"}
	subs := [c | some c in segments; c.parent == seg.id; c.context == "substitution"]
	count(subs) == 1
	some c in subs
	shell.runs(c, "find")
	some i, a in shell.args(c)
	a in {"-name", "-iname"}
	every j, b in shell.args(c) {
		not b in {"-o", "-or", "!", "-not", ","}
		_names_something(b, _next_arg(shell.args(c), j))
	}
	every w in _listing_roots(c) {
		_word_inside_project(c, w)
	}
}

_unknown_target(seg, word) if {
	shell.unresolved(word)
	not _guarded(word)
	not _anchored(seg, word)
	prefix := shell.known_prefix(word)
	prefix != ""
	l := shell.lexical(seg, _prefix_dir(prefix))
	l != "?"
	some r in dangerous_roots
	paths.under(r, stripped(l))
}

_unknown_target(seg, word) if {
	shell.cwd_at(seg) == "?"
	not startswith(word, "/")
	not startswith(word, "~")
	not startswith(word, "$")
}

# the directory a known prefix names: "/usr/" → /usr, "/ho" → /, "build" → .
_prefix_dir(prefix) := prefix if endswith(prefix, "/") else := d if {
	contains(prefix, "/")
	d := concat("", [regex.replace(prefix, `[^/]*$`, ""), "."])
} else := "."

# `find . -name '*.pyc' -delete` in the project root deletes selected files, not the
# project. Only a filter that narrows counts: `-type f` or `-name '*'` selects every file
# (`find . -type f -exec shred -u {} \;` destroys the project, .git included).
filtered_in_project(seg, l) if {
	stripped(l) == project
	_find_narrowed(seg)
}

_find_tests := {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-newer", "-mtime", "-mmin", "-size", "-empty", "-user", "-perm", "-inum", "-samefile", "-links"}

_find_actions := {"-delete", "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-fprint", "-fprint0", "-ls", "-fls"}

# a find test that selects what the action gets: not negated (`! -name keep`, `-not -path
# './keep'`) and in the branch of the action after it (`-name '*.pyc' -o -delete` deletes all
# the rest; the test of a pruned branch, `-path ./keep -prune -o -delete`, is in another
# branch; `-name __pycache__ -prune -exec rm -rf {} +` prunes what it deletes: it narrows)
_find_narrowed(seg) if {
	args := shell.args(seg)
	some i, a in args
	a in _find_tests
	_narrowing(a, _next_arg(args, i))
	not _negated_test(args, i)
	not _other_branch(args, i)
}

_negated_test(args, i) if {
	i > 0
	args[i - 1] in {"!", "-not"}
}

# inside a negated group: `! \( -name a -o -name b \)`
_negated_test(args, i) if {
	some j, b in args
	j > 0
	j < i
	b == "("
	args[j - 1] in {"!", "-not"}
	count([k | some k, c in args; k > j; k < i; c == ")"]) == 0
}

# an -o between the test and the action after it (none after it: the implicit -print at the end)
_other_branch(args, i) if {
	ds := [d | some d, b in args; d > i; b in _find_actions]
	count(ds) > 0
	some k, b in args
	k > i
	k < min(ds)
	b in {"-o", "-or"}
}

_other_branch(args, i) if {
	count([d | some d, b in args; d > i; b in _find_actions]) == 0
	some k, b in args
	k > i
	b in {"-o", "-or"}
}

_next_arg(args, i) := args[i + 1] if i + 1 < count(args) else := ""

_narrowing(a, _) if a == "-empty"

_narrowing(a, value) if {
	a != "-empty"
	not value in _match_all
}

_match_all := {"", "*", "*.*", ".*", "./*", "*/*", ".*/*", "./.*", ".*.*", "*.", "**"}

# ------------------------------------------------------------------ devices and file systems

deny contains msg if {
	some ran in _formatters
	some seg in shell.running({ran})
	regex.match(`^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|newfs(_.+)?)$`, shell.name(seg))
	msg := sprintf("Blocked: `%s` creates a file system, destroying whatever the target held. Format devices outside the agent session.", [concat(" ", seg.argv)])
}

_harmless_devices := {"/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/tty"}

# dd and its forensic and SCSI cousins, which take the same key=value operands (session 32):
# `dcfldd of=/dev/sda`, `dc3dd wipe=/dev/nvme0n1` (hof=, ofs=, hwipe=: the same with hashing
# or split output), `sg_dd of=/dev/sg1`, `ddpt of=/dev/sdb`
deny contains msg if {
	some ran in data.claude_rego.lib.paths.dd_family & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.args(seg)
	some key in data.claude_rego.lib.paths.dd_output_keys
	startswith(arg, concat("", [key, "/dev/"]))
	target := substring(arg, count(key), -1)
	not target in _harmless_devices
	not startswith(target, "/dev/fd/")
	msg := sprintf("Blocked: `%s` writes raw data onto the device %s. Write to a regular file inside the project instead.", [concat(" ", seg.argv), target])
}

deny contains msg if {
	some ran in _device_destroyers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.operands(seg)
	startswith(arg, "/dev/")
	msg := sprintf("Blocked: `%s` destroys the data on %s. Do this outside the agent session.", [concat(" ", seg.argv), arg])
}

# (scrub and wipe overwrite a device with patterns; sg_unmap and sg_write_same discard or overwrite
# its blocks; flash_erase, flashcp and nandwrite erase or rewrite an MTD flash chip)
_device_destroyers := {
	"shred", "wipefs", "blkdiscard", "sgdisk", "sfdisk", "parted", "fdisk", "gdisk", "cfdisk", "badblocks", "hdparm",
	"nvme", "cryptsetup", "scrub", "wipe", "sg_unmap", "sg_write_same", "flash_erase", "flash_eraseall", "flashcp",
	"nandwrite",
}

# SCSI tools that destroy only when told to (session 32): `sg_format --format /dev/sda` (bare
# `sg_format /dev/sda` reports the format), `sg_sanitize --overwrite|--block|--crypto`
deny contains msg if {
	some ran in {"sg_format", "sg_sanitize"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_scsi_destroys(ran, seg)
	some arg in shell.operands(seg)
	startswith(arg, "/dev/")
	msg := sprintf("Blocked: `%s` destroys the data on %s. Do this outside the agent session.", [concat(" ", seg.argv), arg])
}

_scsi_destroys("sg_format", seg) if shell.has_arg(seg, {"--format"})

_scsi_destroys("sg_format", seg) if shell.has_short_flag(seg, {"F"})

_scsi_destroys("sg_sanitize", seg) if shell.has_arg(seg, {"--overwrite", "--block", "--crypto"})

_scsi_destroys("sg_sanitize", seg) if shell.has_short_flag(seg, {"O", "B", "C"})

# flashrom writing or erasing the machine's own firmware (`-p internal -w bios.bin`, `-E`):
# a bad image leaves it unbootable. An external programmer (`-p ch341a_spi -w fw.bin`) writes
# a chip on the bench: asked.
deny contains msg if {
	"flashrom" in data.claude_rego.lib.shell.names
	some seg in shell.running({"flashrom"})
	_flashrom_writes(seg)
	_flashrom_internal(seg)
	msg := sprintf("Blocked: `%s` rewrites this machine's firmware; a bad image leaves it unbootable. Do this outside the agent session.", [concat(" ", seg.argv)])
}

ask contains msg if {
	"flashrom" in data.claude_rego.lib.shell.names
	some seg in shell.running({"flashrom"})
	_flashrom_writes(seg)
	not _flashrom_internal(seg)
	msg := sprintf("`%s` writes or erases a flash chip's firmware. Approve only if this is the chip you mean to program.", [concat(" ", seg.argv)])
}

_flashrom_writes(seg) if shell.has_arg(seg, {"--write", "--erase"})

_flashrom_writes(seg) if shell.has_short_flag(seg, {"w", "E"})

_flashrom_internal(seg) if {
	some i, a in shell.args(seg)
	a in {"-p", "--programmer"}
	i + 1 < count(shell.args(seg))
	startswith(shell.args(seg)[i + 1], "internal")
}

_flashrom_internal(seg) if {
	some a in shell.args(seg)
	some prefix in {"-pinternal", "--programmer=internal"}
	startswith(a, prefix)
}

block_device := `^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme[0-9]|mmcblk[0-9]|r?disk[0-9]|md[0-9]|dm-[0-9]|mapper/|loop[0-9]|sr[0-9]|mtd(block)?[0-9]|nbd[0-9]|disk/by-)`

# cat image > /dev/sda, tee /dev/nvme0n1, cp x /dev/disk2
deny contains msg if {
	some p in data.claude_rego.lib.paths.written
	some l in {p.absolute, p.resolved}
	regex.match(block_device, lower(l))
	msg := sprintf("Blocked: this command writes onto the block device %s, destroying its data. Write to a regular file instead.", [l])
}

# ------------------------------------------------------------------ fork bombs

_function_bodies := data.claude_rego.lib.shell.in_context("function_body")

deny contains "Blocked: this is a fork bomb (a function that pipes into itself in the background); it would exhaust the machine. Do not run it." if {
	some a in _function_bodies
	some b in _function_bodies
	b.operator in {"|", "|&"}
	a.pipeline == b.pipeline
	a.id < b.id
	a.command == b.command
}

# the classic text, when the command really defines a function (not inside quoted data)
deny contains "Blocked: this is a fork bomb; it would exhaust the machine. Do not run it." if {
	count(_function_bodies) > 0
	regex.match(`:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}`, data.claude_rego.lib.shell.script)
}

# ------------------------------------------------------------------ permissions

deny contains msg if {
	some ran in {"chmod", "chown", "chgrp"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	recursive(seg)
	some word in shell.operands(seg)
	l := hits(seg, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` recursively changes permissions or ownership of %s (%s), which breaks the system or your account. Change specific files inside the project instead.", [concat(" ", seg.argv), stripped(l), describe(l)])
}

# find ~ -exec chmod 000 {} +, find / -execdir chown nobody {} \;, fd . ~ -x chmod 000 (read
# as the find it amounts to), find ~ -print0 | xargs -0 chmod 000: find visits every file
# under its start, so the change is as recursive as `chmod -R` whatever the flags. Denied
# like `chmod -R 000 ~`; with a name test that names something (`-name '*.sh'`) it selects
# some files only, and asks.
_perm_changers := {"chmod", "chown", "chgrp", "chattr", "setfacl"}

deny contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	changer := _find_changes_perms(seg)
	not _find_named(seg)
	some start in shell.find_starts(seg)
	l := hits(seg, start, catastrophic_roots)
	msg := sprintf("Blocked: `%s` runs `%s` on every file under %s (%s), like a recursive %s there, which breaks the system or your account. Change specific files inside the project instead.", [concat(" ", seg.argv), changer, stripped(l), describe(l), changer])
}

ask contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	changer := _find_changes_perms(seg)
	_find_named(seg)
	some start in shell.find_starts(seg)
	l := hits(seg, start, catastrophic_roots)
	msg := sprintf("`%s` runs `%s` on the matching files anywhere under %s (%s). Approve only if those files' permissions or owners should change.", [concat(" ", seg.argv), changer, stripped(l), describe(l)])
}

_find_changes_perms(seg) := shell.name(child) if {
	some child in data.claude_rego.lib.shell.in_context("find_exec")
	_exec_of(child, seg.id)
	shell.runs_any(child, _perm_changers)
} else := shell.name(grandchild) if {
	some child in data.claude_rego.lib.shell.in_context("find_exec")
	_exec_of(child, seg.id)
	some grandchild in segments
	grandchild.parent == child.id
	shell.runs_any(grandchild, _perm_changers)
}

_exec_of(child, id) if child.parent == id

_exec_of(child, id) if shell.by_id(child.parent).parent == id

# -name/-iname/-path with a pattern that names something (not `*`)
_find_named(seg) if {
	args := shell.args(seg)
	some i, a in args
	a in _find_name_tests
	v := _next_arg(args, i)
	not v in _match_all
	regex.match(`[A-Za-z0-9_]`, v)
}

# … | xargs chmod: fed by a find (or fd) of such a start, or (recursively) by the start itself
deny contains msg if {
	some ran in _perm_changers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_fed_by_xargs(seg)
	node := _stdin_node(seg)
	some producer in segments
	shell.upstream(producer, node)
	_lists_tree(producer, seg)
	some word in _listing_words(producer)
	l := hits(producer, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` feeds every file under %s (%s) to `%s` through xargs, like a recursive %s there, which breaks the system or your account. Change specific files inside the project instead.", [concat(" ", producer.argv), stripped(l), describe(l), shell.name(seg), shell.name(seg)])
}

_lists_tree(producer, _) if {
	shell.runs_any(producer, {"find", "fd", "fdfind"})
	not _find_named(producer)
}

_lists_tree(producer, consumer) if {
	not shell.runs_any(producer, {"find", "fd", "fdfind"})
	_recursive_perm(consumer)
}

_recursive_perm(seg) if recursive(seg)

_recursive_perm(seg) if _recursive_attr(seg)

_listing_words(producer) := shell.find_starts(producer) if shell.runs(producer, "find")

else := array.slice(shell.operands(producer), 1, count(shell.operands(producer))) if shell.runs_any(producer, {"fd", "fdfind"})

else := ["."] if {
	shell.runs(producer, "ls")
	count(shell.operands(producer)) == 0
} else := shell.operands(producer)

# kill -9 -1: every process of the user (the session, the editor, the agent)
deny contains msg if {
	"kill" in data.claude_rego.lib.shell.names
	some seg in shell.running({"kill"})
	"-1" in shell.operands(seg)
	msg := sprintf("Blocked: `%s` kills every process you own (your session and editor included). Kill specific processes by PID instead.", [concat(" ", seg.argv)])
}

# (the argument index read once into a rule of the package: a key test per rule below)
_arg_index := data.claude_rego.lib.shell.arg_index

# git clean -ffdx outside the project (git -C ~ clean): deletes every untracked file there
deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	_arg_index.clean # (some segment has the word: before the per-segment calls)
	some seg in shell.running({"git"})
	"clean" in shell.args(seg)
	some i, a in shell.args(seg)
	a == "-C"
	l := shell.lexical(seg, shell.args(seg)[i + 1])
	l != "?"
	stripped(l) in catastrophic_roots
	msg := sprintf("Blocked: `%s` deletes every untracked file under %s. Run git clean inside the project only.", [concat(" ", seg.argv), l])
}

# … or run there after a cd (`cd ~ && git clean -xdf`, `cd / ; git clean -fdx`)
deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	_arg_index.clean # (some segment has the word: before the per-segment calls)
	some seg in shell.running({"git"})
	args := shell.args(seg)
	"clean" in args
	not "-C" in args
	_git_clean_forced(seg)
	l := shell.lexical(seg, ".")
	l != "?"
	stripped(l) in catastrophic_roots
	msg := sprintf("Blocked: `%s` runs in %s and deletes every untracked file there. Run git clean inside the project only.", [concat(" ", seg.argv), l])
}

# -f/--force (git clean refuses without it; -n only lists)
_git_clean_forced(seg) if {
	args := shell.args(seg)
	some a in args
	regex.match(`^(-[A-Za-z]*f[A-Za-z]*|--force)$`, a)
	not "-n" in args
	not "--dry-run" in args
}

# the cheap test before the regular expression (a regex.match costs ~3 µs per segment): the
# programs run whose name starts like a formatter's (no function call per name)
_formatters := {n | some n in data.claude_rego.lib.shell.names; startswith(n, "mk")} | {n | some n in data.claude_rego.lib.shell.names; startswith(n, "newfs")}

# storage managers: a volume, pool or subvolume deleted is its whole content
deny contains msg if {
	some ran in {"lvremove", "vgremove", "pvremove", "zpool", "zfs", "btrfs", "mdadm", "dmsetup"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in _volume_destroy_words
	seg.command != "btrfs" # (btrfs also needs the subvolume word, below)
	msg := sprintf("Blocked: `%s` destroys a storage volume and everything on it. Do this outside the agent session.", [concat(" ", seg.argv)])
}

# (zpool labelclear: the pool label wiped; dmsetup remove_all: every mapped volume dropped)
_volume_destroy_words := {
	"destroy", "delete", "remove", "lvremove", "--zero-superblock", "wipe_table", "labelclear", "remove_all",
	"--kill-subarray",
}

# mdadm --create / -C over member devices: their superblocks and data are rewritten
deny contains msg if {
	"mdadm" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mdadm"})
	shell.has_arg(seg, {"--create", "-C"})
	some arg in shell.operands(seg)
	startswith(arg, "/dev/")
	msg := sprintf("Blocked: `%s` builds an array over existing devices, destroying their data. Do this outside the agent session.", [concat(" ", seg.argv)])
}

# zpool create|add|attach|replace -f over devices (session 32): forced, it labels a device
# that holds a file system or another pool, destroying it (without -f zpool refuses)
deny contains msg if {
	"zpool" in data.claude_rego.lib.shell.names
	some seg in shell.running({"zpool"})
	ops := shell.operands(seg)
	ops[0] in {"create", "add", "attach", "replace"}
	shell.has_short_flag(seg, {"f"})
	some arg in ops
	startswith(arg, "/dev/")
	msg := sprintf("Blocked: `%s` forces a pool over existing devices, destroying their data. Do this outside the agent session.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in {"lvremove", "vgremove", "pvremove"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	msg := sprintf("Blocked: `%s` destroys a storage volume and everything on it. Do this outside the agent session.", [concat(" ", seg.argv)])
}

deny contains msg if {
	"btrfs" in data.claude_rego.lib.shell.names
	some seg in shell.running({"btrfs"})
	"subvolume" in shell.args(seg)
	"delete" in shell.args(seg)
	msg := sprintf("Blocked: `%s` deletes a btrfs subvolume and everything on it. Do this outside the agent session.", [concat(" ", seg.argv)])
}

# btrfs takes any unique prefix of its command words (`btrfs sub del`, `btrfs su d`,
# `btrfs subvol delete`): a subvolume deleted in any spelling
deny contains msg if {
	"btrfs" in data.claude_rego.lib.shell.names
	some seg in shell.running({"btrfs"})
	ops := [lower(a) | some a in shell.operands(seg)]
	some i in numbers.range(0, 2)
	i + 1 < count(ops)
	_word_prefix(ops[i], "subvolume", 2)
	_word_prefix(ops[i + 1], "delete", 1)
	msg := sprintf("Blocked: `%s` deletes a btrfs subvolume and everything on it. Do this outside the agent session.", [concat(" ", seg.argv)])
}

# w is an abbreviation of word at least n letters long
_word_prefix(w, word, n) if {
	count(w) >= n
	startswith(word, w)
}

# ------------------------------------------------------------------ s26: storage that loses or detaches data

# Operations of volume managers, snapshot and backup tools that destroy data short of
# wiping a whole device (denied above): a rollback discards what was written since the
# snapshot, a shrink cuts off the end of a volume, an array stopped or a member failed
# takes data offline or away from its redundancy, a snapshot or backup deleted is the
# undo gone. Asked: each is also an operator's routine. Listing, creating snapshots and
# reading status pass (`zfs list`, `zfs snapshot`, `mdadm --detail`, `lvs`, `snapper list`).
ask contains msg if {
	some ran in _storage_loss_programs & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	effect := _storage_loss(ran, seg)
	msg := sprintf("`%s` %s. Approve only if this is intended and the data is backed up.", [concat(" ", seg.argv), effect])
}

_storage_loss_programs := {
	"mdadm", "zfs", "zpool", "lvreduce", "lvresize", "lvconvert", "vgreduce", "snapper", "tmutil", "timeshift",
	"qemu-img", "vssadmin", "vssadmin.exe", "wbadmin", "wbadmin.exe", "diskutil", "diskpart", "diskpart.exe",
	"remove-vmsnapshot", "remove-vmcheckpoint", "restore-vmsnapshot", "restore-vmcheckpoint", "bcdedit", "bcdedit.exe",
	"xfs_repair", "btrfs", "debugfs", "reiserfsck",
} | _fsck_programs

# file system repairs that give up data to get a consistent file system (session 32), on a
# device (not an image file in the project): `xfs_repair -L` zeroes the log (its unwritten
# changes are lost), `e2fsck -y`/`fsck -fy` answers yes to every fix (on a mounted file system
# it corrupts it), `btrfs check --repair|--init-csum-tree|--init-extent-tree`, `btrfs rescue
# zero-log|chunk-recover`, `debugfs -w` (writes inodes and directories by hand), `reiserfsck
# --rebuild-tree`. `e2fsck -n`, `fsck -N`, `e2fsck -p` (only safe fixes) and `btrfs check` pass.
_fsck_programs := {"fsck", "e2fsck", "fsck.ext2", "fsck.ext3", "fsck.ext4", "fsck.vfat", "fsck.fat", "fsck.msdos", "dosfsck", "fsck.exfat", "fsck.ntfs"}

_repair_loss := "repairs a file system by discarding what it cannot fix (on a mounted file system it can corrupt it)"

_storage_loss("xfs_repair", seg) := "zeroes the file system's log: the changes it held are lost" if {
	shell.has_short_flag(seg, {"L"})
	_on_device(seg)
}

_storage_loss(ran, seg) := _repair_loss if {
	ran in _fsck_programs
	shell.has_short_flag(seg, {"y"})
	not shell.has_short_flag(seg, {"n", "N"})
	_on_device(seg)
}

_storage_loss("btrfs", seg) := _repair_loss if {
	"check" in shell.operands(seg)
	shell.has_arg(seg, {"--repair", "--init-csum-tree", "--init-extent-tree"})
}

_storage_loss("btrfs", seg) := "rebuilds the file system's metadata, discarding what it cannot recover" if {
	ops := shell.operands(seg)
	ops[0] == "rescue"
	ops[1] in {"zero-log", "chunk-recover", "fix-device-size", "clear-uuid-tree"}
}

_storage_loss("debugfs", seg) := "opens the file system for writing its inodes and directories by hand" if {
	shell.has_short_flag(seg, {"w"})
	_on_device(seg)
}

_storage_loss("reiserfsck", seg) := _repair_loss if shell.has_arg(seg, {"--rebuild-tree", "--rebuild-sb", "--fix-fixable"})

# a device, a file system by label or UUID, or every file system of fstab (`fsck -A`)
_on_device(seg) if {
	some a in shell.operands(seg)
	_device_word(a)
}

_on_device(seg) if {
	ran := shell.name(seg)
	ran in _fsck_programs
	shell.has_short_flag(seg, {"A"})
}

_device_word(a) if startswith(a, "/dev/")

_device_word(a) if startswith(a, "UUID=")

_device_word(a) if startswith(a, "LABEL=")

_device_word(a) if startswith(a, "PARTUUID=")

# mdadm --stop/-S, --fail, --remove (-f/-r are --fail/--remove only in manage mode)
_storage_loss("mdadm", seg) := "stops a RAID array or fails/removes one of its members: its data goes offline or loses its redundancy" if {
	_mdadm_detaches(seg)
}

_mdadm_detaches(seg) if shell.has_arg(seg, {"--stop", "--fail", "--set-faulty", "--remove"})

_mdadm_detaches(seg) if shell.has_short_flag(seg, {"S"})

_mdadm_detaches(seg) if shell.has_arg_prefix(seg, "--kill-subarray=")

_mdadm_detaches(seg) if {
	shell.has_short_flag(seg, {"f", "r"})
	not shell.has_arg(seg, _mdadm_modes)
	not shell.has_short_flag(seg, {"A", "B", "C", "G", "I", "F"})
}

_mdadm_modes := {"--assemble", "--build", "--create", "--grow", "--incremental", "--monitor", "--follow"}

_storage_loss("zfs", seg) := "rolls the dataset back to a snapshot, discarding everything written since (with -r/-R also destroying the later snapshots and clones)" if {
	shell.operands(seg)[0] == "rollback"
}

_storage_loss("zfs", seg) := "forces the receive: the target is rolled back and its snapshots missing from the stream are destroyed" if {
	shell.operands(seg)[0] in {"receive", "recv"}
	shell.has_short_flag(seg, {"F"})
}

_storage_loss("zpool", seg) := "detaches a pool or a device from it, out from under whatever uses it" if {
	w := shell.operands(seg)[0]
	_zpool_detaches(seg, w)
}

_zpool_detaches(_, w) if w in {"detach", "split"}

_zpool_detaches(seg, "export") if shell.has_short_flag(seg, {"f", "F", "a"})

_zpool_detaches(seg, "export") if shell.has_arg(seg, {"--force", "--all"})

_storage_loss("zpool", seg) := "imports the pool by discarding its last transactions (recovery mode or a rewind)" if {
	shell.operands(seg)[0] == "import"
	_zpool_rewinds(seg)
	not shell.has_short_flag(seg, {"n"})
}

_zpool_rewinds(seg) if shell.has_short_flag(seg, {"F", "X", "T"})

_zpool_rewinds(seg) if shell.has_arg(seg, {"--rewind-to-checkpoint"})

_storage_loss("lvreduce", _) := "shrinks a logical volume: whatever lies past its new end is lost"

# lvresize to a size that is not an increase (`-L -5G`, `-L 10G`, `--size=10G`, `-l 50%VG`)
_storage_loss("lvresize", seg) := "may shrink a logical volume: whatever lies past its new end is lost" if {
	some v in _lv_sizes(seg)
	not startswith(v, "+")
}

_lv_sizes(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-L", "-l", "--size", "--extents"}
	i + 1 < count(args)
	v := args[i + 1]
} | {substring(a, 2, -1) |
	some a in shell.args(seg)
	regex.match(`^-[Ll].`, a)
} | {substring(a, indexof(a, "=") + 1, -1) |
	some a in shell.args(seg)
	regex.match(`^--(size|extents)=`, a)
}

_storage_loss("lvconvert", seg) := "merges a snapshot into its origin, rolling the volume back to it" if {
	shell.has_arg(seg, {"--merge", "--mergesnapshot", "--mergethin", "--mergemirrors"})
}

_storage_loss("vgreduce", _) := "removes a physical volume from its volume group (with --removemissing, the logical volumes on it go)"

_storage_loss("snapper", seg) := "deletes snapshots or rolls the system back to one" if {
	some x in array.slice([lower(a) | some a in shell.operands(seg)], 0, 3)
	x in {"delete", "remove", "rm", "rollback", "undochange"}
}

_storage_loss("tmutil", seg) := "deletes Time Machine backups or local snapshots" if {
	lower(shell.operands(seg)[0]) in {"delete", "deletelocalsnapshots", "thinlocalsnapshots", "deleteinprogress", "removedestination"}
}

_storage_loss("timeshift", seg) := "deletes system snapshots or restores one over the system" if {
	shell.has_arg(seg, {"--delete", "--delete-all", "--restore"})
}

_storage_loss("qemu-img", seg) := "deletes a disk image's snapshot or reverts the image to one" if {
	shell.operands(seg)[0] == "snapshot"
	shell.has_short_flag(seg, {"d", "a"})
}

_storage_loss(ran, seg) := "resizes the shadow-copy storage (a smaller size deletes the shadow copies)" if {
	ran in {"vssadmin", "vssadmin.exe"}
	ops := [lower(a) | some a in shell.operands(seg)]
	ops[0] == "resize"
	ops[1] == "shadowstorage"
}

_storage_loss(ran, seg) := "deletes Windows backups" if {
	ran in {"wbadmin", "wbadmin.exe"}
	ops := [lower(a) | some a in shell.operands(seg)]
	ops[0] == "delete"
	ops[1] != "catalog"
}

_storage_loss("diskutil", seg) := "deletes an APFS snapshot" if {
	ops := [lower(a) | some a in shell.operands(seg)]
	ops[0] == "apfs"
	ops[1] == "deletesnapshot"
}

# diskpart runs a script (`/s FILE`) or its standard input: `clean`, `delete`, `format` are its words
_storage_loss(ran, _) := "runs the disk partitioner, whose script can erase disks and partitions" if ran in {"diskpart", "diskpart.exe"}

_storage_loss(ran, _) := "deletes a Hyper-V checkpoint or reverts the machine to one" if {
	ran in {"remove-vmsnapshot", "remove-vmcheckpoint", "restore-vmsnapshot", "restore-vmcheckpoint"}
}

# bcdedit switching off Windows' recovery (`recoveryenabled no`, `bootstatuspolicy ignoreallfailures`)
_storage_loss(ran, seg) := "switches off Windows' recovery environment" if {
	ran in {"bcdedit", "bcdedit.exe"}
	args := [lower(a) | some a in shell.args(seg)]
	_recovery_off(args)
}

_recovery_off(args) if {
	some i, a in args
	a == "recoveryenabled"
	args[i + 1] in {"no", "off", "false", "0"}
}

_recovery_off(args) if "ignoreallfailures" in args

# Windows shadow copies and the backup catalog, macOS disk erasers: the machine's own
# undo or a whole disk wiped (what ransomware runs first)
deny contains msg if {
	some ran in _wipers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := [lower(a) | some a in shell.operands(seg)]
	effect := _wipes(ran, ops)
	msg := sprintf("Blocked: `%s` %s. Do this outside the agent session.", [concat(" ", seg.argv), effect])
}

# PowerShell's WMI/CIM spelling: the Win32_ShadowCopy instances listed and deleted
# (`Get-CimInstance Win32_ShadowCopy | Remove-CimInstance`, `gwmi win32_shadowcopy | % { $_.Delete() }`)
deny contains msg if {
	contains(_args_lower, "win32_shadowcopy")
	_wmi_deletes
	msg := "Blocked: this command deletes the volume shadow copies (Windows' restore points) through WMI. Do this outside the agent session."
}

_wmi_deletes if {
	some ran in {"remove-ciminstance", "remove-wmiobject", "rcim", "rwmi"}
	ran in data.claude_rego.lib.shell.names
}

_wmi_deletes if contains(_args_lower, ".delete")

# every distinct argument, lowercased, one a line: a substring without a newline is in one of
# them when it is in this text (one lower and one contains, not one of each per argument)
_args_lower := lower(concat("\n", object.keys(data.claude_rego.lib.shell.arg_index)))

_wmi_deletes if {
	command := input.hook.tool_input.command
	is_string(command)
	contains(lower(command), ".delete(")
}

# Windows' disk erasers: PowerShell's storage cmdlets and `format D:`
deny contains msg if {
	some ran in {"clear-disk", "format-volume", "remove-partition", "format", "format.com"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_windows_eraser(ran, seg)
	msg := sprintf("Blocked: `%s` erases a disk, partition or volume and everything on it. Do this outside the agent session.", [concat(" ", seg.argv)])
}

_windows_eraser(ran, _) if ran in {"clear-disk", "format-volume", "remove-partition"}

_windows_eraser(ran, seg) if {
	ran in {"format", "format.com"}
	some a in shell.args(seg)
	regex.match(`^[A-Za-z]:\\?$`, a)
}

_wipers := {"vssadmin", "vssadmin.exe", "wmic", "wmic.exe", "wbadmin", "wbadmin.exe", "diskutil"}

_wipes(ran, ops) := "deletes the volume shadow copies (Windows' restore points)" if {
	ran in {"vssadmin", "vssadmin.exe"}
	ops[0] == "delete"
	ops[1] == "shadows"
}

_wipes(ran, ops) := "deletes the volume shadow copies (Windows' restore points)" if {
	ran in {"wmic", "wmic.exe"}
	"shadowcopy" in ops
	"delete" in ops
}

_wipes(ran, ops) := "deletes the Windows backup catalog (the backups can no longer be restored)" if {
	ran in {"wbadmin", "wbadmin.exe"}
	ops[0] == "delete"
	ops[1] == "catalog"
}

_wipes("diskutil", ops) := "erases a disk, volume or container and everything on it" if {
	some x in array.slice(ops, 0, 2)
	x in _diskutil_erasers
}

_wipes("diskutil", ops) := "erases a disk, volume or container and everything on it" if {
	ops[0] in {"cs", "corestorage", "ar", "appleraid"}
	ops[1] in {"delete", "deletevolume", "deletelvg"}
}

_diskutil_erasers := {
	"erasedisk", "erasevolume", "zerodisk", "randomdisk", "secureerase", "partitiondisk", "reformat", "eraseoptical",
	"splitpartition", "mergepartitions", "deletecontainer", "deletevolume", "deletevolumegroup",
}

# rclone purge/delete of a local directory, rsync --remove-source-files of the sources
deny contains msg if {
	"rclone" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rclone"})
	some a in shell.args(seg)
	a in {"purge", "delete", "rmdirs"}
	some word in shell.operands(seg)
	not contains(word, ":")
	l := hits(seg, word, dangerous_roots)
	msg := sprintf("Blocked: `%s` deletes %s. %s", [concat(" ", seg.argv), describe(l), instead])
}

deny contains msg if {
	"rsync" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rsync"})
	"--remove-source-files" in shell.args(seg)
	ops := shell.operands(seg)
	some i, word in ops
	i < count(ops) - 1
	l := hits(seg, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` removes every file it copies from %s. Copy instead, and delete specific files later.", [concat(" ", seg.argv), describe(l)])
}

# mv of the project root or of a directory inside a system directory (/var/lib/postgresql):
# the data is gone from where everything expects it
ask contains msg if {
	"mv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mv"})
	ops := shell.operands(seg)
	some i, word in ops
	i < count(ops) - 1
	some l in locations(seg, word)
	_moves_away(l)
	msg := sprintf("`%s` moves `%s` away (the project root or system data). Approve only if intended.", [concat(" ", seg.argv), word])
}

_moves_away(l) if stripped(l) == project

_moves_away(l) if {
	some d in {"/var/lib", "/etc", "/usr", "/opt", "/srv", "/boot"}
	paths.under(stripped(l), d)
	stripped(l) != d
}

# rm -rf .git: the repository's whole history
ask contains msg if {
	some t in _rd_targets
	some l in t.locations
	shell.basename(stripped(l)) == ".git"
	msg := sprintf("`%s` deletes a git repository's history (%s). Approve only if it is backed up or meant to go.", [concat(" ", t.seg.argv), t.word])
}

# ------------------------------------------------------------------ h12: effects, not names

# a fork bomb in any interpreter's inline code (perl -e 'fork while 1', python
# `while True: os.fork()`): the facts layer marks code that forks in an unbounded loop
deny contains msg if {
	some seg in data.claude_rego.lib.shell.opaque_segments
	"interpreter_fork_loop" in seg.opaque_reasons
	msg := sprintf("Blocked: `%s` forks in an endless loop (a fork bomb); it would exhaust the machine. Do not run it.", [concat(" ", seg.argv)])
}

# kill SIGNAL -1 / kill -s SIG -1 / kill -- -1: pid -1 is every process you may signal
deny contains msg if {
	"kill" in data.claude_rego.lib.shell.names
	some seg in shell.running({"kill"})
	"-1" in _kill_pids(seg)
	msg := sprintf("Blocked: `%s` signals every process you own (pid -1: your session and editor included). Kill specific processes by PID instead.", [concat(" ", seg.argv)])
}

# the process ids of a kill: the words after the signal (-9, -TERM, -s SIG, -n NUM, --)
_kill_pids(seg) := array.slice(a, 2, count(a)) if {
	a := shell.args(seg)
	count(a) > 0
	a[0] in {"-s", "-n", "--signal"}
} else := array.slice(a, 1, count(a)) if {
	a := shell.args(seg)
	count(a) > 1
	a[0] == "--"
} else := array.slice(a, 1, count(a)) if {
	a := shell.args(seg)
	count(a) > 1
	regex.match(`^-([0-9]+|[A-Za-z][A-Za-z0-9+]*)$`, a[0])
	a[0] != "-1"
} else := array.slice(a, 2, count(a)) if {
	a := shell.args(seg)
	count(a) > 2
	a[0] == "-1"
	a[1] == "--"
} else := array.slice(a, 1, count(a)) if {
	a := shell.args(seg)
	count(a) > 1
	a[0] == "-1"
	a[1] == "-1"
} else := [w | some w in shell.args(seg); w == "--"]

# pkill -u USER / killall -u USER / skill -u USER with no pattern: every process of that user
deny contains msg if {
	some ran in {"pkill", "killall", "skill", "slay"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	a in {"-u", "-U", "--euid", "--uid", "--user"}
	user := shell.args(seg)[i + 1]
	not _kill_pattern_after(seg, i + 1)
	msg := sprintf("Blocked: `%s` kills every process of %s (the session, the editor and the agent included). Name the processes to stop.", [concat(" ", seg.argv), user])
}

_kill_pattern_after(seg, j) if {
	some k, w in shell.args(seg)
	k > j
	not startswith(w, "-")
	not _kill_option_value(seg, k)
}

_kill_option_value(seg, k) if shell.args(seg)[k - 1] in {"-u", "-U", "--euid", "--uid", "--user", "-s", "--signal", "-g", "--pgroup", "-G", "--group", "-P", "--parent", "-t", "--terminal", "-n", "--ns", "-F", "--pidfile"}

# git clean/reset --hard/checkout -f on a work tree outside the project given by
# --work-tree / GIT_WORK_TREE (a dotfiles bare repository over $HOME): judged on the tree
# it acts on
deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	_git_destroys_worktree(seg)
	tree := shell.expand(seg, _git_work_tree(seg))
	l := shell.lexical(seg, tree)
	l != "?"
	stripped(l) in catastrophic_roots
	msg := sprintf("Blocked: `%s` discards or deletes files across the work tree %s (%s). Run it inside the project only.", [concat(" ", seg.argv), l, describe(l)])
}

_git_work_tree(seg) := v if {
	v := shell.option_value(seg, {"--work-tree"})
} else := seg.assignments.GIT_WORK_TREE

_git_destroys_worktree(seg) if "clean" in shell.args(seg)

_git_destroys_worktree(seg) if {
	"reset" in shell.args(seg)
	"--hard" in shell.args(seg)
}

_git_destroys_worktree(seg) if {
	some v in {"checkout", "switch", "restore", "stash"}
	v in shell.args(seg)
	some f in {"-f", "--force", ".", "--discard-changes", "-u", "--include-untracked", "--all"}
	f in shell.args(seg)
}

# find .git … -delete / -exec rm|shred: the same history, file by file. Only git's lock
# files (`-name '*.lock'`, every name test naming one) are a few files; other name tests
# (`-name '*.pack'`, `-name '*.idx'`, `-type f -empty`) still reach objects and refs
ask contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	shell.find_deletes(seg)
	some start in shell.find_starts(seg)
	some l in locations(seg, start)
	_in_git_dir(stripped(l))
	not _only_git_lock_files(seg)
	msg := sprintf("`%s` deletes files of a git repository's history (%s). Approve only if it is backed up or meant to go.", [concat(" ", seg.argv), start])
}

# find . -path './.git/objects/*' -delete, find . -name .git -prune -exec rm -rf {} \;: a test
# that selects the repository's internals from anywhere, in the action's own branch
# (`-path ./.git -prune -o …`, which skips them, passes)
ask contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	shell.find_deletes(seg)
	args := shell.args(seg)
	some i, a in args
	a in {"-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-name", "-iname"}
	i + 1 < count(args)
	not _negated_test(args, i)
	not _other_branch(args, i)
	pattern := args[i + 1]
	_selects_git_dir(a, pattern)
	not endswith(pattern, ".lock")
	msg := sprintf("`%s` deletes files of a git repository's history (%s). Approve only if it is backed up or meant to go.", [concat(" ", seg.argv), pattern])
}

_selects_git_dir(test, pattern) if {
	not test in {"-name", "-iname"}
	regex.match(`(?i)(^|[/*])\\?\.git(\\?/|$|\*)`, pattern)
}

_selects_git_dir(test, pattern) if {
	test in {"-name", "-iname"}
	regex.match(`(?i)^["']?\.git\*?["']?$`, pattern)
}

# `! -path './.git/*'`, `-not -path …`: the test excludes the repository's internals
_negated_test(args, i) if {
	i > 0
	args[i - 1] in {"!", "-not"}
}

_find_name_tests := {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"}

_only_git_lock_files(seg) if {
	args := shell.args(seg)
	names := [args[i + 1] | some i, a in args; a in _find_name_tests; i + 1 < count(args)]
	count(names) > 0
	every n in names {
		endswith(n, ".lock")
	}
	every a in args {
		not a in {"-o", "-or", "!", "-not", ","}
	}
}

_in_git_dir(path) if shell.basename(path) == ".git"

_in_git_dir(path) if contains(path, "/.git/")

# ------------------------------------------------------------------ xargs inputs

# `xargs rm -rf < <(echo ~)`: a process substitution feeds xargs like a pipe does
_rdel_deny contains msg if {
	some seg in _recursive_deletes
	_fed_by_xargs(seg)
	node := _stdin_node(seg)
	some producer in segments
	_process_substitution_input(producer, node)
	some word in _produced_words(producer)
	l := hits(producer, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` feeds `%s` (%s) to `rm -r` through xargs. %s", [concat(" ", producer.argv), word, describe(l), instead])
}

_process_substitution_input(producer, node) if {
	producer.parent == node.id
	producer.context == "process_substitution"
	some r in node.redirects
	r.op == "<"
	startswith(r.target, "<(")
}

# A recursive delete (or shred) run by xargs whose input claude-rego cannot tell: a file
# (`xargs rm -rf < list.txt`, `cat list | xargs rm -rf`, -a FILE), a download, a
# transformation. Known inputs: literal text (echo, printf, here-strings; their words
# are judged above) and listings rooted inside the project (find, fd, ls, git
# ls-files/diff --name-only, and grep/sort/head/tail/uniq filtering them):
# `find . -name __pycache__ | xargs rm -rf` passes.
ask contains msg if {
	some ran in _xargs_destroyers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_xargs_destroys(seg)
	_fed_by_xargs(seg)
	node := _stdin_node(seg)
	not _xargs_input_known(node)
	msg := sprintf("`%s` deletes the paths its input lists, and claude-rego cannot confirm they are inside the project (a file, a download, a transformation or a listing elsewhere feeds xargs). Approve only if you have checked the list, or delete the paths by name.", [concat(" ", array.concat(seg.wrappers, seg.argv))])
}

_xargs_destroyers := _recursive_deleters | {"shred", "wipe"}

_xargs_destroys(seg) if recursive_delete(seg)

_xargs_destroys(seg) if shell.runs_any(seg, {"shred", "wipe", "srm"})

_xargs_input_known(node) if {
	some r in node.redirects
	r.op in {"<<<", "<<", "<<-"}
}

_xargs_input_known(node) if {
	not _xargs_reads_file(node)
	producers := [p | some p in segments; _feeds_xargs(p, node)]
	count(producers) > 0
	every p in producers {
		_listing_inside_project(p)
	}
}

_feeds_xargs(p, node) if shell.upstream(p, node)

_feeds_xargs(p, node) if _process_substitution_input(p, node)

_xargs_reads_file(node) if {
	some r in node.redirects
	r.op == "<"
	not startswith(r.target, "<(")
}

_xargs_reads_file(node) if {
	args := shell.args(node)
	some i, a in args
	a in {"-a", "--arg-file"}
	file := _next_arg(args, i)
	not startswith(file, "<(")
}

_xargs_reads_file(node) if {
	some a in shell.args(node)
	startswith(a, "--arg-file=")
}

# a producer whose output is names under the project (or literal words, judged above)
_listing_inside_project(p) if {
	shell.runs_any(p, {"echo", "printf"})
	every word in shell.operands(p) {
		_word_inside_project(p, word)
	}
}

_listing_inside_project(p) if {
	shell.runs_any(p, {"find", "ls", "fd", "fdfind"})
	every word in _listing_roots(p) {
		_word_inside_project(p, word)
	}
}

_listing_inside_project(p) if {
	shell.runs(p, "git")
	ops := shell.operands(p)
	count(ops) > 0
	ops[0] in {"ls-files", "ls-tree", "diff", "status", "grep"}
}

# filters: their output is a subset of their input lines (no file operands of their own)
_listing_inside_project(p) if {
	shell.runs_any(p, {"grep", "egrep", "fgrep", "sort", "uniq", "head", "tail", "tac"})
	count(shell.operands(p)) <= 1
}

# a listing with no start operand lists its working directory (`cd ~ && ls | xargs rm -rf`
# lists ~; find with no start path is find .): judged as "."
_listing_roots(p) := roots if {
	roots := _listing_operands(p)
	count(roots) > 0
} else := ["."]

_listing_operands(p) := shell.find_starts(p) if shell.runs(p, "find")

else := array.slice(shell.operands(p), 1, count(shell.operands(p))) if shell.runs_any(p, {"fd", "fdfind"})

else := shell.operands(p)

_word_inside_project(p, word) if {
	l := paths.location(p, word)
	l.inside_project
	l.resolved_inside_project
}

# A link made after a `cd` in the same command (cd "$(mktemp -d)" && ln -s ~ x && rm -rf
# x/): the facts layer follows the command's cds and links (`cd /tmp && ln -s ~ h && rm
# -rf h/` deletes ~); one it could not follow (a cd to an unknown directory, a link to
# `$X`) is asked about, not passed.
_rdel_ask contains msg if {
	some seg in _recursive_deletes
	some ran2 in {"ln", "cp"} & data.claude_rego.lib.shell.names
	some ln in shell.running({ran2})
	ln.id < seg.id
	_makes_symlink(ln)
	shell.cwd_at(ln) != input.facts.cwd
	link := _link_name(ln)
	some word in shell.operands(seg)
	_through_link(word, link)
	not _followed_link(seg, word)
	msg := sprintf("`%s` deletes through `%s`, a link made after `cd` in this command: claude-rego cannot tell where it leads (a link to ~ or / makes this a delete of everything there). Approve only if you know the target.", [concat(" ", seg.argv), link])
}

# a link the facts layer followed (its path fact says where it leads). In a helper rule, not
# inline: OPA hoists a call nested in `not f(g(x))` out of the negation, so an undefined
# g(x) fails the whole body there, where regorus negates the undefined expression and passes
_followed_link(seg, word) if paths.link_in_command(shell.path_of(seg, word))

_makes_symlink(seg) if {
	some a in shell.args(seg)
	a in {"-s", "--symbolic"}
}

_makes_symlink(seg) if {
	some a in shell.args(seg)
	regex.match(`^-[A-Za-z]*s[A-Za-z]*$`, a)
}

_link_name(seg) := _plain(ops[count(ops) - 1]) if {
	ops := shell.operands(seg)
	count(ops) > 1
} else := shell.basename(shell.operands(seg)[0])

_plain(word) := trim_right(trim_prefix(word, "./"), "/")

_through_link(word, link) if _plain(word) == link

_through_link(word, link) if startswith(_plain(word), concat("", [link, "/"]))

# `ln -s / r; cd r/etc && rm -rf *`: a cd through a link made earlier in the command
# moves into wherever the link leads, which the working directory does not show
_rdel_ask contains msg if {
	some seg in _recursive_deletes
	some ran2 in {"cd", "pushd"} & data.claude_rego.lib.shell.names
	some cd in shell.running({ran2})
	cd.id < seg.id
	some ran3 in {"ln", "cp"} & data.claude_rego.lib.shell.names
	some ln in shell.running({ran3})
	ln.id < cd.id
	_makes_symlink(ln)
	link := _link_name(ln)
	some word in shell.operands(cd)
	_through_link(word, link)
	not _followed_link(cd, word)
	msg := sprintf("`%s` runs after `cd %s`, through `%s`, a link made earlier in this command: claude-rego cannot tell which directory it deletes in (a link to / or ~ makes this a delete there). Approve only if you know the target.", [concat(" ", seg.argv), word, link])
}

# ------------------------------------------------------------------ root-only damage

# Judged as if the agent ran as root (a container, a root shell: no sudo needed), by
# effect. Denied: killing every process or init, a second root account, root's password
# removed or root deleted, immutable/ACL flags set or cleared recursively on /, ~ or a
# system directory (the chattr analogue of recursive chmod). Asked: stopping or
# rebooting the machine, flushing its firewall, switching off its security services.

# killall5 signals every process on the machine; kill … 1 signals init (the container or
# the machine goes down)
deny contains msg if {
	"killall5" in data.claude_rego.lib.shell.names
	some seg in shell.running({"killall5"})
	not shell.has_arg(seg, {"--help", "-h"})
	msg := sprintf("Blocked: `%s` signals every process on the machine (your session, the editor and the agent included). Kill specific processes by PID instead.", [concat(" ", seg.argv)])
}

deny contains msg if {
	"kill" in data.claude_rego.lib.shell.names
	some seg in shell.running({"kill"})
	args := shell.args(seg)
	some i, a in args
	a == "1"
	not _kill_option_value(args, i)
	not _signal_zero(args) # kill -0 1: is it alive? (no signal is sent)
	msg := sprintf("Blocked: `%s` signals process 1 (init): the machine or the container goes down. Kill specific processes by PID instead.", [concat(" ", seg.argv)])
}

_signal_zero(args) if "-0" in args

_signal_zero(args) if {
	some i, a in args
	a in {"-s", "-n", "--signal"}
	args[i + 1] == "0"
}

_kill_option_value(args, i) if {
	i > 0
	args[i - 1] in {"-s", "-n", "--signal", "-l", "-L", "--list", "-q", "--queue", "--timeout"}
}

# useradd -o -u 0 x, usermod -u 0 -o dev, groupadd -o -g 0 g: a second root account
_uid_tools := {"useradd", "adduser", "usermod", "pw", "luseradd", "lusermod"}

_zero_id(seg, opts) if {
	some i, a in shell.args(seg)
	a in opts
	regex.match(`^0+$`, shell.args(seg)[i + 1])
}

_zero_id(seg, opts) if {
	some a in shell.args(seg)
	some o in opts
	regex.match(`^0+$`, trim_prefix(trim_prefix(a, concat("", [o, "="])), o))
	startswith(a, o)
	a != o
}

# -ou0: the value inside a cluster of short flags
_zero_id(seg, opts) if {
	some o in opts
	regex.match(`^-[a-z]$`, o)
	some a in shell.args(seg)
	regex.match(concat("", [`^-[a-zA-Z]*`, substring(o, 1, 1), `0+$`]), a)
}

deny contains msg if {
	some ran in _uid_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_zero_id(seg, {"-u", "--uid"})
	ops := shell.operands(seg)
	not "root" in ops
	msg := sprintf("Blocked: `%s` gives an account user id 0: a second root account. Create ordinary accounts only.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in {"groupadd", "groupmod"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_zero_id(seg, {"-g", "--gid"})
	ops := shell.operands(seg)
	not "root" in ops
	msg := sprintf("Blocked: `%s` gives a group id 0: a second root group. Create ordinary groups only.", [concat(" ", seg.argv)])
}

# passwd -d root (or bare passwd -d as root), usermod -p '' root, userdel root
deny contains msg if {
	"passwd" in data.claude_rego.lib.shell.names
	some seg in shell.running({"passwd"})
	shell.has_arg(seg, {"-d", "--delete"})
	_root_account(seg)
	msg := sprintf("Blocked: `%s` removes root's password: anyone can become root. Leave root's password alone.", [concat(" ", seg.argv)])
}

deny contains msg if {
	"usermod" in data.claude_rego.lib.shell.names
	some seg in shell.running({"usermod"})
	v := shell.option_value(seg, {"-p", "--password"})
	v in {"", "''", "\"\""}
	_root_account(seg)
	msg := sprintf("Blocked: `%s` removes root's password: anyone can become root. Leave root's password alone.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in {"userdel", "deluser"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"root" in shell.operands(seg)
	msg := sprintf("Blocked: `%s` deletes the root account. Leave it alone.", [concat(" ", seg.argv)])
}

_root_account(seg) if "root" in shell.operands(seg)

_root_account(seg) if count(shell.operands(seg)) == 0

_root_account(seg) if {
	shell.runs(seg, "usermod")
	shell.operands(seg)[count(shell.operands(seg)) - 1] == "root"
}

# chattr -R +i /etc, chattr -R +a ~, setfacl -R -m … /: every file there frozen (updates,
# logins, the shell's own files fail) or its access rewritten
deny contains msg if {
	some ran in {"chattr", "setfacl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_recursive_attr(seg)
	some word in shell.operands(seg)
	not regex.match(`^[-+=][a-zA-Z]+$`, word)
	l := hits(seg, word, catastrophic_roots)
	msg := sprintf("Blocked: `%s` recursively changes file attributes or ACLs of %s (%s), which breaks the system or your account. Change specific files inside the project instead.", [concat(" ", seg.argv), stripped(l), describe(l)])
}

_recursive_attr(seg) if shell.has_arg(seg, {"-R", "--recursive"})

_recursive_attr(seg) if {
	some a in shell.args(seg)
	regex.match(`^-[a-zA-Z]*R[a-zA-Z]*$`, a)
}

# shutdown, reboot, halt, poweroff, init 0/6, systemctl poweroff|reboot|…: the machine stops
_power_commands := {"shutdown", "reboot", "halt", "poweroff", "kexec"}

ask contains msg if {
	some ran in _power_commands & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not shell.has_arg(seg, {"-c", "--help", "--show", "-k"})
	msg := sprintf("`%s` stops or restarts the machine (every session and service on it). Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"init", "telinit"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.operands(seg)
	a in {"0", "1", "6", "s", "S"}
	msg := sprintf("`%s` changes the machine's runlevel (stops or restarts it). Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"systemctl", "loginctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"poweroff", "reboot", "halt", "kexec", "rescue", "emergency", "suspend", "hibernate", "soft-reboot", "isolate", "kill-session", "terminate-session", "kill-user", "terminate-user"}
	msg := sprintf("`%s` stops, restarts or isolates the machine or a login session. Approve only if intended.", [concat(" ", seg.argv)])
}

# iptables -F, -P INPUT DROP, nft flush ruleset, ufw disable/reset: the firewall is
# removed (the machine is exposed) or every connection cut (ssh included)
ask contains msg if {
	some ran in {"iptables", "ip6tables", "iptables-legacy", "iptables-nft", "nft", "ufw", "firewall-cmd", "pfctl", "ebtables", "arptables"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_firewall_change(seg)
	msg := sprintf("`%s` flushes or replaces the machine's firewall rules (it is exposed, or every connection is cut). Approve only if intended.", [concat(" ", seg.argv)])
}

_firewall_change(seg) if shell.has_arg(seg, {"-F", "--flush", "-X", "--delete-chain", "-P", "--policy", "flush", "disable", "reset", "--panic-on", "--set-default-zone", "--complete-reload", "-d", "-Fa", "-Fr"})

_firewall_change(seg) if {
	shell.runs(seg, "ufw")
	"default" in shell.args(seg)
}

# setenforce 0, auditctl -e 0 / -D, aa-teardown, systemctl stop|disable|mask of a security
# service (auditd, apparmor, firewalld, ufw, fail2ban, sshd): the machine's protections off
ask contains msg if {
	some ran in {"setenforce", "aa-teardown", "aa-disable", "aa-complain", "auditctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_security_off(seg)
	msg := sprintf("`%s` switches off a security control of the machine (SELinux, AppArmor, audit). Approve only if intended.", [concat(" ", seg.argv)])
}

_security_off(seg) if shell.runs(seg, "setenforce")

_security_off(seg) if shell.runs_any(seg, {"aa-teardown", "aa-disable", "aa-complain"})

_security_off(seg) if {
	shell.runs(seg, "auditctl")
	shell.has_arg(seg, {"-D", "-e"})
}

_security_services := {"rsyslog", "syslog", "syslog-ng", "systemd-journald", "journald", "auditd", "apparmor", "firewalld", "ufw", "fail2ban", "sshd", "ssh", "nftables", "iptables", "selinux", "crowdsec", "osqueryd", "falco", "wazuh-agent", "clamav-daemon"}

ask contains msg if {
	some ran in {"systemctl", "service"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some verb in shell.args(seg)
	verb in {"stop", "disable", "mask", "kill"}
	some a in shell.args(seg)
	trim_suffix(a, ".service") in _security_services
	msg := sprintf("`%s` stops a security or remote-access service of the machine. Approve only if intended.", [concat(" ", seg.argv)])
}

# ------------------------------------------------------------------ logs and keys erased

# journalctl --vacuum-time=1s / --vacuum-size=1 / --vacuum-files=1 (after --rotate, all of
# it): the machine's journal erased, what an intruder does to cover tracks. A cleanup that
# keeps at least a day, 100 MB or three files passes (`--vacuum-time=2weeks`,
# `--vacuum-size=500M`); a value claude-rego cannot read asks.
ask contains msg if {
	"journalctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"journalctl"})
	some kind in {"time", "size", "files"}
	v := _vacuum_value(seg, kind)
	not _vacuum_keeps(kind, trim_space(v))
	msg := sprintf("`%s` erases the machine's system journal (its logs) down to almost nothing. Approve only if intended.", [concat(" ", seg.argv)])
}

_vacuum_value(seg, kind) := v if {
	args := shell.args(seg)
	some i, a in args
	a == concat("", ["--vacuum-", kind])
	v := _next_arg(args, i)
} else := v if {
	some a in shell.args(seg)
	prefix := concat("", ["--vacuum-", kind, "="])
	startswith(a, prefix)
	v := trim_prefix(a, prefix)
}

_vacuum_keeps("time", v) if {
	parts := regex.find_all_string_submatch_n(`^([0-9]{1,9}) *(d|days?|w|weeks?|M|months?|y|years?)$`, v, 1)
	count(parts) == 1
	to_number(parts[0][1]) >= 1
}

_vacuum_keeps("time", v) if {
	parts := regex.find_all_string_submatch_n(`^([0-9]{1,9}) *(h|hr|hours?)$`, v, 1)
	count(parts) == 1
	to_number(parts[0][1]) >= 24
}

_vacuum_keeps("size", v) if {
	parts := regex.find_all_string_submatch_n(`^([0-9]{1,9})(\.[0-9]+)? *([GgTt])[Bb]?$`, v, 1)
	count(parts) == 1
	to_number(parts[0][1]) >= 1
}

_vacuum_keeps("size", v) if {
	parts := regex.find_all_string_submatch_n(`^([0-9]{1,9}) *[Mm][Bb]?$`, v, 1)
	count(parts) == 1
	to_number(parts[0][1]) >= 100
}

_vacuum_keeps("files", v) if {
	regex.match(`^[0-9]{1,9}$`, v)
	to_number(v) >= 3
}

# macOS `log erase`, Windows `wevtutil cl` / PowerShell Clear-EventLog, `dmesg -C`: the system
# logs cleared
ask contains msg if {
	some ran in {"log", "wevtutil", "wevtutil.exe", "clear-eventlog", "remove-eventlog", "dmesg"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_clears_logs(seg)
	msg := sprintf("`%s` erases the machine's system logs. Approve only if intended.", [concat(" ", seg.argv)])
}

_clears_logs(seg) if {
	shell.runs(seg, "log")
	"erase" in shell.args(seg)
}

_clears_logs(seg) if {
	shell.runs_any(seg, {"wevtutil", "wevtutil.exe"})
	some a in shell.args(seg)
	lower(a) in {"cl", "clear-log"}
}

_clears_logs(seg) if shell.runs_any(seg, {"clear-eventlog", "remove-eventlog"})

_clears_logs(seg) if {
	shell.runs(seg, "dmesg")
	shell.has_arg(seg, {"-C", "--clear", "-c", "--read-clear"})
}

# gpg --delete-secret-keys, macOS `security delete-keychain`: private keys or a keychain
# deleted, with no copy to restore them from
ask contains msg if {
	some ran in {"gpg", "gpg2", "security"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"--delete-secret-keys", "--delete-secret-key", "--delete-secret-and-public-keys", "--delete-secret-and-public-key", "delete-keychain"}
	msg := sprintf("`%s` deletes private keys (signing, decryption or login keys) for good. Approve only if you have a backup.", [concat(" ", seg.argv)])
}

# ------------------------------------------------------------------ s27: destruction fed by a listing

# File-by-file destruction of what a listing prints: `rm -f $(find ~ -type f)`, `for f in
# $(find ~); do : > "$f"; done`, `find / | while read f; do truncate -s0 "$f"; done`,
# `rg --files ~ | xargs sed -i d`, `find ~ | parallel rm {}`. Judged by where the listing
# is rooted, like `find ROOT -delete`: home, /, a system directory or above the project →
# denied; the project root with no narrowing test (`-name '*.pyc'`, a grep between) →
# denied for deleting/emptying tools (it is `rm -rf .`, .git included); a root claude-rego
# cannot resolve → asked unless narrowed; a listing inside the project passes.
deny contains msg if {
	some [seg, lister] in _consumer_listings
	some root in _lister_roots(lister)
	l := _listing_hit(seg, lister, root)
	msg := sprintf("Blocked: `%s` destroys, file by file, what `%s` lists under %s (%s). %s", [_consumer_text(seg), concat(" ", lister.argv), stripped(l), describe(l), instead])
}

ask contains msg if {
	some [seg, lister] in _consumer_listings
	not _narrowed_listing(lister)
	some root in _lister_roots(lister)
	_unknown_root(lister, root)
	not _listing_hit(seg, lister, root)
	msg := sprintf("`%s` destroys, file by file, what `%s` lists under `%s`, which claude-rego cannot resolve (an unset variable or an unknown directory could make it / or your home directory). Approve only if you know what it expands to.", [_consumer_text(seg), concat(" ", lister.argv), root])
}

# [consumer, listing] pairs, computed once for the two rules above (_fed_listings is a function:
# regorus caches rules, not function calls)
_consumer_listings := [[seg, lister] |
	some seg in _listing_consumers
	some lister in _fed_listings(seg)
]

_consumer_text(seg) := concat(" ", seg.argv) if count(seg.argv) > 0

else := concat("", ["> ", r.target]) if {
	some r in seg.redirects
	r.op in {">", ">|"}
} else := "a redirect"

_listing_hit(seg, lister, root) := l if {
	l := hits(lister, root, catastrophic_roots)
} else := l if {
	not _perm_or_move(seg)
	not _narrowed_listing(lister)
	_whole_listing(seg, lister)
	l := hits(lister, root, {project})
}

_whole_listing(_, lister) if _recursive_lister(lister)

# `ls | xargs rm -rf`, `rm -rf $(ls -A)`: a top-level listing fed to a recursive delete is
# `rm -rf *` there (each listed directory goes with all it holds)
_whole_listing(seg, lister) if {
	shell.runs(lister, "ls")
	recursive_delete(seg)
}

_perm_or_move(seg) if shell.runs_any(seg, {"mv", "chmod", "chown", "chgrp", "chattr", "setfacl"})

_list_destroyer_names := {"rm", "unlink", "shred", "srm", "wipe", "truncate", "sed", "gsed", "mv", "cp", "chmod", "chown", "chgrp", "chattr", "setfacl"}

# segments that destroy a listed name: a destroying program, or a truncating redirect of a
# variable by a command that writes nothing of its own (`: > "$f"`, `> "$f"`, `echo -n > "$f"`)
# (_destroys_listed split by program: each consumer is tested by the clause of its program
# only, and sed's cheap script test comes before its flags: most seds edit, none deletes)
_listing_consumers contains seg if {
	some ran in {"rm", "unlink", "shred", "srm", "wipe", "truncate", "mv", "chown", "chgrp", "chattr", "setfacl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
}

_listing_consumers contains seg if {
	some ran in {"sed", "gsed"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_sed_deletes_lines(seg)
	_sed_in_place(seg)
}

_listing_consumers contains seg if {
	some ran in {"cp", "chmod"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_destroys_listed(seg)
}

_listing_consumers contains seg if {
	some seg in data.claude_rego.lib.shell.with_redirects
	_truncates_variable(seg)
}

_truncates_variable(seg) if {
	some r in seg.redirects
	r.op in {">", ">|"}
	startswith(r.target, "$")
	_writes_nothing(seg)
}

_writes_nothing(seg) if count(seg.argv) == 0

_writes_nothing(seg) if shell.runs_any(seg, {":", "true", "false", "echo", "printf"})

_writes_nothing(seg) if {
	shell.runs(seg, "cat")
	shell.operands(seg) == ["/dev/null"]
}

_destroys_listed(seg) if shell.runs_any(seg, {"rm", "unlink", "shred", "srm", "wipe", "truncate", "mv"})

# sed -i with a script that deletes lines (`d`, `1,$d`, `/./d`): the file is emptied
_destroys_listed(seg) if {
	shell.runs_any(seg, {"sed", "gsed"})
	_sed_in_place(seg)
	_sed_deletes_lines(seg)
}

# (a script that deletes has a `d`: the substring test before the regular expression)
_sed_deletes_lines(seg) if {
	some a in shell.args(seg)
	contains(a, "d")
	regex.match(`^\s*((/[^/]*/|[0-9$]+)(\s*,\s*(/[^/]*/|[0-9$]+))?)?\s*d\s*$`, a)
}

# cp /dev/null FILE: FILE emptied
_destroys_listed(seg) if {
	shell.runs(seg, "cp")
	shell.operands(seg)[0] in {"/dev/null", "/dev/zero"}
}

# chmod 000 / a-rwx, chown, chattr +i: every listed file locked or given away
_destroys_listed(seg) if {
	shell.runs_any(seg, {"chown", "chgrp", "chattr", "setfacl"})
}

_destroys_listed(seg) if {
	shell.runs(seg, "chmod")
	ops := shell.mode_operands(seg)
	count(ops) > 0
	not _additive_mode(ops[0])
}

_sed_in_place(seg) if shell.has_short_flag(seg, {"i"})

_sed_in_place(seg) if shell.has_arg_prefix(seg, "--in-place")

# u+w, +x, g+rX: a mode that only adds permissions
_additive_mode(m) if regex.match(`^[ugoa]*\+[rwxXst]+(,[ugoa]*\+[rwxXst]+)*$`, m)

# the listings a consumer destroys the output of
# … | xargs CMD, … | parallel CMD
_fed_listings(seg) := {p |
	node := _stdin_node(seg)
	some p in segments
	shell.upstream(p, node)
	_is_lister(p)
	_prints_names(p, node.id)
} if _fed_by_xargs(seg)

# CMD $(find …) / `find …` in the destroyed word
else := _word_listings(seg, _destroyed_words(seg))

# (the destroyed words computed once and passed in; none that is a substitution or starts
# with $ — `rm -rf build` — binds no listing)
_word_listings(seg, words) := {c |
	some w in words
	shell.substitution(w)
	some c in segments
	c.parent == seg.id
	c.context == "substitution"
	_is_lister(c)
	_prints_names(c, -1)
} | _bound_listings(seg, words) if _binds_any(words) else := set()

_binds_any(words) if {
	some word in words
	_may_bind(word)
}

_may_bind(w) if shell.substitution(w)

_may_bind(w) if startswith(w, "$")

# a listing bound to a variable the consumer destroys: `x=$(find …); rm $x` (the parser
# puts the substitution in the word), `for f in $(find …); do rm "$f"` (the loop header
# is a segment running nothing, with no assignment), `find … | while read f`
_bound_listings(seg, words) := {c |
	some w in words
	_may_bind(w)
	some c in segments
	_bound_word(w, seg, c)
	c.context == "substitution"
	_is_lister(c)
	_prints_names(c, -1)
} | {p |
	some w in words
	startswith(w, "$")
	some r in segments
	r.id < seg.id
	shell.runs_any(r, {"read"})
	some v in shell.operands(r)
	w in {concat("", ["$", v]), concat("", ["${", v, "}"])}
	some p in segments
	_feeds_read(p, r, seg)
	_is_lister(p)
	_prints_names(p, r.id)
}

# find … | while read f; do …; done, or while read f; do …; done < <(find …)
_feeds_read(p, r, _) if shell.upstream(p, r)

_feeds_read(p, r, seg) if {
	p.context == "process_substitution"
	loop_end := shell.by_id(p.parent)
	loop_end.id > seg.id
	count(loop_end.argv) == 0
	_process_substitution_input(p, loop_end)
}

_bound_word(w, seg, c) if {
	shell.substitution(w)
	not _own_substitution(seg)
	c.id < seg.id
	header := shell.by_id(c.parent)
	count(header.argv) == 0
	count(header.assignments) > 0
}

_bound_word(w, seg, c) if {
	startswith(w, "$")
	not shell.substitution(w)
	c.id < seg.id
	header := shell.by_id(c.parent)
	count(header.argv) == 0
	count(header.assignments) == 0
	not _after_loop_body(c, seg)
}

# `for f in $(find …); do cat "$f"; done > "$OUT"`: the redirect of the whole loop (a
# segment running nothing after the body), not a `> "$f"` in it
_after_loop_body(c, seg) if {
	count(seg.argv) == 0
	some s in segments
	s.id > c.id
	s.id < seg.id
	s.parent == null
}

_own_substitution(seg) if {
	some c in segments
	c.parent == seg.id
	c.context == "substitution"
}

# the lister's output reaches the consumer as names: every later stage of its pipeline
# passes names on (filters, `read`, xargs); `find . -type f | wc -l` prints a count
_prints_names(p, node_id) if {
	every f in segments {
		_passes_names(p, f, node_id)
	}
}

_passes_names(p, f, _) if not shell.upstream(p, f)

_passes_names(p, f, node_id) if {
	shell.upstream(p, f)
	f.id == node_id
}

_passes_names(p, f, _) if {
	shell.upstream(p, f)
	shell.runs_any(f, {"grep", "egrep", "fgrep", "sort", "uniq", "head", "tail", "cut", "sed", "awk", "tr", "read", "cat", "tee", "xargs", "parallel", "shuf", "tac"})
}

# the words of a consumer that take each listed name
_destroyed_words(seg) := {w | _destroys_listed(seg); some w in shell.operands(seg)} | {r.target | _truncates_variable(seg); some r in seg.redirects; r.op in {">", ">|"}}

_is_lister(p) if shell.runs_any(p, {"find", "fd", "fdfind", "tree", "du", "ls", "locate", "plocate", "mlocate"})

_is_lister(p) if {
	shell.runs_any(p, {"rg", "ag"})
	shell.has_arg(p, {"--files", "-l", "--files-with-matches", "-g"})
}

_is_lister(p) if {
	shell.runs(p, "git")
	"ls-files" in shell.operands(p)
}

_recursive_lister(p) if not shell.runs(p, "ls")

_recursive_lister(p) if {
	shell.runs(p, "ls")
	shell.has_short_flag(p, {"R"})
}

_lister_roots(p) := ["/"] if {
	shell.runs_any(p, {"locate", "plocate", "mlocate"})
	every o in shell.operands(p) {
		o in {"/", "*", "."}
	}
} else := ["$(locate)"] if {
	shell.runs_any(p, {"locate", "plocate", "mlocate"})
} else := [d] if {
	shell.runs(p, "git")
	d := shell.option_value(p, {"-C"})
} else := ["."] if {
	shell.runs(p, "git")
} else := [o | some o in shell.operands(p); not regex.match(`^[0-9]+$`, o)] if {
	shell.runs_any(p, {"rg", "ag"})
	count([o | some o in shell.operands(p); not regex.match(`^[0-9]+$`, o)]) > 0
} else := ["."] if {
	shell.runs_any(p, {"rg", "ag"})
} else := _listing_roots(p)

# a listing narrowed to some files: find's selecting tests, fd's pattern or extension,
# rg's glob or type, tree's pattern, git's tracked files of the project, a filter after it
_narrowed_listing(p) if {
	shell.runs(p, "find")
	_find_narrowed(p)
}

_narrowed_listing(p) if {
	shell.runs_any(p, {"fd", "fdfind"})
	ops := shell.operands(p)
	count(ops) > 0
	not ops[0] in {".", "^", ".*", "*", ""}
}

_narrowed_listing(p) if {
	shell.runs_any(p, {"fd", "fdfind", "rg", "ag", "tree"})
	shell.has_arg(p, {"-e", "--extension", "-g", "--glob", "-t", "--type", "-P", "-G"})
}

_narrowed_listing(p) if {
	shell.runs(p, "git")
	not shell.option_value(p, {"-C"})
}

_narrowed_listing(p) if {
	some f in segments
	f.id > p.id
	shell.upstream(p, f)
	shell.runs_any(f, {"grep", "egrep", "fgrep", "head", "tail", "awk"})
	not shell.has_short_flag(f, {"v"})
}

# ------------------------------------------------------------------ s27: other recursive destroyers, unknown target

# `rm -rf "$X"` asks when X cannot be resolved; so do the other tools that destroy a whole
# tree: find -delete / -exec rm|truncate|shred|chmod… (unless a test narrows what it
# selects: `find "$BUILD_DIR" -name '*.o' -delete`), chmod/chown/chgrp/chattr/setfacl -R
# (not a mode that only adds permissions: `chmod -R u+w "$D"`), rsync --delete into it, mv
# of it out of the project, and truncate/shred over its files ("$X"/*).
ask contains msg if {
	"find" in data.claude_rego.lib.shell.names
	some seg in shell.running({"find"})
	verb := _find_destroys(seg)
	not _narrowed_listing(seg)
	some start in shell.find_starts(seg)
	_unknown_root(seg, start)
	not hits(seg, start, dangerous_roots)
	msg := sprintf("`%s` %s every file under `%s`, which claude-rego cannot resolve (an unset variable or an unknown directory could make it / or your home directory). Approve only if you know what it expands to.", [concat(" ", seg.argv), verb, start])
}

_find_destroys(seg) := "deletes" if {
	shell.find_deletes(seg)
} else := "runs `chmod`/`chown` on" if {
	_find_changes_perms(seg)
} else := "empties or moves" if {
	some child in data.claude_rego.lib.shell.in_context("find_exec")
	_exec_of(child, seg.id)
	_listing_consumer_program(child)
}

_listing_consumer_program(seg) if {
	some n in _list_destroyer_names
	shell.runs(seg, n)
	_destroys_listed(seg)
}

ask contains msg if {
	some ran in {"chmod", "chown", "chgrp", "chattr", "setfacl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_recursive_perm_change(seg)
	ops := shell.mode_operands(seg)
	count(ops) > 1
	not _additive_chmod(seg, ops[0])
	some i, word in ops
	i > 0
	_unknown_root(seg, word)
	not hits(seg, word, catastrophic_roots)
	msg := sprintf("`%s` recursively changes the permissions or owner of everything under `%s`, which claude-rego cannot resolve (an unset variable or an unknown directory could make it / or your home directory). Approve only if you know what it expands to.", [concat(" ", seg.argv), word])
}

_recursive_perm_change(seg) if {
	shell.runs_any(seg, {"chmod", "chown", "chgrp", "setfacl"})
	recursive(seg)
}

_recursive_perm_change(seg) if _recursive_attr(seg)

_additive_chmod(seg, mode) if {
	shell.runs(seg, "chmod")
	_additive_mode(mode)
}

ask contains msg if {
	"rsync" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rsync"})
	some a in shell.args(seg)
	startswith(a, "--del")
	ops := shell.operands(seg)
	count(ops) >= 2
	dest := ops[count(ops) - 1]
	not _remote_rsync_path(dest)
	_unknown_root(seg, dest)
	not hits(seg, dest, dangerous_roots)
	msg := sprintf("`%s` deletes everything in `%s` that the source lacks, and claude-rego cannot resolve that directory (an unset variable or an unknown directory could make it / or your home directory). Approve only if you know what it expands to.", [concat(" ", seg.argv), dest])
}

# host:path, rsync://: another machine's tree (judged by the remote policies)
_remote_rsync_path(w) if regex.match(`^[^/]*[^/:]:`, w)

_remote_rsync_path(w) if contains(w, "://")

ask contains msg if {
	"mv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mv"})
	ops := shell.operands(seg)
	count(ops) >= 2
	dest := ops[count(ops) - 1]
	_leaves_project(seg, dest)
	some i, word in ops
	i < count(ops) - 1
	_unknown_root(seg, word)
	not hits(seg, word, catastrophic_roots)
	msg := sprintf("`%s` moves `%s` out of the project, and claude-rego cannot resolve it (an unset variable or an unknown directory could make it your home directory or the project). Approve only if you know what it expands to.", [concat(" ", seg.argv), word])
}

# the destination is a known place outside the project (/tmp/trash, ~/old, /dev/null)
_leaves_project(seg, dest) if {
	not shell.unresolved(dest)
	l := paths.location(seg, dest)
	not l.inside_project
}

ask contains msg if {
	some ran in {"truncate", "shred", "wipe", "srm"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	regex.match(`/\.?\*+$`, word)
	_unknown_root(seg, word)
	not hits(seg, word, dangerous_roots)
	msg := sprintf("`%s` destroys every file in `%s`, which claude-rego cannot resolve (an unset variable or an unknown directory could make it / or your home directory). Approve only if you know what it expands to.", [concat(" ", seg.argv), word])
}

# a target the s27 rules cannot resolve (as for rm -rf), except `${out%/}` with out a
# relative name set in the command (`out=dist/`): a suffix trimmed off a name inside the
# project leaves a name inside it (or nothing)
_unknown_root(seg, word) if {
	_unknown_target(seg, word)
	not _trimmed_known_name(seg, word)
}

_trimmed_known_name(seg, word) if {
	m := regex.find_all_string_submatch_n(`^\$\{([A-Za-z_][A-Za-z0-9_]*)%%?[^}]*\}$`, word, 1)
	v := shell.expand(seg, concat("", ["${", m[0][1], "}"]))
	not contains(v, "$")
	not contains(v, "…")
	not contains(v, "..")
	regex.match(`^[A-Za-z0-9_-]`, v)
}

# the 3 deny and 3 ask bodies that open with `some seg in _recursive_deletes`, behind
# one test (most commands have none: one body visited, not 6)
deny contains msg if {
	count(_recursive_deletes) > 0
	some msg in _rdel_deny
}

ask contains msg if {
	count(_recursive_deletes) > 0
	some msg in _rdel_ask
}
