# METADATA
# title: Hidden characters in written code and commands
# description: >-
#   Asks before code or configuration is written with characters that make what a reviewer
#   sees differ from what a compiler, interpreter or shell reads: Unicode bidirectional
#   controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates: the "Trojan
#   Source" class, CVE-2021-42574), invisible tag characters (U+E0000–U+E007F, outside an
#   emoji's subdivision flag) and zero-width characters inside an identifier (U+200B–U+200D,
#   U+2060–U+2064, U+FEFF, U+180E between letters or digits: `is​Admin`). Written text is
#   any tool's: Write `content`, Edit `new_string`, MultiEdit `edits`, NotebookEdit
#   `new_source`, an MCP tool's `content`/`newText`/`code` (write_file, create_or_update_file,
#   edit_file, `files: [{path, content}]`), and a Bash command's own text. Prose and
#   translation files (.md, .txt, .rst, .po, locale files) may carry bidi controls beside
#   right-to-left letters (Hebrew, Arabic, …) and zero-width characters; bidi controls with
#   no right-to-left letter, and tag characters, still ask there. Accents, CJK, emoji and
#   right-to-left text without controls pass everywhere.
# custom:
#   severity: high
#   rationale: >-
#     A bidi override reorders how a line is displayed, not how it is parsed: a comment that
#     seems to end a check can hide a `return`, a string that seems closed can swallow code.
#     Tag characters are invisible text (a hidden prompt to the next model that reads the
#     file), and a zero-width character makes two identifiers that look the same differ. None
#     has a use in source code that cannot be written as an escape (`\u202E`), so a human
#     should see the file before it lands.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write, mcp, other]
package claude_rego.policies.hidden_text

import rego.v1

_tool_input := object.get(input.hook, "tool_input", {}) if is_object(object.get(input.hook, "tool_input", {})) else := {}

# ---------------------------------------------------------------- the character classes

_bidi_re := `[\x{202A}-\x{202E}\x{2066}-\x{2069}]`

_tag_re := `[\x{E0000}-\x{E007F}]`

# an emoji subdivision flag (England, Scotland, Wales): U+1F3F4, tag letters or digits, CANCEL TAG
_flag_re := `\x{1F3F4}[\x{E0030}-\x{E0039}\x{E0061}-\x{E007A}]{1,7}\x{E007F}`

_zero_width_in_word_re := `[A-Za-z0-9_$][\x{200B}-\x{200D}\x{2060}-\x{2064}\x{FEFF}\x{180E}]+[A-Za-z0-9_$]`

# letters of right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
# and their presentation forms
_rtl_letter_re := `[\x{0590}-\x{08FF}\x{FB1D}-\x{FDFF}\x{FE70}-\x{FEFF}]`

# what a text hides, by class (a set of descriptions)
_hidden(text, prose) := {why |
	regex.match(_bidi_re, text)
	not _prose_bidi(text, prose)
	why := "Unicode bidirectional control characters (the Trojan Source class, CVE-2021-42574)"
} | {why |
	regex.match(_tag_re, text)
	regex.match(_tag_re, regex.replace(text, _flag_re, ""))
	why := "invisible Unicode tag characters (U+E0000–U+E007F)"
} | {why |
	not prose
	regex.match(_zero_width_in_word_re, text)
	why := "zero-width characters inside an identifier"
}

# prose may carry bidi controls to lay out right-to-left words it holds
_prose_bidi(text, true) if regex.match(_rtl_letter_re, text)

# ---------------------------------------------------------------- prose and translation files

_prose_path(path) if regex.match(`(?i)\.(md|markdown|mdx|mdown|mkd|txt|text|rst|adoc|asciidoc|org|textile|rtf|tex|po|pot|xlf|xliff|strings|stringsdict|arb|resx|ftl|srt|vtt|csv|tsv|html?)$`, path)

