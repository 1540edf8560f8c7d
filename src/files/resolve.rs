//! Where a path leads: `~` and `$HOME` expanded and a relative path joined on the text
//! ([`expand`]), lexical normalisation of an absolute path ([`normalize_abs`]), and resolution
//! as the kernel resolves it, through every link ([`resolve`]). Nothing here classifies a path.

use std::path::{Component, Path, PathBuf};

use super::look::{Kind, Look, Snapshot};

pub(crate) fn home() -> PathBuf {
    std::env::var_os("HOME").map_or_else(|| PathBuf::from("/root"), PathBuf::from)
}

/// Resolve a path as the kernel would: `~` expanded, relative to `cwd`, then component by
/// component, following every symlink before the next `..` (so `link/../x` is the `x` beside
/// the link's target), and following a dangling final link to the file it would create. Past
/// the first component that does not exist, the rest is taken as written (`..` drops the last
/// component). A chain of more than 40 links is left where it stopped, and so is a link whose
/// target cannot be read (`/proc/PID/root` and `/proc/PID/cwd` of another user's process).
pub(crate) fn resolve(path: &str, cwd: &Path) -> PathBuf {
    resolve_links(path, cwd).0
}

/// [`resolve`], and whether the walk met more than 40 symbolic links (a loop, or a chain the
/// kernel refuses) or a link whose target cannot be read (a process's `root` or `cwd` in
/// `/proc`, which leads anywhere, `/` included): then where the path ends is not known.
pub(crate) fn resolve_links(path: &str, cwd: &Path) -> (PathBuf, bool) {
    walk(&expand(path, cwd), cwd, Look::now())
}

/// [`resolve_links`], looking at the file system through `look`: with a batch's snapshot, its
/// root (an absolute directory already resolved, whose components are known to be directories
/// and not links) is taken as it is, and each component's kind is looked at once for all the
/// lines. Only for a batch of lines decided against one snapshot of the file system: a person's
/// later change is not seen.
pub(crate) fn resolve_links_under(path: &str, cwd: &Path, look: Look<'_>) -> (PathBuf, bool) {
    walk(&expand(path, cwd), cwd, look)
}

/// Whether bash's `cd TARGET` looks for TARGET in the directories of `CDPATH` first (as this
/// process's environment has it, which the agent's shell inherits): a relative target that does
/// not start with `.` or `..`, with `CDPATH` set and not empty. Where it ends is then known only
/// at run time (`CDPATH=/etc`: `cd ssh` enters `/etc/ssh`).
pub(crate) fn cdpath_applies(target: &str) -> bool {
    static SET: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let relative = !target.starts_with(['/', '~', '$'])
        && target != "."
        && target != ".."
        && !target.starts_with("./")
        && !target.starts_with("../");
    relative && *SET.get_or_init(|| std::env::var_os("CDPATH").is_some_and(|c| !c.is_empty()))
}

/// `path` from `dir` on its text alone: `~` expanded, joined and normalised, no link followed.
pub(crate) fn lexical(path: &str, dir: &Path) -> PathBuf {
    PathBuf::from(normalize_abs(&expand(path, dir).to_string_lossy()))
}

/// `~`, `~/…`, `$HOME/…` and `$PWD/…` expanded and a relative path joined to `cwd`, on the
/// text alone (no link followed). `$PWD` (`${PWD}`) is the directory the unit runs in, `cwd`:
/// bash sets `PWD` at every `cd`, so after `cd ~/.docker` the word `"$PWD/config.json"` names
/// `~/.docker/config.json`, through whatever link it is (a line that assigns `PWD` itself is
/// flagged by the analysis).
pub(crate) fn expand(path: &str, cwd: &Path) -> PathBuf {
    // The rest is below the home directory however many slashes lead it (`~//.ssh` is
    // `$HOME//.ssh`, which the kernel reads as `$HOME/.ssh`): joined as written, an absolute
    // rest would replace the home.
    let below = |base: &str| {
        path.strip_prefix(base).and_then(|rest| {
            (rest.is_empty() || rest.starts_with('/')).then(|| rest.trim_start_matches('/'))
        })
    };
    // (`join("")` would add a trailing slash.)
    let under = |base: PathBuf, rest: &str| {
        if rest.is_empty() {
            base
        } else {
            base.join(rest)
        }
    };
    if let Some(rest) = below("~")
        .or_else(|| below("$HOME"))
        .or_else(|| below("${HOME}"))
    {
        under(home(), rest)
    } else if let Some(rest) = below("$PWD").or_else(|| below("${PWD}")) {
        under(cwd.to_path_buf(), rest)
    } else {
        cwd.join(path)
    }
}

