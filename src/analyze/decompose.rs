//! The walker: turns our AST into execution units.
//!
//! Visits every command in execution order (substitutions before the command that uses them),
//! carries the context (pipeline, substitution, function…), the redirects of enclosing compound
//! commands, what feeds standard input, and assignments exported earlier on the line. Wrapper
//! stripping and program resolution happen in [`Walker::resolve`] (which also skips a reserved
//! word the grammar left in command position, as in `coproc { …; }`, with a flag); code hidden in
//! strings is handed to `nested.rs`. Limits on nesting and unit count end in flags, never in
//! silence.

use crate::Limits;
use crate::ast::{Command, IssueKind, RedirectTarget, Script, SimpleCommand, Span, Word, WordPart};
use crate::parse::SpanMap;

use super::fed_values;
use super::param_ops;
use super::word::{self, Arg};
use super::wrappers::{self, Strip};
use super::{Context, Flag, FlagKind, Unit, UnitAssignment, UnitRedirect};
use crate::wordlist::{Words, words};

/// What a command's standard input is fed from.
#[derive(Debug, Clone)]
pub(super) enum Feed {
    /// Text known now (a quoted heredoc, `echo 'ls' |`): it can be analysed as code.
    Static(String, SpanMap),
    /// Produced at run time by the command at this span.
    Dynamic(Span),
    /// Known now except for its expansions (an unquoted heredoc with `$x` or `$(…)`, at this
    /// span): analysed as code, and flagged because what runs depends on run time.
    Partial(String, SpanMap, Span),
}

/// What a heredoc feeds to standard input.
pub(super) fn heredoc_feed(h: &crate::ast::Heredoc, span: Span) -> Feed {
    let (text, map, dynamic) = word::body_text(&h.body);
    if dynamic && !h.quoted {
        Feed::Partial(text, map, span)
    } else {
        Feed::Static(text, map)
    }
}

/// The context a command is visited in.
#[derive(Debug, Clone, Default)]
pub(crate) struct Ctx {
    pub(super) context: Vec<Context>,
    pub(super) via: Vec<String>,
    pub(super) feed: Option<Feed>,
    pub(super) piped: bool,
    pub(super) redirects: Vec<UnitRedirect>,
    pub(super) appended: bool,
    /// Files the wrappers stripped so far read into arguments (`xargs -a FILE`).
    pub(super) wrapper_reads: Vec<Arg>,
    /// How many commands at once the wrappers stripped so far run (`xargs -P0`).
    pub(super) jobs: super::JobCount,
    /// The string a wrapper stripped so far replaces with each input in the command's words
    /// (`xargs -I %`), when one does.
    pub(super) replace: Option<String>,
}

impl Ctx {
    pub(super) fn with(&self, c: Context) -> Ctx {
        let mut n = self.clone();
        n.feed = None;
        n.piped = false;
        n.context.push(c);
        n
    }
}

/// An argument together with the word it came from (for mapping re-parsed code back).
#[derive(Debug, Clone)]
pub(super) struct ArgW<'w> {
    pub(super) arg: Arg,
    pub(super) word: &'w Word,
    /// The word produced only this argument (no brace expansion).
    pub(super) sole: bool,
}

pub(crate) struct Walker<'l> {
    pub(super) limits: &'l Limits,
    pub(super) units: Vec<Unit>,
    pub(super) flags: Vec<Flag>,
    pub(super) depth: usize,
    pub(super) nest: usize,
    pub(super) exported: Vec<UnitAssignment>,
    /// Every bare `NAME=value` statement, wherever it stands (they change the shell itself).
    pub(super) bare: Vec<UnitAssignment>,
    /// Functions defined so far on the line (their bodies analysed where they were defined).
    functions: Vec<String>,
    /// Their bodies, read again at a call whose standard input is fed (`f <<< CODE`, `… | f`).
    function_bodies: Vec<(String, Command)>,
    /// The functions whose bodies are being read again (a recursive call is not).
    rewalking: Vec<String>,
    /// The redirects an `exec` without a command in a function's body applies to the shell,
    /// by function (`f() { exec >> ~/.bashrc; }`): a call applies them to what follows it.
    function_execs: Vec<(String, Vec<UnitRedirect>)>,
    /// Every function name defined anywhere in the code read so far (branches, loops, bodies,
    /// re-parsed code): a call of one prints what its body prints, not what the builtin or
    /// program of that name would (`echo() { printf id; }; echo ls | bash`).
    defined: Vec<String>,
    /// Arithmetic contexts met, judged once the walk is done (`arith.rs`).
    pub(super) arith: Vec<ArithCtx>,
    /// Static text bash evaluates as arithmetic after quote removal: variable names with a
    /// subscript (`read 'a[i]'`, `[[ -v a[i] ]]`, skip 1: the name itself is not read) and the
    /// operands of `[[ a -eq b ]]` (skip 0). The word's span, its value, and the skip.
    pub(super) arith_names: Vec<(Span, String, usize)>,
    /// Every command substitution met, and whether its command only prints a number
    /// (`arith.rs` flags one whose output arithmetic evaluates).
    pub(super) substitutions: Vec<(Span, bool)>,
    /// Where a translated string `$"…"` stands, in the input or in code re-parsed from a
    /// string (there, the span of that code): bash replaces its text by a message catalog's.
    pub(super) translated: Vec<Span>,
    /// Code bash decodes from a string before it reads it (`sh -c "x='a[\\$(cmd)]'"`: the
    /// text differs from the input there), with its map to the input and the arithmetic
    /// contexts met in it (indexes into `arith`): the scans of text for code that bash
    /// evaluates read it after the walk ([`Walker::decoded_code`]).
    pub(super) decoded: Vec<(String, SpanMap, std::ops::Range<usize>)>,
    /// Files the line wrote so far, by the path as written (`./` removed), with what was
    /// written when it is known (`echo CODE > x.sh`, `cat > x <<EOF`): a shell that later runs
    /// or sources that file runs that text.
    pub(super) written: Vec<(String, Feed)>,
    /// Arrays assigned static elements (`a=(rm -rf ~)`), by the assignment's span: a second
    /// reading substitutes `"${a[@]}"`, `${a[N]}` and `$a` while that assignment is the
    /// variable's latest.
    arrays: Vec<(Span, Vec<String>)>,
    /// Bare assignments that always run, in this shell, before what follows them: outside every
    /// context (loop, condition, function, subshell, re-read code) and every branch (`a && b`,
    /// `a || b`, the bodies of `if`). By span (`arith.rs` reads a counter from the first).
    pub(super) unconditional: Vec<Span>,
    /// How many branches (`&&`/`||` right sides, `if` bodies) the walk is inside.
    branches: usize,
    /// A `for` loop's setting of its variable (the word list's span) and the loop's span: its
    /// body always reads the variable after the setting.
    pub(super) loop_sets: Vec<(Span, Span)>,
    /// Settings bash makes itself, always to a number (`getopts` advancing `OPTIND`): by name
    /// and span, so that `arith.rs` does not take them for a value the line assigns.
    pub(super) bash_numbers: Vec<(String, Span)>,
    /// A `while` loop of the line itself (not of re-read code) whose condition is one simple
    /// command: that command's span and the loop's. A `read` there gives its variable a line
    /// of the loop's input for each run of the body (`dynamic_reads` judges the lines).
    pub(super) read_loops: Vec<(Span, Span)>,
    /// The calls of functions the line defines that are no unit of their own: the name and
    /// the span of the call's word.
    pub(super) calls: Vec<(String, Span)>,
    /// Code that may not run when the line runs, and what decides it: see
    /// [`super::Branches`].
    pub(super) branch_spans: super::Branches,
    /// Login and interactive shells judged by their code alone so far (`nested.rs`,
    /// `startup_read`): the words that made them read start-up files, the shell, and its
    /// start-up files; `finish` flags one when a unit anywhere on the line names one of its
    /// files or sets a variable that moves them.
    pub(super) startup_reads: Vec<(Span, String, Vec<&'static str>)>,
    /// How many directory changes (`cd`, `pushd`, `popd`) the walk met so far: a relative
    /// name the line wrote names the same file only where none came between (`written_key`).
    dir_changes: usize,
    /// The text of the script file the interpreter about to be emitted runs, by the span of
    /// its program word (`nested.rs`, `interpreter`): a file the line wrote with known text.
    pub(super) script_text: Option<(Span, String)>,
    /// Names bound to a file so far (`hash -p FILE NAME`, `BASH_CMDS[NAME]=FILE`): a later
    /// command NAME that is neither a function nor a builtin runs FILE.
    pub(super) hashed: Vec<(String, String)>,
    /// Aliases defined so far (`alias NAME=VALUE`, `BASH_ALIASES[NAME]=VALUE`), latest last: a
    /// later command whose first word is NAME is read again with VALUE in its place
    /// (`nested.rs`, `alias_expansion`).
    pub(super) aliases: Vec<(String, String)>,
    /// The aliases being expanded now: bash does not expand one inside its own expansion.
    pub(super) expanding: Vec<String>,
    /// Names made references to other variables (`declare -n r=x`, `local -n`, `typeset
    /// -n`), latest last: reading or setting `r` reads or sets `x` (`Self::referenced`).
    namerefs: Vec<(String, String)>,
    /// `shopt -s lastpipe` ran in this shell, unconditionally, and no `shopt` since may have
    /// switched it off: the last stage of a pipeline runs in the shell itself (job control is
    /// off in a shell that runs a command line), so what it sets (`read`, `exec` redirects)
    /// stays after it.
    lastpipe: bool,
    /// The package scripts being read now (`runners.rs`, `package_scripts`): a script that runs
    /// itself again is not read again.
    pub(super) running_scripts: Vec<String>,
    stopped: bool,
}

/// Where bash evaluates text as arithmetic.
#[derive(Debug, Clone, Copy)]
pub(super) enum ArithCtx {
    /// A whole expression: `$((…))`, `((…))`, a `[[ -eq ]]` operand, a `let` argument.
    Expr(Span),
    /// A C-style `for ((…))`: the header of this span.
    ForHeader(Span),
    /// A `${…}` whose subscript or offset is arithmetic (the parameter itself is not).
    Param(Span),
}

impl ArithCtx {
    /// Where it is in the input.
    pub(super) fn span(self) -> Span {
        match self {
            ArithCtx::Expr(s) | ArithCtx::ForHeader(s) | ArithCtx::Param(s) => s,
        }
    }
}

impl<'l> Walker<'l> {
    pub(crate) fn new(limits: &'l Limits) -> Self {
        Walker {
            limits,
            units: Vec::new(),
            flags: Vec::new(),
            depth: 0,
            nest: 0,
            exported: Vec::new(),
            bare: Vec::new(),
            functions: Vec::new(),
            function_bodies: Vec::new(),
            rewalking: Vec::new(),
            function_execs: Vec::new(),
            defined: Vec::new(),
            arith: Vec::new(),
            arith_names: Vec::new(),
            substitutions: Vec::new(),
            translated: Vec::new(),
            decoded: Vec::new(),
            written: Vec::new(),
            arrays: Vec::new(),
            unconditional: Vec::new(),
            branches: 0,
            loop_sets: Vec::new(),
            bash_numbers: Vec::new(),
            read_loops: Vec::new(),
            calls: Vec::new(),
            branch_spans: super::Branches::default(),
            startup_reads: Vec::new(),
            dir_changes: 0,
            script_text: None,
            hashed: Vec::new(),
            aliases: Vec::new(),
            expanding: Vec::new(),
            namerefs: Vec::new(),
            lastpipe: false,
            running_scripts: Vec::new(),
            stopped: false,
        }
    }