_prose_path(path) if regex.match(`(?i)(^|/)(locales?|i18n|l10n|translations?|lang|langs|languages|messages|intl)/[^/]+\.(json|ya?ml|properties|toml|js|ts|xml|ini)$`, path)

_prose_path(path) if regex.match(`(?i)(^|/)(docs?|documentation|content|posts|_posts|blog|articles)/[^/]+\.(html?|json)$`, path)

# ---------------------------------------------------------------- what is written, with its file

# written: a list of [path, new text, old text]
_written contains [path, text, old] if {
	some field in ["content", "new_string", "new_source"]
	text := object.get(_tool_input, field, null)
	is_string(text)
	path := _top_path
	old := object.get(_tool_input, "old_string", "")
}

_written contains [path, text, old] if {
	edits := object.get(_tool_input, "edits", [])
	is_array(edits)
	some e in edits
	is_object(e)
	some field in ["new_string", "newText", "new_text", "newString", "replacement"]
	text := object.get(e, field, null)
	is_string(text)
	path := _top_path
	old := _old_of(e)
}

# a list of files with their text (push_files, a gist's files, a commit's changes)
_written contains [path, text, ""] if {
	some key in ["files", "changes", "actions"]
	files := object.get(_tool_input, key, [])
	is_array(files)
	some f in files
	is_object(f)
	some field in _content_fields
	text := object.get(f, field, null)
	is_string(text)
	path := _path_of(f)
}

# a gist's files keyed by name: {"files": {"a.py": {"content": …}}}
_written contains [name, text, ""] if {
	files := object.get(_tool_input, "files", {})
	is_object(files)
	some name, f in files
	is_object(f)
	some field in _content_fields
	text := object.get(f, field, null)
	is_string(text)
}

# any other tool's content, code or file text at the top of its input
_written contains [path, text, ""] if {
	not input.facts.tool.class == "shell"
	some field in _content_fields - {"content", "new_string", "new_source"}
	text := object.get(_tool_input, field, null)
	is_string(text)
	path := _top_path
}

# a Bash command's own text: what the user approves is what they see
_written contains ["", text, ""] if {
	input.facts.tool.class == "shell"
	text := object.get(_tool_input, "command", null)
	is_string(text)
}

_content_fields := {
	"content", "contents", "file_content", "fileContent", "new_string", "newString", "new_text", "newText",
	"new_source", "code", "source_code", "sourceCode", "script", "body_content",
}

_old_of(e) := o if {
	some field in ["old_string", "oldText", "old_text", "oldString"]
	o := object.get(e, field, null)
	is_string(o)
} else := ""

_top_path := p if {
	some field in ["file_path", "notebook_path", "path", "filePath", "filename", "file_name", "file", "target_file"]
	p := object.get(_tool_input, field, null)
	is_string(p)
} else := ""

_path_of(f) := p if {
	some field in ["path", "file_path", "filePath", "filename", "file_name", "file", "name"]
	p := object.get(f, field, null)
	is_string(p)
} else := ""

# ---------------------------------------------------------------- the verdict

ask contains msg if {
	some w in _written
	regex.match(`[^\x00-\x7F]`, w[1]) # every class is of non-ASCII characters: one scan for plain text
	whys := _hidden(w[1], _prose(w[0]))
	count(whys) > 0
	not _already_there(w[2], whys)
	where := _where(w[0])
	msg := sprintf("%s would write %s%s: what a reviewer sees is not what the code does. Write them as escapes (`\\u202E`) if they are meant, or approve if this text is expected.", [_who, concat(" and ", sort(whys)), where])
}

_prose(path) := true if _prose_path(path) else := false

_who := sprintf("`%s`", [input.facts.tool.name]) if is_string(input.facts.tool.name) else := "This call"

_where(path) := sprintf(" into `%s`", [path]) if path != "" else := ""

# an edit whose replaced text held the same characters adds none
_already_there(old, whys) if {
	old != ""
	_hidden(old, false) == whys
}
