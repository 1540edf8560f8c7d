//! The one argument parser: which words of a command are options (with their values) and which
//! are operands, per program. The analysis (wrappers), the checks (write targets), the path
//! policy and rule matching all read a program's words through it, with the program's table:
//! the built-in one ([`super::tables`]) or a person's `[[program]]` table, which overrides it.
//!
//! A program's [`OptionSpec`] (from the `[[program]]` tables of the policy) says which short and
//! long options take a value, which long options exist (for unique abbreviations such as
//! `--rec` → `--recursive`) and whether options are single-dash words (`find -name`). Without a
//! spec every short bundle is read as flags only, which for rule matching is the cautious
//! reading: more flags are seen, so deny/ask rules fire more and `flags.none` allow rules less.
//! It does not decide anything.

use std::borrow::Cow;

/// A word of a command as the parser needs it: its text when known before run time. A
/// unit's arguments (`crate::analyze::Arg`) are words, and so are plain strings (a word list
/// already expanded, or a test's).
pub(crate) trait Word {
    /// The exact text bash passes, when it does not depend on run time.
    fn text(&self) -> Option<&str>;
    /// Holds an unquoted glob: expands to file names at run time.
    fn glob(&self) -> bool {
        false
    }
    /// A dynamic word that can never begin with `-` (`"$HOME/x"`), so it is an operand.
    fn never_an_option(&self) -> bool {
        false
    }
    /// A dynamic word bash may split into several (an unquoted `$x` or `$(cmd)`): taken as an
    /// option's value, the words after the first are options or operands nobody read.
    fn may_split(&self) -> bool {
        false
    }
    /// A dynamic word whose text up to its first expansion is a long option and `=`
    /// (`--author="$x"`, `"--since=$d"`): that name, `=` left out. Only the value is known at
    /// run time (and may split, as [`Word::may_split`] says).
    fn long_option(&self) -> Option<&str> {
        None
    }
}

impl Word for &str {
    fn text(&self) -> Option<&str> {
        Some(self)
    }
}

impl Word for String {
    fn text(&self) -> Option<&str> {
        Some(self)
    }
}

/// `None` is a word known only at run time.
impl Word for Option<&str> {
    fn text(&self) -> Option<&str> {
        *self
    }
}

/// A list of option names: a person's `[[program]]` strings, or a built-in table's, which
/// `build.rs` packs into one string of the binary, each name ended by a newline (data with no
/// pointers in it: nothing for the loader to relocate at start-up, no page of it touched until
/// a command uses that program).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Names {
    /// Built in: `"--all\n--long\n"`.
    Packed(&'static str),
    /// From a policy file.
    Owned(Vec<String>),
}

impl Default for Names {
    fn default() -> Self {
        Names::Packed("")
    }
}

impl From<Vec<String>> for Names {
    fn from(list: Vec<String>) -> Self {
        Names::Owned(list)
    }
}

impl Names {
    /// Each name.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> + Clone {
        let (packed, owned) = match self {
            Names::Packed(text) => (Some(text.split_terminator('\n')), None),
            Names::Owned(list) => (None, Some(list.iter().map(String::as_str))),
        };
        packed
            .into_iter()
            .flatten()
            .chain(owned.into_iter().flatten())
    }

    /// Whether `name` is one of them. A packed list is searched for the name as a whole
    /// (vectorised), and only a hit is checked to be a whole line; most lists are empty.
    pub(crate) fn contains(&self, name: &str) -> bool {
        match self {
            Names::Packed(text) => {
                if name.is_empty() || text.len() <= name.len() || !text.contains(name) {
                    return false;
                }
                let (text, name) = (text.as_bytes(), name.as_bytes());
                text.split(|&b| b == b'\n').any(|line| line == name)
            }
            Names::Owned(list) => list.iter().any(|n| n == name),
        }
    }

    /// The names that start with `prefix`; none when it is empty. A packed list is searched
    /// as a whole first (`str::contains` is vectorised), which settles the common case, a name
    /// that is not there, without walking the list (`cargo`'s table has 40 names, and
    /// `--release` is none of them).
    pub(crate) fn starting_with<'a, 'p>(
        &'a self,
        prefix: &'p str,
    ) -> impl Iterator<Item = &'a str> + use<'a, 'p> {
        let searchable = !prefix.is_empty()
            && match self {
                Names::Packed(text) => !prefix.contains('\n') && text.contains(prefix),
                Names::Owned(_) => true,
            };
        self.iter()
            .take_while(move |_| searchable)
            .filter(move |n| n.starts_with(prefix))
    }
}

/// How one program's options are spelled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct OptionSpec {
    /// Short option letters that take a value.
    pub short_value: Cow<'static, str>,
    /// Long options that take a value (`--output`).
    pub long_value: Names,
    /// Every known long option (with or without value), for abbreviations.
    pub long: Names,
    /// Options are whole single-dash words (`find -name x -exec …`).
    pub single_dash_long: bool,
    /// Every long option not listed in `long` takes a value, and `--no-…` never does (the AWS
    /// CLI, whose operation parameters are all `--name value`), so that a word after one is
    /// never read as an operand. In a closed table the listed options are the CLI's own (global
    /// and common) options and every other lower-case `--name` is an operation parameter,
    /// known, unless it is the start of a listed option (an abbreviation of it).
    pub long_values: bool,
    /// Single-dash words that take a value when `single_dash_long` (`-name`, `-type`); without
    /// it, short options of several letters that take one, read inside a bundle as Info-ZIP's
    /// zip reads them (`-rlf LOG`: `-r`, then `-lf` with the value `LOG`; the longest name
    /// first; a value attached after `=`, `-O=OUT`, for every option of such a table).
    pub single_value: Names,
    /// A single-dash word naming a signal is one option, the signal ([`signal_word`]): `kill
    /// -KILL 1` sends SIGKILL, it does not bundle `-K -I -L -L` (and `-L` lists signals).
    pub signal_words: bool,
    /// Short option letters that take no value (digits for `head -5`). Read only when the
    /// table is `closed`: an open table reads every letter it does not know as a flag.
    pub short: Cow<'static, str>,
    /// Short option letters whose value is optional and attached when given (`-M50%`, `-uno`):
    /// the rest of the word is the value, and the next word is never taken as it.
    pub short_optional: Cow<'static, str>,
    /// Short option letters whose value is the next word wherever they stand in a bundle, the
    /// letters after them still read as options (zstd: `-qof OUT IN` is `-q -o OUT -f IN`,
    /// `-Do DICT OUT` gives `-D` the first word and `-o` the second), or the text after `=`
    /// (`-o=OUT`).
    pub short_next: Cow<'static, str>,
    /// Single-dash words that take no value (`find -print`), with `single_dash_long`; without
    /// it, short flags of several letters read inside a bundle (zip's `-ll`, `-sf`).
    pub single: Names,
    /// The table names every option the program accepts (`short`, `short_value`, `long`,
    /// `long_value`, `single`, `single_value`), so an option it does not name is unknown and
    /// no allow rule matches the unit (`Parsed::unknown`).
    pub closed: bool,
    /// Options end at the first operand (bash's builtins; POSIX `getopt` without permuting):
    /// later words are operands whatever they look like.
    pub options_first: bool,
    /// A word the table does not name as an option is an operand (bash's `echo -x` prints
    /// `-x`, `[ -f x ]` holds test operators, `true --zz` ignores its words): only a bundle of
    /// listed `short` letters or a whole listed long name is an option, and `--` is an operand.
    pub unlisted_operands: bool,
    /// As npm's option parser (nopt) reads them: `--no-NAME` sets a listed long option NAME
    /// off and takes no value (`npm exec --no-yes`), and a listed long flag, or such a
    /// negation, takes the next word as its value when it is `true` or `false` (`--yes false`).
    pub negatable: bool,
    /// A word `@FILE` anywhere on the line is replaced by the arguments held in FILE (GNU
    /// binutils' `expandargv`, LLVM's response files): options and operands no table or path
    /// check saw (`strings @list` prints a key the list names), so such a word is unknown.
    pub response_files: bool,
    /// A dash and digits (`fc -l -10`: the tenth command back) is an operand, not options: bash's
    /// `fc` reads such a word as a history offset and ends its options there.
    pub numeric_operands: bool,
    /// A single-dash word `-name=value` gives a `single_value` option its value attached, as
    /// Go's flag package reads it (`go list -f='{{.Dir}}'`, `go tool cover -func=c.out`). Only
    /// where the program's parser does (another reads the whole word as an unknown option or,
    /// as exiftool does, as something else).
    pub equals_values: bool,
    /// The program's own options, before its subcommand, are apart from the subcommand's: an
    /// option of the same spelling after the subcommand is another one (git's `-C DIR` and
    /// `git branch -C`, which copies a branch). Not so for a CLI whose options before the
    /// subcommand are the subcommand's too (cobra's persistent flags: `kubectl --as X get`).
    pub separate_globals: bool,
    /// The first word, when it does not start with `-`, is a bundle of short letters without
    /// the dash (old-style tar: `tar cvf OUT SRC`), and each letter of it that takes a value
    /// takes the next word not yet taken, in order (`tar cIf CMD OUT SRC` is `-c -I CMD -f OUT
    /// SRC`), as GNU tar and bsdtar rewrite such a word before reading their options.
    pub first_word_bundle: bool,
    /// Options that make the program write files (`sort -o`).
    pub writes: Names,
    /// Options that make the program run code or another program (`diff3 --diff-program`).
    pub runs: Names,
    /// Options that make the program reach the network.
    pub network: Names,
    /// Whole option words whose values run up to a `;` word, or a `+` right after `{}` (`find
    /// -exec CMD… ;`, `fd -x CMD…`): the words between are the option's value, never options of
    /// the program.
    pub single_until: Names,
    /// Options whose value is a file the program writes (`sort -o FILE`, `cp -t DIR`).
    pub output: Names,
    /// Options whose value is a directory the program writes into (`cp -t DIR`, `unzip -d`).
    pub output_dir: Names,
    /// Options whose value is a file the program reads (`wget -i FILE`).
    pub reads: Names,
    /// Options whose value is a configuration file the program reads as settings (`curl -K`).
    pub config: Names,
    /// Options that make the program rewrite its file operands in place (`sed -i`).
    pub in_place: Names,
    /// Operands the program writes, by position (decimal, one a line): `n` the `n`th, `-n` the
    /// `n`th from the end, `0` every one (`uniq IN OUT`: `2`; `cp SRC… DEST`: `-1`; `tee`: `0`).
    pub output_operands: Names,
    /// Options (named in `short` or `long` too) whose value is optional: the next word unless
    /// it starts with `-`, or attached (`-cV`, `--clear=V`): clap's `num_args = 0..=1`,
    /// commander's `[value]` (`watchexec --poll 500ms CMD`, `watchexec --poll -r CMD`).
    pub optional_next: Names,
    /// Options (named in `long_value` or `single_value` too) that take the next two words
    /// as their values (`sqlite3 -lookaside SIZE N`): the second is skipped, never an operand.
    pub two_values: Names,
    /// Long options (named in `long` too) whose value is optional and given only attached
    /// (`--color=always`; GNU `--help` shows `--color[=WHEN]`): `--color always` is the flag
    /// and an operand. Any other option of `long` given `=value` is unknown to a closed table:
    /// `getopt_long` refuses a value for an option that takes none, but the table cannot prove
    /// the program's option takes none.
    pub long_optional: Names,
    /// Options that make the program print the credentials it sends: a log of its requests
    /// with their authorization headers or session tokens (`aws --debug`, `gcloud --log-http`).
    pub discloses: Names,
    /// Options after which the options end (python's `-c CODE` and `-m MOD`): every later word
    /// is an operand whatever it looks like (the code's or the module's `sys.argv`).
    pub ends_options: Names,
}

