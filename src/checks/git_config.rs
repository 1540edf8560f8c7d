//! What the configuration and hooks of the repository git finds can make a git command run.
//!
//! A reading git command (`git status`, `git log -p`, `git diff`) loads the configuration of the
//! repository it runs in, and that configuration names programs: `core.fsmonitor` runs a hook
//! before `status` looks at the work tree, `core.pager` pages the output, a `filter.*.clean`
//! driver runs on every changed file, a `diff.*.textconv` on every diff. The file
//! (`.git/config`, and every file it includes) is the agent's to write like any other file of
//! the workspace, and so are the hooks a command runs (`.git/hooks/post-index-change` runs
//! when `status` refreshes the index). [`repo_code`] finds the repository as git would and
//! says why it can run code; the `foreign-repository` check asks then.
//!
//! Read here: the repository's `config` (the common one of a linked worktree too), its
//! `config.worktree`, every file they include (`include.path`, `includeIf.*.path`, followed
//! whatever the condition), the configs of its submodules (`modules/**/config`: `status` and
//! `diff` run git in each submodule), the repositories of the submodules the index records
//! that hold one of their own in the work tree (`sub/.git/config`, or a `sub/.git` file naming a
//! git directory elsewhere), and its hooks directory (`core.hooksPath` or `hooks/`).
//! The person's own files (`~/.gitconfig`, `/etc/gitconfig`) are trusted and not read.
//!
//! **Known gaps**: a repository reached through `GIT_DIR`-like variables of the agent's
//! environment (not the line's) is not seen; `alias.*` is looked at only for the unit's own
//! subcommand.

use std::path::{Path, PathBuf};

use super::common::text;
use crate::files::{Look, resolve};

/// How deep git follows `include.path` (its own limit is 10).
const MAX_INCLUDE_DEPTH: usize = 10;

/// How many submodule configs are read before the rest counts as unknown.
const MAX_MODULES: usize = 64;

/// How deep submodules whose repository is in their own directory are followed.
const MAX_EMBEDDED_DEPTH: usize = 4;

/// Subcommands that run no hook but `post-index-change` (a refreshed index is written) and
/// `reference-transaction` (a ref is updated), from githooks(5): any other subcommand, or one
/// not named here, may run any hook (`pre-commit`, `post-checkout`, `pre-auto-gc`…).
const INDEX_HOOKS_ONLY: &[&str] = &[
    "annotate",
    "archive",
    "blame",
    "branch",
    "cat-file",
    "check-attr",
    "check-ignore",
    "check-mailmap",
    "check-ref-format",
    "cherry",
    "config",
    "count-objects",
    "describe",
    "diff",
    "diff-files",
    "diff-index",
    "diff-tree",
    "for-each-ref",
    "format-patch",
    "fsck",
    "grep",
    "help",
    "log",
    "ls-files",
    "ls-tree",
    "merge-base",
    "name-rev",
    "range-diff",
    "reflog",
    "remote",
    "rev-list",
    "rev-parse",
    "shortlog",
    "show",
    "show-branch",
    "show-ref",
    "stash",
    "status",
    "symbolic-ref",
    "tag",
    "var",
    "verify-commit",
    "verify-tag",
    "version",
    "whatchanged",
];

/// The hooks a subcommand of [`INDEX_HOOKS_ONLY`] can run.
const INDEX_HOOKS: &[&str] = &["post-index-change", "reference-transaction"];

/// Where git is pointed: the directory it starts in (`-C`, after a `cd`) and the git directory
/// named outright (`--git-dir`, `GIT_DIR=`).
pub(super) struct Target<'a> {
    pub start: PathBuf,
    pub git_dir: Option<PathBuf>,
    /// The subcommand word (`status`), if any.
    pub subcommand: Option<&'a str>,
}

/// Why git, run as `target` says, can run code that a file of the repository it finds names:
/// a configuration key that names a program, a hook the subcommand runs, or a configuration
/// that cannot be read. `None` when no repository is found or nothing of it runs code.
pub(super) fn repo_code(look: Look<'_>, target: &Target<'_>) -> Option<String> {
    repo_code_at(look, target, 0)
}

/// [`repo_code`] of a repository `depth` submodules below the one the line's git runs in.
fn repo_code_at(look: Look<'_>, target: &Target<'_>, depth: usize) -> Option<String> {
    let repo = match find_repo(look, target)? {
        Ok(r) => r,
        Err(why) => return Some(why),
    };
    let (git_dir, top, common) = (&repo.git_dir, &repo.top, &repo.common);
    let mut seen = Seen::default();
    for f in &repo.configs {
        if let Some(why) = read_config(look, f, 0, target.subcommand, &mut seen) {
            return Some(why);
        }
    }
    let mut modules = Vec::new();
    if let Err(why) = submodule_configs(look, &common.join("modules"), 0, &mut modules) {
        return Some(why);
    }
    for f in &modules {
        let mut own = Seen::default();
        if let Some(why) = read_config(look, f, 0, None, &mut own) {
            return Some(why);
        }
    }
    if let Some(top) = top
        && let Some(why) = embedded_submodule_code(look, &repo, top, depth)
    {
        return Some(why);
    }
    // Relative to the top of the work tree, where git runs hooks (the git directory of a bare
    // repository).
    let hooks = match &seen.hooks_path {
        Some((p, _)) => resolve(p, top.as_deref().unwrap_or(git_dir)),
        None => common.join("hooks"),
    };
    hook_that_runs(look, &hooks, target.subcommand)
}

/// A repository git finds, and the config files it reads of it.
pub(super) struct Repo {
    pub git_dir: PathBuf,
    /// The top of the work tree (`None` for a bare repository).
    pub top: Option<PathBuf>,
    /// The common directory (a linked worktree's main git directory).
    pub common: PathBuf,
    /// The common `config`, `config.worktree` and a linked worktree's own `config`.
    configs: Vec<PathBuf>,
}

