//! Where a command substitution or a process substitution found in text ends, as bash finds
//! it: bash 5.2 parses the inside of `$(…)`, `<(…)` and `>(…)` as commands (`parse_comsub`),
//! so the `)` that closes it is the first one that is not quoted (`'…'`, `"…"`, `$'…'`, a
//! backslash), not inside a nested substitution (`$(…)`, `` `…` ``, `${…}`), not in a comment,
//! not in a heredoc body opened inside, not the end of a `case` pattern (`x)`), and not
//! closing a `(` opened inside (a subshell, `((…))`).
//!
//! Text the grammar leaves unparsed (an unquoted heredoc body, a `${…}` operand) is searched
//! with this scanner; a byte-counting search took `echo ")"` in `$(echo ")"; rm -rf ~)` as the
//! end and read the rest as text. `None`: no such `)` (bash rejects the text), or nesting past
//! [`MAX_NESTING`] levels (the helpers recurse).

use super::heredoc::{body_end, delimiter};

/// How deep substitutions and quotes nest before the scanner gives up.
const MAX_NESTING: usize = 64;

/// The index of the `)` that closes a command or process substitution whose text starts at
/// `from` (just after its `(`).
pub(super) fn end(src: &str, from: usize) -> Option<usize> {
    Scanner {
        src,
        b: src.as_bytes(),
    }
    .commands(from, 0)
}

/// Past one byte, or one quoted string (`'…'`, `"…"`, `$'…'`, `$"…"`), escape, backquoted
/// command or substitution starting at `i`, as bash skips it while it looks for the end of a
/// word; `None` when it is not closed.
pub(super) fn past_part(src: &str, i: usize) -> Option<usize> {
    Scanner {
        src,
        b: src.as_bytes(),
    }
    .part(i, 0)
}

struct Scanner<'a> {
    src: &'a str,
    b: &'a [u8],
}

/// Where a `case` command is: its word, `in`, a pattern list, or an item's commands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    Word,
    In,
    Pattern,
    Body,
}

/// Words after which a word is again in command position.
const RESERVED_BEFORE_COMMAND: &[&[u8]] = &[
    b"if", b"then", b"else", b"elif", b"while", b"until", b"do", b"{", b"!", b"time",
];

