//! Trust in policy files that arrive with the code: the record of which project files a person
//! has reviewed, and where a project file may be found at all.
//!
//! A project file (`.shclass.toml` found upward from the workspace, a project's
//! `.claude/settings.json` / `settings.local.json`) is written by whoever wrote the repository,
//! or by the agent shclass guards. Until a person trusts that exact file, it can only tighten
//! (the loader adds it with [`super::Policy::add_untrusted_text`]). `shclass trust FILE` records
//! the file's canonical path and the SHA-256 of its bytes in the user's state directory
//! ([`TrustStore`]); any change to the file makes it untrusted again (direnv's `direnv allow`
//! does the same).
//!
//! Where a project file is looked for ([`project_policy`]): the workspace and its parents, up
//! to and including the repository root (the directory holding `.git`), never the home
//! directory or above it. A file owned by another user, writable by others, or in a directory
//! writable by others is not read at all ([`unsafe_location`], git's `safe.directory` idea).
//!
//! Not done here: protecting the trust record itself from writes by the agent (the path policy
//! does that), and anything on systems without Unix ownership (there, every location is
//! accepted and only the content hash counts).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// One trusted file: its canonical path and the SHA-256 (hex) of its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TrustEntry {
    /// Canonical path.
    pub path: PathBuf,
    /// Lower-case hex SHA-256 of the content that was trusted.
    pub sha256: String,
}

/// The record of trusted files: one `SHA256  PATH` line per file (the `sha256sum` format),
/// in a file only the user may write.
#[derive(Debug, Clone)]
pub(crate) struct TrustStore {
    path: PathBuf,
}

/// The trust record's file name in the state root ([`crate::state::state_root`]).
const FILE_NAME: &str = "trusted";

impl TrustStore {
    /// The record at `path`.
    pub(crate) fn at(path: impl Into<PathBuf>) -> TrustStore {
        TrustStore { path: path.into() }
    }

    /// The user's record: `trusted` in the state root, if there is one.
    pub(crate) fn user() -> Option<TrustStore> {
        crate::state::state_root().map(|d| TrustStore::at(d.join(FILE_NAME)))
    }

    /// Where the record is.
    #[cfg(test)]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Every entry. No record is no entries; a record that someone else could have written
    /// (owned by another user, writable by group or others) is an error, and trusts nothing.
    pub(crate) fn entries(&self) -> io::Result<Vec<TrustEntry>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        if let Some(why) = not_private(&self.path) {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("{}: {why}, so it trusts nothing", self.path.display()),
            ));
        }
        Ok(text
            .lines()
            .filter_map(|l| {
                let (hash, path) = l.split_once("  ")?;
                (hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit())).then(|| {
                    TrustEntry {
                        path: PathBuf::from(path),
                        sha256: hash.to_ascii_lowercase(),
                    }
                })
            })
            .collect())
    }

    /// Is `file` trusted with exactly these `bytes`? Errors (no record, an unsafe record, a
    /// path that does not resolve) trust nothing, and neither does a file reached through a
    /// link of its project ([`linked`]).
    pub(crate) fn is_trusted(&self, file: &Path, bytes: &[u8]) -> bool {
        if linked(file).is_some() {
            return false;
        }
        let Ok(canon) = std::fs::canonicalize(file) else {
            return false;
        };
        let hash = crate::audit::sha256_hex(bytes);
        self.entries()
            .is_ok_and(|es| es.iter().any(|e| e.path == canon && e.sha256 == hash))
    }

    /// Trust `file` as it is now: replaces any earlier entry for the same path. A file reached
    /// through a link of its project ([`linked`]) is refused: it would never count.
    pub(crate) fn trust(&self, file: &Path) -> io::Result<TrustEntry> {
        if let Some(why) = linked(file) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{why}: shclass trusts a project file only where it lies (copy it there)"),
            ));
        }
        let canon = std::fs::canonicalize(file)?;
        let bytes = std::fs::read(&canon)?;
        self.trust_bytes(&canon, &bytes)
    }

    /// Trust `canon` (a canonical path) with content `bytes`.
    pub(crate) fn trust_bytes(&self, canon: &Path, bytes: &[u8]) -> io::Result<TrustEntry> {
        let shown = canon
            .to_str()
            .filter(|s| !s.contains('\n'))
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "{}: a path that is not UTF-8 or holds a newline cannot be recorded",
                        canon.display()
                    ),
                )
            })?;
        let entry = TrustEntry {
            path: PathBuf::from(shown),
            sha256: crate::audit::sha256_hex(bytes),
        };
        let mut entries = self.entries()?;
        entries.retain(|e| e.path != entry.path);
        entries.push(entry.clone());
        self.write(&entries)?;
        Ok(entry)
    }

    /// Forget `file`; true when it was recorded.
    pub(crate) fn untrust(&self, file: &Path) -> io::Result<bool> {
        let canon = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
        let mut entries = self.entries()?;
        let before = entries.len();
        entries.retain(|e| e.path != canon && e.path != file);
        if entries.len() == before {
            return Ok(false);
        }
        self.write(&entries)?;
        Ok(true)
    }

    /// Write the record (mode 0600, in a 0700 directory), replacing it by rename.
    fn write(&self, entries: &[TrustEntry]) -> io::Result<()> {
        let dir = self
            .path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        crate::state::create_private_dir(dir)?;
        let mut text = String::from(
            "# Policy files trusted with `shclass trust`: SHA-256 of the content, two spaces, path.\n",
        );
        for e in entries {
            text.push_str(&format!("{}  {}\n", e.sha256, e.path.display()));
        }
        let tmp = dir.join(format!(".{FILE_NAME}.{}.tmp", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(0o600);
        }
        let mut f = opts.open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
        drop(f);
        std::fs::rename(&tmp, &self.path)
    }
}