/// The repository git, run as `target` says, finds; `Err` when a `.git` file cannot be read.
fn find_repo(look: Look<'_>, target: &Target<'_>) -> Option<Result<Repo, String>> {
    let (git_dir, top) = match &target.git_dir {
        Some(d) => (d.clone(), None),
        None => match discover(look, &target.start)? {
            Ok(found) => found,
            Err(why) => return Some(Err(why)),
        },
    };
    let commondir = git_dir.join("commondir");
    let common = match look.read_to_string(&commondir) {
        Ok(t) => resolve(t.trim_end_matches(['\n', '\r']), &git_dir),
        Err(_) if look.exists(&commondir) => {
            return Some(Err(format!(
                "git reads `{}`, which cannot be read here: the repository it names has a config that can run commands",
                commondir.display()
            )));
        }
        Err(_) => git_dir.clone(),
    };
    let mut configs = vec![common.join("config"), git_dir.join("config.worktree")];
    if git_dir != common {
        configs.push(git_dir.join("config"));
    }
    Some(Ok(Repo {
        git_dir,
        top,
        common,
        configs,
    }))
}

/// The git directory and work-tree top git finds from `start` (each directory up to `/`: a
/// `.git` directory, a `.git` file naming one, or the directory itself a bare repository).
/// `Err` when a `.git` file cannot be read.
fn discover(look: Look<'_>, start: &Path) -> Option<Result<(PathBuf, Option<PathBuf>), String>> {
    for d in start.ancestors() {
        let dot = d.join(".git");
        // One look at `.git` for both questions.
        let kind = look.stat(&dot);
        if kind == crate::files::Kind::Dir {
            return Some(Ok((dot, Some(d.to_path_buf()))));
        }
        if kind == crate::files::Kind::File {
            let Some(named) = look
                .read_to_string(&dot)
                .ok()
                .and_then(|t| t.strip_prefix("gitdir:").map(|r| r.trim().to_owned()))
            else {
                return Some(Err(format!(
                    "git reads `{}`, which names no git directory that could be checked: its config can run commands",
                    dot.display()
                )));
            };
            return Some(Ok((resolve(&named, d), Some(d.to_path_buf()))));
        }
        if look.is_file(&d.join("HEAD"))
            && look.is_dir(&d.join("objects"))
            && look.is_dir(&d.join("refs"))
        {
            return Some(Ok((d.to_path_buf(), None)));
        }
    }
    None
}

/// The config files of submodules below `modules` (`modules/NAME/config`, nested
/// `modules/NAME/modules/…`). Too many, or too deep, is `Err`.
fn submodule_configs(
    look: Look<'_>,
    modules: &Path,
    depth: usize,
    out: &mut Vec<PathBuf>,
) -> Result<(), String> {
    if !look.is_dir(modules) {
        return Ok(()); // no submodules
    }
    let Ok(entries) = std::fs::read_dir(modules) else {
        return Err(format!(
            "git runs in the submodules under `{}`, which cannot be listed here: their configs can run commands",
            modules.display()
        ));
    };
    if depth > 4 {
        return Err(format!(
            "git runs in submodules nested deeper than shclass reads (`{}`): their configs can run commands",
            modules.display()
        ));
    }
    for e in entries.flatten() {
        let d = e.path();
        if !d.is_dir() {
            continue;
        }
        if out.len() >= MAX_MODULES {
            return Err(format!(
                "git runs in more submodules than shclass reads (over {MAX_MODULES} under `{}`): their configs can run commands",
                modules.display()
            ));
        }
        out.push(d.join("config"));
        submodule_configs(look, &d.join("modules"), depth + 1, out)?;
    }
    Ok(())
}

/// Why git run in a submodule of `repo` whose repository is not under its `modules/` can run
/// code: `status`, `diff` and `describe --dirty` run `git status` in every submodule the index
/// records (a gitlink, with or without a `.gitmodules` entry) whose directory holds a `.git`,
/// a directory of its own (`sub/.git/config`) or a file naming one anywhere; that git reads the
/// submodule's config and hooks. An index that cannot be read counts as naming such a
/// submodule, and so do submodules nested deeper than [`MAX_EMBEDDED_DEPTH`] or more than
/// [`MAX_MODULES`] of them.
fn embedded_submodule_code(
    look: Look<'_>,
    repo: &Repo,
    top: &Path,
    depth: usize,
) -> Option<String> {
    let Some(entries) = super::tree_search::tracked_gitlinks(&repo.git_dir, &repo.common, look)
    else {
        return Some(format!(
            "git runs in the submodules the index of `{}` records, which cannot be read here: their configs can run commands",
            repo.git_dir.display()
        ));
    };
    let mut populated = entries
        .iter()
        .filter(|e| e.mode & 0o170_000 == 0o160_000)
        .map(|e| top.join(&e.path))
        .filter(|d| look.stat(&d.join(".git")) != crate::files::Kind::Missing)
        .peekable();
    if populated.peek().is_some() && depth >= MAX_EMBEDDED_DEPTH {
        return Some(format!(
            "git runs in submodules nested deeper than shclass reads (below `{}`): their configs can run commands",
            top.display()
        ));
    }
    for (k, d) in populated.enumerate() {
        if k >= MAX_MODULES {
            return Some(format!(
                "git runs in more submodules than shclass reads (over {MAX_MODULES} in `{}`): their configs can run commands",
                top.display()
            ));
        }
        let child = Target {
            start: d.clone(),
            git_dir: None,
            subcommand: Some("status"),
        };
        if let Some(why) = repo_code_at(look, &child, depth + 1) {
            return Some(format!(
                "git runs `git status` in the submodule `{}`: {why}",
                d.display()
            ));
        }
    }
    None
}

