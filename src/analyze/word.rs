//! Word canonicalisation: what bash would pass to `exec` for a [`Word`].
//!
//! Quote removal and escape decoding happened in the parser; here the literal parts are joined,
//! literal brace lists are expanded (`{rm,-rf,/}` → `rm -rf /`, `{1..3}`), unquoted globs and a
//! leading unquoted `~` are recognised, and a word with any expansion is marked dynamic: its
//! `value` is `None` and its `template` keeps the decoded static parts with each expansion's source
//! text in place (`"$HOME"/x` → `$HOME/x`), which path classes such as `@home` can still read.
//! It does not evaluate expansions and never guesses a value.

use std::sync::Arc;

use serde::{Serialize, Serializer};

use crate::ast::{Quoting, Span, Word, WordPart};
use crate::parse::SpanMap;
use crate::wordlist::{Words, words};

/// Most words one brace expansion may produce before the word is treated as dynamic.
const MAX_BRACE_WORDS: usize = 256;

/// `word` quoted for bash: as it is when it holds only characters bash gives no meaning to,
/// else in single quotes (`it's` → `'it'\''s'`).
pub(crate) fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@%+=,".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// One canonical argument.
///
/// The text is shared: a static word's `value` and `template` are the same allocation, and a
/// unit's copy of an argument costs no allocation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Arg {
    /// The exact value bash passes, when it does not depend on run time (globs keep their
    /// pattern text here and set `glob`).
    #[serde(serialize_with = "opt_str")]
    pub value: Option<Arc<str>>,
    /// Decoded static text with expansions written as their source text.
    #[serde(serialize_with = "str")]
    pub template: Arc<str>,
    /// Where the word is in the original input.
    pub span: Span,
    /// Contains an unquoted glob (`*`, `?`, `[…]`): expands to file names at run time.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub glob: bool,
    /// Starts with an unquoted `~`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tilde: bool,
    /// Came from a brace expansion.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub brace: bool,
    /// A dynamic word that never begins with `-`: a command substitution (`$(git rev-parse
    /// HEAD)`, alone or before static text) whose command's output never does (set by the
    /// analysis, which sees the command), or one word that begins with static text
    /// (`./"$DIR"`, set when the word is read).
    #[serde(skip)]
    pub shaped: bool,
    /// Holds an unquoted parameter expansion or command substitution, which bash splits into
    /// words at run time (`$x` with `x='a -delete'` is two words).
    #[serde(skip)]
    pub(crate) splits: bool,
}

/// Read-only commands whose output cannot begin with `-`: a commit id, a ref or branch name,
/// an absolute path, a date, an object name. `$(git rev-parse HEAD)` is never an option.
pub(crate) const SHAPED_PRODUCERS: Words = words![
    "git rev-parse ",
    "git merge-base ",
    "git describe",
    "git rev-list ",
    "git branch --show-current",
    "git symbolic-ref ",
    "git log -1 --format=%H",
    "git log -1 --pretty=%H",
    "git log -n1 --format=%H",
    "git log ",
    "git write-tree",
    "git hash-object ",
    "pwd",
    "nproc",
    "which ",
    "command -v ",
    "realpath ",
    "readlink -f ",
    "date",
    "docker ps -q",
    "docker ps -aq",
    "docker images -q",
    "kubectl get pods -o name",
    "kubectl get pod -o name",
    "kubectl get pods --output=name",
    "go env GOPATH",
    "go env GOROOT",
    "rustc --print sysroot",
    "python3 -m site --user-site",
    "npm root",
    "npm prefix",
];

/// The parameters bash sets to a number that is never negative and that nothing can assign: a
/// process id (`$!`, `$$`, `$PPID`), a user id (`$UID`, `$EUID`), a count or a status (`$#`,
/// `$?`), written plainly or braced.
const NUMBER_VARIABLES: &[&str] = &[
    "$!", "$$", "$#", "$?", "$PPID", "$UID", "$EUID", "${!}", "${$}", "${#}", "${?}", "${PPID}",
    "${UID}", "${EUID}",
];

/// Filters that keep the shape of the lines they pass on.
pub(crate) const SHAPE_FILTERS: Words = words!["head", "tail", "sort", "uniq", "tr -d"];

impl crate::programs::args::Word for Arg {
    fn text(&self) -> Option<&str> {
        self.value.as_deref()
    }
    fn may_split(&self) -> bool {
        self.splits && !self.shaped
    }
    fn glob(&self) -> bool {
        self.glob
    }
    fn never_an_option(&self) -> bool {
        Arg::never_an_option(self)
    }
    fn long_option(&self) -> Option<&str> {
        Arg::long_option(self)
    }
}