/// What a unit's words are to the files it touches, by its program's table: the files it
/// writes and reads through options, and the operands it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// The value is a file written (`output`), or the operand is (`output_operands`,
    /// `in_place`).
    Output,
    /// The value is a directory written into (`output_dir`).
    OutputDir,
    /// The value is a file read (`reads`).
    Reads,
    /// The value is a configuration file read as settings (`config`).
    Config,
}

impl OptionSpec {
    /// No option known: every short bundle is flags, every long option takes no value.
    pub(crate) const EMPTY: OptionSpec = OptionSpec {
        short_value: Cow::Borrowed(""),
        long_value: Names::Packed(""),
        long: Names::Packed(""),
        single_dash_long: false,
        long_values: false,
        single_value: Names::Packed(""),
        signal_words: false,
        short: Cow::Borrowed(""),
        short_optional: Cow::Borrowed(""),
        short_next: Cow::Borrowed(""),
        single: Names::Packed(""),
        closed: false,
        options_first: false,
        unlisted_operands: false,
        negatable: false,
        response_files: false,
        numeric_operands: false,
        equals_values: false,
        separate_globals: false,
        first_word_bundle: false,
        writes: Names::Packed(""),
        runs: Names::Packed(""),
        network: Names::Packed(""),
        single_until: Names::Packed(""),
        output: Names::Packed(""),
        output_dir: Names::Packed(""),
        reads: Names::Packed(""),
        config: Names::Packed(""),
        in_place: Names::Packed(""),
        output_operands: Names::Packed(""),
        optional_next: Names::Packed(""),
        two_values: Names::Packed(""),
        long_optional: Names::Packed(""),
        discloses: Names::Packed(""),
        ends_options: Names::Packed(""),
    };

    /// The effect of an option found in a unit, when the table gives it one.
    pub(crate) fn effect(&self, opt: &Opt) -> Option<Effect> {
        let name = opt.name.as_ref();
        [
            (&self.runs, Effect::Runs),
            (&self.writes, Effect::Writes),
            (&self.network, Effect::Network),
            (&self.config, Effect::Config),
            (&self.discloses, Effect::Discloses),
        ]
        .into_iter()
        .find_map(|(names, effect)| names.contains(name).then_some(effect))
    }

    /// The role the table gives an option's value, when it gives one.
    pub(crate) fn role(&self, opt: &Opt) -> Option<Role> {
        [
            (&self.output, Role::Output),
            (&self.output_dir, Role::OutputDir),
            (&self.config, Role::Config),
            (&self.reads, Role::Reads),
        ]
        .into_iter()
        .find_map(|(names, role)| names_match(names, opt).then_some(role))
    }

    /// The options of `parsed` whose value has a role, with it: `(option, role)`.
    pub(crate) fn option_roles<'p>(
        &'p self,
        parsed: &'p Parsed,
    ) -> impl Iterator<Item = (&'p Opt, Role)> + 'p {
        parsed
            .opts
            .iter()
            .filter_map(|o| self.role(o).map(|r| (o, r)))
    }

    /// Whether the table gives any option or operand the role of a file written.
    pub(crate) fn has_outputs(&self) -> bool {
        [
            &self.output,
            &self.output_dir,
            &self.in_place,
            &self.output_operands,
        ]
        .iter()
        .any(|n| n.iter().next().is_some())
    }

    /// The indices (into `argv`) of the operands of `parsed` the program writes: every one
    /// when an `in_place` option is given, else those at the table's `output_operands`
    /// positions unless an output option names the output instead (`cp -t DIR SRC…`).
    pub(crate) fn output_operands(&self, parsed: &Parsed) -> Vec<usize> {
        let ops = &parsed.operands;
        if parsed.opts.iter().any(|o| names_match(&self.in_place, o)) {
            return ops.clone();
        }
        if parsed
            .opts
            .iter()
            .any(|o| matches!(self.role(o), Some(Role::Output | Role::OutputDir)))
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for pos in self.output_operands.iter() {
            let Ok(pos) = pos.parse::<i64>() else {
                continue;
            };
            if pos == 0 {
                return ops.clone();
            }
            let at = if pos > 0 {
                usize::try_from(pos - 1).ok()
            } else {
                usize::try_from(-pos)
                    .ok()
                    .and_then(|back| ops.len().checked_sub(back))
            };
            if let Some(&i) = at.and_then(|k| ops.get(k))
                && !out.contains(&i)
            {
                out.push(i);
            }
        }
        out
    }

    /// Whether the table names an option as a rule spells it (`-o`, `--output`, `-exec`);
    /// `None` when the table is open and so cannot say.
    pub(crate) fn knows(&self, name: &str) -> Option<bool> {
        if !self.closed {
            return None;
        }
        Some(if let Some(long) = name.strip_prefix("--") {
            let (full, in_long, in_long_value) = expand_long(self, long);
            (in_long || in_long_value) && full == name
        } else if self.signal_words && signal_word(name).is_some() {
            true
        } else if self.single_dash_long {
            self.single.contains(name)
                || self.single_value.contains(name)
                || self.single_until.contains(name)
        } else {
            let mut letters = name.chars().skip(1);
            match (letters.next(), letters.next()) {
                (Some(c), None) => self.knows_short(c),
                _ => false,
            }
        })
    }

    /// Whether a closed table names this short option letter.
    fn knows_short(&self, c: char) -> bool {
        self.short.contains(c)
            || self.short_value.contains(c)
            || self.short_optional.contains(c)
            || self.short_next.contains(c)
    }
}

/// Whether the option `opt` is one of `names`: its canonical name, or (an abbreviation the
/// table did not resolve) the start of one, read cautiously.
fn names_match(names: &Names, opt: &Opt) -> bool {
    names.contains(&opt.name) || !opt.known && names.iter().any(|n| option_matches(&opt.name, n))
}

/// The table of a program nobody described ([`OptionSpec::EMPTY`]), built once.
pub(crate) static NO_SPEC: OptionSpec = OptionSpec::EMPTY;

/// What an option makes a program do beyond reading, per its `[[program]]` table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Writes files.
    Writes,
    /// Runs code or another program.
    Runs,
    /// Reaches the network.
    Network,
    /// Reads its settings from a file the command names (`curl -K FILE`, `ssh -F FILE`), which
    /// may turn on anything the options could.
    Config,
    /// Prints the credentials it sends (a request log with its authorization headers).
    Discloses,
}

impl Effect {
    /// Lower-case word for messages.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Effect::Writes => "writes files",
            Effect::Runs => "runs a program or code",
            Effect::Network => "reaches the network",
            Effect::Config => "reads its settings from a file",
            Effect::Discloses => "prints the credentials it sends (a log of its requests)",
        }
    }
}

/// One option found in a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Opt {
    /// Canonical spelling: `-r` for each letter of a bundle, `--name` for long options (expanded
    /// from a unique abbreviation when the spec knows the long options).
    pub name: Cow<'static, str>,
    /// The value, when attached or taken from the next word (`None` when dynamic or absent).
    pub value: Option<String>,
    /// The name is a long option the program's spec lists, so it is not an abbreviation.
    pub known: bool,
    /// Index of the word in `argv`.
    pub index: usize,
    /// Index of the next word when the value is that word (static or not): `sort -o "$F"`.
    pub value_at: Option<usize>,
}

