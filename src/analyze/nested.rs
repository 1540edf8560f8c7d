//! Code hidden in strings and other programs' arguments.
//!
//! - shells (`bash|sh|zsh|dash|ksh… -c STRING`, bundles such as `-lc`), re-parsed when STRING is
//!   static; a shell reading standard input is given the fed text (heredoc, here-string, `echo …
//!   |`) as code, and flagged `pipe-to-shell` when that text is produced at run time (an unquoted
//!   heredoc with expansions is flagged and still analysed);
//! - `eval` with static arguments (joined by spaces, as eval does); `source`/`.` flagged;
//! - `find -exec/-execdir/-ok/-okdir CMD … ;|+`: each payload is its own unit;
//! - `watch`/`parallel` (words joined and run through `sh -c`), `su -c`, `script -c`, `env -S`,
//!   `trap CODE SIGNAL…`;
//! - git config that runs commands (`-c core.pager=…`, `alias.x=!…`, `--config-env`);
//! - options whose value is a command line the program runs (`tar -I`, `zip -TT`, `ssh -o
//!   ProxyCommand=`, `scp -S`, `rsync -e` also in a bundle, `dpkg --pre-invoke`, `apt -o
//!   …::Pre-Invoke::=`, `npm --script-shell`, `compgen -C`), also for wrappers (`npm`);
//! - a wrapper given no command (`su`, `sudo -i`, `unshare`, `tmux`): the user's shell, a
//!   unit `sh` flagged as a program known at run time.
//!
//! Programs with a command language of their own (`capsh`, `start-stop-daemon`, `sqlite3`,
//! `ed`, `gdb`, make's command variables) are read in `runners.rs`.
//!
//! Re-parsed code keeps spans into the original input through [`SpanMap`]. What cannot be seen
//! (a dynamic code string) is flagged, never skipped.

use crate::ast::{RedirectTarget, Span, Word, WordPart};
use crate::parse::{SpanMap, escapes};

use super::decompose::{ArgW, Ctx, Feed, Walker, heredoc_feed};
use super::{Context, FlagKind, UnitAssignment};
use super::{word, wrappers};
use crate::programs::{is_interpreter, is_shell};
use crate::wordlist::{Words, words};

/// What a simple command (a pipeline stage) writes to its standard output, as far as it is
/// known now.
pub(super) fn simple_feed(s: &crate::ast::SimpleCommand) -> Feed {
    let all: Vec<_> = s.words.iter().flat_map(word::canonical).collect();
    // The command inside wrappers that hand on its output unchanged (`timeout 5 echo -1`);
    // `at` indexes words and args alike, which holds while every word is one arg.
    let at = output_command(&all, s.words.len());
    let args = all.get(at..).unwrap_or_default();
    let words_from = |k: usize| s.words.iter().skip(at + k);
    let program = args.first().and_then(|a| a.exact());
    match program {
        Some("echo") => {
            let mut words: Vec<&crate::ast::Word> = words_from(1).collect();
            let mut escapes = false;
            // The newline echo ends its output with, unless `-n` (a `read` loop runs its
            // body for a line only when the line ends with one).
            let mut newline = true;
            // bash's echo: every leading argument made only of `-` and `n`, `e`, `E` is
            // options; the last `e`/`E` decides.
            while let Some(w) = words.first() {
                let opt = word::canonical(w)
                    .first()
                    .and_then(|a| a.exact().map(str::to_owned));
                let Some(letters) = opt.as_deref().and_then(|o| o.strip_prefix('-')) else {
                    break;
                };
                if letters.is_empty() || !letters.chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
                    break;
                }
                if let Some(last) = letters.chars().rev().find(|c| *c != 'n') {
                    escapes = last == 'e';
                }
                newline &= !letters.contains('n');
                words.remove(0);
            }
            match word::code_text(&words) {
                Some((text, _)) if escapes => {
                    let decoded = escapes::echo(&text);
                    let mut text = decoded.text;
                    // `\c` ends the output, newline included.
                    if newline && !decoded.stopped {
                        text.push('\n');
                    }
                    Feed::Static(text.clone(), SpanMap::Table(vec![s.span; text.len()]))
                }
                // Without `-e` a backslash is still decoded by dash's echo (`sh`) and by
                // bash's under `shopt -s xpg_echo`: which one prints is not known here.
                Some((text, _)) if text.contains('\\') => Feed::Dynamic(s.span),
                Some((mut text, SpanMap::Table(mut table))) => {
                    if newline {
                        text.push('\n');
                        table.push(Span::new(s.span.end, s.span.end));
                    }
                    Feed::Static(text, SpanMap::Table(table))
                }
                Some((text, map)) => Feed::Static(text, map),
                // `echo "rm -rf $HOME" | sh`: known but for its variables (the output of a
                // command in it is a run-time program, read where it stands).
                None if !escapes
                    && words.iter().all(|w| {
                        !w.parts.iter().any(|p| {
                            matches!(
                                p,
                                crate::ast::WordPart::CommandSubstitution { .. }
                                    | crate::ast::WordPart::ProcessSubstitution { .. }
                            )
                        })
                    }) =>
                {
                    let (text, map) = word::template_text(&words);
                    if text.contains('\\') {
                        Feed::Dynamic(s.span)
                    } else {
                        Feed::Partial(text, map, s.span)
                    }
                }
                None => Feed::Dynamic(s.span),
            }
        }
        Some("printf") if args.len() >= 2 => {
            let fmt = s.words.get(at + 1).and_then(|w| word::code_text(&[w]));
            match fmt {
                Some((text, _)) if !text.contains('%') && args.len() == 2 => {
                    let decoded = escapes::printf_format(&text).text;
                    Feed::Static(decoded.clone(), SpanMap::Table(vec![s.span; decoded.len()]))
                }
                // The format is reused for every argument: `%s` concatenates them, `%s\n`
                // puts each on its own line.
                Some((text, _)) if (text == "%s" || text == "%s\\n") && args.len() >= 3 => {
                    let sep = if text == "%s" { "" } else { "\n" };
                    let mut out = String::new();
                    let mut table = Vec::new();
                    for w in words_from(2) {
                        let Some((t, SpanMap::Table(spans))) = word::code_text(&[w]) else {
                            return Feed::Dynamic(s.span);
                        };
                        out.push_str(&t);
                        table.extend(spans);
                        out.push_str(sep);
                        table.extend(std::iter::repeat_n(w.span, sep.len()));
                    }
                    Feed::Static(out, SpanMap::Table(table))
                }
                _ => Feed::Dynamic(s.span),
            }
        }
        // `tee FILE… <<EOF | bash`: tee writes what it reads to standard output too.
        Some(p) if p == "tee" || p == "cat" && args.len() == 1 => {
            for r in &s.redirects {
                match &r.target {
                    RedirectTarget::Heredoc(h) => return heredoc_feed(h, r.span),
                    RedirectTarget::Word(w) if r.op == "<<<" => {
                        return match word::code_text(&[w]) {
                            Some((t, map)) => Feed::Static(t, map),
                            None => Feed::Dynamic(r.span),
                        };
                    }
                    RedirectTarget::Word(_) => {}
                }
            }
            Feed::Dynamic(s.span)
        }
        _ => Feed::Dynamic(s.span),
    }
}

/// The index of the command that writes a stage's output: past the wrappers that run it and
/// hand on its output unchanged (`timeout`, `nice`, `nohup`, `env`, `sudo`, `stdbuf`…), as
/// the analyzer strips them (`wrappers::strip`); 0 when there are none, or when a word is not
/// exactly one arg (`{a,b}`), so that word and arg indexes differ.
pub(super) fn output_command(args: &[crate::analyze::Arg], words: usize) -> usize {
    if args.len() != words {
        return 0;
    }
    let mut at = 0;
    // A bounded number of wrappers deep (`sudo timeout 5 nice echo`).
    for _ in 0..8 {
        let Some(spec) = args
            .get(at)
            .and_then(|a| a.exact())
            .and_then(wrappers::lookup)
            .filter(|w| w.output_unchanged)
        else {
            break;
        };
        match wrappers::strip(spec, args.get(at + 1..).unwrap_or_default()) {
            wrappers::Strip::Inner {
                start,
                joined: false,
                ..
            } => at += 1 + start,
            _ => return 0,
        }
    }
    at
}

