//! Lowering of word nodes into [`Word`]s: quote removal and escape decoding.
//!
//! Decodes exactly what bash's quote removal does: backslash escapes outside quotes, the four
//! escapes inside double quotes (`\$`, ``\` ``, `\"`, `\\` and `\<newline>`), ANSI-C `$'…'`
//! strings (hex, octal, `\u`, `\U`, `\c`; an escaped NUL ends the string, as in bash), and line
//! continuations. Each escape becomes its own literal part with the span of the escape, so
//! re-parsed text maps back to the original input byte for byte.
//! Text the grammar leaves out of every child (newlines inside double quotes) is kept, and
//! backquotes it leaves unparsed where bash runs them (an unquoted heredoc body, the operand of
//! `${x:-…}`) are parsed as command substitutions. It does not expand anything: globs, braces
//! and tildes are judged by the analyzer from the quoting of each literal part.

use tree_sitter::Node;

use super::lower::Lowerer;
use super::{SpanMap, kind};
use crate::ast::{IssueKind, Quoting, SyntaxIssue, Word, WordPart};

impl Lowerer<'_> {
    /// Lower any word-like node.
    pub(super) fn word(&mut self, node: Node) -> Word {
        let span = self.span(node);
        let mut parts = Vec::new();
        self.word_parts(node, &mut parts, false);
        Word { parts, span }
    }

    /// Dispatch on the node kind; each arm is its own function so that the frame of this
    /// recursion (through substitutions) stays small in debug builds.
    fn word_parts(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        match kind(node) {
            "word"
            | "number"
            | "extglob_pattern"
            | "regex"
            | "test_operator"
            | "variable_name"
            | "special_variable_name"
            | "file_descriptor"
            | "brace_expression"
            | "$" => {
                if node.named_child_count() > 0 {
                    // `16#$(cmd)` in arithmetic: a number the grammar builds around a
                    // substitution. Its children run; the text between them is the number.
                    self.mixed(node, out, in_double);
                } else if in_double {
                    self.double_text(node.start_byte(), self.text(node), out);
                } else {
                    self.unquoted_text(node.start_byte(), self.text(node), out);
                }
            }
            "raw_string" => self.raw_string(node, out),
            "ansi_c_string" => self.ansi_c_word(node, out),
            "string" | "translated_string" => self.double_quoted(node, out),
            "concatenation" | "command_name" => self.concatenation(node, out, in_double),
            "simple_expansion" | "expansion" => out.push(self.parameter(node, in_double)),
            "command_substitution" => self.command_substitution(node, out, in_double),
            "process_substitution" => self.process_substitution(node, out),
            "arithmetic_expansion" => self.arithmetic(node, out),
            "ERROR" => self.error_part(node, out, in_double),
            _ => self.unsupported_part(node, out, in_double),
        }
    }

    fn raw_string(&mut self, node: Node, out: &mut Vec<WordPart>) {
        let text = self.text(node);
        let inner = text
            .strip_prefix('\'')
            .map_or(text, |t| t.strip_suffix('\'').unwrap_or(t));
        let start = node.start_byte() + 1;
        if inner.contains(['$', '`']) && quotes_are_plain_here(node, self.src) {
            self.plain_quotes_issue(node);
            // bash expands the text as if it were double-quoted: its substitutions run
            // (`a['$(cmd)']=1`, `${a['`cmd`']}`), so they are read as code.
            self.text_with_substitutions(start, inner, out, true, false);
            return;
        }
        if inner.is_empty() {
            // `''`: an empty argument is still an argument.
            out.push(WordPart::Literal {
                text: String::new().into(),
                quoting: Quoting::Single,
                span: self.map.map(start, start),
            });
        } else {
            self.push_lit(out, inner, Quoting::Single, start, start + inner.len());
        }
    }

    fn ansi_c_word(&mut self, node: Node, out: &mut Vec<WordPart>) {
        let text = self.text(node);
        // bash ends `$'…'` at the first quote no backslash escapes; tree-sitter-bash's token
        // can run past it (`$'\\'; rm -rf ~; echo $'\\'` is one token for it).
        let bash_end = text
            .strip_prefix("$'")
            .and_then(super::escapes::ansi_c_end)
            .map(|k| k + 3);
        if bash_end != Some(text.len()) {
            self.issue(
                IssueKind::ParseError,
                node,
                "bash ends this `$'…'` string at another quote than tree-sitter-bash does"
                    .to_owned(),
            );
        }
        let inner = text
            .strip_prefix("$'")
            .map_or(text, |t| t.strip_suffix('\'').unwrap_or(t));
        let before = out.len();
        self.ansi_c(node.start_byte() + 2, inner, out);
        // In a double-quoted `${x:-$'…'}` bash decodes the string (`extquote`) and expands the
        // result: `$'\x24(cmd)'` runs `cmd`. Elsewhere such quotes are plain characters.
        let expandable =
            inner.contains(['$', '`'])
                || out.get(before..).unwrap_or_default().iter().any(
                    |p| matches!(p, WordPart::Literal { text, .. } if text.contains(['$', '`'])),
                );
        if expandable && quotes_are_plain_here(node, self.src) {
            self.plain_quotes_issue(node);
            // bash decodes the string and expands the result (`a[$'\x24(cmd)']=1` runs `cmd`):
            // the substitutions of the decoded text are read as code, spanning the string.
            let decoded: String = out
                .get(before..)
                .unwrap_or_default()
                .iter()
                .filter_map(|p| match p {
                    WordPart::Literal { text, .. } => Some::<&str>(text.as_ref()),
                    _ => None,
                })
                .collect();
            self.decoded_substitutions(node, &decoded, out);
        }
    }

    /// The command substitutions (`$(…)`, `` `…` ``, also inside `${…}` and `$((…))`) of
    /// text decoded from `node` that bash expands, each parsed as code spanning the node.
    fn decoded_substitutions(&mut self, node: Node, decoded: &str, out: &mut Vec<WordPart>) {
        let (start, end) = (node.start_byte(), node.end_byte());
        let span = self.map.map(start, end);
        let bytes = decoded.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let (open, close) = match bytes[i] {
                b'\\' => {
                    i += 2;
                    continue;
                }
                b'`' => match backquote_end(bytes, i + 1) {
                    Some(close) => (i + 1, close),
                    None => break,
                },
                b'$' if bytes.get(i + 1) == Some(&b'(') && bytes.get(i + 2) != Some(&b'(') => {
                    match group_end(bytes, i + 1) {
                        Some(close) => (i + 2, close),
                        None => break,
                    }
                }
                _ => {
                    i += 1;
                    continue;
                }
            };
            let code = &decoded[open..close];
            let table = vec![span; code.len()];
            let script =
                super::parse_nested(code, &SpanMap::Table(table), self.depth + 1, self.limits);
            self.issues.extend(script.issues);
            out.push(WordPart::CommandSubstitution {
                body: script.commands,
                backtick: bytes[i] == b'`',
                quoted: true,
                span,
            });
            i = close + 1;
        }
    }

    fn plain_quotes_issue(&mut self, node: Node) {
        self.issue(
            IssueKind::ParseError,
            node,
            "bash reads these quotes as plain characters here (an array subscript, arithmetic, \
             the operand of a `${…}` inside double quotes or a heredoc) and expands what is \
             inside them"
                .to_owned(),
        );
    }

    fn double_quoted(&mut self, node: Node, out: &mut Vec<WordPart>) {
        let quoting = if kind(node) == "translated_string" {
            Quoting::Locale
        } else {
            Quoting::Double
        };
        let before = out.len();
        let mut c = node.walk();
        let mut children: Vec<Node> = node.children(&mut c).collect();
        // Drop the surrounding quote tokens (and the `$` of `$"…"`).
        let mut pos = node.start_byte();
        let mut inner_end = node.end_byte();
        if let Some(open) = children.first().filter(|n| !n.is_named()) {
            pos = open.end_byte();
            children.remove(0);
        }
        if quoting == Quoting::Locale
            && let Some(open) = children
                .first()
                .filter(|n| !n.is_named() && kind(**n) == "\"")
        {
            pos = open.end_byte();
            children.remove(0);
        }
        if let Some(close) = children
            .last()
            .filter(|n| !n.is_named() && kind(**n) == "\"")
        {
            // tree-sitter-bash folds blanks before the closing quote into its token (`" "` is
            // `"` and ` "`): only the last byte is the quote.
            inner_end = close.end_byte().saturating_sub(1).max(close.start_byte());
            children.pop();
        }
        for ch in children {
            if ch.start_byte() > pos {
                // Text the grammar leaves out of every child: newlines.
                let gap = self.src.get(pos..ch.start_byte()).unwrap_or_default();
                self.double_text(pos, gap, out);
            }
            pos = pos.max(ch.end_byte());
            // Likewise blanks before a `$`: `" $x"` has the expansion ` $x`.
            let text = self.text(ch);
            let blanks = text.len() - text.trim_start_matches([' ', '\t']).len();
            if blanks > 0 && kind(ch) != "string_content" && ch.is_named() {
                self.double_text(ch.start_byte(), &text[..blanks], out);
            }
            match kind(ch) {
                "string_content" => {
                    self.double_text(ch.start_byte(), self.text(ch), out);
                }
                "string" => self.word_parts(ch, out, true),
                _ if !ch.is_named() => {
                    self.double_text(ch.start_byte(), self.text(ch), out);
                }
                _ => self.word_parts(ch, out, true),
            }
        }
        if inner_end > pos {
            let gap = self.src.get(pos..inner_end).unwrap_or_default();
            self.double_text(pos, gap, out);
        }
        if out.len() == before {
            // `""`: an empty argument is still an argument.
            let s = node.start_byte() + 1;
            out.push(WordPart::Literal {
                text: String::new().into(),
                quoting,
                span: self.map.map(s, s),
            });
        }
        if quoting == Quoting::Locale {
            for p in &mut out[before..] {
                if let WordPart::Literal { quoting: q, .. } = p {
                    *q = Quoting::Locale;
                }
            }
        }
    }

    /// The grammar's `$` token, which can carry text before the `$` (`-$`, `\$`, `$$`): escapes
    /// are literal characters, `$$` the process id, and a last lone `$` before a string
    /// (`before_string`) the start of a translated string `$"…"`, whose `$` bash drops (then
    /// true). Any other `$` is a literal.
    pub(super) fn dollar_token(
        &mut self,
        ch: Node,
        before_string: bool,
        out: &mut Vec<WordPart>,
    ) -> bool {
        let text = self.text(ch).to_owned();
        let base = ch.start_byte();
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match (b[i], b.get(i + 1)) {
                (b'\\', Some(_)) => {
                    let next = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    self.unquoted_text(base + i, &text[i..i + 1 + next], out);
                    i += 1 + next;
                }
                (b'$', Some(b'$')) => {
                    out.push(WordPart::Parameter {
                        name: Some("$".to_owned()),
                        plain: true,
                        source: "$$".to_owned(),
                        quoted: false,
                        inner: Vec::new(),
                        span: self.map.map(base + i, base + i + 2),
                    });
                    i += 2;
                }
                (b'$', None) if before_string => return true,
                _ => {
                    let len = text[i..].chars().next().map_or(1, char::len_utf8);
                    self.unquoted_text(base + i, &text[i..i + len], out);
                    i += len;
                }
            }
        }
        false
    }

    fn concatenation(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        let mut c = node.walk();
        let mut pos = node.start_byte();
        // The `$` of a translated string `$"…"` after other text (`/etc/$"shadow"`): the
        // grammar gives it as a token of its own before the string; bash drops it.
        let mut locale = false;
        for ch in node.children(&mut c) {
            if ch.start_byte() > pos {
                // Text the grammar left between children.
                let gap = self.src.get(pos..ch.start_byte()).unwrap_or_default();
                self.unquoted_text(pos, gap, out);
            }
            if ch.is_named() {
                let before = out.len();
                self.word_parts(ch, out, in_double);
                if std::mem::take(&mut locale) {
                    for p in &mut out[before..] {
                        if let WordPart::Literal { quoting: q, .. } = p {
                            *q = Quoting::Locale;
                        }
                    }
                }
            } else if kind(ch) == "$" && !in_double {
                let before_string = ch
                    .next_sibling()
                    .is_some_and(|n| kind(n) == "string" && n.start_byte() == ch.end_byte());
                locale = self.dollar_token(ch, before_string, out);
            } else {
                self.unquoted_text(ch.start_byte(), self.text(ch), out);
            }
            pos = ch.end_byte();
        }
    }

    /// A leaf kind that has children after all: each child as a word part, the text around
    /// them as text (with any substitution the grammar left in it).
    fn mixed(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        let mut c = node.walk();
        let mut pos = node.start_byte();
        let gap = |this: &mut Self, from: usize, to: usize, out: &mut Vec<WordPart>| {
            if to > from {
                let text = this.src.get(from..to).unwrap_or_default();
                this.text_with_backquotes(from, text, out, in_double);
            }
        };
        for ch in node.named_children(&mut c) {
            gap(self, pos, ch.start_byte(), out);
            self.word_parts(ch, out, in_double);
            pos = ch.end_byte();
        }
        gap(self, pos, node.end_byte(), out);
    }

    fn command_substitution(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        let text = self.text(node);
        let backtick = text.starts_with('`');
        // tree-sitter reads a backslash inside backquotes as an escape of the code there; bash
        // first removes the one before `$`, a backquote and a backslash (so an escaped
        // backquote opens a nested substitution): such an inside is read again as bash does.
        let inner = text
            .strip_prefix('`')
            .and_then(|t| t.strip_suffix('`'))
            .filter(|t| t.contains('\\'));
        if !backtick {
            self.check_reprinted_heredoc(node);
        }
        let outer = std::mem::replace(&mut self.quoted_operand, false);
        let body = match inner {
            Some(inner) if backtick => self.backquoted(node.start_byte() + 1, inner, in_double),
            _ => self.statements(node),
        };
        self.quoted_operand = outer;
        out.push(WordPart::CommandSubstitution {
            body,
            backtick,
            quoted: in_double,
            span: self.span(node),
        });
    }

    /// `<(…)` / `>(…)`. One that opens with `((` (`<((true) | cat)`) is not parsed by bash as
    /// a command list: bash reads it as it reads `$((`, by counting parentheses up to the
    /// closing `))`, so a `)` of a case pattern or inside quotes ends it elsewhere than
    /// tree-sitter-bash's parse (`<((case a in a) true;; esac))` is a syntax error for bash): a
    /// parse error.
    fn process_substitution(&mut self, node: Node, out: &mut Vec<WordPart>) {
        let text = self.text(node);
        if text.get(1..).is_some_and(|t| t.starts_with("((")) {
            self.issue(
                IssueKind::ParseError,
                node,
                "a process substitution that opens with `((`: bash matches its parentheses as \
                 it does for `$((`, not as tree-sitter-bash parses it"
                    .to_owned(),
            );
        }
        self.check_reprinted_heredoc(node);
        let output = text.starts_with('>');
        let outer = std::mem::replace(&mut self.quoted_operand, false);
        let body = self.statements(node);
        self.quoted_operand = outer;
        out.push(WordPart::ProcessSubstitution {
            body,
            output,
            span: self.span(node),
        });
    }

    /// bash 5.2 parses a `$(…)` or `<(…)` and runs the text it prints back from the parse, and
    /// that printer drops a separator after a heredoc: once a heredoc body is printed, the next
    /// `;` or newline between two commands is left out (unless a command with a redirection
    /// comes first), so `$(cat <<E⏎t⏎E⏎echo y; id)` runs `echo y id`. A substitution with a
    /// heredoc and two or more commands after it is not modelled: unsupported syntax.
    ///
    /// A substitution nested inside is printed back as its own text (its words are not
    /// parsed again by the outer printer), so the walk does not enter it: each substitution
    /// is checked once, and the check stays linear in the tree however deep they nest.
    fn check_reprinted_heredoc(&mut self, node: Node) {
        let mut heredoc_at: Option<usize> = None;
        let mut commands = Vec::new();
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n != node && matches!(kind(n), "command_substitution" | "process_substitution") {
                continue;
            }
            match kind(n) {
                "heredoc_start" => {
                    heredoc_at = Some(heredoc_at.map_or(n.start_byte(), |h| h.min(n.start_byte())));
                }
                "command"
                | "declaration_command"
                | "test_command"
                | "subshell"
                | "compound_statement"
                | "if_statement"
                | "while_statement"
                | "for_statement"
                | "c_style_for_statement"
                | "case_statement"
                | "function_definition"
                | "negated_command" => commands.push(n.start_byte()),
                _ => {}
            }
            for i in 0..n.child_count() {
                if let Some(ch) = n.child(i) {
                    stack.push(ch);
                }
            }
        }
        let Some(at) = heredoc_at else { return };
        let after = commands.iter().filter(|&&start| start > at).count();
        if after >= 2 {
            self.issue(
                IssueKind::UnsupportedSyntax,
                node,
                "a heredoc followed by more commands inside `$(…)` or `<(…)`: bash runs the text \
                 it prints back, which can drop a `;` or newline between two of them"
                    .to_owned(),
            );
        }
    }

    fn arithmetic(&mut self, node: Node, out: &mut Vec<WordPart>) {
        let inner = self.embedded_words(node);
        out.push(WordPart::Arithmetic {
            source: self.text(node).to_owned(),
            inner,
            span: self.span(node),
        });
    }

    fn error_part(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        // The issue is recorded already; the text is unknown to us: dynamic.
        let inner = self.embedded_words(node);
        out.push(WordPart::Parameter {
            name: None,
            plain: false,
            source: self.text(node).to_owned(),
            quoted: in_double,
            inner,
            span: self.span(node),
        });
    }

    fn unsupported_part(&mut self, node: Node, out: &mut Vec<WordPart>, in_double: bool) {
        let kind = kind(node);
        self.issue(
            IssueKind::UnsupportedSyntax,
            node,
            format!("unsupported word syntax `{kind}`"),
        );
        self.error_part(node, out, in_double);
    }

    fn parameter(&mut self, node: Node, quoted: bool) -> WordPart {
        let source = self.text(node).to_owned();
        if !quoted
            && (source.starts_with("$ ") || source.starts_with("$\t") || source.starts_with("$\n"))
        {
            // tree-sitter-bash reads `$ -rf` as the expansion `$-` followed by `rf`; bash
            // reads a `$` before a blank as the word `$`, and what follows as the next word.
            self.issue(
                IssueKind::ParseError,
                node,
                "a `$` before a blank: bash reads it as a literal `$`, tree-sitter-bash as an \
                 expansion of the next word"
                    .to_owned(),
            );
        }
        if current_shell_substitution(&source) {
            self.issue(
                IssueKind::UnsupportedSyntax,
                node,
                CURRENT_SHELL_SUBSTITUTION.to_owned(),
            );
        }
        let mut name = None;
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if matches!(kind(ch), "variable_name" | "special_variable_name") {
                name = Some(self.text(ch).to_owned());
                break;
            }
        }
        let plain = name
            .as_ref()
            .is_some_and(|n| source == format!("${n}") || source == format!("${{{n}}}"));
        let inner = if kind(node) == "expansion" {
            let outer = std::mem::replace(&mut self.quoted_operand, quoted);
            let inner = self.embedded_words(node);
            self.quoted_operand = outer;
            inner
        } else {
            Vec::new()
        };
        WordPart::Parameter {
            name,
            plain,
            source,
            quoted,
            inner,
            span: self.span(node),
        }
    }

    /// Words nested anywhere inside an expression-like node (tests, arithmetic, parameter
    /// operators): every operand becomes a word, so substitutions inside are never lost.
    pub(super) fn embedded_words(&mut self, node: Node) -> Vec<Word> {
        let mut out = Vec::new();
        if self.depth >= self.limits.max_tree_depth {
            self.issue(
                IssueKind::TooDeep,
                node,
                format!("nested deeper than {} levels", self.limits.max_tree_depth),
            );
            self.defer(super::lower::Deferred::Words(
                node.start_byte(),
                node.end_byte(),
                node.kind_id(),
            ));
            return out;
        }
        self.depth += 1;
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            self.embedded_word(ch, &mut out);
        }
        self.depth -= 1;
        out
    }

    /// The words of one node of an expression-like node ([`Lowerer::embedded_words`]): a word
    /// as a word (its substitutions and all), a bare variable name as a read of it, anything
    /// else for the words inside it.
    pub(super) fn embedded_word(&mut self, node: Node, out: &mut Vec<Word>) {
        match kind(node) {
            k if is_word_kind(k) => {
                out.push(self.word(node));
            }
            "variable_name" | "special_variable_name" => {
                // A bare name in arithmetic is a variable read: dynamic.
                out.push(Word {
                    parts: vec![WordPart::Parameter {
                        name: Some(self.text(node).to_owned()),
                        plain: true,
                        source: self.text(node).to_owned(),
                        quoted: false,
                        inner: Vec::new(),
                        span: self.span(node),
                    }],
                    span: self.span(node),
                });
            }
            // `$(( 1 # $(cmd)⏎))`, `(( x # … ))`, `${x:1 # …}`: tree-sitter-bash reads a
            // comment up to the line's end; bash has none inside arithmetic or a parameter
            // expansion: it expands the text after the `#` (running its substitutions), then
            // fails on the `#`.
            "comment" => self.issue(
                IssueKind::ParseError,
                node,
                "a `#` inside arithmetic or a parameter expansion: bash reads no comment there, \
                 and runs the substitutions after it before the expression fails"
                    .to_owned(),
            ),
            "parenthesized_expression" if glued_process_substitution(node) => {
                // `[[ a<(cmd) ]]`: bash reads `<(` as a process substitution, the grammar a
                // comparison with a group.
                let (start, end) = (node.start_byte(), node.end_byte());
                let inner = self.src.get(start + 1..end - 1).unwrap_or_default();
                let body = self.substitution_text(start + 1, inner);
                let from = start - 1;
                let span = self.map.map(from, end);
                out.push(Word {
                    parts: vec![WordPart::ProcessSubstitution {
                        body,
                        output: self.src.as_bytes().get(from) == Some(&b'>'),
                        span,
                    }],
                    span,
                });
            }
            _ => out.extend(self.embedded_words(node)),
        }
    }

    /// An unquoted heredoc body: expansions run, backslash escapes as in double quotes.
    pub(super) fn heredoc_body(&mut self, node: Node) -> Word {
        let span = self.span(node);
        let mut parts = Vec::new();
        let mut c = node.walk();
        // A substitution tree-sitter-bash left in a piece of plain text (after a blank at the
        // start of a line, `⏎ $(…)`) is cut at the next expansion it did read, `${x:-)}`
        // inside it: the pieces are not bash's. The body is then read whole, as bash reads it.
        let unread = |t: &str| t.contains("$(") || t.contains('`');
        let mut plain_from = node.start_byte();
        let mut cut = false;
        for ch in node.children(&mut c) {
            if kind(ch) != "heredoc_content" {
                cut |= unread(
                    self.src
                        .get(plain_from..ch.start_byte())
                        .unwrap_or_default(),
                );
                plain_from = ch.end_byte();
            }
        }
        cut |= unread(
            self.src
                .get(plain_from..node.end_byte())
                .unwrap_or_default(),
        );
        if cut {
            self.double_text(node.start_byte(), self.text(node), &mut parts);
            return Word { parts, span };
        }
        let mut pos = node.start_byte();
        for ch in node.children(&mut c) {
            if ch.start_byte() > pos {
                let gap = self.src.get(pos..ch.start_byte()).unwrap_or_default();
                self.double_text(pos, gap, &mut parts);
            }
            match kind(ch) {
                "heredoc_content" => self.double_text(ch.start_byte(), self.text(ch), &mut parts),
                // tree-sitter-bash reads `$((1+2))` in a heredoc body as a command substitution
                // of a subshell running `1+2`: read as bash reads `$((`, arithmetic or not.
                "command_substitution" if self.text(ch).starts_with("$((") => {
                    self.double_text(ch.start_byte(), self.text(ch), &mut parts);
                }
                _ if ch.is_named() => self.word_parts(ch, &mut parts, true),
                _ => self.double_text(ch.start_byte(), self.text(ch), &mut parts),
            }
            pos = ch.end_byte();
        }
        if node.end_byte() > pos {
            let gap = self.src.get(pos..node.end_byte()).unwrap_or_default();
            self.double_text(pos, gap, &mut parts);
        }
        Word { parts, span }
    }

    /// A word of one literal part holding the node's text as written (a quoted heredoc body).
    pub(super) fn literal_word(&self, node: Node, quoting: Quoting) -> Word {
        let mut parts = Vec::new();
        self.push_lit(
            &mut parts,
            self.text(node),
            quoting,
            node.start_byte(),
            node.end_byte(),
        );
        Word {
            parts,
            span: self.span(node),
        }
    }

    /// Push literal text that is `src[start..end]` as written. In re-parsed code (a table map),
    /// it is split where the map is not byte for byte (`\"` decoded one level up), so that each
    /// part maps exactly, or is one decoded piece, and a further level of re-parsing still
    /// points at the right bytes.
    pub(super) fn push_lit(
        &self,
        out: &mut Vec<WordPart>,
        text: &str,
        quoting: Quoting,
        start: usize,
        end: usize,
    ) {
        if text.is_empty() {
            return;
        }
        if matches!(self.map, SpanMap::Table(_)) && text.len() == end - start {
            for (i, ch) in text.char_indices() {
                let n = ch.len_utf8();
                let mut buf = [0u8; 4];
                self.push_lit_piece(
                    out,
                    ch.encode_utf8(&mut buf),
                    quoting,
                    start + i,
                    start + i + n,
                );
            }
            return;
        }
        self.push_lit_piece(out, text, quoting, start, end);
    }

    fn push_lit_piece(
        &self,
        out: &mut Vec<WordPart>,
        text: &str,
        quoting: Quoting,
        start: usize,
        end: usize,
    ) {
        let mapped = self.map.map(start, end);
        // Pieces decoded from the same original bytes stay one part.
        if let Some(WordPart::Literal {
            text: prev,
            quoting: q,
            span,
        }) = out.last_mut()
            && *q == quoting
            && quoting != Quoting::Escaped
            && prev.len() != span.len()
            && mapped.len() != text.len()
            && *span == mapped
        {
            prev.push_str(text);
            return;
        }
        // Merge with the previous literal of the same quoting when contiguous and exact.
        if let Some(WordPart::Literal {
            text: prev,
            quoting: q,
            span,
        }) = out.last_mut()
            && *q == quoting
            && quoting != Quoting::Escaped
            && prev.len() == span.len()
            && end - start == text.len()
            && mapped.start == span.end
            && mapped.len() == text.len()
        {
            prev.push_str(text);
            span.end = mapped.end;
            return;
        }
        out.push(WordPart::Literal {
            text: text.to_owned().into(),
            quoting,
            span: mapped,
        });
    }

    /// Unquoted text (`src[base..]`), with any backquoted command substitution in it.
    pub(super) fn unquoted_text(&mut self, base: usize, text: &str, out: &mut Vec<WordPart>) {
        self.text_with_backquotes(base, text, out, false);
    }

    /// Text inside double quotes or an unquoted heredoc, with any backquoted substitution in it.
    fn double_text(&mut self, base: usize, text: &str, out: &mut Vec<WordPart>) {
        self.text_with_backquotes(base, text, out, true);
    }

    /// The grammar leaves substitutions unparsed in some places where bash runs them (an
    /// unquoted heredoc body, the operand of `${x:-…}`, the pattern of `${x#…}`, `${x%…}`,
    /// `${x^…}`, `${x,…}`, which it keeps as opaque text): each `` `…` ``, `$(…)`, `$((…))` and
    /// `${…}` left in text that bash expands is parsed here, the first two as command
    /// substitutions, the others as dynamic parts with the substitutions inside them. Quotes in
    /// such text are not honoured (a `$(…)` inside quotes there is analysed as if it ran:
    /// cautious). Outside double quotes and arithmetic, a `<(…)` or `>(…)` there is a process
    /// substitution bash runs (`${x:-<(cmd)}`, `${x#>(cmd)}`, `[[ s =~ a<(cmd) ]]`), parsed
    /// the same way. An unmatched backquote or parenthesis is a parse error.
    fn text_with_backquotes(
        &mut self,
        base: usize,
        text: &str,
        out: &mut Vec<WordPart>,
        in_double: bool,
    ) {
        let processes = !in_double && !self.quoted_operand;
        self.text_with_substitutions(base, text, out, in_double, processes);
    }

    /// [`Self::text_with_backquotes`]; `processes`: whether `<(…)` and `>(…)` are process
    /// substitutions here (not in double quotes, nor in arithmetic, where `1<(2)` compares).
    pub(super) fn text_with_substitutions(
        &mut self,
        base: usize,
        text: &str,
        out: &mut Vec<WordPart>,
        in_double: bool,
        processes: bool,
    ) {
        let plain = |this: &Self, b: usize, t: &str, out: &mut Vec<WordPart>| {
            if in_double {
                this.double_plain(b, t, out);
            } else {
                this.unquoted_plain(b, t, out);
            }
        };
        let bytes = text.as_bytes();
        let mut from = 0;
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b'`' => {
                    let Some(close) = backquote_end(bytes, i + 1) else {
                        plain(self, base + from, &text[from..], out);
                        self.issues.push(SyntaxIssue {
                            kind: IssueKind::ParseError,
                            span: self.map.map(base + i, base + text.len()),
                            detail: "unmatched backquote".to_owned(),
                        });
                        return;
                    };
                    plain(self, base + from, &text[from..i], out);
                    let body = self.backquoted(base + i + 1, &text[i + 1..close], in_double);
                    out.push(WordPart::CommandSubstitution {
                        body,
                        backtick: true,
                        quoted: in_double,
                        span: self.map.map(base + i, base + close + 1),
                    });
                    i = close + 1;
                    from = i;
                }
                b'<' | b'>' if processes && bytes.get(i + 1) == Some(&b'(') => {
                    let Some(close) = super::comsub::end(text, i + 2) else {
                        plain(self, base + from, &text[from..], out);
                        self.issues.push(SyntaxIssue {
                            kind: IssueKind::ParseError,
                            span: self.map.map(base + i, base + text.len()),
                            detail: "unmatched `(`".to_owned(),
                        });
                        return;
                    };
                    plain(self, base + from, &text[from..i], out);
                    let body = self.substitution_text(base + i + 2, &text[i + 2..close]);
                    out.push(WordPart::ProcessSubstitution {
                        body,
                        output: bytes[i] == b'>',
                        span: self.map.map(base + i, base + close + 1),
                    });
                    i = close + 1;
                    from = i;
                }
                b'$' if matches!(bytes.get(i + 1), Some(b'(' | b'{' | b'[')) => {
                    let open = bytes.get(i + 1).copied().unwrap_or_default();
                    // `$((` is arithmetic when the `)` closing its inner `(` is followed by
                    // `)`; else bash reads a command substitution of a subshell
                    // (`$((id) )`, `$((( 1 )) && id)`).
                    let arith = open == b'('
                        && bytes.get(i + 2) == Some(&b'(')
                        && super::dparen::arithmetic(bytes, i + 3);
                    // A command substitution ends where bash's parse of its commands ends.
                    let close = if open == b'(' && !arith {
                        super::comsub::end(text, i + 2)
                    } else {
                        group_end(bytes, i + 1)
                    };
                    let Some(close) = close else {
                        plain(self, base + from, &text[from..], out);
                        self.issues.push(SyntaxIssue {
                            kind: IssueKind::ParseError,
                            span: self.map.map(base + i, base + text.len()),
                            detail: format!("unmatched `{}`", char::from(open)),
                        });
                        return;
                    };
                    plain(self, base + from, &text[from..i], out);
                    let span = self.map.map(base + i, base + close + 1);
                    let source = text[i..=close].to_owned();
                    if open == b'{' && current_shell_substitution(&source) {
                        self.issues.push(SyntaxIssue {
                            kind: IssueKind::UnsupportedSyntax,
                            span,
                            detail: CURRENT_SHELL_SUBSTITUTION.to_owned(),
                        });
                    }
                    if open == b'(' && !arith {
                        let body = self.substitution_text(base + i + 2, &text[i + 2..close]);
                        out.push(WordPart::CommandSubstitution {
                            body,
                            backtick: false,
                            quoted: in_double,
                            span,
                        });
                    } else {
                        // `$((…))`, `$[…]`, `${…}`: a value computed at run time, and the
                        // substitutions inside it run.
                        let mut parts = Vec::new();
                        if self.depth < self.limits.max_tree_depth {
                            self.depth += 1;
                            self.text_with_substitutions(
                                base + i + 2,
                                &text[i + 2..close],
                                &mut parts,
                                in_double,
                                processes && open == b'{',
                            );
                            self.depth -= 1;
                        } else {
                            // Past the limit: never allowed, and read again from the top.
                            self.issues.push(SyntaxIssue {
                                kind: IssueKind::TooDeep,
                                span,
                                detail: format!(
                                    "nested deeper than {} levels",
                                    self.limits.max_tree_depth
                                ),
                            });
                            self.defer(super::lower::Deferred::Text(
                                base + i + 2,
                                text[i + 2..close].to_owned(),
                                in_double,
                                processes && open == b'{',
                            ));
                        }
                        let inner = vec![Word { parts, span }];
                        out.push(if open == b'{' {
                            WordPart::Parameter {
                                name: None,
                                plain: false,
                                source,
                                quoted: in_double,
                                inner,
                                span,
                            }
                        } else {
                            WordPart::Arithmetic {
                                source,
                                inner,
                                span,
                            }
                        });
                    }
                    i = close + 1;
                    from = i;
                }
                _ => i += 1,
            }
        }
        if from < text.len() {
            plain(self, base + from, &text[from..], out);
        }
    }

    /// Parse the inside of a backquoted substitution (`src[base..]`) as bash does: after
    /// removing the backslash before `$`, `` ` ``, `\` (and `"` in double quotes).
    fn backquoted(
        &mut self,
        base: usize,
        inner: &str,
        in_double: bool,
    ) -> Vec<crate::ast::Command> {
        let (code, origin) = super::backquotes::unescape(inner, in_double);
        let table = origin
            .iter()
            .map(|&(s, e)| self.map.map(base + s, base + e))
            .collect();
        let script =
            super::parse_nested(&code, &SpanMap::Table(table), self.depth + 1, self.limits);
        self.issues.extend(script.issues);
        script.commands
    }

    /// Parse the inside of a `$(…)` found in text (`src[base..]`), byte for byte.
    fn substitution_text(&mut self, base: usize, inner: &str) -> Vec<crate::ast::Command> {
        let table = (0..inner.len())
            .map(|k| self.map.map(base + k, base + k + 1))
            .collect();
        let script =
            super::parse_nested(inner, &SpanMap::Table(table), self.depth + 1, self.limits);
        self.issues.extend(script.issues);
        script.commands
    }

    /// Unquoted text: `\x` → `x` (escaped), `\<newline>` removed.
    fn unquoted_plain(&self, base: usize, text: &str, out: &mut Vec<WordPart>) {
        let mut run_start = 0;
        let mut iter = text.char_indices().peekable();
        while let Some((i, ch)) = iter.next() {
            if ch != '\\' {
                continue;
            }
            self.push_lit(
                out,
                &text[run_start..i],
                Quoting::Unquoted,
                base + run_start,
                base + i,
            );
            match iter.next() {
                Some((j, '\n')) => {
                    out.push(WordPart::LineContinuation {
                        span: self.map.map(base + i, base + j + 1),
                    });
                    run_start = j + 1;
                }
                Some((j, c)) => {
                    let end = j + c.len_utf8();
                    out.push(WordPart::Literal {
                        text: c.to_string().into(),
                        quoting: Quoting::Escaped,
                        span: self.map.map(base + i, base + end),
                    });
                    run_start = end;
                }
                None => {
                    // A trailing lone backslash stays literal.
                    self.push_lit(out, "\\", Quoting::Unquoted, base + i, base + i + 1);
                    run_start = text.len();
                }
            }
        }
        self.push_lit(
            out,
            &text[run_start..],
            Quoting::Unquoted,
            base + run_start,
            base + text.len(),
        );
    }

    /// Text inside double quotes (or an unquoted heredoc): only `\$`, ``\` ``, `\"`, `\\`, `\<newline>` are
    /// escapes; any other backslash is literal.
    fn double_plain(&self, base: usize, text: &str, out: &mut Vec<WordPart>) {
        let mut run_start = 0;
        let mut iter = text.char_indices().peekable();
        while let Some((i, ch)) = iter.next() {
            if ch != '\\' {
                continue;
            }
            match iter.peek().copied() {
                Some((j, '\n')) => {
                    iter.next();
                    self.push_lit(
                        out,
                        &text[run_start..i],
                        Quoting::Double,
                        base + run_start,
                        base + i,
                    );
                    out.push(WordPart::LineContinuation {
                        span: self.map.map(base + i, base + j + 1),
                    });
                    run_start = j + 1;
                }
                Some((j, c @ ('$' | '`' | '"' | '\\'))) => {
                    iter.next();
                    self.push_lit(
                        out,
                        &text[run_start..i],
                        Quoting::Double,
                        base + run_start,
                        base + i,
                    );
                    out.push(WordPart::Literal {
                        text: c.to_string().into(),
                        quoting: Quoting::Double,
                        span: self.map.map(base + i, base + j + 1),
                    });
                    run_start = j + 1;
                }
                _ => {}
            }
        }
        self.push_lit(
            out,
            &text[run_start..],
            Quoting::Double,
            base + run_start,
            base + text.len(),
        );
    }

    /// Decode the inside of `$'…'`.
    fn ansi_c(&self, base: usize, text: &str, out: &mut Vec<WordPart>) {
        let bytes = text.as_bytes();
        let mut run_start = 0;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] != b'\\' {
                i += 1;
                continue;
            }
            self.push_lit(
                out,
                &text[run_start..i],
                Quoting::AnsiC,
                base + run_start,
                base + i,
            );
            let (mut decoded, len) = super::escapes::decode_ansi_escape(&text[i..]);
            let end = (i + len).min(text.len());
            if let Some(nul) = decoded.find('\0') {
                // bash ends a `$'…'` string at an escaped NUL (`$'/\x00tmp'` is `/`): the
                // rest of the string is dropped, the rest of the word is not.
                decoded.truncate(nul);
                if !decoded.is_empty() {
                    out.push(WordPart::Literal {
                        text: decoded.into(),
                        quoting: Quoting::AnsiC,
                        span: self.map.map(base + i, base + end),
                    });
                }
                return;
            }
            out.push(WordPart::Literal {
                text: decoded.into(),
                quoting: Quoting::AnsiC,
                span: self.map.map(base + i, base + end),
            });
            i = end;
            run_start = end;
        }
        self.push_lit(
            out,
            &text[run_start..],
            Quoting::AnsiC,
            base + run_start,
            base + text.len(),
        );
    }
}

