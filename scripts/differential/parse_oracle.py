"""The second oracle: bash's own reading of a line, without running the line.

Inside the sandbox (never outside), bash defines `f() { LINE⏎}` with `eval` and prints
`declare -f f`: its normalised text of the body (heredocs, line continuations, quoting and
separators as bash parsed them). shclass then analyses both LINE and that normalised body; the
names of their units (programs and stripped wrappers) should be the same. Lines shclass flags
with `parse-error` or `unsupported-syntax` are left out (shclass knows it does not read them).
A difference means one of the two readings of the line is not bash's: it is reported (this
oracle does not fail a run). A line bash refuses as a function body while shclass raises no
`parse-error` is reported too.

Called as `oracle.py parse [FILE…]`, or `oracle.py fuzz [--count N] [--seed S] [FILE…]`: lines
made from a seeded grammar of the constructs where readings differ (quotes, escapes, heredocs,
line continuations, substitutions, compound commands, redirections) and from splices of the
corpus lines, each compared the same way. What it does not do: run LINE (only its definition is
evaluated; a line that closes the body early does run its rest, inside the sandbox).
"""

import concurrent.futures
import json
import os
import random
import re
import subprocess

import oracle


def quote(text):
    """TEXT as one single-quoted bash word."""
    return "'" + text.replace("'", "'\\''") + "'"


def body_of(output):
    """The body of `declare -f f`'s output, de-indented, or None."""
    lines = output.split("\n")
    try:
        start = lines.index("{ ")
    except ValueError:
        try:
            start = lines.index("{")
        except ValueError:
            return None
    end = max((i for i, line in enumerate(lines) if line == "}"), default=-1)
    if end <= start:
        return None
    return "\n".join(line[4:] if line.startswith("    ") else line for line in lines[start + 1 : end])


def programs(shclass, text):
    """Sorted unit programs of shclass's reading, and whether it flagged a parse error."""
    try:
        p = subprocess.run([shclass, "analyze", "--json", "--", text], capture_output=True, timeout=30, env={"PATH": "/usr/bin:/bin"})
        data = json.loads(p.stdout)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        return None, False
    names = sorted({os.path.basename(n) for u in data.get("units", []) for n in [u.get("program") or "?", *(u.get("via") or [])]})
    errors = any(f.get("kind") in ("parse-error", "unsupported-syntax") for f in data.get("flags", []))
    return names, errors


def compare(box, line):
    # Nothing to run: bash refuses an empty function body, and shclass allows the empty line.
    if all(not part.strip() or part.lstrip().startswith("#") for part in line.split("\n")):
        return None
    script = f"L={quote(line)}\neval \"f() {{ $L\"$'\\n''}}' && declare -f f"
    report, _ = box.run(script)
    mine, parse_error = programs(box.shclass, line)
    if parse_error:
        return None  # shclass says it does not understand the line: never allowed
    body = body_of(report.get("output", ""))
    if body is None:
        return {"cmd": line, "kind": "bash refuses the line as a function body; shclass has no parse-error", "bash": report.get("output", "")[:300]}
    # bash prints a coprocess without a name under its default one, `coproc COPROC cmd`, which
    # read back is a command named COPROC: that name is bash's printing, not the line's.
    if "COPROC" not in line:
        body = re.sub(r"\bcoproc COPROC ", "coproc ", body)
    theirs, unreadable = programs(box.shclass, body)
    if mine is None or theirs is None or mine == theirs:
        return None
    # A normalised text shclass reads only in part (`echo $ | sh` for `echo $\⏎ | sh`) gives a
    # part of bash's reading: a difference only where it names a program the line's reading
    # lacks.
    if unreadable and set(theirs) <= set(mine):
        return None
    return {"cmd": line, "kind": "units differ", "line": mine, "bash-normalised": theirs, "body": body[:500]}


