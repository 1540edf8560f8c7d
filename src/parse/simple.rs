//! The fast path for the most common command lines: simple commands of plain and
//! single-quoted words, joined by `|`, `&&`, `||` and `;`.
//!
//! `ls -la src`, `git status`, `cargo test --release`, `git add -A && git commit -m 'fix'`,
//! `find . -name '*.rs' | xargs wc -l`: when every unquoted byte is a letter, a digit, a space,
//! one of `_ . / : , + = @ % -`, one of those operators or a plain redirect (`2>&1`, `> f`),
//! and every quoted one is printable ASCII inside single quotes or inside double quotes without
//! `$`, `` ` ``, `\` or `!`, bash does nothing to the line but split it into commands and
//! the commands at the spaces — no double quotes, escapes, expansions, globs, tilde, braces,
//! comments or redirections can be in it. Such a line is lowered here, straight into the
//! [`Script`] the tree-sitter path would build, without starting the parser (a parse of
//! `ls -la` costs the hook about as much as everything else it does).
//!
//! What is not certain falls through to tree-sitter: a first word that bash reads as a
//! keyword (`if`, `time`…) or that tree-sitter-bash gives its own node (`export`, `declare`,
//! `local`, `unset`…), a first word starting with `-`, quoted, or holding anything but letters,
//! digits, `_ . / -` (an assignment `a=1`; tree-sitter-bash reads `a%`, `b@`, `a+:` as syntax
//! errors, which bash does not), a word starting with `=` (`==` is an operator to
//! tree-sitter-bash), `|&`, `&`, `;;`, an operator without a command on both sides, a pipeline of
//! three or more stages before `&&` or `||` (tree-sitter-bash reads `a | b | c && d` as
//! `a | (b | c && d)`), a redirect other than `>`, `>>`, `<` to a word or `>&` to a descriptor
//! number, a redirect of any but a statement's first command or followed by a word
//! (tree-sitter-bash reads `a | b > f` as a redirect of the whole pipeline), more than eight
//! commands, limits the line could come near, and text
//! re-parsed from inside quotes (its offsets map through a table). The quirks were found by
//! the random tests below.
//!
//! The equivalence is tested, not assumed: `the_fast_path_builds_what_tree_sitter_builds` compares
//! both readings on every such line of the tldr corpus and on random lines of the alphabet.

use crate::Limits;
use crate::ast::{
    AndOrOp, Command, LitText, Quoting, Redirect, RedirectTarget, Script, SimpleCommand, Span,
    Word, WordPart,
};

/// Longest line taken: longer ones are rare and go to tree-sitter with its limits.
const MAX_BYTES: usize = 4096;

/// First words tree-sitter-bash does not read as a plain command name.
fn not_a_command_name(name: &str) -> bool {
    matches!(
        name,
        "case"
            | "coproc"
            | "declare"
            | "do"
            | "done"
            | "elif"
            | "else"
            | "esac"
            | "export"
            | "fi"
            | "for"
            | "function"
            | "if"
            | "in"
            | "local"
            | "readonly"
            | "select"
            | "then"
            | "time"
            | "typeset"
            | "unset"
            | "unsetenv"
            | "until"
            | "while"
    )
}

/// A plain-word byte: no shell meaning, inside a word or as one.
fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'_' | b'.' | b'/' | b':' | b',' | b'+' | b'=' | b'@' | b'%' | b'-'
        )
}

/// Most commands a line may hold (`a | b && c; d` is four): longer lines go to tree-sitter,
/// whose lists nest one level per operator.
const MAX_COMMANDS: usize = 8;

/// An operator between commands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Pipe,
    And,
    Or,
    Semi,
}

enum Token {
    Word(Word),
    Redirect(Redirect),
    Op(Op),
}

/// What [`redirect`] found.
enum Redir {
    /// No redirect starts here.
    NotOne,
    /// One this path takes.
    Taken(Redirect),
    /// One this path does not take (`<<`, `&>`, `>|`, `<>`, `<&`, `>(…)`, `>& file`).
    Other,
}

