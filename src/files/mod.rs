//! Facts about files, on paths and on the words that name them: where a path leads (lexical
//! expansion of `~` and `$HOME`, kernel-style resolution through links), which places it names
//! (the root, a home directory, a system directory, scratch space), and the one classification
//! of secret, start-up, account and protected files that the path policy, the checks and the
//! agents' file tools all ask, matched with case folded where the file system folds it.
//!
//! A leaf: it imports nothing of the analysis, the checks or the policy, and decides nothing
//! (the path policy turns a class into a decision, a check into a finding).

mod look;
mod places;
mod resolve;
pub(crate) mod secret_glob;

use std::borrow::Cow;
use std::path::Path;

use crate::glob::{Glob, GlobList, GlobMeta, glob_metas};
use crate::wordlist::{Words, words};

pub(crate) use look::{Kind, Look, Snapshot};
pub(crate) use places::{
    every_name_as_star, glob_may_be_system, is_home, is_root, is_system_program_path, system_depth,
    trim_path,
};
pub(crate) use resolve::{
    cdpath_applies, expand, home, lexical, normalize_abs, resolve, resolve_links,
    resolve_links_under,
};

/// Secrets: reading them is at least ask, writing them is deny.
const SECRET_GLOBS: Words = words![
    "**/.ssh/**",
    "**/.gnupg/**",
    "**/.aws/**",
    "**/.azure/**",
    "**/.config/gcloud/**",
    "**/.kube/config",
    "**/.docker/config.json",
    "**/.env",
    "**/.env.*",
    // Environment files by another name (`prod.env`, `docker.env`: compose's `env_file`), and
    // secrets files of frameworks and deploy tools (Rails' `secrets.yml`, Kubernetes manifests).
    "**/*.env",
    "**/secrets.{yml,yaml,json,toml,ini,txt,env}",
    "**/*.pem",
    "**/*.key",
    "**/*.p12",
    "**/*.pfx",
    "**/id_rsa*",
    "**/id_dsa*",
    "**/id_ecdsa*",
    "**/id_ed25519*",
    "**/.netrc",
    // curl's and other Windows builds' name for it.
    "**/_netrc",
    "**/.pgpass",
    "**/.git-credentials",
    "**/.npmrc",
    "**/.pypirc",
    "**/credentials",
    "**/credentials.json",
    "**/.vault-token",
    "**/.m2/settings.xml",
    "**/.gradle/gradle.properties",
    "**/.config/rclone/**",
    "**/.s3cfg",
    "**/.boto",
    "**/.my.cnf",
    "**/.config/gh/hosts.yml",
    "**/.terraform.d/credentials.tfrc.json",
    "**/.cargo/credentials*",
    "**/.gem/credentials",
    "**/.composer/auth.json",
    "**/.password-store/**",
    "**/logins.json",
    "**/key4.db",
    "**/*.kdbx",
    "**/*.tfstate",
    "**/*.tfstate.backup",
    // Terraform's variable files: database passwords and API keys passed to providers.
    "**/*.tfvars",
    "**/*.tfvars.json",
    // Password hashes of a web server's users (cracked offline).
    "**/.htpasswd",
    "**/kubeconfig",
    "**/*.kubeconfig",
    "**/service-account*.json",
    "**/.claude/.credentials.json",
    "**/.codex/auth.json",
    "**/.gemini/oauth_creds.json",
    "**/huggingface/token",
    "**/.huggingface/token",
    "**/.wrangler/config/**",
    "**/.netlify/config.json",
    "**/.config/netlify/config.json",
    "**/.config/configstore/firebase-tools.json",
    "**/.config/doctl/config.yaml",
    // Another process's environment. (Its `cmdline`, `status`, `maps`, `stat` and the like are
    // what `ps aux` and `pgrep -a` print to every user, allowed as they are: no secret's
    // file.)
    "/proc/*/environ",
    // A process's memory (`tail -c +N /proc/PID/mem` seeks to a mapping): its environment and
    // every token it holds.
    "/proc/*/mem",
    // Another process's open files (`/proc/$PPID/fd/3`): whatever it opened, a key or a token
    // file included; the reader's own descriptors are exceptions.
    "/proc/*/fd/*",
    "/proc/*/task/*/fd/*",
    // The files a process maps (`/proc/PID/map_files/ADDR-ADDR` opens the file mapped there),
    // as its open files.
    "/proc/*/map_files/*",
    "/proc/*/task/*/map_files/*",
    "/var/run/secrets/**",
    "/run/secrets/**",
    "**/*.keystore",
    "**/*.jks",
    "**/.config/gh/**",
    "**/.config/hub",
    "**/.config/composer/auth.json",
    "**/.wrangler/config",
    "**/.local/share/keyrings/**",
    "**/Library/Keychains/**",
    "**/.mozilla/**",
    "**/.config/google-chrome/**",
    "**/.config/chromium/**",
    "/etc/ssh/ssh_host_*_key",
    "**/.bash_history",
    "**/.zsh_history",
    "**/.histfile",
    "**/.local/share/fish/fish_history",
    "**/.psql_history",
    "**/.mysql_history",
    "**/.python_history",
    "**/.node_repl_history",
    "**/.rediscli_history",
    "**/.pry_history",
    "**/.lesshst",
    "**/.viminfo",
    // fish's universal variables (`set -Ux GITHUB_TOKEN …`).
    "**/.config/fish/fish_variables",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/security/opasswd",
    "/etc/ssl/private/**",
    "/etc/sudoers",
    "/etc/sudoers.d/**",
    // Rails' key and plain-text secrets, and more CLIs' tokens.
    "**/master.key",
    "**/secrets.yml",
    "**/secrets.yaml",
    "**/.pulumi/credentials.json",
    "**/.databrickscfg",
    "**/.config/sops/age/keys.txt",
    "**/.snowsql/config",
    "**/.local/share/atuin/session",
    "**/.config/op/**",
    "**/.dockercfg",
    // Credential stores of CLIs: API tokens, keys and passwords in the clear.
    "**/.config/hcloud/cli.toml",
    "**/.config/linode-cli",
    "**/.linode-cli",
    "**/.config/exoscale/exoscale.toml",
    "**/.config/scw/config.yaml",
    "**/.bluemix/config.json",
    "**/.fly/config.yml",
    "**/.terraformrc",
    "**/terraform.rc",
    "**/.kaggle/kaggle.json",
    "**/.config/kaggle/kaggle.json",
    "**/.config/glab-cli/config.yml",
    "**/.config/openstack/clouds.yaml",
    "**/.config/openstack/secure.yaml",
    "**/clouds.yaml",
    "**/.config/tea/config.yml",
    "**/.config/hut/config",
    "**/.ngrok2/ngrok.yml",
    "**/.config/ngrok/ngrok.yml",
    "**/.sentryclirc",
    "**/.config/stripe/config.toml",
    "**/.circleci/cli.yml",
    "**/.travis/config.yml",
    "**/.config/containers/auth.json",
    "/run/user/*/containers/auth.json",
    "**/.config/helm/repositories.yaml",
    "**/.local/share/com.vercel.cli/auth.json",
    "**/.railway/config.json",
    "**/.supabase/access-token",
    "**/.snowflake/connections.toml",
    "**/.dbt/profiles.yml",
    "**/.config/github-copilot/hosts.json",
    "**/.config/github-copilot/apps.json",
    "**/.config/Bitwarden CLI/data.json",
    "**/.yarnrc.yml",
    // Web application settings with the database password in the clear.
    "**/wp-config.php",
    // More stores of tokens, passwords and private keys in the clear: CLIs, mail and chat
    // clients, VPN and Wi-Fi profiles, wallets, vault passwords, REPL histories.
    "**/.config/atuin/key",
    "**/.jfrog/jfrog-cli.conf*",
    "**/.config/filezilla/sitemanager.xml",
    "**/.config/filezilla/recentservers.xml",
    "**/.filezilla/sitemanager.xml",
    "**/.filezilla/recentservers.xml",
    "**/.doppler/.doppler.yaml",
    "**/.vercel/auth.json",
    "**/.now/auth.json",
    "**/com.vercel.cli/auth.json",
    "**/.twilio-cli/config.json",
    "**/.config/configstore/snyk.json",
    "**/.expo/state.json",
    "**/.render/cli.yaml",
    "**/.talos/config",
    "**/.helm/repository/repositories.yaml",
    "/etc/wireguard/**",
    "/etc/NetworkManager/system-connections/**",
    "**/.msmtprc",
    "**/.mbsyncrc",
    "**/.fetchmailrc",
    "**/.authinfo",
    "**/.authinfo.gpg",
    "**/.muttrc",
    "**/.purple/accounts.xml",
    "**/.config/hexchat/servlist.conf",
    "**/.config/Slack/Cookies",
    "**/.config/discord/Local Storage/**",
    "**/.bitcoin/wallet.dat",
    "**/.bitcoin/wallets/**",
    "**/.electrum/wallets/**",
    "**/.ethereum/keystore/**",
    "**/.config/solana/id.json",
    "**/.vault_pass",
    "**/.vault_pass.txt",
    "**/.sqlite_history",
    "**/.dbshell",
    "**/.mongodb/mongosh/mongosh_repl_history",
    "**/.irb_history",
    // System credentials: BSD shadow files, Kerberos keytabs, KDC stashes and ticket caches,
    // VPN, PPP, Wi-Fi and Samba secrets, ACME account keys, database maintenance passwords,
    // cluster admin kubeconfigs and join tokens, CI servers' and runners' secrets.
    "/etc/master.passwd",
    "/etc/spwd.db",
    "**/*.keytab",
    "/etc/krb5kdc/**",
    "/var/lib/krb5kdc/**",
    "/tmp/krb5cc_*",
    "/var/lib/sss/secrets/**",
    "/etc/letsencrypt/accounts/**",
    "/etc/mysql/debian.cnf",
    "**/*.ovpn",
    "/etc/openvpn/**",
    "/etc/ipsec.secrets",
    "/etc/ppp/chap-secrets",
    "/etc/ppp/pap-secrets",
    "/etc/wpa_supplicant/**",
    "/etc/samba/smbpasswd",
    "/var/lib/samba/private/**",
    "/etc/rancher/k3s/k3s.yaml",
    "/etc/rancher/rke2/rke2.yaml",
    "/var/lib/rancher/k3s/server/token",
    "/var/lib/rancher/k3s/server/cred/**",
    "/etc/kubernetes/*.conf",
    "**/jenkins/secrets/**",
    "**/jenkins/credentials.xml",
    "**/.jenkins/secrets/**",
    "**/.jenkins/credentials.xml",
    "/etc/gitlab/gitlab-secrets.json",
    "**/gitlab-runner/config.toml",
    "**/.gitlab-runner/config.toml",
    // Settings that hold a credential in the clear: direnv's exported variables, Maven's master
    // password, an OAuth client's secret, package indexes' addresses with `user:token@` (pip),
    // channel tokens (conda), gem sources with `TOKEN@` (RubyGems' `.gemrc`) and Bundler's
    // per-host credentials, Snowflake's connections, CIFS mount passwords.
    "**/.envrc",
    "**/.m2/settings-security.xml",
    "**/client_secret*.json",
    "**/pip.conf",
    "**/pip.ini",
    "**/.condarc",
    "**/.bundle/config",
    "**/.gemrc",
    "**/.snowflake/config.toml",
    "**/.smbcredentials",
    // Passwords of database clients' service and login-path files (`.mylogin.cnf` is only
    // obfuscated), Cloudflare tunnels' secrets, X11 and ICE session cookies (control of the
    // display), Borg repository keys, Tailscale's node keys, Signal's database key, atuin's
    // sync key.
    "**/.mylogin.cnf",
    "**/.pg_service.conf",
    "**/.cloudflared/*.json",
    "**/.Xauthority",
    "**/.ICEauthority",
    "**/.config/borg/keys/**",
    "/var/lib/tailscale/tailscaled.state",
    "**/.config/Signal/config.json",
    "**/.local/share/atuin/key",
    // Local secrets files of frameworks and tools, and CLIs' stores: Cloudflare Workers'
    // `.dev.vars`, act's `.secrets`, Azure Functions' `local.settings.json` (connection
    // strings), Streamlit's `secrets.toml`, Firebase service-account keys, NuGet's per-user
    // credentials, flyctl's and OCI's configurations (a token, a key's pass phrase), Claude
    // Code's account file (its API key).
    "**/.dev.vars",
    "**/.dev.vars.*",
    "**/.secrets",
    "**/local.settings.json",
    "**/.streamlit/secrets.toml",
    "**/*firebase-adminsdk*.json",
    "**/.nuget/NuGet/NuGet.Config",
    "**/.config/NuGet/NuGet.Config",
    "**/.config/flyctl/config.yml",
    "**/.oci/config",
    "**/.claude.json",
    // More histories of shells, database clients and REPLs (a password typed on a command
    // line, `CREATE USER … IDENTIFIED BY`, `AUTH`, a connection string), atuin's history
    // database and Neovim's shada files (command history and registers, a yanked token).
    "**/.zhistory",
    "**/.sh_history",
    "**/.ksh_history",
    "**/.mksh_history",
    "**/.mariadb_history",
    "**/.Rhistory",
    "**/.cqlsh_history",
    "**/.cassandra/cqlsh_history",
    "**/.influx_history",
    "**/.duckdb_history",
    "**/.clickhouse-client-history",
    "**/.mycli-history",
    "**/.config/pgcli/history",
    "**/.usql_history",
    "**/.mongosh/mongosh_repl_history",
    "**/.ipython/profile_*/history.sqlite",
    "**/.julia/logs/repl_history.jl",
    "**/.local/share/atuin/history.db",
    "**/.local/state/nvim/shada/**",
    "**/.local/share/nvim/shada/**",
    // More CLIs' and clients' credential stores in the clear: poetry's `http-basic` passwords
    // (without a keyring), Ivy's and sbt's repository credentials, keyrings.alt's plain-text
    // keyring, bun's global settings (scoped registries' tokens), the MinIO client's access and
    // secret keys, WakaTime's, Todoist's, Spotify's and PlanetScale's tokens, aerc's and
    // OfflineIMAP's mail passwords, lftp's bookmarks.
    "**/.config/pypoetry/auth.toml",
    "**/Library/Application Support/pypoetry/auth.toml",
    "**/.ivy2/.credentials",
    "**/.sbt/.credentials",
    "**/.sbt/*/credentials.sbt",
    "**/.local/share/python_keyring/**",
    "**/.bunfig.toml",
    "**/.mc/config.json",
    "**/.mcli/config.json",
    "**/.wakatime.cfg",
    "**/.config/todoist/config.json",
    "**/.config/spotify-tui/client.yml",
    "**/.config/pscale/access-token",
    "**/.config/planetscale/access-token",
    "**/.config/aerc/accounts.conf",
    "**/.offlineimaprc",
    "**/.local/share/lftp/bookmarks",
    "**/.lftp/bookmarks",
    // Model API keys of LLM command-line clients (Simon Willison's `llm`, shell_gpt, aichat,
    // mods, gptcommit), OCI-registry and Argo CD logins (helm's registry `config.json`, the
    // argocd CLI's auth and refresh tokens), okteto's, vcluster's and `lab`'s tokens, go's
    // settings file (`GOPROXY` with `user:key@`, as pip's index address), pnpm's and uv's
    // global settings (registry tokens, index addresses with credentials), pdm's repository
    // passwords, age identities kept in their usual directories, rbw's local vault (access and
    // refresh tokens in the clear).
    "**/io.datasette.llm/keys.json",
    "**/.config/shell_gpt/.sgptrc",
    "**/.config/aichat/config.yaml",
    "**/.config/mods/mods.yml",
    "**/.config/gptcommit/config.toml",
    "**/.config/helm/registry/config.json",
    "**/.config/helm/registry.json",
    "**/.argocd/config",
    "**/.config/argocd/config",
    "**/.okteto/context/config.json",
    "**/.config/vcluster/config.json",
    "**/.config/lab/lab.toml",
    "**/.config/go/env",
    "**/.config/pnpm/rc",
    "**/.config/uv/uv.toml",
    "**/.config/pdm/config.toml",
    "**/.age/**",
    "**/.config/age/**",
    "**/.config/chezmoi/key.txt",
    "**/.local/share/rbw/**",
    "**/.cache/rbw/**",
    // Private keys by other tools' names (PuTTY's `.ppk`, Teleport's `~/.tsh/keys`), a TOTP
    // seed (Google Authenticator's PAM file), Cloud Foundry's access and refresh tokens (also
    // under IBM Cloud's `~/.bluemix/.cf`), the Vultr and Equinix Metal CLIs' API keys, Android
    // (Flutter) signing passwords, Ansible vault passwords by their usual names.
    "**/*.ppk",
    "**/.tsh/keys/**",
    "**/.google_authenticator",
    "**/.cf/config.json",
    "**/.vultr-cli.yaml",
    "**/.config/vultr-cli.yaml",
    "**/.config/equinix/metal.yaml",
    "**/key.properties",
    "**/.vault_password",
    "**/.vault-password",
    "**/.vault-pass",
    "**/vault_pass.txt",
    "**/vault-pass.txt",
    "**/vault_password.txt",
    // Jupyter's connection files (a kernel's HMAC key runs code in it, a server's token), KDE's
    // wallet, DBeaver's saved connections (encrypted with a key every copy shares), App Store
    // Connect and other PKCS#8 keys (`AuthKey_….p8`), R's environment file (API tokens, as
    // `.env`), and more services' API keys in the clear: acme.sh's DNS providers, OVH, the
    // python Cloudflare client, Gandi, UpCloud, Comet, Prefect, Serverless, BOSH, step's CA keys,
    // Airflow's connection and Fernet keys.
    "**/jupyter/runtime/*.json",
    "**/.local/share/kwalletd/**",
    "**/.dbeaver/credentials-config.json",
    "**/.config/dbeaver/credentials-config.json",
    "**/*.p8",
    "**/.Renviron",
    "**/.acme.sh/account.conf",
    "**/.ovh.conf",
    "**/.cloudflare.cfg",
    "**/.cloudflare/cloudflare.cfg",
    "**/.config/gandi/config.yaml",
    "**/.config/upcloud.yaml",
    "**/.comet.config",
    "**/.prefect/profiles.toml",
    "**/.serverlessrc",
    "**/.bosh/config",
    "**/.step/secrets/**",
    "**/airflow.cfg",
    // Credential stores of the catalogue's CLIs and clients kept under other names: msmtp's XDG
    // configuration (its password), davfs2's `secrets` (WebDAV passwords in the clear),
    // WeeChat's secured data and irssi's configuration (network and SASL passwords),
    // PlatformIO's account tokens, DVC's global and local configuration (remote storage keys;
    // `config.local` is where DVC tells you to put them), Dolt's JWK signing keys, the
    // Salesforce CLI's auth files (`USER@HOST.json`) and their key, the Okta CLI's API token, a
    // ZeroTier node's private identity, Hugging Face's stored tokens, and the MCP server
    // settings of Claude Desktop, Cursor and Windsurf (servers' API keys in `env`).
    "**/.config/msmtp/config",
    "**/.davfs2/secrets",
    "/etc/davfs2/secrets",
    "**/weechat/sec.conf",
    "**/.weechat/sec.conf",
    "**/.irssi/config",
    "**/.platformio/appstate.json",
    "**/.config/dvc/config",
    "**/.config/dvc/config.local",
    "**/.dvc/config.local",
    "**/.dolt/creds/**",
    "**/.sfdx/*@*.json",
    "**/.sfdx/key.json",
    "**/.okta/okta.yaml",
    "**/identity.secret",
    "**/huggingface/stored_tokens",
    "**/Claude/claude_desktop_config.json",
    "**/.cursor/mcp.json",
    "**/.codeium/windsurf/mcp_config.json",
    // The same stores' other homes (XDG and older places: mutt's and NeoMutt's, isync's,
    // getmail's), and more clients' passwords in the clear or under a key every copy shares:
    // Deluge's daemon logins, Kopia's saved repository password, Duplicacy's storage keys,
    // the InfluxDB CLI's tokens, ClickHouse client's and cqlsh's passwords, usql's password
    // file, VNC passwords (DES under a fixed key), Remmina's profiles and the key in its
    // preferences, Ásbrú's and PAC Manager's connections, Syncthing's API key, vdirsyncer's
    // CalDAV and CardDAV logins, WireGuard and OpenVPN profiles kept in the home directory,
    // NetBird's WireGuard key, passage's age identities.
    "**/.mutt/muttrc",
    "**/.config/mutt/muttrc",
    "**/.neomuttrc",
    "**/.config/neomutt/neomuttrc",
    "**/.config/isync/mbsyncrc",
    "**/.getmail/getmailrc*",
    "**/.config/getmail/getmailrc*",
    "**/.config/deluge/auth",
    "**/*.kopia-password",
    "**/.duplicacy/preferences",
    "**/.influxdbv2/configs",
    "**/.config/influxdb2/configs",
    "**/.clickhouse-client/config.xml",
    "**/.config/clickhouse-client/config.xml",
    "**/.cqlshrc",
    "**/.cassandra/cqlshrc",
    "**/.usqlpass",
    "**/.vnc/passwd",
    "**/.config/tigervnc/passwd",
    "**/.remmina/**",
    "**/.config/remmina/**",
    "**/.local/share/remmina/**",
    "**/.config/asbru/asbru.yml",
    "**/.config/pac/pac.yml",
    "**/syncthing/config.xml",
    "**/.vdirsyncer/config",
    "**/.config/vdirsyncer/config",
    "**/.config/wireguard/**",
    "**/wg[0-9]*.conf",
    "**/.config/openvpn/**",
    "/etc/netbird/config.json",
    "**/.passage/identities",
    // A container's settings as its daemon keeps them (every `-e TOKEN=…` it was started with),
    // and core dumps: a process's memory, its environment and every key it held (`core.PID`,
    // the crash reporters' and systemd's stores). A dump named `core` alone is not listed: the
    // name is a directory of many source trees (`packages/core`).
    "/var/lib/docker/containers/*/config.v2.json",
    "**/core.[0-9]*",
    "/var/crash/**",
    "/var/lib/systemd/coredump/**",
    "/var/lib/apport/coredump/**",
];

