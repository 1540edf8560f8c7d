//! `env-prefix`: environment assignments that apply to a command — prefixes (`X=1 cmd`),
//! `env X=1 cmd`, and earlier `export X=…;` / `X=…;` in the same line — and history tampering
//! through the `HIST*` variables.

use std::sync::OnceLock;

use regex_lite::Regex;

use super::common::{ask, prog, text};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::ast::Span;
use crate::decision::Risk;
use crate::programs::environment as env;
use crate::wordlist::{Words, words};

declare_check! {
    /// **What it flags**: an assignment applying to a unit (prefix, `env NAME=…`, or an earlier
    /// `export NAME=…;`/`NAME=…;` in the line), and `export`/`declare -x` of such names. Known
    /// harmless names (`LANG`, `LC_*` naming a locale, not a path, `TZ` naming a zone, not a
    /// path, `TERM`, `NO_COLOR`, `FORCE_COLOR`, `CI`,
    /// `RUST_LOG`, `RUST_BACKTRACE`, `PAGER=cat`, `GIT_PAGER=cat`, `COLUMNS`, `LINES`, `DEBUG`…,
    /// and `RUSTFLAGS` of lint levels, `--cfg` and code-generation settings only) are not
    /// flagged; any other → ask (medium); names that change what runs or what it loads
    /// (`PATH`, `LD_PRELOAD`, `LD_LIBRARY_PATH`, `LD_AUDIT`, `DYLD_*`, `PYTHONPATH`,
    /// `PYTHONSTARTUP`, `NODE_OPTIONS`, `PERL5OPT`, `RUBYOPT`, `BASH_ENV`, `ENV`,
    /// `PROMPT_COMMAND`, `IFS`, `GIT_SSH_COMMAND`, `GIT_CONFIG_*`, `GIT_EXTERNAL_DIFF`,
    /// `EDITOR`/`VISUAL`/`PAGER` set to a command, `LESSOPEN`, `SHELLOPTS`…) and history
    /// variables (`HISTFILE`, `HISTSIZE`…) → ask (high).
    ///
    /// **Why it is risky**: `PATH=. ls` runs `./ls`; `LD_PRELOAD=x.so ls` runs `x.so` inside
    /// `ls`; `GIT_SSH_COMMAND='sh -c …' git fetch` runs a shell. A read-only command stops being
    /// read-only. `HISTFILE=/dev/null` hides what was run.
    ///
    /// **Example**: `LANG=C ls` → not flagged; `FOO=1 ls` → ask; `env LD_PRELOAD=./x.so ls` →
    /// ask (high).
    ///
    /// **Known gaps**: variables set in a profile or an earlier session are not seen; a bare
    /// `HISTFILE=…` with no command after it is recognised from the text.
    EnvPrefix,
    "env-prefix"
}

const PLAIN_COMMANDS: Words = words![
    "cat", "less", "more", "most", "vi", "vim", "nvim", "nano", "emacs", "code", "true", "ed",
];

/// Build flags `GOFLAGS` may carry without changing what go runs, reads or writes: module mode
/// `vendor`/`readonly`, build tags, path trimming, VCS stamping, a writable module cache, the
/// race detector.
const HARMLESS_GOFLAGS: Words = words![
    "-mod=vendor",
    "-mod=readonly",
    "-trimpath",
    "-modcacherw",
    "-race",
    "-buildvcs=false",
    "-buildvcs=true",
    "-buildvcs=auto",
];

/// Is one word of a `GOFLAGS` value a flag known to be harmless ([`HARMLESS_GOFLAGS`], or a
/// build-tag list)?
fn harmless_goflag(flag: &str) -> bool {
    HARMLESS_GOFLAGS.contains(flag)
        || flag.strip_prefix("-tags=").is_some_and(|t| {
            t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b','))
        })
}

