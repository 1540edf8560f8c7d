//! Build script: embed the built-in policy once, compactly and checked, and index it by
//! program, so a process loads only the rules of the programs a command actually runs (start-up
//! stays cheap however large the catalogue grows).
//!
//! Reads `src/policy/builtin/*.toml`, checks every `[[rule]]` against the schema of
//! `src/policy/spec.rs` (known fields, each of its type: what `deny_unknown_fields` checks in a
//! person's file), and writes to `$OUT_DIR`:
//!
//! - `rule_text.txt` and `rule_code.bin` (`RULE_TEXT`, `RULE_CODE`): every rule, packed. The
//!   text holds each distinct string once. The code holds the rules one after the other, each
//!   field as a tag (`tag::*`, ascending) and its value: a string is two LEB128 numbers (its
//!   start and length in the text), a list its length and its strings, a condition (`flags`,
//!   `args`) three lists (`any`, `all`, `none`), option values (`options`) their count and each
//!   name with its list, a bool one byte (0 or 1), a count one number.
//!   `subcommand` has two tags, one for a string and one for a list; `tag::END` ends the
//!   fields. The `program` field comes after them: a kind byte (`tag::NONE`, `tag::ONE`,
//!   `tag::MANY`) and a string or a list. The examples come last: two lists, `hit` and `miss`.
//!   Every part is whole only at its end, so data cut short is an error, not a rule missing a
//!   field.
//!   `src/policy/packed.rs` decodes a rule into the `RuleSpec` serde reads from the source,
//!   without serde, and the test suite checks that for every rule.
//! - `RULES`: each rule's file, source line (for error messages and listings), and the starts
//!   of its fields, of its `program` field and of its examples in `RULE_CODE`; a rule ends
//!   where the next one starts.
//! - `GROUP_KEYS`/`GROUPS`/`MEMBERS`: a sorted table of groups (program name, the rules that
//!   name that program). A rule naming several programs is in each of their groups, and its copy
//!   names only that program: a member is the rule and where, in its `program` field, the
//!   string naming the group's program lies (loading checks that in constant time, however
//!   many programs the rule names). A rule with a subcommand goes into the group `program
//!   subcommand` (loaded only when that subcommand runs). Rules without a program go into the
//!   `*` group, and keep their own `program` field.
//! - `OPTION_TABLES`/`OPTION_NAMES` (in `builtin_options.rs`, read by `src/programs/tables.rs`
//!   below the analysis, the checks and the policy): the `[[program]]` tables as `OptionSpec` literals, and
//!   a sorted index by program name (a closed table names every option of the program): the option knowledge of `ls` costs a binary search, not a
//!   parse and sixty allocations, on the start-up path of every command.
//!
//! Every piece is an offset into a few large strings: no table of string slices, which would
//! cost a relocation per string at start-up.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

const FILES: &[&str] = &[
    "programs.toml",
    "read-only.toml",
    "read-only-extra.toml",
    "read-only-tools.toml",
    "read-only-clis.toml",
    "package-managers.toml",
    "file-tools.toml",
    "wrappers.toml",
    "cloud-clis.toml",
    "ask.toml",
    "dangerous.toml",
    "deny.toml",
];

/// How a rule field is checked and packed.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A string.
    Str,
    /// A string (this tag) or a list of strings (the next tag).
    Names,
    /// A bool.
    Bool,
    /// A non-negative integer.
    Count,
    /// A list of strings.
    List,
    /// `{ any = […], all = […], none = […] }`.
    Cond,
    /// `{ "-n" = ["prod"], … }`: option names, each with a list of strings.
    OptionValues,
}

