//! Invariants every analysis and verdict must satisfy, whatever the input. Shared, by `#[path]`,
//! between the cargo-fuzz targets (`fuzz/fuzz_targets/`) and the property tests
//! (`tests/properties.rs`), so both check exactly the same thing.
//!
//! Each check panics with a message naming the input and what broke: that is how libFuzzer
//! records a crash and how proptest finds (and shrinks) a failing case.
//!
//! 1. No panic; the verdict has one unit verdict per unit.
//! 2. Every span (units, words, assignments, redirects, flags, reasons) lies inside the input,
//!    on char boundaries.
//! 3. Appending `; rm -rf /` never yields allow — unless the input can legitimately swallow the
//!    appended text (a `#` that may start a comment, a `<<` heredoc whose body it joins, or a
//!    trailing backslash that makes `;` an argument). Without exceptions: `{ CMD⏎}; rm -rf /`
//!    is never allowed.
//! 4. A denied command wrapped as `bash -c '<it>'`, `echo $( <it>⏎)`, `( <it>⏎)`, `timeout 5
//!    <it>`, `sudo <it>` is never allowed; when the input parses cleanly, the wrappers that keep
//!    the whole command visible (`bash -c`, `$(…)`, `(…)`) still deny, and so do `timeout` and
//!    `sudo` when the first simple command of the input was itself denied and starts the input.

#![allow(dead_code, unreachable_pub)]

use shclass::Limits;
use shclass::Span;
use shclass::{Analysis, FlagKind, analyze};
use shclass::{Decision, Policy, Verdict};

/// Every span of `a` that is outside `input` or off a char boundary, described.
pub fn span_problems(input: &str, a: &Analysis) -> Vec<String> {
    let mut spans: Vec<(&str, Span)> = a.flags.iter().map(|f| ("flag", f.span)).collect();
    for u in &a.units {
        spans.push(("unit", u.span));
        spans.extend(u.argv.iter().map(|w| ("word", w.span)));
        spans.extend(u.assignments.iter().map(|x| ("assignment", x.span)));
        spans.extend(u.redirects.iter().map(|x| ("redirect", x.span)));
    }
    bad_spans(input, &spans)
}

fn bad_spans(input: &str, spans: &[(&str, Span)]) -> Vec<String> {
    spans
        .iter()
        .filter(|(_, s)| {
            s.start > s.end
                || s.end > input.len()
                || !input.is_char_boundary(s.start)
                || !input.is_char_boundary(s.end)
        })
        .map(|(what, s)| format!("{what} span {s:?} outside the input or off a char boundary"))
        .collect()
}

/// Analyse `input`; check invariants 1–2 of the analysis.
pub fn check_analysis(input: &str) -> Analysis {
    let a = analyze(input, &Limits::default());
    assert_eq!(a.input, input, "analysis input differs");
    let problems = span_problems(input, &a);
    assert!(problems.is_empty(), "{input:?}: {problems:?}");
    a
}

/// Classify `input`; check invariants 1–2 of the verdict.
pub fn check_verdict(policy: &Policy, input: &str) -> Verdict {
    let v = policy.classify(input);
    assert_eq!(
        v.units.len(),
        v.analysis.units.len(),
        "{input:?}: unit verdicts do not match units"
    );
    let mut problems = span_problems(input, &v.analysis);
    let reasons: Vec<(&str, Span)> = v
        .reasons
        .iter()
        .chain(v.units.iter().flat_map(|u| &u.reasons))
        .map(|r| ("reason", r.span))
        .collect();
    problems.extend(bad_spans(input, &reasons));
    assert!(problems.is_empty(), "{input:?}: {problems:?}");
    if v.analysis.is_opaque() {
        assert_ne!(
            v.decision,
            Decision::Allow,
            "{input:?}: opaque analysis allowed"
        );
    }
    v
}

