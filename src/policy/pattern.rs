//! Argument patterns (path classes, token globs, regexes, literals) and Claude-style
//! `Bash(…)` command patterns.
//!
//! Path classes read an argument's canonical text, or its template when it is dynamic (so
//! `"$HOME"` is `@home` even though its value is unknown). Regexes (`re:`) compile lazily on first
//! use, so loading a policy stays cheap. Nothing here knows about rules or decisions.

use crate::analyze::inline_code::Lang;
use std::path::Path;
use std::sync::OnceLock;

use regex_lite::Regex;

use super::literals::Literals;
use super::spec::Text;
use crate::files::{is_home, is_root, system_depth, trim_path};
use crate::glob::Glob;

use crate::analyze::Arg;

/// What an argument pattern is.
#[derive(Debug)]
pub(crate) enum ArgPattern {
    /// `@root`: `/`, `/*`, `/.`, `//`, `/..`.
    Root,
    /// `@home`: `~`, `~/`, `~/*`, `~user`, `$HOME`, `${HOME}`.
    Home,
    /// `@system`: a system directory or something directly in it (`/etc`, `/usr/lib`).
    System,
    /// `@system-path`: anything under a system directory.
    SystemPath,
    /// `@workspace-root`: `.`, `./`, the working directory itself.
    WorkspaceRoot,
    /// `@outside-workspace`: a path that leaves the working directory.
    OutsideWorkspace,
    /// `@dynamic`: an argument whose value depends on run time.
    Dynamic,
    /// `@any`: anything.
    Any,
    /// `@written-file`: an operand a writer such as `tee` would change: anything but a
    /// whole-word output process substitution (`>(wc -l)`, a pipe to a command that is a unit of
    /// its own) and `/dev/null`, `/dev/stdout`, `/dev/stderr`.
    WrittenFile,
    /// `@sed-runs-or-writes`: a sed script (or a piece of one) with a command that runs a
    /// command or writes a file (`e`, `w`, `W`, `s///e`, `s///w`), or one the reader cannot see
    /// through. A file operand is read as a script too: most names are scripts sed rejects.
    SedRunsOrWrites,
    /// `@awk-runs-or-writes`: an awk program that runs a command, writes a file (other than
    /// standard output or error), reaches the network or loads code, read by the awk reader; or
    /// one it cannot finish, or a program known only at run time.
    AwkRunsOrWrites,
    /// `@kubectl-record-format`: a kubectl output format (`-o`) that prints whole records
    /// (`json`, `yaml`, templates, files of them, a format kubectl may add), or a `jsonpath`/
    /// `custom-columns` template that names any field but the known harmless ones
    /// ([`kubectl_prints_records`]); not `wide`, `name`, nor `jsonpath={.items[*].metadata.name}`.
    KubectlRecordFormat,
    /// `@sqlite-unproven`: a word sqlite3 would read as a command line that is not proven to
    /// only print the schema (anything but a listed dot-command such as `.tables`, or a plain
    /// name that a `-readonly` connection runs harmlessly as SQL: `analyze::sqlite_unproven`).
    SqliteUnproven,
    /// `@rust-target-unproven`: a target rustc would read as a target specification file, any
    /// value but one of its built-in targets (`programs::is_builtin_rust_target`): a path, a
    /// `.json` file, or another name, which rustc looks for as NAME.json in `RUST_TARGET_PATH`
    /// or the working directory (a specification's `default-codegen-backend` names a library
    /// rustc loads). `@cargo-target-unproven`: the same for cargo's `--target`, which also
    /// takes `all` (every platform, no target passed to rustc).
    RustTargetUnproven(bool),
    /// `@python-print-code`, `@node-print-code`: one-liner code the closed reader
    /// (`analyze::inline_code`) proves to only print; `@python-other-code`, `@node-other-code`:
    /// any other code, or code known only at run time.
    InlineCode(crate::analyze::inline_code::Lang, bool),
    /// `@perl-filter-code`: Perl one-liner code the closed reader (`analyze::perl_code`)
    /// proves to only compute and print; `@perl-other-code`: any other code, or code known
    /// only at run time.
    PerlCode(bool),
    /// `@perl-open-mode`: a name Perl's two-argument `open` (the `-n`/`-p` loop's `<>`, and
    /// tools written in Perl that open their operands so) reads as a mode rather than a file:
    /// one beginning with `<`, `>`, `+`, `|` or `&` (a pipe from a command, a write, a duplicated
    /// descriptor), or ending with `|` (a pipe from a command), white space first or last (which
    /// `open` strips), or `-` (standard input, or a switch); and any name known only at run
    /// time. Every name a glob expands to begins and ends as the glob does when its first and
    /// last characters are literal (`src/*.rs`), so only a glob whose edge is a wildcard may
    /// expand to one.
    PerlOpenMode,
    /// `not:WORD[,WORD…]`: any word but those listed (a value known only at run time
    /// included): `-m` given any module but `json.tool` or `site`, with no regex to compile.
    Except(Text),
    /// A token glob (`*.pem`, `/dev/sd*`), compiled on first use.
    Glob(Text, OnceLock<Option<Glob>>),
    /// `re:…`: what it needs literally, and the regex, compiled on first use when the
    /// literals do not decide.
    Regex(Box<RegexPattern>),
    /// Exact text.
    Literal(Text),
}

