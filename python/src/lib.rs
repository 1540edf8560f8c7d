//! `shclass._native`: the Python bindings of the shclass library (`PyO3`, abi3 for `CPython` ≥ 3.9).
//!
//! Thin wrappers, no logic of their own: [`shclass::load`] and [`Policy::classify`]
//! decide, [`shclass::Session`] remembers and audits, [`shclass::hook::handle`] speaks
//! to agents. Results are wrapped, not copied: a `Verdict` holds the library's verdict behind an
//! `Arc` and builds Python objects only for what is read (units, reasons, `to_dict()`), so a call
//! costs the classification plus one small object. The GIL is released while a policy loads, a
//! command is classified, a session decides and a hook runs; a `Policy` is immutable and shared
//! between threads as it is, a `Session` behind a mutex.
//!
//! The enums (`Decision`, `Risk`, `Mode`) are `enum.Enum`s defined in Python
//! (`shclass/_enums.py`); this module looks their members up once and hands them out.
//! Spans are byte offsets into the UTF-8 input, as in the CLI's `--json`.
//!
//! Not exposed: the parser's AST, rule listing and linting, hook installation, `exec`/`repl`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};

use shclass::Access;
use shclass::Analysis as RsAnalysis;
use shclass::{
    self as rs, Decision as RsDecision, LoadOptions, Mode as RsMode, Operation, Risk as RsRisk,
};
use shclass::{self as rss, RememberScope};

create_exception!(
    shclass,
    ShclassError,
    PyException,
    "Base class of the errors shclass raises."
);
create_exception!(
    shclass,
    PolicyError,
    ShclassError,
    "A policy file (or Claude settings file) cannot be read or is invalid. `origin`, `line` and `field` say where."
);
create_exception!(
    shclass,
    SessionError,
    ShclassError,
    "A session operation failed: nothing to remember, or the project policy file cannot be written."
);
create_exception!(
    shclass,
    AuditError,
    ShclassError,
    "An audit log does not verify. `line` is the first broken line (0: the file cannot be read)."
);

// ---------------------------------------------------------------------------------------------
// Enums: members of the Python `enum.Enum`s, looked up once.

/// The members of `Decision`, `Risk` and `Mode`, in the order of the Rust enums.
struct Members {
    decision: [Py<PyAny>; 3],
    risk: [Py<PyAny>; 4],
    mode: [Py<PyAny>; 6],
}

static MEMBERS: PyOnceLock<Members> = PyOnceLock::new();

fn members(py: Python<'_>) -> PyResult<&Members> {
    MEMBERS.get_or_try_init(py, || {
        let m = py.import("shclass._enums")?;
        let get = |class: &str, name: &str| -> PyResult<Py<PyAny>> {
            Ok(m.getattr(class)?.getattr(name)?.unbind())
        };
        Ok(Members {
            decision: [
                get("Decision", "ALLOW")?,
                get("Decision", "ASK")?,
                get("Decision", "DENY")?,
            ],
            risk: [
                get("Risk", "LOW")?,
                get("Risk", "MEDIUM")?,
                get("Risk", "HIGH")?,
                get("Risk", "CRITICAL")?,
            ],
            mode: [
                get("Mode", "DEFAULT")?,
                get("Mode", "PLAN")?,
                get("Mode", "ACCEPT_EDITS")?,
                get("Mode", "AUTO")?,
                get("Mode", "STRICT")?,
                get("Mode", "BYPASS")?,
            ],
        })
    })
}

fn decision_obj(py: Python<'_>, d: RsDecision) -> PyResult<Py<PyAny>> {
    let i = match d {
        RsDecision::Allow => 0,
        RsDecision::Ask => 1,
        RsDecision::Deny => 2,
    };
    Ok(members(py)?.decision[i].clone_ref(py))
}

fn risk_obj(py: Python<'_>, r: RsRisk) -> PyResult<Py<PyAny>> {
    let i = match r {
        RsRisk::Low => 0,
        RsRisk::Medium => 1,
        RsRisk::High => 2,
        RsRisk::Critical => 3,
    };
    Ok(members(py)?.risk[i].clone_ref(py))
}

