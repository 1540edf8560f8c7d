//! Loops over a word list whose body is a group, which tree-sitter-bash does not read:
//! `for NAME in WORDS; { LIST; }` and `select NAME in WORDS; { LIST; }` (bash's grammar takes
//! `{ … }` for `do … done` after a `for` or `select` header; tree-sitter-bash reads the forms
//! without `in WORDS` and the arithmetic `for ((…))` but not these). Each such body is respelled
//! `do { LIST; }; done`, the same loop: the group runs once for each word as the body would. A
//! redirect after the group stays after `done`, where bash gives it to the whole loop.
//!
//! Only a header of plain words is respelled (no quote, expansion, escape or operator in its
//! words), and not a loop whose group holds another such loop: those stay a parse error,
//! never allowed.
//!
//! A coprocess without a name whose body is a compound command (`coproc case … esac`,
//! `coproc { case …; }`: tree-sitter-bash reads neither when the body holds a `case`) has the
//! body respelled inside a subshell (`coproc ( case … esac )`), which it reads: bash runs a
//! coprocess's body in a subshell of its own, so the meaning is the same. A named one with a
//! `case` in its body (`coproc C case … esac`: tree-sitter-bash reads a `case` in none of a
//! named coprocess's forms), which the grammar leaves a parse error, has its name left out as
//! well (`coproc ( case … esac )`): the name only chooses the variables that hold the
//! coprocess's descriptors and process id. Only a name spelled as an identifier and separated
//! from `coproc` and from the body by blanks on the same line is read so (bash ends the command
//! at a newline: `coproc C⏎case …` runs `C`). A named coprocess the grammar reads (`coproc C {
//! …; }`) keeps that reading.

use std::time::Duration;

use super::respell::{
    Edit, MAX_BODIES, Respelled, command_at, command_position, is_blank, respelled, wrap,
};

/// `src` with each `for`/`select` body written as a group respelled `do { …; }; done`, the map
/// of the new text to `src`, and where the first respelling is; `None` when there is none.
pub(super) fn as_do_done(src: &str, budget: Duration) -> Option<Respelled> {
    let b = src.as_bytes();
    let mut edits = Vec::new();
    let mut parsed = 0;
    let mut from = 0;
    while let Some(at) = next_loop(b, from) {
        from = at + 1;
        let Some(brace) = group_after_header(b, at) else {
            continue;
        };
        parsed += 1;
        if parsed > MAX_BODIES {
            return None;
        }
        if let Some(end) = command_at(src, brace, budget, |k| k == "compound_statement").ok()? {
            wrap(&mut edits, brace, end, "do ", "; done");
        }
    }
    respelled(src, edits)
}

/// The reserved words that open a compound command a coprocess may run.
const COPROC_BODIES: [&str; 7] = ["{", "while", "until", "for", "select", "case", "if"];

/// `src` with the compound body of each `coproc` without a name respelled inside a subshell,
/// the map of the new text to `src`, and where the first respelling is; `None` when there is
/// none.
pub(super) fn coproc_subshells(src: &str, budget: Duration) -> Option<Respelled> {
    subshell_bodies(src, budget, false)
}

/// `src` with each named coprocess whose body is a compound command respelled without its name,
/// the body inside a subshell (`coproc C case … esac` → `coproc ( case … esac )`), the map of
/// the new text to `src`, and where the first respelling is; `None` when there is none. For a
/// line the grammar leaves a parse error.
pub(super) fn named_coproc_subshells(src: &str, budget: Duration) -> Option<Respelled> {
    subshell_bodies(src, budget, true)
}

