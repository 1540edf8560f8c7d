//! Facts about programs by name, one list per role: shells, interpreters, downloaders, network
//! senders, decoders, printers, privilege escalators (programs that print the files they are given), the programs
//! whose first operand is their pattern or program (`grep PATTERN FILE…`), the environment
//! variables and what setting each changes ([`environment`]), and a program's file name
//! (`/usr/bin/curl` → `curl`). A leaf below the analysis, the checks and the policy: data
//! and lookups on names and words, nothing about units or decisions.
//!
//! Also below them: the one argument parser ([`args`]) and the built-in option tables
//! ([`tables`]), so the analysis and the checks split a program's words with its table
//! without reaching into the policy.

pub(crate) mod args;
pub(crate) mod environment;
mod rust_targets;
pub(crate) mod tables;

/// A set of program names tested on every unit: a `matches!` on the literals (LLVM makes it a
/// switch on the length; see `crate::wordlist` for why not a word list), and the same names as a
/// slice for the tests that walk a role.
macro_rules! name_set {
    ($(#[$doc:meta])* $vis:vis fn $name:ident, $list:ident = [$($word:literal),* $(,)?]) => {
        $(#[$doc])*
        $vis fn $name(program: &str) -> bool {
            matches!(program, $($word)|*)
        }

        #[cfg(test)]
        pub(crate) const $list: &[&str] = &[$($word),*];
    };
}
pub(crate) use name_set;
pub(crate) use rust_targets::is_builtin_rust_target;

/// `python`, `python3`, `python3.12`, `pypy3`.
pub(crate) fn is_python(name: &str) -> bool {
    let rest = name
        .strip_prefix("python")
        .or_else(|| name.strip_prefix("pypy"));
    rest.is_some_and(|r| r.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// The file name of a program (`/usr/bin/curl` → `curl`).
pub(crate) fn base(program: &str) -> &str {
    // A byte scan: every check asks for the program name of every unit.
    match program.bytes().rposition(|b| b == b'/') {
        Some(i) => &program[i + 1..],
        None => program,
    }
}

/// How a program reads the project files of [`project_code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProjectLang {
    /// Python it imports (conftest.py, noxfile.py, setup.py …).
    Python,
    /// Ruby it loads (a Rakefile).
    Ruby,
    /// A justfile: recipe lines are shell lines.
    Just,
    /// A Taskfile (YAML): `cmds:` entries are shell lines.
    Taskfile,
    /// tox's ini file: `commands` lines are command lines.
    ToxIni,
    /// mise's TOML configuration: tasks' `run` values and hooks are shell lines.
    Mise,
}

/// Project files a program reads as code by their fixed names, relative to the directory it
/// runs in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProjectCode {
    /// Patterns of the relative path (at most one `*`); with `below`, of the file name in any
    /// directory below.
    pub(crate) names: &'static [&'static str],
    /// The names are looked for in directories below too (pytest collects them there).
    pub(crate) below: bool,
    /// The names are matched without regard to case (just's `justfile`).
    pub(crate) fold_case: bool,
    /// How the program reads them.
    pub(crate) lang: ProjectLang,
}

impl ProjectCode {
    /// Whether the program reads the file at `path` (relative to the directory it runs in).
    pub(crate) fn reads(&self, path: &str) -> bool {
        let name = if self.below {
            path.rsplit_once('/').map_or(path, |(_, n)| n)
        } else {
            path
        };
        self.names.iter().any(|pattern| {
            let eq = |a: &str, b: &str| {
                if self.fold_case {
                    a.eq_ignore_ascii_case(b)
                } else {
                    a == b
                }
            };
            match pattern.split_once('*') {
                None => eq(pattern, name),
                Some((head, tail)) => {
                    name.len() >= head.len() + tail.len()
                        && name.is_char_boundary(head.len())
                        && name.is_char_boundary(name.len() - tail.len())
                        && eq(&name[..head.len()], head)
                        && eq(&name[name.len() - tail.len()..], tail)
                }
            }
        })
    }
}

/// The project files a program reads and runs as code by their fixed names, whatever its
/// words say: pytest's `conftest.py` files and the test modules it collects (`test_*.py`,
/// `*_test.py`, in any directory below), nox's `noxfile.py`, invoke's `tasks.py`, Fabric's
/// `fabfile.py`, rake's Rakefile and `rakelib/*.rake`, the `setup.py` pip builds a local
/// directory with, just's justfile, task's Taskfile, tox's `tox.ini` and mise's configuration
/// files. A file given with an option instead is the one the option table gives the
/// configuration role (`just -f`, `task -t`, `tox -c`, `rake -f`), read by the analysis; a parent
/// directory's is the workspace-code check's.
pub(crate) fn project_code(program: &str) -> Option<ProjectCode> {
    use ProjectLang::{Just, Mise, Python, Ruby, Taskfile, ToxIni};
    let (names, below, fold_case, lang): (&'static [&'static str], bool, bool, ProjectLang) =
        match program {
            "pytest" | "py.test" => (
                &["conftest.py", "test_*.py", "*_test.py"],
                true,
                false,
                Python,
            ),
            "nox" => (&["noxfile.py"], false, false, Python),
            "invoke" | "inv" => (&["tasks.py"], false, false, Python),
            "fab" => (&["fabfile.py"], false, false, Python),
            // pip builds a local directory (`pip install .`, `pip wheel ./pkg`) by running its
            // setup.py: every one the line wrote is read.
            "pip" | "pip3" => (&["setup.py"], true, false, Python),
            "rake" => (
                &[
                    "rakefile",
                    "Rakefile",
                    "rakefile.rb",
                    "Rakefile.rb",
                    "rakelib/*.rake",
                ],
                false,
                false,
                Ruby,
            ),
            "just" => (&["justfile", ".justfile"], false, true, Just),
            "task" | "go-task" => (
                &[
                    "Taskfile.yml",
                    "taskfile.yml",
                    "Taskfile.yaml",
                    "taskfile.yaml",
                    "Taskfile.dist.yml",
                    "taskfile.dist.yml",
                    "Taskfile.dist.yaml",
                    "taskfile.dist.yaml",
                ],
                false,
                false,
                Taskfile,
            ),
            "tox" => (&["tox.ini"], false, false, ToxIni),
            "mise" => (
                &[
                    "mise.toml",
                    ".mise.toml",
                    "mise.local.toml",
                    ".mise.local.toml",
                    "mise.*.toml",
                    ".mise.*.toml",
                    ".config/mise.toml",
                    ".config/mise/config.toml",
                    ".config/mise/conf.d/*.toml",
                    "mise/config.toml",
                    ".mise/config.toml",
                ],
                false,
                false,
                Mise,
            ),
            _ => return None,
        };
    Some(ProjectCode {
        names,
        below,
        fold_case,
        lang,
    })
}

name_set! {
    /// The rustup proxies: each reads `rust-toolchain.toml` (and cargo its config), and each
    /// takes a first argument `+TOOLCHAIN` naming the toolchain whose program runs.
    pub(crate) fn is_rustup_proxy, RUSTUP_PROXIES = [
        "cargo",
        "rustc",
        "rustdoc",
        "rustfmt",
        "cargo-fmt",
        "cargo-clippy",
        "clippy-driver",
        "rust-analyzer",
        "rust-gdb",
        "rust-lldb",
        "rustup",
    ]
}

/// A rustup toolchain named by its release channel: `stable`, `beta`, `nightly` or a version
/// (`1.80`, `1.80.1`), then optionally a date (`-2024-05-01`) and a host
/// (`-x86_64-unknown-linux-gnu`), as `cargo +nightly` and `rustup run 1.80 …` take it. Not a
/// path (`+/opt/tc` runs the programs of that directory) nor a custom name (a directory
/// `rustup toolchain link` named).
pub(crate) fn is_release_channel(name: &str) -> bool {
    let (head, tail) = name
        .split_once('-')
        .map_or((name, None), |(h, t)| (h, Some(t)));
    let version = || {
        let parts: Vec<&str> = head.split('.').collect();
        (2..=3).contains(&parts.len())
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
    };
    (matches!(head, "stable" | "beta" | "nightly") || version())
        && tail.is_none_or(|t| {
            t.len() <= 80
                && t.split('-').all(|p| {
                    !p.is_empty()
                        && p.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
                })
        })
}

name_set! {
    /// Vim and the names it answers to, which read Ex commands from `-c`, `--cmd` and `+`
    /// arguments (`:!CMD` runs CMD through the shell).
    pub(crate) fn is_vim, VIMS = ["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim"]
}

name_set! {
    /// Programs whose first operand is a pattern or a program, unless an option gives it.
    pub(crate) fn is_pattern_first, PATTERN_FIRST = [
        "grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep", "bzgrep", "bzegrep", "bzfgrep",
        "xzgrep", "xzegrep", "xzfgrep", "lzgrep", "lzegrep", "lzfgrep", "zstdgrep", "rg", "ag",
        "ack", "awk", "gawk", "mawk", "nawk", "sed", "jq", "yq", "look",
    ]
}

/// An option word that gives the pattern or program (`-e X`, `-eX`, `-ie X`, `--regexp=X`,
/// `-f FILE`; their long forms `--regexp`, `--file`, `--expression`, `--from-file`, and `rg
/// --files`, which takes no pattern): then the first operand is a file. Any short bundle with an
/// `e` or an `f` counts.
pub(crate) fn gives_pattern(v: &str) -> bool {
    if let Some(long) = v.strip_prefix("--") {
        let name = long.split_once('=').map_or(long, |(n, _)| n);
        return matches!(
            name,
            "regexp" | "file" | "expression" | "from-file" | "files"
        );
    }
    v.len() > 1 && v.starts_with('-') && v[1..].contains(['e', 'f'])
}

