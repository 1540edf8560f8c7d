//! CPU time of each stage of `shclass batch` over a corpus, passes alternating, minimum of N.
//!
//! `cargo run --release --example stage_times -- tests/data/tldr-commands.txt 5` (pin it with
//! `taskset -c 1` on a quiet machine). Stages: a bare tree-sitter parse; shclass's parse and
//! lowering; the analysis (decomposition into units); the whole classification (checks and
//! rules included).
use std::hint::black_box;
use std::time::Instant;

/// A stage: its name and what it does to one command.
type Stage<'a> = (&'static str, &'a dyn Fn(&str));

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .map_or("tests/data/tldr-commands.txt", String::as_str);
    let passes: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let cmds: Vec<&str> = text.lines().collect();
    let policy = shclass::Policy::builtin_eager().unwrap_or_default();
    let limits = shclass::Limits::default();
    let stages: [Stage; 4] = [
        ("bare parse", &|c| {
            black_box(shclass::dev::bare_parse(c));
        }),
        ("parse+lower", &|c| {
            black_box(shclass::dev::parse(c, &limits));
        }),
        ("analyze", &|c| {
            black_box(shclass::analyze(c, &limits));
        }),
        ("classify", &|c| {
            black_box(policy.classify(c));
        }),
    ];
    let mut best = [f64::MAX; 4];
    for _ in 0..passes {
        for (i, (_, f)) in stages.iter().enumerate() {
            if args.get(3).is_some_and(|s| s == "classify") && i != 3 {
                continue;
            }
            let t = Instant::now();
            for c in &cmds {
                f(c);
            }
            best[i] = best[i].min(t.elapsed().as_secs_f64());
        }
    }
    for (i, (name, _)) in stages.iter().enumerate() {
        println!("{name:12} {:.3} s  {:.2}×", best[i], best[i] / best[0]);
    }
}
