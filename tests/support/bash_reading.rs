//! The differential parse comparison against bash, shared by `tests/bash_parse_differential.rs`
//! (seeded lines) and the `parse_differential` fuzz target (lines whose choices libFuzzer
//! mutates): a grammar of the places where two readings of a line part, bash's own reading of
//! each line (`declare -f` of a function whose body it is), and the comparison of units.
//!
//! Every command name the grammar writes, however it is spelled, is one of `echo`, `printf`,
//! `true`, `:` and `test`, so even a line that breaks out of its function body runs nothing
//! harmful.

use std::io::Write as _;
use std::process::{Command, Stdio};

use shclass::{Decision, FlagKind, Limits, Policy, analyze};

/// Where the generator's choices come from: a seeded splitmix64 (the test), or the bytes of a
/// fuzzer's input, read in order and then zeros (the fuzz target: libFuzzer mutates the
/// choices, and every input is a line of the grammar).
pub(crate) enum Rng<'a> {
    Seeded(u64),
    Bytes(&'a [u8]),
}

impl Rng<'_> {
    fn next(&mut self) -> u64 {
        match self {
            Rng::Seeded(state) => {
                *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            }
            Rng::Bytes(data) => {
                // One byte a choice: every choice the grammar makes is below 256.
                let (first, rest) = data.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
                *data = rest;
                u64::from(first)
            }
        }
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        // Out of fuzzer bytes, every open choice ends: no further words, commands or lines.
        if matches!(self, Rng::Bytes([])) {
            return false;
        }
        self.below(100) < percent
    }
}

/// Command names: always one of the harmless five, spelled the ways bash reads as that name.
const NAMES: &[&str] = &[
    "echo",
    "printf",
    "true",
    ":",
    "test",
    "'echo'",
    "\"printf\"",
    "e\\cho",
    "ec''ho",
    "tr\"\"ue",
    "$'\\x65cho'",
    "$'\\u0065cho'",
    "$'\\x{65}cho'",
];

/// Forms shclass reads as a parse error or unsupported syntax (fail closed), drawn less often
/// so that most lines are compared: a backslash-newline inside a word, an octal escape in a
/// command name.
const RARE_NAMES: &[&str] = &["tr\\\nue", "$'\\145cho'"];
const RARE_ARGS: &[&str] = &["x\\\ny", "\"a\\\nb\""];

/// Argument words: static, quoted, escaped and dynamic forms, none of which can start a new
/// command.
const ARGS: &[&str] = &[
    "a",
    "-n",
    "--",
    "%s",
    "'%s\\n'",
    "'a b'",
    "\"a b\"",
    "\"a $x\"",
    "\"${x:-d}\"",
    "$x",
    "${#x}",
    "\"$@\"",
    "$'a\\x41'",
    "$'\\x{41}b'",
    "$'\\u00e9'",
    "$'\\cA'",
    "$'\\t\\n'",
    "$'\\''",
    "$'a\\'b'",
    "'$(true)'",
    "\\$x",
    "\\\"",
    "'\\'",
    "\"\\\\\"",
    "a\\ b",
    "*.txt",
    "~",
    "~/x",
    "{a,b}",
    "a=b",
    "$((1 + 2))",
    "\"$((3 * 4))\"",
    "'a\nb'",
    "#notacomment",
    "a#b",
];

/// Heredoc delimiters as written, and the line that ends each.
const DELIMS: &[(&str, &str)] = &[
    ("EOF", "EOF"),
    ("'EOF'", "EOF"),
    ("\"EOF\"", "EOF"),
    ("E''OF", "EOF"),
    ("\\EOF", "EOF"),
    ("END_1", "END_1"),
];

/// Heredoc body lines.
const BODY: &[&str] = &[
    "text",
    "$x and ${y}",
    "$(true)",
    "`:`",
    "\\$x",
    "a \\\nb",
    "EOF2",
    "  EOF",
    "'quoted'",
    "}",
];

pub(crate) struct Gen<'a> {
    rng: Rng<'a>,
    /// Heredoc bodies waiting for the next newline, each ending with its delimiter line.
    pending: Vec<String>,
    depth: usize,
}

