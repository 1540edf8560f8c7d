//! Grammar snapshots: for every `grammar-tests/*.sh` file, each block's tree-sitter tree, our
//! lowered AST and the analysis (units and flags), in one reviewable snapshot per file.
//!
//! A grammar upgrade or a lowering change shows up as a diff here. The format of the `.sh`
//! files: blocks separated by lines starting with `#---`; the rest of that line names the block;
//! lines before the first separator describe the file and are not parsed. A block is the exact
//! text between two separators, without its last newline, so heredocs and multi-line inputs work.
//!
//! Besides the snapshots, every span (AST, units, flags) is checked to lie inside the input on
//! char boundaries, and the grammar quirks the parser works around are pinned by name.

use std::fmt::Write as _;

use serde_json::Value;
use shclass::Limits;
use shclass::dev::{parse, tree_text};
use shclass::{Analysis, analyze};

/// One named input of a grammar-tests file.
struct Block {
    title: String,
    input: String,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut current: Option<(String, Vec<&str>)> = None;
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("#---") {
            if let Some((t, lines)) = current.take() {
                out.push(Block {
                    title: t,
                    input: lines.join("\n"),
                });
            }
            current = Some((title.trim().to_owned(), Vec::new()));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
    }
    if let Some((t, lines)) = current {
        out.push(Block {
            title: t,
            input: lines.join("\n"),
        });
    }
    out
}

/// JSON with short arrays of scalars on one line (spans stay `[3, 8]`), objects one key a line.
fn compact_json(v: &Value, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent + 1);
    match v {
        Value::Array(items) if items.iter().all(|i| !i.is_array() && !i.is_object()) => {
            let parts: Vec<String> = items.iter().map(Value::to_string).collect();
            let _ = write!(out, "[{}]", parts.join(", "));
        }
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad);
                compact_json(item, indent + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            let _ = write!(out, "{}]", "  ".repeat(indent));
        }
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) if map.values().all(is_flat) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, item)| {
                    let mut one = String::new();
                    compact_json(item, indent + 1, &mut one);
                    format!("{k:?}: {one}")
                })
                .collect();
            let line = format!("{{{}}}", parts.join(", "));
            if line.len() <= 100 {
                out.push_str(&line);
            } else {
                out.push_str("{\n");
                for (i, part) in parts.iter().enumerate() {
                    out.push_str(&pad);
                    out.push_str(part);
                    out.push_str(if i + 1 < parts.len() { ",\n" } else { "\n" });
                }
                let _ = write!(out, "{}}}", "  ".repeat(indent));
            }
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (k, item)) in map.iter().enumerate() {
                let _ = write!(out, "{pad}{k:?}: ");
                compact_json(item, indent + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            let _ = write!(out, "{}}}", "  ".repeat(indent));
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// A scalar, or an array of scalars: printed on one line.
fn is_flat(v: &Value) -> bool {
    match v {
        Value::Array(items) => items.iter().all(|i| !i.is_array() && !i.is_object()),
        Value::Object(_) => false,
        _ => true,
    }
}

/// The text of a span, checked to be inside `input` on char boundaries.
fn span_text<'a>(input: &'a str, span: [usize; 2], what: &str) -> &'a str {
    let [start, end] = span;
    assert!(
        start <= end && end <= input.len(),
        "{what}: span {span:?} outside the input {input:?}"
    );
    input
        .get(start..end)
        .unwrap_or_else(|| panic!("{what}: span {span:?} not on char boundaries of {input:?}"))
}

fn span_of(v: &Value) -> Option<[usize; 2]> {
    let a = v.as_array()?;
    match a.as_slice() {
        [s, e] => Some([
            usize::try_from(s.as_u64()?).ok()?,
            usize::try_from(e.as_u64()?).ok()?,
        ]),
        _ => None,
    }
}

