//! Adding policy: TOML files and texts (rules, option tables, path rules, flag decisions, modes,
//! session limits), Claude settings, and untrusted project files, which may only tighten.

use std::path::Path;

use super::error::LineIndex;
use super::spec::{self, PolicyFile};
use std::borrow::Cow;

use super::options::Names;
use super::pattern::ClaudePattern;
use super::{
    DEFAULT_DEADLINE_MS, DEFAULT_MAX_ACTIONS_PER_HOUR, DEFAULT_MAX_DENIALS, Decision, Mode,
    OptionSpec, Policy, PolicyError, PolicyErrorKind, Risk, Rule, Source, engine, paths, profiles,
};
use crate::analyze::{FlagKind, analyze};

impl Policy {
    /// Add a policy file's text. With `check_examples`, every rule's hit/miss examples must hold.
    pub fn add_text(
        &mut self,
        text: &str,
        origin: &str,
        source: &Source,
        check_examples: bool,
    ) -> Result<(), PolicyError> {
        let file: PolicyFile = spec::parse_policy(text, origin)?;
        self.add_file(file, text, origin, source, check_examples, true)
    }

    /// Add a policy file no person has vouched for (a project file not trusted with `shclass
    /// trust`): it can only tighten. Its denies, asks, flags raised to ask or deny and path
    /// denies apply; its `mode`, `audit_log`, allows, `[[program]]` tables, flags lowered or
    /// ignored, and rule tags have no effect, and verdicts they would have loosened say so.
    pub(crate) fn add_untrusted_text(
        &mut self,
        text: &str,
        origin: &str,
        source: &Source,
    ) -> Result<(), PolicyError> {
        let file: PolicyFile = spec::parse_policy(text, origin)?;
        self.untrusted.files.push(source_file(source));
        self.add_file(file, text, origin, source, true, false)
    }

    /// What the untrusted files asked for and did not get, one line each (`FILE: what`), for
    /// people.
    pub(crate) fn untrusted_effects(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (s, m) in &self.untrusted.modes {
            out.push(format!("{}: `mode = \"{}\"`", source_file(s), m.name()));
        }
        for r in &self.untrusted.rules {
            out.push(format!("{}: allow rule `{}`", source_file(&r.source), r.id));
        }
        for (s, k) in &self.untrusted.flags {
            out.push(format!(
                "{}: `flags.{}` below the decision in force",
                source_file(s),
                k.name()
            ));
        }
        for (s, what) in &self.untrusted.other {
            out.push(format!("{}: {what}", source_file(s)));
        }
        out
    }

    fn add_file(
        &mut self,
        file: PolicyFile,
        text: &str,
        origin: &str,
        source: &Source,
        check_examples: bool,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        let lines = LineIndex::new(text);
        if let Some(m) = &file.mode {
            let mode = Mode::parse(m.get_ref()).ok_or_else(|| {
                PolicyError::new(
                    origin,
                    PolicyErrorKind::Invalid(format!(
                        "`{}` is not a mode; use default, plan, accept-edits, auto, strict or bypass",
                        m.get_ref()
                    )),
                )
                .at(Some(lines.line(m.span().start)), Some("mode".into()))
            })?;
            if trusted {
                self.mode = mode;
            } else {
                self.untrusted.modes.push((source.clone(), mode));
            }
        }
        self.add_profiles(&file, origin, &lines, source, trusted)?;
        if let Some(session) = &file.session {
            self.add_session_limits(session, origin, &lines, source, trusted)?;
        }
        if file.audit_log.is_some() {
            if trusted {
                self.audit_log = file.audit_log.clone();
            } else {
                self.untrusted
                    .other
                    .push((source.clone(), "`audit_log`".to_owned()));
            }
        }
        for p in file.program {
            if trusted {
                self.add_program_spec(p.into_inner());
            } else {
                self.untrusted
                    .other
                    .push((source.clone(), "a `[[program]]` table".to_owned()));
            }
        }
        self.add_flags(&file.flags, origin, &lines, source, trusted)?;
        for (list, decision) in [
            (&file.allow, Decision::Allow),
            (&file.ask, Decision::Ask),
            (&file.deny, Decision::Deny),
        ] {
            for entry in list {
                let line = Some(lines.line(entry.span().start));
                // A policy file's lists hold permission strings only: an entry of another
                // shape would be ignored, so a deny that denies nothing is an error here.
                if let Some(why) = not_a_permission_string(entry.get_ref()) {
                    return Err(PolicyError::new(origin, PolicyErrorKind::Invalid(why))
                        .at(line, Some(decision.name().to_owned())));
                }
                self.add_entry(
                    entry.get_ref(),
                    decision,
                    source,
                    origin,
                    (line, decision.name()),
                    trusted,
                )?;
            }
        }
        let rules = file.rule.into_iter().map(|r| {
            let line = lines.line(r.span().start);
            (r.into_inner(), Some(line))
        });
        self.add_rule_specs_as(rules, origin, source, check_examples, trusted)
    }

