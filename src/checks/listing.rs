//! The names a file listing prints, looked up in the workspace: `cat $(ls)`, `git diff
//! --name-only | xargs cat`, `for f in $(find . -name '*.md'); do cat "$f"; done` hand a
//! printer whatever the listing prints, so what it reads is decided by the files that are there,
//! not by the words of the line.
//!
//! What: for a listing the path policy has found well-formed (`ls`, `find … -name P`, `git
//! ls-files P`, `git diff --name-only`; see `policy::dynamic_reads`), every name it would
//! print now, read as the printer will read it (from the working directory, through every
//! link), and judged as a path: a file of secrets, or a link to one, is named.
//!
//! Why: a name pattern no secret matches (`*.md`, `*`) says nothing about the files the
//! directory holds: `notes.md` may be a link to `~/.aws/credentials`, `find -name '*'` matches
//! `.env`, and git lists a tracked `.env` like any other file.
//!
//! Example: in a checkout with a tracked `.env`, `cat $(git ls-files '*')` asks (read-secret);
//! with `notes.md -> ~/.aws/credentials`, `cat $(ls *.md)` asks; `cat $(ls *.md)` among plain
//! files is allowed.
//!
//! Known gaps: a tree of more than [`MAX_WALK`] entries, a name that holds a blank or a
//! pattern character (bash splits and expands an unquoted substitution), an index git writes in
//! a format not read here, and a line that changes directory, are not looked through: the
//! listing counts as naming anything (ask). Files the line itself creates before the listing
//! runs are not seen.

use std::path::{Path, PathBuf};

use super::CheckCtx;
use super::link_read::MAX_WALK;
use crate::analyze::Unit;
use crate::files::secret_glob::bash_fnmatch;

/// What a listing may print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Listed {
    /// Only names of files that hold no secrets.
    Clean,
    /// The name of a file of secrets (or a link to one), as the listing prints it.
    Secret(String),
    /// Names not known here (too many, split by bash, another directory).
    Unknown,
}

/// The names `unit` (a listing the path policy has read as well-formed: static words, known
/// options) prints now, judged as paths read from the working directory.
pub(crate) fn names_printed(unit: &Unit, cx: &CheckCtx) -> Listed {
    // After a `cd` the names are read elsewhere.
    if cx.analysis.changes_directory() {
        return Listed::Unknown;
    }
    let Some(args) = static_args(unit) else {
        return Listed::Unknown;
    };
    let mut names = Names::new(cx);
    match unit.program.as_deref() {
        Some("ls") => ls(&args, &mut names),
        Some("find") => find(&args, &mut names),
        Some("git") => git(&args, &mut names),
        _ => names.unknown = true,
    }
    names.verdict()
}

/// Whether a find expression only narrows what `-print` (or `-print0`, for `xargs -0`) prints:
/// no alternative, no other action (`-printf`, `-fprint`, `-ls` print other text; `-exec`,
/// `-delete` act), no link following (`-L`, `-follow`).
pub(crate) fn find_narrows(expr: &[&str]) -> bool {
    let mut k = 0;
    while let Some(a) = expr.get(k) {
        k += match *a {
            "!" | "-not" | "-a" | "-and" | "-print" | "-print0" | "-empty" | "-readable"
            | "-executable" | "-xdev" | "-mount" | "-depth" | "-true" => 1,
            "-name" | "-iname" | "-path" | "-ipath" | "-wholename" | "-iwholename" | "-regex"
            | "-iregex" | "-regextype" | "-type" | "-maxdepth" | "-mindepth" | "-mtime"
            | "-mmin" | "-atime" | "-amin" | "-ctime" | "-cmin" | "-size" | "-newer" | "-perm"
            | "-user" | "-group" | "-uid" | "-gid" | "-links" | "-inum" => 2,
            _ => return false,
        };
    }
    true
}

