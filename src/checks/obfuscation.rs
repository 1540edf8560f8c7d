//! `obfuscated-payload`: commands whose program is hidden (computed, split by IFS, made of
//! confusable characters) while the visible words already show a catastrophe.

use super::common::{catastrophe, deny, prog, split_template, text};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::Unit;

declare_check! {
    /// **What it flags**: a unit whose program is not static, or contains non-ASCII or
    /// invisible characters, when its visible words — after splitting on `$IFS` references and
    /// odd spaces, dropping quotes, substituting variables assigned earlier in the line
    /// (`c="rm -rf /"; $c`, with a changed `IFS`) and `set --` arguments for `"$@"` — already
    /// show a catastrophe: a recursive delete of `/`, `~`, a system directory or the workspace,
    /// `--no-preserve-root`, or a write to a disk device. Also `eval`/`sh -c` strings built at
    /// run time whose static text shows one (`eval "$x -rf /"`). Examples: `$x -rf /`,
    /// `rm${IFS}-rf${IFS}/`, `$(echo rm) -rf /`, `"$(printf '\x72\x6d')" -rf /`, `r$@m -rf /`,
    /// `/*/rm -rf /`, `rm<U+00A0>-rf /`.
    ///
    /// **Why it is risky**: hiding the program name is how a payload slips past rules written
    /// for `rm`; when the rest of the command is `-rf /`, the intent is plain.
    ///
    /// **Example**: `$(echo rm) -rf /` → deny. `$cmd --version` stays the engine's ask (the
    /// program is unknown).
    ///
    /// **Known gaps**: payloads whose arguments are hidden too (`$a $b $c`) are only asked about.
    ObfuscatedPayload,
    "obfuscated-payload"
}

fn hidden_program(u: &Unit) -> bool {
    match u.program.as_deref() {
        None => true,
        Some(p) => !p.chars().all(|c| c.is_ascii_graphic()),
    }
}

fn ifs_of(u: &Unit) -> Option<String> {
    u.assignments
        .iter()
        .rev()
        .find(|a| a.name == "IFS")
        .and_then(|a| a.value.clone())
}

/// The words of a hidden-program unit, as run-time splitting might produce them.
fn guessed_words(u: &Unit, set_args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let ifs = ifs_of(u);
    for (k, a) in u.argv.iter().enumerate() {
        if let Some(v) = &a.value {
            if k == 0 {
                out.extend(split_template(v));
            } else {
                out.push(v.to_string());
            }
            continue;
        }
        let t = a.template.trim_matches('"');
        if matches!(t, "$@" | "${@}" | "$*" | "${*}") {
            out.extend(set_args.iter().cloned());
            continue;
        }
        // `$name` / `${name}` assigned earlier in the line.
        let name = t
            .strip_prefix("${")
            .and_then(|r| r.strip_suffix('}'))
            .or_else(|| t.strip_prefix('$'));
        if let Some(n) = name.filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            && let Some(val) = u
                .assignments
                .iter()
                .rev()
                .find(|x| x.name == n)
                .and_then(|x| x.value.clone())
        {
            match &ifs {
                Some(sep) if !sep.is_empty() => out.extend(
                    val.split(|c| sep.contains(c))
                        .filter(|w| !w.is_empty())
                        .map(str::to_owned),
                ),
                _ => out.extend(split_template(&val)),
            }
            continue;
        }
        out.extend(split_template(&a.template));
    }
    out
}