/// Is a quoted string at `node` (`'…'`, `$'…'`) read by bash as plain characters, with the
/// expansions inside it performed? Inside an array subscript (`${a['$(cmd)']}`,
/// `a['$(cmd)']=1`, `(['$(cmd)']=1)`), arithmetic (`$(( '$(cmd)' ))`, `(( … ))`) and the
/// operand of a `${…}` inside double quotes or an unquoted heredoc body
/// (`"${x:-'$(cmd)'}"`) bash expands the text as if double-quoted (confirmed with bash 5.2:
/// each runs `cmd`). A command or process substitution starts a new quoting context.
fn quotes_are_plain_here(node: Node, src: &str) -> bool {
    let mut in_expansion = false;
    let mut prev = node;
    let mut cur = node.parent();
    while let Some(p) = cur {
        match kind(p) {
            "subscript" | "arithmetic_expansion" => return true,
            "compound_statement"
                if p.child(0).is_some_and(|c| !c.is_named() && kind(c) == "((") =>
            {
                return true;
            }
            // `(['k']=v)`: tree-sitter-bash reads the element as a concatenation that begins
            // with the word `[`; the subscript is what comes before a `]`.
            "array" => {
                return kind(prev) == "concatenation"
                    && src
                        .get(prev.start_byte()..prev.end_byte())
                        .is_some_and(|t| t.starts_with('['))
                    && src
                        .get(node.end_byte()..prev.end_byte())
                        .is_some_and(|t| t.contains(']'));
            }
            "expansion" => in_expansion = true,
            "string" | "translated_string" | "heredoc_body" if in_expansion => return true,
            "command_substitution" | "process_substitution" => return false,
            _ => {}
        }
        prev = p;
        cur = p.parent();
    }
    false
}

