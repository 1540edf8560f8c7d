//! Structural checks: what rules written as data cannot say.
//!
//! One file per family, each a unit struct implementing [`Check`], registered in [`CHECKS`].
//! Each check's doc text (What it flags / Why it is risky / Example / Known gaps) is what
//! `shclass rules` prints, so the docs cannot drift. Checks read the analysis (units, flags)
//! and report [`Finding`]s; they never touch tree-sitter and never decide the final verdict —
//! the policy combines findings with rules (`crate::policy`).

mod common;
mod database;
mod destructive;
mod devices;
mod embedded;
mod env_prefix;
mod exfiltration;
mod fork_bomb;
mod obfuscation;
mod one_liner;
mod privilege;
mod redirect;
mod remote_code;
mod reverse_shell;
mod sensitive_write;
mod system;

use std::path::Path;

use crate::analyze::Analysis;
use crate::ast::Span;
use crate::policy::{Decision, Risk};

/// Declare a check: its doc comment becomes both the rustdoc and the text `shclass rules`
/// prints (`Self::DOC`), so the two cannot drift.
macro_rules! declare_check {
    ($(#[doc = $doc:literal])* $name:ident, $id:literal) => {
        $(#[doc = $doc])*
        pub(crate) struct $name;

        impl $name {
            /// Kebab-case id.
            pub(crate) const ID: &'static str = $id;
            /// The doc text.
            pub(crate) const DOC: &'static str = concat!($($doc, "\n"),*);
        }
    };
}
pub(crate) use declare_check;

/// What a check reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The unit it is about, by index, or `None` for the whole command.
    pub unit: Option<usize>,
    /// Ask or deny (a check never allows).
    pub decision: Decision,
    /// How risky.
    pub risk: Risk,
    /// For people: what was found.
    pub message: String,
    /// Where.
    pub span: Span,
    /// An `edit` finding may be allowed by the accept-edits mode when its paths stay inside
    /// the workspace.
    pub edit: bool,
}

/// What a check can see.
pub struct CheckCtx<'a> {
    /// The analysis of the command.
    pub analysis: &'a Analysis,
    /// The workspace root.
    pub cwd: &'a Path,
}

/// A structural check.
pub trait Check: Sync {
    /// Kebab-case id, used in reasons.
    fn id(&self) -> &'static str;
    /// What it flags, why it is risky, an example, known gaps.
    fn doc(&self) -> &'static str;
    /// Report findings.
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>);
}

/// Every check, in the order they run.
pub static CHECKS: &[&dyn Check] = &[
    &redirect::RedirectWrite,
    &privilege::Privilege,
    &destructive::RecursiveDelete,
    &destructive::MoveSystemDir,
    &destructive::FindDeleteRoot,
    &devices::DeviceWrite,
    &fork_bomb::ForkBomb,
    &remote_code::RemoteCode,
    &reverse_shell::ReverseShell,
    &exfiltration::SecretExfiltration,
    &exfiltration::SecretRead,
    &sensitive_write::SensitiveWrite,
    &system::KillAll,
    &database::DatabaseWipe,
    &env_prefix::EnvPrefix,
    &obfuscation::ObfuscatedPayload,
    &one_liner::InterpreterOneLiner,
    &embedded::EmbeddedCommand,
];

/// Run every check.
pub fn run_all(cx: &CheckCtx) -> Vec<(&'static str, Finding)> {
    let mut out = Vec::new();
    for check in CHECKS {
        let mut found = Vec::new();
        check.run(cx, &mut found);
        out.extend(found.into_iter().map(|f| (check.id(), f)));
    }
    out
}

/// Helpers for the checks' table-driven tests.
#[cfg(test)]
pub(crate) mod test_support {
    use std::path::Path;

    use super::{Check, CheckCtx};
    use crate::policy::Decision;

    /// The strongest decision `check` reports for `cmd` (workspace `/home/user/project`).
    pub(crate) fn decisions(check: &dyn Check, cmd: &str) -> Option<Decision> {
        let analysis = crate::analyze::analyze(cmd, &crate::Limits::default());
        let cx = CheckCtx {
            analysis: &analysis,
            cwd: Path::new("/home/user/project"),
        };
        let mut found = Vec::new();
        check.run(&cx, &mut found);
        found.iter().map(|f| f.decision).max()
    }
}
