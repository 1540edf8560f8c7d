//! [`Words`]: a fixed list of words stored as one string, for the static tables of options,
//! variables, paths and code markers the analyzer and the checks read; [`Letters`]: a set of
//! option letters stored as a bit mask.
//!
//! Why not `&[&str]`: the release binary is position-independent, so every `&'static str`
//! stored in a table is a pointer the dynamic loader patches when the process starts (about 13
//! instructions each, and a dirtied page); a 1,000-entry `&[&str]` table measured 13.3K more
//! instructions at start-up. A [`Words`] is one pointer however many words it holds (none at
//! all when it is a `const` used in code rather than a field of a `static`), for a process
//! (`shclass hook`) that starts once per agent command.
//!
//! Each word is stored after a byte holding its length (words are shorter than 128 bytes, so
//! the byte is ASCII and the whole is a `str`); the `words!` macro builds the encoding at
//! compile time from the literal words. A lookup walks the list comparing lengths first. That
//! is right for a wrapper's options or a list scanned for substrings, not for a set tested on
//! every unit (program names: `is_shell`, `is_interpreter`…): LLVM turns a `contains` over a
//! constant `&[&str]` into a switch on the length, which a walk cannot match (such sets as
//! `Words` made the batch run 9% slower). Those are `matches!` on the literals instead, which
//! compiles to the same switch and needs no table at all.

use std::fmt;

/// A fixed list of words stored as one string: build it with `words!`, look words up with
/// [`Words::contains`], walk it with [`Words::iter`]. Order is kept; duplicates are allowed.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Words(&'static str);

impl Words {
    /// The empty list.
    pub(crate) const EMPTY: Words = Words("");

    /// The words, each preceded by a byte holding its length, from `joined`: each word followed
    /// by a NUL, as `concat!` builds it in [`words!`].
    ///
    /// # Panics
    ///
    /// On a word of 128 bytes or more, or when `joined` does not end in NUL (at compile time,
    /// in a constant).
    pub(crate) const fn encode<const N: usize>(joined: &str) -> [u8; N] {
        let bytes = joined.as_bytes();
        assert!(bytes.len() == N, "length mismatch");
        let mut out = [0u8; N];
        let mut start = 0;
        let mut i = 0;
        while i < N {
            if bytes[i] == 0 {
                let len = i - start;
                assert!(len < 128, "a word of 128 bytes or more");
                out[start] = len as u8;
                let mut j = start;
                while j < i {
                    out[j + 1] = bytes[j];
                    j += 1;
                }
                start = i + 1;
            }
            i += 1;
        }
        assert!(start == N, "the last word is not followed by NUL");
        out
    }

    /// The list over `encoded`, the output of [`Words::encode`].
    ///
    /// # Panics
    ///
    /// When `encoded` is not UTF-8 (at compile time, in a constant).
    pub(crate) const fn from_encoded(encoded: &'static [u8]) -> Words {
        match std::str::from_utf8(encoded) {
            Ok(s) => Words(s),
            Err(_) => panic!("a word is not UTF-8"),
        }
    }

    /// The encoding: each word after a byte holding its length.
    pub(crate) const fn encoded(self) -> &'static [u8] {
        self.0.as_bytes()
    }

    /// The encoding as text (the length bytes are ASCII).
    pub(crate) fn as_str(self) -> &'static str {
        self.0
    }

    /// How many words the list holds, for a `const` array sized to it.
    pub(crate) const fn count(self) -> usize {
        let b = self.0.as_bytes();
        let (mut n, mut at) = (0, 0);
        while at < b.len() {
            at += 1 + b[at] as usize;
            n += 1;
        }
        n
    }

    /// The words, in order.
    pub(crate) fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// True when `word` is one of the words.
    pub(crate) fn contains(self, word: &str) -> bool {
        // Bytes, not `iter()`: no character-boundary checks on this hot path.
        let word = word.as_bytes();
        let mut rest = self.0.as_bytes();
        while let Some((&len, tail)) = rest.split_first() {
            let Some((w, after)) = tail.split_at_checked(usize::from(len)) else {
                return false;
            };
            if w == word {
                return true;
            }
            rest = after;
        }
        false
    }

    /// The first word.
    #[cfg(test)]
    pub(crate) fn first(self) -> Option<&'static str> {
        self.iter().next()
    }

    /// True when the list holds no word.
    pub(crate) fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// How many words the list holds.
    #[cfg(test)]
    pub(crate) fn len(self) -> usize {
        self.count()
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl IntoIterator for Words {
    type Item = &'static str;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// The words of a [`Words`], in order.
#[derive(Debug, Clone)]
pub(crate) struct Iter(&'static str);

impl Iterator for Iter {
    type Item = &'static str;

    fn next(&mut self) -> Option<&'static str> {
        let len = usize::from(*self.0.as_bytes().first()?);
        // The length byte is ASCII, and the encoding ends after a whole word: both splits are
        // on character boundaries. Should they not be, the iteration ends.
        let Some((word, rest)) = self.0.get(1..).and_then(|s| s.split_at_checked(len)) else {
            self.0 = "";
            return None;
        };
        self.0 = rest;
        Some(word)
    }
}

impl std::iter::FusedIterator for Iter {}

/// A set of ASCII characters as one 128-bit mask, with no pointer at all: the letters of the
/// short options of a table entry that take a value (`short_value: Letters::of("sk")`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Letters(u128);

impl Letters {
    /// The empty set.
    pub(crate) const EMPTY: Letters = Letters(0);

    /// The characters of `chars`.
    ///
    /// # Panics
    ///
    /// On a character that is not ASCII (at compile time, in a constant).
    pub(crate) const fn of(chars: &str) -> Letters {
        let bytes = chars.as_bytes();
        let mut mask = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            assert!(bytes[i].is_ascii(), "not an ASCII character");
            mask |= 1 << bytes[i];
            i += 1;
        }
        Letters(mask)
    }

    /// True when `c` is in the set.
    pub(crate) fn contains(self, c: char) -> bool {
        let c = u32::from(c);
        c < 128 && (self.0 >> c) & 1 == 1
    }

    /// The characters, in ASCII order.
    pub(crate) fn chars(self) -> impl Iterator<Item = char> {
        (0u8..128)
            .filter(move |&b| (self.0 >> b) & 1 == 1)
            .map(char::from)
    }

    /// True when the set is empty.
    #[cfg(test)]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.chars().collect::<String>())
    }
}

