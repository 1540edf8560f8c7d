//! Could a shell glob expand to a secret? `cat /e??/sh?d?w`, `cat ~/.n?trc`, `grep -r . ~/.s*`
//! name no secret literally, but bash expands them to one.
//!
//! The pattern is matched component by component, with bash's rules (`*`, `?`, `[…]`, a wildcard
//! never matches a leading `.`, `**` as any number of visible directories under globstar),
//! against representative concrete secrets taken from the tables of [`is_secret`]: files
//! (`~/.ssh/id_rsa`, `/etc/shadow`), directories whose whole content is secret (`~/.ssh/`,
//! `~/.aws/`: a pattern that reaches inside, or names the directory for a recursive reader), and
//! names that are secrets anywhere (`.env`, `id_rsa`, `terraform.tfstate`). A name pattern that
//! also matches an everyday file (`*`, `*.json`, `*.t*`) is taken as "everything here", not as
//! aimed at a secret: `cat config/*.json` stays a plain read, `cat ~/.docker/*.json` does not.
//!
//! Only words the analysis marks as unquoted globs come here: nothing runs for other words. The
//! agents' file tools ask the same tables about their glob parameters
//! ([`glob_may_match_secret`]). A unit test checks that every sample is a secret for
//! [`is_secret`]; the tables are samples of that one list, not a second one.

use super::{
    ACCOUNT_DIRS, ACCOUNT_FILES, PUBLIC_CERT_DIRS, home_relative, word_is_secret as is_secret,
};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::{is_secret as is_secret_path, resolve};
use crate::glob::Glob;
use crate::wordlist::{Words, words};