/// What the configs read so far set that matters after them.
#[derive(Default)]
struct Seen {
    /// `core.hooksPath` (the last one wins) and the file that set it.
    hooks_path: Option<(String, PathBuf)>,
}

/// Read the config `file` (missing: nothing) and the files it includes: why a key in them can
/// run code, if one can.
fn read_config(
    look: Look<'_>,
    file: &Path,
    depth: usize,
    subcommand: Option<&str>,
    seen: &mut Seen,
) -> Option<String> {
    if !look.exists(file) {
        return None;
    }
    let shown = file.display();
    let Ok(text) = look.read_to_string(file) else {
        return Some(format!(
            "git reads `{shown}`, which cannot be read here: its settings can run commands"
        ));
    };
    let entries = match parse(&text) {
        Ok(e) => e,
        Err(line) => {
            return Some(format!(
                "git reads `{shown}`, whose line {line} shclass cannot read as git does: its settings can run commands"
            ));
        }
    };
    let dir = file.parent().unwrap_or(file);
    for e in &entries {
        if e.is("include", "path") || (e.section == "includeif" && e.key == "path") {
            let Some(v) = e.value.as_deref() else {
                continue;
            };
            if depth >= MAX_INCLUDE_DEPTH {
                return Some(format!(
                    "git reads `{shown}`, whose includes go deeper than shclass follows: their settings can run commands"
                ));
            }
            let included = resolve(v, dir);
            if let Some(why) = read_config(look, &included, depth + 1, subcommand, seen) {
                return Some(why);
            }
            continue;
        }
        if e.is("core", "hookspath") {
            if let Some(v) = &e.value {
                seen.hooks_path = Some((v.clone(), file.to_path_buf()));
            }
            continue;
        }
        if let Some(what) = runs_code(e, subcommand) {
            return Some(format!(
                "git reads `{shown}`, a file the agent can write, whose `{}` {what}",
                e.name()
            ));
        }
    }
    None
}

/// What an entry makes git run, if anything.
fn runs_code(e: &Entry, subcommand: Option<&str>) -> Option<&'static str> {
    const NAMES_PROGRAM: &str = "names a program git runs";
    let value = e.value.as_deref();
    let sub = e.subsection.is_some();
    let (section, key) = (e.section.as_str(), e.key.as_str());
    if is_known_driver(e) {
        return None;
    }
    match section {
        "core" if key == "fsmonitor" => {
            return (!is_bool(value))
                .then_some("names a hook git runs before it looks at the work tree");
        }
        // `pager.log = false` turns paging off; any other value is the pager.
        "pager" if !sub => return (!is_bool(value)).then_some(NAMES_PROGRAM),
        "filter" if sub && matches!(key, "clean" | "smudge" | "process") => {
            return Some("names a filter program git runs on the work tree's files");
        }
        "submodule" if sub && key == "update" => {
            return value
                .is_some_and(|v| v.starts_with('!'))
                .then_some(NAMES_PROGRAM);
        }
        // An alias is looked up only for a subcommand git does not have; its text can hold
        // options (`-c core.pager=…`) or a program (`!…`).
        "alias" => {
            let name = e.subsection.as_deref().unwrap_or(key);
            return subcommand
                .is_some_and(|s| s.eq_ignore_ascii_case(name))
                .then_some("replaces the subcommand with options or a program of its own");
        }
        "hook" => return Some("names a program git runs as a hook"),
        "protocol" => return Some("lets git run a transport program (`ext::`)"),
        "trace2" => return Some("makes git write its trace to a file"),
        "instaweb" | "sendemail" => return Some(NAMES_PROGRAM),
        _ => {}
    }
    let names = if sub {
        matches!(
            (section, key),
            ("diff", "command" | "textconv")
                | ("merge", "driver")
                | ("difftool" | "mergetool" | "man" | "browser", "cmd" | "path")
                | ("gpg", "program" | "defaultkeycommand")
                | ("credential", "helper")
                | ("remote", "uploadpack" | "receivepack")
        )
    } else {
        matches!(
            (section, key),
            (
                "core",
                "pager" | "editor" | "sshcommand" | "askpass" | "gitproxy" | "alternaterefscommand"
            ) | ("sequence", "editor")
                | ("interactive", "difffilter")
                | ("diff" | "merge", "external" | "tool" | "guitool")
                | ("gpg", "program")
                | ("credential", "helper")
                | ("man", "viewer")
                | ("web" | "help", "browser")
        )
    };
    names.then_some(NAMES_PROGRAM)
}