impl Check for ObfuscatedPayload {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let a = cx.analysis;
        let mut set_args: Vec<String> = Vec::new();
        for (i, u) in a.units.iter().enumerate() {
            if prog(u) == Some("set") {
                let w: Vec<&str> = u.args().map(text).collect();
                if let Some(pos) = w.iter().position(|x| *x == "--") {
                    set_args = w[pos + 1..].iter().map(|s| (*s).to_owned()).collect();
                }
                continue;
            }
            if hidden_program(u) {
                let mut words = guessed_words(u, &set_args);
                if u.program.is_none()
                    && !words.is_empty()
                    && u.argv.first().is_some_and(|a| a.value.is_none())
                {
                    // The program word itself is unknown: judge the rest without a name,
                    // unless splitting showed one.
                    let first = &u.argv[0].template;
                    if first.starts_with("$(")
                        || first.starts_with('`')
                        || first.starts_with("\"$(")
                    {
                        words.insert(0, String::new());
                    }
                }
                if words.is_empty() {
                    continue;
                }
                // With a known first word from splitting, also try it without a name.
                let mut found = catastrophe(&words, cx.cwd);
                if found.is_none() {
                    let mut anon = words.clone();
                    anon[0] = String::new();
                    found = catastrophe(&anon, cx.cwd);
                }
                // The source text itself, split the same way (robust to how the parser cut it).
                if found.is_none()
                    && let Some(raw) = a.input.get(u.span.start..u.span.end)
                {
                    let mut words = split_template(raw);
                    if !words.is_empty() {
                        found = catastrophe(&words, cx.cwd);
                        words[0] = String::new();
                        found = found.or_else(|| catastrophe(&words, cx.cwd));
                    }
                }
                // `$0 -c "rm -rf ~"`, `"$SHELL" -c '…'`: a code string among the words.
                if found.is_none() {
                    found = u
                        .args()
                        .filter_map(|x| x.value.as_deref())
                        .filter(|v| v.contains(' '))
                        .find_map(|v| super::common::catastrophe_in_code(v, cx.cwd));
                }
                if let Some(c) = found {
                    out.push(deny(
                        Some(i),
                        u.span,
                        format!("the program is hidden, but the command shows {c}"),
                    ));
                }
                continue;
            }
            // `eval "$x -rf /"`, `bash -c "$p -rf ~"`: code built at run time.
            let code_runner =
                matches!(prog(u), Some("eval")) || prog(u).is_some_and(super::common::is_shell);
            if code_runner {
                for arg in u.args().filter(|x| x.value.is_none()) {
                    let mut words = split_template(&arg.template);
                    if words.is_empty() {
                        continue;
                    }
                    words.insert(0, String::new());
                    if let Some(c) = catastrophe(&words, cx.cwd) {
                        out.push(deny(
                            Some(i),
                            u.span,
                            format!("code built at run time shows {c}"),
                        ));
                        break;
                    }
                }
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
            ("$x -rf /", Some(Decision::Deny)),
            ("rm${IFS}-rf${IFS}/", Some(Decision::Deny)),
            ("rm$IFS-rf$IFS~", Some(Decision::Deny)),
            ("$(echo rm) -rf /", Some(Decision::Deny)),
            ("\"$(printf '\\x72\\x6d')\" -rf /", Some(Decision::Deny)),
            ("r$@m -rf /", Some(Decision::Deny)),
            ("IFS=,; c=\"rm,-rf,/\"; $c", Some(Decision::Deny)),
            ("c='rm -rf /'; $c", Some(Decision::Deny)),
            ("set -- rm -rf /; \"$@\"", Some(Decision::Deny)),
            (
                "alias_cmd=$(which rm); $alias_cmd -rf ~",
                Some(Decision::Deny),
            ),
            ("eval \"$x -rf /\"", Some(Decision::Deny)),
            ("/usr/bin/r? -rf ~", Some(Decision::Deny)),
            ("rm\u{a0}-rf /", Some(Decision::Deny)),
            ("$x of=/dev/sda", Some(Decision::Deny)),
            ("$0 -c \"rm -rf ~\"", Some(Decision::Deny)),
            // A variable naming a shell is analysed as `sh` (decompose), so its `-c` code is
            // a unit of its own and the `rm` rules deny it; this check has nothing to add.
            ("\"$SHELL\" -c 'rm -rf /'", None),
            ("cmd=rm; $cmd -rf /tmp/example", None),
            ("$EDITOR file.txt", None),
            ("rm -rf /", None),
        ] {
            assert_eq!(decisions(&super::ObfuscatedPayload, cmd), want, "{cmd}");
        }
    }
}