/// Files that hold secrets, in the home directory (`~/…`) or absolute. Every entry is a secret
/// for [`is_secret`] (a unit test checks).
const SECRET_FILES: Words = words![
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.ssh/id_dsa",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.config/gcloud/credentials.db",
    "~/.azure/accessTokens.json",
    "~/.kube/config",
    "~/.docker/config.json",
    "~/.netrc",
    "~/.npmrc",
    "~/.pypirc",
    "~/.git-credentials",
    "~/.vault-token",
    "~/.config/gh/hosts.yml",
    "~/.terraform.d/credentials.tfrc.json",
    "~/.cargo/credentials",
    "~/.cargo/credentials.toml",
    "~/.gem/credentials",
    "~/.pgpass",
    "~/.my.cnf",
    "~/.bash_history",
    "~/.zsh_history",
    "~/.histfile",
    "~/.local/share/fish/fish_history",
    "~/.psql_history",
    "~/.mysql_history",
    "~/.python_history",
    "~/.node_repl_history",
    "~/.rediscli_history",
    "~/.m2/settings.xml",
    "~/.gradle/gradle.properties",
    "~/.config/rclone/rclone.conf",
    "~/.s3cfg",
    "~/.boto",
    "~/.composer/auth.json",
    "~/.config/composer/auth.json",
    "~/.config/hub",
    "~/.claude/.credentials.json",
    "~/.codex/auth.json",
    "~/.gemini/oauth_creds.json",
    "~/.cache/huggingface/token",
    "~/.huggingface/token",
    "~/.wrangler/config/default.toml",
    "~/.config/.wrangler/config/default.toml",
    "~/.netlify/config.json",
    "~/.config/netlify/config.json",
    "~/.config/configstore/firebase-tools.json",
    "~/.config/doctl/config.yaml",
    "~/.config/atuin/key",
    "~/.jfrog/jfrog-cli.conf.v6",
    "~/.config/filezilla/sitemanager.xml",
    "~/.config/filezilla/recentservers.xml",
    "~/.filezilla/sitemanager.xml",
    "~/.filezilla/recentservers.xml",
    "~/.doppler/.doppler.yaml",
    "~/.vercel/auth.json",
    "~/.now/auth.json",
    "~/.local/share/com.vercel.cli/auth.json",
    "~/.twilio-cli/config.json",
    "~/.config/configstore/snyk.json",
    "~/.expo/state.json",
    "~/.render/cli.yaml",
    "~/.talos/config",
    "~/.helm/repository/repositories.yaml",
    "/etc/wireguard/wg0.conf",
    "/etc/NetworkManager/system-connections/home.nmconnection",
    "~/.msmtprc",
    "~/.config/msmtp/config",
    "~/.davfs2/secrets",
    "~/.platformio/appstate.json",
    "~/.cache/huggingface/stored_tokens",
    "/etc/davfs2/secrets",
    "~/.config/weechat/sec.conf",
    "~/.weechat/sec.conf",
    "~/.irssi/config",
    "~/.config/dvc/config",
    "~/.config/dvc/config.local",
    "~/src/app/.dvc/config.local",
    "~/.dolt/creds/key.jwk",
    "~/.sfdx/me@example.com.json",
    "~/.sfdx/key.json",
    "~/.okta/okta.yaml",
    "/var/lib/zerotier-one/identity.secret",
    "~/.config/Claude/claude_desktop_config.json",
    "~/.cursor/mcp.json",
    "~/.codeium/windsurf/mcp_config.json",
    "~/.mutt/muttrc",
    "~/.config/mutt/muttrc",
    "~/.neomuttrc",
    "~/.config/neomutt/neomuttrc",
    "~/.config/isync/mbsyncrc",
    "~/.getmail/getmailrc",
    "~/.config/getmail/getmailrc",
    "~/.config/deluge/auth",
    "~/.config/kopia/repository.config.kopia-password",
    "~/src/app/.duplicacy/preferences",
    "~/.influxdbv2/configs",
    "~/.config/influxdb2/configs",
    "~/.clickhouse-client/config.xml",
    "~/.config/clickhouse-client/config.xml",
    "~/.cqlshrc",
    "~/.cassandra/cqlshrc",
    "~/.usqlpass",
    "~/.vnc/passwd",
    "~/.config/tigervnc/passwd",
    "~/.remmina/remmina.pref",
    "~/.config/remmina/remmina.pref",
    "~/.local/share/remmina/host.remmina",
    "~/.config/asbru/asbru.yml",
    "~/.config/pac/pac.yml",
    "~/.config/syncthing/config.xml",
    "~/.vdirsyncer/config",
    "~/.config/vdirsyncer/config",
    "~/.config/wireguard/wg0.conf",
    "~/vpn/wg0.conf",
    "~/.config/openvpn/client.conf",
    "/etc/netbird/config.json",
    "~/.passage/identities",
    // Names without a leading dot, kept out of the home directory's samples (where `../*`
    // would meet them).
    "/srv/ftp/_netrc",
    "/var/lib/docker/containers/abc/config.v2.json",
    "/var/crash/app.crash",
    "/var/lib/systemd/coredump/core.1234",
    "/var/lib/apport/coredump/core.app",
    "~/.mbsyncrc",
    "~/.fetchmailrc",
    "~/.authinfo",
    "~/.authinfo.gpg",
    "~/.muttrc",
    "~/.purple/accounts.xml",
    "~/.config/hexchat/servlist.conf",
    "~/.config/Slack/Cookies",
    "~/.config/discord/Local Storage/leveldb",
    "~/.bitcoin/wallet.dat",
    "~/.bitcoin/wallets/w/wallet.dat",
    "~/.electrum/wallets/default_wallet",
    "~/.ethereum/keystore/key",
    "~/.config/solana/id.json",
    "~/.vault_pass",
    "~/.vault_pass.txt",
    "~/.sqlite_history",
    "~/.dbshell",
    "~/.mongodb/mongosh/mongosh_repl_history",
    "~/.irb_history",
    "~/.m2/settings-security.xml",
    "~/.config/pip/pip.conf",
    "~/.pip/pip.conf",
    "~/pip/pip.ini",
    "~/.condarc",
    "~/.bundle/config",
    "~/.gemrc",
    "~/.snowflake/config.toml",
    "~/.smbcredentials",
    "~/.mylogin.cnf",
    "~/.pg_service.conf",
    "~/.cloudflared/6ff42ae2-765d-4adf-8112-31c55c1551ef.json",
    "~/.Xauthority",
    "~/.ICEauthority",
    "~/.config/borg/keys/repo_key",
    "/var/lib/tailscale/tailscaled.state",
    "~/.config/Signal/config.json",
    "~/.local/share/atuin/key",
    "~/.local/share/atuin/session",
    "~/.pry_history",
    "~/.lesshst",
    "~/.viminfo",
    "~/.config/fish/fish_variables",
    "~/.snowsql/config",
    "~/.electrum/wallets",
    "~/.ethereum/keystore",
    "/etc/wireguard",
    "/etc/NetworkManager/system-connections",
    "/etc/master.passwd",
    "/etc/spwd.db",
    "/etc/krb5.keytab",
    "/etc/krb5kdc/stash",
    "/var/lib/krb5kdc/principal",
    "/tmp/krb5cc_0",
    "/var/lib/sss/secrets/secrets.ldb",
    "/etc/letsencrypt/accounts/acme/private_key.json",
    "/etc/mysql/debian.cnf",
    "~/vpn/client.ovpn",
    "/etc/openvpn/client.conf",
    "/etc/ipsec.secrets",
    "/etc/ppp/chap-secrets",
    "/etc/ppp/pap-secrets",
    "/etc/wpa_supplicant/wpa_supplicant.conf",
    "/etc/samba/smbpasswd",
    "/var/lib/samba/private/secrets.tdb",
    "/etc/rancher/k3s/k3s.yaml",
    "/etc/rancher/rke2/rke2.yaml",
    "/var/lib/rancher/k3s/server/token",
    "/var/lib/rancher/k3s/server/cred/passwd",
    "/etc/kubernetes/admin.conf",
    "/var/lib/jenkins/secrets/initialAdminPassword",
    "/var/lib/jenkins/credentials.xml",
    "~/.jenkins/secrets/hudson.util.Secret",
    "~/.nuget/NuGet/NuGet.Config",
    "/proc/1/fd/3",
    "/proc/1/task/1/fd/3",
    "/proc/1/map_files/400000-452000",
    "/proc/1/task/1/map_files/400000-452000",
    "~/.config/NuGet/NuGet.Config",
    "~/.config/flyctl/config.yml",
    "~/.oci/config",
    "~/.claude.json",
    "~/app/.streamlit/secrets.toml",
    "~/.jenkins/credentials.xml",
    "/etc/gitlab/gitlab-secrets.json",
    "/etc/gitlab-runner/config.toml",
    "~/.gitlab-runner/config.toml",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/sudoers",
    "/etc/security/opasswd",
    "/etc/ssh/ssh_host_rsa_key",
    "/etc/ssh/ssh_host_ed25519_key",
    "/etc/ssh/ssh_host_ecdsa_key",
    "/proc/self/environ",
    "/proc/1/environ",
    "/proc/1/task/1/environ",
    "/proc/self/task/1/environ",
    "/proc/thread-self/environ",
    "/proc/1/mem",
    "/proc/1/task/1/mem",
    "~/.pulumi/credentials.json",
    "~/.databrickscfg",
    "~/.config/sops/age/keys.txt",
    "~/.dockercfg",
    "~/.config/hcloud/cli.toml",
    "~/.config/linode-cli",
    "~/.linode-cli",
    "~/.config/exoscale/exoscale.toml",
    "~/.config/scw/config.yaml",
    "~/.bluemix/config.json",
    "~/.fly/config.yml",
    "~/.terraformrc",
    "~/.kaggle/kaggle.json",
    "~/.config/kaggle/kaggle.json",
    "~/.config/glab-cli/config.yml",
    "~/.config/openstack/clouds.yaml",
    "~/.config/openstack/secure.yaml",
    "~/.config/tea/config.yml",
    "~/.config/hut/config",
    "~/.ngrok2/ngrok.yml",
    "~/.config/ngrok/ngrok.yml",
    "~/.sentryclirc",
    "~/.config/stripe/config.toml",
    "~/.circleci/cli.yml",
    "~/.travis/config.yml",
    "~/.config/containers/auth.json",
    "/run/user/1000/containers/auth.json",
    "~/.config/helm/repositories.yaml",
    "~/.local/share/com.vercel.cli/auth.json",
    "~/.railway/config.json",
    "~/.supabase/access-token",
    "~/.snowflake/connections.toml",
    "~/.dbt/profiles.yml",
    "~/.config/github-copilot/hosts.json",
    "~/.config/github-copilot/apps.json",
    "~/.config/Bitwarden CLI/data.json",
    "~/.yarnrc.yml",
    "~/.zhistory",
    "~/.sh_history",
    "~/.mariadb_history",
    "~/.local/share/atuin/history.db",
    "~/.local/state/nvim/shada/main.shada",
    "~/.config/pypoetry/auth.toml",
    "~/.ivy2/.credentials",
    "~/.local/share/python_keyring/keyring_pass.cfg",
    "~/.bunfig.toml",
    "~/.mc/config.json",
    "~/.wakatime.cfg",
    "~/.config/aerc/accounts.conf",
    "~/.ksh_history",
    "~/.mksh_history",
    "~/.Rhistory",
    "~/.cqlsh_history",
    "~/.cassandra/cqlsh_history",
    "~/.influx_history",
    "~/.duckdb_history",
    "~/.clickhouse-client-history",
    "~/.mycli-history",
    "~/.config/pgcli/history",
    "~/.usql_history",
    "~/.mongosh/mongosh_repl_history",
    "~/.ipython/profile_default/history.sqlite",
    "~/.julia/logs/repl_history.jl",
    "~/.local/share/nvim/shada/main.shada",
    "~/Library/Application Support/pypoetry/auth.toml",
    "~/.sbt/.credentials",
    "~/.sbt/1.0/credentials.sbt",
    "~/.mcli/config.json",
    "~/.config/todoist/config.json",
    "~/.config/spotify-tui/client.yml",
    "~/.config/pscale/access-token",
    "~/.config/planetscale/access-token",
    "~/.offlineimaprc",
    "~/.local/share/lftp/bookmarks",
    "~/.lftp/bookmarks",
    "~/.config/io.datasette.llm/keys.json",
    "~/.config/shell_gpt/.sgptrc",
    "~/.config/aichat/config.yaml",
    "~/.config/mods/mods.yml",
    "~/.config/gptcommit/config.toml",
    "~/.config/helm/registry/config.json",
    "~/.config/helm/registry.json",
    "~/.argocd/config",
    "~/.config/argocd/config",
    "~/.okteto/context/config.json",
    "~/.config/vcluster/config.json",
    "~/.config/lab/lab.toml",
    "~/.config/go/env",
    "~/.config/pnpm/rc",
    "~/.config/uv/uv.toml",
    "~/.config/pdm/config.toml",
    "~/.age/key.txt",
    "~/.config/age/keys.txt",
    "~/.config/chezmoi/key.txt",
    "~/.local/share/rbw/default.json",
    "~/.cache/rbw/agent.log",
    "~/.tsh/keys/proxy.example.com/alice",
    "~/.google_authenticator",
    "~/.cf/config.json",
    "~/.vultr-cli.yaml",
    "~/.config/vultr-cli.yaml",
    "~/.config/equinix/metal.yaml",
    "~/.vault_password",
    "~/.vault-password",
    "~/.vault-pass",
    "~/.local/share/jupyter/runtime/kernel-1.json",
    "~/.local/share/kwalletd/kdewallet.kwl",
    "~/.local/share/DBeaverData/workspace6/General/.dbeaver/credentials-config.json",
    "~/.config/dbeaver/credentials-config.json",
    "~/.acme.sh/account.conf",
    "~/.ovh.conf",
    "~/.cloudflare.cfg",
    "~/.cloudflare/cloudflare.cfg",
    "~/.config/gandi/config.yaml",
    "~/.config/upcloud.yaml",
    "~/.comet.config",
    "~/.prefect/profiles.toml",
    "~/.serverlessrc",
    "~/.bosh/config",
    "~/.step/secrets/root_ca_key",
];

