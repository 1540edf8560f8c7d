//! Places a word names, on its text: the root (`/`, `/*`), a home directory (`~`, `$HOME`,
//! `/home/u`), a directory of the system and how deep inside it (`/etc` → 1). For the checks'
//! catastrophe recogniser and the policy's path classes (`@root`, `@home`, `@system`).

use crate::wordlist::{Words, words};

/// Strip quotes left in templates and trailing `/`, `/.`, `/*` decorations.
pub(crate) fn trim_path(text: &str) -> &str {
    let mut t = text;
    loop {
        let before = t;
        for suffix in ["/*", "/.", "/", "/.*"] {
            if t.len() > suffix.len() && t.ends_with(suffix) {
                t = &t[..t.len() - suffix.len()];
            }
        }
        if t == before {
            return t;
        }
    }
}

/// `text` with its last component `*` when that component is a glob bash matches against
/// every name that does not start with a dot, as `*` does (`~/?*`, `/**`, `[!.]*`, `*[!.]`:
/// tried on names of every shape); `None` when it is not such a glob or already `*`.
pub(crate) fn every_name_as_star(text: &str) -> Option<String> {
    const NAMES: [&str; 8] = ["a", "Z", "x1", "9", "_", "-", "Documents", "my file.txt"];
    let trimmed = text.trim_end_matches('/');
    let (dir, last) = match trimmed.rsplit_once('/') {
        Some((dir, last)) => (Some(dir), last),
        None => (None, trimmed),
    };
    let every = last != "*"
        && last.contains(['*', '?', '['])
        && NAMES
            .iter()
            .all(|n| super::secret_glob::bash_fnmatch(last, n, false));
    every.then(|| dir.map_or_else(|| "*".to_owned(), |d| format!("{d}/*")))
}

/// `/`, `//`, `/*`, `/.`, `/..`, `/./`, `/*/`, and `/?*` or another glob of every name.
pub(crate) fn is_root(text: &str) -> bool {
    if !text.starts_with('/') {
        return false;
    }
    if let Some(star) = every_name_as_star(text) {
        return is_root(&star);
    }
    let normal = super::normalize_abs(text);
    normal == "/" || normal == "/*" || normal == "/.*" || normal == "/{*,.*}"
}

/// `~`, `~/`, `~/*`, `~user`, `$HOME`, `${HOME}` and the same with `/`, `/*`, `/.` after (or a
/// glob of every name: `~/?*`).
pub(crate) fn is_home(text: &str) -> bool {
    if let Some(star) = every_name_as_star(text) {
        return is_home(&star);
    }
    let t = trim_path(text);
    // `${HOME:?}`, `${HOME:-/root}`: the home directory, with a fallback or a check;
    // `${HOME%/*}`, `${HOME%%/*}`: the home directory or a directory above it (`/home`, `/`).
    let t = if (t.starts_with("${HOME:") || t.starts_with("${HOME%")) && t.ends_with('}') {
        "$HOME"
    } else {
        t
    };
    if t == "~" || t == "$HOME" || t == "${HOME}" || t == "~/" {
        return true;
    }
    // `~user` (another user's home).
    if let Some(user) = t.strip_prefix('~') {
        return !user.is_empty()
            && !user.contains('/')
            && user
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
    }
    let normal = super::normalize_abs(text);
    // A Windows home under WSL (`/mnt/c/Users/alice`), or every one (`/mnt/c/Users/*`).
    let wsl_home = wsl_drive_rest(&normal)
        .and_then(|rest| rest.strip_prefix("Users/"))
        .is_some_and(|user| !user.is_empty() && !user.contains('/'));
    wsl_home
        || normal == "/root"
        || normal == "/home/*"
        || normal == "/Users/*"
        || (normal.starts_with("/home/") && normal.matches('/').count() == 2)
        || (normal.starts_with("/Users/") && normal.matches('/').count() == 2)
}

