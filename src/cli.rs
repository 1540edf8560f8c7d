//! Command-line interface: clap definitions, reading input, printing, exit codes.
//!
//! Everything that decides lives in the library; this file only wires it to stdin/stdout.
//! Exit codes: 0 allow, 1 ask, 2 deny; 64 usage error, 65 bad input, 66 policy error,
//! 70 internal error. An error never exits 0.

use std::io::{BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::Limits;
use crate::analyze::{Analysis, analyze};
use crate::hook::Agent;
use crate::policy::{self, Decision, LoadOptions, Mode, Origin, Policy, Verdict};
use crate::session::{RememberScope, Session, SessionConfig};

/// Usage error.
pub(crate) const EXIT_USAGE: u8 = 64;
/// Input that cannot be classified (not UTF-8).
pub(crate) const EXIT_INPUT: u8 = 65;
/// A policy file is broken.
pub(crate) const EXIT_POLICY: u8 = 66;
/// Anything else.
pub(crate) const EXIT_INTERNAL: u8 = 70;
/// `exec`: bash could not be started (the shell's own "command not found").
pub(crate) const EXIT_NO_BASH: u8 = 127;

#[derive(Parser)]
#[command(
    name = "shclass",
    version,
    about = "Decide whether a shell command is safe: allow (exit 0), ask (1) or deny (2)",
    args_conflicts_with_subcommands = true,
    after_help = "The command: one argument is a command line (`shclass 'git add . && git push'`); several are\nwords of one command, each kept as one argument (`shclass git commit -m 'a b'`); none reads\nstandard input. A command that is literally a subcommand name goes after `--`: shclass -- rules\n\nExit codes: 0 allow, 1 ask, 2 deny, 64 usage error, 65 bad input, 66 policy error, 70 internal error."
)]
struct Cli {
    #[command(flatten)]
    classify: ClassifyArgs,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Args, Clone, Debug, Default, PartialEq)]
struct PolicyArgs {
    /// Mode: default, plan, accept-edits, auto, strict, bypass (aliases: read-only, supervised, full, dont-ask).
    #[arg(long, value_parser = parse_mode)]
    mode: Option<Mode>,
    /// Extra policy file (repeatable), above user and project files.
    #[arg(long = "policy", value_name = "FILE")]
    policy: Vec<PathBuf>,
    /// Also read Claude Code settings (default: the user's and the project's .claude/settings*.json;
    /// a file is given as --claude-settings=PATH).
    #[arg(long = "claude-settings", value_name = "PATH", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    claude_settings: Option<String>,
    /// Do not read the user and project policy files.
    #[arg(long)]
    no_discovery: bool,
    /// Workspace root (default: the working directory).
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
}

#[derive(Args)]
struct ClassifyArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    policy: PolicyArgs,
    /// The command: one argument is a command line, several are the words of one command;
    /// all of standard input when absent.
    #[arg(trailing_var_arg = true, value_name = "COMMAND")]
    cmd: Vec<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Show every execution unit of a command, with flags.
    Analyze {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The command; all of standard input when absent.
        cmd: Option<String>,
    },
    /// Classify one command per line (NUL-separated with -z); one JSON verdict per line.
    Batch {
        /// Records are separated by NUL bytes instead of newlines.
        #[arg(short = 'z', long = "null")]
        null: bool,
        /// Each record is the whole `--json` object (every unit's words, context, assignments,
        /// redirects, reasons) instead of the verdict with each unit's program, argv and span.
        #[arg(long)]
        full: bool,
        #[command(flatten)]
        policy: PolicyArgs,
        /// Input file; standard input when absent.
        file: Option<PathBuf>,
    },
    /// Every rule and check, with its documentation and examples.
    Rules {
        /// Print JSON (an array of objects).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        policy: PolicyArgs,
        /// Only the rules and checks with this id, or the rules for this program.
        #[arg(value_name = "ID|PROGRAM")]
        filter: Option<String>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) on standard output.
    Man,
    /// Policy file tools.
    Policy {
        #[command(subcommand)]
        cmd: PolicyCmd,
    },
    /// Agent hook: read the agent's hook JSON on stdin, answer in its format (exit 0).
    Hook {
        /// `claude` (`PreToolUse`), `gemini` (`BeforeTool`) or `cursor` (`beforeShellExecution`, `beforeReadFile`).
        #[arg(value_parser = parse_agent)]
        agent: Agent,
        #[command(flatten)]
        session: SessionArgs,
        /// Answer deny if no decision was made within MS milliseconds (a watchdog thread; an
        /// agent whose hook times out usually goes on without it). Default: the policy's
        /// `[session] deadline_ms`, else 5000.
        #[arg(long, value_name = "MS")]
        deadline_ms: Option<u64>,
        /// Do not read the agent's own permission settings (Claude Code's `~/.claude/settings.json`
        /// and the project's `.claude/settings*.json`, read per unit; project files count only
        /// when trusted). Read by default so installing shclass adds no prompt the person
        /// already answered.
        #[arg(long)]
        no_agent_settings: bool,
    },
    /// Merge shclass's hook into an agent's settings file (backed up first).
    InstallHook {
        /// claude, gemini or cursor.
        #[arg(value_parser = parse_agent)]
        agent: Agent,
        #[command(flatten)]
        target: HookTarget,
        /// Print the settings fragment instead of writing it.
        #[arg(long)]
        print: bool,
        /// The command the hook runs (default: `shclass hook AGENT` when `shclass` on PATH is
        /// this binary, else this binary by absolute path).
        #[arg(long, value_name = "CMD")]
        command: Option<String>,
    },
    /// Take shclass's hook out of an agent's settings file (restoring the install's backup when
    /// nothing else changed).
    UninstallHook {
        /// claude, gemini or cursor.
        #[arg(value_parser = parse_agent)]
        agent: Agent,
        #[command(flatten)]
        target: HookTarget,
    },
    /// Check the installed hooks: is each there, does its binary exist and is it this one, is the
    /// agent's hook switch on. Exit 0 when all is well, 1 when something needs fixing.
    Doctor {
        /// Only this agent (default: all three).
        #[arg(value_parser = parse_agent)]
        agent: Option<Agent>,
        /// Project directory (default: the working directory).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Trust a project policy file as it is now (.shclass.toml, a project's .claude/settings*.json):
    /// its allows, mode and other loosening keys take effect until the file changes.
    Trust {
        /// List the trusted files and whether each still matches.
        #[arg(long, conflicts_with = "file")]
        list: bool,
        /// The file (default: the .shclass.toml found from the working directory).
        file: Option<PathBuf>,
    },
    /// Forget a trusted project policy file: it can only tighten again.
    Untrust {
        /// The file.
        file: PathBuf,
    },
    /// Audit log tools.
    Audit {
        #[command(subcommand)]
        cmd: AuditCmd,
    },
    /// Decide a command; on ask, ask on the terminal (y / n / always); run it with bash when
    /// allowed. Exit: the command's status; 77 refused; 75 needed approval but no terminal.
    Exec {
        #[command(flatten)]
        session: SessionArgs,
        /// Session id to keep state under (rate limit, breaker) between runs.
        #[arg(long, value_name = "ID")]
        session_id: Option<String>,
        /// Where "always" is kept: project (.shclass.toml) or session.
        #[arg(long, value_name = "WHERE", default_value = "project")]
        remember: String,
        /// The command: one argument is a command line, several are words (`--` before it is
        /// optional).
        #[arg(trailing_var_arg = true, required = true, value_name = "COMMAND")]
        args: Vec<String>,
    },
    /// Classify and explain each line typed; /mode, /rules, /policy, /why, /always, /quit.
    Repl {
        #[command(flatten)]
        session: SessionArgs,
    },
}

