#!/usr/bin/env python3
"""Differential execve oracle: does shclass name every program bash really runs for a line?

For each command line it asks `shclass analyze --json` for the units, runs
`bash --noprofile --norc -c LINE` in the throw-away sandbox of `sandbox.py` under strace (from
outside the sandbox), and walks the bash process tree: every program a process below that bash
executed, or tried to execute, must be named by a unit (`program` or a stripped wrapper in
`via`), be acknowledged by an opaque flag (shclass says it cannot see what runs), or be an
accepted exception of `baseline.jsonl` (whose whole process subtree is then accepted). Anything
else is a MISS, and a miss makes the run exit 1.

Subcommands: `selftest` (hostile commands against canaries; must pass before any corpus runs),
`one LINE` (the report for one line), `run FILE…` (self-test, then corpora), `ci` (what `.ci/run`
calls: skips with a reason when namespaces or strace are missing), `parse FILE…` (the second
oracle: bash's own reading of a line through `declare -f`, compared with the units), `allowed
FILE…` (the invariant of allow: for each line shclass allows, every program bash runs is a unit;
no opaque flag, no baseline entry for a line).

What it does not do: run anything outside the sandbox but the fixture's `git init`, the
canary process and the self-test's listener; judge whether a command is risky (that is shclass).
"""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT_ROOT = os.path.dirname(os.path.dirname(HERE))
SANDBOX = os.path.join(HERE, "sandbox.py")
BASELINE = os.path.join(HERE, "baseline.jsonl")
DEFAULT_CORPORA = [
    os.path.join(HERE, "stress.jsonl"),
    os.path.join(PROJECT_ROOT, "tests/data/adversarial-public.jsonl"),
    os.path.join(PROJECT_ROOT, "tests/data/benign-public.jsonl"),
]
# The lines `workspaces` (and `ci`) decide and run in hostile checkouts (`workspaces.py`).
WORKSPACE_CORPORA = [
    os.path.join(PROJECT_ROOT, "tests/data/tldr-commands.txt"),
    os.path.join(PROJECT_ROOT, "tests/data/redteam3-benign.jsonl"),
    os.path.join(PROJECT_ROOT, "tests/data/benign-public.jsonl"),
]
# Allowed lines run per hostile checkout in `ci` (a seeded sample where there are more).
CI_WORKSPACE_LIMIT = 40
SHELLS = {"bash", "sh", "dash", "rbash", "ash", "ksh", "mksh", "zsh", "posh"}
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
UID_BASE = 1_000_000  # a run maps its worker w's uids 0…65535 to base + w * 65536 … outside
UID_SLOT = 16 * 65536  # uids of one run (16 workers at most); each run picks a random slot
SECONDS = 3.0
# Flags by which shclass says it cannot see everything that runs (`FlagKind::is_opaque`, plus
# `source`: a file's content runs in the shell).
OPAQUE = {
    "command-position-expansion",
    "dynamic-code",
    "pipe-to-shell",
    "too-deep",
    "too-long",
    "parse-error",
    "unsupported-syntax",
    "source",
}
STRACE = [
    "strace", "-f", "-qq", "--seccomp-bpf", "--pidns-translation",
    "-e", "trace=execve,execveat,clone,clone3,fork,vfork,connect,sendto,sendmsg", "-e", "signal=none", "-s", "256",
]  # fmt: skip

PROJECT_FILES = {
    ".env": "API_KEY=fake-not-a-secret\nDATABASE_URL=postgres://u:fake@localhost/demo\n",
    "README.md": "# demo\n\nA fake project for the differential oracle.\n",
    "package.json": json.dumps(
        {
            "name": "demo",
            "version": "1.0.0",
            "scripts": {"test": "id", "build": "ls", "start": "node index.js"},
        },
        indent=2,
    )
    + "\n",
    "index.js": 'console.log("hi");\n',
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/main.rs": 'fn main() {\n    println!("hi");\n}\n',
    "Makefile": "all:\n\tid\n\nlist:\n\tls\n",
    "script.sh": "#!/bin/sh\nid\n",
    "tool.py": "print('hi')\n",
    "notes.txt": "one\ntwo\nthree\n",
}
EXECUTABLE = {"script.sh"}
HOME_FILES = {".gitconfig": "[user]\n\tname = u\n\temail = u@example.invalid\n"}


# ---------------------------------------------------------------- the fixture and the sandbox