impl ArgPattern {
    /// Parse a pattern as written in a policy.
    #[cfg(test)]
    pub(crate) fn parse(text: &str) -> Result<ArgPattern, String> {
        ArgPattern::compile(Text::Owned(text.to_owned()), false)
    }

    /// [`ArgPattern::parse`] keeping the text as it is (borrowed from the built-in policy's
    /// packed text, nothing allocated). `trusted` skips checking a glob now: the built-in
    /// policy's globs are checked by the test suite, a person's at load.
    pub(crate) fn compile(text: Text, trusted: bool) -> Result<ArgPattern, String> {
        if let Some(class) = text.strip_prefix('@') {
            return match class {
                "root" => Ok(ArgPattern::Root),
                "home" => Ok(ArgPattern::Home),
                "system" => Ok(ArgPattern::System),
                "system-path" => Ok(ArgPattern::SystemPath),
                "workspace-root" => Ok(ArgPattern::WorkspaceRoot),
                "outside-workspace" => Ok(ArgPattern::OutsideWorkspace),
                "dynamic" => Ok(ArgPattern::Dynamic),
                "any" => Ok(ArgPattern::Any),
                "written-file" => Ok(ArgPattern::WrittenFile),
                "sed-runs-or-writes" => Ok(ArgPattern::SedRunsOrWrites),
                "awk-runs-or-writes" => Ok(ArgPattern::AwkRunsOrWrites),
                "kubectl-record-format" => Ok(ArgPattern::KubectlRecordFormat),
                "sqlite-unproven" => Ok(ArgPattern::SqliteUnproven),
                "rust-target-unproven" => Ok(ArgPattern::RustTargetUnproven(false)),
                "cargo-target-unproven" => Ok(ArgPattern::RustTargetUnproven(true)),
                "python-print-code" => Ok(ArgPattern::InlineCode(Lang::Python, true)),
                "python-other-code" => Ok(ArgPattern::InlineCode(Lang::Python, false)),
                "node-print-code" => Ok(ArgPattern::InlineCode(Lang::Node, true)),
                "node-other-code" => Ok(ArgPattern::InlineCode(Lang::Node, false)),
                "perl-filter-code" => Ok(ArgPattern::PerlCode(true)),
                "perl-other-code" => Ok(ArgPattern::PerlCode(false)),
                "perl-open-mode" => Ok(ArgPattern::PerlOpenMode),
                other => Err(format!(
                    "unknown path class `@{other}`; known: @root, @home, @system, @system-path, @workspace-root, @outside-workspace, @dynamic, @any, @written-file, @sed-runs-or-writes, @awk-runs-or-writes, @kubectl-record-format, @sqlite-unproven, @rust-target-unproven, @cargo-target-unproven, @python-print-code, @python-other-code, @node-print-code, @node-other-code, @perl-filter-code, @perl-other-code, @perl-open-mode"
                )),
            };
        }
        if text.starts_with("re:") {
            // Validated when a policy is checked (`validate`); read for its literals and
            // compiled on first use.
            let src = match text {
                Text::Borrowed(t) => Text::Borrowed(&t[3..]),
                Text::Owned(t) => Text::Owned(t[3..].to_owned()),
            };
            return Ok(ArgPattern::Regex(Box::new(RegexPattern {
                src,
                literals: OnceLock::new(),
                regex: OnceLock::new(),
            })));
        }
        if text.starts_with("not:") {
            let word = match text {
                Text::Borrowed(t) => Text::Borrowed(&t[4..]),
                Text::Owned(t) => Text::Owned(t[4..].to_owned()),
            };
            return Ok(ArgPattern::Except(word));
        }
        if text.contains(['*', '?', '[', '{']) {
            // Checked now (unless trusted), compiled on first use.
            if !trusted {
                Glob::new(&text).map_err(|e| format!("bad glob `{text}`: {e}"))?;
            }
            return Ok(ArgPattern::Glob(text, OnceLock::new()));
        }
        Ok(ArgPattern::Literal(text))
    }

