//! One path policy for every door: the agent's file tools (Read, Write, Edit…) and the paths a
//! bash unit reads or writes.
//!
//! Rules are Claude-style `Read(pattern)`, `Edit(pattern)` and `Write(pattern)` strings in a
//! policy's `allow` / `ask` / `deny` lists, with gitignore-style patterns and Claude's anchors:
//! `//abs/path` is absolute, `~/…` is under the home directory, `/…` is relative to the policy
//! file's directory, `./…` or a bare pattern is relative to the working directory (a bare pattern
//! without `/` matches at any depth). Paths are resolved against the workspace as the kernel
//! resolves them ([`resolve`]): every symlink is followed before the next `..`, and a dangling
//! final link to the file a write would create, so `./link-to-ssh/id_rsa` is `~/.ssh/id_rsa`
//! and `link/../config` is the `config` beside the link's target.
//!
//! Built in: reading secrets (keys, credentials, `.env` files…) is at least ask; writing them,
//! account files, VCS internals, agent settings or shclass's own policy is deny; writing
//! start-up files (shell rc files, git hooks, CI definitions…) or outside the workspace is at
//! least ask. Which file is which is [`crate::files`]'s one classification, the same the checks
//! read; this module turns it into decisions. For bash, the paths come from redirect targets
//! and the file operands of known writers and readers ([`unit_paths`]).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::{Decision, Origin, Reason, Risk, Source};
use crate::analyze::Unit;
use crate::checks::common::{TAR_CREATES, tar_created_archives, tar_mode};
use crate::files::{
    home, is_account, is_protected, is_secret, is_startup, lexical, resolve, resolve_links,
};
use crate::glob::Glob;
use crate::programs::args::{self, Names, OptionSpec, Role};
use crate::programs::tables;

/// What a tool does to a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// Read, Glob, Grep, `cat`.
    Read,
    /// Write, Edit, `MultiEdit`, `NotebookEdit`, `>`, `tee`, `cp` destination.
    Write,
    /// Grep and the other content searches of the agents' tools: a file is read as `Read`
    /// reads it, and a directory has every file under it read for the lines that match, as
    /// `rg PATTERN DIR` reads it (path rules for `Read` apply).
    Search,
    /// Glob, LS and the other listings of the agents' tools: the names of the files under a
    /// path, no contents (path rules for `Read` apply; as `ls` and `find -name` are judged,
    /// nothing the built-in policy knows of contents does).
    List,
}

/// A compiled path rule.
#[derive(Debug)]
pub(crate) struct PathRule {
    /// `Read` rules apply to reads; `Edit`/`Write` rules to writes.
    pub access: Access,
    /// Decision.
    pub decision: Decision,
    /// The pattern as written.
    pub text: String,
    /// Where it came from.
    pub source: Source,
    matcher: Glob,
}

impl PathRule {
    /// Parse `Read(…)`, `Edit(…)`, `Write(…)`; `Ok(None)` for other entries. `base` is the
    /// policy file's directory, `cwd` the workspace.
    pub(crate) fn parse(
        entry: &str,
        decision: Decision,
        source: &Source,
        base: &Path,
        cwd: &Path,
    ) -> Result<Option<PathRule>, String> {
        let entry = entry.trim();
        let (access, rest) = if let Some(r) = entry.strip_prefix("Read(") {
            (Access::Read, r)
        } else if let Some(r) = entry
            .strip_prefix("Edit(")
            .or_else(|| entry.strip_prefix("Write("))
            .or_else(|| entry.strip_prefix("MultiEdit("))
        {
            (Access::Write, r)
        } else {
            return Ok(None);
        };
        let pattern = rest
            .strip_suffix(')')
            .ok_or_else(|| format!("`{entry}` has no closing parenthesis"))?;
        let absolute = anchor(pattern, base, cwd);
        let matcher =
            Glob::new(&absolute).map_err(|e| format!("bad path pattern `{pattern}`: {e}"))?;
        Ok(Some(PathRule {
            access,
            decision,
            text: pattern.to_owned(),
            source: source.clone(),
            matcher,
        }))
    }

    fn matches(&self, path: &Path) -> bool {
        let text = path.to_string_lossy();
        self.matcher.is_match(&text)
            || (!self.text.ends_with("**") && self.matcher.is_match(&format!("{text}/x")))
    }
}

/// Claude's anchors, turned into an absolute glob.
fn anchor(pattern: &str, base: &Path, cwd: &Path) -> String {
    let (root, rel) = if let Some(abs) = pattern.strip_prefix("//") {
        (PathBuf::from("/"), abs.to_owned())
    } else if let Some(h) = pattern.strip_prefix("~/") {
        (home(), h.to_owned())
    } else if let Some(r) = pattern.strip_prefix('/') {
        (base.to_path_buf(), r.to_owned())
    } else if let Some(r) = pattern.strip_prefix("./") {
        (cwd.to_path_buf(), r.to_owned())
    } else if pattern.contains('/') {
        (cwd.to_path_buf(), pattern.to_owned())
    } else {
        (cwd.to_path_buf(), format!("**/{pattern}"))
    };
    let mut s = root.display().to_string();
    if !s.ends_with('/') {
        s.push('/');
    }
    s.push_str(&rel);
    s
}

/// Decide one access to one path: the reasons that apply (empty when nothing has an opinion).
pub(crate) fn decide_path(
    rules: &[PathRule],
    cwd: &Path,
    access: Access,
    raw: &str,
    span: crate::ast::Span,
    unit: Option<usize>,
) -> Vec<Reason> {
    let (path, looped) = resolve_links(raw, cwd);
    decide_resolved(rules, cwd, access, raw, &path, looped, span, unit)
}

