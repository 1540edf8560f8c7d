//! Facts about environment variables by name, one list per role: the names known to change
//! nothing ([`is_harmless`]), the names that change which program runs or what code it loads
//! ([`changes_what_runs`]), those a program takes its options, settings or code from
//! ([`steers_program`]), those whose value a program runs as a command line
//! ([`is_command_var`]), those that choose a shell's start-up files ([`STARTUP_VARS`]), and
//! those that name the paths a program loads code from, with how they name them
//! ([`PATH_LOADERS`]), and those whose value is an address a program connects to
//! ([`names_address`]). A leaf of the program catalogue: the `env-prefix` check, the analyzer
//! and the workspace-code check read these lists, and none keeps its own.

use super::name_set;
use crate::wordlist::{Words, words};

/// Variables that change nothing a program runs, reads or writes beyond its output's look, its
/// language or its logging.
const HARMLESS: Words = words![
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "CI",
    "RUST_LOG",
    "RUST_BACKTRACE",
    "COLUMNS",
    "LINES",
    "DEBUG",
    "VERBOSE",
    "COLORTERM",
    "TERM_PROGRAM",
    "NODE_ENV",
    "RAILS_ENV",
    "RACK_ENV",
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONIOENCODING",
    "GIT_TERMINAL_PROMPT",
    "CARGO_TERM_COLOR",
    "TIMEFORMAT",
    "NPM_CONFIG_COLOR",
    "CGO_ENABLED",
    "GOOS",
    "GOARCH",
    "CARGO_INCREMENTAL",
    "TERM_COLORS",
];

/// Whether setting `name` is known to change nothing that runs, is read or is written: the
/// listed names, and a locale category (`LC_*`, whose value [`names_locale`] weighs).
pub(crate) fn is_harmless(name: &str) -> bool {
    HARMLESS.contains(name) || name.starts_with("LC_")
}

/// Whether `name` chooses a locale (`LANG`, `LANGUAGE`, `LC_*`): its value is a locale name,
/// or with a `/` a path to the locale's data or message catalogues.
pub(crate) fn names_locale(name: &str) -> bool {
    matches!(name, "LANG" | "LANGUAGE") || name.starts_with("LC_")
}

/// Variables that change which program a process runs, what code it loads before it reads its
/// arguments, or how the shell itself reads what follows.
const LOADERS: Words = words![
    "PATH",
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "LD_AUDIT",
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "PYTHONINSPECT",
    "PYTHONBREAKPOINT",
    "PYTHONWARNINGS",
    "GOFLAGS",
    "NODE_OPTIONS",
    "NODE_PATH",
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "PERL5DB",
    "RUBYOPT",
    "RUBYLIB",
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PS4",
    "IFS",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "GIT_EDITOR",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "GIT_EXEC_PATH",
    "GIT_PROXY_COMMAND",
    "GIT_TEMPLATE_DIR",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "LESSOPEN",
    "LESSCLOSE",
    "LESSKEY",
    "SHELLOPTS",
    "BASHOPTS",
    "SHELL",
    "HOME",
    "ZDOTDIR",
    "RUSTC_WRAPPER",
    "RUSTC",
    "CARGO_BUILD_RUSTC_WRAPPER",
    // Flags for every rustc cargo starts, also the target probe of `cargo metadata` and `cargo
    // tree`: `--print=cfg=PATH` writes PATH, and `--cfg` chooses a line of it (`RUSTFLAGS` of
    // flags all known to be harmless is not flagged, see `classify`).
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTDOCFLAGS",
    "CC",
    "CXX",
    "LD",
    "MAKEFLAGS",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "CLASSPATH",
    "GEM_PATH",
    "GEM_HOME",
    "BUNDLE_GEMFILE",
    "NPM_CONFIG_SCRIPT_SHELL",
    "npm_config_script_shell",
    "TMPDIR",
    "XDG_CONFIG_HOME",
    "SYSTEMD_PAGER",
    "MANPAGER",
    "MANOPT",
    "BROWSER",
    "PKG_CONFIG_PATH",
    "LUA_PATH",
    "LUA_INIT",
    "R_PROFILE_USER",
    "DOCKER_HOST",
    "KUBECONFIG",
    "FPATH",
    "CDPATH",
    "GLOBIGNORE",
    "BASH_LOADABLES_PATH",
    "HOSTALIASES",
    // The file bash reads host names from for `compgen -A hostname` and completion, one word
    // of each line a name: `HOSTFILE=.env; compgen -A hostname` prints the secrets.
    "HOSTFILE",
    "GCONV_PATH",
    "MALLOC_CHECK_",
    "LOCPATH",
    "NLSPATH",
    "TERMINFO",
    "BASH_CMDS",
    "BASH_ALIASES",
    // `~+` and `~-` expand to these: `PWD=/etc; cat ~+/shadow` reads `/etc/shadow`.
    "PWD",
    "OLDPWD",
    // The directory stack `popd` and `pushd` change to: `pushd /tmp; DIRSTACK[1]=/etc; popd;
    // cat shadow` reads `/etc/shadow`.
    "DIRSTACK",
    // Shell state, as `set -o posix` and `shopt -s compat31` are.
    "POSIXLY_CORRECT",
    "BASH_COMPAT",
    "EXECIGNORE",
    // The message catalog bash translates `$"…"` from (and expands the translation) and
    // takes its own messages' formats from when `TEXTDOMAIN` is `bash`.
    "TEXTDOMAIN",
    "TEXTDOMAINDIR",
];