name_set! {
    /// Programs that run a command as another user (or as root through a service manager), or with
    /// another user's or the host's view of the system: sudo and its kin, systemd's `run0` and
    /// `systemd-run` (a transient service of the system manager runs as root), the container-entry
    /// tools `gosu`, `su-exec` and `setpriv`, and the root-only `chroot`, `schroot` and `nsenter`
    /// (`nsenter -t 1 -a` is a root shell on the host).
    pub(crate) fn is_escalator, ESCALATORS = [
        "sudo",
        "sudo-rs",
        "doas",
        "please",
        "su",
        "pkexec",
        "runuser",
        "run0",
        "systemd-run",
        "gosu",
        "su-exec",
        "setpriv",
        "chroot",
        "schroot",
        "nsenter",
    ]
}

name_set! {
    /// Shells that take `-c STRING` and read code on standard input.
    pub(crate) fn is_shell, SHELLS = [
        "ash",
        "bash",
        "busybox-sh",
        "csh",
        "dash",
        "fish",
        "ksh",
        "ksh93",
        "mksh",
        "pdksh",
        "posh",
        "rbash",
        "sh",
        "tcsh",
        "yash",
        "zsh",
    ]
}

/// The start-up files a shell reads before the code it is given, by how it is started: the one
/// list of them. A login shell (`-l`, `--login`): bash reads `/etc/profile` (and the
/// `/etc/profile.d` scripts it sources), then the first of `~/.bash_profile`, `~/.bash_login`,
/// `~/.profile`, and `~/.bash_logout` when it ends; `sh`/`dash` (or bash as `sh`) read
/// `/etc/profile` and `~/.profile`; zsh reads `zprofile` and `zlogin` (in `/etc/zsh`, `/etc` and
/// `$ZDOTDIR` or the home directory, `zlogout` when it ends). An interactive shell (`-i`): bash
/// reads `/etc/bash.bashrc` and `~/.bashrc`, zsh `zshrc`, `sh`/`dash` the file `$ENV` names.
/// zsh always reads `zshenv`, started how it may. These files belong to the environment every
/// command already runs in; they change what such a shell runs only when the line writes one
/// (or a directory holding them) or sets a variable in [`STARTUP_VARS`](environment::STARTUP_VARS). `None`: a shell whose
/// start-up files are not listed here.
pub(crate) fn startup_files(
    shell: &str,
    login: bool,
    interactive: bool,
) -> Option<Vec<&'static str>> {
    const BASH_LOGIN: &[&str] = &[
        "/etc/profile",
        "/etc/profile.d/",
        "~/.bash_profile",
        "~/.bash_login",
        "~/.profile",
        "~/.bash_logout",
        "/etc/bash.bash_logout",
    ];
    const BASH_INTERACTIVE: &[&str] = &["/etc/bash.bashrc", "~/.bashrc"];
    const SH_LOGIN: &[&str] = &["/etc/profile", "/etc/profile.d/", "~/.profile"];
    const ZSH_ALWAYS: &[&str] = &["/etc/zsh/zshenv", "/etc/zshenv", "~/.zshenv"];
    const ZSH_LOGIN: &[&str] = &[
        "/etc/zsh/zprofile",
        "/etc/zprofile",
        "~/.zprofile",
        "/etc/zsh/zlogin",
        "/etc/zlogin",
        "~/.zlogin",
        "/etc/zsh/zlogout",
        "/etc/zlogout",
        "~/.zlogout",
        "/etc/profile",
    ];
    const ZSH_INTERACTIVE: &[&str] = &["/etc/zsh/zshrc", "/etc/zshrc", "~/.zshrc"];
    let (always, on_login, on_interactive): (&[&str], &[&str], &[&str]) = match shell {
        "bash" => (&[], BASH_LOGIN, BASH_INTERACTIVE),
        "sh" | "dash" => (&[], SH_LOGIN, &[]),
        "zsh" => (ZSH_ALWAYS, ZSH_LOGIN, ZSH_INTERACTIVE),
        _ => return None,
    };
    let mut files = always.to_vec();
    if login {
        files.extend_from_slice(on_login);
    }
    if interactive {
        files.extend_from_slice(on_interactive);
    }
    Some(files)
}

/// True when `path` (a path as written) may name one of `files` (from [`startup_files`]) or a
/// directory holding them: its last component is a listed file's name, it lies in
/// `/etc/profile.d`, or it is a home directory (`~`, `/root`, `/home/NAME`) or `/etc` itself (a copy into it). Names are
/// compared without their directory: a relative name is a start-up file when the working
/// directory is the home directory.
pub(crate) fn names_startup_file(path: &str, files: &[&str]) -> bool {
    let t = path.trim_end_matches('/');
    let t = t.strip_suffix("/.").unwrap_or(t).trim_end_matches('/');
    if matches!(
        t,
        "~" | "$HOME" | "${HOME}" | "/etc" | "/etc/zsh" | "/etc/profile.d"
    ) || t.contains("profile.d/")
        || t == "/root"
        || ["/home/", "/Users/"]
            .iter()
            .any(|d| t.strip_prefix(d).is_some_and(|n| !n.contains('/')))
    {
        return true;
    }
    let name = base(t);
    files.iter().any(|f| base(f.trim_end_matches('/')) == name)
}

name_set! {
    /// Interpreters that run a program given on the command line, or read one on standard
    /// input when given none: the one list the analyzer and the checks read.
    fn is_interpreter_name, INTERPRETERS = [
        "deno",
        "bun",
        "expect",
        "groovy",
        "irb",
        "jshell",
        "julia",
        "lua",
        "luajit",
        "node",
        "nodejs",
        "osascript",
        "perl",
        "php",
        "powershell",
        "pwsh",
        "pypy",
        "pypy3",
        "python",
        "python2",
        "python3",
        "R",
        "Rscript",
        "ruby",
        "scala",
        "tclsh",
        "wish",
        "crystal",
        "elixir",
        "raku",
        "erl",
        "guile",
        "octave",
        "racket",
        "sbcl",
        "clisp",
        "bb",
        "qjs",
        "runghc",
        "csi",
        "gst",
        "zx",
        "tsx",
        "ts-node",
        "ts-node-esm",
        "vite-node",
        "jiti",
        "esno",
    ]
}

/// True for an interpreter name (with version suffixes such as `python3.11`).
pub(crate) fn is_interpreter(program: &str) -> bool {
    if is_interpreter_name(program) {
        return true;
    }
    let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    base.len() < program.len() && is_interpreter_name(base)
}

/// The program of the catalogue a Python module is, run as `python -m MODULE ARGS`: pip's
/// table and rules judge `python3 -m pip list` as `pip list`.
pub(crate) fn module_program(module: &str) -> Option<&'static str> {
    match module {
        "pip" => Some("pip"),
        _ => None,
    }
}

/// Programs that fetch data from the network to standard output or a file.
pub(crate) fn is_downloader(p: &str) -> bool {
    matches!(
        p,
        "curl"
            | "wget"
            | "fetch"
            | "aria2c"
            | "http"
            | "https"
            | "xh"
            | "curlie"
            | "lwp-request"
            | "GET"
            | "lynx"
            | "links"
            | "w3m"
            | "ftp"
            | "tftp"
            | "lftp"
            | "nc"
            | "ncat"
            | "netcat"
            | "socat"
            | "telnet"
            | "ssh"
            | "gh"
            | "dig"
            | "nslookup"
            | "host"
            | "s3cmd"
            | "gsutil"
            | "rclone"
            | "invoke-webrequest"
            | "iwr"
    )
}

/// Programs that turn stored or encoded text back into code.
pub(crate) fn is_decoder(p: &str) -> bool {
    matches!(
        p,
        "base64"
            | "base32"
            | "basenc"
            | "xxd"
            | "uudecode"
            | "openssl"
            | "gpg"
            | "gpg2"
            | "gunzip"
            | "zcat"
            | "gzcat"
            | "bzcat"
            | "bunzip2"
            | "xzcat"
            | "unxz"
            | "zstdcat"
            | "unzstd"
            | "lz4cat"
            | "gzip"
            | "bzip2"
            | "xz"
            | "zstd"
            | "brotli"
            | "rev"
            | "tr"
            | "unzip"
            | "uncompress"
            | "age"
            | "sops"
    )
}

/// CLIs that read a parameter value written `file://PATH` or `fileb://PATH` from that file and
/// send its content in the request (the AWS CLI's parameter files, for every parameter).
pub(crate) fn reads_file_urls(p: &str) -> bool {
    p == "aws"
}

/// Programs that send data over the network: their own senders (paste services' clients such
/// as pastebinit and wgetpaste, package and snippet uploaders such as twine and glab, mail
/// senders with attachments such as swaks and mpack, included), and the programs that look
/// up host names ([`is_host_lookup`]), whose query carries the name to a DNS server.
pub(crate) fn is_sender(p: &str) -> bool {
    is_host_lookup(p)
        || matches!(
            p,
            "curl"
                | "wget"
                | "nc"
                | "ncat"
                | "netcat"
                | "socat"
                | "telnet"
                | "gnutls-cli"
                | "scp"
                | "sftp"
                | "rsync"
                | "ssh"
                | "ftp"
                | "tftp"
                | "lftp"
                | "http"
                | "https"
                | "xh"
                | "curlie"
                | "mail"
                | "mailx"
                | "sendmail"
                | "mutt"
                | "gh"
                | "s3cmd"
                | "gsutil"
                | "gcloud"
                | "az"
                | "rclone"
                | "smbclient"
                | "aws"
                | "aria2c"
                | "httpie"
                | "croc"
                | "ffsend"
                | "wormhole"
                | "mosquitto_pub"
                | "websocat"
                | "wscat"
                | "redis-cli"
                | "kcat"
                | "kafkacat"
                | "grpcurl"
                | "pastebinit"
                | "wgetpaste"
                | "glab"
                | "twine"
                | "swaks"
                | "sendxmpp"
                | "ncftpput"
                | "mpack"
                | "mc"
                | "mcli"
        )
}

