//! Analysis: a parsed [`Script`](crate::ast::Script) → every execution unit that could run.
//!
//! [`analyze`] parses the input and decomposes it into [`Unit`]s, one per simple command that
//! could execute: through lists, pipelines, subshells, control flow, function bodies, command and
//! process substitutions wherever they appear, wrappers (`sudo`, `timeout`, `env`…, see
//! `wrappers.rs`), and code hidden in strings (`bash -c`, `eval`, heredocs and static text fed
//! to a shell, `find -exec`, `xargs`, `watch`, git's command-running config, see `nested.rs`;
//! `sqlite3`'s `.shell`, `ed`'s and `gdb`'s shell escapes, `capsh --`, see `runners.rs`).
//! Words are canonicalised as bash would before `exec` (`word.rs`), and everything noteworthy or
//! opaque is recorded as a [`Flag`].
//!
//! It does not decide anything: rules and checks read the units and flags.

mod arith;
mod container;
mod decompose;
mod fed_values;
mod flags;
pub(crate) mod inline_code;
mod makefile;
mod nested;
mod param_ops;
pub(crate) mod perl_code;
mod runners;
pub(crate) mod shell_options;
mod task_files;
pub(crate) use crate::programs::{is_interpreter, is_shell};
pub(crate) use arith::{closing_bracket, name_operands};
pub(crate) use decompose::descriptor_variable;
pub(crate) use nested::shell_command_options;
pub(crate) use runners::{sqlite_unproven, vim_commands, vim_shell_command};
pub(crate) mod awk;
pub(crate) mod sed;
pub(crate) mod word;
pub(crate) mod wrappers;

use serde::Serialize;

pub use flags::{Flag, FlagKind};
pub use word::Arg;

use crate::Limits;
use crate::ast::Span;

/// Where a unit sits, from outermost to innermost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Context {
    /// A stage of a pipeline.
    Pipeline,
    /// Inside `$(…)` or backticks.
    Substitution,
    /// Inside `<(…)` / `>(…)`.
    ProcessSubstitution,
    /// Code given to a shell as a string (`bash -c '…'`, `su -c`, `watch '…'`).
    NestedShell,
    /// Code run by `eval`.
    Eval,
    /// Code a shell reads on standard input (`echo … | sh`, `bash <<EOF`).
    StdinCode,
    /// Inside a function body (runs when the function is called).
    Function,
    /// Sent to the background with `&`.
    Background,
    /// A condition of `if`/`while`/`until`.
    Condition,
    /// Inside `( … )`.
    Subshell,
    /// A loop body.
    Loop,
    /// A `case` arm.
    Case,
    /// A command run by `xargs` with arguments read from input.
    Xargs,
    /// A command run by `find -exec`/`-execdir`/`-ok`/`-okdir`.
    FindExec,
    /// A command configured to run by git config (`-c core.pager=…`).
    ConfigCommand,
    /// A second reading of a command with the variables set earlier on the line substituted
    /// (`cmd="rm -rf /"; eval "$cmd"`). It can only add units: the original reading keeps its
    /// run-time flags, so such a command is never allowed.
    Resolved,
    /// A container's command as the host sees it: `docker run -v /:/host alpine rm -rf /host`
    /// read with each bind mount's target replaced by its host source (`rm -rf /`), and as it
    /// stands with `--privileged` or a host namespace. It can only add units: the `docker run`
    /// unit stays.
    Container,
}

/// An assignment that applies to a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct UnitAssignment {
    /// Variable name.
    pub name: String,
    /// Static value, `None` when it depends on run time.
    pub value: Option<String>,
    /// Value with expansions as source text.
    pub template: String,
    /// Where.
    pub span: Span,
    /// Set earlier in the same command line (`export X=…; cmd`, `X=…; cmd`) rather than as a
    /// prefix of this command.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inherited: bool,
    /// In the program's environment: a prefix, `env NAME=…`, `export`/`declare -x`. A bare
    /// `NAME=…` earlier on the line is a shell variable only (it still changes an already
    /// exported variable such as `PATH`).
    pub exported: bool,
}

/// The template of an assignment recorded for a variable a builtin, an append, an element or a
/// default expansion sets at run time (`read x`, `x+=v`, `x[0]=v`, `${x:=v}`): its value is
/// unknown. The command that sets it is judged by itself.
pub(crate) const SET_AT_RUN_TIME: &str = "(…) set at run time";

