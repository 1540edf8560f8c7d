//! Every command of the tldr pages (`tests/data/tldr-commands.txt`, CC BY 4.0, see the README
//! next to it) through the front end: no panic, every span inside the input on char boundaries,
//! and the number of commands with parse errors stays near what tree-sitter-bash is known to
//! reject (about 35 ERROR trees). It prints the parse-error count, the unsupported node kinds
//! (so the common ones can be modelled) and the time the whole corpus took.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use shclass::Limits;
use shclass::{FlagKind, analyze};

/// Commands whose analysis has a parse-error flag. The corpus README counts 35 inputs whose
/// tree has ERROR nodes; MISSING nodes and nested code add a few.
const MAX_PARSE_ERRORS: usize = 50;

/// Commands with any unsupported-syntax flag (a construct not modelled).
const MAX_UNSUPPORTED: usize = 20;

/// Commands where a wrapper's option is not in its table, so where the command starts is not
/// proven (`screen -dmLS …`: screen has no closed table), and tldr's own typos such as
/// `systemd-run --set-env` and `nice --niceness_value`; and those where a wrapper's own option
/// has an effect its table names (`torsocks -a ADDRESS`: another proxy; `hyperfine -p CMD`,
/// `cargo watch -x`, lines that ask anyway; `xvfb-run -s ARGS`: Xvfb's own options; bwrap's
/// mounts and firejail's `--private`, which put host paths elsewhere; a terminal emulator's
/// settings, which may name the shell it runs: `alacritty --config-file`, `kitty --config`,
/// `foot -o`/`--override`; `xfce4-terminal --tab`, which opens a tab with a command of its own).
const MAX_UNPROVEN_WRAPPER_OPTIONS: usize = 29;

/// Commands a wrapper rewrites before it runs them, so what runs is not what is written: entr's
/// `/_` (the file that changed), hyperfine's parameters (`{num_threads}`), cross-env's quotes.
const MAX_REWRITTEN_COMMANDS: usize = 4;

fn corpus() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tldr-commands.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

#[test]
fn tldr_corpus() {
    let lines = corpus();
    assert!(lines.len() > 30_000, "corpus has {} lines", lines.len());
    let limits = Limits::default();
    let started = Instant::now();
    let mut parse_errors = Vec::new();
    let mut unsupported_lines = 0usize;
    let mut unproven_wrapper_options: Vec<String> = Vec::new();
    let mut rewritten_commands: Vec<String> = Vec::new();
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    let mut limit_hits = Vec::new();
    let mut bad_spans = Vec::new();
    let mut units = 0usize;
    for line in &lines {
        let a = analyze(line, &limits);
        units += a.units.len();
        let mut spans: Vec<shclass::Span> = a.flags.iter().map(|f| f.span).collect();
        for u in &a.units {
            spans.push(u.span);
            spans.extend(u.argv.iter().map(|w| w.span));
            spans.extend(u.assignments.iter().map(|x| x.span));
            spans.extend(u.redirects.iter().map(|x| x.span));
        }
        if let Some(s) = spans.iter().find(|s| {
            s.start > s.end
                || s.end > line.len()
                || !line.is_char_boundary(s.start)
                || !line.is_char_boundary(s.end)
        }) {
            bad_spans.push(format!("{s:?} in {line:?}"));
        }
        if a.flags_of(FlagKind::ParseError).next().is_some() {
            parse_errors.push(line.as_str());
        }
        let mut any_unsupported = false;
        for f in a.flags_of(FlagKind::UnsupportedSyntax) {
            if f.detail.contains("so what runs is not what is written") {
                rewritten_commands.push(format!("{line}  ({})", f.detail));
                continue;
            }
            if f.detail.contains("its table does not prove the option")
                || f.detail
                    .contains("runs a program, reaches the network, reads settings")
            {
                unproven_wrapper_options.push(format!("{line}  ({})", f.detail));
                continue;
            }
            any_unsupported = true;
            // "unsupported syntax `kind`", "a `kind` where …", "reserved word `x` where …"
            let kind = f.detail.split('`').nth(1).unwrap_or(&f.detail);
            let label = if f.detail.starts_with("reserved word") {
                format!("reserved word `{kind}` in command position")
            } else if f.detail.contains("where a word") {
                format!("`{kind}` where a word was expected")
            } else {
                format!("`{kind}`")
            };
            *unsupported.entry(label).or_default() += 1;
        }
        unsupported_lines += usize::from(any_unsupported);
        if a.flags
            .iter()
            .any(|f| matches!(f.kind, FlagKind::TooDeep | FlagKind::TooLong))
        {
            limit_hits.push(line.as_str());
        }
    }
    let elapsed = started.elapsed();

    eprintln!(
        "tldr corpus: {} commands, {units} units, in {:.2?} ({:.1} µs per command)",
        lines.len(),
        elapsed,
        elapsed.as_secs_f64() * 1e6 / f64::from(u32::try_from(lines.len()).unwrap_or(u32::MAX))
    );
    eprintln!("commands with parse-error flags: {}", parse_errors.len());
    for l in &parse_errors {
        eprintln!("  {l}");
    }
    eprintln!("commands with unsupported-syntax flags: {unsupported_lines}");
    let mut kinds: Vec<(&String, &usize)> = unsupported.iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (kind, n) in kinds {
        eprintln!("  {n:5}  {kind}");
    }

    assert!(
        bad_spans.is_empty(),
        "spans off the input:\n{}",
        bad_spans.join("\n")
    );
    assert!(
        limit_hits.is_empty(),
        "limits hit on everyday commands:\n{}",
        limit_hits.join("\n")
    );
    assert!(
        parse_errors.len() <= MAX_PARSE_ERRORS,
        "{} commands with parse errors, more than {MAX_PARSE_ERRORS}",
        parse_errors.len()
    );
    eprintln!(
        "wrapper options no table proves: {}",
        unproven_wrapper_options.len()
    );
    for l in &unproven_wrapper_options {
        eprintln!("  {l}");
    }
    assert!(
        unproven_wrapper_options.len() <= MAX_UNPROVEN_WRAPPER_OPTIONS,
        "{} wrapper options no table proves, more than {MAX_UNPROVEN_WRAPPER_OPTIONS}",
        unproven_wrapper_options.len()
    );
    eprintln!(
        "commands a wrapper rewrites before running: {}",
        rewritten_commands.len()
    );
    for l in &rewritten_commands {
        eprintln!("  {l}");
    }
    assert!(
        rewritten_commands.len() <= MAX_REWRITTEN_COMMANDS,
        "{} commands a wrapper rewrites, more than {MAX_REWRITTEN_COMMANDS}",
        rewritten_commands.len()
    );
    assert!(
        unsupported_lines <= MAX_UNSUPPORTED,
        "{unsupported_lines} commands with unsupported syntax, more than {MAX_UNSUPPORTED}"
    );
}