    pub(crate) fn finish(mut self) -> (Vec<Unit>, Vec<Flag>, Vec<UnitAssignment>) {
        for (span, program, files) in std::mem::take(&mut self.startup_reads) {
            if self.changes_startup(&files) {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!(
                        "`{program}` reads start-up files that a command on the line \
                         names or moves"
                    ),
                );
            }
        }
        self.flags
            .sort_by_key(|f| (f.span.start, f.span.end, f.kind));
        self.flags.dedup();
        (self.units, self.flags, self.bare)
    }

    /// A unit of the line names one of a shell's start-up `files` (a word or a redirect's
    /// target, as written), or sets a variable that moves them: what the shell reads first may
    /// be what the line wrote.
    fn changes_startup(&self, files: &[&str]) -> bool {
        let moves = |a: &UnitAssignment| {
            crate::programs::environment::STARTUP_VARS.contains(&a.name.trim_end_matches('+'))
        };
        self.bare.iter().any(moves)
            || self.units.iter().any(|u| {
                u.assignments.iter().any(moves)
                    || u.argv
                        .iter()
                        .any(|a| crate::programs::names_startup_file(&a.template, files))
                    || u.redirects
                        .iter()
                        .any(|r| crate::programs::names_startup_file(&r.template, files))
            })
    }

    /// A word bash reads as a variable name to assign or test (`[[ -v NAME ]]`, `read NAME`):
    /// a name from a run-time value can carry a subscript that runs a command (`a[$(cmd)]`),
    /// so it is dynamic code; a static name's subscript is arithmetic, checked as such.
    pub(super) fn variable_name(&mut self, w: &Word) {
        let args = word::canonical(w);
        match args.as_slice() {
            [arg] if !arg.glob => match arg.value.as_deref() {
                Some(v) if v.contains('[') => self.arith_names.push((w.span, v.to_owned(), 1)),
                Some(_) => {}
                None => self.flag(
                    FlagKind::DynamicCode,
                    w.span,
                    "a variable name taken from a run-time value can hold a subscript that runs a command (`a[$(cmd)]`)",
                ),
            },
            _ => self.flag(
                FlagKind::DynamicCode,
                w.span,
                "a variable name taken from a run-time value can hold a subscript that runs a command (`a[$(cmd)]`)",
            ),
        }
    }

    pub(super) fn flag(&mut self, kind: FlagKind, span: Span, detail: impl Into<String>) {
        self.flags.push(Flag {
            kind,
            span,
            detail: detail.into(),
        });
    }

    pub(crate) fn script(&mut self, script: &Script, ctx: &Ctx) {
        for issue in &script.issues {
            let kind = match issue.kind {
                IssueKind::ParseError => FlagKind::ParseError,
                IssueKind::UnsupportedSyntax => FlagKind::UnsupportedSyntax,
                IssueKind::TooDeep => FlagKind::TooDeep,
                IssueKind::TooLong => FlagKind::TooLong,
            };
            self.flag(kind, issue.span, issue.detail.clone());
        }
        collect_functions(&script.commands, &mut self.defined);
        // Only the statements of the line itself define functions for what follows (not
        // those in branches, loops, subshells, `&&` lists or re-parsed code).
        let top = self.nest == 0 && ctx.context.is_empty();
        self.statements(&script.commands, ctx, top);
    }

    pub(super) fn commands(&mut self, cmds: &[Command], ctx: &Ctx) {
        self.statements(cmds, ctx, false);
    }

    fn statements(&mut self, cmds: &[Command], ctx: &Ctx, top: bool) {
        // The context after an `exec` with redirects and no command: the shell's own.
        let mut shell: Option<Ctx> = None;
        for (i, cmd) in cmds.iter().enumerate() {
            let ctx = shell.as_ref().unwrap_or(ctx);
            let before = self.units.len();
            if i > 0 {
                self.flag(FlagKind::Chaining, cmd.span(), "");
            }
            // The first command of a list reads the fed input from its start; a later one reads
            // what the commands before it left (`{ read x; bash; }` runs the lines after the
            // first, which may open or close a quote the whole text does not): the text is still
            // analysed, as input known only in part.
            if i > 0 {
                self.command(cmd, &read_after(ctx, cmds[0].span()));
            } else {
                self.command(cmd, ctx);
            }
            if let Command::Function { name, body, .. } = cmd
                && top
            {
                self.functions.push(name.clone());
                self.function_bodies.push((name.clone(), (**body).clone()));
            }
            if let Some(c) = self.exec_redirects(cmd, ctx, before) {
                shell = Some(c);
            }
        }
    }

    /// `exec` with redirects and no command applies them to the shell itself: the commands
    /// after it in the same list run with them, as if grouped under them (`exec >> ~/.bashrc;
    /// echo CODE` writes CODE there, `exec < ~/.ssh/id_rsa; nc h 9` sends the key, `exec
    /// <<EOF … sh` feeds `sh` the body). `before`: how many units there were before `cmd`.
    ///
    /// The `exec` may be anywhere the shell itself runs it: in an `&&`/`||` list (`true &&
    /// exec >> ~/.bashrc`), a `{ …; }` group, a branch, a loop or a `case` arm, behind `!`, or
    /// in the body of a function the command calls; not in a subshell, a pipeline stage, the
    /// background or a substitution, which are other processes. A function's definition runs
    /// nothing.
    fn exec_redirects(&self, cmd: &Command, ctx: &Ctx, before: usize) -> Option<Ctx> {
        if matches!(cmd, Command::Function { .. }) {
            return None;
        }
        let mut c = self.exec_redirects_since(ctx, before)?;
        if let Command::Simple(s) = cmd {
            for r in &s.redirects {
                if let Some(feed) = stdin_feed(r) {
                    c.feed = Some(feed);
                }
            }
        }
        Some(c)
    }

    /// `ctx` with the redirects of the `exec` units without a command made since the unit
    /// `before` in the shell `ctx` runs in (see [`Self::exec_redirects`]); `None` when there
    /// is none.
    fn exec_redirects_since(&self, ctx: &Ctx, before: usize) -> Option<Ctx> {
        // The `exec` units made in this shell: their redirects after the context's are their
        // own.
        let mut c: Option<Ctx> = None;
        for unit in self.units.get(before..)? {
            // Run by the shell itself through `eval`, `builtin`, `command`, `time`, or code it
            // reads with `source`/`.` (`eval 'exec >> ~/.bashrc'`).
            let Some(runners) = unit.via.strip_prefix(ctx.via.as_slice()) else {
                continue;
            };
            let sourced = runners.iter().any(|r| r == "source" || r == ".");
            if unit.program.as_deref() != Some("exec")
                || unit.argv.len() != 1
                || !runners.iter().all(|r| {
                    matches!(
                        r.as_str(),
                        "eval" | "builtin" | "command" | "time" | "source" | "."
                    )
                })
                || !unit.context.starts_with(&ctx.context)
                || !unit.context[ctx.context.len()..].iter().all(|k| {
                    matches!(
                        k,
                        Context::Condition
                            | Context::Loop
                            | Context::Case
                            | Context::Function
                            | Context::Eval
                    ) || *k == Context::StdinCode && sourced
                })
            {
                continue;
            }
            let own = unit
                .redirects
                .get(ctx.redirects.len()..)
                .unwrap_or_default();
            if own.is_empty() {
                continue;
            }
            let c = c.get_or_insert_with(|| ctx.clone());
            for r in own {
                if !c.redirects.contains(r) {
                    c.redirects.push(r.clone());
                }
                if super::replaces_stdin(&r.op, r.fd.as_deref()) {
                    // Known text only for an `exec` written as the command itself.
                    c.feed = Some(Feed::Dynamic(r.span));
                }
            }
        }
        c
    }

    fn command(&mut self, cmd: &Command, ctx: &Ctx) {
        if self.stopped {
            return;
        }
        if self.depth >= self.limits.max_tree_depth {
            self.flag(
                FlagKind::TooDeep,
                cmd.span(),
                format!("nested deeper than {} levels", self.limits.max_tree_depth),
            );
            return;
        }
        self.depth += 1;
        self.command_inner(cmd, ctx);
        self.depth -= 1;
    }

    /// Dispatch on the command. Kept small on purpose: each arm with locals is its own function,
    /// so the frame of this recursion stays small in debug builds, where every local of every
    /// arm would otherwise get its own slot (hostile nesting runs on 2 MiB thread stacks).
    fn command_inner(&mut self, cmd: &Command, ctx: &Ctx) {
        match cmd {
            Command::Simple(s) => self.simple(s, ctx),
            Command::Pipeline { stages, span } => self.pipeline(stages, *span, ctx),
            Command::AndOr {
                left, right, op, ..
            } => {
                self.flag(FlagKind::Chaining, right.span(), "");
                self.branch_spans
                    .and_or
                    .push((left.span(), *op, right.span()));
                self.branch_spans
                    .skippable
                    .push((right.span(), *op == crate::ast::AndOrOp::And));
                let before = self.units.len();
                self.command(left, ctx);
                self.branches += 1;
                // `exec >> ~/.bashrc && echo CODE`: the right side runs with the shell's
                // descriptors as the left side left them.
                let shell = self.exec_redirects(left, ctx, before);
                let ctx = shell.as_ref().unwrap_or(ctx);
                self.command(right, &read_after(ctx, left.span()));
                self.branches -= 1;
            }
            Command::Background { body, span } => {
                self.flag(FlagKind::Background, *span, "");
                self.within(body, Context::Background, ctx);
            }
            Command::Negated { body, .. } => self.command(body, ctx),
            Command::Subshell { body, span } => self.subshell(body, *span, ctx),
            Command::Group { body, .. } => self.commands(body, ctx),
            Command::If {
                branches,
                else_body,
                ..
            } => self.if_command(branches, else_body, ctx),
            Command::Loop {
                until,
                condition,
                body,
                span,
            } => self.loop_command(*until, condition, body, *span, ctx),
            Command::For {
                items,
                body,
                variable,
                span,
                select,
            } => {
                // `for ((;;))` (an empty header) never ends by itself.
                if variable.is_empty() && !*select && items.is_empty() {
                    self.flag(FlagKind::EndlessLoop, *span, "");
                }
                if variable.is_empty() && !*select {
                    self.arith.push(ArithCtx::ForHeader(*span));
                }
                for w in items {
                    self.word_effects(w, ctx);
                }
                // `for PATH in /tmp/evil; do ls; done` sets the variable for the body and after
                // it, as an assignment would (the value is not tracked; the template is the word
                // list, `~/.ssh/*` for `for f in ~/.ssh/*`).
                if wrappers::is_variable_name(variable) {
                    let template = items
                        .iter()
                        .flat_map(word::canonical)
                        .map(|a| a.template.to_string())
                        .collect::<Vec<_>>()
                        .join(" ");
                    // `for i in 1 2 3`: every value a literal number (arithmetic may read it).
                    let numeric = !items.is_empty()
                        && items.iter().flat_map(word::canonical).all(|a| {
                            a.exact().is_some_and(|v| {
                                !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
                            })
                        });
                    let value = numeric
                        .then(|| {
                            items.first().and_then(|w| {
                                word::canonical(w)
                                    .first()
                                    .and_then(|a| a.exact().map(str::to_owned))
                            })
                        })
                        .flatten();
                    // Where the values come from: the word list (its substitutions' units lie
                    // within), or the whole loop when there is none (`for f; do`).
                    let at = match (items.first(), items.last()) {
                        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
                        _ => *span,
                    };
                    self.bare.push(UnitAssignment {
                        name: variable.clone(),
                        value,
                        template,
                        span: at,
                        inherited: true,
                        exported: false,
                    });
                    if self.branches == 0 && ctx.context.is_empty() {
                        self.unconditional.push(at);
                    }
                    self.loop_sets.push((at, *span));
                }
                let (units_at, bare_at) = (self.units.len(), self.bare.len());
                let arith_at = (self.arith.len(), self.arith_names.len());
                self.commands_within(body, Context::Loop, ctx);
                let generic = units_at..self.units.len();
                // Nothing on the line but the loop sets the variable: no assignment, builtin
                // (`read`, `printf -v`), other loop or function body the walk saw, and no
                // arithmetic (`((p++))`, `let`) in the body.
                // (This loop read again, inside another loop's body, records the same list.)
                let kept = variable != "IFS"
                    && bare_at > 0
                    && self.bare[bare_at - 1].name == *variable
                    && self
                        .bare
                        .iter()
                        .filter(|a| a.name == *variable)
                        .all(|a| a.span == self.bare[bare_at - 1].span)
                    && (self.arith.len(), self.arith_names.len()) == arith_at;
                if self.loop_values_again(variable, items, body, *span, ctx) && kept {
                    self.drop_loop_variable_units(variable, generic);
                }
            }
            Command::Case { subject, arms, .. } => {
                self.word_effects(subject, ctx);
                for arm in arms {
                    for p in &arm.patterns {
                        self.word_effects(p, ctx);
                    }
                    self.commands_within(&arm.body, Context::Case, ctx);
                }
            }
            Command::Function { body, span, name } => {
                self.flag(FlagKind::FunctionDefinition, *span, name.clone());
                // The body's `$1`… are the call's arguments, not the line's.
                let saved = self.exported.len();
                self.bind_positionals(None, *span);
                let before = self.units.len();
                let inside = ctx.with(Context::Function);
                self.command(body, &inside);
                let execs = self
                    .exec_redirects_since(&inside, before)
                    .map(|c| c.redirects[inside.redirects.len()..].to_vec())
                    .unwrap_or_default();
                self.function_execs.push((name.clone(), execs));
                let set_inside: Vec<UnitAssignment> = self
                    .exported
                    .drain(saved..)
                    .filter(|a| !is_positional(&a.name))
                    .collect();
                self.exported.extend(set_inside);
            }
            Command::Test {
                arithmetic,
                single,
                words,
                span,
            } => {
                let name = match (arithmetic, single) {
                    (true, _) => "((",
                    (false, true) => "[",
                    (false, false) => "[[",
                };
                if *arithmetic {
                    self.arith.push(ArithCtx::Expr(*span));
                } else if !*single {
                    // `[[ a -eq b ]]` evaluates both operands as arithmetic (`[`/`test` does not).
                    for (k, w) in words.iter().enumerate() {
                        let op = word::canonical(w)
                            .first()
                            .and_then(|a| a.exact().map(str::to_owned));
                        // `[[ -v NAME ]]`: the name's subscript is arithmetic, and a name that
                        // comes from a value can hold one (`a[$(cmd)]`).
                        if op.as_deref() == Some("-v")
                            && let Some(o) = words.get(k + 1)
                        {
                            self.variable_name(o);
                        }
                        if matches!(
                            op.as_deref(),
                            Some("-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge")
                        ) {
                            for side in [k.checked_sub(1), Some(k + 1)].into_iter().flatten() {
                                if let Some(o) = words.get(side) {
                                    self.arith.push(ArithCtx::Expr(o.span));
                                    // The operand's value, after quote removal and decoding
                                    // (`'x'`, `$'a[\x24(cmd)]'`), is the expression.
                                    if let [arg] = word::canonical(o).as_slice()
                                        && let Some(v) = arg.value.as_deref()
                                    {
                                        self.arith_names.push((o.span, v.to_owned(), 0));
                                    }
                                }
                            }
                        }
                    }
                }
                self.test_command(name, words, *span, ctx);
            }
            Command::Redirected {
                body, redirects, ..
            } => self.redirected(body, redirects, ctx),
            Command::Opaque { inner, words, .. } => {
                for w in words {
                    self.word_effects(w, ctx);
                }
                self.commands(inner, ctx);
            }
        }
    }

    /// `for d in / ~; do rm -rf "$d"; done`: with a static list of a few words, the body is
    /// read again once for each, the variable holding it, so that the second reading of its
    /// commands sees the values (`rm -rf /`). Units read the same way again are dropped.
    /// True when the body was read again with every value of the list, each a plain word
    /// (not empty; no blank, which splits, or glob character, which expands, where the
    /// variable is unquoted).
    fn loop_values_again(
        &mut self,
        variable: &str,
        items: &[Word],
        body: &[Command],
        span: Span,
        ctx: &Ctx,
    ) -> bool {
        if variable.is_empty() || items.is_empty() || items.len() > 8 || self.stopped {
            return false;
        }
        if !wrappers::is_variable_name(variable) {
            return false;
        }
        let values: Option<Vec<String>> = items
            .iter()
            .flat_map(word::canonical)
            .map(|a| a.exact().map(str::to_owned))
            .collect();
        let Some(values) = values.filter(|v| !v.is_empty() && v.len() <= 8) else {
            return false;
        };
        let plain = values.iter().all(|v| {
            !v.is_empty()
                && !v
                    .chars()
                    .any(|c| c.is_whitespace() || matches!(c, '*' | '?' | '[' | ']' | '\\'))
        });
        let before = self.units.len();
        for value in values {
            let saved = self.exported.len();
            self.set_value(UnitAssignment {
                name: variable.to_owned(),
                template: value.clone(),
                value: Some(value),
                span,
                inherited: true,
                exported: false,
            });
            self.commands_within(body, Context::Loop, ctx);
            self.exported.truncate(saved);
        }
        self.drop_repeated_units(before);
        plain && !self.stopped
    }

    /// `for p in requests flask; do pip show "$p"; done`: the body's units read before the
    /// values were put in place, whose only words known at run time are the loop variable
    /// (`$p`, `"${p}"`), are dropped: the readings with each value of the list (which
    /// [`Self::loop_values_again`] made, the body setting the variable nowhere) are what bash
    /// runs. Kept: a unit whose program is the variable, whose redirect target is known only
    /// at run time, or that runs where the variable may hold another value (a function body,
    /// code read again by `bash -c` or `eval`, a command another program runs).
    fn drop_loop_variable_units(&mut self, variable: &str, generic: std::ops::Range<usize>) {
        let names = [format!("${variable}"), format!("${{{variable}}}")];
        let same_shell = |c: &Context| {
            matches!(
                c,
                Context::Pipeline
                    | Context::Subshell
                    | Context::Condition
                    | Context::Loop
                    | Context::Case
                    | Context::Substitution
            )
        };
        let mut k = generic.start;
        let mut end = generic.end.min(self.units.len());
        while k < end {
            let u = &self.units[k];
            let covered = u.argv.first().is_some_and(|a| a.value.is_some())
                && u.argv.iter().any(|a| a.value.is_none())
                && u.argv
                    .iter()
                    .all(|a| a.value.is_some() || names.iter().any(|n| **n == *a.template))
                && u.redirects
                    .iter()
                    .all(|r| r.target.is_some() || r.op.contains("<<"))
                && u.context.iter().all(same_shell)
                && u.assignments.iter().all(|a| a.value.is_some());
            if covered {
                self.units.remove(k);
                end -= 1;
            } else {
                k += 1;
            }
        }
    }

    /// `while read -r d; do rm -rf "$d"; done <<< TEXT`: with input known on the line, of a
    /// few lines, the body is read again once for each line, the variables holding its
    /// fields. Units read the same way again are dropped.
    fn loop_lines_again(&mut self, condition: &[Command], body: &[Command], ctx: &Ctx) {
        let (Some(Feed::Static(text, _)), [Command::Simple(c)]) = (&ctx.feed, condition) else {
            return;
        };
        if self.stopped
            || c.words
                .first()
                .and_then(word::canonical_plain)
                .and_then(|a| a.exact().map(str::to_owned))
                .as_deref()
                != Some("read")
        {
            return;
        }
        let args: Vec<Arg> = c.words.iter().flat_map(word::canonical).collect();
        let words: Vec<Option<&str>> = args[1..].iter().map(Arg::exact).collect();
        let Some(reader) = fed_values::reader("read", &words) else {
            return;
        };
        // `IFS=: read …` or an IFS the line set.
        let ifs = match c.assignments.iter().rev().find(|a| a.name == "IFS") {
            Some(a) => match &a.value {
                Some(w) => match word::canonical(w).as_slice() {
                    [x] => x.exact().map(str::to_owned),
                    [] => Some(String::new()),
                    _ => None,
                },
                // `IFS= read`: empty.
                None if a.array.is_empty() => Some(String::new()),
                None => None,
            },
            None => ifs_of(&self.exported),
        };
        let Some(ifs) = ifs else { return };
        let Some(lines) = fed_values::loop_values(&reader, text, &ifs, 8) else {
            return;
        };
        let before = self.units.len();
        let l = ctx.with(Context::Loop);
        for values in lines {
            let saved = self.exported.len();
            if reader.array {
                self.known_elements(&reader.names[0], values, c.span);
            } else {
                for (name, value) in reader.names.iter().zip(values) {
                    self.known(name, value, c.span);
                }
            }
            self.commands(body, &l);
            self.exported.truncate(saved);
        }
        self.drop_repeated_units(before);
    }

    /// Drop the units from `from` on that repeat one before it (same span and words): a body
    /// read again adds only what its second reading found.
    fn drop_repeated_units(&mut self, from: usize) {
        let mut k = from;
        while k < self.units.len() {
            let u = &self.units[k];
            let same = |v: &Unit| {
                v.span == u.span
                    && v.argv.len() == u.argv.len()
                    && v.argv
                        .iter()
                        .zip(&u.argv)
                        .all(|(a, b)| a.value == b.value && a.template == b.template)
            };
            if self.units[..k].iter().any(same) {
                self.units.remove(k);
            } else {
                k += 1;
            }
        }
    }

    /// `cmd` in a new context.
    fn within(&mut self, cmd: &Command, context: Context, ctx: &Ctx) {
        let c = ctx.with(context);
        self.command(cmd, &c);
    }

    /// `cmds` in a new context.
    fn commands_within(&mut self, cmds: &[Command], context: Context, ctx: &Ctx) {
        // A substitution is a shell of its own: a function it defines shadows the builtin or
        // program of that name for the rest of it (`$(echo() { printf CODE; }; echo ls |
        // bash)`).
        if matches!(
            context,
            Context::Substitution | Context::ProcessSubstitution
        ) {
            collect_functions(cmds, &mut self.defined);
        }
        let c = ctx.with(context);
        self.commands(cmds, &c);
    }

    fn pipeline(&mut self, stages: &[Command], span: Span, ctx: &Ctx) {
        self.flag(FlagKind::Pipeline, span, "");
        // With `lastpipe` on, the last stage runs in this shell (`echo CODE | read -r c; $c`).
        let current = self.lastpipe && self.in_this_shell(ctx);
        for (i, stage) in stages.iter().enumerate() {
            let mut c = ctx.clone();
            let last_in_shell = current && i + 1 == stages.len();
            if !(c.context.contains(&Context::Pipeline) || last_in_shell) {
                c.context.push(Context::Pipeline);
            }
            if i > 0 {
                c.feed = Some(self.feed_of(&stages[i - 1]));
                c.piped = true;
            }
            self.command(stage, &c);
        }
    }

    /// What a stage prints ([`super::nested::simple_feed`]), unless its command name is a
    /// function defined on the line: then its body prints, at run time.
    pub(super) fn feed_of(&self, stage: &Command) -> Feed {
        match stage {
            Command::Simple(s) => self.simple_feed(s),
            Command::Subshell { body, span } | Command::Group { body, span } => {
                self.body_feed(body, *span)
            }
            Command::AndOr {
                left, right, span, ..
            } => self.joined_feed([&**left, &**right], *span),
            _ => Feed::Dynamic(stage.span()),
        }
    }

    /// What a list of commands prints (a group's, a subshell's or a process substitution's
    /// body), as [`Self::joined_feed`] reads it.
    pub(super) fn body_feed(&self, body: &[Command], span: Span) -> Feed {
        match body {
            [stage] => self.feed_of(stage),
            _ => self.joined_feed(body, span),
        }
    }

    /// What commands run one after another print, in order. Known when each prints known
    /// text; when some print at run time (`(crontab -l; echo '@reboot CMD') | crontab -`,
    /// `{ cat x; echo CODE; } | sh`), the known text is still read as code, known only in
    /// part, each piece after a run-time one on a line of its own. A member with its output
    /// redirected is read as printing at run time.
    fn joined_feed<'c>(&self, members: impl IntoIterator<Item = &'c Command>, span: Span) -> Feed {
        let mut text = String::new();
        let mut table: Vec<Span> = Vec::new();
        let mut known = false;
        let mut unknown: Option<Span> = None;
        for member in members {
            let redirected = matches!(member, Command::Simple(s) if s.redirects.iter().any(|r| {
                super::replaces_stdout(&r.op, r.fd.as_deref())
            }));
            let feed = if redirected {
                Feed::Dynamic(member.span())
            } else {
                self.feed_of(member)
            };
            match feed {
                Feed::Static(t, map) => {
                    push_mapped(&mut text, &mut table, &t, &map);
                    known |= !t.is_empty();
                }
                Feed::Partial(t, map, src) => {
                    push_mapped(&mut text, &mut table, &t, &map);
                    known |= !t.is_empty();
                    unknown.get_or_insert(src);
                }
                Feed::Dynamic(src) => {
                    unknown.get_or_insert(src);
                    if !text.is_empty() && !text.ends_with('\n') {
                        text.push('\n');
                        table.push(src);
                    }
                }
            }
        }
        match (known, unknown) {
            (_, None) => Feed::Static(text, SpanMap::Table(table)),
            (false, Some(_)) => Feed::Dynamic(span),
            (true, Some(src)) => Feed::Partial(text, SpanMap::Table(table), src),
        }
    }

    /// [`Self::feed_of`] for a simple command.
    fn simple_feed(&self, s: &SimpleCommand) -> Feed {
        if let Some(first) = s.words.first()
            && word::canonical(first)
                .first()
                .and_then(|a| a.exact())
                .is_none_or(|name| self.defined.iter().any(|f| f == name))
        {
            return Feed::Dynamic(s.span);
        }
        // `cat x.sh` (or `cat < x.sh`) of a file the line wrote prints what was written.
        if !self.written.is_empty()
            && let Some(feed) = self.cat_of_written(s)
        {
            return feed;
        }
        super::nested::simple_feed(s)
    }

    /// What `cat FILE` or `cat < FILE` prints when the line wrote FILE with known text.
    fn cat_of_written(&self, s: &SimpleCommand) -> Option<Feed> {
        let words: Vec<Arg> = s.words.iter().flat_map(word::canonical).collect();
        if words.first().and_then(Arg::exact) != Some("cat") {
            return None;
        }
        let file = match (&words[1..], s.redirects.as_slice()) {
            ([file], []) => file.exact()?.to_owned(),
            ([], [r]) if r.op == "<" && r.fd.is_none() => match &r.target {
                RedirectTarget::Word(w) => word::canonical_plain(w)?.exact()?.to_owned(),
                RedirectTarget::Heredoc(_) => return None,
            },
            _ => return None,
        };
        self.written_feed(&file)
    }

    /// The text the line wrote into `path` earlier, when it is known.
    pub(super) fn written_feed(&self, path: &str) -> Option<Feed> {
        match self.written_any(path) {
            Some(feed @ (Feed::Static(..) | Feed::Partial(..))) => Some(feed),
            _ => None,
        }
    }

    /// What the file a word names holds, when the line makes it: what a process substitution
    /// `<(CMD)` prints, or what the line wrote into the file ([`Self::written_any`]).
    pub(super) fn file_feed(&self, a: &ArgW) -> Option<Feed> {
        if let [
            WordPart::ProcessSubstitution {
                body,
                output: false,
                span,
            },
        ] = a.word.parts.as_slice()
        {
            return Some(self.body_feed(body, *span));
        }
        if self.written.is_empty() {
            return None;
        }
        self.written_any(&path_text(&a.arg)?)
    }

    /// What the line wrote into `path` earlier: known text, or `Feed::Dynamic` for text known
    /// only at run time (`base64 -d <<< … > x`).
    pub(super) fn written_any(&self, path: &str) -> Option<Feed> {
        let key = self.written_key(path);
        self.written
            .iter()
            .rev()
            .find(|(p, _)| *p == key)
            .map(|(_, f)| f.clone())
    }

    /// The files the line wrote whose path relative to the directory a program runs in now
    /// `pred` accepts, each with the text written last, in the order they were first written.
    /// Absolute paths and paths under `~` are left out, and so are files written before a
    /// directory change the program runs after (see [`Walker::written_key`]).
    pub(super) fn written_where(&self, pred: impl Fn(&str) -> bool) -> Vec<(String, Feed)> {
        let prefix = if self.dir_changes == 0 {
            String::new()
        } else {
            format!("\u{0}{}\u{0}", self.dir_changes)
        };
        let mut found: Vec<(String, Feed)> = Vec::new();
        for (key, feed) in self.written.iter().rev() {
            let Some(path) = key.strip_prefix(prefix.as_str()) else {
                continue;
            };
            if path.starts_with(['/', '~', '\u{0}'])
                || found.iter().any(|(p, _)| p == path)
                || !pred(path)
            {
                continue;
            }
            found.push((path.to_owned(), feed.clone()));
        }
        found.reverse();
        found
    }

    /// The key of a path the line writes or runs: `./` removed; a relative name after a
    /// directory change on the line (`cd`, `pushd`, `popd`, in any branch or subshell) carries
    /// how many came before it, so it names the same file only where no directory change
    /// came between (`echo CODE > x; cd d; sh x` runs `d/x`, which the line did not write).
    fn written_key(&self, path: &str) -> String {
        let p = written_path(path);
        if self.dir_changes == 0 || p.starts_with('/') || p.starts_with('~') {
            p.to_owned()
        } else {
            format!("\u{0}{}\u{0}{p}", self.dir_changes)
        }
    }

    /// `cp SRC DST`, `mv SRC DST`, `ln [-s] SRC DST` of a file the line wrote: DST holds the
    /// same text. The words are read with the program's table: two static operands and flags
    /// only (an option with a value, `-t DIR`, `-S SUFFIX`, or one the table does not know
    /// leaves DST unknown; a directory as DST is not followed).
    fn record_copy(&mut self, s: &SimpleCommand, program: &str) {
        let argv: Vec<Arg> = s.words.iter().flat_map(word::canonical).collect();
        let Some(parsed) = crate::programs::tables::parse_builtin(program, &argv, 0) else {
            return;
        };
        if parsed.dynamic
            || parsed.unknown.is_some()
            || parsed
                .opts
                .iter()
                .any(|o| o.value.is_some() || o.value_at.is_some())
        {
            return;
        }
        let operands: Option<Vec<&str>> = parsed
            .operands
            .iter()
            .map(|&k| argv.get(k).and_then(Arg::exact))
            .collect();
        if let Some([src, dst]) = operands.as_deref()
            && let Some(feed) = self.written_any(src)
        {
            self.written.push((self.written_key(dst), feed));
        }
    }

    /// Remember the files a simple command writes its output into (`> FILE`, `>> FILE`,
    /// `&> FILE`, `tee [-a] FILE…`), with that output when it is known: a printer's static
    /// text, or the text fed to `tee`. Appended text follows what the line wrote before; after
    /// text of a file the line did not write it is known only in part.
    fn record_writes(&mut self, s: &SimpleCommand, c: &Ctx, tee: bool) {
        let mut targets: Vec<(String, bool)> = Vec::new();
        // Written through another descriptor (`exec 3> x`): what lands there is not known.
        let mut unknown: Vec<String> = Vec::new();
        for r in &s.redirects {
            if !matches!(
                r.op.as_str(),
                ">" | ">>" | ">|" | "&>" | "&>>" | ">&" | "<>"
            ) {
                continue;
            }
            let RedirectTarget::Word(w) = &r.target else {
                continue;
            };
            // A redirect's target is one word (`~/x` and `$HOME/x` name the same file).
            let arg = word::canonical_plain(w).or_else(|| match word::canonical(w).as_slice() {
                [a] => Some(a.clone()),
                _ => None,
            });
            let Some(path) = arg
                .as_ref()
                .and_then(|a| path_text(a).map(std::borrow::Cow::into_owned))
            else {
                continue;
            };
            // `>&2`, `>&-`: a copy of a descriptor, not a file.
            if r.op == ">&" && (path == "-" || path.bytes().all(|b| b.is_ascii_digit())) {
                continue;
            }
            if super::replaces_stdout(&r.op, r.fd.as_deref()) {
                targets.push((path, r.op.ends_with(">>")));
            } else {
                unknown.push(path);
            }
        }
        for path in unknown {
            self.written
                .push((self.written_key(&path), Feed::Dynamic(s.span)));
        }
        if tee {
            // Read with tee's table (`-ai`, `--app` abbreviated); without one, or with an
            // option it does not know, every file may be appended to.
            let argv: Vec<Arg> = s.words.iter().flat_map(word::canonical).collect();
            let parsed = crate::programs::tables::parse_builtin("tee", &argv, 0);
            let append = parsed.as_ref().is_none_or(|p| {
                p.unknown.is_some()
                    || p.opts
                        .iter()
                        .any(|o| o.name == "-a" || o.name == "--append")
            });
            let operands: Vec<usize> = match &parsed {
                Some(p) => p.operands.clone(),
                None => (1..argv.len()).collect(),
            };
            for v in operands
                .iter()
                .filter_map(|&k| argv.get(k).and_then(Arg::exact))
            {
                if parsed.is_some() || !v.starts_with('-') {
                    targets.push((v.to_owned(), append));
                }
            }
        }
        if targets.is_empty() {
            return;
        }
        let feed = if tee {
            c.feed.clone().unwrap_or(Feed::Dynamic(s.span))
        } else {
            self.simple_feed(s)
        };
        for (path, append) in targets {
            let path = self.written_key(&path);
            let before = append
                .then(|| self.written.iter().rev().find(|(p, _)| *p == path))
                .flatten()
                .map(|(_, f)| f.clone());
            let feed = match (append, before, &feed) {
                (false, _, f) => f.clone(),
                (true, _, Feed::Dynamic(span)) => Feed::Dynamic(*span),
                // Known text after text known only at run time: known in part.
                (
                    true,
                    None | Some(Feed::Dynamic(_)),
                    Feed::Static(t, m) | Feed::Partial(t, m, _),
                ) => Feed::Partial(t.clone(), m.clone(), s.span),
                (
                    true,
                    Some(Feed::Static(t0, _) | Feed::Partial(t0, _, _)),
                    Feed::Static(t, _) | Feed::Partial(t, _, _),
                ) => {
                    // The spans of the joined text point at this command.
                    let text = format!("{t0}{t}");
                    let map = SpanMap::Table(vec![s.span; text.len()]);
                    Feed::Partial(text, map, s.span)
                }
            };
            self.written.push((path, feed));
        }
    }

    /// What a redirect feeds to standard input, when it redirects standard input (the last one
    /// does, as in bash; `3< file` and `3<<< text` feed another descriptor). `< <(CMD)` is a
    /// pipe from CMD: what it prints, as for `CMD |`.
    fn stdin_feed(&self, r: &crate::ast::Redirect) -> Option<Feed> {
        if let RedirectTarget::Word(w) = &r.target
            && super::replaces_stdin(&r.op, r.fd.as_deref())
            && r.op == "<"
            && let [
                WordPart::ProcessSubstitution {
                    body,
                    output: false,
                    ..
                },
            ] = w.parts.as_slice()
        {
            return Some(self.body_feed(body, r.span));
        }
        // `bash < x.sh` of a file the line wrote: its text.
        if r.op == "<"
            && super::replaces_stdin(&r.op, r.fd.as_deref())
            && !self.written.is_empty()
            && let RedirectTarget::Word(w) = &r.target
            && let Some(feed) = word::canonical_plain(w)
                .and_then(|a| a.exact().map(str::to_owned))
                .and_then(|p| self.written_feed(&p))
        {
            return Some(feed);
        }
        stdin_feed(r)
    }

    /// `CMD > >(sh)`, `CMD &> >(bash)`, `exec 3> >(sh)`: a redirect into an output process
    /// substitution is a pipe, and the commands inside read what is written there: the
    /// command's standard output (`out`, as the next stage of a pipeline does) or, for another
    /// descriptor, what is known only at run time. Returns false when `r` is not of that shape.
    fn piped_redirect(&mut self, r: &crate::ast::Redirect, out: Option<&Feed>, ctx: &Ctx) -> bool {
        let RedirectTarget::Word(w) = &r.target else {
            return false;
        };
        let Some((body, span)) = output_substitution(w) else {
            return false;
        };
        let feed = match out {
            Some(feed) if super::replaces_stdout(&r.op, r.fd.as_deref()) => feed.clone(),
            _ => Feed::Dynamic(r.span),
        };
        self.flag(FlagKind::ProcessSubstitution, span, "");
        let mut pc = ctx.with(Context::ProcessSubstitution);
        pc.feed = Some(feed);
        pc.piped = true;
        self.commands(body, &pc);
        true
    }

    fn subshell(&mut self, body: &[Command], span: Span, ctx: &Ctx) {
        self.flag(FlagKind::Subshell, span, "");
        let saved = self.exported.len();
        let mut c = ctx.clone();
        c.context.push(Context::Subshell);
        self.commands(body, &c);
        self.exported.truncate(saved);
    }

    fn if_command(
        &mut self,
        branches: &[(Vec<Command>, Vec<Command>)],
        else_body: &[Command],
        ctx: &Ctx,
    ) {
        // The bodies run after a condition, which may have read the fed input.
        let after = branches
            .first()
            .and_then(|(cond, _)| cond.first())
            .map_or(std::borrow::Cow::Borrowed(ctx), |c| {
                read_after(ctx, c.span())
            });
        self.branches += 1;
        let before = self.units.len();
        // Every body, and every condition after the first, may not run.
        for (k, (cond, body)) in branches.iter().enumerate() {
            let lists = [(k > 0).then_some(&cond[..]), Some(&body[..])];
            let spans = lists.into_iter().flatten().filter_map(list_span);
            self.branch_spans
                .skippable
                .extend(spans.map(|span| (span, false)));
        }
        self.branch_spans
            .skippable
            .extend(list_span(else_body).map(|span| (span, false)));
        for (cond, body) in branches {
            self.commands_within(cond, Context::Condition, ctx);
            self.commands(body, &after);
        }
        self.commands(else_body, &after);
        // `if exec >> ~/.bashrc; then echo CODE; fi`: an `exec` without a command in a
        // condition or a branch changes the shell's descriptors for what runs after it; the
        // bodies are read again with its redirects (whichever branch it is in).
        if let Some(shell) = self.exec_redirects_since(&after, before) {
            for (_, body) in branches {
                self.commands(body, &shell);
            }
            self.commands(else_body, &shell);
        }
        self.branches -= 1;
    }

    fn loop_command(
        &mut self,
        until: bool,
        condition: &[Command],
        body: &[Command],
        span: Span,
        ctx: &Ctx,
    ) {
        // `while true`, `while :`, `until false`: the condition is one word that always holds.
        let endless = match condition {
            [Command::Simple(c)] if c.words.len() == 1 && c.assignments.is_empty() => {
                let argv = word::canonical(&c.words[0]);
                match argv.as_slice() {
                    [a] => a.exact().is_some_and(|n| {
                        if until {
                            n == "false"
                        } else {
                            n == "true" || n == ":"
                        }
                    }),
                    _ => false,
                }
            }
            _ => false,
        };
        if endless {
            self.flag(FlagKind::EndlessLoop, span, "");
        }
        if !until
            && self.nest == 0
            && let [Command::Simple(c)] = condition
        {
            self.read_loops.push((c.span, span));
        }
        let l = ctx.with(Context::Loop);
        let before = self.units.len();
        self.commands_within(condition, Context::Condition, &l);
        self.commands(body, &l);
        // An `exec` without a command in the condition or the body: the next test and the
        // next pass run with its redirects.
        if let Some(shell) = self.exec_redirects_since(&l, before) {
            self.commands_within(condition, Context::Condition, &shell);
            self.commands(body, &shell);
        }
        if !until && ctx.feed.is_some() {
            self.loop_lines_again(condition, body, ctx);
        }
    }

    /// `[[ … ]]` / `(( … ))`: a unit named `[[` / `((` whose arguments are the operands.
    fn test_command(&mut self, name: &str, words: &[Word], span: Span, ctx: &Ctx) {
        for w in words {
            self.word_effects(w, ctx);
        }
        let mut argv = vec![Arg::literal(name, Span::new(span.start, span.start))];
        argv.extend(words.iter().flat_map(word::canonical));
        self.push_unit(Unit {
            program: Some(name.to_owned()),
            path: None,
            argv,
            span,
            via: ctx.via.clone(),
            context: ctx.context.clone(),
            assignments: self.exported.clone(),
            redirects: ctx.redirects.clone(),
            depth: self.nest,
            appended_args: false,
            piped: ctx.piped,
            stdin: static_feed(ctx),
            wrapper_reads: Vec::new(),
            jobs: super::JobCount::Bounded,
            script: None,
        });
    }

    /// A compound command with redirects: they apply to every unit inside.
    fn redirected(&mut self, body: &Command, redirects: &[crate::ast::Redirect], ctx: &Ctx) {
        let mut c = ctx.clone();
        let out = Feed::Dynamic(body.span());
        for r in redirects {
            let ur = self.redirect(r, Some(&out), ctx);
            if let Some(feed) = self.stdin_feed(r) {
                c.feed = Some(feed);
            }
            c.redirects.push(ur);
        }
        self.command(body, &c);
    }

    /// Flags for a word and the units inside its substitutions.
    pub(super) fn word_effects(&mut self, word: &Word, ctx: &Ctx) {
        let mut ansi_c = false;
        for part in &word.parts {
            match part {
                WordPart::Literal { quoting, .. } => {
                    ansi_c |= *quoting == crate::ast::Quoting::AnsiC;
                }
                WordPart::LineContinuation { span } => {
                    self.flag(FlagKind::LineContinuation, *span, "");
                }
                WordPart::Parameter {
                    name,
                    inner,
                    span,
                    source,
                    ..
                } => {
                    if subscript_or_offset(source) {
                        self.arith.push(ArithCtx::Param(*span));
                    }
                    // `${x:=v}`/`${x=v}` assigns `x` when it is unset (or empty): its value is
                    // no longer the one an assignment earlier on the line gave it.
                    // (tree-sitter-bash gives a subscripted one no name: `${x[0]:=v}`.)
                    if let Some(n) = name.as_deref().or_else(|| subscripted_name(source))
                        && assigns_default(source, n)
                    {
                        self.unknown_value(n, *span);
                        // `: ${BASH_CMDS[ls]:=/bin/rm}` binds `ls` as `BASH_CMDS[ls]=/bin/rm`
                        // does.
                        if super::shell_options::hook_variable(n) {
                            self.flag(
                                FlagKind::DynamicCode,
                                *span,
                                format!(
                                    "`{n}` assigned by an expansion changes what the shell runs \
                                     by itself or for a name"
                                ),
                            );
                        }
                    }
                    if indirect(source) {
                        self.flag(
                            FlagKind::DynamicCode,
                            *span,
                            "indirect expansion (`${!name}`) takes a parameter name from a value, and a value such as `a[$(cmd)]` runs `cmd`",
                        );
                    }
                    self.flag(
                        FlagKind::ParameterExpansion,
                        *span,
                        name.clone().unwrap_or_default(),
                    );
                    for w in inner {
                        self.word_effects(w, ctx);
                    }
                }
                WordPart::Arithmetic { inner, span, .. } => {
                    self.arith.push(ArithCtx::Expr(*span));
                    self.flag(FlagKind::ArithmeticExpansion, *span, "");
                    for w in inner {
                        self.word_effects(w, ctx);
                    }
                }
                WordPart::CommandSubstitution { body, span, .. } => {
                    self.substitutions.push((*span, prints_a_number(body)));
                    self.flag(FlagKind::CommandSubstitution, *span, "");
                    self.commands_within(body, Context::Substitution, ctx);
                }
                WordPart::ProcessSubstitution { body, span, .. } => {
                    self.flag(FlagKind::ProcessSubstitution, *span, "");
                    self.commands_within(body, Context::ProcessSubstitution, ctx);
                }
            }
        }
        if ansi_c {
            self.flag(FlagKind::AnsiCQuoting, word.span, "");
        }
        if word::may_glob(word) && word::canonical(word).iter().any(|a| a.glob) {
            self.flag(FlagKind::Glob, word.span, "");
        }
        if word::has_brace_expansion(word) {
            self.flag(FlagKind::BraceExpansion, word.span, "");
            if word::brace_too_large(word) {
                self.flag(
                    FlagKind::TooLong,
                    word.span,
                    "a brace expansion of more words than are read (bash makes them all, in memory)",
                );
            }
        }
    }

    /// `out`: what the command writes to its standard output, for a redirect into `>(…)`.
    fn redirect(
        &mut self,
        r: &crate::ast::Redirect,
        out: Option<&Feed>,
        ctx: &Ctx,
    ) -> UnitRedirect {
        match &r.target {
            RedirectTarget::Word(w) => {
                if !self.piped_redirect(r, out, ctx) {
                    self.word_effects(w, ctx);
                }
                let kind = if r.op == "<<<" {
                    FlagKind::Herestring
                } else {
                    FlagKind::Redirection
                };
                let arg = word::canonical(w).into_iter().next();
                let target = arg
                    .as_ref()
                    .and_then(|a| a.value.as_deref().map(str::to_owned));
                let glob = r.op != "<<<" && arg.as_ref().is_some_and(|a| a.glob);
                let template = arg.map(|a| a.template.to_string()).unwrap_or_default();
                self.flag(kind, r.span, format!("{} {}", r.op, template));
                UnitRedirect {
                    op: r.op.clone(),
                    fd: r.fd.clone(),
                    target,
                    template,
                    span: r.span,
                    glob,
                }
            }
            RedirectTarget::Heredoc(h) => {
                self.flag(FlagKind::Heredoc, r.span, h.delimiter.clone());
                self.word_effects(&h.body, ctx);
                UnitRedirect {
                    op: r.op.clone(),
                    fd: r.fd.clone(),
                    target: None,
                    template: h.delimiter.clone(),
                    span: r.span,
                    glob: false,
                }
            }
        }
    }

    /// `a=([k]=v)`: bash expands an element's subscript with the word, then again when it
    /// evaluates it as an indexed array's index (`a=([\$\(cmd\)]=1)` and `x='$(cmd)'; a=([$x]=1)`
    /// run `cmd`). A static subscript is arithmetic text whose substitutions run; one holding a
    /// run-time value is code.
    pub(super) fn compound_subscript(&mut self, w: &Word) {
        let Some(arg) = word::canonical(w).into_iter().next() else {
            return;
        };
        let text = arg.value.as_deref().unwrap_or(&arg.template);
        let Some(sub) = super::arith::compound_subscripts(text).into_iter().next() else {
            return;
        };
        if arg.value.is_none() && sub.contains(['$', '`']) {
            self.flag(
                FlagKind::DynamicCode,
                w.span,
                "a compound array assignment expands an element's subscript twice: a value in it runs as code (`a=([$x]=1)` with x='$(cmd)')",
            );
        } else {
            self.arith_names.push((w.span, sub.to_owned(), 0));
        }
    }

    /// `reader`: the assignment prefixes `read`/`mapfile`, where `IFS=` only sets how the line
    /// is split (`while IFS= read -r line`).
    fn assignment(
        &mut self,
        a: &crate::ast::Assignment,
        ctx: &Ctx,
        reader: bool,
    ) -> UnitAssignment {
        for w in &a.index {
            self.word_effects(w, ctx);
        }
        if let Some(v) = &a.value {
            self.word_effects(v, ctx);
        }
        for w in &a.array {
            self.word_effects(w, ctx);
            self.compound_subscript(w);
        }
        // `declare -n r=IFS; r=/`: setting a reference sets its target.
        let referenced = self.referenced(&a.name).into_owned();
        let resolved;
        let a = if referenced == a.name {
            a
        } else {
            resolved = crate::ast::Assignment {
                name: referenced,
                ..a.clone()
            };
            &resolved
        };
        if (a.name == "IFS" && !reader) || a.name.starts_with("IFS[") {
            self.flag(FlagKind::IfsManipulation, a.span, "");
        }
        // `a=(w1 w2 …)` of static words (no `[k]=`): its elements.
        if a.value.is_none() && !a.array.is_empty() && !a.append && !a.name.contains('[') {
            let elements: Option<Vec<String>> = a
                .array
                .iter()
                .flat_map(word::canonical)
                .map(|x| x.exact().filter(|v| !v.starts_with('[')).map(str::to_owned))
                .collect();
            if let Some(elements) = elements.filter(|e| e.len() <= 64) {
                self.arrays.push((a.span, elements));
            }
        }
        let (mut value, mut template) = match &a.value {
            Some(w) => {
                let arg = word::canonical(w).into_iter().next();
                (
                    arg.as_ref().and_then(|x| x.exact().map(str::to_owned)),
                    arg.map(|x| x.template.to_string()).unwrap_or_default(),
                )
            }
            None if a.array.is_empty() => (Some(String::new()), String::new()),
            None => (None, "(…)".to_owned()),
        };
        // `x=$y`, `x="$y/sub"`: a value made of text and variables whose values the line set
        // is known too (bash does not split or glob an assignment's value).
        if value.is_none()
            && let Some(w) = &a.value
        {
            value = self.copied_value(w);
        }
        // bash's tables of aliases and hashed names: `BASH_ALIASES[ll]='ls -l'` is `alias
        // ll='ls -l'`, `BASH_CMDS[ls]=/bin/rm` is `hash -p /bin/rm ls`.
        if !a.append
            && let Some(v) = &value
            && let Some((table, key)) = a.name.strip_suffix(']').and_then(|n| n.split_once('['))
        {
            let key = key.trim_matches(|c| c == '\'' || c == '"');
            match table {
                "BASH_CMDS" if !key.is_empty() && !key.contains('/') => {
                    self.hashed.push((key.to_owned(), v.clone()));
                }
                "BASH_ALIASES" => {
                    let map = match a.value.as_ref().and_then(|w| word::code_text(&[w])) {
                        Some((text, map)) if text == *v => map,
                        _ => crate::parse::SpanMap::Table(vec![a.span; v.len()]),
                    };
                    let v = v.clone();
                    self.alias_value(key, &v, &map, a.span, &ctx.via, ctx);
                }
                _ => {}
            }
        }
        // `x+=v`: the old value (or elements) and `v`, not `v`.
        if a.append {
            value = None;
            template = format!("${{{}}}{template}", a.name);
        }
        UnitAssignment {
            name: a.name.clone(),
            value,
            template,
            span: a.span,
            inherited: false,
            exported: true,
        }
    }

    /// A simple command: the substitutions in its assignments, redirects and words first, then
    /// its unit. Split in pieces so that the frame on the recursion through substitutions stays
    /// small in debug builds.
    fn simple(&mut self, s: &SimpleCommand, ctx: &Ctx) {
        // The first word's first argument, canonicalised once for the checks below (a plain
        // word, most first words, without a list: `simple_unit` reads it again for nothing).
        let head_plain = s.words.first().and_then(word::canonical_plain);
        let head_args = match head_plain {
            Some(_) => None,
            None => s.words.first().map(word::canonical),
        };
        let head = head_plain
            .as_ref()
            .or_else(|| head_args.as_ref().and_then(|args| args.first()));
        let reader = head
            .and_then(|a| a.exact())
            .is_some_and(|p| matches!(p, "read" | "mapfile" | "readarray"));
        let assignments: Vec<UnitAssignment> = s
            .assignments
            .iter()
            .map(|a| self.assignment(a, ctx, reader))
            .collect();
        // tee, also behind wrappers that run it on the same input and output (`timeout 5 tee
        // >(sh) <<< CODE`); the words are read again only when a `>(…)` is among them.
        let tee = head.is_some_and(|a| a.exact() == Some("tee"))
            || s.words.iter().any(|w| output_substitution(w).is_some()) && {
                let all: Vec<Arg> = s.words.iter().flat_map(word::canonical).collect();
                let at = super::nested::output_command(&all, s.words.len());
                at > 0 && all.get(at).and_then(Arg::exact) == Some("tee")
            };
        let mut c = self.simple_redirects(s, ctx);
        // A command that writes into `>(…)` (`curl … > >(sh)`, `curl -o >(sh) URL`) is the
        // first stage of a pipe: what runs inside reads what it writes.
        let writes_pipe = (!tee && s.words.iter().any(|w| output_substitution(w).is_some()))
            || s.redirects.iter().any(|r| {
                matches!(&r.target, RedirectTarget::Word(w) if output_substitution(w).is_some())
            });
        if writes_pipe && !c.context.contains(&Context::Pipeline) {
            self.flag(FlagKind::Pipeline, s.span, "");
            c.to_mut().context.push(Context::Pipeline);
        }
        if !s.words.is_empty() {
            for a in &assignments {
                self.code_valued_env(a, &c);
            }
            // `BASH_ENV=<(echo CODE) bash -c …`, `ENV=<(…) sh -i`: the start-up file the shell
            // runs first is what a command prints.
            for a in &s.assignments {
                if let ("BASH_ENV" | "ENV", Some(value)) = (a.name.as_str(), &a.value) {
                    self.substituted_file(value, a.span, &a.name, &[], &c);
                }
            }
        }
        for w in &s.words {
            if let Some((body, span)) = output_substitution(w) {
                // `tee >(sh) <<< CODE`, `curl … | tee >(sh)`: tee writes what it reads into
                // each `>(…)`, so the command inside reads tee's input; another program writes
                // what it chooses into the file it is given.
                self.flag(FlagKind::ProcessSubstitution, span, "");
                let mut pc = ctx.with(Context::ProcessSubstitution);
                if tee {
                    pc.feed.clone_from(&c.feed);
                } else {
                    pc.feed = Some(Feed::Dynamic(s.span));
                }
                pc.piped = pc.feed.is_some();
                self.commands(body, &pc);
                continue;
            }
            self.word_effects(w, ctx);
        }
        let tees = head.is_some_and(|a| a.exact() == Some("tee"));
        let copies: Option<&'static str> = match head.and_then(Arg::exact) {
            Some("cp") => Some("cp"),
            Some("mv") => Some("mv"),
            Some("ln") => Some("ln"),
            _ => None,
        };
        self.simple_unit(s, assignments, &c, head_args);
        if tees || !s.redirects.is_empty() {
            self.record_writes(s, &c, tees);
        }
        if let Some(program) = copies.filter(|_| !self.written.is_empty()) {
            self.record_copy(s, program);
        }
        self.positional_changes(s);
        // A second reading with the variables set earlier on this line substituted, and the
        // output of a static printer in a command substitution (`rm -rf $(echo ~)`).
        if self.exported.is_empty()
            && !s
                .words
                .iter()
                .any(|w| self.printed_part(w) || defaulted_part(w) || self.operated_part(w))
        {
            return;
        }
        let words: Vec<&Word> = s.words.iter().collect();
        if let Some(text) = self.resolved_text(&words, false) {
            let map = SpanMap::Table(vec![s.span; text.len()]);
            // The command reads the same input (`s=sh; curl … | $s`).
            let mut rc = c.with(Context::Resolved);
            rc.feed.clone_from(&c.feed);
            rc.piped = c.piped;
            self.nested(&text, &map, s.span, &rc);
        }
    }

    /// `set -- a b` sets the positional parameters (static words: known; others: unknown);
    /// `shift` and `set` with a dynamic first word make them unknown.
    fn positional_changes(&mut self, s: &SimpleCommand) {
        let Some(first) = s.words.first().and_then(word::canonical_plain) else {
            return;
        };
        match first.exact() {
            Some("shift") => self.bind_positionals(None, s.span),
            Some("set") => {
                let args: Vec<Arg> = s.words[1..].iter().flat_map(word::canonical).collect();
                let mut i = 0;
                let mut from = None;
                while let Some(a) = args.get(i) {
                    match a.exact() {
                        Some("--") => {
                            from = Some(i + 1);
                            break;
                        }
                        Some("-o" | "+o") => i += 2,
                        Some(w) if w.starts_with(['-', '+']) && w.len() > 1 => i += 1,
                        Some("-" | "+") => {
                            from = Some(i + 1);
                            break;
                        }
                        _ => {
                            from = Some(i);
                            break;
                        }
                    }
                }
                let Some(from) = from else { return };
                let values: Option<Vec<String>> = args[from..]
                    .iter()
                    .map(|a| a.exact().map(str::to_owned))
                    .collect();
                let values = values.filter(|v| v.len() <= 9);
                self.bind_positionals(values.as_deref(), s.span);
            }
            _ => {}
        }
    }

    /// The value of an assignment's word made only of literal text and plain variables whose
    /// values the line set (`$y`, `"${y}/x"`); `None` when any other part is in it. A tilde
    /// in a value copied from a variable stands for the home directory it expanded to.
    fn copied_value(&self, w: &Word) -> Option<String> {
        if !w
            .parts
            .iter()
            .any(|p| matches!(p, WordPart::Parameter { .. }))
        {
            return None;
        }
        let mut out = String::new();
        for part in &w.parts {
            match part {
                WordPart::Literal { text, .. } => out.push_str(text.as_str()),
                WordPart::LineContinuation { .. } => {}
                WordPart::Parameter {
                    name: Some(n),
                    plain: true,
                    ..
                } if !matches!(n.as_str(), "@" | "*") => out.push_str(self.copyable_value(n)?),
                // An operation on a value the line set (`y=${x%/*}`).
                WordPart::Parameter {
                    name: Some(n),
                    plain: false,
                    source,
                    ..
                } => {
                    let op = source
                        .strip_prefix("${")
                        .and_then(|r| r.strip_prefix(n.as_str()))
                        .filter(|op| param_ops::evaluable(op))?;
                    let value = param_ops::apply(self.copyable_value(n)?, op.strip_suffix('}')?)?;
                    out.push_str(&value);
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// The static value of a variable assigned earlier on this line (the latest assignment).
    fn known_value(&self, name: &str) -> Option<&str> {
        let name = self.referenced(name);
        self.exported
            .iter()
            .rev()
            .find(|a| a.name == name)
            .and_then(|a| a.value.as_deref())
    }

    /// The variable `name` stands for: the target of a nameref the line made (followed
    /// along a chain, as bash follows it, up to bash's own bound of 8 links), or `name`.
    /// An element (`r[1]`) of a reference is an element of its target.
    pub(super) fn referenced<'n>(&'n self, name: &'n str) -> std::borrow::Cow<'n, str> {
        if self.namerefs.is_empty() {
            return std::borrow::Cow::Borrowed(name);
        }
        let (mut base, subscript) = match name.find('[') {
            Some(at) => (&name[..at], &name[at..]),
            None => (name, ""),
        };
        let mut hops = 0;
        while hops < 8
            && let Some((_, target)) = self.namerefs.iter().rev().find(|(n, _)| n == base)
        {
            base = target;
            hops += 1;
        }
        if hops == 0 {
            std::borrow::Cow::Borrowed(name)
        } else {
            std::borrow::Cow::Owned(format!("{base}{subscript}"))
        }
    }

    /// Record `a` as the variable's latest value, set through any nameref its name is.
    fn set_value(&mut self, mut a: UnitAssignment) {
        if let std::borrow::Cow::Owned(name) = self.referenced(&a.name) {
            a.name = name;
        }
        self.exported.push(a);
    }

    /// [`Self::known_value`] for a copy the policy may judge: not a value `read` took from
    /// input, which an `IFS` from before the line (not known) may split otherwise.
    fn copyable_value(&self, name: &str) -> Option<&str> {
        let name = self.referenced(name);
        self.exported
            .iter()
            .rev()
            .find(|a| a.name == name)
            .filter(|a| a.template != FED)
            .and_then(|a| a.value.as_deref())
    }

    /// The elements of an array the line assigned static words (`a=(/ x)`), while that
    /// assignment is the variable's latest.
    fn known_array(&self, name: &str) -> Option<&[String]> {
        let name = self.referenced(name);
        let latest = self.exported.iter().rev().find(|a| a.name == name)?;
        if latest.value.is_some() || latest.template != "(…)" {
            return None;
        }
        self.arrays
            .iter()
            .rev()
            .find(|(span, _)| *span == latest.span)
            .map(|(_, e)| e.as_slice())
    }

    /// The words a parameter expansion gives that a second reading can put in its place, as
    /// shell text: an element of a static array (`${a[1]}`, `"${a[@]}"`, `$a`), or the word
    /// of a default (`${x:-W}`, `${x-W}`, `${x:=W}`, `${x=W}`) when the variable may be unset
    /// or empty (its value when the line gave it one). `None` when the expansion is none of
    /// these, or the word is more than plain characters.
    fn expansion_words(&self, source: &str, name: &str, quoted: bool) -> Option<String> {
        let quote = |t: &str| format!("'{}'", t.replace('\'', "'\\''"));
        // An element as bash gives it: a tilde the assignment expanded is the home directory.
        let element = |t: &str| match t.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                format!("\"$HOME\"{}", quote(rest))
            }
            _ => quote(t),
        };
        // A value as words: whole in double quotes, else split at blanks.
        let words = |value: &str| {
            if quoted {
                element(value)
            } else {
                value
                    .split_whitespace()
                    .map(element)
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        // `y=/; x=y; ${!x}`: the value of the variable whose name `x` holds.
        if let Some(pointer) = indirect_name(source) {
            let target = self.known_value(pointer)?;
            if !wrappers::is_variable_name(target) {
                return None;
            }
            let value = self.known_value(target)?;
            return Some(words(value));
        }
        if let Some(elements) = self.known_array(name) {
            let inner = source
                .strip_prefix("${")
                .and_then(|r| r.strip_suffix('}'))
                .unwrap_or(name);
            let index = inner
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix('['))
                .and_then(|r| r.strip_suffix(']'));
            return match index {
                // `$a`, `${a}`: element 0.
                None if inner == name => elements.first().map(|e| element(e)),
                Some("@" | "*") if quoted && index == Some("@") => Some(
                    elements
                        .iter()
                        .map(|e| element(e))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                Some("@" | "*") if !quoted => Some(
                    elements
                        .iter()
                        .map(|e| element(e))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                Some(n) => n.parse::<usize>().ok().map(|k| {
                    elements
                        .get(k)
                        .map_or_else(|| "''".to_owned(), |e| element(e))
                }),
                None => None,
            };
        }
        let rest = source
            .strip_prefix("${")?
            .strip_suffix('}')?
            .strip_prefix(name)?;
        // An operation on a value known on the line (`${x:0:1}`, `${PATH%%:*}`, `${X,,}`).
        if param_ops::evaluable(&source[2 + name.len()..]) {
            let base = self.base_value(name)?;
            let value = param_ops::apply(&base, rest)?;
            return Some(words(&value));
        }
        let (colon, word) = match rest.strip_prefix(':') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let word = word.strip_prefix(['-', '='])?;
        if !word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._~+,:@%-".contains(&b))
        {
            return None;
        }
        let default = || {
            if quoted { quote(word) } else { word.to_owned() }
        };
        match self.known_value(name) {
            Some(v) if !(colon && v.is_empty()) => {
                Some(if quoted { quote(v) } else { v.to_owned() })
            }
            _ => Some(default()),
        }
    }

    /// The value an operation of a second reading starts from: the latest static value the
    /// line gave `name`, or, when the line gives it none, the value the environment passes
    /// down for `HOME` and `PATH` (shclass's own, which the agent's shell inherits). `None`
    /// once the line gives it a run-time value.
    fn base_value(&self, name: &str) -> Option<std::borrow::Cow<'_, str>> {
        match self.exported.iter().rev().find(|a| a.name == name) {
            Some(a) if a.value.is_some() => a.value.as_deref().map(std::borrow::Cow::Borrowed),
            Some(_) if self.home_alias(name) => std::env::var("HOME").ok().map(Into::into),
            None if matches!(name, "HOME" | "PATH") => std::env::var(name).ok().map(Into::into),
            Some(_) | None => None,
        }
    }

    /// Whether `w` holds an operation `param_ops` evaluates on a variable whose value a
    /// second reading may know (cheap: no allocation).
    fn operated_part(&self, w: &Word) -> bool {
        w.parts.iter().any(|p| {
            matches!(p, WordPart::Parameter { name: Some(n), plain: false, source, .. }
                if source
                    .strip_prefix("${")
                    .and_then(|r| r.strip_prefix(n.as_str()))
                    .is_some_and(param_ops::evaluable)
                    && (matches!(n.as_str(), "HOME" | "PATH")
                        || self.exported.iter().any(|a| a.name == *n)))
        })
    }

    /// A variable assigned earlier on this line to the home directory as an expansion
    /// (`t=$HOME`, `t="${HOME}"`): its value is not static, but it is `"$HOME"`.
    fn home_alias(&self, name: &str) -> bool {
        self.exported
            .iter()
            .rev()
            .find(|a| a.name == name)
            .is_some_and(|a| {
                a.value.is_none() && matches!(a.template.trim_matches('"'), "$HOME" | "${HOME}")
            })
    }

    /// `words` with every plain `$x`/`${x}` whose value is known substituted, as text to
    /// re-parse: as code (`as_code`: the value is read as shell code, as `eval` does) or as
    /// command words (quoted values stay one word; unquoted ones split). `None` when nothing
    /// was substituted or something else is still dynamic.
    pub(super) fn resolved_text(&self, words: &[&Word], as_code: bool) -> Option<String> {
        let substitutable = |w: &&Word| {
            w.parts.iter().any(|p| match p {
                WordPart::Parameter {
                    name: Some(n),
                    plain: true,
                    ..
                } => {
                    self.known_value(n).is_some()
                        || self.home_alias(n)
                        || self.known_array(n).is_some()
                }
                WordPart::Parameter {
                    name,
                    source,
                    quoted,
                    ..
                } => {
                    !as_code
                        && name
                            .as_deref()
                            .or_else(|| subscripted_name(source))
                            .or_else(|| indirect_name(source))
                            .and_then(|n| self.expansion_words(source, n, *quoted))
                            .is_some()
                }
                _ => false,
            }) || self.printed_part(w)
        };
        if !words.iter().any(substitutable) {
            return None;
        }
        let quote = |t: &str| format!("'{}'", t.replace('\'', "'\\''"));
        let mut out = String::new();
        let mut substituted = false;
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            // Bash expands the braces of the unquoted text before the variables (`$x{w,}`,
            // `$d/sha{d,}ow`): they stay braces of the second reading.
            let braces = !as_code && word::has_brace_expansion(w);
            for part in &w.parts {
                match part {
                    WordPart::Literal {
                        text,
                        quoting: crate::ast::Quoting::Unquoted,
                        ..
                    } if braces => out.push_str(&brace_text(text)),
                    WordPart::Literal { text, .. } => {
                        if as_code {
                            out.push_str(text);
                        } else {
                            out.push_str(&quote(text));
                        }
                    }
                    WordPart::LineContinuation { .. } => {}
                    WordPart::Parameter {
                        name: Some(name),
                        plain: true,
                        quoted,
                        ..
                    } => {
                        if self.known_value(name).is_none() && self.home_alias(name) {
                            substituted = true;
                            out.push_str("\"$HOME\"");
                            continue;
                        }
                        if self.known_value(name).is_none()
                            && !as_code
                            && let Some(words) =
                                self.expansion_words(&format!("${name}"), name, *quoted)
                        {
                            substituted = true;
                            out.push_str(&words);
                            continue;
                        }
                        let value = self.known_value(name)?;
                        substituted = true;
                        if name == "@" && *quoted && !as_code {
                            // `"$@"`: one word per positional parameter.
                            let count = self.known_value("#").and_then(|n| n.parse().ok());
                            let words: Vec<String> = (1..=count.unwrap_or(0))
                                .map(|k: usize| self.known_value(&k.to_string()).map(quote))
                                .collect::<Option<_>>()?;
                            out.push_str(&words.join(" "));
                        } else if as_code || !quoted {
                            out.push_str(value);
                        } else {
                            out.push_str(&quote(value));
                        }
                    }
                    WordPart::CommandSubstitution { body, quoted, .. } => {
                        let value = self.printed(body)?;
                        substituted = true;
                        // The printed text as one word, quoted: `~` first stands for the home
                        // directory echo printed (`echo ~`).
                        let one = |t: &str| match t.strip_prefix('~') {
                            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                                format!("\"$HOME\"{}", quote(rest))
                            }
                            _ => quote(t),
                        };
                        if as_code {
                            out.push_str(&value);
                        } else if *quoted {
                            out.push_str(&one(&value));
                        } else {
                            // Unquoted, bash splits the output into words (it does not read
                            // quotes or substitutions in it).
                            let words: Vec<String> = value.split_whitespace().map(one).collect();
                            out.push_str(&words.join(" "));
                        }
                    }
                    WordPart::Parameter {
                        name,
                        source,
                        quoted,
                        ..
                    } if !as_code => {
                        let name = name
                            .as_deref()
                            .or_else(|| subscripted_name(source))
                            .or_else(|| indirect_name(source))?;
                        out.push_str(&self.expansion_words(source, name, *quoted)?);
                        substituted = true;
                    }
                    WordPart::Parameter { .. }
                    | WordPart::ProcessSubstitution { .. }
                    | WordPart::Arithmetic { .. } => return None,
                }
            }
        }
        substituted.then_some(out)
    }

    /// What a command substitution's body prints when it is one static printer (`echo ~`,
    /// `printf %s /`), its trailing newlines removed as bash removes them.
    fn printed(&self, body: &[Command]) -> Option<String> {
        // `$(cd DIR && pwd)`, `$(cd DIR; pwd)`: the directory (its links not resolved).
        let moved = match body {
            [
                Command::AndOr {
                    left, op, right, ..
                },
            ] if *op == crate::ast::AndOrOp::And => Some((&**left, &**right)),
            [left, right] => Some((left, right)),
            _ => None,
        };
        if let Some((Command::Simple(cd), Command::Simple(pwd))) = moved {
            let name = |s: &SimpleCommand, k: usize| {
                s.words
                    .get(k)
                    .and_then(word::canonical_plain)
                    .and_then(|a| a.exact().map(str::to_owned))
            };
            if cd.words.len() == 2
                && pwd.words.len() == 1
                && name(cd, 0).as_deref() == Some("cd")
                && name(pwd, 0).as_deref() == Some("pwd")
                && cd.redirects.is_empty()
                && pwd.redirects.is_empty()
            {
                return self
                    .absolute_operand(&cd.words[1])
                    .map(|p| crate::files::normalize_abs(&p));
            }
        }
        let [Command::Simple(inner)] = body else {
            // `$(echo ls; echo pwd)`: what each member prints, in order, when all is known.
            return match self.body_feed(body, Span::default()) {
                Feed::Static(text, _) => Some(text.trim_end_matches('\n').to_owned()),
                _ => None,
            };
        };
        if let Some(path) = self.path_query(inner) {
            return Some(path);
        }
        // `$(<x)` of a file the line wrote.
        if inner.words.is_empty()
            && inner.assignments.is_empty()
            && let [r] = inner.redirects.as_slice()
            && r.op == "<"
            && r.fd.is_none()
            && let RedirectTarget::Word(w) = &r.target
            && let Some(Feed::Static(text, _) | Feed::Partial(text, _, _)) =
                word::canonical_plain(w)
                    .and_then(|a| a.exact().map(str::to_owned))
                    .and_then(|p| self.written_feed(&p))
        {
            return Some(text.trim_end_matches('\n').to_owned());
        }
        if !inner.assignments.is_empty() || !inner.redirects.is_empty() {
            return None;
        }
        match self.simple_feed(inner) {
            Feed::Static(text, _) => Some(text.trim_end_matches('\n').to_owned()),
            _ => None,
        }
    }

    /// What a path query prints for an absolute operand or the home directory: `dirname P`,
    /// `realpath P`, `readlink -f P` (without `..`: the path named, whose links the path
    /// policy resolves where it judges it).
    fn path_query(&self, s: &SimpleCommand) -> Option<String> {
        if !s.assignments.is_empty() || !s.redirects.is_empty() {
            return None;
        }
        let (first, rest) = s.words.split_first()?;
        let program = word::canonical_plain(first)?.exact()?.to_owned();
        let (operand, options) = rest.split_last()?;
        let options: Option<Vec<String>> = options
            .iter()
            .map(|w| word::canonical_plain(w).and_then(|a| a.exact().map(str::to_owned)))
            .collect();
        let options = options?;
        let normal = match (program.as_str(), options.as_slice()) {
            ("dirname", []) => false,
            ("realpath", [] | [_]) | ("readlink", [_])
                if options
                    .iter()
                    .all(|o| matches!(o.as_str(), "-f" | "-e" | "-m" | "-s" | "-L" | "-P")) =>
            {
                true
            }
            _ => return None,
        };
        let path = self.absolute_operand(operand)?;
        if normal {
            // A `..` after a link climbs from the link's target: only a path without one
            // is its own normal form.
            if path.split('/').any(|c| c == "..") {
                return None;
            }
            return Some(crate::files::normalize_abs(&path));
        }
        let trimmed = path.trim_end_matches('/');
        Some(match trimmed.rsplit_once('/') {
            Some((dir, _)) if !dir.trim_end_matches('/').is_empty() => {
                dir.trim_end_matches('/').to_owned()
            }
            _ => "/".to_owned(),
        })
    }

    /// A word's value when it is an absolute path: a static one, the home directory (`~`,
    /// `~/x`, `"$HOME"`, as the environment gives it) or a variable the line set to one.
    fn absolute_operand(&self, w: &Word) -> Option<String> {
        let value = match word::canonical_plain(w).and_then(|a| a.exact().map(str::to_owned)) {
            Some(v) => home_for_tilde(v),
            None => match w.parts.as_slice() {
                [
                    WordPart::Parameter {
                        name: Some(n),
                        plain: true,
                        ..
                    },
                ] => match self.known_value(n) {
                    Some(v) => home_for_tilde(v.to_owned()),
                    None if n == "HOME" && !self.exported.iter().any(|a| a.name == "HOME") => {
                        std::env::var("HOME").ok()?
                    }
                    None => return None,
                },
                [WordPart::Literal { text, .. }] if text == "~" || text.starts_with("~/") => {
                    home_for_tilde(text.to_string())
                }
                _ => return None,
            },
        };
        value.starts_with('/').then_some(value)
    }

    /// Whether `w` holds a command substitution of a static printer.
    fn printed_part(&self, w: &Word) -> bool {
        w.parts.iter().any(|p| {
            matches!(p, WordPart::CommandSubstitution { body, .. } if self.printed(body).is_some())
        })
    }

    /// The context of a simple command's unit: `ctx` with its redirects and what feeds its input.
    fn simple_redirects<'c>(
        &mut self,
        s: &SimpleCommand,
        ctx: &'c Ctx,
    ) -> std::borrow::Cow<'c, Ctx> {
        if s.redirects.is_empty() {
            return std::borrow::Cow::Borrowed(ctx);
        }
        let mut c = ctx.clone();
        let out = s
            .redirects
            .iter()
            .any(|r| {
                super::replaces_stdout(&r.op, r.fd.as_deref())
                    && matches!(&r.target, RedirectTarget::Word(w) if output_substitution(w).is_some())
            })
            .then(|| self.simple_feed(s));
        for r in &s.redirects {
            let ur = self.redirect(r, out.as_ref(), ctx);
            if let Some(feed) = self.stdin_feed(r) {
                c.feed = Some(feed);
            }
            c.redirects.push(ur);
        }
        std::borrow::Cow::Owned(c)
    }

    /// The unit of a simple command (none for a bare assignment, which is remembered instead).
    /// `head` is the first word's canonical arguments when the caller already has them.
    fn simple_unit(
        &mut self,
        s: &SimpleCommand,
        mut assignments: Vec<UnitAssignment>,
        c: &Ctx,
        mut head: Option<Vec<Arg>>,
    ) {
        if s.words.is_empty() {
            if s.redirects.is_empty() {
                // A bare assignment: it applies to the rest of this shell.
                for mut a in assignments {
                    a.inherited = true;
                    a.exported = false;
                    if self.branches == 0 && c.context.is_empty() {
                        self.unconditional.push(a.span);
                    }
                    self.bare.push(a.clone());
                    // `x[0]=v` changes `$x` (element 0) and `${x[@]}`: no static value, unless
                    // the elements are known (`a[0]=rm; a[1]=-rf`).
                    let element = a
                        .name
                        .split_once('[')
                        .map(|(base, _)| (base.to_owned(), a.span));
                    let elements = self.elements_after(&a);
                    self.set_value(a);
                    if let Some((base, span)) = element {
                        match elements {
                            Some(elements) => self.known_elements(&base, elements, span),
                            None => self.unknown_value(&base, span),
                        }
                    }
                }
            } else {
                assignments.splice(0..0, self.exported.iter().cloned());
                self.push_unit(Unit {
                    program: None,
                    path: None,
                    argv: Vec::new(),
                    span: s.span,
                    via: c.via.clone(),
                    context: c.context.clone(),
                    assignments,
                    redirects: c.redirects.clone(),
                    depth: self.nest,
                    appended_args: c.appended,
                    piped: c.piped,
                    stdin: static_feed(c),
                    wrapper_reads: c.wrapper_reads.clone(),
                    jobs: c.jobs,
                    script: None,
                });
            }
            return;
        }
        let mut args: Vec<ArgW> = Vec::with_capacity(s.words.len());
        let mut canon = Vec::new();
        for (i, w) in s.words.iter().enumerate() {
            let sole = match head.take() {
                Some(args) if i == 0 => {
                    canon = args;
                    canon.len() == 1
                }
                _ => match word::canonical_plain(w) {
                    // Most words: one argument, without the scratch list.
                    Some(arg) => {
                        args.push(ArgW {
                            arg,
                            word: w,
                            sole: true,
                        });
                        continue;
                    }
                    None => word::canonical_into(w, &mut canon) == 1,
                },
            };
            args.extend(canon.drain(..).map(|arg| ArgW { arg, word: w, sole }));
        }
        let mut inherited = self.exported.clone();
        inherited.append(&mut assignments);
        // `read -r d <<< /`, `mapfile -t f <<< TEXT`: input known on the line (not in a
        // pipeline, whose stages bash runs in subshells that keep no variables).
        let fed = match &c.feed {
            Some(Feed::Static(text, _))
                if args
                    .first()
                    .and_then(|a| a.arg.exact())
                    .is_some_and(|p| matches!(p, "read" | "mapfile" | "readarray"))
                    && !c.context.contains(&Context::Pipeline) =>
            {
                Some((text.clone(), ifs_of(&inherited)))
            }
            _ => None,
        };
        self.resolve(&args, inherited, c);
        self.declared(&args, c);
        self.builtin_assigns(&args);
        self.descriptor_names(s);
        self.lastpipe_option(&args, c);
        if let Some((text, Some(ifs))) = fed {
            self.fed_assigns(&args, &text, &ifs);
        }
        // `printf -v x '%s' sh`: a format of text and `%s` over static words.
        if let [p, v, name, format, rest @ ..] = args.as_slice()
            && p.arg.exact() == Some("printf")
            && v.arg.exact() == Some("-v")
            && let (Some(name), Some(format)) = (name.arg.exact(), format.arg.exact())
            && fed_values::is_variable(name)
            && !c.context.contains(&Context::Pipeline)
        {
            let words: Option<Vec<&str>> = rest.iter().map(|a| a.arg.exact()).collect();
            if let Some(value) = words.and_then(|w| fed_values::printf_value(format, &w)) {
                let name = name.to_owned();
                self.known(&name, value, args[0].arg.span);
            }
        }
    }

    /// The values a `read` or `mapfile` (`args`) gives its variables from `text`, recorded
    /// as known for the second reading of later commands.
    fn fed_assigns(&mut self, args: &[ArgW], text: &str, ifs: &str) {
        let Some(program) = args.first().and_then(|a| a.arg.exact()) else {
            return;
        };
        let words: Vec<Option<&str>> = args[1..].iter().map(|a| a.arg.exact()).collect();
        let Some(reader) = fed_values::reader(program, &words) else {
            return;
        };
        let Some(values) = fed_values::values(&reader, text, ifs) else {
            return;
        };
        let span = args[0].arg.span;
        if reader.array {
            self.known_elements(&reader.names[0], values, span);
        } else {
            for (name, value) in reader.names.iter().zip(values) {
                self.known(name, value, span);
            }
        }
    }

    /// `name` holds `value` from here on (a tilde first, as a printer's output shows it,
    /// standing for the home directory).
    fn known(&mut self, name: &str, value: String, span: Span) {
        let value = home_for_tilde(value);
        self.set_value(UnitAssignment {
            name: name.to_owned(),
            template: FED.to_owned(),
            value: Some(value),
            span,
            inherited: true,
            exported: false,
        });
    }

    /// `name` is an array of `elements` from here on.
    /// The elements of the array `a` sets an element of (`a[N]=WORD`), when they are known:
    /// a static word at a literal index that replaces an element of a static array or adds one
    /// right after its last; index 0 of a name the line has not set (unset, or a variable of
    /// the environment, whose value is element 0: arrays are not exported).
    fn elements_after(&self, a: &UnitAssignment) -> Option<Vec<String>> {
        let (base, index) = a.name.strip_suffix(']')?.split_once('[')?;
        let value = a.value.as_deref()?;
        if index.is_empty() || index.len() > 3 || !index.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // `a[010]` is arithmetic: octal.
        if index.len() > 1 && index.starts_with('0') {
            return None;
        }
        let index: usize = index.parse().ok()?;
        let mut elements = if self.exported.iter().any(|x| x.name == base) {
            self.known_array(base)?.to_vec()
        } else {
            Vec::new()
        };
        match index.cmp(&elements.len()) {
            std::cmp::Ordering::Less => elements[index] = value.to_owned(),
            std::cmp::Ordering::Equal if elements.len() < 64 => elements.push(value.to_owned()),
            _ => return None,
        }
        Some(elements)
    }

    fn known_elements(&mut self, name: &str, elements: Vec<String>, span: Span) {
        self.set_value(UnitAssignment {
            name: name.to_owned(),
            value: None,
            template: "(…)".to_owned(),
            span,
            inherited: true,
            exported: false,
        });
        self.arrays.push((span, elements));
    }

    /// `read x`, `mapfile x`, `printf -v x`, `getopts o x`, `wait -p x`, `unset x`: the
    /// variable's value is set at run time (from input, a format, an option), so an
    /// assignment earlier on the line no longer says what it is.
    fn builtin_assigns(&mut self, args: &[ArgW]) {
        // `command read x`, `builtin printf -v x …`: the same builtins.
        let mut args = args;
        while let Some(first) = args.first().and_then(|a| a.arg.exact())
            && matches!(first, "command" | "builtin" | "-p" | "--")
            && args.len() > 1
        {
            args = &args[1..];
        }
        let Some(program) = args.first().and_then(|a| a.arg.exact()) else {
            return;
        };
        if !matches!(
            program,
            "read" | "mapfile" | "readarray" | "printf" | "getopts" | "wait" | "unset"
        ) {
            return;
        }
        let texts: Vec<&str> = args[1..]
            .iter()
            .map(|a| a.arg.value.as_deref().unwrap_or(&a.arg.template))
            .collect();
        let mut names = super::arith::name_operands(program, &texts);
        // `read` with no name sets `REPLY`; `mapfile` with none, `MAPFILE`.
        match program {
            "read" if names.is_empty() => {
                self.unknown_value("REPLY", args[0].arg.span);
            }
            "mapfile" | "readarray" if names.is_empty() => {
                self.unknown_value("MAPFILE", args[0].arg.span);
            }
            "getopts" => {
                self.unknown_value("OPTARG", args[0].arg.span);
                self.unknown_value("OPTIND", args[0].arg.span);
                self.bash_numbers
                    .push(("OPTIND".to_owned(), args[0].arg.span));
            }
            _ => {}
        }
        for (k, at) in names.drain(..) {
            let (Some(text), Some(arg)) = (texts.get(k), args.get(k + 1)) else {
                continue;
            };
            let name = text.get(at..).unwrap_or(text);
            let name = name.split('[').next().unwrap_or(name);
            self.unknown_value(name, arg.arg.span);
        }
    }

    /// The line's own shell, not a copy of it, where what runs always runs: no subshell,
    /// pipeline stage, substitution or code another program runs, no branch, loop, `case` arm
    /// or function body, which may not run.
    fn in_this_shell(&self, ctx: &Ctx) -> bool {
        self.branches == 0 && ctx.via.is_empty() && ctx.context.is_empty()
    }

    /// `shopt -s lastpipe` run unconditionally by this shell switches the option on; any other
    /// `shopt` that may switch it off (`-u`, a word known only at run time, another shell
    /// level) switches the model off.
    fn lastpipe_option(&mut self, args: &[ArgW], ctx: &Ctx) {
        if args.first().and_then(|a| a.arg.exact()) != Some("shopt") {
            return;
        }
        let words: Option<Vec<&str>> = args[1..].iter().map(|a| a.arg.exact()).collect();
        let Some(words) = words else {
            self.lastpipe = false;
            return;
        };
        let names_it = words.contains(&"lastpipe");
        let unsets = words.iter().any(|w| w.starts_with('-') && w.contains('u'));
        let sets = words.iter().any(|w| w.starts_with('-') && w.contains('s'));
        // `-o` names `set -o` options, among which `lastpipe` is not: an error.
        let set_names = words.iter().any(|w| w.starts_with('-') && w.contains('o'));
        if names_it && sets && !unsets && !set_names && self.in_this_shell(ctx) {
            self.lastpipe = true;
        } else if names_it || words.is_empty() {
            self.lastpipe = false;
        }
    }

    /// `exec {fd}>file`, `cmd {fd}<file`: bash opens a new descriptor and puts its number in the
    /// variable named between the braces, which keeps it after the command (`{PATH}>/dev/null`
    /// sets `PATH` to `10`). The name gets a value of run time; closing one (`{fd}>&-`) reads
    /// the variable instead.
    fn descriptor_names(&mut self, s: &SimpleCommand) {
        for r in &s.redirects {
            let Some(name) = r.fd.as_deref().and_then(descriptor_variable) else {
                continue;
            };
            if !closes_descriptor(r) {
                self.unknown_value(name, r.span);
            }
        }
    }

    /// `name` gets a value known only at run time from here on: later readings of the line
    /// do not substitute an earlier static value for it.
    pub(super) fn unknown_value(&mut self, name: &str, span: Span) {
        if !wrappers::is_variable_name(name) {
            return;
        }
        let a = UnitAssignment {
            name: name.to_owned(),
            value: None,
            template: super::SET_AT_RUN_TIME.to_owned(),
            span,
            inherited: true,
            exported: false,
        };
        self.bare.push(a.clone());
        self.set_value(a);
    }

    /// The body of the function `name` defined last on the line, to read again at a call,
    /// unless it is being read again already (a recursive call).
    fn body_to_read_again(&self, name: &str) -> Option<Command> {
        if self.rewalking.iter().any(|f| f == name) {
            return None;
        }
        self.function_bodies
            .iter()
            .rev()
            .find(|(f, _)| f == name)
            .map(|(_, b)| b.clone())
    }

    /// Read the body of the function `name` again where it is called.
    fn read_body_again(&mut self, name: &str, body: &Command, ctx: &Ctx) {
        let mut c = ctx.clone();
        c.context.push(Context::Function);
        self.rewalking.push(name.to_owned());
        self.command(body, &c);
        self.rewalking.pop();
    }

    /// The positional parameters (`$1`…`$9`, `$@`, `$*`, `$#`) from here on: `values` when
    /// they are known (`set -- a b`, a function's static arguments), otherwise unknown (after
    /// `shift`, `set -- "$x"`, inside a function's body read where it is defined).
    pub(super) fn bind_positionals(&mut self, values: Option<&[String]>, span: Span) {
        // Unknown is what they are until a line sets them: nothing to record.
        if values.is_none()
            && !self
                .exported
                .iter()
                .any(|a| is_positional(&a.name) && a.value.is_some())
        {
            return;
        }
        let bind = |name: String, value: Option<String>| UnitAssignment {
            name,
            template: value
                .clone()
                .unwrap_or_else(|| super::SET_AT_RUN_TIME.to_owned()),
            value,
            span,
            inherited: true,
            exported: false,
        };
        for k in 1..=9 {
            let v = values.and_then(|v| v.get(k - 1).cloned());
            // A parameter past the last one is empty: known only when the list is.
            let v = v.or_else(|| values.map(|_| String::new()));
            self.exported.push(bind(k.to_string(), v));
        }
        let all = values.map(|v| v.join(" "));
        for name in ["@", "*"] {
            self.exported.push(bind(name.to_owned(), all.clone()));
        }
        self.exported
            .push(bind("#".to_owned(), values.map(|v| v.len().to_string())));
    }

    /// `export NAME=value` (and `declare`, `local`…) sets a variable for the rest of the line.
    fn declared(&mut self, args: &[ArgW], ctx: &Ctx) {
        let Some(first) = args.first().and_then(|a| a.arg.exact()) else {
            return;
        };
        if !matches!(
            first,
            "export" | "declare" | "typeset" | "local" | "readonly"
        ) {
            return;
        }
        // `declare -l x` (case), `-i` (arithmetic), `-n` (a name for another variable), `-a`/`-A`
        // (arrays): later values are not what an assignment says, and a nameref's target is
        // set through the reference.
        let transforms = args[1..].iter().any(|o| {
            o.arg.exact().is_some_and(|v| {
                (v.starts_with('-') || v.starts_with('+'))
                    && v[1..].contains(['l', 'u', 'c', 'i', 'n', 'a', 'A'])
            }) || (o.arg.value.is_none() && !names_an_assignment(&o.arg.template))
        });
        // `declare -n r=x` (`local -n`, `typeset -n`): reading or setting `r` from here on
        // reads or sets `x`. Only options this reading knows (`-n` with `-g`, `-r`, `-x`).
        let reference = first != "export"
            && first != "readonly"
            && args[1..].iter().all(|o| {
                o.arg.exact().is_some_and(|v| {
                    !v.starts_with(['-', '+'])
                        || v.starts_with('-') && v[1..].bytes().all(|b| b"ngrx".contains(&b))
                })
            })
            && args[1..].iter().any(|o| {
                o.arg
                    .exact()
                    .is_some_and(|v| v.starts_with('-') && v.contains('n'))
            });
        let mut references = Vec::new();
        let mut unknown = Vec::new();
        for a in &args[1..] {
            let text = a.arg.value.as_deref().unwrap_or(&a.arg.template);
            if !text.starts_with(['-', '+']) {
                let name = text.split_once('=').map_or(text, |(n, _)| n);
                let name = name.strip_suffix('+').unwrap_or(name);
                let name = name.split('[').next().unwrap_or(name);
                if reference
                    && let Some((n, target)) = a.arg.exact().and_then(|t| t.split_once('='))
                    && n == name
                    && wrappers::is_variable_name(n)
                    && wrappers::is_variable_name(target)
                    && n != target
                {
                    references.push((n.to_owned(), target.to_owned()));
                    continue;
                }
                if transforms || text.contains('=') {
                    unknown.push((name.to_owned(), a.arg.span, transforms));
                }
                // `declare -n r=x`: `x` is set through `r`.
                if transforms && let Some((_, target)) = text.split_once('=') {
                    let target = target.split('[').next().unwrap_or(target);
                    unknown.push((target.to_owned(), a.arg.span, true));
                }
            }
            let Some((name, value)) = text.split_once('=') else {
                continue;
            };
            // `export x+=v`: appended to the old value.
            let (name, appended) = match name.strip_suffix('+') {
                Some(n) => (n, true),
                None => (name, false),
            };
            if !wrappers::is_variable_name(name) {
                continue;
            }
            if name == "IFS" {
                self.flag(FlagKind::IfsManipulation, a.arg.span, "");
            }
            let assignment = UnitAssignment {
                name: name.to_owned(),
                value: match &a.arg.value {
                    Some(_) => Some(value.to_owned()),
                    // `local d=$1`, `declare x="$y"`: copied from values the line set.
                    None if !transforms && a.sole => self
                        .copied_value(a.word)
                        .and_then(|t| t.split_once('=').map(|(_, v)| v.to_owned())),
                    None => None,
                }
                .filter(|_| !appended),
                template: value.to_owned(),
                span: a.arg.span,
                inherited: true,
                exported: first == "export"
                    || args[1..].iter().any(|o| {
                        o.arg
                            .exact()
                            .is_some_and(|v| v.starts_with('-') && v.contains('x'))
                    }),
            };
            if assignment.exported || assignment.name.starts_with("PS") {
                self.code_valued_env(&assignment, ctx);
            }
            self.set_value(assignment);
        }
        // A reference holds no value of its own: its target's is read through it.
        self.namerefs.extend(references);
        // What the line's readers of variable values see: a value set by a builtin in this shell
        // (in a loop body or a function it may be read before or after this point), and with
        // attributes not the value as written.
        for (name, span, transformed) in unknown {
            if transformed {
                self.unknown_value(&name, span);
            } else if wrappers::is_variable_name(&name) {
                self.bare.push(UnitAssignment {
                    name,
                    value: None,
                    template: super::SET_AT_RUN_TIME.to_owned(),
                    span,
                    inherited: true,
                    exported: false,
                });
            }
        }
        // `declare -a a=(rm -rf ~)`: a compound assignment of plain words gives the array its
        // elements (options that only make it an array, global, read-only or exported).
        let plain_options = args[1..].iter().all(|o| {
            o.arg.exact().is_some_and(|v| {
                !v.starts_with(['-', '+'])
                    || v.starts_with('-') && v[1..].bytes().all(|b| b"agrx".contains(&b))
            })
        });
        if plain_options {
            for a in &args[1..] {
                if let Some((name, elements)) = a.arg.exact().and_then(plain_compound) {
                    self.known_elements(name, elements, a.arg.span);
                }
            }
        }
    }

    /// A wrapper giving its command another zeroth argument (`exec -a rm ls -rf ~`, `env
    /// --argv0 NAME`): a multi-call program (busybox, toybox, uutils coreutils, whose `ls` may
    /// be a link to one binary) runs as the program that name gives, so the command is not
    /// proven, and it is read a second time as that program with the same words. A name whose
    /// last path component is the command's own (`exec -a ls ls`) changes nothing.
    fn zeroth_argument(
        &mut self,
        zeroth: Option<&str>,
        command: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let Some((cmd, base_name)) = command
            .first()
            .and_then(|c| c.arg.exact().map(|w| (c, last_component(w))))
        else {
            return;
        };
        let zeroth = zeroth.map(last_component);
        if zeroth == Some(base_name) {
            return;
        }
        self.flag(
            FlagKind::UnsupportedSyntax,
            cmd.arg.span,
            format!(
                "{program}: the command runs with the zeroth argument {}, which a multi-call program (busybox, toybox, uutils coreutils) runs as the program it names",
                zeroth.map_or("known only at run time".to_owned(), |z| format!("`{z}`"))
            ),
        );
        if let Some(name) = zeroth.filter(|z| !z.is_empty()) {
            let mut again: Vec<ArgW> = command.to_vec();
            again[0].arg = Arg::literal(name, cmd.arg.span);
            let mut c = ctx.clone();
            c.via = via.to_vec();
            self.resolve(&again, assignments.to_vec(), &c);
        }
    }

    /// Resolve the program of `args`, stripping wrappers and descending into code they run.
    pub(super) fn resolve(
        &mut self,
        args: &[ArgW],
        mut assignments: Vec<UnitAssignment>,
        ctx: &Ctx,
    ) {
        let mut via = ctx.via.clone();
        let outer = via.len();
        let mut start = 0;
        // Whether every wrapper read so far is bash's `time` keyword: an unquoted `time` as
        // the command's first word without an assignment of its own, or after such a `time`
        // (its `-p`, `--`) or a `!` after one (`time time ! CMD`, `time ! time CMD`). A `time`
        // after an assignment, in quotes or after another wrapper is the program.
        let mut keyword_time = false;
        // Copied only when a wrapper changes it.
        let mut ctx = std::borrow::Cow::Borrowed(ctx);
        loop {
            let Some(first) = args.get(start) else {
                return;
            };
            let rest = &args[start..];
            let Some(name) = first.arg.exact() else {
                let why = if first.arg.glob {
                    "a glob decides the program name"
                } else {
                    "an expansion decides the program name"
                };
                self.flag(FlagKind::CommandPositionExpansion, first.arg.span, why);
                // `/b??/sh`, `/u*/b*/curl`: a glob in the directories only, which may expand to
                // a system directory, leaves the file's name as written: the program may be
                // the system's (still flagged: the directory is known at run time only).
                if first.arg.glob
                    && let Some(pattern) = first.arg.value.as_deref()
                    && let Some((dir, file)) = pattern.rsplit_once('/')
                    && !file.is_empty()
                    && !file.contains(['*', '?', '[', ']', '\\'])
                    && let Some(system) = system_dir_matching(dir)
                {
                    let mut named: Vec<ArgW> = rest.to_vec();
                    named[0].arg = Arg::literal(&format!("{system}/{file}"), first.arg.span);
                    ctx.to_mut().via = via;
                    self.resolve(&named, assignments, &ctx);
                    return;
                }
                // `/usr/bin/ki?? -9 -1`, `/bin/r[m] -rf ~`: a glob in the file name of a system
                // directory expands to the programs installed there whose names match (the
                // first of them runs). Each program of the catalogue whose name matches is read
                // as the program, so the line is judged as the worst of them; the unit of the
                // unknown program stays (other files may match), so it is never allowed.
                if first.arg.glob
                    && let Some(pattern) = first.arg.value.as_deref()
                    && let Some((dir, file)) = pattern.rsplit_once('/')
                    && let Some(system) =
                        system_dir_matching(if dir.is_empty() { "/" } else { dir })
                {
                    let candidates: Vec<&str> = crate::programs::tables::program_names()
                        .filter(|name| crate::files::secret_glob::bash_fnmatch(file, name, false))
                        .take(MAX_GLOB_PROGRAMS + 1)
                        .collect();
                    if candidates.len() <= MAX_GLOB_PROGRAMS {
                        for name in candidates {
                            let mut named: Vec<ArgW> = rest.to_vec();
                            named[0].arg =
                                Arg::literal(&format!("{system}/{name}"), first.arg.span);
                            let mut c = ctx.clone().into_owned();
                            c.via.clone_from(&via);
                            self.resolve(&named, assignments.clone(), &c);
                        }
                    } else {
                        self.flag(
                            FlagKind::CommandPositionExpansion,
                            first.arg.span,
                            format!(
                                "the glob matches more than {MAX_GLOB_PROGRAMS} known programs; which one runs is not read"
                            ),
                        );
                    }
                }
                if names_a_shell(first.word) {
                    // `curl … | $SHELL`, `${BASH:-sh} -c …`: whatever its value, the variable
                    // names a shell; analysed as `sh` (still flagged: the value is unknown).
                    let mut as_sh: Vec<ArgW> = rest.to_vec();
                    as_sh[0].arg = Arg::literal("sh", first.arg.span);
                    ctx.to_mut().via = via;
                    self.resolve(&as_sh, assignments, &ctx);
                    return;
                }
                self.emit(rest, None, None, via, assignments, &ctx);
                return;
            };
            // `alias r='rm -rf'; r /`: a command starting with an alias is also read as
            // bash reads it once expanded (the unit of the name itself stays: whether the
            // alias is in effect there is not proven).
            if start == 0 && via.len() == outer && !ctx.appended && !self.aliases.is_empty() {
                self.alias_expansion(rest, &ctx);
            }
            if is_reserved_word(first) {
                // Only a grammar gap puts a reserved word here (`coproc { …; }`, which
                // tree-sitter-bash reads as a command named `{`; `time [[ … ]]`, which bash
                // reads as a conditional whose arithmetic operands it evaluates): skip it,
                // analyse the rest.
                self.flag(
                    FlagKind::UnsupportedSyntax,
                    first.arg.span,
                    format!("reserved word `{name}` where a command name was expected"),
                );
                start += 1;
                continue;
            }
            // `time ! CMD`, `time time ! CMD`: after the `time` keyword bash reads a pipeline,
            // which may begin with the negation `!`; the command follows it. After the program
            // `time` (`X=1 time ! CMD`) `!` is the command the program runs.
            if first.sole
                && matches!(first.word.parts.as_slice(),
                    [WordPart::Literal { text, quoting: crate::ast::Quoting::Unquoted, .. }] if text == "!")
                && keyword_time
            {
                start += 1;
                continue;
            }
            if name == "coproc"
                && rest.len() > 2
                && !is_reserved_word(&rest[1])
                && is_reserved_word(&rest[2])
            {
                // `coproc NAME { …; }`: NAME names the coprocess, the command follows.
                via.push(name.to_owned());
                start += 2;
                continue;
            }
            // A call with its standard input fed (`f <<< CODE`, `echo CODE | f`): the body
            // reads that input, so it is read again with it (`f() { bash; }` runs the code).
            if start == 0
                && via.is_empty()
                && ctx.feed.is_some()
                && let Some(body) = self.body_to_read_again(name)
            {
                self.read_body_again(name, &body, &ctx);
            }
            // `f() { exec >> ~/.bashrc; }; f; echo CODE`: the call applies the redirects of an
            // `exec` without a command in the body to the shell, as that `exec` would.
            if start == 0
                && via.is_empty()
                && !self.rewalking.iter().any(|f| f == name)
                && self.functions.iter().any(|f| f == name)
                && let Some((_, execs)) = self.function_execs.iter().rev().find(|(f, _)| f == name)
                && !execs.is_empty()
            {
                let mut redirects = ctx.redirects.clone();
                redirects.extend(execs.iter().cloned());
                self.push_unit(Unit {
                    program: Some("exec".to_owned()),
                    path: None,
                    argv: vec![Arg::literal("exec", first.arg.span)],
                    span: first.arg.span,
                    via: ctx.via.clone(),
                    context: ctx.context.clone(),
                    assignments: self.exported.clone(),
                    redirects,
                    depth: self.nest,
                    appended_args: false,
                    piped: ctx.piped,
                    stdin: None,
                    wrapper_reads: Vec::new(),
                    jobs: super::JobCount::Bounded,
                    script: None,
                });
            }
            // A call of a function defined earlier on the line runs its body, whose units are
            // already analysed (`f() { ls; }; f`). With redirects, assignments or a wrapper it
            // stays a unit of its own; but a redirect of its output that writes no file (`f
            // 2>&1`, `f >/dev/null`) changes nothing the body runs.
            // Variables the line set before the call (`d=…` in a body, `x=1; f /`) keep the
            // call a unit of its own, but its body is still read again with its arguments.
            let settled = assignments.is_empty();
            if start == 0
                && via.is_empty()
                && assignments.iter().all(|a| a.inherited)
                && ctx.redirects.iter().all(|r| {
                    matches!(r.op.as_str(), ">" | ">>" | ">|" | "&>" | "&>>" | ">&")
                        && !r.writes_file()
                })
                && self.functions.iter().any(|f| f == name)
                && !self.units.iter().any(|u| {
                    // `unset -f NAME` (or `unset NAME`) earlier: the call is the program again.
                    u.program.as_deref() == Some("unset")
                        && u.args()
                            .any(|a| a.value.as_deref().is_none_or(|v| v == name))
                })
            {
                // `f() { rm -rf "$1"; }; f ~`: with static arguments the body is read again
                // with them as its positional parameters (only its second, substituted
                // reading can add to what it runs).
                let values: Option<Vec<String>> = rest[1..]
                    .iter()
                    .map(|a| a.arg.exact().map(str::to_owned))
                    .collect();
                if let Some(values) = values.filter(|v| !v.is_empty() && v.len() <= 9)
                    && let Some(body) = self.body_to_read_again(name)
                {
                    let saved = self.exported.len();
                    let before = self.units.len();
                    self.bind_positionals(Some(&values), first.arg.span);
                    self.read_body_again(name, &body, &ctx);
                    self.exported.truncate(saved);
                    // The body's units read the same way again are already there.
                    self.drop_repeated_units(before);
                }
                if settled {
                    self.calls.push((name.to_owned(), first.arg.span));
                    return;
                }
            }
            // `hash -p /bin/rm ls; ls -rf ~`: a name bound to a file runs that file, unless a
            // function or builtin of that name comes first.
            if !self.hashed.is_empty()
                && !name.contains('/')
                && !self.functions.iter().any(|f| f == name)
                && !crate::programs::is_shell_builtin(name)
                && let Some((_, file)) = self.hashed.iter().rev().find(|(n, _)| n == name)
            {
                // bash runs the file as named: a name without a slash is a path from the
                // working directory.
                let file = if file.contains('/') {
                    file.clone()
                } else {
                    format!("./{file}")
                };
                let mut bound: Vec<ArgW> = rest.to_vec();
                bound[0].arg = Arg::literal(&file, first.arg.span);
                ctx.to_mut().via = via;
                self.resolve(&bound, assignments, &ctx);
                return;
            }
            let (program, path) = normalize_program(name);
            // `kitty @launch CMD`: a first word the program reads as two (a wrapper's
            // `split_prefixes`) is read split, as `kitty @ launch CMD`.
            if let Some(spec) = wrappers::lookup(&program)
                && let Some(a) = rest.get(1)
                && let Some(w) = a.arg.exact()
                && let Some(prefix) = spec
                    .split_prefixes
                    .iter()
                    .find(|p| w.len() > p.len() && w.starts_with(*p))
            {
                let mut split: Vec<ArgW> = Vec::with_capacity(rest.len() + 1);
                split.push(rest[0].clone());
                for piece in [prefix, &w[prefix.len()..]] {
                    let mut word = a.clone();
                    word.arg = Arg::literal(piece, a.arg.span);
                    split.push(word);
                }
                split.extend(rest[2..].iter().cloned());
                ctx.to_mut().via = via;
                self.resolve(&split, assignments, &ctx);
                return;
            }
            if is_confusable(&program) {
                self.flag(
                    FlagKind::UnicodeConfusable,
                    first.arg.span,
                    format!("program name {program:?}"),
                );
            }
            for a in &rest[1..] {
                if let Some(v) = a.arg.value.as_deref()
                    && v.starts_with('-')
                    && is_confusable(v)
                {
                    self.flag(
                        FlagKind::UnicodeConfusable,
                        a.arg.span,
                        format!("option {v:?}"),
                    );
                }
            }
            // `./x.sh` (or `/tmp/x`) of a file the line wrote runs what was written.
            if name.contains('/') && !self.written.is_empty() {
                self.run_written(name, first.arg.span, &program, &via, &ctx, true);
            }
            let bare = path.is_none() || program.find('/').is_none();
            // `cargo +nightly fmt --check`, `rustc +1.80 --version`: a rustup proxy's first
            // word `+CHANNEL` picks the installed toolchain whose program runs (rustup installs
            // none for it), and the rest is that program's own command line, read without it.
            // `rustup run CHANNEL CMD…` runs CMD so. Only a release channel is read so: a path
            // (`+/opt/tc`) runs the programs of that directory. A function of that name runs
            // its body instead.
            if bare
                && crate::programs::is_rustup_proxy(&program)
                && !self.functions.iter().any(|f| f == name)
            {
                let word = |k: usize| rest.get(k).and_then(|a| a.arg.exact());
                let picked = word(1)
                    .and_then(|w| w.strip_prefix('+'))
                    .is_some_and(crate::programs::is_release_channel);
                if picked {
                    let mut without: Vec<ArgW> = Vec::with_capacity(rest.len() - 1);
                    without.push(rest[0].clone());
                    without.extend(rest[2..].iter().cloned());
                    ctx.to_mut().via = via;
                    self.resolve(&without, assignments, &ctx);
                    return;
                }
                if program == "rustup"
                    && word(1) == Some("run")
                    && word(2).is_some_and(crate::programs::is_release_channel)
                    && word(3).is_some_and(|w| !w.starts_with('-'))
                {
                    via.push(program);
                    ctx.to_mut().via = via;
                    self.resolve(&rest[3..], assignments, &ctx);
                    return;
                }
            }
            // `grm -rf ~`, `genv rm -rf ~`, `gfind / -delete`: a GNU program under its `g`
            // name is that program, so the command is read a second time as it. The unit of
            // the name as written stays (no rule covers it: the second reading can only make
            // the verdict stricter). The names the catalogue reads as the GNU program
            // already (the wrappers `gtimeout`, `gnice`; `gtar` and `gsed`, whose tables are
            // tar's and sed's) are not read twice.
            // The name test first: it is a byte and a `match`, the look-ups are not.
            let gnu = crate::programs::gnu_name(&program);
            if bare
                && gnu != program
                && wrappers::lookup(&program).is_none()
                && crate::programs::tables::builtin(&program).is_none()
            {
                let mut again: Vec<ArgW> = rest.to_vec();
                again[0].arg = Arg::literal(gnu, first.arg.span);
                let mut c = ctx.clone().into_owned();
                c.via.clone_from(&via);
                self.resolve(&again, assignments.clone(), &c);
            }
            // Package managers are wrappers too (`npm exec`): their scripts are read first.
            if bare && matches!(program.as_str(), "npm" | "pnpm" | "yarn" | "bun") {
                self.package_scripts(rest, &program, &via, &ctx);
            }
            // `cat > conftest.py <<EOF … EOF; pytest`, `printf … > justfile; just`: the project
            // files the program reads by their fixed names, as the line wrote them, are code
            // it runs; so is one an option names (`just -f <(printf …)`).
            if bare
                && (!self.written.is_empty()
                    || rest.iter().any(|a| {
                        a.word
                            .parts
                            .iter()
                            .any(|p| matches!(p, WordPart::ProcessSubstitution { .. }))
                    }))
                && let Some(code) = crate::programs::project_code(&program)
            {
                self.project_code(code, rest, &program, &via, &ctx);
            }
            if bare && let Some(spec) = wrappers::lookup(&program) {
                keyword_time = program == "time"
                    && is_unquoted(first, "time")
                    && assignments.iter().all(|a| a.inherited)
                    && (via.len() == outer || keyword_time);
                let inner_args: Vec<Arg> = rest[1..].iter().map(|a| a.arg.clone()).collect();
                self.wrapper_outputs(spec, &inner_args, &program, &via, ctx.to_mut());
                // The wrapper's own options that run a program, reach the network, read
                // settings or write files its table does not name (`dbus-run-session
                // --dbus-daemon=BIN`, `valgrind --log-socket=H`): what it does is not proven.
                for (at, name) in wrappers::effect_options(spec, &inner_args) {
                    if let Some(a) = inner_args.get(at) {
                        self.flag(
                            FlagKind::UnsupportedSyntax,
                            a.span,
                            format!(
                                "{program}: its option `{name}` runs a program, reaches the network, reads settings or writes files of its own"
                            ),
                        );
                    }
                }
                // The wrapper's own options whose value is a command (`npm --script-shell`).
                self.option_code(rest, &program, &via, &ctx);
                let stripped = wrappers::strip(spec, &inner_args);
                // `env -i bash -c 'cargo build'`: the shell looks program names up without the
                // person's `PATH` (bash's built-in one ends with `.`). A command that is neither
                // a shell nor a wrapper (which may start one) is found by `execvp`'s own path
                // (`/bin:/usr/bin`).
                let shell_started = match &stripped {
                    Strip::NoCommand => false,
                    Strip::Inner { start: s, .. } => inner_args.get(*s).is_none_or(|w| {
                        w.exact().is_none_or(|p| {
                            crate::programs::is_shell(crate::programs::base(p))
                                || wrappers::lookup(crate::programs::base(p)).is_some()
                        })
                    }),
                    _ => true,
                };
                if shell_started
                    && let Some(a) =
                        wrappers::drops_path(spec, &inner_args).and_then(|at| inner_args.get(at))
                {
                    self.flag(
                        FlagKind::UnsupportedSyntax,
                        a.span,
                        format!(
                            "{program} `{}`: the command runs without `PATH` in its environment, and a shell started so searches bash's built-in path, which ends with the current directory: a program name may run a file of the workspace",
                            a.exact().unwrap_or(&a.template)
                        ),
                    );
                }
                // `kitty @ launch CMD`: the command runs in a window of the running terminal,
                // where the person works: judged, never allowed.
                // `kitty @ send-text TEXT`: the text is typed into a window of the running
                // terminal, where a shell reads it: read as code, never allowed.
                if let Some((form, len)) = wrappers::typed_form(spec, &inner_args) {
                    self.typed_text(rest, len, form, &program, &via, &ctx);
                }
                if let Some(form) = wrappers::remote_form(spec, &inner_args) {
                    self.flag(
                        FlagKind::UnsupportedSyntax,
                        first.arg.span,
                        format!(
                            "{program} {form}: the running terminal runs the command in a window of its own, where the person works"
                        ),
                    );
                }
                // `time -pp CMD`: bash's `time` keyword takes one `-p` and a `--`, nothing
                // else, and runs the next word as the command (`-pp`); GNU time's table reads
                // another command. Where the word may be the keyword (not after an assignment
                // of its own, `X=1 time`, or another wrapper; a later pipeline stage's `time` is
                // the program, left unproven too; what the line set before, positional
                // parameters included, changes nothing) a different start is not proven.
                if program == "time"
                    && is_unquoted(first, "time")
                    && assignments.iter().all(|a| a.inherited)
                    && via[outer..].iter().all(|v| v == "time")
                    && let Strip::Inner { start: s, .. } = &stripped
                    && *s != keyword_time_start(&rest[1..])
                    && let Some(a) = rest.get(1)
                {
                    self.flag(
                        FlagKind::UnsupportedSyntax,
                        a.arg.span,
                        "time: bash's `time` keyword takes only `-p` and `--`, and runs the next word as the command; where the command starts is not proven".to_owned(),
                    );
                }
                // `xargs env`, `xargs timeout 5`: the words xargs appends are where the
                // wrapper's command goes, so they are the program that runs.
                if ctx.appended && matches!(stripped, Strip::NoCommand | Strip::Shell) {
                    let mut more = inner_args.clone();
                    more.push(Arg::literal("x", first.arg.span));
                    if !matches!(
                        wrappers::strip(spec, &more),
                        Strip::NoCommand | Strip::Shell
                    ) {
                        self.flag(
                            FlagKind::CommandPositionExpansion,
                            first.arg.span,
                            format!(
                                "{program}: the words appended at run time are where its command goes"
                            ),
                        );
                    }
                }
                if let Strip::Inner {
                    unproven: Some(at), ..
                }
                | Strip::Code {
                    unproven: Some(at), ..
                }
                | Strip::CodeEach {
                    unproven: Some(at), ..
                } = &stripped
                    && let Some(a) = rest.get(1 + at)
                {
                    let word = a.arg.exact().unwrap_or_default();
                    let why = match &stripped {
                        Strip::Inner { start, .. }
                            if at >= start && spec.run_time_words.contains(word) =>
                        {
                            format!(
                                "{program}: it puts a value known at run time only in place of the word `{word}` before it runs the command, so what runs is not what is written"
                            )
                        }
                        Strip::Inner { start, .. } if spec.requotes && at >= start => format!(
                            "{program}: it rewrites the word `{word}` (its own quotes and escapes) before it runs the command, so what runs is not what is written"
                        ),
                        // `hyperfine -P n 1 3 'cat {n}'`: a command holding a parameter.
                        Strip::CodeEach { args, .. } if args.contains(at) => format!(
                            "{program}: it writes a parameter's values into the command `{word}` before the shell reads it, so what runs is not what is written"
                        ),
                        _ => format!(
                            "{program}: its table does not prove the option `{word}`, so where the command starts is not proven"
                        ),
                    };
                    self.flag(FlagKind::UnsupportedSyntax, a.arg.span, why);
                }
                match stripped {
                    Strip::Inner {
                        start: s,
                        assignments: env,
                        joined,
                        ..
                    } => {
                        for i in env {
                            if let Some(a) = rest.get(1 + i) {
                                let text = a.arg.value.clone().unwrap_or_default();
                                let (n, v) = text.split_once('=').unwrap_or((&text, ""));
                                let assignment = UnitAssignment {
                                    name: n.to_owned(),
                                    value: Some(v.to_owned()),
                                    template: v.to_owned(),
                                    span: a.arg.span,
                                    inherited: false,
                                    exported: true,
                                };
                                self.code_valued_env(&assignment, &ctx);
                                assignments.push(assignment);
                            }
                        }
                        via.push(program.clone());
                        ctx.to_mut()
                            .wrapper_reads
                            .extend(wrappers::arg_files(spec, &inner_args[..s]));
                        ctx.to_mut()
                            .wrapper_reads
                            .extend(wrappers::separated_arg_files(spec, &inner_args[s..]));
                        if program == "xargs" {
                            self.xargs_fed(&rest[1..=s], &rest[1 + s..], &via, &ctx);
                        }
                        // GNU parallel evaluates a `{= EXPR =}` replacement string as Perl in
                        // its options' values too (`--tagstring`, `--results`, `--wd`).
                        if program == "parallel"
                            && let Some(a) = inner_args[..s]
                                .iter()
                                .find(|a| a.exact().is_some_and(|w| w.contains("{=")))
                        {
                            self.flag(
                                FlagKind::DynamicCode,
                                a.span,
                                "a `{= … =}` replacement string is Perl code that parallel evaluates",
                            );
                        }
                        let jobs = wrappers::job_count(spec, &inner_args[..s]);
                        if jobs > ctx.jobs {
                            ctx.to_mut().jobs = jobs;
                        }
                        if let Some(r) = wrappers::replace_string(spec, &inner_args[..s]) {
                            ctx.to_mut().replace = Some(r);
                        }
                        // moreutils' `parallel` shares the name: it reads the words after a
                        // `--` as its arguments, each a shell command when no command comes
                        // before it (`parallel -- ls 'rm -rf ~'` runs both), where GNU parallel
                        // reads `--` as the end of its options or a word of the command.
                        if program == "parallel"
                            && let Some(a) = inner_args.iter().find(|a| a.exact() == Some("--"))
                        {
                            self.flag(
                                FlagKind::UnsupportedSyntax,
                                a.span,
                                "parallel: moreutils' parallel reads the words after `--` as arguments, and as shell commands when no command comes before it",
                            );
                        }
                        if program == "xargs" || program == "parallel" {
                            let ctx = ctx.to_mut();
                            ctx.appended = true;
                            if !ctx.context.contains(&Context::Xargs) {
                                ctx.context.push(Context::Xargs);
                            }
                        }
                        if joined {
                            let code_args = &rest[1 + s..];
                            self.joined_code(code_args, &program, &via, &assignments, &ctx);
                            return;
                        }
                        if let Some(o) = wrappers::argv0(spec, &inner_args) {
                            self.zeroth_argument(
                                o.value.as_deref(),
                                &rest[1 + s..],
                                &program,
                                &via,
                                &assignments,
                                &ctx,
                            );
                        }
                        start += 1 + s;
                        continue;
                    }
                    Strip::Code { arg, join_rest, .. } => {
                        via.push(program.clone());
                        let end = if join_rest {
                            rest.len()
                        } else {
                            (2 + arg).min(rest.len())
                        };
                        if let Some(code) = rest.get(1 + arg..end)
                            && !code.is_empty()
                        {
                            self.code_args(
                                code,
                                &program,
                                &via,
                                &assignments,
                                &ctx,
                                Context::NestedShell,
                            );
                            return;
                        }
                        via.pop();
                        self.emit(rest, Some(program), path, via, assignments, &ctx);
                        return;
                    }
                    Strip::CodeEach { args: code, .. } => {
                        via.push(program.clone());
                        for i in code {
                            if let Some(c) = rest.get(1 + i..=1 + i) {
                                self.code_args(
                                    c,
                                    &program,
                                    &via,
                                    &assignments,
                                    &ctx,
                                    Context::NestedShell,
                                );
                            }
                        }
                        return;
                    }
                    Strip::NoCommand => {
                        // `xargs` with no command runs `echo` (an exec of `/bin/echo`) with the
                        // words it reads; `xargs --version` runs nothing, which the unit
                        // overstates harmlessly.
                        let default_echo = program == "xargs";
                        let mut echo_via = via.clone();
                        echo_via.push(program.clone());
                        self.emit(rest, Some(program), path, via, assignments, &ctx);
                        if default_echo {
                            let span = first.arg.span;
                            let mut context = ctx.context.clone();
                            if !context.contains(&Context::Xargs) {
                                context.push(Context::Xargs);
                            }
                            self.push_unit(Unit {
                                program: Some("echo".to_owned()),
                                path: None,
                                argv: vec![Arg::literal("echo", span)],
                                span,
                                via: echo_via,
                                context,
                                assignments: Vec::new(),
                                redirects: ctx.redirects.clone(),
                                depth: self.nest,
                                appended_args: true,
                                piped: ctx.piped,
                                stdin: None,
                                wrapper_reads: ctx.wrapper_reads.clone(),
                                jobs: ctx.jobs,
                                script: None,
                            });
                        }
                        return;
                    }
                    Strip::Shell => {
                        self.user_shell(rest, &program, via, assignments, &ctx);
                        return;
                    }
                    Strip::Opaque { at } => {
                        if let Some(a) = rest.get(1 + at) {
                            self.flag(
                                FlagKind::CommandPositionExpansion,
                                a.arg.span,
                                format!("{program} is given a dynamic word where its command or options are"),
                            );
                        }
                        via.push(program);
                        self.emit(
                            &rest[(1 + at).min(rest.len())..],
                            None,
                            None,
                            via,
                            assignments,
                            &ctx,
                        );
                        return;
                    }
                }
            }
            if bare && self.special(rest, &program, &via, &assignments, &ctx) {
                return;
            }
            self.emit(rest, Some(program), path, via, assignments, &ctx);
            return;
        }
    }

    /// Record a unit.
    pub(super) fn emit(
        &mut self,
        args: &[ArgW],
        program: Option<String>,
        path: Option<String>,
        via: Vec<String>,
        assignments: Vec<UnitAssignment>,
        ctx: &Ctx,
    ) {
        let span = match (args.first(), args.last()) {
            (Some(f), Some(l)) => f.arg.span.cover(l.arg.span),
            _ => Span::default(),
        };
        let script = self
            .script_text
            .take_if(|(at, _)| args.first().is_some_and(|a| a.arg.span == *at))
            .map(|(_, text)| text);
        self.push_unit(Unit {
            program,
            path,
            argv: args.iter().map(|a| a.arg.clone()).collect(),
            span,
            via,
            context: ctx.context.clone(),
            assignments,
            redirects: ctx.redirects.clone(),
            depth: self.nest,
            appended_args: ctx.appended,
            piped: ctx.piped,
            stdin: static_feed(ctx),
            wrapper_reads: ctx.wrapper_reads.clone(),
            jobs: ctx.jobs,
            script,
        });
    }

    fn push_unit(&mut self, unit: Unit) {
        // `prog` in the checks relies on it: only a name written with a directory part has one.
        debug_assert!(
            unit.path.is_some() || unit.program.as_deref().is_none_or(|p| !p.contains('/')),
            "{:?} without a path",
            unit.program
        );
        if self.units.len() >= self.limits.max_units {
            if !self.stopped {
                self.flag(
                    FlagKind::TooLong,
                    unit.span,
                    format!("more than {} units", self.limits.max_units),
                );
            }
            self.stopped = true;
            return;
        }
        if unit
            .program
            .as_deref()
            .is_some_and(crate::programs::is_directory_change)
        {
            self.dir_changes += 1;
        }
        self.units.push(unit);
    }

    /// Parse `text` (mapped by `map`) as code and analyse it in `ctx`.
    pub(super) fn nested(&mut self, text: &str, map: &SpanMap, at: Span, ctx: &Ctx) {
        if self.nest >= self.limits.max_nesting {
            self.flag(
                FlagKind::TooDeep,
                at,
                format!(
                    "code nested more than {} levels deep",
                    self.limits.max_nesting
                ),
            );
            return;
        }
        if text.contains("$\"") {
            self.translated.push(at);
        }
        let script = crate::parse::parse_nested(text, map, self.depth, self.limits);
        self.nest += 1;
        let saved = self.exported.len();
        let arith = self.arith.len();
        self.script(&script, ctx);
        self.exported.truncate(saved);
        self.nest -= 1;
        if let SpanMap::Table(_) = map {
            self.decoded
                .push((text.to_owned(), map.clone(), arith..self.arith.len()));
        }
    }
}

