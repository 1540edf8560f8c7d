//! `shclass exec`: an allowed command runs and returns its status; an ask with no terminal does
//! not run and exits 75; a deny does not run and exits 77. `shclass repl` explains lines.

use std::io::Write;
use std::process::{Command, Stdio};

fn shclass(args: &[&str], stdin: &[u8], cwd: &std::path::Path) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shclass"))
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
        .env(
            "SHCLASS_MANAGED_POLICY",
            "/nonexistent-shclass-managed.toml",
        )
        .env("SHCLASS_STATE_DIR", cwd.join("state"))
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut s) = child.stdin.take() {
        let _ = s.write_all(stdin);
    }
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn exec_runs_an_allowed_command() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join("marker-file"), "").unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path().to_str().unwrap_or("");
    let (code, out, err) = shclass(&["exec", "--no-discovery", "--", "ls", d], b"", dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("marker-file"), "{out}{err}");
    // The command's own status comes back.
    let (code, _, _) = shclass(
        &["exec", "--no-discovery", "--", "ls /nonexistent-dir-x"],
        b"",
        dir.path(),
    );
    assert_eq!(code, 2);
}

#[test]
fn exec_ask_without_terminal_does_not_run() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let target = dir.path().join("created-by-exec");
    let cmd = format!("touch {} && npm install left-pad", target.display());
    let (code, _, err) = shclass(&["exec", "--no-discovery", "--", &cmd], b"y\n", dir.path());
    assert_eq!(code, 75, "{err}");
    assert!(err.contains("no terminal"), "{err}");
    assert!(!target.exists(), "the command must not have run");
}

#[test]
fn exec_deny_does_not_run() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (code, _, err) = shclass(
        &["exec", "--no-discovery", "--", "rm -rf ~"],
        b"",
        dir.path(),
    );
    assert_eq!(code, 77, "{err}");
    assert!(err.contains("rm-recursive-root"), "{err}");
}

#[test]
fn repl_classifies_and_takes_slash_commands() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let input = b"ls -la\nnpm install x\n/why\n/mode plan\nnpm install x\n/rules\n/policy\nrm -rf /\nrm -rf /\n/quit\nls\n";
    let (code, out, err) = shclass(&["repl", "--no-discovery"], input, dir.path());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("allow"), "{out}");
    assert!(lines[1].starts_with("ask"), "{out}");
    assert!(out.contains("unit 1: npm install x → ask"), "{out}");
    assert!(out.contains("mode plan"), "{out}");
    assert!(out.contains("built-in rules"), "{out}");
    assert!(out.contains("workspace:"), "{out}");
    // Lines the REPL only explains never run: no denial breaker, however many denials.
    assert!(
        !out.contains("consider --mode plan"),
        "no breaker in the REPL: {out}"
    );
    assert_eq!(
        out.matches("\nallow").count(),
        0,
        "nothing after /quit: {out}"
    );
}

#[test]
fn exec_runs_only_the_analysed_command_whatever_bash_env_says() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let marker = dir.path().join("sourced");
    let rc = dir.path().join("rc.sh");
    std::fs::write(&rc, format!("touch {}\n", marker.display())).unwrap_or_else(|e| panic!("{e}"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_shclass"))
        .args(["exec", "--no-discovery", "--", "pwd"])
        .env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
        .env(
            "SHCLASS_MANAGED_POLICY",
            "/nonexistent-shclass-managed.toml",
        )
        .env("SHCLASS_STATE_DIR", dir.path().join("state"))
        .env("BASH_ENV", &rc)
        .env("ENV", &rc)
        .env("SHELLOPTS", "xtrace")
        .env("PS4", "$(touch /nonexistent-dir/x)")
        .env("BASH_FUNC_pwd%%", "() { touch /nonexistent-dir/y; }")
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!marker.exists(), "BASH_ENV was sourced");
    assert!(
        stdout.trim_end().ends_with(
            dir.path()
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("?")
        )
    );
}