/// Families of such variables, by prefix: the dynamic loader's (`LD_*`, `DYLD_*`), glibc's
/// (`GCONV_PATH`, `MALLOC_*`, `GLIBC_TUNABLES`), git's configuration given in the environment
/// (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_0`…) and bash's imported functions (`BASH_FUNC_ls%%`).
const LOADER_PREFIXES: Words = words![
    "LD_",
    "DYLD_",
    "GIT_CONFIG",
    "BASH_FUNC_",
    "GCONV",
    "MALLOC_",
    "GLIBC_"
];

/// Whether setting `name` changes which program a process runs or what code it loads before it
/// reads its arguments ([`LOADERS`], [`LOADER_PREFIXES`]).
pub(crate) fn changes_what_runs(name: &str) -> bool {
    LOADERS.contains(name) || LOADER_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// The Rust toolchain's families, which cargo's `[env]` reaches (`RUSTUP_*` naming a toolchain
/// or its home, `RUSTC*`, `RUST_*` but the log and backtrace switches, `CARGO*`), the XDG base
/// directories (where programs find their settings).
const TOOLCHAIN_PREFIXES: Words = words!["RUSTUP_", "RUSTC", "RUST_", "CARGO", "XDG_"];

/// Whether setting `name` changes which program a process runs or what code it loads
/// ([`changes_what_runs`]), or what the Rust toolchain loads ([`TOOLCHAIN_PREFIXES`]), or is
/// a directory programs take temporary or time-zone files from (`TMP`, `TEMP`, `TZDIR`). Read
/// for the `[env]` table of a checkout's `.cargo/config.toml`, which cargo applies to the
/// rustc it starts to learn the target (`cargo metadata`, `cargo tree`).
pub(crate) fn loads_code(name: &str) -> bool {
    if is_harmless(name) {
        return false;
    }
    changes_what_runs(name)
        || TOOLCHAIN_PREFIXES.iter().any(|p| name.starts_with(p))
        || matches!(name, "TMP" | "TEMP" | "TZDIR")
}

/// Variables from which programs take their options, settings, plug-ins or start-up code, or
/// which name the files they write (`LESS='+!CMD'` and `LESS=-oFILE` for every pager, `TAR_OPTIONS`,
/// `GZIP`, `UNZIP`, `PERLDOC=-MModule`, `RIPGREP_CONFIG_PATH`, `GIT_COMMON_DIR`, `GIT_TRACE=FILE`,
/// `GNUPGHOME`, `CARGO_HOME`): set, even earlier on the line without `export`, they change what a
/// program run later does when the name is already exported, which shclass cannot see. By name
/// ([`STEERING`]), by a program family's prefix ([`STEERING_PREFIXES`]) and by ending
/// ([`STEERING_ENDINGS`], with a name before it).
const STEERING: Words = words![
    "LESS",
    "MORE",
    "GZIP",
    "BZIP",
    "BZIP2",
    "UNZIP",
    "ZIPINFO",
    "XZ_DEFAULTS",
    "PERLDOC",
    "RI",
    "PARALLEL",
    "MANPATH",
    "MANROFFSEQ",
    "INFOPATH",
    "CONDARC",
    "WGETRC",
    "CURL_HOME",
    "INPUTRC",
    "GNUPGHOME",
    "AWS_SHARED_CREDENTIALS_FILE",
    "SYSTEMD_PAGERSECURE",
];

/// Prefixes of the variable families of programs and runtimes that read options, settings or
/// code from their environment (git's `GIT_*`, less's `LESS*`, Perl's, Ruby's, Python's, node's,
/// npm's, pip's, cargo's and rustup's, Go's, the JVM's, bat's, fzf's, helm's, the XDG base
/// directories).
const STEERING_PREFIXES: Words = words![
    "GIT_",
    "LESS",
    "PERL",
    "RUBY",
    "PYTHON",
    "NODE_",
    "npm_config_",
    "NPM_CONFIG_",
    "PIP_",
    "CARGO",
    "RUSTUP_",
    "RUSTC",
    "GO",
    "JAVA_",
    "JDK_",
    "_JAVA_",
    "BAT_",
    "FZF_",
    "HELM_",
    "XDG_",
];

/// Endings of the names programs read their options (`TAR_OPTIONS`, `FZF_DEFAULT_OPTS`, `XZ_OPT`,
/// `ZIPOPT`), their settings (`DOCKER_CONFIG`, `JJ_CONFIG`, `AWS_CONFIG_FILE`, `GH_CONFIG_DIR`)
/// or their home (`JAVA_HOME`, `POETRY_HOME`) from.
const STEERING_ENDINGS: Words = words![
    "_OPTS",
    "_OPTIONS",
    "OPT",
    "CONFIG",
    "_CONFIG_PATH",
    "_CONFIG_FILE",
    "_CONFIG_DIR",
    "_CONFIG_HOME",
    "_HOME",
    // The options systemd's and others' tools give less (`SYSTEMD_LESS`).
    "_LESS",
];

/// Does setting `name` steer what a program reads as options, settings or code, or where it
/// writes ([`STEERING`])?
pub(crate) fn steers_program(name: &str) -> bool {
    STEERING.contains(name)
        || STEERING_PREFIXES.iter().any(|p| name.starts_with(p))
        || STEERING_ENDINGS
            .iter()
            .any(|e| name.len() > e.len() && name.ends_with(e))
}

/// Variables whose value is an address a program connects to: a proxy, a package index or
/// registry, a module proxy, a daemon, an API's base URL (`GOPROXY`, `PIP_INDEX_URL`,
/// `HTTPS_PROXY`, `DOCKER_HOST`, `OPENAI_BASE_URL`). A secret in one is sent there.
const ADDRESSES: Words = words![
    "GOPROXY",
    "GOSUMDB",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_FIND_LINKS",
    "UV_INDEX",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_FIND_LINKS",
    "NPM_CONFIG_REGISTRY",
    "YARN_REGISTRY",
    "YARN_NPM_REGISTRY_SERVER",
    "BUN_CONFIG_REGISTRY",
    "PUB_HOSTED_URL",
    "RUBYGEMS_HOST",
    "TWINE_REPOSITORY_URL",
    "DOCKER_HOST",
    "CONTAINER_HOST",
    "GH_HOST",
    "HF_ENDPOINT",
    "OLLAMA_HOST",
    "VAULT_ADDR",
    "CONSUL_HTTP_ADDR",
    "NOMAD_ADDR",
    "RUSTUP_DIST_SERVER",
    "RUSTUP_UPDATE_ROOT",
    "NODEJS_ORG_MIRROR",
    "NVM_NODEJS_ORG_MIRROR",
    "ELECTRON_MIRROR",
    "MLFLOW_TRACKING_URI",
];

/// Endings of the names of [`ADDRESSES`]' kind, upper case: proxies (`HTTPS_PROXY`,
/// `ALL_PROXY`, `CARGO_HTTP_PROXY`), base URLs and endpoints (`ANTHROPIC_BASE_URL`,
/// `OPENAI_API_BASE`, `AWS_ENDPOINT_URL`), indexes, registries and mirrors.
const ADDRESS_ENDINGS: &[&str] = &[
    "_PROXY",
    "_BASE_URL",
    "_API_BASE",
    "_ENDPOINT",
    "_ENDPOINT_URL",
    "_INDEX_URL",
    "_REGISTRY",
    "_REGISTRY_URL",
    "_MIRROR",
];

/// Does `name` hold an address a program connects to ([`ADDRESSES`], [`ADDRESS_ENDINGS`],
/// either case: `https_proxy`, `npm_config_registry`)?
pub(crate) fn names_address(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    ADDRESSES.contains(upper.as_str())
        || ADDRESS_ENDINGS
            .iter()
            .any(|e| upper.len() > e.len() && upper.ends_with(e))
}

name_set! {
    /// Environment variables whose value a program (or the shell) runs as a command line, or
    /// expands when it starts or traces: the one list the analyzer reads (each such value is
    /// analysed as code the program runs) and the `env-prefix` check weighs. Editors, pagers and
    /// helpers (`EDITOR`, `GIT_PAGER`, `GIT_SSH_COMMAND`), bash's own start-up and prompt
    /// variables (`BASH_ENV`, `ENV`, `PS4`, whose `$(…)` runs), the build tools make and cargo
    /// run (`CC`, `MAKE`, `RUSTC_WRAPPER`: make reads the environment as its variables, and its
    /// recipes run `$(CC) …`), the shell programs start for their users (`SHELL`: `script`,
    /// `screen`, `sudo -s`, make given `SHELL=` as an operand) and npm's script shell
    /// (`npm_config_script_shell`, read by npm, pnpm and yarn). `LESSOPEN`'s leading `|` is its
    /// pipe marker. Programs' own pagers, editors, commands and helpers by their families'
    /// endings are in [`is_command_var`].
    fn is_listed_command_var, COMMAND_VARS = [
        "BASH_ENV",
        "ENV",
        "PROMPT_COMMAND",
        "PS0",
        "PS1",
        "PS2",
        "PS4",
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_EXTERNAL_DIFF",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
        "GIT_PAGER",
        "GIT_PROXY_COMMAND",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "SUDO_ASKPASS",
        "EDITOR",
        "VISUAL",
        "SUDO_EDITOR",
        "KUBE_EDITOR",
        "FCEDIT",
        "PAGER",
        "MANPAGER",
        "SYSTEMD_PAGER",
        "GH_PAGER",
        "BROWSER",
        "LESSOPEN",
        "LESSCLOSE",
        "SHELL",
        "CC",
        "CXX",
        "CPP",
        "LD",
        "AR",
        "AS",
        "FC",
        "MAKE",
        "RUSTC",
        "RUSTC_WRAPPER",
        "CARGO_BUILD_RUSTC_WRAPPER",
        "npm_config_script_shell",
        "NPM_CONFIG_SCRIPT_SHELL",
    ]
}

/// Endings of the names programs give the command they run as a pager, an editor, a helper or
/// a browser: `BAT_PAGER`, `PERLDOC_PAGER`, `AWS_PAGER`, `PSQL_PAGER`, `DELTA_PAGER`,
/// `GLAB_EDITOR`, `FZF_DEFAULT_COMMAND`, `SSH_ASKPASS`, `GH_BROWSER`.
const COMMAND_VAR_ENDINGS: Words = words!["PAGER", "EDITOR", "_COMMAND", "ASKPASS", "_BROWSER"];

/// Environment variables whose value a program (or the shell) runs as a command line: the
/// listed ones (`COMMAND_VARS`) and every name of a program's own pager, editor, command, pass
/// phrase helper or browser ([`COMMAND_VAR_ENDINGS`]).
pub(crate) fn is_command_var(name: &str) -> bool {
    is_listed_command_var(name) || COMMAND_VAR_ENDINGS.iter().any(|e| name.ends_with(e))
}

/// Variables that choose which start-up files a shell reads, or where they are: `HOME` (every
/// `~/` file), `ZDOTDIR` (zsh's own), `ENV` (an interactive `sh`, `dash`, bash in POSIX mode),
/// `BASH_ENV` (a bash that is not interactive), `XDG_CONFIG_HOME` (the shells that read
/// configuration under it).
pub(crate) const STARTUP_VARS: &[&str] = &["HOME", "ZDOTDIR", "ENV", "BASH_ENV", "XDG_CONFIG_HOME"];

/// Whether a variable of [`PATH_LOADERS`] reaches a program, by its name.
pub(crate) type Reaches = fn(&str) -> bool;

/// How a variable of [`PATH_LOADERS`] names its paths.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One path.
    One,
    /// A list like `PATH`, where an empty entry is the working directory (`PYTHONPATH=/opt:`).
    List,
    /// Libraries separated by `:` or blanks; one without a `/` is looked for in the system's
    /// library directories (`LD_PRELOAD=libjemalloc.so`).
    Libraries,
}