/// Directories whose every file is a secret: a pattern that matches one, or anything inside one,
/// may read secrets.
const SECRET_DIRS: Words = words![
    "~/.ssh",
    "~/.aws",
    "~/.gnupg",
    "~/.azure",
    "~/.config/gcloud",
    "~/.config/gh",
    "~/.config/rclone",
    "~/.password-store",
    "~/.local/share/keyrings",
    "~/Library/Keychains",
    "~/.mozilla",
    "~/.config/google-chrome",
    "~/.config/chromium",
    "~/.wrangler/config",
    "~/.config/.wrangler/config",
    "~/.config/op",
    "/etc/ssl/private",
    "/etc/sudoers.d",
    "/run/secrets",
    "/var/run/secrets",
];

/// Names that are secrets in any directory (each one passes [`is_secret_name`]).
const SECRET_NAMES: Words = words![
    ".env",
    ".env.local",
    ".env.production",
    ".envrc",
    "prod.env",
    "secrets.json",
    "client_secret.json",
    ".npmrc",
    ".netrc",
    ".git-credentials",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    "server.pem",
    "server.key",
    "cert.p12",
    "cert.pfx",
    "release.keystore",
    "release.jks",
    "passwords.kdbx",
    "credentials.json",
    "service-account.json",
    "terraform.tfstate",
    "terraform.tfstate.backup",
    "terraform.tfvars",
    "prod.auto.tfvars.json",
    ".htpasswd",
    "kubeconfig",
    "prod.kubeconfig",
    "credentials",
    "logins.json",
    "key4.db",
    "master.key",
    "secrets.yml",
    "secrets.yaml",
    "clouds.yaml",
    "terraform.rc",
    "wp-config.php",
    ".dev.vars",
    ".dev.vars.staging",
    ".secrets",
    "local.settings.json",
    "app-firebase-adminsdk-x1y2.json",
    "server.ppk",
    "key.properties",
    "vault_pass.txt",
    "vault-pass.txt",
    "vault_password.txt",
    "AuthKey_ABC123.p8",
    ".Renviron",
    "airflow.cfg",
];

