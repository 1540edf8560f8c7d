//! The policy: the rule set of every source, the built-in groups and the option tables.
//!
//! How a unit is decided (whatever order rules were written in):
//! 1. any deny — from any rule, check or flag — denies;
//! 2. else an ask from a check, a flag, or a rule a person wrote (user, project, CLI, managed,
//!    Claude settings, remembered) asks;
//! 3. else an allow rule a person wrote allows;
//! 4. else a built-in ask rule asks (a person's allow may loosen built-in asks, never denies);
//! 5. else a built-in allow (the read-only catalogue) allows;
//! 6. else the mode's default (ask).
//!
//! The command's decision is the maximum over its units and flags: one deny unit denies all.
//! Modes then transform asks and allows (`Mode`). Nothing opaque is ever allowed, in any mode.
//! This module does not parse bash and does not print.
//!
//! By job: `engine.rs` decides a command, `sources.rs` adds policy files and
//! settings, `verdict.rs` holds what the engine answers and its JSON views; this file holds the
//! rule set itself, the built-in groups and the option-table lookup.

mod dynamic_reads;
mod engine;
mod error;

mod help;
mod lazy;
mod lint;
mod literals;
mod load;
pub(crate) use crate::programs::args as options;
mod packed;
pub(crate) mod paths;
pub(crate) mod pattern;
mod profiles;
mod record;
mod rule;
mod sources;
pub(crate) mod spec;
pub(crate) mod trust;
mod verdict;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

pub use crate::decision::{Decision, Origin, Risk};
pub use error::{PolicyError, PolicyErrorKind};
pub(crate) use lint::lint;
pub(crate) use load::discovered_files;
pub use load::{LoadOptions, load};
pub use paths::Access;
pub(crate) use rule::Rule;
pub use verdict::{Mode, Operation, PathVerdict, Reason, Source, UnitVerdict, Verdict};

use crate::Limits;
use crate::analyze::{Analysis, FlagKind, Unit};
use crate::ast::Span;
use options::{OptionSpec, Parsed};
use rule::MatchInput;

use crate::hash::FixedState;

/// The rules of one program (indices into [`Policy::rules`], each list in order), also by the
/// first word of their `subcommand`: a unit can only match a rule whose first subcommand word is
/// written out (not a glob) if its first operand is that word, so a unit of `git status` is
/// checked against the rules of `git status` and those without such a word, not every `git` rule.
#[derive(Debug, Default)]
struct ProgramRules {
    /// Every rule.
    all: Vec<usize>,
    /// Rules whose first subcommand word is written out, by that word.
    by_subcommand: HashMap<spec::Text, Vec<usize>, FixedState>,
    /// Rules with no subcommand, or a glob for its first word.
    rest: Vec<usize>,
}

