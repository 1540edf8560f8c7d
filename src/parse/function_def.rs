//! Function definitions tree-sitter-bash does not read, respelled as ones it reads with the
//! same meaning:
//!
//! - a body that is a loop or a `case` (`f() while …; done`, `function f case … esac`,
//!   `f() for x in …; do …; done`): bash takes any compound command as a function's body,
//!   tree-sitter-bash only a group, a subshell, `if`, `[[ … ]]` and `(( … ))`, and reads the
//!   loop's words as arguments of a command `f()`. The body is respelled as a group holding it
//!   (`f() { while …; done; }`, the same function), found by parsing the text from its first
//!   reserved word;
//! - a definition after the `time` keyword or `!` (`time f() { …; }`, `! function f …`):
//!   bash defines the function (timing or negating the definition); the grammar reads a
//!   command `f` or a subshell. The keywords (and `time`'s `-p`) are respelled as blanks.

use std::time::Duration;

use super::respell::{
    Edit, MAX_BODIES, Respelled, command_at, command_position, is_blank, is_meta, respelled, wrap,
};

/// The reserved words that open a compound command tree-sitter-bash does not take as a body.
const OPENERS: [&str; 5] = ["while", "until", "for", "select", "case"];

/// The node kinds such a body parses to on its own.
const BODIES: [&str; 4] = [
    "while_statement",
    "for_statement",
    "c_style_for_statement",
    "case_statement",
];

/// `src` with each loop or `case` that follows a function's header wrapped in a group and each
/// `time` or `!` before a definition blanked, the map of the new text to `src`, and where the
/// first respelling is; `None` when there is none.
pub(super) fn as_read_definitions(src: &str, budget: Duration) -> Option<Respelled> {
    let b = src.as_bytes();
    let mut edits = timed_definitions(b);
    let mut from = 0;
    let mut parsed = 0;
    while from < b.len() {
        let Some(at) = next_opener(b, from) else {
            break;
        };
        from = at + 1;
        if !after_function_header(b, at) {
            continue;
        }
        parsed += 1;
        if parsed > MAX_BODIES {
            return None;
        }
        if let Some(end) = command_at(src, at, budget, |k| BODIES.contains(&k)).ok()? {
            wrap(&mut edits, at, end, "{ ", "; }");
            // A body nested in this one is found by the parse of the respelled text.
            from = end;
        }
    }
    respelled(src, edits)
}

/// Each run of `time` keywords (with their `-p` and `--`) and `!` that a function's definition
/// follows, respelled as blanks.
fn timed_definitions(b: &[u8]) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < b.len() {
        let j = prefixes_end(b, at);
        if j > at && command_position(b, at) && defines_function(b, j) {
            out.push(Edit {
                start: at,
                end: j,
                with: " ".repeat(j - at),
            });
            at = j;
        } else {
            at += 1;
        }
    }
    out
}

/// The end of the `time [-p] [--]` and `!` words from `at` on, blanks after them included
/// (`at` when there is none).
fn prefixes_end(b: &[u8], at: usize) -> usize {
    let word = |k: usize, w: &[u8]| {
        b.get(k..k + w.len()) == Some(w) && b.get(k + w.len()).copied().is_some_and(is_blank)
    };
    let mut j = at;
    let mut timed = false;
    loop {
        let len = if word(j, b"time") {
            timed = true;
            4
        } else if word(j, b"!") {
            timed = false;
            1
        } else if timed && (word(j, b"-p") || word(j, b"--")) {
            2
        } else {
            return j;
        };
        j += len;
        while j < b.len() && matches!(b[j], b' ' | b'\t') {
            j += 1;
        }
    }
}

