//! Files a printing reader opens whose names are known only at run time.
//!
//! What: `cat "$F"`, `head $(find ~ -name id_rsa)`, `find ~/.ssh -type f | xargs cat`, `for f in
//! ~/.ssh/*; do cat "$f"; done`: a program that prints what it reads (`cat`, `head`, `grep`,
//! `jq`…) given a file operand that expands at run time. The path policy judges the paths it can
//! see (`cat ~/.ssh/id_rsa` asks: read-secret); these it cannot, so an allow for them is not
//! proven: the name could be a secret's.
//!
//! Why: reading a secret into the agent's output is the leak the read-secret rule guards
//! against, and a variable, a command substitution or `xargs` input hides the path from it.
//!
//! A dynamic operand is still proven when its possible values are known:
//! - its last path component is static, a project's source, document or manifest name, and
//!   neither a secret nor a device or process file could have that name (`"$DIR/README.md"`,
//!   `"$(git rev-parse --show-toplevel)/Cargo.toml"`; not `"$D/sda"`, `~-/kcore`, or a data
//!   name a directory of secrets holds, `"$D/access_tokens.db"`);
//! - it is a file of a process directory named through a number bash sets (`/proc/$$/status`),
//!   judged as the shell's own;
//! - it begins with `$HOME/` or `$PWD/` and the rest is static (an ordinary path, judged by the
//!   path policy);
//! - it is a variable (with a static suffix or none) that the line set before the unit or that
//!   a `for` loop around it walks, and every value the line gives it anywhere (a loop body or a
//!   function runs again after a later assignment) is a static word or a glob: each is judged
//!   as the path it makes, a glob expanded in the directory through its links (`for f in
//!   src/*.rs` is proven; `for f in ~/.ssh/*` asks read-secret). A value a builtin sets at run
//!   time (`read x`, `mapfile x`, `printf -v x`, `${x:=…}`, `x[0]=…`, `x+=…`) is unknown. After
//!   a `cd`, only the latest value (substituted in a second reading of the unit, which the path
//!   policy resolves from the directory it tracks) is proven.
//!
//! Example: `for f in ~/.ssh/*; do cat "$f"; done` asks (read-secret); `cat "$1"` asks
//! (read-unknown-path); `for f in src/*.rs; do head -5 "$f"; done` is allowed.
//!
//! An option's value that names a file the program reads (the table's `reads` role: `grep -f
//! "$F"`, `wc --files0-from="$F"`, `diff --from-file "$F"`) is judged the same way, for any
//! program: [`option_reasons`].
//!
//! A file a version-control reader prints from a revision, named only at run time (`git show
//! "HEAD:$P"`, `git cat-file -p ":$P"`, `hg cat "$F"`, `hg cat -I "$P" .`), is judged the same
//! way: [`revision_paths`].
//!
//! Standard input read from a file known only at run time (`tr a b < "$F"`, `read -r x <
//! "$F"`) is judged for every program but the digests and counts (`wc`, `sha256sum`…), whatever
//! it does with it.
//!
//! Known gaps: only the programs in [`is_printer_name`](crate::programs::is_printer_name) have
//! their dynamic file operands judged (any other program's are left to its rules); a variable set in one branch of an `if` before the unit counts as set (bash would
//! use the environment's value on the other branch).

use std::path::Path;

use super::{Decision, Reason, Risk};
use crate::analyze::{Context, Unit};
use crate::checks::CheckCtx;
use crate::checks::listing::{self, Listed, inside, static_args};
use crate::files::secret_glob;
use crate::programs::args::{self, Role};
use crate::programs::tables;
use crate::wordlist::{Words, words};

/// A program that prints what it reads ([`is_printer_name`](crate::programs::is_printer_name)): the only units whose file operands [`reasons`] judges.
pub(crate) fn is_printer(unit: &Unit) -> bool {
    unit.program
        .as_deref()
        .is_some_and(crate::programs::is_printer_name)
}

/// The reasons a unit's dynamic file operands give: read-secret for values known to reach a
/// secret, read-unknown-path for values not known at all. `operands` are the indices of its
/// operands (as the program's option table reads them).
pub(crate) fn reasons(cx: &CheckCtx, index: usize, operands: &[usize]) -> Vec<Reason> {
    let analysis = cx.analysis;
    let mut out = Vec::new();
    let Some(unit) = analysis.units.get(index) else {
        return out;
    };
    let Some(program) = unit.program.as_deref() else {
        return out;
    };
    // Any program but a digest or a count may print what standard input brings it (`tr a b <
    // "$F"`, `read -r x < "$F"`); only a printer's file operands are judged.
    let printer = is_printer(unit);
    let base = crate::programs::base(program);
    let stdin_kept = base != "wc" && !crate::programs::is_digest(base);
    let skip = usize::from(crate::analyze::pattern_first(unit));
    let reason = |decision, rule: &'static str, message: String, span| {
        Reason::path(decision, Risk::High, rule, message, span, Some(index))
    };
    // The dynamic file operands, and a standard input read from a file known only at run time
    // (`cat < "$F"`), or any other descriptor opened for reading on one: it may be made the
    // standard input (`cat 3< "$F" <&3`, `exec 3< "$F"; cat <&3`) or read by its name
    // (`/dev/fd/3`).
    // `find … -exec cat {} +`: find puts the names it finds in place of `{}`.
    let by_find = unit.via.iter().any(|w| w == "find");
    let operands = operands
        .iter()
        .filter(|_| printer)
        .skip(skip)
        .filter_map(|&i| unit.argv.get(i))
        .filter(|a| {
            a.value.is_none() || by_find && a.value.as_deref().is_some_and(|v| v.contains("{}"))
        })
        .map(|a| (&*a.template, a.glob, a.span, None));
    // Every program's: opening a device or `/dev/tcp/…` acts whatever the program does with
    // what it reads (`wc -c < "$F"` with `F=/dev/tcp/h/80` connects).
    let stdin = unit
        .redirects
        .iter()
        .filter(|r| matches!(r.op.as_str(), "<" | "<>") && r.target.is_none())
        .map(|r| {
            let on = match r.fd.as_deref() {
                None | Some("0") => "standard input".to_owned(),
                Some(fd) => format!("descriptor {fd}"),
            };
            (r.template.as_str(), false, r.span, Some(on))
        });
    // `git show "HEAD:$P"`, `hg cat "$F"`: a file a version-control reader prints from a
    // revision, named only at run time.
    let revision = revision_paths(unit);
    let revision = revision
        .iter()
        .map(|(t, span)| (t.as_str(), false, *span, None));
    for (template, glob, span, input) in operands.chain(revision).chain(stdin) {
        let judged = judge(cx, unit, template, glob, span);
        if input.is_some() && !stdin_kept && !matches!(judged, Judged::Device(_)) {
            continue;
        }
        match judged {
            Judged::Proven => {}
            Judged::Device(path) => out.push(reason(
                Decision::Ask,
                "read-device",
                format!(
                    "reads the device `{path}` (a value of `{template}`): a disk, memory, terminal, network connection (`/dev/tcp/…`) or hardware device gives what is on the machine or beyond it, or acts when opened"
                ),
                span,
            )),
            Judged::Secret(path) => out.push(reason(
                Decision::Ask,
                "read-secret",
                format!("reads `{path}` (a value of `{template}`), which may hold secrets"),
                span,
            )),
            Judged::Unknown => out.push(reason(
                Decision::Ask,
                "read-unknown-path",
                if let Some(on) = input {
                    format!(
                        "reads a file named `{template}`, known only at run time, on {on}: it may hold secrets, which `{program}` may print or pass on"
                    )
                } else {
                    format!(
                        "prints a file named `{template}`, known only at run time: it may hold secrets"
                    )
                },
                span,
            )),
        }
    }
    if printer && unit.appended_args && !matches!(listing_before(cx, index), Judged::Proven) {
        out.push(Reason::path(Decision::Ask, Risk::High, "read-unknown-path", format!(
                "prints the files named on its input ({program} run by xargs or parallel), known only at run time: they may hold secrets"
            ), unit.span, Some(index)));
    }
    out
}