/// The respelling of [`coproc_subshells`] (`named` false) or [`named_coproc_subshells`].
fn subshell_bodies(src: &str, budget: Duration, named: bool) -> Option<Respelled> {
    let b = src.as_bytes();
    let mut edits = Vec::new();
    let mut parsed = 0;
    let mut from = 0;
    while let Some(at) = (from..b.len()).find(|&i| {
        b.get(i..i + 6) == Some(b"coproc")
            && b.get(i + 6)
                .copied()
                .is_some_and(|c| matches!(c, b' ' | b'\t'))
            && command_position(b, i)
    }) {
        from = at + 1;
        let (name, body_at) = if named {
            match named_coproc_body(b, at + 6) {
                Some((name, body_at)) => (Some(name), body_at),
                None => continue,
            }
        } else {
            match coproc_body(b, at + 6) {
                Some(body_at) => (None, body_at),
                None => continue,
            }
        };
        parsed += 1;
        if parsed > MAX_BODIES {
            return None;
        }
        let compound = |k: &str| {
            matches!(
                k,
                "compound_statement"
                    | "while_statement"
                    | "for_statement"
                    | "c_style_for_statement"
                    | "case_statement"
                    | "if_statement"
            )
        };
        let Some(end) = command_at(src, body_at, budget, compound).ok()? else {
            continue;
        };
        if let Some((start, end)) = name {
            edits.push(Edit {
                start,
                end,
                with: String::new(),
            });
        }
        wrap(&mut edits, body_at, end, "( ", " )");
        from = end;
    }
    respelled(src, edits)
}

/// Where a coprocess's compound body begins, `from` just after `coproc`: the next word when it
/// is one of [`COPROC_BODIES`]. A named coprocess (`coproc C case … esac`) is not respelled:
/// tree-sitter-bash reads a `case` in none of its forms, a subshell's included.
fn coproc_body(b: &[u8], from: usize) -> Option<usize> {
    let mut j = from;
    while j < b.len() && matches!(b[j], b' ' | b'\t') {
        j += 1;
    }
    COPROC_BODIES
        .iter()
        .any(|k| {
            b.get(j..j + k.len()) == Some(k.as_bytes())
                && b.get(j + k.len()).copied().is_some_and(is_blank)
        })
        .then_some(j)
}

/// Where a named coprocess's name and compound body begin, `from` just after `coproc`: an
/// identifier with blanks (not a newline) on both sides, then one of [`COPROC_BODIES`].
fn named_coproc_body(b: &[u8], from: usize) -> Option<((usize, usize), usize)> {
    let skip = |mut j: usize| {
        while j < b.len() && matches!(b[j], b' ' | b'\t') {
            j += 1;
        }
        j
    };
    let start = skip(from);
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
        end += 1;
    }
    if end == start
        || b[start].is_ascii_digit()
        || !b.get(end).is_some_and(|&c| matches!(c, b' ' | b'\t'))
    {
        return None;
    }
    let body = coproc_body(b, end)?;
    Some(((start, end), body))
}

/// The next `for` or `select` at or after `from` that is a word of its own in command
/// position.
fn next_loop(b: &[u8], from: usize) -> Option<usize> {
    (from..b.len()).find(|&i| {
        ["for", "select"].iter().any(|k| {
            b.get(i..i + k.len()) == Some(k.as_bytes())
                && b.get(i + k.len()).copied().is_some_and(is_blank)
        }) && command_position(b, i)
    })
}