/// [`decide_path`] for a path already resolved (`path`, and whether its walk met a link loop).
#[allow(clippy::too_many_arguments)]
pub(crate) fn decide_resolved(
    rules: &[PathRule],
    cwd: &Path,
    access: Access,
    raw: &str,
    path: &Path,
    looped: bool,
    span: crate::ast::Span,
    unit: Option<usize>,
) -> Vec<Reason> {
    let mut out = Vec::new();
    let shown = path.display();
    if looped {
        out.push(Reason::path(Decision::Ask, Risk::High, "path-link-loop", format!(
                "`{raw}` goes through more than 40 symbolic links (a loop) or a link that cannot be read: where it ends is not known"
            ), span, unit));
    }
    for r in rules.iter().filter(|r| r.access == access) {
        if r.matches(path) {
            out.push(Reason {
                decision: r.decision,
                risk: match r.decision {
                    Decision::Deny => Risk::High,
                    Decision::Ask => Risk::Medium,
                    Decision::Allow => Risk::Low,
                },
                rule: Origin::Path(
                    format!(
                        "{}({})",
                        if access == Access::Read {
                            "Read"
                        } else {
                            "Edit"
                        },
                        r.text
                    )
                    .into(),
                ),
                source: r.source.clone(),
                message: format!("path rule matches `{shown}`").into(),
                span,
                unit,
                suggest: None,
            });
        }
    }
    let written = lexical(raw, cwd);
    // The reader's own descriptors (`/dev/stdin`, `/dev/fd/3`, `/proc/self/fd/0`): where this
    // process's descriptor of that number leads says nothing of the reader's; what the line
    // opens on one is judged at its redirect.
    let descriptor = crate::files::is_own_descriptor(&written);
    // A directory of secrets (`~/.aws`) reached through a link of the workspace (`docs` →
    // `~/.aws`): a recursive reader given the link (`grep -r . docs`) reads every secret in it,
    // and no text of the line names it. Named as written, the checks that know which readers
    // recurse judge it.
    let secret = !descriptor
        && (is_secret(path)
            || access == Access::Read && crate::files::is_secret_dir(path) && written != path);
    // Start-up, protected and account files matter only to writes.
    let write = access == Access::Write;
    // A path above one (`mv x .cargo`, `cp -r x .claude`, `ln -s x .git`, a `gitdir:` file
    // written as `.git`) counts as it: what is written there holds what its source holds.
    let protected_dir = write && crate::files::is_protected_dir(path);
    let startup = write
        && !protected_dir
        && (is_startup(path) || crate::files::is_startup_dir(path) && !is_protected(path));
    let protected = write && !startup && (is_protected(path) || is_account(path) || protected_dir);
    let mut push = |decision, risk, rule: &'static str, message: String| {
        out.push(Reason::path(decision, risk, rule, message, span, unit));
    };
    // `cat /dev/sda`, `sort /dev/char/1:1`, `strings /dev/../dev/mem`: a device read, judged
    // on the path as written (normalised) and where it leads, so a descriptor of the reader's
    // own (`/dev/stdin`) is not judged by where this process's descriptor leads.
    let own_stream =
        descriptor || written.starts_with("/dev") && !crate::files::is_device_read(&written);
    let device = access == Access::Read
        && (crate::files::is_device_read(&written)
            || !own_stream && crate::files::is_device_read(path));
    match access {
        Access::Read if device && !secret => push(
            Decision::Ask,
            Risk::High,
            "read-device",
            format!(
                "reads the device `{shown}`: a disk, memory, terminal, input, log or hardware device gives what is on the machine, or acts when opened"
            ),
        ),
        Access::Read if secret => push(
            Decision::Ask,
            Risk::High,
            "read-secret",
            format!("reads `{shown}`, which holds secrets"),
        ),
        // Writing a `.env` file (or direnv's `.envrc`, a `prod.env`, a framework's
        // `secrets.yml`) is a routine set-up step (`cp .env.example .env`, `echo 'use flake' >
        // .envrc`): ask. One that also runs when a directory is entered (`.envrc`) is a start-up
        // file, whose ask no mode drops.
        Access::Write if secret && is_env_file(path) && startup => push(
            Decision::Ask,
            Risk::High,
            "write-startup-file",
            format!(
                "writes `{shown}`, which holds secrets and decides what later shells run when they enter its directory"
            ),
        ),
        Access::Write if secret && is_env_file(path) => push(
            Decision::Ask,
            Risk::High,
            "write-env-file",
            format!("writes `{shown}`, which holds secrets"),
        ),
        // Clearing one's shell history is a person's call, not a catastrophe: ask.
        Access::Write if secret && is_history_file(path) => push(
            Decision::Ask,
            Risk::High,
            "write-history-file",
            format!("writes `{shown}`, a history that may hold secrets"),
        ),
        Access::Write if secret => push(
            Decision::Deny,
            Risk::Critical,
            "write-secret",
            format!("writes `{shown}`, which holds secrets"),
        ),
        Access::Write if startup => push(
            Decision::Ask,
            Risk::High,
            "write-startup-file",
            format!(
                "writes `{shown}`, which decides what later shells, editors, interpreters or git commands run, or who may log in"
            ),
        ),
        Access::Write if protected => push(
            Decision::Deny,
            Risk::Critical,
            "write-protected-file",
            format!("writes `{shown}`, which decides what runs or what is allowed"),
        ),
        // `Policy::check_path` decides a search as a read (and its tree on its own).
        Access::Read | Access::Write | Access::Search | Access::List => {}
    }
    if access == Access::Write && !path.starts_with(cwd) && !is_scratch(path) {
        push(
            Decision::Ask,
            Risk::High,
            "write-outside-workspace",
            format!(
                "writes `{shown}`, outside the workspace `{}`",
                cwd.display()
            ),
        );
    }
    out
}

/// The paths a copy, move or link into a directory makes: `cp -r x/.git .` writes `./.git`,
/// `mv evil/.claude dir/` writes `dir/.claude`. Whether the destination is a directory is
/// known only when the line runs, so each source named like a start-up or protected directory
/// or file ([`crate::files::guarded_names`]) counts as written below each destination too (a
/// destination that is a file adds a path nothing is below).
fn into_directory(
    sources: &[&str],
    dests: &[(&str, crate::ast::Span)],
    out: &mut Vec<(Access, String, crate::ast::Span)>,
) {
    for &(dest, span) in dests {
        for src in sources {
            // Only the names the start-up and protected lists look for: the path of any other
            // is judged where the source is read.
            let name = src.trim_end_matches('/').rsplit('/').next().unwrap_or("");
            if !crate::files::guarded_names().iter().any(|n| n == name) {
                continue;
            }
            out.push((
                Access::Write,
                format!("{}/{name}", dest.trim_end_matches('/')),
                span,
            ));
        }
    }
}

/// shclass's own files, whatever the environment points them at: the state root (trust
/// record, session state, audit anchors), the user's policy directory and the managed policy.
fn own_paths() -> Vec<PathBuf> {
    let mut out = Vec::new();
    out.extend(crate::state::state_root());
    if let Some(c) = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
    {
        out.push(c.join("shclass"));
    }
    if let Some(m) = std::env::var_os("SHCLASS_MANAGED_POLICY").filter(|m| !m.is_empty()) {
        out.push(PathBuf::from(m));
    }
    out
}

/// The user name of a file tool's path that starts with `~user` (`~root/.ssh/id_rsa`,
/// `~bob`): a shell reads it as that user's home directory, while a file tool that expands only
/// `~` and `~/` reads it as a directory of the workspace named `~bob`. Which one the agent's tool
/// does is not known, so such a path is never taken as the workspace's (`~` and `~/x` are the
/// home directory's, as everywhere).
pub(crate) fn other_home_prefix(raw: &str) -> Option<&str> {
    let rest = raw.strip_prefix('~')?;
    let user = rest.split('/').next().unwrap_or(rest);
    (!user.is_empty()).then_some(user)
}

