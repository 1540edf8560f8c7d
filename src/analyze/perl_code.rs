//! A closed reader of Perl one-liners that only filter and print: `perl -ne 'print if
//! /TODO/'`, `perl -lane 'print $F[1]'`, `perl -pe 's/foo/bar/g'`, `perl -e 'print "$]\n"'`.
//!
//! A one-liner is a program, so it is never allowed by the interpreter's name. This reader
//! proves a small subset instead, by its tokens alone: every bareword is one of a fixed list of
//! keywords and builtins that compute, print to standard output or error, or end the program
//! ([`WORDS`]: `print`, `if`, `split`, `lc`, `length`…; never `system`, `exec`, `open`, `eval`,
//! `do`, `require`, `use`, `sub`, `unlink`, `select`…), every variable is a plain name or one of
//! the harmless punctuation variables (never `%ENV`, `@INC`, `@ARGV`/`$ARGV` — whose names the
//! `-n`/`-p` loop opens with the two-argument `open`, so a name put there runs a command —,
//! `%SIG`, `$^I` — which turns on in-place editing —, `$<`/`$>`, a package-qualified name or a
//! dereference), and every string, pattern and substitution is read to its end with what it
//! interpolates checked (a plain variable, at most a subscript of digits, a plain name or a
//! plain variable; never `@{[ … ]}`, `${\ … }` or a computed subscript), with no code in a
//! pattern (`(?{ … })`, `(??{ … })`, `(*{ … })`) and no substitution flag `e`.
//!
//! Perl's reading of `/` (a pattern or a division), `?`, `<` and `{` depends on what came
//! before; the reader takes a pattern only where Perl certainly expects a term (at the start,
//! after an operator, an opening bracket, `,`, `;`, or one of `if`, `unless`, `and`, `or`,
//! `not`, `while`, `until`, `split`, `grep`), a division only right after a variable, a number,
//! `)` or `]`, and refuses every other spelling, so no text it skips as a string is code to Perl.
//! A word followed by `'` (the old package separator), `::`, `#` outside a string, `<` where a
//! term stands (a read of a file handle or a glob), `&` and `*` where a term stands (a call or a
//! glob), a `-` followed by a letter (file tests), and quote operators spelled with a space or
//! an unusual delimiter before their text leave the code unproven.
//!
//! What the code reads is the caller's: the files the `-n`/`-p` loop opens are the command's
//! operands (the allow rule refuses names Perl's two-argument `open` would read as a command or
//! a write, and the path policy judges them as reads).

/// Keywords and builtins the subset takes as barewords: they compute, print to standard output
/// or error, or end the program. The words after which Perl reads `/` as a pattern are
/// [`TERM_WORDS`].
const WORDS: &[&str] = &[
    "print", "printf", "say", "if", "unless", "else", "elsif", "while", "until", "for", "foreach",
    "last", "next", "and", "or", "not", "xor", "eq", "ne", "lt", "gt", "le", "ge", "cmp", "x",
    "my", "local", "chomp", "chop", "chr", "ord", "lc", "uc", "lcfirst", "ucfirst", "length",
    "substr", "index", "rindex", "sprintf", "join", "split", "reverse", "keys", "values", "each",
    "exists", "delete", "defined", "scalar", "abs", "int", "sqrt", "hex", "oct", "push", "pop",
    "shift", "unshift", "grep", "map", "exit", "die", "warn", "undef", "eof", "BEGIN", "END",
    "STDOUT", "STDERR", "LINE",
];

/// Words after which Perl reads `/` as the start of a pattern (`print if /x/`, `split /,/`).
const TERM_WORDS: &[&str] = &[
    "if", "unless", "and", "or", "not", "xor", "while", "until", "split", "grep",
];

/// Variable names the subset refuses: the environment, the module path and loaded modules,
/// the `-n`/`-p` loop's file names and handles (two-argument `open`: a name ending in `|` runs
/// a command), signal handlers.
const REFUSED_NAMES: &[&str] = &["ENV", "INC", "ARGV", "ARGVOUT", "SIG", "STDIN"];

/// Punctuation variables the subset reads (`$_`, `$.`, `$/`, `$1`…): not `$<`, `$>`, `$(`, `$)`
/// (the user and group ids, which an assignment changes), `$^…` (`$^I` edits in place), `$$`,
/// `$#`, `$'`, `` $` ``, `$"`, `$:` (which read as something else to a careless tokenizer).
const PUNCT_VARS: &[char] = &[
    '.', '/', '\\', ',', ';', '!', '@', '&', '+', '-', ']', '|', '?', '=', '%', '~', '0',
];