fn mode_obj(py: Python<'_>, m: RsMode) -> PyResult<Py<PyAny>> {
    let i = match m {
        RsMode::Default => 0,
        RsMode::Plan => 1,
        RsMode::AcceptEdits => 2,
        RsMode::Auto => 3,
        RsMode::Strict => 4,
        RsMode::Bypass => 5,
        _ => return Err(PyValueError::new_err(format!("unknown mode {}", m.name()))),
    };
    Ok(members(py)?.mode[i].clone_ref(py))
}

/// A mode given as a `Mode` member or its name (aliases as on the CLI).
fn mode_arg(mode: &Bound<'_, PyAny>) -> PyResult<RsMode> {
    let name: String = match mode.getattr("value") {
        Ok(v) if !mode.is_instance_of::<PyString>() => v.extract()?,
        _ => mode.extract()?,
    };
    RsMode::parse(&name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown mode `{name}`; use default, plan, accept-edits, auto, strict or bypass"
        ))
    })
}

// ---------------------------------------------------------------------------------------------
// Conversions.

/// A JSON value as plain Python objects (dict, list, str, int, float, bool, None).
fn json_to_py(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(match v {
        serde_json::Value::Null => py.None(),
        serde_json::Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_u64() {
                i.into_pyobject(py)?.into_any().unbind()
            } else if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any().unbind()
            } else {
                n.as_f64()
                    .unwrap_or(f64::NAN)
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
        }
        serde_json::Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        serde_json::Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(json_to_py(py, x)?)?;
            }
            list.into_any().unbind()
        }
        serde_json::Value::Object(o) => {
            let dict = PyDict::new(py);
            for (k, x) in o {
                dict.set_item(k, json_to_py(py, x)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

fn to_value(x: &impl serde::Serialize) -> PyResult<serde_json::Value> {
    serde_json::to_value(x).map_err(|e| ShclassError::new_err(e.to_string()))
}

fn to_pretty(x: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string_pretty(x).map_err(|e| ShclassError::new_err(e.to_string()))
}

fn policy_error(py: Python<'_>, e: &rs::PolicyError) -> PyErr {
    let err = PolicyError::new_err(e.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception object cannot fail short of memory exhaustion;
    // the message carries the same facts either way.
    let _ = value.setattr("origin", e.origin.clone());
    let _ = value.setattr("line", e.line);
    let _ = value.setattr("field", e.field.clone());
    err
}

fn session_error(e: &rss::SessionError) -> PyErr {
    SessionError::new_err(e.to_string())
}

/// `claude_settings`: `None`/`False` reads none, `True` the default files, a path that file.
#[expect(
    clippy::option_option,
    reason = "the shape of `LoadOptions::claude_settings`"
)]
fn claude_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Option<PathBuf>>> {
    let Some(v) = v else { return Ok(None) };
    if v.is_none() {
        return Ok(None);
    }
    if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
        return Ok(b.is_true().then_some(None));
    }
    Ok(Some(Some(v.extract::<PathBuf>()?)))
}

/// The load options of the keyword arguments, as the CLI builds them from its flags.
fn load_options(
    mode: Option<&Bound<'_, PyAny>>,
    cwd: Option<PathBuf>,
    policy_files: Vec<PathBuf>,
    claude_settings: Option<&Bound<'_, PyAny>>,
    discovery: bool,
) -> PyResult<LoadOptions> {
    let mut opts = LoadOptions::new();
    opts.cwd = cwd;
    opts.mode = mode.filter(|m| !m.is_none()).map(mode_arg).transpose()?;
    opts.policy_files = policy_files;
    opts.claude_settings = claude_arg(claude_settings)?;
    opts.no_discovery = !discovery;
    opts.managed = std::env::var_os("SHCLASS_MANAGED_POLICY").map(PathBuf::from);
    Ok(opts)
}

fn load(py: Python<'_>, opts: &LoadOptions) -> PyResult<rs::Policy> {
    py.detach(|| rs::load(opts))
        .map_err(|e| policy_error(py, &e))
}

fn span_tuple(s: shclass::Span) -> (usize, usize) {
    (s.start, s.end)
}

// ---------------------------------------------------------------------------------------------
// Policy.

/// A loaded policy: the built-in rules plus every configured source. Immutable; share one
/// between threads and calls.
#[pyclass(module = "shclass", frozen)]
struct Policy {
    inner: rs::Policy,
}

#[pymethods]
impl Policy {
    /// Load the built-in policy and the configured sources (as the CLI does).
    #[staticmethod]
    #[pyo3(signature = (*, mode=None, cwd=None, policy_files=Vec::new(), claude_settings=None, discovery=true))]
    fn load(
        py: Python<'_>,
        mode: Option<&Bound<'_, PyAny>>,
        cwd: Option<PathBuf>,
        policy_files: Vec<PathBuf>,
        claude_settings: Option<&Bound<'_, PyAny>>,
        discovery: bool,
    ) -> PyResult<Policy> {
        let opts = load_options(mode, cwd, policy_files, claude_settings, discovery)?;
        Ok(Policy {
            inner: load(py, &opts)?,
        })
    }

    /// Classify one command line.
    fn classify(&self, py: Python<'_>, command: String) -> Verdict {
        let v = py.detach(|| self.inner.classify(&command));
        Verdict { inner: Arc::new(v) }
    }

    /// The mode every classification uses.
    #[getter]
    fn mode(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        mode_obj(py, self.inner.mode)
    }

    /// The workspace root.
    #[getter]
    fn workspace(&self) -> PathBuf {
        self.inner.workspace().to_path_buf()
    }

    fn __repr__(&self) -> String {
        format!(
            "<shclass.Policy mode={} workspace={}>",
            self.inner.mode.name(),
            self.inner.workspace().display()
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Verdict, units, reasons, flags.

/// The explained verdict for a command line.
#[pyclass(module = "shclass", frozen)]
struct Verdict {
    inner: Arc<rs::Verdict>,
}

#[pymethods]
impl Verdict {
    /// allow, ask or deny.
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        decision_obj(py, self.inner.decision)
    }

    /// The highest risk among the reasons that count.
    #[getter]
    fn risk(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        risk_obj(py, self.inner.risk)
    }

    /// The mode it was decided in.
    #[getter]
    fn mode(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        mode_obj(py, self.inner.mode)
    }

    /// The command line, as given.
    #[getter]
    fn input(&self) -> &str {
        &self.inner.analysis.input
    }

    /// Every execution unit with its own decision.
    #[getter]
    fn units(&self, py: Python<'_>) -> PyResult<Vec<Py<Unit>>> {
        (0..self.inner.units.len())
            .map(|index| {
                let init = PyClassInitializer::from(AnalyzedUnit {
                    src: UnitSrc::Verdict(self.inner.clone()),
                    index,
                })
                .add_subclass(Unit {
                    verdict: self.inner.clone(),
                    index,
                });
                Py::new(py, init)
            })
            .collect()
    }

    /// Every reason that counts, most severe first.
    #[getter]
    fn reasons(&self) -> Vec<Reason> {
        reasons(&self.inner.reasons)
    }

    /// What the analysis noticed (pipelines, substitutions, parse errors…).
    #[getter]
    fn flags(&self) -> Vec<Flag> {
        flags(&self.inner.analysis)
    }

    /// The object of `shclass --json`, as plain Python values.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &to_value(&*self.inner)?)
    }

    /// The text of `shclass --json` (without its final newline).
    fn to_json(&self) -> PyResult<String> {
        to_pretty(&*self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<shclass.Verdict {} risk={} input={:?}>",
            self.inner.decision,
            risk_name(self.inner.risk),
            self.inner.analysis.input
        )
    }
}

fn risk_name(r: RsRisk) -> &'static str {
    match r {
        RsRisk::Low => "low",
        RsRisk::Medium => "medium",
        RsRisk::High => "high",
        RsRisk::Critical => "critical",
    }
}

fn reasons(rs: &[rs::Reason]) -> Vec<Reason> {
    rs.iter().map(|r| Reason { inner: r.clone() }).collect()
}

fn flags(a: &RsAnalysis) -> Vec<Flag> {
    a.flags
        .iter()
        .map(|f| Flag {
            kind: f.kind.name().to_owned(),
            span: span_tuple(f.span),
            detail: f.detail.clone(),
        })
        .collect()
}

/// Where a unit's analysis lives.
enum UnitSrc {
    Verdict(Arc<rs::Verdict>),
    Analysis(Arc<RsAnalysis>),
}

impl UnitSrc {
    fn unit(&self, index: usize) -> Option<&shclass::Unit> {
        match self {
            UnitSrc::Verdict(v) => v.analysis.units.get(index),
            UnitSrc::Analysis(a) => a.units.get(index),
        }
    }
}

/// One execution unit as the analysis sees it: the program and its canonical arguments.
#[pyclass(module = "shclass", frozen, subclass)]
struct AnalyzedUnit {
    src: UnitSrc,
    index: usize,
}

impl AnalyzedUnit {
    fn get(&self) -> PyResult<&shclass::Unit> {
        self.src
            .unit(self.index)
            .ok_or_else(|| ShclassError::new_err("unit index out of range"))
    }
}

#[pymethods]
impl AnalyzedUnit {
    /// The program (a bare name, or the path as written), `None` when it is not static.
    #[getter]
    fn program(&self) -> PyResult<Option<String>> {
        Ok(self.get()?.program.clone())
    }

    /// The program word as written when it had a directory part.
    #[getter]
    fn path(&self) -> PyResult<Option<String>> {
        Ok(self.get()?.path.clone())
    }

    /// The canonical arguments, program first; `None` for a word known only at run time.
    #[getter]
    fn argv(&self) -> PyResult<Vec<Option<String>>> {
        Ok(self
            .get()?
            .argv
            .iter()
            .map(|a| a.value.as_deref().map(str::to_owned))
            .collect())
    }

    /// Byte range in the input, from the program word to the last argument.
    #[getter]
    fn span(&self) -> PyResult<(usize, usize)> {
        Ok(span_tuple(self.get()?.span))
    }

    /// Wrappers stripped on the way, outermost first (`sudo`, `timeout`, `bash -c`…).
    #[getter]
    fn via(&self) -> PyResult<Vec<String>> {
        Ok(self.get()?.via.clone())
    }

    /// Levels of re-parsed code (`bash -c`, `eval`…) it is inside.
    #[getter]
    fn depth(&self) -> PyResult<usize> {
        Ok(self.get()?.depth)
    }

    /// Its standard input comes from a pipe.
    #[getter]
    fn piped(&self) -> PyResult<bool> {
        Ok(self.get()?.piped)
    }

    /// `xargs`/`parallel` append arguments read at run time.
    #[getter]
    fn appended_args(&self) -> PyResult<bool> {
        Ok(self.get()?.appended_args)
    }

    /// The unit as one command line in shell syntax.
    #[getter]
    fn command(&self) -> PyResult<String> {
        Ok(self.get()?.command_text())
    }

    /// This unit's object in the CLI's `--json` (`analyze --json` for an analysis).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let whole = match &self.src {
            UnitSrc::Verdict(v) => to_value(&**v)?,
            UnitSrc::Analysis(a) => to_value(&a.json_view())?,
        };
        json_to_py(
            py,
            whole
                .get("units")
                .and_then(|u| u.get(self.index))
                .unwrap_or(&serde_json::Value::Null),
        )
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("<shclass.Unit {:?}>", self.get()?.command_text()))
    }
}

