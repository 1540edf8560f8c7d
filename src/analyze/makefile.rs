//! Makefile text given on the command line (`make --eval=TEXT`, `make -E TEXT`, `make -f - <<EOF`):
//! the shell commands make may run for it. Recipe lines (after a rule line, each beginning with
//! a tab, or after the rule's `;`), the command of a `!=` assignment and of a `$(shell …)` are
//! shell command lines make hands to `$(SHELL) -c`, with make's `$$` turned into `$`.
//!
//! Why: `make -f /dev/null --eval='x:;rm -rf ~' x` runs `rm -rf ~`; the text is on the line,
//! so it is read as code rather than only flagged.
//!
//! Example: `all: ; @echo $$HOME` gives the command `echo $HOME`.
//!
//! Known gaps: every recipe is taken as one that may run (make runs only those of the goals and
//! what they depend on); a command holding a make variable or function (`$(CC)`, `$@`), an
//! `include`, a `define`, `$(eval …)`, `$(file …)`, `$(call …)`, `$(value …)` and a change of
//! `SHELL`, `.SHELLFLAGS` or `.RECIPEPREFIX` make the text opaque (the reason is returned, the
//! commands read so far are kept).

/// What makefile text runs.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct MakeText {
    /// Shell command lines make may run, `$$` turned into `$`, in order.
    pub commands: Vec<String>,
    /// Why the text is not fully read, when it is not.
    pub opaque: Option<&'static str>,
}

/// Read makefile `text`.
pub(crate) fn read(text: &str) -> MakeText {
    let mut out = MakeText::default();
    let mut in_rule = false;
    let mut lines = text.split('\n').peekable();
    while let Some(first) = lines.next() {
        if let Some(recipe) = first.strip_prefix('\t').filter(|_| in_rule) {
            // A recipe line, continued while it ends with a backslash (the backslash-newline
            // goes to the shell; one leading tab of the next line is make's).
            let mut command = recipe.to_owned();
            while command.ends_with('\\') && !command.ends_with("\\\\") {
                let Some(next) = lines.next() else { break };
                command.push('\n');
                command.push_str(next.strip_prefix('\t').unwrap_or(next));
            }
            out.command(strip_recipe_prefix(&command));
            continue;
        }
        // A logical line: backslash-newline joins with a blank.
        let mut line = first.to_owned();
        while line.ends_with('\\') && !line.ends_with("\\\\") {
            line.pop();
            let Some(next) = lines.next() else { break };
            line.push(' ');
            line.push_str(next.trim_start());
        }
        let line = strip_comment(&line);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        in_rule = out.logical_line(line);
    }
    out
}

impl MakeText {
    fn opaque(&mut self, why: &'static str) {
        self.opaque.get_or_insert(why);
    }

    /// A shell command line as make holds it: `$$` is `$`; any other `$` is make's.
    fn command(&mut self, text: &str) {
        match unescape(text) {
            Some(c) if !c.trim().is_empty() => self.commands.push(c),
            Some(_) => {}
            None => self.opaque("a make variable or function in a command"),
        }
    }

