#!/usr/bin/env python3
"""Quietness report: how often shclass allows, and what it asks about, on a corpus of commands.

Usage: python3 scripts/quietness.py [CORPUS] [--exe BINARY] [--top N] [--json]

CORPUS is a text file with one command per line (default: tests/data/tldr-commands.txt, the
tldr examples). BINARY is the shclass binary (default: target/release/shclass, else
target/debug/shclass). The commands go through `shclass batch -z --no-discovery`, so no person's
or project's policy changes the figures.

Prints:
- the decision mix (allow share overall);
- allow share by family (the first unit's program; the largest families first);
- the programs asked only because no rule covers them (every ask reason of the command is
  `no-rule`), then the same by program and subcommand as the reason names them (`gh pr
  create`): the candidates for the catalogue;
- the top ask reasons (rule id and message, by how many commands they fire on).

A quiet guard allows what is read-only; this report says where it is not quiet. It does not
say whether an ask is needed: judge each candidate before writing a rule for it.
"""
import argparse, collections, json, os, re, signal, subprocess, sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the report quietly

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)


def default_exe():
    for kind in ("release", "debug"):
        p = os.path.join(root, "target", kind, "shclass")
        if os.path.exists(p):
            return p
    return os.path.join(root, "target", "release", "shclass")


def run(exe, cmds):
    data = b"".join(c.encode() + b"\0" for c in cmds)
    p = subprocess.run([exe, "batch", "-z", "--no-discovery"], input=data, capture_output=True, check=True)
    out = p.stdout.decode().splitlines()
    assert len(out) == len(cmds), (len(out), len(cmds))
    return [json.loads(l) for l in out]


NO_RULE = re.compile(r"no rule covers `([^`]*)`")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", nargs="?", default=os.path.join(root, "tests", "data", "tldr-commands.txt"))
    ap.add_argument("--exe", default=default_exe())
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    a = ap.parse_args()
    cmds = [c for c in open(a.corpus).read().splitlines() if c.strip()]
    vs = run(a.exe, cmds)
    n = len(cmds)
    mix = collections.Counter(v["decision"] for v in vs)

    fam_all, fam_allow = collections.Counter(), collections.Counter()
    only_no_rule = collections.Counter()
    only_no_rule_example = {}
    reasons = collections.Counter()
    reason_ids = collections.Counter()
    for c, v in zip(cmds, vs):
        units = v.get("units") or []
        fam = units[0]["program"] if units and units[0].get("program") else "(none)"
        fam_all[fam] += 1
        if v["decision"] == "allow":
            fam_allow[fam] += 1
        if v["decision"] != "ask":
            continue
        asks = [r for r in v["reasons"] if r["decision"] == "ask"]
        seen = set()
        for r in asks:
            key = (r["rule"], r["message"] if r["rule"] == "no-rule" else r["message"][:100])
            if key not in seen:
                seen.add(key)
                reasons[key] += 1
        for rid in {r["rule"] for r in asks}:
            reason_ids[rid] += 1
        if asks and all(r["rule"] == "no-rule" for r in asks):
            for name in sorted({m.group(1) for r in asks for m in [NO_RULE.search(r["message"])] if m}):
                only_no_rule[name] += 1
                only_no_rule_example.setdefault(name, c)

    share = lambda k, t: 100 * k / max(1, t)
    if a.json:
        json.dump({
            "commands": n,
            "mix": {k: mix[k] for k in ("allow", "ask", "deny")},
            "allow_share": round(share(mix["allow"], n), 2),
            "asked_only_for_no_rule": sum(only_no_rule.values()),
            "top_no_rule": only_no_rule.most_common(a.top),
            "top_ask_rules": reason_ids.most_common(a.top),
        }, sys.stdout, indent=1)
        print()
        return
    print(f"corpus: {a.corpus} ({n} commands); binary: {a.exe}")
    print("decisions: " + ", ".join(f"{k} {mix[k]} ({share(mix[k], n):.1f}%)" for k in ("allow", "ask", "deny")))
    print(f"allow share: {share(mix['allow'], n):.1f}%")
    nr = sum(1 for v in vs if v["decision"] == "ask" and all(r["rule"] == "no-rule" for r in v["reasons"] if r["decision"] == "ask"))
    print(f"asked only because no rule covers a program: {nr} ({share(nr, n):.1f}%), "
          f"{len({n.split(' ')[0] for n in only_no_rule})} distinct programs")

    print(f"\nallow share by family (first program; {a.top} largest):")
    for fam, t in fam_all.most_common(a.top):
        print(f"  {fam:<24} {fam_allow[fam]:>5}/{t:<5} {share(fam_allow[fam], t):5.1f}%")

    by_program = collections.Counter()
    for name, k in only_no_rule.items():
        by_program[name.split(" ")[0]] += k
    print(f"\nprograms asked only because no rule covers them (top {a.top}):")
    for name, k in by_program.most_common(a.top):
        print(f"  {k:>5}  {name}")

    print(f"\nthe same, by program and subcommand as the reason names them (top {a.top}):")
    for name, k in only_no_rule.most_common(a.top):
        print(f"  {k:>5}  {name:<30} e.g. {only_no_rule_example[name][:70]}")

    print(f"\nask rules by commands they fire on (top {a.top}):")
    for rid, k in reason_ids.most_common(a.top):
        print(f"  {k:>5}  {rid}")

    print(f"\nask reasons other than no-rule (top {a.top}):")
    for (rid, msg), k in [x for x in reasons.most_common() if x[0][0] != "no-rule"][: a.top]:
        print(f"  {k:>5}  {rid}: {msg}")


if __name__ == "__main__":
    main()