/// Everyday names: a name pattern that matches one of these means "every file", not a secret.
const EVERYDAY_NAMES: Words = words![
    "README.md",
    "main.rs",
    "index.js",
    "app.py",
    "package.json",
    "notes.txt",
    "config.yaml",
    "docker-compose.yml",
    "settings.toml",
    "main.tf",
    "Makefile",
    "main.c",
    "db.backup",
];

/// Home directories an absolute pattern may spell out (`/*/*/.ssh/id_rsa`).
const HOMES: Words = words!["/root", "/home/user", "/Users/user"];

/// The glob characters bash expands.
fn has_glob_char(s: &str) -> bool {
    s.bytes().any(|b| matches!(b, b'*' | b'?' | b'['))
}

/// Could the unquoted glob `pattern` expand to a secret?
pub(crate) fn glob_may_be_secret(pattern: &str) -> bool {
    thread_local! {
        static SEEN: std::cell::RefCell<super::Seen> =
            std::cell::RefCell::new(super::Seen::default());
    }
    super::remembered(&SEEN, pattern, glob_may_be_secret_uncached)
}

/// [`glob_may_be_secret`], worked out.
fn glob_may_be_secret_uncached(pattern: &str) -> bool {
    if is_secret(pattern) {
        return true;
    }
    let h = home_relative(pattern);
    let h = h.trim_end_matches('/');
    if h.is_empty() || h.contains("://") || PUBLIC_CERT_DIRS.iter().any(|d| h.starts_with(d)) {
        return false;
    }
    let name = h.rsplit('/').next().unwrap_or(h);
    if name_may_be_secret(name) {
        return true;
    }
    if without_parent_steps(pattern)
        .iter()
        .any(|p| glob_may_be_secret_uncached(p))
    {
        return true;
    }
    let pat: Vec<&str> = h.split('/').collect();
    let anchored = |full: &str| {
        if let Some(rest) = full.strip_prefix("~/") {
            if h.starts_with('~') {
                return matches_path(&pat, &full.split('/').collect::<Vec<_>>());
            }
            if h.starts_with('/') {
                return HOMES.iter().any(|home| {
                    let mut comps: Vec<&str> = home.split('/').collect();
                    comps.extend(rest.split('/'));
                    matches_path(&pat, &comps)
                });
            }
            return false;
        }
        h.starts_with('/') && matches_path(&pat, &full.split('/').collect::<Vec<_>>())
    };
    SECRET_FILES.iter().any(anchored)
        || SECRET_DIRS
            .iter()
            .any(|d| anchored(d) || anchored(&format!("{d}/x")))
        || climbs_to_secret(&pat)
}

/// A relative pattern that climbs out of the working directory: after a component that is
/// `..`, or a wildcard one that matches `..` where a leading dot lets it (dash and the other
/// POSIX shells, bash before 5.2 or with `globskipdots` off: `.*`, `.?`, `.[.]`), the rest of
/// the pattern is read in a parent, which may be the home directory (`cat ../.ss?/*`, `sh -c
/// 'cat .*/.*/*'` in `~/project` read `~/.ssh/id_rsa`) or the root.
fn climbs_to_secret(pat: &[&str]) -> bool {
    if pat
        .first()
        .is_none_or(|c| c.starts_with('~') || c.is_empty())
    {
        return false;
    }
    pat.iter().enumerate().any(|(i, c)| {
        let rest = &pat[i + 1..];
        (*c == ".." || has_glob_char(c) && fnmatch(c.as_bytes(), b"..", false))
            && !rest.is_empty()
            && SECRET_FILES.iter().chain(SECRET_DIRS).any(|full| {
                let mut places: Vec<Vec<&str>> = Vec::new();
                if let Some(r) = full.strip_prefix("~/") {
                    // The parent is the home directory, or the root above one.
                    places.push(r.split('/').collect());
                    for home in HOMES {
                        let mut comps: Vec<&str> = home.split('/').skip(1).collect();
                        comps.extend(r.split('/'));
                        places.push(comps);
                    }
                } else if let Some(r) = full.strip_prefix('/') {
                    places.push(r.split('/').collect());
                }
                places.iter().any(|comps| {
                    matches_path(rest, comps)
                        || matches_path(rest, &[comps.as_slice(), &["x"]].concat())
                })
            })
    })
}