/// The directory of a project's agent settings (`.claude/settings.json`), which is part of the
/// project as the file in it is.
const SETTINGS_DIR: &str = ".claude";

/// Why `file` is reached through a symbolic link of its project: it is one, or the settings
/// directory it is in (`.claude`) is. A record holds where a file leads, so such a link
/// (`.shclass.toml` -> `../other/.shclass.toml`, `.claude` -> `~/src/other/.claude`) would
/// carry another project's trusted allows and mode into this one, whose files the agent writes.
/// The project's own directory may be a link: what is in it is that project's.
pub(crate) fn linked(file: &Path) -> Option<String> {
    let is_link = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    if is_link(file) {
        return Some(format!("{} is a symbolic link", file.display()));
    }
    let dir = file.parent()?;
    (dir.file_name().is_some_and(|n| n == SETTINGS_DIR) && is_link(dir))
        .then(|| format!("{} is a symbolic link", dir.display()))
}

/// The effective user id of this process.
#[cfg(unix)]
fn euid() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// Why a file of shclass's own (trust record, session state) cannot be relied on: owned by
/// another user, or writable by group or others. `None`: it is private to the user.
#[cfg(unix)]
pub(crate) fn not_private(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    if meta.uid() != euid() {
        return Some("owned by another user".to_owned());
    }
    if meta.mode() & 0o022 != 0 {
        return Some("writable by group or others".to_owned());
    }
    None
}

/// Without Unix ownership, every file counts as private.
#[cfg(not(unix))]
pub(crate) fn not_private(_path: &Path) -> Option<String> {
    None
}

/// Why a policy file found in the workspace is not read at all: owned by another user,
/// writable by others, or in a directory writable by others. `None`: it may be read.
#[cfg(unix)]
pub(crate) fn unsafe_location(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    let uid = euid();
    if meta.uid() != uid {
        return Some("owned by another user".to_owned());
    }
    if meta.mode() & 0o002 != 0 {
        return Some("writable by every user".to_owned());
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    let dmeta = std::fs::metadata(dir).ok()?;
    if dmeta.mode() & 0o002 != 0 {
        return Some(format!("in {}, which every user may write", dir.display()));
    }
    if dmeta.uid() != uid && dmeta.uid() != 0 {
        return Some(format!("in {}, which another user owns", dir.display()));
    }
    None
}

/// Without Unix ownership, every location is accepted.
#[cfg(not(unix))]
pub(crate) fn unsafe_location(_path: &Path) -> Option<String> {
    None
}

/// The directories searched for `.shclass.toml`, nearest first: `cwd` and its parents up to
/// and including the repository root (the first directory holding `.git`), stopping below the
/// home directory (`home`, never searched itself).
pub(crate) fn search_dirs<'a>(cwd: &'a Path, home: Option<&Path>) -> Vec<&'a Path> {
    let mut out = Vec::new();
    // One buffer for every `DIR/.git` looked at (this runs on every hook call).
    let mut git = PathBuf::new();
    for dir in cwd.ancestors() {
        if home.is_some_and(|h| dir == h || h.starts_with(dir)) {
            break;
        }
        out.push(dir);
        git.clear();
        git.push(dir);
        git.push(".git");
        if git.exists() {
            break;
        }
    }
    out
}

