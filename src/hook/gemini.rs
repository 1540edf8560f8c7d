//! Gemini CLI's `BeforeTool` hook protocol (and `AfterTool`, to record reads and writes).
//!
//! Input on stdin: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `timestamp`,
//! `tool_name`, `tool_input`. Answer: exit 0 and `{"decision": "allow" | "deny" | "ask",
//! "reason": "…"}`; `{}` for a tool shclass has no opinion on. Tools: `run_shell_command`
//! (`command`), `read_file` and `read_many_files` (read), `write_file` and `replace` (write),
//! `glob`, `search_file_content` / `grep_search`, `list_directory` (read the directory and the
//! pattern under it). Gemini has renamed path parameters between releases (`path`,
//! `absolute_path`, `file_path`, `dir_path`), so each is accepted. Gemini's input carries no
//! permission mode. The workspace is `$GEMINI_PROJECT_DIR` (set by Gemini CLI in the hook's
//! environment), the input's `cwd` only where a command starts when it differs
//! ([`parse_in`]). This module only translates; deciding is `hook::decide`.

use super::{
    Action, Answer, HookResponse, Malformed, Request, ToolEvent, opt_str, path_field, under,
};
use crate::policy::paths::Access;
use std::path::{Path, PathBuf};

const FILE_KEYS: &[&str] = &["file_path", "absolute_path", "path"];
const DIR_KEYS: &[&str] = &["dir_path", "path", "directory"];

/// Parse a hook input object, with the project directory Gemini CLI gives its hooks
/// ([`super::project_dir`]).
pub(crate) fn parse(v: &serde_json::Value) -> Result<Request, Malformed> {
    parse_in(v, super::project_dir("GEMINI_PROJECT_DIR").as_deref())
}

/// [`parse`] with the project directory given, as the Claude face reads `CLAUDE_PROJECT_DIR`:
/// with one, the workspace is the project and the input's `cwd`, where it differs, only where
/// a command starts (after the shell tool's own `dir_path`), so a `cwd` elsewhere never makes
/// that directory the workspace whose files are edits and whose policy is read. Without one,
/// `cwd` is the workspace.
pub(crate) fn parse_in(
    v: &serde_json::Value,
    project: Option<&Path>,
) -> Result<Request, Malformed> {
    let head = match ToolEvent::parse(v, "BeforeTool", "AfterTool")? {
        Ok(head) => head,
        Err(ignored) => return Ok(ignored),
    };
    let (event, post, tool) = (head.event.clone(), head.post, head.tool.clone());
    let need_input = || head.input();
    let file = |i: &serde_json::Value| -> Result<String, Malformed> {
        path_field(i, FILE_KEYS)?.ok_or_else(|| Malformed(format!("{tool} without a file path")))
    };
    // `run_shell_command`'s `dir_path` / `directory`: where the command starts.
    let start_dir = match (tool.as_str(), head.input) {
        ("run_shell_command", Some(i)) if i.is_object() => {
            path_field(i, &["dir_path", "directory"])?.map(PathBuf::from)
        }
        _ => None,
    };
    let action = match tool.as_str() {
        "run_shell_command" if !post => {
            let i = need_input()?;
            Action::Command {
                command: path_field(i, &["command"])?
                    .ok_or_else(|| Malformed("run_shell_command without `command`".into()))?,
                tool: tool.clone(),
            }
        }
        "read_file" | "write_file" | "replace" | "edit" => {
            let i = need_input()?;
            let path = file(i)?;
            if post {
                Action::Recorded { paths: vec![path] }
            } else {
                Action::Files {
                    access: if tool == "read_file" {
                        Access::Read
                    } else {
                        Access::Write
                    },
                    tool: tool.clone(),
                    paths: vec![path],
                }
            }
        }
        "read_many_files" if !post => {
            let i = need_input()?;
            let mut paths = Vec::new();
            for key in ["paths", "include"] {
                match i.get(key) {
                    None | Some(serde_json::Value::Null) => {}
                    Some(serde_json::Value::Array(a)) => {
                        for p in a {
                            paths.push(
                                p.as_str()
                                    .ok_or_else(|| {
                                        Malformed(format!("`{key}` holds a non-string"))
                                    })?
                                    .to_owned(),
                            );
                        }
                    }
                    Some(_) => return Err(Malformed(format!("`{key}` is not a list"))),
                }
            }
            if paths.is_empty() {
                return Err(Malformed("read_many_files without paths".into()));
            }
            // A directory given reads every file under it.
            Action::Files {
                tool: tool.clone(),
                access: Access::Search,
                paths,
            }
        }
        "glob" | "search_file_content" | "grep_search" | "grep" | "list_directory" | "ls"
            if !post =>
        {
            let i = need_input()?;
            let dir = path_field(i, DIR_KEYS)?;
            let mut paths = vec![dir.clone().unwrap_or_else(|| ".".to_owned())];
            let extra = match tool.as_str() {
                "glob" => path_field(i, &["pattern"])?,
                "list_directory" | "ls" => None,
                _ => path_field(i, &["include"])?,
            };
            // The content searches read the files under their directory, or with an `include`
            // glob the files it matches (the glob's path judges those); `glob` and the listings
            // only name them.
            let listing = matches!(tool.as_str(), "glob" | "list_directory" | "ls");
            let search = !listing && extra.as_deref().is_none_or(|g| g.starts_with('!'));
            if let Some(p) = extra {
                paths.push(under(dir.as_deref(), &p));
            }
            Action::Files {
                tool: tool.clone(),
                access: if listing {
                    Access::List
                } else if search {
                    Access::Search
                } else {
                    Access::Read
                },
                paths,
            }
        }
        _ => Action::Ignore,
    };
    let input_dir = opt_str(v, "cwd")?.map(PathBuf::from);
    let (cwd, start_dir) = match project {
        Some(p) => (
            Some(p.to_path_buf()),
            start_dir.or_else(|| input_dir.filter(|d| d.is_absolute() && d.as_path() != p)),
        ),
        None => (input_dir, start_dir),
    };
    Ok(Request {
        session_id: opt_str(v, "session_id")?.map(str::to_owned),
        cwd,
        start_dir,
        mode: None,
        event,
        action,
    })
}

/// The answer: JSON on stdout and exit 0 (`{}` for no opinion).
pub(crate) fn render(answer: Option<&Answer>) -> HookResponse {
    #[derive(serde::Serialize)]
    struct Out<'a> {
        decision: &'a str,
        reason: &'a str,
    }
    let out = match answer {
        None => "{}".to_owned(),
        Some(a) => super::to_json(&Out {
            decision: a.decision.name(),
            reason: &a.reason,
        }),
    };
    HookResponse {
        stdout: Some(out),
        stderr: None,
        exit_code: 0,
    }
}