/// A content search of the directory `raw` (resolved from `cwd`): asks when the files under it
/// hold secrets, as the same search written in bash does (`rg KEY ~/.ssh`, `rg KEY ~`): a
/// directory of secrets (`~/.ssh`), a home directory or one above it or them (`/home`, `/`), a
/// directory that holds system secrets (`/etc`, `/proc`), or one of the home's that holds a file
/// of secrets (`~/.config`: `gh/hosts.yml`). What a search of a file reads is judged as a read.
pub(crate) fn searched_tree(cwd: &Path, raw: &str) -> Option<Reason> {
    let dir = resolve(raw, cwd);
    if !dir.is_dir() {
        return None;
    }
    let text = dir.to_string_lossy();
    let home = home();
    let what = if crate::files::is_secret_dir(&dir) {
        "secrets"
    } else if home.starts_with(&dir)
        || crate::files::is_home(&text)
        || crate::files::is_home(&dir.join("x").to_string_lossy())
    {
        "a home directory (keys, tokens, history)"
    } else if crate::files::secret_glob::dir_holds_system_secret(&text) {
        "system secrets (password hashes, host keys, process environments, mounted secrets)"
    } else if dir.strip_prefix(&home).is_ok_and(|rest| {
        crate::files::secret_glob::dir_holds_home_secret(&format!("~/{}", rest.display()))
    }) {
        "files of secrets (tokens, keys)"
    } else {
        return None;
    };
    Some(Reason::path(
        Decision::Ask,
        Risk::High,
        "read-secret",
        format!("searches every file under `{text}`, which holds {what}"),
        crate::ast::Span::default(),
        None,
    ))
}

/// A write to one of shclass's own files (`own`, plus the state root, the user's policy
/// directory and the managed policy) is denied for every tool and every bash unit: the agent
/// shclass guards must not edit what decides or records it.
pub(crate) fn own_file_reason(
    own: &[PathBuf],
    cwd: &Path,
    access: Access,
    raw: &str,
    span: crate::ast::Span,
    unit: Option<usize>,
) -> Option<Reason> {
    if access != Access::Write {
        return None;
    }
    own_file_resolved(own, cwd, access, &resolve(raw, cwd), span, unit)
}

/// [`own_file_reason`] for a path already resolved.
pub(crate) fn own_file_resolved(
    own: &[PathBuf],
    cwd: &Path,
    access: Access,
    path: &Path,
    span: crate::ast::Span,
    unit: Option<usize>,
) -> Option<Reason> {
    static OWN: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    if access != Access::Write {
        return None;
    }
    let builtin = OWN.get_or_init(|| {
        own_paths()
            .iter()
            .map(|p| resolve(&p.to_string_lossy(), cwd))
            .collect()
    });
    let hit = own.iter().chain(builtin).find(|o| path.starts_with(o))?;
    Some(Reason::path(
        Decision::Deny,
        Risk::Critical,
        "write-shclass-file",
        format!(
            "writes `{}`, shclass's own file (`{}`: policy, trust record, session state or audit log)",
            path.display(),
            hit.display()
        ),
        span,
        unit,
    ))
}

fn is_history_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with("_history") || n == ".histfile")
}

fn is_env_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "env")
        || path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
            n == ".env" || n == ".envrc" || n.starts_with(".env.") || n.starts_with("secrets.")
        })
}

/// Scratch locations where writing is ordinary (the scratch directories, `/dev/null`).
fn is_scratch(path: &Path) -> bool {
    crate::files::is_scratch_path(path) || path.starts_with("/dev/null")
}

/// Programs whose operands are no reads: those that only name their paths
/// ([`crate::programs::is_names_only`]), and the ssh family, whose own rules decide about the
/// keys they are given.
fn is_names_only(p: &str) -> bool {
    crate::programs::is_names_only(p)
        || matches!(p, "ssh" | "sftp" | "ssh-add" | "ssh-keygen" | "ssh-copy-id")
}

/// `file -s`/`--special-files` (also in a bundle, `-sL`): file reads the contents of block
/// and character devices too, where without it it only names their kind.
fn reads_special_files(unit: &Unit) -> bool {
    tables::parse_builtin("file", &unit.argv, 1).is_none_or(|parsed| {
        parsed
            .opts
            .iter()
            .any(|o| matches!(o.name.as_ref(), "-s" | "--special-files"))
    })
}

/// The paths a bash unit reads and writes, as far as its program is known.
pub(crate) fn unit_paths(unit: &Unit) -> Vec<(Access, String, crate::ast::Span)> {
    unit_paths_opening(unit, None)
}