/// The commands of a word that is one output process substitution (`>(sh)`), and its span.
fn output_substitution(w: &Word) -> Option<(&[Command], Span)> {
    match w.parts.as_slice() {
        [
            WordPart::ProcessSubstitution {
                body,
                span,
                output: true,
            },
        ] => Some((body, *span)),
        _ => None,
    }
}

/// Append `piece`, whose bytes map to the input through `map`, to `text` and its table.
fn push_mapped(text: &mut String, table: &mut Vec<Span>, piece: &str, map: &SpanMap) {
    text.push_str(piece);
    match map {
        SpanMap::Table(spans) => table.extend(spans.iter().copied().take(piece.len())),
        SpanMap::Shift(base) => {
            table.extend((0..piece.len()).map(|k| Span::new(base + k, base + k + 1)));
        }
    }
    // A table shorter than its text: its last span covers the rest.
    let last = table.last().copied().unwrap_or_default();
    table.resize(text.len(), last);
}

/// The text fed on standard input, when it is known now (heredoc, here-string, `echo … |`).
fn static_feed(ctx: &Ctx) -> Option<String> {
    match &ctx.feed {
        Some(Feed::Static(text, _) | Feed::Partial(text, _, _)) => Some(text.clone()),
        Some(Feed::Dynamic(_)) | None => None,
    }
}

