//! Build script: split the built-in policy by program, so a process loads only the rules of
//! the programs a command actually runs (start-up stays cheap however large the catalogue grows).
//!
//! Reads `src/policy/builtin/*.toml` (the same files the eager loader includes) and writes
//! `$OUT_DIR/builtin_groups.rs`: a sorted table of (program name, TOML text of the rules and
//! option tables that name that program). A rule naming several programs is copied into each
//! group, and a rule with a subcommand goes into the group `program subcommand` (loaded only when
//! that subcommand runs). Rules without a program go into the `*` group.

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

fn main() {
    let dir = Path::new("src/policy/builtin");
    let mut groups: BTreeMap<String, (Vec<toml::Value>, Vec<toml::Value>)> = BTreeMap::new();
    for f in FILES {
        let path = dir.join(f);
        println!("cargo::rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (key, value) in table {
            let list = value.as_array().cloned().unwrap_or_default();
            match key.as_str() {
                "rule" => {
                    for rule in list {
                        // A rule with a subcommand goes to the group "program subcommand", loaded
                        // only when that subcommand runs (git's rules are many).
                        let sub = names(rule.get("subcommand"))
                            .into_iter()
                            .next()
                            .filter(|s| s != "*");
                        for name in names(rule.get("program")) {
                            let key = match &sub {
                                Some(sub) if name != "*" => format!("{name} {sub}"),
                                _ => name.clone(),
                            };
                            // The copy names only this program, and drops its examples
                            // (checked by the test suite on the eager policy): smaller groups
                            // parse faster.
                            let mut copy = rule.clone();
                            if let Some(t) = copy.as_table_mut() {
                                t.remove("examples");
                                if name != "*" {
                                    t.insert("program".into(), toml::Value::String(name.clone()));
                                }
                            }
                            groups.entry(key).or_default().0.push(copy);
                        }
                    }
                }
                "program" => {
                    for prog in list {
                        for name in names(prog.get("name")) {
                            groups.entry(name).or_default().1.push(prog.clone());
                        }
                    }
                }
                other => panic!(
                    "{}: the built-in policy may only hold [[rule]] and [[program]], not `{other}`",
                    path.display()
                ),
            }
        }
    }
    let mut out = String::from(
        "/// Built-in rules by program: (name, TOML), sorted by name.\npub(crate) static BUILTIN_GROUPS: &[(&str, &str)] = &[\n",
    );
    for (name, (rules, programs)) in &groups {
        let mut t = toml::Table::new();
        if !rules.is_empty() {
            t.insert("rule".into(), toml::Value::Array(rules.clone()));
        }
        if !programs.is_empty() {
            t.insert("program".into(), toml::Value::Array(programs.clone()));
        }
        let text = toml::to_string(&t).unwrap_or_else(|e| panic!("{name}: {e}"));
        let _ = writeln!(out, "    ({name:?}, {text:?}),");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()))
        .join("builtin_groups.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    println!("cargo::rerun-if-changed=build.rs");
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
