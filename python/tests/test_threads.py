"""A Policy is shared between threads: every thread gets the sequential verdicts."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import List

import shclass
from conftest import load_commands

COMMANDS = load_commands()


def test_shared_policy_in_threads() -> None:
    policy = shclass.Policy.load()
    expected = [policy.classify(c).to_json() for c in COMMANDS]

    def work(offset: int) -> List[str]:
        # Each thread starts elsewhere, so built-in groups are first compiled concurrently.
        order = COMMANDS[offset:] + COMMANDS[:offset]
        got = [policy.classify(c).to_json() for c in order]
        return got[len(COMMANDS) - offset :] + got[: len(COMMANDS) - offset]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(0, 80, 10)))
    for got in results:
        assert got == expected


def test_fresh_policies_in_threads() -> None:
    expected = {c: shclass.classify(c).decision for c in COMMANDS[:40]}
    errors: List[BaseException] = []

    def work() -> None:
        try:
            for c, d in expected.items():
                assert shclass.classify(c).decision is d
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_shared_session_in_threads(tmp_path: object) -> None:
    session = shclass.Session(max_actions_per_hour=0)
    with ThreadPoolExecutor(max_workers=4) as pool:
        outcomes = list(pool.map(session.classify, ["ls", "git status"] * 20))
    assert all(o.decision is shclass.Decision.ALLOW for o in outcomes)
    assert session.state["decisions"] == 40
