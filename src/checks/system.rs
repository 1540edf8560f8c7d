//! `kill-all-processes`: signals sent to every process.

use super::common::{deny, prog, text};
use super::{Check, CheckCtx, Finding, declare_check};

declare_check! {
    /// **What it flags**: `kill` with the process id `-1` (`kill -9 -1`, `kill -KILL -1`,
    /// `kill -s KILL -1`, `kill -- -1`), and `pkill`/`killall` with a pattern that matches every
    /// process (`.`, `.*`, `^`) or that inverts the match (`pkill -v PATTERN`).
    ///
    /// **Why it is risky**: `-1` means every process the user may signal: the session, the
    /// editor, the agent itself — as root, the whole system.
    ///
    /// **Example**: `kill -9 -1` → deny. `kill -1 1234` (SIGHUP to one process) is not flagged.
    ///
    /// **Known gaps**: process ids computed at run time (`kill -9 $(pgrep .)`) are not resolved.
    KillAll,
    "kill-all-processes"
}

impl Check for KillAll {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            // Collected only for the programs below.
            let words = std::cell::LazyCell::new(|| u.args().map(text).collect::<Vec<&str>>());
            let hit = match prog(u) {
                Some("kill") => {
                    let mut k = 0;
                    let mut signal_seen = false;
                    let mut pids = Vec::new();
                    while k < words.len() {
                        let w = words[k];
                        if w == "--" {
                            pids.extend(words[k + 1..].iter().copied());
                            break;
                        }
                        if matches!(w, "-s" | "-n" | "--signal") {
                            signal_seen = true;
                            k += 2;
                            continue;
                        }
                        if w.starts_with('-') && !signal_seen && w.len() > 1 {
                            signal_seen = true;
                        } else {
                            pids.push(w);
                        }
                        k += 1;
                    }
                    pids.contains(&"-1")
                }
                Some("pkill" | "killall" | "pgrep") if prog(u) != Some("pgrep") => {
                    // `pkill -v PATTERN` signals every process that does not match.
                    let inverse = prog(u) == Some("pkill")
                        && words.iter().any(|w| {
                            *w == "--inverse"
                                || w.starts_with('-')
                                    && !w.starts_with("--")
                                    && w[1..].bytes().all(|b| b.is_ascii_alphanumeric())
                                    && w[1..].contains('v')
                        });
                    inverse
                        || words
                            .iter()
                            .filter(|w| !w.starts_with('-'))
                            .any(|w| matches!(*w, "." | ".*" | "^" | "" | ".+"))
                }
                _ => false,
            };
            if hit {
                out.push(deny(
                    Some(i),
                    u.span,
                    "signals every process: the session, the agent and (as root) the system"
                        .to_owned(),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("kill -9 -1", Some(Decision::Deny)),
            ("kill -KILL -1", Some(Decision::Deny)),
            ("kill -s KILL -1", Some(Decision::Deny)),
            ("kill -- -1", Some(Decision::Deny)),
            ("sudo kill -9 -1", Some(Decision::Deny)),
            ("pkill -9 -f .", Some(Decision::Deny)),
            ("pkill -v sshd", Some(Decision::Deny)),
            ("pkill --inverse -9 x", Some(Decision::Deny)),
            ("kill -1 1234", None),
            ("kill -9 1234", None),
            ("pkill -f node", None),
        ] {
            assert_eq!(decisions(&super::KillAll, cmd), want, "{cmd}");
        }
    }
}
