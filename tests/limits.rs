//! Pathological inputs against the [`Limits`]: each ends in a `too-long` or `too-deep` flag and a
//! decision of at least ask, within seconds, without a crash — as docs/limits.md
//! documents, limit by limit.
//!
//! Everything here runs on the test harness's own threads, whose stack is 2 MiB (the default
//! for spawned threads): hostile nesting must not overflow it even in a debug build, where the
//! deepest recursion the default `max_tree_depth` allows needs under 1 MiB.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use shclass::Limits;
use shclass::{Analysis, FlagKind, analyze};
use shclass::{Decision, Policy, Source, Verdict};

fn builtin() -> &'static Policy {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    POLICY.get_or_init(|| Policy::builtin().unwrap_or_else(|e| panic!("builtin policy: {e}")))
}

/// Every span lies inside the input, on char boundaries.
fn span_problems(a: &Analysis) -> Vec<String> {
    let input = &a.input;
    let mut spans: Vec<shclass::Span> = a.flags.iter().map(|f| f.span).collect();
    for u in &a.units {
        spans.push(u.span);
        spans.extend(u.argv.iter().map(|w| w.span));
        spans.extend(u.assignments.iter().map(|x| x.span));
        spans.extend(u.redirects.iter().map(|x| x.span));
    }
    spans
        .into_iter()
        .filter(|s| {
            s.start > s.end
                || s.end > input.len()
                || !input.is_char_boundary(s.start)
                || !input.is_char_boundary(s.end)
        })
        .map(|s| format!("span {s:?} outside the input or off a char boundary"))
        .collect()
}

fn flag_names(a: &Analysis) -> Vec<&'static str> {
    let mut v: Vec<_> = a.flags.iter().map(|f| f.kind.name()).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Classify `cmd` with the built-in policy under `limits`; assert it carries `flag`, is opaque and at least ask, and has sound spans.
fn assert_limited(what: &str, cmd: &str, limits: &Limits, flag: FlagKind) -> Verdict {
    let started = Instant::now();
    let verdict = builtin().decide(analyze(cmd, limits));
    let took = started.elapsed();
    let a = &verdict.analysis;
    assert!(
        a.flags_of(flag).next().is_some(),
        "{what}: no {} flag; flags {:?}",
        flag.name(),
        flag_names(a)
    );
    assert_ne!(verdict.decision, Decision::Allow, "{what}: allowed");
    assert!(a.is_opaque(), "{what}: not opaque");
    let problems = span_problems(a);
    assert!(problems.is_empty(), "{what}: {problems:?}");
    eprintln!(
        "{what}: {} bytes, {} units, {} flags, {}, {took:.2?}",
        cmd.len(),
        a.units.len(),
        a.flags.len(),
        verdict.decision.name()
    );
    verdict
}

/// `bash -c $'…'` nested `levels` deep around `rm -rf /`, quoted exactly as bash needs: inside
/// `$'…'` a backslash is `\x5c` and a quote `\x27`, so each level adds a constant number of
/// backslashes and the text grows quadratically rather than exponentially (2,000 levels are
/// 12 MB; any correct quoting of a string that holds quotes must grow).
fn nested_bash(levels: usize) -> String {
    let mut code = String::from("rm -rf /");
    for _ in 0..levels {
        let escaped = code.replace('\\', "\\x5c").replace('\'', "\\x27");
        code = format!("bash -c $'{escaped}'");
    }
    code
}

// --- max_tree_depth: too-deep ----------------------------------------------------------------

#[test]
fn substitutions_50_000_deep_are_too_deep() {
    let n = 50_000;
    let cmd = format!("{}rm -rf /{}", "$(".repeat(n), ")".repeat(n));
    assert_limited("50,000 `$(`", &cmd, &Limits::default(), FlagKind::TooDeep);
}

#[test]
fn subshells_50_000_deep_are_too_deep() {
    let n = 50_000;
    let cmd = format!("{}rm -rf /{}", "(".repeat(n), ")".repeat(n));
    assert_limited("50,000 `(`", &cmd, &Limits::default(), FlagKind::TooDeep);
}

