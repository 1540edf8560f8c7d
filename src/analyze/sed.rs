//! Reading sed scripts: which of their commands run a command, write a file or read one.
//!
//! GNU sed and BSD sed compile the whole script before they read any input, so a script either
//! of them rejects runs nothing; the reader follows their grammar closely enough to know where
//! each command starts (addresses, `!`, `{…}`, labels, `a`/`i`/`c` text, `s` and `y` with any
//! delimiter, `\cREGEXc` addresses) and stops at the first error. A script is read three times,
//! as the seds differ: older GNU seds end a regex at the first unescaped delimiter, GNU sed 4.9
//! and BSD sed not inside a bracket expression (`s/[/]/X/w out` has a `w` flag for them, none
//! for the older ones); GNU ends a label at a blank or `;` and reads on (`b x w out` writes),
//! BSD at the end of the line. The effects of all readings are reported.
//! `scripts/sed-differential.py` compares the reader with GNU sed's `--sandbox` mode on random
//! scripts.
//!
//! Known gaps: the text is read as one `-e` piece; GNU joins `a\` text across `-e` pieces, so a
//! piece that ends inside a command is reported as `opaque` rather than followed into the next.

/// What a command of a sed script does beyond printing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SedEffect<'a> {
    /// `e COMMAND` runs COMMAND; `e` alone runs the pattern space (`None`).
    Exec(Option<&'a str>),
    /// `s/…/REPLACEMENT/e`: the pattern space after the substitution runs as a command; the
    /// replacement as written (escapes kept).
    SubstExec(&'a str),
    /// `w FILE`, `W FILE`, `s///w FILE`.
    Write(&'a str),
    /// `r FILE`, `R FILE`.
    Read(&'a str),
}

/// The effects of a sed script, in order of appearance (both readings merged).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct SedScript<'a> {
    /// What the commands do, in order.
    pub effects: Vec<SedEffect<'a>>,
    /// The reader could not see through the text: it ends inside a command a following `-e`
    /// piece could continue (after a backslash, or right after `s`), or it uses a non-ASCII
    /// delimiter.
    pub opaque: bool,
}

impl SedScript<'_> {
    /// Does the script run a command or write a file, or could it (opaque)?
    pub(crate) fn runs_or_writes(&self) -> bool {
        self.opaque
            || self
                .effects
                .iter()
                .any(|e| !matches!(e, SedEffect::Read(_)))
    }
}

/// The script GNU sed runs for these arguments: every `-e`/`--expression` value (attached to its
/// letter inside a bundle, `-ne 's/…/w x'`, `-ee`; or the next word; or `--expression=`, any unique
/// prefix of it), else the first operand. `None` with a script file (`-f`, `--file`), which is code
/// nobody read. GNU sed permutes, so options after operands count; `--` ends the options.
pub(crate) fn script_of(words: &[&str]) -> Option<String> {
    script_with_stdin(words, &|_| false, None)
}

/// [`script_of`], where a script file that `is_stdin` names (`-f -`, `-f /dev/stdin`) is the
/// text fed to sed's standard input, when it is known (`sed -f - FILE <<< 'SCRIPT'`). Any other
/// script file, or a fed text not known, leaves the script unread (`None`).
pub(crate) fn script_with_stdin(
    words: &[&str],
    is_stdin: &dyn Fn(&str) -> bool,
    stdin: Option<&str>,
) -> Option<String> {
    let from_file = |file: &str| {
        if is_stdin(file) {
            stdin.map(str::to_owned)
        } else {
            None
        }
    };
    invocation(words, &from_file).map(|(script, _)| script)
}

/// [`script_of`], where `file_text` gives the text of a script file (`-f FILE`, `--file=FILE`)
/// when it is known: standard input fed known text, a file the line wrote, a process
/// substitution. A script file it does not know leaves the script unread (`None`).
pub(crate) fn script_with_files(
    words: &[&str],
    file_text: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    invocation(words, file_text).map(|(script, _)| script)
}

/// Does sed read its input lines from standard input: no input file, or `-` among them (`sed e
/// <<< TEXT`, `echo TEXT | sed -n e`)? False when the words name no script.
pub(crate) fn input_from_stdin(words: &[&str], is_stdin: &dyn Fn(&str) -> bool) -> bool {
    // The input files do not depend on the script's text.
    invocation(words, &|_| Some(String::new())).is_some_and(|(_, files)| {
        files.is_empty() || files.iter().any(|f| *f == "-" || is_stdin(f))
    })
}

/// The script (as [`script_with_stdin`]) and the input files of one sed invocation.
fn invocation<'w>(
    words: &[&'w str],
    from_file: &dyn Fn(&str) -> Option<String>,
) -> Option<(String, Vec<&'w str>)> {
    let mut parts = Vec::new();
    let mut operands: Vec<&'w str> = Vec::new();
    let mut next = 0;
    let mut options_end = false;
    while next < words.len() {
        let word = words[next];
        next += 1;
        if options_end || word == "-" || !word.starts_with('-') {
            operands.push(word);
            continue;
        }
        if word == "--" {
            options_end = true;
            continue;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = long
                .split_once('=')
                .map_or((long, None), |(name, value)| (name, Some(value)));
            let prefix_of = |full: &str| !name.is_empty() && full.starts_with(name);
            if prefix_of("expression") {
                if let Some(value) = value {
                    parts.push(value.to_owned());
                } else {
                    parts.push(words.get(next).copied().unwrap_or_default().to_owned());
                    next += 1;
                }
            } else if prefix_of("file") {
                let file = if let Some(value) = value {
                    value
                } else {
                    next += 1;
                    words.get(next - 1).copied().unwrap_or_default()
                };
                parts.push(from_file(file)?);
            } else if prefix_of("line-length") && value.is_none() {
                next += 1;
            }
            continue;
        }
        // A bundle of short options: `e`, `f` and `l` take the rest of the word or the next word;
        // `i` (and BSD `I`) take only an attached suffix.
        for (at, letter) in word.char_indices().skip(1) {
            let rest = &word[at + letter.len_utf8()..];
            match letter {
                'e' | 'f' | 'l' => {
                    let value = if rest.is_empty() {
                        next += 1;
                        words.get(next - 1).copied().unwrap_or_default()
                    } else {
                        rest
                    };
                    match letter {
                        'e' => parts.push(value.to_owned()),
                        'f' => parts.push(from_file(value)?),
                        _ => {}
                    }
                    break;
                }
                'i' | 'I' => break,
                _ => {}
            }
        }
    }
    if parts.is_empty() {
        let (script, files) = operands.split_first()?;
        Some(((*script).to_owned(), files.to_vec()))
    } else {
        Some((parts.join("\n"), operands))
    }
}

/// Read a sed script (one `-e` piece, a script operand, or several pieces joined by newlines).
pub(crate) fn read(script: &str) -> SedScript<'_> {
    let mut out = SedScript::default();
    // Older GNU seds, GNU sed 4.9, BSD sed.
    for (brackets, posix_labels) in [(false, false), (true, false), (true, true)] {
        let mut r = Reader {
            text: script,
            s: script.as_bytes(),
            i: 0,
            brackets,
            posix_labels,
            out: &mut out,
        };
        r.commands();
    }
    let mut seen = Vec::with_capacity(out.effects.len());
    for e in std::mem::take(&mut out.effects) {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    out.effects = seen;
    out
}

struct Reader<'a, 'o> {
    text: &'a str,
    s: &'a [u8],
    i: usize,
    /// A delimiter inside `[…]` in a regex is literal.
    brackets: bool,
    /// A label runs to the end of the line.
    posix_labels: bool,
    out: &'o mut SedScript<'a>,
}

/// The reader stopped: the script has an error sed would reject (or the reader saw enough).
struct Stop;

impl<'a> Reader<'a, '_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.i += 1;
        Some(b)
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.i += 1;
        }
    }

    fn skip_digits(&mut self) -> bool {
        let start = self.i;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.i += 1;
        }
        self.i > start
    }

    fn commands(&mut self) {
        while self.command().is_ok() {}
    }

    /// One command with its addresses; `Err` at the end of the script or at an error.
    fn command(&mut self) -> Result<(), Stop> {
        while matches!(
            self.peek(),
            Some(b' ' | b'\t' | b'\r' | b'\n' | b';' | 0x0b | 0x0c)
        ) {
            self.i += 1;
        }
        if self.peek().is_none() {
            return Err(Stop);
        }
        if self.address()? {
            self.skip_blanks();
            if self.peek() == Some(b',') {
                self.i += 1;
                self.skip_blanks();
                if matches!(self.peek(), Some(b'+' | b'~')) {
                    self.i += 1;
                    if !self.skip_digits() {
                        return Err(Stop);
                    }
                } else if !self.address()? {
                    return Err(Stop);
                }
            }
        }
        self.skip_blanks();
        while self.peek() == Some(b'!') {
            self.i += 1;
            self.skip_blanks();
        }
        let Some(c) = self.next() else {
            return Err(Stop);
        };
        match c {
            b'{' => Ok(()),
            b'}' | b'=' | b'd' | b'D' | b'g' | b'G' | b'h' | b'H' | b'n' | b'N' | b'p' | b'P'
            | b'x' | b'z' | b'F' => self.end_of_command(),
            b'l' | b'L' | b'q' | b'Q' => {
                self.skip_blanks();
                self.skip_digits();
                self.end_of_command()
            }
            b'#' => {
                self.rest_of_line();
                Ok(())
            }
            // Labels (and `v`'s version): GNU ends them at a blank, `;` or `}`, and the next
            // command may follow; POSIX (BSD sed) at the end of the line.
            b':' | b'b' | b't' | b'T' | b'v' => {
                self.skip_blanks();
                while !matches!(self.peek(), None | Some(b'\n')) {
                    if !self.posix_labels && matches!(self.peek(), Some(b' ' | b'\t' | b';' | b'}'))
                    {
                        break;
                    }
                    self.i += 1;
                }
                Ok(())
            }
            b'a' | b'i' | b'c' => self.text(),
            b'r' | b'R' => {
                let f = self.rest_of_line();
                self.out.effects.push(SedEffect::Read(f));
                Ok(())
            }
            b'w' | b'W' => {
                let f = self.rest_of_line();
                self.out.effects.push(SedEffect::Write(f));
                Ok(())
            }
            b'e' => {
                let cmd = self.rest_of_line();
                self.out
                    .effects
                    .push(SedEffect::Exec((!cmd.is_empty()).then_some(cmd)));
                Ok(())
            }
            b's' => self.substitute(),
            b'y' => {
                let d = self.delimiter()?;
                self.delimited(d, false)?;
                self.delimited(d, false)?;
                self.end_of_command()
            }
            // An unknown command: sed rejects the whole script.
            _ => Err(Stop),
        }
    }

    /// An address, if one starts here (`Ok(false)` when none does).
    fn address(&mut self) -> Result<bool, Stop> {
        match self.peek() {
            Some(b) if b.is_ascii_digit() => {
                self.skip_digits();
                if self.peek() == Some(b'~') {
                    self.i += 1;
                    self.skip_digits();
                }
            }
            Some(b'$') => self.i += 1,
            // GNU reads `+N` and `~N` (N may be missing) as a first address too.
            Some(b'+' | b'~') => {
                self.i += 1;
                self.skip_digits();
            }
            Some(b'/') => {
                self.i += 1;
                self.delimited(b'/', true)?;
                self.regex_flags();
            }
            Some(b'\\') => {
                self.i += 1;
                let d = self.delimiter()?;
                self.delimited(d, true)?;
                self.regex_flags();
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn regex_flags(&mut self) {
        while matches!(self.peek(), Some(b'I' | b'M')) {
            self.i += 1;
        }
    }

    /// The delimiter of `s`, `y` or `\cREGEXc`.
    fn delimiter(&mut self) -> Result<u8, Stop> {
        match self.next() {
            None => {
                // `-e 's' -e '…'`: whatever follows is not in this text.
                self.out.opaque = true;
                Err(Stop)
            }
            Some(b'\n' | b'\\') => Err(Stop),
            Some(d) if !d.is_ascii() => {
                self.out.opaque = true;
                Err(Stop)
            }
            Some(d) => Ok(d),
        }
    }

    /// Text up to the unescaped delimiter `d`, which is consumed; the start of the text.
    /// A newline ends it in error; a backslash at the end makes the script opaque.
    fn delimited(&mut self, d: u8, regex: bool) -> Result<usize, Stop> {
        let start = self.i;
        loop {
            match self.next() {
                None | Some(b'\n') => return Err(Stop),
                Some(b'\\') => {
                    if self.next().is_none() {
                        self.out.opaque = true;
                        return Err(Stop);
                    }
                }
                Some(b'[') if regex && self.brackets && d != b'[' => self.bracket()?,
                Some(b) if b == d => return Ok(start),
                Some(_) => {}
            }
        }
    }

    /// The rest of a bracket expression after its `[`, up to its `]`.
    fn bracket(&mut self) -> Result<(), Stop> {
        if self.peek() == Some(b'^') {
            self.i += 1;
        }
        if self.peek() == Some(b']') {
            self.i += 1;
        }
        loop {
            match self.next() {
                None | Some(b'\n') => return Err(Stop),
                Some(b']') => return Ok(()),
                Some(b'[') if matches!(self.peek(), Some(b'.' | b':' | b'=')) => {
                    let Some(kind) = self.next() else {
                        return Err(Stop);
                    };
                    // Up to the matching `.]`, `:]`, `=]`.
                    loop {
                        match self.next() {
                            None | Some(b'\n') => return Err(Stop),
                            Some(b) if b == kind && self.peek() == Some(b']') => {
                                self.i += 1;
                                break;
                            }
                            Some(_) => {}
                        }
                    }
                }
                Some(_) => {}
            }
        }
    }

    fn substitute(&mut self) -> Result<(), Stop> {
        let d = self.delimiter()?;
        self.delimited(d, true)?;
        let start = self.delimited(d, false)?;
        let replacement = &self.text[start..self.i - 1];
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some(b'}' | b'#') => return Ok(()),
                Some(b'\n' | b';') => {
                    self.i += 1;
                    return Ok(());
                }
                Some(b'g' | b'p' | b'i' | b'I' | b'm' | b'M' | b'0'..=b'9') => self.i += 1,
                Some(b'e') => {
                    self.i += 1;
                    self.out.effects.push(SedEffect::SubstExec(replacement));
                }
                Some(b'w') => {
                    self.i += 1;
                    let f = self.rest_of_line();
                    self.out.effects.push(SedEffect::Write(f));
                    return Ok(());
                }
                Some(_) => return Err(Stop),
            }
        }
    }

    /// After a command without arguments: blanks, then the end of the command.
    fn end_of_command(&mut self) -> Result<(), Stop> {
        self.skip_blanks();
        match self.peek() {
            None | Some(b'}' | b'#') => Ok(()),
            Some(b'\n' | b';') => {
                self.i += 1;
                Ok(())
            }
            Some(_) => Err(Stop),
        }
    }

    /// The text of `a`, `i`, `c`: up to an unescaped newline.
    fn text(&mut self) -> Result<(), Stop> {
        loop {
            match self.next() {
                None | Some(b'\n') => return Ok(()),
                Some(b'\\') => {
                    if self.next().is_none() {
                        self.out.opaque = true;
                        return Err(Stop);
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// A file name or command: blanks skipped, up to the end of the line (consumed).
    fn rest_of_line(&mut self) -> &'a str {
        self.skip_blanks();
        let start = self.i;
        while !matches!(self.peek(), None | Some(b'\n')) {
            self.i += 1;
        }
        let line = &self.text[start..self.i];
        if self.peek() == Some(b'\n') {
            self.i += 1;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::SedEffect::{Exec, Read, SubstExec, Write};
    use super::*;

    fn effects(s: &str) -> Vec<SedEffect<'_>> {
        read(s).effects
    }

    #[test]
    fn filters_have_no_effects() {
        for s in [
            "s/a/b/g",
            "1,20p",
            "/error/p",
            "s|/usr|/opt|g",
            "$!N;s/\\n/ /",
            "/start/,/end/{/x/d;p}",
            "s/a/b/ g",
            "y/abc/xyz/",
            ":a;N;$!ba;s/\\n/,/g",
            "0,/re/s//x/",
            "1~2d",
            "/x/,+3d",
            "\\,foo,d",
            "/x/I p",
            "1i\\\nheader",
            "$a footer w x",
            "s/[/]/X/g",
            "q5",
            "l 40",
            "# w comment\np",
            "s/w/e/g",
            "/e/!d",
        ] {
            let r = read(s);
            assert!(!r.runs_or_writes(), "{s:?}: {r:?}");
        }
    }

    #[test]
    fn writes_runs_and_reads() {
        assert_eq!(effects("s/a/b/w out"), [Write("out")]);
        assert_eq!(effects("s/a/b/gw out"), [Write("out")]);
        assert_eq!(effects("s,a,b,gpw /tmp/x;p"), [Write("/tmp/x;p")]);
        assert_eq!(effects("s|a|id|e"), [SubstExec("id")]);
        assert_eq!(effects("1e id"), [Exec(Some("id"))]);
        assert_eq!(effects("$!e"), [Exec(None)]);
        assert_eq!(effects("/x/w out"), [Write("out")]);
        assert_eq!(effects("$!W x"), [Write("x")]);
        assert_eq!(effects("1r /etc/hosts"), [Read("/etc/hosts")]);
        assert_eq!(effects("p;w x"), [Write("x")]);
        assert_eq!(effects("/a/{p;w x\n}"), [Write("x")]);
        assert_eq!(effects("\\%x%w y"), [Write("y")]);
        assert_eq!(effects("/a/,/b/ ! e date"), [Exec(Some("date"))]);
        // GNU ends a label at `;` or a blank.
        assert_eq!(effects(":a;w x"), [Write("x")]);
        assert_eq!(effects("b x w y"), [Write("y")]);
        assert_eq!(effects("+w z"), [Write("z")]);
        // BSD reads the label to the end of the line, GNU stops at the unterminated `s`.
        assert_eq!(effects("b x s/a\nw y"), [Write("y")]);
        // A delimiter inside brackets: literal for newer GNU and BSD seds, the end for older.
        assert_eq!(effects("s/[/]/X/w out"), [Write("out")]);
        assert_eq!(effects("s/[/]/w x/"), [Write("x/")]);
    }

    #[test]
    fn input_lines_from_standard_input() {
        let stdin = |f: &str| f == "/dev/stdin";
        let from = |w: &[&str]| super::input_from_stdin(w, &stdin);
        assert!(from(&["e"]));
        assert!(from(&["-n", "e"]));
        assert!(from(&["-e", "e", "-"]));
        assert!(from(&["e", "notes.txt", "/dev/stdin"]));
        assert!(!from(&["e", "notes.txt"]));
        assert!(!from(&["-e", "e", "notes.txt"]));
        // A script file, known or not, leaves the input lines on standard input.
        assert!(from(&["-f", "script.sed"]));
        assert!(!from(&["-f", "script.sed", "notes.txt"]));
        assert!(!from(&[]));
    }

    #[test]
    fn a_script_file_whose_text_is_known_is_the_script() {
        let files = |f: &str| (f == "edit.sed").then(|| "1e id".to_owned());
        let of = |w: &[&str]| super::script_with_files(w, &files);
        assert_eq!(of(&["-f", "edit.sed", "x"]).as_deref(), Some("1e id"));
        assert_eq!(of(&["--fi=edit.sed", "x"]).as_deref(), Some("1e id"));
        assert_eq!(
            of(&["-e", "p", "-nf", "edit.sed"]).as_deref(),
            Some("p\n1e id")
        );
        assert_eq!(of(&["-f", "other.sed", "x"]), None);
    }

    #[test]
    fn a_script_file_on_standard_input_is_the_fed_text() {
        let stdin = |f: &str| f == "-" || f == "/dev/stdin";
        let of = |w: &[&str], fed| super::script_with_stdin(w, &stdin, fed);
        assert_eq!(
            of(&["-f", "-", "x"], Some("1e id")).as_deref(),
            Some("1e id")
        );
        assert_eq!(of(&["-nf", "/dev/stdin"], Some("p")).as_deref(), Some("p"));
        assert_eq!(of(&["--file=-", "x"], Some("p")).as_deref(), Some("p"));
        assert_eq!(of(&["--fi", "-", "x"], Some("p")).as_deref(), Some("p"));
        assert_eq!(
            of(&["-e", "s/a/b/", "-f", "-"], Some("1e id")).as_deref(),
            Some("s/a/b/\n1e id")
        );
        // Not fed, or another file: unread.
        assert_eq!(of(&["-f", "-", "x"], None), None);
        assert_eq!(of(&["-f", "x.sed", "x"], Some("1e id")), None);
        assert_eq!(of(&["-f", "-", "-f", "x.sed"], Some("p")), None);
        assert_eq!(super::script_of(&["-f", "-", "x"]), None);
    }

    #[test]
    fn rejected_scripts_run_nothing() {
        // File operands read as scripts: `d` then junk, an unknown command.
        for s in [
            "data.csv",
            "file.txt",
            "notes.md",
            "pwd.txt",
            "s/a/b/x w out",
        ] {
            assert!(!read(s).runs_or_writes(), "{s}");
        }
        // A file name that is a `w` command is still one.
        assert!(read("west.txt").runs_or_writes());
    }

    #[test]
    fn unfinished_text_is_opaque() {
        for s in ["s/a/b\\", "s", "1i\\", "/x\\", "s\u{e9}a\u{e9}b\u{e9}w x"] {
            assert!(read(s).opaque, "{s:?}");
        }
        assert!(!read("s/a/b").opaque);
    }
}
