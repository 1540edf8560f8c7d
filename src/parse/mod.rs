//! Parsing: bash text → tree-sitter tree → our owned [`Script`].
//!
//! This is the only module that touches tree-sitter. It owns one parser per thread, enforces the
//! parse-time limits (input bytes, pipeline length, tree nodes, tree depth, wall-clock time) and
//! lowers the concrete tree into [`crate::ast`]. A NUL byte in the text is two programs to bash
//! (`bash -c` stops at it, a script drops it): both are parsed, with a `parse-error` issue; a
//! lone carriage return is read as the newline some tools take it for, and a vertical tab or form
//! feed (a blank to tree-sitter-bash, a byte of the word to bash) as a byte of the word, each
//! with the same issue. Every ERROR or MISSING node, every node kind we do not model and every
//! limit hit becomes a [`SyntaxIssue`]; nothing is dropped silently and nothing panics.
//!
//! It does not decide anything, and it does not look inside strings: re-parsing `bash -c '…'` is
//! the analyzer's job, which calls [`parse_nested`] with a map back to the original offsets.

mod backquotes;
mod brace_loops;
mod brace_word;
mod comsub;
mod continuation;
mod dparen;
pub(crate) mod escapes;
mod function_def;
mod heredoc;
mod heredoc_lines;
mod lower;
mod param_operand;
mod read_write;
mod respell;
mod simple;
mod words;

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::Limits;
use crate::ast::{IssueKind, Script, Span, SyntaxIssue};

pub(crate) use lower::dump_tree;

/// The grammar's name for a node's kind, remembered per kind id: `Node::kind` measures and
/// validates the C string on every call, and lowering asks for kinds a lot. Each name is copied
/// the first time its kind is seen (a hook sees a dozen kinds, so nothing is built up front).
pub(crate) fn kind(node: tree_sitter::Node<'_>) -> &str {
    const SLOTS: usize = 1024;
    static KINDS: [std::sync::OnceLock<Box<str>>; SLOTS] =
        [const { std::sync::OnceLock::new() }; SLOTS];
    match KINDS.get(usize::from(node.kind_id())) {
        Some(cell) => cell.get_or_init(|| node.kind().into()),
        None => node.kind(),
    }
}

thread_local! {
    static PARSER: RefCell<Option<tree_sitter::Parser>> = const { RefCell::new(None) };
}

/// Maps byte offsets of a text that was re-parsed back to the original input.
#[derive(Debug, Clone)]
pub(crate) enum SpanMap {
    /// The text starts at this offset of the original and maps byte for byte.
    Shift(usize),
    /// One entry per byte of the text: the span of the original it came from.
    Table(Vec<Span>),
}

impl SpanMap {
    /// The map of the text from byte `k` on.
    pub(crate) fn after(&self, k: usize) -> SpanMap {
        match self {
            SpanMap::Shift(base) => SpanMap::Shift(base + k),
            SpanMap::Table(table) => SpanMap::Table(table.get(k..).unwrap_or_default().to_vec()),
        }
    }