/// Every `span` field anywhere in a serialised AST.
fn check_ast_spans(input: &str, v: &Value) {
    match v {
        Value::Object(map) => {
            for (k, item) in map {
                if k == "span"
                    && let Some(span) = span_of(item)
                {
                    span_text(input, span, "AST node");
                }
                check_ast_spans(input, item);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| check_ast_spans(input, i)),
        _ => {}
    }
}

fn kebab<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(e) => panic!("serialising: {e}"),
    }
}

/// Units and flags, one line each (details indented below a unit).
fn analysis_text(a: &Analysis) -> String {
    let mut s = String::new();
    for u in &a.units {
        let argv: Vec<String> = u
            .argv
            .iter()
            .map(|w| {
                let mut one = match &w.value {
                    Some(v) => format!("{v:?}"),
                    None => format!("<{}>", w.template),
                };
                for (set, mark) in [(w.glob, "glob"), (w.tilde, "tilde"), (w.brace, "brace")] {
                    if set {
                        let _ = write!(one, "({mark})");
                    }
                }
                one
            })
            .collect();
        let text = span_text(&a.input, u.span.into(), "unit");
        let _ = writeln!(
            s,
            "unit {} [{}] {:?} @{:?}",
            u.program.as_deref().unwrap_or("<dynamic>"),
            argv.join(", "),
            text,
            <[usize; 2]>::from(u.span),
        );
        if let Some(p) = &u.path {
            let _ = writeln!(s, "  path: {p}");
        }
        if !u.via.is_empty() {
            let _ = writeln!(s, "  via: {}", u.via.join(" > "));
        }
        if !u.context.is_empty() {
            let ctx: Vec<String> = u.context.iter().map(kebab).collect();
            let _ = writeln!(s, "  context: {}", ctx.join(" > "));
        }
        for asg in &u.assignments {
            let _ = writeln!(
                s,
                "  assignment: {}={}{}",
                asg.name,
                asg.value
                    .as_deref()
                    .map_or_else(|| format!("<{}>", asg.template), str::to_owned),
                if asg.inherited { " (inherited)" } else { "" }
            );
        }
        for r in &u.redirects {
            let _ = writeln!(
                s,
                "  redirect: {}{} {}",
                r.fd.as_deref().unwrap_or(""),
                r.op,
                r.target
                    .as_deref()
                    .map_or_else(|| format!("<{}>", r.template), str::to_owned)
            );
        }
        if u.depth > 0 {
            let _ = writeln!(s, "  depth: {}", u.depth);
        }
        if u.appended_args {
            let _ = writeln!(s, "  appended args");
        }
        if u.piped {
            let _ = writeln!(s, "  piped");
        }
    }
    for f in &a.flags {
        let text = span_text(&a.input, f.span.into(), "flag");
        let _ = write!(
            s,
            "flag {} {:?} @{:?}",
            f.kind.name(),
            text,
            <[usize; 2]>::from(f.span)
        );
        if !f.detail.is_empty() {
            let _ = write!(s, ": {}", f.detail);
        }
        s.push('\n');
    }
    s
}

fn snapshot_of(text: &str) -> String {
    let limits = Limits::default();
    let mut doc = String::new();
    for b in blocks(text) {
        let script = parse(&b.input, &limits);
        let ast = serde_json::to_value(&script).unwrap_or_else(|e| panic!("AST to JSON: {e}"));
        check_ast_spans(&b.input, &ast);
        let analysis = analyze(&b.input, &limits);
        let _ = writeln!(doc, "=== {}", b.title);
        let _ = writeln!(doc, "--- input\n{}", b.input);
        let _ = write!(doc, "--- tree\n{}", tree_text(&b.input));
        let mut json = String::new();
        compact_json(&ast, 0, &mut json);
        let _ = writeln!(doc, "--- ast\n{json}");
        let _ = writeln!(doc, "--- analysis\n{}", analysis_text(&analysis));
    }
    doc
}

#[test]
fn grammar_snapshots() {
    insta::glob!("../grammar-tests", "*.sh", |path: &std::path::Path| {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            !blocks(&text).is_empty(),
            "{}: no `#---` blocks",
            path.display()
        );
        insta::assert_snapshot!(snapshot_of(&text));
    });
}

