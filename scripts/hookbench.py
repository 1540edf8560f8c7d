#!/usr/bin/env python3
"""Whole-process cost of a hook against the floor (README, Performance).

Usage: cargo build --release --examples && python3 scripts/hookbench.py [--runs N] [CMD]
Runs `examples/hook_floor` (read the hook JSON, parse the command with tree-sitter, nothing
else) and `shclass hook claude` on the same Claude Code `PreToolUse` input, interleaved, and
prints for each the median wall time from spawn to exit and the median CPU time (user + sys,
from wait4), and their ratio. The session state goes to a temporary directory.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
rel = os.path.join(os.path.dirname(here), "target", "release")

def once(argv, data, env):
    r, w = os.pipe()
    os.write(w, data)
    os.close(w)
    devnull = os.open(os.devnull, os.O_WRONLY)
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[
        (os.POSIX_SPAWN_DUP2, r, 0), (os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    os.close(r)
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv} failed")
    return wall, ru.ru_utime + ru.ru_stime

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("command", nargs="?", default="ls -la")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SHCLASS_STATE_DIR=tmp)
        data = json.dumps({"session_id": "bench", "transcript_path": os.path.join(tmp, "t"),
                           "cwd": tmp, "hook_event_name": "PreToolUse", "tool_name": "Bash",
                           "tool_input": {"command": a.command}}).encode()
        procs = {"floor": [os.path.join(rel, "examples", "hook_floor")],
                 "hook": [os.path.join(rel, "shclass"), "hook", "claude"]}
        res = {k: ([], []) for k in procs}
        for _ in range(a.runs):
            for k, argv in procs.items():
                wall, cpu = once(argv, data, env)
                res[k][0].append(wall)
                res[k][1].append(cpu)
        med = {k: (statistics.median(w) * 1e3, statistics.median(c) * 1e3) for k, (w, c) in res.items()}
        for k, (w, c) in med.items():
            print(f"{k:6} wall {w:.3f} ms  cpu {c:.3f} ms")
        print(f"ratio  wall {med['hook'][0] / med['floor'][0]:.2f}x  cpu {med['hook'][1] / med['floor'][1]:.2f}x")

if __name__ == "__main__":
    main()
