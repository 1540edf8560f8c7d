//! A heredoc operator followed on its line by `;` and more commands (`cat <<EOF; ls`,
//! `cat > f <<'EOF'; chmod +x f`, `cat <<A; cat <<B; ls`): bash reads the bodies of the line's
//! heredocs after the line, in order, whatever follows the operators; tree-sitter-bash reads a
//! heredoc's body only after `&&`, `||`, `|`, redirects or words, and takes the `;` for an
//! error. The text is respelled with each `;` that follows a heredoc whose body is not yet
//! placed made a newline, and those bodies moved right after it: `cat <<EOF⏎B⏎EOF⏎ ls`, the
//! same commands with the same bodies (a `;` and a newline end a command alike). Each byte
//! keeps the offset it came from, so spans point into the input.
//!
//! A `&` there sends the and-or list before it to the background: `S &` is respelled
//! `{ S⏎BODY⏎} &`, the same list run the same way (the group is read only when the list starts
//! the line, or follows a `;`, `&`, newline or `(`: after `then` or `do` the respelling does
//! not parse and the error stands).
//!
//! Read by a small lexer of its own, which gives up (`None`: the parse error stands, never
//! allowed) on what it does not model: a heredoc inside `$(…)`, backquotes or `<(…)`, `((`,
//! a `${…}` holding quotes, a `case` or heredoc operator inside a substitution, a delimiter
//! bash reads otherwise than [`super::heredoc::delimiter`] does, or a body bash reads to the
//! end of the input.

use super::heredoc::{body_end, delimiter};

