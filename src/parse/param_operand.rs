//! Operator characters inside the operand of a parameter expansion (`${x:-a&b}`,
//! `${x/a/a;b}`, `${x:-(}`), which tree-sitter-bash reads as operators.
//!
//! bash reads everything from `${` to its matching `}` as one word: an `&`, `;`, `|`, `<`,
//! `>`, `(` or `)` in the operand is a plain character of the default, alternative, pattern or
//! replacement. tree-sitter-bash ends the expansion at such a byte (after a word character:
//! `a&`, `a;`, `a|`, `a<<`; or anywhere: `(`) and reads the rest of the line from there: a
//! background `&` and then a comment (`echo ${x:-a&#}; rm -rf ~` hid the `rm`), a heredoc
//! whose body takes the next lines (`echo ${x:-a<<EOF}⏎rm -rf ~⏎EOF}`), or a parse error that
//! swallows the rest of the line. The line asked; a catastrophe after it was not seen.
//!
//! [`as_escaped_operators`] quotes each such byte: outside double quotes it is written in double
//! quotes (`${x:-a"&"#}`), the same character to bash (quote removal drops the quotes, and none
//! of these bytes is a glob or a default `IFS` character), and tree-sitter-bash reads the
//! expansion whole whatever comes before the byte (a backslash escape after a quoted string or
//! a substitution, `${x:-a""\&#}`, `${x:-$y\&#}`, is an error to it); inside double quotes a
//! backslash is written before it. Two readings differ and are not modelled: in a pattern
//! substitution's replacement a quoted `&` is a literal `&` where bash 5.2 puts the matched
//! text, and inside double quotes the backslash stays in the value. The caller parses that text only when the
//! original did not parse, keeps it only when it parses cleanly, and never allows it.
//!
//! A translated string `$"…"` after other text in an operand (`${x:-a$"b"&#}`) is an error to
//! tree-sitter-bash, so the rest of the line went unread: its `$` is dropped, as bash reads it
//! with no message catalog (in and out of double quotes; a catalog the line chooses is flagged
//! from the original text, `shell_options`).
//!
//! Nested substitutions (`$(…)`, `` `…` ``, `<(…)`, `>(…)`) and quoted strings in the operand
//! are left as written: their operators are code, or quoted already. Known gap: the scan does
//! not know heredoc bodies (a backslash written into a body changes the body's text).

/// `src` with each operator byte of a `${…}` operand quoted (in double quotes, or after a
/// backslash inside double quotes), and for each byte of the result the byte range of `src` it
/// stands for; `None` when there is none.
pub(super) fn as_escaped_operators(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if !src.contains("${") {
        return None;
    }
    let b = src.as_bytes();
    // (offset, text written there, bytes of `src` dropped there)
    let mut at: Vec<(usize, &str, usize)> = Vec::new();
    let mut in_double = false;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' && b.get(i + 1) == Some(&b'{') {
            let mut found = Vec::new();
            match operand(src, i + 2, &mut found) {
                Some(end) => {
                    for found in found {
                        match found {
                            Found::Translated(k) => at.push((k, "", 1)),
                            Found::Operator(k) if in_double => at.push((k, "\\", 0)),
                            Found::Operator(k) => {
                                at.push((k, "\"", 0));
                                at.push((k + 1, "\"", 0));
                            }
                        }
                    }
                    i = end;
                }
                // No matching `}`: bash rejects the line; left as written.
                None => i += 2,
            }
            continue;
        }
        if let Some(next) = super::backquotes::skip_inert(b, i, &mut in_double) {
            i = next;
            continue;
        }
        i += 1;
    }
    if at.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(src.len() + 2 * at.len());
    let mut origin = Vec::with_capacity(src.len() + 2 * at.len());
    let mut copied = 0;
    for (k, text, dropped) in at {
        super::backquotes::copy(src, copied, k, &mut out, &mut origin);
        super::backquotes::push(&mut out, &mut origin, text, (k, k));
        copied = k + dropped;
    }
    super::backquotes::copy(src, copied, src.len(), &mut out, &mut origin);
    Some((out, origin))
}

/// What the scan of an operand found to respell.
enum Found {
    /// An operator byte, written quoted.
    Operator(usize),
    /// The `$` of a translated string `$"…"`, dropped.
    Translated(usize),
}

