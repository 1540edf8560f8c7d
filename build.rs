//! Build script: embed the built-in policy once, compactly, and index it by program, so a
//! process loads only the rules of the programs a command actually runs (start-up stays cheap
//! however large the catalogue grows).
//!
//! Reads `src/policy/builtin/*.toml` and writes `$OUT_DIR/builtin_groups.rs`:
//!
//! - `FILES`: each file regenerated without comments, one `key=value` line per field (inline
//!   tables and arrays), the `program` field last but for `examples`. Each `[[rule]]` and
//!   `[[program]]` header stays on its original line (blank lines pad the gaps), so line numbers
//!   in errors still point into the source file. The eager loader (`Policy::builtin_eager`)
//!   parses these texts; they hold exactly the tables of the source files (checked here).
//! - `ENTRIES`: where each rule and option table lies in its file's text, without its examples.
//! - `GROUP_KEYS`/`GROUP_PROGRAMS`/`GROUPS`/`MEMBERS`: a sorted table of groups (program name,
//!   the entries that name that program). A rule naming several programs is in each of their
//!   groups, and its copy names only that program (the `program` line of the group replaces the
//!   rule's own); a rule with a subcommand goes into the group `program subcommand` (loaded only
//!   when that subcommand runs). Rules without a program go into the `*` group.
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

/// One rule or option table in a regenerated file: byte offsets of its header, of its
/// `program` line (the end of the body when it has none) and of the end of its body (without
/// examples).
struct Entry {
    file: usize,
    start: usize,
    program: usize,
    end: usize,
}

fn main() {
    let dir = Path::new("src/policy/builtin");
    let mut entries: Vec<Entry> = Vec::new();
    let mut files: Vec<(String, String)> = Vec::new();
    // Group key → (the `program=…` line its rules get, or "" to keep their own; entries).
    let mut groups: BTreeMap<String, (String, Vec<usize>)> = BTreeMap::new();
    for (fi, f) in FILES.iter().enumerate() {
        let path = dir.join(f);
        println!("cargo::rerun-if-changed={}", path.display());
        let fail = |msg: &dyn std::fmt::Display| -> ! { panic!("{}: {msg}", path.display()) };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&e));
        let table: toml::Table = text.parse().unwrap_or_else(|e| fail(&e));
        let headers = headers(&text);
        let mut out = String::new();
        let mut line = 1;
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
            // Keep the header on its original line.
            while line < at {
                out.push('\n');
                line += 1;
            }
            let start = out.len();
            out.push_str(&format!("[[{key}]]\n"));
            for (k, v) in t {
                if k != "program" && k != "examples" {
                    push_field(&mut out, k, v, &path);
                }
            }
            let program = out.len();
            if key == "rule"
                && let Some(v) = t.get("program")
            {
                push_field(&mut out, "program", v, &path);
            }
            let end = out.len();
            if let Some(v) = t.get("examples") {
                push_field(&mut out, "examples", v, &path);
            }
            line += out[start..].matches('\n').count();
            let program = if key == "rule" { program } else { end };
            let idx = entries.len();
            entries.push(Entry {
                file: fi,
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
                    .filter(|s| s != "*");
                for name in names(t.get("program")) {
                    let key = match &sub {
                        Some(sub) if name != "*" => format!("{name} {sub}"),
                        _ => name.clone(),
                    };
                    let line = if name == "*" {
                        String::new()
                    } else {
                        format!("program={}\n", toml::Value::String(name.clone()))
                    };
                    groups.entry(key).or_insert((line, Vec::new())).1.push(idx);
                }
            } else {
                for name in names(t.get("name")) {
                    let line = format!("program={}\n", toml::Value::String(name.clone()));
                    groups.entry(name).or_insert((line, Vec::new())).1.push(idx);
                }
            }
        }
        // The regenerated text must hold exactly what the source does.
        let again: toml::Table = out
            .parse()
            .unwrap_or_else(|e| fail(&format_args!("regenerated text does not parse: {e}")));
        if again != table {
            fail(&"regenerated text differs from the source");
        }
        files.push((format!("builtin/{f}"), out));
    }
    // Each lazy group's text must parse too, and name only its program.
    for (key, (line, members)) in &groups {
        let mut text = String::new();
        for &m in members {
            let e = &entries[m];
            let file = &files[e.file].1;
            if line.is_empty() || e.program == e.end {
                text.push_str(&file[e.start..e.end]);
            } else {
                text.push_str(&file[e.start..e.program]);
                text.push_str(line);
            }
        }
        if let Err(e) = text.parse::<toml::Table>() {
            panic!("built-in group `{key}` does not parse: {e}\n{text}");
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
        "];\n\n/// Each rule and option table: (file, start, start of its `program` line, end without examples).\n\
         #[allow(clippy::unreadable_literal)]\n\
         pub(crate) static ENTRIES: &[(u8, u32, u32, u32)] = &[\n",
    );
    for e in &entries {
        let _ = writeln!(
            out,
            "    ({}, {}, {}, {}),",
            e.file, e.start, e.program, e.end
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
         pub(crate) static MEMBERS: &[u16] = &{members:?};\n",
        count = groups.len()
    );
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()))
        .join("builtin_groups.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    println!("cargo::rerun-if-changed=build.rs");
}

/// `key=value` on one line, tables and arrays inline, without optional spaces.
fn push_field(out: &mut String, key: &str, value: &toml::Value, path: &Path) {
    push_key(out, key, path);
    out.push('=');
    push_value(out, value, path);
    out.push('\n');
}

fn push_key(out: &mut String, key: &str, path: &Path) {
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        panic!("{}: field `{key}`: not a bare key", path.display());
    }
    out.push_str(key);
}

fn push_value(out: &mut String, value: &toml::Value, path: &Path) {
    match value {
        toml::Value::Array(a) => {
            out.push('[');
            for (i, v) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_value(out, v, path);
            }
            out.push(']');
        }
        toml::Value::Table(t) => {
            out.push('{');
            for (i, (k, v)) in t.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_key(out, k, path);
                out.push('=');
                push_value(out, v, path);
            }
            out.push('}');
        }
        // Strings, numbers, booleans, dates: as the `toml` crate writes them.
        other => {
            let _ = write!(out, "{other}");
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
