//! Deciding a command: each unit against the rules (by tier), the checks and the analyzer's
//! flags, then the modes (see the module documentation of [`crate::policy`] for the order).

use std::path::{Path, PathBuf};

use super::options;
use super::rule::MatchInput;
use super::{
    Decision, Mode, Operation, Origin, Policy, Reason, Risk, Rule, Source, UnitVerdict, Verdict,
    dynamic_reads, help, lazy, paths, pattern, rule, untrusted_note,
};
use crate::analyze::{Analysis, FlagKind, Unit, analyze};
use crate::ast::Span;
use crate::checks::workdir::Resolver;
use crate::checks::{self, CheckCtx};

/// What one unit gathers in [`Policy::decide`] before it is decided.
struct UnitState<'p> {
    /// Its reasons: rules, checks, paths.
    reasons: Vec<Reason>,
    /// An ask that no allow rule loosens: checks, paths, internal errors.
    hard: bool,
    /// Every hard reason is an edit (for `acceptEdits`).
    edit_only: bool,
    /// It writes a file.
    writes: bool,
    /// The built-in groups it uses, found once.
    groups: Vec<&'p Policy>,
    /// Why no allow rule could match whatever its other conditions: an option the program's
    /// closed table does not name, or one that writes, runs code or reaches the network.
    option_note: Option<String>,
    /// Its words read through the program's option table, once.
    parsed: Option<options::Parsed>,
}

impl UnitState<'_> {
    /// A reason no allow rule loosens and that is not an edit: a path's or a check's ask.
    fn push_hard(&mut self, r: Reason) {
        self.hard = true;
        self.edit_only = false;
        self.reasons.push(r);
    }
}

/// What the analyzer's flags mean, by default. Never allow; opaque flags cannot be ignored.
pub(super) fn default_flag_decision(kind: FlagKind) -> Option<(Decision, Risk)> {
    match kind {
        FlagKind::ParseError
        | FlagKind::UnsupportedSyntax
        | FlagKind::TooDeep
        | FlagKind::TooLong
        | FlagKind::CommandPositionExpansion
        | FlagKind::DynamicCode
        | FlagKind::PipeToShell
        | FlagKind::UnicodeConfusable
        | FlagKind::GitConfigCommand
        | FlagKind::IfsManipulation => Some((Decision::Ask, Risk::High)),
        FlagKind::Source => Some((Decision::Ask, Risk::Medium)),
        FlagKind::CommandSubstitution
        | FlagKind::ProcessSubstitution
        | FlagKind::ParameterExpansion
        | FlagKind::ArithmeticExpansion
        | FlagKind::Eval
        | FlagKind::NestedShell
        | FlagKind::Heredoc
        | FlagKind::Herestring
        | FlagKind::Redirection
        | FlagKind::Background
        | FlagKind::Chaining
        | FlagKind::Pipeline
        | FlagKind::Subshell
        | FlagKind::FunctionDefinition
        | FlagKind::EndlessLoop
        | FlagKind::Glob
        | FlagKind::BraceExpansion
        | FlagKind::AnsiCQuoting
        | FlagKind::LineContinuation => None,
    }
}

fn flag_message(kind: FlagKind, detail: &str) -> String {
    let what = match kind {
        FlagKind::ParseError => "shclass could not parse this, so it cannot see what would run",
        FlagKind::UnsupportedSyntax => {
            "shclass does not model this syntax, so it cannot see what would run"
        }
        FlagKind::TooDeep => {
            "nested too deep: shclass did not look inside, so it cannot see what would run"
        }
        FlagKind::TooLong => "over a size limit: shclass did not analyse all of it",
        FlagKind::CommandPositionExpansion => {
            "the program name is computed at run time: shclass cannot see what would run"
        }
        FlagKind::DynamicCode => {
            "code computed at run time will be executed: shclass cannot see what would run"
        }
        FlagKind::PipeToShell => {
            "a shell or interpreter runs code produced at run time: shclass cannot see what would run"
        }
        FlagKind::UnicodeConfusable => {
            "non-ASCII or invisible characters in a program name or option"
        }
        FlagKind::GitConfigCommand => "git configuration that runs a command",
        FlagKind::IfsManipulation => "IFS is changed, which changes how words split",
        FlagKind::Source => "runs a file in the current shell; shclass cannot see its contents",
        _ => kind.name(),
    };
    if detail.is_empty() {
        what.to_owned()
    } else {
        format!("{what} ({detail})")
    }
}

impl Policy {
    /// The reason auto and bypass mode give for an ask they keep: a person's own ask, or a
    /// write to a file that decides what later runs.
    pub(crate) fn kept_ask(
        &self,
        decision: Decision,
        risk: Risk,
        span: Span,
        unit: Option<usize>,
    ) -> Reason {
        let mode = self.mode.name();
        Reason::mode(
            decision,
            risk,
            mode,
            format!(
                "{mode} mode keeps this ask: a person's own ask, or a write to a file that decides what later runs, is asked in every mode"
            ),
            span,
            unit,
        )
    }

    /// Classify a command line.
    pub fn classify(&self, input: &str) -> Verdict {
        let analysis = analyze(input, &self.limits);
        self.decide(analysis)
    }