impl Walker<'_> {
    /// Text that bash evaluates although it is quoted: a value such as `'a[$(cmd)]'` runs `cmd`
    /// when it reaches arithmetic (`$((x))`, `[[ $x -eq 0 ]]`, `(( ))`, `test -v`, `${s:x}`,
    /// an array subscript), and `${x@P}` expands a value like a prompt, running any `$(…)` in
    /// it. The command substitutions in single-quoted text of that shape are analysed as code
    /// and flagged (`dynamic-code`): `x='a[$(rm -rf ~)]'; echo $((x))` denies.
    pub(crate) fn evaluated_literals(&mut self, input: &str) {
        self.evaluated_literals_in(input, &SpanMap::Shift(0));
    }

    /// [`Self::evaluated_literals`] of a text whose bytes map to the input through `map`.
    fn evaluated_literals_in(&mut self, input: &str, map: &SpanMap) {
        // Both cases need an `@` or a `[` in the input: one pass over the bytes rules most
        // lines out before any substring search.
        if !input.bytes().any(|b| b == b'@' || b == b'[') {
            return;
        }
        let prompt = input.contains("@P}");
        // Whatever the value, `${x@P}` runs the `$(…)` it may hold: code from run time.
        for (at, _) in input.match_indices("@P}") {
            self.flag(
                FlagKind::DynamicCode,
                map.map(at, at + 3),
                "prompt expansion (`@P`) runs any command substitution in the value",
            );
        }
        // Every text below is a slice of the input: when the input holds neither a subscript
        // substitution nor (with `@P}`) any substitution, no text can, and the scan is skipped.
        let any_subscript = subscript_substitution(input);
        if !any_subscript && !(prompt && (input.contains("$(") || input.contains('`'))) {
            return;
        }
        for (at, text) in single_quoted(input) {
            let subscript = subscript_substitution(text);
            if !subscript && !(prompt && (text.contains("$(") || text.contains('`'))) {
                continue;
            }
            for (start, end) in substitutions(text) {
                let span = map.map(at + start, at + end);
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    if subscript {
                        "an array subscript in this text runs a command when bash evaluates it as arithmetic"
                    } else {
                        "prompt expansion (`@P`) runs the command substitution in this text"
                    },
                );
                let ctx = Ctx::default().with(Context::Substitution);
                self.nested(&text[start..end], &map.after(at + start), span, &ctx);
            }
        }
    }
    /// `{a[SUBSCRIPT]}>file`: a named descriptor whose name is an array element. bash evaluates
    /// the subscript as arithmetic when it assigns the descriptor, running a command
    /// substitution in it even between single quotes (`{a['$(cmd)']}>f`) and evaluating the
    /// value of a name in it. Flagged (`dynamic-code`), its substitutions analysed as code.
    pub(crate) fn named_descriptor_subscripts(&mut self, input: &str) {
        self.named_descriptor_subscripts_in(input, &SpanMap::Shift(0));
    }

    /// [`Self::named_descriptor_subscripts`] of a text whose bytes map to the input through
    /// `map`.
    fn named_descriptor_subscripts_in(&mut self, input: &str, map: &SpanMap) {
        let b = input.as_bytes();
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        for (close, _) in input.match_indices("]}") {
            if !matches!(b.get(close + 2), Some(b'<' | b'>')) {
                continue;
            }
            let Some(open) = input[..close].rfind('{') else {
                continue;
            };
            // The name must start a word: `x{a[1]}>f` and `"{a[1]}>"` are text.
            if open > 0
                && !matches!(
                    b[open - 1],
                    b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'('
                )
            {
                continue;
            }
            let inside = &input[open + 1..close];
            let Some(bracket) = inside.find('[') else {
                continue;
            };
            let name = &inside[..bracket];
            if name.is_empty()
                || name.as_bytes()[0].is_ascii_digit()
                || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            {
                continue;
            }
            found.push((open, open + 1 + bracket + 1, close));
        }
        for (open, from, close) in found {
            self.flag(
                FlagKind::DynamicCode,
                map.map(open, close + 2),
                "bash evaluates the subscript of a named descriptor (`{a[…]}>`) as arithmetic: a \
                 command substitution in it runs, also between single quotes",
            );
            let text = &input[from..close];
            for (start, end) in substitutions(text) {
                let span = map.map(from + start, from + end);
                let ctx = Ctx::default().with(Context::Substitution);
                self.nested(&text[start..end], &map.after(from + start), span, &ctx);
            }
        }
    }

    /// Code bash decodes from a string before it reads it (`sh -c "x='a[\\$(cmd)]'; echo
    /// \\${s:\\$(cat f)}"`), where that text differs from the input: the scans above read the
    /// input as written, so they read such code again as bash has it. Arithmetic met in it
    /// whose text in the input holds an escape is flagged (`dynamic-code`): its operands are
    /// judged on the input as written ([`Self::arithmetic_data`], where `\\$(` is no
    /// substitution), not on the decoded text bash evaluates.
    pub(crate) fn decoded_code(&mut self, input: &str) {
        let mut k = 0;
        // The scans may read more decoded code (a substitution in a decoded subscript): a
        // queue, each entry once.
        while let Some((text, map, arith)) = self.decoded.get(k).cloned() {
            k += 1;
            let whole = map.map(0, text.len());
            if input.get(whole.start..whole.end) == Some(text.as_str()) {
                continue;
            }
            self.evaluated_literals_in(&text, &map);
            self.named_descriptor_subscripts_in(&text, &map);
            // The backslash that keeps the outer shell from expanding the context itself
            // (`"\\$((1+2))"`) is not in what bash evaluates.
            let escaped = self.arith.get(arith).unwrap_or_default().iter().any(|c| {
                let span = c.span();
                input
                    .get(span.start..span.end)
                    .is_none_or(|raw| raw.strip_prefix('\\').unwrap_or(raw).contains('\\'))
            });
            if escaped {
                self.flag(
                    FlagKind::DynamicCode,
                    whole,
                    "bash evaluates arithmetic in code it decodes from a string; its operands are \
                     not read as that code has them",
                );
            }
        }
    }

    /// A declaration builtin (`declare`, `typeset`, `local`, `export`, `readonly`) given a
    /// quoted value of the shape `(…)` for an array (`declare -a x='($(cmd))'`, or any name
    /// that is an array at run time) reads it as a compound assignment and expands the words
    /// inside, running their command substitutions. Such a value is analysed as the assignment
    /// `x=(…)` and flagged (`dynamic-code`). A value from run time is flagged too where bash
    /// may read it as one: given to `-a` or `-A`; given to `declare`, `typeset` or `local` for
    /// a name that may be an array at run time (one the line makes an array, `PIPESTATUS`,
    /// `DIRSTACK`, any name once the line has namerefs, `read -a` or `mapfile`); and any word
    /// from run time that is not `NAME=…` with a static name, since it may expand to options
    /// and an assignment (`declare $v` with `v='-a x=($(cmd))'`).
    pub(crate) fn quoted_compound_assignments(&mut self, input: &str) {
        let mut texts: Vec<(Span, String)> = Vec::new();
        let mut dynamic: Vec<Span> = Vec::new();
        // Whether the line may make any name an array in ways not spelled `NAME=(` or
        // `NAME[`: a nameref, `read -a`, `mapfile`/`readarray` (computed once, when needed).
        let mut arrays_unnamed: Option<bool> = None;
        for u in &self.units {
            let program = u.program.as_deref();
            if !matches!(
                program,
                Some("declare" | "typeset" | "local" | "export" | "readonly")
            ) {
                continue;
            }
            let array = u.args().any(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| v.starts_with('-') && v.contains(['a', 'A']))
            });
            // A word from run time that is not `NAME=…` or `NAME` with a static name may be
            // options (`-a`) and assignments once expanded.
            let open = u
                .args()
                .any(|a| a.value.is_none() && static_declared_name(&a.template).is_none());
            let array = array || open;
            for a in u.args() {
                let Some(v) = a.value.as_deref() else {
                    if self.run_time_compound(a, input, program, array, &mut arrays_unnamed) {
                        dynamic.push(a.span);
                    }
                    continue;
                };
                let Some((name, value)) = v.split_once('=') else {
                    continue;
                };
                let name = name.strip_suffix('+').unwrap_or(name);
                let plain_name = !name.is_empty()
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
                // `x=(…)` written unquoted is an array the parse already read.
                let source = input.get(a.span.start..a.span.end).unwrap_or_default();
                let unquoted = source.starts_with(&format!("{name}=("))
                    || source.starts_with(&format!("{name}+=("));
                if plain_name
                    && !unquoted
                    && let Some(inner) = value.strip_prefix('(').and_then(|r| r.strip_suffix(')'))
                {
                    texts.push((a.span, format!("x=({inner})")));
                }
            }
        }
        for span in dynamic {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "an array's value from run time is read as a compound assignment when it is \
                 `(…)`, and the words inside are expanded (`($(cmd))` runs `cmd`)",
            );
        }
        for (span, text) in texts {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "a quoted `(…)` value given to a declaration is read as a compound array \
                 assignment: bash expands the words inside, running their command substitutions",
            );
            let ctx = Ctx::default().with(Context::Substitution);
            let map = SpanMap::Table(vec![span; text.len()]);
            self.nested(&text, &map, span, &ctx);
        }
    }

    /// Whether bash may read the run-time word `a` of a declaration (`program`) as a compound
    /// array assignment: a word whose name is not static (it may expand to options and an
    /// assignment), or a run-time value for a name that may be an array (`array`: `-a`/`-A` or
    /// options from run time; for `declare`, `typeset` and `local` also a name the line makes
    /// an array). `unnamed` caches whether the line makes arrays of names it does not spell.
    fn run_time_compound(
        &self,
        a: &crate::analyze::Arg,
        input: &str,
        program: Option<&str>,
        array: bool,
        unnamed: &mut Option<bool>,
    ) -> bool {
        let source = input.get(a.span.start..a.span.end).unwrap_or_default();
        // `x=(…)` written unquoted is an array the parse already read.
        let written_array = a
            .template
            .split_once('=')
            .is_some_and(|(n, _)| source.starts_with(&format!("{n}=(")));
        if written_array {
            return false;
        }
        let Some(name) = static_declared_name(&a.template) else {
            return true;
        };
        if !a.template.contains('=') {
            return false;
        }
        // `export`/`readonly` read a run-time value as a compound assignment only with
        // `-a`/`-A`; `declare`, `typeset` and `local` also for a name that is an array already.
        array
            || (matches!(program, Some("declare" | "typeset" | "local"))
                && (matches!(name, "PIPESTATUS" | "DIRSTACK")
                    || named_array(input, name)
                    || *unnamed.get_or_insert_with(|| makes_unnamed_arrays(&self.units))))
    }

    /// Programs that run code from their arguments or input. Returns true when it emitted
    /// everything for the command itself.
    pub(super) fn special(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) -> bool {
        if is_shell(program) {
            return self.shell(args, program, via, assignments, ctx);
        }
        match program {
            "eval" => {
                let span = args[0].arg.span;
                self.flag(FlagKind::Eval, span, "");
                // `eval -- CODE`: bash's eval takes `--` as the end of its (no) options.
                let from = if args.get(1).and_then(|a| a.arg.exact()) == Some("--") {
                    2
                } else {
                    1
                };
                if args.len() > from {
                    let mut v = via.to_vec();
                    v.push("eval".to_owned());
                    return self.code_args(
                        &args[from..],
                        "eval",
                        &v,
                        assignments,
                        ctx,
                        Context::Eval,
                    );
                }
                false
            }
            // `history -s WORDS` stores WORDS as a history entry, which `fc -s` (or `fc -e`)
            // runs later on the line: read as code where it is stored.
            "history" => {
                let at = args[1..]
                    .iter()
                    .position(|a| a.arg.exact() == Some("-s"))
                    .map(|k| k + 2);
                if let Some(from) = at.filter(|&f| f < args.len()) {
                    let mut v = via.to_vec();
                    v.push("history".to_owned());
                    self.code_args(
                        &args[from..],
                        "history",
                        &v,
                        assignments,
                        ctx,
                        Context::Eval,
                    );
                }
                false
            }
            // `fc` without `-l` runs commands from the history list: lines stored by `history
            // -s`, read from a file (`history -r FILE`) or run before, after an editor changes
            // them (`fc -e ed`, or `$FCEDIT`).
            "fc" => {
                let lists = args[1..].iter().any(|a| {
                    a.arg.exact().is_some_and(|w| {
                        w.starts_with('-') && !w.starts_with("--") && w.contains('l')
                    })
                });
                if !lists {
                    self.flag(
                        FlagKind::DynamicCode,
                        args[0].arg.span,
                        "fc runs commands from the shell's history list",
                    );
                }
                false
            }
            // `at`/`batch` schedule the commands they read on standard input (or from `-f`).
            "at" | "batch" => {
                let from_file = args[1..]
                    .iter()
                    .any(|a| a.arg.exact().is_some_and(|v| v.starts_with("-f")));
                let query = args[1..]
                    .iter()
                    .any(|a| matches!(a.arg.exact(), Some("-l" | "-d" | "-r" | "-c" | "-V")));
                if from_file || query {
                    return false;
                }
                self.stdin_code(args, program, via, ctx);
                false
            }
            "crontab" => {
                self.crontab(args, via, ctx);
                false
            }
            "source" | "." => {
                self.flag(FlagKind::Source, args[0].arg.span, "");
                // bash's `source` takes `--` before the file (`source -- FILE`).
                let at = 1 + usize::from(args.get(1).and_then(|a| a.arg.exact()) == Some("--"));
                match args.get(at).and_then(|f| f.arg.exact()).and_then(stream) {
                    Some(Stream::Stdin) => {
                        self.stdin_code(args, program, via, ctx);
                        return false;
                    }
                    Some(Stream::Fd(n)) => {
                        self.fd_code(&args[at], n, program, ctx);
                        return false;
                    }
                    None => {}
                }
                // `echo CODE > x; . ./x`: the text the line wrote.
                if let Some(file) = args.get(at)
                    && let Some(path) = super::decompose::path_text(&file.arg)
                {
                    self.run_written(&path, file.arg.span, program, via, ctx, false);
                }
                if let Some(file) = args.get(at)
                    && file.word.parts.iter().any(|p| {
                        matches!(
                            p,
                            WordPart::ProcessSubstitution { .. }
                                | WordPart::CommandSubstitution { .. }
                        )
                    })
                {
                    self.flag(
                        FlagKind::PipeToShell,
                        file.arg.span,
                        "sourcing the output of a command",
                    );
                    self.substituted_script(file, program, via, ctx);
                }
                false
            }
            "trap" => {
                // `trap [--] CODE SIGNAL…`: CODE runs when a signal (or EXIT) arrives.
                let at = usize::from(args.get(1).and_then(|a| a.arg.exact()) == Some("--")) + 1;
                let is_code = args.len() > at + 1
                    && args[at]
                        .arg
                        .exact()
                        .is_none_or(|v| !v.is_empty() && v != "-" && !v.starts_with('-'));
                if is_code {
                    let mut v = via.to_vec();
                    v.push("trap".to_owned());
                    self.code_args(
                        &args[at..=at],
                        "trap",
                        &v,
                        assignments,
                        ctx,
                        Context::NestedShell,
                    );
                }
                false
            }
            // `alias NAME=VALUE`: VALUE is read in place of NAME where a later command starts
            // with it (on a later line once `expand_aliases` is on, in any later command of a
            // persistent shell, in `sh`): read as the code it will be.
            "alias" => {
                for a in &args[1..] {
                    if let Some((name, value)) = a.arg.exact().and_then(|t| t.split_once('='))
                        && !name.is_empty()
                        && !name.starts_with('-')
                    {
                        let map = code_map(Some(a), value, a.arg.span);
                        self.alias_value(name, value, &map, a.arg.span, via, ctx);
                    }
                }
                false
            }
            "hash" => {
                self.hash_bindings(args);
                false
            }
            "mapfile" | "readarray" => {
                self.mapfile_callback(args, program, via, assignments, ctx);
                false
            }
            "find" => {
                self.find(args, via, assignments, ctx);
                false
            }
            "fd" | "fdfind" => {
                self.fd_exec(args, via, assignments, ctx);
                false
            }
            "docker" | "podman" | "nerdctl" => {
                // The docker unit stays; the container's command as the host sees it is added.
                if let Some(text) = super::container::host_view(args) {
                    let span = args[0].arg.span.cover(args[args.len() - 1].arg.span);
                    let mut c = ctx.with(Context::Container);
                    c.via = via.to_vec();
                    c.via.push(program.to_owned());
                    self.nested(&text, &SpanMap::Table(vec![span; text.len()]), span, &c);
                }
                false
            }
            "git" => {
                self.git(args, via, ctx);
                self.git_environment_config(args, via, assignments, ctx);
                false
            }
            "capsh" => {
                self.capsh(args, via, assignments, ctx);
                false
            }
            "start-stop-daemon" => {
                self.start_stop_daemon(args, via, assignments, ctx);
                false
            }
            "sqlite3" => {
                self.sqlite_code(args, via, ctx);
                false
            }
            "ed" => {
                self.ed_code(args, via, ctx);
                false
            }
            "gdb" => {
                self.gdb_code(args, via, assignments, ctx);
                false
            }
            p if crate::programs::is_vim(p) => {
                self.vim_code(args, program, via, ctx);
                false
            }
            "apt" | "apt-get" | "apt-cache" | "apt-config" | "apt-mark" | "apt-cdrom" => {
                self.apt_config_file(args, program);
                self.option_code(args, program, via, ctx);
                false
            }
            p if !shell_command_options(p).is_empty() => {
                self.option_code(args, program, via, ctx);
                false
            }
            "make" | "gmake" => {
                self.make_eval(args, program, via, ctx);
                self.make_variables(args, program, via, ctx);
                false
            }
            "sed" | "gsed" => {
                self.sed_code(args, program, via, ctx);
                false
            }
            "awk" | "gawk" | "mawk" | "nawk" => {
                self.awk_code(args, program, via, ctx);
                false
            }
            p if is_interpreter(p) => {
                self.interpreter(args, ctx);
                false
            }
            _ => false,
        }
    }

    /// A wrapper given no command that starts the user's shell instead (`su`, `sudo -i`,
    /// `unshare`, `chroot DIR`, `script`, `tmux`; see `wrappers::Strip::Shell`): a unit `sh`
    /// run by the wrapper, as a `$SHELL` word is read, and flagged the same way (which shell
    /// runs is `$SHELL` or the user's login shell, known at run time only). The shell reads
    /// its commands on standard input: fed text is analysed as its code (as for `sh` itself);
    /// with nothing fed it runs what is typed at it later, which is flagged as dynamic code.
    pub(super) fn user_shell(
        &mut self,
        args: &[ArgW],
        program: &str,
        mut via: Vec<String>,
        assignments: Vec<UnitAssignment>,
        ctx: &Ctx,
    ) {
        let (Some(first), Some(last)) = (args.first(), args.last()) else {
            return;
        };
        let span = first.arg.span.cover(last.arg.span);
        self.flag(
            FlagKind::CommandPositionExpansion,
            span,
            format!("{program} starts the user's shell: $SHELL or the login shell decides which"),
        );
        if ctx.feed.is_none() {
            self.flag(
                FlagKind::DynamicCode,
                span,
                format!(
                    "{program} starts the user's shell ($SHELL), which runs the commands typed at it"
                ),
            );
        }
        via.push(program.to_owned());
        let mut c = ctx.clone();
        c.via = via;
        let shell = ArgW {
            arg: super::Arg::literal("sh", span),
            word: first.word,
            sole: false,
        };
        self.resolve(&[shell], assignments, &c);
    }

    /// `bash [opts] -c STRING [argv0 args…]`, `bash script`, `bash` reading stdin.
    fn shell(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) -> bool {
        let mut has_c = false;
        let mut stdin = false;
        let mut i = 1;
        let mut operand = None;
        // `-l`, `-i`, `--login` of a shell whose start-up files are listed: judged once the
        // options are read (`startup_read`). The words that asked for them, and which.
        let listed = crate::programs::startup_files(program, false, false).is_some();
        let mut startup: Vec<Span> = Vec::new();
        let (mut login, mut interactive) = (false, false);
        while i < args.len() {
            let Some(v) = args[i].arg.exact() else {
                operand = Some(i);
                break;
            };
            if v == "--" || v == "-" {
                i += 1;
                operand = (i < args.len()).then_some(i);
                break;
            }
            if let Some(long) = v.strip_prefix("--") {
                if listed && long == "login" {
                    login = true;
                    startup.push(args[i].arg.span);
                } else if !super::shell_options::harmless_long(long) {
                    self.flag(
                        FlagKind::DynamicCode,
                        args[i].arg.span,
                        format!(
                            "`{program} {v}` reads start-up files or changes how the shell reads \
                             its code (a file an earlier command can write)"
                        ),
                    );
                }
                if matches!(long, "rcfile" | "init-file") {
                    // `bash --rcfile x -i` of a file the line wrote runs its text.
                    if let Some(file) = args.get(i + 1).and_then(|a| a.arg.exact()) {
                        self.run_written(file, args[i + 1].arg.span, program, via, ctx, false);
                    }
                    // `bash --rcfile <(echo CODE) -i`: the file is what a command prints.
                    if let Some(file) = args.get(i + 1) {
                        self.substituted_script(file, program, via, ctx);
                    }
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            if (v.starts_with('-') || v.starts_with('+')) && v.len() > 1 {
                let body = &v[1..];
                if body.contains('c') {
                    has_c = true;
                }
                if body.contains('s') {
                    stdin = true;
                }
                let on = v.starts_with('-');
                // `-o name` / `-O name` take a value.
                let value = (body.ends_with('o') || body.ends_with('O'))
                    .then(|| args.get(i + 1).and_then(|a| a.arg.exact()));
                let shopt = body.ends_with('O');
                // `-l` and `-i` read start-up files, judged after the options.
                let reads_startup = |c: char| listed && on && matches!(c, 'l' | 'i');
                if body.chars().any(reads_startup) {
                    login |= body.contains('l');
                    interactive |= body.contains('i');
                    startup.push(args[i].arg.span);
                }
                let harmless = body.chars().all(|c| {
                    reads_startup(c) || super::shell_options::harmless_invocation_letter(c, on)
                }) && value.is_none_or(|name| {
                    name.is_some_and(|n| {
                        if shopt {
                            super::shell_options::harmless_shopt(n, on)
                        } else {
                            super::shell_options::harmless_set_name(n, on)
                        }
                    })
                });
                if !harmless {
                    self.flag(
                        FlagKind::DynamicCode,
                        args[i].arg.span,
                        format!(
                            "`{program} {v}` reads start-up files (`-i`, `-l`) or sets a shell \
                             option that changes how its code runs"
                        ),
                    );
                }
                if value.is_some() {
                    i += 1;
                }
                i += 1;
                continue;
            }
            operand = Some(i);
            break;
        }
        if !startup.is_empty() {
            let code = has_c && operand.is_some();
            self.startup_read(
                &startup,
                program,
                login,
                interactive,
                code,
                assignments,
                via,
                ctx,
            );
        } else if program == "zsh" && has_c && operand.is_some() && !self.written.is_empty() {
            // zsh reads its `zshenv` files however it is started.
            let at = [args[0].arg.span];
            self.startup_read(&at, program, false, false, true, assignments, via, ctx);
        }
        if has_c {
            let Some(at) = operand else {
                // `… | xargs bash -c`: the code is what xargs reads. Otherwise `bash -c` with
                // nothing errors out; emit the unit.
                if ctx.appended
                    && let Some(Feed::Dynamic(src) | Feed::Partial(_, _, src)) = &ctx.feed
                {
                    self.flag(
                        FlagKind::PipeToShell,
                        src.cover(args[0].arg.span),
                        format!("{program} -c runs the text xargs reads"),
                    );
                }
                return false;
            };
            let mut v = via.to_vec();
            v.push(program.to_owned());
            // `sh -c 'rm -rf "$0"' /`: the words after the code are `$0`, `$1`…; static ones
            // are known values while the code is read (its second, substituted reading).
            let saved = self.exported.len();
            let bind = |name: String, value: String, span| UnitAssignment {
                name,
                template: value.clone(),
                value: Some(value),
                span,
                inherited: true,
                exported: false,
            };
            for (k, a) in args.iter().skip(at + 1).take(10).enumerate() {
                if let Some(value) = a.arg.exact() {
                    self.exported
                        .push(bind(k.to_string(), value.to_owned(), a.arg.span));
                }
            }
            // `sh -c 'rm -rf "$@"' x / ~`: when every word after `$0` is static, `$@`, `$*`
            // and `$#` are known too (`"$@"` becomes one quoted word per operand, see
            // `resolved_text`).
            let rest = args.get(at + 2..).unwrap_or_default();
            if !rest.is_empty() && rest.len() <= 9 && rest.iter().all(|a| a.arg.exact().is_some()) {
                let all: Vec<&str> = rest.iter().filter_map(|a| a.arg.exact()).collect();
                let span = rest[0].arg.span.cover(rest[rest.len() - 1].arg.span);
                for name in ["@", "*"] {
                    self.exported
                        .push(bind(name.to_owned(), all.join(" "), span));
                }
                self.exported
                    .push(bind("#".to_owned(), all.len().to_string(), span));
            }
            let seen = self.code_args(
                &args[at..=at],
                program,
                &v,
                assignments,
                ctx,
                Context::NestedShell,
            );
            self.exported.truncate(saved);
            return seen;
        }
        if let Some(at) = operand
            && !stdin
        {
            // `bash /dev/stdin`, `sh /proc/self/fd/0`: the script is standard input after all;
            // `bash /dev/fd/3 3< <(curl …)`: the script is what a command writes.
            match args[at].arg.exact().and_then(stream) {
                Some(Stream::Stdin) => return self.stdin_code(args, program, via, ctx),
                Some(Stream::Fd(n)) => {
                    self.fd_code(&args[at], n, program, ctx);
                    return false;
                }
                None => {}
            }
            // Runs a script file: one the line wrote is read as code.
            if let Some(file) = super::decompose::path_text(&args[at].arg) {
                self.run_written(&file, args[at].arg.span, program, via, ctx, false);
            }
            // A process substitution as the script is code from a command.
            let w = &args[at];
            if w.word.parts.iter().any(|p| {
                matches!(
                    p,
                    WordPart::ProcessSubstitution { .. } | WordPart::CommandSubstitution { .. }
                )
            }) {
                self.flag(
                    FlagKind::PipeToShell,
                    w.arg.span,
                    format!("{program} runs the output of a command"),
                );
                self.substituted_script(w, program, via, ctx);
            }
            return false;
        }
        self.stdin_code(args, program, via, ctx)
    }

    /// A shell started as a login or interactive shell (`bash -lc CODE`, `sh -ic CODE`, `zsh
    /// --login -c CODE`) reads its start-up files (`programs::startup_files`) before CODE. They
    /// are the person's environment, which every command already runs in, so CODE is judged by
    /// itself, unless the line can change which files are read or what they hold: a variable
    /// that moves them (`HOME`, `ZDOTDIR`, `ENV`…) set for the shell or earlier, a file of that
    /// shell the line wrote (its text, when known, is read as code the shell runs first), or a
    /// unit anywhere on the line naming one (checked when the walk is done, `finish`). Without
    /// a `-c` code string the shell runs what it reads: the flag stays.
    #[allow(clippy::too_many_arguments)]
    fn startup_read(
        &mut self,
        words: &[Span],
        program: &str,
        login: bool,
        interactive: bool,
        code: bool,
        assignments: &[UnitAssignment],
        via: &[String],
        ctx: &Ctx,
    ) {
        let span = words
            .iter()
            .copied()
            .reduce(Span::cover)
            .unwrap_or_default();
        let files = crate::programs::startup_files(program, login, interactive).unwrap_or_default();
        let moved = assignments
            .iter()
            .chain(&self.exported)
            .chain(&self.bare)
            .any(|a| {
                crate::programs::environment::STARTUP_VARS.contains(&a.name.trim_end_matches('+'))
            });
        let mut written: Vec<String> = self
            .written
            .iter()
            .filter(|(p, _)| crate::programs::names_startup_file(p, &files))
            // A relative name written before a directory change: the name as written (its
            // text is read only when it names the same file here).
            .map(|(p, _)| p.rsplit('\u{0}').next().unwrap_or(p).to_owned())
            .collect();
        written.dedup();
        for file in &written {
            self.run_written(file, span, program, via, ctx, false);
        }
        if code && !moved && written.is_empty() {
            self.startup_reads.push((span, program.to_owned(), files));
            return;
        }
        let detail = if code {
            format!("`{program}` reads start-up files that the line writes or moves")
        } else {
            format!(
                "`{program}` started as a login or interactive shell without `-c` runs what it \
                 reads after its start-up files"
            )
        };
        self.flag(FlagKind::DynamicCode, span, detail);
    }

    /// A shell running (or sourcing) `file`, which the line wrote earlier with known text
    /// (`echo CODE > x.sh; bash x.sh`, `. ./x`, `chmod +x x; ./x`): that text is read as its
    /// code. Run as a program (`direct`), a file whose `#!` line names another interpreter is
    /// not shell code. Returns whether the text was read.
    pub(super) fn run_written(
        &mut self,
        file: &str,
        span: Span,
        program: &str,
        via: &[String],
        ctx: &Ctx,
        direct: bool,
    ) -> bool {
        let Some(feed) = self.written_any(file) else {
            return false;
        };
        let (Feed::Static(text, map) | Feed::Partial(text, map, _)) = &feed else {
            // `base64 -d <<< … > x; sh x`: the file holds what a command printed at run time.
            self.flag(
                FlagKind::PipeToShell,
                span,
                format!(
                    "{program} runs `{file}`, which the line wrote with text known only at run time"
                ),
            );
            return false;
        };
        if direct && let Some(line) = text.strip_prefix("#!") {
            let line = line.lines().next().unwrap_or_default();
            let mut words = line.split_whitespace();
            let mut interpreter = words.next().unwrap_or_default();
            if interpreter.rsplit('/').next() == Some("env") {
                interpreter = words.find(|w| !w.starts_with('-')).unwrap_or_default();
            }
            if !is_shell(interpreter.rsplit('/').next().unwrap_or_default()) {
                return false;
            }
        }
        self.flag(
            FlagKind::NestedShell,
            span,
            format!("{program} runs `{file}`, which the line wrote"),
        );
        if let Feed::Partial(_, _, src) = &feed {
            self.flag(
                FlagKind::PipeToShell,
                src.cover(span),
                format!("{program} runs `{file}`, whose text the line knows only in part"),
            );
        }
        let mut c = ctx.with(Context::NestedShell);
        c.via = via.to_vec();
        c.via.push(program.to_owned());
        c.redirects.clear();
        let (text, map) = (text.clone(), map.clone());
        self.nested(&text, &map, span, &c);
        true
    }

    /// `sh <(echo CODE)`, `source <(printf CODE)`: the script is what a command prints; when
    /// that command is `echo`/`printf`/`cat <<EOF` with static text, the text is read as code.
    fn substituted_script(&mut self, script: &ArgW, program: &str, via: &[String], ctx: &Ctx) {
        self.substituted_file(script.word, script.arg.span, program, via, ctx);
    }

    /// [`Self::substituted_script`] for any word naming a file a shell reads as code: a
    /// start-up file (`bash --rcfile <(echo CODE) -i`, `BASH_ENV=<(echo CODE) bash -c …`).
    pub(super) fn substituted_file(
        &mut self,
        word: &Word,
        span: Span,
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        let [
            WordPart::ProcessSubstitution {
                body,
                output: false,
                ..
            },
        ] = word.parts.as_slice()
        else {
            return;
        };
        let feed = self.body_feed(body, span);
        if let Feed::Static(text, map) | Feed::Partial(text, map, _) = &feed {
            if let Feed::Partial(_, _, src) = &feed {
                self.flag(
                    FlagKind::PipeToShell,
                    src.cover(span),
                    format!("{program} reads code known only in part"),
                );
            }
            let (text, map) = (text.clone(), map.clone());
            let mut c = ctx.with(Context::StdinCode);
            c.via = via.to_vec();
            c.via.push(program.to_owned());
            c.redirects.clear();
            self.nested(&text, &map, span, &c);
        }
    }

    /// A program that runs code it reads on standard input (a shell with no script, `at`):
    /// static fed text is analysed as code, run-time text is flagged. Returns true when the
    /// code was analysed (the reader itself is then not a unit).
    fn stdin_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) -> bool {
        match &ctx.feed {
            Some(feed @ (Feed::Static(text, map) | Feed::Partial(text, map, _))) => {
                let span = args[0].arg.span;
                self.flag(
                    FlagKind::NestedShell,
                    span,
                    format!("{program} reads code on standard input"),
                );
                if let Feed::Partial(_, _, src) = feed {
                    self.flag(
                        FlagKind::PipeToShell,
                        src.cover(span),
                        format!("{program} runs code with run-time expansions in it"),
                    );
                }
                let mut c = ctx.with(Context::StdinCode);
                c.via = via.to_vec();
                c.via.push(program.to_owned());
                c.redirects.clear();
                let text = text.clone();
                let map = map.clone();
                let before = self.units.len();
                self.nested(&text, &map, span, &c);
                self.script_readers(&text, &map, before, program, span);
                true
            }
            Some(Feed::Dynamic(src)) => {
                self.flag(
                    FlagKind::PipeToShell,
                    src.cover(args[0].arg.span),
                    format!("{program} runs code produced at run time"),
                );
                false
            }
            None => false,
        }
    }

    /// `crontab [-u USER] [FILE|-]` installs a table whose entries cron runs later through
    /// `sh`: the table read on standard input (no operand, or `-`) or from a file the line
    /// wrote. Each entry's command (after its five time fields or its `@reboot`-like
    /// nickname, up to the first unescaped `%`, which starts the entry's input) is read as
    /// code, so `echo '* * * * * rm -rf ~' | crontab -` is judged by the wipe it schedules.
    /// Options that list, remove or edit the table (`-l`, `-r`, `-e`) install nothing.
    fn crontab(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        use crate::programs::{args as options, tables};
        let spec = tables::builtin("crontab").unwrap_or_default();
        let words: Vec<super::Arg> = args.iter().map(|a| a.arg.clone()).collect();
        let parsed = options::parse(Some(&spec), &words);
        if parsed.opts.iter().any(|o| {
            matches!(
                o.name.as_ref(),
                "-l" | "-r" | "-e" | "-i" | "-c" | "-n" | "-T" | "-V"
            )
        }) {
            return;
        }
        let span = args[0].arg.span;
        let feed = match parsed.operands.first() {
            None => ctx.feed.clone(),
            Some(&k) => match args.get(k) {
                Some(a) if a.arg.exact() == Some("-") => ctx.feed.clone(),
                // A file the line wrote, or `crontab <(CMD)`: what CMD prints.
                Some(a) => self.file_feed(a),
                None => None,
            },
        };
        match &feed {
            Some(Feed::Static(text, map) | Feed::Partial(text, map, _)) => {
                let (code, table) = cron_commands(text, map);
                if code.trim().is_empty() {
                    return;
                }
                self.flag(
                    FlagKind::NestedShell,
                    span,
                    "crontab installs commands cron runs later",
                );
                if let Some(Feed::Partial(_, _, src)) = &feed {
                    self.flag(
                        FlagKind::PipeToShell,
                        src.cover(span),
                        "crontab installs entries known only in part",
                    );
                }
                let mut c = ctx.with(Context::NestedShell);
                c.via = via.to_vec();
                c.via.push("crontab".to_owned());
                c.redirects.clear();
                self.nested(&code, &SpanMap::Table(table), span, &c);
            }
            Some(Feed::Dynamic(src)) => self.flag(
                FlagKind::PipeToShell,
                src.cover(span),
                "crontab installs entries produced at run time",
            ),
            None => {}
        }
    }

    /// A command of a script a shell reads on standard input shares that input: one that may
    /// read it (`read`, `head`, `cat`, `$(cat)`…) reads the script's next lines, and the shell
    /// goes on after them (`bash <<EOF⏎read x⏎echo 'a⏎rm -rf ~⏎'⏎EOF` runs `rm`, where the
    /// whole text is one `echo`). When such a command (the units from `before` on) has code on
    /// a line after its own, or `exec` opens another standard input (the shell reads the rest
    /// of its script from there), what the shell runs is known only in part: flagged.
    fn script_readers(
        &mut self,
        text: &str,
        map: &SpanMap,
        before: usize,
        program: &str,
        span: Span,
    ) {
        /// Commands that never read standard input.
        const NEVER_READ: &[&str] = &[
            ":", "[", "[[", "((", "alias", "basename", "cd", "chmod", "cp", "date", "declare",
            "dirname", "echo", "exit", "export", "false", "let", "ln", "local", "ls", "mkdir",
            "mv", "printf", "pwd", "readonly", "return", "rm", "set", "shift", "shopt", "sleep",
            "test", "touch", "true", "type", "typeset", "uname", "unset", "which",
        ];
        let bytes = text.as_bytes();
        // Is there code on a line after the one holding this original offset?
        let code_after = |end: usize| {
            let Some(at) = (0..bytes.len()).find(|&i| map.map(i, i + 1).start >= end) else {
                return false;
            };
            let Some(nl) = bytes[at..].iter().position(|&b| b == b'\n') else {
                return false;
            };
            bytes[at + nl + 1..].split(|&b| b == b'\n').any(|line| {
                let t = line.trim_ascii();
                !t.is_empty() && !t.starts_with(b"#")
            })
        };
        let reader = self
            .units
            .get(before..)
            .unwrap_or_default()
            .iter()
            .find(|u| {
                let opens_stdin = |r: &crate::analyze::UnitRedirect| {
                    r.op.starts_with('<') && r.fd.as_deref().is_none_or(|fd| fd == "0")
                };
                // `exec < FILE`: the shell reads the rest of its script from FILE.
                if u.program.as_deref() == Some("exec") && u.redirects.iter().any(opens_stdin) {
                    return true;
                }
                let reads = u
                    .program
                    .as_deref()
                    .is_none_or(|p| !NEVER_READ.contains(&crate::programs::base(p)));
                reads
                    && !u.piped
                    && u.stdin.is_none()
                    && !u.redirects.iter().any(opens_stdin)
                    && code_after(u.span.end)
            });
        if let Some(u) = reader {
            let name = u.program.clone().unwrap_or_default();
            self.flag(
                FlagKind::PipeToShell,
                span,
                format!(
                    "{program} reads its script on standard input, which `{name}` may read from too: the lines after it are not known to run as written"
                ),
            );
        }
    }

    /// A shell, interpreter or `source` reading its code from file descriptor `n`: when a
    /// redirect opens it on a process substitution (`3< <(curl …)`), the code is a command's
    /// output.
    fn fd_code(&mut self, script: &ArgW, n: u32, program: &str, ctx: &Ctx) {
        let fd = n.to_string();
        if let Some(r) = ctx
            .redirects
            .iter()
            .find(|r| r.fd.as_deref() == Some(fd.as_str()) && r.template.starts_with("<("))
        {
            self.flag(
                FlagKind::PipeToShell,
                script.arg.span.cover(r.span),
                format!("{program} runs the output of a command (file descriptor {n})"),
            );
        }
    }

    /// `python`, `perl`… with no program argument read one from standard input.
    /// Code given with `-c`, `-e`… is flagged as code that is not read, unless it is the
    /// first option and a closed reader proves it only prints (`python3 -c 'import sys;
    /// print(sys.version)'`, `node -p process.versions`: `inline_code`).
    fn interpreter(&mut self, args: &[ArgW], ctx: &Ctx) {
        let program = args[0].arg.value.clone().unwrap_or_default();
        // Node's `-c` is `--check` (parse the script, run nothing), not code.
        let node = matches!(
            program.rsplit('/').next().unwrap_or(&program),
            "node" | "nodejs"
        );
        let mut script = None;
        let mut one_liner = false;
        // The word holding the code: after `-c`, or a bundle ending in a code letter (`-Ic`,
        // `perl -ne`); or the option word itself (`-c"CODE"`, `--eval=CODE`).
        let mut code = None;
        // The code option when it is the first word after the program (`python3 -c CODE`):
        // the only place where the closed one-liner readers are asked.
        let mut code_option = None;
        let mut skip = false;
        for (k, a) in args.iter().enumerate().skip(1) {
            if skip {
                skip = false;
                continue;
            }
            match a.arg.exact() {
                Some("-c") if node => {}
                Some(v) if v.starts_with('-') && v.len() > 1 => {
                    let letters = v[1..].bytes().all(|b| b.is_ascii_alphabetic());
                    if matches!(v, "-c" | "-e" | "-E" | "-r" | "--eval" | "-p" | "--print")
                        || (letters && v.ends_with(['c', 'e']))
                    {
                        one_liner = true;
                        code = args.get(k + 1);
                        code_option = (k == 1).then_some(v);
                        break;
                    }
                    if v.starts_with("--eval=")
                        || v.starts_with("--print=")
                        || (!letters && (v.starts_with("-c") || v.starts_with("-e")))
                    {
                        one_liner = true;
                        code = Some(a);
                        break;
                    }
                    // Options that take a value: `python3 -W ignore -c CODE`.
                    skip = matches!(v, "-W" | "-X");
                }
                Some("-") => break,
                _ => {
                    script = Some(a);
                    break;
                }
            }
        }
        // Python's code option as its table reads the options before it (`python3 -W ignore
        // -B -c CODE`): which options may stand beside it is the allow rule's to say.
        let base = program.rsplit('/').next().unwrap_or(&program);
        let mut python_code = None;
        if matches!(base, "python" | "python3") {
            let argv: Vec<_> = args.iter().map(|a| a.arg.clone()).collect();
            if let Some(o) = crate::programs::tables::builtin_option(base, &argv, "-c") {
                one_liner = true;
                code = args.get(o.value_at.unwrap_or(o.index));
                code_option = Some("-c");
                python_code = o.value;
            }
            // `python3 -m pytest`, `python3 -m pip install .`: the module reads the project
            // files the program of that name reads.
            if !self.written.is_empty()
                && let Some(o) = crate::programs::tables::builtin_option(base, &argv, "-m")
                && let Some(module) = o.value.as_deref()
                && let Some(files) = crate::programs::project_code(module)
            {
                self.project_code(files, args, module, &ctx.via, ctx);
            }
        }
        // Perl's `-e`/`-E` as its table reads the options (`perl -lane CODE`, `perl -F: -ne
        // CODE`): every one of them is the program, joined with newlines as perl joins them.
        let mut perl_code = None;
        if base == "perl"
            && let Some(spec) = crate::programs::tables::builtin(base)
        {
            let argv: Vec<_> = args.iter().map(|a| a.arg.clone()).collect();
            let parsed = crate::programs::args::parse(Some(&spec), &argv);
            let codes: Vec<_> = parsed
                .opts
                .iter()
                .filter(|o| o.name == "-e" || o.name == "-E")
                .collect();
            if let Some(first) = codes.first() {
                one_liner = true;
                code = args.get(first.value_at.unwrap_or(first.index));
                code_option = Some("-e");
                perl_code = Some(
                    codes
                        .iter()
                        .map(|o| o.value.clone())
                        .collect::<Option<Vec<_>>>()
                        .map(|v| v.join("\n")),
                );
            }
        }
        if one_liner {
            // `python3 -c "$(curl …)"`: the code is a command's output.
            if let Some(c) = code
                && c.word.parts.iter().any(|p| {
                    matches!(
                        p,
                        WordPart::ProcessSubstitution { .. } | WordPart::CommandSubstitution { .. }
                    )
                })
            {
                self.flag(
                    FlagKind::DynamicCode,
                    c.arg.span,
                    format!("{program} runs code that a command prints"),
                );
            } else if let Some(c) = code
                && !match &perl_code {
                    // `perl -e 'print 1' -e "$X"`: a part known only at run time.
                    Some(text) => text
                        .as_deref()
                        .is_some_and(crate::analyze::perl_code::filters_only),
                    None => prints_only_code(
                        &program,
                        code_option,
                        python_code.as_deref().or(c.arg.exact()),
                    ),
                }
            {
                self.flag(
                    FlagKind::DynamicCode,
                    c.arg.span,
                    format!("{program} code: the programs it runs are not read"),
                );
            }
            return;
        }
        match script.and_then(|s| s.arg.exact()).and_then(stream) {
            Some(Stream::Stdin) => script = None,
            Some(Stream::Fd(n)) => {
                if let Some(s) = script {
                    self.fd_code(s, n, &program, ctx);
                }
                return;
            }
            None => {}
        }
        if let Some(s) = script {
            // `cat > x.py <<'EOF' … EOF; python3 x.py`, `python3 <(echo CODE)`: the text the
            // line wrote or prints is the program (read by the one-liner check as code given
            // with `-c`; text known only in part is flagged where it is made).
            if let Some(Feed::Static(text, _) | Feed::Partial(text, _, _)) = self.file_feed(s) {
                self.script_text = Some((args[0].arg.span, text));
            }
            if s.word.parts.iter().any(|p| {
                matches!(
                    p,
                    WordPart::ProcessSubstitution { .. } | WordPart::CommandSubstitution { .. }
                )
            }) {
                self.flag(
                    FlagKind::PipeToShell,
                    s.arg.span,
                    format!("{program} runs the output of a command"),
                );
            }
            return;
        }
        match &ctx.feed {
            Some(Feed::Dynamic(src) | Feed::Partial(_, _, src)) => self.flag(
                FlagKind::PipeToShell,
                src.cover(args[0].arg.span),
                format!("{program} runs code produced at run time"),
            ),
            Some(Feed::Static(_, _)) => self.flag(
                FlagKind::DynamicCode,
                args[0].arg.span,
                format!("{program} code on standard input: the programs it runs are not read"),
            ),
            None => {}
        }
    }

    /// Run the static text of `code` (joined by spaces) as code; flag it when it is dynamic.
    /// Returns true when the code was analysed (so the runner itself is not a unit).
    /// `mapfile -C CALLBACK` / `readarray -C`: bash evaluates `CALLBACK INDEX LINE` for lines
    /// it reads, so the data read becomes code: always dynamic code; a static callback is
    /// analysed too.
    fn mapfile_callback(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let mut i = 1;
        while let Some(a) = args.get(i) {
            let Some(v) = a.arg.exact() else {
                break;
            };
            if v == "--" || !v.starts_with('-') || v.len() < 2 {
                break;
            }
            let body = &v[1..];
            for (k, c) in body.char_indices() {
                if !matches!(c, 'd' | 'n' | 'O' | 's' | 'u' | 'C' | 'c') {
                    continue;
                }
                let attached = &body[k + c.len_utf8()..];
                if c == 'C' {
                    self.flag(
                        FlagKind::DynamicCode,
                        a.arg.span,
                        format!(
                            "`{program} -C` evaluates its callback with each line read as code"
                        ),
                    );
                    if attached.is_empty()
                        && let Some(cb) = args.get(i + 1)
                    {
                        let mut v = via.to_vec();
                        v.push(program.to_owned());
                        self.code_args(
                            std::slice::from_ref(cb),
                            program,
                            &v,
                            assignments,
                            ctx,
                            Context::NestedShell,
                        );
                    }
                }
                if attached.is_empty() {
                    i += 1;
                }
                break;
            }
            i += 1;
        }
    }

    pub(super) fn code_args(
        &mut self,
        code: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
        context: Context,
    ) -> bool {
        let span = code
            .first()
            .map_or(Span::default(), |f| f.arg.span)
            .cover(code.last().map_or(Span::default(), |l| l.arg.span));
        let all_sole = code.iter().all(|a| a.sole);
        let text = if crate::programs::base(program) == "env" && code.len() > 1 {
            // `env -S 'sh -c' 'rm -rf ~'`: env splits the string of `-S` into words and
            // puts the operands after it as they are, one word each (`sh -c 'rm -rf ~'`).
            let first = if code[0].sole {
                word::code_text(&[code[0].word])
            } else {
                code[0]
                    .arg
                    .exact()
                    .map(|t| (t.to_owned(), SpanMap::Table(vec![span; t.len()])))
            };
            let rest: Option<Vec<String>> = code[1..]
                .iter()
                .map(|a| a.arg.exact().map(word::shell_quote))
                .collect();
            match (first, rest) {
                (Some((mut t, _)), Some(rest)) => {
                    for w in rest {
                        t.push(' ');
                        t.push_str(&w);
                    }
                    let n = t.len();
                    Some((t, SpanMap::Table(vec![span; n])))
                }
                _ => None,
            }
        } else if all_sole {
            let words: Vec<&crate::ast::Word> = code.iter().map(|a| a.word).collect();
            word::code_text(&words)
        } else if code.iter().all(|a| a.arg.exact().is_some()) {
            let t: Vec<&str> = code.iter().filter_map(|a| a.arg.exact()).collect();
            let t = t.join(" ");
            let n = t.len();
            Some((t, SpanMap::Table(vec![span; n])))
        } else {
            None
        };
        if let Some((mut text, map)) = text {
            if crate::programs::base(program) == "env" {
                text = env_split_separators(text);
            }
            let kind = if context == Context::Eval {
                FlagKind::Eval
            } else {
                FlagKind::NestedShell
            };
            self.flag(kind, span, program.to_owned());
            let replaced =
                text.contains("{}") || ctx.replace.as_deref().is_some_and(|r| text.contains(r));
            if ctx.appended && replaced {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "input is substituted into the code (a replacement string such as `{}`)",
                );
            } else if ctx.appended
                && crate::programs::base(program) == "parallel"
                && parallel_replacement(&text)
            {
                // `{.}`, `{/}`, `{#}`, `{2}`, and with `--plus` `{%.txt}`, `{/a/b}`, `{:-x}`…:
                // parallel fills them from the input, changed (a suffix removed, a pattern
                // replaced) or not, and puts no value after the command: what runs is not the
                // words read (`parallel --plus cat {%.txt} ::: id_rsa.txt` reads `id_rsa`).
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "input is substituted into the code (a replacement string such as {.}, {/}, {#} or --plus's {%…})",
                );
            }
            // GNU parallel evaluates a `{= EXPR =}` replacement string as Perl before the shell
            // reads the command (`parallel ls '{=system("id")=}' ::: a`).
            if crate::programs::base(program) == "parallel" && text.contains("{=") {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "a `{= … =}` replacement string is Perl code that parallel evaluates",
                );
            }
            let mut c = ctx.with(context);
            // The code reads the runner's standard input (`bash -c 'bash' <<< CODE`, `echo CODE
            // | sh -c 'exec bash'`): what feeds the runner feeds its commands, as it feeds a
            // group's. Not where the runner reads its input itself (`xargs`, `parallel`).
            if !ctx.appended {
                c.feed.clone_from(&ctx.feed);
                c.piped = ctx.piped;
            }
            // The arguments `xargs` reads go to the shell, not into its code; `parallel`
            // appends its arguments to the code itself.
            c.appended = ctx.appended && program == "parallel";
            c.via = via.to_vec();
            c.redirects = ctx.redirects.clone();
            // Assignments given to the runner are in the environment of the code.
            let saved = self.exported.len();
            self.exported
                .extend(assignments.iter().cloned().map(|mut a| {
                    a.inherited = true;
                    a
                }));
            self.nested(&text, &map, span, &c);
            self.exported.truncate(saved);
            true
        } else {
            let from_command = code.iter().any(|a| {
                a.word
                    .parts
                    .iter()
                    .any(|p| matches!(p, WordPart::CommandSubstitution { .. }))
            });
            if from_command {
                self.flag(
                    FlagKind::PipeToShell,
                    span,
                    format!("{program} runs the output of a command"),
                );
            } else {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} runs code computed at run time"),
                );
            }
            // When the code is built from variables set earlier on the line, read it too;
            // else as written, each expansion standing for its value (`eval "find $HOME
            // -delete"` deletes the home directory). Either reading can only add findings.
            let words: Vec<&crate::ast::Word> = code.iter().map(|a| a.word).collect();
            let mut c = ctx.with(Context::Resolved);
            c.via = via.to_vec();
            if let Some(text) = self.resolved_text(&words, true) {
                let map = SpanMap::Table(vec![span; text.len()]);
                self.nested(&text, &map, span, &c);
            } else if !from_command
                && code.iter().all(|a| {
                    a.sole
                        && !a
                            .word
                            .parts
                            .iter()
                            .any(|p| matches!(p, WordPart::ProcessSubstitution { .. }))
                })
            {
                let (text, map) = word::template_text(&words);
                // Code that starts with an expansion (`eval "$cmd"`) names no program to read.
                if !text.trim_start().starts_with('$') {
                    self.nested(&text, &map, span, &c);
                }
            }
            false
        }
    }

    /// `echo /dev/sda | xargs mkfs.ext4`, `xargs -I{} sh -c 'rm -rf {}' <<< /`: when what
    /// xargs reads is static, the command it builds is known; it is analysed too, as a
    /// resolved reading (the xargs unit with its run-time arguments stays). Only short, plain
    /// input is read (no quotes or backslashes, which xargs interprets, at most 32 items).
    /// Input known but for its expansions (`xargs cat <<EOF⏎$HOME/.ssh/id_rsa⏎EOF`) is read
    /// the same way, each item with a `$` as a double-quoted template, so that what the
    /// expansion stands in (`$HOME`) still counts; the resolved reading can only add findings.
    pub(super) fn xargs_fed(&mut self, opts: &[ArgW], cmd: &[ArgW], via: &[String], ctx: &Ctx) {
        let (text, partial) = match &ctx.feed {
            Some(Feed::Static(text, _)) => (text, false),
            Some(Feed::Partial(text, _, _)) => (text, true),
            Some(Feed::Dynamic(_)) | None => return,
        };
        if text.len() > 4096 || text.contains(['\'', '"', '\\']) {
            return;
        }
        let mut replace: Option<&str> = None;
        let mut nul = false;
        let mut k = 0;
        while k < opts.len() {
            let Some(o) = opts[k].arg.exact() else {
                return;
            };
            match o {
                "-I" | "--replace" => {
                    replace = Some(opts.get(k + 1).and_then(|a| a.arg.exact()).unwrap_or("{}"));
                    k += 1;
                }
                "-i" => replace = Some("{}"),
                "-0" | "--null" => nul = true,
                // Items read from a file or split on another delimiter: not the fed text.
                _ if o.starts_with("-a")
                    || o.starts_with("-d")
                    || o.starts_with("--arg-file")
                    || o.starts_with("--delimiter") =>
                {
                    return;
                }
                _ => {
                    if let Some(r) = o
                        .strip_prefix("--replace=")
                        .or_else(|| o.strip_prefix("-I"))
                    {
                        replace = Some(r);
                    } else if let Some(r) = o.strip_prefix("-i") {
                        replace = Some(r);
                    }
                }
            }
            k += 1;
        }
        let items: Vec<&str> = if nul {
            text.split('\0')
                .map(|t| t.trim_end_matches('\n'))
                .filter(|t| !t.is_empty())
                .collect()
        } else if replace.is_some() {
            text.lines()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect()
        } else {
            text.split_whitespace().collect()
        };
        if items.is_empty() || items.len() > 32 {
            return;
        }
        let mut words: Vec<&str> = Vec::with_capacity(cmd.len());
        for a in cmd {
            match a.arg.exact() {
                Some(w) => words.push(w),
                None => return,
            }
        }
        if words.is_empty() {
            words.push("echo");
        }
        // A word holding an item with an expansion is a double-quoted template; the rest,
        // the command's own words included, stay literal.
        let quote = |w: &str, template: bool| {
            if template {
                format!("\"{}\"", w.replace('`', "\\`"))
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        };
        let dynamic = |item: &str| partial && item.contains('$');
        let code = match replace {
            Some(r) if !r.is_empty() => items
                .iter()
                .map(|item| {
                    words
                        .iter()
                        .map(|w| quote(&w.replace(r, item), dynamic(item) && w.contains(r)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n"),
            _ => words
                .iter()
                .map(|w| quote(w, false))
                .chain(items.iter().map(|item| quote(item, dynamic(item))))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let span = cmd
            .first()
            .or(opts.first())
            .map_or(Span::default(), |f| f.arg.span);
        let mut c = ctx.with(Context::Resolved);
        c.via = via.to_vec();
        c.appended = false;
        self.nested(&code, &SpanMap::Table(vec![span; code.len()]), span, &c);
    }

    /// `watch CMD…` and `parallel CMD… ::: args`: the words are joined and run by `sh -c`.
    pub(super) fn joined_code(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let end = args
            .iter()
            .position(|a| matches!(a.arg.exact(), Some(":::" | "::::" | ":::+" | "::::+")))
            .unwrap_or(args.len());
        let code = &args[..end];
        if code.is_empty() && program == "parallel" && end < args.len() {
            // `parallel ::: CMD1 CMD2`: with no command, each argument is a whole command
            // (nothing is appended to it).
            let mut whole = ctx.clone();
            whole.appended = false;
            let mut i = end;
            while i < args.len() {
                match args[i].arg.exact() {
                    Some(":::" | ":::+") => {}
                    Some("::::" | "::::+") => {
                        self.flag(
                            FlagKind::DynamicCode,
                            args[i].arg.span,
                            "parallel runs commands read from a file",
                        );
                        i += 1;
                    }
                    _ => {
                        self.code_args(
                            &args[i..=i],
                            program,
                            via,
                            assignments,
                            &whole,
                            Context::NestedShell,
                        );
                    }
                }
                i += 1;
            }
            return;
        }
        if code.is_empty() {
            // `parallel` with no command reads whole commands from its input.
            if program == "parallel" {
                match &ctx.feed {
                    Some(Feed::Static(text, map)) => {
                        let (text, map) = (text.clone(), map.clone());
                        let mut c = ctx.with(Context::StdinCode);
                        c.via = via.to_vec();
                        self.nested(&text, &map, Span::default(), &c);
                    }
                    Some(Feed::Dynamic(src) | Feed::Partial(_, _, src)) => {
                        self.flag(
                            FlagKind::PipeToShell,
                            *src,
                            "parallel runs commands read from its input",
                        );
                    }
                    None => {}
                }
            }
            return;
        }
        let mut c = ctx.clone();
        c.appended = program == "parallel";
        self.code_args(code, program, via, assignments, &c, Context::NestedShell);
        // `:::: FILE` gives the lines of FILE, known only at run time.
        if program == "parallel"
            && matches!(
                args[end..].first().and_then(|a| a.arg.exact()),
                Some(":::" | ":::+")
            )
        {
            self.parallel_values(code, &args[end + 1..], via, ctx);
        }
    }

    /// `parallel sh -c ::: 'rm -rf /'`, `parallel dd of={} ::: /dev/sda`: with static values
    /// after `:::`, each command parallel runs is known (the words joined, `{}` replaced by the
    /// values or the values appended, quoted as parallel quotes them); each is read as a
    /// resolved command. Several sources give every combination of their values (`::: a b :::
    /// c` runs `CMD a c` and `CMD b c`), `:::+` pairs its values with the source before. Values
    /// read from a file (`::::`), more than 32 commands, sources of unequal length paired, or a
    /// replacement string other than `{}` (`{.}`, `{1}`) leave the commands unread: the
    /// program's arguments stay unknown.
    fn parallel_values(&mut self, code: &[ArgW], values: &[ArgW], via: &[String], ctx: &Ctx) {
        const MAX_COMMANDS: usize = 32;
        let mut words: Vec<&str> = Vec::with_capacity(code.len());
        for a in code {
            match a.arg.exact() {
                Some(w) if w.replace("{}", "").contains(['{', '}']) => return,
                Some(w) => words.push(w),
                None => return,
            }
        }
        // The sources, each with how it joins the ones before (`:::+` pairs).
        let mut sources: Vec<(bool, Vec<&str>)> = vec![(false, Vec::new())];
        for v in values {
            match v.arg.exact() {
                None | Some("::::" | "::::+") => return,
                Some(":::") => sources.push((false, Vec::new())),
                Some(":::+") => sources.push((true, Vec::new())),
                Some(value) => {
                    if let Some((_, list)) = sources.last_mut() {
                        list.push(value);
                    }
                }
            }
        }
        let mut combos: Vec<Vec<&str>> = vec![Vec::new()];
        for (paired, list) in &sources {
            if *paired {
                if list.len() != combos.len() {
                    return;
                }
                for (c, v) in combos.iter_mut().zip(list) {
                    c.push(v);
                }
            } else {
                if combos.len() * list.len() > MAX_COMMANDS {
                    return;
                }
                combos = combos
                    .iter()
                    .flat_map(|c| {
                        list.iter().map(move |v| {
                            let mut next = c.clone();
                            next.push(v);
                            next
                        })
                    })
                    .collect();
            }
        }
        let quote = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
        let mut lines = Vec::new();
        for combo in combos.iter().filter(|c| !c.is_empty()) {
            let q = combo.iter().map(|v| quote(v)).collect::<Vec<_>>().join(" ");
            let line = if words.iter().any(|w| w.contains("{}")) {
                words
                    .iter()
                    .map(|w| w.replace("{}", &q))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                format!("{} {q}", words.join(" "))
            };
            lines.push(line);
        }
        if lines.is_empty() {
            return;
        }
        let text = lines.join("\n");
        let span = code[0].arg.span;
        let mut c = ctx.with(Context::Resolved);
        c.via = via.to_vec();
        c.appended = false;
        self.nested(&text, &SpanMap::Table(vec![span; text.len()]), span, &c);
    }

    /// `find … -exec CMD … ;` — each payload becomes its own unit.
    fn find(&mut self, args: &[ArgW], via: &[String], assignments: &[UnitAssignment], ctx: &Ctx) {
        let mut i = 1;
        while i < args.len() {
            let v = args[i].arg.exact();
            if matches!(v, Some("-exec" | "-execdir" | "-ok" | "-okdir")) {
                let start = i + 1;
                let mut end = start;
                while end < args.len() {
                    match args[end].arg.exact() {
                        Some(";") => break,
                        Some("+") if end > start && args[end - 1].arg.exact() == Some("{}") => {
                            break;
                        }
                        _ => end += 1,
                    }
                }
                // `find . -exec` at the end of the line: no payload (find refuses it).
                if let Some(first) = args.get(start)
                    && first.arg.exact().is_some_and(|p| p.contains("{}"))
                {
                    // `find … -exec {} \;`: the program is a file name find finds.
                    self.flag(
                        FlagKind::DynamicCode,
                        first.arg.span,
                        "the program find runs is made of the names of the files it finds",
                    );
                }
                // `find … -exec sh -c 'ls {}' \;`: with `;`, find puts each file name in
                // place of `{}` wherever it stands in a word, so the name becomes part of that
                // word (shell code, a Perl or awk program): what runs is not what is written.
                // A word that is `{}` alone is an operand, read as the file name it becomes.
                if let Some(w) = args
                    .get(start + 1..end)
                    .unwrap_or_default()
                    .iter()
                    .find(|a| a.arg.exact().is_some_and(|w| w != "{}" && w.contains("{}")))
                    .filter(|_| args.get(end).and_then(|a| a.arg.exact()) == Some(";"))
                {
                    self.flag(
                        FlagKind::DynamicCode,
                        w.arg.span,
                        "find puts the name of each file it finds into this word, which may be code (`sh -c 'ls {}'`)",
                    );
                }
                if end > start {
                    let mut c = ctx.with(Context::FindExec);
                    c.via = via.to_vec();
                    c.via.push("find".to_owned());
                    c.redirects = ctx.redirects.clone();
                    let before = self.units.len();
                    self.resolve(&args[start..end], assignments.to_vec(), &c);
                    self.found_names_as_code(before, &args[start..end]);
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    /// `find … -exec awk {} \;`, `-exec perl -e {} \;`, `-exec sed {} x \;`, `-exec jq {} f
    /// \;`: a `{}` word (a name find finds) where a program that reads code (an interpreter, a
    /// shell, awk, sed, jq) takes its code: the value of an option (`-e {}`, `-f {}`), or its
    /// first operand when no option gives the code (a script file, an awk program, a filter). The name is the program, so what runs is
    /// not what is written. The units made from the command since `before` are read with their
    /// programs' option tables; a `{}` after the code (`awk '/x/' {}`) is a file it reads.
    fn found_names_as_code(&mut self, before: usize, words: &[ArgW]) {
        use crate::programs::{self, args as options, tables};
        let placeholders: Vec<Span> = words
            .iter()
            .filter(|a| a.arg.exact() == Some("{}"))
            .map(|a| a.arg.span)
            .collect();
        if placeholders.is_empty() {
            return;
        }
        let mut found = None;
        for u in self.units.get(before..).unwrap_or_default() {
            let Some(p) = u.program.as_deref().map(programs::base) else {
                continue;
            };
            let reads_code = programs::is_interpreter(p)
                || programs::is_shell(p)
                || programs::is_pattern_first(p) && !programs::is_text_searcher(p);
            let args = u.argv.get(1..).unwrap_or_default();
            if !reads_code || !args.iter().any(|a| placeholders.contains(&a.span)) {
                continue;
            }
            let Some(spec) = tables::builtin(p) else {
                // No table: where the code stands is not known.
                found = args
                    .iter()
                    .find(|a| placeholders.contains(&a.span))
                    .map(|a| a.span);
                break;
            };
            let parsed = options::parse_args(&spec, args, false);
            // An option that takes the code as its value (`sh -c`, `perl -e`, `sed -e`, `awk
            // -f`, `jq --from-file`): then the operands are arguments or files.
            let code_by_option = parsed.opts.iter().any(|o| {
                (o.value.is_some() || o.value_at.is_some())
                    && matches!(
                        o.name.as_ref(),
                        "-c" | "-e"
                            | "-E"
                            | "-f"
                            | "-p"
                            | "--eval"
                            | "--print"
                            | "--expression"
                            | "--file"
                            | "--from-file"
                            | "--source"
                    )
            });
            let option_value = parsed.opts.iter().filter_map(|o| o.value_at).chain(
                parsed
                    .opts
                    .iter()
                    .filter(|o| o.value.as_deref() == Some("{}"))
                    .map(|o| o.index),
            );
            let first_operand = parsed.operands.first().copied().filter(|_| !code_by_option);
            found = option_value
                .chain(first_operand)
                .filter_map(|k| args.get(k))
                .find(|a| placeholders.contains(&a.span))
                .map(|a| a.span);
            if found.is_some() {
                break;
            }
        }
        if let Some(span) = found {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "find puts the name of each file it finds where this program takes its code \
                 (`awk {}`, `perl -e {}`): the name is the program",
            );
        }
    }

    /// `fd … -x CMD…`, `fd … -X CMD… [;]`: the command runs once per result (or once for all);
    /// it becomes its own unit, with the paths fd finds appended at run time. fd's words are read
    /// with its table, so the option is found in a bundle (`-Hx CMD`) and with its first word
    /// attached (`-xrm`, `-x=rm`, `--exec=rm`); each command runs to `;` or the end of the line,
    /// and an option found after one (fd refuses two) is read too.
    fn fd_exec(
        &mut self,
        args: &[ArgW],
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        use crate::programs::{args as options, tables};
        const PLACEHOLDERS: [&str; 5] = ["{}", "{/}", "{//}", "{.}", "{/.}"];
        let Some(spec) = tables::builtin("fd") else {
            return;
        };
        let words: Vec<super::Arg> = args[1..].iter().map(|a| a.arg.clone()).collect();
        let parsed = options::parse_args(&spec, &words, false);
        let mut next = 0;
        for o in &parsed.opts {
            let name = o.name.as_ref();
            if !matches!(name, "-x" | "--exec" | "-X" | "--exec-batch") {
                continue;
            }
            let at = o.index + 1;
            if at < next {
                continue;
            }
            let (attached, start) = if let Some(k) = o.value_at {
                (None, k + 1)
            } else if let Some(v) = &o.value {
                let v = if name.starts_with("--") {
                    v.as_str()
                } else {
                    v.strip_prefix('=').unwrap_or(v)
                };
                (Some(v.to_owned()), at + 1)
            } else {
                // `-x"$CMD"`: the program is known only at run time.
                self.flag(
                    FlagKind::DynamicCode,
                    args[at].arg.span,
                    "the command fd runs is known only at run time",
                );
                next = args.len();
                continue;
            };
            let start = start.min(args.len());
            let end = args[start..]
                .iter()
                .position(|a| a.arg.exact() == Some(";"))
                .map_or(args.len(), |k| start + k);
            next = end + 1;
            let mut command: Vec<ArgW> = Vec::new();
            if let Some(v) = attached.filter(|v| !v.is_empty()) {
                command.push(ArgW {
                    arg: super::Arg::literal(&v, args[at].arg.span),
                    word: args[at].word,
                    sole: false,
                });
            }
            command.extend(args[start..end].iter().cloned());
            // fd puts the path it found (`{}`), its base name (`{/}`), directory (`{//}`) or
            // either without the extension (`{.}`, `{/.}`) in place of the placeholder wherever
            // it stands in a word: a word with more around it (`sh -c 'ls {/}'`) is made of
            // file names at run time, and may be code.
            if let Some(w) = command.get(1..).unwrap_or_default().iter().find(|a| {
                a.arg.exact().is_some_and(|w| {
                    !PLACEHOLDERS.contains(&w) && PLACEHOLDERS.iter().any(|p| w.contains(p))
                })
            }) {
                self.flag(
                    FlagKind::DynamicCode,
                    w.arg.span,
                    "fd puts each path it finds into this word, which may be code (`sh -c 'ls {/}'`)",
                );
            }
            if !command.is_empty() {
                let mut c = ctx.with(Context::FindExec);
                c.via = via.to_vec();
                c.via.push("fd".to_owned());
                c.redirects = ctx.redirects.clone();
                c.appended = true;
                self.resolve(&command, assignments.to_vec(), &c);
            }
        }
    }

    /// git's global options that configure commands: flagged, and static values analysed.
    fn git(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        let mut i = 1;
        while i < args.len() {
            let Some(v) = args[i].arg.exact() else {
                i += 1;
                continue;
            };
            let (kv, at) = if v == "-c" {
                (args.get(i + 1).map(|a| a.arg.clone()), i + 1)
            } else if let Some(rest) = v.strip_prefix("-c").filter(|r| r.contains('=')) {
                (Some(super::Arg::literal(rest, args[i].arg.span)), i)
            } else if let Some(rest) = v.strip_prefix("--config-env=") {
                let key = rest
                    .split('=')
                    .next()
                    .unwrap_or_default()
                    .to_ascii_lowercase();
                if runs_command(&key, "") {
                    self.flag(
                        FlagKind::GitConfigCommand,
                        args[i].arg.span,
                        format!("{key} from the environment"),
                    );
                }
                i += 1;
                continue;
            } else if !v.starts_with('-') {
                self.git_subcommand_code(&args[i..], via, ctx);
                self.git_ext_urls(&args[i + 1..], via, ctx);
                break; // the subcommand
            } else {
                if matches!(
                    v,
                    "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
                ) {
                    i += 1;
                }
                i += 1;
                continue;
            };
            let Some(kv) = kv else {
                break;
            };
            match kv.exact() {
                Some(text) => {
                    let (key, value) = text.split_once('=').unwrap_or((text, ""));
                    self.git_setting(key, value, kv.span, args.get(at), via, ctx);
                }
                None => self.flag(FlagKind::GitConfigCommand, kv.span, "dynamic git -c value"),
            }
            i = at + 1;
        }
    }

    /// One git setting given on the line (`-c KEY=VALUE`, or the environment below): a key
    /// that makes git run a command is flagged, and its static command analysed as code git
    /// runs.
    fn git_setting(
        &mut self,
        key: &str,
        value: &str,
        span: Span,
        arg: Option<&ArgW>,
        via: &[String],
        ctx: &Ctx,
    ) {
        let key = key.to_ascii_lowercase();
        if !runs_command(&key, value) || crate::programs::git_pager_off(&format!("{key}={value}")) {
            return;
        }
        self.flag(FlagKind::GitConfigCommand, span, format!("{key}={value}"));
        let code = value.strip_prefix('!').unwrap_or(value);
        if !code.is_empty() {
            let mut c = ctx.with(Context::ConfigCommand);
            c.via = via.to_vec();
            c.via.push("git".to_owned());
            let map = code_map(arg, code, span);
            self.nested(code, &map, span, &c);
        }
    }

    /// Settings git reads from its environment as if given with `-c`: `GIT_CONFIG_COUNT=N`
    /// with `GIT_CONFIG_KEY_<i>`/`GIT_CONFIG_VALUE_<i>`, and `GIT_CONFIG_PARAMETERS` (`'key'='value'`
    /// items, the form git passes to its own children). Each static pair is read as `-c`
    /// would be; a count, key or value known only at run time is flagged.
    fn git_environment_config(
        &mut self,
        args: &[ArgW],
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let find = |this: &Self, name: &str| -> Option<UnitAssignment> {
            assignments
                .iter()
                .rev()
                .chain(this.exported.iter().rev().filter(|a| a.exported))
                .find(|a| a.name == name)
                .cloned()
        };
        let span_of = |a: &UnitAssignment| a.span;
        let at = args.first().map_or(Span::new(0, 0), |a| a.arg.span);
        if let Some(count) = find(self, "GIT_CONFIG_COUNT") {
            match count.value.as_deref().map(|v| v.trim().parse::<usize>()) {
                Some(Ok(n)) => {
                    for k in 0..n.min(64) {
                        let key = find(self, &format!("GIT_CONFIG_KEY_{k}"));
                        let value = find(self, &format!("GIT_CONFIG_VALUE_{k}"));
                        match (
                            key.as_ref().and_then(|a| a.value.as_deref()),
                            value.as_ref().and_then(|a| a.value.as_deref()),
                        ) {
                            (Some(key_text), Some(value_text)) => {
                                let span = value.as_ref().map_or(at, span_of);
                                self.git_setting(key_text, value_text, span, None, via, ctx);
                            }
                            // Not set: git refuses to run. Set at run time: unknown.
                            (None, _) | (_, None) => {
                                if key.as_ref().is_some_and(|a| a.value.is_none())
                                    || value.as_ref().is_some_and(|a| a.value.is_none())
                                {
                                    self.flag(
                                        FlagKind::GitConfigCommand,
                                        key.as_ref().or(value.as_ref()).map_or(at, span_of),
                                        "a git setting from the environment known only at run time",
                                    );
                                }
                            }
                        }
                    }
                }
                Some(Err(_)) => {}
                None => self.flag(
                    FlagKind::GitConfigCommand,
                    count.span,
                    "GIT_CONFIG_COUNT known only at run time",
                ),
            }
        }
        if let Some(params) = find(self, "GIT_CONFIG_PARAMETERS") {
            match params.value.as_deref().map(git_config_parameters) {
                Some(Some(pairs)) => {
                    for (key, value) in pairs {
                        self.git_setting(&key, &value, params.span, None, via, ctx);
                    }
                }
                Some(None) => self.flag(
                    FlagKind::GitConfigCommand,
                    params.span,
                    "GIT_CONFIG_PARAMETERS in a form shclass does not read",
                ),
                None => self.flag(
                    FlagKind::GitConfigCommand,
                    params.span,
                    "GIT_CONFIG_PARAMETERS known only at run time",
                ),
            }
        }
    }
}

/// The settings of a `GIT_CONFIG_PARAMETERS` value: blank-separated items, each a
/// single-quoted `'key=value'` or `'key'='value'` (a quote inside written `'\''`), as git's
/// `sq_quote` writes them. `None` when the text has another form.
fn git_config_parameters(text: &str) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    // One quoted string starting at `i` (at a `'`), joined with `\'`-escaped quotes.
    let quoted = |i: &mut usize| -> Option<String> {
        let mut s = String::new();
        loop {
            if b.get(*i) != Some(&b'\'') {
                return None;
            }
            *i += 1;
            let end = text[*i..].find('\'')? + *i;
            s.push_str(&text[*i..end]);
            *i = end + 1;
            // `'\''` or `'\!'`: an escaped character between two quoted parts.
            if b.get(*i) == Some(&b'\\') && b.get(*i + 2) == Some(&b'\'') {
                s.push(char::from(*b.get(*i + 1)?));
                *i += 2;
                continue;
            }
            return Some(s);
        }
    };
    loop {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        if i >= b.len() {
            return Some(out);
        }
        let first = quoted(&mut i)?;
        if b.get(i) == Some(&b'=') {
            i += 1;
            let value = quoted(&mut i)?;
            out.push((first, value));
        } else {
            let (k, v) = first.split_once('=').unwrap_or((&first, ""));
            out.push((k.to_owned(), v.to_owned()));
        }
    }
}

impl Walker<'_> {
    /// Options of git subcommands whose value is a command git runs, through a shell for most
    /// (`fetch --upload-pack=CMD`, `push --receive-pack=CMD`, `archive --exec=CMD`, `clone -u
    /// CMD`, `difftool -x CMD`, `grep -O CMD`, `rebase -x CMD`, `submodule foreach CMD…`,
    /// `bisect run CMD…`): flagged, and static values analysed as code.
    fn git_subcommand_code(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        let Some(sub) = args.first().and_then(|a| a.arg.exact()) else {
            return;
        };
        if sub == "config" {
            self.git_config_write(args, via, ctx);
            return;
        }
        let options = match sub {
            "fetch" | "pull" | "ls-remote" => words!["--upload-pack", "--exec"],
            "clone" => words!["--upload-pack", "-u"],
            "push" | "send-pack" => words!["--receive-pack", "--exec"],
            "archive" => words!["--exec"],
            "difftool" | "mergetool" => words!["-x", "--extcmd", "--tool-cmd"],
            "grep" => words!["-O", "--open-files-in-pager"],
            "rebase" => words!["-x", "--exec"],
            "submodule" | "bisect" => Words::EMPTY,
            _ => return,
        };
        let mut codes: Vec<(String, Span, Option<&ArgW>)> = Vec::new();
        // `submodule [--quiet] foreach [--recursive] CMD…`, `bisect run CMD…`: the rest.
        let tail = match sub {
            "submodule" => Some("foreach"),
            "bisect" => Some("run"),
            _ => None,
        };
        if let Some(verb) = tail
            && let Some(k) = args.iter().position(|a| a.arg.exact() == Some(verb))
        {
            let rest: Vec<&ArgW> = args[k + 1..]
                .iter()
                .skip_while(|a| a.arg.exact().is_some_and(|v| v.starts_with('-')))
                .collect();
            if let (Some(first), Some(last)) = (rest.first(), rest.last()) {
                let span = first.arg.span.cover(last.arg.span);
                let text: Option<Vec<&str>> = rest.iter().map(|a| a.arg.exact()).collect();
                match text {
                    Some(t) => codes.push((t.join(" "), span, None)),
                    None => self.flag(
                        FlagKind::DynamicCode,
                        span,
                        format!("git {sub} {verb} runs a command computed at run time"),
                    ),
                }
            }
        }
        // `grep -O` alone opens the default pager: no command given. difftool's and
        // mergetool's `--tool NAME` names a configured tool, not a command.
        let bare = ["-O", "--open-files-in-pager"];
        for (opt, value) in command_option_values(&args[1..], options, &bare, &["--tool"]) {
            match value {
                Some((Some(code), span, arg)) => codes.push((code.to_owned(), span, arg)),
                Some((None, span, _)) => self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("git {sub} {opt} runs a command computed at run time"),
                ),
                None => {}
            }
        }
        for (code, span, arg) in codes {
            if code.trim().is_empty() {
                continue;
            }
            self.flag(
                FlagKind::GitConfigCommand,
                span,
                format!("git {sub}: {code}"),
            );
            let mut c = ctx.with(Context::ConfigCommand);
            c.via = via.to_vec();
            c.via.push("git".to_owned());
            let map = code_map(arg, &code, span);
            self.nested(&code, &map, span, &c);
        }
    }
}

impl Walker<'_> {
    /// `git config [--global|--file F…] KEY VALUE`, `--add`/`--replace-all KEY VALUE` and `git
    /// config set KEY VALUE` store a setting git reads on every later run, in this repository or
    /// in all of them. Under a key that makes git run a command (`core.pager`, `core.sshCommand`,
    /// `alias.x` with `!`) the value is that command: it is read as `git -c KEY=VALUE` is, so a
    /// catastrophe stored for later is found now (`git config --global alias.st '!rm -rf ~'`).
    /// The words are read with `git config`'s table; the forms that read, remove or rename
    /// (`--get`, `--unset`, `get`, `unset`, …) store nothing. A value known only at run time
    /// under such a key is flagged as dynamic code.
    fn git_config_write(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        use crate::programs::{args as options, tables};
        let Some(spec) = tables::builtin("git config") else {
            return;
        };
        let words: Vec<super::Arg> = args[1..].iter().map(|a| a.arg.clone()).collect();
        let parsed = options::parse_args(&spec, &words, false);
        let stores_nothing = parsed.opts.iter().any(|o| {
            matches!(
                o.name.as_ref(),
                "--get"
                    | "--get-all"
                    | "--get-regexp"
                    | "--get-urlmatch"
                    | "--get-color"
                    | "--get-colorbool"
                    | "--list"
                    | "-l"
                    | "--unset"
                    | "--unset-all"
                    | "--remove-section"
                    | "--rename-section"
                    | "--edit"
                    | "-e"
            )
        });
        if stores_nothing {
            return;
        }
        let mut operands = parsed.operands.iter().copied();
        let mut key_at = operands.next();
        // git 2.46's verbs: only `set` stores a value.
        match key_at
            .and_then(|k| words.get(k))
            .and_then(super::Arg::exact)
        {
            Some("set") => key_at = operands.next(),
            Some("get" | "list" | "unset" | "edit" | "rename-section" | "remove-section") => return,
            _ => {}
        }
        let (Some(k), Some(v)) = (key_at, operands.next()) else {
            return;
        };
        let (Some(key_arg), Some(value_arg)) = (args.get(k + 1), args.get(v + 1)) else {
            return;
        };
        let Some(key) = key_arg.arg.exact() else {
            self.flag(
                FlagKind::GitConfigCommand,
                key_arg.arg.span,
                "git config sets a key known only at run time",
            );
            return;
        };
        match value_arg.arg.exact() {
            Some(value) => {
                let value = value.to_owned();
                self.git_setting(key, &value, value_arg.arg.span, Some(value_arg), via, ctx);
            }
            None if runs_command(&key.to_ascii_lowercase(), "") => self.flag(
                FlagKind::DynamicCode,
                value_arg.arg.span,
                format!("git config stores a command for {key} known only at run time"),
            ),
            None => {}
        }
    }
}

impl Walker<'_> {
    /// Options whose value is a command line the program runs (through `sh -c` for most):
    /// `tar -I CMD`, `--use-compress-program=CMD`, `--to-command=CMD`, `--info-script=CMD`,
    /// `--new-volume-script=CMD`, `--rsh-command=CMD`, `--checkpoint-action=exec=CMD`;
    /// `zip -TT CMD`, `--unzip-command CMD`; `sort --compress-program=PROG`, `split
    /// --filter=CMD`, `install --strip-program=PROG`; `ssh -o ProxyCommand=CMD` (and `LocalCommand`,
    /// `KnownHostsCommand`); `compgen -C CMD`. A static value is analysed as code run by the program; a run-time
    /// value is flagged as dynamic code. A long option is also read from a unique prefix of
    /// its name, as getopt does (a prefix that is ambiguous among the program's other options
    /// only adds units). Inside a bundle (`tar -cI CMD`, `zip -qTT CMD`, tar's old-style first
    /// word `tar cIf CMD …`) they are read with the program's option table
    /// ([`Walker::bundled_option_code`]).
    pub(super) fn option_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        let options = shell_command_options(program);
        if options.is_empty() {
            return;
        }
        for (opt, value) in command_option_values(&args[1..], options, &[], &[]) {
            let Some((text, span, arg)) = value else {
                break;
            };
            let Some(text) = text else {
                if !matches!(opt, "-o" | "--option") {
                    self.flag(
                        FlagKind::DynamicCode,
                        span,
                        format!("{program} {opt} runs a command computed at run time"),
                    );
                }
                continue;
            };
            let code = match opt {
                "--checkpoint-action" => text.strip_prefix("exec="),
                "-o" | "--option" if program.starts_with("apt") => apt_command_option(text),
                "-o" => ssh_command_option(text),
                _ => Some(text),
            };
            let Some(code) = code.filter(|c| !c.trim().is_empty()) else {
                continue;
            };
            let mut c = ctx.with(Context::NestedShell);
            c.via = via.to_vec();
            c.via.push(program.to_owned());
            if opt == "-W" {
                // `compgen -W WORDS`: bash splits the list and expands each word, running its
                // command substitutions; the words are arguments, not a command.
                let words = format!(": {code}");
                let map = SpanMap::Table(vec![span; words.len()]);
                self.nested(&words, &map, span, &c);
                continue;
            }
            let map = code_map(arg, code, span);
            self.nested(code, &map, span, &c);
        }
        if program == "compgen" {
            // `compgen -fW '$(cmd)'`, `-aC CMD`: a word list or a command inside a bundle.
            for a in &args[1..] {
                let Some(v) = a.arg.exact() else {
                    continue;
                };
                if v == "--" {
                    break;
                }
                if v.len() > 2
                    && v.starts_with('-')
                    && !v.starts_with("--")
                    && v[2..].contains(['W', 'C'])
                {
                    self.flag(
                        FlagKind::DynamicCode,
                        a.arg.span,
                        "compgen expands a word list (`-W`) or runs a command (`-C`) given in \
                         this bundle of options",
                    );
                }
            }
        }
        self.bundled_option_code(args, program, via, ctx);
    }

    /// A command option of [`Walker::option_code`] inside a bundle of short options, read with
    /// the program's option table (`rsync -avze CMD`, `zip -qTT CMD`): the value, the rest of
    /// the bundle or the next word, is analysed as the code the program runs; one known only at
    /// run time is flagged as dynamic code. A table's old-style first word (`tar cIf CMD OUT
    /// SRC`, `first_word_bundle`) is such a bundle too. Programs without a table are not read
    /// this way.
    fn bundled_option_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        // Only a word of single-dash letters beyond one option can be a bundle, or a first word
        // without a dash.
        let bundles = args[1..].iter().any(|a| {
            a.arg
                .exact()
                .is_some_and(|v| v.len() > 2 && v.starts_with('-') && !v.starts_with("--"))
        });
        let first_word = args
            .get(1)
            .and_then(|a| a.arg.exact())
            .is_some_and(|v| !v.is_empty() && !v.starts_with('-'));
        if !bundles && !first_word {
            return;
        }
        let options = shell_command_options(program);
        let Some(table) = crate::programs::tables::builtin(program) else {
            return;
        };
        if !bundles && !table.first_word_bundle {
            return;
        }
        let argv: Vec<crate::analyze::Arg> = args.iter().map(|a| a.arg.clone()).collect();
        let parsed = crate::programs::args::parse(Some(&table), &argv);
        for o in &parsed.opts {
            let Some(word) = args.get(o.index) else {
                continue;
            };
            // A word that spells the option itself was read by `option_code`.
            let written = word.arg.exact().unwrap_or("");
            let old_style = table.first_word_bundle && o.index == 1;
            if !options.contains(&o.name)
                || !written.starts_with('-') && !old_style
                || written.starts_with("--")
                || written.starts_with(&*o.name)
            {
                continue;
            }
            let (code, span) = match o.value_at.and_then(|j| args.get(j)) {
                Some(n) => (n.arg.exact(), n.arg.span),
                None => (o.value.as_deref(), word.arg.span),
            };
            let Some(code) = code else {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} {} runs a command computed at run time", o.name),
                );
                continue;
            };
            if code.trim().is_empty() {
                continue;
            }
            let mut c = ctx.with(Context::NestedShell);
            c.via = via.to_vec();
            c.via.push(program.to_owned());
            self.nested(code, &SpanMap::Table(vec![span; code.len()]), span, &c);
        }
    }
}