/// The redirect at `*i`, if one starts there: `>`, `>>`, `<` to or from a word, and `>&` to a
/// file descriptor number, each with an optional one-digit descriptor before it (`2>&1`,
/// `2>/dev/null`).
fn redirect(src: &str, base: usize, i: &mut usize) -> Redir {
    let b = src.as_bytes();
    let start = *i;
    let (fd, at) = match (b.get(start), b.get(start + 1)) {
        (Some(d), Some(b'<' | b'>')) if d.is_ascii_digit() => (src.get(start..=start), start + 1),
        (Some(b'<' | b'>'), _) => (None, start),
        _ => return Redir::NotOne,
    };
    let (op, mut j) = match (b.get(at), b.get(at + 1)) {
        (Some(b'>'), Some(b'>')) => (">>", at + 2),
        (Some(b'>'), Some(b'&')) => (">&", at + 2),
        (Some(b'>'), Some(b'|' | b'(')) | (Some(b'<'), Some(b'<' | b'>' | b'&' | b'(')) => {
            return Redir::Other;
        }
        (Some(b'>'), _) => (">", at + 1),
        _ => ("<", at + 1),
    };
    if matches!(b.get(j), Some(b'>' | b'<' | b'&')) {
        return Redir::Other;
    }
    if op == ">&" {
        // `2>&1`: a descriptor number right after the operator.
        let digits = b
            .get(j..)
            .unwrap_or_default()
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 || !matches!(b.get(j + digits), None | Some(b' ' | b'|' | b';' | b'&')) {
            return Redir::Other;
        }
        let span = Span::new(base + j, base + j + digits);
        *i = j + digits;
        let target = Word {
            parts: vec![WordPart::Literal {
                text: LitText::Shared(src.get(j..j + digits).unwrap_or_default().into()),
                quoting: Quoting::Unquoted,
                span,
            }],
            span,
        };
        return Redir::Taken(Redirect {
            op: op.to_owned(),
            fd: fd.map(str::to_owned),
            target: RedirectTarget::Word(target),
            span: Span::new(base + start, base + *i),
        });
    }
    while b.get(j) == Some(&b' ') {
        j += 1;
    }
    let Some(target) = word(src, base, &mut j) else {
        return Redir::Other;
    };
    *i = j;
    Redir::Taken(Redirect {
        op: op.to_owned(),
        fd: fd.map(str::to_owned),
        span: Span::new(base + start, target.span.end),
        target: RedirectTarget::Word(target),
    })
}

/// The words and operators of `b`, or `None` for anything else: plain words, single-quoted
/// strings of printable ASCII (bash takes everything between the quotes as it is) and words
/// made of both (`-name='*.rs'`), separated by spaces, `|`, `&&`, `||` and `;`.
fn tokens(src: &str, base: usize) -> Option<Vec<Token>> {
    let b = src.as_bytes();
    // About one token per space, plus operators: room for most lines in one allocation.
    let spaces = b.iter().fold(0, |n, &c| n + usize::from(c == b' '));
    let mut out = Vec::with_capacity(spaces + 2);
    let mut i = 0;
    while i < b.len() {
        let op = match (b[i], b.get(i + 1)) {
            (b' ', _) => {
                i += 1;
                continue;
            }
            (b'|', Some(b'|')) | (b'&', Some(b'&')) => {
                i += 2;
                if b[i - 1] == b'|' { Op::Or } else { Op::And }
            }
            (b'|', _) => {
                i += 1;
                Op::Pipe
            }
            (b';', _) => {
                i += 1;
                Op::Semi
            }
            _ => {
                match redirect(src, base, &mut i) {
                    Redir::Taken(r) => out.push(Token::Redirect(r)),
                    Redir::Other => return None,
                    Redir::NotOne => out.push(Token::Word(word(src, base, &mut i)?)),
                }
                continue;
            }
        };
        // `|&`, `;;`, `&&&`, `||;`…: operators tree-sitter reads otherwise, or errors.
        if matches!(b.get(i), Some(b'&' | b'|' | b';')) {
            return None;
        }
        out.push(Token::Op(op));
    }
    Some(out)
}