/// A redirect that applies to a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct UnitRedirect {
    /// Operator as written.
    pub op: String,
    /// Explicit file descriptor, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fd: Option<String>,
    /// Static target, `None` when dynamic (heredocs: `None`).
    pub target: Option<String>,
    /// Target with expansions as source text (heredocs: the delimiter).
    pub template: String,
    /// Where.
    pub span: Span,
    /// The target is an unquoted glob: bash opens the one file it expands to (`cat < .e?v`
    /// reads `.env`), not a file of that name.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub glob: bool,
}

impl UnitRedirect {
    /// True when the redirect writes to a file (not an fd duplication or a null device).
    pub fn writes_file(&self) -> bool {
        let op = self.op.as_str();
        let output = matches!(op, ">" | ">>" | ">|" | "&>" | "&>>" | "<>")
            || (op == ">&"
                && !self
                    .template
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '-'));
        if !output {
            return false;
        }
        !matches!(
            self.target.as_deref(),
            Some(
                "/dev/null"
                    | "/dev/stdout"
                    | "/dev/stderr"
                    | "/dev/tty"
                    | "/dev/fd/1"
                    | "/dev/fd/2"
            )
        )
    }
}

/// How many commands at once a runner on the way (`xargs -P N`, `parallel -j N`) starts, as
/// far as its words say. Ordered: of two runners, the larger count holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum JobCount {
    /// No runner, or a count it states below 1000.
    #[default]
    Bounded,
    /// A count known only at run time (`-P "$n"`): it may be `0`.
    Unknown,
    /// As many as there are inputs: `0`, or a count of 1000 or more.
    Unbounded,
}

/// One command that could run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Unit {
    /// The program: a bare name for names and for paths into system directories (`/bin/rm`
    /// → `rm`), the path as written for other paths (`./cat`), `None` when it is not static.
    pub program: Option<String>,
    /// The program word as written when it had a directory part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The canonical arguments, program first. Empty for a redirect-only command (`> f`).
    pub argv: Vec<Arg>,
    /// From the program word to the last argument, in the original input.
    pub span: Span,
    /// Wrappers stripped on the way, outermost first (`["sudo", "timeout"]`), including the
    /// shells whose `-c` string held this unit.
    pub via: Vec<String>,
    /// Where the unit sits, outermost first.
    pub context: Vec<Context>,
    /// Assignments that apply: prefixes, `env NAME=…`, and earlier exports in the same line.
    pub assignments: Vec<UnitAssignment>,
    /// Redirects that apply, including those of enclosing compound commands.
    pub redirects: Vec<UnitRedirect>,
    /// How many levels of re-parsed code it is inside.
    pub depth: usize,
    /// `xargs`/`parallel` append arguments read at run time.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub appended_args: bool,
    /// Standard input comes from a pipe.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub piped: bool,
    /// The text fed on standard input when it is known now (a heredoc, a here-string, static
    /// text piped in): what an interpreter reading its program from standard input runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin: Option<String>,
    /// Files a wrapper on the way reads and hands to the command as arguments
    /// (`xargs -a FILE`, `parallel --arg-file FILE`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wrapper_reads: Vec<Arg>,
    /// How many commands at once the wrappers on the way run (`xargs -P0`, `parallel -j0`).
    #[serde(skip)]
    pub(crate) jobs: JobCount,
    /// The text of the script file an interpreter runs (`python3 x.py`) when the line wrote
    /// that file with text known now (`cat > x.py <<'EOF'`, `echo CODE > x.py`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
}

