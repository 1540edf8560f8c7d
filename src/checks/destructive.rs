//! Destructive file-system operations whose danger depends on more than one word: recursive
//! deletes (with the directory a `cd` earlier in the line moved to), moves of whole system
//! directories, and `find` deleting from the root.

use std::path::Path;

use super::common::{
    ask, deny, fed_words, is_catastrophic_target, is_recursive_flag, prog, text, units_within,
};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::{Analysis, Arg, Context, Unit};
use crate::decision::Risk;
use crate::files::unquote;
use crate::files::{is_home, is_root, system_depth};

declare_check! {
    /// **What it flags**: `rm -r` (every spelling: `-rf`, `-Rf`, `-r -f`, `--recursive`,
    /// `--r`, `--no-preserve-root`) of the root, a home directory, a system directory, a
    /// directory directly under `/`, the workspace root or its parent — also relative targets
    /// after a `cd` to such a place (`cd && rm -rf .[!.]* *`, `cd / && rm -rf etc`), and
    /// targets computed at run time as the working directory or a parent of it (`"$(pwd)"`,
    /// `~+`, `${PWD%/*}`, `"$(dirname "$PWD")"`, `"$(git rev-parse --show-toplevel)"`) — denied;
    /// and `rm -r` of a target known only at run time (`rm -rf "$DIR"`, `xargs rm -rf`) —
    /// asked about at high risk.
    ///
    /// **Why it is risky**: a recursive delete of these loses the system, the user's files or
    /// the whole project, with no undo.
    ///
    /// **Example**: `cd ~ && rm -rf *` → deny; `rm -rf "$BUILD"` → ask (high);
    /// `rm -rf ./build` is left to the ordinary ask rules.
    ///
    /// Relative targets are judged in every directory the unit may run in (the one model of
    /// `cd`, `pushd` and `popd`, `workdir`): a `cd` that may fail or not run at all leaves the
    /// shell where it was (`false && cd /tmp/x; rm -rf *`, `cd a/b; rm -rf ../../..`).
    ///
    /// **Known gaps**: a `cd` inside a script, and paths built from variables whose values are
    /// not in the line are not followed; of computed targets only
    /// the path queries above are recognised (`$(realpath ../..)` is, `$(cd "$X" && pwd)` is
    /// not).
    RecursiveDelete,
    "recursive-delete"
}

declare_check! {
    /// **What it flags**: `mv` whose source is the root, a home directory, a system directory
    /// (`/etc`, `/usr/bin`) or a directory directly under `/`.
    ///
    /// **Why it is risky**: moving `/etc` or `/usr` away breaks the system as surely as deleting
    /// it, and moving `~` away hides every file of the user.
    ///
    /// **Example**: `mv /etc /etc.old` → deny. `mv build/ out/` is not flagged.
    ///
    /// **Known gaps**: moves by other programs (`rsync --remove-source-files`) are left to rules.
    MoveSystemDir,
    "move-system-dir"
}

declare_check! {
    /// **What it flags**: `find` (or `fd`) starting at the root, a home directory or a system
    /// directory, or at the workspace or one of its parents named from where a move of the line
    /// led (`cd src && find .. -delete`, `cd /tmp && find "$OLDPWD" -delete`), with `-delete`,
    /// or running on what it finds (`-exec`/`-execdir`/`-ok`, fd's `-x`/`-X`, which append the
    /// paths when no `{}` is given) a command that deletes or changes them (`rm`, `shred`,
    /// `unlink`, `chmod`, `truncate`) or writes to a path found (`dd of={}`, `tee {}`, `cp X
    /// {}`).
    ///
    /// **Why it is risky**: it deletes every matching file under the whole tree; with no filter
    /// it deletes everything.
    ///
    /// **Example**: `find / -delete` → deny; `find /var/lib -delete` → deny; `fd . / -X rm
    /// -rf` → deny; `find /dev -name sda -exec dd if=/dev/zero of={} \;` → deny.
    /// `find . -name '*.o' -delete` is left to the ordinary ask rules.
    ///
    /// **Known gaps**: start points given through `-files0-from` or variables are not seen.
    FindDeleteRoot,
    "find-delete-root"
}