/// [`unit_paths`], and in `opened` (when given) the relative words of a program that does not
/// only name its paths nor has its operands read above (`blkid watchdog`, `exiftool environ`):
/// in the workspace such a word is the workspace's file, but after a move (`cd /dev && blkid
/// watchdog`, `pushd /proc/1; exiftool environ`) the program opens what the word names there.
/// An absolute device or a secret's name is judged on its text already; the caller, which
/// knows where the unit runs, judges these where they lead.
pub(crate) fn unit_paths_opening(
    unit: &Unit,
    mut opened: Option<&mut Vec<(String, crate::ast::Span)>>,
) -> Vec<(Access, String, crate::ast::Span)> {
    let mut out = Vec::new();
    for r in &unit.redirects {
        if r.writes_file() {
            out.push((
                Access::Write,
                r.target.clone().unwrap_or_else(|| r.template.clone()),
                r.span,
            ));
        } else if r.op == "<" {
            out.push((
                Access::Read,
                r.target.clone().unwrap_or_else(|| r.template.clone()),
                r.span,
            ));
        }
    }
    // `xargs -a FILE`: the wrapper reads FILE.
    for a in &unit.wrapper_reads {
        out.push((
            Access::Read,
            a.value.as_deref().unwrap_or(&a.template).to_owned(),
            a.span,
        ));
    }
    let Some(program) = unit.program.as_deref() else {
        return out;
    };
    let operands: Vec<(&str, crate::ast::Span)> = unit
        .args()
        .filter_map(|a| {
            let t = a.value.as_deref().unwrap_or(&a.template);
            (!t.starts_with('-') || t == "-").then_some((t, a.span))
        })
        .collect();
    let all = |access: Access, out: &mut Vec<(Access, String, crate::ast::Span)>| {
        for (t, s) in &operands {
            out.push((access, (*t).to_owned(), *s));
        }
    };
    match program {
        // `tee >(wc -l) /dev/null`: a pipe to a command of its own and the null device are
        // no files it changes.
        "tee" => {
            for a in unit.args() {
                let t = a.value.as_deref().unwrap_or(&a.template);
                let pipe = a.value.is_none() && t == ">(…)";
                if !t.starts_with('-')
                    && !pipe
                    && !matches!(t, "/dev/null" | "/dev/stdout" | "/dev/stderr")
                {
                    out.push((Access::Write, t.to_owned(), a.span));
                }
            }
        }
        "rm" | "rmdir" | "shred" | "truncate" | "touch" | "mkdir" | "unlink" => {
            all(Access::Write, &mut out);
        }
        "cp" | "install" | "ln" | "rsync" | "scp" => {
            // The table says which operand is written (the last, unless `-t DIR` names the
            // destination); the others are read. A remote destination is no local file.
            let spec = tables::builtin(program).unwrap_or_default();
            let parsed = args::parse(Some(&spec), &unit.argv);
            let written = spec.output_operands(&parsed);
            let mut sources = Vec::new();
            let mut dests = Vec::new();
            for &i in &parsed.operands {
                let Some(a) = unit.argv.get(i) else { continue };
                let t = a.value.as_deref().unwrap_or(&a.template);
                if !written.contains(&i) {
                    out.push((Access::Read, t.to_owned(), a.span));
                    sources.push(t);
                } else if !t.contains(':') || program == "cp" {
                    out.push((Access::Write, t.to_owned(), a.span));
                    dests.push((t, a.span));
                }
            }
            // `cp -t DIR x/.claude`: the directory an option names is a destination too (its
            // own paths come from the table's roles below).
            for (o, role) in spec.option_roles(&parsed) {
                if role != Role::OutputDir {
                    continue;
                }
                let Some(at) = unit.argv.get(o.value_at.unwrap_or(o.index)) else {
                    continue;
                };
                match o.value.as_deref() {
                    Some(v) if !v.contains(':') || program == "cp" => dests.push((v, at.span)),
                    _ => {}
                }
            }
            into_directory(&sources, &dests, &mut out);
        }
        "mv" => {
            all(Access::Write, &mut out);
            if let Some((&(dest, span), sources)) = operands.split_last() {
                let sources: Vec<&str> = sources.iter().map(|(t, _)| *t).collect();
                into_directory(&sources, &[(dest, span)], &mut out);
            }
        }
        "sed" | "perl"
            if unit.args().any(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| v == "-i" || v.starts_with("-i") || v == "--in-place")
            }) =>
        {
            for (t, s) in operands.iter().skip(1) {
                out.push((Access::Write, (*t).to_owned(), *s));
            }
        }
        "dd" => {
            for a in unit.args() {
                if let Some(v) = a.value.as_deref() {
                    if let Some(f) = v.strip_prefix("of=") {
                        out.push((Access::Write, f.to_owned(), a.span));
                    } else if let Some(f) = v.strip_prefix("if=") {
                        out.push((Access::Read, f.to_owned(), a.span));
                    }
                }
            }
        }
        // `grep .env src/`, `jq .env.token config.json`: the first operand is a pattern or a
        // program unless an option gives it.
        _ if crate::analyze::pattern_first(unit) => {
            for (t, s) in operands.iter().skip(1) {
                out.push((Access::Read, (*t).to_owned(), *s));
            }
            attached_secret_values(program, unit, &mut out);
        }
        // The printers (one list with the dynamic-operand judge), and programs that read every
        // operand without printing it: the digests among them (`md5sum /dev/mem` opens the
        // device as `cat` does), and `file -s`, which reads special files as well.
        p if crate::programs::is_printer_name(p)
            || crate::programs::is_digest(p)
            || p == "file" && reads_special_files(unit)
            || matches!(
                p,
                "source" | "." | "wc" | "gpg" | "openssl" | "tar" | "zip" | "7z"
            ) =>
        {
            all(Access::Read, &mut out);
            attached_secret_values(program, unit, &mut out);
        }
        "curl" | "wget" | "http" => {
            for a in unit.args() {
                if let Some(v) = a.value.as_deref().or(Some(&a.template))
                    && let Some(at) = v.find('@')
                {
                    let f = &v[at + 1..];
                    if !f.is_empty() && !v.contains("://") {
                        out.push((Access::Read, f.to_owned(), a.span));
                    }
                }
            }
        }
        // Programs that only name a path (list, stat, test, print it) or whose own rules
        // decide; any other program given a secret's path may read and print it
        // (`git diff --no-index /dev/null ~/.ssh/id_rsa`, `xargs -a ~/.ssh/id_rsa echo`,
        // `git config -f ~/.aws/credentials -l`).
        // What their options read comes from their tables (`du --files0-from FILE`).
        p if is_names_only(p) => {}
        _ => {
            // `git ls-files .env`, `git check-ignore .env` and `git check-attr` list or test the
            // names and open none of them (unless an option reads a pattern file, `-X FILE`).
            let names_only = program == "git"
                && matches!(
                    unit.argv.get(1).and_then(|a| a.value.as_deref()),
                    Some("ls-files" | "check-ignore" | "check-attr")
                )
                && !unit.args().any(|a| {
                    let t = a.value.as_deref().unwrap_or(&a.template);
                    t == "-X"
                        || t.starts_with("--exclude-")
                        || !t.starts_with("--") && t.starts_with("-X")
                });
            let values = match program {
                "gh" => tables::gh_plain_values(&unit.argv),
                _ => Vec::new(),
            };
            // git's patterns (`git grep -n .env`, `git log --grep=.env`) are read only when a
            // word looks like a secret's name: most git lines have none.
            let mut patterns: Option<Vec<usize>> = None;
            for (i, a) in unit.argv.iter().enumerate().skip(1) {
                if values.contains(&i) {
                    continue;
                }
                let t = a.value.as_deref().unwrap_or(&a.template);
                if names_only && !t.starts_with('-')
                    || program == "git" && crate::programs::is_git_exclusion(t)
                {
                    continue;
                }
                // `--contents=PATH`, `--file=PATH`: the value after `=`.
                let t = t
                    .strip_prefix("--")
                    .and_then(|o| o.split_once('='))
                    .map_or(t, |(_, v)| v);
                // `blkid /dev/watchdog`: a device named to a program that does not only name
                // its paths is opened (a watchdog opened is armed).
                if let Some(opened) = opened.as_deref_mut()
                    && !names_only
                    && !a.glob
                    && a.value.is_some()
                    && !t.is_empty()
                    && !t.starts_with(['/', '-', '~', '$'])
                {
                    opened.push((t.to_owned(), a.span));
                }
                if t.starts_with('/')
                    && opens_device(program, Path::new(&crate::files::normalize_abs(t)))
                {
                    out.push((Access::Read, t.to_owned(), a.span));
                    continue;
                }
                if crate::files::word_is_secret(t)
                    && !(program == "git"
                        && patterns
                            .get_or_insert_with(|| tables::git_pattern_words(&unit.argv))
                            .contains(&i)
                        // No glob or split word up to it moves it at run time.
                        && unit
                            .argv
                            .get(..=i)
                            .is_some_and(|ws| ws.iter().all(|w| !w.glob && !w.splits)))
                {
                    out.push((Access::Read, t.to_owned(), a.span));
                }
            }
            attached_secret_values(program, unit, &mut out);
        }
    }
    let operands_done = matches!(
        program,
        "tee"
            | "rm"
            | "rmdir"
            | "shred"
            | "truncate"
            | "touch"
            | "mkdir"
            | "unlink"
            | "cp"
            | "install"
            | "ln"
            | "rsync"
            | "scp"
            | "mv"
            | "sed"
            | "perl"
    );
    role_paths(program, unit, operands_done, &mut out);
    out
}