class Sandbox:
    """A work directory with the fake project template and the mount point for sandbox roots."""

    def __init__(self, shclass):
        self.shclass = shclass
        self.dir = tempfile.mkdtemp(prefix="shclass-oracle-")
        os.chmod(self.dir, 0o755)  # the sandbox's root (an unmapped uid outside) reads the template
        self.template = os.path.join(self.dir, "tpl")
        self.root = os.path.join(self.dir, "root")
        os.makedirs(self.root)
        self.workers = {}
        self.lock = threading.Lock()
        self.uid_base = UID_BASE + secrets.randbelow(1000) * UID_SLOT
        make_template(self.template)

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def worker(self):
        """A small number for this thread: its uid range outside the sandbox."""
        with self.lock:
            return self.workers.setdefault(threading.get_ident(), len(self.workers))

    def run(self, cmd, seconds=SECONDS):
        """Run CMD in a fresh sandbox under strace: (sandbox report, strace text)."""
        w = self.worker()
        fd, log = tempfile.mkstemp(prefix="strace-", dir=self.dir)
        os.close(fd)
        argv = [*STRACE, "-o", log, PYTHON, "-I", "-S", "-B", SANDBOX, self.root, self.template,
                str(self.uid_base + w % 16 * 65536), str(seconds), cmd]  # fmt: skip
        try:
            p = subprocess.run(
                argv, capture_output=True, timeout=seconds + 10, stdin=subprocess.DEVNULL, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
            )
            out, err, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            out, err, rc = e.stdout or b"", b"sandbox: did not end", None
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
        finally:
            os.unlink(log)
        try:
            report = json.loads(out.decode("utf-8", "replace").strip().splitlines()[-1])
        except (ValueError, IndexError):
            report = {"status": None, "timeout": False, "output": "", "error": f"rc={rc} {err.decode('utf-8', 'replace').strip()}"}
        return report, text


def open_to_all(tree):
    """Make every directory of TREE searchable and every file readable by the sandbox's
    unprivileged user."""
    for top, dirs, files in os.walk(tree):
        for name in dirs:
            os.chmod(os.path.join(top, name), 0o755)
        for name in files:
            path = os.path.join(top, name)
            os.chmod(path, os.stat(path).st_mode | 0o444)
    os.chmod(tree, 0o755)