declare_check! {
    /// **What it flags**: archivers and copiers told to delete their inputs once they hold a
    /// copy: `tar --remove-files`, `zip -m` (`-rm`, `--move`), `7z a -sdel`, `rar m` /
    /// `rar a -df`, `rsync --remove-source-files`. Inputs that are the root, a home or system
    /// directory, a directory directly under `/`, the workspace root or its parent (also
    /// relative ones under `tar -C DIR`) are denied like `rm -rf` of them; any other use is
    /// asked about at high risk.
    ///
    /// **Why it is risky**: the originals are gone when the command ends; the archive may be
    /// `/dev/null`, a scratch file, or sent away, so nothing is kept.
    ///
    /// **Example**: `tar -cf /dev/null --remove-files ~` → deny; `zip -rm /tmp/x.zip ~` →
    /// deny; `tar --remove-files -czf logs.tgz logs/` → ask (high).
    ///
    /// **Known gaps**: every word that is not an option counts as an input (the archive name
    /// too, which only makes the check stricter); inputs read from a file (`tar -T list`,
    /// `zip -@`) are not seen.
    ArchiveRemoveInputs,
    "archive-remove-inputs"
}

/// Whether the unit is an archiver or copier that deletes its inputs (see
/// [`ArchiveRemoveInputs`]).
fn removes_inputs(program: &str, u: &Unit) -> bool {
    let mut words = u.args().map(text);
    match program {
        // Read with GNU tar's table: `--remove-files` and its unique prefixes (`--rem`).
        "tar" | "bsdtar" | "gtar" => crate::programs::tables::builtin("tar").is_some_and(|t| {
            crate::programs::args::parse(Some(&t), &u.argv).has_exact("--remove-files")
        }),
        // Read with zip's table: `-m` in a bundle (`-rm`), `--move` and its unique prefixes
        // (`--mov`).
        "zip" => crate::programs::tables::builtin(program).is_some_and(|t| {
            let parsed = crate::programs::args::parse(Some(&t), &u.argv);
            parsed.has_exact("-m") || parsed.has_exact("--move")
        }),
        "7z" | "7za" | "7zz" | "7zr" => words.any(|w| w.eq_ignore_ascii_case("-sdel")),
        "rar" => {
            u.args()
                .next()
                .map(text)
                .is_some_and(|w| matches!(w, "m" | "mf"))
                || words.any(|w| w == "-df")
        }
        // Read with rsync's table: `--remove-source-files`, its unique prefixes (`--remove-s`)
        // and the old name `--remove-sent-files` (or a prefix of three letters and more of it).
        "rsync" => crate::programs::tables::builtin(program).is_some_and(|t| {
            let parsed = crate::programs::args::parse(Some(&t), &u.argv);
            parsed.has("--remove-source-files") || parsed.has("--remove-sent-files")
        }),
        _ => false,
    }
}

/// The inputs of an archiver its option table reads (tar, zip), each with the directory a
/// `-C DIR`/`--directory=DIR` before it names: the operands, without zip's archive (its first)
/// and without the values of options (`tar -cf /dev/null --rem src`: `/dev/null` is the
/// archive). `None` for a program without a table.
fn table_inputs(p: &str, u: &Unit) -> Option<Vec<(String, Option<String>)>> {
    let name = if matches!(p, "bsdtar" | "gtar") {
        "tar"
    } else {
        p
    };
    if !matches!(name, "tar" | "zip") {
        return None;
    }
    let table = crate::programs::tables::builtin(name)?;
    let parsed = crate::programs::args::parse(Some(&table), &u.argv);
    let skip = usize::from(name == "zip");
    Some(
        parsed
            .operands
            .iter()
            .skip(skip)
            .filter_map(|&k| {
                let dir = parsed
                    .opts
                    .iter()
                    .rfind(|o| o.index < k && matches!(&*o.name, "-C" | "--directory"))
                    .and_then(|o| o.value.clone());
                Some((text(u.argv.get(k)?).to_owned(), dir))
            })
            .collect(),
    )
}

