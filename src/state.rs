//! Session state that outlives one hook process: a small JSON file per agent session under the
//! user's state directory, read and rewritten under an exclusive lock.
//!
//! The directory is `$SHCLASS_STATE_DIR`, else `$XDG_STATE_HOME/shclass/sessions`, else
//! `~/.local/state/shclass/sessions`. The file is `<sanitised session id>.json`; a sibling
//! `.lock` file is locked exclusively (`File::lock`) for the whole read-modify-write (readers
//! lock it shared), and the new state is written in place with one `write`, so concurrent hook
//! processes lose no update and never see half a file (`write` says why not a rename, and what
//! a crash can leave). Files are created with mode 0600 in a 0700 directory, and a state file
//! owned by another user or writable by group or others is refused (read as an error: the hook
//! then decides without state, at most ask). This module stores state; what the state means
//! (denial breaker, rate limit, reads, remembered approvals) is `session.rs`.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Size and modification time of a file when the agent read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FileStamp {
    /// Modification time, nanoseconds since the Unix epoch.
    pub mtime_ns: u128,
    /// Size in bytes.
    pub size: u64,
}

impl FileStamp {
    /// The stamp of a file on disk now (`None` when it does not exist or cannot be read).
    pub(crate) fn of(path: &Path) -> Option<FileStamp> {
        let meta = std::fs::metadata(path).ok()?;
        let mtime_ns = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        Some(FileStamp {
            mtime_ns,
            size: meta.len(),
        })
    }
}

/// Everything a session remembers between decisions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct SessionState {
    /// Format version.
    pub version: u32,
    /// Decisions made in this session.
    pub decisions: u64,
    /// Denials in a row (reset by anything that runs).
    pub consecutive_denials: u32,
    /// Unix times (seconds) of acting units, for the sliding-window rate limit.
    pub actions: Vec<u64>,
    /// Files read in this session, by resolved path.
    pub(crate) reads: BTreeMap<String, FileStamp>,
    /// Remembered rules (TOML snippets), re-added with source `remembered` on every load.
    pub remembered: Vec<String>,
}

/// `$SHCLASS_STATE_DIR`, when set: the state root and the session directory at once.
fn state_override() -> Option<PathBuf> {
    std::env::var_os("SHCLASS_STATE_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// `$XDG_STATE_HOME/shclass`, else `~/.local/state/shclass`.
fn default_root() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local").join("state"))
        })?;
    Some(base.join("shclass"))
}

/// The state directory (see the module docs).
pub(crate) fn state_dir() -> Option<PathBuf> {
    state_override().or_else(|| default_root().map(|r| r.join("sessions")))
}

/// The root of shclass's state: `$SHCLASS_STATE_DIR`, else `$XDG_STATE_HOME/shclass`, else
/// `~/.local/state/shclass`. The trust record and the audit anchors live here; session files
/// live in [`state_dir`] (the same directory when `SHCLASS_STATE_DIR` is set).
pub(crate) fn state_root() -> Option<PathBuf> {
    state_override().or_else(default_root)
}

/// A file name for a session id: `[A-Za-z0-9._-]` kept, anything else `_`, at most 80
/// characters, plus a short hash of the id when anything was changed (so two ids never share a
/// file).
pub(crate) fn sanitise(id: &str) -> String {
    let mut out: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    while out.starts_with('.') {
        out.replace_range(0..1, "_");
    }
    if out != id || out.is_empty() {
        let h = crate::audit::sha256_hex(id.as_bytes());
        out.push('-');
        out.push_str(&h[..12]);
    }
    out
}

/// A session's state file.
#[derive(Debug, Clone)]
pub(crate) struct StateFile {
    json: PathBuf,
    lock: PathBuf,
}

impl StateFile {
    /// The file for `session_id` in `dir`.
    pub(crate) fn new(dir: &Path, session_id: &str) -> StateFile {
        let name = sanitise(session_id);
        StateFile {
            json: dir.join(format!("{name}.json")),
            lock: dir.join(format!("{name}.lock")),
        }
    }

    /// Where the state is.
    pub(crate) fn path(&self) -> &Path {
        &self.json
    }

    /// Read the state, let `f` change it, write it back: all under an exclusive lock. A state
    /// file that is not valid JSON is an error (not silently reset: the rate limit and the
    /// breaker depend on it).
    pub(crate) fn update<R>(&self, f: impl FnOnce(&mut SessionState) -> R) -> io::Result<R> {
        if let Some(dir) = self.json.parent() {
            create_private_dir(dir)?;
        }
        let lock = private_options().open(&self.lock)?;
        lock.lock()?;
        let result = (|| {
            let mut state = self.read_unlocked()?;
            let r = f(&mut state);
            self.write(&state)?;
            Ok(r)
        })();
        let _ = lock.unlock();
        result
    }

