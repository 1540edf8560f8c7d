//! Lowering of the tree-sitter concrete tree into [`crate::ast`] commands.
//!
//! Walks statements and compound commands; words are lowered in `words.rs`. Recursion is bounded
//! by [`Limits::max_tree_depth`]: past it the subtree becomes an opaque node with a `too-deep`
//! issue, so hostile nesting cannot overflow the stack (the recursive functions keep small frames
//! for the same reason). An and-or list, which the grammar nests to the left, is walked without
//! recursion and folded balanced past 32 links, so a chain of any length is not deep.
//!
//! Grammar quirks handled here (each pinned by a grammar test): the rest of a line after a
//! heredoc start sits *inside* the heredoc redirect (`cat <<EOF | bash`, `cat <<EOF > f`); words
//! after a redirect target are more targets of the redirect, though bash passes them to the
//! command (`sudo >/dev/null rm x`); a line continuation splits a word in two (`r\<newline>m`); a
//! brace expansion in command position is an ERROR node, and inside `$(…)` or `( … )` a group
//! with a missing `}` (`{rm,-rf,~}`); `elif` has no field names; and a compound command where a
//! word belongs (`coproc ( … )`) is kept as a command, with an issue.

use tree_sitter::{Node, Tree};

use super::{SpanMap, kind};
use crate::Limits;
use crate::ast::{
    AndOrOp, Assignment, CaseArm, Command, Heredoc, IssueKind, Quoting, Redirect, RedirectTarget,
    Script, SimpleCommand, Span, SyntaxIssue, Word, WordPart,
};

pub(super) struct Lowerer<'a> {
    pub(super) src: &'a str,
    pub(super) map: &'a SpanMap,
    pub(super) issues: Vec<SyntaxIssue>,
    pub(super) depth: usize,
    pub(super) limits: &'a Limits,
    /// Gaps between word nodes whose escapes became parts of words (see [`Lowerer::gap`]).
    pub(super) read_gaps: std::cell::RefCell<Vec<(usize, usize)>>,
    /// Inside the operand of a double-quoted `${…}`, where `<(…)` is text to bash, not a
    /// process substitution (reset inside a command or process substitution there).
    pub(super) quoted_operand: bool,
    /// Subtrees past the depth limit, lowered again after the rest from the depth the text
    /// started at (see [`Deferred`]); `None` where that depth leaves too little room.
    pub(super) deferred: Option<Vec<Deferred>>,
    /// The text deferred so far (bounded by [`MAX_DEFERRED_BYTES`]).
    deferred_bytes: usize,
}

/// A subtree past [`Limits::max_tree_depth`], left out where it stands (with its `too-deep`
/// issue, so the line is never allowed) and lowered afterwards from the top, so that what it
/// runs is still read (a catastrophe 120 substitutions deep denies) while the recursion stays
/// bounded: each round starts again at the text's own depth, every subtree is lowered once.
#[derive(Debug, Clone)]
pub(super) enum Deferred {
    /// A statement node (its byte range and kind).
    Statement(usize, usize, u16),
    /// An expression-like node whose operands are words (`[[ ( … ) ]]`, arithmetic).
    Words(usize, usize, u16),
    /// The inside of a `${…}`, `$((…))` or `$[…]` read from its text: its start, its text,
    /// and whether it stands in double quotes or takes process substitutions.
    Text(usize, String, bool, bool),
}

/// At most this much text past the depth limit is lowered again, counted over every subtree
/// deferred (each is lowered once, but the checks read each command's text, which in a chain
/// of nested substitutions holds all the deeper ones: the reading grows with the square of
/// the chain; about 1,200 levels of `$(echo; ` fit).
const MAX_DEFERRED_BYTES: usize = 64 * 1024;

/// What follows a heredoc start on the same line, which tree-sitter nests inside the redirect.
enum Continuation {
    Pipe(Command),
    And(Command),
    Or(Command),
}

/// What lowering one redirect node produced.
#[derive(Default)]
struct RedirectParts {
    /// The redirect, then the redirects the grammar nested inside it (`<<EOF > f`).
    redirects: Vec<Redirect>,
    /// Commands the grammar nested inside the redirect that follow it on the same line.
    conts: Vec<Continuation>,
    /// Words after the target, which are arguments of the command (`echo > f arg`).
    extra: Vec<Word>,
}

/// What lowering a redirect node has gathered so far.
#[derive(Default)]
struct RedirectState<'t> {
    out: RedirectParts,
    /// Redirects the grammar nested inside this one (`<<EOF > f`).
    nested: Vec<Redirect>,
    op: String,
    fd: Option<String>,
    target: Option<Word>,
    target_end: usize,
    /// The end of the target or of the last word the grammar put after it.
    last_end: usize,
    heredoc_start: Option<Node<'t>>,
    heredoc_body: Option<Node<'t>>,
    heredoc_end: Option<Node<'t>>,
    /// The operator before a statement the grammar nested inside a heredoc redirect.
    pending_op: Option<&'t str>,
    /// After an ERROR inside a file redirect: the operator text and the words that follow.
    error_op: Option<String>,
    after_error: Vec<Word>,
}

/// What a `command` node is lowered into before it is assembled.
struct CommandParts {
    cmd: SimpleCommand,
    conts: Vec<Continuation>,
    /// Statements the grammar put where a word belongs.
    stray: Vec<Command>,
    /// A comment was among the children: a word after it is on another line.
    comment: bool,
    /// The one stray statement is a compound bash's `time` keyword times (`time (ls)`):
    /// the command is that statement.
    timed: bool,
    /// The end of the assignment or redirect just lowered: a word node right after it, with
    /// nothing but escapes between, is the rest of its value (`y="a"\v`, `<<<"a"\b`).
    glue_end: Option<usize>,
}

/// A newline in `gap` (the text between two words) that is not a line continuation.
fn bare_newline(gap: &str) -> bool {
    let b = gap.as_bytes();
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b'\n' && (i == 0 || b[i - 1] != b'\\'))
}

fn assemble_command(kind: &str, mut parts: CommandParts) -> Command {
    fd_words(&mut parts.cmd);
    let span = parts.cmd.span;
    let mut out = if parts.timed
        && parts.stray.len() == 1
        && let Some(timed) = parts.stray.pop()
    {
        timed
    } else if parts.stray.is_empty() {
        Command::Simple(parts.cmd)
    } else {
        let mut inner = vec![Command::Simple(parts.cmd)];
        inner.extend(parts.stray);
        Command::Opaque {
            kind: kind.to_owned(),
            inner,
            words: Vec::new(),
            span,
        }
    };
    for cont in parts.conts {
        out = attach(out, cont);
    }
    out
}

/// The node of kind `id` covering exactly `start..end` under `root`.
fn node_at(root: Node, start: usize, end: usize, id: u16) -> Option<Node> {
    let mut node = root.descendant_for_byte_range(start, end)?;
    loop {
        if node.kind_id() == id && node.start_byte() == start && node.end_byte() == end {
            return Some(node);
        }
        node = node.parent()?;
        if node.start_byte() != start || node.end_byte() != end {
            return None;
        }
    }
}

/// Node kinds that are statements: when the grammar puts one where a word belongs (`coproc (…)`),
/// it is lowered as a command so that what it runs is still analysed.
fn is_statement_kind(kind: &str) -> bool {
    matches!(
        kind,
        "command"
            | "pipeline"
            | "list"
            | "redirected_statement"
            | "subshell"
            | "compound_statement"
            | "if_statement"
            | "while_statement"
            | "for_statement"
            | "case_statement"
            | "function_definition"
            | "declaration_command"
            | "negated_command"
            | "test_command"
            | "c_style_for_statement"
    )
}

pub(super) fn lower(
    tree: &Tree,
    src: &str,
    map: &SpanMap,
    depth: usize,
    limits: &Limits,
) -> Script {
    let root = tree.root_node();
    let mut l = Lowerer {
        src,
        map,
        issues: Vec::new(),
        depth,
        limits,
        read_gaps: std::cell::RefCell::new(Vec::new()),
        quoted_operand: false,
        // Each round must get well past the depth it starts at.
        deferred: (depth + 10 < limits.max_tree_depth).then(Vec::new),
        deferred_bytes: 0,
    };
    if root.descendant_count() > limits.max_nodes {
        l.issue(
            IssueKind::TooLong,
            root,
            format!("syntax tree has more than {} nodes", limits.max_nodes),
        );
        return Script {
            commands: Vec::new(),
            issues: l.issues,
        };
    }
    if root.has_error() {
        l.collect_errors(root);
    }
    if src.contains("\\\n") {
        l.issues.extend(super::continuation::issues(tree, src, map));
    }
    if src.contains('`') {
        l.collect_empty_backquotes(root);
    }
    if src.contains(";;") {
        l.stray_double_semicolons(root, src);
    }
    let mut commands = l.statements(root);
    if src.contains("\\ ") || src.contains("\\\t") {
        l.skipped_escaped_blanks(root);
    }
    l.lower_deferred(root, depth, &mut commands);
    Script {
        commands,
        issues: l.issues,
    }
}

impl<'a> Lowerer<'a> {
    pub(super) fn span(&self, node: Node) -> Span {
        self.map.map(node.start_byte(), node.end_byte())
    }

