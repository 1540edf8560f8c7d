//! The Rust side of `benches/python_classify.py`: classify every line of a file (one command
//! per line, as the tldr corpus) with one loaded policy, one call per command, and print the
//! mean time per call of the fastest of several passes, in nanoseconds, as JSON. A first pass
//! compiles the built-in rule groups the corpus uses and is not counted, as on the Python side.
//!
//! `cargo run --release --example classify_per_call -- FILE [PASSES]`

use std::hint::black_box;
use std::time::Instant;

use shclass::{LoadOptions, load};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .ok_or("usage: classify_per_call FILE [PASSES]")?;
    let passes: u32 = args.next().map_or(Ok(5), |p| p.parse())?;
    let text = std::fs::read_to_string(&file)?;
    let commands: Vec<&str> = text.lines().collect();
    let opts = LoadOptions::new().without_discovery();
    let policy = load(&opts)?;
    for c in &commands {
        black_box(policy.classify(c));
    }
    let mut best = f64::INFINITY;
    for _ in 0..passes {
        let start = Instant::now();
        for c in &commands {
            black_box(policy.classify(c));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    // Policy load plus classify, as one module-level `shclass.classify(...)` call does.
    let sample = &commands[..commands.len().min(2000)];
    let mut load_and_classify = f64::INFINITY;
    for _ in 0..passes {
        let start = Instant::now();
        for c in sample {
            black_box(load(&opts)?.classify(c));
        }
        load_and_classify = load_and_classify.min(start.elapsed().as_secs_f64());
    }
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let per = |secs: f64, n: usize| secs * 1e9 / n.max(1) as f64;
    println!(
        "{{\"commands\": {}, \"classify_ns\": {:.0}, \"load_and_classify_ns\": {:.0}}}",
        commands.len(),
        per(best, commands.len()),
        per(load_and_classify, sample.len())
    );
    Ok(())
}
