//! Arithmetic that evaluates data. bash evaluates every variable an arithmetic context names
//! (`$((x))`, `((x))`, `for ((…))`, `[[ x -eq 1 ]]`, `let`, `declare -i`, array subscripts,
//! `${s:off:len}`) as an expression in its turn, so a value such as `a[$(cmd)]` runs `cmd`:
//! a variable set from the environment, by `read` or by a command is code. An arithmetic
//! context is read structurally (spans of the contexts the walker met) and every operand that is
//! not a number, a numeric special parameter, a name assigned inside arithmetic before it is
//! read, or a variable set on the line only to literal numbers is flagged `dynamic-code`.
//! Command substitutions inside are analysed as units where they stand (their output is judged
//! by the walker); quoted text inside is skipped.

/// A name an arithmetic expression reads, with its byte range in the expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Operand {
    pub(crate) name: String,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// Special parameters and shell variables whose value is always a number.
pub(crate) fn always_numeric(name: &str) -> bool {
    matches!(
        name,
        "#" | "?"
            | "$"
            | "!"
            | "RANDOM"
            | "SRANDOM"
            | "SECONDS"
            | "EPOCHSECONDS"
            | "LINENO"
            | "BASHPID"
            | "PPID"
            | "UID"
            | "EUID"
    )
}

/// bash's own variables with the integer attribute (`declare -p RANDOM`): bash evaluates a value
/// assigned to one as an arithmetic expression (`read RANDOM < f` and `OPTIND=$(cat f)` run
/// `cmd` when the file holds `a[$(cmd)]`, as `declare -i x; read x` does).
fn integer_variable(name: &str) -> bool {
    matches!(
        name,
        "RANDOM" | "SRANDOM" | "SECONDS" | "HISTCMD" | "OPTIND"
    )
}

/// bash's own associative arrays: their subscripts are strings, not arithmetic.
fn associative(name: &str) -> bool {
    matches!(name, "BASH_CMDS" | "BASH_ALIASES")
}

/// The names `expr` reads (variables, `$name`, `${name…}`, positional parameters), in order.
/// A name directly assigned with `=` (not `==`) is not read; it is returned in `assigned`.
pub(crate) fn operands(expr: &str, assigned: &mut Vec<String>) -> Vec<Operand> {
    let b = expr.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\'' => {
                i = expr[i + 1..].find('\'').map_or(b.len(), |k| i + 1 + k + 1);
            }
            b'`' => {
                i = expr[i + 1..].find('`').map_or(b.len(), |k| i + 1 + k + 1);
            }
            b'$' if b.get(i + 1) == Some(&b'(') && b.get(i + 2) != Some(&b'(') => {
                i = skip_group(b, i + 1);
            }
            b'$' if b.get(i + 1) == Some(&b'{') => {
                let end = skip_group(b, i + 1);
                // Without its `}` (an unclosed `${`) the group runs to the end of the text,
                // whose last byte may be inside a character.
                let close = if b.get(end.wrapping_sub(1)) == Some(&b'}') {
                    end - 1
                } else {
                    end
                };
                let inner = expr.get(i + 2..close.max(i + 2)).unwrap_or_default();
                let name: String = inner
                    .trim_start_matches(['#', '!'])
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let name = if name.is_empty() {
                    inner.chars().take(1).collect()
                } else {
                    name
                };
                out.push(Operand {
                    name,
                    start: i,
                    end,
                });
                // A subscript or an offset inside is arithmetic too.
                let mut more = Vec::new();
                let nested = operands(inner, &mut more);
                // `${a[PATH=0]}` assigns as any arithmetic does.
                assigned.extend(more);
                // The parameter itself is the first operand only when it is a name: after a
                // special or positional one (`${@:n}`, `${1:n}`, `${$:n}`) the first operand is
                // already the offset.
                let own = usize::from(
                    inner
                        .trim_start_matches(['#', '!'])
                        .starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'),
                );
                out.extend(nested.into_iter().skip(own).map(|o| Operand {
                    start: i + 2 + o.start,
                    end: i + 2 + o.end,
                    ..o
                }));
                i = end;
            }
            b'$' => {
                let start = i;
                i += 1;
                let name: String = match b.get(i) {
                    Some(d) if d.is_ascii_digit() || b"#?$!@*-".contains(d) => {
                        i += 1;
                        char::from(*d).to_string()
                    }
                    _ => {
                        let n: String = expr[i..]
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        i += n.len();
                        n
                    }
                };
                if !name.is_empty() {
                    out.push(Operand {
                        name,
                        start,
                        end: i,
                    });
                }
            }
            b'0'..=b'9' => {
                // A number, in any base (`0x1f`, `16#ff`, `64#_@`): letters after digits
                // belong to it.
                while i < b.len()
                    && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'#' | b'_' | b'@'))
                {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let name = expr[start..i].to_owned();
                let rest = expr[i..].trim_start();
                let plain_assign = rest.starts_with('=') && !rest.starts_with("==");
                if plain_assign {
                    assigned.push(name);
                } else if !assigned.contains(&name) {
                    out.push(Operand {
                        name,
                        start,
                        end: i,
                    });
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The index one past the bracket closing the one at `b[open]`.
fn skip_group(b: &[u8], open: usize) -> usize {
    let (up, down) = match b.get(open) {
        Some(b'{') => (b'{', b'}'),
        _ => (b'(', b')'),
    };
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        if b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == up {
            depth += 1;
        } else if b[i] == down {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return i + 1;
            }
        }
        i += 1;
    }
    b.len()
}

