"""The package gives the CLI's verdicts: `to_json()` is byte for byte `shclass --json`, the
decision is the CLI's exit code, and `analyze` is `shclass analyze --json`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

import shclass
from conftest import REPO, load_commands, run_cli

COMMANDS = load_commands()
EXIT = {shclass.Decision.ALLOW: 0, shclass.Decision.ASK: 1, shclass.Decision.DENY: 2}


def test_fixture_covers_every_decision() -> None:
    policy = shclass.Policy.load()
    seen = {policy.classify(c).decision for c in COMMANDS}
    assert seen == set(shclass.Decision)
    assert len(COMMANDS) >= 200


@pytest.mark.parametrize("command", COMMANDS)
def test_verdict_equals_cli_json(cli: Path, command: str) -> None:
    done = run_cli(cli, "--json", "--", command)
    verdict = shclass.classify(command)
    assert verdict.to_json() + "\n" == done.stdout
    assert verdict.to_dict() == json.loads(done.stdout)
    assert EXIT[verdict.decision] == done.returncode, done.stderr


def test_policy_reused_equals_module_classify() -> None:
    policy = shclass.Policy.load()
    for command in COMMANDS:
        assert policy.classify(command).to_json() == shclass.classify(command).to_json()


@pytest.mark.parametrize("mode", ["plan", "auto", "strict", "bypass", "accept-edits"])
def test_modes_equal_cli(cli: Path, mode: str) -> None:
    policy = shclass.Policy.load(mode=mode)
    for command in COMMANDS[::10]:
        done = run_cli(cli, "--json", "--mode", mode, "--", command)
        assert policy.classify(command).to_json() + "\n" == done.stdout, command


@pytest.mark.parametrize("command", COMMANDS[::5])
def test_analysis_equals_cli_json(cli: Path, command: str) -> None:
    done = run_cli(cli, "analyze", "--json", "--", command)
    analysis = shclass.analyze(command)
    assert analysis.to_json() + "\n" == done.stdout
    assert analysis.to_dict() == json.loads(done.stdout)


def test_policy_file_equals_cli(cli: Path, tmp_path: Path) -> None:
    policy_file = tmp_path / "extra.toml"
    policy_file.write_text(
        '[[rule]]\nid = "no-npm-publish"\ndecision = "deny"\nprogram = "npm"\n'
        'subcommand = ["publish"]\n'
        'examples = { hit = ["npm publish"], miss = ["npm install"] }\n'
    )
    verdict = shclass.classify("npm publish --tag x", policy_files=[policy_file])
    done = run_cli(cli, "--json", "--policy", str(policy_file), "--", "npm publish --tag x")
    assert verdict.decision is shclass.Decision.DENY
    assert verdict.to_json() + "\n" == done.stdout
    assert verdict.reasons[0].rule == "no-npm-publish"
    assert verdict.reasons[0].source == f"cli:{policy_file}"


def repo_commands() -> list[str]:
    """Every command of the repository's public eval sets and of its corpus files."""
    data = REPO / "tests" / "data"
    out = []
    for name in ("adversarial-public.jsonl", "benign-public.jsonl"):
        with open(data / name, encoding="utf-8") as f:
            out += [json.loads(line)["cmd"] for line in f if line.strip()]
    try:
        import tomllib
    except ImportError:  # Python < 3.11: the eval sets alone
        return out
    for path in sorted((REPO / "corpus").glob("*.toml")):
        with open(path, "rb") as f:
            out += [case["cmd"] for case in tomllib.load(f).get("case", [])]
    return out


def test_eval_sets_and_corpus_equal_cli_batch(cli: Path) -> None:
    commands = repo_commands()
    assert len(commands) > 1000
    done = subprocess.run(
        [str(cli), "batch", "-z", "--full", "--no-discovery"],
        input="".join(c + "\0" for c in commands).encode(),
        capture_output=True,
        check=True,
    )
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(records) == len(commands)
    policy = shclass.Policy.load(discovery=False)
    mismatches = [
        c for c, r in zip(commands, records) if same_order(policy.classify(c).to_dict()) != same_order(r)
    ]
    assert mismatches == []


def same_order(record: Any) -> Any:
    """A verdict record with the reasons of equal rank in one order: `batch` compiles the whole
    built-in policy at once and may list two reasons of one decision in another order than a
    policy that compiles each program's rules on first use (the CLI, the package)."""
    def key(r: Any) -> str:
        return json.dumps(r, sort_keys=True)

    out = dict(record)
    out["reasons"] = sorted(record["reasons"], key=key)
    out["units"] = [dict(u, reasons=sorted(u["reasons"], key=key)) for u in record["units"]]
    return out
