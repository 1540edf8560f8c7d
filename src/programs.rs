//! Facts about programs by name: a program's file name (`/usr/bin/curl` → `curl`), and which
//! programs take their pattern or program as the first operand (`grep PATTERN FILE…`) unless an
//! option gives it. A leaf below the analysis, the checks and the policy: data and lookups on
//! names and words, nothing about units or decisions.

/// The file name of a program (`/usr/bin/curl` → `curl`).
pub(crate) fn base(program: &str) -> &str {
    // A byte scan: every check asks for the program name of every unit.
    match program.bytes().rposition(|b| b == b'/') {
        Some(i) => &program[i + 1..],
        None => program,
    }
}

/// Programs whose first operand is a pattern or a program, unless an option gives it.
pub(crate) const PATTERN_FIRST: &[&str] = &[
    "grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep", "rg", "ag", "ack", "awk", "gawk",
    "mawk", "nawk", "sed", "jq", "yq",
];

/// Options that give the pattern or program instead of the first operand (`-e`, `-f` and
/// their long forms; `rg --files` takes no pattern).
pub(crate) const PATTERN_OPTIONS: &[&str] = &[
    "-e",
    "-f",
    "--regexp",
    "--file",
    "--expression",
    "--from-file",
    "--files",
];

/// An option word that gives the pattern or program (`-e X`, `-eX`, `-ie X`, `--regexp=X`,
/// `-f FILE`): then the first operand is a file. Any short bundle with an `e` or an `f` counts.
pub(crate) fn gives_pattern(v: &str) -> bool {
    if let Some(long) = v.strip_prefix("--") {
        let name = long.split_once('=').map_or(long, |(n, _)| n);
        return PATTERN_OPTIONS.contains(&format!("--{name}").as_str());
    }
    v.len() > 1 && v.starts_with('-') && v[1..].contains(['e', 'f'])
}