    /// A file's `profiles`: a trusted user or managed file (or one given on the command line or
    /// in code) adds each profile's rules; any other file's are listed as waiting for trust.
    fn add_profiles(
        &mut self,
        file: &PolicyFile,
        origin: &str,
        lines: &LineIndex,
        source: &Source,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        for p in &file.profiles {
            let line = Some(lines.line(p.span().start));
            let profile = profiles::Profile::parse(p.get_ref()).ok_or_else(|| {
                PolicyError::new(
                    origin,
                    PolicyErrorKind::Invalid(format!(
                        "`{}` is not a profile; use {}",
                        p.get_ref(),
                        profiles::Profile::NAMES.join(", ")
                    )),
                )
                .at(line, Some("profiles".into()))
            })?;
            // A profile loosens: a person's user or managed policy (or one given on the
            // command line or in code) chooses it, never a file that came with the project.
            if !trusted || matches!(source, Source::Project(_) | Source::Claude(_)) {
                self.untrusted
                    .other
                    .push((source.clone(), format!("profile `{}`", p.get_ref())));
                continue;
            }
            if profile == profiles::Profile::Editor
                && file.mode.is_none()
                && self.mode == Mode::Default
            {
                self.mode = Mode::AcceptEdits;
            }
            if let Some((name, text)) = profile.rules() {
                self.add_text(text, name, source, false)?;
            }
        }
        Ok(())
    }

    /// A file's `[flags]`: each key a flag kind, each value ask, deny or ignore (an opaque flag
    /// cannot be ignored). An untrusted file may only raise a flag's decision; a managed
    /// file's stronger decision stays.
    fn add_flags(
        &mut self,
        flags: &std::collections::BTreeMap<String, toml::Spanned<String>>,
        origin: &str,
        lines: &LineIndex,
        source: &Source,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        for (key, value) in flags {
            let line = Some(lines.line(value.span().start));
            let field = Some(format!("flags.{key}"));
            let kind = FlagKind::from_name(key).ok_or_else(|| {
                PolicyError::new(
                    origin,
                    PolicyErrorKind::Invalid(format!("`{key}` is not a flag kind")),
                )
                .at(line, field.clone())
            })?;
            let decision = match value.get_ref().as_str() {
                "ignore" if !trusted => {
                    self.untrusted.flags.push((source.clone(), kind));
                    continue;
                }
                "ignore" if kind.is_opaque() => {
                    return Err(PolicyError::new(
                        origin,
                        PolicyErrorKind::Invalid(format!(
                            "`{key}` means shclass cannot see what would run; it can be ask or deny, not ignored"
                        )),
                    )
                    .at(line, field));
                }
                "ignore" => None,
                other => match Decision::parse(other) {
                    Some(Decision::Allow) | None => {
                        return Err(PolicyError::new(
                            origin,
                            PolicyErrorKind::Invalid(format!(
                                "`{other}` is not a flag decision; use ask, deny or ignore"
                            )),
                        )
                        .at(line, field));
                    }
                    Some(d) => Some(d),
                },
            };
            let risk = if decision == Some(Decision::Deny) {
                Risk::High
            } else {
                Risk::Medium
            };
            let stronger = self
                .flags
                .get(&kind)
                .is_some_and(|(d, _, s)| matches!(s, Source::Managed(_)) && *d > decision);
            // An untrusted file may only raise a flag's decision above what is in force.
            let current = self.flags.get(&kind).map_or_else(
                || engine::default_flag_decision(kind).map(|(d, _)| d),
                |f| f.0,
            );
            if !trusted && (decision.is_none() || decision < current) {
                self.untrusted.flags.push((source.clone(), kind));
                continue;
            }
            if !stronger {
                self.flags.insert(kind, (decision, risk, source.clone()));
            }
        }
        Ok(())
    }