/// The fields of a rule besides `program` and `examples`, in packed order: name, tag, kind.
const FIELDS: &[(&str, u8, Kind)] = &[
    ("id", 1, Kind::Str),
    ("decision", 2, Kind::Str),
    ("risk", 3, Kind::Str),
    ("any_path", 4, Kind::Bool),
    ("subcommand", 5, Kind::Names),
    ("flags", 7, Kind::Cond),
    ("args", 8, Kind::Cond),
    ("max_operands", 9, Kind::Count),
    ("min_operands", 10, Kind::Count),
    ("env", 11, Kind::List),
    ("via", 12, Kind::List),
    ("context", 13, Kind::List),
    ("command", 14, Kind::Str),
    ("dynamic_args", 15, Kind::Bool),
    ("tags", 16, Kind::List),
    ("reason", 17, Kind::Str),
    ("suggest", 18, Kind::Str),
    ("glob_options", 19, Kind::Bool),
    ("options", 20, Kind::OptionValues),
    ("first_operand", 21, Kind::Bool),
    ("max_options", 22, Kind::Count),
    ("other_options", 23, Kind::List),
];

/// The tag that ends a rule's fields.
const END: u8 = 0;

/// The kind byte of a `program` field: none, one string, a list.
const NONE: u8 = 0;
const ONE: u8 = 1;
const MANY: u8 = 2;

/// One rule: its file, its line in the source file, and the offsets in the code of its
/// fields, its `program` field and its examples.
struct Entry {
    file: usize,
    line: usize,
    start: usize,
    program: usize,
    examples: usize,
}

/// The packed rules being written: the code, the text and where each string already is.
#[derive(Default)]
struct Packer {
    code: Vec<u8>,
    text: String,
    seen: HashMap<String, usize>,
}

impl Packer {
    /// A LEB128 number.
    fn uint(&mut self, mut v: usize) {
        loop {
            let low = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.code.push(low);
                return;
            }
            self.code.push(low | 0x80);
        }
    }

    /// A string: start and length in the text, where it is stored once.
    fn str(&mut self, s: &str) {
        let start = if let Some(&at) = self.seen.get(s) {
            at
        } else {
            let at = self.text.len();
            self.text.push_str(s);
            self.seen.insert(s.to_owned(), at);
            at
        };
        self.uint(start);
        self.uint(s.len());
    }

    /// A list of strings: its length and each string.
    fn list(&mut self, items: &[&str]) {
        self.uint(items.len());
        for s in items {
            self.str(s);
        }
    }
}

