"""End-to-end: the real Claude Code CLI (every supported version, offline) running our registered hook.

Each test runs once per supported CLI (conftest.py: 2.1.197, the oldest supported, and
2.1.331, the newest pinned); where the versions behave differently the expectation is
per version (`e2e.version`, `e2e.has_on_failure`) and docs/real-cli-findings.md records it.

Every test registers hooks exactly as `claude_rego.claudecode.install.registration` prints them,
lets the fake model (fake_api.py) ask for tool calls, and asserts what the CLI actually
did: what the model was sent next, which files the tools created, how the run ended.
Policies for each case live in tests/e2e/policies/<case>/. Findings: docs/e2e-findings.md.
"""

from __future__ import annotations

import json

import pytest

# fake_api.py, loaded by conftest.py under a unique name
from claude_rego_e2e_fake_api import bash, text


def only_event(events: list[dict], **match) -> list[dict]:
    return [e for e in events if all(e.get(k) == v for k, v in match.items())]


# ------------------------------------------------------------------ 1. deny


def test_pretooluse_deny_keeps_the_command_from_running_and_tells_the_model_why(e2e):
    """A policy deny on PreToolUse: the Bash command never runs (its marker file is not
    created) and the model's next request carries an error tool_result with the policy's
    reason, so it can adapt instead of retrying blindly."""
    fragment = e2e.register("deny")
    assert list(fragment["hooks"]) == ["PreToolUse"] and fragment["hooks"]["PreToolUse"][0]["matcher"] == "Bash"
    call = bash("touch DENIED_MARKER")
    run = e2e.run("create the marker", [[call], [text("understood")]])

    assert run.returncode == 0, run.describe()
    assert not run.marker("DENIED_MARKER"), run.describe()
    assert len(run.requests) == 2, run.describe()
    result = run.tool_result(call["id"])
    assert result is not None and result.get("is_error") is True, run.describe()
    assert "E2E-DENY-7c1: creating DENIED_MARKER is forbidden by policy" in run.tool_result_text(call["id"])
    assert "[claude-rego decision " in run.tool_result_text(call["id"])  # quotable decision id
    assert run.final.get("permission_denials"), run.describe()


# ------------------------------------------------------------------ 2. rewrite


def test_rewrite_runs_the_rewritten_command_instead_of_the_original(e2e):
    """A rewrite patches only `command`: the CLI runs the rewritten command (the model sees
    its output), never the original one."""
    e2e.register("rewrite")
    call = bash("echo original-xyz")
    run = e2e.run("echo something", [[call], [text("done")]])

    output = run.tool_result_text(call["id"])
    assert run.tool_result(call["id"]).get("is_error") is False, run.describe()
    assert "rewritten-xyz" in output and "original-xyz" not in output, run.describe()


def test_a_rewrite_into_a_denied_command_is_not_run(e2e):
    """A rewrite cannot smuggle in what another policy denies: the rewritten call is
    evaluated again, the tool does not run (no marker file) and the deny reason reaches
    the model."""
    e2e.register("rewrite")
    call = bash("echo harmless-request")
    run = e2e.run("do the harmless thing", [[call], [text("done")]])

    assert not run.marker("SMUGGLED_MARKER"), run.describe()
    assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
    assert "E2E-FORBIDDEN-3d9: forbidden-marker may not run" in run.tool_result_text(call["id"])


# ------------------------------------------------------------------ 3. UserPromptSubmit


def test_blocked_prompt_never_reaches_the_model(e2e):
    """A UserPromptSubmit block: the CLI makes no model request at all, so the prompt's
    content never leaves the machine; the user sees the reason."""
    e2e.register("prompt")
    run = e2e.run("deploy with TOP-SECRET-PROMPT-e2e please", [[text("this turn must not be requested")]])

    assert run.returncode == 0, run.describe()
    assert run.all_requests == [], run.describe()
    assert "E2E-PROMPT-BLOCK-51a" in run.final.get("result", ""), run.describe()


def test_prompt_context_reaches_the_first_model_request(e2e):
    """UserPromptSubmit context: the text a policy adds is in the very first request the
    model gets."""
    e2e.register("prompt")
    run = e2e.run("hello, please add context", [[text("ok")]])

    assert len(run.requests) == 1, run.describe()
    assert "E2E-PROMPT-CONTEXT-8b2: the build command is make ci" in run.request_text(0)


# ------------------------------------------------------------------ 4. Stop