def make_template(tpl):
    """The fake project (a git repository with one commit) and home directory."""
    project, home = os.path.join(tpl, "project"), os.path.join(tpl, "home")
    for base, files in [(project, PROJECT_FILES), (home, HOME_FILES)]:
        for name, text in files.items():
            path = os.path.join(base, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            os.chmod(path, 0o755 if name in EXECUTABLE else 0o644)
    git = shutil.which("git")
    if git:
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "GIT_CONFIG_NOSYSTEM": "1"}
        for args in [["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "initial commit"]]:
            subprocess.run([git, *args], cwd=project, env=env, check=True, stdout=subprocess.DEVNULL)
        hooks = os.path.join(project, ".git", "hooks")
        shutil.rmtree(hooks, ignore_errors=True)
        os.mkdir(hooks)
    open_to_all(tpl)


# ---------------------------------------------------------------- reading strace


def c_string(s, i):
    """Decode strace's C string starting at s[i] == '"': (text, index after it)."""
    out = bytearray()
    i += 1
    while i < len(s) and s[i] != '"':
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            simple = {"n": 10, "t": 9, "r": 13, "v": 11, "f": 12, "a": 7, "b": 8, '"': 34, "\\": 92}
            if n in simple:
                out.append(simple[n])
                i += 2
            elif n == "x":
                out.append(int(s[i + 2 : i + 4], 16))
                i += 4
            else:
                m = re.match(r"[0-7]{1,3}", s[i + 1 :])
                digits = m.group(0) if m else "0"
                out.append(int(digits, 8) & 0xFF)
                i += 1 + len(digits)
        else:
            out += c.encode()
            i += 1
    return out.decode("utf-8", "replace"), i + 1


def exec_call(body):
    """(path, argv) of an `execve(…)`/`execveat(…)` line body."""
    i = body.index("(") + 1
    if body.startswith("execveat"):
        i = body.index(",", i) + 1
        while body[i] == " ":
            i += 1
    path = ""
    if body[i] == '"':
        path, i = c_string(body, i)
    argv = []
    j = body.find("[", i)
    if j >= 0:
        i = j + 1
        while i < len(body) and body[i] == '"':
            word, i = c_string(body, i)
            if body[i : i + 3] == "...":
                i += 3
            argv.append(word)
            if body[i : i + 2] != ", ":
                break
            i += 2
    return path, argv


def events(text):
    """The execve and clone events of a strace log, in order: (pid, kind, data)."""
    pending = {}
    for line in text.splitlines():
        m = re.match(r"(\d+)\s+(.*)", line)
        if not m:
            continue
        pid, body = int(m.group(1)), m.group(2)
        if body.endswith("<unfinished ...>"):
            pending[pid] = body[: -len("<unfinished ...>")]
            continue
        r = re.match(r"<\.\.\. \w+ resumed>(.*)", body)
        if r:
            body = pending.pop(pid, "") + r.group(1)
        call = body.split("(", 1)[0]
        if call in ("execve", "execveat"):
            path, argv = exec_call(body)
            res = re.search(r"\)\s*=\s*(-?\d+)(?:\s+([A-Z]\w*))?(?:\s+\([^)]*\))?\s*$", body)
            ok = bool(res) and res.group(1) == "0"
            yield pid, "exec", (path, argv, ok, res.group(2) if res and not ok else None)
        elif call in ("connect", "sendto", "sendmsg"):
            # An address of the internet families: the namespace has no network, so the call
            # fails, but the attempt is what a line reaching the network does.
            m = re.search(r"sa_family=(AF_INET6?)\b(.*?)\}", body)
            if m:
                yield pid, "connect", f"{call} {m.group(1)}{m.group(2)}"
        elif call in ("clone", "clone3", "fork", "vfork"):
            res = re.search(r"=\s*(\d+)(?: /\* (\d+) in strace's PID NS \*/)?\s*$", body)
            if res:
                yield pid, "fork", int(res.group(2) or res.group(1))


# ---------------------------------------------------------------- what ran vs what was named


def analyze(shclass, cmd):
    """shclass's reading: (predicted program names, opaque flag kinds, error)."""
    try:
        p = subprocess.run([shclass, "analyze", "--json", "--", cmd], capture_output=True, timeout=30, env={"PATH": "/usr/bin:/bin"})
        data = json.loads(p.stdout)
    except (subprocess.TimeoutExpired, ValueError, OSError) as e:
        return set(), set(), f"analyze failed: {e}"
    names = set()
    for unit in data.get("units", []):
        for name in [unit.get("program") or "", *(unit.get("via") or [])]:
            if name:
                names.add(os.path.basename(name))
    opaque = {f["kind"] for f in data.get("flags", []) if f.get("kind") in OPAQUE}
    return names, opaque, None


class Baseline:
    """Reviewed, accepted exceptions: `by` (the program that ran it, a glob), `runs` (a glob),
    optionally `cmd` (exactly one corpus line), and a `reason`."""

    def __init__(self, path):
        self.entries = []
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("//"):
                    continue
                e = json.loads(line)
                unknown = set(e) - {"by", "runs", "cmd", "reason"}
                if unknown or "runs" not in e or not e.get("reason"):
                    raise SystemExit(f"{path}:{n}: an entry needs `runs` and `reason` (and only by/cmd besides)")
                e["line"] = n
                self.entries.append(e)
        self.used = set()

    def match(self, cmd, by, runs):
        for e in self.entries:
            if "cmd" in e and e["cmd"] != cmd:
                continue
            if fnmatch.fnmatchcase(by, e.get("by", "*")) and fnmatch.fnmatchcase(runs, e["runs"]):
                self.used.add(e["line"])
                return e
        return None


def shell_with_code_string(argv):
    """`sh -c CODE` (or `-ec`, `-xc`…): the options before the first operand include `c`."""
    for a in argv[1:]:
        if not a.startswith("-") or a in ("-", "--"):
            return False
        if not a.startswith("--") and "c" in a:
            return True
    return False


def walk(cmd, evs, predicted, opaque, baseline):
    """Every program tried below the command's bash (EVS: the strace log's `events`), judged:
    (records, found the bash).

    A process's image is the program it runs, by name. An exec is judged by that image:
    `named` (a unit names it), `interpreter` (a `#!/usr/bin/env X` script starting X: the
    interpreter gets the script's path as argv[1]), `shell -c` (a program, not a shell, running
    a command string through a shell: the string's programs are judged as that program's),
    `opaque` (a flag says shclass cannot see everything), `baseline` (an accepted exception:
    nothing below it is judged) or `MISS` (nothing below it is judged either)."""
    state = {}  # pid -> {image, path, status}: status tracked, accepted (baseline) or missed
    records, index = [], {}
    root_found = False
    # A vfork child (posix_spawn) execs before its parent's fork call returns in the log.
    parent = {child: pid for pid, kind, child in evs if kind == "fork"}
    for pid, kind, data in evs:
        if kind == "fork":
            if pid in state and data not in state:
                state[data] = dict(state[pid])
            continue
        if kind != "exec":
            continue
        path, argv, ok, err = data
        if pid not in state and parent.get(pid) in state:
            state[pid] = dict(state[parent[pid]])
        if pid not in state:
            if not root_found and ok and argv[:4] == ["bash", "--noprofile", "--norc", "-c"]:
                root_found = True
                state[pid] = {"image": "bash", "path": path, "status": "tracked"}
            continue
        st = state[pid]
        name = os.path.basename(path) or os.path.basename(argv[0] if argv else "")
        if st["status"] != "tracked":
            verdict = None
        elif name in predicted:
            verdict = "named"
        elif argv[1:2] == [st["path"]]:
            verdict = "interpreter"
        elif name in SHELLS and st["image"] not in SHELLS and shell_with_code_string(argv):
            verdict = "shell -c"
        elif opaque:
            verdict = "opaque"
        elif baseline.match(cmd, st["image"], name):
            verdict = "baseline"
        else:
            verdict = "MISS"
        if verdict:
            key = (st["image"], name, verdict)
            if key in index:
                index[key]["ok"] = index[key]["ok"] or ok
            else:
                index[key] = {"by": st["image"], "runs": name, "verdict": verdict, "ok": ok, "error": err, "argv": argv[:8]}
                records.append(index[key])
        if ok or err == "ENOEXEC":  # ENOEXEC: a file without #!, which bash runs itself
            if verdict in ("interpreter", "shell -c"):
                st["path"] = path
            else:
                st["image"], st["path"] = name, path
            if verdict == "baseline":
                st["status"] = "accepted"
            elif verdict == "MISS":
                st["status"] = "missed"
    return records, root_found


def check(box, cmd, seconds=SECONDS):
    """One line: analyze, run, compare."""
    predicted, opaque, error = analyze(box.shclass, cmd)
    report, text = box.run(cmd, seconds)
    evs = list(events(text))
    records, root = walk(cmd, evs, predicted, opaque, box.baseline)
    if not root and not error:
        error = "bash did not start: " + report.get("error", "no exec recorded")
    return {
        "cmd": cmd,
        "predicted": sorted(predicted),
        "opaque": sorted(opaque),
        "execs": records,
        "connects": sorted({data for _, kind, data in evs if kind == "connect"}),
        "changes": [tuple(c) for c in report.get("changes", [])],
        "misses": [r for r in records if r["verdict"] == "MISS"],
        "status": report.get("status"),
        "timeout": report.get("timeout"),
        "output": report.get("output", "")[:2000],
        "error": error,
    }


# ---------------------------------------------------------------- the self-test


# Tries to start 500 processes that each wait 2 s (a bounded loop, not a fork bomb); prints how
# many it started.
SPAWN_500 = (
    "python3 -c 'import os, time\n"
    "n = 0\n"
    "for i in range(500):\n"
    "    try:\n"
    "        if os.fork() == 0:\n"
    "            time.sleep(2); os._exit(0)\n"
    "        n += 1\n"
    "    except OSError:\n"
    "        break\n"
    "print(n)'"
)


def selftest(box):
    """Hostile commands against canaries; True when nothing escaped. Prints each check."""
    results = []

    def expect(name, ok, detail=""):
        results.append(ok)
        print(f"  {'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail and not ok else ''}")

    # 1. Harmless commands first: the sandbox starts, strace sees bash and what it runs.
    r = check(box, "id; env id")
    runs = {(e["by"], e["runs"]) for e in r["execs"]}
    expect("harmless: bash starts as uid 1000 and strace sees it", not r["error"] and "uid=1000" in r["output"], r["error"] or r["output"])
    expect("harmless: every exec recorded (bash ran id, env ran id)", {("bash", "id"), ("bash", "env"), ("env", "id")} <= runs, str(runs))
    r = check(box, "make -s")  # make starts its recipe with posix_spawn (vfork)
    expect("harmless: a vfork child's exec recorded (make ran id)", ("make", "id") in {(e["by"], e["runs"]) for e in r["execs"]}, str(r["execs"]))
    r = check(box, "ls -a /; ls -a /project; cat /proc/self/status")
    expect("harmless: the fake project is there", ".env" in r["output"] and "package.json" in r["output"], r["output"])
    expect("harmless: no capabilities", "CapEff:\t0000000000000000" in r["output"], r["output"])
    visible = set(r["output"].split("\n/project:")[0].split())
    expect("harmless: nothing of the host but /usr and /etc", not visible & {"work", "root", "var/tmp", "srv", "opt", "mnt"}, str(visible))
    expect("harmless: reading changes nothing", r["changes"] == [] and r["connects"] == [], f"{r['changes']} {r['connects']}")
    r = check(box, "echo x >> notes.txt; touch ~/.bashrc; mkdir -p /tmp/d; rm README.md; exec 3<>/dev/tcp/192.0.2.1/80")
    expect(
        "harmless: every change to the checkout, home and /tmp and every connect recorded",
        {("changed", "/project/notes.txt"), ("created", "/home/u/.bashrc"), ("created", "/tmp/d"), ("removed", "/project/README.md")} <= set(r["changes"])
        and any("192.0.2.1" in c for c in r["connects"]),
        f"{r['changes']} {r['connects']}",
    )
    if not all(results):
        return False

    # 2. Canaries outside.
    tag = secrets.token_hex(6)
    canary_dir = f"/var/tmp/shclass-canary-{tag}"
    os.makedirs(canary_dir)
    canary_file = os.path.join(canary_dir, "canary.txt")
    with open(canary_file, "w") as f:
        f.write(tag)
    sleeper = subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, start_new_session=True)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.1)
    port = listener.getsockname()[1]
    connections = []
    stop = threading.Event()

    def accept():
        while not stop.is_set():
            try:
                connections.append(listener.accept()[0])
            except OSError:
                pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    probes = [f"/usr/shclass-probe-{tag}", f"/etc/shclass-probe-{tag}", f"/shclass-probe-{tag}"]
    try:
        hostile = [
            ("delete and overwrite the canary", f"rm -rf {canary_dir} /var/tmp/shclass-canary-*; echo x > {canary_file}; ls {canary_dir}", None),
            ("write to /usr, /etc and /", "; ".join(f"touch {p}; echo x > {p}" for p in probes) + "; chmod 777 /usr /etc /", None),
            ("read /root, /work, /var, the old root", "ls /root /work /var/tmp /oldroot /proc/1/root/ 2>&1; cat /proc/1/environ; cat /etc/shadow", "leak"),
            ("kill -9 -1 and the canary pid", f"kill -9 {sleeper.pid}; kill -9 -1; echo survived", None),
            ("TCP to a listener outside", f"exec 3<>/dev/tcp/127.0.0.1/{port} && echo CONNECTED; curl -s -m 1 http://127.0.0.1:{port}/ && echo CONNECTED", "net"),
            ("500 processes (bounded loop)", SPAWN_500, "procs"),
            ("the file-size limit", "head -c 30000000 /dev/zero > /tmp/big; wc -c < /tmp/big", "fsize"),
            ("no privilege (namespaces, mounts, setuid)", "unshare -r id; unshare -U id; mount -t tmpfs x /tmp; sudo -n id; su -c id; hostname evil; echo done", "priv"),
            ("outlive the wall time", "sleep 100 & sleep 100", "time"),
            ("a CPU loop ends", "while :; do :; done", "cpu"),
        ]
        for name, cmd, what in hostile:
            start = time.monotonic()
            r = check(box, cmd, 8.0 if what == "procs" else SECONDS)  # 8 s: a loaded machine forks slowly
            took = time.monotonic() - start
            out = r["output"]
            if r["error"]:
                expect(name, False, r["error"])
            elif what == "leak":
                expect(name, "canary" not in out and "shclass" not in out and "PATH=" not in out and "root:" not in out, out)
            elif what == "net":
                expect(name, "CONNECTED" not in out, out)
            elif what == "procs":
                counts = [int(x) for x in out.split() if x.isdigit()]
                expect(name, bool(counts) and counts[-1] < 64, f"timeout={r['timeout']} {out}")
            elif what == "fsize":
                sizes = [int(x) for x in out.split() if x.isdigit()]
                expect(name, bool(sizes) and sizes[-1] <= 8 << 20, out)
            elif what == "priv":
                expect(name, "uid=0" not in out and "uid=" not in out.replace("uid=1000", ""), out)
            elif what == "time":
                expect(name, r["timeout"] and took < SECONDS + 3, f"timeout={r['timeout']} took {took:.1f}s")
            elif what == "cpu":
                expect(name, took < SECONDS + 3 and (r["timeout"] or r["status"] != 0), f"status={r['status']} took {took:.1f}s")
            else:
                expect(name, True)
        # 3. Outside: nothing escaped.
        time.sleep(0.3)
        try:
            with open(canary_file) as f:
                intact = f.read() == tag
        except OSError:
            intact = False
        expect("outside: the canary file is intact", intact)
        expect("outside: the canary process is alive", sleeper.poll() is None)
        expect("outside: nothing written to /usr, /etc, /", not any(os.path.exists(p) for p in probes))
        expect("outside: the listener got no connection", not connections)
        left = leftover_processes(box.uid_base)
        expect("outside: no sandbox process left", not left, str(left))
    finally:
        stop.set()
        thread.join()
        listener.close()
        for c in connections:
            c.close()
        sleeper.kill()
        sleeper.wait()
        shutil.rmtree(canary_dir, ignore_errors=True)
    return all(results)


