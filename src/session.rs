//! A session: a [`Policy`] plus what an agent loop remembers between decisions.
//!
//! - **always**: an approval can be remembered as a narrow rule — the unit's program and its
//!   subcommand (first operand), never a wildcard over the whole line, and never the flags that
//!   make a command destructive (`--force`, `-r`, `--hard`…) unless the approved unit had them.
//!   The rule is added with [`Policy::add_text`] and source `remembered`, so it is validated like
//!   any policy file and the engine's precedence applies: a remembered allow never overrides a
//!   deny, a check or a flag. It lives in session memory, or is also appended to the project
//!   policy file (`.shclass.toml`).
//! - **denial breaker**: after N denials in a row (default 3) the verdict says so and suggests
//!   `--mode plan`.
//! - **rate limit**: a sliding window of acting units per hour (zeroclaw's
//!   `max_actions_per_hour`, default 200); past it, deny.
//! - **edits follow reads**: an Edit/Write of an existing file that was not read in this session,
//!   or that changed on disk (mtime or size) since it was read, asks. A read counts once it is
//!   allowed (by the policy or a person), not while it asks.
//! - **audit**: every decision can be appended to a hash-chained [`AuditLog`].
//!
//! This module does not talk to agents (that is `hook/`), does not prompt (that is
//! `interactive.rs`) and does not store state across processes (that is `state.rs`).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::analyze::Unit;
use crate::ast::Span;
use crate::audit::{self, Approver, AuditEntry, AuditLog};
use crate::policy::paths::Access;
use crate::policy::{
    Decision, Mode, Operation, Origin, Policy, Reason, Risk, Source, Verdict, options,
};
use crate::state::{FileStamp, SessionState};
use crate::wordlist::{Words, words};

/// Limits of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionConfig {
    /// Denials in a row before the verdict suggests another mode (0 turns it off).
    pub max_consecutive_denials: u32,
    /// Acting units allowed in the window (0 turns the limit off).
    pub max_actions_per_hour: u32,
    /// The window, in seconds.
    pub window_secs: u64,
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            max_consecutive_denials: crate::policy::DEFAULT_MAX_DENIALS,
            max_actions_per_hour: crate::policy::DEFAULT_MAX_ACTIONS_PER_HOUR,
            window_secs: 3600,
        }
    }
}

impl SessionConfig {
    /// The limits `policy`'s files set in their `[session]` tables (`max_denials`,
    /// `max_actions_per_hour`), the defaults for the others.
    pub fn from_policy(policy: &Policy) -> SessionConfig {
        let limits = policy.session_limits;
        let d = SessionConfig::default();
        SessionConfig {
            max_consecutive_denials: limits.max_denials.unwrap_or(d.max_consecutive_denials),
            max_actions_per_hour: limits
                .max_actions_per_hour
                .unwrap_or(d.max_actions_per_hour),
            window_secs: d.window_secs,
        }
    }

    /// Denials in a row before the verdict suggests another mode (0: off).
    #[must_use]
    pub fn with_max_consecutive_denials(mut self, n: u32) -> SessionConfig {
        self.max_consecutive_denials = n;
        self
    }

    /// Acting units allowed per window (0: off).
    #[must_use]
    pub fn with_max_actions_per_hour(mut self, n: u32) -> SessionConfig {
        self.max_actions_per_hour = n;
        self
    }

    /// The window of the rate limit, in seconds.
    #[must_use]
    pub fn with_window_secs(mut self, secs: u64) -> SessionConfig {
        self.window_secs = secs;
        self
    }
}

/// Whether a decision counts towards the session's limits (it may run) or not (only shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counted {
    Yes,
    No,
}

/// The answer of a person to an ask.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// Run it this once.
    Yes,
    /// Do not run it.
    No,
    /// Run it and remember the approval.
    Always(RememberScope),
}

/// Where an "always" is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RememberScope {
    /// For this session only (and its state file, for hooks).
    Session,
    /// Also appended to this project policy file.
    ProjectFile(PathBuf),
}

