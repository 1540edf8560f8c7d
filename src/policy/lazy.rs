//! The built-in policy, loaded lazily per program.
//!
//! `build.rs` embeds the built-in policy once, as JSON lines, and indexes its rules by program
//! name (see there for the layout); here each group's tables are parsed and compiled the first
//! time a command runs that program, into a small [`Policy`] of its own. A process
//! that classifies `ls` compiles only the rules that name `ls`. Nothing here decides: `mod.rs`
//! matches a unit against its own rules and its program's group alike.

use std::sync::OnceLock;

use std::borrow::Cow;

use super::error::{PolicyError, PolicyErrorKind};
use super::options::{Names, OptionSpec};
use super::spec::{RuleSpec, parse_builtin_entry};
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
        if let Err(e) = load_group(&mut p, i) {
            p.load_error = Some(e.to_string());
        }
        Box::new(p)
    }))
}

/// The built-in option table of `program`: views into the packed text, nothing allocated.
pub(crate) fn options(program: &str) -> Option<OptionSpec> {
    let name_at = |i: usize| -> Option<(&'static str, u16)> {
        let start = match i.checked_sub(1) {
            None => 0,
            Some(j) => OPTION_NAMES.get(j)?.0 as usize,
        };
        let &(end, table) = OPTION_NAMES.get(i)?;
        Some((OPTION_NAME_TEXT.get(start..end as usize)?, table))
    };
    let (mut lo, mut hi) = (0, OPTION_NAMES.len());
    let table = loop {
        if lo >= hi {
            return None;
        }
        let mid = lo + (hi - lo) / 2;
        let (name, table) = name_at(mid)?;
        match name.cmp(program) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => break usize::from(table),
        }
    };
    let start = match table.checked_sub(1) {
        None => 0,
        Some(j) => OPTION_TABLES.get(j)?.3 as usize,
    };
    let &(short, long_value, long, single_value, single_dash_long, long_values) =
        OPTION_TABLES.get(table)?;
    let text = |a: usize, b: u32| OPTION_TEXT.get(a..b as usize);
    Some(OptionSpec {
        short_value: Cow::Borrowed(text(start, short)?),
        long_value: Names::Packed(text(short as usize, long_value)?),
        long: Names::Packed(text(long_value as usize, long)?),
        single_dash_long,
        long_values,
        single_value: Names::Packed(text(long as usize, single_value)?),
    })
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

fn malformed() -> PolicyError {
    PolicyError::new(
        "builtin",
        PolicyErrorKind::Invalid("malformed built-in group table".to_owned()),
    )
}

/// Compile the `i`th group: its rules without examples, each naming only the group's program.
fn load_group(p: &mut Policy, i: usize) -> Result<(), PolicyError> {
    let (_, p_start, m_start) = starts(i).ok_or_else(malformed)?;
    let &(_, p_end, m_end) = GROUPS.get(i).ok_or_else(malformed)?;
    let program = GROUP_PROGRAMS
        .get(p_start..p_end as usize)
        .ok_or_else(malformed)?;
    let members = MEMBERS.get(m_start..m_end as usize).ok_or_else(malformed)?;
    let mut rules = Vec::new();
    let mut json = String::new();
    for &m in members {
        let &(file, rule, line, start, prog, end) =
            ENTRIES.get(usize::from(m)).ok_or_else(malformed)?;
        let (name, text) = FILES.get(usize::from(file)).ok_or_else(malformed)?;
        let (start, prog, end) = (start as usize, prog as usize, end as usize);
        json.clear();
        if program.is_empty() || prog == end {
            json.push_str(text.get(start..end).ok_or_else(malformed)?);
        } else {
            json.push_str(text.get(start..prog).ok_or_else(malformed)?);
            json.push_str(program);
        }
        json.push('}');
        if !rule {
            return Err(malformed());
        }
        let line = line as usize;
        rules.push((
            parse_builtin_entry::<RuleSpec>(&json, name, line)?,
            Some(line),
        ));
    }
    let key = key(i).unwrap_or_default();
    p.add_rule_specs(rules, &format!("builtin:{key}"), &Source::Builtin, false)
}

/// Every built-in table, file by file, compiled now (the eager policy).
pub(crate) fn load_all(p: &mut Policy) -> Result<(), PolicyError> {
    let mut entries = ENTRIES.iter().peekable();
    for (fi, (name, text)) in FILES.iter().enumerate() {
        let mut rules = Vec::new();
        while let Some(&(file, rule, line, start, _, _)) =
            entries.next_if(|e| usize::from(e.0) == fi)
        {
            debug_assert_eq!(usize::from(file), fi);
            let json = text
                .get(start as usize..)
                .and_then(|t| t.split('\n').next())
                .ok_or_else(malformed)?;
            // Option tables are data (`options`), for eager and lazy policies alike.
            if rule {
                let line = line as usize;
                rules.push((
                    parse_builtin_entry::<RuleSpec>(json, name, line)?,
                    Some(line),
                ));
            }
        }
        p.add_rule_specs(rules, name, &Source::Builtin, false)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_tables_are_found_by_every_name_and_hold_their_lists() {
        let cp = options("cp").unwrap_or_default();
        assert_eq!(options("mv"), Some(cp.clone()), "one table, several names");
        assert_eq!(cp.short_value, "tSmgoZ");
        assert!(cp.long.contains("--recursive") && !cp.long.contains("--recursiv"));
        assert!(cp.long_value.contains("--target-directory"));
        assert!(cp.single_value.iter().next().is_none() && !cp.single_dash_long);
        let find = options("find").unwrap_or_default();
        assert!(find.single_dash_long && find.single_value.contains("-name"));
        assert!(options("no-such-program").is_none() && options("").is_none());
        // Every name of the index finds a table, and the index is sorted.
        let mut last = "";
        let mut start = 0;
        for &(end, table) in OPTION_NAMES {
            let name = &OPTION_NAME_TEXT[start..end as usize];
            assert!(last < name, "{last} before {name}");
            assert!(OPTION_TABLES.get(usize::from(table)).is_some());
            assert!(options(name).is_some(), "{name}");
            (last, start) = (name, end as usize);
        }
    }

    #[test]
    fn the_program_less_group_is_skipped_only_when_it_needs_a_wrapper() {
        let any = group("*").map(|g| g.rules.as_slice()).unwrap_or_default();
        assert!(
            !any.is_empty(),
            "the built-in policy has rules naming no program"
        );
        assert_eq!(
            ANY_PROGRAM_RULES_NEED_VIA,
            any.iter().all(|r| !r.via().is_empty()),
            "build.rs and the compiled group disagree"
        );
    }
}