/// The end (just past the matching `}`) of the expansion whose text starts at `from` (after
/// its `${`), with the operator bytes and translated strings of its operand pushed to `found`;
/// `None` when it has no matching `}`.
fn operand(src: &str, from: usize, found: &mut Vec<Found>) -> Option<usize> {
    let b = src.as_bytes();
    let mut depth = 1_usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'$' if b.get(i + 1) == Some(&b'"') => {
                found.push(Found::Translated(i));
                i = super::comsub::past_part(src, i)?;
            }
            b'$' if b.get(i + 1) == Some(&b'{') => {
                depth += 1;
                i += 2;
            }
            b'$' | b'<' | b'>' if b.get(i + 1) == Some(&b'(') => {
                i = super::comsub::end(src, i + 2)? + 1;
            }
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'&' | b';' | b'|' | b'<' | b'>' | b'(' | b')' => {
                found.push(Found::Operator(i));
                i += 1;
            }
            // Escapes, quoted strings (`'…'`, `"…"` with the substitutions inside, `$'…'`) and
            // backquotes, skipped as the substitution scanner skips them.
            b'\\' | b'\'' | b'"' | b'`' | b'$' => i = super::comsub::past_part(src, i)?,
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::as_escaped_operators;

    fn rewritten(src: &str) -> Option<String> {
        as_escaped_operators(src).map(|(text, origin)| {
            assert_eq!(text.len(), origin.len(), "{src:?}");
            text
        })
    }

    #[test]
    fn operator_bytes_of_an_operand_are_escaped() {
        assert_eq!(
            rewritten("echo ${x:-a&#}; rm -rf ~").as_deref(),
            Some("echo ${x:-a\"&\"#}; rm -rf ~")
        );
        assert_eq!(
            rewritten("echo ${x/a/a;b|c}").as_deref(),
            Some("echo ${x/a/a\";\"b\"|\"c}")
        );
        assert_eq!(
            rewritten("echo \"${x:-(#}\"; id").as_deref(),
            Some("echo \"${x:-\\(#}\"; id")
        );
        assert_eq!(
            rewritten("echo ${x:-a<<EOF}").as_deref(),
            Some("echo ${x:-a\"<\"\"<\"EOF}")
        );
        assert_eq!(
            rewritten("echo ${x:-${y:-a&b}}").as_deref(),
            Some("echo ${x:-${y:-a\"&\"b}}")
        );
        // After a quoted string or a substitution, where tree-sitter-bash reads no escape.
        assert_eq!(
            rewritten("echo ${x:-a\"\"&#}; rm -rf ~").as_deref(),
            Some("echo ${x:-a\"\"\"&\"#}; rm -rf ~")
        );
        assert_eq!(
            rewritten("echo ${x:-$y&#}").as_deref(),
            Some("echo ${x:-$y\"&\"#}")
        );
        // A double-quoted string holding a substitution with quotes of its own ends where bash
        // ends it, past the substitution.
        assert_eq!(
            rewritten("echo ${x:-\"$(echo \")\")\"&#}; rm -rf ~").as_deref(),
            Some("echo ${x:-\"$(echo \")\")\"\"&\"#}; rm -rf ~")
        );
    }

    #[test]
    fn translated_strings_of_an_operand_lose_their_dollar() {
        assert_eq!(
            rewritten("echo ${x:-a$\"b\"&#}; rm -rf ~").as_deref(),
            Some("echo ${x:-a\"b\"\"&\"#}; rm -rf ~")
        );
        assert_eq!(
            rewritten("echo \"${x:-a$\"b;c\"}\"; id").as_deref(),
            Some("echo \"${x:-a\"b;c\"}\"; id")
        );
        let (text, origin) = as_escaped_operators("echo ${x/$\"b\"}").unwrap();
        assert_eq!(text, "echo ${x/\"b\"}");
        assert_eq!(
            origin[9],
            (10, 11),
            "the quote maps to itself, past the dropped `$`"
        );
        // Outside an operand a translated string is tree-sitter-bash's to read.
        assert_eq!(rewritten("echo $\"a;b\" '${x:-$\"c\"}'"), None);
    }

    #[test]
    fn substitutions_quotes_and_text_outside_stay() {
        for src in [
            "echo a & b; c | d",
            "echo ${x:-$(a; b & c)}",
            "echo ${x:-<(a | b)}",
            "echo ${x:-`a | b`}",
            "echo ${x:-'a&b'} ${y:-\"c;d\"}",
            "echo '${x:-a&b}'",
            "echo \\${x:-a; echo }",
            "echo ${x:-a",
            "# ${x:-a&b}",
        ] {
            assert_eq!(rewritten(src), None, "{src:?}");
        }
    }
}
