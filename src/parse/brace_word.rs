//! A brace expansion that begins a word (`{rm,-rf,/}`), which tree-sitter-bash reads as the
//! reserved word `{` of a group when the word is in command position.
//!
//! bash 5.2 reads `{` as a reserved word only when it is a word of its own; `{rm,-rf,/}` is one
//! word, which brace expansion turns into `rm -rf /`. tree-sitter-bash starts a group at the
//! `{` and reports a syntax error; the lowering recovers a whole statement made of such a word
//! (`Lowerer::error_node`), but one inside a list, a group, a loop or a function
//! (`: ; {rm,-rf,/}`, `true && {rm,-rf,/}`, `f() { {rm,-rf,/}; }`) was lost in the error and
//! the line only asked.
//!
//! [`as_quoted_preamble`] writes an empty quoted preamble before each such `{`: `""{rm,-rf,/}`
//! is the same word to bash (the preamble is removed by quote removal after brace expansion),
//! and tree-sitter-bash reads it as a word. The caller parses that text only when the original
//! did not parse, keeps it only when it parses cleanly, and never allows it: a command name
//! made by brace expansion is obfuscation, analysed for what it runs and asked at least.
//!
//! A word counts when its `{` starts it (the line's start, a blank, or one of `; & | ( ! {`
//! before it; not `${`), the next byte is not a blank or `}`, and before the word ends (an
//! unquoted blank or one of `; & | < > ( )`) it holds an unquoted `,` or `..` followed by an
//! unquoted `}`. `{fd}>file` (a descriptor variable) has neither and stays.
//!
//! Known gaps: the scan does not know heredoc bodies (a preamble written into a body changes
//! the body's text, which only a shell reading the body would read the same way).

/// `src` with `""` written before each `{` that starts a brace-expansion word, and for each
/// byte of the result the byte range of `src` it stands for; `None` when there is none.
pub(super) fn as_quoted_preamble(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if !src.contains('{') {
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
        if b[i] == b'{'
            && !in_double
            && (i == 0
                || matches!(
                    b[i - 1],
                    b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b'!' | b'{'
                ))
            && brace_word(b, i)
        {
            at.push(i);
        }
        i += 1;
    }
    if at.is_empty() {
        return None;
    }
    Some(super::backquotes::insert_before(src, &at, "\"\""))
}

/// Whether the word starting with the `{` at `from` is a brace expansion: a `,` or `..` and
/// then a `}`, unquoted, before the word ends.
fn brace_word(b: &[u8], from: usize) -> bool {
    if b.get(from + 1)
        .is_none_or(|c| matches!(c, b' ' | b'\t' | b'\n' | b'}'))
    {
        return false;
    }
    let mut list = false;
    let mut i = from + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\'' | b'"' => i = super::backquotes::quote_end(b, i),
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => return false,
            b',' => list = true,
            b'.' if b.get(i + 1) == Some(&b'.') => list = true,
            b'}' if list => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::as_quoted_preamble;

    fn rewritten(src: &str) -> Option<String> {
        as_quoted_preamble(src).map(|(text, origin)| {
            assert_eq!(text.len(), origin.len(), "{src:?}");
            text
        })
    }

    #[test]
    fn brace_words_get_an_empty_preamble() {
        assert_eq!(
            rewritten(": ; {rm,-rf,/}").as_deref(),
            Some(": ; \"\"{rm,-rf,/}")
        );
        assert_eq!(
            rewritten("true && {rm,-rf,/}").as_deref(),
            Some("true && \"\"{rm,-rf,/}")
        );
        assert_eq!(
            rewritten("{ {rm,-rf,'/'}; }").as_deref(),
            Some("{ \"\"{rm,-rf,'/'}; }")
        );
        assert_eq!(rewritten("(x; {a..c})").as_deref(), Some("(x; \"\"{a..c})"));
    }

    #[test]
    fn groups_descriptor_variables_and_quoted_text_stay() {
        for src in [
            "{ ls; }",
            "{fd}>out echo hi",
            "exec {fd}<&-",
            "echo '{a,b}'",
            "echo \"{a,b}\"",
            "echo ${x:-{a,b}}",
            "a{b,c}",
            "{}",
            "echo {a b}",
            "# {a,b}",
        ] {
            assert_eq!(rewritten(src), None, "{src:?}");
        }
    }
}