/// One execution unit of a verdict: the analysis plus its own decision.
#[pyclass(module = "shclass", frozen, extends = AnalyzedUnit)]
struct Unit {
    verdict: Arc<rs::Verdict>,
    index: usize,
}

impl Unit {
    fn get(&self) -> PyResult<&rs::UnitVerdict> {
        self.verdict
            .units
            .get(self.index)
            .ok_or_else(|| ShclassError::new_err("unit index out of range"))
    }
}

#[pymethods]
impl Unit {
    /// The unit's decision (after the mode).
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        decision_obj(py, self.get()?.decision)
    }

    /// Its risk.
    #[getter]
    fn risk(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        risk_obj(py, self.get()?.risk)
    }

    /// The reasons that decided it, most severe first.
    #[getter]
    fn reasons(&self) -> PyResult<Vec<Reason>> {
        Ok(reasons(&self.get()?.reasons))
    }

    /// Proven read-only by the built-in catalogue.
    #[getter]
    fn read_only(&self) -> PyResult<bool> {
        Ok(self.get()?.read_only)
    }

    /// `"read"` when proven read-only and writing no file, else `"act"`.
    #[getter]
    fn operation(&self) -> PyResult<&'static str> {
        Ok(match self.get()?.operation {
            Operation::Read => "read",
            Operation::Act => "act",
        })
    }
}

