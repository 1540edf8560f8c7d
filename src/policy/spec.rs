//! The policy file schema, as serde types with `deny_unknown_fields`, and reading of Claude Code
//! settings files.
//!
//! One schema for the built-in policy and for user, project, CLI and managed files. This module
//! only deserialises; compiling and validating (patterns, examples) is `rule.rs` and `mod.rs`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::error::{PolicyError, PolicyErrorKind, line_of};

/// A whole policy file.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PolicyFile {
    /// The mode this file asks for (`default`, `plan`, `accept-edits`, `auto`, `strict`, `bypass`).
    pub mode: Option<Spanned<String>>,
    /// Claude-style `Bash(…)` strings to allow.
    #[serde(default)]
    pub allow: Vec<Spanned<String>>,
    /// Claude-style strings to ask about.
    #[serde(default)]
    pub ask: Vec<Spanned<String>>,
    /// Claude-style strings to deny.
    #[serde(default)]
    pub deny: Vec<Spanned<String>>,
    /// Decisions for analyzer flags: `pipe-to-shell = "deny"`.
    #[serde(default)]
    pub flags: BTreeMap<String, Spanned<String>>,
    /// Structured rules.
    #[serde(default)]
    pub rule: Vec<Spanned<RuleSpec>>,
    /// Option knowledge for programs.
    #[serde(default)]
    pub program: Vec<Spanned<ProgramSpec>>,
    /// Append-only audit log path (used by agent integration).
    pub audit_log: Option<String>,
    /// Profiles to turn on (`reader`, `editor`, `developer`, `network-reads`): user and
    /// managed policies only.
    #[serde(default)]
    pub profiles: Vec<Spanned<String>>,
    /// Session limits (`[session]`).
    pub session: Option<SessionSpec>,
}

/// `[session]`: limits of an agent session (hooks, `exec`), each optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SessionSpec {
    /// Acting commands allowed per hour (0: off).
    pub max_actions_per_hour: Option<Spanned<i64>>,
    /// Denials in a row before the verdict suggests plan mode (0: off).
    pub max_denials: Option<Spanned<i64>>,
    /// Milliseconds a hook may take before its watchdog denies (at least 1).
    pub deadline_ms: Option<Spanned<i64>>,
}

/// A string of a rule: borrowed from the built-in policy's packed text (nothing allocated when a
/// hook compiles a group), owned when read from a policy file.
pub(crate) type Text = Cow<'static, str>;

/// One string or a list of strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OneOrMany {
    /// `"rm"`
    One(Text),
    /// `["rm", "unlink"]`
    Many(Vec<Text>),
}