/// A unit's words split into options and operands.
#[derive(Debug, Clone, Default)]
pub(crate) struct Parsed {
    /// Options in order.
    pub opts: Vec<Opt>,
    /// Indices (into `argv`) of the operands, in order.
    pub operands: Vec<usize>,
    /// A dynamic word was found where an option could be.
    pub dynamic: bool,
    /// The index of the first word that can no longer be an option: after `--`, or after the
    /// first operand of a program whose options come first.
    pub options_end: Option<usize>,
    /// A short-option word holds a `-` before any value-taking option (`unzip -l-l`: some
    /// programs read the inner `-` as "not"). Such words are read as options letter by
    /// letter, but an allow rule never matches them.
    pub odd: bool,
    /// The first option a closed table does not name (as written, or its canonical letter;
    /// `--name=` for an option of `long` given a value it is not known to take): the program
    /// may read it in a way nobody checked, so no allow rule matches.
    pub unknown: Option<String>,
    /// The options whose table entry says they write, run code or reach the network.
    pub effects: Vec<(String, Effect)>,
    /// The table that read the options (the subcommand's, when it has one) is closed.
    pub closed: bool,
    /// That table reads every word it does not name as an operand (`unlisted_operands`).
    pub unlisted_operands: bool,
    /// The index of the first operation parameter of a `long_values` table (an unlisted
    /// `--name value`): a rule's subcommand words must all stand before it, since one in the
    /// global place (`aws --foo bar s3 ls`, `gcloud compute --foo bar instances list`) is no
    /// parameter of the operation but an option of the CLI the table does not name.
    pub first_parameter: Option<usize>,
    /// Positions in `opts` of options the program's own table read before a subcommand whose
    /// table names an option of the same spelling (`git -C DIR branch`: git's directory, not
    /// `git branch -C`, which copies a branch). A rule about the subcommand matches its flags
    /// only among the others ([`Parsed::has_own`]); checks still see every option.
    pub shadowed: Vec<usize>,
}

impl Parsed {
    fn unknown(&mut self, spec: &OptionSpec, known: bool, name: &str) {
        if spec.closed && !known && self.unknown.is_none() {
            self.unknown = Some(name.to_owned());
        }
    }

    /// This reading followed by `tail`, the words after a subcommand read with its table `sub`,
    /// which then decides whether the whole is closed.
    fn then(mut self, tail: Parsed, sub: &OptionSpec) -> Parsed {
        self.opts.extend(tail.opts);
        self.operands.extend(tail.operands);
        self.dynamic |= tail.dynamic;
        self.options_end = tail.options_end.or(self.options_end);
        self.odd |= tail.odd;
        self.unknown = self.unknown.or(tail.unknown);
        self.first_parameter = self.first_parameter.or(tail.first_parameter);
        self.effects.extend(tail.effects);
        self.closed = sub.closed;
        self.unlisted_operands = sub.unlisted_operands;
        self
    }

    /// True when an option of exactly this name is present (a table's abbreviation counts,
    /// read as the option it expands to; an unknown spelling does not).
    pub(crate) fn has_exact(&self, name: &str) -> bool {
        self.opts.iter().any(|o| o.name == name)
    }

    /// True when the options `names` (spellings named together, `-n` and `--dry-run`) are
    /// turned off again after the last of them: a later negation `--no-X` of a long `--X`
    /// among them, or a later `--X` of a `--no-X`. git's parse-options, nopt and most
    /// long-option parsers read the last of a flag and its negation (`git clean -n
    /// --no-dry-run` deletes; `git branch -l --no-list NAME` creates NAME), so a rule's
    /// required option cancelled so is not there. Only a negation the table reads as an option
    /// counts for an allow: one it does not name is unknown and already keeps every allow away,
    /// but its abbreviation still takes away an exemption.
    pub(crate) fn negated<S: AsRef<str>>(&self, names: &[S]) -> bool {
        let named = |n: &str| names.iter().any(|m| m.as_ref() == n);
        // A spelling the table does not know may abbreviate the negation (`--no-dry`), as
        // [`Parsed::has`] reads it.
        let negates = |o: &Opt, n: &str| o.name == n || !o.known && option_matches(&o.name, n);
        let negations: Vec<String> = names
            .iter()
            .filter_map(|n| {
                let long = n.as_ref().strip_prefix("--")?;
                Some(match long.strip_prefix("no-") {
                    Some(x) => format!("--{x}"),
                    None => format!("--no-{long}"),
                })
            })
            .filter(|n| !named(n))
            .collect();
        self.opts
            .iter()
            .rev()
            .find(|o| named(&o.name) || negations.iter().any(|n| negates(o, n)))
            .is_some_and(|o| !named(&o.name))
    }

    /// True when an option with this canonical name is present (long names also match a
    /// unique-prefix abbreviation given in the unit).
    pub(crate) fn has(&self, name: &str) -> bool {
        self.opts
            .iter()
            .any(|o| o.name == name || (!o.known && option_matches(&o.name, name)))
    }

    /// The options a rule about the subcommand reads: all but the program's own options that
    /// a subcommand option of the same spelling shadows ([`Parsed::shadowed`]).
    pub(crate) fn own_opts(&self) -> impl Iterator<Item = &Opt> {
        self.opts
            .iter()
            .enumerate()
            .filter(|(k, _)| !self.shadowed.contains(k))
            .map(|(_, o)| o)
    }

    /// [`Parsed::has`] among [`Parsed::own_opts`].
    pub(crate) fn has_own(&self, name: &str) -> bool {
        self.own_opts()
            .any(|o| o.name == name || (!o.known && option_matches(&o.name, name)))
    }

    /// [`Parsed::has_exact`] among [`Parsed::own_opts`].
    pub(crate) fn has_exact_own(&self, name: &str) -> bool {
        self.own_opts().any(|o| o.name == name)
    }
}

/// Whether the word `word` is where the option `unknown` ([`Parsed::unknown`]) was written:
/// `--zz`, `--zz=1` for `--zz`; `--all=x` for `--all=` (a flag given a value).
pub(crate) fn written_as(word: &str, unknown: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => name == unknown || unknown.strip_suffix('=') == Some(name),
        None => word == unknown,
    }
}

/// Whether a unit option `found` is the rule option `wanted`: equal, or (long options) `found`
/// is an abbreviation of at least three letters of `wanted`.
pub(crate) fn option_matches(found: &str, wanted: &str) -> bool {
    if found == wanted {
        return true;
    }
    match (found.strip_prefix("--"), wanted.strip_prefix("--")) {
        (Some(f), Some(w)) => f.len() >= 3 && w.starts_with(f),
        _ => false,
    }
}

/// Split `argv` (program first) into options and operands.
pub(crate) fn parse<W: Word>(spec: Option<&OptionSpec>, argv: &[W]) -> Parsed {
    parse_from(spec, argv, 1)
}

/// Split `argv` into options and operands with a subcommand's own table: the words up to and
/// including the last subcommand word (`argv[split]`) with the program's table `global`, the
/// rest with `sub` (`gh pr list --limit 5`: `--limit` is `gh pr list`'s). When `sub` is closed,
/// an option before the subcommand words that `global` does not name as closed is unknown too:
/// an allow proven for the subcommand is not proven for a global option nobody listed.
pub(crate) fn parse_subcommand<W: Word>(
    global: Option<&OptionSpec>,
    sub: &OptionSpec,
    argv: &[W],
    split: usize,
) -> Parsed {
    let head_words = argv.get(..=split).unwrap_or(argv);
    // `prog -- sub …`: after `--` a getopt program reads every word as an operand, while a CLI
    // that finds its subcommand first may still read options after it. Nobody checked which:
    // no allow proven for the subcommand covers it.
    if head_words.iter().skip(1).any(|a| a.text() == Some("--")) {
        let mut out = parse(global, argv);
        if sub.closed && out.unknown.is_none() {
            out.unknown = Some("--".to_owned());
        }
        return out;
    }
    let mut out = parse_from(global, head_words, 1);
    if sub.closed && out.unknown.is_none() && !global.is_some_and(|g| g.closed) {
        out.unknown = out.opts.first().map(|o| o.name.to_string());
    }
    // Only where the program's options are apart from the subcommand's, and only an option
    // its closed table names.
    if let Some(g) = global.filter(|g| g.closed && g.separate_globals) {
        out.shadowed = (out.opts.iter().enumerate())
            .filter(|(_, o)| g.knows(&o.name) == Some(true) && sub.knows(&o.name) == Some(true))
            .map(|(k, _)| k)
            .collect();
    }
    out.then(parse_from(Some(sub), argv, split + 1), sub)
}

/// [`parse_subcommand`] with a table in the middle: the words up to `split` with `global`, those
/// after it up to and including `split2` with `mid` (the options of `docker compose` in `docker
/// compose -f x.yml ps`), the rest with `sub`. When `sub` is closed, an option before `split`
/// that a closed `global` does not name, one in the middle that a closed `mid` does not name, or
/// a `--` before the last subcommand word, is unknown.
pub(crate) fn parse_nested<W: Word>(
    global: Option<&OptionSpec>,
    mid: &OptionSpec,
    split: usize,
    sub: &OptionSpec,
    split2: usize,
    argv: &[W],
) -> Parsed {
    let head = argv.get(..=split2).unwrap_or(argv);
    let mut out = parse_subcommand(global, mid, head, split);
    if sub.closed && out.unknown.is_none() {
        let dashes = head.iter().skip(split + 1).any(|a| a.text() == Some("--"));
        out.unknown = if dashes {
            Some("--".to_owned())
        } else if mid.closed {
            None
        } else {
            out.opts
                .iter()
                .find(|o| o.index > split || !global.is_some_and(|g| g.closed))
                .map(|o| o.name.to_string())
        };
    }
    out.then(parse_from(Some(sub), argv, split2 + 1), sub)
}

/// The words of a program that runs a command given among them (`timeout 5 CMD`, `env -u X
/// CMD`, `su USER -c CMD`), `argv` holding no program name, read with `spec`. With
/// `options_first` the options end at the first operand or `--`, as GNU getopt does with a `+`
/// option string, whatever `spec.options_first` says: every later word is an operand.
pub(crate) fn parse_args<W: Word>(spec: &OptionSpec, argv: &[W], options_first: bool) -> Parsed {
    read_words(spec, argv, 0, options_first)
}