/// A service that issues secrets: the words naming it in the name of a variable holding one
/// of its secrets, and the domains of its hosts.
pub(crate) struct Service {
    /// The words (upper case) naming the service among the `_`-separated words of a
    /// variable's name: `JIRA` of `JIRA_API_TOKEN`, `GH` of `GH_PAT`.
    pub(crate) words: &'static [&'static str],
    /// The domains of its hosts, separated by spaces (a host matches a domain or any name
    /// under it).
    pub(crate) domains: &'static str,
    /// Its secrets are also sent to hosts people run themselves or to other vendors'
    /// compatible servers (a private npm registry, a GitLab or Jira server, an
    /// OpenAI-compatible API): only the words a program sends to its host (a request's data,
    /// headers, sign-in, a URL's user part, path or query) are judged, not every place the
    /// program connects to.
    pub(crate) elsewhere: bool,
    /// The credential printers whose token is the service's (`gh auth token` prints GitHub's).
    pub(crate) printers: &'static [&'static str],
}

/// The services whose secrets are known by the words of a variable's name: where each is meant
/// to go. A host of these domains, or one a label of which holds one of the service's words of
/// three letters or more (`github.corp.example`, `jira.example.org`: the servers people run
/// themselves are named so), is the service's own; sending its secret anywhere else is a leak.
#[rustfmt::skip]
const SERVICES: &[Service] = &[
    Service { words: &["AWS"], domains: "amazonaws.com amazonaws.com.cn aws.amazon.com ecr.aws", elsewhere: false, printers: &["aws"] },
    Service { words: &["GITHUB", "GH", "GHE"], domains: "github.com githubusercontent.com ghcr.io ghe.com", elsewhere: false, printers: &["gh"] },
    Service { words: &["GITLAB", "GLAB"], domains: "gitlab.com", elsewhere: true, printers: &["glab"] },
    Service { words: &["JIRA", "CONFLUENCE", "ATLASSIAN", "BITBUCKET"], domains: "atlassian.net atlassian.com bitbucket.org", elsewhere: true, printers: &[] },
    Service { words: &["NPM"], domains: "npmjs.org npmjs.com", elsewhere: true, printers: &[] },
    Service { words: &["PYPI", "TWINE"], domains: "pypi.org", elsewhere: true, printers: &[] },
    Service { words: &["CARGO", "CRATES"], domains: "crates.io", elsewhere: true, printers: &[] },
    Service { words: &["OPENAI"], domains: "openai.com", elsewhere: true, printers: &[] },
    Service { words: &["ANTHROPIC", "CLAUDE"], domains: "anthropic.com", elsewhere: true, printers: &[] },
    Service { words: &["GEMINI", "GOOGLE", "GCP", "GCLOUD"], domains: "googleapis.com google.com gcr.io pkg.dev", elsewhere: false, printers: &["gcloud"] },
    Service { words: &["HF", "HUGGINGFACE", "HUGGING"], domains: "huggingface.co hf.co huggingface.cloud", elsewhere: false, printers: &[] },
    Service { words: &["SLACK"], domains: "slack.com", elsewhere: false, printers: &[] },
    Service { words: &["STRIPE"], domains: "stripe.com", elsewhere: false, printers: &[] },
    Service { words: &["SENTRY"], domains: "sentry.io", elsewhere: true, printers: &[] },
    Service { words: &["CLOUDFLARE", "CF"], domains: "cloudflare.com", elsewhere: false, printers: &[] },
    Service { words: &["DIGITALOCEAN", "DO"], domains: "digitalocean.com", elsewhere: false, printers: &["doctl"] },
    Service { words: &["DATADOG", "DD"], domains: "datadoghq.com datadoghq.eu ddog-gov.com", elsewhere: false, printers: &[] },
    Service { words: &["VERCEL"], domains: "vercel.com", elsewhere: false, printers: &[] },
    Service { words: &["NETLIFY"], domains: "netlify.com", elsewhere: false, printers: &[] },
    Service { words: &["HEROKU"], domains: "heroku.com", elsewhere: false, printers: &["heroku"] },
    Service { words: &["TWILIO"], domains: "twilio.com", elsewhere: false, printers: &[] },
    Service { words: &["SENDGRID"], domains: "sendgrid.com", elsewhere: false, printers: &[] },
    Service { words: &["MAILGUN"], domains: "mailgun.net mailgun.org", elsewhere: false, printers: &[] },
    Service { words: &["CODECOV"], domains: "codecov.io", elsewhere: true, printers: &[] },
    Service { words: &["DOCKERHUB"], domains: "docker.io docker.com", elsewhere: false, printers: &[] },
    Service { words: &["CIRCLECI", "CIRCLE"], domains: "circleci.com", elsewhere: false, printers: &[] },
    Service { words: &["LINEAR"], domains: "linear.app", elsewhere: false, printers: &[] },
    Service { words: &["TELEGRAM"], domains: "telegram.org", elsewhere: false, printers: &[] },
    Service { words: &["DISCORD"], domains: "discord.com discordapp.com", elsewhere: false, printers: &[] },
    Service { words: &["NOTION"], domains: "notion.com notion.so", elsewhere: false, printers: &[] },
    Service { words: &["PAGERDUTY"], domains: "pagerduty.com", elsewhere: false, printers: &[] },
    Service { words: &["OKTA"], domains: "okta.com oktapreview.com okta-emea.com", elsewhere: false, printers: &[] },
    Service { words: &["SUPABASE"], domains: "supabase.co supabase.com", elsewhere: true, printers: &[] },
    Service { words: &["NGROK"], domains: "ngrok.com", elsewhere: false, printers: &[] },
    Service { words: &["NEWRELIC"], domains: "newrelic.com", elsewhere: false, printers: &[] },
    Service { words: &["TAILSCALE", "TS"], domains: "tailscale.com", elsewhere: true, printers: &[] },
    Service { words: &["MISTRAL"], domains: "mistral.ai", elsewhere: false, printers: &[] },
    Service { words: &["GROQ"], domains: "groq.com", elsewhere: false, printers: &[] },
    Service { words: &["COHERE"], domains: "cohere.com cohere.ai", elsewhere: false, printers: &[] },
    Service { words: &["REPLICATE"], domains: "replicate.com", elsewhere: false, printers: &[] },
    Service { words: &["FLY", "FLYIO"], domains: "fly.io fly.dev", elsewhere: false, printers: &["fly", "flyctl"] },
    Service { words: &["SNYK"], domains: "snyk.io", elsewhere: false, printers: &[] },
    Service { words: &["QUAY"], domains: "quay.io", elsewhere: false, printers: &[] },
    Service { words: &["AZURE", "ARM"], domains: "azure.com azurecr.io windows.net microsoftonline.com", elsewhere: false, printers: &["az"] },
];

/// The service whose token the credential printer `p` prints (`gh auth token`: GitHub's).
pub(crate) fn printer_service(p: &str) -> Option<&'static Service> {
    SERVICES.iter().find(|s| s.printers.contains(&p))
}

/// The service whose secret a variable holds, by the first word of its name that names one
/// ([`SERVICES`]: `JIRA_API_TOKEN` → Atlassian's, `HOMEBREW_GITHUB_API_TOKEN` → GitHub's).
pub(crate) fn secret_service(name: &str) -> Option<&'static Service> {
    let upper = name.to_ascii_uppercase();
    upper
        .split('_')
        .filter(|w| !w.is_empty())
        .find_map(|w| SERVICES.iter().find(|s| s.words.contains(&w)))
}

/// Whether `host` (lower case) is a host of `service`: under one of its domains, or named for
/// it (a label holding one of its words of three letters or more), unless it spells one of
/// the service's domains before another domain (`x.atlassian.net.evil.example`).
pub(crate) fn is_service_host(service: &Service, host: &str) -> bool {
    let mut domains = service.domains.split(' ');
    if domains.clone().any(|d| {
        host.strip_suffix(d)
            .is_some_and(|r| r.is_empty() || r.ends_with('.'))
    }) {
        return true;
    }
    !domains.any(|d| host.contains(&format!("{d}.")))
        && service
            .words
            .iter()
            .filter(|w| w.len() >= 3)
            .any(|w| host.split('.').any(|l| l.contains(&w.to_ascii_lowercase())))
}

/// Whether `host` (lower case) is under a domain of one of the [`SERVICES`] (`ghcr.io`,
/// `registry.gitlab.com`): a host the service runs, not one named after it.
pub(crate) fn is_service_domain(host: &str) -> bool {
    SERVICES.iter().flat_map(|s| s.domains.split(' ')).any(|d| {
        host.strip_suffix(d)
            .is_some_and(|r| r.is_empty() || r.ends_with('.'))
    })
}

/// A secret that is never sent as it is: AWS signs each request with
/// `AWS_SECRET_ACCESS_KEY`, and the key itself never leaves the machine.
pub(crate) fn signs_only(name: &str) -> bool {
    matches!(name, "AWS_SECRET_ACCESS_KEY" | "AWS_SECRET_KEY")
}

