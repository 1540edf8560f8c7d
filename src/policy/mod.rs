//! The tiered deny/ask/allow engine: rules from every source, flag decisions, checks, modes.
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

mod dynamic_reads;
mod error;

mod help;
mod lazy;
mod lint;
mod literals;
mod load;
pub(crate) mod options;
mod packed;
pub(crate) mod paths;
pub(crate) mod pattern;
mod profiles;
mod rule;
pub(crate) mod spec;
pub(crate) mod trust;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

pub use crate::decision::{Decision, Origin, Risk};
pub use error::{PolicyError, PolicyErrorKind};
pub(crate) use lint::lint;
pub(crate) use load::discovered_files;
pub use load::{LoadOptions, load};
pub use paths::Access;
pub(crate) use rule::Rule;

use crate::Limits;
use crate::analyze::{Analysis, FlagKind, Unit, UnitJson, analyze};
use crate::ast::Span;
use crate::checks::{self, CheckCtx};
use error::LineIndex;
use options::{OptionSpec, Parsed};
use pattern::ClaudePattern;
use rule::MatchInput;
use spec::PolicyFile;

/// How asks and allows are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Mode {
    /// Unknown → ask.
    #[default]
    Default,
    /// Anything not proven read-only → deny.
    Plan,
    /// File edits inside the workspace → allow.
    AcceptEdits,
    /// Ask → allow, except critical risk and anything opaque.
    Auto,
    /// Ask → deny (unattended runs).
    Strict,
    /// Ask → allow, except anything opaque; every deny stays a deny ("drop the asks, keep the
    /// denies").
    Bypass,
}

impl Mode {
    /// Parse a mode name, with aliases (zeroclaw's autonomy names, Claude's mode names).
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "default" | "supervised" | "normal" => Some(Mode::Default),
            "plan" | "read-only" | "readonly" => Some(Mode::Plan),
            "accept-edits" | "acceptEdits" => Some(Mode::AcceptEdits),
            "auto" | "full" => Some(Mode::Auto),
            "strict" | "dont-ask" | "dontAsk" => Some(Mode::Strict),
            "bypass" | "bypassPermissions" => Some(Mode::Bypass),
            _ => None,
        }
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Default => "default",
            Mode::Plan => "plan",
            Mode::AcceptEdits => "accept-edits",
            Mode::Auto => "auto",
            Mode::Strict => "strict",
            Mode::Bypass => "bypass",
        }
    }
}

/// Where a rule came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// Shipped with shclass (rules and checks).
    Builtin,
    /// `$XDG_CONFIG_HOME/shclass/policy.toml`.
    User(String),
    /// `.shclass.toml` found upward from the working directory.
    Project(String),
    /// `--policy FILE`.
    Cli(String),
    /// `/etc/shclass/policy.toml`: its denies cannot be loosened.
    Managed(String),
    /// A Claude Code settings file.
    Claude(String),
    /// Remembered approvals.
    Remembered,
    /// Given in code.
    Inline,
}

impl Source {
    /// True for sources a person wrote (they outrank built-in asks).
    pub fn is_personal(&self) -> bool {
        !matches!(self, Source::Builtin)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Builtin => f.write_str("builtin"),
            Source::User(p) => write!(f, "user:{p}"),
            Source::Project(p) => write!(f, "project:{p}"),
            Source::Cli(p) => write!(f, "cli:{p}"),
            Source::Managed(p) => write!(f, "managed:{p}"),
            Source::Claude(p) => write!(f, "claude:{p}"),
            Source::Remembered => f.write_str("remembered"),
            Source::Inline => f.write_str("inline"),
        }
    }
}

impl Serialize for Source {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Why a decision was reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Reason {
    /// What this reason decides.
    pub decision: Decision,
    /// Risk of what it found.
    pub risk: Risk,
    /// What gave it: a rule, check, flag, path finding, the mode or no rule (serialised as the
    /// rule id, check id, `flag:<kind>`, `mode:<name>` or `no-rule`).
    pub rule: Origin,
    /// Where the rule came from.
    pub source: Source,
    /// For people.
    pub message: String,
    /// Where in the input.
    pub span: Span,
    /// The unit, by index.
    pub unit: Option<usize>,
    /// What to do instead, when the rule says (`git push --force-with-lease`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggest: Option<Cow<'static, str>>,
}

/// The decision for one unit.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct UnitVerdict {
    /// The unit's decision after the mode.
    pub decision: Decision,
    /// Its risk.
    pub risk: Risk,
    /// The reasons that decided it (the winning tier), most severe first.
    pub reasons: Vec<Reason>,
    /// Proven read-only by the built-in catalogue.
    pub read_only: bool,
    /// Read or act (zeroclaw's `ToolOperation`): `read` only when proven read-only and it
    /// writes no file.
    pub operation: Operation,
}

/// The object of `shclass --json` (`schema` 1): the analysis of `analyze --json` plus decisions.
impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json_view().serialize(s)
    }
}

/// Whether a unit only reads or acts on the world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Operation {
    /// Reads only.
    Read,
    /// Writes, runs, sends, or is not known to only read.
    Act,
}

/// What one unit gathers in [`Policy::decide`] before it is decided.
struct UnitState<'p> {
    /// Its reasons: rules, checks, paths.
    reasons: Vec<Reason>,
    /// An ask that no allow rule loosens: checks, paths, internal errors.
    hard: bool,
    /// Every hard reason is an edit (for `acceptEdits`).
    edit_only: bool,
    /// It writes a file.
    writes: bool,
    /// The built-in groups it uses, found once.
    groups: Vec<&'p Policy>,
    /// Why no allow rule could match whatever its other conditions: an option the program's
    /// closed table does not name, or one that writes, runs code or reaches the network.
    option_note: Option<String>,
    /// Its words read through the program's option table, once.
    parsed: Option<options::Parsed>,
}