impl Check for ArchiveRemoveInputs {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            let Some(p) = prog(u) else { continue };
            if !removes_inputs(p, u) {
                continue;
            }
            let words: Vec<&str> = u.args().map(text).collect();
            // `tar -C DIR`, `--directory=DIR`: later relative inputs are inside DIR; before
            // one, inputs are judged where the unit runs.
            let mut base: Option<String> = None;
            let read = table_inputs(p, u);
            let mut hit: Option<&str> = None;
            if let Some(inputs) = &read {
                hit = inputs
                    .iter()
                    .find(|(w, dir)| match dir {
                        Some(b) => catastrophic_after_cd(w, Some(b), cx.cwd),
                        None => catastrophic_where_run(cx, i, w),
                    })
                    .map(|(w, _)| w.as_str());
            }
            // Programs without a table: the words in order.
            let mut k = if read.is_some() { words.len() } else { 0 };
            while k < words.len() {
                let w = words[k];
                if matches!(w, "-C" | "--directory") {
                    if let Some(d) = words.get(k + 1) {
                        base = Some((*d).to_owned());
                    }
                    k += 2;
                    continue;
                }
                if let Some(d) = w.strip_prefix("--directory=") {
                    base = Some(d.to_owned());
                } else if !w.starts_with('-')
                    && match &base {
                        Some(b) => catastrophic_after_cd(w, Some(b), cx.cwd),
                        None => catastrophic_where_run(cx, i, w),
                    }
                {
                    hit = Some(w);
                    break;
                }
                k += 1;
            }
            if let Some(t) = hit {
                out.push(deny(
                    Some(i),
                    u.span,
                    format!("`{p}` deletes its input `{t}` after archiving it: the system, a home directory or the workspace"),
                ));
            } else {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!("`{p}` deletes its inputs after archiving or copying them"),
                ));
            }
        }
    }
}

/// `rm` and friends that delete what they are given.
fn is_deleter(p: &str) -> bool {
    matches!(
        p,
        "rm" | "rimraf" | "srm" | "shred" | "wipe" | "unlink" | "trash" | "trash-put" | "rmdir"
    )
}

fn relative_all(t: &str) -> bool {
    matches!(
        unquote(t).trim_end_matches('/'),
        "." | "*" | "./*" | ".*" | ".[!.]*" | "..?*" | "./.*" | "{*,.*}" | ".[^.]*"
    )
}

fn catastrophic_after_cd(t: &str, dir: Option<&str>, cwd: &Path) -> bool {
    match dir {
        None => is_catastrophic_target(t, cwd),
        Some(d) => {
            let u = unquote(t);
            if u.starts_with('/') || u.starts_with('~') || u.starts_with('$') {
                return is_catastrophic_target(&u, cwd);
            }
            let d_cat = is_catastrophic_target(d, cwd) && !relative_all(d);
            if relative_all(&u) {
                return d_cat;
            }
            if d.starts_with('/') {
                let joined = format!("{}/{}", d.trim_end_matches('/'), u);
                return is_catastrophic_target(&joined, cwd);
            }
            false
        }
    }
}

