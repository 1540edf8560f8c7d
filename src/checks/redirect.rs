//! `redirect-write`: output redirections that write files.

use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::{Decision, Risk};

declare_check! {
    /// **What it flags**: a unit whose output is redirected to a file (`>`, `>>`, `&>`, `>|`, `<>`),
    /// including redirects of enclosing compound commands (`{ ls; } > out`).
    ///
    /// **Why it is risky**: a redirect turns any reading program into a writer: `echo x > ~/.bashrc`
    /// is a write however harmless `echo` is.
    ///
    /// **Example**: `ls > listing.txt` → ask. Not flagged: `2>&1`, `> /dev/null`, `>&2`.
    ///
    /// **Known gaps**: the target of a dynamic redirect (`> "$f"`) is unknown; it is still asked about.
    RedirectWrite,
    "redirect-write"
}

impl Check for RedirectWrite {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, unit) in cx.analysis.units.iter().enumerate() {
            for r in unit.redirects.iter().filter(|r| r.writes_file()) {
                out.push(Finding {
                    unit: Some(i),
                    decision: Decision::Ask,
                    risk: Risk::Medium,
                    message: format!("writes to `{}` with `{}`", r.template, r.op),
                    span: r.span,
                    edit: true,
                });
            }
        }
    }
}
