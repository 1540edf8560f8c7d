//! Agent hooks: read one agent's hook JSON, decide with a [`Session`], answer in that agent's
//! format.
//!
//! Each protocol module (`claude`, `gemini`, `cursor`) only translates: its `parse` turns the
//! agent's JSON into a `Request` and its `render` turns a decision into the agent's answer.
//! [`handle`] does the rest, the same for every agent: load the policy for the agent's working
//! directory, keep session state in the state file keyed by the agent's session id
//! (`state.rs`), write the audit log, and fail closed:
//!
//! | what went wrong | answer |
//! | --- | --- |
//! | stdin is not UTF-8 JSON, not an object, names a key twice in one object, or a known tool lacks its field | deny (Claude and Gemini also exit 2, their documented "block") |
//! | a policy file is broken or unreadable | ask (never allow), the answer's message and a line on stderr naming file, line and error; a post-tool record: the stderr line only |
//! | the session state cannot be read or written | decided without session state, and at most ask |
//! | the audit log cannot be written | deny |
//! | shclass panics | deny |
//! | no decision within the deadline (5 s, or `[session] deadline_ms`, or `shclass hook --deadline-ms`; an input that hangs the parser) | deny, from the watchdog of `shclass hook` |
//! | a tool or event shclass has no opinion on | no decision (Claude and Cursor: no output; Gemini: `{}`), exit 0 |
//!
//! Installing the hooks into the agents' settings files is `install`.

pub(crate) mod claude;
pub(crate) mod cursor;
pub(crate) mod gemini;
pub(crate) mod install;

use std::path::{Path, PathBuf};

use crate::policy::paths::Access;
use crate::policy::{Decision, LoadOptions, Mode, Risk, load};
use crate::session::{Outcome, Session, SessionConfig};
use crate::state::StateFile;

/// The agents shclass speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Agent {
    /// Claude Code `PreToolUse` (and `PostToolUse`, for edits-follow-reads).
    Claude,
    /// Gemini CLI `BeforeTool` (and `AfterTool`).
    Gemini,
    /// Cursor `beforeShellExecution` and `beforeReadFile`.
    Cursor,
}

impl Agent {
    /// Parse `claude` / `gemini` / `cursor`.
    pub fn parse(s: &str) -> Option<Agent> {
        match s {
            "claude" | "claude-code" => Some(Agent::Claude),
            "gemini" | "gemini-cli" => Some(Agent::Gemini),
            "cursor" => Some(Agent::Cursor),
            _ => None,
        }
    }

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Gemini => "gemini",
            Agent::Cursor => "cursor",
        }
    }
}

/// What the agent asks about, in shclass's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    /// A shell command.
    Command {
        /// The agent's tool name.
        tool: String,
        /// The command line.
        command: String,
    },
    /// File tool access.
    Files {
        /// The agent's tool name.
        tool: String,
        /// Read or write.
        access: Access,
        /// The paths as the agent gave them.
        paths: Vec<String>,
    },
    /// After a file tool ran: record the files' size and mtime (no answer).
    Recorded {
        /// The paths.
        paths: Vec<String>,
    },
    /// Not something shclass has an opinion on.
    Ignore,
}

/// One hook call, normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    /// The agent's session (conversation) id.
    pub session_id: Option<String>,
    /// The agent's working directory: the workspace.
    pub cwd: Option<PathBuf>,
    /// Where a shell command starts when that is not the workspace (Gemini's `dir_path`,
    /// Cursor's `cwd`): its relative paths are resolved from there.
    pub start_dir: Option<PathBuf>,
    /// The agent's permission mode, mapped onto shclass's.
    pub mode: Option<Mode>,
    /// The agent's event name (for the answer).
    pub event: Option<String>,
    /// What it asks.
    pub action: Action,
}

/// A decision ready to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Answer {
    /// The decision.
    pub decision: Decision,
    /// One line for the person and the model.
    pub reason: String,
}

/// What to print and how to exit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct HookResponse {
    /// Standard output (JSON), if anything.
    pub stdout: Option<String>,
    /// Standard error, if anything.
    pub stderr: Option<String>,
    /// Exit code.
    pub exit_code: u8,
}