/// `pattern` with each literal component followed by `..` taken out (`~/p/../.ss?/*` is
/// `~/.ss?/*`; `~/../*/.ss?` is `/home/*/.ss?` for a home in `/home`, so a leading `~` is put
/// in place for each sample home first), when it holds such a pair: another text to match.
fn without_parent_steps(pattern: &str) -> Vec<String> {
    if !pattern.contains("..") {
        return Vec::new();
    }
    let starts: Vec<String> = match pattern.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => {
            HOMES.iter().map(|h| format!("{h}{rest}")).collect()
        }
        _ => vec![pattern.to_owned()],
    };
    starts
        .into_iter()
        .filter_map(|p| {
            let mut out: Vec<&str> = Vec::new();
            let mut changed = false;
            for c in p.split('/') {
                match out.last() {
                    Some(last)
                        if c == ".."
                            && !last.is_empty()
                            && *last != ".."
                            && *last != "."
                            && !last.starts_with('~')
                            && !has_glob_char(last) =>
                    {
                        out.pop();
                        changed = true;
                    }
                    _ => out.push(c),
                }
            }
            let normal = out.join("/");
            (changed && !normal.is_empty() && normal != pattern).then_some(normal)
        })
        .collect()
}

/// Could a file with this literal name hold secrets in some directory (`id_rsa`, `.env`,
/// `credentials`, `config` as in `~/.kube/config`)? For a path whose directory is known only at
/// run time (`"$DIR/NAME"`).
pub(crate) fn file_name_may_be_secret(name: &str) -> bool {
    is_secret(&format!("x/{name}"))
        || SECRET_FILES
            .iter()
            .any(|f| f.rsplit('/').next() == Some(name))
}

/// A name pattern aimed at a secret name: it matches one and no everyday name (a pattern that
/// starts with `.` aims at hidden files, where the secrets are, and is never "every file").
pub(crate) fn name_may_be_secret(name: &str) -> bool {
    // A literal name was judged by `is_secret` already.
    if !has_glob_char(name) {
        return false;
    }
    SECRET_NAMES.iter().any(|s| component_matches(name, s))
        && (name.starts_with('.') || !EVERYDAY_NAMES.iter().any(|e| component_matches(name, e)))
}

/// The secrets of the tables as paths below an unknown directory (`.env`, `.ssh/id_rsa`, `.aws`,
/// `.aws/x`), and the absolute ones as they are (`/etc/shadow`, `/run/secrets/x`).
fn samples() -> impl Iterator<Item = Cow<'static, str>> {
    fn relative(s: &'static str) -> &'static str {
        s.strip_prefix("~/").unwrap_or(s)
    }
    let files = SECRET_NAMES.iter().chain(SECRET_FILES);
    let dirs = SECRET_DIRS.iter().flat_map(|d| {
        let d = relative(d);
        [Cow::Borrowed(d), Cow::Owned(format!("{d}/x"))]
    });
    files.map(|f| Cow::Borrowed(relative(f))).chain(dirs)
}

/// Could the regular expression `re`, matched against the paths of a tree (Mercurial's `re:`
/// file patterns, `hg cat 're:\.en.'`; find's `-regex`), select a secret? It is tried, as the
/// caller anchors it, on the tables' secrets as paths below an unknown directory (the samples
/// a glob is judged with), spelled relative (`.env`, `x/.env`, `./.env`) and absolute
/// (`/home/user/.env`); one it cannot compile may match anything.
pub(crate) fn regex_may_match_secret(re: &str) -> bool {
    let Ok(re) = regex_lite::Regex::new(re) else {
        return true;
    };
    samples().any(|s| {
        [
            s.to_string(),
            format!("x/{s}"),
            format!("./{s}"),
            format!("/home/user/{s}"),
        ]
        .iter()
        .any(|p| re.is_match(p))
    })
}

/// Does a file-tool glob (Claude's `Glob` pattern, `Grep`'s `glob`, with its directory) match
/// a file that holds secrets? `.en[v]` and `**/*.pe?` do; `**/*.rs` does not. Checked against
/// the tables' secrets: the relative ones under the glob's literal directory at depths 0 to 2,
/// the absolute ones as they are (the same samples as for a bash glob).
pub(crate) fn glob_may_match_secret(pattern: &str, cwd: &Path) -> bool {
    if !pattern.contains(['*', '?', '[', '{']) {
        return false;
    }
    // The literal directory before the first component with a wildcard.
    let resolved = resolve(pattern, cwd);
    let text = resolved.to_string_lossy();
    let Ok(glob) = Glob::new(&text) else {
        return true; // a pattern we cannot read may match anything
    };
    let mut base = PathBuf::new();
    for c in resolved.components() {
        if c.as_os_str()
            .to_string_lossy()
            .contains(['*', '?', '[', '{'])
        {
            break;
        }
        base.push(c);
    }
    let hit =
        |candidate: &Path| glob.is_match(&candidate.to_string_lossy()) && is_secret_path(candidate);
    samples().any(|s| {
        if s.starts_with('/') {
            hit(Path::new(&*s))
        } else {
            ["", "a/", "a/b/"]
                .iter()
                .any(|mid| hit(&base.join(format!("{mid}{s}"))))
        }
    })
}

/// Does the absolute directory `dir` hold a system file that is a secret wherever a recursive
/// reader or an archiver goes through it (`/etc` holds `/etc/shadow`, `/proc` and `/proc/1`
/// every process's `environ`, `/run` and `/var/run` the mounted secrets)? Taken from the
/// absolute entries of the one secret list: `dir`'s components match the first components of
/// an entry that is longer.
pub(crate) fn dir_holds_system_secret(dir: &str) -> bool {
    if !dir.starts_with('/') {
        return false;
    }
    let normal = super::normalize_abs(dir);
    let comps: Vec<&str> = normal.split('/').filter(|c| !c.is_empty()).collect();
    if comps.is_empty() {
        return true;
    }
    super::SECRET_GLOBS
        .iter()
        .filter(|g| g.starts_with('/'))
        .any(|g| {
            let pat: Vec<&str> = g.split('/').filter(|c| !c.is_empty()).collect();
            pat.len() > comps.len()
                && pat
                    .iter()
                    .zip(&comps)
                    .take_while(|(p, _)| **p != "**")
                    .all(|(p, c)| component_matches(p, c))
        })
}