/// Whether a `TZ` value names a file outside the zone directory, or one known only at run
/// time: after glibc's optional leading `:`, a path from the root or the home, or one with a
/// `..` component (the zone directory is prefixed to a relative name as it stands).
fn tz_names_a_file(v: &str) -> bool {
    let file = v.strip_prefix(':').unwrap_or(v);
    v.contains(['$', '`'])
        || file.starts_with(['/', '~'])
        || file.split('/').any(|part| part == "..")
}

/// How risky setting `name` to `value` is; `None` for harmless.
fn classify(name: &str, value: Option<&str>) -> Option<(Risk, &'static str)> {
    // `BASH_CMDS[ls]=…` sets an element: the array's name decides.
    let name = name.split('[').next().unwrap_or(name);
    if name.starts_with("HIST") {
        return Some((Risk::High, "changes the shell history, hiding what was run"));
    }
    // `LC_ALL=/path` makes glibc load the locale's data from that directory (as `LOCPATH` does),
    // and `LANGUAGE=../../x` makes gettext read its message catalogue, the formats every
    // message is printed with, from a path: a locale named by a path, or by a value known only
    // at run time, is not the harmless setting a locale name is.
    if env::names_locale(name) && value.is_none_or(|v| v.contains(['/', '$', '`'])) {
        return Some((
            Risk::High,
            "names locale data the program loads by its path",
        ));
    }
    // `TZ=/dev/watchdog date`, `TZ=:../../../proc/1/environ ls -l`: a zone named by a path
    // (absolute, from the home, or climbing out of the zone directory with `..`) is a file the
    // C library opens (a device acts when opened); `TZ=Europe/Paris` and `TZ=UTC` are zones.
    if name == "TZ" && value.is_none_or(tz_names_a_file) {
        return Some((
            Risk::High,
            "names a time-zone file the program opens by its path",
        ));
    }
    if env::is_harmless(name) {
        return None;
    }
    // `PATH=/usr/bin:/bin ls`: only the system's program directories, which hold the programs
    // the analysis takes a name for; no entry the working directory or the person can fill.
    if name == "PATH" && value.is_some_and(crate::files::is_system_program_path) {
        return None;
    }
    // `GOFLAGS=-mod=vendor` is harmless; any flag not known to be (`-toolexec`, `-exec`,
    // `-overlay`, `-modfile`, `-vettool`, `-ldflags=-extld=…`, `-mod=mod`, which rewrites
    // `go.mod` and downloads modules) makes go run, read or write what the value names.
    if name == "GOFLAGS" && value.is_some_and(|v| v.split_whitespace().all(harmless_goflag)) {
        return None;
    }
    // `RUSTFLAGS=-Dwarnings` is harmless; any flag not known to be may load a library into
    // rustc (`-Zcodegen-backend=./x.so`) or write a file (`--print=cfg=PATH`), even for `cargo
    // metadata` and `cargo tree`, which ask rustc about the target with these flags. A value
    // known only at run time may hold one.
    if name == "RUSTFLAGS"
        && let Some(v) = value
        && !v.contains(['$', '`'])
        && super::workspace_code::rustc_flags_harmless(v.split_whitespace())
    {
        return None;
    }
    // A variable whose value a program runs (the program catalogue's list) and that is not a
    // loader: a plain editor or pager is medium, any other command high.
    if env::is_command_var(name) && !env::changes_what_runs(name) {
        let v = value.unwrap_or("$");
        let first = v.split_whitespace().next().unwrap_or("");
        let plain = !v.contains(['$', '`', ';', '|', '&', '(', '<', '>'])
            && PLAIN_COMMANDS.contains(first)
            && v.split_whitespace().skip(1).all(|w| w.starts_with('-'));
        if matches!(name, "PAGER" | "GIT_PAGER") && v == "cat" {
            return None;
        }
        return if plain {
            Some((Risk::Medium, "sets the program it opens"))
        } else {
            Some((Risk::High, "sets a command the program will run"))
        };
    }
    if env::changes_what_runs(name) {
        return Some((Risk::High, "changes what runs or what it loads"));
    }
    if env::steers_program(name) {
        return Some((
            Risk::High,
            "makes the program take its options, settings or code from the value, or write where it says",
        ));
    }
    Some((
        Risk::Medium,
        "sets an environment variable the program reads",
    ))
}