impl Arg {
    /// A dynamic word that cannot be an option, whatever it expands to: it begins with an
    /// absolute path variable (`$HOME`, `$PWD`), or is the output of a command whose output
    /// never begins with `-` (`$(git rev-parse HEAD)`, `$(which python3)`,
    /// `$(docker ps -q | head -1)`), or is an input process substitution (`<(…)`, a `/dev/fd`
    /// path), or is one word that begins with static text that is not an option (`./"$DIR"`,
    /// `"src/$f"`). A rule that only forbids options may accept it as an operand. Static text
    /// before an unquoted expansion is not enough: `src/$f` splits.
    pub fn never_an_option(&self) -> bool {
        if self.value.is_some() || self.glob || self.brace {
            return false;
        }
        let t: &str = &self.template;
        // `sort <(cut -f1 a.csv)`: a whole-word input process substitution expands to a
        // `/dev/fd/N` path (its command is a unit of its own).
        if t == "<(…)" {
            return true;
        }
        // `src/$f` unquoted splits on spaces (`f='x --output=y'` makes an option): only what
        // begins with an expansion of a known shape counts.
        match t.chars().next() {
            Some('$') => {
                // `$!`, `$$`, `$PPID`: numbers bash sets and nothing can assign, never negative.
                if !self.splits && NUMBER_VARIABLES.contains(&t) {
                    return true;
                }
                // `$PWD` unquoted splits: a directory the line or an earlier command went
                // to may be named `a -delete`. `$HOME` is the person's.
                let vars: &[&str] = if self.splits {
                    &["$HOME", "${HOME}"]
                } else {
                    &["$HOME", "${HOME}", "$PWD", "${PWD}"]
                };
                if vars.iter().any(|v| {
                    t.strip_prefix(v)
                        .is_some_and(|r| r.is_empty() || r.starts_with('/'))
                }) {
                    return true;
                }
                self.shaped
            }
            // `./"$DIR"`: static text first (see `anchored`).
            _ => self.shaped,
        }
    }