impl<'a> Gen<'a> {
    pub(crate) fn new(rng: Rng<'a>) -> Self {
        Gen {
            rng,
            pending: Vec::new(),
            depth: 0,
        }
    }

    /// A newline, after which the pending heredoc bodies follow.
    fn newline(&mut self) -> String {
        let mut s = String::from("\n");
        for body in self.pending.drain(..) {
            s.push_str(&body);
        }
        s
    }

    /// `text` and whatever heredocs it left pending, so that a closing token can follow.
    fn closed(&mut self, text: String) -> String {
        if self.pending.is_empty() {
            text
        } else {
            text + &self.newline()
        }
    }

    fn word(&mut self) -> String {
        let r = self.rng.below(100);
        if r < 8 && self.depth < 3 {
            return format!("\"$({})\"", self.nested_list());
        }
        if r < 13 && self.depth < 3 {
            return format!("$({})", self.nested_list());
        }
        if r < 16 && self.depth < 3 {
            return format!("`{}`", self.simple_plain());
        }
        if r < 19 && self.depth < 3 {
            return format!("<({})", self.nested_list());
        }
        if r < 21 && self.depth < 3 {
            return format!(">({})", self.nested_list());
        }
        if self.rng.chance(3) {
            return self.rng.pick(RARE_ARGS).to_owned();
        }
        self.rng.pick(ARGS).to_owned()
    }

    /// A list in a substitution, with its heredocs closed inside it.
    fn nested_list(&mut self) -> String {
        let outer = std::mem::take(&mut self.pending);
        self.depth += 1;
        let l = self.list();
        let l = self.closed(l);
        self.depth -= 1;
        self.pending = outer;
        l
    }

    fn redirect(&mut self) -> String {
        match self.rng.below(9) {
            0 => ">/dev/null".into(),
            1 => "2>/dev/null".into(),
            2 => "&>/dev/null".into(),
            3 => "2>&1".into(),
            4 => "</dev/null".into(),
            5 => ">>/dev/null".into(),
            6 => format!("<<< {}", self.rng.pick(ARGS)),
            _ => {
                let (spelled, line) = DELIMS[self.rng.below(DELIMS.len())];
                let dash = self.rng.chance(30);
                let mut body = String::new();
                for _ in 0..self.rng.below(3) {
                    if dash {
                        body.push('\t');
                    }
                    body.push_str(self.rng.pick(BODY));
                    body.push('\n');
                }
                if dash {
                    body.push('\t');
                }
                body.push_str(line);
                body.push('\n');
                self.pending.push(body);
                format!("<<{}{spelled}", if dash { "-" } else { "" })
            }
        }
    }

    /// A simple command without heredocs or substitutions (inside backticks).
    fn simple_plain(&mut self) -> String {
        let mut s = ["echo", "printf", "true", ":"][self.rng.below(4)].to_owned();
        for _ in 0..self.rng.below(3) {
            s.push(' ');
            s.push_str(["a", "'b c'", "\"$x\"", "-n"][self.rng.below(4)]);
        }
        s
    }

    fn simple(&mut self) -> String {
        let mut s = String::new();
        if self.rng.chance(15) {
            s.push_str(["x=1 ", "y=$'a\\tb' ", "z=\"$x\" ", "PS9=a "][self.rng.below(4)]);
        }
        let name = if self.rng.chance(3) {
            self.rng.pick(RARE_NAMES)
        } else {
            self.rng.pick(NAMES)
        };
        s.push_str(name);
        for _ in 0..self.rng.below(4) {
            s.push_str(if self.rng.chance(10) { " \\\n" } else { " " });
            let w = self.word();
            s.push_str(&w);
        }
        if self.rng.chance(30) {
            s.push(' ');
            let r = self.redirect();
            s.push_str(&r);
        }
        s
    }

