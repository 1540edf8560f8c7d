//! Fuzz target: any UTF-8 text through `analyze` — no panic, no stack overflow, every span
//! inside the input on char boundaries. Non-UTF-8 bytes are decoded lossily first, so that
//! replacement characters next to multi-byte text are exercised too.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    invariants::check_analysis(&text);
});
