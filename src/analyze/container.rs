//! The host's view of a command run in a container: `docker|podman|nerdctl run|create … IMAGE
//! CMD…` whose container is handed part of the host (a bind mount of `/`, a home or system
//! directory; `--privileged`, `--pid=host`, a `--device`).
//!
//! `docker run -v /:/host alpine rm -rf /host` deletes the host's root, so the command is read
//! a second time with each mount's target replaced by its host source (`rm -rf /`), and with
//! `--privileged` or a host namespace as it stands (`dd of=/dev/sda` is the host's disk). That
//! reading is context [`Context::Container`](super::Context::Container): it only adds units,
//! the `docker run` unit itself stays and is decided as before.
//!
//! It does not decide anything, nor model a container's own file system: a path the container
//! does not share is left as written (which can only make a reading stricter).

use super::decompose::ArgW;
use crate::wordlist::{Words, words};

/// `docker run` options that take a value (separate or after `=`). An option not listed is
/// taken to have none: the image is then found too early, which only adds words to the
/// command read.
const VALUE_OPTIONS: Words = words![
    "--add-host",
    "--annotation",
    "--arch",
    "--attach",
    "--authfile",
    "--blkio-weight",
    "--blkio-weight-device",
    "--cap-add",
    "--cap-drop",
    "--cgroup-parent",
    "--cgroupns",
    "--cidfile",
    "--cpu-period",
    "--cpu-quota",
    "--cpu-shares",
    "--cpus",
    "--cpuset-cpus",
    "--cpuset-mems",
    "--detach-keys",
    "--device",
    "--device-cgroup-rule",
    "--dns",
    "--dns-option",
    "--dns-search",
    "--domainname",
    "--entrypoint",
    "--env",
    "--env-file",
    "--expose",
    "--gpus",
    "--group-add",
    "--health-cmd",
    "--health-interval",
    "--health-retries",
    "--health-start-period",
    "--health-timeout",
    "--hostname",
    "--ip",
    "--ip6",
    "--ipc",
    "--isolation",
    "--kernel-memory",
    "--label",
    "--label-file",
    "--link",
    "--log-driver",
    "--log-opt",
    "--mac-address",
    "--memory",
    "--memory-reservation",
    "--memory-swap",
    "--memory-swappiness",
    "--mount",
    "--name",
    "--net",
    "--network",
    "--network-alias",
    "--oom-score-adj",
    "--pid",
    "--pids-limit",
    "--platform",
    "--pod",
    "--publish",
    "--pull",
    "--restart",
    "--runtime",
    "--security-opt",
    "--shm-size",
    "--stop-signal",
    "--stop-timeout",
    "--storage-opt",
    "--sysctl",
    "--tmpfs",
    "--ulimit",
    "--user",
    "--userns",
    "--uts",
    "--volume",
    "--volume-driver",
    "--volumes-from",
    "--workdir",
];

/// Short options of `docker run` that take a value.
const SHORT_VALUE: &str = "acehlmpuvw";

/// Global options of `docker`/`podman` that take a value (before the subcommand).
const GLOBAL_VALUE: Words = words![
    "-H",
    "-c",
    "-l",
    "--config",
    "--context",
    "--host",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--url",
    "--connection",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
];

/// What the container is given of the host, and the command it runs.
#[derive(Debug, Default)]
struct Run {
    /// `(host source, container target)` of each bind mount with a host path as source.
    mounts: Vec<(String, String)>,
    /// `--privileged`, a host PID/IPC/user namespace or a device: the container's `/dev`,
    /// processes or privileges are the host's.
    host_namespaces: bool,
    /// `--entrypoint`.
    entrypoint: Option<String>,
    /// Index of the image word.
    image: Option<usize>,
}

/// `/…`, `~…`, `$HOME…`, `$PWD…`, `.`: a host path (a named volume is not one).
fn host_source(src: &str) -> bool {
    src.starts_with(['/', '~', '.'])
        || ["$HOME", "${HOME}", "$PWD", "${PWD}"]
            .iter()
            .any(|p| src.starts_with(p))
}

/// `SRC:DST[:OPTS]` of `-v`.
fn volume(v: &str, run: &mut Run) {
    let mut parts = v.splitn(3, ':');
    if let (Some(src), Some(dst)) = (parts.next(), parts.next())
        && host_source(src)
    {
        run.mounts.push((src.to_owned(), dst.to_owned()));
    }
}

/// `type=bind,source=S,target=D` of `--mount`.
fn mount(v: &str, run: &mut Run) {
    let mut src = None;
    let mut dst = None;
    let mut bind = false;
    for field in v.split(',') {
        match field.split_once('=') {
            Some(("type", t)) => bind = t == "bind",
            Some(("source" | "src", s)) => src = Some(s),
            Some(("target" | "dst" | "destination", d)) => dst = Some(d),
            _ => {}
        }
    }
    if let (true, Some(s), Some(d)) = (bind, src, dst)
        && host_source(s)
    {
        run.mounts.push((s.to_owned(), d.to_owned()));
    }
}