/// Variables of the environment that make a program load code from the paths they name, how
/// they name them, and the programs they reach (`None`: every program bash starts).
pub(crate) const PATH_LOADERS: &[(&str, Shape, Option<Reaches>)] = &[
    ("LD_PRELOAD", Shape::Libraries, None),
    ("LD_AUDIT", Shape::Libraries, None),
    ("GCONV_PATH", Shape::List, None),
    ("PYTHONPATH", Shape::List, Some(super::is_python)),
    ("PYTHONHOME", Shape::One, Some(super::is_python)),
    ("PYTHONUSERBASE", Shape::One, Some(super::is_python)),
    ("NODE_PATH", Shape::List, Some(is_node)),
    ("PERL5LIB", Shape::List, Some(is_perl)),
    ("PERLLIB", Shape::List, Some(is_perl)),
    ("RUBYLIB", Shape::List, Some(is_ruby)),
    ("GIT_EXEC_PATH", Shape::One, Some(is_git)),
    ("GIT_CONFIG_GLOBAL", Shape::One, Some(is_git)),
    ("GIT_TEMPLATE_DIR", Shape::One, Some(is_git)),
];

fn is_node(name: &str) -> bool {
    matches!(name, "node" | "nodejs" | "npm" | "npx")
}

fn is_perl(name: &str) -> bool {
    name == "perl" || name == "perldoc" || name.starts_with("perl5")
}