    /// Decide an analysis.
    pub fn decide(&self, analysis: Analysis) -> Verdict {
        let mut cx = CheckCtx::new(&analysis, &self.cwd);
        if let Some(dir) = &self.start_dir {
            cx.start = dir;
        }
        cx.memo = self.snapshot.is_some().then_some(&self.memo);
        cx.look = crate::files::Look::from(self.snapshot.as_ref());
        let mut global: Vec<Reason> = Vec::new();
        // The name of a unit's subcommand group (`git commit`), built in one reused buffer.
        let mut group_key = String::new();
        let dash_names = dash_names_possible(&analysis, || {
            let dir = self.start_dir.as_deref().unwrap_or(&self.cwd);
            if self.snapshot.is_some() {
                *self.dash_names.get_or_init(|| holds_dash_name(dir))
            } else {
                holds_dash_name(dir)
            }
        });
        // Rules. What each unit gathers before it is decided: exactly one state per unit (a
        // map, so no unit can be skipped and shift the others' indices).
        let mut states: Vec<UnitState> = analysis
            .units
            .iter()
            .enumerate()
            .map(|(i, unit)| self.rule_state(i, unit, dash_names, &mut group_key))
            .collect();
        // What the rules say of a unit's output (a rule tagged `secret-output`: it may hold
        // secrets), for the checks that follow output to the network.
        cx.secret_output = states
            .iter()
            .map(|state| {
                state
                    .reasons
                    .iter()
                    .filter(|r| r.decision >= Decision::Ask)
                    .find(|r| self.has_tag(&r.rule, "secret-output", &state.groups))
                    .and_then(|r| r.rule.rule_id().map(str::to_owned))
            })
            .collect();
        let findings = checks::run_all(&cx);
        // Checks: their asks are not loosened by allow rules.
        for (id, f) in findings {
            let reason = Reason {
                decision: f.decision,
                risk: f.risk,
                rule: Origin::Check(id),
                source: Source::Builtin,
                message: f.message.into(),
                span: f.span,
                unit: f.unit,
                suggest: None,
            };
            match f.unit.and_then(|u| states.get_mut(u)) {
                Some(state) => {
                    state.hard = true;
                    if !f.edit {
                        state.edit_only = false;
                    }
                    state.reasons.push(reason);
                }
                None => global.push(reason),
            }
        }
        self.add_path_reasons(&cx, &mut states);
        global.extend(self.flag_reasons(&analysis));
        let opaque = analysis.is_opaque();
        let mut units = Vec::with_capacity(analysis.units.len());
        for (i, (unit, state)) in analysis.units.iter().zip(states).enumerate() {
            let writes = state.writes;
            let mut uv = self.decide_unit(unit, i, state);
            if uv.read_only && !writes {
                uv.operation = Operation::Read;
            }
            units.push(uv);
        }
        let mut all: Vec<Reason> = Vec::new();
        let mut decision = Decision::Allow;
        for u in &units {
            decision = decision.max(u.decision);
        }
        for g in &mut global {
            g.decision = self.apply_mode_global(
                g.decision,
                matches!(g.rule, Origin::Flag(kind) if is_opaque_flag(kind)) || g.lasting_ask(),
            );
            decision = decision.max(g.decision);
        }
        if analysis.units.is_empty() && global.is_empty() {
            // Nothing would run (empty input, comments): nothing to refuse.
            decision = Decision::Allow;
        }
        for u in &units {
            if u.decision == decision {
                all.extend(
                    u.reasons
                        .iter()
                        .filter(|r| r.decision >= decision || decision == Decision::Allow)
                        .cloned(),
                );
            }
        }
        all.extend(global.iter().filter(|g| g.decision == decision).cloned());
        if opaque && decision == Decision::Allow {
            // Defence in depth: an opaque analysis is never allowed.
            decision = Decision::Ask;
            all.push(Reason {
                decision: Decision::Ask,
                risk: Risk::High,
                rule: Origin::Engine("opaque"),
                source: Source::Builtin,
                message: "shclass could not see everything that would run".into(),
                span: Span::new(0, analysis.input.len()),
                unit: None,
                suggest: None,
            });
        }
        if decision == Decision::Ask && !self.untrusted.files.is_empty() {
            self.note_untrusted(&analysis, &mut units, &mut all);
        }
        all.sort_by(|a, b| {
            b.decision
                .cmp(&a.decision)
                .then(b.risk.cmp(&a.risk))
                .then(a.span.cmp(&b.span))
        });
        all.dedup();
        let risk = all
            .iter()
            .filter(|r| r.decision == decision)
            .map(|r| r.risk)
            .max()
            .unwrap_or(Risk::Low);
        Verdict {
            decision,
            risk,
            mode: self.mode,
            analysis,
            units,
            reasons: all,
        }
    }

