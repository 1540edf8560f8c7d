//! `privilege-escalation`: commands run through sudo, doas, su, pkexec, runuser, run0 and the other
//! programs that run a command as another user.

use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::{Decision, Risk};
use crate::programs::is_escalator;

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

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use super::Privilege;
    use crate::decision::Decision;

    /// Every escalator of the catalogue asks, as a wrapper of a command and on its own (alone,
    /// `schroot` starts a login shell in the default chroot; its listing form runs nothing).
    #[test]
    fn every_escalator_asks() {
        for p in crate::programs::ESCALATORS {
            assert_eq!(
                decisions(&Privilege, &format!("{p} ls /root")),
                Some(Decision::Ask),
                "{p}"
            );
            assert_eq!(decisions(&Privilege, p), Some(Decision::Ask), "{p}");
        }
        assert_eq!(decisions(&Privilege, "schroot -l"), None);
        assert_eq!(decisions(&Privilege, "ls /root"), None);
    }
}
