# METADATA
# title: Opaque shell commands
# description: >-
#   Asks when the shell parser cannot tell what a command would run: eval, a variable
#   or command substitution used as the command, non-literal text fed to a shell or
#   interpreter, inline code that runs commands, a file written in the same command
#   and then run, commands nested too deep, too long, or unbalanced quotes; and an
#   argument computed by decoding text (cat $(echo … | base64 -d)).
# custom:
#   severity: medium
#   rationale: >-
#     Every other shell policy reasons about parsed commands. A command whose effect
#     cannot be determined statically (eval $CMD, $RUNNER --flag) could be anything,
#     so a human decides. Whatever the parser could still resolve is checked by the
#     other policies too, and their deny wins over this ask (a=rm; $a -rf / is denied).
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent]
package claude_rego.policies.opaque_shell

import rego.v1

reasons := {
	"eval": "it uses eval",
	"variable_command": "a variable is used as the command",
	"command_substitution_in_command_name": "a command substitution is used as the command",
	"heredoc_to_shell": "a heredoc or here-string is fed to a shell or interpreter",
	"source_dynamic": "it sources code from a dynamic location",
	"too_deep": "it is nested too deeply to analyse",
	"too_long": "it is too long to analyse",
	"parse_error": "it could not be parsed (unbalanced quotes or parentheses)",
	"stdin_to_shell": "text that is not literal (decoded, computed or read from elsewhere) is fed to a shell",
	"stdin_to_interpreter": "text that is not literal is fed to an interpreter as its program",
	"program_from_process_substitution": "an interpreter runs a program produced by a process substitution",
	"runs_file_written_in_command": "it runs a file written earlier in the same command with content that cannot be read",
	"interpreter_exec": "inline code of another language runs commands",
	"interpreter_delete": "inline code deletes files at a computed path",
	"interpreter_dynamic_code": "inline code evaluates or decodes code at run time",
	"interpreter_computed_name": "inline code builds a module or function name from pieces (string concatenation, templates, reversal), hiding what it calls",
	"interpreter_link_write": "inline code creates a symbolic link and deletes or writes files, which may act on the link's target",
	"interpreter_network_exec": "inline code opens a network connection and runs commands",
	"encoded_command": "it runs an encoded command",
	"ifs_changed": "it changes IFS, so words split differently from how they read",
	"unknown_wrapper": "it runs a command inside a sandbox or wrapper whose options claude-rego does not read",
	"command_from_input": "xargs takes the command to run from its input",
	"xargs_input_from_process_substitution": "xargs reads its input from a process substitution",
	"parallel_arguments_from_file": "parallel reads its arguments from a file",
	"interpreter_fork_loop": "inline code forks in an endless loop (a fork bomb)",
	"shell_network_socket": "it opens a raw network socket from the shell",
	"dbus_service_manager": "a D-Bus call asks the service manager (systemd, logind) to run a program or change its settings (`StartTransientUnit`, `SetUnitProperties`, a property set on the manager), which cannot be read here",
	"option_code": "an option's value is code for a module or evaluator claude-rego does not read",
	"code_from_untrusted_path": "it loads code (a preloaded module, a plugin, a script directory or a local package) from a temp or download directory, the home directory, a hidden file or another path outside the project and the system",
	"interpreter_computed_path": "inline code opens a file whose name it builds from character codes (`chr(46)`, `String.fromCharCode`), hiding which file",
	"tex_shell_escape": "a TeX engine runs with shell escape on (`--shell-escape`): its document can run any command (`\\write18{…}`)",
	"code_from_data_url": "it loads code from a `data:` URL (inline code given as a module)",
	"option_program_path": "an option names a program by a path outside the system's program directories (`--use-askpass=/tmp/x`, `rsync -e ./wrap`): what it runs cannot be read",
	"output_piped_by_option": "an option pipes the program's output into another command (`strace -o '|CMD'`), which may send it anywhere",
	"sql_runs_code": "a database statement runs a program or loads native code whose content cannot be read (a computed COPY … PROGRAM, xp_cmdshell, load_extension, an untrusted procedural language)",
	"sql_file_unknown": "a database statement reads or writes a server file whose name is computed",
	"remote_command_unknown": "it runs commands on other machines from a file, a script URL or a value claude-rego cannot read (`--parameters file://…`, `--scripts @file`, `cmd.script salt://…`)",
	"page_secret_sent": "page code sends the page's cookies, web storage, stored credentials or a password field to another machine",
	"page_data_sent": "page code sends the page's secrets (cookies, storage, password fields) or its content to a destination that cannot be told or to another machine",
	"page_secret_read": "page code reads the page's cookies, a session token in web storage, the whole storage or saved credentials and returns them to the model",
	"page_remote_script": "page code loads a script from another machine into the page",
	"browser_internal": "code reaches the browser's own pages or its remote-debugging protocol (`chrome://`, `devtools://`, extensions, `:9222/json`, `chrome.debugger`), which hold saved passwords, cookies and control of every tab",
	"fetch_config_unknown": "curl or wget reads its options from a config file or input whose text cannot be read here (`curl -K FILE`, `wget --config=FILE`): it may upload files or send data anywhere",
	"foreign_shell_code": "it runs code in a shell language (PowerShell, fish, nu, elvish, xonsh, …) whose syntax claude-rego does not fully read",
}

