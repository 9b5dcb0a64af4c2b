"""Property-based fuzzing of the real hook process with generated and mutated inputs.

Bounded in CI; `CLAUDE_REGO_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz.py` for a long run
(`bench/fuzz.py` runs 100,000+ in one process pool and counts outcomes).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile

from claude_rego.claudecode.events import EVENTS, event_info
from claude_rego.claudecode.install import hook_command
from conftest import SAMPLES, run_registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

STATE = {"XDG_STATE_HOME": tempfile.mkdtemp(prefix="claude-rego-fuzz-")}  # never the real logs
atexit.register(shutil.rmtree, STATE["XDG_STATE_HOME"], True)
EXAMPLES = int(os.environ.get("CLAUDE_REGO_FUZZ_EXAMPLES", "40"))

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=20)
shellish = st.text(alphabet=st.sampled_from(list("rm -f/$(){}`'\"|&;<>\\*~.\n\tabcshcurlsudo")), max_size=80)
events = st.sampled_from(sorted(EVENTS))


@st.composite
def hook_inputs(draw):
    """A real sample (or a base input) with fields replaced, added or mangled."""
    event = draw(events)
    base = dict(SAMPLES.get(event) or {"session_id": "s", "transcript_path": "/t", "cwd": "/home/dev/project",
                                       "hook_event_name": event})
    if draw(st.booleans()):
        base["tool_name"] = draw(st.sampled_from(["Bash", "Write", "Read", "Edit", "mcp__x__y", "Weird"]))
        base["tool_input"] = draw(st.fixed_dictionaries({}, optional={
            "command": shellish, "file_path": st.text(max_size=30), "content": st.text(max_size=20)})
            | json_values)
    for key in draw(st.lists(st.sampled_from(sorted(base) + ["extra"]), max_size=3)):
        base[key] = draw(json_values)
    base["hook_event_name"] = event
    return event, json.dumps(base).encode()


@st.composite
def mutated(draw):
    event, raw = draw(hook_inputs())
    cut = draw(st.integers(0, len(raw)))
    junk = draw(st.binary(max_size=8))
    return event, raw[:cut] + junk + raw[cut + len(junk):]


TOOL_EVENTS = sorted(e for e, info in EVENTS.items() if info.tool_event)
not_a_name = st.none() | st.integers() | st.just("") | st.lists(st.text(max_size=5), max_size=2) | st.dictionaries(
    st.text(max_size=3), st.text(max_size=3), max_size=2)
not_an_object = st.none() | st.text(max_size=30) | st.integers() | st.lists(st.text(max_size=10), max_size=3)


@st.composite
def malformed_tool_events(draw):
    """A tool event whose tool_name is not a non-empty string or tool_input not an object."""
    event = draw(st.sampled_from(TOOL_EVENTS))
    base = {"session_id": "s", "transcript_path": "/t", "cwd": "/home/dev/project", "hook_event_name": event,
            "tool_name": "Bash", "tool_input": {"command": "cat ~/.ssh/id_rsa"}}
    which = draw(st.sampled_from(["tool_name", "tool_input", "both"]))
    if which in ("tool_name", "both"):
        base["tool_name"] = draw(not_a_name)
    if which in ("tool_input", "both"):
        base["tool_input"] = draw(not_an_object)
    for key in ("tool_name", "tool_input"):
        if base[key] is None and draw(st.booleans()):
            del base[key]
    return event, json.dumps(base).encode()


@st.composite
def with_surrogates(draw):
    """Lone surrogate escapes (\\ud800-\\udfff) spliced into an input's strings."""
    event, raw = draw(hook_inputs())
    text = raw.decode()
    closing = [i for i, c in enumerate(text) if c == '"'][1::2]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(closing))
        escape = f"\\u{draw(st.integers(0xD800, 0xDFFF)):04x}"
        text = text[:at] + escape + text[at:]
        closing = [i for i, c in enumerate(text) if c == '"'][1::2]
    return event, text.encode()


def check(event: str, raw: bytes):
    result = run_registered(hook_command(event, python=sys.executable), raw, event=event, env=STATE)
    result.assert_valid()
    assert "internal error" not in result.stdout + result.stderr, result.stdout
    try:
        parsed = json.loads(raw)
        readable = isinstance(parsed, dict)
    except ValueError:
        readable = False
    if readable and event_info(event).tool_event and (
            not isinstance(parsed.get("tool_name"), str) or not parsed.get("tool_name")
            or not isinstance(parsed.get("tool_input"), dict)):
        readable = False  # a malformed tool event is as unreadable as garbage
    if not readable and event_info(event).blocks_on_failure:
        # unreadable input on a blocking event: the failure answer, never a pass
        assert result.returncode == 2 or result.output != {}, result.output
    if event in ("Stop", "SubagentStop") and not readable:
        # never a trap: a broken input must not keep the session from stopping
        assert result.returncode == 0 and result.output.get("decision") != "block"


fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@fuzz
@given(hook_inputs())
def test_generated_inputs(case):
    check(*case)


@fuzz
@given(mutated())
def test_mutated_inputs(case):
    check(*case)


@fuzz
@given(malformed_tool_events())
def test_malformed_tool_events(case):
    check(*case)


@fuzz
@given(with_surrogates())
def test_lone_surrogates(case):
    check(*case)