/// Why a decision was reached.
#[pyclass(module = "shclass", frozen)]
struct Reason {
    inner: rs::Reason,
}

#[pymethods]
impl Reason {
    /// What this reason decides.
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        decision_obj(py, self.inner.decision)
    }

    /// The risk of what it found.
    #[getter]
    fn risk(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        risk_obj(py, self.inner.risk)
    }

    /// Rule id, check id, `flag:<kind>`, `mode:<name>` or `no-rule`.
    #[getter]
    fn rule(&self) -> String {
        self.inner.rule.to_string()
    }

    /// Where the rule came from (`builtin`, `user:PATH`, `project:PATH`, `cli:PATH`…).
    #[getter]
    fn source(&self) -> String {
        self.inner.source.to_string()
    }

    /// For people.
    #[getter]
    fn message(&self) -> &str {
        &self.inner.message
    }

    /// Byte range in the input.
    #[getter]
    fn span(&self) -> (usize, usize) {
        span_tuple(self.inner.span)
    }

    /// The unit it concerns, by index.
    #[getter]
    fn unit(&self) -> Option<usize> {
        self.inner.unit
    }

    /// This reason's object in the CLI's `--json`.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &to_value(&self.inner)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<shclass.Reason {} {} {:?}>",
            self.inner.decision, self.inner.rule, self.inner.message
        )
    }
}

