package claude_rego.policies.output_redaction_test

import data.claude_rego.lib.testing.post
import data.claude_rego.policies.output_redaction
import rego.v1

aws := concat("", ["AKIA", "ABCDEFGHIJKLMNOP"])

bash(stdout, stderr) := post("Bash", {"stdout": stdout, "stderr": stderr, "interrupted": false, "isImage": false, "noOutputExpected": false})

test_secrets_are_replaced_in_stdout if {
	some patch in output_redaction.replace_output with input as bash(sprintf("key=%s\nok", [aws]), "")
	not contains(patch.stdout, aws)
	contains(patch.stdout, "[REDACTED AWS KEY]")
	endswith(patch.stdout, "\nok")
	patch.stderr == ""
}

test_secrets_are_replaced_in_stderr_and_both_fields_kept if {
	some patch in output_redaction.replace_output with input as bash("fine", "password=hunter2hunter2")
	patch == {"stdout": "fine", "stderr": "password=[REDACTED]", "interrupted": false, "isImage": false, "noOutputExpected": false}
}

test_private_keys_in_read_output_are_replaced if {
	response := {"type": "text", "file": {"filePath": "/x/key.txt", "content": "-----BEGIN PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2kLq7jQXwYxVgH8pN4sR1tU6vZa\n-----END PRIVATE KEY-----\n", "numLines": 3}}
	some patch in output_redaction.replace_output with input as post("Read", response)
	patch.file.content == "[REDACTED PRIVATE KEY]\n"
	patch.file.numLines == 3
}

test_the_model_is_told if {
	count(output_redaction.context) == 1 with input as bash(aws, "")
}

test_clean_output_is_untouched if {
	count(output_redaction.replace_output) == 0 with input as bash("all tests passed", "")
	count(output_redaction.context) == 0 with input as bash("all tests passed", "")
	count(output_redaction.replace_output) == 0 with input as post("Read", {"type": "text", "file": {"content": "hello"}})
}

test_any_tool_output_is_redacted if {
	some patch in output_redaction.replace_output with input as post("Grep", {"mode": "content", "content": aws, "numLines": 1})
	patch == {"mode": "content", "content": "[REDACTED AWS KEY]", "numLines": 1}
	some mcp in output_redaction.replace_output with input as post("mcp__db__query", {"content": [{"type": "text", "text": concat("", ["row: ", aws])}], "meta": {"a/b~": "password=hunter2hunter2"}})
	mcp.content[0].text == "row: [REDACTED AWS KEY]"
	mcp.meta["a/b~"] == "password=[REDACTED]"
}

test_new_secret_kinds_are_redacted if {
	text := "url postgres://admin:S3cretPw@db:5432/x\nglpat-abcdefghij0123456789xyz\npassword: hunter2hunter2\n"
	some patch in output_redaction.replace_output with input as post("BashOutput", {"stdout": text})
	not contains(patch.stdout, "S3cretPw")
	not contains(patch.stdout, "glpat-abcdefghij")
	not contains(patch.stdout, "hunter2hunter2")
	contains(patch.stdout, "postgres://admin:[REDACTED]@db")
}

test_cut_output_is_withheld_with_a_notice if {
	some patch in output_redaction.replace_output with input as post("Bash", {"stdout": concat("", ["lots of output", "\n…[truncated by claude-rego]"]), "stderr": ""})
	contains(patch.stdout, "withheld")
	patch.stderr == ""
}

test_a_cut_output_with_nothing_to_redact_is_not_said_to_hold_secrets if {
	doc := post("Bash", {"stdout": concat("", ["BUILD OK\n", "\n…[truncated by claude-rego]"]), "stderr": ""})
	ctx := output_redaction.context with input as doc
	ctx == {"claude-rego withheld the end of this output: it was too long to scan for secrets."}
	secret := post("Bash", {"stdout": concat("", ["token ghp_Zq8xR2mLk9WvT4yB7nC1pD6fH3jK5sA0eG2i\n", "\n…[truncated by claude-rego]"]), "stderr": ""})
	count(output_redaction.context) == 2 with input as secret
}

test_clean_output_of_any_tool_is_untouched if {
	count(output_redaction.replace_output) == 0 with input as post("mcp__github__get_issue", {"content": [{"type": "text", "text": "all fine"}]})
	count(output_redaction.replace_output) == 0 with input as post("WebFetch", {"result": "hello", "code": 200})
}

with_found(doc, findings) := object.union(doc, {"facts": {"secrets": {"prompt": [], "tool_input": [], "tool_response": findings}}})