/// The subscripts of a compound array value's elements (`[k]=v` inside `(…)`, or one element
/// word): each element that starts with `[` up to its matching `]`. bash expands such a
/// subscript when it expands the element and again when it evaluates it as an indexed array's
/// index, so its text is arithmetic and a substitution in its value runs.
pub(crate) fn compound_subscripts(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut at_start = true;
    while i < b.len() {
        let c = b[i];
        if at_start && c == b'[' {
            let j = closing_bracket(b, i).unwrap_or(b.len());
            out.push(text.get(i + 1..j).unwrap_or_default());
            i = j + 1;
            at_start = false;
            continue;
        }
        at_start = c.is_ascii_whitespace() || c == b'(';
        i += 1;
    }
    out
}

/// Whether [`name_operands`] can find any name operand of `program` (a cheap test first).
fn has_name_operands(program: &str) -> bool {
    matches!(
        program,
        "read" | "mapfile" | "readarray" | "wait" | "unset" | "printf" | "getopts" | "test" | "["
    )
}

/// Which of a builtin's arguments (after the program) name a variable it assigns or tests, and
/// where in the word the name starts: `read [-a] NAME…`, `mapfile NAME`, `printf -v NAME`,
/// `getopts OPTS NAME`, `unset NAME…` (not `-f`), `test -v NAME`, `wait [-fn] -p NAME`. A
/// run-time word where an operand may stand counts as a name. Which letters take a value is the
/// builtin's option table (`programs.toml`), the one list of them: `wait -n -p PATH` names
/// `PATH` (`-n` takes none).
pub(crate) fn name_operands(program: &str, args: &[&str]) -> Vec<(usize, usize)> {
    // (letters whose value is a name, do operands name variables)
    let (naming, operands) = match program {
        "read" => ("a", true),
        "mapfile" | "readarray" => ("", true),
        "wait" => ("p", false),
        "unset" => {
            let functions = args
                .iter()
                .take_while(|a| a.starts_with('-'))
                .any(|a| a.contains('f'));
            ("", !functions)
        }
        "printf" => ("v", false),
        "getopts" => {
            return if args.len() > 1 {
                vec![(1, 0)]
            } else {
                Vec::new()
            };
        }
        "test" | "[" => {
            return (1..args.len())
                .filter(|&k| args[k - 1] == "-v")
                .map(|k| (k, 0))
                .collect();
        }
        _ => return Vec::new(),
    };
    // The letters that take a value (each of these builtins but `unset`, whose options take
    // none, has a table: a test says so).
    let table = crate::programs::tables::builtin(program);
    let valued = |c: char| table.as_ref().is_some_and(|t| t.short_value.contains(c));
    let mut out = Vec::new();
    let mut k = 0;
    let mut options = true;
    while k < args.len() {
        let a = args[k];
        if options && a == "--" {
            options = false;
        } else if options && a.starts_with('-') && a.len() > 1 {
            // `printf` reads only `-v` and only first.
            if program == "printf" && k > 0 {
                break;
            }
            for (at, c) in a.char_indices().skip(1) {
                if !valued(c) {
                    continue;
                }
                if at + 1 < a.len() {
                    if naming.contains(c) {
                        out.push((k, at + 1));
                    }
                } else {
                    k += 1;
                    if naming.contains(c) && k < args.len() {
                        out.push((k, 0));
                    }
                }
                break;
            }
        } else if operands {
            options = false;
            out.push((k, 0));
        } else if program == "printf" {
            break;
        }
        k += 1;
    }
    out
}