/// By hand rather than `#[serde(untagged)]`, which buffers every value before trying each
/// variant (a third of the cost of reading a rule, paid for every rule a hook compiles).
impl<'de> Deserialize<'de> for OneOrMany {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = OneOrMany;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string or a list of strings")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<OneOrMany, E> {
                Ok(OneOrMany::One(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<OneOrMany, E> {
                Ok(OneOrMany::One(Cow::Owned(v)))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<OneOrMany, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(s) = seq.next_element::<String>()? {
                    v.push(Cow::Owned(s));
                }
                Ok(OneOrMany::Many(v))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl OneOrMany {
    /// As a list.
    pub(crate) fn into_vec(self) -> Vec<Text> {
        match self {
            OneOrMany::One(s) => vec![s],
            OneOrMany::Many(v) => v,
        }
    }
}

/// `{ any = […], all = […], none = […] }`
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Condition {
    /// At least one must be present.
    #[serde(default)]
    pub any: Vec<Text>,
    /// All must be present.
    #[serde(default)]
    pub all: Vec<Text>,
    /// None may be present.
    #[serde(default)]
    pub none: Vec<Text>,
}

/// `{ hit = […], miss = […] }`
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Examples {
    /// Commands the rule must match.
    #[serde(default)]
    pub hit: Vec<Text>,
    /// Commands the rule must not match.
    #[serde(default)]
    pub miss: Vec<Text>,
}

/// One `[[rule]]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RuleSpec {
    /// Kebab-case id naming the risky pattern.
    pub id: Text,
    /// `deny`, `ask` or `allow`.
    pub decision: Text,
    /// `low`, `medium`, `high`, `critical`; defaults from the decision.
    pub risk: Option<Text>,
    /// Program name(s); absent means any program.
    pub program: Option<OneOrMany>,
    /// Also match path-qualified programs whose file name is one of `program` (`./rm`).
    #[serde(default)]
    pub any_path: bool,
    /// Tokens after the program (global options skipped).
    pub subcommand: Option<OneOrMany>,
    /// Options.
    pub flags: Option<Condition>,
    /// Operands: path classes, globs, `re:` regexes, literals.
    pub args: Option<Condition>,
    /// Option values: `{ "-n" = ["prod", "re:prod-.*"], "--namespace" = ["prod"] }` holds
    /// when one of the named options has a value (as the program's option table reads it)
    /// matching one of its patterns.
    pub options: Option<BTreeMap<Text, Vec<Text>>>,
    /// At most this many operands after the subcommand (`git config KEY` reads, `git config
    /// KEY VALUE` writes).
    pub max_operands: Option<usize>,
    /// At least this many operands after the subcommand (`git symbolic-ref NAME REF` writes).
    pub min_operands: Option<usize>,
    /// At most this many options (each letter of a bundle counts): `gcc --version` prints,
    /// `gcc --version -fplugin=x.so` is not proven to.
    #[serde(default)]
    pub max_options: Option<usize>,
    /// Allow rules: the only options a unit may hold besides those the rule names (`flags.any`,
    /// `flags.all`, `options`): `python3 -B -c CODE`. Each is read from the program's table,
    /// and a dynamic word where an option could be is none of them.
    #[serde(default)]
    pub other_options: Option<Vec<Text>>,
    /// Leading assignments (names or globs such as `DYLD_*`).
    pub env: Option<Vec<Text>>,
    /// Stripped wrappers (any of them).
    pub via: Option<Vec<Text>>,
    /// Contexts (any of them): `pipeline`, `substitution`, `find-exec`…
    pub context: Option<Vec<Text>>,
    /// A Claude-style command pattern the unit line must match, as an extra condition.
    pub command: Option<Text>,
    /// Allow even when some operands are dynamic (for programs where no value can hurt).
    #[serde(default)]
    pub dynamic_args: bool,
    /// Allow even when an unquoted glob operand could expand to option words: the options the
    /// rule leaves out only write a file inside the working directory (`file -C`).
    #[serde(default)]
    pub glob_options: bool,
    /// `args` reads only the first operand after the subcommand: the program's script, which
    /// comes before the file names it reads (`sed SCRIPT FILE…`, `awk PROGRAM FILE…`), so a
    /// file named `web/a.ts` is not read as the sed command `w`.
    #[serde(default)]
    pub first_operand: bool,
    /// Tags: `read-only` (plan mode may run it), `edit` (accept-edits mode may allow it).
    #[serde(default)]
    pub tags: Vec<Text>,
    /// Why, for people.
    pub reason: Option<Text>,
    /// What to do instead, for the agent and the person (`git push --force-with-lease`).
    #[serde(default)]
    pub suggest: Option<Text>,
    /// Examples checked at load.
    #[serde(default)]
    pub examples: Examples,
}

/// One `[[program]]`: how a program's options are spelled.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProgramSpec {
    /// Program name(s).
    pub name: OneOrMany,
    /// The subcommand words this table is for (`["pr", "list"]`): the options of `gh pr list`
    /// after its subcommand words are read with this table, the words before them with the
    /// program's own. Empty: the program's table.
    #[serde(default)]
    pub subcommand: Option<OneOrMany>,
    /// Other words that name the same subcommand, each in place of its last word (openssl runs
    /// `enc` by a cipher's name: `openssl aes-256-cbc`); the table is for each of them too.
    #[serde(default)]
    pub aliases: Option<OneOrMany>,
    /// Short option letters that take a value.
    #[serde(default)]
    pub short_value: String,
    /// Long options that take a value.
    #[serde(default)]
    pub long_value: Vec<String>,
    /// Other known long options (for abbreviations).
    #[serde(default)]
    pub long: Vec<String>,
    /// Options are single-dash words (`find -name`).
    #[serde(default)]
    pub single_dash_long: bool,
    /// Every long option not listed in `long` takes a value, and `--no-…` never does (the AWS
    /// CLI: `--table-name users`).
    #[serde(default)]
    pub long_values: bool,
    /// A single-dash word naming a signal (`-KILL`, `-SIGTERM`, `-9`) is one option, the
    /// signal, never a bundle of letters (`kill`, `pkill`, `killall`).
    #[serde(default)]
    pub signal_words: bool,
    /// Single-dash words that take a value.
    #[serde(default)]
    pub single_value: Vec<String>,
    /// Short option letters that take no value (digits too, for `head -5`).
    #[serde(default)]
    pub short: String,
    /// Short option letters whose value is optional and, when given, attached (`git log -M50%`,
    /// `git status -uno`): the rest of the word is the value, the next word never is.
    #[serde(default)]
    pub short_optional: String,
    /// Short option letters whose value is the next word wherever they stand in a bundle, the
    /// letters after them still read as options (zstd: `-qof OUT` is `-q -o OUT -f`), or the
    /// text after `=` (`-o=OUT`).
    #[serde(default)]
    pub short_next: String,
    /// Single-dash words that take no value (`-print`), with `single_dash_long`.
    #[serde(default)]
    pub single: Vec<String>,
    /// The table names every option the program accepts: an allow rule never matches a unit
    /// holding an option the table does not name.
    #[serde(default)]
    pub closed: bool,
    /// Options end at the first operand, as for bash's builtins (`printf FORMAT -v` prints
    /// `-v`): later words are operands whatever they look like.
    #[serde(default)]
    pub options_first: bool,
    /// A word the table does not name is an operand, not an unknown option (bash's `echo`
    /// prints `-x`, `test -f x` compares, `true --zz` ignores it): the program reads only the
    /// listed spellings as options (a bundle of listed letters, a whole listed long name).
    #[serde(default)]
    pub unlisted_operands: bool,
    /// As npm's option parser (nopt) reads them: `--no-NAME` sets a listed long option NAME
    /// off and takes no value, and a listed long flag (or such a negation) takes the next word
    /// as its value when it is `true` or `false`.
    #[serde(default)]
    pub negatable: bool,
    /// A word `@FILE` is replaced by the arguments FILE holds (GNU binutils' and LLVM's
    /// response files): options and operands nobody checked, so no allow rule matches.
    #[serde(default)]
    pub response_files: bool,
    /// A dash and digits (`-10`) is an operand, not options (bash's `fc -l -10`).
    #[serde(default)]
    pub numeric_operands: bool,
    /// A single-dash word `-name=value` gives a `single_value` option its value (Go's flag
    /// package: `go list -f='{{.Dir}}'`).
    #[serde(default)]
    pub equals_values: bool,
    /// The options before the subcommand are the program's own, apart from the subcommand's
    /// (`git -C DIR branch` is no `git branch -C`).
    #[serde(default)]
    pub separate_globals: bool,
    /// The first word, when it does not start with `-`, is a bundle of short letters whose
    /// values are the next words in order (old-style tar: `tar cvf OUT SRC`).
    #[serde(default)]
    pub first_word_bundle: bool,
    /// Options (named in `short` or `long` too) whose value is optional: the next word unless
    /// it starts with `-`, or attached (`-cV`, `--clear=V`): clap's `num_args = 0..=1`,
    /// commander's `[value]`.
    #[serde(default)]
    pub optional_next: Vec<String>,
    /// Options (named with a value too) that take the next two words as their values
    /// (`sqlite3 -lookaside SIZE N`).
    #[serde(default)]
    pub two_values: Vec<String>,
    /// Long options (named in `long` too) whose value is optional and given only attached
    /// (`--color=always`, GNU's `--color[=WHEN]`): `--color always` is the flag and an operand.
    /// A `=value` on any other option of `long` makes it unknown to a closed table.
    #[serde(default)]
    pub long_optional: Vec<String>,
    /// Options that make the program write files (`sort -o`, `--output`).
    #[serde(default)]
    pub writes: Vec<String>,
    /// Options that make the program run code or another program (`--diff-program`, `-exec`).
    #[serde(default)]
    pub runs: Vec<String>,
    /// Options that make the program reach the network.
    #[serde(default)]
    pub network: Vec<String>,
    /// Options that make the program print the credentials it sends (`aws --debug`).
    #[serde(default)]
    pub discloses: Vec<String>,
    /// Options after which the options end (python's `-c CODE`, `-m MOD`): every later word is
    /// an operand.
    #[serde(default)]
    pub ends_options: Vec<String>,
    /// Single-dash words whose values run up to a `;` or `+` word (`find -exec CMD… ;`).
    #[serde(default)]
    pub single_until: Vec<String>,
    /// Options whose value is a file the program writes (`sort -o FILE`).
    #[serde(default)]
    pub output: Vec<String>,
    /// Options whose value is a directory the program writes into (`cp -t DIR`).
    #[serde(default)]
    pub output_dir: Vec<String>,
    /// Options whose value is a file the program reads (`wget -i FILE`).
    #[serde(default)]
    pub reads: Vec<String>,
    /// Options whose value is a configuration file read as settings (`curl -K FILE`).
    #[serde(default)]
    pub config: Vec<String>,
    /// Options that make the program rewrite its file operands in place (`sed -i`).
    #[serde(default)]
    pub in_place: Vec<String>,
    /// Operands the program writes, by position: `n` the `n`th, `-n` the `n`th from the end,
    /// `0` every one (`uniq IN OUT`: `[2]`).
    #[serde(default)]
    pub output_operands: Vec<i64>,
}

/// Parse a policy file's text.
pub(crate) fn parse_policy(text: &str, origin: &str) -> Result<PolicyFile, PolicyError> {
    toml::from_str::<PolicyFile>(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        let field = e
            .span()
            .and_then(|s| field_at(text, s.start))
            .map(
                |(table, key)| match (table, field_from_message(e.message())) {
                    // "unknown field `x`" names the field; the line says in which table.
                    (t, Some(named)) => qualified(t, named),
                    (t, None) => qualified(t, key),
                },
            )
            .or_else(|| field_from_message(e.message()));
        PolicyError::new(
            origin,
            PolicyErrorKind::Syntax(e.message().trim().to_owned()),
        )
        .at(line, field)
    })
}

/// `table.key` (`rule.risk`), or the key alone at the top level.
fn qualified(table: Option<String>, key: String) -> String {
    match table {
        Some(t) => format!("{t}.{key}"),
        None => key,
    }
}

/// The table and key of the line holding byte `at` (`risk = 3` under `[[rule]]` → `rule`,
/// `risk`): where a type error, a duplicate key or a misplaced table is.
fn field_at(text: &str, at: usize) -> Option<(Option<String>, String)> {
    let at = text.floor_char_boundary(at.min(text.len()));
    let start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    let end = text[at..].find('\n').map_or(text.len(), |k| at + k);
    let line = text[start..end].trim();
    let table = text[..start].lines().rev().find_map(|l| {
        let l = l.trim();
        l.starts_with('[')
            .then(|| l.trim_matches(|c| c == '[' || c == ']').trim().to_owned())
    });
    if line.starts_with('[') {
        let name = line
            .trim_matches(|c| c == '[' || c == ']')
            .trim()
            .to_owned();
        return Some((None, name));
    }
    let key = line.split('=').next()?.trim().trim_matches('"');
    (!key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c)))
    .then(|| (table, key.to_owned()))
}