name_set! {
    /// Programs that look up the host names among their operands (resolvers, reachability and
    /// route probes, scanners, key and registry queries): each look-up sends the name to a DNS
    /// server, so a name built from a secret (`traceroute "$(base64 .env).example"`) carries
    /// it out even when nothing else is sent.
    pub(crate) fn is_host_lookup, HOST_LOOKUPS = [
        "getent", "resolvectl", "systemd-resolve", "host", "nslookup", "dig", "drill", "kdig",
        "delv", "dog", "doggo", "adnshost", "avahi-resolve", "avahi-resolve-host-name", "ping",
        "ping4", "ping6", "fping", "hping3", "nping", "arping", "traceroute", "traceroute6",
        "tracepath", "tracepath6", "tcptraceroute", "mtr", "nmap", "ssh-keyscan", "whois",
    ]
}

/// The verbs of package managers and registry clients that put their operands into the
/// requests they send to a registry, a package index or an app store (`npm view NAME` asks
/// `registry.npmjs.org/NAME`, `pip download NAME` the index's `/simple/NAME/`, `gem search
/// TEXT`, `cargo search TEXT`, `docker search TEXT`, `brew search TEXT`, `go get PATH` the
/// module proxy, `snap find TEXT`): a secret read into one of their words is sent to that
/// host. Verbs that read only what is installed (`npm ls`, `pip show`, `gem list`, `go doc`)
/// are not named; nor are programs whose look-ups stay in a local index (`apt-cache search`).
pub(crate) fn sends_operands_to_registry(program: &str, verb: &str) -> bool {
    registry_verbs(program).contains(&verb)
}

/// The verbs of [`sends_operands_to_registry`] of `program`: none for a program that is not a
/// registry client.
pub(crate) fn registry_verbs(program: &str) -> &'static [&'static str] {
    match program {
        "npm" | "pnpm" | "yarn" | "yarnpkg" | "bun" | "cnpm" => &[
            "view",
            "v",
            "info",
            "show",
            "search",
            "s",
            "se",
            "find",
            "install",
            "i",
            "add",
            "docs",
            "home",
            "repo",
            "bugs",
            "issues",
            "dist-tag",
            "dist-tags",
            "owner",
            "access",
            "pack",
            "outdated",
            "create",
            "dlx",
            "exec",
            "x",
        ],
        "pip" | "pip3" => &["download", "install", "index", "search", "wheel"],
        "pipx" => &["install", "run", "inject"],
        "uv" => &["add", "tool"],
        "gem" => &[
            "search",
            "info",
            "query",
            "fetch",
            "install",
            "specification",
            "spec",
            "owner",
            "yank",
            "dependency",
        ],
        "cargo" => &["search", "info", "install", "add", "owner", "yank"],
        "brew" => &["search", "info", "install", "fetch", "home", "desc", "tap"],
        "go" => &["get", "install", "list", "mod", "run"],
        "docker" | "podman" | "nerdctl" => &[
            "search", "pull", "push", "manifest", "run", "create", "login",
        ],
        "conda" | "mamba" | "micromamba" => &["search", "install", "create", "repoquery"],
        "composer" => &[
            "show",
            "search",
            "require",
            "info",
            "create-project",
            "browse",
        ],
        "helm" => &["search", "pull", "install", "show", "repo"],
        "snap" => &["find", "info", "install", "download"],
        _ => &[],
    }
}

/// The verbs that publish the working tree (or what is built from it) to a registry, an index,
/// a release or an image registry: `npm publish` packs the package's directory, `cargo
/// publish` the crate's files, `gem push`, `poetry publish`, `uv publish`, `twine upload` the
/// archives built from them, `docker push` an image built from the tree (`docker build .`),
/// `gh release upload` the files named. A secret copied into the tree earlier on the line is
/// published with it, as `git push` sends a commit of it. The first word not an option names
/// the verb (`yarn npm publish`: `npm`, then `publish`).
pub(crate) fn publishes_tree(program: &str, words: &[&str]) -> bool {
    let verb = |k: usize| words.get(k).copied();
    match program {
        "npm" | "pnpm" | "bun" | "cnpm" | "jsr" | "vsce" | "ovsx" | "deno" | "cargo" | "poetry"
        | "uv" | "pdm" | "hatch" | "flit" | "lerna" | "wasm-pack" => verb(0) == Some("publish"),
        "yarn" | "yarnpkg" => {
            verb(0) == Some("publish") || verb(0) == Some("npm") && verb(1) == Some("publish")
        }
        "twine" => verb(0) == Some("upload"),
        "docker" | "podman" | "nerdctl" | "buildah" => {
            matches!(verb(0), Some("push"))
                || matches!(verb(0), Some("image" | "buildx")) && matches!(verb(1), Some("push"))
                || verb(0) == Some("buildx")
                    && verb(1) == Some("build")
                    && words
                        .iter()
                        .any(|w| matches!(*w, "--push" | "--output=type=registry"))
        }
        "gh" => verb(0) == Some("release") && matches!(verb(1), Some("upload" | "create")),
        "dotnet" => verb(0) == Some("nuget") && verb(1) == Some("push"),
        "gem" | "nuget" | "helm" => verb(0) == Some("push"),
        "mvn" | "mvnw" => words
            .iter()
            .any(|w| *w == "deploy" || w.ends_with(":deploy")),
        // `publish`, `publishAllPublicationsTo…Repository`; `publishToMavenLocal` stays here.
        "gradle" | "gradlew" => words
            .iter()
            .any(|w| w.starts_with("publish") && !w.ends_with("MavenLocal")),
        "mix" => verb(0) == Some("hex.publish"),
        "lein" => verb(0) == Some("deploy"),
        _ => false,
    }
}

name_set! {
    /// Programs that take paths as names and never open a file they name to read it: they
    /// list, stat, test or print the names, or change, move, link or remove what they name
    /// (whose writes the path policy's own cases decide first). A secret's path among their
    /// operands is no read of it; a file one of their options reads is, by the option's role
    /// (`du --files0-from`, `file -m`). `file` reads a file's first bytes and prints only its
    /// type, with its own magic (another magic file can print those bytes: `file -m` asks, by
    /// the rule `file-custom-magic`).
    pub(crate) fn is_names_only, NAMES_ONLY = [
        "ls", "dir", "vdir", "eza", "exa", "lsd", "stat", "du", "df", "tree", "test", "[", "[[",
        "realpath", "readlink", "basename", "dirname", "namei", "echo", "printf", "touch",
        "mkdir", "chmod", "chown", "chgrp", "rm", "rmdir", "unlink", "mv", "ln", "cd", "pushd",
        "find", "fd", "fdfind", "file",
    ]
}

name_set! {
    /// The disk, tape, camera and serial tools: given a storage device (a disk, a partition, a
    /// loop, optical, tape, RAID or mapped device, a camera, a serial port), they print what it
    /// is (its partitions, label, file system's superblock, health, status or file names),
    /// never the bytes it holds; and `mount`/`umount`, which attach or detach it (their own
    /// rules decide). Any other program opens such a device as a file and may print what is
    /// on it (`yara -s r.yar /dev/sda`, `unzip -p /dev/sda`, `pdftotext /dev/sda -`).
    pub(crate) fn is_device_tool, DEVICE_TOOLS = [
        "blkid", "lsblk", "findmnt", "findfs", "df", "fdisk", "sfdisk", "cfdisk", "gdisk",
        "sgdisk", "partx", "blockdev", "smartctl", "udevadm", "udisksctl", "fatlabel",
        "exfatlabel", "dosfslabel", "swaplabel", "e2label", "ntfslabel", "dumpe2fs",
        "dump.exfat", "tune.exfat", "e2freefrag", "e2undo", "fsstat", "mmls", "fls", "mt",
        "eject", "v4l2-ctl", "setserial", "lvdisplay", "pvdisplay", "vgdisplay", "lvs", "pvs",
        "vgs", "mount", "umount",
    ]
}

name_set! {
    /// Programs that print the content of the files they are given.
    pub(crate) fn is_printer_name, PRINTERS = [
        "cat", "tac", "head", "tail", "less", "more", "most", "bat", "batcat", "nl", "grep", "egrep",
        "fgrep", "zgrep", "zegrep", "zfgrep", "bzgrep", "bzegrep", "bzfgrep", "xzgrep", "xzegrep",
        "xzfgrep", "lzgrep", "lzegrep", "lzfgrep", "zstdgrep", "rg", "ag", "ack", "awk", "gawk", "mawk", "nawk", "sed",
        "jq", "yq", "base64", "base32", "xxd", "od", "hexdump", "hd", "strings", "sort", "uniq",
        "diff", "sdiff", "cut", "paste", "rev", "column", "fold", "fmt", "comm", "join", "expand",
        "unexpand", "pr", "zcat", "bzcat", "xzcat", "zstdcat", "lzcat", "zless", "zmore", "iconv",
        "shuf", "tsort", "ptx", "uuencode", "look", "cmp", "colordiff", "diff3",
    ]
}

name_set! {
    /// The grep family and the searchers built like it: a pattern (first operand, or `-e`),
    /// then the files or directories to search, printing the lines that match.
    pub(crate) fn is_text_searcher, TEXT_SEARCHERS = [
        "grep", "egrep", "fgrep", "zgrep", "ugrep", "rg", "ag", "ack", "ack-grep", "pt", "sift",
    ]
}

/// Programs that read every file of a directory tree they are given and print what they read
/// (a match, a tag, a diff, a quoted line): searchers, metadata dumpers, linters, formatters
/// and spell checkers (`grep -r` and `diff -r` only with their recursive flag, so not here).
/// `Some(true)` when, given no path, they walk the working directory.
pub(crate) fn tree_printer(name: &str) -> Option<bool> {
    match name {
        "rg" | "ag" | "ack" | "pt" | "sift" | "ugrep" | "codespell" | "typos" | "pydocstyle"
        | "flake8" => Some(true),
        "yara" | "exiftool" | "pycodestyle" | "black" | "isort" | "shfmt" | "gofmt" | "stylua"
        | "tex-fmt" | "pyflakes" => Some(false),
        _ => None,
    }
}