/// A value git reads as a boolean: no `=` (true), empty (false), a word or a number, exactly
/// (`"true "` with its quoted blank is a program's name to git).
fn is_bool(value: Option<&str>) -> bool {
    value.is_none_or(|v| {
        v.is_empty()
            || ["true", "false", "yes", "no", "on", "off"]
                .iter()
                .any(|w| v.eq_ignore_ascii_case(w))
            || (v.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// A driver exactly as a well-known tool writes it into a repository's config, naming that
/// tool (found on `PATH` or in a system directory): git-lfs's filter (`git lfs install
/// --local`), git-crypt's filter and diff driver (`git-crypt init`/`unlock`).
fn is_known_driver(e: &Entry) -> bool {
    let (Some(sub), Some(value)) = (e.subsection.as_deref(), e.value.as_deref()) else {
        return false;
    };
    match (e.section.as_str(), sub, e.key.as_str()) {
        ("filter", "lfs", "clean") => value == "git-lfs clean -- %f",
        ("filter", "lfs", "smudge") => {
            matches!(
                value,
                "git-lfs smudge -- %f" | "git-lfs smudge --skip -- %f"
            )
        }
        ("filter", "lfs", "process") => {
            matches!(
                value,
                "git-lfs filter-process" | "git-lfs filter-process --skip"
            )
        }
        ("filter", "git-crypt", verb @ ("clean" | "smudge")) => is_git_crypt(value, verb),
        ("diff", "git-crypt", "textconv") => is_git_crypt(value, "diff"),
        _ => false,
    }
}

/// `"git-crypt" VERB` (the program quoted as git-crypt writes it, or not): by name, or at a
/// path of a system directory.
fn is_git_crypt(value: &str, verb: &str) -> bool {
    value
        .strip_suffix(verb)
        .and_then(|v| v.strip_suffix(' '))
        .map(|p| {
            p.strip_prefix('"')
                .and_then(|q| q.strip_suffix('"'))
                .unwrap_or(p)
        })
        .is_some_and(|p| {
            matches!(
                p,
                "git-crypt"
                    | "/usr/bin/git-crypt"
                    | "/usr/local/bin/git-crypt"
                    | "/opt/homebrew/bin/git-crypt"
            )
        })
}

/// A hook `subcommand` can run that the directory `hooks` holds: why, if there is one.
fn hook_that_runs(look: Look<'_>, hooks: &Path, subcommand: Option<&str>) -> Option<String> {
    let shown = hooks.display();
    if subcommand.is_none_or(|s| INDEX_HOOKS_ONLY.contains(&s)) {
        let h = INDEX_HOOKS
            .iter()
            .find(|h| runnable(look, &hooks.join(h)))?;
        return Some(format!(
            "git runs the hook `{shown}/{h}`, a file the agent can write, when the index or a ref is written"
        ));
    }
    if !look.is_dir(hooks) {
        return None;
    }
    let Ok(entries) = std::fs::read_dir(hooks) else {
        return Some(format!(
            "git `{}` can run the hooks in `{shown}`, which cannot be listed here",
            subcommand.unwrap_or_default()
        ));
    };
    let h = entries.flatten().find(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        !name.ends_with(".sample") && !name.starts_with('.') && runnable(look, &e.path())
    })?;
    Some(format!(
        "git `{}` can run the hook `{shown}/{}`, a file the agent can write",
        subcommand.unwrap_or_default(),
        h.file_name().to_string_lossy()
    ))
}

/// A hook git would run: a file there, executable (git skips one that is not, with a hint).
/// Where the mode cannot be read, any file counts.
fn runnable(look: Look<'_>, path: &Path) -> bool {
    if !look.exists(path) {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).map_or(true, |m| m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// What git's global options say about where it runs.
pub(super) struct GitWords<'u> {
    /// The directories named (`-C`, `--git-dir`, `--work-tree`), as written, and whether each
    /// is known only at run time.
    pub dirs: Vec<(String, bool)>,
    /// For each of `dirs`, the option's name and the index in the unit's words (`argv`) of the
    /// word holding its value.
    pub dir_words: Vec<(&'static str, Option<usize>)>,
    /// The parse found a word known only at run time where an option could be (the
    /// directories' own values apart).
    pub dynamic_words: bool,
    /// `-C` and `--git-dir` in order, with their static values.
    pub places: Vec<(String, String)>,
    /// `--bare`.
    pub bare: bool,
    /// A word where an option or a directory could be is known only at run time.
    pub dynamic: bool,
    /// The subcommand word.
    pub subcommand: Option<&'u str>,
    /// Its index in the unit's words (`argv`).
    pub sub_at: Option<usize>,
}

/// Git's global options read with its table (the catalogue's one parser).
pub(super) fn git_words(u: &crate::analyze::Unit) -> GitWords<'_> {
    use crate::programs::{args, tables};
    let mut g = GitWords {
        dirs: Vec::new(),
        dir_words: Vec::new(),
        dynamic_words: false,
        places: Vec::new(),
        bare: false,
        dynamic: false,
        subcommand: None,
        sub_at: None,
    };
    let Some(spec) = tables::builtin("git") else {
        g.dynamic = true;
        return g;
    };
    let words = u.argv.get(1..).unwrap_or_default();
    let parsed = args::parse_args(&spec, words, true);
    g.dynamic = parsed.dynamic;
    g.dynamic_words = parsed.dynamic;
    for o in &parsed.opts {
        let name = o.name.as_ref();
        match name {
            "-C" | "--git-dir" | "--work-tree" => {
                let option: &'static str = match name {
                    "-C" => "-C",
                    "--git-dir" => "--git-dir",
                    _ => "--work-tree",
                };
                g.dir_words
                    .push((option, o.value_at.or(Some(o.index)).map(|k| k + 1)));
                let at = o.value_at.and_then(|k| words.get(k));
                let dynamic = o.value.is_none();
                let written = match (&o.value, at) {
                    (Some(v), _) => v.clone(),
                    (None, Some(w)) => w.template.to_string(),
                    (None, None) => words
                        .get(o.index)
                        .map(|w| w.template.to_string())
                        .unwrap_or_default(),
                };
                g.dynamic |= dynamic;
                g.dirs.push((written, dynamic));
                if let (Some(v), true) = (&o.value, name != "--work-tree") {
                    g.places.push((name.to_owned(), v.clone()));
                }
            }
            "--bare" => g.bare = true,
            _ => {}
        }
    }
    g.sub_at = parsed.operands.first().map(|&k| k + 1);
    g.subcommand = g.sub_at.and_then(|k| u.argv.get(k)).map(text);
    g
}

/// Where git, run as `g` says by `u` in `dir`, starts looking for its repository.
pub(super) fn target_of<'u>(
    look: Look<'_>,
    g: &GitWords<'u>,
    u: &crate::analyze::Unit,
    dir: &Path,
) -> Target<'u> {
    // Through the batch's snapshot when there is one: each directory is looked at once.
    let resolve = |p: &str, base: &Path| crate::files::resolve_links_under(p, base, look).0;
    let mut start = dir.to_path_buf();
    let mut git_dir = None;
    for (opt, v) in &g.places {
        match opt.as_str() {
            "-C" if v.is_empty() => {}
            "-C" => start = resolve(v, &start),
            _ => git_dir = Some(resolve(v, &start)),
        }
    }
    if let Some(a) = u
        .assignments
        .iter()
        .rev()
        .find(|a| a.name == "GIT_DIR" && a.exported)
    {
        git_dir = Some(resolve(&a.template, dir));
    }
    Target {
        start,
        git_dir,
        subcommand: g.subcommand,
    }
}

/// The repository git finds from `start` (a `.git` directory or file above it, or a bare
/// repository); `Err` when a `.git` file cannot be read.
pub(super) fn repo_at(look: Look<'_>, start: &Path) -> Option<Result<Repo, String>> {
    find_repo(
        look,
        &Target {
            start: start.to_path_buf(),
            git_dir: None,
            subcommand: None,
        },
    )
}

/// The repository git, run by `u` in `dir`, works on, as git finds it (`-C`, `--git-dir`, `GIT_DIR`, a `.git` file, a linked work tree's common directory):
/// the directory it starts in and the repository. `Err` when a `.git` file cannot be read.
pub(super) fn repository_of(
    look: Look<'_>,
    u: &crate::analyze::Unit,
    dir: &Path,
) -> Option<Result<(PathBuf, Repo), String>> {
    let g = git_words(u);
    let target = target_of(look, &g, u, dir);
    let repo = find_repo(look, &target)?;
    Some(repo.map(|r| (target.start, r)))
}

/// Why `u`, a git command that prints configuration values, shows a credential: `git config
/// -l`, `git config --get-regexp …`, `git config KEY`, `git var -l` (all of the repository's
/// config and the person's `~/.gitconfig`), `git remote -v`/`show`/`get-url` and `git
/// ls-remote --get-url` (the addresses). A credential is a value or subsection holding an
/// `http(s)://user:password@` or `https://token@` address, an `http.extraHeader` (where
/// `actions/checkout` keeps its token), or a key named for one (`*.token`, `*.password`,
/// `sendemail.smtpPass`). `git config -f FILE` reads FILE alone, and the files it includes only
/// with `--includes`: a file of secrets included (`~/.my.cnf`, whose `[client] password=` git
/// prints as `client.password`) is one too, and so is what a blob includes or a file named at
/// run time.
pub(super) fn prints_credential(
    look: Look<'_>,
    u: &crate::analyze::Unit,
    dir: &Path,
) -> Option<String> {
    // Only these subcommands print configuration: most git units are none of them, and need
    // no option parse here.
    const PRINTERS: [&str; 4] = ["config", "var", "remote", "ls-remote"];
    if !u
        .args()
        .any(|a| a.value.as_deref().is_some_and(|t| PRINTERS.contains(&t)))
    {
        return None;
    }
    let g = git_words(u);
    let (sub, at) = (g.subcommand?, g.sub_at?);
    let rest: Vec<&str> = u.argv.iter().skip(at + 1).map(text).collect();
    // Which entries the command prints: a name (`git config user.email`), addresses only, or
    // everything.
    let wanted: Wanted = match sub {
        "config" => config_wanted(u, at),
        "var" if rest.contains(&"-l") => Wanted::All,
        "remote"
            if rest
                .iter()
                .any(|w| matches!(*w, "-v" | "--verbose" | "get-url" | "show")) =>
        {
            Wanted::Addresses
        }
        "ls-remote" if rest.contains(&"--get-url") => Wanted::Addresses,
        _ => return None,
    };
    if rest.iter().any(|w| matches!(*w, "-h" | "--help")) {
        return None;
    }
    let target = target_of(look, &g, u, dir);
    if sub == "config"
        && let Some(source) = config_source(u)
    {
        return match source {
            // git reads only that file, and what it includes when told to. Its words were read
            // above without the option's value, which may have been taken for the key: any
            // credential of the file counts.
            Source::File(f, includes) => {
                credential_in_file(look, &resolve(&f, &target.start), &Wanted::All, 0, includes)
            }
            Source::Blob => None,
            Source::Unknown(why) => Some(why),
        };
    }
    let mut files: Vec<PathBuf> = match find_repo(look, &target) {
        Some(Ok(repo)) => repo.configs,
        _ => Vec::new(),
    };
    let home = crate::files::home();
    files.push(home.join(".gitconfig"));
    files.push(match std::env::var_os("XDG_CONFIG_HOME") {
        Some(x) if !x.is_empty() => PathBuf::from(x).join("git/config"),
        _ => home.join(".config/git/config"),
    });
    files
        .iter()
        .find_map(|f| credential_in_file(look, f, &wanted, 0, true))
}

/// What `git config` (its words read with its table from `at`, the subcommand's place) prints:
/// one entry when it names exactly one key to get, everything otherwise. An option's value is
/// never taken for the key (`--default x`, `-t path`, `get --value x`), and a name read as a
/// pattern or matched against an address (`--get-regexp`, `get --regexp`, `--get-urlmatch`, `get
/// --url`) prints entries of other names.
fn config_wanted(u: &crate::analyze::Unit, at: usize) -> Wanted {
    // `git config get …`, `git config list …` have tables of their own.
    let Some(parsed) = crate::programs::tables::parse_builtin("git", &u.argv, 2) else {
        return Wanted::All;
    };
    if parsed.dynamic {
        return Wanted::All;
    }
    let listing = parsed.opts.iter().any(|o| {
        matches!(
            o.name.as_ref(),
            "-l" | "--list" | "--get-regexp" | "--get-urlmatch" | "--regexp" | "--url"
        )
    });
    let ops: Vec<&str> = parsed
        .operands
        .iter()
        .filter(|&&k| k > at)
        .filter_map(|&k| u.argv.get(k).map(text))
        .collect();
    match ops.as_slice() {
        _ if listing => Wanted::All,
        ["list", ..] => Wanted::All,
        ["get", key] | [key] | [key, _] => Wanted::Key(key.to_ascii_lowercase()),
        _ => Wanted::All,
    }
}

/// The one configuration `git config` reads when the line names it (`-f FILE`, `--file=FILE`,
/// `--blob REV:PATH`), with whether it follows that file's `include.path` and
/// `includeIf.*.path` (only with `--includes`: off by default for a named file).
enum Source {
    File(String, bool),
    /// A blob of the repository without its includes: the agent's own text, committed.
    Blob,
    /// Why what git reads is not known here: a blob whose includes it follows (a blob of the
    /// repository is the agent's to commit), a file named at run time.
    Unknown(String),
}

/// The file `git config` is given (`-f`, `--file`, `--blob`; the last one counts), read with its
/// table (`-lf FILE`, `--fil=FILE` abbreviated); `None` when it reads its usual files.
fn config_source(u: &crate::analyze::Unit) -> Option<Source> {
    // `git config get …`, `git config list …` have tables of their own.
    let parsed = crate::programs::tables::parse_builtin("git", &u.argv, 2)?;
    let mut source: Option<(&str, Option<String>)> = None;
    let mut includes = false;
    for o in &parsed.opts {
        match o.name.as_ref() {
            "-f" | "--file" => source = Some(("--file", o.value.clone())),
            "--blob" => source = Some(("--blob", o.value.clone())),
            "--includes" => includes = true,
            "--no-includes" => includes = false,
            _ => {}
        }
    }
    let (kind, value) = source?;
    Some(match (kind, value) {
        ("--blob", _) if includes => Source::Unknown(
            "git follows the includes of a committed configuration (`--blob` with `--includes`): the files they name are printed".to_owned(),
        ),
        ("--blob", _) => Source::Blob,
        (_, Some(f)) => Source::File(f, includes),
        (_, None) => Source::Unknown(
            "git config reads a file named only at run time: it may include a file of secrets".to_owned(),
        ),
    })
}

/// Why a file a reader is given (`cat .git/config`, `grep url ~/.gitconfig`) holds a
/// credential: the word names a git config file (`…/.git/config`, `.gitconfig`,
/// `…/git/config`, `config.worktree`) and an entry of it (or of a file it includes) is one.
pub(super) fn file_credential(look: Look<'_>, word: &str, cwd: &Path) -> Option<String> {
    let named = word.ends_with(".git/config")
        || word.ends_with(".gitconfig")
        || word.ends_with("git/config")
        || word.ends_with("config.worktree")
        || (word == "config" && cwd.file_name().is_some_and(|n| n == ".git"));
    if !named {
        return None;
    }
    credential_in_file(look, &resolve(word, cwd), &Wanted::All, 0, true)
        .map(|why| why.replacen("prints", "reads", 1))
}

/// What a command prints of the configuration.
enum Wanted {
    All,
    /// One entry, by its full name in lower case (the subsection as written).
    Key(String),
    /// The repositories' addresses (`remote.*.url`, `url.*` rewrites).
    Addresses,
}

/// The first credential among the entries of `file` (and the files it includes) that `wanted`
/// prints: why, naming the entry.
fn credential_in_file(
    look: Look<'_>,
    file: &Path,
    wanted: &Wanted,
    depth: usize,
    includes: bool,
) -> Option<String> {
    if depth > MAX_INCLUDE_DEPTH || !look.exists(file) {
        return None;
    }
    let text = look.read_to_string(file).ok()?;
    // A file git reads that this reading cannot follow is no credential found: the command
    // still prints only what git makes of it.
    let entries = parse(&text).ok()?;
    let dir = file.parent().unwrap_or(file);
    for e in &entries {
        if e.is("include", "path") || (e.section == "includeif" && e.key == "path") {
            let Some(included) = e.value.as_deref().filter(|_| includes) else {
                continue;
            };
            let included = resolve(included, dir);
            // A file of secrets read as configuration: what of it parses is printed as
            // entries (`client.password` of `~/.my.cnf`, `pypi.password` of `~/.pypirc`).
            let real = crate::files::resolve_links_under(&included.to_string_lossy(), dir, look).0;
            if crate::files::is_secret(&included) || crate::files::is_secret(&real) {
                return Some(format!(
                    "`{}` includes `{}`, a file of secrets git reads as configuration and prints",
                    file.display(),
                    included.display()
                ));
            }
            if let Some(why) = credential_in_file(look, &included, wanted, depth + 1, true) {
                return Some(why);
            }
            continue;
        }
        let printed = match wanted {
            Wanted::All => true,
            Wanted::Key(k) => {
                let name = e.name();
                name.eq_ignore_ascii_case(k)
                    || e.subsection.as_ref().is_some_and(|s| {
                        k.strip_prefix(&format!("{}.", e.section))
                            .and_then(|r| r.strip_suffix(&format!(".{}", e.key)))
                            == Some(s.as_str())
                    })
            }
            Wanted::Addresses => matches!(
                (e.section.as_str(), e.key.as_str()),
                ("remote", "url" | "pushurl") | ("url", "insteadof" | "pushinsteadof")
            ),
        };
        if printed && is_credential(e) {
            return Some(format!(
                "prints `{}` from `{}`, which holds a credential (a token or password)",
                e.name(),
                file.display()
            ));
        }
    }
    None
}

/// An entry that holds a credential: a key named for one, or an address with a user part.
fn is_credential(e: &Entry) -> bool {
    let key = e.key.as_str();
    let named = [
        "token",
        "password",
        "passwd",
        "secret",
        "smtppass",
        "extraheader",
        "apikey",
    ]
    .iter()
    .any(|w| key.contains(w));
    named
        || e.value.as_deref().is_some_and(address_with_user)
        || e.subsection.as_deref().is_some_and(address_with_user)
}

/// An `http://`, `https://` or `ftp(s)://` address with a user part (`https://x:TOKEN@host`,
/// `https://TOKEN@host`): over these schemes the user part is a login, not the `git@` of ssh.
fn address_with_user(v: &str) -> bool {
    let lower = v.to_ascii_lowercase();
    ["http://", "https://", "ftp://", "ftps://"]
        .iter()
        .any(|s| {
            lower.match_indices(s).any(|(at, _)| {
                let authority = lower[at + s.len()..]
                    .split(['/', '?', '#', ' '])
                    .next()
                    .unwrap_or_default();
                authority.contains('@')
            })
        })
}

/// One `section.subsection.key = value` of a config file. Section and key names are lower
/// case (git compares them so); a subsection keeps its case.
#[derive(Debug, PartialEq)]
struct Entry {
    section: String,
    subsection: Option<String>,
    key: String,
    /// `None`: the key stands alone (a boolean true).
    value: Option<String>,
}

impl Entry {
    fn is(&self, section: &str, key: &str) -> bool {
        self.section == section && self.subsection.is_none() && self.key == key
    }

    fn name(&self) -> String {
        match &self.subsection {
            Some(s) => format!("{}.{s}.{}", self.section, self.key),
            None => format!("{}.{}", self.section, self.key),
        }
    }
}

/// The entries of a config file's text, as git's `config.c` reads them: `[section]`,
/// `[section "subsection"]` (`\` escapes the next character), the old `[section.subsection]`,
/// a key on the same line as its header, `#`/`;` comments, quoted values with `\n`, `\t`,
/// `\b`, `\\`, `\"` and a `\` ending a line. `Err(line)` for what git would reject, or that
/// this reading is not sure of.
fn parse(text: &str) -> Result<Vec<Entry>, usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut section: Option<(String, Option<String>)> = None;
    let b = text.as_bytes();
    let mut i = 0;
    let mut line = 1;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'#' | b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'[' => {
                let (name, sub, next) = header(b, i + 1).ok_or(line)?;
                section = Some((name, sub));
                i = next;
            }
            c if c.is_ascii_alphabetic() => {
                let (sec, sub) = section.clone().ok_or(line)?;
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
                    i += 1;
                }
                let key = text[start..i].to_ascii_lowercase();
                while i < b.len() && matches!(b[i], b' ' | b'\t') {
                    i += 1;
                }
                let value = if b.get(i) == Some(&b'=') {
                    let (v, next, lines) = value(b, i + 1).ok_or(line)?;
                    line += lines;
                    i = next;
                    Some(v)
                } else if i >= b.len() || matches!(b[i], b'\n' | b'\r' | b'#' | b';') {
                    None
                } else {
                    return Err(line);
                };
                out.push(Entry {
                    section: sec,
                    subsection: sub,
                    key,
                    value,
                });
            }
            _ => return Err(line),
        }
    }
    Ok(out)
}