def leftover_processes(base):
    """Pids running as one of this run's sandbox uids."""
    left = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/status") as f:
                uid = int(re.search(r"^Uid:\s+(\d+)", f.read(), re.M).group(1))
        except (OSError, AttributeError):
            continue
        if base <= uid < base + UID_SLOT:
            left.append(int(p))
    return left


# ---------------------------------------------------------------- corpora


def load(path):
    """Command lines of a .jsonl (`cmd` key) or text (one per line) corpus."""
    cmds = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cmd = json.loads(line)["cmd"] if path.endswith(".jsonl") else line
            if "\0" not in cmd:
                cmds.append(cmd)
    return cmds


def run_corpora(box, paths, jobs, out):
    """Run every corpus; print the misses; return how many misses are not in the baseline."""
    total_misses = 0
    for path in paths:
        cmds = load(path)
        start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = list(pool.map(lambda c: check(box, c), cmds))
        took = time.monotonic() - start
        misses = [r for r in results if r["misses"]]
        errors = [r for r in results if r["error"]]
        kinds = {}
        for r in results:
            for e in r["execs"]:
                kinds[e["verdict"]] = kinds.get(e["verdict"], 0) + 1
        name = os.path.relpath(path, PROJECT_ROOT)
        print(f"{name}: {len(cmds)} lines in {took:.0f}s; execs {dict(sorted(kinds.items()))}; "
              f"timeouts {sum(1 for r in results if r['timeout'])}; errors {len(errors)}; lines with a miss {len(misses)}")  # fmt: skip
        for r in misses:
            for m in r["misses"]:
                print(f"  MISS {m['by']} ran {m['runs']}{'' if m['ok'] else ' (' + str(m['error']) + ')'}: {json.dumps(r['cmd'])}")
        for r in errors:
            print(f"  ERROR {r['error']}: {json.dumps(r['cmd'])}")
        total_misses += sum(len(r["misses"]) for r in results) + len(errors)
        if out:
            with open(out, "a", encoding="utf-8") as f:
                for r in results:
                    f.write(json.dumps({"corpus": name, **r}) + "\n")
    return total_misses