/// Every recursive path of the lowering and the walker, each nested past the limit.
#[test]
fn every_kind_of_nesting_is_too_deep() {
    let n = 2_000;
    let q = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let inputs = [
        // A group whose only statement is another is flat (read to the end): `{ ls; … }`.
        format!("{}rm -rf /{}", "{ ls; ".repeat(n), "; }".repeat(n)),
        format!("echo {}x{}", "\"$(echo ".repeat(n), ")\"".repeat(n)),
        format!("echo {}x{}", "${a:-".repeat(n), "}".repeat(n)),
        format!("echo {}1{}", "$((".repeat(n), "))".repeat(n)),
        format!("{}ls{}", "if true; then ".repeat(n), "; fi".repeat(n)),
        format!("{}ls{}", "while true; do ".repeat(n), "; done".repeat(n)),
        format!("{}ls{}", "case x in x) ".repeat(n), ";; esac".repeat(n)),
        format!("{}ls{}", "f() { ".repeat(n), "; }".repeat(n)),
        format!("{}ls{}", "cat <(".repeat(n), ")".repeat(n)),
        format!("[[ {}1{} ]]", "( ".repeat(n), " )".repeat(n)),
        format!("a=({}1{})", "$(b=(".repeat(n), "))".repeat(n)),
        format!("{}x{}", "cat <<<$(".repeat(n), ")".repeat(n)),
        format!("{}x{}", "echo > $(".repeat(n), ")".repeat(n)),
        format!("{}ls{}", "x=$(".repeat(n), ")".repeat(n)),
        format!("{}ls{}", "time ( ".repeat(n), " )".repeat(n)),
        format!("{}ls{}", "for i in $(".repeat(n), "); do :; done".repeat(n)),
        format!("{}ls{}", "a && (".repeat(n), ")".repeat(n)),
        format!("{}ls{}", "a | (".repeat(n), ")".repeat(n)),
        format!("{}ls{}", "sudo bash -c \"$(".repeat(n), ")\"".repeat(n)),
        format!("echo $(( {}1{} ))", "(".repeat(n), ")".repeat(n)),
        format!(
            "bash -c {}",
            q(&format!("{}rm -rf /{}", "(".repeat(n), ")".repeat(n)))
        ),
        format!(
            "{}{}rm -rf /{}",
            "( ".repeat(90),
            "eval ".repeat(12),
            " )".repeat(90)
        ),
    ];
    for cmd in &inputs {
        let what: String = cmd.chars().take(24).collect();
        let v = builtin().classify(cmd);
        let a = &v.analysis;
        assert!(
            a.flags
                .iter()
                .any(|f| matches!(f.kind, FlagKind::TooDeep | FlagKind::TooLong)),
            "{what}…: no limit flag; flags {:?}",
            flag_names(a)
        );
        assert_ne!(v.decision, Decision::Allow, "{what}…: allowed");
        assert!(span_problems(a).is_empty(), "{what}…");
    }
}

/// Past the depth limit a subtree is read again from the top (its `too-deep` flag stays): a
/// catastrophe a few hundred levels deep denies, in command substitutions and in the text of
/// parameter operators and arithmetic, which bash expands too; what is harmless still asks.
#[test]
fn catastrophes_past_the_depth_limit_are_read() {
    let deny = [
        format!("echo {}rm -rf ~{}", "$(echo; ".repeat(300), ")".repeat(300)),
        format!(
            "x=a; echo ${{x#{}$(rm -rf ~){}}}",
            "${x#".repeat(120),
            "}".repeat(120)
        ),
        format!(
            "x=a; echo ${{x#{}$(rm -rf ~){}}}",
            "$[1+".repeat(150),
            "]".repeat(150)
        ),
        format!(
            "echo $(( {}$(rm -rf ~){} ))",
            "$((".repeat(150),
            "))".repeat(150)
        ),
        format!("[[ {}$(rm -rf ~){} ]]", "( ".repeat(150), " )".repeat(150)),
    ];
    for cmd in &deny {
        let what: String = cmd.chars().take(24).collect();
        let v = builtin().classify(cmd);
        assert!(
            v.analysis.flags.iter().any(|f| f.kind == FlagKind::TooDeep),
            "{what}…: no too-deep flag"
        );
        assert_eq!(v.decision, Decision::Deny, "{what}…");
        assert!(span_problems(&v.analysis).is_empty(), "{what}…");
    }
    let harmless = format!(
        "x=a; echo ${{x#{}$(id){}}}",
        "${x#".repeat(120),
        "}".repeat(120)
    );
    assert_eq!(builtin().classify(&harmless).decision, Decision::Ask);
}

