//! One path policy for every door: the agent's file tools (Read, Write, Edit…) and the paths a
//! bash unit reads or writes.
//!
//! Rules are Claude-style `Read(pattern)`, `Edit(pattern)` and `Write(pattern)` strings in a
//! policy's `allow` / `ask` / `deny` lists, with gitignore-style patterns and Claude's anchors:
//! `//abs/path` is absolute, `~/…` is under the home directory, `/…` is relative to the policy
//! file's directory, `./…` or a bare pattern is relative to the working directory (a bare pattern
//! without `/` matches at any depth). Paths are resolved against the workspace, `..` is resolved,
//! and existing symlinks are followed, so `./link-to-ssh/id_rsa` is `~/.ssh/id_rsa`.
//!
//! Built in: reading secrets (keys, credentials, `.env` files…) is at least ask; writing them, or
//! writing shell start-up files, VCS internals, agent settings and shclass's own policy, is deny;
//! writing outside the workspace is at least ask. For bash, the paths come from redirect targets
//! and the file operands of known writers and readers ([`unit_paths`]).

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use super::glob::{Glob, GlobList, GlobMeta, glob_metas};

use super::{Decision, Reason, Risk, Source};
use crate::analyze::Unit;
use crate::wordlist::{Words, words};

/// What a tool does to a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// Read, Glob, Grep, `cat`.
    Read,
    /// Write, Edit, `MultiEdit`, `NotebookEdit`, `>`, `tee`, `cp` destination.
    Write,
}

