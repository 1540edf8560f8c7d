//! Where each unit of a line runs: the working directory as `cd`, `chdir`, `pushd` and `popd`
//! move it, and the symbolic links the line makes (`ln -s`), unit by unit in the order they
//! are written. Every check and the path policy read this one model; none follows `cd` itself.
//!
//! Bash's moves are followed as bash makes them:
//! - a `cd` whose target is not a directory now may fail and leave the shell where it was
//!   (`cd build; make`: `make` may run in either); both directories count;
//! - `cd -`, `cd ~-` and `$OLDPWD` go back where the last `cd` that succeeded came from, and
//!   before any, to a directory the line does not show;
//! - `pushd DIR`, `pushd` alone (the top two entries swapped), `pushd -n DIR`, `popd`,
//!   `popd -n` keep a directory stack; entries the line did not push are not known;
//! - a target known only at run time (`cd "$D"`, `` cd `pwd` ``, a glob, `~user`, `~-N`, a
//!   relative name while `CDPATH` is set) is [`Dir::Unknown`]; `$HOME/…` is the home
//!   directory's, `~+` the current one;
//! - a move inside a subshell, a pipeline stage, a substitution, a background job or a nested
//!   shell ends with it: later units may run where it led or where it left (both count);
//! - a move in a loop body or a function runs again, after units written later: every unit of
//!   the line may run in a directory the line does not show, and so may a function's body on
//!   a line that moves at all;
//! - a directory the line may run in more than [`MAX_STATES`] ways is not known.
//!
//! - a move that may not run (in the right side of `&&` or `||`, an `if` body, a `case` arm)
//!   may leave the shell as it was; a target known only at run time may fail like a missing
//!   one;
//! - what runs only when a move succeeded (`cd x && y`) or failed (`cd x || y`) is judged only
//!   where that outcome leaves the shell, and an `exit` there ends those ways (`cd x || exit;
//!   y`: `y` runs in `x`).
//!
//! **Known gaps**: directories a script or an earlier command line entered are not seen.

use std::path::{Path, PathBuf};

use super::common::{prog, text};
use crate::analyze::{Analysis, Arg, Context, Unit};
use crate::files::{Look, lexical};

/// An entry of the directory stack the line did not push.
const POPD: &str = "a directory-stack entry the line does not show";

/// How many different states of the shell (directory, `OLDPWD`, stack) are followed at once.
const MAX_STATES: usize = 4;

/// A directory a unit may run in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Dir {
    /// Known now: absolute and resolved as the kernel resolves it (links on disk and those the
    /// line made followed).
    At(PathBuf),
    /// The top of the work tree git finds from the workspace (`cd "$(git rev-parse
    /// --show-toplevel)"` run in it): git finds the same repository from there.
    RepoTop,
    /// Known only at run time: the word that named it, as written (`$D`, `-`, `popd`).
    Unknown(String),
}

/// The shell's state for directories. Bash keeps directories as `PWD` shows them (`cd -L`,
/// its default: `cd link/..` is where the link is, not above where it leads), the kernel as
/// the links lead.
#[derive(Debug, Clone, PartialEq, Eq)]
struct State {
    /// `PWD`: the directory as bash names it.
    dir: Dir,
    /// The same directory with every link followed: what the kernel looks in.
    phys: Dir,
    /// `OLDPWD`, as bash names it.
    old: Dir,
    /// The directory stack below its top (the current directory), last pushed last.
    stack: Vec<Dir>,
    /// The move that led to this state and whether it succeeded, for the code after it that
    /// runs only when it did (`cd x && y`) or did not (`cd x || y`); `None` when no move did,
    /// or when states of both outcomes were merged.
    by: Option<(usize, bool)>,
}

/// A symbolic link the line makes: the unit that makes it, where it is (absolute, normalised
/// on the text) and the path it leads to (absolute, not yet resolved).
#[derive(Debug, Clone)]
struct Link {
    unit: usize,
    at: PathBuf,
    leads: PathBuf,
}

/// Where each unit of a line runs ([module docs](self)).
#[derive(Debug)]
pub(crate) struct LineDirs {
    /// Each unit's directories, the one every `cd` before it that may succeed led to first;
    /// empty when no unit moves (each runs in `start`).
    units: Vec<Vec<Dir>>,
    /// Each unit's values of `OLDPWD` (`$OLDPWD`, `~-`) as bash names them; empty when no
    /// unit moves (the line does not show it).
    olds: Vec<Vec<Dir>>,
    links: Vec<Link>,
}

/// [`LineDirs`] with the directory the line starts in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dirs<'a> {
    start: &'a Path,
    line: &'a LineDirs,
}

impl<'a> Dirs<'a> {
    /// The directories unit `i` may run in.
    pub(crate) fn of(self, i: usize) -> UnitDirs<'a> {
        UnitDirs {
            start: self.start,
            dirs: self.line.units.get(i).map_or(&[][..], Vec::as_slice),
        }
    }

    /// The values `OLDPWD` (`$OLDPWD`, `~-`) may have when unit `i` runs: the directories the
    /// line's own moves left, or one it does not show.
    pub(crate) fn old(self, i: usize) -> impl Iterator<Item = DirRef<'a>> {
        const UNSHOWN: &str = "`$OLDPWD`, a directory the line does not show";
        let olds = self.line.olds.get(i).map_or(&[][..], Vec::as_slice);
        let none = olds.is_empty().then_some(DirRef::Unknown(UNSHOWN));
        none.into_iter().chain(olds.iter().map(|d| match d {
            Dir::At(p) => DirRef::At(p),
            Dir::RepoTop => DirRef::RepoTop,
            Dir::Unknown(w) => DirRef::Unknown(w),
        }))
    }

    /// Path resolution for unit `i`, in the one directory it runs in when that is known now
    /// ([`UnitDirs::certain`]), through the links the line made before it.
    pub(crate) fn resolver<'l>(self, i: usize, look: Look<'l>) -> Resolver<'a, 'l> {
        let links = &self.line.links;
        let made = links.partition_point(|l| l.unit < i);
        Resolver {
            dir: self.of(i).certain(),
            links: &links[..made],
            look,
        }
    }
}