impl Unit {
    /// The unit's words as one command line in shell syntax: static words quoted so bash would
    /// read them back as the same word (`echo 'a && b'`), globs as their pattern, and words that
    /// depend on run time as their source text in double quotes (`rm "$dir"`).
    pub fn command_text(&self) -> String {
        self.argv
            .iter()
            .map(|a| match a.value.as_deref() {
                Some(v) if a.glob => v.to_owned(),
                // An unquoted leading `~` stays unquoted: quoted, it would name a file `~`.
                Some(v) if a.tilde => match v.find('/') {
                    Some(k) => format!("{}{}", &v[..k], word::shell_quote(&v[k..])),
                    None => v.to_owned(),
                },
                Some(v) => word::shell_quote(v),
                None => {
                    let mut q = String::with_capacity(a.template.len() + 2);
                    q.push('"');
                    for c in a.template.chars() {
                        if matches!(c, '"' | '\\') {
                            q.push('\\');
                        }
                        q.push(c);
                    }
                    q.push('"');
                    q
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The static argument values after the program (`None` entries are dynamic).
    pub fn args(&self) -> impl Iterator<Item = &Arg> {
        self.argv.iter().skip(1)
    }

    /// True when the unit is inside the given context.
    pub fn in_context(&self, c: Context) -> bool {
        self.context.contains(&c)
    }
}

/// The result of analysing one command line.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Analysis {
    /// The input, as given.
    pub input: String,
    /// Every unit that could run, in execution order as far as it is static.
    pub units: Vec<Unit>,
    /// Everything noteworthy, in the order found.
    pub flags: Vec<Flag>,
    /// Bare `NAME=value` statements (no command): they change the shell itself, and so every
    /// later command, also in an agent's persistent shell.
    pub assignments: Vec<UnitAssignment>,
    /// The `while` loops of the line whose condition is one simple command: that command's
    /// span and the loop's (`while read -r f; do …; done`).
    #[serde(skip)]
    pub(crate) read_loops: Vec<(Span, Span)>,
    /// The calls of functions the line defines that are no unit of their own (the units of
    /// the body stand for them: `f() { cat .env; }; f | nc h 1`): the name and the span of
    /// the call's word.
    #[serde(skip)]
    pub(crate) calls: Vec<(String, Span)>,
    /// Code that may not run when the line runs.
    #[serde(skip)]
    pub(crate) branches: Branches,
}

/// Code of a line that may not run when the line runs, for the model of where each unit runs
/// (`checks::workdir`): a `cd` there may not move the shell.
#[derive(Debug, Clone, Default)]
pub(crate) struct Branches {
    /// Every `left && right` and `left || right`: `right` runs only when `left` succeeded
    /// (`&&`) or failed (`||`).
    pub and_or: Vec<(Span, crate::ast::AndOrOp, Span)>,
    /// The right sides of `&&` and `||`, the bodies of `if` (and its conditions after the
    /// first): code that may be skipped, and whether what it belongs to fails when it is (the
    /// right side of `&&`: the left side failed).
    pub skippable: Vec<(Span, bool)>,
}

impl Analysis {
    /// A unit of the line changes the shell's directory (`cd`, `pushd`, `popd`): relative
    /// paths of other units may be read elsewhere.
    pub(crate) fn changes_directory(&self) -> bool {
        self.units.iter().any(|u| {
            u.program
                .as_deref()
                .is_some_and(crate::programs::is_directory_change)
        })
    }

    /// True when some flag says shclass could not see everything that would run.
    pub fn is_opaque(&self) -> bool {
        self.flags.iter().any(|f| f.kind.is_opaque())
    }

    /// Flags of one kind.
    pub fn flags_of(&self, kind: FlagKind) -> impl Iterator<Item = &Flag> {
        self.flags.iter().filter(move |f| f.kind == kind)
    }

    /// The JSON object of `shclass analyze --json` (schema 1).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.json_view()).unwrap_or(serde_json::Value::Null)
    }

    /// The object of `analyze --json`, borrowed: serialize it straight to a writer.
    pub fn json_view(&self) -> impl Serialize + '_ {
        AnalysisJson {
            schema: 1,
            input: &self.input,
            units: self.units.iter().map(|u| UnitJson::new(u, None)).collect(),
            flags: &self.flags,
            assignments: &self.assignments,
        }
    }
}

#[derive(Serialize)]
struct AnalysisJson<'a> {
    schema: u32,
    input: &'a str,
    units: Vec<UnitJson<'a, ()>>,
    flags: &'a [Flag],
    assignments: &'a [UnitAssignment],
}

/// One unit as JSON: `argv` holds values (null for a dynamic word); `words` the details;
/// `extra` adds fields (the unit's decision in `shclass --json`).
#[derive(Serialize)]
pub(crate) struct UnitJson<'a, E: Serialize> {
    program: &'a Option<String>,
    path: &'a Option<String>,
    argv: ArgValues<'a>,
    words: &'a [Arg],
    span: Span,
    via: &'a [String],
    context: &'a [Context],
    assignments: &'a [UnitAssignment],
    redirects: &'a [UnitRedirect],
    depth: usize,
    appended_args: bool,
    piped: bool,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    extra: Option<E>,
}

