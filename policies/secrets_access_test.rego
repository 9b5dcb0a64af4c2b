package claude_rego.policies.secrets_access_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.secrets_access
import rego.v1

test_read_env_file_denied if {
	count(secrets_access.deny) > 0 with input as file_tool("Read", "file-read", path("/home/dev/project/.env", "/home/dev/project/.env", true))
}

test_case_variant_denied if {
	p := object.union(path(".ENV", "/home/dev/project/.ENV", true), {"name_folded": ".env"})
	count(secrets_access.deny) > 0 with input as file_tool("Read", "file-read", p)
}

test_private_keys_and_cloud_credentials_denied if {
	every file in ["/home/dev/.ssh/id_rsa", "/home/dev/project/server.pem", "/home/dev/project/tls.key", "/home/dev/.aws/credentials", "/home/dev/.kube/config", "/home/dev/project/.git/config"] {
		count(secrets_access.deny) > 0 with input as file_tool("Read", "file-read", path(file, file, false))
	}
}

test_symlink_to_secret_denied if {
	p := object.union(path("notes.txt", "/home/dev/project/notes.txt", true), {"resolved": "/home/dev/.aws/credentials"})
	count(secrets_access.deny) > 0 with input as file_tool("Read", "file-read", p)
}

test_shell_reads_denied if {
	count(secrets_access.deny) > 0 with input as bash("cat .env", [seg(0, ["cat", ".env"])], [path(".env", "/home/dev/project/.env", true)])
	count(secrets_access.deny) > 0 with input as bash("base64 id_rsa", [seg(0, ["base64", "id_rsa"])], [])
}

test_examples_and_public_keys_allowed if {
	count(secrets_access.deny) == 0 with input as file_tool("Read", "file-read", path(".env.example", "/home/dev/project/.env.example", true))
	count(secrets_access.deny) == 0 with input as file_tool("Read", "file-read", path("id_rsa.pub", "/home/dev/.ssh/id_rsa.pub", false))
	count(secrets_access.deny) == 0 with input as file_tool("Read", "file-read", path("src/env.py", "/home/dev/project/src/env.py", true))
}