    /// A line outside recipes; true when it is a rule (recipe lines may follow).
    fn logical_line(&mut self, line: &str) -> bool {
        let first = line.split_whitespace().next().unwrap_or_default();
        match first {
            "include" | "-include" | "sinclude" => {
                self.opaque("`include` reads another makefile");
                return false;
            }
            "define" | "endef" => {
                self.opaque("a `define` body");
                return false;
            }
            "load" | "-load" => {
                self.opaque("`load` loads a compiled extension into make");
                return false;
            }
            "ifeq" | "ifneq" | "ifdef" | "ifndef" | "else" | "endif" | "vpath" | "unexport"
            | "undefine" => {
                self.functions(line);
                return false;
            }
            _ => {}
        }
        let exported = first == "export";
        let line = ["export ", "override ", "private "]
            .iter()
            .fold(line, |l, p| l.strip_prefix(p).map_or(l, str::trim_start));
        self.functions(line);
        match separator(line) {
            Some(Separator::Assignment { at, shell }) => {
                self.assignment(line, at, shell);
                false
            }
            Some(Separator::Rule { at }) => {
                let rest = &line[at..];
                // `target: VAR = value` sets a variable for the target (its `;` is the value's):
                // no recipe.
                let (prereqs, recipe) = match rest.find(';') {
                    Some(k) => (&rest[..k], Some(&rest[k + 1..])),
                    None => (rest, None),
                };
                if let Some(Separator::Assignment { at, shell }) = separator(prereqs) {
                    self.assignment(rest, at, shell);
                    return false;
                }
                if let Some(recipe) = recipe {
                    self.command(strip_recipe_prefix(recipe));
                }
                true
            }
            // `export NAME…` marks variables for the recipes' environment; any other line is
            // one this reader does not know.
            None if exported => false,
            None => {
                self.opaque("a makefile line the reader does not know");
                false
            }
        }
    }

    /// An assignment of `line` whose operator starts at `at` (`shell`: where the command of a
    /// `!=` begins): the command runs now; a variable that chooses the shell makes the text
    /// opaque.
    fn assignment(&mut self, line: &str, at: usize, shell: Option<usize>) {
        let name = line[..at].trim();
        if matches!(
            name,
            "SHELL" | ".SHELLFLAGS" | ".RECIPEPREFIX" | "MAKESHELL"
        ) {
            self.opaque("the makefile changes the shell make runs commands with");
        }
        if let Some(value_at) = shell {
            self.command(line[value_at..].trim_start());
        }
    }

    /// `$(shell CMD)` (and `${shell CMD}`) outside recipes: CMD runs when the text is read or the
    /// variable used. The functions that run make code or write files make the text opaque.
    fn functions(&mut self, line: &str) {
        let b = line.as_bytes();
        let mut i = 0;
        while i + 1 < b.len() {
            if b[i] == b'$' && b[i + 1] == b'$' {
                i += 2;
                continue;
            }
            if b[i] == b'$' && matches!(b[i + 1], b'(' | b'{') {
                let close = if b[i + 1] == b'(' { b')' } else { b'}' };
                let body_at = i + 2;
                let Some(len) = balanced(&b[body_at..], b[i + 1], close) else {
                    self.opaque("an unclosed make reference");
                    return;
                };
                let body = &line[body_at..body_at + len];
                let name = body.split([' ', '\t']).next().unwrap_or_default();
                match name {
                    "shell" => self.command(body[name.len()..].trim_start()),
                    "eval" | "file" | "call" | "value" | "guile" | "load" => {
                        self.opaque("a make function that runs make code or writes a file");
                    }
                    _ => self.functions(body),
                }
                i = body_at + len + 1;
                continue;
            }
            i += 1;
        }
    }
}

/// How a logical line is split: an assignment (`=`, `:=`, `::=`, `:::=`, `?=`, `+=`, `!=`, at
/// the start of its operator; `shell`: where a `!=` command begins) or a rule (after its `:`,
/// `::` or `&:`). Text inside `$(…)`/`${…}` is skipped.
#[derive(Debug, Clone, Copy)]
enum Separator {
    Assignment { at: usize, shell: Option<usize> },
    Rule { at: usize },
}

