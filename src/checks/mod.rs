//! Structural checks: what rules written as data cannot say.
//!
//! One file per family, each a unit struct implementing [`Check`], registered in [`CHECKS`].
//! Each check's doc text (What it flags / Why it is risky / Example / Known gaps) is what
//! `shclass rules` prints, so the docs cannot drift. Checks read the analysis (units, flags)
//! and report [`Finding`]s; they never touch tree-sitter and never decide the final verdict —
//! the policy combines findings with rules (`crate::policy`); the words of a finding
//! (`Decision`, `Risk`) come from the leaf below both (`crate::decision`).

pub(crate) mod common;
mod database;
mod destructive;
mod devices;
mod embedded;
mod env_prefix;
mod exfiltration;
mod foreign_repo;
mod fork_bomb;
mod git_config;
pub(crate) mod link_read;
mod listed_reads;
pub(crate) mod listing;
mod obfuscation;
mod one_liner;
mod privilege;
mod redirect;
mod remote_code;
mod reverse_shell;

mod sensitive_write;
mod shell_state;
mod system;
mod tree_search;
pub(crate) mod workdir;
mod workspace_code;

use std::path::Path;

use crate::analyze::Analysis;
use crate::ast::Span;
use crate::decision::{Decision, Risk};

/// Declare a check: its doc comment becomes both the rustdoc and the text `shclass rules`
/// prints (`Self::DOC`), so the two cannot drift.
macro_rules! declare_check {
    ($(#[doc = $doc:literal])* $name:ident, $id:literal) => {
        $(#[doc = $doc])*
        pub(crate) struct $name;

        impl $name {
            /// Kebab-case id.
            pub(crate) const ID: &'static str = $id;
            /// The doc text.
            pub(crate) const DOC: &'static str = concat!($($doc, "\n"),*);
        }

        impl $crate::checks::Named for $name {
            fn id(&self) -> &'static str {
                Self::ID
            }

            fn doc(&self) -> &'static str {
                Self::DOC
            }
        }
    };
}
pub(crate) use declare_check;

/// What a check reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    /// The unit it is about, by index, or `None` for the whole command.
    pub unit: Option<usize>,
    /// Ask or deny (a check never allows).
    pub decision: Decision,
    /// How risky.
    pub risk: Risk,
    /// For people: what was found.
    pub message: String,
    /// Where.
    pub span: Span,
    /// An `edit` finding may be allowed by the accept-edits mode when its paths stay inside
    /// the workspace.
    pub edit: bool,
}

/// What a check can see.
pub(crate) struct CheckCtx<'a> {
    /// The analysis of the command.
    pub analysis: &'a Analysis,
    /// The workspace root.
    pub cwd: &'a Path,
    /// Where the line starts: the workspace root, or the directory the agent's shell is in.
    pub start: &'a Path,
    /// Where each unit runs ([`workdir::LineDirs`]), worked out once for every check that asks.
    dirs: std::cell::OnceCell<workdir::LineDirs>,
    /// Each unit's write targets ([`common::write_targets`]), worked out once for every check
    /// that asks.
    writes: std::cell::OnceCell<Vec<Vec<String>>>,
    /// Facts about the workspace's directories shared by every line decided against one
    /// snapshot of the file system (a batch); `None`: looked at afresh.
    pub memo: Option<&'a WorkspaceMemo>,
    /// How the file system is looked at: now, or in a batch's snapshot.
    pub look: crate::files::Look<'a>,
    /// For each unit, the rule tagged `secret-output` it matched (its output may hold secrets:
    /// `docker inspect`, `kubectl get pods -o yaml`, `compose config`), by id; the exfiltration
    /// check follows that output to the network. Empty when no policy judged the units.
    pub secret_output: Vec<Option<String>>,
}

/// Facts about directories of the workspace, for the lines a batch decides against one snapshot
/// of the file system (`Policy::snapshot_workspace`): each directory is listed once, not once
/// per line. A policy that outlives the moment (a hook, a session) keeps none.
#[derive(Debug, Default)]
pub(crate) struct WorkspaceMemo {
    /// Each directory's first link to a secret not named like one (`workspace_code`).
    secret_links: PathsByDir,
    /// Each directory's version file that makes a version manager's shim run a program of
    /// the checkout (`workspace_code`).
    version_files: PathsByDir,
    /// Each tree's first link a link-following walk would take to a secret or out of the
    /// workspace (`link_read`), as the reason it asks.
    tree_links:
        std::sync::Mutex<std::collections::HashMap<std::path::PathBuf, Option<link_read::Found>>>,
    /// What a search or git's patches read of a secret, by what was searched and how
    /// (`tree_search`), as the reason it asks.
    searches: std::sync::Mutex<std::collections::HashMap<String, Option<String>>>,
    /// Each directory's entries, each with whether it is a symbolic link (`None`: the
    /// directory cannot be listed).
    entries: std::sync::Mutex<Listings>,
}

