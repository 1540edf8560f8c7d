"""The package gives the CLI's verdicts: `to_json()` is byte for byte `shclass --json`, the
decision is the CLI's exit code, and `analyze` is `shclass analyze --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import shclass
from conftest import load_commands, run_cli

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