/// Whether a function's definition begins at `at`: `function NAME` or `NAME ()`.
fn defines_function(b: &[u8], at: usize) -> bool {
    let word_end = |from: usize| (from..b.len()).find(|&k| is_meta(b[k])).unwrap_or(b.len());
    let end = word_end(at);
    if end == at {
        return false;
    }
    if &b[at..end] == b"function" {
        return b.get(end).copied().is_some_and(is_blank);
    }
    let mut k = end;
    while k < b.len() && matches!(b[k], b' ' | b'\t') {
        k += 1;
    }
    if b.get(k) != Some(&b'(') {
        return false;
    }
    k += 1;
    while k < b.len() && matches!(b[k], b' ' | b'\t') {
        k += 1;
    }
    b.get(k) == Some(&b')')
}

/// The first of [`OPENERS`] at or after `from` that is a word of its own.
fn next_opener(b: &[u8], from: usize) -> Option<usize> {
    (from..b.len()).find(|&i| {
        (i == 0 || is_blank(b[i - 1]))
            && OPENERS.iter().any(|k| {
                b.get(i..i + k.len()) == Some(k.as_bytes())
                    && b.get(i + k.len()).is_none_or(|&c| is_blank(c) || c == b';')
            })
    })
}

/// Whether the text before `at` (blanks and newlines skipped) ends a function's header:
/// `NAME ()` or `function NAME`.
fn after_function_header(b: &[u8], at: usize) -> bool {
    let mut j = at;
    while j > 0 && is_blank(b[j - 1]) {
        j -= 1;
    }
    if j > 0 && b[j - 1] == b')' {
        j -= 1;
        while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
            j -= 1;
        }
        if j == 0 || b[j - 1] != b'(' {
            return false;
        }
        j -= 1;
        while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
            j -= 1;
        }
        return j > 0 && !is_meta(b[j - 1]);
    }
    // `function NAME`: the word before is a name, and the one before it `function`.
    let name_end = j;
    while j > 0 && !is_meta(b[j - 1]) {
        j -= 1;
    }
    if j == name_end {
        return false;
    }
    while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
        j -= 1;
    }
    j >= 8 && &b[j - 8..j] == b"function" && (j == 8 || is_meta(b[j - 9]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(src: &str) -> Option<String> {
        as_read_definitions(src, Duration::from_secs(2)).map(|(t, _, _)| t)
    }

    #[test]
    fn loop_and_case_bodies_are_grouped() {
        assert_eq!(
            grouped("f() while id; do break; done; f").as_deref(),
            Some("f() { while id; do break; done; }; f")
        );
        assert_eq!(
            grouped("function f case a in a) id;; esac").as_deref(),
            Some("function f { case a in a) id;; esac; }")
        );
        assert_eq!(
            grouped("f ()\nfor i in 1; do id; done > x\nf").as_deref(),
            Some("f ()\n{ for i in 1; do id; done; } > x\nf")
        );
        assert_eq!(
            grouped("function f() until id; do :; done").as_deref(),
            Some("function f() { until id; do :; done; }")
        );
    }

    #[test]
    fn time_before_a_definition_is_blanked() {
        assert_eq!(
            grouped("time f() { id; }; f").as_deref(),
            Some("     f() { id; }; f")
        );
        assert_eq!(
            grouped("time -p function f { id; }").as_deref(),
            Some("        function f { id; }")
        );
        assert_eq!(
            grouped("time -p f () while id; do :; done").as_deref(),
            Some("        f () { while id; do :; done; }")
        );
        assert_eq!(
            grouped("! time f() { id; }").as_deref(),
            Some("       f() { id; }")
        );
        assert_eq!(
            grouped("time ! f() { id; }").as_deref(),
            Some("       f() { id; }")
        );
        for src in [
            "time f",
            "time f x",
            "timef() { :; }",
            "echo time f() { :; }",
        ] {
            assert_eq!(grouped(src), None, "{src}");
        }
    }

    #[test]
    fn loops_that_are_no_body_are_left_alone() {
        for src in [
            "while id; do :; done",
            "echo f; while id; do :; done",
            "x=(a) while",
            "echo function while",
            "f() { while id; do :; done; }",
            "f() while",
        ] {
            assert_eq!(grouped(src), None, "{src}");
        }
    }
}