    /// A dynamic word that begins with static text `--NAME=` (`--author="$x"`,
    /// `"--since=$d"`): `--NAME`. The static text is the template up to its first `$`, `<` or
    /// `>` (where the first expansion's source text begins; a literal one only shortens it),
    /// and holds no glob or brace character, so bash passes a word beginning with it.
    pub(crate) fn long_option(&self) -> Option<&str> {
        if self.value.is_some() || self.glob || self.brace || self.tilde {
            return None;
        }
        let t: &str = &self.template;
        let lead = &t[..t.find(['$', '<', '>', '`']).unwrap_or(t.len())];
        let (name, _) = lead.split_once('=')?;
        let plain = name.len() > 2
            && name.starts_with("--")
            && name[2..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        plain.then_some(name)
    }

    /// A synthetic static argument (used for the words of `env -S` and similar).
    pub fn literal(text: &str, span: Span) -> Arg {
        Arg::exact_text(Arc::from(text), span, text.starts_with('~'))
    }

    /// A static, non-glob argument whose value and template are `text`.
    pub(crate) fn exact_text(text: Arc<str>, span: Span, tilde: bool) -> Arg {
        Arg {
            tilde,
            value: Some(Arc::clone(&text)),
            template: text,
            span,
            glob: false,
            brace: false,
            shaped: false,
            splits: false,
        }
    }

    /// The exact value, only when the word is fully static and not a glob.
    pub fn exact(&self) -> Option<&str> {
        if self.glob {
            None
        } else {
            self.value.as_deref()
        }
    }

    /// True when the value depends on run time (not counting globs).
    pub fn is_dynamic(&self) -> bool {
        self.value.is_none()
    }
}

/// One character of a word's static text with whether it was unquoted (so that brace, glob and
/// tilde syntax applies to it).
#[derive(Clone, Copy)]
struct Ch {
    c: char,
    active: bool,
}

fn str<S: Serializer>(text: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(text)
}

// The signature is serde's: `serialize_with` passes a reference to the field.
#[allow(clippy::ref_option)]
fn opt_str<S: Serializer>(text: &Option<Arc<str>>, s: S) -> Result<S::Ok, S::Error> {
    match text {
        Some(t) => s.serialize_some(&**t),
        None => s.serialize_none(),
    }
}

/// Canonicalise one word into one or more arguments (more than one after brace expansion).
pub(crate) fn canonical(word: &Word) -> Vec<Arg> {
    let mut out = Vec::new();
    canonical_into(word, &mut out);
    out
}

/// [`canonical`], appending to `out`; returns how many arguments the word produced.
pub(crate) fn canonical_into(word: &Word, out: &mut Vec<Arg>) -> usize {
    if let Some(arg) = canonical_plain(word) {
        out.push(arg);
        return 1;
    }
    let args = canonical_chars(word);
    let n = args.len();
    out.extend(args);
    n
}

/// The one argument of a word with no unquoted brace, glob, tilde or `(` syntax (most
/// words), or `None` when the word needs the general path of [`canonical_into`].
pub(crate) fn canonical_plain(word: &Word) -> Option<Arg> {
    if has_unquoted(word, |b| {
        matches!(b, b'*' | b'?' | b'[' | b'{' | b'~' | b'(')
    }) {
        return None;
    }
    let arg = plain(word);
    // Every debug run (the whole test suite and corpus) checks the shortcut.
    debug_assert_eq!(std::slice::from_ref(&arg), canonical_chars(word).as_slice());
    Some(arg)
}

/// Append `part` as the word's template shows it (literal text as is, `$x` as written,
/// substitutions as `$(…)`); true when its value is unknown until run time.
fn push_template(part: &WordPart, template: &mut String) -> bool {
    match part {
        WordPart::Literal { text, .. } => {
            template.push_str(text);
            false
        }
        WordPart::LineContinuation { .. } => false,
        WordPart::Parameter { source, .. } | WordPart::Arithmetic { source, .. } => {
            template.push_str(source);
            true
        }
        WordPart::CommandSubstitution { .. } => {
            template.push_str("$(…)");
            true
        }
        WordPart::ProcessSubstitution { output, .. } => {
            template.push_str(if *output { ">(…)" } else { "<(…)" });
            true
        }
    }
}

/// The general path: per character, with brace expansion, glob and tilde recognition.
fn canonical_chars(word: &Word) -> Vec<Arg> {
    let mut chars: Vec<Ch> = Vec::new();
    let mut template = String::new();
    let mut dynamic = false;
    for part in &word.parts {
        if let WordPart::Literal { text, quoting, .. } = part {
            let active = *quoting == Quoting::Unquoted;
            chars.extend(text.chars().map(|c| Ch { c, active }));
        }
        dynamic |= push_template(part, &mut template);
    }
    let glob = has_glob(&chars);
    let tilde = chars.first().is_some_and(|c| c.active && c.c == '~');
    // A brace expansion is not looked for in a dynamic word.
    let braces = if dynamic {
        Braces::None
    } else {
        brace_expand(&chars)
    };
    // A value known only at run time, or more words than are read here (bash makes them all):
    // their text is not known.
    let too_many = matches!(braces, Braces::TooMany);
    if dynamic || too_many {
        return vec![Arg {
            value: None,
            template: Arc::from(template),
            span: word.span,
            glob,
            tilde,
            brace: too_many,
            shaped: dynamic && anchored(word, &chars, glob),
            splits: dynamic && unquoted_expansion(word),
        }];
    }
    if let Braces::Words(mut expanded) = braces {
        // An empty word an unquoted expansion makes is removed, as bash removes null
        // unquoted words (`{sh,}` is `sh`); a quote anywhere in the word may keep it.
        // The empty preamble written before a brace word in command position
        // (`src/parse/brace_word.rs`) stands for no byte of the line: it is no quote.
        let preamble = match word.parts.as_slice() {
            [
                WordPart::Literal { text, span, .. },
                WordPart::Literal { span: next, .. },
                ..,
            ] => text.is_empty() && span.start == span.end && span.end == next.start,
            _ => false,
        };
        let unquoted = word.parts.iter().enumerate().all(|(k, p)| match p {
            WordPart::Literal { quoting, .. } => {
                *quoting == Quoting::Unquoted || k == 0 && preamble
            }
            _ => true,
        });
        if unquoted && expanded.iter().any(|w| !w.is_empty()) {
            expanded.retain(|w| !w.is_empty());
        }
        return expanded
            .into_iter()
            .map(|chs| {
                let value: String = chs.iter().map(|c| c.c).collect();
                let tilde = chs.first().is_some_and(|c| c.active && c.c == '~');
                let (value, tilde) = match tilde.then(|| working_dir_tilde(&value)).flatten() {
                    Some(DirTilde::Here(v)) => (Some(Arc::from(v)), false),
                    Some(DirTilde::RunTime) => (None, false),
                    None => (Some(Arc::from(value)), tilde),
                };
                Arg {
                    glob: has_glob(&chs),
                    tilde,
                    template: value.as_ref().map_or_else(
                        || Arc::from(chs.iter().map(|c| c.c).collect::<String>()),
                        Arc::clone,
                    ),
                    value,
                    span: word.span,
                    brace: true,
                    shaped: false,
                    splits: false,
                }
            })
            .collect();
    }
    let value: String = chars.iter().map(|c| c.c).collect();
    let (value, tilde) = match tilde.then(|| working_dir_tilde(&value)).flatten() {
        Some(DirTilde::Here(v)) => (Some(v), false),
        Some(DirTilde::RunTime) => (None, false),
        None => (Some(value), tilde),
    };
    vec![Arg {
        value: value.map(Arc::from),
        template: Arc::from(template),
        span: word.span,
        glob,
        tilde,
        brace: false,
        shaped: false,
        splits: false,
    }]
}

/// A dynamic word that is one word beginning with static text no program reads as an option
/// or an operator (`./"$DIR"`, `"src/$f"`, `"x${n}"`): its first part is literal text that does
/// not begin with `-`, `+`, `!`, `(`, `)` or `,`, every expansion is double-quoted (no word
/// splitting), and nothing is left for brace or glob expansion.
fn anchored(word: &Word, chars: &[Ch], glob: bool) -> bool {
    let Some(WordPart::Literal { text, .. }) = word.parts.first() else {
        return false;
    };
    let starts_well = text
        .chars()
        .next()
        .is_some_and(|c| !matches!(c, '-' | '+' | '!' | '(' | ')' | ','));
    starts_well
        && !glob
        && !chars.iter().any(|c| c.active && c.c == '{')
        && word.parts.iter().all(|p| match p {
            WordPart::Literal { .. } | WordPart::LineContinuation { .. } => true,
            WordPart::Parameter { quoted, .. } | WordPart::CommandSubstitution { quoted, .. } => {
                *quoted
            }
            WordPart::Arithmetic { .. } | WordPart::ProcessSubstitution { .. } => false,
        })
}

/// The word holds an unquoted parameter expansion or command substitution: bash splits its
/// value into words. The numbers bash sets and nothing can assign (`$!`, `$$`, `$#`, `$?`,
/// `$PPID`, `$UID`, `$EUID`, written plainly) never split.
fn unquoted_expansion(word: &Word) -> bool {
    const NUMBERS: &[&str] = &["!", "$", "#", "?", "PPID", "UID", "EUID"];
    word.parts.iter().any(|p| match p {
        WordPart::Parameter {
            quoted,
            name,
            plain,
            ..
        } => {
            let number = *plain && name.as_deref().is_some_and(|n| NUMBERS.contains(&n));
            !*quoted && !number
        }
        WordPart::CommandSubstitution { quoted, .. } => !*quoted,
        _ => false,
    })
}

/// What a tilde prefix of the working-directory family stands for.
enum DirTilde {
    /// `~+`: the working directory, written `./…`.
    Here(String),
    /// `~-` (the previous directory) and `~+N`/`~-N`/`~N` (the directory stack), and a
    /// `~user` prefix followed by a component that climbs (`~nobody/../root/.ssh/id_rsa`): run
    /// time. Another account's home is looked up in the account database when the word is
    /// expanded; its place and depth are not known here, so what a `..` after it reaches is
    /// not either (`/root`, another home, `/etc`).
    RunTime,
}

/// `~+`, `~-`, directory-stack tildes and `~user` prefixes that climb; `None` for other words.
fn working_dir_tilde(value: &str) -> Option<DirTilde> {
    let rest = value.strip_prefix('~')?;
    let end = rest.find('/').unwrap_or(rest.len());
    let (prefix, tail) = rest.split_at(end);
    match prefix {
        "+" => Some(DirTilde::Here(format!(".{tail}"))),
        "-" => Some(DirTilde::RunTime),
        p if {
            let digits = p.strip_prefix(['+', '-']).unwrap_or(p);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        } =>
        {
            Some(DirTilde::RunTime)
        }
        p if !p.is_empty() && climbs(tail) => Some(DirTilde::RunTime),
        _ => None,
    }
}

/// A path tail with a component that leads to a parent: `..`, or a pattern that matches `..`
/// where a leading dot lets it (`.?`, `.[.]`, `.*` in the POSIX shells and bash with
/// `globskipdots` off).
fn climbs(tail: &str) -> bool {
    tail.split('/').any(|c| {
        c == ".."
            || c.contains(['*', '?', '['])
                && crate::files::secret_glob::bash_fnmatch(c, "..", false)
    })
}

/// True when some unquoted literal text of the word has a byte `special` picks out.
fn has_unquoted(word: &Word, special: impl Fn(u8) -> bool) -> bool {
    word.parts.iter().any(|p| match p {
        WordPart::Literal { text, quoting, .. } => {
            *quoting == Quoting::Unquoted && text.bytes().any(&special)
        }
        _ => false,
    })
}

/// The argument of a word with no unquoted brace, glob or tilde syntax: the literal parts
/// joined (the same result as the general path, without its per-character work).
fn plain(word: &Word) -> Arg {
    // The common case, one literal part: its text is the value and the template.
    if let [WordPart::Literal { text, .. }] = word.parts.as_slice() {
        return Arg::exact_text(text.shared(), word.span, false);
    }
    let mut template = String::new();
    let mut dynamic = false;
    for part in &word.parts {
        dynamic |= push_template(part, &mut template);
    }
    let template: Arc<str> = Arc::from(template);
    Arg {
        value: (!dynamic).then(|| Arc::clone(&template)),
        template,
        span: word.span,
        glob: false,
        tilde: false,
        brace: false,
        // No unquoted glob or brace character here.
        shaped: dynamic && anchored(word, &[], false),
        splits: dynamic && unquoted_expansion(word),
    }
}

/// True when the word has unquoted `*`, `?`, `[` or `(`: it may be a glob ([`Arg::glob`] of
/// [`canonical`] decides); false means it certainly is not.
pub(crate) fn may_glob(word: &Word) -> bool {
    has_unquoted(word, |b| matches!(b, b'*' | b'?' | b'[' | b'('))
}

/// True when the word has brace syntax that bash would expand.
pub(crate) fn has_brace_expansion(word: &Word) -> bool {
    brace_chars(word).is_some_and(|chars| find_brace(&chars).is_some())
}

/// The word's literal characters, each marked active when unquoted, when it has an unquoted
/// `{` (`None`: no brace group can be in it).
fn brace_chars(word: &Word) -> Option<Vec<Ch>> {
    if !has_unquoted(word, |b| b == b'{') {
        return None;
    }
    let mut chars = Vec::new();
    for part in &word.parts {
        if let WordPart::Literal { text, quoting, .. } = part {
            let active = *quoting == Quoting::Unquoted;
            chars.extend(text.chars().map(|c| Ch { c, active }));
        }
    }
    Some(chars)
}

fn has_glob(chars: &[Ch]) -> bool {
    chars.iter().enumerate().any(|(i, ch)| {
        ch.active
            && match ch.c {
                '*' | '?' => true,
                '[' => chars[i + 1..].iter().any(|c| c.active && c.c == ']'),
                '@' | '+' | '!' => chars.get(i + 1).is_some_and(|n| n.active && n.c == '('),
                _ => false,
            }
    })
}

/// Where an expandable brace group is: (open, close, comma positions or a sequence).
enum BraceGroup {
    List(usize, usize, Vec<usize>),
    Sequence(usize, usize, Vec<String>),
    /// A sequence of more than [`MAX_BRACE_WORDS`] words (`{1..100000000}`).
    TooLarge,
}

/// What brace expansion makes of a word.
enum Braces {
    /// No brace group.
    None,
    /// The words, in bash's order.
    Words(Vec<Vec<Ch>>),
    /// More than [`MAX_BRACE_WORDS`] words: bash makes them, shclass does not.
    TooMany,
}

fn find_brace(chars: &[Ch]) -> Option<BraceGroup> {
    let mut i = 0;
    while i < chars.len() {
        if chars[i].active
            && chars[i].c == '{'
            && !(i > 0 && chars[i - 1].active && chars[i - 1].c == '$')
        {
            // Find the matching close at depth 0, collecting top-level commas.
            let mut depth = 0usize;
            let mut commas = Vec::new();
            for j in i + 1..chars.len() {
                let ch = chars[j];
                if !ch.active {
                    continue;
                }
                match ch.c {
                    '{' => depth += 1,
                    '}' if depth > 0 => depth -= 1,
                    '}' => {
                        if !commas.is_empty() {
                            return Some(BraceGroup::List(i, j, commas));
                        }
                        let inner: String = chars[i + 1..j].iter().map(|c| c.c).collect();
                        match sequence(&inner) {
                            Some(Sequence::Words(seq)) => {
                                return Some(BraceGroup::Sequence(i, j, seq));
                            }
                            Some(Sequence::TooMany) => return Some(BraceGroup::TooLarge),
                            None => break,
                        }
                    }
                    ',' if depth == 0 => commas.push(j),
                    _ => {}
                }
            }
        }
        i += 1;
    }
    None
}

/// A brace sequence's words.
enum Sequence {
    Words(Vec<String>),
    /// More than [`MAX_BRACE_WORDS`].
    TooMany,
}

/// `{a..e}`, `{1..10}`, `{1..10..2}`, `{01..03}`.
fn sequence(inner: &str) -> Option<Sequence> {
    let parts: Vec<&str> = inner.split("..").collect();
    if parts.len() < 2 || parts.len() > 3 {
        return None;
    }
    let step: i64 = match parts.get(2) {
        Some(s) => s.parse::<i64>().ok()?.checked_abs()?.max(1),
        None => 1,
    };
    if let (Ok(a), Ok(b)) = (parts[0].parse::<i64>(), parts[1].parse::<i64>()) {
        let width = if parts[0].starts_with('0') || parts[1].starts_with('0') {
            parts[0].len().max(parts[1].len())
        } else {
            0
        };
        let count = (a - b).unsigned_abs() / step.unsigned_abs() + 1;
        if count > MAX_BRACE_WORDS as u64 {
            return Some(Sequence::TooMany);
        }
        let mut out = Vec::new();
        let mut x = a;
        for _ in 0..count {
            out.push(format!("{x:0width$}"));
            x = if a <= b { x + step } else { x - step };
        }
        return Some(Sequence::Words(out));
    }
    let (mut ca, mut cb) = (parts[0].chars(), parts[1].chars());
    let (a, b) = (ca.next()?, cb.next()?);
    if ca.next().is_some() || cb.next().is_some() || !a.is_ascii() || !b.is_ascii() {
        return None;
    }
    let (a, b) = (a as i64, b as i64);
    let mut out = Vec::new();
    let mut x = a;
    loop {
        out.push(char::from_u32(u32::try_from(x).ok()?)?.to_string());
        if x == b {
            break;
        }
        x = if a <= b { x + step } else { x - step };
        if (a <= b && x > b) || (a > b && x < b) {
            break;
        }
    }
    Some(Sequence::Words(out))
}

/// Expand brace groups left to right, as bash does.
fn brace_expand(chars: &[Ch]) -> Braces {
    if find_brace(chars).is_none() {
        return Braces::None;
    }
    let mut done: Vec<Vec<Ch>> = Vec::new();
    let mut todo: Vec<Vec<Ch>> = vec![chars.to_vec()];
    while let Some(w) = todo.pop() {
        if done.len() + todo.len() > MAX_BRACE_WORDS {
            return Braces::TooMany;
        }
        match find_brace(&w) {
            None => done.push(w),
            Some(BraceGroup::TooLarge) => return Braces::TooMany,
            Some(BraceGroup::List(open, close, commas)) => {
                let mut bounds = vec![open];
                bounds.extend(commas);
                bounds.push(close);
                let mut alts = Vec::new();
                for pair in bounds.windows(2) {
                    let mut nw = w[..open].to_vec();
                    nw.extend_from_slice(&w[pair[0] + 1..pair[1]]);
                    nw.extend_from_slice(&w[close + 1..]);
                    alts.push(nw);
                }
                todo.extend(alts.into_iter().rev());
            }
            Some(BraceGroup::Sequence(open, close, items)) => {
                for item in items.into_iter().rev() {
                    let mut nw = w[..open].to_vec();
                    nw.extend(item.chars().map(|c| Ch { c, active: false }));
                    nw.extend_from_slice(&w[close + 1..]);
                    todo.push(nw);
                }
            }
        }
    }
    Braces::Words(done)
}

/// The words brace expansion makes of `text`, every character unquoted (the static text after
/// an expansion: `{w,}` of `$x{w,}`); `None` past [`MAX_BRACE_WORDS`].
pub(crate) fn brace_expand_text(text: &str) -> Option<Vec<String>> {
    let chars: Vec<Ch> = text.chars().map(|c| Ch { c, active: true }).collect();
    match brace_expand(&chars) {
        Braces::None => Some(vec![text.to_owned()]),
        Braces::Words(words) => Some(
            words
                .iter()
                .map(|w| w.iter().map(|ch| ch.c).collect())
                .collect(),
        ),
        Braces::TooMany => None,
    }
}

/// Does `word` brace-expand to more words than shclass expands ([`MAX_BRACE_WORDS`])? Its
/// arguments are then unknown to the analysis, as a limit it hit.
pub(crate) fn brace_too_large(word: &Word) -> bool {
    brace_chars(word).is_some_and(|chars| matches!(brace_expand(&chars), Braces::TooMany))
}

/// The static text of `words` joined by single spaces, with a table mapping each byte back to
/// the original input, ready to be re-parsed as code. `None` when any word is dynamic.
pub(crate) fn code_text(words: &[&Word]) -> Option<(String, SpanMap)> {
    let (text, map, dynamic) = joined(words);
    (!dynamic).then_some((text, map))
}

/// Like [`code_text`] for a heredoc body: expansions are kept as their source text (they were
/// analysed where they stand) and the result says whether anything was dynamic.
pub(crate) fn body_text(word: &Word) -> (String, SpanMap, bool) {
    let mut text = String::new();
    let mut table: Vec<Span> = Vec::new();
    let mut dynamic = false;
    for part in &word.parts {
        match part {
            WordPart::Literal { text: t, span, .. } => {
                let exact = t.len() == span.len();
                for (k, _) in t.bytes().enumerate() {
                    table.push(if exact {
                        Span::new(span.start + k, span.start + k + 1)
                    } else {
                        *span
                    });
                }
                text.push_str(t);
            }
            WordPart::LineContinuation { .. } => {}
            WordPart::Parameter { source, span, .. }
            | WordPart::Arithmetic { source, span, .. } => {
                dynamic = true;
                for (k, _) in source.bytes().enumerate() {
                    table.push(Span::new(span.start + k, span.start + k + 1));
                }
                text.push_str(source);
            }
            WordPart::CommandSubstitution { span, .. }
            | WordPart::ProcessSubstitution { span, .. } => {
                dynamic = true;
                // Its own units are analysed where it stands; in the code it is an unknown word.
                let placeholder = "${__shclass_substitution__}";
                for _ in placeholder.bytes() {
                    table.push(*span);
                }
                text.push_str(placeholder);
            }
        }
    }
    (text, SpanMap::Table(table), dynamic)
}

/// Words as code whose expansions are not known now (`eval "find $HOME -delete"`): each
/// expansion kept as its source text, as [`body_text`] keeps a heredoc's, words joined by a
/// blank. A reading of it can only add findings: the caller has flagged the code as dynamic.
pub(crate) fn template_text(words: &[&Word]) -> (String, SpanMap) {
    let (text, map, _) = joined(words);
    (text, map)
}

/// `words` each read as [`body_text`] reads a word, joined by a blank (mapped to the gap
/// between them), and whether any was dynamic.
fn joined(words: &[&Word]) -> (String, SpanMap, bool) {
    let mut text = String::new();
    let mut table: Vec<Span> = Vec::new();
    let mut dynamic = false;
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            text.push(' ');
            let at = table.last().map_or(word.span.start, |s| s.end);
            table.push(Span::new(at, at));
        }
        let (t, map, d) = body_text(word);
        dynamic |= d;
        text.push_str(&t);
        if let SpanMap::Table(spans) = map {
            table.extend(spans);
        }
    }
    (text, SpanMap::Table(table), dynamic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::ast::Command;

    fn first_word_args(src: &str) -> Vec<Vec<Option<String>>> {
        let script = crate::parse::parse(src, &Limits::default());
        let Some(Command::Simple(cmd)) = script.commands.first() else {
            return Vec::new();
        };
        cmd.words
            .iter()
            .map(|w| {
                canonical(w)
                    .into_iter()
                    .map(|a| a.value.as_deref().map(str::to_owned))
                    .collect()
            })
            .collect()
    }

    fn values(src: &str) -> Vec<Option<String>> {
        first_word_args(src).into_iter().flatten().collect()
    }

    #[test]
    fn canonical_forms() {
        let table: &[(&str, &[Option<&str>])] = &[
            ("r''m -rf /", &[Some("rm"), Some("-rf"), Some("/")]),
            ("\\rm -rf /", &[Some("rm"), Some("-rf"), Some("/")]),
            ("$'\\x72m' -rf /", &[Some("rm"), Some("-rf"), Some("/")]),
            ("$'\\162\\155' x", &[Some("rm"), Some("x")]),
            ("$'\\u0072m' x", &[Some("rm"), Some("x")]),
            ("\"r\"m x", &[Some("rm"), Some("x")]),
            ("r\"\"m x", &[Some("rm"), Some("x")]),
            ("'r'\"m\" x", &[Some("rm"), Some("x")]),
            ("$\"rm\" x", &[Some("rm"), Some("x")]),
            ("echo \"a\\\"b\"", &[Some("echo"), Some("a\"b")]),
            ("echo \"a\\qb\"", &[Some("echo"), Some("a\\qb")]),
            ("echo a\\ b", &[Some("echo"), Some("a b")]),
            ("echo \"\"", &[Some("echo"), Some("")]),
            ("echo $HOME", &[Some("echo"), None]),
            ("echo \"$(id)\"", &[Some("echo"), None]),
            ("echo $((1+2))", &[Some("echo"), None]),
            ("echo {a,b}", &[Some("echo"), Some("a"), Some("b")]),
            (
                "echo x{1..3}",
                &[Some("echo"), Some("x1"), Some("x2"), Some("x3")],
            ),
            (
                "echo {a..c}",
                &[Some("echo"), Some("a"), Some("b"), Some("c")],
            ),
            ("echo '{a,b}'", &[Some("echo"), Some("{a,b}")]),
            ("echo {a}", &[Some("echo"), Some("{a}")]),
            (
                "echo {a,{b,c}}",
                &[Some("echo"), Some("a"), Some("b"), Some("c")],
            ),
            ("echo ~/x", &[Some("echo"), Some("~/x")]),
        ];
        for (src, want) in table {
            let want: Vec<Option<String>> = want.iter().map(|w| w.map(str::to_owned)).collect();
            assert_eq!(values(src), want, "canonicalising {src:?}");
        }
    }

    #[test]
    fn line_continuation_joins() {
        assert_eq!(
            values("r\\\nm x"),
            vec![Some("rm".to_owned()), Some("x".to_owned())]
        );
    }

    #[test]
    fn glob_and_tilde_marks() {
        let script = crate::parse::parse("ls *.rs '*.md' ~ '~' [ab] a\\*", &Limits::default());
        let Some(Command::Simple(cmd)) = script.commands.first() else {
            panic!("no command");
        };
        let args: Vec<Arg> = cmd.words.iter().flat_map(canonical).collect();
        let marks: Vec<(bool, bool)> = args.iter().map(|a| (a.glob, a.tilde)).collect();
        assert_eq!(
            marks,
            vec![
                (false, false),
                (true, false),
                (false, false),
                (false, true),
                (false, false),
                (true, false),
                (false, false),
            ]
        );
    }

    #[test]
    fn dynamic_template_keeps_source() {
        let script = crate::parse::parse("rm -rf \"$HOME\"/x ${HOME}", &Limits::default());
        let Some(Command::Simple(cmd)) = script.commands.first() else {
            panic!("no command");
        };
        let args: Vec<Arg> = cmd.words.iter().flat_map(canonical).collect();
        assert_eq!(&*args[2].template, "$HOME/x");
        assert_eq!(args[2].value, None);
        assert_eq!(&*args[3].template, "${HOME}");
    }

    /// `$PWD` quoted is one word that begins with `/`; unquoted, bash splits it at blanks (a
    /// directory named `a -delete`), so a later piece may be an option. `$HOME` is the
    /// person's.
    #[test]
    fn an_unquoted_pwd_may_be_an_option() {
        let analysis = crate::analyze::analyze(
            "find \"$PWD\" $PWD $PWD/x \"$PWD\"/x $HOME/x",
            &Limits::default(),
        );
        let unit = &analysis.units[0];
        let never: Vec<bool> = unit.args().map(Arg::never_an_option).collect();
        assert_eq!(never, [true, false, false, true, true]);
    }

    /// A path a shaped producer prints splits when unquoted; ids and ref names do not.
    #[test]
    fn an_unquoted_path_from_a_producer_splits() {
        for (line, shaped) in [
            ("find \"$(pwd)\" -name x", true),
            ("find $(pwd) -name x", false),
            ("find $(realpath .)/src -name x", false),
            ("find $(git rev-parse --show-toplevel) -name x", false),
            ("git show $(git rev-parse HEAD)", true),
            ("find $(which find) -name x", true),
            ("find $(command -v 'a b') -name x", false),
            ("git show $(git rev-parse --abbrev-ref HEAD)", true),
            ("x=$(pwd); find \"$x\" -name y", true),
            ("x=$(pwd); find $x -name y", false),
            ("for s in $(pwd); do find \"$s\" -name x; done", false),
            ("for s in \"$(pwd)\"; do find \"$s\" -name x; done", true),
            (
                "for s in $(git rev-list -n 3 HEAD); do git show \"$s\"; done",
                true,
            ),
        ] {
            let analysis = crate::analyze::analyze(line, &Limits::default());
            let unit = analysis
                .units
                .iter()
                .rev()
                .find(|u| u.args().any(|a| a.value.is_none()))
                .unwrap_or_else(|| panic!("{line}"));
            let arg = unit
                .args()
                .find(|a| a.value.is_none())
                .unwrap_or_else(|| panic!("{line}"));
            assert_eq!(arg.never_an_option(), shaped, "{line}");
        }
    }
}
