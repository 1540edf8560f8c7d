//! What a rule's regex needs literally, so most texts are decided without running it.
//!
//! `regex-lite` (chosen for its start-up cost, see docs/performance.md) has no
//! literal optimisations: every match runs its Pike VM, thousands of instructions for an
//! alternation of words. Most regexes in policies are mostly literal, so each is read once:
//! - `^(add|del|set)$`, `^\*$`: the whole text is one of a few words — [`Literals::Exact`], no
//!   regex at all;
//! - otherwise the literals one of which any match must contain (`.git/hooks/` of
//!   `(^|/)\.git/hooks/[^/]+$`; `delete`, `terminate`… of `^(delete|terminate)-`), and the
//!   literal start of an anchored regex: a text without them cannot match.
//!
//! The reading is conservative: any syntax it does not know (flags such as `(?i)`, a top-level
//! `|`, classes) ends a literal or gives up, and giving up only means the regex always runs.

/// What a regex needs of a text. Word lists are kept in one string, NUL-separated (a regex
/// holding a NUL, or any non-ASCII text, is not read), so reading a regex allocates little: the
/// hook reads a handful per command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Literals {
    /// The regex matches exactly these texts.
    Exact(String),
    /// Any match starts with `prefix` (when not empty) and contains one of `any` (when not
    /// empty).
    Needs { prefix: String, any: String },
}

impl Literals {
    /// Read `src`.
    pub(super) fn of(src: &str) -> Literals {
        read(src).unwrap_or(Literals::Needs {
            prefix: String::new(),
            any: String::new(),
        })
    }

