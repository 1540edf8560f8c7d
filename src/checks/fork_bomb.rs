//! `fork-bomb`: functions that call themselves in a pipeline or in the background.

use super::common::deny;
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::{Context, FlagKind};

declare_check! {
    /// **What it flags**: a function whose body runs the function itself in a pipeline or in
    /// the background — `:(){ :|:& };:` and every renamed variant (`bomb(){ bomb|bomb& };bomb`,
    /// `f(){ f & f; }`).
    ///
    /// **Why it is risky**: each call starts two more, until the process table is full and the
    /// machine stops answering.
    ///
    /// **Example**: `f(){ f|f& }; f` → deny. A recursive function called in the foreground only
    /// (`f(){ f; }`) is not flagged.
    ///
    /// Also a loop that never ends by itself (`while true`, `while :`, `until false`, `for
    /// ((;;))`) whose body starts jobs in the background and waits for nothing in the
    /// foreground (`sleep`, `wait`, `read`): `while :; do sleep 999 & done` fills the process
    /// table as surely, one job per turn.
    ///
    /// **Known gaps**: mutual recursion between two functions, bombs in scripts or
    /// interpreter one-liners (see `interpreter-one-liner`), and unbounded parallelism fed by
    /// an endless producer (`yes | xargs -P0 …`) are not seen here.
    ForkBomb,
    "fork-bomb"
}

impl Check for ForkBomb {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let a = cx.analysis;
        for def in a.flags_of(FlagKind::FunctionDefinition) {
            let name = def.detail.as_str();
            if name.is_empty() {
                continue;
            }
            let hit = a.units.iter().enumerate().find(|(_, u)| {
                u.program.as_deref() == Some(name)
                    && def.span.start <= u.span.start
                    && u.span.end <= def.span.end
                    && u.in_context(Context::Function)
                    && (u.in_context(Context::Pipeline) || u.in_context(Context::Background))
            });
            if let Some((i, _)) = hit {
                out.push(deny(
                    Some(i),
                    def.span,
                    format!("`{name}` calls itself in a pipeline or the background: a fork bomb"),
                ));
            }
        }
        for lp in a.flags_of(FlagKind::EndlessLoop) {
            let inside = |u: &&crate::analyze::Unit| {
                lp.span.start <= u.span.start
                    && u.span.end <= lp.span.end
                    && !u.in_context(Context::Condition)
            };
            let mut body = a.units.iter().enumerate().filter(|(_, u)| inside(u));
            let paced = body.clone().any(|(_, u)| {
                !u.in_context(Context::Background)
                    && matches!(
                        u.program.as_deref(),
                        Some("sleep" | "wait" | "read" | "inotifywait" | "timeout")
                    )
            });
            if paced {
                continue;
            }
            if let Some((i, u)) = body.find(|(_, u)| u.in_context(Context::Background)) {
                out.push(deny(
                    Some(i),
                    lp.span,
                    format!(
                        "starts `{}` in the background on every turn of a loop that never ends: \
                         the jobs pile up until the process table is full",
                        u.program.as_deref().unwrap_or("a job")
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::policy::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            (":(){ :|:& };:", Some(Decision::Deny)),
            ("bomb(){ bomb|bomb& };bomb", Some(Decision::Deny)),
            ("f(){ f|f& }; f", Some(Decision::Deny)),
            ("function x { x | x & }; x", Some(Decision::Deny)),
            ("f(){ f & f; }; f", Some(Decision::Deny)),
            ("f(){ echo hi; }; f", None),
            ("f(){ g | g & }; f", None),
            (
                "while true; do sh -c 'sleep 100' & done",
                Some(Decision::Deny),
            ),
            ("while :; do sleep 999 & done", Some(Decision::Deny)),
            ("until false; do (sleep 999 &); done", Some(Decision::Deny)),
            ("for ((;;)); do sleep 1000 & done", Some(Decision::Deny)),
            ("while true; do ./worker & sleep 5; done", None),
            ("while true; do job & wait; done", None),
            ("while true; do date; sleep 1; done", None),
            ("while read l; do echo \"$l\" & done < f", None),
            ("for ((i=0;i<3;i++)); do sleep 1 & done", None),
            ("while true; do :; done", None),
        ] {
            assert_eq!(decisions(&super::ForkBomb, cmd), want, "{cmd}");
        }
    }
}