/// Whether `t`, an operand of unit `i`, is a catastrophic target from some directory the unit
/// may run in ([`CheckCtx::dirs`]): a relative one from the directory the line starts in is
/// judged as written (`.`, `*`, `..` are the workspace's and above), from another one known now
/// on the path it makes there (the workspace, one of its parents, the system, a home), from the
/// top of the repository as from the workspace; from a directory known only at run time it is
/// not (the ask rules judge it). `$OLDPWD/…` and `~-/…` are judged in each directory the line's
/// moves leave in `OLDPWD` ([`super::workdir::Dirs::old`]).
fn catastrophic_where_run(cx: &CheckCtx, i: usize, t: &str) -> bool {
    use super::workdir::DirRef;
    let u = unquote(t);
    if let Some(rest) = oldpwd_rest(&u) {
        return cx.dirs().old(i).any(|d| match d {
            DirRef::At(p) => catastrophic_in(cx, rest, p),
            DirRef::RepoTop => is_catastrophic_target(rest, cx.cwd),
            DirRef::Unknown(_) => false,
        });
    }
    if u.starts_with(['/', '~', '$']) {
        return is_catastrophic_target(&u, cx.cwd);
    }
    cx.dirs().of(i).iter().any(|d| match d {
        DirRef::At(p) if p != cx.start => catastrophic_in(cx, &u, p),
        DirRef::At(_) | DirRef::RepoTop => is_catastrophic_target(t, cx.cwd),
        DirRef::Unknown(_) => false,
    })
}

/// For a word naming `OLDPWD` (`$OLDPWD`, `${OLDPWD}`, `~-`, each alone or followed by `/…`),
/// the relative path after it (`.` when none).
fn oldpwd_rest(u: &str) -> Option<&str> {
    let rest = ["$OLDPWD", "${OLDPWD}", "~-"]
        .iter()
        .find_map(|h| u.strip_prefix(h))
        .filter(|r| r.is_empty() || r.starts_with('/'))?;
    let rest = rest.trim_start_matches('/');
    Some(if rest.is_empty() { "." } else { rest })
}

/// Whether the relative path `u`, taken in `p` (a directory known now), is a catastrophic
/// target: the workspace, one of its parents, every name in one of them, the system or a home.
fn catastrophic_in(cx: &CheckCtx, u: &str, p: &Path) -> bool {
    // `*`, `.`, `./*`: everything in the directory.
    let whole = relative_all(u);
    let joined = if whole {
        p.to_path_buf()
    } else {
        crate::files::lexical(u, p)
    };
    let shown = joined.to_string_lossy();
    let above = |q: &Path| q == cx.cwd || cx.cwd.starts_with(q);
    // `../*`: every name in the directory it ends in.
    let every = joined
        .file_name()
        .is_some_and(|n| relative_all(&n.to_string_lossy()))
        && joined.parent().is_some_and(above);
    above(&joined)
        || every
        || is_catastrophic_target(&shown, cx.cwd)
        || whole && is_catastrophic_target(&format!("{shown}/*"), cx.cwd)
}

impl Check for RecursiveDelete {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            let Some(p) = prog(u).filter(|p| is_deleter(p)) else {
                continue;
            };
            let words: Vec<&str> = u.args().map(text).collect();
            if words.contains(&"--no-preserve-root") {
                out.push(deny(
                    Some(i),
                    u.span,
                    "deletes with --no-preserve-root".to_owned(),
                ));
                continue;
            }
            // `rimraf` (the npm package) deletes recursively by definition.
            let recursive =
                words.iter().any(|w| is_recursive_flag(w)) || matches!(p, "shred" | "rimraf");
            if !recursive {
                continue;
            }
            let mut after_dd = false;
            let mut dynamic = u.appended_args;
            let mut hit = None;
            for a in u.args() {
                let t = text(a);
                if t == "--" && !after_dd {
                    after_dd = true;
                    continue;
                }
                if t.starts_with('-') && !after_dd {
                    continue;
                }
                if catastrophic_where_run(cx, i, t) || workspace_or_above(cx.analysis, a) {
                    hit = Some(t.to_owned());
                    break;
                }
                if a.value.is_none() {
                    dynamic = true;
                }
            }
            if hit.is_none() && u.appended_args {
                hit = fed_words(cx.analysis, u)
                    .into_iter()
                    .find(|w| !w.contains('%') && is_catastrophic_target(w, cx.cwd));
            }
            if let Some(t) = hit {
                out.push(deny(
                    Some(i),
                    u.span,
                    format!("`{p}` recursively deletes `{t}`: the system, a home directory or the workspace"),
                ));
            } else if dynamic {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!("`{p}` recursively deletes a target known only at run time"),
                ));
            }
        }
    }
}