impl super::decompose::Walker<'_> {
    /// Flag every arithmetic operand whose value is not known to be a number (see the module
    /// doc). Runs after the walk, on the contexts it recorded; `input` is the original line.
    pub(crate) fn arithmetic_data(&mut self, input: &str) {
        use super::decompose::ArithCtx;
        use super::{FlagKind, wrappers};
        // Text bash evaluates as arithmetic, with where it starts and how many leading operands
        // are not read as arithmetic (the parameter of `${a[i]}` itself).
        let mut texts: Vec<(usize, String, usize)> = Vec::new();
        // Where in the input bash evaluates text as arithmetic after expanding it: a command
        // substitution there puts its output into the expression.
        let mut regions: Vec<(usize, usize)> = Vec::new();
        for &ctx in &self.arith {
            let (span, skip) = match ctx {
                ArithCtx::Expr(s) | ArithCtx::ForHeader(s) => (s, 0),
                ArithCtx::Param(s) => (s, 1),
            };
            let Some(mut text) = input.get(span.start..span.end).map(str::to_owned) else {
                continue;
            };
            match ctx {
                ArithCtx::ForHeader(_) => {
                    // Only `((…))` of `for ((…)); do`.
                    let open = text.find("((").unwrap_or(0);
                    let close = text[open..].find("))").map_or(text.len(), |k| open + k + 2);
                    regions.push((span.start + open, span.start + header_end(&text, open)));
                    text = format!("{}{}", " ".repeat(open), &text[open..close]);
                }
                ArithCtx::Param(_) => regions.extend(
                    param_regions(&text)
                        .into_iter()
                        .map(|(a, b)| (span.start + a, span.start + b)),
                ),
                ArithCtx::Expr(_) => regions.push((span.start, span.end)),
            }
            let param = text.trim_start_matches("${");
            if skip == 1
                && ["BASH_CMDS[", "BASH_ALIASES["]
                    .iter()
                    .any(|p| param.starts_with(p))
            {
                continue;
            }
            texts.push((span.start, text, skip));
        }
        texts.extend(
            self.arith_names
                .iter()
                .map(|(span, text, skip)| (span.start, text.clone(), *skip)),
        );
        // Static values (quotes removed, escapes decoded) bash evaluates as arithmetic: a
        // command substitution in them runs when bash expands a subscript (`'a[1+$(cmd)]'`).
        let mut values: Vec<(crate::ast::Span, String)> = self
            .arith_names
            .iter()
            .map(|(span, text, _)| (*span, text.clone()))
            .collect();
        // The variable names builtins assign or test: a name from a run-time value is code, a
        // static name's subscript is arithmetic.
        let mut dynamic_names = Vec::new();
        for u in &self.units {
            if !has_name_operands(u.program.as_deref().unwrap_or_default()) {
                continue;
            }
            let words: Vec<&crate::analyze::Arg> = u.args().collect();
            let texts_of: Vec<&str> = words
                .iter()
                .map(|a| a.value.as_deref().unwrap_or(&a.template))
                .collect();
            for (k, offset) in name_operands(u.program.as_deref().unwrap_or_default(), &texts_of) {
                let a = words[k];
                match a.value.as_deref().and_then(|v| v.get(offset..)) {
                    Some(name) if !a.glob => {
                        if name.contains('[') {
                            texts.push((a.span.start, name.to_owned(), 1));
                            values.push((a.span, name.to_owned()));
                        }
                    }
                    _ => dynamic_names.push(a.span),
                }
            }
        }
        for span in dynamic_names {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "a variable name taken from a run-time value can hold a subscript that runs a command (`a[$(cmd)]`)",
            );
        }
        let mut tainted: Vec<String> = Vec::new();
        let mut dynamic_subscripts = Vec::new();
        for u in &self.units {
            let program = u.program.as_deref().unwrap_or_default();
            if !matches!(
                program,
                "let"
                    | "declare"
                    | "typeset"
                    | "local"
                    | "export"
                    | "readonly"
                    | "read"
                    | "mapfile"
                    | "readarray"
                    | "getopts"
                    | "printf"
            ) {
                continue;
            }
            let args: Vec<(&str, crate::ast::Span)> = u
                .args()
                .map(|a| (a.value.as_deref().unwrap_or(&a.template), a.span))
                .collect();
            let static_args: Vec<(Option<&str>, crate::ast::Span)> =
                u.args().map(|a| (a.value.as_deref(), a.span)).collect();
            match program {
                "let" => {
                    for (v, span) in &static_args {
                        if let Some(t) = input.get(span.start..span.end) {
                            texts.push((span.start, t.to_owned(), 0));
                            regions.push((span.start, span.end));
                        }
                        // The word's value after quote removal (`let 'x'`) is the expression.
                        if let Some(v) = v {
                            texts.push((span.start, (*v).to_owned(), 0));
                            values.push((*span, (*v).to_owned()));
                        }
                    }
                }
                "declare" | "typeset" | "local" | "export" | "readonly" => {
                    let integer = args
                        .iter()
                        .any(|(v, _)| v.starts_with('-') && v.contains('i'));
                    for (v, span) in &args {
                        let Some((name, value)) = v.split_once('=') else {
                            continue;
                        };
                        let name = name.trim_end_matches('+');
                        if !value.bytes().all(|b| b.is_ascii_digit()) || value.is_empty() {
                            tainted.push(name.to_owned());
                        }
                        // `declare -a a=([k]=v)`: each subscript is expanded twice (see
                        // `compound_subscripts`).
                        if value.starts_with('(') {
                            let known = static_args.iter().any(|(v, s)| s == span && v.is_some());
                            for sub in compound_subscripts(value) {
                                if !known && sub.contains(['$', '`']) {
                                    dynamic_subscripts.push(*span);
                                } else {
                                    texts.push((span.start, sub.to_owned(), 0));
                                    values.push((*span, sub.to_owned()));
                                }
                            }
                        }
                        if integer && let Some(t) = input.get(span.start..span.end) {
                            let at = t.find('=').map_or(0, |k| k + 1);
                            texts.push((span.start + at, t[at..].to_owned(), 0));
                            regions.push((span.start + at, span.end));
                        }
                        // The value after quote removal (`-i x='a[1+$(cmd)]'`) is evaluated.
                        if integer
                            && let Some((Some(full), _)) =
                                static_args.iter().find(|(_, s)| s == span)
                            && let Some((_, value)) = full.split_once('=')
                        {
                            texts.push((span.start, value.to_owned(), 0));
                            values.push((*span, value.to_owned()));
                        }
                    }
                }
                "read" | "mapfile" | "readarray" | "getopts" | "printf" => {
                    tainted.extend(
                        args.iter()
                            .filter(|(v, _)| wrappers::is_variable_name(v))
                            .map(|(v, _)| (*v).to_owned()),
                    );
                }
                _ => {}
            }
        }
        for span in dynamic_subscripts {
            self.flag(
                FlagKind::DynamicCode,
                span,
                "a compound array assignment expands an element's subscript twice: a value in it runs as code (`a=([$x]=1)` with x='$(cmd)')",
            );
        }
        // `a[i]=x`: the subscript of an indexed array is arithmetic.
        for a in self
            .bare
            .iter()
            .chain(self.units.iter().flat_map(|u| u.assignments.iter()))
        {
            if let Some(open) = a.name.find('[')
                && !associative(&a.name[..open])
            {
                texts.push((a.span.start + open, a.name[open..].to_owned(), 0));
                regions.push((a.span.start + open, a.span.start + a.name.len()));
            }
        }
        // A name is a number where it is read when the first statement setting it, which
        // always runs before the reading (`unconditional`), sets literal digits, and every
        // other setting on the line is literal digits or one arithmetic expansion, whose value
        // is an integer (`n=0; for …; do n=$((n+1)); done`). Before that first setting the
        // value is the environment's.
        let digits = |a: &crate::analyze::UnitAssignment| {
            a.value
                .as_deref()
                .is_some_and(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        };
        let integer = |a: &crate::analyze::UnitAssignment| {
            let t = a.template.as_str();
            let t = t
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(t);
            digits(a)
                || (t.starts_with("$((") && t.ends_with("))") && t.matches("$((").count() == 1)
        };
        let (unconditional, loop_sets) = (&self.unconditional, &self.loop_sets);
        let numeric = |name: &str, at: usize, bare: &[crate::analyze::UnitAssignment]| {
            let first = bare
                .iter()
                .filter(|a| a.name == name)
                .min_by_key(|a| a.span.start);
            first.is_some_and(|f| {
                digits(f)
                    && f.span.end <= at
                    && (unconditional.contains(&f.span)
                        || loop_sets
                            .iter()
                            .any(|(set, whole)| *set == f.span && at < whole.end))
            }) && bare.iter().filter(|a| a.name == name).all(integer)
        };
        // A numeric variable of bash's the line sets to anything but a number (`read -a
        // EPOCHSECONDS`, `RANDOM[0]=$(cat f)`, `mapfile -t SECONDS`) is no longer proven a
        // number where it is read (an array's element is the line's value), and one with the
        // integer attribute evaluates the value as it is assigned.
        let mut renumbered: Vec<String> = Vec::new();
        let mut evaluated: Vec<(crate::ast::Span, String)> = Vec::new();
        for a in self
            .bare
            .iter()
            .chain(self.units.iter().flat_map(|u| u.assignments.iter()))
        {
            let base = a.name.split('[').next().unwrap_or_default();
            if !(always_numeric(base) || integer_variable(base))
                || integer(a)
                || self
                    .bash_numbers
                    .iter()
                    .any(|(n, s)| n == base && *s == a.span)
            {
                continue;
            }
            renumbered.push(base.to_owned());
            if integer_variable(base) && !evaluated.iter().any(|(s, _)| *s == a.span) {
                evaluated.push((a.span, base.to_owned()));
            }
        }
        texts.sort_by_key(|t| t.0);
        let mut assigned = Vec::new();
        let mut found = Vec::new();
        // Shell variables an arithmetic expression assigns (`(( PATH=0 ))` makes `ls` run
        // `0/ls` of the working directory), with the expression's span.
        let mut arith_assigned: Vec<(String, crate::ast::Span)> = Vec::new();
        for (at, text, skip) in texts {
            let before = assigned.len();
            let read = operands(&text, &mut assigned);
            for name in assigned.get(before..).unwrap_or_default() {
                arith_assigned.push((name.clone(), crate::ast::Span::new(at, at + text.len())));
            }
            for o in read.into_iter().skip(skip) {
                let known = (always_numeric(&o.name) && !renumbered.contains(&o.name))
                    || (numeric(&o.name, at + o.start, &self.bare) && !tainted.contains(&o.name));
                if !known {
                    found.push((at + o.start, at + o.end, o.name));
                }
            }
        }
        // An environment-style name (upper case) assigned in arithmetic is a bare assignment of
        // a value known at run time: the checks judge it as `NAME=…;` (`PATH`, `IFS`, `HOME`…).
        for (name, span) in arith_assigned {
            if name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
                && name.bytes().any(|b| b.is_ascii_uppercase())
            {
                self.bare.push(crate::analyze::UnitAssignment {
                    name,
                    value: None,
                    template: input
                        .get(span.start..span.end)
                        .unwrap_or("((…))")
                        .to_owned(),
                    span,
                    inherited: true,
                    exported: false,
                });
            }
        }
        for (span, name) in evaluated {
            self.flag(
                FlagKind::DynamicCode,
                span,
                format!(
                    "bash evaluates a value assigned to `{name}` as an arithmetic expression (it \
                     has the integer attribute): a value such as `a[$(cmd)]` runs `cmd`"
                ),
            );
        }
        for (start, end, name) in found {
            self.flag(
                FlagKind::DynamicCode,
                crate::ast::Span::new(start, end),
                format!(
                    "arithmetic evaluates the value of `{name}` as an expression (a value such as \
                     `a[$(cmd)]` runs `cmd`)"
                ),
            );
        }
        self.substituted_arithmetic(input, regions);
        // A quoted or escaped substitution in a static value bash evaluates as arithmetic or as
        // a subscripted name (`read 'a[ $(cmd)]'`, `[[ $'a[\x24(cmd)]' -eq 1 ]]`) runs when
        // bash expands the subscript: flagged, and its text analysed as code.
        values.sort_by_key(|v| (v.0.start, v.0.end));
        values.dedup();
        for (span, text) in values {
            let subs = super::nested::substitutions(&text);
            // Read already where it stands (single quotes around `[$(…)`: `evaluated_literals`).
            let read = self
                .units
                .iter()
                .any(|u| span.start < u.span.start && u.span.end <= span.end);
            if subs.is_empty() || read {
                continue;
            }
            self.flag(
                FlagKind::DynamicCode,
                span,
                "bash expands this value when it evaluates it as arithmetic: a command \
                 substitution in a subscript runs",
            );
            let map = crate::parse::SpanMap::Table(vec![span; text.len()]);
            let ctx = super::decompose::Ctx::default().with(super::Context::Substitution);
            for (start, end) in subs {
                self.nested(&text[start..end], &map, span, &ctx);
            }
        }
    }
}