/// Something the analysis noticed.
#[pyclass(module = "shclass", frozen, get_all)]
struct Flag {
    /// The kind, kebab-case (`pipeline`, `command-substitution`, `parse-error`…).
    kind: String,
    /// Byte range in the input.
    span: (usize, usize),
    /// Extra detail for people, empty when none.
    detail: String,
}

#[pymethods]
impl Flag {
    fn __repr__(&self) -> String {
        format!("<shclass.Flag {} {:?}>", self.kind, self.span)
    }
}

// ---------------------------------------------------------------------------------------------
// Analysis.

/// Every execution unit of a command line, with flags; no decision.
#[pyclass(module = "shclass", frozen)]
struct Analysis {
    inner: Arc<RsAnalysis>,
}

#[pymethods]
impl Analysis {
    /// The command line, as given.
    #[getter]
    fn input(&self) -> &str {
        &self.inner.input
    }

    /// Every unit that could run.
    #[getter]
    fn units(&self, py: Python<'_>) -> PyResult<Vec<Py<AnalyzedUnit>>> {
        (0..self.inner.units.len())
            .map(|index| {
                Py::new(
                    py,
                    AnalyzedUnit {
                        src: UnitSrc::Analysis(self.inner.clone()),
                        index,
                    },
                )
            })
            .collect()
    }

    /// What the analysis noticed.
    #[getter]
    fn flags(&self) -> Vec<Flag> {
        flags(&self.inner)
    }

    /// True when shclass could not see everything that would run.
    #[getter]
    fn opaque(&self) -> bool {
        self.inner.is_opaque()
    }

