//! Policy sources and their order: built-in < user < project < `--policy` files < managed, with
//! Claude Code settings files (`--claude-settings`) between the project and the CLI files.
//!
//! Finds the files (XDG config, `.shclass.toml` upward from the working directory,
//! `/etc/shclass/policy.toml`), reads them, and adds them to a [`Policy`] with their [`Source`].
//! A missing optional file is fine; an unreadable or invalid one is an error naming the file.
//! Examples of every rule outside the built-in policy are checked at load.
//!
//! Project files (`.shclass.toml`, a project's `.claude/settings.json` and
//! `settings.local.json`) arrive with the code: unless the person trusted that exact file
//! (`shclass trust`, [`super::trust`]) they are added untrusted and can only tighten. The user's,
//! managed and `--policy` / `--claude-settings=PATH` files are the person's word.

use std::path::{Path, PathBuf};

use super::trust::{self, Found, TrustStore};
use super::{Mode, Policy, PolicyError, Source};

/// What to load.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct LoadOptions {
    /// The workspace root (the working directory by default).
    pub cwd: Option<PathBuf>,
    /// `--mode`; overrides the files' `mode` keys (a managed file's mode still wins).
    pub mode: Option<Mode>,
    /// `--policy FILE`, in order.
    pub policy_files: Vec<PathBuf>,
    /// `--claude-settings[=PATH]`: `Some(None)` reads the default Claude settings files.
    pub claude_settings: Option<Option<PathBuf>>,
    /// Skip the user and project files (tests, reproducible runs).
    pub no_discovery: bool,
    /// The managed policy path (default `/etc/shclass/policy.toml`).
    pub managed: Option<PathBuf>,
    /// Compile every built-in rule now instead of per program on first use. Cheaper when many
    /// different programs will be classified (`shclass batch`: one pass over the files instead
    /// of a group per program, where a rule naming several programs is compiled in each);
    /// dearer for one command (a hook), which needs a few groups.
    pub eager_builtin: bool,
    /// The record of trusted project files (default: `trusted` in the user's state root).
    pub trust_store: Option<PathBuf>,
}

impl LoadOptions {
    /// The defaults: discover the user's and the project's files from the working directory.
    pub fn new() -> LoadOptions {
        LoadOptions::default()
    }

    /// The workspace root.
    #[must_use]
    pub fn with_cwd(mut self, cwd: impl Into<PathBuf>) -> LoadOptions {
        self.cwd = Some(cwd.into());
        self
    }

    /// The mode, over the files' `mode` keys.
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> LoadOptions {
        self.mode = Some(mode);
        self
    }

    /// One more `--policy FILE`, after those given before.
    #[must_use]
    pub fn with_policy_file(mut self, file: impl Into<PathBuf>) -> LoadOptions {
        self.policy_files.push(file.into());
        self
    }

    /// Also read Claude Code settings: `None` the default files, `Some(path)` that file.
    #[must_use]
    pub fn with_claude_settings(mut self, path: Option<PathBuf>) -> LoadOptions {
        self.claude_settings = Some(path);
        self
    }

    /// Skip the user and project files.
    #[must_use]
    pub fn without_discovery(mut self) -> LoadOptions {
        self.no_discovery = true;
        self
    }

    /// The managed policy path.
    #[must_use]
    pub fn with_managed(mut self, path: impl Into<PathBuf>) -> LoadOptions {
        self.managed = Some(path.into());
        self
    }

    /// Compile every built-in rule now ([`LoadOptions::eager_builtin`]).
    #[must_use]
    pub fn with_eager_builtin(mut self) -> LoadOptions {
        self.eager_builtin = true;
        self
    }

    /// The record of trusted project files.
    #[must_use]
    pub fn with_trust_store(mut self, path: impl Into<PathBuf>) -> LoadOptions {
        self.trust_store = Some(path.into());
        self
    }
}

fn read(path: &Path) -> Result<String, PolicyError> {
    std::fs::read_to_string(path).map_err(|e| PolicyError::io(path, &e))
}

/// The policy files a command run in `cwd` reads, as `load` finds them: the managed file
/// (`managed`, else `/etc/shclass/policy.toml`), the user's, and the project's nearest
/// `.shclass.toml` (one passed over for its location is left out). Only those that exist.
pub(crate) fn discovered_files(cwd: &Path, managed: Option<&Path>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let managed = managed.map_or_else(
        || PathBuf::from("/etc/shclass/policy.toml"),
        Path::to_path_buf,
    );
    out.extend(
        [Some(managed), user_policy()]
            .into_iter()
            .flatten()
            .filter(|p| p.is_file()),
    );
    out.extend(
        super::trust::project_policy(cwd)
            .into_iter()
            .filter_map(|f| match f {
                super::trust::Found::File(p) => Some(p),
                super::trust::Found::Skipped(..) => None,
            }),
    );
    out
}