/// Decompressors a program runs by name to read a compressed file: GNU tar's table (it picks
/// one by the archive's suffix or content, even without `-z`), ripgrep's `-z`, libmagic's (`file
/// -z`), the gzip scripts' and lesspipe's.
const DECOMPRESSORS: &[&str] = &[
    "gzip",
    "bzip2",
    "xz",
    "lzip",
    "lzma",
    "lzop",
    "zstd",
    "lz4",
    "brotli",
    "compress",
    "uncompress",
];

/// The programs a pager-using program starts by name when no pager variable says otherwise
/// (git's and psql's `less`, systemd's `pager`, `less`, `more`).
const PAGERS: &[&str] = &["pager", "less", "more"];

/// The programs `program` may start by name through a `PATH` look-up (`execvp`, or a shell it
/// runs them with) on its own, whatever its options and input: helpers an option or the input
/// picks (`tar -tzf` runs gzip, `rg -z` a decompressor, `git log` the pager and `git fetch`
/// ssh) are all listed, so a name is never missed because an option was not read. Programs
/// that name their helpers by absolute path (gpg's agent, groff's own programs, bzgrep's
/// `/usr/bin` first) are not here, nor helpers a line or a configuration names (`tar -I`,
/// `core.pager`: the line's are units, a configuration's the person's).
pub(crate) fn path_helpers(program: &str) -> &'static [&'static [&'static str]] {
    match program {
        "tar" | "gtar" | "rg" | "file" | "zcat" | "gzcat" | "gunzip" | "uncompress" => {
            &[DECOMPRESSORS]
        }
        "zgrep" | "zegrep" | "zfgrep" | "xzgrep" | "xzegrep" | "xzfgrep" | "lzgrep" | "lzegrep"
        | "lzfgrep" | "zstdgrep" => &[DECOMPRESSORS, &["grep", "sed"]],
        "zdiff" | "zcmp" | "xzdiff" | "xzcmp" | "lzdiff" | "lzcmp" => {
            &[DECOMPRESSORS, &["diff", "cmp"]]
        }
        "zless" | "zmore" | "xzless" | "xzmore" | "lzless" | "lzmore" | "zstdless" => {
            &[DECOMPRESSORS, PAGERS]
        }
        "zipgrep" => &[&["unzip", "grep", "egrep", "sed"]],
        // dpkg-deb reads the archive's members with `tar` (`--contents`, `--info`), and runs a
        // decompressor it was not built with.
        "dpkg-deb" => &[&["tar"], DECOMPRESSORS],
        // libarchive starts a decompressor it was not built with.
        "bsdtar" => &[DECOMPRESSORS],
        // `LESSOPEN` (`| lesspipe %s`) runs lesspipe, which runs the decompressors, tar, unzip.
        "less" => &[
            &["lesspipe", "lessfile", "tar", "unzip", "file"],
            DECOMPRESSORS,
        ],
        "git" => &[PAGERS, &["ssh", "gpg", "gpgsm", "ssh-keygen"]],
        // man-db's formatting pipeline: its programs are configured by name.
        "man" => &[
            PAGERS,
            &[
                "groff", "nroff", "troff", "grotty", "tbl", "eqn", "neqn", "pic", "refer",
                "vgrind", "grap", "preconv", "col", "zsoelim", "manconv", "iconv",
            ],
            DECOMPRESSORS,
        ],
        "perldoc" => &[PAGERS, &["pod2man", "nroff", "groff"]],
        "pydoc" | "pydoc3" | "psql" | "bat" | "batcat" | "aws" | "dpkg" | "dpkg-query"
        | "journalctl" | "systemctl" | "loginctl" | "busctl" | "coredumpctl" | "networkctl"
        | "resolvectl" | "timedatectl" | "hostnamectl" | "localectl" | "systemd-analyze"
        | "machinectl" | "homectl" | "portablectl" | "userdbctl" | "dmesg" | "nmcli" => &[PAGERS],
        "scp" | "sftp" | "rsync" => &[&["ssh"]],
        // Node's command-line tools are installed as scripts starting `#!/usr/bin/env node`
        // (npm's `bin/npm-cli.js`, a package's `bin` entry linked into `/usr/bin` or
        // `node_modules/.bin`): env finds `node` on `PATH`.
        "npm" | "npx" | "pnpm" | "pnpx" | "yarn" | "yarnpkg" | "corepack" | "tsc" | "tsserver"
        | "eslint" | "prettier" | "vite" | "vitest" | "jest" | "next" | "nx" | "lerna"
        | "webpack" | "rollup" | "parcel" | "stylelint" | "markdownlint" | "cypress"
        | "playwright" | "sequelize" | "prisma" | "ava" | "tailwindcss" | "sass" | "gulp"
        | "grunt" | "ts-node" | "tsx" | "node-gyp" | "wrangler" | "vercel" | "netlify"
        | "firebase" | "biome" | "turbo" => &[&["node"]],
        _ => &[],
    }
}

name_set! {
    /// Shell builtins and keywords: bash runs them itself, never a program found on `PATH`.
    pub(crate) fn is_shell_builtin, SHELL_BUILTINS = [
        ":", ".", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command",
        "compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
        "enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash",
        "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
        "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift",
        "shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset",
        "ulimit", "umask", "unalias", "unset", "wait",
    ]
}

name_set! {
    /// Decompressors whose `-r` walks the directories they are given and whose `-c` with `-f`
    /// copies a file that is not compressed to standard output as it is (the pass-through of
    /// gzip, pigz, zstd and lz4): given a tree, they print its files (`gzip -dcfr ~`).
    pub(crate) fn is_recursive_decompressor, RECURSIVE_DECOMPRESSORS = [
        "gzip", "gunzip", "zcat", "pigz", "unpigz", "zstd", "unzstd", "zstdcat", "lz4", "lz4cat",
        "unlz4",
    ]
}

name_set! {
    /// GNU programs that Homebrew (and the BSDs' ports) install under a `g`-prefixed name
    /// beside the system's own: coreutils, findutils, grep, sed, tar, which, make and
    /// inetutils (`grm`, `gdd`, `gfind`, `genv`, `gxargs`, `gtar`, `gsed`). Not `du`:
    /// `gdu` is also the unrelated, interactive disk-usage tool.
    pub(crate) fn is_gnu_prefixed, GNU_PREFIXED = [
        // coreutils
        "arch", "b2sum", "base32", "base64", "basename", "basenc", "cat", "chcon", "chgrp",
        "chmod", "chown", "chroot", "cksum", "comm", "cp", "csplit", "cut", "date", "dd", "df",
        "dir", "dircolors", "dirname", "echo", "env", "expand", "expr", "factor", "false",
        "fmt", "fold", "groups", "head", "hostid", "id", "install", "join", "kill", "link",
        "ln", "logname", "ls", "md5sum", "mkdir", "mkfifo", "mknod", "mktemp", "mv", "nice",
        "nl", "nohup", "nproc", "numfmt", "od", "paste", "pathchk", "pinky", "pr", "printenv",
        "printf", "ptx", "pwd", "readlink", "realpath", "rm", "rmdir", "runcon", "seq",
        "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shred", "shuf",
        "sleep", "sort", "split", "stat", "stdbuf", "stty", "sum", "sync", "tac", "tail", "tee",
        "test", "timeout", "touch", "tr", "true", "truncate", "tsort", "tty", "uname",
        "unexpand", "uniq", "unlink", "uptime", "users", "vdir", "wc", "who", "whoami", "yes",
        // findutils, grep, sed, tar, which, make, indent, inetutils
        "find", "xargs", "locate", "updatedb", "grep", "egrep", "fgrep", "sed", "tar", "which",
        "make", "indent", "ftp", "telnet", "ping", "traceroute", "whois", "hostname",
        "ifconfig", "logger", "rcp", "rlogin", "rsh", "tftp", "talk",
    ]
}

/// The GNU program a `g`-prefixed name installs beside the system's own (`gtar`, `gsed`,
/// `grm`: the GNU tools on macOS and the BSDs): the same program, read with the GNU one's
/// table and facts. Any other name is itself.
pub(crate) fn gnu_name(program: &str) -> &str {
    match program.strip_prefix('g') {
        Some(gnu) if is_gnu_prefixed(gnu) => gnu,
        _ => program,
    }
}

name_set! {
    /// Archivers, synchronisers and backup tools that copy whole directory trees they are
    /// given (or the directory they run in) into an archive, a repository or another place:
    /// given a home, they take its secrets with it (`tar -czf h.tgz ~`, `rsync -a ~ host:`).
    /// `scp` does so only with `-r`, which its callers read.
    pub(crate) fn is_tree_copier, TREE_COPIERS = [
        "tar", "bsdtar", "gtar", "zip", "7z", "7za", "cpio", "rsync", "rclone", "restic", "borg",
    ]
}

name_set! {
    /// Programs that overwrite every operand they are given, a device as well as a file:
    /// file-system creators (besides the `mkfs*` family, which [`overwrites_operands`] takes
    /// by prefix), wipers and drive sanitizers (`mformat -i /dev/sdb ::` formats the device
    /// its `-i` names, `sg_sanitize /dev/sg1` erases the drive).
    pub(crate) fn is_operand_overwriter, OPERAND_OVERWRITERS = [
        "wipefs", "mkswap", "blkdiscard", "mke2fs", "mkudffs", "mkreiserfs", "jfs_mkfs",
        "mkexfatfs", "mkdosfs", "mkntfs", "newfs", "newfs_apfs", "newfs_hfs", "mformat", "scrub",
        "sg_sanitize",
    ]
}

