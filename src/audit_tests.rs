//! What the audit log redacts: each input must lose its secret and keep a `***` in its place.
//! The table is the specification; a format added to `redact` gets a row here. Also: concurrent
//! appends keep one chain.

/// (input, the secret that must not survive).
const TABLE: &[(&str, &str)] = &[
    ("curl https://user:hunter2@example.com", "hunter2"),
    (
        "curl -H 'Authorization: Bearer abc.def.ghi' x",
        "abc.def.ghi",
    ),
    ("curl -u alice:s3cr3t https://x", "s3cr3t"),
    ("curl --user alice:s3cr3t https://x", "s3cr3t"),
    ("curl --user=alice:s3cr3t https://x", "s3cr3t"),
    ("mysql -uroot -pw4chtw0rt db", "w4chtw0rt"),
    ("sshpass -p 'open sesame' ssh host", "open sesame"),
    ("sshpass -p opensesame ssh host", "opensesame"),
    (
        "docker login -u me -p dckr_pat_abcdef registry.example",
        "dckr_pat_abcdef",
    ),
    ("redis-cli -a r3d1spass ping", "r3d1spass"),
    ("tool --password \"two words\"", "two words"),
    ("tool --token='q u o t e d'", "q u o t e d"),
    ("API_TOKEN=\"quoted value\" ./run", "quoted value"),
    ("STRIPE_KEY=plainvalue ./run", "plainvalue"),
    ("DB_PASSWORD=pw123456 ./run", "pw123456"),
    ("MY_SECRET='x y z' ./run", "x y z"),
    (
        "curl -H 'x: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U' x",
        "dozjgNryP4J3jVmNHl0w5N",
    ),
    ("echo sk_live_51Habcdefghijklmnop", "51Habcdefghijklmnop"),
    ("echo rk_live_51Habcdefghijklmnop", "51Habcdefghijklmnop"),
    ("echo sk_test_51Habcdefghijklmnop", "51Habcdefghijklmnop"),
    (
        "npm config set //r/:_authToken npm_abcdefghijklmnopqrstuvwxyz0123456789",
        "abcdefghijklmnopqrstuvwxyz0123456789",
    ),
    (
        "echo hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
        "abcdefghijklmnopqrstuvwxyzABCDEFGH",
    ),
    ("echo xapp-1-A0123-456789-abcdef", "A0123-456789-abcdef"),
    ("echo xoxb-1234567890-abcdefghij", "1234567890-abcdefghij"),
    ("echo xoxe-1234567890-abcdefghij", "1234567890-abcdefghij"),
    (
        "curl -H 'Authorization: x' ya29.a0AfH6SMBabcdefghij",
        "a0AfH6SMBabcdefghij",
    ),
    (
        "echo github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
        "11ABCDEFG0123456789_abcdefghijklmnop",
    ),
    ("echo glpat-abcdefghijklmnopqrst", "abcdefghijklmnopqrst"),
    (
        "echo ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "abcdefghijklmnopqrstuvwxyz0123456789",
    ),
    (
        "curl 'https://acct.blob.core.windows.net/c/f?sv=2020&sig=AbCdEf%2Bsecret%3D&se=1'",
        "AbCdEf%2Bsecret",
    ),
    (
        "curl 'https://b.s3.amazonaws.com/k?X-Amz-Signature=deadbeefcafe&X-Amz-Date=1'",
        "deadbeefcafe",
    ),
    (
        "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE",
        "IOSFODNN7EXAMPLE",
    ),
];

#[test]
fn every_secret_in_the_table_is_redacted() {
    let mut missed = Vec::new();
    for (input, secret) in TABLE {
        let out = super::redact(input);
        if out.contains(secret) || !out.contains("***") {
            missed.push(format!("{input}\n   → {out}"));
        }
    }
    assert!(missed.is_empty(), "not redacted:\n{}", missed.join("\n"));
}

#[test]
fn ordinary_commands_are_left_alone() {
    for input in [
        "git push origin main",
        "ls -la ~/project",
        "docker run -p 8080:80 nginx",
        "mysql -u root db",
        "tar -xzf a.tgz -C build",
        "KEYBOARD=us make",
    ] {
        assert_eq!(super::redact(input), input);
    }
}

#[test]
fn concurrent_appends_keep_one_chain() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let log = super::AuditLog::new(dir.path().join("a.jsonl"))
        .with_anchor(Some(dir.path().join("a.head")));
    let handles: Vec<_> = (0..8)
        .map(|i| {
            let log = log.clone();
            std::thread::spawn(move || {
                for j in 0..10 {
                    let e = super::AuditEntry {
                        time: "2026-01-01T00:00:00Z".into(),
                        agent: "test".into(),
                        session: None,
                        tool: "Bash".into(),
                        input: format!("echo {i} {j}"),
                        decision: crate::Decision::Allow,
                        risk: crate::Risk::Low,
                        mode: crate::Mode::Default,
                        reasons: vec![],
                        approved_by: super::Approver::Policy,
                    };
                    log.append(&e).unwrap_or_else(|e| panic!("{e}"));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap_or_else(|_| panic!("thread"));
    }
    let r = super::verify(log.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.lines, 80);
    // The anchor followed every append.
    let anchor = dir.path().join("a.head");
    let checked = super::check_anchor(log.path(), &r, Some(&anchor));
    assert_eq!(checked.ok().flatten(), Some(anchor));
}