/// A compiled policy: rules from every source, program option knowledge, flag decisions, mode.
#[derive(Debug, Default)]
pub struct Policy {
    pub(crate) rules: Vec<Rule>,
    by_program: HashMap<spec::Text, ProgramRules, FixedState>,
    /// Rules by id, first of each; not kept for a built-in group ([`Policy::group`]).
    by_id: HashMap<spec::Text, usize, FixedState>,
    /// The container of one built-in group (`lazy.rs`, [`Policy::bare`]): a handful of rules,
    /// found by id by a scan rather than through `by_id`, which a hook would build for one or
    /// two lookups; it decides no flags.
    group: bool,
    any_program: Vec<usize>,
    programs: HashMap<spec::Text, OptionSpec, FixedState>,
    /// The programs of `programs` with a subcommand table (`git` for `git log`).
    subcommand_owners: std::collections::HashSet<String, FixedState>,
    /// Decisions for analyzer flags that policy files set; the others take
    /// [`engine::default_flag_decision`] (but in a built-in group's container).
    flags: BTreeMap<FlagKind, (Option<Decision>, Risk, Source)>,
    /// The mode.
    pub mode: Mode,
    /// Analysis limits.
    pub limits: Limits,
    /// The workspace root (for `@workspace-root`, `@outside-workspace`).
    pub cwd: PathBuf,
    /// The workspace root once resolved and found free of links, and each path's kind once
    /// looked at, when the caller decides many lines against one snapshot of the file system
    /// ([`Policy::snapshot_workspace`]): paths under the root are resolved from there without
    /// looking at its components again, and no path is looked at twice.
    snapshot: Option<crate::files::Snapshot>,
    /// With [`Policy::snapshot_workspace`]: whether the directory commands start in holds a
    /// name beginning with `-`, read once for all the lines decided against the snapshot.
    dash_names: std::sync::OnceLock<bool>,
    /// With [`Policy::snapshot_workspace`]: what the checks found in the workspace's
    /// directories, kept for the following lines.
    memo: crate::checks::WorkspaceMemo,
    /// Audit log path from a policy file, if any.
    pub audit_log: Option<String>,
    /// Session limits from the files' `[session]` tables.
    pub(crate) session_limits: SessionLimits,
    path_rules: Vec<paths::PathRule>,
    /// The built-in rules are compiled per program on first use, in process-wide cells
    /// (`lazy.rs`; false: they are in `rules`, or absent).
    lazy: bool,
    /// Set on a lazily loaded group that failed to load.
    load_error: Option<String>,
    /// What untrusted project files asked for and did not get.
    untrusted: Untrusted,
    /// shclass's own files beyond the built-in ones ([`Policy::protect`]).
    own_files: Vec<PathBuf>,
    /// Where commands start, when not the workspace ([`Policy::start_in`]).
    start_dir: Option<PathBuf>,
}

/// Denials in a row before the breaker, when no file or flag says (`[session] max_denials`).
pub(crate) const DEFAULT_MAX_DENIALS: u32 = 3;
/// Acting commands per hour, when no file or flag says (`[session] max_actions_per_hour`).
pub(crate) const DEFAULT_MAX_ACTIONS_PER_HOUR: u32 = 200;
/// A hook's deadline in milliseconds, when no file or flag says (`[session] deadline_ms`).
pub(crate) const DEFAULT_DEADLINE_MS: u64 = 5000;

/// Session limits set by policy files (`[session]`); `None`: no file set it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SessionLimits {
    /// `max_actions_per_hour` (0: off).
    pub(crate) max_actions_per_hour: Option<u32>,
    /// `max_denials` (0: off).
    pub(crate) max_denials: Option<u32>,
    /// `deadline_ms`.
    pub(crate) deadline_ms: Option<u64>,
}

/// What untrusted project files asked for and did not get ([`Policy::add_untrusted_text`]):
/// kept to say so on `policy check` and on every verdict it would have loosened.
#[derive(Debug, Default)]
struct Untrusted {
    /// The files, in load order.
    files: Vec<String>,
    /// Their allow rules, compiled but never decisive.
    rules: Vec<Rule>,
    /// Their modes.
    modes: Vec<(Source, Mode)>,
    /// Flags they set to `ignore` or below a decision already in force.
    flags: Vec<(Source, FlagKind)>,
    /// Everything else ignored, for people (`audit_log`, `[[program]]`, path allows).
    other: Vec<(Source, String)>,
}

/// The note on a verdict that an untrusted file would have loosened.
pub(super) fn untrusted_note(
    source: &Source,
    what: &str,
    decision: Decision,
    span: Span,
) -> Reason {
    let file = sources::source_file(source);
    Reason {
        decision,
        risk: Risk::Low,
        rule: Origin::Engine("untrusted-policy"),
        source: source.clone(),
        message: format!(
            "{file} {what}, but it is not trusted, so that has no effect; if you have reviewed it, run `shclass trust {file}`"
        ).into(),
        span,
        unit: None,
        suggest: None,
    }
}