/// Unclosed nesting is a parse error as well as too deep; never allowed.
#[test]
fn unclosed_nesting_is_not_allowed() {
    let n = 50_000;
    for (what, cmd) in [
        ("50,000 unclosed `$(`", "$(".repeat(n) + "rm -rf /"),
        ("50,000 unclosed `(`", "(".repeat(n) + "rm -rf /"),
        (
            "50,000 unclosed `\"$(`",
            "echo ".to_owned() + &"\"$(".repeat(n),
        ),
    ] {
        let v = builtin().classify(&cmd);
        assert_ne!(v.decision, Decision::Allow, "{what}");
        assert!(
            v.analysis.is_opaque(),
            "{what}: {:?}",
            flag_names(&v.analysis)
        );
    }
}

#[test]
fn a_smaller_depth_limit_is_honoured() {
    let mut limits = Limits::default();
    limits.max_tree_depth = 5;
    let cmd = format!("{}ls{}", "(".repeat(6), ")".repeat(6));
    assert_limited("6 `(` with a limit of 5", &cmd, &limits, FlagKind::TooDeep);
    let a = analyze("((((ls))))", &limits);
    assert!(a.flags_of(FlagKind::TooDeep).next().is_none());
}

// --- max_nesting: too-deep -------------------------------------------------------------------

#[test]
fn bash_c_2_000_deep_is_too_long() {
    // Properly quoted, 2,000 levels are 12 MB: over max_input_bytes before any nesting.
    let cmd = nested_bash(2_000);
    assert!(cmd.len() > 10_000_000);
    assert_limited(
        "2,000 nested bash -c",
        &cmd,
        &Limits::default(),
        FlagKind::TooLong,
    );
}

#[test]
fn bash_c_150_deep_is_too_deep() {
    // 150 levels (70 KB) fit in max_input_bytes: the nesting limit stops the descent.
    let cmd = nested_bash(150);
    assert!(cmd.len() < Limits::default().max_input_bytes);
    assert_limited(
        "150 nested bash -c",
        &cmd,
        &Limits::default(),
        FlagKind::TooDeep,
    );
}

#[test]
fn a_smaller_nesting_limit_is_honoured() {
    let mut limits = Limits::default();
    limits.max_nesting = 2;
    let v = assert_limited(
        "3 nested bash -c",
        &nested_bash(3),
        &limits,
        FlagKind::TooDeep,
    );
    assert!(
        v.analysis
            .units
            .iter()
            .all(|u| u.program.as_deref() != Some("rm"))
    );
    let v = builtin().decide(analyze(&nested_bash(2), &limits));
    assert_eq!(v.decision, Decision::Deny, "2 levels are within the limit");
}

// --- max_units, max_input_bytes, max_nodes, max_parse_time: too-long -------------------------

#[test]
fn and_chain_of_100_000_links_is_too_long() {
    // A chain is flat, not deep: it ends at the unit limit, not the depth limit.
    let cmd = "true && ".repeat(100_000) + "rm -rf /";
    let v = assert_limited(
        "100,000-link && chain",
        &cmd,
        &Limits::default(),
        FlagKind::TooLong,
    );
    assert!(v.analysis.flags_of(FlagKind::TooDeep).next().is_none());
}

#[test]
fn long_chains_within_the_limits_are_analysed_whole() {
    for sep in [" && ", " || ", "; ", "\n", " & "] {
        let cmd = format!("true{sep}").repeat(5_000) + "rm -rf /";
        let v = builtin().classify(&cmd);
        let a = &v.analysis;
        assert_eq!(a.units.len(), 5_001, "{sep:?}: {:?}", flag_names(a));
        assert!(!a.is_opaque(), "{sep:?}: {:?}", flag_names(a));
        assert_eq!(v.decision, Decision::Deny, "{sep:?}");
        assert_eq!(
            a.units.last().map(|u| &cmd[u.span.start..u.span.end]),
            Some("rm -rf /")
        );
    }
}