/// The files `find … -exec PROGRAM {} +` (or `\;`, `-execdir`, `-ok`, `-okdir`) hands its
/// program: every entry the walk finds that the tests before the action let through (a name
/// test, `-maxdepth`; the others only narrow and are not followed), judged as the program
/// reads them. A start point outside the working directory, or an expression that does more
/// than narrow, names anything.
pub(crate) fn find_exec_names(find_unit: &Unit, cx: &CheckCtx) -> Listed {
    if cx.analysis.changes_directory() {
        return Listed::Unknown;
    }
    let Some(args) = static_args(find_unit) else {
        return Listed::Unknown;
    };
    let Some(cut) = args
        .iter()
        .position(|a| matches!(*a, "-exec" | "-execdir" | "-ok" | "-okdir"))
    else {
        return Listed::Unknown;
    };
    let before = &args[..cut];
    let expr_at = before
        .iter()
        .position(|a| a.starts_with('-') || matches!(*a, "(" | "!" | ")" | ","))
        .unwrap_or(before.len());
    let (starts, expr) = before.split_at(expr_at);
    if !starts.iter().all(|p| inside(p)) || !find_narrows(expr) {
        return Listed::Unknown;
    }
    let mut names = Names::new(cx);
    find(before, &mut names);
    names.verdict()
}

/// The unit's static words after the program, or `None` when one is dynamic.
pub(crate) fn static_args(unit: &Unit) -> Option<Vec<&str>> {
    unit.args().map(|a| a.value.as_deref()).collect()
}

/// A path under the working directory (relative, never climbing out of it).
pub(crate) fn inside(path: &str) -> bool {
    !path.starts_with('/') && !path.starts_with('~') && !path.split('/').any(|c| c == "..")
}

/// The names a listing prints, judged as they come.
struct Names<'a, 'c> {
    cx: &'a CheckCtx<'c>,
    secret: Option<String>,
    unknown: bool,
    seen: usize,
}

impl<'a, 'c> Names<'a, 'c> {
    fn new(cx: &'a CheckCtx<'c>) -> Self {
        Names {
            cx,
            secret: None,
            unknown: false,
            seen: 0,
        }
    }

    fn done(&self) -> bool {
        self.secret.is_some() || self.unknown
    }

    /// One printed name: bash splits it at blanks and expands a pattern in it, `xargs` reads
    /// quotes and backslashes in it, as `read` without `-r` reads backslashes, which is not
    /// followed here; else it is the path the printer opens from the working directory.
    fn printed(&mut self, name: &str) {
        if self.done() {
            return;
        }
        self.seen += 1;
        if self.seen > MAX_WALK || name.contains([' ', '\t', '\n', '*', '?', '[', '\\', '\'', '"'])
        {
            self.unknown = true;
            return;
        }
        let (path, lost) = crate::files::resolve_links_under(name, self.cx.cwd, self.cx.look);
        // A git config file holding a credential (`.git/config` after `actions/checkout`).
        if lost
            || crate::files::is_secret(&path)
            || super::git_config::file_credential(self.cx.look, name, self.cx.cwd).is_some()
        {
            self.secret = Some(name.to_owned());
        }
    }

    fn verdict(self) -> Listed {
        match (self.secret, self.unknown) {
            (Some(s), _) => Listed::Secret(s),
            (None, true) => Listed::Unknown,
            (None, false) => Listed::Clean,
        }
    }
}

/// `ls [-1trSdUX] [OPERAND…]`: an operand that is a directory (not with `-d`) prints the
/// names of its entries that do not begin with a dot, bare (read by the printer from the
/// working directory); any other operand prints itself. A pattern operand is expanded by bash
/// first.
fn ls(args: &[&str], names: &mut Names) {
    let only_dirs_themselves = args
        .iter()
        .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('d'));
    let operands: Vec<&str> = args
        .iter()
        .copied()
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut given: Vec<(String, PathBuf)> = Vec::new();
    if operands.is_empty() {
        given.push((".".to_owned(), names.cx.cwd.to_path_buf()));
    }
    for p in operands {
        if p.contains(['*', '?', '[']) {
            let (matches, complete) = super::link_read::expand(p, names.cx.cwd);
            if !complete {
                names.unknown = true;
                return;
            }
            for m in matches {
                let shown = m
                    .strip_prefix(names.cx.cwd)
                    .map_or_else(|_| m.clone(), Path::to_path_buf);
                given.push((shown.to_string_lossy().into_owned(), m));
            }
        } else {
            given.push((p.to_owned(), names.cx.cwd.join(p)));
        }
    }
    for (shown, path) in given {
        if !only_dirs_themselves && names.cx.look.is_dir(&path) {
            let Ok(entries) = std::fs::read_dir(&path) else {
                continue;
            };
            for e in entries.flatten() {
                let n = e.file_name();
                let n = n.to_string_lossy();
                if !n.starts_with('.') {
                    names.printed(&n);
                }
            }
        } else if shown != "." {
            names.printed(&shown);
        }
        if names.done() {
            return;
        }
    }
}

