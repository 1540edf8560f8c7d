//! The shared vocabulary of a verdict: [`Decision`], [`Risk`] and the [`Origin`] of a reason.
//!
//! A leaf: the checks, the path policy, the rule engine and every face (CLI, hooks, session,
//! Python) speak these words, so they live below all of them and import nothing of the crate.
//! This module decides nothing; `policy` combines decisions, `checks` find risks.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;

/// Allow < Ask < Deny; combining is taking the maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Run it.
    Allow,
    /// Ask a person.
    Ask,
    /// Refuse.
    Deny,
}

impl Decision {
    /// Parse `allow` / `ask` / `deny`.
    pub fn parse(s: &str) -> Option<Decision> {
        match s {
            "allow" => Some(Decision::Allow),
            "ask" => Some(Decision::Ask),
            "deny" => Some(Decision::Deny),
            _ => None,
        }
    }

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }

    /// Exit code of the CLI: 0 allow, 1 ask, 2 deny.
    pub fn exit_code(self) -> u8 {
        match self {
            Decision::Allow => 0,
            Decision::Ask => 1,
            Decision::Deny => 2,
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How bad it would be if this ran and was a mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Risk {
    /// Reads.
    Low,
    /// Ordinary side effects.
    Medium,
    /// Hard to undo, or opaque.
    High,
    /// Catastrophic.
    Critical,
}

impl Risk {
    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
            Risk::Critical => "critical",
        }
    }

    /// Parse a risk name.
    pub fn parse(s: &str) -> Option<Risk> {
        match s {
            "low" => Some(Risk::Low),
            "medium" => Some(Risk::Medium),
            "high" => Some(Risk::High),
            "critical" => Some(Risk::Critical),
            _ => None,
        }
    }
}

/// What gave a reason. Shown and serialised as one string (the `rule` of the JSON output):
/// the id itself, `flag:<kind>`, `mode:<name>` or `no-rule`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Origin {
    /// A rule, by id: built in or a person's, or a Claude permission pattern (`Bash(git push:*)`).
    Rule(Cow<'static, str>),
    /// A structural check, by id (`pipe-to-shell`, `destructive`…).
    Check(&'static str),
    /// A flag the analysis raised, by kind (`flag:opaque-eval`).
    Flag(&'static str),
    /// The path policy: a built-in finding (`read-secret`, `write-startup-file`…) or a person's
    /// `Read(…)`/`Edit(…)` rule.
    Path(Cow<'static, str>),
    /// The mode turned the decision (`mode:plan`).
    Mode(&'static str),
    /// No rule covers the unit.
    NoRule,
    /// The engine itself: `opaque` (defence in depth), `help-text`, `input-redirect`, `internal-error`,
    /// `untrusted-policy`.
    Engine(&'static str),
    /// The session: `denial-breaker`, `rate-limit`, `edit-before-read`, `audit-log`, a person's
    /// answer (`person-approved`, `person-refused`).
    Session(&'static str),
}

impl Origin {
    /// The text before the id and the id: `("flag:", "opaque-eval")`.
    pub(crate) fn parts(&self) -> (&'static str, &str) {
        match self {
            Origin::Rule(id) | Origin::Path(id) => ("", id),
            Origin::Check(id) | Origin::Engine(id) | Origin::Session(id) => ("", id),
            Origin::Flag(kind) => ("flag:", kind),
            Origin::Mode(mode) => ("mode:", mode),
            Origin::NoRule => ("", "no-rule"),
        }
    }

    /// A rule's id, when a rule gave the reason.
    pub fn rule_id(&self) -> Option<&str> {
        match self {
            Origin::Rule(id) => Some(id),
            Origin::Check(_)
            | Origin::Flag(_)
            | Origin::Path(_)
            | Origin::Mode(_)
            | Origin::NoRule
            | Origin::Engine(_)
            | Origin::Session(_) => None,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (prefix, id) = self.parts();
        f.write_str(prefix)?;
        f.write_str(id)
    }
}

impl PartialEq<str> for Origin {
    fn eq(&self, other: &str) -> bool {
        let (prefix, id) = self.parts();
        other.strip_prefix(prefix) == Some(id)
    }
}

impl PartialEq<&str> for Origin {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl Serialize for Origin {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.parts() {
            ("", id) => s.serialize_str(id),
            _ => s.collect_str(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_json_strings() {
        for d in [Decision::Allow, Decision::Ask, Decision::Deny] {
            assert_eq!(Decision::parse(d.name()), Some(d));
            assert_eq!(
                serde_json::to_string(&d).ok(),
                Some(format!("\"{}\"", d.name()))
            );
        }
        for r in [Risk::Low, Risk::Medium, Risk::High, Risk::Critical] {
            assert_eq!(Risk::parse(r.name()), Some(r));
            assert_eq!(
                serde_json::to_string(&r).ok(),
                Some(format!("\"{}\"", r.name()))
            );
        }
    }

    #[test]
    fn origins_read_as_the_strings_of_the_json_output() {
        for (origin, text) in [
            (Origin::Rule("git-push".into()), "git-push"),
            (Origin::Check("pipe-to-shell"), "pipe-to-shell"),
            (Origin::Flag("opaque-eval"), "flag:opaque-eval"),
            (Origin::Path("Read(~/.ssh/**)".into()), "Read(~/.ssh/**)"),
            (Origin::Mode("plan"), "mode:plan"),
            (Origin::NoRule, "no-rule"),
            (Origin::Engine("opaque"), "opaque"),
            (Origin::Session("rate-limit"), "rate-limit"),
        ] {
            assert_eq!(origin.to_string(), text);
            assert_eq!(origin, text);
            assert_ne!(origin, "flag:");
            assert_eq!(
                serde_json::to_string(&origin).ok(),
                Some(format!("\"{text}\""))
            );
        }
    }

    #[test]
    fn only_rules_have_rule_ids() {
        assert_eq!(Origin::Rule("x".into()).rule_id(), Some("x"));
        assert_eq!(Origin::Check("x").rule_id(), None);
        assert_eq!(Origin::Path("x".into()).rule_id(), None);
    }
}
