//! `shclass policy check` lints: rules that are shadowed by another tier, allows broader than
//! any one program, and rules that can never fire. Lints are warnings; errors stop loading
//! earlier (in `mod.rs`).

use super::{Decision, Policy, Source};

/// Lint the rules of `origin` in `policy`.
pub(crate) fn lint(policy: &Policy, origin: &str) -> Vec<String> {
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
        for (program, flag, none) in unknown_flags(policy, rule) {
            out.push(if none {
                format!(
                    "{line}rule `{}` excludes `{flag}`, which `{program}` does not have (its option table is closed): the entry does nothing",
                    rule.id
                )
            } else {
                format!(
                    "{line}rule `{}` requires `{flag}`, which `{program}` does not have (its option table is closed): the rule never fires for `{program}`",
                    rule.id
                )
            });
        }
        // A person's broader ask or deny wins over their narrower allow (`ask = ["Bash(systemctl:*)"]`
        // with `allow = ["Bash(systemctl status:*)"]` asks for `systemctl status`): say so.
        if let Some(c) = &rule.claude
            && rule.decision == Decision::Allow
        {
            let example = c
                .text
                .trim_end_matches('*')
                .trim_end_matches(':')
                .trim_end();
            if !example.is_empty() && !example.contains(['*', '?', '[']) {
                let verdict = policy.classify(example);
                let by: Vec<String> = verdict
                    .reasons
                    .iter()
                    .filter(|r| r.decision > Decision::Allow && r.source == rule.source)
                    .map(|r| format!("`{}`", r.rule))
                    .collect();
                if !by.is_empty() {
                    out.push(format!(
                        "{line}allow `Bash({})` never applies to `{example}`: {} in the same file {} it, and a person's ask or deny wins over their allow",
                        c.text,
                        by.join(", "),
                        if verdict.decision == Decision::Deny { "denies" } else { "asks for" }
                    ));
                }
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

/// The flags a rule names that a program it names does not have, per the program's closed
/// option table (with whether each is a `flags.none` entry): a typo (`--outptu`) or an option
/// of another program. Required, it keeps the rule from ever firing (a deny that never
/// denies); excluded, it does nothing (the closed table already keeps an allow from matching).
/// A program with subcommand tables has options of its own only before the subcommand: a rule
/// on one of its subcommands that has no table (`git push --force`, with `git log` and `git
/// status` tabled) names that subcommand's options, which the program's table cannot judge.
pub(crate) fn unknown_flags(policy: &Policy, rule: &super::Rule) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for program in rule.program_names() {
        let global = policy.options_for(Some(program));
        let sub = subcommand_table(policy, program, rule.subcommand());
        let global_only = !policy.has_subcommand_tables(program);
        for (flag, none) in rule.flag_names() {
            // After the subcommand its own table reads the options; a global option may also
            // stand before it.
            let known = |t: &Option<std::borrow::Cow<'_, super::OptionSpec>>| {
                t.as_ref().and_then(|t| t.knows(flag))
            };
            let unknown = match (&sub, known(&sub), known(&global)) {
                (_, Some(false), g) => g != Some(true),
                (None, _, g) => global_only && g == Some(false),
                _ => false,
            };
            if unknown {
                out.push((program.to_string(), flag.to_string(), none));
            }
        }
    }
    out
}

/// The option table of the longest leading part of `subcommand` the catalogue has one for
/// (`gh pr list`, else `gh pr`).
pub(crate) fn subcommand_table<'p>(
    policy: &'p Policy,
    program: &str,
    subcommand: &[super::spec::Text],
) -> Option<std::borrow::Cow<'p, super::OptionSpec>> {
    let words: Vec<&str> = subcommand.iter().map(AsRef::as_ref).collect();
    policy.subcommand_options(program, &words).map(|(_, t)| t)
}

