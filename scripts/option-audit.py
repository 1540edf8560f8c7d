#!/usr/bin/env python3
"""Option-table audit: for each program with a closed option table that is installed here, the
options its own help text shows that the table does not name, and the options the table names that
the help text does not show.

Usage: python3 scripts/option-audit.py [--json] [--values] [--program NAME ...] [--timeout SECONDS]

A closed table (`closed = true` in a `[[program]]` table of src/policy/builtin/*.toml) names
every option the catalogue accepts; an option it lacks keeps every allow away. So an option the
help text shows and the table lacks is either left out on purpose (it writes, runs code, reads
configuration or reaches the network: the rule's reason says so) or forgotten (a needless ask).
An option the table names and the help text does not show is worth a look too: a spelling the
program does not have, or a table entry that belongs to another implementation (BSD vs GNU).

Only program-level tables are audited (a subcommand's help comes from man pages or pagers that
are not always installed). Each program is asked `PROG --help` (then `PROG -h` when that printed
nothing), with standard input from /dev/null, a scratch working directory, no pager, the C locale
and a time limit; only catalogued read-only programs are asked, and only for their help. Options
are taken from the help text by pattern (`-x`, `--long`, `--long=VALUE`, `-single` where the table
uses single-dash long options), so the report is a worklist for a person to judge, not a verdict.

With `--values` it audits the values of long options instead, for the program-level tables and
for git's subcommand tables (`git SUB -h`): the options the help shows with an optional value
(`--color[=WHEN]`, `--[no-]mode[=<style>]`) that the table lists as flags without marking them
`long_optional` (a closed table reads `--color=always` on such a flag as unknown), the options
the table marks `long_optional` whose help shows no optional value, and the options the help shows
with a value (`--width=NUM`, `--width <n>`) that the table lists only as flags.
"""

import argparse, json, os, re, shutil, subprocess, sys, tempfile, tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILTIN = os.path.join(ROOT, "src", "policy", "builtin")

LONG = re.compile(r"(?<![\w-])(--[A-Za-z0-9][A-Za-z0-9_-]*)")
SHORT = re.compile(r"(?<![\w-])-([A-Za-z0-9?])(?![\w-])")
SINGLE = re.compile(r"(?<![\w-])(-[A-Za-z][A-Za-z0-9_-]+)")


def closed_tables():
    """Every closed `[[program]]` table of the built-in files, as (file name, table)."""
    for name in sorted(os.listdir(BUILTIN)):
        if not name.endswith(".toml"):
            continue
        with open(os.path.join(BUILTIN, name), "rb") as f:
            data = tomllib.load(f)
        for t in data.get("program", []):
            if t.get("closed"):
                yield name, t


def tables():
    """Every closed program-level table, by program name, merged across files."""
    out = {}
    for name, t in closed_tables():
        if t.get("subcommand"):
            continue
        names = t["name"] if isinstance(t["name"], list) else [t["name"]]
        for n in names:
            e = out.setdefault(n, {"short": set(), "long": set(), "single": set(), "files": set()})
            e["files"].add(name)
            for k in ("short", "short_value", "short_optional"):
                e["short"].update(t.get(k, ""))
            for k in ("long", "long_value", "writes", "runs", "network"):
                e["long"].update(x for x in t.get(k, []) if x.startswith("--"))
                e["single"].update(x for x in t.get(k, []) if not x.startswith("--"))
            for k in ("single", "single_value", "single_until"):
                e["single"].update(t.get(k, []))
            if t.get("single_dash_long"):
                e["single_dash_long"] = True
    return out


OPTIONAL = re.compile(r"(?<![\w-])--(?:\[no-\])?([A-Za-z0-9][A-Za-z0-9_-]*)\[=")
REQUIRED = re.compile(r"(?<![\w-])--(?:\[no-\])?([A-Za-z0-9][A-Za-z0-9_-]*)(?:=|\s<)[A-Za-z<{]")


def value_tables():
    """Every closed table that names long flags, as (program, subcommand words, table): the
    program-level ones and git's subcommand tables, whose help `git SUB -h` prints."""
    out = []
    for name, t in closed_tables():
        if not t.get("long"):
            continue
        sub = t.get("subcommand") or []
        sub = [sub] if isinstance(sub, str) else sub
        names = t["name"] if isinstance(t["name"], list) else [t["name"]]
        for n in names:
            if not sub or (n == "git" and len(sub) == 1):
                out.append((n, sub, t, name))
    return out


def audit_values(name, sub, table, text):
    """The long flags of `table` whose value `text` (the help) shows otherwise."""
    optional = {"--" + m.group(1) for m in OPTIONAL.finditer(text)}
    required = {"--" + m.group(1) for m in REQUIRED.finditer(text)} - optional
    shown = {"--" + m.group(1).rstrip("-") for m in LONG.finditer(text)}
    flags = set(table.get("long", [])) - set(table.get("long_value", []))
    marked = set(table.get("long_optional", [])) | {
        o for o in table.get("optional_next", []) if o.startswith("--")}
    return {
        "program": " ".join([name] + sub),
        "optional_not_marked": sorted((optional & flags) - marked),
        "marked_not_optional": sorted(o for o in marked - optional if o in shown),
        "value_but_flag": sorted((required & flags) - marked),
    }


