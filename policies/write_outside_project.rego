# METADATA
# title: Writes outside the project
# description: >-
#   Denies writes (file tools, shell redirects, cp/mv/tee/sed -i … destinations) to
#   paths outside the project directory, including via .. traversal and symlinks that
#   resolve outside; system paths (/etc, /usr, …), ~/.ssh and shell start-up files get
#   a specific reason. Temporary directories and /dev/null are allowed
#   (data.claude_rego.settings.allowed_write_roots).
# custom:
#   severity: high
#   rationale: >-
#     The agent works on a project; writing elsewhere can plant persistence (shell rc
#     files, ssh keys, cron, system configuration) or corrupt other work. Both the
#     lexical and the resolved path must be inside the project, so `..` and symlinks
#     cannot escape it.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write]
package claude_rego.policies.write_outside_project

import data.claude_rego.lib.paths
import data.claude_rego.lib.settings
import data.claude_rego.lib.paths.home
import data.claude_rego.lib.paths.written
import rego.v1

allowed_roots := settings.get("allowed_write_roots", ["/tmp", "/dev/null"])

system_prefixes := ["/etc", "/usr", "/bin", "/sbin", "/lib", "/boot", "/opt", "/var", "/sys", "/proc", "/system", "/library", "/private/etc", "/private/var"]

startup_files := {".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".cshrc", ".tcshrc", ".config/fish/config.fish"}

deny contains msg if {
	some p in written
	escapes(p)
	msg := sprintf("Blocked: writing `%s` is outside the project (%s)%s. Keep changes inside the project directory, or ask the user to make this change.", [p.raw, input.facts.project_dir, why(p)])
}

escapes(p) if {
	not allowed(p)
	not p.inside_project
}

escapes(p) if {
	not allowed(p)
	not p.resolved_inside_project
}

allowed(p) if {
	p.inside_project
	p.resolved_inside_project
	not sensitive(p)
}

allowed(p) if {
	some root in allowed_roots
	paths.under(p.absolute, root)
	paths.under(p.resolved, root)
}

sensitive(p) if {
	some prefix in system_prefixes
	paths.under(lower(p.resolved), prefix)
}

sensitive(p) if paths.under(lower(p.resolved), lower(paths.expand("~/.ssh")))

sensitive(p) if {
	some file in startup_files
	lower(p.resolved) == lower(concat("/", [home, file]))
}

why(p) := ": a system path" if {
	sensitive(p)
	some prefix in system_prefixes
	paths.under(lower(p.resolved), prefix)
} else := ": your SSH configuration" if {
	paths.under(lower(p.resolved), lower(paths.expand("~/.ssh")))
} else := ": a shell start-up file" if {
	sensitive(p)
} else := ", through a symlink that leads outside" if {
	p.inside_project
	not p.resolved_inside_project
} else := ", through `..`" if {
	p.traversal
} else := ""
