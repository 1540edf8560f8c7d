//! Programs that run commands named by their own options, operands or command language, read
//! into units: `capsh -- ARGS` (a shell), `start-stop-daemon --start --exec PROG -- ARGS`,
//! `sqlite3`'s dot-commands (`.shell`, `.system`, `|CMD` files), `ed`'s `!CMD` commands and
//! `!CMD` file names, `gdb`'s `shell`/`!`/`pipe`/`make`/`target … | CMD` commands and the program
//! it debugs, and the make variables whose value make's recipes run (`make CC=CMD`,
//! `make SHELL=PROG`). A file of commands such a program reads (`sqlite3 -init`, `.read`,
//! `gdb -x`/`-ix`/`-eix`, `source`, `apt-get -c`) is flagged: its text is not on the line.
//!
//! Each reader hands a static command to the walker as code run by the program (or resolves the
//! program and its arguments directly); what it cannot read (a run-time value, a script fed at
//! run time, embedded Python) is flagged as dynamic code, never skipped.

use crate::ast::Span;
use crate::parse::SpanMap;
use crate::programs::args::{self, Parsed};
use crate::programs::tables;

use super::decompose::{ArgW, Ctx, Feed, Walker};
use super::{Arg, Context, FlagKind, UnitAssignment};

impl Walker<'_> {
    /// Analyse `code` as a command line `program` runs (through `sh -c`, or split by the
    /// program itself: the units are the same).
    fn run_by(&mut self, code: &str, span: Span, program: &str, via: &[String], ctx: &Ctx) {
        if code.trim().is_empty() {
            return;
        }
        self.flag(FlagKind::NestedShell, span, program.to_owned());
        let mut c = ctx.with(Context::NestedShell);
        c.via = via.to_vec();
        c.via.push(program.to_owned());
        self.nested(code, &SpanMap::Table(vec![span; code.len()]), span, &c);
    }

    /// Resolve `program` (a static word an option gives, standing at `at`) with `rest` as its
    /// arguments; `via` ends with the program that runs it.
    fn run_program(
        &mut self,
        program: &str,
        at: &ArgW,
        rest: &[ArgW],
        via: Vec<String>,
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let mut args = Vec::with_capacity(rest.len() + 1);
        args.push(ArgW {
            arg: Arg::literal(program, at.arg.span),
            word: at.word,
            sole: false,
        });
        args.extend(rest.iter().cloned());
        let mut c = ctx.clone();
        c.via = via;
        c.feed = None;
        self.resolve(&args, assignments.to_vec(), &c);
    }

    /// The words of `args` (program first) read by the one argument parser with the program's
    /// built-in table, options anywhere before `--` (GNU getopt's permuting). An option a closed
    /// table does not prove (one it does not name, or an abbreviation, read as the option it
    /// abbreviates) is flagged: what the program runs is then not proven.
    fn read_options(&mut self, args: &[ArgW], program: &str) -> Parsed {
        let words: Vec<Arg> = args.iter().skip(1).map(|a| a.arg.clone()).collect();
        self.read_words(args, program, &words)
    }

    /// [`Walker::read_options`] on `words` (the words of `args` after the program, as the
    /// program reads them: `gdb`'s `-ex` is its `--ex`).
    fn read_words(&mut self, args: &[ArgW], program: &str, words: &[Arg]) -> Parsed {
        let Some(table) = tables::builtin(program) else {
            // Cannot happen with a tested build (each runner read here has a table); without
            // one nothing is proven.
            let span = args.first().map(|a| a.arg.span).unwrap_or_default();
            self.flag(
                FlagKind::UnsupportedSyntax,
                span,
                format!("{program}: no option table, so what it runs is not proven"),
            );
            return args::parse_args(&args::OptionSpec::EMPTY, words, false);
        };
        let parsed = args::parse_args(&table, words, false);
        if let Some(unknown) = &parsed.unknown {
            let written = |i: usize| {
                words
                    .get(i)
                    .and_then(Arg::exact)
                    .is_some_and(|w| args::written_as(w, unknown))
            };
            let at = parsed
                .opts
                .iter()
                .find(|o| o.name == *unknown || written(o.index))
                .map_or(0, |o| o.index);
            if let Some(a) = args.get(1 + at) {
                self.flag(
                    FlagKind::UnsupportedSyntax,
                    a.arg.span,
                    format!(
                        "{program}: its table does not prove the option `{}`, so what it runs is not proven",
                        a.arg.exact().unwrap_or_default()
                    ),
                );
            }
        }
        parsed
    }

    /// A file of commands the program reads and runs (`sqlite3 -init FILE`, `gdb -x FILE`,
    /// `apt-get -c FILE`): its text is not on the line, and an earlier command on the line, an
    /// earlier line or the checkout may have written it. Flagged as dynamic code, unless it is
    /// `/dev/null`.
    pub(super) fn command_file(&mut self, file: Option<&str>, span: Span, why: &str) {
        if file != Some("/dev/null") {
            self.flag(FlagKind::DynamicCode, span, why.to_owned());
        }
    }

    /// `apt-get -c FILE` (`--config-file`, and the other apt programs): a configuration file
    /// can set the hooks apt runs (`APT::Update::Pre-Invoke`, `DPkg::Pre-Invoke`) and the
    /// programs it starts (`Dir::Bin::*`).
    pub(super) fn apt_config_file(&mut self, args: &[ArgW], program: &str) {
        let options = crate::wordlist::words!["-c", "--config-file"];
        for (opt, value) in super::nested::command_option_values(&args[1..], options, &[], &[]) {
            let Some((file, span, _)) = value else {
                break;
            };
            self.command_file(
                file,
                span,
                &format!("{program} {opt} reads a configuration file, which can name commands apt runs (`Pre-Invoke` hooks)"),
            );
        }
    }

    /// `capsh [OPTIONS] -- ARGS…` runs `/bin/bash ARGS…` (or the program of the last
    /// `--shell=PROG` before it), and so does `-+` (through `cap_launch`); `capsh [OPTIONS] ==
    /// ARGS…` (or `=+`) runs capsh again with ARGS. capsh reads its words in order, each a whole
    /// `--name[=value]` (no getopt): the separators are words, read here in that order. A dynamic
    /// word among the options may be `--shell=…`: flagged.
    pub(super) fn capsh(
        &mut self,
        args: &[ArgW],
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let mut shell = "bash".to_owned();
        for (k, a) in args.iter().enumerate().skip(1) {
            let Some(v) = a.arg.exact() else {
                self.flag(
                    FlagKind::DynamicCode,
                    a.arg.span,
                    "capsh is given a dynamic word among its options (`--shell=PROG`, `--`)",
                );
                return;
            };
            if let Some(s) = v.strip_prefix("--shell=") {
                s.clone_into(&mut shell);
            } else if matches!(v, "--" | "==" | "-+" | "=+") {
                let program = if v.starts_with('=') {
                    "capsh"
                } else {
                    shell.as_str()
                };
                let v = [via, &["capsh".to_owned()]].concat();
                self.run_program(program, a, &args[k + 1..], v, assignments, ctx);
                return;
            }
        }
    }

    /// `start-stop-daemon --start [--startas PROG] --exec PROG [OPTIONS] [-- ARGS…]` runs the
    /// `--startas` program (or else the `--exec` one; the last given) with its operands as
    /// arguments, read with its table. Without `--start`/`-S`, `--exec` only matches running
    /// processes. A dynamic word where an option may be may name the program: flagged.
    pub(super) fn start_stop_daemon(
        &mut self,
        args: &[ArgW],
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        let parsed = self.read_options(args, "start-stop-daemon");
        if !parsed
            .opts
            .iter()
            .any(|o| o.name == "-S" || o.name == "--start")
        {
            return;
        }
        if parsed.dynamic {
            self.flag(
                FlagKind::DynamicCode,
                args[0].arg.span,
                "start-stop-daemon is given a dynamic word where an option may be (`--exec`, `--startas`)",
            );
        }
        let last = |names: [&str; 2]| {
            parsed
                .opts
                .iter()
                .rev()
                .find(|o| names.contains(&o.name.as_ref()))
        };
        let Some(o) = last(["-a", "--startas"]).or_else(|| last(["-x", "--exec"])) else {
            return;
        };
        if o.value.is_none() && o.value_at.is_none() {
            return;
        }
        let Some(a) = args.get(1 + o.value_at.unwrap_or(o.index)) else {
            return;
        };
        match &o.value {
            Some(p) => {
                let tail: Vec<ArgW> = parsed
                    .operands
                    .iter()
                    .filter_map(|&i| args.get(1 + i).cloned())
                    .collect();
                let v = [via, &["start-stop-daemon".to_owned()]].concat();
                self.run_program(p, a, &tail, v, assignments, ctx);
            }
            None => self.flag(
                FlagKind::CommandPositionExpansion,
                a.arg.span,
                "start-stop-daemon starts a program named at run time",
            ),
        }
    }

    /// sqlite3's dot-commands that run programs, in `-cmd` values, in the operands after the
    /// database, and in the text fed on standard input: `.shell CMD…`/`.system CMD…` (and
    /// their abbreviations; the words joined as sqlite3 joins them, through `system()`), and a
    /// `|CMD` file of `.once`, `.output`, `.import`, `.read` (through `popen()`). `.excel`,
    /// `.once -x`/`-e` (a program of the system opens the output), `.load` (a library) and the
    /// `edit()` SQL function (the editor), input fed at run time, and the files of dot-commands
    /// of `-init FILE` and `.read FILE` (other than `/dev/null`), are flagged. `~/.sqliterc`,
    /// read at start without `-init`, is a start-up file (writing it asks).
    pub(super) fn sqlite_code(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        let mut words: Vec<Arg> = args.iter().skip(1).map(|a| a.arg.clone()).collect();
        let table = tables::builtin("sqlite3").unwrap_or_default();
        // `-A ARGS…` (`-AARG`): the remaining words are `.archive`'s, neither options nor SQL.
        let archive = args::parse_args(&table, &words, false)
            .opts
            .iter()
            .find(|o| matches!(o.name.as_ref(), "-A" | "--A"))
            .map(|o| o.index);
        if let Some(k) = archive {
            words.truncate(k);
        }
        let parsed = self.read_words(args, "sqlite3", &words);
        let mut texts: Vec<(String, Span)> = Vec::new();
        for o in &parsed.opts {
            let name = o.name.trim_start_matches('-');
            if name != "cmd" && name != "init" {
                continue;
            }
            let Some(at) = o.value_at.and_then(|k| args.get(1 + k)) else {
                continue;
            };
            if name == "init" {
                self.command_file(
                    at.arg.exact(),
                    at.arg.span,
                    "sqlite3 -init runs the dot-commands of a file (`.shell` runs programs)",
                );
                continue;
            }
            match at.arg.exact() {
                Some(t) => texts.push((t.to_owned(), at.arg.span)),
                None => self.flag(
                    FlagKind::DynamicCode,
                    at.arg.span,
                    "sqlite3 -cmd runs a command line computed at run time",
                ),
            }
        }
        // The first operand is the database, the others SQL or dot-commands.
        for a in parsed
            .operands
            .iter()
            .skip(1)
            .filter_map(|&k| args.get(1 + k))
        {
            match a.arg.exact() {
                Some(v) => texts.push((v.to_owned(), a.arg.span)),
                None => self.flag(
                    FlagKind::DynamicCode,
                    a.arg.span,
                    "sqlite3 runs a command line computed at run time (`.shell` runs programs)",
                ),
            }
        }
        match &ctx.feed {
            Some(Feed::Static(text, _)) => {
                let span = args[0].arg.span;
                for line in text.lines() {
                    texts.push((line.to_owned(), span));
                }
            }
            Some(Feed::Dynamic(src) | Feed::Partial(_, _, src)) => self.flag(
                FlagKind::DynamicCode,
                src.cover(args[0].arg.span),
                "sqlite3 runs the dot-commands it reads on standard input (`.shell` runs programs), produced at run time",
            ),
            None => {}
        }
        for (text, span) in texts {
            if text.to_ascii_lowercase().contains("edit(") {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "sqlite3's edit() starts the editor",
                );
            }
            for line in text.lines() {
                match sqlite_meta(line) {
                    SqliteMeta::Code(code) => self.run_by(&code, span, "sqlite3", via, ctx),
                    SqliteMeta::Opaque(why) => self.flag(FlagKind::DynamicCode, span, why),
                    SqliteMeta::None => {}
                }
            }
        }
    }

    /// ed's commands that run a shell command, in the script fed on standard input: `!CMD`,
    /// `r !CMD`, `w !CMD`, `e !CMD` (after any address), and a file operand `!CMD` (ed reads
    /// the command's output). A global command (`g/RE/…`) with a `!` in it, and a script fed
    /// at run time, are flagged.
    pub(super) fn ed_code(&mut self, args: &[ArgW], via: &[String], ctx: &Ctx) {
        let parsed = self.read_options(args, "ed");
        for a in parsed.operands.iter().filter_map(|&i| args.get(1 + i)) {
            if let Some(code) = a.arg.exact().and_then(|v| v.strip_prefix('!')) {
                self.run_by(code, a.arg.span, "ed", via, ctx);
            }
        }
        let span = args[0].arg.span;
        match &ctx.feed {
            Some(Feed::Static(text, _)) => {
                for line in text.lines() {
                    match ed_command(line) {
                        EdLine::Code(code) => self.run_by(code, span, "ed", via, ctx),
                        EdLine::Opaque => self.flag(
                            FlagKind::DynamicCode,
                            span,
                            "an ed global command with `!` in it: the commands it runs are not read",
                        ),
                        EdLine::None => {}
                    }
                }
            }
            Some(Feed::Dynamic(src) | Feed::Partial(_, _, src)) => self.flag(
                FlagKind::DynamicCode,
                src.cover(span),
                "ed runs the `!` commands of the script it reads on standard input, produced at run time",
            ),
            None => {}
        }
    }

    /// The shell commands of the Ex commands vim is given on its command line ([`vim_commands`],
    /// [`vim_shell_command`]): `vim -es -c '!CMD' -c q`, `ex '+!CMD'`, each read as a unit run by
    /// vim. A dynamic word where an Ex command may be is flagged.
    pub(super) fn vim_code(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        let rest = args.get(1..).unwrap_or_default();
        if let Some(a) = rest
            .iter()
            .take_while(|a| a.arg.exact() != Some("--"))
            .find(|a| a.arg.exact().is_none())
        {
            self.flag(
                FlagKind::DynamicCode,
                a.arg.span,
                "vim is given a word known only at run time where an Ex command may be (`-c '!CMD'` runs CMD)",
            );
        }
        let words: Vec<&str> = rest.iter().map(|a| a.arg.exact().unwrap_or("")).collect();
        for (k, command) in vim_commands(&words) {
            if let Some(code) = vim_shell_command(command) {
                let span = rest.get(k).map_or(args[0].arg.span, |a| a.arg.span);
                self.run_by(code, span, program, via, ctx);
            }
        }
    }

    /// gdb commands given with `-ex`/`--eval-command`/`-iex`/`--init-eval-command`/`-eiex`/
    /// `--early-init-eval-command` (and unique abbreviations): `shell CMD` (and `she`, `shel`),
    /// `!CMD`, `pipe GDBCMD | CMD` and `| GDBCMD | CMD`, `make ARGS`, `target remote | CMD`;
    /// `python`/`guile` code, `source FILE`, `edit` and a run-time value are flagged, and so is a
    /// command file (`-x`/`--command`, `-ix`/`--init-command`, `-eix`/`--early-init-command`)
    /// other than `/dev/null`. And the program gdb debugs, which its `run` starts: `--args PROG
    /// ARGS…`, or the first operand (the second is a core file or a process id). The words are
    /// read with gdb's table as `getopt_long_only` reads them: `-NAME` is `--NAME` (a value
    /// attached with `=` or the next word, unique abbreviations), and `--args` ends the options.
    pub(super) fn gdb_code(
        &mut self,
        args: &[ArgW],
        via: &[String],
        assignments: &[UnitAssignment],
        ctx: &Ctx,
    ) {
        const COMMANDS: &[&str] = &[
            "--ex",
            "--eval-command",
            "--iex",
            "--init-eval-command",
            "--eiex",
            "--early-init-eval-command",
        ];
        // Options whose value is a file of gdb commands.
        const FILES: &[&str] = &[
            "--x",
            "--command",
            "--ix",
            "--init-command",
            "--eix",
            "--early-init-command",
        ];
        let gdb_via = || [via, &["gdb".to_owned()]].concat();
        // getopt_long_only: `-ex` is `--ex`, `-ex=CMD` is `--ex=CMD`.
        let mut words: Vec<Arg> = args
            .iter()
            .skip(1)
            .map(|a| match a.arg.exact() {
                Some(w) if w.len() > 1 && w.starts_with('-') && !w.starts_with("--") => {
                    Arg::literal(&format!("-{w}"), a.arg.span)
                }
                _ => a.arg.clone(),
            })
            .collect();
        let table = tables::builtin("gdb").unwrap_or_default();
        // `--args` ends gdb's options: the next word is the program, the rest its arguments.
        let dashes = args::parse_args(&table, &words, false)
            .opts
            .iter()
            .find(|o| o.name == "--args")
            .map(|o| o.index);
        if let Some(k) = dashes {
            words.truncate(k + 1);
        }
        let parsed = self.read_words(args, "gdb", &words);
        if parsed.dynamic {
            self.flag(
                FlagKind::DynamicCode,
                args[0].arg.span,
                "gdb is given a dynamic word where an option may be (`-ex CMD` runs gdb commands)",
            );
        }
        for o in &parsed.opts {
            let is = |names: &[&str]| names.contains(&o.name.as_ref());
            if !is(COMMANDS) && !is(FILES) {
                continue;
            }
            let span = o
                .value_at
                .and_then(|k| args.get(1 + k))
                .or_else(|| args.get(1 + o.index))
                .map_or(args[0].arg.span, |a| a.arg.span);
            // The value as written (a next word `-q` is not rewritten to `--q`).
            let value = match o.value_at {
                Some(k) => args.get(1 + k).and_then(|a| a.arg.exact()),
                None => o.value.as_deref(),
            };
            if value.is_none() && o.value_at.is_none() {
                continue;
            }
            if is(FILES) {
                self.command_file(
                    value,
                    span,
                    "gdb runs the commands of a file (`shell` runs programs, `python` runs code)",
                );
                continue;
            }
            match value {
                Some(command) => match gdb_command(command) {
                    GdbCommand::Code(code) => self.run_by(code, span, "gdb", via, ctx),
                    GdbCommand::Python(code) => {
                        self.flag(
                            FlagKind::DynamicCode,
                            span,
                            "gdb runs Python code: the programs it runs are not all read",
                        );
                        // Read as `python3 -c CODE` too: what the Python one-liner checks
                        // find in it (`os.system("rm -rf ~")`) is found here.
                        let at = o
                            .value_at
                            .and_then(|k| args.get(1 + k))
                            .or_else(|| args.get(1 + o.index))
                            .unwrap_or(&args[0]);
                        let word = |t: &str| ArgW {
                            arg: Arg::literal(t, span),
                            word: at.word,
                            sole: false,
                        };
                        let rest = [word("-c"), word(code)];
                        self.run_program("python3", at, &rest, gdb_via(), assignments, ctx);
                    }
                    GdbCommand::Opaque(why) => self.flag(FlagKind::DynamicCode, span, why),
                    GdbCommand::None => {}
                },
                None => self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "gdb runs a command computed at run time (`shell` runs programs)",
                ),
            }
        }
        let (program, rest) = match dashes {
            Some(k) => (1 + k + 1, &args[(k + 3).min(args.len())..]),
            None => match parsed.operands.first() {
                Some(&k) => (1 + k, &[][..]),
                None => return,
            },
        };
        let Some(p) = args.get(program) else {
            return;
        };
        match p.arg.exact() {
            Some(name) => {
                let name = name.to_owned();
                self.run_program(&name, p, rest, gdb_via(), assignments, ctx);
            }
            None => self.flag(
                FlagKind::CommandPositionExpansion,
                p.arg.span,
                "gdb debugs a program named at run time",
            ),
        }
    }

    /// `hash -p FILE NAME…` (read with hash's table): a later command NAME runs FILE
    /// (`Walker::resolve`). A file known at run time only binds nothing (the line is flagged
    /// for `hash -p` as it is).
    pub(super) fn hash_bindings(&mut self, args: &[ArgW]) {
        let parsed = self.read_options(args, "hash");
        let Some(file) = parsed
            .opts
            .iter()
            .rev()
            .find(|o| o.name == "-p")
            .and_then(|o| o.value.clone())
        else {
            return;
        };
        for name in parsed
            .operands
            .iter()
            .filter_map(|&k| args.get(1 + k))
            .filter_map(|a| a.arg.exact())
        {
            if !name.contains('/') {
                self.hashed.push((name.to_owned(), file.clone()));
            }
        }
    }

    /// Makefile text make reads from the line: `--eval TEXT` (`-E`, and abbreviations of
    /// `--eval`, read with make's table), a makefile read from standard input (`-f -`, `-f
    /// /dev/stdin`) the line feeds, and a makefile the line wrote: the file `-f` names, or,
    /// without `-f`, the first of make's own names (`GNUmakefile`, `makefile`, `Makefile`) in
    /// the directory it runs in (`printf 'all:\n\trm -rf ~\n' > Makefile && make`). Its
    /// recipes, `!=` commands and `$(shell …)` are read as code make runs (`makefile.rs`); what
    /// that reader cannot see through, text known at run time only and a dynamic word where an
    /// option may be (it may be `--eval=…`) are flagged.
    pub(super) fn make_eval(&mut self, args: &[ArgW], program: &str, via: &[String], ctx: &Ctx) {
        let has_options = args[1..]
            .iter()
            .any(|a| a.arg.exact().is_none_or(|w| w.starts_with('-')));
        if !has_options {
            self.written_makefile_in("", args[0].arg.span, program, via, ctx);
            return;
        }
        let parsed = self.read_options(args, program);
        if parsed.dynamic {
            self.flag(
                FlagKind::DynamicCode,
                args[0].arg.span,
                format!("{program} is given a dynamic word where an option may be (`--eval TEXT` is makefile code)"),
            );
        }
        let mut named_file = false;
        // `-C DIR`, each relative to the one before; `None` once one is known only at run time.
        let mut dir: Option<String> = Some(String::new());
        for o in &parsed.opts {
            if matches!(o.name.as_ref(), "-C" | "--directory") {
                dir = match (dir, o.value.as_deref()) {
                    (Some(_), Some(v)) if v.starts_with('/') => Some(format!("{v}/")),
                    (Some(d), Some(v)) => Some(format!("{d}{v}/")),
                    _ => None,
                };
            }
        }
        for o in &parsed.opts {
            let span = o
                .value_at
                .and_then(|k| args.get(1 + k))
                .or_else(|| args.get(1 + o.index))
                .map_or(args[0].arg.span, |a| a.arg.span);
            let text = match o.name.as_ref() {
                "--eval" | "-E" => o.value.clone(),
                "-f" | "--file" | "--makefile" => {
                    named_file = true;
                    let Some(value) = o.value.as_deref() else {
                        // `make -f <(CMD)`: what CMD prints.
                        if let Some(feed) = o
                            .value_at
                            .and_then(|k| args.get(1 + k))
                            .and_then(|a| self.file_feed(a))
                            && let Some(text) = self.written_code("<(…)", feed, span, program)
                        {
                            self.makefile_code(&text, span, program, via, ctx);
                        }
                        continue;
                    };
                    if !super::nested::names_stdin(value) {
                        let path = match &dir {
                            Some(d) if !value.starts_with('/') => format!("{d}{value}"),
                            _ => value.to_owned(),
                        };
                        self.makefile_written_at(&path, span, program, via, ctx);
                        continue;
                    }
                    match &ctx.feed {
                        Some(Feed::Static(text, _)) => Some(text.clone()),
                        _ => None,
                    }
                }
                _ => continue,
            };
            let Some(text) = text else {
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} reads makefile text known only at run time"),
                );
                continue;
            };
            self.makefile_code(&text, span, program, via, ctx);
        }
        if !named_file && let Some(d) = dir {
            self.written_makefile_in(&d, args[0].arg.span, program, via, ctx);
        }
    }

    /// The first of make's own names (`GNUmakefile`, `makefile`, `Makefile`) the line wrote
    /// in `dir` (empty, or ending in `/`).
    fn written_makefile_in(
        &mut self,
        dir: &str,
        span: Span,
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        for name in ["GNUmakefile", "makefile", "Makefile"] {
            if self.makefile_written_at(&format!("{dir}{name}"), span, program, via, ctx) {
                return;
            }
        }
    }

    /// Read the makefile the line wrote at `path`, if it wrote one (true).
    fn makefile_written_at(
        &mut self,
        path: &str,
        span: Span,
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) -> bool {
        let Some(feed) = self.written_any(path) else {
            return false;
        };
        if let Some(text) = self.written_code(path, feed, span, program) {
            self.makefile_code(&text, span, program, via, ctx);
        }
        true
    }

    /// The text of a file at `path` the line makes (`feed`) that `program` reads as code, when
    /// it is known, even in part (still read, so a catastrophe in it is found); text known only
    /// at run time, in part or whole, is flagged.
    pub(super) fn written_code(
        &mut self,
        path: &str,
        feed: Feed,
        span: Span,
        program: &str,
    ) -> Option<String> {
        let text = match feed {
            Feed::Static(text, _) => return Some(text),
            Feed::Partial(text, _, _) => Some(text),
            Feed::Dynamic(_) => None,
        };
        self.flag(
            FlagKind::DynamicCode,
            span,
            format!(
                "{program} reads `{path}`, which the line makes with text known only at run time"
            ),
        );
        text
    }

    /// `kitty @ send-text TEXT…` (a wrapper's `typed_forms`, the form taking `form_len` words
    /// after the program): the running terminal types the text into a window of its own,
    /// where a shell may run it. The operands (joined with blanks, escapes decoded), the
    /// standard input `--stdin` sends and a file `--from-file` names that the line wrote are
    /// read as shell code, each control character a line end; the line is never allowed.
    pub(super) fn typed_text(
        &mut self,
        args: &[ArgW],
        form_len: usize,
        form: &str,
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        let span = args[0].arg.span;
        self.flag(
            FlagKind::UnsupportedSyntax,
            span,
            format!("{program} {form}: the running terminal types the text into a window where a shell may run it"),
        );
        let Some(table) = tables::builtin(&format!("{program} {form}")) else {
            return;
        };
        let words: Vec<Arg> = args
            .iter()
            .skip(1 + form_len)
            .map(|a| a.arg.clone())
            .collect();
        let parsed = args::parse_args(&table, &words, true);
        let mut texts = Vec::new();
        for o in &parsed.opts {
            let text = match o.name.as_ref() {
                "--stdin" => match &ctx.feed {
                    Some(Feed::Static(text, _)) => Some(text.clone()),
                    _ => None,
                },
                "--from-file" => match o.value.as_deref() {
                    Some(path) => match self.written_any(path) {
                        Some(feed) => self.written_code(path, feed, span, program),
                        None => None,
                    },
                    None => None,
                },
                _ => continue,
            };
            match text {
                Some(text) => texts.push(text),
                None => self.flag(
                    FlagKind::DynamicCode,
                    span,
                    format!("{program} {form} types text known only at run time"),
                ),
            }
        }
        let operands: Option<Vec<&str>> = parsed
            .operands
            .iter()
            .map(|&k| words.get(k).and_then(Arg::exact))
            .collect();
        match operands {
            Some(words) => texts.push(crate::parse::escapes::printf_format(&words.join(" ")).text),
            None => self.flag(
                FlagKind::DynamicCode,
                span,
                format!("{program} {form} types text known only at run time"),
            ),
        }
        for text in texts {
            let code: String = text
                .chars()
                .map(|c| if c.is_control() && c != '\t' { '\n' } else { c })
                .collect();
            self.run_by(&code, span, program, via, ctx);
        }
    }

    /// The project files `program` reads as code by their fixed names (`programs::project_code`)
    /// that the line wrote: Python and Ruby files are the unit's script (read by the one-liner
    /// check, several joined), the shell lines of the others (justfile recipes, Taskfile
    /// `cmds`, tox `commands`, mise tasks) are read as code the program runs
    /// (`task_files.rs`), what that reading cannot see through flagged.
    pub(super) fn project_code(
        &mut self,
        code: crate::programs::ProjectCode,
        args: &[ArgW],
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        use crate::programs::ProjectLang;
        let span = args[0].arg.span;
        let mut script = String::new();
        // The project file an option names instead (`just -f FILE`, `task -t FILE`, `tox -c
        // FILE`, `rake -f FILE`: the options the program's table gives the configuration role),
        // read with the one argument parser; a process substitution is what it prints.
        let mut files = Vec::new();
        let mut named = false;
        if let Some(table) = tables::builtin(program).filter(|t| t.config.iter().next().is_some()) {
            let words: Vec<Arg> = args.iter().skip(1).map(|a| a.arg.clone()).collect();
            let parsed = args::parse_args(&table, &words, false);
            for o in &parsed.opts {
                if table.role(o) != Some(args::Role::Config) {
                    continue;
                }
                named = true;
                let found = match (o.value.as_deref(), o.value_at.and_then(|k| args.get(1 + k))) {
                    (Some(value), _) if super::nested::names_stdin(value) => {
                        ctx.feed.clone().map(|f| (value.to_owned(), f))
                    }
                    (Some(value), _) => self.written_any(value).map(|f| (value.to_owned(), f)),
                    (None, Some(a)) => self.file_feed(a).map(|f| ("<(…)".to_owned(), f)),
                    (None, None) => None,
                };
                files.extend(found);
            }
        }
        if !named {
            files = self.written_where(|p| code.reads(p));
        }
        for (path, feed) in files {
            let Some(text) = self.written_code(&path, feed, span, program) else {
                continue;
            };
            let read = match code.lang {
                ProjectLang::Python | ProjectLang::Ruby => {
                    script.push_str(&text);
                    script.push('\n');
                    continue;
                }
                ProjectLang::Just => super::task_files::justfile(&text),
                ProjectLang::Taskfile => super::task_files::taskfile(&text),
                ProjectLang::ToxIni => super::task_files::tox_ini(&text),
                ProjectLang::Mise => super::task_files::mise_toml(&text),
            };
            self.run_read(&read, &format!("`{path}`"), span, program, via, ctx);
        }
        if !script.is_empty() {
            self.script_text = Some((span, script));
        }
    }

    /// The commands of makefile `text` read as code `program` runs.
    fn makefile_code(&mut self, text: &str, span: Span, program: &str, via: &[String], ctx: &Ctx) {
        let read = super::makefile::read(text);
        self.run_read(&read, "makefile text", span, program, via, ctx);
    }

    /// The commands read from a file `program` runs (`what`, for the flag of what the reading
    /// could not see through) read as code it runs.
    fn run_read(
        &mut self,
        read: &super::makefile::MakeText,
        what: &str,
        span: Span,
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        for command in &read.commands {
            self.run_by(command, span, program, via, ctx);
        }
        if let Some(why) = &read.opaque {
            self.flag(
                FlagKind::UnsupportedSyntax,
                span,
                format!("{program}: {what} from the line not fully read ({why})"),
            );
        }
    }

    /// npm, pnpm, yarn and bun run scripts of the `package.json` in the directory they run in:
    /// the one named (`npm run build`, `npm test`, `npm start`, `yarn build`, `pnpm lint`, `bun
    /// run dev`) with its `pre` and `post` scripts, and the install scripts of the package itself
    /// (`npm install` or `npm ci` with no package named, a bare `yarn`). When the line wrote
    /// that `package.json` with text known on the line, those scripts are read as code the
    /// package manager runs (`echo '{"scripts":{"test":"rm -rf ~"}}' > package.json && npm
    /// test`); text known only at run time is flagged, and a word known only at run time
    /// makes every script one that may run. A word that moves to another package
    /// (`--prefix`, `-C`, `--dir`, `--cwd`, `--filter`, `-w`, `--workspace`) leaves the scripts
    /// unread: the package.json read is not the one the line wrote.
    pub(super) fn package_scripts(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        let mut words = Vec::new();
        // A word known only at run time may name any script (`npm run "$S"`): all are read.
        let mut any_script = false;
        for a in &args[1..] {
            let Some(w) = a.arg.exact() else {
                any_script = true;
                continue;
            };
            if matches!(
                w.split('=').next().unwrap_or(w),
                "--prefix" | "-C" | "--dir" | "--cwd" | "--filter" | "-F" | "-w" | "--workspace"
            ) {
                return;
            }
            if !w.starts_with('-') {
                words.push(w);
            }
        }
        let Some(feed) = self.written_any("package.json") else {
            return;
        };
        let span = args[0].arg.span;
        let Feed::Static(text, _) = feed else {
            self.flag(
                FlagKind::DynamicCode,
                span,
                format!("{program} runs scripts of a package.json the line wrote with text known only at run time"),
            );
            return;
        };
        let Ok(serde_json::Value::Object(package)) = serde_json::from_str(&text) else {
            return;
        };
        let Some(serde_json::Value::Object(scripts)) = package.get("scripts") else {
            return;
        };
        let named: Vec<String> = match (words.first().copied(), words.get(1).copied()) {
            _ if any_script => scripts.keys().cloned().collect(),
            (Some("run" | "run-script" | "rum" | "urn"), Some(name)) => vec![name.to_owned()],
            (Some("test" | "t" | "tst"), _) => vec!["test".to_owned()],
            (Some(verb @ ("start" | "stop" | "restart")), _) => vec![verb.to_owned()],
            (Some("install" | "i" | "ci"), None) => {
                INSTALL.iter().map(|s| (*s).to_owned()).collect()
            }
            (None, None) if program == "yarn" => INSTALL.iter().map(|s| (*s).to_owned()).collect(),
            // yarn, pnpm and bun run a script named by their first word.
            (Some(name), _) if program != "npm" && scripts.contains_key(name) => {
                vec![name.to_owned()]
            }
            _ => Vec::new(),
        };
        let mut names = Vec::new();
        for n in named {
            if INSTALL.contains(&n.as_str()) {
                names.push(n);
            } else {
                names.extend([format!("pre{n}"), n.clone(), format!("post{n}")]);
            }
        }
        for name in names {
            let Some(serde_json::Value::String(code)) = scripts.get(&name) else {
                continue;
            };
            if self.running_scripts.contains(&name) {
                continue;
            }
            self.running_scripts.push(name);
            self.run_by(code, span, program, via, ctx);
            self.running_scripts.pop();
        }
    }

    /// `make CC=CMD`, `make SHELL=PROG`: an operand assigning one of the program catalogue's
    /// command variables (`programs::environment::is_command_var`) gives make's recipes a command to run
    /// (`$(CC) -c x.c`, every recipe line through `PROG -c`): analysed as code make runs.
    pub(super) fn make_variables(
        &mut self,
        args: &[ArgW],
        program: &str,
        via: &[String],
        ctx: &Ctx,
    ) {
        let parsed = self.read_options(args, program);
        for a in parsed.operands.iter().filter_map(|&i| args.get(1 + i)) {
            let Some(v) = a.arg.exact() else {
                continue;
            };
            let Some((name, value)) = v.split_once('=') else {
                continue;
            };
            let name = name.strip_suffix([':', '+', '?', '!']).unwrap_or(name);
            if super::wrappers::is_variable_name(name)
                && crate::programs::environment::is_command_var(name)
            {
                self.run_by(value, a.arg.span, program, via, ctx);
            }
        }
    }
}

