//! The closed set of things the analyzer noticed about a command ([`FlagKind`]), each with the
//! span it was found at. Flags are facts, not decisions: the policy decides what each one means.

use serde::Serialize;

use crate::ast::Span;

/// Something the analyzer noticed, with where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Flag {
    /// What.
    pub kind: FlagKind,
    /// Where in the original input.
    pub span: Span,
    /// Extra detail for people (the variable, the wrapper, the limit…), empty when none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// Every kind of flag. Closed on purpose: a new kind forces every `match` to decide about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum FlagKind {
    /// `$(…)` or backticks anywhere.
    CommandSubstitution,
    /// `<(…)` or `>(…)`.
    ProcessSubstitution,
    /// `$x`, `${x…}` in an argument, assignment or redirect.
    ParameterExpansion,
    /// An expansion or substitution decides the program name: shclass cannot see what runs.
    CommandPositionExpansion,
    /// `$((…))`.
    ArithmeticExpansion,
    /// `eval`: its arguments are run as code.
    Eval,
    /// `source FILE` / `. FILE`: runs a file in the current shell.
    Source,
    /// `bash -c STRING` and friends, re-parsed and analysed.
    NestedShell,
    /// A shell or interpreter runs code produced at run time by another command (a pipe, a
    /// process substitution, a command substitution as the code string).
    PipeToShell,
    /// Code that will run but depends on run-time values (`eval "$x"`, `bash -c "$cmd"`).
    DynamicCode,
    /// A heredoc.
    Heredoc,
    /// A here-string.
    Herestring,
    /// A redirection (the detail says operator and target).
    Redirection,
    /// `cmd &`.
    Background,
    /// `;`, `&&`, `||` or newline between commands.
    Chaining,
    /// `a | b`.
    Pipeline,
    /// `( … )`.
    Subshell,
    /// `f() { … }`.
    FunctionDefinition,
    /// A loop that never ends by itself: `while true`, `while :`, `until false`, `for ((;;))`.
    EndlessLoop,
    /// An unquoted glob pattern.
    Glob,
    /// Brace expansion `{a,b}` / `{1..3}`.
    BraceExpansion,
    /// `IFS=…`: word splitting changed.
    IfsManipulation,
    /// `$'…'` quoting.
    AnsiCQuoting,
    /// `\<newline>` inside a command.
    LineContinuation,
    /// Non-ASCII, zero-width or bidi characters in a program name or an option.
    UnicodeConfusable,
    /// Git configuration that runs a command (`-c core.pager=…`, `alias.x=!…`).
    GitConfigCommand,
    /// Nesting deeper than the limit: what is inside was not analysed.
    TooDeep,
    /// Input, units or time over a limit: the rest was not analysed.
    TooLong,
    /// The parser found an error: the command is not fully understood.
    ParseError,
    /// A construct shclass does not model.
    UnsupportedSyntax,
}

impl FlagKind {
    /// Every kind, in declaration order.
    pub const ALL: [FlagKind; 30] = [
        FlagKind::CommandSubstitution,
        FlagKind::ProcessSubstitution,
        FlagKind::ParameterExpansion,
        FlagKind::CommandPositionExpansion,
        FlagKind::ArithmeticExpansion,
        FlagKind::Eval,
        FlagKind::Source,
        FlagKind::NestedShell,
        FlagKind::PipeToShell,
        FlagKind::DynamicCode,
        FlagKind::Heredoc,
        FlagKind::Herestring,
        FlagKind::Redirection,
        FlagKind::Background,
        FlagKind::Chaining,
        FlagKind::Pipeline,
        FlagKind::Subshell,
        FlagKind::FunctionDefinition,
        FlagKind::EndlessLoop,
        FlagKind::Glob,
        FlagKind::BraceExpansion,
        FlagKind::IfsManipulation,
        FlagKind::AnsiCQuoting,
        FlagKind::LineContinuation,
        FlagKind::UnicodeConfusable,
        FlagKind::GitConfigCommand,
        FlagKind::TooDeep,
        FlagKind::TooLong,
        FlagKind::ParseError,
        FlagKind::UnsupportedSyntax,
    ];

    /// The kebab-case name used in JSON and policy files.
    pub fn name(self) -> &'static str {
        match self {
            FlagKind::CommandSubstitution => "command-substitution",
            FlagKind::ProcessSubstitution => "process-substitution",
            FlagKind::ParameterExpansion => "parameter-expansion",
            FlagKind::CommandPositionExpansion => "command-position-expansion",
            FlagKind::ArithmeticExpansion => "arithmetic-expansion",
            FlagKind::Eval => "eval",
            FlagKind::Source => "source",
            FlagKind::NestedShell => "nested-shell",
            FlagKind::PipeToShell => "pipe-to-shell",
            FlagKind::DynamicCode => "dynamic-code",
            FlagKind::Heredoc => "heredoc",
            FlagKind::Herestring => "herestring",
            FlagKind::Redirection => "redirection",
            FlagKind::Background => "background",
            FlagKind::Chaining => "chaining",
            FlagKind::Pipeline => "pipeline",
            FlagKind::Subshell => "subshell",
            FlagKind::FunctionDefinition => "function-definition",
            FlagKind::EndlessLoop => "endless-loop",
            FlagKind::Glob => "glob",
            FlagKind::BraceExpansion => "brace-expansion",
            FlagKind::IfsManipulation => "ifs-manipulation",
            FlagKind::AnsiCQuoting => "ansi-c-quoting",
            FlagKind::LineContinuation => "line-continuation",
            FlagKind::UnicodeConfusable => "unicode-confusable",
            FlagKind::GitConfigCommand => "git-config-command",
            FlagKind::TooDeep => "too-deep",
            FlagKind::TooLong => "too-long",
            FlagKind::ParseError => "parse-error",
            FlagKind::UnsupportedSyntax => "unsupported-syntax",
        }
    }

    /// Look a kind up by its kebab-case name.
    pub fn from_name(name: &str) -> Option<FlagKind> {
        FlagKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// True for flags that mean shclass could not see everything that would run.
    pub fn is_opaque(self) -> bool {
        match self {
            FlagKind::CommandPositionExpansion
            | FlagKind::DynamicCode
            | FlagKind::PipeToShell
            | FlagKind::TooDeep
            | FlagKind::TooLong
            | FlagKind::ParseError
            | FlagKind::UnsupportedSyntax => true,
            FlagKind::CommandSubstitution
            | FlagKind::ProcessSubstitution
            | FlagKind::ParameterExpansion
            | FlagKind::ArithmeticExpansion
            | FlagKind::Eval
            | FlagKind::Source
            | FlagKind::NestedShell
            | FlagKind::Heredoc
            | FlagKind::Herestring
            | FlagKind::Redirection
            | FlagKind::Background
            | FlagKind::Chaining
            | FlagKind::Pipeline
            | FlagKind::Subshell
            | FlagKind::FunctionDefinition
            | FlagKind::EndlessLoop
            | FlagKind::Glob
            | FlagKind::BraceExpansion
            | FlagKind::IfsManipulation
            | FlagKind::AnsiCQuoting
            | FlagKind::LineContinuation
            | FlagKind::UnicodeConfusable
            | FlagKind::GitConfigCommand => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FlagKind;

    #[test]
    fn names_round_trip_and_match_serde() {
        for k in FlagKind::ALL {
            assert_eq!(FlagKind::from_name(k.name()), Some(k));
            let json = serde_json::to_string(&k).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", k.name()));
        }
    }
}