/// Does the directory `dir`, written under the home directory (`~/.config`, `$HOME/.local/share`,
/// `/root/.docker`), hold a file of secrets wherever a recursive reader goes through it? Taken
/// from the entries of the one secret list that hold anywhere (`**/.config/gh/hosts.yml`):
/// `dir`'s path below the home ends with the first components of an entry, and more follow
/// (`~/.config` holds `.config/gh/hosts.yml`, `~/.local` holds `.local/share/keyrings/…`). An
/// entry of one component (`**/.env`) says nothing of a directory.
pub(crate) fn dir_holds_home_secret(dir: &str) -> bool {
    let h = super::home_relative(dir);
    let Some(rest) = h.strip_prefix("~/") else {
        return false;
    };
    let normal = super::normalize_abs(&format!("/{rest}"));
    let comps: Vec<&str> = normal.split('/').filter(|c| !c.is_empty()).collect();
    if comps.is_empty() {
        return false;
    }
    super::SECRET_GLOBS.iter().any(|g| {
        let Some(tail) = g.strip_prefix("**/") else {
            return false;
        };
        let pat: Vec<&str> = tail.split('/').filter(|c| !c.is_empty()).collect();
        (1..pat.len()).any(|k| {
            let Some(head) = pat.get(..k) else {
                return false;
            };
            // `**/.ssh/**` makes `~/.ssh` a directory of secrets itself, judged as one.
            if head.contains(&"**") || pat.get(k..) == Some(&["**"][..]) {
                return false;
            }
            let mut want = vec!["**"];
            want.extend_from_slice(head);
            matches_path(&want, &comps)
        })
    })
}

/// Pattern components against path components; `**` stands for any number of visible
/// directories (globstar), a trailing `x` component of a directory probe matches anything.
/// An unquoted glob that may expand to an account file (`/e*c/pa*d`, `/e*/sudoers`,
/// `/etc/sudoers.d/*`): bash expands it before the program sees it.
pub(crate) fn glob_may_be_account_file(pattern: &str) -> bool {
    if !pattern.starts_with('/') || !pattern.contains(['*', '?', '[']) {
        return false;
    }
    let pat: Vec<&str> = pattern.split('/').collect();
    let comps = |f: &'static str| f.trim_end_matches('/').split('/').collect::<Vec<_>>();
    // Any file of the directories counts: the pattern's directory part matches one of them
    // (`/etc/pam.d/s*`, `/etc/sudo*.d/*`).
    let dir = pat.split_last().map_or(&[][..], |(_, d)| d);
    ACCOUNT_FILES.iter().any(|f| matches_path(&pat, &comps(f)))
        || ACCOUNT_DIRS.iter().any(|d| matches_path(dir, &comps(d)))
}

fn matches_path(pat: &[&str], path: &[&str]) -> bool {
    // Every component but `**` takes one path component: a longer pattern cannot match, and
    // without this a pattern of many `**/x/` would try exponentially many splits.
    if pat.iter().filter(|c| **c != "**").count() > path.len() {
        return false;
    }
    // `**/**` is `**`.
    if let [first, second, ..] = pat
        && *first == "**"
        && *second == "**"
    {
        return matches_path(&pat[1..], path);
    }
    match (pat.split_first(), path.split_first()) {
        (None, None) => true,
        (Some((&"**", rest)), _) => {
            matches_path(rest, path)
                || path
                    .split_first()
                    .is_some_and(|(first, more)| !first.starts_with('.') && matches_path(pat, more))
        }
        (Some((p, prest)), Some((c, crest))) => {
            component_matches(p, c) && matches_path(prest, crest)
        }
        _ => false,
    }
}

/// One component against one name, as bash's pattern matching with the dot rule: a wildcard
/// or bracket never matches a leading `.`.
fn component_matches(pat: &str, name: &str) -> bool {
    if name.starts_with('.') && !pat.starts_with('.') {
        return false;
    }
    fnmatch(pat.as_bytes(), name.as_bytes(), false)
}

/// Bash pattern matching of one name (no dot rule), case folded when `fold` (`shopt -s
/// nocaseglob`): the one reading of `*`, `?`, `[…]` (with `[:class:]`, `[=c=]`, `[.c.]`) and
/// `\x` for every check that expands a glob.
pub(crate) fn bash_fnmatch(pat: &str, name: &str, fold: bool) -> bool {
    fnmatch(pat.as_bytes(), name.as_bytes(), fold)
}

/// Bash pattern matching of one name: `*`, `?`, `[…]`, `\x`. Iterative, backtracking only to
/// the last `*` (a later `*` covers whatever an earlier one would have), so a pattern of many
/// stars takes time proportional to its length times the name's, not exponential time (a
/// fuzzed `/e??/*?**?**?*…` once took minutes).
fn fnmatch(p: &[u8], n: &[u8], fold: bool) -> bool {
    let (mut pi, mut ni) = (0, 0);
    // Where to resume after the last `*`: its pattern index + 1, and the name index it covers up to.
    let mut star: Option<(usize, usize)> = None;
    loop {
        if pi < p.len() {
            if p[pi] == b'*' {
                pi += 1;
                star = Some((pi, ni));
                continue;
            }
            if let Some(next) = one(p, pi, n.get(ni).copied(), fold) {
                pi = next;
                ni += 1;
                continue;
            }
        } else if ni == n.len() {
            return true;
        }
        match star {
            Some((sp, sn)) if sn < n.len() => {
                star = Some((sp, sn + 1));
                pi = sp;
                ni = sn + 1;
            }
            _ => return false,
        }
    }
}