/// A decision in a session: the engine's verdict plus what the session added.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Outcome {
    /// `Bash`, `Read`, `Write`, `Edit`, … (the agent's tool name).
    pub tool: String,
    /// The command line or the path.
    pub input: String,
    /// The final decision.
    pub decision: Decision,
    /// Its risk.
    pub risk: Risk,
    /// The mode it was decided in.
    pub mode: Mode,
    /// Session reasons first (rate limit, breaker, edits-follow-reads), then the engine's.
    pub reasons: Vec<Reason>,
    /// The engine's verdict, for commands.
    pub verdict: Option<Verdict>,
    /// The resolved path, for file tools.
    pub path: Option<PathBuf>,
    /// Acting units counted against the rate limit.
    pub acts: usize,
    /// Who decided.
    pub approved_by: Approver,
    /// When (Unix seconds).
    pub at: u64,
    /// The files a read tool reads, stamped when it was decided: remembered as read (for
    /// edits-follow-reads) once the read is allowed, by the policy or by a person, never while
    /// it only asks (a read a person refuses, or one an agent turns into a deny, is no read).
    pub(crate) reads: Vec<(String, FileStamp)>,
}

impl Outcome {
    /// One line for people: the decision's reasons, most severe first, with rule and source.
    pub fn summary(&self) -> String {
        let relevant: Vec<String> = self
            .reasons
            .iter()
            .filter(|r| r.decision == self.decision)
            .take(4)
            .map(|r| match &r.suggest {
                Some(instead) => format!(
                    "{} [{} from {}]; instead: {instead}",
                    r.message, r.rule, r.source
                ),
                None => format!("{} [{} from {}]", r.message, r.rule, r.source),
            })
            .collect();
        if relevant.is_empty() {
            let what = if self.verdict.is_some() {
                "running"
            } else {
                "this access to"
            };
            format!(
                "shclass: {}: no rule decides {what} `{}`, so the mode's default applies ({})",
                self.decision,
                self.input,
                self.mode.name()
            )
        } else {
            format!("shclass: {}: {}", self.decision, relevant.join("; "))
        }
    }
}

/// Errors of session operations.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// Nothing in the verdict can be remembered as a narrow rule.
    #[error("nothing to remember: {0}")]
    NothingToRemember(String),
    /// The generated rule did not validate (a bug; nothing was remembered).
    #[error("the remembered rule is invalid: {0}")]
    Invalid(String),
    /// The project policy file could not be written.
    #[error("cannot write {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// A policy with session memory. See the module docs.
#[derive(Debug)]
pub struct Session {
    policy: Policy,
    config: SessionConfig,
    state: SessionState,
    audit: Option<AuditLog>,
    agent: String,
    id: Option<String>,
}

/// Flags that make a command destructive; a remembered rule excludes those the approved unit
/// did not have.
const ESCALATING_FLAGS: Words = words![
    "-f",
    "--force",
    "--force-with-lease",
    "--force-if-includes",
    "-r",
    "-R",
    "--recursive",
    "--hard",
    "-D",
    "--delete",
    "--mirror",
    "--prune",
    "--no-verify",
    "-y",
    "--yes",
    "--all",
];

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn session_reason(decision: Decision, risk: Risk, rule: &'static str, message: String) -> Reason {
    Reason {
        decision,
        risk,
        rule: Origin::Session(rule),
        source: Source::Builtin,
        message: message.into(),
        span: Span::default(),
        unit: None,
        suggest: None,
    }
}

impl Session {
    /// A fresh session over `policy`, with the limits its files set (`[session]`).
    pub fn new(policy: Policy) -> Session {
        Session {
            config: SessionConfig::from_policy(&policy),
            policy,
            state: SessionState {
                version: 1,
                ..SessionState::default()
            },
            audit: None,
            agent: "library".to_owned(),
            id: None,
        }
    }

    /// Set the limits.
    #[must_use]
    pub fn with_config(mut self, config: SessionConfig) -> Session {
        self.config = config;
        self
    }

    /// Write every decision to this log.
    #[must_use]
    pub fn with_audit(mut self, log: AuditLog) -> Session {
        self.audit = Some(log);
        self
    }

    /// Name the agent and its session id (written to the audit log).
    #[must_use]
    pub fn with_agent(mut self, agent: &str, id: Option<&str>) -> Session {
        agent.clone_into(&mut self.agent);
        self.id = id.map(str::to_owned);
        self
    }