/// What a redirect feeds to standard input, when it redirects standard input (the last one
/// does, as in bash; `3< file` and `3<<< text` feed another descriptor).
fn stdin_feed(r: &crate::ast::Redirect) -> Option<Feed> {
    if !super::replaces_stdin(&r.op, r.fd.as_deref()) {
        return None;
    }
    Some(match &r.target {
        RedirectTarget::Heredoc(h) => heredoc_feed(h, r.span),
        RedirectTarget::Word(_) if r.op == "<<<" => herestring_feed(r),
        RedirectTarget::Word(_) => Feed::Dynamic(r.span),
    })
}

fn herestring_feed(r: &crate::ast::Redirect) -> Feed {
    let RedirectTarget::Word(w) = &r.target else {
        return Feed::Dynamic(r.span);
    };
    // One with expansions (`<<< "import os;$x.rmtree('/')"`) is known but for them, as an
    // unquoted heredoc is (inside `bash -c '…'` too, where the raw input still holds the
    // quoting of the outer string).
    let (mut text, map, dynamic) = word::body_text(w);
    let SpanMap::Table(mut table) = map else {
        return Feed::Dynamic(r.span);
    };
    // A here-string gets a trailing newline.
    text.push('\n');
    let end = table.last().map_or(w.span.end, |s| s.end);
    table.push(Span::new(end, end));
    if dynamic {
        Feed::Partial(text, SpanMap::Table(table), r.span)
    } else {
        Feed::Static(text, SpanMap::Table(table))
    }
}