    /// `Some(answer)` when the literals decide; `None` when the regex must run.
    pub(super) fn decide(&self, text: &str) -> Option<bool> {
        match self {
            Literals::Exact(words) => Some(words.split('\0').any(|w| w == text)),
            Literals::Needs { prefix, any } => {
                if !text.starts_with(prefix.as_str())
                    || !(any.is_empty() || any.split('\0').any(|l| text.contains(l)))
                {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }
}

/// One element of the top-level sequence of a regex.
#[derive(Debug, Clone, Copy)]
enum Item {
    /// A literal character.
    Char(u8),
    /// A group whose branches are all literal, not repeated or optional: the range of its
    /// content in the source.
    Words(usize, usize),
    /// `^` at the very start.
    Start,
    /// `$` at the very end.
    End,
    /// Anything else (a class, `.`, an optional group, an escape class): ends a literal.
    Other,
}

fn read(src: &str) -> Option<Literals> {
    if src.contains("(?") || !src.is_ascii() || src.contains('\0') {
        return None;
    }
    let chars = src.as_bytes();
    let mut items = Vec::with_capacity(chars.len());
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        let item = match c {
            b'|' => return None,
            b'^' if k == 0 => Item::Start,
            b'$' if k + 1 == chars.len() => Item::End,
            b'^' | b'$' | b'.' => Item::Other,
            b'\\' => {
                let n = *chars.get(k + 1)?;
                k += 1;
                if n.is_ascii_punctuation() {
                    Item::Char(n)
                } else if matches!(
                    n,
                    b's' | b'S' | b'd' | b'D' | b'w' | b'W' | b'b' | b'B' | b'n' | b'r' | b't'
                ) {
                    Item::Other
                } else {
                    // `\x41`, `\u{…}`, `\p{…}`: escapes with arguments.
                    return None;
                }
            }
            b'[' => {
                k = class_end(chars, k)?;
                Item::Other
            }
            b'(' => {
                let end = group_end(chars, k)?;
                let item = if literal_branches(&chars[k + 1..end]) {
                    Item::Words(k + 1, end)
                } else {
                    Item::Other
                };
                k = end;
                item
            }
            b')' | b']' | b'{' | b'}' | b'?' | b'*' | b'+' if items.is_empty() => return None,
            b'?' | b'*' | b'+' | b'{' => {
                // A quantifier makes the item before it optional (`?`, `*`, `{0,…}`) or
                // repeated; either way it is no longer one fixed literal.
                let optional = match c {
                    b'?' | b'*' => true,
                    b'{' => {
                        let close = chars[k..].iter().position(|&x| x == b'}')? + k;
                        let digits = chars[k + 1..close]
                            .iter()
                            .take_while(|x| x.is_ascii_digit())
                            .count();
                        let min = src.get(k + 1..k + 1 + digits)?;
                        k = close;
                        min.parse::<u32>().map_or(true, |m| m == 0)
                    }
                    _ => false,
                };
                let last = items.pop()?;
                if !optional && let Item::Char(ch) = last {
                    items.push(Item::Char(ch));
                }
                Item::Other
            }
            _ => Item::Char(c),
        };
        items.push(item);
        k += 1;
    }
    Some(summarise(chars, &items))
}

fn summarise(src: &[u8], items: &[Item]) -> Literals {
    // `^words$` or `^literal$`.
    if let [Item::Start, middle @ .., Item::End] = items {
        if let [Item::Words(a, b)] = middle {
            return Literals::Exact(words(&src[*a..*b]));
        }
        if !middle.is_empty() && middle.iter().all(|i| matches!(i, Item::Char(_))) {
            return Literals::Exact(chars_of(middle));
        }
    }
    let prefix = match items.split_first() {
        Some((Item::Start, rest)) => {
            let run = rest
                .iter()
                .take_while(|i| matches!(i, Item::Char(_)))
                .count();
            chars_of(&rest[..run])
        }
        _ => String::new(),
    };
    // Candidates: each run of literal characters, each group of literal words; the most
    // selective is the one whose shortest member is longest (the last of equals). Only the
    // winner is copied out.
    let mut best: Option<(usize, Candidate)> = None;
    let mut consider = |score: usize, c: Candidate| {
        if best.as_ref().is_none_or(|(s, _)| score >= *s) {
            best = Some((score, c));
        }
    };
    let mut run_start = None;
    for (k, i) in items.iter().enumerate() {
        if let Item::Char(_) = i {
            run_start.get_or_insert(k);
            continue;
        }
        if let Some(start) = run_start.take() {
            consider(k - start, Candidate::Run(start, k));
        }
        if let Item::Words(a, b) = *i {
            let shortest = shortest_branch(&src[a..b]);
            if shortest > 0 {
                consider(shortest, Candidate::Words(a, b));
            }
        }
    }
    if let Some(start) = run_start {
        consider(items.len() - start, Candidate::Run(start, items.len()));
    }
    let any = match best {
        None => String::new(),
        Some((_, Candidate::Run(a, b))) => chars_of(&items[a..b]),
        Some((_, Candidate::Words(a, b))) => words(&src[a..b]),
    };
    Literals::Needs { prefix, any }
}

/// A candidate for [`Literals::Needs::any`]: a run of characters (`items[a..b]`) or the words
/// of the group whose content is `src[a..b]`.
#[derive(Clone, Copy)]
enum Candidate {
    Run(usize, usize),
    Words(usize, usize),
}

/// The text of a run of [`Item::Char`]s.
fn chars_of(run: &[Item]) -> String {
    run.iter()
        .filter_map(|i| match i {
            Item::Char(c) => Some(char::from(*c)),
            _ => None,
        })
        .collect()
}

/// The index of the `]` closing the class opened at `start`.
fn class_end(chars: &[u8], start: usize) -> Option<usize> {
    let mut k = start + 1;
    if chars.get(k) == Some(&b'^') {
        k += 1;
    }
    if chars.get(k) == Some(&b']') {
        k += 1;
    }
    while k < chars.len() {
        match chars[k] {
            b'\\' => k += 1,
            b'[' if chars.get(k + 1) == Some(&b':') => {
                let close = chars[k..].windows(2).position(|w| w == b":]")?;
                k += close + 1;
            }
            b']' => return Some(k),
            _ => {}
        }
        k += 1;
    }
    None
}

/// The index of the `)` closing the group opened at `start`.
fn group_end(chars: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = start;
    while k < chars.len() {
        match chars[k] {
            b'\\' => k += 1,
            b'[' => k = class_end(chars, k)?,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// Are a group's branches each a plain literal (`add|del|set`), none empty (`(a|)` makes the
/// group optional)?
fn literal_branches(content: &[u8]) -> bool {
    let mut len = 0usize;
    let mut k = 0;
    while k < content.len() {
        match content[k] {
            b'|' => {
                if len == 0 {
                    return false;
                }
                len = 0;
            }
            b'\\' => match content.get(k + 1) {
                Some(n) if n.is_ascii_punctuation() => {
                    len += 1;
                    k += 1;
                }
                _ => return false,
            },
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'?' | b'*' | b'+' | b'.' | b'^' | b'$' => {
                return false;
            }
            _ => len += 1,
        }
        k += 1;
    }
    len > 0
}

/// The length of the shortest branch of a group [`literal_branches`] accepted.
fn shortest_branch(content: &[u8]) -> usize {
    let (mut shortest, mut len, mut k) = (usize::MAX, 0, 0);
    while k < content.len() {
        match content[k] {
            b'|' => {
                shortest = shortest.min(len);
                len = 0;
            }
            b'\\' => {
                k += 1;
                len += 1;
            }
            _ => len += 1,
        }
        k += 1;
    }
    shortest.min(len)
}

/// The branches of a group [`literal_branches`] accepted, unescaped and NUL-separated.
fn words(content: &[u8]) -> String {
    let mut out = String::with_capacity(content.len());
    let mut k = 0;
    while k < content.len() {
        match content[k] {
            b'|' => out.push('\0'),
            b'\\' => {
                k += 1;
                if let Some(&n) = content.get(k) {
                    out.push(char::from(n));
                }
            }
            c => out.push(char::from(c)),
        }
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(prefix: &str, any: &[&str]) -> Literals {
        Literals::Needs {
            prefix: prefix.to_owned(),
            any: any.join("\0"),
        }
    }

    fn exact(words: &[&str]) -> Literals {
        Literals::Exact(words.join("\0"))
    }

    #[test]
    fn reads_the_literals() {
        assert_eq!(Literals::of(r"^\*$"), exact(&["*"]));
        assert_eq!(
            Literals::of("^(checkout|restore)$"),
            exact(&["checkout", "restore"])
        );
        assert_eq!(
            Literals::of("^(delete|stop)-"),
            needs("", &["delete", "stop"])
        );
        assert_eq!(
            Literals::of(r"(^|/)\.git/hooks/[^/]+$"),
            needs("", &[".git/hooks/"])
        );
        assert_eq!(
            Literals::of("^of=/dev/(sd|hd|nvme)"),
            needs("of=/dev/", &["of=/dev/"])
        );
        assert_eq!(Literals::of("^ab?c"), needs("a", &["c"]));
        assert_eq!(Literals::of("^a{0,2}bc"), needs("", &["bc"]));
        assert_eq!(Literals::of("^a{2}bc"), needs("a", &["bc"]));
        assert_eq!(
            Literals::of("^(ns|namespace)(/.*)?$"),
            needs("", &["ns", "namespace"])
        );
        assert_eq!(
            Literals::of(r"^kernel\.(sysrq)="),
            needs("kernel.", &["kernel."])
        );
        assert_eq!(Literals::of("^a*"), needs("", &[]));
        assert_eq!(Literals::of("^s3://[^/]+/?$"), needs("s3://", &["s3://"]));
        assert_eq!(Literals::of("(?i)^core$"), needs("", &[]));
        assert_eq!(Literals::of("a|b"), needs("", &[]));
        assert_eq!(Literals::of(r"^0?[2-7][0-7]{3}$"), needs("", &[]));
        assert_eq!(Literals::of(r"system\s*\("), needs("", &["system"]));
        assert_eq!(
            Literals::of(r"^(refs/heads/)?(main|master)$"),
            needs("", &["main", "master"])
        );
    }

    /// Wherever the literals decide, they agree with the regex.
    #[test]
    fn agrees_with_the_regex() {
        let regexes = [
            r"^\*$",
            "^(checkout|restore)$",
            "^(delete|terminate|remove)-",
            r"(^|/)\.git/hooks/[^/]+$",
            r"(^|/)\.[a-z]*_?history$",
            r"^\+([^:]*:)?(refs/heads/)?(main|master)$",
            "^(ns|namespace|namespaces)(/.*)?$",
            r"^[ugoa]*\+[rwxXt]*s",
            r"^of=/dev/(sd|hd|vd|mem$)",
            "^ab?c+d{0,3}e{2}f",
            r"print[^;}\n]*[|>]",
            r"\.rs$",
            "^a(b|c)d$",
        ];
        let texts = [
            "",
            "*",
            "**",
            "checkout",
            "checkouts",
            "restore",
            "delete-x",
            "terminate-",
            "remove",
            "a/.git/hooks/pre-commit",
            ".git/hooks/",
            "x/.bash_history",
            ".history",
            "+main",
            "+a:refs/heads/master",
            "ns",
            "namespaces/x",
            "namespace/",
            "u+s",
            "g+rwxs",
            "of=/dev/sda",
            "of=/dev/mem",
            "of=/dev/memx",
            "acdeef",
            "abccdeeef",
            "aceef",
            "print x > y",
            "main.rs",
            "rs",
            "abd",
            "acd",
            "ad",
        ];
        for src in regexes {
            let re = regex_lite::Regex::new(src).expect("regex compiles");
            let lits = Literals::of(src);
            for t in texts {
                if let Some(answer) = lits.decide(t) {
                    assert_eq!(answer, re.is_match(t), "{src} on {t:?}: {lits:?}");
                }
            }
        }
    }

    /// Every regex of the built-in policy, on every word of the tldr corpus.
    #[test]
    fn agrees_with_every_builtin_regex() {
        fn collect(v: &toml::Value, out: &mut Vec<String>) {
            match v {
                toml::Value::String(s) => {
                    if let Some(re) = s.strip_prefix("re:") {
                        out.push(re.to_owned());
                    }
                }
                toml::Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
                toml::Value::Table(t) => t.values().for_each(|x| collect(x, out)),
                _ => {}
            }
        }
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/policy/builtin");
        let mut regexes = Vec::new();
        for entry in std::fs::read_dir(dir).expect("builtin dir") {
            let path = entry.expect("entry").path();
            let text = std::fs::read_to_string(&path).expect("read");
            let value: toml::Value = toml::from_str(&text).expect("toml");
            collect(&value, &mut regexes);
        }
        regexes.sort();
        regexes.dedup();
        assert!(regexes.len() > 20, "{}", regexes.len());
        let corpus = include_str!("../../tests/data/tldr-commands.txt");
        let mut words: Vec<&str> = corpus
            .split_whitespace()
            .map(|w| w.trim_matches(|c| c == '\'' || c == '"'))
            .collect();
        words.sort_unstable();
        words.dedup();
        let mut decided = 0usize;
        for src in &regexes {
            let re = regex_lite::Regex::new(src).expect("builtin regex compiles");
            let lits = Literals::of(src);
            for w in &words {
                if let Some(answer) = lits.decide(w) {
                    decided += 1;
                    assert_eq!(answer, re.is_match(w), "{src} on {w:?}: {lits:?}");
                }
            }
        }
        assert!(decided > words.len(), "{decided}");
    }
}