/// A [`Words`] of the given string literals, a constant: `words!["-c", "--command"]`.
macro_rules! words {
    () => {
        $crate::wordlist::Words::EMPTY
    };
    ($($word:literal),+ $(,)?) => {{
        const JOINED: &str = concat!($($word, "\0"),+);
        const ENCODED: [u8; JOINED.len()] = $crate::wordlist::Words::encode(JOINED);
        const WORDS: $crate::wordlist::Words = $crate::wordlist::Words::from_encoded(&ENCODED);
        WORDS
    }};
}
pub(crate) use words;

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: Words = words!["-c", "--command", "", "é", "-c"];
    static IN_STATIC: [Words; 2] = [words!["a"], words![]];

    #[test]
    fn iterates_in_order() {
        assert_eq!(
            TABLE.iter().collect::<Vec<_>>(),
            ["-c", "--command", "", "é", "-c"]
        );
        assert_eq!(TABLE.len(), 5);
        assert_eq!(IN_STATIC[0].iter().collect::<Vec<_>>(), ["a"]);
        assert_eq!(IN_STATIC[1].iter().count(), 0);
        assert_eq!(TABLE.first(), Some("-c"));
        assert_eq!(Words::EMPTY.first(), None);
        assert_eq!(
            format!("{TABLE:?}"),
            r#"["-c", "--command", "", "é", "-c"]"#
        );
    }

    #[test]
    fn contains_whole_words_only() {
        let table: &[(&str, bool)] = &[
            ("-c", true),
            ("--command", true),
            ("", true),
            ("é", true),
            ("-", false),
            ("--comman", false),
            ("--commandx", false),
            ("c", false),
            ("-c\0--command", false),
            ("\u{2}-c", false),
        ];
        for &(word, want) in table {
            assert_eq!(TABLE.contains(word), want, "{word:?}");
        }
        assert!(!words!["a"].contains(""));
    }

    #[test]
    fn empty() {
        assert!(Words::EMPTY.is_empty());
        assert!(words![].is_empty());
        assert!(!Words::EMPTY.contains(""));
        assert!(!words![""].is_empty());
        assert_eq!(words!["x"], words!["x",]);
    }

    #[test]
    fn letters() {
        const SET: Letters = Letters::of("sk-~\0");
        for c in ['s', 'k', '-', '~', '\0'] {
            assert!(SET.contains(c), "{c:?}");
        }
        for c in ['S', 'a', '\u{7f}', '\u{80}', '\u{100}', '\u{1000}', 'é'] {
            assert!(!SET.contains(c), "{c:?}");
        }
        assert_eq!(SET.chars().collect::<String>(), "\0-ks~");
        assert_eq!(format!("{SET:?}"), r#""\0-ks~""#);
        assert!(Letters::EMPTY.is_empty() && Letters::of("").is_empty() && !SET.is_empty());
        assert!(!Letters::EMPTY.contains('a'));
    }

    #[test]
    fn longest_word() {
        const LONG: &str = "0123456789012345678901234567890123456789012345678901234567890123\
                            456789012345678901234567890123456789012345678901234567890123456";
        assert_eq!(LONG.len(), 127);
        let w = words![
            "0123456789012345678901234567890123456789012345678901234567890123\
             456789012345678901234567890123456789012345678901234567890123456",
            "x",
        ];
        assert_eq!(w.iter().collect::<Vec<_>>(), [LONG, "x"]);
    }
}