/// A section header after its `[`: the name (lower case), the subsection, and where the line
/// goes on.
fn header(b: &[u8], mut i: usize) -> Option<(String, Option<String>, usize)> {
    let start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-' || b[i] == b'.') {
        i += 1;
    }
    let name = std::str::from_utf8(b.get(start..i)?)
        .ok()?
        .to_ascii_lowercase();
    if name.is_empty() {
        return None;
    }
    match b.get(i)? {
        b']' => {
            // `[section.subsection]`: the old form, the subsection lower case too.
            return Some(match name.split_once('.') {
                Some((s, sub)) => (s.to_owned(), Some(sub.to_owned()), i + 1),
                None => (name, None, i + 1),
            });
        }
        b' ' | b'\t' if !name.contains('.') => {}
        _ => return None,
    }
    while matches!(b.get(i)?, b' ' | b'\t') {
        i += 1;
    }
    if *b.get(i)? != b'"' {
        return None;
    }
    i += 1;
    let mut sub = Vec::new();
    loop {
        match *b.get(i)? {
            b'"' => break,
            b'\n' => return None,
            b'\\' => {
                i += 1;
                let c = *b.get(i)?;
                if c == b'\n' {
                    return None;
                }
                sub.push(c);
            }
            c => sub.push(c),
        }
        i += 1;
    }
    if *b.get(i + 1)? != b']' {
        return None;
    }
    Some((name, Some(String::from_utf8(sub).ok()?), i + 2))
}

