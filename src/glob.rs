//! Globs in policies: token globs in rule arguments (`*-auto-approve*`, `/dev/sd*`) and path
//! globs in `Read(…)`/`Edit(…)` rules and the built-in path lists (`**/.ssh/**`, `**/*.pem`).
//!
//! Matching is the `glob` crate's (`*`, `?`, `[…]`, `[!…]`, `**` as a whole path component);
//! this module adds what policies were written with before: `{a,b}` alternatives (expanded into
//! one pattern each) and backslash escapes (`\*` is a literal star). `*` matches `/` too, as it
//! always has here. It uses no regex engine, so loading and start-up stay cheap.
//!
//! Each pattern keeps its longest literal run (`.ssh/` of `**/.ssh/**`): a text without it
//! cannot match, and most texts are rejected by that one substring search.

use glob::{MatchOptions, Pattern};

use crate::wordlist::Words;

include!("policy/brace_words.rs");

/// How many patterns one glob may expand into (`{a,b}{c,d}` is 4).
const MAX_ALTERNATIVES: usize = 256;

const OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: true,
    require_literal_separator: false,
    require_literal_leading_dot: false,
};

/// A compiled glob: one or more patterns, any of which may match.
#[derive(Debug, Clone)]
pub(crate) struct Glob {
    /// Each pattern with its longest literal run and that run's byte pairs.
    patterns: Vec<(Pattern, String, Pairs)>,
    /// Alternatives without wildcards or escapes (`view` of `{view,show}`): matched by
    /// comparison, without a compiled pattern.
    words: Vec<String>,
}

/// The byte pairs of a text, hashed into 256 bits. A literal with a pair the text lacks is not
/// in the text: a list of a hundred globs is mostly rejected with four `and`s each, before
/// any substring search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Pairs([u64; 4]);

impl Pairs {
    fn of(text: &str) -> Pairs {
        Pairs::of_bytes(text.as_bytes(), 0, text.len())
    }

    /// The pairs of `b[start..end]` (`const`: the built-in glob lists compute theirs at
    /// compile time).
    const fn of_bytes(b: &[u8], start: usize, end: usize) -> Pairs {
        let mut p = [0u64; 4];
        let mut k = start;
        while k + 1 < end {
            let h = (b[k] as u32 * 31 + b[k + 1] as u32) & 255;
            p[(h >> 6) as usize] |= 1 << (h & 63);
            k += 1;
        }
        Pairs(p)
    }

    /// May a text with pairs `self` contain a literal with pairs `lit`?
    fn may_contain(self, lit: Pairs) -> bool {
        self.0.iter().zip(lit.0).all(|(t, l)| t & l == l)
    }
}

impl Glob {
    /// Compile `text`. Errors name what is wrong (an unclosed `[`, `**` inside a component,
    /// too many alternatives).
    pub(crate) fn new(text: &str) -> Result<Glob, String> {
        if let Some(words) = brace_words(text) {
            let words = words.into_iter().map(str::to_owned).collect();
            return Ok(Glob {
                patterns: Vec::new(),
                words,
            });
        }
        let mut patterns = Vec::new();
        let mut words = Vec::new();
        for alt in alternatives(text)? {
            if !alt.contains(['*', '?', '[', ']', '\\']) {
                words.push(alt);
                continue;
            }
            let translated = escapes(&alt);
            let pattern = Pattern::new(&translated).map_err(|e| e.to_string())?;
            let lit = literal_run(&alt);
            let pairs = Pairs::of(&lit);
            patterns.push((pattern, lit, pairs));
        }
        Ok(Glob { patterns, words })
    }

    /// The words this glob matches when it is only alternatives of plain words
    /// (`{view,info,show}`), else `None`.
    pub(crate) fn only_words(&self) -> Option<&[String]> {
        self.patterns.is_empty().then_some(self.words.as_slice())
    }