/// The scripts of its own package.json a bare install (`npm install`, `npm ci`, `yarn`) runs.
const INSTALL: [&str; 7] = [
    "preinstall",
    "install",
    "postinstall",
    "prepublish",
    "preprepare",
    "prepare",
    "postprepare",
];

/// What one line read by sqlite3 runs.
#[derive(Debug, PartialEq, Eq)]
enum SqliteMeta {
    /// A command line, run through `system()` or `popen()`.
    Code(String),
    /// Something runs that the line does not name (why).
    Opaque(&'static str),
    /// Nothing.
    None,
}

/// The words of a sqlite3 dot-command line, as sqlite3 splits them: at blanks, with `'…'`
/// taken literally and `"…"` with backslash escapes kept as written.
fn sqlite_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let Some(&c) = chars.peek() else {
            break;
        };
        let mut w = String::new();
        if c == '\'' || c == '"' {
            chars.next();
            while let Some(ch) = chars.next() {
                if ch == c {
                    break;
                }
                if c == '"' && ch == '\\' {
                    if let Some(n) = chars.next() {
                        w.push(n);
                    }
                    continue;
                }
                w.push(ch);
            }
        } else {
            while let Some(ch) = chars.next_if(|c| !c.is_whitespace()) {
                w.push(ch);
            }
        }
        words.push(w);
    }
    words
}