/// How hooks load the policy and keep state.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct HookOptions {
    /// Policy sources; `cwd` defaults to the agent's `cwd`, `mode` to the agent's mode.
    pub load: LoadOptions,
    /// Audit log (else the policy's `audit_log`).
    pub audit_log: Option<PathBuf>,
    /// State directory (else the state directory of `state.rs`).
    pub state_dir: Option<PathBuf>,
    /// Denials in a row before the breaker, over the policy files' `[session] max_denials`
    /// (`None`: the files' value, else 3).
    pub max_denials: Option<u32>,
    /// Acting commands per hour, over the policy files' `[session] max_actions_per_hour`
    /// (`None`: the files' value, else 200).
    pub max_actions_per_hour: Option<u32>,
    /// Told the policy files' `[session] deadline_ms` once the policy is loaded (the watchdog
    /// of `shclass hook` lives in the binary).
    pub(crate) on_deadline: Option<fn(u64)>,
}

impl HookOptions {
    /// Load the policy with `load`; the other options at their defaults.
    pub fn new(load: LoadOptions) -> HookOptions {
        HookOptions {
            load,
            ..HookOptions::default()
        }
    }

    /// The audit log (over the policy's `audit_log`).
    #[must_use]
    pub fn with_audit_log(mut self, path: impl Into<PathBuf>) -> HookOptions {
        self.audit_log = Some(path.into());
        self
    }

    /// The state directory.
    #[must_use]
    pub fn with_state_dir(mut self, path: impl Into<PathBuf>) -> HookOptions {
        self.state_dir = Some(path.into());
        self
    }

    /// Denials in a row before the breaker (0: off), whatever the policy files say.
    #[must_use]
    pub fn with_max_denials(mut self, n: u32) -> HookOptions {
        self.max_denials = Some(n);
        self
    }

    /// Acting commands per hour (0: off), whatever the policy files say.
    #[must_use]
    pub fn with_max_actions_per_hour(mut self, n: u32) -> HookOptions {
        self.max_actions_per_hour = Some(n);
        self
    }
}

/// A hook input that cannot be trusted to say what it wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Malformed(pub String);

/// The project directory an agent sets in its hooks' environment (`CLAUDE_PROJECT_DIR`,
/// `GEMINI_PROJECT_DIR`, `CURSOR_PROJECT_DIR`), when it is an absolute path. The agent program
/// sets it, not the model: the commands it runs change their own shell's environment, never
/// the hook's.
pub(crate) fn project_dir(variable: &str) -> Option<PathBuf> {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
}

fn agent_parse(agent: Agent, v: &serde_json::Value) -> Result<Request, Malformed> {
    match agent {
        Agent::Claude => claude::parse(v),
        Agent::Gemini => gemini::parse(v),
        Agent::Cursor => cursor::parse(v),
    }
}

/// Render a decision (`None`: no opinion) in the agent's format.
pub(crate) fn render(agent: Agent, req: Option<&Request>, answer: Option<&Answer>) -> HookResponse {
    match agent {
        Agent::Claude => claude::render(answer),
        Agent::Gemini => gemini::render(answer),
        Agent::Cursor => cursor::render(req, answer),
    }
}

/// An answer's JSON. Serialising these field-only structs cannot fail; if it ever did, the
/// answer would be `{}`, which every agent reads as "no decision from the hook" (its own
/// permission prompt), never as allow.
fn to_json(out: &impl serde::Serialize) -> String {
    serde_json::to_string(out).unwrap_or_else(|_| "{}".to_owned())
}

fn malformed(agent: Agent, why: &str) -> HookResponse {
    deny_response(
        agent,
        format!("shclass: deny: the hook input cannot be read ({why}), so nothing is allowed"),
    )
}

