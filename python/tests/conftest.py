"""Shared fixtures: every test runs in an empty home and working directory, so no user,
project or managed policy file on the machine changes a verdict, and both the library and the
CLI see the same (empty) configuration."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Iterator, List

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def load_commands() -> List[str]:
    """The fixture commands: a sample of the public eval sets and the tldr corpus."""
    with open(HERE / "data" / "commands.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "home"
    work = tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("SHCLASS_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("SHCLASS_MANAGED_POLICY", str(tmp_path / "no-managed-policy.toml"))
    monkeypatch.chdir(work)
    yield work


@pytest.fixture(scope="session")
def cli() -> Path:
    """The shclass binary the Python package is compared with."""
    path = Path(os.environ.get("SHCLASS_BIN", REPO / "target" / "debug" / "shclass"))
    if not path.is_file():
        pytest.fail(f"{path} not found: run `cargo build` first (scripts/test-python does)")
    return path


def run_cli(cli: Path, *args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run(
        [str(cli), *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