    /// Could an unquoted glob operand (`m?`, `*`) expand to a word this pattern forbids? A
    /// literal word (`mv`): when the glob matches it. A token glob (`*=*`) or a regex: always, as
    /// a directory may hold any name. Path classes read the glob's own text, which fixes the
    /// part of the path they look at (`~/*`, `/etc/*`).
    pub(crate) fn literal_matched_by_glob(&self, glob: &str, dash_names: bool) -> bool {
        match self {
            ArgPattern::Literal(word) => {
                !word.contains('/') && Glob::new(glob).map_or(true, |g| g.is_match(word))
            }
            // `re:^-`, a word that begins with `-`: a glob written without a leading `-` can
            // only expand to one when the directory holds such a name (an unmatched glob stays
            // as written).
            ArgPattern::Regex(r) if r.src.starts_with("^-") => dash_names || glob.starts_with('-'),
            // A glob that matches nothing stays as written; the names it matches begin with its
            // first character and end with its last when those are literal. An extglob group
            // (`@(…)`) is not read.
            ArgPattern::PerlOpenMode => {
                let wild = |c: char| matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\');
                glob.contains('(')
                    || glob.starts_with(wild)
                    || glob.ends_with(wild)
                    || perl_open_mode(glob)
            }
            ArgPattern::Glob(..) | ArgPattern::Regex(..) | ArgPattern::Except(..) => true,
            _ => false,
        }
    }

    /// Does the argument match? `cwd` is the workspace root.
    pub(crate) fn matches(&self, arg: &Arg, cwd: &Path) -> bool {
        self.matches_text(
            arg.value.as_deref().unwrap_or(&arg.template),
            arg.value.is_none(),
            cwd,
        )
    }

    /// Could the argument match once bash has expanded it? As [`ArgPattern::matches`], and an
    /// unquoted glob that may expand to a path of the class (`/e??` may be `/etc`). What a
    /// deny or ask names, and what an allow forbids, is read so; what an allow needs is not.
    pub(crate) fn may_match(&self, arg: &Arg, cwd: &Path) -> bool {
        (arg.glob
            && matches!(self, ArgPattern::System)
            && crate::files::glob_may_be_system(&arg.template))
            || self.matches(arg, cwd)
    }

    /// Does an option's value match? `None`: the value is dynamic (or the option has none),
    /// which only `@dynamic` and `@any` match.
    pub(crate) fn matches_value(&self, value: Option<&str>, cwd: &Path) -> bool {
        match value {
            Some(v) => self.matches_text(v, false, cwd),
            None => matches!(
                self,
                ArgPattern::Dynamic
                    | ArgPattern::Any
                    | ArgPattern::Except(_)
                    | ArgPattern::InlineCode(_, false)
                    | ArgPattern::PerlCode(false)
            ),
        }
    }

