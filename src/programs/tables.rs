//! The built-in option tables (`[[program]]` in `src/policy/builtin/*.toml`), packed by
//! `build.rs` into one text and a sorted index by program name: a program's table is a binary
//! search and views into the text, nothing allocated. Below the analysis, the checks and the
//! policy, so each of them reads a program's options with the same table ([`super::args`]).

use std::borrow::Cow;

use super::args::{Names, OptionSpec};

include!(concat!(env!("OUT_DIR"), "/builtin_options.rs"));

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
pub(crate) fn builtin(program: &str) -> Option<OptionSpec> {
    let table = match option_name_at(option_lower_bound(|name| name < program)) {
        Some((name, table)) if name == program => usize::from(table),
        _ => return None,
    };
    let start = match table.checked_sub(1) {
        None => 0,
        Some(j) => OPTION_TABLES.get(j)?.16 as usize,
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
        output,
        output_dir,
        reads,
        config,
        in_place,
        output_operands,
        single_dash_long,
        long_values,
        signal_words,
        closed,
        options_first,
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
        output: Names::Packed(text(short_optional as usize, output)?),
        output_dir: Names::Packed(text(output as usize, output_dir)?),
        reads: Names::Packed(text(output_dir as usize, reads)?),
        config: Names::Packed(text(reads as usize, config)?),
        in_place: Names::Packed(text(config as usize, in_place)?),
        output_operands: Names::Packed(text(in_place as usize, output_operands)?),
        closed,
        options_first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_tables_are_found_by_every_name_and_hold_their_lists() {
        let cp = builtin("cp").unwrap_or_default();
        assert_eq!(builtin("mv"), Some(cp.clone()), "one table, several names");
        assert_eq!(cp.short_value, "tSmgoZ");
        assert!(cp.long.contains("--recursive") && !cp.long.contains("--recursiv"));
        assert!(cp.long_value.contains("--target-directory"));
        assert!(cp.single_value.iter().next().is_none() && !cp.single_dash_long);
        let find = builtin("find").unwrap_or_default();
        assert!(find.single_dash_long && find.single_value.contains("-name"));
        assert!(builtin("no-such-program").is_none() && builtin("").is_none());
        // Every name of the index finds a table, and the index is sorted.
        let mut last = "";
        let mut start = 0;
        for &(end, table) in OPTION_NAMES {
            let name = &OPTION_NAME_TEXT[start..end as usize];
            assert!(last < name, "{last} before {name}");
            assert!(OPTION_TABLES.get(usize::from(table)).is_some());
            assert!(builtin(name).is_some(), "{name}");
            (last, start) = (name, end as usize);
        }
    }
}