    /// Continue from a stored state; its remembered rules are added to the policy again. The
    /// state file is data the agent might have written, so a snippet is added only in the one
    /// form `always` writes (one allow rule naming a program and a subcommand or exact line,
    /// excluding escalating flags, nothing else); any other snippet, or one that no longer
    /// validates, is dropped: forgetting an approval is the safe direction.
    #[must_use]
    pub fn with_state(mut self, state: SessionState) -> Session {
        let mut kept = Vec::new();
        for snippet in &state.remembered {
            if remembered_form(snippet)
                && self
                    .policy
                    .add_text(snippet, "remembered", &Source::Remembered, false)
                    .is_ok()
            {
                kept.push(snippet.clone());
            }
        }
        self.state = SessionState {
            remembered: kept,
            ..state
        };
        self
    }

    /// The state to store.
    pub fn state(&self) -> &SessionState {
        &self.state
    }

    /// The state, consuming the session.
    pub fn into_state(self) -> SessionState {
        self.state
    }

    /// The policy.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The policy, to change the mode and such.
    pub fn policy_mut(&mut self) -> &mut Policy {
        &mut self.policy
    }

    /// The limits.
    pub fn config(&self) -> SessionConfig {
        self.config
    }

    /// Decide a command line.
    pub fn check_command(&mut self, tool: &str, cmd: &str) -> Outcome {
        let mut out = self.command_outcome(tool, cmd);
        self.finish(&mut out, Counted::Yes);
        out
    }

    /// Decide a command line that will not run (the REPL only explains it): the same verdict,
    /// audited, but it counts neither towards the denial breaker nor the rate limit.
    pub(crate) fn preview_command(&mut self, tool: &str, cmd: &str) -> Outcome {
        let mut out = self.command_outcome(tool, cmd);
        self.finish(&mut out, Counted::No);
        out
    }

    /// The engine's outcome for a command line, before the session's rules.
    fn command_outcome(&self, tool: &str, cmd: &str) -> Outcome {
        let verdict = self.policy.classify(cmd);
        let acts = verdict
            .units
            .iter()
            .filter(|u| u.operation == Operation::Act)
            .count();
        Outcome {
            tool: tool.to_owned(),
            input: cmd.to_owned(),
            decision: verdict.decision,
            risk: verdict.risk,
            mode: verdict.mode,
            reasons: verdict.reasons.clone(),
            verdict: Some(verdict),
            path: None,
            acts,
            approved_by: Approver::Policy,
            at: now_secs(),
            reads: Vec::new(),
        }
    }

    /// Decide a file tool's access to one path. For `Access::Write` (`Edit`, `Write`,
    /// `MultiEdit`, `NotebookEdit`), an existing target must have been read in this session,
    /// unchanged since.
    pub fn check_file(&mut self, tool: &str, access: Access, path: &str) -> Outcome {
        self.check_files(tool, access, &[path.to_owned()])
    }

    /// Decide a file tool's access to several paths (Glob's directory and pattern, read-many
    /// tools) as one decision: the most severe wins.
    pub fn check_files(&mut self, tool: &str, access: Access, paths: &[String]) -> Outcome {
        let mut decision = Decision::Allow;
        let mut risk = Risk::Low;
        let mut reasons = Vec::new();
        let mut first = None;
        let mut reads = Vec::new();
        for path in paths {
            let (d, r, mut why, resolved) = self.decide_file(access, path, &mut reads);
            decision = decision.max(d);
            risk = risk.max(r);
            reasons.append(&mut why);
            first.get_or_insert(resolved);
        }
        reasons.sort_by(|a, b| b.decision.cmp(&a.decision).then(b.risk.cmp(&a.risk)));
        let mut out = Outcome {
            tool: tool.to_owned(),
            input: paths.join(" "),
            decision,
            risk,
            mode: self.policy.mode,
            reasons,
            verdict: None,
            path: first,
            acts: usize::from(access == Access::Write),
            approved_by: Approver::Policy,
            at: now_secs(),
            reads,
        };
        self.finish(&mut out, Counted::Yes);
        if out.decision == Decision::Allow {
            self.state.reads.extend(out.reads.iter().cloned());
        }
        out
    }