/// [`parse`] from the word at `start`.
fn parse_from<W: Word>(spec: Option<&OptionSpec>, argv: &[W], start: usize) -> Parsed {
    let spec = spec.unwrap_or(&NO_SPEC);
    read_words(spec, argv, start, spec.options_first)
}

/// [`parse_from`], options ending at the first operand when `options_first`.
fn read_words<W: Word>(spec: &OptionSpec, argv: &[W], start: usize, options_first: bool) -> Parsed {
    let mut out = Parsed::default();
    // Room for every word left as an operand: one allocation instead of growing from empty.
    if start < argv.len() {
        out.operands.reserve_exact(argv.len() - start);
    }
    let mut i = start;
    let mut done = false;
    while i < argv.len() {
        // `python3 -c CODE -v`: after such an option every word is an operand.
        if !done
            && out
                .opts
                .last()
                .is_some_and(|o| spec.ends_options.contains(&o.name))
        {
            done = true;
            out.options_end = Some(i);
        }
        let arg = &argv[i];
        // `strings @list`: more arguments from a file, wherever the word stands (`--` too).
        if spec.response_files
            && let Some(file) = arg.text().filter(|v| v.len() > 1 && v.starts_with('@'))
            && out.unknown.is_none()
        {
            out.unknown = Some(file.to_owned());
        }
        // `tar cIf CMD OUT SRC`: the first word is a bundle of letters without the dash, and a
        // word known only there at run time may be one (`tar "$m" …`).
        if spec.first_word_bundle && i == 1 && start == 1 {
            match arg.text() {
                Some(v) if !v.starts_with('-') => {
                    i = first_word_bundle(spec, argv, v, &mut out);
                    continue;
                }
                None => {
                    out.dynamic = true;
                    out.unknown(spec, false, RUN_TIME_VALUE);
                }
                Some(_) => {}
            }
        }
        let Some(v) = arg.text() else {
            // `--author="$x"`: an option the table names as taking a value, that value known only
            // at run time, read as `--author "$x"` is (the word itself is the value's place).
            if !done
                && !spec.long_values
                && let Some(name) = arg.long_option().and_then(|n| n.strip_prefix("--"))
                && !name.is_empty()
                && !spec.two_values.contains(&format!("--{name}"))
            {
                let (full, _, in_long_value) = expand_long(spec, name);
                if in_long_value && full.len() == name.len() + 2 {
                    out.opts.push(Opt {
                        name: Cow::Owned(full),
                        value: None,
                        known: true,
                        index: i,
                        value_at: Some(i),
                    });
                    i += 1;
                    continue;
                }
            }
            // `$(git rev-parse HEAD)`, `"$PWD/src"`: an operand whatever its value.
            out.dynamic |= !done && !arg.never_an_option();
            operand(&mut out, &mut done, i, options_first);
            i += 1;
            continue;
        };
        if done || !v.starts_with('-') || v == "-" || arg.glob() && !v.starts_with('-') {
            operand(&mut out, &mut done, i, options_first);
            i += 1;
            continue;
        }
        // `fc -l -10`: a history offset.
        if spec.numeric_operands && v.len() > 1 && v[1..].bytes().all(|b| b.is_ascii_digit()) {
            operand(&mut out, &mut done, i, options_first);
            i += 1;
            continue;
        }
        // `echo -x`, `[ -f x ]`, `true --zz`: a word such a table does not name is an operand.
        if spec.unlisted_operands && !names_option_word(spec, v) {
            operand(&mut out, &mut done, i, options_first);
            i += 1;
            continue;
        }
        if v == "--" {
            done = true;
            out.options_end = Some(i + 1);
            i += 1;
            continue;
        }
        // `find -exec CMD… ;`, `fd -x CMD…`: the words up to the terminator are the option's.
        if spec.single_until.contains(v) {
            let end = (i + 1..argv.len())
                .find(|&k| match argv[k].text() {
                    Some(";") => true,
                    // `+` ends it only right after `{}` (`-exec grep x {} +`).
                    Some("+") => argv[k - 1].text() == Some("{}"),
                    _ => false,
                })
                .unwrap_or(argv.len());
            out.opts.push(Opt {
                name: Cow::Owned(v.to_owned()),
                value: value_of(argv, i + 1),
                known: true,
                index: i,
                value_at: next_word(argv, i),
            });
            i = end + 1;
            continue;
        }
        // `-func=c.out`: Go's flag package reads the value after `=`.
        if spec.single_dash_long
            && spec.equals_values
            && !v.starts_with("--")
            && let Some((name, value)) = v.split_once('=')
            && spec.single_value.contains(name)
        {
            out.opts.push(Opt {
                name: Cow::Owned(name.to_owned()),
                value: Some(value.to_owned()),
                known: true,
                index: i,
                value_at: None,
            });
            i += 1;
            continue;
        }
        if spec.single_dash_long && !v.starts_with("--") {
            let takes = spec.single_value.contains(v);
            // `-oFILE`: a letter of `short_value` with its value attached (a compiler's `-o`).
            let letter = v[1..].chars().next().filter(|&c| {
                !takes
                    && !spec.single.contains(v)
                    && v.len() > 1 + c.len_utf8()
                    && spec.short_value.contains(c)
            });
            if let Some(c) = letter {
                out.opts.push(Opt {
                    name: short_name(c),
                    value: Some(v[1 + c.len_utf8()..].to_owned()),
                    known: true,
                    index: i,
                    value_at: None,
                });
                i += 1;
                continue;
            }
            out.unknown(spec, takes || spec.single.contains(v), v);
            let value = if takes { value_of(argv, i + 1) } else { None };
            out.opts.push(Opt {
                name: Cow::Owned(v.to_owned()),
                value,
                known: true,
                index: i,
                value_at: next_word(argv, i).filter(|_| takes),
            });
            i += match (takes, spec.two_values.contains(v)) {
                (true, true) => 3,
                (true, false) => 2,
                _ => 1,
            };
            continue;
        }
        if let Some(long) = v.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, val)) => (n, Some(val.to_owned())),
                None => (long, None),
            };
            // `--no-yes`: a negation of a listed option, a flag (a table that is `negatable`).
            let negated = spec.negatable
                && attached.is_none()
                && name.strip_prefix("no-").is_some_and(|n| {
                    let base = format!("--{n}");
                    spec.long.contains(&base) || spec.long_value.contains(&base)
                });
            let (full, in_long, in_long_value) = if negated {
                (v.to_owned(), true, false)
            } else {
                expand_long(spec, name)
            };
            let known = in_long || in_long_value;
            // A closed table names the harmless options, not every option: `--dump` may be an
            // option of its own that the table left out, not an abbreviation of its
            // `--dump-interval`. Only a whole name is proven.
            let abbreviated = full.len() != name.len() + 2;
            let written = v.split_once('=').map_or(v, |(n, _)| n);
            // `--all=x`: an option listed as a flag given a value. `getopt_long` refuses it when
            // the option takes none, but the table does not prove that: the program may read
            // an optional value (`--color[=WHEN]`) nobody checked. Only the options whose
            // optional value the table names take one.
            let flag_with_value = attached.is_some()
                && in_long
                && !in_long_value
                && !spec.long_optional.contains(&full)
                && !spec.optional_next.contains(&full);
            out.unknown(
                spec,
                known && !abbreviated || !known && spec.long_values && is_parameter(spec, name),
                written,
            );
            if flag_with_value {
                out.unknown(spec, false, &format!("{written}="));
            }
            let takes = in_long_value || spec.long_values && !in_long && !full.starts_with("--no-");
            let mut value = attached.clone();
            let mut step = 1;
            // nopt reads `--yes false`, `--no-yes true` as the flag with that value.
            let bool_word = spec.negatable
                && in_long
                && !abbreviated
                && attached.is_none()
                && matches!(argv.get(i + 1).and_then(W::text), Some("true" | "false"));
            if bool_word || attached.is_none() && optional_next(spec, &full, argv, i) {
                value = value_of(argv, i + 1);
                step = 2;
            }
            // nopt reads `--X false` as `--no-X` and `--no-X false` as `--X`: the option is the
            // setting it ends with, and has that one's effects (`--strict-ssl false` turns the
            // TLS checks off as `--no-strict-ssl` does).
            let full = if bool_word && value.as_deref() == Some("false") {
                match full.strip_prefix("--no-") {
                    Some(rest) => format!("--{rest}"),
                    None => format!("--no-{}", &full[2..]),
                }
            } else {
                full
            };
            // An operation parameter is proven by its shape and its value: one with none (at
            // the end, or before a word that is the next option) is no `--name value` of the
            // operation but a flag nobody listed, perhaps one of the CLI's own.
            let parameter = spec.long_values && !known && takes;
            if takes && attached.is_none() {
                match argv.get(i + 1).map(|a| a.text()) {
                    // An `argparse` CLI (`long_values`) reads a word that looks like an option
                    // as the next option, not as this one's value (`--dry-run --endpoint-url=…`),
                    // and a word known only at run time may turn out to be one (`--query "$Q"`).
                    Some(Some(w)) if spec.long_values && argparse_option(w) => {
                        out.unknown(spec, !parameter, written);
                    }
                    None if parameter => out.unknown(spec, false, written),
                    Some(None) if spec.long_values => {
                        out.unknown(spec, false, &format!("{v} {RUN_TIME_VALUE}"));
                        step = 2;
                    }
                    _ => {
                        value = value_of(argv, i + 1);
                        step = 2;
                    }
                }
            }
            if parameter && out.first_parameter.is_none() {
                out.first_parameter = Some(i);
            }
            let value_at = next_word(argv, i).filter(|_| step == 2);
            // `--lookaside SIZE N`: the second value is the option's too.
            if takes && spec.two_values.contains(&full) {
                step += 1;
            }
            out.opts.push(Opt {
                name: Cow::Owned(full),
                value,
                known,
                index: i,
                value_at,
            });
            i += step;
            continue;
        }
        if spec.signal_words
            && let Some(signal) = signal_word(v)
        {
            out.opts.push(Opt {
                name: Cow::Owned(signal),
                value: None,
                known: true,
                index: i,
                value_at: None,
            });
            i += 1;
            continue;
        }
        // Short bundle.
        let body = &v[1..];
        let mut step = 1;
        // Info-ZIP's zip: the options of several letters (`single`, `single_value` in a table
        // whose options are not single-dash words) are read in a bundle too, the longest name
        // first (`-rlf LOG` is `-r -lf LOG`), and a value follows `=` (`-O=OUT`).
        let letters = !spec.single_dash_long
            && (spec.single.iter().next().is_some() || spec.single_value.iter().next().is_some());
        let mut skip_to = 0;
        for (k, c) in body.char_indices() {
            if k < skip_to {
                continue;
            }
            if letters && let Some((name, takes)) = multi_letter(spec, &body[k..]) {
                let rest = &body[k + name.len() - 1..];
                if !takes {
                    out.opts.push(Opt {
                        name: Cow::Owned(name.to_owned()),
                        value: None,
                        known: true,
                        index: i,
                        value_at: None,
                    });
                    skip_to = k + name.len() - 1;
                    continue;
                }
                let value = if rest.is_empty() {
                    step = 2;
                    value_of(argv, i + 1)
                } else {
                    Some(rest.strip_prefix('=').unwrap_or(rest).to_owned())
                };
                out.opts.push(Opt {
                    name: Cow::Owned(name.to_owned()),
                    value,
                    known: true,
                    index: i,
                    value_at: next_word(argv, i).filter(|_| step == 2),
                });
                break;
            }
            out.unknown(spec, spec.knows_short(c), &short_name(c));
            // A value: the rest of the word, else the next word (always for `short_value`,
            // for `optional_next` when that word is one).
            let takes = spec.short_value.contains(c);
            if takes || spec.optional_next.contains(&short_name(c)) {
                let rest = &body[k + c.len_utf8()..];
                let value = if !rest.is_empty() {
                    Some(
                        if letters {
                            rest.strip_prefix('=').unwrap_or(rest)
                        } else {
                            rest
                        }
                        .to_owned(),
                    )
                } else if takes || optional_next(spec, &short_name(c), argv, i) {
                    step = 2;
                    value_of(argv, i + 1)
                } else {
                    None
                };
                out.opts.push(Opt {
                    name: short_name(c),
                    value,
                    known: true,
                    index: i,
                    value_at: next_word(argv, i).filter(|_| step == 2),
                });
                break;
            }
            // zstd's `-o`: the next word not yet taken, or what follows `=`; the letters after
            // it are options still.
            if spec.short_next.contains(c) {
                let rest = &body[k + c.len_utf8()..];
                if let Some(attached) = rest.strip_prefix('=') {
                    out.opts.push(Opt {
                        name: short_name(c),
                        value: Some(attached.to_owned()),
                        known: true,
                        index: i,
                        value_at: None,
                    });
                    break;
                }
                out.opts.push(Opt {
                    name: short_name(c),
                    value: value_of(argv, i + step),
                    known: true,
                    index: i,
                    value_at: next_word(argv, i + step - 1),
                });
                step += 1;
                continue;
            }
            if spec.short_optional.contains(c) {
                let rest = &body[k + c.len_utf8()..];
                out.opts.push(Opt {
                    name: short_name(c),
                    value: (!rest.is_empty()).then(|| rest.to_owned()),
                    known: true,
                    index: i,
                    value_at: None,
                });
                break;
            }
            if c == '-' {
                out.odd = true;
            }
            out.opts.push(Opt {
                name: short_name(c),
                value: None,
                known: true,
                index: i,
                value_at: None,
            });
        }
        i += step;
    }
    // `rustc --explain @FILE`, `objdump -j @FILE`: the program expands a response file before
    // it reads its options, so a word taken here as an option's value is one too.
    if spec.response_files && out.unknown.is_none() {
        out.unknown = out
            .opts
            .iter()
            .filter_map(|o| argv.get(o.value_at?)?.text())
            .find(|v| v.len() > 1 && v.starts_with('@'))
            .map(str::to_owned);
    }
    // `find . -name $x`, `sort -k $x f`: an unquoted run-time value splits at run time
    // (`x='a -delete'`), and what follows its first word is read by nobody here.
    out.dynamic |= out.opts.iter().any(|o| {
        o.value_at
            .and_then(|k| argv.get(k))
            .is_some_and(|w| w.text().is_none() && w.may_split())
    });
    out.effects = out
        .opts
        .iter()
        .filter_map(|o| spec.effect(o).map(|e| (o.name.to_string(), e)))
        .collect();
    out.closed = spec.closed;
    out.unlisted_operands = spec.unlisted_operands;
    out
}

