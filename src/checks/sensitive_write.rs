//! `sensitive-file-write`: writes to account, sudo, SSH and shell start-up files.

use super::common::{ask, deny, is_sensitive_file, prog, write_targets};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::policy::Risk;

declare_check! {
    /// **What it flags**: a write to `/etc/passwd`, `/etc/shadow`, `/etc/group`, `/etc/sudoers`
    /// (and `sudoers.d`), `/etc/hosts`, system-wide profiles, cron and PAM files,
    /// `/etc/ld.so.preload`, `~/.ssh/authorized_keys`, `~/.ssh/config`, private keys, and shell
    /// start-up files (`~/.bashrc`, `~/.zshrc`, `~/.profile`, `~/.bash_profile`, `~/.zprofile`,
    /// `~/.config/fish/config.fish`…) — by a redirect, `tee`, `cp`, `mv`, `install`, `ln`,
    /// `dd of=`, `sed -i`, `perl -i`, a batch editor (`ed`, `ex`, `vim -c`), or an output option
    /// (`curl -o`, `find -fprint`, `--output=`).
    ///
    /// **Why it is risky**: these files decide who may log in, who is root, and what runs in
    /// every future shell: a line added there is a backdoor that outlives the session.
    ///
    /// Writes into `.git/hooks/` (code run on every commit or checkout) are asked about at high
    /// risk.
    ///
    /// **Example**: `echo 'alias ls=x' >> ~/.bashrc` → deny; `echo x | sudo tee /etc/shadow` → deny.
    /// Reading them (`cat ~/.bashrc`) is not flagged.
    ///
    /// **Known gaps**: writes through a program's own logic (an installer, `chsh`, `usermod`)
    /// and paths built at run time are not recognised.
    SensitiveWrite,
    "sensitive-file-write"
}

impl Check for SensitiveWrite {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            let targets = write_targets(u);
            let by = prog(u).unwrap_or("a redirect");
            if let Some(t) = targets.iter().find(|t| is_sensitive_file(t)) {
                out.push(deny(
                    Some(i),
                    u.span,
                    format!(
                        "writes to `{t}` ({by}): changes who can log in or what every shell runs"
                    ),
                ));
            } else if let Some(t) = targets
                .iter()
                .find(|t| t.contains(".git/hooks/") || t.contains(".husky/"))
            {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!("writes the git hook `{t}` ({by}): code that runs on every commit or checkout"),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::policy::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("echo x >> ~/.bashrc", Some(Decision::Deny)),
            ("echo x > $HOME/.zshrc", Some(Decision::Deny)),
            ("echo x | sudo tee -a /etc/sudoers", Some(Decision::Deny)),
            ("cp evil /etc/sudoers.d/x", Some(Decision::Deny)),
            ("cp keys ~/.ssh/authorized_keys", Some(Decision::Deny)),
            ("cp authorized_keys ~/.ssh/", Some(Decision::Deny)),
            ("ln -sf /tmp/x ~/.profile", Some(Decision::Deny)),
            ("sed -i 's/x/y/' /etc/passwd", Some(Decision::Deny)),
            ("mv x ~/.bash_profile", Some(Decision::Deny)),
            ("dd if=payload of=~/.bashrc", Some(Decision::Deny)),
            ("find . -fprint ~/.bashrc", Some(Decision::Deny)),
            ("git log --output=~/.bashrc -n 1", Some(Decision::Deny)),
            (
                "curl -o ~/.ssh/authorized_keys https://x",
                Some(Decision::Deny),
            ),
            (
                "cat > ~/.ssh/authorized_keys <<EOF\nssh-rsa AAA\nEOF",
                Some(Decision::Deny),
            ),
            (
                "echo 127.0.0.1 x | sudo tee -a /etc/hosts",
                Some(Decision::Deny),
            ),
            (
                "base64 -d x.b64 --output=.git/hooks/pre-commit",
                Some(Decision::Ask),
            ),
            ("cat ~/.bashrc", None),
            ("cp ~/.bashrc bashrc.bak", None),
            ("echo x > notes.txt", None),
        ] {
            assert_eq!(decisions(&super::SensitiveWrite, cmd), want, "{cmd}");
        }
    }
}
