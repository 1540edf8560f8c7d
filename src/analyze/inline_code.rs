//! Closed readers of interpreter one-liners that only print: `python3 -c 'import sys;
//! print(sys.version)'`, `node -e 'console.log(process.version)'`, `node -p process.versions`.
//!
//! A one-liner is a program, so it is never allowed by the interpreter's name. These readers
//! prove a small, closed subset instead: statements that are expressions (or `import sys`/
//! `import os` in Python) built from literals, a fixed list of the interpreter's facts about
//! itself (`sys.version`, `os.getcwd()`, `process.versions`, `process.cwd()`, Node's
//! `require('os').cpus()`, `Intl.DateTimeFormat().resolvedOptions()`), `+`/`-`, numeric
//! subscripts, and a fixed list of calls (`print`, `str`, `len`, `console.log`,
//! `JSON.stringify`, string methods such as `join` and `split`). Python may also read JSON from
//! standard input and print parts of it (`import json, sys; d = json.load(sys.stdin);
//! print(d['version'])`): `json.load(sys.stdin)`, `json.loads`, `json.dumps` with keyword
//! arguments that only shape the text, `sys.stdin.read()`, string keys of dicts, the dict
//! methods `get`/`keys`/`values`/`items`, and names assigned such values (never a builtin, a
//! module or a name starting with `_`); `site`'s install places. Anything else (another name,
//! an attribute outside the list, a computed subscript, `*`, a keyword argument other than
//! print's `sep`/`end`, f-strings and template literals, comments, a character the tokenizer
//! does not know) leaves the code unproven: the caller flags it as code it does not read.
//!
//! Imports: `python -c` puts the working directory first on `sys.path`, so `import platform`
//! or `import json` runs `./platform.py` of a checkout. `sys` (built into the interpreter) and
//! `os` and `site` (imported before the command runs, so the cached module is returned) cannot
//! be replaced that way; `platform` and `json` can, and so can every module they import: the
//! reader returns them
//! ([`python_imports`]) and the `workspace-code` check asks when the directory the command runs
//! in holds `platform.py`, `platform/` or any module named like a standard library one. Any other
//! import is unproven. `-S` (no `site`) and `-I` are options, which the allow rules do not take.
//! Node's one module in the subset is `require('os')` (or `node:os`, or the `os` global `-e` and
//! `-p` give): a core module, which `require` returns before it looks at any file, so no file of
//! the directory can replace it. Beside it, a project's manifest as data:
//! `require('./package.json')` (also `../package.json`, `./packages/a/package.json`). `require`
//! parses a file named `.json` as JSON, which has no code; but where no such file is (a missing
//! name, a directory `package.json/`), it tries `package.json.js` and `package.json/index.js`
//! and runs them. The reader returns these names ([`node_manifests`]) and the `workspace-code`
//! check asks unless each is a regular file (not a link) that the line does not write. Any
//! other `require` is unproven.

/// The interpreter language of a one-liner reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lang {
    Python,
    Node,
}

/// Is `code` proven to only print (compute from the interpreter's facts and write to standard
/// output)? `false` for anything the closed reader does not know.
pub(crate) fn prints_only(lang: Lang, code: &str) -> bool {
    read(lang, code).is_some()
}

/// The modules a proven Python one-liner imports that the working directory could replace
/// (all but `sys` and `os`); `None` when the code is not proven to only print.
pub(crate) fn python_imports(code: &str) -> Option<Vec<&'static str>> {
    let imported = read(Lang::Python, code)?;
    Some(
        imported
            .into_iter()
            .filter(|m| !matches!(*m, "sys" | "os" | "site"))
            .collect(),
    )
}

/// The manifests a proven Node one-liner reads with `require` (`./package.json`), as written;
/// `None` when the code is not proven to only print.
pub(crate) fn node_manifests(code: &str) -> Option<Vec<String>> {
    Some(parse(Lang::Node, code)?.1)
}

fn read(lang: Lang, code: &str) -> Option<Vec<&'static str>> {
    Some(parse(lang, code)?.0)
}

/// The modules the proven code imports and the manifests it reads; `None` when unproven.
fn parse(lang: Lang, code: &str) -> Option<(Vec<&'static str>, Vec<String>)> {
    if code.len() > 4096 {
        return None;
    }
    let tokens = tokenize(lang, code)?;
    let mut p = Parser {
        lang,
        toks: &tokens,
        at: 0,
        imported: Vec::new(),
        manifests: Vec::new(),
        names: Vec::new(),
    };
    p.program()?;
    Some((p.imported, p.manifests))
}