/// Read one `docker run` option (`name` as written, `value` its value when it has one).
fn option(name: &str, value: Option<&str>, run: &mut Run) {
    match (name, value) {
        ("-v" | "--volume", Some(v)) => volume(v, run),
        ("--mount", Some(v)) => mount(v, run),
        ("--privileged" | "--device", _) => run.host_namespaces = true,
        ("--pid" | "--ipc" | "--userns" | "--uts" | "--cgroupns", Some("host")) => {
            run.host_namespaces = true;
        }
        ("--entrypoint", Some(e)) => run.entrypoint = Some(e.to_owned()),
        _ => {}
    }
}

/// Parse `args` (the program first) as `docker [global…] run|create [opts] IMAGE CMD…`.
fn parse(args: &[ArgW]) -> Option<Run> {
    let value = |i: usize| args.get(i).and_then(|a| a.arg.exact());
    // An option's value as written: `-v "$HOME":/h` mounts the home directory.
    let text = |i: usize| {
        args.get(i)
            .map(|a| a.arg.value.as_deref().unwrap_or(&a.arg.template))
    };
    let mut i = 1;
    // Global options, then the subcommand.
    loop {
        let v = value(i)?;
        if GLOBAL_VALUE.contains(v) {
            i += 2;
        } else if v.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    if value(i) == Some("container") {
        i += 1;
    }
    if !matches!(value(i)?, "run" | "create") {
        return None;
    }
    i += 1;
    let mut run = Run::default();
    while i < args.len() {
        let v = value(i)?;
        if v == "--" {
            i += 1;
            break;
        }
        if !v.starts_with('-') || v == "-" {
            break;
        }
        if let Some(long) = v.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, val)) => (format!("--{n}"), Some(val)),
                None => (v.to_owned(), None),
            };
            if VALUE_OPTIONS.contains(name.as_str()) && attached.is_none() {
                option(&name, text(i + 1), &mut run);
                i += 2;
            } else {
                option(&name, attached, &mut run);
                i += 1;
            }
            continue;
        }
        // A bundle of short options (`-it`, `-dv SRC:DST`, `-v/:/h`).
        let mut step = 1;
        for (k, c) in v[1..].char_indices() {
            if SHORT_VALUE.contains(c) {
                let rest = &v[1 + k + c.len_utf8()..];
                let val = if rest.is_empty() {
                    step = 2;
                    text(i + 1)
                } else {
                    Some(rest)
                };
                option(&format!("-{c}"), val, &mut run);
                break;
            }
        }
        i += step;
    }
    run.image = (i < args.len()).then_some(i);
    Some(run)
}

/// Replace each mount target in `text` by its host source, where it starts a path (`/host`,
/// `/host/etc`, `of=/h/x`, but not `/hostname`). True when something was replaced.
fn rewrite(text: &str, mounts: &[(String, String)], out: &mut String) -> bool {
    let mut changed = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    'outer: while i < text.len() {
        let starts_word = i == 0 || b" \t\n'\"=:;|&(<>`".contains(&bytes[i - 1]);
        if starts_word && bytes[i] == b'/' {
            for (src, dst) in mounts {
                let dst = dst.trim_end_matches('/');
                if dst.is_empty() || !dst.starts_with('/') {
                    continue;
                }
                if let Some(rest) = text[i..].strip_prefix(dst)
                    && rest
                        .bytes()
                        .next()
                        .is_none_or(|b| !(b.is_ascii_alphanumeric() || b"-_.".contains(&b)))
                {
                    let src = src.trim_end_matches('/');
                    out.push_str(if src.is_empty() { "/" } else { src });
                    if src.is_empty() && rest.starts_with('/') {
                        out.pop();
                    }
                    changed = true;
                    i += dst.len();
                    continue 'outer;
                }
            }
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    changed
}

/// The container's command as the host sees it, as shell text, or `None` when the container
/// is given nothing of the host, the command is not static, or it touches nothing it is given.
pub(super) fn host_view(args: &[ArgW]) -> Option<String> {
    let run = parse(args)?;
    if run.mounts.is_empty() && !run.host_namespaces {
        return None;
    }
    let image = run.image?;
    let mut words: Vec<&str> = Vec::new();
    if let Some(e) = &run.entrypoint {
        words.push(e);
    }
    for a in &args[image + 1..] {
        words.push(a.arg.exact()?);
    }
    if words.is_empty() {
        return None;
    }
    let mut changed = false;
    let mut text = String::new();
    for (k, w) in words.iter().enumerate() {
        if k > 0 {
            text.push(' ');
        }
        let mut rewritten = String::new();
        changed |= rewrite(w, &run.mounts, &mut rewritten);
        text.push('\'');
        text.push_str(&rewritten.replace('\'', "'\\''"));
        text.push('\'');
    }
    (changed || run.host_namespaces).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn targets_are_replaced_where_a_path_starts() {
        let mounts = vec![
            ("/".to_owned(), "/host".to_owned()),
            ("/etc".to_owned(), "/e".to_owned()),
        ];
        for (text, want, changed) in [
            ("/host", "/", true),
            ("/host/etc", "/etc", true),
            ("of=/host/dev/sda", "of=/dev/sda", true),
            ("echo x >> /e/passwd", "echo x >> /etc/passwd", true),
            ("/hostname", "/hostname", false),
            ("/tmp/host", "/tmp/host", false),
            ("/e", "/etc", true),
        ] {
            let mut out = String::new();
            assert_eq!(rewrite(text, &mounts, &mut out), changed, "{text}");
            assert_eq!(out, want, "{text}");
        }
    }
}