    /// Does a word's text (its value, or its template when `dynamic`) match?
    fn matches_text(&self, text: &str, dynamic: bool, cwd: &Path) -> bool {
        match self {
            ArgPattern::Root => is_root(text),
            ArgPattern::Home => is_home(text),
            ArgPattern::System => system_depth(text).is_some_and(|d| d <= 2),
            ArgPattern::SystemPath => system_depth(text).is_some(),
            ArgPattern::WorkspaceRoot => is_workspace_root(text, cwd),
            ArgPattern::OutsideWorkspace => is_outside(text, cwd),
            ArgPattern::Dynamic => dynamic,
            ArgPattern::Any => true,
            ArgPattern::WrittenFile => {
                let pipe = dynamic && text == ">(…)";
                let null = matches!(text, "/dev/null" | "/dev/stdout" | "/dev/stderr");
                !(pipe || null)
            }
            ArgPattern::SedRunsOrWrites => crate::analyze::sed::read(text).runs_or_writes(),
            ArgPattern::AwkRunsOrWrites => {
                dynamic || crate::analyze::awk::read_with(text, &[]).runs_or_writes()
            }
            ArgPattern::KubectlRecordFormat => dynamic || kubectl_prints_records(text),
            ArgPattern::SqliteUnproven => dynamic || crate::analyze::sqlite_unproven(text),
            ArgPattern::RustTargetUnproven(cargo) => {
                dynamic
                    || !(crate::programs::is_builtin_rust_target(text) || *cargo && text == "all")
            }
            ArgPattern::InlineCode(lang, prints) => {
                let proven = !dynamic && crate::analyze::inline_code::prints_only(*lang, text);
                proven == *prints
            }
            ArgPattern::PerlCode(filters) => {
                let proven = !dynamic && crate::analyze::perl_code::filters_only(text);
                proven == *filters
            }
            ArgPattern::PerlOpenMode => dynamic || perl_open_mode(text),
            ArgPattern::Glob(src, cell) => cell
                .get_or_init(|| Glob::new(src).ok())
                .as_ref()
                .is_some_and(|g| g.is_match(text)),
            ArgPattern::Regex(p) => p.literals().decide(text).unwrap_or_else(|| {
                p.regex
                    .get_or_init(|| Regex::new(&p.src).ok())
                    .as_ref()
                    .is_some_and(|r| r.is_match(text))
            }),
            ArgPattern::Except(w) => dynamic || !w.split(',').any(|x| x == text),
            ArgPattern::Literal(l) => text == &**l,
        }
    }
}

/// A `re:` pattern.
#[derive(Debug)]
pub(crate) struct RegexPattern {
    src: Text,
    /// What any match needs literally (the regex engine has no literal optimisations), read
    /// on first use.
    literals: OnceLock<Literals>,
    regex: OnceLock<Option<Regex>>,
}

impl RegexPattern {
    fn literals(&self) -> &Literals {
        self.literals.get_or_init(|| Literals::of(&self.src))
    }
}

impl ArgPattern {
    /// Compile what is compiled lazily, to report errors at load (used for policies a person
    /// wrote; the built-in policy is validated by the test suite instead).
    pub(crate) fn validate(&self) -> Result<(), String> {
        match self {
            ArgPattern::Regex(p) => Regex::new(&p.src)
                .map(|_| ())
                .map_err(|e| format!("bad regular expression `{}`: {e}", p.src)),
            ArgPattern::Glob(src, _) => Glob::new(src)
                .map(|_| ())
                .map_err(|e| format!("bad glob `{src}`: {e}")),
            _ => Ok(()),
        }
    }
}

/// Does Perl's two-argument `open` read `name` as a mode ([`ArgPattern::PerlOpenMode`])?
fn perl_open_mode(name: &str) -> bool {
    name.starts_with(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '+' | '|' | '&' | '-'))
        || name.ends_with(|c: char| c.is_whitespace() || c == '|')
}

fn is_workspace_root(text: &str, cwd: &Path) -> bool {
    let t = trim_path(text);
    if matches!(t, "." | "./" | "$PWD" | "${PWD}" | "$(pwd)") {
        return true;
    }
    if t.starts_with('/') {
        let normal = crate::files::normalize_abs(t);
        return Path::new(&normal) == cwd;
    }
    false
}

fn is_outside(text: &str, cwd: &Path) -> bool {
    if text.starts_with('~') || text.starts_with("$HOME") || text.starts_with("${HOME}") {
        return true;
    }
    if text.starts_with('/') {
        let normal = crate::files::normalize_abs(text);
        return !Path::new(&normal).starts_with(cwd);
    }
    // Relative: does `..` climb out?
    let mut depth: i64 = 0;
    for seg in text.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                depth -= 1;
                if depth < 0 {
                    return true;
                }
            }
            _ => depth += 1,
        }
    }
    false
}

/// A Claude Code permission string `Bash(…)`, compiled to a regex over a unit's command line.
#[derive(Debug)]
pub(crate) struct ClaudePattern {
    /// The text inside `Bash(…)`.
    pub text: String,
    /// The literal pieces between the `*`s of the pattern (`*://*` → `""`, `://`, `""`).
    pieces: Vec<String>,
    /// `:*` or ` *` at the end: the command alone, or followed by a space and anything.
    open_tail: bool,
}