/// The word at `*i`: plain runs and single-quoted strings, up to a space or an operator.
fn word(src: &str, base: usize, i: &mut usize) -> Option<Word> {
    let b = src.as_bytes();
    let start = *i;
    // Most words are one part.
    let mut parts = Vec::with_capacity(1);
    while *i < b.len() && !matches!(b[*i], b' ' | b'|' | b';' | b'&' | b'<' | b'>') {
        let from = *i;
        if let quote @ (b'\'' | b'"') = b[from] {
            let len = b.get(from + 1..)?.iter().position(|&c| c == quote)?;
            let (open, close) = (from + 1, from + 1 + len);
            // Inside double quotes `$`, `` ` `` and `\` keep their meaning (and `!` may, in
            // an interactive shell): such strings go to tree-sitter.
            let literal = |c: u8| {
                (b' '..=b'~').contains(&c)
                    && (quote == b'\'' || !matches!(c, b'$' | b'`' | b'\\' | b'!'))
            };
            if !b[open..close].iter().all(|&c| literal(c)) {
                return None;
            }
            parts.push(WordPart::Literal {
                text: LitText::Shared(src.get(open..close)?.into()),
                quoting: if quote == b'"' {
                    Quoting::Double
                } else {
                    Quoting::Single
                },
                span: Span::new(base + open, base + close),
            });
            *i = close + 1;
        } else {
            // A `~` after a letter or digit is plain (`HEAD~1`): bash expands a tilde only at
            // the start of a word or after `=` or `:`.
            while *i < b.len()
                && (is_plain(b[*i])
                    || (b[*i] == b'~' && *i > from && b[*i - 1].is_ascii_alphanumeric()))
            {
                *i += 1;
            }
            if *i == from {
                return None;
            }
            parts.push(WordPart::Literal {
                text: LitText::Shared(src.get(from..*i)?.into()),
                quoting: Quoting::Unquoted,
                span: Span::new(base + from, base + *i),
            });
        }
    }
    // `cmd ==`: tree-sitter-bash reads a word of `=`s as an operator; a word right before a
    // `<` or `>` it may read as a descriptor (`10>f`, `-1<f`): left to it.
    if parts.is_empty() || b.get(start) == Some(&b'=') || matches!(b.get(*i), Some(b'<' | b'>')) {
        return None;
    }
    Some(Word {
        parts,
        span: Span::new(base + start, base + *i),
    })
}

/// A simple command of `words`, or `None` when its first word is not certainly a plain
/// command name.
fn simple(words: Vec<Word>, redirects: Vec<Redirect>) -> Option<Command> {
    let first = words.first()?;
    let name = match first.parts.as_slice() {
        [
            WordPart::Literal {
                text,
                quoting: Quoting::Unquoted,
                ..
            },
        ] => text.as_str(),
        _ => return None,
    };
    if name.starts_with('-')
        || !name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'/' | b'-'))
        || not_a_command_name(name)
    {
        return None;
    }
    let last = redirects.last().map_or(words.last()?.span, |r| r.span);
    let span = first.span.cover(last);
    Some(Command::Simple(SimpleCommand {
        assignments: Vec::new(),
        words,
        redirects,
        span,
    }))
}

fn span_of(c: &Command) -> Span {
    match c {
        Command::Simple(s) => s.span,
        Command::Pipeline { span, .. } | Command::AndOr { span, .. } => *span,
        _ => Span::new(0, 0),
    }
}