def test_stop_block_feeds_back_once_then_lets_claude_stop(e2e):
    """A Stop gate (deny unless stop_hook_active): Claude is sent back once with the
    reason, and then allowed to stop: exactly two model requests although the script has
    more turns, and a clean exit."""
    e2e.register("stop")
    run = e2e.run("finish up", [[text("first answer")], [text("second answer")], [text("third answer")]])

    assert run.returncode == 0, run.describe()
    assert len(run.requests) == 2, run.describe()
    assert "E2E-STOP-FEEDBACK-4f0" not in run.request_text(0)
    assert "E2E-STOP-FEEDBACK-4f0: run the tests before stopping" in run.request_text(1), run.describe()
    assert run.final.get("result") == "second answer", run.describe()


# ------------------------------------------------------------------ 5. SessionStart


def test_session_start_context_reaches_the_first_model_request(e2e):
    """SessionStart context (e.g. organisation rules) is in the first model request."""
    e2e.register("session")
    run = e2e.run("hello", [[text("ok")]])

    assert len(run.requests) == 1, run.describe()
    assert "E2E-SESSION-CONTEXT-a60: all commits need a ticket id" in run.request_text(0)


# ------------------------------------------------------------------ 6. halt


def test_halt_on_pretooluse_never_runs_the_tool(e2e):
    """halt on PreToolUse is sent as deny + continue:false: the tool never runs, on every
    version. CLI 2.1.197 has no answer that both keeps the tool from running and ends the
    run (continue:false alone runs the tool first; with a deny it is ignored), so there
    the run goes on and the model gets the halt reason. 2.1.331 honours both: the tool is
    blocked AND the run ends (no further model request; `terminal_reason: hook_stopped`);
    the reason is in the stream's tool_result (docs/real-cli-findings.md)."""
    e2e.register("halt")
    call = bash("echo halt-now > HALT_MARKER")
    run = e2e.run("go", [[call], [text("after the halt")], [text("nor this")]])

    assert run.returncode == 0, run.describe()
    assert not run.marker("HALT_MARKER"), run.describe()
    if e2e.has_on_failure:  # 2.1.331 semantics: a true halt
        assert len(run.requests) == 1, run.describe()
        assert run.final.get("terminal_reason") == "hook_stopped", run.describe()
        assert "E2E-HALT" in run.stdout, run.describe()  # the stream's tool_result
    else:
        assert "E2E-HALT" in run.request_text(1), run.describe()


def test_halt_never_lets_a_denied_command_run(e2e):
    """halt > deny must not weaken the deny: when one policy denies a command and another
    halts, the command must not run."""
    e2e.register("deny", "halt")
    call = bash("touch DENIED_MARKER # halt-now")
    run = e2e.run("go", [[call], [text("after the halt")]])

    assert not run.marker("DENIED_MARKER"), run.describe()


# ------------------------------------------------------------------ 7. output redaction (built-in pack)


def test_default_pack_redacts_a_secret_from_tool_output_before_the_model_sees_it(e2e):
    """With the built-in pack (no --policies, the full default registration), a command that
    prints an AWS key: the model's next request does not contain the key anywhere, the
    tool_result shows the redaction instead (PostToolUse updatedToolOutput is honoured)."""
    fragment = e2e.register()
    assert "PostToolUse" in fragment["hooks"]
    key = "AKIA" + "ABCDEFGHIJKLMNOP"
    call = bash("printf 'aws_key=AKIA%s\\n' ABCDEFGHIJKLMNOP")  # the key itself is not in the command
    run = e2e.run("show me the configured key", [[call], [text("done")]])

    output = run.tool_result_text(call["id"])
    print(f"[e2e] tool_result the model got: {output!r}")
    assert "[REDACTED" in output, run.describe()
    assert all(key not in json.dumps(body) for body in run.all_requests), run.describe()


# ------------------------------------------------------------------ 8. failure contract in the real client


@pytest.mark.parametrize("fault", ["crash", "hang"])
def test_broken_engine_blocks_the_tool(e2e, fault):
    """The engine child crashes (SIGSEGV) or hangs past the 1 s deadline: the hook still
    answers deny, so the Bash command does not run and the model is told the policy
    engine failed (fail closed) - well within the registered timeout."""
    e2e.register("deny", deadline=1.0)
    call = bash(f"touch {fault.upper()}_MARKER")
    run = e2e.run("create the marker", [[call], [text("done")]], env={"CLAUDE_REGO_TEST_FAULT": fault})

    assert run.returncode == 0, run.describe()
    assert not run.marker(f"{fault.upper()}_MARKER"), run.describe()
    assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
    assert "claude-rego: policy evaluation failed" in run.tool_result_text(call["id"]), run.describe()
    assert run.seconds < 30, run.describe()


