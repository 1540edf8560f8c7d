//! A compiled rule and how it matches one execution unit.
//!
//! Matching is token- and flag-aware: the program is compared as a whole token (`git` never
//! matches `gitk`; `./rm` is not `rm` unless the rule says `any_path`), subcommands are the first
//! operands after global options, flags are read through [`options::parse`] (bundles, long
//! options, abbreviations, `--opt=value`, value-taking options), operands through
//! [`ArgPattern`]s. A non-static word never satisfies an allow rule. Deciding between rules is
//! `mod.rs`'s job.

use std::path::Path;

use super::options::{self, Parsed};
use super::pattern::{ArgPattern, ClaudePattern};
use super::spec::{Condition, RuleSpec, Text};
use super::{Decision, Risk, Source};
use crate::analyze::{Arg, Context, Unit};
use crate::glob::Glob;

/// Operand conditions.
#[derive(Debug, Default)]
pub(crate) struct ArgCond {
    any: Vec<ArgPattern>,
    all: Vec<ArgPattern>,
    none: Vec<ArgPattern>,
}

/// A compiled rule.
#[derive(Debug)]
pub(crate) struct Rule {
    /// Kebab-case id.
    pub id: Text,
    /// What it decides.
    pub decision: Decision,
    /// How risky a match is.
    pub risk: Risk,
    /// Where it came from.
    pub source: Source,
    /// Why, for people.
    pub reason: Text,
    /// What to do instead (`suggest`), shown with the reason.
    pub suggest: Option<Text>,
    /// Tags (`read-only`, `edit`).
    pub tags: Vec<Text>,
    /// Line in its file.
    pub line: Option<usize>,
    /// Hit/miss examples.
    pub hit: Vec<Text>,
    /// Commands that must not match.
    pub miss: Vec<Text>,
    pub(crate) programs: Vec<Text>,
    any_path: bool,
    subcommand: Vec<Text>,
    /// The compiled glob of each subcommand token that is one (`describe-*`,
    /// `{list,describe}`); `None` for a token compared as it is.
    subcommand_globs: Vec<Option<Glob>>,
    flags_any: Vec<Text>,
    flags_all: Vec<Text>,
    flags_none: Vec<Text>,
    args: ArgCond,
    /// `options`: option names, each with the patterns one of which its value must match.
    options: Vec<(Text, Vec<ArgPattern>)>,
    max_operands: Option<usize>,
    min_operands: Option<usize>,
    max_options: Option<usize>,
    /// `other_options`: the only options besides the ones the rule names.
    other_options: Option<Vec<Text>>,
    env: Vec<Text>,
    via: Vec<Text>,
    context: Vec<Context>,
    pub(crate) claude: Option<ClaudePattern>,
    dynamic_args: bool,
    glob_options: bool,
    /// `args` reads only the first operand (the program's script).
    first_operand: bool,
}

/// What a rule needs to know about the unit besides the unit.
pub(crate) struct MatchInput<'a> {
    pub unit: &'a Unit,
    pub parsed: &'a Parsed,
    pub cwd: &'a Path,
    /// Program and static argument values joined by spaces (templates for dynamic words),
    /// built on first use: only `Bash(…)` patterns read it.
    pub line: std::cell::OnceCell<String>,
    /// True when every argument is static.
    pub all_static: bool,
    /// True when every dynamic argument is the value of an option or can never be an option
    /// ([`Arg::never_an_option`](crate::analyze::Arg::never_an_option)).
    pub options_static: bool,
    /// An unquoted glob could expand to a file name that begins with `-`: the working directory
    /// holds one, cannot be read, or the line may create one before the glob expands. Set by
    /// the engine; false when a rule is matched on its own (its examples).
    pub dash_names: bool,
}

impl<'a> MatchInput<'a> {
    pub(crate) fn new(unit: &'a Unit, parsed: &'a Parsed, cwd: &'a Path) -> Self {
        MatchInput {
            unit,
            parsed,
            cwd,
            dash_names: false,
            line: std::cell::OnceCell::new(),
            all_static: unit.program.is_some() && unit.args().all(|a| a.value.is_some()),
            // An option's value that bash splits (`--author $x`) may hold more options.
            options_static: unit.program.is_some()
                && unit.argv.iter().enumerate().skip(1).all(|(i, a)| {
                    a.value.is_some()
                        || a.never_an_option()
                        || !parsed.operands.contains(&i) && (!a.splits || a.shaped)
                        || parsed.options_end.is_some_and(|end| i >= end)
                }),
        }
    }

    /// See [`MatchInput::line`].
    fn line(&self) -> &str {
        self.line
            .get_or_init(|| super::engine::unit_line(self.unit))
    }
}