/// The names of the built-in policy files, in load order. `build.rs` embeds their rules once,
/// packed, for the eager policy and the lazily loaded groups alike.
pub(crate) const BUILTIN_FILES: &[&str] = lazy::FILE_NAMES;

impl Policy {
    /// An empty policy (no rules at all: everything asks), for tests and embedding.
    pub fn empty() -> Policy {
        Policy::empty_in(std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")))
    }

    /// [`Policy::empty`] with `cwd` as its workspace root (the loader knows it already).
    fn empty_in(cwd: PathBuf) -> Policy {
        Policy {
            cwd,
            ..Policy::default()
        }
    }

    /// A policy with no rules and no flag decisions (the container of one built-in group).
    fn bare() -> Policy {
        Policy {
            group: true,
            ..Policy::default()
        }
    }

    /// The built-in policy alone, compiled lazily per program: a process pays only for the
    /// rules of the programs it sees. Its examples are checked by the test suite, not at start-up.
    pub fn builtin() -> Result<Policy, PolicyError> {
        Ok(Policy::builtin_in(Policy::empty()))
    }

    fn builtin_in(mut p: Policy) -> Policy {
        p.lazy = true;
        p
    }

    /// The built-in policy with every rule compiled now (for listing, linting and checking
    /// examples). Decides exactly as [`Policy::builtin`].
    pub fn builtin_eager() -> Result<Policy, PolicyError> {
        Policy::builtin_eager_in(Policy::empty())
    }

    fn builtin_eager_in(mut p: Policy) -> Result<Policy, PolicyError> {
        lazy::load_all(&mut p)?;
        Ok(p)
    }

    /// Replace lazily loaded built-ins by all of them, compiled now (`shclass rules`).
    pub(crate) fn load_all_builtin(&mut self) -> Result<(), PolicyError> {
        if std::mem::take(&mut self.lazy) {
            lazy::load_all(self)?;
        }
        Ok(())
    }

    /// What is wrong with the built-in help catalogue (`builtin/help.toml`), one line per
    /// fact, empty when it holds: every listed program has help spellings, none is one that
    /// is never read as asking for help, and none has rules of its own (its rules' reading of
    /// `-h` and `-V` would then apply).
    #[must_use]
    pub fn help_catalogue_problems(&self) -> Vec<String> {
        let mut out = help::problems();
        for name in help::help_only_programs() {
            // Rules of the program as a whole (a group of its own); rules of its subcommands
            // alone (`svn status`) leave it help-only.
            let has_rules = if self.lazy {
                lazy::group(name).is_some()
            } else {
                self.by_program.get(name).is_some_and(|rules| {
                    rules
                        .all
                        .iter()
                        .filter_map(|&r| self.rules.get(r))
                        .any(|r| r.subcommand().is_empty())
                })
            };
            if has_rules {
                out.push(format!(
                    "program {name} has rules of its own: it is catalogued, not help-only"
                ));
            }
        }
        out
    }

    /// A built-in rule names `program`'s subcommand `sub` (a group `program sub` exists, or,
    /// compiled eagerly, a rule of the program starts with that subcommand), or the help
    /// catalogue lists it.
    fn knows_subcommand(&self, program: &str, sub: &str) -> bool {
        if help::lists_subcommand(program, sub) {
            true
        } else if self.lazy {
            lazy::group(&format!("{program} {sub}")).is_some()
        } else {
            self.candidates(Some(program), Some(sub))
                .any(|r| r.names_first_subcommand(sub))
        }
    }

    /// The built-in group for a program and the name it is filed under: the name itself when
    /// a group has it, else the file name of a path (`/usr/bin/git` → `git`).
    fn named_group<'p>(&self, p: &'p str) -> (Option<&Policy>, &'p str) {
        let base = crate::programs::base(p);
        if !self.lazy {
            return (None, base);
        }
        if let Some(g) = lazy::group(p) {
            return (Some(g), p);
        }
        (if base == p { None } else { lazy::group(base) }, base)
    }

