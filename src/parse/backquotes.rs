//! Backquoted command substitutions rewritten as `$(…)` before tree-sitter sees them.
//!
//! Why: in a long pipeline, tree-sitter-bash's GLR parser can fork on every backquote (it may
//! open or close a substitution) and then spend minutes merging the forked stacks
//! (`ts_stack_merge` → recursive `stack_node_add_link`) inside one parse step, where the
//! progress callback that enforces [`crate::Limits::max_parse_time`] is never called
//! (`tests/regressions/backquoted-pipeline-stack-merge.bin`: 200 stages, more than 2 minutes).
//! The same text with `$(…)` parses in milliseconds, and it is the same program: bash reads the
//! inside of `` `…` `` by removing the backslash before `$`, `` ` `` and `\` (and `"` inside
//! double quotes), then parses the result as it would the inside of `$(…)`. [`unescape`] is
//! that step; [`super::words`] uses it for every backquoted substitution whose inside has a
//! backslash: tree-sitter reads a backslash and a backquote there as an escaped character,
//! where bash opens a nested substitution (the `rm` of the first cases on backquotes in
//! `corpus/nested-shells.toml` runs).
//!
//! Only used for the shape that hangs (a backquote in a pipeline of
//! [`super::LONG_PIPELINE`] stages or more), so everyday parsing is unchanged.
//!
//! Known gaps: the scan does not know heredoc bodies or `case` patterns, so a quote in a heredoc
//! body can make it take later code for quoted text (that backquote is left as it is) or quoted
//! text for code (a literal `` `x` `` becomes `$(x)`: the same program when the text is run as
//! code, other text when it is printed). A body with an unbalanced `)` (`` `echo )` ``) ends
//! the `$(` early: tree-sitter then reports a syntax error, which asks.

/// `src` with every backquoted substitution outside single quotes and comments spelled
/// `$(…)` (its inside as [`unescape`] reads it), and for each byte of the result the byte range of `src` it stands for; `None` when
/// there is none to rewrite or a backquote is not closed.
pub(super) fn as_dollar_parens(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len() + 16);
    let mut origin: Vec<(usize, usize)> = Vec::with_capacity(src.len() + 16);
    let mut rewrote = false;
    // Bytes `copied..i` are still to be copied as they are.
    let mut copied = 0;
    let mut in_double = false;
    let mut i = 0;
    while i < b.len() {
        if let Some(next) = skip_inert(b, i, &mut in_double) {
            i = next;
            continue;
        }
        if b[i] != b'`' {
            i += 1;
            continue;
        }
        let close = super::words::backquote_end(b, i + 1)?;
        copy(src, copied, i, &mut out, &mut origin);
        push(&mut out, &mut origin, "$(", (i, i + 1));
        let (body, from) = unescape(&src[i + 1..close], in_double);
        out.push_str(&body);
        origin.extend(from.iter().map(|&(s, e)| (i + 1 + s, i + 1 + e)));
        push(&mut out, &mut origin, ")", (close, close + 1));
        rewrote = true;
        i = close + 1;
        copied = i;
    }
    if !rewrote {
        return None;
    }
    copy(src, copied, src.len(), &mut out, &mut origin);
    Some((out, origin))
}

/// What a scan of a line's raw text steps over at `b[i]` without looking inside: an escaped
/// byte, a single-quoted string (`$'…'` with its escapes), a comment (to its line end), and a
/// double quote (which toggles `in_double`). The index to go on from, or `None` when `b[i]` is
/// the caller's to look at.
pub(super) fn skip_inert(b: &[u8], i: usize, in_double: &mut bool) -> Option<usize> {
    match b[i] {
        b'\\' => Some(i + 2),
        b'\'' if !*in_double => {
            let ansi_c = i > 0 && b[i - 1] == b'$';
            let mut k = i + 1;
            while k < b.len() && b[k] != b'\'' {
                k += usize::from(ansi_c && b[k] == b'\\') + 1;
            }
            Some(k + 1)
        }
        b'"' => {
            *in_double = !*in_double;
            Some(i + 1)
        }
        b'#' if !*in_double
            && (i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'\n' | b';' | b'&' | b'|')) =>
        {
            let mut k = i;
            while k < b.len() && b[k] != b'\n' {
                k += 1;
            }
            Some(k)
        }
        _ => None,
    }
}