#[derive(Args, Clone, Debug, PartialEq)]
struct SessionArgs {
    #[command(flatten)]
    policy: PolicyArgs,
    /// Append one hash-chained JSON line per decision to FILE (else the policy's `audit_log`).
    #[arg(long, value_name = "FILE")]
    audit_log: Option<PathBuf>,
    /// Denials in a row before the verdict suggests plan mode (0: off). Default: the policy's
    /// `[session] max_denials`, else 3.
    #[arg(long, value_name = "N")]
    max_denials: Option<u32>,
    /// Acting commands allowed per hour (0: off). Default: the policy's
    /// `[session] max_actions_per_hour`, else 200.
    #[arg(long, value_name = "N")]
    max_actions_per_hour: Option<u32>,
}

impl SessionArgs {
    /// What clap gives `shclass hook AGENT` with no options (a test holds them equal).
    fn defaults() -> Self {
        SessionArgs {
            policy: PolicyArgs::default(),
            audit_log: None,
            max_denials: None,
            max_actions_per_hour: None,
        }
    }
}

/// Which settings file `install-hook` and `uninstall-hook` change.
#[derive(Args)]
struct HookTarget {
    /// The project's own settings (the default; for Claude `.claude/settings.local.json`).
    #[arg(long, conflicts_with_all = ["user", "shared"])]
    project: bool,
    /// The project's shared, committed settings (for Claude `.claude/settings.json`).
    #[arg(long, conflicts_with = "user")]
    shared: bool,
    /// The user's settings file.
    #[arg(long)]
    user: bool,
    /// Project directory (default: the working directory).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

impl HookTarget {
    fn path(&self, agent: Agent) -> Result<PathBuf, Failure> {
        use crate::hook::install::{Scope, settings_path};
        let dir = || -> Result<PathBuf, Failure> {
            Ok(match &self.dir {
                Some(d) => d.clone(),
                None => std::env::current_dir()?,
            })
        };
        let scope = if self.user {
            Scope::User
        } else if self.shared {
            Scope::ProjectShared(dir()?)
        } else {
            Scope::Project(dir()?)
        };
        settings_path(agent, &scope).ok_or_else(|| {
            fail(
                EXIT_USAGE,
                "HOME is not set: cannot find the user's settings",
            )
        })
    }
}

#[derive(Subcommand)]
enum AuditCmd {
    /// Check an audit log's hash chain; exits 1 at the first edited, removed or reordered line.
    Verify {
        /// The log.
        file: PathBuf,
    },
}

#[derive(Subcommand)]
enum PolicyCmd {
    /// Validate policy files (syntax, examples) and lint them.
    Check {
        /// Files to check (default: the managed, user and project files a command run here
        /// would read).
        files: Vec<PathBuf>,
    },
}

fn parse_agent(s: &str) -> Result<Agent, String> {
    Agent::parse(s).ok_or_else(|| format!("unknown agent `{s}`; use claude, gemini or cursor"))
}

fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| {
        format!("unknown mode `{s}`; use default, plan, accept-edits, auto, strict or bypass")
    })
}

/// Errors with their exit code.
#[derive(Debug)]
pub(crate) struct Failure {
    code: u8,
    message: String,
    /// The reader of standard output went away (`shclass rules | head`).
    closed_output: bool,
}

