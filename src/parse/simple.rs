//! The fast path for the most common command line: one simple command of plain words.
//!
//! `ls -la src`, `git status`, `cargo test --release`: when every byte is a letter, a digit,
//! a space or one of `_ . / : , + = @ % -`, bash does nothing to the line but split it at the
//! spaces — no quotes, escapes, expansions, globs, tilde, braces, comments, redirections or
//! operators can be in it. Such a line is lowered here, straight into the [`Script`] the
//! tree-sitter path would build, without starting the parser (a parse of `ls -la` costs the
//! hook about as much as everything else it does; 86 % of the tldr commands are such lines).
//!
//! What is not certain falls through to tree-sitter: a first word that bash reads as a
//! keyword (`if`, `time`…) or that tree-sitter-bash gives its own node (`export`, `declare`,
//! `local`, `unset`…), a first word starting with `-` or holding anything but letters, digits,
//! `_ . / -` (an assignment `a=1`; tree-sitter-bash reads `a%`, `b@`, `a+:` as syntax errors,
//! which bash does not), a word starting with `=` (`==` is an operator to tree-sitter-bash),
//! limits the line could come near, and text re-parsed from inside quotes (its offsets map
//! through a table). The quirks were found by the random tests below.
//!
//! The equivalence is tested, not assumed: `the_fast_path_builds_what_tree_sitter_builds` compares
//! both readings on every such line of the tldr corpus and on random lines of the alphabet.

use crate::Limits;
use crate::ast::{Command, Quoting, Script, SimpleCommand, Span, Word, WordPart};

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

/// `src` (at offset `base` of the input, `depth` levels deep) as one simple command of plain
/// words, or `None` when it is not one for certain.
pub(super) fn parse(src: &str, base: usize, depth: usize, limits: &Limits) -> Option<Script> {
    let b = src.as_bytes();
    if b.len() > MAX_BYTES || !b.iter().all(|&c| c == b' ' || is_plain(c)) {
        return None;
    }
    let mut words = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] != b' ' {
            i += 1;
        }
        if b[start] == b'=' {
            // `cmd ==`: tree-sitter-bash reads a word of `=`s as an operator.
            return None;
        }
        let span = Span::new(base + start, base + i);
        words.push(Word {
            parts: vec![WordPart::Literal {
                text: src[start..i].to_owned(),
                quoting: Quoting::Unquoted,
                span,
            }],
            span,
        });
    }
    let first = words.first()?;
    let name = &src[first.span.start - base..first.span.end - base];
    // Nodes: the program, the command, its name and one per word (a margin on top); depth:
    // command, words, parts.
    if name.starts_with('-')
        || !name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'/' | b'-'))
        || not_a_command_name(name)
        || 4 * words.len() + 8 > limits.max_nodes
        || depth + 4 > limits.max_tree_depth
    {
        return None;
    }
    let span = first.span.cover(words.last()?.span);
    Some(Script {
        commands: vec![Command::Simple(SimpleCommand {
            assignments: Vec::new(),
            words,
            redirects: Vec::new(),
            span,
        })],
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
    fn what_it_cannot_be_sure_of_goes_to_tree_sitter() {
        let limits = Limits::default();
        for line in [
            "",
            "   ",
            "x=1 ls",
            "export A=1",
            "time ls",
            "if x",
            "ls 'a'",
            "ls ~",
            "ls *",
            "ls\tx",
            "ls\nrm",
            "ls;rm",
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
        "a", "ls", "if", "then", "fi", "do", "done", "in", "case", "esac", "time", "==", "=", "-",
        "--", "x=1", "%1", "@a", "+:", "9", "export", "local", "declare", "while", "until",
        "select", "function", "coproc", "elif", "else", "for", "unset", "typeset", "readonly",
        "1:2", "a,b", "-e", "--x=y", "./a", "..", "/", ":", "%", "@", "+", "_", "a=", "=a",
        "a=b=c", "-1", "2", "3a", "x+=1", "echo", "test", "let", "eval", "exec", "command",
        "source", ".", "alias", "trap", "read",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn random_plain_lines_read_the_same(src in "[a-zA-Z0-9 _./:,+=@%-]{0,40}") {
            if let Some((fast, slow)) = both(&src) {
                prop_assert_eq!(fast, slow, "{:?}", src);
            }
        }

        #[test]
        fn random_lines_of_tokens_read_the_same(
            words in prop::collection::vec(prop::sample::select(TOKENS), 1..6)
        ) {
            let src = words.join(" ");
            if let Some((fast, slow)) = both(&src) {
                prop_assert_eq!(fast, slow, "{:?}", src);
            }
        }
    }
}
