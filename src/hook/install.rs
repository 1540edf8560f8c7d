//! `shclass install-hook`: merge shclass's hook entry into an agent's settings file.
//!
//! The file is parsed as JSON and only the hook arrays are touched (other keys and other hooks
//! stay as they are); an entry whose command is already there is not added again, so a second
//! install changes nothing. Before a file is changed it is copied to `<file>.bak` (or
//! `<file>.bak.<unix time>` when a backup exists), and the new text is written to a temporary
//! file and renamed over it. A file that is not a JSON object, or whose `hooks` has an unexpected
//! shape, is left alone and reported. This module does not decide anything.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::Agent;

/// Which settings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The project's, under this directory.
    Project(PathBuf),
    /// The user's (under `$HOME`).
    User,
}

/// The settings file of an agent for a scope.
pub fn settings_path(agent: Agent, scope: &Scope) -> Option<PathBuf> {
    let base = match scope {
        Scope::Project(dir) => dir.clone(),
        Scope::User => PathBuf::from(std::env::var_os("HOME")?),
    };
    Some(match agent {
        Agent::Claude => base.join(".claude").join("settings.json"),
        Agent::Gemini => base.join(".gemini").join("settings.json"),
        Agent::Cursor => base.join(".cursor").join("hooks.json"),
    })
}

pub use crate::analyze::word::shell_quote;

/// The hook command line: `<exe> hook <agent>`.
pub fn hook_command(exe: &str, agent: Agent) -> String {
    format!("{} hook {}", shell_quote(exe), agent.name())
}

/// The settings fragment that installs the hook.
pub fn snippet(agent: Agent, command: &str) -> Value {
    match agent {
        Agent::Claude => json!({
            "hooks": {
                "PreToolUse": [{
                    "matcher": "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Glob|Grep|LS",
                    "hooks": [{"type": "command", "command": command, "timeout": 10}]
                }],
                "PostToolUse": [{
                    "matcher": "Read|Write|Edit|MultiEdit|NotebookEdit",
                    "hooks": [{"type": "command", "command": command, "timeout": 10}]
                }]
            }
        }),
        Agent::Gemini => json!({
            "hooks": {
                "BeforeTool": [{
                    "matcher": "run_shell_command|read_file|read_many_files|write_file|replace|glob|search_file_content|grep_search|list_directory",
                    "hooks": [{"type": "command", "name": "shclass", "command": command, "timeout": 10000,
                               "description": "shclass: allow, ask or deny shell commands and file access"}]
                }],
                "AfterTool": [{
                    "matcher": "read_file|write_file|replace",
                    "hooks": [{"type": "command", "name": "shclass", "command": command, "timeout": 10000}]
                }]
            }
        }),
        Agent::Cursor => json!({
            "version": 1,
            "hooks": {
                "beforeShellExecution": [{"command": command}],
                "beforeReadFile": [{"command": command}]
            }
        }),
    }
}