impl<'a, E: Serialize> UnitJson<'a, E> {
    pub(crate) fn new(u: &'a Unit, extra: Option<E>) -> Self {
        UnitJson {
            program: &u.program,
            path: &u.path,
            argv: ArgValues(&u.argv),
            words: &u.argv,
            span: u.span,
            via: &u.via,
            context: &u.context,
            assignments: &u.assignments,
            redirects: &u.redirects,
            depth: u.depth,
            appended_args: u.appended_args,
            piped: u.piped,
            extra,
        }
    }
}

/// The values of the arguments, `null` for a dynamic one.
pub(crate) struct ArgValues<'a>(pub(crate) &'a [Arg]);

impl Serialize for ArgValues<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|a| a.value.as_deref()))
    }
}

/// A unit's program and arguments as one line of text, when every word is static.
fn static_line(u: &Unit) -> Option<String> {
    let mut s = u.program.clone()?;
    for a in u.args() {
        s.push(' ');
        s.push_str(a.value.as_deref()?);
    }
    Some(s)
}

/// Mark the arguments that are the output of a command whose output never begins with `-`
/// ([`word::SHAPED_PRODUCERS`], optionally through `head`/`sort`/…): `$(git rev-parse HEAD)`
/// can stand where an option cannot. The command is found as the substitution units inside
/// the argument's span; any other unit in there, or a dynamic word in them, and it is not.
fn mark_shaped_substitutions(units: &mut [Unit]) {
    // Quadratic in the worst case: past this many units nothing is marked (fail closed).
    if units.len() > 2_000 {
        return;
    }
    let line = static_line;
    let mut marks = Vec::new();
    for (i, u) in units.iter().enumerate() {
        for (k, a) in u.argv.iter().enumerate().skip(1) {
            if a.value.is_some() || !a.template.starts_with("$(…)") {
                continue;
            }
            if shaped_output(units, a.span, Some(i), a.splits, &line) {
                marks.push((i, k));
            }
        }
    }
    for (i, k) in marks {
        if let Some(a) = units.get_mut(i).and_then(|u| u.argv.get_mut(k)) {
            a.shaped = true;
        }
    }
}

/// The command substitution units within `span` (other than unit `skip`) are a command whose
/// output never begins with `-` ([`word::SHAPED_PRODUCERS`]), then only filters that keep the
/// shape of its lines.
fn shaped_output(
    units: &[Unit],
    span: Span,
    skip: Option<usize>,
    splits: bool,
    line: &dyn Fn(&Unit) -> Option<String>,
) -> bool {
    let inner: Vec<&Unit> = units
        .iter()
        .enumerate()
        .filter(|(j, v)| {
            Some(*j) != skip
                && v.in_context(Context::Substitution)
                && span.start <= v.span.start
                && v.span.end <= span.end
        })
        .map(|(_, v)| v)
        .collect();
    let Some((first, rest)) = inner.split_first() else {
        return false;
    };
    let produces = line(first).is_some_and(|l| {
        word::SHAPED_PRODUCERS
            .iter()
            .any(|p| l == p.trim_end() || l.starts_with(p))
            // Options that make them print what they are given (`git rev-parse
            // --flags -x`, `date +-x`, a custom `--format`).
            && !l.split(' ').any(|w| {
                matches!(w, "--" | "--flags" | "--sq" | "--sq-quote" | "--parseopt")
                    || w.starts_with("+-")
                    || (w.starts_with("--format") || w.starts_with("--pretty"))
                        && !w.ends_with("=%H")
            })
    }) && producer_words_safe(first, splits);
    // `tr -d` can delete what stood before a `-` (`date +%s-x | tr -d 0-9` prints `-x`): only
    // after a producer of object ids and numbers, which hold no `-`.
    let deletes = rest.iter().any(|v| v.program.as_deref() == Some("tr"));
    if deletes && !line(first).is_some_and(|l| prints_ids(&l)) {
        return false;
    }
    let filters = rest.iter().all(|v| {
        line(v).is_some_and(|l| {
            word::SHAPE_FILTERS
                .iter()
                .any(|f| l == *f || l.starts_with(&format!("{f} ")))
        })
    });
    produces && filters
}

/// A producer whose output is object ids or numbers only (no `-` anywhere in it).
fn prints_ids(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["git", "rev-parse", rest @ ..] => rest.iter().all(|w| {
            !w.starts_with('-')
                || matches!(*w, "--verify" | "--short" | "-q" | "--quiet")
                || w.starts_with("--short=")
        }),
        [
            "git",
            "rev-list" | "merge-base" | "log" | "write-tree" | "hash-object",
            ..,
        ]
        | ["nproc", ..]
        | ["docker", "ps", "-q" | "-aq"]
        | ["docker", "images", "-q"] => true,
        _ => false,
    }
}

