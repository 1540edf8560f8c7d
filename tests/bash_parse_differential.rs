//! Differential parse test against bash itself: generated lines, read by shclass and by bash.
//!
//! A seeded generator builds a few hundred lines from a grammar of the places where two
//! readings of a line part: quoting and escapes (`$'…'` with `\xHH`, `\x{HH}`, `\u`, `\c`,
//! octal), heredocs (quoted, `<<-`, delimiters spelled with quotes), line continuations inside
//! and between words, command and process substitutions, compound commands, pipelines,
//! assignments and redirections (to `/dev/null` only). Every command name it writes, however
//! it is spelled, is one of `echo`, `printf`, `true`, `:` and `test`, so even a line that broke
//! out of its function body runs nothing harmful.
//!
//! One `bash --norc --noprofile` process reads a script that defines `f_N() { LINE⏎}` for each
//! line through `eval`, in a subshell (a syntax error inside a substitution ends the shell that
//! evals it: a line bash refuses costs only its own definition), and prints `declare -f f_N`: bash's normalised text of the body, with heredocs, continuations, quoting and
//! separators as bash parsed them. shclass then reads the line and that text; their units
//! should be the same (the rules of `scripts/differential/parse_oracle.py`): the programs and
//! stripped wrappers, and each unit's argv where both readings know the word. A line read
//! differently, or refused by bash as a function body while shclass reports no parse error,
//! must not be allowed. Lines shclass flags with `parse-error` or `unsupported-syntax` are
//! never allowed and are only checked for that.
//!
//! Accepted differences, not counted: bash prints `a |& b` as `a 2>&1 | b` (same units); a
//! word one reading knows and the other computes at run time is not compared (bash re-quotes
//! some words, `$'…'` among them, and the two texts need not agree on which words are static);
//! a line whose bash text shclass flags as unreadable is not compared (bash prints a heredoc's
//! body right after the line of its redirect, also when a pipeline or list goes on after it:
//! `a <<EOF | b` becomes `a <<EOF |⏎BODY⏎EOF⏎ b`, a form shclass reports as a parse error).
//!
//! Skipped, with the reason printed, when bash cannot be run. The seed and the count can be
//! changed with `SHCLASS_PARSE_SEED` and `SHCLASS_PARSE_LINES` (a seed that finds a difference
//! is reported in the failure).

use std::path::PathBuf;

use shclass::Policy;

#[path = "support/bash_reading.rs"]
#[allow(dead_code)] // shared with the fuzz target; each includer uses its own part
mod bash_reading;

use bash_reading::{Gen, Outcome, Rng, bash_bodies, bash_runs, judge};

/// Lines per run (one bash process).
const LINES: usize = 300;
/// The seed of a plain `cargo test` run.
const SEED: u64 = 0x5eed_ba5e;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_lines_are_read_as_bash_reads_them() {
    if let Err(e) = bash_runs() {
        println!("skipped: {e}");
        return;
    }
    let seed = env_or("SHCLASS_PARSE_SEED", SEED);
    let count = env_or("SHCLASS_PARSE_LINES", LINES);
    let mut g = Gen::new(Rng::Seeded(seed));
    let lines: Vec<String> = (0..count).map(|_| g.line()).collect();
    // The lines, one JSON string each, for a closer look (`oracle.py parse FILE` reads them).
    if let Ok(path) = std::env::var("SHCLASS_PARSE_DUMP") {
        let mut text = String::new();
        for l in &lines {
            text.push_str(&serde_json::json!({ "cmd": l }).to_string());
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let bodies = match bash_bodies(&lines) {
        Ok(b) => b,
        Err(e) => panic!("seed {seed}: {e}"),
    };
    let mut policy = Policy::builtin().unwrap_or_else(|e| panic!("built-in policy: {e}"));
    policy.cwd = PathBuf::from("/home/user/project");
    let Outcome {
        compared,
        refused,
        unread,
        differ,
        failures,
    } = judge(&policy, &lines, &bodies);
    println!(
        "seed {seed}: {count} lines; {compared} compared, {differ} read differently (none allowed), \
         {refused} refused by bash, {unread} with a parse error"
    );
    assert!(
        compared * 2 > count,
        "seed {seed}: fewer than half the lines were compared ({compared} of {count})"
    );
    assert!(
        failures.is_empty(),
        "seed {seed}: {} line(s) read differently from bash and allowed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The fuzz target's reading of its input: choices taken byte by byte, then none once the bytes
/// run out, so every byte string is one finite line of the grammar. A few hundred byte strings
/// (of every length up to 200) are compared with bash the same way, as a fuzzer's inputs would be.
#[test]
fn byte_driven_lines_end_and_are_read_as_bash_reads_them() {
    if let Err(e) = bash_runs() {
        println!("skipped: {e}");
        return;
    }
    let mut seed = Gen::new(Rng::Seeded(SEED ^ 0xb17e5));
    let inputs: Vec<Vec<u8>> = (0..200)
        .map(|n| {
            // Arbitrary bytes, taken from the seeded grammar's own text (printable and varied).
            let text = seed.line();
            text.bytes().cycle().take(n).collect()
        })
        .collect();
    let lines: Vec<String> = inputs
        .iter()
        .map(|bytes| Gen::new(Rng::Bytes(bytes)).line())
        .collect();
    assert!(
        lines.iter().all(|l| l.len() < 20_000),
        "a byte-driven line did not end"
    );
    let bodies = bash_bodies(&lines).unwrap_or_else(|e| panic!("{e}"));
    let mut policy = Policy::builtin().unwrap_or_else(|e| panic!("built-in policy: {e}"));
    policy.cwd = PathBuf::from("/home/user/project");
    let outcome = judge(&policy, &lines, &bodies);
    assert!(
        outcome.compared * 2 > lines.len(),
        "fewer than half the byte-driven lines were compared ({} of {})",
        outcome.compared,
        lines.len()
    );
    assert!(
        outcome.failures.is_empty(),
        "read differently from bash and allowed:\n{}",
        outcome.failures.join("\n")
    );
}