/// Reads `v`, the first word of a `first_word_bundle` table's program (`argv[1]`), as old-style
/// tar reads it: every letter an option, each that takes a value (`short_value`, `short_next`,
/// `short_optional`) taking the next word not yet taken, in order (`tar cIf CMD OUT SRC`: `-c`,
/// `-I CMD`, `-f OUT`). A letter whose value is missing has none (tar refuses such a line).
/// Returns the index of the first word the bundle did not take.
fn first_word_bundle<W: Word>(spec: &OptionSpec, argv: &[W], v: &str, out: &mut Parsed) -> usize {
    let mut next = 2;
    for c in v.chars() {
        out.unknown(spec, spec.knows_short(c), &short_name(c));
        let takes = spec.short_value.contains(c)
            || spec.short_next.contains(c)
            || spec.short_optional.contains(c);
        let value_at = (takes && next < argv.len()).then_some(next);
        if value_at.is_some() {
            next += 1;
        }
        out.odd |= c == '-';
        out.opts.push(Opt {
            name: short_name(c),
            value: value_at.and_then(|k| value_of(argv, k)),
            known: true,
            index: 1,
            value_at,
        });
    }
    next
}

/// Whether option `name` (at `argv[i]`, its value not attached) is one of the table's
/// `optional_next` and takes the next word: there is one and it is `-` or does not start with
/// `-`. A word
/// known only at run time is not taken: it stays where a command or operand may be, which a
/// run-time word never proves.
fn optional_next<W: Word>(spec: &OptionSpec, name: &str, argv: &[W], i: usize) -> bool {
    spec.optional_next.contains(name)
        && argv
            .get(i + 1)
            .and_then(W::text)
            .is_some_and(|w| !w.starts_with('-') || w == "-")
}

/// Word `i` is an operand; with `options_first` the first one ends the options.
fn operand(out: &mut Parsed, done: &mut bool, i: usize, options_first: bool) {
    out.operands.push(i);
    if options_first && !*done {
        *done = true;
        out.options_end = Some(i + 1);
    }
}

/// Whether a table with `unlisted_operands` reads `word` (which starts with `-`) as options: a
/// whole listed long name (with its `=value`), or a bundle of listed `short` letters (`echo
/// -ne`; bash's `echo -nx` prints `-nx`).
fn names_option_word(spec: &OptionSpec, word: &str) -> bool {
    if let Some(long) = word.strip_prefix("--") {
        let name = long.split_once('=').map_or(long, |(n, _)| n);
        let full = format!("--{name}");
        return !name.is_empty() && (spec.long.contains(&full) || spec.long_value.contains(&full));
    }
    let body = &word[1..];
    !body.is_empty() && body.chars().all(|c| spec.short.contains(c))
}

/// Whether an unlisted long option of a CLI whose table has `long_values` is one of its
/// operation parameters (`aws ec2 describe-instances --instance-ids i-1`): a lower-case
/// kebab-case name that no listed option starts with. A name that is the start of a listed
/// option could be read as that option's abbreviation (`--endpoint` for `--endpoint-url`), so
/// it is never proven.
fn is_parameter(spec: &OptionSpec, name: &str) -> bool {
    let shaped = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !shaped {
        return false;
    }
    let full = format!("--{name}");
    spec.long.starting_with(&full).next().is_none()
        && spec.long_value.starting_with(&full).next().is_none()
}

/// How an option whose value is known only at run time is named in `Parsed::unknown`.
pub(crate) const RUN_TIME_VALUE: &str = "…";

/// Whether `argparse` reads a word as an option rather than as a value: it starts with `-` and
/// is not a negative number (`^-\d+$|^-\d*\.\d+$`, as `argparse` tells them).
fn argparse_option(w: &str) -> bool {
    let Some(rest) = w.strip_prefix('-').filter(|r| !r.is_empty()) else {
        return false;
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let some_digits = |s: &str| !s.is_empty() && digits(s);
    let negative = match rest.split_once('.') {
        Some((int, frac)) => digits(int) && some_digits(frac),
        None => some_digits(rest),
    };
    !negative
}

/// The index of the word after the `i`th, when there is one: where an option's value lies.
fn next_word<W: Word>(argv: &[W], i: usize) -> Option<usize> {
    (i + 1 < argv.len()).then_some(i + 1)
}

/// The static value of the `i`th word, when there is one: an option's value.
fn value_of<W: Word>(argv: &[W], i: usize) -> Option<String> {
    argv.get(i)?.text().map(str::to_owned)
}

/// Every printable ASCII character after a dash: the names of short options, without an
/// allocation each.
const SHORT_NAMES: &str = "- -!-\"-#-$-%-&-'-(-)-*-+-,---.-/-0-1-2-3-4-5-6-7-8-9-:-;-<-=->-?-@\
                           -A-B-C-D-E-F-G-H-I-J-K-L-M-N-O-P-Q-R-S-T-U-V-W-X-Y-Z-[-\\-]-^-_-`\
                           -a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-{-|-}-~";

/// `-c`.
/// The longest option of several letters (`-lf`) a bundle's text from `at` (`lfLOG`) starts
/// with, and whether it takes a value: Info-ZIP's reading ([`OptionSpec::single`] in a table
/// whose options are not single-dash words). Most tables name none, and cost two empty scans.
fn multi_letter<'s>(spec: &'s OptionSpec, at: &str) -> Option<(&'s str, bool)> {
    let flags = spec.single.iter().map(|n| (n, false));
    let values = spec.single_value.iter().map(|n| (n, true));
    flags
        .chain(values)
        .filter(|(n, _)| n.len() > 2 && n.strip_prefix('-').is_some_and(|n| at.starts_with(n)))
        .max_by_key(|(n, _)| n.len())
}