impl Walker<'_> {
    /// A sed script's `e COMMAND` runs COMMAND through `sh -c`: read as code run by sed. `e`
    /// alone and `s///e` run the pattern space (data): flagged as dynamic code; a script the
    /// reader cannot see through is flagged as unsupported syntax.
    fn sed_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        // A process substitution (`sed -f <(echo SCRIPT)`) stands in the words as a name of
        // its own, whose text is what it prints.
        let mut substituted: Vec<(String, Feed)> = Vec::new();
        let mut owned = Vec::with_capacity(args.len());
        for a in &args[1..] {
            match a.arg.exact() {
                Some(w) => owned.push(w.to_owned()),
                None => match a.word.parts.as_slice() {
                    [WordPart::ProcessSubstitution { output: false, .. }] => {
                        let Some(feed) = self.file_feed(a) else {
                            return;
                        };
                        let name = format!("\u{0}{}", substituted.len());
                        substituted.push((name.clone(), feed));
                        owned.push(name);
                    }
                    _ => return,
                },
            }
        }
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        // `sed -f - FILE <<< SCRIPT`, `-f /dev/stdin`: the script is the fed text; `sed -f
        // x.sed` after `echo SCRIPT > x.sed`: the text the line wrote.
        let used: std::cell::RefCell<Vec<(String, Feed)>> = std::cell::RefCell::default();
        let file_text = |file: &str| -> Option<String> {
            let feed = if names_stdin(file) {
                ctx.feed.clone()?
            } else if let Some((_, feed)) = substituted.iter().find(|(n, _)| n == file) {
                feed.clone()
            } else {
                self.written_any(file)?
            };
            used.borrow_mut().push((file.to_owned(), feed.clone()));
            match feed {
                Feed::Static(text, _) | Feed::Partial(text, _, _) => Some(text),
                Feed::Dynamic(_) => None,
            }
        };
        let script = super::sed::script_with_files(&words, &file_text);
        let used = used.into_inner();
        let span = args[0].arg.span.cover(args[args.len() - 1].arg.span);
        for (file, feed) in &used {
            if !matches!(feed, Feed::Static(..)) {
                let name = if file.starts_with('\u{0}') {
                    "<(…)"
                } else {
                    file
                };
                self.written_code(name, feed.clone(), span, program);
            }
        }
        let Some(script) = script else {
            return;
        };
        let from_stdin = used.iter().any(|(f, _)| names_stdin(f));
        if !used.is_empty() {
            self.script_text = Some((args[0].arg.span, script.clone()));
        }
        let read = super::sed::read(&script);
        // The input lines, when they are text known now fed on standard input (`sed e <<<
        // TEXT`, `echo TEXT | sed -n e`): the pattern space `e` or `s///e` runs is made of that
        // text, read as code as well.
        let mut records = match &ctx.feed {
            Some(Feed::Static(text, _) | Feed::Partial(text, _, _))
                if !from_stdin && super::sed::input_from_stdin(&words, &names_stdin) =>
            {
                Some(text.clone())
            }
            _ => None,
        };
        if read.opaque {
            self.flag(
                FlagKind::DynamicCode,
                span,
                format!("{program} script not fully read"),
            );
        }
        for effect in read.effects {
            match effect {
                super::sed::SedEffect::Exec(Some(code)) if !code.trim().is_empty() => {
                    let mut c = ctx.with(Context::NestedShell);
                    c.via = via.to_vec();
                    c.via.push(program.to_owned());
                    self.nested(code, &SpanMap::Table(vec![span; code.len()]), span, &c);
                }
                super::sed::SedEffect::Exec(_) | super::sed::SedEffect::SubstExec(_) => {
                    self.flag(
                        FlagKind::DynamicCode,
                        span,
                        format!("{program} runs its pattern space (the data) as a command"),
                    );
                    // Once: every such command runs lines of the same text.
                    if let Some(text) = records.take().filter(|t| !t.trim().is_empty()) {
                        let mut c = ctx.with(Context::NestedShell);
                        c.via = via.to_vec();
                        c.via.push(program.to_owned());
                        self.nested(&text, &SpanMap::Table(vec![span; text.len()]), span, &c);
                    }
                }
                super::sed::SedEffect::Write(_) | super::sed::SedEffect::Read(_) => {}
            }
        }
    }
}

