//! Build script: embed the built-in policy once, compactly, and index it by program, so a
//! process loads only the rules of the programs a command actually runs (start-up stays cheap
//! however large the catalogue grows).
//!
//! Reads `src/policy/builtin/*.toml` and writes `$OUT_DIR/builtin_groups.rs`:
//!
//! - `FILES`: each file as JSON lines, one object per `[[rule]]` and `[[program]]` table in
//!   the order of the file, without comments; in a rule, `program` is the last field but for
//!   `examples`. JSON because `serde_json` reads it several times faster than the `toml` crate
//!   reads TOML (compiling `git`'s group is on the start-up path of every `git` command), and
//!   it is checked here to hold exactly the tables of the source files.
//! - `ENTRIES`: each object's file, kind, source line (for error messages and listings) and
//!   where it lies in its file's text: start, start of its `program` field (its end when it has
//!   none) and end without its examples.
//! - `GROUP_KEYS`/`GROUP_PROGRAMS`/`GROUPS`/`MEMBERS`: a sorted table of groups (program name,
//!   the entries that name that program). A rule naming several programs is in each of their
//!   groups, and its copy names only that program (the `program` line of the group replaces the
//!   rule's own); a rule with a subcommand goes into the group `program subcommand` (loaded only
//!   when that subcommand runs). Rules without a program go into the `*` group.
//! - `OPTION_TABLES`/`OPTION_NAMES`: the `[[program]]` tables as `OptionSpec` literals, and
//!   a sorted index by program name: the option knowledge of `ls` costs a binary search, not a
//!   JSON parse and sixty allocations, on the start-up path of every command.
//!
//! Every piece is an offset into a few large strings: no table of string slices, which would
//! cost a relocation per string at start-up.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

const FILES: &[&str] = &[
    "programs.toml",
    "read-only.toml",
    "ask.toml",
    "dangerous.toml",
    "deny.toml",
];

/// One rule or option table in a regenerated file: whether it is a rule, its line in the
/// source file, and byte offsets of its `{`, of its `,"program":` field (the end of the body
/// when it has none) and of the end of its body without examples (before `,"examples":` or
/// the closing `}`).
struct Entry {
    file: usize,
    rule: bool,
    line: usize,
    start: usize,
    program: usize,
    end: usize,
}