fn short_name(c: char) -> Cow<'static, str> {
    let at = u32::from(c)
        .checked_sub(0x20)
        .and_then(|k| usize::try_from(k).ok())
        .map(|k| k * 2);
    match at.and_then(|at| SHORT_NAMES.get(at..at + 2)) {
        Some(name) => Cow::Borrowed(name),
        None => Cow::Owned(format!("-{c}")),
    }
}

/// The canonical name of a single-dash word naming a signal, as `kill` reads it: a number
/// (`-9` → `-9`), or a signal name in any case, with or without `SIG` (`-kill`, `-SIGKILL` →
/// `-KILL`; `-RTMIN+3` → `-RTMIN+3`). `None` for anything else (`-l`, `-s`, `-9x`).
pub(crate) fn signal_word(word: &str) -> Option<String> {
    let body = word.strip_prefix('-')?;
    if !body.is_empty() && body.len() <= 3 && body.bytes().all(|b| b.is_ascii_digit()) {
        return Some(word.to_owned());
    }
    let upper = body.to_ascii_uppercase();
    let name = upper.strip_prefix("SIG").unwrap_or(&upper);
    let real_time = ["RTMIN", "RTMAX"].iter().any(|rt| {
        name.strip_prefix(rt).is_some_and(|n| {
            n.is_empty()
                || n.len() <= 3
                    && matches!(n.as_bytes()[0], b'+' | b'-')
                    && n.len() > 1
                    && n.bytes().skip(1).all(|b| b.is_ascii_digit())
        })
    });
    let known = matches!(
        name,
        "HUP"
            | "INT"
            | "QUIT"
            | "ILL"
            | "TRAP"
            | "ABRT"
            | "IOT"
            | "BUS"
            | "FPE"
            | "KILL"
            | "USR1"
            | "SEGV"
            | "USR2"
            | "PIPE"
            | "ALRM"
            | "TERM"
            | "STKFLT"
            | "CHLD"
            | "CLD"
            | "CONT"
            | "STOP"
            | "TSTP"
            | "TTIN"
            | "TTOU"
            | "URG"
            | "XCPU"
            | "XFSZ"
            | "VTALRM"
            | "PROF"
            | "WINCH"
            | "IO"
            | "POLL"
            | "PWR"
            | "SYS"
            | "EMT"
            | "INFO"
            | "LOST"
    );
    (known || real_time).then(|| format!("-{name}"))
}

