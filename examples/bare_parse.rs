//! The floor `shclass batch` is measured against: read NUL- or newline-separated records and
//! only parse each with tree-sitter, printing the total node count. One parser on one thread,
//! or with `--parallel` one per available core, the records split between them as `batch`
//! splits them (so CPU times compare like with like: two threads on two hyperthreads each run
//! slower than one alone).
//!
//! `cargo run --release --example bare_parse -- -z [--parallel] < corpus.z` and compare its CPU
//! time with `shclass batch -z < corpus.z` (README, Performance).

use std::io::Read;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let null = args.iter().any(|a| a == "-z");
    let parallel = args.iter().any(|a| a == "--parallel");
    let mut data = Vec::new();
    std::io::stdin().read_to_end(&mut data)?;
    let sep = if null { b'\0' } else { b'\n' };
    let records: Vec<&[u8]> = data.split(|&b| b == sep).collect();
    let count = |recs: &[&[u8]]| -> usize {
        recs.iter()
            .filter_map(|r| std::str::from_utf8(r).ok())
            .map(shclass::dev::bare_parse)
            .sum()
    };
    let threads = if parallel {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        1
    };
    let nodes: usize = if threads > 1 {
        let part = records.len().div_ceil(threads).max(1);
        std::thread::scope(|s| {
            let handles: Vec<_> = records
                .chunks(part)
                .map(|c| s.spawn(move || count(c)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        })
    } else {
        count(&records)
    };
    println!("{nodes} nodes");
    Ok(())
}