/// Not secrets although they look like them: templates, public keys, and the files in `~/.ssh`
/// and `~/.aws` that hold no key (their writes are still checked as start-up and account files:
/// `authorized_keys` and `~/.ssh/config` ask), and the reader's own descriptors in `/proc`. Public
/// CA certificates are the other exception ([`PUBLIC_CERT_DIRS`]).
const SECRET_EXCEPTIONS: Words = words![
    "**/*.example",
    "**/*.sample",
    "**/*.template",
    "**/*.pub",
    "**/.ssh/known_hosts",
    "**/.ssh/known_hosts.old",
    "**/.ssh/authorized_keys",
    "**/.ssh/authorized_keys2",
    "**/.ssh/config",
    "**/.aws/config",
    "/proc/self/fd/*",
    "/proc/thread-self/fd/*",
    "/proc/self/task/*/fd/*",
];

/// Writing these asks (high): what every later shell or git command runs. Set-up steps append
/// to them every day (`echo 'export PATH=…' >> ~/.bashrc`, installing a pre-commit hook), so
/// they are a person's call; `sensitive-file-write` denies when what is written is itself a
/// catastrophe.
const STARTUP_GLOBS: Words = words![
    "**/.git/hooks/**",
    "**/.husky/**",
    "**/.githooks/**",
    "**/.pre-commit-config.yaml",
    "**/.github/workflows/**",
    "**/.gitlab-ci.yml",
    "**/.circleci/**",
    "**/.envrc",
    "**/.ssh/authorized_keys",
    "**/.ssh/authorized_keys2",
    "**/.ssh/config",
    "**/.ssh/rc",
    "**/.ssh/environment",
    "**/.bashrc",
    "**/.bash_profile",
    "**/.bash_login",
    "**/.bash_logout",
    "**/.bash_aliases",
    "**/.profile",
    "**/.zshrc",
    "**/.zshenv",
    "**/.zprofile",
    "**/.zlogin",
    "**/.config/fish/config.fish",
    "**/.config/fish/conf.d/**",
    "**/.zlogout",
    "**/.kshrc",
    "**/.cshrc",
    "**/.tcshrc",
    "**/.inputrc",
    "**/.xinitrc",
    "**/.xprofile",
    "**/.config/autostart/**",
    "**/.config/systemd/user/**",
    "**/.gitconfig",
    // What other programs run at start: sqlite3's `.shell` in `~/.sqliterc`, gdb's `shell` in
    // its init files (`~/.gdbinit`, and `./.gdbinit` where auto-load allows it), yarn's
    // `yarnPath`, `plugins` and script shell, apt's hooks in a configuration file.
    "**/.sqliterc",
    "**/.gdbinit",
    "**/.gdbearlyinit",
    "**/.config/gdb/**",
    "**/.yarnrc",
    "**/.yarnrc.yml",
    // colordiff's `diff_cmd` names the program it runs.
    "**/.colordiffrc",
    // What read-only verbs of a toolchain run from the checkout (the `workspace-code` check
    // reads them before a command; written on the same line they are not there yet): pnpm's
    // pnpmfile, cargo's config and toolchain files, .NET's `global.json` (its SDK `paths`),
    // a project virtual environment's interpreter, bazel's wrapper, Maven's extensions.
    "**/.pnpmfile.cjs",
    "**/.pnpmfile.mjs",
    "**/.cargo/config",
    "**/.cargo/config.toml",
    "**/rust-toolchain",
    "**/rust-toolchain.toml",
    "**/global.json",
    "**/.venv/bin/**",
    "**/.venv/pyvenv.cfg",
    "**/tools/bazel",
    "**/.mvn/extensions.xml",
    // What editors and interpreters run from the workspace on their own: VS Code's tasks (a task
    // can run when the folder opens) and settings (interpreter and terminal settings), and a
    // Python environment's start-up hooks (`.pth` lines that begin with `import` run at every
    // start of that interpreter).
    "**/.vscode/tasks.json",
    "**/.vscode/settings.json",
    // VS Code's workspace MCP servers: commands the editor starts, as Claude Code starts
    // those of `.mcp.json`.
    "**/.vscode/mcp.json",
    "**/site-packages/*.pth",
    "**/sitecustomize.py",
    "**/usercustomize.py",
    // What runs when a directory is entered or opened, as `.envrc` does: mise's configuration
    // (`[hooks] enter`, `[env] _.source`), RVM's `.rvmrc`, Neovim's and Vim's local init files
    // (`exrc`), a VS Code workspace file's tasks and settings, a dev container's
    // `initializeCommand` (run on the host when the folder is opened), and Claude Code's
    // project MCP servers (commands started with the agent).
    "**/mise.toml",
    "**/.mise.toml",
    "**/mise.local.toml",
    "**/.mise.local.toml",
    "**/mise.*.toml",
    "**/.mise.*.toml",
    "**/.mise/config.toml",
    "**/.config/mise/**",
    "**/.rvmrc",
    "**/.nvim.lua",
    "**/.nvimrc",
    "**/.exrc",
    "**/*.code-workspace",
    "**/.devcontainer.json",
    "**/.devcontainer/**",
    "**/.mcp.json",
    // Other editors' and coding agents' project settings that name programs they start on
    // their own or on a click, as VS Code's tasks and `.mcp.json` do: Zed's settings (language
    // servers, context servers, the terminal's shell) and tasks, JetBrains' `.idea` (run
    // configurations, external tools, the project SDK's interpreter) and shared run
    // configurations, the MCP servers of Amazon Q, Roo Code, Windsurf, Kiro, Continue and
    // opencode, Codex's and Continue's configuration (MCP servers, notify commands,
    // `config.ts` code), Kiro's agent hooks, aider's `lint-cmd`/`test-cmd`. (`.claude`,
    // `.gemini` and `.cursor` are protected files.)
    "**/.zed/**",
    "**/.idea/**",
    "**/.run/*.run.xml",
    "**/.amazonq/**",
    "**/.roo/mcp.json",
    "**/.roomodes",
    "**/.windsurf/**",
    "**/.codeium/windsurf/mcp_config.json",
    "**/.kiro/settings/**",
    "**/.kiro/hooks/**",
    "**/.continue/**",
    "**/.codex/**",
    "**/opencode.json",
    "**/opencode.jsonc",
    "**/.opencode/**",
    "**/.aider.conf.yml",
    "**/.aider.conf.yaml",
    // Git hook managers' configuration, the commands every commit or push runs (as
    // `.pre-commit-config.yaml` and `.husky` above): lefthook, overcommit, simple-git-hooks.
    "**/lefthook.{yml,yaml,toml,json}",
    "**/.lefthook.{yml,yaml,toml,json}",
    "**/lefthook-local.{yml,yaml,toml,json}",
    "**/.lefthook-local.{yml,yaml,toml,json}",
    "**/.lefthook/**",
    "**/.lefthook-local/**",
    "**/.overcommit.yml",
    "**/.simple-git-hooks.{json,js,cjs,mjs}",
    // System-wide: profiles, hosts, cron, services, sshd, the dynamic loader's search path.
    "/etc/hosts",
    "/etc/profile",
    "/etc/profile.d/**",
    "/etc/bash.bashrc",
    "/etc/bashrc",
    "/etc/zshrc",
    "/etc/zsh/zshrc",
    "/etc/zsh/zshenv",
    "/etc/environment",
    "/etc/crontab",
    "/etc/cron.*",
    "/etc/cron.*/**",
    "/var/spool/cron/**",
    "/etc/rc.local",
    "/etc/init.d/**",
    "/etc/systemd/system/**",
    "/etc/ssh/sshd_config",
    "/etc/ssh/sshd_config.d/**",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d/**",
    "/etc/apt/apt.conf",
    "/etc/apt/apt.conf.d/**",
    "/etc/gdb/**",
];

/// Writing these is deny: the repository's own data and configuration and what decides what the
/// agent may run (the account databases are [`ACCOUNT_FILES`]).
const PROTECTED_GLOBS: Words = words![
    "**/.git/**",
    // Jujutsu's and Mercurial's stores hold repository configuration that names programs
    // their read commands run (`ui.diff-formatter`, `[hooks]`).
    "**/.jj/**",
    "**/.hg/**",
    "**/.claude/**",
    "**/.gemini/**",
    "**/.cursor/**",
    "**/.shclass.toml",
    "**/.config/shclass/**",
    "/etc/shclass/**",
];

