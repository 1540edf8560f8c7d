//! Criterion benchmarks: bare tree-sitter parse vs analyze vs classify, per command, over the
//! tldr corpus and generated long inputs. CI only compiles them (`cargo test` builds benches
//! with `--all-targets` in clippy); run with `cargo bench`.

#![expect(missing_docs, reason = "criterion macros generate undocumented items")]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shclass::Limits;
use shclass::Policy;

fn corpus() -> Vec<String> {
    let text = include_str!("../tests/data/tldr-commands.txt");
    text.lines().map(str::to_owned).collect()
}

fn bench(c: &mut Criterion) {
    let commands = corpus();
    let bytes: usize = commands.iter().map(String::len).sum();
    let policy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let limits = Limits::default();
    let mut g = c.benchmark_group("tldr-corpus");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    g.bench_function("bare-tree-sitter", |b| {
        b.iter(|| {
            for cmd in &commands {
                black_box(shclass::dev::bare_parse(cmd));
            }
        });
    });
    g.bench_function("parse-and-lower", |b| {
        b.iter(|| {
            for cmd in &commands {
                black_box(shclass::dev::parse(cmd, &limits));
            }
        });
    });
    g.bench_function("analyze", |b| {
        b.iter(|| {
            for cmd in &commands {
                black_box(shclass::analyze(cmd, &limits));
            }
        });
    });
    g.bench_function("classify", |b| {
        b.iter(|| {
            for cmd in &commands {
                black_box(policy.classify(cmd));
            }
        });
    });
    g.finish();

    let mut g = c.benchmark_group("single");
    for (name, cmd) in [
        ("short", "ls -la".to_owned()),
        (
            "medium",
            "git add . && git commit -m 'x' && git push origin main 2>&1 | tee log".to_owned(),
        ),
        ("long-chain", vec!["echo ok"; 500].join(" && ")),
        (
            "heredoc-10k",
            format!(
                "bash <<'EOF'\n{}EOF\n",
                "echo line of text here\n".repeat(440)
            ),
        ),
    ] {
        g.throughput(Throughput::Bytes(cmd.len() as u64));
        g.bench_function(format!("classify/{name}"), |b| {
            b.iter(|| black_box(policy.classify(&cmd)));
        });
    }
    g.bench_function("policy-load-lazy", |b| {
        b.iter(|| black_box(Policy::builtin()));
    });
    g.bench_function("policy-load-eager", |b| {
        b.iter(|| black_box(Policy::builtin_eager()));
    });
    g.finish();

    // Growth with input size: a chain of `echo` units of 1 KB … 1 MB.
    let mut g = c.benchmark_group("scaling");
    g.sample_size(10);
    for kb in [1usize, 10, 100, 1000] {
        let unit = "echo hello && ";
        let cmd = unit.repeat(kb * 1024 / unit.len()) + "true";
        g.throughput(Throughput::Bytes(cmd.len() as u64));
        g.bench_function(format!("classify/{kb}KB"), |b| {
            b.iter(|| black_box(policy.classify(&cmd)));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