    /// What the rules say about one unit (its built-in groups looked up once, its options
    /// parsed once), and the help-text allow where the unit only asks for help.
    fn rule_state<'p>(
        &'p self,
        i: usize,
        unit: &Unit,
        dash_names: bool,
        group_key: &mut String,
    ) -> UnitState<'p> {
        // The program's built-in group, looked up once for its options and its rules.
        let own = unit.program.as_deref().map(|p| (p, self.named_group(p)));
        let (spec, parsed) = self.parse_unit(unit);
        let mut input = MatchInput::new(unit, &parsed, &self.cwd);
        input.dash_names = dash_names;
        let groups = own.map_or_else(Vec::new, |(_, own)| {
            self.groups_for(own, unit, &parsed, group_key)
        });
        let mut state = UnitState {
            reasons: Vec::new(),
            hard: false,
            edit_only: true,
            writes: false,
            groups: Vec::new(),
            option_note: option_note(unit, &parsed),
            parsed: None,
        };
        if let Some(r) = load_failure(&groups, unit.span, i) {
            state.hard = true;
            state.reasons.push(r);
        }
        // Which reasons come from rules about a wrapper (`package-runner`: `npx prettier
        // --version` downloads and runs the package first), kept when the unit asks for help.
        let mut about_wrapper = vec![false; state.reasons.len()];
        for rule in self.unit_candidates(unit, &parsed, &groups) {
            if rule.matches(&input) {
                about_wrapper.push(rule.about_wrapper());
                state
                    .reasons
                    .push(rule_reason(rule, rule.describe(), unit.span, i));
            }
        }
        let (module_groups, module_help) =
            self.module_reasons(i, unit, &parsed, dash_names, &mut state, &mut about_wrapper);
        // `cargo build --help`, `git push --help`, `rm --version`, `gh help pr`: a known
        // program asked for its help text or version runs nothing (`help.rs`). Built-in asks about what the subcommand would do
        // give way; denies, checks, paths and flags still count, and so do asks about a wrapper
        // the unit runs through (`npx cowsay --help`, `uvx ruff --version` fetch and run the
        // package, or a copy in the project's `node_modules/.bin`, before it prints anything).
        // A program with rules of its own (a built-in group of its own or of one of
        // its subcommands, or rules by name when the policy is compiled eagerly); only
        // asked when the unit asks for help.
        let known = || {
            own.is_some_and(|(p, (g, name))| {
                g.is_some()
                    || self.by_program.contains_key(p)
                    || self.by_program.contains_key(crate::programs::base(p))
                    || self.lazy && self.has_subcommands(name)
            })
        };
        // The subcommand must be one the built-in policy knows: `cargo b --help` may be
        // a project alias for `run -- …`, which runs the project with `--help`.
        // A program the help catalogue lists for its help alone is known for that.
        // `-?` is a glob: beside a file named `-x` it is `-x`, not a help request.
        let help = help::asks_for_help(unit, spec.as_deref(), known).is_some_and(|h| match h {
            help::Help::Program => true,
            help::Help::Subcommand(sub) => own.is_some_and(|(p, _)| self.knows_subcommand(p, sub)),
        }) && !(dash_names && unit.args().any(|a| a.glob))
            || module_help;
        if help {
            let mut k = 0;
            state.reasons.retain(|r| {
                let keep = r.source != Source::Builtin
                    || r.decision != Decision::Ask
                    || about_wrapper.get(k).copied().unwrap_or(false);
                k += 1;
                keep
            });
        }
        if help && !state.reasons.iter().any(|r| r.decision == Decision::Allow) {
            state.reasons.push(Reason {
                decision: Decision::Allow,
                risk: Risk::Low,
                rule: Origin::Engine("help-text"),
                source: Source::Builtin,
                message: "asks the program for its help text or version, which runs nothing".into(),
                span: unit.span,
                unit: Some(i),
                suggest: None,
            });
        }
        if reads_input_only(unit) {
            state.reasons.push(Reason {
                decision: Decision::Allow,
                risk: Risk::Low,
                rule: Origin::Engine("input-redirect"),
                source: Source::Builtin,
                message: "opens a file for reading and runs no program (in a command substitution its text is the output)".into(),
                span: unit.span,
                unit: Some(i),
                suggest: None,
            });
        }
        state.groups = groups;
        state.groups.extend(module_groups);
        state.parsed = Some(parsed);
        state
    }

    /// `python3 -m pip list`: a module that is a program of the catalogue is judged by that
    /// program's table and rules as well (`pip list`); the interpreter's own options end at
    /// `-m`, and any other one beside it leaves the module's rules out. Pushes the module's
    /// rule reasons (none about a wrapper) and returns the module program's groups, which join
    /// the unit's (what a reason's rule is tagged, a `read-only` allow, is looked up in them),
    /// and whether the module is asked for its help text.
    fn module_reasons<'p>(
        &'p self,
        i: usize,
        unit: &Unit,
        parsed: &options::Parsed,
        dash_names: bool,
        state: &mut UnitState<'p>,
        about_wrapper: &mut Vec<bool>,
    ) -> (Vec<&'p Policy>, bool) {
        let Some((program, module)) = module_unit(unit, parsed) else {
            return (Vec::new(), false);
        };
        let (mspec, mparsed) = self.parse_unit(&module);
        let mut minput = MatchInput::new(&module, &mparsed, &self.cwd);
        minput.dash_names = dash_names;
        let mut key = String::new();
        let mgroups = self.groups_for(self.named_group(program), &module, &mparsed, &mut key);
        for rule in self.unit_candidates(&module, &mparsed, &mgroups) {
            if rule.matches(&minput) {
                about_wrapper.push(false);
                state
                    .reasons
                    .push(rule_reason(rule, rule.describe(), unit.span, i));
            }
        }
        if let Some(r) = load_failure(&mgroups, unit.span, i) {
            state.hard = true;
            state.reasons.push(r);
            about_wrapper.push(false);
        }
        let help = !(dash_names && module.args().any(|a| a.glob))
            && help::asks_for_help(&module, mspec.as_deref(), || true).is_some_and(|h| match h {
                help::Help::Program => true,
                help::Help::Subcommand(sub) => self.knows_subcommand(program, sub),
            });
        (mgroups, help)
    }

    /// The path policy, for the files each unit reads and writes, each resolved against the
    /// working directory as `cd`/`pushd`/`popd` earlier on the line leave it; and the files a
    /// printer opens whose names are known only at run time.
    fn add_path_reasons(&self, cx: &CheckCtx, states: &mut [UnitState<'_>]) {
        let analysis = cx.analysis;
        let dirs = cx.dirs();
        // The descriptors the line's redirects open (`3< f`, `exec 4<> f`); a descriptor named
        // by a variable (`{fd}< f`) may be any number.
        let opened = |n: u64| {
            analysis.units.iter().flat_map(|u| &u.redirects).any(|r| {
                r.fd.as_deref()
                    .is_some_and(|fd| fd.parse::<u64>().map_or(true, |k| k == n))
            })
        };
        for (i, (unit, state)) in analysis.units.iter().zip(states.iter_mut()).enumerate() {
            // Where the unit runs when that is known now, and the links the line made before
            // it.
            let wd = dirs.resolver(i, cx.look);
            let unknown_dir = dirs
                .of(i)
                .iter()
                .any(|d| matches!(d, crate::checks::workdir::DirRef::Unknown(_)));
            let mut unit_paths = if dirs.of(i).moved() {
                moved_reads(unit, i, &wd, unknown_dir, state)
            } else {
                paths::unit_paths_opening(unit, None)
            };
            // Operands a write reaches through a link (`ln -s ~ x; rm -rf x/`): the deny
            // rules are asked again about where they lead.
            let mut through_links: Vec<(usize, PathBuf)> = Vec::new();
            for (access, path, span) in unit_paths.drain(..) {
                let at = UnitPath {
                    i,
                    access,
                    path: &path,
                    span,
                };
                self.judge_path(unit, &at, &wd, &opened, state, &mut through_links);
            }
            // Files a printer opens, and standard input any program reads, whose names are
            // known only at run time.
            if let Some(parsed) = state.parsed.as_ref() {
                for r in dynamic_reads::reasons(cx, i, &parsed.operands) {
                    state.push_hard(r);
                }
            }
            // Files an option's value names, known only at run time (`wc --files0-from="$F"`).
            for r in dynamic_reads::option_reasons(cx, i) {
                state.push_hard(r);
            }
            // Past a link the line made, any operand may be a path through it (`ln -s / r;
            // chmod -R 777 r/`).
            if wd.has_links() {
                for (k, a) in unit.argv.iter().enumerate().skip(1) {
                    if let Some(v) = a.value.as_deref().filter(|v| !v.starts_with('-'))
                        && !a.glob
                        && !through_links.iter().any(|(j, _)| *j == k)
                        && let Some((led, true)) = wd.resolve_parent(v)
                    {
                        through_links.push((k, led));
                    }
                }
            }
            if !through_links.is_empty() {
                for r in self.denied_through_links(unit, i, &through_links) {
                    state.push_hard(r);
                }
            }
        }
    }

    /// Judges one path unit `at.i` opens: a glob it reads or writes through, a directory known
    /// only at run time, a write through a link the line made (noted in `through_links`), an
    /// inherited descriptor, and the path rules and the policy's own files on where it leads.
    fn judge_path(
        &self,
        unit: &Unit,
        at: &UnitPath,
        wd: &Resolver,
        opened: &dyn Fn(u64) -> bool,
        state: &mut UnitState<'_>,
        through_links: &mut Vec<(usize, PathBuf)>,
    ) {
        let UnitPath {
            i,
            access,
            path,
            span,
        } = *at;
        state.writes |= access == paths::Access::Write;
        // Operands read through a glob are the secret-read and link-read checks'.
        let redirect = unit.redirects.iter().any(|r| r.glob && r.span == span);
        let operand = unit.argv.iter().any(|a| a.glob && a.span == span);
        if redirect || operand && access == paths::Access::Write {
            for r in self.glob_path_reasons(access, path, span, i, wd) {
                state.push_hard(r);
            }
        }
        let Some((resolved, looped)) = wd.resolve(path) else {
            state.push_hard(unknown_directory_reason(at));
            return;
        };
        // Only a path whose resolution met a link can lead through one before its last
        // component.
        if access == paths::Access::Write
            && wd.followed_link(path, &resolved)
            && let Some(k) = unit
                .argv
                .iter()
                .position(|a| a.span == span && !a.glob && a.value.as_deref() == Some(path))
            && let Some((led, true)) = wd.resolve_parent(path)
        {
            through_links.push((k, led));
        }
        if access == paths::Access::Read
            && let Some(n) = paths::inherited_descriptor(path, &self.cwd, opened)
        {
            state.push_hard(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-device",
                format!(
                    "reads `{path}`, descriptor {n}, which no redirect of the line opens: it is inherited from whatever started the shell, and what it leads to is not known"
                ),
                span,
                Some(i),
            ));
        }
        let own =
            paths::own_file_resolved(&self.own_files, &self.cwd, access, &resolved, span, Some(i));
        let found = paths::decide_resolved(
            &self.path_rules,
            &self.cwd,
            access,
            path,
            &resolved,
            looped,
            span,
            Some(i),
        );
        // `openssl x509 -in key.pem` prints certificates only: a secret's name there is no
        // disclosure (a device it leads to still is judged).
        let certificate = access == paths::Access::Read
            && paths::certificate_read(unit, span)
            && !resolved.starts_with("/dev")
            && !resolved.starts_with("/proc")
            && !resolved.starts_with("/sys");
        // `mkdir .vscode`: an empty directory (or file) above a start-up file brings none; one
        // that is itself a start-up file is still judged.
        let empty = access == paths::Access::Write
            && paths::makes_empty(unit, span)
            && !crate::files::is_startup(&resolved);
        for r in found.into_iter().chain(own) {
            if r.decision == Decision::Allow {
                continue; // a path allow does not prove the program harmless
            }
            if certificate && r.rule == "read-secret" {
                continue;
            }
            if empty && r.rule == "write-startup-file" {
                continue;
            }
            // No path finding is an edit accept-edits may allow: not even
            // write-outside-workspace, which is found on the resolved path (a link inside the
            // workspace may point out of it).
            state.push_hard(r);
        }
    }

    /// The deny rules that match `unit` with each of `led` (operand index, where it leads
    /// through a link) in place of the operand as written: `rm -rf x/` where `x` leads to the
    /// home directory is `rm -rf ~/`. Only denies: what a link hides is found, never proven.
    fn denied_through_links(&self, unit: &Unit, i: usize, led: &[(usize, PathBuf)]) -> Vec<Reason> {
        let mut moved = unit.clone();
        let mut shown = Vec::new();
        for (k, to) in led {
            let to = to.to_string_lossy();
            if let Some(a) = moved.argv.get_mut(*k) {
                shown.push(format!("`{}` leads to `{to}`", a.template));
                let text: std::sync::Arc<str> = to.as_ref().into();
                a.value = Some(text.clone());
                a.template = text;
                a.tilde = false;
            }
        }
        let own = moved.program.as_deref().map(|p| (p, self.named_group(p)));
        let (_, parsed) = self.parse_unit(&moved);
        let input = MatchInput::new(&moved, &parsed, &self.cwd);
        let mut key = String::new();
        let groups = own.map_or_else(Vec::new, |(_, own)| {
            self.groups_for(own, &moved, &parsed, &mut key)
        });
        self.unit_candidates(&moved, &parsed, &groups)
            .filter(|rule| rule.decision == Decision::Deny && rule.matches(&input))
            .map(|rule| {
                let message = format!("{} (through a link: {})", rule.describe(), shown.join(", "));
                rule_reason(rule, message.into(), unit.span, i)
            })
            .collect()
    }

    /// The rules that may match `unit`: the policy's own and its program's built-in `groups`,
    /// narrowed by its first operand (rules whose first subcommand word is another are not
    /// looked at).
    fn unit_candidates<'a>(
        &'a self,
        unit: &'a Unit,
        parsed: &'a options::Parsed,
        groups: &'a [&'a Policy],
    ) -> impl Iterator<Item = &'a Rule> + 'a {
        let first = parsed
            .operands
            .first()
            .and_then(|&k| unit.argv.get(k))
            .and_then(|a| a.value.as_deref());
        let program = unit.program.as_deref();
        self.candidates(program, first).chain(
            groups
                .iter()
                .flat_map(move |g| g.candidates(program, first)),
        )
    }

    /// A path that is an unquoted glob (`cat < .e?v`, `echo x >> .gi[t]/config`, `cp a
    /// .gi?/config`): bash opens the files it expands to, not a file of that name. Each file it
    /// may expand to now (as bash may match: case folded, a leading dot matched) is judged as
    /// a path of its own, and a read of a pattern that may name a secret asks, as the
    /// secret-read check asks for an operand; a write whose pattern expands to more names than
    /// are looked at asks.
    fn glob_path_reasons(
        &self,
        access: paths::Access,
        pattern: &str,
        span: Span,
        unit: usize,
        wd: &Resolver<'_, '_>,
    ) -> Vec<Reason> {
        let mut out = Vec::new();
        let reason = |rule: &'static str, message: String| {
            Reason::path(Decision::Ask, Risk::High, rule, message, span, Some(unit))
        };
        let Some(dir) = wd.current() else {
            return out;
        };
        if access == paths::Access::Read && crate::files::secret_glob::glob_may_be_secret(pattern) {
            out.push(reason(
                "read-secret",
                format!("the pattern `{pattern}` may match files that hold secrets"),
            ));
            return out;
        }
        let (matches, complete) = crate::checks::link_read::expand(pattern, dir);
        if !complete && access == paths::Access::Write {
            out.push(reason(
                "write-glob",
                format!(
                    "writes the files `{pattern}` expands to, more than are looked at: one may be a protected file"
                ),
            ));
        }
        for m in matches {
            let found = paths::decide_path(
                &self.path_rules,
                &self.cwd,
                access,
                &m.to_string_lossy(),
                span,
                Some(unit),
            );
            for mut r in found {
                if r.decision == Decision::Allow {
                    continue;
                }
                r.message =
                    format!("`{pattern}` expands to `{}`: {}", m.display(), r.message).into();
                out.push(r);
            }
        }
        out
    }

    /// What the analyzer's flags decide: the policy's own flag decisions, else the defaults.
    fn flag_reasons(&self, analysis: &Analysis) -> Vec<Reason> {
        let mut out = Vec::new();
        for flag in &analysis.flags {
            let default = || {
                default_flag_decision(flag.kind)
                    .filter(|_| !self.group)
                    .map(|(d, r)| (Some(d), r, Source::Builtin))
            };
            let Some((Some(decision), risk, source)) =
                self.flags.get(&flag.kind).cloned().or_else(default)
            else {
                continue;
            };
            let unit = analysis
                .units
                .iter()
                .position(|u| u.span.start <= flag.span.start && flag.span.end <= u.span.end);
            out.push(Reason {
                decision,
                risk,
                rule: Origin::Flag(flag.kind.name()),
                source,
                message: flag_message(flag.kind, &flag.detail).into(),
                span: flag.span,
                unit,
                suggest: None,
            });
        }
        out
    }

    /// Say on an asking verdict what untrusted files would have loosened: their allow rules
    /// that match an asking unit, a mode that would allow asks, an ignored flag that fired.
    fn note_untrusted(
        &self,
        analysis: &Analysis,
        units: &mut [UnitVerdict],
        all: &mut Vec<Reason>,
    ) {
        for (i, (unit, uv)) in analysis.units.iter().zip(units.iter_mut()).enumerate() {
            if uv.decision != Decision::Ask || self.untrusted.rules.is_empty() {
                continue;
            }
            let (_, parsed) = self.parse_unit(unit);
            let input = MatchInput::new(unit, &parsed, &self.cwd);
            if let Some(r) = self.untrusted.rules.iter().find(|r| r.matches(&input)) {
                let mut note = untrusted_note(
                    &r.source,
                    &format!("would allow this (`{}`)", r.id),
                    Decision::Ask,
                    unit.span,
                );
                note.unit = Some(i);
                uv.reasons.push(note.clone());
                all.push(note);
            }
        }
        let whole = Span::new(0, analysis.input.len());
        for (source, mode) in &self.untrusted.modes {
            if matches!(mode, Mode::Bypass | Mode::Auto | Mode::AcceptEdits) && *mode != self.mode {
                let what = format!("sets `mode = \"{}\"`", mode.name());
                all.push(untrusted_note(source, &what, Decision::Ask, whole));
            }
        }
        for (source, kind) in &self.untrusted.flags {
            if let Some(f) = analysis.flags.iter().find(|f| f.kind == *kind) {
                let what = format!("lowers `flags.{}`", kind.name());
                all.push(untrusted_note(source, &what, Decision::Ask, f.span));
            }
        }
    }

    /// A reason of no unit under the mode; `keep`: an ask no mode drops (an opaque flag, a
    /// lasting ask).
    fn apply_mode_global(&self, d: Decision, keep: bool) -> Decision {
        match (self.mode, d) {
            (Mode::Bypass | Mode::Auto, Decision::Ask) if !keep => Decision::Allow,
            (Mode::Plan | Mode::Strict, Decision::Ask) => Decision::Deny,
            _ => d,
        }
    }

    fn decide_unit(&self, unit: &Unit, index: usize, state: UnitState<'_>) -> UnitVerdict {
        let UnitState {
            reasons,
            hard,
            edit_only,
            groups,
            option_note,
            parsed,
            ..
        } = state;
        let groups = groups.as_slice();
        let (mut decision, tier) = match self.winning_tier(reasons, hard, groups) {
            Some(won) => won,
            None => (
                Decision::Ask,
                vec![self.no_rule_reason(unit, index, parsed.as_ref(), option_note)],
            ),
        };
        // A command of input redirects alone reads and runs nothing else.
        let read_only = decision == Decision::Allow
            && tier.iter().all(|r| {
                !r.source.is_personal()
                    && (self.has_tag(&r.rule, "read-only", groups)
                        || r.rule == Origin::Engine("input-redirect"))
            });
        let risk = tier.iter().map(|r| r.risk).max().unwrap_or(Risk::Low);
        let mut tier = tier;
        let opaque_unit = unit.program.is_none();
        // A person's own ask, or a write to a file that decides what later runs: no mode
        // drops it (`Reason::lasting_ask`).
        let lasting = decision == Decision::Ask && tier.iter().any(Reason::lasting_ask);
        let before = decision;
        decision = self.with_mode(decision, risk, read_only, !opaque_unit && !lasting, || {
            edit_only && self.is_edit(unit, &tier, groups)
        });
        if decision != before {
            let mode = self.mode.name();
            tier.push(Reason::mode(
                decision,
                risk,
                mode,
                format!("{mode} mode turns {before} into {decision}"),
                unit.span,
                Some(index),
            ));
        }
        if lasting && matches!(self.mode, Mode::Auto | Mode::Bypass) && !opaque_unit {
            tier.push(self.kept_ask(decision, risk, unit.span, Some(index)));
        }
        same_finding_once(&mut tier);
        UnitVerdict {
            decision,
            risk,
            reasons: tier,
            read_only,
            operation: Operation::Act,
        }
    }

    /// The winning tier of a unit's reasons, its own reasons moved, not copied: any deny; an
    /// ask that no allow rule loosens (a check's, a path's) or a person's ask, with the asks
    /// of rules the unit's built-in groups do not hold; a person's allow; any ask; any allow.
    /// None when no reason decides (no rule covers the unit).
    fn winning_tier(
        &self,
        reasons: Vec<Reason>,
        hard: bool,
        groups: &[&Policy],
    ) -> Option<(Decision, Vec<Reason>)> {
        let personal = |r: &&Reason| r.source.is_personal();
        let any = |d: Decision| reasons.iter().any(|r| r.decision == d);
        let personal_any = |d: Decision| reasons.iter().filter(personal).any(|r| r.decision == d);
        let (decision, keep): (Decision, &dyn Fn(&Reason) -> bool) = if any(Decision::Deny) {
            (Decision::Deny, &|r| r.decision == Decision::Deny)
        } else if hard || personal_any(Decision::Ask) {
            (Decision::Ask, &|r| {
                r.decision == Decision::Ask
                    && (r.source.is_personal() || !self.is_rule(&r.rule, groups))
            })
        } else if personal_any(Decision::Allow) {
            (Decision::Allow, &|r| {
                r.source.is_personal() && r.decision == Decision::Allow
            })
        } else if any(Decision::Ask) {
            (Decision::Ask, &|r| r.decision == Decision::Ask)
        } else if any(Decision::Allow) {
            (Decision::Allow, &|r| r.decision == Decision::Allow)
        } else {
            return None;
        };
        Some((decision, reasons.into_iter().filter(|r| keep(r)).collect()))
    }

    /// The ask of a unit no reason decides: no rule covers the program (with why no allow rule
    /// could, `option_note`), or the program is not known until run time.
    fn no_rule_reason(
        &self,
        unit: &Unit,
        index: usize,
        parsed: Option<&options::Parsed>,
        option_note: Option<String>,
    ) -> Reason {
        let message = match unit.program.as_deref() {
            Some(program) => {
                let name = self.command_name(unit, program, parsed);
                match option_note {
                    Some(note) => ["no rule covers `", &name, "` ", &note].concat().into(),
                    None => ["no rule covers `", &name, "`"].concat().into(),
                }
            }
            None => "the program is not known until run time".into(),
        };
        Reason {
            decision: Decision::Ask,
            risk: if unit.program.is_some() {
                Risk::Medium
            } else {
                Risk::High
            },
            rule: Origin::NoRule,
            source: Source::Builtin,
            message,
            span: unit.span,
            unit: Some(index),
            suggest: None,
        }
    }

    /// The unit's decision under the policy's mode: plan allows only what is read-only and
    /// denies the rest; accept-edits allows an ask that is only edits (`edit`); auto allows an
    /// ask below critical and bypass any ask, where `droppable` (neither a lasting ask nor one
    /// of a program known only at run time); strict denies every ask. No mode turns a deny
    /// into allow.
    fn with_mode(
        &self,
        decision: Decision,
        risk: Risk,
        read_only: bool,
        droppable: bool,
        edit: impl FnOnce() -> bool,
    ) -> Decision {
        let ask = decision == Decision::Ask;
        let allowed = match self.mode {
            Mode::Default => false,
            Mode::Plan => {
                return if decision == Decision::Allow && read_only {
                    Decision::Allow
                } else {
                    Decision::Deny
                };
            }
            Mode::AcceptEdits => ask && edit(),
            Mode::Auto => ask && risk < Risk::Critical && droppable,
            Mode::Strict => return if ask { Decision::Deny } else { decision },
            Mode::Bypass => ask && droppable,
        };
        if allowed { Decision::Allow } else { decision }
    }

    /// The rules that could match a unit running `program`: by name (or file name), plus the
    /// rules that name no program.
    /// The program and the subcommand words a no-rule reason names (`gh pr create`, not
    /// `gh`): a program with subcommands (a built-in rule names its first operand, or it is a
    /// subcommand CLI) followed by the leading operands that look like subcommands: two under
    /// a subcommand with subcommands of its own in the catalogue, else one. `parsed` is the
    /// unit read through its option tables when the caller has it.
    fn command_name(&self, unit: &Unit, program: &str, parsed: Option<&options::Parsed>) -> String {
        // With subcommand tables the unit was read past its subcommand; the message names the
        // words as the program's own table reads them.
        let read;
        let parsed = if let Some(p) = parsed.filter(|_| !self.has_subcommand_tables(program)) {
            p
        } else {
            let spec = self.options_for(Some(program));
            read = rule::parse_unit(unit, spec.as_deref());
            &read
        };
        let words = help::subcommand_words(unit, &parsed.operands);
        let Some(&first) = words.first() else {
            return program.to_owned();
        };
        if !help::is_subcommand_cli(program) && !self.knows_subcommand(program, first) {
            return program.to_owned();
        }
        // A second word only under a subcommand with subcommands of its own in the catalogue
        // (`gh pr create`); elsewhere it is an operand (`systemctl status nginx`).
        let nested = |r: &Rule| r.subcommand().len() > 1 && r.subcommand()[0] == first;
        let has_nested = if self.lazy {
            lazy::group(&format!("{program} {first}"))
                .is_some_and(|g| g.candidates(Some(program), Some(first)).any(nested))
        } else {
            self.candidates(Some(program), Some(first)).any(nested)
        };
        let take = if has_nested { 2 } else { 1 };
        let mut out = program.to_owned();
        for w in words.into_iter().take(take) {
            out.push(' ');
            out.push_str(w);
        }
        out
    }

    /// The rules that may match a unit of `program` whose first operand is `subcommand`: the
    /// program's rules (`ProgramRules`) that name no other first subcommand word, then the
    /// rules of any program, each in order.
    pub(super) fn candidates<'a>(
        &'a self,
        program: Option<&str>,
        subcommand: Option<&str>,
    ) -> impl Iterator<Item = &'a Rule> + 'a {
        let own = program.and_then(|p| {
            self.by_program
                .get(p)
                .or_else(|| self.by_program.get(crate::programs::base(p)))
        });
        let (rest, named) = own.map_or((&[][..], &[][..]), |rules| {
            let named = subcommand
                .and_then(|s| rules.by_subcommand.get(s))
                .map_or(&[][..], Vec::as_slice);
            (rules.rest.as_slice(), named)
        });
        merge_sorted(rest, named)
            .chain(self.any_program.iter().copied())
            .filter_map(|r| self.rules.get(r))
    }

    /// A rule by id, among this policy's rules and the built-in group of `program`.
    fn find_rule<'a>(&'a self, id: &str, groups: &[&'a Policy]) -> Option<&'a Rule> {
        let own = if self.group {
            self.rules.iter().find(|r| r.id == id)
        } else {
            self.by_id.get(id).and_then(|&i| self.rules.get(i))
        };
        own.or_else(|| groups.iter().find_map(|g| g.find_rule(id, &[])))
    }

    /// Did one of this policy's rules give the reason?
    fn is_rule(&self, origin: &Origin, groups: &[&Policy]) -> bool {
        origin
            .rule_id()
            .is_some_and(|id| self.find_rule(id, groups).is_some())
    }

    /// Did one of this policy's rules with `tag` give the reason?
    fn has_tag(&self, origin: &Origin, tag: &str, groups: &[&Policy]) -> bool {
        origin.rule_id().is_some_and(|id| {
            self.find_rule(id, groups)
                .is_some_and(|r| r.tags.iter().any(|t| t == tag))
        })
    }

    /// A unit whose only asks are edits (tag `edit` or edit findings) with every operand inside
    /// the workspace.
    fn is_edit(&self, unit: &Unit, tier: &[Reason], groups: &[&Policy]) -> bool {
        // Every reason must be an edit: a rule tagged `edit`, or a check finding (the caller
        // has checked those are edit findings). "No rule covers it" is not an edit.
        let tagged = tier.iter().all(|r| {
            if self.is_rule(&r.rule, groups) {
                self.has_tag(&r.rule, "edit", groups)
            } else {
                !matches!(r.rule, Origin::NoRule | Origin::Flag(_))
            }
        });
        let outside = pattern::ArgPattern::OutsideWorkspace;
        // Operands its runner fills in at run time (`find . -exec sed -i … {} +`, `git ls-files
        // | xargs rm`): which files they name is not known, so no edit of the workspace is
        // proven (the run may reach `.claude/settings.json`, `.git/config` or a git hook).
        let runtime_operands = unit.appended_args
            || unit.context.iter().any(|c| {
                matches!(
                    c,
                    crate::analyze::Context::FindExec | crate::analyze::Context::Xargs
                )
            });
        let inside = !runtime_operands
            && unit
                .args()
                .all(|a| a.value.is_some() && !outside.matches(a, &self.cwd))
            && unit.redirects.iter().all(|r| {
                r.target.as_deref().is_some_and(|t| {
                    !outside.matches(&crate::analyze::Arg::literal(t, r.span), &self.cwd)
                })
            });
        // `ln -s .git/hooks h`, `cp -s ~/.bashrc rc`: a link made to a protected, start-up or
        // secret path is no edit of the workspace: what is later written through it (`cp x
        // h/pre-commit`, which the path policy sees as a file of the workspace, the link not
        // being there yet) changes that path.
        let guarded = |v: &str| {
            let p = crate::files::resolve(v, &self.cwd);
            [p.join("x"), p].iter().any(|q| {
                crate::files::is_protected(q)
                    || crate::files::is_startup(q)
                    || crate::files::is_secret(q)
            })
        };
        let links_guarded =
            makes_links(unit) && unit.args().any(|a| a.value.as_deref().is_some_and(guarded));
        tagged && inside && !links_guarded
    }
}