    /// The object of `shclass analyze --json`.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &to_value(&self.inner.json_view())?)
    }

    /// The text of `shclass analyze --json` (without its final newline).
    fn to_json(&self) -> PyResult<String> {
        to_pretty(&self.inner.json_view())
    }

    fn __repr__(&self) -> String {
        format!(
            "<shclass.Analysis {} units input={:?}>",
            self.inner.units.len(),
            self.inner.input
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Session.

/// An agent loop's memory: classify, a person's answers, remembered approvals, the denial
/// breaker, the rate limit, the audit log. Safe to share; calls are serialised.
#[pyclass(module = "shclass", frozen)]
struct Session {
    inner: Mutex<rss::Session>,
}

/// A decision in a session; `Session.answer` records what the person said.
#[pyclass(module = "shclass")]
struct Outcome {
    inner: rss::Outcome,
    verdict: Option<Arc<rs::Verdict>>,
}

impl Session {
    fn lock(&self) -> std::sync::MutexGuard<'_, rss::Session> {
        // A panic inside the library leaves no half-made decision behind: keep going.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn outcome(mut o: rss::Outcome) -> Outcome {
    let verdict = o.verdict.take().map(Arc::new);
    Outcome { inner: o, verdict }
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (*, mode=None, cwd=None, policy_files=Vec::new(), claude_settings=None, discovery=true, audit_log=None, agent="library", session_id=None, state=None, max_consecutive_denials=None, max_actions_per_hour=None))]
    #[expect(
        clippy::too_many_arguments,
        reason = "keyword arguments of one constructor"
    )]
    fn new(
        py: Python<'_>,
        mode: Option<&Bound<'_, PyAny>>,
        cwd: Option<PathBuf>,
        policy_files: Vec<PathBuf>,
        claude_settings: Option<&Bound<'_, PyAny>>,
        discovery: bool,
        audit_log: Option<PathBuf>,
        agent: &str,
        session_id: Option<&str>,
        state: Option<&Bound<'_, PyAny>>,
        max_consecutive_denials: Option<u32>,
        max_actions_per_hour: Option<u32>,
    ) -> PyResult<Session> {
        let opts = load_options(mode, cwd, policy_files, claude_settings, discovery)?;
        let policy = load(py, &opts)?;
        let audit = audit_log.or_else(|| {
            policy
                .audit_log
                .as_deref()
                .map(|p| policy.workspace().join(p))
        });
        // The policy files' `[session]` limits, under the arguments given.
        let mut config = rss::SessionConfig::from_policy(&policy);
        if let Some(n) = max_consecutive_denials {
            config.max_consecutive_denials = n;
        }
        if let Some(n) = max_actions_per_hour {
            config.max_actions_per_hour = n;
        }
        let mut s = rss::Session::new(policy)
            .with_config(config)
            .with_agent(agent, session_id);
        if let Some(a) = audit {
            s = s.with_audit(shclass::AuditLog::new(a));
        }
        if let Some(state) = state.filter(|s| !s.is_none()) {
            let text: String = if state.is_instance_of::<PyString>() {
                state.extract()?
            } else {
                py.import("json")?
                    .call_method1("dumps", (state,))?
                    .extract()?
            };
            let parsed: shclass::SessionState = serde_json::from_str(&text)
                .map_err(|e| PyValueError::new_err(format!("invalid session state: {e}")))?;
            s = s.with_state(parsed);
        }
        Ok(Session {
            inner: Mutex::new(s),
        })
    }

    /// Decide a command line (counted, audited).
    #[pyo3(signature = (command, *, tool="Bash"))]
    fn classify(&self, py: Python<'_>, command: String, tool: &str) -> Outcome {
        outcome(py.detach(|| self.lock().check_command(tool, &command)))
    }

    /// Decide a file tool's access to a path (`access` is `"read"`, `"write"`, `"search"` for a
    /// content search that reads every file under a directory, or `"list"` for a listing of
    /// names).
    #[pyo3(signature = (path, *, access="read", tool=None))]
    fn check_file(
        &self,
        py: Python<'_>,
        path: String,
        access: &str,
        tool: Option<&str>,
    ) -> PyResult<Outcome> {
        let (access, default_tool) = match access {
            "read" => (Access::Read, "Read"),
            "write" => (Access::Write, "Write"),
            "search" => (Access::Search, "Grep"),
            "list" => (Access::List, "Glob"),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown access `{other}`; use read, write, search or list"
                )));
            }
        };
        let tool = tool.unwrap_or(default_tool).to_owned();
        Ok(outcome(
            py.detach(|| self.lock().check_file(&tool, access, &path)),
        ))
    }

    /// Record what a person answered to an ask: `"allow"` (this once), `"deny"`, or `"always"`
    /// (allow and remember it narrowly; `remember` is `"session"`, `"project"` for the
    /// project's `.shclass.toml`, or a policy file path). Returns the remembered rules (TOML).
    #[pyo3(signature = (outcome, answer, *, remember="session"))]
    fn answer(
        &self,
        py: Python<'_>,
        mut outcome: PyRefMut<'_, Outcome>,
        answer: &str,
        remember: &str,
    ) -> PyResult<Vec<String>> {
        let answer = match answer {
            "allow" | "yes" => rss::Answer::Yes,
            "deny" | "no" => rss::Answer::No,
            "always" => {
                let scope = match remember {
                    "session" => RememberScope::Session,
                    "project" => RememberScope::ProjectFile(self.lock().project_policy_file()),
                    path => RememberScope::ProjectFile(PathBuf::from(path)),
                };
                rss::Answer::Always(scope)
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown answer `{other}`; use allow, deny or always"
                )));
            }
        };
        let out = &mut *outcome;
        let with_verdict = matches!(answer, rss::Answer::Always(_));
        if with_verdict {
            out.inner.verdict = out.verdict.as_deref().cloned();
        }
        let result = py.detach(|| self.lock().answer(&mut out.inner, &answer));
        out.inner.verdict = None;
        result.map_err(|e| session_error(&e))
    }

    /// What the session remembers (decisions, denials in a row, actions, reads, remembered
    /// rules) as plain Python values; pass it back as `Session(state=...)` to continue.
    #[getter]
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let v = to_value(self.lock().state())?;
        json_to_py(py, &v)
    }

    /// The mode of the session's policy.
    #[getter]
    fn mode(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        mode_obj(py, self.lock().policy().mode)
    }

    #[setter]
    fn set_mode(&self, mode: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = mode_arg(mode)?;
        self.lock().policy_mut().mode = m;
        Ok(())
    }

    /// The project policy file an "always" with `remember="project"` goes to.
    #[getter]
    fn project_policy_file(&self) -> PathBuf {
        self.lock().project_policy_file()
    }
}

