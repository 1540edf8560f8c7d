//! Reading awk programs: which of their parts run a command, write or read a file, read the
//! environment, reach the network or load code.
//!
//! awk compiles the whole program before it reads any input, so the reader parses it as awk
//! does: a lexer and a recursive-descent parser for the POSIX grammar with the gawk, mawk and
//! busybox extensions that change what a token is (`|&`, `**`, `@load`/`@include`/`@namespace`,
//! indirect calls `@f(…)`, `@/re/`, `switch`, `BEGINFILE`/`ENDFILE`, `func`, `nextfile`,
//! namespaced names `ns::x`). Every token gets its role: a `/` opens a regex where an operand is
//! expected and divides elsewhere; a `>` inside the unparenthesized expression list of a
//! `print`/`printf` statement is an output redirection, anywhere else a comparison
//! (`print $1, $2 > "f"` writes, `print ($1 > 2)` does not); `|` before `getline` reads a
//! command's output, after a `print` list feeds a command.
//!
//! Commands, files and environment names are reported as written when the expression is a
//! string literal, a concatenation of them (`"s" "h"` is `sh`), or a variable the program (or
//! `-v NAME=value`, a `NAME=value` operand) assigns only such values (`c="sh"; print | c`);
//! otherwise they are computed (`None`). A program the reader cannot finish (an unterminated
//! string or regex, unbalanced braces, a construct it does not know, non-ASCII outside strings) is
//! `opaque`: never taken as harmless. A regex literal is read twice, as gawk (a `/` inside a
//! bracket expression is literal) and as the one-true-awk (the first unescaped `/` ends it), and
//! the effects of both readings are reported.
//!
//! Example: `awk 'BEGIN { while (("ls" | getline f) > 0) print f > "out.txt" }'` has
//! `Exec(Some("ls"))` and `Write { target: Some("out.txt"), append: false }`.
//!
//! Known gaps: the values a variable takes at run time through `getline var`, `split`, `sub` or a
//! function parameter are not followed (the variable is then computed); `SYMTAB` writes make every
//! variable computed; gawk's `PROCINFO["sorted_in"]` may name only user functions and is not read.

use std::collections::HashMap;

/// What a part of an awk program does beyond printing to standard output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AwkEffect {
    /// `system(CMD)`, `CMD | getline`, `CMD |& getline`: the command as written, `None` when
    /// computed.
    Exec(Option<String>),
    /// `print … | CMD`, `print … |& CMD`: the command, and the text printed to it when the
    /// statement prints one known string (`print "id" | "sh"` feeds `id` to `sh`).
    Pipe {
        command: Option<String>,
        input: Option<String>,
    },
    /// `print > FILE`, `print >> FILE` (`append`).
    Write {
        target: Option<String>,
        append: bool,
    },
    /// `getline < FILE`, `ARGV[n] = FILE` (an input file the program chooses).
    Read(Option<String>),
    /// `ENVIRON["NAME"]`; `None` for the whole environment (`ENVIRON[k]`, `for (k in ENVIRON)`).
    Env(Option<String>),
    /// A `/inet/…`, `/inet4/…`, `/inet6/…` special file: a network connection.
    Network,
    /// gawk `@load "ext"`: a compiled extension.
    Load(Option<String>),
    /// gawk `@include "file"`: code from a file.
    Include(Option<String>),
    /// gawk `@var(…)`: calls the function the variable names, `system` included.
    IndirectCall,
}

/// The effects of an awk program.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct AwkProgram {
    /// What the program does, in order of appearance (both regex readings merged).
    pub effects: Vec<AwkEffect>,
    /// The reader could not finish: the program may do anything.
    pub opaque: bool,
}

/// Does a command read the commands it runs from its standard input: a shell given no command
/// (`sh`, `/bin/bash -s`)?
pub(crate) fn shell_reads_stdin(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let base = first.rsplit('/').next().unwrap_or(first);
    crate::analyze::is_shell(base)
        && words.all(|w| matches!(w, "-" | "-s" | "-i" | "-l" | "--login" | "-x" | "-e" | "-u"))
}

/// Output files that are the program's own standard streams (or nothing). Not `-`: gawk
/// writes it to standard output, mawk to a file named `-`.
pub(crate) fn harmless_output(target: &str) -> bool {
    matches!(
        target,
        "/dev/stdout" | "/dev/stderr" | "/dev/null" | "/dev/fd/1" | "/dev/fd/2"
    )
}

impl AwkProgram {
    /// Does the program run a command, write a file, connect or load code, or could it
    /// (opaque)? Reads and environment reads do not count.
    pub(crate) fn runs_or_writes(&self) -> bool {
        self.opaque
            || self.effects.iter().any(|e| match e {
                AwkEffect::Write {
                    target: Some(t), ..
                } => !harmless_output(t),
                AwkEffect::Read(_) | AwkEffect::Env(_) => false,
                _ => true,
            })
    }
}

/// Where an awk invocation's program comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// The program text (the first operand, or the `-e`/`--source` pieces joined by newlines).
    Text(String),
    /// `-f -`, `-f /dev/stdin`: the program is standard input.
    Stdin,
    /// Program files (`-f FILE`, `-E FILE`, `--file=FILE`; several are joined in order). Their
    /// text is the caller's to find (a file the line wrote, a process substitution).
    Files(Vec<ProgramFile>),
    /// An `-i` library or an `-l` extension nobody read, program files mixed with `-e` text or
    /// standard input, or a program word known only at run time.
    Unread,
}

/// A program file of an awk command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ProgramFile {
    /// Named by a word of its own (`-f FILE`), by its index in the command line.
    Word(usize),
    /// Named in the option's word (`--file=FILE`, `-fFILE`).
    Path(String),
}

/// An awk command line read with the one argument parser and awk's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Invocation {
    pub source: Source,
    /// `-v NAME=value`, `--assign`, and `NAME=value` operands; `None` values are known only at
    /// run time. A name of `None` is an operand known only at run time (it may assign anything).
    pub assigns: Vec<(Option<String>, Option<String>)>,
    /// The records are read from standard input: no operand names a file (every one is an
    /// assignment or `-`).
    pub records_on_stdin: bool,
}

