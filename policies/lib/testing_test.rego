# METADATA
# title: Test helpers
# description: Builders for hand-made query documents in the default pack's Rego tests.
package claude_rego.lib.testing

import rego.v1

# seg(id, argv): a top-level shell segment running argv.
seg(id, argv) := {
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": id, "operator": null,
	"argv": argv, "command": regex.replace(argv[0], `^.*/`, ""), "args": array.slice(argv, 1, count(argv)),
	"raw_words": argv, "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}

# path(raw, absolute, inside): path facts for one shell argument.
path(raw, absolute, inside) := {
	"raw": raw, "absolute": absolute, "resolved": absolute, "source": "argument", "field": "argv", "segment": 0,
	"inside_project": inside, "resolved_inside_project": inside, "traversal": contains(raw, ".."),
	"via_symlink": false, "name": regex.replace(absolute, `^.*/`, ""),
	"name_folded": lower(regex.replace(absolute, `^.*/`, "")), "absolute_folded": lower(absolute), "home_relative": null,
}

# bash(command, segments, paths): a PreToolUse Bash query document.
bash(command, segments, paths) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}, "cwd": "/home/dev/project"},
	"facts": {
		"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell", "mcp": null},
		"shell": {"segments": segments, "opaque": false, "opaque_reasons": [], "error": null},
		"paths": paths, "cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev",
	},
}

# file_tool(tool, class, path_facts): a PreToolUse file-tool query document.
file_tool(tool, class, p) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": {"file_path": p.raw}, "cwd": "/home/dev/project"},
	"facts": {
		"event": "PreToolUse", "tool": {"name": tool, "class": class, "mcp": null}, "shell": null,
		"paths": [object.union(p, {"source": "tool_input", "field": "file_path"})],
		"cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev",
	},
}