    fn decide_file(
        &mut self,
        access: Access,
        path: &str,
        reads: &mut Vec<(String, FileStamp)>,
    ) -> (Decision, Risk, Vec<Reason>, PathBuf) {
        let pv = self.policy.check_path(access, path);
        let mut decision = pv.decision;
        let mut risk = pv.risk;
        let mut extra = Vec::new();
        let key = pv.path.display().to_string();
        if access == Access::Write
            && decision != Decision::Deny
            && self.policy.mode != Mode::Bypass
            && let Some(now) = FileStamp::of(&pv.path).filter(|_| pv.path.is_file())
        {
            let problem = match self.state.reads.get(&key) {
                None => Some((
                    "edit-before-read",
                    format!(
                        "`{key}` exists but was not read in this session: read it before changing it"
                    ),
                )),
                Some(then) if *then != now => Some((
                    "edit-after-change",
                    if then.size == now.size {
                        format!(
                            "`{key}` changed on disk since it was read (modified time differs): read it again"
                        )
                    } else {
                        format!(
                            "`{key}` changed on disk since it was read (size {} → {} bytes): read it again",
                            then.size, now.size
                        )
                    },
                )),
                Some(_) => None,
            };
            if let Some((rule, message)) = problem {
                let to = if matches!(self.policy.mode, Mode::Strict | Mode::Plan) {
                    Decision::Deny
                } else {
                    Decision::Ask
                };
                decision = decision.max(to);
                risk = risk.max(Risk::Medium);
                extra.push(session_reason(to, Risk::Medium, rule, message));
            }
        }
        if access == Access::Read
            && decision != Decision::Deny
            && pv.path.is_file()
            && let Some(stamp) = FileStamp::of(&pv.path)
        {
            reads.push((key, stamp));
        }
        extra.extend(pv.reasons);
        (decision, risk, extra, pv.path)
    }

    /// The agent read or wrote `path` (a post-tool event): remember its size and mtime now.
    pub fn record_file(&mut self, path: &str) {
        let resolved = crate::files::resolve(path, self.policy.workspace());
        match FileStamp::of(&resolved) {
            Some(stamp) => {
                self.state
                    .reads
                    .insert(resolved.display().to_string(), stamp);
            }
            None => {
                self.state.reads.remove(&resolved.display().to_string());
            }
        }
    }

    /// Session rules over the engine's decision, counters, then the audit line. An outcome
    /// that is not `counted` (it will not run) leaves the breaker and the rate limit alone.
    fn finish(&mut self, out: &mut Outcome, counted: Counted) {
        self.state.decisions += 1;
        let mut front = Vec::new();
        if counted == Counted::No {
            if out.decision == Decision::Ask {
                out.approved_by = Approver::Pending;
            }
            self.write_audit(out);
            return;
        }
        // Rate limit: acting units in the sliding window.
        let window_start = out.at.saturating_sub(self.config.window_secs);
        self.state.actions.retain(|&t| t > window_start);
        if self.config.max_actions_per_hour > 0
            && out.decision != Decision::Deny
            && out.acts > 0
            && self.state.actions.len() + out.acts > self.config.max_actions_per_hour as usize
        {
            out.decision = Decision::Deny;
            out.risk = out.risk.max(Risk::High);
            front.push(session_reason(
                Decision::Deny,
                Risk::High,
                "rate-limit",
                format!(
                    "rate limit: {} acting commands in the last {} s, the limit is {} (a runaway loop?); wait, or raise `max_actions_per_hour` in the `[session]` table of your policy file (or --max-actions-per-hour)",
                    self.state.actions.len(),
                    self.config.window_secs,
                    self.config.max_actions_per_hour
                ),
            ));
        }
        if out.decision != Decision::Deny {
            // Asks are counted too: the agent's person usually says yes, and a refusal
            // through `answer` gives them back.
            self.state
                .actions
                .extend(std::iter::repeat_n(out.at, out.acts));
        }
        match out.decision {
            Decision::Deny => {
                self.state.consecutive_denials += 1;
                let n = self.state.consecutive_denials;
                if self.config.max_consecutive_denials > 0
                    && n >= self.config.max_consecutive_denials
                {
                    front.push(session_reason(
                        Decision::Deny,
                        out.risk,
                        "denial-breaker",
                        format!(
                            "{n} denials in a row: stop and ask the person what they want; consider --mode plan (read-only) while exploring"
                        ),
                    ));
                }
            }
            Decision::Allow => self.state.consecutive_denials = 0,
            Decision::Ask => {}
        }
        if !front.is_empty() {
            front.append(&mut out.reasons);
            out.reasons = front;
        }
        if out.decision == Decision::Ask {
            out.approved_by = Approver::Pending;
        }
        self.write_audit(out);
    }

