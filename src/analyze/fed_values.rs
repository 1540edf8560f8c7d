//! The values `read` and `mapfile` give variables from input known on the line (a here-string,
//! a heredoc, a static printer's output): `read -r d <<< /`, `IFS=: read a b c <<< 'rm:-rf:/'`,
//! `mapfile -t f <<< /`, `while read d; do …; done <<< /`. For the second reading only (it
//! can only add findings). Only the options that do not change what is read are taken
//! (`-r`, `-s`, `-e`, `-p PROMPT`, `-a NAME`; mapfile's `-t`); any other option, a name
//! known only at run time or input with a backslash read without `-r` gives no values.

/// What a `read` or `mapfile` command assigns from its input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Reader {
    /// The variables, in order (`read a b c`); one for an array.
    pub(crate) names: Vec<String>,
    /// `read -a NAME` or `mapfile NAME`: one array.
    pub(crate) array: bool,
    /// `read -r`; mapfile never reads backslashes.
    pub(crate) raw: bool,
    /// mapfile: one element per line; `trim`: without the newline (`-t`).
    pub(crate) lines: bool,
    pub(crate) trim: bool,
}

/// A variable name (no subscript).
pub(crate) fn is_variable(w: &str) -> bool {
    let mut b = w.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The reader `program` with its words `args` (after the program) is, or `None`.
pub(crate) fn reader(program: &str, args: &[Option<&str>]) -> Option<Reader> {
    let mapfile = match program {
        "read" => false,
        "mapfile" | "readarray" => true,
        _ => return None,
    };
    let mut r = Reader {
        names: Vec::new(),
        array: mapfile,
        raw: mapfile,
        lines: mapfile,
        trim: false,
    };
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let w = (*w)?;
        if w == "--" {
            i += 1;
            break;
        }
        let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) else {
            break;
        };
        let mut chars = letters.chars();
        while let Some(c) = chars.next() {
            match (mapfile, c) {
                (false, 'r') => r.raw = true,
                (false, 's' | 'e') => {}
                (true, 't') => r.trim = true,
                (false, 'p' | 'a') => {
                    // The value: the rest of the word, or the next word.
                    let rest: String = chars.by_ref().collect();
                    let value = if rest.is_empty() {
                        i += 1;
                        (*args.get(i)?)?.to_owned()
                    } else {
                        rest
                    };
                    if c == 'a' {
                        r.array = true;
                        r.names.push(value);
                    }
                }
                _ => return None,
            }
        }
        i += 1;
    }
    let rest: Option<Vec<&str>> = args[i.min(args.len())..].iter().copied().collect();
    let rest = rest?;
    if r.array {
        if !r.names.is_empty() && !rest.is_empty() || rest.len() > 1 {
            return None;
        }
        if let Some(n) = rest.first() {
            r.names.push((*n).to_owned());
        }
        if r.names.is_empty() {
            r.names.push("MAPFILE".to_owned());
        }
    } else if rest.is_empty() {
        r.names.push("REPLY".to_owned());
    } else {
        r.names.extend(rest.iter().map(|n| (*n).to_owned()));
    }
    r.names.iter().all(|n| is_variable(n)).then_some(r)
}

/// The values `reader` assigns from `text` (the whole input): for `read`, the first line
/// split on `ifs` over the names (an array: every field); for mapfile, every line. Values
/// are given as bash assigns them, `None` when this does not know them.
pub(crate) fn values(reader: &Reader, text: &str, ifs: &str) -> Option<Vec<String>> {
    if reader.lines {
        let mut out = Vec::new();
        for line in text.split_inclusive('\n') {
            let v = if reader.trim {
                line.strip_suffix('\n').unwrap_or(line)
            } else {
                line
            };
            out.push(v.to_owned());
        }
        return (out.len() <= 64).then_some(out);
    }
    let line = text.split('\n').next().unwrap_or("");
    fields(line, reader, ifs)
}