/// tree-sitter-bash parses a pipeline in quadratic time, in steps its progress callback cannot
/// interrupt: long pipelines are refused before parsing.
#[test]
fn long_pipelines_are_too_long_before_parsing() {
    let limits = Limits::default();
    for n in [limits.max_pipeline_stages, 16_000, 100_000] {
        let cmd = "true | ".repeat(n) + "rm -rf /";
        assert_limited(
            &format!("{n}-stage pipeline"),
            &cmd,
            &limits,
            FlagKind::TooLong,
        );
    }
    let cmd = "x=1 a |& ".repeat(50_000) + "b";
    assert_limited("50,000 `|&`", &cmd, &limits, FlagKind::TooLong);
    // Within the limit, the pipeline is analysed whole.
    let cmd = "true | ".repeat(300) + "rm -rf /";
    let v = builtin().classify(&cmd);
    assert_eq!(v.analysis.units.len(), 301);
    assert_eq!(v.decision, Decision::Deny);
    // Pipes in quotes, comments and separate pipelines do not count.
    let cmd = format!(
        "grep -E '{}' f | wc -l # {}",
        "a|".repeat(2_000),
        "|".repeat(2_000)
    );
    assert!(!analyze(&cmd, &limits).is_opaque());
    let cmd = "a | b; ".repeat(2_000);
    assert_eq!(analyze(&cmd, &limits).units.len(), 4_000);
}

#[test]
fn mixed_chain_keeps_every_command_in_order() {
    let ops = ["&&", "||", ";", "&&", "|", "||"];
    let mut cmd = String::from("c0");
    for i in 1..200 {
        cmd.push_str(&format!(" {} c{i}", ops[i % ops.len()]));
    }
    let a = analyze(&cmd, &Limits::default());
    let programs: Vec<String> = a.units.iter().filter_map(|u| u.program.clone()).collect();
    let expected: Vec<String> = (0..200).map(|i| format!("c{i}")).collect();
    assert_eq!(programs, expected);
}

#[test]
fn more_units_than_the_limit_is_too_long() {
    let limits = Limits::default();
    let cmd = "ls; ".repeat(limits.max_units + 1);
    let v = assert_limited("10,001 units", &cmd, &limits, FlagKind::TooLong);
    assert_eq!(v.analysis.units.len(), limits.max_units);
    let a = analyze(&"ls; ".repeat(limits.max_units), &limits);
    assert!(!a.is_opaque(), "exactly the limit is fine");
}

#[test]
fn brace_expansions_past_256_words_are_too_long() {
    // Bash makes every word (in memory, before the program starts); the analysis reads at
    // most 256, so the arguments past them are unknown.
    for cmd in [
        "echo {1..100000000}",
        "printf '%s\\n' {a..z}{a..z}",
        "cat {a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}",
        "rm -rf {1..1000}/../../x",
    ] {
        assert_limited(cmd, cmd, &Limits::default(), FlagKind::TooLong);
    }
    // 256 words are read, each one.
    let a = analyze("echo {1..256}", &Limits::default());
    assert!(!a.is_opaque());
    assert_eq!(a.units[0].args().count(), 256);
}

#[test]
fn five_megabyte_word_is_too_long() {
    let cmd = format!("echo {}", "x".repeat(5 << 20));
    assert_limited("5 MB word", &cmd, &Limits::default(), FlagKind::TooLong);
}

#[test]
fn a_word_just_under_the_input_limit_is_analysed() {
    let limits = Limits::default();
    let cmd = format!("echo {}", "x".repeat(limits.max_input_bytes - 5));
    assert_eq!(cmd.len(), limits.max_input_bytes);
    let v = builtin().decide(analyze(&cmd, &limits));
    assert!(!v.analysis.is_opaque(), "{:?}", flag_names(&v.analysis));
    assert_eq!(v.analysis.units.len(), 1);
}

