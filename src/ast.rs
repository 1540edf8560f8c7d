//! Our own owned syntax tree for bash, lowered from tree-sitter by [`crate::parse`].
//!
//! Nothing here refers to tree-sitter: everything downstream (analysis, checks, policy) works on
//! these types only. Every node carries a [`Span`] into the **original** input, also for code that
//! was re-parsed out of a string (`bash -c '…'`, heredocs), so every explanation can point at what
//! the agent typed. This module holds data and small accessors; it does not decide anything.

use serde::Serialize;

/// A byte range `[start, end)` into the original input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(into = "[usize; 2]")]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Self { start, end }
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Length in bytes.
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True when the span is empty.
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }
}

impl From<Span> for [usize; 2] {
    fn from(s: Span) -> Self {
        [s.start, s.end]
    }
}

/// A parsed script: a sequence of commands plus everything the parser could not model.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Script {
    /// Top-level commands in order.
    pub commands: Vec<Command>,
    /// Parse errors, unsupported syntax and limits hit while lowering.
    pub issues: Vec<SyntaxIssue>,
}

/// Something the parser could not fully understand. Never silently dropped: analysis turns each
/// into a flag, and the policy never allows a command that has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct SyntaxIssue {
    /// What went wrong.
    pub kind: IssueKind,
    /// Where.
    pub span: Span,
    /// Human detail: the node kind, the missing token, the limit.
    pub detail: String,
}

/// The kinds of [`SyntaxIssue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum IssueKind {
    /// An ERROR or MISSING node in the tree.
    ParseError,
    /// A node kind shclass does not model.
    UnsupportedSyntax,
    /// Nesting deeper than the limit.
    TooDeep,
    /// Input, node count or time over the limit.
    TooLong,
}

/// One command in the tree.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Command {
    /// `VAR=x prog arg… >redir`
    Simple(SimpleCommand),
    /// `a | b |& c`
    Pipeline {
        /// The stages, left to right.
        stages: Vec<Command>,
        /// Whole pipeline.
        span: Span,
    },
    /// `a && b` or `a || b`.
    AndOr {
        /// Left side (runs first).
        left: Box<Command>,
        /// `&&` or `||`.
        op: AndOrOp,
        /// Right side.
        right: Box<Command>,
        /// Whole list.
        span: Span,
    },
    /// `cmd &`
    Background {
        /// The command sent to the background.
        body: Box<Command>,
        /// Command and the `&`.
        span: Span,
    },
    /// `! cmd`
    Negated {
        /// The negated command.
        body: Box<Command>,
        /// Whole.
        span: Span,
    },
    /// `( … )`
    Subshell {
        /// Commands inside.
        body: Vec<Command>,
        /// Whole.
        span: Span,
    },
    /// `{ …; }`
    Group {
        /// Commands inside.
        body: Vec<Command>,
        /// Whole.
        span: Span,
    },
    /// `if c; then …; elif …; else …; fi`
    If {
        /// `(condition, body)` for the `if` and each `elif`.
        branches: Vec<(Vec<Command>, Vec<Command>)>,
        /// The `else` body, if any.
        else_body: Vec<Command>,
        /// Whole.
        span: Span,
    },
    /// `while c; do …; done` / `until …`
    Loop {
        /// True for `until`.
        until: bool,
        /// The condition list.
        condition: Vec<Command>,
        /// The body.
        body: Vec<Command>,
        /// Whole.
        span: Span,
    },
    /// `for x in w…; do …; done`, `select …`, and the C-style `for ((…))`.
    For {
        /// Loop variable (empty for C-style).
        variable: String,
        /// The word list, or the words of the arithmetic header.
        items: Vec<Word>,
        /// The body.
        body: Vec<Command>,
        /// True for `select`.
        select: bool,
        /// Whole.
        span: Span,
    },
    /// `case w in p) …;; esac`
    Case {
        /// The word being matched.
        subject: Word,
        /// The arms.
        arms: Vec<CaseArm>,
        /// Whole.
        span: Span,
    },
    /// `name() { … }` / `function name { … }`
    Function {
        /// Function name.
        name: String,
        /// Body.
        body: Box<Command>,
        /// Whole.
        span: Span,
    },
    /// `[[ … ]]`, `[ … ]` as test command, and `(( … ))`: only their words matter (expansions).
    Test {
        /// True for `(( … ))`.
        arithmetic: bool,
        /// True for the single-bracket `[ … ]` (a command, not the `[[` keyword).
        single: bool,
        /// Every word and expansion inside, in order.
        words: Vec<Word>,
        /// Whole.
        span: Span,
    },
    /// A compound command with redirections: `{ …; } > f`, `while …; done < <(…)`.
    Redirected {
        /// The compound command.
        body: Box<Command>,
        /// Its redirects.
        redirects: Vec<Redirect>,
        /// Whole.
        span: Span,
    },
    /// A piece of the tree shclass does not model (its issue is recorded in [`Script::issues`]);
    /// commands found inside it are still kept so they are analysed.
    Opaque {
        /// Node kind.
        kind: String,
        /// Commands recovered from inside.
        inner: Vec<Command>,
        /// Words recovered from inside.
        words: Vec<Word>,
        /// Whole.
        span: Span,
    },
}