    /// The built-in groups that apply to a unit: its program's (`own`, found with
    /// [`Policy::named_group`]), and its program's first operand (the subcommand, after global
    /// options), when such groups exist.
    fn groups_for<'a>(
        &'a self,
        own: (Option<&'a Policy>, &str),
        unit: &Unit,
        parsed: &options::Parsed,
        key: &mut String,
    ) -> Vec<&'a Policy> {
        if !self.lazy {
            return Vec::new();
        }
        let (group, name) = own;
        // Rules that name no program apply to every unit; the built-in ones all name
        // wrappers (`via = […]`), so a unit that ran through none needs no such group.
        let any = if unit.via.is_empty() && lazy::ANY_PROGRAM_RULES_NEED_VIA {
            None
        } else {
            lazy::group("*")
        };
        let mut out: Vec<&Policy> = group.into_iter().chain(any).collect();
        if let Some(sub) = parsed
            .operands
            .first()
            .and_then(|&i| unit.argv.get(i))
            .and_then(|a| a.value.as_deref())
        {
            // `key` is reused across units: one buffer, not one string per unit.
            key.clear();
            key.push_str(name);
            key.push(' ');
            key.push_str(sub);
            out.extend(lazy::group(key));
        }
        out
    }

    /// Option knowledge for a program: a person's `[[program]]` first, then the built-in one
    /// (data compiled in by `build.rs`, the same for lazy and eager policies).
    /// A unit's words split into options and operands: with the program's table, and after
    /// its subcommand words with the subcommand's own table when the catalogue has one (the
    /// longest: `gh pr list` before `gh pr`). Returns the program's table too.
    pub(crate) fn parse_unit(&self, unit: &Unit) -> (Option<Cow<'_, OptionSpec>>, Parsed) {
        let (spec, mut parsed) = self.parse_unit_words(unit);
        // `git -c color.ui=never log`: a setting that only shapes what git prints runs nothing.
        if unit.program.as_deref().map(crate::programs::base) == Some("git")
            && parsed.effects.iter().any(|(name, _)| name == "-c")
            && parsed
                .opts
                .iter()
                .filter(|o| o.name == "-c")
                .all(|o| o.value.as_deref().is_some_and(git_display_setting))
        {
            parsed.effects.retain(|(name, _)| name != "-c");
        }
        (spec, parsed)
    }

    /// [`Policy::parse_unit`] before the settings of `git -c` are judged.
    fn parse_unit_words(&self, unit: &Unit) -> (Option<Cow<'_, OptionSpec>>, Parsed) {
        let spec = self.options_for(unit.program.as_deref());
        let parsed = rule::parse_unit(unit, spec.as_deref());
        let Some(program) = unit
            .program
            .as_deref()
            .filter(|p| self.has_subcommand_tables(p))
        else {
            return (spec, parsed);
        };
        let words: Vec<&str> = parsed
            .operands
            .iter()
            .take(3)
            .map_while(|&i| {
                unit.argv
                    .get(i)
                    .filter(|a| !a.glob)
                    .and_then(|a| a.value.as_deref())
                    .filter(|w| is_subcommand_word(w))
            })
            .collect();
        if let Some((k, sub)) = self.subcommand_options(program, &words) {
            let split = parsed.operands[k - 1];
            let parsed = options::parse_subcommand(spec.as_deref(), &sub, &unit.argv, split);
            let deeper = self.parse_deeper(
                program,
                spec.as_deref(),
                (&sub, split),
                &words[..k],
                unit,
                &parsed,
            );
            return (spec, deeper.unwrap_or(parsed));
        }
        (spec, parsed)
    }

    /// `docker compose -f x.yml ps`: the program's table does not know `-f`, so the words it
    /// found were `compose x.yml ps` and only `docker compose` had a table. Read with that
    /// table, the words after it may name a deeper subcommand with a table of its own (`docker
    /// compose ps`): then the options between are the middle table's, those after the deeper
    /// words the deeper table's ([`options::parse_nested`]).
    fn parse_deeper(
        &self,
        program: &str,
        global: Option<&OptionSpec>,
        (mid, split): (&OptionSpec, usize),
        head: &[&str],
        unit: &Unit,
        parsed: &Parsed,
    ) -> Option<Parsed> {
        let after: Vec<usize> = parsed
            .operands
            .iter()
            .copied()
            .filter(|&i| i > split)
            .take(3_usize.saturating_sub(head.len()))
            .collect();
        let mut words = head.to_vec();
        words.extend(after.iter().map_while(|&i| {
            unit.argv
                .get(i)
                .filter(|a| !a.glob)
                .and_then(|a| a.value.as_deref())
                .filter(|w| is_subcommand_word(w))
        }));
        let (k, deeper) = self.subcommand_options(program, &words)?;
        let split2 = *after.get(k.checked_sub(head.len() + 1)?)?;
        Some(options::parse_nested(
            global, mid, split, &deeper, split2, &unit.argv,
        ))
    }

    /// Whether a built-in or a person's table belongs to a subcommand of `program`, found with
    /// nothing allocated.
    pub(crate) fn has_subcommand_tables(&self, program: &str) -> bool {
        crate::programs::tables::has_subcommand_tables(program)
            || self.subcommand_owners.contains(program)
    }

    /// The option table of the longest leading part of `words` that has one of its own (`gh pr
    /// list` before `gh pr`), with how many words it takes; `None` without such a table, found
    /// without building a key for a program that has none.
    pub(crate) fn subcommand_options(
        &self,
        program: &str,
        words: &[&str],
    ) -> Option<(usize, Cow<'_, OptionSpec>)> {
        if words.is_empty() || !self.has_subcommand_tables(program) {
            return None;
        }
        let mut key = String::with_capacity(64);
        (1..=words.len().min(3)).rev().find_map(|k| {
            key.clear();
            key.push_str(program);
            for w in &words[..k] {
                key.push(' ');
                key.push_str(w);
            }
            self.options_for(Some(&key)).map(|sub| (k, sub))
        })
    }

    fn options_for(&self, program: Option<&str>) -> Option<Cow<'_, OptionSpec>> {
        let p = program?;
        // A policy without tables of its own (the common case) hashes nothing.
        let own = if self.programs.is_empty() {
            None
        } else {
            self.programs.get(p)
        };
        match own {
            Some(o) => Some(Cow::Borrowed(o)),
            None => crate::programs::tables::builtin(p).map(Cow::Owned),
        }
    }

    /// Names of the lazily loaded built-in groups (empty for an eager policy).
    pub(crate) fn builtin_groups(&self) -> Vec<&'static str> {
        if self.lazy {
            lazy::names().collect()
        } else {
            Vec::new()
        }
    }

    /// The compiled rules of one built-in group (for tests).
    pub(crate) fn builtin_group_rules(&self, program: &str) -> Option<(&[Rule], Option<&str>)> {
        self.lazy
            .then(|| lazy::group(program))
            .flatten()
            .map(|g| (g.rules.as_slice(), g.load_error.as_deref()))
    }

    /// Decide a file tool's access to a path (Read, Write, Edit…), with the same policy as bash.
    /// No opinion (`None`) means: nothing matched and the mode does not decide file tools.
    pub fn check_path(&self, access: paths::Access, path: &str) -> PathVerdict {
        // A search reads a file as a read does, and a directory's every file.
        let searched = (access == paths::Access::Search)
            .then(|| paths::searched_tree(&self.cwd, path))
            .flatten();
        let listed = access == paths::Access::List;
        let access = match access {
            paths::Access::Search | paths::Access::List => paths::Access::Read,
            a => a,
        };
        let mut reasons = paths::decide_path(
            &self.path_rules,
            &self.cwd,
            access,
            path,
            Span::default(),
            None,
        );
        // A listing reads names, not contents: what the built-in policy knows of contents
        // (secrets, devices) does not apply, as `ls ~/.ssh` and `find . -name .env` are
        // allowed; a person's `Read(…)` rules do, and a link loop still asks.
        if listed {
            reasons.retain(|r| r.source.is_personal() || r.rule == "path-link-loop");
        }
        reasons.extend(paths::own_file_reason(
            &self.own_files,
            &self.cwd,
            access,
            path,
            Span::default(),
            None,
        ));
        if access == paths::Access::Read
            && !listed
            && !reasons.iter().any(|r| r.rule == "read-secret")
            && crate::files::secret_glob::glob_may_match_secret(path, &self.cwd)
        {
            reasons.push(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-secret",
                format!("the pattern `{path}` may match files that hold secrets"),
                Span::default(),
                None,
            ));
        }
        reasons.extend(searched);
        if let Some(user) = paths::other_home_prefix(path) {
            reasons.push(Reason::path(
                Decision::Ask,
                Risk::High,
                "path-other-home",
                format!(
                    "`{path}` starts with `~{user}`, which a shell reads as that user's home directory and a file tool may read as a directory of the workspace: where it leads is not known"
                ),
                Span::default(),
                None,
            ));
        }
        let worst = reasons.iter().map(|r| r.decision).max();
        let personal_allow = reasons
            .iter()
            .any(|r| r.decision == Decision::Allow && r.source.is_personal());
        let base = match worst {
            Some(Decision::Deny) => Decision::Deny,
            Some(Decision::Ask) => Decision::Ask,
            _ if personal_allow => Decision::Allow,
            _ => match access {
                paths::Access::Read | paths::Access::Search | paths::Access::List => {
                    Decision::Allow
                }
                paths::Access::Write => Decision::Ask,
            },
        };
        let resolved = crate::files::resolve(path, &self.cwd);
        // A person's own ask, or a write to a file that decides what later runs: no mode
        // drops it (`Reason::lasting_ask`).
        let lasting = reasons.iter().any(Reason::lasting_ask);
        let decision = match (self.mode, base) {
            (Mode::Plan, Decision::Ask | Decision::Allow) if access == paths::Access::Write => {
                Decision::Deny
            }
            (Mode::Strict | Mode::Plan, Decision::Ask) => Decision::Deny,
            // accept-edits allows what it allows a bash unit: an edit no path rule has an
            // opinion on, of a file of the workspace (resolved through links). A path finding
            // (a person's `Read(…)`/`Edit(…)` ask, a file that decides what later runs) and a
            // file outside the workspace keep their ask, as `echo x > FILE` does.
            (Mode::AcceptEdits, Decision::Ask)
                if access == paths::Access::Write && worst.is_none() && self.holds(&resolved) =>
            {
                Decision::Allow
            }
            (Mode::Auto | Mode::Bypass, Decision::Ask) if lasting => Decision::Ask,
            (Mode::Auto | Mode::Bypass, Decision::Ask)
                if worst.is_none() || reasons.iter().all(|r| r.risk < Risk::High) =>
            {
                Decision::Allow
            }
            (Mode::Bypass, Decision::Ask) => Decision::Allow,
            (_, d) => d,
        };
        if self.mode == Mode::AcceptEdits
            && access == paths::Access::Write
            && worst.is_none()
            && decision == Decision::Ask
        {
            reasons.push(Reason::path(
                Decision::Ask,
                Risk::Medium,
                "write-outside-workspace",
                format!(
                    "writes `{}`, outside the workspace: accept-edits allows edits of the workspace's files only",
                    resolved.display()
                ),
                Span::default(),
                None,
            ));
        }
        if lasting && matches!(self.mode, Mode::Auto | Mode::Bypass) && decision == Decision::Ask {
            reasons.push(self.kept_ask(decision, Risk::Medium, Span::default(), None));
        }
        let risk = reasons.iter().map(|r| r.risk).max().unwrap_or(Risk::Low);
        PathVerdict {
            decision,
            risk,
            path: resolved,
            reasons,
        }
    }

    /// Deny writes to `path` (and under it) for every tool and every bash unit, as shclass's
    /// own file (the audit log a hook or session writes). The state root, the user's and the
    /// managed policy are always protected (`paths::own_file_reason`).
    pub fn protect(&mut self, path: &Path) {
        let abs = crate::files::resolve(&path.to_string_lossy(), &self.cwd);
        self.own_files.push(abs);
    }

    /// Decide the lines that follow against the workspace root as it is now: when it is a
    /// directory reached through no link, paths under it are resolved from it without looking
    /// at its components again for every path (a batch of many lines), and whether the
    /// directory commands start in holds a name beginning with `-` is read once. A link put in
    /// its place later, or a file created there, is not seen, so a policy that outlives the
    /// moment (a session, a hook server) does not call this.
    pub(crate) fn snapshot_workspace(&mut self) {
        self.dash_names = std::sync::OnceLock::new();
        self.memo = crate::checks::WorkspaceMemo::default();
        let resolved = crate::files::resolve(&self.cwd.to_string_lossy(), Path::new("/"));
        self.snapshot = (resolved == self.cwd && resolved.is_dir())
            .then(|| crate::files::Snapshot::new(resolved));
    }

    /// Commands start in `dir` (relative: to the workspace) rather than the workspace root: their
    /// relative paths are resolved from there.
    pub fn start_in(&mut self, dir: &Path) {
        self.dash_names = std::sync::OnceLock::new();
        self.memo = crate::checks::WorkspaceMemo::default();
        self.start_dir = Some(crate::files::resolve(&dir.to_string_lossy(), &self.cwd));
    }

    /// Add one compiled rule.
    pub(crate) fn push_rule(&mut self, rule: Rule) {
        let idx = self.rules.len();
        if !self.group {
            self.by_id.entry(rule.id.clone()).or_insert(idx);
        }
        if rule.is_any_program() {
            self.any_program.push(idx);
        } else {
            let first = rule.first_subcommand_words();
            for name in rule.program_names() {
                let rules = self.by_program.entry(name.clone()).or_default();
                rules.all.push(idx);
                match &first {
                    Some(words) => {
                        for word in words {
                            let list = rules.by_subcommand.entry(word.clone()).or_default();
                            // `{ls,ls}` names one word twice; the rule is listed once.
                            if list.last() != Some(&idx) {
                                list.push(idx);
                            }
                        }
                    }
                    None => rules.rest.push(idx),
                }
                // Rules that also match path-qualified programs are indexed by basename too.
            }
        }
        self.rules.push(rule);
    }

    /// Why `rule` matches no unit of `analysis`: the first condition failed by the unit that
    /// came closest (the first running one of the rule's programs, else the first unit), with
    /// that unit's program when there are several.
    fn why_no_match(&self, rule: &Rule, analysis: &Analysis) -> Option<String> {
        let names: Vec<&str> = rule.programs().collect();
        let unit = analysis
            .units
            .iter()
            .find(|u| u.program.as_deref().is_some_and(|p| names.contains(&p)))
            .or_else(|| analysis.units.first())?;
        let (_, parsed) = self.parse_unit(unit);
        let miss = rule
            .check(&MatchInput::new(unit, &parsed, &self.cwd))
            .err()?;
        Some(if analysis.units.len() > 1 {
            format!(
                "{miss}, in its `{}` unit",
                unit.program.as_deref().unwrap_or("?")
            )
        } else {
            miss.to_string()
        })
    }

    /// Does `rule` match `unit`?
    pub(crate) fn rule_matches(&self, rule: &Rule, unit: &Unit) -> bool {
        let (_, parsed) = self.parse_unit(unit);
        rule.matches(&MatchInput::new(unit, &parsed, &self.cwd))
    }

    /// Every rule, in load order.
    pub(crate) fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Check every rule's examples (the test suite runs this on the built-in policy).
    pub(crate) fn check_all_examples(&self) -> Vec<PolicyError> {
        (0..self.rules.len())
            .filter_map(|i| self.check_examples(i, "<policy>").err())
            .collect()
    }

    /// Option knowledge for a program.
    pub(crate) fn program_options(&self, name: &str) -> Option<Cow<'_, OptionSpec>> {
        self.options_for(Some(name))
    }

    /// Whether some rule knows subcommands of `program` (`git push`, `docker run`): its first
    /// operand is a verb, not a file (`touch newfile`).
    pub(crate) fn has_subcommands(&self, program: &str) -> bool {
        let own = |rules: &[Rule]| {
            rules.iter().any(|r| {
                !r.subcommand().is_empty() && r.program_names().iter().any(|p| p == program)
            })
        };
        own(&self.rules)
            || self.lazy
                && lazy::names().any(|n| {
                    n.strip_prefix(program)
                        .is_some_and(|rest| rest.starts_with(' '))
                })
    }

    /// The workspace root.
    pub fn workspace(&self) -> &Path {
        &self.cwd
    }

    /// Whether a resolved path lies inside the workspace (the workspace resolved through its
    /// links too; the workspace itself is not inside).
    fn holds(&self, resolved: &Path) -> bool {
        let root = crate::files::resolve(&self.cwd.to_string_lossy(), Path::new("/"));
        resolved != root && resolved.starts_with(&root)
    }
}

