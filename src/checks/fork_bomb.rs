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
    /// **Known gaps**: mutual recursion between two functions and bombs in scripts or
    /// interpreter one-liners (see `interpreter-one-liner`) are not seen here.
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
        ] {
            assert_eq!(decisions(&super::ForkBomb, cmd), want, "{cmd}");
        }
    }
}