def decisions(shclass, cmds, cwd=None, env=None):
    """shclass's decision of each of CMDS (`batch -z --no-discovery`: no person's policy), run
    in CWD (its workspace) with ENV."""
    data = b"".join(c.encode() + b"\0" for c in cmds)
    p = subprocess.run([shclass, "batch", "-z", "--no-discovery"], input=data, capture_output=True, check=True, cwd=cwd, env=env or {"PATH": "/usr/bin:/bin"})
    verdicts = [json.loads(r) for r in re.split(r"[\n\0]", p.stdout.decode()) if r.strip()]
    if len(verdicts) != len(cmds):
        raise SystemExit(f"shclass batch gave {len(verdicts)} verdicts for {len(cmds)} lines")
    return [v.get("decision") for v in verdicts]


def allowed_lines(shclass, cmds, cwd=None, env=None):
    """The lines of CMDS that shclass allows (see `decisions`)."""
    cmds = [c for c in cmds if "\0" not in c]
    return [c for c, d in zip(cmds, decisions(shclass, cmds, cwd, env)) if d == "allow"]


def helpers_baseline(strict=False):
    """The baseline for allowed lines: a program's own helpers only (generic entries: man's
    formatting chain, egrep's grep), no entry for a line (`cmd`); none at all when STRICT."""
    helpers = Baseline(BASELINE)
    helpers.entries = [] if strict else [e for e in helpers.entries if "cmd" not in e]
    return helpers


