//! Policy errors, written for the person who wrote the policy: which file, which line, which
//! field, and what to do about it.

use std::fmt;

/// An error loading or validating a policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyError {
    /// The file, or `<built-in>` / `<inline>`.
    pub origin: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// The field or rule the error is about, when known (`rule[3].flags`, `rule "x"`).
    pub field: Option<String>,
    /// What went wrong.
    pub kind: PolicyErrorKind,
}

/// The kinds of [`PolicyError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolicyErrorKind {
    /// The file could not be read.
    Io(String),
    /// TOML or JSON syntax, an unknown key, a wrong type or value.
    Syntax(String),
    /// A value that parses but is not valid (bad pattern, bad path class, unknown flag kind…).
    Invalid(String),
    /// A rule's `hit` example does not match, or a `miss` example matches.
    #[non_exhaustive]
    Example {
        /// The rule id.
        rule: Box<str>,
        /// The example command.
        example: Box<str>,
        /// True for a hit example that missed.
        expected_hit: bool,
        /// For a hit example that missed: the first condition its closest unit fails (`flags.all:
        /// `-r` is not there`).
        why: Option<Box<str>>,
    },
}

impl PolicyError {
    pub(crate) fn new(origin: &str, kind: PolicyErrorKind) -> Self {
        PolicyError {
            origin: origin.to_owned(),
            line: None,
            field: None,
            kind,
        }
    }

    pub(crate) fn at(mut self, line: Option<usize>, field: Option<String>) -> Self {
        self.line = line;
        self.field = field;
        self
    }

    pub(crate) fn io(path: &std::path::Path, e: &std::io::Error) -> Self {
        PolicyError::new(
            &path.display().to_string(),
            PolicyErrorKind::Io(e.to_string()),
        )
    }
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": ")?;
        match &self.kind {
            PolicyErrorKind::Io(e) => write!(f, "cannot read the policy file: {e}"),
            PolicyErrorKind::Syntax(e) | PolicyErrorKind::Invalid(e) => write!(f, "{e}"),
            PolicyErrorKind::Example {
                rule,
                example,
                expected_hit,
                why,
            } => {
                if *expected_hit {
                    write!(
                        f,
                        "rule `{rule}` does not match its hit example `{example}`"
                    )?;
                    if let Some(why) = why {
                        write!(f, " ({why})")?;
                    }
                    write!(f, "; fix the rule or the example")
                } else {
                    write!(
                        f,
                        "rule `{rule}` matches its miss example `{example}`; fix the rule or the example"
                    )
                }
            }
        }
    }
}

impl std::error::Error for PolicyError {}

/// Offsets of line starts, so many offsets can be turned into lines cheaply.
pub(crate) struct LineIndex(Vec<usize>);

impl LineIndex {
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex(starts)
    }

    /// 1-based line of a byte offset.
    pub(crate) fn line(&self, offset: usize) -> usize {
        match self.0.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }
}

/// 1-based line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |t| t.bytes().filter(|&b| b == b'\n').count() + 1)
}