    /// Does `text` match?
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.words.iter().any(|w| w == text)
            || self
                .patterns
                .iter()
                .any(|(p, lit, _)| text.contains(lit.as_str()) && p.matches_with(text, OPTIONS))
    }

    /// [`Glob::is_match`] with the text's byte pairs computed once for many globs.
    fn is_match_pairs(&self, text: &str, pairs: Pairs) -> bool {
        self.words.iter().any(|w| w == text)
            || self.patterns.iter().any(|(p, lit, lp)| {
                pairs.may_contain(*lp)
                    && text.contains(lit.as_str())
                    && p.matches_with(text, OPTIONS)
            })
    }
}

/// A list of globs tested together (the built-in path lists), compiled lazily: each glob comes
/// with a literal every match of it must contain and that literal's byte pairs, both computed
/// at compile time ([`glob_metas`]), and is compiled the first time a text contains its
/// literal. Compiling the 103 built-in path globs up front cost a hook process 550K
/// instructions (more than the rest of the process), and finding their literals at start-up
/// 47K; most paths (`/tmp/build`) now compile none and the list costs nothing to create.
#[derive(Debug)]
pub(crate) struct GlobList<'a> {
    /// The globs' texts, one string for the list ([`Words`]): a `&[&str]` of the 500 built-in
    /// globs was 500 pointers for the loader to patch at every start.
    texts: Words,
    metas: &'a [GlobMeta],
    cells: &'a [std::sync::OnceLock<Option<Glob>>],
    broken_matches: bool,
}

/// Where a glob's text lies in its list's encoding, where its required literal is in that text,
/// and the literal's byte pairs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GlobMeta {
    text: (usize, usize),
    literal: (usize, usize),
    pairs: Pairs,
}

/// The [`GlobMeta`] of each of `texts`, for a `const`: `N` is `texts.count()` (a shorter `N`
/// fails to compile; [`GlobList::new`] rejects a longer one).
pub(crate) const fn glob_metas<const N: usize>(texts: Words) -> [GlobMeta; N] {
    let mut out = [GlobMeta {
        text: (0, 0),
        literal: (0, 0),
        pairs: Pairs([0; 4]),
    }; N];
    let encoded = texts.encoded();
    let (mut i, mut at) = (0, 0);
    while i < N {
        let len = encoded[at] as usize;
        let (_, rest) = encoded.split_at(at + 1);
        let (b, _) = rest.split_at(len);
        let (start, end) = required_literal(b);
        out[i] = GlobMeta {
            text: (at + 1, at + 1 + len),
            literal: (start, end),
            pairs: Pairs::of_bytes(b, start, end),
        };
        at += 1 + len;
        i += 1;
    }
    out
}

impl<'a> GlobList<'a> {
    /// A list of `texts` with their `metas` ([`glob_metas`]) and one empty cell per glob for
    /// its compiled form. `broken_matches`: what a glob that turns out not to compile counts as
    /// (the test suite compiles every built-in glob; the lists whose match makes a decision
    /// stricter say `true`, so a broken glob never makes one laxer).
    ///
    /// # Panics
    ///
    /// When the three lengths differ: at compile time, for the `static` lists it is meant for.
    pub(crate) const fn new(
        texts: Words,
        metas: &'a [GlobMeta],
        cells: &'a [std::sync::OnceLock<Option<Glob>>],
        broken_matches: bool,
    ) -> GlobList<'a> {
        assert!(texts.count() == metas.len() && texts.count() == cells.len());
        GlobList {
            texts,
            metas,
            cells,
            broken_matches,
        }
    }

    /// Does any glob match `text`?
    pub(crate) fn is_match(&self, text: &str) -> bool {
        let pairs = Pairs::of(text);
        let encoded = self.texts.as_str();
        self.metas.iter().zip(self.cells).any(|(meta, cell)| {
            if !pairs.may_contain(meta.pairs) {
                return false;
            }
            // The offsets were found in this encoding at compile time; should they not fit, the
            // glob counts as broken.
            let glob = encoded.get(meta.text.0..meta.text.1);
            glob.and_then(|g| g.get(meta.literal.0..meta.literal.1))
                .is_none_or(|lit| text.contains(lit))
                && cell
                    .get_or_init(|| glob.and_then(|g| Glob::new(g).ok()))
                    .as_ref()
                    .map_or(self.broken_matches, |c| c.is_match_pairs(text, pairs))
        })
    }

    /// How many globs the list holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.metas.len()
    }
}