/// Does the single-character element of the pattern at `pi` (`?`, `[…]`, `\\x` or a literal)
/// match `ch`? The index after the element when it does.
fn one(p: &[u8], pi: usize, ch: Option<u8>, fold: bool) -> Option<usize> {
    let ch = ch?;
    let same = |a: u8, b: u8| a == b || (fold && a.eq_ignore_ascii_case(&b));
    match p[pi] {
        b'?' => Some(pi + 1),
        b'[' => {
            let hit = |c: u8| bracket(&p[pi + 1..], Some(c));
            let found = match hit(ch) {
                Some((false, _)) if fold && ch.is_ascii_alphabetic() => {
                    hit(ch ^ 0x20).filter(|(ok, _)| *ok)
                }
                other => other,
            };
            match found {
                Some((true, after)) => Some(p.len() - after.len()),
                Some((false, _)) => None,
                // An unclosed `[` is a literal.
                None => (ch == b'[').then_some(pi + 1),
            }
        }
        b'\\' if pi + 1 < p.len() => same(ch, p[pi + 1]).then_some(pi + 2),
        c => same(ch, c).then_some(pi + 1),
    }
}

/// A bracket expression after its `[`: whether `ch` matches, and the pattern after the `]`.
/// `None` when there is no closing `]`. Inside it, `[:alpha:]` and the other POSIX classes,
/// `[=c=]` and `[.c.]` are one element each (`/etc/shado[[:alpha:]]` is `/etc/shadow`), and a
/// backslash escapes the next character. A class, equivalence or collating symbol this
/// reading does not know (`[:foo:]`, `[.period.]`) matches any character: more, never fewer.
fn bracket(p: &[u8], ch: Option<u8>) -> Option<(bool, &[u8])> {
    let (negate, mut i) = match p.first() {
        Some(b'!' | b'^') => (true, 1),
        _ => (false, 0),
    };
    let start = i;
    let mut hit = false;
    while let Some(&b) = p.get(i) {
        if b == b']' && i > start {
            let ok = ch.is_some_and(|_| hit != negate);
            return Some((ok, &p[i + 1..]));
        }
        if b == b'['
            && let Some(&kind @ (b':' | b'=' | b'.')) = p.get(i + 1)
            && let Some(len) = p[i + 2..].windows(2).position(|w| w == [kind, b']'])
        {
            let name = &p[i + 2..i + 2 + len];
            hit |= ch.is_some_and(|c| bracket_element(kind, name, c));
            i += len + 4;
            continue;
        }
        let (lo, width) = match (b, p.get(i + 1)) {
            (b'\\', Some(&e)) => (e, 2),
            _ => (b, 1),
        };
        if let (Some(b'-'), Some(&hi)) = (p.get(i + width), p.get(i + width + 1))
            && hi != b']'
        {
            hit |= ch.is_some_and(|c| lo <= c && c <= hi);
            i += width + 2;
            continue;
        }
        hit |= ch == Some(lo);
        i += width;
    }
    None
}