/// A word whose run-time value is the working directory or one of its parents: `"$(pwd)"`,
/// `$(pwd)/`, `~+`, `$PWD/..`, `${PWD%/*}`, `"$(dirname "$PWD")"`, `"$(cd .. && pwd)"`,
/// `"$(git rev-parse --show-toplevel)"`. A substitution counts only when every command in it
/// is one of these path queries with nothing but such operands (`$(cd src && pwd)` does not).
fn workspace_or_above(analysis: &Analysis, a: &Arg) -> bool {
    let t = unquote(text(a));
    let t: &str = &t;
    // `$PWD/..`, `~+/../..`: the directory itself or a climb out of it.
    let climbs = |rest: &str| rest.split('/').all(|c| matches!(c, "" | "." | ".."));
    for base in ["$PWD", "${PWD}", "~+"] {
        if let Some(rest) = t.strip_prefix(base)
            && (rest.is_empty() || rest.starts_with('/') && climbs(rest))
        {
            return true;
        }
    }
    // `${PWD%/*}`, `${PWD%/*/*}`: the parent, the grandparent.
    if let Some(pattern) = t
        .strip_prefix("${PWD%")
        .and_then(|r| r.strip_suffix('}'))
        .or_else(|| t.strip_prefix("${PWD%").and_then(|r| r.strip_suffix("}/")))
        && !pattern.is_empty()
        && pattern.chars().all(|c| c == '/' || c == '*')
    {
        return true;
    }
    if a.value.is_some() || !t.strip_prefix("$(…)").is_some_and(climbs) {
        return false;
    }
    let inner: Vec<&Unit> = units_within(analysis, a.span)
        .map(|(_, u)| u)
        .filter(|u| u.in_context(Context::Substitution))
        .collect();
    !inner.is_empty() && inner.iter().all(|u| path_query(u))
}

/// `pwd`, `cd ..`, `dirname "$PWD"`, `realpath .`, `git rev-parse --show-toplevel`: a command
/// that prints the working directory, a parent of it or the repository's top (or moves there).
fn path_query(u: &Unit) -> bool {
    let operand_ok = |a: &Arg| {
        let t = unquote(text(a));
        matches!(
            &*t,
            "-L" | "-P" | "-f" | "-e" | "-m" | "--" | "$PWD" | "${PWD}" | "$(…)" | "~+"
        ) || !t.is_empty() && t.split('/').all(|c| matches!(c, "" | "." | ".."))
    };
    match prog(u) {
        Some("pwd" | "cd" | "dirname" | "realpath" | "readlink") => u.args().all(operand_ok),
        Some("git") => {
            let w: Vec<&str> = u.args().map(text).collect();
            w == ["rev-parse", "--show-toplevel"]
        }
        _ => false,
    }
}

fn system_or_home(t: &str) -> bool {
    let u = unquote(t);
    if crate::files::is_scratch_dir(&u) {
        return false;
    }
    if is_root(&u) || is_home(&u) || system_depth(&u).is_some_and(|d| d <= 2) {
        return true;
    }
    u.starts_with('/') && {
        let n = crate::files::normalize_abs(&u);
        n.trim_end_matches('/').matches('/').count() == 1 && n.len() > 1
    }
}

