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
    /// The same for git run after `cd DIR` or `pushd DIR` earlier on the line, and for
    /// `~/…` paths and relative paths that climb above the workspace's parent
    /// (`-C ../../../tmp/x`).
    ///
    /// **Known gaps**: the workspace's own repository config and relative paths next to it are
    /// trusted; a directory entered by a script or an earlier command line is not seen.
    ForeignRepository,
    "foreign-repository"
}

impl Check for ForeignRepository {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        // The directory the line moved to with `cd`/`pushd`, as written.
        let mut moved: Option<String> = None;
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if let Some(d) = super::destructive::cd_target(u) {
                moved = Some(d);
                continue;
            }
            if prog(u) != Some("git") {
                continue;
            }
            let mut dirs: Vec<(String, bool)> = Vec::new();
            // A `cd` to a run-time directory (`cd "$(git rev-parse --show-toplevel)"`) is
            // usually the workspace itself: only static places elsewhere count.
            if let Some(d) = moved.as_ref().filter(|d| !d.contains('$')) {
                dirs.push((d.clone(), false));
            }
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
                // workspace; an absolute or home one elsewhere, one that climbs higher, or a
                // run-time one, may be anybody's.
                let resolved = resolve(&dir, cx.cwd);
                let outside = dynamic
                    || if dir.starts_with(['/', '~']) {
                        !resolved.starts_with(cx.cwd)
                    } else {
                        !cx.cwd.parent().is_none_or(|p| resolved.starts_with(p))
                    };
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
            ("git -C ../../../../tmp/evil status", Some(Decision::Ask)),
            ("git -C ~/Downloads/x status", Some(Decision::Ask)),
            ("cd /tmp/evil && git status", Some(Decision::Ask)),
            ("pushd ~/Downloads/repo && git diff", Some(Decision::Ask)),
            ("cd src && git status", None),
            ("cd ../sibling && git log", None),
            (
                "cd \"$(git rev-parse --show-toplevel)\" && git status",
                None,
            ),
            ("git status", None),
            ("git log -C", None),
        ] {
            assert_eq!(decisions(&ForeignRepository, cmd), want, "{cmd}");
        }
    }
}