/// Does `c` match `[:name:]` (`kind` `:`), `[=name=]` (`=`) or `[.name.]` (`.`)? A byte of a
/// multibyte character, or a name not known here, matches (the reading is a superset).
fn bracket_element(kind: u8, name: &[u8], c: u8) -> bool {
    if !c.is_ascii() {
        return true;
    }
    if kind != b':' {
        return name.len() != 1 || name[0] == c;
    }
    match name {
        b"alpha" => c.is_ascii_alphabetic(),
        b"digit" => c.is_ascii_digit(),
        b"alnum" => c.is_ascii_alphanumeric(),
        b"upper" => c.is_ascii_uppercase(),
        b"lower" => c.is_ascii_lowercase(),
        b"space" => c.is_ascii_whitespace() || c == 0x0b,
        b"blank" => c == b' ' || c == b'\t',
        b"punct" => c.is_ascii_punctuation(),
        b"print" => (b' '..=b'~').contains(&c),
        b"graph" => c.is_ascii_graphic(),
        b"cntrl" => c.is_ascii_control(),
        b"xdigit" => c.is_ascii_hexdigit(),
        b"word" => c.is_ascii_alphanumeric() || c == b'_',
        // `ascii`, and a class this reading does not know.
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::super::is_secret_name;
    use super::*;

    #[test]
    fn representatives_are_secrets() {
        for f in SECRET_FILES.iter().chain(SECRET_DIRS) {
            assert!(is_secret(f), "{f}");
        }
        for n in SECRET_NAMES {
            assert!(is_secret_name(n), "{n}");
        }
        for n in EVERYDAY_NAMES {
            assert!(!is_secret_name(n), "{n}");
        }
    }

    /// The samples stand for the whole list: every secret glob has one (so a glob aimed at any
    /// kind of secret meets a sample, for bash and for the file tools alike).
    #[test]
    fn every_secret_glob_has_a_sample() {
        let paths: Vec<String> = samples()
            .map(|s| {
                if s.starts_with('/') {
                    s.into_owned()
                } else {
                    format!("/home/u/{s}")
                }
            })
            .collect();
        let missing: Vec<&str> = super::super::SECRET_GLOBS
            .iter()
            .filter(|g| Glob::new(g).map_or(true, |glob| !paths.iter().any(|p| glob.is_match(p))))
            .collect();
        assert!(missing.is_empty(), "no sample for {missing:?}");
    }

    #[test]
    fn bash_pattern_matching() {
        for (p, n, want) in [
            ("*", "a", true),
            ("*", ".env", false),
            (".*", ".env", true),
            ("sh?d?w", "shadow", true),
            ("[a-c]x", "bx", true),
            ("[!a-c]x", "bx", false),
            ("[]]", "]", true),
            ("id_*", "id_rsa", true),
            ("a\\*", "a*", true),
            ("a\\*", "ab", false),
            ("[abc", "[abc", true),
            ("*.json", "config.json", true),
            ("*a*b*c", "aXbYc", true),
            ("*a*b*c", "aXbYd", false),
            ("a*", "a", true),
            ("*?", "", false),
            ("**", "", true),
            ("*x*", "abc", false),
            ("?*?", "ab", true),
            ("[a-c]*[x]", "bqqx", true),
            ("*\\*", "ab*", true),
            ("shado[[:alpha:]]", "shadow", true),
            ("[[:upper:]]x", "ax", false),
            ("[![:digit:]]x", "ax", true),
            (".en[[=v=]]", ".env", true),
            (".en[[.v.]]", ".env", true),
            (".en[[.period.]]", ".env", true),
            ("[[:nosuch:]]", "a", true),
            ("[[:alpha:]", "a]", false),
            ("[\\]]x", "]x", true),
            ("[a\\-z]", "b", false),
        ] {
            assert_eq!(component_matches(p, n), want, "{p} {n}");
        }
    }

    /// Many stars, many `**`: linear work, not exponential (a fuzzed `/e??/*?**?**?*…Z` took
    /// minutes with the recursive matcher).
    #[test]
    fn directories_that_hold_system_secrets() {
        for d in [
            "/etc",
            "/etc/",
            "/proc",
            "/proc/1",
            "/proc/self",
            "/run",
            "/var/run",
            "/var",
            "/etc/ssl",
            "/etc/ssh",
            "/",
            "/proc/./1",
        ] {
            assert!(super::dir_holds_system_secret(d), "{d}");
        }
        for d in [
            "/usr",
            "/usr/share",
            "/etc/nginx",
            "/var/log",
            "/opt",
            "src",
            "/etc/ssl/certs",
            "/proc/1/environ",
        ] {
            assert!(!super::dir_holds_system_secret(d), "{d}");
        }
    }

    #[test]
    fn home_directories_that_hold_secrets() {
        for d in [
            "~/.config",
            "~/.config/",
            "$HOME/.config",
            "/root/.local",
            "~/.local/share",
            "~/.docker",
            "~/.kube",
            "~/.cargo",
            "~/Library",
            "~/.config/../.config",
        ] {
            assert!(super::dir_holds_home_secret(d), "{d}");
        }
        for d in [
            "~",
            "~/.config/nvim",
            "~/.local/bin",
            "~/.cargo/registry",
            "~/src",
            "src",
            ".config",
            "/usr/share",
        ] {
            assert!(!super::dir_holds_home_secret(d), "{d}");
        }
    }

    #[test]
    fn account_file_globs() {
        for p in [
            "/e*c/pa*d",
            "/etc/sh?dow",
            "/etc/sudoers.d/*",
            "/etc/pam.d/s*",
            "/etc/sudo*.d/x",
        ] {
            assert!(super::glob_may_be_account_file(p), "{p}");
        }
        for p in [
            "/etc/host*",
            "/tmp/*",
            "etc/passwd*",
            "/etc/pam.d",
            "/etc/passwd",
        ] {
            assert!(!super::glob_may_be_account_file(p), "{p}");
        }
    }

    #[test]
    fn pathological_patterns_finish() {
        let stars = format!("/e??/{}Z", "*?*".repeat(200));
        assert!(!glob_may_be_secret(&stars));
        let globstars = format!("/{}shadow", "**/".repeat(500));
        assert!(glob_may_be_secret(&globstars));
        let mixed = format!("~/{}notes.txt", "**/*/".repeat(300));
        assert!(!glob_may_be_secret(&mixed));
    }

    #[test]
    fn globs() {
        for (g, want) in [
            ("/e??/sh?d?w", true),
            ("~/.ss?/id_*", true),
            ("/e*/shadow", true),
            ("~/.n?trc", true),
            (".en?", true),
            (".env*", true),
            ("~/.kube/c?nfig", true),
            ("~/.docker/*.json", true),
            ("~/.config/gh/*", true),
            ("~/.git-cred*", true),
            ("/etc/ssl/private/*", true),
            ("~/.s*", true),
            ("/proc/*/environ", true),
            ("/proc/1/task/1/env*", true),
            ("/proc/*/task/*/e?viron", true),
            ("/proc/thread-self/[e]nviron", true),
            ("/proc/1/me?", true),
            ("/proc/1/stat*", false),
            ("/home/*/.ssh/id_*", true),
            ("/*/*/.ssh/id_rsa", true),
            ("$HOME/.a*/cred*", true),
            ("~/**/.env", true),
            ("*.tfstate", true),
            ("id_*", true),
            ("*.pem", true),
            ("*.md", false),
            ("src/*", false),
            ("*", false),
            ("*.json", false),
            ("config/*.yaml", false),
            ("docs/*.txt", false),
            ("~/.config/*.conf", false),
            ("~/*/id_rsa", true),
            ("~/*/config", false),
            ("~/.ssh/*.pub", false),
            ("/etc/ssl/certs/*.pem", false),
            ("/etc/*-release", false),
            ("/proc/*/status", false),
            // A component that is `..`, or matches it outside bash 5.2, climbs to a parent.
            ("../.ss?/*", true),
            ("../.*/*", true),
            (".*/.*/*", true),
            (".?/.aws/cred*", true),
            (".*/.*/.*/etc/sh?dow", true),
            ("../*", false),
            (".*/*", false),
            ("../src/*.rs", false),
            ("sub/../*.md", false),
            ("../../../../root/.ss?/*", true),
            ("../../home/*/.a?s/*", true),
            ("~/../*/.ss?/*", true),
            ("~/p/../.ss?/*", true),
            ("~/p/../src/*.rs", false),
            ("/home/user/x/../.n?trc", true),
            ("/dev/sd*", false),
            ("tests/fixtures/*", false),
            (".github/workflows/*.yml", false),
        ] {
            assert_eq!(glob_may_be_secret(g), want, "{g}");
        }
    }
}
