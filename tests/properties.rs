//! The fuzz targets' invariants (`fuzz/invariants.rs`, shared by `#[path]`) as property tests
//! with a small case count, so `cargo test` checks them on every run: no panic, a verdict per
//! unit, spans inside the input on char boundaries, `; rm -rf /` appended never allowed, a
//! denied command wrapped in `bash -c`, `$(…)`, `(…)`, `timeout`, `sudo` never allowed (and
//! still denied where the wrapper keeps it visible).
//!
//! Commands come from a small grammar of words, quotes, operators, wrappers and nesting, and
//! from the test corpora. Every crash input the fuzzers found is kept in `tests/regressions/`
//! and replayed here.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use shclass::Policy;

#[path = "../fuzz/invariants.rs"]
mod invariants;

fn policy() -> &'static Policy {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    POLICY.get_or_init(|| Policy::builtin().unwrap_or_else(|e| panic!("builtin policy: {e}")))
}

/// Commands of the corpora: the public benign and adversarial sets and every `cmd` of
/// `corpus/*.toml`.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = Vec::new();
        for name in ["benign-public.jsonl", "adversarial-public.jsonl"] {
            let text = std::fs::read_to_string(root.join("tests/data").join(name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let v: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}: {e}"));
                if let Some(c) = v["cmd"].as_str() {
                    out.push(c.to_owned());
                }
            }
        }
        let mut files: Vec<_> = std::fs::read_dir(root.join("corpus"))
            .unwrap_or_else(|e| panic!("corpus/: {e}"))
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for f in files {
            let text =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let v: toml::Value =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            for case in v
                .get("case")
                .and_then(|c| c.as_array())
                .into_iter()
                .flatten()
            {
                if let Some(c) = case.get("cmd").and_then(|c| c.as_str()) {
                    out.push(c.to_owned());
                }
            }
        }
        out
    })
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const WORDS: &[&str] = &[
    "rm",
    "-rf",
    "-r",
    "-f",
    "/",
    "~",
    "/etc",
    ".",
    "..",
    "ls",
    "-la",
    "git",
    "push",
    "--force",
    "status",
    "echo",
    "cat",
    "x",
    "*.txt",
    "$HOME",
    "$(id)",
    "`id`",
    "'a b'",
    "\"q $x\"",
    "$'\\x72m'",
    "{a,b}",
    "{rm,-rf,/}",
    "r''m",
    "\\rm",
    "/bin/rm",
    "chmod",
    "777",
    "curl",
    "http://x",
    "sh",
    "dd",
    "of=/dev/sda",
    "find",
    "-exec",
    "{}",
    "\\;",
    "xargs",
    "eval",
    "python3",
    "-c",
    "é",
    "日本",
    "\u{200b}",
    "#",
    "<<EOF",
    "2>&1",
    ">",
    "f",
    "<(ls)",
    "$((1+2))",
    "${x:-$(ls)}",
    "a=1",
    "IFS=:",
    "kill",
    "-9",
    "-1",
    "mkfs",
    "sudo",
    "--",
];

const OPS: &[&str] = &[" ; ", " && ", " || ", " | ", "\n", " & ", " |& ", ";"];

const WRAPPERS: &[&str] = &[
    "sudo ",
    "timeout 5 ",
    "env X=1 ",
    "nohup ",
    "nice -n 5 ",
    "xargs ",
    "command ",
    "exec ",
    "time ",
    "watch ",
    "sudo -u root ",
    "stdbuf -o0 ",
];

fn simple() -> impl Strategy<Value = String> {
    (
        proptest::option::of(proptest::sample::select(WRAPPERS)),
        proptest::collection::vec(proptest::sample::select(WORDS), 1..5),
    )
        .prop_map(|(w, words)| format!("{}{}", w.unwrap_or(""), words.join(" ")))
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Commands from the grammar: simple commands joined by operators, nested in subshells,
/// groups, substitutions, `bash -c`, `eval` and heredocs; or a corpus line.
fn command() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        4 => simple(),
        2 => (0..corpus().len()).prop_map(|i| corpus()[i].clone()),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), proptest::sample::select(OPS), inner.clone())
                .prop_map(|(a, op, b)| format!("{a}{op}{b}")),
            inner.clone().prop_map(|c| format!("( {c} )")),
            inner.clone().prop_map(|c| format!("{{ {c}; }}")),
            inner.clone().prop_map(|c| format!("echo $({c})")),
            inner.clone().prop_map(|c| format!("echo \"`{c}`\"")),
            inner.clone().prop_map(|c| format!("bash -c {}", quote(&c))),
            inner.clone().prop_map(|c| format!("eval {}", quote(&c))),
            inner
                .clone()
                .prop_map(|c| format!("cat <<'EOF' | sh\n{c}\nEOF")),
            inner.prop_map(|c| format!("if {c}; then ls; fi")),
        ]
    })
}

proptest! {
    // 64 cases from a fixed seed keep the file to about a second and `cargo test` repeatable;
    // `PROPTEST_CASES=5000 PROPTEST_SEED=<n>` for a deeper local run.
    #![proptest_config(Config {
        cases: env_or("PROPTEST_CASES", 64),
        rng_seed: RngSeed::Fixed(env_or("PROPTEST_SEED", 0x005c_1a55)),
        failure_persistence: None,
        ..Config::default()
    })]

    #[test]
    fn grammar_commands_keep_the_invariants(cmd in command()) {
        invariants::check_all(policy(), &cmd);
    }

    #[test]
    fn arbitrary_text_keeps_the_invariants(cmd in "[ -~\t\n\u{e9}\u{65e5}\u{200b}\r\0]{0,80}") {
        invariants::check_all(policy(), &cmd);
    }
}

/// Every crash input the fuzzers found (`tests/regressions/`, raw bytes, decoded lossily as
/// the `analyze` target does) still holds every invariant.
#[test]
fn fuzz_regressions_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|x| x != "md"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    for f in files {
        let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let text = String::from_utf8_lossy(&bytes);
        invariants::check_all(policy(), &text);
    }
}

/// Inputs whose bug lies outside the front end and is still open (`tests/regressions/open/`,
/// see the README there): they keep every invariant but "still deny", and are never allowed.
#[test]
fn open_fuzz_findings_are_never_allowed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions/open");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for f in entries.filter_map(Result::ok).map(|e| e.path()) {
        let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let text = String::from_utf8_lossy(&bytes);
        invariants::check_analysis(&text);
        let v = invariants::check_verdict(policy(), &text);
        assert_ne!(v.decision, shclass::Decision::Allow, "{text:?}");
        invariants::check_append(policy(), &text);
        for wrapped in [
            format!("echo $( {text}\n)"),
            format!("( {text}\n)"),
            format!("timeout 5 {text}"),
            format!("sudo {text}"),
        ] {
            let w = invariants::check_verdict(policy(), &wrapped);
            assert_ne!(w.decision, shclass::Decision::Allow, "{wrapped:?}");
        }
    }
}