/// The answer of a hook that did not decide within `deadline` (`--deadline-ms`, else the
/// policy's `[session] deadline_ms`, else 5 s: an agent waits for a hook up to its own timeout
/// and then, for most agents, goes on without it, so a hook that hangs fails open): a
/// pathological input that slows the parser in a step its
/// progress callback cannot interrupt, or any other hang. Deny.
pub(crate) fn too_slow(agent: Agent, deadline: std::time::Duration) -> HookResponse {
    let ms = deadline.as_millis();
    let within = if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    };
    deny_response(
        agent,
        format!(
            "shclass: deny: no decision within {within} (an input that makes the analysis hang), so nothing is allowed"
        ),
    )
}

fn deny_response(agent: Agent, reason: String) -> HookResponse {
    let mut r = render(
        agent,
        None,
        Some(&Answer {
            decision: Decision::Deny,
            reason: reason.clone(),
        }),
    );
    r.stderr = Some(reason);
    if matches!(agent, Agent::Claude | Agent::Gemini) {
        r.exit_code = 2; // both document exit 2 as "block", whatever stdout says
    }
    r
}

/// Handle one hook call: `input` is the agent's stdin. Never panics; see the module docs for
/// what fails closed.
pub fn handle(agent: Agent, input: &[u8], opts: &HookOptions) -> HookResponse {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        handle_inner(agent, input, opts)
    })) {
        Ok(r) => r,
        Err(_) => malformed(agent, "internal error in shclass"),
    }
}

fn handle_inner(agent: Agent, input: &[u8], opts: &HookOptions) -> HookResponse {
    let Ok(text) = std::str::from_utf8(input) else {
        return malformed(agent, "not UTF-8");
    };
    let value = match serde_json::from_str::<Unique>(text) {
        Ok(Unique(v)) => v,
        Err(e) => return malformed(agent, &format!("not JSON: {e}")),
    };
    if !value.is_object() {
        return malformed(agent, "not a JSON object");
    }
    let req = match agent_parse(agent, &value) {
        Ok(r) => r,
        Err(Malformed(why)) => return malformed(agent, &why),
    };
    if req.action == Action::Ignore {
        return render(agent, Some(&req), None);
    }
    let (answer, notice) = decide(agent, &req, opts);
    let mut r = render(agent, Some(&req), answer.as_ref());
    if let Some(notice) = notice {
        r.stderr = Some(match r.stderr.take() {
            Some(more) => format!("{notice}\n{more}"),
            None => notice,
        });
    }
    r
}