test_values_the_facts_found_are_removed_whole if {
	line := "db.internal:5432:prod:admin:S3cure!Pass99"
	doc := with_found(bash(concat("", [line, "\n"]), ""), [{"kind": ".pgpass password", "value": "S3cure!Pass99", "generic": false}])
	some patch in output_redaction.replace_output with input as doc
	not contains(patch.stdout, "S3cure!Pass99")
	contains(patch.stdout, "[REDACTED .PGPASS PASSWORD]")
}

test_found_values_in_nested_fields_are_removed if {
	response := {"type": "text", "file": {"filePath": "/x/out.json", "content": `{"db": {"sensitive": true, "value": "n0tAPlaceh0lder"}}`}}
	doc := with_found(post("Read", response), [{"kind": "terraform sensitive output", "value": "n0tAPlaceh0lder", "generic": false}])
	some patch in output_redaction.replace_output with input as doc
	not contains(patch.file.content, "n0tAPlaceh0lder")
}

test_no_findings_no_change if {
	count(output_redaction.replace_output) == 0 with input as with_found(bash("API_KEY=<your-key>\nSECRET_KEY=changeme", ""), [])
}

test_placeholder_config_is_not_rewritten if {
	text := "database:\n  user: app\n  password: REPLACE_ME\n  token: dummy\nAPI_KEY=changeme\nSECRET_KEY=<your-secret-key>\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n"
	count(output_redaction.replace_output) == 0 with input as bash(text, "")
}

test_only_the_real_value_is_redacted_beside_placeholders if {
	some patch in output_redaction.replace_output with input as bash("password: REPLACE_ME\nadmin_password: Zq8vN2pLk4x9\n", "")
	patch.stdout == "password: REPLACE_ME\nadmin_password: [REDACTED]\n"
}

test_bare_tokens_and_dotted_values_the_facts_found_are_removed if {
	token := concat("", ["dp.st.prd_api.", "Xk9q2LmZ7pRt4vBn8Wc3Yd6Hf1Js5Ga0Qe"])
	doc := with_found(bash(concat("", ["rotated:\n", token, "\nDOPPLER_TOKEN=", token, "\n"]), ""), [{"kind": "Doppler token", "value": token, "generic": false}])
	some patch in output_redaction.replace_output with input as doc
	not contains(patch.stdout, token)
	not contains(patch.stdout, "Xk9q2")
	contains(patch.stdout, "[REDACTED DOPPLER TOKEN]")
}

# a Bash PostToolUse whose command is one parsed segment
_printed(argv, redirects, stdout) := object.union(bash(stdout, ""), {
	"hook": {"tool_input": {"command": concat(" ", argv)}},
	"facts": {"shell": {"segments": [{
		"id": 0, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null, "argv": argv,
		"command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv, "wrappers": [],
		"assignments": {}, "redirects": redirects, "opaque": false, "opaque_reasons": [],
	}]}},
})

test_printing_a_secret_variable_withholds_the_output if {
	some patch in output_redaction.replace_output with input as _printed(["printenv", "DB_PASS"], [], "Qm7vX2pLz9RtK4wN\n")
	not contains(patch.stdout, "Qm7vX2pLz9RtK4wN")
	contains(patch.stdout, "$DB_PASS")
	some patch2 in output_redaction.replace_output with input as _printed(["echo", "$API_SECRET"], [], "4g6Yd455nLh6kF")
	not contains(patch2.stdout, "4g6Yd455nLh6kF")
}

test_ordinary_prints_are_not_withheld if {
	count(output_redaction.replace_output) == 0 with input as _printed(["printenv", "HOME"], [], "/home/dev\n")
	count(output_redaction.replace_output) == 0 with input as _printed(["echo", "$PWD"], [], "/home/dev/project\n")
	count(output_redaction.replace_output) == 0 with input as _printed(["echo", "$TOKEN"], [{"op": ">", "target": "/tmp/t", "fd": null, "dup": false}], "")
	count(output_redaction.replace_output) == 0 with input as _printed(["printf", "-v", "x", "%s", "$TOKEN"], [], "")
}

# The call reads a secret store or file (the PreToolUse side's verdict on the same call): its
# output is the bare secret, withheld whatever its shape
test_a_call_that_reads_a_secret_has_its_output_withheld if {
	some patch in output_redaction.replace_output with input as _printed(["vault", "kv", "get", "-field=password", "secret/x"], [], "Qm7vX2pLz9RtK4wN\n")
		with data.claude_rego.policies.credential_output.deny as {"prints a credential"}
	not contains(patch.stdout, "Qm7vX2pLz9RtK4wN")
	contains(patch.stdout, "withheld")
	patch.interrupted == false
	some ctx in output_redaction.context with input as _printed(["vault", "kv", "get", "-field=password", "secret/x"], [], "Qm7vX2pLz9RtK4wN\n")
		with data.claude_rego.policies.credential_output.deny as {"prints a credential"}
	contains(ctx, "withheld")
}