/// Does Perl's `code` (the text of `-e`/`-E`, several joined with newlines) only compute and
/// print, as the closed subset proves? `false` for anything the reader does not know.
pub(crate) fn filters_only(code: &str) -> bool {
    code.len() <= 4096 && Reader::new(code).read().is_some()
}

/// Where the reader stands: whether Perl expects a term next (so `/` opens a pattern), or an
/// operator (so `/` divides), or cannot be told from the text alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Expect {
    Term,
    /// Right after a variable, a number, a string, a pattern, `)` or `]`: `/` divides.
    Operator,
    /// After such an operand and a space: `print $fh /x/` reads `$fh` as a file handle and
    /// `/x/` as a pattern, so only spellings Perl reads as operators whatever came before are
    /// taken (`/ `, `//`, `/=`, `? `, `< `, `<=`, `&&`).
    Spaced,
    /// After `}` (a block or a subscript) or a listed word: the subset takes none of `/`, `?`,
    /// `<`, `&`, `*` there.
    Unsure,
}

/// The operators the subset reads, longest first (`/` and `//` are read apart).
const OPERATORS: &[&str] = &[
    "<=>", "**=", "||=", "&&=", "...", "<<=", ">>=", "=~", "!~", "==", "!=", "<=", ">=", "&&",
    "||", "..", "**", "++", "--", "+=", "-=", "*=", ".=", "%=", "|=", "&=", "^=", "=>", "<<", ">>",
    "=", "!", "<", ">", "+", "-", "*", "%", "&", "|", "^", ".", "~", "\\", "?", ":",
];

struct Reader {
    c: Vec<char>,
    at: usize,
    expect: Expect,
    /// Whether each open `{` is a subscript (`$h{…}`, right after a variable or a subscript):
    /// its `}` ends an operand; a block's `}` leaves the reader unsure.
    braces: Vec<bool>,
    /// The last token was a variable or a subscript's end, with nothing between.
    after_variable: bool,
}