def test_crashing_engine_never_traps_a_session_in_stop(e2e):
    """A Stop gate whose engine crashes gets no opinion (not a block): the session ends
    after the first answer instead of looping."""
    e2e.register("stop")
    run = e2e.run("finish up", [[text("first answer")], [text("second answer")]],
                  env={"CLAUDE_REGO_TEST_FAULT": "crash"})

    assert run.returncode == 0, run.describe()
    assert len(run.requests) == 1, run.describe()
    assert run.final.get("result") == "first answer", run.describe()


def test_python_that_cannot_start_blocks_the_tool_but_not_stop(e2e, tmp_path):
    """The registered interpreter is gone: the shell fallback in the registered command
    exits 2 on PreToolUse (the tool does not run, the model sees "fail closed"), and
    exits 0 on Stop (the session still ends)."""
    fragment = e2e.register("deny", "stop", python=str(tmp_path / "no-such-python" / "bin" / "python3"))
    assert set(fragment["hooks"]) == {"PreToolUse", "Stop"}
    call = bash("touch NOPY_MARKER")
    run = e2e.run("create the marker", [[call], [text("done")], [text("must not be requested")]])

    assert run.returncode == 0, run.describe()
    assert not run.marker("NOPY_MARKER"), run.describe()
    assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
    assert "claude-rego: the policy hook could not run" in run.tool_result_text(call["id"])
    assert "blocked (fail closed)" in run.tool_result_text(call["id"])
    assert len(run.requests) == 2, run.describe()  # Stop did not block


# ------------------------------------------------------------------ 9. built-in pack sanity


def test_default_pack_denies_rm_rf_home(e2e):
    """The built-in pack denies `rm -rf ~`; the CLI never runs it and the model is told
    why. A second, harmless `rm` proves the guard on PATH is what the Bash tool would have
    run: it logs that call only."""
    e2e.register()
    call, probe = bash("rm -rf ~"), bash("rm -rf ./guard-probe")
    run = e2e.run("clean up everything", [[call], [probe], [text("done")]])

    assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
    assert "recursively deletes" in run.tool_result_text(call["id"]), run.describe()
    assert "guard rm refused" in run.tool_result_text(probe["id"]), run.describe()
    assert e2e.guard_log.read_text() == "rm -rf ./guard-probe\n"  # `rm -rf ~` never reached rm


# ------------------------------------------------------------------ SDK mode: ask and PermissionRequest


def test_ask_puts_the_call_in_front_of_the_host_despite_an_allow_rule(e2e):
    """PreToolUse `ask` in SDK mode: although settings allow Bash, the host (standing in
    for the human) is asked about the call; when it refuses, the command does not run."""
    e2e.register("ask", allow=("Bash",))
    call = bash("echo ask-marker > ASK_MARKER")
    run = e2e.run_sdk("write the marker", [[call], [text("done")]])

    assert [p["input"]["command"] for p in run.permission_prompts] == ["echo ask-marker > ASK_MARKER"], run.describe()
    print(f"[e2e] the host's permission prompt: {json.dumps(run.permission_prompts[0])[:600]}")
    assert not run.marker("ASK_MARKER"), run.describe()
    assert "E2E-HOST: the host says no" in run.tool_result_text(call["id"]), run.describe()


def test_permission_request_allow_and_deny_answer_the_prompt_before_the_host(e2e):
    """PermissionRequest (no allow rule, so `touch` needs approval): the policy's allow lets
    the first command run and its deny stops the second, before the (slow) host answers;
    the CLI withdraws both of its own prompts and the model gets the deny message."""
    e2e.register("permission", allow=())
    allowed, denied = bash("touch PERM_ALLOW_MARKER"), bash("touch PERM_DENY_MARKER")
    run = e2e.run_sdk("make two markers", [[allowed], [denied], [text("done")]], answer_after=8.0)

    assert run.marker("PERM_ALLOW_MARKER"), run.describe()
    assert not run.marker("PERM_DENY_MARKER"), run.describe()
    assert "E2E-PERM-DENY-6e2: refused by policy" in run.tool_result_text(denied["id"]), run.describe()
    assert len(run.permission_prompts) == 2, run.describe()
    assert sorted(run.cancelled_prompts) == sorted(p["request_id"] for p in run.permission_prompts), run.describe()


# ------------------------------------------------------------------ 8. more events


def test_session_start_env_reaches_a_later_bash_command(e2e):
    """A SessionStart `env` verdict is written to CLAUDE_ENV_FILE; the CLI sources it for
    the session's Bash commands, so a later command sees the variable."""
    e2e.register("session_env", events=["SessionStart"])
    call = bash("echo value=$E2E_FROM_POLICY")
    run = e2e.run("print the variable", [[call], [text("done")]])
    assert "value=policy-env-5521" in run.tool_result_text(call["id"]), run.describe()


