//! Interactive use: `shclass exec` (decide, ask a person on ask, then run with bash) and
//! `shclass repl` (classify and explain each line typed, with `/mode`, `/rules`, `/policy`,
//! `/why`, `/always`, `/quit`).
//!
//! Both work on any reader and writer the caller gives them; the CLI passes the terminal. With
//! nobody to ask (no terminal), an ask is a no: the command does not run. This module decides
//! nothing itself (that is [`Session`]) and never reads the real terminal on its own.

use std::io::{self, BufRead, Write};

use crate::audit::Approver;
use crate::policy::{Decision, Mode, Origin, Source, Verdict};
use crate::session::{Answer, Outcome, RememberScope, Session};

/// Exit code of `exec` when the command did not run because it was refused (policy deny or a
/// person's no). `EX_NOPERM` from sysexits.
pub(crate) const EXIT_REFUSED: u8 = 77;
/// Exit code of `exec` when the command needed approval and there was no terminal to ask.
/// `EX_TEMPFAIL` from sysexits: it may run when someone can answer.
pub(crate) const EXIT_NO_TERMINAL: u8 = 75;

/// What `exec` decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ExecResult {
    /// Allowed (by the policy or a person): the caller runs it, with [`run`].
    Run,
    /// Refused by the policy or a person.
    Refused,
    /// It needed approval and nobody could be asked.
    NoTerminal,
}

impl ExecResult {
    /// The exit code `shclass exec` returns when the command does not run.
    pub(crate) fn exit_code(&self) -> Option<u8> {
        match self {
            ExecResult::Run => None,
            ExecResult::Refused => Some(EXIT_REFUSED),
            ExecResult::NoTerminal => Some(EXIT_NO_TERMINAL),
        }
    }
}

/// Run `cmd` with `bash -c`. On Unix the process becomes bash (`execvp`), so the command's
/// status and signals are the process's own; this returns only when bash could not be
/// started. Replacing the process, rather than spawning a child and waiting, also keeps
/// `std::process`'s spawning machinery (25 libc symbols the loader binds at every start of
/// every `shclass hook`) out of the binary.
#[cfg(unix)]
pub(crate) fn run(cmd: &str) -> io::Error {
    use std::os::unix::process::CommandExt;
    bash(cmd).exec()
}

/// Variables that make bash run code or change how it parses before the command starts:
/// `BASH_ENV`/`ENV` name a file bash sources, `SHELLOPTS`/`BASHOPTS` switch options on, `PS4`
/// is expanded under `xtrace`, and `BASH_FUNC_*` are exported functions that shadow programs.
/// They are removed so that what runs is what was analysed.
fn is_code_variable(name: &std::ffi::OsStr) -> bool {
    let Some(name) = name.to_str() else {
        return false;
    };
    matches!(name, "BASH_ENV" | "ENV" | "SHELLOPTS" | "BASHOPTS" | "PS4")
        || name.starts_with("BASH_FUNC_")
}

/// `bash -c CMD` with [`is_code_variable`]s removed from its environment.
fn bash(cmd: &str) -> std::process::Command {
    let mut c = std::process::Command::new("bash");
    c.arg("-c").arg(cmd);
    for (name, _) in std::env::vars_os() {
        if is_code_variable(&name) {
            c.env_remove(name);
        }
    }
    c
}

/// Run `cmd` with `bash -c` and return its exit code.
#[cfg(not(unix))]
pub(crate) fn run(cmd: &str) -> io::Error {
    match bash(cmd).status() {
        Ok(s) => std::process::exit(s.code().unwrap_or(1)),
        Err(e) => e,
    }
}

/// Somebody to ask: a reader of answers and a writer for the question.
pub(crate) struct Prompt<'a> {
    /// Where answers come from (the terminal).
    pub input: &'a mut dyn BufRead,
    /// Where "always" is kept.
    pub remember: RememberScope,
}

/// Parse an answer: y/yes, n/no (and anything else), a/always.
pub(crate) fn parse_answer(line: &str, remember: &RememberScope) -> Answer {
    match line.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" => Answer::Yes,
        "a" | "always" => Answer::Always(remember.clone()),
        _ => Answer::No,
    }
}

