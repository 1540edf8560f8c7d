//! The corpus: `corpus/*.toml`, one file per family of risk, each case with `cmd` and `expect`.
//!
//! Every expectation is asserted first, and all mismatches are printed as one table; only then
//! are the explanations snapshotted (insta), so a snapshot can never turn a deny into an allow
//! unnoticed: the decision lives in the corpus and is asserted.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use shclass::{Decision, Mode, Policy};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorpusFile {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    cmd: String,
    expect: String,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

/// The workspace every corpus case is decided in.
const WORKSPACE: &str = "/home/user/project";

fn policy(mode: Option<&str>) -> Policy {
    let mut p = Policy::builtin().unwrap_or_else(|e| panic!("built-in policy: {e}"));
    p.cwd = PathBuf::from(WORKSPACE);
    if let Some(m) = mode {
        p.mode = Mode::parse(m).unwrap_or_else(|| panic!("unknown mode {m}"));
    }
    p
}

fn explain(p: &Policy, cmd: &str) -> (Decision, String) {
    let v = p.classify(cmd);
    let mut s = format!("{} (risk {:?})\n", v.decision, v.risk);
    for r in v.reasons.iter().take(6) {
        let _ = writeln!(
            s,
            "  {} {} [{}]: {}",
            r.decision, r.rule, r.source, r.message
        );
    }
    (v.decision, redact_home(&s))
}

/// The explanations name paths under the home directory of whoever runs the tests (`~` is
/// expanded): written as `$HOME/…`, so the snapshots hold on any account.
fn redact_home(text: &str) -> String {
    let home = std::env::var("HOME").unwrap_or_default();
    let home = home.trim_end_matches('/');
    if home.is_empty() {
        return text.to_owned();
    }
    text.replace(WORKSPACE, "\u{0}")
        .replace(&format!("{home}/"), "$HOME/")
        .replace('\u{0}', WORKSPACE)
}

/// Set in the child process [`corpus_expectations_hold`] starts.
const CHILD: &str = "SHCLASS_CORPUS_CHILD";

/// The home directory the corpus is decided with: beside the workspace, and on no machine.
const HOME: &str = "/home/shclass-corpus-user";

/// The corpus is decided with a home directory that does not exist ([`HOME`]): globs such as `rm -rf ~/*` expand
/// against it and checks look for files in it, so the verdicts and explanations must not depend
/// on what the account running the tests keeps there (`~/.npmrc`, `~/.gitconfig`). A test cannot
/// change its own environment safely, so it runs itself again, as a child, with `HOME` set.
#[test]
fn corpus_expectations_hold() {
    if std::env::var_os(CHILD).is_some() {
        return decide_corpus();
    }
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("test binary: {e}"));
    let status = std::process::Command::new(exe)
        .args(["--exact", "corpus_expectations_hold", "--nocapture"])
        .env(CHILD, "1")
        .env("HOME", HOME)
        .status()
        .unwrap_or_else(|e| panic!("running the corpus in a child: {e}"));
    assert!(status.success(), "the corpus failed (output above)");
}

fn decide_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let default = policy(None);
    let mut mismatches = Vec::new();
    let mut total = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let corpus: CorpusFile =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_owned();
        let mut snap = String::new();
        for case in &corpus.case {
            total += 1;
            let want = Decision::parse(&case.expect)
                .unwrap_or_else(|| panic!("{name}: bad expect `{}`", case.expect));
            let moded;
            let p = match &case.mode {
                Some(m) => {
                    moded = policy(Some(m));
                    &moded
                }
                None => &default,
            };
            let (got, text) = explain(p, &case.cmd);
            if got != want {
                mismatches.push(format!(
                    "| {name} | `{}` | {want} | {got} | {} |",
                    case.cmd.replace('\n', "⏎"),
                    case.note.as_deref().unwrap_or("")
                ));
            }
            let mode = case
                .mode
                .as_deref()
                .map(|m| format!(" [mode {m}]"))
                .unwrap_or_default();
            let _ = writeln!(snap, "$ {}{mode}\n{text}", case.cmd);
        }
        if mismatches.is_empty() {
            insta::with_settings!({snapshot_path => "snapshots/corpus", prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!(name.clone(), snap);
            });
        }
    }
    assert!(total > 0, "no corpus cases found");
    assert!(
        mismatches.is_empty(),
        "{} of {total} corpus cases decided wrongly:\n| file | cmd | expect | got | note |\n|---|---|---|---|---|\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
