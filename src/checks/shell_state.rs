//! `shell-state`: `set` and `shopt` options that change how the rest of the line (and of an
//! agent's persistent shell) is read or run. Only a closed list of options is known harmless.

use super::common::{ask, prog, text};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::Unit;
use crate::analyze::shell_options::{set_problem, shopt_problem};
use crate::decision::Risk;

declare_check! {
    /// **What it flags**: `set` and `shopt` with any option outside a closed list known to
    /// change nothing about what runs: `set -e -u -f -C -v -b -h -n -E`, `-o errexit`,
    /// `nounset`, `pipefail`, `noglob`, `noclobber`, `verbose`, `notify`, `hashall`, `noexec`,
    /// `errtrace` (either sign), `set +x`/`+o xtrace`, positional parameters after `--`;
    /// `shopt -s/-u globstar`, `failglob`, `nocasematch`, `checkwinsize`, `histappend`,
    /// `cmdhist`, `inherit_errexit`, `lastpipe`, `shopt -u dotglob`/`nocaseglob`/`nullglob`
    /// and `shopt -s globasciiranges` (bash's defaults), `shopt -p`/`-q`. Anything else → ask
    /// (high).
    ///
    /// **Why it is risky**: `set -k` puts every later `NAME=value` argument into the program's
    /// environment (`ls LD_PRELOAD=./x.so`), `set -a` exports every later assignment
    /// (`TAR_OPTIONS`, `GIT_CONFIG_*`), `set -x` runs the code in `PS4`, `set -T` lets traps
    /// run in functions and substitutions, `shopt -s expand_aliases` makes aliases defined on
    /// the line replace program names, `shopt -s xpg_echo` makes `echo` decode escapes,
    /// `extglob` and `set -o posix` change how later lines are parsed, `shopt -s dotglob` and
    /// `nocaseglob` make a later glob expand to a secret the checks do not see in it
    /// (`shopt -s dotglob; cat *` prints `.env`, `shopt -s nocaseglob; cat .EN[V]` too), and
    /// `nullglob` makes a glob that matches nothing vanish, so an operand list can become
    /// empty (`shopt -s nullglob; grep -r KEY *.txt` searches `.`, `.env` included), in this
    /// line or in a later one of a persistent shell.
    ///
    /// **Example**: `set -euo pipefail; ls` → not flagged; `set -k; ls X=1` → ask.
    ///
    /// **Known gaps**: options set before the line (a profile, an earlier command in a
    /// persistent shell) are not seen; `SHELLOPTS`/`BASHOPTS` in the environment are left to
    /// `env-prefix`.
    ShellState,
    "shell-state"
}

fn problem(u: &Unit) -> Option<String> {
    let args: Vec<&str> = u.args().map(text).collect();
    if u.args().any(|a| a.value.is_none()) {
        return Some("an option decided at run time".to_owned());
    }
    match prog(u)? {
        "set" => set_problem(&args),
        "shopt" => shopt_problem(&args),
        _ => None,
    }
}

impl Check for ShellState {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if !matches!(prog(u), Some("set" | "shopt")) {
                continue;
            }
            if let Some(what) = problem(u) {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!(
                        "`{what}` changes how later commands are read or run (only a closed list \
                         of shell options is known harmless)"
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ShellState;
    use crate::checks::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn only_listed_options_pass() {
        let flagged = [
            "set -k",
            "set -a",
            "set -o allexport",
            "set -x",
            "set -T",
            "set -B",
            "set +B",
            "set -o posix",
            "set -euk",
            "set -e -o vi",
            "shopt -s expand_aliases",
            "shopt -s xpg_echo",
            "shopt -s extglob",
            "shopt -os allexport",
            "shopt -s -o allexport",
            "set $x",
            "shopt -s dotglob",
            "shopt -s nullglob dotglob",
            "shopt -s nocaseglob",
            "shopt -s nullglob",
            "shopt -s globstar nullglob",
            "shopt -u globasciiranges",
        ];
        let quiet = [
            "set -e",
            "set -euo pipefail",
            "set +x",
            "set +o xtrace",
            "set -- -k a b",
            "set",
            "set -o",
            "shopt -s globstar",
            "shopt -s failglob",
            "shopt -u nullglob dotglob",
            "shopt -u nocaseglob",
            "shopt -s globasciiranges",
            "shopt -q extglob",
            "shopt -p",
            "shopt",
        ];
        for cmd in flagged {
            assert_eq!(decisions(&ShellState, cmd), Some(Decision::Ask), "{cmd}");
        }
        for cmd in quiet {
            assert_eq!(decisions(&ShellState, cmd), None, "{cmd}");
        }
    }
}