/// The top-level directories of the system (`/etc`, `/usr`, macOS's `/Library`…).
const SYSTEM_TOPS: Words = words![
    "bin",
    "boot",
    "dev",
    "etc",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "srv",
    "sys",
    "usr",
    "var",
    "System",
    "Library",
    "Applications",
    "private",
    "nix",
    "snap",
    "home",
    "Users",
    "mnt",
    "media"
];

fn is_system_top(name: &str) -> bool {
    SYSTEM_TOPS.contains(name)
}

/// The system's program directories, which only root writes on every system this runs on
/// (not `/usr/local/bin` nor `/opt/homebrew/bin`, which Homebrew gives to the person).
const SYSTEM_PROGRAM_DIRS: Words = words!["/bin", "/usr/bin", "/sbin", "/usr/sbin"];

/// Whether a `PATH` value names only the system's program directories, each as written in
/// [`SYSTEM_PROGRAM_DIRS`]: no empty entry (the working directory), no relative or other path,
/// nothing expanded at run time (`PATH=/usr/bin:/bin`).
pub(crate) fn is_system_program_path(value: &str) -> bool {
    value.split(':').all(|d| SYSTEM_PROGRAM_DIRS.contains(d))
}

/// Whether an unquoted glob (`/e??`, `/u*/l*`, `/h*/*`) may expand to a path `system_depth`
/// puts at depth 1 or 2 (a home under `/home` included): its first component may match the
/// name of a top-level system directory and it has at most two (neither `*` nor `?` matches
/// `/`, and bash reads `**` as `*` without `globstar`).
pub(crate) fn glob_may_be_system(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('/') else {
        return false;
    };
    let mut parts = rest.split('/').filter(|s| !s.is_empty());
    let Some(top) = parts.next() else {
        return false;
    };
    if parts.count() > 1 {
        return false;
    }
    // A pattern the matcher cannot read may match anything.
    crate::glob::Glob::new(top).map_or(true, |g| SYSTEM_TOPS.iter().any(|n| g.is_match(n)))
}

/// Trees under a system directory that hold one application's files or scratch data rather
/// than the system's: `/opt/app` is an application as `/usr/local/app` is, so their entries
/// count one level deeper (`/opt/app` is not `@system`, `/opt` still is; `/var/www` is not).
const APPLICATION_TREES: Words = words!["/opt", "/srv", "/var/www", "/var/tmp", "/var/cache"];

/// A Windows drive as WSL mounts it (`/mnt/c`): the words after it, when `normal` is on one.
fn wsl_drive_rest(normal: &str) -> Option<&str> {
    let rest = normal.strip_prefix("/mnt/")?;
    let (drive, rest) = rest.split_once('/').unwrap_or((rest, ""));
    (drive.len() == 1 && drive.bytes().all(|b| b.is_ascii_alphabetic())).then_some(rest)
}

/// Depth of a path inside a system directory (`/etc` → 1, `/etc/ssh` → 2), or `None`. Entries of
/// `APPLICATION_TREES` count one level deeper (`/opt/app` → 3). A Windows drive mounted by WSL
/// counts as a root of its own: `/mnt/c` and its top-level directories (`/mnt/c/Windows`,
/// `/mnt/c/Users`) → 1, `/mnt/c/Users/alice` → 2.
pub(crate) fn system_depth(text: &str) -> Option<usize> {
    if !text.starts_with('/') {
        return None;
    }
    let normal = super::normalize_abs(text);
    if let Some(rest) = wsl_drive_rest(&normal) {
        return Some(rest.split('/').filter(|s| !s.is_empty()).count().max(1));
    }
    let mut parts = normal.split('/').filter(|s| !s.is_empty());
    let top = parts.next()?;
    if !is_system_top(top) {
        return None;
    }
    // An entry of a tree, or a tree that is itself below a system directory (`/var/www`).
    let inside_app_tree = APPLICATION_TREES.iter().any(|t| {
        normal.strip_prefix(t).is_some_and(|rest| {
            rest.len() > 1 && rest.starts_with('/') || rest.is_empty() && t.matches('/').count() > 1
        })
    });
    Some(1 + parts.count() + usize::from(inside_app_tree))
}
