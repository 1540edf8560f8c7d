//! `shclass install-hook`, `uninstall-hook` and `doctor`: merge shclass's hook entry into an
//! agent's settings file, take it out again, and check what is installed.
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
#[non_exhaustive]
pub(crate) enum Scope {
    /// The project's own, not shared with others: Claude's `.claude/settings.local.json` (which
    /// Claude Code keeps out of version control); the agents without such a file use their
    /// project file.
    Project(PathBuf),
    /// The project's file that is committed and shared (`.claude/settings.json`): a hook written
    /// there runs on every clone, so its command must not be a path of this machine.
    ProjectShared(PathBuf),
    /// The user's (under `$HOME`).
    User,
}

/// The settings file of an agent for a scope.
pub(crate) fn settings_path(agent: Agent, scope: &Scope) -> Option<PathBuf> {
    let (base, local) = match scope {
        Scope::Project(dir) => (dir.clone(), true),
        Scope::ProjectShared(dir) => (dir.clone(), false),
        Scope::User => (PathBuf::from(std::env::var_os("HOME")?), false),
    };
    Some(match agent {
        Agent::Claude if local => base.join(".claude").join("settings.local.json"),
        Agent::Claude => base.join(".claude").join("settings.json"),
        Agent::Gemini => base.join(".gemini").join("settings.json"),
        Agent::Cursor => base.join(".cursor").join("hooks.json"),
    })
}

