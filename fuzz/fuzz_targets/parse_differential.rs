//! Fuzz target: the differential parse comparison against bash, its choices mutated by libFuzzer.
//!
//! Each input's bytes drive the grammar of `tests/support/bash_reading.rs` (one byte a choice),
//! so every input is a line of that grammar and libFuzzer's coverage guidance searches the
//! grammar's space instead of random text: quoting, escapes, heredocs, continuations,
//! substitutions, compound commands. The line is read by shclass and by bash (`declare -f` of a
//! function whose body it is; one `bash --norc --noprofile` process an input, so a run does a
//! few hundred inputs a second); a line bash reads differently, or refuses, that shclass allows
//! is a crash. The grammar writes only harmless command names (`echo`, `printf`, `true`, `:`,
//! `test`), so even a line that breaks out of its function body runs nothing harmful.

#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shclass::Policy;

#[path = "../../tests/support/bash_reading.rs"]
#[allow(dead_code)] // shared with the seeded test; each includer uses its own part
mod bash_reading;

use bash_reading::{Gen, Rng, bash_bodies, judge};

fn policy() -> &'static Policy {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    POLICY.get_or_init(|| {
        let mut p = Policy::builtin().unwrap_or_else(|e| panic!("builtin policy: {e}"));
        p.cwd = PathBuf::from("/home/user/project");
        p
    })
}

fuzz_target!(|data: &[u8]| {
    let line = Gen::new(Rng::Bytes(data)).line();
    let lines = [line];
    // bash failing to run is the harness's problem, not a finding: skip the input.
    let Ok(bodies) = bash_bodies(&lines) else {
        return;
    };
    let outcome = judge(policy(), &lines, &bodies);
    assert!(
        outcome.failures.is_empty(),
        "read differently from bash and allowed:\n{}",
        outcome.failures.join("\n")
    );
});