def test_post_tool_use_context_and_block_reach_the_next_request(e2e):
    """PostToolUse context and block (the tool already ran): both texts are in the next
    request the model receives."""
    e2e.register("post", events=["PostToolUse"])
    call = bash("echo post-marker")
    run = e2e.run("echo the marker", [[call], [text("done")]])
    after_tool = run.request_text(-1)
    assert "E2E-POST-CONTEXT-1187" in after_tool and "E2E-POST-BLOCK-2290" in after_tool, run.describe()


def test_rewrite_under_ask_is_what_the_host_is_asked_about(e2e):
    """Finding (docs/real-cli-findings.md): with ask + updatedInput, the host's prompt shows
    the rewritten input, and approving it runs the rewritten command."""
    e2e.register("ask_rewrite", events=["PreToolUse"], allow=("Bash",))
    call = bash("echo ask-rewrite")
    run = e2e.run_sdk("echo", [[call], [text("done")]],
                      answer=lambda request: {"behavior": "allow", "updatedInput": request["input"]})
    assert [p["input"]["command"] for p in run.permission_prompts] == ["echo ask-rewritten"], run.describe()
    assert "ask-rewritten" in run.tool_result_text(call["id"]), run.describe()


# ------------------------------------------------------------------ failures below the hook (onFailure)

# A fake "interpreter" the launcher runs, per failure; the CLI sees the launcher's answer.
FAULTY_PYTHONS = {
    # the CLI kills the hook at its `timeout`: nothing below the CLI can answer
    "timeout": "#!/bin/sh\nexec sleep 20\n",
    # the interpreter dies by a signal: the launcher's last resort exits 2
    "crash": "#!/bin/sh\ncat >/dev/null; kill -SEGV $$\n",
    # JSON-looking garbage ending in `}`: only the CLI can tell it is not JSON
    "garbage-json": "#!/bin/sh\ncat >/dev/null; printf '{\"hookSpecificOutput\": not json}'\n",
    # valid JSON the CLI's schema rejects
    "schema-invalid": ("#!/bin/sh\ncat >/dev/null; printf '%s' '{\"hookSpecificOutput\": {\"hookEventName\": "
                       "\"PreToolUse\", \"permissionDecision\": \"maybe\"}}'\n"),
    # plain text (a hole even with onFailure: the launcher turns it into exit 2)
    "plain-text": "#!/bin/sh\ncat >/dev/null; echo 'Traceback (most recent call last): boom'\n",
    # the launcher itself is gone (cannot start): `|| exit 2` in the registered command
    "launcher-missing": None,
}
# Where each failure lets the tool run: only where the CLI alone could have caught it and
# the CLI has no onFailure (2.1.197). Everywhere else the tool is blocked.
RUNS_WITHOUT_ON_FAILURE = {"timeout", "garbage-json", "schema-invalid"}


@pytest.mark.parametrize("fault", sorted(FAULTY_PYTHONS))
def test_a_failing_hook_blocks_the_tool(e2e, tmp_path, fault):
    """The hook times out, crashes, cannot start or prints garbage on PreToolUse. With
    `onFailure: "block"` (CLI 2.1.331) the tool never runs, whatever the failure. On
    2.1.197 (no onFailure) the launcher's last resort and `|| exit 2` still block every
    failure they can see; a CLI timeout and JSON only the CLI rejects let the tool run
    (recorded in docs/real-cli-findings.md)."""
    if FAULTY_PYTHONS[fault] is None:
        fragment = e2e.register("deny", events=["PreToolUse"])
        (e2e.launcher_dir / "claude-rego-hook").unlink()
    else:
        python = tmp_path / "faulty" / "bin" / "python3"
        python.parent.mkdir(parents=True)
        python.write_text(FAULTY_PYTHONS[fault])
        python.chmod(0o755)
        fragment = e2e.register("deny", events=["PreToolUse"], python=str(python),
                                timeout=2 if fault == "timeout" else None)
    hook = fragment["hooks"]["PreToolUse"][0]["hooks"][0]
    assert hook["onFailure"] == "block" and hook["command"].endswith(" || exit 2")
    call = bash(f"touch FAULT_{fault.upper().replace('-', '_')}_MARKER")
    run = e2e.run("create the marker", [[call], [text("done")]])
    marker = run.marker(f"FAULT_{fault.upper().replace('-', '_')}_MARKER")

    assert run.returncode == 0, run.describe()
    if e2e.has_on_failure or fault not in RUNS_WITHOUT_ON_FAILURE:
        assert not marker, run.describe()
        assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
        result = run.tool_result_text(call["id"])
        if e2e.has_on_failure and fault in RUNS_WITHOUT_ON_FAILURE:
            assert 'blocking because onFailure is "block"' in result, run.describe()
        # what the model is shown of the command: the short launcher line, no layout
        assert "sys.path" not in result and "site-packages" not in result, result
    else:
        assert marker, run.describe()  # 2.1.197 fails open here (no onFailure)