    /// Map a range of the re-parsed text to the original input.
    pub(crate) fn map(&self, start: usize, end: usize) -> Span {
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
pub(crate) fn parse(src: &str, limits: &Limits) -> Script {
    parse_nested(src, &SpanMap::Shift(0), 0, limits)
}

/// Whether `src` takes the fast path (`simple.rs`) that reads it without tree-sitter, for
/// measuring the two paths apart (`examples/fast_path_split.rs`).
#[doc(hidden)]
pub(crate) fn takes_fast_path(src: &str, limits: &Limits) -> bool {
    src.len() <= limits.max_input_bytes && simple::parse(src, 0, 0, limits).is_some()
}

/// Parse `src`, a text that came from somewhere in the original input (`map` says where);
/// `depth` is the tree depth already used by the enclosing code, so nesting is bounded overall.
pub(crate) fn parse_nested(src: &str, map: &SpanMap, depth: usize, limits: &Limits) -> Script {
    let whole = map.map(0, src.len());
    if src.len() > limits.max_input_bytes {
        return only_issue(
            IssueKind::TooLong,
            whole,
            format!(
                "input is {} bytes, over the limit of {}",
                src.len(),
                limits.max_input_bytes
            ),
        );
    }
    if let SpanMap::Shift(base) = map
        && let Some(script) = simple::parse(src, *base, depth, limits)
    {
        return script;
    }
    if let Some(nul) = src.find('\0') {
        return parse_with_nul(src, nul, map, depth, limits);
    }
    if let Some(cr) = lone_cr(src) {
        return parse_with_lone_cr(src, cr, map, depth, limits);
    }
    let lookalikes = blank_lookalikes(src);
    if let Some(&at) = lookalikes.first() {
        return parse_with_blank_lookalikes(src, &lookalikes, at, map, depth, limits);
    }
    let (stages, empty, open_backquote) = scan_pipelines(src);
    if let Some(at) = empty {
        // bash rejects the whole line; tree-sitter's error recovery on a long pipeline around
        // it can take minutes in one step that its progress callback cannot interrupt.
        return only_issue(
            IssueKind::ParseError,
            map.map(at, at + 1),
            "an empty pipeline stage (`| |`): bash rejects the line".to_owned(),
        );
    }
    if let Some(at) = open_backquote.filter(|_| stages >= LONG_PIPELINE) {
        // bash rejects the line (no matching backquote); tree-sitter's error recovery inside
        // a long pipeline after it grows exponentially with the stages (20 stages: minutes),
        // in steps its progress callback cannot interrupt (`tests/regressions/hang/`).
        return only_issue(
            IssueKind::ParseError,
            map.map(at, at + 1),
            "an unterminated backquote in a long pipeline: bash rejects the line".to_owned(),
        );
    }
    if stages >= LONG_PIPELINE
        && src.contains('`')
        && let Some((text, origin)) = backquotes::as_dollar_parens(src)
    {
        // Backquotes in a long pipeline can keep tree-sitter merging stacks for minutes in
        // one step; `$(…)` is the same program and parses in milliseconds.
        let table = origin.iter().map(|&(s, e)| map.map(s, e)).collect();
        return parse_nested(&text, &SpanMap::Table(table), depth, limits);
    }
    if stages > limits.max_pipeline_stages {
        return only_issue(
            IssueKind::TooLong,
            whole,
            format!(
                "a pipeline of about {stages} stages, over the limit of {}",
                limits.max_pipeline_stages
            ),
        );
    }
    if stages >= LONG_PIPELINE {
        return parse_watched(src, map, depth, limits, RESPELL_ROUNDS);
    }
    parse_with_tree_sitter(src, map, depth, limits)
}

/// How many times a text is parsed again with tokens respelled ([`respell`]): each round
/// respells every token found, so one is enough in practice; the bound only ends a loop.
const RESPELL_ROUNDS: u8 = 3;

/// `src` respelled where `tree` reads a token otherwise than bash ([`respell`]), with the map
/// of the new text to the original input; `None` when nothing needs it.
fn respelled(tree: &tree_sitter::Tree, src: &str, map: &SpanMap) -> Option<(String, SpanMap)> {
    if !respell::may_need(src) {
        return None;
    }
    let edits = respell::edits(tree, src);
    if edits.is_empty() {
        return None;
    }
    let (text, origin) = respell::apply(src, &edits);
    let table = origin.iter().map(|&(s, e)| map.map(s, e)).collect();
    Some((text, SpanMap::Table(table)))
}

/// Parse `src` with tree-sitter and lower the tree: [`parse_nested`] once the text is known to
/// be in a shape tree-sitter parses in time.
pub(crate) fn parse_with_tree_sitter(
    src: &str,
    map: &SpanMap,
    depth: usize,
    limits: &Limits,
) -> Script {
    parse_respelled(src, map, depth, limits, RESPELL_ROUNDS)
}

/// [`parse_with_tree_sitter`], with `rounds` respellings left.
fn parse_respelled(src: &str, map: &SpanMap, depth: usize, limits: &Limits, rounds: u8) -> Script {
    let script = match tree(src, limits.max_parse_time) {
        Ok(tree) => match respelled(&tree, src, map).filter(|_| rounds > 0) {
            Some((text, table)) => {
                return parse_respelled(&text, &table, depth, limits, rounds - 1);
            }
            None => lower::lower(&tree, src, map, depth, limits),
        },
        Err((kind, detail)) => return only_issue(kind, map.map(0, src.len()), detail),
    };
    // `coproc case … esac`, `coproc { case …; }`: an unnamed coprocess's compound body, which
    // tree-sitter-bash does not read with a `case` in it (a command `coproc`, with or without a
    // syntax issue); every such body is respelled inside a subshell (bash runs the body in
    // one). Never allowed (the issue).
    if src.contains("coproc")
        && let Some((text, origin, at)) = brace_loops::coproc_subshells(src, limits.max_parse_time)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 1),
            detail: "a coprocess whose body is a compound command, which tree-sitter-bash does \
                     not read with a `case` in it, read as a subshell's"
                .to_owned(),
        });
        return respelled;
    }
    if !has_parse_error(&script) {
        return script;
    }
    // `f() while …; done`, `time f() { …; }`: function definitions tree-sitter-bash does not
    // read; respelled as ones it reads (`f() { while …; done; }`). Never allowed (the issue).
    if let Some((text, origin, at)) = function_def::as_read_definitions(src, limits.max_parse_time)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 1),
            detail: "a function definition tree-sitter-bash does not read (a loop or `case` \
                     as its body, `time` or `!` before it), read as bash reads it"
                .to_owned(),
        });
        return respelled;
    }
    // `coproc C case … esac`: a named coprocess whose body tree-sitter-bash does not read (a
    // `case`); respelled without the name, the body in a subshell (bash runs it in one; the
    // name only names the variables of its descriptors). Never allowed (the issue).
    if src.contains("coproc")
        && let Some((text, origin, at)) =
            brace_loops::named_coproc_subshells(src, limits.max_parse_time)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 1),
            detail: "a named coprocess whose body is a compound command tree-sitter-bash does \
                     not read, read as a subshell's"
                .to_owned(),
        });
        return respelled;
    }
    // `for i in a b; { …; }`, `select i in a; { …; }`: a loop whose body is a group, which
    // tree-sitter-bash does not read; respelled `do { …; }; done`. Never allowed (the issue).
    if let Some((text, origin, at)) = brace_loops::as_do_done(src, limits.max_parse_time)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 1),
            detail: "a `for` or `select` loop whose body is a group (`for i in a; { …; }`), \
                     which tree-sitter-bash does not read, read as bash reads it"
                .to_owned(),
        });
        return respelled;
    }
    // `((id) )`, `$((id) )`: bash's nested subshells, which tree-sitter-bash cannot read as
    // written.
    if let Some(respelled) = dparen::as_nested_subshells(src)
        .and_then(|(text, origin)| parse_clean(&text, &origin, map, depth, limits))
    {
        return respelled;
    }
    // `cat <<EOF; ls`: a `;` after a heredoc operator, which tree-sitter-bash does not read;
    // the bodies moved after it.
    if let Some(respelled) = heredoc_lines::bodies_after_separators(src)
        .and_then(|(text, origin)| parse_clean(&text, &origin, map, depth, limits))
    {
        return respelled;
    }
    // `echo x 1<> /dev/sda`: bash's read-write redirect, which tree-sitter-bash does not read,
    // respelled as a write and a read of its target. Never allowed (the issue).
    if let Some((text, origin)) = read_write::as_read_and_write(src)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        let at = src.find("<>").unwrap_or_default();
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 2),
            detail: "a redirect that opens its file for reading and writing (`<>`), read as a \
                     write and a read of it"
                .to_owned(),
        });
        return respelled;
    }
    // `: ; {rm,-rf,/}`: a brace expansion that starts a word, which tree-sitter-bash reads as a
    // group's `{`; bash's reading of `""{rm,-rf,/}` is the same. Never allowed (the issue).
    if let Some((text, origin)) = brace_word::as_quoted_preamble(src)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        let first = origin.iter().find(|(s, e)| s == e).map(|&(s, _)| s);
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: first.map_or_else(|| map.map(0, src.len()), |k| map.map(k, k + 1)),
            detail: "a brace expansion that makes a command name (`{rm,-rf,/}`)".to_owned(),
        });
        return respelled;
    }
    // `echo ${x:-a&#}; rm -rf ~`: an operator byte in a `${…}` operand, which
    // tree-sitter-bash reads as an operator; bash reads it as a character of the word; a
    // translated string after text in an operand (`${x:-a$"b"}`), an error to it. Never
    // allowed (the issue).
    if let Some((text, origin)) = param_operand::as_escaped_operators(src)
        && let Some(mut respelled) = parse_clean(&text, &origin, map, depth, limits)
    {
        let at = origin.iter().find(|(s, e)| s == e).map_or(0, |&(s, _)| s);
        respelled.issues.push(SyntaxIssue {
            kind: IssueKind::UnsupportedSyntax,
            span: map.map(at, at + 1),
            detail: "an operator character or a translated string inside a `${…}` operand \
                     (`${x:-a&b}`, `${x:-a$\"b\"}`), read as bash reads it: a character of the \
                     word, a quoted string"
                .to_owned(),
        });
        return respelled;
    }
    script
}

