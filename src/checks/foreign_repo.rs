//! `foreign-repository`: git pointed at another repository with `-C`, `--git-dir` or
//! `--work-tree`.

use super::common::{ask, prog, text};
use super::git_config;
use super::workdir::DirRef;
use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::Risk;
use crate::files::{Look, resolve};

declare_check! {
    /// **What it flags**: `git -C DIR …`, `git --git-dir=DIR …` or `git --work-tree=DIR …` (also
    /// `GIT_DIR=`/`GIT_WORK_TREE=` prefixes), `jj -R DIR`/`--repository DIR` and `hg -R DIR`/
    /// `--repository`/`--cwd` (options jj and hg take anywhere on the line) where DIR is an
    /// absolute path outside the workspace or not static.
    ///
    /// **Why it is risky**: even a reading git command loads the repository's own config, and a
    /// config can run commands (`core.fsmonitor`, `core.pager`, hooks, `diff.external`). A
    /// repository the agent did not create — a download, another user's checkout — turns
    /// `git status` into code execution.
    ///
    /// **Example**: `git -C /tmp/untrusted status` → ask (high). Not flagged: `git -C sub log`
    /// inside the workspace, `git -C ../sibling status` next to it.
    ///
    /// The same for git run after `cd DIR` or `pushd DIR` earlier on the line (a relative DIR
    /// entered from where an earlier `cd` led: `cd /tmp && cd x` is `/tmp/x`, `cd src && cd ..`
    /// the workspace, whose repository is read as below), and for
    /// `~/…` paths and relative paths that climb above the workspace's parent
    /// (`-C ../../../tmp/x`).
    ///
    /// Inside the workspace, a directory that git would take for a repository of its own (a
    /// bare repository committed as content, a `.git` file pointing elsewhere) is flagged too:
    /// `cd vendor/x.git && git log` reads `vendor/x.git/config`. So is the workspace itself named
    /// as the git directory (`git --bare log`, `git --git-dir=. log`) when its files make a
    /// repository (`HEAD`, `objects/`, `refs/`): its `config` is then a file of the checkout.
    ///
    /// hg and jj keep their repository config in `.hg/hgrc` and `.jj/repo/config.toml`, which
    /// an outer git checkout commits like any file: hg or jj run in the workspace (or a
    /// directory of it, or a sibling checkout next to it: `jj log -R ../x`, `cd ../x && hg
    /// log`) whose repository directory there has a config that can run commands
    /// (any hgrc section but `[paths]` and `[phases]`, `%include`, a `.hg/sharedpath`; any
    /// setting in jj's `.jj/repo/config.toml` or `.jj/workspace-config.toml`) is flagged, the
    /// workspace's own included. So is fossil run in (or under) a fossil checkout of the
    /// workspace (`.fslckout`, `_FOSSIL_`) or on a repository file of it (`-R FILE`): the
    /// repository's settings (`th1-setup` with `tcl` on) run code.
    ///
    /// Git run in the workspace or next to it reads the repository it finds there, which is
    /// the agent's to write: its config, includes, submodule configs (those under `modules/`
    /// and those in the work tree, `lib/.git`, that `status` and `diff` enter) and hooks are read at
    /// decision time, and a key that names a program or a hook the subcommand runs is flagged
    /// (`git_config`): `git status` with `core.fsmonitor = ./x.sh` asks.
    ///
    /// **Known gaps**: a directory entered by a script or an earlier command line is not seen;
    /// the repository of a directory named at run time (`cd "$D"`, `-C "$D"`) is not read: it
    /// is flagged as outside, but for the top of the repository git finds from here.
    ForeignRepository,
    "foreign-repository"
}

