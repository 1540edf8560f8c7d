//! The built-in policy loads, and every rule's hit/miss examples hold (they are checked here
//! rather than at every start-up, since the built-in policy is compiled into the binary).

use shclass::dev::{self, BUILTIN_FILES};
use shclass::{Policy, Source};

#[test]
fn builtin_policy_examples_hold() {
    let p =
        Policy::builtin_eager().unwrap_or_else(|e| panic!("built-in policy does not load: {e}"));
    let text = dev::example_failures(&p);
    assert!(
        text.is_empty(),
        "built-in examples fail:\n{}",
        text.join("\n")
    );
}

#[test]
fn builtin_rule_ids_are_unique_and_kebab_case() {
    let p = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
    let mut seen = std::collections::BTreeSet::new();
    for (id, has_reason, has_hit, _) in dev::rules(&p) {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "rule id {id} is not kebab-case"
        );
        assert!(has_reason, "rule {id} has no reason");
        assert!(has_hit, "rule {id} has no hit example");
        assert!(seen.insert(id.clone()), "duplicate rule id {id}");
    }
}

#[test]
fn lazy_groups_hold_exactly_the_eager_rules() {
    let eager = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
    let lazy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let mut from_groups = std::collections::BTreeSet::new();
    for (name, ids) in dev::builtin_group_rule_ids(&lazy) {
        let ids = ids.unwrap_or_else(|e| panic!("group {name} failed to load: {e}"));
        from_groups.extend(ids);
    }
    let all: std::collections::BTreeSet<String> =
        dev::rules(&eager).into_iter().map(|r| r.0).collect();
    assert_eq!(from_groups, all);
}

#[test]
fn lazy_and_eager_decide_alike() {
    let eager = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
    let lazy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let text = include_str!("data/tldr-commands.txt");
    // Rules that name no program (the `*` group) must apply lazily too.
    let runners = ["uv run ls", "npx prettier --check .", "tmux new -d 'ls'"];
    for cmd in text.lines().step_by(7).chain(runners) {
        let (a, b) = (eager.classify(cmd), lazy.classify(cmd));
        assert_eq!(a.decision, b.decision, "{cmd}");
        assert_eq!(a.risk, b.risk, "{cmd}");
    }
}

#[test]
fn regenerated_files_compile_to_the_source_rules() {
    // `build.rs` embeds the rules of the built-in files packed; they must compile to the same
    // rules (fields, examples, order and lines) as the sources.
    let sources: Vec<(&str, String)> = BUILTIN_FILES
        .iter()
        .map(|name| {
            let path = format!("{}/src/policy/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (*name, text)
        })
        .collect();
    assert!(sources.len() >= 8, "the built-in files: {BUILTIN_FILES:?}");
    let mut from_sources = Policy::empty();
    for (name, text) in &sources {
        from_sources
            .add_text(text, name, &Source::Builtin, false)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let eager = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
    let (eager, from_sources) = (dev::rules(&eager), dev::rules(&from_sources));
    assert_eq!(eager.len(), from_sources.len());
    for (a, b) in eager.iter().zip(&from_sources) {
        assert_eq!(a.3, b.3, "rule {}", b.0);
    }
}

#[test]
fn help_catalogue_holds() {
    // Every program listed for its help alone has spellings, none is a shell builtin,
    // interpreter or project launcher, and none has rules of its own.
    for p in [Policy::builtin(), Policy::builtin_eager()] {
        let p = p.unwrap_or_else(|e| panic!("{e}"));
        let problems = p.help_catalogue_problems();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

#[test]
fn help_of_a_program_whose_rules_all_name_subcommands_is_allowed_lazily_and_eagerly() {
    // `pio`'s and `kaggle`'s built-in rules all name a subcommand, so lazily they live only in
    // groups such as `pio device`; the program still counts as known for `--help`/`--version`.
    let eager = Policy::builtin_eager().unwrap_or_else(|e| panic!("{e}"));
    let lazy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    for cmd in ["pio --version", "kaggle --help", "crictl --version"] {
        assert_eq!(
            eager.classify(cmd).decision,
            shclass::policy::Decision::Allow,
            "{cmd}"
        );
        assert_eq!(
            lazy.classify(cmd).decision,
            shclass::policy::Decision::Allow,
            "{cmd}"
        );
    }
    // A subcommand no rule names may be a project alias: still asked.
    assert_eq!(
        lazy.classify("pio run --help").decision,
        shclass::policy::Decision::Ask
    );
}