/// `src` (at offset `base` of the input, `depth` levels deep) as simple commands of plain and
/// single-quoted words joined by `|`, `&&`, `||` and `;`, or `None` when it is not one for
/// certain.
pub(super) fn parse(src: &str, base: usize, depth: usize, limits: &Limits) -> Option<Script> {
    if src.len() > MAX_BYTES {
        return None;
    }
    let tokens = tokens(src, base)?;
    // Lists (`;`) of and-or chains (left to right) of pipelines of simple commands.
    let mut commands = Vec::new();
    let mut chain: Option<(Command, Option<AndOrOp>)> = None;
    let mut stages: Vec<Command> = Vec::new();
    let mut words = Vec::new();
    let mut redirects = Vec::new();
    let (mut count, mut word_count, mut ops) = (0, 0, 0);
    let mut left = tokens.len();
    for token in tokens.into_iter().map(Some).chain([None]) {
        left = left.saturating_sub(1);
        let op = match token {
            // Words after a redirect (`cmd >f arg`) are left to tree-sitter.
            Some(Token::Word(_)) if !redirects.is_empty() => return None,
            Some(Token::Word(w)) => {
                word_count += 1;
                if words.capacity() == 0 {
                    // This word and at most every token left: one allocation per command.
                    words.reserve_exact(left + 1);
                }
                words.push(w);
                continue;
            }
            // tree-sitter-bash drops a lone `-` before a descriptor redirect (`cat - 2>e`).
            Some(Token::Redirect(r))
                if r.fd.is_some()
                    && redirects.is_empty()
                    && words.last().is_some_and(|w: &Word| {
                        matches!(w.parts.as_slice(), [WordPart::Literal { text, quoting: Quoting::Unquoted, .. }] if text == "-")
                    }) =>
            {
                return None;
            }
            Some(Token::Redirect(r)) => {
                word_count += 2;
                redirects.push(r);
                continue;
            }
            Some(Token::Op(op)) => Some(op),
            None => None,
        };
        // A command ends here: it must have words.
        // tree-sitter-bash reads `a | b > f | c` and `a && b > f` as redirects of what comes
        // before: a redirect of any but a statement's first command is left to it.
        if !redirects.is_empty() && (!stages.is_empty() || chain.is_some()) {
            return None;
        }
        stages.push(simple(
            std::mem::take(&mut words),
            std::mem::take(&mut redirects),
        )?);
        count += 1;
        if op == Some(Op::Pipe) {
            ops += 1;
            continue;
        }
        // tree-sitter-bash reads `a | b | c && d` as `a | (b | c && d)`: left to it.
        if stages.len() >= 3 && matches!(op, Some(Op::And | Op::Or)) {
            return None;
        }
        let pipeline = if stages.len() == 1 {
            stages.pop()?
        } else {
            let span = span_of(stages.first()?).cover(span_of(stages.last()?));
            Command::Pipeline {
                stages: std::mem::take(&mut stages),
                span,
            }
        };
        let joined = match chain.take() {
            None => pipeline,
            Some((left, andor)) => {
                let span = span_of(&left).cover(span_of(&pipeline));
                Command::AndOr {
                    left: Box::new(left),
                    op: andor?,
                    right: Box::new(pipeline),
                    span,
                }
            }
        };
        match op {
            Some(Op::And) => chain = Some((joined, Some(AndOrOp::And))),
            Some(Op::Or) => chain = Some((joined, Some(AndOrOp::Or))),
            Some(Op::Semi | Op::Pipe) | None => commands.push(joined),
        }
        ops += 1;
    }
    // Nodes: the program, per command its node, name and a margin, per word a word and its
    // parts; depth: lists nest once per operator, then command, word, part.
    if count > MAX_COMMANDS
        || 4 * word_count + 4 * count + 8 > limits.max_nodes
        || depth + ops + 5 > limits.max_tree_depth
    {
        return None;
    }
    Some(Script {
        commands,
        issues: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::parse;
    use crate::Limits;

    /// Both readings of `src`, as text: the fast path's (when it takes the line) and
    /// tree-sitter's.
    fn both(src: &str) -> Option<(String, String)> {
        let limits = Limits::default();
        let fast = parse(src, 0, 0, &limits)?;
        let slow =
            crate::parse::parse_with_tree_sitter(src, &crate::parse::SpanMap::Shift(0), 0, &limits);
        Some((format!("{fast:#?}"), format!("{slow:#?}")))
    }

    #[test]
    fn the_fast_path_builds_what_tree_sitter_builds() {
        let corpus = include_str!("../../tests/data/tldr-commands.txt");
        let mut taken = 0;
        for line in corpus.lines() {
            if let Some((fast, slow)) = both(line) {
                assert_eq!(fast, slow, "{line:?}");
                taken += 1;
            }
        }
        assert!(taken > 30_000, "only {taken} tldr lines took the fast path");
        for line in [
            "ls",
            "  ls  -la  ",
            "make CC=gcc -j4",
            "git log --format=%H@x",
            ": x",
            ". ./env",
            "-x",
            "1",
            "a,b c+d e:f",
            "x=",
            "awk",
            "exporter x",
            "times",
            "iffy",
        ] {
            if let Some((fast, slow)) = both(line) {
                assert_eq!(fast, slow, "{line:?}");
            }
        }
    }

    #[test]
    fn pipelines_lists_and_single_quotes_take_the_fast_path_and_read_the_same() {
        for line in [
            "find . -name '*.rs' | xargs wc -l",
            "git add -A && git commit -m 'fix: typo'",
            "cat README.md | grep -n install",
            "a b | c && d 'x y' ; e",
            "a||b",
            "a;b",
            "a&&b|c",
            "x 'a'b'c' '' '$HOME' 'a\\b' '#x'",
            "git commit -m \"fix: typo in README\" \"\" a\"b\"'c' \"'\" \"*\" \"~/x\"",
            "make test || echo failed; echo done",
            "a | b || c && d",
            "x || a | b | c",
            "echo done > out.txt",
            "cargo build 2>&1 | tail -n 20",
            "make >> log 2>&1 && echo ok",
            "a < in >out 2>/dev/null",
            "a >'x y' 2>\"e\" 1>&2 >&2",
            "git diff HEAD~1 -- src/main.rs",
            "git log a~2..b~ x~y~",
            "a > f | b",
            "a > f && b; c 2>&1",
        ] {
            let (fast, slow) = both(line).unwrap_or_else(|| panic!("not taken: {line:?}"));
            assert_eq!(fast, slow, "{line:?}");
        }
    }

    #[test]
    fn what_it_cannot_be_sure_of_goes_to_tree_sitter() {
        let limits = Limits::default();
        for line in [
            "",
            "   ",
            "x=1 ls",
            "export A=1",
            "time ls",
            "if x",
            "ls 'a",
            "ls 'é'",
            "ls \"$x\"",
            "ls \"a\\\"b\"",
            "ls \"`x`\"",
            "ls \"!x\"",
            "ls \"a",
            "\"ls\" x",
            "'ls' x",
            "ls |& x",
            "ls &",
            "ls & x",
            "ls;",
            "ls ;; x",
            "| ls",
            "ls | | x",
            "ls && time x",
            "ls || ! x",
            "a | b | c | d | e | f | g | h | i",
            "a | b | c && d",
            "a | b | c | d || e",
            "ls > f x",
            "ls <<EOF",
            "ls &> f",
            "ls >| f",
            "ls <> f",
            "ls >(x)",
            "ls <(x)",
            "ls 2>& 1",
            "ls >&f",
            "ls <&3",
            "> f ls",
            "ls >",
            "ls > | x",
            "ls >>> f",
            "a | b > f",
            "a && b 2>&1",
            "a | b <c | d",
            "00<\"\"",
            "a2>f",
            "A -1<''",
            "cat - 2>e",
            "a 10>f",
            "a && b >c | d",
            "ls ~",
            "ls a=~/x",
            "ls a:~",
            "ls .~",
            "ls *",
            "ls\tx",
            "ls\nrm",
            "ls;&rm",
            "ls # x",
            "echo $x",
            "echo é",
            "ls {a,b}",
            "! ls",
            "local x",
            "unset x",
            "declare -x a",
        ] {
            assert!(parse(line, 0, 0, &limits).is_none(), "{line:?}");
        }
        let tight = Limits {
            max_nodes: 9,
            ..Limits::default()
        };
        assert!(parse("ls -la", 0, 0, &tight).is_none());
        assert!(parse("ls", 0, Limits::default().max_tree_depth - 2, &limits).is_none());
        assert!(parse(&"a ".repeat(3000), 0, 0, &limits).is_none());
    }

    /// Words bash or tree-sitter-bash may read specially in some position, and plain ones.
    const TOKENS: &[&str] = &[
        "a",
        "ls",
        "if",
        "then",
        "fi",
        "do",
        "done",
        "in",
        "case",
        "esac",
        "time",
        "==",
        "=",
        "-",
        "--",
        "x=1",
        "%1",
        "@a",
        "+:",
        "9",
        "export",
        "local",
        "declare",
        "while",
        "until",
        "select",
        "function",
        "coproc",
        "elif",
        "else",
        "for",
        "unset",
        "typeset",
        "readonly",
        "1:2",
        "a,b",
        "-e",
        "--x=y",
        "./a",
        "..",
        "/",
        ":",
        "%",
        "@",
        "+",
        "_",
        "a=",
        "=a",
        "a=b=c",
        "-1",
        "2",
        "3a",
        "x+=1",
        "echo",
        "test",
        "let",
        "eval",
        "exec",
        "command",
        "source",
        ".",
        "alias",
        "trap",
        "read",
        "|",
        "||",
        "&&",
        ";",
        "&",
        "|&",
        ";;",
        "'a b'",
        "''",
        "'$x'",
        "a'b'c",
        "-name='*.rs'",
        "'ls'",
        "'#'",
        "'",
        "x'",
        "'\\'",
        "=='a'",
        "a|b",
        "a;b",
        "a&&b",
        ">",
        ">>",
        "<",
        "2>&1",
        ">&2",
        "2>",
        ">f",
        "2>/dev/null",
        "<in",
        "1>&",
        "&>",
        ">|",
        "<<",
        "<>",
        ">&",
        "9<x",
        "HEAD~1",
        "a~",
        "~",
        "=~",
        ":~",
        "x=~/a",
        "a~b~",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn random_plain_lines_read_the_same(src in "[a-zA-Z0-9 _./:,+=@%'\"|;&*#$<>~-]{0,40}") {
            if let Some((fast, slow)) = both(&src) {
                prop_assert_eq!(fast, slow, "{:?}", src);
            }
        }

        #[test]
        fn random_lines_of_tokens_read_the_same(
            words in prop::collection::vec(prop::sample::select(TOKENS), 1..10)
        ) {
            let src = words.join(" ");
            if let Some((fast, slow)) = both(&src) {
                prop_assert_eq!(fast, slow, "{:?}", src);
            }
        }
    }
}