fn has_parse_error(script: &Script) -> bool {
    script
        .issues
        .iter()
        .any(|i| i.kind == IssueKind::ParseError)
}

/// A respelling of the text (`origin`: for each of its bytes, the range of the text it stands
/// for) parsed, when it parses without a syntax error; else `None` (the original reading,
/// with its error, stands).
fn parse_clean(
    text: &str,
    origin: &[(usize, usize)],
    map: &SpanMap,
    depth: usize,
    limits: &Limits,
) -> Option<Script> {
    let table = origin.iter().map(|&(s, e)| map.map(s, e)).collect();
    let script = parse_nested(text, &SpanMap::Table(table), depth, limits);
    (!has_parse_error(&script)).then_some(script)
}

/// [`parse_with_tree_sitter`] on a thread of its own, abandoned if it has not finished a little
/// after the parse-time budget: for long pipelines, where fuzzed inputs keep tree-sitter busy
/// for minutes inside one step its progress callback cannot interrupt
/// (`tests/regressions/hang/`). The abandoned thread runs on until that step ends (or the
/// process does); the caller gets a `too-long` issue in time. Costs a thread start (tens of
/// microseconds) per long pipeline, which everyday commands are not.
fn parse_watched(src: &str, map: &SpanMap, depth: usize, limits: &Limits, rounds: u8) -> Script {
    let budget = limits.max_parse_time;
    let (tx, rx) = std::sync::mpsc::channel();
    let text = src.to_owned();
    let spawned = std::thread::Builder::new()
        .name("shclass-parse".to_owned())
        // tree-sitter's stack merging recurses deeply: the main thread's stack size.
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = tx.send(tree(&text, budget));
        });
    if spawned.is_err() {
        return parse_with_tree_sitter(src, map, depth, limits);
    }
    let grace = budget + Duration::from_millis(500);
    match rx.recv_timeout(grace) {
        Ok(Ok(tree)) => match respelled(&tree, src, map).filter(|_| rounds > 0) {
            Some((text, table)) => parse_watched(&text, &table, depth, limits, rounds - 1),
            None => lower::lower(&tree, src, map, depth, limits),
        },
        Ok(Err((kind, detail))) => only_issue(kind, map.map(0, src.len()), detail),
        Err(_) => only_issue(
            IssueKind::TooLong,
            map.map(0, src.len()),
            format!(
                "tree-sitter did not finish within {} ms, in a step its time limit cannot \
                 interrupt; the parse was abandoned",
                grace.as_millis()
            ),
        ),
    }
}