/// The program a sqlite3 line runs (see [`Walker::sqlite_code`]). A dot-command name may be
/// abbreviated (`.sh` for `.shell`); two letters at least are read as one.
fn sqlite_meta(line: &str) -> SqliteMeta {
    let Some(meta) = line.trim_start().strip_prefix('.') else {
        return SqliteMeta::None;
    };
    let words = sqlite_words(meta);
    let Some(name) = words.first().map(String::as_str) else {
        return SqliteMeta::None;
    };
    let is = |full: &str| name.len() >= 2 && full.starts_with(name);
    if is("shell") || is("system") {
        // sqlite3 joins the words, quoting those with a space in them.
        let code = words[1..]
            .iter()
            .map(|w| {
                if w.contains(' ') {
                    format!("\"{w}\"")
                } else {
                    w.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        return SqliteMeta::Code(code);
    }
    if is("load") {
        return SqliteMeta::Opaque("sqlite3 .load loads a library's code");
    }
    if is("excel") {
        return SqliteMeta::Opaque("sqlite3 .excel opens the output with a program of the system");
    }
    if is("once") || is("output") || is("import") || is("read") {
        let rest = &words[1..];
        if (is("once") || is("output")) && rest.iter().any(|w| w == "-x" || w == "-e") {
            return SqliteMeta::Opaque(
                "sqlite3 .once -x/-e opens the output with a program of the system or the editor",
            );
        }
        if let Some(code) = rest.iter().find_map(|w| w.strip_prefix('|')) {
            return SqliteMeta::Code(code.to_owned());
        }
        if is("read") && rest.first().is_some_and(|f| f != "/dev/null") {
            return SqliteMeta::Opaque(
                "sqlite3 .read runs the dot-commands of a file (`.shell` runs programs)",
            );
        }
    }
    SqliteMeta::None
}

/// sqlite3's dot-commands that only print what the database's schema holds: its tables,
/// indexes, attached databases, header, and the `CREATE` text. Each reads the schema table and
/// runs none of the schema's SQL; `.tables`, `.indexes` and `.schema` take a name pattern.
/// Left out: every other dot-command (`.shell`, `.system`, `.output`, `.once`, `.load`,
/// `.import`, `.read`, `.save`, `.backup`, `.restore`, `.open`, `.excel`, `.cd`, `.log`,
/// `.trace`, `.clone`, `.archive`, `.dump`, which selects every table's rows, `.dbconfig`,
/// which changes the connection) and abbreviations (`.ta`).
const SQLITE_SCHEMA_DOT_COMMANDS: &[&str] = &[
    "tables",
    "schema",
    "fullschema",
    "indexes",
    "indices",
    "databases",
    "dbinfo",
];

/// Is a word sqlite3 reads as a command line (an operand after the database) not proven to
/// only print the schema? Proven: one of [`SQLITE_SCHEMA_DOT_COMMANDS`], with arguments of
/// letters, digits, `_`, `%` and `-` (a name pattern, `--indent`), on one line; or a plain word
/// of letters, digits and `_`, `.`, `/`, `+`, `-` that does not begin with `.` (or begins with
/// `./`, `../`, a dot-command name none has): as the database
/// a file name, and as SQL at most a keyword statement (`VACUUM`, `ANALYZE`, `REINDEX`) that a
/// `-readonly` connection refuses (no quote, parenthesis, space or `;` to write more). Anything
/// else is unproven: other dot-commands, SQL (`ATTACH` creates files, `writefile()`,
/// `load_extension()`, `edit()`), a `file:` URI with its own open mode.
pub(crate) fn sqlite_unproven(word: &str) -> bool {
    let plain = |w: &str, extra: &[char]| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || extra.contains(&c))
    };
    // `./app.db`, `../app.db`: as a dot-command, a name none begins with (an error).
    let path = word.starts_with("./") || word.starts_with("../");
    let Some(meta) = word.strip_prefix('.').filter(|_| !path) else {
        return !plain(word, &['.', '/', '+', '-']);
    };
    if word.contains(['\n', '\r']) {
        return true;
    }
    let mut words = meta.split([' ', '\t']).filter(|w| !w.is_empty());
    let Some(name) = words.next() else {
        return true;
    };
    !(meta.starts_with(|c: char| c.is_ascii_alphabetic())
        && SQLITE_SCHEMA_DOT_COMMANDS.contains(&name)
        && words.all(|w| plain(w, &['%', '-'])))
}

/// What one line of an ed script runs.
#[derive(Debug, PartialEq, Eq)]
enum EdLine<'a> {
    /// A shell command.
    Code(&'a str),
    /// A global command with a `!` in it: not read.
    Opaque,
    /// Nothing.
    None,
}

/// The shell command of an ed command line: after an address (line numbers, `.`, `$`, `,`,
/// `;`, `+`, `-`, `'x` marks, `/RE/`, `?RE?`), `!CMD`, or `r`, `w`, `W`, `e`, `E` with
/// `!CMD` as the file.
fn ed_command(line: &str) -> EdLine<'_> {
    let b = line.as_bytes();
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'0'..=b'9' | b'.' | b'$' | b',' | b';' | b'+' | b'-' | b' ' | b'\t' => k += 1,
            b'\'' => k += 2,
            d @ (b'/' | b'?') => {
                k += 1;
                while k < b.len() && b[k] != d {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
                k += 1;
            }
            _ => break,
        }
    }
    let Some(rest) = line.get(k.min(line.len())..) else {
        return EdLine::None;
    };
    if let Some(code) = rest.strip_prefix('!') {
        return EdLine::Code(code);
    }
    let mut chars = rest.chars();
    match chars.next() {
        Some('r' | 'w' | 'W' | 'e' | 'E') => {
            let file = chars.as_str().trim_start_matches('q').trim_start();
            match file.strip_prefix('!') {
                Some(code) => EdLine::Code(code),
                None => EdLine::None,
            }
        }
        Some('g' | 'v' | 'G' | 'V') if rest.contains('!') => EdLine::Opaque,
        _ => EdLine::None,
    }
}