fn context_from_name(name: &str) -> Option<Context> {
    let all = [
        Context::Pipeline,
        Context::Substitution,
        Context::ProcessSubstitution,
        Context::NestedShell,
        Context::Eval,
        Context::StdinCode,
        Context::Function,
        Context::Background,
        Context::Condition,
        Context::Subshell,
        Context::Loop,
        Context::Case,
        Context::Xargs,
        Context::FindExec,
        Context::ConfigCommand,
        Context::Resolved,
        Context::Container,
    ];
    all.into_iter().find(|c| {
        serde_json::to_value(c)
            .ok()
            .and_then(|v| v.as_str().map(|s| s == name))
            .unwrap_or(false)
    })
}

impl Rule {
    /// The programs the rule is for (empty: any program, as in a `Bash(…)` pattern).
    pub(crate) fn programs(&self) -> impl Iterator<Item = &str> {
        self.programs.iter().map(AsRef::as_ref)
    }

    /// The wrappers one of which the unit must have run through (`via`; empty: any or none).
    #[cfg(test)]
    pub(crate) fn via(&self) -> &[Text] {
        &self.via
    }

    /// Compile a rule spec. Errors are messages; the caller adds file and line.
    pub(crate) fn compile(
        spec: RuleSpec,
        source: Source,
        line: Option<usize>,
    ) -> Result<Rule, (String, String)> {
        let id = spec.id.clone();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err((
                "id".into(),
                format!("rule id `{id}` must be kebab-case (a-z, 0-9, -)"),
            ));
        }
        let decision = Decision::parse(&spec.decision).ok_or_else(|| {
            (
                "decision".to_owned(),
                format!(
                    "`{}` is not a decision; use deny, ask or allow",
                    spec.decision
                ),
            )
        })?;
        let risk = match &spec.risk {
            Some(r) => Risk::parse(r).ok_or_else(|| {
                (
                    "risk".to_owned(),
                    format!("`{r}` is not a risk; use low, medium, high or critical"),
                )
            })?,
            None => match decision {
                Decision::Allow => Risk::Low,
                Decision::Ask => Risk::Medium,
                Decision::Deny => Risk::Critical,
            },
        };
        let cond = |c: Option<Condition>| c.unwrap_or_default();
        let flags = cond(spec.flags);
        for f in flags.any.iter().chain(&flags.all).chain(&flags.none) {
            if !f.starts_with('-') || f == "-" || f == "--" {
                return Err((
                    "flags".into(),
                    format!("`{f}` is not an option; write `-r` or `--recursive`"),
                ));
            }
        }
        let subcommand = spec
            .subcommand
            .map(super::spec::OneOrMany::into_vec)
            .unwrap_or_default();
        let subcommand_globs = subcommand
            .iter()
            .map(|t| {
                if !is_glob_token(t) {
                    return Ok(None);
                }
                if t.starts_with('-') || t.is_empty() {
                    return Err((
                        "subcommand".to_owned(),
                        format!("`{t}`: a subcommand glob may not start with `-`"),
                    ));
                }
                Glob::new(t)
                    .map(Some)
                    .map_err(|e| ("subcommand".to_owned(), format!("`{t}`: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let args = cond(spec.args);
        let mut options = Vec::new();
        for (name, values) in spec.options.unwrap_or_default() {
            if !name.starts_with('-') || name == "-" || name == "--" {
                return Err((
                    "options".into(),
                    format!("`{name}` is not an option; write `-n` or `--namespace`"),
                ));
            }
            if values.is_empty() {
                return Err((
                    format!("options.{name}"),
                    "no value pattern: the option could never match".to_owned(),
                ));
            }
            let trusted = matches!(source, Source::Builtin);
            let patterns = values
                .into_iter()
                .map(|p| {
                    ArgPattern::compile(p, trusted).map_err(|e| (format!("options.{name}"), e))
                })
                .collect::<Result<Vec<_>, _>>()?;
            options.push((name, patterns));
        }
        // The built-in policy's globs are checked by the test suite, not at every start.
        let trusted = matches!(source, Source::Builtin);
        let compile_all = |v: Vec<Text>| -> Result<Vec<ArgPattern>, (String, String)> {
            v.into_iter()
                .map(|p| ArgPattern::compile(p, trusted).map_err(|e| ("args".to_owned(), e)))
                .collect()
        };
        // `not:WORD` holds for a value known only at run time: an allow rule could not prove it.
        if decision == Decision::Allow
            && options
                .iter()
                .flat_map(|(_, p)| p)
                .any(|p| matches!(p, ArgPattern::Except(_)))
        {
            return Err((
                "options".to_owned(),
                "`not:` may only ask or deny: a value known only at run time matches it".to_owned(),
            ));
        }
        let env = spec.env.unwrap_or_default();
        for e in &env {
            if e.is_empty()
                || !e
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '*')
            {
                return Err((
                    "env".to_owned(),
                    format!("bad name pattern `{e}`: use letters, digits, _ and *"),
                ));
            }
        }
        let context = spec
            .context
            .unwrap_or_default()
            .iter()
            .map(|c| {
                context_from_name(c)
                    .ok_or_else(|| ("context".to_owned(), format!("unknown context `{c}`")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let claude = match &spec.command {
            Some(c) => {
                let wrapped = if c.starts_with("Bash") {
                    c.to_string()
                } else {
                    format!("Bash({c})")
                };
                ClaudePattern::parse(&wrapped).map_err(|e| ("command".to_owned(), e))?
            }
            None => None,
        };
        let args = ArgCond {
            any: compile_all(args.any)?,
            all: compile_all(args.all)?,
            none: compile_all(args.none)?,
        };
        if decision == Decision::Allow
            && args
                .any
                .iter()
                .chain(&args.all)
                .chain(&args.none)
                .any(|p| matches!(p, ArgPattern::Except(_)))
        {
            return Err((
                "args".to_owned(),
                "`not:` may only ask or deny: a value known only at run time matches it".to_owned(),
            ));
        }
        Ok(Rule {
            id,
            decision,
            risk,
            source,
            reason: spec.reason.unwrap_or_default(),
            suggest: spec.suggest,
            tags: spec.tags,
            line,
            hit: spec.examples.hit,
            miss: spec.examples.miss,
            programs: spec
                .program
                .map(super::spec::OneOrMany::into_vec)
                .unwrap_or_default(),
            any_path: spec.any_path,
            subcommand,
            subcommand_globs,
            flags_any: flags.any,
            flags_all: flags.all,
            flags_none: flags.none,
            args,
            options,
            max_operands: spec.max_operands,
            min_operands: spec.min_operands,
            max_options: spec.max_options,
            other_options: spec.other_options,
            env,
            via: spec.via.unwrap_or_default(),
            context,
            claude,
            dynamic_args: spec.dynamic_args,
            glob_options: spec.glob_options,
            first_operand: spec.first_operand,
        })
    }

    /// A rule from a Claude-style `Bash(…)` string.
    pub(crate) fn from_claude(
        pattern: ClaudePattern,
        decision: Decision,
        source: Source,
        line: Option<usize>,
    ) -> Rule {
        let id = format!("{}:{}", decision.name(), pattern.text);
        Rule {
            id: Text::Owned(id),
            decision,
            risk: match decision {
                Decision::Allow => Risk::Low,
                Decision::Ask => Risk::Medium,
                Decision::Deny => Risk::High,
            },
            source,
            reason: Text::Borrowed(""),
            suggest: None,
            tags: Vec::new(),
            line,
            hit: Vec::new(),
            miss: Vec::new(),
            programs: Vec::new(),
            any_path: false,
            subcommand: Vec::new(),
            subcommand_globs: Vec::new(),
            flags_any: Vec::new(),
            flags_all: Vec::new(),
            flags_none: Vec::new(),
            args: ArgCond::default(),
            options: Vec::new(),
            max_operands: None,
            min_operands: None,
            max_options: None,
            other_options: None,
            env: Vec::new(),
            via: Vec::new(),
            context: Vec::new(),
            claude: Some(pattern),
            dynamic_args: false,
            glob_options: false,
            first_operand: false,
        }
    }

    /// The words after the program the rule needs (`["push"]` for `git push`).
    /// Every option the rule's `flags` and `options` conditions name, with whether it is a
    /// `none` entry.
    pub(crate) fn flag_names(&self) -> impl Iterator<Item = (&Text, bool)> {
        self.flags_any
            .iter()
            .chain(&self.flags_all)
            .chain(self.options.iter().map(|(name, _)| name))
            .map(|f| (f, false))
            .chain(self.flags_none.iter().map(|f| (f, true)))
    }

    pub(crate) fn subcommand(&self) -> &[Text] {
        &self.subcommand
    }

    /// The words the first subcommand word can be when they are written out (`view`, or each
    /// of `{view,show}`): only a unit whose first operand is one of them can match
    /// ([`Rule::check`]). `None` when there is no subcommand or its glob has wildcards.
    pub(crate) fn first_subcommand_words(&self) -> Option<Vec<Text>> {
        let first = self.subcommand.first()?;
        match self.subcommand_globs.first() {
            Some(Some(glob)) => glob
                .only_words()
                .map(|words| words.iter().map(|w| Text::Owned(w.clone())).collect()),
            _ => Some(vec![first.clone()]),
        }
    }

    /// Does the rule name `sub` as its first subcommand word, written out or as one word of a
    /// word list (`{l,link}`)?
    pub(crate) fn names_first_subcommand(&self, sub: &str) -> bool {
        match (self.subcommand.first(), self.subcommand_globs.first()) {
            (Some(_), Some(Some(glob))) => glob
                .only_words()
                .is_some_and(|w| w.iter().any(|w| w == sub)),
            (Some(first), _) => first == sub,
            (None, _) => false,
        }
    }

    /// True when the rule names no program (it is checked against every unit).
    pub(crate) fn is_any_program(&self) -> bool {
        self.programs.is_empty()
    }

    /// The program names it is indexed under.
    pub(crate) fn program_names(&self) -> &[Text] {
        &self.programs
    }

    /// Compile the lazily compiled patterns now, so a person's mistakes show at load.
    pub(crate) fn validate(&self) -> Result<(), (String, String)> {
        for p in self
            .args
            .any
            .iter()
            .chain(&self.args.all)
            .chain(&self.args.none)
        {
            p.validate().map_err(|e| ("args".to_owned(), e))?;
        }
        for (name, patterns) in &self.options {
            for p in patterns {
                p.validate().map_err(|e| (format!("options.{name}"), e))?;
            }
        }
        Ok(())
    }

    /// A flag both required and forbidden, if any.
    pub(crate) fn contradictory_flags(&self) -> Option<&str> {
        self.flags_none
            .iter()
            .find(|f| self.flags_any.contains(f) || self.flags_all.contains(f))
            .map(|f| &**f)
    }

    /// A readable description of the rule for messages.
    /// The rule is about a wrapper the unit runs through (`via`: `npx`, `uvx`, `uv run`…), not
    /// about the program's own words.
    pub(crate) fn about_wrapper(&self) -> bool {
        !self.via.is_empty()
    }

    pub(crate) fn describe(&self) -> Text {
        if !self.reason.is_empty() {
            return self.reason.clone();
        }
        match &self.claude {
            Some(c) => format!("matches `Bash({})`", c.text).into(),
            None => format!("matches rule `{}`", self.id).into(),
        }
    }

    /// One of the `options` the rule names is in the unit with a value one of its patterns
    /// matches (the option spelled as `Parsed::has` reads it: canonical, or an abbreviation).
    /// Deny and ask rules: one occurrence of a named option with a matching value is enough (for
    /// an ask, a value known only at run time matches). Allow rules: a named option is there and every occurrence of every named option has a
    /// matching value, as programs take the last occurrence (`-e prod -e evil.example`) or all.
    fn option_value_matches(&self, m: &MatchInput) -> bool {
        fn occurrences<'a>(
            m: &'a MatchInput,
            name: &'a Text,
        ) -> impl Iterator<Item = &'a options::Opt> + 'a {
            m.parsed.opts.iter().filter(move |o| {
                o.name == **name || (!o.known && options::option_matches(&o.name, name))
            })
        }
        let value_matches = |o: &options::Opt, patterns: &[ArgPattern]| {
            patterns
                .iter()
                .any(|p| p.matches_value(o.value.as_deref(), m.cwd))
        };
        if self.decision == Decision::Allow {
            let mut seen = false;
            for (name, patterns) in &self.options {
                for o in occurrences(m, name) {
                    seen |= o.name == **name;
                    if !value_matches(o, patterns) {
                        return false;
                    }
                }
            }
            return seen;
        }
        // A value known only at run time (`--repo "$R"`, `-f "$V"`) may be any of those the
        // patterns name: it matches an ask, so an unknown value never slips past one. A deny
        // is found, never presumed: there it matches only `@dynamic` and `@any`.
        let unknown_matches = self.decision == Decision::Ask;
        self.options.iter().any(|(name, patterns)| {
            occurrences(m, name).any(|o| {
                unknown_matches && o.value.is_none() && o.value_at.is_some()
                    || value_matches(o, patterns)
            })
        })
    }

    /// An allow closed over the options by its own conditions, whatever the program's table:
    /// it takes no operand beyond its subcommand and at most the options it requires
    /// (`--version` alone: `max_options = 1`, `flags.any`), so no option it does not name can
    /// be on a unit it allows.
    #[cfg(test)]
    pub(crate) fn closed_by_construction(&self) -> bool {
        let no_operands = self.max_operands == Some(0)
            || self.args.none.iter().any(|p| matches!(p, ArgPattern::Any));
        let only_required = match self.max_options {
            Some(0) => true,
            Some(n) if n == self.flags_all.len() => true,
            Some(1) => self.flags_all.is_empty() && !self.flags_any.is_empty(),
            _ => false,
        };
        self.decision == Decision::Allow && self.claude.is_none() && no_operands && only_required
    }

    /// A `Bash(…)` pattern a person wrote: their word covers the options it lets through. A
    /// built-in rule's `command` pattern is only a shape of the line; the program's closed table
    /// still judges its options.
    fn persons_pattern(&self) -> bool {
        self.claude.is_some() && self.source.is_personal()
    }

    pub(crate) fn matches(&self, m: &MatchInput) -> bool {
        self.check(m).is_ok()
    }

    /// [`Rule::matches`], saying which condition failed. The conditions are tried in this
    /// order, so the miss reported is the first one a reader of the rule would look at.
    pub(crate) fn check(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        self.check_scope(m)?;
        self.check_subcommand(m)?;
        self.check_options(m)?;
        self.check_globs(m)?;
        self.check_counts(m)?;
        self.check_args(m)
    }

    /// What the unit is: static enough for an allow, the program, the wrapper it came through,
    /// its context and its environment.
    fn check_scope(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        let unit = m.unit;
        // Allow needs everything static.
        if self.decision == Decision::Allow {
            if unit.program.is_none() || unit.argv.is_empty() {
                return Err(Miss::Static);
            }
            // Dynamic words may stand only where they cannot be options, and only for rules
            // that do not look at operand values (an unknown value matches no pattern).
            let args_free =
                self.args.any.is_empty() && self.args.all.is_empty() && self.args.none.is_empty();
            if !(m.all_static || self.dynamic_args || args_free && m.options_static) {
                return Err(Miss::Dynamic);
            }
            if unit.argv[0].value.is_none() {
                return Err(Miss::Static);
            }
        }
        if !self.programs.is_empty() {
            let Some(program) = unit.program.as_deref() else {
                return Err(Miss::Program);
            };
            let ok = self
                .programs
                .iter()
                .any(|p| p == program || (self.any_path && crate::programs::base(program) == p));
            if !ok {
                return Err(Miss::Program);
            }
        }
        if !self.via.is_empty() && !self.via.iter().any(|v| unit.via.iter().any(|u| u == v)) {
            return Err(Miss::Via);
        }
        if !self.context.is_empty() && !self.context.iter().any(|c| unit.context.contains(c)) {
            return Err(Miss::Context);
        }
        if !self.env.is_empty()
            && !self
                .env
                .iter()
                .any(|g| unit.assignments.iter().any(|a| name_matches(g, &a.name)))
        {
            return Err(Miss::Env);
        }
        Ok(())
    }

    /// The subcommand words, in their places among the operands.
    fn check_subcommand(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        let unit = m.unit;
        if !self.subcommand.is_empty() {
            for (k, want) in self.subcommand.iter().enumerate() {
                let Some(&idx) = m.parsed.operands.get(k) else {
                    return Err(Miss::Subcommand(want));
                };
                let glob = self.subcommand_globs.get(k).and_then(Option::as_ref);
                let arg = unit.argv.get(idx);
                match arg.and_then(|a| a.value.as_deref()) {
                    Some(v) if v == want => {}
                    // A glob token matches a static word, never one that looks like an option
                    // nor an unquoted glob of the command (whose files decide the word).
                    Some(v)
                        if !v.starts_with('-')
                            && arg.is_some_and(|a| !a.glob)
                            && glob.is_some_and(|g| g.is_match(v)) => {}
                    _ => return Err(Miss::Subcommand(want)),
                }
            }
            // `aws --foo bar s3 ls`, `gcloud compute --foo bar instances list`: an operation
            // parameter (an unlisted `--name value` of a `long_values` table) before the last
            // subcommand word stands where the CLI reads its own options, and the table names
            // them all: an allow is not proven for one nobody listed.
            let last = m.parsed.operands.get(self.subcommand.len() - 1);
            if self.decision == Decision::Allow
                && !self.persons_pattern()
                && m.parsed
                    .first_parameter
                    .is_some_and(|p| last.is_some_and(|&l| p < l))
            {
                return Err(Miss::UnknownOption);
            }
        }
        Ok(())
    }

    /// The options the rule requires or forbids, their values, and the options no allow covers
    /// (unknown, odd, or with an effect the table names).
    fn check_options(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        let unit = m.unit;
        // The options an allow requires must be there as themselves: without a table that
        // knows the program's options, `--vers` is not proven to be `--version` (the program
        // may have another option of that name, or read it some other way).
        // Without a closed table, a required `--help` or `--version` given a value
        // (`--help=x`, `--version=--exec`, or the next word where an open table lists the
        // option as taking one for some subcommand: `cargo --version --zzq`) is not proven to
        // be the bare option the rule names: what the program makes of the value is unknown.
        // A rule about a subcommand reads the subcommand's options: `git -C DIR branch` is no
        // `git branch -C` (the program's own option of the same spelling is shadowed).
        let scoped = !self.subcommand.is_empty();
        let present = |f: &str| {
            if scoped {
                m.parsed.has_own(f)
            } else {
                m.parsed.has(f)
            }
        };
        let has = |f: &str| {
            if self.decision == Decision::Allow {
                (if scoped {
                    m.parsed.has_exact_own(f)
                } else {
                    m.parsed.has_exact(f)
                }) && (m.parsed.closed
                    || !matches!(f, "--help" | "--version")
                    || !m.parsed.opts.iter().any(|o| {
                        o.name == f
                            && (o.value_at.is_some()
                                || unit.argv.get(o.index).is_some_and(|a| {
                                    a.template.starts_with("--") && a.template.contains('=')
                                }))
                    }))
            } else {
                present(f)
            }
        };
        // An option turned off again later (`git clean -n --no-dry-run`) is not there: not for
        // an allow that requires it, nor for an ask or deny that it would exempt.
        let allow = self.decision == Decision::Allow;
        if !self.flags_any.is_empty()
            && (!self.flags_any.iter().any(|f| has(f))
                || allow && m.parsed.negated(&self.flags_any))
        {
            return Err(Miss::FlagsAny);
        }
        if let Some(f) = self
            .flags_all
            .iter()
            .find(|f| !has(f) || allow && m.parsed.negated(std::slice::from_ref(*f)))
        {
            return Err(Miss::FlagAll(f));
        }
        if let Some(f) = self
            .flags_none
            .iter()
            .find(|f| present(f) && (allow || !m.parsed.negated(&self.flags_none)))
        {
            return Err(Miss::FlagNone(f));
        }
        if !self.options.is_empty() && !self.option_value_matches(m) {
            return Err(Miss::OptionValue);
        }
        if self.decision == Decision::Allow
            && m.parsed.dynamic
            && !self.flags_none.is_empty()
            && !self.dynamic_args
        {
            return Err(Miss::DynamicOptions);
        }
        // `unzip -l-l`: an odd option word is never proven harmless; nor is an option the
        // program's closed table does not name (a person's `Bash(…)` pattern is their word).
        if self.decision == Decision::Allow
            && (m.parsed.odd || m.parsed.unknown.is_some() && !self.persons_pattern())
        {
            return Err(Miss::UnknownOption);
        }
        // An option the program's table says writes, runs code or reaches the network: only
        // an allow that names it (`flags.any`/`flags.all`) covers it.
        if self.decision == Decision::Allow
            && !self.persons_pattern()
            && m.parsed.effects.iter().any(|(name, _)| {
                !self
                    .flags_any
                    .iter()
                    .chain(&self.flags_all)
                    .any(|f| options::option_matches(name, f))
            })
        {
            return Err(Miss::EffectOption);
        }
        Ok(())
    }

    /// Unquoted globs and appended words that may add options or operands.
    fn check_globs(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        let unit = m.unit;
        // `sed s/a/b/ *` with a file named `-i`: an unquoted glob that can expand to a name
        // starting with `-` can add options, and any glob can add operands. An allow that
        // depends on the options (or on the operand count) is not proven for it.
        // A closed table already knows every option, and a glob can only become one when the
        // directory may hold a name beginning with `-` (`m.dash_names`, checked below): then only
        // a changed operand count is left for this check.
        // The words `xargs` appends are names it read (`ls | xargs sed s/a/b/` beside a file
        // named `-i`): options or operands as a glob's names are, wherever the line runs. A rule
        // that takes any dynamic word (`dynamic_args`, `command -v`) takes them too.
        let glob_only_counts = m.parsed.closed && !m.dash_names && !unit.appended_args;
        if self.decision == Decision::Allow
            && !self.glob_options
            && !(glob_only_counts && self.max_operands.is_none())
            && (!self.flags_none.is_empty()
                || !self.flags_all.is_empty()
                || !self.flags_any.is_empty()
                || self.max_operands.is_some())
            && ((unit.appended_args && !self.dynamic_args)
                || glob_may_change_options(unit, self.max_operands.is_some()))
        {
            return Err(Miss::Glob);
        }
        // `wc -l *` in a directory holding a file named `--files0-from=x`: bash hands the name to
        // the program as an option no closed table names. Only when such a name can be there.
        // A table that reads every word it does not name as an operand (`echo *`) gets from
        // such a name a listed option, judged harmless, or an operand.
        if self.decision == Decision::Allow
            && !self.persons_pattern()
            && m.dash_names
            && m.parsed.closed
            && !m.parsed.unlisted_operands
            && glob_may_change_options(unit, false)
        {
            return Err(Miss::Glob);
        }
        Ok(())
    }

    /// The operands after the subcommand a rule's operand conditions read (only the first for
    /// a `first_operand` rule).
    fn operands<'m>(&self, m: &'m MatchInput) -> impl Iterator<Item = &'m Arg> {
        m.parsed
            .operands
            .iter()
            .skip(self.subcommand.len())
            .take(if self.first_operand { 1 } else { usize::MAX })
            .filter_map(|&i| m.unit.argv.get(i))
    }

    /// How many operands and options there are, and which options.
    fn check_counts(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        // The script must be the word written first: a glob there expands to whatever name
        // comes first in the directory.
        if self.decision == Decision::Allow
            && self.first_operand
            && self.operands(m).any(|a| a.glob)
        {
            return Err(Miss::Glob);
        }
        let count = m
            .parsed
            .operands
            .len()
            .saturating_sub(self.subcommand.len());
        if self.max_operands.is_some_and(|max| count > max)
            || self.min_operands.is_some_and(|min| count < min)
        {
            return Err(Miss::OperandCount);
        }
        // A dynamic word where an option could be may be any number of options.
        if self
            .max_options
            .is_some_and(|max| m.parsed.opts.len() > max || m.parsed.dynamic)
        {
            return Err(Miss::OptionCount);
        }
        // Every option is one the rule names or one of `other_options`; a dynamic word where an
        // option could be may be any.
        if let Some(other) = &self.other_options {
            let named = |name: &str| {
                self.flags_any
                    .iter()
                    .chain(&self.flags_all)
                    .chain(self.options.iter().map(|(n, _)| n))
                    .chain(other)
                    .any(|f| **f == *name)
            };
            if m.parsed.dynamic || m.parsed.opts.iter().any(|o| !named(&o.name)) {
                return Err(Miss::OtherOption);
            }
        }
        Ok(())
    }

    /// The operand patterns, and a person's `Bash(…)` pattern on the whole line.
    fn check_args(&self, m: &MatchInput) -> Result<(), Miss<'_>> {
        // An unquoted glob may expand into a class (`/e??`): a deny or an ask names what it may
        // be, an allow needs what it surely is and forbids what it may be.
        let allow = self.decision == Decision::Allow;
        let hits = |p: &ArgPattern, a: &Arg, may: bool| {
            if may {
                p.may_match(a, m.cwd)
            } else {
                p.matches(a, m.cwd)
            }
        };
        if !self.args.any.is_empty()
            && !self
                .operands(m)
                .any(|a| self.args.any.iter().any(|p| hits(p, a, !allow)))
        {
            return Err(Miss::ArgsAny);
        }
        if !self
            .args
            .all
            .iter()
            .all(|p| self.operands(m).any(|a| hits(p, a, !allow)))
        {
            return Err(Miss::ArgsAll);
        }
        if !self.args.none.is_empty()
            && self
                .operands(m)
                .any(|a| self.args.none.iter().any(|p| hits(p, a, allow)))
        {
            return Err(Miss::ArgsNone);
        }
        // `exiv2 m? a.jpg`: an unquoted glob expands to whatever names the directory holds, so
        // an allow is not proven when it could expand to a word `args.none` forbids (`mv`).
        if self.decision == Decision::Allow
            && !self.args.none.is_empty()
            && self.operands(m).any(|a| {
                a.glob
                    && a.value.as_deref().is_some_and(|pattern| {
                        self.args
                            .none
                            .iter()
                            .any(|p| p.literal_matched_by_glob(pattern, m.dash_names))
                    })
            })
        {
            return Err(Miss::Glob);
        }
        if let Some(c) = &self.claude {
            if self.decision == Decision::Allow && !m.all_static {
                return Err(Miss::Dynamic);
            }
            if !c.matches(m.line()) {
                return Err(Miss::Command);
            }
        }
        Ok(())
    }
}

/// The first condition of a rule a unit fails, for `policy check`'s message on an example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Miss<'r> {
    /// The program is not a static word (allow rules need one).
    Static,
    /// A word is dynamic where an allow rule needs a static one.
    Dynamic,
    /// Another program.
    Program,
    /// Not run through a wrapper of `via`.
    Via,
    /// In none of the `context`s.
    Context,
    /// None of the `env` assignments.
    Env,
    /// This `subcommand` token is not there.
    Subcommand(&'r Text),
    /// None of `flags.any`.
    FlagsAny,
    /// This `flags.all` entry is missing.
    FlagAll(&'r Text),
    /// This `flags.none` entry is present.
    FlagNone(&'r Text),
    /// No option of `options` with a matching value.
    OptionValue,
    /// A dynamic word could be an option `flags.none` forbids (allow rules).
    DynamicOptions,
    /// An odd option word, or one the program's closed table does not name (allow rules).
    UnknownOption,
    /// An option that writes, runs code or reaches the network the rule's flags do not name
    /// (allow rules).
    EffectOption,
    /// An unquoted glob could add options or operands (allow rules).
    Glob,
    /// `max_operands` or `min_operands`.
    OperandCount,
    /// `max_options`, or a dynamic word where an option could be.
    OptionCount,
    /// An option neither named by the rule nor in its `other_options`, or a dynamic word where
    /// an option could be.
    OtherOption,
    /// No operand matches `args.any`.
    ArgsAny,
    /// An `args.all` pattern matches no operand.
    ArgsAll,
    /// An operand matches `args.none`.
    ArgsNone,
    /// The `command` pattern.
    Command,
}

impl std::fmt::Display for Miss<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Miss::Static => f.write_str("the program is not a static word"),
            Miss::Dynamic => f.write_str("a word is dynamic, and an allow rule needs static words (or `dynamic_args`)"),
            Miss::Program => f.write_str("`program` names another program"),
            Miss::Via => f.write_str("it runs through none of the wrappers of `via`"),
            Miss::Context => f.write_str("it runs in none of the contexts of `context`"),
            Miss::Env => f.write_str("it has none of the assignments of `env`"),
            Miss::Subcommand(s) => write!(f, "`subcommand`: `{s}` is not there"),
            Miss::FlagsAny => f.write_str("`flags.any`: none of its options is there"),
            Miss::FlagAll(o) => write!(f, "`flags.all`: `{o}` is not there"),
            Miss::FlagNone(o) => write!(f, "`flags.none`: `{o}` is there"),
            Miss::OptionValue => f.write_str("`options`: no named option has a value its patterns match"),
            Miss::DynamicOptions => f.write_str("a dynamic word could be an option `flags.none` forbids"),
            Miss::UnknownOption => f.write_str("an option the program's closed table does not name (or an odd option word)"),
            Miss::EffectOption => f.write_str("an option that writes, runs code or reaches the network, which the rule's flags do not name"),
            Miss::Glob => f.write_str("an unquoted glob could add options or operands (`glob_options`)"),
            Miss::OperandCount => f.write_str("the operand count is outside `min_operands`..`max_operands`"),
            Miss::OptionCount => f.write_str("more options than `max_options` (or a dynamic word where an option could be)"),
            Miss::OtherOption => f.write_str("an option neither the rule nor its `other_options` names (or a dynamic word where an option could be)"),
            Miss::ArgsAny => f.write_str("`args.any`: no operand matches"),
            Miss::ArgsAll => f.write_str("`args.all`: a pattern matches no operand"),
            Miss::ArgsNone => f.write_str("`args.none`: an operand matches"),
            Miss::Command => f.write_str("the `command` pattern does not match"),
        }
    }
}

/// True when an unquoted glob argument before `--` can expand to a word starting with `-`
/// (it starts with a glob character, or with `-`: `-?` beside a file named `-I` is `-I`, not
/// the `-?` the table read), or, with `count`, when any unquoted glob is there.
fn glob_may_change_options(unit: &Unit, count: bool) -> bool {
    unit.args()
        .take_while(|a| a.value.as_deref() != Some("--"))
        .any(|a| a.glob && (count || a.template.starts_with(['*', '?', '[', '-'])))
        || count && unit.args().any(|a| a.glob)
}

/// A subcommand token holding glob syntax (`*`, `?`, `[…]`, `{a,b}`): matched as a glob.
pub(crate) fn is_glob_token(t: &str) -> bool {
    t.contains(['*', '?', '[', '{'])
}

/// `*`-only wildcard matching for variable names (`DYLD_*`, `LC_*`).
fn name_matches(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let mut rest = name;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else if let Some(at) = rest.find(part) {
            rest = &rest[at + part.len()..];
        } else {
            return false;
        }
    }
    true
}

/// The option words of a unit, parsed with the program's spec.
pub(crate) fn parse_unit(unit: &Unit, spec: Option<&options::OptionSpec>) -> Parsed {
    options::parse(spec, &unit.argv)
}