impl Scanner<'_> {
    /// The `)` closing commands starting at `i`.
    fn commands(&self, mut i: usize, nest: usize) -> Option<usize> {
        let nest = (nest < MAX_NESTING).then_some(nest + 1)?;
        let b = self.b;
        let mut parens = 0usize;
        let mut cases: Vec<Case> = Vec::new();
        let mut command_start = true;
        // Heredocs opened on the current line: delimiter, quoted, `<<-`.
        let mut heredocs: Vec<(String, bool, bool)> = Vec::new();
        loop {
            let c = *b.get(i)?;
            match c {
                b' ' | b'\t' => i += 1,
                b'\n' => {
                    i += 1;
                    for (delim, quoted, strip) in heredocs.drain(..) {
                        i = body_end(self.src, i, &delim, quoted, strip)? + 1;
                    }
                    if cases.last() != Some(&Case::Word) {
                        command_start = true;
                    }
                }
                // A `#` starting a token begins a comment (one inside a word is scanned with
                // the word).
                b'#' => {
                    while b.get(i).is_some_and(|&x| x != b'\n') {
                        i += 1;
                    }
                }
                b';' => {
                    i += 1;
                    if matches!(b.get(i), Some(b';' | b'&')) {
                        // `;;`, `;&`, `;;&`: the end of a case item.
                        i += 1 + usize::from(b[i] == b';' && b.get(i + 1) == Some(&b'&'));
                        if let Some(top) = cases.last_mut() {
                            *top = Case::Pattern;
                        }
                    }
                    command_start = true;
                }
                b'&' | b'|' => {
                    i += 1;
                    if cases.last() != Some(&Case::Pattern) {
                        command_start = true;
                    }
                }
                b'(' if command_start && b.get(i + 1) == Some(&b'(') => {
                    // `((…))`: arithmetic; its parentheses are counted.
                    i = self.parens(i, nest)? + 1;
                    command_start = false;
                }
                b'(' => {
                    i += 1;
                    if cases.last() != Some(&Case::Pattern) {
                        parens += 1;
                        command_start = true;
                    }
                }
                b')' => {
                    if cases.last() == Some(&Case::Pattern) {
                        if let Some(top) = cases.last_mut() {
                            *top = Case::Body;
                        }
                        command_start = true;
                    } else if parens == 0 {
                        return Some(i);
                    } else {
                        parens -= 1;
                        command_start = false;
                    }
                    i += 1;
                }
                b'<' | b'>' if b.get(i + 1) == Some(&b'(') => {
                    i = self.commands(i + 2, nest)? + 1;
                    command_start = false;
                }
                b'<' if b.get(i + 1) == Some(&b'<') && b.get(i + 2) != Some(&b'<') => {
                    let strip = b.get(i + 2) == Some(&b'-');
                    let mut j = i + 2 + usize::from(strip);
                    while matches!(b.get(j), Some(b' ' | b'\t')) {
                        j += 1;
                    }
                    let end = self.word(j, nest)?;
                    let (delim, quoted) = delimiter(self.src.get(j..end)?)?;
                    heredocs.push((delim, quoted, strip));
                    i = end;
                }
                // A redirect: the word after it is its file, never a reserved word.
                b'<' | b'>' => {
                    i += 1;
                    command_start = false;
                }
                _ => {
                    let end = self.word(i, nest)?;
                    let word = &b[i..end];
                    match cases.last().copied() {
                        Some(Case::Word) => {
                            if let Some(top) = cases.last_mut() {
                                *top = Case::In;
                            }
                        }
                        Some(Case::In) => {
                            if let Some(top) = cases.last_mut() {
                                *top = if word == b"in" {
                                    Case::Pattern
                                } else {
                                    Case::Body
                                };
                            }
                        }
                        Some(Case::Pattern) if word == b"esac" => {
                            cases.pop();
                        }
                        Some(Case::Pattern) => {}
                        _ if command_start && word == b"case" => cases.push(Case::Word),
                        _ if command_start && word == b"esac" && !cases.is_empty() => {
                            cases.pop();
                        }
                        _ => {}
                    }
                    command_start = RESERVED_BEFORE_COMMAND.contains(&word)
                        || (command_start && cases.last() == Some(&Case::Pattern));
                    i = end.max(i + 1);
                }
            }
        }
    }

    /// The index of the `)` closing the `(` at `i`, nested parentheses counted and quotes and
    /// substitutions skipped (the inside of `((…))`).
    fn parens(&self, mut i: usize, nest: usize) -> Option<usize> {
        let b = self.b;
        let mut depth = 0usize;
        loop {
            match *b.get(i)? {
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                    i += 1;
                }
                _ => i = self.part(i, nest)?,
            }
        }
    }

    /// The end of the word starting at `i`: the first unquoted blank, newline or operator
    /// byte.
    fn word(&self, mut i: usize, nest: usize) -> Option<usize> {
        loop {
            match self.b.get(i) {
                None
                | Some(b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')') => {
                    return Some(i);
                }
                Some(_) => i = self.part(i, nest)?,
            }
        }
    }

    /// Past one byte, or one quoted string, escape or substitution, starting at `i`.
    fn part(&self, i: usize, nest: usize) -> Option<usize> {
        let b = self.b;
        match (b[i], b.get(i + 1)) {
            (b'\\', _) => Some(i + 2),
            (b'\'', _) => Some(i + 1 + b.get(i + 1..)?.iter().position(|&x| x == b'\'')? + 1),
            (b'"', _) => self.double(i + 1, nest),
            (b'`', _) => Some(super::words::backquote_end(b, i + 1)? + 1),
            (b'$', Some(b'\'')) => {
                let mut k = i + 2;
                loop {
                    match *b.get(k)? {
                        b'\\' => k += 2,
                        b'\'' => return Some(k + 1),
                        _ => k += 1,
                    }
                }
            }
            (b'$', Some(b'"')) => self.double(i + 2, nest),
            (b'$', Some(b'(')) => Some(self.commands(i + 2, nest + 1)? + 1),
            (b'$', Some(b'{')) => self.braces(i + 2, nest + 1),
            _ => Some(i + 1),
        }
    }

    /// Past the `"` closing a double-quoted string whose text starts at `i`.
    fn double(&self, mut i: usize, nest: usize) -> Option<usize> {
        let nest = (nest < MAX_NESTING).then_some(nest + 1)?;
        let b = self.b;
        loop {
            match (*b.get(i)?, b.get(i + 1)) {
                (b'"', _) => return Some(i + 1),
                (b'\\' | b'`', _) | (b'$', Some(b'(' | b'{')) => i = self.part(i, nest)?,
                _ => i += 1,
            }
        }
    }

    /// Past the `}` closing a `${…}` whose text starts at `i`.
    fn braces(&self, mut i: usize, nest: usize) -> Option<usize> {
        let nest = (nest < MAX_NESTING).then_some(nest + 1)?;
        let b = self.b;
        let mut depth = 1usize;
        loop {
            match *b.get(i)? {
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
                _ => i = self.part(i, nest)?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::end;

    /// The text of the substitution opened by the first `$(` of `src`.
    fn inside(src: &str) -> Option<&str> {
        let from = src.find("$(")? + 2;
        end(src, from).map(|e| &src[from..e])
    }

    #[test]
    fn the_closing_parenthesis_is_found_as_bash_parses_commands() {
        let cases: &[(&str, Option<&str>)] = &[
            ("$(id) x", Some("id")),
            ("$(echo \")\"; id) x", Some("echo \")\"; id")),
            ("$(echo ')'; id) x", Some("echo ')'; id")),
            ("$(echo $')\\''; id) x", Some("echo $')\\''; id")),
            ("$(echo \\); id) x", Some("echo \\); id")),
            ("$(echo `echo )`; id) x", Some("echo `echo )`; id")),
            ("$(echo $(echo ')'); id) x", Some("echo $(echo ')'); id")),
            ("$(echo ${x:-)}; id) x", Some("echo ${x:-)}; id")),
            ("$(echo a # )\nid) x", Some("echo a # )\nid")),
            ("$(echo a#); id", Some("echo a#")),
            (
                "$(case x in x) id;; esac) y",
                Some("case x in x) id;; esac"),
            ),
            (
                "$(case x in (x) id;; y|z) ls;& esac) y",
                Some("case x in (x) id;; y|z) ls;& esac"),
            ),
            ("$(echo case x in x) id", Some("echo case x in x")),
            ("$(cat <<E\n)\nE\nid) x", Some("cat <<E\n)\nE\nid")),
            (
                "$(cat <<-'E'\n)\n\tE\nid) x",
                Some("cat <<-'E'\n)\n\tE\nid"),
            ),
            ("$((echo a); id) x", Some("(echo a); id")),
            ("$( (( 1 << 2 )); id) x", Some(" (( 1 << 2 )); id")),
            ("$(echo <(ls) >(wc)) x", Some("echo <(ls) >(wc)")),
            ("$(echo \")\"", None),
            ("$(case x in x) id", None),
        ];
        for (src, want) in cases {
            assert_eq!(inside(src), *want, "{src:?}");
        }
    }

    #[test]
    fn deep_nesting_gives_up() {
        let src = format!("$({}", "$(".repeat(10_000));
        assert_eq!(inside(&src), None);
    }
}
