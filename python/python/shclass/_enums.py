"""The enums of shclass: Decision, Risk and Mode.

Plain ``enum.Enum`` classes whose values are the names the CLI prints and its ``--json`` uses
(``"allow"``, ``"critical"``, ``"accept-edits"``). ``str()`` of a member is that name, so
``print(verdict.decision)`` prints ``deny``. Decision and Risk are ordered (``Decision.ALLOW <
Decision.ASK < Decision.DENY``): combining decisions is taking the maximum.
"""

from __future__ import annotations

import enum
from typing import Any

__all__ = ["Decision", "Mode", "Risk"]


class _Ordered(enum.Enum):
    """An enum whose members compare in declaration order."""

    def _rank(self) -> int:
        return list(type(self)).index(self)

    def __lt__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank() < other._rank()

    def __le__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank() <= other._rank()

    def __gt__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank() > other._rank()

    def __ge__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank() >= other._rank()

    def __str__(self) -> str:
        return str(self.value)


class Decision(_Ordered):
    """allow < ask < deny."""

    ALLOW = "allow"
    """Run it."""
    ASK = "ask"
    """Ask a person."""
    DENY = "deny"
    """Refuse."""


class Risk(_Ordered):
    """How bad it would be if this ran and was a mistake."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    CRITICAL = "critical"


class Mode(enum.Enum):
    """How asks and allows are treated (``--mode`` on the CLI)."""

    DEFAULT = "default"
    """Unknown: ask."""
    PLAN = "plan"
    """Anything not proven read-only: deny."""
    ACCEPT_EDITS = "accept-edits"
    """File edits inside the workspace: allow."""
    AUTO = "auto"
    """Ask becomes allow, except critical risk and anything opaque."""
    STRICT = "strict"
    """Ask becomes deny (unattended runs)."""
    BYPASS = "bypass"
    """Everything allowed except managed denies and anything opaque."""

    def __str__(self) -> str:
        return str(self.value)