/// A directory's entries by name: is each a symbolic link (or of a type the listing cannot
/// say)?
type Entries = std::collections::HashMap<std::ffi::OsString, bool, crate::hash::FixedState>;

/// The directories listed so far, and the one looked at last.
#[derive(Debug, Default)]
struct Listings {
    last: Option<(std::path::PathBuf, Option<std::sync::Arc<Entries>>)>,
    all: std::collections::HashMap<
        std::path::PathBuf,
        Option<std::sync::Arc<Entries>>,
        crate::hash::FixedState,
    >,
}

/// A name of a directory, as its listing shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Not there.
    Missing,
    /// There, not a symbolic link.
    Plain,
    /// A symbolic link, or of a type the listing cannot say.
    Link,
    /// The directory cannot be listed.
    Unknown,
}

/// A path found for each directory, keyed by the directory's text (hashing a `Path` walks its
/// components).
type PathsByDir = std::sync::Mutex<
    std::collections::HashMap<
        std::ffi::OsString,
        Option<std::path::PathBuf>,
        crate::hash::FixedState,
    >,
>;

/// What `find` finds for `dir`, found once per directory. A lock another thread poisoned is
/// passed by: the directory is looked at again.
fn found_once(
    known: &PathsByDir,
    dir: &Path,
    find: impl FnOnce(&Path) -> Option<std::path::PathBuf>,
) -> Option<std::path::PathBuf> {
    if let Ok(known) = known.lock()
        && let Some(path) = known.get(dir.as_os_str())
    {
        return path.clone();
    }
    let path = find(dir);
    if let Ok(mut known) = known.lock() {
        known.insert(dir.as_os_str().to_owned(), path.clone());
    }
    path
}

impl WorkspaceMemo {
    /// The link `find` finds in `dir`, found once per directory.
    pub(crate) fn secret_link_in(
        &self,
        dir: &Path,
        find: impl FnOnce(&Path) -> Option<std::path::PathBuf>,
    ) -> Option<std::path::PathBuf> {
        found_once(&self.secret_links, dir, find)
    }

    /// The version file `find` finds for `dir`, found once per directory.
    pub(crate) fn version_file_in(
        &self,
        dir: &Path,
        find: impl FnOnce(&Path) -> Option<std::path::PathBuf>,
    ) -> Option<std::path::PathBuf> {
        found_once(&self.version_files, dir, find)
    }
}

impl WorkspaceMemo {
    /// Whether `dir` holds `name`, and whether it is a symbolic link (or of a type the
    /// listing cannot say). Listed once per directory.
    pub(crate) fn entry_in(&self, dir: &Path, name: &str) -> Entry {
        let Some(listing) = self.listing(dir) else {
            return Entry::Unknown;
        };
        match listing.get(std::ffi::OsStr::new(name)) {
            None => Entry::Missing,
            Some(false) => Entry::Plain,
            Some(true) => Entry::Link,
        }
    }

    /// The names in `dir` that `matches` (a one-component glob) takes, each with whether it
    /// may be a symbolic link (`None`: the directory cannot be listed), from its listing read
    /// once.
    pub(crate) fn matching_in(
        &self,
        dir: &Path,
        matches: &dyn Fn(&str) -> bool,
    ) -> Option<Vec<(std::ffi::OsString, bool)>> {
        Some(
            self.listing(dir)?
                .iter()
                .filter(|(n, _)| matches(&n.to_string_lossy()))
                .map(|(n, &link)| (n.clone(), link))
                .collect(),
        )
    }

    /// `dir`'s entries, each with whether it is a symbolic link (or of a type the listing
    /// cannot say); `None` when it cannot be listed. Listed once per directory.
    fn listing(&self, dir: &Path) -> Option<std::sync::Arc<Entries>> {
        let list = |d: &Path| -> Option<Entries> {
            Some(
                std::fs::read_dir(d)
                    .ok()?
                    .flatten()
                    .map(|e| {
                        let link = e.file_type().map_or(true, |t| t.is_symlink());
                        (e.file_name(), link)
                    })
                    .collect(),
            )
        };
        let mut known = self.entries.lock().ok()?;
        let Listings { last, all } = &mut *known;
        // Most look-ups are of the directory looked at last (the start directory): its name is
        // compared as bytes, without hashing a path component by component.
        if let Some((d, listing)) = last.as_ref()
            && d.as_os_str() == dir.as_os_str()
        {
            return listing.clone();
        }
        let listing = if let Some(l) = all.get(dir) {
            l.clone()
        } else {
            let l = list(dir).map(std::sync::Arc::new);
            all.insert(dir.to_path_buf(), l.clone());
            l
        };
        *last = Some((dir.to_path_buf(), listing.clone()));
        listing
    }

    /// What `find` finds in the tree at `dir`, found once per tree.
    pub(crate) fn tree_link_in(
        &self,
        dir: &Path,
        find: impl FnOnce(&Path) -> Option<link_read::Found>,
    ) -> Option<link_read::Found> {
        if let Ok(known) = self.tree_links.lock()
            && let Some(found) = known.get(dir)
        {
            return found.clone();
        }
        let found = find(dir);
        if let Ok(mut known) = self.tree_links.lock() {
            known.insert(dir.to_path_buf(), found.clone());
        }
        found
    }
}