/// A shaped producer whose output is a path of the checkout or the working directory (`pwd`,
/// `realpath`, `readlink -f`, `npm root`, `git rev-parse --show-toplevel`…), which may hold
/// blanks and glob characters, rather than ids, numbers, dates or ref names (which never do).
fn prints_path(u: &Unit) -> bool {
    match u.program.as_deref() {
        Some("git") => {
            let mut args = u.args().map(|a| a.value.as_deref().unwrap_or("-"));
            args.next() == Some("rev-parse")
                && !args.all(|w| {
                    !w.starts_with('-')
                        || matches!(
                            w,
                            "--verify"
                                | "--short"
                                | "-q"
                                | "--quiet"
                                | "--abbrev-ref"
                                | "--symbolic"
                                | "--symbolic-full-name"
                        )
                        || w.starts_with("--short=")
                        || w.starts_with("--abbrev-ref=")
                })
        }
        // The user's site directory (`python3 -m site --user-site`) is under the home: a path
        // of the person's choosing, not of the checkout's.
        Some("date" | "nproc" | "docker" | "kubectl" | "python3") => false,
        // A program found through `PATH` (the person's directories) by a static name without
        // blanks or glob characters (`which python3`).
        Some("which" | "command") => !u.args().all(|a| {
            a.value
                .as_deref()
                .is_some_and(|v| !v.contains([' ', '\t', '\n', '*', '?', '[']))
                && !a.glob
        }),
        _ => true,
    }
}

/// A shaped producer's words keep its output to its shape: `git log` and `git rev-list` with
/// only options that print commit ids and choose commits (`-p`, `--stat`, `--objects`,
/// `--header`, `--graph`, `--boundary`… print the repository's text, file names or `-` marks,
/// which a commit can make begin with `-`); `date` printing now (no `-d`, `-r`, `-f`, which can
/// give a negative `%s`) in formats of one word with no time zone (`%Z` can be `-03`): its
/// default format, which names the zone, only as one word (`"$(date)"`, `splits` false).
fn producer_words_safe(u: &Unit, splits: bool) -> bool {
    // A path can hold blanks and glob characters (a directory of the checkout named
    // `a -delete`): unquoted, bash splits it into words that may be options.
    if splits && prints_path(u) {
        return false;
    }
    let Some(args) = u
        .args()
        .map(|a| a.value.as_deref())
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    match (u.program.as_deref(), args.as_slice()) {
        (Some("git"), [sub @ ("log" | "rev-list"), rest @ ..]) => {
            const FLAGS: &[&str] = &[
                "-n",
                "--all",
                "--branches",
                "--tags",
                "--remotes",
                "--first-parent",
                "--reverse",
                "--no-merges",
                "--merges",
                "--topo-order",
                "--date-order",
                "--author-date-order",
                "--count",
                "--ancestry-path",
                "--left-only",
                "--right-only",
                "--no-walk",
                "--format=%H",
                "--pretty=%H",
                "--format=format:%H",
                "--pretty=format:%H",
            ];
            const VALUED: &[&str] = &[
                "--max-count=",
                "--skip=",
                "--since=",
                "--until=",
                "--after=",
                "--before=",
                "--author=",
                "--committer=",
                "--grep=",
            ];
            // `git log` prints whole commits unless its format is the commit id alone.
            let ids = *sub == "rev-list"
                || rest.iter().any(|w| {
                    matches!(
                        *w,
                        "--format=%H" | "--pretty=%H" | "--format=format:%H" | "--pretty=format:%H"
                    )
                });
            ids && rest.iter().all(|w| {
                let count = w
                    .strip_prefix("-n")
                    .or_else(|| w.strip_prefix('-'))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
                !w.starts_with('-')
                    || count
                    || FLAGS.contains(w)
                    || VALUED.iter().any(|v| w.starts_with(v))
            })
        }
        (Some("date"), args) => {
            let format = |f: &str| {
                let mut chars = f.chars();
                let mut conversions = true;
                while let Some(c) = chars.next() {
                    if c == '%' {
                        conversions &= chars
                            .next()
                            .is_some_and(|k| "YmdHMSsFTjuwyIpbBaAhGgVUWDRklNCeq%".contains(k));
                    }
                }
                conversions
                    && !f.starts_with('-')
                    && f.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "%-_:.,/+@".contains(c))
            };
            let mut formatted = false;
            args.iter().all(|w| match w.strip_prefix('+') {
                Some(f) => {
                    formatted = true;
                    format(f)
                }
                None => matches!(*w, "-u" | "--utc" | "--universal"),
            }) && (formatted || !splits)
        }
        _ => true,
    }
}

