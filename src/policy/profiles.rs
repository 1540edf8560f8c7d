//! Profiles: sets of allow rules a person turns on in their user or managed policy
//! (`profiles = ["developer", "network-reads"]`), so a guard can be as quiet as the work needs
//! without writing rules by hand.
//!
//! - `reader`: the default; nothing beyond the built-in policy.
//! - `editor`: accept-edits for files inside the workspace (the `default` mode reads as
//!   `accept-edits`; a mode a file names explicitly wins).
//! - `developer`: the project's own build, test, lint, format and type-check commands
//!   (`builtin/profile-developer.toml`). They run code the project holds, which the agent may
//!   have written: that is what the profile trusts. Install, publish, deploy, run and clean stay
//!   asks.
//! - `network-reads`: DNS and whois lookups and a bounded `ping` of names written on the command
//!   line (`builtin/profile-network-reads.toml`); a name known only at run time never matches.
//!
//! A profile's rules are added with the source of the file that chose it, so they loosen
//! built-in asks exactly as the person's own rules would; denies, checks, flags and the path
//! policy still apply. A project file cannot choose a profile (it can only tighten).

/// A profile a policy file can choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Profile {
    Reader,
    Editor,
    Developer,
    NetworkReads,
}

impl Profile {
    /// The names, as a policy file spells them.
    pub(crate) const NAMES: &'static [&'static str] =
        &["reader", "editor", "developer", "network-reads"];

    pub(crate) fn parse(name: &str) -> Option<Profile> {
        Some(match name {
            "reader" => Profile::Reader,
            "editor" => Profile::Editor,
            "developer" => Profile::Developer,
            "network-reads" => Profile::NetworkReads,
            _ => return None,
        })
    }

    /// The profile's rules (a policy file's text) and their origin, when it has any.
    pub(crate) fn rules(self) -> Option<(&'static str, &'static str)> {
        match self {
            Profile::Developer => Some((
                "builtin/profile-developer.toml",
                include_str!("builtin/profile-developer.toml"),
            )),
            Profile::NetworkReads => Some((
                "builtin/profile-network-reads.toml",
                include_str!("builtin/profile-network-reads.toml"),
            )),
            Profile::Reader | Profile::Editor => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Policy, Source};

    /// Every profile's rules load and their examples hold.
    #[test]
    fn profile_rules_load_and_their_examples_hold() {
        for name in Profile::NAMES {
            let Some(profile) = Profile::parse(name) else {
                panic!("{name}")
            };
            if let Some((origin, text)) = profile.rules() {
                let mut p = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
                p.add_text(text, origin, &Source::Inline, true)
                    .unwrap_or_else(|e| panic!("{origin}: {e}"));
            }
        }
    }
}