/// Read an awk command line (`argv[0]` is the program name) with the program's built-in table
/// (gawk's for `awk` and any other name).
pub(crate) fn invocation<W: crate::programs::args::Word>(argv: &[W]) -> Invocation {
    use crate::programs::{args, tables};
    let name = argv.first().and_then(|w| w.text()).unwrap_or("awk");
    let name = name.rsplit('/').next().unwrap_or(name);
    let spec = tables::builtin(name).or_else(|| tables::builtin("awk"));
    let parsed = args::parse(spec.as_ref(), argv);
    let word = |i: usize| argv.get(i).and_then(|w| w.text().map(str::to_owned));
    let mut pieces = Vec::new();
    let mut stdin = false;
    let mut files = Vec::new();
    let mut unread = false;
    let mut assigns = Vec::new();
    for o in &parsed.opts {
        let value = o.value.clone().or_else(|| o.value_at.and_then(word));
        match o.name.as_ref() {
            "-e" | "--source" => match value {
                Some(v) => pieces.push(v),
                None => unread = true,
            },
            "-f" | "--file" | "-E" | "--exec" => match (value, o.value_at) {
                (Some(f), _) if super::nested::names_stdin(&f) => stdin = true,
                // A word of its own (a process substitution is one, known or not).
                (_, Some(at)) => files.push(ProgramFile::Word(at)),
                (Some(f), None) => files.push(ProgramFile::Path(f)),
                (None, None) => unread = true,
            },
            "-i" | "--include" if value.as_deref() != Some("inplace") => unread = true,
            "-l" | "--load" => unread = true,
            "-W" if value.as_deref().is_none_or(|v| v.starts_with('e')) => unread = true,
            "-v" | "--assign" => {
                assigns.push(match value.as_deref().and_then(|v| v.split_once('=')) {
                    Some((n, v)) => (Some(n.to_owned()), Some(v.to_owned())),
                    None => (None, None),
                });
            }
            _ => {}
        }
    }
    let mut operands = parsed.operands.iter().copied();
    let source = if unread
        || (stdin && !pieces.is_empty())
        || (!files.is_empty() && (stdin || !pieces.is_empty()))
    {
        Source::Unread
    } else if !files.is_empty() {
        Source::Files(files)
    } else if stdin {
        Source::Stdin
    } else if !pieces.is_empty() {
        Source::Text(pieces.join("\n"))
    } else {
        match operands.next().map(word) {
            Some(Some(text)) => Source::Text(text),
            _ => Source::Unread,
        }
    };
    let mut records_on_stdin = true;
    for i in operands {
        if let Some(w) = word(i) {
            if let Some((n, v)) = w.split_once('=')
                && is_name(n)
            {
                assigns.push((Some(n.to_owned()), Some(v.to_owned())));
            } else if w != "-" {
                records_on_stdin = false;
            }
        } else {
            assigns.push((None, None));
            records_on_stdin = false;
        }
    }
    Invocation {
        source,
        assigns,
        records_on_stdin,
    }
}

fn is_name(n: &str) -> bool {
    let mut b = n.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// Read an awk program with no command-line assignments.
#[cfg(test)]
pub(crate) fn read(program: &str) -> AwkProgram {
    read_with(program, &[])
}

/// Read an awk program; `assigns` are the command line's `-v` and operand assignments.
pub(crate) fn read_with(program: &str, assigns: &[(Option<String>, Option<String>)]) -> AwkProgram {
    let mut out = AwkProgram::default();
    for brackets in [true, false] {
        let mut p = Parser {
            s: program.as_bytes(),
            pos: 0,
            peeked: None,
            brackets,
            raw: Vec::new(),
            values: HashMap::new(),
            locals: Vec::new(),
            everything_assigned: false,
            depth: 0,
            resolve_steps: std::cell::Cell::new(0),
        };
        for (name, value) in assigns {
            match name {
                Some(n) => p.values.entry(n.clone()).or_default().push(
                    value
                        .as_deref()
                        .map(|v| vec![Piece::Lit(unescape(v.as_bytes()))]),
                ),
                None => p.everything_assigned = true,
            }
        }
        if p.program().is_err() {
            out.opaque = true;
        }
        for e in p.finish() {
            if !out.effects.contains(&e) {
                out.effects.push(e);
            }
        }
    }
    out
}

/// A part of a string value: text, or a variable's value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Lit(String),
    Var(String),
}

/// A value as far as the reader knows it: the pieces it concatenates, or `None` (computed).
type Pieces = Option<Vec<Piece>>;

/// An effect before variables are resolved.
#[derive(Debug)]
enum Raw {
    Exec(Pieces),
    /// `|&`: a coprocess, or a network connection for a `/inet/` name.
    Coprocess(Pieces),
    /// `print … | CMD` (`|&` when true): the command and what is printed to it.
    Pipe(Pieces, Pieces, bool),
    Write(Pieces, bool),
    Read(Pieces),
    Env(Pieces),
    Load(Option<String>),
    Include(Option<String>),
    IndirectCall,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Newline,
    Eof,
    /// Punctuation and operators, longest match.
    Op(&'static str),
    Number(String),
    Str(String),
    /// A name; `paren` when `(` follows at once (a user function call).
    Name {
        text: String,
        paren: bool,
    },
}

/// What an expression is, as far as the roles of the next tokens need.
#[derive(Debug, Clone, Default)]
struct Val {
    pieces: Pieces,
    lvalue: Option<Lvalue>,
    /// `NAME in ARRAY` at the top (the head of `for (k in a)`).
    in_of: Option<String>,
    /// A `(a, b)` grouping of several expressions (only for `in` or a `print` list).
    list: bool,
}

#[derive(Debug, Clone)]
enum Lvalue {
    Name(String),
    Elem(String),
    Field,
}

/// The reader stopped: the text is not an awk program it can read.
struct Stop;

type R<T> = Result<T, Stop>;

const OPS: &[&str] = &[
    "**=", "&&", "||", "|&", "==", "<=", ">=", "!=", "!~", "++", "--", "+=", "-=", "*=", "/=",
    "%=", "^=", "**", ">>", "{", "}", "(", ")", "[", "]", ";", ",", "+", "-", "*", "/", "%", "^",
    "!", ">", "<", "|", "?", ":", "~", "$", "=", "@",
];

const KEYWORDS: &[&str] = &[
    "BEGIN",
    "END",
    "BEGINFILE",
    "ENDFILE",
    "function",
    "func",
    "if",
    "else",
    "while",
    "for",
    "do",
    "break",
    "continue",
    "next",
    "nextfile",
    "exit",
    "return",
    "delete",
    "getline",
    "print",
    "printf",
    "in",
    "switch",
    "case",
    "default",
];

const BUILTINS: &[&str] = &[
    "length",
    "substr",
    "index",
    "split",
    "sub",
    "gsub",
    "match",
    "sprintf",
    "sin",
    "cos",
    "atan2",
    "exp",
    "log",
    "sqrt",
    "int",
    "rand",
    "srand",
    "tolower",
    "toupper",
    "system",
    "close",
    "fflush",
    "gensub",
    "strftime",
    "systime",
    "mktime",
    "and",
    "or",
    "xor",
    "lshift",
    "rshift",
    "compl",
    "asort",
    "asorti",
    "patsplit",
    "isarray",
    "typeof",
    "strtonum",
    "dcgettext",
    "dcngettext",
    "bindtextdomain",
    "mkbool",
];

/// Recursion bound: deeper programs are opaque.
const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    /// The next token and where it starts, once lexed.
    peeked: Option<(Tok, usize)>,
    /// A `/` inside a bracket expression of a regex literal is literal (gawk).
    brackets: bool,
    raw: Vec<Raw>,
    /// Every value each global variable is assigned (`None`: computed).
    values: HashMap<String, Vec<Pieces>>,
    /// The parameters of the function being read.
    locals: Vec<String>,
    /// A write through `SYMTAB` or a run-time operand may assign any variable.
    everything_assigned: bool,
    depth: usize,
    /// Steps spent resolving variables, for all effects together.
    resolve_steps: std::cell::Cell<usize>,
}