/// Files named by an option's value that the program's table says it reads (`reads`: `wc
/// --files0-from="$F"`, `diff --from-file "$F"`, `grep -f "$F"`), known only at run time. The
/// program opens the file and may print what it holds, in its output or in an error quoting a
/// line (`wc --files0-from=F` names each line it cannot open): judged as a printer's dynamic
/// operand is, for any program.
pub(crate) fn option_reasons(cx: &CheckCtx, index: usize) -> Vec<Reason> {
    let analysis = cx.analysis;
    let mut out = Vec::new();
    let Some(unit) = analysis.units.get(index) else {
        return out;
    };
    let Some(spec) = unit
        .program
        .as_deref()
        .map(crate::programs::base)
        .and_then(tables::with_roles)
        .filter(|t| t.reads.iter().next().is_some())
    else {
        return out;
    };
    let parsed = args::parse(Some(&spec), &unit.argv);
    for (o, role) in spec.option_roles(&parsed) {
        if role != Role::Reads {
            continue;
        }
        // The value: the rest of `--opt="$F"`, or the next word.
        let Some(a) = o.value_at.and_then(|i| unit.argv.get(i)) else {
            continue;
        };
        if a.value.is_some() {
            continue;
        }
        let template = if o.value_at == Some(o.index) {
            a.template.split_once('=').map_or(&*a.template, |(_, v)| v)
        } else {
            &a.template
        };
        let name = o.name.as_ref();
        match judge(cx, unit, template, a.glob, a.span) {
            Judged::Proven => {}
            Judged::Secret(path) => out.push(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-secret",
                format!("`{name}` reads `{path}` (a value of `{template}`), which may hold secrets"),
                a.span,
                Some(index),
            )),
            Judged::Device(path) => out.push(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-device",
                format!("`{name}` reads the device `{path}` (a value of `{template}`)"),
                a.span,
                Some(index),
            )),
            Judged::Unknown => out.push(Reason::path(
                Decision::Ask,
                Risk::High,
                "read-unknown-path",
                format!(
                    "`{name}` reads a file named `{template}`, known only at run time: it may hold secrets, and the program may print what it reads"
                ),
                a.span,
                Some(index),
            )),
        }
    }
    out
}

/// The files a version-control reader prints from a revision whose paths are known only at run
/// time, with the spans of their words: the path of a `REV:PATH` operand (`:PATH`, `:N:PATH`
/// too) of `git show`, `git cat-file`, `git diff`, `git diff-tree` and `git grep`, and the file
/// operands and `-I`/`--include` patterns of `hg cat` and `hg annotate`. A revision holds
/// whatever was ever committed (a key since removed from the work tree too), so such a path is
/// judged as a printer's dynamic operand is: `git show "HEAD:$P"` asks as `cat "$P"` does.
/// (A static path is the path policy's: `git show HEAD:.env` reads a secret's name.)
fn revision_paths(unit: &Unit) -> Vec<(String, crate::ast::Span)> {
    let mut out = Vec::new();
    let Some(program) = unit.program.as_deref().map(crate::programs::base) else {
        return out;
    };
    if !matches!(program, "git" | "hg") || unit.args().all(|a| a.value.is_some()) {
        return out;
    }
    if program == "git" {
        let global = tables::builtin("git");
        let Some(&split) = args::parse(global.as_ref(), &unit.argv).operands.first() else {
            return out;
        };
        let Some(sub) = unit.argv.get(split).and_then(|a| a.value.as_deref()) else {
            return out;
        };
        if !matches!(sub, "show" | "cat-file" | "diff" | "diff-tree" | "grep") {
            return out;
        }
        let Some(table) = tables::builtin(&format!("git {sub}")) else {
            return out;
        };
        let parsed = args::parse_subcommand(global.as_ref(), &table, &unit.argv, split);
        for &k in parsed.operands.iter().filter(|&&k| k > split) {
            let Some(a) = unit.argv.get(k).filter(|a| a.value.is_none()) else {
                continue;
            };
            // `REV:PATH`, `:PATH`, `:N:PATH` (a stage of the index).
            let t = a.template.as_ref();
            let path = match t.strip_prefix(':') {
                Some(rest) => rest
                    .split_once(':')
                    .filter(|(n, _)| matches!(*n, "0" | "1" | "2" | "3"))
                    .map_or(rest, |(_, p)| p),
                None => match t.split_once(':') {
                    Some((_, p)) => p,
                    None => continue,
                },
            };
            if !concrete(path) {
                out.push((path.to_owned(), a.span));
            }
        }
        return out;
    }
    let Some((_, parsed)) = tables::builtin_subcommand(program, &unit.argv, 1) else {
        return out;
    };
    let Some(&split) = parsed.operands.first() else {
        return out;
    };
    if !matches!(
        unit.argv.get(split).and_then(|a| a.value.as_deref()),
        Some("cat" | "annotate" | "blame")
    ) {
        return out;
    }
    let patterns = parsed
        .opts
        .iter()
        .filter(|o| matches!(o.name.as_ref(), "-I" | "--include") && o.value.is_none())
        .filter_map(|o| o.value_at);
    for k in parsed
        .operands
        .iter()
        .copied()
        .filter(|&k| k > split)
        .chain(patterns)
    {
        let Some(a) = unit.argv.get(k).filter(|a| a.value.is_none()) else {
            continue;
        };
        let t = a.template.as_ref();
        // `--include="$P"`: the value after `=`.
        let t = if t.starts_with('-') {
            t.split_once('=').map_or(t, |(_, v)| v)
        } else {
            t
        };
        if !concrete(t) {
            out.push((t.to_owned(), a.span));
        }
    }
    out
}