/// `src` respelled as above, with for each byte of the result the range of `src` it comes
/// from; `None` when nothing needs moving or the lexer gives up.
pub(super) fn bodies_after_separators(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if !src.contains("<<") {
        return None;
    }
    let b = src.as_bytes();
    let mut text = String::with_capacity(src.len() + 8);
    let mut origin: Vec<(usize, usize)> = Vec::with_capacity(src.len() + 8);
    // Copied up to here.
    let mut pos = 0;
    // The line's heredocs: delimiter, quoted, `<<-`.
    let mut pending: Vec<(String, bool, bool)> = Vec::new();
    // The `;` or `&` after which bodies go, with how many of the line's heredocs precede it
    // and where its and-or list starts.
    let mut cuts: Vec<Cut> = Vec::new();
    // Where the current and-or list starts: after a `;`, `&`, newline or `(`.
    let mut list_start = 0;
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => i += 2,
            b'\'' => i = after_single(b, i + 1)?,
            b'"' => i = after_double(b, i + 1, 0)?,
            b'`' => i = after_backquote(b, i + 1)?,
            b'#' if word_start(b, i) => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'$' => match b.get(i + 1) {
                Some(b'\'') => i = after_ansi(b, i + 2)?,
                Some(b'"') => i = after_double(b, i + 2, 0)?,
                Some(b'(') => i = after_nested(b, i + 2, b'(', b')', 0)?,
                Some(b'{') => i = after_braces(b, i + 2)?,
                _ => i += 1,
            },
            b'(' if b.get(i + 1) == Some(&b'(') => return None,
            b'<' | b'>' if b.get(i + 1) == Some(&b'(') => {
                i = after_nested(b, i + 2, b'(', b')', 0)?;
            }
            b'<' if b.get(i + 1) == Some(&b'<') => {
                if b.get(i + 2) == Some(&b'<') {
                    i += 3;
                    continue;
                }
                let strip = b.get(i + 2) == Some(&b'-');
                let mut j = i + 2 + usize::from(strip);
                while matches!(b.get(j), Some(b' ' | b'\t')) {
                    j += 1;
                }
                let end = word_end(b, j)?;
                let raw = src.get(j..end)?;
                if raw.is_empty() || raw.contains('\n') {
                    return None;
                }
                let (delim, quoted) = delimiter(raw)?;
                pending.push((delim, quoted, strip));
                i = end;
            }
            // `&&`, `&>`, `>&`, `<&`, `|&`: operators, not separators.
            b'&' if b.get(i + 1) == Some(&b'&') || b.get(i + 1) == Some(&b'>') => i += 2,
            b'>' | b'<' | b'|' if b.get(i + 1) == Some(&b'&') => i += 2,
            b'&' | b';' if !matches!(b.get(i + 1), Some(b';' | b'&')) || c == b'&' => {
                if cuts.last().map_or(0, |k| k.heredocs) < pending.len() {
                    cuts.push(Cut {
                        at: i,
                        heredocs: pending.len(),
                        background: c == b'&',
                        list_start,
                    });
                }
                i += 1;
                list_start = i;
            }
            // `;;`, `;&`, `;;&`: a case item's end.
            b';' => {
                i += 2;
                list_start = i;
            }
            b'\n' if !pending.is_empty() => {
                // The bodies, in order, from the next line on: (start, end of the delimiter
                // line, whether a newline follows it).
                let mut bodies: Vec<(usize, usize, bool)> = Vec::with_capacity(pending.len());
                let mut from = i + 1;
                for (delim, quoted, strip) in &pending {
                    let end = body_end(src, from, delim, *quoted, *strip)?;
                    let newline = b.get(end) == Some(&b'\n');
                    bodies.push((from, end, newline));
                    from = end + usize::from(newline);
                }
                if !cuts.is_empty() {
                    changed = true;
                    let mut placed = 0;
                    for cut in &cuts {
                        let (at, n) = (cut.at, cut.heredocs);
                        if cut.background {
                            // `S &` as `{ S⏎BODY⏎} &`: the list run in the background.
                            let mut from = cut.list_start.max(pos);
                            while from < at && matches!(b[from], b' ' | b'\t') {
                                from += 1;
                            }
                            push_copy(&mut text, &mut origin, src, pos, from);
                            push(&mut text, &mut origin, "{ ", (from, from));
                            push_copy(&mut text, &mut origin, src, from, at);
                        } else {
                            push_copy(&mut text, &mut origin, src, pos, at);
                        }
                        push(&mut text, &mut origin, "\n", (at, at + 1));
                        for &(s, e, newline) in &bodies[placed..n] {
                            push_copy(&mut text, &mut origin, src, s, e + usize::from(newline));
                            if !newline {
                                push(&mut text, &mut origin, "\n", (e, e));
                            }
                        }
                        if cut.background {
                            push(&mut text, &mut origin, "} &", (at, at + 1));
                        }
                        placed = n;
                        pos = at + 1;
                    }
                    // The rest of the line and its newline, then the bodies left in place.
                    push_copy(&mut text, &mut origin, src, pos, i + 1);
                    pos = bodies.get(placed).map_or(from, |&(s, _, _)| s);
                }
                pending.clear();
                cuts.clear();
                i = from;
                list_start = i;
            }
            // A subshell's `(` or a newline starts a list.
            b'(' | b'\n' => {
                i += 1;
                list_start = i;
            }
            _ => i += 1,
        }
    }
    if !pending.is_empty() || !changed {
        // A heredoc whose line never ends has no body: nothing to move.
        return None;
    }
    push_copy(&mut text, &mut origin, src, pos, b.len());
    Some((text, origin))
}

/// A separator after which heredoc bodies go.
struct Cut {
    /// Its offset.
    at: usize,
    /// How many of the line's heredocs precede it.
    heredocs: usize,
    /// `&`: the and-or list from `list_start` runs in the background.
    background: bool,
    list_start: usize,
}

fn push_copy(
    text: &mut String,
    origin: &mut Vec<(usize, usize)>,
    src: &str,
    from: usize,
    to: usize,
) {
    if let Some(t) = src.get(from..to) {
        text.push_str(t);
        origin.extend((from..to).map(|k| (k, k + 1)));
    }
}

fn push(text: &mut String, origin: &mut Vec<(usize, usize)>, s: &str, at: (usize, usize)) {
    text.push_str(s);
    origin.extend(std::iter::repeat_n(at, s.len()));
}

/// How deep quotes and substitutions nest before the lexer gives up (its helpers recurse).
const MAX_NESTING: usize = 32;