impl ClaudePattern {
    /// Parse `Bash(git log:*)`, `Bash(npm run test *)`, `Bash(git status)`, `Bash` / `Bash(*)`.
    /// Returns `Ok(None)` for entries about other tools (`Read(…)`, `WebFetch`).
    pub(crate) fn parse(entry: &str) -> Result<Option<ClaudePattern>, String> {
        let entry = entry.trim();
        let inner = if entry == "Bash" {
            "*"
        } else if let Some(rest) = entry.strip_prefix("Bash(") {
            rest.strip_suffix(')')
                .ok_or_else(|| format!("`{entry}` has no closing parenthesis"))?
        } else {
            return Ok(None);
        };
        let inner = inner.trim();
        if inner.is_empty() {
            return Err(format!("`{entry}` is empty"));
        }
        let (body, open_tail) = match inner.strip_suffix(":*").or(inner.strip_suffix(" *")) {
            Some(body) => (body, true),
            None => (inner, false),
        };
        Ok(Some(ClaudePattern {
            text: inner.to_owned(),
            pieces: body.split('*').map(str::to_owned).collect(),
            open_tail,
        }))
    }

    /// Match a unit's command line (program and arguments joined by single spaces). A `*`
    /// matches any text, newlines too (an argument may hold one).
    pub(crate) fn matches(&self, line: &str) -> bool {
        wildcard(&self.pieces, None, line)
            || self.open_tail && wildcard(&self.pieces, Some(" "), line)
    }

    /// True when the pattern starts with a wildcard (it is broader than any one program).
    pub(crate) fn starts_wild(&self) -> bool {
        self.text.starts_with('*')
    }
}

/// Does `text` match the literal `pieces` with any text between them? With `then`, the last
/// piece is followed by `then` and any text.
fn wildcard(pieces: &[String], then: Option<&str>, text: &str) -> bool {
    let Some((first, rest)) = pieces.split_first() else {
        return false;
    };
    let Some(mut left) = text.strip_prefix(first.as_str()) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        // No `*`: the whole text, or the text and then `then`.
        return then.map_or(left.is_empty(), |t| left.starts_with(t));
    };
    for piece in middle {
        match left.find(piece.as_str()) {
            Some(at) => left = &left[at + piece.len()..],
            None => return false,
        }
    }
    match then {
        None => left.ends_with(last.as_str()),
        Some(t) => {
            let mut tail = last.clone();
            tail.push_str(t);
            left.contains(tail.as_str())
        }
    }
}

/// Does a kubectl output format (`-o VALUE`) print more of a record than fields known to hold
/// no environment values or data? Only `wide` and `name` print a table or names; a `jsonpath=`
/// template passes when every `{…}` block is `range .items[*]`, `end`, a quoted literal or a path
/// to a harmless field (optionally under `.items[*]`/`.items[N]`), and a `custom-columns=` list
/// when every column's path is one; any other format (`json`, `yaml`, `go-template`, the `-file`
/// forms, `jsonpath-as-json`, a format not known) does.
pub(crate) fn kubectl_prints_records(format: &str) -> bool {
    // `-o=json`: kubectl's flag parser drops the `=` after a one-letter option.
    let format = format.strip_prefix('=').unwrap_or(format);
    let (kind, template) = match format.split_once('=') {
        Some((k, t)) => (k, Some(t)),
        None => (format, None),
    };
    match (kind.to_ascii_lowercase().as_str(), template) {
        ("wide" | "name", None) => false,
        ("jsonpath", Some(t)) => !jsonpath_harmless(t),
        ("custom-columns", Some(t)) => !custom_columns_harmless(t),
        _ => true,
    }
}

/// The fields of pods, workloads and config maps that hold no environment value, command line or
/// data: names, labels, owners, phases, counts, images (a workload's and a cron job's pod
/// template's too), the node.
const KUBECTL_HARMLESS_FIELD: &str = r"(metadata\.(name|namespace|uid|creationTimestamp|resourceVersion|generation|labels(\.[A-Za-z0-9_-]+)?|ownerReferences\[([0-9]+|\*)\]\.(name|kind))|status\.(phase|podIP|hostIP|startTime|replicas|readyReplicas|availableReplicas|updatedReplicas|succeeded|failed|active|containerStatuses\[([0-9]+|\*)\]\.(name|ready|restartCount|image)|conditions\[([0-9]+|\*)\]\.(type|status))|spec\.(nodeName|replicas|containers\[([0-9]+|\*)\]\.(name|image))|spec\.(jobTemplate\.spec\.)?template\.spec\.containers\[([0-9]+|\*)\]\.(name|image))";

