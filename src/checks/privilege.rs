//! `privilege-escalation`: commands run through sudo, doas, su, pkexec or runuser.

use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::{Decision, Risk};

/// Programs that run a command as another user.
fn is_escalator(p: &str) -> bool {
    matches!(p, "sudo" | "doas" | "su" | "pkexec" | "runuser")
}

declare_check! {
    /// **What it flags**: a unit reached through `sudo`, `doas`, `su -c`, `pkexec` or `runuser`, and
    /// those programs run on their own (`sudo -i`, `su -`).
    ///
    /// **Why it is risky**: whatever the inner command is, it runs with another user's (usually
    /// root's) rights; a read-only command under sudo can read secrets the agent must not see.
    ///
    /// **Example**: `sudo ls /root` → ask (high).
    ///
    /// **Known gaps**: escalation hidden in a script file or an alias is not seen.
    Privilege,
    "privilege-escalation"
}

impl Check for Privilege {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, unit) in cx.analysis.units.iter().enumerate() {
            let via = unit.via.iter().find(|v| is_escalator(v));
            let direct = unit.program.as_deref().filter(|p| is_escalator(p));
            if let Some(name) = via.map(String::as_str).or(direct) {
                out.push(Finding {
                    unit: Some(i),
                    decision: Decision::Ask,
                    risk: Risk::High,
                    message: format!("runs with elevated rights through `{name}`"),
                    span: unit.span,
                    edit: false,
                });
            }
        }
    }
}