    fn write_audit(&self, out: &mut Outcome) {
        let Some(log) = &self.audit else { return };
        let entry = AuditEntry {
            time: audit::rfc3339(UNIX_EPOCH + std::time::Duration::from_secs(out.at)),
            agent: self.agent.clone(),
            session: self.id.clone(),
            tool: out.tool.clone(),
            input: audit::redact(&out.input),
            decision: out.decision,
            risk: out.risk,
            mode: out.mode,
            reasons: audit::audit_reasons(&out.reasons),
            approved_by: out.approved_by,
        };
        if let Err(e) = log.append(&entry) {
            // No unaudited action: a log that cannot be written refuses.
            out.decision = Decision::Deny;
            out.reasons.insert(
                0,
                session_reason(
                    Decision::Deny,
                    Risk::High,
                    "audit-log",
                    format!(
                        "the audit log {} cannot be written ({e}), so nothing may run",
                        log.path().display()
                    ),
                ),
            );
        }
    }

    /// A person answered an ask: update the counters, remember on "always", audit the answer.
    /// Returns the remembered rules (TOML) for "always".
    pub fn answer(
        &mut self,
        out: &mut Outcome,
        answer: &Answer,
    ) -> Result<Vec<String>, SessionError> {
        let mut remembered = Vec::new();
        match answer {
            Answer::No => {
                // Give back the acts counted when it was asked.
                for _ in 0..out.acts {
                    if let Some(pos) = self.state.actions.iter().rposition(|&t| t == out.at) {
                        self.state.actions.remove(pos);
                    }
                }
                self.state.consecutive_denials += 1;
                out.decision = Decision::Deny;
                out.approved_by = Approver::UserRefused;
            }
            Answer::Yes => {
                self.state.reads.extend(out.reads.iter().cloned());
                self.state.consecutive_denials = 0;
                out.decision = Decision::Allow;
                out.approved_by = Approver::User;
            }
            Answer::Always(scope) => {
                if let Some(v) = &out.verdict {
                    remembered = self.remember(v, scope)?;
                }
                self.state.reads.extend(out.reads.iter().cloned());
                self.state.consecutive_denials = 0;
                out.decision = Decision::Allow;
                out.approved_by = Approver::UserAlways;
            }
        }
        let (decision, rule, message) = match out.approved_by {
            Approver::UserRefused => (Decision::Deny, "person-refused", "a person refused it"),
            Approver::UserAlways => (
                Decision::Allow,
                "person-approved",
                "a person approved it and asked to remember it",
            ),
            _ => (
                Decision::Allow,
                "person-approved",
                "a person approved it once",
            ),
        };
        out.reasons.insert(
            0,
            Reason {
                decision,
                risk: out.risk,
                rule: Origin::Session(rule),
                source: Source::Inline,
                message: message.to_owned().into(),
                span: Span::default(),
                unit: None,
                suggest: None,
            },
        );
        self.write_audit(out);
        Ok(remembered)
    }