/// A project manifest `require` is proven to read as JSON data when it is a regular file:
/// `./package.json`, or a relative path to one (`../package.json`, `./packages/a/package.json`)
/// of plain characters (no escape, no `node_modules` lookup: a bare `package.json` is a
/// package's name).
fn manifest_path(name: &str) -> bool {
    (name.starts_with("./") || name.starts_with("../"))
        && name.ends_with("/package.json")
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/' | b'-' | b'_' | b'@'))
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    /// A string literal and its text between the quotes (escapes left as written).
    Str(String),
    Num,
    Punct(char),
    /// A comparison: `<`, `>`, `<=`, `>=`, `==`, `!=` (and JavaScript's `===`, `!==`).
    Cmp,
    /// `;` or a newline.
    End,
}

fn tokenize(lang: Lang, code: &str) -> Option<Vec<Tok>> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == ' ' || ch == '\t' {
            i += 1;
            continue;
        }
        if ch == '\n' || ch == ';' {
            out.push(Tok::End);
            i += 1;
            continue;
        }
        if ch == '\'' || ch == '"' {
            let start = i;
            i = string_end(lang, &c, i)?;
            out.push(Tok::Str(literal_text(&c[start..i])));
            continue;
        }
        if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '.') {
                i += 1;
            }
            out.push(Tok::Num);
            continue;
        }
        if ch.is_ascii_alphabetic() || ch == '_' || (lang == Lang::Node && ch == '$') {
            // The first character is the name's (`$` in JavaScript), then letters, digits,
            // `_` and JavaScript's `$`: every step moves on (`$` alone is a name).
            let start = i;
            i += 1;
            while i < c.len()
                && (c[i].is_ascii_alphanumeric()
                    || c[i] == '_'
                    || (lang == Lang::Node && c[i] == '$'))
            {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            // Python string prefixes: raw and bytes strings; never `f` (it evaluates code).
            if lang == Lang::Python
                && i < c.len()
                && (c[i] == '\'' || c[i] == '"')
                && matches!(
                    word.to_ascii_lowercase().as_str(),
                    "r" | "b" | "u" | "rb" | "br"
                )
            {
                let start = i;
                i = string_end(lang, &c, i)?;
                out.push(Tok::Str(literal_text(&c[start..i])));
                continue;
            }
            out.push(Tok::Name(word));
            continue;
        }
        if matches!(ch, '<' | '>' | '=' | '!') {
            let two: String = c[i..(i + 2).min(c.len())].iter().collect();
            let three: String = c[i..(i + 3).min(c.len())].iter().collect();
            let len = if lang == Lang::Node && matches!(three.as_str(), "===" | "!==") {
                3
            } else if matches!(two.as_str(), "<=" | ">=" | "==" | "!=") {
                2
            } else {
                usize::from(matches!(ch, '<' | '>'))
            };
            // `<<`, `>>`, `=>`, `<<=`, `<>`: not in the subset.
            if len > 0 && !matches!(c.get(i + len), Some('<' | '>' | '=')) {
                out.push(Tok::Cmp);
                i += len;
                continue;
            }
            if ch != '=' {
                return None;
            }
        }
        if matches!(
            ch,
            '(' | ')' | '[' | ']' | ',' | '.' | ':' | '+' | '-' | '='
        ) {
            // `==`, `=>`, `+=`, `-=`, `++`, `--`: not in the subset.
            if i + 1 < c.len() && matches!(c[i + 1], '=' | '>') && ch != '(' && ch != '[' {
                return None;
            }
            if (ch == '+' || ch == '-') && c.get(i + 1) == Some(&ch) {
                return None;
            }
            out.push(Tok::Punct(ch));
            i += 1;
            continue;
        }
        return None;
    }
    Some(out)
}

/// The index after the string literal opening at `i` (single or double quoted; triple quoted
/// in Python), or `None` when it does not close. A backslash escapes the next character, also
/// in Python's raw strings (where it stays in the text but still keeps the quote open).
fn string_end(lang: Lang, c: &[char], i: usize) -> Option<usize> {
    let q = c[i];
    let triple = lang == Lang::Python && c.get(i + 1) == Some(&q) && c.get(i + 2) == Some(&q);
    let mut k = if triple { i + 3 } else { i + 1 };
    while k < c.len() {
        if c[k] == '\\' {
            k += 2;
            continue;
        }
        if c[k] == '\n' && !triple {
            return None;
        }
        if c[k] == q && (!triple || (c.get(k + 1) == Some(&q) && c.get(k + 2) == Some(&q))) {
            return Some(if triple { k + 3 } else { k + 1 });
        }
        k += 1;
    }
    None
}

/// The text between a string literal's quotes (one quote each side; a triple-quoted Python
/// string keeps two of each, which no caller compares with).
fn literal_text(lit: &[char]) -> String {
    lit.get(1..lit.len().saturating_sub(1))
        .unwrap_or_default()
        .iter()
        .collect()
}

struct Parser<'a> {
    lang: Lang,
    toks: &'a [Tok],
    at: usize,
    imported: Vec<&'static str>,
    /// Node manifests read with `require` ([`manifest_path`]).
    manifests: Vec<String>,
    /// Python names the code assigned a value of a builtin type (`d = json.load(sys.stdin)`).
    names: Vec<String>,
}

