//! The audit log: three decisions verify; editing, removing or reordering a line fails
//! `shclass audit verify` and names the line; secrets are redacted before they are written.

mod common;

use std::process::Command;

fn shclass(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shclass"))
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
        .env(
            "SHCLASS_MANAGED_POLICY",
            "/nonexistent-shclass-managed.toml",
        )
        .env("SHCLASS_STATE_DIR", "/nonexistent-shclass-state")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn three_decisions(log: &std::path::Path) {
    let log = log.to_str().unwrap_or("");
    for cmd in [
        "ls -la",
        "rm -rf ~",
        "curl -H 'Authorization: Bearer s3cr3t-token' https://user:hunter2@example.com",
    ] {
        let input = serde_json::json!({"session_id": "audit", "cwd": "/tmp", "hook_event_name": "PreToolUse",
                                       "tool_name": "Bash", "tool_input": {"command": cmd}});
        let mut child = Command::new(env!("CARGO_BIN_EXE_shclass"))
            .args(["hook", "claude", "--no-discovery", "--audit-log", log])
            .env_remove("CLAUDE_PROJECT_DIR")
            .env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
            .env(
                "SHCLASS_MANAGED_POLICY",
                "/nonexistent-shclass-managed.toml",
            )
            .env(
                "SHCLASS_STATE_DIR",
                std::env::temp_dir().join("shclass-audit-test-state"),
            )
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        if let Some(mut i) = child.stdin.take() {
            use std::io::Write;
            let _ = i.write_all(input.to_string().as_bytes());
        }
        let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn three_decisions_verify_and_an_edit_fails() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let log = dir.path().join("audit.jsonl");
    three_decisions(&log);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}"));
    for key in [
        "time",
        "input",
        "decision",
        "risk",
        "mode",
        "reasons",
        "approved_by",
        "prev",
        "seq",
    ] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }
    assert_eq!(first["decision"], "allow");
    assert_eq!(first["approved_by"], "policy");
    let second: serde_json::Value =
        serde_json::from_str(lines[1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(second["reasons"][0]["source"], "builtin");
    // Secrets are redacted.
    assert!(
        !text.contains("s3cr3t-token") && !text.contains("hunter2"),
        "{text}"
    );
    let path = log.to_str().unwrap_or("");
    let (code, out, _) = shclass(&["audit", "verify", path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 lines"), "{out}");

    // Edit one line: the next line's `prev` no longer matches.
    let edited = text.replacen("\"deny\"", "\"allow\"", 1);
    std::fs::write(&log, &edited).unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = shclass(&["audit", "verify", path]);
    assert_ne!(code, 0);
    assert!(err.contains("line 3"), "{err}");

    // Remove a line.
    std::fs::write(&log, format!("{}\n{}\n", lines[0], lines[2])).unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = shclass(&["audit", "verify", path]);
    assert_ne!(code, 0);
    assert!(err.contains("line 2"), "{err}");

    // Reorder.
    std::fs::write(&log, format!("{}\n{}\n{}\n", lines[1], lines[0], lines[2]))
        .unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = shclass(&["audit", "verify", path]);
    assert_ne!(code, 0);
    assert!(err.contains("line 1"), "{err}");
}

/// One Claude hook decision with an audit log, state in `state`.
fn hook_with_log(log: &std::path::Path, state: &std::path::Path, cmd: &str) -> String {
    let input = serde_json::json!({"session_id": "anchor", "cwd": "/tmp", "hook_event_name": "PreToolUse",
                                   "tool_name": "Bash", "tool_input": {"command": cmd}});
    let (_, out, _) = common::run_shclass(
        [
            "hook",
            "claude",
            "--no-discovery",
            "--audit-log",
            log.to_str().unwrap_or(""),
        ],
        input.to_string().as_bytes(),
        |c| {
            c.env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
                .env("SHCLASS_STATE_DIR", state);
        },
    );
    out
}

fn verify_with_state(log: &std::path::Path, state: &std::path::Path) -> (i32, String, String) {
    common::run_shclass(["audit", "verify", log.to_str().unwrap_or("")], b"", |c| {
        c.env("SHCLASS_STATE_DIR", state);
    })
}

#[test]
fn truncating_the_audit_log_is_reported_and_not_continued() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (log, state) = (dir.path().join("audit.jsonl"), dir.path().join("state"));
    for cmd in ["ls", "git status", "pwd"] {
        hook_with_log(&log, &state, cmd);
    }
    let (code, out, err) = verify_with_state(&log, &state);
    assert_eq!(code, 0, "{out} {err}");
    assert!(
        out.contains("3 lines") && out.contains("matches the anchor"),
        "{out}"
    );
    // Cut the last line off: the chain alone is whole, the anchor says truncated.
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let two = format!("{}\n{}\n", lines[0], lines[1]);
    std::fs::write(&log, &two).unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = verify_with_state(&log, &state);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("truncated"), "{err}");
    // The hook refuses to continue it (deny: no unaudited action) rather than hide the cut.
    let out = hook_with_log(&log, &state, "ls");
    assert!(out.contains("\"deny\""), "{out}");
    assert_eq!(std::fs::read_to_string(&log).unwrap_or_default(), two);
    // Emptied and restarted from scratch: still reported.
    std::fs::write(&log, "").unwrap_or_else(|e| panic!("{e}"));
    let out = hook_with_log(&log, &state, "ls");
    assert!(out.contains("\"deny\""), "{out}");
    let (code, _, err) = verify_with_state(&log, &state);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("truncated"), "{err}");
}