/// The index of the bracket that closes the one at `bytes[open]` (`(`, `{` or `[`), counting
/// nested brackets of that kind and skipping backslash escapes and backquoted text.
fn group_end(bytes: &[u8], open: usize) -> Option<usize> {
    let (up, down) = match bytes.get(open)? {
        b'(' => (b'(', b')'),
        b'{' => (b'{', b'}'),
        _ => (b'[', b']'),
    };
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'`' => i = backquote_end(bytes, i + 1)?,
            b if b == up => depth += 1,
            b if b == down => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the backquote closing one opened just before `from`, skipping escapes.
pub(super) fn backquote_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Whether `node`, a parenthesized expression of a test command, comes right after a `<`
/// or `>` operator with no blank between: `<(…)` there is a process substitution to bash.
fn glued_process_substitution(node: Node) -> bool {
    let glued = node.prev_sibling().is_some_and(|p| {
        !p.is_named() && matches!(kind(p), "<" | ">") && p.end_byte() == node.start_byte()
    });
    if !glued || node.end_byte() < node.start_byte() + 2 {
        return false;
    }
    let mut up = node.parent();
    while let Some(p) = up {
        match kind(p) {
            "binary_expression"
            | "unary_expression"
            | "parenthesized_expression"
            | "negated_expression" => up = p.parent(),
            k => return k == "test_command",
        }
    }
    false
}

/// Why a `${` followed by a blank, a newline or `|` is never allowed.
const CURRENT_SHELL_SUBSTITUTION: &str = "`${ cmd; }` and `${| cmd; }` run the commands inside \
     in the current shell in bash 5.3 (a command substitution); shclass reads bash 5.2, where \
     they are an error";

/// Whether `source`, starting at `${`, is bash 5.3's command substitution in the current shell
/// (`${ cmd; }`, `${⏎cmd⏎}`, `${| cmd; }`): the byte after the `${` (after any line
/// continuation, which bash removes first) is a space, a tab, a newline or `|`. bash 5.2
/// rejects every such expansion as a bad substitution, so no line it runs is lost.
fn current_shell_substitution(source: &str) -> bool {
    let mut rest = source.as_bytes().get(2..).unwrap_or_default();
    while let Some(after) = rest.strip_prefix(b"\\\n") {
        rest = after;
    }
    source.starts_with("${") && matches!(rest.first(), Some(b' ' | b'\t' | b'\n' | b'|'))
}

/// A node kind the grammar gives for a word, or for something that stands where a word does
/// (a string, an expansion, a substitution): lowered with `word`, which reads the commands of
/// substitutions in it.
fn is_word_kind(k: &str) -> bool {
    matches!(
        k,
        "word"
            | "number"
            | "string"
            | "raw_string"
            | "ansi_c_string"
            | "translated_string"
            | "concatenation"
            | "simple_expansion"
            | "expansion"
            | "command_substitution"
            | "process_substitution"
            | "arithmetic_expansion"
            | "extglob_pattern"
            | "regex"
            | "test_operator"
            | "brace_expression"
    )
}

#[cfg(test)]
mod tests {
    use crate::ast::{Command, IssueKind, WordPart};

    #[test]
    fn a_blank_newline_or_bar_after_the_brace_is_a_current_shell_substitution() {
        for (source, want) in [
            ("${ id; }", true),
            ("${\tid; }", true),
            ("${\nid\n}", true),
            ("${|REPLY=1;}", true),
            ("${\\\n id; }", true),
            ("${\\\n\\\n|id;}", true),
            ("${x}", false),
            ("${x:- y}", false),
            ("${#x}", false),
            ("${!x}", false),
            ("${\\\nx}", false),
            ("$x ", false),
            ("${", false),
        ] {
            assert_eq!(
                super::current_shell_substitution(source),
                want,
                "{source:?}"
            );
        }
        // In a node the grammar reads and in opaque operand text it leaves unread, the issue
        // is raised where bash would run the commands.
        for src in [
            "echo ${\nid\n}",
            "echo ${x#${ id; }}",
            "cat <<E\n${ id\n}\nE",
        ] {
            let script = crate::parse::parse_with_tree_sitter(
                src,
                &crate::parse::SpanMap::Shift(0),
                0,
                &crate::Limits::default(),
            );
            assert!(
                script
                    .issues
                    .iter()
                    .any(|i| i.kind == IssueKind::UnsupportedSyntax && i.detail.contains("5.3")),
                "{src:?}: {:?}",
                script.issues
            );
        }
    }

    /// The text of each part of each word of the one simple command `src` is, as tree-sitter
    /// reads it.
    fn parts(src: &str) -> Vec<Vec<String>> {
        let script = crate::parse::parse_with_tree_sitter(
            src,
            &crate::parse::SpanMap::Shift(0),
            0,
            &crate::Limits::default(),
        );
        let Some(Command::Simple(c)) = script.commands.first() else {
            panic!("{src}: not a simple command");
        };
        c.words
            .iter()
            .map(|w| {
                w.parts
                    .iter()
                    .map(|p| match p {
                        WordPart::Literal { text, .. } => text.to_string(),
                        _ => "$…".to_owned(),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn blanks_tree_sitter_folds_into_quote_and_dollar_tokens_stay_in_the_string() {
        // tree-sitter-bash's tokens: `" "` is `"` then ` "`; `" $y "` has the expansion ` $y`.
        assert_eq!(parts(r#"cut -d " " -f1"#)[2], [" "]);
        assert_eq!(parts(r#"x "  ""#)[1], ["  "]);
        assert_eq!(parts(r#"x " $y ""#)[1], [" ", "$…", " "]);
        assert_eq!(parts(r#"x "a $y  ""#)[1], ["a ", "$…", "  "]);
        assert_eq!(parts(r#"x """#)[1], [""]);
    }
}