impl Check for MoveSystemDir {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if prog(u) != Some("mv") {
                continue;
            }
            let operands: Vec<&str> = u.args().map(text).filter(|t| !t.starts_with('-')).collect();
            let has_t = u
                .args()
                .map(text)
                .any(|t| t == "-t" || t.starts_with("--target"));
            let sources = if has_t {
                &operands[..]
            } else {
                &operands[..operands.len().saturating_sub(1)]
            };
            if let Some(s) = sources.iter().find(|s| system_or_home(s)) {
                out.push(deny(
                    Some(i),
                    u.span,
                    format!("moves `{s}` away: the system or a home directory breaks"),
                ));
            }
        }
    }
}

/// What `find -exec` may run on every file it finds that is as bad as deleting it.
fn is_exec_destroyer(p: &str) -> bool {
    matches!(p, "chmod" | "chown" | "chgrp" | "truncate")
}

impl Check for FindDeleteRoot {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        use super::workdir::DirRef;
        let a = cx.analysis;
        for (i, u) in a.units.iter().enumerate() {
            let fd = matches!(prog(u), Some("fd" | "fdfind"));
            if prog(u) != Some("find") && !fd {
                continue;
            }
            let words: Vec<&str> = u.args().map(text).collect();
            let starts: Vec<String> = if fd {
                fd_roots(u)
            } else {
                words
                    .iter()
                    .copied()
                    .take_while(|w| !w.starts_with('-') && *w != "(" && *w != "!")
                    .map(str::to_owned)
                    .collect()
            };
            // `find ..` where the line starts; a start directory taken where the unit runs
            // after a move (`cd / && find .`, `cd src && find ../src/..`) or in `OLDPWD` that
            // is the workspace, one of its parents, the system or a home.
            let climbs = |s: &str| {
                let u = unquote(s);
                !u.starts_with('/')
                    && u.split('/').any(|c| c == "..")
                    && u.split('/').all(|c| matches!(c, ".." | "." | ""))
            };
            let in_dir = |rel: &str, p: &Path| {
                let joined = crate::files::lexical(rel, p);
                joined == cx.cwd || cx.cwd.starts_with(&joined) || {
                    let shown = joined.to_string_lossy();
                    system_or_home(&shown)
                }
            };
            let Some(start) = starts.iter().find(|s| {
                let w = unquote(s);
                if let Some(rest) = oldpwd_rest(&w) {
                    return cx.dirs().old(i).any(|d| match d {
                        DirRef::At(p) => in_dir(rest, p),
                        DirRef::RepoTop => climbs(rest),
                        DirRef::Unknown(_) => false,
                    });
                }
                if w.starts_with(['/', '~', '$']) {
                    return system_or_home(s);
                }
                cx.dirs().of(i).iter().any(|d| match d {
                    DirRef::At(p) if p != cx.start => in_dir(&w, p),
                    DirRef::At(_) | DirRef::RepoTop => climbs(s),
                    DirRef::Unknown(_) => false,
                })
            }) else {
                continue;
            };
            let deletes = !fd
                && words.iter().enumerate().any(|(k, w)| {
                    *w == "-delete"
                        || (matches!(*w, "-exec" | "-execdir" | "-ok" | "-okdir")
                            && words.get(k + 1).is_some_and(|n| {
                                let n = super::common::base(n);
                                is_deleter(n) || is_exec_destroyer(n)
                            }))
                });
            // The commands it runs on what it finds (`find … -exec dd of={} \;`, `fd … -X rm
            // -rf`, which appends the paths): one that deletes or changes them, or writes to a
            // path found (a device under `/dev`, a file under `/etc`).
            let runs_on_found = || {
                a.units.iter().enumerate().any(|(j, v)| {
                    j != i
                        && v.in_context(Context::FindExec)
                        && u.span.start <= v.span.start
                        && v.span.end <= u.span.end
                        && (fd && prog(v).is_some_and(|n| is_deleter(n) || is_exec_destroyer(n))
                            || cx.write_targets(j).iter().any(|t| t.contains("{}"))
                            || fd && v.appended_args && writes_operands(v))
                })
            };
            // `find / … | xargs rm`: the names found are deleted.
            let piped_to_delete = || {
                super::common::pipelines_of(a, u).iter().any(|span| {
                    super::common::units_within(a, *span)
                        .any(|(j, v)| j > i && v.appended_args && prog(v).is_some_and(is_deleter))
                })
            };
            if deletes || runs_on_found() || piped_to_delete() {
                let name = prog(u).unwrap_or("find");
                out.push(deny(
                    Some(i),
                    u.span,
                    format!(
                        "`{name} {start}` deletes or overwrites files under the system, a home directory or the workspace"
                    ),
                ));
            }
        }
    }
}