    pub(super) fn text(&self, node: Node) -> &'a str {
        self.src.get(node.byte_range()).unwrap_or_default()
    }

    pub(super) fn issue(&mut self, kind: IssueKind, node: Node, detail: String) {
        let span = self.span(node);
        self.issues.push(SyntaxIssue { kind, span, detail });
    }

    /// An ERROR node that is only an arithmetic base (`10#`) directly followed by an expansion.
    fn is_base_prefix(&self, node: Node) -> bool {
        let text = self.text(node);
        let digits = text.strip_suffix('#').unwrap_or_default();
        let in_arithmetic = node.parent().is_some_and(|p| {
            matches!(
                kind(p),
                "arithmetic_expansion" | "binary_expression" | "compound_statement"
            ) || kind(p).ends_with("_expression")
        });
        let next_is_expansion = node.next_sibling().is_some_and(|n| {
            let mut first = n;
            while let Some(c) = first.child(0) {
                if matches!(kind(first), "simple_expansion" | "expansion") {
                    break;
                }
                first = c;
            }
            n.start_byte() == node.end_byte()
                && matches!(kind(first), "simple_expansion" | "expansion")
        });
        !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && node.named_child_count() == 0
            && in_arithmetic
            && next_is_expansion
    }

    /// tree-sitter-bash reads a here-string after a compound command (`( sh ) <<< CODE`,
    /// `{ cat; } 3<<< x`, `case … esac <<< x`) as an ERROR `<<` right before a `<` redirect;
    /// bash reads `<<<`. Such an ERROR is lowered as the here-string's operator.
    fn is_split_herestring(&self, node: Node) -> bool {
        if !node.is_error() || self.text(node) != "<<" {
            return false;
        }
        let Some(next) = node.next_sibling() else {
            return false;
        };
        next.start_byte() == node.end_byte()
            && match kind(next) {
                "<" => true,
                "file_redirect" => next.child(0).is_some_and(|c| kind(c) == "<"),
                _ => false,
            }
    }

    /// Record every ERROR and MISSING node, iteratively (no recursion on hostile trees).
    fn collect_errors(&mut self, root: Node) {
        let mut cursor = root.walk();
        let mut found = 0usize;
        'walk: loop {
            let node = cursor.node();
            if node.is_missing() {
                self.issue(
                    IssueKind::ParseError,
                    node,
                    format!("missing `{}`", kind(node)),
                );
                found += 1;
            } else if node.is_error() && self.is_split_herestring(node) {
                // `( sh ) <<< x`, `{ cat; } 3<<< x`: read as the here-string it is.
            } else if node.is_error() && self.is_base_prefix(node) {
                // `$(( 10#$x ))`: the grammar cannot read a base before an expansion; the
                // expansion after it is parsed (and analysed) as usual.
            } else if node.is_error() {
                let text: String = self.text(node).chars().take(40).collect();
                self.issue(
                    IssueKind::ParseError,
                    node,
                    format!("cannot parse `{text}`"),
                );
                found += 1;
            }
            if found > 64 {
                break;
            }
            if node.has_error() && cursor.goto_first_child() {
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
    }

    /// Record every `` `` `` token. tree-sitter-bash has a token for an empty backquoted
    /// substitution that may hold blanks (`` ` ` ``), and takes the closing and the opening
    /// backquote of two substitutions side by side for it: `` echo `true a` `rm x` `` becomes
    /// one substitution running `true` with the argument `` a` `rm `` and `x`, so the second
    /// command is never seen. bash reads each backquote pair as a substitution; an empty one
    /// (`` echo `` x ``) is also misread (the `echo` joins the words after it). Iterative walk.
    fn collect_empty_backquotes(&mut self, root: Node) {
        let mut cursor = root.walk();
        'walk: loop {
            let node = cursor.node();
            if !node.is_named() && kind(node) == "``" {
                self.issue(
                    IssueKind::ParseError,
                    node,
                    "two backquotes with only blanks between them: tree-sitter-bash reads them \
                     as one token where bash closes a substitution and opens the next, or \
                     reads an empty one"
                        .to_owned(),
                );
                return;
            }
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
    }

    fn enter(&mut self, node: Node) -> bool {
        if self.depth >= self.limits.max_tree_depth {
            self.issue(
                IssueKind::TooDeep,
                node,
                format!("nested deeper than {} levels", self.limits.max_tree_depth),
            );
            false
        } else {
            self.depth += 1;
            true
        }
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Keep `item` for [`Lowerer::lower_deferred`], when this text defers at all.
    pub(super) fn defer(&mut self, item: Deferred) {
        let len = match &item {
            Deferred::Statement(start, end, _) | Deferred::Words(start, end, _) => end - start,
            Deferred::Text(_, text, _, _) => text.len(),
        };
        if let Some(list) = self.deferred.as_mut()
            && self.deferred_bytes + len <= MAX_DEFERRED_BYTES
        {
            self.deferred_bytes += len;
            list.push(item);
        }
    }

    /// Lower the subtrees left out past the depth limit, each from `depth` (the text's own),
    /// iteratively: what they leave out in turn joins the list. Each becomes an opaque command
    /// after the line's own (its `too-deep` issue stays), holding the commands and words read.
    fn lower_deferred(&mut self, root: Node, depth: usize, commands: &mut Vec<Command>) {
        let mut next = 0;
        while let Some(item) = self.deferred.as_ref().and_then(|d| d.get(next)).cloned() {
            next += 1;
            self.depth = depth;
            let (mut inner, mut words) = (Vec::new(), Vec::new());
            let span = match item {
                Deferred::Statement(start, end, id) | Deferred::Words(start, end, id) => {
                    let Some(node) = node_at(root, start, end, id) else {
                        continue;
                    };
                    if matches!(item, Deferred::Statement(..)) {
                        inner.extend(self.statement(node));
                    } else {
                        words = self.embedded_words(node);
                    }
                    self.span(node)
                }
                Deferred::Text(base, text, in_double, processes) => {
                    let mut parts = Vec::new();
                    self.text_with_substitutions(base, &text, &mut parts, in_double, processes);
                    let span = self.map.map(base, base + text.len());
                    words.push(Word { parts, span });
                    span
                }
            };
            commands.push(Command::Opaque {
                kind: "too-deep".to_owned(),
                inner,
                words,
                span,
            });
        }
        self.depth = depth;
    }

    /// `( ( ( CMD ) ) )`, `{ { CMD; }; }`, `( { CMD; } )`: a subshell or group whose only
    /// statement is another one, without redirects, runs as the inner one does (a subshell in
    /// a subshell is one subshell; a group adds nothing). The innermost node whose statements
    /// run, and whether a subshell is on the way (the whole then runs in one). Walked without
    /// recursion, so redundant grouping costs no depth: a command nested in 200 of them is
    /// read.
    fn redundant_groups<'t>(&self, node: Node<'t>) -> (Node<'t>, bool) {
        let mut inner = node;
        let mut subshell = kind(node) == "subshell";
        loop {
            let mut cursor = inner.walk();
            let mut named = inner.named_children(&mut cursor);
            let (Some(only), None) = (named.next(), named.next()) else {
                break;
            };
            match kind(only) {
                "subshell" => subshell = true,
                "compound_statement"
                    if !self.text(only).starts_with("((") && !self.is_brace_word(only) => {}
                _ => break,
            }
            inner = only;
        }
        (inner, subshell)
    }

    /// The statements among `node`'s children, with `&` turning the previous one into a
    /// background command.
    pub(super) fn statements(&mut self, node: Node) -> Vec<Command> {
        let mut out: Vec<Command> = Vec::new();
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if !child.is_named() {
                if kind(child) == "&"
                    && let Some(prev) = out.pop()
                {
                    let span = prev.span().cover(self.span(child));
                    out.push(Command::Background {
                        body: Box::new(prev),
                        span,
                    });
                }
                continue;
            }
            if let Some(cmd) = self.statement(child) {
                out.push(cmd);
            }
        }
        out
    }

    /// Lower one statement node; `None` for comments and other non-commands.
    pub(super) fn statement(&mut self, node: Node) -> Option<Command> {
        match kind(node) {
            "comment" | "heredoc_body" | "heredoc_end" | "heredoc_start" => return None,
            _ => {}
        }
        if !self.enter(node) {
            self.defer(Deferred::Statement(
                node.start_byte(),
                node.end_byte(),
                node.kind_id(),
            ));
            return Some(Command::Opaque {
                kind: kind(node).to_owned(),
                inner: Vec::new(),
                words: Vec::new(),
                span: self.span(node),
            });
        }
        let cmd = self.statement_inner(node);
        self.leave();
        Some(cmd)
    }

    /// Dispatch on the node kind. Kept small on purpose: each arm is its own function, so the
    /// stack frame of this recursion stays small even in debug builds, where every local of
    /// every arm would otherwise get its own slot.
    fn statement_inner(&mut self, node: Node) -> Command {
        let span = self.span(node);
        match kind(node) {
            "command" => self.command(node),
            "declaration_command" | "unset_command" => self.declaration(node),
            "variable_assignment" | "variable_assignments" => self.bare_assignments(node),
            "redirected_statement" => self.redirected(node),
            "file_redirect" | "herestring_redirect" => self.redirect_only(node),
            "pipeline" => self.pipeline(node),
            "list" => self.list(node),
            "subshell" => {
                let (inner, _) = self.redundant_groups(node);
                Command::Subshell {
                    body: self.statements(inner),
                    span,
                }
            }
            "compound_statement" if self.text(node).starts_with("((") => Command::Test {
                arithmetic: true,
                single: false,
                words: self.embedded_words(node),
                span,
            },
            "compound_statement" if self.is_brace_word(node) => self.brace_word_group(node),
            "compound_statement" => match self.redundant_groups(node) {
                (inner, true) => Command::Subshell {
                    body: self.statements(inner),
                    span,
                },
                (inner, false) => Command::Group {
                    body: self.statements(inner),
                    span,
                },
            },
            "do_group" => Command::Group {
                body: self.statements(node),
                span,
            },
            "if_statement" => self.if_statement(node),
            "while_statement" => self.while_statement(node),
            "for_statement" => self.for_statement(node),
            "c_style_for_statement" => self.c_style_for(node),
            "case_statement" => self.case_statement(node),
            "function_definition" => self.function_definition(node),
            "test_command" => Command::Test {
                arithmetic: false,
                single: !self.text(node).starts_with("[["),
                words: self.test_words(node),
                span,
            },
            "negated_command" => self.negated(node),
            "ERROR" => self.error_node(node),
            kind => {
                self.issue(
                    IssueKind::UnsupportedSyntax,
                    node,
                    format!("unsupported syntax `{kind}`"),
                );
                self.opaque(node)
            }
        }
    }

    /// `A=1` or `A=1 B=2` with no command. What tree-sitter-bash reads as an assignment but bash
    /// does not (`--opt=1`, `1a=2`: the name is not a shell name) is the command's first word,
    /// and every later one is an argument, as bash reads them.
    fn bare_assignments(&mut self, node: Node) -> Command {
        let mut assignments = Vec::new();
        let mut words = Vec::new();
        let mut last_end = None;
        let mut one = |this: &mut Self, ch: Node<'_>| {
            if words.is_empty() && this.assigns(ch) {
                assignments.push(this.assignment(ch));
            } else {
                let w = this.assignment_word(ch);
                this.push_word(&mut words, last_end, ch, w);
                last_end = Some(ch.end_byte());
            }
        };
        if kind(node) == "variable_assignment" {
            one(self, node);
        } else {
            let mut c = node.walk();
            for ch in node.named_children(&mut c) {
                if kind(ch) == "variable_assignment" {
                    one(self, ch);
                }
            }
        }
        Command::Simple(SimpleCommand {
            assignments,
            words,
            redirects: Vec::new(),
            span: self.span(node),
        })
    }

    /// Whether bash reads a `variable_assignment` node as an assignment: its name (or the
    /// array name before a subscript) is a shell name.
    fn assigns(&self, node: Node) -> bool {
        let Some(name) = node.child_by_field_name("name") else {
            return false;
        };
        let name = if kind(name) == "subscript" {
            match name.child_by_field_name("name") {
                Some(n) => n,
                None => return false,
            }
        } else {
            name
        };
        crate::ast::is_shell_name(self.text(name))
    }

    /// A redirect alone, as in `$(< file)`: a command with no words.
    fn redirect_only(&mut self, node: Node) -> Command {
        let parts = self.redirect(node);
        let mut cmd = Command::Simple(SimpleCommand {
            assignments: Vec::new(),
            words: parts.extra,
            redirects: parts.redirects,
            span: self.span(node),
        });
        for cont in parts.conts {
            cmd = attach(cmd, cont);
        }
        cmd
    }

    fn pipeline(&mut self, node: Node) -> Command {
        let mut stages = Vec::new();
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            if let Some(cmd) = self.statement(ch) {
                match cmd {
                    Command::Pipeline { stages: inner, .. } => stages.extend(inner),
                    other => stages.push(other),
                }
            }
        }
        Command::Pipeline {
            stages,
            span: self.span(node),
        }
    }

    fn while_statement(&mut self, node: Node) -> Command {
        let until = node
            .child(0)
            .is_some_and(|c| !c.is_named() && kind(c) == "until");
        let mut condition = Vec::new();
        let mut body = Vec::new();
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                continue;
            }
            let field = node.field_name_for_child(i as u32);
            if field == Some("body") {
                body.extend(self.body_of(ch));
            } else if let Some(cmd) = self.statement(ch) {
                condition.push(cmd);
            }
        }
        Command::Loop {
            until,
            condition,
            body,
            span: self.span(node),
        }
    }

    fn for_statement(&mut self, node: Node) -> Command {
        let select = node
            .child(0)
            .is_some_and(|c| !c.is_named() && kind(c) == "select");
        let mut variable = String::new();
        let mut items = Vec::new();
        let mut body = Vec::new();
        let mut last_end = None;
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                last_end = None;
                continue;
            }
            match node.field_name_for_child(i as u32) {
                Some("variable") => variable = self.text(ch).to_owned(),
                Some("body") => body.extend(self.body_of(ch)),
                _ if kind(ch) != "comment" => {
                    let w = self.word(ch);
                    self.push_word(&mut items, last_end, ch, w);
                    last_end = Some(ch.end_byte());
                    continue;
                }
                _ => {}
            }
            last_end = None;
        }
        Command::For {
            variable,
            items,
            body,
            select,
            span: self.span(node),
        }
    }

    fn c_style_for(&mut self, node: Node) -> Command {
        let mut items = Vec::new();
        let mut body = Vec::new();
        let mut c = node.walk();
        let mut header = true;
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                header &= kind(ch) != "))";
                continue;
            }
            // `for (( …; i++ # $(cmd)⏎)); do`: no comment inside the arithmetic to bash, which
            // expands the text after the `#` before the expression fails.
            if header && kind(ch) == "comment" {
                self.issue(
                    IssueKind::ParseError,
                    ch,
                    "a `#` inside a `for (( … ))` header: bash reads no comment there, and runs \
                     the substitutions after it before the expression fails"
                        .to_owned(),
                );
                continue;
            }
            if node.field_name_for_child(i as u32) == Some("body") {
                body.extend(self.body_of(ch));
            } else {
                items.extend(self.embedded_words(ch));
            }
        }
        Command::For {
            variable: String::new(),
            items,
            body,
            select: false,
            span: self.span(node),
        }
    }

    fn function_definition(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut name = String::new();
        let mut body = None;
        let mut redirects = Vec::new();
        let mut conts = Vec::new();
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            match node.field_name_for_child(i as u32) {
                Some("name") => name = self.text(ch).to_owned(),
                Some("body") => body = self.statement(ch),
                Some("redirect") => {
                    let parts = self.redirect(ch);
                    redirects.extend(parts.redirects);
                    conts.extend(parts.conts);
                    self.stray_words(&parts.extra);
                }
                _ => {}
            }
        }
        let mut body = body.unwrap_or(Command::Group {
            body: Vec::new(),
            span,
        });
        if !redirects.is_empty() {
            body = Command::Redirected {
                body: Box::new(body),
                redirects,
                span,
            };
        }
        let mut cmd = Command::Function {
            name,
            body: Box::new(body),
            span,
        };
        for cont in conts {
            cmd = attach(cmd, cont);
        }
        cmd
    }

    /// `{rm,-rf,~}` where a group could start (inside `$(…)` or `( … )`): `{` is a reserved word
    /// only before a blank, so bash reads a brace expansion, but the grammar opens a group and
    /// misses its `}`; or a group the grammar closes without an error (`{ls;}`), whose `{` is
    /// glued to the next word all the same.
    fn is_brace_word(&self, node: Node) -> bool {
        let text = self.text(node);
        text.starts_with('{')
            && !text[1..].starts_with([' ', '\t', '\n'])
            && (node.has_error() || glued_brace(text))
    }

    /// The group the grammar saw, with the `{` put back at the start of its first word, which
    /// the analyzer then brace-expands. The missing `}` stays a parse error.
    fn brace_word_group(&mut self, node: Node) -> Command {
        let span = self.span(node);
        // `{ls;}`, `{rm,-rf,~};⏎}`: the grammar reads a whole group, bash the word `{ls`
        // (brace-expanded: `rm -rf ~` runs) and then a `}` that closes nothing, a syntax error
        // at the line it ends (the lines before it have run).
        if !node.has_error() {
            self.issues.push(SyntaxIssue {
                kind: IssueKind::ParseError,
                span: self.map.map(node.start_byte(), node.start_byte() + 1),
                detail: "a `{` glued to the word after it: bash reads it as part of that word \
                         (`{ls;}` is the command `{ls`), and the `}` that closes the group \
                         here as a syntax error"
                    .to_owned(),
            });
        }
        let mut body = self.statements(node);
        let open = self.map.map(node.start_byte(), node.start_byte() + 1);
        let after = self.map.map(node.start_byte() + 1, node.start_byte() + 1);
        if let Some(Command::Simple(s)) = body.first_mut()
            && s.assignments.is_empty()
            && let Some(w) = s.words.first_mut()
            && w.span.start == after.start
        {
            w.parts.insert(
                0,
                WordPart::Literal {
                    text: "{".to_owned().into(),
                    quoting: crate::ast::Quoting::Unquoted,
                    span: open,
                },
            );
            w.span = open.cover(w.span);
            s.span = open.cover(s.span);
        }
        Command::Group { body, span }
    }

    fn negated(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut inner = self.statements(node);
        let body = if inner.len() == 1 {
            inner.pop().map(Box::new)
        } else {
            None
        };
        match body {
            Some(mut body) => match strip_bangs(&mut body) {
                // `! ! cmd`: the negations cancel out.
                Some(k) if k % 2 == 1 => *body,
                Some(_) => Command::Negated { body, span },
                None => {
                    self.issue(
                        IssueKind::ParseError,
                        node,
                        "`! !` followed by what is not a command name".to_owned(),
                    );
                    Command::Negated { body, span }
                }
            },
            None => Command::Group { body: inner, span },
        }
    }

    /// Commands and words recovered from a node we cannot model.
    fn opaque(&mut self, node: Node) -> Command {
        let mut inner = Vec::new();
        let mut words = Vec::new();
        let mut c = node.walk();
        for ch in node.named_children(&mut c) {
            match kind(ch) {
                k if is_statement_kind(k) || matches!(k, "variable_assignment" | "ERROR") => {
                    inner.extend(self.statement(ch));
                }
                // A word of the node itself is a word (`$(rm -rf ~)?` in a broken `case`: its
                // substitution runs whatever the grammar made of the rest).
                _ => self.embedded_word(ch, &mut words),
            }
        }
        Command::Opaque {
            kind: kind(node).to_owned(),
            inner,
            words,
            span: self.span(node),
        }
    }

    /// An ERROR node: its issue is already recorded; recover what we can. A brace expansion in
    /// command position (`{rm,-rf,/}`) is an ERROR in this grammar, so it is recovered as a
    /// simple command whose first word is the brace word; the analyzer expands it.
    fn error_node(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let text = self.text(node);
        // A plain list of words (no quotes, expansions or operators) is recovered as a simple
        // command: this is how `{rm,-rf,/}` in command position comes out of the grammar.
        // Backslash escapes are decoded as in any unquoted word (`{rm,-rf,\/}`).
        let plain = !text.is_empty()
            && text.starts_with('{')
            && !text.contains(|c: char| {
                matches!(
                    c,
                    '\'' | '"' | '$' | '`' | ';' | '&' | '|' | '<' | '>' | '(' | ')' | '\n'
                )
            })
            && !text.ends_with('\\');
        if plain {
            let mut words = Vec::new();
            for (offset, piece) in split_unescaped_blanks(text) {
                let start = node.start_byte() + offset;
                let wspan = self.map.map(start, start + piece.len());
                let mut parts = Vec::new();
                self.unquoted_text(start, piece, &mut parts);
                words.push(Word { parts, span: wspan });
            }
            return Command::Simple(SimpleCommand {
                assignments: Vec::new(),
                words,
                redirects: Vec::new(),
                span,
            });
        }
        self.opaque(node)
    }

    fn body_of(&mut self, node: Node) -> Vec<Command> {
        match kind(node) {
            "do_group" | "compound_statement" => {
                if self.text(node).starts_with("((") {
                    self.statement(node).into_iter().collect()
                } else {
                    self.statements(node)
                }
            }
            _ => self.statement(node).into_iter().collect(),
        }
    }

    fn if_statement(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut branches: Vec<(Vec<Command>, Vec<Command>)> = vec![(Vec::new(), Vec::new())];
        let mut else_body = Vec::new();
        self.if_parts(node, &mut branches, &mut else_body);
        Command::If {
            branches,
            else_body,
            span,
        }
    }

    fn if_parts(
        &mut self,
        node: Node,
        branches: &mut Vec<(Vec<Command>, Vec<Command>)>,
        else_body: &mut Vec<Command>,
    ) {
        let mut c = node.walk();
        // `elif_clause` has no field names: its condition is what comes before `then`.
        let mut seen_then = false;
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                seen_then |= kind(ch) == "then";
                continue;
            }
            match kind(ch) {
                "elif_clause" => {
                    branches.push((Vec::new(), Vec::new()));
                    self.if_parts(ch, branches, else_body);
                }
                "else_clause" => else_body.extend(self.statements(ch)),
                _ => {
                    let is_cond = node.field_name_for_child(i as u32) == Some("condition")
                        || (kind(node) == "elif_clause" && !seen_then);
                    if let Some(cmd) = self.statement(ch)
                        && let Some(last) = branches.last_mut()
                    {
                        if is_cond {
                            last.0.push(cmd);
                        } else {
                            last.1.push(cmd);
                        }
                    }
                }
            }
        }
    }

    fn case_statement(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut subject = None;
        let mut arms = Vec::new();
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                continue;
            }
            if node.field_name_for_child(i as u32) == Some("value") {
                subject = Some(self.word(ch));
            } else if kind(ch) == "case_item" {
                let mut patterns = Vec::new();
                let mut body = Vec::new();
                let mut ic = ch.walk();
                for (j, item) in ch.children(&mut ic).enumerate() {
                    if !item.is_named() {
                        continue;
                    }
                    if ch.field_name_for_child(j as u32) == Some("value") {
                        patterns.push(self.word(item));
                    } else if let Some(cmd) = self.statement(item) {
                        body.push(cmd);
                    }
                }
                arms.push(CaseArm { patterns, body });
            }
        }
        let subject = subject.unwrap_or(Word {
            parts: Vec::new(),
            span,
        });
        Command::Case {
            subject,
            arms,
            span,
        }
    }

    /// An and-or list. tree-sitter-bash nests it to the left (`a && b || c` is
    /// `list(list(a, b), c)`), so the left spine is walked without recursion and costs no depth:
    /// a chain of any length is as deep as its deepest command. The commands and operators are
    /// then folded in order: left-nested as bash groups them up to [`CHAIN_NESTED`] links, as a
    /// balanced tree beyond (same commands and operators in the same order, logarithmic depth),
    /// so that no later recursion over the AST — the walker, `Drop` — follows a 100,000-deep
    /// chain.
    fn list(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut spine = vec![node];
        let mut cur = node;
        while let Some(inner) = first_named(cur).filter(|n| kind(*n) == "list") {
            spine.push(inner);
            cur = inner;
        }
        let mut items: Vec<(Option<AndOrOp>, Command)> = Vec::new();
        let mut op = None;
        for (level, list) in spine.iter().rev().enumerate() {
            let mut c = list.walk();
            let mut skip_inner = level > 0;
            for ch in list.children(&mut c) {
                if !ch.is_named() {
                    match kind(ch) {
                        "&&" => op = Some(AndOrOp::And),
                        "||" => op = Some(AndOrOp::Or),
                        _ => {}
                    }
                    continue;
                }
                if std::mem::take(&mut skip_inner) {
                    continue; // the inner list, already done
                }
                if let Some(cmd) = self.statement(ch) {
                    items.push((op.take(), cmd));
                }
            }
        }
        fold_chain(items, span)
    }

    /// A `command` node. Statements the grammar put where a word belongs (`coproc ( … )`) are
    /// kept as commands of an opaque node, with an issue.
    fn command(&mut self, node: Node) -> Command {
        // Most children are words: one allocation for the list.
        let count = node.named_child_count();
        let mut parts = CommandParts {
            cmd: SimpleCommand {
                assignments: Vec::new(),
                words: Vec::with_capacity(count),
                redirects: Vec::new(),
                span: self.span(node),
            },
            conts: Vec::new(),
            stray: Vec::new(),
            comment: false,
            timed: false,
            glue_end: None,
        };
        // End of the previous word node, to join words split by a line continuation.
        let mut last_word_end = None;
        // Most commands have a few words: indexing is cheaper than a TreeCursor then (no stack
        // to allocate), but it is quadratic, so long commands use the cursor.
        if usize::try_from(node.child_count()).is_ok_and(|n| n > count) {
            // An unnamed child: tree-sitter-bash reads a lone `$` argument (`echo $ 5`) as the
            // token `$`, and an argument `==` or `=~` (`env -u == rm`) as an operator token;
            // bash passes each as a word. Others (none known) are skipped.
            let mut c = node.walk();
            for ch in node.children(&mut c) {
                if ch.is_named() {
                    last_word_end = self.command_child(ch, last_word_end, &mut parts);
                } else if kind(ch) == "$"
                    && self.text(ch).len() > 1
                    && self.src.as_bytes().get(ch.end_byte()) == Some(&b'"')
                {
                    // `-$"rf"`: the token `-$` carries the text before a translated string;
                    // that text begins the string's word (bash reads `-rf`).
                    let mut word = Vec::new();
                    self.dollar_token(ch, true, &mut word);
                    let w = Word {
                        parts: word,
                        span: self.span(ch),
                    };
                    self.push_word(&mut parts.cmd.words, last_word_end, ch, w);
                    last_word_end = Some(ch.end_byte());
                } else if matches!(kind(ch), "==" | "=~")
                    || (kind(ch) == "$"
                        && self
                            .src
                            .as_bytes()
                            .get(ch.end_byte())
                            .is_none_or(|b| b.is_ascii_whitespace() || b";&|)<>".contains(b)))
                {
                    // (`$"…"`, a translated string, is the string's word.)
                    // (The `$` token may be written `\$` or carry text before it: `-$`.)
                    let mut word = Vec::new();
                    if kind(ch) == "$" {
                        self.dollar_token(ch, false, &mut word);
                    } else {
                        self.unquoted_text(ch.start_byte(), self.text(ch), &mut word);
                    }
                    let w = Word {
                        parts: word,
                        span: self.span(ch),
                    };
                    self.push_word(&mut parts.cmd.words, last_word_end, ch, w);
                    last_word_end = Some(ch.end_byte());
                }
            }
        } else if count <= 8 {
            for i in 0..count {
                let Some(ch) = u32::try_from(i).ok().and_then(|i| node.named_child(i)) else {
                    continue;
                };
                last_word_end = self.command_child(ch, last_word_end, &mut parts);
            }
        } else {
            let mut c = node.walk();
            for ch in node.named_children(&mut c) {
                last_word_end = self.command_child(ch, last_word_end, &mut parts);
            }
        }
        assemble_command(kind(node), parts)
    }

    /// bash's `time` keyword before a compound command (`time (ls; pwd)`): the grammar reads
    /// `time` as a command name and the compound as a statement where a word belongs (`time -p
    /// ( … )` is a parse error of the grammar, which asks). bash times the compound and runs
    /// nothing else (`TIMEFORMAT` is only a format), so the compound is the command. Only where bash reads the keyword: the words before it
    /// are exactly `time` (unquoted) and an optional `-p`, with no assignment or redirect
    /// (`x=1 time (…)` is a syntax error), the compound is the last child, and the command
    /// begins its pipeline (`a | time (…)` is a syntax error too).
    fn timed_compound(&self, ch: Node, parts: &CommandParts) -> bool {
        if ch.next_sibling().is_some()
            || !parts.cmd.assignments.is_empty()
            || !parts.cmd.redirects.is_empty()
            || !parts.stray.is_empty()
            || !parts.conts.is_empty()
            || parts.comment
        {
            return false;
        }
        let Some(cmd) = ch.parent() else {
            return false;
        };
        if let Some(up) = cmd.parent()
            && kind(up) == "pipeline"
            && up.named_child(0).is_none_or(|first| first.id() != cmd.id())
        {
            return false;
        }
        let mut c = cmd.walk();
        let mut before = cmd
            .children(&mut c)
            .take_while(|n| n.id() != ch.id())
            .map(|n| self.text(n));
        matches!(
            (before.next(), before.next(), before.next()),
            (Some("time"), None | Some("-p"), None)
        )
    }

    /// One child of a `command` node; returns the end of the word it was, if it was one.
    fn command_child(
        &mut self,
        ch: Node,
        last_word_end: Option<usize>,
        parts: &mut CommandParts,
    ) -> Option<usize> {
        let glue_end = parts.glue_end.take();
        match kind(ch) {
            "variable_assignment" if parts.cmd.words.is_empty() && self.assigns(ch) => {
                let a = self.assignment(ch);
                parts.cmd.assignments.push(a);
                parts.glue_end = Some(ch.end_byte());
                None
            }
            "variable_assignment" => {
                // Not an assignment to bash (`x=1 --opt=1 ls` runs `--opt=1`): a word.
                let w = self.assignment_word(ch);
                self.push_word(&mut parts.cmd.words, last_word_end, ch, w);
                Some(ch.end_byte())
            }
            "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                let r = self.redirect(ch);
                parts.cmd.redirects.extend(r.redirects);
                let extra = !r.extra.is_empty();
                parts.cmd.words.extend(r.extra);
                parts.conts.extend(r.conts);
                if !extra {
                    parts.glue_end = Some(ch.end_byte());
                }
                None
            }
            k if !is_statement_kind(k)
                && k != "comment"
                && let Some(gap) = self.word_gap(glue_end, ch.start_byte()) =>
            {
                let w = self.word(ch);
                self.glue_to_last(parts, gap, w, ch);
                parts.glue_end = Some(ch.end_byte());
                None
            }
            "comment" => {
                parts.comment = true;
                None
            }
            k if is_statement_kind(k) => {
                let timed = self.timed_compound(ch, parts);
                if !timed {
                    self.issue(
                        IssueKind::UnsupportedSyntax,
                        ch,
                        format!("a `{k}` where a word was expected"),
                    );
                }
                let stmt = self.statement(ch);
                parts.stray.extend(stmt);
                parts.timed = timed;
                None
            }
            _ => {
                // tree-sitter-bash can take a newline into a word or skip one between two
                // words (`echo a⏎\rm -rf ~` read as `echo a '⏎rm' -rf ~`, a word after a
                // comment): bash ends the command at that newline, and the next line is a
                // command of its own. Not a reading to trust.
                let starts_line = self.src.as_bytes().get(ch.start_byte()) == Some(&b'\n');
                let gap = last_word_end
                    .and_then(|e| self.src.get(e..ch.start_byte()))
                    .is_some_and(bare_newline);
                if starts_line || gap || parts.comment {
                    self.issue(
                        IssueKind::ParseError,
                        ch,
                        "a word on the line after its command: bash reads that line as another command"
                            .to_owned(),
                    );
                }
                // A `command_name` holding one word is that word.
                let only = if kind(ch) == "command_name" && ch.named_child_count() == 1 {
                    ch.named_child(0)
                } else {
                    None
                };
                let node = only.unwrap_or(ch);
                // tree-sitter-bash reads `[ ]`, `[ ]x` as one word (a bracket expression of a
                // blank); bash ends a word at an unescaped blank: `[` and `]x`.
                if kind(node) == "word" && unescaped_blank(self.text(node)) {
                    self.issue(
                        IssueKind::ParseError,
                        node,
                        "a word with an unescaped blank in it: bash reads two words".to_owned(),
                    );
                }
                let w = self.word(node);
                self.push_word(&mut parts.cmd.words, last_word_end, ch, w);
                Some(ch.end_byte())
            }
        }
    }

    /// A word node right after an assignment or a redirect, with nothing but escapes between
    /// (`y=$x\v`, `<<<"a"\b`): bash reads it as the rest of that value or target.
    fn glue_to_last(&mut self, parts: &mut CommandParts, gap: Vec<WordPart>, w: Word, ch: Node) {
        let redirect = parts.cmd.redirects.last_mut().filter(|r| {
            parts
                .cmd
                .assignments
                .last()
                .is_none_or(|a| a.span.end <= r.span.start)
        });
        let target = match redirect {
            Some(r) => match &mut r.target {
                RedirectTarget::Word(t) => {
                    r.span = r.span.cover(w.span);
                    Some(t)
                }
                RedirectTarget::Heredoc(_) => None,
            },
            None => match parts.cmd.assignments.last_mut() {
                Some(a) if a.array.is_empty() => {
                    a.span = a.span.cover(w.span);
                    Some(a.value.get_or_insert_with(|| Word {
                        parts: Vec::new(),
                        span: w.span,
                    }))
                }
                _ => None,
            },
        };
        match target {
            Some(t) => join_words(t, gap, w),
            None => self.issue(
                IssueKind::ParseError,
                ch,
                "a word right after an array assignment or a heredoc, with no blank between"
                    .to_owned(),
            ),
        }
    }

    /// Push a word, joining it to the previous one when bash reads the two as one word, and
    /// with the words and word starts the grammar skipped between them (see [`Self::gap`]).
    fn push_word(
        &self,
        words: &mut Vec<Word>,
        last_end: Option<usize>,
        node: Node,
        mut word: Word,
    ) {
        let gap = last_end.and_then(|end| self.gap(end, node.start_byte()));
        if let (Some(end), Some(_), Some(_)) = (last_end, words.last(), gap.as_ref()) {
            self.read_gaps.borrow_mut().push((end, node.start_byte()));
        }
        match (words.last_mut(), gap) {
            (Some(prev), Some(Gap::Join(parts))) => join_words(prev, parts, word),
            (
                Some(prev),
                Some(Gap::Split {
                    lead,
                    middle,
                    trail,
                }),
            ) => {
                if let Some(last) = lead.last() {
                    prev.span = prev.span.cover(part_span(last));
                    prev.parts.extend(lead);
                }
                words.extend(middle);
                if let Some(first) = trail.first() {
                    word.span = part_span(first).cover(word.span);
                    word.parts.splice(0..0, trail);
                }
                words.push(word);
            }
            _ => words.push(word),
        }
    }

    /// The text between a word node ending at `last_end` and the next one starting at `start`,
    /// as parts of one word, when bash reads the two nodes as one word (nothing but escapes
    /// between them; see [`Self::gap`]).
    fn word_gap(&self, last_end: Option<usize>, start: usize) -> Option<Vec<WordPart>> {
        let end = last_end?;
        match self.gap(end, start)? {
            Gap::Join(parts) => {
                self.read_gaps.borrow_mut().push((end, start));
                Some(parts)
            }
            Gap::Split { .. } => None,
        }
    }

    /// An escaped blank (`\ `, `\<tab>`) is a character of a word to bash, but one of the
    /// grammar's extras, skipped like a blank, outside a word node: `\  ls` runs the program
    /// ` `, `echo x | tee \ ;` writes the file ` `. Those between two words of a command are
    /// read by [`Self::gap`]; any other one (before a command's first word, after its last,
    /// after an assignment or a redirect) is a parse error, so the line is never allowed.
    fn skipped_escaped_blanks(&mut self, root: Node) {
        let b = self.src.as_bytes();
        let read = std::mem::take(&mut *self.read_gaps.borrow_mut());
        let mut run = 0usize;
        for (i, &c) in b.iter().enumerate() {
            let escaped = run % 2 == 1;
            run = if c == b'\\' { run + 1 } else { 0 };
            if !escaped || !matches!(c, b' ' | b'\t') {
                continue;
            }
            let at = i - 1;
            let inside_token = root
                .descendant_for_byte_range(at, i + 1)
                .is_none_or(|n| n.child_count() == 0);
            if inside_token || read.iter().any(|&(s, e)| s <= at && i < e) {
                continue;
            }
            self.issues.push(SyntaxIssue {
                kind: IssueKind::ParseError,
                span: self.map.map(at, i + 1),
                detail: "an escaped blank outside a word: bash reads it as a word (or part of \
                         one), tree-sitter-bash skips it like a blank"
                    .to_owned(),
            });
            return;
        }
    }

    /// What bash reads in the text between two word nodes that the grammar left out: it splits
    /// `r\<newline>m` in two, ends a word before a backslash escape that follows an expansion
    /// or a quoted string (`"$x"\w`, `${x}\w`, `'/etc/shado'\w`, with nothing between the
    /// nodes), and skips escaped blanks at a word's edge (`$x\ y`, `\ 'a'`) or a word of
    /// nothing else (`flock \  rm`: bash passes the lock file ` `). `None` when the gap holds
    /// anything but blanks and escapes (a newline, a comment: judged elsewhere).
    fn gap(&self, end: usize, start: usize) -> Option<Gap> {
        let text = self.src.get(end..start)?;
        // Runs of escapes, split at unescaped blanks; whether the gap starts and ends with one.
        let mut runs: Vec<Vec<WordPart>> = vec![Vec::new()];
        let (mut leads, mut trails) = (true, true);
        let mut chars = text.char_indices();
        while let Some((i, c)) = chars.next() {
            let blank = matches!(c, ' ' | '\t');
            leads &= i > 0 || !blank;
            trails = !blank;
            if blank {
                if runs.last().is_some_and(|r| !r.is_empty()) {
                    runs.push(Vec::new());
                }
                continue;
            }
            let (j, e) = chars.next().filter(|_| c == '\\')?;
            let span = self.map.map(end + i, end + j + e.len_utf8());
            let part = if e == '\n' {
                WordPart::LineContinuation { span }
            } else {
                WordPart::Literal {
                    text: e.to_string().into(),
                    quoting: crate::ast::Quoting::Escaped,
                    span,
                }
            };
            if let Some(run) = runs.last_mut() {
                run.push(part);
            }
        }
        if leads && trails && runs.len() == 1 {
            return runs.pop().map(Gap::Join);
        }
        if runs.last().is_some_and(Vec::is_empty) {
            runs.pop();
        }
        let trail = if trails {
            runs.pop().unwrap_or_default()
        } else {
            Vec::new()
        };
        let lead = if leads && !runs.is_empty() {
            runs.remove(0)
        } else {
            Vec::new()
        };
        // A run of line continuations alone is no word (`a \<newline> b`).
        let middle = runs
            .into_iter()
            .filter(|r| r.iter().any(|p| matches!(p, WordPart::Literal { .. })))
            .filter_map(|parts| {
                let span = part_span(parts.first()?).cover(part_span(parts.last()?));
                Some(Word { parts, span })
            })
            .collect();
        Some(Gap::Split {
            lead,
            middle,
            trail,
        })
    }

    /// tree-sitter-bash ends any statement with `;;`; bash reads it only as the end of a case
    /// item and refuses the line anywhere else (`echo x;; id`, `if a; then b;; fi`).
    fn stray_double_semicolons(&mut self, root: Node, src: &str) {
        let mut from = 0;
        while let Some(k) = src.get(from..).and_then(|rest| rest.find(";;")) {
            let at = from + k;
            from = at + 2;
            let Some(n) = root.descendant_for_byte_range(at, at + 2) else {
                continue;
            };
            if kind(n) == ";;" && n.parent().is_none_or(|p| kind(p) != "case_item") {
                self.issue(
                    IssueKind::ParseError,
                    n,
                    "`;;` outside a case item".to_owned(),
                );
            }
        }
    }

    /// Words after the redirect of a compound command (`{ …; } > f x`): bash rejects them.
    fn stray_words(&mut self, words: &[Word]) {
        if let (Some(first), Some(last)) = (words.first(), words.last()) {
            self.issues.push(SyntaxIssue {
                kind: IssueKind::ParseError,
                span: first.span.cover(last.span),
                detail: "words after the redirect of a compound command".to_owned(),
            });
        }
    }

    fn declaration(&mut self, node: Node) -> Command {
        let span = self.span(node);
        let mut words = Vec::new();
        let mut last_end = None;
        let mut c = node.walk();
        for ch in node.children(&mut c) {
            if !ch.is_named() {
                last_end = None;
                let kw = kind(ch);
                if matches!(
                    kw,
                    "declare" | "typeset" | "export" | "readonly" | "local" | "unset" | "unsetenv"
                ) {
                    words.push(Word {
                        parts: vec![WordPart::Literal {
                            text: kw.to_owned().into(),
                            quoting: crate::ast::Quoting::Unquoted,
                            span: self.span(ch),
                        }],
                        span: self.span(ch),
                    });
                }
                continue;
            }
            if kind(ch) == "variable_assignment" {
                let w = self.assignment_word(ch);
                self.push_word(&mut words, last_end, ch, w);
            } else if kind(ch) != "comment" {
                let w = self.word(ch);
                self.push_word(&mut words, last_end, ch, w);
            }
            last_end = Some(ch.end_byte());
        }
        Command::Simple(SimpleCommand {
            assignments: Vec::new(),
            words,
            redirects: Vec::new(),
            span,
        })
    }

    fn assignment(&mut self, node: Node) -> Assignment {
        let span = self.span(node);
        let mut name = String::new();
        let mut value = None;
        let mut array = Vec::new();
        let mut index = Vec::new();
        let mut append = false;
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            match node.field_name_for_child(i as u32) {
                None if kind(ch) == "+=" => append = true,
                Some("name") => {
                    name = self.text(ch).to_owned();
                    if kind(ch) == "subscript" {
                        index.extend(self.subscript_index(ch));
                    }
                }
                Some("value") => {
                    if kind(ch) == "array" {
                        let mut ac = ch.walk();
                        let mut last_end = None;
                        for el in ch.named_children(&mut ac) {
                            if kind(el) == "comment" {
                                last_end = None;
                            } else {
                                let w = self.word(el);
                                self.push_word(&mut array, last_end, el, w);
                                last_end = Some(el.end_byte());
                            }
                        }
                    } else {
                        value = Some(self.word(ch));
                    }
                }
                _ => {}
            }
        }
        Assignment {
            name,
            index,
            value,
            array,
            append,
            span,
        }
    }

    /// The index word of a `subscript` node (`a[…]`).
    fn subscript_index(&mut self, node: Node) -> Option<Word> {
        self.comment_in_subscript(node);
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            if node.field_name_for_child(i as u32) == Some("index") {
                return Some(self.word(ch));
            }
        }
        None
    }

    /// `a[1 # $(cmd)⏎]=x`: tree-sitter-bash reads a comment inside the subscript; bash reads
    /// the whole subscript as arithmetic, expanding the text after the `#` (running its
    /// substitutions) before the expression fails.
    fn comment_in_subscript(&mut self, node: Node) {
        let mut c = node.walk();
        if let Some(comment) = node.children(&mut c).find(|ch| kind(*ch) == "comment") {
            self.issue(
                IssueKind::ParseError,
                comment,
                "a `#` inside an array subscript: bash reads no comment there, and runs the \
                 substitutions after it before the expression fails"
                    .to_owned(),
            );
        }
    }

    /// `NAME=value` inside `export`/`declare`, as one word (name, `=`, value parts).
    fn assignment_word(&mut self, node: Node) -> Word {
        let span = self.span(node);
        let mut parts = Vec::new();
        let mut c = node.walk();
        let mut value_seen = false;
        for (i, ch) in node.children(&mut c).enumerate() {
            match node.field_name_for_child(i as u32) {
                Some("value") => {
                    value_seen = true;
                    if kind(ch) == "array" {
                        // `arr=(a b)` reaches `declare` as the text `arr=(a b)`.
                        let mut ac = ch.walk();
                        let mut prev_end = None;
                        for el in ch.children(&mut ac) {
                            if kind(el) == "comment" {
                                continue;
                            }
                            if el.is_named() {
                                if let Some(end) = prev_end {
                                    parts.push(WordPart::Literal {
                                        text: " ".to_owned().into(),
                                        quoting: crate::ast::Quoting::Unquoted,
                                        span: self.map.map(end, el.start_byte()),
                                    });
                                }
                                parts.extend(self.word(el).parts);
                                prev_end = Some(el.end_byte());
                            } else {
                                parts.push(WordPart::Literal {
                                    text: self.text(el).to_owned().into(),
                                    quoting: crate::ast::Quoting::Unquoted,
                                    span: self.span(el),
                                });
                            }
                        }
                    } else {
                        parts.extend(self.word(ch).parts);
                    }
                }
                Some("name") if kind(ch) == "subscript" => {
                    // `a[$(cmd)]=x`: the subscript is expanded, so its parts are kept.
                    self.comment_in_subscript(ch);
                    let mut sc = ch.walk();
                    for (j, piece) in ch.children(&mut sc).enumerate() {
                        if ch.field_name_for_child(j as u32) == Some("index") {
                            parts.extend(self.word(piece).parts);
                        } else {
                            parts.push(WordPart::Literal {
                                text: self.text(piece).to_owned().into(),
                                quoting: crate::ast::Quoting::Unquoted,
                                span: self.span(piece),
                            });
                        }
                    }
                }
                _ if !value_seen => parts.push(WordPart::Literal {
                    text: self.text(ch).to_owned().into(),
                    quoting: crate::ast::Quoting::Unquoted,
                    span: self.span(ch),
                }),
                _ => {}
            }
        }
        Word { parts, span }
    }

    /// A statement with redirects. The children are lowered here, the command is assembled in
    /// [`Lowerer::assemble_redirected`], to keep this frame small on the recursion.
    fn redirected(&mut self, node: Node) -> Command {
        let mut body = None;
        let mut parts = Box::<RedirectParts>::default();
        let mut redirects = Vec::new();
        // The start of a here-string's `<<` the grammar left as an ERROR before its `<`.
        let mut herestring: Option<usize> = None;
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            if !ch.is_named() {
                continue;
            }
            if node.field_name_for_child(i as u32) == Some("body") {
                body = self.statement(ch);
            } else if self.is_split_herestring(ch) {
                herestring = Some(ch.start_byte());
            } else if matches!(
                kind(ch),
                "file_redirect" | "heredoc_redirect" | "herestring_redirect"
            ) {
                let mut p = self.redirect(ch);
                if let (Some(start), Some(first)) = (herestring.take(), p.redirects.first_mut()) {
                    first.op = "<<<".to_owned();
                    first.span = self.map.map(start, start).cover(first.span);
                }
                redirects.extend(p.redirects);
                parts.extra.extend(p.extra);
                parts.conts.extend(p.conts);
            } else if let Some(cmd) = self.statement(ch) {
                // Anything else here is a statement the grammar attached oddly; keep it.
                parts.conts.push(Continuation::And(cmd));
            }
        }
        parts.redirects = redirects;
        self.assemble_redirected(body, *parts, self.span(node))
    }

    fn assemble_redirected(
        &mut self,
        body: Option<Command>,
        parts: RedirectParts,
        span: Span,
    ) -> Command {
        let RedirectParts {
            redirects,
            conts,
            extra,
        } = parts;
        let mut cmd = match body {
            Some(Command::Simple(mut s)) => {
                s.redirects.extend(redirects);
                s.words.extend(extra);
                s.span = span;
                fd_words(&mut s);
                Command::Simple(s)
            }
            // `f() { sh; } <<EOF`: the redirects are part of the definition and apply each
            // time the function runs (tree-sitter-bash puts a heredoc outside the definition,
            // a here-string inside it).
            Some(Command::Function {
                name,
                body,
                span: def_span,
            }) if !redirects.is_empty() => {
                self.stray_words(&extra);
                Command::Function {
                    name,
                    body: Box::new(Command::Redirected {
                        body,
                        redirects,
                        span: def_span,
                    }),
                    span,
                }
            }
            // `a && b > f`, `a | b < f`, `! b > f`: tree-sitter-bash redirects the whole
            // list, pipeline or negation; bash redirects its last command (`cat x | sh <
            // <(curl …)`: sh reads curl's output, not cat's; `! true {fd}>&1` opens a
            // descriptor named by `fd` for `true`).
            Some(
                mut other @ (Command::AndOr { .. }
                | Command::Pipeline { .. }
                | Command::Negated { .. }),
            ) => {
                let stray = redirect_last(&mut other, redirects, extra, span.end);
                self.stray_words(&stray);
                other
            }
            Some(other) => {
                self.stray_words(&extra);
                Command::Redirected {
                    body: Box::new(other),
                    redirects,
                    span,
                }
            }
            None => Command::Simple(SimpleCommand {
                assignments: Vec::new(),
                words: extra,
                redirects,
                span,
            }),
        };
        for cont in conts {
            cmd = attach(cmd, cont);
        }
        cmd
    }

    /// Lower a redirect node: the redirect, what the grammar nested inside it that really
    /// follows the command on the same line (after a heredoc start, or after an operator the
    /// grammar could not place: `> f; rm x`), and words after the target, which bash passes to
    /// the command (`sudo > /dev/null rm x` runs `sudo rm x`).
    fn redirect(&mut self, node: Node) -> RedirectParts {
        let mut st = Box::new(RedirectState {
            target_end: node.end_byte(),
            last_end: node.end_byte(),
            ..RedirectState::default()
        });
        let mut c = node.walk();
        for (i, ch) in node.children(&mut c).enumerate() {
            self.redirect_child(node, i, ch, &mut st);
        }
        self.finish_redirect(node, *st)
    }

    /// One child of a redirect node. Its own function, as are the start and the end of the
    /// redirect, so that the frame on the recursion through substitutions in redirect targets
    /// stays small in debug builds.
    fn redirect_child<'t>(
        &mut self,
        node: Node,
        i: usize,
        ch: Node<'t>,
        st: &mut RedirectState<'t>,
    ) {
        let field = node.field_name_for_child(i as u32);
        if !ch.is_named() {
            let k = kind(ch);
            if matches!(k, "&&" | "||" | "|" | "|&") && kind(node) == "heredoc_redirect" {
                st.pending_op = Some(k);
            } else if st.op.is_empty() || field != Some("operator") {
                if st.op.is_empty() {
                    st.op = self.text(ch).to_owned();
                    if matches!(k, ">&-" | "<&-") {
                        st.target_end = ch.end_byte();
                    }
                }
            } else {
                st.pending_op = Some(k);
            }
            return;
        }
        match kind(ch) {
            "file_descriptor" => st.fd = Some(self.text(ch).to_owned()),
            "heredoc_start" => st.heredoc_start = Some(ch),
            "heredoc_body" => st.heredoc_body = Some(ch),
            "heredoc_end" => st.heredoc_end = Some(ch),
            // `<<< #x⏎rm …`: bash reads `#x` as a comment, so the redirect has no word and the
            // line is rejected; tree-sitter-bash takes the next line's first word instead.
            "comment" if kind(node) != "heredoc_redirect" => self.issue(
                IssueKind::ParseError,
                ch,
                "a comment where the redirection's word belongs: bash rejects the line".to_owned(),
            ),
            "comment" => {}
            "ERROR" if self.is_split_herestring(ch) => st.op = "<<<".to_owned(),
            "ERROR" => {
                if st.error_op.is_none() {
                    st.error_op = Some(self.text(ch).trim().to_owned());
                }
            }
            "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                let parts = self.redirect(ch);
                st.nested.extend(parts.redirects);
                st.out.conts.extend(parts.conts);
                st.out.extra.extend(parts.extra);
            }
            k if kind(node) == "heredoc_redirect"
                && matches!(
                    k,
                    "pipeline"
                        | "list"
                        | "command"
                        | "redirected_statement"
                        | "subshell"
                        | "compound_statement"
                ) =>
            {
                let inner = self.heredoc_continuation(ch, st.pending_op);
                st.out.conts.extend(inner);
            }
            _ => {
                if field == Some("descriptor") {
                    st.fd = Some(self.text(ch).to_owned());
                } else if st.error_op.is_some() {
                    st.after_error.push(self.word(ch));
                } else if st.target.is_none()
                    && st.out.extra.is_empty()
                    && matches!(st.op.as_str(), ">&-" | "<&-")
                {
                    // `>&-` and `<&-` close a descriptor and take no word: bash reads the word
                    // after them, even one glued to the `-` (`2>&-x`), as the command's (`cat
                    // 2>&- /etc/shadow` prints the file); tree-sitter-bash as the redirect's
                    // target.
                    st.out.extra.push(self.word(ch));
                    st.last_end = ch.end_byte();
                } else if st.target.is_none() && kind(node) != "heredoc_redirect" {
                    // A heredoc has no target word: the words the grammar nests after its
                    // delimiter (`cat <<EOF $(rm -rf ~)`, `cat <<EOF ~/.ssh/id_rsa`) are all
                    // arguments of the command, the first one included.
                    if newline_before_word(self.src, node.start_byte(), ch.start_byte()) {
                        self.issue(
                            IssueKind::ParseError,
                            ch,
                            "a newline between a redirection and its word: bash rejects the line"
                                .to_owned(),
                        );
                    }
                    st.target = Some(self.word(ch));
                    st.target_end = ch.end_byte();
                    st.last_end = ch.end_byte();
                } else {
                    let w = self.word(ch);
                    // Nothing to join the first word after a heredoc's delimiter to.
                    let gap = if st.out.extra.is_empty() && st.target.is_none() {
                        None
                    } else {
                        self.word_gap(Some(st.last_end), ch.start_byte())
                    };
                    match (st.out.extra.last_mut(), st.target.as_mut(), gap) {
                        (Some(prev), _, Some(gap)) => join_words(prev, gap, w),
                        (None, Some(prev), Some(gap)) => {
                            join_words(prev, gap, w);
                            st.target_end = ch.end_byte();
                        }
                        _ => st.out.extra.push(w),
                    }
                    st.last_end = ch.end_byte();
                }
            }
        }
    }

    fn finish_redirect(&mut self, node: Node, st: RedirectState) -> RedirectParts {
        let RedirectState {
            mut out,
            nested,
            mut op,
            fd,
            target,
            heredoc_start,
            heredoc_body,
            heredoc_end,
            error_op,
            after_error,
            target_end,
            ..
        } = st;
        if let Some(cont) = error_continuation(error_op.as_deref(), after_error) {
            out.conts.push(cont);
        }
        if kind(node) == "heredoc_redirect" {
            if op.is_empty() {
                op = "<<".to_owned();
            }
            self.check_heredoc_line(node, heredoc_start, heredoc_body.or(heredoc_end));
            self.check_heredoc_end(&op, heredoc_start, heredoc_body, heredoc_end);
            let r = self.heredoc(op, fd, heredoc_start, heredoc_body, self.span(node));
            out.redirects.push(r);
            out.redirects.extend(nested);
            return out;
        }
        // The redirect ends at its target, not at the words the grammar put after it.
        let span = self.map.map(node.start_byte(), target_end);
        let target = target.unwrap_or(Word {
            parts: Vec::new(),
            span,
        });
        if op.is_empty() {
            op = if kind(node) == "herestring_redirect" {
                "<<<".to_owned()
            } else {
                ">".to_owned()
            };
        }
        out.redirects.push(Redirect {
            op,
            fd,
            target: RedirectTarget::Word(target),
            span,
        });
        out.redirects.extend(nested);
        out
    }

    /// A statement the grammar nested inside a heredoc redirect (the rest of the line after the
    /// heredoc start), with the operator that joins it to the command.
    fn heredoc_continuation(&mut self, ch: Node, pending_op: Option<&str>) -> Option<Continuation> {
        if kind(ch) == "pipeline" && pending_op.is_none() {
            // `| cmd…` parsed as a pipeline whose first token is the `|`.
            let first = ch.child(0).map(|f| kind(f).to_owned());
            let mut stages = Vec::new();
            let mut pc = ch.walk();
            for st in ch.named_children(&mut pc) {
                stages.extend(self.statement(st));
            }
            let piped = matches!(first.as_deref(), Some("|" | "|&"));
            let cmd = if stages.len() == 1 {
                stages.pop()
            } else {
                Some(Command::Pipeline {
                    stages,
                    span: self.span(ch),
                })
            };
            cmd.map(|c| {
                if piped {
                    Continuation::Pipe(c)
                } else {
                    Continuation::And(c)
                }
            })
        } else {
            self.statement(ch).map(|c| match pending_op {
                Some("||") => Continuation::Or(c),
                Some("|" | "|&") => Continuation::Pipe(c),
                _ => Continuation::And(c),
            })
        }
    }

    /// Record a parse error when bash may start this heredoc's body elsewhere than
    /// tree-sitter-bash does. bash reads the body from the line after the newline that ends the
    /// command line holding the operator: a backslash-newline joins the next line to that
    /// command line first, and a newline inside quotes does not end it. tree-sitter-bash starts
    /// the body at the first newline its heredoc scanner meets, and can read the lines of a
    /// body as words of the command (`cat <<-'EOF'⏎\$x⏎\$x⏎EOF`). So between the delimiter word
    /// and tree-sitter's body there must be no backslash-newline and, outside quoted strings,
    /// exactly one newline, followed by nothing but blanks.
    fn check_heredoc_line(&mut self, node: Node, start: Option<Node>, body: Option<Node>) {
        let Some(start) = start else {
            return;
        };
        let from = start.end_byte();
        let to = body.map_or(node.end_byte(), |b| b.start_byte()).max(from);
        let mut quoted = Vec::new();
        quoted_ranges(node, from, to, &mut quoted);
        let bytes = self.src.as_bytes();
        let mut newlines = Vec::new();
        let mut joined = false;
        let mut i = from;
        while i < to {
            if let Some(&(_, e)) = quoted.iter().find(|(s, e)| *s <= i && i < *e) {
                i = e;
                continue;
            }
            match bytes[i] {
                b'\\' if bytes.get(i + 1) == Some(&b'\n') => joined = true,
                b'\\' => i += 1,
                b'\n' => newlines.push(i),
                _ => {}
            }
            i += 1;
        }
        let blanks_after = |n: usize| {
            self.src
                .get(n + 1..to)
                .is_some_and(|t| t.bytes().all(|b| b == b' ' || b == b'\t'))
        };
        let one_line = match newlines.as_slice() {
            [] => body.is_none(),
            [n] => blanks_after(*n),
            _ => false,
        };
        if joined || !one_line {
            self.issue(
                IssueKind::ParseError,
                start,
                "a heredoc whose body tree-sitter-bash may start at another line than bash \
                 (a backslash-newline or a newline before the body it reads)"
                    .to_owned(),
            );
        }
    }

    /// Record a parse error when bash would end this heredoc's body elsewhere than
    /// tree-sitter-bash does, or when the delimiter word is not one whose reading is modelled.
    fn check_heredoc_end(
        &mut self,
        op: &str,
        start: Option<Node>,
        body: Option<Node>,
        end: Option<Node>,
    ) {
        let Some(start) = start else {
            return;
        };
        // `a <<EOF |⏎BODY⏎EOF⏎ b`: the pipeline or list goes on after the body (bash prints
        // heredocs this way); tree-sitter-bash loses the commands after it.
        let rest = self.src[start.end_byte()..]
            .split('\n')
            .next()
            .unwrap_or_default();
        let rest = rest.trim_end();
        if rest.ends_with('|') || rest.ends_with("&&") || rest.ends_with("|&") {
            self.issue(
                IssueKind::ParseError,
                start,
                "a pipeline or list that goes on after the heredoc's body: tree-sitter-bash \
                 does not read it as bash does"
                    .to_owned(),
            );
        }
        let Some((delim, quoted)) = super::heredoc::delimiter(self.text(start)) else {
            self.issue(
                IssueKind::ParseError,
                start,
                "a heredoc delimiter whose reading by bash is not modelled (`$`, a backquote, \
                 an open quote, an unquoted operator character)"
                    .to_owned(),
            );
            return;
        };
        let from = match (body, end) {
            (Some(b), _) => b.start_byte(),
            (None, Some(e)) => self.src[..e.start_byte()].rfind('\n').map_or(0, |n| n + 1),
            (None, None) => match self.src[start.end_byte()..].find('\n') {
                Some(n) => start.end_byte() + n + 1,
                None => return,
            },
        };
        let len = self.src.len();
        let bash =
            super::heredoc::body_end(self.src, from, &delim, quoted, op == "<<-").unwrap_or(len);
        let ts = end.map_or(len, |e| e.end_byte());
        // Trailing blanks of tree-sitter's end token are not part of the delimiter line.
        let ts_line_end = self.src[ts..].find('\n').map_or(len, |n| ts + n);
        if bash != ts || ts_line_end != ts {
            self.issue(
                IssueKind::ParseError,
                start,
                format!(
                    "bash ends this heredoc body at another line than tree-sitter-bash does \
                     (delimiter `{delim}`)"
                ),
            );
        }
    }

    /// The heredoc redirect: the delimiter (quoted or not) and the body.
    fn heredoc(
        &mut self,
        op: String,
        fd: Option<String>,
        start: Option<Node>,
        body: Option<Node>,
        span: Span,
    ) -> Redirect {
        let delim_raw = start.map(|n| self.text(n)).unwrap_or_default();
        let (delimiter, quoted) = super::heredoc::delimiter(delim_raw).unwrap_or_else(|| {
            (
                delim_raw
                    .chars()
                    .filter(|c| !matches!(c, '\'' | '"' | '\\'))
                    .collect(),
                delim_raw.contains(['\'', '"', '\\']),
            )
        });
        let body = match body {
            Some(b) if quoted => self.literal_word(b, crate::ast::Quoting::Single),
            Some(b) => self.heredoc_body(b),
            None => Word {
                parts: Vec::new(),
                span,
            },
        };
        Redirect {
            op,
            fd,
            target: RedirectTarget::Heredoc(Heredoc {
                delimiter,
                quoted,
                body,
            }),
            span,
        }
    }

    /// Words inside `[[ … ]]` / `[ … ]`: every operand, so that static tests are visible and
    /// expansions are analysed.
    ///
    /// A word starting with `#` there begins a comment for bash as anywhere else, which
    /// leaves the `[[` open; tree-sitter-bash may then close it with a `]]` of a later line
    /// and read the lines between as operands: any comment inside is a parse error.
    fn test_words(&mut self, node: Node) -> Vec<Word> {
        if !self.test_brackets_are_words(node) {
            self.issue(
                IssueKind::ParseError,
                node,
                "a bracket of this test is not a word of its own: bash reads `[id]` as a glob \
                 that names the program, and `[x ]` runs `[x`"
                    .to_owned(),
            );
        }
        let single = !self.text(node).starts_with("[[");
        let mut cursor = node.walk();
        'walk: loop {
            let n = cursor.node();
            if kind(n) == "comment" {
                self.issue(
                    IssueKind::ParseError,
                    n,
                    "a comment inside a test command: bash reads the rest of the line as the \
                     comment, tree-sitter-bash may end the test on a later line"
                        .to_owned(),
                );
                break;
            }
            // `[ a > b ]`: `[` is a command like any other, and bash reads `>`, `<`, `>>`, `&>`…
            // in its words as redirections (`[ x > ~/.bashrc ]` empties the file);
            // tree-sitter-bash reads a comparison.
            let redirect = matches!(
                kind(n),
                "file_redirect"
                    | "heredoc_redirect"
                    | "herestring_redirect"
                    | "redirected_statement"
            ) || (!n.is_named()
                && kind(n).contains(['<', '>'])
                && kind(n)
                    .bytes()
                    .all(|b| matches!(b, b'<' | b'>' | b'&' | b'|' | b'-')));
            if single && redirect {
                self.issue(
                    IssueKind::ParseError,
                    n,
                    "a redirection operator inside `[ … ]`: bash reads `[ a > b ]` as `[ a ]` \
                     writing to the file `b`, tree-sitter-bash as a comparison"
                        .to_owned(),
                );
                break;
            }
            // `[ a | cat f ]`, `[ a || cmd ]`, `[ a & cmd ]`: bash ends the `[` command at a
            // control operator and runs what follows; tree-sitter-bash reads an operator of
            // the test's expression. A parenthesis unescaped there is a syntax error to bash.
            if single
                && !n.is_named()
                && kind(n).contains(['|', '&', ';', '(', ')'])
                && !within_quotes_or_expansion(n, node)
            {
                self.issue(
                    IssueKind::ParseError,
                    n,
                    "a control operator or parenthesis inside `[ … ]`: bash ends the `[` \
                     command there (`[ a | cat f ]` runs `cat f ]`), tree-sitter-bash reads an \
                     operator of the test"
                        .to_owned(),
                );
                break;
            }
            let substitution = matches!(kind(n), "command_substitution" | "process_substitution");
            if !substitution && cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    continue 'walk;
                }
                if !cursor.goto_parent() || cursor.node() == node {
                    break 'walk;
                }
            }
        }
        self.embedded_words(node)
    }

    /// Are the opening `[`/`[[` and the closing `]`/`]]` of a test words of their own, as bash
    /// needs them to be a test? A blank after the opening one, a blank before the closing one,
    /// and the end of the line, a blank or an operator after it. tree-sitter-bash also reads
    /// `[id]` (a glob in command position), `[ x]` and `[x ]` as tests.
    fn test_brackets_are_words(&self, node: Node) -> bool {
        let text = self.text(node);
        let (open, close) = if text.starts_with("[[") {
            ("[[", "]]")
        } else {
            ("[", "]")
        };
        let blank = |b: Option<u8>| matches!(b, Some(b' ' | b'\t' | b'\n'));
        let bytes = self.src.as_bytes();
        let end = node.end_byte();
        text.starts_with(open)
            && text.ends_with(close)
            && text.len() > open.len() + close.len()
            && blank(text.as_bytes().get(open.len()).copied())
            && blank(
                text.len()
                    .checked_sub(close.len() + 1)
                    .and_then(|i| text.as_bytes().get(i).copied()),
            )
            && (end >= bytes.len()
                || matches!(
                    bytes.get(end),
                    Some(b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b')' | b'<' | b'>')
                ))
    }
}

