"""The invariant of allow over the option tables (`oracle.py options`).

A closed table names every option the catalogue accepts for a program; an option it lists
without a role (writes, runs, network, output, config…) is one the catalogue holds harmless.
This module tries that claim against the real program: for each program-level closed table of
`src/policy/builtin/*.toml` whose program is installed, it writes one line per option on the
files of the fake project (`notes.txt`, `README.md`), keeps the lines shclass allows, runs them
in the sandbox and reports, as the invariant of allow does, a program run that no unit names and
a file of the checkout, home or /tmp created, changed or removed.

With `--subcommands`, the closed tables of subcommands instead (`git log`, `npm ls`): each line
starts with the program and the subcommand's words.

Each option is tried as a flag on an operand (`prog -x notes.txt`, `prog --long notes.txt`); an
option that takes a value twice: with a new file name (`prog -o out-o.txt notes.txt`,
`prog --long=out-x.txt notes.txt`), which shows a value that is written, and with a file of the
project (`prog -o notes.txt README.md`), which shows one that is overwritten or read as code.
"""

import os
import random
import shutil
import time
import tomllib

import oracle

BUILTIN = os.path.join(oracle.PROJECT_ROOT, "src", "policy", "builtin")


def letters(value):
    """A table's short options: a string of letters or a list of them."""
    if value is None:
        return []
    return list(value) if isinstance(value, str) else list(value)


def tables(subcommands=False):
    """Every program-level closed table of the built-in files (with SUBCOMMANDS, the closed
    tables of subcommands instead), with the words of its subcommand."""
    for name in sorted(os.listdir(BUILTIN)):
        if name.endswith(".toml"):
            with open(os.path.join(BUILTIN, name), "rb") as f:
                for t in tomllib.load(f).get("program", []):
                    sub = t.get("subcommand")
                    if t.get("closed") and bool(sub) == subcommands:
                        yield ([sub] if isinstance(sub, str) else list(sub or [])), t


def lines(programs=None, subcommands=False):
    """The option lines of every installed program with a closed table (or of PROGRAMS)."""
    out = []
    for sub, t in tables(subcommands):
        names = t["name"] if isinstance(t["name"], list) else [t["name"]]
        dash = "-" if t.get("single_dash_long") else "--"

        def long(o):
            return o if o.startswith("-") else dash + o

        for name in names:
            if (programs and name not in programs) or not shutil.which(name, path="/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"):
                continue
            p = " ".join([name, *sub])
            out += [f"{p} -{o} notes.txt" for o in letters(t.get("short"))]
            out += [f"{p} {long(o)} notes.txt" for o in t.get("long", [])]
            out += [f"{p} -{o} notes.txt" for o in t.get("single", []) + t.get("single_value", [])]
            for o in letters(t.get("short_value")):
                out += [f"{p} -{o} out-{o}.txt notes.txt", f"{p} -{o} notes.txt README.md"]
            for o in t.get("long_value", []):
                out += [f"{p} {long(o)}=out-x.txt notes.txt", f"{p} {long(o)} notes.txt README.md"]
    return list(dict.fromkeys(out))


def run(shclass, jobs, limit, programs=None, seed=1, subcommands=False):
    """Run a seeded sample of LIMIT allowed option lines; return the number of violations."""
    shclass = os.path.abspath(shclass)
    candidates = lines(programs, subcommands)
    allowed = oracle.allowed_lines(shclass, candidates)
    sample = allowed if len(allowed) <= limit else random.Random(seed).sample(allowed, limit)
    print(f"option tables: {len(candidates)} option lines, {len(allowed)} allowed, {len(sample)} run")
    box = oracle.Sandbox(shclass)
    try:
        box.baseline = oracle.helpers_baseline()
        start = time.monotonic()
        _, bad = oracle.check_allowed(box, sample, jobs)
        print(f"option tables: ran in {time.monotonic() - start:.0f}s, violations {bad}")
        return bad
    finally:
        box.close()
