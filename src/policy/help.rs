//! Recognising a unit that only asks a catalogued program for its help text or version.
//!
//! `cargo build --help`, `rg -V`, `gh help pr`, `aws s3 ls --help`: the program prints text and
//! exits, whatever its subcommand would do. Which spellings mean that, for which programs, is
//! data (`builtin/help.toml`, read the first time a unit looks like such a request);
//! [`asks_for_help`] reads a unit's words against it. A program with rules of its own answers the
//! usual spellings (`--help`, `--version`, `-h` and `-V` unless listed otherwise); a program the
//! data lists for its help alone (`zdump`, `slurmd`, `svn`) answers exactly the spellings listed
//! for it, and CLIs may list the subcommands and the spellings after them that print a
//! subcommand's help (`crane ls -h`, `aws iam help`), and the subcommands whose lone `-h` prints
//! their usage (`git commit -h`). Whether the program is catalogued, and the
//! subcommand known, is the engine's question (`mod.rs`), as are denies, checks and flags, which
//! still count.
//!
//! Never a help request: a program named by a path outside the system directories (`./x
//! --help`, `/tmp/x --help`: any binary), a word that expands or is appended at run time, any
//! other operand or option (`python app.py --help` runs `app.py`, `docker run IMAGE --help`
//! passes `--help` to the image). Gaps: the data lists the programs whose `-h`/`-V` are not
//! help or version as they are known; a catalogued program missing there whose `-h` alone does
//! something is read as asking for help (its rules' denies still apply).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::options::OptionSpec;
use crate::analyze::Unit;

/// The help spellings of `builtin/help.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct HelpData {
    /// Never read as asking for help (shell builtins, interpreters of their first operand).
    never: Vec<String>,
    /// Launchers that run project code before reading their options.
    project_launchers: Vec<String>,
    /// `-h` alone is not help.
    short_h_not_help: Vec<String>,
    /// `-V` alone is not version.
    short_v_not_version: Vec<String>,
    /// `-?` alone is help (getopt's `?`, argp, the GNOME option parser).
    short_question_help: Vec<String>,
    /// `PROGRAM SUB --help` prints the subcommand's help.
    subcommand_clis: Vec<String>,
    /// `PROGRAM SUB WORD [WORD] --help` prints the deepest command's help.
    nested_clis: Vec<String>,
    /// `PROGRAM SUB` of a nested CLI that passes later words on.
    nested_exceptions: Vec<String>,
    /// `PROGRAM GROUP` of a CLI outside `nested_clis` whose verbs are the program's own:
    /// `PROGRAM GROUP VERB --help` prints the verb's help.
    command_groups: Vec<String>,
    /// `PROGRAM help [SUB …]` prints help text.
    help_clis: Vec<String>,
    /// Programs known only for their help: the exact spellings that print help or version.
    programs: BTreeMap<String, Vec<String>>,
    /// The spellings after `PROGRAM SUB [WORD [WORD]]` that print the subcommand's help, for
    /// CLIs where that is not `--help` alone.
    subcommand_spellings: BTreeMap<String, Vec<String>>,
    /// Subcommands of CLIs that no rule group names.
    subcommands: BTreeMap<String, Vec<String>>,
    /// Subcommands for which `PROGRAM SUB -h`, nothing else after SUB, prints the usage.
    subcommand_short_help: BTreeMap<String, Vec<String>>,
}

/// The data, parsed once; `None` if it failed to parse (which the test suite rules out), and
/// then nothing is a help request: never the exclusions lost and the rest allowed.
fn data() -> Option<&'static HelpData> {
    static DATA: OnceLock<Option<HelpData>> = OnceLock::new();
    DATA.get_or_init(|| toml::from_str(include_str!("builtin/help.toml")).ok())
        .as_ref()
}

