//! Task runners' project files written on the line (`printf 'b:\n\trm -rf ~\n' > justfile &&
//! just b`): the shell lines each runner may run from them. The reading covers every task of
//! the file, not only the one named (a task's dependencies and a default task run too); what it
//! cannot see through is returned as the reason the text is opaque, the lines read so far
//! kept.
//!
//! - justfile: the body lines of every recipe (`@` and `-` prefixes removed, a trailing `\`
//!   continuing the line) and the backticks of assignments and parameter defaults. Opaque: an
//!   interpolation `{{…}}`, a recipe with a `#!` line or a `[script]` attribute (run by another
//!   interpreter), a `set` of the shell, interpreter or environment files, `import` and `mod`,
//!   `shell(…)`, and a line read as neither.
//! - Taskfile (YAML, read line by line): the values of `cmd`, `sh` and `defer` and the items of
//!   `cmds`, `status` and `preconditions` (plain, quoted, flow `[…]` and block `|`/`>` scalars).
//!   Opaque: a template `{{…}}`, a flow mapping, anchors, aliases and tags, a quoted value
//!   over several lines, `includes`. A plain scalar continued on the next line is read as two
//!   lines.
//! - tox.ini: each line of `commands`, `commands_pre`, `commands_post`, `install_command` and
//!   `list_dependencies_command` in any section (tox's `-` and `!` prefixes removed). tox
//!   splits a command with shlex and runs it without a shell; a shell reading over-reads it
//!   (`~` stays literal for tox). Opaque: a substitution `{…}`, `requires` (plugins tox
//!   installs and loads).
//! - mise TOML: tasks given as a string or a list, each task's `run`, and `[hooks]`. Opaque:
//!   text that is not TOML, a template `{{…}}`, a task's `file` or `shell`, `[env]` (the
//!   environment of every task, `_.source` runs a script), `[tools]` and `[plugins]`.

use super::makefile::MakeText;

/// The shell lines of a justfile.
pub(crate) fn justfile(text: &str) -> MakeText {
    let mut out = MakeText::default();
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let mut k = 0;
    let mut in_recipe = false;
    // The next body line is the recipe's first (a `#!` line there makes it a script).
    let mut first_body = false;
    let mut script = false;
    while k < lines.len() {
        let line = lines[k];
        k += 1;
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if !in_recipe {
                out.opaque = Some("an indented line outside a recipe");
                continue;
            }
            let mut command = line.trim_start().to_owned();
            while command.ends_with('\\') && k < lines.len() {
                command.push('\n');
                command.push_str(lines[k].trim_start());
                k += 1;
            }
            if std::mem::take(&mut first_body) && command.starts_with("#!") {
                script = true;
            }
            if script {
                out.opaque = Some("a recipe run by another interpreter");
                continue;
            }
            if command.contains("{{") {
                out.opaque = Some("an interpolation `{{…}}`");
            }
            let body = command.trim_start_matches(['@', '-']);
            out.commands.push(body.to_owned());
            continue;
        }
        in_recipe = false;
        script = false;
        if line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            if line.contains("script") {
                script = true;
                // The attribute belongs to the recipe below: keep it through the header.
                in_recipe = false;
            }
            continue;
        }
        if line.contains("```") || line.contains("shell(") {
            out.opaque = Some("a command run by an expression");
        }
        backticks(line, &mut out);
        let word = line
            .split(|c: char| c.is_whitespace() || c == ':')
            .next()
            .unwrap_or_default();
        match word {
            "set" => {
                if ["shell", "interpreter", "dotenv", "tempdir", "unstable"]
                    .iter()
                    .any(|w| line.contains(w))
                {
                    out.opaque = Some("a setting of the shell, interpreter or environment");
                }
                continue;
            }
            "import" | "mod" | "!include" => {
                out.opaque = Some("another justfile it reads");
                continue;
            }
            "alias" => continue,
            _ => {}
        }
        let head = line.strip_prefix("export ").unwrap_or(line);
        if head.split_once(":=").is_some_and(|(name, _)| {
            let name = name.trim();
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        }) {
            continue;
        }
        if line.contains(':') {
            let keep_script = script_attribute(&lines[..k - 1]);
            in_recipe = true;
            first_body = true;
            script = keep_script;
            continue;
        }
        out.opaque = Some("a line read as neither recipe nor setting");
    }
    out
}

/// Whether the attribute lines right above a recipe header (the last lines of `before`) make
/// it a script recipe (`[script]`, `[script("python3")]`).
fn script_attribute(before: &[&str]) -> bool {
    before
        .iter()
        .rev()
        .take_while(|l| l.starts_with('['))
        .any(|l| l.contains("script"))
}

