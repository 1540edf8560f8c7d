#!/usr/bin/env python3
"""Differential test of shclass's awk reader against gawk's `--sandbox` mode.

gawk's sandbox refuses, when the statement runs, `system()`, every redirection (`print > f`,
`print | cmd`, `|&`, `getline < f`, `cmd | getline`, standard streams included) and new `ARGV`
files. Each random program here is a straight line of statements in `BEGIN`, so every statement
runs until the first refused one: gawk says "effects" (the sandbox error), "invalid" (a syntax
error, nothing runs) or "none". The reader (`src/analyze/awk.rs`, through
`examples/awk_effects`) must never say "none" where gawk finds an effect. The other direction
(the reader flags a statement gawk never reaches, `if (0) system(…)`) is only counted.

gawk only ever runs with `--sandbox`, on /dev/null, in a scratch directory; the only command
named in the atoms is `true`.

Usage: cargo build --release --example awk_effects && python3 scripts/awk-differential.py [N]
"""
import random
import subprocess
import sys
import tempfile

ATOMS = [
    'x = 4 / 2 / 1', 'y = 1', 'z = y /2/ 1', 'print 1 > "o"', 'print (1 > 2)', 'print 1, 2 > "o"',
    'print(1) > "o"', 'print 1 >> "o"', 'print "a" | "true"', 'print "a" |& "true"',
    'system("true")', 'system ("true")', '"true" | getline', '"true" | getline v',
    '"tr" "ue" | getline', 'getline v < "o"', 'getline < "o"', 'c = "true"', 'c | getline',
    'print "<a>" 1 "</a>"', 'print 1 > 2 ? "a" : "b"', 'if (0) system("true")', 'x = /re/',
    're = 3; x = 1 /re/ 1', 'a[1] = 1', 'for (k in a) print k', 'x = ENVIRON["HOME"]', 'ARGV[1] = "o"',
    'f = "system"', '@f("true")', 'printf "%s", 1 > "o"', 'printf("%s", 1) > "o"',
    'print > "/dev/stdout"', 'print 1, (2 > 1)', 'x = (1 > 2)', 'print a[1 > 0]', 'print a[1 > "o"]', 'print f(1 > "o")',
    'print length("x") > "o"', 'print 1 # > "o"', 'x = "a|b"', 'print x', 'close("true")',
    'fflush()', 'print substr("abc", 2 > 1)', 'x = 1 > 2 ? 3 : 4', 'x = y > 1', 'print x y > "o"',
    'print -1 > "o"', 'x = "\\"|"', 'x = 2 ^ 2 ** 1', 'x++', '++x', '$0 = "a b"', 'print $1',
    'x = $1 / 2', 'x = a[1] / 2', 'print x /2/ 1', 'x = 1; y = x / 2 / 3', 'print (1)(2) > "o"',
    'print "x" |\n "true"', 'x = 1 \\\n + 2', 'print 1 >\n "o"', 'x = (1, 2) in a',
    'print > "o" "p"', 'print 1 | "tr" "ue"', 'x = "a" > "b"', 'print ("a" > "b") > "o"',
    'x = 1 < 2', 'getline', 'getline v', 'print v', 'next_ = 1', 'print 1; print 2',
    'print "/" > "o"', 'x = "/"; y = x / 1', 'print 1 /1/ 1 > "o"', 'x = a[/x/]',
    '(', ')', '/', '"', '>', '|', '{', '}', ';', '\n', '[', ']', '$', '!', '#', '\\',
]


def program(rng):
    atoms = [rng.choice(ATOMS) for _ in range(rng.randint(1, 5))]
    sep = rng.choice(["; ", "\n"])
    return "BEGIN {\n" + sep.join(atoms) + "\n}"


def gawk(p, tmp):
    try:
        r = subprocess.run(["gawk", "--sandbox", p, "/dev/null"], capture_output=True, text=True,
                           cwd=tmp, timeout=5, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "invalid"
    if "sandbox" in r.stderr:
        return "effects"
    if r.returncode:
        return "invalid"
    return "none"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(7)
    programs = list({program(rng) for _ in range(n)})
    out = subprocess.run(["target/release/examples/awk_effects"],
                         input="\0".join(programs).encode(), capture_output=True, check=True)
    ours = out.stdout.decode().split("\n")[:len(programs)]
    missed, extra, counts = [], 0, {}
    tmp = tempfile.mkdtemp()
    for p, o in zip(programs, ours):
        g = gawk(p, tmp)
        counts[g] = counts.get(g, 0) + 1
        if g == "effects" and o == "none":
            missed.append(p)
        elif o != "none" and g != "effects":
            extra += 1
    print(f"{len(programs)} programs (gawk: {counts}); reader missed an effect gawk sees: "
          f"{len(missed)}; reader flags what gawk accepts or rejects otherwise: {extra}")
    for p in missed[:30]:
        print("MISSED", repr(p))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
