#!/usr/bin/env python3
"""Split the tldr corpus into the lines shclass's fast path takes (src/parse/simple.rs) and the
rest, as NUL-separated files for `shclass batch -z` and `examples/bare_parse -z`:

    python3 scripts/fast-path-split.py            # writes /tmp/tldr-fast.z and /tmp/tldr-slow.z

The rules mirror `simple::parse`; the README's throughput table uses the second file.
"""
import re
import sys

PLAIN = re.compile(r"^[A-Za-z0-9 _./:,+=@%-]*$")
FIRST = re.compile(r"^[A-Za-z0-9_./-]+$")
NOT_A_COMMAND_NAME = set(
    "case coproc declare do done elif else esac export fi for function if in local readonly "
    "select then time typeset unset unsetenv until while".split()
)


def fast(line: str) -> bool:
    if len(line.encode()) > 4096 or not PLAIN.match(line):
        return False
    words = [w for w in line.split(" ") if w]
    if not words or any(w.startswith("=") for w in words):
        return False
    name = words[0]
    return not name.startswith("-") and bool(FIRST.match(name)) and name not in NOT_A_COMMAND_NAME


def main() -> None:
    src = sys.argv[1] if len(sys.argv) > 1 else "tests/data/tldr-commands.txt"
    lines = open(src, encoding="utf-8").read().splitlines()
    taken = [l for l in lines if fast(l)]
    rest = [l for l in lines if not fast(l)]
    for path, part in (("/tmp/tldr-fast.z", taken), ("/tmp/tldr-slow.z", rest)):
        with open(path, "wb") as f:
            f.write(b"".join(l.encode() + b"\0" for l in part))
    print(f"{len(taken)} lines take the fast path, {len(rest)} do not")


if __name__ == "__main__":
    main()