/// Every settings file an agent reads hooks from, for a project directory: the user's first.
pub(crate) fn all_settings_paths(agent: Agent, project: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scope in [
        Scope::User,
        Scope::ProjectShared(project.to_path_buf()),
        Scope::Project(project.to_path_buf()),
    ] {
        if let Some(p) = settings_path(agent, &scope)
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// The command `install-hook` writes when none is given: `shclass hook AGENT` when `shclass`
/// on `PATH` is this very binary (so the hook survives the binary being rebuilt or updated in
/// place), else this binary by absolute path, with a warning to show: a path breaks when the
/// binary moves.
pub(crate) fn default_command(agent: Agent) -> (String, Option<String>) {
    let exe = std::env::current_exe().ok();
    let exe_real = exe.as_ref().and_then(|e| std::fs::canonicalize(e).ok());
    if let Some(found) = find_in_path("shclass")
        && std::fs::canonicalize(&found).ok() == exe_real
        && exe_real.is_some()
    {
        return (hook_command("shclass", agent), None);
    }
    let shown = exe.map_or_else(|| "shclass".to_owned(), |p| p.display().to_string());
    let warning = format!(
        "`shclass` on PATH is not this binary: the hook runs {shown} by its absolute path, and \
         stops working if that file moves (put it on PATH and install again, or use --command)"
    );
    (hook_command(&shown, agent), Some(warning))
}

/// The first executable file called `name` in a directory of `PATH`.
pub(crate) fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

/// A regular file with an execute bit (after links).
fn is_executable(p: &Path) -> bool {
    let Ok(m) = std::fs::metadata(p) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        m.is_file() && m.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        m.is_file()
    }
}

pub(crate) use crate::analyze::word::shell_quote;

/// The hook command line: `<exe> hook <agent>`.
pub(crate) fn hook_command(exe: &str, agent: Agent) -> String {
    format!("{} hook {}", shell_quote(exe), agent.name())
}

/// The settings fragment that installs the hook.
pub(crate) fn snippet(agent: Agent, command: &str) -> Value {
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
pub(crate) enum InstallError {
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
pub(crate) fn merge(settings: &mut Value, snippet: &Value, command: &str) -> Result<bool, String> {
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
pub(crate) struct InstallReport {
    /// The settings file.
    pub path: PathBuf,
    /// The backup made first, if the file existed and changed.
    pub backup: Option<PathBuf>,
    /// False when the hook was already installed.
    pub changed: bool,
}

/// Merge the hook into the settings file at `path` (created when missing).
pub(crate) fn install(
    path: &Path,
    snippet: &Value,
    command: &str,
) -> Result<InstallReport, InstallError> {
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
    write_replacing(path, text.as_bytes()).map_err(io)?;
    Ok(InstallReport {
        path: path.to_path_buf(),
        backup,
        changed: true,
    })
}

/// The program word of a hook command as bash reads it: a leading single-quoted word (as
/// [`shell_quote`] writes it) or the text up to the first blank.
fn program_word(command: &str) -> String {
    let t = command.trim_start();
    if let Some(rest) = t.strip_prefix('\'') {
        // `'a'\''b'` sequences: undo shell_quote.
        let mut out = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\'' {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                    chars.next();
                    chars.next();
                    out.push('\'');
                    continue;
                }
                break;
            }
            out.push(c);
        }
        return out;
    }
    t.split_whitespace().next().unwrap_or("").to_owned()
}

/// Whether a hook command runs shclass's hook for `agent`: its program is called `shclass`
/// and it ends in `hook AGENT` (options may follow).
pub(crate) fn is_shclass_hook(command: &str, agent: Agent) -> bool {
    let program = program_word(command);
    let name = Path::new(&program)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let mut words = command.split_whitespace().skip_while(|w| *w != "hook");
    name == "shclass" && words.next() == Some("hook") && words.next() == Some(agent.name())
}

/// Take every entry that runs `is_ours` out of the hook lists; lists and the `hooks` object
/// left empty by that go too. Returns whether anything changed.
fn remove_entries(settings: &mut Value, is_ours: &dyn Fn(&str) -> bool) -> bool {
    fn strip(list: &mut Vec<Value>, is_ours: &dyn Fn(&str) -> bool) -> bool {
        let before = list.len();
        let mut changed = false;
        for entry in list.iter_mut() {
            if let Some(inner) = entry.get_mut("hooks").and_then(Value::as_array_mut) {
                let n = inner.len();
                inner.retain(|h| {
                    !h.get("command")
                        .and_then(Value::as_str)
                        .is_some_and(is_ours)
                });
                changed |= inner.len() != n;
            }
        }
        list.retain(|e| {
            let own = e
                .get("command")
                .and_then(Value::as_str)
                .is_some_and(is_ours);
            let emptied = e
                .get("hooks")
                .and_then(Value::as_array)
                .is_some_and(Vec::is_empty);
            !(own || emptied && changed)
        });
        changed || list.len() != before
    }
    let Some(hooks) = settings.get_mut("hooks").and_then(Value::as_object_mut) else {
        return false;
    };
    let mut changed = false;
    let events: Vec<String> = hooks.keys().cloned().collect();
    for event in events {
        if let Some(list) = hooks.get_mut(&event).and_then(Value::as_array_mut)
            && strip(list, is_ours)
        {
            changed = true;
            if list.is_empty() {
                hooks.remove(&event);
            }
        }
    }
    if changed
        && hooks.is_empty()
        && let Some(o) = settings.as_object_mut()
    {
        o.remove("hooks");
    }
    changed
}

/// What an uninstall did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum UninstallReport {
    /// No shclass hook was in the file (or there was no file).
    NotInstalled,
    /// The backup made by the install held exactly what is left: it was put back byte for byte.
    RestoredBackup(PathBuf),
    /// The file held nothing but the hook: it was removed.
    Removed,
    /// The hook entries were taken out; everything else is as it was.
    Edited,
}

/// Take shclass's hook for `agent` out of the settings file at `path`. When the install's
/// backup (`<file>.bak`) holds exactly the settings that are left, its bytes are put back, so
/// a file nobody else changed is restored byte for byte; a file that held only the hook is
/// removed.
pub(crate) fn uninstall(path: &Path, agent: Agent) -> Result<UninstallReport, InstallError> {
    let io = |error| InstallError::Io {
        path: path.display().to_string(),
        error,
    };
    let shape = |message: String| InstallError::Shape {
        path: path.display().to_string(),
        message,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(UninstallReport::NotInstalled);
        }
        Err(e) => return Err(io(e)),
    };
    let mut settings: Value = if text.trim().is_empty() {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_str(&text).map_err(|e| shape(format!("not valid JSON ({e})")))?
    };
    if !remove_entries(&mut settings, &|c| is_shclass_hook(c, agent)) {
        return Ok(UninstallReport::NotInstalled);
    }
    let backup = PathBuf::from(format!("{}.bak", path.display()));
    if let Ok(bytes) = std::fs::read(&backup)
        && serde_json::from_slice::<Value>(&bytes)
            .ok()
            .is_some_and(|b| b == settings)
    {
        write_replacing(path, &bytes).map_err(io)?;
        std::fs::remove_file(&backup).map_err(io)?;
        return Ok(UninstallReport::RestoredBackup(backup));
    }
    // What install adds besides the hooks (Cursor's `version`) goes when nothing else is left.
    let only_install_keys = settings.as_object().is_some_and(|o| {
        o.iter()
            .all(|(k, v)| k == "version" && agent == Agent::Cursor && v == &json!(1))
    });
    if only_install_keys {
        std::fs::remove_file(path).map_err(io)?;
        return Ok(UninstallReport::Removed);
    }
    let mut out =
        serde_json::to_string_pretty(&settings).map_err(|e| io(std::io::Error::other(e)))?;
    out.push('\n');
    write_replacing(path, out.as_bytes()).map_err(io)?;
    Ok(UninstallReport::Edited)
}