/// The byte ranges, within `from..to`, of the quoted strings (`"…"`, `'…'`, `$'…'`, `$"…"`)
/// under `node`: newlines inside them do not end a command line.
fn quoted_ranges(node: Node, from: usize, to: usize, out: &mut Vec<(usize, usize)>) {
    let mut c = node.walk();
    for ch in node.children(&mut c) {
        if ch.end_byte() <= from || ch.start_byte() >= to {
            continue;
        }
        if matches!(
            kind(ch),
            "string" | "raw_string" | "ansi_c_string" | "translated_string"
        ) {
            out.push((ch.start_byte(), ch.end_byte()));
        } else {
            quoted_ranges(ch, from, to, out);
        }
    }
}

/// The words of `text` split at blanks that are not backslash-escaped, with their offsets.
fn split_unescaped_blanks(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        if c == ' ' || c == '\t' {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
            continue;
        }
        escaped = c == '\\';
        start.get_or_insert(i);
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// The words after an ERROR inside a file redirect (`> f; rm x`), as the command they are,
/// joined by the operator the ERROR held.
/// Whether `src[from..to]` (a redirection's descriptor and operator, up to its word) holds a
/// newline that is not a line continuation. tree-sitter-bash skips it and takes the next line's
/// first word as the target (`cat <⏎file`); bash ends the command there and rejects the line.
fn newline_before_word(src: &str, from: usize, to: usize) -> bool {
    let b = src.as_bytes();
    (from..to.min(b.len())).any(|i| b[i] == b'\n' && (i == 0 || b[i - 1] != b'\\'))
}

fn error_continuation(error_op: Option<&str>, words: Vec<Word>) -> Option<Continuation> {
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return None;
    };
    let cmd = Command::Simple(SimpleCommand {
        assignments: Vec::new(),
        span: first.span.cover(last.span),
        words,
        redirects: Vec::new(),
    });
    Some(match error_op {
        Some("|" | "|&") => Continuation::Pipe(cmd),
        Some("||") => Continuation::Or(cmd),
        _ => Continuation::And(cmd),
    })
}

