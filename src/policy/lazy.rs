//! The built-in policy, loaded lazily per program.
//!
//! `build.rs` splits the built-in TOML by program name; here each group is parsed and compiled
//! the first time a command runs that program, into a small [`Policy`] of its own. A process
//! that classifies `ls` compiles only the rules that name `ls`. Nothing here decides: `mod.rs`
//! matches a unit against its own rules and its program's group alike.

use std::sync::OnceLock;

use super::{Policy, Source};

include!(concat!(env!("OUT_DIR"), "/builtin_groups.rs"));

/// One cell per group, filled on first use.
#[derive(Debug)]
pub(crate) struct LazyBuiltin {
    cells: Vec<OnceLock<Policy>>,
}

impl LazyBuiltin {
    pub(crate) fn new() -> Self {
        LazyBuiltin {
            cells: BUILTIN_GROUPS.iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// The group of rules naming `program`, compiled on first use. A group that fails to load
    /// (which the test suite rules out) holds no rules and an error the caller reports.
    pub(crate) fn group(&self, program: &str) -> Option<&Policy> {
        let i = BUILTIN_GROUPS
            .binary_search_by(|(name, _)| (*name).cmp(program))
            .ok()?;
        let (name, text) = BUILTIN_GROUPS.get(i)?;
        let cell = self.cells.get(i)?;
        Some(cell.get_or_init(|| {
            let mut p = Policy::bare();
            if let Err(e) = p.add_text(text, &format!("builtin:{name}"), &Source::Builtin, false) {
                p.load_error = Some(e.to_string());
            }
            p
        }))
    }

    /// Every group's name, for tests and listings.
    pub(crate) fn names() -> impl Iterator<Item = &'static str> {
        BUILTIN_GROUPS.iter().map(|(n, _)| *n)
    }
}