/// `--name` spelled out (`--rec` → `--recursive` when it is a unique prefix of a known long
/// option), and whether the result is in `spec.long` and in `spec.long_value`.
fn expand_long(spec: &OptionSpec, name: &str) -> (String, bool, bool) {
    let mut full = String::with_capacity(name.len() + 2);
    full.push_str("--");
    full.push_str(name);
    let (in_long, in_long_value) = (spec.long.contains(&full), spec.long_value.contains(&full));
    if in_long || in_long_value {
        return (full, in_long, in_long_value);
    }
    let mut found: Option<&str> = None;
    let mut ambiguous = false;
    for l in spec
        .long
        .starting_with(&full)
        .chain(spec.long_value.starting_with(&full))
    {
        if found.is_some_and(|f| f != l) {
            ambiguous = true;
            break;
        }
        found = Some(l);
    }
    match found {
        Some(l) if !ambiguous => (
            l.to_owned(),
            spec.long.contains(l),
            spec.long_value.contains(l),
        ),
        _ => (full, false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    fn names(spec: Option<&OptionSpec>, s: &str) -> (Vec<String>, Vec<String>) {
        let a = argv(s);
        let p = parse(spec, &a);
        (
            p.opts.iter().map(|o| o.name.to_string()).collect(),
            p.operands.iter().map(|&i| a[i].to_owned()).collect(),
        )
    }

    /// `input` read with `spec`: the options' names and values, and the operands, in order;
    /// no option unknown.
    fn assert_reads(
        spec: &OptionSpec,
        input: &str,
        opts: &[&str],
        values: &[Option<&str>],
        operands: &[&str],
    ) {
        let a = argv(input);
        let parsed = parse(Some(spec), &a);
        let names: Vec<&str> = parsed.opts.iter().map(|o| &*o.name).collect();
        let got: Vec<Option<&str>> = parsed.opts.iter().map(|o| o.value.as_deref()).collect();
        let rest: Vec<&str> = parsed.operands.iter().map(|&i| a[i]).collect();
        assert_eq!(names, opts, "options of {input}");
        assert_eq!(got, values, "values of {input}");
        assert_eq!(rest, operands, "operands of {input}");
        assert!(parsed.unknown.is_none(), "{input}");
    }
    #[test]
    fn short_names_are_the_letter_after_a_dash() {
        for c in (0..=0x7f_u8).map(char::from).chain(['é', '\u{200b}']) {
            assert_eq!(short_name(c), format!("-{c}"), "{c:?}");
        }
    }

    /// Info-ZIP's zip: options of two letters are read inside a bundle, the longest name
    /// first, and a value follows the option attached, after `=`, or as the next word.
    #[test]
    fn multi_letter_short_options_are_read_in_bundles() {
        let zip = OptionSpec {
            short_value: "Ob".into(),
            single: vec!["-ll".into(), "-sf".into()].into(),
            single_value: vec!["-lf".into(), "-ds".into()].into(),
            ..OptionSpec::default()
        };
        for (input, opts, operands, values) in [
            (
                "zip -rlf LOG a.zip f",
                &["-r", "-lf"][..],
                &["a.zip", "f"][..],
                &["LOG"][..],
            ),
            ("zip -lfLOG a.zip", &["-lf"], &["a.zip"], &["LOG"]),
            ("zip -lf=LOG a.zip", &["-lf"], &["a.zip"], &["LOG"]),
            ("zip -O=OUT a.zip", &["-O"], &["a.zip"], &["OUT"]),
            ("zip -rm a.zip f", &["-r", "-m"], &["a.zip", "f"], &[]),
            ("zip -llq a.zip", &["-ll", "-q"], &["a.zip"], &[]),
            ("zip -l a.zip", &["-l"], &["a.zip"], &[]),
            ("zip -d -s a.zip", &["-d", "-s"], &["a.zip"], &[]),
            ("zip -ds 10 a.zip", &["-ds"], &["a.zip"], &["10"]),
            ("zip -sfq a.zip", &["-sf", "-q"], &["a.zip"], &[]),
        ] {
            let a = argv(input);
            let p = parse(Some(&zip), &a);
            let names: Vec<&str> = p.opts.iter().map(|o| o.name.as_ref()).collect();
            let ops: Vec<&str> = p.operands.iter().map(|&i| a[i]).collect();
            let vals: Vec<&str> = p.opts.iter().filter_map(|o| o.value.as_deref()).collect();
            assert_eq!(
                (&names[..], &ops[..], &vals[..]),
                (opts, operands, values),
                "{input}"
            );
        }
        // A table naming no option of several letters reads `-lf` as two letters, and a
        // value after `=` keeps it (`-o=x` is the value `=x` to getopt).
        let plain = OptionSpec {
            short_value: "O".into(),
            ..OptionSpec::default()
        };
        let a = argv("x -lf -O=OUT");
        let p = parse(Some(&plain), &a);
        let names: Vec<&str> = p.opts.iter().map(|o| o.name.as_ref()).collect();
        assert_eq!(names, ["-l", "-f", "-O"]);
        assert_eq!(p.opts[2].value.as_deref(), Some("=OUT"));
    }

    /// The last of a flag and its negation wins: `-n … --no-dry-run` turns the dry run off,
    /// `--no-dry-run … -n` leaves it on, and a negation of `--no-X` is `--X`.
    #[test]
    fn a_later_negation_turns_a_flag_off() {
        let git_clean = OptionSpec {
            short: "ndfx".into(),
            long: vec![
                "--dry-run".into(),
                "--no-dry-run".into(),
                "--browser".into(),
                "--no-browser".into(),
            ]
            .into(),
            closed: true,
            ..OptionSpec::default()
        };
        for (input, names, negated) in [
            ("git -n --no-dry-run -d", &["-n", "--dry-run"][..], true),
            ("git --dry-run --no-dry-run", &["-n", "--dry-run"], true),
            ("git --no-dry-run -n -d", &["-n", "--dry-run"], false),
            ("git -n -d", &["-n", "--dry-run"], false),
            ("git -d", &["-n", "--dry-run"], false),
            ("git --no-browser --browser", &["--no-browser"], true),
            ("git --browser --no-browser", &["--no-browser"], false),
            ("git -n --no-dry-run", &["-n"], false),
            ("git -n --no-dry", &["-n", "--dry-run"], true),
        ] {
            let a = argv(input);
            let p = parse(Some(&git_clean), &a);
            assert_eq!(p.negated(names), negated, "{input} {names:?}");
        }
    }

    /// nopt's boolean words: `--X false` is `--no-X`, `--no-X false` is `--X`, `true` keeps
    /// the option as written; the effect is the one of the setting it ends with.
    #[test]
    fn nopt_boolean_words_name_the_setting_they_end_with() {
        let npm = OptionSpec {
            long: vec!["--strict-ssl".into(), "--json".into()].into(),
            closed: true,
            negatable: true,
            network: vec!["--no-strict-ssl".into()].into(),
            ..OptionSpec::default()
        };
        for (input, opts, operands, network) in [
            (
                "npm view x --strict-ssl false",
                vec!["--no-strict-ssl"],
                vec!["view", "x"],
                true,
            ),
            (
                "npm view --strict-ssl true x",
                vec!["--strict-ssl"],
                vec!["view", "x"],
                false,
            ),
            (
                "npm view x --no-strict-ssl",
                vec!["--no-strict-ssl"],
                vec!["view", "x"],
                true,
            ),
            (
                "npm view x --no-strict-ssl false",
                vec!["--strict-ssl"],
                vec!["view", "x"],
                false,
            ),
            (
                "npm view x --no-strict-ssl true",
                vec!["--no-strict-ssl"],
                vec!["view", "x"],
                true,
            ),
            ("npm ls --json false", vec!["--no-json"], vec!["ls"], false),
        ] {
            let a = argv(input);
            let p = parse(Some(&npm), &a);
            let names: Vec<&str> = p.opts.iter().map(|o| o.name.as_ref()).collect();
            assert_eq!(names, opts, "{input}");
            let ops: Vec<&str> = p.operands.iter().map(|&i| a[i]).collect();
            assert_eq!(ops, operands, "{input}");
            let effect = p
                .opts
                .iter()
                .any(|o| npm.effect(o) == Some(Effect::Network));
            assert_eq!(effect, network, "{input}");
        }
    }

    #[test]
    fn bundles_values_and_abbreviations() {
        type Case<'a> = (Option<&'a OptionSpec>, &'a str, Vec<&'a str>, Vec<&'a str>);
        let rm = OptionSpec {
            long: vec![
                "--recursive".into(),
                "--force".into(),
                "--interactive".into(),
            ]
            .into(),
            ..OptionSpec::default()
        };
        let sort = OptionSpec {
            short_value: "oktS".into(),
            long_value: vec!["--output".into()].into(),
            ..OptionSpec::default()
        };
        let cases: Vec<Case> = vec![
            (Some(&rm), "rm -rf /", vec!["-r", "-f"], vec!["/"]),
            (Some(&rm), "rm -fr /", vec!["-f", "-r"], vec!["/"]),
            (Some(&rm), "rm -r -f /", vec!["-r", "-f"], vec!["/"]),
            (
                Some(&rm),
                "rm --rec -f /",
                vec!["--recursive", "-f"],
                vec!["/"],
            ),
            (Some(&rm), "rm -- -rf", vec![], vec!["-rf"]),
            (Some(&sort), "sort -ofile x", vec!["-o"], vec!["x"]),
            (Some(&sort), "sort -o file x", vec!["-o"], vec!["x"]),
            (Some(&sort), "sort --out=f x", vec!["--output"], vec!["x"]),
            (Some(&sort), "sort -rk2 x", vec!["-r", "-k"], vec!["x"]),
            (
                None,
                "foo -abc --x=1 y",
                vec!["-a", "-b", "-c", "--x"],
                vec!["y"],
            ),
        ];
        for (spec, input, opts, operands) in cases {
            let (o, p) = names(spec, input);
            assert_eq!(o, opts, "options of {input}");
            assert_eq!(p, operands, "operands of {input}");
        }
    }

    /// A letter whose value is optional takes the rest of its word (`-M50%`, `-uno`) and never
    /// the next word, and a closed table knows it.
    #[test]
    fn optional_short_values_are_attached_only() {
        let git_log = OptionSpec {
            short: "p".into(),
            short_optional: "M".into(),
            long: vec!["--output".into()].into(),
            closed: true,
            ..OptionSpec::default()
        };
        for (input, opts, operands) in [
            ("git -M50% HEAD", vec!["-M"], vec!["HEAD"]),
            ("git -M --output=x", vec!["-M", "--output"], vec![]),
            ("git -pM30 f", vec!["-p", "-M"], vec!["f"]),
            ("git -M f", vec!["-M"], vec!["f"]),
        ] {
            let (o, p) = names(Some(&git_log), input);
            assert_eq!(o, opts, "options of {input}");
            assert_eq!(p, operands, "operands of {input}");
        }
        let a = argv("git -M50% -uno");
        let parsed = parse(Some(&git_log), &a);
        assert_eq!(parsed.opts[0].value.as_deref(), Some("50%"));
        assert_eq!(parsed.unknown.as_deref(), Some("-u"));
        assert_eq!(git_log.knows("-M"), Some(true));
    }

    /// A `short_next` letter takes the next word not yet taken wherever it stands in its
    /// bundle, the letters after it still options (zstd's `-qof OUT IN`, `-Do DICT OUT`), or
    /// the text after `=` (`-o=OUT`).
    #[test]
    fn next_word_letters_take_the_next_word_and_the_bundle_goes_on() {
        let zstd = OptionSpec {
            short: "qdfc".into(),
            short_next: "oD".into(),
            closed: true,
            ..OptionSpec::default()
        };
        for (input, opts, values, operands) in [
            (
                "zstd -qof out in",
                vec!["-q", "-o", "-f"],
                vec![None, Some("out"), None],
                vec!["in"],
            ),
            (
                "zstd -Do dict out in",
                vec!["-D", "-o"],
                vec![Some("dict"), Some("out")],
                vec!["in"],
            ),
            (
                "zstd -d -o=/dev/sdb in",
                vec!["-d", "-o"],
                vec![None, Some("/dev/sdb")],
                vec!["in"],
            ),
            ("zstd in -o", vec!["-o"], vec![None], vec!["in"]),
        ] {
            assert_reads(&zstd, input, &opts, &values, &operands);
        }
        assert_eq!(zstd.knows("-o"), Some(true));
    }

    /// With `first_word_bundle`, a first word without `-` is a bundle of letters whose values
    /// are the next words in order (old-style tar: `tar cIf CMD OUT SRC` is `-c -I CMD -f
    /// OUT`); a later word without `-` is an operand, a letter the table does not name is
    /// unknown, and without the flag the word is an operand.
    #[test]
    fn an_old_style_first_word_is_a_bundle_taking_the_next_words_in_order() {
        let tar = OptionSpec {
            short: "ctvxzO".into(),
            short_value: "CIf".into(),
            closed: true,
            first_word_bundle: true,
            ..OptionSpec::default()
        };
        for (input, opts, values, operands) in [
            (
                "tar cIf CMD out.tgz src",
                vec!["-c", "-I", "-f"],
                vec![None, Some("CMD"), Some("out.tgz")],
                vec!["src"],
            ),
            (
                "tar tvf a.tar",
                vec!["-t", "-v", "-f"],
                vec![None, None, Some("a.tar")],
                vec![],
            ),
            (
                "tar xCf /etc a.tar tf",
                vec!["-x", "-C", "-f"],
                vec![None, Some("/etc"), Some("a.tar")],
                vec!["tf"],
            ),
            (
                "tar xf a.tar -C dir x",
                vec!["-x", "-f", "-C"],
                vec![None, Some("a.tar"), Some("dir")],
                vec!["x"],
            ),
            (
                "tar -tf a.tar x",
                vec!["-t", "-f"],
                vec![None, Some("a.tar")],
                vec!["x"],
            ),
            ("tar tf", vec!["-t", "-f"], vec![None, None], vec![]),
        ] {
            assert_reads(&tar, input, &opts, &values, &operands);
        }
        let a = argv("tar tLf a.tar");
        assert_eq!(parse(Some(&tar), &a).unknown.as_deref(), Some("-L"));
        let plain = OptionSpec {
            first_word_bundle: false,
            ..tar.clone()
        };
        let a = argv("tar cf out src");
        assert_eq!(parse(Some(&plain), &a).operands, vec![1, 2, 3]);
    }

    /// A long option listed as a flag given `=value` is unknown to a closed table (its real
    /// option may take an optional value nobody checked); one whose optional value the table
    /// names takes it, attached only; an abbreviation reads as its option, and as an
    /// abbreviation stays unproven.
    #[test]
    fn a_flag_given_a_value_is_unknown_unless_its_value_is_optional() {
        let ls = OptionSpec {
            long: vec!["--all".into(), "--color".into(), "--almost-all".into()].into(),
            long_value: vec!["--width".into()].into(),
            long_optional: vec!["--color".into()].into(),
            closed: true,
            ..OptionSpec::default()
        };
        let read = |line: &str| {
            let a = argv(line);
            let p = parse(Some(&ls), &a);
            let opts: Vec<(String, Option<String>)> = p
                .opts
                .iter()
                .map(|o| (o.name.to_string(), o.value.clone()))
                .collect();
            let operands: Vec<String> = p.operands.iter().map(|&i| a[i].to_owned()).collect();
            (opts, operands, p.unknown)
        };
        let opt = |n: &str, v: Option<&str>| (n.to_owned(), v.map(str::to_owned));
        // A flag with a value: the option, its value seen, the table does not prove it.
        let (opts, _, unknown) = read("ls --all=x d");
        assert_eq!(opts, [opt("--all", Some("x"))]);
        assert_eq!(unknown.as_deref(), Some("--all="));
        assert_eq!(read("ls --all= d").2.as_deref(), Some("--all="));
        // An optional value, attached: taken; the next word is an operand.
        assert_eq!(
            read("ls --color=always d"),
            (vec![opt("--color", Some("always"))], vec!["d".into()], None)
        );
        assert_eq!(
            read("ls --color always"),
            (vec![opt("--color", None)], vec!["always".into()], None)
        );
        // A value-taking option and a plain flag are as before.
        assert_eq!(read("ls --width=80 --all d").2, None);
        // An abbreviation reads as its option, with the value only when that takes one, and
        // is unproven either way.
        let (opts, _, unknown) = read("ls --colo=always d");
        assert_eq!(opts, [opt("--color", Some("always"))]);
        assert_eq!(unknown.as_deref(), Some("--colo"));
        let (opts, _, unknown) = read("ls --almost=x d");
        assert_eq!(opts, [opt("--almost-all", Some("x"))]);
        assert_eq!(unknown.as_deref(), Some("--almost"));
        // An open table proves nothing either way and reads the same.
        let open = OptionSpec {
            closed: false,
            ..ls.clone()
        };
        let a = argv("ls --all=x d");
        let p = parse(Some(&open), &a);
        assert!(p.unknown.is_none() && p.has("--all"));
        assert!(written_as("--all=x", "--all=") && written_as("--all=x", "--all"));
        assert!(!written_as("--all", "--all=") && !written_as("--al=x", "--all="));
    }

    #[test]
    fn long_values_make_every_unlisted_long_option_take_a_value() {
        let aws = OptionSpec {
            long: vec!["--debug".into()].into(),
            long_values: true,
            ..OptionSpec::default()
        };
        let (o, p) = names(
            Some(&aws),
            "aws dynamodb describe-table --table-name users --debug --no-paginate out",
        );
        assert_eq!(o, vec!["--table-name", "--debug", "--no-paginate"]);
        assert_eq!(p, vec!["dynamodb", "describe-table", "out"]);
    }

    #[test]
    fn closed_long_values_tables_prove_parameters_but_not_abbreviations() {
        let aws = OptionSpec {
            long: vec!["--debug".into(), "--dry-run".into()].into(),
            long_value: vec!["--endpoint-url".into(), "--query".into()].into(),
            long_values: true,
            closed: true,
            ..OptionSpec::default()
        };
        let parse = |line: &str| parse(Some(&aws), &argv(line));
        // Operation parameters are known, and a negative number is a value.
        let p = parse("aws ec2 describe-instances --instance-ids i-1 --max-results -1");
        assert_eq!(p.unknown, None);
        assert_eq!(p.operands.len(), 2);
        // A prefix of a listed option is its abbreviation; a name outside the shape is unknown.
        assert!(parse("aws ec2 x --endpoint http://e").unknown.is_some());
        assert!(parse("aws ec2 x --Filters a").unknown.is_some());
        // A word that looks like an option is the next option, never a value.
        let p = parse("aws ec2 x --dry-run --endpoint-url=http://e");
        assert!(p.has("--endpoint-url"));
        let p = parse("aws ec2 x --no-such --endpoint-url=http://e");
        assert!(p.has("--endpoint-url"));
        for (w, option) in [
            ("-1", false),
            ("-.5", false),
            ("-1.5", false),
            ("-1.", true),
            ("-x", true),
            ("-", false),
            ("--a", true),
        ] {
            assert_eq!(argparse_option(w), option, "{w}");
        }
        // A parameter without a value is a flag nobody listed, not a parameter.
        assert!(parse("aws ec2 x --zz-unknown").unknown.is_some());
        assert!(parse("aws ec2 x --zz-unknown --dry-run").unknown.is_some());
        assert!(
            parse("aws ec2 x --zz-unknown v --dry-run")
                .unknown
                .is_none()
        );
        assert!(parse("aws ec2 x --no-zz-unknown").unknown.is_none());
        // A value known only at run time could be an option.
        let mut args: Vec<Option<&str>> = argv("aws ec2 x --query").into_iter().map(Some).collect();
        args.push(None);
        assert!(super::parse(Some(&aws), &args).unknown.is_some());
    }

    /// A single-dash table reads a `short_value` letter with its value attached (`gcc
    /// -ofile`), and every other word whole (`-Ipath` is no bundle holding `-o`).
    #[test]
    fn single_dash_words_with_an_attached_value_letter() {
        let cc = OptionSpec {
            single_dash_long: true,
            short_value: "o".into(),
            single_value: vec!["-o".into()].into(),
            output: vec!["-o".into()].into(),
            ..OptionSpec::default()
        };
        let value = |line: &str| {
            let p = parse(Some(&cc), &argv(line));
            p.opts
                .iter()
                .filter(|o| cc.role(o) == Some(Role::Output))
                .map(|o| o.value.clone().unwrap_or_default())
                .collect::<Vec<_>>()
        };
        assert_eq!(value("cc a.c -o out -Ipath/to"), ["out"]);
        assert_eq!(value("cc a.c -oout -lfoo"), ["out"]);
        assert!(value("cc a.c -Iinclude/o -Lpath").is_empty());
    }

    #[test]
    fn a_known_option_is_not_an_abbreviation() {
        let kubectl = OptionSpec {
            long: vec!["--all".into(), "--all-namespaces".into()].into(),
            ..OptionSpec::default()
        };
        let a = argv("kubectl delete pods --all");
        let p = parse(Some(&kubectl), &a);
        assert!(p.has("--all"));
        assert!(!p.has("--all-namespaces"));
        let p = parse(None, &a);
        assert!(p.has("--all-namespaces"), "unknown spec: read cautiously");
    }

    #[test]
    fn abbreviation_matching() {
        assert!(option_matches("--rec", "--recursive"));
        assert!(!option_matches("--re", "--recursive"));
        assert!(!option_matches("-r", "--recursive"));
        assert!(option_matches("-r", "-r"));
    }

    /// The packed search finds exactly what reading the list name by name finds, for every
    /// name, every prefix of one and every piece across names.
    #[test]
    fn packed_names_are_searched_as_a_list() {
        let text = "--all\n--allow\n-a\n--long\n--no-long\nx\n--color\n";
        let packed = Names::Packed(text);
        let owned = Names::Owned(text.lines().map(str::to_owned).collect());
        let list: Vec<&str> = text.lines().collect();
        let mut probes = vec![String::new(), "\n".to_owned(), "-long\n--".to_owned()];
        for a in 0..text.len() {
            for b in a..=text.len() {
                probes.push(text[a..b].to_owned());
            }
        }
        for p in &probes {
            let want = !p.is_empty() && list.contains(&p.as_str());
            assert_eq!(packed.contains(p), want, "contains {p:?}");
            assert_eq!(owned.contains(p), want, "contains {p:?} (owned)");
            let starts: Vec<&str> = if p.is_empty() || p.contains('\n') {
                Vec::new()
            } else {
                list.iter()
                    .copied()
                    .filter(|n| n.starts_with(p.as_str()))
                    .collect()
            };
            assert_eq!(packed.starting_with(p).collect::<Vec<_>>(), starts, "{p:?}");
            if !p.contains('\n') {
                assert_eq!(owned.starting_with(p).collect::<Vec<_>>(), starts, "{p:?}");
            }
        }
        let spec = OptionSpec {
            long: packed,
            ..OptionSpec::default()
        };
        let full = |name: &str| expand_long(&spec, name).0;
        assert_eq!(full("all"), "--all", "exact wins over --allow");
        assert_eq!(full("allo"), "--allow");
        assert_eq!(full("co"), "--color");
        assert_eq!(full("nothing"), "--nothing");
        assert_eq!(full("l"), "--long");
        assert_eq!(
            expand_long(&spec, "allo"),
            ("--allow".to_owned(), true, false)
        );
        assert_eq!(
            expand_long(&spec, "nothing"),
            ("--nothing".to_owned(), false, false)
        );
    }

    /// `kill -KILL 1` sends SIGKILL to init: with `signal_words`, a signal word is one option,
    /// not the bundle `-K -I -L -L` (whose `-L` made `kill -KILL 1234` a read-only signal list).
    #[test]
    fn signal_words_are_one_option() {
        for (word, want) in [
            ("-KILL", Some("-KILL")),
            ("-kill", Some("-KILL")),
            ("-SIGKILL", Some("-KILL")),
            ("-SigTerm", Some("-TERM")),
            ("-9", Some("-9")),
            ("-15", Some("-15")),
            ("-RTMIN+3", Some("-RTMIN+3")),
            ("-rtmax-1", Some("-RTMAX-1")),
            ("-RTMIN", Some("-RTMIN")),
            ("-l", None),
            ("-L", None),
            ("-s", None),
            ("-9x", None),
            ("-1234", None),
            ("-", None),
            ("--KILL", None),
            ("-RTMIN+", None),
            ("-SIG", None),
        ] {
            assert_eq!(signal_word(word).as_deref(), want, "{word}");
        }
        let kill = OptionSpec {
            short_value: Cow::Borrowed("snlL"),
            signal_words: true,
            ..OptionSpec::default()
        };
        assert_eq!(
            names(Some(&kill), "kill -KILL 1"),
            (vec!["-KILL".into()], vec!["1".into()])
        );
        assert_eq!(
            names(Some(&kill), "kill -sigterm 1"),
            (vec!["-TERM".into()], vec!["1".into()])
        );
        assert_eq!(
            names(Some(&kill), "kill -l 9").0,
            ["-l"],
            "-l takes a value here"
        );
        assert_eq!(
            names(Some(&kill), "kill -s KILL 1"),
            (vec!["-s".into()], vec!["1".into()])
        );
        // Without the flag, the same word is the bundle it always was.
        let plain = OptionSpec {
            signal_words: false,
            ..kill
        };
        assert_eq!(names(Some(&plain), "kill -KILL 1").0, ["-K", "-I", "-L"]);
    }
}
