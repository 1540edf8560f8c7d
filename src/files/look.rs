//! Looking at the file system: each question (is there a file, a directory, a link at this
//! path?) asked of the kernel now ([`Look::now`]), or, for the many lines a batch decides against
//! one snapshot of the file system, answered once per path and remembered ([`Snapshot`]).
//!
//! A remembered answer also answers for the names below it: under a name that is not there, or
//! that is a file, nothing is there (the kernel would say `ENOENT` or `ENOTDIR`), so `path/to/x`,
//! `path/to/y` and `path/z` cost one look-up of `path` between them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What is at a path, as `lstat` says (a link is not followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Nothing (or the path cannot be looked at).
    Missing,
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link.
    Link,
    /// A device, a pipe, a socket.
    Other,
}

/// The workspace as it was when a batch began: its root, resolved and free of links, and each
/// path's [`Kind`] once looked at. A link put in place later, or a file created later, is not
/// seen, so a policy that outlives the moment (a session, a hook server) keeps none.
#[derive(Debug)]
pub(crate) struct Snapshot {
    /// The workspace root, resolved: a directory reached through no link.
    real: PathBuf,
    /// Each path looked at so far. A lock another thread poisoned is passed by: the path is
    /// looked at again.
    kinds: Mutex<HashMap<PathBuf, Kind, crate::hash::FixedState>>,
    /// The text of each small file read so far (`None`: not text, or unreadable).
    texts: Mutex<HashMap<PathBuf, Option<std::sync::Arc<str>>, crate::hash::FixedState>>,
}

impl Snapshot {
    /// A snapshot whose root `real` is a resolved directory.
    pub(crate) fn new(real: PathBuf) -> Snapshot {
        Snapshot {
            real,
            kinds: Mutex::new(HashMap::default()),
            texts: Mutex::new(HashMap::default()),
        }
    }

    /// The workspace root, resolved.
    pub(crate) fn real(&self) -> &Path {
        &self.real
    }

    /// What is at `path` (absolute), looked at once. Each ancestor not yet looked at is looked
    /// at on the way down, and none below a name that is not there or is a file. A long path is
    /// asked of the kernel each time (its ancestors would cost more to remember than to ask).
    fn kind(&self, path: &Path) -> Kind {
        if path.as_os_str().len() > LONGEST_REMEMBERED {
            return lstat(path);
        }
        // The nearest ancestor (the path itself included) already looked at.
        let mut known = None;
        let mut todo: Vec<&Path> = Vec::new();
        if let Ok(kinds) = self.kinds.lock() {
            for a in path.ancestors() {
                if a.as_os_str().len() <= 1 {
                    break;
                }
                if let Some(&k) = kinds.get(a) {
                    known = Some(k);
                    break;
                }
                todo.push(a);
            }
        } else {
            return lstat(path);
        }
        let mut found = Vec::with_capacity(todo.len());
        for a in todo.iter().rev() {
            let k = match known {
                Some(Kind::Missing | Kind::File) => Kind::Missing,
                _ => lstat(a),
            };
            found.push((a.to_path_buf(), k));
            known = Some(k);
        }
        if let Ok(mut kinds) = self.kinds.lock() {
            kinds.extend(found);
        }
        // `None`: the root, always a directory.
        known.unwrap_or(Kind::Dir)
    }
}

/// The longest path (in bytes) whose look-up a [`Snapshot`] remembers.
const LONGEST_REMEMBERED: usize = 512;

/// The largest file (in bytes) whose text a [`Snapshot`] remembers.
const LONGEST_TEXT_REMEMBERED: usize = 64 * 1024;

/// How the checks and the path policy look at the file system: now, or in a batch's snapshot.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Look<'a>(Option<&'a Snapshot>);

