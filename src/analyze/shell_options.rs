//! The shell options known to change nothing about what a line runs: a closed list, shared by
//! the `shell-state` check (`set`, `shopt` on the line) and by the analysis of a shell started
//! with options (`bash -x -c …`, `bash -O expand_aliases -c …`). Everything else is treated as
//! a change in how code is read or run.

use crate::wordlist::{Words, words};

/// `set` option letters harmless with either sign.
const SET_LETTERS: &str = "eufCvbhnE";

/// `set -o`/`shopt -o` names harmless with either sign.
const SET_NAMES: Words = words![
    "errexit",
    "nounset",
    "pipefail",
    "noglob",
    "noclobber",
    "verbose",
    "notify",
    "hashall",
    "noexec",
    "errtrace",
    // Switching history off hides what runs: the `history-disable` rule asks for that.
    "history",
];

/// `shopt -s`/`-u` names harmless either way. `globstar` makes `**` reach into visible
/// directories, which the glob checks always assume; `failglob` makes a glob that matches
/// nothing an error, so the command does not run.
const SHOPT_NAMES: Words = words![
    "globstar",
    "failglob",
    "nocasematch",
    "checkwinsize",
    "histappend",
    "cmdhist",
    "inherit_errexit",
    "lastpipe",
];

/// A `set` letter: harmless with either sign, or `x` switched off.
pub(crate) fn harmless_set_letter(c: char, on: bool) -> bool {
    SET_LETTERS.contains(c) || (!on && c == 'x')
}

/// A `set -o`/`+o` name: harmless with either sign, or `xtrace` switched off.
pub(crate) fn harmless_set_name(name: &str, on: bool) -> bool {
    SET_NAMES.contains(name) || (!on && name == "xtrace")
}

/// `shopt` names, off by default, that change which files a later glob expands to when
/// switched on: `dotglob` (`*` matches `.env`), `nocaseglob` (`.EN[V]` matches `.env`),
/// `nullglob` (a glob that matches nothing vanishes, so the words after it move up:
/// `grep -r KEY *.txt` without a `.txt` becomes `grep -r KEY`, a search of `.` that reads
/// `.env`; `find *.tmp -delete` becomes `find -delete`). Switching them off is harmless.
const SHOPT_DEFAULT_OFF: Words = words!["dotglob", "nocaseglob", "nullglob"];

/// `shopt` names, on by default, that change which files a later glob expands to when switched
/// off: `globasciiranges` (off, `[D-F]` follows the locale's collation, where it can hold `e`).
const SHOPT_DEFAULT_ON: Words = words!["globasciiranges"];

/// A `shopt -s` (`on`) or `-u` name.
pub(crate) fn harmless_shopt(name: &str, on: bool) -> bool {
    SHOPT_NAMES.contains(name)
        || (!on && SHOPT_DEFAULT_OFF.contains(name))
        || (on && SHOPT_DEFAULT_ON.contains(name))
}

/// A letter in a shell's own option bundle (`bash -ec …`): the `set` letters plus `c`
/// (command string), `s` (standard input), `r` (restricted) and `o`/`O` (named options,
/// judged by name). `-i` and `-l` read start-up files.
pub(crate) fn harmless_invocation_letter(c: char, on: bool) -> bool {
    matches!(c, 'c' | 's' | 'r' | 'o' | 'O') || harmless_set_letter(c, on)
}

/// A long option of bash: `--norc`, `--noprofile`, `--noediting`, `--restricted`,
/// `--verbose`, `--version`, `--help`. `--login`, `--rcfile`, `--init-file`, `--posix`,
/// `--debugger` and the rest are not.
pub(crate) fn harmless_long(long: &str) -> bool {
    matches!(
        long,
        "norc" | "noprofile" | "noediting" | "restricted" | "verbose" | "version" | "help"
    )
}

/// The first option of `set ARGS…` (as bash reads them) outside the harmless list.
pub(crate) fn set_problem(args: &[&str]) -> Option<String> {
    let mut i = 0;
    while let Some(&a) = args.get(i) {
        if a == "--" || a == "-" {
            return None;
        }
        let (on, letters) = match (a.strip_prefix('-'), a.strip_prefix('+')) {
            (Some(l), _) => (true, l),
            (_, Some(l)) => (false, l),
            _ => return None,
        };
        for c in letters.chars() {
            if c == 'o' {
                i += 1;
                match args.get(i) {
                    Some(name) if harmless_set_name(name, on) => {}
                    Some(name) => return Some(format!("{a} {name}")),
                    // `set -o` alone prints the options.
                    None => return None,
                }
            } else if !harmless_set_letter(c, on) {
                return Some(format!("{}{c}", if on { '-' } else { '+' }));
            }
        }
        i += 1;
    }
    None
}

