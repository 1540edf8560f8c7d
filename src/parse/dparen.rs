//! `((…)` that is not arithmetic: bash reads it as two subshells, tree-sitter-bash as a broken
//! arithmetic command.
//!
//! bash 5.2 (`parse_dparen`, `parse_arith_cmd` in parse.y) reads `((` in command position, and
//! `$((`, by scanning to the `)` that closes the inner `(`: when the next character is `)` the
//! text is arithmetic (`(( x > 1 ))`, `$((1 + 2))`); otherwise it is a subshell inside a
//! subshell (`((id) )`, `((id); (ls))`, `((a)||(b))`) or a command substitution of a subshell
//! (`$((id) )`), and the commands in it run. tree-sitter-bash has no such fallback: it reports
//! a syntax error and the commands are not seen (a line with `rm -rf ~` in it asked instead of
//! denying).
//!
//! [`as_nested_subshells`] finds each `((` bash reads as a subshell and spells it `( (`, with a
//! map back to the original offsets; the caller parses that text only when the original did
//! not parse, and keeps it only when it parses cleanly.
//!
//! Known gaps: the scan does not know heredoc bodies or `case` patterns (a quote in a heredoc
//! body can hide a later `((`), and a `((` after a reserved word or `!` counts as command
//! position like any other: a rewrite that is not bash's reading leaves a syntax error, which
//! keeps the original reading (a parse error, never allowed).

/// `src` with every `((` that bash reads as a nested subshell spelled `( (`, and for each byte of
/// the result the byte range of `src` it stands for; `None` when there is none.
pub(super) fn as_nested_subshells(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if !src.contains("((") {
        return None;
    }
    let b = src.as_bytes();
    let mut at: Vec<usize> = Vec::new();
    let mut in_double = false;
    let mut i = 0;
    while i < b.len() {
        if let Some(next) = super::backquotes::skip_inert(b, i, &mut in_double) {
            i = next;
            continue;
        }
        match b[i] {
            b'(' if b.get(i + 1) == Some(&b'(') => {
                let dollar = i > 0 && b[i - 1] == b'$';
                let command_start = !in_double
                    && (i == 0
                        || matches!(
                            b[i - 1],
                            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b'{' | b'!'
                        ));
                if (dollar || command_start) && !arithmetic(b, i + 2) {
                    at.push(i + 1);
                }
                // The inner `(` is looked at again: `(((id) ))` holds one more.
                i += 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if at.is_empty() {
        return None;
    }
    Some(super::backquotes::insert_before(src, &at, " "))
}

/// Whether the `((` whose text starts at `from` is arithmetic to bash: the `)` that closes its
/// inner `(` (quotes and escapes skipped, parentheses counted) is followed by `)`. Text that is
/// never closed is left to the parser (arithmetic, for this purpose).
pub(super) fn arithmetic(b: &[u8], from: usize) -> bool {
    let mut depth = 1usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\'' | b'"' => i = super::backquotes::quote_end(b, i),
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return b.get(i + 1) == Some(&b')');
                }
            }
            _ => {}
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::as_nested_subshells;

    fn rewritten(src: &str) -> Option<String> {
        as_nested_subshells(src).map(|(text, origin)| {
            assert_eq!(text.len(), origin.len(), "{src:?}");
            text
        })
    }

    #[test]
    fn subshells_bash_reads_in_double_parentheses() {
        assert_eq!(rewritten("((id) )").as_deref(), Some("( (id) )"));
        assert_eq!(rewritten("((id); (ls))").as_deref(), Some("( (id); (ls))"));
        assert_eq!(
            rewritten("echo $((id) )").as_deref(),
            Some("echo $( (id) )")
        );
        assert_eq!(
            rewritten("x; ((a)||(b))").as_deref(),
            Some("x; ( (a)||(b))")
        );
        assert_eq!(
            rewritten("echo \"$((id)|wc)\"").as_deref(),
            Some("echo \"$( (id)|wc)\"")
        );
    }

    #[test]
    fn arithmetic_and_quoted_text_stay() {
        for src in [
            "(( x > 1 ))",
            "echo $((1 + 2))",
            "echo $(( (1) ))",
            "for ((i=0; i<3; i++)); do :; done",
            "echo '((a) b'",
            "echo \"((a) b\"",
            "echo x # ((a) b",
            "(( (a) + (b) ))",
            "ls",
        ] {
            assert_eq!(rewritten(src), None, "{src:?}");
        }
    }
}
