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
//! - a closing or middle reserved word glued to a byte that is not a metacharacter
//!   (`{ echo; }x; rm -rf ~⏎}`, `fi#`, `done=`): bash reads one longer word, so the group goes
//!   on; the grammar closes it (and reads `#…` as a comment). Respelled `\}x`, `\fi#`.
//! - a line continuation before a heredoc's delimiter (`bash <<\⏎E`): removed.
//! - a backslash escape or a line continuation that begins a line after a command
//!   (`echo 2>&1⏎\rm -rf ~`, `echo 2>&1⏎\⏎rm -rf ~`): the grammar takes the newline into the
//!   word and keeps it in the command; bash ends the command at the newline. The continuations
//!   are removed and the escaped byte is respelled quoted (`'r'm`).
//! - a substring's offset that begins with a plain parameter (`${x:$n}`, `${x: $n:2}`,
//!   `"${@:$1}"`): the grammar closes the expansion before the `$` (a missing `}`) and reads
//!   the rest as other words; bash reads the parameter as the offset's. Respelled braced
//!   (`${x:${n}}`), the same expansion to bash.

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
            [b'=', b'=' | b'~']
                | [b'$', b' ' | b'\t' | b'\n' | b'\\']
                | [b'\n', b'\\']
                | [b'\\', b'\n']
        ) || (w[0] == b'}' && !is_meta(w[1]))
            || (w[1] == b'#' && (w[0] == b')' || !is_meta(w[0])))
    }) || glued_keyword(b)
        || glued_heredoc_operator(b)
        || quoted_heredoc_middle(b)
        || (src.contains("${") && (src.contains(":$") || src.contains(": $")))
}

/// A blank or a newline.
pub(super) fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n')
}

/// A byte that ends a word: a blank, a newline or an operator character.
pub(super) fn is_meta(c: u8) -> bool {
    is_blank(c) || matches!(c, b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>')
}

/// Whether a word at `at` of `b` begins a command: at the text's start, after an operator or a
/// newline (blanks between), or after a reserved word that a command follows (`do`, `then`,
/// `!`, `time`, `{`…). A word glued to the byte before it is part of a longer word.
pub(super) fn command_position(b: &[u8], at: usize) -> bool {
    let mut j = at;
    while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
        j -= 1;
    }
    if j == 0 || matches!(b[j - 1], b';' | b'&' | b'|' | b'(' | b'\n') {
        return true;
    }
    if j == at {
        return false;
    }
    let end = j;
    while j > 0 && !is_meta(b[j - 1]) {
        j -= 1;
    }
    matches!(
        &b[j..end],
        b"{" | b"!" | b"time" | b"do" | b"then" | b"else" | b"elif" | b"if" | b"while" | b"until"
    )
}

/// Reserved words the grammar may close on although a byte is glued to them.
const GLUED: [&str; 6] = ["fi", "done", "then", "do", "else", "elif"];

/// Whether a word of `b` begins with one of [`GLUED`] followed by a byte that neither ends
/// the word nor continues an identifier (`fi#`, `done=`).
fn glued_keyword(b: &[u8]) -> bool {
    (0..b.len()).any(|i| {
        (i == 0 || is_meta(b[i - 1]))
            && GLUED.iter().any(|k| {
                b.get(i..i + k.len()) == Some(k.as_bytes())
                    && b.get(i + k.len())
                        .is_some_and(|&c| !is_meta(c) && !c.is_ascii_alphanumeric() && c != b'_')
            })
    })
}