/// `src` with `text` written before each byte offset of `at` (ascending), and for each byte of
/// the result the byte range of `src` it stands for (an inserted byte stands for none, at its
/// offset).
pub(super) fn insert_before(src: &str, at: &[usize], text: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(src.len() + text.len() * at.len());
    let mut origin = Vec::with_capacity(src.len() + text.len() * at.len());
    let mut copied = 0;
    for &k in at {
        copy(src, copied, k, &mut out, &mut origin);
        push(&mut out, &mut origin, text, (k, k));
        copied = k;
    }
    copy(src, copied, src.len(), &mut out, &mut origin);
    (out, origin)
}

/// The offset of the quote that closes the `'` or `"` at `i` (a backslash escapes the next
/// byte inside double quotes), or the end of `b` when none does.
pub(super) fn quote_end(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut k = i + 1;
    while k < b.len() && b[k] != q {
        k += usize::from(q == b'"' && b[k] == b'\\') + 1;
    }
    k.min(b.len())
}

/// Copy `src[from..to]` byte for byte.
pub(super) fn copy(
    src: &str,
    from: usize,
    to: usize,
    out: &mut String,
    origin: &mut Vec<(usize, usize)>,
) {
    if let Some(text) = src.get(from..to) {
        out.push_str(text);
        origin.extend((from..to).map(|k| (k, k + 1)));
    }
}

pub(super) fn push(
    out: &mut String,
    origin: &mut Vec<(usize, usize)>,
    text: &str,
    from: (usize, usize),
) {
    out.push_str(text);
    origin.extend(std::iter::repeat_n(from, text.len()));
}

/// The inside of a backquoted substitution as bash parses it: a backslash before `$`, `` ` ``
/// or `\` (and `"` when the substitution is inside double quotes) is removed. For each byte of
/// the result, the byte range of `inner` it stands for (the two bytes of an escape map to the
/// one kept).
pub(super) fn unescape(inner: &str, in_double: bool) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(inner.len());
    let mut origin = Vec::with_capacity(inner.len());
    let mut chars = inner.char_indices().peekable();
    while let Some((k, c)) = chars.next() {
        if c == '\\'
            && let Some(&(j, n)) = chars.peek()
            && (matches!(n, '$' | '`' | '\\') || (in_double && n == '"'))
        {
            chars.next();
            out.push(n);
            origin.push((k, j + 1));
            continue;
        }
        out.push(c);
        origin.extend((0..c.len_utf8()).map(|d| (k + d, k + d + 1)));
    }
    (out, origin)
}

#[cfg(test)]
mod tests {
    use super::as_dollar_parens;

    fn rewritten(src: &str) -> Option<String> {
        let (text, origin) = as_dollar_parens(src)?;
        assert_eq!(text.len(), origin.len(), "one origin per byte of {text:?}");
        Some(text)
    }

    #[test]
    fn backquotes_become_dollar_parens() {
        assert_eq!(
            rewritten("echo `id` | wc").as_deref(),
            Some("echo $(id) | wc")
        );
        assert_eq!(
            rewritten("a \"`b`\" 'c`d`' # `e`").as_deref(),
            Some("a \"$(b)\" 'c`d`' # `e`")
        );
        assert_eq!(
            rewritten(r"echo `echo \`id\` \$HOME \\x`").as_deref(),
            Some(r"echo $(echo `id` $HOME \x)")
        );
        assert_eq!(rewritten(r"echo \`id\`"), None);
        assert_eq!(rewritten("echo `id"), None);
        assert_eq!(rewritten("echo $'`'"), None);
        assert_eq!(
            rewritten(r#"a `echo \"x\"` "`echo \"y\"`""#).as_deref(),
            Some(r#"a $(echo \"x\") "$(echo "y")""#),
            "`\\\"` loses its backslash inside double quotes only"
        );
    }

    #[test]
    fn every_byte_maps_back_to_where_it_came_from() {
        let src = r"x `a\$b` é";
        let (text, origin) = as_dollar_parens(src).expect("rewritten");
        assert_eq!(text, "x $(a$b) é");
        let from: Vec<&[u8]> = origin.iter().map(|&(s, e)| &src.as_bytes()[s..e]).collect();
        assert_eq!(from[..4], [b"x", b" ", b"`", b"`"]);
        assert_eq!(from[5], br"\$", "the kept `$` maps to the escape");
        assert_eq!(from[7], b"`", "`)` maps to the closing backquote");
        assert_eq!(origin[9], (9, 10), "each byte of `é` maps to itself");
        assert_eq!(origin[10], (10, 11));
    }
}