/// A built-in glob list: its globs' literals found at compile time, their compiled forms made on
/// first use ([`GlobList`]). A glob that does not compile (the test suite rules it out) counts
/// as matching in the lists that make a decision stricter and as not matching in the
/// exceptions: never less strict.
macro_rules! glob_list {
    ($texts:ident, $broken_matches:expr) => {{
        const N: usize = $texts.count();
        const METAS: [GlobMeta; N] = glob_metas($texts);
        static CELLS: [std::sync::OnceLock<Option<Glob>>; N] =
            [const { std::sync::OnceLock::new() }; N];
        GlobList::new($texts, &METAS, &CELLS, $broken_matches)
    }};
}

/// The built-in matchers.
struct Builtin {
    secret: GlobList<'static>,
    exception: GlobList<'static>,
    protected: GlobList<'static>,
    startup: GlobList<'static>,
}

static BUILTIN: Builtin = Builtin {
    secret: glob_list!(SECRET_GLOBS, true),
    exception: glob_list!(SECRET_EXCEPTIONS, false),
    protected: glob_list!(PROTECTED_GLOBS, true),
    startup: glob_list!(STARTUP_GLOBS, true),
};

fn builtin() -> &'static Builtin {
    &BUILTIN
}

/// File systems that ignore case by default (APFS, NTFS): `~/.SSH/ID_RSA` is `~/.ssh/id_rsa`.
const FOLD_CASE: bool = cfg!(any(target_os = "macos", target_os = "windows"));