/// Mark the arguments that are a variable (`"$x"`, `$x`, `${x}`) holding the output of a command
/// whose output never begins with `-`, as [`mark_shaped_substitutions`] marks the substitution
/// itself: `x=$(git rev-parse HEAD); git show "$x"`, `for s in $(git rev-list -n 3 HEAD); do
/// git show --stat $s; done`. Every value the line gives the variable is such an output (no
/// other assignment, builtin or loop sets it; no arithmetic on the line, which could assign a
/// negative number unrecorded), and one of them is certainly made before the unit runs, in the
/// same shell: an assignment statement among those the line begins with (each followed by `;`,
/// `&&` or a newline), or the list of a `for` loop whose body the unit begins or continues
/// without any other compound command in between. The unit runs in the line's shell or a copy
/// of it (a pipeline stage, a subshell, a command substitution, a condition, a loop, a `case`
/// arm), never in code a
/// shell reads again (`bash -c`, `eval`), a function, or a command another program runs.
fn mark_shaped_variables(input: &str, units: &mut [Unit], assignments: &[UnitAssignment]) {
    // Only a variable set from a command substitution is marked (most lines set none).
    if !assignments.iter().any(|a| a.template == "$(…)") {
        return;
    }
    if units.len() > 2_000
        || assignments.len() > 200
        || input.contains("((")
        || input.contains("$[")
        || input
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| w == "let")
        || assignments.iter().any(|a| a.name == "IFS")
    {
        return;
    }
    let line = static_line;
    // The assignment statements the line begins with.
    let mut leading: Vec<Span> = Vec::new();
    let mut pos = 0;
    loop {
        pos += input[pos..].len() - input[pos..].trim_start().len();
        let Some(a) = assignments.iter().find(|a| a.span.start == pos) else {
            break;
        };
        let Some(text) = input.get(a.span.start..a.span.end) else {
            break;
        };
        if !text.starts_with(&format!("{}=$(", a.name)) || !text.ends_with(')') {
            break;
        }
        let rest = &input[a.span.end..];
        let gap = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let after = &rest[gap..];
        let sep = if after.starts_with("&&") {
            2
        } else if after.starts_with('\n') || after.starts_with(';') && !after.starts_with(";;") {
            1
        } else {
            break;
        };
        leading.push(a.span);
        pos = a.span.end + gap + sep;
    }
    let shell_copy = |c: &Context| {
        matches!(
            c,
            Context::Pipeline
                | Context::Subshell
                | Context::Substitution
                | Context::Condition
                | Context::Loop
                | Context::Case
        )
    };
    let mut marks = Vec::new();
    for (i, u) in units.iter().enumerate() {
        if !u.context.iter().all(shell_copy) {
            continue;
        }
        for (k, a) in u.argv.iter().enumerate().skip(1) {
            if a.value.is_some() || a.glob || a.brace || a.shaped {
                continue;
            }
            let t: &str = &a.template;
            let Some(name) = t
                .strip_prefix("${")
                .and_then(|n| n.strip_suffix('}'))
                .or_else(|| t.strip_prefix('$'))
                .filter(|n| {
                    n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                        && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                })
            else {
                continue;
            };
            let set: Vec<&UnitAssignment> = assignments.iter().filter(|x| x.name == name).collect();
            if set.is_empty()
                || !set.iter().all(|x| {
                    // A `for` loop's list word (`for s in $(pwd)`) is split by bash unless
                    // quoted; an assignment statement's value is not.
                    let text = input.get(x.span.start..x.span.end).unwrap_or_default();
                    let list_splits = !text.starts_with(&format!("{name}="))
                        && !text.starts_with(&format!("{name}+="))
                        && !text.starts_with('"');
                    x.template == "$(…)"
                        && shaped_output(units, x.span, None, a.splits || list_splits, &line)
                })
            {
                continue;
            }
            let before = set.iter().any(|x| {
                x.span.end <= u.span.start
                    && (leading.contains(&x.span) || loop_body(input, name, x.span, u))
            });
            if before {
                marks.push((i, k));
            }
        }
    }
    for (i, k) in marks {
        if let Some(a) = units.get_mut(i).and_then(|u| u.argv.get_mut(k)) {
            a.shaped = true;
        }
    }
}