/// A JSON value none of whose objects names a key twice. `{"command": "ls", "command": "rm -rf
/// ~"}` is JSON, but which of the two a reader takes is its own choice (`serde_json` and
/// JavaScript keep the last, other readers the first), so the command shclass decides might not
/// be the one the agent runs: such an input is refused. A key spelt with escapes (`"comm\u0061nd"`)
/// is compared as read.
struct Unique(serde_json::Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<serde_json::Value, E> {
        Ok(serde_json::Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<serde_json::Value, E> {
        Ok(n.into())
    }
    fn visit_u64<E>(self, n: u64) -> Result<serde_json::Value, E> {
        Ok(n.into())
    }
    fn visit_f64<E>(self, n: f64) -> Result<serde_json::Value, E> {
        Ok(serde_json::Number::from_f64(n)
            .map_or(serde_json::Value::Null, serde_json::Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<serde_json::Value, E> {
        Ok(serde_json::Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<serde_json::Value, E> {
        Ok(serde_json::Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<serde_json::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> Result<serde_json::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(serde_json::Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> Result<serde_json::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!(
                    "the key `{key}` appears twice in one object"
                )));
            }
            let Unique(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(serde_json::Value::Object(out))
    }
}

/// Decide a normalised request: the answer (`None` for post-tool records, which need no
/// answer) and a notice for standard error when the hook's own configuration is broken.
pub(crate) fn decide(
    agent: Agent,
    req: &Request,
    opts: &HookOptions,
) -> (Option<Answer>, Option<String>) {
    let mut load_opts = opts.load.clone();
    if load_opts.cwd.is_none() {
        load_opts.cwd = req.cwd.clone().filter(|c| c.is_absolute());
    }
    if load_opts.mode.is_none() {
        // The agent's mode counts when it is not its default; the policy file's mode otherwise.
        load_opts.mode = req.mode.filter(|m| *m != Mode::Default);
    }
    match load(&load_opts) {
        Ok(policy) => {
            if let (Some(tell), Some(ms)) = (opts.on_deadline, policy.session_limits.deadline_ms) {
                tell(ms);
            }
            (decide_with(agent, req, opts, &load_opts, policy), None)
        }
        Err(e) => {
            // Fail closed, and loudly: the person must learn that their configuration is not
            // in force. One line, naming the file (and line) and the error.
            let notice = format!(
                "shclass: the policy cannot be loaded, so every command asks until it is fixed: {}",
                e.to_string()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let answer = (!matches!(req.action, Action::Recorded { .. })).then(|| Answer {
                decision: Decision::Ask,
                reason: notice.clone(),
            });
            (answer, Some(notice))
        }
    }
}

/// Decide a request with its loaded policy.
fn decide_with(
    agent: Agent,
    req: &Request,
    opts: &HookOptions,
    load_opts: &LoadOptions,
    policy: crate::policy::Policy,
) -> Option<Answer> {
    let audit = opts
        .audit_log
        .clone()
        .or_else(|| policy.audit_log.as_deref().map(PathBuf::from))
        .map(|p| crate::audit::AuditLog::new(expand(&p, policy.workspace())));
    if let Some(why) = audit
        .as_ref()
        .and_then(|a| crate::audit::unsuitable_log_path(a.path(), policy.workspace()))
    {
        if matches!(req.action, Action::Recorded { .. }) {
            return None;
        }
        return Some(Answer {
            decision: Decision::Deny,
            reason: format!("shclass: deny: {why}, so nothing is allowed"),
        });
    }
    let session_id = req.session_id.as_deref().filter(|s| !s.is_empty());
    let build = |mut policy: crate::policy::Policy, state: Option<crate::state::SessionState>| {
        if let Some(log) = &audit {
            policy.protect(log.path());
        }
        if let Some(dir) = &req.start_dir {
            policy.start_in(dir);
        }
        let mut config = SessionConfig::from_policy(&policy);
        if let Some(n) = opts.max_denials {
            config.max_consecutive_denials = n;
        }
        if let Some(n) = opts.max_actions_per_hour {
            config.max_actions_per_hour = n;
        }
        let mut session = Session::new(policy)
            .with_config(config)
            .with_agent(agent.name(), session_id);
        if let Some(st) = state {
            session = session.with_state(st);
        }
        if let Some(log) = &audit {
            session = session.with_audit(log.clone());
        }
        session
    };
    let file = session_id.and_then(|id| {
        opts.state_dir
            .clone()
            .or_else(crate::state::state_dir)
            .map(|dir| StateFile::new(&dir, id))
    });
    let Some(file) = file else {
        // No session id or nowhere to keep state: decide this call alone.
        let mut session = build(policy, None);
        return run(&mut session, &req.action).map(|o| answer_of(&o));
    };
    let result = file.update(|state| {
        let mut session = build(policy, Some(std::mem::take(state)));
        let outcome = run(&mut session, &req.action);
        *state = session.into_state();
        outcome
    });
    match result {
        Ok(o) => o.map(|o| answer_of(&o)),
        Err(e) => {
            // State unavailable: decide without it, at most ask.
            let Ok(p) = load(load_opts) else {
                return Some(Answer {
                    decision: Decision::Deny,
                    reason: format!("shclass: deny: session state unavailable ({e})"),
                });
            };
            let mut session = build(p, None);
            let outcome = run(&mut session, &req.action)?;
            let mut answer = answer_of(&outcome);
            if answer.decision == Decision::Allow {
                answer.decision = Decision::Ask;
            }
            answer.reason = format!(
                "{} (session state {} unavailable: {e})",
                answer.reason,
                file.path().display()
            );
            Some(answer)
        }
    }
}

fn run(s: &mut Session, action: &Action) -> Option<Outcome> {
    match action {
        Action::Command { tool, command } => Some(s.check_command(tool, command)),
        Action::Files {
            tool,
            access,
            paths,
        } => Some(s.check_files(tool, *access, paths)),
        Action::Recorded { paths } => {
            for p in paths {
                s.record_file(p);
            }
            None
        }
        Action::Ignore => None,
    }
}

fn answer_of(o: &Outcome) -> Answer {
    let mut reason = o.summary();
    if o.decision == Decision::Deny && o.risk >= Risk::High {
        reason.push_str(" — do not retry it another way; ask the person");
    }
    Answer {
        decision: o.decision,
        reason,
    }
}

/// `~/x` and relative paths (against the workspace) made absolute.
fn expand(p: &Path, cwd: &Path) -> PathBuf {
    if let Ok(rest) = p.strip_prefix("~")
        && let Some(home) = std::env::var_os("HOME")
    {
        return PathBuf::from(home).join(rest);
    }
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}

/// A string field of a JSON object.
/// The head every tool-hook input shares (Claude's `PreToolUse`/`PostToolUse`, Gemini's
/// `BeforeTool`/`AfterTool`): the event, whether it is the after-tool one, the tool name and the
/// tool input. `Ok(None)` for an event shclass does not handle (the caller ignores it).
pub(crate) struct ToolEvent<'v> {
    pub(crate) event: Option<String>,
    pub(crate) post: bool,
    pub(crate) tool: String,
    input: Option<&'v serde_json::Value>,
}

impl<'v> ToolEvent<'v> {
    pub(crate) fn parse(
        v: &'v serde_json::Value,
        before: &str,
        after: &str,
    ) -> Result<Result<ToolEvent<'v>, Request>, Malformed> {
        let event = str_field(v, "hook_event_name").map(str::to_owned);
        let post = match event.as_deref() {
            None => false,
            Some(e) if e == before => false,
            Some(e) if e == after => true,
            Some(_) => {
                return Ok(Err(Request {
                    session_id: None,
                    cwd: None,
                    start_dir: None,
                    mode: None,
                    event,
                    action: Action::Ignore,
                }));
            }
        };
        let tool = str_field(v, "tool_name")
            .ok_or_else(|| Malformed("`tool_name` is missing or not a string".into()))?
            .to_owned();
        Ok(Ok(ToolEvent {
            event,
            post,
            tool,
            input: v.get("tool_input"),
        }))
    }

    /// The tool input object, or why it is malformed.
    pub(crate) fn input(&self) -> Result<&'v serde_json::Value, Malformed> {
        self.input
            .filter(|i| i.is_object())
            .ok_or_else(|| Malformed(format!("`tool_input` of {} is not an object", self.tool)))
    }
}

pub(crate) fn str_field<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(serde_json::Value::as_str)
}

/// An optional string field (`session_id`, `cwd`): absent or null is `None`; any other type
/// is malformed, never read as absent (a `cwd` of the wrong type would leave the workspace to
/// the process's own directory, a `session_id` the session's counters behind).
pub(crate) fn opt_str<'a>(
    v: &'a serde_json::Value,
    key: &str,
) -> Result<Option<&'a str>, Malformed> {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Malformed(format!("`{key}` is not a string"))),
    }
}

/// The first of several string fields that is present; `Err` when one is present but not a
/// string.
pub(crate) fn path_field(
    v: &serde_json::Value,
    keys: &[&str],
) -> Result<Option<String>, Malformed> {
    for k in keys {
        match v.get(*k) {
            None | Some(serde_json::Value::Null) => {}
            Some(serde_json::Value::String(s)) => return Ok(Some(s.clone())),
            Some(_) => return Err(Malformed(format!("`{k}` is not a string"))),
        }
    }
    Ok(None)
}

/// `dir` joined with a glob or file pattern, for the path policy (`**/.env` under the
/// workspace is a secret pattern).
pub(crate) fn under(dir: Option<&str>, pattern: &str) -> String {
    if pattern.starts_with('/') || pattern.starts_with('~') {
        return pattern.to_owned();
    }
    match dir {
        Some(d) if !d.is_empty() => format!("{}/{pattern}", d.trim_end_matches('/')),
        _ => pattern.to_owned(),
    }
}