/// Where in a glob's text is the longest run of plain characters that every match contains, for
/// [`GlobList`]'s quick rejection before the glob is compiled: outside wildcards, `[…]` classes,
/// `{…}` groups (whose alternatives differ) and escapes, after a leading `**/` (which may match
/// nothing, slash included). Stopping a run early only weakens the rejection, never wrongs it.
/// Every cut is at an ASCII byte, so both ends are character boundaries.
const fn required_literal(b: &[u8]) -> (usize, usize) {
    let skip = if b.len() >= 3 && b[0] == b'*' && b[1] == b'*' && b[2] == b'/' {
        3
    } else {
        0
    };
    let (mut best, mut start, mut k) = ((skip, skip), skip, skip);
    while k < b.len() {
        let c = b[k];
        let cut = matches!(c, b'*' | b'?' | b',' | b'}' | b']' | b'\\' | b'[' | b'{');
        if cut && k - start > best.1 - best.0 {
            best = (start, k);
        }
        if c == b'\\' {
            k += 1;
        } else if c == b'[' || c == b'{' {
            let close = if c == b'[' { b']' } else { b'}' };
            let mut depth = 0usize;
            while k < b.len() {
                if b[k] == b'\\' {
                    k += 1;
                } else if b[k] == c {
                    depth += 1;
                } else if b[k] == close {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                k += 1;
            }
        }
        if cut {
            start = k + 1;
        }
        k += 1;
    }
    if start < b.len() && b.len() - start > best.1 - best.0 {
        best = (start, b.len());
    }
    best
}

/// `{a,b}` alternatives, expanded left to right (nested groups too). A `{` without a closing
/// `}` or without a top-level `,` is literal, as in bash.
fn alternatives(text: &str) -> Result<Vec<String>, String> {
    let mut done = Vec::new();
    let mut todo = vec![text.to_owned()];
    while let Some(t) = todo.pop() {
        match brace_group(&t) {
            None => done.push(t),
            Some((open, close, commas)) => {
                let mut start = open + 1;
                for end in commas.into_iter().chain([close]) {
                    todo.push(format!(
                        "{}{}{}",
                        &t[..open],
                        &t[start..end],
                        &t[close + 1..]
                    ));
                    start = end + 1;
                }
            }
        }
        if done.len() + todo.len() > MAX_ALTERNATIVES {
            return Err(format!(
                "`{text}` expands to more than {MAX_ALTERNATIVES} alternatives"
            ));
        }
    }
    done.reverse();
    Ok(done)
}

/// The first `{…}` group with a top-level comma: its `{`, its `}` and its commas, as byte
/// offsets. Backslash-escaped braces and commas, and those inside `[…]`, do not count.
fn brace_group(t: &str) -> Option<(usize, usize, Vec<usize>)> {
    let b = t.as_bytes();
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 1,
            b'{' => {
                let mut depth = 0;
                let mut commas = Vec::new();
                let mut j = k;
                while j < b.len() {
                    match b[j] {
                        b'\\' => j += 1,
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                if !commas.is_empty() {
                                    return Some((k, j, commas));
                                }
                                break;
                            }
                        }
                        b',' if depth == 1 => commas.push(j),
                        _ => {}
                    }
                    j += 1;
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// Backslash escapes as the `glob` crate spells them: `\*` → `[*]`, `\x` → `x` for an ordinary
/// character.
fn escapes(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(e @ ('*' | '?' | '[' | ']')) => {
                out.push('[');
                out.push(e);
                out.push(']');
            }
            Some(e) => out.push(e),
            None => out.push_str("[\\]"),
        }
    }
    out
}