impl Command {
    /// The span of the command.
    pub(crate) fn span(&self) -> Span {
        match self {
            Command::Simple(s) => s.span,
            Command::Pipeline { span, .. }
            | Command::AndOr { span, .. }
            | Command::Background { span, .. }
            | Command::Negated { span, .. }
            | Command::Subshell { span, .. }
            | Command::Group { span, .. }
            | Command::If { span, .. }
            | Command::Loop { span, .. }
            | Command::For { span, .. }
            | Command::Case { span, .. }
            | Command::Function { span, .. }
            | Command::Test { span, .. }
            | Command::Redirected { span, .. }
            | Command::Opaque { span, .. } => *span,
        }
    }
}

/// `&&` / `||`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum AndOrOp {
    /// `&&`
    And,
    /// `||`
    Or,
}

/// One `pattern) body ;;` arm of a case statement.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CaseArm {
    /// Patterns.
    pub patterns: Vec<Word>,
    /// Body.
    pub body: Vec<Command>,
}

/// A simple command: assignments, words, redirects.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SimpleCommand {
    /// Leading `VAR=value` assignments.
    pub assignments: Vec<Assignment>,
    /// The program word followed by the arguments. Empty for a bare assignment.
    pub words: Vec<Word>,
    /// Redirections, in order.
    pub redirects: Vec<Redirect>,
    /// Whole command.
    pub span: Span,
}

/// A name bash accepts on the left of an assignment (`[A-Za-z_][A-Za-z0-9_]*`). tree-sitter-bash
/// also reads `--opt=1` and `1a=2` as assignments; bash runs them as commands.
pub(crate) fn is_shell_name(name: &str) -> bool {
    let b = name.as_bytes();
    b.first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

/// `NAME=value`, `NAME+=value`, `NAME=(a b)`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Assignment {
    /// Variable name (with subscript text, if any).
    pub name: String,
    /// The words of a subscript (`a[$(cmd)]=x`), which bash expands when it assigns.
    pub index: Vec<Word>,
    /// The value, `None` for `NAME=`.
    pub value: Option<Word>,
    /// Elements of an array value `NAME=(…)`.
    pub array: Vec<Word>,
    /// `NAME+=value`: the value is appended to the variable's (a string's, or an array's
    /// elements), so the result is not the value alone.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub append: bool,
    /// Whole assignment.
    pub span: Span,
}

/// A redirection.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Redirect {
    /// The operator as written: `>`, `>>`, `<`, `&>`, `>&`, `<<`, `<<-`, `<<<`, `<>`, `>|`…
    pub op: String,
    /// Explicit file descriptor (`2` in `2>`), if any.
    pub fd: Option<String>,
    /// What is redirected to or from.
    pub target: RedirectTarget,
    /// Whole redirect.
    pub span: Span,
}

/// The other side of a redirect.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum RedirectTarget {
    /// A file name, an fd number (`2>&1`), or the here-string word.
    Word(Word),
    /// A heredoc body.
    Heredoc(Heredoc),
}

/// A heredoc: `<<EOF … EOF`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Heredoc {
    /// The delimiter word, as written.
    pub delimiter: String,
    /// True when the delimiter was quoted, so the body is literal text.
    pub quoted: bool,
    /// The body as a word: literal text, plus expansions when unquoted.
    pub body: Word,
}

