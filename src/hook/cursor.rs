//! Cursor's `beforeShellExecution` and `beforeReadFile` hook protocol.
//!
//! Input on stdin: `hook_event_name`, `conversation_id`, `generation_id`, `workspace_roots`,
//! and per event `command` + `cwd` (shell) or `file_path` (read). Answer: exit 0 and
//! `{"permission": "allow" | "deny" | "ask", "user_message": "…", "agent_message": "…"}`.
//! Cursor's documentation has spelled the message fields both `userMessage`/`agentMessage` and
//! `user_message`/`agent_message`; both are written. `beforeReadFile` takes only allow or deny,
//! so an ask there is a deny. Other events get no output. Cursor's input carries no permission
//! mode. The workspace is the first of `workspace_roots`, else `$CURSOR_PROJECT_DIR` (set by
//! Cursor in the hook's environment), and `cwd` only where a command runs; the input's `cwd` is
//! the workspace only when neither is there. This module only translates; deciding is
//! `hook::decide`.

use super::{Action, Answer, HookResponse, Malformed, Request, opt_str, path_field, str_field};
use crate::policy::Decision;
use crate::policy::paths::Access;

/// Parse a hook input object, with the project directory Cursor gives its hooks
/// ([`super::project_dir`]).
pub(crate) fn parse(v: &serde_json::Value) -> Result<Request, Malformed> {
    parse_in(v, super::project_dir("CURSOR_PROJECT_DIR").as_deref())
}

/// [`parse`] with the project directory given: the workspace when the input names no
/// `workspace_roots`.
pub(crate) fn parse_in(
    v: &serde_json::Value,
    project: Option<&std::path::Path>,
) -> Result<Request, Malformed> {
    let event = str_field(v, "hook_event_name").map(str::to_owned);
    let root = match v.get("workspace_roots") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::Array(a)) => match a.first() {
            None => None,
            Some(serde_json::Value::String(r)) => Some(r.as_str()),
            Some(_) => return Err(Malformed("`workspace_roots` holds a non-string".into())),
        },
        Some(_) => return Err(Malformed("`workspace_roots` is not a list".into())),
    };
    let cwd = opt_str(v, "cwd")?.or(root).map(std::path::PathBuf::from);
    let action = match event.as_deref() {
        Some("beforeShellExecution") => Action::Command {
            tool: "shell".into(),
            command: path_field(v, &["command"])?
                .ok_or_else(|| Malformed("beforeShellExecution without `command`".into()))?,
        },
        Some("beforeReadFile") => Action::Files {
            tool: "read".into(),
            access: Access::Read,
            paths: vec![
                path_field(v, &["file_path"])?
                    .ok_or_else(|| Malformed("beforeReadFile without `file_path`".into()))?,
            ],
        },
        Some(_) => Action::Ignore,
        None => return Err(Malformed("`hook_event_name` is missing".into())),
    };
    Ok(Request {
        session_id: opt_str(v, "conversation_id")?.map(str::to_owned),
        // The workspace is the project root; `cwd` is only where the command runs.
        cwd: root
            .map(std::path::PathBuf::from)
            .or_else(|| project.map(std::path::Path::to_path_buf))
            .or(cwd.clone()),
        start_dir: cwd.filter(|_| matches!(event.as_deref(), Some("beforeShellExecution"))),
        mode: None,
        event,
        action,
    })
}

/// The answer: JSON on stdout and exit 0; nothing for no opinion.
pub(crate) fn render(req: Option<&Request>, answer: Option<&Answer>) -> HookResponse {
    /// Both spellings of the message fields: Cursor's documentation and its releases disagree.
    /// Fields in this order (the order the answer has always had).
    #[derive(serde::Serialize)]
    #[allow(clippy::struct_field_names)]
    struct Out<'a> {
        #[serde(rename = "agentMessage", skip_serializing_if = "Option::is_none")]
        agent_message_camel: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        agent_message: Option<&'a str>,
        permission: &'a str,
        #[serde(rename = "userMessage", skip_serializing_if = "Option::is_none")]
        user_message_camel: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        user_message: Option<&'a str>,
    }
    let Some(a) = answer else {
        return HookResponse::default();
    };
    let read = req.is_some_and(|r| r.event.as_deref() == Some("beforeReadFile"));
    let decision = if read && a.decision == Decision::Ask {
        Decision::Deny
    } else {
        a.decision
    };
    let message = (!read).then_some(a.reason.as_str());
    let out = Out {
        agent_message_camel: message,
        agent_message: message,
        permission: decision.name(),
        user_message_camel: message,
        user_message: message,
    };
    HookResponse {
        stdout: Some(super::to_json(&out)),
        stderr: None,
        exit_code: 0,
    }
}
