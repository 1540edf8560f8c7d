"""Type stubs of the native module (the Rust library through PyO3)."""

import os
from pathlib import Path
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union, final

from shclass._enums import Decision, Mode, Risk

_Path = Union[str, "os.PathLike[str]"]
_ModeArg = Union[Mode, str]
_ClaudeArg = Union[bool, _Path, None]
_Span = tuple[int, int]

__version__: str

class ShclassError(Exception):
    """Base class of the errors shclass raises."""

class PolicyError(ShclassError):
    """A policy file (or Claude settings file) cannot be read or is invalid."""

    origin: str
    line: Optional[int]
    field: Optional[str]

class SessionError(ShclassError):
    """Nothing to remember, or the project policy file cannot be written."""

class AuditError(ShclassError):
    """An audit log does not verify; ``line`` is the first broken line (0: unreadable)."""

    line: int

@final
class Flag:
    """Something the analysis noticed."""

    @property
    def kind(self) -> str: ...
    @property
    def span(self) -> _Span: ...
    @property
    def detail(self) -> str: ...

@final
class Reason:
    """Why a decision was reached."""

    @property
    def decision(self) -> Decision: ...
    @property
    def risk(self) -> Risk: ...
    @property
    def rule(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def span(self) -> _Span: ...
    @property
    def unit(self) -> Optional[int]: ...
    def to_dict(self) -> dict[str, Any]: ...

class AnalyzedUnit:
    """One execution unit as the analysis sees it."""

    @property
    def program(self) -> Optional[str]: ...
    @property
    def path(self) -> Optional[str]: ...
    @property
    def argv(self) -> list[Optional[str]]: ...
    @property
    def span(self) -> _Span: ...
    @property
    def via(self) -> list[str]: ...
    @property
    def depth(self) -> int: ...
    @property
    def piped(self) -> bool: ...
    @property
    def appended_args(self) -> bool: ...
    @property
    def command(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...

@final
class Unit(AnalyzedUnit):
    """One execution unit of a verdict, with its own decision."""

    @property
    def decision(self) -> Decision: ...
    @property
    def risk(self) -> Risk: ...
    @property
    def reasons(self) -> list[Reason]: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def operation(self) -> str: ...

@final
class Verdict:
    """The explained verdict for a command line."""

    @property
    def decision(self) -> Decision: ...
    @property
    def risk(self) -> Risk: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def input(self) -> str: ...
    @property
    def units(self) -> list[Unit]: ...
    @property
    def reasons(self) -> list[Reason]: ...
    @property
    def flags(self) -> list[Flag]: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...

@final
class Analysis:
    """Every execution unit of a command line, with flags; no decision."""

    @property
    def input(self) -> str: ...
    @property
    def units(self) -> list[AnalyzedUnit]: ...
    @property
    def flags(self) -> list[Flag]: ...
    @property
    def opaque(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...

@final
class Policy:
    """A loaded policy; immutable, shared between threads and calls."""

    @staticmethod
    def load(
        *,
        mode: Optional[_ModeArg] = None,
        cwd: Optional[_Path] = None,
        policy_files: Sequence[_Path] = (),
        claude_settings: _ClaudeArg = None,
        discovery: bool = True,
    ) -> Policy: ...
    def classify(self, command: str) -> Verdict: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def workspace(self) -> Path: ...

@final
class Outcome:
    """A decision in a session."""

    @property
    def decision(self) -> Decision: ...
    @property
    def risk(self) -> Risk: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def tool(self) -> str: ...
    @property
    def input(self) -> str: ...
    @property
    def reasons(self) -> list[Reason]: ...
    @property
    def verdict(self) -> Optional[Verdict]: ...
    @property
    def path(self) -> Optional[Path]: ...
    @property
    def approved_by(self) -> str: ...
    def summary(self) -> str: ...

@final
class Session:
    """An agent loop's memory: answers, remembered approvals, breaker, rate limit, audit."""

    def __init__(
        self,
        *,
        mode: Optional[_ModeArg] = None,
        cwd: Optional[_Path] = None,
        policy_files: Sequence[_Path] = (),
        claude_settings: _ClaudeArg = None,
        discovery: bool = True,
        audit_log: Optional[_Path] = None,
        agent: str = "library",
        session_id: Optional[str] = None,
        state: Union[str, Mapping[str, Any], None] = None,
        max_consecutive_denials: Optional[int] = None,
        max_actions_per_hour: Optional[int] = None,
    ) -> None: ...
    def classify(self, command: str, *, tool: str = "Bash") -> Outcome: ...
    def check_file(
        self, path: str, *, access: str = "read", tool: Optional[str] = None
    ) -> Outcome: ...
    def answer(
        self, outcome: Outcome, answer: str, *, remember: str = "session"
    ) -> list[str]: ...
    @property
    def state(self) -> dict[str, Any]: ...
    @property
    def mode(self) -> Mode: ...
    @mode.setter
    def mode(self, mode: _ModeArg) -> None: ...
    @property
    def project_policy_file(self) -> Path: ...

def classify(
    command: str,
    *,
    mode: Optional[_ModeArg] = None,
    cwd: Optional[_Path] = None,
    policy_files: Sequence[_Path] = (),
    claude_settings: _ClaudeArg = None,
    discovery: bool = True,
) -> Verdict: ...
def analyze(command: str) -> Analysis: ...
def hook(
    agent: str,
    stdin_json: Union[str, bytes],
    *,
    mode: Optional[_ModeArg] = None,
    policy_files: Sequence[_Path] = (),
    discovery: bool = True,
    audit_log: Optional[_Path] = None,
    state_dir: Optional[_Path] = None,
) -> str: ...
def verify_audit_log(path: _Path) -> tuple[int, str]: ...
def _rust_classify_pass(policy: Policy, commands: list[str]) -> float: ...
