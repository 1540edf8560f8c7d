//! # shclass
//!
//! Decide whether a shell command an AI coding agent wants to run is safe: **allow**, **ask** a
//! person, or **deny**.
//!
//! The pipeline: parse (tree-sitter-bash → our own syntax tree) → [`analyze`] (every execution
//! unit that could run, wrappers stripped, words canonicalised, [`Flag`]s for what cannot be seen
//! through) → checks → [`Policy::decide`] (a [`Verdict`]).
//!
//! ```
//! let analysis = shclass::analyze("ls && timeout 5 rm -rf /", &shclass::Limits::default());
//! let programs: Vec<_> = analysis.units.iter().map(|u| u.program.as_deref()).collect();
//! assert_eq!(programs, [Some("ls"), Some("rm")]);
//! ```
//!
//! An agent loop keeps a [`Session`]: classify → ask a person → remember → audit.
//!
//! ```
//! use shclass::{Answer, Decision, Policy, RememberScope, Session};
//!
//! let log = std::env::temp_dir().join(format!("shclass-doc-{}.jsonl", std::process::id()));
//! let mut session = Session::new(Policy::builtin()?)
//!     .with_audit(shclass::AuditLog::new(&log).with_anchor(Some(log.with_extension("head"))));
//! let mut outcome = session.check_command("Bash", "git push origin main");   // classify
//! if outcome.decision == Decision::Ask {
//!     // ask the person (here: they said "always"), which remembers `git push` narrowly
//!     session.answer(&mut outcome, &Answer::Always(RememberScope::Session))?;
//! }
//! assert_eq!(session.check_command("Bash", "git push origin dev").decision, Decision::Allow);
//! assert_eq!(session.check_command("Bash", "rm -rf ~").decision, Decision::Deny);
//! assert_eq!(shclass::verify_audit_log(&log)?.lines, 4);                  // audited
//! # std::fs::remove_file(&log).ok();
//! # std::fs::remove_file(log.with_extension("head")).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Agent hooks (Claude Code, Gemini CLI, Cursor) are [`hook::handle`].
//!
//! The public surface is what this file re-exports, plus [`policy`] (the same policy items under
//! their module's name) and [`hook`]; every other module is private, so the rest can change
//! without breaking a user. `tests/public_api.rs` pins the list.

mod analyze;
mod ast;
mod audit;
mod batch;
mod checks;
mod cli;
mod decision;
mod files;
mod glob;
mod hash;
mod interactive;
mod parse;
mod programs;
mod session;
mod state;
mod wordlist;

pub mod hook;
pub mod policy;

pub use analyze::{
    Analysis, Arg, Context, Flag, FlagKind, Unit, UnitAssignment, UnitRedirect, analyze,
};
pub use ast::Span;
pub use audit::{Approver, AuditLog, VerifyError, VerifyReport, verify as verify_audit_log};
pub use policy::{
    Access, Decision, LoadOptions, Mode, Operation, PathVerdict, Policy, PolicyError,
    PolicyErrorKind, Reason, Risk, Source, UnitVerdict, Verdict, load,
};
pub use session::{Answer, Outcome, RememberScope, Session, SessionConfig, SessionError};
pub use state::SessionState;

/// The `shclass` binary's entry point (`src/main.rs` calls it); not part of the library's API.
#[doc(hidden)]
pub fn cli_main() -> std::process::ExitCode {
    cli::main()
}

/// Entry points for the repository's own benchmarks, examples and grammar snapshots (the parser
/// alone, the tree-sitter tree as text, the sed and awk readers). Not part of the library's API: they
/// may change in any release.
#[doc(hidden)]
pub mod dev {
    use crate::Limits;

    /// Our syntax tree of `src`, serialisable (the grammar snapshots print it as JSON).
    pub fn parse(src: &str, limits: &Limits) -> impl serde::Serialize + std::fmt::Debug {
        crate::parse::parse(src, limits)
    }

    /// The tree-sitter tree of `src` as indented text.
    pub fn tree_text(src: &str) -> String {
        crate::parse::tree_text(src)
    }

    /// Tree-sitter alone, no lowering: the floor `shclass` is measured against.
    pub fn bare_parse(src: &str) -> usize {
        crate::parse::bare_parse(src)
    }

    /// Whether `src` is lowered without tree-sitter.
    pub fn takes_fast_path(src: &str, limits: &Limits) -> bool {
        crate::parse::takes_fast_path(src, limits)
    }