/// What a dynamic operand can name.
enum Judged {
    /// Nothing that holds secrets.
    Proven,
    /// A path that may hold secrets.
    Secret(String),
    /// A device, a network connection (`/dev/tcp/…`) or the machine's memory
    /// ([`is_device_read`](crate::files::is_device_read)).
    Device(String),
    /// Anything.
    Unknown,
}

/// The path-variable prefixes whose values the path policy resolves.
const PATH_VARIABLES: &[&str] = &["$HOME/", "${HOME}/", "$PWD/", "${PWD}/"];

/// Whether a file name may be a device's or a process file's (`sda`, `input/event0`,
/// `kcore`, `environ`): the kernel's names begin with a lower-case letter or a digit and have
/// no extension. `README.md`, `.eslintrc.json`, `HEAD` and `Makefile` are not such names.
fn may_be_kernel_file(name: &str) -> bool {
    let first_lower = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    let extension = name
        .get(1..)
        .and_then(|rest| rest.rsplit_once('.'))
        .is_some_and(|(_, ext)| !ext.is_empty());
    first_lower && !extension
}

/// Whether a file name is one of a project's sources, documents or manifests (`main.rs`,
/// `README.md`, `Cargo.toml`, `package.json`, `Makefile`, git's `HEAD`): the name alone proves a file below
/// a directory known only at run time is not a secret only if no directory whose every file is
/// a secret holds it. Those hold the tools' data under any name (`~/.config/gcloud`'s
/// `access_tokens.db`, `~/.docker`'s `config.json`, `~/.config/gh`'s `hosts.yml`, a browser
/// profile's `Cookies`, `/run/secrets/db_password`), so data and configuration names, and
/// names without an extension but the usual manifests, are not proven.
fn is_project_file_name(name: &str) -> bool {
    const SOURCE_EXTENSIONS: Words = words![
        "rs", "py", "pyi", "js", "mjs", "cjs", "ts", "mts", "cts", "tsx", "jsx", "go", "java",
        "kt", "kts", "scala", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm", "swift", "rb",
        "php", "cs", "fs", "ex", "exs", "erl", "hs", "ml", "mli", "clj", "lua", "dart", "zig",
        "nim", "r", "jl", "sql", "proto", "graphql", "vue", "svelte", "astro", "html", "htm",
        "css", "scss", "sass", "less", "md", "mdx", "rst", "adoc", "tex", "ipynb", "gradle",
        "cmake", "mk", "patch", "diff", "snap", "lock",
    ];
    const MANIFESTS: Words = words![
        "Cargo.toml",
        "package.json",
        "pyproject.toml",
        "setup.py",
        "setup.cfg",
        "go.mod",
        "go.sum",
        "Gemfile",
        "Makefile",
        "makefile",
        "GNUmakefile",
        "CMakeLists.txt",
        "Dockerfile",
        "Containerfile",
        "Justfile",
        "justfile",
        "Rakefile",
        "Procfile",
        "tsconfig.json",
        "composer.json",
        "deno.json",
        "build.gradle",
        "pom.xml",
        "requirements.txt",
        "README",
        "LICENSE",
        "CHANGELOG",
        "VERSION",
        "AUTHORS",
        "CONTRIBUTING",
        "NOTICE",
        "COPYING",
        "CODEOWNERS",
        "HEAD",
        "ORIG_HEAD",
        "FETCH_HEAD",
        "MERGE_HEAD",
    ];
    MANIFESTS.contains(name)
        || name
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.is_empty() && SOURCE_EXTENSIONS.contains(ext))
}

/// A word with no expansion, or one that only begins with `$HOME/`/`$PWD/`.
fn concrete(template: &str) -> bool {
    // `~-/x` (the previous directory), `~+1/x`, `~2/x` (the directory stack), `~user/../x`
    // (another account's home, which may lie at any depth): a directory known only at run
    // time, as `$DIR/x` is. (A template holds such a prefix only for a word whose value the
    // analysis left unknown; `~/x` is the home directory.)
    if let Some(rest) = template.strip_prefix('~') {
        let prefix = rest.split('/').next().unwrap_or(rest);
        if !prefix.is_empty() {
            return false;
        }
    }
    let rest = PATH_VARIABLES
        .iter()
        .find_map(|v| template.strip_prefix(v))
        .unwrap_or(template);
    !rest.contains(['$', '`']) && !rest.contains("(…)")
}