impl WorkspaceMemo {
    /// The answer of `find` for the search described by `key`, found once.
    pub(crate) fn search(
        &self,
        key: String,
        find: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        if let Ok(known) = self.searches.lock()
            && let Some(found) = known.get(&key)
        {
            return found.clone();
        }
        let found = find();
        if let Ok(mut known) = self.searches.lock() {
            known.insert(key, found.clone());
        }
        found
    }
}

impl<'a> CheckCtx<'a> {
    /// The checks' view of `analysis`, run in the workspace `cwd`.
    pub(crate) fn new(analysis: &'a Analysis, cwd: &'a Path) -> CheckCtx<'a> {
        CheckCtx {
            analysis,
            cwd,
            start: cwd,
            dirs: std::cell::OnceCell::new(),
            writes: std::cell::OnceCell::new(),
            memo: None,
            look: crate::files::Look::now(),
            secret_output: Vec::new(),
        }
    }

    /// Where each unit of the line runs, as `cd`, `pushd` and `popd` move the shell
    /// ([`workdir::LineDirs`]).
    pub(crate) fn dirs(&self) -> workdir::Dirs<'_> {
        self.dirs
            .get_or_init(|| workdir::LineDirs::new(self.analysis, self.start, self.cwd, self.look))
            .view(self.start)
    }

    /// The places unit `i` writes to ([`common::write_targets`]).
    pub(crate) fn write_targets(&self, i: usize) -> &[String] {
        self.writes
            .get_or_init(|| {
                // Most lines write nothing: then no list at all.
                let units = &self.analysis.units;
                let mut all: Vec<Vec<String>> = Vec::new();
                for (k, u) in units.iter().enumerate() {
                    let targets = common::write_targets(u);
                    if targets.is_empty() {
                        continue;
                    }
                    if all.is_empty() {
                        all.resize_with(units.len(), Vec::new);
                    }
                    if let Some(slot) = all.get_mut(k) {
                        *slot = targets;
                    }
                }
                all
            })
            .get(i)
            .map_or(&[], Vec::as_slice)
    }
}

/// The id and documentation of a check, generated by `declare_check!` from its doc comment.
pub(crate) trait Named {
    /// Kebab-case id, used in reasons.
    fn id(&self) -> &'static str;
    /// What it flags, why it is risky, an example, known gaps.
    fn doc(&self) -> &'static str;
}

/// A structural check.
pub(crate) trait Check: Named + Sync {
    /// Report findings.
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>);
}

/// Every check, in the order they run.
pub(crate) static CHECKS: &[&dyn Check] = &[
    &redirect::RedirectWrite,
    &privilege::Privilege,
    &destructive::RecursiveDelete,
    &destructive::MoveSystemDir,
    &destructive::FindDeleteRoot,
    &destructive::ArchiveRemoveInputs,
    &devices::DeviceWrite,
    &fork_bomb::ForkBomb,
    &remote_code::RemoteCode,
    &reverse_shell::ReverseShell,
    &exfiltration::SecretExfiltration,
    &exfiltration::SecretRead,
    &link_read::LinkRead,
    &listed_reads::ListedRead,
    &sensitive_write::SensitiveWrite,
    &system::KillAll,
    &database::DatabaseWipe,
    &env_prefix::EnvPrefix,
    &shell_state::ShellState,
    &obfuscation::ObfuscatedPayload,
    &one_liner::InterpreterOneLiner,
    &embedded::EmbeddedCommand,
    &foreign_repo::ForeignRepository,
    &workspace_code::WorkspaceCode,
];

/// Run every check.
pub(crate) fn run_all(cx: &CheckCtx) -> Vec<(&'static str, Finding)> {
    let mut out = Vec::new();
    for check in CHECKS {
        let mut found = Vec::new();
        check.run(cx, &mut found);
        out.extend(found.into_iter().map(|f| (check.id(), f)));
    }
    out
}

/// Helpers for the checks' table-driven tests.
#[cfg(test)]
pub(crate) mod test_support {
    use std::path::Path;

    use super::{Check, CheckCtx};
    use crate::decision::Decision;

    /// The strongest decision `check` reports for `cmd` (workspace `/home/user/project`).
    pub(crate) fn decisions(check: &dyn Check, cmd: &str) -> Option<Decision> {
        decisions_in(check, cmd, Path::new("/home/user/project"))
    }

    /// The strongest decision `check` reports for `cmd` run in the workspace `root`.
    pub(crate) fn decisions_in(check: &dyn Check, cmd: &str, root: &Path) -> Option<Decision> {
        let analysis = crate::analyze::analyze(cmd, &crate::Limits::default());
        let cx = CheckCtx::new(&analysis, root);
        let mut found = Vec::new();
        check.run(&cx, &mut found);
        found.iter().map(|f| f.decision).max()
    }
}