def report(box, label, lines, jobs):
    """Compare LINES; print LABEL's count of disagreements and each one."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        found = [r for r in pool.map(lambda c: compare(box, c), lines) if r]
    print(f"{label}: {len(lines)} lines, {len(found)} disagreements")
    for r in found:
        print("  " + json.dumps(r))


def run(box, paths, jobs):
    """Compare every line of PATHS; print the disagreements; always exit 0."""
    for path in paths:
        report(box, os.path.relpath(path, oracle.PROJECT_ROOT), oracle.load(path), jobs)
    return 0

# Pieces of bash syntax where a reader can part ways with bash; each payload only runs `id`,
# `ls` or `true` (and runs at all only if a generated line closes the function body early, in
# the sandbox).
WORDS = ["id", "ls", "true", "echo x", "cat f", "printf '%s' a"]
QUOTED = ["'a b'", '"a $x"', "$'a\\x41'", '"$(id)"', "'$(id)'", "\\$x", '"\\""', "$'\\''", '""', "''"]
WRAP = [
    "{0}; {1}", "{0} && {1}", "{0} || {1}", "{0} | {1}", "{0} |& {1}", "({0})", "{{ {0}; }}",
    "$({0})", "`{0}`", "echo $({0})", "echo \"$({0})\"", "x=$({0}); {1}", "{0} &", "! {0}",
    "if {0}; then {1}; fi", "while {0}; do {1}; break; done", "for i in a b; do {0}; done",
    "case x in x) {0};; esac", "f2() {{ {0}; }}; f2", "{0} 2>&1 >/dev/null", "{0} <<< {q}",
    "cat <<EOF\n$({0})\nEOF", "cat <<'EOF'\n$({0})\nEOF", "cat <<-EOF\n\t{0}\n\tEOF",
    "{0} \\\n {q}", "echo {q} # {1}", "[[ -n {q} ]] && {0}", "(( 1 )) && {0}",
    "{0} < <({1})", "diff <({0}) <({1})", "time {0}", "exec 3>&1; {0}", "{0} {q} {q}",
    "echo ${{x:-$({0})}}", "{0}; \\\n{1}",
    "(({0}) )", "echo $(({0}) )", "(({0}); ({1}))", "{0} > >({1})", "{1} < <({0})",
    "{0} &> >({1})", "coproc {0}", "coproc C {{ {0}; }}", "select i in a; do {0}; break; done",
    "case x in x) {0};& y) {1};; esac", "case x in x) {0};;& *) {1};; esac",
    "function f3 {{ {0}; }}; f3", "function f3() ( {0} ); f3", "f3() {{ {0}; }} >/dev/null; f3",
    "cat <<EOF; {0}\nx\nEOF", "echo ${{x//a/$({0})}}", "[[ $({0}) ]]", "a=( $({0}) )",
    "time -p {0}", "exec {{fd}}>&1; {0}", "echo $[ $({0}) ]", "echo \"`{0}`\"",
    "case $({0}) in *) {1};; esac", "for i in $({0}); do {1}; done",
    # Keywords spelled so that bash may not read them as keywords (escaped, quoted, after an
    # assignment or a wrapper), special parameters with offsets, declarations, and words
    # glued to operators.
    "\\time {0}", "A=1 time {0}", "nice time {0}", "'time' {0}", "ti\\me {0}", "time -p -- {0}",
    "\\[[ -n {q} ]] && {0}", "A=1 {{ {0}; }}", "\\! {0}", "time ! {0}", "! ! {0}",
    "echo ${{@:1}}; {0}", "echo ${{*:$#}} {q}; {0}", "declare -a a=({q}); {0}",
    "local -n r=x 2>/dev/null; {0}", "printf -v v %s {q}; {0}", "read -r v <<< {q}; {0}",
    "{0};;", "{0}}}", "{0}{{", "{0} #{q}\n{1}", "{0}\\\n\\\n{1}", "{0}&&\\\n{1}",
    "{0} <<\\EOF\nx\nEOF", "{0} <<E\"O\"F\n$({1})\nEOF", "{0} <<$'E'\nx\nE\n",
    "if ! {0}; then :; elif {1}; then :; else :; fi", "until {0}; do {1}; break; done",
    "[[ {q} =~ ({q}) ]] && {0}", "{0} {{a,b}} {q}", "{0} ${{x:+{q}}}", "{0} \\;{1}",
    "{0} >&2 2>&- {q}", "{0} &>/dev/null &", "eval {q}; {0}", "{{ {0}; }} | {{ {1}; }}",
    # Words that become the command or its options (brace expansion, positional parameters,
    # arrays, `$_`, case changes), and builtins that assign variables or change later commands.
    "{{e,}}cho {q}; {0}", "{{ech,}}o {q} && {0}", "{0} {{-a,-b}} {{1..3}}", "{0} -{{a..c}}",
    "set -- {q}; echo \"$@\"; {0}", "arr=({q}); echo \"${{arr[@]}}\"; {0}", "{0}; echo $_",
    "x={q}; echo ${{x,,}} ${{x^^}} ${{x/a/b}}; {0}", "printf -v x %s {q}; {0}",
    "declare -n r=x; r={q}; {0}", "command -p {0}", "command -- {0}", "exec 3>&-; {0}",
    "for x in {q}; do {0}; done", ": ${{x:={q}}}; {0}", "let x=1; {0}", "(( x = 1 )); {0}",
    "{0} | exit", "wait -n 2>/dev/null; {0}", "mapfile -t a <<< {q}; {0}", "getopts a o; {0}",
    "BASH_ARGV0={q}; {0}", "x=(\n{0}\n); {1}", "{0} #{{a,b}}", "{0} {{a,\n}}",
    # Blanks only one reader takes for blanks (bash's are space and tab; NBSP and the other
    # Unicode spaces are bytes of the word), `#` that does not start a comment, braces and
    # keywords as words, here-documents in odd places, redirections of every operator, `case`
    # fall-through, assignments and subscripts holding substitutions, and old arithmetic.
    "{0}\u00a0#{q}; {1}", "{0} \u00a0; {1}", "{0}\u2003{q}\n{1}", "{0}\u3000# {q}; {1}",
    "{0} a#{q}; {1}", "{0} $#; {1}", "{0} ${{#x}} ${{x#a}}; {1}", "{0} $'#'; {1}", "{0} \\#{q}; {1}",
    "{0} \\# x\n{1}", "{{{0};}}", "echo }}; {0}", "{{ echo }}; }}; {0}", "{{ {0} }}; }}",
    "echo if then do done esac {{ }} in; {0}", "[ x = ] ] && {0}", "{0} in; {1}",
    "cat <<A <<B\na\nA\nb\nB\n{0}", "cat <<A; cat <<B\na\nA\nb\nB\n{0}",
    "cat <<A | {0}\nx\nA\n{1}", "cat <<A && {0}\nx\nA", "f4() {{ cat <<A\nx\nA\n{0}; }}; f4",
    "echo $(cat <<A\nx\nA\n); {0}", "{0} <<A\n$({1})\nA", "{0} <<A\nA \nA\n{1}",
    "{0} <<A\n A\nA\n{1}", "{0} <<'A B'\nx\nA B\n{1}", "{0} <<A # {q}\nx\nA\n{1}",
    "{0} <<A;\nx\nA\n{1}", "{0} <<A\nx\\\nA\nA\n{1}", "{0} <<-A\n\t\tx\n  A\n\tA\n{1}",
    "{0} >&{q}", "{0} <>/dev/null", "{0} >|/dev/null", "{0} &>>/dev/null", "{0} 2>&1 >&-",
    "{0} {{fd}}>/dev/null", "{0} 3<&0 <&3-", "{0} >&1-", "{{ {0}; }} 2>&1 >/dev/null | {1}",
    "{0} 2>&1 | {1} 1>&2", "{0} >/dev/null<<<{q}", "{0}>/dev/null;{1}", "{0}&>/dev/null&&{1}",
    "case x in (x) {0};; esac", "case x in x|y) {0};; (z) {1};; esac",
    "case {q} in *) {0};;& x) {1};; esac", "case x in x) {0};;\nesac", "case x in x) {0}\nesac",
    "case x in esac) {0};; esac", "case x in in) {0};; esac",
    "echo $[1+2]; {0}", "a=([0]=$({0}))", "a[$({0})]=1", "declare -a b=($({0}))",
    "export y=$({0})", "y=$({0}) {1}", "echo ${{a[$({0})]}}", "a=([$({0})]=1)",
    "time -- {0}", "((x=1)) && {0}", "( ({0}) )", "echo $( ({0}) )", "echo $(({0}) )",
    "echo `{0} \\`{1}\\``", "{0} $(: ')'); {1}", "{0} $(case x in x) {1};; esac)",
    "{0} $(# {q}\n{1})", "{0} \"$(echo \")\")\"", "{0} ${{x:-'}}'}}; {1}", "{0} \"${{x:-'}}'}}\"; {1}",
    "echo $(( 1 # $({0})\n)); {1}", "(( 1 # $({0})\n)); {1}", "a[1 # $({0})\n]=1; {1}",
    "echo ${{x:1 # $({0})\n}}", "time time ! {0}", "time ! time ! {0}", "X=1 time ! {0}",
    "{{{0},}};\n}}", "{{ {0};}}; {{{1};}}",
]


def generate(rng, corpus):
    """One line: a grammar draw, or two corpus lines spliced at random points."""
    if corpus and rng.random() < 0.3:
        a, b = rng.choice(corpus), rng.choice(corpus)
        return a[: rng.randint(0, len(a))] + b[rng.randint(0, len(b)) :]
    line = rng.choice(WORDS)
    for _ in range(rng.randint(1, 3)):
        line = rng.choice(WRAP).format(line, rng.choice(WORDS), q=rng.choice(QUOTED))
    return line


def fuzz(box, paths, jobs, count, seed):
    """Compare COUNT generated lines (seeded); print the disagreements; always exit 0."""
    rng = random.Random(seed)
    corpus = [line for path in paths for line in oracle.load(path)]
    lines = [generate(rng, corpus) for _ in range(count)]
    report(box, f"fuzz (seed {seed}, generated)", lines, jobs)
    return 0
