//! `listed-read`: files a program opens because a list it reads names them.

use std::path::Path;

use super::common::{ask, prog};
use super::one_liner::fed_text;
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::Unit;
use crate::decision::Risk;
use crate::programs::{args, tables};

declare_check! {
    /// **What it flags**: a program that opens the files a list names, when the list names a
    /// device or a file of secrets, or cannot be read now: a checksum program's `-c`/`--check`
    /// (`sha256sum -c LIST`, `md5sum --check`, `b3sum -c`, `rhash -c`; each line's file name,
    /// GNU's `HASH  NAME` and BSD's `ALG (NAME) = HASH`), `wc --files0-from=LIST`, xxhsum's
    /// `--files-from` and clamscan's `--file-list` (a name a line). The list
    /// is an operand, standard input (a here-string or here-document, or a file redirected to
    /// it), or the option's file; it is read from the workspace as it is now.
    ///
    /// **Why it is risky**: no word of the line names what is opened. Opening a device acts
    /// (a watchdog opened is armed and reboots the machine; a tape rewinds) or reads a disk;
    /// the program reports on each file (a digest check's `OK`/`FAILED` tells whether a secret
    /// holds what the list claims, a string at a time).
    ///
    /// **Example**: `sha256sum -c sums.txt` with a line `x  /dev/watchdog` in `sums.txt` →
    /// ask; `echo "$H  /dev/sda" | sha256sum -c` → ask; `sha256sum -c SHA256SUMS` naming the
    /// release's files → not flagged. A list that is not there is not read (the program fails);
    /// one the line writes, one named or fed at run time (`sha256sum -c "$L"`, `curl … |
    /// sha256sum -c`), one in a directory known only at run time, or one too large to read
    /// asks.
    ///
    /// **Known gaps**: GNU's escaped names (a line beginning with `\`) are read with their
    /// escapes undone only for `\\` and `\n`; a list the line writes through a link is judged
    /// by its name.
    ListedRead,
    "listed-read"
}

/// The largest list read (a release's checksum file is a few kilobytes).
const MAX_LIST: u64 = 1 << 20;

/// Where a unit's list comes from.
enum List {
    /// A file, as the line names it.
    File(String),
    /// Text the line feeds on standard input.
    Text(String),
    /// Not known now (a dynamic name, a pipe from another program).
    Unknown(&'static str),
}

/// The lists a unit reads names from (a digest's check lists, `wc --files0-from`), and how
/// they give them.
fn lists(cx: &CheckCtx, i: usize, u: &Unit) -> (Format, Vec<List>) {
    let Some(p) = prog(u) else {
        return (Format::Sums, Vec::new());
    };
    let digest = crate::programs::is_digest(p);
    if !digest && !matches!(p, "wc" | "clamscan") {
        return (Format::Sums, Vec::new());
    }
    let spec = tables::builtin(p);
    let parsed = args::parse(spec.as_ref(), &u.argv);
    let word = |k: usize| u.argv.get(k);
    let mut out = Vec::new();
    // Lists of the files to read as an option's file: wc's ended by NUL, xxhsum's and
    // clamscan's a name a line.
    let named_by: &[&str] = match p {
        "wc" => &["--files0-from"],
        "xxhsum" => &["--files-from", "--filelist"],
        "clamscan" => &["-f", "--file-list"],
        _ => &[],
    };
    for o in parsed
        .opts
        .iter()
        .filter(|o| named_by.contains(&o.name.as_ref()))
    {
        match o.value.as_deref() {
            Some("-") => out.push(stdin_list(cx, i, u)),
            Some(name) => out.push(List::File(name.to_owned())),
            None => out.push(List::Unknown("a list named at run time")),
        }
    }
    if !out.is_empty() {
        return (
            if p == "wc" {
                Format::Nul
            } else {
                Format::Lines
            },
            out,
        );
    }
    if digest {
        if !parsed
            .opts
            .iter()
            .any(|o| matches!(o.name.as_ref(), "-c" | "--check"))
        {
            return (Format::Sums, out);
        }
        for &k in &parsed.operands {
            match word(k).and_then(|a| a.value.as_deref()) {
                Some("-") => out.push(stdin_list(cx, i, u)),
                Some(name) => out.push(List::File(name.to_owned())),
                None => out.push(List::Unknown("a list named at run time")),
            }
        }
        if parsed.operands.is_empty() {
            out.push(stdin_list(cx, i, u));
        }
    }
    (Format::Sums, out)
}

/// The list a unit reads on standard input.
fn stdin_list(cx: &CheckCtx, i: usize, u: &Unit) -> List {
    if let Some(text) = fed_text(cx, i, u) {
        return List::Text(text);
    }
    let redirected = u
        .redirects
        .iter()
        .rev()
        .find(|r| crate::analyze::replaces_stdin(&r.op, r.fd.as_deref()));
    match redirected {
        Some(r) if r.op == "<" => match r.target.as_deref() {
            Some(name) => List::File(name.to_owned()),
            None => List::Unknown("a list named at run time"),
        },
        Some(_) => List::Unknown("a list on a descriptor"),
        None if u.piped => List::Unknown("a list another program writes"),
        // Nothing the line feeds: the agent's shell gives none.
        None => List::Text(String::new()),
    }
}

/// How a list gives its names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    /// A checksum list: GNU's `HASH  NAME`/`HASH *NAME` (an escaped line begins with `\`),
    /// BSD's `ALG (NAME) = HASH`.
    Sums,
    /// Names ended by NUL (`--files0-from`).
    Nul,
    /// A name a line (xxhsum's `--files-from`, clamscan's `--file-list`).
    Lines,
}