def values_main(args):
    wanted = set(args.program or [])
    todo = [e for e in value_tables()
            if (not wanted or e[0] in wanted or " ".join([e[0]] + e[1]) in wanted)
            and shutil.which(e[0])]
    reports = []
    with tempfile.TemporaryDirectory(prefix="option-audit-") as scratch:
        for name, sub, table, file in todo:
            if sub:
                text = command_text(["git", sub[0], "-h"], args.timeout, scratch)
            else:
                text = help_text(name, args.timeout, scratch)
            if not text:
                continue
            r = audit_values(name, sub, table, text)
            r["file"] = file
            reports.append(r)
    keys = ("optional_not_marked", "marked_not_optional", "value_but_flag")
    for r in reports:
        if args.json:
            print(json.dumps(r))
        elif any(r[k] for k in keys):
            print(f"{r['program']} ({r['file']})")
            for k, what in zip(keys, ("optional value in the help, not long_optional:",
                                      "long_optional, no optional value in the help:",
                                      "a value in the help, a flag in the table:")):
                if r[k]:
                    print("  " + what, " ".join(r[k]))
    print(f"# {len(todo)} closed tables with long flags installed here; {len(reports)} with a help "
          f"text; {sum(1 for r in reports if r['optional_not_marked'])} with optional values "
          f"not marked", file=sys.stderr)


def command_text(argv, timeout, scratch):
    """What `argv` (a help request) prints, run as `help_text` runs it."""
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, cwd=scratch,
                           env=help_env(scratch), timeout=timeout)
    except (subprocess.TimeoutExpired, OSError):
        return ""
    return (p.stdout + p.stderr).decode("utf-8", "replace")


def help_env(scratch):
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": scratch,
        "LANG": "C",
        "LC_ALL": "C",
        "PAGER": "cat",
        "MANPAGER": "cat",
        "GIT_PAGER": "cat",
        "TERM": "dumb",
        "COLUMNS": "200",
    }


def help_text(prog, timeout, scratch):
    env = help_env(scratch)
    for flag in ("--help", "-h"):
        try:
            p = subprocess.run([prog, flag], stdin=subprocess.DEVNULL, capture_output=True,
                               cwd=scratch, env=env, timeout=timeout)
        except (subprocess.TimeoutExpired, OSError):
            continue
        text = (p.stdout + p.stderr).decode("utf-8", "replace")
        if LONG.search(text) or SHORT.search(text):
            return text
    return ""


def audit(name, table, text):
    longs = set()
    for m in LONG.finditer(text):
        o = m.group(1).rstrip("-")
        # `--[no-]foo` and `--foo[=X]` spellings
        longs.add(o)
    shorts = {m.group(1) for m in SHORT.finditer(text)}
    singles = set()
    if table.get("single_dash_long") or table["single"]:
        singles = {m.group(1) for m in SINGLE.finditer(text)} - {"-" + s for s in shorts}
    known_long = table["long"] | {"--help", "--version"}
    return {
        "program": name,
        "files": sorted(table["files"]),
        "help_not_in_table": sorted((longs - known_long) | {"-" + s for s in shorts - table["short"]}
                                    | (singles - table["single"] if singles else set())),
        "table_not_in_help": sorted((table["long"] - longs - {"--help", "--version"})
                                    | {"-" + s for s in table["short"] - shorts}),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="one JSON object per program")
    ap.add_argument("--program", action="append", help="audit only these programs")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--values", action="store_true",
                    help="audit which long options take an optional or a required value")
    args = ap.parse_args()
    if args.values:
        return values_main(args)
    all_tables = tables()
    names = args.program or sorted(all_tables)
    installed = [n for n in names if n in all_tables and shutil.which(n)]
    reports = []
    with tempfile.TemporaryDirectory(prefix="option-audit-") as scratch:
        for n in installed:
            text = help_text(n, args.timeout, scratch)
            if not text:
                reports.append({"program": n, "files": sorted(all_tables[n]["files"]),
                                "error": "no option list in --help or -h"})
                continue
            reports.append(audit(n, all_tables[n], text))
    gaps = [r for r in reports if r.get("help_not_in_table")]
    if args.json:
        for r in reports:
            print(json.dumps(r))
    else:
        for r in reports:
            if r.get("error"):
                print(f"{r['program']}: {r['error']}")
            elif r["help_not_in_table"] or r["table_not_in_help"]:
                print(f"{r['program']} ({', '.join(r['files'])})")
                if r["help_not_in_table"]:
                    print("  in --help, not in the table:", " ".join(r["help_not_in_table"]))
                if r["table_not_in_help"]:
                    print("  in the table, not in --help:", " ".join(r["table_not_in_help"]))
    print(f"# {len(all_tables)} closed program tables; {len(installed)} installed here; "
          f"{len(reports) - sum(1 for r in reports if r.get('error'))} with a help text; "
          f"{len(gaps)} with options the table lacks", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