    /// The state as it is on disk (default when there is none), read under a shared lock so
    /// an update in progress is never seen half written.
    pub(crate) fn read(&self) -> io::Result<SessionState> {
        let lock = match File::open(&self.lock) {
            Ok(f) => Some(f),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        if let Some(l) = &lock {
            l.lock_shared()?;
        }
        // Dropping the file releases the lock.
        self.read_unlocked()
    }

    fn read_unlocked(&self) -> io::Result<SessionState> {
        let read = std::fs::read(&self.json);
        if read.is_ok()
            && let Some(why) = crate::policy::trust::not_private(&self.json)
        {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{}: {why}, so its remembered approvals and counters cannot be relied on",
                    self.json.display()
                ),
            ));
        }
        match read {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", self.json.display()),
                )
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(SessionState {
                version: 1,
                ..SessionState::default()
            }),
            Err(e) => Err(e),
        }
    }

    /// Write the state in place, under the exclusive lock `update` holds. Not a temporary
    /// file renamed over the old one: ext4 (`auto_da_alloc`) flushes a file that replaces
    /// another by rename, which cost about 0.9 ms of every hook call. The file never shrinks
    /// (a shorter state is padded with spaces, which JSON ignores), so one `write` replaces
    /// all of it and no truncation is needed (truncating to zero flushes the same way). No
    /// fsync: a crash may lose the last update or, rarely, leave the file torn, which reads as
    /// an unusable state: the hook then asks at most (see the hook's fail-closed table).
    fn write(&self, state: &SessionState) -> io::Result<()> {
        let mut bytes = serde_json::to_vec(state).map_err(io::Error::other)?;
        // Written in place, so never through a link someone else planted in the directory.
        if std::fs::symlink_metadata(&self.json).is_ok_and(|m| !m.file_type().is_file()) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: not a regular file", self.json.display()),
            ));
        }
        let mut f = private_options().open(&self.json)?;
        let old = usize::try_from(f.metadata()?.len()).unwrap_or(usize::MAX);
        if bytes.len() < old {
            bytes.resize(old, b' ');
        }
        f.write_all(&bytes)
    }
}

/// Open for writing, created if missing with mode 0600, never truncated.
fn private_options() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

pub(crate) fn create_private_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitised_names() {
        assert_eq!(sanitise("abc-123_x.y"), "abc-123_x.y");
        let odd = sanitise("../../etc/passwd");
        assert!(!odd.contains('/') && !odd.starts_with('.'), "{odd}");
        assert_ne!(sanitise("a/b"), sanitise("a_b"));
        assert!(!sanitise("").is_empty());
    }

    #[test]
    fn a_shorter_state_overwrites_a_longer_one_in_place() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let f = StateFile::new(dir.path(), "s");
        assert_eq!(f.read().map(|s| s.decisions).ok(), Some(0));
        f.update(|s| {
            s.decisions = 1;
            s.remembered = vec!["x".repeat(500)];
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let long = std::fs::metadata(f.path()).map_or(0, |m| m.len());
        f.update(|s| {
            s.decisions += 1;
            s.remembered.clear();
        })
        .unwrap_or_else(|e| panic!("{e}"));
        // Padded, not truncated: the same length, and it reads back as the new state.
        assert_eq!(
            std::fs::metadata(f.path()).map(|m| m.len()).ok(),
            Some(long)
        );
        let s = f.read().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((s.decisions, s.remembered.len()), (2, 0));
        // A link in place of the state file is refused, not written through.
        #[cfg(unix)]
        {
            let target = dir.path().join("target");
            std::fs::write(&target, "keep").unwrap_or_else(|e| panic!("{e}"));
            let g = StateFile::new(dir.path(), "linked");
            std::os::unix::fs::symlink(&target, g.path()).unwrap_or_else(|e| panic!("{e}"));
            assert!(g.update(|s| s.decisions += 1).is_err());
            assert_eq!(
                std::fs::read_to_string(&target).ok().as_deref(),
                Some("keep")
            );
            for p in [target, g.path().to_owned(), dir.path().join("linked.lock")] {
                let _ = std::fs::remove_file(p);
            }
        }
        // No temporary files are left beside it.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(|e| e.ok().map(|e| e.file_name()))
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }
}