    /// A file's `[session]` limits: each a whole number in its range (an error names file,
    /// line and key). A trusted file sets them (a later file over an earlier one); an untrusted
    /// one only tightens: a lower value than the one in force, never 0 (off) for a count.
    fn add_session_limits(
        &mut self,
        session: &spec::SessionSpec,
        origin: &str,
        lines: &LineIndex,
        source: &Source,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        let current = self.session_limits;
        let keys = [
            (
                "max_actions_per_hour",
                &session.max_actions_per_hour,
                0,
                current
                    .max_actions_per_hour
                    .unwrap_or(DEFAULT_MAX_ACTIONS_PER_HOUR),
            ),
            (
                "max_denials",
                &session.max_denials,
                0,
                current.max_denials.unwrap_or(DEFAULT_MAX_DENIALS),
            ),
        ];
        for (key, value, min, in_force) in keys {
            let Some(value) = value else { continue };
            let n = session_number(value, key, min, u64::from(u32::MAX), origin, lines)?;
            let n = u32::try_from(n).unwrap_or(u32::MAX);
            // 0 turns a count off: the loosest value of all.
            let tighter = n != 0 && (in_force == 0 || n < in_force);
            if !trusted && !tighter {
                self.untrusted.other.push((
                    source.clone(),
                    format!("`session.{key}` = {n}, not below the limit in force"),
                ));
                continue;
            }
            match key {
                "max_actions_per_hour" => self.session_limits.max_actions_per_hour = Some(n),
                _ => self.session_limits.max_denials = Some(n),
            }
        }
        if let Some(value) = &session.deadline_ms {
            let n = session_number(value, "deadline_ms", 1, 3_600_000, origin, lines)?;
            let in_force = current.deadline_ms.unwrap_or(DEFAULT_DEADLINE_MS);
            if !trusted && n >= in_force {
                self.untrusted.other.push((
                    source.clone(),
                    format!("`session.deadline_ms` = {n}, not below the deadline in force"),
                ));
            } else {
                self.session_limits.deadline_ms = Some(n);
            }
        }
        Ok(())
    }