    fn command(&mut self) -> String {
        if self.depth >= 3 || self.rng.chance(60) {
            return self.simple();
        }
        self.depth += 1;
        let c = match self.rng.below(10) {
            0 => {
                let l = self.list();
                format!("{{ {}; }}", self.closed(l))
            }
            1 => {
                let l = self.list();
                format!("( {} )", self.closed(l))
            }
            2 => {
                let a = self.list();
                let a = self.closed(a);
                let b = self.list();
                format!("if {a}; then {}; fi", self.closed(b))
            }
            3 => {
                let l = self.list();
                format!("while false; do {}; done", self.closed(l))
            }
            4 => {
                let l = self.list();
                format!("for i in a 'b c'; do {}; done", self.closed(l))
            }
            5 => {
                let l = self.list();
                format!("case $x in a|b) {} ;; *) : ;; esac", self.closed(l))
            }
            6 => format!("[[ -n {} && a == a* ]]", self.rng.pick(ARGS)),
            7 => "(( x = 1 + 2 ))".to_owned(),
            8 => {
                let l = self.list();
                format!("g_{}() {{ {}; }}", self.rng.below(9), self.closed(l))
            }
            _ if self.rng.chance(20) => {
                let l = self.list();
                format!("time {{ {}; }}", self.closed(l))
            }
            _ => format!("time {}", self.simple()),
        };
        self.depth -= 1;
        c
    }

    fn pipeline(&mut self) -> String {
        let mut s = String::new();
        if self.rng.chance(8) {
            s.push_str("! ");
            let c = self.simple();
            s.push_str(&c);
        } else {
            let c = self.command();
            s.push_str(&c);
        }
        while self.rng.chance(25) {
            match self.rng.below(3) {
                0 => s.push_str(" | "),
                1 => s.push_str(" |& "),
                _ => {
                    s.push_str(" |");
                    let n = self.newline();
                    s.push_str(&n);
                }
            }
            let c = self.command();
            s.push_str(&c);
        }
        s
    }

    fn list(&mut self) -> String {
        let mut s = self.pipeline();
        while self.rng.chance(35) {
            match self.rng.below(6) {
                0 => s.push_str(" && "),
                1 => s.push_str(" || "),
                2 => s.push_str(" & "),
                3 => {
                    if self.rng.chance(30) {
                        s.push_str(" # note");
                    }
                    let n = self.newline();
                    s.push_str(&n);
                }
                4 => s.push_str("; \\\n"),
                _ => s.push_str("; "),
            }
            let p = self.pipeline();
            s.push_str(&p);
        }
        s
    }

    pub(crate) fn line(&mut self) -> String {
        self.pending.clear();
        self.depth = 0;
        let l = self.list();
        self.closed(l)
    }
}

