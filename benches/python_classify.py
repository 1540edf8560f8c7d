#!/usr/bin/env python3
"""Per-call cost of classifying from Python vs the Rust library, on a corpus file (one command
per line, such as the tldr corpus).

Builds both with the same Cargo profile (release by default): the Rust example
`classify_per_call` and the Python extension (`maturin develop`, in a virtual environment under
target/pybench), then classifies every command once per call with one loaded policy
(`Policy.load(discovery=False)` / `policy::load(no_discovery)`) and reports the mean time per
call of the fastest of several passes; a first pass, not counted, compiles the built-in rule
groups. The Python figure includes building the `Verdict` object each call returns; a second
figure also reads its decision (one enum member). A last pair loads the policy on every call
(module-level `shclass.classify(...)` vs `load(...)?.classify(...)`).

usage: benches/python_classify.py CORPUS [--passes N] [--profile release] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List

REPO = Path(__file__).resolve().parent.parent


def measure_python(corpus: Path, passes: int) -> Dict[str, float]:
    import shclass

    commands = corpus.read_text(encoding="utf-8").splitlines()
    policy = shclass.Policy.load(discovery=False)
    for c in commands:
        policy.classify(c)

    def best(body: str) -> float:
        code = compile(f"for c in commands:\n    {body}\n", "<bench>", "exec")
        env = {"commands": commands, "policy": policy, "shclass": shclass}
        fastest = float("inf")
        for _ in range(passes):
            start = time.perf_counter()
            exec(code, env)
            fastest = min(fastest, time.perf_counter() - start)
        return fastest * 1e9 / len(commands)

    classify_ns = best("policy.classify(c)")
    decision_ns = best("policy.classify(c).decision")
    sample = commands[:2000]
    start = time.perf_counter()
    for c in sample:
        shclass.classify(c, discovery=False)
    load_ns = (time.perf_counter() - start) * 1e9 / len(sample)
    return {
        "commands": len(commands),
        "classify_ns": classify_ns,
        "classify_decision_ns": decision_ns,
        "load_and_classify_ns": load_ns,
    }


def run(cmd: List[str], **kw: object) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, cwd=REPO, **kw)  # type: ignore[call-overload]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--profile", default="release")
    ap.add_argument("--out", type=Path, help="also write the figures here (JSON)")
    ap.add_argument("--measure-python", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    corpus = args.corpus.resolve()
    if args.measure_python:
        print(json.dumps(measure_python(corpus, args.passes)))
        return 0

    profile_dir = "release" if args.profile == "release" else args.profile
    run(["cargo", "build", "--locked", "--profile", args.profile, "--example", "classify_per_call"])
    rust = json.loads(
        subprocess.run(
            [str(REPO / "target" / profile_dir / "examples" / "classify_per_call"), str(corpus), str(args.passes)],
            check=True, capture_output=True, text=True,
        ).stdout
    )

    venv = REPO / "target" / "pybench"
    if not (venv / "bin" / "python").exists():
        run([sys.executable, "-m", "venv", str(venv)])
    env = dict(os.environ, VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}:{os.environ['PATH']}")
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "maturin>=1.5,<2"], env=env)
    run(["maturin", "develop", "--locked", "--profile", args.profile, "--manifest-path", "python/Cargo.toml"], env=env)
    py = json.loads(
        subprocess.run(
            [str(venv / "bin" / "python"), __file__, str(corpus), "--passes", str(args.passes), "--measure-python"],
            check=True, capture_output=True, text=True, env=env, cwd="/",
        ).stdout
    )

    figures = {
        "corpus": str(corpus),
        "profile": args.profile,
        "commands": rust["commands"],
        "rust_classify_ns": round(rust["classify_ns"]),
        "python_classify_ns": round(py["classify_ns"]),
        "python_classify_decision_ns": round(py["classify_decision_ns"]),
        "ratio": round(py["classify_ns"] / rust["classify_ns"], 3),
        "rust_load_and_classify_ns": round(rust["load_and_classify_ns"]),
        "python_load_and_classify_ns": round(py["load_and_classify_ns"]),
    }
    print(
        f"{figures['commands']} commands ({args.profile}): Rust {figures['rust_classify_ns'] / 1000:.1f} µs/call, "
        f"Python {figures['python_classify_ns'] / 1000:.1f} µs/call "
        f"({figures['ratio']:.3f}×; with .decision {figures['python_classify_decision_ns'] / 1000:.1f} µs); "
        f"loading the policy each call: Rust {figures['rust_load_and_classify_ns'] / 1000:.1f} µs, "
        f"Python {figures['python_load_and_classify_ns'] / 1000:.1f} µs"
    )
    if args.out:
        args.out.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