# What a read-only program still writes of its own, kept out of the invariant of allow: state
# the program keeps for itself, which no other program reads as code or configuration. Found by
# running the allowed lines of the tldr corpus; each pattern with the programs that write it.
BOOKKEEPING = [
    (r"^/project/\.git/index$", "git refreshes the stat data cached in its index (status, diff)"),
    (r"^/home/u/\.cache(/|$)", "caches (fontconfig's font cache: fc-list, fc-match)"),
    (r"^/home/u/\.npm(/_logs(/|$)|/_update-notifier-last-checked$|$)", "npm's debug logs and its update check"),
    (r"^/home/u/\.config(/gcloud(/(logs|configurations|gce|active_config|[^/]*_configs\.db|credentials\.db|access_tokens\.db|\.last_survey_prompt\.yaml)(/|$)|$)|$)",
     "the Google Cloud SDK's own state, made empty on first use (gcloud, gsutil, bq, cbt)"),
    (r"^/home/u/\.terraform\.d(/checkpoint_signature)?$", "terraform's version-check identifier"),
    (r"^/home/u/\.gnupg(/(trustdb\.gpg|pubring\.kbx))?$", "gpg's empty key ring, made on first use"),
    (r"^/tmp/hsperfdata_[^/]+(/\d+)?$", "the JVM's performance counters (java, javap, jar)"),
    (r"^/tmp/tmux-\d+$", "tmux's socket directory (tmux ls)"),
    (r"^/home/u/\.config(/procps)?$", "top's empty configuration directory, made at start (top -b)"),
]
BOOKKEEPING = [(re.compile(p), why) for p, why in BOOKKEEPING]


