//! The built-in policy, loaded lazily per program.
//!
//! `build.rs` embeds the built-in policy once, packed, and indexes its rules by program name
//! (see there for the layout); here each group's rules are decoded (`packed.rs`) and compiled
//! the first time a command runs that program, into a small [`Policy`] of its own. A process
//! that classifies `ls` compiles only the rules that name `ls`. Nothing here decides: `mod.rs`
//! matches a unit against its own rules and its program's group alike.

use std::sync::OnceLock;

use std::borrow::Cow;

use super::error::{PolicyError, PolicyErrorKind};
use super::options::{Names, OptionSpec};
use super::packed::{self, Program, Record};
use super::spec::RuleSpec;
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

/// The `i`th name of the option-table index and its table.
fn option_name_at(i: usize) -> Option<(&'static str, u16)> {
    let start = match i.checked_sub(1) {
        None => 0,
        Some(j) => OPTION_NAMES.get(j)?.0 as usize,
    };
    let &(end, table) = OPTION_NAMES.get(i)?;
    Some((OPTION_NAME_TEXT.get(start..end as usize)?, table))
}

/// The first index whose name is not below the key `below` compares names with (the index is
/// sorted).
fn option_lower_bound(below: impl Fn(&str) -> bool) -> usize {
    let (mut lo, mut hi) = (0, OPTION_NAMES.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match option_name_at(mid) {
            Some((name, _)) if below(name) => lo = mid + 1,
            _ => hi = mid,
        }
    }
    lo
}

/// Whether any built-in table belongs to a subcommand of `program` (`gh pr list` for `gh`):
/// one binary search for `program ` and nothing allocated, so a program without such tables
/// costs no key building.
pub(crate) fn has_subcommand_tables(program: &str) -> bool {
    let prefix = || program.bytes().chain(std::iter::once(b' '));
    let at = option_lower_bound(|name| name.bytes().lt(prefix()));
    option_name_at(at).is_some_and(|(name, _)| {
        name.len() > program.len() && name.bytes().zip(prefix()).all(|(a, b)| a == b)
    })
}

/// The built-in option table of `program`: views into the packed text, nothing allocated.
pub(crate) fn options(program: &str) -> Option<OptionSpec> {
    let table = match option_name_at(option_lower_bound(|name| name < program)) {
        Some((name, table)) if name == program => usize::from(table),
        _ => return None,
    };
    let start = match table.checked_sub(1) {
        None => 0,
        Some(j) => OPTION_TABLES.get(j)?.10 as usize,
    };
    let &(
        short,
        long_value,
        long,
        single_value,
        short_flags,
        single_flags,
        writes,
        runs,
        network,
        single_until,
        short_optional,
        single_dash_long,
        long_values,
        signal_words,
        closed,
        options_first,
        unlisted_operands,
    ) = OPTION_TABLES.get(table)?;
    let text = |a: usize, b: u32| OPTION_TEXT.get(a..b as usize);
    Some(OptionSpec {
        short_value: Cow::Borrowed(text(start, short)?),
        long_value: Names::Packed(text(short as usize, long_value)?),
        long: Names::Packed(text(long_value as usize, long)?),
        single_dash_long,
        long_values,
        signal_words,
        single_value: Names::Packed(text(long as usize, single_value)?),
        short: Cow::Borrowed(text(single_value as usize, short_flags)?),
        single: Names::Packed(text(short_flags as usize, single_flags)?),
        writes: Names::Packed(text(single_flags as usize, writes)?),
        runs: Names::Packed(text(writes as usize, runs)?),
        network: Names::Packed(text(runs as usize, network)?),
        single_until: Names::Packed(text(network as usize, single_until)?),
        short_optional: Cow::Borrowed(text(single_until as usize, short_optional)?),
        closed,
        options_first,
        unlisted_operands,
    })
}

/// Every group's name, for tests and listings.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    (0..GROUPS.len()).filter_map(key)
}

