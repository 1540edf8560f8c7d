//! The built-in policy, loaded lazily per program.
//!
//! `build.rs` embeds the built-in TOML once, compactly, and indexes its rules by program name
//! (see there for the layout); here each group's text is assembled, parsed and compiled
//! the first time a command runs that program, into a small [`Policy`] of its own. A process
//! that classifies `ls` compiles only the rules that name `ls`. Nothing here decides: `mod.rs`
//! matches a unit against its own rules and its program's group alike.

use std::sync::OnceLock;

use super::{Policy, Source};

include!(concat!(env!("OUT_DIR"), "/builtin_groups.rs"));

/// One cell per group, for the whole process, filled on first use. A group depends only on
/// the embedded text, so every [`Policy`] shares it: a library caller building a policy per
/// command compiles `ls`'s rules once, and a policy costs nothing to create or drop (a table
/// of cells per policy was 700 KB to allocate and 1,687 cells to drop on every hook run).
/// The cells live in `.bss`, so untouched ones cost no memory.
static CELLS: [OnceLock<Box<Policy>>; GROUP_COUNT] = [const { OnceLock::new() }; GROUP_COUNT];

/// The group of rules naming `program`, compiled on first use. A group that fails to load
/// (which the test suite rules out) holds no rules and an error the caller reports.
pub(crate) fn group(program: &str) -> Option<&'static Policy> {
    let i = find(program)?;
    let cell = CELLS.get(i)?;
    Some(cell.get_or_init(|| {
        let mut p = Policy::bare();
        let name = key(i).unwrap_or_default();
        let loaded = text(i).ok_or_else(|| "malformed built-in group table".to_owned());
        if let Err(e) = loaded.and_then(|text| {
            p.add_text(&text, &format!("builtin:{name}"), &Source::Builtin, false)
                .map_err(|e| e.to_string())
        }) {
            p.load_error = Some(e);
        }
        Box::new(p)
    }))
}

/// Every group's name, for tests and listings.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    (0..GROUPS.len()).filter_map(key)
}

/// The `i`th group's start offsets: (key, `program` line, members).
fn starts(i: usize) -> Option<(usize, usize, usize)> {
    match i.checked_sub(1) {
        None => Some((0, 0, 0)),
        Some(j) => GROUPS
            .get(j)
            .map(|&(k, p, m)| (k as usize, p as usize, m as usize)),
    }
}

/// The `i`th group's key (a program name, or `program subcommand`).
fn key(i: usize) -> Option<&'static str> {
    let (start, _, _) = starts(i)?;
    let &(end, _, _) = GROUPS.get(i)?;
    GROUP_KEYS.get(start..end as usize)
}

/// The index of the group named `name`.
fn find(name: &str) -> Option<usize> {
    let (mut lo, mut hi) = (0, GROUPS.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match key(mid)?.cmp(name) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}

/// The `i`th group's TOML: its rules and option tables without examples, each rule naming only
/// the group's program.
fn text(i: usize) -> Option<String> {
    let (_, p_start, m_start) = starts(i)?;
    let &(_, p_end, m_end) = GROUPS.get(i)?;
    let program = GROUP_PROGRAMS.get(p_start..p_end as usize)?;
    let mut out = String::new();
    for &m in MEMBERS.get(m_start..m_end as usize)? {
        let &(file, start, prog, end) = ENTRIES.get(usize::from(m))?;
        let (_, file) = FILES.get(usize::from(file))?;
        let (start, prog, end) = (start as usize, prog as usize, end as usize);
        if program.is_empty() || prog == end {
            out.push_str(file.get(start..end)?);
        } else {
            out.push_str(file.get(start..prog)?);
            out.push_str(program);
        }
    }
    Some(out)
}