    /// Remember approvals for the asking units of a verdict as narrow allow rules. Units that ask
    /// for a reason an allow rule cannot loosen (a check, a flag, a path) are skipped.
    pub fn remember(
        &mut self,
        verdict: &Verdict,
        scope: &RememberScope,
    ) -> Result<Vec<String>, SessionError> {
        let mut snippets = Vec::new();
        let mut why_not = Vec::new();
        for (unit, uv) in verdict.analysis.units.iter().zip(&verdict.units) {
            if uv.decision != Decision::Ask {
                continue;
            }
            // A person's allow loosens built-in ask rules and "no rule"; not checks, flags,
            // paths or asks a person wrote.
            let loosenable = uv.reasons.iter().all(|r| {
                r.decision != Decision::Ask || r.rule == "no-rule" || is_builtin_rule_reason(r)
            });
            if !loosenable {
                why_not.push(format!(
                    "`{}` asks because of a check or flag that no allow rule loosens",
                    unit_text(unit)
                ));
                continue;
            }
            match rule_snippet(&self.policy, unit) {
                Some(s) if !self.state.remembered.contains(&s) && !snippets.contains(&s) => {
                    snippets.push(s);
                }
                Some(_) => {}
                None => why_not.push(format!(
                    "`{}` has no static program and subcommand to remember",
                    unit_text(unit)
                )),
            }
        }
        if snippets.is_empty() {
            return Err(SessionError::NothingToRemember(if why_not.is_empty() {
                "no unit asks".to_owned()
            } else {
                why_not.join("; ")
            }));
        }
        for s in &snippets {
            self.policy
                .add_text(s, "remembered", &Source::Remembered, true)
                .map_err(|e| SessionError::Invalid(e.to_string()))?;
            self.state.remembered.push(s.clone());
        }
        if let RememberScope::ProjectFile(path) = scope {
            // A person answered "always": the file stays trusted if it was (or is new), so the
            // approval counts on the next load; an untrusted file stays untrusted.
            let store = crate::policy::trust::TrustStore::user();
            let keep_trust = match std::fs::read(path) {
                Ok(bytes) => store.as_ref().is_some_and(|s| s.is_trusted(path, &bytes)),
                Err(_) => true,
            };
            let io = |error| SessionError::Io {
                path: path.display().to_string(),
                error,
            };
            append_to_policy_file(path, &snippets).map_err(io)?;
            if keep_trust && let Some(store) = store {
                store.trust(path).map_err(io)?;
            }
        }
        Ok(snippets)
    }

    /// The project policy file an "always" goes to: the `.shclass.toml` found upward from the
    /// workspace, else a new one in the workspace.
    pub fn project_policy_file(&self) -> PathBuf {
        let cwd = self.policy.workspace();
        crate::policy::trust::project_policy(cwd)
            .into_iter()
            .find_map(|f| match f {
                crate::policy::trust::Found::File(p) => Some(p),
                crate::policy::trust::Found::Skipped(..) => None,
            })
            .unwrap_or_else(|| cwd.join(".shclass.toml"))
    }
}

/// Is `snippet` exactly the shape [`rule_snippet`] writes? One `[[rule]]` with an id
/// `remembered-…`, decision allow, one plain program, then either one plain subcommand or an
/// exact command line without wildcards, at most a `flags.none` list drawn from the escalating
/// flags, the tag `remembered`, a reason and examples. No other key: no mode, no lists, no
/// flags table, no program tables, no audit log, no operand, wrapper, context or env condition.
fn remembered_form(snippet: &str) -> bool {
    use crate::policy::spec::{OneOrMany, parse_policy};
    let Ok(file) = parse_policy(snippet, "remembered") else {
        return false;
    };
    let bare = file.mode.is_none()
        && file.allow.is_empty()
        && file.ask.is_empty()
        && file.deny.is_empty()
        && file.flags.is_empty()
        && file.program.is_empty()
        && file.audit_log.is_none();
    let [rule] = file.rule.as_slice() else {
        return false;
    };
    let r = rule.get_ref();
    let one_plain = |o: &Option<OneOrMany>| match o {
        Some(OneOrMany::One(w)) => plain(w),
        Some(OneOrMany::Many(v)) => matches!(v.as_slice(), [w] if plain(w)),
        None => false,
    };
    let target = match (&r.subcommand, &r.command) {
        (Some(_), None) => one_plain(&r.subcommand),
        (None, Some(c)) => !c.contains('*') && !c.is_empty(),
        _ => false,
    };
    let flags = r.flags.as_ref().is_none_or(|f| {
        f.any.is_empty() && f.all.is_empty() && f.none.iter().all(|x| ESCALATING_FLAGS.contains(x))
    });
    bare && target
        && flags
        && r.id.starts_with("remembered-")
        && r.decision == "allow"
        && r.risk.is_none()
        && one_plain(&r.program)
        && !r.any_path
        && r.args.is_none()
        && r.max_operands.is_none()
        && r.min_operands.is_none()
        && r.env.is_none()
        && r.via.is_none()
        && r.context.is_none()
        && !r.dynamic_args
        && r.tags.len() == 1
        && r.tags.iter().all(|t| t == "remembered")
}