/// A value after its `=`: the text as git gives it, where the line ends, and how many line
/// breaks a `\` joined.
fn value(b: &[u8], mut i: usize) -> Option<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut quoted = false;
    let mut lines = 0;
    // Blanks are kept only between other characters (or inside quotes).
    let mut pending = 0usize;
    let mut started = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' if !quoted => break,
            b'\n' => return None, // git: a quoted value may not span lines
            b'\r' if !quoted && b.get(i + 1) == Some(&b'\n') => {
                i += 1;
                continue;
            }
            b' ' | b'\t' if !quoted => {
                if started {
                    pending += 1;
                }
                i += 1;
                continue;
            }
            b'#' | b';' if !quoted => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                break;
            }
            _ => {}
        }
        out.extend(std::iter::repeat_n(b' ', pending));
        pending = 0;
        match c {
            b'"' => quoted = !quoted,
            b'\\' => {
                i += 1;
                match *b.get(i)? {
                    b'\n' => lines += 1,
                    b'\r' if b.get(i + 1) == Some(&b'\n') => {
                        i += 1;
                        lines += 1;
                    }
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'b' => out.push(8),
                    b'\\' => out.push(b'\\'),
                    b'"' => out.push(b'"'),
                    _ => return None,
                }
            }
            c => out.push(c),
        }
        started = true;
        i += 1;
    }
    if quoted {
        return None;
    }
    Some((String::from_utf8(out).ok()?, i, lines))
}