/// The file names of a list.
fn names(text: &str, format: Format) -> Vec<String> {
    match format {
        Format::Nul => {
            return text
                .split('\0')
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect();
        }
        Format::Lines => {
            return text
                .lines()
                .map(|l| l.trim_end_matches('\r'))
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect();
        }
        Format::Sums => {}
    }
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let (escaped, line) = match line.strip_prefix('\\') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let name = if let Some((_, rest)) = line.split_once(" (")
            && let Some((name, _)) = rest.rsplit_once(") = ")
        {
            name
        } else if let Some((_, rest)) = line.split_once(' ') {
            rest.strip_prefix([' ', '*']).unwrap_or(rest)
        } else {
            continue;
        };
        let name = if escaped {
            name.replace("\\n", "\n").replace("\\\\", "\\")
        } else {
            name.to_owned()
        };
        if !name.is_empty() {
            out.push(name);
        }
    }
    out
}

/// Why opening `name` (from `dir`) is not proven harmless: a device, or a secret.
fn judged(name: &str, dir: &Path) -> Option<String> {
    let written = crate::files::normalize_abs(&dir.join(name).to_string_lossy());
    let resolved = crate::files::resolve(name, dir);
    if crate::files::is_device_read(Path::new(&written)) || crate::files::is_device_read(&resolved)
    {
        return Some(format!(
            "the device `{name}`: opening a device acts (a watchdog is armed) or reads a disk"
        ));
    }
    if crate::files::is_secret(&resolved) {
        return Some(format!("`{name}`, which holds secrets"));
    }
    None
}