/// The respellings `tree` (of `src`) needs, in text order, without overlaps.
pub(super) fn edits(tree: &Tree, src: &str) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut cursor = tree.root_node().walk();
    // The nodes above the cursor: `Node::parent` walks down from the root each time, which
    // made this walk cubic in the depth of a deeply nested line.
    let mut ancestors: Vec<Node> = Vec::new();
    'walk: loop {
        let node = cursor.node();
        check(node, &ancestors, src, &mut out);
        if cursor.goto_first_child() {
            ancestors.push(node);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
            ancestors.pop();
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

fn check(node: Node, ancestors: &[Node], src: &str, out: &mut Vec<Edit>) {
    let b = src.as_bytes();
    let parent = ancestors.last().copied();
    if kind(node) != "heredoc_start" && in_heredoc_body(node, ancestors, b) {
        // Text bash reads as a heredoc's body (the grammar may take its lines for words):
        // left as written.
        return;
    }
    continuation_after_newline(node, b, out);
    match kind(node) {
        // `echo == && rm -rf ~`, `echo == ; rm`: an operator token outside a comparison.
        "==" | "=~" if !node.is_named() => {
            let comparison =
                parent.is_some_and(|p| matches!(kind(p), "binary_expression" | "test_command"));
            if !comparison {
                let text = src.get(node.start_byte()..node.end_byte()).unwrap_or("");
                out.push(Edit {
                    start: node.start_byte(),
                    end: node.end_byte(),
                    with: format!("\"{text}\""),
                });
            }
        }
        // `fi#; rm -rf ~`, `a=(x)#; id`: a comment the grammar starts inside a word; bash
        // starts one only at the beginning of a word. The `#` is escaped, and a reserved word it is glued to too.
        "comment" => {
            let at = node.start_byte();
            let Some(&before) = at.checked_sub(1).and_then(|i| b.get(i)) else {
                return;
            };
            // The `)` of an array assignment (`a=(x)#; id`) does not end the word either.
            let array_end = before == b')'
                && node
                    .prev_sibling()
                    .and_then(|p| p.descendant_for_byte_range(at - 1, at))
                    .and_then(|t| t.parent())
                    .is_some_and(|p| kind(p) == "array");
            if is_meta(before) && !array_end {
                return;
            }
            let word_start = b[..at]
                .iter()
                .rposition(|&c| is_meta(c))
                .map_or(0, |i| i + 1);
            let word = src.get(word_start..at).unwrap_or_default();
            if GLUED.contains(&word) || word == "}" || word == "{" {
                out.push(Edit {
                    start: word_start,
                    end: word_start + 1,
                    with: format!("\\{}", char::from(b[word_start])),
                });
            }
            out.push(Edit {
                start: at,
                end: at + 1,
                with: "\\#".to_owned(),
            });
        }
        // `${x:$n}`: the grammar closes the expansion after the `:` (a missing `}`) where a
        // plain parameter begins the offset.
        "}" if node.is_missing() => {
            let after_colon = node
                .prev_sibling()
                .is_some_and(|p| kind(p) == ":" && p.end_byte() == node.start_byte());
            let in_expansion = parent.is_some_and(|p| kind(p) == "expansion");
            if !(after_colon && in_expansion) {
                return;
            }
            let mut at = node.start_byte();
            while matches!(b.get(at), Some(b' ' | b'\t')) {
                at += 1;
            }
            if let Some(name) = plain_parameter_end(b, at).and_then(|end| src.get(at + 1..end)) {
                out.push(Edit {
                    start: at,
                    end: at + 1 + name.len(),
                    with: format!("${{{name}}}"),
                });
            }
        }
        // `{ echo; }x; rm -rf ~⏎}`, `fi#`, `done=`: a closing or middle reserved word glued to
        // a byte that is not a metacharacter is a longer word to bash, not the reserved word.
        "}" | "fi" | "done" | "then" | "do" | "else" | "elif" if !node.is_named() => {
            let glued = b.get(node.end_byte()).is_some_and(|&c| !is_meta(c));
            let spelled = src.get(node.start_byte()..node.end_byte()) == Some(kind(node));
            // A `}` closes a group only: `{rm,-rf,/}x` is a brace expansion the grammar reads
            // as a group of its own.
            let group = kind(node) != "}"
                || parent.is_some_and(|p| {
                    kind(p) == "compound_statement"
                        && b.get(p.start_byte()) == Some(&b'{')
                        && b.get(p.start_byte() + 1)
                            .is_some_and(u8::is_ascii_whitespace)
                });
            if glued && spelled && group {
                let first = node.start_byte();
                out.push(Edit {
                    start: first,
                    end: first + 1,
                    with: format!("\\{}", char::from(b[first])),
                });
            }
        }
        // `bash <<\⏎E`: a line continuation before a heredoc's delimiter, which bash removes;
        // the grammar takes it into the delimiter and fails.
        "heredoc_start" => {
            let start = node.start_byte();
            let mut at = start;
            while b.get(at..at + 2) == Some(b"\\\n") {
                at += 2;
            }
            if at > start {
                out.push(Edit {
                    start,
                    end: at,
                    with: String::new(),
                });
            }
            // `<<E'O'F`, `<<"E"OF`: quotes in part of the delimiter word, which
            // tree-sitter-bash looks for as written (or ends at the closing quote); bash
            // removes them, and any quoting makes the body literal: `'EOF'` says the same.
            if let Some((end, with)) = mixed_quoted_delimiter(src, at) {
                out.push(Edit {
                    start: at,
                    end,
                    with,
                });
            }
            if let Some(op) = glued_operator(b, at, node.end_byte()) {
                out.push(Edit {
                    start: op,
                    end: op,
                    with: " ".to_owned(),
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
        // `⏎\rm`, `⏎\⏎id` read as one word with its newline: the line continuations after
        // the newline are removed, and an escaped byte there is quoted.
        "word" => {
            let start = node.start_byte();
            if b.get(start) != Some(&b'\n') || b.get(start + 1) != Some(&b'\\') {
                return;
            }
            let mut at = start + 1;
            while b.get(at..at + 2) == Some(b"\\\n") {
                at += 2;
            }
            if at > start + 1 {
                out.push(Edit {
                    start: start + 1,
                    end: at,
                    with: String::new(),
                });
            }
            if b.get(at) != Some(&b'\\') {
                return;
            }
            let Some(c) = src.get(at + 1..).and_then(|t| t.chars().next()) else {
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
                start: at,
                end: at + 1 + c.len_utf8(),
                with,
            });
        }
        _ => {}
    }
}

/// The end of the plain parameter `$NAME`, `$0`…`$9` or `$@`, `$*`, `$#`, `$?`, `$-`, `$$`,
/// `$!` that begins at `at` of `b` (one digit only: `$10` is `${1}0`); `None` when no `$` is
/// there or another expansion begins there (`${`, `$(`, `$'…'`).
fn plain_parameter_end(b: &[u8], at: usize) -> Option<usize> {
    if b.get(at) != Some(&b'$') {
        return None;
    }
    let first = *b.get(at + 1)?;
    if first.is_ascii_digit() || matches!(first, b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!') {
        return Some(at + 2);
    }
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let len = b[at + 1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    Some(at + 1 + len)
}

/// `cat <<EOF; rm -rf ~`, `cat <<EOF|sh`, `$(cat <<EOF)`: the first unquoted operator byte
/// (`;&|<>)`) in the delimiter word the grammar read between `from` and `to`. bash ends the
/// word there and reads the operator (the body still starts on the next line); the grammar
/// takes the operator and the rest of the word into the delimiter. A blank is inserted before
/// it. `None` when the word holds `$` or a backquote (not modelled: left to fail closed), an
/// open quote, or no such byte.
fn glued_operator(b: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut i = from;
    while i < to {
        match *b.get(i)? {
            b'\\' => i += 1,
            q @ (b'\'' | b'"') => {
                i += 1;
                while *b.get(i)? != q {
                    if q == b'"' && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'$' | b'`' => return None,
            b';' | b'&' | b'|' | b'<' | b'>' | b')' => return (i > from).then_some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end of the delimiter word at `at` and its respelling `'DELIM'`, when the word mixes
/// quoted and unquoted parts or holds two quoted strings (`E'O'F`, `"E"OF`, `'E'"OF"`), which
/// tree-sitter-bash does not read as bash does. `None` for a word it reads (`'EOF'`, `"EOF"`,
/// `\EOF`, `E\OF`, `EOF`), and for one [`super::heredoc::delimiter`] does not model or whose
/// delimiter holds a `'` or a newline (left to fail closed).
fn mixed_quoted_delimiter(src: &str, at: usize) -> Option<(usize, String)> {
    let b = src.as_bytes();
    let mut i = at;
    let mut quotes = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => break,
            b'\\' => i += 1,
            q @ (b'\'' | b'"') => {
                quotes += 1;
                i += 1;
                while *b.get(i)? != q {
                    if q == b'"' && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let end = i.min(b.len());
    let raw = src.get(at..end)?;
    let whole = quotes == 1
        && raw.len() >= 2
        && matches!(raw.as_bytes()[0], b'\'' | b'"')
        && raw.as_bytes()[raw.len() - 1] == raw.as_bytes()[0];
    if quotes == 0 || whole {
        return None;
    }
    let (delim, quoted) = super::heredoc::delimiter(raw)?;
    (quoted && !delim.is_empty() && !delim.contains(['\'', '\n']))
        .then(|| (end, format!("'{delim}'")))
}

/// Whether a `<<` of `b` is followed by a delimiter word with quotes after its first byte
/// (`<<E'O'F`, `<<"E"OF`): a cheap over-approximation of [`mixed_quoted_delimiter`].
fn quoted_heredoc_middle(b: &[u8]) -> bool {
    heredoc_word_starts(b).any(|word| {
        let mut j = word;
        while b
            .get(j)
            .is_some_and(|&c| !matches!(c, b' ' | b'\t' | b'\n'))
        {
            j += 1;
        }
        let w = &b[word..j];
        let quotes = w.iter().filter(|&&c| matches!(c, b'\'' | b'"')).count();
        // One quoted string (`'EOF'`, `"EOF"`, possibly with an operator glued after it,
        // which `glued_operator` handles): read as bash reads it.
        let whole = quotes == 2
            && matches!(w.first(), Some(b'\'' | b'"'))
            && w[1..].iter().position(|&c| c == w[0]).is_some_and(|k| {
                matches!(
                    w.get(k + 2),
                    None | Some(b';' | b'&' | b'|' | b'<' | b'>' | b')')
                )
            });
        quotes > 0 && !whole
    })
}

/// Where the delimiter word of each heredoc operator of `b` (`<<`, `<<-`, not the here-string
/// `<<<`) begins, after the blanks that may follow the operator.
fn heredoc_word_starts(b: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        loop {
            let k = b.get(i..)?.windows(2).position(|w| w == b"<<")?;
            let mut j = i + k + 2;
            if b.get(j) == Some(&b'<') {
                i = j + 1;
                continue;
            }
            if b.get(j) == Some(&b'-') {
                j += 1;
            }
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            i = j;
            return Some(j);
        }
    })
}

/// Whether a `<<` of `b` is followed by a delimiter word with an operator byte glued to it
/// (`<<EOF;`, `<<'E'|`): a cheap over-approximation of [`glued_operator`].
fn glued_heredoc_operator(b: &[u8]) -> bool {
    heredoc_word_starts(b).any(|word| {
        b[word..]
            .iter()
            .take_while(|&&c| !matches!(c, b' ' | b'\t' | b'\n'))
            .skip(1)
            .any(|c| matches!(c, b';' | b'&' | b'|' | b'<' | b'>' | b')'))
    })
}

/// A respelled text, the range of the original each of its bytes stands for, and where the
/// first respelling is.
pub(super) type Respelled = (String, Vec<(usize, usize)>, usize);

/// Most compound bodies parsed on their own for one text: each costs a parse of the rest of
/// the text.
pub(super) const MAX_BODIES: usize = 16;

/// Where the command that begins at `at` of `src` ends in `src`, parsed on its own (a
/// redirected one, `{ …; } > f`, read as its command), when it parses without an error to a
/// node of a kind `wanted` accepts. `Err` when the parse gives up (its time budget), so the
/// caller gives up too.
pub(super) fn command_at(
    src: &str,
    at: usize,
    budget: std::time::Duration,
    wanted: impl Fn(&str) -> bool,
) -> Result<Option<usize>, ()> {
    let tree = super::tree(src.get(at..).unwrap_or_default(), budget).map_err(|_| ())?;
    let Some(mut body) = tree.root_node().named_child(0) else {
        return Ok(None);
    };
    if kind(body) == "redirected_statement" {
        match body.named_child(0) {
            Some(inner) => body = inner,
            None => return Ok(None),
        }
    }
    Ok((!body.has_error() && wanted(kind(body))).then(|| at + body.end_byte()))
}

/// The edits that write `open` before `start` and `close` at `end`.
pub(super) fn wrap(edits: &mut Vec<Edit>, start: usize, end: usize, open: &str, close: &str) {
    edits.push(Edit {
        start,
        end: start,
        with: open.to_owned(),
    });
    edits.push(Edit {
        start: end,
        end,
        with: close.to_owned(),
    });
}

/// `src` with `edits` applied in order of their offsets ([`Respelled`]); `None` when there is
/// none.
pub(super) fn respelled(src: &str, mut edits: Vec<Edit>) -> Option<Respelled> {
    edits.sort_by_key(|e| e.start);
    let first = edits.first()?.start;
    let (text, origin) = apply(src, &edits);
    Some((text, origin, first))
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

/// `echo 2>&1⏎\⏎rm -rf ~`: a gap between two children of a command or a redirect that holds a
/// newline and then line continuations; the grammar reads the words of the next line as the
/// redirect's (or the command's), bash ends the command at the newline. The continuations are
/// removed. Heredocs are left alone (their bodies are read by rules of their own).
fn continuation_after_newline(node: Node, b: &[u8], out: &mut Vec<Edit>) {
    if !matches!(
        kind(node),
        "command" | "file_redirect" | "herestring_redirect" | "redirected_statement"
    ) {
        return;
    }
    let mut c = node.walk();
    let mut prev_end: Option<usize> = None;
    for ch in node.children(&mut c) {
        if let Some(from) = prev_end {
            let gap = b.get(from..ch.start_byte()).unwrap_or_default();
            if let Some(nl) = bare_newline(gap) {
                let first = from + nl + 1;
                let mut at = first;
                while b.get(at..at + 2) == Some(b"\\\n") && at + 2 <= ch.start_byte() {
                    at += 2;
                }
                if at > first {
                    out.push(Edit {
                        start: first,
                        end: at,
                        with: String::new(),
                    });
                }
            }
        }
        prev_end = Some(ch.end_byte());
    }
}

/// The offset of the first newline of `gap` that is not part of a line continuation.
fn bare_newline(gap: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < gap.len() {
        match (gap[i], gap.get(i + 1)) {
            (b'\\', Some(_)) => i += 2,
            (b'\n', _) => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Whether `node` starts after the line of a heredoc operator it is nested in, where the body
/// bash reads begins, or inside a heredoc body node. Code inside a substitution of a body
/// (`cat <<EOF⏎$(echo == && rm -rf ~)⏎EOF`) is not body text: bash runs it as any other
/// command line, so it is respelled like one.
fn in_heredoc_body(node: Node, ancestors: &[Node], b: &[u8]) -> bool {
    let mut in_substitution = false;
    for &p in ancestors.iter().rev() {
        match kind(p) {
            "command_substitution" => in_substitution = true,
            "heredoc_body" => return !in_substitution,
            "heredoc_redirect" => {
                let mut c = p.walk();
                let start_end = p
                    .children(&mut c)
                    .find(|ch| kind(*ch) == "heredoc_start")
                    .map_or(p.start_byte(), |ch| ch.end_byte());
                let line_end = b
                    .get(start_end..)
                    .and_then(|t| t.iter().position(|&x| x == b'\n'))
                    .map_or(b.len(), |k| start_end + k);
                if node.start_byte() >= line_end {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    /// A word begins a command after an operator, a newline or a reserved word that a command
    /// follows, never glued to a word before it.
    #[test]
    fn command_positions() {
        for (src, word, want) in [
            ("for i", "for", true),
            ("ls; for i", "for", true),
            ("ls &&for i", "for", true),
            ("ls\n  for i", "for", true),
            ("if x; then for i", "for", true),
            ("! for i", "for", true),
            ("{ f() x", "f()", true),
            ("time f() x", "f()", true),
            ("echo for i", "for", false),
            ("xfor i", "for", false),
            ("{for i", "for", false),
            ("a) for i", "for", false),
        ] {
            let at = src.rfind(word).unwrap_or(0);
            assert_eq!(super::command_position(src.as_bytes(), at), want, "{src:?}");
        }
    }

    use crate::ast::Command;

    /// The programs of the commands of `src` as parsed, in order (simple commands only, at
    /// any depth of groups and lists).
    fn programs(src: &str) -> Vec<String> {
        fn walk(c: &Command, out: &mut Vec<String>) {
            match c {
                Command::Simple(s) => {
                    if let Some(w) = s.words.first() {
                        out.push(
                            w.parts
                                .iter()
                                .map(|p| match p {
                                    crate::ast::WordPart::Literal { text, .. } => text.to_string(),
                                    _ => "$".to_owned(),
                                })
                                .collect(),
                        );
                    }
                }
                Command::Group { body, .. } | Command::Subshell { body, .. } => {
                    for c in body {
                        walk(c, out);
                    }
                }
                Command::AndOr { left, right, .. } => {
                    walk(left, out);
                    walk(right, out);
                }
                Command::Pipeline { stages, .. } => {
                    for c in stages {
                        walk(c, out);
                    }
                }
                Command::Redirected { body, .. } => walk(body, out),
                _ => {}
            }
        }
        let script = crate::parse::parse(src, &crate::Limits::default());
        let mut out = Vec::new();
        for c in &script.commands {
            walk(c, &mut out);
        }
        out
    }

    #[test]
    fn misread_tokens_are_read_as_bash_reads_them() {
        for (src, want) in [
            ("echo == && rm -rf x", vec!["echo", "rm"]),
            ("echo =~ ; rm -rf x", vec!["echo", "rm"]),
            ("echo $\\\n \nrm -rf x", vec!["echo", "rm"]),
            ("echo 2>&1\n\\rm x", vec!["echo", "rm"]),
            ("echo 2>&1\n\\\nrm x", vec!["echo", "rm"]),
            ("{ echo; }x; rm y\n}", vec!["echo", "}x", "rm"]),
            ("a=(x)#; rm y", vec!["rm"]),
            ("cat <<EOF;rm x\nb\nEOF", vec!["cat", "rm"]),
            ("cat <<EOF|sh\nb\nEOF", vec!["cat", "sh"]),
            ("cat <<'E'&&rm x\nb\nE", vec!["cat", "rm"]),
            ("cat <<E'O'F\n$(rm x)\nEOF\nid", vec!["cat", "id"]),
            ("cat <<\"E\"OF\n$(rm x)\nEOF\nid", vec!["cat", "id"]),
            ("cat <<'E'\"O\"F >f\nb\nEOF\nid", vec!["cat", "id"]),
            ("echo ${x:$n}; rm y", vec!["echo", "rm"]),
            ("echo \"${x: $n:2}\" && rm y", vec!["echo", "rm"]),
            ("echo ${@:$1}|sh", vec!["echo", "sh"]),
        ] {
            let got = programs(src);
            assert_eq!(got, want, "{src:?}");
        }
    }

    #[test]
    fn what_bash_reads_the_same_way_is_not_respelled() {
        for src in [
            "[[ a == b ]]",
            "echo $ 5",
            "echo a #b; rm x",
            "(echo)#; rm x",
            "{ echo; }; ls",
            "echo ${x}y {a,b}c",
            "echo $\\\nHOME",
            "cat <<'E;F'\nb\nE;F",
            "cat <<E\\;F\nb\nE;F",
            "cat <<EOF ; ls\nb\nEOF",
            "echo ${x:-$n} ${x:1:$m} a:$b",
            "echo ${x:${n}}",
        ] {
            let tree = super::super::tree(src, std::time::Duration::from_secs(2))
                .unwrap_or_else(|_| panic!("{src:?}: no tree"));
            assert!(super::edits(&tree, src).is_empty(), "{src:?}");
        }
    }

    /// A substring's offset that begins with a plain parameter is read whole, the parameter
    /// braced; an offset that begins with another expansion is left as the grammar reads it.
    #[test]
    fn substring_offsets_of_a_parameter_are_read_braced() {
        for (src, want) in [
            ("echo ${x:$n}", "echo ${x:${n}}"),
            ("echo \"${x:$n:2}\"", "echo \"${x:${n}:2}\""),
            ("echo ${x: $i}", "echo ${x: ${i}}"),
            ("echo ${@:$1} ${x:$#}", "echo ${@:${1}} ${x:${#}}"),
        ] {
            let tree = super::super::tree(src, std::time::Duration::from_secs(2))
                .unwrap_or_else(|_| panic!("{src:?}: no tree"));
            let (text, _) = super::apply(src, &super::edits(&tree, src));
            assert_eq!(text, want, "{src:?}");
            let script = crate::parse::parse(src, &crate::Limits::default());
            assert!(script.issues.is_empty(), "{src:?}: {:?}", script.issues);
        }
        let src = "echo ${x:$(id)}";
        let tree = super::super::tree(src, std::time::Duration::from_secs(2))
            .unwrap_or_else(|_| panic!("{src:?}: no tree"));
        assert!(super::edits(&tree, src).is_empty());
    }
}
