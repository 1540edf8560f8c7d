//! The built-in option tables (`[[program]]` in `src/policy/builtin/*.toml`), packed by
//! `build.rs` into one text and a sorted index by program name: a program's table is a binary
//! search and views into the text, nothing allocated. Below the analysis, the checks and the
//! policy, so each of them reads a program's options with the same table ([`super::args`]).

use std::borrow::Cow;

use super::args::{self, Names, OptionSpec, Parsed, Word};

include!(concat!(env!("OUT_DIR"), "/builtin_options.rs"));

/// The built-in table of `program` when it gives a word a role ([`has_roles`]); `None`, without
/// a look-up, for every other program.
pub(crate) fn with_roles(program: &str) -> Option<OptionSpec> {
    if has_roles(program) {
        builtin(program)
    } else {
        None
    }
}

include!("name_hash.rs");

/// The hash index's key `program`, if it is one: its table (if it has one) and whether a
/// subcommand of it has a table. One hash of the name and, as the index is at most half full,
/// a probe or two.
fn option_key(program: &str) -> Option<(Option<usize>, bool)> {
    let mask = OPTION_SLOTS.len() - 1;
    let mut at = name_hash(program.as_bytes()) as usize & mask;
    // At most one pass over the slots (the build leaves half of them free, so a probe ends at
    // a free one long before).
    for _ in 0..OPTION_SLOTS.len() {
        let k = usize::from(*OPTION_SLOTS.get(at)?).checked_sub(1)?;
        let start = match k.checked_sub(1) {
            None => 0,
            Some(j) => OPTION_KEYS.get(j)?.0 as usize,
        };
        let &(end, table, sub) = OPTION_KEYS.get(k)?;
        if OPTION_KEY_TEXT.get(start..end as usize) == Some(program) {
            return Some(((table != u16::MAX).then_some(usize::from(table)), sub));
        }
        at = (at + 1) & mask;
    }
    None
}

/// The programs of the catalogue: every name with a built-in table or with subcommand tables
/// (`kill`, `git`), in sorted order, subcommand keys (`git log`) left out. What a glob in a
/// program's file name (`/usr/bin/ki??`) may expand to, among the programs known here.
pub(crate) fn program_names() -> impl Iterator<Item = &'static str> {
    let mut start = 0;
    OPTION_KEYS.iter().filter_map(move |&(end, _, _)| {
        let name = OPTION_KEY_TEXT.get(start..end as usize);
        start = end as usize;
        name.filter(|n| !n.contains(' '))
    })
}

/// Whether any built-in table belongs to a subcommand of `program` (`gh pr list` for `gh`):
/// one look-up in the hash index, nothing allocated, so a program without such tables costs no
/// key building.
pub(crate) fn has_subcommand_tables(program: &str) -> bool {
    option_key(program).is_some_and(|(_, sub)| sub)
}

/// `argv` (program first) read with the built-in table of `program` and that of the deepest
/// subcommand its first `depth` operands name (`gh pr view`, `git config get`): the reading a
/// check needs when it looks for one option of a subcommand. `None` when `program` has no
/// table. (The policy reads a unit the same way with a person's tables first.)
pub(crate) fn parse_builtin<W: Word>(program: &str, argv: &[W], depth: usize) -> Option<Parsed> {
    read_builtin(program, argv, depth).map(|(parsed, _)| parsed)
}

/// The built-in table of the deepest subcommand the first `depth` operands of `argv` name
/// (`gh cache list`), with `argv` read by it: `None` when no subcommand table is found.
pub(crate) fn builtin_subcommand<W: Word>(
    program: &str,
    argv: &[W],
    depth: usize,
) -> Option<(OptionSpec, Parsed)> {
    let (parsed, sub) = read_builtin(program, argv, depth)?;
    sub.map(|sub| (sub, parsed))
}

/// [`parse_builtin`]'s reading, and the subcommand table it used (`None`: the program's own).
fn read_builtin<W: Word>(
    program: &str,
    argv: &[W],
    depth: usize,
) -> Option<(Parsed, Option<OptionSpec>)> {
    let global = builtin(program)?;
    let parsed = args::parse(Some(&global), argv);
    if !has_subcommand_tables(program) {
        return Some((parsed, None));
    }
    let words: Vec<(usize, &str)> = parsed
        .operands
        .iter()
        .take(depth)
        .map_while(|&k| argv.get(k).and_then(Word::text).map(|w| (k, w)))
        .collect();
    for n in (1..=words.len()).rev() {
        let key = words[..n]
            .iter()
            .fold(program.to_owned(), |key, (_, w)| key + " " + w);
        if let Some(sub) = builtin(&key) {
            let parsed = args::parse_subcommand(Some(&global), &sub, argv, words[n - 1].0);
            return Some((parsed, Some(sub)));
        }
    }
    Some((parsed, None))
}

