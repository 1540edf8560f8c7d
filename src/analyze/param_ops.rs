//! Parameter operations on a value known on the line, as bash 5.2 applies them: substrings
//! (`${x:1}`, `${x: -3:2}`), prefix and suffix removal (`${x#p}`, `${x%%p}`), pattern
//! substitution (`${x/p/r}`, `${x//p}`, `${x/#p/r}`, `${x/%p/r}`, `&` in the replacement),
//! case modification (`${x^^}`, `${x,}`, `${x~~}`, with or without a pattern) and the
//! transformations `@U`, `@u`, `@L`. For the second reading only (it can only add findings):
//! `PATH=/usr/bin; rm -rf ${PATH:0:1}` and `X=RM; ${X,,} -rf ~` are read with their values.
//! An operand holding anything but plain text, glob characters and backslash escapes (an
//! expansion, a quote, an extglob `(`) gives no value: the caller reads the word as a run-time
//! value, as before.

use crate::files::secret_glob::bash_fnmatch;

/// The value `${NAME OP}` gives when `NAME` holds `value`; `op` is the text after the name,
/// without the closing `}` (`:0:1`, `%/*`, `,,`). `None` for an operator this does not
/// evaluate (defaults, `${x@Q}`, `${x@P}`, arithmetic on variables).
pub(crate) fn apply(value: &str, op: &str) -> Option<String> {
    // Characters, case and bytes agree only for ASCII, in every locale.
    if !value.is_ascii() || !op.is_ascii() {
        return None;
    }
    let mut chars = op.chars();
    match chars.next()? {
        ':' => substring(value, &op[1..]),
        '#' => {
            let (longest, pat) = doubled(&op[1..], '#');
            Some(trim(value, &pattern(pat)?, true, longest))
        }
        '%' => {
            let (longest, pat) = doubled(&op[1..], '%');
            Some(trim(value, &pattern(pat)?, false, longest))
        }
        '/' => substitute(value, &op[1..]),
        '^' => {
            let (all, pat) = doubled(&op[1..], '^');
            case(value, pat, all, Case::Upper)
        }
        ',' => {
            let (all, pat) = doubled(&op[1..], ',');
            case(value, pat, all, Case::Lower)
        }
        '~' => {
            let (all, pat) = doubled(&op[1..], '~');
            case(value, pat, all, Case::Toggle)
        }
        '@' => match &op[1..] {
            "U" => Some(value.to_ascii_uppercase()),
            "L" => Some(value.to_ascii_lowercase()),
            "u" => case(value, "", false, Case::Upper),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `op` (the text after a parameter's name) is an operation `apply` may evaluate:
/// cheap, for the gate of the second reading.
pub(crate) fn evaluable(op: &str) -> bool {
    match op.as_bytes() {
        [b':', b'-' | b'=' | b'?' | b'+', ..] => false,
        [b':' | b'#' | b'%' | b'/' | b'^' | b',' | b'~', ..] | [b'@', b'U' | b'L' | b'u', b'}'] => {
            true
        }
        _ => false,
    }
}

/// `##p` → (true, `p`); `#p` → (false, `p`) (the first `#` already taken).
fn doubled(rest: &str, c: char) -> (bool, &str) {
    match rest.strip_prefix(c) {
        Some(r) => (true, r),
        None => (false, rest),
    }
}

/// A pattern of plain text, glob characters and backslash escapes, as the matcher reads it;
/// `None` when it holds an expansion, a quote or an extglob group.
fn pattern(p: &str) -> Option<String> {
    let mut escaped = false;
    for c in p.chars() {
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            '$' | '`' | '\'' | '"' | '(' | ')' | '|' | '{' | '}' | '\n' => return None,
            _ => {}
        }
    }
    (!escaped).then(|| p.to_owned())
}

/// A replacement's text, backslash escapes removed. `None` when it holds an expansion, a
/// quote or an unescaped `&` (the matched text under bash 5.2's `patsub_replacement`, on by
/// default; itself in earlier versions and with the option off).
fn replacement(r: &str) -> Option<String> {
    let mut text = String::new();
    let mut chars = r.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => text.push(chars.next()?),
            '$' | '`' | '\'' | '"' | '\n' | '&' => return None,
            _ => text.push(c),
        }
    }
    Some(text)
}

/// The char-boundary byte offsets of `s`, its end included.
fn bounds(s: &str) -> Vec<usize> {
    s.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()))
        .collect()
}

