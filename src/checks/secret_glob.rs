//! Could a shell glob expand to a secret? `cat /e??/sh?d?w`, `cat ~/.n?trc`, `grep -r . ~/.s*`
//! name no secret literally, but bash expands them to one.
//!
//! The pattern is matched component by component, with bash's rules (`*`, `?`, `[…]`, a wildcard
//! never matches a leading `.`, `**` as any number of visible directories under globstar),
//! against representative concrete secrets taken from the tables of [`is_secret`]: files
//! (`~/.ssh/id_rsa`, `/etc/shadow`), directories whose whole content is secret (`~/.ssh/`,
//! `~/.aws/`: a pattern that reaches inside, or names the directory for a recursive reader), and
//! names that are secrets anywhere (`.env`, `id_rsa`, `terraform.tfstate`). A name pattern that
//! also matches an everyday file (`*`, `*.json`, `*.t*`) is taken as "everything here", not as
//! aimed at a secret: `cat config/*.json` stays a plain read, `cat ~/.docker/*.json` does not.
//!
//! Only words the analysis marks as unquoted globs come here: nothing runs for other words.

use super::common::{PUBLIC_CERT_DIRS, home_relative, is_secret};

/// Files that hold secrets, in the home directory (`~/…`) or absolute. Every entry is a secret
/// for [`is_secret`] (a unit test checks).
const SECRET_FILES: &[&str] = &[
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.ssh/id_dsa",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.config/gcloud/credentials.db",
    "~/.azure/accessTokens.json",
    "~/.kube/config",
    "~/.docker/config.json",
    "~/.netrc",
    "~/.npmrc",
    "~/.pypirc",
    "~/.git-credentials",
    "~/.vault-token",
    "~/.config/gh/hosts.yml",
    "~/.terraform.d/credentials.tfrc.json",
    "~/.cargo/credentials",
    "~/.cargo/credentials.toml",
    "~/.gem/credentials",
    "~/.pgpass",
    "~/.my.cnf",
    "~/.bash_history",
    "~/.zsh_history",
    "~/.m2/settings.xml",
    "~/.gradle/gradle.properties",
    "~/.config/rclone/rclone.conf",
    "~/.s3cfg",
    "~/.boto",
    "~/.composer/auth.json",
    "~/.config/composer/auth.json",
    "~/.config/hub",
    "~/.claude/.credentials.json",
    "~/.codex/auth.json",
    "~/.gemini/oauth_creds.json",
    "~/.cache/huggingface/token",
    "~/.huggingface/token",
    "~/.wrangler/config/default.toml",
    "~/.config/.wrangler/config/default.toml",
    "~/.netlify/config.json",
    "~/.config/netlify/config.json",
    "~/.config/configstore/firebase-tools.json",
    "~/.config/doctl/config.yaml",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/security/opasswd",
    "/etc/ssh/ssh_host_rsa_key",
    "/etc/ssh/ssh_host_ed25519_key",
    "/etc/ssh/ssh_host_ecdsa_key",
    "/proc/self/environ",
    "/proc/1/environ",
];

/// Directories whose every file is a secret: a pattern that matches one, or anything inside one,
/// may read secrets.
const SECRET_DIRS: &[&str] = &[
    "~/.ssh",
    "~/.aws",
    "~/.gnupg",
    "~/.azure",
    "~/.kube",
    "~/.config/gcloud",
    "~/.config/gh",
    "~/.config/rclone",
    "~/.password-store",
    "~/.local/share/keyrings",
    "~/Library/Keychains",
    "~/.mozilla",
    "~/.config/google-chrome",
    "~/.config/chromium",
    "~/.wrangler/config",
    "~/.config/.wrangler/config",
    "/etc/ssl/private",
    "/run/secrets",
    "/var/run/secrets",
];

/// Names that are secrets in any directory (each one passes [`is_secret_name`]).
const SECRET_NAMES: &[&str] = &[
    ".env",
    ".env.local",
    ".env.production",
    ".npmrc",
    ".netrc",
    ".git-credentials",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    "server.pem",
    "server.key",
    "cert.p12",
    "cert.pfx",
    "release.keystore",
    "release.jks",
    "passwords.kdbx",
    "credentials.json",
    "service-account.json",
    "terraform.tfstate",
    "terraform.tfstate.backup",
    "kubeconfig",
];