/// Why a settings file was not changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InstallError {
    /// Reading, backing up or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The file's JSON is not what an agent settings file looks like.
    #[error("{path}: {message}; not changed")]
    Shape {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// Does an entry (of any agent's shape) already run `command`?
fn runs(entry: &Value, command: &str) -> bool {
    entry.get("command").and_then(Value::as_str) == Some(command)
        || entry
            .get("hooks")
            .and_then(Value::as_array)
            .is_some_and(|hs| hs.iter().any(|h| runs(h, command)))
}

/// Merge `snippet` into `settings`; returns whether anything changed.
pub fn merge(settings: &mut Value, snippet: &Value, command: &str) -> Result<bool, String> {
    let Some(target) = settings.as_object_mut() else {
        return Err("the settings are not a JSON object".into());
    };
    let Some(src) = snippet.as_object() else {
        return Ok(false);
    };
    let mut changed = false;
    for (key, value) in src {
        if key != "hooks" {
            if !target.contains_key(key) {
                target.insert(key.clone(), value.clone());
                changed = true;
            }
            continue;
        }
        let hooks = target
            .entry("hooks")
            .or_insert_with(|| Value::Object(serde_json::Map::new()));
        let Some(hooks) = hooks.as_object_mut() else {
            return Err("`hooks` is not an object".into());
        };
        let Some(events) = value.as_object() else {
            continue;
        };
        for (event, entries) in events {
            let list = hooks
                .entry(event.clone())
                .or_insert_with(|| Value::Array(Vec::new()));
            let Some(list) = list.as_array_mut() else {
                return Err(format!("`hooks.{event}` is not a list"));
            };
            for entry in entries.as_array().into_iter().flatten() {
                if !list.iter().any(|e| runs(e, command)) {
                    list.push(entry.clone());
                    changed = true;
                }
            }
        }
    }
    Ok(changed)
}

/// What an install did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstallReport {
    /// The settings file.
    pub path: PathBuf,
    /// The backup made first, if the file existed and changed.
    pub backup: Option<PathBuf>,
    /// False when the hook was already installed.
    pub changed: bool,
}

/// Merge the hook into the settings file at `path` (created when missing).
pub fn install(path: &Path, snippet: &Value, command: &str) -> Result<InstallReport, InstallError> {
    let io = |error| InstallError::Io {
        path: path.display().to_string(),
        error,
    };
    let shape = |message: String| InstallError::Shape {
        path: path.display().to_string(),
        message,
    };
    let existing = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(e)),
    };
    let mut settings = match &existing {
        Some(t) if !t.trim().is_empty() => {
            serde_json::from_str::<Value>(t).map_err(|e| shape(format!("not valid JSON ({e})")))?
        }
        _ => Value::Object(serde_json::Map::new()),
    };
    let changed = merge(&mut settings, snippet, command).map_err(shape)?;
    if !changed {
        return Ok(InstallReport {
            path: path.to_path_buf(),
            backup: None,
            changed: false,
        });
    }
    let mut backup = None;
    if existing.is_some() {
        let mut b = PathBuf::from(format!("{}.bak", path.display()));
        if b.exists() {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            b = PathBuf::from(format!("{}.bak.{t}", path.display()));
        }
        copy_file(path, &b).map_err(io)?;
        backup = Some(b);
    } else if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut text =
        serde_json::to_string_pretty(&settings).map_err(|e| io(std::io::Error::other(e)))?;
    text.push('\n');
    let tmp = PathBuf::from(format!(
        "{}.shclass-tmp.{}",
        path.display(),
        std::process::id()
    ));
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })?;
    Ok(InstallReport {
        path: path.to_path_buf(),
        backup,
        changed: true,
    })
}

/// Copy `from` to a new file `to` with the same permission bits (settings files may hold
/// tokens). Read and write rather than `std::fs::copy`, whose `copy_file_range`/`sendfile`
/// fast paths are two more libc symbols the loader binds at every start of every hook.
fn copy_file(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::io::Write as _;
    let bytes = std::fs::read(from)?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(std::fs::metadata(from)?.permissions().mode() & 0o7777);
    }
    options.open(to)?.write_all(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_keeps_other_keys_and_is_idempotent() {
        let mut s = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "other"}]}]}});
        let snip = snippet(Agent::Claude, "shclass hook claude");
        assert_eq!(merge(&mut s, &snip, "shclass hook claude"), Ok(true));
        assert_eq!(merge(&mut s, &snip, "shclass hook claude"), Ok(false));
        assert_eq!(s["model"], "x");
        assert_eq!(s["hooks"]["PreToolUse"].as_array().map(Vec::len), Some(2));
        let mut bad = json!({"hooks": []});
        assert!(merge(&mut bad, &snip, "shclass hook claude").is_err());
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("/usr/bin/shclass"), "/usr/bin/shclass");
        assert_eq!(shell_quote("/a b/it's"), r"'/a b/it'\''s'");
    }
}
