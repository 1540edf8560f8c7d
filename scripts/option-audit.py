#!/usr/bin/env python3
"""Option-table audit: for each program with a closed option table that is installed here, the
options its own help text shows that the table does not name, and the options the table names that
the help text does not show.

Usage: python3 scripts/option-audit.py [--json] [--program NAME ...] [--timeout SECONDS]

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
"""

import argparse, json, os, re, shutil, subprocess, sys, tempfile, tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILTIN = os.path.join(ROOT, "src", "policy", "builtin")

LONG = re.compile(r"(?<![\w-])(--[A-Za-z0-9][A-Za-z0-9_-]*)")
SHORT = re.compile(r"(?<![\w-])-([A-Za-z0-9?])(?![\w-])")
SINGLE = re.compile(r"(?<![\w-])(-[A-Za-z][A-Za-z0-9_-]+)")


def tables():
    """Every closed program-level table, by program name, merged across files."""
    out = {}
    for name in sorted(os.listdir(BUILTIN)):
        if not name.endswith(".toml"):
            continue
        with open(os.path.join(BUILTIN, name), "rb") as f:
            data = tomllib.load(f)
        for t in data.get("program", []):
            if not t.get("closed") or t.get("subcommand"):
                continue
            names = t["name"] if isinstance(t["name"], list) else [t["name"]]
            for n in names:
                e = out.setdefault(n, {"short": set(), "long": set(), "single": set(), "files": set()})
                e["files"].add(name)
                for k in ("short", "short_value"):
                    e["short"].update(t.get(k, ""))
                for k in ("long", "long_value", "writes", "runs", "network"):
                    e["long"].update(x for x in t.get(k, []) if x.startswith("--"))
                    e["single"].update(x for x in t.get(k, []) if not x.startswith("--"))
                for k in ("single", "single_value", "single_until"):
                    e["single"].update(t.get(k, []))
                if t.get("single_dash_long"):
                    e["single_dash_long"] = True
    return out


def help_text(prog, timeout, scratch):
    env = {
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
    args = ap.parse_args()
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