/// Invariant 3.
pub fn check_append(policy: &Policy, input: &str) {
    let swallows = input.contains('#') || input.contains("<<") || ends_with_backslash(input);
    let appended = format!("{input}; rm -rf /");
    let v = check_verdict(policy, &appended);
    assert!(
        swallows || v.decision != Decision::Allow,
        "{appended:?}: allowed"
    );
    let grouped = format!("{{ {input}\n}}; rm -rf /");
    let v = check_verdict(policy, &grouped);
    assert_ne!(v.decision, Decision::Allow, "{grouped:?}: allowed");
}

/// Invariant 4, for an input whose verdict `v` denies.
pub fn check_wrappers(policy: &Policy, input: &str, v: &Verdict) {
    if v.decision != Decision::Deny {
        return;
    }
    let limits = Limits::default();
    let a = &v.analysis;
    // Near a limit, a wrapper may push the command over it: then ask is the right outcome.
    let near_limit = a
        .flags
        .iter()
        .any(|f| matches!(f.kind, FlagKind::TooDeep | FlagKind::TooLong))
        || a.units.iter().any(|u| u.depth + 1 >= limits.max_nesting)
        || input.len() * 2 + 64 > limits.max_input_bytes;
    // Input bash itself cannot parse (an unclosed quote, a stray `)`) changes meaning inside a
    // wrapper — bash refuses the wrapped text too — and `bash -c '-x…'` reads options.
    let malformed = a
        .flags
        .iter()
        .any(|f| matches!(f.kind, FlagKind::ParseError | FlagKind::UnsupportedSyntax))
        || input.trim_start().starts_with(['-', '+']);
    let visible_deny = !near_limit && !malformed && !ends_with_backslash(input);
    let quoted = format!("'{}'", input.replace('\'', "'\\''"));
    for (wrapped, must_deny) in [
        (format!("bash -c {quoted}"), visible_deny),
        // The blank keeps `$((`/`((` (arithmetic) from forming when the input starts with `(`.
        (format!("echo $( {input}\n)"), visible_deny),
        (format!("( {input}\n)"), visible_deny),
    ] {
        let w = check_verdict(policy, &wrapped);
        assert_ne!(w.decision, Decision::Allow, "{wrapped:?}: allowed");
        if must_deny {
            assert_eq!(
                w.decision,
                Decision::Deny,
                "{wrapped:?}: not denied, though {input:?} is"
            );
        }
    }
    // `timeout`/`sudo` prefix only the first simple command: it must deny when that command was
    // denied and the input starts with it. A command with no program (`>/dev/udp/h/p`, a
    // redirect alone) is not wrapped by a prefix: `timeout 5 >/dev/udp/h/p` runs `timeout`
    // with no command, a different command.
    let first_denied = match (a.units.first(), v.units.first()) {
        (Some(u), Some(uv)) => {
            uv.decision == Decision::Deny
                && u.program.is_some()
                && u.assignments.iter().all(|x| x.inherited)
                && u.via.is_empty()
                && u.context.is_empty()
                && u.span.start == input.len() - input.trim_start().len()
        }
        _ => false,
    };
    for prefix in ["timeout 5 ", "sudo "] {
        let wrapped = format!("{prefix}{input}");
        let w = check_verdict(policy, &wrapped);
        assert_ne!(w.decision, Decision::Allow, "{wrapped:?}: allowed");
        if first_denied && !near_limit && !malformed {
            assert_eq!(
                w.decision,
                Decision::Deny,
                "{wrapped:?}: not denied, though {input:?} starts with a denied command"
            );
        }
    }
}

/// Every invariant, for one input.
pub fn check_all(policy: &Policy, input: &str) {
    check_analysis(input);
    let v = check_verdict(policy, input);
    check_append(policy, input);
    check_wrappers(policy, input, &v);
}

/// True when `s` ends with an odd number of backslashes (the last one escapes what follows).
fn ends_with_backslash(s: &str) -> bool {
    let n = s.len() - s.trim_end_matches('\\').len();
    n % 2 == 1
}