/// The explained verdict for a command line.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Verdict {
    /// The decision.
    pub decision: Decision,
    /// The highest risk among the reasons that count.
    pub risk: Risk,
    /// The mode it was decided in.
    pub mode: Mode,
    /// The analysis it rests on.
    pub analysis: Analysis,
    /// One per unit of the analysis.
    pub units: Vec<UnitVerdict>,
    /// Every reason that counts, most severe first.
    pub reasons: Vec<Reason>,
}

impl Verdict {
    /// The JSON object of `shclass --json`: the analysis of `analyze --json` plus decisions.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.json_view()).unwrap_or(serde_json::Value::Null)
    }

    /// The object of `shclass --json`, borrowed: serialize it straight to a writer
    /// (`serde_json::to_writer(&mut out, &verdict.json_view())`) without building a tree.
    pub(crate) fn json_view(&self) -> impl Serialize + '_ {
        self.view(|u, v| UnitJson::new(u, Some(v)))
    }

    /// The record of `shclass batch`: the verdict, its reasons and flags, and per unit only
    /// what identifies it (program, argv, span) with its decision. `json_view` has the rest.
    pub(crate) fn brief_json_view(&self) -> impl Serialize + '_ {
        self.view(|u, v| BriefUnitJson {
            program: &u.program,
            argv: crate::analyze::ArgValues(&u.argv),
            span: u.span,
            decision: v.decision,
            risk: v.risk,
        })
    }

    /// The verdict object with each unit shown by `unit`.
    fn view<'a, U: Serialize, F: Fn(&'a Unit, &'a UnitVerdict) -> U>(
        &'a self,
        unit: F,
    ) -> VerdictJson<'a, UnitsJson<'a, F>> {
        VerdictJson {
            schema: 1,
            input: &self.analysis.input,
            decision: self.decision,
            risk: self.risk,
            mode: self.mode,
            units: UnitsJson {
                units: &self.analysis.units,
                verdicts: &self.units,
                show: unit,
            },
            flags: &self.analysis.flags,
            reasons: &self.reasons,
        }
    }
}

/// The units of a verdict, each shown by `show`: serialized as a sequence straight from the
/// verdict, without collecting the views first.
struct UnitsJson<'a, F> {
    units: &'a [Unit],
    verdicts: &'a [UnitVerdict],
    show: F,
}

impl<'a, U: Serialize, F: Fn(&'a Unit, &'a UnitVerdict) -> U> Serialize for UnitsJson<'a, F> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.units
                .iter()
                .zip(self.verdicts)
                .map(|(u, v)| (self.show)(u, v)),
        )
    }
}

#[derive(Serialize)]
struct BriefUnitJson<'a> {
    program: &'a Option<String>,
    argv: crate::analyze::ArgValues<'a>,
    span: Span,
    decision: Decision,
    risk: Risk,
}

#[derive(Serialize)]
struct VerdictJson<'a, U: Serialize> {
    schema: u32,
    input: &'a str,
    decision: Decision,
    risk: Risk,
    mode: Mode,
    units: U,
    flags: &'a [crate::analyze::Flag],
    reasons: &'a [Reason],
}

/// What the analyzer's flags mean, by default. Never allow; opaque flags cannot be ignored.
fn default_flag_decision(kind: FlagKind) -> Option<(Decision, Risk)> {
    match kind {
        FlagKind::ParseError
        | FlagKind::UnsupportedSyntax
        | FlagKind::TooDeep
        | FlagKind::TooLong
        | FlagKind::CommandPositionExpansion
        | FlagKind::DynamicCode
        | FlagKind::PipeToShell
        | FlagKind::UnicodeConfusable
        | FlagKind::GitConfigCommand
        | FlagKind::IfsManipulation => Some((Decision::Ask, Risk::High)),
        FlagKind::Source => Some((Decision::Ask, Risk::Medium)),
        FlagKind::CommandSubstitution
        | FlagKind::ProcessSubstitution
        | FlagKind::ParameterExpansion
        | FlagKind::ArithmeticExpansion
        | FlagKind::Eval
        | FlagKind::NestedShell
        | FlagKind::Heredoc
        | FlagKind::Herestring
        | FlagKind::Redirection
        | FlagKind::Background
        | FlagKind::Chaining
        | FlagKind::Pipeline
        | FlagKind::Subshell
        | FlagKind::FunctionDefinition
        | FlagKind::EndlessLoop
        | FlagKind::Glob
        | FlagKind::BraceExpansion
        | FlagKind::AnsiCQuoting
        | FlagKind::LineContinuation => None,
    }
}

fn flag_message(kind: FlagKind, detail: &str) -> String {
    let what = match kind {
        FlagKind::ParseError => "shclass could not parse this, so it cannot see what would run",
        FlagKind::UnsupportedSyntax => {
            "shclass does not model this syntax, so it cannot see what would run"
        }
        FlagKind::TooDeep => {
            "nested too deep: shclass did not look inside, so it cannot see what would run"
        }
        FlagKind::TooLong => "over a size limit: shclass did not analyse all of it",
        FlagKind::CommandPositionExpansion => {
            "the program name is computed at run time: shclass cannot see what would run"
        }
        FlagKind::DynamicCode => {
            "code computed at run time will be executed: shclass cannot see what would run"
        }
        FlagKind::PipeToShell => {
            "a shell or interpreter runs code produced at run time: shclass cannot see what would run"
        }
        FlagKind::UnicodeConfusable => {
            "non-ASCII or invisible characters in a program name or option"
        }
        FlagKind::GitConfigCommand => "git configuration that runs a command",
        FlagKind::IfsManipulation => "IFS is changed, which changes how words split",
        FlagKind::Source => "runs a file in the current shell; shclass cannot see its contents",
        _ => kind.name(),
    };
    if detail.is_empty() {
        what.to_owned()
    } else {
        format!("{what} ({detail})")
    }
}