/// One bash word holding `text`.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// bash's `declare -f` text of each line's function body, `None` for a line bash refused. A line
/// that closes the body early runs what follows (only harmless names); its output, also a
/// background job's, goes to `/dev/null`, not between the `declare -f` texts.
pub(crate) fn bash_bodies(lines: &[String]) -> Result<Vec<Option<String>>, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let mut script = String::new();
    for (n, line) in lines.iter().enumerate() {
        script.push_str(&format!(
            "echo '@@@ {n}'\nL={}\n(eval \"f_{n}() {{ $L\"$'\\n''}}' >/dev/null 2>&1 && declare -f f_{n})\n",
            quote(line)
        ));
    }
    script.push_str("echo '@@@ end'\n");
    let path = dir.path().join("defs.sh");
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(script.as_bytes()))
        .map_err(|e| format!("write script: {e}"))?;
    let out = Command::new("bash")
        .args(["--norc", "--noprofile"])
        .arg(&path)
        .current_dir(dir.path())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir.path())
        .env("LC_ALL", "C.UTF-8")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("bash did not start: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut bodies = vec![None; lines.len()];
    let mut sections = text.split("@@@ ").skip(1);
    for section in sections.by_ref() {
        let (head, rest) = section.split_once('\n').unwrap_or((section, ""));
        let Ok(n) = head.trim().parse::<usize>() else {
            break;
        };
        if n < bodies.len() {
            bodies[n] = body_of(rest, n);
        }
    }
    if !text.contains("@@@ end") {
        let last = text
            .rsplit("@@@ ")
            .next()
            .and_then(|s| s.split('\n').next())
            .and_then(|n| n.trim().parse::<usize>().ok());
        return Err(format!(
            "bash stopped before the end of the script (status {:?}) after line {last:?}: {:?}\n{}",
            out.status.code(),
            last.and_then(|n| lines.get(n)),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(bodies)
}

/// The body of `f_N`'s `declare -f` text, de-indented.
fn body_of(text: &str, n: usize) -> Option<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let header = format!("f_{n} () ");
    let at = lines.iter().position(|l| *l == header)?;
    let start = at + 1;
    if lines.get(start).map(|l| l.trim_end()) != Some("{") {
        return None;
    }
    let end = lines.iter().rposition(|l| *l == "}")?;
    if end <= start {
        return None;
    }
    Some(
        lines[start + 1..end]
            .iter()
            .map(|l| l.strip_prefix("    ").unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// A unit as compared: its program and stripped wrappers, and its argv (`None`: run time).
type Reading = Vec<(Vec<String>, Vec<Option<String>>)>;

/// shclass's units of `text`; `None` when it flags a parse error or unsupported syntax.
fn reading(text: &str) -> Option<Reading> {
    let a = analyze(text, &Limits::default());
    if a.flags
        .iter()
        .any(|f| matches!(f.kind, FlagKind::ParseError | FlagKind::UnsupportedSyntax))
    {
        return None;
    }
    let mut units: Reading = a
        .units
        .iter()
        .map(|u| {
            let mut names = vec![u.program.clone().unwrap_or_else(|| "?".into())];
            names.extend(u.via.iter().cloned());
            let argv = u
                .argv
                .iter()
                .map(|w| w.value.as_deref().map(str::to_owned))
                .collect();
            (names, argv)
        })
        .collect();
    units.sort();
    Some(units)
}

/// The two readings name the same programs, and agree on every word both know.
fn same(a: &Reading, b: &Reading) -> bool {
    fn names(r: &Reading) -> Vec<&Vec<String>> {
        let mut n: Vec<&Vec<String>> = r.iter().map(|(n, _)| n).collect();
        n.sort();
        n.dedup();
        n
    }
    if names(a) != names(b) {
        return false;
    }
    if a.len() != b.len() {
        return true; // the same programs, run more or fewer times: no argv pairs to compare
    }
    a.iter().zip(b).all(|((na, wa), (nb, wb))| {
        na == nb
            && wa.len() == wb.len()
            && wa
                .iter()
                .zip(wb)
                .all(|(x, y)| x.is_none() || y.is_none() || x == y)
    })
}

/// What comparing a batch of lines found.
#[derive(Default)]
pub(crate) struct Outcome {
    pub(crate) compared: usize,
    pub(crate) refused: usize,
    pub(crate) unread: usize,
    pub(crate) differ: usize,
    /// Lines read differently from bash (or refused by it) and allowed: each a failure.
    pub(crate) failures: Vec<String>,
}

/// Compare shclass's reading of each line with bash's (`bodies`, from [`bash_bodies`]). Lines
/// shclass cannot read must not be allowed; lines bash refuses must not be allowed; lines read
/// differently must not be allowed.
pub(crate) fn judge(policy: &Policy, lines: &[String], bodies: &[Option<String>]) -> Outcome {
    let mut out = Outcome::default();
    for (line, body) in lines.iter().zip(bodies) {
        let allowed = || policy.classify(line).decision == Decision::Allow;
        let Some(mine) = reading(line) else {
            out.unread += 1;
            if allowed() {
                out.failures
                    .push(format!("  {line:?}: a parse error, yet allowed"));
            }
            continue;
        };
        let Some(body) = body else {
            out.refused += 1;
            if allowed() {
                out.failures.push(format!(
                    "  {line:?}: bash refuses it as a function body, shclass reads it and allows it"
                ));
            }
            continue;
        };
        out.compared += 1;
        let Some(theirs) = reading(body) else {
            continue; // shclass cannot read bash's own text: a lead, not a wrong reading
        };
        if !same(&mine, &theirs) {
            out.differ += 1;
            if allowed() {
                out.failures.push(format!(
                    "  {line:?}: read differently, and allowed\n    shclass: {mine:?}\n    bash:    {theirs:?} from {body:?}"
                ));
            }
        }
    }
    out
}

/// Whether bash can be run here (else the comparison is skipped, with the reason printed).
pub(crate) fn bash_runs() -> Result<(), String> {
    Command::new("bash")
        .args(["--norc", "--noprofile", "-c", "true"])
        .status()
        .map(|_| ())
        .map_err(|e| format!("bash cannot be run here ({e})"))
}