/// What to run the first time this process hands a text to tree-sitter.
static BEFORE_FIRST_TREE_SITTER_PARSE: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();
static FIRST_TREE_SITTER_PARSE: std::sync::Once = std::sync::Once::new();

/// Run `f` once, on whichever thread first hands a text to tree-sitter, before it parses: the
/// only step of an analysis known to run for minutes on a few kilobytes of crafted input, in
/// steps its progress callback cannot interrupt. `shclass hook` starts its watchdog thread
/// here, so that a line the fast path (`simple.rs`) reads whole, which is decided in linear
/// time, does not pay for a thread. Returns false (and `f` is not registered) when a function
/// was registered already.
pub(crate) fn before_first_tree_sitter_parse(f: fn()) -> bool {
    BEFORE_FIRST_TREE_SITTER_PARSE.set(f).is_ok()
}

/// tree-sitter's tree of `src`, with this thread's parser, cancelled past `budget` where its
/// progress callback is called.
fn tree(src: &str, budget: Duration) -> Result<tree_sitter::Tree, (IssueKind, String)> {
    if let Some(&f) = BEFORE_FIRST_TREE_SITTER_PARSE.get() {
        FIRST_TREE_SITTER_PARSE.call_once(f);
    }
    let internal = |why: &str| (IssueKind::ParseError, format!("internal error: {why}"));
    PARSER.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return Err(internal("parser re-entered"));
        };
        if slot.is_none() {
            let mut parser = tree_sitter::Parser::new();
            if parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .is_err()
            {
                return Err(internal("tree-sitter-bash grammar failed to load"));
            }
            *slot = Some(parser);
        }
        let Some(parser) = slot.as_mut() else {
            return Err(internal("no parser"));
        };
        let started = Instant::now();
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
        tree.ok_or_else(|| {
            parser.reset();
            let detail = if timed_out {
                format!("parsing took longer than {} ms", budget.as_millis())
            } else {
                "tree-sitter returned no tree".to_owned()
            };
            (IssueKind::TooLong, detail)
        })
    })
}