/// An unquoted bash reserved word that opens or closes a compound command.
/// `ctx` for a command that runs after `first` on the same input: a static feed becomes one
/// known only in part (still analysed, never proven), since `first` may have read any prefix.
fn read_after(ctx: &Ctx, first: Span) -> std::borrow::Cow<'_, Ctx> {
    match &ctx.feed {
        Some(Feed::Static(text, map)) => {
            let mut c = ctx.clone();
            c.feed = Some(Feed::Partial(text.clone(), map.clone(), first));
            std::borrow::Cow::Owned(c)
        }
        _ => std::borrow::Cow::Borrowed(ctx),
    }
}

/// Is `a` the single unquoted literal word `text`?
fn is_unquoted(a: &ArgW, text: &str) -> bool {
    a.sole
        && matches!(a.word.parts.as_slice(),
            [WordPart::Literal { text: t, quoting: crate::ast::Quoting::Unquoted, .. }] if t == text)
}

/// Where the command starts after bash's `time` keyword: one unquoted `-p`, then one
/// unquoted `--`, are the keyword's; the next word is the command, whatever it is.
fn keyword_time_start(args: &[ArgW]) -> usize {
    let mut i = usize::from(args.first().is_some_and(|a| is_unquoted(a, "-p")));
    if args.get(i).is_some_and(|a| is_unquoted(a, "--")) {
        i += 1;
    }
    i
}