name_set! {
    /// Database clients, which run the statements they are given: the database-wipe check reads
    /// their statements, and the exfiltration check takes one told to connect to a server off
    /// this machine (`psql -h db.example`) for a sender of what it is given.
    pub(crate) fn is_database_client, DATABASE_CLIENTS = [
        "psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "clickhouse-client", "clickhouse",
        "duckdb", "cockroach", "cqlsh", "snowsql", "mongo", "mongosh", "redis-cli", "valkey-cli",
        "bq",
    ]
}

name_set! {
    /// Programs that print credentials they hold or fetch (a variable's value, a CLI's stored
    /// token, a password manager's entry, a cloud's minted token, a remote's stored keys): the
    /// exfiltration check reads their words to tell which of their commands print one (`gh auth
    /// token`, `rclone config show`, `mc alias list`).
    /// A Docker credential helper (`docker-credential-*`) is one too: [`credential_printer`].
    pub(crate) fn is_credential_printer, CREDENTIAL_PRINTERS = [
        "printenv", "env", "echo", "printf", "declare", "typeset", "readonly", "local", "export",
        "ps", "getent", "gh", "kubectl", "oc", "aws", "gcloud", "az", "vault", "bao", "op", "bw",
        "lpass", "pass", "gopass", "security", "secret-tool", "git", "npm", "pnpm", "yarn",
        "glab", "heroku", "doctl", "fly", "flyctl", "terraform", "tofu", "pulumi", "wg", "rclone",
        "mc", "mcli", "s3cmd", "keyring", "kwallet-query", "railway", "netlify", "doppler",
        "infisical", "chamber", "firebase", "gpg", "gpg2", "age", "rage", "sops", "ansible-vault",
        "keyctl", "cf", "openssl",
    ]
}

/// The verbs of `pass` and `gopass` that print no stored secret: they list names, add, edit,
/// move or remove entries, or manage the store (its git, recipients, mounts, settings). Every
/// other first word prints one: `show`, `grep`, `otp`, `generate`, gopass's `cat` and
/// `process`, and an entry's own name (`pass email/work` shows it).
pub(crate) fn password_store_verb_keeps_secrets(verb: &str) -> bool {
    matches!(
        verb,
        "init"
            | "ls"
            | "list"
            | "find"
            | "search"
            | "insert"
            | "add"
            | "new"
            | "create"
            | "edit"
            | "rm"
            | "remove"
            | "delete"
            | "mv"
            | "move"
            | "rename"
            | "cp"
            | "copy"
            | "git"
            | "rcs"
            | "sync"
            | "setup"
            | "clone"
            | "config"
            | "mounts"
            | "recipients"
            | "templates"
            | "fsck"
            | "help"
            | "version"
            | "completion"
            | "unclip"
            | "pwgen"
    )
}

/// Whether `p` may print a credential: [`is_credential_printer`] or a Docker credential helper.
pub(crate) fn credential_printer(p: &str) -> bool {
    is_credential_printer(p) || p.starts_with("docker-credential-")
}

name_set! {
    /// dd and the programs spelled like it, whose `KEY=VALUE` operands name what they read
    /// and write (`of=/dev/sda`): its forensic forks (`dcfldd`, `dc3dd`), `ddpt`, `sg_dd` (sg3
    /// utilities) and `sdd`.
    pub(crate) fn is_dd_style, DD_STYLE = ["dd", "dcfldd", "dc3dd", "ddpt", "sg_dd", "sdd"]
}

/// Whether `p` overwrites every operand it is given: [`is_operand_overwriter`] or a `mkfs*`
/// program (`mkfs.ext4`, `mkfs.bcachefs`).
pub(crate) fn overwrites_operands(p: &str) -> bool {
    is_operand_overwriter(p) || p.starts_with("mkfs")
}

/// Builtins that change the shell's working directory.
pub(crate) fn is_directory_change(name: &str) -> bool {
    matches!(name, "cd" | "pushd" | "popd" | "chdir")
}

name_set! {
    /// Cloud storage CLIs whose copy and sync commands upload a local tree to a bucket or a
    /// remote named as the last operand (`aws s3 sync ~ s3://b`, `gsutil -m rsync -r ~ gs://b`,
    /// `gcloud storage cp -r ~ gs://b`, `s3cmd sync ~ s3://b`, `azcopy copy ~ https://…`,
    /// `b2 sync ~ b2://b`): a tree copier when that operand is remote. The Azure CLI names its
    /// sources with an option, given the read role by its subcommand's table (`az storage blob
    /// upload-batch -s DIR`).
    pub(crate) fn is_bucket_copier, BUCKET_COPIERS = [
        "aws", "gsutil", "gcloud", "s3cmd", "azcopy", "b2", "az", "mc", "mcli",
    ]
}

name_set! {
    /// Object storage clients that name a remote by an alias of their own configuration as the
    /// first part of a path (the `MinIO` client, `mc`, packaged as `mcli`: `mc cp -r ~ s3/bucket`,
    /// `mc mirror ~/.ssh play/b`), with no `host:` or `scheme://` to tell it: an operand that
    /// is not an absolute or explicitly relative path (`/`, `.`, `~`) may be on another machine.
    pub(crate) fn is_alias_addressed, ALIAS_ADDRESSED = ["mc", "mcli"]
}

name_set! {
    /// Programs that put what they read (standard input, or a file operand) on the clipboard,
    /// a sink shared beyond this process: any program of the session reads it, clipboard
    /// managers keep its history on disk, and clipboard sync (Universal Clipboard, Windows
    /// cloud clipboard, KDE Connect, lemonade over the network) sends it to other devices. The
    /// exfiltration check judges what they are fed as it judges what a sender is fed.
    pub(crate) fn is_clipboard_writer, CLIPBOARD_WRITERS = [
        "xclip", "xsel", "pbcopy", "wl-copy", "clip.exe", "clip", "termux-clipboard-set",
        "lemonade", "clipcopy", "win32yank", "win32yank.exe",
    ]
}

/// Whether clipboard writer `p` ([`is_clipboard_writer`]), given the words `argv` (its name
/// first), prints the clipboard instead of filling it or leaves what it is given unread:
/// `xclip -o`, `xsel -bo`, `xsel --clear`, `win32yank -o`, `lemonade paste`. xsel's words are
/// read with its table (bundles, `-l LOG`'s value): it fills the selection when told to read
/// (`-i`, `-a`, `-f`, `-z`) even with `-o` (it prints the old selection first), and not when it
/// clears, deletes, exchanges or keeps one. xclip's words are read with its table too (`-sel
/// -o` names a selection `-o`): its direction is its last `-in`/`-out` option, `-filter` reads
/// too, and a word the table does not prove (`-s`, an ambiguous prefix xclip reads as a file)
/// or one known only at run time leaves the direction unproven.
pub(crate) fn clipboard_reads_only<W: args::Word>(p: &str, argv: &[W]) -> bool {
    let words = || argv.iter().skip(1).filter_map(W::text);
    match p {
        "xclip" => tables::builtin(p).is_some_and(|t| {
            let parsed = args::parse(Some(&t), argv);
            let last = (parsed.opts.iter())
                .rfind(|o| matches!(&*o.name, "-i" | "-in" | "-o" | "-ou" | "-out"));
            parsed.unknown.is_none()
                && !parsed.dynamic
                && !parsed.has_exact("-f")
                && !parsed.has_exact("-filter")
                && last.is_some_and(|o| o.name.starts_with("-o"))
        }),
        "xsel" => tables::builtin(p).is_some_and(|t| {
            let parsed = args::parse(Some(&t), argv);
            let any = |names: &[&str]| names.iter().any(|n| parsed.has_exact(n));
            let reads = any(&["-i", "--input", "-a", "--append", "-f", "--follow"])
                || any(&["-z", "--zeroflush"]);
            any(&[
                "-c",
                "--clear",
                "-d",
                "--delete",
                "-x",
                "--exchange",
                "-k",
                "--keep",
            ]) || any(&["-h", "--help", "--version"])
                || any(&["-o", "--output"]) && !reads
        }),
        "win32yank" | "win32yank.exe" => words().any(|w| w == "-o"),
        "lemonade" => words().any(|w| w == "paste"),
        _ => false,
    }
}

/// The prefix of the files a splitter writes when no prefix is named (`split` writes `xaa`,
/// `xab`…, `csplit` writes `xx00`, `xx01`…): the files written start with the prefix the
/// table's output role names, or with this one.
pub(crate) fn output_prefix(p: &str) -> Option<&'static str> {
    match p {
        "split" | "gsplit" => Some("x"),
        "csplit" | "gcsplit" => Some("xx"),
        _ => None,
    }
}

name_set! {
    /// Programs that print a digest of what they read, never the text itself.
    pub(crate) fn is_digest, DIGESTS = [
        "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "b2sum",
        "cksum", "sum", "b3sum", "xxhsum", "xxh32sum", "xxh64sum", "xxh128sum", "rhash",
    ]
}

/// A [`name_set!`] answers yes for each name of its list and no for near misses (the name with
/// a letter more, in upper case, the empty name).
#[cfg(test)]
pub(crate) fn assert_name_set(is: fn(&str) -> bool, list: &[&str]) {
    for name in list {
        assert!(is(name), "{name}");
        let upper = name.to_uppercase();
        assert!(!is(&format!("{name}x")), "{name}x");
        assert!(!is(&upper) || list.contains(&upper.as_str()), "{upper}");
    }
    assert!(!is("") && !is("no-such-name"));
}