/// A text with a NUL byte at `nul` means two different programs: `bash -c` receives it as a C
/// string and ends at the NUL, while bash reading a script drops NUL bytes (`r\0m -rf /` runs
/// `rm -rf /`). Both readings are parsed and their commands analysed, one after the other, with
/// a `parse-error` at the NUL so that such a command is never allowed.
fn parse_with_nul(src: &str, nul: usize, map: &SpanMap, depth: usize, limits: &Limits) -> Script {
    let truncated = &src[..nul];
    let mut script = parse_nested(truncated, map, depth, limits);
    script.issues.push(SyntaxIssue {
        kind: IssueKind::ParseError,
        span: map.map(nul, nul + 1),
        detail: "a NUL byte: `bash -c` ends the command here, a script read by bash drops it; \
                 both readings are analysed"
            .to_owned(),
    });
    let stripped: String = src.chars().filter(|&c| c != '\0').collect();
    if stripped.len() > truncated.len() {
        let table = src
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b != 0)
            .map(|(i, _)| map.map(i, i + 1))
            .collect();
        let more = parse_nested(&stripped, &SpanMap::Table(table), depth, limits);
        script.commands.extend(more.commands);
        script.issues.extend(more.issues);
    }
    script
}

/// The offset of the first `\r` not followed by `\n`.
fn lone_cr(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    (0..b.len()).find(|&i| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n'))
}

/// A `\r` that does not end a CRLF line: bash keeps it in the word (`ls\rrm` is one unknown
/// program), but tools that split lines on it (`str.splitlines`, old Mac line ends) run what
/// follows as a new command. The text is parsed with each lone `\r` read as a newline (same
/// length, same offsets), which sees every command either reading could run, with a
/// `parse-error` at the first one so that such a command is never allowed.
fn parse_with_lone_cr(
    src: &str,
    cr: usize,
    map: &SpanMap,
    depth: usize,
    limits: &Limits,
) -> Script {
    let b = src.as_bytes();
    let text: String = src
        .char_indices()
        .map(|(i, c)| {
            if c == '\r' && b.get(i + 1) != Some(&b'\n') {
                '\n'
            } else {
                c
            }
        })
        .collect();
    let mut script = parse_nested(&text, map, depth, limits);
    script.issues.push(SyntaxIssue {
        kind: IssueKind::ParseError,
        span: map.map(cr, cr + 1),
        detail: "a carriage return not before a newline: bash keeps it in the word, tools that \
                 split lines end the line there; read as a newline"
            .to_owned(),
    });
    script
}

/// The offsets of the bytes tree-sitter-bash skips as blanks or as part of a line continuation
/// that bash keeps in the word: a vertical tab or form feed (bash's blanks are only space and
/// tab), and a carriage return after a backslash and before a newline (`\\⏎` with a CRLF line
/// end: bash reads an escaped carriage return, then the newline ends the command; the grammar
/// reads a line continuation that joins the two lines).
fn blank_lookalikes(src: &str) -> Vec<usize> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut run = 0usize;
    for (i, &c) in b.iter().enumerate() {
        let escaped = run % 2 == 1;
        run = if c == b'\\' { run + 1 } else { 0 };
        if matches!(c, 0x0b | 0x0c) || (c == b'\r' && escaped && b.get(i + 1) == Some(&b'\n')) {
            out.push(i);
        }
    }
    out
}