fn is_reserved_word(a: &ArgW) -> bool {
    let [WordPart::Literal { text, quoting, .. }] = a.word.parts.as_slice() else {
        return false;
    };
    *quoting == crate::ast::Quoting::Unquoted
        && a.sole
        && matches!(
            text.as_str(),
            "{" | "}"
                | "[["
                | "]]"
                | "do"
                | "done"
                | "then"
                | "else"
                | "elif"
                | "fi"
                | "esac"
                | "if"
                | "while"
                | "until"
                | "for"
                | "case"
                | "select"
                | "function"
        )
}

/// System directories whose programs are the ones a bare name means.
const SYSTEM_DIRS: Words = words![
    "/bin",
    "/sbin",
    "/usr/bin",
    "/usr/sbin",
    "/usr/local/bin",
    "/usr/local/sbin",
    "/opt/homebrew/bin",
    "/run/current-system/sw/bin",
    "/usr/xpg4/bin",
];

/// The first of [`SYSTEM_DIRS`] a directory glob may expand to, matched a component at a time
/// as bash expands it (`/b??` → `/bin`, `/u*/b*` → `/usr/bin`, `/tmp/*` → none).
/// The most programs of the catalogue a glob in a program's file name is read as, one unit
/// each (`/usr/bin/*` matches them all: then none is read, and the unit stays unknown).
const MAX_GLOB_PROGRAMS: usize = 64;