/// Where the `{` of a group body is, when the loop at `at` is `for`/`select NAME in WORDS`
/// ended by `;` or a newline, blanks and newlines, then `{` and a blank; the header's words
/// must be plain (letters, digits, `_ . / : , + = @ % - * ? [ ] ~`).
fn group_after_header(b: &[u8], at: usize) -> Option<usize> {
    let skip = |mut j: usize, newlines: bool| {
        while j < b.len() && (matches!(b[j], b' ' | b'\t') || (newlines && b[j] == b'\n')) {
            j += 1;
        }
        j
    };
    let keyword = if b[at] == b'f' { 3 } else { 6 };
    let mut j = skip(at + keyword, false);
    let name = j;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
        j += 1;
    }
    if j == name || b[name].is_ascii_digit() {
        return None;
    }
    j = skip(j, true);
    if b.get(j..j + 2) != Some(b"in") || !b.get(j + 2).copied().is_some_and(is_blank) {
        return None;
    }
    j += 2;
    while j < b.len() && !matches!(b[j], b';' | b'\n') {
        if !(b[j].is_ascii_alphanumeric()
            || matches!(
                b[j],
                b' ' | b'\t'
                    | b'_'
                    | b'.'
                    | b'/'
                    | b':'
                    | b','
                    | b'+'
                    | b'='
                    | b'@'
                    | b'%'
                    | b'-'
                    | b'*'
                    | b'?'
                    | b'['
                    | b']'
                    | b'~'
            ))
        {
            return None;
        }
        j += 1;
    }
    if j >= b.len() {
        return None;
    }
    j = skip(j + 1, true);
    (b.get(j) == Some(&b'{') && b.get(j + 1).copied().is_some_and(is_blank)).then_some(j)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn respelled(src: &str) -> Option<String> {
        as_do_done(src, Duration::from_secs(2)).map(|(t, _, _)| t)
    }

    #[test]
    fn group_bodies_become_do_done() {
        assert_eq!(
            respelled("for i in a b; { echo $i; }").as_deref(),
            Some("for i in a b; do { echo $i; }; done")
        );
        assert_eq!(
            respelled("select i in a\n{ id; } > out; ls").as_deref(),
            Some("select i in a\ndo { id; }; done > out; ls")
        );
        // The outer body holds a loop tree-sitter-bash does not read: only the inner one is
        // respelled, and the text stays a parse error.
        assert_eq!(
            respelled("for i in a; { for j in b; { id; }; }").as_deref(),
            Some("for i in a; { for j in b; do { id; }; done; }")
        );
        assert_eq!(
            respelled("ls && for f in *.txt; { wc -l $f; }").as_deref(),
            Some("ls && for f in *.txt; do { wc -l $f; }; done")
        );
    }

    #[test]
    fn named_compound_coprocesses_lose_the_name() {
        let sub =
            |src: &str| named_coproc_subshells(src, Duration::from_secs(2)).map(|(t, _, _)| t);
        assert_eq!(
            sub("coproc C case a in a) id;; esac").as_deref(),
            Some("coproc  ( case a in a) id;; esac )")
        );
        assert_eq!(
            sub("ls && coproc _c2\tcase $x in *) id;; esac > f; ls").as_deref(),
            Some("ls && coproc \t( case $x in *) id;; esac ) > f; ls")
        );
        for src in [
            // No name, a name glued to the body or on another line, not a name, no compound.
            "coproc case a in a) id;; esac",
            "coproc C\ncase a in a) id;; esac",
            "coproc 1C case a in a) id;; esac",
            "coproc C ls",
            "echo coproc C case a in a) id;; esac",
        ] {
            assert_eq!(sub(src), None, "{src}");
        }
    }

    #[test]
    fn compound_coprocesses_become_subshells() {
        let sub = |src: &str| coproc_subshells(src, Duration::from_secs(2)).map(|(t, _, _)| t);
        assert_eq!(
            sub("coproc case a in a) id;; esac; ls").as_deref(),
            Some("coproc ( case a in a) id;; esac ); ls")
        );
        assert_eq!(
            sub("coproc { case a in a) id;; esac; } > f").as_deref(),
            Some("coproc ( { case a in a) id;; esac; } ) > f")
        );
        assert_eq!(
            sub("ls; coproc while :; do case a in a) id;; esac; done").as_deref(),
            Some("ls; coproc ( while :; do case a in a) id;; esac; done )")
        );
        for src in [
            "coproc ls -l",
            "coproc ( id )",
            "echo coproc { id; }",
            "coproc C { id; }",
            "coproc C case a in a) id;; esac",
        ] {
            assert_eq!(sub(src), None, "{src}");
        }
    }

    #[test]
    fn other_loops_are_left_alone() {
        for src in [
            "for i in a b; do echo; done",
            "for i in 'a;b'; { echo; }",
            "for i in $(ls); { echo; }",
            "for i in a; {x; }",
            "echo for i in a; { id; }",
            "before i in a; { id; }",
            "for i in a",
        ] {
            assert_eq!(respelled(src), None, "{src}");
        }
    }
}