/// Whether `program` given the device `path` (absolute, normalised) opens it for what it
/// holds: every device but the harmless ones ([`crate::files::is_device_read`]), except a
/// storage device given to one of the tools made to describe it (`fdisk -l /dev/sda`, `blkid
/// /dev/sda1`; [`crate::programs::is_device_tool`]).
pub(crate) fn opens_device(program: &str, path: &Path) -> bool {
    crate::files::is_device_read(path)
        && !(crate::files::is_storage_device(path) && crate::programs::is_device_tool(program))
}

/// A descriptor above standard error that `raw` names (`/dev/fd/3`, `/proc/self/fd/9`) and no
/// redirect of the line opens (`opened`): the reader inherits it from whatever started the
/// shell, and what it leads to is not the line's to show. The number, when so.
pub(crate) fn inherited_descriptor(
    raw: &str,
    cwd: &Path,
    opened: &dyn Fn(u64) -> bool,
) -> Option<u64> {
    let n = crate::files::descriptor_number(&lexical(raw, cwd))?;
    (n > 2 && !opened(n)).then_some(n)
}

/// Whether the read at `span` is the certificate input of `openssl x509 -in FILE`
/// ([`crate::analyze::certificate_input`]).
pub(crate) fn certificate_read(unit: &Unit, span: crate::ast::Span) -> bool {
    crate::analyze::certificate_input(unit)
        .and_then(|i| unit.argv.get(i))
        .is_some_and(|a| a.span == span)
}

/// Is the word at `span` a path `mkdir` or `touch` makes (an operand, not an option's value)?
/// What they make is empty: a directory that holds no file, or a file of no bytes. Made where a
/// start-up or protected file lies below (`mkdir .vscode`, `mkdir -p .github/workflows`,
/// `mkdir tools` above `tools/bazel`), it brings none of those files, as a copy, move or link
/// of a directory would; a path that is itself such a file or directory is judged as written.
pub(crate) fn makes_empty(unit: &Unit, span: crate::ast::Span) -> bool {
    let Some(program @ ("mkdir" | "touch")) = unit.program.as_deref() else {
        return false;
    };
    let spec = tables::builtin(program).unwrap_or_default();
    let parsed = args::parse(Some(&spec), &unit.argv);
    parsed
        .operands
        .iter()
        .any(|&i| unit.argv.get(i).is_some_and(|a| a.span == span))
}

/// Could a relative path name a secret below some directory (`hosts.yml` in `~/.config/gh`,
/// `config` in `~/.kube`, `.ssh/id_rsa`, any glob)? For a path read after a `cd` to a directory
/// known only at run time.
pub(crate) fn may_be_secret_anywhere(path: &str) -> bool {
    let name = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path);
    path.contains(['*', '?', '[', '$', '`'])
        || name.is_empty()
        || matches!(name, "." | "..")
        || crate::files::secret_glob::file_name_may_be_secret(name)
        || crate::files::is_secret(Path::new(&format!("/x/{path}")))
}

/// A secret's path given as the value attached to a short option (`date -f.env`, `grep
/// -f/etc/shadow x`, `grex -nf.env`): read as the separate word would be (`date -f .env`),
/// since the program may open it and print what it holds. The program's table says where a
/// value starts (`-nf.env` is `-n -f .env` when `f` takes one); a program without a table is
/// read as `-X` followed by its value. Only words that could hold a secret's name are parsed.
fn attached_secret_values(
    program: &str,
    unit: &Unit,
    out: &mut Vec<(Access, String, crate::ast::Span)>,
) {
    let short_with_tail = |t: &str| {
        t.starts_with('-')
            && !t.starts_with("--")
            && t.get(2..)
                .is_some_and(|v| !v.is_empty() && crate::files::may_be_secret(without_separator(v)))
    };
    if !unit
        .args()
        .any(|a| a.value.as_deref().is_some_and(short_with_tail))
    {
        return;
    }
    let mut push = |v: &str, span| {
        for v in [v, without_separator(v)] {
            if crate::files::word_is_secret(v) {
                out.push((Access::Read, v.to_owned(), span));
                return;
            }
        }
    };
    let Some(spec) = tables::builtin(program) else {
        for a in unit.args() {
            if let Some(t) = a.value.as_deref().filter(|t| short_with_tail(t))
                && let Some(v) = t.get(2..)
            {
                push(v, a.span);
            }
        }
        return;
    };
    let parsed = args::parse(Some(&spec), &unit.argv);
    for o in &parsed.opts {
        if o.value_at.is_some() || o.name.starts_with("--") {
            continue;
        }
        if let (Some(v), Some(a)) = (o.value.as_deref(), unit.argv.get(o.index)) {
            push(v, a.span);
        }
    }
}

/// An attached value without the `:` or `=` some programs put between a short option and its
/// value (`monop -r:FILE`, the .NET tools' style; `-o=FILE` in others'): the file the program
/// opens may be either spelling.
fn without_separator(v: &str) -> &str {
    v.strip_prefix([':', '=']).unwrap_or(v)
}