/// A `git -c` setting that runs no pager: `core.pager=` or `core.pager=cat` (git runs no pager
/// for an empty value or `cat`), and `pager.CMD` given a boolean (`pager.log=false`; `true`, or
/// no value, uses the pager configured elsewhere, as git does by default) or one of those values.
pub(crate) fn git_pager_off(setting: &str) -> bool {
    let (key, value) = match setting.split_once('=') {
        Some((k, v)) => (k.to_ascii_lowercase(), Some(v)),
        None => (setting.to_ascii_lowercase(), None),
    };
    let off = matches!(value, Some("" | "cat"));
    if key == "core.pager" {
        return off;
    }
    key.strip_prefix("pager.").is_some_and(|cmd| {
        !cmd.is_empty()
            && (off
                || value.is_none_or(|v| {
                    matches!(
                        v.to_ascii_lowercase().as_str(),
                        "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0"
                    )
                }))
    })
}

/// A git pathspec that names what is left out (`:!*.env`, `:^.env`, `:(exclude,glob)**/.env`):
/// git prints none of the paths it matches.
pub(crate) fn is_git_exclusion(t: &str) -> bool {
    match t.strip_prefix(':') {
        Some(rest) if rest.starts_with(['!', '^']) => true,
        Some(rest) => rest
            .strip_prefix('(')
            .and_then(|r| r.split_once(')'))
            .is_some_and(|(magic, _)| magic.split(',').any(|m| m.trim() == "exclude")),
        None => false,
    }
}

/// How a file server names the directory it serves to whoever connects: its options with a
/// value (so that a value is never read as the directory), the options naming the directory,
/// and whether its operands do.
struct ServerForm {
    spec: args::OptionSpec,
    dir_options: &'static [&'static str],
    operands: bool,
}

/// A server's table with the options that take a value, nothing else known.
const fn server_spec(short_value: &'static str, long_value: &'static str) -> args::OptionSpec {
    args::OptionSpec {
        short_value: std::borrow::Cow::Borrowed(short_value),
        long_value: args::Names::Packed(long_value),
        ..args::OptionSpec::EMPTY
    }
}

/// Python's `http.server` (and `SimpleHTTPServer`, `uploadserver`): `[-b ADDR] [-d DIR] [-p
/// VERSION] [PORT]`.
const PY_HTTP_SERVER: ServerForm = ServerForm {
    spec: server_spec("bdp", "--bind\n--directory\n--protocol\n"),
    dir_options: &["-d", "--directory"],
    operands: false,
};

/// `python -m pyftpdlib [-i ADDR] [-p PORT] [-d DIR] [-u USER] [-P PASSWORD] [-r RANGE] [-n
/// NAT]` (`-w` lets clients write).
const PYFTPDLIB: ServerForm = ServerForm {
    spec: server_spec(
        "ipdnruP",
        "--interface\n--port\n--directory\n--nat-address\n--range\n--username\n--password\n",
    ),
    dir_options: &["-d", "--directory"],
    operands: false,
};

/// PHP's built-in server: `php -S ADDR:PORT [-t DOCROOT] [ROUTER]` (the router script is code
/// run, judged by the interpreter rules).
const PHP_SERVER: ServerForm = ServerForm {
    spec: server_spec(
        "BcdEfFrRStz",
        "--docroot\n--server\n--php-ini\n--define\n--file\n",
    ),
    dir_options: &["-t", "--docroot"],
    operands: false,
};

/// Ruby's `-run -e httpd [--port=N] [--bind-address=ADDR] … [DOCROOT]`.
const RUBY_HTTPD: ServerForm = ServerForm {
    spec: server_spec(
        "",
        "--bind-address\n--port\n--max-clients\n--temp-dir\n--request-timeout\n--http-version\n--ssl-certificate\n--ssl-private-key\n",
    ),
    dir_options: &[],
    operands: true,
};

/// busybox `httpd [-p [IP:]PORT] [-u USER] [-r REALM] [-h HOME] [-c FILE] …`: HOME defaults
/// to the working directory.
const BUSYBOX_HTTPD: ServerForm = ServerForm {
    spec: server_spec("purhcmed", ""),
    dir_options: &["-h"],
    operands: false,
};

/// Servers of a directory named as an operand or by a root option (`http-server DIR -p 8080`,
/// `serve -l 3000 DIR`, `miniserve DIR`, `darkhttpd DIR --port 80`, `static-web-server -d DIR`,
/// `updog -d DIR`, `goshs -d DIR`, `caddy file-server --root DIR`, `webfsd -r DIR`, `twistd web
/// --path DIR`): every operand counts (a port or an address misread as one holds no secret).
const DIR_SERVER: ServerForm = ServerForm {
    spec: server_spec(
        "dlrpa",
        "--root\n--directory\n--path\n--listen\n--port\n--address\n--config\n",
    ),
    dir_options: &["-d", "-r", "--root", "--directory", "--path"],
    operands: true,
};