/// Re-attach what the grammar nested inside a heredoc redirect.
/// Give `redirects` (and the words after their targets) to the last command of a list or
/// pipeline, as bash reads `a && b > f`; every command on the way ends at `end`. Returns the
/// words when that last command is compound (`a && { b; } > f x`), which bash rejects.
fn redirect_last(
    cmd: &mut Command,
    redirects: Vec<Redirect>,
    extra: Vec<Word>,
    end: usize,
) -> Vec<Word> {
    match cmd {
        Command::AndOr { right, span, .. } => {
            span.end = span.end.max(end);
            redirect_last(right, redirects, extra, end)
        }
        Command::Pipeline { stages, span } => {
            span.end = span.end.max(end);
            match stages.last_mut() {
                Some(last) => redirect_last(last, redirects, extra, end),
                None => extra,
            }
        }
        Command::Negated { body, span } => {
            span.end = span.end.max(end);
            redirect_last(body, redirects, extra, end)
        }
        Command::Simple(s) => {
            s.redirects.extend(redirects);
            s.words.extend(extra);
            s.span.end = s.span.end.max(end);
            fd_words(s);
            Vec::new()
        }
        other => {
            let body = std::mem::replace(
                other,
                Command::Group {
                    body: Vec::new(),
                    span: Span::default(),
                },
            );
            let start = body.span().start;
            *other = Command::Redirected {
                body: Box::new(body),
                redirects,
                span: Span::new(start, end.max(start)),
            };
            extra
        }
    }
}