    /// Add a program's option table (`[[program]]`): moved in for its last name, copied for
    /// the others.
    pub(crate) fn add_program_spec(&mut self, spec: spec::ProgramSpec) {
        let os = OptionSpec {
            short_value: spec.short_value.into(),
            long_value: spec.long_value.into(),
            long: spec.long.into(),
            single_dash_long: spec.single_dash_long,
            long_values: spec.long_values,
            signal_words: spec.signal_words,
            single_value: spec.single_value.into(),
            short: spec.short.into(),
            short_optional: spec.short_optional.into(),
            short_next: spec.short_next.into(),
            single: spec.single.into(),
            closed: spec.closed,
            options_first: spec.options_first,
            unlisted_operands: spec.unlisted_operands,
            negatable: spec.negatable,
            response_files: spec.response_files,
            numeric_operands: spec.numeric_operands,
            equals_values: spec.equals_values,
            separate_globals: spec.separate_globals,
            first_word_bundle: spec.first_word_bundle,
            optional_next: spec.optional_next.into(),
            two_values: spec.two_values.into(),
            long_optional: spec.long_optional.into(),
            writes: spec.writes.into(),
            runs: spec.runs.into(),
            network: spec.network.into(),
            discloses: spec.discloses.into(),
            ends_options: spec.ends_options.into(),
            single_until: spec.single_until.into(),
            output: spec.output.into(),
            output_dir: spec.output_dir.into(),
            reads: spec.reads.into(),
            config: spec.config.into(),
            in_place: spec.in_place.into(),
            output_operands: Names::Owned(
                spec.output_operands.iter().map(i64::to_string).collect(),
            ),
        };
        let words: Vec<String> = spec
            .subcommand
            .map(spec::OneOrMany::into_vec)
            .unwrap_or_default()
            .into_iter()
            .map(Cow::into_owned)
            .collect();
        // The subcommand's words, and the same with each alias in place of the last one.
        let mut subs = vec![words.join(" ")];
        if let Some((_, parent)) = words.split_last() {
            subs.extend(
                spec.aliases
                    .map(spec::OneOrMany::into_vec)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|alias| {
                        parent
                            .iter()
                            .map(String::as_str)
                            .chain([alias.as_ref()])
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
            );
        }
        let mut names: Vec<spec::Text> = Vec::new();
        for name in spec.name.into_vec() {
            for sub in &subs {
                names.push(if sub.is_empty() {
                    name.clone()
                } else {
                    Cow::Owned(format!("{name} {sub}"))
                });
            }
        }
        for name in &names {
            if let Some((owner, _)) = name.split_once(' ') {
                self.subcommand_owners.insert(owner.to_owned());
            }
        }
        if let Some(last) = names.pop() {
            for name in names {
                self.programs.insert(name, os.clone());
            }
            self.programs.insert(last, os);
        }
    }

    /// Compile rules (`[[rule]]`, each with its line in `origin`) and add them. With
    /// `check_examples`, every rule's hit/miss examples must hold.
    pub(crate) fn add_rule_specs(
        &mut self,
        rules: impl IntoIterator<Item = (spec::RuleSpec, Option<usize>)>,
        origin: &str,
        source: &Source,
        check_examples: bool,
    ) -> Result<(), PolicyError> {
        self.add_rule_specs_as(rules, origin, source, check_examples, true)
    }

    /// [`Policy::add_rule_specs`]; from an untrusted file (`trusted` false) an allow rule is
    /// kept aside (never decisive) and tags are dropped (an `edit` tag would let accept-edits
    /// allow what the rule asks about).
    fn add_rule_specs_as(
        &mut self,
        rules: impl IntoIterator<Item = (spec::RuleSpec, Option<usize>)>,
        origin: &str,
        source: &Source,
        check_examples: bool,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        let first_new = self.rules.len();
        for (i, (mut spec, line)) in rules.into_iter().enumerate() {
            let id = spec.id.clone();
            if !trusted {
                spec.tags.clear();
            }
            // An approval remembered into a policy file keeps its source when it loads back.
            let rule_source = if spec.tags.iter().any(|t| t == "remembered") && source.is_personal()
            {
                Source::Remembered
            } else {
                source.clone()
            };
            let rule = Rule::compile(spec, rule_source, line).map_err(|(field, msg)| {
                PolicyError::new(origin, PolicyErrorKind::Invalid(msg))
                    .at(line, Some(format!("rule[{i}] `{id}`.{field}")))
            })?;
            if check_examples {
                rule.validate().map_err(|(field, msg)| {
                    PolicyError::new(origin, PolicyErrorKind::Invalid(msg))
                        .at(line, Some(format!("rule[{i}] `{id}`.{field}")))
                })?;
            }
            if !trusted && rule.decision == Decision::Allow {
                self.untrusted.rules.push(rule);
                continue;
            }
            self.push_rule(rule);
        }
        if check_examples {
            for idx in first_new..self.rules.len() {
                self.check_examples(idx, origin)?;
            }
        }
        Ok(())
    }

    /// Add a Claude Code settings file's `permissions` lists as rules with source `claude:<file>`.
    pub fn add_claude_settings(&mut self, text: &str, origin: &str) -> Result<(), PolicyError> {
        self.add_claude_settings_as(text, origin, true)
    }

    /// [`Policy::add_claude_settings`] for a project's settings file no person has trusted:
    /// its asks and denies apply, its allows do not (as [`Policy::add_untrusted_text`]).
    pub(crate) fn add_untrusted_claude_settings(
        &mut self,
        text: &str,
        origin: &str,
    ) -> Result<(), PolicyError> {
        self.untrusted.files.push(origin.to_owned());
        self.add_claude_settings_as(text, origin, false)
    }

    fn add_claude_settings_as(
        &mut self,
        text: &str,
        origin: &str,
        trusted: bool,
    ) -> Result<(), PolicyError> {
        let lists = spec::parse_claude_settings(text, origin)?;
        let source = Source::Claude(origin.to_owned());
        for (list, decision, key) in [
            (&lists.allow, Decision::Allow, "permissions.allow"),
            (&lists.ask, Decision::Ask, "permissions.ask"),
            (&lists.deny, Decision::Deny, "permissions.deny"),
        ] {
            for entry in list {
                self.add_entry(entry, decision, &source, origin, (None, key), trusted)?;
            }
        }
        Ok(())
    }

    /// One permission string: `Bash(…)` becomes a command rule, `Read(…)`/`Edit(…)`/`Write(…)`
    /// a path rule anchored at the policy file's directory; other tools are ignored.
    fn add_entry(
        &mut self,
        entry: &str,
        decision: Decision,
        source: &Source,
        origin: &str,
        (line, field): (Option<usize>, &str),
        trusted: bool,
    ) -> Result<(), PolicyError> {
        let err = |e: String| {
            PolicyError::new(origin, PolicyErrorKind::Invalid(e)).at(line, Some(field.to_owned()))
        };
        let untrusted_allow = !trusted && decision == Decision::Allow;
        if let Some(p) = ClaudePattern::parse(entry).map_err(err)? {
            let rule = Rule::from_claude(p, decision, source.clone(), line);
            if untrusted_allow {
                self.untrusted.rules.push(rule);
            } else {
                self.push_rule(rule);
            }
            return Ok(());
        }
        if untrusted_allow {
            self.untrusted
                .other
                .push((source.clone(), format!("allow `{entry}`")));
            return Ok(());
        }
        let base = Path::new(origin)
            .parent()
            .filter(|p| p.is_absolute())
            .map_or_else(|| self.cwd.clone(), Path::to_path_buf);
        if let Some(rule) =
            paths::PathRule::parse(entry, decision, source, &base, &self.cwd).map_err(err)?
        {
            self.path_rules.push(rule);
        }
        Ok(())
    }

    pub(super) fn check_examples(&self, idx: usize, origin: &str) -> Result<(), PolicyError> {
        let rule = &self.rules[idx];
        for (examples, expected_hit) in [(&rule.hit, true), (&rule.miss, false)] {
            for ex in examples {
                let analysis = analyze(ex, &self.limits);
                let hit = analysis.units.iter().any(|u| self.rule_matches(rule, u));
                if hit != expected_hit {
                    let why = if expected_hit {
                        self.why_no_match(rule, &analysis)
                            .map(String::into_boxed_str)
                    } else {
                        None
                    };
                    return Err(PolicyError::new(
                        origin,
                        PolicyErrorKind::Example {
                            rule: rule.id.as_ref().into(),
                            example: ex.as_ref().into(),
                            expected_hit,
                            why,
                        },
                    )
                    .at(rule.line, Some(format!("rule `{}`.examples", rule.id))));
                }
            }
        }
        Ok(())
    }
}

/// A `[session]` number within `min..=max`, else an error naming file, line and key.
fn session_number(
    value: &toml::Spanned<i64>,
    key: &str,
    min: u64,
    max: u64,
    origin: &str,
    lines: &LineIndex,
) -> Result<u64, PolicyError> {
    u64::try_from(*value.get_ref())
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            PolicyError::new(
                origin,
                PolicyErrorKind::Invalid(format!(
                    "`{}` is out of range: `{key}` is a whole number from {min} to {max}",
                    value.get_ref()
                )),
            )
            .at(
                Some(lines.line(value.span().start)),
                Some(format!("session.{key}")),
            )
        })
}