/// The first option of `shopt ARGS…` outside the harmless list.
pub(crate) fn shopt_problem(args: &[&str]) -> Option<String> {
    let mut set_names = false;
    let mut changes = false;
    let mut on = false;
    let mut names = Vec::new();
    let mut options_done = false;
    for &a in args {
        if !options_done && a == "--" {
            options_done = true;
        } else if !options_done && a.starts_with('-') && a.len() > 1 {
            for c in a[1..].chars() {
                match c {
                    's' | 'u' => {
                        changes = true;
                        on |= c == 's';
                    }
                    'o' => set_names = true,
                    'p' | 'q' => {}
                    _ => return Some(a.to_owned()),
                }
            }
        } else {
            options_done = true;
            names.push(a);
        }
    }
    if !changes {
        return None;
    }
    names
        .into_iter()
        .find(|n| {
            if set_names {
                !harmless_set_name(n, true)
            } else {
                !harmless_shopt(n, on)
            }
        })
        .map(str::to_owned)
}

/// Names whose assignment changes which program a later word runs or what the shell runs by
/// itself: aliases, the command hash, start-up files, prompt and trace hooks.
pub(crate) fn hook_variable(name: &str) -> bool {
    let base = name.split('[').next().unwrap_or(name);
    matches!(
        base,
        "BASH_ALIASES"
            | "BASH_CMDS"
            | "BASH_ENV"
            | "ENV"
            | "PROMPT_COMMAND"
            | "PS0"
            | "PS1"
            | "PS2"
            | "PS4"
    )
}

impl super::decompose::Walker<'_> {
    /// Flag (`dynamic-code`) what changes how later words of the line are read or run: an
    /// alias definition, `hash -p`, `enable`, `set`/`shopt` outside the harmless lists, and
    /// assignments to alias, hash, start-up and prompt variables. What runs afterwards is not
    /// what the units name.
    pub(crate) fn shell_state_changes(&mut self) {
        use super::FlagKind;
        let mut found: Vec<(crate::ast::Span, String)> = Vec::new();
        for u in &self.units {
            let program = u.program.as_deref().unwrap_or_default();
            if !matches!(program, "alias" | "hash" | "enable" | "set" | "shopt") {
                continue;
            }
            let args: Vec<&str> = u
                .args()
                .map(|a| a.value.as_deref().unwrap_or(&a.template))
                .collect();
            let why = match program {
                "alias" if args.iter().any(|a| a.contains('=')) => {
                    Some("an alias replaces a program name later on the line".to_owned())
                }
                "hash" if args.iter().any(|a| a.starts_with('-') && a.contains('p')) => {
                    Some("`hash -p` makes a name run another file".to_owned())
                }
                "enable" if !args.is_empty() => {
                    Some("`enable` loads or switches off builtins".to_owned())
                }
                "set" => {
                    set_problem(&args).map(|w| format!("`set {w}` changes how later commands run"))
                }
                "shopt" => shopt_problem(&args)
                    .map(|w| format!("`shopt {w}` changes how later commands are read")),
                _ => None,
            };
            if let Some(why) = why {
                found.push((u.span, why));
            }
        }
        for a in self
            .bare
            .iter()
            .chain(self.units.iter().flat_map(|u| u.assignments.iter()))
        {
            if hook_variable(&a.name) {
                found.push((
                    a.span,
                    format!(
                        "`{}` changes what the shell runs by itself or for a name",
                        a.name
                    ),
                ));
            }
        }
        found.sort_by_key(|f| (f.0.start, f.0.end));
        found.dedup_by_key(|f| f.0);
        for (span, why) in found {
            self.flag(FlagKind::DynamicCode, span, why);
        }
    }

    /// A translated string `$"…"` is replaced, when bash reads it, by its translation in the
    /// message catalog of `TEXTDOMAIN` under `TEXTDOMAINDIR`, and the translation is expanded as
    /// a double-quoted string: a catalog the line points these variables at (a repository's
    /// `locale/…/x.mo`) makes `$"hi"` run `$(cmd)`. When the line may set either variable (by
    /// any spelling bash reads as the name: an assignment, `read`, `printf -v`, `for`, `${…:=}`,
    /// `declare`), every `$"…"` is flagged (`dynamic-code`). The environment's catalog is the
    /// person's, and trusted.
    pub(crate) fn translated_strings(&mut self, input: &str) {
        use super::FlagKind;
        const NAME: &str = "TEXTDOMAIN";
        let mut spans: Vec<crate::ast::Span> = input
            .match_indices("$\"")
            .map(|(at, _)| crate::ast::Span::new(at, at + 2))
            .collect();
        spans.extend(self.translated.iter().copied());
        if spans.is_empty() {
            return;
        }
        let names_catalog = input.contains(NAME)
            || self.bare.iter().any(|a| a.name.contains(NAME))
            || self.units.iter().any(|u| {
                u.assignments.iter().any(|a| a.name.contains(NAME))
                    || u.args()
                        .any(|a| a.value.as_deref().unwrap_or(&a.template).contains(NAME))
            });
        if !names_catalog {
            return;
        }
        spans.sort_by_key(|s| (s.start, s.end));
        spans.dedup();
        for span in spans {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "the line sets the message catalog (`TEXTDOMAIN`, `TEXTDOMAINDIR`) a translated \
                 string `$\"…\"` is read from: bash expands the translation, which can hold a \
                 command substitution",
            );
        }
    }
}
