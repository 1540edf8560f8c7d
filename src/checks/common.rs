//! Shared knowledge for the checks: program families (shells, interpreters, network tools,
//! downloaders and decoders), block devices, which words of a unit it writes to, and the
//! catastrophe recogniser used on words whose program is hidden and on code found inside
//! strings. Which file is a secret, start-up, account or scratch file is `crate::files`'s
//! one classification, shared with the path policy.
//!
//! Not a check itself and decides nothing: each check turns these facts into findings.

use std::borrow::Cow;
use std::cell::Cell;
use std::path::Path;

use crate::analyze::{Analysis, Arg, Context, FlagKind, Unit};
use crate::ast::Span;
use crate::decision::{Decision, Risk};
use crate::files::{home_relative, in_scratch_dir, is_home, is_root, system_depth, unquote};
use crate::programs::args::{self, Names, OptionSpec};
use crate::programs::tables;

use super::Finding;

thread_local! {
    /// How deep [`catastrophe_in_code`] is nested (code in a string in code in a string…).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Shells that run code given with `-c` or on standard input: the ones whose `-c` string the
/// analyzer reads as code ([`crate::analyze::is_shell`]), and `busybox` (`busybox sh`).
pub(crate) fn is_shell(p: &str) -> bool {
    crate::analyze::is_shell(p) || p == "busybox"
}

pub(crate) use crate::programs::{base, is_decoder, is_downloader, is_host_lookup, is_sender};

/// A unit's program file name, if static.
pub(crate) fn prog(unit: &Unit) -> Option<&str> {
    let p = unit.program.as_deref()?;
    // A name written without a directory part has no `/` to look for ([`Unit::path`]); the
    // checks ask for every unit's name many times.
    Some(if unit.path.is_none() { p } else { base(p) })
}

/// An interpreter name, with version suffixes (`python3.12`): the analyzer's one list.
pub(crate) use crate::analyze::is_interpreter;

/// The word's static value, or its template when dynamic.
pub(crate) fn text(arg: &Arg) -> &str {
    arg.value.as_deref().unwrap_or(&arg.template)
}

/// Units whose span lies inside `span`.
pub(crate) fn units_within(
    analysis: &Analysis,
    span: Span,
) -> impl Iterator<Item = (usize, &Unit)> {
    analysis
        .units
        .iter()
        .enumerate()
        .filter(move |(_, u)| span.start <= u.span.start && u.span.end <= span.end)
}

/// The spans of every pipeline (and pipe-to-shell) flag that contains the unit, innermost first.
pub(crate) fn pipelines_of(analysis: &Analysis, unit: &Unit) -> Vec<Span> {
    let mut spans: Vec<Span> = analysis
        .flags
        .iter()
        .filter(|f| matches!(f.kind, FlagKind::Pipeline | FlagKind::PipeToShell))
        .map(|f| f.span)
        .filter(|s| s.start <= unit.span.start && unit.span.end <= s.end)
        .collect();
    spans.sort_by_key(|s| s.len());
    spans
}

/// A deny finding of critical risk.
pub(crate) fn deny(unit: Option<usize>, span: Span, message: String) -> Finding {
    Finding {
        unit,
        decision: Decision::Deny,
        risk: Risk::Critical,
        message,
        span,
        edit: false,
    }
}

/// An ask finding of the given risk.
pub(crate) fn ask(unit: Option<usize>, span: Span, risk: Risk, message: String) -> Finding {
    Finding {
        unit,
        decision: Decision::Ask,
        risk,
        message,
        span,
        edit: false,
    }
}

/// A block device or raw memory: writing to it destroys a disk or the running system.
pub(crate) fn is_block_device(path: &str) -> bool {
    let p = unquote(path);
    let Some(dev) = p.strip_prefix("/dev/") else {
        return matches!(
            &*p,
            "/proc/sysrq-trigger" | "/proc/sys/kernel/sysrq" | "/proc/kcore"
        ) || p.starts_with("/sys/firmware/efi/efivars");
    };
    if matches!(dev, "mem" | "kmem" | "port" | "root" | "disk") {
        return true;
    }
    let prefixes = [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "mapper/", "md", "dm-", "nbd",
        "zd", "sr", "scd", "bcache",
    ];
    prefixes.iter().any(|pre| {
        dev.strip_prefix(pre)
            .is_some_and(|rest| !rest.is_empty() || pre.ends_with('/'))
    })
}

/// A disk, partition or raw memory whose contents can be read (`/dev/sda`, `/dev/mem`,
/// `/proc/kcore`): every secret on the machine is in it. Kernel trigger files are not.
pub(crate) fn is_raw_device(path: &str) -> bool {
    is_block_device(path) && !path.contains("sysrq") && !path.contains("efivars")
        || is_capture_device(path)
}

/// A device that gives what the person types, says, shows or films: input events and raw HID
/// reports (keystrokes, passwords included), the virtual consoles' screen contents, cameras
/// and sound capture (`/dev/input/event0`, `/dev/hidraw0`, `/dev/vcs1`, `/dev/video0`,
/// `/dev/snd/pcmC0D0c`); a terminal's input (`/dev/tty`, `/dev/tty2`, `/dev/pts/0`,
/// `/dev/console`: what is typed there, passwords included, goes to the reader instead).
pub(crate) fn is_capture_device(path: &str) -> bool {
    let p = unquote(path);
    let Some(dev) = p.strip_prefix("/dev/") else {
        return false;
    };
    let terminal = dev
        .strip_prefix("tty")
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        || dev.starts_with("pts/")
        || dev == "console";
    terminal
        || dev.starts_with("input/")
        || dev.starts_with("snd/pcm") && dev.ends_with('c')
        || ["hidraw", "vcs", "video", "uhid", "usbmon"]
            .iter()
            .any(|pre| {
                dev.strip_prefix(pre).is_some_and(|r| {
                    r.is_empty() || r.starts_with(|c: char| c.is_ascii_alphanumeric())
                })
            })
}

/// An option word meaning "recursive" for rm-like programs: `-r`, `-R`, bundles (`-rf`,
/// `-vfR`), `--recursive` and its unique abbreviations (`--r`, `--rec`).
pub(crate) fn is_recursive_flag(word: &str) -> bool {
    let w = unquote(word);
    if let Some(long) = w.strip_prefix("--") {
        return !long.is_empty() && "recursive".starts_with(long);
    }
    w.strip_prefix('-').is_some_and(|b| {
        !b.is_empty()
            && b.chars().all(|c| c.is_ascii_alphabetic())
            && b.chars().any(|c| c == 'r' || c == 'R')
    })
}

/// A path whose recursive removal is a catastrophe: the root, a home directory, a system
/// directory (or a directory directly in one), a directory directly under `/`, the workspace
/// root or its parent.
pub(crate) fn is_catastrophic_target(t: &str, cwd: &Path) -> bool {
    let u = unquote(t);
    let u: &str = &u;
    if u.is_empty() || in_scratch_dir(u) {
        return false;
    }
    // `~/?*`, `/**`, `?*`: a last component that bash matches against every name is `*`.
    if let Some(star) = crate::files::every_name_as_star(u) {
        return is_catastrophic_target(&star, cwd);
    }
    // `~/..`, `$HOME/../..`: climbing out of the home directory reaches `/home` or `/`.
    if let Some(rest) = ["~/", "$HOME/", "${HOME}/"]
        .iter()
        .find_map(|h| u.strip_prefix(h))
        .filter(|rest| rest.split('/').any(|c| c == ".."))
    {
        return is_catastrophic_target(&format!("/home/user/{rest}"), cwd);
    }
    // `..`, `../..`, `../../..`: the workspace's parent or above.
    if !u.starts_with('/')
        && u.split('/').any(|c| c == "..")
        && u.split('/').all(|c| matches!(c, ".." | "." | "" | "*"))
    {
        return true;
    }
    if is_root(u) || is_home(u) || system_depth(u).is_some_and(|d| d <= 2) {
        return true;
    }
    // `/var/log/*`, `/usr/*`: everything in a system directory.
    if let Some(dir) = u.strip_suffix("/*").or_else(|| u.strip_suffix("/.*"))
        && (system_depth(dir).is_some_and(|d| d <= 2) || is_home(dir))
    {
        return true;
    }
    if u.starts_with('/') {
        let normal = crate::files::normalize_abs(u);
        let trimmed = normal.trim_end_matches("/*").trim_end_matches('/');
        // `/important`: a directory directly under the root.
        if trimmed.matches('/').count() == 1 {
            return true;
        }
        let p = Path::new(trimmed);
        return p == cwd || cwd.starts_with(p);
    }
    matches!(
        u.trim_end_matches('/'),
        "." | "./*" | "*" | ".*" | ".[!.]*" | "..*" | ".." | "../*" | "../.." | "$PWD" | "${PWD}"
    )
}

/// Is this a program that removes or rewrites whatever it is given, recursively?
fn is_rm_like(p: &str) -> bool {
    matches!(
        p,
        "rm" | "shred" | "srm" | "wipe" | "rmdir" | "unlink" | "trash" | "trash-put" | "rimraf"
    )
}

/// The file a dd-style operand writes: dd's `of=`, dcfldd's and dc3dd's `of=`/`ofs=` and their
/// hashed forms `hof=`/`hofs=`, and dc3dd's `wipe=`/`hwipe=` (it fills the device).
pub(crate) fn dd_output(t: &str) -> Option<&str> {
    let (key, value) = t.split_once('=')?;
    matches!(key, "of" | "ofs" | "hof" | "hofs" | "wipe" | "hwipe").then_some(value)
}

/// Recognise a catastrophe in a command's words, program first (`""` when the program is not
/// known). Returns what it is, for the message.
pub(crate) fn catastrophe(tokens: &[String], cwd: &Path) -> Option<String> {
    let (first, rest) = tokens.split_first()?;
    let p = base(first);
    let known = !p.is_empty() && p.chars().all(|c| c.is_ascii_graphic()) && !p.contains('$');
    let recursive = rest.iter().any(|t| is_recursive_flag(t));
    let target = rest
        .iter()
        .filter(|t| !t.starts_with('-'))
        .find(|t| is_catastrophic_target(t, cwd));
    let devices = rest
        .iter()
        .find(|t| is_block_device(dd_output(t).unwrap_or(t)));
    if rest.iter().any(|t| t == "--no-preserve-root") {
        return Some("a delete that overrides --preserve-root".to_owned());
    }
    if (!known || is_rm_like(p))
        && (recursive || p == "shred")
        && let Some(t) = target
    {
        return Some(format!("recursive delete of `{t}`"));
    }
    if matches!(p, "chmod" | "chown" | "chgrp" | "setfacl")
        && rest.iter().any(|t| t == "-R" || t == "--recursive")
        && let Some(t) = target
    {
        return Some(format!("recursive permission change of `{t}`"));
    }
    if let Some(d) = devices {
        let writer = !known
            || crate::programs::is_dd_style(p)
            || crate::programs::overwrites_operands(p)
            || matches!(p, "shred" | "cp" | "tee");
        let of = rest
            .iter()
            .any(|t| dd_output(t).is_some_and(|v| v.starts_with("/dev/")));
        if writer || of {
            return Some(format!("overwrites the device `{d}`"));
        }
    }
    if matches!(p, "shutdown" | "reboot" | "halt" | "poweroff") {
        return Some(format!("`{p}` stops the machine"));
    }
    None
}

/// The unquoted globs among the words printed into the same pipeline or process substitution
/// as `u` ([`fed_words`] takes them as written): bash expands them before `echo`/`printf`
/// prints them (`echo .e?v | xargs cat` appends `.env`).
pub(crate) fn fed_globs(a: &Analysis, u: &Unit) -> Vec<String> {
    let printers = |v: &Unit| matches!(prog(v), Some("echo" | "printf"));
    let mut out = Vec::new();
    let mut take = |v: &Unit| {
        out.extend(v.args().filter(|x| x.glob).map(|x| text(x).to_owned()));
    };
    if let Some(span) = pipelines_of(a, u).first() {
        for (_, v) in units_within(a, *span) {
            if printers(v) {
                take(v);
            }
        }
    }
    for v in &a.units {
        if printers(v) && v.in_context(Context::ProcessSubstitution) {
            take(v);
        }
    }
    out
}

/// The words `xargs`/`parallel` would append: static text printed into the same pipeline or
/// process substitution, a here-string (`xargs rm <<< /`), and `parallel`'s `::: ARGS`.
pub(crate) fn fed_words(a: &Analysis, u: &Unit) -> Vec<String> {
    let mut raw: Vec<String> = Vec::new();
    let printers = |v: &Unit| matches!(prog(v), Some("echo" | "printf"));
    if let Some(span) = pipelines_of(a, u).first() {
        for (_, v) in units_within(a, *span) {
            if printers(v) {
                raw.extend(v.args().map(|x| text(x).to_owned()));
            }
        }
    }
    for v in &a.units {
        if printers(v) && v.in_context(Context::ProcessSubstitution) {
            raw.extend(v.args().map(|x| text(x).to_owned()));
        }
    }
    raw.extend(
        u.redirects
            .iter()
            .filter(|r| r.op == "<<<")
            .map(|r| r.target.clone().unwrap_or_else(|| r.template.clone())),
    );
    if u.via.iter().any(|w| w == "parallel")
        && let Some(at) = a.input.find(":::")
    {
        let rest = &a.input[at + 3..];
        let end = rest.find([';', '|', '&', '\n']).unwrap_or(rest.len());
        raw.extend(
            rest[..end]
                .split_whitespace()
                .map(|w| unquote(w.trim_start_matches('+')).into_owned()),
        );
    }
    raw.iter()
        .flat_map(|r| {
            r.replace("\\n", " ")
                .replace("\\0", " ")
                .replace("\\t", " ")
                .split(|c: char| c.is_whitespace() || c == '\0')
                .filter(|w| !w.is_empty() && !w.starts_with('-'))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Split a template the way run-time word splitting might: on whitespace, non-ASCII spaces and
/// `$IFS` references; quotes and backslashes dropped.
pub(crate) fn split_template(t: &str) -> Vec<String> {
    let mut s = t.to_owned();
    for ifs in ["${IFS:0:1}", "${IFS%?}", "${IFS::1}", "${IFS}", "$IFS"] {
        s = s.replace(ifs, " ");
    }
    for empty in ["$@", "$*", "${@}", "${*}"] {
        s = s.replace(empty, "");
    }
    unquote(&s)
        .split(|c: char| c.is_whitespace() || c == '\u{200b}' || c == '\u{feff}')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Analyse `code` as shell and report the first catastrophe any of its units shows (by
/// [`catastrophe`], device redirects, or a deny from the other checks).
pub(crate) fn catastrophe_in_code(code: &str, cwd: &Path) -> Option<String> {
    let depth = DEPTH.with(Cell::get);
    if depth > 4 || code.len() > 64 * 1024 {
        return None;
    }
    let analysis = crate::analyze::analyze(code, &crate::Limits::default());
    for u in &analysis.units {
        let mut tokens: Vec<String> = Vec::new();
        tokens.push(u.program.clone().unwrap_or_default());
        for a in u.args() {
            match &a.value {
                Some(v) => tokens.push(v.to_string()),
                None => tokens.extend(split_template(&a.template)),
            }
        }
        if let Some(c) = catastrophe(&tokens, cwd) {
            return Some(c);
        }
        for r in u.redirects.iter().filter(|r| r.writes_file()) {
            let t = r.target.as_deref().unwrap_or(&r.template);
            if is_block_device(t) {
                return Some(format!("writes to the device `{t}`"));
            }
        }
    }
    let cx = super::CheckCtx::new(&analysis, cwd);
    for check in super::CHECKS {
        let mut found = Vec::new();
        DEPTH.with(|d| d.set(depth + 1));
        check.run(&cx, &mut found);
        DEPTH.with(|d| d.set(depth));
        if let Some(f) = found.into_iter().find(|f| f.decision == Decision::Deny) {
            return Some(f.message);
        }
    }
    None
}

/// The places a unit writes to: output redirects, and what its program's option table says
/// it writes (`crate::programs::args::Role`): the values of its output options (`sort -o`,
/// `curl -o`, `cp -t`, `find -fprint`), its output operands (`tee`, `uniq IN OUT`, `cp`'s
/// last), its operands when an in-place option is given (`sed -i`). What no table role says
/// is read from the same parse: `dd of=`, batch editors, `awk -i inplace`, device writers.
pub(crate) fn write_targets(unit: &Unit) -> Vec<String> {
    let mut out: Vec<String> = unit
        .redirects
        .iter()
        .filter(|r| r.writes_file())
        .map(|r| r.target.clone().unwrap_or_else(|| r.template.clone()))
        .collect();
    let Some(p) = prog(unit) else {
        return out;
    };
    if crate::programs::gnu_name(p) == "tar" {
        if let Some(tar) = tables::builtin("tar") {
            out.extend(tar_created_archives(&tar, unit).into_iter().map(|(w, _)| w));
        }
        return out;
    }
    // `gsed` is GNU sed by another name. Only a program with roles, or one whose facts below
    // read its table, costs a look-up.
    let table = match p {
        "gsed" | "gtar" => tables::with_roles(crate::programs::gnu_name(p)),
        "dd" | "awk" | "gawk" | "fsarchiver" => tables::builtin(p),
        _ if crate::programs::is_dd_style(p) => None,
        _ => tables::with_roles(p),
    };
    // Programs that write every operand, whose table (if any) names no output.
    let every_operand = matches!(p, "ed" | "ex" | "red") || crate::programs::overwrites_operands(p);
    // A subcommand's table that gives a word a role (`7z a ARCHIVE`, `openssl enc -out FILE`),
    // when the program's own gives none.
    let sub = match &table {
        Some(t) if t.has_outputs() => None,
        _ => subcommand_with_roles(p, unit),
    };
    if let Some((spec, parsed)) = &sub {
        return role_targets(spec, parsed, unit, out);
    }
    let spec = match (p, &table) {
        (_, Some(t)) if t.has_outputs() => t,
        // Facts no table role says, read through the same parse (with the program's table
        // when it has one).
        (
            "vi" | "vim" | "nvim" | "emacs" | "awk" | "gawk" | "ditto" | "rename" | "fsarchiver",
            _,
        ) => table.as_ref().unwrap_or(&args::NO_SPEC),
        _ if crate::programs::is_dd_style(p) => table.as_ref().unwrap_or(&args::NO_SPEC),
        // A device writer's every word that is no option is a target, a value too: read
        // without its table, as the parser reads a program it knows nothing of, so a table
        // that wrongly gives a letter a value (`mkfs -F`) cannot hide the device. Image
        // copiers with a subcommand (`qemu-img convert`, `bmaptool copy`) are read so too: a
        // value misread as an operand only adds a target.
        ("badblocks" | "qemu-img" | "bmaptool", _) => &args::NO_SPEC,
        _ if every_operand => &args::NO_SPEC,
        ("base64", _) => &BASE64,
        // `--output FILE` / `--output=FILE` of any other program: parsed only when a word
        // could be it, so most units cost no parse.
        _ => {
            if !unit.args().any(|a| text(a).starts_with("--output")) {
                return out;
            }
            &OUTPUT
        }
    };
    let parsed = args::parse(Some(spec), &unit.argv);
    let word = |i: usize| unit.argv.get(i).map(|a| text(a).to_owned());
    let operands = || parsed.operands.iter().filter_map(|&i| word(i));
    // `--output="$f"`: the value is the part of the word after `=`.
    let value = |o: &args::Opt| {
        o.value.clone().or_else(|| match o.value_at {
            Some(i) if i == o.index => {
                word(i).map(|w| w.split_once('=').map_or(w.clone(), |(_, v)| v.to_owned()))
            }
            i => i.and_then(word),
        })
    };
    match p {
        "badblocks" => {
            if parsed.has("-w") {
                out.extend(operands());
            }
        }
        _ if crate::programs::is_dd_style(p) => {
            out.extend(operands().filter_map(|t| dd_output(&t).map(str::to_owned)));
        }
        // `qemu-img convert … IN OUT` and `bmaptool copy … IMAGE DEST` write their last
        // operand, `qemu-img dd … of=OUT` its `of=`.
        "qemu-img" | "bmaptool" => {
            let words: Vec<String> = operands().collect();
            match words
                .iter()
                .position(|w| matches!(w.as_str(), "convert" | "copy" | "dd"))
            {
                Some(k) if words[k] == "dd" => out.extend(
                    words[k + 1..]
                        .iter()
                        .filter_map(|t| dd_output(t).map(str::to_owned)),
                ),
                Some(k) if words.len() > k + 2 => out.extend(words.last().cloned()),
                _ => {}
            }
        }
        "vi" | "vim" | "nvim" | "emacs" => {
            // Only in batch mode: an interactive editor is a person's business.
            let batch = ["-c", "-e", "-s", "-E", "--cmd", "--headless", "--batch"]
                .iter()
                .any(|o| parsed.has(o))
                || operands().any(|t| t.starts_with('+'));
            if batch {
                out.extend(operands().filter(|t| !t.starts_with('+')));
            }
        }
        "awk" | "gawk" => {
            if parsed
                .opts
                .iter()
                .any(|o| o.name == "-i" && value(o).as_deref() == Some("inplace"))
            {
                out.extend(operands().skip(1));
            }
        }
        // `zip [OPTIONS] ARCHIVE FILES…`: the archive, the first operand, is written unless
        // `-O`/`--output-file` names the output instead (`-` is standard output); the table's
        // roles add what is written besides it (a log, `-lf`; the temporary archive, `-b`).
        "zip" => {
            if !parsed.has_exact("-O") && !parsed.has_exact("--output-file") {
                out.extend(operands().next().filter(|a| a != "-"));
            }
            return role_targets(spec, &parsed, unit, out);
        }
        "ditto" | "rename" => out.extend(parsed.operands.last().and_then(|&i| word(i))),
        // `fsarchiver restfs ARCHIVE id=0,dest=/dev/sda1 …` writes each `dest=`; `savefs` and
        // `savedir` write the archive they are given first.
        "fsarchiver" => {
            let words: Vec<String> = operands().collect();
            match words.first().map(String::as_str) {
                Some("restfs") => out.extend(words.iter().skip(2).flat_map(|w| {
                    w.split(',')
                        .filter_map(|kv| kv.strip_prefix("dest="))
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })),
                Some("savefs" | "savedir") => out.extend(words.get(1).cloned()),
                Some("restdir") => out.extend(words.get(2).cloned()),
                _ => {}
            }
        }
        _ if every_operand => out.extend(operands()),
        _ => return role_targets(spec, &parsed, unit, out),
    }
    out
}

/// The table of the subcommand `unit`'s first operand names (`7z a`, `openssl enc`), read with
/// it, when that table gives a word a role: one look-up for a program with subcommand tables.
fn subcommand_with_roles(p: &str, unit: &Unit) -> Option<(OptionSpec, args::Parsed)> {
    if !tables::has_subcommand_tables(p) {
        return None;
    }
    // One look-up a word first (`git commit` gives no word a role): most units read no table.
    let mut key = String::new();
    let named = unit.args().filter_map(|a| a.value.as_deref()).any(|w| {
        key.clear();
        key.push_str(p);
        key.push(' ');
        key.push_str(w);
        !w.starts_with('-') && tables::subcommand_has_roles(&key)
    });
    if !named {
        return None;
    }
    let global = tables::builtin(p);
    let head = args::parse(global.as_ref(), &unit.argv);
    let &k = head.operands.first()?;
    let word = unit.argv.get(k).map(text)?;
    let sub = tables::builtin(&format!("{p} {word}")).filter(OptionSpec::has_outputs)?;
    let parsed = args::parse_subcommand(global.as_ref(), &sub, &unit.argv, k);
    Some((sub, parsed))
}

/// The files and directories `unit`, read with `spec`, writes by the roles the table gives
/// its words, added to `out`.
fn role_targets(
    spec: &OptionSpec,
    parsed: &args::Parsed,
    unit: &Unit,
    mut out: Vec<String>,
) -> Vec<String> {
    let word = |i: usize| unit.argv.get(i).map(|a| text(a).to_owned());
    // `--output="$f"`: the value is the part of the word after `=`.
    let value = |o: &args::Opt| {
        o.value.clone().or_else(|| match o.value_at {
            Some(i) if i == o.index => {
                word(i).map(|w| w.split_once('=').map_or(w.clone(), |(_, v)| v.to_owned()))
            }
            i => i.and_then(word),
        })
    };
    let mut dirs = Vec::new();
    let mut dests = Vec::new();
    for (o, role) in spec.option_roles(parsed) {
        match role {
            args::Role::Output => dests.extend(value(o)),
            args::Role::OutputDir => dirs.extend(value(o)),
            args::Role::Reads | args::Role::Config => {}
        }
    }
    let written = spec.output_operands(parsed);
    // A copy's directory destination: the sources land inside it.
    let copies = spec.output_operands.iter().any(|n| n.starts_with('-'));
    let inside = |d: &str, out: &mut Vec<String>| {
        for &i in &parsed.operands {
            if written.contains(&i) {
                continue;
            }
            if let Some(s) = word(i) {
                let name = s.trim_end_matches('/').rsplit('/').next().unwrap_or(&s);
                out.push(format!("{}/{name}", d.trim_end_matches('/')));
            }
        }
    };
    for d in dests
        .into_iter()
        .chain(written.iter().filter_map(|&i| word(i)))
    {
        if copies && (d.ends_with('/') || is_dir_like(&d)) {
            inside(&d, &mut out);
        }
        out.push(d);
    }
    // A directory option: the sources land inside it.
    for d in dirs {
        if copies {
            inside(&d, &mut out);
        }
        out.push(d);
    }
    out
}

/// Whether a `tar` unit runs in one of `modes` (`-x`, `--extract`…), read with tar's table
/// (`tar`): the option in a bundle (an old-style first word too: `tar xf a.tar`), its unique
/// abbreviation or a prefix that could be one (`--extr`, `--ex`).
pub(crate) fn tar_mode(tar: &OptionSpec, unit: &Unit, modes: &[&str]) -> bool {
    tar_mode_of(&args::parse(Some(tar), &unit.argv), modes)
}

/// [`tar_mode`] of a unit already parsed with tar's table.
fn tar_mode_of(parsed: &args::Parsed, modes: &[&str]) -> bool {
    parsed
        .opts
        .iter()
        .any(|o| modes.iter().any(|m| args::option_matches(&o.name, m)))
}

/// tar's modes that create or add to the archive `-f` names.
pub(crate) const TAR_CREATES: [&str; 9] = [
    "-c",
    "--create",
    "-r",
    "--append",
    "-u",
    "--update",
    "-A",
    "--catenate",
    "--concatenate",
];

/// The archives a `tar` unit that creates or adds to one writes (`tar -czf out.tgz dir`,
/// `tar --create --file=out.tar dir`, `tar czf out.tgz dir`), with the span of the word: the
/// values of `-f`/`--file` (in an old-style first word, the word its `f` takes). `-` is
/// standard output.
pub(crate) fn tar_created_archives(tar: &OptionSpec, unit: &Unit) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    let parsed = args::parse(Some(tar), &unit.argv);
    if !tar_mode_of(&parsed, &TAR_CREATES) {
        return out;
    }
    let word = |i: usize| unit.argv.get(i).map(|a| (text(a).to_owned(), a.span));
    for o in &parsed.opts {
        if !(o.name == "-f" || args::option_matches(&o.name, "--file")) {
            continue;
        }
        // `--file="$f"`: the value is the part of the word after `=`.
        let found = match (&o.value, o.value_at) {
            // `-f out.tar`, `tar cf out.tar …`: the word the value is.
            (Some(_), Some(i)) if i != o.index => word(i),
            (Some(v), _) => unit.argv.get(o.index).map(|a| (v.clone(), a.span)),
            (None, Some(i)) if i == o.index => word(i).map(|(w, span)| {
                (
                    w.split_once('=').map_or(w.clone(), |(_, v)| v.to_owned()),
                    span,
                )
            }),
            (None, Some(i)) => word(i),
            (None, None) => None,
        };
        out.extend(found);
    }
    out.retain(|(w, _)| w != "-");
    out
}

/// The reading of `--output FILE` for a program whose table gives no output.
const OUTPUT: OptionSpec = OptionSpec {
    long_value: Names::Packed("--output\n"),
    output: Names::Packed("--output\n"),
    ..OptionSpec::EMPTY
};

/// `base64 -o FILE` (BSD and macOS), which the GNU table does not name.
const BASE64: OptionSpec = OptionSpec {
    short_value: Cow::Borrowed("ow"),
    long_value: Names::Packed("--output\n--wrap\n"),
    output: Names::Packed("-o\n--output\n"),
    ..OptionSpec::EMPTY
};

fn is_dir_like(d: &str) -> bool {
    let h = home_relative(d);
    let h = h.trim_end_matches('/');
    matches!(
        h,
        "~/.ssh"
            | "~"
            | "/etc"
            | "/etc/sudoers.d"
            | "/etc/profile.d"
            | "/etc/cron.d"
            | "/root/.ssh"
    ) || h.starts_with("/etc/cron.")
}

/// A directory whose files include keys and tokens: a home directory (or a directory above the
/// home), every home (`/home`, `/root`, `/`), one that holds system secrets (`/etc`, `/proc`,
/// `/run`), or a directory of the home that holds a file of secrets (`~/.config` holds
/// `~/.config/gh/hosts.yml`, `~/.local` the keyrings).
pub(crate) fn holds_secrets(w: &str) -> bool {
    let all_homes =
        matches!(w.trim_end_matches('/'), "" | "/home" | "/Users" | "/root") && w.starts_with('/');
    crate::files::is_home(w)
        || all_homes
        || w.starts_with('/') && crate::files::home().starts_with(Path::new(w))
        || crate::files::secret_glob::dir_holds_system_secret(w)
        || crate::files::secret_glob::dir_holds_home_secret(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_devices() {
        for (p, want) in [
            ("/dev/sda", true),
            ("/dev/sda1", true),
            ("/dev/nvme0n1", true),
            ("/dev/mmcblk0p1", true),
            ("/dev/mapper/root", true),
            ("/dev/disk2", true),
            ("/dev/xvda", true),
            ("/proc/sysrq-trigger", true),
            ("/dev/null", false),
            ("/dev/zero", false),
            ("/dev/stdout", false),
            ("/dev/tty", false),
            ("./sda", false),
        ] {
            assert_eq!(is_block_device(p), want, "{p}");
        }
    }

    #[test]
    fn recursive_flags() {
        for (w, want) in [
            ("-r", true),
            ("-Rf", true),
            ("-vfr", true),
            ("--recursive", true),
            ("--r", true),
            ("--rec", true),
            ("-f", false),
            ("--force", false),
            ("-", false),
            ("/", false),
        ] {
            assert_eq!(is_recursive_flag(w), want, "{w}");
        }
    }

    #[test]
    fn catastrophic_targets() {
        let cwd = Path::new("/home/user/project");
        for (t, want) in [
            ("/", true),
            ("/*", true),
            ("~", true),
            ("$HOME", true),
            ("/etc", true),
            ("/var/log", true),
            ("/important", true),
            ("/home/user/project", true),
            ("/home/user", true),
            (".", true),
            ("*", true),
            ("..", true),
            ("./build", false),
            ("/tmp/x/y", false),
            ("~/xxx", false),
            ("/usr/local/lib/foo", false),
            ("/tmp", true),
            ("~/..", true),
            ("/var/log/*", true),
            ("/usr/*", true),
            ("/opt/app/*", false),
            ("$HOME/../..", true),
            ("~/../user/project", true),
            ("~/src/../build", false),
            ("../../..", true),
            ("../../*", true),
            ("../sibling", false),
            ("/tmp/*", false),
            ("/tmp/build", false),
            ("/var/tmp/x", false),
            ("/opt", true),
            ("/opt/myapp", false),
            ("/var/www", false),
            ("/var/lib", true),
            ("/usr/lib", true),
        ] {
            assert_eq!(is_catastrophic_target(t, cwd), want, "{t}");
        }
    }

    #[test]
    fn catastrophes_in_code() {
        let cwd = Path::new("/home/user/project");
        for (code, want) in [
            ("rm -rf /", true),
            ("rm -rf ~", true),
            ("dd if=/dev/zero of=/dev/sda", true),
            ("mkfs.ext4 /dev/sda1", true),
            ("echo x > /dev/sda", true),
            ("reboot", true),
            ("rm -rf ./build", false),
            ("ls -la", false),
        ] {
            assert_eq!(catastrophe_in_code(code, cwd).is_some(), want, "{code}");
        }
    }
}
