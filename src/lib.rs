//! # shclass
//!
//! Decide whether a shell command an AI coding agent wants to run is safe: **allow**, **ask** a
//! person, or **deny**.
//!
//! The pipeline's names narrate it: [`parse`] (tree-sitter-bash → our own [`ast`]) →
//! [`analyze`] (every execution unit that could run, wrappers stripped, words canonicalised,
//! flags for what cannot be seen through).
//!
//! ```
//! let analysis = shclass::analyze::analyze("ls && timeout 5 rm -rf /", &shclass::Limits::default());
//! let programs: Vec<_> = analysis.units.iter().map(|u| u.program.as_deref()).collect();
//! assert_eq!(programs, [Some("ls"), Some("rm")]);
//! ```
//!
//! An agent loop keeps a [`session::Session`]: classify → ask a person → remember → audit.
//!
//! ```
//! use shclass::policy::{Decision, Policy};
//! use shclass::session::{Answer, RememberScope, Session};
//!
//! let log = std::env::temp_dir().join(format!("shclass-doc-{}.jsonl", std::process::id()));
//! let mut session = Session::new(Policy::builtin()?)
//!     .with_audit(shclass::audit::AuditLog::new(&log).with_anchor(Some(log.with_extension("head"))));
//! let mut outcome = session.check_command("Bash", "git push origin main");   // classify
//! if outcome.decision == Decision::Ask {
//!     // ask the person (here: they said "always"), which remembers `git push` narrowly
//!     session.answer(&mut outcome, &Answer::Always(RememberScope::Session))?;
//! }
//! assert_eq!(session.check_command("Bash", "git push origin dev").decision, Decision::Allow);
//! assert_eq!(session.check_command("Bash", "rm -rf ~").decision, Decision::Deny);
//! assert_eq!(shclass::audit::verify(&log)?.lines, 4);                      // audited
//! # std::fs::remove_file(&log).ok();
//! # std::fs::remove_file(log.with_extension("head")).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Agent hooks (Claude Code, Gemini CLI, Cursor) are [`hook`]; `shclass exec` and `shclass repl`
//! are [`interactive`].

pub mod analyze;
pub mod ast;
pub mod audit;
pub mod batch;
pub mod checks;
pub mod hook;
pub mod interactive;
pub mod parse;
pub mod policy;
pub mod session;
pub mod state;
pub mod wordlist;

use std::time::Duration;

/// Bounds on the work done for one command line. Past any of them the analysis carries a
/// `too-long` or `too-deep` flag — an opaque flag, so such a command is never allowed (a policy's
/// `[flags]` may make it deny, never ignore it) — and the work stops: nothing hangs, nothing
/// overflows the stack. docs/limits.md lists each with its default and outcome.
#[derive(Debug, Clone)]
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