/// The commands between backticks of a justfile line outside a recipe body.
fn backticks(line: &str, out: &mut MakeText) {
    let mut rest = line;
    while let Some((_, after)) = rest.split_once('`') {
        let Some((code, next)) = after.split_once('`') else {
            out.opaque = Some("an unclosed backtick");
            return;
        };
        out.commands.push(code.to_owned());
        rest = next;
    }
}

/// The keys whose scalar value is a shell line.
const TASK_CODE_KEYS: [&str; 3] = ["cmd", "sh", "defer"];
/// The keys whose list items (or scalar value) are shell lines.
const TASK_CODE_LISTS: [&str; 3] = ["cmds", "status", "preconditions"];

/// The shell lines of a Taskfile.
pub(crate) fn taskfile(text: &str) -> MakeText {
    let mut out = MakeText::default();
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    // The keys enclosing the line: (column, key).
    let mut stack: Vec<(usize, String)> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let raw = lines[k];
        k += 1;
        let trimmed = raw.trim_start_matches(' ');
        if trimmed.starts_with('\t') {
            out.opaque = Some("a tab in the indentation");
            continue;
        }
        let t = trimmed.trim_end();
        if t.is_empty() || t.starts_with('#') || t == "---" || t == "..." {
            continue;
        }
        // The column of the content after any list markers, and of the node that holds it
        // (a block scalar's lines are indented past it).
        let mut col = raw.len() - trimmed.len();
        let mut node = col;
        let mut t = t;
        while let Some(r) = t
            .strip_prefix('-')
            .filter(|r| r.is_empty() || r.starts_with(' '))
        {
            node = col;
            let r2 = r.trim_start();
            col += t.len() - r2.len();
            t = r2;
        }
        // The keys enclosing this line are those at a column before it (`cmds:` encloses
        // `- x` at its own column and below it).
        stack.retain(|(c, _)| *c < col);
        let (key, value) = match split_key(t) {
            Some((key, value)) => (Some(key), value),
            None => (None, t),
        };
        if let Some(key) = key {
            node = col;
            stack.push((col, key.to_owned()));
            if key == "includes" {
                out.opaque = Some("other Taskfiles it includes");
            }
        }
        let code = match key {
            Some(key) => TASK_CODE_KEYS.contains(&key) || TASK_CODE_LISTS.contains(&key),
            None => stack
                .last()
                .is_some_and(|(_, key)| TASK_CODE_LISTS.contains(&key.as_str())),
        };
        if value.is_empty() {
            continue;
        }
        if value.starts_with(['|', '>']) {
            // A block scalar: the lines indented past the key's column.
            let folded = value.starts_with('>');
            let mut block: Vec<&str> = Vec::new();
            let mut indent: Option<usize> = None;
            while k < lines.len() {
                let l = lines[k];
                let body = l.trim_start_matches(' ');
                let at = l.len() - body.len();
                if !body.trim().is_empty() && at <= node {
                    break;
                }
                k += 1;
                if body.trim().is_empty() {
                    block.push("");
                    continue;
                }
                let i = *indent.get_or_insert(at);
                block.push(l.get(i.min(at)..).unwrap_or(body));
            }
            if code {
                let joined = block.join(if folded { " " } else { "\n" });
                push_code(&joined, &mut out);
            }
            continue;
        }
        if !code {
            continue;
        }
        if value.starts_with(['&', '*', '!']) {
            out.opaque = Some("an anchor, alias or tag");
            continue;
        }
        if value.starts_with('{') {
            out.opaque = Some("a flow mapping");
            continue;
        }
        let items: Vec<&str> = match value.strip_prefix('[') {
            Some(inner) => {
                let Some(inner) = inner.trim_end().strip_suffix(']') else {
                    out.opaque = Some("a flow sequence over several lines");
                    continue;
                };
                split_flow(inner)
            }
            None => vec![value],
        };
        for item in items {
            match yaml_scalar(item.trim()) {
                Some(s) => push_code(&s, &mut out),
                None => out.opaque = Some("a quoted value not read"),
            }
        }
    }
    out
}

/// A Taskfile shell line, flagged when it holds a template.
fn push_code(code: &str, out: &mut MakeText) {
    if code.contains("{{") {
        out.opaque = Some("a template `{{…}}`");
    }
    out.commands.push(code.to_owned());
}

/// `KEY: VALUE` (or `KEY:` alone) with a plain key.
fn split_key(t: &str) -> Option<(&str, &str)> {
    let end = t
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')))?;
    let (key, rest) = t.split_at(end);
    let value = rest.strip_prefix(':')?;
    if key.is_empty() || !(value.is_empty() || value.starts_with(' ')) {
        return None;
    }
    Some((key, value.trim()))
}