fn judge(cx: &CheckCtx, unit: &Unit, t: &str, glob: bool, span: crate::ast::Span) -> Judged {
    let (analysis, cwd) = (cx.analysis, cx.cwd);
    if glob {
        return Judged::Unknown;
    }
    if t.contains("{}") && unit.via.iter().any(|w| w == "find") {
        return found_by(cx, unit, t);
    }
    // `comm <(sort a) <(sort b)`: a pipe from a command that is a unit of its own.
    if t == "<(…)" {
        return Judged::Proven;
    }
    if concrete(t) {
        // `"$HOME/notes.txt"`: an ordinary path, which the path policy judges.
        return Judged::Proven;
    }
    // `"$DIR/README.md"`: whatever the directory, no secret has that name (a project's file,
    // not the data a directory of secrets holds), and no device or
    // process file either (`"$D/sda"` is the disk when `D` is `/dev`, `~-/kcore` the machine's
    // memory after `cd /proc`).
    // (A `/` inside `${…}` is an operator's, not a directory's: `${x/ab/.env}`.)
    if let Some((_, name)) = t.rsplit_once('/')
        && !name.is_empty()
        && concrete(name)
        && !name.contains(['}', ')'])
        && !secret_glob::file_name_may_be_secret(name)
        && !may_be_kernel_file(name)
        && is_project_file_name(name)
    {
        return Judged::Proven;
    }
    // `/proc/$$/status`, `/proc/$PPID/cmdline`: a process number bash sets and no line can
    // change (`$$` and `$!` are special; `PPID` is read-only; not `BASHPID`, which once unset
    // is a variable a line can set to `../dev`): a file of a process's directory, which every
    // process has alike (not what its `fd/`, `cwd/` or `root/` lead to).
    if let Some(rest) = ["$$/", "$PPID/", "${PPID}/", "$!/"]
        .iter()
        .find_map(|pid| t.strip_prefix("/proc/")?.strip_prefix(pid))
        && concrete(rest)
        && !rest.contains('/')
    {
        let own = format!("/proc/self/{rest}");
        if crate::files::is_device_read(Path::new(&own)) {
            return Judged::Unknown;
        }
        return judge_path(&own, cwd);
    }
    // `"$(git ls-files '*.py')"`, `$(ls -t logs/*.log | head -1)`: the names a listing prints.
    if t == "$(…)" {
        return listing_within(cx, span);
    }
    let Some((name, suffix)) = variable_prefix(t) else {
        return Judged::Unknown;
    };
    if !concrete(suffix) {
        return Judged::Unknown;
    }
    // Every value the line gives the variable: one before the unit (else the first run reads
    // the environment's), and every other anywhere on the line, since a loop body or a function
    // runs again after a later one (`x=a; for i in 1 2; do cat $x; x=.env; done`). A value set
    // by a builtin (`read x`, `mapfile x`, `printf -v x`, `${x:=…}`, `x[0]=…`, `x+=…`,
    // `declare`) is recorded as unknown.
    let set: Vec<_> = analysis
        .assignments
        .iter()
        .filter(|a| a.name == name)
        .collect();
    let Some(latest) = set
        .iter()
        .filter(|a| a.span.start <= unit.span.start)
        .max_by_key(|a| a.span.start)
        .map(|a| a.span)
    else {
        return Judged::Unknown;
    };
    // After a `cd` relative values name files elsewhere: only the latest value, which the
    // second reading substitutes and the path policy resolves from the directory it tracks, is
    // judged from here.
    let moved = analysis.changes_directory();
    // Bash expands the suffix's braces before the variable (`$x{w,}`, `$d/sha{d,}ow`).
    let Some(suffixes) = crate::analyze::word::brace_expand_text(suffix) else {
        return Judged::Unknown;
    };
    for a in set {
        if let Some(value) = &a.value {
            // Unquoted, the value splits into words.
            let whole = std::iter::once(value.as_str());
            for word in whole.chain(value.split_whitespace()) {
                for suffix in &suffixes {
                    let path = format!("{word}{suffix}");
                    if moved && a.span != latest && !path.starts_with(['/', '~']) {
                        return Judged::Unknown;
                    }
                    match judge_path(&path, cwd) {
                        Judged::Proven => {}
                        other => return other,
                    }
                }
            }
            continue;
        }
        // `LISTING | while read -r f; do cat "$f"; done`: a line of the listing.
        if a.template == crate::analyze::SET_AT_RUN_TIME {
            match read_loop_lines(cx, unit, a) {
                Judged::Proven => continue,
                other => return other,
            }
        }
        if moved && !a.template.starts_with(['/', '~']) {
            return Judged::Unknown;
        }
        for word in a.template.split_whitespace() {
            let word = word.trim_matches('"');
            if word == "$(…)" && suffix.is_empty() {
                // `for f in $(git ls-files '*.py')`, `f=$(ls -t *.log | head -1)`.
                match listing_within(cx, a.span) {
                    Judged::Proven => continue,
                    other => return other,
                }
            }
            if !concrete(word) {
                return Judged::Unknown;
            }
            for suffix in &suffixes {
                let path = format!("{word}{suffix}");
                match judge_path(&path, cwd) {
                    Judged::Proven => {}
                    other => return other,
                }
            }
        }
    }
    Judged::Proven
}

/// A value's path: a glob aimed at a secret, or one whose matches in the directory (expanded
/// as bash may: a leading dot matched, case folded, `**` at any depth) lead to one, through a
/// link the workspace holds (`for f in *.md; do cat "$f"; done` with `notes.md ->
/// ~/.config/gh/hosts.yml`); a plain path that resolves to a secret.
fn judge_path(path: &str, cwd: &Path) -> Judged {
    if !path.contains(['*', '?', '[']) {
        let resolved = crate::files::resolve(path, cwd);
        // As the path policy judges one: by the path as written and where it leads, but a
        // stream of the reader's own (`/dev/stdin`) not by where this process's leads.
        let written = Path::new(path);
        let own_stream = path.starts_with("/dev") && !crate::files::is_device_read(written);
        return if crate::files::is_secret(&resolved) {
            Judged::Secret(path.to_owned())
        } else if crate::files::is_device_read(written)
            || !own_stream && crate::files::is_device_read(&resolved)
        {
            Judged::Device(path.to_owned())
        } else {
            Judged::Proven
        };
    }
    if secret_glob::glob_may_be_secret(path) {
        return Judged::Secret(path.to_owned());
    }
    let (matches, complete) = crate::checks::link_read::expand(path, cwd);
    if !complete {
        return Judged::Unknown;
    }
    match matches
        .iter()
        .find(|m| crate::files::is_secret(&crate::files::resolve(&m.to_string_lossy(), cwd)))
    {
        Some(m) => Judged::Secret(m.to_string_lossy().into_owned()),
        None => Judged::Proven,
    }
}

