"""The session flow: classify → ask the person → remember → audit, and its limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import shclass
from shclass import Decision, Mode


def test_agent_loop_flow(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    session = shclass.Session(audit_log=log, session_id="s1")
    outcome = session.classify("git push origin main")
    assert str(outcome.decision) == "ask"
    assert outcome.tool == "Bash" and outcome.input == "git push origin main"
    assert outcome.approved_by == "pending"
    assert outcome.verdict is not None and outcome.verdict.decision is Decision.ASK
    remembered = session.answer(outcome, "always")
    assert remembered and "git" in remembered[0]
    assert outcome.decision is Decision.ALLOW
    assert outcome.approved_by == "user-always"
    assert outcome.reasons[0].rule == "person-approved"
    later = session.classify("git push origin dev")
    assert later.decision is Decision.ALLOW
    assert any(r.source == "remembered" for r in later.reasons)
    assert session.classify("git push --force origin dev").decision is not Decision.ALLOW
    assert session.classify("rm -rf ~").decision is Decision.DENY
    lines, head = shclass.verify_audit_log(log)
    assert lines == 5 and len(head) == 64
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert entries[0]["session"] == "s1" and entries[0]["agent"] == "library"


def test_answer_allow_and_deny() -> None:
    session = shclass.Session()
    once = session.classify("git push origin main")
    assert session.answer(once, "allow") == []
    assert once.decision is Decision.ALLOW and once.approved_by == "user"
    assert session.classify("git push origin main").decision is Decision.ASK
    refused = session.classify("git push origin main")
    session.answer(refused, "deny")
    assert refused.decision is Decision.DENY and refused.approved_by == "user-refused"
    assert session.state["consecutive_denials"] == 1
    with pytest.raises(ValueError, match="unknown answer `maybe`"):
        session.answer(refused, "maybe")


def test_nothing_to_remember_is_session_error() -> None:
    session = shclass.Session()
    outcome = session.classify("eval \"$X\"")
    assert outcome.decision is Decision.ASK
    with pytest.raises(shclass.SessionError, match="nothing to remember"):
        session.answer(outcome, "always")
    assert outcome.decision is Decision.ASK


def test_remember_in_project_file(isolated: Path) -> None:
    session = shclass.Session(cwd=isolated)
    assert session.project_policy_file == isolated / ".shclass.toml"
    outcome = session.classify("git push origin main")
    session.answer(outcome, "always", remember="project")
    text = (isolated / ".shclass.toml").read_text()
    assert "git" in text
    assert shclass.classify("git push origin dev", cwd=isolated).decision is Decision.ALLOW


def test_state_round_trip() -> None:
    session = shclass.Session()
    outcome = session.classify("git push origin main")
    session.answer(outcome, "always")
    state = session.state
    assert state["decisions"] == 1 and len(state["remembered"]) == 1
    again = shclass.Session(state=state)
    assert again.classify("git push origin x").decision is Decision.ALLOW
    from_text = shclass.Session(state=json.dumps(state))
    assert from_text.state["remembered"] == state["remembered"]
    with pytest.raises(ValueError, match="invalid session state"):
        shclass.Session(state="{not json")


def test_denial_breaker_and_rate_limit() -> None:
    session = shclass.Session(max_consecutive_denials=2)
    for _ in range(3):
        last = session.classify("rm -rf /")
    assert last.decision is Decision.DENY
    assert "plan" in last.summary()
    limited = shclass.Session(max_actions_per_hour=1)
    assert limited.classify("touch a").decision is not Decision.DENY
    assert limited.classify("touch b").decision is Decision.DENY


def test_session_limits_come_from_the_policy_under_the_arguments(isolated: Path) -> None:
    policy = isolated / "limits.toml"
    policy.write_text("[session]\nmax_denials = 1\n")
    session = shclass.Session(cwd=isolated, policy_files=[policy], discovery=False)
    assert "plan" in session.classify("rm -rf /").summary()
    session = shclass.Session(
        cwd=isolated, policy_files=[policy], discovery=False, max_consecutive_denials=0
    )
    assert "plan" not in session.classify("rm -rf /").summary()


def test_session_mode_and_files(isolated: Path) -> None:
    session = shclass.Session(cwd=isolated, mode="plan")
    assert session.mode is Mode.PLAN
    assert session.classify("touch x").decision is Decision.DENY
    session.mode = Mode.DEFAULT
    assert session.classify("touch x").mode is Mode.DEFAULT
    (isolated / "notes.txt").write_text("hi")
    read = session.check_file("notes.txt")
    assert read.decision is Decision.ALLOW and read.tool == "Read"
    assert read.path == isolated / "notes.txt" and read.verdict is None
    secret = session.check_file(str(Path.home() / ".ssh" / "id_rsa"))
    assert secret.decision is not Decision.ALLOW
    keys = Path.home() / ".ssh"
    keys.mkdir()
    (keys / "id_rsa").write_text("k")
    assert session.check_file(str(keys)).decision is Decision.ALLOW
    search = session.check_file(str(keys), access="search")
    assert search.decision is Decision.ASK and search.tool == "Grep"
    assert session.check_file(".", access="search").decision is Decision.ALLOW
    assert session.check_file(str(keys / "*"), access="list").decision is Decision.ALLOW
    assert session.check_file(str(keys / "*")).decision is Decision.ASK
    with pytest.raises(ValueError, match="unknown access"):
        session.check_file("x", access="append")
    with pytest.raises(ValueError, match="unknown mode"):
        session.mode = "yolo"


def test_audit_tamper_is_audit_error(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    session = shclass.Session(audit_log=log)
    session.classify("ls")
    session.classify("git status")
    lines = log.read_text().splitlines()
    lines[0] = lines[0].replace('"ls"', '"id"')
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(shclass.AuditError) as e:
        shclass.verify_audit_log(log)
    assert e.value.line in (1, 2)
    with pytest.raises(shclass.AuditError):
        shclass.verify_audit_log(tmp_path / "missing.jsonl")