/// The reason a unit asks when one of its built-in rule groups failed to load: it cannot happen
/// with a tested build; if it does, the unit fails closed.
fn load_failure(groups: &[&Policy], span: Span, i: usize) -> Option<Reason> {
    let err = groups.iter().find_map(|g| g.load_error.as_deref())?;
    Some(Reason {
        decision: Decision::Ask,
        risk: Risk::High,
        rule: Origin::Engine("internal-error"),
        source: Source::Builtin,
        message: format!("built-in rules failed to load: {err}").into(),
        span,
        unit: Some(i),
        suggest: None,
    })
}

/// `python3 -m pip ARGS` as the unit `pip ARGS` ([`crate::programs::module_program`]), when
/// `-m MODULE` is the interpreter's only option and every word is read.
fn module_unit(unit: &Unit, parsed: &options::Parsed) -> Option<(&'static str, Unit)> {
    let interpreter = unit.program.as_deref().map(crate::programs::base)?;
    if !matches!(interpreter, "python" | "python3")
        || parsed.dynamic
        || parsed.odd
        || parsed.unknown.is_some()
    {
        return None;
    }
    let [o] = parsed.opts.as_slice() else {
        return None;
    };
    if o.name != "-m" {
        return None;
    }
    let program = crate::programs::module_program(o.value.as_deref()?)?;
    let at = o.value_at.unwrap_or(o.index);
    let mut name = unit.argv.get(at)?.clone();
    name.value = Some(program.into());
    let mut module = unit.clone();
    module.program = Some(program.to_owned());
    module.path = None;
    module.argv = std::iter::once(name)
        .chain(unit.argv.iter().skip(at + 1).cloned())
        .collect();
    Some((program, module))
}