/// Does a built-in list match the path, with its case folded where the file system folds it?
fn hit(list: &GlobList<'_>, text: &str) -> bool {
    hit_folded(list, text, FOLD_CASE)
}

/// [`hit`], with case folding chosen (the lists are written in lower case, save a few macOS
/// names also matched as written).
fn hit_folded(list: &GlobList<'_>, text: &str, fold: bool) -> bool {
    list.is_match(text)
        || fold && {
            let lower = text.to_lowercase();
            lower != text && list.is_match(&lower)
        }
}

/// True for a path the built-in policy treats as a secret.
pub(crate) fn is_secret(path: &Path) -> bool {
    let b = builtin();
    let path = path.to_string_lossy();
    hit(&b.secret, &path) && !hit(&b.exception, &path) && !in_public_cert_dir(&path)
}

/// The text as the file system compares it: lower case where it folds case.
fn folded(text: &str) -> Cow<'_, str> {
    if FOLD_CASE {
        Cow::Owned(text.to_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// Inside a directory of public CA certificates ([`PUBLIC_CERT_DIRS`]).
fn in_public_cert_dir(text: &str) -> bool {
    let text = folded(text);
    PUBLIC_CERT_DIRS.iter().any(|d| text.starts_with(d))
}

/// True for an account file ([`ACCOUNT_FILES`], [`ACCOUNT_DIRS`]): writing it is deny.
pub(crate) fn is_account(path: &Path) -> bool {
    let text = path.to_string_lossy();
    let text = folded(&text);
    ACCOUNT_FILES.contains(&text) || ACCOUNT_DIRS.iter().any(|d| text.starts_with(d))
}

/// True for a directory whose whole content the built-in policy treats as secret (`~/.ssh`,
/// `~/.aws`, `/etc/ssl/private`): what a recursive reader or an archiver given it reads.
pub(crate) fn is_secret_dir(path: &Path) -> bool {
    !hit(&builtin().exception, &path.to_string_lossy()) && is_secret(&path.join("x"))
}

/// Strip quotes and backslashes a template may still show.
/// Borrowed when there is nothing to strip (most words).
pub(crate) fn unquote(t: &str) -> Cow<'_, str> {
    if t.contains(['\'', '"', '\\']) {
        Cow::Owned(
            t.chars()
                .filter(|c| !matches!(c, '\'' | '"' | '\\'))
                .collect(),
        )
    } else {
        Cow::Borrowed(t)
    }
}

/// The directories every program may litter and clean up: `/tmp`, `/var/tmp`, `/dev/shm`.
const SCRATCH_DIRS: Words = words!["/tmp", "/var/tmp", "/dev/shm"];

/// A scratch directory or something in it, as a path ([`SCRATCH_DIRS`]).
pub(crate) fn is_scratch_path(path: &Path) -> bool {
    SCRATCH_DIRS.iter().any(|d| path.starts_with(d))
}

/// Whether `written` (absolute, normalised, as the line spells it) is one of the reader's own
/// descriptors: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`,
/// `/proc/thread-self/fd/N`. Where this process's descriptor of that number leads says nothing
/// of the reader's; what the line opens on one is judged at its redirect.
pub(crate) fn is_own_descriptor(written: &Path) -> bool {
    ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"]
        .iter()
        .any(|d| {
            written
                .strip_prefix(d)
                .ok()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        || ["/dev/stdin", "/dev/stdout", "/dev/stderr"]
            .iter()
            .any(|d| written == Path::new(d))
}

/// The number of the reader's own descriptor `written` names (absolute, normalised, as the line
/// spells it): `N` of `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N`; 0, 1 and 2
/// for `/dev/stdin`, `/dev/stdout`, `/dev/stderr` ([`is_own_descriptor`]).
pub(crate) fn descriptor_number(written: &Path) -> Option<u64> {
    if let Some(n) = ["/dev/stdin", "/dev/stdout", "/dev/stderr"]
        .iter()
        .position(|d| written == Path::new(d))
    {
        return u64::try_from(n).ok();
    }
    ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"]
        .iter()
        .find_map(|d| {
            let n = written.strip_prefix(d).ok()?.to_str()?;
            (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(n)
        })
        .map(|n| n.parse().unwrap_or(u64::MAX))
}

/// A device file whose contents are the machine's or the person's rather than nothing: a
/// disk (`/dev/sda`, `/dev/block/8:0`), memory (`/dev/mem`, `/dev/char/1:1`, `/dev/core`), the
/// kernel log (`/dev/kmsg`), a terminal, an input, a camera, a TPM, a watchdog (opening it arms
/// the reboot timer). Reading one is never proven harmless; only the devices that yield nothing
/// of anyone's are: `null`, `zero`, `full`, `random`, `urandom`, the reader's own standard
/// streams and descriptors (`stdin`, `stdout`, `stderr`, `fd/N`), and the scratch directory
/// `/dev/shm`. Also `/proc/kcore`, the machine's memory. On a path already expanded (absolute).
pub(crate) fn is_device_read(path: &Path) -> bool {
    if path == Path::new("/proc/kcore") {
        return true;
    }
    let Ok(dev) = path.strip_prefix("/dev") else {
        return false;
    };
    let dev = dev.to_string_lossy();
    let own_fd = dev
        .strip_prefix("fd/")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    !(dev.is_empty()
        || own_fd
        || is_scratch_path(path)
        || matches!(
            &*dev,
            "null" | "zero" | "full" | "random" | "urandom" | "stdin" | "stdout" | "stderr"
        ))
}

/// A device the disk, tape, camera and serial tools are made to be given (`fdisk -l /dev/sda`,
/// `blkid /dev/sda1`, `mt -f /dev/nst0 status`, `v4l2-ctl -d /dev/video0`, `setserial -g
/// /dev/ttyS0`): disks and their partitions, loop, optical, tape, RAID and mapped devices, the
/// `/dev/disk/by-*` links, cameras and serial ports. Only those tools
/// ([`crate::programs::is_device_tool`]) are exempt: any other program opens such a device for
/// what it holds. Any other device a program that does not only name its paths is given is
/// opened as it is (`blkid /dev/watchdog` arms the watchdog; an input device, a terminal,
/// memory, the kernel log or a TPM gives what is on the machine). On a path already expanded
/// (absolute).
pub(crate) fn is_storage_device(path: &Path) -> bool {
    let Ok(dev) = path.strip_prefix("/dev") else {
        return false;
    };
    let dev = dev.to_string_lossy();
    if ["disk/", "block/", "mapper/"]
        .iter()
        .any(|d| dev.starts_with(d))
    {
        return true;
    }
    if dev.contains('/') {
        return false;
    }
    // The name up to its first digit (`sda1`, `nvme0n1p2`, `loop1p1`, `dm-0`, `ttyS0`).
    let head = dev
        .split(|c: char| c.is_ascii_digit())
        .next()
        .unwrap_or(&dev);
    // `sda`, `hdb`, `vdc`, `xvdf`, `sdaa`: a disk by its letters.
    let disk = ["sd", "hd", "vd", "xvd"].iter().any(|p| {
        head.strip_prefix(p)
            .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_lowercase()))
    });
    disk || matches!(
        head,
        "nvme"
            | "mmcblk"
            | "loop"
            | "sr"
            | "scd"
            | "st"
            | "nst"
            | "md"
            | "dm-"
            | "nbd"
            | "zram"
            | "sg"
            | "video"
            | "ttyS"
            | "ttyUSB"
            | "ttyACM"
            | "cdrom"
            | "dvd"
    ) && (head != dev || matches!(head, "cdrom" | "dvd"))
}

/// Something inside a scratch directory (`/tmp/build`, `/tmp/*`), not the directory itself.
pub(crate) fn in_scratch_dir(t: &str) -> bool {
    if !t.starts_with('/') {
        return false;
    }
    let normal = normalize_abs(t);
    SCRATCH_DIRS.iter().any(|d| {
        normal
            .strip_prefix(d)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| !rest.is_empty() && rest != ".")
    })
}

/// A scratch directory itself or something in it.
pub(crate) fn is_scratch_dir(t: &str) -> bool {
    in_scratch_dir(t)
        || t.starts_with('/') && {
            let normal = normalize_abs(t);
            SCRATCH_DIRS.contains(normal.trim_end_matches('/'))
        }
}

/// Normalise a path that may start in a home directory to `~/rest`; other paths unchanged
/// (borrowed when nothing changes).
pub(crate) fn home_relative(t: &str) -> Cow<'_, str> {
    let u = unquote(t);
    if u.starts_with("~/") {
        return u; // already `~/rest`
    }
    for pre in ["$HOME/", "${HOME}/", "/root/"] {
        if let Some(rest) = u.strip_prefix(pre) {
            return Cow::Owned(format!("~/{rest}"));
        }
    }
    for pre in ["/home/", "/Users/"] {
        if let Some(rest) = u.strip_prefix(pre)
            && let Some((_, tail)) = rest.split_once('/')
        {
            return Cow::Owned(format!("~/{tail}"));
        }
    }
    if let Some(rest) = u.strip_prefix('~')
        && let Some((_, tail)) = rest.split_once('/')
    {
        return Cow::Owned(format!("~/{tail}"));
    }
    u
}

