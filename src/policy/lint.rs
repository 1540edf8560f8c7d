//! `shclass policy check` lints: rules that are shadowed by another tier, allows broader than
//! any one program, and rules that can never fire. Lints are warnings; errors stop loading
//! earlier (in `mod.rs`).

use super::{Decision, Policy, Source};

/// Lint the rules of `origin` in `policy`.
pub fn lint(policy: &Policy, origin: &str) -> Vec<String> {
    let mut out = Vec::new();
    let from_file = |s: &Source| match s {
        Source::User(p)
        | Source::Project(p)
        | Source::Cli(p)
        | Source::Managed(p)
        | Source::Claude(p) => p == origin,
        Source::Builtin | Source::Remembered | Source::Inline => false,
    };
    for rule in policy.rules().iter().filter(|r| from_file(&r.source)) {
        let line = rule.line.map(|l| format!("line {l}: ")).unwrap_or_default();
        if let Some(c) = &rule.claude
            && rule.decision == Decision::Allow
            && c.starts_wild()
        {
            out.push(format!(
                "{line}`{}` allows `Bash({})`, which starts with a wildcard: it is broader than any one program",
                rule.id, c.text
            ));
        }
        if rule.is_any_program() && rule.claude.is_none() && rule.decision == Decision::Allow {
            out.push(format!(
                "{line}allow rule `{}` names no program: it is broader than any one program",
                rule.id
            ));
        }
        for p in rule.program_names() {
            if p.contains(char::is_whitespace) {
                out.push(format!(
                    "{line}rule `{}` has program `{p}` with a space: it can never match; put later words in `subcommand`",
                    rule.id
                ));
            }
        }
        if let Some(f) = rule.contradictory_flags() {
            out.push(format!(
                "{line}rule `{}` requires and forbids `{f}`: it can never fire",
                rule.id
            ));
        }
        // Shadowing: does the whole policy decide the rule's own hit examples differently?
        for ex in &rule.hit {
            let verdict = policy.classify(ex);
            let matched = verdict
                .analysis
                .units
                .iter()
                .zip(&verdict.units)
                .find(|(u, _)| policy.rule_matches(rule, u));
            if let Some((_, uv)) = matched
                && uv.decision != rule.decision
            {
                let by: Vec<String> = uv
                    .reasons
                    .iter()
                    .map(|r| format!("{} ({})", r.rule, r.source))
                    .collect();
                out.push(format!(
                    "{line}rule `{}` ({}) is shadowed on `{ex}`: decided {} by {}",
                    rule.id,
                    rule.decision,
                    uv.decision,
                    by.join(", ")
                ));
            }
        }
    }
    out
}
