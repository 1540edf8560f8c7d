//! Tokens tree-sitter-bash reads otherwise than bash, where a spelling of the same meaning
//! parses as bash reads it: the line is parsed again with those tokens respelled (offsets map
//! back through a table), so what bash runs is what the analysis sees.
//!
//! - an argument `==` or `=~` of a simple command (`echo == && rm -rf ~`, `echo == ; rm`):
//!   the grammar reads an operator token, then what follows as a regex that runs over blanks
//!   and operators (`&& rm -rf ~` one word) or as an error; bash reads an ordinary word.
//!   Respelled `"=="`.
//! - a `$` followed by blanks and a newline, or by a line continuation and a blank
//!   (`echo $\⏎ ⏎rm -rf ~`): the grammar skips them to a variable name (`$rm`); bash reads a
//!   literal `$`, and the next line as another command. Respelled `\$`.
//! - a backslash escape that begins a line after a command (`echo 2>&1⏎\rm -rf ~`): the grammar
//!   takes the newline into the word and keeps it in the command; bash ends the command at the
//!   newline. The escaped byte is respelled quoted (`"r"m`).

use tree_sitter::{Node, Tree};

use super::kind;

/// One respelling: the bytes `start..end` of the text are read as `with`.
pub(super) struct Edit {
    pub start: usize,
    pub end: usize,
    pub with: String,
}

/// Whether `src` may hold a token this module respells (a cheap test before walking the tree).
pub(super) fn may_need(src: &str) -> bool {
    let b = src.as_bytes();
    b.windows(2).any(|w| {
        matches!(
            w,
            [b'=', b'=' | b'~'] | [b'$', b' ' | b'\t' | b'\n' | b'\\'] | [b'\n', b'\\']
        )
    })
}

/// The respellings `tree` (of `src`) needs, in text order, without overlaps.
pub(super) fn edits(tree: &Tree, src: &str) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut cursor = tree.root_node().walk();
    'walk: loop {
        let node = cursor.node();
        check(node, src, &mut out);
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    out.sort_by_key(|e| e.start);
    let mut last_end = 0;
    out.retain(|e| {
        let keep = e.start >= last_end;
        if keep {
            last_end = e.end;
        }
        keep
    });
    out
}

fn check(node: Node, src: &str, out: &mut Vec<Edit>) {
    let b = src.as_bytes();
    match kind(node) {
        // `echo == && rm -rf ~`, `echo == ; rm`: an operator token outside a comparison.
        "==" | "=~" if !node.is_named() => {
            let comparison = node
                .parent()
                .is_some_and(|p| matches!(kind(p), "binary_expression" | "test_command"));
            if !comparison {
                let text = src.get(node.start_byte()..node.end_byte()).unwrap_or("");
                out.push(Edit {
                    start: node.start_byte(),
                    end: node.end_byte(),
                    with: format!("\"{text}\""),
                });
            }
        }
        // `$\⏎ ⏎rm`: the `$` token, then the name after a gap that is not only line
        // continuations.
        "simple_expansion" | "translated_string" => {
            let (Some(dollar), Some(name)) = (node.child(0), node.child(1)) else {
                return;
            };
            if kind(dollar) != "$" || name.start_byte() <= dollar.end_byte() {
                return;
            }
            let gap = b
                .get(dollar.end_byte()..name.start_byte())
                .unwrap_or_default();
            // Only a gap across a line: `$ -rf` (a blank alone) stays the parse error the
            // lowering reports (a hidden program).
            let joined = gap.len() % 2 == 0 && gap.chunks(2).all(|c| c == b"\\\n");
            let across = gap.contains(&b'\n');
            if across && !joined && src.get(dollar.start_byte()..dollar.end_byte()) == Some("$") {
                out.push(Edit {
                    start: dollar.start_byte(),
                    end: dollar.end_byte(),
                    with: "\\$".to_owned(),
                });
            }
        }
        // `⏎\rm` read as one word with its newline.
        "word" => {
            let start = node.start_byte();
            if b.get(start) == Some(&b'\n') && b.get(start + 1) == Some(&b'\\') {
                let Some(c) = src.get(start + 2..).and_then(|t| t.chars().next()) else {
                    return;
                };
                if c == '\n' {
                    return;
                }
                let with = if c == '\'' {
                    "\"'\"".to_owned()
                } else {
                    format!("'{c}'")
                };
                out.push(Edit {
                    start: start + 1,
                    end: start + 2 + c.len_utf8(),
                    with,
                });
            }
        }
        _ => {}
    }
}

/// `src` with `edits` applied, and for each byte of the result the offsets of `src` it comes
/// from (a replacement's bytes all come from the bytes it replaced).
pub(super) fn apply(src: &str, edits: &[Edit]) -> (String, Vec<(usize, usize)>) {
    let mut text = String::with_capacity(src.len() + 2 * edits.len());
    let mut origin = Vec::with_capacity(src.len() + 2 * edits.len());
    let mut pos = 0;
    for e in edits {
        let Some(kept) = src.get(pos..e.start) else {
            break;
        };
        text.push_str(kept);
        origin.extend((pos..e.start).map(|i| (i, i + 1)));
        text.push_str(&e.with);
        origin.extend(std::iter::repeat_n((e.start, e.end), e.with.len()));
        pos = e.end;
    }
    text.push_str(src.get(pos..).unwrap_or_default());
    origin.extend((pos..src.len()).map(|i| (i, i + 1)));
    (text, origin)
}