/// The words that begin or end a compound command.
const KEYWORDS: &[&str] = &[
    "do", "done", "for", "while", "until", "if", "then", "else", "elif", "fi", "case", "esac",
    "select", "function", "in", "coproc", "time",
];

/// `list` is the word list of `for NAME in LIST; do …` and unit `u` is in that loop's body: the
/// text between them is `; do` (or a newline) and then only simple commands and command
/// substitutions (no keyword of a compound command, no other bracket, no `done`).
fn loop_body(input: &str, name: &str, list: Span, u: &Unit) -> bool {
    if !u.in_context(Context::Loop) {
        return false;
    }
    let head = input.get(..list.start).unwrap_or_default().trim_end();
    let Some(head) = head.strip_suffix("in").map(str::trim_end) else {
        return false;
    };
    let Some(head) = head.strip_suffix(name) else {
        return false;
    };
    if !head.ends_with(char::is_whitespace) {
        return false;
    }
    let Some(before) = head.trim_end().strip_suffix("for") else {
        return false;
    };
    if !before
        .chars()
        .next_back()
        .is_none_or(|c| c.is_whitespace() || matches!(c, ';' | '&' | '|'))
    {
        return false;
    }
    let Some(gap) = input.get(list.end..u.span.start) else {
        return false;
    };
    let gap = gap.trim_start_matches([' ', '\t']);
    let Some(gap) = gap.strip_prefix([';', '\n']) else {
        return false;
    };
    let gap = gap.trim_start();
    let Some(body) = gap.strip_prefix("do") else {
        return false;
    };
    if !body.starts_with(char::is_whitespace) {
        return false;
    }
    // A command substitution the unit is in (`echo "$b $(git log -1 $b)"`) runs in a copy of
    // the loop's shell: its `$(` is no compound command, and no other parenthesis is there.
    let opens = body.matches("$(").count();
    !body.contains("$((")
        && body.matches('(').count() == opens
        && body.matches(')').count() <= opens
        && !body.contains(['{', '}', '`'])
        && !body
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| KEYWORDS.contains(&w))
}

/// Analyse one command line with the given limits.
pub fn analyze(input: &str, limits: &Limits) -> Analysis {
    let script = crate::parse::parse(input, limits);
    let mut walker = decompose::Walker::new(limits);
    walker.script(&script, &decompose::Ctx::default());
    walker.evaluated_literals(input);
    walker.quoted_compound_assignments(input);
    walker.named_descriptor_subscripts(input);
    walker.decoded_code(input);
    walker.arithmetic_data(input);
    walker.shell_state_changes();
    walker.translated_strings(input);
    let read_loops = std::mem::take(&mut walker.read_loops);
    let calls = std::mem::take(&mut walker.calls);
    let branches = std::mem::take(&mut walker.branch_spans);
    let (mut units, mut flags, mut assignments) = walker.finish();
    mark_shaped_substitutions(&mut units);
    mark_shaped_variables(input, &mut units, &assignments);
    snap_spans(input, &mut units, &mut flags, &mut assignments);
    Analysis {
        input: input.to_owned(),
        units,
        flags,
        assignments,
        read_loops,
        calls,
        branches,
    }
}

/// Whether a redirect sends standard output somewhere else (`>`, `>>`, `>|`, `1>`, `&>`, `>&`
/// with a file).
pub(crate) fn replaces_stdout(op: &str, fd: Option<&str>) -> bool {
    fd.is_none_or(|fd| fd == "1") && matches!(op, ">" | ">>" | ">|" | "&>" | "&>>" | ">&")
}

/// True when a redirect with operator `op` on descriptor `fd` replaces standard input (`<`,
/// `<>`, a heredoc or a here-string, or `<&N`, a copy of another descriptor, on descriptor 0 or
/// none).
pub(crate) fn replaces_stdin(op: &str, fd: Option<&str>) -> bool {
    fd.is_none_or(|fd| fd == "0") && matches!(op, "<" | "<>" | "<<" | "<<-" | "<<<" | "<&")
}