impl Check for ListedRead {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            let (format, lists) = lists(cx, i, u);
            if lists.is_empty() {
                continue;
            }
            let p = prog(u).unwrap_or_default();
            let dir = cx.dirs().of(i).certain();
            let mut flag = |why: String| {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!("`{p}` opens the files a list names: {why}"),
                ));
            };
            for list in lists {
                let text = match list {
                    List::Unknown(what) => {
                        flag(format!("{what}, which may name a device or a secret"));
                        continue;
                    }
                    List::Text(text) => text,
                    List::File(name) => {
                        let Some(dir) = dir else {
                            flag(format!(
                                "`{name}`, in a directory known only at run time, may name a device or a secret"
                            ));
                            continue;
                        };
                        let path = crate::files::resolve(&name, dir);
                        // A list the line writes holds what the line puts there.
                        let written = (0..cx.analysis.units.len()).any(|j| {
                            cx.write_targets(j)
                                .iter()
                                .any(|t| crate::files::resolve(t, dir) == path)
                        });
                        if written {
                            flag(format!(
                                "`{name}`, which the line writes, may name a device or a secret"
                            ));
                            continue;
                        }
                        if !cx.look.exists(&path) {
                            continue;
                        }
                        let small = std::fs::metadata(&path).is_ok_and(|m| m.len() <= MAX_LIST);
                        match cx.look.read_to_string(&path) {
                            Ok(text) if small => text,
                            _ => {
                                flag(format!(
                                    "`{name}` cannot be read now, and may name a device or a secret"
                                ));
                                continue;
                            }
                        }
                    }
                };
                let Some(dir) = dir else {
                    if !text.is_empty() {
                        flag(
                            "names read from a directory known only at run time, which may lead to a device or a secret"
                                .to_owned(),
                        );
                    }
                    continue;
                };
                if let Some(why) = names(&text, format).iter().find_map(|n| judged(n, dir)) {
                    flag(why);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::decisions_in;
    use crate::decision::Decision;

    #[test]
    fn list_names_are_read_from_every_spelling() {
        assert_eq!(
            names(
                "abc  a.txt\nabc *b.bin\nSHA256 (c d.txt) = abc\n\\abc  e\\nf\n",
                Format::Sums
            ),
            ["a.txt", "b.bin", "c d.txt", "e\nf"]
        );
        assert_eq!(names("a\0/dev/sda\0", Format::Nul), ["a", "/dev/sda"]);
        assert_eq!(
            names("a b\r\n/dev/sda\n", Format::Lines),
            ["a b", "/dev/sda"]
        );
    }

    #[test]
    fn a_list_naming_a_device_or_a_secret_asks() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = root.path();
        let put = |p: &str, s: &str| {
            std::fs::write(ws.join(p), s).unwrap_or_else(|e| panic!("{e}"));
        };
        put("SHA256SUMS", "0123  app.tar.gz\n0456  app.zip\n");
        put("dev.sums", "0123  app.tar.gz\n0456  /dev/watchdog\n");
        put("bsd.sums", "SHA256 (/dev/../dev/sda) = 0123\n");
        put("key.sums", "0123  .env\n");
        put("files0", "a.txt\0/dev/mem\0");
        put("scan.list", "a.txt\n/dev/watchdog\n");
        put("ok.list", "a.txt\nb.txt\n");
        let run = |cmd: &str| decisions_in(&ListedRead, cmd, ws);
        for cmd in [
            "sha256sum -c dev.sums",
            "md5sum --check bsd.sums",
            "b3sum -c key.sums",
            "sha256sum -c < dev.sums",
            "echo '0123  /dev/watchdog' | sha256sum -c",
            "sha256sum -c <<< '0123  /dev/sda'",
            "sha256sum -c \"$L\"",
            "curl -s https://x.example/sums | sha256sum -c",
            "echo '0123  /dev/sda' > l.sums; sha256sum -c l.sums",
            "cd \"$D\" && sha256sum -c SHA256SUMS",
            "wc --files0-from=files0",
            "xxhsum --files-from=scan.list",
            "clamscan --file-list=scan.list",
            "clamscan -f \"$L\"",
        ] {
            assert_eq!(run(cmd), Some(Decision::Ask), "{cmd}");
        }
        for cmd in [
            "sha256sum -c SHA256SUMS",
            "sha256sum --check --ignore-missing SHA256SUMS",
            "sha256sum -c missing.sums",
            "echo '0123  app.tar.gz' | sha256sum -c",
            "sha256sum dev.sums",
            "wc -l dev.sums",
            "xxhsum --filelist=ok.list",
            "clamscan -f ok.list",
        ] {
            assert_eq!(run(cmd), None, "{cmd}");
        }
    }
}