impl<E: std::fmt::Display + 'static> From<E> for Failure {
    fn from(e: E) -> Self {
        let any: &dyn std::any::Any = &e;
        let kind = any
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            .or_else(|| {
                any.downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        Failure {
            code: EXIT_INTERNAL,
            message: e.to_string(),
            closed_output: kind == Some(std::io::ErrorKind::BrokenPipe),
        }
    }
}

fn fail(code: u8, message: impl Into<String>) -> Failure {
    Failure {
        code,
        message: message.into(),
        closed_output: false,
    }
}

pub(crate) fn main() -> ExitCode {
    // `shclass hook AGENT`, exactly as `install-hook` writes it, runs once per command an agent
    // issues: skip building the whole command-line parser (a sixth of the hook's start-up).
    let args: Vec<std::ffi::OsString> = std::env::args_os().take(4).collect();
    if let [_, sub, agent] = args.as_slice()
        && sub == "hook"
        && let Some(agent) = agent.to_str().and_then(Agent::parse)
    {
        return finish(hook(agent, &SessionArgs::defaults(), None, true));
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let json = match &cli.command {
        None => cli.classify.json,
        Some(Cmd::Analyze { json, .. } | Cmd::Rules { json, .. }) => *json,
        Some(Cmd::Batch { .. }) => true,
        Some(_) => false,
    };
    // A closed standard output ends quietly where output is all that is left to give (`shclass
    // rules | head`); classifying keeps its decision's exit code (below), so no error exits 0
    // in its place.
    let result = run(cli).or_else(|f| if f.closed_output { Ok(0) } else { Err(f) });
    if json && let Err(f) = &result {
        // A program reading the JSON gets the error as JSON too; the person still sees stderr.
        let record = serde_json::json!({
            "schema": 1,
            "error": f.message,
            "exit_code": f.code,
        });
        println!("{record}");
    }
    finish(result)
}

fn finish(result: Result<u8, Failure>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("shclass: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn load_policy(args: &PolicyArgs) -> Result<Policy, Failure> {
    policy::load(&load_options(args)).map_err(|e| fail(EXIT_POLICY, e.to_string()))
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.command {
        Some(Cmd::Analyze { json, cmd }) => {
            let input = read_input(cmd)?;
            let analysis = analyze(&input, &Limits::default());
            let mut out = std::io::stdout().lock();
            if json {
                serde_json::to_writer_pretty(&mut out, &analysis.json_view())?;
                writeln!(out)?;
            } else {
                write!(out, "{}", human_analysis(&analysis))?;
            }
            Ok(0)
        }
        Some(Cmd::Batch {
            null,
            full,
            policy,
            file,
        }) => {
            let detail = if full {
                crate::batch::Detail::Full
            } else {
                crate::batch::Detail::Brief
            };
            batch(null, detail, &policy, file.as_ref())
        }
        Some(Cmd::Rules {
            json,
            policy,
            filter,
        }) => {
            let mut p = load_policy(&policy)?;
            p.load_all_builtin()
                .map_err(|e| fail(EXIT_POLICY, e.to_string()))?;
            let entries = rule_entries(&p, filter.as_deref());
            if entries.is_empty()
                && let Some(f) = &filter
            {
                return Err(fail(
                    EXIT_USAGE,
                    format!("no rule or check has the id `{f}` or covers the program `{f}`"),
                ));
            }
            let mut out = std::io::stdout().lock();
            if json {
                serde_json::to_writer_pretty(&mut out, &entries)?;
                writeln!(out)?;
            } else {
                write!(out, "{}", rules_text(&entries))?;
            }
            Ok(0)
        }
        Some(Cmd::Completions { shell }) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "shclass", &mut std::io::stdout().lock());
            Ok(0)
        }
        Some(Cmd::Man) => {
            let cmd = <Cli as clap::CommandFactory>::command();
            clap_mangen::Man::new(cmd).render(&mut std::io::stdout().lock())?;
            Ok(0)
        }
        Some(Cmd::Policy {
            cmd: PolicyCmd::Check { files },
        }) => policy_check(&files),
        Some(Cmd::Hook {
            agent,
            session,
            deadline_ms,
            no_agent_settings,
        }) => hook(agent, &session, deadline_ms, !no_agent_settings),
        Some(Cmd::InstallHook {
            agent,
            target,
            print,
            command,
        }) => install_hook(agent, &target, print, command),
        Some(Cmd::UninstallHook { agent, target }) => uninstall_hook(agent, &target),
        Some(Cmd::Doctor { agent, dir }) => doctor(agent, dir),
        Some(Cmd::Trust { list, file }) => trust(list, file),
        Some(Cmd::Untrust { file }) => untrust(&file),
        Some(Cmd::Audit {
            cmd: AuditCmd::Verify { file },
        }) => audit_verify(&file),
        Some(Cmd::Exec {
            session,
            session_id,
            remember,
            args,
        }) => exec(&session, session_id.as_deref(), &remember, &args),
        Some(Cmd::Repl { session }) => repl(&session),
        None => {
            let args = cli.classify;
            if args.cmd.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                let mut cmd = <Cli as clap::CommandFactory>::command();
                cmd.write_help(&mut std::io::stderr())?;
                return Err(fail(
                    EXIT_USAGE,
                    "no command given (pass it as arguments, or pipe it on standard input)",
                ));
            }
            let policy = load_policy(&args.policy)?;
            let input = match args.cmd.len() {
                0 => read_input(None)?,
                1 => args.cmd.into_iter().next().unwrap_or_default(),
                _ => crate::interactive::command_line(&args.cmd),
            };
            let verdict = policy.classify(&input);
            let code = verdict.decision.exit_code();
            let written = (|| -> Result<(), Failure> {
                let mut out = std::io::stdout().lock();
                if args.json {
                    serde_json::to_writer_pretty(&mut out, &verdict.json_view())?;
                    writeln!(out)?;
                } else {
                    write!(out, "{}", human_verdict(&verdict))?;
                }
                Ok(())
            })();
            match written {
                // The exit code still tells the decision when nobody reads the explanation.
                Err(f) if f.closed_output => Ok(code),
                other => other.map(|()| code),
            }
        }
    }
}

fn load_options(args: &PolicyArgs) -> LoadOptions {
    LoadOptions {
        cwd: args.workspace.clone(),
        mode: args.mode,
        policy_files: args.policy.clone(),
        claude_settings: args
            .claude_settings
            .as_ref()
            .map(|p| (!p.is_empty()).then(|| PathBuf::from(p))),
        no_discovery: args.no_discovery,
        managed: std::env::var_os("SHCLASS_MANAGED_POLICY").map(PathBuf::from),
        eager_builtin: false,
        trust_store: None,
    }
}

/// The policy's session limits (`[session]`), under the flags given.
fn session_config(args: &SessionArgs, policy: &Policy) -> SessionConfig {
    let mut c = SessionConfig::from_policy(policy);
    if let Some(n) = args.max_denials {
        c.max_consecutive_denials = n;
    }
    if let Some(n) = args.max_actions_per_hour {
        c.max_actions_per_hour = n;
    }
    c
}