def unexpected_changes(result):
    """The changes to the checkout, the home directory or /tmp an allowed line made, but for a
    program's own bookkeeping (`BOOKKEEPING`)."""
    return [(what, path) for what, path in result.get("changes", []) if not any(b.search(path) for b, _ in BOOKKEEPING)]


def check_allowed(box, cmds, jobs, indent="  "):
    """Run each allowed line of CMDS in BOX and print each violation of the invariant of allow
    (an exec no unit names; an opaque flag acknowledges nothing on an allowed line; a file
    created, changed or removed but for a program's own bookkeeping) and each error, and lists
    each attempt to reach an internet address: (results, number of violations)."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda c: check(box, c), cmds))
    violations = 0
    for r in results:
        for e in r["execs"]:
            if e["verdict"] in ("MISS", "opaque"):
                print(f"{indent}VIOLATION {e['by']} ran {e['runs']} ({e['verdict']}): {json.dumps(r['cmd'])}")
                violations += 1
        for what, path in unexpected_changes(r):
            print(f"{indent}VIOLATION {what} {path}: {json.dumps(r['cmd'])}")
            violations += 1
        for c in r["connects"]:
            # Allows that read from a service the person configured (a cluster, a registry, a
            # forge) reach the network by design: listed for review, not counted.
            print(f"{indent}network {c}: {json.dumps(r['cmd'])}")
        if r["error"]:
            print(f"{indent}ERROR {r['error']}: {json.dumps(r['cmd'])}")
            violations += 1
    return results, violations


def run_allowed(box, paths, jobs, limit, strict):
    """The invariant of allow, on the first LIMIT allowed lines of each corpus: every program
    bash runs for an allowed line is named by a unit. An opaque flag acknowledges nothing here
    (an allowed line has none), and no baseline entry for a line (`cmd`: a file's code, a known
    gap) applies; a program's own helpers still do, unless STRICT. Returns the number of
    violations."""
    box.baseline = helpers_baseline(strict)
    violations = 0
    for path in paths:
        cmds = allowed_lines(box.shclass, load(path))[:limit]
        start = time.monotonic()
        name = os.path.relpath(path, PROJECT_ROOT)
        print(f"{name}: {len(cmds)} allowed lines")
        results, bad = check_allowed(box, cmds, jobs)
        kinds = {}
        for r in results:
            for e in r["execs"]:
                kinds[e["verdict"]] = kinds.get(e["verdict"], 0) + 1
        print(f"{name}: ran in {time.monotonic() - start:.0f}s; execs {dict(sorted(kinds.items()))}; violations {bad}")
        violations += bad
    return violations


def unavailable():
    """Why the sandbox cannot run here, or None."""
    if os.geteuid() != 0:
        return "not root (the sandbox writes uid maps for a range of uids)"
    for tool in ["strace", "bash", "pivot_root"]:
        if not shutil.which(tool):
            return f"{tool} not found"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shclass", default=os.path.join(PROJECT_ROOT, "target/debug/shclass"))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--out", help="append one JSON result per line to this file")
    sub = ap.add_subparsers(dest="what", required=True)
    sub.add_parser("selftest")
    one = sub.add_parser("one")
    one.add_argument("cmd")
    run = sub.add_parser("run")
    run.add_argument("corpora", nargs="*", default=DEFAULT_CORPORA)
    sub.add_parser("ci")
    parse = sub.add_parser("parse")
    parse.add_argument("corpora", nargs="*", default=DEFAULT_CORPORA)
    fuzz = sub.add_parser("fuzz")
    fuzz.add_argument("--count", type=int, default=200)
    fuzz.add_argument("--seed", type=int, default=1)
    fuzz.add_argument("corpora", nargs="*", default=DEFAULT_CORPORA)
    allowed = sub.add_parser("allowed")
    allowed.add_argument("--limit", type=int, default=2000, help="allowed lines per corpus (the first ones)")
    allowed.add_argument("--strict", action="store_true", help="no baseline entry at all, not even a program's own helpers")
    allowed.add_argument("corpora", nargs="+")
    options = sub.add_parser("options")
    options.add_argument("--limit", type=int, default=100000, help="allowed option lines run (a seeded sample)")
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--program", action="append", help="this program's table only (repeatable)")
    options.add_argument("--subcommands", action="store_true", help="the tables of subcommands instead of programs")
    hostile = sub.add_parser("workspaces")
    hostile.add_argument("--limit", type=int, default=300, help="allowed lines run per hostile checkout (a seeded sample)")
    hostile.add_argument("--only", action="append", help="this variant only (repeatable)")
    hostile.add_argument("corpora", nargs="*", default=WORKSPACE_CORPORA)
    args = ap.parse_args()

    why = unavailable()
    if why:
        print(f"differential oracle skipped: {why}")
        sys.exit(0 if args.what == "ci" else 2)
    if not os.access(args.shclass, os.X_OK):
        print(f"differential oracle: {args.shclass} not found (cargo build first)")
        sys.exit(2)
    box = Sandbox(args.shclass)
    box.baseline = Baseline(BASELINE)
    try:
        if args.what == "ci":
            probe, _ = box.run("true")
            if probe.get("status") != 0:
                print(f"differential oracle skipped: the sandbox cannot start here ({probe.get('error', 'no status')})")
                sys.exit(0)
        if args.what == "one":
            print(json.dumps(check(box, args.cmd), indent=2))
            return
        start = time.monotonic()
        print("sandbox self-test:")
        if not selftest(box):
            print("self-test FAILED: no corpus is run")
            sys.exit(1)
        if args.what == "selftest":
            return
        if args.what == "allowed":
            violations = run_allowed(box, args.corpora, args.jobs, args.limit, args.strict)
            print(f"allowed invariant: {violations} violations, {time.monotonic() - start:.0f}s")
            sys.exit(1 if violations else 0)
        if args.what == "options":
            import options as option_tables

            violations = option_tables.run(box.shclass, args.jobs, args.limit, args.program, args.seed, args.subcommands)
            print(f"option tables: {violations} violations, {time.monotonic() - start:.0f}s")
            sys.exit(1 if violations else 0)
        if args.what == "workspaces":
            import workspaces

            violations = workspaces.run(box.shclass, args.corpora, args.jobs, args.limit, args.only)
            print(f"hostile checkouts: {violations} violations, {time.monotonic() - start:.0f}s")
            sys.exit(1 if violations else 0)
        if args.what in ("parse", "fuzz"):
            import parse_oracle

            if args.what == "fuzz":
                sys.exit(parse_oracle.fuzz(box, args.corpora, args.jobs, args.count, args.seed))
            sys.exit(parse_oracle.run(box, args.corpora, args.jobs))
        corpora = DEFAULT_CORPORA if args.what == "ci" else args.corpora
        misses = run_corpora(box, corpora, args.jobs, args.out)
        stale = [e for e in box.baseline.entries if e["line"] not in box.baseline.used and "cmd" in e]
        for e in stale:
            print(f"  note: baseline line {e['line']} was not needed: {json.dumps(e['cmd'])}")
        violations = 0
        if args.what == "ci":
            import workspaces

            print("hostile checkouts (the allow invariant where the checkout runs code):")
            violations = workspaces.run(box.shclass, WORKSPACE_CORPORA, args.jobs, CI_WORKSPACE_LIMIT)
        print(f"differential oracle: {misses} unreviewed misses, {violations} violations in hostile checkouts, {time.monotonic() - start:.0f}s")
        sys.exit(1 if misses or violations else 0)
    finally:
        box.close()


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