/// The words of a `gh` command (program first) that hold the value of an option no file is
/// read from. A gh subcommand's closed table names every option it takes (`gh cache list -k
/// KEY -q EXPR`): only those the table gives the read or configuration role (`gh api --input
/// FILE`) open a file, as does a `@FILE` value (`gh api -F body=@FILE`); the others are names,
/// numbers, JSON fields, jq programs (judged by the secret-read check) and templates. Values
/// known only at run time, and every value of a subcommand without a closed table, are left
/// out (still judged as words that may name a file).
pub(crate) fn gh_plain_values<W: Word>(argv: &[W]) -> Vec<usize> {
    let Some((spec, parsed)) = builtin_subcommand("gh", argv, 2) else {
        return Vec::new();
    };
    if !spec.closed {
        return Vec::new();
    }
    parsed
        .opts
        .iter()
        .filter(|o| {
            o.value.as_deref().is_some_and(|v| !v.contains('@'))
                && !spec.reads.contains(&o.name)
                && !spec.config.contains(&o.name)
        })
        .map(|o| o.value_at.unwrap_or(o.index))
        .collect()
}

/// The words of a `git` command (program first) that hold a pattern git matches text with, not
/// a file it opens: the value of `--grep`, `--grep-reflog`, `--author`, `--committer`, `-S`,
/// `-G` and `git grep -e`, and the first operand of `git grep` when no `-e` or `-f` gives the
/// pattern (`git grep -n process.env`, `git log --grep=.env`). Read with the subcommand's
/// closed table only (an option it does not know leaves every word a possible file); values
/// known only at run time are left out.
pub(crate) fn git_pattern_words<W: Word>(argv: &[W]) -> Vec<usize> {
    let Some((spec, parsed)) = builtin_subcommand("git", argv, 1) else {
        return Vec::new();
    };
    if !spec.closed || parsed.unknown.is_some() || parsed.dynamic {
        return Vec::new();
    }
    let mut out: Vec<usize> = parsed
        .opts
        .iter()
        .filter(|o| {
            o.value.is_some()
                && matches!(
                    o.name.as_ref(),
                    "--grep" | "--grep-reflog" | "--author" | "--committer" | "-S" | "-G" | "-e"
                )
        })
        .map(|o| o.value_at.unwrap_or(o.index))
        .collect();
    // `git grep PATTERN`: the first operand after `grep`, unless a `--` stands before it (then
    // every later word is a path).
    let mut operands = parsed.operands.iter().copied();
    if let Some(sub) = operands.next()
        && argv.get(sub).and_then(Word::text) == Some("grep")
        && !parsed
            .opts
            .iter()
            .any(|o| matches!(o.name.as_ref(), "-e" | "-f"))
        && let Some(first) = operands.next()
        && !argv
            .get(sub + 1..first)
            .is_some_and(|between| between.iter().any(|w| w.text() == Some("--")))
    {
        out.push(first);
    }
    out
}

/// The first occurrence of the option `name` in `argv` (program first) as the program's
/// built-in table reads it: the value of `-c` in `python3 -W ignore -c CODE`, not `ignore`.
pub(crate) fn builtin_option<W: Word>(program: &str, argv: &[W], name: &str) -> Option<args::Opt> {
    let spec = builtin(program)?;
    args::parse(Some(&spec), argv)
        .opts
        .into_iter()
        .find(|o| o.name == name)
}

