"""A hook round trip: the agent's JSON in, the agent's answer out, as `shclass hook` does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

import pytest

import shclass
from conftest import run_cli


def claude_input(cwd: Path, command: str) -> str:
    return json.dumps(
        {
            "session_id": "hook-test",
            "transcript_path": "/dev/null",
            "cwd": str(cwd),
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
        }
    )


def decision(out: str) -> Any:
    answer: Dict[str, Any] = json.loads(out)
    return answer["hookSpecificOutput"]["permissionDecision"]


@pytest.mark.parametrize(
    "command,expected",
    [("ls -la", "allow"), ("git push origin main", "ask"), ("rm -rf ~", "deny")],
)
def test_claude_round_trip_equals_cli(
    cli: Path, isolated: Path, tmp_path: Path, command: str, expected: str
) -> None:
    stdin = claude_input(isolated, command)
    out = shclass.hook("claude", stdin, state_dir=tmp_path / "py-state")
    assert decision(out) == expected
    done = run_cli(cli, "hook", "claude", stdin=stdin)
    assert done.stdout.strip() == out


def test_hook_accepts_bytes_and_audits(isolated: Path, tmp_path: Path) -> None:
    log = tmp_path / "hook-audit.jsonl"
    stdin = claude_input(isolated, "ls").encode()
    assert decision(shclass.hook("claude-code", stdin, audit_log=log)) == "allow"
    assert shclass.verify_audit_log(log)[0] == 1


def test_malformed_input_denies() -> None:
    assert decision(shclass.hook("claude", "{not json")) == "deny"
    assert decision(shclass.hook("claude", b"\xff\xfe")) == "deny"


def test_ignored_tool_and_other_agents(isolated: Path) -> None:
    other = json.dumps(
        {"session_id": "x", "cwd": str(isolated), "hook_event_name": "PreToolUse",
         "tool_name": "TodoWrite", "tool_input": {}}
    )
    assert shclass.hook("claude", other) == ""
    cursor = json.dumps(
        {"hook_event_name": "beforeShellExecution", "command": "rm -rf /",
         "cwd": str(isolated), "conversation_id": "c"}
    )
    assert json.loads(shclass.hook("cursor", cursor))["permission"] == "deny"


def test_unknown_agent(cli: Path) -> None:
    with pytest.raises(ValueError) as e:
        shclass.hook("copilot", "{}")
    assert str(e.value) == "unknown agent `copilot`; use claude, gemini or cursor"