/// Decide `cmd`; on ask, ask through `prompt` (or refuse when there is none). Messages go to
/// `err`. Running an allowed command is the caller's next step ([`run`]), after it has saved
/// what this session learnt.
pub(crate) fn exec(
    session: &mut Session,
    cmd: &str,
    prompt: Option<Prompt<'_>>,
    err: &mut dyn Write,
) -> io::Result<ExecResult> {
    let mut out = session.check_command("exec", cmd);
    match out.decision {
        Decision::Allow => {}
        Decision::Deny => {
            write!(err, "{}", explain_outcome(&out))?;
            writeln!(err, "shclass: not run (denied)")?;
            return Ok(ExecResult::Refused);
        }
        Decision::Ask => {
            write!(err, "{}", explain_outcome(&out))?;
            let Some(p) = prompt else {
                // Nobody to ask: ask means no.
                let mut o = out.clone();
                o.approved_by = Approver::NoTerminal;
                let _ = session.answer(&mut o, &Answer::No);
                writeln!(
                    err,
                    "shclass: not run: it needs approval and there is no terminal to ask"
                )?;
                return Ok(ExecResult::NoTerminal);
            };
            write!(err, "Run it? [y]es / [N]o / [a]lways: ")?;
            err.flush()?;
            let mut line = String::new();
            p.input.read_line(&mut line)?;
            let answer = parse_answer(&line, &p.remember);
            match session.answer(&mut out, &answer) {
                Ok(rules) => {
                    for r in rules {
                        writeln!(err, "shclass: remembered:\n{r}")?;
                    }
                }
                Err(e) => writeln!(err, "shclass: {e}; approved this once")?,
            }
            if out.decision != Decision::Allow {
                writeln!(err, "shclass: not run")?;
                return Ok(ExecResult::Refused);
            }
        }
    }
    Ok(ExecResult::Run)
}