impl<'a> Look<'a> {
    /// Every question asked of the kernel when it is asked.
    pub(crate) const fn now() -> Look<'static> {
        Look(None)
    }

    /// Answers from `snapshot` when there is one.
    pub(crate) const fn from(snapshot: Option<&'a Snapshot>) -> Look<'a> {
        Look(snapshot)
    }

    /// The snapshot looked in, if any.
    pub(crate) fn snapshot(self) -> Option<&'a Snapshot> {
        self.0
    }

    /// What is at `path`, without following a final link. A relative path is asked of the
    /// kernel (it depends on the process's directory).
    pub(crate) fn lstat(self, path: &Path) -> Kind {
        match self.0 {
            Some(s) if path.is_absolute() => s.kind(path),
            _ => lstat(path),
        }
    }

    /// What is at the end of `path` once links are followed: a link is asked of the kernel.
    pub(crate) fn stat(self, path: &Path) -> Kind {
        match self.lstat(path) {
            Kind::Link => match std::fs::metadata(path) {
                Ok(m) => kind_of(m.file_type()),
                Err(_) => Kind::Missing,
            },
            k => k,
        }
    }

    /// [`Path::exists`].
    pub(crate) fn exists(self, path: &Path) -> bool {
        self.stat(path) != Kind::Missing
    }

    /// [`Path::is_file`].
    pub(crate) fn is_file(self, path: &Path) -> bool {
        self.stat(path) == Kind::File
    }

    /// [`Path::is_dir`].
    pub(crate) fn is_dir(self, path: &Path) -> bool {
        self.stat(path) == Kind::Dir
    }

    /// The text of the file at `path`, when there is a file to read. A snapshot reads a small
    /// file (up to [`LONGEST_TEXT_REMEMBERED`] bytes) once and gives the same text after.
    pub(crate) fn read_to_string(self, path: impl AsRef<Path>) -> std::io::Result<String> {
        let path = path.as_ref();
        let Some(s) = self.0 else {
            return std::fs::read_to_string(path);
        };
        if self.stat(path) == Kind::Missing {
            return Err(std::io::ErrorKind::NotFound.into());
        }
        let remembered = s.texts.lock().ok().and_then(|t| t.get(path).cloned());
        if let Some(text) = remembered {
            return text
                .map(|t| t.to_string())
                .ok_or_else(|| std::io::ErrorKind::InvalidData.into());
        }
        let read = std::fs::read_to_string(path);
        let keep = match &read {
            Ok(t) if t.len() <= LONGEST_TEXT_REMEMBERED => Some(Some(t.as_str().into())),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Some(None),
            _ => None,
        };
        if let Some(k) = keep
            && path.is_absolute()
            && let Ok(mut t) = s.texts.lock()
        {
            t.insert(path.to_path_buf(), k);
        }
        read
    }
}

fn lstat(path: &Path) -> Kind {
    match std::fs::symlink_metadata(path) {
        Ok(m) => kind_of(m.file_type()),
        Err(_) => Kind::Missing,
    }
}

fn kind_of(t: std::fs::FileType) -> Kind {
    if t.is_symlink() {
        Kind::Link
    } else if t.is_file() {
        Kind::File
    } else if t.is_dir() {
        Kind::Dir
    } else {
        Kind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_answers_as_the_kernel_does() {
        let tmp = std::env::temp_dir().join(format!("shclass-look-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(tmp.join("d")).ok();
        std::fs::write(tmp.join("f"), "x").ok();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(tmp.join("d"), tmp.join("ld")).ok();
            std::os::unix::fs::symlink(tmp.join("f"), tmp.join("lf")).ok();
            std::os::unix::fs::symlink(tmp.join("nowhere"), tmp.join("dangling")).ok();
        }
        let snap = Snapshot::new(tmp.clone());
        for name in [
            "d", "f", "ld", "lf", "dangling", "no", "no/x/y", "f/x", "d/x", "ld/x", "",
        ] {
            let p = tmp.join(name);
            for look in [Look::now(), Look::from(Some(&snap))] {
                assert_eq!(look.exists(&p), p.exists(), "{name}");
                assert_eq!(look.is_file(&p), p.is_file(), "{name}");
                assert_eq!(look.is_dir(&p), p.is_dir(), "{name}");
                assert_eq!(
                    look.lstat(&p) == Kind::Link,
                    p.symlink_metadata()
                        .is_ok_and(|m| m.file_type().is_symlink()),
                    "{name}"
                );
            }
        }
        // Remembered: a file made after the look is not seen by the snapshot.
        std::fs::write(tmp.join("no"), "x").ok();
        assert!(!Look::from(Some(&snap)).exists(&tmp.join("no")));
        assert!(Look::now().exists(&tmp.join("no")));
        // A small file's text is read once: later changes are not seen by the snapshot; a
        // file that is not text stays an error.
        let f = tmp.join("f");
        let snapped = Look::from(Some(&snap));
        assert_eq!(snapped.read_to_string(&f).ok().as_deref(), Some("x"));
        std::fs::write(&f, "y").ok();
        assert_eq!(snapped.read_to_string(&f).ok().as_deref(), Some("x"));
        assert_eq!(Look::now().read_to_string(&f).ok().as_deref(), Some("y"));
        std::fs::write(tmp.join("d/bin"), [0xff, 0xfe]).ok();
        for _ in 0..2 {
            assert!(snapped.read_to_string(tmp.join("d/bin")).is_err());
        }
        assert!(snapped.read_to_string(tmp.join("d/none")).is_err());
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
