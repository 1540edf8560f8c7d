//! Every command of the adversarial sets is never allowed; neither is any of its spellings that
//! bash runs the same way. Each line is put behind wrappers (`timeout 5`, `env`, `nice`, `sudo`,
//! `xargs`, `command`, `exec`), inside nested shells (`bash -c '…'`, `sh -c "…"`, a
//! here-document, a pipe into `bash`, a git alias, Python's `os.system`), inside compound
//! commands (a subshell, a group, a branch, a loop, a function that is called, a coprocess),
//! inside expansions (a command substitution in an assignment, a default value, a case pattern,
//! a `for` list or a heredoc's body; a process substitution), behind a trap and after harmless
//! state changes (`set -e`, `shopt`, `trap`), and with each plain word quoted otherwise
//! (`'r''m'`, `$'\x72\x6d'`); the result must not be allowed either. A defence that knows one
//! spelling of an attack and not the others fails here, whatever attack it was written for.
//!
//! Each attack meets every third transformation (which third turns from line to line), so the
//! test stays quick in a debug build.
//!
//! A transformation that changes what bash runs for some lines is not applied to them: a
//! wrapper before bash's `time` keyword makes it GNU time (`timeout 5 time -pp ls` runs `ls`,
//! where `time -pp ls` runs `-pp`), and a line that uses `cd -` depends on where the shell was.

use std::path::{Path, PathBuf};

use shclass::{Decision, Policy};

/// The adversarial sets' commands (one line each).
fn attacks() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for name in [
        "adversarial-public.jsonl",
        "redteam-adversarial.jsonl",
        "redteam3-adversarial.jsonl",
    ] {
        let text = std::fs::read_to_string(root.join("tests/data").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Some(c) = v["cmd"].as_str()
                && !c.contains('\n')
            {
                out.push(c.to_owned());
            }
        }
    }
    out
}

/// `c` as one single-quoted shell word.
fn sq(c: &str) -> String {
    format!("'{}'", c.replace('\'', r"'\''"))
}

/// `c` as the inside of a double-quoted shell word.
fn dq(c: &str) -> String {
    let mut s = String::with_capacity(c.len() + 8);
    for ch in c.chars() {
        if matches!(ch, '\\' | '"' | '$' | '`') {
            s.push('\\');
        }
        s.push(ch);
    }
    s
}

/// Does the line start with bash's `time` keyword (which a wrapper before it makes a program)?
fn starts_with_time(c: &str) -> bool {
    c.split_whitespace().next() == Some("time")
}