/// The items of a flow sequence's inside, split at commas outside quotes.
fn split_flow(inner: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut quote: Option<u8> = None;
    let mut start = 0;
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(b'"') if b == b'\\' => i += 1,
            Some(q) if b == q => quote = None,
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b',' => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            Some(_) | None => {}
        }
        i += 1;
    }
    items.push(&inner[start..]);
    items.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

/// A YAML scalar on one line: plain (a ` #` comment removed), '…' or "…" with its escapes;
/// `None` when a quoted one is not read.
fn yaml_scalar(t: &str) -> Option<String> {
    if let Some(inner) = t.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'')?;
        return Some(inner.replace("''", "'"));
    }
    if let Some(inner) = t.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        let mut s = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                s.push(c);
                continue;
            }
            let e = chars.next()?;
            let width = match e {
                'x' => 2,
                'u' => 4,
                'U' => 8,
                _ => 0,
            };
            if width > 0 {
                let hex: String = chars.by_ref().take(width).collect();
                s.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                continue;
            }
            s.push(match e {
                '0' => '\0',
                'a' => '\u{7}',
                'b' => '\u{8}',
                't' | '\t' => '\t',
                'n' => '\n',
                'v' => '\u{b}',
                'f' => '\u{c}',
                'r' => '\r',
                'e' => '\u{1b}',
                ' ' => ' ',
                '"' => '"',
                '/' => '/',
                '\\' => '\\',
                _ => return None,
            });
        }
        return Some(s);
    }
    let plain = match t.find(" #") {
        Some(i) => &t[..i],
        None => t,
    };
    Some(plain.trim_end().to_owned())
}

/// The keys of tox's configuration whose lines are commands.
const TOX_COMMAND_KEYS: [&str; 5] = [
    "commands",
    "commands_pre",
    "commands_post",
    "install_command",
    "list_dependencies_command",
];

/// The command lines of a tox.ini.
pub(crate) fn tox_ini(text: &str) -> MakeText {
    let mut out = MakeText::default();
    // Whether the lines indented below the current key are commands.
    let mut commands = false;
    let mut pending = String::new();
    for raw in text.split('\n').map(|l| l.trim_end_matches('\r')) {
        let t = raw.trim();
        let continued = raw.starts_with([' ', '\t']);
        if t.starts_with(['#', ';']) || (t.is_empty() && !continued) {
            continue;
        }
        let line = if continued {
            if !commands {
                continue;
            }
            t
        } else {
            commands = false;
            if t.starts_with('[') {
                continue;
            }
            let Some((key, value)) = t.split_once(['=', ':']) else {
                out.opaque = Some("a line read as neither section nor setting");
                continue;
            };
            let key = key.trim();
            if key == "requires" {
                out.opaque = Some("plugins tox installs and loads");
            }
            commands = TOX_COMMAND_KEYS.contains(&key);
            if !commands {
                continue;
            }
            value.trim()
        };
        if line.is_empty() {
            continue;
        }
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head.trim_end());
            pending.push(' ');
            continue;
        }
        let command = std::mem::take(&mut pending) + line;
        if command.contains('{') {
            out.opaque = Some("a substitution `{…}`");
        }
        out.commands
            .push(command.trim_start_matches(['-', '!', ' ']).to_owned());
    }
    if !pending.is_empty() {
        out.commands.push(pending);
    }
    out
}

/// The shell lines of a mise configuration file.
pub(crate) fn mise_toml(text: &str) -> MakeText {
    let mut out = MakeText::default();
    let Ok(table) = text.parse::<toml::Table>() else {
        out.opaque = Some("text not read as TOML");
        return out;
    };
    if text.contains("{{") {
        out.opaque = Some("a template `{{…}}`");
    }
    for key in ["env", "tools", "plugins"] {
        if table.contains_key(key) {
            out.opaque = Some("an environment or tools it installs and loads");
        }
    }
    if let Some(toml::Value::Table(tasks)) = table.get("tasks") {
        for task in tasks.values() {
            match task {
                toml::Value::Table(t) => {
                    if t.contains_key("file") || t.contains_key("shell") {
                        out.opaque = Some("a task run from a file or by another shell");
                    }
                    if let Some(run) = t.get("run") {
                        mise_run(run, &mut out);
                    }
                }
                other => mise_run(other, &mut out),
            }
        }
    }
    if let Some(toml::Value::Table(hooks)) = table.get("hooks") {
        for hook in hooks.values() {
            match hook {
                toml::Value::Table(t) => {
                    for key in ["run", "script"] {
                        if let Some(v) = t.get(key) {
                            mise_run(v, &mut out);
                        }
                    }
                }
                other => mise_run(other, &mut out),
            }
        }
    }
    out
}

