"""The suite never writes to the real HOME (issue 17 item 7): HOME and the XDG dirs of this
process and its subprocesses point into a temp dir, so the hook's decision log, doctor's
probes and the project-layer cache land there."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from claude_rego.audit import decisionlog, hooklog
from claude_rego.decide import layers
from conftest import REAL_HOME, bash_input


def _tree_state(path):
    if not os.path.exists(path):
        return None
    return sorted((os.path.relpath(os.path.join(b, n), path), os.stat(os.path.join(b, n)).st_size)
                  for b, _, names in os.walk(path) for n in names)


def test_home_and_state_dirs_are_temporary():
    home = os.environ["HOME"]
    assert os.path.realpath(home) != os.path.realpath(REAL_HOME)
    assert os.path.realpath(home).startswith(os.path.realpath(tempfile.gettempdir()))
    for path in (decisionlog.default_path(), hooklog.default_path(), layers.cache_dir(),
                 os.path.expanduser("~/.claude/settings.json")):
        assert os.path.realpath(path).startswith(os.path.realpath(home)), path


def test_a_hook_run_and_doctor_leave_the_real_state_dir_alone():
    real_state = os.path.join(REAL_HOME, ".local", "state", "claude-rego")
    before = _tree_state(real_state)
    import json

    proc = subprocess.run([sys.executable, "-m", "claude_rego", "hook", "--event", "PreToolUse"],
                          input=json.dumps(bash_input("ls")).encode(), capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([sys.executable, "-m", "claude_rego", "doctor", "--format", "json"], capture_output=True,
                   timeout=300)
    assert os.path.isfile(decisionlog.default_path())  # the hook logged, into the temp state dir
    assert _tree_state(real_state) == before