impl Walker<'_> {
    /// An awk program's `system("CMD")`, `"CMD" | getline` and `print … | "CMD"` run CMD through
    /// `sh -c`: read as code run by awk, and so is the text a `print` feeds to a shell
    /// (`print "id" | "sh"`). A command computed at run time, text of run time fed to a shell,
    /// an indirect call (`@f()`), code loaded from a file and a program the reader cannot finish
    /// are flagged as dynamic code.
    fn awk_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        use super::awk::{self, AwkEffect, Source};
        let words: Vec<Option<&str>> = args.iter().map(|a| a.arg.exact()).collect();
        let inv = awk::invocation(&words);
        let span = args[0].arg.span.cover(args[args.len() - 1].arg.span);
        // The records, when they are text known now fed on standard input (`awk '{print |
        // "sh"}' <<< TEXT`, `echo TEXT | awk '{system($0)}'`): a command or a shell's input
        // built from them at run time is made of that text, read as code as well.
        let records = match (&inv.source, &ctx.feed) {
            (
                Source::Text(_) | Source::Files(_),
                Some(Feed::Static(text, _) | Feed::Partial(text, _, _)),
            ) if inv.records_on_stdin => Some(text.clone()),
            _ => None,
        };
        // `awk -f - <<< PROGRAM`, `-f /dev/stdin`: the program is the fed text.
        let text = match (inv.source, &ctx.feed) {
            (Source::Text(text), _) => text,
            (Source::Stdin, Some(Feed::Static(text, _))) => text.clone(),
            (Source::Stdin, Some(Feed::Partial(text, _, src))) => {
                self.flag(
                    FlagKind::DynamicCode,
                    src.cover(span),
                    format!("{program} reads a program with run-time expansions in it"),
                );
                text.clone()
            }
            // `awk -f prog.awk` after `echo 'BEGIN{…}' > prog.awk`, `awk -f <(echo '…')`:
            // the text the line wrote or prints is the program (also the unit's script, for
            // the one-liner check). awk joins its program files: a file the line did not make
            // is left out (what the others run still runs), one it makes with text known only
            // at run time is flagged.
            (Source::Files(files), _) => {
                let mut text = String::new();
                for file in &files {
                    let found: Option<(&str, Feed)> = match file {
                        awk::ProgramFile::Word(at) => args.get(*at).and_then(|a| {
                            Some((a.arg.exact().unwrap_or("<(…)"), self.file_feed(a)?))
                        }),
                        awk::ProgramFile::Path(path) => {
                            self.written_any(path).map(|f| (path.as_str(), f))
                        }
                    };
                    let Some((path, feed)) = found else {
                        continue;
                    };
                    let Some(piece) = self.written_code(path, feed, span, program) else {
                        continue;
                    };
                    text.push_str(&piece);
                    text.push('\n');
                }
                if text.is_empty() {
                    return;
                }
                self.script_text = Some((args[0].arg.span, text.clone()));
                text
            }
            _ => return,
        };
        let read = awk::read_with(&text, &inv.assigns);
        if read.opaque {
            self.flag(
                FlagKind::DynamicCode,
                span,
                format!("{program} program not fully read"),
            );
        }
        let mut c = ctx.with(Context::NestedShell);
        c.via = via.to_vec();
        c.via.push(program.to_owned());
        for effect in read.effects {
            let mut code = Vec::new();
            match effect {
                AwkEffect::Exec(Some(cmd)) => code.push(cmd),
                AwkEffect::Pipe {
                    command: Some(cmd),
                    input,
                } => {
                    if awk::shell_reads_stdin(&cmd) {
                        if let Some(text) = input {
                            code.push(text);
                        } else {
                            self.flag(
                                FlagKind::DynamicCode,
                                span,
                                format!("{program} prints text known only at run time to a shell"),
                            );
                            code.extend(records.clone());
                        }
                    }
                    code.push(cmd);
                }
                AwkEffect::Exec(None) | AwkEffect::Pipe { command: None, .. } => {
                    self.flag(
                        FlagKind::DynamicCode,
                        span,
                        format!("{program} runs a command computed at run time"),
                    );
                    code.extend(records.clone());
                }
                AwkEffect::IndirectCall => self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} calls a function named at run time (`@f()`)"),
                ),
                AwkEffect::Load(_) | AwkEffect::Include(_) => self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} loads code from a file (`@load`, `@include`)"),
                ),
                AwkEffect::Write { .. }
                | AwkEffect::Read(_)
                | AwkEffect::Env(_)
                | AwkEffect::Network => {}
            }
            for code in code.iter().filter(|c| !c.trim().is_empty()) {
                self.nested(code, &SpanMap::Table(vec![span; code.len()]), span, &c);
            }
        }
    }
}

