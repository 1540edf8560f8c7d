//! The backslash-escape decoders of bash 5.2, one per context, because each context reads the
//! same text differently:
//!
//! - [`decode_ansi_escape`] (one escape) and `ansi_c` (a whole text, for tests): `$'…'`
//!   (bash's `ansicstr` with its `$'…'` flag): `\x{…}` takes every hex digit up to `}`,
//!   `\NNN` is one to three octal digits, `\cX` is a control character (`\c\\` eats both
//!   backslashes), `\u`/`\U` take four/eight hex digits;
//! - [`echo`]: `echo -e`, `shopt -s xpg_echo` and `printf %b`: octal is `\0` plus up to three
//!   digits, `\1`–`\7` are kept with their backslash, `\c` ends all output, `\x{` is not special,
//!   and `\'`, `\"`, `\?` keep their backslash;
//! - [`printf_format`]: a `printf` format string: `\NNN` is one to three octal digits, `\c` is
//!   kept as text.
//!
//! Each decoder takes the text after quote removal and returns the bytes bash produces, as a
//! `String` in which a byte ≥ 0x80 that escapes produced is U+FFFD (so such a word is never a
//! known name). Multibyte output of `\u` above 0x7f depends on the locale; it is decoded as the
//! character, which is never ASCII either way. Nothing here knows about words or spans.

/// What a decoder made of its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decoded {
    /// The text bash produces.
    pub(crate) text: String,
    /// True when a `\c` ended the output (`echo -e`, `%b`): nothing after it is printed,
    /// not even the newline `echo` would add.
    pub(crate) stopped: bool,
}

/// Which context's rules [`decode_one`] follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    AnsiC,
    Echo,
    PrintfFormat,
}

#[cfg(test)]
/// Decode the inside of `$'…'` as bash 5.2 does. An escaped NUL ends the text (bash's C
/// string ends there); the caller decides what that means for the rest of the word.
pub(crate) fn ansi_c(s: &str) -> Decoded {
    decode(s, Mode::AnsiC)
}

/// Decode an argument of `echo -e` (and of `printf %b`) as bash 5.2 does.
pub(crate) fn echo(s: &str) -> Decoded {
    decode(s, Mode::Echo)
}

/// Decode the escapes of a `printf` format string as bash 5.2 does (conversions such as `%s`
/// are left alone; `%%` is not touched either).
pub(crate) fn printf_format(s: &str) -> Decoded {
    decode(s, Mode::PrintfFormat)
}

fn decode(s: &str, mode: Mode) -> Decoded {
    let mut text = String::new();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if rest.starts_with('\\') {
            let (d, n, stop) = decode_one(rest, mode);
            text.push_str(&d);
            if stop {
                return Decoded {
                    text,
                    stopped: true,
                };
            }
            i += n.max(1);
        } else if let Some(c) = rest.chars().next() {
            text.push(c);
            i += c.len_utf8();
        } else {
            break;
        }
    }
    Decoded {
        text,
        stopped: false,
    }
}

/// Decode one `$'…'` escape at the start of `s` (which begins with a backslash): the decoded
/// text and the number of bytes consumed.
pub(crate) fn decode_ansi_escape(s: &str) -> (String, usize) {
    let (d, n, _) = decode_one(s, Mode::AnsiC);
    (d, n)
}

/// Up to `max` digits of `radix` at the start of `s`: the value (saturating) and the count.
fn digits(s: &str, radix: u32, max: usize) -> (u32, usize) {
    let mut n: u32 = 0;
    let mut count = 0;
    for ch in s.chars().take(max) {
        match ch.to_digit(radix) {
            Some(d) => {
                n = n.saturating_mul(radix).saturating_add(d);
                count += 1;
            }
            None => break,
        }
    }
    (n, count)
}