/// `depth` one level deeper, or `None` past [`MAX_NESTING`].
fn deeper(depth: usize) -> Option<usize> {
    (depth < MAX_NESTING).then_some(depth + 1)
}

/// Whether a `#` at `i` begins a word (a comment).
fn word_start(b: &[u8], i: usize) -> bool {
    i == 0
        || matches!(
            b[i - 1],
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'
        )
}

/// After a `'…'` whose body starts at `i`.
fn after_single(b: &[u8], i: usize) -> Option<usize> {
    let k = b.get(i..)?.iter().position(|&c| c == b'\'')?;
    Some(i + k + 1)
}

/// After a `$'…'` whose body starts at `i` (backslash escapes).
fn after_ansi(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'\'' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// After a `"…"` whose body starts at `i`; `$(…)` inside is skipped as a substitution,
/// backquotes and `${…}` too.
fn after_double(b: &[u8], mut i: usize, depth: usize) -> Option<usize> {
    let depth = deeper(depth)?;
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            b'`' => i = after_backquote(b, i + 1)?,
            b'$' if b.get(i + 1) == Some(&b'(') => i = after_nested(b, i + 2, b'(', b')', depth)?,
            b'$' if b.get(i + 1) == Some(&b'{') => i = after_braces(b, i + 2)?,
            _ => i += 1,
        }
    }
}

/// After a backquoted substitution whose body starts at `i`; one holding a heredoc operator
/// is not modelled.
fn after_backquote(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'`' => return Some(i + 1),
            b'<' if b.get(i + 1) == Some(&b'<') => return None,
            _ => i += 1,
        }
    }
}