/// A word that can name a subcommand with a table of its own: letters of either case (`balooctl
/// indexSize`), digits, `-`, `_` and `.`, not an option.
fn is_subcommand_word(w: &str) -> bool {
    !w.is_empty()
        && !w.starts_with('-')
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// A `git -c KEY[=VALUE]` setting that only changes how git shows what it prints (colours,
/// columns, path quoting, abbreviation, advice, the shape of diffs, logs, greps and status),
/// whatever its value: a closed list. Every key that names a program, a file or a helper
/// (`core.pager`, `diff.external`, `diff.<driver>.textconv`, `log.showSignature`, which runs
/// `gpg.program`, `core.fsmonitor`, `include.path`, `alias.*`…) is left out, but for the
/// settings that turn the pager off (`core.pager=cat`, `pager.log=false`:
/// [`crate::programs::git_pager_off`]).
pub(crate) fn git_display_setting(setting: &str) -> bool {
    const KEYS: &[&str] = &[
        "core.quotepath",
        "core.abbrev",
        "diff.noprefix",
        "diff.mnemonicprefix",
        "diff.relative",
        "diff.renames",
        "diff.renamelimit",
        "diff.context",
        "diff.interhunkcontext",
        "diff.algorithm",
        "diff.indentheuristic",
        "diff.colormoved",
        "diff.colormovedws",
        "diff.statgraphwidth",
        "diff.statnamewidth",
        "diff.suppressblankempty",
        "log.decorate",
        "log.date",
        "log.abbrevcommit",
        "log.follow",
        "log.showroot",
        "log.graphcolors",
        "grep.linenumber",
        "grep.column",
        "grep.extendedregexp",
        "grep.patterntype",
        "grep.fullname",
        "status.short",
        "status.branch",
        "status.relativepaths",
        "status.aheadbehind",
        "status.showstash",
        "status.showuntrackedfiles",
    ];
    let key = setting.split_once('=').map_or(setting, |(k, _)| k);
    let key = key.to_ascii_lowercase();
    let family = |prefix: &str| {
        key.strip_prefix(prefix).is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        })
    };
    KEYS.contains(&key.as_str())
        || family("color.")
        || family("column.")
        || family("advice.")
        || crate::programs::git_pager_off(setting)
}