/// `find START… EXPR` with `-name`/`-iname` tests (no alternatives, no action but `-print`,
/// no link following: the path policy has checked the words): every entry under each start
/// point, at any depth up to `-maxdepth`, hidden ones included, whose name matches every
/// positive name test, printed as `START/…`.
fn find(args: &[&str], names: &mut Names) {
    let expr_at = args
        .iter()
        .position(|a| a.starts_with('-') || matches!(*a, "(" | "!" | ")" | ","))
        .unwrap_or(args.len());
    let (starts, expr) = args.split_at(expr_at);
    let mut tests: Vec<(&str, bool)> = Vec::new();
    let mut max_depth = usize::MAX;
    for (k, a) in expr.iter().enumerate() {
        let negated = k > 0 && matches!(expr[k - 1], "!" | "-not");
        match *a {
            "-name" | "-iname" if !negated => {
                if let Some(p) = expr.get(k + 1) {
                    tests.push((p, *a == "-iname"));
                }
            }
            "-maxdepth" => {
                if let Some(d) = expr.get(k + 1).and_then(|d| d.parse::<usize>().ok()) {
                    max_depth = max_depth.min(d);
                }
            }
            _ => {}
        }
    }
    let default = ["."];
    let starts = if starts.is_empty() {
        &default[..]
    } else {
        starts
    };
    let wanted = |name: &str| tests.iter().all(|(p, fold)| bash_fnmatch(p, name, *fold));
    for start in starts {
        let root = names.cx.cwd.join(start);
        let base = start.trim_end_matches('/');
        let top = root
            .file_name()
            .map_or_else(|| (*start).to_owned(), |n| n.to_string_lossy().into_owned());
        if wanted(&top) {
            names.printed(start);
        }
        // Links are not descended (find's default), but one found is judged where it leads.
        if !std::fs::symlink_metadata(&root).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        let mut stack = vec![(root, base.to_owned(), 0usize)];
        while let Some((dir, shown, depth)) = stack.pop() {
            if depth >= max_depth {
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let n = e.file_name();
                let n = n.to_string_lossy();
                let here = format!("{shown}/{n}");
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    stack.push((e.path(), here.clone(), depth + 1));
                }
                if wanted(&n) {
                    names.printed(&here);
                } else {
                    names.seen += 1;
                    names.unknown |= names.seen > MAX_WALK;
                }
                if names.done() {
                    return;
                }
            }
        }
    }
}

/// `git ls-files [PATHSPEC…]` (tracked files under the working directory that a pathspec
/// matches, `*` matching `/` as in git's pathspecs, printed from the working directory unless
/// `--full-name`) and `git diff --name-only` (any tracked file, printed from the top of the
/// work tree unless `--relative`), read from git's index. A file git lists that is not on disk
/// cannot be read.
fn git(args: &[&str], names: &mut Names) {
    let cx = names.cx;
    let Some(sub) = args.first() else {
        names.unknown = true;
        return;
    };
    let repo = match super::git_config::repo_at(cx.look, cx.cwd) {
        // Not a repository: git prints an error and no name.
        None => return,
        Some(Err(_)) => {
            names.unknown = true;
            return;
        }
        Some(Ok(repo)) => repo,
    };
    let Some(top) = repo.top.clone() else {
        return;
    };
    let Some(tracked) = super::tree_search::tracked_files(&repo.git_dir, &repo.common, cx.look)
    else {
        names.unknown = true;
        return;
    };
    let cwd_real = crate::files::resolve_links_under(".", cx.cwd, cx.look).0;
    let prefix = cwd_real
        .strip_prefix(&top)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = if prefix.is_empty() {
        String::new()
    } else {
        format!("{prefix}/")
    };
    let rest = &args[1..];
    let has = |o: &str| rest.contains(&o);
    let (from_cwd, specs): (bool, Vec<&str>) = if *sub == "ls-files" {
        if has("-o") || has("--others") {
            names.unknown = true;
            return;
        }
        (
            !has("--full-name"),
            rest.iter()
                .copied()
                .filter(|a| !a.starts_with('-'))
                .collect(),
        )
    } else {
        (has("--relative"), Vec::new())
    };
    if specs.iter().any(|s| s.starts_with(':')) {
        names.unknown = true;
        return;
    }
    // `git diff --name-only REV`, `--cached`: a file the index no longer holds (removed from it,
    // or changed only in history) is still listed, and may be on disk: every file of the work
    // tree may be.
    if *sub == "diff"
        && (has("--cached")
            || has("--staged")
            || rest.iter().any(|a| !a.starts_with('-') && *a != "--"))
    {
        work_tree(&top, &prefix, from_cwd, names);
        return;
    }
    for f in &tracked {
        let under = f.path.strip_prefix(prefix.as_str());
        let shown = match (from_cwd, under) {
            (true, Some(rel)) => rel,
            (true, None) => continue,
            (false, _) => f.path.as_str(),
        };
        if *sub == "ls-files"
            && !specs.is_empty()
            && !specs
                .iter()
                .any(|s| under.is_some_and(|rel| bash_fnmatch(s, rel, false)))
        {
            continue;
        }
        names.printed(shown);
        if names.done() {
            return;
        }
    }
}

