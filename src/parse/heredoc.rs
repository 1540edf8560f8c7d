//! Where bash 5.2 ends a heredoc body, computed from the text alone, so that a body
//! tree-sitter-bash ends elsewhere is caught (the lines between the two ends would run unseen,
//! or be analysed as commands that never run).
//!
//! bash removes quotes from the delimiter word (`E''OF`, `"EOF"`, `\EOF` are all `EOF`, and the
//! body is then quoted), reads the body line by line, removes backslash-newline pairs while
//! reading when the delimiter is unquoted (so `EO\⏎F` is the delimiter line), strips leading
//! tabs for `<<-`, and ends at the first line equal to the delimiter. The caller compares this
//! end with tree-sitter's and records a parse error when they differ; it does not re-read the
//! body itself. Delimiter words with expansions-looking text (`$`, `` ` ``) or an unquoted
//! operator character (`EOF;`, which tree-sitter-bash takes whole) are not modelled:
//! [`delimiter`] returns `None` for them.

/// bash's delimiter for the raw delimiter word, and whether it was quoted (the body is then
/// taken literally). `None` when the word holds something whose treatment is not modelled
/// here (`$…`, backquotes, an unterminated quote, a newline, an unquoted `;&|<>()` or blank).
pub(crate) fn delimiter(raw: &str) -> Option<(String, bool)> {
    let mut out = String::new();
    let mut quoted = false;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            // Expansions and newlines are not modelled; an unquoted operator character ends
            // the word for bash (`<<EOF;` is `EOF` then `;`), where tree-sitter-bash keeps it
            // in the delimiter.
            '$' | '`' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' | ' ' | '\t' => {
                return None;
            }
            '\\' => {
                quoted = true;
                out.push(chars.next()?);
            }
            '\'' => {
                quoted = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        '\n' => return None,
                        x => out.push(x),
                    }
                }
            }
            '"' => {
                quoted = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => {
                            let x = chars.next()?;
                            if !matches!(x, '$' | '`' | '"' | '\\') {
                                out.push('\\');
                            }
                            out.push(x);
                        }
                        '$' | '`' | '\n' => return None,
                        x => out.push(x),
                    }
                }
            }
            x => out.push(x),
        }
    }
    Some((out, quoted))
}

/// The end (exclusive, before its newline) of the line bash takes as the delimiter line of a
/// body starting at byte `from` of `src`, or `None` when bash reads to the end of the input.
/// `quoted`: the delimiter was quoted (no backslash-newline removal); `strip_tabs`: `<<-`.
pub(crate) fn body_end(
    src: &str,
    from: usize,
    delim: &str,
    quoted: bool,
    strip_tabs: bool,
) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        // One logical line: physical lines joined by unescaped backslash-newline pairs.
        let mut line: Vec<u8> = Vec::new();
        let mut pass_next = false;
        while i < bytes.len() && bytes[i] != b'\n' {
            let b = bytes[i];
            if pass_next {
                line.push(b);
                pass_next = false;
            } else if b == b'\\' && !quoted {
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 2;
                    continue;
                }
                pass_next = true;
                line.push(b);
            } else {
                line.push(b);
            }
            i += 1;
        }
        let text: &[u8] = if strip_tabs {
            let tabs = line.iter().take_while(|b| **b == b'\t').count();
            &line[tabs..]
        } else {
            &line
        };
        if text == delim.as_bytes() {
            return Some(i);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{body_end, delimiter};

    #[test]
    fn delimiters_lose_their_quotes() {
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("EOF", Some(("EOF", false))),
            ("E''OF", Some(("EOF", true))),
            ("\"EOF\"", Some(("EOF", true))),
            ("\\EOF", Some(("EOF", true))),
            ("'a\\b'", Some(("a\\b", true))),
            ("\"a\\b\"", Some(("a\\b", true))),
            ("$x", None),
            ("'EOF", None),
            ("EOF;", None),
            ("EOF)", None),
            ("'EOF;'", Some(("EOF;", true))),
        ];
        for (raw, want) in cases {
            let got = delimiter(raw);
            assert_eq!(
                got.as_ref().map(|(d, q)| (d.as_str(), *q)),
                *want,
                "delimiter {raw}"
            );
        }
    }

    #[test]
    fn body_ends_where_bash_ends_it() {
        // `EO\⏎F` is the delimiter line when the delimiter is unquoted.
        let src = "EO\\\nF\nrest\n";
        assert_eq!(body_end(src, 0, "EOF", false, false), Some(5));
        assert_eq!(body_end(src, 0, "EOF", true, false), None);
        // `\\⏎` is an escaped backslash, then a newline.
        assert_eq!(body_end("a\\\\\nEOF\n", 0, "EOF", false, false), Some(7));
        assert_eq!(body_end("\tEOF\n", 0, "EOF", false, true), Some(4));
        assert_eq!(body_end("\tEOF\n", 0, "EOF", false, false), None);
        assert_eq!(body_end("EOF \nEOF;\n", 0, "EOF", false, false), None);
        assert_eq!(body_end("x\nEOF", 0, "EOF", false, false), Some(5));
    }
}