/// A session over the loaded policy, with the audit log from `--audit-log` or the policy.
fn open_session(args: &SessionArgs, agent: &str, id: Option<&str>) -> Result<Session, Failure> {
    let mut policy = load_policy(&args.policy)?;
    let audit = args.audit_log.clone().or_else(|| {
        policy
            .audit_log
            .as_deref()
            .map(|p| policy.workspace().join(p))
    });
    if let Some(a) = &audit {
        if let Some(why) = crate::audit::unsuitable_log_path(a, policy.workspace()) {
            return Err(fail(EXIT_POLICY, why));
        }
        policy.protect(a);
    }
    let config = session_config(args, &policy);
    let mut s = Session::new(policy)
        .with_config(config)
        .with_agent(agent, id);
    if let Some(a) = audit {
        s = s.with_audit(crate::audit::AuditLog::new(a));
    }
    Ok(s)
}

/// The deadline of `shclass hook`, in milliseconds: `--deadline-ms`, else the policy's
/// `[session] deadline_ms` once it is loaded (`policy_deadline`), else 5000.
static DEADLINE_MS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(crate::policy::DEFAULT_DEADLINE_MS);

/// Whether `--deadline-ms` was given (it outranks the policy).
static DEADLINE_GIVEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Held while [`DEADLINE_MS`] changes and while the watchdog reads it; [`DEADLINE_CHANGED`]
/// wakes a watchdog already waiting, so a deadline lowered after it started is kept.
static DEADLINE_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
static DEADLINE_CHANGED: std::sync::Condvar = std::sync::Condvar::new();

/// The policy's `[session] deadline_ms`, told by the hook once the policy is loaded.
fn policy_deadline(ms: u64) {
    if !DEADLINE_GIVEN.load(std::sync::atomic::Ordering::SeqCst) {
        let _held = DEADLINE_LOCK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        DEADLINE_MS.store(ms, std::sync::atomic::Ordering::SeqCst);
        DEADLINE_CHANGED.notify_all();
    }
}

/// Whether `shclass hook` has answered: the decision and the watchdog both take it.
static ANSWERED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

/// What the watchdog of `shclass hook` answers for, and when the hook started.
static WATCHDOG: std::sync::OnceLock<(Agent, std::time::Instant)> = std::sync::OnceLock::new();

/// Hook input (JSON) up to this size whose command the fast path reads whole starts no
/// watchdog: its analysis has no step that tree-sitter's error recovery could stretch, and is
/// linear in a length this small (microseconds). Larger input starts it at once.
const LAZY_WATCHDOG_MAX_INPUT: usize = 4096;

/// Start the watchdog of `shclass hook` ([`WATCHDOG`]): a thread that answers deny if the
/// decision is not made by the deadline (tree-sitter's error recovery has steps its progress
/// callback cannot interrupt, and a hook that hangs fails open). Whichever of it and the
/// decision answers first is the answer. `Builder::spawn` reports a failure to start the
/// thread instead of panicking: without a watchdog the hook still answers, only without the
/// deadline. A thread start costs about a tenth of a hook's run, so it is started only when
/// the analysis first needs tree-sitter or the input is large.
fn start_watchdog() {
    let Some(&(agent, started)) = WATCHDOG.get() else {
        return;
    };
    let _ = std::thread::Builder::new().spawn(move || {
        // The deadline may change once the policy is loaded: wait until the one in force,
        // woken when it changes.
        let mut held = DEADLINE_LOCK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let deadline = loop {
            let deadline = std::time::Duration::from_millis(
                DEADLINE_MS.load(std::sync::atomic::Ordering::SeqCst),
            );
            let left = deadline.saturating_sub(started.elapsed());
            if left.is_zero() {
                break deadline;
            }
            held = DEADLINE_CHANGED
                .wait_timeout(held, left)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        };
        drop(held);
        let mut answered = ANSWERED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !*answered {
            *answered = true;
            let r = crate::hook::too_slow(agent, deadline);
            // Best effort: the process ends with the deny exit code either way.
            let _ = write_hook_response(&r);
            std::process::exit(i32::from(r.exit_code));
        }
    });
}

fn hook(
    agent: Agent,
    args: &SessionArgs,
    deadline_ms: Option<u64>,
    agent_settings: bool,
) -> Result<u8, Failure> {
    if let Some(ms) = deadline_ms {
        DEADLINE_GIVEN.store(true, std::sync::atomic::Ordering::SeqCst);
        DEADLINE_MS.store(ms, std::sync::atomic::Ordering::SeqCst);
    }
    let _ = WATCHDOG.set((agent, std::time::Instant::now()));
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        // Unreadable stdin is malformed input: the library answers deny (never exit 70, which
        // agents treat as a non-blocking error).
        input = b"\xff".to_vec();
    }
    let mut load = load_options(&args.policy);
    // Claude Code's own allow/ask/deny lists, unless a file was named or discovery is off.
    if agent_settings
        && agent == Agent::Claude
        && load.claude_settings.is_none()
        && !load.no_discovery
    {
        load.claude_settings = Some(None);
    }
    let opts = crate::hook::HookOptions {
        load,
        audit_log: args.audit_log.clone(),
        state_dir: None,
        max_denials: args.max_denials,
        max_actions_per_hour: args.max_actions_per_hour,
        on_deadline: Some(policy_deadline),
    };
    if input.len() > LAZY_WATCHDOG_MAX_INPUT
        || !crate::parse::before_first_tree_sitter_parse(start_watchdog)
    {
        start_watchdog();
    }
    let r = crate::hook::handle(agent, &input, &opts);
    let mut answered = ANSWERED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if *answered {
        // The watchdog is answering and ends the process.
        drop(answered);
        loop {
            std::thread::park();
        }
    }
    *answered = true;
    write_hook_response(&r)?;
    Ok(r.exit_code)
}

fn write_hook_response(r: &crate::hook::HookResponse) -> std::io::Result<()> {
    if let Some(out) = &r.stdout {
        let mut o = std::io::stdout().lock();
        writeln!(o, "{out}")?;
        o.flush()?;
    }
    if let Some(err) = &r.stderr {
        eprintln!("{err}");
    }
    Ok(())
}