/// The name of a project file's source (its path).
pub(super) fn source_file(source: &Source) -> String {
    match source {
        Source::User(p)
        | Source::Project(p)
        | Source::Cli(p)
        | Source::Managed(p)
        | Source::Claude(p) => p.clone(),
        Source::Builtin | Source::Remembered | Source::Inline => source.to_string(),
    }
}

/// Why an entry of a policy file's `allow`/`ask`/`deny` list is not a permission string
/// (`Bash(git status)`, `Bash(npm run test:*)`, `Read(./.env)`, `WebFetch`): a bare program
/// (`docker`), a Claude prefix without its tool (`docker:*`), a space before the parenthesis
/// or a lower-case tool (`bash(…)`) would match nothing and deny nothing.
fn not_a_permission_string(entry: &str) -> Option<String> {
    let (tool, rest) = match entry.find('(') {
        Some(k) => (&entry[..k], &entry[k..]),
        None => (entry, ""),
    };
    let fix = |inner: &str| format!("write `Bash({inner})`");
    let well_formed = tool.starts_with(|c: char| c.is_ascii_uppercase())
        && tool.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && (rest.is_empty() || rest.ends_with(')'));
    if well_formed || tool.starts_with("mcp__") {
        return None;
    }
    let inner = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(entry);
    let hint = if tool.trim().eq_ignore_ascii_case("bash") {
        fix(inner)
    } else {
        fix(entry)
    };
    Some(format!(
        "`{entry}` is not a permission string, so it would match nothing; {hint} (a program and its arguments), or use a [[rule]]"
    ))
}
