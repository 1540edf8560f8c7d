"""The README's agent loop runs: the person answers "always" once, the next push runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "examples" / "agent_loop.py"


def test_agent_loop_example(isolated: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        input="a\n",
        capture_output=True,
        text=True,
        check=True,
        cwd=isolated,
    )
    out = done.stdout
    assert "run git status \n" in out
    assert "run git push origin main \n" in out  # the person answered "always" once…
    assert "run git push origin dev \n" in out  # …so this one is not asked
    assert out.count("[y]es/[n]o/[a]lways") == 1
    assert "refuse rm -rf ~ shclass: deny" in out
    assert "audit log verified: (5, " in out
