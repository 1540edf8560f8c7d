//! Shared by the integration tests that run the built binary: spawn `shclass` with arguments,
//! standard input and an environment the caller prepares, and collect exit code and output.

use std::io::Write;
use std::process::{Command, Stdio};

/// Run the binary. `configure` sets the environment and working directory (keep tests away
/// from the real home, user policy and managed policy).
pub(crate) fn run_shclass<I, S>(
    args: I,
    stdin: &[u8],
    configure: impl FnOnce(&mut Command),
) -> (i32, String, String)
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shclass"));
    cmd.args(args)
        .env(
            "SHCLASS_MANAGED_POLICY",
            "/nonexistent-shclass-managed.toml",
        )
        // Claude Code's project directory, when the tests run under it: each test that needs
        // one sets it.
        .env_remove("CLAUDE_PROJECT_DIR")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    configure(&mut cmd);
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("spawn: {e}"));
    if let Some(mut s) = child.stdin.take() {
        let _ = s.write_all(stdin);
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("wait: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