fn install_hook(
    agent: Agent,
    target: &HookTarget,
    print: bool,
    command: Option<String>,
) -> Result<u8, Failure> {
    use crate::hook::install;
    let command = if let Some(c) = command {
        c
    } else {
        let (c, warning) = install::default_command(agent);
        if let Some(w) = warning
            && !print
        {
            eprintln!("shclass: warning: {w}");
        }
        c
    };
    let snippet = install::snippet(agent, &command);
    let mut out = std::io::stdout().lock();
    if print {
        writeln!(out, "{}", serde_json::to_string_pretty(&snippet)?)?;
        return Ok(0);
    }
    let path = target.path(agent)?;
    if target.shared && command.contains('/') {
        eprintln!(
            "shclass: warning: {} is shared with everyone who clones the project, and the hook command `{command}` is a path of this machine",
            path.display()
        );
    }
    let report =
        install::install(&path, &snippet, &command).map_err(|e| fail(EXIT_INPUT, e.to_string()))?;
    if report.changed {
        writeln!(
            out,
            "installed the {} hook in {}",
            agent.name(),
            path.display()
        )?;
        if let Some(b) = report.backup {
            writeln!(out, "backup: {}", b.display())?;
        }
    } else {
        writeln!(out, "already installed in {}", path.display())?;
    }
    Ok(0)
}

fn uninstall_hook(agent: Agent, target: &HookTarget) -> Result<u8, Failure> {
    use crate::hook::install::{UninstallReport, uninstall};
    let path = target.path(agent)?;
    let report = uninstall(&path, agent).map_err(|e| fail(EXIT_INPUT, e.to_string()))?;
    let mut out = std::io::stdout().lock();
    let shown = path.display();
    match report {
        UninstallReport::NotInstalled => writeln!(out, "no shclass hook in {shown}")?,
        UninstallReport::RestoredBackup(b) => writeln!(
            out,
            "removed the {} hook: {shown} restored from {}",
            agent.name(),
            b.display()
        )?,
        UninstallReport::Removed => writeln!(
            out,
            "removed the {} hook: {shown} held nothing else and is gone",
            agent.name()
        )?,
        UninstallReport::Edited => {
            writeln!(out, "removed the {} hook from {shown}", agent.name())?;
        }
    }
    Ok(0)
}

fn doctor(agent: Option<Agent>, dir: Option<PathBuf>) -> Result<u8, Failure> {
    let dir = match dir {
        Some(d) => d,
        None => std::env::current_dir()?,
    };
    let agents = match agent {
        Some(a) => vec![a],
        None => vec![Agent::Claude, Agent::Gemini, Agent::Cursor],
    };
    let mut out = std::io::stdout().lock();
    let mut problems = 0;
    let mut any_installed = false;
    for a in agents {
        let findings = crate::hook::install::doctor(a, &dir);
        let none = findings.len() == 1
            && findings[0].problem
            && findings[0].message.starts_with("no shclass hook");
        // With no agent named, an agent that was never set up is not a problem of its own.
        if none && agent.is_none() {
            writeln!(out, "{}: not installed", a.name())?;
            continue;
        }
        any_installed |= !none;
        for f in findings {
            problems += usize::from(f.problem);
            writeln!(
                out,
                "{}: {} {}: {}",
                a.name(),
                if f.problem { "PROBLEM" } else { "ok" },
                f.file.display(),
                f.message
            )?;
        }
    }
    if agent.is_none() && !any_installed {
        writeln!(
            out,
            "no shclass hook is installed: shclass install-hook claude|gemini|cursor"
        )?;
        problems += 1;
    }
    Ok(u8::from(problems > 0))
}

fn trust_store() -> Result<crate::policy::trust::TrustStore, Failure> {
    crate::policy::trust::TrustStore::user().ok_or_else(|| {
        fail(
            EXIT_USAGE,
            "no state directory (set HOME, XDG_STATE_HOME or SHCLASS_STATE_DIR)",
        )
    })
}

/// What an untrusted policy file asks for and does not get (empty when nothing).
fn untrusted_effects(file: &std::path::Path, text: &str) -> Vec<String> {
    let name = file.display().to_string();
    let mut p = Policy::empty();
    let json = file.extension().is_some_and(|e| e == "json");
    let added = if json {
        p.add_untrusted_claude_settings(text, &name)
    } else {
        p.add_untrusted_text(text, &name, &policy::Source::Project(name.clone()))
    };
    match added {
        Ok(()) => p.untrusted_effects(),
        Err(_) => Vec::new(),
    }
}

fn trust(list: bool, file: Option<PathBuf>) -> Result<u8, Failure> {
    let store = trust_store()?;
    let mut out = std::io::stdout().lock();
    if list {
        let entries = store
            .entries()
            .map_err(|e| fail(EXIT_INTERNAL, e.to_string()))?;
        for e in entries {
            let now = std::fs::read(&e.path).ok();
            let state = match now {
                None => "missing",
                Some(b) if crate::audit::sha256_hex(&b) == e.sha256 => "trusted",
                Some(_) => "changed since it was trusted (untrusted)",
            };
            writeln!(out, "{}  {}: {state}", e.sha256, e.path.display())?;
        }
        return Ok(0);
    }
    let file = if let Some(f) = file {
        f
    } else {
        let cwd = std::env::current_dir()?;
        crate::policy::trust::project_policy(&cwd)
            .into_iter()
            .find_map(|f| match f {
                crate::policy::trust::Found::File(p) => Some(p),
                crate::policy::trust::Found::Skipped(..) => None,
            })
            .ok_or_else(|| {
                fail(
                    EXIT_USAGE,
                    "no .shclass.toml here or in a parent up to the repository root; name the file",
                )
            })?
    };
    if let Some(why) = crate::policy::trust::unsafe_location(&file) {
        return Err(fail(
            EXIT_USAGE,
            format!(
                "{}: {why}: shclass does not read it, so trusting it would change nothing",
                file.display()
            ),
        ));
    }
    if let Some(why) = crate::policy::trust::linked(&file) {
        return Err(fail(
            EXIT_USAGE,
            format!(
                "{why}: shclass trusts a project file only where it lies, not another project's it leads to (copy the file there to trust it)"
            ),
        ));
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| fail(EXIT_INPUT, format!("{}: {e}", file.display())))?;
    let effects = untrusted_effects(&file, &text);
    let entry = store
        .trust(&file)
        .map_err(|e| fail(EXIT_INTERNAL, format!("{}: {e}", file.display())))?;
    writeln!(
        out,
        "trusted {} (sha256 {}); any change makes it untrusted again",
        entry.path.display(),
        entry.sha256
    )?;
    for e in effects {
        writeln!(out, "  now in effect: {e}")?;
    }
    Ok(0)
}