/// The built-in option table of `program`: views into the packed text, nothing allocated.
pub(crate) fn builtin(program: &str) -> Option<OptionSpec> {
    let table = option_key(program)?.0?;
    let start = match table.checked_sub(1) {
        None => 0,
        Some(j) => OPTION_TABLES.get(j)?.22 as usize,
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
        optional_next,
        two_values,
        long_optional,
        discloses,
        ends_options,
        short_next,
        single_dash_long,
        long_values,
        signal_words,
        closed,
        options_first,
        unlisted_operands,
        negatable,
        response_files,
        numeric_operands,
        equals_values,
        separate_globals,
        first_word_bundle,
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
        optional_next: Names::Packed(text(output_operands as usize, optional_next)?),
        two_values: Names::Packed(text(optional_next as usize, two_values)?),
        long_optional: Names::Packed(text(two_values as usize, long_optional)?),
        discloses: Names::Packed(text(long_optional as usize, discloses)?),
        ends_options: Names::Packed(text(discloses as usize, ends_options)?),
        short_next: Cow::Borrowed(text(ends_options as usize, short_next)?),
        closed,
        options_first,
        unlisted_operands,
        negatable,
        response_files,
        numeric_operands,
        equals_values,
        separate_globals,
        first_word_bundle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::args::{Opt, Role};

    /// Every program whose output and input options, or written operands, the checks and the
    /// path policy once listed by hand has a table giving each the same role.
    #[test]
    fn the_roles_once_written_in_code_are_in_the_tables() {
        let options: &[(&[&str], &[&str], Role)] = &[
            (&["sort", "curl"], &["-o", "--output"], Role::Output),
            (
                &["wget"],
                &[
                    "-O",
                    "--output-document",
                    "-o",
                    "--output-file",
                    "-a",
                    "--append-output",
                ],
                Role::Output,
            ),
            (&["wget"], &["-P", "--directory-prefix"], Role::OutputDir),
            (
                &["cp", "mv", "install", "ln"],
                &["-t", "--target-directory"],
                Role::OutputDir,
            ),
            (
                &["find"],
                &["-fprint", "-fprint0", "-fprintf", "-fls"],
                Role::Output,
            ),
            (&["go"], &["-o"], Role::Output),
            (&["unzip"], &["-d"], Role::OutputDir),
            (&["curl"], &["-K", "--config"], Role::Config),
            (&["wget"], &["-i", "--input-file"], Role::Reads),
        ];
        for &(programs, names, role) in options {
            for p in programs {
                let spec = builtin(p).unwrap_or_else(|| panic!("{p} has no table"));
                for name in names {
                    let opt = Opt {
                        name: (*name).to_owned().into(),
                        value: None,
                        known: true,
                        index: 1,
                        value_at: None,
                    };
                    assert_eq!(spec.role(&opt), Some(role), "{p} {name}");
                }
            }
        }
        let operands: &[(&[&str], &str)] = &[
            (&["cp", "mv", "install", "ln", "rsync", "scp"], "-1"),
            (&["tee", "truncate", "shred"], "0"),
            (&["uniq", "xxd"], "2"),
        ];
        for &(programs, position) in operands {
            for p in programs {
                let spec = builtin(p).unwrap_or_else(|| panic!("{p} has no table"));
                assert!(spec.output_operands.contains(position), "{p} {position}");
            }
        }
        for (p, name) in [
            ("sed", "-i"),
            ("sed", "--in-place"),
            ("perl", "-i"),
            ("ruby", "-i"),
        ] {
            let spec = builtin(p).unwrap_or_else(|| panic!("{p} has no table"));
            assert!(spec.in_place.contains(name), "{p} {name}");
        }
    }

    /// git's pattern words: the first operand of `git grep` and the values of the options that
    /// take a pattern, never a path operand.
    #[test]
    fn git_patterns_are_no_paths() {
        let words = |line: &str| -> Vec<String> {
            let argv: Vec<&str> = line.split_whitespace().collect();
            git_pattern_words(&argv)
                .into_iter()
                .filter_map(|i| argv.get(i).map(|w| (*w).to_owned()))
                .collect()
        };
        assert_eq!(words("git grep -n process.env -- src"), ["process.env"]);
        assert_eq!(words("git grep -A 3 id_rsa"), ["id_rsa"]);
        assert_eq!(words("git -C sub grep -i .env"), [".env"]);
        assert_eq!(words("git grep -e KEY .env"), ["KEY"]);
        assert_eq!(
            words("git log --grep=.env -S x.pem"),
            ["--grep=.env", "x.pem"]
        );
        assert_eq!(words("git log --author .env --oneline"), [".env"]);
        for none in [
            "git grep -f .env",
            "git grep -- .env",
            "git grep --zz .env",
            "git diff .env",
            "git show HEAD:.env",
        ] {
            assert!(words(none).is_empty(), "{none}");
        }
    }

    /// What the roles make of whole commands, through the parser.
    #[test]
    fn roles_name_the_words_written() {
        use crate::programs::args::parse;
        let written = |line: &str| -> Vec<String> {
            let argv: Vec<&str> = line.split_whitespace().collect();
            let spec = builtin(argv[0]).unwrap_or_default();
            let parsed = parse(Some(&spec), &argv);
            let mut out: Vec<String> = spec
                .option_roles(&parsed)
                .filter(|(_, r)| matches!(r, Role::Output | Role::OutputDir))
                .filter_map(|(o, _)| o.value.clone())
                .collect();
            out.extend(
                spec.output_operands(&parsed)
                    .into_iter()
                    .map(|i| argv[i].to_owned()),
            );
            out
        };
        assert_eq!(written("curl -sSLo out.sh https://x"), ["out.sh"]);
        assert_eq!(written("curl --output=o https://x"), ["o"]);
        assert_eq!(written("sort -u -o sorted in"), ["sorted"]);
        assert_eq!(written("cp a b dest"), ["dest"]);
        assert_eq!(written("cp -t dir a b"), ["dir"]);
        assert_eq!(written("uniq -c in out"), ["out"]);
        assert_eq!(written("xxd -c 8 in out"), ["out"]);
        assert_eq!(written("tee -a x y"), ["x", "y"]);
        assert_eq!(written("sed -i s/a/b/ f"), ["s/a/b/", "f"]);
        assert!(written("sed s/a/b/ f").is_empty());
        assert_eq!(written("find . -name x -fprint list"), ["list"]);
    }

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
        // Every key of the index is found, and the keys are sorted: a name with a table finds
        // it, a program with subcommand tables says so.
        let mut last = "";
        let mut start = 0;
        let mut tables = 0;
        for &(end, table, sub) in OPTION_KEYS {
            let name = &OPTION_KEY_TEXT[start..end as usize];
            assert!(last < name, "{last} before {name}");
            assert_eq!(has_subcommand_tables(name), sub, "{name}");
            assert!(table != u16::MAX || sub, "{name}: a key with neither");
            assert_eq!(builtin(name).is_some(), table != u16::MAX, "{name}");
            if table != u16::MAX {
                tables += 1;
                assert!(OPTION_TABLES.get(usize::from(table)).is_some());
                let spec = builtin(name).unwrap_or_default();
                let roles = spec.has_outputs()
                    || spec.reads.iter().next().is_some()
                    || spec.config.iter().next().is_some();
                if !name.contains(' ') {
                    assert_eq!(has_roles(name), roles, "{name}: has_roles");
                }
            }
            // A program with subcommand tables has a key for each (`gh pr list` under `gh`).
            if let Some((program, _)) = name.rsplit_once(' ') {
                assert!(has_subcommand_tables(program), "{program} of {name}");
            }
            (last, start) = (name, end as usize);
        }
        assert!(tables >= OPTION_TABLES.len(), "every table has a name");
        // Names that are not keys, and prefixes of keys, find nothing.
        for absent in ["no-such-program", "", "gi", "git ", "git  status", " git"] {
            assert!(
                builtin(absent).is_none() && !has_subcommand_tables(absent),
                "{absent:?}"
            );
        }
    }

    /// git's and docker's own options, before the subcommand, are apart from the
    /// subcommand's: `git -C DIR branch` holds no `git branch -C`, while the subcommand's own
    /// `-C` and every option after the subcommand count. kubectl's persistent flags are the
    /// subcommand's wherever they stand.
    #[test]
    fn options_before_a_subcommand_are_the_programs_own_where_the_table_says_so() {
        let cases: &[(&str, usize, &str, bool, bool)] = &[
            ("git -C sub branch", 3, "-C", true, false),
            ("git -c k=v branch -a", 3, "-c", true, false),
            ("git -C sub branch -C a b", 3, "-C", true, true),
            ("git branch -C a b", 1, "-C", true, true),
            (
                "kubectl --as-group g get nodes",
                3,
                "--as-group",
                true,
                true,
            ),
        ];
        for &(line, at, name, has, own) in cases {
            let words: Vec<&str> = line.split(' ').collect();
            let program = words[0];
            let key = format!("{program} {}", words[at]);
            let global = builtin(program).unwrap_or_else(|| panic!("{program}"));
            let sub = builtin(&key).unwrap_or_else(|| panic!("{key}"));
            let parsed = args::parse_subcommand(Some(&global), &sub, &words, at);
            assert_eq!(parsed.has(name), has, "{line}: has {name}");
            assert_eq!(parsed.has_own(name), own, "{line}: own {name}");
        }
    }
}
