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
//! `diff` run git in each submodule), and its hooks directory (`core.hooksPath` or `hooks/`).
//! The person's own files (`~/.gitconfig`, `/etc/gitconfig`) are trusted and not read.
//!
//! **Known gaps**: a repository reached through `GIT_DIR`-like variables of the agent's
//! environment (not the line's) is not seen; a hook file is counted whether or not it is
//! executable; `alias.*` is looked at only for the unit's own subcommand.

use std::path::{Path, PathBuf};

use crate::files::{Look, resolve};

/// How deep git follows `include.path` (its own limit is 10).
const MAX_INCLUDE_DEPTH: usize = 10;

/// How many submodule configs are read before the rest counts as unknown.
const MAX_MODULES: usize = 64;

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
    let (git_dir, top) = match &target.git_dir {
        Some(d) => (d.clone(), None),
        None => match discover(look, &target.start)? {
            Ok(found) => found,
            Err(why) => return Some(why),
        },
    };
    let common = match look.read_to_string(git_dir.join("commondir")) {
        Ok(t) => resolve(t.trim_end_matches(['\n', '\r']), &git_dir),
        Err(_) => git_dir.clone(),
    };
    let mut seen = Seen::default();
    let mut files = vec![common.join("config"), git_dir.join("config.worktree")];
    if git_dir != common {
        files.push(git_dir.join("config"));
    }
    for f in &files {
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
    // Relative to the top of the work tree, where git runs hooks (the git directory of a bare
    // repository).
    let hooks = match &seen.hooks_path {
        Some((p, _)) => resolve(p, top.as_deref().unwrap_or(&git_dir)),
        None => common.join("hooks"),
    };
    hook_that_runs(look, &hooks, target.subcommand)
}

/// The git directory and work-tree top git finds from `start` (each directory up to `/`: a
/// `.git` directory, a `.git` file naming one, or the directory itself a bare repository).
/// `Err` when a `.git` file cannot be read.
fn discover(look: Look<'_>, start: &Path) -> Option<Result<(PathBuf, Option<PathBuf>), String>> {
    for d in start.ancestors() {
        let dot = d.join(".git");
        if look.is_dir(&dot) {
            return Some(Ok((dot, Some(d.to_path_buf()))));
        }
        if look.is_file(&dot) {
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
    match section {
        "core" if key == "fsmonitor" => {
            return (!is_bool(value))
                .then_some("names a hook git runs before it looks at the work tree");
        }
        // `pager.log = false` turns paging off; any other value is the pager.
        "pager" if !sub => return (!is_bool(value)).then_some(NAMES_PROGRAM),
        "filter" if sub && matches!(key, "clean" | "smudge" | "process") => {
            return (!is_git_lfs(e))
                .then_some("names a filter program git runs on the work tree's files");
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

/// A value git reads as a boolean: no `=` (true), empty (false), a word or a number.
fn is_bool(value: Option<&str>) -> bool {
    value.is_none_or(|v| {
        let v = v.trim();
        v.is_empty()
            || ["true", "false", "yes", "no", "on", "off"]
                .iter()
                .any(|w| v.eq_ignore_ascii_case(w))
            || (v.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The filter that `git lfs install --local` writes, exactly.
fn is_git_lfs(e: &Entry) -> bool {
    e.subsection.as_deref() == Some("lfs")
        && matches!(
            (e.key.as_str(), e.value.as_deref()),
            ("clean", Some("git-lfs clean -- %f"))
                | (
                    "smudge",
                    Some("git-lfs smudge -- %f" | "git-lfs smudge --skip -- %f")
                )
                | (
                    "process",
                    Some("git-lfs filter-process" | "git-lfs filter-process --skip")
                )
        )
}

/// A hook `subcommand` can run that the directory `hooks` holds: why, if there is one.
fn hook_that_runs(look: Look<'_>, hooks: &Path, subcommand: Option<&str>) -> Option<String> {
    let shown = hooks.display();
    if subcommand.is_none_or(|s| INDEX_HOOKS_ONLY.contains(&s)) {
        let h = INDEX_HOOKS.iter().find(|h| look.exists(&hooks.join(h)))?;
        return Some(format!(
            "git runs the hook `{shown}/{h}`, a file the agent can write, when the index or a ref is written"
        ));
    }
    if !look.is_dir(hooks) {
        return None;
    }
    let entries = std::fs::read_dir(hooks).ok()?;
    let h = entries.flatten().find(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        !name.ends_with(".sample") && !name.starts_with('.')
    })?;
    Some(format!(
        "git `{}` can run the hook `{shown}/{}`, a file the agent can write",
        subcommand.unwrap_or_default(),
        h.file_name().to_string_lossy()
    ))
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
