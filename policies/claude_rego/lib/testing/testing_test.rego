# METADATA
# title: Test helpers
# description: >-
#   Builders for hand-made query documents in the default pack's Rego tests, in the
#   shape of the policy contract (docs/policy-contract.md): project /home/dev/project,
#   home /home/dev, Linux.
package claude_rego.lib.testing

import rego.v1

project := "/home/dev/project"

home := "/home/dev"

# seg(id, argv): a top-level shell segment running argv (its own pipeline).
seg(id, argv) := {
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": id, "operator": null,
	"argv": argv, "command": regex.replace(argv[0], `^.*/`, ""), "args": array.slice(argv, 1, count(argv)),
	"raw_words": argv, "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}

# sub(id, argv, extra): a segment with some fields overridden (parent, context, wrappers, …).
sub(id, argv, extra) := object.union(seg(id, argv), extra)

# then(id, argv, op): a top-level segment joined to the previous one by `op` (";", "&&", …).
then(id, argv, op) := sub(id, argv, {"operator": op})

# pipe(id, argv, pipeline): a segment that reads the previous one through `|`.
pipe(id, argv, pipeline) := sub(id, argv, {"operator": "|", "pipeline": pipeline})

# vars(id, values): an assignment-only segment (x=/; …).
vars(id, values) := sub(id, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "assignments": values})

# redirect(op, target): one redirect of a segment.
redirect(op, target) := {"op": op, "target": target, "fd": null, "dup": false}

# path(raw, absolute, inside): path facts for one shell argument of segment 0.
path(raw, absolute, inside) := {
	"raw": raw, "absolute": absolute, "resolved": absolute, "source": "argument", "field": "argv", "segment": 0,
	"inside_project": inside, "resolved_inside_project": inside, "traversal": contains(raw, ".."),
	"via_symlink": false, "name": regex.replace(absolute, `^.*/`, ""),
	"name_folded": lower(regex.replace(absolute, `^.*/`, "")), "absolute_folded": lower(absolute), "home_relative": null,
}

# path_of_seg(segment, raw, absolute, inside): the same for another segment.
path_of_seg(segment, raw, absolute, inside) := object.union(path(raw, absolute, inside), {"segment": segment})

# redirect_path(raw, absolute, inside): path facts of a redirect target of segment 0.
redirect_path(raw, absolute, inside) := object.union(path(raw, absolute, inside), {"source": "redirect", "field": ">"})

# symlink(raw, absolute, resolved): path facts of an argument that resolves elsewhere.
symlink(raw, absolute, resolved) := object.union(path(raw, absolute, true), {
	"resolved": resolved, "via_symlink": true,
	"resolved_inside_project": startswith(resolved, concat("", [project, "/"])),
})

# bash(command, segments, paths): a PreToolUse Bash query document.
bash(command, segments, paths) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}, "cwd": project},
	"facts": {
		"event": "PreToolUse", "known_event": true, "tool": {"name": "Bash", "class": "shell", "mcp": null},
		"shell": {"segments": segments, "opaque": false, "opaque_reasons": [], "error": null},
		"paths": paths, "cwd": project, "project_dir": project, "home": home, "os": "linux",
	},
}

# cmd(argv): a one-segment Bash document without path facts (paths are read lexically).
cmd(argv) := bash(concat(" ", argv), [seg(0, argv)], [])

# file_tool(tool, class, path_facts): a PreToolUse file-tool query document.
file_tool(tool, class, p) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": {"file_path": p.raw}, "cwd": project},
	"facts": {
		"event": "PreToolUse", "known_event": true, "tool": {"name": tool, "class": class, "mcp": null}, "shell": null,
		"paths": [object.union(p, {"source": "tool_input", "field": "file_path"})],
		"cwd": project, "project_dir": project, "home": home, "os": "linux",
	},
}

# event(name, hook_fields): a non-tool event document.
event(name, fields) := {
	"contract_version": "1",
	"hook": object.union({"hook_event_name": name, "cwd": project}, fields),
	"facts": {"event": name, "known_event": true, "tool": null, "shell": null, "paths": [], "cwd": project, "project_dir": project, "home": home, "os": "linux"},
}

# post(tool, response): a PostToolUse document for `tool` with `response`.
post(tool, response) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PostToolUse", "tool_name": tool, "tool_input": {}, "tool_response": response, "cwd": project},
	"facts": {"event": "PostToolUse", "known_event": true, "tool": {"name": tool, "class": "other", "mcp": null}, "shell": null, "paths": [], "cwd": project, "project_dir": project, "home": home, "os": "linux"},
}

# mcp_exec(tool, tool_input, execs, doc): the shell document `doc` (bash(…), cmd(…)) as
# the call of a non-shell tool `tool` (class mcp) whose input `tool_input` runs `execs`
# ([{field, command}], facts.effects.exec): same shell facts, the MCP tool's hook and effects.
mcp_exec(tool, tool_input, execs, doc) := object.union(object.remove(doc, ["hook"]), {
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "cwd": project},
	"facts": {
		"tool": {"name": tool, "class": "mcp", "mcp": null},
		"effects": {"exec": execs, "network": [], "sql": [], "words": [], "server_words": [], "truncated": false},
	},
})
