//! `privilege-escalation`: commands run through sudo, doas, su, pkexec, runuser, run0 and the other
//! programs that run a command as another user.

use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::{Decision, Risk};

/// Programs that run a command as another user (or as root through a service manager), or with
/// another user's or the host's view of the system: sudo and its kin, systemd's `run0` and
/// `systemd-run` (a transient service of the system manager runs as root), the container-entry
/// tools `gosu`, `su-exec` and `setpriv`, and the root-only `chroot`, `schroot` and `nsenter`
/// (`nsenter -t 1 -a` is a root shell on the host).
fn is_escalator(p: &str) -> bool {
    matches!(
        p,
        "sudo"
            | "sudo-rs"
            | "doas"
            | "please"
            | "su"
            | "pkexec"
            | "runuser"
            | "run0"
            | "systemd-run"
            | "gosu"
            | "su-exec"
            | "setpriv"
            | "chroot"
            | "schroot"
            | "nsenter"
    )
}

declare_check! {
    /// **What it flags**: a unit reached through `sudo`, `doas`, `su -c`, `pkexec`, `runuser`, `run0`,
    /// `systemd-run`, `gosu`, `su-exec`, `setpriv`, `chroot`, `schroot` or `nsenter`, and
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
            // `schroot` on its own lists or describes chroots (`--list`, `--info`): the rules
            // decide those; what it runs is reached through it.
            let direct = unit
                .program
                .as_deref()
                .filter(|p| is_escalator(p) && *p != "schroot");
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