fn main() {
    pack_relocations();
    let dir = Path::new("src/policy/builtin");
    let mut entries: Vec<Entry> = Vec::new();
    let mut files: Vec<(String, String)> = Vec::new();
    // Group key → (the `,"program":…` field its rules get, or "" to keep their own; entries).
    let mut groups: BTreeMap<String, (String, Vec<usize>)> = BTreeMap::new();
    // A rule that names no program and no wrapper (`via`) applies to every unit.
    let mut any_program_without_via = false;
    let mut options: Vec<String> = Vec::new();
    let mut option_text = String::new();
    let mut option_names: BTreeMap<String, usize> = BTreeMap::new();
    for (fi, f) in FILES.iter().enumerate() {
        let path = dir.join(f);
        println!("cargo::rerun-if-changed={}", path.display());
        let fail = |msg: &dyn std::fmt::Display| -> ! { panic!("{}: {msg}", path.display()) };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&e));
        let table: toml::Table = text.parse().unwrap_or_else(|e| fail(&e));
        let headers = headers(&text);
        let mut out = String::new();
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
            let start = out.len();
            out.push('{');
            for (k, v) in t {
                if k != "program" && k != "examples" {
                    if out.len() > start + 1 {
                        out.push(',');
                    }
                    push_field(&mut out, k, v, &path);
                }
            }
            if out.len() == start + 1 {
                fail(&format_args!(
                    "line {at}: a table needs a field besides `program`"
                ));
            }
            let program = out.len();
            if key == "rule"
                && let Some(v) = t.get("program")
            {
                out.push(',');
                push_field(&mut out, "program", v, &path);
            }
            let end = out.len();
            if let Some(v) = t.get("examples") {
                out.push(',');
                push_field(&mut out, "examples", v, &path);
            }
            out.push('}');
            // The object must hold exactly the source's table.
            let again: serde_json::Value = serde_json::from_str(&out[start..])
                .unwrap_or_else(|e| fail(&format_args!("line {at}: regenerated JSON: {e}")));
            if again != json(&toml::Value::Table(t.clone()), &path) {
                fail(&format_args!(
                    "line {at}: regenerated JSON differs from the source"
                ));
            }
            out.push('\n');
            let program = if key == "rule" { program } else { end };
            let idx = entries.len();
            entries.push(Entry {
                file: fi,
                rule: key == "rule",
                line: at,
                start,
                program,
                end,
            });
            if key == "rule" {
                // A rule with a subcommand goes to the group "program subcommand", loaded
                // only when that subcommand runs (git's rules are many).
                let sub = names(t.get("subcommand"))
                    .into_iter()
                    .next()
                    // A glob token (`describe-*`, `{list,show}`) names no one group: such a
                    // rule is filed with its program's (as `src/policy/rule.rs` matches it).
                    .filter(|s| !s.contains(['*', '?', '[', '{']));
                let via = names(t.get("via"));
                for name in names(t.get("program")) {
                    if name == "*" && (via.is_empty() || via == ["*"]) {
                        any_program_without_via = true;
                    }
                    let key = match &sub {
                        Some(sub) if name != "*" => format!("{name} {sub}"),
                        _ => name.clone(),
                    };
                    let field = if name == "*" {
                        String::new()
                    } else {
                        format!(",\"program\":{}", serde_json::Value::String(name.clone()))
                    };
                    groups.entry(key).or_insert((field, Vec::new())).1.push(idx);
                }
            } else {
                let table = options.len();
                options.push(option_table(
                    t,
                    &format_args!("{}:{at}", path.display()),
                    &mut option_text,
                ));
                for name in names(t.get("name")) {
                    if option_names.insert(name.clone(), table).is_some() {
                        fail(&format_args!(
                            "line {at}: a second `[[program]]` for `{name}`"
                        ));
                    }
                }
            }
        }
        files.push((format!("builtin/{f}"), out));
    }
    // Each lazy group's objects must parse too, and name only its program.
    for (key, (field, members)) in &groups {
        for &m in members {
            let e = &entries[m];
            let file = &files[e.file].1;
            let text = if field.is_empty() || e.program == e.end {
                format!("{}}}", &file[e.start..e.end])
            } else {
                format!("{}{field}}}", &file[e.start..e.program])
            };
            let v: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("built-in group `{key}` does not parse: {e}\n{text}"));
            // A rule in a program's group names that program alone.
            let program = key.split(' ').next().unwrap_or_default();
            if e.rule
                && program != "*"
                && v.get("program").and_then(|p| p.as_str()) != Some(program)
            {
                panic!("built-in group `{key}`: a rule names other programs\n{text}");
            }
        }
    }
    let mut out = String::from(
        "/// The built-in policy files, regenerated compactly by `build.rs`: (name, text), in load order.\n\
         pub(crate) const FILES: &[(&str, &str)] = &[\n",
    );
    for (name, text) in &files {
        let _ = writeln!(out, "    ({name:?}, {text:?}),");
    }
    out.push_str(
        "];\n\n/// Each rule and option table: (file, is a rule, source line, start, start of its\n\
         /// `program` field, end without examples).\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static ENTRIES: &[(u8, bool, u32, u32, u32, u32)] = &[\n",
    );
    for e in &entries {
        let _ = writeln!(
            out,
            "    ({}, {}, {}, {}, {}, {}),",
            e.file, e.rule, e.line, e.start, e.program, e.end
        );
    }
    let mut keys = String::new();
    let mut programs = String::new();
    let mut members = Vec::new();
    let mut table = String::new();
    for (key, (line, list)) in &groups {
        keys.push_str(key);
        programs.push_str(line);
        members.extend(
            list.iter()
                .map(|&m| u16::try_from(m).unwrap_or_else(|_| panic!("too many built-in rules"))),
        );
        let _ = writeln!(
            table,
            "    ({}, {}, {}),",
            keys.len(),
            programs.len(),
            members.len()
        );
    }
    let _ = write!(
        out,
        "];\n\n/// Group keys (program names, or `program subcommand`), sorted, concatenated.\n\
         pub(crate) static GROUP_KEYS: &str = {keys:?};\n\n\
         /// The `program=…` line that replaces a rule's own in each group (empty: keep it).\n\
         pub(crate) static GROUP_PROGRAMS: &str = {programs:?};\n\n\
         /// Each group: ends of its key, of its `program` line and of its members.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static GROUPS: &[(u32, u32, u32)] = &[\n{table}];\n\n\
         /// How many groups there are.\n\
         pub(crate) const GROUP_COUNT: usize = {count};\n\n\
         /// Group members: indices into `ENTRIES`.\n\
         pub(crate) static MEMBERS: &[u16] = &{members:?};\n\n\
         /// Every rule of the group `*` (rules naming no program) names wrappers (`via`), so \
         it cannot match a unit that ran through none.\n\
         pub(crate) const ANY_PROGRAM_RULES_NEED_VIA: bool = {need_via};\n",
        count = groups.len(),
        need_via = !any_program_without_via
    );
    let _ = write!(
        out,
        "\n/// The built-in option tables (`[[program]]`), packed: see `build.rs`.\n\
         pub(crate) static OPTION_TEXT: &str = {option_text:?};\n\n\
         /// Each table: ends (in `OPTION_TEXT`) of its short value letters, long-with-value,\n\
         /// long and single-dash-with-value names; whether options are single-dash words;\n\
         /// whether every long option not in `long` takes a value.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static OPTION_TABLES: &[(u32, u32, u32, u32, bool, bool)] = &[\n"
    );
    for o in &options {
        let _ = writeln!(out, "    {o},");
    }
    let mut name_text = String::new();
    out.push_str(
        "];\n\n/// Each program with a table: end of its name in `OPTION_NAME_TEXT`, its table.\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static OPTION_NAMES: &[(u32, u16)] = &[\n",
    );
    for (name, i) in &option_names {
        name_text.push_str(name);
        let _ = writeln!(out, "    ({}, {i}),", name_text.len());
    }
    let _ = writeln!(
        out,
        "];\n\n/// The names of programs with a table, sorted, concatenated.\n\
         pub(crate) static OPTION_NAME_TEXT: &str = {name_text:?};"
    );
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()))
        .join("builtin_groups.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    println!("cargo::rerun-if-changed=build.rs");
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
            "name" => {
                v.is_str()
                    || v.as_array()
                        .is_some_and(|a| a.iter().all(toml::Value::is_str))
            }
            "short_value" => v.is_str(),
            "single_dash_long" | "long_values" => v.is_bool(),
            "long" | "long_value" | "single_value" => v
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
    let single = t
        .get("single_dash_long")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    let long_values = t
        .get("long_values")
        .and_then(toml::Value::as_bool)
        .unwrap_or_default();
    format!("({short}, {long_value}, {long}, {single_value}, {single}, {long_values})")
}