/// The operand `{}` of a program `find -exec` runs: the files the walk of the find around it
/// finds. A word that only holds `{}` (`./{}`, `{}.bak`) is not followed.
fn found_by(cx: &CheckCtx, unit: &Unit, t: &str) -> Judged {
    let find = cx.analysis.units.iter().find(|f| {
        f.program.as_deref() == Some("find")
            && !std::ptr::eq(*f, unit)
            && f.span.start <= unit.span.start
            && unit.span.end <= f.span.end
    });
    match find {
        Some(find) if t == "{}" => match listing::find_exec_names(find, cx) {
            Listed::Clean => Judged::Proven,
            Listed::Secret(name) => Judged::Secret(name),
            Listed::Unknown => Judged::Unknown,
        },
        _ => Judged::Unknown,
    }
}

/// The units of the command substitutions within `span`, judged as one listing.
fn listing_within(cx: &CheckCtx, span: crate::ast::Span) -> Judged {
    let units: Vec<&Unit> = cx
        .analysis
        .units
        .iter()
        .filter(|u| {
            span.start <= u.span.start
                && u.span.end <= span.end
                && u.context.contains(&Context::Substitution)
        })
        .collect();
    // Bash drops the NULs of `find -print0` and `git … -z` from a substitution: the names run
    // together.
    if units.first().is_some_and(|u| {
        u.args()
            .any(|a| matches!(a.value.as_deref(), Some("-print0" | "-z")))
    }) {
        return Judged::Unknown;
    }
    listing(&units, cx)
}

/// The stages piped into unit `index` (which `xargs` runs), judged as one listing.
fn listing_before(cx: &CheckCtx, index: usize) -> Judged {
    let analysis = cx.analysis;
    // `echo a.txt | xargs cat`: the input is known, and the analysis read the command a second
    // time with it appended (`cat a.txt`), which the path policy judges.
    if let Some(unit) = analysis.units.get(index)
        && analysis.units.iter().any(|u| {
            u.span == unit.span && !u.appended_args && u.context.contains(&Context::Resolved)
        })
    {
        return Judged::Proven;
    }
    listing(&stages_before(cx, index), cx)
}

/// The units piped, one after the other, into unit `index`, first stage first.
fn stages_before<'a>(cx: &CheckCtx<'a>, index: usize) -> Vec<&'a Unit> {
    let analysis = cx.analysis;
    let mut stages = Vec::new();
    let mut next = index;
    while let Some(k) = next.checked_sub(1) {
        let (Some(before), Some(after)) = (analysis.units.get(k), analysis.units.get(next)) else {
            break;
        };
        if !piped_into(&analysis.input, before, after) {
            break;
        }
        stages.push(before);
        next = k;
    }
    stages.reverse();
    stages
}

/// Only a pipe (and the words of `xargs` or of a `while` header) stands between two units.
fn piped_into(input: &str, before: &Unit, after: &Unit) -> bool {
    let Some(gap) = input.get(before.span.end..after.span.start) else {
        return false;
    };
    gap.matches('|').count() == 1
        && !gap.contains("||")
        && !gap.contains([';', '&', '\n', '(', ')', '`', '$'])
}

/// The lines a `while` loop's `read` gives the variable `set` names, read in unit `unit` of
/// the loop's body: `LISTING | while read -r f; do cat "$f"; done` and `while IFS= read -r f;
/// do …; done < <(LISTING)` run the body once for each line the listing prints, the variable
/// holding that line ([`read_line_variable`](crate::analyze::read_line_variable)), so the
/// variable is a name the listing prints. Only in the body: after the loop (a pipeline's stage
/// runs in a subshell) the variable is the environment's again.
fn read_loop_lines(cx: &CheckCtx, unit: &Unit, set: &crate::analyze::UnitAssignment) -> Judged {
    let analysis = cx.analysis;
    let inside =
        |outer: crate::ast::Span, s: crate::ast::Span| outer.start <= s.start && s.end <= outer.end;
    let Some(&(condition, whole)) = analysis.read_loops.iter().find(|(condition, whole)| {
        inside(*condition, set.span)
            && condition.end <= unit.span.start
            && inside(*whole, unit.span)
    }) else {
        return Judged::Unknown;
    };
    let mut in_condition = analysis
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| inside(condition, u.span));
    let (Some((k, read)), None) = (in_condition.next(), in_condition.next()) else {
        return Judged::Unknown;
    };
    if crate::analyze::read_line_variable(read, &analysis.input) != Some(set.name.as_str())
        || !inside(whole, read.span)
    {
        return Judged::Unknown;
    }
    let stdin: Vec<_> = read
        .redirects
        .iter()
        .filter(|r| crate::analyze::replaces_stdin(&r.op, r.fd.as_deref()))
        .collect();
    let stages = match stdin.as_slice() {
        [] => stages_before(cx, k),
        // `done < <(LISTING)`: the units of the substitution, piped one into the next.
        [r] if r.op == "<" && r.template == "<(…)" => {
            let units: Vec<&Unit> = analysis
                .units
                .iter()
                .filter(|u| {
                    inside(r.span, u.span) && u.context.contains(&Context::ProcessSubstitution)
                })
                .collect();
            if !units
                .windows(2)
                .all(|w| piped_into(&analysis.input, w[0], w[1]))
            {
                return Judged::Unknown;
            }
            units
        }
        _ => return Judged::Unknown,
    };
    // `read` takes a line up to a newline: names ended by NULs run together.
    if stages.first().is_some_and(|u| {
        u.args()
            .any(|a| matches!(a.value.as_deref(), Some("-print0" | "-z")))
    }) {
        return Judged::Unknown;
    }
    listing(&stages, cx)
}