fn attach(cmd: Command, cont: Continuation) -> Command {
    match cont {
        Continuation::Pipe(next) => {
            // The grammar also swallows `&& x` after the piped command: `cat <<E | bash && x`
            // yields `| (bash && x)`; bash means `(cat | bash) && x`.
            match next {
                Command::AndOr {
                    left,
                    op,
                    right,
                    span,
                } => {
                    let piped = pipe(cmd, *left);
                    let s = piped.span().cover(span);
                    Command::AndOr {
                        left: Box::new(piped),
                        op,
                        right,
                        span: s,
                    }
                }
                other => pipe(cmd, other),
            }
        }
        Continuation::And(next) => and_or(cmd, AndOrOp::And, next),
        Continuation::Or(next) => and_or(cmd, AndOrOp::Or, next),
    }
}

fn pipe(first: Command, next: Command) -> Command {
    let span = first.span().cover(next.span());
    let mut stages = vec![first];
    match next {
        Command::Pipeline { stages: more, .. } => stages.extend(more),
        other => stages.push(other),
    }
    Command::Pipeline { stages, span }
}

/// Links of an and-or list lowered left-nested, as bash groups them; longer lists are balanced.
const CHAIN_NESTED: usize = 32;

/// Fold the commands of an and-or list, in order: left-nested as bash groups them up to
/// [`CHAIN_NESTED`] links, balanced beyond.
fn fold_chain(mut items: Vec<(Option<AndOrOp>, Command)>, span: Span) -> Command {
    if items.len() <= CHAIN_NESTED {
        let mut it = items.into_iter();
        let Some((_, first)) = it.next() else {
            return Command::Group {
                body: Vec::new(),
                span,
            };
        };
        return it.fold(first, |l, (op, r)| join(l, op, r));
    }
    // Pairwise rounds: each halves the list and keeps the order.
    while items.len() > 1 {
        let mut next = Vec::with_capacity(items.len().div_ceil(2));
        let mut it = items.into_iter();
        while let Some((op_l, l)) = it.next() {
            next.push(match it.next() {
                Some((op, r)) => (op_l, join(l, op, r)),
                None => (op_l, l),
            });
        }
        items = next;
    }
    items.pop().map_or(
        Command::Group {
            body: Vec::new(),
            span,
        },
        |(_, c)| c,
    )
}