/// The files of [`is_sensitive_file`] whose modification is never routine: account databases,
/// sudo, PAM, the dynamic loader's preload list. Shell start-up files, SSH authorisation, hosts,
/// cron and service units are edited by set-up steps every day; writing those asks (unless what
/// is written is itself a catastrophe), writing these denies.
pub(crate) fn is_account_file(t: &str) -> bool {
    let h = home_relative(t);
    is_account(Path::new(&normalize_abs(&h)))
}

/// The account databases, sudo and the dynamic loader's preload list: writing them is deny for
/// the path policy and for the checks ([`is_account`]).
pub(crate) const ACCOUNT_FILES: Words = words![
    "/etc/passwd",
    "/etc/shadow",
    "/etc/group",
    "/etc/gshadow",
    "/etc/sudoers",
    "/etc/ld.so.preload",
];

/// The directories every file of which [`is_account`] counts.
pub(crate) const ACCOUNT_DIRS: Words = words!["/etc/sudoers.d/", "/etc/pam.d/", "/etc/security/"];

/// Files whose modification hands over the machine or the account: start-up files
/// ([`is_startup`]: shell rc and profile files, SSH authorisation, git hooks, CI definitions,
/// system-wide profiles, cron, services), account files ([`is_account`]) and the SSH key pairs.
/// A word naming the home directory or an absolute path is matched as that path, a relative
/// one below an unknown directory (`.git/hooks/pre-commit`, `x/.bashrc`).
pub(crate) fn is_sensitive_file(t: &str) -> bool {
    let h = home_relative(t);
    if h.starts_with("~/.ssh/id_") {
        return true;
    }
    let path = expand(&h, Path::new("/x"));
    let path = normalize_abs(&path.to_string_lossy());
    let path = Path::new(&path);
    is_startup(path) || is_account(path)
}