/// The indentation depth of the first line of `tree` that starts (after indentation and an
/// optional field name) with `kind`.
fn depth_of(tree: &str, kind: &str) -> Option<usize> {
    tree.lines().find_map(|l| {
        let trimmed = l.trim_start();
        let node = trimmed.split_once(": ").map_or(trimmed, |(field, rest)| {
            if field.contains(' ') { trimmed } else { rest }
        });
        node.starts_with(&format!("{kind} "))
            .then(|| (l.len() - trimmed.len()) / 2)
    })
}

// Grammar quirk: a brace expansion in command position is an ERROR node.
#[test]
fn quirk_brace_expansion_in_command_position_is_error() {
    let tree = tree_text("{rm,-rf,/}");
    assert!(tree.contains("ERROR"), "{tree}");
    let a = analyze("{rm,-rf,/}", &Limits::default());
    assert!(
        a.units.iter().any(|u| u.program.as_deref() == Some("rm")),
        "the parser must recover the brace word as a command: {:#?}",
        a.units
    );
}

// Grammar quirk: in `cat <<EOF | bash` the pipeline sits inside the heredoc redirect.
#[test]
fn quirk_heredoc_swallows_the_rest_of_the_line() {
    let src = "cat <<'EOF' | bash\nrm -rf /\nEOF";
    let tree = tree_text(src);
    let redirect = depth_of(&tree, "heredoc_redirect").expect("a heredoc_redirect node");
    let pipeline = depth_of(&tree, "pipeline").expect("a pipeline node");
    assert!(
        pipeline > redirect,
        "pipeline not inside the redirect:\n{tree}"
    );
    let a = analyze(src, &Limits::default());
    let bash_stage = a
        .units
        .iter()
        .find(|u| u.program.as_deref() == Some("rm"))
        .expect("rm from the heredoc body");
    assert_eq!(bash_stage.via, ["bash"]);
}

// Grammar quirk: words after a redirect target are more `destination`s of the file_redirect;
// bash passes them to the command.
#[test]
fn quirk_words_after_redirect_target_are_destinations() {
    let src = "sudo >/dev/null rm -rf /";
    let tree = tree_text(src);
    assert!(tree.contains("destination: word [16..18] \"rm\""), "{tree}");
    let a = analyze(src, &Limits::default());
    let rm = a
        .units
        .iter()
        .find(|u| u.program.as_deref() == Some("rm"))
        .expect("rm is the command sudo runs");
    let argv: Vec<_> = rm.argv.iter().map(|w| w.value.as_deref()).collect();
    assert_eq!(argv, [Some("rm"), Some("-rf"), Some("/")]);
}

// Grammar quirk: a line continuation splits a word in two (`r\<newline>m`); bash reads `rm`.
#[test]
fn quirk_line_continuation_splits_words() {
    let src = "r\\\nm -rf /";
    let tree = tree_text(src);
    assert!(tree.contains("argument: word [3..4] \"m\""), "{tree}");
    let a = analyze(src, &Limits::default());
    assert_eq!(a.units.len(), 1);
    assert_eq!(a.units[0].program.as_deref(), Some("rm"));
}

// Grammar quirk: newlines inside double quotes belong to no child of the `string` node.
#[test]
fn quirk_newline_in_double_quotes_is_outside_string_content() {
    let src = "bash -c \"ls\nrm -rf /\"";
    let tree = tree_text(src);
    assert!(tree.contains("string_content [9..11] \"ls\""), "{tree}");
    let a = analyze(src, &Limits::default());
    let programs: Vec<_> = a.units.iter().map(|u| u.program.as_deref()).collect();
    assert_eq!(programs, [Some("ls"), Some("rm")]);
}

#[test]
fn blocks_format() {
    let b = blocks("# header\n#--- one\na\nb\n#---two\n\nc\n");
    let got: Vec<(&str, &str)> = b
        .iter()
        .map(|b| (b.title.as_str(), b.input.as_str()))
        .collect();
    assert_eq!(got, [("one", "a\nb"), ("two", "\nc")]);
}
