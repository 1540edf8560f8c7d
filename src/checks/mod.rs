//! Structural checks: what rules written as data cannot say.
//!
//! One file per family, each a unit struct implementing [`Check`], registered in [`CHECKS`].
//! Each check's doc text (What it flags / Why it is risky / Example / Known gaps) is what
//! `shclass rules` prints, so the docs cannot drift. Checks read the analysis (units, flags)
//! and report [`Finding`]s; they never touch tree-sitter and never decide the final verdict —
//! the policy combines findings with rules (`crate::policy`).

mod privilege;
mod redirect;

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
pub static CHECKS: &[&dyn Check] = &[&redirect::RedirectWrite, &privilege::Privilege];

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
