//! `foreign-repository`: git pointed at another repository with `-C`, `--git-dir` or
//! `--work-tree`.

use super::common::{ask, prog, text};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::policy::Risk;
use crate::policy::paths::resolve;

declare_check! {
    /// **What it flags**: `git -C DIR …`, `git --git-dir=DIR …` or `git --work-tree=DIR …` (also
    /// `GIT_DIR=`/`GIT_WORK_TREE=` prefixes) where DIR is an absolute path outside the workspace
    /// or not static.
    ///
    /// **Why it is risky**: even a reading git command loads the repository's own config, and a
    /// config can run commands (`core.fsmonitor`, `core.pager`, hooks, `diff.external`). A
    /// repository the agent did not create — a download, another user's checkout — turns
    /// `git status` into code execution.
    ///
    /// **Example**: `git -C /tmp/untrusted status` → ask (high). Not flagged: `git -C sub log`
    /// inside the workspace, `git -C ../sibling status` next to it.
    ///
    /// **Known gaps**: the workspace's own repository config and relative paths next to it are
    /// trusted; `cd /elsewhere && git status` is not seen here.
    ForeignRepository,
    "foreign-repository"
}

impl Check for ForeignRepository {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if prog(u) != Some("git") {
                continue;
            }
            let mut dirs: Vec<(String, bool)> = Vec::new();
            let args: Vec<&crate::analyze::Arg> = u.args().collect();
            let mut k = 0;
            while k < args.len() {
                let t = text(args[k]);
                let dynamic = args[k].value.is_none();
                if matches!(t, "-C" | "--git-dir" | "--work-tree") {
                    if let Some(v) = args.get(k + 1) {
                        dirs.push((text(v).to_owned(), v.value.is_none()));
                    }
                    k += 2;
                    continue;
                }
                if let Some(v) = t
                    .strip_prefix("--git-dir=")
                    .or_else(|| t.strip_prefix("--work-tree="))
                {
                    dirs.push((v.to_owned(), dynamic));
                } else if !t.starts_with('-') {
                    break; // the subcommand: later options are its own
                }
                k += 1;
            }
            for a in &u.assignments {
                if matches!(a.name.as_str(), "GIT_DIR" | "GIT_WORK_TREE") && a.exported {
                    dirs.push((a.template.clone(), a.value.is_none()));
                }
            }
            for (dir, dynamic) in dirs {
                // A relative path (`../sibling`) is the person's own checkout next to the
                // workspace; an absolute one elsewhere, or a run-time one, may be anybody's.
                let outside =
                    dynamic || (dir.starts_with('/') && !resolve(&dir, cx.cwd).starts_with(cx.cwd));
                if outside {
                    out.push(ask(
                        Some(i),
                        u.span,
                        Risk::High,
                        format!(
                            "git runs in `{dir}`, outside the workspace: that repository's config can run commands"
                        ),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use super::ForeignRepository;
    use crate::policy::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("git -C /tmp/untrusted status", Some(Decision::Ask)),
            ("git --git-dir=/srv/x/.git log", Some(Decision::Ask)),
            ("git -C \"$d\" status", Some(Decision::Ask)),
            ("GIT_DIR=/tmp/x/.git git status", Some(Decision::Ask)),
            ("git -C sub log", None),
            ("git -C ../sibling status", None),
            ("git status", None),
            ("git log -C", None),
        ] {
            assert_eq!(decisions(&ForeignRepository, cmd), want, "{cmd}");
        }
    }
}
