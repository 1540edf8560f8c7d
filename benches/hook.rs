//! Hook latency in-process: one Claude `PreToolUse` call through `hook::handle` (policy load,
//! JSON in and out, session-less), next to classifying the same command with a loaded policy
//! and to parsing alone. The whole-process figure (what an agent feels) is measured with the
//! built binary; see the CHANGELOG.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shclass::hook::{Agent, HookOptions, handle};
use shclass::{LoadOptions, Policy};

fn bench(c: &mut Criterion) {
    let opts = HookOptions::new(
        LoadOptions::new()
            .without_discovery()
            .with_managed("/nonexistent-shclass-managed.toml"),
    );
    let policy = Policy::builtin().unwrap_or_default();
    for cmd in [
        "ls -la",
        "rm -rf ~",
        "git add . && git commit -m wip && git push --force",
    ] {
        let input = serde_json::json!({"cwd": "/tmp", "permission_mode": "default",
            "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": cmd}})
        .to_string();
        c.bench_function(&format!("hook claude (load + decide): {cmd}"), |b| {
            b.iter(|| handle(Agent::Claude, black_box(input.as_bytes()), &opts));
        });
        c.bench_function(&format!("classify (policy loaded): {cmd}"), |b| {
            b.iter(|| policy.classify(black_box(cmd)));
        });
        c.bench_function(&format!("analyze only: {cmd}"), |b| {
            b.iter(|| shclass::analyze(black_box(cmd), &shclass::Limits::default()));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