def test_the_model_never_sees_the_install_layout_in_a_stop_block(e2e):
    """2.1.331 quotes the registered command to the model with a Stop block: it is the
    short launcher line, without interpreter, site-packages or the fail-closed wrapper."""
    fragment = e2e.register("stop")
    command = fragment["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert "onFailure" not in fragment["hooks"]["Stop"][0]["hooks"][0]
    run = e2e.run("finish up", [[text("first answer")], [text("second answer")], [text("third answer")]])

    assert len(run.requests) == 2, run.describe()
    sent = json.dumps(run.all_requests)
    assert "site-packages" not in sent and "sys.path" not in sent and "-I -S" not in sent, run.describe()
    if e2e.has_on_failure:
        assert json.dumps(command)[1:-1] in sent, run.describe()  # quoted as registered
    print(f"[e2e] registered Stop command ({len(command)} chars): {command}")


# ------------------------------------------------------------------ PreModelSwitch (CLI 2.1.331)


def test_model_policy_denies_a_switch_to_a_model_off_the_allowlist(e2e):
    """The pack's model_policy with an allowlist (sonnet/opus): an SDK `set_model` to haiku
    fires PreModelSwitch, the policy denies, the CLI refuses the switch with our reason,
    the session keeps its model and PostModelSwitch does not fire."""
    if not e2e.has_on_failure:  # the model-switch events came with 2.1.331
        pytest.skip(f"CLI {e2e.version} has no PreModelSwitch event")
    fragment = e2e.register("model_allowlist", pack=True, events=["PreModelSwitch", "PostModelSwitch"])
    assert fragment["hooks"]["PreModelSwitch"][0]["hooks"][0]["onFailure"] == "block"
    run = e2e.run_sdk("hello", [[text("ok")]], control=[{"subtype": "set_model", "model": "haiku"}])

    (answer,) = run.control_responses
    print(f"[e2e] set_model answer: {json.dumps(answer)[:600]}")
    assert answer.get("subtype") == "error", answer
    assert "Blocked: switching to model" in answer.get("error", ""), answer
    assert "haiku" in answer.get("error", ""), answer
    assert run.requests and "haiku" not in run.requests[0].get("model", ""), run.describe()
    assert not run.hook_responses("PostModelSwitch"), run.describe()
    assert "E2E-MODEL-NOTE-93c" not in json.dumps(run.all_requests)


def test_an_allowed_model_switch_gets_post_model_switch_context(e2e):
    """No allowlist (the pack's model_policy is inert for the switch) and a
    `model_switch_note`: SDK `set_model` to haiku succeeds, PostModelSwitch fires and the
    note reaches the model with the first request the new model serves."""
    if not e2e.has_on_failure:
        pytest.skip(f"CLI {e2e.version} has no PreModelSwitch/PostModelSwitch events")
    e2e.register("model_note", pack=True, events=["PreModelSwitch", "PostModelSwitch"])
    run = e2e.run_sdk("hello", [[text("ok")]], control=[{"subtype": "set_model", "model": "haiku"}])

    (answer,) = run.control_responses
    assert answer.get("subtype") == "success", answer
    assert run.requests and "haiku" in run.requests[0].get("model", ""), run.describe()
    assert "E2E-MODEL-NOTE-93c: keep answers short." in run.request_text(0), run.describe()


def test_a_lock_held_on_the_decision_log_does_not_let_the_tool_run(e2e):
    """Issue 13: another process holding flock on the decision log used to hang every hook
    until the CLI's timeout, and the tool then ran. The answer now goes out first."""
    import fcntl
    import os

    e2e.register()
    log = e2e.home / ".local" / "state" / "claude-rego" / "decisions.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(log, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        call, probe = bash("rm -rf ~"), bash("rm -rf ./guard-probe")
        run = e2e.run("clean up everything", [[call], [probe], [text("done")]])
    finally:
        os.close(fd)
    assert run.tool_result(call["id"]).get("is_error") is True, run.describe()
    assert "recursively deletes" in run.tool_result_text(call["id"]), run.describe()
    assert e2e.guard_log.read_text() == "rm -rf ./guard-probe\n"  # `rm -rf ~` never reached rm