/// The lines of `text` a `while read …` loop reads, each with its values (at most `max`).
pub(crate) fn loop_values(
    reader: &Reader,
    text: &str,
    ifs: &str,
    max: usize,
) -> Option<Vec<Vec<String>>> {
    if reader.lines {
        return None;
    }
    // `read` fails on a last line without a newline, but assigns it: the body does not run.
    let lines: Vec<&str> = text
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .collect();
    if lines.len() > max {
        return None;
    }
    lines
        .iter()
        .map(|l| fields(l.strip_suffix('\n').unwrap_or(l), reader, ifs))
        .collect()
}

/// One line split over the names as bash's `read` splits it.
fn fields(line: &str, reader: &Reader, ifs: &str) -> Option<Vec<String>> {
    if !reader.raw && line.contains('\\') {
        return None;
    }
    let white = |c: char| ifs.contains(c) && matches!(c, ' ' | '\t' | '\n');
    let delim = |c: char| ifs.contains(c);
    let n = if reader.array {
        usize::MAX
    } else {
        reader.names.len()
    };
    let mut out = Vec::new();
    let mut rest = line.trim_start_matches(white);
    while out.len() + 1 < n && !rest.is_empty() {
        let (field, after) = split_field(rest, &white, &delim);
        out.push(field.to_owned());
        rest = after;
        if out.len() > 64 {
            return None;
        }
    }
    if reader.array {
        let last = rest.trim_end_matches(white);
        if !last.is_empty() {
            out.push(last.to_owned());
        }
    } else {
        // The last variable: one more field when nothing but its delimiter follows it
        // (`x:` gives `x`), else the rest without its trailing blanks (`x:y:`).
        let (field, after) = split_field(rest, &white, &delim);
        let last = if after.is_empty() {
            field
        } else {
            rest.trim_end_matches(white)
        };
        out.push(last.to_owned());
        out.resize(reader.names.len(), String::new());
    }
    Some(out)
}

/// The field `rest` begins with, and what follows it after the blanks, one delimiter that is
/// not a blank and the blanks after that.
fn split_field<'a>(
    rest: &'a str,
    white: &impl Fn(char) -> bool,
    delim: &impl Fn(char) -> bool,
) -> (&'a str, &'a str) {
    let end = rest.find(delim).unwrap_or(rest.len());
    let mut after = rest[end..].trim_start_matches(white);
    if let Some(c) = after.chars().next()
        && delim(c)
        && !white(c)
    {
        after = after[c.len_utf8()..].trim_start_matches(white);
    }
    (&rest[..end], after)
}