/// The files a unit writes and reads through its options, by its program's table
/// ([`crate::programs::args::Role`]: `sort -o FILE`, `cp -t DIR`, `wget -i FILE`, `curl -K
/// FILE`), and its output operands (`uniq IN OUT`, `xxd IN OUT`) unless `operands_done` (the
/// caller's arm already said what each operand is). A directory option writes somewhere under
/// the directory (`DIR/*`).
fn role_paths(
    program: &str,
    unit: &Unit,
    operands_done: bool,
    out: &mut Vec<(Access, String, crate::ast::Span)>,
) {
    // A subcommand's own table gives its options roles too (`git blame -S FILE`, `helm
    // template -f FILE`, `perf record -o FILE`): read with the words as that table reads them.
    if tables::has_subcommand_tables(program)
        && let Some((sub, parsed)) = tables::builtin_subcommand(program, &unit.argv, 3)
    {
        option_role_paths(&sub, &parsed, unit, out);
    }
    // `tar -C DIR` is where an extraction writes (and where a creation reads): a role that
    // depends on the mode, read with a table of its own.
    let table = tables::with_roles(program);
    let mode_table;
    let spec = match (crate::programs::gnu_name(program), &table) {
        ("tar", Some(tar)) if tar_extracts(tar, unit) => {
            mode_table = OptionSpec {
                output_dir: Names::Packed("-C\n--directory\n"),
                ..tar.clone()
            };
            &mode_table
        }
        // Creating or adding to an archive: the archive is written (`tar czf out.tgz dir`,
        // `tar -rf a.tar x`), not read.
        ("tar", Some(tar)) if tar_mode(tar, unit, &TAR_CREATES) => {
            for (w, span) in tar_created_archives(tar, unit) {
                out.push((Access::Write, w, span));
            }
            mode_table = OptionSpec {
                reads: Names::Packed("-T\n--files-from\n-X\n--exclude-from\n"),
                ..tar.clone()
            };
            &mode_table
        }
        // Compilers and tools without a table that names their output option.
        ("gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" | "rustc", _) => &DASH_O,
        ("pandoc" | "yt-dlp" | "http", _) => &DASH_O_OUTPUT,
        (_, Some(t))
            if t.has_outputs()
                || t.reads.iter().next().is_some()
                || t.config.iter().next().is_some() =>
        {
            t
        }
        _ => return,
    };
    let parsed = args::parse(Some(spec), &unit.argv);
    option_role_paths(spec, &parsed, unit, out);
    if !operands_done {
        for i in spec.output_operands(&parsed) {
            if let Some(a) = unit.argv.get(i) {
                let v = a.value.as_deref().unwrap_or(&a.template);
                out.push((Access::Write, v.to_owned(), a.span));
            }
        }
    }
}

/// The files the options of `parsed` (a unit's words read with `spec`) write and read, by the
/// roles `spec` gives them. A directory option writes somewhere under the directory (`DIR/*`).
fn option_role_paths(
    spec: &OptionSpec,
    parsed: &args::Parsed,
    unit: &Unit,
    out: &mut Vec<(Access, String, crate::ast::Span)>,
) {
    let word = |i: usize| {
        unit.argv
            .get(i)
            .map(|a| (a.value.as_deref().unwrap_or(&a.template), a.span))
    };
    for (o, role) in spec.option_roles(parsed) {
        let value = match (&o.value, o.value_at) {
            // `--output="$f"`: the value is the word after `=` (known only at run time).
            (_, Some(i)) if i == o.index => {
                word(i).map(|(v, span)| (v.split_once('=').map_or(v, |(_, value)| value), span))
            }
            (_, Some(i)) => word(i),
            (Some(v), None) => unit.argv.get(o.index).map(|a| (v.as_str(), a.span)),
            (None, None) => None,
        };
        let Some((v, span)) = value else { continue };
        match role {
            Role::Output => out.push((Access::Write, v.to_owned(), span)),
            Role::OutputDir => out.push((
                Access::Write,
                format!("{}/*", v.trim_end_matches('/')),
                span,
            )),
            Role::Reads | Role::Config => out.push((Access::Read, v.to_owned(), span)),
        }
    }
}

/// Whether a `tar` unit extracts (`-x`, `--extract`, `--get`, `tar xf a.tar`): then `-C
/// DIR`/`--directory DIR` is where it writes.
fn tar_extracts(tar: &OptionSpec, unit: &Unit) -> bool {
    tar_mode(tar, unit, &["-x", "--extract", "--get"])
}

/// `-o FILE` (`-oFILE`) of compilers without a table that names it: their options are whole
/// single-dash words (`-Ipath` holds no `-o`).
const DASH_O: OptionSpec = OptionSpec {
    single_dash_long: true,
    short_value: Cow::Borrowed("o"),
    single_value: Names::Packed("-o\n"),
    output: Names::Packed("-o\n"),
    ..OptionSpec::EMPTY
};