impl super::decompose::Walker<'_> {
    /// `(( $(cat f) ))`, `[[ $(cat f) -eq 1 ]]`, `${a[$(cat f)]}`, `a[$(cat f)]=1`: arithmetic
    /// evaluates the text a command printed as an expression, and an array subscript in it
    /// (`a[$(rm -rf ~)]`) runs a command. Each command substitution inside an arithmetic
    /// region (not inside another such substitution) is flagged `dynamic-code` unless a base
    /// prefix (`10#$(…)`) makes it digits only, or its command only prints a number.
    fn substituted_arithmetic(&mut self, input: &str, regions: Vec<(usize, usize)>) {
        use super::FlagKind;
        if regions.is_empty() || self.substitutions.is_empty() {
            return;
        }
        let mut subs = self.substitutions.clone();
        subs.sort_by_key(|(s, _)| (s.start, std::cmp::Reverse(s.end)));
        let mut flagged: Vec<crate::ast::Span> = Vec::new();
        for (start, end) in regions {
            let mut outer_end = 0;
            for &(span, numeric) in &subs {
                if span.start < start || span.end > end {
                    continue;
                }
                if span.start < outer_end {
                    continue; // inside a substitution already judged
                }
                outer_end = span.end;
                let before = input.get(..span.start).unwrap_or_default();
                let after_base = before.ends_with('#')
                    && before
                        .trim_end_matches('#')
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_ascii_digit());
                if numeric || after_base || flagged.contains(&span) {
                    continue;
                }
                flagged.push(span);
                self.flag(
                    FlagKind::DynamicCode,
                    span,
                    "arithmetic evaluates a command's output as an expression (an array subscript in it runs a command)",
                );
            }
        }
    }
}