/// A vertical tab or form feed is part of a word to bash (`ls\v#x; rm -rf ~` runs `ls\v#x`,
/// then `rm`), a separator to tree-sitter-bash, which then reads `#x; rm -rf ~` as a comment;
/// `ls \\⏎rm -rf ~` with CRLF line ends is two commands to bash, `ls rm -rf ~` to the grammar.
/// The text is parsed with each such byte read as `:`, a byte that stays in the word as they
/// do (same length, same offsets), so every command bash could run is seen, with a
/// `parse-error` at the first one so that such a command is never allowed.
fn parse_with_blank_lookalikes(
    src: &str,
    at: &[usize],
    first: usize,
    map: &SpanMap,
    depth: usize,
    limits: &Limits,
) -> Script {
    let mut bytes = src.as_bytes().to_vec();
    for &i in at {
        if let Some(b) = bytes.get_mut(i) {
            *b = b':';
        }
    }
    // Only ASCII bytes were replaced by an ASCII byte: still UTF-8.
    let text = String::from_utf8_lossy(&bytes);
    let mut script = parse_nested(&text, map, depth, limits);
    script.issues.push(SyntaxIssue {
        kind: IssueKind::ParseError,
        span: map.map(first, first + 1),
        detail: "a vertical tab, form feed or escaped carriage return: bash keeps it in the \
                 word, tree-sitter-bash reads it as a blank or a line continuation; read as a \
                 byte of the word"
            .to_owned(),
    });
    script
}

/// About how many stages the longest pipeline of `src` has, from a scan of its bytes: `|` (and
/// `|&`, not `||`) outside quotes and comments, counted until a `;`, `&`, `&&`, `||` or a newline
/// that does not follow a `|`. Approximate on purpose — a `|` in a heredoc body or a case
/// pattern counts, a quote inside `"$(…)"` may be misread — but linear, which the parse it
/// guards is not (see [`Limits::max_pipeline_stages`]). Each stage is one more than the pipes.
fn longest_pipeline(src: &str) -> usize {
    scan_pipelines(src).0
}

/// The offset of a `|` whose stage before it is empty (`a | | b`, `a || | b`), outside quotes
/// and comments: a syntax error for bash.
#[cfg(test)]
fn empty_pipeline_stage(src: &str) -> Option<usize> {
    scan_pipelines(src).1
}

/// Pipelines this long are where an unterminated backquote makes tree-sitter's error recovery
/// explode (15 stages: a second; 20: minutes), and where balanced backquotes can make its stack
/// merging do the same (130 stages: minutes, see [`backquotes`]); shorter ones parse in
/// microseconds.
const LONG_PIPELINE: usize = 12;

/// One linear scan for both [`longest_pipeline`] and [`empty_pipeline_stage`], and the last
/// backquote when one is left open.
fn scan_pipelines(src: &str) -> (usize, Option<usize>, Option<usize>) {
    let b = src.as_bytes();
    let (mut i, mut run, mut max) = (0, 0usize, 0usize);
    let mut empty = None;
    // The last unescaped backquote outside single quotes, and whether it opens one.
    let (mut backquote, mut open) = (None, false);
    // The last byte that was not a blank, to see a `|` before a newline.
    let mut prev = b'\n';
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => i += 1,
            b'\'' => {
                let ansi_c = i > 0 && b[i - 1] == b'$';
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    i += usize::from(ansi_c && b[i] == b'\\') + 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'`' {
                        backquote = Some(i);
                        open = !open;
                    }
                    i += usize::from(b[i] == b'\\') + 1;
                }
            }
            b'`' => {
                backquote = Some(i);
                open = !open;
            }
            b'#' if i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'\n' | b';' | b'&' | b'|') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'|' if prev == b'|' && empty.is_none() => {
                empty = Some(i);
                run += 1;
                max = max.max(run);
            }
            b'|' if b.get(i + 1) == Some(&b'|') => {
                run = 0;
                i += 1;
            }
            b'|' => {
                run += 1;
                max = max.max(run);
                if b.get(i + 1) == Some(&b'&') {
                    i += 1;
                }
            }
            b'&' if !matches!(prev, b'>' | b'<') && b.get(i + 1) != Some(&b'>') => run = 0,
            b';' => run = 0,
            b'\n' if prev != b'|' => run = 0,
            _ => {}
        }
        if !matches!(c, b' ' | b'\t') {
            prev = c;
        }
        i += 1;
    }
    let stages = if max == 0 { 0 } else { max + 1 };
    (stages, empty, backquote.filter(|_| open))
}