ask contains msg if {
	input.facts.shell.opaque
	why := [object.get(reasons, r, r) | some r in input.facts.shell.opaque_reasons]
	msg := sprintf("claude-rego cannot tell what this command would run: %s. Approve only if you have read it.", [concat("; ", why)])
}

# An argument computed by decoding text (cat $(echo L2hvbWUv… | base64 -d), rm -rf
# $(echo … | xxd -r -p)): the word the command really gets cannot be read here, so no
# other policy can judge it. Printing the decoded text (echo, printf) shows it instead.
ask contains msg if {
	some child in data.claude_rego.lib.shell.in_context("substitution")
	_decoder(child)
	parent := data.claude_rego.lib.shell.by_id(child.parent)
	reader := data.claude_rego.lib.shell.name(parent)
	not reader in {"echo", "printf", "true", ":"}
	msg := sprintf("%s gets %s computed by decoding text (`%s`); claude-rego cannot tell what it names. Decode it first, read it, then use the plain value.", [_receiver(parent), _what(parent), concat(" ", child.argv)])
}

_receiver(parent) := sprintf("`%s`", [concat(" ", parent.argv)]) if count(parent.argv) > 0

else := "A variable"

_what(parent) := "an argument" if count(parent.argv) > 0

else := "a value"

_decoder(seg) if {
	data.claude_rego.lib.shell.runs_any(seg, {"base64", "base32", "basenc", "gbase64"})
	some a in data.claude_rego.lib.shell.args(seg)
	a in {"-d", "--decode", "-D", "-di", "-id"}
}

_decoder(seg) if {
	data.claude_rego.lib.shell.runs(seg, "xxd")
	data.claude_rego.lib.shell.has_short_flag(seg, {"r"})
}

_decoder(seg) if data.claude_rego.lib.shell.runs_any(seg, {"uudecode", "rev"})

# charset converters fold look-alike characters onto ASCII (`iconv -t ascii//TRANSLIT` turns
# a one-dot leader into a dot): the name they produce is not the name the command line shows
_decoder(seg) if data.claude_rego.lib.shell.runs_any(seg, {"iconv", "uconv", "recode", "konwert"})

_decoder(seg) if {
	data.claude_rego.lib.shell.runs(seg, "openssl")
	some a in data.claude_rego.lib.shell.args(seg)
	a in {"base64", "enc"}
	"-d" in data.claude_rego.lib.shell.args(seg)
}

_decoder(seg) if {
	data.claude_rego.lib.shell.runs(seg, "openssl")
	some a in data.claude_rego.lib.shell.args(seg)
	a in {"-base64", "-a"}
	"-d" in data.claude_rego.lib.shell.args(seg)
}

_decoder(seg) if {
	data.claude_rego.lib.shell.runs(seg, "xxd")
	some a in data.claude_rego.lib.shell.args(seg)
	startswith(a, "-r")
}

# rot13 (tr A-Za-z N-ZA-Mn-za-m)
_decoder(seg) if {
	data.claude_rego.lib.shell.runs(seg, "tr")
	some a in data.claude_rego.lib.shell.args(seg)
	contains(a, "N-ZA-M")
}