fn field_from_message(msg: &str) -> Option<String> {
    // serde: "unknown field `x`, expected one of …" / "missing field `x`" (other messages quote
    // values, not fields: "invalid type: integer `3`").
    if !(msg.starts_with("unknown field") || msg.starts_with("missing field")) {
        return None;
    }
    let start = msg.find('`')?;
    let rest = &msg[start + 1..];
    let end = rest.find('`')?;
    Some(rest[..end].to_owned())
}

/// The permission lists of a Claude Code settings file.
#[derive(Debug, Default)]
pub(crate) struct ClaudeLists {
    /// `permissions.allow`
    pub allow: Vec<String>,
    /// `permissions.ask`
    pub ask: Vec<String>,
    /// `permissions.deny`
    pub deny: Vec<String>,
    /// `permissions.defaultMode`
    pub default_mode: Option<String>,
}

/// Read `permissions.{allow,ask,deny}` from a Claude Code settings JSON text.
pub(crate) fn parse_claude_settings(text: &str, origin: &str) -> Result<ClaudeLists, PolicyError> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        PolicyError::new(
            origin,
            PolicyErrorKind::Syntax(format!("invalid JSON: {e}")),
        )
        .at(Some(e.line()), None)
    })?;
    let mut out = ClaudeLists::default();
    let Some(perms) = v.get("permissions") else {
        return Ok(out);
    };
    let list = |key: &str| -> Result<Vec<String>, PolicyError> {
        match perms.get(key) {
            None => Ok(Vec::new()),
            Some(serde_json::Value::Array(a)) => a
                .iter()
                .map(|x| {
                    x.as_str().map(str::to_owned).ok_or_else(|| {
                        PolicyError::new(
                            origin,
                            PolicyErrorKind::Invalid("entries must be strings".to_owned()),
                        )
                        .at(None, Some(format!("permissions.{key}")))
                    })
                })
                .collect(),
            Some(_) => Err(PolicyError::new(
                origin,
                PolicyErrorKind::Invalid("must be a list of strings".to_owned()),
            )
            .at(None, Some(format!("permissions.{key}")))),
        }
    };
    out.allow = list("allow")?;
    out.ask = list("ask")?;
    out.deny = list("deny")?;
    out.default_mode = perms
        .get("defaultMode")
        .and_then(|m| m.as_str())
        .map(str::to_owned);
    Ok(out)
}