/// False when no part of `t` can be a secret for [`is_secret`]: every secret there has a `.`, a
/// `/`, `id_` or `kubeconfig` in its text (after quotes are removed, so a word with quotes or
/// backslashes takes the long way). Most words have none.
pub(crate) fn may_be_secret(t: &str) -> bool {
    let b = t.as_bytes();
    b.iter()
        .any(|c| matches!(c, b'.' | b'/' | b'\'' | b'"' | b'\\'))
        || b.windows(3).any(|w| w == b"id_")
        || b.windows(10).any(|w| w == b"kubeconfig")
}

/// Credentials and private keys: reading them is fine, sending them anywhere is not. One list
/// decides, [`is_secret`]: a word naming the home directory
/// (`~/…`, `$HOME/…`) or an absolute path is matched as that path (a directory whose whole
/// content is secret counts), a relative one by its last name (`src/.env`, `x/id_rsa`).
pub(crate) fn word_is_secret(t: &str) -> bool {
    if !may_be_secret(t) || t.contains("://") {
        return false;
    }
    thread_local! {
        static SEEN: std::cell::RefCell<Seen> = std::cell::RefCell::new(Seen::default());
    }
    remembered(&SEEN, t, word_is_secret_uncached)
}

/// Settings files that hold a credential among other settings and are read every day for the
/// rest (reads of them are allowed): git's configuration (a CI checkout keeps its token in
/// `http.extraheader`, a remote URL can hold `user:TOKEN@`) and the AWS CLI's `config` (keys and
/// `credential_process` may be kept there as in `credentials`). Sent over the network they are
/// a secret sent.
const CREDENTIAL_SETTINGS: Words = words![".git/config", ".aws/config"];

/// Whether a word names one of the [`CREDENTIAL_SETTINGS`] files, as written or under any
/// directory (`.git/config`, `../x/.git/config`, `~/.aws/config`, `$HOME/.aws/config`).
pub(crate) fn names_credential_settings(t: &str) -> bool {
    let t = t.trim_start_matches("./");
    CREDENTIAL_SETTINGS.iter().any(|f| {
        t.strip_suffix(f)
            .is_some_and(|head| head.is_empty() || head.ends_with('/') || head == "~/")
    })
}

/// Answers about words, by word.
pub(crate) type Seen = std::collections::HashMap<Box<str>, bool, crate::hash::FixedState>;

/// `work(t)`, remembered in `seen` (this thread's last 4,096 answers). The answer depends on the
/// text alone, and the checks ask about the same words again and again (every check that
/// follows secrets, each candidate of a word).
pub(crate) fn remembered(
    seen: &'static std::thread::LocalKey<std::cell::RefCell<Seen>>,
    t: &str,
    work: impl FnOnce(&str) -> bool,
) -> bool {
    if let Some(known) = seen.with_borrow(|seen| seen.get(t).copied()) {
        return known;
    }
    let answer = work(t);
    seen.with_borrow_mut(|seen| {
        if seen.len() >= 4096 {
            seen.clear();
        }
        seen.insert(t.into(), answer);
    });
    answer
}

/// [`word_is_secret`] for a word that may be a secret, worked out.
fn word_is_secret_uncached(t: &str) -> bool {
    let h = home_relative(t);
    let h = h.trim_end_matches('/');
    if h.is_empty() {
        return false;
    }
    if h == "~" || h.starts_with("~/") || h.starts_with('/') {
        // On the text: the path policy resolves links for the paths a unit opens.
        let path = expand(h, std::path::Path::new("/"));
        return is_secret(&path) || is_secret_dir(&path);
    }
    // A relative word (`src/.env`, `x=@key.pem`) is a secret by its last name only: where it
    // lies is not known here.
    let name = h.rsplit('/').next().unwrap_or(h);
    !name.is_empty() && is_secret(&std::path::Path::new("/x").join(name))
}

/// The largest certificate bundle read to see that it holds certificates only (certifi's
/// `cacert.pem` is about 300 KB).
const LONGEST_BUNDLE: u64 = 2 * 1024 * 1024;

/// Is the file at `path` (named like a key: `*.pem`, `*.crt`) a bundle of public certificates
/// only: every line a `BEGIN`/`END CERTIFICATE` (or `TRUSTED CERTIFICATE`, `X509 CRL`) line, a
/// line of base64 inside such a block, a `#` comment or blank? Such a file holds no key, so a
/// search that prints its lines discloses nothing (a virtual environment's
/// `certifi/cacert.pem`). A file that cannot be read, or is larger than [`LONGEST_BUNDLE`],
/// is not one.
pub(crate) fn holds_certificates_only(path: &Path, look: Look<'_>) -> bool {
    let is_bundle_name = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "pem" | "crt" | "cer"));
    if !is_bundle_name || std::fs::metadata(path).map_or(true, |m| m.len() > LONGEST_BUNDLE) {
        return false;
    }
    let Ok(text) = look.read_to_string(path) else {
        return false;
    };
    let mut inside = false;
    let mut blocks = 0;
    for line in text.lines() {
        let l = line.trim_end_matches('\r');
        if let Some(kind) = l
            .strip_prefix("-----BEGIN ")
            .and_then(|r| r.strip_suffix("-----"))
        {
            if inside || !matches!(kind, "CERTIFICATE" | "TRUSTED CERTIFICATE" | "X509 CRL") {
                return false;
            }
            inside = true;
            blocks += 1;
        } else if let Some(kind) = l
            .strip_prefix("-----END ")
            .and_then(|r| r.strip_suffix("-----"))
        {
            if !inside || !matches!(kind, "CERTIFICATE" | "TRUSTED CERTIFICATE" | "X509 CRL") {
                return false;
            }
            inside = false;
        } else if inside {
            if !l
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
            {
                return false;
            }
        } else if !(l.is_empty() || l.starts_with('#')) {
            return false;
        }
    }
    !inside && blocks > 0
}

/// Directories of public CA certificates: their `.pem` files hold no key (not secrets for
/// [`is_secret`], nor for the glob matcher).
pub(crate) const PUBLIC_CERT_DIRS: Words = words![
    "/etc/ssl/certs/",
    "/etc/pki/ca-trust/",
    "/etc/pki/tls/certs/",
    "/etc/ca-certificates/",
    "/usr/share/ca-certificates/",
    "/usr/local/share/ca-certificates/",
];

