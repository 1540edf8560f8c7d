//! Fuzz target: any UTF-8 text through `Policy::classify` with the built-in policy, checking
//! every invariant of `invariants.rs`: spans, `; rm -rf /` appended never allowed, a denied
//! command wrapped in `bash -c`, `$(…)`, `(…)`, `timeout`, `sudo` never allowed.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shclass::Policy;

#[path = "../invariants.rs"]
mod invariants;

fn policy() -> &'static Policy {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    POLICY.get_or_init(|| Policy::builtin().unwrap_or_else(|e| panic!("builtin policy: {e}")))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    invariants::check_all(policy(), text);
});