/// The directories one unit may run in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnitDirs<'a> {
    start: &'a Path,
    dirs: &'a [Dir],
}

impl<'a> UnitDirs<'a> {
    /// Every directory the unit may run in, the one every earlier `cd` led to first.
    pub(crate) fn iter(self) -> impl Iterator<Item = DirRef<'a>> {
        let start = self.dirs.is_empty().then_some(DirRef::At(self.start));
        start.into_iter().chain(self.dirs.iter().map(|d| match d {
            Dir::At(p) => DirRef::At(p),
            Dir::RepoTop => DirRef::RepoTop,
            Dir::Unknown(w) => DirRef::Unknown(w),
        }))
    }

    /// The directories known now.
    pub(crate) fn known(self) -> impl Iterator<Item = &'a Path> {
        self.iter().filter_map(|d| match d {
            DirRef::At(p) => Some(p),
            _ => None,
        })
    }

    /// Whether the unit may run somewhere other than where the line started.
    pub(crate) fn moved(self) -> bool {
        !self.dirs.is_empty() && !matches!(self.dirs, [Dir::At(p)] if p == self.start)
    }

    /// Whether the unit may run in a directory known only at run time (the top of the
    /// repository included).
    pub(crate) fn unknown(self) -> bool {
        self.dirs.iter().any(|d| !matches!(d, Dir::At(_)))
    }

    /// The directory every earlier `cd` led to, when every directory the unit may run in is
    /// known now (a failed `cd` leaves the unit in a known one).
    pub(crate) fn certain(self) -> Option<&'a Path> {
        if self.unknown() {
            return None;
        }
        self.known().next()
    }
}