/// The first named child of `node`.
fn first_named(node: Node) -> Option<Node> {
    node.named_child(0)
}

/// `left op right`; two commands with no operator between them are kept both, in order.
fn join(left: Command, op: Option<AndOrOp>, right: Command) -> Command {
    if let Some(op) = op {
        and_or(left, op, right)
    } else {
        let span = left.span().cover(right.span());
        Command::Group {
            body: vec![left, right],
            span,
        }
    }
}

fn and_or(left: Command, op: AndOrOp, right: Command) -> Command {
    let span = left.span().cover(right.span());
    Command::AndOr {
        left: Box::new(left),
        op,
        right: Box::new(right),
        span,
    }
}

/// The tree as indented text with field names and anonymous tokens, for grammar snapshots.
pub(crate) fn dump_tree(tree: &Tree, src: &str) -> String {
    let mut out = String::new();
    let mut cursor = tree.walk();
    let mut depth = 0usize;
    'walk: loop {
        let node = cursor.node();
        let field = cursor.field_name();
        let text: String = src
            .get(node.byte_range())
            .unwrap_or_default()
            .chars()
            .take(40)
            .collect();
        out.push_str(&"  ".repeat(depth));
        if let Some(f) = field {
            out.push_str(f);
            out.push_str(": ");
        }
        if node.is_missing() {
            out.push_str("MISSING ");
        }
        if node.is_named() {
            out.push_str(kind(node));
        } else {
            out.push('\'');
            out.push_str(kind(node));
            out.push('\'');
        }
        out.push_str(&format!(
            " [{}..{}] {:?}\n",
            node.start_byte(),
            node.end_byte(),
            text
        ));
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
            depth -= 1;
        }
    }
    out
}