/// Join `exec`'s arguments into one command line: a single argument is a command line as it
/// is; several are words, quoted so bash sees exactly them.
pub(crate) fn command_line(args: &[String]) -> String {
    if let [one] = args {
        return one.clone();
    }
    args.iter()
        .map(|a| crate::hook::install::shell_quote(a))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The full explanation of a verdict: every unit with its decision and reasons.
pub(crate) fn explain(v: &Verdict) -> String {
    let mut s = format!(
        "{} (risk {}, mode {})\n",
        v.decision,
        format!("{:?}", v.risk).to_lowercase(),
        v.mode.name()
    );
    for (i, (u, uv)) in v.analysis.units.iter().zip(&v.units).enumerate() {
        s.push_str(&format!(
            "  unit {}: {} → {} ({})\n",
            i + 1,
            u.command_text(),
            uv.decision,
            match uv.operation {
                crate::policy::Operation::Read => "read",
                crate::policy::Operation::Act => "act",
            }
        ));
        if !u.via.is_empty() {
            s.push_str(&format!("    via: {}\n", u.via.join(" → ")));
        }
        for r in &uv.reasons {
            s.push_str(&format!(
                "    {} [{} from {}]: {}\n",
                r.decision, r.rule, r.source, r.message
            ));
        }
    }
    for r in v.reasons.iter().filter(|r| r.unit.is_none()) {
        s.push_str(&format!(
            "  {} [{} from {}]: {}\n",
            r.decision, r.rule, r.source, r.message
        ));
    }
    s
}

/// An outcome explained: the verdict, and the session's own reasons (rate limit, breaker).
pub(crate) fn explain_outcome(o: &Outcome) -> String {
    let mut s = match &o.verdict {
        Some(v) => explain(v),
        None => format!("{} ({} {})\n", o.decision, o.tool, o.input),
    };
    let engine = o.verdict.as_ref().map_or(&[][..], |v| &v.reasons[..]);
    for r in o.reasons.iter().filter(|r| !engine.contains(r)) {
        s.push_str(&format!(
            "  {} [{} from {}]: {}\n",
            r.decision, r.rule, r.source, r.message
        ));
    }
    if o.decision != o.verdict.as_ref().map_or(o.decision, |v| v.decision) {
        s.push_str(&format!("  session decision: {}\n", o.decision));
    }
    s
}

/// The REPL's help text.
pub(crate) const REPL_HELP: &str = "Type a command to classify it (it is never run).
  /mode [M]   show or set the mode (default, plan, accept-edits, auto, strict, bypass)
  /rules      rules a person wrote and remembered ones (/rules all: every rule)
  /policy     mode, workspace, sources, limits
  /why        explain the last command in full
  /always     remember the last command's asks for this session
  /quit       leave
";

/// Classify and explain each line of `input`; slash commands control the session. With
/// `interactive`, a prompt is written before each line.
pub(crate) fn repl(
    session: &mut Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
) -> io::Result<()> {
    let mut last: Option<Outcome> = None;
    if interactive {
        writeln!(out, "shclass repl: /help for commands")?;
    }
    loop {
        if interactive {
            write!(out, "shclass [{}]> ", session.policy().mode.name())?;
            out.flush()?;
        }
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        match words.next() {
            Some("/quit" | "/exit" | "/q") => break,
            Some("/help" | "/?") => write!(out, "{REPL_HELP}")?,
            Some("/mode") => match words.next() {
                None => writeln!(out, "mode {}", session.policy().mode.name())?,
                Some(m) => match Mode::parse(m) {
                    Some(mode) => {
                        session.policy_mut().mode = mode;
                        writeln!(out, "mode {}", mode.name())?;
                    }
                    None => writeln!(
                        out,
                        "unknown mode `{m}`; use default, plan, accept-edits, auto, strict or bypass"
                    )?,
                },
            },
            Some("/rules") => {
                let all = words.next() == Some("all");
                let mut builtin = 0;
                for r in session.policy().rules() {
                    if !all && r.source == Source::Builtin {
                        builtin += 1;
                        continue;
                    }
                    writeln!(
                        out,
                        "  {} {} (from {}): {}",
                        r.decision, r.id, r.source, r.reason
                    )?;
                }
                if !all {
                    writeln!(out, "  … and {builtin} built-in rules (/rules all)")?;
                }
            }
            Some("/policy") => {
                let p = session.policy();
                let c = session.config();
                writeln!(out, "mode: {}", p.mode.name())?;
                writeln!(out, "workspace: {}", p.workspace().display())?;
                let mut sources: Vec<String> =
                    p.rules().iter().map(|r| r.source.to_string()).collect();
                sources.dedup();
                let mut seen = Vec::new();
                for s in sources {
                    if !seen.contains(&s) {
                        seen.push(s);
                    }
                }
                writeln!(out, "sources: {}", seen.join(", "))?;
                writeln!(
                    out,
                    "audit log: {}",
                    p.audit_log.as_deref().unwrap_or("(none)")
                )?;
                writeln!(
                    out,
                    "limits: {} denials in a row before the breaker, {} acting commands per {} s",
                    c.max_consecutive_denials, c.max_actions_per_hour, c.window_secs
                )?;
            }
            Some("/why") => match &last {
                Some(o) => write!(out, "{}", explain_outcome(o))?,
                None => writeln!(out, "nothing classified yet")?,
            },
            Some("/always") => match last.as_ref().and_then(|o| o.verdict.clone()) {
                Some(v) => match session.remember(&v, &RememberScope::Session) {
                    Ok(rules) => {
                        for r in rules {
                            writeln!(out, "remembered for this session:\n{r}")?;
                        }
                    }
                    Err(e) => writeln!(out, "{e}")?,
                },
                None => writeln!(out, "nothing classified yet")?,
            },
            Some(w) if w.starts_with('/') && w[1..].chars().all(|c| c.is_ascii_alphabetic()) => {
                writeln!(out, "unknown command `{w}`; /help")?;
            }
            _ => {
                let o = session.preview_command("repl", line);
                let top = o
                    .reasons
                    .iter()
                    .find(|r| r.decision == o.decision)
                    .map(|r| format!(": {} [{} from {}]", r.message, r.rule, r.source))
                    .unwrap_or_default();
                writeln!(out, "{}{top}", o.decision)?;
                for r in o
                    .reasons
                    .iter()
                    .filter(|r| matches!(r.rule, Origin::Session("denial-breaker" | "rate-limit")))
                {
                    writeln!(out, "  {}", r.message)?;
                }
                last = Some(o);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::repl;
    use crate::policy::{Decision, Policy};
    use crate::session::Session;

    #[test]
    fn repl_lines_never_count_towards_the_denial_breaker_or_the_rate_limit() {
        let policy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut session = Session::new(policy);
        // More denials in a row than the breaker allows, and acting commands: only explained.
        let mut input: &[u8] = b"rm -rf /\nrm -rf ~\nrm -rf /\nrm -rf ~\ntouch a\n";
        let mut out = Vec::new();
        repl(&mut session, &mut input, &mut out, false).unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&out);
        assert!(!text.contains("consider --mode plan"), "{text}");
        assert_eq!(session.state().consecutive_denials, 0);
        assert!(session.state().actions.is_empty());
        // A command the agent runs still counts.
        assert_eq!(
            session.check_command("Bash", "rm -rf /").decision,
            Decision::Deny
        );
        assert_eq!(session.state().consecutive_denials, 1);
    }
}