/// The `i`th group's start offsets: (key, members).
fn starts(i: usize) -> Option<(usize, usize)> {
    match i.checked_sub(1) {
        None => Some((0, 0)),
        Some(j) => GROUPS.get(j).map(|&(k, m)| (k as usize, m as usize)),
    }
}

/// The `i`th group's key (a program name, or `program subcommand`).
fn key(i: usize) -> Option<&'static str> {
    let (start, _) = starts(i)?;
    let &(end, _) = GROUPS.get(i)?;
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

/// The `i`th rule: its file's name (in `FILE_NAMES`), its file index, its line and where it
/// lies in `RULE_CODE`.
fn record(i: usize) -> Option<(&'static str, u8, usize, Record)> {
    let &(file, line, start, program, examples) = RULES.get(i)?;
    let end = match RULES.get(i + 1) {
        Some(next) => next.2 as usize,
        None => RULE_CODE.len(),
    };
    let name = FILE_NAMES.get(usize::from(file))?;
    let r = Record {
        start: start as usize,
        program: program as usize,
        examples: examples as usize,
        end,
    };
    Some((name, file, line as usize, r))
}

/// Decode the `i`th rule; an error names its file and line.
fn decode(
    i: usize,
    program: Program<'_>,
    examples: bool,
) -> Result<(RuleSpec, usize), PolicyError> {
    let (name, _, line, r) = record(i).ok_or_else(malformed)?;
    packed::rule(RULE_CODE, RULE_TEXT, r, program, examples)
        .map(|spec| (spec, line))
        .map_err(|e| {
            PolicyError::new(name, PolicyErrorKind::Invalid(e.to_string()))
                .at(Some(line), Some(e.field.to_owned()))
        })
}

/// The program a member of the group whose rules name `name` is decoded with (`*`: any);
/// `at` is where the name sits in the rule's `program` field.
fn member_program(name: &str, at: u16) -> Program<'_> {
    if name == "*" {
        Program::Any
    } else {
        Program::Only {
            name,
            at: usize::from(at),
        }
    }
}

/// Compile the `i`th group: its rules without examples, each naming only the group's program.
fn load_group(p: &mut Policy, i: usize) -> Result<(), PolicyError> {
    let (_, m_start) = starts(i).ok_or_else(malformed)?;
    let &(_, m_end) = GROUPS.get(i).ok_or_else(malformed)?;
    let members = MEMBERS.get(m_start..m_end as usize).ok_or_else(malformed)?;
    let key = key(i).ok_or_else(malformed)?;
    // The program a group's rules name: its key up to the subcommand.
    let name = key.split(' ').next().unwrap_or_default();
    // Sized once: a `Rule` is several hundred bytes, and growing the list moves them all.
    p.rules.reserve_exact(members.len());
    let origin = format!("builtin:{key}");
    // Each rule compiled as it is decoded, not gathered first: a `RuleSpec` is several hundred
    // bytes too.
    for &(m, at) in members {
        let (spec, line) = decode(usize::from(m), member_program(name, at), false)?;
        p.add_rule_specs([(spec, Some(line))], &origin, &Source::Builtin, false)?;
    }
    Ok(())
}