/// `cat 0<f`: bash reads a word of digits right before a redirection operator as the file
/// descriptor; tree-sitter-bash reads some of them (`0<`, `1<`) as a word of their own. So is
/// `{NAME}` (`exec {fd}<<<text`: bash opens a new descriptor, 10 or above, and puts its number
/// in NAME). The word becomes the redirect's descriptor, as bash has it.
fn fd_words(s: &mut SimpleCommand) {
    for r in &mut s.redirects {
        if r.fd.is_some() {
            continue;
        }
        let Some(k) = s.words.iter().position(|w| {
            w.span.end == r.span.start
                && matches!(w.parts.as_slice(), [WordPart::Literal { text, quoting: Quoting::Unquoted, .. }]
                    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) || is_fd_variable(text))
        }) else {
            continue;
        };
        let w = s.words.remove(k);
        if let [WordPart::Literal { text, .. }] = w.parts.as_slice() {
            r.fd = Some(text.to_string());
        }
        r.span.start = w.span.start;
    }
}

/// `{NAME}`, the variable of a redirect that opens a new descriptor (`{fd}<file`).
fn is_fd_variable(text: &str) -> bool {
    text.strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .is_some_and(|name| {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

/// `! ! cmd`: bash reads every `!` at the start of a pipeline as a negation (two cancel out),
/// where tree-sitter-bash reads the second as the name of a command. Takes those words off the
/// first simple command of `cmd` and returns how many; `None` (a parse error) when what follows
/// them is not a command word bash would read the same way (nothing, an assignment).
fn strip_bangs(cmd: &mut Command) -> Option<usize> {
    let s = match cmd {
        Command::Simple(s) => s,
        Command::Pipeline { stages, .. } => match stages.first_mut() {
            Some(Command::Simple(s)) => s,
            _ => return Some(0),
        },
        _ => return Some(0),
    };
    if !s.assignments.is_empty() {
        return Some(0);
    }
    let bare = |w: &crate::ast::Word| {
        matches!(w.parts.as_slice(),
            [WordPart::Literal { text, quoting: crate::ast::Quoting::Unquoted, .. }] if text == "!")
    };
    let k = s.words.iter().take_while(|w| bare(w)).count();
    if k == 0 {
        return Some(0);
    }
    s.words.drain(..k);
    let first = s.words.first()?;
    let assignment_like = match first.parts.first() {
        Some(WordPart::Literal {
            text,
            quoting: crate::ast::Quoting::Unquoted,
            ..
        }) => text.split_once('=').is_some_and(|(name, _)| {
            let name = name.strip_suffix('+').unwrap_or(name);
            let name = name.split_once('[').map_or(name, |(n, _)| n);
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }),
        _ => false,
    };
    if assignment_like {
        return None;
    }
    s.span = Span::new(first.span.start, s.span.end);
    Some(k)
}

/// Append `word` and the parts between it and `prev` to `prev`: bash reads them as one word.
fn join_words(prev: &mut Word, gap: Vec<WordPart>, word: Word) {
    prev.parts.extend(gap);
    prev.parts.extend(word.parts);
    prev.span = prev.span.cover(word.span);
}

/// The text the grammar left out between two word nodes, as bash reads it.
enum Gap {
    /// Escapes only: the two nodes and these parts are one word.
    Join(Vec<WordPart>),
    /// Blanks with escapes around them: `lead` ends the previous word, `middle` are words of
    /// their own, `trail` starts the next word.
    Split {
        lead: Vec<WordPart>,
        middle: Vec<Word>,
        trail: Vec<WordPart>,
    },
}

/// The span of a part made from a gap (a literal or a line continuation).
fn part_span(p: &WordPart) -> Span {
    match p {
        WordPart::Literal { span, .. } | WordPart::LineContinuation { span } => *span,
        _ => Span::new(0, 0),
    }
}

/// Does the text of a word node hold a blank no backslash escapes?
fn unescaped_blank(text: &str) -> bool {
    let mut escaped = false;
    text.chars().any(|c| {
        let blank = !escaped && matches!(c, ' ' | '\t');
        escaped = !escaped && c == '\\';
        blank
    })
}

/// Whether `n`, a token inside the test command `test`, stands in a quoted string, an
/// expansion, an arithmetic expansion or a substitution, where bash does not read it as an
/// operator of the command line.
fn within_quotes_or_expansion(n: Node, test: Node) -> bool {
    let mut cur = n.parent();
    while let Some(p) = cur {
        if p == test {
            return false;
        }
        if matches!(
            kind(p),
            "string"
                | "translated_string"
                | "expansion"
                | "arithmetic_expansion"
                | "command_substitution"
                | "process_substitution"
        ) {
            return true;
        }
        cur = p.parent();
    }
    false
}

/// A group's text whose `{` is followed by a byte bash keeps in the same word: anything but a
/// blank, a newline or a metacharacter (`|&;()<>`), after which `{` is a word of its own.
fn glued_brace(text: &str) -> bool {
    text.as_bytes().get(1).is_some_and(|b| {
        !matches!(
            b,
            b' ' | b'\t' | b'\n' | b'|' | b'&' | b';' | b'(' | b')' | b'<' | b'>'
        )
    })
}