/// Options whose value is a command line the program runs itself, per program (`ssh -o` only
/// for the keywords of `ssh_command_option`). `checks/embedded.rs` asks about these and about
/// other programs' options that carry code.
pub(crate) fn shell_command_options(program: &str) -> Words {
    match crate::programs::gnu_name(program) {
        "tar" => words![
            "--to-command",
            "--checkpoint-action",
            "-I",
            "--use-compress-program",
            "--info-script",
            "--new-volume-script",
            "-F",
            "--rsh-command"
        ],
        "bsdtar" => words!["--use-compress-program"],
        // GNU sort runs the program to compress and decompress its temporary files; split
        // pipes each piece into `$SHELL -c FILTER`; install strips with the program it is given.
        "sort" => words!["--compress-program"],
        "split" => words!["--filter"],
        "install" => words!["--strip-program"],
        "zip" => words!["-TT", "--unzip-command"],
        "ssh" => words!["-o"],
        // The program scp and sftp run as their transport (instead of ssh), and ssh's options.
        "scp" | "sftp" => words!["-S", "-o"],
        // rsync splits the remote shell's command line itself and runs it.
        "rsync" => words!["-e", "--rsh"],
        "dpkg" => words!["--pre-invoke", "--post-invoke", "--status-logger"],
        // `-o KEY=VALUE` for the keys of `apt_command_option`.
        "apt" | "apt-get" => words!["-o", "--option"],
        // The shell npm, pnpm and yarn run package scripts with (`SHELL -c SCRIPT`).
        "npm" | "pnpm" | "yarn" => words!["--script-shell"],
        // bash runs `compgen -C CMD WORD`'s command at once, to list completions, and expands
        // each word of `-W WORDS` (`-W '$(cmd)'` runs `cmd`).
        "compgen" => words!["-C", "-W"],
        // `perf stat --pre CMD --post CMD`: perf runs each through `system()` around the
        // measured command.
        "perf" => words!["--pre", "--post"],
        _ => Words::EMPTY,
    }
}