fn untrust(file: &std::path::Path) -> Result<u8, Failure> {
    let store = trust_store()?;
    let removed = store
        .untrust(file)
        .map_err(|e| fail(EXIT_INTERNAL, e.to_string()))?;
    let mut out = std::io::stdout().lock();
    if removed {
        writeln!(out, "{}: no longer trusted", file.display())?;
        Ok(0)
    } else {
        writeln!(out, "{}: was not trusted", file.display())?;
        Ok(1)
    }
}

fn audit_verify(file: &std::path::Path) -> Result<u8, Failure> {
    match crate::audit::verify(file)
        .and_then(|r| crate::audit::check_anchor(file, &r, None).map(|a| (r, a)))
    {
        Ok((r, anchor)) => {
            let anchor = match anchor {
                Some(a) => format!("matches the anchor {}", a.display()),
                None => "no anchor to compare with".to_owned(),
            };
            writeln!(
                std::io::stdout().lock(),
                "{}: ok, {} lines, head {}, {anchor}",
                file.display(),
                r.lines,
                r.head
            )?;
            Ok(0)
        }
        Err(e) if e.line == 0 => Err(fail(EXIT_INPUT, e.message)),
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            Ok(1)
        }
    }
}

fn exec(
    args: &SessionArgs,
    session_id: Option<&str>,
    remember: &str,
    words: &[String],
) -> Result<u8, Failure> {
    use std::io::IsTerminal;
    let cmd = crate::interactive::command_line(words);
    let mut session = open_session(args, "exec", session_id)?;
    let scope = match remember {
        "project" => RememberScope::ProjectFile(session.project_policy_file()),
        "session" => RememberScope::Session,
        other => {
            return Err(fail(
                EXIT_USAGE,
                format!("--remember {other}: use project or session"),
            ));
        }
    };
    let state = match session_id {
        Some(id) => {
            let dir = crate::state::state_dir()
                .ok_or_else(|| fail(EXIT_USAGE, "no state directory (set SHCLASS_STATE_DIR)"))?;
            let f = crate::state::StateFile::new(&dir, id);
            session = session.with_state(f.read().map_err(|e| fail(EXIT_INPUT, e.to_string()))?);
            Some(f)
        }
        None => None,
    };
    let stdin = std::io::stdin();
    let tty = stdin.is_terminal();
    let mut lock = stdin.lock();
    let prompt = if tty {
        Some(crate::interactive::Prompt {
            input: &mut lock,
            remember: scope,
        })
    } else {
        None
    };
    let mut err = std::io::stderr().lock();
    let result = crate::interactive::exec(&mut session, &cmd, prompt, &mut err)?;
    if let Some(f) = state {
        // Merge this run into whatever other processes wrote meanwhile (the prompt may have
        // waited for a person, so the lock was not held across it).
        let before = f.read().unwrap_or_default();
        let new = session.into_state();
        f.update(|st| {
            st.decisions += new.decisions.saturating_sub(before.decisions);
            st.consecutive_denials = new.consecutive_denials;
            st.actions.extend(
                new.actions
                    .iter()
                    .skip(before.actions.len().min(new.actions.len())),
            );
            for r in new.remembered {
                if !st.remembered.contains(&r) {
                    st.remembered.push(r);
                }
            }
        })?;
    }
    if let Some(code) = result.exit_code() {
        return Ok(code);
    }
    drop(err);
    let e = crate::interactive::run(&cmd);
    Err(fail(EXIT_NO_BASH, format!("could not run bash: {e}")))
}

fn repl(args: &SessionArgs) -> Result<u8, Failure> {
    use std::io::IsTerminal;
    let mut session = open_session(args, "repl", None)?;
    let stdin = std::io::stdin();
    let tty = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    crate::interactive::repl(&mut session, &mut input, &mut out, tty)?;
    Ok(0)
}