/// Where the arithmetic of a `${…}` is, relative to its text: the subscript (`${a[i]}`) and
/// the offset and length (`${s:o:l}`), not a default value or a pattern.
/// The length of the parameter at the start of `inner`, the text after `${`, with the `#` or
/// `!` before it: a special parameter is one character (`${@:n}`, `${*:1:n}`, `${$:n}`,
/// `${?:n}`, `${-:n}`), any other a run of name characters and digits.
pub(crate) fn parameter_name_len(inner: &str) -> usize {
    if inner.starts_with(['@', '*', '$', '?', '-']) {
        return 1;
    }
    inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '#' | '!')))
        .unwrap_or(inner.len())
}

fn param_regions(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    if !text.starts_with("${") {
        return out;
    }
    let mut i = 2 + parameter_name_len(&text[2..]);
    if b.get(i) == Some(&b'[') {
        let close = skip_brackets(b, i);
        out.push((i + 1, close.saturating_sub(1).max(i + 1)));
        i = close;
    }
    if b.get(i) == Some(&b':') && !matches!(b.get(i + 1), Some(b'-' | b'=' | b'?' | b'+')) {
        let end = if text.ends_with('}') {
            b.len() - 1
        } else {
            b.len()
        };
        out.push((i + 1, end.max(i + 1)));
    }
    out
}