#[pymethods]
impl Outcome {
    /// The final decision (after the person's answer, once answered).
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        decision_obj(py, self.inner.decision)
    }

    /// Its risk.
    #[getter]
    fn risk(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        risk_obj(py, self.inner.risk)
    }

    /// The mode it was decided in.
    #[getter]
    fn mode(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        mode_obj(py, self.inner.mode)
    }

    /// The agent's tool name (`Bash`, `Read`, `Write`…).
    #[getter]
    fn tool(&self) -> &str {
        &self.inner.tool
    }

    /// The command line or the path.
    #[getter]
    fn input(&self) -> &str {
        &self.inner.input
    }

    /// Session reasons first (a person's answer, rate limit, breaker…), then the engine's.
    #[getter]
    fn reasons(&self) -> Vec<Reason> {
        reasons(&self.inner.reasons)
    }

    /// The engine's verdict, for commands.
    #[getter]
    fn verdict(&self) -> Option<Verdict> {
        self.verdict.as_ref().map(|v| Verdict { inner: v.clone() })
    }

    /// The resolved path, for file tools.
    #[getter]
    fn path(&self) -> Option<PathBuf> {
        self.inner.path.clone()
    }

    /// Who decided: `policy`, `user`, `user-always`, `user-refused`…
    #[getter]
    fn approved_by(&self) -> PyResult<String> {
        Ok(to_value(&self.inner.approved_by)?
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }

    /// One line for people: the decision's reasons, most severe first.
    fn summary(&self) -> String {
        self.inner.summary()
    }

    fn __repr__(&self) -> String {
        format!(
            "<shclass.Outcome {} tool={} input={:?}>",
            self.inner.decision, self.inner.tool, self.inner.input
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Functions.

/// Load the policy (as the CLI does) and classify one command line.
#[pyfunction]
#[pyo3(signature = (command, *, mode=None, cwd=None, policy_files=Vec::new(), claude_settings=None, discovery=true))]
fn classify(
    py: Python<'_>,
    command: String,
    mode: Option<&Bound<'_, PyAny>>,
    cwd: Option<PathBuf>,
    policy_files: Vec<PathBuf>,
    claude_settings: Option<&Bound<'_, PyAny>>,
    discovery: bool,
) -> PyResult<Verdict> {
    let opts = load_options(mode, cwd, policy_files, claude_settings, discovery)?;
    let v = py
        .detach(|| rs::load(&opts).map(|p| p.classify(&command)))
        .map_err(|e| policy_error(py, &e))?;
    Ok(Verdict { inner: Arc::new(v) })
}

/// Every execution unit of a command line, with flags (`shclass analyze`).
#[pyfunction]
fn analyze(py: Python<'_>, command: String) -> Analysis {
    let a = py.detach(|| shclass::analyze(&command, &shclass::Limits::default()));
    Analysis { inner: Arc::new(a) }
}

/// Answer one agent hook call (`shclass hook AGENT`): `stdin_json` is what the agent writes on
/// the hook's standard input; the result is what the hook prints (empty: no opinion).
#[pyfunction]
#[pyo3(signature = (agent, stdin_json, *, mode=None, policy_files=Vec::new(), discovery=true, audit_log=None, state_dir=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "keyword arguments of one function"
)]
fn hook(
    py: Python<'_>,
    agent: &str,
    stdin_json: &Bound<'_, PyAny>,
    mode: Option<&Bound<'_, PyAny>>,
    policy_files: Vec<PathBuf>,
    discovery: bool,
    audit_log: Option<PathBuf>,
    state_dir: Option<PathBuf>,
) -> PyResult<String> {
    let agent = shclass::hook::Agent::parse(agent).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown agent `{agent}`; use claude, gemini or cursor"
        ))
    })?;
    let input: Vec<u8> = if let Ok(s) = stdin_json.cast::<PyString>() {
        s.to_cow()?.as_bytes().to_vec()
    } else {
        stdin_json.extract()?
    };
    let mut opts =
        shclass::hook::HookOptions::new(load_options(mode, None, policy_files, None, discovery)?);
    opts.audit_log = audit_log;
    opts.state_dir = state_dir;
    let r = py.detach(|| shclass::hook::handle(agent, &input, &opts));
    Ok(r.stdout.unwrap_or_default())
}

