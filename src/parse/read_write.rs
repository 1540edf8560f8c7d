//! `N<> FILE`: bash opens FILE for reading and writing on descriptor N (standard input when
//! no N is written), creating it when it is missing and truncating nothing. tree-sitter-bash
//! has no such operator and reads a syntax error. The line is read again with each one
//! respelled `N>> FILE N< FILE`: a write that truncates nothing and creates the file, then the
//! same descriptor opened for reading, so the analysis sees both what is written there
//! (`echo x 1<> /dev/sda` writes the disk, `exec 3<> /dev/tcp/h/80` opens a connection) and
//! what is read from it (`cat <> ~/.ssh/id_rsa` prints the key, `sh <> x.sh` runs the file).
//! The bytes of the respelled redirect map back to the operator and to the target word. A line
//! read this way is never allowed (the caller adds an issue): the descriptor is one open file
//! in bash, two here.
//!
//! Only plain targets are respelled (literal text, quotes, `$NAME`): a target holding a
//! substitution (`<> $(cmd)`, `<> <(cmd)`), a descriptor named by a variable (`{fd}<> f`) or
//! an operator run together with another (`<<>`, `<>>`) leaves the line as the grammar read it,
//! a syntax error.

use super::respell::is_meta;

/// The text with every `<>` respelled, and for each of its bytes the range of `src` it stands
/// for; `None` when `src` has no `<>` outside quotes or one cannot be respelled.
pub(super) fn as_read_and_write(src: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if !src.contains("<>") {
        return None;
    }
    let b = src.as_bytes();
    // (start, end, replacement with the range of `src` each of its bytes stands for), in
    // text order.
    let mut edits: Vec<(usize, usize, Piece)> = Vec::new();
    let mut i = 0;
    let mut word_start = true;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                i += 2;
                word_start = false;
            }
            b'\'' => {
                i = b[i + 1..].iter().position(|&c| c == b'\'')? + i + 2;
                word_start = false;
            }
            b'"' => {
                i = closing_double_quote(b, i + 1)? + 1;
                word_start = false;
            }
            b'#' if word_start => {
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |k| i + k);
            }
            b'<' if b.get(i + 1) == Some(&b'>') => {
                if i > 0 && matches!(b[i - 1], b'<' | b'>' | b'&' | b'}')
                    || matches!(b.get(i + 2), Some(b'>' | b'<' | b'&' | b'('))
                {
                    return None;
                }
                // The descriptor: digits that begin a word right before the operator.
                let digits = b[..i]
                    .iter()
                    .rev()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let begins = i - digits == 0 || is_meta(b[i - digits - 1]);
                let mut ws = i + 2;
                while matches!(b.get(ws), Some(b' ' | b'\t')) {
                    ws += 1;
                }
                let we = word_end(b, ws)?;
                if we == ws {
                    return None;
                }
                // The write: `N>>` (`0>>` for standard input), the descriptor glued to the
                // operator in the map too.
                let mut write = Piece::default();
                let fd: Vec<(u8, (usize, usize))> = if digits > 0 && begins {
                    (i - digits..i).map(|k| (b[k], (k, k + 1))).collect()
                } else {
                    write.push(b" 0", (i, i));
                    vec![(b'0', (i, i))]
                };
                write.push(b">>", (i, i + 2));
                edits.push((i, i + 2, write));
                // The read: the target word, then ` N<TARGET`.
                let mut read = Piece::default();
                for (k, c) in b.iter().enumerate().take(we).skip(ws) {
                    read.push(&[*c], (k, k + 1));
                }
                read.push(b" ", (we, we));
                for (c, at) in fd {
                    read.push(&[c], at);
                }
                read.push(b"<", (i, i + 1));
                for (k, c) in b.iter().enumerate().take(we).skip(ws) {
                    read.push(&[*c], (k, k + 1));
                }
                debug_assert_eq!(read.text.len(), read.origin.len());
                edits.push((ws, we, read));
                i = we;
                word_start = false;
            }
            c => {
                word_start = is_meta(c);
                i += 1;
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    let mut text: Vec<u8> = Vec::with_capacity(src.len() + 16 * edits.len());
    let mut origin = Vec::with_capacity(text.capacity());
    let mut pos = 0;
    for (start, end, piece) in edits {
        text.extend_from_slice(b.get(pos..start)?);
        origin.extend((pos..start).map(|k| (k, k + 1)));
        text.extend_from_slice(&piece.text);
        origin.extend(piece.origin);
        pos = end;
    }
    text.extend_from_slice(b.get(pos..)?);
    origin.extend((pos..src.len()).map(|k| (k, k + 1)));
    // Every edit begins and ends at an ASCII byte, or copies whole words.
    Some((String::from_utf8(text).ok()?, origin))
}