impl Check for ForeignRepository {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let line_dirs = cx.dirs();
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if prog(u).is_some_and(crate::programs::is_directory_change) {
                continue;
            }
            // git's directory options come before the subcommand; jj's and hg's are global
            // options taken anywhere (`jj log -R /tmp/x`).
            let (dir_opts, anywhere): (&[&str], bool) = match prog(u) {
                Some("git") => (&["-C", "--git-dir", "--work-tree"], false),
                Some("jj") => (&["-R", "--repository"], true),
                Some("hg") => (&["-R", "--repository", "--cwd"], true),
                Some("fossil") => (&["-R", "--repository", "--chdir"], true),
                _ => continue,
            };
            let tool = prog(u).unwrap_or("git");
            let before = out.len();
            // Each directory named (as written, and whether it is known only at run time), and
            // whether it is one the line moved to, resolved already.
            let mut dirs: Vec<(String, bool)> = Vec::new();
            let mut moved_to: Vec<&std::path::Path> = Vec::new();
            let mut unknown: Vec<&str> = Vec::new();
            // A `cd` to a run-time directory (`cd "$D"`) may lead anywhere; `cd "$(git
            // rev-parse --show-toplevel)"` to the top of the repository git finds from here,
            // whose config it reads anyway.
            let here = line_dirs.of(i);
            if here.moved() {
                for d in here.iter() {
                    match d {
                        DirRef::At(p) => moved_to.push(p),
                        DirRef::RepoTop => {}
                        DirRef::Unknown(w) => unknown.push(w),
                    }
                }
            }
            let args: Vec<&crate::analyze::Arg> = u.args().collect();
            let mut bare = false;
            let mut git = None;
            if tool == "git" {
                // Git's own table reads its global options (`--namespace NS` takes a word,
                // `-c` one more), up to the subcommand.
                let mut g = git_config::git_words(u);
                // `git -C "$(git rev-parse --show-toplevel)"`: the top of the repository git
                // finds from here, whose config git reads anyway.
                if let [("-C", Some(k))] = g.dir_words[..]
                    && u.argv
                        .get(k)
                        .is_some_and(|a| super::workdir::is_toplevel_here(cx.analysis, a))
                {
                    g.dirs.clear();
                    g.dir_words.clear();
                    g.dynamic = g.dynamic_words;
                }
                dirs.extend(g.dirs.iter().cloned());
                bare = g.bare;
                git = Some(g);
            } else {
                let mut k = 0;
                while k < args.len() {
                    let t = text(args[k]);
                    let dynamic = args[k].value.is_none();
                    if t == "--" {
                        break;
                    }
                    if dir_opts.contains(&t) {
                        if let Some(v) = args.get(k + 1) {
                            dirs.push((text(v).to_owned(), v.value.is_none()));
                        }
                        k += 2;
                        continue;
                    }
                    // `--repository=DIR`, and jj's and hg's `-RDIR`.
                    let attached = dir_opts.iter().find_map(|o| {
                        if o.starts_with("--") {
                            t.strip_prefix(o).and_then(|r| r.strip_prefix('='))
                        } else {
                            t.strip_prefix(o).filter(|r| !r.is_empty())
                        }
                    });
                    if let Some(v) = attached {
                        dirs.push((v.to_owned(), dynamic));
                    } else if !t.starts_with('-') && !anywhere {
                        break;
                    }
                    k += 1;
                }
            }
            for a in &u.assignments {
                if matches!(a.name.as_str(), "GIT_DIR" | "GIT_WORK_TREE") && a.exported {
                    dirs.push((a.template.clone(), a.value.is_none()));
                }
            }
            // The workspace itself named as the git directory (`--git-dir=.`, `--bare`,
            // `GIT_DIR=.`) is a repository only if its files make one: then it is content.
            let explicit_here = bare
                || args
                    .iter()
                    .zip(args.iter().skip(1))
                    .any(|(o, v)| text(o) == "--git-dir" && resolve(text(v), cx.cwd) == cx.cwd)
                || args.iter().any(|a| {
                    text(a)
                        .strip_prefix("--git-dir=")
                        .is_some_and(|v| resolve(v, cx.cwd) == cx.cwd)
                })
                || u.assignments.iter().any(|a| {
                    a.name == "GIT_DIR" && a.exported && resolve(&a.template, cx.cwd) == cx.cwd
                });
            if tool == "git" && explicit_here && is_bare_layout(cx.look, cx.cwd) {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    "git takes the workspace's own files for its repository (`--bare`, `--git-dir=.`), and they make one (`HEAD`, `objects/`, `refs/`): the `config` among them can run commands".to_owned(),
                ));
            }
            // hg and jj keep their configuration inside the repository's own directory, and
            // git (which refuses `.git` as content) commits `.hg/` and `.jj/` like any file.
            if tool != "git" {
                let places: Vec<std::path::PathBuf> = if dirs.is_empty() && moved_to.is_empty() {
                    vec![cx.start.to_path_buf()]
                } else {
                    dirs.iter()
                        .filter(|(_, dynamic)| !dynamic)
                        .map(|(d, _)| resolve(d, cx.cwd))
                        .chain(moved_to.iter().map(|p| p.to_path_buf()))
                        .collect()
                };
                if let Some(why) = places
                    .iter()
                    .find_map(|d| planted_vcs_config(cx.look, tool, d, &checkout_root(d, cx.cwd)))
                {
                    out.push(ask(Some(i), u.span, Risk::High, why));
                }
            }
            // Each directory as shown, as written, whether it is known only at run time, where
            // it leads, and whether the line moved there.
            let named = dirs.iter().map(|(d, dynamic)| {
                let resolved = crate::files::resolve_links_under(d, cx.cwd, cx.look).0;
                (format!("`{d}`"), d.as_str(), *dynamic, resolved, false)
            });
            let entered = moved_to.iter().map(|p| {
                (
                    format!("`{}`", p.display()),
                    "",
                    false,
                    p.to_path_buf(),
                    true,
                )
            });
            let elsewhere = unknown
                .iter()
                .map(|w| ((*w).to_owned(), "", true, std::path::PathBuf::new(), true));
            let all: Vec<_> = named.chain(entered).chain(elsewhere).collect();
            for (shown, dir, dynamic, resolved, from_cd) in all {
                // A relative path (`../sibling`), or a directory the line moved to that lies
                // there, is the person's own checkout next to the workspace; an absolute or home
                // one elsewhere, one that climbs higher, or a run-time one, may be anybody's.
                let beyond_siblings = |resolved: &std::path::Path| {
                    !cx.cwd.parent().is_none_or(|p| resolved.starts_with(p))
                        || cx
                            .cwd
                            .parent()
                            .is_some_and(|p| !resolved.starts_with(cx.cwd) && shared_directory(p))
                };
                let outside = dynamic
                    || if from_cd {
                        beyond_siblings(&resolved)
                    } else if dir.starts_with(['/', '~']) {
                        !resolved.starts_with(cx.cwd)
                    } else {
                        beyond_siblings(&resolved) || climbs_above_parent(dir)
                    };
                if outside {
                    out.push(ask(
                        Some(i),
                        u.span,
                        Risk::High,
                        format!(
                            "{tool} runs in {shown}, outside the workspace: that repository's config can run commands"
                        ),
                    ));
                    // One reason a unit: the first directory it may run in that is outside.
                    break;
                } else if let Some(found) = planted_git_dir(cx.look, &resolved, cx.cwd) {
                    out.push(ask(
                        Some(i),
                        u.span,
                        Risk::High,
                        format!(
                            "{tool} runs in {shown}, and `{}` is a git directory among the workspace's files (a repository committed as content): its config can run commands",
                            found.display()
                        ),
                    ));
                }
            }
            // Git in the workspace (or next to it): the repository it finds there is the
            // agent's to write, config and hooks alike.
            if let Some(g) = git.filter(|g| out.len() == before && !g.dynamic) {
                let starts = if here.moved() {
                    moved_to.clone()
                } else {
                    vec![cx.start]
                };
                let starts = starts.into_iter().chain(
                    here.iter()
                        .any(|d| d == DirRef::RepoTop)
                        .then_some(cx.start),
                );
                if let Some(why) = starts
                    .map(|d| git_config::target_of(cx.look, &g, u, d))
                    .find_map(|t| git_config::repo_code(cx.look, &t))
                {
                    out.push(ask(Some(i), u.span, Risk::High, why));
                }
            }
        }
    }
}