/// `"key":value`, compact.
fn push_field(out: &mut String, key: &str, value: &toml::Value, path: &Path) {
    let _ = write!(
        out,
        "{}:{}",
        serde_json::Value::String(key.to_owned()),
        json(value, path)
    );
}

/// A TOML value as JSON (the built-in policy holds no dates).
fn json(value: &toml::Value, path: &Path) -> serde_json::Value {
    match value {
        toml::Value::String(s) => serde_json::Value::String(s.clone()),
        toml::Value::Integer(i) => serde_json::Value::from(*i),
        toml::Value::Float(f) => serde_json::Value::from(*f),
        toml::Value::Boolean(b) => serde_json::Value::Bool(*b),
        toml::Value::Array(a) => a.iter().map(|v| json(v, path)).collect(),
        toml::Value::Table(t) => {
            serde_json::Value::Object(t.iter().map(|(k, v)| (k.clone(), json(v, path))).collect())
        }
        toml::Value::Datetime(d) => {
            panic!("{}: a date ({d}) has no place in a policy", path.display())
        }
    }
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

/// Link the binary with packed relative relocations (`DT_RELR`) when building for this very
/// machine and its glibc is 2.36 or later (older ones cannot load such a binary): the
/// binary's 9,300 pointer fix-ups (mostly regex-syntax's Unicode tables) shrink from 220 KB to
/// a few KB, and so do the pages a hook process maps (about 0.25 MiB of RSS). The loader does
/// about the same work either way. `SHCLASS_PORTABLE=1` turns this off, for a binary meant
/// for machines with an older glibc.
fn pack_relocations() {
    println!("cargo::rerun-if-env-changed=SHCLASS_PORTABLE");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if !var("SHCLASS_PORTABLE").is_empty()
        || var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || var("HOST") != var("TARGET")
    {
        return;
    }
    let Ok(out) = std::process::Command::new("getconf")
        .arg("GNU_LIBC_VERSION")
        .output()
    else {
        return;
    };
    // "glibc 2.36"
    let text = String::from_utf8_lossy(&out.stdout);
    let mut version = text
        .trim()
        .strip_prefix("glibc ")
        .unwrap_or_default()
        .split('.')
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let (major, minor) = (version.next().unwrap_or(0), version.next().unwrap_or(0));
    if (major, minor) >= (2, 36) {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