impl Reader {
    fn new(code: &str) -> Reader {
        Reader {
            c: code.chars().collect(),
            at: 0,
            expect: Expect::Term,
            braces: Vec::new(),
            after_variable: false,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.c.get(self.at + k).copied()
    }

    fn read(&mut self) -> Option<()> {
        while let Some(ch) = self.peek(0) {
            let after_variable = std::mem::take(&mut self.after_variable);
            if matches!(ch, ' ' | '\t' | '\n') {
                self.at += 1;
                if self.expect == Expect::Operator {
                    self.expect = Expect::Spaced;
                }
                continue;
            }
            if ch.is_ascii_alphabetic() || ch == '_' {
                self.word()?;
                continue;
            }
            if ch.is_ascii_digit() {
                self.number()?;
                continue;
            }
            match ch {
                '$' | '@' => self.variable()?,
                '%' if self.expect == Expect::Term => self.variable()?,
                '\'' => {
                    self.at = self.quoted_end(self.at, '\'')?;
                    self.expect = Expect::Operator;
                }
                '"' => {
                    let end = self.quoted_end(self.at, '"')?;
                    interpolation_is_plain(&self.c[self.at + 1..end - 1])?;
                    self.at = end;
                    self.expect = Expect::Operator;
                }
                '/' => self.slash()?,
                '{' => {
                    self.braces.push(after_variable);
                    self.at += 1;
                    self.expect = Expect::Term;
                }
                '}' => {
                    let subscript = self.braces.pop()?;
                    self.at += 1;
                    self.after_variable = subscript;
                    self.expect = if subscript {
                        Expect::Operator
                    } else {
                        Expect::Unsure
                    };
                }
                '(' | '[' | ',' | ';' => {
                    self.at += 1;
                    self.expect = Expect::Term;
                }
                ')' => {
                    self.at += 1;
                    self.expect = Expect::Operator;
                }
                ']' => {
                    // `$F[1]{x}`, `$a[0][1]`: a subscript may follow.
                    self.at += 1;
                    self.after_variable = true;
                    self.expect = Expect::Operator;
                }
                _ => self.operator()?,
            }
        }
        // Every block and subscript closed.
        self.braces.is_empty().then_some(())
    }

    /// `/`: a pattern where a term stands, a division (`/`, `//`, `/=`) right after an
    /// operand or spelled as Perl always reads it.
    fn slash(&mut self) -> Option<()> {
        let next = self.peek(1);
        match self.expect {
            Expect::Term => {
                let end = self.quoted_end(self.at, '/')?;
                pattern_is_plain(&self.c[self.at + 1..end - 1])?;
                self.at = end;
                self.flags("msixpodualngc")
            }
            Expect::Spaced if !matches!(next, Some(' ' | '\t' | '/' | '=')) => None,
            Expect::Operator | Expect::Spaced => {
                self.at += if next == Some('/') { 2 } else { 1 };
                if self.peek(0) == Some('=') {
                    self.at += 1;
                }
                self.expect = Expect::Term;
                Some(())
            }
            Expect::Unsure => None,
        }
    }

    /// An operator of [`OPERATORS`] (not `/`).
    fn operator(&mut self) -> Option<()> {
        let rest: String = self.c[self.at..(self.at + 3).min(self.c.len())]
            .iter()
            .collect();
        let op = OPERATORS.iter().find(|o| rest.starts_with(**o))?;
        let first = op.chars().next()?;
        let after = self.c.get(self.at + op.chars().count()).copied();
        let word_next = after.is_some_and(|n| n.is_ascii_alphabetic() || n == '_');
        let spaced_next = matches!(after, Some(' ' | '\t' | '='));
        let refused = match self.expect {
            // A call (`&f`), a glob (`*x`), a file handle read or a here-document (`<FH>`,
            // `<<EOF`), a pattern (`?x?`) or a number (`.5`) where a term stands.
            Expect::Term | Expect::Unsure => matches!(first, '&' | '*' | '<' | '?'),
            Expect::Spaced => {
                (matches!(first, '&' | '*') && word_next)
                    || (matches!(first, '<' | '?') && !spaced_next)
            }
            Expect::Operator => false,
        } || (self.expect == Expect::Term && first == '.')
            // `%name` after a space or a block is a hash to Perl (`print $fh %s …`), not a
            // remainder and a word (`%s/…/` would be a substitution).
            || (first == '%' && word_next && self.expect != Expect::Operator)
            // `-e $f`, `-s`: file tests; `->`: a method call or a dereference; `::`.
            || (*op == "-" && (word_next || after == Some('>')))
            || (*op == ":" && after == Some(':'))
            // `=pod` at the start of a line opens documentation Perl skips.
            || (*op == "=" && word_next && (self.at == 0 || self.c[self.at - 1] == '\n'));
        if refused {
            return None;
        }
        self.at += op.chars().count();
        // `$x++` and `$x--` end an operand; every other operator wants a term.
        self.expect = if matches!(*op, "++" | "--") && self.expect == Expect::Operator {
            Expect::Operator
        } else {
            Expect::Term
        };
        Some(())
    }

    /// A number as Perl reads one (`12`, `1_000`, `1.5`, `1e-3`, `0x1F`, `0b101`); a letter
    /// right after it is refused (`1if` is `1 if` to Perl, one word to a careless reader).
    fn number(&mut self) -> Option<()> {
        let radix = match (self.peek(0), self.peek(1)) {
            (Some('0'), Some('x' | 'X')) => 16,
            (Some('0'), Some('b' | 'B')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.at += 2;
        }
        let digits = |r: &Reader| r.peek(0).is_some_and(|n| n.is_digit(radix) || n == '_');
        while digits(self) {
            self.at += 1;
        }
        if radix == 10 {
            // A fraction (`1.5`), not a range (`1..5`).
            if self.peek(0) == Some('.') && self.peek(1).is_some_and(|n| n.is_ascii_digit()) {
                self.at += 1;
                while digits(self) {
                    self.at += 1;
                }
            }
            if matches!(self.peek(0), Some('e' | 'E')) {
                let sign = usize::from(matches!(self.peek(1), Some('+' | '-')));
                if self.peek(1 + sign).is_some_and(|n| n.is_ascii_digit()) {
                    self.at += 1 + sign;
                    while digits(self) {
                        self.at += 1;
                    }
                }
            }
        }
        if self
            .peek(0)
            .is_some_and(|n| n.is_ascii_alphanumeric() || n == '_')
        {
            return None;
        }
        self.expect = Expect::Operator;
        Some(())
    }

    /// A bareword: a listed keyword or builtin, a quote operator with its text, or a hash key
    /// (`$h{name}`).
    fn word(&mut self) -> Option<()> {
        let start = self.at;
        while self
            .peek(0)
            .is_some_and(|n| n.is_ascii_alphanumeric() || n == '_')
        {
            self.at += 1;
        }
        let word: String = self.c[start..self.at].iter().collect();
        // `print'x` is `print::x` to Perl; `foo::bar` names a package.
        if self.peek(0) == Some('\'') || (self.peek(0) == Some(':') && self.peek(1) == Some(':')) {
            return None;
        }
        // `$h{name}`: a hash key, a string to Perl (also `{s}` and `{y}`).
        let key = start >= 1
            && self.c[start - 1] == '{'
            && self.peek(0) == Some('}')
            && self.braces.last() == Some(&true);
        if key {
            self.expect = Expect::Operator;
            return Some(());
        }
        if matches!(word.as_str(), "m" | "s" | "tr" | "y" | "q" | "qq" | "qw") {
            return self.quote_operator(&word);
        }
        if !WORDS.contains(&word.as_str()) {
            return None;
        }
        if TERM_WORDS.contains(&word.as_str()) {
            self.expect = Expect::Term;
            return Some(());
        }
        // After `print`, `lc`, `length`… Perl's reading of `/`, `?`, `<`, `&`, `*` and `.`
        // depends on the word's kind: the subset takes none of them there. `sort` is left out
        // (`sort NAME LIST` calls a function by name).
        let mut k = self.at;
        while self
            .c
            .get(k)
            .is_some_and(|n| matches!(n, ' ' | '\t' | '\n'))
        {
            k += 1;
        }
        match self.c.get(k) {
            Some('/' | '?' | '<' | '&' | '*' | '.') => return None,
            // `keys %h`: a hash; `%` and a space would be a remainder.
            Some('%')
                if !self
                    .c
                    .get(k + 1)
                    .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_') =>
            {
                return None;
            }
            _ => {}
        }
        self.expect = Expect::Term;
        Some(())
    }

    /// `m/…/`, `s/…/…/`, `tr/…/…/`, `y/…/…/`, `q(…)`, `qq{…}`, `qw(…)`: the delimiter right
    /// after the word (a space, `=`, `,`, `}`, `)` or `:` after it means something else to Perl:
    /// `s => 1`, `$h{s}`, `s::x`), the text to its end, and the flags.
    fn quote_operator(&mut self, op: &str) -> Option<()> {
        let open = self.peek(0)?;
        if !matches!(open, '/' | '{' | '(' | '[' | '<' | '|' | '!' | '#') {
            return None;
        }
        let close = closing(open);
        let end = self.quoted_end(self.at, open)?;
        let first = &self.c[self.at + 1..end - 1];
        let two_parts = matches!(op, "s" | "tr" | "y");
        let mut body_end = end;
        let mut second: &[char] = &[];
        if two_parts {
            // `s/a/b/` shares the middle delimiter; `s{a}{b}` opens a second pair right away.
            let from = if close == open { end - 1 } else { end };
            if close != open && self.c.get(from) != Some(&open) {
                return None;
            }
            body_end = self.quoted_end(from, open)?;
            second = &self.c[from + 1..body_end - 1];
        }
        match op {
            "m" => pattern_is_plain(first)?,
            "s" => {
                pattern_is_plain(first)?;
                interpolation_is_plain(second)?;
            }
            "qq" => interpolation_is_plain(first)?,
            // `tr`, `y`, `q` and `qw` interpolate nothing.
            _ => {}
        }
        self.at = body_end;
        match op {
            "m" => self.flags("msixpodualngc"),
            // Never `e`: the replacement is code.
            "s" => self.flags("msixpodualngcr"),
            "tr" | "y" => self.flags("cdsr"),
            _ => {
                self.expect = Expect::Operator;
                Some(())
            }
        }
    }

    /// The flags after a pattern: only the listed letters, then no other word character.
    fn flags(&mut self, allowed: &str) -> Option<()> {
        while let Some(f) = self.peek(0) {
            if allowed.contains(f) {
                self.at += 1;
            } else if f.is_ascii_alphanumeric() || f == '_' {
                return None;
            } else {
                break;
            }
        }
        self.expect = Expect::Operator;
        Some(())
    }

    /// A variable: `$name`, `@name`, `%name` (a listed name refused), `$1`, a listed
    /// punctuation variable, then subscripts read as code.
    fn variable(&mut self) -> Option<()> {
        let sigil = self.peek(0)?;
        self.at += 1;
        let n = self.peek(0)?;
        if n.is_ascii_alphabetic() || n == '_' {
            let start = self.at;
            while self
                .peek(0)
                .is_some_and(|m| m.is_ascii_alphanumeric() || m == '_')
            {
                self.at += 1;
            }
            let name: String = self.c[start..self.at].iter().collect();
            if REFUSED_NAMES.contains(&name.as_str()) {
                return None;
            }
            // `$x'y` and `$x::y` are package variables.
            if self.peek(0) == Some('\'')
                || (self.peek(0) == Some(':') && self.peek(1) == Some(':'))
            {
                return None;
            }
        } else if n.is_ascii_digit() && sigil == '$' {
            while self.peek(0).is_some_and(|m| m.is_ascii_digit()) {
                self.at += 1;
            }
        } else if sigil == '$' && PUNCT_VARS.contains(&n) {
            self.at += 1;
        } else {
            return None;
        }
        self.expect = Expect::Operator;
        self.after_variable = true;
        Some(())
    }

    /// The index just past the literal that opens with `open` at `i` (a bracket pair nests, a
    /// backslash escapes the next character), or `None` when it does not close.
    fn quoted_end(&self, i: usize, open: char) -> Option<usize> {
        let close = closing(open);
        let mut depth = 0usize;
        let mut k = i + 1;
        while let Some(&ch) = self.c.get(k) {
            if ch == '\\' {
                k += 2;
                continue;
            }
            if ch == close {
                if depth == 0 {
                    return Some(k + 1);
                }
                depth -= 1;
            } else if ch == open && close != open {
                depth += 1;
            }
            k += 1;
        }
        None
    }
}

fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        other => other,
    }
}

