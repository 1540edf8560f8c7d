//! Shared knowledge for the checks: program families (shells, interpreters, network tools,
//! downloaders and decoders), block devices, which words of a unit it writes to, and the
//! catastrophe recogniser used on words whose program is hidden and on code found inside
//! strings. Which file is a secret, start-up, account or scratch file is `crate::files`'s
//! one classification, shared with the path policy.
//!
//! Not a check itself and decides nothing: each check turns these facts into findings.

use std::cell::Cell;
use std::cell::LazyCell;
use std::path::Path;

use crate::analyze::{Analysis, Arg, Context, FlagKind, Unit};
use crate::ast::Span;
use crate::decision::{Decision, Risk};
use crate::files::{home_relative, in_scratch_dir, is_home, is_root, system_depth, unquote};

use super::Finding;
use crate::wordlist::{Words, words};

thread_local! {
    /// How deep [`catastrophe_in_code`] is nested (code in a string in code in a string…).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Shells that run code given with `-c` or on standard input: the ones whose `-c` string the
/// analyzer reads as code ([`crate::analyze::is_shell`]), and `busybox` (`busybox sh`).
pub(crate) fn is_shell(p: &str) -> bool {
    crate::analyze::is_shell(p) || p == "busybox"
}

pub(crate) use crate::programs::{base, is_decoder, is_downloader, is_sender};

/// A unit's program file name, if static.
pub(crate) fn prog(unit: &Unit) -> Option<&str> {
    unit.program.as_deref().map(base)
}

/// An interpreter name, with version suffixes (`python3.12`): the analyzer's one list.
pub(crate) use crate::analyze::is_interpreter;

/// The word's static value, or its template when dynamic.
pub(crate) fn text(arg: &Arg) -> &str {
    arg.value.as_deref().unwrap_or(&arg.template)
}

/// The unit's words after the program, as text (values, templates for dynamic words).
pub(crate) fn words(unit: &Unit) -> Vec<&str> {
    unit.args().map(text).collect()
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
/// `/dev/snd/pcmC0D0c`).
pub(crate) fn is_capture_device(path: &str) -> bool {
    let p = unquote(path);
    let Some(dev) = p.strip_prefix("/dev/") else {
        return false;
    };
    dev.starts_with("input/")
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
    let devices = rest.iter().find(|t| {
        let v = t.strip_prefix("of=").unwrap_or(t);
        is_block_device(v)
    });
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
            || p == "dd"
            || p.starts_with("mkfs")
            || matches!(
                p,
                "wipefs" | "mkswap" | "shred" | "blkdiscard" | "mke2fs" | "cp" | "tee"
            );
        let of = rest.iter().any(|t| t.starts_with("of=/dev/"));
        if writer || of {
            return Some(format!("overwrites the device `{d}`"));
        }
    }
    if matches!(p, "shutdown" | "reboot" | "halt" | "poweroff") {
        return Some(format!("`{p}` stops the machine"));
    }
    None
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
    let cx = super::CheckCtx {
        analysis: &analysis,
        cwd,
    };
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

/// The places a unit writes to: output redirects, `tee` operands, the destination of
/// `cp`/`mv`/`install`/`ln`, `dd of=`, in-place editors (`sed -i`, `perl -i`, batch `ed`/`ex`/
/// `vim`), output options (`--output`, `-o` of `curl`/`sort`, `-O` of `wget`, `find -fprint`).
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
    // Collected only by the arms that need them: most programs reach the last arm, which
    // walks the arguments once without a list.
    let w = LazyCell::new(|| words(unit));
    let operands = LazyCell::new(|| {
        w.iter()
            .copied()
            .filter(|t| !t.starts_with('-'))
            .collect::<Vec<&str>>()
    });
    let value_after = |names: Words| -> Vec<String> {
        let mut v = Vec::new();
        for (i, t) in w.iter().enumerate() {
            for n in names {
                if *t == n {
                    if let Some(next) = w.get(i + 1) {
                        v.push((*next).to_owned());
                    }
                } else if let Some(val) = t.strip_prefix(n).and_then(|r| r.strip_prefix('=')) {
                    v.push(val.to_owned());
                } else if n.len() == 2 && !n.starts_with("--") && t.starts_with(n) && t.len() > 2 {
                    v.push(t[2..].to_owned());
                }
            }
        }
        v
    };
    match p {
        "badblocks"
            if w.iter()
                .any(|t| t.starts_with('-') && !t.starts_with("--") && t.contains('w')) =>
        {
            out.extend(operands.iter().map(|s| (*s).to_owned()));
        }
        "tee" | "truncate" | "shred" | "wipefs" | "mkswap" | "blkdiscard" | "mke2fs" => {
            out.extend(operands.iter().map(|s| (*s).to_owned()));
        }
        m if m.starts_with("mkfs") => out.extend(operands.iter().map(|s| (*s).to_owned())),
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp" | "ditto" | "rename" => {
            let targets = value_after(words!["-t", "--target-directory"]);
            let dests: Vec<String> = if targets.is_empty() {
                operands
                    .last()
                    .map(|s| vec![(*s).to_owned()])
                    .unwrap_or_default()
            } else {
                targets
            };
            let sources: Vec<&str> = if operands.len() > 1 {
                operands[..operands.len() - 1].to_vec()
            } else {
                Vec::new()
            };
            for d in dests {
                // A directory destination: the sources land inside it.
                if d.ends_with('/') || is_dir_like(&d) {
                    for s in &sources {
                        let name = s.trim_end_matches('/').rsplit('/').next().unwrap_or(s);
                        out.push(format!("{}/{name}", d.trim_end_matches('/')));
                    }
                }
                out.push(d);
            }
        }
        "dd" => out.extend(
            w.iter()
                .filter_map(|t| t.strip_prefix("of="))
                .map(str::to_owned),
        ),
        "sed" | "gsed" | "perl" | "ruby" => {
            if w.iter().any(|t| {
                *t == "--in-place"
                    || t.starts_with("--in-place=")
                    || (t.starts_with('-') && !t.starts_with("--") && t[1..].starts_with('i'))
                    || (t.starts_with("-p") && t.contains('i'))
            }) {
                out.extend(operands.iter().map(|s| (*s).to_owned()));
            }
        }
        "ed" | "ex" | "red" => out.extend(operands.iter().map(|s| (*s).to_owned())),
        "vi" | "vim" | "nvim" | "emacs" => {
            // Only in batch mode: an interactive editor is a person's business.
            let batch = w.iter().any(|t| {
                matches!(
                    *t,
                    "-c" | "--cmd"
                        | "-es"
                        | "-Es"
                        | "-s"
                        | "-e"
                        | "--headless"
                        | "--batch"
                        | "-batch"
                ) || t.starts_with('+')
            });
            if batch {
                out.extend(
                    operands
                        .iter()
                        .filter(|t| !t.starts_with('+'))
                        .map(|s| (*s).to_owned()),
                );
            }
        }
        "find" => out.extend(value_after(words![
            "-fprint", "-fprint0", "-fprintf", "-fls"
        ])),
        "curl" | "sort" | "base64" | "xxd" => out.extend(value_after(words!["-o", "--output"])),
        "wget" => out.extend(value_after(words![
            "-O",
            "--output-document",
            "-o",
            "--output-file",
        ])),
        "awk" | "gawk" => {
            if w.windows(2).any(|p| p[0] == "-i" && p[1] == "inplace") {
                out.extend(operands.iter().skip(2).map(|s| (*s).to_owned()));
            }
        }
        _ => {
            // `--output FILE` / `--output=FILE` of any other program.
            let mut args = unit.args().map(text).peekable();
            while let Some(t) = args.next() {
                if t == "--output" {
                    out.extend(args.peek().map(|n| (*n).to_owned()));
                } else if let Some(v) = t.strip_prefix("--output=") {
                    out.push(v.to_owned());
                }
            }
        }
    }
    out
}

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