fn main() {
    let dir = Path::new("src/policy/builtin");
    let mut entries: Vec<Entry> = Vec::new();
    let mut packer = Packer::default();
    // Group key → members: (rule, offset in its `program` field of the string naming the
    // group's program; 0 in the `*` group, whose rules keep their own field).
    let mut groups: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    // A rule that names no program and no wrapper (`via`) applies to every unit.
    let mut any_program_without_via = false;
    let mut options: Vec<String> = Vec::new();
    let mut option_text = String::new();
    let mut option_names: BTreeMap<String, usize> = BTreeMap::new();
    // Programs whose own table gives a word a role (`output`, `reads`, …).
    let mut role_programs: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let mut role_subcommands: std::collections::BTreeSet<String> =
        std::collections::BTreeSet::new();
    for (fi, f) in FILES.iter().enumerate() {
        let path = dir.join(f);
        println!("cargo::rerun-if-changed={}", path.display());
        let fail = |msg: &dyn std::fmt::Display| -> ! { panic!("{}: {msg}", path.display()) };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&e));
        let table: toml::Table = text.parse().unwrap_or_else(|e| fail(&e));
        let headers = headers(&text);
        // Every `[[rule]]` and `[[program]]` table, in the order of the file.
        let mut items: Vec<(usize, &str, &toml::Table)> = Vec::new();
        for (key, value) in &table {
            if key != "rule" && key != "program" {
                fail(&format_args!(
                    "the built-in policy may only hold [[rule]] and [[program]], not `{key}`"
                ));
            }
            let lines = headers.get(key.as_str()).map_or(&[][..], Vec::as_slice);
            let list = value.as_array().map_or(&[][..], Vec::as_slice);
            if lines.len() != list.len() {
                fail(&format_args!(
                    "{} `{key}` entries but {} lines `[[{key}]]`: write each as a `[[{key}]]` table",
                    list.len(),
                    lines.len()
                ));
            }
            for (item, &at) in list.iter().zip(lines) {
                let Some(t) = item.as_table() else {
                    fail(&format_args!("`{key}` must be an array of tables"))
                };
                items.push((at, key, t));
            }
        }
        if headers.values().map(Vec::len).sum::<usize>() != items.len() {
            fail(&"a `[[…]]` line names neither `rule` nor `program`");
        }
        items.sort_by_key(|(at, _, _)| *at);
        for (at, key, t) in items {
            let here = format!("{}:{at}", path.display());
            if key != "rule" {
                let table = options.len();
                options.push(option_table(t, &here, &mut option_text));
                let roles = [
                    "output",
                    "output_dir",
                    "reads",
                    "config",
                    "in_place",
                    "output_operands",
                ];
                if !t.contains_key("subcommand") && roles.iter().any(|k| t.contains_key(*k)) {
                    role_programs.extend(names(t.get("name")));
                }
                // A subcommand's own table is filed as `program sub [word]` (`gh pr list`), and
                // under each other word that names the same subcommand (`aliases`: openssl's
                // cipher commands are `enc`).
                let words = t
                    .get("subcommand")
                    .map(|v| names(Some(v)))
                    .unwrap_or_default();
                let mut subs = vec![words.join(" ")];
                if let Some(aliases) = t.get("aliases") {
                    let Some((_, parent)) = words.split_last() else {
                        fail(&format_args!(
                            "line {at}: `aliases` names other spellings of a `subcommand`"
                        ))
                    };
                    subs.extend(names(Some(aliases)).into_iter().map(|alias| {
                        parent
                            .iter()
                            .cloned()
                            .chain([alias])
                            .collect::<Vec<_>>()
                            .join(" ")
                    }));
                }
                for (name, sub) in names(t.get("name"))
                    .into_iter()
                    .flat_map(|n| subs.iter().map(move |s| (n.clone(), s)))
                {
                    let name = if sub.is_empty() {
                        name
                    } else {
                        format!("{name} {sub}")
                    };
                    if !sub.is_empty() && roles.iter().any(|k| t.contains_key(*k)) {
                        role_subcommands.insert(name.clone());
                    }
                    if option_names.insert(name.clone(), table).is_some() {
                        fail(&format_args!(
                            "line {at}: a second `[[program]]` for `{name}`"
                        ));
                    }
                }
                continue;
            }
            let start = packer.code.len();
            let (program, examples, named) = pack_rule(t, &here, &mut packer);
            let idx = entries.len();
            entries.push(Entry {
                file: fi,
                line: at,
                start,
                program,
                examples,
            });
            // A rule with a subcommand goes to the group "program subcommand", loaded
            // only when that subcommand runs (git's rules are many).
            // A list of words (`{view,show}`) names one group per word. Any other glob token
            // (`describe-*`) names no one group: such a rule is filed with its program's (as
            // `src/policy/rule.rs` matches it).
            let subs: Vec<String> = match names(t.get("subcommand")).into_iter().next() {
                Some(s) => match brace_words(&s) {
                    Some(words) => words.into_iter().map(str::to_owned).collect(),
                    None if s.contains(['*', '?', '[', '{']) => Vec::new(),
                    None => vec![s],
                },
                None => Vec::new(),
            };
            let via = names(t.get("via"));
            let named = if t.contains_key("program") {
                named
            } else {
                vec![("*".to_owned(), 0)]
            };
            for (name, offset) in named {
                if name.is_empty() || name.contains(' ') {
                    fail(&format_args!(
                        "line {at}: a program name must be a word, not {name:?}"
                    ));
                }
                if name == "*" && (via.is_empty() || via == ["*"]) {
                    any_program_without_via = true;
                }
                if name == "*" || subs.is_empty() {
                    let offset = if name == "*" { 0 } else { offset };
                    groups.entry(name).or_default().push((idx, offset));
                    continue;
                }
                for sub in &subs {
                    let members = groups.entry(format!("{name} {sub}")).or_default();
                    // `{ls,ls}` names one group twice; the rule is in it once.
                    if members.last() != Some(&(idx, offset)) {
                        members.push((idx, offset));
                    }
                }
            }
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).to_path_buf();
    let write = |name: &str, bytes: &[u8]| {
        let file = dest.join(name);
        std::fs::write(&file, bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    };
    assert!(
        u32::try_from(packer.text.len()).is_ok() && u32::try_from(packer.code.len()).is_ok(),
        "the built-in policy has outgrown its offsets"
    );
    write("rule_text.txt", packer.text.as_bytes());
    write("rule_code.bin", &packer.code);
    let mut out = String::from(
        "/// The built-in policy files, in load order.\n\
         pub(crate) const FILE_NAMES: &[&str] = &[\n",
    );
    for f in FILES {
        let _ = writeln!(out, "    \"builtin/{f}\",");
    }
    out.push_str(
        "];\n\n/// Tags of the fields of a packed rule (see `build.rs`).\n\
         pub(crate) mod tag {\n",
    );
    for &(name, tag, kind) in FIELDS {
        let name = name.to_uppercase();
        let _ = writeln!(
            out,
            "    /// `{}`.\n    pub(crate) const {name}: u8 = {tag};",
            name.to_lowercase()
        );
        if kind == Kind::Names {
            let _ = writeln!(
                out,
                "    /// `{}` as a list.\n    pub(crate) const {name}_MANY: u8 = {};",
                name.to_lowercase(),
                tag + 1
            );
        }
    }
    let _ = write!(
        out,
        "    /// The end of a rule's fields.\n    pub(crate) const END: u8 = {END};\n\
         \x20   /// A `program` field naming no program.\n    pub(crate) const NONE: u8 = {NONE};\n\
         \x20   /// A `program` field holding one string.\n    pub(crate) const ONE: u8 = {ONE};\n\
         \x20   /// A `program` field holding a list.\n    pub(crate) const MANY: u8 = {MANY};\n}}\n\n\
         /// Every distinct string of the built-in rules, concatenated.\n\
         pub(crate) static RULE_TEXT: &str = include_str!(concat!(env!(\"OUT_DIR\"), \"/rule_text.txt\"));\n\n\
         /// The built-in rules, packed (see `build.rs`).\n\
         pub(crate) static RULE_CODE: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/rule_code.bin\"));\n\n\
         /// Each rule: file (in `FILE_NAMES`), source line, and the starts in `RULE_CODE` of its\n\
         /// fields, of its `program` field and of its examples.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static RULES: &[(u8, u32, u32, u32, u32)] = &[\n"
    );
    for e in &entries {
        let _ = writeln!(
            out,
            "    ({}, {}, {}, {}, {}),",
            e.file, e.line, e.start, e.program, e.examples
        );
    }
    let mut keys = String::new();
    let mut members = Vec::new();
    let mut table = String::new();
    for (key, list) in &groups {
        keys.push_str(key);
        for &(m, offset) in list {
            let m = u16::try_from(m).unwrap_or_else(|_| panic!("too many built-in rules"));
            let offset = u16::try_from(offset)
                .unwrap_or_else(|_| panic!("group `{key}`: a rule names too many programs"));
            members.push((m, offset));
        }
        let _ = writeln!(table, "    ({}, {}),", keys.len(), members.len());
    }
    let _ = write!(
        out,
        "];\n\n/// Group keys (program names, or `program subcommand`), sorted, concatenated.\n\
         pub(crate) static GROUP_KEYS: &str = {keys:?};\n\n\
         /// Each group: ends of its key and of its members.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static GROUPS: &[(u32, u32)] = &[\n{table}];\n\n\
         /// How many groups there are.\n\
         pub(crate) const GROUP_COUNT: usize = {count};\n\n\
         /// Group members: an index into `RULES`, and the offset in the rule's `program` field of\n\
         /// the string naming the group's program (0 in the group `*`).\n\
         pub(crate) static MEMBERS: &[(u16, u16)] = &{members:?};\n\n\
         /// Every rule of the group `*` (rules naming no program) names wrappers (`via`), so \
         it cannot match a unit that ran through none.\n\
         pub(crate) const ANY_PROGRAM_RULES_NEED_VIA: bool = {need_via};\n",
        count = groups.len(),
        need_via = !any_program_without_via
    );
    write("builtin_groups.rs", out.as_bytes());
    let mut out = String::new();
    let _ = write!(
        out,
        "/// The built-in option tables (`[[program]]`), packed: see `build.rs`.\n\
         pub(crate) static OPTION_TEXT: &str = {option_text:?};\n\n\
         /// Each table: ends (in `OPTION_TEXT`) of its short value letters, long-with-value,\n\
         /// long and single-dash-with-value names, short flag letters, single-dash flags, and\n\
         /// the options that write, run code and reach the network, and the single-dash words\n\
         /// whose values run up to `;` or `+`, optional short value letters, the options whose\n\
         /// value is a file written, a directory written into, a file read, or a configuration file, the options that rewrite\n\
         /// the operands in place, the positions of the operands written (decimal), the\n\
         /// options whose value is the next word unless it starts with `-`, the options\n\
         /// that take the next two words, and the long options whose value is optional and\n\
         /// attached (`--color=WHEN`), the options that print the credentials sent, the\n\
         /// options that end the options, and the short letters whose value is the next word\n\
         /// wherever they stand in a bundle (zstd's `-o`);\n\
         /// whether options are single-dash words; whether every long option not in `long`\n\
         /// takes a value; whether signal words are one option (`kill -KILL`); whether the\n\
         /// table names every option (closed); whether options end at the first operand; whether\n\
         /// a word the table does not name is an operand (echo, test); whether `--no-NAME`\n\
         /// negates a listed option (npm); whether a word `@FILE` is a response file of more\n\
         /// arguments (binutils, LLVM).\n\
         pub(crate) type OptionTable = (u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, u32, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool);\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static OPTION_TABLES: &[OptionTable] = &[\n"
    );
    for o in &options {
        let _ = writeln!(out, "    {o},");
    }
    out.push_str("];\n");
    option_index(&mut out, &option_names);
    let _ = write!(
        out,
        "\n/// Whether the program's own built-in table gives a word a role (`output`, `reads`,\n\
         /// …): a `match` on the names, so the many programs without one cost no table look-up.\n\
         pub(crate) fn has_roles(program: &str) -> bool {{\n    matches!(program, {})\n}}\n",
        if role_programs.is_empty() {
            "\"\" if false".to_owned()
        } else {
            role_programs
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(" | ")
        }
    );
    let _ = write!(
        out,
        "\n/// Whether a subcommand's built-in table (`7z a`, `openssl enc`) gives a word a role:\n\
         /// a `match` on the keys, so a unit whose words name none reads no table for it.\n\
         pub(crate) fn subcommand_has_roles(key: &str) -> bool {{\n    matches!(key, {})\n}}\n",
        if role_subcommands.is_empty() {
            "\"\" if false".to_owned()
        } else {
            role_subcommands
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(" | ")
        }
    );
    write("builtin_options.rs", out.as_bytes());
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/programs/name_hash.rs");
    println!("cargo::rerun-if-changed=src/policy/brace_words.rs");
}