/// The directories (or files) a file server serves to whoever connects, as written: `Some`
/// of an empty list when it serves the working directory, `None` when `argv` (program first)
/// runs no file server of the catalogue. Python's `-m http.server`, `SimpleHTTPServer`,
/// `uploadserver` and `pyftpdlib`, PHP's `-S`, Ruby's `-run -e httpd`, busybox `httpd`, and the
/// directory servers ([`DIR_SERVER`]: `http-server`, `serve`, `live-server`, `miniserve`,
/// `darkhttpd`, `simple-http-server`, `static-web-server`, `updog`, `goshs`, `webfsd`, `caddy
/// file-server`, `twistd web`).
pub(crate) fn served_directories<W: args::Word>(argv: &[W]) -> Option<Vec<String>> {
    let word = |i: usize| argv.get(i).and_then(args::Word::text);
    let p = base(word(0)?);
    // The form and the index of the word its own reading starts after.
    let (form, at) = match p {
        "python" | "python3" | "python2" | "pypy" | "pypy3" => {
            let spec = tables::builtin(p)?;
            let parsed = args::parse(Some(&spec), argv);
            let m = parsed.opts.iter().find(|o| o.name == "-m")?;
            let form = match m.value.as_deref()? {
                "http.server" | "SimpleHTTPServer" | "uploadserver" => PY_HTTP_SERVER,
                "pyftpdlib" => PYFTPDLIB,
                _ => return None,
            };
            (form, m.value_at.unwrap_or(m.index))
        }
        "php" => {
            let parsed = args::parse(Some(&PHP_SERVER.spec), argv);
            if !parsed
                .opts
                .iter()
                .any(|o| matches!(o.name.as_ref(), "-S" | "--server"))
            {
                return None;
            }
            (PHP_SERVER, 0)
        }
        "ruby" => {
            let spec = tables::builtin(p)?;
            let parsed = args::parse(Some(&spec), argv);
            let un = parsed
                .opts
                .iter()
                .any(|o| o.name == "-r" && o.value.as_deref() == Some("un"));
            let e = parsed.opts.iter().find(|o| o.name == "-e")?;
            if !un || e.value.as_deref().map(str::trim) != Some("httpd") {
                return None;
            }
            // ruby takes a `--` after the code for itself: un.rb reads the words after it.
            let at = e.value_at.unwrap_or(e.index);
            (RUBY_HTTPD, at + usize::from(word(at + 1) == Some("--")))
        }
        "httpd" | "busybox" => {
            let at = usize::from(p == "busybox");
            if p == "busybox" && word(1) != Some("httpd") {
                return None;
            }
            (BUSYBOX_HTTPD, at)
        }
        "http-server" | "serve" | "live-server" | "miniserve" | "darkhttpd"
        | "simple-http-server" | "static-web-server" | "updog" | "goshs" | "webfsd" => {
            (DIR_SERVER, 0)
        }
        "caddy" | "twistd" => {
            let sub = if p == "caddy" { "file-server" } else { "web" };
            let parsed = args::parse(Some(&DIR_SERVER.spec), argv);
            let &k = parsed.operands.iter().find(|&&k| word(k) == Some(sub))?;
            (DIR_SERVER, k)
        }
        _ => return None,
    };
    let rest = argv.get(at..)?;
    let parsed = args::parse(Some(&form.spec), rest);
    let text = |i: usize| rest.get(i).and_then(args::Word::text).map(str::to_owned);
    let mut out: Vec<String> = parsed
        .opts
        .iter()
        .filter(|o| form.dir_options.contains(&o.name.as_ref()))
        .filter_map(|o| o.value.clone())
        .collect();
    if form.operands {
        out.extend(parsed.operands.iter().filter_map(|&i| text(i)));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Release channels name an installed toolchain; paths, custom names and options do not.
    #[test]
    fn release_channels_of_rustup() {
        for name in [
            "stable",
            "beta",
            "nightly",
            "1.80",
            "1.80.1",
            "nightly-2024-05-01",
            "stable-x86_64-unknown-linux-gnu",
            "1.79.0-aarch64-apple-darwin",
            "nightly-2024-05-01-x86_64-pc-windows-msvc",
        ] {
            assert!(is_release_channel(name), "{name}");
        }
        for name in [
            "",
            "/opt/tc",
            "./tc",
            "../tc",
            "nightly/x",
            "stable-",
            "stable--x",
            "stable-x/y",
            "mytc",
            "1",
            "1.",
            "1.2.3.4",
            "v1.80",
            "-stable",
            "Stable",
            "stable\\x",
            "stable-~",
            "1.80-$(x)",
        ] {
            assert!(!is_release_channel(name), "{name}");
        }
        assert_name_set(is_rustup_proxy, RUSTUP_PROXIES);
    }

    /// A clipboard writer prints the clipboard only when nothing makes it read what it is fed:
    /// xsel fills the selection with `-i`/`-a` even after `-o`, xclip takes its last direction.
    #[test]
    fn clipboard_writers_that_only_print() {
        for (line, only) in [
            ("xsel -o", true),
            ("xsel -bo", true),
            ("xsel -o -i", false),
            ("xsel -oa", false),
            ("xsel --output --input", false),
            ("xsel -l LOG -bi", false),
            ("xsel -t 5 -o", true),
            ("xsel -x", true),
            ("xsel -c", true),
            ("xsel -b", false),
            ("xclip -o", true),
            ("xclip -out -sel c", true),
            ("xclip -o -i", false),
            ("xclip -in -o", true),
            ("xclip -f -o", false),
            ("xclip -sel c", false),
            // `-selection` takes the next word, `-o` too: the direction stays in.
            ("xclip -selection -o", false),
            ("xclip -sel -o", false),
            ("xclip -display -o", false),
            ("xclip -selection c -o", true),
            ("xclip -filter -o", false),
            // An ambiguous prefix is a file xclip reads, not an option.
            ("xclip -s -o", false),
            ("win32yank -o", true),
            ("lemonade paste", true),
            ("lemonade copy", false),
        ] {
            let argv: Vec<&str> = line.split(' ').collect();
            assert_eq!(clipboard_reads_only(argv[0], &argv), only, "{line}");
        }
    }

    /// A secret variable's service by any word of its name; its hosts by domain or by name,
    /// never a host that spells its domain before another.
    #[test]
    fn services_of_secret_variables_and_their_hosts() {
        let domains = |name: &str| secret_service(name).map(|s| s.domains);
        assert_eq!(domains("JIRA_API_TOKEN"), domains("ATLASSIAN_TOKEN"));
        assert_eq!(domains("GH_PAT"), domains("HOMEBREW_GITHUB_API_TOKEN"));
        assert!(domains("GH_PAT").is_some_and(|d| d.contains("github.com")));
        assert_eq!(domains("API_KEY"), None);
        assert_eq!(domains("MYAPP_DB_PASSWORD"), None);
        let jira = secret_service("JIRA_API_TOKEN");
        for (host, own) in [
            ("x.atlassian.net", true),
            ("atlassian.net", true),
            ("jira.corp.example", true),
            ("evil.example", false),
            ("x.atlassian.net.evil.example", false),
            ("atlassian.net.evil.example", false),
        ] {
            assert_eq!(
                jira.is_some_and(|s| is_service_host(s, host)),
                own,
                "{host}"
            );
        }
        // Two-letter words name a service but never a host by name.
        let digitalocean = secret_service("DO_TOKEN");
        assert!(digitalocean.is_some_and(|s| is_service_host(s, "api.digitalocean.com")));
        assert!(!digitalocean.is_some_and(|s| is_service_host(s, "do.evil.example")));
        assert!(printer_service("gh").is_some_and(|s| is_service_host(s, "api.github.com")));
        assert!(printer_service("op").is_none());
        assert!(signs_only("AWS_SECRET_ACCESS_KEY") && !signs_only("AWS_SESSION_TOKEN"));
    }

    /// The directories each file server serves, as written; the working directory as none.
    #[test]
    fn served_directories_by_form() {
        let served = |line: &str| {
            let argv: Vec<&str> = line.split(' ').collect();
            served_directories(&argv)
        };
        let some = |v: &[&str]| Some(v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
        for (line, want) in [
            ("python3 -m http.server -d ~ 8000", some(&["~"])),
            ("python3 -m http.server --directory=/etc", some(&["/etc"])),
            ("python3 -m http.server 8000 -b 0.0.0.0", some(&[])),
            (
                "python3 -W ignore -m pyftpdlib -p 21 -d /srv",
                some(&["/srv"]),
            ),
            ("python3 -m pip install x", None),
            ("python3 -c print(1) -m http.server", None),
            ("php -S 0:80 -t ~/.aws", some(&["~/.aws"])),
            ("php -S 0:80", some(&[])),
            ("php -r echo(1);", None),
            ("ruby -run -e httpd -- --port=8000 ~", some(&["~"])),
            ("ruby -run -e httpd --port 8000", some(&[])),
            ("ruby -e httpd", None),
            ("busybox httpd -p 80 -h /root", some(&["/root"])),
            ("busybox ls -h", None),
            ("http-server -p 8080 ~/.ssh", some(&["~/.ssh"])),
            ("caddy file-server --root=/home", some(&["/home"])),
            ("caddy run", None),
            ("twistd web --path ~", some(&["~"])),
        ] {
            assert_eq!(served(line), want, "{line}");
        }
    }

    /// Each set answers yes for exactly its listed names.
    #[test]
    fn git_pager_settings_that_run_no_pager() {
        for (setting, off) in [
            ("core.pager=cat", true),
            ("core.pager=", true),
            ("core.PAGER=cat", true),
            ("pager.log=false", true),
            ("pager.diff=true", true),
            ("pager.log", true),
            ("pager.show=cat", true),
            ("pager.log=0", true),
            ("core.pager", false),
            ("core.pager=less", false),
            ("core.pager=cat;id", false),
            ("core.pager=sh -c id", false),
            ("pager.log=less -R", false),
            ("pager.=false", false),
            ("core.editor=cat", false),
        ] {
            assert_eq!(git_pager_off(setting), off, "{setting}");
        }
    }

    #[test]
    fn name_sets_hold_their_lists() {
        for (is, list) in [
            (is_pattern_first as fn(&str) -> bool, PATTERN_FIRST),
            (is_printer_name, PRINTERS),
            (is_interpreter_name, INTERPRETERS),
            (is_host_lookup, HOST_LOOKUPS),
            (is_digest, DIGESTS),
            (is_shell_builtin, SHELL_BUILTINS),
            (is_recursive_decompressor, RECURSIVE_DECOMPRESSORS),
            (is_tree_copier, TREE_COPIERS),
            (is_text_searcher, TEXT_SEARCHERS),
            (is_operand_overwriter, OPERAND_OVERWRITERS),
            (is_dd_style, DD_STYLE),
            (is_credential_printer, CREDENTIAL_PRINTERS),
            (is_bucket_copier, BUCKET_COPIERS),
            (is_clipboard_writer, CLIPBOARD_WRITERS),
            (is_gnu_prefixed, GNU_PREFIXED),
            (is_alias_addressed, ALIAS_ADDRESSED),
            (is_vim, VIMS),
            (is_device_tool, DEVICE_TOOLS),
            (is_database_client, DATABASE_CLIENTS),
        ] {
            assert_name_set(is, list);
        }
        // A tool exempt for the storage devices it describes prints none of their bytes.
        for p in DEVICE_TOOLS {
            assert!(!is_printer_name(p) && !is_digest(p), "{p}");
        }
        // A look-up sends the name it looks up; a client naming remotes by alias copies to them.
        for p in HOST_LOOKUPS.iter().chain(ALIAS_ADDRESSED) {
            assert!(is_sender(p), "{p}");
        }
        for p in ALIAS_ADDRESSED {
            assert!(is_bucket_copier(p), "{p}");
        }
    }

    #[test]
    fn start_up_files_by_shell_and_mode() {
        let login = startup_files("bash", true, false).unwrap_or_default();
        let interactive = startup_files("bash", false, true).unwrap_or_default();
        assert!(login.contains(&"~/.bash_profile") && !login.contains(&"~/.bashrc"));
        assert!(interactive.contains(&"~/.bashrc") && !interactive.contains(&"/etc/profile"));
        assert!(startup_files("zsh", false, false).is_some_and(|f| f.contains(&"~/.zshenv")));
        assert!(startup_files("sh", true, false).is_some_and(|f| f.contains(&"~/.profile")));
        assert_eq!(startup_files("ksh", true, false), None);
        for (path, names) in [
            ("~/.bash_profile", true),
            ("/root/.profile", true),
            ("profile", true),
            ("/etc/profile.d/x.sh", true),
            ("~", true),
            ("$HOME/", true),
            ("/home/u", true),
            ("/etc", true),
            ("~/.bashrc", false),
            ("/", false),
            ("notes.txt", false),
            ("/home/u/project", false),
        ] {
            assert_eq!(names_startup_file(path, &login), names, "{path}");
        }
    }

    #[test]
    fn tree_publishers_and_password_store_verbs() {
        for (p, words, want) in [
            ("npm", &["publish"][..], true),
            ("yarn", &["npm", "publish"][..], true),
            ("cargo", &["publish"][..], true),
            ("twine", &["upload", "dist/*"][..], true),
            ("docker", &["push", "x"][..], true),
            ("docker", &["image", "push", "x"][..], true),
            ("gh", &["release", "upload", "v1", "f"][..], true),
            ("gradlew", &["publish"][..], true),
            ("gradlew", &["publishToMavenLocal"][..], false),
            ("npm", &["pack"][..], false),
            ("cargo", &["build"][..], false),
            ("docker", &["pull", "x"][..], false),
            ("gh", &["release", "view"][..], false),
            ("cat", &["publish"][..], false),
        ] {
            assert_eq!(publishes_tree(p, words), want, "{p} {words:?}");
        }
        for (v, keeps) in [
            ("ls", true),
            ("insert", true),
            ("git", true),
            ("show", false),
            ("grep", false),
            ("otp", false),
            ("email/work", false),
        ] {
            assert_eq!(password_store_verb_keeps_secrets(v), keeps, "{v}");
        }
    }
}