/// `-o FILE` and `--output FILE` of tools without a table that names them.
const DASH_O_OUTPUT: OptionSpec = OptionSpec {
    short_value: Cow::Borrowed("o"),
    long_value: Names::Packed("--output\n"),
    output: Names::Packed("-o\n--output\n"),
    ..OptionSpec::EMPTY
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    #[test]
    fn other_home_prefix_names_the_user() {
        for (raw, user) in [
            ("~root/.ssh/id_rsa", Some("root")),
            ("~bob", Some("bob")),
            ("~bob/", Some("bob")),
            ("~/x", None),
            ("~", None),
            ("src/~bob", None),
            ("/home/bob", None),
        ] {
            assert_eq!(other_home_prefix(raw), user, "{raw}");
        }
    }

    #[cfg(unix)]
    /// A program whose operands are only names may still read a file through an option: each
    /// value option of its table that names a file (`--files0-from`, `--magic-file`,
    /// `--ignore-file`) has a role, so the path policy sees the read.
    #[test]
    fn names_only_programs_give_their_file_options_a_role() {
        // Options that compare a file's metadata (`find -newer F`, `chmod --reference=F`), or
        // name no file (`chown --from=OWNER`).
        const NO_READ: &[&str] = &[
            "-samefile",
            "-newer",
            "-anewer",
            "-cnewer",
            "--reference",
            "--from",
        ];
        for p in crate::programs::NAMES_ONLY {
            let Some(t) = tables::builtin(p) else {
                continue;
            };
            for name in t.long_value.iter().chain(t.single_value.iter()) {
                let names_file =
                    (name.ends_with("file") || name.ends_with("from")) && !NO_READ.contains(&name);
                let has_role = [
                    &t.reads,
                    &t.config,
                    &t.output,
                    &t.output_dir,
                    &t.writes,
                    &t.runs,
                ]
                .iter()
                .any(|l| l.contains(name));
                assert!(
                    !names_file || has_role,
                    "{p} {name}: a file option with no role"
                );
            }
        }
    }

    #[test]
    fn links_are_followed_as_the_kernel_follows_them() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let ws = root.join("ws");
        let deep = root.join("a/b");
        std::fs::create_dir_all(&ws).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(&deep).unwrap_or_else(|e| panic!("{e}"));
        let link = |target: &Path, at: &str| {
            std::os::unix::fs::symlink(target, ws.join(at)).unwrap_or_else(|e| panic!("{e}"));
        };
        link(&deep, "deep");
        link(Path::new(".shclass.toml"), "fresh");
        link(Path::new("../outside/x"), "away");
        link(Path::new("loop"), "loop");
        let table: &[(&str, PathBuf)] = &[
            // `..` after a link is taken from the link's target, not from the text.
            ("deep/../config", root.join("a/config")),
            // A dangling link is followed to the file a write would create.
            ("fresh", ws.join(".shclass.toml")),
            ("away", root.join("outside/x")),
            ("./src/../main.rs", ws.join("main.rs")),
            ("missing/../y", ws.join("y")),
            // `$PWD` is the directory the unit runs in: a link under it is followed as the
            // same path written relative is (`cat "$PWD/notes"` with `notes` -> a key).
            ("$PWD/deep/../config", root.join("a/config")),
            ("${PWD}/fresh", ws.join(".shclass.toml")),
            ("$PWD//away", root.join("outside/x")),
            ("$PWD", ws.clone()),
            // Only the variable itself: `$PWDX` is another one, named as written.
            ("$PWDX/y", ws.join("$PWDX/y")),
        ];
        for (p, want) in table {
            assert_eq!(&resolve(p, &ws), want, "{p}");
        }
        // A loop ends, and says so: a path through it asks, whatever it reads or writes.
        assert!(resolve_links("loop/x", &ws).1);
        assert!(!resolve_links("deep/x", &ws).1);
        // A process's root or working directory leads anywhere: not known before it runs.
        for p in [
            "/proc/4242424/root/etc/shadow",
            "/proc/4242424/task/1/cwd/x",
            "/proc/4242424/cwd/../../etc/shadow",
        ] {
            assert!(resolve_links(p, &ws).1, "{p}");
        }
        assert!(!resolve_links("/proc/4242424/status", &ws).1);
        // `/proc/self` is the process that opens the path: its working directory is the
        // unit's, however it is reached, and its root is `/`.
        for (p, want) in [
            ("/proc/self/cwd/away", root.join("outside/x")),
            (
                "/proc/thread-self/cwd/deep/../config",
                root.join("a/config"),
            ),
            ("/proc/./self//cwd/fresh", ws.join(".shclass.toml")),
            ("/dev/fd/../cwd/away", root.join("outside/x")),
            ("/proc/self/fd/../cwd/away", root.join("outside/x")),
            (
                "/proc/self/root/etc/hostname",
                PathBuf::from("/etc/hostname"),
            ),
        ] {
            assert_eq!(resolve_links(p, &ws), (want.clone(), false), "{p}");
        }
        // A task's is some thread's, which may not exist: not known.
        assert!(resolve_links("/proc/self/task/1/cwd/away", &ws).1);
        assert!(!resolve_links("/proc/cpuinfo", &ws).1);
        let loop_reasons = decide_path(
            &[],
            &ws,
            Access::Read,
            "loop/x",
            crate::ast::Span::default(),
            None,
        );
        assert!(
            loop_reasons
                .iter()
                .any(|r| r.rule == "path-link-loop" && r.decision == Decision::Ask),
            "{loop_reasons:?}"
        );
    }

    /// A link of the workspace to a directory of secrets reads as the secrets; the same
    /// directory named as written is left to the checks that know which readers recurse.
    #[test]
    fn a_link_to_a_directory_of_secrets_is_a_secret_read() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let ws = root.join("ws");
        let aws = root.join("home/.aws");
        std::fs::create_dir_all(&ws).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(&aws).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(root.join("home/docs")).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&aws, ws.join("docs")).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(root.join("home/docs"), ws.join("notes"))
            .unwrap_or_else(|e| panic!("{e}"));
        let read = |p: &str| {
            decide_path(&[], &ws, Access::Read, p, crate::ast::Span::default(), None)
                .iter()
                .map(|r| r.decision)
                .max()
        };
        assert_eq!(read("docs"), Some(Decision::Ask));
        assert_eq!(read("./docs/"), Some(Decision::Ask));
        assert_eq!(read("notes"), None);
        assert_eq!(read(&aws.display().to_string()), None);
        assert_eq!(read(&format!("{}/", aws.display())), None);
    }

    #[test]
    fn tar_extraction_is_read_with_its_table() {
        for (cmd, writes) in [
            ("tar --extract -f a.tar -C /etc", true),
            ("tar --extr -f a.tar -C /etc", true),
            ("tar --ge -f a.tar --directory=/etc", true),
            ("tar -xzf a.tar --directory=/etc", true),
            ("tar -zxvf a.tar --direc /etc", true),
            ("tar xf a.tar -C /etc", true),
            ("tar -czf b.tar -C /etc .", false),
            ("tar -tf a.tar -C /etc", false),
            ("tar -cf x.tar -C /etc hosts", false),
        ] {
            let a = crate::analyze::analyze(cmd, &crate::Limits::default());
            let paths = unit_paths(&a.units[0]);
            let written = paths
                .iter()
                .any(|(access, p, _)| *access == Access::Write && p == "/etc/*");
            assert_eq!(written, writes, "{cmd}: {paths:?}");
        }
    }

    /// Digests and `file -s` open every operand (a device among them, judged as `cat`'s);
    /// `file` alone names its operands.
    #[test]
    fn digests_and_file_s_read_their_operands() {
        for (cmd, reads) in [
            ("md5sum /dev/mem", true),
            ("xxhsum -H2 /dev/sda", true),
            ("sha256sum -- /dev/sda", true),
            ("file -s /dev/sda", true),
            ("file -bs /dev/sda", true),
            ("file --special-files /dev/sda", true),
            ("file /dev/sda", false),
            ("file -L /dev/sda", false),
        ] {
            let a = crate::analyze::analyze(cmd, &crate::Limits::default());
            let paths = unit_paths(&a.units[0]);
            let read = paths
                .iter()
                .any(|(access, p, _)| *access == Access::Read && p.starts_with("/dev/"));
            assert_eq!(read, reads, "{cmd}: {paths:?}");
        }
    }

    #[test]
    fn anchors() {
        let base = Path::new("/cfg");
        let cwd = Path::new("/work/p");
        let h = home().display().to_string();
        let table: &[(&str, String)] = &[
            ("//etc/x", "/etc/x".to_owned()),
            ("~/.ssh/**", format!("{h}/.ssh/**")),
            ("/secrets/**", "/cfg/secrets/**".to_owned()),
            ("./src/**", "/work/p/src/**".to_owned()),
            ("src/*.rs", "/work/p/src/*.rs".to_owned()),
            (".env", "/work/p/**/.env".to_owned()),
        ];
        for (p, want) in table {
            assert_eq!(&anchor(p, base, cwd), want, "{p}");
        }
    }

    #[test]
    fn builtin_protection() {
        let cwd = Path::new("/work/p");
        let d = |access, p: &str| {
            decide_path(&[], cwd, access, p, Span::default(), None)
                .iter()
                .map(|r| r.decision)
                .max()
        };
        assert_eq!(d(Access::Read, "/work/p/.env"), Some(Decision::Ask));
        assert_eq!(d(Access::Read, ".env.local"), Some(Decision::Ask));
        assert_eq!(d(Access::Read, ".env.example"), None);
        assert_eq!(d(Access::Write, ".env"), Some(Decision::Ask));
        assert_eq!(d(Access::Write, "~/.ssh/id_rsa"), Some(Decision::Deny));
        assert_eq!(d(Access::Write, "~/.bashrc"), Some(Decision::Ask));
        assert_eq!(
            d(Access::Write, ".git/hooks/pre-commit"),
            Some(Decision::Ask)
        );
        assert_eq!(d(Access::Write, ".git/config"), Some(Decision::Deny));
        assert_eq!(
            d(Access::Write, ".claude/settings.json"),
            Some(Decision::Deny)
        );
        assert_eq!(d(Access::Write, "~/.ssh/known_hosts"), Some(Decision::Ask));
        // Not secrets, but what they say decides who logs in: never an accept-edits edit.
        let in_home = Path::new("/root");
        let r = decide_path(
            &[],
            in_home,
            Access::Write,
            ".ssh/authorized_keys",
            Span::default(),
            None,
        );
        assert!(r.iter().any(|r| r.rule == "write-startup-file"), "{r:?}");
        assert_eq!(d(Access::Read, "~/.ssh/known_hosts"), None);
        assert_eq!(d(Access::Read, "~/.aws/config"), None);
        assert_eq!(d(Access::Read, "~/.aws/credentials"), Some(Decision::Ask));
        assert_eq!(d(Access::Write, "src/main.rs"), None);
        assert_eq!(d(Access::Write, "../elsewhere/x"), Some(Decision::Ask));
        assert_eq!(d(Access::Write, "/tmp/scratch"), None);
        assert_eq!(d(Access::Read, "~/.ssh/id_rsa"), Some(Decision::Ask));
        assert_eq!(d(Access::Read, "~/.ssh/id_rsa.pub"), None);
        assert_eq!(d(Access::Read, "src/main.rs"), None);
        // One list of account and start-up files for bash, the checks and the file tools.
        let rules = |access, p: &str| -> Vec<String> {
            decide_path(&[], cwd, access, p, Span::default(), None)
                .iter()
                .map(|r| r.rule.to_string())
                .collect()
        };
        for p in [
            "/etc/pam.d/sshd",
            "/etc/ld.so.preload",
            "/etc/passwd",
            "/etc/group",
        ] {
            assert_eq!(d(Access::Write, p), Some(Decision::Deny), "{p}");
            assert!(rules(Access::Write, p).contains(&"write-protected-file".to_owned()));
        }
        for p in [
            "/etc/hosts",
            "/etc/profile.d/x.sh",
            "/etc/cron.d/job",
            "~/.xprofile",
        ] {
            assert!(
                rules(Access::Write, p).contains(&"write-startup-file".to_owned()),
                "{p}"
            );
        }
        assert_eq!(d(Access::Write, "/dev/shm/x"), None);
        assert_eq!(d(Access::Read, "/etc/ssl/certs/ca.pem"), None);
        // Every reason the path policy gives is typed as a path finding (sessions tell them
        // from rule reasons).
        for (access, p) in [
            (Access::Read, ".env"),
            (Access::Write, ".env"),
            (Access::Write, "~/.ssh/id_rsa"),
            (Access::Write, "~/.zshrc"),
            (Access::Write, ".git/HEAD"),
            (Access::Write, "/opt/x"),
        ] {
            for r in decide_path(&[], cwd, access, p, Span::default(), None) {
                assert!(matches!(r.rule, Origin::Path(_)), "{}", r.rule);
            }
        }
    }

    /// Every printer reads all its operands (the dynamic-operand judge's list): a link to a
    /// key read by `tac` or `cut` is resolved like one read by `cat`.
    #[test]
    fn printers_read_their_operands() {
        for p in crate::programs::PRINTERS {
            // `x` is the pattern of a pattern-first program (`grep x k`).
            let analysis = crate::analyze::analyze(&format!("{p} x k"), &crate::Limits::default());
            let Some(unit) = analysis.units.first() else {
                panic!("{p}")
            };
            let paths = unit_paths(unit);
            assert!(
                paths.iter().any(|(a, t, _)| *a == Access::Read && t == "k"),
                "{p}: {paths:?}"
            );
        }
    }

    /// The relative words a program that opens its operands is given are handed to the caller
    /// (which judges them where the unit runs); those of programs that only name their paths,
    /// options, absolute paths and words known only at run time are not.
    #[test]
    fn relative_words_opened_after_a_move() {
        for (line, words) in [
            ("blkid watchdog", &["watchdog"][..]),
            ("exiftool -j environ", &["environ"][..]),
            ("exiftool --x=environ", &["environ"][..]),
            ("blkid /dev/sda1 \"$f\" -p", &[][..]),
            ("stat watchdog", &[][..]),
            ("cat watchdog", &[][..]),
        ] {
            let analysis = crate::analyze::analyze(line, &crate::Limits::default());
            let Some(unit) = analysis.units.first() else {
                panic!("{line}")
            };
            let mut opened = Vec::new();
            let paths = unit_paths_opening(unit, Some(&mut opened));
            let got: Vec<&str> = opened.iter().map(|(w, _)| w.as_str()).collect();
            assert_eq!(got, words, "{line}");
            assert_eq!(paths, unit_paths(unit), "{line}");
        }
    }

    #[test]
    fn rules_match_with_anchors() {
        let cwd = Path::new("/work/p");
        let rule = PathRule::parse(
            "Read(./secrets/**)",
            Decision::Deny,
            &Source::Inline,
            cwd,
            cwd,
        )
        .ok()
        .flatten();
        let Some(rule) = rule else { panic!("no rule") };
        let rules = [rule];
        let r = decide_path(
            &rules,
            cwd,
            Access::Read,
            "secrets/a/b.txt",
            Span::default(),
            None,
        );
        assert!(r.iter().any(|x| x.decision == Decision::Deny));
        let r = decide_path(
            &rules,
            cwd,
            Access::Read,
            "src/a.txt",
            Span::default(),
            None,
        );
        assert!(r.is_empty());
    }
}
