//! The audit log: one JSON line per decision, each carrying the SHA-256 of the line before it,
//! and the check that the chain is whole (`shclass audit verify`).
//!
//! A line records the time, the agent and session, the tool, the input (secrets redacted), the
//! decision, risk and mode, the reasons with their sources, and who approved. Appending takes an
//! exclusive lock on the log, so concurrent hook processes interleave whole lines and the chain
//! stays linear. [`verify`] names the first line that was edited, removed, inserted or reordered.
//! What a hash chain cannot show on its own, lines cut off the *end* of the file or a chain
//! restarted from scratch, the anchor shows: after every append the log's head (sequence number
//! and hash of the last line) is written to a small file in the user's state root
//! (`audit/<hash of the log's path>.head`, mode 0600), an append refuses to continue a log that
//! does not end at its anchor, and [`check_anchor`] (`shclass audit verify`) reports
//! "truncated" or "rewritten". Whoever can write the state root can move the anchor too; the
//! path policy keeps the agent out of it. [`redact`] removes tokens and passwords it
//! recognises; it is a pattern list, not a guarantee.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use regex_lite::Regex;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::policy::{Decision, Mode, Reason, Risk};

/// The `prev` of the first line.
pub(crate) const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Who decided or approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Approver {
    /// The policy decided (allow or deny) without asking anyone.
    Policy,
    /// The decision was ask; the agent asks its person (hooks).
    Pending,
    /// A person approved once.
    User,
    /// A person approved and asked to remember it.
    UserAlways,
    /// A person refused.
    UserRefused,
    /// Nobody could be asked (no terminal): refused.
    NoTerminal,
}

/// One reason as written to the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub(crate) struct AuditReason {
    /// `allow` / `ask` / `deny`.
    pub decision: String,
    /// Rule or check id.
    pub rule: String,
    /// Where it came from.
    pub source: String,
    /// For people (redacted).
    pub message: String,
}

/// One decision, before it is chained.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AuditEntry {
    /// RFC 3339 UTC time.
    pub time: String,
    /// `claude`, `gemini`, `cursor`, `exec`, `repl`, `library`…
    pub agent: String,
    /// The agent's session id, if any.
    pub session: Option<String>,
    /// The tool (`Bash`, `Read`, `run_shell_command`…).
    pub tool: String,
    /// The command or path, secrets redacted.
    pub input: String,
    /// The decision.
    pub decision: Decision,
    /// Its risk.
    pub risk: Risk,
    /// The mode.
    pub mode: Mode,
    /// The reasons, with their sources.
    pub reasons: Vec<AuditReason>,
    /// Who approved.
    pub approved_by: Approver,
}

/// The reasons of a decision as the log writes them (messages redacted).
pub(crate) fn audit_reasons(reasons: &[Reason]) -> Vec<AuditReason> {
    reasons
        .iter()
        .map(|r| AuditReason {
            decision: r.decision.name().to_owned(),
            rule: r.rule.to_string(),
            source: r.source.to_string(),
            message: redact(&r.message),
        })
        .collect()
}

/// An append-only, hash-chained log file.
#[derive(Debug, Clone)]
pub struct AuditLog {
    path: PathBuf,
    /// Where the head is kept.
    anchor: Anchor,
}

/// Where an [`AuditLog`] keeps its head.
#[derive(Debug, Clone)]
enum Anchor {
    /// [`default_anchor`].
    Default,
    /// This file.
    At(PathBuf),
    /// Nowhere.
    None,
}

impl AuditLog {
    /// A log at `path` (created on first append), anchored in the user's state root.
    pub fn new(path: impl Into<PathBuf>) -> AuditLog {
        AuditLog {
            path: path.into(),
            anchor: Anchor::Default,
        }
    }

    /// Keep the head in `anchor` instead of the default place (`None`: keep no anchor).
    #[must_use]
    pub fn with_anchor(mut self, anchor: Option<PathBuf>) -> AuditLog {
        self.anchor = anchor.map_or(Anchor::None, Anchor::At);
        self
    }