/// A file name that is a secret wherever it lies (`.env`, `id_rsa`, `*.pem`, `credentials.json`,
/// Terraform state, kubeconfigs): the path policy's list, read for a name alone.
#[cfg(test)]
pub(crate) fn is_secret_name(name: &str) -> bool {
    !name.contains('/') && is_secret(&std::path::Path::new("/x").join(name))
}

/// True for a start-up file: what every later shell, login or git command runs (shell rc and
/// profile files, SSH authorisation, git hooks, CI definitions…).
pub(crate) fn is_startup(path: &Path) -> bool {
    hit(&builtin().startup, &path.to_string_lossy())
}

/// True for a protected file: the repository's own data and configuration, the agents'
/// settings and shclass's own policy (account files are [`is_account`]).
pub(crate) fn is_protected(path: &Path) -> bool {
    hit(&builtin().protected, &path.to_string_lossy())
}

/// The names of the directories above the paths of [`STARTUP_GLOBS`] and [`PROTECTED_GLOBS`]
/// (`.cargo` of `**/.cargo/config.toml`), and the text before the wildcard of those that are
/// patterns (`cron.` of `/etc/cron.*/**`): a path none of them can end is above no guarded file,
/// which settles most paths written (`out.txt`, `build`) for the cost of a word look-up. The
/// lists' test derives both from the globs.
const GUARDED_DIR_NAMES: Words = words![
    ".amazonq",
    ".cargo",
    ".circleci",
    ".claude",
    ".codeium",
    ".codex",
    ".config",
    ".continue",
    ".cursor",
    ".devcontainer",
    ".gemini",
    ".git",
    ".githooks",
    ".github",
    ".hg",
    ".husky",
    ".idea",
    ".jj",
    ".kiro",
    ".lefthook",
    ".lefthook-local",
    ".mise",
    ".mvn",
    ".opencode",
    ".roo",
    ".run",
    ".ssh",
    ".venv",
    ".vscode",
    ".windsurf",
    ".zed",
    "apt",
    "apt.conf.d",
    "autostart",
    "bin",
    "conf.d",
    "cron",
    "etc",
    "fish",
    "gdb",
    "hooks",
    "init.d",
    "ld.so.conf.d",
    "mise",
    "profile.d",
    "settings",
    "shclass",
    "site-packages",
    "spool",
    "ssh",
    "sshd_config.d",
    "system",
    "systemd",
    "tools",
    "user",
    "var",
    "windsurf",
    "workflows",
    "zsh",
];

/// See [`GUARDED_DIR_NAMES`].
const GUARDED_DIR_PATTERN_STARTS: Words = words!["cron."];

/// Is `path` a directory above a path of `lists` (`**/.cargo/config.toml` → `.cargo`;
/// `**/.git/hooks/**` → `.git`, `.git/hooks`), matched component by component, with case
/// folded where the file system folds it? A file or directory written there (`mv x .cargo`,
/// `cp -r x .git`, `ln -s x .claude`, `echo … > .git`, which git reads as a `gitdir:` link)
/// puts whatever its source holds where the list looks. With `direct`, only the directory a
/// `DIR/**` glob names (`.git` of `**/.git/**`); without, every other one. A prefix that is
/// only `**` or the root names no directory of its own.
fn is_above(lists: &[Words], direct: bool, path: &Path) -> bool {
    let text = path.to_string_lossy();
    let text = folded(&text);
    let comps: Vec<&str> = text.split('/').filter(|c| !c.is_empty()).collect();
    let Some(last) = comps.last() else {
        return false;
    };
    if !GUARDED_DIR_NAMES.contains(last)
        && !GUARDED_DIR_PATTERN_STARTS
            .iter()
            .any(|p| last.starts_with(p))
    {
        return false;
    }
    let component = |pat: &str, name: &str| secret_glob::bash_fnmatch(pat, name, false);
    lists.iter().flat_map(|l| l.iter()).any(|g| {
        let parts: Vec<&str> = g.split('/').collect();
        (1..parts.len()).any(|k| {
            let prefix = &parts[..k];
            let whole = k + 1 == parts.len() && parts[k] == "**";
            if whole != direct || prefix.last().is_none_or(|c| c.is_empty() || *c == "**") {
                return false;
            }
            match prefix {
                // `**/A/B`: the path ends with `A/B` (a `**` further in matches any run).
                ["**", rest @ ..] if !rest.contains(&"**") => {
                    comps.len() >= rest.len()
                        && rest
                            .iter()
                            .zip(&comps[comps.len() - rest.len()..])
                            .all(|(p, c)| component(p, c))
                }
                // `/A/B`: the path is `/A/B`.
                ["", rest @ ..] if !rest.contains(&"**") => {
                    comps.len() == rest.len()
                        && rest.iter().zip(&comps).all(|(p, c)| component(p, c))
                }
                // No list has another shape; one would be compiled (one that does not compile
                // counts as matching: never less strict).
                _ => Glob::new(&prefix.join("/")).map_or(true, |glob| glob.is_match(&text)),
            }
        })
    })
}

/// True for a path above a start-up or protected file ([`is_startup`], [`is_protected`]) that
/// is not itself a protected directory ([`is_protected_dir`]): `.cargo`, `.git/hooks`,
/// `.husky`, `.vscode`, `.config` (above `.config/shclass`). Made by the line as a directory
/// (a copy, move or link of one), it holds the files its source holds.
pub(crate) fn is_startup_dir(path: &Path) -> bool {
    is_above(&[STARTUP_GLOBS], true, path)
        || is_above(&[STARTUP_GLOBS, PROTECTED_GLOBS], false, path)
}

/// The names the start-up and protected lists look for in any directory (`.git`, `.claude`,
/// `.cargo`, `.bashrc`, `global.json`, `tools`…: the first name after a leading `**/`, when it
/// is plain): a copy or move whose names are known only at run time (`cp -r x/. .`, `mv
/// x/.* .`) may bring any of them.
pub(crate) fn guarded_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut out: Vec<String> = Vec::new();
        for g in STARTUP_GLOBS.iter().chain(PROTECTED_GLOBS.iter()) {
            let Some(rest) = g.strip_prefix("**/") else {
                continue;
            };
            let name = rest.split('/').next().unwrap_or("");
            if !name.is_empty()
                && !name.contains(['*', '?', '[', '{'])
                && !out.iter().any(|n| n == name)
            {
                out.push(name.to_owned());
            }
        }
        out
    })
}