/// Everyday names: a name pattern that matches one of these means "every file", not a secret.
const EVERYDAY_NAMES: &[&str] = &[
    "README.md",
    "main.rs",
    "index.js",
    "app.py",
    "package.json",
    "notes.txt",
    "config.yaml",
    "settings.toml",
    "main.tf",
    "Makefile",
    "main.c",
    "db.backup",
];

/// Home directories an absolute pattern may spell out (`/*/*/.ssh/id_rsa`).
const HOMES: &[&str] = &["/root", "/home/user", "/Users/user"];

/// The glob characters bash expands.
fn has_glob_char(s: &str) -> bool {
    s.bytes().any(|b| matches!(b, b'*' | b'?' | b'['))
}

/// Could the unquoted glob `pattern` expand to a secret?
pub(crate) fn glob_may_be_secret(pattern: &str) -> bool {
    if is_secret(pattern) {
        return true;
    }
    let h = home_relative(pattern);
    let h = h.trim_end_matches('/');
    if h.is_empty() || h.contains("://") || PUBLIC_CERT_DIRS.iter().any(|d| h.starts_with(d)) {
        return false;
    }
    let name = h.rsplit('/').next().unwrap_or(h);
    if name_may_be_secret(name) {
        return true;
    }
    let pat: Vec<&str> = h.split('/').collect();
    let anchored = |full: &str| {
        if let Some(rest) = full.strip_prefix("~/") {
            if h.starts_with('~') {
                return matches_path(&pat, &full.split('/').collect::<Vec<_>>());
            }
            if h.starts_with('/') {
                return HOMES.iter().any(|home| {
                    let mut comps: Vec<&str> = home.split('/').collect();
                    comps.extend(rest.split('/'));
                    matches_path(&pat, &comps)
                });
            }
            return false;
        }
        h.starts_with('/') && matches_path(&pat, &full.split('/').collect::<Vec<_>>())
    };
    SECRET_FILES.iter().any(|f| anchored(f))
        || SECRET_DIRS
            .iter()
            .any(|d| anchored(d) || anchored(&format!("{d}/x")))
}

/// A name pattern aimed at a secret name: it matches one and no everyday name (a pattern that
/// starts with `.` aims at hidden files, where the secrets are, and is never "every file").
pub(crate) fn name_may_be_secret(name: &str) -> bool {
    // A literal name was judged by `is_secret` already.
    if !has_glob_char(name) {
        return false;
    }
    SECRET_NAMES.iter().any(|s| component_matches(name, s))
        && (name.starts_with('.') || !EVERYDAY_NAMES.iter().any(|e| component_matches(name, e)))
}

/// Pattern components against path components; `**` stands for any number of visible
/// directories (globstar), a trailing `x` component of a directory probe matches anything.
fn matches_path(pat: &[&str], path: &[&str]) -> bool {
    match (pat.split_first(), path.split_first()) {
        (None, None) => true,
        (Some((&"**", rest)), _) => {
            matches_path(rest, path)
                || path
                    .split_first()
                    .is_some_and(|(first, more)| !first.starts_with('.') && matches_path(pat, more))
        }
        (Some((p, prest)), Some((c, crest))) => {
            component_matches(p, c) && matches_path(prest, crest)
        }
        _ => false,
    }
}

/// One component against one name, as bash's pattern matching with the dot rule: a wildcard
/// or bracket never matches a leading `.`.
fn component_matches(pat: &str, name: &str) -> bool {
    if name.starts_with('.') && !pat.starts_with('.') {
        return false;
    }
    fnmatch(pat.as_bytes(), name.as_bytes())
}