/// A word: parts concatenated without whitespace.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Word {
    /// The parts, in order.
    pub parts: Vec<WordPart>,
    /// Whole word.
    pub span: Span,
}

/// How a literal part was quoted. Quoting decides whether glob, brace and tilde apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Quoting {
    /// Plain unquoted text.
    Unquoted,
    /// A backslash-escaped character outside quotes (`\r`).
    Escaped,
    /// `'…'`
    Single,
    /// `"…"`
    Double,
    /// `$'…'` (already decoded).
    AnsiC,
    /// `$"…"`
    Locale,
}

/// One piece of a word.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub(crate) enum WordPart {
    /// Text after quote removal and escape decoding.
    Literal {
        /// The decoded text.
        text: LitText,
        /// How it was quoted.
        quoting: Quoting,
        /// Where it came from; when `text.len() != span.len()` the text was decoded.
        span: Span,
    },
    /// `\<newline>`: removed by bash.
    LineContinuation {
        /// Where.
        span: Span,
    },
    /// `$x`, `${x}`, `${x:-default}`, `${#x}`, `$1`, `$@`…
    Parameter {
        /// The variable name when it can be read (`HOME`, `1`, `@`).
        name: Option<String>,
        /// True for `${x}`/`$x` with no operator: the value is exactly the variable.
        plain: bool,
        /// The source text.
        source: String,
        /// Inside double quotes.
        quoted: bool,
        /// Words found inside operators (`${x:-$(cmd)}`), so their substitutions are analysed.
        inner: Vec<Word>,
        /// Where.
        span: Span,
    },
    /// `$(…)` or backticks.
    CommandSubstitution {
        /// The commands inside.
        body: Vec<Command>,
        /// True for backticks.
        backtick: bool,
        /// Inside double quotes.
        quoted: bool,
        /// Where.
        span: Span,
    },
    /// `<(…)` or `>(…)`.
    ProcessSubstitution {
        /// The commands inside.
        body: Vec<Command>,
        /// True for `>(…)`.
        output: bool,
        /// Where.
        span: Span,
    },
    /// `$((…))`, `$[…]`.
    Arithmetic {
        /// Source text.
        source: String,
        /// Words (expansions) found inside.
        inner: Vec<Word>,
        /// Where.
        span: Span,
    },
}

/// The text of a literal part. A word read whole from the input (most words) shares its text
/// with the argument made from it, so the analysis copies nothing; the tree-sitter path owns
/// its text while it appends decoded pieces to it.
#[derive(Clone)]
pub(crate) enum LitText {
    /// Text still being built.
    Owned(String),
    /// Text shared with the arguments made from it.
    Shared(std::sync::Arc<str>),
}

impl LitText {
    /// The text.
    pub(crate) fn as_str(&self) -> &str {
        match self {
            LitText::Owned(s) => s,
            LitText::Shared(s) => s,
        }
    }

    /// Append `more` (the shared text is copied once, then grows in place).
    pub(crate) fn push_str(&mut self, more: &str) {
        match self {
            LitText::Owned(s) => s.push_str(more),
            LitText::Shared(s) => {
                let mut owned = String::with_capacity(s.len() + more.len());
                owned.push_str(s);
                owned.push_str(more);
                *self = LitText::Owned(owned);
            }
        }
    }

    /// The text as shared text: without a copy when it already is.
    pub(crate) fn shared(&self) -> std::sync::Arc<str> {
        match self {
            LitText::Owned(s) => std::sync::Arc::from(s.as_str()),
            LitText::Shared(s) => std::sync::Arc::clone(s),
        }
    }
}

impl std::ops::Deref for LitText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for LitText {
    fn from(s: String) -> LitText {
        LitText::Owned(s)
    }
}

impl From<&str> for LitText {
    fn from(s: &str) -> LitText {
        LitText::Owned(s.to_owned())
    }
}

/// Shown as the text alone, however it is held.
impl std::fmt::Debug for LitText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Equal texts are equal however they are held.
impl PartialEq for LitText {
    fn eq(&self, other: &LitText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for LitText {}

impl PartialEq<str> for LitText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for LitText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for LitText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