/// The strings of a list field, or a panic naming the field.
fn strings<'t>(v: &'t toml::Value, at: &str, key: &str) -> Vec<&'t str> {
    v.as_array()
        .and_then(|a| a.iter().map(toml::Value::as_str).collect())
        .unwrap_or_else(|| panic!("{at}: `{key}` must be a list of strings"))
}

/// A table field whose keys are among `keys`, each a list of strings: the lists, in the order
/// of `keys` (empty when absent).
fn lists<'t>(v: &'t toml::Value, at: &str, key: &str, keys: &[&str]) -> Vec<Vec<&'t str>> {
    let t = v
        .as_table()
        .unwrap_or_else(|| panic!("{at}: `{key}` must be a table"));
    let unknown = t.keys().find(|k| !keys.contains(&k.as_str()));
    assert!(
        unknown.is_none(),
        "{at}: unknown field `{}` in `{key}`, expected one of {keys:?}",
        unknown.map_or("", String::as_str)
    );
    keys.iter()
        .map(|k| {
            t.get(*k)
                .map(|v| strings(v, at, &format!("{key}.{k}")))
                .unwrap_or_default()
        })
        .collect()
}

/// Check a `[[rule]]` table (`at` names its file and line) against the schema of
/// `src/policy/spec.rs` and append it to the packed rules: the offsets of its `program` field
/// and of its examples, and each program it names with the offset of the string naming it
/// from the start of its `program` field.
fn pack_rule(t: &toml::Table, at: &str, p: &mut Packer) -> (usize, usize, Vec<(String, usize)>) {
    for k in t.keys() {
        let known = k == "program" || k == "examples" || FIELDS.iter().any(|f| f.0 == k);
        assert!(known, "{at}: unknown field `{k}` in a `[[rule]]` table");
    }
    for required in ["id", "decision"] {
        assert!(t.contains_key(required), "{at}: a rule needs `{required}`");
    }
    for &(key, tag, kind) in FIELDS {
        let Some(v) = t.get(key) else { continue };
        let wrong = || -> ! { panic!("{at}: `{key}` has the wrong type") };
        match kind {
            Kind::Str => {
                p.code.push(tag);
                p.str(v.as_str().unwrap_or_else(|| wrong()));
            }
            Kind::Names => {
                if let Some(s) = v.as_str() {
                    p.code.push(tag);
                    p.str(s);
                } else {
                    p.code.push(tag + 1);
                    p.list(&strings(v, at, key));
                }
            }
            Kind::Bool => {
                p.code.push(tag);
                p.code
                    .push(u8::from(v.as_bool().unwrap_or_else(|| wrong())));
            }
            Kind::Count => {
                let n = v
                    .as_integer()
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or_else(|| panic!("{at}: `{key}` must be a count"));
                p.code.push(tag);
                p.uint(n as usize);
            }
            Kind::List => {
                p.code.push(tag);
                p.list(&strings(v, at, key));
            }
            Kind::Cond => {
                p.code.push(tag);
                for list in lists(v, at, key, &["any", "all", "none"]) {
                    p.list(&list);
                }
            }
            Kind::OptionValues => {
                let t = v.as_table().unwrap_or_else(|| wrong());
                p.code.push(tag);
                p.uint(t.len());
                for (name, values) in t {
                    p.str(name);
                    p.list(&strings(values, at, &format!("{key}.{name}")));
                }
            }
        }
    }
    p.code.push(END);
    let program = p.code.len();
    let mut named = Vec::new();
    match t.get("program") {
        None => p.code.push(NONE),
        Some(toml::Value::String(s)) => {
            p.code.push(ONE);
            named.push((s.clone(), p.code.len() - program));
            p.str(s);
        }
        Some(v) => {
            let list = strings(v, at, "program");
            p.code.push(MANY);
            p.uint(list.len());
            for s in list {
                named.push((s.to_owned(), p.code.len() - program));
                p.str(s);
            }
        }
    }
    let examples = p.code.len();
    let (hit, miss) = match t.get("examples") {
        None => (Vec::new(), Vec::new()),
        Some(v) => {
            let mut l = lists(v, at, "examples", &["hit", "miss"]).into_iter();
            (l.next().unwrap_or_default(), l.next().unwrap_or_default())
        }
    };
    p.list(&hit);
    p.list(&miss);
    (program, examples, named)
}