/// A borrowed [`Dir`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DirRef<'a> {
    At(&'a Path),
    RepoTop,
    Unknown(&'a str),
}

/// Adds `n` to `states` unless it is there; a state there that differs only in the move that led
/// to it becomes one of no known move.
fn add_state(states: &mut Vec<State>, n: State) {
    if let Some(s) = states
        .iter_mut()
        .find(|s| s.dir == n.dir && s.phys == n.phys && s.old == n.old && s.stack == n.stack)
    {
        if s.by != n.by {
            s.by = None;
        }
    } else {
        states.push(n);
    }
}

/// Whether the unit may be skipped when the line runs (in the right side of `&&` or `||`, a body
/// of `if` or one of its later conditions, a `case` arm), and if so whether what holds it
/// (the innermost) succeeds when it is skipped: not the right side of `&&`.
fn may_not_run(analysis: &Analysis, u: &Unit) -> Option<bool> {
    let innermost = analysis
        .branches
        .skippable
        .iter()
        .filter(|(b, _)| b.start <= u.span.start && u.span.end <= b.end)
        .min_by_key(|(b, _)| b.len());
    match innermost {
        Some(&(_, after_and)) => Some(!after_and),
        None => u.in_context(Context::Case).then_some(true),
    }
}

/// For each unit, the outcomes of moves that keep it from running: for each `left && right`
/// (`||`) whose right side holds it and whose left side ends with a move (its last unit, in the
/// shell itself, no `!` before it), that move failing (succeeding); after `&&`, also what kept
/// that move from running after an `&&` of its own (`cd a && cd b && y`: not where `cd a`
/// failed).
fn excluded_outcomes(analysis: &Analysis) -> Vec<Vec<(usize, bool)>> {
    let units = &analysis.units;
    // Each list's left side's last unit, when it is a move of the shell itself.
    let lists: Vec<(usize, crate::ast::AndOrOp, crate::ast::Span)> = analysis
        .branches
        .and_or
        .iter()
        .filter_map(|&(left, op, right)| {
            let negated = analysis
                .input
                .get(left.start..left.end)
                .is_none_or(|t| t.contains('!'));
            let (k, v) = units
                .iter()
                .enumerate()
                .filter(|(_, v)| left.start <= v.span.start && v.span.end <= left.end)
                .max_by_key(|(_, v)| v.span.end)?;
            (moves(v) && !ends_with_scope(v) && !negated).then_some((k, op, right))
        })
        .collect();
    let mut all: Vec<Vec<(usize, bool)>> = Vec::with_capacity(units.len());
    // What `&&` lists alone keep each unit from.
    let mut after_and: Vec<Vec<(usize, bool)>> = Vec::with_capacity(units.len());
    for u in units {
        let mut out = Vec::new();
        let mut and_only = Vec::new();
        for &(k, op, right) in &lists {
            if !(right.start <= u.span.start && u.span.end <= right.end) {
                continue;
            }
            let or = op == crate::ast::AndOrOp::Or;
            out.push((k, or));
            if !or {
                and_only.push((k, false));
                // Earlier units only: what is known so far.
                if let Some(before) = after_and.get(k) {
                    out.extend(before.iter().copied());
                    and_only.extend(before.iter().copied());
                }
            }
        }
        all.push(out);
        after_and.push(and_only);
    }
    all
}

/// Builtins that change the working directory.
fn moves(u: &Unit) -> bool {
    prog(u).is_some_and(crate::programs::is_directory_change)
}

/// Contexts whose moves end with them: a subshell (a pipeline stage, a substitution, a
/// background job), or another shell.
fn ends_with_scope(u: &Unit) -> bool {
    u.context.iter().any(|c| {
        matches!(
            c,
            Context::Pipeline
                | Context::Subshell
                | Context::Substitution
                | Context::ProcessSubstitution
                | Context::Background
                | Context::NestedShell
                | Context::StdinCode
                | Context::Xargs
                | Context::FindExec
                | Context::ConfigCommand
        )
    })
}

impl LineDirs {
    /// Follows the units of `analysis`, which start in `start`; `workspace` is the checkout
    /// (what `cd "$(git rev-parse --show-toplevel)"` from inside it leads to the top of).
    pub(crate) fn new(analysis: &Analysis, start: &Path, workspace: &Path, look: Look<'_>) -> Self {
        let mut line = LineDirs {
            units: Vec::new(),
            olds: Vec::new(),
            links: Vec::new(),
        };
        let units = &analysis.units;
        if !units.iter().any(|u| moves(u) || prog(u) == Some("ln")) {
            return line;
        }
        let any_move = units.iter().any(moves);
        // A move that runs again, after units written later.
        let again = units
            .iter()
            .any(|u| moves(u) && (u.in_context(Context::Loop) || u.in_context(Context::Function)));
        // `set -P`, `set -o physical`: every `cd` follows links as it goes (`cd -P`).
        let physical = units.iter().any(|u| {
            prog(u) == Some("set")
                && u.args().map(text).any(|w| {
                    w == "physical" || w.starts_with('-') && !w.starts_with("--") && w.contains('P')
                })
        });
        let mut states = vec![State {
            dir: Dir::At(start.to_path_buf()),
            phys: Dir::At(start.to_path_buf()),
            old: Dir::Unknown("`$OLDPWD`, a directory the line does not show".to_owned()),
            stack: Vec::new(),
            by: None,
        }];
        let excluded = excluded_outcomes(analysis);
        for (i, u) in units.iter().enumerate() {
            // The states this unit may run in: not those of a move whose outcome keeps it from
            // running (`cd x && y`: not where a failed `cd x` left the shell).
            let (mut active, skipped): (Vec<State>, Vec<State>) = states
                .iter()
                .cloned()
                .partition(|s| !s.by.is_some_and(|b| excluded[i].contains(&b)));
            let skipped = if active.is_empty() {
                active = skipped;
                Vec::new()
            } else {
                skipped
            };
            // A loop or a function may move it anywhere before this unit runs again.
            let moved = again || any_move && u.in_context(Context::Function);
            line.units.push(distinct(
                active.iter().map(|s| &s.phys),
                moved.then_some("a directory a loop or a function of the line moves to"),
            ));
            line.olds.push(distinct(
                active.iter().map(|s| &s.old),
                moved.then_some("a directory a loop or a function of the line moves from"),
            ));
            // `cd x || exit`: the shell ends in the states this `exit` runs in; the others go
            // on.
            if prog(u) == Some("exit")
                && !skipped.is_empty()
                && !ends_with_scope(u)
                && !u.in_context(Context::Function)
            {
                states = skipped;
                continue;
            }
            if prog(u) == Some("ln") {
                if let Some(Dir::At(dir)) = active.first().map(|s| &s.phys) {
                    let dir = dir.clone();
                    line.note_links(i, u, &dir, look);
                }
                continue;
            }
            if !moves(u) {
                continue;
            }
            let mut next: Vec<State> = Vec::with_capacity(states.len() * 2);
            for s in &active {
                for mut n in line.step(i, s, u, analysis, workspace, physical, look) {
                    // The state it was in: the move failed (or changed nothing).
                    n.by = Some((i, n != *s));
                    add_state(&mut next, n);
                }
            }
            // A move in a scope that ends, or one that may not run at all (a branch), may
            // leave the shell as it was: for what runs after the list it ends, as after the
            // move failed when the list failed (`[ -d b ] && cd b && y`) and as after it
            // succeeded when not (`true || cd b && y`, an `if` with no branch taken).
            let skipped_as = may_not_run(analysis, u);
            if ends_with_scope(u) || skipped_as.is_some() {
                for s in &active {
                    let mut kept = s.clone();
                    if !ends_with_scope(u) {
                        kept.by = skipped_as.map(|ok| (i, ok));
                    }
                    add_state(&mut next, kept);
                }
            }
            // The states in which this unit does not run go on unchanged.
            for s in skipped {
                add_state(&mut next, s);
            }
            states = if next.len() > MAX_STATES {
                let lost =
                    || Dir::Unknown("a directory the line may reach in too many ways".into());
                vec![State {
                    dir: lost(),
                    phys: lost(),
                    old: lost(),
                    stack: Vec::new(),
                    by: None,
                }]
            } else {
                next
            };
        }
        line
    }

    /// The model seen from `start`, the directory the line was followed from (kept out of the
    /// model so a line that does not move copies no path).
    pub(crate) fn view<'a>(&'a self, start: &'a Path) -> Dirs<'a> {
        Dirs { start, line: self }
    }

    /// The states unit `i` (a `cd`, `chdir`, `pushd` or `popd`) leaves the shell in, from `s`.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        i: usize,
        s: &State,
        u: &Unit,
        analysis: &Analysis,
        workspace: &Path,
        physical: bool,
        look: Look<'_>,
    ) -> Vec<State> {
        let unknown = |w: &str| Dir::Unknown(w.to_owned());
        let words: Vec<&str> = u.args().map(text).collect();
        let program = prog(u).unwrap_or("cd");
        // To `to`, as bash names it.
        let go = |s: &State, to: Dir| State {
            old: s.dir.clone(),
            phys: match &to {
                Dir::At(p) => Dir::At(
                    self.resolve_from(&p.to_string_lossy(), Path::new("/"), i, look)
                        .0,
                ),
                other => other.clone(),
            },
            dir: to,
            stack: s.stack.clone(),
            by: s.by,
        };
        match program {
            "popd" => {
                let mut n = s.clone();
                return match words[..] {
                    [] => {
                        let back = n.stack.pop().unwrap_or_else(|| unknown(POPD));
                        vec![go(&n, back)]
                    }
                    ["-n"] => {
                        n.stack.pop();
                        vec![n]
                    }
                    _ => vec![State {
                        dir: unknown(POPD),
                        phys: unknown(POPD),
                        old: s.dir.clone(),
                        stack: Vec::new(),
                        by: s.by,
                    }],
                };
            }
            "pushd" => {
                let stack_word = |w: &&str| {
                    w.len() > 1
                        && w.starts_with(['+', '-'])
                        && w[1..].bytes().all(|b| b.is_ascii_digit())
                };
                let operand = words.iter().find(|w| !w.starts_with('-') || stack_word(w));
                match operand {
                    // `pushd -n` alone rotates the stack and stays.
                    None if words.contains(&"-n") => {
                        let mut n = s.clone();
                        n.stack.clear();
                        return vec![n];
                    }
                    // `pushd` alone swaps the top two entries.
                    None => {
                        let mut n = s.clone();
                        let top = n.stack.pop().unwrap_or_else(|| unknown(POPD));
                        n.stack.push(s.dir.clone());
                        return vec![go(&n, top)];
                    }
                    // `+N`/`-N` rotate the stack.
                    Some(w) if stack_word(w) => {
                        return vec![State {
                            dir: unknown(POPD),
                            phys: unknown(POPD),
                            old: s.dir.clone(),
                            stack: Vec::new(),
                            by: s.by,
                        }];
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        let Some(written) = target_text(u) else {
            return vec![s.clone()];
        };
        let arg = u
            .args()
            .find(|a| !text(a).starts_with('-') || text(a) == "-");
        // `cd -P`: links are followed as the target is walked (the last of `-L` and `-P`
        // counts).
        let physical = words
            .iter()
            .take_while(|w| w.starts_with('-') && **w != "-" && **w != "--")
            .flat_map(|w| w.chars())
            .fold(physical, |p, c| match c {
                'P' => true,
                'L' => false,
                _ => p,
            });
        let to = self.target(i, s, &written, arg, analysis, workspace, physical, look);
        // `pushd -n DIR`: DIR goes onto the stack; the shell stays.
        if program == "pushd" && words.contains(&"-n") {
            let mut n = s.clone();
            n.stack.push(to);
            return vec![n];
        }
        // A target that is not a directory now leaves the shell where it was when the move
        // fails.
        let mut moved = go(s, to);
        // (A target known only at run time may not be a directory either.)
        let fails = match &moved.phys {
            Dir::At(p) => !look.is_dir(p),
            Dir::RepoTop => false,
            Dir::Unknown(_) => true,
        };
        if program == "pushd" {
            moved.stack.push(s.dir.clone());
        }
        if fails {
            vec![moved, s.clone()]
        } else {
            vec![moved]
        }
    }

    /// Where a move to `written` (the word `arg`) leads from `s`, as bash names it: `..`
    /// taken off the text (`cd -L`), or, `physical`, after every link on the way (`cd -P`).
    #[allow(clippy::too_many_arguments)]
    fn target(
        &self,
        i: usize,
        s: &State,
        written: &str,
        arg: Option<&Arg>,
        analysis: &Analysis,
        workspace: &Path,
        physical: bool,
        look: Look<'_>,
    ) -> Dir {
        let unknown = || Dir::Unknown(format!("`{written}`"));
        if arg.is_some_and(|a| a.glob) {
            return unknown();
        }
        if matches!(written, "-" | "~-" | "$OLDPWD" | "${OLDPWD}") {
            return s.old.clone();
        }
        if arg.is_some_and(|a| is_toplevel_here(analysis, a)) {
            return match &s.phys {
                Dir::At(p) if p.starts_with(workspace) => Dir::RepoTop,
                Dir::RepoTop => Dir::RepoTop,
                _ => unknown(),
            };
        }
        // `~+` and `~+/…`: the current directory.
        let (from, rest) = if let Some(rest) = written
            .strip_prefix("~+")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            match &s.dir {
                Dir::At(p) => (p.clone(), format!(".{rest}")),
                _ => return unknown(),
            }
        } else if written.starts_with("~-")
            || written.starts_with("~+")
            || written.starts_with('~') && written[1..].bytes().next().is_some_and(|b| b != b'/')
        {
            // `~-N`, `~+N`, `~N`: an entry of the stack; `~user`: another account's home,
            // looked up at run time.
            return unknown();
        } else if let Some(rest) = written
            .strip_prefix("${HOME}")
            .or_else(|| written.strip_prefix("$HOME"))
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            if rest.contains(['$', '`']) {
                return unknown();
            }
            (PathBuf::from("/"), format!("~{rest}"))
        } else if written.contains(['$', '`']) || crate::files::cdpath_applies(written) {
            // A run-time target, or one `CDPATH` may redirect.
            return unknown();
        } else if written.starts_with(['/', '~']) {
            (PathBuf::from("/"), written.to_owned())
        } else {
            match (&s.dir, &s.phys) {
                (_, Dir::At(p)) if physical => (p.clone(), written.to_owned()),
                (Dir::At(p), _) => (p.clone(), written.to_owned()),
                _ => return unknown(),
            }
        };
        if physical {
            Dir::At(self.resolve_from(&rest, &from, i, look).0)
        } else {
            Dir::At(lexical(&rest, &from))
        }
    }

    /// `path` from `dir` as the kernel resolves it, through the links the line made before
    /// unit `i`, and whether the walk met a link loop.
    fn resolve_from(&self, path: &str, dir: &Path, i: usize, look: Look<'_>) -> (PathBuf, bool) {
        let made = self.links.partition_point(|l| l.unit < i);
        resolve_through(&self.links[..made], path, dir, look)
    }

    /// `ln -s TARGET NAME`, `ln -s TARGET… DIR`, `ln -s -t DIR TARGET…` run by unit `i` in
    /// `dir`: the links it makes, as GNU ln places them (NAME a directory, and not `-T`: the
    /// link goes inside it; `-r`: TARGET is relative to the working directory, else to the
    /// link's own directory). Hard links are not followed by path resolution; operands known
    /// only at run time make no link this can place.
    fn note_links(&mut self, i: usize, unit: &Unit, dir: &Path, look: Look<'_>) {
        use crate::programs::{args, tables};
        let Some(spec) = tables::builtin("ln") else {
            return;
        };
        let parsed = args::parse(Some(&spec), &unit.argv);
        let has = |names: &[&str]| parsed.opts.iter().any(|o| names.contains(&&*o.name));
        if !has(&["-s", "--symbolic"]) || parsed.dynamic {
            return;
        }
        let relative = has(&["-r", "--relative"]);
        let into_dir = parsed
            .opts
            .iter()
            .find(|o| matches!(&*o.name, "-t" | "--target-directory"))
            .map(|o| o.value.clone());
        let Some(words) = parsed
            .operands
            .iter()
            .map(|&k| unit.argv.get(k).and_then(|a| a.value.as_deref()))
            .collect::<Option<Vec<&str>>>()
        else {
            return;
        };
        let is_dir = |name: &str| {
            name.ends_with('/')
                || !has(&["-T", "--no-target-directory"]) && {
                    let p = self.resolve_from(name, dir, i, look).0;
                    if has(&["-n", "--no-dereference"]) {
                        std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_dir())
                    } else {
                        p.is_dir()
                    }
                }
        };
        // The name a link gets inside a directory: the target's last component as bash
        // passes it (`~` is the home directory's path by then).
        let base = |t: &str| {
            let t = t.trim_end_matches('/');
            let expanded = if t == "~" || t.starts_with("~/") {
                crate::files::expand(t, dir)
            } else {
                PathBuf::from(t)
            };
            expanded.file_name().map(PathBuf::from)
        };
        let mut made: Vec<(String, &str)> = Vec::new();
        match (into_dir, words.as_slice()) {
            (Some(None), _) | (None, []) => return,
            (Some(Some(d)), targets) => {
                for t in targets {
                    if let Some(b) = base(t) {
                        made.push((format!("{d}/{}", b.display()), t));
                    }
                }
            }
            (None, [t]) => {
                if let Some(b) = base(t) {
                    made.push((b.display().to_string(), t));
                }
            }
            (None, [t, name]) if !is_dir(name) => made.push(((*name).to_owned(), t)),
            (None, [targets @ .., d]) => {
                for t in targets {
                    if let Some(b) = base(t) {
                        made.push((format!("{}/{}", d.trim_end_matches('/'), b.display()), t));
                    }
                }
            }
        }
        for (name, target) in made {
            let at = lexical(&name, dir);
            let from = if relative {
                dir.to_path_buf()
            } else {
                at.parent()
                    .map_or_else(|| PathBuf::from("/"), Path::to_path_buf)
            };
            let leads = crate::files::expand(target, &from);
            self.links.push(Link { unit: i, at, leads });
        }
    }
}

/// `path` from `dir` as the kernel resolves it, a link of `links` (made by the line, not on
/// disk yet) continuing from where it leads, and whether the walk met a link loop. A `..` after
/// a link climbs from where the link leads (`x/..` with `x` → `/tmp` is `/`).
fn resolve_through(links: &[Link], path: &str, dir: &Path, look: Look<'_>) -> (PathBuf, bool) {
    if links.is_empty() {
        return crate::files::resolve_links_under(path, dir, look);
    }
    walk_through(links, &crate::files::expand(path, dir), dir, look, 0)
}

/// [`resolve_through`] of the absolute `path`, `hops` links of the line followed so far (`dir`
/// is the unit's, where `/proc/self/cwd` leads).
fn walk_through(
    links: &[Link],
    path: &Path,
    dir: &Path,
    look: Look<'_>,
    hops: usize,
) -> (PathBuf, bool) {
    use std::path::Component;
    // As many links as the kernel follows in one walk.
    const MAX_HOPS: usize = 40;
    let mut cur = PathBuf::from("/");
    for c in path.components() {
        match c {
            Component::Normal(name) => {
                cur.push(name);
                if let Some(l) = links.iter().rev().find(|l| l.at == cur) {
                    if hops >= MAX_HOPS {
                        return (cur, true);
                    }
                    let (led, looped) = walk_through(links, &l.leads, dir, look, hops + 1);
                    if looped {
                        return (led, true);
                    }
                    cur = led;
                }
            }
            Component::ParentDir => {
                // Where the links on disk lead first, then one up.
                cur = crate::files::resolve_links_under(&cur.to_string_lossy(), dir, look).0;
                cur.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    crate::files::resolve_links_under(&cur.to_string_lossy(), dir, look)
}

/// Path resolution for one unit: in the directory it runs in, through the links the line made
/// before it ([`LineDirs::resolver`]).
#[derive(Clone, Copy)]
pub(crate) struct Resolver<'s, 'l> {
    dir: Option<&'s Path>,
    links: &'s [Link],
    look: Look<'l>,
}

impl Resolver<'_, '_> {
    /// `path` resolved as the kernel resolves it from the unit's directory (`~` and absolute
    /// paths need none), and whether its walk met a link loop; `None` for a relative path while
    /// the directory is not known.
    pub(crate) fn resolve(&self, path: &str) -> Option<(PathBuf, bool)> {
        let anchored = path.starts_with('/')
            || path == "~"
            || path.starts_with("~/")
            || path.starts_with("$HOME/")
            || path.starts_with("${HOME}/");
        // An absolute path needs the unit's directory only where it goes through the opening
        // process's own working directory (`/proc/self/cwd/x`, `/dev/fd/../cwd/x`): any
        // component named `cwd` counts, in a directory known only at run time.
        let dir = match self.dir {
            Some(d) => d,
            None if anchored && !path.split('/').any(|c| c == "cwd") => Path::new("/"),
            None => return None,
        };
        Some(resolve_through(self.links, path, dir, self.look))
    }

    /// Where `path` leads when its last component is not followed (what `rm`, `mv` and
    /// `unlink` act on: `rm -rf x` removes a link `x`, `rm -rf x/` what it leads to), and
    /// whether the way there went through a link; `None` when the directory is unknown or
    /// the path is computed at run time.
    pub(crate) fn resolve_parent(&self, path: &str) -> Option<(PathBuf, bool)> {
        if path.contains(['$', '`', '*', '?', '[']) {
            return None;
        }
        let last = path.rsplit('/').next().unwrap_or(path);
        let whole = path.ends_with('/') || matches!(last, "." | ".." | "~") || path == "~";
        let (parent, name) = match path.rsplit_once('/') {
            _ if whole => (path, ""),
            Some(("", name)) => ("/", name),
            Some((parent, name)) => (parent, name),
            None => (".", path),
        };
        let dir = self.dir.unwrap_or(Path::new("/"));
        let (mut led, _) = self.resolve(parent)?;
        if !name.is_empty() {
            led.push(name);
        }
        let mut written = lexical(parent, dir);
        if !name.is_empty() {
            written.push(name);
        }
        let through_link = led != written;
        Some((led, through_link))
    }

    /// Whether `resolved`, where `path` leads, is not `path` read on its text alone: its walk
    /// followed a link somewhere (or the line made one on its way).
    pub(crate) fn followed_link(&self, path: &str, resolved: &Path) -> bool {
        let dir = self.dir.unwrap_or(Path::new("/"));
        lexical(path, dir) != resolved
    }

    /// Has the line made a symbolic link before this unit?
    pub(crate) fn has_links(&self) -> bool {
        !self.links.is_empty()
    }

    /// The directory the unit runs in, `None` while it is not known now.
    pub(crate) fn current(&self) -> Option<&Path> {
        self.dir
    }
}

/// The directory a `cd`, `chdir` or `pushd` unit moves to, as written (`~` for a bare `cd`).
/// `cd -` moves to `$OLDPWD`: the value the line gave it when it did (`OLDPWD=/; cd -`), else
/// `-` (known only at run time).
pub(crate) fn target_text(u: &Unit) -> Option<String> {
    if !matches!(prog(u), Some("cd" | "pushd" | "chdir")) {
        return None;
    }
    let arg = u
        .args()
        .map(text)
        .find(|t| !t.starts_with('-') || *t == "-");
    if arg == Some("-") && prog(u) == Some("cd") {
        let old = u
            .assignments
            .iter()
            .rev()
            .find(|a| a.name == "OLDPWD")
            .and_then(|a| a.value.clone())
            .filter(|v| !v.is_empty());
        return Some(old.unwrap_or_else(|| "-".to_owned()));
    }
    Some(arg.map_or_else(|| "~".to_owned(), str::to_owned))
}

/// A word that is one command substitution running `git rev-parse --show-toplevel` alone (no
/// other option, no assignment, no other command): the top of the work tree git finds from the
/// directory the line is in, so git sent there (`git -C WORD`) works on the repository it
/// would work on without `-C`.
pub(crate) fn is_toplevel_here(analysis: &Analysis, word: &Arg) -> bool {
    if word.value.is_some() || &*word.template != "$(…)" {
        return false;
    }
    let mut inner = analysis
        .units
        .iter()
        .filter(|v| word.span.start <= v.span.start && v.span.end <= word.span.end);
    let (Some(v), None) = (inner.next(), inner.next()) else {
        return false;
    };
    v.context.contains(&Context::Substitution)
        && prog(v) == Some("git")
        && v.assignments.is_empty()
        && v.via.is_empty()
        && v.args()
            .map(|a| a.value.as_deref())
            .eq([Some("rev-parse"), Some("--show-toplevel")])
}

/// The distinct directories of `dirs`, in order, and the unknown one `elsewhere` describes.
fn distinct<'a>(dirs: impl Iterator<Item = &'a Dir>, elsewhere: Option<&str>) -> Vec<Dir> {
    let mut out: Vec<Dir> = Vec::new();
    for d in dirs
        .cloned()
        .chain(elsewhere.map(|e| Dir::Unknown(e.into())))
    {
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What each unit of `line`, started in `root`, may run in: `?` for a directory known
    /// only at run time, `top` for the repository's top, else the path below `root` (`.` for
    /// `root`) or the absolute path.
    fn dirs_in(root: &Path, line: &str) -> Vec<(String, Vec<String>)> {
        let a = crate::analyze::analyze(line, &crate::Limits::default());
        let line = LineDirs::new(&a, root, root, Look::now());
        let d = line.view(root);
        a.units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let shown = d
                    .of(i)
                    .iter()
                    .map(|x| match x {
                        DirRef::At(p) => match p.strip_prefix(root) {
                            Ok(r) if r.as_os_str().is_empty() => ".".to_owned(),
                            Ok(r) => r.display().to_string(),
                            Err(_) => p.display().to_string(),
                        },
                        DirRef::RepoTop => "top".to_owned(),
                        DirRef::Unknown(_) => "?".to_owned(),
                    })
                    .collect();
                (u.command_text(), shown)
            })
            .collect()
    }

    /// Where the unit running `program` (the last one of that name) may run.
    fn at(root: &Path, line: &str, program: &str) -> Vec<String> {
        dirs_in(root, line)
            .into_iter()
            .rev()
            .find(|(t, _)| t.split(' ').next() == Some(program))
            .map_or_else(|| panic!("no `{program}` in {line}"), |(_, d)| d)
    }

    fn project() -> tempfile::TempDir {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for d in ["src/inner", "docs"] {
            std::fs::create_dir_all(t.path().join(d)).unwrap_or_else(|e| panic!("{e}"));
        }
        t
    }

    #[test]
    fn a_line_that_does_not_move_runs_where_it_starts() {
        let t = project();
        assert_eq!(at(t.path(), "ls -la && git status", "git"), ["."]);
        let a = crate::analyze::analyze("git status", &crate::Limits::default());
        let line = LineDirs::new(&a, t.path(), t.path(), Look::now());
        let d = line.view(t.path());
        assert!(!d.of(0).moved());
        assert!(!d.of(0).unknown());
        assert_eq!(d.of(0).certain(), Some(t.path()));
    }

    #[test]
    fn cd_to_a_directory_that_exists_moves_there() {
        let t = project();
        let r = t.path();
        assert_eq!(at(r, "cd src && git status", "git"), ["src"]);
        assert_eq!(at(r, "cd src; cd inner; make", "make"), ["src/inner"]);
        assert_eq!(at(r, "cd src/inner && cd ../.. && make", "make"), ["."]);
        assert_eq!(at(r, "cd ~+/docs && make", "make"), ["docs"]);
        assert_eq!(at(r, "cd /tmp && make", "make"), ["/tmp"]);
        let home = crate::files::home().display().to_string();
        assert_eq!(at(r, "cd && make", "make"), std::slice::from_ref(&home));
        assert_eq!(at(r, "cd ~ && make", "make"), std::slice::from_ref(&home));
        assert_eq!(at(r, "cd \"$HOME\" && make", "make"), [home]);
    }

    #[test]
    fn a_cd_that_may_fail_leaves_both_directories() {
        let t = project();
        assert_eq!(
            at(t.path(), "cd build; make", "make"),
            ["build", "."],
            "a target that is not a directory now"
        );
    }

    #[test]
    fn run_time_targets_are_unknown() {
        let t = project();
        let r = t.path();
        for line in [
            "cd \"$D\" && make",
            "cd `pwd` && make",
            "cd s* && make",
            "cd ~root && make",
            "cd ~-2 && make",
            "cd - && make",
            "cd ~- && make",
            "popd && make",
            "pushd +1 && make",
            "pushd && make",
        ] {
            assert_eq!(at(r, line, "make"), ["?"], "{line}");
        }
        assert_eq!(
            at(r, "cd \"$(git rev-parse --show-toplevel)\" && make", "make"),
            ["top"]
        );
        assert_eq!(
            at(
                r,
                "cd /tmp; cd \"$(git rev-parse --show-toplevel)\" && make",
                "make"
            ),
            ["?"],
            "the top of another repository"
        );
    }

    #[test]
    fn connectors_decide_which_outcome_of_a_move_runs_next() {
        let t = project();
        let r = t.path();
        // `&&`: only where the move succeeded; `||`: only where it failed; `;`: both.
        assert_eq!(at(r, "cd build && make", "make"), ["build"]);
        assert_eq!(at(r, "cd build || make", "make"), ["."]);
        assert_eq!(at(r, "cd build; make", "make"), ["build", "."]);
        assert_eq!(at(r, "cd a && cd b && make", "make"), ["a/b"]);
        assert_eq!(at(r, "[ -d b ] && cd b && make", "make"), ["b"]);
        assert_eq!(at(r, "cd \"$D\" && make", "make"), ["?"]);
        assert_eq!(at(r, "cd \"$D\"; make", "make"), ["?", "."]);
        // `exit` ends the ways it runs in.
        assert_eq!(at(r, "cd build || exit 1; make", "make"), ["build"]);
        assert_eq!(
            at(r, "cd build || { echo no; exit 1; }; make", "make"),
            ["build"]
        );
        // `! cd` succeeds when the move fails.
        assert_eq!(at(r, "! cd build && make", "make"), ["build", "."]);
        // A move in a branch may not run at all.
        assert_eq!(at(r, "false && cd /tmp; make", "make"), ["/tmp", "."]);
        assert_eq!(at(r, "true || cd /tmp && make", "make"), ["/tmp", "."]);
        assert_eq!(
            at(r, "if false; then cd /tmp; fi; make", "make"),
            ["/tmp", "."]
        );
        assert_eq!(
            at(r, "case x in y) cd /tmp;; esac; make", "make"),
            ["/tmp", "."]
        );
    }

    #[test]
    fn oldpwd_follows_the_moves_that_succeed() {
        let t = project();
        let r = t.path();
        assert_eq!(at(r, "cd src; cd docs2; cd -; make", "make"), ["src", "."]);
        assert_eq!(at(r, "cd src; cd ../docs; cd -; make", "make"), ["src"]);
        // A first `cd` that fails leaves `OLDPWD` as the shell had it.
        assert_eq!(at(r, "cd nowhere; cd -; make", "make"), [".", "?"]);
        assert_eq!(at(r, "OLDPWD=/tmp cd -; make", "make"), ["/tmp"]);
    }

    #[test]
    fn the_directory_stack_is_followed() {
        let t = project();
        let r = t.path();
        assert_eq!(at(r, "pushd src; pushd /tmp; popd; make", "make"), ["src"]);
        assert_eq!(
            at(r, "pushd src; pushd docs2; popd; make", "make"),
            ["src", "."]
        );
        assert_eq!(at(r, "pushd src; popd; make", "make"), ["."]);
        assert_eq!(at(r, "pushd src; pushd /tmp; pushd; make", "make"), ["src"]);
        assert_eq!(at(r, "pushd -n /tmp; make", "make"), ["."]);
        assert_eq!(at(r, "pushd -n /tmp; popd; make", "make"), ["/tmp"]);
        assert_eq!(at(r, "pushd src; popd -n; popd; make", "make"), ["?"]);
    }

    #[test]
    fn a_move_in_a_subshell_may_have_ended() {
        let t = project();
        let r = t.path();
        assert_eq!(at(r, "(cd src); make", "make"), ["src", "."]);
        assert_eq!(at(r, "(cd src && make)", "make"), ["src", "."]);
        assert_eq!(at(r, "cd src | cat; make", "make"), ["src", "."]);
        assert_eq!(at(r, "bash -c 'cd src'; make", "make"), ["src", "."]);
        assert_eq!(at(r, "{ cd src; }; make", "make"), ["src"]);
        assert_eq!(at(r, "if cd src; then make; fi", "make"), ["src"]);
    }

    #[test]
    fn a_move_that_runs_again_makes_every_directory_unknown() {
        let t = project();
        let r = t.path();
        assert_eq!(
            at(r, "for i in 1 2; do git status; cd /tmp; done", "git"),
            [".", "?"]
        );
        assert_eq!(at(r, "f() { git status; }; cd /tmp; f", "git"), [".", "?"]);
        assert_eq!(at(r, "f() { cd /tmp; }; f; make", "make"), ["/tmp", "?"]);
        assert_eq!(at(r, "f() { make; }; f", "make"), ["."], "no move at all");
    }

    #[test]
    fn links_the_line_makes_are_followed() {
        let t = project();
        let r = t.path();
        assert_eq!(at(r, "ln -s /tmp x; cd x && make", "make"), ["/tmp"]);
        // `cd` takes `..` off the text (`-L`) unless told to follow links first (`-P`).
        assert_eq!(at(r, "ln -s /tmp x; cd x/.. && make", "make"), ["."]);
        assert_eq!(at(r, "ln -s /tmp x; cd -P x/.. && make", "make"), ["/"]);
        assert_eq!(at(r, "ln -s /tmp x; cd x; cd .. && make", "make"), ["."]);
        assert_eq!(
            at(r, "set -P; ln -s /tmp x; cd x; cd .. && make", "make"),
            ["/"]
        );
        let a = crate::analyze::analyze("ln -s ~ h; rm -rf h/", &crate::Limits::default());
        let line = LineDirs::new(&a, r, r, Look::now());
        let d = line.view(r);
        let home = crate::files::home();
        assert_eq!(
            d.resolver(1, Look::now()).resolve("h/x").map(|x| x.0),
            Some(home.join("x"))
        );
        assert!(!d.resolver(0, Look::now()).has_links());
        assert!(d.resolver(1, Look::now()).has_links());
    }

    #[test]
    fn many_ways_make_the_directory_unknown() {
        let t = project();
        let dirs = at(t.path(), "cd a; cd b; cd c; cd d; cd e; make", "make");
        assert!(dirs.iter().all(|d| d == "?"), "{dirs:?}");
    }

    #[test]
    fn the_path_policy_resolves_only_in_a_certain_directory() {
        let t = project();
        let r = t.path();
        let a = crate::analyze::analyze(
            "cd \"$D\"; cat x; cd /tmp; cat y",
            &crate::Limits::default(),
        );
        let line = LineDirs::new(&a, r, r, Look::now());
        let d = line.view(r);
        assert_eq!(d.resolver(1, Look::now()).resolve("x"), None);
        assert!(d.resolver(1, Look::now()).resolve("/etc/x").is_some());
        assert_eq!(
            d.resolver(3, Look::now()).resolve("y").map(|x| x.0),
            Some(PathBuf::from("/tmp/y"))
        );
    }
}
