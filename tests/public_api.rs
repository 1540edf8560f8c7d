//! The library's public surface, pinned: each intended item is used here (so removing or
//! renaming one fails to compile), and `src/lib.rs` declares no other public module or item.

use shclass::hook::{Agent, HookOptions, HookResponse, handle};
use shclass::{
    Access, Analysis, Answer, Approver, Arg, AuditLog, Context, Decision, Flag, FlagKind, Limits,
    LoadOptions, Mode, Operation, Outcome, PathVerdict, Policy, PolicyError, PolicyErrorKind,
    Reason, RememberScope, Risk, Session, SessionConfig, SessionError, SessionState, Source, Span,
    Unit, UnitAssignment, UnitRedirect, UnitVerdict, Verdict, VerifyError, VerifyReport, analyze,
    load, verify_audit_log,
};

#[test]
fn every_intended_item_is_usable() {
    let limits = Limits::default();
    let analysis: Analysis = analyze("ls | wc -l", &limits);
    let unit: &Unit = &analysis.units[0];
    let _: Option<&Arg> = unit.argv.first();
    let _: &[Context] = &unit.context;
    let _: &[UnitAssignment] = &unit.assignments;
    let _: &[UnitRedirect] = &unit.redirects;
    let _: Span = unit.span;
    let _: Vec<&Flag> = analysis.flags_of(FlagKind::Glob).collect();

    let opts = LoadOptions::new()
        .without_discovery()
        .with_mode(Mode::Default);
    let policy: Policy = load(&opts).unwrap_or_else(|e: PolicyError| panic!("{e}"));
    let v: Verdict = policy.classify("ls");
    assert_eq!(v.decision, Decision::Allow);
    assert!(v.risk <= Risk::Critical);
    let unit_verdict: &UnitVerdict = &v.units[0];
    assert_eq!(unit_verdict.operation, Operation::Read);
    let _: Option<&Reason> = v.reasons.first();
    let _: Option<&Source> = v.reasons.first().map(|r| &r.source);
    let _: Option<PolicyErrorKind> = None;
    let pv: PathVerdict = policy.check_path(Access::Read, "README.md");
    let _ = pv.decision;

    let config = SessionConfig::default().with_max_consecutive_denials(2);
    let mut session =
        Session::new(Policy::builtin().unwrap_or_else(|e| panic!("{e}"))).with_config(config);
    let mut outcome: Outcome = session.check_command("Bash", "git push");
    let answered: Result<Vec<String>, SessionError> = session.answer(&mut outcome, &Answer::No);
    assert!(answered.is_ok());
    let _: Approver = outcome.approved_by;
    let _ = RememberScope::Session;
    let _: SessionState = session.into_state();
    let _: fn(&std::path::Path) -> Result<VerifyReport, VerifyError> = verify_audit_log;
    let _ = AuditLog::new("/nonexistent/audit.jsonl");

    let opts = HookOptions::new(LoadOptions::new().without_discovery());
    let response: HookResponse = handle(Agent::Claude, b"not json", &opts);
    assert_ne!(response.exit_code, 0);
    // The same policy items under their module's name (the README's path).
    let _: shclass::policy::Decision = shclass::policy::Decision::Ask;
}

#[test]
fn verdict_serializes_as_the_cli_json() {
    let policy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let v = policy.classify("git status");
    let via_serde = serde_json::to_value(&v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(via_serde, v.to_json());
    assert_eq!(via_serde["schema"], 1);
    assert_eq!(via_serde["decision"], "allow");
}

/// The public declarations of `src/lib.rs`, as written there: each `pub` statement at the top
/// level, whitespace collapsed (a `use` with every name it re-exports).
#[test]
fn lib_declares_only_the_intended_public_items() {
    let text = include_str!("../src/lib.rs");
    let mut found: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if current.is_none() && line.starts_with("pub ") {
            current = Some(String::new());
        }
        if let Some(c) = current.as_mut() {
            c.push_str(line.trim());
            c.push(' ');
            if line.ends_with(';') || (line.ends_with('{') && !c.starts_with("pub use")) {
                found.push(c.trim().replace("{ ", "{").replace(" }", "}"));
                current = None;
            }
        }
    }
    let expected = [
        "pub mod hook;",
        "pub mod policy;",
        "pub use analyze::{Analysis, Arg, Context, Flag, FlagKind, Unit, UnitAssignment, UnitRedirect, analyze,};",
        "pub use ast::Span;",
        "pub use audit::{Approver, AuditLog, VerifyError, VerifyReport, verify as verify_audit_log};",
        "pub use policy::{Access, Decision, LoadOptions, Mode, Operation, PathVerdict, Policy, PolicyError, PolicyErrorKind, Reason, Risk, Source, UnitVerdict, Verdict, load,};",
        "pub use session::{Answer, Outcome, RememberScope, Session, SessionConfig, SessionError};",
        "pub use state::SessionState;",
        "pub fn cli_main() -> std::process::ExitCode {",
        "pub mod dev {",
        "pub struct Limits {",
    ];
    assert_eq!(
        found, expected,
        "a public item was added to or removed from src/lib.rs: update this list"
    );
    // Every other module is private.
    for m in [
        "analyze",
        "ast",
        "audit",
        "batch",
        "checks",
        "cli",
        "interactive",
        "parse",
        "session",
        "state",
        "wordlist",
    ] {
        assert!(
            text.contains(&format!("\nmod {m};")),
            "module {m} is not private"
        );
    }
}
