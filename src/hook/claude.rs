//! Claude Code's `PreToolUse` hook protocol (and `PostToolUse`, to record reads and writes).
//!
//! Input on stdin: `session_id`, `transcript_path`, `cwd`, `permission_mode`,
//! `hook_event_name`, `tool_name`, `tool_input`. Answer: exit 0 and
//! `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow" |
//! "deny" | "ask", "permissionDecisionReason": "…"}}`; nothing at all for a tool shclass has no
//! opinion on. The workspace is `$CLAUDE_PROJECT_DIR` (set by Claude Code in the hook's
//! environment), the input's `cwd` only where a command starts ([`parse_in`]). Tools: `Bash` (`command`), `Read` (read `file_path`), `Write` / `Edit` /
//! `MultiEdit` (write `file_path`), `NotebookEdit` (write `notebook_path`), `Glob` and `Grep`
//! (read `path`, and the `pattern` / `glob` under it), `LS` (read `path`). This module only
//! translates; deciding is `hook::decide`.

use super::{
    Action, Answer, HookResponse, Malformed, Request, ToolEvent, opt_str, path_field, under,
};
use std::path::{Path, PathBuf};

use crate::policy::Mode;
use crate::policy::paths::Access;

/// Claude's `permission_mode` as a shclass mode (unknown values: default).
pub(crate) fn mode(s: &str) -> Mode {
    match s {
        "plan" => Mode::Plan,
        "acceptEdits" => Mode::AcceptEdits,
        "bypassPermissions" => Mode::Bypass,
        "dontAsk" => Mode::Strict,
        _ => Mode::Default,
    }
}

/// Parse a hook input object, with the project directory Claude Code gives its hooks
/// ([`super::project_dir`]).
pub(crate) fn parse(v: &serde_json::Value) -> Result<Request, Malformed> {
    parse_in(v, super::project_dir("CLAUDE_PROJECT_DIR").as_deref())
}

/// [`parse`] with the project directory given. The input's `cwd` is the current directory of
/// Claude's Bash shell, which the agent moves with `cd` (`cd ~`, `cd /`): with a project
/// directory, the workspace is the project and `cwd` only where a command starts, so a `cd`
/// never makes the home directory or `/` the workspace an edit stays inside (accept-edits) or
/// the place project policy is read from. Without one (older releases), `cwd` is the workspace.
pub(crate) fn parse_in(
    v: &serde_json::Value,
    project: Option<&Path>,
) -> Result<Request, Malformed> {
    let head = match ToolEvent::parse(v, "PreToolUse", "PostToolUse")? {
        Ok(head) => head,
        Err(ignored) => return Ok(ignored),
    };
    let (event, post, tool) = (head.event.clone(), head.post, head.tool.clone());
    let need_input = || head.input();
    let required = |i: &serde_json::Value, key: &str| -> Result<String, Malformed> {
        path_field(i, &[key])?.ok_or_else(|| Malformed(format!("{tool} without `{key}`")))
    };
    let action = match tool.as_str() {
        "Bash" if !post => {
            let i = need_input()?;
            Action::Command {
                command: required(i, "command")?,
                tool: tool.clone(),
            }
        }
        "Read" | "Write" | "Edit" | "MultiEdit" | "NotebookEdit" => {
            let i = need_input()?;
            let key = if tool == "NotebookEdit" {
                "notebook_path"
            } else {
                "file_path"
            };
            let path = required(i, key)?;
            if post {
                Action::Recorded { paths: vec![path] }
            } else {
                Action::Files {
                    access: if tool == "Read" {
                        Access::Read
                    } else {
                        Access::Write
                    },
                    tool: tool.clone(),
                    paths: vec![path],
                }
            }
        }
        "Glob" | "Grep" | "LS" if !post => {
            let i = need_input()?;
            let dir = path_field(i, &["path"])?;
            let mut paths = vec![dir.clone().unwrap_or_else(|| ".".to_owned())];
            let extra = if tool == "Glob" {
                path_field(i, &["pattern"])?
            } else if tool == "Grep" {
                path_field(i, &["glob"])?
            } else {
                None
            };
            // Grep reads the files under its directory, or with a glob the files it matches
            // (the glob's path judges those); Glob and LS only name them.
            let search = tool == "Grep" && extra.as_deref().is_none_or(|g| g.starts_with('!'));
            if let Some(p) = extra {
                paths.push(under(dir.as_deref(), &p));
            }
            Action::Files {
                tool: tool.clone(),
                access: match (tool.as_str(), search) {
                    (_, true) => Access::Search,
                    ("Grep", false) => Access::Read,
                    _ => Access::List,
                },
                paths,
            }
        }
        _ => Action::Ignore,
    };
    let mode = match v.get("permission_mode") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(m)) => Some(mode(m)),
        Some(_) => return Err(Malformed("`permission_mode` is not a string".into())),
    };
    let shell_dir = opt_str(v, "cwd")?.map(PathBuf::from);
    let (cwd, start_dir) = match project {
        Some(p) => (
            Some(p.to_path_buf()),
            shell_dir.filter(|d| d.is_absolute() && d.as_path() != p),
        ),
        None => (shell_dir, None),
    };
    Ok(Request {
        session_id: opt_str(v, "session_id")?.map(str::to_owned),
        cwd,
        start_dir,
        mode,
        event,
        action,
    })
}

/// The answer: JSON on stdout and exit 0, or nothing for no opinion.
pub(crate) fn render(answer: Option<&Answer>) -> HookResponse {
    /// The answer's shape, serialised directly (a `serde_json::Value` built for it cost the
    /// hook 7K instructions more).
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Out<'a> {
        hook_specific_output: Specific<'a>,
    }
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Specific<'a> {
        hook_event_name: &'a str,
        permission_decision: &'a str,
        permission_decision_reason: &'a str,
    }
    let Some(a) = answer else {
        return HookResponse::default();
    };
    let out = Out {
        hook_specific_output: Specific {
            hook_event_name: "PreToolUse",
            permission_decision: a.decision.name(),
            permission_decision_reason: &a.reason,
        },
    };
    HookResponse {
        stdout: Some(super::to_json(&out)),
        stderr: None,
        exit_code: 0,
    }
}