/// A script that is nothing but one issue: a limit hit or an internal error, so nothing was
/// parsed and the command is never allowed.
fn only_issue(kind: IssueKind, span: Span, detail: String) -> Script {
    Script {
        commands: Vec::new(),
        issues: vec![SyntaxIssue { kind, span, detail }],
    }
}

/// The tree-sitter tree of `src` as indented text, for grammar snapshots.
pub(crate) fn tree_text(src: &str) -> String {
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
pub(crate) fn bare_parse(src: &str) -> usize {
    // The same guard as `parse_nested`: tree-sitter is quadratic on very long pipelines.
    if longest_pipeline(src) > Limits::default().max_pipeline_stages {
        return 0;
    }
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

#[cfg(test)]
mod tests {
    use super::{empty_pipeline_stage, longest_pipeline, scan_pipelines};

    #[test]
    fn open_backquotes() {
        for (input, want) in [
            ("echo `date`", None),
            ("echo `a", Some(5)),
            ("echo '`' `x`", None),
            ("echo \"`a\"", Some(6)),
            ("echo \\` b", None),
            ("echo `a \\`b\\` c`", None),
            ("ls # `", None),
        ] {
            assert_eq!(scan_pipelines(input).2, want, "{input:?}");
        }
        // Only a long pipeline is refused before parsing; a short one is parsed (and is a parse
        // error there too).
        let long = format!(
            "{}echo hi ` | {}ec( hi | rm -rf ~",
            "echo hi | ".repeat(20),
            "echo hi | ".repeat(20)
        );
        let script = super::parse(&long, &crate::Limits::default());
        assert!(script.commands.is_empty(), "{long}");
        assert!(
            script
                .issues
                .iter()
                .any(|i| i.detail.contains("unterminated backquote"))
        );
        let short = super::parse("echo hi | echo ` | rm -rf ~", &crate::Limits::default());
        assert!(
            !short
                .issues
                .iter()
                .any(|i| i.detail.contains("unterminated backquote"))
        );
        assert!(!short.issues.is_empty());
    }

    #[test]
    fn empty_stages() {
        for (input, want) in [
            ("a | | b", Some(4)),
            ("a || | b", Some(5)),
            ("a |  |b", Some(5)),
            ("a || b", None),
            ("a | b || c", None),
            ("echo '| |' | x", None),
            ("echo \"| |\"", None),
            ("ls # a | | b", None),
            ("a |& b", None),
            ("case x in a|b) ;; esac", None),
        ] {
            assert_eq!(empty_pipeline_stage(input), want, "{input:?}");
        }
    }

    #[test]
    fn pipeline_length_scan() {
        let cases: &[(&str, usize)] = &[
            ("ls", 0),
            ("a | b", 2),
            ("a | b | c", 3),
            ("a|b|&c", 3),
            ("a || b || c", 0),
            ("a | b; c | d", 2),
            ("a | b && c | d | e", 3),
            ("a |\n b |\n c", 3),
            ("a | b\nc | d", 2),
            ("a 2>&1 | b >&2 | c", 3),
            ("a &>/dev/null | b", 2),
            ("echo 'a|b|c|d' | x", 2),
            ("echo \"a|b|c|d\" | x", 2),
            ("echo $'a\\'|b|c' | x", 2),
            ("echo a\\|b | x", 2),
            ("ls # a | b | c", 0),
            ("ls a#b | c", 2),
        ];
        for (input, want) in cases {
            assert_eq!(longest_pipeline(input), *want, "{input:?}");
        }
    }
}