/// The command of an apt `-o KEY=VALUE` option that apt (or dpkg under it) runs: the hooks
/// `APT::Update::Pre-Invoke`, `Post-Invoke`, `Post-Invoke-Success`, `DPkg::Pre-Invoke`,
/// `Post-Invoke`, `Pre-Install-Pkgs` (list items, `KEY::=CMD`), `Acquire::http::ProxyAutoDetect`,
/// the programs of `Dir::Bin::*` (`Dir::Bin::dpkg=PROG`), and a dpkg hook option passed on by
/// `DPkg::Options::=--pre-invoke=CMD`. Keys are case-insensitive.
fn apt_command_option(text: &str) -> Option<&str> {
    let (key, value) = text.split_once('=')?;
    let key = key.to_ascii_lowercase();
    let parts: Vec<&str> = key
        .split("::")
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let last = *parts.last()?;
    let runs = matches!(
        last,
        "pre-invoke" | "post-invoke" | "post-invoke-success" | "pre-install-pkgs"
    ) || (parts[0] == "acquire" && last == "proxyautodetect")
        || (parts.len() > 2 && parts[0] == "dir" && parts[1] == "bin");
    if runs {
        return Some(value);
    }
    if parts == ["dpkg", "options"] {
        return ["--pre-invoke=", "--post-invoke=", "--status-logger="]
            .iter()
            .find_map(|o| value.strip_prefix(o));
    }
    None
}