fn separator(line: &str) -> Option<Separator> {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'$' if matches!(b.get(i + 1), Some(b'(' | b'{')) => {
                let (open, close) = if b[i + 1] == b'(' {
                    (b'(', b')')
                } else {
                    (b'{', b'}')
                };
                i += 2 + balanced(&b[i + 2..], open, close)? + 1;
                continue;
            }
            b'$' => {
                i += 2;
                continue;
            }
            b'=' => {
                let at = if i > 0 && matches!(b[i - 1], b'?' | b'+' | b'!') {
                    i - 1
                } else {
                    i
                };
                let shell = (at + 1 == i && b[at] == b'!').then_some(i + 1);
                return Some(Separator::Assignment { at, shell });
            }
            b':' => {
                let mut j = i;
                while j < b.len() && b[j] == b':' {
                    j += 1;
                }
                if b.get(j) == Some(&b'=') {
                    return Some(Separator::Assignment { at: i, shell: None });
                }
                return Some(Separator::Rule { at: j });
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The length of the text before the `close` that balances an already open `open`.
fn balanced(b: &[u8], open: u8, close: u8) -> Option<usize> {
    let mut depth = 1usize;
    for (k, &c) in b.iter().enumerate() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// A recipe's leading `@` (silent), `-` (ignore errors) and `+` (run under `-n` too), and
/// blanks.
fn strip_recipe_prefix(recipe: &str) -> &str {
    recipe.trim_start_matches(|c: char| matches!(c, '@' | '-' | '+') || c.is_whitespace())
}

/// A line outside recipes up to its comment (`#` not escaped with `\`).
fn strip_comment(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'#') => {
                out.push('#');
                chars.next();
            }
            '#' => break,
            _ => out.push(c),
        }
    }
    out
}

/// `$$` → `$`; `None` when another `$` (a make reference) is in the text.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '$' && chars.next() != Some('$') {
            return None;
        }
        out.push(c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::read;

    fn commands(text: &str) -> (Vec<String>, bool) {
        let r = read(text);
        (r.commands, r.opaque.is_some())
    }

    #[test]
    fn recipes_after_a_semicolon_and_a_tab() {
        assert_eq!(
            commands("x:;rm -rf ~"),
            (vec!["rm -rf ~".to_owned()], false)
        );
        assert_eq!(
            commands("all: a b\n\t@echo $$HOME\n\t-rm -f out\n\nb:\n\tls"),
            (
                vec![
                    "echo $HOME".to_owned(),
                    "rm -f out".to_owned(),
                    "ls".to_owned()
                ],
                false
            )
        );
        // A continued recipe line goes to the shell whole.
        assert_eq!(
            commands("x:\n\techo a \\\n\t  b"),
            (vec!["echo a \\\n  b".to_owned()], false)
        );
        // A tab line outside a rule is no recipe (make refuses it): not read.
        assert_eq!(commands("\tls"), (vec![], true));
    }

    #[test]
    fn assignments_are_not_rules() {
        assert_eq!(commands("A := x:y\n\tls"), (vec![], true));
        assert_eq!(commands("A := x:y"), (vec![], false));
        assert_eq!(commands("A ::= b\nB ?= c\nC += d"), (vec![], false));
        assert_eq!(commands("t: V = 1\n"), (vec![], false));
        assert_eq!(commands("t: V != id -u"), (vec!["id -u".to_owned()], false));
        assert_eq!(commands("export A B\nunexport C"), (vec![], false));
        assert_eq!(commands("X != id -u"), (vec!["id -u".to_owned()], false));
        assert_eq!(
            commands("X := $(shell uname -s)"),
            (vec!["uname -s".to_owned()], false)
        );
        assert_eq!(commands("# all:;rm -rf ~"), (vec![], false));
    }

    #[test]
    fn what_is_not_read_is_opaque() {
        for text in [
            "x:;$(CC) -o x x.c",
            "x:\n\techo $@",
            "include other.mk",
            "SHELL = /tmp/sh",
            ".SHELLFLAGS = -ec",
            "$(eval x:;ls)",
            "$(file >out,text)",
            "define X\nls\nendef",
            "X := $(shell echo $(Y))",
            "t: SHELL = /tmp/sh",
            "load ./ext.so",
            "frobnicate ./x",
        ] {
            assert!(read(text).opaque.is_some(), "{text}");
        }
    }
}