    fn anchor_path(&self) -> Option<PathBuf> {
        match &self.anchor {
            Anchor::Default => default_anchor(&self.path),
            Anchor::At(a) => Some(a.clone()),
            Anchor::None => None,
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append one entry under an exclusive lock: `seq` and `prev` come from the last line.
    pub(crate) fn append(&self, entry: &AuditEntry) -> io::Result<()> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        // Never through a link: it could point the log at a start-up file.
        if std::fs::symlink_metadata(&self.path).is_ok_and(|m| !m.file_type().is_file()) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "the audit log {} is not a regular file (a link?)",
                    self.path.display()
                ),
            ));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.path)?;
        file.lock()?;
        let anchor = self.anchor_path();
        let result = (|| {
            let last = last_line(&mut file)?;
            if let Some(a) = &anchor {
                self.check_head(a, last.as_deref())?;
            }
            let (seq, prev) = match last {
                None => (1, GENESIS.to_owned()),
                Some(line) => {
                    let v: serde_json::Value = serde_json::from_str(&line).map_err(|e| {
                        io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!("the last line of the audit log is not JSON: {e}"),
                        )
                    })?;
                    let seq = v
                        .get("seq")
                        .and_then(serde_json::Value::as_u64)
                        .ok_or_else(|| {
                            io::Error::new(
                                io::ErrorKind::InvalidData,
                                "the last line of the audit log has no seq",
                            )
                        })?;
                    (seq + 1, sha256_hex(line.as_bytes()))
                }
            };
            let mut obj = serde_json::to_value(entry).map_err(io::Error::other)?;
            if let Some(o) = obj.as_object_mut() {
                o.insert("seq".into(), serde_json::json!(seq));
                o.insert("prev".into(), serde_json::json!(prev));
            }
            let line = serde_json::to_string(&obj).map_err(io::Error::other)?;
            file.write_all(format!("{line}\n").as_bytes())?;
            file.sync_data()?;
            if let Some(a) = &anchor {
                write_anchor(a, seq, &sha256_hex(line.as_bytes()), &self.path)?;
            }
            Ok(())
        })();
        let _ = file.unlock();
        result
    }
}

impl AuditLog {
    /// Refuse to continue a log whose last line is not the head its anchor records.
    fn check_head(&self, anchor: &Path, last: Option<&str>) -> io::Result<()> {
        let Some((seq, hash)) = read_anchor(anchor)? else {
            return Ok(());
        };
        let (got_seq, got_hash) = match last {
            None => (0, GENESIS.to_owned()),
            Some(l) => (
                serde_json::from_str::<serde_json::Value>(l)
                    .ok()
                    .and_then(|v| v.get("seq").and_then(serde_json::Value::as_u64))
                    .unwrap_or(0),
                sha256_hex(l.as_bytes()),
            ),
        };
        if (got_seq, got_hash.as_str()) == (seq, hash.as_str()) {
            return Ok(());
        }
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the audit log {} does not end at line {seq}, where shclass left it (anchor {}): it was truncated or rewritten; see `shclass audit verify {}`, and to start a new log move this one away and delete the anchor",
                self.path.display(),
                anchor.display(),
                self.path.display()
            ),
        ))
    }
}

/// The default anchor of a log: `audit/<first 16 hex of the SHA-256 of its absolute path>.head`
/// in the state root (`None` without a state root).
pub(crate) fn default_anchor(log: &Path) -> Option<PathBuf> {
    let root = crate::state::state_root()?;
    let abs = match (log.parent(), log.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
        .map_or_else(|_| log.to_path_buf(), |d| d.join(name)),
        _ => log.to_path_buf(),
    };
    let key = sha256_hex(abs.to_string_lossy().as_bytes());
    Some(root.join("audit").join(format!("{}.head", &key[..16])))
}

/// The head an anchor records: `(seq, hash)`, or `None` when there is no anchor. An anchor
/// someone else could have written is an error.
fn read_anchor(anchor: &Path) -> io::Result<Option<(u64, String)>> {
    let text = match std::fs::read_to_string(anchor) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if let Some(why) = crate::policy::trust::not_private(anchor) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("the audit anchor {} is {why}", anchor.display()),
        ));
    }
    let mut words = text.split_whitespace();
    let head = words
        .next()
        .and_then(|s| s.parse::<u64>().ok())
        .zip(words.next().filter(|h| h.len() == 64));
    match head {
        Some((seq, hash)) => Ok(Some((seq, hash.to_owned()))),
        None => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the audit anchor {} is not `SEQ HASH PATH`",
                anchor.display()
            ),
        )),
    }
}

