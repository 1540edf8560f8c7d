"""shclass: decide whether a shell command an AI coding agent wants to run is safe.

``classify(command)`` answers allow, ask or deny with explanations; ``Policy.load()`` loads the
policy once for many calls (and threads); ``Session`` keeps an agent loop's memory (a person's
answers, remembered approvals, the denial breaker, the rate limit, the audit log); ``hook``
answers an agent's hook call. The work is done by the Rust library, with the GIL released.
"""

from __future__ import annotations

from shclass._enums import Decision, Mode, Risk
from shclass._native import (
    Analysis,
    AnalyzedUnit,
    AuditError,
    Flag,
    Outcome,
    Policy,
    PolicyError,
    Reason,
    Session,
    SessionError,
    ShclassError,
    Unit,
    Verdict,
    __version__,
    analyze,
    classify,
    hook,
    verify_audit_log,
)

__all__ = [
    "Analysis",
    "AnalyzedUnit",
    "AuditError",
    "Decision",
    "Flag",
    "Mode",
    "Outcome",
    "Policy",
    "PolicyError",
    "Reason",
    "Risk",
    "Session",
    "SessionError",
    "ShclassError",
    "Unit",
    "Verdict",
    "__version__",
    "analyze",
    "classify",
    "hook",
    "verify_audit_log",
]