/// The literal subcommand words a rule's `subcommand` stands for: a word `{a,b}` (alternatives
/// of plain words) gives one list per alternative; any other word is kept as written.
#[cfg(test)]
fn subcommand_alternatives(subcommand: &[super::spec::Text]) -> Vec<Vec<super::spec::Text>> {
    let mut out: Vec<Vec<super::spec::Text>> = vec![Vec::new()];
    for word in subcommand {
        let alternatives: Vec<&str> = match word
            .strip_prefix('{')
            .and_then(|w| w.strip_suffix('}'))
            .filter(|inner| !inner.contains(['{', '}', '*', '?', '[']))
        {
            Some(inner) => inner.split(',').collect(),
            None => vec![word.as_ref()],
        };
        out = out
            .iter()
            .flat_map(|head| {
                alternatives.iter().map(move |alt| {
                    let mut words = head.clone();
                    words.push(super::spec::Text::from(alt.to_string()));
                    words
                })
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed program table judges the options of its program and of the subcommands
    /// tabled with it, not those of a subcommand without a table of its own.
    #[test]
    fn untabled_subcommands_options_are_not_judged_by_the_program_table() {
        let text = r#"
[[program]]
name = "tool"
closed = true
short = "v"

[[program]]
name = "tool"
subcommand = "show"
closed = true
long = ["--all"]

[[rule]]
id = "push-force"
decision = "ask"
program = "tool"
subcommand = "push"
flags = { any = ["--force"] }

[[rule]]
id = "show-typo"
decision = "ask"
program = "tool"
subcommand = "show"
flags = { any = ["--alll"] }
"#;
        let mut policy = Policy::empty();
        policy
            .add_text(text, "t.toml", &Source::Inline, false)
            .unwrap_or_else(|e| panic!("{e}"));
        let found: Vec<(String, String)> = policy
            .rules()
            .iter()
            .flat_map(|r| {
                unknown_flags(&policy, r)
                    .into_iter()
                    .map(|(_, f, _)| (r.id.to_string(), f))
            })
            .collect();
        assert_eq!(found, [("show-typo".to_owned(), "--alll".to_owned())]);
    }

    /// An allow that takes no operand and at most the options it requires is closed over the
    /// options whatever the program's table; one that leaves room for another option or an
    /// operand is not.
    #[test]
    fn allows_closed_by_their_own_conditions() {
        let text = r#"
[[rule]]
id = "version"
decision = "allow"
program = "tool"
flags = { any = ["--version", "--help"] }
args = { none = ['@any'] }
max_options = 1

[[rule]]
id = "sub-bare"
decision = "allow"
program = "tool"
subcommand = "version"
args = { none = ['@any'] }
max_options = 0

[[rule]]
id = "version-room-for-one-more"
decision = "allow"
program = "tool"
flags = { any = ["--version"] }
args = { none = ['@any'] }
max_options = 2

[[rule]]
id = "version-with-operands"
decision = "allow"
program = "tool"
flags = { any = ["--version"] }
max_options = 1

[[rule]]
id = "deny-version"
decision = "deny"
program = "tool"
flags = { any = ["--version"] }
args = { none = ['@any'] }
max_options = 1
"#;
        let mut policy = Policy::empty();
        policy
            .add_text(text, "t.toml", &Source::Inline, false)
            .unwrap_or_else(|e| panic!("{e}"));
        let closed: Vec<&str> = policy
            .rules()
            .iter()
            .filter(|r| r.closed_by_construction())
            .map(|r| r.id.as_ref())
            .collect();
        assert_eq!(closed, ["version", "sub-bare"]);
    }

    /// Every flag a built-in rule requires exists in its program's closed table (exclusions
    /// of other platforms' options, such as BSD `base64 -o`, may stay).
    #[test]
    fn built_in_rules_name_only_options_their_programs_have() {
        let policy = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
        let wrong: Vec<String> = policy
            .rules()
            .iter()
            .flat_map(|r| {
                unknown_flags(&policy, r)
                    .into_iter()
                    .filter(|(_, _, none)| !none)
                    .map(move |(p, f, _)| format!("{}: {p} {f}", r.id))
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }
}

/// The programs a built-in allow rule names whose option table is not closed: their allows
/// rest on a list of the options known to be dangerous, so an option nobody listed passes.
/// The list in `tests/data/open-world-allows.txt` may only shrink.
#[cfg(test)]
mod open_world {
    use super::*;

    /// Closed world, walked: for every built-in allow on a closed table, each single-unit hit
    /// example with an unknown long option, an unknown short option, or a one-letter prefix of
    /// an option that writes, runs code or reaches the network appended is not allowed.
    #[test]
    fn closed_allows_refuse_unknown_options_and_effect_prefixes() {
        let policy = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
        let limits = crate::Limits::default();
        let mut failures = Vec::new();
        let mut tried = 0;
        for rule in policy.rules() {
            if rule.decision != Decision::Allow {
                continue;
            }
            for program in rule.program_names() {
                let Some(spec) = subcommand_table(&policy, program, rule.subcommand())
                    .or_else(|| policy.options_for(Some(program)))
                    .filter(|spec| spec.closed)
                else {
                    continue;
                };
                // A table that reads every word it does not name as an operand (`echo`, `test`,
                // `true`) has no unknown option to refuse: an appended `--zz` is printed,
                // compared or ignored. It stays closed because each option it names is
                // harmless, so it may name none that writes, runs code or reaches the network;
                // below, an appended word must leave the decision as it was (one operand more).
                if spec.unlisted_operands
                    && let Some(effect) = spec
                        .writes
                        .iter()
                        .chain(spec.runs.iter())
                        .chain(spec.network.iter())
                        .chain(spec.discloses.iter())
                        .next()
                {
                    failures.push(format!(
                        "{}: {program}'s table reads unlisted words as operands but names {effect}",
                        rule.id
                    ));
                }
                let unknown_short = ('a'..='z').chain('A'..='Z').find(|c| {
                    !spec.short.contains(*c)
                        && !spec.short_value.contains(*c)
                        && !spec.short_optional.contains(*c)
                        && !spec.short_next.contains(*c)
                });
                // Appended last, with no value: in a `long_values` table (the cloud CLIs) an
                // unlisted lower-case `--name` is an operation parameter only when given a
                // value, so without one it is a flag nobody listed (perhaps a global one), as
                // it is in every other table. A name outside the parameter shape is unknown
                // even with a value.
                let unknown_long = "--zz-not-an-option";
                let mut additions: Vec<String> = vec![unknown_long.to_owned()];
                if spec.long_values {
                    additions.push("--Zz-not-an-option x".to_owned());
                }
                if !spec.single_dash_long {
                    additions.extend(unknown_short.map(|c| format!("-{c}")));
                }
                // A listed flag given a value the table does not say it takes (`ls --all=x`):
                // the program's option may take an optional value nobody checked.
                additions.extend(
                    spec.long
                        .iter()
                        .find(|f| {
                            f.starts_with("--")
                                && !spec.long_value.contains(f)
                                && !spec.long_optional.contains(f)
                                && !spec.optional_next.contains(f)
                        })
                        .map(|f| format!("{f}=x")),
                );
                for effect in spec
                    .writes
                    .iter()
                    .chain(spec.runs.iter())
                    .chain(spec.network.iter())
                    .chain(spec.discloses.iter())
                {
                    if let Some(name) = effect.strip_prefix("--")
                        && name.len() > 1
                    {
                        let prefix = format!("--{}", &name[..1]);
                        let known =
                            spec.long.contains(&prefix) || spec.long_value.contains(&prefix);
                        if !known {
                            additions.push(prefix);
                        }
                    }
                }
                for hit in rule.hit.iter().take(2) {
                    let hit: &str = hit.as_ref();
                    // One plain unit of this program, ending in an operand or a lone option.
                    let analysis = crate::analyze::analyze(hit, &limits);
                    let simple = analysis.units.len() == 1
                        && analysis.flags.is_empty()
                        && analysis.units[0].program.as_deref() == Some(&**program)
                        && analysis.units[0].via.is_empty()
                        && !hit.contains(" -- ")
                        && !hit
                            .split_whitespace()
                            .last()
                            .is_some_and(|w| w.starts_with('-'));
                    if !simple {
                        continue;
                    }
                    if spec.unlisted_operands {
                        tried += 1;
                        // Right after the name: where an option could stand, and before
                        // the `]` that ends `[ … ]`.
                        let cmd = match hit.split_once(' ') {
                            Some((name, rest)) => format!("{name} {unknown_long} {rest}"),
                            None => format!("{hit} {unknown_long}"),
                        };
                        if policy.classify(&cmd).decision != policy.classify(hit).decision {
                            failures.push(format!("{}: {cmd} (an operand here)", rule.id));
                        }
                        continue;
                    }
                    for extra in &additions {
                        tried += 1;
                        // Where options end at the first operand, an option goes before it.
                        let cmd = match hit.split_once(' ') {
                            Some((name, rest)) if spec.options_first => {
                                format!("{name} {extra} {rest}")
                            }
                            _ => format!("{hit} {extra}"),
                        };
                        if policy.classify(&cmd).decision == Decision::Allow {
                            failures.push(format!("{}: {cmd}", rule.id));
                        }
                    }
                }
            }
        }
        assert!(tried > 1000, "only {tried} commands tried");
        assert!(
            failures.is_empty(),
            "{} of {tried} allowed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn built_in_allows_on_open_tables_only_shrink() {
        let policy = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
        let mut open: Vec<String> = policy
            .rules()
            .iter()
            .filter(|r| {
                r.decision == Decision::Allow && r.claude.is_none() && !r.closed_by_construction()
            })
            .flat_map(|r| r.program_names().iter().map(move |p| (r, p)))
            .filter(|(r, p)| {
                // `["tool", "{nm,objdump}"]`: each alternative is read with its own table.
                subcommand_alternatives(r.subcommand()).iter().any(|words| {
                    subcommand_table(&policy, p, words)
                        .or_else(|| policy.options_for(Some(p)))
                        .is_none_or(|spec| !spec.closed)
                })
            })
            .map(|(_, p)| p.to_string())
            .collect();
        open.sort();
        open.dedup();
        let known: Vec<&str> = include_str!("../../tests/data/open-world-allows.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let new: Vec<&String> = open
            .iter()
            .filter(|p| !known.contains(&p.as_str()))
            .collect();
        assert!(
            new.is_empty(),
            "allow rules for programs without a closed option table (close the table, or, if that cannot be done yet, list them in tests/data/open-world-allows.txt): {new:?}"
        );
        let closed: Vec<&&str> = known
            .iter()
            .filter(|p| !open.iter().any(|o| o == *p))
            .collect();
        assert!(
            closed.is_empty(),
            "closed now, remove from tests/data/open-world-allows.txt: {closed:?}"
        );
    }
}