/// The command of an ssh `-o` option that runs one locally (`ProxyCommand=CMD`,
/// `LocalCommand CMD`, `KnownHostsCommand=CMD`; keywords are case-insensitive).
fn ssh_command_option(text: &str) -> Option<&str> {
    let at = text.find(['=', ' ', '\t'])?;
    let key = text[..at].to_ascii_lowercase();
    if !matches!(
        key.as_str(),
        "proxycommand" | "localcommand" | "knownhostscommand"
    ) {
        return None;
    }
    let rest = text[at..].trim_start_matches([' ', '\t']);
    Some(rest.strip_prefix('=').unwrap_or(rest).trim_start())
}

impl Walker<'_> {
    /// `ext::CMD ARG…` remote URLs (`git clone 'ext::sh -c id' x`, `git fetch ext::…`): git's
    /// remote-ext helper runs CMD with its arguments, split at unescaped spaces (`% ` is a
    /// space inside an argument, `%%` a percent sign, `%s`/`%S` the service name). Read as a
    /// command run by git, each argument quoted.
    fn git_ext_urls(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        for a in args {
            let Some(url) = a.arg.exact().and_then(|v| v.strip_prefix("ext::")) else {
                continue;
            };
            let mut words = vec![String::new()];
            let mut chars = url.chars();
            while let Some(ch) = chars.next() {
                let last = words.len() - 1;
                match ch {
                    ' ' => words.push(String::new()),
                    '%' => match chars.next() {
                        Some('s' | 'S') => words[last].push_str("git-upload-pack"),
                        Some(other) => words[last].push(other),
                        None => words[last].push('%'),
                    },
                    _ => words[last].push(ch),
                }
            }
            let code = words
                .iter()
                .filter(|w| !w.is_empty())
                .map(|w| format!("'{}'", w.replace('\'', "'\\''")))
                .collect::<Vec<_>>()
                .join(" ");
            if code.is_empty() {
                continue;
            }
            self.flag(
                FlagKind::GitConfigCommand,
                a.arg.span,
                format!("ext:: transport: {url}"),
            );
            let mut c = ctx.with(Context::ConfigCommand);
            c.via = via.to_vec();
            c.via.push("git".to_owned());
            let map = SpanMap::Table(vec![a.arg.span; code.len()]);
            self.nested(&code, &map, a.arg.span, &c);
        }
    }
}

/// A value an option gives: its static text (`None`: known only at run time), its span, and
/// the word it stands in.
pub(super) type OptionValue<'a, 'w> = (Option<&'a str>, Span, Option<&'a ArgW<'w>>);

/// The values `args` give the options of `options` whose value is a command line, read as
/// getopt reads them: `--opt=V`, `--opt V`, `-oV`, `-o V`, and a long option from a prefix of
/// at least four bytes (`--up=CMD` for `--upload-pack`; a prefix of several only adds
/// values), unless that prefix is another option of the program, one of `distinct`
/// (`difftool --tool meld` is not `--tool-cmd`). Each option with `None` when its value word is
/// missing, or when it is one of `bare` written alone (`grep -O`: no command). Reading stops at
/// `--`.
pub(super) fn command_option_values<'a, 'w>(
    args: &'a [ArgW<'w>],
    options: Words,
    bare: &[&str],
    distinct: &[&str],
) -> Vec<(&'static str, Option<OptionValue<'a, 'w>>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let here = &args[i];
        i += 1;
        let Some(v) = here.arg.exact() else {
            continue;
        };
        if v == "--" {
            break;
        }
        let (name, attached) = match v.split_once('=') {
            Some((n, rest)) if n.starts_with("--") => (n, Some(rest)),
            _ => (v, None),
        };
        let long = (name.starts_with("--") && name.len() >= 4 && !distinct.contains(&name))
            .then(|| options.iter().find(|o| o.starts_with(name)))
            .flatten();
        let short = options
            .iter()
            .find(|o| !o.starts_with("--") && v.starts_with(*o) && v.len() > o.len());
        let whole = options.iter().find(|o| *o == v);
        let next = |i: usize| args.get(i).map(|a| (a.arg.exact(), a.arg.span, Some(a)));
        let (opt, value) = if let (Some(o), Some(rest)) = (long, attached) {
            (o, Some((Some(rest), here.arg.span, Some(here))))
        } else if let Some(o) = whole.or(long) {
            if bare.contains(&o) {
                (o, None)
            } else {
                i += 1;
                (o, next(i - 1))
            }
        } else if let Some(o) = short {
            (o, Some((Some(&v[o.len()..]), here.arg.span, Some(here))))
        } else {
            continue;
        };
        out.push((opt, value));
    }
    out
}

/// The map of `code`, the end of the static text of `arg` (`alias.x='!rm -rf /'` → `rm -rf /`),
/// back to the input byte for byte; the whole `span` for each byte when that cannot be done.
impl Walker<'_> {
    /// The value of an alias (`alias NAME=VALUE`, `BASH_ALIASES[NAME]=VALUE`), read as the code
    /// it becomes where a command starts with NAME. `map` places its bytes in the input.
    pub(super) fn alias_value(
        &mut self,
        name: &str,
        value: &str,
        map: &SpanMap,
        span: Span,
        via: &[String],
        ctx: &Ctx,
    ) {
        if !value.trim().is_empty() {
            let mut c = ctx.with(Context::NestedShell);
            c.via = via.to_vec();
            c.via.push("alias".to_owned());
            self.nested(value, map, span, &c);
        }
        // In effect for the commands after it (the value was read as it stands).
        if is_alias_name(name) {
            self.aliases.push((name.to_owned(), value.to_owned()));
        }
    }

    /// The alias a word expands to where bash looks for one: the word is one unquoted
    /// literal naming an alias defined earlier on the line that is not being expanded now.
    fn alias_of(&self, a: &ArgW) -> Option<(String, String)> {
        let [WordPart::Literal { text, quoting, .. }] = a.word.parts.as_slice() else {
            return None;
        };
        if !a.sole || *quoting != crate::ast::Quoting::Unquoted {
            return None;
        }
        let text: &str = text;
        if self.expanding.iter().any(|e| e == text) {
            return None;
        }
        self.aliases.iter().rev().find(|(n, _)| n == text).cloned()
    }

    /// `alias s='sudo ' r='rm -rf'; s r ~`: a command whose first word is an alias is read
    /// again as bash reads it, the alias's value in place of the word. A value ending in a
    /// blank makes bash look for an alias in the next word too, and so on along the chain;
    /// the value's own first word is looked up when the text is read again (an alias is not
    /// expanded inside its own expansion). The command's other words keep their meaning:
    /// each is written back quoted, expansions as their source.
    pub(super) fn alias_expansion(&mut self, args: &[ArgW], ctx: &Ctx) {
        let Some(first) = args.first() else { return };
        let Some((name, value)) = self.alias_of(first) else {
            return;
        };
        let mut text = String::new();
        let mut table: Vec<Span> = Vec::new();
        let mut names = vec![name];
        let mut push = |text: &mut String, t: &str, span: Span| {
            text.push_str(t);
            table.extend(std::iter::repeat_n(span, t.len()));
        };
        push(&mut text, &value, first.arg.span);
        let mut next_too = value.ends_with([' ', '\t']);
        let mut previous: Option<&Word> = Some(first.word);
        for a in &args[1..] {
            // A brace expansion gives several arguments of one word: it is written once.
            if previous.is_some_and(|w| std::ptr::eq(w, a.word)) {
                continue;
            }
            previous = Some(a.word);
            push(&mut text, " ", a.arg.span);
            if next_too
                && let Some((n, v)) = self.alias_of(a)
                && !names.contains(&n)
            {
                next_too = v.ends_with([' ', '\t']);
                push(&mut text, &v, a.arg.span);
                names.push(n);
                continue;
            }
            next_too = false;
            for (t, span) in requoted(a.word) {
                push(&mut text, &t, span);
            }
        }
        let saved = self.expanding.len();
        self.expanding.extend(names);
        let mut c = ctx.clone();
        c.context.push(Context::NestedShell);
        c.via.push("alias".to_owned());
        self.nested(&text, &SpanMap::Table(table), first.arg.span, &c);
        self.expanding.truncate(saved);
    }
}