/// Each `${NAME:=…}` or `${NAME=…}` of `input`, which assigns `NAME` when it is unset or empty
/// (`: ${CDPATH:=/}; cd etc` changes where `cd` goes): where it starts, where its operator
/// ends, and `NAME`. A subscript may stand between the name and
/// the operator (`${BASH_CMDS[ls]:=/bin/rm}` assigns an element, and the array's name decides
/// what that does); one holding a quote or an expansion, or one no `]` closes, counts as
/// assigning, as where bash ends it is not read here.
fn expansion_assignments(input: &str) -> Vec<(usize, usize, &str)> {
    let b = input.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = input.get(from..).and_then(|t| t.find("${")) {
        let start = from + k;
        from = start + 2;
        let name_end = (from..b.len())
            .find(|&i| !(b[i].is_ascii_alphanumeric() || b[i] == b'_'))
            .unwrap_or(b.len());
        if name_end == from || b[from].is_ascii_digit() {
            continue;
        }
        let name = &input[from..name_end];
        let mut at = name_end;
        if b.get(at) == Some(&b'[') {
            match crate::analyze::closing_bracket(b, at) {
                Some(close)
                    if !b[at..close]
                        .iter()
                        .any(|c| matches!(c, b'\'' | b'"' | b'$' | b'`')) =>
                {
                    at = close + 1;
                }
                _ => {
                    out.push((start, at, name));
                    continue;
                }
            }
        }
        let op = match b.get(at..) {
            Some(rest) if rest.starts_with(b":=") => 2,
            Some(rest) if rest.starts_with(b"=") => 1,
            _ => continue,
        };
        out.push((start, at + op, name));
    }
    out
}

fn bare_history() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(^|[;&|\s(])(export\s+)?HIST[A-Z]*=").ok())
        .as_ref()
}