/// Record a log's head: `SEQ HASH PATH`, mode 0600, replaced by rename.
fn write_anchor(anchor: &Path, seq: u64, hash: &str, log: &Path) -> io::Result<()> {
    let dir = anchor
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::state::create_private_dir(dir)?;
    let tmp = anchor.with_extension(format!("{}.tmp", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let mut opts = OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let mut f = opts.open(&tmp)?;
    f.write_all(format!("{seq} {hash} {}\n", log.display()).as_bytes())?;
    drop(f);
    std::fs::rename(&tmp, anchor)
}

/// Compare a verified log with its anchor (`anchor`, else the default one): the chain must end
/// exactly at the recorded head. `Ok(None)`: no anchor to compare with.
pub(crate) fn check_anchor(
    log: &Path,
    report: &VerifyReport,
    anchor: Option<&Path>,
) -> Result<Option<PathBuf>, VerifyError> {
    let Some(anchor) = anchor
        .map(Path::to_path_buf)
        .or_else(|| default_anchor(log))
    else {
        return Ok(None);
    };
    let (seq, hash) = match read_anchor(&anchor) {
        Ok(Some(h)) => h,
        Ok(None) => return Ok(None),
        Err(e) => {
            return Err(VerifyError {
                line: report.lines + 1,
                message: e.to_string(),
            });
        }
    };
    if report.lines < seq {
        return Err(VerifyError {
            line: report.lines + 1,
            message: format!(
                "truncated: the anchor {} records {seq} lines, the log has {}",
                anchor.display(),
                report.lines
            ),
        });
    }
    if report.lines > seq {
        return Err(VerifyError {
            line: seq + 1,
            message: format!(
                "lines {}..={} were not written by shclass (the anchor {} records {seq} lines)",
                seq + 1,
                report.lines,
                anchor.display()
            ),
        });
    }
    if report.head != hash {
        return Err(VerifyError {
            line: seq,
            message: format!(
                "rewritten: the log's last line is not the one the anchor {} records",
                anchor.display()
            ),
        });
    }
    Ok(Some(anchor))
}

/// Why `path` cannot be an audit log (`None`: it can): it names a secret, a start-up file or a
/// protected file (`.git/…`, `.claude/…`, a policy file), where text the agent submits would
/// become code or configuration. `cwd` resolves a relative path.
pub(crate) fn unsuitable_log_path(path: &Path, cwd: &Path) -> Option<String> {
    let reasons = crate::policy::paths::decide_path(
        &[],
        cwd,
        crate::policy::paths::Access::Write,
        &path.to_string_lossy(),
        crate::ast::Span::default(),
        None,
    );
    reasons
        .into_iter()
        .find(|r| r.rule != "write-outside-workspace")
        .map(|r| {
            format!(
                "the audit log `{}` is not a log file ({}: {})",
                path.display(),
                r.rule,
                r.message
            )
        })
}

/// The last non-empty line of a file, read from the end.
fn last_line(file: &mut File) -> io::Result<Option<String>> {
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(None);
    }
    let mut chunk: u64 = 4096;
    loop {
        let start = len.saturating_sub(chunk);
        file.seek(SeekFrom::Start(start))?;
        let mut buf = Vec::with_capacity((len - start) as usize);
        Read::by_ref(file).take(len - start).read_to_end(&mut buf)?;
        let trimmed = buf.strip_suffix(b"\n").unwrap_or(&buf);
        if let Some(nl) = trimmed.iter().rposition(|&b| b == b'\n') {
            return Ok(Some(
                String::from_utf8_lossy(&trimmed[nl + 1..]).into_owned(),
            ));
        }
        if start == 0 {
            return Ok(Some(String::from_utf8_lossy(trimmed).into_owned()));
        }
        chunk *= 4;
    }
}

/// Lower-case hex SHA-256.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// What `verify` found in a whole chain.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyReport {
    /// Lines checked.
    pub lines: u64,
    /// SHA-256 of the last line (record it elsewhere to detect truncation).
    pub head: String,
}

/// The first line where the chain breaks (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct VerifyError {
    /// 1-based line number in the file.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

/// Check a whole log: every line JSON, `seq` counting up from 1, every `prev` the hash of the
/// line before.
pub fn verify(path: &Path) -> Result<VerifyReport, VerifyError> {
    let file = File::open(path).map_err(|e| VerifyError {
        line: 0,
        message: format!("cannot open {}: {e}", path.display()),
    })?;
    verify_reader(BufReader::new(file))
}