#[test]
fn more_nodes_than_the_limit_is_too_long() {
    let mut limits = Limits::default();
    limits.max_nodes = 1_000;
    let cmd = format!("echo {}", "x ".repeat(1_000));
    assert_limited(
        "1,000 words, 1,000 nodes allowed",
        &cmd,
        &limits,
        FlagKind::TooLong,
    );
}

#[test]
fn a_parse_over_the_time_limit_is_too_long() {
    let mut limits = Limits::default();
    limits.max_parse_time = Duration::from_nanos(1);
    let cmd = "echo $(ls) && cat <<EOF | sh\nx\nEOF\n".repeat(20_000);
    let v = assert_limited("parse with a 1 ns budget", &cmd, &limits, FlagKind::TooLong);
    assert!(
        v.analysis
            .flags_of(FlagKind::TooLong)
            .any(|f| f.detail.contains("longer than")),
        "{:?}",
        v.analysis.flags
    );
    // The parser is reset after a cancelled parse: the next one on this thread works.
    let a = analyze("ls", &Limits::default());
    assert!(!a.is_opaque());
    assert_eq!(a.units.len(), 1);
}

// --- Outcomes are configurable ---------------------------------------------------------------

#[test]
fn a_policy_can_make_limit_flags_deny() {
    let mut policy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    policy
        .add_text(
            "[flags]\ntoo-deep = \"deny\"\ntoo-long = \"deny\"\n",
            "limits.toml",
            &Source::Cli("limits.toml".to_owned()),
            true,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let deep = format!("{}ls{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(policy.classify(&deep).decision, Decision::Deny);
    let long = format!("echo {}", "x".repeat(2 << 20));
    assert_eq!(policy.classify(&long).decision, Decision::Deny);
    // And the limits themselves are part of the policy.
    policy.limits.max_input_bytes = 10;
    assert_eq!(policy.classify("echo hello world").decision, Decision::Deny);
}

#[test]
fn limit_flags_cannot_be_ignored() {
    let mut policy = Policy::builtin().unwrap_or_else(|e| panic!("{e}"));
    let r = policy.add_text(
        "[flags]\ntoo-deep = \"ignore\"\n",
        "limits.toml",
        &Source::Cli("limits.toml".to_owned()),
        true,
    );
    let deep = format!("{}ls{}", "(".repeat(200), ")".repeat(200));
    assert!(
        r.is_err() || policy.classify(&deep).decision != Decision::Allow,
        "too-deep ignored"
    );
}

/// Backquotes in a long pipeline can keep tree-sitter's stack merging busy for minutes in one
/// step (`tests/regressions/backquoted-pipeline-stack-merge.bin`); such a text is parsed with
/// `$(…)` for the backquotes, the same program. What runs inside is still seen, where it is.
#[test]
fn backquotes_in_a_long_pipeline_are_read_as_dollar_parens() {
    let cmd = format!(
        "{}echo `echo \\`id\\` \\$HOME` | sort | echo \"`rm -rf ~`\"",
        "echo hi | ".repeat(12)
    );
    let v = builtin().classify(&cmd);
    assert_eq!(v.decision, Decision::Deny, "{cmd}");
    let texts: Vec<&str> = v
        .analysis
        .units
        .iter()
        .map(|u| &cmd[u.span.start..u.span.end])
        .collect();
    for want in ["rm -rf ~", "echo \\`id\\` \\$HOME", "id"] {
        assert!(texts.contains(&want), "{want:?} not among {texts:?}");
    }
    assert_eq!(v.analysis.units.len(), 12 + 6, "{texts:?}");
    // The same command as a short pipeline, parsed as written, has the same units.
    let short = "echo `echo \\`id\\` \\$HOME` | sort | echo \"`rm -rf ~`\"";
    let s = builtin().classify(short);
    assert_eq!(s.decision, Decision::Deny);
    assert_eq!(s.analysis.units.len(), 6);
    // A harmless one is still allowed: the rewrite adds no doubt of its own.
    let cmd = format!("{}echo `date +%s`", "echo hi | ".repeat(12));
    assert_eq!(builtin().classify(&cmd).decision, Decision::Allow, "{cmd}");
}