impl Check for EnvPrefix {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let a = cx.analysis;
        let mut history_seen = false;
        // A bare `PATH=…` with no command changes the shell itself: every later command, also
        // in an agent's persistent shell. The names that change what runs or loads ask.
        // (A variable set at run time by a builtin is judged with that builtin below.)
        for asg in a
            .assignments
            .iter()
            .filter(|a| a.template != crate::analyze::SET_AT_RUN_TIME)
        {
            if let Some((risk @ Risk::High, why)) = classify(&asg.name, asg.value.as_deref()) {
                history_seen |= asg.name.starts_with("HIST");
                out.push(ask(
                    None,
                    asg.span,
                    risk,
                    format!("`{}` set for the rest of the shell: {why}", asg.name),
                ));
            }
        }
        for (i, u) in a.units.iter().enumerate() {
            for asg in u
                .assignments
                .iter()
                .filter(|a| a.template != crate::analyze::SET_AT_RUN_TIME)
            {
                if let Some((risk, why)) = classify(&asg.name, asg.value.as_deref()) {
                    history_seen |= asg.name.starts_with("HIST");
                    // A bare `x=1;` earlier on the line is a shell variable, not in the
                    // program's environment, unless it changes one that is already exported.
                    // Upper-case names may well be (HOME, LANG…), and the high-risk ones (PATH,
                    // LD_*…) always count; a lower-case shell variable does not.
                    // A bare `x=1;`/`DIR=src;` earlier on the line is a shell variable, not in
                    // the program's environment, unless it changes one already exported: the
                    // names that change what runs (PATH, LD_*…, high risk) always count.
                    if asg.inherited && !asg.exported && risk < Risk::High {
                        continue;
                    }
                    // `IFS= read -r line`: only how `read` splits the line.
                    if asg.name == "IFS"
                        && !asg.inherited
                        && matches!(prog(u), Some("read" | "mapfile" | "readarray"))
                    {
                        continue;
                    }
                    let how = if !asg.inherited {
                        "set"
                    } else if asg.exported {
                        "exported earlier"
                    } else {
                        "set earlier on the line"
                    };
                    out.push(ask(
                        Some(i),
                        asg.span,
                        risk,
                        format!(
                            "`{}` {how} for `{}`: {why}",
                            asg.name,
                            prog(u).unwrap_or("?")
                        ),
                    ));
                }
            }
            // `read -r PATH <<< …`, `mapfile -t PATH`, `printf -v PATH …`: a variable set from
            // input, which shclass cannot see.
            if let Some(p @ ("read" | "mapfile" | "readarray" | "printf" | "getopts" | "wait")) =
                prog(u)
            {
                // The one reading of these builtins' name operands (each builtin's own options:
                // `mapfile -t` takes no value, `read -t` does).
                let words: Vec<&str> = u.args().map(text).collect();
                for (k, at) in crate::analyze::name_operands(p, &words) {
                    let Some(w) = words.get(k).and_then(|w| w.get(at..)) else {
                        continue;
                    };
                    let name = w.split('[').next().unwrap_or(w);
                    if let Some((Risk::High, why)) = classify(name, None) {
                        history_seen |= name.starts_with("HIST");
                        out.push(ask(
                            Some(i),
                            u.span,
                            Risk::High,
                            format!("`{p}` sets `{name}`: {why}"),
                        ));
                    }
                }
            }
            // `exec {PATH}>/dev/null`, `ls {BASH_ENV}>&1`: a named descriptor puts the number
            // of the descriptor bash opens (10 or above) in the variable, which keeps it.
            for r in &u.redirects {
                let Some(name) =
                    r.fd.as_deref()
                        .and_then(crate::analyze::descriptor_variable)
                else {
                    continue;
                };
                if matches!(r.op.as_str(), ">&-" | "<&-")
                    || matches!(r.op.as_str(), ">&" | "<&") && r.template == "-"
                {
                    continue;
                }
                if let Some((Risk::High, why)) = classify(name, None) {
                    history_seen |= name.starts_with("HIST");
                    out.push(ask(
                        Some(i),
                        r.span,
                        Risk::High,
                        format!("the named descriptor `{{{name}}}` sets `{name}`: {why}"),
                    ));
                }
            }
            // `export NAME=…`, `declare -x NAME=…`, `typeset`, `readonly`, `unset HISTFILE`.
            if let Some(p @ ("export" | "declare" | "typeset" | "readonly" | "local" | "unset")) =
                prog(u)
            {
                // `declare x=1`, `local -r x=1`, `readonly x=1` without `-x` (export) or `-n` (a
                // name for another variable) set a shell variable, as a bare `x=1;` does: only the
                // names that count even when not exported (PATH, LD_*…, high risk) are flagged. A
                // word known only at run time may be `-x`.
                let shell_variable = p != "export"
                    && p != "unset"
                    && u.args().all(|a| {
                        a.value.as_deref().is_some_and(|v| {
                            !v.starts_with(['-', '+']) || !v[1..].contains(['x', 'n'])
                        })
                    });
                // `declare -p PATH`, `declare -f name`: names to print, not to declare.
                let prints = u.args().any(|a| {
                    a.value
                        .as_deref()
                        .is_some_and(|v| v.starts_with('-') && v[1..].contains(['p', 'f', 'F']))
                });
                for w in u.args().map(text) {
                    let (name, value) = match w.split_once('=') {
                        Some((n, v)) => (n, Some(v)),
                        None if p == "unset" => (w, None),
                        // `f() { local PATH; git status; }`: in a function, a name declared
                        // without a value is a variable of the function's own, unset (`declare`
                        // and `typeset` there too): with `PATH` unset bash runs `./git`.
                        None if matches!(p, "declare" | "typeset" | "local")
                            && !prints
                            && crate::analyze::wrappers::is_variable_name(w) =>
                        {
                            (w, None)
                        }
                        None => continue,
                    };
                    if p == "unset" && !name.starts_with("HIST") {
                        continue;
                    }
                    if let Some((risk, why)) = classify(name, value)
                        && !(shell_variable && risk < Risk::High)
                    {
                        history_seen |= name.starts_with("HIST");
                        out.push(ask(Some(i), u.span, risk, format!("`{p} {name}`: {why}")));
                    }
                }
            }
        }
        if a.input.contains("${") {
            for (start, end, name) in expansion_assignments(&a.input) {
                if let Some((Risk::High, why)) = classify(name, None) {
                    history_seen |= name.starts_with("HIST");
                    out.push(ask(
                        None,
                        Span::new(start, end),
                        Risk::High,
                        format!("`{name}` assigned by an expansion: {why}"),
                    ));
                }
            }
        }
        if !history_seen
            && a.input.contains("HIST")
            && let Some(m) = bare_history().and_then(|re| re.find(&a.input))
        {
            out.push(ask(
                None,
                Span::new(m.start(), m.end()),
                Risk::High,
                "changes the shell history, hiding what was run".to_owned(),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("LANG=C ls", None),
            ("LC_ALL=C TZ=UTC ls", None),
            ("f() { local PATH; git status; }; f", Some(Decision::Ask)),
            ("f() { declare PATH; ls; }; f", Some(Decision::Ask)),
            ("f() { typeset -r PATH; ls; }; f", Some(Decision::Ask)),
            ("f() { local x y; ls; }; f", None),
            ("f() { local -r n; ls; }; f", None),
            ("declare -p PATH", None),
            ("f() { typeset -fp PATH; }; f", None),
            ("LC_ALL=/tmp/x ls", Some(Decision::Ask)),
            (
                "export LANGUAGE=../../../tmp/x; sort a",
                Some(Decision::Ask),
            ),
            ("env LANG=./loc sort a", Some(Decision::Ask)),
            ("TZ=America/New_York date", None),
            ("TZ=:Europe/Paris ls -l", None),
            ("TZ=/dev/watchdog date", Some(Decision::Ask)),
            ("TZ=:/proc/1/environ ls -l", Some(Decision::Ask)),
            ("TZ=../../../dev/watchdog date", Some(Decision::Ask)),
            ("export TZ=~/x; date", Some(Decision::Ask)),
            ("TZ=\"$Z\" date", Some(Decision::Ask)),
            ("PAGER=cat git log", None),
            ("GOFLAGS=-mod=vendor go list ./...", None),
            (
                "GOFLAGS='-mod=readonly -tags=integration,e2e' go list ./...",
                None,
            ),
            ("GOFLAGS=-mod=mod go list ./...", Some(Decision::Ask)),
            ("GOFLAGS=-vettool=./x go vet ./...", Some(Decision::Ask)),
            (
                "GOFLAGS='-trimpath -ldflags=-extld=./x' go list ./...",
                Some(Decision::Ask),
            ),
            (
                "GOFLAGS=-toolexec=./x go list -export ./...",
                Some(Decision::Ask),
            ),
            ("RUSTFLAGS='-D warnings' cargo metadata", None),
            (
                "RUSTFLAGS='-Zcodegen-backend=./x.so' cargo metadata",
                Some(Decision::Ask),
            ),
            ("RUSTFLAGS=\"$X\" cargo tree", Some(Decision::Ask)),
            (
                "RUSTFLAGS='--print=cfg=/root/.bashrc' cargo metadata",
                Some(Decision::Ask),
            ),
            ("RUSTFLAGS='-C target-cpu=native --cfg x' cargo tree", None),
            ("FOO=1 ls", Some(Decision::Ask)),
            ("PATH=. ls", Some(Decision::Ask)),
            ("PATH=/usr/bin:/bin ls", None),
            ("env -i PATH=/usr/bin ls", None),
            ("export PATH=/usr/bin:/bin:/usr/sbin:/sbin; ls", None),
            ("PATH=/usr/bin: ls", Some(Decision::Ask)),
            ("PATH=:/usr/bin ls", Some(Decision::Ask)),
            ("PATH=/usr/bin::/bin ls", Some(Decision::Ask)),
            ("PATH=/usr/local/bin:/usr/bin ls", Some(Decision::Ask)),
            ("PATH=/usr/bin/../../tmp ls", Some(Decision::Ask)),
            ("PATH=/usr/bin:$PATH ls", Some(Decision::Ask)),
            ("PATH=\"/usr/bin:$HOME/bin\" ls", Some(Decision::Ask)),
            ("PATH=/usr/bin:bin ls", Some(Decision::Ask)),
            ("PATH= ls", Some(Decision::Ask)),
            ("export PATH=/tmp:$PATH; ls", Some(Decision::Ask)),
            ("env LD_PRELOAD=x ls", Some(Decision::Ask)),
            ("GIT_SSH_COMMAND='sh -c x' git fetch", Some(Decision::Ask)),
            ("HISTFILE=/dev/null", Some(Decision::Ask)),
            ("unset HISTFILE", Some(Decision::Ask)),
            ("export HISTSIZE=0", Some(Decision::Ask)),
            ("ls", None),
            ("DIR=src; ls \"$DIR\"", None),
            (
                "while IFS= read -r f; do wc -l \"$f\"; done < list.txt",
                None,
            ),
            ("IFS=: read -ra parts <<< \"$PATH\"", None),
            ("for PATH in /tmp/evil; do ls; done", Some(Decision::Ask)),
            ("PWD=/etc; cat ~+/shadow", Some(Decision::Ask)),
            (
                "for OLDPWD in /etc; do cat ~-/shadow; done",
                Some(Decision::Ask),
            ),
            ("POSIXLY_CORRECT=1; ls", Some(Decision::Ask)),
            (": ${CDPATH:=/}; cd etc", Some(Decision::Ask)),
            ("echo ${LD_PRELOAD=./x.so}", Some(Decision::Ask)),
            ("echo ${name:=x}", None),
            (": ${BASH_CMDS[ls]:=/tmp/evil/ls}; ls", Some(Decision::Ask)),
            ("echo \"${BASH_CMDS[ls]=/bin/rm}\"; ls", Some(Decision::Ask)),
            (": ${BASH_CMDS[a[b]]:=/bin/rm}", Some(Decision::Ask)),
            (": ${BASH_CMDS[\"$k\"]:=/bin/rm}", Some(Decision::Ask)),
            ("echo ${BASH_CMDS[ls]}", None),
            ("echo ${list[0]:=1}", None),
            ("wait -n -p PATH; ls", Some(Decision::Ask)),
            ("wait -f -n -p LD_PRELOAD 1", Some(Decision::Ask)),
            ("wait -n -p pid", None),
            ("read -r PATH <<< /tmp/evil; ls", Some(Decision::Ask)),
            ("exec {PATH}>/dev/null; ls", Some(Decision::Ask)),
            ("true {BASH_ENV}>&1; bash -c true", Some(Decision::Ask)),
            ("exec {fd}>/dev/null; ls", None),
            ("exec {PATH}>&-; ls", None),
            ("printf -v LD_PRELOAD '%s' ./x.so", Some(Decision::Ask)),
            ("BASH_CMDS[ls]=/tmp/evil/ls; ls", Some(Decision::Ask)),
            ("read -r name; echo \"$name\"", None),
            ("declare x=1", None),
            ("local -r dir=src; ls \"$dir\"", None),
            ("readonly name=value", None),
            ("typeset -a list=(a b)", None),
            ("declare -x FOO=1", Some(Decision::Ask)),
            ("declare -rx FOO=1", Some(Decision::Ask)),
            ("declare -n ref=FOO", Some(Decision::Ask)),
            ("declare +x FOO=1", Some(Decision::Ask)),
            ("declare \"$opt\" FOO=1", Some(Decision::Ask)),
            ("declare PATH=/tmp/evil; ls", Some(Decision::Ask)),
            ("local LD_PRELOAD=./x.so", Some(Decision::Ask)),
            ("readonly HISTFILE=/dev/null", Some(Decision::Ask)),
            ("declare EDITOR='sh -c x'", Some(Decision::Ask)),
            ("LESS='+!sh x'; git log", Some(Decision::Ask)),
            (
                "TAR_OPTIONS=--to-command=sh; tar -tf x.tar",
                Some(Decision::Ask),
            ),
            ("RIPGREP_CONFIG_PATH=x; rg foo", Some(Decision::Ask)),
            ("GIT_TRACE=/root/.bashrc; git status", Some(Decision::Ask)),
            (
                "SYSTEMD_LESS=-o/root/x; systemctl status",
                Some(Decision::Ask),
            ),
            ("PERLDOC=-MEvil; perldoc perl", Some(Decision::Ask)),
            ("BAT_PAGER='sh -c x'; bat f", Some(Decision::Ask)),
            ("BAT_PAGER=less; bat f", None),
            ("FILE_PATH=src/main.rs; cat \"$FILE_PATH\"", None),
            ("CONFIG=x.yml; cat \"$CONFIG\"", None),
            ("OPT=-l; ls $OPT", None),
            ("PROJECT_ROOT=$(pwd); ls \"$PROJECT_ROOT\"", None),
        ] {
            assert_eq!(decisions(&super::EnvPrefix, cmd), want, "{cmd}");
        }
    }

    #[test]
    fn risks() {
        use crate::decision::Risk;
        for (name, value, want) in [
            ("PATH", Some("."), Some(Risk::High)),
            ("PATH", Some("/usr/bin:/bin"), None),
            ("PATH", Some("/usr/bin/"), Some(Risk::High)),
            ("PATH", Some(""), Some(Risk::High)),
            ("PATH", None, Some(Risk::High)),
            ("PATH", Some("/tmp/x"), Some(Risk::High)),
            ("DYLD_INSERT_LIBRARIES", Some("x"), Some(Risk::High)),
            ("GIT_CONFIG_COUNT", Some("1"), Some(Risk::High)),
            ("EDITOR", Some("vim"), Some(Risk::Medium)),
            ("EDITOR", Some("sh -c 'x'"), Some(Risk::High)),
            ("PAGER", Some("cat"), None),
            ("GIT_PAGER", Some("less -R"), Some(Risk::Medium)),
            ("GIT_PAGER", Some("sh -c x"), Some(Risk::High)),
            ("FOO", Some("1"), Some(Risk::Medium)),
            ("LC_ALL", Some("C"), None),
            ("LANG", Some("C.UTF-8"), None),
            ("LANGUAGE", Some("fr:de"), None),
            ("LC_ALL", Some("/tmp/x"), Some(Risk::High)),
            ("LC_CTYPE", Some("./loc"), Some(Risk::High)),
            ("LANG", Some("/work/repo/loc"), Some(Risk::High)),
            ("LANGUAGE", Some("../../../tmp/x"), Some(Risk::High)),
            ("LC_ALL", Some("$X"), Some(Risk::High)),
        ] {
            assert_eq!(
                super::classify(name, value).map(|r| r.0),
                want,
                "{name}={value:?}"
            );
        }
    }

    /// Every variable of the program catalogue's command list asks at high risk when its
    /// value is a shell command, whether or not it is a loader.
    #[test]
    fn command_vars_with_a_command_are_high() {
        use crate::decision::Risk;
        for name in crate::programs::environment::COMMAND_VARS {
            assert_eq!(
                super::classify(name, Some("sh -c 'x'")).map(|r| r.0),
                Some(Risk::High),
                "{name}"
            );
        }
    }
}