/// A reason from a built-in rule (data), as opposed to a check, a flag, a mode, the path
/// policy or a rule a person wrote: the kind of ask a person's allow may loosen.
fn is_builtin_rule_reason(r: &Reason) -> bool {
    r.source == Source::Builtin && matches!(r.rule, Origin::Rule(_))
}

fn unit_text(unit: &Unit) -> String {
    unit.argv
        .iter()
        .map(|a| a.value.clone().unwrap_or_else(|| a.template.clone()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word that needs no quoting in a shell command or a rule id.
fn plain(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.+:@%,=/".contains(c))
}

fn toml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())
}

/// The narrow allow rule for one unit, as TOML: program + first operand, or the exact line when
/// there is no operand; escalating flags the unit did not have are excluded.
fn rule_snippet(policy: &Policy, unit: &Unit) -> Option<String> {
    let program = unit.program.as_deref()?;
    if !plain(program) || unit.argv.iter().any(|a| a.value.is_none()) {
        return None;
    }
    let parsed = options::parse(policy.program_options(program).as_deref(), &unit.argv);
    // A first operand is a subcommand only for a program with subcommands (`git push`); for
    // `touch newfile` the approval is of that exact line.
    let sub = parsed
        .operands
        .first()
        .filter(|_| policy.has_subcommands(program))
        .and_then(|&i| unit.argv.get(i))
        .and_then(|a| a.value.as_deref());
    let line = unit_text(unit);
    let example = unit
        .argv
        .iter()
        .all(|a| a.value.as_deref().is_some_and(plain))
        .then(|| line.clone());
    let slug: String = std::iter::once(program)
        .chain(sub)
        .collect::<Vec<_>>()
        .join("-")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug.trim_matches('-').to_owned();
    // Options that would widen a subcommand approval, among those the program has (a closed
    // table names them all); an exact line needs none. After the subcommand its own table reads
    // the options; a program with subcommand tables names in its own table only those before
    // the subcommand, so without a table for this one nothing is left out.
    let spec = match sub {
        Some(word) if policy.has_subcommand_tables(program) => policy
            .subcommand_options(program, &[word])
            .map(|(_, table)| table),
        _ => policy.program_options(program),
    };
    let none: Vec<String> = ESCALATING_FLAGS
        .iter()
        .filter(|_| sub.is_some())
        .filter(|f| !parsed.has(f))
        .filter(|f| spec.as_deref().and_then(|s| s.knows(f)) != Some(false))
        .map(toml_str)
        .collect();
    let mut s = String::from("[[rule]]\n");
    s.push_str(&format!(
        "id = {}\n",
        toml_str(&format!("remembered-{slug}"))
    ));
    s.push_str("decision = \"allow\"\n");
    s.push_str(&format!("program = {}\n", toml_str(program)));
    match sub {
        Some(sub) => s.push_str(&format!("subcommand = [{}]\n", toml_str(sub))),
        None => s.push_str(&format!("command = {}\n", toml_str(&line))),
    }
    if !none.is_empty() {
        s.push_str(&format!("flags = {{ none = [{}] }}\n", none.join(", ")));
    }
    s.push_str("tags = [\"remembered\"]\n");
    s.push_str(&format!(
        "reason = {}\n",
        toml_str(&format!("remembered approval of `{line}`"))
    ));
    if let Some(ex) = example {
        s.push_str(&format!("examples = {{ hit = [{}] }}\n", toml_str(&ex)));
    }
    Some(s)
}

/// Append rules to a policy file under an exclusive lock, with a comment saying where they came
/// from.
fn append_to_policy_file(path: &Path, snippets: &[String]) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)?;
    f.lock()?;
    let result = (|| {
        let len = f.seek(SeekFrom::End(0))?;
        let mut text = String::new();
        if len > 0 {
            f.seek(SeekFrom::Start(len - 1))?;
            let mut last = [0u8; 1];
            f.read_exact(&mut last)?;
            if last[0] != b'\n' {
                text.push('\n');
            }
            text.push('\n');
        }
        text.push_str(&format!(
            "# remembered by shclass on {}\n",
            audit::rfc3339(SystemTime::now())
        ));
        text.push_str(&snippets.join("\n"));
        f.write_all(text.as_bytes())?;
        f.sync_data()
    })();
    let _ = f.unlock();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> Policy {
        match Policy::builtin() {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn remembered_rule_is_narrow() {
        let p = policy();
        let v = p.classify("git push origin main");
        let s = rule_snippet(&p, &v.analysis.units[0]).unwrap_or_default();
        assert!(s.contains("program = \"git\""), "{s}");
        assert!(s.contains("subcommand = [\"push\"]"), "{s}");
        assert!(s.contains("\"--force\""), "{s}");
    }
}

#[cfg(test)]
mod limit_tests {
    use super::SessionConfig;
    use crate::policy::{Policy, Source};

    fn user(text: &str) -> Result<Policy, String> {
        let mut p = Policy::empty();
        p.add_text(text, "user.toml", &Source::User("user.toml".into()), true)
            .map_err(|e| e.to_string())?;
        Ok(p)
    }

    #[test]
    fn session_keys_set_the_limits_and_bad_values_name_file_line_and_key() {
        let p = user("[session]\nmax_denials = 5\nmax_actions_per_hour = 0\ndeadline_ms = 800\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let c = SessionConfig::from_policy(&p);
        assert_eq!(c.max_consecutive_denials, 5);
        assert_eq!(c.max_actions_per_hour, 0);
        assert_eq!(p.session_limits.deadline_ms, Some(800));
        // No [session]: the defaults.
        assert_eq!(
            SessionConfig::from_policy(&Policy::empty()),
            SessionConfig::default()
        );
        for (text, want) in [
            (
                "mode = \"default\"\n[session]\nmax_denials = -1\n",
                "user.toml:3: session.max_denials",
            ),
            (
                "[session]\n\ndeadline_ms = 0\n",
                "user.toml:3: session.deadline_ms",
            ),
            (
                "[session]\nmax_actions_per_hour = 5000000000\n",
                "user.toml:2: session.max_actions_per_hour",
            ),
            ("[session]\nmax_denial = 2\n", "max_denial"),
            ("[session]\nmax_denials = \"2\"\n", "user.toml:2"),
        ] {
            let e = user(text).err().unwrap_or_else(|| panic!("{text:?} loads"));
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn an_untrusted_file_only_lowers_the_limits() {
        let project = Source::Project(".shclass.toml".into());
        let load = |user_text: &str, project_text: &str| {
            let mut p = user(user_text).unwrap_or_else(|e| panic!("{e}"));
            p.add_untrusted_text(project_text, ".shclass.toml", &project)
                .unwrap_or_else(|e| panic!("{e}"));
            p
        };
        // Lower: taken.
        let p = load(
            "",
            "[session]\nmax_denials = 2\nmax_actions_per_hour = 10\ndeadline_ms = 100\n",
        );
        let c = SessionConfig::from_policy(&p);
        assert_eq!((c.max_consecutive_denials, c.max_actions_per_hour), (2, 10));
        assert_eq!(p.session_limits.deadline_ms, Some(100));
        // Higher, or 0 (off): ignored, and said so.
        let p = load(
            "[session]\nmax_denials = 4\n",
            "[session]\nmax_denials = 0\nmax_actions_per_hour = 1000\ndeadline_ms = 60000\n",
        );
        let c = SessionConfig::from_policy(&p);
        assert_eq!(
            (c.max_consecutive_denials, c.max_actions_per_hour),
            (4, 200)
        );
        assert_eq!(p.session_limits.deadline_ms, None);
        let effects = p.untrusted_effects().join("\n");
        for key in ["max_denials", "max_actions_per_hour", "deadline_ms"] {
            assert!(effects.contains(&format!("session.{key}")), "{effects}");
        }
        // A count the person turned off may be turned on (any value is below "off").
        let p = load(
            "[session]\nmax_denials = 0\n",
            "[session]\nmax_denials = 7\n",
        );
        assert_eq!(SessionConfig::from_policy(&p).max_consecutive_denials, 7);
    }
}