/// A transformation: its name, whether it keeps what bash runs for the line, and the spelling.
type Transform = (&'static str, fn(&str) -> bool, fn(&str) -> String);

/// Each plain word of `c` (two or more of `A-Za-z0-9_./:@%+,-`, between spaces, not a reserved
/// word, not an assignment) spelled by `spell`: bash reads the spelling as the same word, in
/// command position or not. Words with `~`, globs or braces are left, as quoting changes them.
fn each_word(c: &str, spell: fn(&str) -> String) -> String {
    const RESERVED: &[&str] = &[
        "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until",
        "do", "done", "in", "function", "time", "coproc",
    ];
    c.split(' ')
        .map(|w| {
            let plain = w.len() >= 2
                && w.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_./:@%+,-".contains(&b))
                && !RESERVED.contains(&w);
            if plain { spell(w) } else { w.to_owned() }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `rm` as `'r''m'`.
fn split_quotes(w: &str) -> String {
    format!("'{}''{}'", &w[..1], &w[1..])
}

/// `rm` as `$'\x72\x6d'`.
fn ansi_c(w: &str) -> String {
    use std::fmt::Write;
    let mut out = String::from("$'");
    for b in w.bytes() {
        let _ = write!(out, "\\x{b:02x}");
    }
    out.push('\'');
    out
}

fn always(_: &str) -> bool {
    true
}

fn not_time(c: &str) -> bool {
    !starts_with_time(c)
}

fn not_cd(c: &str) -> bool {
    !c.contains("cd -") && !c.contains("popd") && !starts_with_time(c)
}

const TRANSFORMS: &[Transform] = &[
    ("timeout", not_time, |c| format!("timeout 5 {c}")),
    ("nice", not_time, |c| format!("nice -n 1 {c}")),
    ("env", not_time, |c| format!("env {c}")),
    ("stdbuf", not_time, |c| format!("stdbuf -oL {c}")),
    ("bash -c", always, |c| format!("bash -c {}", sq(c))),
    ("sh -c", always, |c| format!("sh -c {}", sq(c))),
    ("bash -c \"…\"", always, |c| {
        format!("bash -c \"{}\"", dq(c))
    }),
    ("bash -c twice", always, |c| {
        format!("bash -c {}", sq(&format!("bash -c {}", sq(c))))
    }),
    ("bash -e -c", always, |c| format!("bash -e -c {}", sq(c))),
    ("eval", always, |c| format!("eval {}", sq(c))),
    ("subshell", always, |c| format!("( {c} )")),
    ("group", always, |c| format!("{{ {c}; }}")),
    ("and", always, |c| format!("true && {c}")),
    ("or", always, |c| format!("false || {c}")),
    ("if", always, |c| format!("if true; then {c}; fi")),
    ("for", always, |c| format!("for i in 1; do {c}; done")),
    ("while", always, |c| {
        format!("while true; do {c}; break; done")
    }),
    ("case", always, |c| format!("case x in x) {c};; esac")),
    ("function", always, |c| format!("f() {{ {c}; }}; f")),
    ("function keyword", always, |c| {
        format!("function g {{ {c}; }}; g")
    }),
    ("substitution", always, |c| format!("echo $({c})")),
    ("after ls", always, |c| format!("ls; {c}")),
    ("before true", always, |c| format!("{c}; true")),
    ("comment", always, |c| format!("{c} # note")),
    ("negated", always, |c| format!("! {c}")),
    ("background", always, |c| format!("{c} &")),
    ("stderr", always, |c| format!("{c} 2>/dev/null")),
    ("piped", always, |c| format!("{c} | cat")),
    ("set -e", not_cd, |c| format!("set -e; {c}")),
    ("shopt", not_cd, |c| format!("shopt -s extglob; {c}")),
    ("trap", not_cd, |c| format!("trap '' INT; {c}")),
    ("heredoc", always, |c| format!("bash <<'EOF'\n{c}\nEOF")),
    ("here-string", always, |c| format!("bash <<< {}", sq(c))),
    ("echo into bash", always, |c| {
        format!("echo {} | bash", sq(c))
    }),
    ("source stdin", always, |c| {
        format!("source /dev/stdin <<< {}", sq(c))
    }),
    ("process substitution", always, |c| {
        format!(". <(echo {})", sq(c))
    }),
    ("xargs sh -c", always, |c| {
        format!("echo x | xargs -I% sh -c {}", sq(c))
    }),
    ("find -exec", always, |c| {
        format!("find . -maxdepth 0 -exec sh -c {} \\;", sq(c))
    }),
    ("command", not_time, |c| format!("command {c}")),
    ("exec", not_time, |c| format!("exec {c}")),
    ("sudo", not_time, |c| format!("sudo -u root -- {c}")),
    ("nohup", not_time, |c| format!("nohup {c}")),
    ("xargs", not_time, |c| format!("xargs -0 {c} < /dev/null")),
    ("flock", not_time, |c| format!("flock /tmp/l {c}")),
    ("env assignment", not_time, |c| format!("LC_ALL=C {c}")),
    ("redirect first", not_time, |c| format!(">/dev/null {c}")),
    ("newline", always, |c| format!("true\n{c}")),
    ("until", always, |c| {
        format!("until false; do {c}; break; done")
    }),
    ("coproc", not_time, |c| format!("coproc {c}")),
    ("time group", always, |c| format!("time {{ {c}; }}")),
    ("condition", always, |c| format!("if {c}; then :; fi")),
    ("assignment", always, |c| format!("x=$({c})")),
    ("declare", always, |c| format!("declare x=$({c})")),
    ("quoted substitution", always, |c| {
        format!("echo \"$({c})\"")
    }),
    ("default value", always, |c| format!(": \"${{x:-$({c})}}\"")),
    ("heredoc substitution", always, |c| {
        format!("cat <<EOF\n$({c})\nEOF")
    }),
    ("process substitution in", always, |c| format!("cat <({c})")),
    ("process substitution out", always, |c| {
        format!("echo > >({c})")
    }),
    ("case pattern", always, |c| {
        format!("case x in $({c})) ;; esac")
    }),
    ("for list", always, |c| {
        format!("for i in $({c}); do :; done")
    }),
    ("trap", always, |c| format!("trap {} EXIT", sq(c))),
    ("git alias", always, |c| {
        format!("git -c alias.x={} x", sq(&format!("!{c}")))
    }),
    ("quoted words", not_time, |c| each_word(c, split_quotes)),
    ("ANSI-C words", not_time, |c| each_word(c, ansi_c)),
    ("python", always, |c| {
        format!("python3 -c {}", sq(&format!("import os; os.system({c:?})")))
    }),
];

/// Each attack is spelled by one transformation in this many.
const STRIDE: usize = 3;

#[test]
fn spellings_of_an_attack_are_never_allowed() {
    let mut policy = Policy::builtin().unwrap_or_else(|e| panic!("built-in policy: {e}"));
    policy.cwd = PathBuf::from("/home/user/project");
    let attacks = attacks();
    assert!(attacks.len() > 3_000, "{} attacks", attacks.len());
    let mut failures = Vec::new();
    let mut tried = 0usize;
    for (i, attack) in attacks.iter().enumerate() {
        // A line allowed as it stands is the eval's to report, not a spelling's.
        if policy.classify(attack).decision == Decision::Allow {
            continue;
        }
        // Every third transformation, starting at a place that turns with the line: each
        // transformation meets a third of the attacks, of every kind, at a third of the cost.
        for (k, (name, keeps, spell)) in TRANSFORMS.iter().enumerate() {
            if (i + k) % STRIDE != 0 || !keeps(attack) {
                continue;
            }
            tried += 1;
            let line = spell(attack);
            if policy.classify(&line).decision == Decision::Allow {
                failures.push(format!("  {name}: {line:?}"));
            }
        }
    }
    assert!(tried > 40_000, "{tried} spellings tried");
    assert!(
        failures.is_empty(),
        "{} spelling(s) of attacks allowed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