/// Every built-in rule, file by file, compiled now (the eager policy).
pub(crate) fn load_all(p: &mut Policy) -> Result<(), PolicyError> {
    let mut next = 0;
    for (fi, name) in FILE_NAMES.iter().enumerate() {
        let mut rules = Vec::new();
        while record(next).is_some_and(|(_, file, _, _)| usize::from(file) == fi) {
            let (spec, line) = decode(next, Program::Own, true)?;
            rules.push((spec, Some(line)));
            next += 1;
        }
        p.add_rule_specs(rules, name, &Source::Builtin, false)?;
    }
    // Rules are stored file by file: one left over names no file, or is out of order.
    if next == RULES.len() {
        Ok(())
    } else {
        Err(malformed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::spec::{Examples, OneOrMany};

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

    /// Every rule of the source files as serde reads it from the TOML, with its line: the
    /// reference the packed data must reproduce.
    fn source_rules() -> Vec<(&'static str, usize, RuleSpec)> {
        let sources: Vec<(&'static str, String)> = FILE_NAMES
            .iter()
            .map(|name| {
                let path = format!("{}/src/policy/{name}", env!("CARGO_MANIFEST_DIR"));
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                (*name, text)
            })
            .collect();
        let mut out = Vec::new();
        for (name, text) in sources {
            let file = crate::policy::spec::parse_policy(&text, name).unwrap();
            let lines = crate::policy::error::LineIndex::new(&text);
            out.extend(
                file.rule
                    .into_iter()
                    .map(|r| (name, lines.line(r.span().start), r.into_inner())),
            );
        }
        out
    }

    #[test]
    fn every_packed_rule_decodes_to_what_serde_reads_from_the_source() {
        let sources = source_rules();
        assert_eq!(RULES.len(), sources.len());
        for (i, (name, line, want)) in sources.iter().enumerate() {
            let (file, _, _, _) = record(i).unwrap();
            let (got, got_line) = decode(i, Program::Own, true).unwrap();
            assert_eq!((file, got_line), (*name, *line), "rule {}", want.id);
            assert_eq!(&got, want, "{name}:{line}");
        }
        // The eager policy reads exactly these.
        let mut p = Policy::bare();
        load_all(&mut p).unwrap();
        assert_eq!(p.rules.len(), sources.len());
    }

    #[test]
    fn every_group_copy_is_its_source_rule_naming_only_the_group_program() {
        let sources = source_rules();
        let mut seen = vec![false; sources.len()];
        for i in 0..GROUPS.len() {
            let key = key(i).unwrap();
            let name = key.split(' ').next().unwrap();
            let (_, m_start) = starts(i).unwrap();
            for &(m, at) in &MEMBERS[m_start..GROUPS[i].1 as usize] {
                let m = usize::from(m);
                let (got, _) = decode(m, member_program(name, at), false).unwrap();
                let mut want = sources[m].2.clone();
                want.examples = Examples::default();
                if name != "*" {
                    want.program = Some(OneOrMany::One(name.to_owned().into()));
                }
                assert_eq!(got, want, "group `{key}`");
                seen[m] = true;
            }
            assert!(group(key).is_some_and(|g| g.load_error.is_none()), "{key}");
        }
        assert!(seen.iter().all(|&s| s), "a rule is in no group");
    }

    #[test]
    fn a_member_naming_another_program_is_an_error() {
        // `read-only-text-tools` names `cat` first: its copy for `grep` cannot point there.
        let (i, _) = source_rules()
            .iter()
            .enumerate()
            .find(|(_, r)| r.2.id == "read-only-text-tools")
            .map(|(i, r)| (i, r.2.clone()))
            .unwrap();
        assert!(decode(i, Program::Only { name: "cat", at: 2 }, false).is_ok());
        let e = decode(
            i,
            Program::Only {
                name: "grep",
                at: 2,
            },
            false,
        )
        .unwrap_err();
        assert_eq!(e.origin, "builtin/read-only.toml");
        assert!(
            e.line.is_some() && e.field.as_deref() == Some("program"),
            "{e}"
        );
        assert!(e.to_string().contains("group's program"), "{e}");
        // Nor can a copy for the group `*`, nor an offset off the field.
        assert!(decode(i, Program::Any, false).is_err());
        assert!(decode(i, Program::Only { name: "cat", at: 0 }, false).is_err());
        assert!(
            decode(
                i,
                Program::Only {
                    name: "cat",
                    at: 9999
                },
                false
            )
            .is_err()
        );
    }

    /// A group trusts its rules' globs and regexes (they are compiled on first use, and a
    /// broken one would match nothing): this is where they are checked.
    #[test]
    fn every_built_in_pattern_compiles() {
        let mut p = Policy::bare();
        load_all(&mut p).unwrap_or_else(|e| panic!("{e}"));
        for r in &p.rules {
            if let Err((field, e)) = r.validate() {
                panic!("rule `{}`.{field}: {e}", r.id);
            }
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
