# METADATA
# title: Path helpers (write effects of more tools)
# description: >-
#   More entries for write_words (lib/paths.rego): the write, move and delete effects of
#   tools whose operands are files they replace or remove, so every rule that judges
#   written paths (self_protection, agent_tampering, agent_config, write_outside_project)
#   sees them: git rm/mv (the work tree), awk -i inplace, compressors that replace their
#   input (gzip, xz, bzip2, zstd --rm, …) and mount/bindfs targets (the directory is
#   replaced by another file system).
package claude_rego.lib.paths

import data.claude_rego.lib.shell
import rego.v1

# git rm / git mv PATH…: the work-tree files are deleted or moved (git rm --cached only
# changes the index)
write_words contains {"seg": seg.id, "word": word} if {
	some seg in shell.running({"git"})
	ops := shell.operands(seg)
	some i, sub in ops
	sub in {"rm", "mv"}
	_git_sub_at(seg, i)
	not shell.has_arg(seg, {"--cached"})
	some j, word in ops
	j > i
}

# awk -i inplace PROGRAM FILE…: every file is rewritten
write_words contains {"seg": seg.id, "word": word} if {
	some seg in shell.running({"awk", "gawk"})
	_awk_in_place(seg)
	some word in _awk_files(seg)
}

_awk_in_place(seg) if {
	some i, a in shell.args(seg)
	a in {"-i", "--include"}
	shell.args(seg)[i + 1] in {"inplace", "inplace.awk"}
}

_awk_in_place(seg) if {
	some a in shell.args(seg)
	a in {"-iinplace", "--include=inplace", "--inplace", "-i inplace"}
}

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

write_words contains {"seg": seg.id, "word": word} if {
	some seg in shell.running(_replacing_compressors | _keeping_compressors)
	_replaces_input(seg)
	some word in shell.operands(seg)
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
write_words contains {"seg": seg.id, "word": word} if {
	some seg in shell.running({"mount", "bindfs", "sshfs", "rclone-mount", "fuse-overlayfs", "squashfuse", "mount.fuse"})
	ops := _mount_operands(seg)
	count(ops) > 0
	word := ops[count(ops) - 1]
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
write_words contains {"seg": seg.id, "word": word} if {
	some seg in shell.running({"sponge"})
	some word in shell.operands(seg)
}
