//! The floor `shclass batch` is measured against: read NUL- or newline-separated records and
//! only parse each with tree-sitter (one parser, one thread), printing the total node count.
//!
//! `cargo run --release --example bare_parse -- -z < corpus.z` and compare its CPU time with
//! `shclass batch -z < corpus.z` (README, Performance).

use std::io::Read;

fn main() -> std::io::Result<()> {
    let null = std::env::args().any(|a| a == "-z");
    let mut data = Vec::new();
    std::io::stdin().read_to_end(&mut data)?;
    let sep = if null { b'\0' } else { b'\n' };
    let mut nodes = 0usize;
    for rec in data.split(|&b| b == sep) {
        if let Ok(cmd) = std::str::from_utf8(rec) {
            nodes += shclass::parse::bare_parse(cmd);
        }
    }
    println!("{nodes} nodes");
    Ok(())
}