/// A name `alias` accepts and bash can find as a word: no quoting, expansion, slash or
/// metacharacter in it.
fn is_alias_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .bytes()
            .any(|b| quotes_or_separates(b) || matches!(b, b'/' | b'='))
}

/// A byte bash reads as quoting, expansion or a metacharacter (a blank, a newline or an
/// operator character): a word holding one is not plain text.
fn quotes_or_separates(b: u8) -> bool {
    matches!(
        b,
        b'$' | b'`'
            | b'\''
            | b'"'
            | b'\\'
            | b';'
            | b'&'
            | b'|'
            | b'<'
            | b'>'
            | b'('
            | b')'
            | b' '
            | b'\t'
            | b'\n'
    )
}

/// A word written back as code with the same meaning: unquoted text as it stands when it holds
/// no character the shell reads specially (globs, braces and `~` keep their meaning), other
/// text single-quoted, expansions as their source (in double quotes where they were),
/// substitutions as a placeholder (their commands are read where they stand).
fn requoted(w: &Word) -> Vec<(String, Span)> {
    let quote = |t: &str| format!("'{}'", t.replace('\'', "'\\''"));
    let plain = |t: &str| !t.is_empty() && !t.bytes().any(|b| quotes_or_separates(b) || b == b'#');
    let mut out = Vec::new();
    for part in &w.parts {
        match part {
            WordPart::Literal {
                text,
                quoting,
                span,
            } => {
                let t: &str = text;
                if *quoting == crate::ast::Quoting::Unquoted && plain(t) {
                    out.push((t.to_owned(), *span));
                } else {
                    out.push((quote(t), *span));
                }
            }
            WordPart::LineContinuation { .. } => {}
            WordPart::Parameter {
                source,
                quoted,
                span,
                ..
            } => out.push((
                if *quoted {
                    format!("\"{source}\"")
                } else {
                    source.clone()
                },
                *span,
            )),
            WordPart::Arithmetic { source, span, .. } => out.push((source.clone(), *span)),
            WordPart::CommandSubstitution { span, .. }
            | WordPart::ProcessSubstitution { span, .. } => {
                out.push(("\"${__shclass_substitution__}\"".to_owned(), *span));
            }
        }
    }
    if out.is_empty() {
        out.push(("''".to_owned(), w.span));
    }
    out
}

/// The commands of a crontab text, one a line, each byte with its place in the input (`map`
/// places the text's bytes): an entry's command follows its five time fields, or an `@` nickname
/// (`@reboot`, `@daily`), and ends at the first `%` not escaped by `\\`. Blank lines, comments
/// and variable settings (`NAME = value`) run nothing.
fn cron_commands(text: &str, map: &SpanMap) -> (String, Vec<Span>) {
    let mut code = String::new();
    let mut table = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let at = start;
        start += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let lead = body.len() - body.trim_start().len();
        let entry = &body[lead..];
        if entry.is_empty() || entry.starts_with('#') || is_cron_setting(entry) {
            continue;
        }
        // Skip the schedule: a nickname, or five fields.
        let fields = if entry.starts_with('@') { 1 } else { 5 };
        let mut k = 0;
        for _ in 0..fields {
            k += entry[k..].len() - entry[k..].trim_start().len();
            k += entry[k..]
                .find(char::is_whitespace)
                .unwrap_or(entry.len() - k);
        }
        k += entry[k..].len() - entry[k..].trim_start().len();
        let command = &entry[k..];
        let bytes = command.as_bytes();
        let end = (0..bytes.len())
            .find(|&i| bytes[i] == b'%' && (i == 0 || bytes[i - 1] != b'\\'))
            .unwrap_or(bytes.len());
        let Some(command) = command.get(..end) else {
            continue;
        };
        let base = at + lead + k;
        for i in 0..command.len() {
            table.push(map.map(base + i, base + i + 1));
        }
        code.push_str(command);
        code.push('\n');
        table.push(map.map(base + command.len(), base + command.len()));
    }
    (code, table)
}

/// A crontab line that sets a variable (`SHELL=/bin/sh`, `MAILTO = x`): a name, then `=`.
fn is_cron_setting(entry: &str) -> bool {
    let name_end = entry
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(entry.len());
    name_end > 0
        && !entry.starts_with(|c: char| c.is_ascii_digit())
        && entry[name_end..].trim_start().starts_with('=')
}

fn code_map(arg: Option<&ArgW>, code: &str, span: Span) -> SpanMap {
    if let Some(a) = arg.filter(|a| a.sole)
        && let Some((text, SpanMap::Table(table))) = word::code_text(&[a.word])
        && text.ends_with(code)
        && let Some(tail) = table.get(text.len() - code.len()..)
    {
        return SpanMap::Table(tail.to_vec());
    }
    SpanMap::Table(vec![span; code.len()])
}

/// Git configuration keys whose value is a command git runs.
fn runs_command(key: &str, value: &str) -> bool {
    if key.starts_with("alias.") {
        return value.starts_with('!') || value.is_empty();
    }
    let exact = [
        "core.pager",
        "core.sshcommand",
        "core.fsmonitor",
        "core.editor",
        "core.hookspath",
        "core.askpass",
        "core.gitproxy",
        "sequence.editor",
        "diff.external",
        "diff.tool",
        "merge.tool",
        "gpg.program",
        "credential.helper",
        "uploadpack.packobjectshook",
        "web.browser",
        "interactive.difffilter",
        "sendemail.smtpserver",
        "ssh.variant",
    ];
    if exact.contains(&key) {
        return true;
    }
    let (first, last) = (
        key.split('.').next().unwrap_or_default(),
        key.rsplit('.').next().unwrap_or_default(),
    );
    matches!(
        (first, last),
        ("diff", "textconv" | "command")
            | ("merge", "driver")
            | ("filter", "clean" | "smudge" | "process")
            | ("gpg", "program")
            | ("pager", _)
            | ("difftool" | "mergetool" | "browser" | "man", "cmd")
            | ("credential", "helper")
    )
}

/// A path that names a stream rather than a file, when a shell or interpreter is given it as
/// its script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    /// `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`.
    Stdin,
    /// `/dev/fd/N`, `/proc/self/fd/N` for N > 0.
    Fd(u32),
}

/// A program's file operand that is its standard input: `-`, `/dev/stdin`, `/dev/fd/0`,
/// `/proc/self/fd/0`.
pub(crate) fn names_stdin(path: &str) -> bool {
    path == "-" || stream(path) == Some(Stream::Stdin)
}

fn stream(path: &str) -> Option<Stream> {
    if path == "/dev/stdin" {
        return Some(Stream::Stdin);
    }
    let n: u32 = path
        .strip_prefix("/dev/fd/")
        .or_else(|| path.strip_prefix("/proc/self/fd/"))?
        .parse()
        .ok()?;
    Some(if n == 0 { Stream::Stdin } else { Stream::Fd(n) })
}

/// The contents of the single-quoted strings of `input` with their byte offsets (outside double
/// quotes and comments; `$'…'` strings are decoded elsewhere and skipped here).
fn single_quoted(input: &str) -> Vec<(usize, &str)> {
    let b = input.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    let mut double = false;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 1,
            b'"' => double = !double,
            b'#' if !double && (k == 0 || b[k - 1].is_ascii_whitespace()) => {
                while k < b.len() && b[k] != b'\n' {
                    k += 1;
                }
            }
            b'\'' if !double => {
                let ansi = k > 0 && b[k - 1] == b'$';
                let start = k + 1;
                let mut end = start;
                while end < b.len() && b[end] != b'\'' {
                    end += if ansi && b[end] == b'\\' { 2 } else { 1 };
                }
                if !ansi && let Some(t) = input.get(start..end.min(b.len())) {
                    out.push((start, t));
                }
                k = end;
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// The byte ranges of the code inside each `$(…)` and `` `…` `` of `text`.
/// True when a `[` in `text` is followed by a command substitution (`$(` or a backquote)
/// before the next `]`: a subscript that runs a command when bash evaluates it
/// (`a[$(cmd)]`, `a[1+$(cmd)]`, `a["$(cmd)"]`).
fn subscript_substitution(text: &str) -> bool {
    // One pass (a long line of `[` without `]` stays linear).
    let b = text.as_bytes();
    let mut inside = false;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'[' => inside = true,
            b']' => inside = false,
            b'`' if inside => return true,
            b'$' if inside && b.get(k + 1) == Some(&b'(') => return true,
            _ => {}
        }
    }
    false
}

pub(crate) fn substitutions(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'$' && b.get(k + 1) == Some(&b'(') && b.get(k + 2) != Some(&b'(') {
            let start = k + 2;
            let mut depth = 1;
            let mut j = start;
            while j < b.len() && depth > 0 {
                match b[j] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            let end = if depth == 0 { j - 1 } else { b.len() };
            out.push((start, end));
            k = end;
        } else if b[k] == b'`' {
            let start = k + 1;
            let end = text[start..].find('`').map_or(b.len(), |e| start + e);
            out.push((start, end));
            k = end;
        }
        k += 1;
    }
    out
}

/// `env -S STRING` splits STRING by its own rules, not bash's: outside quotes `\_` separates
/// two arguments (`env -S 'sort x\_-o\_y'` runs `sort x -o y`), where bash would read `_`.
/// The text is read as shell code after each such `\_` is made two blanks (the same length, so
/// spans still map). Inside single quotes `\_` stays as written, as env keeps it; inside double
/// quotes env makes it one space within the argument, which splits nothing.
fn env_split_separators(text: String) -> String {
    let mut b = text.into_bytes();
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if single => {
                // Only `\\` and `\'` are escapes inside single quotes.
                if matches!(b.get(i + 1), Some(b'\\' | b'\'')) {
                    i += 1;
                }
            }
            b'\\' if !double && b.get(i + 1) == Some(&b'_') => {
                b[i] = b' ';
                b[i + 1] = b' ';
                i += 1;
            }
            b'\\' => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            _ => {}
        }
        i += 1;
    }
    // Only ASCII bytes were replaced, by ASCII bytes: the text is still UTF-8.
    String::from_utf8_lossy(&b).into_owned()
}

/// Whether a command of GNU parallel holds a replacement string other than `{}`: a `{` closed by
/// a `}` with no blank between (`{.}`, `{/}`, `{//}`, `{#}`, `{%}`, `{3.}`, and `--plus`'s
/// `{%suffix}`, `{#prefix}`, `{/pattern/replacement}`, `{:-default}`, `{..}`…). Any such word is
/// read as one, whichever of them parallel knows: each of its values is made from the input.
fn parallel_replacement(text: &str) -> bool {
    text.match_indices('{').any(|(at, _)| {
        text[at + 1..]
            .split(|c: char| c.is_whitespace())
            .next()
            .is_some_and(|w| w.contains('}') && !w.starts_with('}'))
    })
}

/// The variable name a declaration's word sets or declares when it is static: `x` of `x=…`,
/// `x+=…` or `x` (a subscript `x[…]` is left to the arithmetic reading); `None` for a word
/// whose name part holds an expansion (`$v`, `"$n"=1`).
fn static_declared_name(template: &str) -> Option<&str> {
    let name = template.split_once('=').map_or(template, |(n, _)| n);
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = name.split_once('[').map_or(name, |(n, _)| n);
    let mut bytes = name.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic() || first == b'_')
        .then_some(())
        .filter(|()| bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        .map(|()| name)
}

/// Whether the line spells `name` as an array anywhere: `name=(`, `name+=(`, `name[`, or a
/// declaration with `-a`/`-A` (read from the text, so a mention in quotes counts too: only
/// more is flagged).
fn named_array(input: &str, name: &str) -> bool {
    let bytes = input.as_bytes();
    let mut from = 0;
    while let Some(k) = input[from..].find(name) {
        let at = from + k;
        from = at + name.len();
        let before = at.checked_sub(1).map(|b| bytes[b]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let rest = &input[from..];
        if rest.starts_with("=(") || rest.starts_with("+=(") || rest.starts_with('[') {
            return true;
        }
        // `declare -a name`, `local -A name`: an option word with `a`/`A` just before.
        let head = input[..at].trim_end();
        let option = head.rsplit(char::is_whitespace).next().unwrap_or_default();
        if option.starts_with('-') && option.contains(['a', 'A']) {
            return true;
        }
    }
    false
}

/// Whether the line has a nameref (`-n`), `read -a`, `mapfile` or `readarray`: any name may
/// then be an array without being spelled as one.
fn makes_unnamed_arrays(units: &[crate::analyze::Unit]) -> bool {
    units.iter().any(|u| {
        let options = |letter: char| {
            u.args().any(|a| match a.value.as_deref() {
                Some(v) => v.starts_with('-') && v.contains(letter),
                None => static_declared_name(&a.template).is_none(),
            })
        };
        match u.program.as_deref() {
            Some("mapfile" | "readarray") => true,
            Some("read") => options('a'),
            Some("declare" | "typeset" | "local") => options('n'),
            _ => false,
        }
    })
}

/// `python3 -c CODE`, `node -e CODE`, `node -p CODE` whose static code the closed one-liner
/// reader proves to only print. Node's code option must be the first word after the program;
/// Python's is read with its table.
fn prints_only_code(program: &str, option: Option<&str>, code: Option<&str>) -> bool {
    use super::inline_code::{Lang, prints_only};
    let name = program.rsplit('/').next().unwrap_or(program);
    let lang = match (name, option) {
        ("python" | "python3", Some("-c")) => Lang::Python,
        ("node" | "nodejs", Some("-e" | "--eval" | "-p" | "--print")) => Lang::Node,
        _ => return false,
    };
    code.is_some_and(|text| prints_only(lang, text))
}

#[cfg(test)]
mod tests {
    use super::git_config_parameters;

    #[test]
    fn crontab_entries_give_their_commands() {
        let text = "# nightly\nMAILTO = me\nSHELL=/bin/sh\n0 3 * * 1-5 make -C ~/src   backup\n\n  @reboot  run-me % input \\% more\n*/5 * * * * echo 50\\% %rest\n* * *\n";
        let (code, table) = super::cron_commands(text, &crate::parse::SpanMap::Shift(10));
        assert_eq!(code, "make -C ~/src   backup\nrun-me \necho 50\\% \n\n");
        assert_eq!(table.len(), code.len());
        let at = text.find("make").unwrap_or(0);
        assert_eq!(table[0].start, 10 + at);
        assert!(super::is_cron_setting("PATH=/usr/bin"));
        assert!(super::is_cron_setting("MAILTO = x"));
        assert!(!super::is_cron_setting("5 * * * * X=1 cmd"));
        assert!(!super::is_cron_setting("@daily cmd"));
    }

    #[test]
    fn git_config_parameters_are_read_as_git_writes_them() {
        let pairs = |t: &str| git_config_parameters(t);
        let owned = |v: &[(&str, &str)]| {
            v.iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            pairs("'alias.l'='!id' 'core.pager=less'"),
            Some(owned(&[("alias.l", "!id"), ("core.pager", "less")]))
        );
        // A quote inside a value is `'\''`.
        assert_eq!(
            pairs(r"'alias.l'='!echo '\''x'\'''"),
            Some(owned(&[("alias.l", "!echo 'x'")]))
        );
        assert_eq!(pairs(""), Some(Vec::new()));
        assert_eq!(pairs("alias.l=!id"), None);
        assert_eq!(pairs("'alias.l"), None);
    }
}