/// A pattern's text: its interpolation plain, and no code block (`(?{…})`, `(??{…})`,
/// `(*{…})`).
fn pattern_is_plain(text: &[char]) -> Option<()> {
    let s: String = text.iter().collect();
    if s.contains("?{") || s.contains("*{") {
        return None;
    }
    interpolation_is_plain(text)
}

/// What a double-quoted string or a pattern interpolates: plain variables only, each with at
/// most subscripts of digits (`$F[1]`, `$F[-1]`), a plain name or a plain scalar (`$h{key}`,
/// `$F[$i]`); never `${…}`, `@{…}`, `$$x`, `->`, a refused name or a package variable.
fn interpolation_is_plain(text: &[char]) -> Option<()> {
    let mut k = 0;
    while let Some(&ch) = text.get(k) {
        if ch == '\\' {
            k += 2;
            continue;
        }
        if ch != '$' && ch != '@' {
            k += 1;
            continue;
        }
        k += 1;
        let Some(&n) = text.get(k) else {
            break;
        };
        if n.is_ascii_alphabetic() || n == '_' {
            let start = k;
            while text
                .get(k)
                .is_some_and(|m| m.is_ascii_alphanumeric() || *m == '_')
            {
                k += 1;
            }
            let name: String = text[start..k].iter().collect();
            if REFUSED_NAMES.contains(&name.as_str()) {
                return None;
            }
            if text.get(k) == Some(&'\'') && text.get(k + 1).is_some_and(|m| m.is_alphabetic())
                || text.get(k) == Some(&':') && text.get(k + 1) == Some(&':')
            {
                return None;
            }
        } else if ch == '$' && n.is_ascii_digit() {
            while text.get(k).is_some_and(char::is_ascii_digit) {
                k += 1;
            }
        } else if matches!(
            (ch, n),
            ('$', '{' | '$' | '^' | ':' | '#') | ('@', '{' | '$' | ':')
        ) {
            return None;
        } else if ch == '$' {
            // `$.`, `$]`, `$&` and other punctuation variables (`$)` and `$|` in a pattern are
            // anchors); a subscript after one is read below (`"$-[0]"` is an element of `@-`).
            k += 1;
        } else {
            // `@` before anything else is itself.
            continue;
        }
        // Subscripts: `[digits]`, `[$name]`, `{name}`, `{$name}`; `->` is refused.
        loop {
            match text.get(k) {
                Some('[' | '{') => {
                    let close = if text[k] == '[' { ']' } else { '}' };
                    let mut j = k + 1;
                    if text.get(j) == Some(&'$') || close == ']' && text.get(j) == Some(&'-') {
                        j += 1;
                    }
                    let body = j;
                    while text
                        .get(j)
                        .is_some_and(|m| m.is_ascii_alphanumeric() || *m == '_')
                    {
                        j += 1;
                    }
                    if j == body || text.get(j) != Some(&close) {
                        return None;
                    }
                    let word: String = text[body..j].iter().collect();
                    if REFUSED_NAMES.contains(&word.as_str()) {
                        return None;
                    }
                    k = j + 1;
                }
                Some('-') if text.get(k + 1) == Some(&'>') => return None,
                _ => break,
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::filters_only;

    #[test]
    fn filters_are_proven() {
        for code in [
            "print if /TODO/",
            "print $1 if /version = \"(.*)\"/",
            "print length",
            "print \"$]\\n\"",
            "print \"rm -rf /\\n\"",
            "print $F[1]",
            "print \"$F[0]: $F[-1]\"",
            "s/foo/bar/g",
            "s{a/b}{c}g",
            "s#x#y#",
            "tr/a-z/A-Z/",
            "y/,/\\t/",
            "print unless /^#/",
            "$c++ if /x/; END { print $c }",
            "$s += $F[2]; END { print $s/$. }",
            "chomp; print join \",\", split /:/",
            "print lc",
            "next unless /\\S/; print",
            "$h{$_}++ for split; END { print \"$_ $h{$_}\\n\" for keys %h }",
            "print $. if /needle/",
            "print \"$.: $_\" if 10..20",
            "$_ = uc; print",
            "my @a = split /,/; print $a[2], \"\\n\"",
            "print qq{$1\\n} if m{<title>(.*)</title>}i",
            "print STDERR $_",
            "BEGIN { $n = 0 } $n++; END { print $n }",
            "$x = $y // 0",
            "print substr($_, 0, 10)",
            "print if $h{key}",
            "print if $h{s}",
            "print if /a/ && /b/",
            "print if $x > 1 && $y < 2",
            "$n = $s / $c",
            "print 1e3, 0x1F, 0b11, 1_000, 1.5, 2E-3 if 1..5",
            "print $x % 2",
            "print $_ x 2",
            "@w = qw(a b c); print $w[0]",
            "print sprintf(\"%05d\", $1) if /(\\d+)/",
        ] {
            assert!(filters_only(code), "{code}");
        }
    }

    #[test]
    fn code_that_runs_writes_or_hides_is_not_proven() {
        for code in [
            "system 'id'",
            "print `id`",
            "print qx(id)",
            "exec 'sh'",
            "open F, '>x'; print F 1",
            "eval $_",
            "do 'x.pl'",
            "require X",
            "use POSIX",
            "unlink 'x'",
            "s/(.*)/$1/ee",
            "s/x/system('id')/e",
            "print if /(?{ system 'id' })/",
            "print if /(??{ $x })/",
            "print \"@{[ system 'id' ]}\"",
            "print \"${\\ system 'id'}\"",
            "print \"$x[`id`]\"",
            "print \"$h{`id`}\"",
            "print \"$x->[0]\"",
            "print \"$-[`id`]\"",
            "print 1if/ \" /;system 1;\"/",
            "print 1x3",
            "print $x %s/a/;system 1;/",
            "} %s/a/;system 1;/",
            "print \"$&{`id`}\"",
            "BEGIN { @ARGV = ('id|') } print",
            "push @ARGV, 'x'",
            "print $ARGV",
            "$ENV{X} = 1",
            "$SIG{__WARN__} = 'x'",
            "BEGIN { $^I = '' } print",
            "$> = 0",
            "print $x'a; system 1; print 'y'",
            "print'x",
            "&{\"sys\".\"tem\"}('id')",
            "$f->('id')",
            "main->can('x')",
            "CORE::system('id')",
            "print <STDIN>",
            "print <*>",
            "print <<EOF",
            "print -e 'x'",
            "$x = $y; # system 'id'",
            "sort foo @x",
            "print $x / 1; system 1; /",
            "print } / 1; system 1; /",
            "$h{s}and system 1",
            "s =>1",
            "select STDOUT",
            "print \"unclosed",
            "s/a/b/ foo",
            "print \"$x::y\"",
            "$_ = $$x",
            "kill 9, -1",
            "print if ?x?",
            "print / 2",
        ] {
            assert!(!filters_only(code), "{code}");
        }
    }
}