/// Does the unit make links (`ln`, `link`, `cp -s`/`-l`/`--symbolic-link`/`--link`)?
fn makes_links(unit: &Unit) -> bool {
    match unit.program.as_deref() {
        Some("ln" | "link") => true,
        Some("cp") => unit.args().any(|a| {
            a.value
                .as_deref()
                .is_some_and(|w| match w.strip_prefix("--") {
                    Some(long) => {
                        let name = long.split_once('=').map_or(long, |(n, _)| n);
                        !name.is_empty() && "link".starts_with(name)
                            || name.len() >= 2 && "symbolic-link".starts_with(name)
                    }
                    None => w.strip_prefix('-').is_some_and(|b| {
                        b.chars().all(|c| c.is_ascii_alphanumeric()) && b.contains(['s', 'l'])
                    }),
                })
        }),
        _ => false,
    }
}

/// A matched rule's reason about unit `i`.
fn rule_reason(
    rule: &Rule,
    message: std::borrow::Cow<'static, str>,
    span: Span,
    i: usize,
) -> Reason {
    Reason {
        decision: rule.decision,
        risk: rule.risk,
        rule: Origin::Rule(rule.id.clone()),
        source: rule.source.clone(),
        message,
        span,
        unit: Some(i),
        suggest: rule.suggest.clone(),
    }
}