/// The index one past the `]` closing the `[` at `b[open]` (nested brackets counted), or the
/// end when none closes it.
fn skip_brackets(b: &[u8], open: usize) -> usize {
    closing_bracket(b, open).map_or(b.len(), |k| k + 1)
}

/// The index of the `]` closing the `[` at `b[open]`, nested brackets counted and a character
/// after `\` skipped.
pub(crate) fn closing_bracket(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end of a `for ((…))` header whose `((` is at `open`: the `))` after which the command
/// goes on with `;`, a newline, `do` or `{` (a `))` inside it can close a substitution).
fn header_end(text: &str, open: usize) -> usize {
    let mut from = open;
    while let Some(k) = text.get(from..).and_then(|t| t.find("))")) {
        let close = from + k + 2;
        let rest = text[close..].trim_start_matches([' ', '\t']);
        if rest.is_empty() || rest.starts_with([';', '\n', '{']) || rest.starts_with("do") {
            return close;
        }
        from = close;
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::operands;

    fn names(expr: &str) -> Vec<String> {
        let mut assigned = Vec::new();
        operands(expr, &mut assigned)
            .into_iter()
            .map(|o| o.name)
            .collect()
    }

    #[test]
    fn reads_names_not_numbers_nor_assignments() {
        assert_eq!(names("1 + 2 * 0x1f + 16#ff"), Vec::<String>::new());
        assert_eq!(names("x + 1"), ["x"]);
        assert_eq!(names("$x + ${y}"), ["x", "y"]);
        assert_eq!(names("i=0; i<n; i++"), ["n"]);
        assert_eq!(names("$# + $?"), ["#", "?"]);
        assert_eq!(names("$(cat f) + 1"), Vec::<String>::new());
        assert_eq!(names("${a[$i]}"), ["a", "i"]);
        assert_eq!(names("i == 1"), ["i"]);
        assert_eq!(names("$1 * 2"), ["1"]);
    }

    #[test]
    fn a_numeric_variable_of_bash_set_by_the_line_is_data() {
        let dynamic = |line: &str| {
            crate::analyze::analyze(line, &crate::Limits::default())
                .flags
                .iter()
                .any(|f| f.kind == crate::analyze::FlagKind::DynamicCode)
        };
        // Assigned a value bash evaluates as arithmetic (the integer attribute), or made an
        // array whose element is the line's data.
        for line in [
            "read RANDOM < f",
            "OPTIND=$(cat f)",
            "printf -v SRANDOM %s \"$x\"",
            "for OPTIND in $(cat f); do :; done",
            "mapfile -t HISTCMD < f",
            "RANDOM+=$x",
            ": ${SECONDS:=$x}",
            "read -a EPOCHSECONDS < f; echo $((EPOCHSECONDS))",
            "BASHPID[0]=$(cat f); [[ $BASHPID -gt 1 ]]",
        ] {
            assert!(dynamic(line), "{line}");
        }
        // Numbers, and bash's own settings of them.
        for line in [
            "SECONDS=0; echo $SECONDS",
            "RANDOM=42; echo $((RANDOM % 6))",
            "OPTIND=1",
            "for SECONDS in 1 2; do :; done",
            "EPOCHSECONDS=5; echo $((EPOCHSECONDS - 1))",
            "getopts ab o",
        ] {
            assert!(!dynamic(line), "{line}");
        }
    }

    #[test]
    fn a_special_parameters_offset_is_its_first_operand() {
        // The parameter of `${x:n}` is an operand; a special or positional one is not, so the
        // offset after it is the first operand inside.
        assert_eq!(names("${x:n}"), ["x", "n"]);
        assert_eq!(names("${@:n}"), ["@", "n"]);
        assert_eq!(names("${*:1:n}"), ["*", "n"]);
        assert_eq!(names("${1:n}"), ["1", "n"]);
        assert_eq!(names("${10:n}"), ["10", "n"]);
        assert_eq!(names("${$:n}"), ["$", "n"]);
        assert_eq!(names("${#x}"), ["x"]);
        assert_eq!(names("${!x}"), ["x"]);
    }

    #[test]
    fn name_operands_follow_each_builtins_option_table() {
        use super::name_operands;
        // Every builtin read here whose options take a value has an option table (no option of
        // `unset` takes one).
        for p in ["read", "mapfile", "readarray", "wait", "printf"] {
            assert!(crate::programs::tables::builtin(p).is_some(), "{p}");
        }
        // `wait -f`/`-n` take no value: the word after them is still an option.
        assert_eq!(name_operands("wait", &["-n", "-p", "PATH"]), [(2, 0)]);
        assert_eq!(
            name_operands("wait", &["-f", "-n", "-p", "PATH", "1"]),
            [(3, 0)]
        );
        assert_eq!(name_operands("wait", &["-np", "PATH"]), [(1, 0)]);
        assert_eq!(name_operands("wait", &["-pPATH"]), [(0, 2)]);
        assert_eq!(name_operands("wait", &["-n", "1"]), []);
        // `read -t 1 x`: `-t` takes a value, the name comes after it.
        assert_eq!(name_operands("read", &["-r", "-t", "1", "x"]), [(3, 0)]);
        assert_eq!(name_operands("read", &["-ra", "PATH"]), [(1, 0)]);
        assert_eq!(
            name_operands("mapfile", &["-t", "-n", "1", "PATH"]),
            [(3, 0)]
        );
        assert_eq!(
            name_operands("printf", &["-v", "PATH", "%s", "x"]),
            [(1, 0)]
        );
    }
}
