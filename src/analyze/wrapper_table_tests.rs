//! Every wrapper in the table, with each of its options: the wrapped `rm -rf /` is still a unit
//! (unit tests: the table is internal).

use super::{WRAPPERS, WrapperSpec};
use crate::Limits;
use crate::analyze::{Analysis, Unit, analyze};

fn run(cmd: &str) -> Analysis {
    analyze(cmd, &Limits::default())
}

fn argv(u: &Unit) -> Vec<Option<&str>> {
    u.argv.iter().map(|a| a.value.as_deref()).collect()
}

fn text(input: &str, span: crate::ast::Span) -> &str {
    input
        .get(span.start..span.end)
        .unwrap_or("<span outside the input>")
}

/// A one-line picture of what was found, for failure messages.
fn summary(a: &Analysis) -> String {
    let mut s = String::new();
    for u in &a.units {
        s.push_str(&format!(
            "\n    unit {:?} {:?} span {:?} via {:?} context {:?}",
            u.program,
            argv(u),
            text(&a.input, u.span),
            u.via,
            u.context
        ));
    }
    for f in &a.flags {
        s.push_str(&format!(
            "\n    flag {} {:?} {}",
            f.kind.name(),
            text(&a.input, f.span),
            f.detail
        ));
    }
    s
}