#[cfg(test)]
mod tests {
    use super::{Entry, parse};
    use crate::decision::Decision;

    /// A token kept in the repository's config is asked when a command prints it, and not
    /// when the command prints something else.
    #[test]
    fn credentials_in_the_config_are_secrets_to_print() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        std::fs::create_dir_all(ws.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(ws.join("src")).unwrap_or_else(|e| panic!("{e}"));
        let run = |cmd: &str| {
            super::super::test_support::decisions_in(
                &super::super::exfiltration::SecretRead,
                cmd,
                ws,
            )
        };
        for (config, cmds) in [
            (
                "[remote \"origin\"]\n\turl = https://x-access-token:ghs_a@github.com/o/r.git\n",
                &[
                    "git remote -v",
                    "git config --get remote.origin.url",
                    "git config -l",
                    "cat .git/config",
                    "cd src && git remote get-url origin",
                    "git ls-remote --get-url",
                    // An option's value is not the key git prints.
                    "git config --default x --get remote.origin.url",
                    "git config -t path remote.origin.url",
                    "git config --type path --get remote.origin.url",
                    "git config get --value x remote.origin.url",
                    "git config get --default x remote.origin.url",
                ][..],
            ),
            (
                "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eA==\n",
                &[
                    "git config --list --show-origin",
                    "git config --get-regexp http",
                    "grep -n extra .git/config",
                    // A name read as a pattern, or matched against an address.
                    "git config get --regexp extraheader",
                    "git config get --show-names --regexp .",
                    "git config get --url=https://github.com http.extraheader",
                    "git config get --url https://github.com http.extraheader",
                ][..],
            ),
            (
                "[url \"https://ghp_x@github.com/\"]\n\tinsteadOf = https://github.com/\n",
                &["git remote -v", "git var -l"][..],
            ),
            ("[include]\n\tpath = ../creds.cfg\n", &["git config -l"][..]),
        ] {
            std::fs::write(ws.join(".git/config"), config).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(ws.join("creds.cfg"), "[github]\n\ttoken = ghp_y\n")
                .unwrap_or_else(|e| panic!("{e}"));
            for cmd in cmds {
                assert_eq!(run(cmd), Some(Decision::Ask), "{config} {cmd}");
            }
            for cmd in [
                "git config user.name",
                "git config --default x --get user.name",
                "git config get --value x user.name",
                "git remote",
                "git status",
                "cat src/x.rs",
            ] {
                assert_eq!(run(cmd), None, "{config} {cmd}");
            }
        }
        std::fs::write(
            ws.join(".git/config"),
            "[remote \"origin\"]\n\turl = git@github.com:o/r.git\n[remote \"b\"]\n\turl = https://github.com/o/r\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run("cat .git/config"), None);
    }

    /// `git config -f FILE --includes` reads FILE and the files it includes, a file of secrets
    /// among them printed as entries; without `--includes` (the default for a named file) only
    /// FILE, whose own credentials count too.
    #[test]
    fn a_named_config_file_and_its_includes() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        std::fs::create_dir_all(ws.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(ws.join("home")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(ws.join("home/.my.cnf"), "[client]\npassword=x\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let secret = ws.join("home/.my.cnf");
        std::fs::write(
            ws.join("inc.cfg"),
            format!("[include]\n\tpath = {}\n", secret.display()),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(ws.join("plain.cfg"), "[core]\n\tbare = false\n")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            ws.join("tok.cfg"),
            "[remote \"o\"]\n\turl = https://x:ghp_a@github.com/o/r\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let run = |cmd: &str| {
            super::super::test_support::decisions_in(
                &super::super::exfiltration::SecretRead,
                cmd,
                ws,
            )
        };
        for cmd in [
            "git config -f inc.cfg --includes -l",
            "git config --includes --file=inc.cfg --get client.password",
            "git config --fil inc.cfg --inc -l",
            "git config -lf inc.cfg --includes",
            "git config list --file inc.cfg --includes",
            "git config get -f inc.cfg --includes --all client.password",
            "git config --blob HEAD:inc.cfg --includes -l",
            "git config -f \"$F\" --includes -l",
            "git config -f tok.cfg --get remote.o.url",
        ] {
            assert_eq!(run(cmd), Some(Decision::Ask), "{cmd}");
        }
        for cmd in [
            "git config -f inc.cfg -l",
            "git config -f inc.cfg --includes --no-includes -l",
            "git config --blob HEAD:inc.cfg -l",
            "git config -f plain.cfg --includes -l",
            "git config -f .gitmodules --get-regexp path",
        ] {
            assert_eq!(run(cmd), None, "{cmd}");
        }
    }

    fn e(section: &str, sub: Option<&str>, key: &str, value: Option<&str>) -> Entry {
        Entry {
            section: section.to_owned(),
            subsection: sub.map(str::to_owned),
            key: key.to_owned(),
            value: value.map(str::to_owned),
        }
    }

    #[test]
    fn config_files_are_read_as_git_reads_them() {
        let text = "\u{feff}# c\n[core]\n\trepositoryformatversion = 0\n\tbare\n[remote \"origin\"]\n\turl = https://x/y.git ; comment\n[Diff \"My\\\"D\"] TextConv = \"a b\"  # c\n[pager.x]\nlog = \"less\\\n -R\"\n[a]k=  v  w  \n";
        assert_eq!(
            parse(text),
            Ok(vec![
                e("core", None, "repositoryformatversion", Some("0")),
                e("core", None, "bare", None),
                e("remote", Some("origin"), "url", Some("https://x/y.git")),
                e("diff", Some("My\"D"), "textconv", Some("a b")),
                e("pager", Some("x"), "log", Some("less -R")),
                e("a", None, "k", Some("v  w")),
            ])
        );
        for bad in [
            "k = v\n",
            "[core\n",
            "[core] 9 = x\n",
            "[x \"a]\n",
            "[x]\nk = \"open\n",
            "[x]\nk = a\\q\n",
            "[x]\n=v\n",
            "[x]\nk v\n",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
