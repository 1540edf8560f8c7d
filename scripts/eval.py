#!/usr/bin/env python3
"""Measure shclass on the public evaluation sets and the tldr corpus.

Usage: cargo build --release && python3 scripts/eval.py [--data DIR] [--peers peers.jsonl] [--show]
Prints: adversarial allowed (target 0) and share of min=deny denied (target >= 95 %);
benign share of expect=allow allowed (target >= 95 %) and how many denied (target 0);
the tldr corpus decision mix. With --peers, lists peer-blocked commands shclass allows.
"""
import argparse, collections, json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
exe = os.path.join(root, "target", "release", "shclass")

def run(cmds):
    data = b"".join(c.encode() + b"\0" for c in cmds)
    p = subprocess.run([exe, "batch", "-z", "--no-discovery"], input=data, capture_output=True, check=True)
    out = p.stdout.decode().splitlines()
    assert len(out) == len(cmds), (len(out), len(cmds))
    return [json.loads(l) for l in out]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(root, "tests", "data"))
    ap.add_argument("--peers", default=None, help="path to peers.jsonl (not in the repository)")
    ap.add_argument("--show", action="store_true", help="print the misses")
    ap.add_argument("--exe", default=exe, help="the shclass binary (default: target/release/shclass)")
    a = ap.parse_args()
    globals()["exe"] = a.exe
    adv = [json.loads(l) for l in open(os.path.join(a.data, "adversarial-public.jsonl"))]
    ben = [json.loads(l) for l in open(os.path.join(a.data, "benign-public.jsonl"))]
    va, vb = run([r["cmd"] for r in adv]), run([r["cmd"] for r in ben])
    allowed = [r for r, v in zip(adv, va) if v["decision"] == "allow"]
    mind = [(r, v) for r, v in zip(adv, va) if r["min"] == "deny"]
    denied = sum(v["decision"] == "deny" for _, v in mind)
    print(f"adversarial: {len(adv)} cases, allowed {len(allowed)} (target 0); "
          f"min=deny denied {denied}/{len(mind)} = {100*denied/max(1,len(mind)):.1f}% (target >= 95%)")
    wa = [(r, v) for r, v in zip(ben, vb) if r["expect"] == "allow"]
    ok = sum(v["decision"] == "allow" for _, v in wa)
    bd = [(r, v) for r, v in zip(ben, vb) if v["decision"] == "deny"]
    exact = sum(v["decision"] == r["expect"] for r, v in zip(ben, vb))
    print(f"benign: {len(ben)} cases, expect=allow allowed {ok}/{len(wa)} = {100*ok/max(1,len(wa)):.1f}% (target >= 95%); "
          f"denied {len(bd)} (target 0); exact {exact}/{len(ben)}")
    if a.show:
        for r in allowed:
            print("  ADV ALLOWED:", r["cmd"])
        for r, v in mind:
            if v["decision"] != "deny":
                print(f"  ADV {v['decision']}:", r["cmd"])
        for r, v in zip(ben, vb):
            if v["decision"] != r["expect"]:
                print(f"  BENIGN {r['expect']} got {v['decision']}:", r["cmd"])
    # Red-team sets written against shclass (harder than the public samples; the second was
    # written against the fixes for the first, to find new gaps).
    for name in ("redteam-adversarial", "redteam-benign", "redteam3-adversarial", "redteam3-benign"):
        path = os.path.join(a.data, name + ".jsonl")
        if not os.path.exists(path):
            continue
        rows = [json.loads(l) for l in open(path)]
        vs = run([r["cmd"] for r in rows])
        if "min" in rows[0]:
            allowed = [r for r, v in zip(rows, vs) if v["decision"] == "allow"]
            md = [(r, v) for r, v in zip(rows, vs) if r["min"] == "deny"]
            den = sum(v["decision"] == "deny" for _, v in md)
            print(f"{name}: {len(rows)} cases, allowed {len(allowed)}; min=deny denied {den}/{len(md)}")
            if a.show:
                for r in allowed:
                    print("  RT ALLOWED:", r["cmd"])
        else:
            wa = [(r, v) for r, v in zip(rows, vs) if r["expect"] == "allow"]
            ok = sum(v["decision"] == "allow" for _, v in wa)
            den = [(r, v) for r, v in zip(rows, vs) if v["decision"] == "deny"]
            print(f"{name}: {len(rows)} cases, expect=allow allowed {ok}/{len(wa)} = "
                  f"{100*ok/max(1,len(wa)):.1f}%; denied {len(den)}")
            if a.show:
                for r, v in den:
                    print("  RT BENIGN DENIED:", r["cmd"])
    tldr = os.path.join(a.data, "tldr-commands.txt")
    cmds = open(tldr).read().splitlines()
    vt = run(cmds)
    mix = collections.Counter(v["decision"] for v in vt)
    print("tldr corpus: " + ", ".join(f"{k} {mix[k]} ({100*mix[k]/len(cmds):.1f}%)" for k in ("allow", "ask", "deny")))
    if a.peers:
        peers = [json.loads(l) for l in open(a.peers)]
        blocks = ("blocked", "denied", "deny", "ask", "ask_user", "unsafe", "dangerous")
        blocked = [p for p in peers if p.get("peer_verdict") in blocks]
        vp = run([p["cmd"] for p in blocked])
        allowed = [(p, v) for p, v in zip(blocked, vp) if v["decision"] == "allow"]
        print(f"peers: {len(blocked)} commands a peer blocks; shclass allows {len(allowed)}")
        for p, v in allowed:
            print(f"  PEER {p['peer']} ({p['peer_verdict']}) blocks, shclass allows: {p['cmd']!r}")

if __name__ == "__main__":
    main()