/// [`verify`] over any reader.
pub(crate) fn verify_reader(reader: impl BufRead) -> Result<VerifyReport, VerifyError> {
    let mut prev = GENESIS.to_owned();
    let mut n: u64 = 0;
    for line in reader.split(b'\n') {
        let line = line.map_err(|e| VerifyError {
            line: n + 1,
            message: format!("cannot read: {e}"),
        })?;
        n += 1;
        let err = |message: String| VerifyError { line: n, message };
        if line.is_empty() {
            return Err(err(
                "empty line (a line was removed or the file was edited)".into(),
            ));
        }
        let v: serde_json::Value =
            serde_json::from_slice(&line).map_err(|e| err(format!("not a JSON object: {e}")))?;
        let seq = v
            .get("seq")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| err("no `seq`".into()))?;
        let got_prev = v
            .get("prev")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| err("no `prev`".into()))?;
        if got_prev != prev {
            return Err(err(format!(
                "`prev` does not match the hash of line {}: line {} was edited, removed, inserted or moved",
                n - 1,
                n - 1
            )
            .replace("line 0", "the start")));
        }
        if seq != n {
            return Err(err(format!(
                "`seq` is {seq}, expected {n}: a line before it was removed or lines were reordered"
            )));
        }
        prev = sha256_hex(&line);
    }
    Ok(VerifyReport {
        lines: n,
        head: prev,
    })
}

fn patterns() -> &'static [(Regex, &'static str)] {
    static CELL: OnceLock<Vec<(Regex, &'static str)>> = OnceLock::new();
    CELL.get_or_init(|| {
        let table: &[(&str, &str)] = &[
            // user:password@ in URLs.
            (r"(?i)([a-z][a-z0-9+.-]*://[^/\s:@]*:)[^@\s/]+@", "${1}***@"),
            // Authorization / token headers.
            (
                r"(?i)\b((?:proxy-)?authorization\s*:\s*(?:bearer|basic|token|digest)?\s*)[^\s'\x22]+",
                "${1}***",
            ),
            (
                r"(?i)\b((?:x-api-key|api-key|x-auth-token|private-token|cookie)\s*:\s*)[^\s'\x22]+",
                "${1}***",
            ),
            // Quoted values of secret options and names: --password "a b", TOKEN='x'.
            (
                r#"(?i)(--?(?:password|passwd|pass|token|api[-_]?key|secret|client[-_]secret|access[-_]token|auth[-_]token)(?:=|\s+)|\b[A-Z0-9_]*(?:PASSWORD|PASSWD|TOKEN|SECRET|_KEY|API_?KEY|CREDENTIALS?)[A-Z0-9_]*=)(?:"[^"]*"|'[^']*')"#,
                "${1}'***'",
            ),
            // --password=x, --token x, --api-key=x, --secret x.
            (
                r"(?i)(--?(?:password|passwd|pass|token|api[-_]?key|secret|client[-_]secret|access[-_]token|auth[-_]token)(?:=|\s+))[^\s'\x22]+",
                "${1}***",
            ),
            // NAME=value where the name says secret.
            (
                r"(?i)\b([A-Z0-9_]*(?:PASSWORD|PASSWD|TOKEN|SECRET|_KEY|API_?KEY|CREDENTIALS?)[A-Z0-9_]*=)[^\s'\x22]+",
                "${1}***",
            ),
            // curl -u user:password, --user user:password, --user=user:password.
            (
                r"((?:\s-u|--user)(?:=|\s*)['\x22]?[^\s:'\x22]+:)[^\s'\x22]+",
                "${1}***",
            ),
            // JSON Web Tokens.
            (
                r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*",
                "eyJ***",
            ),
            // Signed URLs.
            (r"(?i)([?&](?:sig|signature|x-amz-signature|x-goog-signature)=)[^&\s'\x22]+", "${1}***"),
            // Well-known token shapes.
            (r"\bAKIA[0-9A-Z]{16}\b", "AKIA***"),
            (r"\bASIA[0-9A-Z]{16}\b", "ASIA***"),
            (r"\b(gh[pousr]_)[A-Za-z0-9]{20,}", "${1}***"),
            (r"\bgithub_pat_[A-Za-z0-9_]{20,}", "github_pat_***"),
            (r"\bglpat-[A-Za-z0-9_-]{20,}", "glpat-***"),
            (r"\b(xox[a-z]-)[A-Za-z0-9-]{10,}", "${1}***"),
            (r"\bxapp-[A-Za-z0-9-]{10,}", "xapp-***"),
            (r"\b([sr]k_(?:live|test)_)[A-Za-z0-9]{10,}", "${1}***"),
            (r"\bnpm_[A-Za-z0-9]{30,}", "npm_***"),
            (r"\bhf_[A-Za-z0-9]{30,}", "hf_***"),
            (r"\bya29\.[A-Za-z0-9_-]{10,}", "ya29.***"),
            (r"\bsk-[A-Za-z0-9_-]{20,}", "sk-***"),
            (r"\bAIza[0-9A-Za-z_-]{35}\b", "AIza***"),
            (
                r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)",
                "-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----",
            ),
        ];
        table
            .iter()
            .filter_map(|(re, with)| Regex::new(re).ok().map(|r| (r, *with)))
            .collect()
    })
}

