//! `database-wipe`: destructive statements given to database clients on the command line.
//!
//! Decision recorded in `deny.toml`'s header: database wipes are high-risk asks, not denies —
//! resetting a local or test database is routine, and only a person can tell it from
//! production; built-in denies could not be loosened for that person.

use regex_lite::Regex;
use std::sync::OnceLock;

use super::common::{ask, pipelines_of, prog, text, units_within};
use super::{Check, CheckCtx, Finding, declare_check};
use crate::decision::Risk;

declare_check! {
    /// **What it flags**: `DROP DATABASE`/`SCHEMA`/`TABLE`, `TRUNCATE`, `DELETE FROM`, `ALTER …
    /// DROP` given to `psql`, `mysql`, `mariadb`, `sqlite3`, `sqlcmd`, `clickhouse-client`,
    /// `duckdb`, `cockroach`, `cqlsh`, `snowsql` (as arguments or echoed into them through a
    /// pipe), `redis-cli FLUSHALL`/`FLUSHDB`, and `mongo`/`mongosh --eval` with
    /// `dropDatabase()`, `.drop()`, `deleteMany({})`.
    ///
    /// **Why it is risky**: the data is gone unless there is a backup, and a connection string
    /// may point at production.
    ///
    /// **Example**: `psql -c 'DROP DATABASE app'` → ask (high); `psql -c 'SELECT 1'` is not
    /// flagged.
    ///
    /// **Known gaps**: SQL in files (`psql -f`), heredocs and variables is not read; statements
    /// are recognised by keywords, not parsed.
    DatabaseWipe,
    "database-wipe"
}

fn pattern() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\bdrop\s+(database|schema|table|collection|keyspace|index|view)\b|\btruncate\b|\bdelete\s+from\b|\balter\s+table\b.*\bdrop\b|\bflushall\b|\bflushdb\b|dropDatabase\s*\(|\.drop\s*\(|deleteMany\s*\(\s*\{\s*\}|\bdb:(drop|reset)\b",
        )
        .ok()
    })
    .as_ref()
}

impl Check for DatabaseWipe {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        let a = cx.analysis;
        for (i, u) in a.units.iter().enumerate() {
            let Some(p) = prog(u).filter(|p| crate::programs::is_database_client(p)) else {
                continue;
            };
            // Compiled only when a database client is present: most commands never pay for it.
            let Some(re) = pattern() else { return };
            let mut texts: Vec<&str> = u.args().map(text).collect();
            if u.piped
                && let Some(span) = pipelines_of(a, u).first()
            {
                for (j, v) in units_within(a, *span) {
                    if j != i && matches!(prog(v), Some("echo" | "printf" | "cat")) {
                        texts.extend(v.args().map(text));
                    }
                }
            }
            if let Some(m) = texts.iter().find_map(|t| re.find(t)) {
                out.push(ask(
                    Some(i),
                    u.span,
                    Risk::High,
                    format!("`{p}` runs `{}`: destroys stored data", m.as_str()),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("psql -c 'DROP DATABASE prod'", Some(Decision::Ask)),
            ("mysql -e 'drop table users'", Some(Decision::Ask)),
            ("sqlite3 app.db 'DROP TABLE users'", Some(Decision::Ask)),
            (
                "echo 'DROP SCHEMA public CASCADE' | psql",
                Some(Decision::Ask),
            ),
            ("redis-cli FLUSHALL", Some(Decision::Ask)),
            ("mongosh --eval 'db.dropDatabase()'", Some(Decision::Ask)),
            ("psql -c 'TRUNCATE orders'", Some(Decision::Ask)),
            ("psql -c 'SELECT 1'", None),
            ("redis-cli GET x", None),
        ] {
            assert_eq!(decisions(&super::DatabaseWipe, cmd), want, "{cmd}");
        }
    }
}