/// A `[[program]]` table, appended to the packed option text `text` (short value letters, then
/// the long-with-value, long and single-dash-with-value names, each ended by a newline): the
/// four section ends and the single-dash flag. `at` names its file and line. Checks what
/// `deny_unknown_fields` checks for a person's table: known keys, each of its type.
fn option_table(t: &toml::Table, at: &dyn std::fmt::Display, text: &mut String) -> String {
    assert!(
        t.contains_key("name"),
        "{at}: a `[[program]]` table needs a `name`"
    );
    for (k, v) in t {
        let ok = match k.as_str() {
            "name" | "subcommand" | "aliases" => {
                v.is_str()
                    || v.as_array()
                        .is_some_and(|a| a.iter().all(toml::Value::is_str))
            }
            "short_value" | "short" | "short_optional" | "short_next" => v.is_str(),
            "single_dash_long" | "long_values" | "signal_words" | "closed" | "options_first"
            | "unlisted_operands" | "negatable" | "response_files" | "numeric_operands"
            | "equals_values" | "separate_globals" | "first_word_bundle" => v.is_bool(),
            "output_operands" => v.as_array().is_some_and(|a| {
                a.iter()
                    .all(|n| n.as_integer().is_some_and(|n| n.unsigned_abs() < 1000))
            }),
            "long" | "long_value" | "single_value" | "single" | "single_until" | "writes"
            | "runs" | "network" | "output" | "output_dir" | "reads" | "config" | "in_place"
            | "optional_next" | "two_values" | "long_optional" | "discloses" | "ends_options" => v
                .as_array()
                .is_some_and(|a| a.iter().all(toml::Value::is_str)),
            _ => panic!("{at}: unknown field `{k}` in a `[[program]]` table"),
        };
        assert!(ok, "{at}: `{k}` has the wrong type");
    }
    let end = |text: &mut String, key: &str| -> usize {
        for v in t
            .get(key)
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = v.as_str().unwrap_or_default();
            assert!(
                !name.is_empty() && !name.contains('\n'),
                "{at}: `{key}` holds {name:?}"
            );
            text.push_str(name);
            text.push('\n');
        }
        text.len()
    };
    text.push_str(
        t.get("short_value")
            .and_then(toml::Value::as_str)
            .unwrap_or_default(),
    );
    let short = text.len();
    let long_value = end(text, "long_value");
    let long = end(text, "long");
    let single_value = end(text, "single_value");
    text.push_str(
        t.get("short")
            .and_then(toml::Value::as_str)
            .unwrap_or_default(),
    );
    let short_flags = text.len();
    let single_flags = end(text, "single");
    let writes = end(text, "writes");
    let runs = end(text, "runs");
    let network = end(text, "network");
    let single_until = end(text, "single_until");
    text.push_str(
        t.get("short_optional")
            .and_then(toml::Value::as_str)
            .unwrap_or_default(),
    );
    let short_optional = text.len();
    let output = end(text, "output");
    let output_dir = end(text, "output_dir");
    let reads = end(text, "reads");
    let config = end(text, "config");
    let in_place = end(text, "in_place");
    for n in t
        .get("output_operands")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
    {
        let _ = writeln!(text, "{}", n.as_integer().unwrap_or_default());
    }
    let output_operands = text.len();
    let optional_next = end(text, "optional_next");
    let two_values = end(text, "two_values");
    let long_optional = end(text, "long_optional");
    let discloses = end(text, "discloses");
    let ends_options = end(text, "ends_options");
    text.push_str(
        t.get("short_next")
            .and_then(toml::Value::as_str)
            .unwrap_or_default(),
    );
    let short_next = text.len();
    let listed = |key: &str| -> Vec<&str> {
        t.get(key)
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(toml::Value::as_str)
            .collect()
    };
    for name in listed("long_optional") {
        assert!(
            name.starts_with("--") && listed("long").contains(&name),
            "{at}: `long_optional` holds {name:?}, which is no long option of `long`"
        );
    }
    let single = t
        .get("single_dash_long")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let long_values = t
        .get("long_values")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let signal_words = t
        .get("signal_words")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let closed = t
        .get("closed")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let options_first = t
        .get("options_first")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let unlisted_operands = t
        .get("unlisted_operands")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let negatable = t
        .get("negatable")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let response_files = t
        .get("response_files")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let numeric_operands = t
        .get("numeric_operands")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let equals_values = t
        .get("equals_values")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let separate_globals = t
        .get("separate_globals")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let first_word_bundle = t
        .get("first_word_bundle")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    format!(
        "({short}, {long_value}, {long}, {single_value}, {short_flags}, {single_flags}, {writes}, {runs}, {network}, {single_until}, {short_optional}, {output}, {output_dir}, {reads}, {config}, {in_place}, {output_operands}, {optional_next}, {two_values}, {long_optional}, {discloses}, {ends_options}, {short_next}, {single}, {long_values}, {signal_words}, {closed}, {options_first}, {unlisted_operands}, {negatable}, {response_files}, {numeric_operands}, {equals_values}, {separate_globals}, {first_word_bundle})"
    )
}