/// Does a pipeline print only names of files that cannot hold secrets? Its first stage lists
/// files under the working directory with a name filter no secret matches (`git ls-files
/// '*.py'`, `find src -name '*.rs'`, `ls -t logs/*.log`, `git diff --name-only`); the later
/// stages only keep some of its lines (`head`, `tail`, `sort`, `uniq`, `grep PATTERN`). The
/// names it would print now are then looked up in the workspace
/// ([`checks::listing`](crate::checks::listing)): a pattern says nothing of a link named
/// `notes.md` or a tracked `.env`.
fn listing(stages: &[&Unit], cx: &CheckCtx) -> Judged {
    let Some((first, rest)) = stages.split_first() else {
        return Judged::Unknown;
    };
    if !lists_safe_names(first) || !rest.iter().all(|u| keeps_lines(u)) {
        return Judged::Unknown;
    }
    match listing::names_printed(first, cx) {
        Listed::Clean => Judged::Proven,
        Listed::Secret(name) => Judged::Secret(name),
        Listed::Unknown => Judged::Unknown,
    }
}

/// A filter that prints some of its input lines unchanged and opens no file.
fn keeps_lines(unit: &Unit) -> bool {
    let Some(args) = static_args(unit) else {
        return false;
    };
    let operands = args.iter().filter(|a| !a.starts_with('-')).count();
    match unit.program.as_deref() {
        Some("head" | "tail") => args
            .iter()
            .all(|a| a.starts_with('-') || a.bytes().all(|b| b.is_ascii_digit())),
        Some("sort" | "uniq") => operands == 0,
        Some("grep" | "egrep" | "fgrep") => {
            operands <= 1
                && !args
                    .iter()
                    .any(|a| a.starts_with("-f") || a.starts_with("--file"))
        }
        _ => false,
    }
}

/// A name pattern inside the working directory that is not aimed at a secret: the same test as
/// for an unquoted glob operand (`cat *.json` reads whatever is there; `cat *.pem` asks).
fn safe_pattern(pattern: &str) -> bool {
    let name = pattern.rsplit('/').next().unwrap_or(pattern);
    inside(pattern)
        && !name.is_empty()
        && !secret_glob::glob_may_be_secret(pattern)
        && !secret_glob::file_name_may_be_secret(name)
        // `.ssh/*`: inside a directory whose whole content is secret.
        && !crate::files::is_secret(&Path::new("/w").join(pattern.replace(['*', '?'], "x")))
}

/// A listing of file names under the working directory that no secret's name can be in.
fn lists_safe_names(unit: &Unit) -> bool {
    // An unquoted glob is expanded by the shell before the program sees it: only `ls` takes
    // its file names as the listing.
    if unit.program.as_deref() != Some("ls") && unit.args().any(|a| a.glob) {
        return false;
    }
    let Some(args) = static_args(unit) else {
        return false;
    };
    match unit.program.as_deref() {
        // `git ls-files '*.py'`: every pathspec a pattern no secret matches.
        Some("git") if args.first() == Some(&"ls-files") => {
            let specs: Vec<&&str> = args[1..].iter().filter(|a| !a.starts_with('-')).collect();
            // Pathspec magic (`:(exclude)*.md`, `:!x`) changes what a pattern selects.
            !specs.is_empty()
                && specs
                    .iter()
                    .all(|p| p.contains(['*', '?']) && !p.starts_with(':') && safe_pattern(p))
                && args[1..].iter().filter(|a| a.starts_with('-')).all(|o| {
                    matches!(
                        *o,
                        "--" | "-z"
                            | "-c"
                            | "--cached"
                            | "-m"
                            | "--modified"
                            | "-o"
                            | "--others"
                            | "--exclude-standard"
                            | "--full-name"
                    )
                })
        }
        // `git diff --name-only [REV…]`: the tracked files that changed.
        Some("git") if args.first() == Some(&"diff") => {
            args.contains(&"--name-only")
                && args[1..].iter().filter(|a| a.starts_with('-')).all(|o| {
                    matches!(
                        *o,
                        "--name-only" | "--cached" | "--staged" | "--relative" | "-z" | "--"
                    ) || o.starts_with("--diff-filter=")
                })
        }
        // `find src -name '*.rs' -not -path './target/*'`: start points inside, a positive
        // name test no secret matches, no alternatives.
        Some("find") => {
            let expr_at = args
                .iter()
                .position(|a| a.starts_with('-') || matches!(*a, "(" | "!" | ")" | ","))
                .unwrap_or(args.len());
            let (starts, expr) = args.split_at(expr_at);
            if !starts.iter().all(|p| inside(p)) {
                return false;
            }
            if !listing::find_narrows(expr) {
                return false;
            }
            let mut named = false;
            for (k, a) in expr.iter().enumerate() {
                if matches!(*a, "-name" | "-iname") {
                    let negated = k > 0 && matches!(expr[k - 1], "!" | "-not");
                    match expr.get(k + 1) {
                        Some(p) if negated || safe_pattern(p) => named |= !negated,
                        _ => return false,
                    }
                }
            }
            named
        }
        // `ls -t logs/*.log`, `ls`, `ls logs`: the visible names a pattern inside the working
        // directory that is not aimed at a secret gives (`ls DIR` as `DIR/*`, `ls` as `*`); no
        // hidden files, no recursion, no long option (`--all`, `--recursive`, `--classify`).
        Some("ls") => {
            let operands: Vec<&&str> = args.iter().filter(|a| !a.starts_with('-')).collect();
            operands.iter().all(|p| {
                if p.contains(['*', '?', '[']) {
                    safe_pattern(p)
                } else {
                    safe_pattern(&format!("{}/*", p.trim_end_matches('/')))
                }
            }) && args
                .iter()
                .filter(|a| a.starts_with('-'))
                .all(|o| o[1..].bytes().all(|b| b"1trSdUX".contains(&b)))
        }
        _ => false,
    }
}