/// How a unit asks for help: what the catalogue must know for it to be allowed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Help<'a> {
    /// `PROGRAM --help`, `PROGRAM -V`, `PROGRAM help`: the program must be catalogued.
    Program,
    /// `PROGRAM SUB … --help`, `PROGRAM help SUB …`: the subcommand `SUB` must be known too.
    Subcommand(&'a str),
}

/// A subcommand-like word: lower-case letters, digits and inner dashes (`pr`, `get-object`).
pub(crate) fn is_word(w: &str) -> bool {
    !w.is_empty()
        && !w.starts_with('-')
        && w.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn listed(list: &[String], name: &str) -> bool {
    list.iter().any(|n| n == name)
}

/// A CLI whose first operand is a subcommand (`subcommand_clis`).
pub(crate) fn is_subcommand_cli(program: &str) -> bool {
    data().is_some_and(|d| listed(&d.subcommand_clis, program))
}

/// The help catalogue lists `sub` as a subcommand of `program` (`subcommands`).
pub(crate) fn lists_subcommand(program: &str, sub: &str) -> bool {
    data()
        .and_then(|d| d.subcommands.get(program))
        .is_some_and(|subs| listed(subs, sub))
}

/// What is wrong with the help data, one line per fact (empty when it holds): a listed program
/// without spellings or with a spelling outside the known set, one that is never read as asking
/// for help, a subcommand list or subcommand spellings for a CLI that no subcommand form
/// applies to, a help-only program whose `help` spelling or `help_clis` entry lacks the other.
pub(crate) fn problems() -> Vec<String> {
    let mut out = Vec::new();
    let Ok(d) = toml::from_str::<HelpData>(include_str!("builtin/help.toml")) else {
        out.push("builtin/help.toml does not parse".to_owned());
        return out;
    };
    let excluded = |name: &str| listed(&d.never, name) || listed(&d.project_launchers, name);
    for (name, spellings) in &d.programs {
        if spellings.is_empty() {
            out.push(format!("program {name} lists no spelling"));
        }
        for s in spellings {
            if !SPELLINGS.contains(&s.as_str()) {
                out.push(format!(
                    "program {name}: `{s}` is not a help or version spelling"
                ));
            }
        }
        if excluded(name) {
            out.push(format!("program {name} is in never or project_launchers"));
        }
        if listed(&d.help_clis, name) != listed(spellings, "help") {
            out.push(format!(
                "program {name}: `help` must be both a spelling and in help_clis, or neither"
            ));
        }
    }
    let forms = |name: &str| {
        listed(&d.subcommand_clis, name)
            || listed(&d.nested_clis, name)
            || listed(&d.help_clis, name)
    };
    for (name, subs) in &d.subcommands {
        if subs.is_empty() || !forms(name) {
            out.push(format!(
                "subcommands of {name}: empty, or {name} is in no subcommand list"
            ));
        }
        if excluded(name) {
            out.push(format!(
                "subcommands of {name}: {name} is in never or project_launchers"
            ));
        }
        if subs.iter().any(|s| !is_word(s)) {
            out.push(format!(
                "subcommands of {name}: not all are subcommand words"
            ));
        }
    }
    for (name, spellings) in &d.subcommand_spellings {
        if spellings.is_empty() || !forms(name) {
            out.push(format!(
                "subcommand spellings of {name}: empty, or {name} is in no subcommand list"
            ));
        }
        if spellings.iter().any(|s| !SPELLINGS.contains(&s.as_str())) {
            out.push(format!(
                "subcommand spellings of {name}: not all are help spellings"
            ));
        }
    }
    for (name, subs) in &d.subcommand_short_help {
        if subs.is_empty() || !listed(&d.subcommand_clis, name) || excluded(name) {
            out.push(format!(
                "subcommand short help of {name}: empty, or {name} is not a subcommand CLI"
            ));
        }
        if subs.iter().any(|s| !is_word(s)) {
            out.push(format!(
                "subcommand short help of {name}: not all are subcommand words"
            ));
        }
    }
    for list in [&d.nested_clis, &d.help_clis] {
        for name in list {
            if excluded(name) {
                out.push(format!(
                    "{name} is in a subcommand list and in never or project_launchers"
                ));
            }
        }
    }
    out
}

/// The programs the help catalogue knows only for their help (`programs`).
pub(crate) fn help_only_programs() -> impl Iterator<Item = &'static str> {
    data()
        .into_iter()
        .flat_map(|d| d.programs.keys().map(String::as_str))
}