/// Bytes of a respelling, each with the range of the input it stands for.
#[derive(Default)]
struct Piece {
    text: Vec<u8>,
    origin: Vec<(usize, usize)>,
}

impl Piece {
    fn push(&mut self, bytes: &[u8], from: (usize, usize)) {
        self.text.extend_from_slice(bytes);
        self.origin.extend(std::iter::repeat_n(from, bytes.len()));
    }
}

/// The offset of the `"` that closes a double-quoted string whose text begins at `from`;
/// `None` when it holds a substitution (`$(…)`, `` `…` ``) or does not close.
fn closing_double_quote(b: &[u8], from: usize) -> Option<usize> {
    let mut k = from;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'"' => return Some(k),
            b'`' => return None,
            b'$' if b.get(k + 1) == Some(&b'(') => return None,
            _ => k += 1,
        }
    }
    None
}

/// The end of the plain word that begins at `from`: literal bytes, quotes, escapes and
/// parameters; `None` when it holds a substitution or a quote does not close.
fn word_end(b: &[u8], from: usize) -> Option<usize> {
    let mut k = from;
    while k < b.len() && !is_meta(b[k]) {
        match b[k] {
            b'\\' => k += 2,
            b'\'' => k = b[k + 1..].iter().position(|&c| c == b'\'')? + k + 2,
            b'"' => k = closing_double_quote(b, k + 1)? + 1,
            b'`' => return None,
            b'$' if b.get(k + 1) == Some(&b'(') => return None,
            _ => k += 1,
        }
    }
    Some(k.min(b.len()))
}

#[cfg(test)]
mod tests {
    use super::as_read_and_write;

    fn respelled(src: &str) -> Option<String> {
        as_read_and_write(src).map(|(text, origin)| {
            assert_eq!(text.len(), origin.len());
            text
        })
    }

    #[test]
    fn respellings() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "echo x 1<> /dev/sda",
                Some("echo x 1>> /dev/sda 1</dev/sda"),
            ),
            (
                "cat <> ~/.ssh/id_rsa",
                Some("cat  0>> ~/.ssh/id_rsa 0<~/.ssh/id_rsa"),
            ),
            (
                "exec 3<>/dev/tcp/h/80",
                Some("exec 3>>/dev/tcp/h/80 3</dev/tcp/h/80"),
            ),
            ("cat<>'a b'", Some("cat 0>>'a b' 0<'a b'")),
            ("echo a1<>f", Some("echo a1 0>>f 0<f")),
            // Quoted, escaped or commented: no operator.
            ("echo '<>' \"<>\" \\<>", None),
            ("echo x # <> f", None),
            // Targets and descriptors left as the grammar reads them.
            ("cat <> $(f)", None),
            ("cat <> <(f)", None),
            ("exec {fd}<> f", None),
            ("cat <<> f", None),
            ("cat <>", None),
            ("echo ok", None),
        ];
        for (src, want) in cases {
            assert_eq!(respelled(src).as_deref(), *want, "{src}");
        }
    }
}
