package claude_rego.policies.container_host_test

import data.claude_rego.lib.testing
import data.claude_rego.policies.container_host
import rego.v1

_asks(argv) if count(container_host.ask) == 1 with input as testing.cmd(argv)

_passes(argv) if count(container_host.ask) == 0 with input as testing.cmd(argv)

test_root_mount_spellings_ask if {
	every spec in ["/:/h", "//:/h", "/.:/h", "/etc/:/x", "/etc/sudoers.d:/s", "/run:/run", "/var/run/docker.sock:/s", "/home/dev/project/..:/h", "../:/h", "~:/h", "$HOME/.ssh:/k", "/home/dev/.aws:/a", "/root:/r", "/usr/bin:/b"] {
		_asks(["docker", "run", "-v", spec, "alpine", "sh"])
	}
}

test_mount_option_spellings_ask if {
	_asks(["docker", "run", "-itv", "/:/h", "alpine", "sh"])
	_asks(["docker", "run", "-it", "-v/:/h", "alpine", "sh"])
	_asks(["docker", "run", "-v=/:/h", "alpine", "sh"])
	_asks(["docker", "run", "-itv/etc:/h", "alpine", "sh"])
	_asks(["podman", "run", "--volume=/etc:/h", "alpine", "sh"])
	_asks(["docker", "run", "--volume", "/etc:/h", "alpine", "sh"])
	_asks(["docker", "run", "--mount=type=bind,source=/,target=/h", "alpine", "sh"])
	_asks(["docker", "run", "--mount", "target=/h,src=/etc,type=bind", "alpine", "sh"])
	_asks(["docker", "create", "--mount", "type=bind,\"source=/var/run\",target=/h", "alpine"])
}

test_unknown_anchor_climbed_asks if {
	_asks(["docker", "run", "-v", "$(…)/../..:/h", "alpine", "sh"])
	_asks(["docker", "run", "-v", "$X/..:/h", "alpine", "sh"])
}

test_privileges_ask if {
	every flags in [["--privileged"], ["--privileged=true"], ["--cap-add", "ALL"], ["--cap-add=sys_admin"], ["--cap-add", "NET_ADMIN,CAP_SYS_PTRACE"], ["--device=/dev/sda"], ["--device", "/dev/nvme0n1:/dev/x"], ["--security-opt", "seccomp=unconfined"], ["--security-opt=apparmor:unconfined"], ["--security-opt", "label=disable"], ["--pid=host"], ["--pid", "host"]] {
		_asks(array.concat(array.concat(["docker", "run"], flags), ["alpine", "sh"]))
	}
}

test_everyday_containers_pass if {
	_passes(["docker", "run", "--rm", "-v", "$PWD:/app", "-w", "/app", "node:20", "npm", "test"])
	_passes(["docker", "run", "--rm", "-v", "./data:/data", "alpine", "ls", "/data"])
	_passes(["docker", "run", "--rm", "-itv", "$PWD:/src", "alpine", "sh"])
	_passes(["docker", "run", "--mount=type=bind,source=$(…),target=/app", "alpine", "ls", "/app"])
	_passes(["docker", "run", "-v", "pgdata:/var/lib/postgresql/data", "postgres"])
	_passes(["docker", "run", "-v", "/etc/localtime:/etc/localtime:ro", "alpine"])
	_passes(["docker", "run", "-v", "/home/dev/project/src:/src", "alpine"])
	_passes(["docker", "run", "-v", "~/.m2:/root/.m2", "maven"])
	_passes(["docker", "run", "-v", "/tmp/.X11-unix:/tmp/.X11-unix", "app"])
	_passes(["docker", "run", "--network", "host", "--cap-add", "NET_ADMIN", "app"])
	_passes(["docker", "run", "--privileged=false", "--device", "/dev/kvm", "app"])
	_passes(["docker", "ps", "-v"])
}

_write(file, content) := {
	"hook": {"tool_name": "Write", "tool_input": {"file_path": file, "content": content}, "hook_event_name": "PreToolUse"},
	"facts": {"event": "PreToolUse", "tool": {"name": "Write", "class": "file_write"}, "cwd": testing.project, "project_dir": testing.project, "home": testing.home},
}

test_compose_file_written_with_host_access_asks if {
	every content in [
		"services:\n  x:\n    image: alpine\n    volumes: [\"/:/host\"]\n",
		"services:\n  x:\n    image: alpine\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock\n",
		"services:\n  x:\n    pid: host\n    volumes:\n      - type: bind\n        source: /\n        target: /h\n",
		"services:\n  x:\n    privileged: true\n",
		"services:\n  x:\n    cap_add:\n      - SYS_ADMIN\n",
		"services:\n  x:\n    volumes:\n      - ../..:/h\n",
	] {
		count(container_host.ask) == 1 with input as _write("/home/dev/project/docker-compose.yml", content)
	}
}

test_everyday_compose_passes if {
	content := "services:\n  web:\n    image: node:20\n    volumes:\n      - ./:/app\n      - node_modules:/app/node_modules\n      - /etc/localtime:/etc/localtime:ro\n    ports:\n      - \"3000:3000\"\n    environment:\n      - A=b\n"
	count(container_host.ask) == 0 with input as _write("/home/dev/project/compose.yaml", content)
	count(container_host.ask) == 0 with input as _write("/home/dev/project/notes.yml", "volumes: [\"/:/host\"]\n")
}