fn is_opaque_flag(kind: &str) -> bool {
    FlagKind::from_name(kind).is_some_and(FlagKind::is_opaque)
}

/// The unit as one line (program and values joined by spaces; templates for dynamic words).
pub(super) fn unit_line(unit: &Unit) -> String {
    let mut line = String::new();
    if let Some(p) = &unit.program {
        line.push_str(p);
    }
    for a in unit.args() {
        line.push(' ');
        line.push_str(a.value.as_deref().unwrap_or(&a.template));
    }
    line
}

/// What the no-rule reason adds about a unit's options: the first one its program's closed
/// table does not name, or the first one that writes, runs code or reaches the network.
fn option_note(unit: &Unit, parsed: &options::Parsed) -> Option<String> {
    let program = unit.program.as_deref().unwrap_or_default();
    if let Some(name) = &parsed.unknown {
        if let Some(option) = name
            .strip_suffix(options::RUN_TIME_VALUE)
            .map(str::trim_end)
        {
            return Some(format!(
                "with `{option}` and a value known only at run time, which `{program}` reads as an option if it starts with `-`"
            ));
        }
        if let Some(flag) = name.strip_suffix('=').filter(|n| n.starts_with("--")) {
            return Some(format!(
                "with `{name}…`: `{program}`'s table knows `{flag}` only without a value, so it cannot prove what the value does"
            ));
        }
        return Some(format!(
            "with `{name}`: an option shclass does not know for `{program}`, so it cannot prove what it does"
        ));
    }
    parsed
        .effects
        .first()
        .map(|(name, effect)| format!("with `{name}`, which {}", effect.describe()))
}