/// What a gdb command runs.
#[derive(Debug, PartialEq, Eq)]
enum GdbCommand<'a> {
    /// A shell command.
    Code(&'a str),
    /// Python code (`python CODE`, `pi CODE`), which gdb's own interpreter runs.
    Python(&'a str),
    /// Code in another language, or a form not read (why).
    Opaque(&'static str),
    /// Nothing.
    None,
}

/// The Ex commands vim takes from its arguments (`words`, the program left out), each with the
/// index of the word that holds it: the value of `-c` and `--cmd` (the next word), a `+CMD`
/// word, and the value of `c` ending a bundle of letters (`ex -sc CMD`, `vim -esc CMD`) or
/// attached to it (`vim -Nc'CMD'`): vim reads an option word letter by letter, and `c` takes
/// the rest of the word, or the next word when the rest is empty. Options end at `--`.
pub(crate) fn vim_commands<'a>(words: &[&'a str]) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(&w) = words.get(k) {
        if w == "--" {
            break;
        }
        if let Some(command) = w.strip_prefix('+') {
            out.push((k, command));
        } else if w == "--cmd" {
            out.extend(words.get(k + 1).map(|n| (k + 1, *n)));
            k += 1;
        } else if let Some(letters) = w.strip_prefix('-').filter(|l| !l.starts_with('-'))
            && let Some(at) = letters.find('c')
            && letters[..at].bytes().all(|b| b.is_ascii_alphabetic())
        {
            match &letters[at + 1..] {
                "" => {
                    out.extend(words.get(k + 1).map(|n| (k + 1, *n)));
                    k += 1;
                }
                attached => out.push((k, attached)),
            }
        }
        k += 1;
    }
    out
}