/// True for a directory every file of which is protected ([`is_protected`]): `.git`,
/// `.claude`, `.jj`.
pub(crate) fn is_protected_dir(path: &Path) -> bool {
    is_above(&[PROTECTED_GLOBS], true, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_devices_are_disks_tapes_cameras_and_serial_ports() {
        for d in [
            "/dev/sda",
            "/dev/sdb1",
            "/dev/sdaa",
            "/dev/xvdf",
            "/dev/nvme0n1p2",
            "/dev/loop1p1",
            "/dev/dm-0",
            "/dev/mapper/root",
            "/dev/disk/by-id/x",
            "/dev/nst0",
            "/dev/sr0",
            "/dev/video2",
            "/dev/ttyS1",
            "/dev/cdrom",
        ] {
            assert!(is_storage_device(Path::new(d)), "{d}");
        }
        for d in [
            "/dev/watchdog",
            "/dev/watchdog0",
            "/dev/input/event0",
            "/dev/mem",
            "/dev/tty",
            "/dev/tty1",
            "/dev/kmsg",
            "/dev/tpm0",
            "/dev/sd",
            "/dev/video",
            "/dev/hidraw0",
            "/dev/snd/pcmC0D0c",
            "/tmp/sda",
        ] {
            assert!(!is_storage_device(Path::new(d)), "{d}");
        }
    }

    #[test]
    fn every_builtin_glob_compiles() {
        for g in SECRET_GLOBS
            .iter()
            .chain(SECRET_EXCEPTIONS)
            .chain(PROTECTED_GLOBS)
            .chain(STARTUP_GLOBS)
        {
            assert!(Glob::new(g).is_ok(), "{g}");
        }
        assert_eq!(builtin().secret.len(), SECRET_GLOBS.len());
        assert_eq!(builtin().exception.len(), SECRET_EXCEPTIONS.len());
        assert_eq!(builtin().protected.len(), PROTECTED_GLOBS.len());
        assert_eq!(builtin().startup.len(), STARTUP_GLOBS.len());
        for list in [PROTECTED_GLOBS, STARTUP_GLOBS] {
            for g in list {
                let parts: Vec<&str> = g.split('/').collect();
                for k in 1..parts.len() {
                    let prefix = parts[..k].join("/");
                    assert!(prefix.is_empty() || Glob::new(&prefix).is_ok(), "{prefix}");
                }
            }
        }
    }

    /// [`GUARDED_DIR_NAMES`] and [`GUARDED_DIR_PATTERN_STARTS`] are the directory names of the
    /// start-up and protected lists, no more, no fewer.
    #[test]
    fn guarded_directory_names_are_the_lists() {
        let (mut plain, mut starts) = (Vec::new(), Vec::new());
        for g in STARTUP_GLOBS.iter().chain(PROTECTED_GLOBS) {
            let mut dirs = g.split('/');
            dirs.next_back();
            for c in dirs.filter(|c| !c.is_empty() && *c != "**") {
                match c.find(['*', '?', '[', '{']) {
                    None => plain.push(c),
                    Some(k) => starts.push(&c[..k]),
                }
            }
        }
        for (derived, listed) in [
            (plain, GUARDED_DIR_NAMES),
            (starts, GUARDED_DIR_PATTERN_STARTS),
        ] {
            let mut derived = derived;
            derived.sort_unstable();
            derived.dedup();
            let mut listed: Vec<&str> = listed.iter().collect();
            listed.sort_unstable();
            assert_eq!(derived, listed);
        }
    }

    /// A directory written where a start-up or protected file would be below it.
    #[test]
    fn directories_above_guarded_files() {
        for (path, startup, protected) in [
            ("/w/.cargo", true, false),
            ("/w/sub/.git/hooks", true, false),
            ("/w/.git", true, true),
            ("/w/.config", true, false),
            ("/w/.husky", true, false),
            ("/w/.vscode", true, false),
            ("/w/.zed", true, false),
            ("/w/.idea", true, false),
            ("/w/.kiro", true, false),
            ("/w/.github/workflows", true, false),
            ("/w/.claude", false, true),
            ("/w/.jj", false, true),
            ("/w/src", false, false),
            ("/w/.cargo/config.toml", false, false),
            ("/w/target", false, false),
            ("/w", false, false),
        ] {
            assert_eq!(is_startup_dir(Path::new(path)), startup, "startup {path}");
            assert_eq!(
                is_protected_dir(Path::new(path)),
                protected,
                "protected {path}"
            );
        }
    }

    /// Slashes after `~/` or `$HOME/` stay below the home directory, as the kernel reads
    /// `/home/u//.ssh`.
    #[test]
    fn doubled_slashes_after_the_home_stay_in_it() {
        let home = home();
        for w in [
            "~//.ssh/id_rsa",
            "~///.ssh/id_rsa",
            "$HOME//.ssh/id_rsa",
            "${HOME}//.ssh/id_rsa",
        ] {
            assert_eq!(
                lexical(w, Path::new("/w")),
                Path::new(&normalize_abs(&home.join(".ssh/id_rsa").to_string_lossy())),
                "{w}"
            );
        }
        assert_eq!(
            lexical("//etc/passwd", Path::new("/w")),
            Path::new("/etc/passwd")
        );
    }

    /// `$PWD` names the directory the word is read in, as `~+` does (bash sets it at every
    /// `cd`); a longer name that only begins with `PWD` is another variable.
    #[test]
    fn the_working_directory_variable_is_the_directory() {
        let d = Path::new("/root/.docker");
        for (w, want) in [
            ("$PWD/config.json", "/root/.docker/config.json"),
            ("${PWD}/config.json", "/root/.docker/config.json"),
            ("$PWD//config.json", "/root/.docker/config.json"),
            ("$PWD", "/root/.docker"),
            ("${PWD}", "/root/.docker"),
            ("$PWD/../.ssh/id_rsa", "/root/.ssh/id_rsa"),
            ("$PWDX/config.json", "/root/.docker/$PWDX/config.json"),
        ] {
            assert_eq!(lexical(w, d), Path::new(want), "{w}");
        }
    }

    /// On a file system that ignores case, `~/.SSH/ID_RSA` is the key and `ID_RSA.PUB` the
    /// public half.
    #[test]
    fn case_is_folded_where_the_file_system_folds_it() {
        let b = builtin();
        for (path, secret) in [
            ("/home/u/.SSH/ID_RSA", true),
            ("/w/.ENV", true),
            ("/home/u/.ssh/ID_RSA.PUB", false),
        ] {
            let got = hit_folded(&b.secret, path, true) && !hit_folded(&b.exception, path, true);
            assert_eq!(got, secret, "{path}");
        }
        assert!(hit_folded(&b.protected, "/w/.GIT/config", true));
        assert!(!hit_folded(&b.secret, "/home/u/.SSH/ID_RSA", false));
    }

    #[test]
    fn home_relative_borrows_unless_it_rewrites() {
        assert!(matches!(
            home_relative("~/.ssh/id_rsa"),
            Cow::Borrowed("~/.ssh/id_rsa")
        ));
        assert!(matches!(
            home_relative("/etc/passwd"),
            Cow::Borrowed("/etc/passwd")
        ));
        assert_eq!(home_relative("'~/.ssh'"), "~/.ssh");
        assert_eq!(home_relative("$HOME/.aws/x"), "~/.aws/x");
        assert_eq!(home_relative("/home/bob/.netrc"), "~/.netrc");
        assert_eq!(home_relative("~bob/.kube"), "~/.kube");
        assert_eq!(home_relative("/root/.pgpass"), "~/.pgpass");
    }

    #[test]
    fn unquote_borrows_unless_it_strips() {
        assert!(matches!(
            unquote("/etc/passwd"),
            Cow::Borrowed("/etc/passwd")
        ));
        assert!(matches!(unquote(""), Cow::Borrowed("")));
        assert_eq!(unquote(r#"'/e"t\c'"#), "/etc");
        assert_eq!(unquote("\\é'ü"), "éü");
    }

    #[test]
    fn secrets_and_sensitive_files() {
        for (t, secret, sensitive, account) in [
            ("~/.ssh/id_rsa", true, true, false),
            ("~/.ssh/id_rsa.pub", false, true, false),
            ("$HOME/.aws/credentials", true, false, false),
            (".env", true, false, false),
            (".env.example", false, false, false),
            ("~/.bashrc", false, true, false),
            ("/home/alice/.zshrc", false, true, false),
            ("/etc/sudoers.d/x", true, true, true),
            ("/etc/shadow", true, true, true),
            ("//etc/passwd", false, true, true),
            ("/etc/hosts", false, true, false),
            ("README.md", false, false, false),
            ("~/.ssh/known_hosts", false, false, false),
            // The path policy's start-up files are the checks' too, and the other way round.
            (".git/hooks/pre-commit", false, true, false),
            ("x/.husky/pre-push", false, true, false),
            (".github/workflows/ci.yml", false, true, false),
            ("~/.gitconfig", false, true, false),
            ("~/.xprofile", false, true, false),
            ("/etc/cron.daily/x", false, true, false),
            ("/etc/pam.d/sshd", false, true, true),
            ("/etc/ssl/certs/ca.pem", false, false, false),
        ] {
            assert_eq!(word_is_secret(t), secret, "secret {t}");
            assert_eq!(is_sensitive_file(t), sensitive, "sensitive {t}");
            assert_eq!(is_account_file(t), account, "account {t}");
        }
    }

    #[test]
    fn credential_settings_and_more_secrets() {
        for (t, want) in [
            (".git/config", true),
            ("./.git/config", true),
            ("../other/.git/config", true),
            ("~/.aws/config", true),
            ("$HOME/.aws/config", true),
            ("/home/u/.aws/config", true),
            ("x.git/config", false),
            ("config", false),
            ("src/config", false),
        ] {
            assert_eq!(names_credential_settings(t), want, "{t}");
        }
        for (p, want) in [
            ("/home/u/_netrc", true),
            ("/var/lib/docker/containers/abc/config.v2.json", true),
            ("/srv/app/core.1234", true),
            ("/var/crash/app.crash", true),
            ("/home/u/packages/core", false),
            ("/home/u/core.js", false),
            ("/home/u/.aws/config", false),
        ] {
            assert_eq!(is_secret(Path::new(p)), want, "{p}");
        }
    }
}