/// Every span inside `input` and on its char boundaries. Spans of re-read code (`bash -c
/// "$c"` with `c` substituted, text decoded from escapes) are mapped back through tables that
/// can land inside a multi-byte character of the input (a fuzzed `U+FFFD` after a NUL); such a
/// span is widened to the whole character, so that a caller slicing the input with it never
/// panics.
fn snap_spans(
    input: &str,
    units: &mut [Unit],
    flags: &mut [Flag],
    assignments: &mut [UnitAssignment],
) {
    let snap = |s: &mut Span| {
        let end = input.ceil_char_boundary(s.end.min(input.len()));
        let start = input.floor_char_boundary(s.start.min(end));
        *s = Span::new(start, end);
    };
    for f in flags {
        snap(&mut f.span);
    }
    for x in assignments {
        snap(&mut x.span);
    }
    for u in units {
        snap(&mut u.span);
        for a in u.argv.iter_mut().chain(&mut u.wrapper_reads) {
            snap(&mut a.span);
        }
        for x in &mut u.assignments {
            snap(&mut x.span);
        }
        for r in &mut u.redirects {
            snap(&mut r.span);
        }
    }
}

/// The index in `argv` of the certificate input of `openssl x509 -in FILE`, a static word (no
/// glob, no brace). x509 prints only the certificates it finds in FILE (their text, fields or
/// PEM), never a private key the same file holds (a key alone is "Could not read
/// certificate"), so a secret's name there is no disclosure (`openssl x509 -in server.pem
/// -noout -subject`). Only the `-in` value: a key another option names (`-signkey`, `-key`,
/// `-CAkey`), a redirect or a glob stays a read of its own. Read by the path policy and the
/// secret-read check alike.
pub(crate) fn certificate_input(unit: &Unit) -> Option<usize> {
    if unit.program.as_deref() != Some("openssl")
        || unit.argv.get(1).and_then(|a| a.value.as_deref()) != Some("x509")
    {
        return None;
    }
    (2..unit.argv.len().saturating_sub(1)).find_map(|i| {
        let (flag, file) = (unit.argv.get(i)?, unit.argv.get(i + 1)?);
        (flag.value.as_deref() == Some("-in") && !file.glob && !file.brace).then_some(i + 1)
    })
}

/// The variable a `read` unit sets to one whole line of its standard input, as the line
/// stands: one name, no array, only the options that change neither where nor how much it
/// reads (`read -r f`, `read f`, `IFS= read -r f`; `-r` aside, which only keeps backslashes).
/// With one name bash strips only IFS whitespace at the ends of the line, so a line that
/// mentions `IFS` counts only with an empty `IFS=` on the `read` itself. `None` for any other
/// unit.
pub(crate) fn read_line_variable<'u>(unit: &'u Unit, input: &str) -> Option<&'u str> {
    if unit.program.as_deref() != Some("read") || !unit.via.is_empty() || unit.depth > 0 {
        return None;
    }
    let words: Vec<Option<&str>> = unit.args().map(|a| a.value.as_deref()).collect();
    let reader = fed_values::reader("read", &words)?;
    if reader.array || reader.names.len() != 1 {
        return None;
    }
    // `IFS= read`: the prefix is the unit's own (not inherited) and the last one named IFS.
    let own_ifs = unit
        .assignments
        .iter()
        .rev()
        .find(|a| a.name == "IFS")
        .filter(|a| !a.inherited);
    match own_ifs {
        Some(a) if a.value.as_deref() == Some("") => {}
        Some(_) => return None,
        None if input.contains("IFS") => return None,
        None => {}
    }
    let name = reader.names.first()?;
    // The name as the unit holds it (borrowed from the unit, not the reader).
    unit.argv
        .iter()
        .skip(1)
        .filter_map(|a| a.value.as_deref())
        .rfind(|w| *w == name)
}

/// A unit whose first operand is its pattern or program (`grep PATTERN FILE…`, `jq FILTER
/// FILE…`): a [`is_pattern_first`](crate::programs::is_pattern_first) program with no option that gives the
/// pattern (a dynamic word counts as the first operand: whatever it holds, every static word
/// after it is still read as a file).
pub(crate) fn pattern_first(unit: &Unit) -> bool {
    unit.program
        .as_deref()
        .is_some_and(crate::programs::is_pattern_first)
        && !unit.args().any(|a| {
            a.value
                .as_deref()
                .is_some_and(crate::programs::gives_pattern)
        })
}