/// The directories `fd` searches: the operands after its pattern (before the command of
/// `-x`/`-X`), and the values of `--search-path` and `--base-directory`; the working directory
/// (`.`) when none is given.
fn fd_roots(u: &Unit) -> Vec<String> {
    use crate::programs::{args as options, tables};
    let Some(spec) = tables::builtin("fd") else {
        return Vec::new();
    };
    let parsed = options::parse(Some(&spec), &u.argv);
    // The command of `-x`/`-X` begins after the option: no word from there on is fd's.
    let command_at = parsed
        .opts
        .iter()
        .find(|o| matches!(o.name.as_ref(), "-x" | "--exec" | "-X" | "--exec-batch"))
        .map_or(usize::MAX, |o| o.index);
    let word = |i: usize| u.argv.get(i).map(|a| text(a).to_owned());
    let mut roots: Vec<String> = parsed
        .operands
        .iter()
        .filter(|&&k| k < command_at)
        .skip(1)
        .filter_map(|&k| word(k))
        .collect();
    for o in parsed.opts.iter().filter(|o| o.index < command_at) {
        if matches!(o.name.as_ref(), "--search-path" | "--base-directory") {
            roots.extend(o.value.clone().or_else(|| o.value_at.and_then(word)));
        }
    }
    if roots.is_empty() {
        roots.push(".".to_owned());
    }
    roots
}

