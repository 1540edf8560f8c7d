#!/usr/bin/env python3
"""Seed the fuzz corpora from the test corpora: every line of tests/data/*.txt, every `cmd` of
tests/data/*.jsonl and corpus/*.toml, and every kept crash input of tests/regressions/.

Usage: python3 fuzz/seed.py   (writes fuzz/corpus/analyze/ and fuzz/corpus/classify/)
"""

import hashlib
import json
import pathlib
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
cmds = []
for p in sorted((root / "tests/data").glob("*.txt")):
    cmds += [l for l in p.read_text().splitlines() if l.strip()]
for p in sorted((root / "tests/data").glob("*.jsonl")):
    cmds += [json.loads(l)["cmd"] for l in p.read_text().splitlines() if l.strip()]
for p in sorted((root / "corpus").glob("*.toml")):
    cmds += [c["cmd"] for c in tomllib.loads(p.read_text()).get("case", [])]
regressions = [p.read_bytes() for p in sorted((root / "tests/regressions").glob("*")) if p.is_file()]
for target in ["analyze", "classify"]:
    out = root / "fuzz/corpus" / target
    out.mkdir(parents=True, exist_ok=True)
    for data in [c.encode() for c in cmds] + regressions:
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
print(f"{len(cmds)} commands and {len(regressions)} regression inputs per target")