fn system_dir_matching(pattern: &str) -> Option<&'static str> {
    let want: Vec<&str> = pattern.split('/').collect();
    SYSTEM_DIRS.iter().find(|d| {
        let have: Vec<&str> = d.split('/').collect();
        have.len() == want.len()
            && have.iter().zip(&want).all(|(h, w)| {
                h == w
                    || w.contains(['*', '?', '['])
                        && crate::glob::Glob::new(w).is_ok_and(|g| g.is_match(h))
            })
    })
}

/// `/bin/rm` → (`rm`, Some("/bin/rm")); `./cat` → (`./cat`, Some("./cat")); `rm` → (`rm`, None).
/// The last component of a path (`/usr/bin/ls` → `ls`), as a multi-call program reads its
/// zeroth argument.
fn last_component(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

pub(crate) fn normalize_program(name: &str) -> (String, Option<String>) {
    if !name.contains('/') {
        return (name.to_owned(), None);
    }
    let normal = crate::files::normalize_abs(name);
    if let Some((dir, base)) = normal.rsplit_once('/') {
        let dir = if dir.is_empty() { "/" } else { dir };
        if !base.is_empty() && SYSTEM_DIRS.contains(dir) {
            return (base.to_owned(), Some(name.to_owned()));
        }
    }
    (name.to_owned(), Some(name.to_owned()))
}

/// `NAME=(w1 w2 …)` of plain words (letters, digits, `-_./:,=+@%`, a leading `~`): the name
/// and its elements, at most 64.
fn plain_compound(text: &str) -> Option<(&str, Vec<String>)> {
    let (name, value) = text.split_once('=')?;
    let inner = value.strip_prefix('(')?.strip_suffix(')')?;
    if name.is_empty()
        || name.starts_with(|c: char| c.is_ascii_digit())
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return None;
    }
    let elements: Vec<String> = inner.split_ascii_whitespace().map(str::to_owned).collect();
    let plain = elements.len() <= 64
        && elements.iter().all(|e| {
            e.char_indices().all(|(i, c)| {
                c.is_ascii_alphanumeric()
                    || matches!(c, '-' | '_' | '.' | '/' | ':' | ',' | '=' | '+' | '@' | '%')
                    || (c == '~' && i == 0)
            })
        });
    plain.then_some((name, elements))
}