/// The checkout whose files hg, jj or fossil run in `dir` would load as their repository's:
/// the workspace `cwd` for a directory inside it, and for a sibling next to it (`-R ../x`,
/// `cd ../x/sub`) that sibling's top directory under the workspace's parent, whose files are
/// no more the person's than the workspace's (git's config is read there too). The parent
/// itself, and anything else, give the workspace, where nothing outside it is looked at.
fn checkout_root(dir: &std::path::Path, cwd: &std::path::Path) -> std::path::PathBuf {
    if !dir.starts_with(cwd)
        && let Some(parent) = cwd.parent()
        && let Ok(rest) = dir.strip_prefix(parent)
        && let Some(std::path::Component::Normal(top)) = rest.components().next()
    {
        return parent.join(top);
    }
    cwd.to_path_buf()
}

/// Does the relative path `dir` climb above the workspace's parent on its way, even if it comes
/// back into it (`../../../tmp/x` from `/tmp/ws`)? Then it was not written as a sibling.
fn climbs_above_parent(dir: &str) -> bool {
    let mut depth: i32 = 0;
    for c in dir.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                depth -= 1;
                if depth < -1 {
                    return true;
                }
            }
            _ => depth += 1,
        }
    }
    false
}

/// A directory anyone may create entries in (`/tmp`, `/var/tmp`): a sibling of the workspace
/// there is not the person's own checkout.
#[cfg(unix)]
fn shared_directory(p: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o002 != 0)
}

/// A directory anyone may create entries in: without permission bits, none is known.
#[cfg(not(unix))]
fn shared_directory(_: &std::path::Path) -> bool {
    false
}

/// The first directory from `dir` up to (not including) the workspace `root` that git would
/// take for a repository of its own: a bare repository (`HEAD`, `objects/`, `refs/`, as git's
/// `is_git_directory` checks) or a `.git` file pointing elsewhere. Files of the checkout
/// can hold either (a bare repository is ordinary content to the outer repository), and git
/// reads that config, which can run commands (`core.fsmonitor`, `core.pager`, `gpg.program`),
/// for a `log` or `status`. A directory outside `root` is not looked at here.
fn planted_git_dir(
    look: Look<'_>,
    dir: &std::path::Path,
    root: &std::path::Path,
) -> Option<std::path::PathBuf> {
    if !dir.starts_with(root) {
        return None;
    }
    dir.ancestors()
        .take_while(|d| *d != root && d.starts_with(root))
        .find(|d| is_bare_layout(look, d) || look.is_file(&d.join(".git")))
        .map(std::path::Path::to_path_buf)
}

/// Sections of a repository's `.hg/hgrc` that run nothing: what `hg clone` writes
/// (`[paths]`) and settings that only choose among built-in behaviours. Any other section can
/// name a program or code (`[hooks]`, `[extensions]` with a path, `[ui] editor`/`ssh`,
/// `[pager]`, `[merge-tools]`, `[extdiff]`, shell `[alias]`es), and so can `%include`.
const HG_QUIET_SECTIONS: &[&str] = &["paths", "phases"];