/// A compiled path rule.
#[derive(Debug)]
pub struct PathRule {
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
    pub fn parse(
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

fn home() -> PathBuf {
    std::env::var_os("HOME").map_or_else(|| PathBuf::from("/root"), PathBuf::from)
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

/// Resolve a path as the agent's tool would see it: `~` expanded, relative to `cwd`, `..`
/// resolved, and the longest existing prefix canonicalised (symlinks followed).
pub fn resolve(path: &str, cwd: &Path) -> PathBuf {
    let expanded = if path == "~" {
        home()
    } else if let Some(rest) = path.strip_prefix("~/") {
        home().join(rest)
    } else if let Some(rest) = path
        .strip_prefix("$HOME/")
        .or_else(|| path.strip_prefix("${HOME}/"))
    {
        home().join(rest)
    } else {
        cwd.join(path)
    };
    let mut normal = PathBuf::new();
    for c in expanded.components() {
        match c {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    // Follow symlinks on the part that exists.
    let mut existing = normal.clone();
    let mut tail = Vec::new();
    while !existing.exists() {
        match (
            existing.file_name().map(std::ffi::OsStr::to_owned),
            existing.parent(),
        ) {
            (Some(name), Some(parent)) => {
                tail.push(name);
                existing = parent.to_path_buf();
            }
            _ => return normal,
        }
    }
    let mut out = std::fs::canonicalize(&existing).unwrap_or(existing);
    for name in tail.into_iter().rev() {
        out.push(name);
    }
    out
}

/// Secrets: reading them is at least ask, writing them is deny.
const SECRET_GLOBS: &[&str] = &[
    "**/.ssh/**",
    "**/.gnupg/**",
    "**/.aws/**",
    "**/.azure/**",
    "**/.config/gcloud/**",
    "**/.kube/config",
    "**/.docker/config.json",
    "**/.env",
    "**/.env.*",
    "**/*.pem",
    "**/*.key",
    "**/*.p12",
    "**/*.pfx",
    "**/id_rsa*",
    "**/id_dsa*",
    "**/id_ecdsa*",
    "**/id_ed25519*",
    "**/.netrc",
    "**/.pgpass",
    "**/.git-credentials",
    "**/.npmrc",
    "**/.pypirc",
    "**/credentials",
    "**/credentials.json",
    "**/.vault-token",
    "**/.m2/settings.xml",
    "**/.gradle/gradle.properties",
    "**/.config/rclone/**",
    "**/.s3cfg",
    "**/.boto",
    "**/.my.cnf",
    "**/.config/gh/hosts.yml",
    "**/.terraform.d/credentials.tfrc.json",
    "**/.cargo/credentials*",
    "**/.gem/credentials",
    "**/.composer/auth.json",
    "**/.password-store/**",
    "**/logins.json",
    "**/key4.db",
    "**/*.kdbx",
    "**/*.tfstate",
    "**/*.tfstate.backup",
    "**/kubeconfig",
    "**/*.kubeconfig",
    "**/service-account*.json",
    "**/.claude/.credentials.json",
    "**/.codex/auth.json",
    "**/.gemini/oauth_creds.json",
    "**/huggingface/token",
    "**/.huggingface/token",
    "**/.wrangler/config/**",
    "**/.netlify/config.json",
    "**/.config/netlify/config.json",
    "**/.config/configstore/firebase-tools.json",
    "**/.config/doctl/config.yaml",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/security/opasswd",
    "/etc/ssl/private/**",
    "/etc/sudoers",
    "/etc/sudoers.d/**",
];

/// Not secrets although they look like them: templates, public keys, public CA certificates,
/// and the files in `~/.ssh` and `~/.aws` that hold no key (their writes are still checked as start-up and account
/// files: `authorized_keys` and `~/.ssh/config` ask).
const SECRET_EXCEPTIONS: &[&str] = &[
    "**/*.example",
    "**/*.sample",
    "**/*.template",
    "**/*.pub",
    "**/.ssh/known_hosts",
    "**/.ssh/known_hosts.old",
    "**/.ssh/authorized_keys",
    "**/.ssh/authorized_keys2",
    "**/.ssh/config",
    "**/.aws/config",
    "/etc/ssl/certs/**",
    "/etc/pki/ca-trust/**",
    "/etc/pki/tls/certs/**",
    "/etc/ca-certificates/**",
    "/usr/share/ca-certificates/**",
    "/usr/local/share/ca-certificates/**",
];

/// Writing these asks (high): what every later shell or git command runs. Set-up steps append
/// to them every day (`echo 'export PATH=…' >> ~/.bashrc`, installing a pre-commit hook), so
/// they are a person's call; `sensitive-file-write` denies when what is written is itself a
/// catastrophe.
const STARTUP_GLOBS: &[&str] = &[
    "**/.git/hooks/**",
    "**/.ssh/authorized_keys",
    "**/.ssh/authorized_keys2",
    "**/.ssh/config",
    "**/.ssh/rc",
    "**/.ssh/environment",
    "**/.bashrc",
    "**/.bash_profile",
    "**/.bash_login",
    "**/.bash_logout",
    "**/.profile",
    "**/.zshrc",
    "**/.zshenv",
    "**/.zprofile",
    "**/.zlogin",
    "**/.config/fish/config.fish",
    "**/.gitconfig",
];

/// Writing these is deny: the repository's own data and configuration, what decides what the
/// agent may run, and the account databases.
const PROTECTED_GLOBS: &[&str] = &[
    "**/.git/**",
    // Jujutsu's and Mercurial's stores hold repository configuration that names programs
    // their read commands run (`ui.diff-formatter`, `[hooks]`).
    "**/.jj/**",
    "**/.hg/**",
    "**/.claude/**",
    "**/.gemini/**",
    "**/.cursor/**",
    "**/.shclass.toml",
    "**/.config/shclass/**",
    "/etc/shclass/**",
    "/etc/passwd",
    "/etc/group",
];

/// A built-in glob list: its globs' literals found at compile time, their compiled forms made on
/// first use ([`GlobList`]). A glob that does not compile (the test suite rules it out) counts
/// as matching in the lists that make a decision stricter and as not matching in the
/// exceptions: never less strict.
macro_rules! glob_list {
    ($texts:ident, $broken_matches:expr) => {{
        const N: usize = $texts.len();
        const METAS: [GlobMeta; N] = glob_metas($texts);
        static CELLS: [std::sync::OnceLock<Option<Glob>>; N] =
            [const { std::sync::OnceLock::new() }; N];
        GlobList::new($texts, &METAS, &CELLS, $broken_matches)
    }};
}

/// The built-in matchers.
struct Builtin {
    secret: GlobList<'static>,
    exception: GlobList<'static>,
    protected: GlobList<'static>,
    startup: GlobList<'static>,
}

static BUILTIN: Builtin = Builtin {
    secret: glob_list!(SECRET_GLOBS, true),
    exception: glob_list!(SECRET_EXCEPTIONS, false),
    protected: glob_list!(PROTECTED_GLOBS, true),
    startup: glob_list!(STARTUP_GLOBS, true),
};

fn builtin() -> &'static Builtin {
    &BUILTIN
}

/// The ids of the reasons the built-in path policy gives (`decide_path`).
pub const BUILTIN_REASONS: Words = words![
    "read-secret",
    "write-env-file",
    "write-secret",
    "write-startup-file",
    "write-protected-file",
    "write-outside-workspace",
];

/// True for a path the built-in policy treats as a secret.
pub fn is_secret(path: &Path) -> bool {
    let b = builtin();
    let path = path.to_string_lossy();
    b.secret.is_match(&path) && !b.exception.is_match(&path)
}

/// Decide one access to one path: the reasons that apply (empty when nothing has an opinion).
pub fn decide_path(
    rules: &[PathRule],
    cwd: &Path,
    access: Access,
    raw: &str,
    span: crate::ast::Span,
    unit: Option<usize>,
) -> Vec<Reason> {
    let path = resolve(raw, cwd);
    let mut out = Vec::new();
    let shown = path.display();
    for r in rules.iter().filter(|r| r.access == access) {
        if r.matches(&path) {
            out.push(Reason {
                decision: r.decision,
                risk: match r.decision {
                    Decision::Deny => Risk::High,
                    Decision::Ask => Risk::Medium,
                    Decision::Allow => Risk::Low,
                },
                rule: format!(
                    "{}({})",
                    if access == Access::Read {
                        "Read"
                    } else {
                        "Edit"
                    },
                    r.text
                )
                .into(),
                source: r.source.clone(),
                message: format!("path rule matches `{shown}`"),
                span,
                unit,
                suggest: None,
            });
        }
    }
    let b = builtin();
    let secret = is_secret(&path);
    let text = path.to_string_lossy();
    let startup = b.startup.is_match(&text);
    let protected = !startup && b.protected.is_match(&text);
    let mut push = |decision, risk, rule: &'static str, message: String| {
        out.push(Reason {
            decision,
            risk,
            rule: Cow::Borrowed(rule),
            source: Source::Builtin,
            message,
            span,
            unit,
            suggest: None,
        });
    };
    match access {
        Access::Read if secret => push(
            Decision::Ask,
            Risk::High,
            "read-secret",
            format!("reads `{shown}`, which holds secrets"),
        ),
        // Writing a `.env` file is a routine set-up step (`cp .env.example .env`): ask.
        Access::Write if secret && is_env_file(&path) => push(
            Decision::Ask,
            Risk::High,
            "write-env-file",
            format!("writes `{shown}`, which holds secrets"),
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
                "writes `{shown}`, which decides what later shells or git commands run, or who may log in"
            ),
        ),
        Access::Write if protected => push(
            Decision::Deny,
            Risk::Critical,
            "write-protected-file",
            format!("writes `{shown}`, which decides what runs or what is allowed"),
        ),
        Access::Read | Access::Write => {}
    }
    if access == Access::Write && !path.starts_with(cwd) && !is_scratch(&path) {
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

fn is_env_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n == ".env" || n.starts_with(".env."))
}

/// Scratch locations where writing is ordinary (`/tmp`, `/dev/null`).
fn is_scratch(path: &Path) -> bool {
    path.starts_with("/tmp") || path.starts_with("/var/tmp") || path.starts_with("/dev/null")
}

/// The paths a bash unit reads and writes, as far as its program is known.
pub fn unit_paths(unit: &Unit) -> Vec<(Access, String, crate::ast::Span)> {
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
        "tee" | "rm" | "rmdir" | "shred" | "truncate" | "touch" | "mkdir" | "unlink" => {
            all(Access::Write, &mut out);
        }
        "cp" | "install" | "ln" | "rsync" | "scp" => {
            if let Some(((last, ls), sources)) = operands.split_last() {
                for (t, s) in sources {
                    out.push((Access::Read, (*t).to_owned(), *s));
                }
                if !last.contains(':') || program == "cp" {
                    out.push((Access::Write, (*last).to_owned(), *ls));
                }
            }
        }
        "mv" => all(Access::Write, &mut out),
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
        "cat" | "head" | "tail" | "less" | "more" | "grep" | "egrep" | "fgrep" | "rg" | "ag"
        | "base64" | "xxd" | "od" | "hexdump" | "strings" | "source" | "." | "nl" | "bat"
        | "batcat" | "awk" | "sort" | "uniq" | "wc" | "diff" | "cmp" | "jq" | "yq" | "zcat"
        | "gpg" | "openssl" | "tar" | "zip" | "7z" => all(Access::Read, &mut out),
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
        "ls" | "dir" | "eza" | "exa" | "lsd" | "stat" | "file" | "du" | "test" | "[" | "[["
        | "echo" | "printf" | "basename" | "dirname" | "realpath" | "readlink" | "namei"
        | "find" | "fd" | "tree" | "chmod" | "chown" | "chgrp" | "ssh" | "sftp" | "ssh-add"
        | "ssh-keygen" | "ssh-copy-id" | "cd" | "pushd" => {}
        _ => {
            // `git ls-files .env` lists the names it matches and opens none of them (unless
            // an option reads a pattern file, `-X FILE`).
            let names_only = program == "git"
                && unit.argv.get(1).and_then(|a| a.value.as_deref()) == Some("ls-files")
                && !unit.args().any(|a| {
                    let t = a.value.as_deref().unwrap_or(&a.template);
                    t == "-X"
                        || t.starts_with("--exclude-")
                        || !t.starts_with("--") && t.starts_with("-X")
                });
            for a in unit.args() {
                let t = a.value.as_deref().unwrap_or(&a.template);
                if names_only && !t.starts_with('-') {
                    continue;
                }
                // `--contents=PATH`, `--file=PATH`: the value after `=`.
                let t = t
                    .strip_prefix("--")
                    .and_then(|o| o.split_once('='))
                    .map_or(t, |(_, v)| v);
                if crate::checks::common::is_secret(t) {
                    out.push((Access::Read, t.to_owned(), a.span));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    #[test]
    fn every_builtin_glob_compiles() {
        for g in SECRET_GLOBS
            .iter()
            .chain(SECRET_EXCEPTIONS)
            .chain(PROTECTED_GLOBS)
            .chain(STARTUP_GLOBS)
        {
            assert!(Glob::new(g).is_ok(), "{g}");
        }
        assert_eq!(builtin().secret.len(), SECRET_GLOBS.len());
        assert_eq!(builtin().exception.len(), SECRET_EXCEPTIONS.len());
        assert_eq!(builtin().protected.len(), PROTECTED_GLOBS.len());
        assert_eq!(builtin().startup.len(), STARTUP_GLOBS.len());
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
        // Every id the path policy gives is listed (sessions tell them from rule reasons).
        for (access, p) in [
            (Access::Read, ".env"),
            (Access::Write, ".env"),
            (Access::Write, "~/.ssh/id_rsa"),
            (Access::Write, "~/.zshrc"),
            (Access::Write, ".git/HEAD"),
            (Access::Write, "/opt/x"),
        ] {
            for r in decide_path(&[], cwd, access, p, Span::default(), None) {
                assert!(BUILTIN_REASONS.contains(&r.rule), "{}", r.rule);
            }
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