/// Check an audit log's hash chain; returns `(lines, head)` (the SHA-256 of the last line).
#[pyfunction]
fn verify_audit_log(py: Python<'_>, path: PathBuf) -> PyResult<(u64, String)> {
    match py.detach(|| shclass::verify_audit_log(&path)) {
        Ok(r) => Ok((r.lines, r.head)),
        Err(e) => {
            let err = AuditError::new_err(e.to_string());
            let _ = err.value(py).setattr("line", e.line);
            Err(err)
        }
    }
}

/// For `benches/python_classify.py`: one pass of the Rust library over `commands` with the
/// policy of `policy` (one `classify` call per command, no Python object made), in nanoseconds
/// per call. Measured in the same process as the Python pass it is compared with.
#[pyfunction]
fn _rust_classify_pass(py: Python<'_>, policy: &Policy, commands: Vec<String>) -> f64 {
    py.detach(|| {
        let start = std::time::Instant::now();
        for c in &commands {
            std::hint::black_box(policy.inner.classify(c));
        }
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let n = commands.len().max(1) as f64;
        start.elapsed().as_secs_f64() * 1e9 / n
    })
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Policy>()?;
    m.add_class::<Verdict>()?;
    m.add_class::<AnalyzedUnit>()?;
    m.add_class::<Unit>()?;
    m.add_class::<Reason>()?;
    m.add_class::<Flag>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Session>()?;
    m.add_class::<Outcome>()?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(hook, m)?)?;
    m.add_function(wrap_pyfunction!(verify_audit_log, m)?)?;
    m.add_function(wrap_pyfunction!(_rust_classify_pass, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ShclassError", py.get_type::<ShclassError>())?;
    m.add("PolicyError", py.get_type::<PolicyError>())?;
    m.add("SessionError", py.get_type::<SessionError>())?;
    m.add("AuditError", py.get_type::<AuditError>())?;
    Ok(())
}