/// `$name…` or `${name}…`: the variable's name and the text after it.
fn variable_prefix(t: &str) -> Option<(&str, &str)> {
    let body = t.strip_prefix('$')?;
    if let Some(inner) = body.strip_prefix('{') {
        let (name, rest) = inner.split_once('}')?;
        return crate::ast::is_shell_name(name).then_some((name, rest));
    }
    let end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let name = &body[..end];
    crate::ast::is_shell_name(name).then_some((name, &body[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn rules(cmd: &str) -> Vec<String> {
        let analysis = crate::analyze::analyze(cmd, &Limits::default());
        let policy = super::super::Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
        let cx = CheckCtx::new(&analysis, Path::new("/work/project"));
        (0..analysis.units.len())
            .flat_map(|i| {
                let unit = &analysis.units[i];
                let (_, parsed) = policy.parse_unit(unit);
                reasons(&cx, i, &parsed.operands)
            })
            .map(|r| r.rule.to_string())
            .collect()
    }

    #[test]
    fn option_values_that_name_read_files_are_judged_like_operands() {
        let judged = |cmd: &str| -> Vec<String> {
            let analysis = crate::analyze::analyze(cmd, &Limits::default());
            let cx = CheckCtx::new(&analysis, Path::new("/work/project"));
            (0..analysis.units.len())
                .flat_map(|i| option_reasons(&cx, i))
                .map(|r| r.rule.to_string())
                .collect()
        };
        let cases: &[(&str, &[&str])] = &[
            // wc and du name each line of the list they cannot open; diff prints the file.
            ("wc --files0-from=\"$F\"", &["read-unknown-path"]),
            ("wc --files0-from \"$F\"", &["read-unknown-path"]),
            ("du --files0-from=\"$1\" -s", &["read-unknown-path"]),
            ("diff --from-file \"$F\" a", &["read-unknown-path"]),
            (
                "for f in ~/.ssh/*; do wc --files0-from=\"$f\"; done",
                &["read-secret"],
            ),
            // Known names are the path policy's; bounded values are proven.
            ("wc --files0-from=list.txt", &[]),
            ("f=list.txt; wc --files0-from=\"$f\"", &[]),
            ("wc --files0-from=\"$DIR/list.md\"", &[]),
            ("wc --files0-from=\"$DIR/list.txt\"", &["read-unknown-path"]),
            ("wc -l \"$F\"", &[]),
        ];
        for (cmd, want) in cases {
            assert_eq!(judged(cmd), *want, "{cmd}");
        }
    }

    #[test]
    fn unknown_names_ask_and_bounded_ones_do_not() {
        let cases: &[(&str, &[&str])] = &[
            ("cat \"$F\"", &["read-unknown-path"]),
            ("cat $(find ~ -name id_rsa)", &["read-unknown-path"]),
            ("cat \"$1\"", &["read-unknown-path"]),
            ("find ~/.ssh -type f | xargs cat", &["read-unknown-path"]),
            ("read F < list; cat \"$F\"", &["read-unknown-path"]),
            ("for f in ~/.ssh/*; do cat \"$f\"; done", &["read-secret"]),
            // Each value read in place: the path policy judges `head ~/.aws/credentials`.
            ("for f in a ~/.aws/credentials; do head \"$f\"; done", &[]),
            ("for f in src/*.rs; do head -5 \"$f\"; done", &[]),
            ("for f in a b; do cat \"$f.txt\"; done", &[]),
            ("F=src/main.rs; cat \"$F\"", &[]),
            ("cat \"$DIR/README.md\"", &[]),
            ("cat \"$DIR/id_rsa\"", &["read-unknown-path"]),
            // A directory whose every file is a secret holds data under any name.
            (
                "D=$(echo ~/.config/gcloud); cat \"$D/access_tokens.db\"",
                &["read-unknown-path"],
            ),
            ("cat \"$D/config.json\"", &["read-unknown-path"]),
            ("head \"$D/Cookies\"", &["read-unknown-path"]),
            ("cat \"$(git rev-parse --git-dir)/HEAD\"", &[]),
            ("cat \"$DIR/src/lib.rs\"", &[]),
            ("cat \"$(git rev-parse --show-toplevel)/Cargo.toml\"", &[]),
            ("cat \"$HOME/notes.txt\"", &[]),
            ("grep \"$PATTERN\" src/main.rs", &[]),
            ("grep -e x \"$F\"", &["read-unknown-path"]),
            ("sed -n \"$N\"p src/a.rs", &[]),
            ("echo \"$F\"", &[]),
            ("wc -l \"$F\"", &[]),
            ("comm -13 <(sort a) <(sort b)", &[]),
            ("cat < \"$F\"", &["read-unknown-path"]),
            ("for f in ~/.ssh/*; do cat < \"$f\"; done", &["read-secret"]),
            ("for f in src/*.ts; do head -3 < \"$f\"; done", &[]),
            ("wc -l < \"$F\"", &[]),
            (
                "for f in $(git ls-files '*.py'); do grep -c 'def ' \"$f\"; done",
                &[],
            ),
            (
                "for f in $(git ls-files); do cat \"$f\"; done",
                &["read-unknown-path"],
            ),
            (
                "for f in $(find ~/.ssh -name '*'); do cat \"$f\"; done",
                &["read-unknown-path"],
            ),
            ("cat $(git ls-files '*.toml') | wc -l", &[]),
            ("cat $(git ls-files '.env*')", &["read-unknown-path"]),
            ("grep -l TODO $(git diff --name-only)", &[]),
            ("head -5 \"$(ls -t logs/*.log | head -1)\"", &[]),
            (
                "head -5 \"$(ls -t ~/.ssh/* | head -1)\"",
                &["read-unknown-path"],
            ),
            ("cat \"$(ls | head -1)\"", &[]),
            ("cat \"$(ls -a | head -1)\"", &["read-unknown-path"]),
            ("cat \"$(ls ~/.ssh | head -1)\"", &["read-unknown-path"]),
            ("cat \"$(ls .ssh | head -1)\"", &["read-unknown-path"]),
            ("cat \"$(ls *.json | sed s/x/y/)\"", &["read-unknown-path"]),
            ("git ls-files '*.rs' | xargs grep -l 'unsafe'", &[]),
            ("find . -name '*.ts' -print0 | xargs -0 grep -n 'any'", &[]),
            (
                "find . -name '*.rs' -not -path './target/*' | xargs grep -l tokio",
                &[],
            ),
            (
                "find . -name '*.rs' -o -name '.env' | xargs cat",
                &["read-unknown-path"],
            ),
            ("find . ! -name '*.rs' | xargs cat", &["read-unknown-path"]),
            (
                "find /etc -name '*.conf' | xargs cat",
                &["read-unknown-path"],
            ),
            ("find . -name '*.pem' | xargs cat", &["read-unknown-path"]),
            // Text of its own, links followed, names run together, pathspec magic.
            (
                "cat $(find . -name '*.rs' -printf '/root/.aws/credentials\\n')",
                &["read-unknown-path"],
            ),
            ("cat $(find -L . -name '*.md')", &["read-unknown-path"]),
            (
                "find . -name '*.md' -follow | xargs cat",
                &["read-unknown-path"],
            ),
            ("cat $(find . -name '*.md' -print0)", &["read-unknown-path"]),
            ("find . -name '*.md' -print0 | xargs -0 cat", &[]),
            ("cat $(ls --all)", &["read-unknown-path"]),
            ("cat $(git ls-files -z '*.md')", &["read-unknown-path"]),
            ("git ls-files -z '*.md' | xargs -0 cat", &[]),
            ("ls --recursive | xargs cat", &["read-unknown-path"]),
            (
                "cat $(git ls-files ':(exclude)*.md')",
                &["read-unknown-path"],
            ),
            ("ls *.json | xargs -I% jq -r .name %", &[]),
            ("cat list; find . -name '*.rs' | xargs cat", &[]),
            (
                "find . -name '*.rs'; cat list | xargs cat",
                &["read-unknown-path"],
            ),
        ];
        for (cmd, want) in cases {
            assert_eq!(rules(cmd), *want, "{cmd}");
        }
    }

    #[test]
    fn a_read_loop_s_variable_holds_a_line_of_its_listing() {
        let unknown: &[&str] = &["read-unknown-path"];
        let cases: &[(&str, &[&str])] = &[
            (
                "find . -name '*.md' | while read -r f; do cat \"$f\"; done",
                &[],
            ),
            ("ls *.log | while read l; do tail -n 3 \"$l\"; done", &[]),
            (
                "git ls-files '*.rs' | grep -v test | while IFS= read -r f; do head -5 \"$f\"; done",
                &[],
            ),
            (
                "while IFS= read -r f; do cat \"$f\"; done < <(git ls-files '*.rs')",
                &[],
            ),
            // A listing that may name anything, or a secret.
            (
                "find . -type f | while read -r f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "find . -name '*.pem' | while read -r f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "while read -r f; do cat \"$f\"; done < <(find . -name '*.md'; cat list)",
                unknown,
            ),
            (
                "find . -name '*.md' -print0 | while read -r f; do cat \"$f\"; done",
                unknown,
            ),
            // Not the listing's lines: after the loop, another input, another IFS, two names.
            (
                "find . -name '*.md' | while read -r f; do :; done; cat \"$f\"",
                unknown,
            ),
            (
                "find . -name '*.md' | while read -r f < x; do cat \"$f\"; done",
                unknown,
            ),
            (
                "find . -name '*.md' | while read -r f; do cat \"$f\"; done < list",
                unknown,
            ),
            (
                "find . -name '*.md' | while IFS=. read -r f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "IFS=.; find . -name '*.md' | while read -r f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "find . -name '*.md' | while read -r f g; do cat \"$f\"; done",
                unknown,
            ),
            (
                "find . -name '*.md' | while read -r f; do read -r g; cat \"$g\"; done",
                unknown,
            ),
            (
                "find . -name '*.md' | until read -r f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "find . -name '*.md' | while read -a f; do cat \"$f\"; done",
                unknown,
            ),
            (
                "bash -c 'find . -name \"*.md\" | while read -r f; do cat \"$f\"; done'",
                unknown,
            ),
        ];
        for (cmd, want) in cases {
            assert_eq!(rules(cmd), *want, "{cmd}");
        }
    }

    /// A glob a variable carries is expanded in the directory, as the link-read check expands a
    /// glob operand: a link the workspace holds can lead to a secret.
    #[test]
    fn glob_values_are_expanded_through_the_workspace_s_links() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let ws = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let secret = ws.join("home/.aws/credentials");
        std::fs::create_dir_all(ws.join("home/.aws")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&secret, "x").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(ws.join("a.txt"), "x").unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&secret, ws.join("notes.md")).unwrap_or_else(|e| panic!("{e}"));
        let policy = super::super::Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
        let rules = |cmd: &str| -> Vec<String> {
            let analysis = crate::analyze::analyze(cmd, &Limits::default());
            let cx = CheckCtx::new(&analysis, &ws);
            (0..analysis.units.len())
                .flat_map(|i| {
                    let (_, parsed) = policy.parse_unit(&analysis.units[i]);
                    reasons(&cx, i, &parsed.operands)
                })
                .map(|r| r.rule.to_string())
                .collect()
        };
        for cmd in [
            "for f in *.md; do cat \"$f\"; done",
            "for f in n*; do cat $f; done",
            "x=ok; for i in 1 2; do cat $x; x='*'; done",
        ] {
            assert_eq!(rules(cmd), ["read-secret"], "{cmd}");
        }
        assert!(rules("for f in *.txt; do cat \"$f\"; done").is_empty());
    }

    #[test]
    fn devices_a_variable_names_are_read_devices_for_every_program() {
        for cmd in [
            "f=/dev/tcp/203.0.113.5/80; cat < $f",
            "f=/dev/sda; head -c 512 \"$f\"",
            "for f in /dev/tcp/203.0.113.5/80; do wc -c < $f; done",
            "f=/dev/mem; read -r x < $f",
            "d=/dev; cat < $d/sda",
        ] {
            assert_eq!(rules(cmd), ["read-device"], "{cmd}");
        }
        for cmd in [
            "f=/dev/null; cat < $f",
            "f=/dev/stdin; cat < $f",
            "f=notes.txt; wc -l < $f",
            "f=notes.txt; cat < $f",
        ] {
            assert!(rules(cmd).is_empty(), "{cmd}");
        }
    }
}