/// One escape: decoded text, bytes consumed, and whether output stops here (`\c`).
fn decode_one(s: &str, mode: Mode) -> (String, usize, bool) {
    let rest = &s[1..];
    let Some(c) = rest.chars().next() else {
        return ("\\".to_owned(), 1, false);
    };
    let after = &rest[c.len_utf8()..];
    let simple = match c {
        'a' => Some('\x07'),
        'b' => Some('\x08'),
        'e' | 'E' => Some('\x1b'),
        'f' => Some('\x0c'),
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        'v' => Some('\x0b'),
        '\\' => Some('\\'),
        _ => None,
    };
    if let Some(d) = simple {
        return (d.to_string(), 2, false);
    }
    let kept = || (format!("\\{c}"), 1 + c.len_utf8(), false);
    match c {
        '\'' | '"' | '?' => match mode {
            Mode::AnsiC | Mode::PrintfFormat => (c.to_string(), 2, false),
            Mode::Echo => kept(),
        },
        '0'..='7' => {
            let first = c.to_digit(8).unwrap_or(0);
            let more = match mode {
                // echo: `\0` plus up to three digits; `\1`…`\7` are not escapes.
                Mode::Echo if c == '0' => 3,
                Mode::Echo => return kept(),
                Mode::AnsiC | Mode::PrintfFormat => 2,
            };
            let (n, count) = digits(after, 8, more);
            let value = first
                .saturating_mul(8u32.pow(u32::try_from(count).unwrap_or(0)))
                .saturating_add(n);
            (byte_char(value & 0xff).to_string(), 2 + count, false)
        }
        'x' => {
            if mode == Mode::AnsiC && after.starts_with('{') {
                // `\x{…}`: every hex digit up to a non-digit, an optional `}`, the low byte.
                let inner = &after[1..];
                let count = inner.bytes().take_while(u8::is_ascii_hexdigit).count();
                let value = inner[..count].bytes().fold(0u32, |v, b| {
                    (v << 4) | (char::from(b).to_digit(16).unwrap_or(0))
                }) & 0xff;
                let close = usize::from(inner[count..].starts_with('}'));
                return (byte_char(value).to_string(), 3 + count + close, false);
            }
            let (n, count) = digits(after, 16, 2);
            if count == 0 {
                return ("\\x".to_owned(), 2, false);
            }
            (byte_char(n & 0xff).to_string(), 2 + count, false)
        }
        'u' | 'U' => {
            let max = if c == 'u' { 4 } else { 8 };
            let (n, count) = digits(after, 16, max);
            if count == 0 {
                return kept();
            }
            (
                char::from_u32(n).unwrap_or('\u{FFFD}').to_string(),
                2 + count,
                false,
            )
        }
        'c' => match mode {
            Mode::Echo => (String::new(), 2, true),
            Mode::PrintfFormat => kept(),
            Mode::AnsiC => match after.chars().next() {
                None => kept(),
                Some(x) => {
                    // `\c\\` is a control backslash that eats both backslashes (POSIX).
                    let extra = usize::from(x == '\\' && after[1..].starts_with('\\'));
                    let ctl = if x == '?' {
                        '\x7f'
                    } else if x.is_ascii() {
                        char::from(u8::try_from(x.to_ascii_uppercase()).unwrap_or(0) & 0x1f)
                    } else {
                        '\u{FFFD}'
                    };
                    (ctl.to_string(), 2 + x.len_utf8() + extra, false)
                }
            },
        },
        _ => kept(),
    }
}

/// A byte value from an escape: ASCII maps to itself; bytes ≥ 0x80 cannot stand alone in UTF-8,
/// so they become U+FFFD, which makes the word non-ASCII (and so never a known program name).
pub(crate) fn byte_char(n: u32) -> char {
    if n < 0x80 {
        char::from_u32(n).unwrap_or('\u{FFFD}')
    } else {
        '\u{FFFD}'
    }
}

/// Where bash ends a `$'…'` string whose text (after `$'`) is `s`: the index of the closing
/// quote, skipping every backslash and the byte after it. `None` when there is none.
pub(crate) fn ansi_c_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{ansi_c, ansi_c_end, decode_ansi_escape, echo, printf_format};

    /// Expected outputs were taken from bash 5.2.15 (`printf '%s' $'…' | od -c`,
    /// `echo -e '…'`, `printf '…'`).
    #[test]
    fn ansi_c_matches_bash() {
        let cases: &[(&str, &str)] = &[
            (r"\x72", "r"),
            (r"\x7", "\x07"),
            (r"\x{2d}rf", "-rf"),
            (r"\x{0041}Z", "AZ"),
            (r"\x{1234}", "4"),
            (r"\x{3b", ";"),
            (r"\162", "r"),
            (r"\1621", "r1"),
            (r"\u0072", "r"),
            (r"\U00000072", "r"),
            (r"\n", "\n"),
            (r"\'", "'"),
            (r"\?", "?"),
            (r"\cA", "\x01"),
            (r"\c1", "\x11"),
            (r"\c?", "\x7f"),
            (r"\c[", "\x1b"),
            (r"\c\\x", "\x1cx"),
            (r"\E", "\x1b"),
            (r"\q", "\\q"),
            (r"\xZZ", "\\xZZ"),
            (r"\u200b", "\u{200b}"),
            (r"\uZ", "\\uZ"),
        ];
        for (input, want) in cases {
            assert_eq!(ansi_c(input).text, *want, "decoding $'{input}'");
        }
        assert_eq!(decode_ansi_escape(r"\x{2d}rf"), ("-".to_owned(), 6));
        assert_eq!(decode_ansi_escape(r"\0"), ("\0".to_owned(), 2));
    }

    #[test]
    fn echo_matches_bash() {
        let cases: &[(&str, &str, bool)] = &[
            (r"a\0101b", "aAb", false),
            (r"\101", r"\101", false),
            (r"ls\0073rm", "ls;rm", false),
            (r"\x{3b}", r"\x{3b}", false),
            (r"\x3b", ";", false),
            (r#"\'\"\?"#, r#"\'\"\?"#, false),
            (r"ls\c; rm", "ls", true),
            (r"\e", "\x1b", false),
        ];
        for (input, want, stopped) in cases {
            let d = echo(input);
            assert_eq!(
                (&d.text[..], d.stopped),
                (*want, *stopped),
                "echo -e '{input}'"
            );
        }
    }

    #[test]
    fn printf_format_matches_bash() {
        let cases: &[(&str, &str)] = &[
            (r"a\0101b", "a\x081b"),
            (r"\101", "A"),
            (r"\c;d", r"\c;d"),
            (r"\x3b", ";"),
            (r"\'", "'"),
        ];
        for (input, want) in cases {
            assert_eq!(printf_format(input).text, *want, "printf '{input}'");
        }
    }

    #[test]
    fn ansi_c_end_skips_escaped_backslashes() {
        assert_eq!(ansi_c_end(r"\\' rm '"), Some(2));
        assert_eq!(ansi_c_end(r"a\'b'"), Some(4));
        assert_eq!(ansi_c_end(r"abc"), None);
    }
}
