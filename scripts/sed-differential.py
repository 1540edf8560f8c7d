#!/usr/bin/env python3
"""Differential test of shclass's sed reader against GNU sed's `--sandbox` mode.

GNU sed compiles a whole script before reading input, and `--sandbox` rejects the `e`, `r` and
`w` commands (and `s///e`, `s///w`) at that point. So for a random script, GNU sed says one of:
it has an effect (the sandbox error), it is invalid (another error), or it is fine. The reader
(`src/analyze/sed.rs`, through `examples/sed_effects`) must never say "none" where GNU sed
finds an effect. The other direction (the reader flags what GNU accepts, for instance a
bracket reading GNU does not use) is only counted.

Usage: cargo build --release --example sed_effects && python3 scripts/sed-differential.py [N]
"""
import random
import subprocess
import sys
import tempfile

ATOMS = [
    "s/a/b/", "s|x|y|g", "s/a/b/w out", "s/a/b/e", "s/[/]/x/", "s/[]/]/y/", "s,a,b,gpw f",
    "y/ab/cd/", "p", "d", "n", "N", "=", "q", "q 3", "l 5", "e", "e id", "w f", "W f", "r f",
    "R f", "a text", "i\\\ntext", "c\\", "b", "b x", ":x", "t x", "T", "{", "}", "#c", "F", "z",
    "x", "h", "G", "v", "s/\\//x/", "s/a\\", "/re/", "/[/]/", "\\%re%", "1", "$", "1,3", "0,/a/",
    "1~2", "/a/,+2", "/a/I", "!", " ", ";", "\n", "w", "e", "s", "/", "\\", "[", "]", ",", "~",
    "+", "/w/", "s w", "sw", "s/w/e/", "s/x/y/ e", "s/x/y/ w z", "s/x/y/3", "s/x/y/M", "gw x",
    "pw x", "}w x", "{w x}", "1!w x", "$!e", "/x/!r f",
]


def script(rng):
    return "".join(rng.choice(ATOMS) for _ in range(rng.randint(1, 5)))


def gnu(s, tmp):
    # Without the sandbox first: an invalid script runs nothing, whatever the sandbox says
    # (it objects to a command before a later error is found). No input, so nothing runs;
    # `w` files are created, in a scratch directory.
    plain = subprocess.run(["sed", "-n", "-e", s, "/dev/null"], capture_output=True, cwd=tmp)
    if plain.returncode:
        return "invalid"
    r = subprocess.run(["sed", "--sandbox", "-n", "-e", s, "/dev/null"],
                       capture_output=True, text=True, cwd=tmp)
    return "effects" if "sandbox" in r.stderr else "none"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(7)
    scripts = list({script(rng) for _ in range(n)})
    out = subprocess.run(["target/release/examples/sed_effects"],
                         input="\0".join(scripts).encode(), capture_output=True, check=True)
    ours = out.stdout.decode().split("\n")[:len(scripts)]
    missed, extra = [], 0
    tmp = tempfile.mkdtemp()
    for s, o in zip(scripts, ours):
        g = gnu(s, tmp)
        if g == "effects" and o == "none":
            missed.append(s)
        elif o != "none" and g != "effects":
            extra += 1
    print(f"{len(scripts)} scripts; reader missed an effect GNU sed sees: {len(missed)}; "
          f"reader flags what GNU sed accepts or rejects otherwise: {extra}")
    for s in missed[:30]:
        print("MISSED", repr(s))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