fn fnmatch(p: &[u8], n: &[u8]) -> bool {
    let Some((&c, prest)) = p.split_first() else {
        return n.is_empty();
    };
    match c {
        b'*' => (0..=n.len()).any(|k| fnmatch(prest, &n[k..])),
        b'?' => !n.is_empty() && fnmatch(prest, &n[1..]),
        b'[' => match bracket(prest, n.first().copied()) {
            Some((true, after)) => fnmatch(after, &n[1..]),
            Some((false, _)) => false,
            // An unclosed `[` is a literal.
            None => n.first() == Some(&b'[') && fnmatch(prest, &n[1..]),
        },
        b'\\' if !prest.is_empty() => n.first() == prest.first() && fnmatch(&prest[1..], &n[1..]),
        _ => n.first() == Some(&c) && fnmatch(prest, &n[1..]),
    }
}

/// A bracket expression after its `[`: whether `ch` matches, and the pattern after the `]`.
/// `None` when there is no closing `]`.
fn bracket(p: &[u8], ch: Option<u8>) -> Option<(bool, &[u8])> {
    let (negate, mut i) = match p.first() {
        Some(b'!' | b'^') => (true, 1),
        _ => (false, 0),
    };
    let start = i;
    let mut hit = false;
    while let Some(&b) = p.get(i) {
        if b == b']' && i > start {
            let ok = ch.is_some_and(|_| hit != negate);
            return Some((ok, &p[i + 1..]));
        }
        if let (Some(b'-'), Some(&hi)) = (p.get(i + 1), p.get(i + 2))
            && hi != b']'
        {
            hit |= ch.is_some_and(|c| b <= c && c <= hi);
            i += 3;
            continue;
        }
        hit |= ch == Some(b);
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::common::is_secret_name;
    use super::*;

    #[test]
    fn representatives_are_secrets() {
        for f in SECRET_FILES.iter().chain(SECRET_DIRS) {
            assert!(is_secret(f), "{f}");
        }
        for n in SECRET_NAMES {
            assert!(is_secret_name(n), "{n}");
        }
        for n in EVERYDAY_NAMES {
            assert!(!is_secret_name(n), "{n}");
        }
    }

    #[test]
    fn bash_pattern_matching() {
        for (p, n, want) in [
            ("*", "a", true),
            ("*", ".env", false),
            (".*", ".env", true),
            ("sh?d?w", "shadow", true),
            ("[a-c]x", "bx", true),
            ("[!a-c]x", "bx", false),
            ("[]]", "]", true),
            ("id_*", "id_rsa", true),
            ("a\\*", "a*", true),
            ("a\\*", "ab", false),
            ("[abc", "[abc", true),
            ("*.json", "config.json", true),
        ] {
            assert_eq!(component_matches(p, n), want, "{p} {n}");
        }
    }

    #[test]
    fn globs() {
        for (g, want) in [
            ("/e??/sh?d?w", true),
            ("~/.ss?/id_*", true),
            ("/e*/shadow", true),
            ("~/.n?trc", true),
            (".en?", true),
            (".env*", true),
            ("~/.kube/c?nfig", true),
            ("~/.docker/*.json", true),
            ("~/.config/gh/*", true),
            ("~/.git-cred*", true),
            ("/etc/ssl/private/*", true),
            ("~/.s*", true),
            ("/proc/*/environ", true),
            ("/home/*/.ssh/id_*", true),
            ("/*/*/.ssh/id_rsa", true),
            ("$HOME/.a*/cred*", true),
            ("~/**/.env", true),
            ("*.tfstate", true),
            ("id_*", true),
            ("*.pem", true),
            ("*.md", false),
            ("src/*", false),
            ("*", false),
            ("*.json", false),
            ("config/*.yaml", false),
            ("docs/*.txt", false),
            ("~/.config/*.conf", false),
            ("~/*/id_rsa", true),
            ("~/*/config", false),
            ("~/.ssh/*.pub", false),
            ("/etc/ssl/certs/*.pem", false),
            ("/etc/*-release", false),
            ("/proc/*/status", false),
            ("/dev/sd*", false),
            ("tests/fixtures/*", false),
            (".github/workflows/*.yml", false),
        ] {
            assert_eq!(glob_may_be_secret(g), want, "{g}");
        }
    }
}