/// The variable of a named descriptor (`{fd}` in `{fd}>file`), as the parser keeps it.
pub(crate) fn descriptor_variable(fd: &str) -> Option<&str> {
    fd.strip_prefix('{')?.strip_suffix('}')
}

/// `{fd}>&-`, `{fd}<&-`: the redirect closes the descriptor whose number the variable holds.
fn closes_descriptor(r: &crate::ast::Redirect) -> bool {
    matches!(r.op.as_str(), ">&-" | "<&-")
        || matches!(r.op.as_str(), ">&" | "<&")
            && matches!(&r.target, RedirectTarget::Word(w)
                if matches!(w.parts.as_slice(), [WordPart::Literal { text, .. }] if text == "-"))
}

/// Non-ASCII, control, zero-width or bidi characters.
pub(crate) fn is_confusable(s: &str) -> bool {
    // Per byte: every byte of a non-ASCII character is non-ASCII, and an ASCII character is
    // its one byte.
    s.bytes()
        .any(|b| !b.is_ascii() || (b.is_ascii_control() && b != b'\t'))
}

/// The word is `$SHELL`, `${BASH}`, `${SHELL:-…}` alone: a variable that names a shell.
fn names_a_shell(w: &Word) -> bool {
    matches!(w.parts.as_slice(), [WordPart::Parameter { name: Some(n), .. }]
        if matches!(n.as_str(), "SHELL" | "BASH" | "ZSH_NAME"))
}

impl Walker<'_> {
    /// An assignment that reaches a program's environment and whose value is code: the value
    /// is analysed as the code it becomes (`GIT_SSH_COMMAND='curl … | sh' git pull`,
    /// `PS4='$(rm -rf ~)' bash -x …`).
    fn code_valued_env(&mut self, a: &UnitAssignment, ctx: &Ctx) {
        let name = a.name.strip_suffix('+').unwrap_or(&a.name);
        if name.starts_with("BASH_FUNC_") {
            self.exported_function(a, ctx);
            return;
        }
        // `BASH_ENV=x bash -c …`, `ENV=x sh -i`: the shell runs the file first; one the line
        // wrote is read as code.
        if matches!(name, "BASH_ENV" | "ENV")
            && !self.written.is_empty()
            && let Some(file) = a.value.as_deref()
        {
            self.run_written(file, a.span, name, &[], ctx, false);
            return;
        }
        if !crate::programs::environment::is_command_var(name) {
            return;
        }
        let Some(value) = a.value.as_deref() else {
            return;
        };
        let code = value.trim_start_matches('|').trim();
        if code.is_empty() {
            return;
        }
        self.flag(FlagKind::NestedShell, a.span, name.to_owned());
        let c = ctx.with(Context::NestedShell);
        let map = SpanMap::Table(vec![a.span; code.len()]);
        self.nested(code, &map, a.span, &c);
    }

    /// `BASH_FUNC_NAME%%='() { BODY; }'` in the environment: a bash started under it imports
    /// the function NAME, which shadows the program NAME when the child calls it. The body is
    /// code that runs: read as a function body when static, flagged as dynamic code otherwise.
    fn exported_function(&mut self, a: &UnitAssignment, ctx: &Ctx) {
        let body = a
            .value
            .as_deref()
            .and_then(|v| v.trim_start().strip_prefix("()"))
            .map(str::trim)
            .filter(|b| !b.is_empty());
        self.flag(FlagKind::FunctionDefinition, a.span, a.name.clone());
        match body {
            Some(code) => {
                let c = ctx.with(Context::Function);
                let map = SpanMap::Table(vec![a.span; code.len()]);
                self.nested(code, &map, a.span, &c);
            }
            None => self.flag(
                FlagKind::DynamicCode,
                a.span,
                format!("{}: a function bash imports from the environment", a.name),
            ),
        }
    }

    /// Files the wrapper itself writes (`time -o F`, `strace -o F`, `script F`) become
    /// write redirects of the units under it, so every write check sees them; a `strace -o
    /// '|CMD'` pipe is code run by `sh -c`. A file the wrapper feeds to the command's standard
    /// input (`hyperfine --input F`) becomes its `< F`.
    fn wrapper_outputs(
        &mut self,
        spec: &wrappers::WrapperSpec,
        args: &[Arg],
        program: &str,
        via: &[String],
        ctx: &mut Ctx,
    ) {
        for w in wrappers::written_files(spec, args) {
            let Some(arg) = args.get(w.index) else {
                continue;
            };
            if let Some(code) = &w.pipe {
                // What the wrapper writes there (strace's trace: the bytes its command reads
                // and writes) is the pipe command's input, as in a pipeline.
                if let (Some(first), Some(last)) = (args.first(), args.last()) {
                    self.flag(
                        FlagKind::Pipeline,
                        crate::ast::Span::new(first.span.start, last.span.end),
                        "",
                    );
                }
                self.flag(FlagKind::NestedShell, arg.span, program.to_owned());
                let mut c = ctx.with(Context::NestedShell);
                let mut v = via.to_vec();
                v.push(program.to_owned());
                c.via = v;
                let map = SpanMap::Table(vec![arg.span; code.len()]);
                self.nested(code, &map, arg.span, &c);
                continue;
            }
            ctx.redirects.push(file_redirect(">", w, arg));
        }
        // `hyperfine --input F CMD`: CMD reads F on its standard input, as `CMD < F`.
        for r in wrappers::input_files(spec, args) {
            if let Some(arg) = args.get(r.index) {
                ctx.redirects.push(file_redirect("<", r, arg));
            }
        }
    }
}

/// The redirect `op FILE` standing for a file a wrapper writes or feeds to its command.
fn file_redirect(op: &str, file: wrappers::Written, arg: &Arg) -> UnitRedirect {
    UnitRedirect {
        op: op.to_owned(),
        fd: None,
        template: file
            .value
            .clone()
            .unwrap_or_else(|| arg.template.to_string()),
        target: file.value,
        span: arg.span,
        glob: arg.glob,
    }
}

/// Commands whose output is a number whatever the files they read (`date +%s`, `wc -l`,
/// `nproc`), and so safe for arithmetic to evaluate: each exactly as written here, words
/// separated by a space. Another word can make the output text, which arithmetic reads as
/// names of variables to evaluate in their turn (`nproc --help` prints `Usage: …`, `id -u -n`
/// the user's name, `getconf -a` and `getconf GNU_LIBC_VERSION` names).
const NUMERIC_PRODUCERS: Words = words![
    "nproc",
    "nproc --all",
    "wc -l",
    "wc -c",
    "wc -w",
    "wc -m",
    "id -u",
    "id -g",
    "getconf ARG_MAX",
    "getconf CLK_TCK",
    "getconf LONG_BIT",
    "getconf OPEN_MAX",
    "getconf PAGESIZE",
    "getconf PAGE_SIZE",
    "getconf _NPROCESSORS_CONF",
    "getconf _NPROCESSORS_ONLN",
    "tput cols",
    "tput lines",
];

/// True when the last command of `body` (the last stage of a pipeline) is one of
/// [`NUMERIC_PRODUCERS`] with static words (`$(ls | wc -l)`), `date` with a `+FORMAT` of
/// numeric fields (and `-u`), or `git rev-list --count` with revisions and the options that
/// only choose commits (`--all`, `--no-merges`, `--first-parent`). Not `date` without a format
/// (`Mon Dec 7 …`) nor any with another option (`--help` prints words).
fn prints_a_number(body: &[Command]) -> bool {
    let mut last = body.last();
    while let Some(Command::Pipeline { stages, .. }) = last {
        last = stages.last();
    }
    let Some(Command::Simple(s)) = last else {
        return false;
    };
    let words: Vec<Option<String>> = s
        .words
        .iter()
        .map(|w| {
            word::canonical(w)
                .first()
                .and_then(|a| a.exact().map(str::to_owned))
        })
        .collect();
    let Some(words) = words.into_iter().collect::<Option<Vec<String>>>() else {
        return false;
    };
    let numeric_date = |w: &String| {
        w.strip_prefix('+').is_some_and(|f| {
            let mut it = f.chars();
            while let Some(c) = it.next() {
                if c == '%' {
                    if !it.next().is_some_and(|k| "sYmdHMSjuwyNe".contains(k)) {
                        return false;
                    }
                } else if !c.is_ascii_digit() {
                    return false;
                }
            }
            true
        })
    };
    match words.first().map(String::as_str) {
        Some("date") => {
            words[1..].iter().any(numeric_date)
                && words[1..].iter().all(|w| numeric_date(w) || w == "-u")
        }
        Some("git") => {
            words.len() >= 3
                && words[1] == "rev-list"
                && words[2] == "--count"
                && words[3..].iter().all(|w| {
                    !w.starts_with('-')
                        || matches!(w.as_str(), "--all" | "--no-merges" | "--first-parent")
                })
        }
        _ => NUMERIC_PRODUCERS.iter().any(|form| {
            form.split(' ').count() == words.len()
                && form.split(' ').zip(&words).all(|(a, b)| a == b)
        }),
    }
}

/// True for `${a[…]}` (an indexed subscript is arithmetic) and `${s:off…}` (a substring
/// offset), not for `${x:-…}`, `${x:=…}`, `${x:?…}`, `${x:+…}`.
/// `${!name}` (and `${!name:-x}`, `${!name[0]}`…): bash reads the value of `name` as the name of
/// the parameter to expand, subscript included, so the subscript is arithmetic on data. Not the
/// listings `${!prefix*}`, `${!prefix@}`, `${!array[@]}`, `${!array[*]}`, nor `${!#}` (the last
/// positional parameter: a number).
fn indirect(source: &str) -> bool {
    let Some(rest) = source.strip_prefix("${!") else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if name_end == 0 {
        return false;
    }
    let after = &rest[name_end..];
    !matches!(after, "*}" | "@}" | "[@]}" | "[*]}")
}

fn subscript_or_offset(source: &str) -> bool {
    let Some(inner) = source.strip_prefix("${") else {
        return false;
    };
    // A special parameter's offset and length are arithmetic as a variable's are.
    let rest = &inner[super::arith::parameter_name_len(inner)..];
    let rest = rest
        .strip_prefix("[@]")
        .or_else(|| rest.strip_prefix("[*]"))
        .unwrap_or(rest);
    rest.starts_with('[') || rest.starts_with(':') && !rest[1..].starts_with(['-', '=', '?', '+'])
}

/// `NAME=…` or `NAME+=…` (the template of a `declare` operand): an assignment, not an option
/// or a name decided at run time.
fn names_an_assignment(template: &str) -> bool {
    template
        .split_once('=')
        .is_some_and(|(name, _)| wrappers::is_variable_name(name.trim_end_matches('+')))
}

/// The names of the functions `cmds` define, at any depth of compound commands (not in
/// substitutions: each is collected when it is walked, [`Walker::commands_within`]).
fn collect_functions(cmds: &[Command], out: &mut Vec<String>) {
    for cmd in cmds {
        match cmd {
            Command::Function { name, body, .. } => {
                out.push(name.clone());
                collect_functions(std::slice::from_ref(body), out);
            }
            Command::Pipeline { stages: body, .. }
            | Command::Subshell { body, .. }
            | Command::Group { body, .. }
            | Command::For { body, .. } => collect_functions(body, out),
            Command::AndOr { left, right, .. } => {
                collect_functions(std::slice::from_ref(left), out);
                collect_functions(std::slice::from_ref(right), out);
            }
            Command::Background { body, .. }
            | Command::Negated { body, .. }
            | Command::Redirected { body, .. } => {
                collect_functions(std::slice::from_ref(body), out);
            }
            Command::If {
                branches,
                else_body,
                ..
            } => {
                for (cond, body) in branches {
                    collect_functions(cond, out);
                    collect_functions(body, out);
                }
                collect_functions(else_body, out);
            }
            Command::Loop {
                condition, body, ..
            } => {
                collect_functions(condition, out);
                collect_functions(body, out);
            }
            Command::Case { arms, .. } => {
                for arm in arms {
                    collect_functions(&arm.body, out);
                }
            }
            Command::Opaque { inner, .. } => collect_functions(inner, out),
            Command::Simple(_) | Command::Test { .. } => {}
        }
    }
}

/// `${name:=…}` or `${name=…}` (with an optional subscript, nested brackets counted): the
/// expansion assigns `name`. A subscript no `]` closes counts as assigning.
fn assigns_default(source: &str, name: &str) -> bool {
    let Some(rest) = source.strip_prefix("${").and_then(|r| r.strip_prefix(name)) else {
        return false;
    };
    let rest = if rest.starts_with('[') {
        match super::arith::closing_bracket(rest.as_bytes(), 0) {
            Some(k) => &rest[k + 1..],
            None => return true,
        }
    } else {
        rest
    };
    rest.starts_with(":=") || rest.starts_with('=')
}

/// Unquoted text with brace expansion in it, for a second reading: the brace syntax (`{`, `,`,
/// `}`, the `..` of a sequence) and plain characters as they are, every other character
/// escaped (a newline quoted: a backslash before it would join lines).
fn brace_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || "{},.-_+:@%/".contains(c) {
            out.push(c);
        } else if c == '\n' {
            out.push_str("'\n'");
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

/// The template of a value `read` took from input known on the line: known to the second
/// reading, not copied into values the policy judges.
const FED: &str = "(…) read from input known on the line";

/// The `IFS` a command sees after the assignments `list` (latest last): bash's default when
/// none sets it, `None` when its value is known only at run time.
fn ifs_of(list: &[UnitAssignment]) -> Option<String> {
    match list.iter().rev().find(|a| a.name == "IFS") {
        Some(a) => a.value.clone(),
        None => Some(" \t\n".to_owned()),
    }
}

/// A value printed or fed with a tilde first (`echo ~`, `<<< ~`, where bash expanded it):
/// the home directory, as the environment gives it.
fn home_for_tilde(value: String) -> String {
    match value.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => match std::env::var("HOME") {
            Ok(home) if !home.is_empty() => format!("{home}{rest}"),
            _ => value,
        },
        _ => value,
    }
}

/// A positional parameter's name, or `@`, `*`, `#`.
fn is_positional(name: &str) -> bool {
    matches!(name, "@" | "*" | "#") || name.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty()
}

/// Whether `w` holds a default expansion (`${x:-W}`, `${x-W}`, `${x:=W}`, `${x=W}`), whose
/// word a second reading can put in its place (cheap: no allocation).
fn defaulted_part(w: &Word) -> bool {
    w.parts.iter().any(|p| {
        matches!(p, WordPart::Parameter { name: Some(n), plain: false, source, .. }
            if source
                .strip_prefix("${")
                .and_then(|r| r.strip_prefix(n.as_str()))
                .is_some_and(|r| r.trim_start_matches(':').starts_with(['-', '='])))
    })
}

/// `NAME` of an indirect expansion `${!NAME}` with no operator.
fn indirect_name(source: &str) -> Option<&str> {
    let name = source.strip_prefix("${!")?.strip_suffix('}')?;
    wrappers::is_variable_name(name).then_some(name)
}

/// The array name of `${NAME[…]…}` (tree-sitter-bash gives no name for a subscript).
fn subscripted_name(source: &str) -> Option<&str> {
    let inner = source.strip_prefix("${")?;
    let len = inner
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    (len > 0 && inner[len..].starts_with('[')).then(|| &inner[..len])
}

/// A written file's path as it is compared: `./x.sh` and `x.sh` are the same file.
fn written_path(path: &str) -> &str {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.trim_start_matches('/');
    }
    p
}

/// The path a word names when it is static but for the home directory: its value, or
/// `$HOME/REST` (`${HOME}/REST`) with a static REST as `~/REST`, the file `~/REST` names.
pub(super) fn path_text(a: &Arg) -> Option<std::borrow::Cow<'_, str>> {
    if let Some(v) = a.exact() {
        return Some(std::borrow::Cow::Borrowed(v));
    }
    if a.glob || a.brace {
        return None;
    }
    let rest = ["$HOME/", "${HOME}/"]
        .iter()
        .find_map(|h| a.template.strip_prefix(h))?;
    (!rest.contains(['$', '`', '\\', '*', '?', '['])).then(|| format!("~/{rest}").into())
}

/// The span from the first command of `list` to the end of its last, `None` when it is empty.
fn list_span(list: &[Command]) -> Option<Span> {
    Some(list.first()?.span().cover(list.last()?.span()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_of_special_parameters_are_arithmetic() {
        for source in [
            "${x:n}",
            "${@:n}",
            "${*:1:n}",
            "${1:n}",
            "${$:n}",
            "${?:n}",
            "${-:n}",
            "${a[i]}",
            "${a[@]:n}",
        ] {
            assert!(subscript_or_offset(source), "{source}");
        }
        for source in [
            "${x:-n}", "${@:-n}", "${*:+n}", "${1:=n}", "${$}", "${@}", "${#@}",
        ] {
            assert!(!subscript_or_offset(source), "{source}");
        }
    }

    #[test]
    fn program_normalisation() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("rm", "rm", None),
            ("/bin/rm", "rm", Some("/bin/rm")),
            ("/usr/bin/rm", "rm", Some("/usr/bin/rm")),
            ("//bin//rm", "rm", Some("//bin//rm")),
            ("/usr/bin/../bin/rm", "rm", Some("/usr/bin/../bin/rm")),
            ("./cat", "./cat", Some("./cat")),
            ("/tmp/x/rm", "/tmp/x/rm", Some("/tmp/x/rm")),
            ("bin/rm", "bin/rm", Some("bin/rm")),
        ];
        for (input, program, path) in cases {
            let (p, q) = normalize_program(input);
            assert_eq!((p.as_str(), q.as_deref()), (*program, *path), "{input}");
        }
    }

    /// The words each unit of `line` runs, its second (substituted) reading included.
    fn lines(line: &str) -> Vec<String> {
        crate::analyze::analyze(line, &crate::Limits::default())
            .units
            .iter()
            .map(|u| {
                u.argv
                    .iter()
                    .map(|a| a.value.as_deref().unwrap_or(&a.template).to_owned())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// `set -- …` and a function's static arguments are the positional parameters a second
    /// reading substitutes; `shift`, a dynamic word and a function body read where it is
    /// defined leave them unknown.
    #[test]
    fn positional_parameters_are_substituted_where_known() {
        for (line, reading, present) in [
            ("set -- /a /b; rm -rf \"$2\"", "rm -rf /b", true),
            ("set -x -- /a; rm -rf \"$1\"", "rm -rf /a", true),
            ("set -- -rf /a; rm \"$@\"", "rm -rf /a", true),
            ("f() { rm -rf \"$1\"; }; f /a", "rm -rf /a", true),
            ("f() { rm -rf \"$2\"; }; f /a /b", "rm -rf /b", true),
            ("set -- /a /b; shift; rm -rf \"$1\"", "rm -rf /a", false),
            (
                "set -- /a; f() { rm -rf \"$1\"; }; f /b",
                "rm -rf /a",
                false,
            ),
            ("set -- \"$x\"; rm -rf \"$1\"", "rm -rf /a", false),
            ("set -e; rm -rf \"$1\"", "rm -rf", false),
        ] {
            let got = lines(line);
            assert_eq!(got.iter().any(|l| l == reading), present, "{line}: {got:?}");
        }
    }

    #[test]
    fn confusables() {
        assert!(is_confusable("r\u{200b}m"));
        assert!(is_confusable("rм"));
        assert!(is_confusable("rm\u{202e}"));
        assert!(!is_confusable("rm"));
    }
}