/// The hasher of the policy's tables: `SipHash` with fixed keys. Their keys are names from policy
/// files (program names, rule ids), never command text, so there is no flooding to defend
/// against; and a fixed state needs no random seed, which is a `getrandom` call and one more
/// libc symbol bound at every start.
type FixedState = std::hash::BuildHasherDefault<std::hash::DefaultHasher>;

/// A compiled policy: rules from every source, program option knowledge, flag decisions, mode.
#[derive(Debug, Default)]
pub struct Policy {
    pub(crate) rules: Vec<Rule>,
    by_program: HashMap<spec::Text, Vec<usize>, FixedState>,
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
    /// [`default_flag_decision`] (but in a built-in group's container).
    flags: BTreeMap<FlagKind, (Option<Decision>, Risk, Source)>,
    /// The mode.
    pub mode: Mode,
    /// Analysis limits.
    pub limits: Limits,
    /// The workspace root (for `@workspace-root`, `@outside-workspace`).
    pub cwd: PathBuf,
    /// The workspace root once resolved and found free of links, when the caller decides many
    /// lines against one snapshot of the file system ([`Policy::snapshot_workspace`]): paths
    /// under it are resolved from there without looking at its components again.
    real_dir: Option<PathBuf>,
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
fn source_file(source: &Source) -> String {
    match source {
        Source::User(p)
        | Source::Project(p)
        | Source::Cli(p)
        | Source::Managed(p)
        | Source::Claude(p) => p.clone(),
        Source::Builtin | Source::Remembered | Source::Inline => source.to_string(),
    }
}

/// The note on a verdict that an untrusted file would have loosened.
fn untrusted_note(source: &Source, what: &str, decision: Decision, span: Span) -> Reason {
    let file = source_file(source);
    Reason {
        decision,
        risk: Risk::Low,
        rule: Origin::Engine("untrusted-policy"),
        source: source.clone(),
        message: format!(
            "{file} {what}, but it is not trusted, so that has no effect; if you have reviewed it, run `shclass trust {file}`"
        ),
        span,
        unit: None,
        suggest: None,
    }
}

/// The decision for a file tool's access to a path.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct PathVerdict {
    /// The decision.
    pub decision: Decision,
    /// Its risk.
    pub risk: Risk,
    /// The resolved path.
    pub path: PathBuf,
    /// What matched.
    pub reasons: Vec<Reason>,
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
            self.candidates(Some(program))
                .any(|r| r.subcommand().first().is_some_and(|s| s == sub))
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
        lazy::has_subcommand_tables(program) || self.subcommand_owners.contains(program)
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
        (1..=words.len().min(3)).rev().find_map(|k| {
            let key = format!("{program} {}", words[..k].join(" "));
            self.options_for(Some(&key)).map(|sub| (k, sub))
        })
    }

    fn options_for(&self, program: Option<&str>) -> Option<Cow<'_, OptionSpec>> {
        let p = program?;
        match self.programs.get(p) {
            Some(o) => Some(Cow::Borrowed(o)),
            None => lazy::options(p).map(Cow::Owned),
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
        for (key, value) in &file.flags {
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
            let current = self
                .flags
                .get(&kind)
                .map_or_else(|| default_flag_decision(kind).map(|(d, _)| d), |f| f.0);
            if !trusted && (decision.is_none() || decision < current) {
                self.untrusted.flags.push((source.clone(), kind));
                continue;
            }
            if !stronger {
                self.flags.insert(kind, (decision, risk, source.clone()));
            }
        }
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
            single: spec.single.into(),
            closed: spec.closed,
            options_first: spec.options_first,
            unlisted_operands: spec.unlisted_operands,
            writes: spec.writes.into(),
            runs: spec.runs.into(),
            network: spec.network.into(),
            single_until: spec.single_until.into(),
        };
        let sub = spec
            .subcommand
            .map(spec::OneOrMany::into_vec)
            .unwrap_or_default()
            .join(" ");
        let mut names = spec.name.into_vec();
        if !sub.is_empty() {
            for name in &mut names {
                *name = Cow::Owned(format!("{name} {sub}"));
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

    /// Decide a file tool's access to a path (Read, Write, Edit…), with the same policy as bash.
    /// No opinion (`None`) means: nothing matched and the mode does not decide file tools.
    pub fn check_path(&self, access: paths::Access, path: &str) -> PathVerdict {
        let mut reasons = paths::decide_path(
            &self.path_rules,
            &self.cwd,
            access,
            path,
            Span::default(),
            None,
        );
        reasons.extend(paths::own_file_reason(
            &self.own_files,
            &self.cwd,
            access,
            path,
            Span::default(),
            None,
        ));
        if access == paths::Access::Read
            && !reasons.iter().any(|r| r.rule == "read-secret")
            && crate::files::secret_glob::glob_may_match_secret(path, &self.cwd)
        {
            reasons.push(Reason {
                decision: Decision::Ask,
                risk: Risk::High,
                rule: Origin::Path(Cow::Borrowed("read-secret")),
                source: Source::Builtin,
                message: format!("the pattern `{path}` may match files that hold secrets"),
                span: Span::default(),
                unit: None,
                suggest: None,
            });
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
                paths::Access::Read => Decision::Allow,
                paths::Access::Write => Decision::Ask,
            },
        };
        let decision = match (self.mode, base) {
            (Mode::Plan, Decision::Ask | Decision::Allow) if access == paths::Access::Write => {
                Decision::Deny
            }
            (Mode::Strict | Mode::Plan, Decision::Ask) => Decision::Deny,
            (Mode::AcceptEdits | Mode::Auto | Mode::Bypass, Decision::Ask)
                if worst.is_none() || reasons.iter().all(|r| r.risk < Risk::High) =>
            {
                Decision::Allow
            }
            (Mode::Bypass, Decision::Ask) => Decision::Allow,
            (_, d) => d,
        };
        let risk = reasons.iter().map(|r| r.risk).max().unwrap_or(Risk::Low);
        PathVerdict {
            decision,
            risk,
            path: crate::files::resolve(path, &self.cwd),
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
    /// at its components again for every path (a batch of many lines). A link put in its place
    /// later is not seen, so a policy that outlives the moment (a session, a hook server) does
    /// not call this.
    pub(crate) fn snapshot_workspace(&mut self) {
        let resolved = crate::files::resolve(&self.cwd.to_string_lossy(), Path::new("/"));
        self.real_dir = (resolved == self.cwd && resolved.is_dir()).then_some(resolved);
    }

    /// Commands start in `dir` (relative: to the workspace) rather than the workspace root: their
    /// relative paths are resolved from there.
    pub fn start_in(&mut self, dir: &Path) {
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
            for name in rule.program_names() {
                self.by_program.entry(name.clone()).or_default().push(idx);
                // Rules that also match path-qualified programs are indexed by basename too.
            }
        }
        self.rules.push(rule);
    }

    fn check_examples(&self, idx: usize, origin: &str) -> Result<(), PolicyError> {
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

    /// Classify a command line.
    pub fn classify(&self, input: &str) -> Verdict {
        let analysis = analyze(input, &self.limits);
        self.decide(analysis)
    }

    /// Decide an analysis.
    pub fn decide(&self, analysis: Analysis) -> Verdict {
        let cx = CheckCtx {
            analysis: &analysis,
            cwd: &self.cwd,
        };
        let findings = checks::run_all(&cx);
        let mut global: Vec<Reason> = Vec::new();
        // The name of a unit's subcommand group (`git commit`), built in one reused buffer.
        let mut group_key = String::new();
        let dash_names =
            dash_names_possible(&analysis, self.start_dir.as_deref().unwrap_or(&self.cwd));
        // Rules. What each unit gathers before it is decided: exactly one state per unit (a
        // map, so no unit can be skipped and shift the others' indices).
        let mut states: Vec<UnitState> = analysis
            .units
            .iter()
            .enumerate()
            .map(|(i, unit)| {
                // The program's built-in group, looked up once for its options and its rules.
                let own = unit.program.as_deref().map(|p| (p, self.named_group(p)));
                let (spec, parsed) = self.parse_unit(unit);
                let mut input = MatchInput::new(unit, &parsed, &self.cwd);
                input.dash_names = dash_names;
                let groups = own.map_or_else(Vec::new, |(_, own)| {
                    self.groups_for(own, unit, &parsed, &mut group_key)
                });
                let mut state = UnitState {
                    reasons: Vec::new(),
                    hard: false,
                    edit_only: true,
                    writes: false,
                    groups: Vec::new(),
                    option_note: option_note(unit, &parsed),
                    parsed: None,
                };
                if let Some(err) = groups.iter().find_map(|g| g.load_error.as_deref()) {
                    // Cannot happen with a tested build; if it does, fail closed.
                    state.hard = true;
                    state.reasons.push(Reason {
                        decision: Decision::Ask,
                        risk: Risk::High,
                        rule: Origin::Engine("internal-error"),
                        source: Source::Builtin,
                        message: format!("built-in rules failed to load: {err}"),
                        span: unit.span,
                        unit: Some(i),
                        suggest: None,
                    });
                }
                let candidates = self.candidates(unit.program.as_deref()).chain(
                    groups
                        .iter()
                        .flat_map(|g| g.candidates(unit.program.as_deref())),
                );
                for rule in candidates {
                    if rule.matches(&input) {
                        state.reasons.push(Reason {
                            decision: rule.decision,
                            risk: rule.risk,
                            rule: Origin::Rule(rule.id.clone()),
                            source: rule.source.clone(),
                            message: rule.describe(),
                            span: unit.span,
                            unit: Some(i),
                            suggest: rule.suggest.clone(),
                        });
                    }
                }
                // `cargo build --help`, `git push --help`, `rm --version`, `gh help pr`: a known
                // program asked for its help text or version runs nothing (`help.rs`). Built-in asks about what the subcommand would do
                // give way; denies, checks, paths and flags still count.
                // A program with rules of its own (a built-in group of its own or of one of
                // its subcommands, or rules by name when the policy is compiled eagerly); only
                // asked when the unit asks for help.
                let known = || {
                    own.is_some_and(|(p, (g, name))| {
                        g.is_some()
                            || self.by_program.contains_key(p)
                            || self.by_program.contains_key(crate::programs::base(p))
                            || self.lazy && self.has_subcommands(name)
                    })
                };
                // The subcommand must be one the built-in policy knows: `cargo b --help` may be
                // a project alias for `run -- …`, which runs the project with `--help`.
                // A program the help catalogue lists for its help alone is known for that.
                let help =
                    help::asks_for_help(unit, spec.as_deref(), known).is_some_and(|h| match h {
                        help::Help::Program => true,
                        help::Help::Subcommand(sub) => {
                            own.is_some_and(|(p, _)| self.knows_subcommand(p, sub))
                        }
                    });
                if help {
                    state
                        .reasons
                        .retain(|r| r.source != Source::Builtin || r.decision != Decision::Ask);
                }
                if help && !state.reasons.iter().any(|r| r.decision == Decision::Allow) {
                    state.reasons.push(Reason {
                        decision: Decision::Allow,
                        risk: Risk::Low,
                        rule: Origin::Engine("help-text"),
                        source: Source::Builtin,
                        message:
                            "asks the program for its help text or version, which runs nothing"
                                .to_owned(),
                        span: unit.span,
                        unit: Some(i),
                        suggest: None,
                    });
                }
                state.groups = groups;
                state.parsed = Some(parsed);
                state
            })
            .collect();
        // Checks: their asks are not loosened by allow rules.
        for (id, f) in findings {
            let reason = Reason {
                decision: f.decision,
                risk: f.risk,
                rule: Origin::Check(id),
                source: Source::Builtin,
                message: f.message,
                span: f.span,
                unit: f.unit,
                suggest: None,
            };
            match f.unit.and_then(|u| states.get_mut(u)) {
                Some(state) => {
                    state.hard = true;
                    if !f.edit {
                        state.edit_only = false;
                    }
                    state.reasons.push(reason);
                }
                None => global.push(reason),
            }
        }
        // The path policy, for the files each unit reads and writes, each resolved against the
        // working directory as `cd`/`pushd`/`popd` earlier on the line leave it.
        let mut wd = paths::WorkingDir::new(
            self.start_dir.as_deref().unwrap_or(&self.cwd),
            self.real_dir.as_deref(),
        );
        for (i, (unit, state)) in analysis.units.iter().zip(&mut states).enumerate() {
            for (access, path, span) in paths::unit_paths(unit) {
                state.writes |= access == paths::Access::Write;
                let Some((resolved, looped)) = wd.resolve(&path) else {
                    if access == paths::Access::Write {
                        state.hard = true;
                        state.edit_only = false;
                        state.reasons.push(Reason {
                            decision: Decision::Ask,
                            risk: Risk::High,
                            rule: Origin::Path(Cow::Borrowed("write-after-unknown-cd")),
                            source: Source::Builtin,
                            message: format!(
                                "writes `{path}` relative to a directory changed to one known only at run time"
                            ),
                            span,
                            unit: Some(i),
                            suggest: None,
                        });
                    }
                    continue;
                };
                let own = paths::own_file_resolved(
                    &self.own_files,
                    &self.cwd,
                    access,
                    &resolved,
                    span,
                    Some(i),
                );
                let found = paths::decide_resolved(
                    &self.path_rules,
                    &self.cwd,
                    access,
                    &path,
                    &resolved,
                    looped,
                    span,
                    Some(i),
                );
                for r in found.into_iter().chain(own) {
                    if r.decision == Decision::Allow {
                        continue; // a path allow does not prove the program harmless
                    }
                    // No path finding is an edit accept-edits may allow: not even
                    // write-outside-workspace, which is found on the resolved path (a link
                    // inside the workspace may point out of it).
                    state.hard = true;
                    state.edit_only = false;
                    state.reasons.push(r);
                }
            }
            // Files a printer opens whose names are known only at run time.
            if let Some(parsed) = state
                .parsed
                .as_ref()
                .filter(|_| dynamic_reads::is_printer(unit))
            {
                for r in dynamic_reads::reasons(&analysis, i, &parsed.operands, &self.cwd) {
                    state.hard = true;
                    state.edit_only = false;
                    state.reasons.push(r);
                }
            }
            wd.follow(unit);
        }
        // Flags.
        for flag in &analysis.flags {
            let default = || {
                default_flag_decision(flag.kind)
                    .filter(|_| !self.group)
                    .map(|(d, r)| (Some(d), r, Source::Builtin))
            };
            let Some((Some(decision), risk, source)) =
                self.flags.get(&flag.kind).cloned().or_else(default)
            else {
                continue;
            };
            let unit = analysis
                .units
                .iter()
                .position(|u| u.span.start <= flag.span.start && flag.span.end <= u.span.end);
            global.push(Reason {
                decision,
                risk,
                rule: Origin::Flag(flag.kind.name()),
                source,
                message: flag_message(flag.kind, &flag.detail),
                span: flag.span,
                unit,
                suggest: None,
            });
        }
        let opaque = analysis.is_opaque();
        let mut units = Vec::with_capacity(analysis.units.len());
        for (i, (unit, state)) in analysis.units.iter().zip(states).enumerate() {
            let writes = state.writes;
            let mut uv = self.decide_unit(unit, i, state);
            if uv.read_only && !writes {
                uv.operation = Operation::Read;
            }
            units.push(uv);
        }
        let mut all: Vec<Reason> = Vec::new();
        let mut decision = Decision::Allow;
        for u in &units {
            decision = decision.max(u.decision);
        }
        for g in &mut global {
            g.decision = self.apply_mode_global(
                g.decision,
                matches!(g.rule, Origin::Flag(kind) if is_opaque_flag(kind)),
            );
            decision = decision.max(g.decision);
        }
        if analysis.units.is_empty() && global.is_empty() {
            // Nothing would run (empty input, comments): nothing to refuse.
            decision = Decision::Allow;
        }
        for u in &units {
            if u.decision == decision {
                all.extend(
                    u.reasons
                        .iter()
                        .filter(|r| r.decision >= decision || decision == Decision::Allow)
                        .cloned(),
                );
            }
        }
        all.extend(global.iter().filter(|g| g.decision == decision).cloned());
        if opaque && decision == Decision::Allow {
            // Defence in depth: an opaque analysis is never allowed.
            decision = Decision::Ask;
            all.push(Reason {
                decision: Decision::Ask,
                risk: Risk::High,
                rule: Origin::Engine("opaque"),
                source: Source::Builtin,
                message: "shclass could not see everything that would run".into(),
                span: Span::new(0, analysis.input.len()),
                unit: None,
                suggest: None,
            });
        }
        if decision == Decision::Ask && !self.untrusted.files.is_empty() {
            self.note_untrusted(&analysis, &mut units, &mut all);
        }
        all.sort_by(|a, b| {
            b.decision
                .cmp(&a.decision)
                .then(b.risk.cmp(&a.risk))
                .then(a.span.cmp(&b.span))
        });
        all.dedup();
        let risk = all
            .iter()
            .filter(|r| r.decision == decision)
            .map(|r| r.risk)
            .max()
            .unwrap_or(Risk::Low);
        Verdict {
            decision,
            risk,
            mode: self.mode,
            analysis,
            units,
            reasons: all,
        }
    }

    /// Say on an asking verdict what untrusted files would have loosened: their allow rules
    /// that match an asking unit, a mode that would allow asks, an ignored flag that fired.
    fn note_untrusted(
        &self,
        analysis: &Analysis,
        units: &mut [UnitVerdict],
        all: &mut Vec<Reason>,
    ) {
        for (i, (unit, uv)) in analysis.units.iter().zip(units.iter_mut()).enumerate() {
            if uv.decision != Decision::Ask || self.untrusted.rules.is_empty() {
                continue;
            }
            let (_, parsed) = self.parse_unit(unit);
            let input = MatchInput::new(unit, &parsed, &self.cwd);
            if let Some(r) = self.untrusted.rules.iter().find(|r| r.matches(&input)) {
                let mut note = untrusted_note(
                    &r.source,
                    &format!("would allow this (`{}`)", r.id),
                    Decision::Ask,
                    unit.span,
                );
                note.unit = Some(i);
                uv.reasons.push(note.clone());
                all.push(note);
            }
        }
        let whole = Span::new(0, analysis.input.len());
        for (source, mode) in &self.untrusted.modes {
            if matches!(mode, Mode::Bypass | Mode::Auto | Mode::AcceptEdits) && *mode != self.mode {
                let what = format!("sets `mode = \"{}\"`", mode.name());
                all.push(untrusted_note(source, &what, Decision::Ask, whole));
            }
        }
        for (source, kind) in &self.untrusted.flags {
            if let Some(f) = analysis.flags.iter().find(|f| f.kind == *kind) {
                let what = format!("lowers `flags.{}`", kind.name());
                all.push(untrusted_note(source, &what, Decision::Ask, f.span));
            }
        }
    }

    fn apply_mode_global(&self, d: Decision, opaque: bool) -> Decision {
        match (self.mode, d) {
            (Mode::Bypass | Mode::Auto, Decision::Ask) if !opaque => Decision::Allow,
            (Mode::Plan | Mode::Strict, Decision::Ask) => Decision::Deny,
            _ => d,
        }
    }

    fn decide_unit(&self, unit: &Unit, index: usize, state: UnitState<'_>) -> UnitVerdict {
        let UnitState {
            reasons,
            hard,
            edit_only,
            groups,
            option_note,
            ..
        } = state;
        let groups = groups.as_slice();
        let personal = |r: &&Reason| r.source.is_personal();
        // The winning tier keeps the unit's own reasons (moved, not copied).
        let tier: Vec<Reason>;
        let mut decision;
        if reasons.iter().any(|r| r.decision == Decision::Deny) {
            decision = Decision::Deny;
            tier = reasons
                .into_iter()
                .filter(|r| r.decision == Decision::Deny)
                .collect();
        } else if hard
            || reasons
                .iter()
                .filter(personal)
                .any(|r| r.decision == Decision::Ask)
        {
            decision = Decision::Ask;
            tier = reasons
                .into_iter()
                .filter(|r| {
                    r.decision == Decision::Ask
                        && (r.source.is_personal() || !self.is_rule(&r.rule, groups))
                })
                .collect();
        } else if reasons
            .iter()
            .filter(personal)
            .any(|r| r.decision == Decision::Allow)
        {
            decision = Decision::Allow;
            tier = reasons
                .into_iter()
                .filter(|r| r.source.is_personal() && r.decision == Decision::Allow)
                .collect();
        } else if reasons.iter().any(|r| r.decision == Decision::Ask) {
            decision = Decision::Ask;
            tier = reasons
                .into_iter()
                .filter(|r| r.decision == Decision::Ask)
                .collect();
        } else if reasons.iter().any(|r| r.decision == Decision::Allow) {
            decision = Decision::Allow;
            tier = reasons
                .into_iter()
                .filter(|r| r.decision == Decision::Allow)
                .collect();
        } else {
            decision = Decision::Ask;
            let name = unit.program.as_deref().unwrap_or("<dynamic>");
            tier = vec![Reason {
                decision: Decision::Ask,
                risk: if unit.program.is_some() {
                    Risk::Medium
                } else {
                    Risk::High
                },
                rule: Origin::NoRule,
                source: Source::Builtin,
                message: if unit.program.is_some() {
                    let name = self.command_name(unit, name);
                    match option_note {
                        Some(note) => format!("no rule covers `{name}` {note}"),
                        None => format!("no rule covers `{name}`"),
                    }
                } else {
                    "the program is not known until run time".to_owned()
                },
                span: unit.span,
                unit: Some(index),
                suggest: None,
            }];
        }
        let read_only = decision == Decision::Allow
            && tier
                .iter()
                .all(|r| !r.source.is_personal() && self.has_tag(&r.rule, "read-only", groups));
        let risk = tier.iter().map(|r| r.risk).max().unwrap_or(Risk::Low);
        let mut tier = tier;
        // Modes.
        let opaque_unit = unit.program.is_none();
        let before = decision;
        decision = match self.mode {
            Mode::Default => decision,
            Mode::Plan => {
                if decision == Decision::Allow && read_only {
                    Decision::Allow
                } else {
                    Decision::Deny
                }
            }
            Mode::AcceptEdits => {
                if decision == Decision::Ask && edit_only && self.is_edit(unit, &tier, groups) {
                    Decision::Allow
                } else {
                    decision
                }
            }
            Mode::Auto => {
                if decision == Decision::Ask && risk < Risk::Critical && !opaque_unit {
                    Decision::Allow
                } else {
                    decision
                }
            }
            Mode::Strict => {
                if decision == Decision::Ask {
                    Decision::Deny
                } else {
                    decision
                }
            }
            // Drop the asks, keep the denies: no mode turns a deny into allow.
            Mode::Bypass => {
                if decision == Decision::Ask && !opaque_unit {
                    Decision::Allow
                } else {
                    decision
                }
            }
        };
        if decision != before {
            tier.push(Reason {
                decision,
                risk,
                rule: Origin::Mode(self.mode.name()),
                source: Source::Builtin,
                message: format!(
                    "{} mode turns {} into {}",
                    self.mode.name(),
                    before,
                    decision
                ),
                span: unit.span,
                unit: Some(index),
                suggest: None,
            });
        }
        same_finding_once(&mut tier);
        UnitVerdict {
            decision,
            risk,
            reasons: tier,
            read_only,
            operation: Operation::Act,
        }
    }

    /// The rules that could match a unit running `program`: by name (or file name), plus the
    /// rules that name no program.
    /// The program and the subcommand words a no-rule reason names (`gh pr create`, not
    /// `gh`): a program with subcommands (a built-in rule names its first operand, or it is a
    /// subcommand CLI) followed by the leading operands that look like subcommands: two under
    /// a subcommand with subcommands of its own in the catalogue, else one.
    fn command_name(&self, unit: &Unit, program: &str) -> String {
        let spec = self.options_for(Some(program));
        let parsed = rule::parse_unit(unit, spec.as_deref());
        let words = help::subcommand_words(unit, &parsed.operands);
        let Some(&first) = words.first() else {
            return program.to_owned();
        };
        if !help::is_subcommand_cli(program) && !self.knows_subcommand(program, first) {
            return program.to_owned();
        }
        // A second word only under a subcommand with subcommands of its own in the catalogue
        // (`gh pr create`); elsewhere it is an operand (`systemctl status nginx`).
        let nested = |r: &Rule| r.subcommand().len() > 1 && r.subcommand()[0] == first;
        let has_nested = if self.lazy {
            lazy::group(&format!("{program} {first}"))
                .is_some_and(|g| g.candidates(Some(program)).any(nested))
        } else {
            self.candidates(Some(program)).any(nested)
        };
        let take = if has_nested { 2 } else { 1 };
        let mut out = program.to_owned();
        for w in words.into_iter().take(take) {
            out.push(' ');
            out.push_str(w);
        }
        out
    }

    fn candidates<'a>(&'a self, program: Option<&str>) -> impl Iterator<Item = &'a Rule> + 'a {
        let by_name = program
            .and_then(|p| {
                self.by_program
                    .get(p)
                    .or_else(|| self.by_program.get(crate::programs::base(p)))
            })
            .map_or(&[][..], Vec::as_slice);
        by_name
            .iter()
            .chain(&self.any_program)
            .filter_map(|&r| self.rules.get(r))
    }

    /// A rule by id, among this policy's rules and the built-in group of `program`.
    fn find_rule<'a>(&'a self, id: &str, groups: &[&'a Policy]) -> Option<&'a Rule> {
        let own = if self.group {
            self.rules.iter().find(|r| r.id == id)
        } else {
            self.by_id.get(id).and_then(|&i| self.rules.get(i))
        };
        own.or_else(|| groups.iter().find_map(|g| g.find_rule(id, &[])))
    }

    /// Did one of this policy's rules give the reason?
    fn is_rule(&self, origin: &Origin, groups: &[&Policy]) -> bool {
        origin
            .rule_id()
            .is_some_and(|id| self.find_rule(id, groups).is_some())
    }

    /// Did one of this policy's rules with `tag` give the reason?
    fn has_tag(&self, origin: &Origin, tag: &str, groups: &[&Policy]) -> bool {
        origin.rule_id().is_some_and(|id| {
            self.find_rule(id, groups)
                .is_some_and(|r| r.tags.iter().any(|t| t == tag))
        })
    }

    /// A unit whose only asks are edits (tag `edit` or edit findings) with every operand inside
    /// the workspace.
    fn is_edit(&self, unit: &Unit, tier: &[Reason], groups: &[&Policy]) -> bool {
        // Every reason must be an edit: a rule tagged `edit`, or a check finding (the caller
        // has checked those are edit findings). "No rule covers it" is not an edit.
        let tagged = tier.iter().all(|r| {
            if self.is_rule(&r.rule, groups) {
                self.has_tag(&r.rule, "edit", groups)
            } else {
                !matches!(r.rule, Origin::NoRule | Origin::Flag(_))
            }
        });
        let outside = pattern::ArgPattern::OutsideWorkspace;
        let inside = unit
            .args()
            .all(|a| a.value.is_some() && !outside.matches(a, &self.cwd))
            && unit.redirects.iter().all(|r| {
                r.target.as_deref().is_some_and(|t| {
                    !outside.matches(&crate::analyze::Arg::literal(t, r.span), &self.cwd)
                })
            });
        tagged && inside
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
}

fn is_opaque_flag(kind: &str) -> bool {
    FlagKind::from_name(kind).is_some_and(FlagKind::is_opaque)
}

/// The unit as one line (program and values joined by spaces; templates for dynamic words).
fn unit_line(unit: &Unit) -> String {
    let mut line = String::new();
    if let Some(p) = &unit.program {
        line.push_str(p);
    }
    for a in unit.args() {
        line.push(' ');
        line.push_str(a.value.as_deref().unwrap_or(&a.template));
    }
    line
}

/// What the no-rule reason adds about a unit's options: the first one its program's closed
/// table does not name, or the first one that writes, runs code or reaches the network.
fn option_note(unit: &Unit, parsed: &options::Parsed) -> Option<String> {
    let program = unit.program.as_deref().unwrap_or_default();
    if let Some(name) = &parsed.unknown {
        if let Some(option) = name
            .strip_suffix(options::RUN_TIME_VALUE)
            .map(str::trim_end)
        {
            return Some(format!(
                "with `{option}` and a value known only at run time, which `{program}` reads as an option if it starts with `-`"
            ));
        }
        return Some(format!(
            "with `{name}`: an option shclass does not know for `{program}`, so it cannot prove what it does"
        ));
    }
    parsed
        .effects
        .first()
        .map(|(name, effect)| format!("with `{name}`, which {}", effect.describe()))
}

/// Built-in rules and checks that report one finding under different names, each list in order
/// of preference: the path policy's (paths resolved as the kernel resolves them) or the rule that
/// says the most (and may say what to do instead) first,
/// the generic path or redirection finding last.
const SAME_FINDING: &[&[&str]] = &[
    &["read-secret", "secret-read", "read-unknown-path"],
    &[
        "rm-recursive-root",
        "rm-no-preserve-root",
        "recursive-delete",
    ],
    &[
        "sensitive-file-write",
        "write-startup-file",
        "write-protected-file",
        "redirect-write",
    ],
];

/// Could an unquoted glob of the line expand to a file name that begins with `-` (and so to an
/// option nobody checked)? Not when no glob begins with a wildcard (`src/*.rs` expands to
/// `src/…`); else yes when the line may create files before the glob expands (a unit that writes,
/// or one that changes directory), when the directory cannot be read, or when it holds such a
/// name. A directory that does not exist holds none.
fn dash_names_possible(analysis: &Analysis, dir: &Path) -> bool {
    let leading_glob = analysis.units.iter().any(|u| {
        u.args()
            .any(|a| a.glob && a.template.starts_with(['*', '?', '[']))
    });
    if !leading_glob {
        return false;
    }
    let writes = analysis.units.iter().any(|u| {
        matches!(u.program.as_deref(), Some("cd" | "pushd" | "popd"))
            || paths::unit_paths(u)
                .iter()
                .any(|(access, _, _)| *access == paths::Access::Write)
    });
    if writes {
        return true;
    }
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.map(|e| e.file_name().to_string_lossy().starts_with('-')))
            .any(|dash| dash.unwrap_or(true)),
        Err(e) => e.kind() != std::io::ErrorKind::NotFound,
    }
}

/// Keep one reason per finding in a unit's winning tier: among built-in reasons of one
/// [`SAME_FINDING`] list, the one with the highest risk, and of those the one listed first.
/// The unit's decision and risk do not change.
fn same_finding_once(tier: &mut Vec<Reason>) {
    // Each reason's (family, place in it), found once: the families are few and short, the
    // reasons many over a batch.
    let ranks: Vec<Option<(usize, usize)>> = tier.iter().map(finding_rank).collect();
    if ranks.iter().flatten().count() < 2 {
        return;
    }
    let mut drop = vec![false; tier.len()];
    for family in 0..SAME_FINDING.len() {
        let best = ranks
            .iter()
            .zip(tier.iter())
            .enumerate()
            .filter_map(|(k, (rank, r))| match rank {
                Some((f, pos)) if *f == family => Some((k, r.risk, *pos)),
                _ => None,
            })
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
            .map(|(k, _, _)| k);
        if let Some(best) = best {
            for (k, rank) in ranks.iter().enumerate() {
                if k != best && matches!(rank, Some((f, _)) if *f == family) {
                    drop[k] = true;
                }
            }
        }
    }
    let mut k = 0;
    tier.retain(|_| {
        let keep = !drop[k];
        k += 1;
        keep
    });
}

/// A built-in reason's [`SAME_FINDING`] list and its place in it.
fn finding_rank(r: &Reason) -> Option<(usize, usize)> {
    if r.source != Source::Builtin {
        return None;
    }
    let id: &str = match &r.rule {
        Origin::Rule(id) | Origin::Path(id) => id,
        Origin::Check(id) => id,
        _ => return None,
    };
    SAME_FINDING.iter().enumerate().find_map(|(f, family)| {
        family
            .iter()
            .position(|known| *known == id)
            .map(|pos| (f, pos))
    })
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

/// A word that can name a subcommand with a table of its own: letters of either case (`balooctl
/// indexSize`), digits, `-`, `_` and `.`, not an option.
fn is_subcommand_word(w: &str) -> bool {
    !w.is_empty()
        && !w.starts_with('-')
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}