fn mysql_password() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| Regex::new(r"(\s-p)[^\s'\x22]+").ok())
        .as_ref()
}

fn mysql_like() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|mysqlsh)\b")
            .ok()
    })
    .as_ref()
}

/// Replace recognised secrets with `***`: passwords in URLs, `Authorization:` headers,
/// `--password=`/`--token`/`--api-key` values and `NAME=value` where the name says secret
/// (quoted or not), `curl -u`/`--user user:pass`, `mysql -pSECRET`, `-p`/`-a` passwords of
/// sshpass, `docker login` and redis-cli, signed-URL signatures, JWTs, AWS access keys,
/// GitHub/GitLab/Slack/OpenAI/Stripe/npm/Hugging Face/Google OAuth tokens, private key blocks.
pub(crate) fn redact(input: &str) -> String {
    let mut s = input.to_owned();
    for (re, with) in patterns() {
        if re.is_match(&s) {
            s = re.replace_all(&s, *with).into_owned();
        }
    }
    if let (Some(prog), Some(pw)) = (mysql_like(), mysql_password())
        && prog.is_match(&s)
    {
        s = pw.replace_all(&s, "${1}***").into_owned();
    }
    if let (Some(prog), Some(pw)) = (password_flag_programs(), password_flag_value())
        && prog.is_match(&s)
    {
        s = pw.replace_all(&s, "${1}***").into_owned();
    }
    s
}

/// Programs whose `-p VALUE` or `-a VALUE` is a password (sshpass, `docker login`,
/// `podman login`, redis-cli).
fn password_flag_programs() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(
            r"\b(?:sshpass|redis-cli|(?:docker|podman|buildah|skopeo|helm\s+registry)\s+login)\b",
        )
        .ok()
    })
    .as_ref()
}

fn password_flag_value() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| Regex::new(r#"(\s-[pa]\s*)(?:"[^"]*"|'[^']*'|[^\s'"]+)"#).ok())
        .as_ref()
}

/// RFC 3339 UTC with seconds (`2026-05-01T12:00:00Z`), without a date library.
pub(crate) fn rfc3339(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn redacts_known_secrets() {
        let table: &[(&str, &str)] = &[
            (
                "git clone https://bob:hunter2@example.com/r.git",
                "git clone https://bob:***@example.com/r.git",
            ),
            (
                "curl -H 'Authorization: Bearer abc.def' https://x",
                "curl -H 'Authorization: Bearer ***' https://x",
            ),
            ("mysql -u root -psecret db", "mysql -u root -p*** db"),
            ("mkdir -pv build", "mkdir -pv build"),
            ("tool --password=hunter2 x", "tool --password=*** x"),
            ("tool --token abc123 x", "tool --token *** x"),
            (
                "GITHUB_TOKEN=abc123 gh pr list",
                "GITHUB_TOKEN=*** gh pr list",
            ),
            ("echo ghp_0123456789abcdefghijABCDEFGHIJ", "echo ghp_***"),
            ("aws s3 ls # AKIAIOSFODNN7EXAMPLE", "aws s3 ls # AKIA***"),
            ("curl -u admin:pw https://x", "curl -u admin:*** https://x"),
            ("ls -la", "ls -la"),
        ];
        for (input, want) in table {
            assert_eq!(&redact(input), want, "{input}");
        }
    }

    #[test]
    fn time_format() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_secs(1_700_000_000)),
            "2023-11-14T22:13:20Z"
        );
        let leap_day = 951_782_400; // 2000-02-29
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_secs(leap_day)),
            "2000-02-29T00:00:00Z"
        );
    }
}

#[cfg(test)]
#[path = "audit_tests.rs"]
mod table_tests;