/// The longest run of characters every match must contain (outside wildcards, classes and
/// escapes), for a quick rejection.
fn literal_run(t: &str) -> String {
    // A leading `**/` may match nothing at all, slash included (`**/.env` matches `.env`).
    let t = t.strip_prefix("**/").unwrap_or(t);
    let mut best = String::new();
    let mut cur = String::new();
    let mut chars = t.chars();
    let flush = |cur: &mut String, best: &mut String| {
        if cur.len() > best.len() {
            *best = std::mem::take(cur);
        } else {
            cur.clear();
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '*' | '?' => flush(&mut cur, &mut best),
            '[' => {
                flush(&mut cur, &mut best);
                for d in chars.by_ref() {
                    if d == ']' {
                        break;
                    }
                }
            }
            '\\' => {
                flush(&mut cur, &mut best);
                chars.next();
            }
            c => cur.push(c),
        }
    }
    flush(&mut cur, &mut best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_in_a_text_has_its_pairs() {
        for (text, lit) in [
            ("/home/u/.ssh/id_rsa", ".ssh/"),
            ("abc", "abc"),
            ("x", "x"),
            ("", ""),
        ] {
            assert!(Pairs::of(text).may_contain(Pairs::of(lit)), "{text} {lit}");
        }
        assert!(!Pairs::of("/tmp/notes.txt").may_contain(Pairs::of(".ssh/")));
    }

    fn m(glob: &str, text: &str) -> bool {
        Glob::new(glob)
            .unwrap_or_else(|e| panic!("{glob}: {e}"))
            .is_match(text)
    }

    #[test]
    fn matches() {
        for (glob, text, want) in [
            ("**/.ssh/**", "/root/.ssh/id_rsa", true),
            ("**/.ssh/**", "/root/.ssh", false),
            ("**/.env", "/work/p/.env", true),
            ("**/.env", "/work/p/.envrc", false),
            ("**/.env", ".env", true),
            ("**/.env.*", "/work/p/.env.local", true),
            ("**/*.pem", "/a/b/c.pem", true),
            ("**/id_rsa*", "/root/.ssh/id_rsa.pub", true),
            ("/etc/sudoers.d/**", "/etc/sudoers.d/a/b", true),
            ("/work/p/**/.env", "/work/p/.env", true),
            ("/work/p/src/*.rs", "/work/p/src/a/b.rs", true),
            ("*-auto-approve*", "-auto-approve", true),
            ("*-auto-approve*", "--auto-approve=true", true),
            ("*://*", "https://x", true),
            ("*://*", "file.txt", false),
            ("/dev/sd*", "/dev/sda1", true),
            ("/dev/sd?", "/dev/sda1", false),
            ("*.{pem,key}", "server.key", true),
            ("*.{pem,key}", "server.crt", false),
            ("{a,b{c,d}}x", "bdx", true),
            ("{a,b{c,d}}x", "bx", false),
            ("-{", "-{", true),
            ("{x}", "{x}", true),
            ("a\\*b", "a*b", true),
            ("a\\*b", "axb", false),
            ("a\\{b,c}", "a{b,c}", true),
            ("[!.]*", "x", true),
            ("[!.]*", ".x", false),
            ("x[", "x[", false),
            ("{view,show}", "view", true),
            ("{view,show}", "vie", false),
            ("{view,show}", "{view,show}", false),
            ("{view,show*}", "showing", true),
            ("pre{a,b}", "preb", true),
            ("{,a}", "", true),
            ("{,a}", "a", true),
        ] {
            if glob == "x[" {
                assert!(Glob::new(glob).is_err(), "{glob}");
                continue;
            }
            assert_eq!(m(glob, text), want, "{glob} ~ {text}");
        }
    }

    #[test]
    fn a_list_of_plain_words_is_matched_by_comparison() {
        assert_eq!(brace_words("{ls,list,ll}"), Some(vec!["ls", "list", "ll"]));
        for text in [
            "ls",
            "{ls}",
            "{,ls}",
            "{ls,l*}",
            "{a,{b,c}}",
            "x{a,b}",
            "{a\\,b}",
        ] {
            assert_eq!(brace_words(text), None, "{text}");
        }
        let g = Glob::new("{ls,list}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            g.only_words(),
            Some(&["ls".to_owned(), "list".to_owned()][..])
        );
        // Alternatives with no wildcard after expansion are words too; one with a wildcard
        // makes the glob more than a word list.
        let g = Glob::new("pre{a,b}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            g.only_words(),
            Some(&["prea".to_owned(), "preb".to_owned()][..])
        );
        let g = Glob::new("{a,b*}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.only_words(), None);
    }

    #[test]
    fn alternatives_are_bounded() {
        let many = "{a,b}".repeat(9);
        assert!(Glob::new(&many).is_err());
        assert_eq!(alternatives("{a,b}{c,d}").map(|v| v.len()), Ok(4));
    }

    #[test]
    fn a_required_literal_is_in_every_match() {
        for (glob, lit) in [
            ("**/.ssh/**", ".ssh/"),
            ("**/.{bash,zsh}rc", "rc"),
            ("/etc/sudoers.d/**", "/etc/sudoers.d/"),
            ("**/*.pem", ".pem"),
            ("[abc]xy*", "xy"),
            ("a\\*bc", "bc"),
            ("*", ""),
            ("{a,b}", ""),
            ("x[", "x"),
        ] {
            let (start, end) = required_literal(glob.as_bytes());
            assert_eq!(&glob[start..end], lit, "{glob}");
        }
        // Each alternative of each expanded glob contains its list literal.
        for glob in [
            "**/.{bash,zsh}rc",
            "~/.{aws,azure}/**",
            "/etc/{passwd,group}",
        ] {
            let (start, end) = required_literal(glob.as_bytes());
            let lit = &glob[start..end];
            for alt in alternatives(glob).unwrap_or_default() {
                assert!(alt.contains(lit), "{glob}: {alt} lacks {lit}");
            }
        }
    }

    #[test]
    fn a_lazy_list_matches_as_its_globs_do_and_a_broken_glob_as_told() {
        fn list<const N: usize>(texts: Words, broken: bool, text: &str) -> bool {
            let metas: [GlobMeta; N] = glob_metas(texts);
            let cells = [const { std::sync::OnceLock::new() }; N];
            GlobList::new(texts, &metas, &cells, broken).is_match(text)
        }
        use crate::wordlist::words;
        let globs = words!["**/.ssh/**", "**/*.{pem,key}", "/etc/passwd"];
        for (text, want) in [
            ("/root/.ssh/id_rsa", true),
            ("/a/b.key", true),
            ("/etc/passwd", true),
            ("/tmp/build", false),
            ("/etc/passwd.bak", false),
        ] {
            assert_eq!(list::<3>(globs, false, text), want, "{text}");
        }
        // A glob that does not compile counts as told, once its literal is in the text.
        let broken = words!["x["];
        assert!(list::<1>(broken, true, "x["));
        assert!(!list::<1>(broken, false, "x["));
        assert!(!list::<1>(broken, true, "y"));
        // Metas of a list whose words are of several lengths point at each word.
        let metas: [GlobMeta; 3] = glob_metas(globs);
        let text = globs.as_str();
        let found: Vec<&str> = metas.iter().map(|m| &text[m.text.0..m.text.1]).collect();
        assert_eq!(found, globs.iter().collect::<Vec<_>>());
    }

    #[test]
    fn literal_runs() {
        assert_eq!(literal_run("**/.ssh/**"), ".ssh/");
        assert_eq!(literal_run("**/.env"), ".env");
        assert_eq!(literal_run("**/*.pem"), ".pem");
        assert_eq!(literal_run("[abc]x*"), "x");
        assert_eq!(literal_run("*"), "");
    }
}