/// Built-in rules and checks that report one finding under different names, each list in order
/// of preference: the path policy's (paths resolved as the kernel resolves them) or the rule that
/// says the most (and may say what to do instead) first,
/// the generic path or redirection finding last.
const SAME_FINDING: &[&[&str]] = &[
    &["read-secret", "secret-read", "read-unknown-path"],
    &[
        "rm-recursive-root",
        "rm-no-preserve-root",
        "recursive-delete",
    ],
    &[
        "sensitive-file-write",
        "write-startup-file",
        "write-protected-file",
        "redirect-write",
    ],
];

/// Could an unquoted glob of the line expand to a file name that begins with `-` (and so to an
/// option nobody checked)? Not when no glob begins with a wildcard or a `-` (`src/*.rs` expands
/// to `src/…`; `-?` beside a file named `-I` is `-I`); else yes when the line may create files
/// before the glob expands (a unit that writes, or one that changes directory), when the
/// directory cannot be read, or when it holds such a name. A directory that does not exist
/// holds none.
fn dash_names_possible(analysis: &Analysis, dir_holds_one: impl FnOnce() -> bool) -> bool {
    let leading_glob = analysis.units.iter().any(|u| {
        u.args()
            .any(|a| a.glob && a.template.starts_with(['*', '?', '[', '-']))
    });
    if !leading_glob {
        return false;
    }
    let writes = analysis.units.iter().any(|u| {
        matches!(u.program.as_deref(), Some("cd" | "pushd" | "popd"))
            || paths::unit_paths(u)
                .iter()
                .any(|(access, _, _)| *access == paths::Access::Write)
    });
    writes || dir_holds_one()
}

/// Does `dir` hold a name beginning with `-` (an option, once a glob expands to it) or `@` (a
/// response file of more arguments to the programs that read one: `strings *` beside a file
/// named `@x`)? Yes when it cannot be read; a directory that does not exist holds none.
fn holds_dash_name(dir: &Path) -> bool {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| {
                e.map(|e| matches!(e.file_name().as_encoded_bytes().first(), Some(b'-' | b'@')))
            })
            .any(|dash| dash.unwrap_or(true)),
        Err(e) => e.kind() != std::io::ErrorKind::NotFound,
    }
}

/// Keep one reason per finding in a unit's winning tier: among built-in reasons of one
/// [`SAME_FINDING`] list, the one with the highest risk, and of those the one listed first.
/// The unit's decision and risk do not change.
fn same_finding_once(tier: &mut Vec<Reason>) {
    // Each reason's (family, place in it), found once: the families are few and short, the
    // reasons many over a batch.
    let ranks: Vec<Option<(usize, usize)>> = tier.iter().map(finding_rank).collect();
    if ranks.iter().flatten().count() < 2 {
        return;
    }
    let mut drop = vec![false; tier.len()];
    for family in 0..SAME_FINDING.len() {
        let best = ranks
            .iter()
            .zip(tier.iter())
            .enumerate()
            .filter_map(|(k, (rank, r))| match rank {
                Some((f, pos)) if *f == family => Some((k, r.risk, *pos)),
                _ => None,
            })
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
            .map(|(k, _, _)| k);
        if let Some(best) = best {
            for (k, rank) in ranks.iter().enumerate() {
                if k != best && matches!(rank, Some((f, _)) if *f == family) {
                    drop[k] = true;
                }
            }
        }
    }
    let mut k = 0;
    tier.retain(|_| {
        let keep = !drop[k];
        k += 1;
        keep
    });
}

/// A built-in reason's [`SAME_FINDING`] list and its place in it.
fn finding_rank(r: &Reason) -> Option<(usize, usize)> {
    if r.source != Source::Builtin {
        return None;
    }
    let id: &str = match &r.rule {
        Origin::Rule(id) | Origin::Path(id) => id,
        Origin::Check(id) => id,
        _ => return None,
    };
    SAME_FINDING.iter().enumerate().find_map(|(f, family)| {
        family
            .iter()
            .position(|known| *known == id)
            .map(|pos| (f, pos))
    })
}

/// Two ascending lists of indices as one ascending sequence.
fn merge_sorted<'a>(left: &'a [usize], right: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    let (mut at_left, mut at_right) = (0, 0);
    std::iter::from_fn(move || match (left.get(at_left), right.get(at_right)) {
        (Some(&l), Some(&r)) if l <= r => {
            at_left += 1;
            Some(l)
        }
        (_, Some(&r)) => {
            at_right += 1;
            Some(r)
        }
        (Some(&l), None) => {
            at_left += 1;
            Some(l)
        }
        (None, None) => None,
    })
}

/// `x=$(< README.md)`, `< f`: a command of input redirects alone runs no program; bash opens
/// each file for reading (in a command substitution the text is its output), and the path
/// policy judges the files as a printer's. A file named at run time, a glob, another redirect
/// or an assignment of its own (which sets the shell's variable) is left to the fallback.
fn reads_input_only(unit: &Unit) -> bool {
    unit.program.is_none()
        && unit.argv.is_empty()
        && !unit.redirects.is_empty()
        && unit.redirects.iter().all(|r| {
            r.op == "<"
                && r.fd.as_deref().is_none_or(|fd| fd == "0")
                && r.target.is_some()
                && !r.glob
        })
        && unit.assignments.iter().all(|a| a.inherited)
}

/// One path a unit opens: the unit's index, how it opens the path, the path as written and
/// its span.
#[derive(Clone, Copy)]
struct UnitPath<'a> {
    i: usize,
    access: paths::Access,
    path: &'a str,
    span: Span,
}