/// Fail with every message at once.
fn report(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failing case(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every span of an analysis lies inside the input, on char boundaries.
fn span_problems(a: &Analysis) -> Vec<String> {
    let mut spans = Vec::new();
    for u in &a.units {
        spans.push(("unit", u.span));
        spans.extend(u.argv.iter().map(|w| ("argument", w.span)));
        spans.extend(u.assignments.iter().map(|x| ("assignment", x.span)));
        spans.extend(u.redirects.iter().map(|x| ("redirect", x.span)));
    }
    spans.extend(a.flags.iter().map(|f| ("flag", f.span)));
    spans
        .into_iter()
        .filter(|(_, s)| {
            s.start > s.end
                || s.end > a.input.len()
                || !a.input.is_char_boundary(s.start)
                || !a.input.is_char_boundary(s.end)
        })
        .map(|(what, s)| format!("{what} span {s:?} in {:?}", a.input))
        .collect()
}

const RM: [Option<&str>; 3] = [Some("rm"), Some("-rf"), Some("/")];

// --- Every wrapper in the table, with each of its options -------------------------------------

/// Plausible values for a wrapper option (`-P NAME MIN MAX` takes three).
fn value_for(spec: &WrapperSpec, opt: &str) -> String {
    let (table, _) = super::first_form_table(spec);
    let k = spec
        .multi_value
        .iter()
        .find(|(n, _)| *n == opt)
        .map_or(1, |&(_, k)| k)
        .max(if table.two_values.contains(opt) { 2 } else { 1 });
    vec!["5"; k].join(" ")
}

/// The words that make `spec` run `rm -rf /` after `opts` (options already rendered).
/// The wrapper's name and, for `uv run`-style wrappers, the words of its first form.
fn invocation(spec: &WrapperSpec) -> String {
    match spec.subcommands.first() {
        Some(form) => format!("{} {form}", spec.name),
        None => spec.name.to_owned(),
    }
}

fn wrapped(spec: &WrapperSpec, opts: &str) -> String {
    let name = invocation(spec);
    let positionals = " 5".repeat(spec.positionals);
    let opts = if opts.is_empty() {
        String::new()
    } else {
        format!(" {opts}")
    };
    if spec.code_operands {
        // `hyperfine 'rm -rf /'`: each operand is a whole command.
        format!("{name}{opts}{positionals} 'rm -rf /'")
    } else if spec.code_anywhere && !spec.direct_options.iter().any(|d| opts.contains(d)) {
        let code = spec.code_options.first().unwrap_or("-c");
        format!("{name}{opts}{positionals} {code} 'rm -rf /'")
    } else if spec.command_after_dashes {
        // `mise exec node@20 -- rm -rf /`: the command comes after `--`.
        format!("{name}{opts}{positionals} 5 -- rm -rf /")
    } else {
        format!("{name}{opts}{positionals} rm -rf /")
    }
}

/// Every way of writing each wrapper's options: bare, each short option with a value (separate
/// and attached), each long option (separate and `=`), each flag, each code option.
fn wrapper_cases() -> Vec<(String, &'static str)> {
    let mut cases = Vec::new();
    for spec in WRAPPERS {
        let skip = |opt: &str| {
            spec.query_options.contains(opt)
                || spec.code_options.contains(opt)
                || spec.operand_code_options.contains(opt)
        };
        cases.push((wrapped(spec, ""), spec.name));
        // The options as the analyzer reads them: the wrapper's closed table, or the spec's.
        let (table, _) = super::first_form_table(spec);
        for c in table.short_value.chars() {
            let opt = format!("-{c}");
            if skip(&opt) {
                continue;
            }
            let v = value_for(spec, &opt);
            cases.push((wrapped(spec, &format!("{opt} {v}")), spec.name));
            cases.push((wrapped(spec, &format!("{opt}{v}")), spec.name));
        }
        for long in table.long_value.iter() {
            if skip(long) {
                continue;
            }
            let v = value_for(spec, long);
            cases.push((wrapped(spec, &format!("{long} {v}")), spec.name));
            cases.push((wrapped(spec, &format!("{long}={v}")), spec.name));
        }
        // Flags, each alone: the word after one is the command (or an operand). One whose value
        // is optional takes the next word unless it starts with `-`: given attached, or before
        // `--`.
        let flag_forms = |opt: &str, attached: String| {
            if table.optional_next.contains(opt) {
                vec![attached, format!("{opt} --")]
            } else {
                vec![opt.to_owned()]
            }
        };
        for c in table.short.chars().filter(char::is_ascii_alphabetic) {
            let opt = format!("-{c}");
            if !skip(&opt) && !spec.shell_options.contains(&opt) {
                for form in flag_forms(&opt, format!("{opt}5")) {
                    cases.push((wrapped(spec, &form), spec.name));
                }
            }
        }
        for long in table.long.iter() {
            if !skip(long)
                && !spec.shell_options.contains(long)
                && long != "--help"
                && long != "--version"
            {
                for form in flag_forms(long, format!("{long}=5")) {
                    cases.push((wrapped(spec, &form), spec.name));
                }
            }
        }
        // `entr -s 'rm -rf /'`: the first operand is the shell's code.
        for code in spec.operand_code_options {
            cases.push((wrapped(spec, code), spec.name));
        }
        for code in spec.code_options {
            let positionals = " 5".repeat(spec.positionals);
            cases.push((
                format!("{}{positionals} {code} 'rm -rf /'", invocation(spec)),
                spec.name,
            ));
        }
        if spec.assignments {
            cases.push((wrapped(spec, "A=1 B=2"), spec.name));
        }
        if spec.numeric_short {
            cases.push((wrapped(spec, "-10"), spec.name));
        }
        if !spec.code_anywhere && !spec.command_after_dashes {
            cases.push((wrapped(spec, "--"), spec.name));
        }
    }
    cases
}

#[test]
fn every_wrapper_and_option_is_stripped() {
    let mut failures = Vec::new();
    let cases = wrapper_cases();
    assert!(cases.len() > 150, "only {} wrapper cases", cases.len());
    for (cmd, name) in &cases {
        let a = run(cmd);
        let rm = a
            .units
            .iter()
            .find(|u| u.program.as_deref() == Some("rm") && argv(u) == RM);
        match rm {
            None => failures.push(format!("{cmd:?}: no rm -rf / unit{}", summary(&a))),
            Some(u) if !u.via.iter().any(|v| v == name) => {
                failures.push(format!("{cmd:?}: via {:?} lacks {name}", u.via));
            }
            Some(u) if text(cmd, u.span) != "rm -rf /" => {
                failures.push(format!("{cmd:?}: span text {:?}", text(cmd, u.span)));
            }
            Some(_) => {}
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

#[test]
fn every_wrapper_query_option_runs_nothing() {
    let mut failures = Vec::new();
    for spec in WRAPPERS {
        for q in spec.query_options {
            let cmd = format!("{} {q} rm -rf /", invocation(spec));
            let a = run(&cmd);
            if a.units.iter().any(|u| u.program.as_deref() == Some("rm")) {
                failures.push(format!("{cmd:?}: query ran rm{}", summary(&a)));
            }
        }
    }
    report(&failures);
}

#[test]
fn every_bare_shell_wrapper_starts_a_shell() {
    // `su`, `unshare`, `chroot DIR`, `tmux new-session`, `sudo -i`: no command given, the
    // wrapper starts the user's shell: a unit `sh` under it and a dynamic-code flag (what the
    // shell runs is typed later); fed text is the shell's code. A query option starts nothing.
    use crate::analyze::FlagKind;
    let mut failures = Vec::new();
    let mut forms = Vec::new();
    for spec in WRAPPERS {
        let bare = format!("{}{}", invocation(spec), " 5".repeat(spec.positionals));
        if spec.bare_shell {
            forms.push(bare.clone());
        }
        for o in spec.shell_options {
            forms.push(format!("{bare} {o}"));
        }
        for q in spec.query_options.iter().filter(|_| spec.bare_shell) {
            let cmd = format!("{bare} {q}");
            let a = run(&cmd);
            if a.units.iter().any(|u| u.program.as_deref() == Some("sh")) {
                failures.push(format!("{cmd:?}: a query started a shell{}", summary(&a)));
            }
        }
    }
    for cmd in forms {
        let a = run(&cmd);
        let shell = a.units.iter().any(|u| u.program.as_deref() == Some("sh"));
        let flagged = a.flags.iter().any(|f| f.kind == FlagKind::DynamicCode);
        if !shell || !flagged {
            failures.push(format!("{cmd:?}: no shell unit with a flag{}", summary(&a)));
        }
        let fed = format!("{cmd} <<< 'rm -rf /'");
        let a = run(&fed);
        if !a.units.iter().any(|u| argv(u) == RM) {
            failures.push(format!(
                "{fed:?}: the fed text is not the shell's code{}",
                summary(&a)
            ));
        }
    }
    report(&failures);
}

#[test]
fn every_wrapper_form_is_required() {
    // `uv pip list`, `ip addr`, `perf report`: other forms of a program with wrapper forms run
    // no given command.
    let mut failures = Vec::new();
    for spec in WRAPPERS.iter().filter(|s| !s.subcommands.is_empty()) {
        let cmd = format!("{} other rm -rf /", spec.name);
        let a = run(&cmd);
        if a.units.iter().any(|u| u.program.as_deref() == Some("rm")) {
            failures.push(format!("{cmd:?}: ran rm{}", summary(&a)));
        }
        for form in spec.subcommands {
            let dashes = if spec.command_after_dashes { " --" } else { "" };
            let cmd = format!("{} {form}{dashes} rm -rf /", spec.name);
            let cmd = if spec.positionals > 0 {
                cmd.replace(
                    " rm -rf /",
                    &format!("{} rm -rf /", " 5".repeat(spec.positionals)),
                )
            } else {
                cmd
            };
            let a = run(&cmd);
            if !a.units.iter().any(|u| argv(u) == RM) {
                failures.push(format!("{cmd:?}: no rm -rf / unit{}", summary(&a)));
            }
        }
    }
    report(&failures);
}

#[test]
fn code_operand_and_joined_form_wrappers() {
    // bypass: a benchmark runner's operands and option values are whole commands; `npm explore
    // PKG -- CMD…` runs the joined words through the shell.
    let mut failures = Vec::new();
    for cmd in [
        "hyperfine 'ls' 'rm -rf /'",
        "hyperfine --prepare 'rm -rf /' ls",
        "hyperfine -P n 1 3 'rm -rf /'",
        "concurrently -n a,b ls 'rm -rf /'",
        "npm explore lodash -- rm -rf /",
        "npm explore lodash rm -rf /",
    ] {
        let a = run(cmd);
        if !a.units.iter().any(|u| argv(u) == RM) {
            failures.push(format!("{cmd:?}: no rm -rf / unit{}", summary(&a)));
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

#[test]
fn wrapper_lookup_finds_every_entry() {
    for spec in WRAPPERS {
        assert!(
            super::lookup(spec.name).is_some_and(|s| s.name == spec.name),
            "{}",
            spec.name
        );
    }
}