    /// How the sed reader sees a sed script: `"opaque"`, `"none"` (no effect outside its
    /// output) or `"effects"` (writes, runs or reads a file).
    pub fn sed_summary(script: &str) -> &'static str {
        let r = crate::analyze::sed::read(script);
        if r.opaque {
            "opaque"
        } else if r.effects.is_empty() {
            "none"
        } else {
            "effects"
        }
    }

    /// How the awk reader sees an awk program: `"opaque"`, `"none"` (no effect outside its
    /// standard output, environment reads aside) or `"effects"` (runs a command, writes or
    /// reads a file, standard streams included, connects or loads code).
    pub fn awk_summary(program: &str) -> &'static str {
        use crate::analyze::awk::AwkEffect;
        let r = crate::analyze::awk::read_with(program, &[]);
        if r.opaque {
            "opaque"
        } else if r.effects.iter().all(|e| matches!(e, AwkEffect::Env(_))) {
            "none"
        } else {
            "effects"
        }
    }

    /// The names of the built-in policy files, in load order.
    pub const BUILTIN_FILES: &[&str] = crate::policy::BUILTIN_FILES;

    /// Every rule example of `policy` that does not hold, as text.
    pub fn example_failures(policy: &crate::Policy) -> Vec<String> {
        policy
            .check_all_examples()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Each rule of `policy` in order: its id, whether it has a reason and a hit example, and
    /// its whole compiled form as debug text.
    pub fn rules(policy: &crate::Policy) -> Vec<(String, bool, bool, String)> {
        policy
            .rules()
            .iter()
            .map(|r| {
                (
                    r.id.to_string(),
                    !r.reason.is_empty(),
                    !r.hit.is_empty(),
                    format!("{r:?}"),
                )
            })
            .collect()
    }

    /// The rule ids of each lazily loaded built-in group, or the group's load error.
    pub fn builtin_group_rule_ids(
        policy: &crate::Policy,
    ) -> Vec<(&'static str, Result<Vec<String>, String>)> {
        policy
            .builtin_groups()
            .into_iter()
            .map(|name| {
                let ids = match policy.builtin_group_rules(name) {
                    None => Err("missing".to_owned()),
                    Some((_, Some(err))) => Err(err.to_owned()),
                    Some((rules, None)) => Ok(rules.iter().map(|r| r.id.to_string()).collect()),
                };
                (name, ids)
            })
            .collect()
    }

    /// `policy check`'s lints of a loaded policy, as text.
    pub fn lint(policy: &crate::Policy, name: &str) -> Vec<String> {
        crate::policy::lint(policy, name)
    }
}

use std::time::Duration;

/// Bounds on the work done for one command line. Past any of them the analysis carries a
/// `too-long` or `too-deep` flag — an opaque flag, so such a command is never allowed (a policy's
/// `[flags]` may make it deny, never ignore it) — and the work stops: nothing hangs, nothing
/// overflows the stack. docs/limits.md lists each with its default and outcome.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Limits {
    /// Largest input, in bytes (also for re-parsed code). Over it: `too-long`, nothing parsed.
    pub max_input_bytes: usize,
    /// Largest syntax tree, in nodes. Over it: `too-long`, nothing lowered.
    pub max_nodes: usize,
    /// Deepest nesting of statements and words that is lowered and walked (`$(`, `(`, `{`,
    /// `if`, `${x:-…}`, `[[ ( … ) ]]`…, re-parsed code included; a `&&` chain is not deep).
    /// Past it: `too-deep`, the subtree not analysed. It also bounds the stack: in a debug build
    /// the deepest recursion at the default needs under 1 MiB, half a spawned thread's stack.
    pub max_tree_depth: usize,
    /// Deepest nesting of re-parsed code (`bash -c` inside `bash -c`, `eval`, heredocs fed to a
    /// shell…). Past it: `too-deep`, the inner code not analysed.
    pub max_nesting: usize,
    /// Most execution units analysed. Past it: `too-long`, the rest not analysed.
    pub max_units: usize,
    /// Longest time tree-sitter may spend on one parse (checked by its progress callback).
    /// Past it: `too-long`, nothing lowered.
    pub max_parse_time: Duration,
    /// Most stages of one pipeline, counted before parsing: tree-sitter-bash parses a pipeline in
    /// time quadratic in its length, in steps too long for the progress callback to interrupt
    /// (`a | ` × 16,000 takes about a minute). Over it: `too-long`, nothing parsed.
    pub max_pipeline_stages: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 1 << 20,
            max_nodes: 1 << 20,
            max_tree_depth: 100,
            max_nesting: 10,
            max_units: 10_000,
            max_parse_time: Duration::from_secs(2),
            max_pipeline_stages: 1_000,
        }
    }
}

/// The README's Rust examples, compiled and run as doctests so the snippet a user pastes works.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