/// The value `printf -v NAME FORMAT ARGS…` gives `NAME`, for a format of text, escapes, `%s`
/// and `%%` only (used again while arguments remain, as bash does); `None` for any other
/// conversion, a `\c` or more than 64 arguments.
pub(crate) fn printf_value(format: &str, args: &[&str]) -> Option<String> {
    let decoded = crate::parse::escapes::printf_format(format);
    if decoded.stopped || args.len() > 64 {
        return None;
    }
    let f = decoded.text;
    let mut out = String::new();
    let mut next = 0;
    loop {
        let mut used = false;
        let mut chars = f.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next()? {
                '%' => out.push('%'),
                's' => {
                    used = true;
                    if let Some(a) = args.get(next) {
                        out.push_str(a);
                    }
                    next += 1;
                }
                _ => return None,
            }
        }
        if !used || next >= args.len() {
            return Some(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(words: &[&str]) -> Option<Reader> {
        let w: Vec<Option<&str>> = words.iter().map(|w| Some(*w)).collect();
        reader("read", &w)
    }

    #[test]
    fn options_and_names() {
        let r = read(&["-r", "d"]).unwrap();
        assert_eq!(r.names, ["d"]);
        assert!(r.raw && !r.array);
        let r = read(&["-rp", "> ", "a", "b"]).unwrap();
        assert_eq!(r.names, ["a", "b"]);
        assert_eq!(read(&[]).unwrap().names, ["REPLY"]);
        let r = read(&["-ra", "x"]).unwrap();
        assert!(r.array);
        assert_eq!(r.names, ["x"]);
        assert!(read(&["-d", "", "x"]).is_none());
        assert!(read(&["-n", "1", "x"]).is_none());
        assert!(read(&["-u", "3", "x"]).is_none());
        assert!(read(&["a[0]"]).is_none());
        assert!(reader("read", &[Some("-r"), None]).is_none());
        let m = reader("mapfile", &[Some("-t"), Some("f")]).unwrap();
        assert!(m.lines && m.trim);
        assert_eq!(m.names, ["f"]);
        assert_eq!(reader("readarray", &[]).unwrap().names, ["MAPFILE"]);
        assert!(reader("mapfile", &[Some("-C"), Some("cb"), Some("f")]).is_none());
    }

    #[test]
    fn values_as_bash_reads_them() {
        let ws = " \t\n";
        let r = read(&["-r", "d"]).unwrap();
        assert_eq!(values(&r, "/\n", ws).unwrap(), ["/"]);
        assert_eq!(values(&r, "  a b  \nc\n", ws).unwrap(), ["a b"]);
        let r = read(&["-r", "a", "b", "c"]).unwrap();
        assert_eq!(values(&r, "rm:-rf:/\n", ":").unwrap(), ["rm", "-rf", "/"]);
        assert_eq!(
            values(&r, "rm -rf / x\n", ws).unwrap(),
            ["rm", "-rf", "/ x"]
        );
        assert_eq!(values(&r, "a\n", ws).unwrap(), ["a", "", ""]);
        assert_eq!(values(&r, "a : b:c\n", ": ").unwrap(), ["a", "b", "c"]);
        assert_eq!(values(&r, "a::c\n", ":").unwrap(), ["a", "", "c"]);
        assert_eq!(values(&r, "x:y:\n", ":").unwrap(), ["x", "y", ""]);
        let one = read(&["-r", "a"]).unwrap();
        assert_eq!(values(&one, "x:\n", ":").unwrap(), ["x"]);
        assert_eq!(values(&one, "x:y:\n", ": ").unwrap(), ["x:y:"]);
        assert_eq!(values(&one, "x::\n", ":").unwrap(), ["x::"]);
        assert_eq!(values(&one, "x : : \n", ":").unwrap(), ["x : : "]);
        assert_eq!(values(&one, "x : \n", ": ").unwrap(), ["x"]);
        let two = read(&["-r", "a", "b"]).unwrap();
        assert_eq!(values(&two, "x:y:\n", ":").unwrap(), ["x", "y"]);
        let arr = read(&["-ra", "v"]).unwrap();
        assert_eq!(values(&arr, "a::b:\n", ":").unwrap(), ["a", "", "b"]);
        let r = read(&["d"]).unwrap();
        assert!(values(&r, "a\\b\n", ws).is_none());
        assert_eq!(values(&r, " a \n", "").unwrap(), [" a "]);
        let r = read(&["-ra", "x"]).unwrap();
        assert_eq!(values(&r, "rm -rf /\n", ws).unwrap(), ["rm", "-rf", "/"]);
        let m = reader("mapfile", &[Some("-t"), Some("f")]).unwrap();
        assert_eq!(values(&m, "/\n~\n", ws).unwrap(), ["/", "~"]);
        let m = reader("mapfile", &[Some("f")]).unwrap();
        assert_eq!(values(&m, "/\n", ws).unwrap(), ["/\n"]);
    }

    #[test]
    fn printf_values() {
        assert_eq!(printf_value("%s", &["sh"]).unwrap(), "sh");
        assert_eq!(printf_value("%s%s", &["r", "m"]).unwrap(), "rm");
        assert_eq!(printf_value("%s/", &["a", "b"]).unwrap(), "a/b/");
        assert_eq!(printf_value("x%%\\x2f", &[]).unwrap(), "x%/");
        assert_eq!(printf_value("%s-%s", &["a"]).unwrap(), "a-");
        assert!(printf_value("%d", &["1"]).is_none());
        assert!(printf_value("%b", &["x"]).is_none());
    }

    #[test]
    fn loop_lines() {
        let r = read(&["-r", "d"]).unwrap();
        assert_eq!(
            loop_values(&r, "/\n~\nlast", " \t\n", 8).unwrap(),
            [vec!["/".to_owned()], vec!["~".to_owned()]]
        );
        assert!(loop_values(&r, "a\nb\nc\n", " ", 2).is_none());
    }
}
