//! What the engine answers: the verdict of a command and of each unit, the reasons, the
//! mode and the sources, and their JSON views (`Verdict::to_json`, the brief batch record).

use std::borrow::Cow;
use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use super::{Decision, Origin, Risk};
use crate::analyze::{Analysis, Unit, UnitJson};
use crate::ast::Span;

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
    /// For people (borrowed from the built-in policy where its text is the rule's own).
    pub message: Cow<'static, str>,
    /// Where in the input.
    pub span: Span,
    /// The unit, by index.
    pub unit: Option<usize>,
    /// What to do instead, when the rule says (`git push --force-with-lease`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggest: Option<Cow<'static, str>>,
}

/// The built-in findings whose ask no mode drops: a write to a file that decides what later
/// shells, editors, agents, git or CI run (`.git/hooks/`, `.envrc`, `.mcp.json`,
/// `.vscode/tasks.json`, `~/.bashrc`…), by a bash unit (`sensitive-file-write`) or a file tool
/// (`write-startup-file`). What is written there runs later, outside any prompt, so `auto` and
/// `bypass` keep the ask, as Claude Code's own bypass mode keeps asking for its protected paths.
const LASTING_ASKS: [&str; 2] = ["sensitive-file-write", "write-startup-file"];

impl Reason {
    /// An ask no mode turns into an allow: a person's own ask (a rule or an `ask` entry of a
    /// policy or Claude settings file: what they asked to be asked about, whatever the mode),
    /// or a write to a file that decides what later runs ([`LASTING_ASKS`]).
    pub(crate) fn lasting_ask(&self) -> bool {
        self.decision == Decision::Ask
            && match &self.rule {
                Origin::Check(id) => LASTING_ASKS.contains(id),
                Origin::Path(id) if self.source == Source::Builtin => {
                    LASTING_ASKS.contains(&id.as_ref())
                }
                Origin::Rule(_) | Origin::Path(_) => {
                    self.source.is_personal() && self.source != Source::Remembered
                }
                _ => false,
            }
    }

    /// What a permission mode did to a unit's decision (`bypass mode turns ask into allow`), or
    /// an ask it kept.
    pub(crate) fn mode(
        decision: Decision,
        risk: Risk,
        mode: &'static str,
        message: String,
        span: Span,
        unit: Option<usize>,
    ) -> Reason {
        Reason {
            decision,
            risk,
            rule: Origin::Mode(mode),
            source: Source::Builtin,
            message: message.into(),
            span,
            unit,
            suggest: None,
        }
    }

    /// A finding of the built-in path policy about a path (`read-secret`, `write-outside-workspace`).
    pub(crate) fn path(
        decision: Decision,
        risk: Risk,
        rule: &'static str,
        message: String,
        span: Span,
        unit: Option<usize>,
    ) -> Reason {
        Reason {
            decision,
            risk,
            rule: Origin::Path(Cow::Borrowed(rule)),
            source: Source::Builtin,
            message: message.into(),
            span,
            unit,
            suggest: None,
        }
    }
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