/// The component-by-component walk of [`resolve`] over an absolute path, and whether it met
/// more than 40 links or a link it could not read.
///
/// `/proc/self` and `/proc/thread-self` are the process that opens the path, not this one:
/// they are kept as written (not followed to this process's number), their `cwd` is `cwd`, the
/// directory the unit runs in (`cat /proc/self/cwd/notes` reads `./notes`, through whatever
/// link it is, after any `cd` of the line), and their `root` is `/`. A `cwd` or `root` of one
/// of their tasks (`/proc/self/task/N/cwd`) is not known.
fn walk(path: &Path, cwd: &Path, look: Look<'_>) -> (PathBuf, bool) {
    use std::collections::VecDeque;
    use std::ffi::OsString;
    /// Normal components and `..` of a path, in order.
    fn parts(p: &Path) -> impl DoubleEndedIterator<Item = OsString> + '_ {
        p.components().filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_owned()),
            Component::ParentDir => Some(OsString::from("..")),
            Component::RootDir | Component::CurDir | Component::Prefix(_) => None,
        })
    }
    let real = look.snapshot().map(Snapshot::real);
    let (mut out, rest) = match real.and_then(|r| Some((r, path.strip_prefix(r).ok()?))) {
        Some((r, rest)) => (r.to_path_buf(), rest),
        None => (PathBuf::from("/"), path),
    };
    let mut pending: VecDeque<OsString> = parts(rest).collect();
    let mut links = 0;
    let mut missing = false;
    let mut unreadable = false;
    while let Some(c) = pending.pop_front() {
        if c == ".." {
            out.pop();
            missing = false;
            continue;
        }
        if !missing && (c == "cwd" || c == "root") && own_process(&out) {
            if out == Path::new("/proc/self") || out == Path::new("/proc/thread-self") {
                out = PathBuf::from("/");
                links += 1;
                if c == "cwd" {
                    for t in parts(cwd).rev() {
                        pending.push_front(t);
                    }
                }
            } else {
                unreadable = true;
                missing = true;
                out.push(&c);
            }
            continue;
        }
        if !missing && (c == "self" || c == "thread-self") && out == Path::new("/proc") {
            out.push(&c);
            continue;
        }
        let next = out.join(&c);
        if !missing && links <= 40 {
            match look.lstat(&next) {
                Kind::Link => {
                    if let Ok(target) = std::fs::read_link(&next) {
                        links += 1;
                        if target.is_absolute() {
                            out = PathBuf::from("/");
                        }
                        for t in parts(&target).rev() {
                            pending.push_front(t);
                        }
                        continue;
                    }
                    unreadable = true;
                    missing = true;
                }
                Kind::Missing => missing = true,
                Kind::File | Kind::Dir | Kind::Other => {}
            }
        }
        unreadable |= through_process_link(&next);
        out = next;
    }
    (out, links > 40 || unreadable)
}

/// Is `dir` the reading process's own directory in `/proc` or one of its tasks'
/// (`/proc/self`, `/proc/thread-self`, `/proc/self/task/N`), as [`walk`] keeps them?
fn own_process(dir: &Path) -> bool {
    let Ok(rest) = dir.strip_prefix("/proc") else {
        return false;
    };
    let mut parts = rest.components();
    let first = parts.next();
    let own = first.is_some_and(|c| c.as_os_str() == "self" || c.as_os_str() == "thread-self");
    own && match (parts.next(), parts.next(), parts.next()) {
        (None, ..) => true,
        (Some(task), Some(_), None) => task.as_os_str() == "task",
        _ => false,
    }
}

/// Does the path still run through a process's `root` or `cwd` in `/proc` (`/proc/PID/root/…`,
/// `/proc/PID/task/TID/cwd/…`), a link the walk could not follow because the process is not
/// there yet or not ours? Where it leads is known only when the command runs.
fn through_process_link(path: &Path) -> bool {
    if !path.starts_with("/proc") {
        return false;
    }
    let parts: Vec<_> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_string_lossy()),
            _ => None,
        })
        .collect();
    let link = |i: usize| parts.get(i).is_some_and(|p| p == "root" || p == "cwd");
    parts.first().is_some_and(|p| p == "proc")
        && (link(2) || parts.get(2).is_some_and(|p| p == "task") && link(4))
}

/// Lexical normalisation of an absolute path: collapse `//`, drop `.`, resolve `..`. Relative
/// paths are returned unchanged.
pub(crate) fn normalize_abs(p: &str) -> String {
    if !p.starts_with('/') {
        return p.to_owned();
    }
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}