/// The shell command an Ex command runs: what follows its first `!` (`:!CMD`, `:%!CMD`, `:r
/// !CMD`, `:w !CMD`, `:silent !CMD`). Read generously: a `!` that only forces a command
/// (`:wq!`, `:normal! gg`) leaves nothing or a word that is no harm to read as a command.
pub(crate) fn vim_shell_command(command: &str) -> Option<&str> {
    let at = command.find('!')?;
    Some(command[at + 1..].trim()).filter(|c| !c.is_empty())
}

/// The shell command of a gdb command (see [`Walker::gdb_code`]).
fn gdb_command(command: &str) -> GdbCommand<'_> {
    let c = command.trim_start();
    if let Some(code) = c.strip_prefix('!') {
        return GdbCommand::Code(code);
    }
    // gdb's command name: letters, digits, `-`, `_`, `.` (`make;id` is `make` with `;id`).
    let end = c
        .find(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_' | '.')))
        .unwrap_or(c.len());
    let (word, rest) = (&c[..end], c[end..].trim_start());
    let word_of = |full: &str, min: usize| word.len() >= min && full.starts_with(word);
    if word_of("shell", 3) {
        return GdbCommand::Code(rest);
    }
    if word == "|" || word_of("pipe", 4) || c.starts_with('|') {
        let body = c.strip_prefix('|').unwrap_or(rest).trim_start();
        if body.starts_with("-d") {
            return GdbCommand::Opaque("gdb pipe with its own delimiter: the command is not read");
        }
        // `| GDBCMD | CMD`: the shell command is after the gdb command's `|`.
        return match body.split_once('|') {
            Some((_, code)) => GdbCommand::Code(code),
            None => GdbCommand::Code(body),
        };
    }
    if word == "make" {
        // gdb runs `make ARGS` through the shell.
        return GdbCommand::Code(c);
    }
    if word_of("make", 3) {
        return GdbCommand::Opaque("gdb runs make (an abbreviated `make` command)");
    }
    if word_of("target", 3) && rest.contains('|') {
        // `target remote | CMD`: gdb talks to the program CMD starts.
        return GdbCommand::Code(rest.split_once('|').map_or("", |(_, code)| code));
    }
    if word_of("source", 2) {
        return GdbCommand::Opaque("gdb runs the commands of a file (`source FILE`)");
    }
    if word_of("edit", 3) {
        return GdbCommand::Opaque("gdb `edit` starts the editor ($EDITOR)");
    }
    if word_of("interpreter-exec", 5) {
        return GdbCommand::Opaque("gdb runs commands of another interpreter: not read");
    }
    if (word_of("python", 2) || word_of("python-interactive", 2) || word == "pi")
        && !rest.is_empty()
    {
        return GdbCommand::Python(rest);
    }
    if word_of("python", 2)
        || word_of("python-interactive", 2)
        || word == "pi"
        || word_of("guile", 2)
        || word == "gu"
    {
        return GdbCommand::Opaque(
            "gdb runs Python or Guile code: the programs it runs are not read",
        );
    }
    GdbCommand::None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_lines() {
        let code = |s: &str| SqliteMeta::Code(s.to_owned());
        let cases = [
            (".shell id", code("id")),
            (".system ls -l", code("ls -l")),
            (".sh 'rm -rf' x", code("\"rm -rf\" x")),
            (".once '|id'", code("id")),
            (".output |cat", code("cat")),
            (".import '|curl x' t", code("curl x")),
            (".tables", SqliteMeta::None),
            ("select 1", SqliteMeta::None),
            (".show", SqliteMeta::None),
        ];
        for (line, want) in cases {
            assert_eq!(sqlite_meta(line), want, "{line}");
        }
        assert!(matches!(sqlite_meta(".load x.so"), SqliteMeta::Opaque(_)));
        assert!(matches!(sqlite_meta(".once -x"), SqliteMeta::Opaque(_)));
        assert!(matches!(sqlite_meta(".read x.sql"), SqliteMeta::Opaque(_)));
        assert_eq!(sqlite_meta(".read /dev/null"), SqliteMeta::None);
    }

    #[test]
    fn sqlite_schema_reads() {
        for word in [
            ".tables",
            ".schema",
            ".schema --indent users",
            ".tables user%",
            ".indexes t",
            ".databases",
            ".dbinfo",
            "app.db",
            "data/app.sqlite3",
            "../x/app.db",
            "./app.db",
            "VACUUM",
        ] {
            assert!(!sqlite_unproven(word), "{word}");
        }
        for word in [
            ".shell id",
            ".system id",
            ".output x",
            ".once x",
            ".load x.so",
            ".import x t",
            ".read x.sql",
            ".save x",
            ".backup x",
            ".restore x",
            ".open x",
            ".excel",
            ".cd /",
            ".log x",
            ".trace x",
            ".clone x",
            ".dump",
            ".dbconfig load_extension on",
            ".ta",
            ". tables",
            ".tables\n.shell id",
            ".tables '|id'",
            ".schema x;",
            "SELECT 1",
            "ATTACH 'x.db' AS x",
            "select writefile('x','y')",
            "file:app.db?mode=rwc",
            ":memory:",
            "",
            ".",
            "./app db",
            "../x;",
        ] {
            assert!(sqlite_unproven(word), "{word}");
        }
    }

    /// vim's Ex commands: `-c`, `--cmd`, `+CMD`, a bundle ending in `c` (the rest of the word or
    /// the next one); nothing after `--`.
    #[test]
    fn vim_arguments() {
        type Case<'a> = (&'a [&'a str], &'a [(usize, &'a str)]);
        let cases: &[Case] = &[
            (&["-sc", "wq", "f"], &[(1, "wq")]),
            (&["-Nc!id"], &[(0, "!id")]),
            (&["-c", "x", "--", "-sc", "+!id"], &[(1, "x")]),
            (&["--cmd", "x", "+!id", "f"], &[(1, "x"), (2, "!id")]),
            (&["-es", "-c", "!id", "-c", "q"], &[(2, "!id"), (4, "q")]),
            (&["-R", "-n", "f"], &[]),
            (&["-1c", "x"], &[]),
        ];
        for &(words, want) in cases {
            assert_eq!(vim_commands(words), want, "{words:?}");
        }
        assert_eq!(vim_shell_command("!rm -rf ~"), Some("rm -rf ~"));
        assert_eq!(vim_shell_command("%! sort"), Some("sort"));
        assert_eq!(vim_shell_command("r !date"), Some("date"));
        assert_eq!(vim_shell_command("wq!"), None);
        assert_eq!(vim_shell_command("set nu"), None);
    }

    #[test]
    fn ed_lines() {
        let cases = [
            ("!id", EdLine::Code("id")),
            ("1,$!sort", EdLine::Code("sort")),
            ("r !ls", EdLine::Code("ls")),
            ("e !id", EdLine::Code("id")),
            ("/x/w !cat", EdLine::Code("cat")),
            ("w out.txt", EdLine::None),
            ("s/a/!/", EdLine::None),
            ("q", EdLine::None),
            ("g/x/!id", EdLine::Opaque),
        ];
        for (line, want) in cases {
            assert_eq!(ed_command(line), want, "{line}");
        }
    }

    #[test]
    fn gdb_commands() {
        let cases = [
            ("shell id", GdbCommand::Code("id")),
            ("she ls", GdbCommand::Code("ls")),
            ("!id", GdbCommand::Code("id")),
            ("pipe bt | grep x", GdbCommand::Code(" grep x")),
            ("| bt | wc -l", GdbCommand::Code(" wc -l")),
            ("info functions", GdbCommand::None),
            ("show version", GdbCommand::None),
            ("run", GdbCommand::None),
            ("make -C x", GdbCommand::Code("make -C x")),
            ("make;id", GdbCommand::Code("make;id")),
            ("shell;id", GdbCommand::Code(";id")),
            ("target remote | id", GdbCommand::Code(" id")),
            ("target remote :1234", GdbCommand::None),
            ("echo hi", GdbCommand::None),
            ("python import os", GdbCommand::Python("import os")),
            ("pi print(1)", GdbCommand::Python("print(1)")),
        ];
        for (c, want) in cases {
            assert_eq!(gdb_command(c), want, "{c}");
        }
        for c in [
            "python",
            "guile (system \"id\")",
            "source x.gdb",
            "so x",
            "edit main",
            "interpreter-exec mi x",
        ] {
            assert!(matches!(gdb_command(c), GdbCommand::Opaque(_)), "{c}");
        }
    }
}