/// Decode the escapes of an awk string literal (gawk's reading).
fn unescape(text: &[u8]) -> String {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if text[at] != b'\\' || at + 1 >= text.len() {
            out.push(text[at]);
            at += 1;
            continue;
        }
        let escaped = text[at + 1];
        at += 2;
        match escaped {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'\n' => {}
            b'0'..=b'7' => {
                let mut value = u32::from(escaped - b'0');
                let mut digits = 1;
                while digits < 3 && at < text.len() && (b'0'..=b'7').contains(&text[at]) {
                    value = value * 8 + u32::from(text[at] - b'0');
                    at += 1;
                    digits += 1;
                }
                out.push((value & 0xff) as u8);
            }
            b'x' if at < text.len() && text[at].is_ascii_hexdigit() => {
                let mut value = 0u32;
                let mut digits = 0;
                while digits < 2 && at < text.len() && text[at].is_ascii_hexdigit() {
                    value = value * 16 + char::from(text[at]).to_digit(16).unwrap_or(0);
                    at += 1;
                    digits += 1;
                }
                out.push((value & 0xff) as u8);
            }
            other => out.push(other),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Parser<'_> {
    // --- lexer -----------------------------------------------------------------------------

    /// Skip blanks, comments and line continuations (not newlines).
    fn skip_space(&mut self) {
        loop {
            match self.s.get(self.pos) {
                Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => self.pos += 1,
                Some(b'\\') if self.s.get(self.pos + 1) == Some(&b'\n') => self.pos += 2,
                Some(b'\\')
                    if self.s.get(self.pos + 1) == Some(&b'\r')
                        && self.s.get(self.pos + 2) == Some(&b'\n') =>
                {
                    self.pos += 3;
                }
                Some(b'#') => {
                    while !matches!(self.s.get(self.pos), None | Some(b'\n')) {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Lex one token at the current position (a `/` as division).
    fn lex(&mut self) -> R<(Tok, usize)> {
        self.skip_space();
        let start = self.pos;
        let Some(&c) = self.s.get(self.pos) else {
            return Ok((Tok::Eof, start));
        };
        if c == b'\n' {
            self.pos += 1;
            return Ok((Tok::Newline, start));
        }
        if c == b'"' {
            self.pos += 1;
            let from = self.pos;
            loop {
                match self.s.get(self.pos) {
                    None | Some(b'\n') => return Err(Stop),
                    Some(b'\\') => {
                        if self.s.get(self.pos + 1).is_none() {
                            return Err(Stop);
                        }
                        self.pos += 2;
                    }
                    Some(b'"') => break,
                    Some(_) => self.pos += 1,
                }
            }
            let text = unescape(&self.s[from..self.pos]);
            self.pos += 1;
            return Ok((Tok::Str(text), start));
        }
        if c.is_ascii_digit()
            || (c == b'.' && self.s.get(self.pos + 1).is_some_and(u8::is_ascii_digit))
        {
            if c == b'0' && matches!(self.s.get(self.pos + 1), Some(b'x' | b'X')) {
                self.pos += 2;
                while self.s.get(self.pos).is_some_and(u8::is_ascii_hexdigit) {
                    self.pos += 1;
                }
            } else {
                while self
                    .s
                    .get(self.pos)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
                {
                    self.pos += 1;
                }
                if matches!(self.s.get(self.pos), Some(b'e' | b'E')) {
                    let mut k = self.pos + 1;
                    if matches!(self.s.get(k), Some(b'+' | b'-')) {
                        k += 1;
                    }
                    if self.s.get(k).is_some_and(u8::is_ascii_digit) {
                        self.pos = k;
                        while self.s.get(self.pos).is_some_and(u8::is_ascii_digit) {
                            self.pos += 1;
                        }
                    }
                }
            }
            let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            return Ok((Tok::Number(text), start));
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            loop {
                while self
                    .s
                    .get(self.pos)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    self.pos += 1;
                }
                // gawk's namespaces: `ns::name`.
                if self.s.get(self.pos) == Some(&b':')
                    && self.s.get(self.pos + 1) == Some(&b':')
                    && self
                        .s
                        .get(self.pos + 2)
                        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                {
                    self.pos += 2;
                    continue;
                }
                break;
            }
            let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            let paren = self.s.get(self.pos) == Some(&b'(');
            return Ok((Tok::Name { text, paren }, start));
        }
        for op in OPS {
            if self.s[self.pos..].starts_with(op.as_bytes()) {
                self.pos += op.len();
                return Ok((Tok::Op(op), start));
            }
        }
        // Non-ASCII or a character awk has no use for.
        Err(Stop)
    }

    fn peek(&mut self) -> R<&Tok> {
        if self.peeked.is_none() {
            let t = self.lex()?;
            self.peeked = Some(t);
        }
        Ok(&self.peeked.as_ref().ok_or(Stop)?.0)
    }

    fn next(&mut self) -> R<Tok> {
        self.peek()?;
        self.peeked.take().map(|(t, _)| t).ok_or(Stop)
    }

    /// The token after the next one, without consuming either.
    fn peek2(&mut self) -> R<Tok> {
        self.peek()?;
        let save = (self.pos, self.peeked.clone());
        self.peeked = None;
        let t = self.lex().map(|(t, _)| t);
        self.pos = save.0;
        self.peeked = save.1;
        t
    }

    fn is_op(&mut self, op: &str) -> R<bool> {
        Ok(matches!(self.peek()?, Tok::Op(o) if *o == op))
    }

    fn eat_op(&mut self, op: &str) -> R<bool> {
        if self.is_op(op)? {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn expect(&mut self, op: &str) -> R<()> {
        if self.eat_op(op)? { Ok(()) } else { Err(Stop) }
    }

    fn is_keyword(&mut self, kw: &str) -> R<bool> {
        Ok(matches!(self.peek()?, Tok::Name { text, .. } if text == kw))
    }

    fn skip_newlines(&mut self) -> R<()> {
        while matches!(self.peek()?, Tok::Newline) {
            self.next()?;
        }
        Ok(())
    }

    fn skip_terminators(&mut self) -> R<()> {
        while matches!(self.peek()?, Tok::Newline | Tok::Op(";")) {
            self.next()?;
        }
        Ok(())
    }

    /// The peeked token is `/` or `/=` where an operand is expected: read it again as a regex
    /// literal.
    fn regex(&mut self) -> R<()> {
        let Some((_, start)) = self.peeked.take() else {
            return Err(Stop);
        };
        self.pos = start + 1;
        loop {
            match self.s.get(self.pos) {
                None | Some(b'\n') => return Err(Stop),
                Some(b'\\') => {
                    if matches!(self.s.get(self.pos + 1), None | Some(b'\n')) {
                        return Err(Stop);
                    }
                    self.pos += 2;
                }
                Some(b'/') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(b'[') if self.brackets => {
                    self.pos += 1;
                    if self.s.get(self.pos) == Some(&b'^') {
                        self.pos += 1;
                    }
                    if self.s.get(self.pos) == Some(&b']') {
                        self.pos += 1;
                    }
                    loop {
                        match self.s.get(self.pos) {
                            None | Some(b'\n') => return Err(Stop),
                            Some(b'\\') => self.pos += 2,
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b'[')
                                if matches!(self.s.get(self.pos + 1), Some(b':' | b'.' | b'=')) =>
                            {
                                let kind = self.s[self.pos + 1];
                                self.pos += 2;
                                loop {
                                    match self.s.get(self.pos) {
                                        None | Some(b'\n') => return Err(Stop),
                                        Some(&b)
                                            if b == kind
                                                && self.s.get(self.pos + 1) == Some(&b']') =>
                                        {
                                            self.pos += 2;
                                            break;
                                        }
                                        Some(_) => self.pos += 1,
                                    }
                                }
                            }
                            Some(_) => self.pos += 1,
                        }
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    // --- program ---------------------------------------------------------------------------

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(Stop)
        } else {
            Ok(())
        }
    }

    fn program(&mut self) -> R<()> {
        loop {
            self.skip_terminators()?;
            if matches!(self.peek()?, Tok::Eof) {
                return Ok(());
            }
            self.item()?;
        }
    }

    fn item(&mut self) -> R<()> {
        if self.is_op("@")?
            && let Tok::Name { text, .. } = self.peek2()?
            && matches!(text.as_str(), "load" | "include" | "namespace")
        {
            self.next()?;
            self.next()?;
            let Tok::Str(name) = self.next()? else {
                return Err(Stop);
            };
            match text.as_str() {
                "load" => self.raw.push(Raw::Load(Some(name))),
                "include" => self.raw.push(Raw::Include(Some(name))),
                _ => {}
            }
            return self.end_of_item();
        }
        if self.is_keyword("function")? || self.is_keyword("func")? {
            self.next()?;
            let Tok::Name { text, .. } = self.next()? else {
                return Err(Stop);
            };
            if KEYWORDS.contains(&text.as_str()) {
                return Err(Stop);
            }
            self.expect("(")?;
            let mut params = Vec::new();
            if !self.eat_op(")")? {
                loop {
                    self.skip_newlines()?;
                    let Tok::Name { text, .. } = self.next()? else {
                        return Err(Stop);
                    };
                    params.push(text);
                    self.skip_newlines()?;
                    if self.eat_op(")")? {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            self.skip_newlines()?;
            self.locals = params;
            let r = self.block();
            self.locals.clear();
            return r;
        }
        if ["BEGIN", "END", "BEGINFILE", "ENDFILE"]
            .iter()
            .any(|k| matches!(self.peeked.as_ref(), Some((Tok::Name { text, .. }, _)) if text == k))
        {
            self.next()?;
            self.skip_newlines()?;
            return self.block();
        }
        if !self.is_op("{")? {
            self.expr(false)?;
            if self.eat_op(",")? {
                self.skip_newlines()?;
                self.expr(false)?;
            }
            if !self.is_op("{")? {
                return self.end_of_item();
            }
        }
        self.block()
    }

    fn end_of_item(&mut self) -> R<()> {
        match self.peek()? {
            Tok::Eof => Ok(()),
            Tok::Newline | Tok::Op(";") => {
                self.next()?;
                Ok(())
            }
            _ => Err(Stop),
        }
    }

    /// `{ statements }`.
    fn block(&mut self) -> R<()> {
        self.enter()?;
        self.expect("{")?;
        loop {
            self.skip_terminators()?;
            if self.eat_op("}")? {
                break;
            }
            if matches!(self.peek()?, Tok::Eof) {
                return Err(Stop);
            }
            self.statement()?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// After a simple statement: `;`, newlines, or a `}` / end that is not consumed.
    fn terminator(&mut self) -> R<()> {
        match self.peek()? {
            Tok::Eof | Tok::Op("}") => Ok(()),
            Tok::Newline | Tok::Op(";") => {
                self.next()?;
                self.skip_newlines()
            }
            _ => Err(Stop),
        }
    }

    fn condition(&mut self) -> R<()> {
        self.expect("(")?;
        self.skip_newlines()?;
        self.expr(false)?;
        self.skip_newlines()?;
        self.expect(")")
    }

    fn statement(&mut self) -> R<()> {
        self.enter()?;
        self.statement_body()?;
        self.depth -= 1;
        Ok(())
    }

    fn statement_body(&mut self) -> R<()> {
        if self.is_op("{")? {
            return self.block();
        }
        if self.eat_op(";")? {
            return Ok(());
        }
        let kw = match self.peek()? {
            Tok::Name { text, .. } if KEYWORDS.contains(&text.as_str()) => text.clone(),
            _ => String::new(),
        };
        match kw.as_str() {
            "if" => {
                self.next()?;
                self.condition()?;
                self.skip_newlines()?;
                self.statement()?;
                self.skip_terminators_before_else()?;
                if self.is_keyword("else")? {
                    self.next()?;
                    self.skip_newlines()?;
                    self.statement()?;
                }
                Ok(())
            }
            "while" => {
                self.next()?;
                self.condition()?;
                if self.eat_op(";")? {
                    return Ok(());
                }
                self.skip_newlines()?;
                self.statement()
            }
            "do" => {
                self.next()?;
                self.skip_newlines()?;
                self.statement()?;
                self.skip_terminators()?;
                if !self.is_keyword("while")? {
                    return Err(Stop);
                }
                self.next()?;
                self.condition()?;
                self.terminator()
            }
            "for" => {
                self.next()?;
                self.expect("(")?;
                if !self.is_op(";")? {
                    let head = self.expr(false)?;
                    if self.is_op(")")? {
                        let Some(var) = head.in_of else {
                            return Err(Stop);
                        };
                        self.assign(&Lvalue::Name(var), None);
                        self.next()?;
                        self.skip_newlines()?;
                        return self.statement();
                    }
                }
                self.expect(";")?;
                self.skip_newlines()?;
                if !self.is_op(";")? {
                    self.expr(false)?;
                }
                self.expect(";")?;
                self.skip_newlines()?;
                if !self.is_op(")")? {
                    self.expr(false)?;
                }
                self.expect(")")?;
                if self.eat_op(";")? {
                    return Ok(());
                }
                self.skip_newlines()?;
                self.statement()
            }
            "switch" => {
                self.next()?;
                self.condition()?;
                self.skip_newlines()?;
                self.expect("{")?;
                loop {
                    self.skip_terminators()?;
                    if self.eat_op("}")? {
                        return Ok(());
                    }
                    if self.is_keyword("case")? {
                        self.next()?;
                        let _ = self.eat_op("-")? || self.eat_op("+")?;
                        if self.is_op("/")? || self.is_op("/=")? {
                            self.regex()?;
                        } else if !matches!(self.next()?, Tok::Number(_) | Tok::Str(_)) {
                            return Err(Stop);
                        }
                    } else if self.is_keyword("default")? {
                        self.next()?;
                    } else if matches!(self.peek()?, Tok::Eof) {
                        return Err(Stop);
                    } else {
                        self.statement()?;
                        continue;
                    }
                    self.expect(":")?;
                }
            }
            "break" | "continue" | "next" | "nextfile" => {
                self.next()?;
                self.terminator()
            }
            "exit" | "return" => {
                self.next()?;
                if !matches!(self.peek()?, Tok::Eof | Tok::Newline | Tok::Op(";" | "}")) {
                    self.expr(false)?;
                }
                self.terminator()
            }
            "delete" => {
                self.next()?;
                let Tok::Name { .. } = self.next()? else {
                    return Err(Stop);
                };
                if self.eat_op("[")? {
                    self.expr_list()?;
                    self.expect("]")?;
                }
                self.terminator()
            }
            "print" | "printf" => {
                self.next()?;
                self.print()?;
                self.terminator()
            }
            "" | "getline" => {
                self.expr(false)?;
                self.terminator()
            }
            _ => Err(Stop),
        }
    }

    /// Between `if (…) stmt` and a possible `else`: newlines and one `;`.
    fn skip_terminators_before_else(&mut self) -> R<()> {
        let save = (self.pos, self.peeked.clone());
        self.skip_terminators()?;
        if !self.is_keyword("else")? {
            self.pos = save.0;
            self.peeked = save.1;
        }
        Ok(())
    }

    /// The rest of a `print`/`printf` statement: the expression list (where `>` is not a
    /// comparison) and the output redirection.
    fn print(&mut self) -> R<()> {
        let mut input = None;
        if !matches!(
            self.peek()?,
            Tok::Eof | Tok::Newline | Tok::Op(";" | "}" | ">" | ">>" | "|" | "|&")
        ) {
            input = self.expr(true)?.pieces;
            while self.eat_op(",")? {
                self.skip_newlines()?;
                self.expr(true)?;
                input = None;
            }
        }
        let op = match self.peek()? {
            Tok::Op(op @ (">" | ">>" | "|" | "|&")) => *op,
            _ => return Ok(()),
        };
        self.next()?;
        let target = self.concat()?.pieces;
        self.raw.push(match op {
            ">" => Raw::Write(target, false),
            ">>" => Raw::Write(target, true),
            "|" => Raw::Pipe(target, input, false),
            _ => Raw::Pipe(target, input, true),
        });
        Ok(())
    }

    // --- expressions -----------------------------------------------------------------------

    fn expr_list(&mut self) -> R<Vec<Val>> {
        let mut out = Vec::new();
        loop {
            self.skip_newlines()?;
            out.push(self.expr(false)?);
            self.skip_newlines()?;
            if !self.eat_op(",")? {
                return Ok(out);
            }
        }
    }

    /// An expression; `no_gt`: at the top of a `print` list, where `>` redirects.
    fn expr(&mut self, no_gt: bool) -> R<Val> {
        self.enter()?;
        let lhs = self.ternary(no_gt)?;
        let Tok::Op(op @ ("=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=" | "**=")) = *self.peek()?
        else {
            self.depth -= 1;
            return Ok(lhs);
        };
        let Some(lv) = lhs.lvalue.clone() else {
            self.depth -= 1;
            return Ok(lhs);
        };
        self.next()?;
        self.skip_newlines()?;
        let rhs = self.expr(no_gt)?;
        let value = if op == "=" { rhs.pieces.clone() } else { None };
        self.assign(&lv, value.clone());
        self.depth -= 1;
        Ok(Val {
            pieces: value,
            ..Val::default()
        })
    }

    /// Record an assignment.
    fn assign(&mut self, lv: &Lvalue, value: Pieces) {
        match lv {
            Lvalue::Name(n) if self.locals.contains(n) => {}
            Lvalue::Name(n) => self.values.entry(n.clone()).or_default().push(value),
            Lvalue::Elem(a) if a == "ARGV" => self.raw.push(Raw::Read(value)),
            Lvalue::Elem(a) if a == "SYMTAB" => self.everything_assigned = true,
            Lvalue::Elem(_) | Lvalue::Field => {}
        }
    }

    fn ternary(&mut self, no_gt: bool) -> R<Val> {
        let c = self.or(no_gt)?;
        if !self.eat_op("?")? {
            return Ok(c);
        }
        self.skip_newlines()?;
        self.expr(no_gt)?;
        self.skip_newlines()?;
        self.expect(":")?;
        self.skip_newlines()?;
        self.expr(no_gt)?;
        Ok(Val::default())
    }

    fn or(&mut self, no_gt: bool) -> R<Val> {
        let mut v = self.and(no_gt)?;
        while self.eat_op("||")? {
            self.skip_newlines()?;
            self.and(no_gt)?;
            v = Val::default();
        }
        Ok(v)
    }

    fn and(&mut self, no_gt: bool) -> R<Val> {
        let mut v = self.in_expr(no_gt)?;
        while self.eat_op("&&")? {
            self.skip_newlines()?;
            self.in_expr(no_gt)?;
            v = Val::default();
        }
        Ok(v)
    }

    fn in_expr(&mut self, no_gt: bool) -> R<Val> {
        let mut v = self.matching(no_gt)?;
        while self.is_keyword("in")? {
            self.next()?;
            let Tok::Name { .. } = self.next()? else {
                return Err(Stop);
            };
            let in_of = match &v.lvalue {
                Some(Lvalue::Name(n)) if !v.list => Some(n.clone()),
                _ => None,
            };
            v = Val {
                in_of,
                ..Val::default()
            };
        }
        Ok(v)
    }

    fn matching(&mut self, no_gt: bool) -> R<Val> {
        let mut v = self.comparison(no_gt)?;
        while self.eat_op("~")? || self.eat_op("!~")? {
            self.comparison(no_gt)?;
            v = Val::default();
        }
        Ok(v)
    }

    fn comparison(&mut self, no_gt: bool) -> R<Val> {
        let v = self.pipe_getline()?;
        let is_cmp = match self.peek()? {
            Tok::Op(">") => !no_gt,
            Tok::Op("<" | "<=" | "!=" | "==" | ">=") => true,
            _ => false,
        };
        if !is_cmp {
            return Ok(v);
        }
        self.next()?;
        self.pipe_getline()?;
        Ok(Val::default())
    }

    /// `CMD | getline [var]`, `CMD |& getline [var]`.
    fn pipe_getline(&mut self) -> R<Val> {
        let mut v = self.concat()?;
        loop {
            let co = match self.peek()? {
                Tok::Op("|") => false,
                Tok::Op("|&") => true,
                _ => return Ok(v),
            };
            if !matches!(self.peek2()?, Tok::Name { text, .. } if text == "getline") {
                return Ok(v);
            }
            self.next()?;
            self.next()?;
            self.raw.push(if co {
                Raw::Coprocess(v.pieces.take())
            } else {
                Raw::Exec(v.pieces.take())
            });
            self.getline_target()?;
            v = Val::default();
        }
    }

    /// Can the next token start an operand of a concatenation? (After an operand a `/` divides
    /// and a `-` subtracts.)
    fn starts_operand(&mut self) -> R<bool> {
        Ok(match self.peek()? {
            Tok::Number(_) | Tok::Str(_) => true,
            Tok::Name { text, .. } => !KEYWORDS.contains(&text.as_str()),
            Tok::Op(o) => matches!(*o, "$" | "(" | "!" | "++" | "--" | "@"),
            _ => false,
        })
    }

    fn concat(&mut self) -> R<Val> {
        let mut v = self.additive()?;
        while self.starts_operand()? {
            let w = self.additive()?;
            let pieces = match (v.pieces.take(), w.pieces) {
                (Some(mut a), Some(b)) => {
                    a.extend(b);
                    Some(a)
                }
                _ => None,
            };
            v = Val {
                pieces,
                ..Val::default()
            };
        }
        Ok(v)
    }

    fn additive(&mut self) -> R<Val> {
        let mut v = self.multiplicative()?;
        while self.eat_op("+")? || self.eat_op("-")? {
            self.multiplicative()?;
            v = Val::default();
        }
        Ok(v)
    }

    fn multiplicative(&mut self) -> R<Val> {
        let mut v = self.unary()?;
        while self.eat_op("*")? || self.eat_op("/")? || self.eat_op("%")? {
            self.unary()?;
            v = Val::default();
        }
        Ok(v)
    }

    fn unary(&mut self) -> R<Val> {
        self.enter()?;
        let v = if self.eat_op("!")? || self.eat_op("-")? || self.eat_op("+")? {
            self.unary()?;
            Val::default()
        } else {
            self.power()?
        };
        self.depth -= 1;
        Ok(v)
    }

    fn power(&mut self) -> R<Val> {
        let v = self.postfix()?;
        if self.eat_op("^")? || self.eat_op("**")? {
            self.unary()?;
            return Ok(Val::default());
        }
        Ok(v)
    }

    fn postfix(&mut self) -> R<Val> {
        let v = self.primary()?;
        if let Some(lv) = &v.lvalue
            && (self.is_op("++")? || self.is_op("--")?)
        {
            let lv = lv.clone();
            self.next()?;
            self.assign(&lv, None);
            return Ok(Val::default());
        }
        Ok(v)
    }

    /// After `getline`: an optional variable, then an optional `< FILE`.
    fn getline_target(&mut self) -> R<()> {
        let lvalue = match self.peek()? {
            Tok::Op("$") => true,
            Tok::Name { text, paren } => {
                !*paren && !KEYWORDS.contains(&text.as_str()) && !BUILTINS.contains(&text.as_str())
            }
            _ => false,
        };
        if lvalue {
            let v = self.primary()?;
            if let Some(lv) = v.lvalue {
                self.assign(&lv, None);
            }
        }
        Ok(())
    }

    fn call_args(&mut self) -> R<Vec<Val>> {
        self.expect("(")?;
        self.skip_newlines()?;
        if self.eat_op(")")? {
            return Ok(Vec::new());
        }
        let args = self.expr_list()?;
        self.expect(")")?;
        Ok(args)
    }

    fn primary(&mut self) -> R<Val> {
        self.enter()?;
        let v = self.primary_body()?;
        self.depth -= 1;
        Ok(v)
    }

    fn primary_body(&mut self) -> R<Val> {
        if self.is_op("/")? || self.is_op("/=")? {
            self.regex()?;
            return Ok(Val::default());
        }
        match self.next()? {
            Tok::Number(n) => Ok(Val {
                pieces: n
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| vec![Piece::Lit(n.trim_start_matches('0').to_owned()).normal()]),
                ..Val::default()
            }),
            Tok::Str(s) => Ok(Val {
                pieces: Some(vec![Piece::Lit(s)]),
                ..Val::default()
            }),
            Tok::Op("(") => {
                let list = self.expr_list()?;
                self.expect(")")?;
                if list.len() == 1 {
                    let mut v = list.into_iter().next().unwrap_or_default();
                    v.lvalue = None;
                    v.in_of = None;
                    Ok(v)
                } else {
                    Ok(Val {
                        list: true,
                        ..Val::default()
                    })
                }
            }
            Tok::Op("$") => {
                if self.eat_op("++")? || self.eat_op("--")? {
                    let v = self.primary()?;
                    if let Some(lv) = v.lvalue {
                        self.assign(&lv, None);
                    }
                } else {
                    // `$-1`, `$+x`, `$!x`: a sign before the field number.
                    let _ = self.eat_op("-")? || self.eat_op("+")? || self.eat_op("!")?;
                    self.primary()?;
                }
                Ok(Val {
                    lvalue: Some(Lvalue::Field),
                    ..Val::default()
                })
            }
            Tok::Op("++" | "--") => {
                let v = self.primary()?;
                let Some(lv) = v.lvalue else {
                    return Err(Stop);
                };
                self.assign(&lv, None);
                Ok(Val::default())
            }
            Tok::Op("-" | "+" | "!") => {
                self.unary()?;
                Ok(Val::default())
            }
            Tok::Op("@") => {
                // `@/re/`: a typed regex; `@name(…)`: an indirect call.
                if self.is_op("/")? || self.is_op("/=")? {
                    self.regex()?;
                    return Ok(Val::default());
                }
                let Tok::Name { paren: true, .. } = self.next()? else {
                    return Err(Stop);
                };
                self.raw.push(Raw::IndirectCall);
                self.call_args()?;
                Ok(Val::default())
            }
            Tok::Name { text, paren } => self.name(text, paren),
            _ => Err(Stop),
        }
    }

    fn name(&mut self, text: String, paren: bool) -> R<Val> {
        if text == "getline" {
            self.getline_target()?;
            if self.eat_op("<")? {
                // gawk reads `getline < "a" "b"` as `(getline < "a") "b"`.
                let target = self.additive()?;
                self.raw.push(Raw::Read(target.pieces));
            }
            return Ok(Val::default());
        }
        if KEYWORDS.contains(&text.as_str()) {
            return Err(Stop);
        }
        if BUILTINS.contains(&text.as_str()) {
            if !self.is_op("(")? {
                // `length` alone; any other builtin needs its arguments.
                return if text == "length" {
                    Ok(Val::default())
                } else {
                    Err(Stop)
                };
            }
            let args = self.call_args()?;
            match text.as_str() {
                "system" => {
                    let cmd = args.into_iter().next().and_then(|a| a.pieces);
                    self.raw.push(Raw::Exec(cmd));
                }
                "sub" | "gsub" => {
                    if let Some(lv) = args.get(2).and_then(|a| a.lvalue.clone()) {
                        self.assign(&lv, None);
                    }
                }
                "split" | "patsplit" => {
                    if let Some(Lvalue::Name(a)) = args.get(1).and_then(|a| a.lvalue.clone())
                        && a == "ARGV"
                    {
                        self.raw.push(Raw::Read(None));
                    }
                }
                _ => {}
            }
            return Ok(Val::default());
        }
        if paren {
            self.call_args()?;
            return Ok(Val::default());
        }
        if self.eat_op("[")? {
            let subs = self.expr_list()?;
            self.expect("]")?;
            if text == "ENVIRON" {
                let name = match subs.as_slice() {
                    [one] => one.pieces.clone(),
                    _ => None,
                };
                self.raw.push(Raw::Env(name));
            }
            return Ok(Val {
                lvalue: Some(Lvalue::Elem(text)),
                ..Val::default()
            });
        }
        match text.as_str() {
            "ENVIRON" => self.raw.push(Raw::Env(None)),
            // An array passed whole may be filled by a function.
            "ARGV" => self.raw.push(Raw::Read(None)),
            "SYMTAB" => self.everything_assigned = true,
            _ => {}
        }
        let pieces = if self.locals.contains(&text) {
            None
        } else {
            Some(vec![Piece::Var(text.clone())])
        };
        Ok(Val {
            pieces,
            lvalue: Some(Lvalue::Name(text)),
            ..Val::default()
        })
    }

    // --- resolution ------------------------------------------------------------------------

    /// The values a piece list can take, when known (at most a few).
    fn resolve(&self, pieces: &Pieces, depth: usize) -> Option<Vec<String>> {
        let pieces = pieces.as_ref()?;
        // Variables defined through each other (`a = a a`) could take exponential time: a
        // bounded number of steps, then the value is computed.
        let spent = self.resolve_steps.get() + 1;
        self.resolve_steps.set(spent);
        if depth > 8 || spent > 4096 {
            return None;
        }
        let mut out = vec![String::new()];
        for p in pieces {
            let options = match p {
                Piece::Lit(s) => vec![s.clone()],
                Piece::Var(n) => {
                    if self.everything_assigned {
                        return None;
                    }
                    let values = self.values.get(n)?;
                    let mut all = Vec::new();
                    for v in values {
                        for s in self.resolve(v, depth + 1)? {
                            if !all.contains(&s) {
                                all.push(s);
                            }
                        }
                    }
                    all
                }
            };
            if options.is_empty() || out.len() * options.len() > 16 {
                return None;
            }
            out = out
                .iter()
                .flat_map(|a| options.iter().map(move |b| format!("{a}{b}")))
                .collect();
        }
        Some(out)
    }

    /// The effects, variables resolved.
    fn finish(&self) -> Vec<AwkEffect> {
        let mut out = Vec::new();
        let inet = |p: &Pieces| matches!(p.as_deref(), Some([Piece::Lit(s), ..]) if is_inet(s));
        for r in &self.raw {
            let values = |p: &Pieces| match self.resolve(p, 0) {
                Some(v) => v.into_iter().map(Some).collect(),
                None => vec![None],
            };
            match r {
                Raw::Exec(p) => out.extend(values(p).into_iter().map(AwkEffect::Exec)),
                Raw::Pipe(p, input, co) => {
                    let input = match self.resolve(input, 0).as_deref() {
                        Some([one]) => Some(one.clone()),
                        _ => None,
                    };
                    for v in values(p) {
                        out.push(match v {
                            Some(s) if *co && is_inet(&s) => AwkEffect::Network,
                            _ if *co && inet(p) => AwkEffect::Network,
                            command => AwkEffect::Pipe {
                                command,
                                input: input.clone(),
                            },
                        });
                    }
                }
                Raw::Coprocess(p) => {
                    for v in values(p) {
                        out.push(match v {
                            Some(s) if is_inet(&s) => AwkEffect::Network,
                            _ if inet(p) => AwkEffect::Network,
                            v => AwkEffect::Exec(v),
                        });
                    }
                }
                Raw::Write(p, append) => {
                    for v in values(p) {
                        out.push(match v {
                            Some(s) if is_inet(&s) => AwkEffect::Network,
                            _ if inet(p) => AwkEffect::Network,
                            target => AwkEffect::Write {
                                target,
                                append: *append,
                            },
                        });
                    }
                }
                Raw::Read(p) => {
                    for v in values(p) {
                        out.push(match v {
                            Some(s) if is_inet(&s) => AwkEffect::Network,
                            _ if inet(p) => AwkEffect::Network,
                            v => AwkEffect::Read(v),
                        });
                    }
                }
                Raw::Env(p) => out.extend(values(p).into_iter().map(AwkEffect::Env)),
                Raw::Load(n) => out.push(AwkEffect::Load(n.clone())),
                Raw::Include(n) => out.push(AwkEffect::Include(n.clone())),
                Raw::IndirectCall => out.push(AwkEffect::IndirectCall),
            }
        }
        out
    }
}

impl Piece {
    /// A number literal's text as awk converts it (`007` is `7`, `0` stays).
    fn normal(self) -> Piece {
        match self {
            Piece::Lit(s) if s.is_empty() => Piece::Lit("0".to_owned()),
            p => p,
        }
    }
}

fn is_inet(s: &str) -> bool {
    ["/inet/", "/inet4/", "/inet6/"]
        .iter()
        .any(|p| s.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::AwkEffect::{Env, Exec, Include, IndirectCall, Load, Network, Read};
    use super::*;

    fn effects(s: &str) -> Vec<AwkEffect> {
        let r = read(s);
        assert!(!r.opaque, "{s:?} is opaque");
        r.effects
    }

    fn write(t: &str) -> AwkEffect {
        AwkEffect::Write {
            target: Some(t.to_owned()),
            append: false,
        }
    }

    fn exec(c: &str) -> AwkEffect {
        Exec(Some(c.to_owned()))
    }

    fn pipe(c: &str, input: Option<&str>) -> AwkEffect {
        AwkEffect::Pipe {
            command: Some(c.to_owned()),
            input: input.map(str::to_owned),
        }
    }

    #[test]
    fn filters_have_no_effects() {
        for s in [
            "{print $5}",
            "/foo/ {print $2}",
            "{s+=$1} END {print s}",
            "NR%3==1",
            "{if ($1 == \"foo\") print \"a\"; else if ($1 ~ \"bar\") print \"b\"; else print \"c\"}",
            "($10 >= min && $10 <= max)",
            "BEGIN {FS=\":\";printf \"%-20s %6s\\n\", \"Name\", \"UID\"} $4 >= 1000 {printf \"%-20s\\n\", $1}",
            "{ print \"<a>\" $1 \"</a>\" }",
            "{print ($1 > 2)}",
            "{print $1 > \"/dev/stdout\"}",
            "{print \"x\" > \"/dev/stderr\"}",
            "NR==FNR{a[$1];next} $1 in a",
            "!a[$0]++",
            "{ $1=\"\"; print }",
            "length > 72",
            "{ print length($0) }",
            "{ n = split($0, parts, \":\"); print parts[n] }",
            "{ gsub(/a\\/b/, \"x\"); print }",
            "{ print $NF; print $(NF-1) }",
            "{ a = $1 / 2; b = a /3/ 1; print a, b }",
            "/error|warn/ {print}",
            "$1 == \"a|b\" || NR/2 > 1 {print}",
            "# comment > \"x\" | \"sh\"\n{print}",
            "{ for (i = 1; i <= NF; i++) s += $i } END { print s }",
            "{ for (k in a) print k, a[k] }",
            "BEGIN { while ((getline line < \"data.txt\") > 0) n++; print n }",
            "{ x = substr($0, index($0, \"=\") + 1) }\nEND { printf(\"%d\\n\", NR) }",
            "BEGIN { switch (x) { case 1: print; break; case /re/: print; default: print } }",
            "function f(a, b) { return a + b }\n{ print f($1, $2) }",
            "{ print $1 \\\n $2 }",
            "BEGIN { x = 2 ** 3; x **= 2; print x ^ -1 }",
            "{ print (1,2) in a }",
            "@namespace \"x\"\nBEGIN { print x::y }",
            "BEGIN { if (x) { print } else print \"y\" }",
            "{ do { i++ } while (i < 3) }",
            "BEGIN { close(\"x\"); fflush() }",
        ] {
            let r = read(s);
            assert!(!r.runs_or_writes(), "{s:?}: {r:?}");
        }
    }

    #[test]
    fn print_redirection_is_not_comparison() {
        assert_eq!(effects("{print $1, $2 > \"f\"}"), [write("f")]);
        assert_eq!(effects("{print($1) > \"f\"}"), [write("f")]);
        assert_eq!(effects("{printf(\"%s\\n\", $1) > \"out\"}"), [write("out")]);
        assert_eq!(
            effects("{print >> \"log\"}"),
            [AwkEffect::Write {
                target: Some("log".into()),
                append: true
            }]
        );
        assert_eq!(
            effects("{print $1 > \"/etc/\" \"passwd\"}"),
            [write("/etc/passwd")]
        );
        assert_eq!(
            effects("{print > $2 \".txt\"}"),
            [AwkEffect::Write {
                target: None,
                append: false
            }]
        );
        assert!(effects("{print ($1 > 2), $2}").is_empty());
        assert!(effects("$1 > 2 {print}").is_empty());
        assert!(effects("{x = $1 > 2; print x}").is_empty());
        assert!(effects("{print a[$1 > 2]}").is_empty());
        // mawk writes a file named `-`.
        assert!(read("{ print > \"-\" }").runs_or_writes());
        assert!(effects("{print substr($0, $1 > 2)}").is_empty());
    }

    #[test]
    fn commands() {
        assert_eq!(effects("BEGIN{system(\"rm -rf /\")}"), [exec("rm -rf /")]);
        assert_eq!(effects("BEGIN{system (\"ls\")}"), [exec("ls")]);
        assert_eq!(effects("{print | \"sort\"}"), [pipe("sort", None)]);
        assert_eq!(effects("{print |& \"sort\"}"), [pipe("sort", None)]);
        assert_eq!(
            effects("BEGIN{print \"x\" | \"s\" \"h\"}"),
            [pipe("sh", Some("x"))]
        );
        assert_eq!(
            effects("BEGIN{c=\"sh\"; print \"id\" | c}"),
            [pipe("sh", Some("id"))]
        );
        assert!(shell_reads_stdin("/bin/sh -s"));
        assert!(!shell_reads_stdin("sort -u"));
        assert_eq!(
            effects("BEGIN{\"date\" | getline d; print d}"),
            [exec("date")]
        );
        assert_eq!(effects("BEGIN{\"date\" |& getline}"), [exec("date")]);
        assert_eq!(
            effects("BEGIN{while ((\"ls\" | getline f) > 0) print f}"),
            [exec("ls")]
        );
        assert_eq!(
            effects("BEGIN{\"echo \" \"hi\" | getline x}"),
            [exec("echo hi")]
        );
        assert_eq!(
            effects("BEGIN{system(\"r\\x6d -rf ~\")}"),
            [exec("rm -rf ~")]
        );
        assert_eq!(effects("BEGIN{system(\"r\\155\")}"), [exec("rm")]);
        // Computed commands.
        assert_eq!(effects("{system($0)}"), [Exec(None)]);
        assert_eq!(effects("{c = $1; system(c)}"), [Exec(None)]);
        assert_eq!(effects("{system(x)}"), [Exec(None)]);
        assert_eq!(
            effects("function f(c) { system(c) } BEGIN { f(\"ls\") }"),
            [Exec(None)]
        );
        assert_eq!(
            effects("BEGIN{c=\"ls\"; getline c; system(c)}"),
            [Exec(None)]
        );
        assert_eq!(
            effects("BEGIN{c=\"ls\"; c = c \"x\"; system(c)}"),
            [Exec(None)]
        );
        // Several literal values: each is reported.
        assert_eq!(
            effects("BEGIN{c=\"ls\"} END{c=\"id\"} {system(c)}"),
            [exec("ls"), exec("id")]
        );
        // From the command line.
        assert_eq!(
            read_with(
                "BEGIN{system(c)}",
                &[(Some("c".into()), Some("rm -rf ~".into()))]
            )
            .effects,
            [exec("rm -rf ~")]
        );
        assert_eq!(
            read_with("BEGIN{c=\"ls\"; system(c)}", &[(None, None)]).effects,
            [Exec(None)]
        );
        assert_eq!(
            read_with("BEGIN{system(c)}", &[(Some("c".into()), None)]).effects,
            [Exec(None)]
        );
    }

    #[test]
    fn regex_or_division() {
        // After an operand `/` divides: no regex swallows the `system`.
        assert_eq!(
            effects("{ x = a / 2; system(\"id\"); y = b / 3 }"),
            [exec("id")]
        );
        // Where an operand is expected it opens a regex: the `|` is inside it.
        assert!(effects("/a|b/ { print }").is_empty());
        assert!(effects("$0 ~ /x\\/y|z/").is_empty());
        assert!(effects("{ a /= 2 }").is_empty());
        assert!(effects("{ a = /=/ }").is_empty());
        // `/[/]/`: gawk reads a bracket, the one-true-awk ends the regex at the first `/`.
        let r = read("/[/ ; system(\"id\") ; /]/");
        assert!(r.effects.contains(&exec("id")), "{r:?}");
    }

    #[test]
    fn reads_env_network_and_code() {
        assert_eq!(
            effects("BEGIN{getline l < \"/etc/shadow\"}"),
            [Read(Some("/etc/shadow".into()))]
        );
        assert_eq!(effects("BEGIN{getline < f}"), [Read(None)]);
        assert_eq!(
            effects("BEGIN{ARGV[1]=\"/etc/shadow\"; ARGC=2}"),
            [Read(Some("/etc/shadow".into()))]
        );
        assert_eq!(
            effects("BEGIN{print ENVIRON[\"GITHUB_TOKEN\"]}"),
            [Env(Some("GITHUB_TOKEN".into()))]
        );
        assert_eq!(
            effects("BEGIN{for (k in ENVIRON) print k, ENVIRON[k]}"),
            [Env(None)]
        );
        assert_eq!(
            effects("BEGIN{n=\"HOME\"; print ENVIRON[n]}"),
            [Env(Some("HOME".into()))]
        );
        assert_eq!(
            effects("BEGIN{s=\"/inet/tcp/0/h/80\"; print \"x\" |& s; s |& getline}"),
            [Network]
        );
        assert_eq!(effects("BEGIN{print > \"/inet/tcp/0/h/80\"}"), [Network]);
        assert_eq!(
            effects("@load \"filefuncs\"\nBEGIN{}"),
            [Load(Some("filefuncs".into()))]
        );
        assert_eq!(
            effects("@include \"lib.awk\"\nBEGIN{}"),
            [Include(Some("lib.awk".into()))]
        );
        assert_eq!(effects("BEGIN{f=\"system\"; @f(\"id\")}"), [IndirectCall]);
        assert!(effects("BEGIN{ if (x ~ @/re/) print }").is_empty());
    }

    #[test]
    fn unreadable_programs_are_opaque() {
        for s in [
            "{print \"x}",
            "/abc",
            "{print",
            "BEGIN{system(\"id\")",
            "{print}}",
            "{ print \u{e9} }",
            "{ print $1 \\",
            "data.csv",
            "@unknown \"x\"",
            "{ if }",
        ] {
            assert!(read(s).opaque, "{s:?}");
            assert!(read(s).runs_or_writes(), "{s:?}");
        }
        // Variables defined through each other are resolved in bounded time.
        let chain = "BEGIN{a = \"x\"; ".to_owned() + &"a = a a; ".repeat(50) + "system(a)}";
        assert_eq!(read(&chain).effects, [Exec(None)]);
        let deep = format!("BEGIN{{x={}1{}}}", "(".repeat(500), ")".repeat(500));
        assert!(read(&deep).opaque);
    }

    #[test]
    fn command_lines() {
        let inv = |w: &[&str]| invocation(w);
        assert_eq!(
            inv(&["awk", "{print}", "f"]).source,
            Source::Text("{print}".into())
        );
        assert_eq!(
            inv(&["awk", "-F", ":", "-v", "c=ls", "{print}", "x=1", "f"]),
            Invocation {
                source: Source::Text("{print}".into()),
                assigns: vec![
                    (Some("c".into()), Some("ls".into())),
                    (Some("x".into()), Some("1".into()))
                ],
                records_on_stdin: false,
            }
        );
        assert!(inv(&["awk", "{print | \"sh\"}"]).records_on_stdin);
        assert!(inv(&["awk", "{print}", "x=1", "-"]).records_on_stdin);
        assert!(!inv(&["awk", "{print}", "-", "f"]).records_on_stdin);
        assert_eq!(
            inv(&["awk", "-f", "p.awk", "f"]).source,
            Source::Files(vec![ProgramFile::Word(2)])
        );
        assert_eq!(
            inv(&["gawk", "--file=a.awk", "-f", "b.awk"]).source,
            Source::Files(vec![
                ProgramFile::Path("a.awk".into()),
                ProgramFile::Word(3)
            ])
        );
        // Program files mixed with `-e` text or standard input are not joined.
        assert_eq!(
            inv(&["gawk", "-f", "p.awk", "-e", "{print}"]).source,
            Source::Unread
        );
        assert_eq!(
            inv(&["gawk", "-f", "p.awk", "-f", "-"]).source,
            Source::Unread
        );
        assert_eq!(inv(&["awk", "-f", "-", "f"]).source, Source::Stdin);
        assert_eq!(
            inv(&["gawk", "-e", "BEGIN{}", "-e", "{print}"]).source,
            Source::Text("BEGIN{}\n{print}".into())
        );
        assert_eq!(
            inv(&["gawk", "--source={print}", "f"]).source,
            Source::Text("{print}".into())
        );
        assert_eq!(
            inv(&["gawk", "-i", "lib", "{print}"]).source,
            Source::Unread
        );
        assert_eq!(
            inv(&["gawk", "-i", "inplace", "{print}", "f"]).source,
            Source::Text("{print}".into())
        );
        assert_eq!(
            inv(&["awk", "--", "{print}", "f"]).source,
            Source::Text("{print}".into())
        );
        assert_eq!(
            inv(&["awk", "-vc=ls", "{print}"]).assigns,
            [(Some("c".into()), Some("ls".into()))]
        );
        assert_eq!(inv(&["mawk", "-W", "exec", "p.awk"]).source, Source::Unread);
        assert_eq!(
            inv(&["mawk", "-W", "interactive", "{print}"]).source,
            Source::Text("{print}".into())
        );
        assert_eq!(
            inv(&["gawk", "-Lfatal", "{print}", "f"]).source,
            Source::Text("{print}".into())
        );
        let dynamic: [Option<&str>; 3] = [Some("awk"), Some("{print}"), None];
        assert_eq!(invocation(&dynamic).assigns, [(None, None)]);
    }
}