/// `${x#p}`/`${x##p}` (`front`) or `${x%p}`/`${x%%p}`: the shortest or longest match removed.
fn trim(value: &str, pat: &str, front: bool, longest: bool) -> String {
    let mut cuts = bounds(value);
    // Shortest first from the front, or longest first from the back: the cut moves forward.
    if front == longest {
        cuts.reverse();
    }
    for k in cuts {
        let (matched, kept) = if front {
            (&value[..k], &value[k..])
        } else {
            (&value[k..], &value[..k])
        };
        if bash_fnmatch(pat, matched, false) {
            return kept.to_owned();
        }
    }
    value.to_owned()
}

/// `${x/p/r}` and its forms (`op` after the first `/`).
fn substitute(value: &str, op: &str) -> Option<String> {
    let (mode, rest) = match op.as_bytes().first() {
        Some(b'/') => (Mode::All, &op[1..]),
        Some(b'#') => (Mode::Front, &op[1..]),
        Some(b'%') => (Mode::Back, &op[1..]),
        _ => (Mode::First, op),
    };
    // The pattern ends at the first unescaped `/`.
    let mut end = rest.len();
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '/' {
            end = i;
            break;
        }
    }
    let pat = pattern(&rest[..end])?;
    let rep = replacement(rest.get(end + 1..).unwrap_or(""))?;
    if pat.is_empty() && !matches!(mode, Mode::Front | Mode::Back) {
        return Some(value.to_owned());
    }
    let b = bounds(value);
    let mut out = String::new();
    match mode {
        Mode::Front => {
            for &k in b.iter().rev() {
                if bash_fnmatch(&pat, &value[..k], false) {
                    out.push_str(&rep);
                    out.push_str(&value[k..]);
                    return Some(out);
                }
            }
            Some(value.to_owned())
        }
        Mode::Back => {
            for &k in &b {
                if bash_fnmatch(&pat, &value[k..], false) {
                    out.push_str(&value[..k]);
                    out.push_str(&rep);
                    return Some(out);
                }
            }
            Some(value.to_owned())
        }
        Mode::First | Mode::All => {
            // Leftmost, longest match at each position; an empty match is skipped.
            let mut i = 0;
            let mut start = 0;
            let mut done = false;
            while i + 1 < b.len() && !done {
                let from = b[i];
                let found = b[i + 1..]
                    .iter()
                    .rev()
                    .find(|&&k| bash_fnmatch(&pat, &value[from..k], false));
                match found {
                    Some(&k) => {
                        out.push_str(&value[start..from]);
                        out.push_str(&rep);
                        start = k;
                        i = b.iter().position(|&x| x == k).unwrap_or(b.len());
                        done = matches!(mode, Mode::First);
                    }
                    None => i += 1,
                }
            }
            out.push_str(&value[start..]);
            Some(out)
        }
    }
}

#[derive(Clone, Copy)]
enum Mode {
    First,
    All,
    Front,
    Back,
}

#[derive(Clone, Copy)]
enum Case {
    Upper,
    Lower,
    Toggle,
}