/// The repository configuration hg or jj would load when run in `dir`, found in `dir` or a
/// parent up to the workspace `root` (inclusive): why it can run commands, if it can. hg reads
/// `.hg/hgrc` (and `hgrc-not-shared`; a `.hg/sharedpath` loads another repository's), jj
/// `.jj/repo/config.toml` (`.jj/repo` is a file naming the repository for a secondary
/// workspace) and the workspace's `.jj/workspace-config.toml`. Files above the workspace are
/// the person's own and are not looked at.
fn planted_vcs_config(
    look: Look<'_>,
    tool: &str,
    dir: &std::path::Path,
    root: &std::path::Path,
) -> Option<String> {
    if !dir.starts_with(root) {
        return None;
    }
    if tool == "fossil" {
        return planted_fossil(dir, root);
    }
    let name = if tool == "hg" { ".hg" } else { ".jj" };
    let repo = dir
        .ancestors()
        .take_while(|d| d.starts_with(root))
        .map(|d| d.join(name))
        .find(|d| look.is_dir(d))?;
    let shown = repo
        .strip_prefix(root)
        .unwrap_or(&repo)
        .display()
        .to_string();
    if tool == "hg" {
        if look.exists(&repo.join("sharedpath")) {
            return Some(format!(
                "hg loads `{shown}`, which shares another repository (`sharedpath`): that repository's config can run commands"
            ));
        }
        for f in ["hgrc", "hgrc-not-shared"] {
            let path = repo.join(f);
            // An unreadable file counts as one that runs commands.
            if look.exists(&path) && !look.read_to_string(&path).is_ok_and(|t| hgrc_is_quiet(&t)) {
                return Some(format!(
                    "hg loads `{shown}/{f}`, a file of the workspace whose settings can run commands (hooks, extensions, an editor or pager)"
                ));
            }
        }
        return None;
    }
    let mut store = repo.join("repo");
    if look.is_file(&store) {
        // A secondary workspace: the file names the repository, relative to `.jj/`.
        let target = std::fs::read_to_string(&store).ok();
        store = resolve(target.as_deref().unwrap_or("/").trim(), &repo);
        let near = root.parent().unwrap_or(root);
        if target.is_none() || !store.starts_with(near) {
            return Some(format!(
                "jj loads the repository `{}` named by `{shown}/repo`, outside the workspace: its config can run commands",
                store.display()
            ));
        }
    }
    // The repository's settings, then the workspace's own (`.jj/workspace-config.toml`, loaded
    // after them): either can name a program jj runs.
    let quiet = |config: &std::path::Path| {
        !look.exists(config)
            || look.read_to_string(config).is_ok_and(|t| {
                t.lines()
                    .map(str::trim)
                    .all(|l| l.is_empty() || l.starts_with('#'))
            })
    };
    [store.join("config.toml"), repo.join("workspace-config.toml")]
        .into_iter()
        .find(|config| !quiet(config))
        .map(|config| {
            format!(
                "jj loads `{}`, a file of the workspace whose settings can run commands (a pager, diff tool, alias or fix tool)",
                config.strip_prefix(root).unwrap_or(&config).display()
            )
        })
}

/// fossil keeps its settings in the repository database, which the checkout database
/// (`.fslckout`, `_FOSSIL_`) names; a repository file can be committed as content, and so can
/// a checkout database naming one. Its settings run code with every command: `th1-setup` is
/// TH1 evaluated when the interpreter starts, which `th1-hooks` starts for every command, and
/// with `tcl` on, TH1's `tclEval` runs Tcl (`exec`). Any checkout database in `dir` or a
/// parent inside the workspace, or a repository file of the workspace named by `-R`, counts.
fn planted_fossil(dir: &std::path::Path, root: &std::path::Path) -> Option<String> {
    // A repository file (`-R FILE`), or a name that is no directory yet (not the working
    // directory itself).
    if dir != root && !dir.is_dir() {
        return Some(format!(
            "fossil opens `{}`, a repository file of the workspace: its settings (`th1-setup`, `tcl`, `th1-hooks`) can run commands",
            dir.strip_prefix(root).unwrap_or(dir).display()
        ));
    }
    let db = dir
        .ancestors()
        .take_while(|d| d.starts_with(root))
        .flat_map(|d| [d.join(".fslckout"), d.join("_FOSSIL_")])
        .find(|f| f.exists())?;
    Some(format!(
        "fossil opens the checkout `{}` of the workspace, and the repository it names: its settings (`th1-setup`, `tcl`, `th1-hooks`) can run commands",
        db.strip_prefix(root).unwrap_or(&db).display()
    ))
}

/// Does an hgrc's text set only what runs nothing ([`HG_QUIET_SECTIONS`])?
fn hgrc_is_quiet(text: &str) -> bool {
    let mut section = "";
    for line in text.lines() {
        let l = line.trim_end();
        let t = l.trim_start();
        if t.is_empty() || t.starts_with(['#', ';']) {
            continue;
        }
        if t.starts_with('%') {
            return false; // `%include FILE`, `%unset`
        }
        if let Some(name) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            section = name.trim();
            continue;
        }
        // A continuation line (indented) belongs to the key above it.
        if !HG_QUIET_SECTIONS.contains(&section) {
            return false;
        }
    }
    true
}