/// After a `${…}` whose body starts at `i`: quotes inside (read by rules of their own) and
/// substitutions are not modelled.
fn after_braces(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 1usize;
    loop {
        match *b.get(i)? {
            b'\\' => i += 1,
            b'\'' | b'"' | b'`' => return None,
            b'$' if b.get(i + 1) == Some(&b'(') => return None,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// After the `close` that matches an `open` whose body starts at `i` (`$(…)`, `<(…)`),
/// quotes, nested substitutions and comments skipped. A heredoc operator or `case` inside
/// (whose `)` does not close anything) is not modelled.
fn after_nested(b: &[u8], mut i: usize, open: u8, close: u8, depth: usize) -> Option<usize> {
    let nesting = deeper(depth)?;
    let mut depth = 1usize;
    loop {
        let c = *b.get(i)?;
        match c {
            b'\\' => i += 2,
            b'\'' => i = after_single(b, i + 1)?,
            b'"' => i = after_double(b, i + 1, nesting)?,
            b'`' => i = after_backquote(b, i + 1)?,
            b'$' if b.get(i + 1) == Some(&b'\'') => i = after_ansi(b, i + 2)?,
            b'$' if b.get(i + 1) == Some(&b'{') => i = after_braces(b, i + 2)?,
            b'#' if word_start(b, i) => return None,
            b'<' if b.get(i + 1) == Some(&b'<') => {
                if b.get(i + 2) != Some(&b'<') {
                    return None;
                }
                i += 3;
            }
            b'c' if b.get(i..i + 4) == Some(b"case") && word_start(b, i) => return None,
            _ if c == open => {
                depth += 1;
                i += 1;
            }
            _ if c == close => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
}

/// The end of the delimiter word starting at `i`: at the first unquoted blank, newline or
/// operator character. `None` for an unterminated quote, a line continuation, `$` or a
/// backquote (not modelled).
fn word_end(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match b.get(i) {
            None => return Some(i),
            Some(b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')') => {
                return Some(i);
            }
            Some(b'\\') => {
                if matches!(b.get(i + 1), None | Some(b'\n')) {
                    return None;
                }
                i += 2;
            }
            Some(b'\'') => i = after_single(b, i + 1)?,
            Some(b'"') => {
                let end = after_double(b, i + 1, 0)?;
                if b[i..end].iter().any(|&c| c == b'$' || c == b'`') {
                    return None;
                }
                i = end;
            }
            Some(b'$' | b'`') => return None,
            Some(_) => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::bodies_after_separators as moved;

    fn text(src: &str) -> Option<String> {
        moved(src).map(|(t, _)| t)
    }

    #[test]
    fn bodies_go_after_the_separator_they_follow() {
        assert_eq!(
            text("cat <<EOF; ls\nbody\nEOF").as_deref(),
            Some("cat <<EOF\nbody\nEOF\n ls\n")
        );
        assert_eq!(
            text("cat > f <<'EOF'; chmod +x f\nx\nEOF\npwd\n").as_deref(),
            Some("cat > f <<'EOF'\nx\nEOF\n chmod +x f\npwd\n")
        );
        assert_eq!(
            text("cat <<EOF;\nx\nEOF\n").as_deref(),
            Some("cat <<EOF\nx\nEOF\n\n")
        );
        // Two heredocs, each body after its own command.
        assert_eq!(
            text("cat <<A; cat <<B; ls\na\nA\nb\nB\n").as_deref(),
            Some("cat <<A\na\nA\n cat <<B\nb\nB\n ls\n")
        );
        // Two on one command: both bodies, in order.
        assert_eq!(
            text("cat <<A 3<<B; ls\na\nA\nb\nB\n").as_deref(),
            Some("cat <<A 3<<B\na\nA\nb\nB\n ls\n")
        );
        // A body left where it was after the last `;`.
        assert_eq!(
            text("cat <<A; cat <<B\na\nA\nb\nB\n").as_deref(),
            Some("cat <<A\na\nA\n cat <<B\nb\nB\n")
        );
        assert_eq!(
            text("{ cat <<E; }; echo \"$(date); x\"\nb\nE\n").as_deref(),
            Some("{ cat <<E\nb\nE\n }; echo \"$(date); x\"\n")
        );
    }

    #[test]
    fn a_list_sent_to_the_background_is_grouped() {
        assert_eq!(
            text("cat <<EOF &\nx\nEOF").as_deref(),
            Some("{ cat <<EOF \nx\nEOF\n} &\n")
        );
        assert_eq!(
            text("cd /; true && cat <<EOF & rm x\nb\nEOF\n").as_deref(),
            Some("cd /; { true && cat <<EOF \nb\nEOF\n} & rm x\n")
        );
        assert_eq!(
            text("(cat <<EOF &)\nb\nEOF\n").as_deref(),
            Some("({ cat <<EOF \nb\nEOF\n} &)\n")
        );
    }

    #[test]
    fn every_byte_maps_to_the_input() {
        let src = "cat <<EOF; rm x\nbody\nEOF";
        let (t, origin) = moved(src).unwrap();
        assert_eq!(t.len(), origin.len());
        let at = t.find("rm").unwrap();
        assert_eq!(origin[at], (11, 12));
        let body = t.find("body").unwrap();
        assert_eq!(origin[body], (16, 17));
    }

    #[test]
    fn what_is_not_modelled_is_left_alone() {
        for src in [
            "x=$(cat <<EOF; ls\nx\nEOF\n)",
            "cat <<EOF; ls\nx\n",
            "cat <<$x; ls\nx\n$x\n",
            "cat <<EOF && ls\nx\nEOF",
            "cat <<EOF\nx\nEOF\nls; pwd",
            "for ((i=0;i<1;i++)); do cat <<E; done\nx\nE",
            "cat <<EOF; echo ${x:-';'}\nx\nEOF",
        ] {
            assert!(moved(src).is_none(), "{src:?}");
        }
        // Deep nesting ends the lexer's recursion.
        let deep = "cat <<E; echo ".to_owned() + &"\"$(".repeat(20_000) + "\nE";
        assert!(moved(&deep).is_none());
        // `;;` and comments are not separators; `<<<` is no heredoc.
        assert!(moved("cat <<< x; ls").is_none());
        assert!(moved("case a in a) cat <<E;; esac\nx\nE").is_none());
        assert_eq!(
            text("cat <<E # a; b\nx\nE\nls; cat <<F; pwd\ny\nF").as_deref(),
            Some("cat <<E # a; b\nx\nE\nls; cat <<F\ny\nF\n pwd\n")
        );
    }
}