fn kubectl_field_regex(items: bool) -> Option<&'static Regex> {
    static WITH_ITEMS: OnceLock<Option<Regex>> = OnceLock::new();
    static COLUMN: OnceLock<Option<Regex>> = OnceLock::new();
    if items {
        WITH_ITEMS
            .get_or_init(|| {
                Regex::new(&format!(
                    r"^(\.items\[([0-9]+|\*)\])?\.{KUBECTL_HARMLESS_FIELD}$"
                ))
                .ok()
            })
            .as_ref()
    } else {
        COLUMN
            .get_or_init(|| Regex::new(&format!(r"^\.?{KUBECTL_HARMLESS_FIELD}$")).ok())
            .as_ref()
    }
}

/// A quoted literal of a jsonpath block: no quote, brace or backslash inside but `\n`, `\t`.
fn jsonpath_literal(block: &str) -> bool {
    let Some(inner) = block.strip_prefix('"').and_then(|b| b.strip_suffix('"')) else {
        return false;
    };
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' | '{' | '}' => return false,
            '\\' if !matches!(chars.next(), Some('n' | 't')) => return false,
            _ => {}
        }
    }
    true
}

fn jsonpath_harmless(template: &str) -> bool {
    let Some(field) = kubectl_field_regex(true) else {
        return false;
    };
    let mut rest = template;
    while !rest.is_empty() {
        let Some(open) = rest.find(['{', '}', '\\']) else {
            return true;
        };
        if !rest[open..].starts_with('{') {
            return false;
        }
        let Some(close) = rest[open..].find('}') else {
            return false;
        };
        let block = &rest[open + 1..open + close];
        if block.contains('{')
            || !(block == "end"
                || block == "range .items[*]"
                || jsonpath_literal(block)
                || field.is_match(block))
        {
            return false;
        }
        rest = &rest[open + close + 1..];
    }
    true
}