fn user_policy() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("shclass").join("policy.toml"))
}

/// The default Claude Code settings files: the user's (true: the person's word) and the
/// project's (false: trusted only when recorded).
fn claude_defaults(cwd: &Path) -> Vec<(PathBuf, bool)> {
    let mut out = Vec::new();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if let Some(home) = &home {
        out.push((home.join(".claude").join("settings.json"), true));
    }
    for name in ["settings.json", "settings.local.json"] {
        let p = cwd.join(".claude").join(name);
        // The user's own file, when the workspace is the home directory.
        if out.iter().all(|(q, _)| *q != p) {
            out.push((p, false));
        }
    }
    out
}

/// Is this project file trusted as it reads now?
fn trusted(store: Option<&TrustStore>, path: &Path, text: &str) -> bool {
    store.is_some_and(|s| s.is_trusted(path, text.as_bytes()))
}

/// Load the built-in policy and every configured source.
pub fn load(opts: &LoadOptions) -> Result<Policy, PolicyError> {
    let here = std::env::current_dir().ok();
    // A relative workspace (`--workspace .`) is made absolute here, once: the path policy
    // resolves links under it as the kernel does, which needs the directory's real place.
    let cwd = match (opts.cwd.clone(), here) {
        (Some(c), Some(h)) if c.is_relative() => h.join(c),
        (Some(c), _) => c,
        (None, h) => h.unwrap_or_else(|| PathBuf::from("/")),
    };
    let empty = Policy::empty_in(cwd.clone());
    let mut policy = if opts.eager_builtin {
        Policy::builtin_eager_in(empty)?
    } else {
        Policy::builtin_in(empty)
    };
    let store = opts
        .trust_store
        .clone()
        .map(TrustStore::at)
        .or_else(TrustStore::user);
    if !opts.no_discovery {
        // Anything at the path counts: a directory or a dangling link there is an error, never
        // a policy silently not in force.
        if let Some(user) = user_policy().filter(|p| p.symlink_metadata().is_ok()) {
            let text = read(&user)?;
            let name = user.display().to_string();
            policy.add_text(&text, &name, &Source::User(name.clone()), true)?;
        }
        for found in trust::project_policy(&cwd) {
            let Found::File(project) = found else {
                continue; // owned by another user or in a directory others write
            };
            let text = read(&project)?;
            let name = project.display().to_string();
            let source = Source::Project(name.clone());
            if trusted(store.as_ref(), &project, &text) {
                policy.add_text(&text, &name, &source, true)?;
            } else {
                policy.add_untrusted_text(&text, &name, &source)?;
            }
        }
    }
    if let Some(claude) = &opts.claude_settings {
        let files = match claude {
            Some(p) => vec![(p.clone(), true)],
            None => claude_defaults(&cwd),
        };
        for (f, personal) in files {
            if claude.is_none() && !f.is_file() {
                continue;
            }
            if !personal && trust::unsafe_location(&f).is_some() {
                continue;
            }
            let text = read(&f)?;
            let name = f.display().to_string();
            if personal || trusted(store.as_ref(), &f, &text) {
                policy.add_claude_settings(&text, &name)?;
            } else {
                policy.add_untrusted_claude_settings(&text, &name)?;
            }
        }
    }
    for f in &opts.policy_files {
        let text = read(f)?;
        let name = f.display().to_string();
        policy.add_text(&text, &name, &Source::Cli(name.clone()), true)?;
    }
    if let Some(mode) = opts.mode {
        policy.mode = mode;
    }
    let managed = opts
        .managed
        .clone()
        .unwrap_or_else(|| PathBuf::from("/etc/shclass/policy.toml"));
    if managed.symlink_metadata().is_ok() {
        let text = read(&managed)?;
        let name = managed.display().to_string();
        let before = policy.mode;
        policy.add_text(&text, &name, &Source::Managed(name.clone()), true)?;
        // A managed file without a mode key leaves the chosen mode alone.
        if !text.lines().any(|l| l.trim_start().starts_with("mode")) {
            policy.mode = before;
        }
    }
    Ok(policy)
}
