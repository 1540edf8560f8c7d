"""The second oracle: bash's own reading of a line, without running the line.

Inside the sandbox (never outside), bash defines `f() { LINE⏎}` with `eval` and prints
`declare -f f`: its normalised text of the body (heredocs, line continuations, quoting and
separators as bash parsed them). shclass then analyses both LINE and that normalised body; the
names of their units (programs and stripped wrappers) should be the same. Lines shclass flags
with `parse-error` or `unsupported-syntax` are left out (shclass knows it does not read them).
A difference means one of the two readings of the line is not bash's: it is reported (this
oracle does not fail a run). A line bash refuses as a function body while shclass raises no
`parse-error` is reported too.

Called as `oracle.py parse [FILE…]`. What it does not do: run LINE (only its definition is
evaluated; a line that closes the body early does run its rest, inside the sandbox).
"""

import concurrent.futures
import json
import os
import subprocess

import oracle


def quote(text):
    """TEXT as one single-quoted bash word."""
    return "'" + text.replace("'", "'\\''") + "'"


def body_of(output):
    """The body of `declare -f f`'s output, de-indented, or None."""
    lines = output.split("\n")
    try:
        start = lines.index("{ ")
    except ValueError:
        try:
            start = lines.index("{")
        except ValueError:
            return None
    end = max((i for i, line in enumerate(lines) if line == "}"), default=-1)
    if end <= start:
        return None
    return "\n".join(line[4:] if line.startswith("    ") else line for line in lines[start + 1 : end])


def programs(shclass, text):
    """Sorted unit programs of shclass's reading, and whether it flagged a parse error."""
    try:
        p = subprocess.run([shclass, "analyze", "--json", text], capture_output=True, timeout=30, env={"PATH": "/usr/bin:/bin"})
        data = json.loads(p.stdout)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        return None, False
    names = sorted({os.path.basename(n) for u in data.get("units", []) for n in [u.get("program") or "?", *(u.get("via") or [])]})
    errors = any(f.get("kind") in ("parse-error", "unsupported-syntax") for f in data.get("flags", []))
    return names, errors


def compare(box, line):
    script = f"L={quote(line)}\neval \"f() {{ $L\"$'\\n''}}' && declare -f f"
    report, _ = box.run(script)
    mine, parse_error = programs(box.shclass, line)
    if parse_error:
        return None  # shclass says it does not understand the line: never allowed
    body = body_of(report.get("output", ""))
    if body is None:
        return {"cmd": line, "kind": "bash refuses the line as a function body; shclass has no parse-error", "bash": report.get("output", "")[:300]}
    theirs, _ = programs(box.shclass, body)
    if mine is None or theirs is None or mine == theirs:
        return None
    return {"cmd": line, "kind": "units differ", "line": mine, "bash-normalised": theirs, "body": body[:500]}


def run(box, paths, jobs):
    """Compare every line of PATHS; print the disagreements; always exit 0."""
    for path in paths:
        lines = oracle.load(path)
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            found = [r for r in pool.map(lambda c: compare(box, c), lines) if r]
        print(f"{os.path.relpath(path, oracle.PROJECT_ROOT)}: {len(lines)} lines, {len(found)} disagreements")
        for r in found:
            print("  " + json.dumps(r))
    return 0