fn is_ruby(name: &str) -> bool {
    matches!(name, "ruby" | "irb" | "gem" | "bundle" | "bundler" | "rake")
}

fn is_git(name: &str) -> bool {
    name == "git" || name.starts_with("git-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_addresses() {
        for name in [
            "GOPROXY",
            "https_proxy",
            "HTTPS_PROXY",
            "npm_config_registry",
            "PIP_INDEX_URL",
            "OPENAI_BASE_URL",
            "AWS_ENDPOINT_URL",
            "DOCKER_HOST",
        ] {
            assert!(names_address(name), "{name}");
        }
        for name in ["PROXY", "GOPATH", "HOME", "API_KEY", "DATABASE", "_PROXY"] {
            assert!(!names_address(name), "{name}");
        }
    }

    /// The roles agree: no harmless name changes what runs or is run as a command, and every
    /// variable naming a shell's start-up files or the paths a program loads code from changes
    /// what runs (so `env-prefix` asks at high risk when a line sets it).
    #[test]
    fn roles_agree() {
        for name in HARMLESS {
            assert!(!changes_what_runs(name), "{name}");
            assert!(!is_command_var(name), "{name}");
            assert!(!loads_code(name), "{name}");
        }
        for name in STARTUP_VARS
            .iter()
            .chain(PATH_LOADERS.iter().map(|(n, _, _)| n))
        {
            assert!(changes_what_runs(name), "{name}");
            assert!(loads_code(name), "{name}");
        }
        for name in [
            "GLIBC_TUNABLES",
            "LD_BIND_NOW",
            "DYLD_INSERT_LIBRARIES",
            "BASH_FUNC_ls%%",
        ] {
            assert!(changes_what_runs(name), "{name}");
        }
        for name in ["RUSTUP_TOOLCHAIN", "CARGO_HOME", "TMP"] {
            assert!(loads_code(name) && !changes_what_runs(name), "{name}");
        }
        assert!(is_command_var("BAT_PAGER") && is_command_var("GIT_SSH_COMMAND"));
        assert!(steers_program("TAR_OPTIONS") && steers_program("RIPGREP_CONFIG_PATH"));
        assert!(!steers_program("OPT") && !steers_program("FILE_PATH"));
    }

    #[test]
    fn path_loaders_reach_their_programs() {
        let reaches = |var: &str, program: &str| {
            PATH_LOADERS
                .iter()
                .find(|(n, _, _)| *n == var)
                .is_some_and(|(_, _, r)| r.is_none_or(|r| r(program)))
        };
        assert!(reaches("PYTHONPATH", "python3.12") && !reaches("PYTHONPATH", "node"));
        assert!(reaches("NODE_PATH", "npx") && reaches("RUBYLIB", "bundle"));
        assert!(reaches("LD_PRELOAD", "ls") && reaches("GIT_EXEC_PATH", "git-upload-pack"));
        assert!(!reaches("PERL5LIB", "python3"));
    }
}
