//! The built-in policy loads, and every rule's hit/miss examples hold (they are checked here
//! rather than at every start-up, since the built-in policy is compiled into the binary).

use shclass::policy::Policy;

#[test]
fn builtin_policy_examples_hold() {
    let p = Policy::builtin().unwrap_or_else(|e| panic!("built-in policy does not load: {e}"));
    let errors = p.check_all_examples();
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(
        text.is_empty(),
        "built-in examples fail:\n{}",
        text.join("\n")
    );
}

#[test]
fn builtin_rule_ids_are_unique_and_kebab_case() {
    let p = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let mut seen = std::collections::BTreeSet::new();
    for r in p.rules() {
        assert!(seen.insert(r.id.clone()), "duplicate rule id {}", r.id);
        assert!(
            r.id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "rule id {} is not kebab-case",
            r.id
        );
        assert!(!r.reason.is_empty(), "rule {} has no reason", r.id);
        assert!(!r.hit.is_empty(), "rule {} has no hit example", r.id);
    }
}