fn read_input(cmd: Option<String>) -> Result<String, Failure> {
    if let Some(c) = cmd {
        return Ok(c);
    }
    let mut buf = Vec::new();
    std::io::stdin().read_to_end(&mut buf)?;
    String::from_utf8(buf).map_err(|e| {
        fail(
            EXIT_INPUT,
            format!(
                "input is not valid UTF-8 (first bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

fn batch(
    null: bool,
    detail: crate::batch::Detail,
    args: &PolicyArgs,
    file: Option<&PathBuf>,
) -> Result<u8, Failure> {
    // Many commands run many programs: compile the built-in rules once, up front.
    let mut policy = policy::load(&LoadOptions {
        eager_builtin: true,
        ..load_options(args)
    })
    .map_err(|e| fail(EXIT_POLICY, e.to_string()))?;
    // The lines are decided against the file system as it is now, not run in between.
    policy.snapshot_workspace();
    let mut data = Vec::new();
    match file {
        Some(f) => {
            data =
                std::fs::read(f).map_err(|e| fail(EXIT_INPUT, format!("{}: {e}", f.display())))?;
        }
        None => {
            std::io::stdin().read_to_end(&mut data)?;
        }
    }
    let sep = if null { b'\0' } else { b'\n' };
    let mut records: Vec<&[u8]> = data.split(|&b| b == sep).collect();
    if records.last().is_some_and(|r| r.is_empty()) {
        records.pop();
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    crate::batch::classify_to(&policy, &records, detail, &mut out)?;
    out.flush()?;
    // The process ends here: its memory goes back at once, without taking apart the 3,000
    // compiled rules one allocation at a time (a fifth of a batch's start-up).
    std::mem::forget(policy);
    Ok(0)
}

fn policy_check(files: &[PathBuf]) -> Result<u8, Failure> {
    let mut bad = 0;
    let mut out = std::io::stdout().lock();
    let discovered;
    let files = if files.is_empty() {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let managed = std::env::var_os("SHCLASS_MANAGED_POLICY").map(PathBuf::from);
        discovered = policy::discovered_files(&cwd, managed.as_deref());
        if discovered.is_empty() {
            writeln!(
                out,
                "no policy file here: no managed, user (~/.config/shclass/policy.toml) or project .shclass.toml file; only the built-in policy applies"
            )?;
        }
        discovered.as_slice()
    } else {
        files
    };
    for f in files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: cannot read: {e}", f.display());
                bad += 1;
                continue;
            }
        };
        let name = f.display().to_string();
        let mut p = match Policy::builtin() {
            Ok(p) => p,
            Err(e) => return Err(fail(EXIT_INTERNAL, e.to_string())),
        };
        match p.add_text(&text, &name, &policy::Source::Cli(name.clone()), true) {
            Ok(()) => {
                let lints = crate::policy::lint(&p, &name);
                for l in &lints {
                    writeln!(out, "{name}: warning: {l}")?;
                }
                writeln!(out, "{name}: ok ({} warnings)", lints.len())?;
                let project = f.file_name().is_some_and(|n| n == ".shclass.toml");
                let trusted = crate::policy::trust::TrustStore::user()
                    .is_some_and(|s| s.is_trusted(f, text.as_bytes()));
                if project && !trusted {
                    let effects = untrusted_effects(f, &text);
                    writeln!(
                        out,
                        "{name}: not trusted: found in a workspace it can only tighten; {}",
                        if effects.is_empty() {
                            "it only tightens, so that changes nothing".to_owned()
                        } else {
                            format!("until you run `shclass trust {name}` these have no effect:")
                        }
                    )?;
                    for e in effects {
                        writeln!(out, "  {e}")?;
                    }
                }
            }
            Err(e) => {
                eprintln!("{e}");
                bad += 1;
            }
        }
    }
    Ok(if bad > 0 { EXIT_POLICY } else { 0 })
}

fn human_analysis(a: &Analysis) -> String {
    let src = Snippets::new(&a.input);
    let mut s = String::new();
    for (i, u) in a.units.iter().enumerate() {
        s.push_str(&format!(
            "unit {}: {}\n  argv: {}\n",
            i + 1,
            u.program.as_deref().unwrap_or("(computed at run time)"),
            u.command_text()
        ));
        if !u.via.is_empty() {
            s.push_str(&format!("  via: {}\n", u.via.join(" → ")));
        }
        s.push_str(&src.caret(u.span));
    }
    for f in &a.flags {
        if f.detail.is_empty() {
            s.push_str(&format!("flag {}\n", f.kind.name()));
        } else {
            s.push_str(&format!("flag {}: {}\n", f.kind.name(), f.detail));
        }
        s.push_str(&src.caret(f.span));
    }
    s
}

fn human_verdict(v: &Verdict) -> String {
    let src = Snippets::new(&v.analysis.input);
    let mut s = format!(
        "{} (risk {:?}, mode {})\n",
        v.decision,
        v.risk,
        v.mode.name()
    )
    .to_lowercase();
    for (i, (u, uv)) in v.analysis.units.iter().zip(&v.units).enumerate() {
        s.push_str(&format!(
            "\nunit {}: {} → {}\n",
            i + 1,
            u.command_text(),
            uv.decision
        ));
        if !u.via.is_empty() {
            s.push_str(&format!("  via: {}\n", u.via.join(" → ")));
        }
        s.push_str(&src.caret(u.span));
        for r in &uv.reasons {
            s.push_str(&format!(
                "  {} [{} from {}]: {}\n",
                r.decision, r.rule, r.source, r.message
            ));
            if let Some(instead) = &r.suggest {
                s.push_str(&format!("    instead: {instead}\n"));
            }
        }
    }
    let global: Vec<_> = v
        .reasons
        .iter()
        .filter(|r| matches!(r.rule, Origin::Flag(_)) || r.unit.is_none())
        .collect();
    if !global.is_empty() {
        s.push('\n');
        for r in global {
            s.push_str(&format!(
                "{} [{} from {}]: {}\n",
                r.decision, r.rule, r.source, r.message
            ));
            s.push_str(&src.caret(r.span));
        }
    }
    if v.decision == Decision::Allow && v.analysis.units.is_empty() {
        s.push_str("nothing would run\n");
    }
    s
}

/// `shclass rules`: every rule and check with its documentation.
/// One rule or check as `shclass rules` shows it.
#[derive(serde::Serialize)]
pub(crate) struct RuleEntry {
    id: String,
    /// `check` for a structural check; else the rule's decision.
    kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    risk: Option<String>,
    source: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    programs: Vec<String>,
    doc: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hit: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    miss: Vec<String>,
}

/// Every check, then every rule, in the policy's order; with a filter, only those whose id is
/// it or (rules) whose programs include it.
pub(crate) fn rule_entries(p: &Policy, filter: Option<&str>) -> Vec<RuleEntry> {
    let keep_check = |id: &str| filter.is_none_or(|f| f == id);
    let mut out: Vec<RuleEntry> = crate::checks::CHECKS
        .iter()
        .filter(|c| keep_check(c.id()))
        .map(|c| RuleEntry {
            id: c.id().to_string(),
            kind: "check".to_string(),
            risk: None,
            source: "builtin".to_string(),
            programs: Vec::new(),
            doc: c.doc().trim_end().to_string(),
            hit: Vec::new(),
            miss: Vec::new(),
        })
        .collect();
    for r in p.rules() {
        if let Some(f) = filter
            && r.id.as_ref() != f
            && !r.programs().any(|prog| prog == f)
        {
            continue;
        }
        out.push(RuleEntry {
            id: r.id.to_string(),
            kind: r.decision.to_string(),
            risk: Some(format!("{:?}", r.risk).to_lowercase()),
            source: r.source.to_string(),
            programs: r.programs().map(str::to_string).collect(),
            doc: r.reason.to_string(),
            hit: r.hit.iter().map(ToString::to_string).collect(),
            miss: r.miss.iter().map(ToString::to_string).collect(),
        });
    }
    out
}

/// The human form of `shclass rules`.
pub(crate) fn rules_text(entries: &[RuleEntry]) -> String {
    let mut s = String::new();
    let (checks, rules): (Vec<&RuleEntry>, Vec<&RuleEntry>) =
        entries.iter().partition(|e| e.kind == "check");
    if !checks.is_empty() {
        s.push_str("# Checks (code)\n\n");
        for c in checks {
            s.push_str(&format!("## {}\n{}\n\n", c.id, c.doc));
        }
    }
    if !rules.is_empty() {
        s.push_str("# Rules (data)\n\n");
        for r in rules {
            s.push_str(&format!(
                "## {} ({}, {}, from {})\n",
                r.id,
                r.kind,
                r.risk.as_deref().unwrap_or("-"),
                r.source
            ));
            if !r.doc.is_empty() {
                s.push_str(&format!("{}\n", r.doc));
            }
            for h in &r.hit {
                s.push_str(&format!("  hit:  {h}\n"));
            }
            for m in &r.miss {
                s.push_str(&format!("  miss: {m}\n"));
            }
            s.push('\n');
        }
    }
    s
}

/// Shows spans of one input: the line holding a span, with carets under it. Line starts are
/// found once, and a long line is shown as a window around the span (`…` marks the cut), so
/// explaining every unit of a long command costs time and output linear in its size.
pub(crate) struct Snippets<'a> {
    input: &'a str,
    /// Byte offset of each line's start.
    lines: Vec<usize>,
}

/// Characters shown before a span on a long line.
const BEFORE: usize = 30;
/// Characters of a long line shown in all.
const WINDOW: usize = 110;

impl<'a> Snippets<'a> {
    pub(crate) fn new(input: &'a str) -> Self {
        let lines = std::iter::once(0)
            .chain(input.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Snippets { input, lines }
    }

    /// The line holding `span` (or a window of it), with carets under the span.
    pub(crate) fn caret(&self, span: crate::ast::Span) -> String {
        let input = self.input;
        let mut start = span.start.min(input.len());
        while !input.is_char_boundary(start) {
            start -= 1;
        }
        let line = self
            .lines
            .partition_point(|&l| l <= start)
            .saturating_sub(1);
        let line_start = self.lines.get(line).copied().unwrap_or(0);
        let line_end = self
            .lines
            .get(line + 1)
            .map_or(input.len(), |&next| next - 1);
        let mut end = span.end.min(line_end).max(start);
        while !input.is_char_boundary(end) {
            end -= 1;
        }
        // The window: up to BEFORE characters before the span, WINDOW characters in all.
        let win_start = input[line_start..start]
            .char_indices()
            .rev()
            .nth(BEFORE - 1)
            .map_or(line_start, |(i, _)| line_start + i);
        let win_end = input[win_start..line_end]
            .char_indices()
            .nth(WINDOW)
            .map_or(line_end, |(i, _)| win_start + i);
        let cut_before = win_start > line_start;
        let cut_after = win_end < line_end;
        let shown = &input[win_start..win_end];
        let col = input[win_start..start].chars().count() + usize::from(cut_before);
        let width = input[start..end.min(win_end).max(start)]
            .chars()
            .count()
            .max(1);
        format!(
            "    {}{shown}{}\n    {}{}\n",
            if cut_before { "…" } else { "" },
            if cut_after { "…" } else { "" },
            " ".repeat(col),
            "^".repeat(width)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Cli, Cmd, SessionArgs, Snippets};
    use crate::ast::Span;
    use clap::Parser;

    #[test]
    fn the_hook_fast_path_has_clap_defaults() {
        for agent in ["claude", "gemini", "cursor", "claude-code", "gemini-cli"] {
            let cli = Cli::try_parse_from(["shclass", "hook", agent]);
            let Ok(Cli {
                command:
                    Some(Cmd::Hook {
                        session,
                        deadline_ms,
                        ..
                    }),
                ..
            }) = cli
            else {
                panic!("`shclass hook {agent}` does not parse as a hook");
            };
            assert_eq!(session, SessionArgs::defaults(), "{agent}");
            assert_eq!(deadline_ms, None, "{agent}");
        }
    }

    #[test]
    fn carets_sit_under_the_span_on_short_and_multi_line_input() {
        let src = Snippets::new("ls && rm -rf /");
        assert_eq!(
            src.caret(Span::new(6, 14)),
            "    ls && rm -rf /\n          ^^^^^^^^\n"
        );
        let src = Snippets::new("ls\necho é && rm x");
        assert_eq!(
            src.caret(Span::new(3, 10)),
            "    echo é && rm x\n    ^^^^^^\n"
        );
        assert_eq!(
            src.caret(Span::new(14, 18)),
            "    echo é && rm x\n              ^^^^\n"
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_span() {
        let input = "echo ok && ".repeat(10_000) + "rm -rf /";
        let src = Snippets::new(&input);
        let at = input.len() - 8;
        let shown = src.caret(Span::new(at, input.len()));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0].starts_with("    …") && lines[0].ends_with("rm -rf /"),
            "{shown}"
        );
        assert!(lines[0].chars().count() < 150, "{shown}");
        // The carets are under `rm -rf /`.
        let col = lines[1].find('^').unwrap_or_default();
        assert_eq!(
            lines[0].chars().skip(col).take(8).collect::<String>(),
            "rm -rf /"
        );
        let middle = src.caret(Span::new(55_000, 55_007));
        assert!(
            middle.lines().next().is_some_and(|l| l.ends_with('…')),
            "{middle}"
        );
    }
}