/// Write `bytes` to a temporary file beside `path` and rename it over `path`.
fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = PathBuf::from(format!(
        "{}.shclass-tmp.{}",
        path.display(),
        std::process::id()
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// One finding of `shclass doctor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    /// The settings file it is about.
    pub file: PathBuf,
    /// True for a problem that leaves the agent unguarded or wrongly guarded.
    pub problem: bool,
    /// What was found, and for a problem what to do.
    pub message: String,
}

/// Check every settings file `agent` reads hooks from (the user's and the project's): is a
/// shclass hook there, does its program exist and run, is it this binary, and is the agent's
/// hook switch on. Read-only; spawns nothing.
pub(crate) fn doctor(agent: Agent, project: &Path) -> Vec<Finding> {
    let this = std::env::current_exe()
        .ok()
        .and_then(|e| std::fs::canonicalize(e).ok());
    let mut out = Vec::new();
    let mut installed = false;
    for file in all_settings_paths(agent, project) {
        let mut say = |problem: bool, message: String| {
            out.push(Finding {
                file: file.clone(),
                problem,
                message,
            });
        };
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let settings: Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                say(
                    true,
                    format!("not valid JSON ({e}): the agent may ignore the whole file"),
                );
                continue;
            }
        };
        let mut commands = Vec::new();
        collect_commands(&settings, agent, &mut commands);
        if agent == Agent::Claude && settings.get("disableAllHooks") == Some(&Value::Bool(true)) {
            say(
                true,
                "`disableAllHooks` is true: Claude Code runs no hook at all; remove it".into(),
            );
        }
        if agent == Agent::Gemini {
            let off = |v: Option<&Value>| v == Some(&Value::Bool(false));
            if off(settings.pointer("/hooksConfig/enabled"))
                || off(settings.pointer("/tools/enableHooks"))
            {
                say(true, "Gemini CLI's hooks are switched off here (`hooksConfig.enabled` or `tools.enableHooks` is false); set it to true".into());
            }
        }
        for (event, command) in commands {
            installed = true;
            let program = program_word(&command);
            let resolved = if program.contains('/') {
                let p = PathBuf::from(&program);
                is_executable(&p).then_some(p)
            } else {
                find_in_path(&program)
            };
            match resolved {
                None => say(
                    true,
                    format!(
                        "{event}: `{command}` cannot run: {program} is not an executable file{}; the agent treats a hook that cannot start as no objection, so tools run unguarded. Install again: shclass install-hook {}",
                        if program.contains('/') {
                            ""
                        } else {
                            " on PATH"
                        },
                        agent.name()
                    ),
                ),
                Some(p) => {
                    let same = std::fs::canonicalize(&p).ok() == this && this.is_some();
                    say(
                        !same,
                        if same {
                            format!(
                                "{event}: `{command}` runs this shclass ({})",
                                env!("CARGO_PKG_VERSION")
                            )
                        } else {
                            format!(
                                "{event}: `{command}` runs {}, which is not this shclass ({}): check that both are the same version",
                                p.display(),
                                env!("CARGO_PKG_VERSION")
                            )
                        },
                    );
                }
            }
        }
    }
    if !installed {
        out.push(Finding {
            file: settings_path(agent, &Scope::User).unwrap_or_default(),
            problem: true,
            message: format!(
                "no shclass hook for {} in any of its settings files: shclass install-hook {}",
                agent.name(),
                agent.name()
            ),
        });
    }
    out
}

/// (event, command) of every shclass hook for `agent` in a settings value.
fn collect_commands(settings: &Value, agent: Agent, out: &mut Vec<(String, String)>) {
    let Some(hooks) = settings.get("hooks").and_then(Value::as_object) else {
        return;
    };
    for (event, list) in hooks {
        for entry in list.as_array().into_iter().flatten() {
            let inner = entry.get("hooks").and_then(Value::as_array);
            for h in std::iter::once(entry).chain(inner.into_iter().flatten()) {
                if let Some(c) = h.get("command").and_then(Value::as_str)
                    && is_shclass_hook(c, agent)
                {
                    out.push((event.clone(), c.to_owned()));
                }
            }
        }
    }
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
    fn shclass_hooks_are_recognised_by_program_and_agent() {
        assert!(is_shclass_hook("shclass hook claude", Agent::Claude));
        assert!(is_shclass_hook(
            "/usr/local/bin/shclass hook claude --mode auto",
            Agent::Claude
        ));
        assert!(is_shclass_hook("'/a b/shclass' hook gemini", Agent::Gemini));
        assert!(!is_shclass_hook("shclass hook gemini", Agent::Claude));
        assert!(!is_shclass_hook("other hook claude", Agent::Claude));
        assert_eq!(program_word("'/a b/it'\\''s' hook claude"), "/a b/it's");
    }

    #[test]
    fn remove_entries_takes_out_only_ours() {
        let snip = snippet(Agent::Claude, "shclass hook claude");
        let original = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "other"}]}]}});
        let mut s = original.clone();
        assert_eq!(merge(&mut s, &snip, "shclass hook claude"), Ok(true));
        assert!(remove_entries(&mut s, &|c| is_shclass_hook(
            c,
            Agent::Claude
        )));
        assert_eq!(s, original);
        let mut only = json!({});
        assert_eq!(merge(&mut only, &snip, "shclass hook claude"), Ok(true));
        assert!(remove_entries(&mut only, &|c| is_shclass_hook(
            c,
            Agent::Claude
        )));
        assert_eq!(only, json!({}));
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("/usr/bin/shclass"), "/usr/bin/shclass");
        assert_eq!(shell_quote("/a b/it's"), r"'/a b/it'\''s'");
    }
}