/// A mise `run` value: a shell line or a list of them (a table in the list names another
/// task).
fn mise_run(v: &toml::Value, out: &mut MakeText) {
    match v {
        toml::Value::String(s) => {
            if s.starts_with("#!") {
                out.opaque = Some("a task run by another interpreter");
            } else {
                out.commands.push(s.clone());
            }
        }
        toml::Value::Array(items) => {
            for item in items {
                if !matches!(item, toml::Value::Table(_)) {
                    mise_run(item, out);
                }
            }
        }
        _ => out.opaque = Some("a task value not read"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: MakeText) -> (Vec<String>, Option<&'static str>) {
        (text.commands, text.opaque)
    }

    #[test]
    fn justfile_recipes_and_backticks() {
        let (c, o) = read(justfile(
            "# a comment\nx := `id -u`\n\ndefault: build\n\nbuild target=\"a\":\n    @echo hi\n    -rm -rf out \\\n      dist\n\nalias b := build\n",
        ));
        assert_eq!(c, vec!["id -u", "echo hi", "rm -rf out \\\ndist"]);
        assert_eq!(o, None);
        let (c, o) = read(justfile("build:\n\t#!/usr/bin/env python3\n\timport os\n"));
        assert!(c.is_empty());
        assert_eq!(o, Some("a recipe run by another interpreter"));
        let (c, o) = read(justfile("[script]\nbuild:\n  rm -rf ~\n"));
        assert!(c.is_empty());
        assert!(o.is_some());
        let (_, o) = read(justfile("set shell := [\"python3\", \"-c\"]\nb:\n  x\n"));
        assert!(o.is_some());
        let (c, o) = read(justfile("b:\n  echo {{x}}\n"));
        assert_eq!(c, vec!["echo {{x}}"]);
        assert_eq!(o, Some("an interpolation `{{…}}`"));
        let (_, o) = read(justfile("import 'other.just'\n"));
        assert!(o.is_some());
    }

    #[test]
    fn taskfile_commands() {
        let text = "version: '3'\ntasks:\n  build:\n    desc: rm -rf / is never run\n    cmds:\n      - go build ./...\n      - cmd: \"rm -rf \\x7e\"\n      - task: other\n    status:\n    - test -f out\n  other:\n    cmd: echo hi # a comment\n    sources: [a.go, b.go]\n  long:\n    cmds:\n      - |\n        cd x\n        make\n      - [ls, 'pwd']\n";
        let (c, o) = read(taskfile(text));
        assert_eq!(
            c,
            vec![
                "go build ./...",
                "rm -rf ~",
                "test -f out",
                "echo hi",
                "cd x\nmake",
                "ls",
                "pwd"
            ]
        );
        assert_eq!(o, None);
        let (c, o) = read(taskfile("tasks:\n  a:\n    cmds:\n      - echo {{.X}}\n"));
        assert_eq!(c, vec!["echo {{.X}}"]);
        assert!(o.is_some());
        let (_, o) = read(taskfile("includes:\n  x: ./other.yml\n"));
        assert!(o.is_some());
        let (_, o) = read(taskfile("tasks:\n  a:\n    cmds:\n      - {cmd: x}\n"));
        assert!(o.is_some());
    }

    #[test]
    fn tox_commands() {
        let text = "[tox]\nenvlist = py3\n\n[testenv]\ndeps = pytest\ncommands =\n    pytest -q\n    - rm -rf build\ncommands_pre = echo pre\n\n[testenv:lint]\ncommands = ruff check \\\n  src\n";
        let (c, o) = read(tox_ini(text));
        assert_eq!(
            c,
            vec!["pytest -q", "rm -rf build", "echo pre", "ruff check src"]
        );
        assert_eq!(o, None);
        let (_, o) = read(tox_ini("[testenv]\ncommands = pytest {posargs}\n"));
        assert!(o.is_some());
        let (_, o) = read(tox_ini("[tox]\nrequires = tox-x\n"));
        assert!(o.is_some());
    }

    #[test]
    fn mise_tasks_and_hooks() {
        let text = "[tasks]\nhi = \"echo hi\"\n[tasks.build]\nrun = [\"cargo build\", { task = \"hi\" }]\ndescription = \"rm -rf /\"\n[hooks]\nenter = \"echo in\"\n";
        let (c, o) = read(mise_toml(text));
        assert_eq!(c, vec!["cargo build", "echo hi", "echo in"]);
        assert_eq!(o, None);
        let (_, o) = read(mise_toml("[env]\n_.source = \"x.sh\"\n"));
        assert!(o.is_some());
        let (_, o) = read(mise_toml("[tasks.x]\nrun = \"\n"));
        assert!(o.is_some());
    }
}