/// What an expression's head is: a value of a builtin type (safe to read attributes of and
/// to call the listed methods on), or a function the subset may pass to `map`.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Value,
    Function,
    /// Python's `sys.stdin`: read by `json.load` or its `read` methods, nothing else.
    Stream,
}

/// Attributes of `sys` that are data.
const PY_SYS_DATA: &[&str] = &[
    "version",
    "version_info",
    "executable",
    "path",
    "platform",
    "prefix",
    "base_prefix",
    "exec_prefix",
    "base_exec_prefix",
    "maxsize",
    "maxunicode",
    "byteorder",
    "implementation",
    "hexversion",
    "api_version",
    "flags",
    "float_info",
    "int_info",
    "hash_info",
    "argv",
    "orig_argv",
    "platlibdir",
    "abiflags",
    "copyright",
    "builtin_module_names",
    "stdlib_module_names",
    "float_repr_style",
    "thread_info",
];
/// Functions of `sys` that only answer, called with no argument.
const PY_SYS_CALLS: &[&str] = &[
    "getdefaultencoding",
    "getfilesystemencoding",
    "getrecursionlimit",
    "getswitchinterval",
];
const PY_OS_DATA: &[&str] = &[
    "name", "sep", "pathsep", "linesep", "curdir", "pardir", "extsep", "altsep", "devnull",
];
const PY_OS_CALLS: &[&str] = &[
    "getcwd",
    "cpu_count",
    "getpid",
    "getppid",
    "getuid",
    "geteuid",
    "getgid",
    "getegid",
    "uname",
    "getloadavg",
];
/// Functions of `platform` that answer from `sys` and `os.uname()` (not `architecture`, which
/// runs `file`, nor `platform`/`libc_ver`, which read the interpreter's file).
const PY_PLATFORM_CALLS: &[&str] = &[
    "python_version",
    "python_version_tuple",
    "python_implementation",
    "python_compiler",
    "python_build",
    "system",
    "machine",
    "release",
    "node",
];
/// Data of `site` (imported before the command runs, as `os` is).
const PY_SITE_DATA: &[&str] = &["ENABLE_USER_SITE", "USER_SITE", "USER_BASE", "PREFIXES"];
/// Functions of `site` that compute the places packages are installed, called with no argument.
const PY_SITE_CALLS: &[&str] = &["getsitepackages", "getusersitepackages", "getuserbase"];
/// Keyword arguments of `json.dumps` that only shape the text (never `default` or `cls`, which
/// name code to call).
const PY_JSON_DUMPS_KEYWORDS: &[&str] = &["indent", "sort_keys", "ensure_ascii", "separators"];
/// Methods of `sys.stdin` the subset calls, with no argument: they return the text.
const PY_STDIN_READS: &[&str] = &["read", "readline", "readlines"];
/// Builtins the subset calls (their arguments of builtin types: no user code runs).
const PY_BUILTINS: &[&str] = &[
    "print", "str", "repr", "len", "map", "sorted", "list", "tuple", "int", "bool", "abs", "min",
    "max",
];
/// Builtins the subset passes to `map`.
const PY_FUNCTION_VALUES: &[&str] = &["str", "repr", "int", "len"];
/// Methods of strings, lists and tuples that only answer.
const PY_METHODS: &[&str] = &[
    "join",
    "split",
    "rsplit",
    "splitlines",
    "strip",
    "lstrip",
    "rstrip",
    "upper",
    "lower",
    "title",
    "startswith",
    "endswith",
    "replace",
    "count",
    "index",
    "find",
    "get",
    "keys",
    "values",
    "items",
];
const NODE_PROCESS_DATA: &[&str] = &[
    "version", "versions", "platform", "arch", "execPath", "release", "pid", "ppid", "argv",
    "execArgv", "features", "title",
];
const NODE_PROCESS_CALLS: &[&str] = &["cwd", "uptime", "memoryUsage", "cpuUsage"];
/// Data of the built-in `os` module (`require('os')`, or the `os` global of `-e`/`-p`).
const NODE_OS_DATA: &[&str] = &["EOL", "devNull"];
/// Functions of `os` that only answer about the machine, called with no argument (not
/// `networkInterfaces`, nor `setPriority`, which changes a process).
const NODE_OS_CALLS: &[&str] = &[
    "cpus",
    "availableParallelism",
    "platform",
    "arch",
    "type",
    "release",
    "version",
    "machine",
    "hostname",
    "homedir",
    "tmpdir",
    "totalmem",
    "freemem",
    "uptime",
    "loadavg",
    "endianness",
    "userInfo",
];
/// `Intl` constructors whose `resolvedOptions()` the subset reads (the default locale's
/// settings: `Intl.DateTimeFormat().resolvedOptions().timeZone`).
const NODE_INTL: &[&str] = &[
    "DateTimeFormat",
    "NumberFormat",
    "Collator",
    "PluralRules",
    "RelativeTimeFormat",
    "ListFormat",
];
const NODE_CONSOLE: &[&str] = &["log", "info", "error", "warn", "debug"];
/// Methods of strings and arrays that only answer (never `constructor`, `call`, `apply`…).
const NODE_METHODS: &[&str] = &[
    "join",
    "split",
    "trim",
    "toUpperCase",
    "toLowerCase",
    "slice",
    "includes",
    "startsWith",
    "endsWith",
    "indexOf",
    "toString",
];

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn name(&mut self) -> Option<String> {
        match self.peek() {
            Some(Tok::Name(n)) => {
                let n = n.clone();
                self.at += 1;
                Some(n)
            }
            _ => None,
        }
    }

    fn program(&mut self) -> Option<()> {
        loop {
            while self.eat(&Tok::End) {}
            if self.peek().is_none() {
                return Some(());
            }
            self.statement()?;
            if self.peek().is_some() && !self.eat(&Tok::End) {
                return None;
            }
        }
    }

    fn statement(&mut self) -> Option<()> {
        if self.lang == Lang::Python && self.peek() == Some(&Tok::Name("import".into())) {
            self.at += 1;
            loop {
                let m = self.name()?;
                let m = match m.as_str() {
                    "sys" => "sys",
                    "os" => "os",
                    "platform" => "platform",
                    "site" => "site",
                    "json" => "json",
                    _ => return None,
                };
                self.imported.push(m);
                if !self.eat(&Tok::Punct(',')) {
                    return Some(());
                }
            }
        }
        // `NAME = VALUE` (Python): a fresh name holds a value of a builtin type; never a name
        // the subset reads as a module, a builtin or a constant, nor a function or a stream.
        if self.lang == Lang::Python
            && let Some(Tok::Name(n)) = self.peek()
            && self.toks.get(self.at + 1) == Some(&Tok::Punct('='))
        {
            let n = n.clone();
            if !fresh_python_name(&n) || self.imported.iter().any(|m| *m == n) {
                return None;
            }
            self.at += 2;
            if self.expr()? != Kind::Value {
                return None;
            }
            self.names.push(n);
            return Some(());
        }
        self.expr().map(|_| ())
    }

    fn expr(&mut self) -> Option<Kind> {
        let mut k = self.unary()?;
        while self.eat(&Tok::Punct('+')) || self.eat(&Tok::Punct('-')) || self.eat(&Tok::Cmp) {
            self.unary()?;
            k = Kind::Value;
        }
        Some(k)
    }

    fn unary(&mut self) -> Option<Kind> {
        if self.eat(&Tok::Punct('-')) || self.eat(&Tok::Punct('+')) {
            self.unary()?;
            return Some(Kind::Value);
        }
        self.postfix()
    }

    /// A call's arguments after `(`; `keywords` names the keyword arguments it takes
    /// (print's `sep=`/`end=`, `json.dumps`'s `indent=`…), each given a value.
    fn args(&mut self, keywords: &[&str]) -> Option<Vec<Kind>> {
        let mut kinds = Vec::new();
        if self.eat(&Tok::Punct(')')) {
            return Some(kinds);
        }
        loop {
            if let Some(Tok::Name(n)) = self.peek()
                && keywords.contains(&n.as_str())
                && self.toks.get(self.at + 1) == Some(&Tok::Punct('='))
            {
                self.at += 2;
            }
            kinds.push(self.expr()?);
            if self.eat(&Tok::Punct(')')) {
                return Some(kinds);
            }
            if !self.eat(&Tok::Punct(',')) {
                return None;
            }
            if self.eat(&Tok::Punct(')')) {
                return Some(kinds);
            }
        }
    }

    /// A list or tuple display of values.
    fn display(&mut self, close: char) -> Option<()> {
        if self.eat(&Tok::Punct(close)) {
            return Some(());
        }
        loop {
            if self.expr()? != Kind::Value {
                return None;
            }
            if self.eat(&Tok::Punct(close)) {
                return Some(());
            }
            if !self.eat(&Tok::Punct(',')) {
                return None;
            }
            if self.eat(&Tok::Punct(close)) {
                return Some(());
            }
        }
    }

    /// `[N]`, `[N:M]`, `[:N]` with number literals only (a computed subscript could name any
    /// attribute in JavaScript).
    fn subscript(&mut self) -> Option<()> {
        let mut any = false;
        loop {
            match self.peek() {
                Some(Tok::Num) => {
                    self.at += 1;
                    any = true;
                }
                Some(Tok::Punct('-')) if matches!(self.toks.get(self.at + 1), Some(Tok::Num)) => {
                    self.at += 2;
                    any = true;
                }
                Some(Tok::Punct(':')) if self.lang == Lang::Python => {
                    self.at += 1;
                    any = true;
                }
                // A key of a dict (Python's subscripts of builtin types run no code; in
                // JavaScript a string subscript names any property).
                Some(Tok::Str(_)) if self.lang == Lang::Python && !any => {
                    self.at += 1;
                    return self.eat(&Tok::Punct(']')).then_some(());
                }
                Some(Tok::Punct(']')) if any => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// An atom and its trailers.
    fn postfix(&mut self) -> Option<Kind> {
        let mut kind = match self.peek()?.clone() {
            Tok::Str(_) | Tok::Num => {
                self.at += 1;
                while self.lang == Lang::Python && matches!(self.peek(), Some(Tok::Str(_))) {
                    self.at += 1;
                }
                Kind::Value
            }
            Tok::Punct('(') => {
                self.at += 1;
                if self.lang == Lang::Python {
                    self.display(')')?;
                } else {
                    self.expr()?;
                    if !self.eat(&Tok::Punct(')')) {
                        return None;
                    }
                }
                Kind::Value
            }
            Tok::Punct('[') => {
                self.at += 1;
                self.display(']')?;
                Kind::Value
            }
            Tok::Name(n) => {
                self.at += 1;
                self.root(&n)?
            }
            _ => return None,
        };
        loop {
            if self.eat(&Tok::Punct('[')) {
                if kind != Kind::Value {
                    return None;
                }
                self.subscript()?;
            } else if self.eat(&Tok::Punct('.')) {
                if kind != Kind::Value {
                    return None;
                }
                let attr = self.name()?;
                if self.eat(&Tok::Punct('(')) {
                    let methods = match self.lang {
                        Lang::Python => PY_METHODS,
                        Lang::Node => NODE_METHODS,
                    };
                    if !methods.contains(&attr.as_str()) {
                        return None;
                    }
                    if self.args(&[])?.iter().any(|k| *k != Kind::Value) {
                        return None;
                    }
                } else if !plain_attribute(self.lang, &attr) {
                    return None;
                }
            } else if self.peek() == Some(&Tok::Punct('(')) {
                return None;
            } else {
                return Some(kind);
            }
            kind = Kind::Value;
        }
    }

    /// A name at the head of an expression: a module or object of the interpreter's facts, or
    /// a listed builtin.
    fn root(&mut self, n: &str) -> Option<Kind> {
        match self.lang {
            Lang::Python => {
                if self.imported.contains(&n) {
                    let (data, calls) = match n {
                        "sys" => {
                            if self.at_stdin() {
                                return self.stdin();
                            }
                            (PY_SYS_DATA, PY_SYS_CALLS)
                        }
                        "os" => (PY_OS_DATA, PY_OS_CALLS),
                        "site" => (PY_SITE_DATA, PY_SITE_CALLS),
                        "json" => return self.json(),
                        _ => (&[][..], PY_PLATFORM_CALLS),
                    };
                    return self.member(data, calls);
                }
                if self.names.iter().any(|v| v == n) {
                    return Some(Kind::Value);
                }
                if matches!(n, "True" | "False" | "None") {
                    return Some(Kind::Value);
                }
                if PY_BUILTINS.contains(&n) {
                    if !self.eat(&Tok::Punct('(')) {
                        return PY_FUNCTION_VALUES.contains(&n).then_some(Kind::Function);
                    }
                    let keywords: &[&str] = if n == "print" { &["sep", "end"] } else { &[] };
                    let kinds = self.args(keywords)?;
                    let ok = match n {
                        "print" | "min" | "max" => kinds.iter().all(|k| *k == Kind::Value),
                        "map" => {
                            kinds.len() == 2
                                && kinds[0] == Kind::Function
                                && kinds[1] == Kind::Value
                        }
                        _ => kinds.len() == 1 && kinds[0] == Kind::Value,
                    };
                    return ok.then_some(Kind::Value);
                }
                None
            }
            Lang::Node => match n {
                "process" => self.member(NODE_PROCESS_DATA, NODE_PROCESS_CALLS),
                "os" => self.member(NODE_OS_DATA, NODE_OS_CALLS),
                // `require('os')`: a core module, loaded before any file of the directory
                // could be (`node:os` names it outright); no other module.
                "require" => {
                    if !self.eat(&Tok::Punct('(')) {
                        return None;
                    }
                    let manifest = match self.peek() {
                        Some(Tok::Str(m)) if matches!(m.as_str(), "os" | "node:os") => None,
                        Some(Tok::Str(m)) if manifest_path(m) => Some(m.clone()),
                        _ => return None,
                    };
                    self.at += 1;
                    if !self.eat(&Tok::Punct(')')) {
                        return None;
                    }
                    match manifest {
                        // JSON data: its fields are read as a value's.
                        Some(m) => {
                            self.manifests.push(m);
                            Some(Kind::Value)
                        }
                        None => self.member(NODE_OS_DATA, NODE_OS_CALLS),
                    }
                }
                "Intl" => {
                    if !self.eat(&Tok::Punct('.')) {
                        return None;
                    }
                    let c = self.name()?;
                    let known = NODE_INTL.contains(&c.as_str())
                        && self.eat(&Tok::Punct('('))
                        && self.eat(&Tok::Punct(')'))
                        && self.eat(&Tok::Punct('.'))
                        && self.name().as_deref() == Some("resolvedOptions")
                        && self.eat(&Tok::Punct('('))
                        && self.eat(&Tok::Punct(')'));
                    known.then_some(Kind::Value)
                }
                "console" => {
                    if !self.eat(&Tok::Punct('.')) {
                        return None;
                    }
                    let m = self.name()?;
                    if !NODE_CONSOLE.contains(&m.as_str()) || !self.eat(&Tok::Punct('(')) {
                        return None;
                    }
                    let kinds = self.args(&[])?;
                    kinds
                        .iter()
                        .all(|k| *k == Kind::Value)
                        .then_some(Kind::Value)
                }
                "JSON" | "Object" => {
                    if !self.eat(&Tok::Punct('.')) {
                        return None;
                    }
                    let m = self.name()?;
                    let known = match n {
                        "JSON" => m == "stringify",
                        _ => matches!(m.as_str(), "keys" | "values" | "entries"),
                    };
                    if !known || !self.eat(&Tok::Punct('(')) {
                        return None;
                    }
                    let kinds = self.args(&[])?;
                    (!kinds.is_empty() && kinds.iter().all(|k| *k == Kind::Value))
                        .then_some(Kind::Value)
                }
                "true" | "false" | "null" | "undefined" => Some(Kind::Value),
                _ => None,
            },
        }
    }

    /// Is `.stdin` next (after `sys`)?
    fn at_stdin(&self) -> bool {
        self.toks.get(self.at) == Some(&Tok::Punct('.'))
            && self.toks.get(self.at + 1) == Some(&Tok::Name("stdin".into()))
    }

    /// `.stdin` after `sys` ([`Self::at_stdin`]): a stream, or the text of one of its listed
    /// read methods called with no argument (`sys.stdin.read()`); `None` for anything else done
    /// with it.
    fn stdin(&mut self) -> Option<Kind> {
        self.at += 2;
        if !self.eat(&Tok::Punct('.')) {
            return Some(Kind::Stream);
        }
        let read = self
            .name()
            .is_some_and(|m| PY_STDIN_READS.contains(&m.as_str()))
            && self.eat(&Tok::Punct('('))
            && self.eat(&Tok::Punct(')'));
        read.then_some(Kind::Value)
    }

    /// After `json`: `json.load(sys.stdin)`, `json.loads(VALUE)` (builtin values out), or
    /// `json.dumps(VALUE)` with keyword arguments that only shape the text.
    fn json(&mut self) -> Option<Kind> {
        if !self.eat(&Tok::Punct('.')) {
            return None;
        }
        let f = self.name()?;
        if !self.eat(&Tok::Punct('(')) {
            return None;
        }
        let (want, keywords) = match f.as_str() {
            "load" => (Kind::Stream, &[][..]),
            "loads" => (Kind::Value, &[][..]),
            "dumps" => (Kind::Value, PY_JSON_DUMPS_KEYWORDS),
            _ => return None,
        };
        let kinds = self.args(keywords)?;
        (!kinds.is_empty() && kinds[0] == want && kinds[1..].iter().all(|k| *k == Kind::Value))
            .then_some(Kind::Value)
    }

    /// `.ATTR` of a listed data attribute, or `.CALL()` of a listed function with no argument.
    fn member(&mut self, data: &[&str], calls: &[&str]) -> Option<Kind> {
        if !self.eat(&Tok::Punct('.')) {
            return None;
        }
        let attr = self.name()?;
        if data.contains(&attr.as_str()) {
            return Some(Kind::Value);
        }
        if calls.contains(&attr.as_str())
            && self.eat(&Tok::Punct('('))
            && self.eat(&Tok::Punct(')'))
        {
            return Some(Kind::Value);
        }
        None
    }
}

/// A name Python code may assign: an identifier that is no keyword, builtin or constant the
/// subset reads.
fn fresh_python_name(n: &str) -> bool {
    !matches!(
        n,
        "True"
            | "False"
            | "None"
            | "import"
            | "from"
            | "lambda"
            | "not"
            | "and"
            | "or"
            | "in"
            | "is"
            | "if"
            | "else"
            | "for"
            | "while"
            | "del"
            | "global"
            | "nonlocal"
            | "class"
            | "def"
            | "return"
            | "yield"
            | "await"
            | "async"
            | "with"
            | "as"
            | "assert"
            | "pass"
            | "raise"
            | "try"
            | "except"
            | "finally"
            | "break"
            | "continue"
            | "print"
            | "__builtins__"
    ) && !PY_BUILTINS.contains(&n)
        && !n.starts_with('_')
}

/// An attribute of a value of a builtin type read without a call: never a private or special
/// name, nor JavaScript's ways to the function constructor.
fn plain_attribute(lang: Lang, attr: &str) -> bool {
    if attr.starts_with('_') || attr.starts_with('$') {
        return false;
    }
    match lang {
        Lang::Python => true,
        Lang::Node => !matches!(
            attr,
            "constructor"
                | "prototype"
                | "caller"
                | "callee"
                | "arguments"
                | "call"
                | "apply"
                | "bind"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_printing_is_proven() {
        for code in [
            "import sys; print(sys.version)",
            "print(\"hello\")",
            "print(1+1)",
            "import sys; print(sys.executable)",
            "import sys; print(sys.path)",
            "import sys; print('.'.join(map(str, sys.version_info[:3])))",
            "import os; print(os.getcwd())",
            "import sys, os\nprint(sys.platform, os.name, sep=' ')",
            "import sys; print(sys.version_info.major, sys.version_info[1])",
            "import sys; print(sys.version.split()[0])",
            "print(r'a\\b', b'x', 'it''s')",
            "import sys; print(sys.getdefaultencoding())",
            "print(len(\"abc\"), end='')",
            "import sys; print(sys.implementation.name)",
            "import sys; print(sys.version_info >= (3, 8))",
            "import sys; print(sys.version_info[:2] == (3, 11), 1 < 2, 1 != 2)",
            "import platform; print(platform.python_version())",
            "import platform, sys; print(platform.system(), platform.machine())",
            "import json,sys; print(json.load(sys.stdin)['version'])",
            "import sys, json; d = json.load(sys.stdin); print(d['name'], d.get('version'))",
            "import json, sys; print(json.dumps(json.load(sys.stdin), indent=2, sort_keys=True))",
            "import sys,json; print(len(json.load(sys.stdin)[\"items\"]))",
            "import json,sys; print(list(json.load(sys.stdin).keys()))",
            "import json,sys\nfor_x = json.load(sys.stdin)\nprint(for_x['a'][0]['b'])",
            "import sys; print(sys.stdin.read().upper())",
            "import sys; print(len(sys.stdin.readlines()))",
            "import site; print(site.getsitepackages()[0])",
            "import site; print(site.USER_SITE, site.getusersitepackages())",
            "import json; print(json.loads('{\"a\": 1}')['a'])",
            "x = 1",
            "import json; print(json.dumps(1))",
        ] {
            assert!(prints_only(Lang::Python, code), "{code}");
        }
    }

    #[test]
    fn python_code_that_does_more_is_not_proven() {
        for code in [
            "import os; os.system('id')",
            "import requests",
            "print(open('/etc/passwd').read())",
            "import os; print(os.environ)",
            "import os; print(os.environ['TOKEN'])",
            "print(f'{__import__(\"os\").system(\"id\")}')",
            "__import__('os').system('id')",
            "exec('print(1)')",
            "eval('1')",
            "import sys; sys.modules['os'].system('id')",
            "import sys; print(sys.stdout.write('x'))",
            "import sys; print(sys.version.__class__)",
            "import sys; print(sys.version.encode('x'))",
            "print('a' * 10000000000)",
            "print(2 ** 100000000)",
            "print(1) # comment",
            "import sys; print(sys.version, file=sys.stderr)",
            "print(str(b'x', 'idna'))",
            "getattr(print, 'x')",
            "print = 1",
            "str = 1; print(str)",
            "_x = 1",
            "import json; json = 1",
            "True = 1",
            "import json; print(json.load(open('x')))",
            "import json,sys; json.load(sys.stdin, object_hook=print)",
            "import json; print(json.dumps(1, default=exec))",
            "import json,sys; print(json.dumps(json.load(sys.stdin), cls=x))",
            "import json,sys; print(json.dumps(sys.stdin))",
            "import json; print(json.load('x'))",
            "import json; print(json.JSONDecoder)",
            "import json; json.decoder.scanstring('x', 0)",
            "import json; json.load()",
            "import sys; sys.stdin.close()",
            "import sys; print(sys.stdin.buffer.raw)",
            "import sys; print(sys.stdin.read(5))",
            "import sys; sys.stdin.read",
            "import sys; x = sys.stdin; print(x)",
            "import sys; print(sys.stdin)",
            "import json; json.load(sys.stdin)",
            "import json,sys; print(json.load(sys.stdin)[x])",
            "import json,sys; print(json.load(sys.stdin)['a':'b'])",
            "import json,sys; print(json.load(sys.stdin)['a'].__class__)",
            "import site; site.addsitedir('x')",
            "import site; site.main()",
            "d = 1; d.x = 2",
            "x = y = 1",
            "x = print",
            "print(sys.version)\nimport os.path",
            "from os import system",
            "print(lambda: 1)",
            "print([x for x in 'ab'])",
            "print(os.getcwd())",
            "import sys; print(sys.path[sys.maxsize])",
            "print('unclosed)",
            "import sys; sys.exit(0)",
            "import os; print(os.getcwd('x'))",
            "import platform; print(platform.architecture())",
            "import platform; print(platform.platform())",
            "import platform; print(platform.uname().processor)",
            "print(1 << 100000000)",
            "print(1 >> 2)",
            "print(1 <> 2)",
            "print(1 === 1)",
        ] {
            assert!(!prints_only(Lang::Python, code), "{code}");
        }
    }

    #[test]
    fn python_imports_the_workspace_can_replace_are_returned() {
        assert_eq!(
            python_imports("import sys, os; print(sys.version)"),
            Some(vec![])
        );
        assert_eq!(
            python_imports("import platform; print(platform.system())"),
            Some(vec!["platform"])
        );
        assert_eq!(python_imports("import os; os.system('id')"), None);
        assert_eq!(
            python_imports("import json, sys; print(json.load(sys.stdin)['a'])"),
            Some(vec!["json"])
        );
        assert_eq!(
            python_imports("import site; print(site.getsitepackages())"),
            Some(vec![])
        );
    }

    #[test]
    fn node_printing_is_proven() {
        for code in [
            "console.log(process.version)",
            "process.versions",
            "console.log(process.platform, process.arch)",
            "console.log(1+1)",
            "process.versions.node",
            "console.log(JSON.stringify(process.versions))",
            "console.log(process.cwd())",
            "console.log('a'); console.log(\"b\")",
            "Object.keys(process.versions).join(', ')",
            "process.version.slice(1).split('.')[0]",
            "process.versions.node >= '18'",
            "process.platform === 'linux'",
            "require('os').cpus().length",
            "require('./package.json').version",
            "console.log(require('../package.json').scripts.build)",
            "require('./packages/web/package.json').name",
            "require(\"os\").cpus().length",
            "console.log(require('node:os').platform(), require('os').arch())",
            "os.cpus().length",
            "os.totalmem()",
            "os.EOL",
            "os.cpus()[0].model",
            "Intl.DateTimeFormat().resolvedOptions().timeZone",
            "Intl.NumberFormat().resolvedOptions().locale",
        ] {
            assert!(prints_only(Lang::Node, code), "{code}");
        }
    }

    #[test]
    fn node_manifests_are_returned() {
        assert_eq!(
            node_manifests("console.log(require('./package.json').version, require('os').arch())"),
            Some(vec!["./package.json".to_owned()])
        );
        assert_eq!(node_manifests("process.version"), Some(vec![]));
        assert_eq!(node_manifests("require('./x.js')"), None);
    }

    #[test]
    fn node_code_that_does_more_is_not_proven() {
        for code in [
            "require('child_process').execSync('id')",
            "require('package.json').version",
            "require('./package.json/../x.json')",
            "require('./config.json').token",
            "require('./package.json').constructor.constructor('id')()",
            "require('./package\\x2ejson')",
            "require(`./package.json`)",
            "console.log(process.env)",
            "process.env.TOKEN",
            "process['env']",
            "process.versions['constructor']",
            "process.versions['node']",
            "x = 1",
            "process.version.constructor.constructor('return 1')()",
            "process.exit(1)",
            "process.kill(1)",
            "console.log(`${process.version}`)",
            "new Function('x')",
            "import('fs')",
            "globalThis.process.version",
            "console.log(x = 1)",
            "process.binding('fs')",
            "console.log(process.mainModule)",
            "fetch('http://x')",
            "console.log(1) // c",
            "process.version.toString.call(1)",
            "(() => 1)()",
            "process.version == 1 ? require('fs') : 0",
            "await $`rm -rf ~`",
            "$",
            "$$x.y",
            "require('fs').readFileSync('/etc/passwd')",
            "require('./os')",
            "require('os/')",
            "require('o\\x73').cpus()",
            "require(x).cpus()",
            "require('os')",
            "require('os').setPriority(0, 19)",
            "require('os').networkInterfaces()",
            "require('os').constants",
            "require('os', 'fs').cpus()",
            "os.setPriority(1)",
            "os.cpus",
            "os.cpus(1)",
            "Intl.DateTimeFormat('en', {}).resolvedOptions()",
            "Intl.DateTimeFormat()",
            "Intl.DateTimeFormat().format(1)",
            "Intl.supportedValuesOf('x')",
            "new Intl.DateTimeFormat().resolvedOptions()",
        ] {
            assert!(!prints_only(Lang::Node, code), "{code}");
        }
    }
}