fn custom_columns_harmless(template: &str) -> bool {
    let Some(field) = kubectl_field_regex(false) else {
        return false;
    };
    template.split(',').all(|column| {
        column
            .split_once(':')
            .is_some_and(|(_, path)| field.is_match(path))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    #[test]
    fn kubectl_formats_print_records_unless_every_field_is_harmless() {
        for (format, records) in [
            ("wide", false),
            ("name", false),
            ("jsonpath={.items[*].metadata.name}", false),
            (
                "jsonpath={range .items[*]}{.metadata.name}{\"\\n\"}{end}",
                false,
            ),
            ("jsonpath={.metadata.name}:{.status.phase}", false),
            ("jsonpath={.items[0].spec.containers[*].image}", false),
            ("jsonpath={.items[*].metadata.labels.app}", false),
            (
                "jsonpath={.items[*].spec.template.spec.containers[0].image}",
                false,
            ),
            (
                "jsonpath={.spec.jobTemplate.spec.template.spec.containers[*].image}",
                false,
            ),
            ("jsonpath={.spec.template.spec.containers[0].env}", true),
            ("jsonpath={.spec.template.spec}", true),
            (
                "custom-columns=NAME:.metadata.name,STATUS:.status.phase",
                false,
            ),
            (
                "custom-columns=NAME:metadata.name,NODE:.spec.nodeName",
                false,
            ),
            ("json", true),
            ("yaml", true),
            ("go-template={{.}}", true),
            ("jsonpath", true),
            ("jsonpath-as-json={.items[*].metadata.name}", true),
            ("jsonpath-file=x.txt", true),
            ("custom-columns-file=cols.txt", true),
            ("jsonpath={.items[*].spec}", true),
            ("jsonpath={.items[*]}", true),
            ("jsonpath={.data}", true),
            ("jsonpath={.items[*].metadata}", true),
            ("jsonpath={.metadata.annotations}", true),
            ("jsonpath={..value}", true),
            ("jsonpath={.items[*]['spec']}", true),
            ("jsonpath={.items[*].spec.containers[*].env}", true),
            (
                "jsonpath={range .items[*].spec.containers[*]}{.env}{end}",
                true,
            ),
            ("jsonpath={$.items[*].metadata.name}", true),
            ("jsonpath={.metadata.name}{.data.password}", true),
            ("jsonpath={\"}{.data}{\"}", true),
            ("jsonpath=\\{.data}", true),
            ("jsonpath={.items[?(@.metadata.name==\"x\")].spec}", true),
            ("jsonpath={.metadata.name,.data}", true),
            (
                "custom-columns=NAME:.metadata.name,ENV:.spec.containers[*].env",
                true,
            ),
            ("custom-columns=DATA:.data", true),
            ("custom-columns=NAME", true),
            ("=wide", false),
            ("=jsonpath={.items[*].metadata.name}", false),
            ("=json", true),
            ("xml", true),
        ] {
            assert_eq!(kubectl_prints_records(format), records, "{format}");
        }
    }

    fn arg(t: &str) -> Arg {
        Arg::literal(t, Span::default())
    }

    fn dynamic(t: &str) -> Arg {
        Arg {
            value: None,
            template: t.into(),
            span: Span::default(),
            glob: false,
            tilde: false,
            brace: false,
            shaped: false,
            splits: false,
        }
    }

    #[test]
    fn path_classes() {
        let cwd = Path::new("/work/proj");
        let table: &[(&str, &str, bool)] = &[
            ("@rust-target-unproven", "x86_64-unknown-linux-gnu", false),
            ("@rust-target-unproven", "wasm32-unknown-unknown", false),
            ("@rust-target-unproven", "./evil.json", true),
            ("@rust-target-unproven", "spec.json", true),
            ("@rust-target-unproven", "x86_64-evil-linux", true),
            ("@rust-target-unproven", "all", true),
            ("@cargo-target-unproven", "all", false),
            ("@cargo-target-unproven", "aarch64-apple-darwin", false),
            ("@cargo-target-unproven", "/tmp/t.json", true),
            ("@root", "/", true),
            ("@root", "//", true),
            ("@root", "/*", true),
            ("@root", "/.", true),
            ("@root", "/..", true),
            ("@root", "/tmp", false),
            ("@root", ".", false),
            ("@home", "~", true),
            ("@home", "~/", true),
            ("@home", "~/*", true),
            ("@home", "~root", true),
            ("@home", "~/src", false),
            ("@home", "/home/alice", true),
            ("@home", "/home/alice/x", false),
            ("@system", "/etc", true),
            ("@system", "/usr/lib", true),
            ("@system", "/usr/lib/x/y", false),
            ("@system", "/tmp/x", false),
            ("@system-path", "/usr/lib/x/y", true),
            ("@workspace-root", ".", true),
            ("@workspace-root", "./", true),
            ("@workspace-root", "/work/proj", true),
            ("@workspace-root", "/work/proj/src", false),
            ("@outside-workspace", "../x", true),
            ("@outside-workspace", "a/../../x", true),
            ("@outside-workspace", "a/../b", false),
            ("@outside-workspace", "/etc/x", true),
            ("@outside-workspace", "/work/proj/x", false),
            ("*.pem", "key.pem", true),
            ("*.pem", "dir/key.pem", true),
            ("*.pem", "key.pub", false),
            ("re:^id_(rsa|ed25519)$", "id_rsa", true),
            ("re:^id_(rsa|ed25519)$", "id_rsa.pub", false),
            ("/dev/sd*", "/dev/sda", true),
        ];
        for (pat, text, want) in table {
            let p = ArgPattern::parse(pat).unwrap_or(ArgPattern::Literal(Text::Borrowed("")));
            assert_eq!(p.matches(&arg(text), cwd), *want, "{pat} vs {text}");
        }
        let home = ArgPattern::Home;
        for t in ["$HOME", "${HOME}", "$HOME/", "$HOME/*"] {
            assert!(home.matches(&dynamic(t), cwd), "{t}");
        }
        assert!(!home.matches(&dynamic("$HOME/src"), cwd));
    }

    /// A glob operand can expand to a word a rule forbids: a literal it matches, any word for
    /// a token glob or a regex, and a word beginning with `-` (`re:^-`) only when the
    /// directory may hold such a name or the glob itself begins with `-`.
    #[test]
    fn globs_that_may_expand_to_a_forbidden_word() {
        let p = |t: &str| ArgPattern::parse(t).unwrap_or_else(|e| panic!("{e}"));
        assert!(p("mv").literal_matched_by_glob("m?", false));
        assert!(!p("mv").literal_matched_by_glob("*.txt", true));
        assert!(p("re:^[0-9]+$").literal_matched_by_glob("*", false));
        assert!(!p("re:^-").literal_matched_by_glob("*", false));
        assert!(p("re:^-").literal_matched_by_glob("*", true));
        assert!(p("re:^-").literal_matched_by_glob("-*", false));
        assert!(p("*=*").literal_matched_by_glob("*", false));
    }

    /// Perl's two-argument `open` reads a leading `<`, `>`, `+`, `|`, `&`, `-` or white space
    /// and a trailing `|` or white space as a mode; a glob may expand to such a name only when
    /// its first or last character is not literal.
    #[test]
    fn perl_open_modes_and_the_globs_that_may_expand_to_one() {
        let p = ArgPattern::PerlOpenMode;
        let cwd = Path::new("/work/proj");
        for name in [
            "id|", "|id", ">out", ">>log", "+<f", "<&=0", "&3", "-", "-e", " |id", "x |", "x\n",
        ] {
            assert!(p.matches(&arg(name), cwd), "{name:?}");
        }
        for name in ["src/main.rs", "a-b.txt", "notes.txt", "x|y.txt", "a>b"] {
            assert!(!p.matches(&arg(name), cwd), "{name:?}");
        }
        assert!(p.matches(&dynamic("$f"), cwd));
        for glob in [
            "*.rs",
            "src/*",
            "?x",
            "[ab].rs",
            "src/x[ab]",
            ">*.rs",
            "./*|",
            " src/*.rs",
            "s@(x|y)",
            "{a,b}*",
        ] {
            assert!(p.literal_matched_by_glob(glob, false), "{glob:?}");
        }
        for glob in [
            "src/*.rs",
            "src/**/*.rs",
            "s?c/m[ab]in.rs",
            "chapters/*.tex",
        ] {
            assert!(!p.literal_matched_by_glob(glob, true), "{glob:?}");
        }
    }

    #[test]
    fn except_lists_the_words_it_leaves_out() {
        let p = |t: &str| ArgPattern::parse(t).unwrap_or_else(|e| panic!("{e}"));
        let cwd = Path::new("/w");
        let not = p("not:json.tool,site");
        for (word, matched) in [
            ("json.tool", false),
            ("site", false),
            ("sitex", true),
            ("json.tool,site", true),
            ("site,json.tool", true),
            ("", true),
            ("http.server", true),
        ] {
            assert_eq!(not.matches_value(Some(word), cwd), matched, "{word}");
        }
        assert!(
            not.matches_value(None, cwd),
            "a value known only at run time"
        );
        assert!(!p("not:json.tool").matches_value(Some("json.tool"), cwd));
        assert!(p("not:json.tool").matches_value(Some("site"), cwd));
    }

    #[test]
    fn claude_patterns() {
        let table: &[(&str, &str, bool)] = &[
            ("Bash(git status)", "git status", true),
            ("Bash(git status)", "git status -s", false),
            ("Bash(git log:*)", "git log", true),
            ("Bash(git log:*)", "git log --oneline", true),
            ("Bash(git log:*)", "git logout", false),
            ("Bash(npm run test *)", "npm run test", true),
            ("Bash(npm run test *)", "npm run test --watch", true),
            ("Bash(npm run test *)", "npm run testx", false),
            ("Bash(ls*)", "lsof", true),
            ("Bash(ls *)", "lsof", false),
            ("Bash(git * main)", "git push origin main", true),
            ("Bash(*)", "anything at all", true),
            ("Bash", "x", true),
            ("Bash(*://*)", "curl http://x", true),
            ("Bash(*://*)", "curl x", false),
            ("Bash(* --* --*)", "a --b --c", true),
            ("Bash(* --* --*)", "a --b", false),
            ("Bash(a*b*c)", "abc", true),
            ("Bash(a*b*c)", "acb", false),
            ("Bash(ab*ba)", "aba", false),
            ("Bash(ab*ba)", "abba", true),
            ("Bash(git * main:*)", "git push origin main --force", true),
            ("Bash(git * main:*)", "git push origin mainline", false),
            ("Bash(echo *x)", "echo a\nx", true),
        ];
        for (pat, line, want) in table {
            let p = ClaudePattern::parse(pat).ok().flatten();
            assert_eq!(p.is_some_and(|p| p.matches(line)), *want, "{pat} vs {line}");
        }
        assert!(matches!(ClaudePattern::parse("Read(./x)"), Ok(None)));
        assert!(ClaudePattern::parse("Bash(git").is_err());
    }
}