/// Every file under the top of a work tree (`.git` left out, links not descended), printed
/// from the top, or from the working directory (`prefix` below the top) when `from_cwd`.
fn work_tree(top: &Path, prefix: &str, from_cwd: bool, names: &mut Names) {
    let mut stack = vec![(top.to_path_buf(), String::new())];
    while let Some((dir, shown)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let n = e.file_name();
            let n = n.to_string_lossy();
            if shown.is_empty() && n == ".git" {
                continue;
            }
            let here = if shown.is_empty() {
                n.into_owned()
            } else {
                format!("{shown}/{n}")
            };
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push((e.path(), here));
                names.seen += 1;
                names.unknown |= names.seen > MAX_WALK;
            } else if !from_cwd {
                names.printed(&here);
            } else if let Some(rel) = here.strip_prefix(prefix) {
                names.printed(rel);
            }
            if names.done() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::analyze::analyze;

    fn listed(dir: &Path, line: &str) -> Listed {
        let analysis = analyze(line, &Limits::default());
        let cx = CheckCtx::new(&analysis, dir);
        let unit = analysis
            .units
            .iter()
            .find(|u| matches!(u.program.as_deref(), Some("ls" | "find" | "git")))
            .unwrap_or_else(|| panic!("no listing in {line}"));
        names_printed(unit, &cx)
    }

    fn put(p: &Path, text: &str) {
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(p, text).unwrap_or_else(|e| panic!("{e}"));
    }

    fn workspace() -> (tempfile::TempDir, PathBuf) {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = std::fs::canonicalize(t.path()).unwrap_or_else(|e| panic!("{e}"));
        put(&root.join("README.md"), "x\n");
        put(&root.join("src/main.rs"), "fn main() {}\n");
        (t, root)
    }

    #[test]
    fn ls_names_judged_where_the_printer_reads_them() {
        let (_t, root) = workspace();
        assert_eq!(listed(&root, "ls"), Listed::Clean);
        assert_eq!(listed(&root, "ls *.md"), Listed::Clean);
        put(&root.join("id_rsa"), "key\n");
        assert_eq!(listed(&root, "ls"), Listed::Secret("id_rsa".into()));
        assert_eq!(listed(&root, "ls *.md"), Listed::Clean);
        // `ls src` prints bare names, which the printer reads from here.
        assert_eq!(listed(&root, "ls src"), Listed::Clean);
        put(&root.join("src/id_rsa"), "key\n");
        assert_eq!(listed(&root, "ls src"), Listed::Secret("id_rsa".into()));
        // A blank in a name: bash splits it.
        put(&root.join("docs/my notes.md"), "x\n");
        assert_eq!(listed(&root, "ls -d docs/*.md"), Listed::Unknown);
    }

    #[test]
    fn a_link_named_like_a_document_is_judged_where_it_leads() {
        let (_t, root) = workspace();
        put(&root.join("home/.aws/credentials"), "[default]\n");
        let link = root.join("ws/notes.md");
        put(&root.join("ws/README.md"), "x\n");
        std::os::unix::fs::symlink(root.join("home/.aws/credentials"), &link)
            .unwrap_or_else(|e| panic!("{e}"));
        let ws = root.join("ws");
        assert_eq!(listed(&ws, "ls *.md"), Listed::Secret("notes.md".into()));
        assert_eq!(
            listed(&ws, "find . -name '*.md'"),
            Listed::Secret("./notes.md".into())
        );
        assert_eq!(listed(&ws, "find . -name 'R*'"), Listed::Clean);
    }

    #[test]
    fn find_sees_hidden_files_at_any_depth_up_to_maxdepth() {
        let (_t, root) = workspace();
        assert_eq!(listed(&root, "find . -name '*'"), Listed::Clean);
        put(&root.join("deep/er/.env"), "TOKEN=x\n");
        assert_eq!(
            listed(&root, "find . -name '*'"),
            Listed::Secret("./deep/er/.env".into())
        );
        assert_eq!(listed(&root, "find . -maxdepth 2 -name '*'"), Listed::Clean);
        assert_eq!(listed(&root, "find src -name '*'"), Listed::Clean);
        // A git config file that holds a credential.
        put(
            &root.join("src/.git/config"),
            "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3M=\n",
        );
        assert_eq!(
            listed(&root, "find src -name 'config'"),
            Listed::Secret("src/.git/config".into())
        );
        assert_eq!(
            listed(&root, "cd deep && find . -name '*'"),
            Listed::Unknown
        );
    }

    #[test]
    fn find_exec_hands_its_program_what_the_walk_finds() {
        let (_t, root) = workspace();
        let exec = |line: &str| {
            let analysis = analyze(line, &Limits::default());
            let cx = CheckCtx::new(&analysis, &root);
            let find = analysis
                .units
                .iter()
                .find(|u| u.program.as_deref() == Some("find"))
                .unwrap_or_else(|| panic!("no find in {line}"));
            find_exec_names(find, &cx)
        };
        assert_eq!(exec("find . -type f -exec cat {} +"), Listed::Clean);
        put(&root.join("deploy/.env"), "TOKEN=x\n");
        assert_eq!(
            exec("find . -type f -exec cat {} +"),
            Listed::Secret("./deploy/.env".into())
        );
        assert_eq!(exec("find . -name '*.rs' -exec cat {} +"), Listed::Clean);
        assert_eq!(exec("find src -exec head -5 {} \\;"), Listed::Clean);
        // Alternatives, links followed, a start outside: anything.
        assert_eq!(
            exec("find . -name '*.rs' -o -name x -exec cat {} +"),
            Listed::Unknown
        );
        assert_eq!(
            exec("find -L . -name '*.rs' -exec cat {} +"),
            Listed::Unknown
        );
        assert_eq!(exec("find / -name '*.rs' -exec cat {} +"), Listed::Unknown);
    }

    #[test]
    fn git_lists_what_its_index_tracks() {
        let (_t, root) = workspace();
        let git = |args: &[&str]| {
            let ok = std::process::Command::new("git")
                .args(args)
                .current_dir(&root)
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .env("GIT_CONFIG_NOSYSTEM", "1")
                .output()
                .is_ok_and(|o| o.status.success());
            assert!(ok, "git {args:?}");
        };
        git(&["init", "-q", "."]);
        git(&["add", "README.md", "src/main.rs"]);
        assert_eq!(listed(&root, "git ls-files '*'"), Listed::Clean);
        assert_eq!(listed(&root, "git diff --name-only"), Listed::Clean);
        // An untracked secret is not listed.
        put(&root.join(".env"), "TOKEN=x\n");
        assert_eq!(listed(&root, "git ls-files '*'"), Listed::Clean);
        git(&["add", "-f", ".env"]);
        assert_eq!(
            listed(&root, "git ls-files '*'"),
            Listed::Secret(".env".into())
        );
        assert_eq!(listed(&root, "git ls-files '*.md'"), Listed::Clean);
        assert_eq!(
            listed(&root, "git diff --name-only"),
            Listed::Secret(".env".into())
        );
        // A file taken out of the index but left on disk is still a change.
        git(&["rm", "-q", "--cached", ".env"]);
        assert_eq!(listed(&root, "git diff --name-only"), Listed::Clean);
        assert_eq!(
            listed(&root, "git diff --cached --name-only"),
            Listed::Secret(".env".into())
        );
        assert_eq!(
            listed(&root, "git diff --name-only HEAD~3"),
            Listed::Secret(".env".into())
        );
        // Pathspec magic (`:(exclude)`) and untracked files are not read here.
        assert_eq!(
            listed(&root, "git ls-files ':(exclude)*.md'"),
            Listed::Unknown
        );
        assert_eq!(listed(&root, "git ls-files -o '*.md'"), Listed::Unknown);
    }
}