/// The paths unit `i` opens after the line moved to another directory. The relative words a
/// program opens are judged where they lead (`cd /dev && blkid watchdog`): a device or a
/// secret there is read as named. In a directory known only at run time (`cd "$D" && blkid
/// watchdog`) such a word may be any device: that asks (the top of the repository is no such
/// directory).
fn moved_reads(
    unit: &Unit,
    i: usize,
    wd: &Resolver,
    unknown_dir: bool,
    state: &mut UnitState<'_>,
) -> Vec<(paths::Access, String, Span)> {
    let mut named = Vec::new();
    let mut unit_paths = paths::unit_paths_opening(unit, Some(&mut named));
    for (word, span) in named {
        let opens_device = match wd.resolve(&word) {
            Some((resolved, _)) => {
                paths::opens_device(unit.program.as_deref().unwrap_or(""), &resolved)
                    || crate::files::is_secret(&resolved)
            }
            None => unknown_dir,
        };
        if opens_device && wd.current().is_some() {
            unit_paths.push((paths::Access::Read, word, span));
        } else if opens_device {
            state.push_hard(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-after-unknown-cd",
                format!(
                    "opens `{word}` relative to a directory changed to one known only at run time, where a file of that name may be a device or hold secrets"
                ),
                span,
                Some(i),
            ));
        }
    }
    unit_paths
}

/// Why a path opened relative to a directory known only at run time asks: a write; a read of
/// a name that holds secrets in some directories (`cd "$d"; cat hosts.yml`: `~/.config/gh`);
/// any other read, since links there were not looked at and may lead to a secret.
fn unknown_directory_reason(at: &UnitPath) -> Reason {
    let path = at.path;
    let (rule, message) = if at.access == paths::Access::Write {
        (
            "write-after-unknown-cd",
            format!(
                "writes `{path}` relative to a directory changed to one known only at run time"
            ),
        )
    } else if paths::may_be_secret_anywhere(path) {
        (
            "read-after-unknown-cd",
            format!(
                "reads `{path}` relative to a directory changed to one known only at run time: in some directories a file of that name holds secrets"
            ),
        )
    } else {
        (
            "read-after-unknown-cd",
            format!(
                "reads `{path}` relative to a directory changed to one known only at run time, whose links were not looked at"
            ),
        )
    };
    Reason::path(
        Decision::Ask,
        Risk::High,
        rule,
        message,
        at.span,
        Some(at.i),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_indices_keep_their_order() {
        let merged = |a: &[usize], b: &[usize]| merge_sorted(a, b).collect::<Vec<_>>();
        assert_eq!(merged(&[1, 4, 7], &[2, 3, 9]), [1, 2, 3, 4, 7, 9]);
        assert_eq!(merged(&[], &[5, 6]), [5, 6]);
        assert_eq!(merged(&[5, 6], &[]), [5, 6]);
        assert!(merged(&[], &[]).is_empty());
    }

    /// Against a snapshot of the workspace (a batch), whether the start directory holds a name
    /// beginning with `-` is read once, and still decides: `cat *` there may be `cat -n …`.
    #[test]
    fn a_snapshot_reads_dash_names_once_and_still_decides() {
        let root = std::env::temp_dir().join(format!("shclass-dash-{}", std::process::id()));
        let (clean, dashed) = (root.join("clean"), root.join("dashed"));
        let made = std::fs::create_dir_all(&clean).is_ok()
            && std::fs::create_dir_all(&dashed).is_ok()
            && std::fs::write(dashed.join("-n"), "").is_ok()
            && std::fs::write(clean.join("a.txt"), "").is_ok();
        assert!(made, "scratch directories");
        for (dir, allowed) in [(&clean, true), (&dashed, false)] {
            let mut policy = Policy::builtin_eager().unwrap_or_default();
            policy.cwd.clone_from(dir);
            policy.snapshot_workspace();
            for _ in 0..2 {
                let got = policy.classify("cat *").decision;
                assert_eq!(got == Decision::Allow, allowed, "{} {got:?}", dir.display());
            }
            assert_eq!(policy.dash_names.get().copied(), Some(!allowed));
        }
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A glob word beginning with `-` is a glob too: beside a file named `-I`, `-?` is `-I`
    /// (`tar -tf a.tar -? x.sh` runs `x.sh` as tar's compressor, `dot -?` is no help request).
    #[test]
    fn a_dash_glob_may_be_any_dash_name_of_the_directory() {
        let root = std::env::temp_dir().join(format!("shclass-dash-glob-{}", std::process::id()));
        let (clean, dashed) = (root.join("clean"), root.join("dashed"));
        let made = std::fs::create_dir_all(&clean).is_ok()
            && std::fs::create_dir_all(&dashed).is_ok()
            && std::fs::write(dashed.join("-I"), "").is_ok();
        assert!(made, "scratch directories");
        for (dir, allowed) in [(&clean, true), (&dashed, false)] {
            let mut policy = Policy::builtin_eager().unwrap_or_default();
            policy.cwd.clone_from(dir);
            for cmd in ["tar -tf a.tar -? x.sh", "dot -?", "pg_controldata -?"] {
                let got = policy.classify(cmd).decision;
                assert_eq!(
                    got == Decision::Allow,
                    allowed,
                    "{cmd} in {}",
                    dir.display()
                );
            }
        }
        let _ = std::fs::remove_dir_all(&root);
    }

    /// bash opens the file a glob in a redirect target or a written operand expands to:
    /// `>> .gi[t]/config` writes `.git/config`, `< .e?v` reads `.env`.
    #[test]
    fn globs_in_written_and_read_paths_are_judged_by_what_they_expand_to() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let made = std::fs::create_dir_all(ws.join(".git/hooks")).is_ok()
            && std::fs::create_dir_all(ws.join("src")).is_ok()
            && [".git/config", ".bashrc", ".env", "notes.txt", "src/a.rs"]
                .iter()
                .all(|f| std::fs::write(ws.join(f), "").is_ok());
        assert!(made, "scratch workspace");
        let mut policy = Policy::builtin_eager().unwrap_or_default();
        policy.cwd.clone_from(&ws);
        policy.mode = crate::policy::Mode::AcceptEdits;
        for (cmd, want) in [
            ("echo x >> .gi[t]/config", Decision::Deny),
            ("cp notes.txt .gi?/config", Decision::Deny),
            ("echo x >> .bash[r]c", Decision::Ask),
            ("echo x > .e?v", Decision::Ask),
            ("cat < .e?v", Decision::Ask),
            ("wc -c < .en*", Decision::Ask),
            // Harmless twins.
            ("sed -i s/a/b/ src/*.rs", Decision::Allow),
            ("echo x > notes.tx?", Decision::Allow),
            ("wc -l < notes.tx?", Decision::Allow),
        ] {
            assert_eq!(policy.classify(cmd).decision, want, "{cmd}");
        }
    }

    /// A unit is checked only against the rules its first operand can match, and decides as
    /// it did when checked against every rule of its program.
    #[test]
    fn rules_by_first_subcommand_word_decide_as_all_rules() {
        let policy = Policy::builtin_eager().unwrap_or_default();
        let git_log = policy
            .candidates(Some("git"), Some("log"))
            .filter(|r| r.subcommand().first().is_some_and(|s| s == "status"))
            .count();
        assert_eq!(
            git_log, 0,
            "no `git status` rule is a candidate for `git log`"
        );
        let all = policy.by_program.get("git").map_or(0, |r| r.all.len());
        let status = policy.candidates(Some("git"), Some("status")).count();
        assert!(status > 0 && status < all, "{status} of {all}");
        for cmd in [
            "git status",
            "git log --oneline",
            "git push --force",
            "git -C sub status",
            "/usr/bin/git status",
            "docker compose ps",
            "npm run build",
        ] {
            let got = policy.classify(cmd).decision;
            let lazy = Policy::builtin().unwrap_or_default().classify(cmd).decision;
            assert_eq!(got, lazy, "{cmd}");
        }
    }
}