test_a_secret_file_read_is_withheld_in_every_tool_shape if {
	response := {"type": "text", "file": {"filePath": "/home/dev/project/.env", "content": "DB=Qm7vX2pLz9RtK4wN\n", "numLines": 1}}
	some patch in output_redaction.replace_output with input as post("Read", response)
		with data.claude_rego.policies.secrets_access.deny as {"secret file"}
	patch.type == "text"
	patch.file.filePath == "/home/dev/project/.env"
	patch.file.numLines == 1
	not contains(patch.file.content, "Qm7vX2pLz9RtK4wN")
	some mcp in output_redaction.replace_output with input as post("mcp__vault__read", [{"type": "text", "text": "Qm7vX2pLz9RtK4wN"}])
		with data.claude_rego.policies.tool_actions.reads_secret_values as true
	mcp[0].type == "text"
	not contains(mcp[0].text, "Qm7vX2pLz9RtK4wN")
}

test_a_token_printer_is_withheld_and_stderr_too if {
	some patch in output_redaction.replace_output with input as bash("Qm7vX2pLz9RtK4wN\n", "Qm7vX2pLz9RtK4wN")
		with data.claude_rego.policies.credential_output.token_printers as {0}
	not contains(patch.stdout, "Qm7vX2pLz9RtK4wN")
	not contains(patch.stderr, "Qm7vX2pLz9RtK4wN")
}

test_an_empty_output_of_a_secret_read_is_left_alone if {
	count(output_redaction.replace_output) == 0 with input as bash("", "\n")
		with data.claude_rego.policies.secrets_access.deny as {"secret file"}
}

test_ordinary_calls_are_not_withheld if {
	count(output_redaction.replace_output) == 0 with input as bash("Qm7vX2pLz9RtK4wN\n", "")
	count(output_redaction.replace_output) == 0 with input as post("mcp__vault__list_secrets", [{"type": "text", "text": "db\napi"}])
}

test_a_secret_read_shows_only_settings_that_are_visibly_no_secret if {
	# a test dotenv of development defaults: nothing to withhold
	count(output_redaction.replace_output) == 0 with input as bash("DATABASE_URL=sqlite:///test.db\nSECRET_KEY=test\nAPI_KEY=test-api-key\n", "")
		with data.claude_rego.policies.secrets_access.deny as {"secret file"}
	some patch in output_redaction.replace_output with input as bash("PORT=3000\nFOO=Qm7vX2pLz9RtK4wN\nDB_PASSWORD=hunter2\nQm7vX2pLz9RtK4wN\n", "")
		with data.claude_rego.policies.secrets_access.deny as {"secret file"}
	not contains(patch.stdout, "Qm7vX2pLz9RtK4wN")
	not contains(patch.stdout, "hunter2")
	contains(patch.stdout, "\nPORT=3000\n")
	contains(patch.stdout, "withheld")
}

test_a_printed_secret_variable_is_not_a_secret_read if {
	# `echo "$TOKEN" > f && echo saved`: the variable went into a file, "saved" is shown
	count(output_redaction.replace_output) == 0 with input as bash("saved\n", "")
		with data.claude_rego.policies.secrets_access.deny as {"prints $TOKEN"}
		with data.claude_rego.policies.secrets_access.prints_secret_variable as {"prints $TOKEN"}
}

test_a_padded_base64_value_of_a_secret_read_is_withheld if {
	doc := {"hook": {"hook_event_name": "PostToolUse", "tool_name": "mcp__azure__storage_account_keys_list", "tool_input": {}, "tool_response": {"value": "c2VjcmV0LXZhbHVlLW9mLXRoZS1rZXk="}}}
	some r in output_redaction.replace_output with input as doc
		with data.claude_rego.policies.tool_actions.reads_secret_values as true
	not contains(json.marshal(r), "c2VjcmV0")
}

# a failed call's error text cannot be rewritten: a credential of a known format halts the run
_failure(error, findings) := {
	"hook": {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_input": {"command": "cat cfg.yml; exit 1"}, "error": error},
	"facts": {"secrets": {"prompt": [], "tool_input": [], "tool_response": findings}},
}

test_a_failed_calls_output_with_a_credential_halts if {
	ghp := "ghp_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ12"
	count(output_redaction.halt) == 1 with input as _failure(concat("", ["Exit code 1\ntoken: ", ghp]), [{"kind": "GitHub token", "value": ghp, "generic": false}])
}

test_a_failed_calls_output_without_one_or_with_a_bare_setting_passes if {
	count(output_redaction.halt) == 0 with input as _failure("Exit code 1\nFAIL a.test.js", [])
	count(output_redaction.halt) == 0 with input as _failure("E password=test123", [{"kind": "password", "value": "test123", "generic": true}])
}