/// Up to two leading operands (`operands`: indices into `argv`) that look like subcommand
/// words, for naming what a unit runs (`gh pr create`).
pub(crate) fn subcommand_words<'u>(unit: &'u Unit, operands: &[usize]) -> Vec<&'u str> {
    operands
        .iter()
        .map_while(|&i| {
            unit.argv
                .get(i)
                .and_then(|a| a.value.as_deref())
                .filter(|w| is_word(w))
        })
        .take(2)
        .collect()
}

/// Every word that can end a help request: the usual spellings and every one the data lists
/// (a test checks).
const SPELLINGS: &[&str] = &[
    "--help",
    "--version",
    "-h",
    "-V",
    "-v",
    "-?",
    "-help",
    "-version",
    "help",
    "version",
];

/// The help request a unit makes, if it makes one (see the module doc); `spec` is the program's
/// option table, whose value-taking letters are never help. A program the help catalogue lists
/// (`programs`) asks for help with its listed spellings only; any other program must be
/// `catalogued` (it has rules of its own), and then asks with the usual spellings.
pub(crate) fn asks_for_help<'u>(
    unit: &'u Unit,
    spec: Option<&OptionSpec>,
    catalogued: impl FnOnce() -> bool,
) -> Option<Help<'u>> {
    if unit.appended_args {
        return None;
    }
    let program = unit.program.as_deref()?;
    if program.contains('/') {
        return None;
    }
    // Every help request ends in one of these words or is `PROGRAM help SUB…`: anything else
    // needs neither the data (parsed on first use) nor the catalogue.
    let word = |i: usize| unit.argv.get(i).and_then(|a| a.value.as_deref());
    if !word(unit.argv.len().saturating_sub(1)).is_some_and(|w| SPELLINGS.contains(&w))
        && word(1) != Some("help")
    {
        return None;
    }
    let words: Vec<&str> = unit
        .args()
        .map(|a| a.value.as_deref())
        .collect::<Option<_>>()?;
    let (&last, rest) = words.split_last()?;
    let d = data()?;
    if listed(&d.never, program) || listed(&d.project_launchers, program) {
        return None;
    }
    let own = d.programs.get(program);
    if own.is_none() && !catalogued() {
        return None;
    }
    let takes_value = |c: char| spec.is_some_and(|s| s.short_value.contains(c));
    if rest.is_empty() {
        let ok = match own {
            Some(spellings) => listed(spellings, last),
            None => match last {
                "--help" | "--version" => true,
                "-h" => !listed(&d.short_h_not_help, program) && !takes_value('h'),
                "-V" => !listed(&d.short_v_not_version, program) && !takes_value('V'),
                "-?" => listed(&d.short_question_help, program),
                "help" => listed(&d.help_clis, program),
                _ => false,
            },
        };
        return ok.then_some(Help::Program);
    }
    if rest.len() > 3 || !rest.iter().all(|w| is_word(w)) {
        return None;
    }
    let sub = rest[0];
    // `git commit -h`: a lone `-h` after a subcommand whose parser reads it as the usage.
    if rest.len() == 1
        && last == "-h"
        && d.subcommand_short_help
            .get(program)
            .is_some_and(|subs| listed(subs, sub))
    {
        return Some(Help::Subcommand(sub));
    }
    let sub_help = match d.subcommand_spellings.get(program) {
        Some(spellings) => listed(spellings, last),
        None => last == "--help",
    };
    if sub_help {
        // A word spelling (`help`) is a positional word: after more than two words it may be
        // an operand's value (`aws configure set KEY help` writes `help`).
        if !last.starts_with('-') && rest.len() > 2 {
            return None;
        }
        if rest.len() == 1 {
            return listed(&d.subcommand_clis, program).then_some(Help::Subcommand(sub));
        }
        let nested = listed(&d.nested_clis, program)
            && !d
                .nested_exceptions
                .iter()
                .any(|e| e.split_once(' ') == Some((program, sub)));
        // `docker container rm --help`: the help word right after the group's verb, before
        // any operand the verb could pass on (`docker container run IMAGE --help`).
        let group = rest.len() == 2
            && d.command_groups
                .iter()
                .any(|e| e.split_once(' ') == Some((program, sub)));
        return (nested || group).then_some(Help::Subcommand(sub));
    }
    if sub == "help" && is_word(last) && listed(&d.help_clis, program) {
        return Some(Help::Subcommand(rest.get(1).copied().unwrap_or(last)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(cmd: &str) -> Unit {
        let a = crate::analyze::analyze(cmd, &crate::Limits::default());
        a.units.into_iter().next().expect("one unit")
    }

    fn help(cmd: &str) -> Option<String> {
        help_as(cmd, true)
    }

    /// The request as read for a program with rules of its own (`catalogued`) or without.
    fn help_as(cmd: &str, catalogued: bool) -> Option<String> {
        let u = unit(cmd);
        asks_for_help(&u, None, || catalogued).map(|h| match h {
            Help::Program => "program".to_owned(),
            Help::Subcommand(s) => format!("sub {s}"),
        })
    }

    #[test]
    fn the_data_parses() {
        let text = include_str!("builtin/help.toml");
        let d: Result<HelpData, _> = toml::from_str(text);
        let d = d.expect("builtin/help.toml parses");
        assert!(listed(&d.subcommand_clis, "cargo"));
        for list in [&d.nested_clis, &d.help_clis] {
            for name in list {
                assert!(!listed(&d.never, name), "{name} is listed as never");
            }
        }
    }

    #[test]
    fn help_forms() {
        let table: &[(&str, Option<&str>)] = &[
            ("rg --help", Some("program")),
            ("rg --version", Some("program")),
            ("rg -V", Some("program")),
            ("rg -h", Some("program")),
            ("cargo build --help", Some("sub build")),
            ("gh pr create --help", Some("sub pr")),
            ("aws s3 ls --help", Some("sub s3")),
            ("gh help", Some("program")),
            ("gh help pr", Some("sub pr")),
            ("gh help pr create", Some("sub pr")),
            ("go help build", Some("sub build")),
            // -h/-V meaning something else
            ("sort -h", None),
            ("bash -h", None),
            ("shutdown -h", None),
            ("vim -V", None),
            // never a help request
            ("./configure --help", None),
            ("/tmp/x --help", None),
            ("python script.py --help", None),
            ("yarn dev --help", None),
            ("docker run image --help", None),
            ("docker container rm --help", Some("sub container")),
            ("docker container run --help", Some("sub container")),
            ("docker image pull --help", Some("sub image")),
            ("docker container run image --help", None),
            ("docker container exec c sh --help", None),
            ("docker compose run --help", None),
            ("docker builder prune --help", None),
            ("docker container rm -h", None),
            ("kubectl exec pod --help", None),
            ("gh extension exec x --help", None),
            ("cargo build x --help", None),
            ("cargo build -h", Some("sub build")),
            ("terraform apply -help", Some("sub apply")),
            ("kubectl get pods -h", Some("sub get")),
            ("cargo build x -h", None),
            ("cargo build -help", None),
            ("docker run -h", None),
            ("git commit -h", Some("sub commit")),
            ("git ls-remote -h", Some("sub ls-remote")),
            ("git ls-remote -h origin", None),
            ("git ls-remote origin -h", None),
            ("git grep -h foo", None),
            ("git commit -m x -h", None),
            ("git -C .. commit -h", None),
            ("git lfs -h", None),
            ("git pull-request -h", None),
            ("git shell -h", None),
            ("git commit -h -h", None),
            ("git commit -help", None),
            ("cargo --help --verbose", None),
            ("source --help", None),
            ("yarn --version", None),
            ("pytest --help", None),
            ("poetry --help", Some("program")),
            ("poetry export --help", Some("sub export")),
            ("git help status", None),
            ("npm help install", None),
            ("rg --help=x", None),
            ("rg $X --help", None),
            ("rg \"$X\"", None),
            ("gh pr create --help extra", None),
            ("gh a b c d --help", None),
            ("cargo build --Help", None),
            // `-?` only where the parser reads it as help
            ("pg_controldata -?", Some("program")),
            ("dot -?", Some("program")),
            ("rg -?", None),
            ("dot -? -V", None),
        ];
        let mut bad = Vec::new();
        for &(cmd, want) in table {
            let got = help(cmd);
            if got.as_deref() != want {
                bad.push(format!("{cmd}: want {want:?}, got {got:?}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn value_letters_are_not_help() {
        let spec = OptionSpec {
            short_value: "hV".into(),
            ..OptionSpec::default()
        };
        assert_eq!(asks_for_help(&unit("rg -h"), Some(&spec), || true), None);
        assert_eq!(asks_for_help(&unit("rg -V"), Some(&spec), || true), None);
        assert_eq!(
            asks_for_help(&unit("rg --help"), Some(&spec), || true),
            Some(Help::Program)
        );
    }

    #[test]
    fn the_data_holds() {
        let problems = problems();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn help_only_programs() {
        // Programs known for their help alone: exactly their listed spellings, whether or not
        // the engine counts them as catalogued; any other program must be catalogued.
        let table: &[(&str, Option<&str>)] = &[
            ("distcc --help", Some("program")),
            ("slurmd -h", Some("program")),
            ("slurmctld -V", Some("program")),
            ("amass -version", Some("program")),
            ("anytopnm -v", Some("program")),
            ("svn help", Some("program")),
            ("svn help commit", Some("sub commit")),
            ("svn commit --help", Some("sub commit")),
            ("koji resubmit -h", Some("sub resubmit")),
            ("gcrane index append -h", Some("sub index")),
            // a system directory names the same program
            ("/usr/sbin/distcc --help", Some("program")),
            ("eselect kernel help", Some("sub kernel")),
            ("xml ed -h", Some("sub ed")),
            // spellings the program does not list
            ("distcc -h", None),
            ("distcc -V", None),
            ("distcc help", None),
            ("slurmd --version", None),
            ("svn version", None),
            ("apptainer exec --version", None),
            ("eselect kernel --help", None),
            // never a help request
            ("distcc --help extra", None),
            ("distcc --help --help", None),
            ("koji resubmit 12 -h", None),
            ("apptainer exec image --help", None),
            ("aws configure set key help", None),
            ("eselect kernel set help", None),
            ("/tmp/distcc --help", None),
            ("./distcc --help", None),
            ("unknown-tool --help", None),
            ("unknown-tool -h", None),
        ];
        let mut bad = Vec::new();
        for &(cmd, want) in table {
            for catalogued in [false, true] {
                let got = help_as(cmd, catalogued);
                let want = if cmd.starts_with("unknown-tool") && catalogued {
                    got.clone()
                } else {
                    want.map(str::to_owned)
                };
                if got != want {
                    bad.push(format!(
                        "{cmd} (catalogued {catalogued}): want {want:?}, got {got:?}"
                    ));
                }
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert_eq!(
            help_as("unknown-tool --help", true).as_deref(),
            Some("program")
        );
    }

    #[test]
    fn listed_subcommands() {
        assert!(lists_subcommand("koji", "resubmit"));
        assert!(lists_subcommand("aws", "iam"));
        assert!(!lists_subcommand("koji", "unknown"));
        assert!(!lists_subcommand("cargo", "build"));
        assert!(!lists_subcommand("gh", "skyline"));
    }
}
