//! Parsing: bash text → tree-sitter tree → our owned [`Script`].
//!
//! This is the only module that touches tree-sitter. It owns one parser per thread, enforces the
//! parse-time limits (input bytes, tree nodes, tree depth, wall-clock time) and lowers the concrete
//! tree into [`crate::ast`]. Every ERROR or MISSING node, every node kind we do not model and every
//! limit hit becomes a [`SyntaxIssue`]; nothing is dropped silently and nothing panics.
//!
//! It does not decide anything, and it does not look inside strings: re-parsing `bash -c '…'` is
//! the analyzer's job, which calls [`parse_nested`] with a map back to the original offsets.

mod lower;
mod words;

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::Limits;
use crate::ast::{IssueKind, Script, Span, SyntaxIssue};

pub use lower::dump_tree;
pub use words::decode_ansi_escape;

thread_local! {
    static PARSER: RefCell<Option<tree_sitter::Parser>> = const { RefCell::new(None) };
}

/// Maps byte offsets of a text that was re-parsed back to the original input.
#[derive(Debug, Clone)]
pub enum SpanMap {
    /// The text starts at this offset of the original and maps byte for byte.
    Shift(usize),
    /// One entry per byte of the text: the span of the original it came from.
    Table(Vec<Span>),
}

impl SpanMap {
    /// Map a range of the re-parsed text to the original input.
    pub fn map(&self, start: usize, end: usize) -> Span {
        match self {
            SpanMap::Shift(base) => Span::new(base + start, base + end),
            SpanMap::Table(table) => {
                let Some(last) = table.last() else {
                    return Span::default();
                };
                let s = table.get(start).map_or(last.end, |s| s.start);
                let e = if end == 0 {
                    s
                } else {
                    table.get(end - 1).map_or(last.end, |s| s.end)
                };
                Span::new(s, e.max(s))
            }
        }
    }
}

/// Parse a whole command line.
pub fn parse(src: &str, limits: &Limits) -> Script {
    parse_nested(src, &SpanMap::Shift(0), 0, limits)
}

/// Parse `src`, a text that came from somewhere in the original input (`map` says where);
/// `depth` is the tree depth already used by the enclosing code, so nesting is bounded overall.
pub fn parse_nested(src: &str, map: &SpanMap, depth: usize, limits: &Limits) -> Script {
    let whole = map.map(0, src.len());
    if src.len() > limits.max_input_bytes {
        return Script {
            commands: Vec::new(),
            issues: vec![SyntaxIssue {
                kind: IssueKind::TooLong,
                span: whole,
                detail: format!(
                    "input is {} bytes, over the limit of {}",
                    src.len(),
                    limits.max_input_bytes
                ),
            }],
        };
    }
    PARSER.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return internal_issue(whole, "parser re-entered");
        };
        if slot.is_none() {
            let mut parser = tree_sitter::Parser::new();
            if parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .is_err()
            {
                return internal_issue(whole, "tree-sitter-bash grammar failed to load");
            }
            *slot = Some(parser);
        }
        let Some(parser) = slot.as_mut() else {
            return internal_issue(whole, "no parser");
        };
        let started = Instant::now();
        let budget = limits.max_parse_time;
        let mut timed_out = false;
        let mut progress = |_: &tree_sitter::ParseState| {
            if started.elapsed() > budget {
                timed_out = true;
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let bytes = src.as_bytes();
        let tree = parser.parse_with_options(
            &mut |i, _| bytes.get(i..).unwrap_or_default(),
            None,
            Some(tree_sitter::ParseOptions::new().progress_callback(&mut progress)),
        );
        let Some(tree) = tree else {
            parser.reset();
            let detail = if timed_out {
                format!("parsing took longer than {} ms", budget.as_millis())
            } else {
                "tree-sitter returned no tree".to_owned()
            };
            return Script {
                commands: Vec::new(),
                issues: vec![SyntaxIssue {
                    kind: IssueKind::TooLong,
                    span: whole,
                    detail,
                }],
            };
        };
        drop(slot);
        lower::lower(&tree, src, map, depth, limits)
    })
}

fn internal_issue(span: Span, detail: &str) -> Script {
    Script {
        commands: Vec::new(),
        issues: vec![SyntaxIssue {
            kind: IssueKind::ParseError,
            span,
            detail: format!("internal error: {detail}"),
        }],
    }
}

/// The tree-sitter tree of `src` as indented text, for grammar snapshots.
pub fn tree_text(src: &str) -> String {
    PARSER.with(|cell| {
        let mut parser = tree_sitter::Parser::new();
        if parser
            .set_language(&tree_sitter_bash::LANGUAGE.into())
            .is_err()
        {
            return "grammar failed to load".to_owned();
        }
        let _ = cell;
        parser
            .parse(src, None)
            .map_or_else(|| "no tree".to_owned(), |t| dump_tree(&t, src))
    })
}

/// Parse with tree-sitter only (no lowering) and return the node count: the floor the
/// benchmarks compare analysis and classification against.
pub fn bare_parse(src: &str) -> usize {
    PARSER.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return 0;
        };
        if slot.is_none() {
            let mut parser = tree_sitter::Parser::new();
            if parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .is_err()
            {
                return 0;
            }
            *slot = Some(parser);
        }
        slot.as_mut()
            .and_then(|p| p.parse(src, None))
            .map_or(0, |t| t.root_node().descendant_count())
    })
}
