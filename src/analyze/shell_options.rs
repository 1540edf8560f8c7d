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

/// `shopt -s`/`-u` names harmless either way.
const SHOPT_NAMES: Words = words![
    "globstar",
    "nullglob",
    "dotglob",
    "failglob",
    "nocaseglob",
    "nocasematch",
    "globasciiranges",
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

/// A `shopt -s`/`-u` name.
pub(crate) fn harmless_shopt(name: &str) -> bool {
    SHOPT_NAMES.contains(name)
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