/// Case modification of the first character or of all (`all`), of the characters matching
/// `pat` (every character when empty).
fn case(value: &str, pat: &str, all: bool, how: Case) -> Option<String> {
    let pat = if pat.is_empty() {
        "?".to_owned()
    } else {
        pattern(pat)?
    };
    let mut out = String::with_capacity(value.len());
    let mut buf = [0u8; 4];
    for (i, c) in value.chars().enumerate() {
        if (all || i == 0) && bash_fnmatch(&pat, c.encode_utf8(&mut buf), false) {
            // Values are ASCII here (`apply`).
            let upper = match how {
                Case::Upper => true,
                Case::Lower => false,
                Case::Toggle => !c.is_ascii_uppercase(),
            };
            out.push(if upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// `${x:OFFSET}` and `${x:OFFSET:LENGTH}` with literal integers (blanks and one pair of
/// parentheses allowed around each, as in `${x: -1}` and `${x:(-2):1}`).
fn substring(value: &str, op: &str) -> Option<String> {
    let (off, len) = match op.split_once(':') {
        Some((o, l)) => (o, Some(l)),
        None => (op, None),
    };
    let chars: Vec<char> = value.chars().collect();
    let n = i64::try_from(chars.len()).ok()?;
    let off = number(off)?;
    let start = if off < 0 { n + off } else { off };
    if start < 0 || start > n {
        return Some(String::new());
    }
    let end = match len {
        None => n,
        Some(l) => {
            let l = number(l)?;
            if l < 0 {
                // A negative length counts from the end; before the offset, bash reports
                // an error and expands nothing.
                let e = n + l;
                if e < start {
                    return None;
                }
                e
            } else {
                (start + l).min(n)
            }
        }
    };
    let (s, e) = (usize::try_from(start).ok()?, usize::try_from(end).ok()?);
    Some(chars[s..e].iter().collect())
}

/// A literal integer with optional blanks, sign and one pair of parentheses; an empty
/// operand is 0, as bash reads `${x::2}`.
fn number(t: &str) -> Option<i64> {
    let t = t.trim_matches([' ', '\t']);
    let t = t
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(t)
        .trim_matches([' ', '\t']);
    if t.is_empty() {
        return Some(0);
    }
    let (neg, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d.trim_start_matches([' ', '\t'])),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    let v: i64 = digits.parse().ok()?;
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::apply;

    #[test]
    fn operations_as_bash_applies_them() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("/usr/bin:/bin", ":0:1", Some("/")),
            ("/usr/bin:/bin", "::1", Some("/")),
            ("abcdef", ": -2", Some("ef")),
            ("abcdef", ":(-3):2", Some("de")),
            ("abcdef", ":1:-1", Some("bcde")),
            ("abcdef", ":4:-3", None),
            ("abcdef", ":9", Some("")),
            ("abcdef", ":$n", None),
            ("/home/u", "%/*", Some("/home")),
            ("/home/u", "%%/*", Some("")),
            ("/home/u/x", "#/*/", Some("u/x")),
            ("/home/u/x", "##*/", Some("x")),
            ("/usr", "%usr", Some("/")),
            ("/home/u", "/#*/\\/", Some("/")),
            ("/home/u", "/#*/", Some("")),
            ("a-b-c", "//-/ ", Some("a b c")),
            ("a-b-c", "/-/", Some("ab-c")),
            ("abc", "/%c/[&]", None),
            ("abc", "/b/\\&", Some("a&c")),
            ("abc", "/$x/y", None),
            ("SHUTDOWN", ",,", Some("shutdown")),
            ("RM", ",", Some("rM")),
            ("rm", "^^", Some("RM")),
            ("rm", "^^[r]", Some("Rm")),
            ("Rm", "~~", Some("rM")),
            ("rm", "@U", Some("RM")),
            ("RM", "@L", Some("rm")),
            ("rm", "@u", Some("Rm")),
            ("rm", "@Q", None),
            ("rm", "@P", None),
            ("é", "^^", None),
            ("x", ":-y", None),
        ];
        for (value, op, want) in cases {
            assert_eq!(apply(value, op).as_deref(), *want, "{value} {op}");
        }
    }

    #[test]
    fn evaluable_operators() {
        for op in [":0:1}", "%/*}", "//a/b}", ",,}", "@U}", "^}", "#x}"] {
            assert!(super::evaluable(op), "{op}");
        }
        for op in [
            ":-x}", ":=x}", ":?}", ":+x}", "-x}", "@Q}", "@P}", "}", "[0]}",
        ] {
            assert!(!super::evaluable(op), "{op}");
        }
    }
}
