//! `fork-bomb`: functions that call themselves in a pipeline or in the background.

use super::common::{ask, deny, pipelines_of};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::{Context, FlagKind, JobCount, Unit};
use crate::decision::Risk;

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
    /// And unbounded parallelism fed by an endless or huge producer: `yes | xargs -P0 -n1 sh
    /// -c 'sleep 1000'`, `seq 100000 | xargs -P0 -n1 sleep`, `parallel -j0` likewise (`-P 0`
    /// and `-j 0` mean "as many at once as there are inputs"; so does a count of 1000 or more).
    ///
    /// **Known gaps**: mutual recursion between two functions, bombs in scripts or
    /// interpreter one-liners (see `interpreter-one-liner`); for parallelism, producers other
    /// than `yes`, `seq` past 1000 and `cat` of `/dev/zero`/`/dev/urandom` are not seen. A count
    /// known only at run time (`-P "$n"`) fed by such a producer asks.
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
            // The loop's own condition is one word (`true`, `:`, `false`), never a job; a unit
            // inside an outer command's condition (`until while :; do sleep 9 & done; do :;
            // done`) is still the loop's.
            let inside = |u: &&crate::analyze::Unit| {
                lp.span.start <= u.span.start && u.span.end <= lp.span.end
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
        parallel_flood(cx, out);
    }
}

/// A producer that never ends or prints very many lines: `yes`, `seq` past 1000, `cat
/// /dev/zero`.
fn endless(u: &Unit) -> bool {
    let words: Vec<&str> = u.args().map(|a| a.value.as_deref().unwrap_or("")).collect();
    match u.program.as_deref() {
        Some("yes") => true,
        Some("seq" | "jot") => {
            words
                .iter()
                .filter_map(|w| w.parse::<f64>().ok())
                .any(|n| n.abs() >= 1000.0 || n.is_infinite())
                || words.iter().any(|w| w.eq_ignore_ascii_case("inf"))
        }
        Some("cat" | "head" | "tail") => words
            .iter()
            .any(|w| matches!(*w, "/dev/zero" | "/dev/urandom" | "/dev/random")),
        _ => false,
    }
}

/// Unbounded parallelism fed by an endless producer (see [`ForkBomb`]).
fn parallel_flood(cx: &CheckCtx, out: &mut Vec<Finding>) {
    let a = cx.analysis;
    for (i, u) in a.units.iter().enumerate() {
        // How many at once is read by the analysis, with the runner's option table.
        if u.jobs == JobCount::Bounded {
            continue;
        }
        let Some(pipe) = pipelines_of(a, u).first().copied() else {
            continue;
        };
        let Some(p) = a
            .units
            .iter()
            .find(|v| pipe.start <= v.span.start && v.span.end <= u.span.start && endless(v))
        else {
            continue;
        };
        let program = u.program.as_deref().unwrap_or("a command");
        let producer = p.program.as_deref().unwrap_or("a producer");
        out.push(if u.jobs == JobCount::Unbounded {
            deny(
                Some(i),
                pipe,
                format!(
                    "runs `{program}` once per line of `{producer}` with no limit on how many at \
                     once: the processes pile up until the process table is full"
                ),
            )
        } else {
            ask(
                Some(i),
                pipe,
                Risk::High,
                format!(
                    "runs `{program}` once per line of `{producer}`, as many at once as a count \
                     known only at run time says: `0` means no limit"
                ),
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

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
            // bypass: the endless loop inside another command's condition.
            (
                "until while :; do sleep 999 & done; do :; done",
                Some(Decision::Deny),
            ),
            (
                "if for ((;;)); do sleep 1 & done; then :; fi",
                Some(Decision::Deny),
            ),
            // A foreground sleep in the body's own condition paces the loop.
            ("while :; do if sleep 1; then date & fi; done", None),
            // bypass: unbounded parallelism fed by an endless producer
            (
                "yes | xargs -P0 -n1 sh -c 'sleep 1000'",
                Some(Decision::Deny),
            ),
            ("seq 100000 | xargs -P0 -n1 sleep", Some(Decision::Deny)),
            ("seq 100000 | xargs -P 0 -n1 sleep", Some(Decision::Deny)),
            ("yes | parallel -j0 sleep", Some(Decision::Deny)),
            // The runner and its options read as bash reads them, with its option table.
            ("seq 100000 | 'x''args' -P0 -n1 sleep", Some(Decision::Deny)),
            ("seq 100000 | xargs '-''P0' -n1 sleep", Some(Decision::Deny)),
            ("yes | xargs --max-p=0 sleep", Some(Decision::Deny)),
            ("yes | xargs -0P0 sleep", Some(Decision::Deny)),
            ("yes | timeout 9 xargs -P 5000 sleep", Some(Decision::Deny)),
            ("yes | parallel --jobs=0 sleep", Some(Decision::Deny)),
            ("yes | xargs -P0 -P4 sleep", None),
            // A count known only at run time may be 0.
            ("yes | xargs -P \"$n\" -n1 sleep", Some(Decision::Ask)),
            ("yes | parallel -j \"$n\" sleep", Some(Decision::Ask)),
            ("find . | xargs -P \"$n\" wc -l", None),
            ("yes | xargs -n1 echo -P0", None),
            ("seq 10 | xargs -P0 -n1 sleep", None),
            ("yes | xargs -P4 -n1 echo", None),
            ("find . -name '*.png' | xargs -P0 -n1 optipng", None),
        ] {
            assert_eq!(decisions(&super::ForkBomb, cmd), want, "{cmd}");
        }
    }
}