/// Programs that write or change every operand they are given (the paths `fd -X` appends).
fn writes_operands(u: &Unit) -> bool {
    prog(u).is_some_and(|p| {
        matches!(p, "shred" | "truncate" | "badblocks") || crate::programs::overwrites_operands(p)
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn recursive_delete() {
        for (cmd, want) in [
            ("rm -rf /", Some(Decision::Deny)),
            ("rm --r --f /", Some(Decision::Deny)),
            ("rm -rf /important", Some(Decision::Deny)),
            ("rm -rf ..", Some(Decision::Deny)),
            ("rm -rf *", Some(Decision::Deny)),
            ("rm --no-preserve-root -rf /x", Some(Decision::Deny)),
            ("cd && rm -rf .[!.]* *", Some(Decision::Deny)),
            ("cd / && rm -rf etc", Some(Decision::Deny)),
            ("cd ~ ; rm -rf ./*", Some(Decision::Deny)),
            ("rm -rf \"$DIR\"", Some(Decision::Ask)),
            ("cd /tmp && rm -rf \"$OLDPWD\"", Some(Decision::Deny)),
            (
                "cd / && cd /usr && rm -rf \"$OLDPWD\"",
                Some(Decision::Deny),
            ),
            ("cd /tmp && rm -rf \"$OLDPWD/build\"", Some(Decision::Ask)),
            ("rm -rf \"$OLDPWD\"", Some(Decision::Ask)),
            ("find . -name x | xargs rm -rf", Some(Decision::Ask)),
            ("parallel rm -rf ::: / ~", Some(Decision::Deny)),
            ("printf '/\\n' | xargs -I{} rm -rf {}", Some(Decision::Deny)),
            (
                "xargs -0 -P4 rm -rf < <(printf \"%s\\0\" / ~)",
                Some(Decision::Deny),
            ),
            ("cd build && rm -rf *", None),
            ("rm -rf ./build", None),
            ("rm -f /tmp/x", None),
            ("rm -rf ~/xxx", None),
        ] {
            assert_eq!(decisions(&super::RecursiveDelete, cmd), want, "{cmd}");
        }
    }

    /// The archivers' deleting options are read with their tables: bundles, a value-taking
    /// option's value, unique prefixes of long options.
    #[test]
    fn archive_remove_inputs() {
        for (cmd, want) in [
            ("tar -cf /dev/null --remove-files ~", Some(Decision::Deny)),
            ("tar -cf /dev/null --rem ~", Some(Decision::Deny)),
            ("tar --remo -czf /tmp/x.tgz ~", Some(Decision::Deny)),
            (
                "tar --remove-files -czf logs.tgz logs/",
                Some(Decision::Ask),
            ),
            ("zip -rm /tmp/x.zip ~", Some(Decision::Deny)),
            ("zip -r --mov /tmp/x.zip ~", Some(Decision::Deny)),
            ("zip -r /tmp/x.zip ~ -m", Some(Decision::Deny)),
            ("zip --mov dist.zip build", Some(Decision::Ask)),
            ("tar -czf /tmp/x.tgz --recursion ~", None),
            ("tar -tf a.tar", None),
            ("zip -r /tmp/x.zip ~", None),
            ("zip -rlf m.log /tmp/x.zip ~", None),
            ("zip -r --mo /tmp/x.zip ~", None),
        ] {
            assert_eq!(decisions(&super::ArchiveRemoveInputs, cmd), want, "{cmd}");
        }
    }

    #[test]
    fn move_system_dir() {
        for (cmd, want) in [
            ("mv /etc /etc.old", Some(Decision::Deny)),
            ("mv ~ /tmp/home", Some(Decision::Deny)),
            ("mv /usr/bin /tmp", Some(Decision::Deny)),
            ("mv -t /tmp /var", Some(Decision::Deny)),
            ("mv x /usr/local/bin/", None),
            ("mv ~/.ssh /tmp/", None),
            ("mv build out", None),
        ] {
            assert_eq!(decisions(&super::MoveSystemDir, cmd), want, "{cmd}");
        }
    }

    #[test]
    fn find_delete_root() {
        for (cmd, want) in [
            ("find / -delete", Some(Decision::Deny)),
            ("find /var/lib -delete", Some(Decision::Deny)),
            ("find ~ -type f -exec rm -f {} +", Some(Decision::Deny)),
            ("find . -name '*.o' -delete", None),
            ("find /tmp -name 'myapp*' -delete", None),
            ("find /var/tmp -name 'build-*' -delete", None),
            (
                "find /tmp -maxdepth 1 -name 'pytest-*' -type d -exec rm -rf {} +",
                None,
            ),
            ("find /usr -name '*.so' -delete", Some(Decision::Deny)),
            ("find .. -delete", Some(Decision::Deny)),
            ("cd \"$HOME\" && find . -delete", Some(Decision::Deny)),
            ("cd /; find . -delete", Some(Decision::Deny)),
            ("find / -exec chmod 777 {} +", Some(Decision::Deny)),
            (
                "find ~ -type f -exec truncate -s0 {} +",
                Some(Decision::Deny),
            ),
            (
                "find / -xdev -type f -print0 | xargs -0 rm -f",
                Some(Decision::Deny),
            ),
            ("cd build && find . -delete", None),
            ("cd src && find ../src/.. -delete", Some(Decision::Deny)),
            ("cd /tmp && find \"$OLDPWD\" -delete", Some(Decision::Deny)),
            ("cd /tmp/x && cd /tmp/y && find ~- -delete", None),
            ("find . -name '*.pyc' | xargs rm -f", None),
            ("find / -name x", None),
        ] {
            assert_eq!(decisions(&super::FindDeleteRoot, cmd), want, "{cmd}");
        }
    }
}