/// The lines of the `[[rule]]` and `[[program]]` headers, by name.
fn headers(text: &str) -> BTreeMap<&str, Vec<usize>> {
    let mut out: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, l) in text.lines().enumerate() {
        if let Some(name) = l
            .trim()
            .strip_prefix("[[")
            .and_then(|s| s.split_once("]]"))
            .map(|(name, _)| name.trim())
        {
            out.entry(name).or_default().push(i + 1);
        }
    }
    out
}

fn names(v: Option<&toml::Value>) -> Vec<String> {
    match v {
        Some(toml::Value::String(s)) => vec![s.clone()],
        Some(toml::Value::Array(a)) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_owned))
            .collect(),
        _ => vec!["*".to_owned()],
    }
}

include!("src/programs/name_hash.rs");
include!("src/policy/brace_words.rs");

/// The hash index of the option tables (`OPTION_KEYS`, `OPTION_KEY_TEXT`, `OPTION_SLOTS`): every
/// name with a table, and every program with subcommand tables (`gh` for `gh pr list`), found
/// by [`name_hash`] and linear probing in a table at most half full.
fn option_index(out: &mut String, option_names: &BTreeMap<String, usize>) {
    // Each key: its table (or none) and whether a subcommand of it has one.
    let mut keys: BTreeMap<&str, (Option<usize>, bool)> = BTreeMap::new();
    for (name, &table) in option_names {
        keys.entry(name.as_str()).or_insert((None, false)).0 = Some(table);
        let mut rest = name.as_str();
        while let Some((program, _)) = rest.rsplit_once(' ') {
            keys.entry(program).or_insert((None, false)).1 = true;
            rest = program;
        }
    }
    let slots = (keys.len() * 2).next_power_of_two();
    let mut slot_of = vec![0u16; slots];
    let mut text = String::new();
    let mut entries = String::new();
    for (k, (key, (table, sub))) in keys.iter().enumerate() {
        text.push_str(key);
        let table = table.map_or(u16::MAX, |t| {
            u16::try_from(t).unwrap_or_else(|_| panic!("too many option tables"))
        });
        let _ = writeln!(entries, "    ({}, {table}, {sub}),", text.len());
        let mut at = name_hash(key.as_bytes()) as usize & (slots - 1);
        while slot_of[at] != 0 {
            at = (at + 1) & (slots - 1);
        }
        slot_of[at] = u16::try_from(k + 1).unwrap_or_else(|_| panic!("too many option keys"));
    }
    let _ = write!(
        out,
        "\n/// Each key of the hash index (a name with a table, or a program with subcommand\n\
         /// tables): end of its name in `OPTION_KEY_TEXT`, its table (`u16::MAX`: none), whether\n\
         /// some subcommand of it has a table.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static OPTION_KEYS: &[(u32, u16, bool)] = &[\n{entries}];\n\n\
         /// The keys of the hash index, concatenated.\n\
         pub(crate) static OPTION_KEY_TEXT: &str = {text:?};\n\n\
         /// The hash index: a key's slot is its `name_hash` modulo the length, or the next free\n\
         /// one; each holds 1 + the key's place in `OPTION_KEYS`, 0 when free.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static OPTION_SLOTS: [u16; {slots}] = {slot_of:?};\n"
    );
}