/// A project file found in the workspace, or why one was passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// The file to read.
    File(PathBuf),
    /// A file that is not read, and why.
    Skipped(PathBuf, String),
}

/// The nearest `.shclass.toml` in [`search_dirs`], with the ones passed over for their
/// location ([`unsafe_location`]) before it.
pub(crate) fn project_policy(cwd: &Path) -> Vec<Found> {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|h| h.is_absolute());
    let mut out = Vec::new();
    let mut p = PathBuf::new();
    for dir in search_dirs(cwd, home.as_deref()) {
        p.clear();
        p.push(dir);
        p.push(".shclass.toml");
        if !p.is_file() {
            continue;
        }
        let p = p.clone();
        if let Some(why) = unsafe_location(&p) {
            out.push(Found::Skipped(p, why));
        } else {
            out.push(Found::File(p));
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_stops_at_the_repository_root_and_below_home() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let repo = dir.path().join("home/me/src/repo");
        let sub = repo.join("crates/a");
        std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(repo.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        let home = dir.path().join("home/me");
        let dirs = search_dirs(&sub, Some(&home));
        assert_eq!(dirs, vec![&sub, &repo.join("crates"), &repo]);
        // Without a repository, the search stops below home.
        let plain = home.join("notes/x");
        let dirs = search_dirs(&plain, Some(&home));
        assert_eq!(dirs, vec![&plain, &home.join("notes")]);
        // The home directory itself is never searched.
        assert!(search_dirs(&home, Some(&home)).is_empty());
    }

    #[test]
    fn a_changed_file_is_untrusted_again() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let store = TrustStore::at(dir.path().join("state/trusted"));
        let f = dir.path().join("p.toml");
        std::fs::write(&f, "allow = []\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(!store.is_trusted(&f, b"allow = []\n"));
        store.trust(&f).unwrap_or_else(|e| panic!("{e}"));
        assert!(store.is_trusted(&f, b"allow = []\n"));
        assert!(!store.is_trusted(&f, b"allow = [\"Bash(*)\"]\n"));
        assert!(store.untrust(&f).unwrap_or_else(|e| panic!("{e}")));
        assert!(!store.is_trusted(&f, b"allow = []\n"));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_reached_through_a_link_of_its_project_is_never_trusted() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let store = TrustStore::at(root.join("state/trusted"));
        let mk = |p: &Path| std::fs::create_dir_all(p).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (root.join("a"), root.join("b"));
        mk(&a.join(".claude"));
        mk(&b);
        let text = b"allow = [\"Bash(make *)\"]\n";
        for f in [a.join(".shclass.toml"), a.join(".claude/settings.json")] {
            std::fs::write(&f, text).unwrap_or_else(|e| panic!("{e}"));
            store.trust(&f).unwrap_or_else(|e| panic!("{e}"));
            assert!(store.is_trusted(&f, text));
        }
        let link = |to: &Path, at: &Path| {
            std::os::unix::fs::symlink(to, at).unwrap_or_else(|e| panic!("{e}"));
        };
        // The other project's trusted file, through a link of this one: the file itself, or
        // the settings directory.
        link(&a.join(".shclass.toml"), &b.join(".shclass.toml"));
        link(&a.join(".claude"), &b.join(".claude"));
        for f in [b.join(".shclass.toml"), b.join(".claude/settings.json")] {
            assert!(linked(&f).is_some(), "{}", f.display());
            assert!(!store.is_trusted(&f, text), "{}", f.display());
            assert!(store.trust(&f).is_err(), "{}", f.display());
        }
        // The project's directory itself may be a link: its files are that project's.
        let c = root.join("c");
        link(&a, &c);
        assert!(store.is_trusted(&c.join(".shclass.toml"), text));
        assert!(store.is_trusted(&c.join(".claude/settings.json"), text));
    }

    #[cfg(unix)]
    #[test]
    fn a_record_others_may_write_trusts_nothing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let store = TrustStore::at(dir.path().join("trusted"));
        let f = dir.path().join("p.toml");
        std::fs::write(&f, "x").unwrap_or_else(|e| panic!("{e}"));
        store.trust(&f).unwrap_or_else(|e| panic!("{e}"));
        assert!(store.is_trusted(&f, b"x"));
        std::fs::set_permissions(store.path(), std::fs::Permissions::from_mode(0o666))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!store.is_trusted(&f, b"x"));
        assert!(store.entries().is_err());
    }
}