/// Does `d` hold what git's `is_git_directory` looks for (`HEAD`, `objects/`, `refs/`)?
fn is_bare_layout(look: Look<'_>, d: &std::path::Path) -> bool {
    look.is_file(&d.join("HEAD")) && look.is_dir(&d.join("objects")) && look.is_dir(&d.join("refs"))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use super::ForeignRepository;
    use crate::decision::Decision;

    #[test]
    fn a_relative_path_that_climbs_above_the_parent_is_no_sibling() {
        for (dir, climbs) in [
            ("../sibling", false),
            ("../sibling/sub", false),
            ("./../sibling", false),
            ("sub/../..", false),
            ("../../x", true),
            ("../../../tmp/evil", true),
            ("../a/../../b", true),
            ("sub/../../../x", true),
        ] {
            assert_eq!(super::climbs_above_parent(dir), climbs, "{dir}");
        }
    }

    /// Write `text` to `p` under `ws`, making its directories.
    fn write_file(ws: &std::path::Path, p: &str, text: &str) {
        let p = ws.join(p);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(p, text).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn table() {
        for (cmd, want) in [
            ("git -C /tmp/untrusted status", Some(Decision::Ask)),
            ("jj log -R /tmp/untrusted", Some(Decision::Ask)),
            ("jj b l --repository=/tmp/x", Some(Decision::Ask)),
            ("jj -R/tmp/x st", Some(Decision::Ask)),
            ("hg log --cwd /tmp/x", Some(Decision::Ask)),
            ("cd /tmp/x && jj log", Some(Decision::Ask)),
            ("jj log -R sub", None),
            ("jj log -r main", None),
            ("jj log -- -R /tmp/x", None),
            ("git --git-dir=/srv/x/.git log", Some(Decision::Ask)),
            ("git -C \"$d\" status", Some(Decision::Ask)),
            ("GIT_DIR=/tmp/x/.git git status", Some(Decision::Ask)),
            ("git -C sub log", None),
            ("git -C ../sibling status", None),
            ("git -C ../../../../tmp/evil status", Some(Decision::Ask)),
            ("git -C ~/Downloads/x status", Some(Decision::Ask)),
            ("cd /tmp/evil && git status", Some(Decision::Ask)),
            ("pushd ~/Downloads/repo && git diff", Some(Decision::Ask)),
            ("cd src && git status", None),
            ("cd ../sibling && git log", None),
            (
                "cd \"$(git rev-parse --show-toplevel)\" && git status",
                None,
            ),
            ("git -C \"$(git rev-parse --show-toplevel)\" log -1", None),
            ("git -C `git rev-parse --show-toplevel` status", None),
            (
                "git -C \"$(git rev-parse --show-toplevel)/..\" status",
                Some(Decision::Ask),
            ),
            (
                "git -C \"$(git -C /tmp/x rev-parse --show-toplevel)\" status",
                Some(Decision::Ask),
            ),
            (
                "git -C \"$(GIT_DIR=/tmp/x/.git git rev-parse --show-toplevel)\" status",
                Some(Decision::Ask),
            ),
            (
                "git -C \"$(git rev-parse --show-toplevel; echo /tmp/x)\" status",
                Some(Decision::Ask),
            ),
            (
                "git -C \"$(git rev-parse --show-toplevel)\" -C /tmp/x status",
                Some(Decision::Ask),
            ),
            (
                "cd /tmp/evil && git -C \"$(git rev-parse --show-toplevel)\" status",
                Some(Decision::Ask),
            ),
            (
                "git -C \"$(git rev-parse --show-superproject-working-tree)\" status",
                Some(Decision::Ask),
            ),
            ("git status", None),
            ("git log -C", None),
            ("git --namespace x -C /tmp/evil status", Some(Decision::Ask)),
            (
                "git -c color.ui=never -C /tmp/evil log",
                Some(Decision::Ask),
            ),
            (
                "git --no-pager --work-tree=/srv/x status",
                Some(Decision::Ask),
            ),
            ("git --namespace -C status", None),
        ] {
            assert_eq!(decisions(&ForeignRepository, cmd), want, "{cmd}");
        }
    }

    /// A bare repository among the workspace's files is someone else's config.
    #[test]
    fn a_bare_repository_committed_as_content_is_flagged() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let bare = root.path().join("vendor/x.git");
        for d in ["objects", "refs", "sub"] {
            std::fs::create_dir_all(bare.join(d)).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(bare.join("HEAD"), "ref: refs/heads/main\n")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(root.path().join("src")).unwrap_or_else(|e| panic!("{e}"));
        let snapshot = crate::files::Snapshot::new(root.path().to_path_buf());
        for look in [
            crate::files::Look::now(),
            crate::files::Look::from(Some(&snapshot)),
        ] {
            let found = |d: &std::path::Path| super::planted_git_dir(look, d, root.path());
            assert!(found(&bare).is_some());
            assert!(found(&bare.join("sub")).is_some());
            assert!(found(&root.path().join("src")).is_none());
            assert!(found(root.path()).is_none());
        }
    }

    /// A `.hg/hgrc` or `.jj/repo/config.toml` among the workspace's files is asked when it can
    /// run commands; what `hg clone` writes (`[paths]`) is not.
    #[test]
    fn fossil_checkouts_and_repositories_of_the_workspace_are_flagged() {
        let run = |root: &std::path::Path, cmd: &str| {
            super::super::test_support::decisions_in(&ForeignRepository, cmd, root)
        };
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        std::fs::create_dir_all(ws.join("src")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(ws.join("x.fossil"), "").unwrap_or_else(|e| panic!("{e}"));
        for cmd in ["fossil status", "cd src && fossil timeline", "hg log"] {
            assert_eq!(run(ws, cmd), None, "{cmd}");
        }
        assert!(run(ws, "fossil info -R x.fossil").is_some());
        std::fs::create_dir_all(ws.join("vendor/f")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(ws.join("vendor/f/.fslckout"), "").unwrap_or_else(|e| panic!("{e}"));
        assert!(run(ws, "cd vendor/f && fossil status").is_some());
        assert_eq!(run(ws, "fossil status"), None);
        std::fs::write(ws.join("_FOSSIL_"), "").unwrap_or_else(|e| panic!("{e}"));
        assert!(run(ws, "fossil status").is_some());
        assert!(run(ws, "cd src && fossil changes").is_some());
    }

    #[test]
    fn hg_and_jj_configs_committed_as_content_are_flagged() {
        let run = |root: &std::path::Path, cmd: &str| {
            super::super::test_support::decisions_in(&ForeignRepository, cmd, root)
        };
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        let mk = |p: &str, text: &str| write_file(ws, p, text);
        mk(
            ".hg/hgrc",
            "# cloned\n[paths]\ndefault = https://hg.example/x\n",
        );
        mk(".jj/repo/config.toml", "# nothing\n\n");
        mk("src/x.rs", "");
        for cmd in [
            "hg log",
            "cd src && hg status",
            "jj log",
            "git log",
            "jj log -R src",
        ] {
            assert_eq!(run(ws, cmd), None, "{cmd}");
        }
        mk("vendor/m/.hg/hgrc", "[extensions]\nx = ./x.py\n");
        mk(
            "vendor/j/.jj/repo/config.toml",
            "[ui]\npager = [\"sh\", \"-c\", \"x\"]\n",
        );
        mk("vendor/s/.hg/sharedpath", "/tmp/other/.hg\n");
        mk("vendor/w/.jj/repo", "/srv/other/.jj/repo\n");
        mk("vendor/i/.hg/hgrc", "%include ../x.rc\n");
        for cmd in [
            "cd vendor/m && hg log",
            "hg --cwd vendor/m/sub status",
            "hg -R vendor/m log",
            "cd vendor/j && jj log",
            "jj log -R vendor/j",
            "cd vendor/s && hg log",
            "cd vendor/w && jj st",
            "cd vendor/i && hg log",
        ] {
            assert_eq!(run(ws, cmd), Some(Decision::Ask), "{cmd}");
        }
        mk(".hg/hgrc", "[paths]\ndefault = x\n[hooks]\npre-log = ./x\n");
        assert_eq!(run(ws, "hg log"), Some(Decision::Ask));
        assert_eq!(run(ws, "jj log"), None);
        mk(
            ".jj/repo/config.toml",
            "[aliases]\nl = [\"util\", \"exec\", \"--\", \"x\"]\n",
        );
        assert_eq!(run(ws, "jj l"), Some(Decision::Ask));
        // The workspace's own settings, loaded after the repository's.
        mk("vendor/v/.jj/repo/config.toml", "");
        mk(
            "vendor/v/.jj/workspace-config.toml",
            "[ui]\npager = [\"sh\", \"-c\", \"x\"]\n",
        );
        assert_eq!(run(ws, "jj log -R vendor/v"), Some(Decision::Ask));
        mk("vendor/v/.jj/workspace-config.toml", "# none\n");
        assert_eq!(run(ws, "jj log -R vendor/v"), None);
    }

    /// A sibling checkout next to the workspace (`-R ../x`, `cd ../x`) is read like the
    /// workspace: its hg or jj configuration can run commands as well; the parent itself is
    /// the person's own.
    #[test]
    fn hg_and_jj_configs_of_a_sibling_checkout_are_flagged() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path().join("ws");
        let mk = |p: &str, text: &str| write_file(root.path(), p, text);
        mk("ws/src/x.rs", "");
        mk(
            "quiet/.hg/hgrc",
            "[paths]\ndefault = https://hg.example/x\n",
        );
        mk("quiet/.jj/repo/config.toml", "# nothing\n");
        mk(".hg/hgrc", "[hooks]\npre-log = ./x\n");
        let run =
            |cmd: &str| super::super::test_support::decisions_in(&ForeignRepository, cmd, &ws);
        for cmd in [
            "cd ../quiet && hg log",
            "jj log -R ../quiet",
            "jj log -R ../absent",
            "hg log",
        ] {
            assert_eq!(run(cmd), None, "{cmd}");
        }
        mk("h/.hg/hgrc", "[hooks]\npre-log = sh -c id\n");
        mk(
            "j/.jj/repo/config.toml",
            "[ui]\ndiff-formatter = [\"sh\", \"-c\", \"id\"]\n",
        );
        for cmd in [
            "cd ../h && hg log",
            "cd ../h/sub && hg status",
            "jj log -R ../j",
            "jj diff --repository=../j",
            "jj -R../j/sub st",
            "cd ../j && jj log",
        ] {
            assert_eq!(run(cmd), Some(Decision::Ask), "{cmd}");
        }
    }

    /// `--bare` and `--git-dir=.` take the workspace's own files for the repository: asked
    /// when they make one, not when the workspace is an ordinary checkout.
    #[test]
    fn the_workspace_taken_for_a_bare_repository_is_flagged() {
        let run = |root: &std::path::Path, cmd: &str| {
            super::super::test_support::decisions_in(&ForeignRepository, cmd, root)
        };
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        std::fs::create_dir_all(ws.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        for cmd in [
            "git --bare log",
            "git --git-dir=. log",
            "git --git-dir ./ status",
        ] {
            assert_eq!(run(ws, cmd), None, "{cmd}");
        }
        for d in ["objects", "refs"] {
            std::fs::create_dir_all(ws.join(d)).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(ws.join("HEAD"), "ref: refs/heads/main\n").unwrap_or_else(|e| panic!("{e}"));
        for cmd in [
            "git --bare log",
            "git --git-dir=. log",
            "git --git-dir ./ status",
            "GIT_DIR=. git log",
        ] {
            assert_eq!(run(ws, cmd), Some(Decision::Ask), "{cmd}");
        }
        assert_eq!(run(ws, "git log"), None);
    }

    /// A git index (format 2) of `entries`, each a path and its mode.
    fn index_of(entries: &[(&str, u32)]) -> Vec<u8> {
        let mut out = b"DIRC\0\0\0\x02".to_vec();
        out.extend_from_slice(&u32::try_from(entries.len()).unwrap_or(0).to_be_bytes());
        for (path, mode) in entries {
            let mut e = vec![0u8; 24];
            e.extend_from_slice(&mode.to_be_bytes());
            e.extend_from_slice(&[0u8; 12 + 20]);
            e.extend_from_slice(&u16::try_from(path.len()).unwrap_or(0).to_be_bytes());
            e.extend_from_slice(path.as_bytes());
            let padded = (e.len() + 8) & !7;
            e.resize(padded, 0);
            out.extend(e);
        }
        out
    }

    /// `git status` and `git diff` run `git status` in every submodule the index records whose
    /// directory holds a repository of its own (`sub/.git/`, or a `.git` file naming one): that
    /// repository's config and hooks run as the workspace's do.
    #[test]
    fn submodules_with_their_repository_in_the_work_tree_are_read() {
        let run = |root: &std::path::Path, cmd: &str| {
            super::super::test_support::decisions_in(&ForeignRepository, cmd, root)
        };
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        let mk = |p: &str, text: &str| write_file(ws, p, text);
        mk(".git/config", "[core]\n\tbare = false\n");
        mk("lib/.git/config", "[core]\n\tfsmonitor = ./x\n");
        mk("lib/.git/HEAD", "ref: refs/heads/main\n");
        let index = |entries: &[(&str, u32)]| {
            std::fs::write(ws.join(".git/index"), index_of(entries))
                .unwrap_or_else(|e| panic!("{e}"));
        };
        // Not recorded as a submodule (a file, or no entry): git does not enter it.
        index(&[("README", 0o100_644), ("lib", 0o100_644)]);
        for cmd in ["git status", "git diff", "git log"] {
            assert_eq!(run(ws, cmd), None, "{cmd}");
        }
        // A gitlink, no `.gitmodules` needed.
        index(&[("README", 0o100_644), ("lib", 0o160_000)]);
        for cmd in [
            "git status",
            "git diff",
            "cd lib/.. && git status",
            "git -C . diff",
        ] {
            assert_eq!(run(ws, cmd), Some(Decision::Ask), "{cmd}");
        }
        // The same submodule with a clean config.
        mk("lib/.git/config", "[core]\n\tbare = false\n");
        assert_eq!(run(ws, "git status"), None);
        // A `.git` file naming the submodule's repository elsewhere, and one nested in it.
        std::fs::remove_dir_all(ws.join("lib/.git")).unwrap_or_else(|e| panic!("{e}"));
        mk("lib/.git", "gitdir: ../elsewhere\n");
        mk("elsewhere/HEAD", "ref: refs/heads/main\n");
        mk("elsewhere/config", "[diff \"x\"]\n\ttextconv = ./conv\n");
        assert_eq!(run(ws, "git status"), Some(Decision::Ask));
        mk("elsewhere/config", "[core]\n\tbare = false\n");
        assert_eq!(run(ws, "git status"), None);
        std::fs::write(ws.join("elsewhere/index"), index_of(&[("deep", 0o160_000)]))
            .unwrap_or_else(|e| panic!("{e}"));
        mk("lib/deep/.git/config", "[core]\n\tpager = id\n");
        assert_eq!(run(ws, "git status"), Some(Decision::Ask));
        // An index that cannot be read (format 4) may record any submodule.
        std::fs::write(ws.join(".git/index"), b"DIRC\0\0\0\x04\0\0\0\0")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run(ws, "git status"), Some(Decision::Ask));
    }

    /// The repository git finds in the workspace is the agent's to write: a config key that
    /// names a program, an include that sets one, a submodule's, and a hook the subcommand
    /// runs make even a reading command ask; what `git init`, `git clone` and git-lfs write
    /// does not.
    #[test]
    fn the_workspace_repository_config_and_hooks_are_read() {
        let run = |root: &std::path::Path, cmd: &str| {
            super::super::test_support::decisions_in(&ForeignRepository, cmd, root)
        };
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        let mk = |p: &str, text: &str| write_file(ws, p, text);
        let clean = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[remote \"origin\"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n[filter \"lfs\"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n[core]\n\tfsmonitor = true\n[pager]\n\tlog = false\n[filter \"git-crypt\"]\n\tsmudge = \"git-crypt\" smudge\n\tclean = \"/usr/bin/git-crypt\" clean\n[diff \"git-crypt\"]\n\ttextconv = \"git-crypt\" diff\n";
        mk(".git/config", clean);
        mk(".git/hooks/pre-commit.sample", "");
        mk("src/x.rs", "");
        for cmd in [
            "git status",
            "git log -p",
            "cd src && git diff",
            "git -C src show",
        ] {
            assert_eq!(run(ws, cmd), None, "{cmd}");
        }
        for (extra, cmd) in [
            ("[core]\n\tfsmonitor = .git/fsmonitor.sh\n", "git status"),
            ("[core]\n\tfsmonitor = \"true \"\n", "git status"),
            ("[Core] Pager = \"less -R\"\n", "git log"),
            ("[pager]\n\tlog = id\n", "git log"),
            ("[diff \"x\"]\n\ttextconv = ./conv\n", "git diff"),
            ("[filter \"lfs\"]\n\tclean = sh -c id\n", "git status"),
            (
                "[filter \"git-crypt\"]\n\tsmudge = \"./git-crypt\" smudge\n",
                "git status",
            ),
            (
                "[diff \"git-crypt\"]\n\ttextconv = \"sh -c id\" diff\n",
                "git diff",
            ),
            ("[alias]\n\tst = -c core.pager=id status\n", "git st"),
            ("[include]\n\tpath = ../extra.cfg\n", "git log"),
            ("[core]\n\tpager = \"open\n", "git log"),
        ] {
            mk(".git/config", &format!("{clean}{extra}"));
            mk("extra.cfg", "[gpg]\n\tprogram = ./sign\n");
            assert_eq!(run(ws, cmd), Some(Decision::Ask), "{extra} {cmd}");
            assert_eq!(
                run(ws, &format!("cd src && {cmd}")),
                Some(Decision::Ask),
                "{extra} {cmd}"
            );
            // Back in the workspace after a second `cd`, whose target is entered from the
            // first's.
            for moves in [
                "cd src && cd ..",
                "cd src; cd ../src/..",
                "pushd src && cd ..",
            ] {
                assert_eq!(
                    run(ws, &format!("{moves} && {cmd}")),
                    Some(Decision::Ask),
                    "{extra} {moves} {cmd}"
                );
            }
        }
        mk(".git/config", &format!("{clean}[alias]\n\tst = status\n"));
        assert_eq!(run(ws, "git status"), None);
        // A submodule's config: `status` runs git in the submodule.
        mk(".git/modules/lib/config", "[core]\n\tfsmonitor = ./x\n");
        assert_eq!(run(ws, "git status"), Some(Decision::Ask));
        std::fs::remove_dir_all(ws.join(".git/modules")).unwrap_or_else(|e| panic!("{e}"));
        // Hooks: `status` writes the index (`post-index-change`); `commit` runs any hook, if
        // executable (git skips one that is not).
        let executable = |p: &str| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(ws.join(p), std::fs::Permissions::from_mode(0o755))
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            #[cfg(not(unix))]
            let _ = p;
        };
        mk(".git/hooks/pre-commit", "#!/bin/sh\n");
        executable(".git/hooks/pre-commit");
        assert_eq!(run(ws, "git status"), None);
        assert_eq!(run(ws, "git commit -m x"), Some(Decision::Ask));
        mk(".git/hooks/post-index-change", "#!/bin/sh\n");
        #[cfg(unix)]
        assert_eq!(run(ws, "git status"), None, "not executable: git skips it");
        executable(".git/hooks/post-index-change");
        assert_eq!(run(ws, "git status"), Some(Decision::Ask));
        std::fs::remove_dir_all(ws.join(".git/hooks")).unwrap_or_else(|e| panic!("{e}"));
        mk(
            ".git/config",
            &format!("{clean}[core]\n\thooksPath = .husky/_\n"),
        );
        mk(".husky/_/pre-commit", "#!/bin/sh\n");
        executable(".husky/_/pre-commit");
        assert_eq!(run(ws, "git status"), None);
        assert_eq!(run(ws, "git commit -m x"), Some(Decision::Ask));
        // A linked worktree as the workspace: its `.git` file names the git directory, whose
        // `commondir` is the main repository's.
        let wt = ws.join("wt");
        mk(".git/config", clean);
        mk(
            "wt/.git",
            &format!("gitdir: {}/.git/worktrees/wt\n", ws.display()),
        );
        mk(".git/worktrees/wt/commondir", "../..\n");
        assert_eq!(run(&wt, "git status"), None);
        mk(".git/config", &format!("{clean}[core]\n\tpager = id\n"));
        assert_eq!(run(&wt, "git status"), Some(Decision::Ask));
        mk("wt/.git", "nonsense\n");
        mk(".git/config", clean);
        assert_eq!(run(&wt, "git status"), Some(Decision::Ask));
    }
}
