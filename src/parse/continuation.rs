//! Backslash-newline pairs that bash and tree-sitter-bash could read differently.
//!
//! bash removes every unquoted backslash-newline before it forms tokens, also inside double
//! quotes and unquoted heredoc bodies, so `"$\⏎(cmd)"` is a command substitution, `ec\⏎ho` is
//! `echo` and `&\⏎&` is `&&`; it keeps them in single quotes, `$'…'`, comments and quoted
//! heredoc bodies. tree-sitter-bash only knows the pair between words. A pair is taken as read
//! alike when a blank stands on one side of it (joining a blank to anything makes no new
//! token); every other pair outside literal text is a parse error, so such a line is analysed as
//! well as it can be but never allowed. Nothing is rewritten here.

use tree_sitter::{Node, Tree};

use super::{SpanMap, kind};
use crate::ast::{IssueKind, SyntaxIssue};

/// A parse error for each backslash-newline of `src` whose removal by bash could join two
/// tokens into something tree-sitter-bash did not read.
pub(super) fn issues(tree: &Tree, src: &str, map: &SpanMap) -> Vec<SyntaxIssue> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    for nl in memchr_all(b, b'\n') {
        if nl == 0 || b[nl - 1] != b'\\' {
            continue;
        }
        let run = b[..nl].iter().rev().take_while(|c| **c == b'\\').count();
        if run % 2 == 0 {
            continue;
        }
        let at = nl - 1;
        let before = at.checked_sub(1).map(|i| b[i]);
        let after = b.get(nl + 1).copied();
        let blank = |c: Option<u8>| c.is_none_or(|c| matches!(c, b' ' | b'\t' | b'\n'));
        if ((run == 1 && blank(before)) || blank(after))
            && !(run == 1 && blank(after) && ends_assignment_operator(tree.root_node(), at))
        {
            continue;
        }
        if in_literal_text(tree.root_node(), src, at) {
            continue;
        }
        out.push(SyntaxIssue {
            kind: IssueKind::ParseError,
            span: map.map(at, nl + 1),
            detail: "a backslash-newline inside a word, string or operator: bash joins the \
                     lines before reading them, tree-sitter-bash may not"
                .to_owned(),
        });
    }
    out
}

fn memchr_all(b: &[u8], needle: u8) -> impl Iterator<Item = usize> + '_ {
    b.iter()
        .enumerate()
        .filter(move |(_, c)| **c == needle)
        .map(|(i, _)| i)
}

/// True when the byte before `at` ends the `=` (or `+=`) of an assignment. bash removes the
/// backslash-newline and reads the blank after it as ending an empty value (`A=\⏎ rm ls` runs
/// `rm ls`); tree-sitter-bash skips the pair and the blank and reads the next word as the value.
fn ends_assignment_operator(root: Node, at: usize) -> bool {
    let Some(eq) = at.checked_sub(1) else {
        return false;
    };
    root.descendant_for_byte_range(eq, eq + 1).is_some_and(|n| {
        matches!(kind(n), "=" | "+=")
            && n.end_byte() == at
            && n.parent().is_some_and(|p| kind(p) == "variable_assignment")
    })
}

/// True when byte `at` lies in text bash keeps as written: a single-quoted or `$'…'` string,
/// a comment, or the body of a heredoc whose delimiter is quoted.
fn in_literal_text(root: Node, src: &str, at: usize) -> bool {
    let mut node = root.descendant_for_byte_range(at, at + 1);
    while let Some(n) = node {
        match kind(n) {
            "raw_string" | "ansi_c_string" | "comment" => return true,
            "heredoc_body" => {
                let quoted = n
                    .parent()
                    .and_then(|p| {
                        let mut c = p.walk();
                        p.children(&mut c).find(|ch| kind(*ch) == "heredoc_start")
                    })
                    .and_then(|s| src.get(s.start_byte()..s.end_byte()))
                    .is_some_and(|t| t.contains(['\'', '"', '\\']));
                return quoted;
            }
            _ => {}
        }
        node = n.parent();
    }
    false
}
