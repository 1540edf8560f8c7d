"""The invariant of allow in hostile checkouts: the repository itself is the attacker.

Called as `oracle.py workspaces [--limit N] [FILE…]` (and from `oracle.py ci`). Each variant
is the oracle's fake project plus files an agent or a cloned repository could hold that make a
program run `./canary` (a script that only exits): a `.git/config` naming a hook, a pager, an
external diff or a filter, one reached through `include`, `includeIf`, a worktree config or a
`.git` file pointing at another directory; a Makefile expanding `$(shell …)` while it is read;
Python modules named like the standard library's; an `.npmrc` naming programs (or another
file read as npm's configuration); a `.cargo/config.toml` including one that names a wrapper; a
`.gdbinit`.

For each variant, shclass decides every candidate line (the corpus lines that run one of the
variant's programs) with a copy of that very checkout as its working directory, so its
workspace checks see the files; every line it allows (a seeded sample of LIMIT when there are
more) then runs in the sandbox on the same checkout. A program bash runs that no unit of the
line names is a violation: the checkout made an allowed line run code. Generic baseline
entries (a program's own helpers) apply; entries for a single line do not.
"""

import os
import random
import re
import shutil
import time

import oracle

CANARY = "#!/bin/sh\nexit 0\n"
PYTHON_SHADOW = "import subprocess\nsubprocess.run(['./canary'])\n"
GIT_HOOKS = [
    "pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "post-checkout",
    "post-merge", "pre-push", "pre-rebase", "post-rewrite", "reference-transaction",
    "post-index-change", "pre-auto-gc", "fsmonitor-watchman", "applypatch-msg",
    "pre-applypatch", "post-applypatch", "push-to-checkout", "sendemail-validate",
]  # fmt: skip
# Modules a `python3 -m X` or `-c` line imports, directly or through the module it runs.
PYTHON_MODULES = [
    "json", "argparse", "optparse", "typing", "enum", "re", "collections", "functools", "http",
    "ast", "tokenize", "pydoc", "timeit", "calendar", "base64", "uuid", "platform", "zipfile",
    "tarfile", "venv", "ensurepip", "pip", "site", "sitecustomize", "usercustomize", "textwrap",
    "string", "locale", "this", "webbrowser", "doctest", "unittest", "pytest", "dis",
    "py_compile", "compileall", "pprint", "shlex", "inspect", "sysconfig", "pdb", "cProfile",
    "profile", "trace", "hashlib", "pathlib", "glob", "fnmatch", "struct", "datetime", "random",
    "statistics", "subprocess", "logging", "warnings", "contextlib", "dataclasses", "mimetypes",
    "sqlite3", "csv", "gzip", "zipapp", "quopri", "codecs", "encodings", "io", "stat", "types",
    "keyword", "token", "operator", "heapq", "bisect", "copy", "weakref", "traceback",
    "linecache", "signal", "socket", "ssl", "email", "html", "xml", "urllib", "getopt",
    "getpass", "tempfile", "shutil", "filecmp", "difflib", "gettext",
]  # fmt: skip
GIT_EVERYTHING = """[core]
\tpager = ./canary
\teditor = ./canary
\taskPass = ./canary
\tsshCommand = ./canary
\tgitProxy = ./canary
\thooksPath = .hooks
[sequence]
\teditor = ./canary
[gpg]
\tprogram = ./canary
[gpg "ssh"]
\tprogram = ./canary
\tdefaultKeyCommand = ./canary
[credential]
\thelper = !./canary
[merge "x"]
\tdriver = ./canary
[pager]
\tlog = ./canary
\tdiff = ./canary
[interactive]
\tdiffFilter = ./canary
[gc]
\tauto = 1
[maintenance]
\tauto = true
[web]
\tbrowser = x
[browser "x"]
\tcmd = ./canary
[man]
\tviewer = x
[man "x"]
\tcmd = ./canary
[diff]
\ttool = x
[difftool "x"]
\tcmd = ./canary
[mergetool "x"]
\tcmd = ./canary
[log]
\tshowSignature = true
[uploadpack]
\tpackObjectsHook = ./canary
"""


class Variant:
    """A hostile checkout: FILES added to the fake project (executable when under `.hooks/`),
    GIT appended to its `.git/config`, PROGRAMS whose lines are candidates; GITFILE turns
    `.git` into a file pointing at the repository moved to `real.git`, whose config gets GIT."""

    def __init__(self, name, programs, files=None, git="", gitfile=False, lines=()):
        self.name, self.programs = name, programs
        self.files, self.git, self.gitfile = files or {}, git, gitfile
        self.lines = list(lines)

    def apply(self, template):
        project = os.path.join(template, "project")
        for name, text in {"canary": CANARY, **self.files}.items():
            path = os.path.join(project, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            os.chmod(path, 0o755 if name == "canary" or name.startswith(".hooks/") else 0o644)
        config = os.path.join(project, ".git", "config")
        if self.gitfile:
            shutil.move(os.path.join(project, ".git"), os.path.join(project, "real.git"))
            with open(os.path.join(project, ".git"), "w") as f:
                f.write("gitdir: real.git\n")
            config = os.path.join(project, "real.git", "config")
        if self.git:
            with open(config, "a") as f:
                f.write(self.git)
        oracle.open_to_all(template)

    def runs(self, cmd):
        """Whether CMD runs one of the variant's programs (by its words: a candidate, not a
        proof; shclass decides the rest)."""
        return any(re.search(r"(^|[\s|;&(`]|/)" + re.escape(p) + r"(\s|$)", cmd) for p in self.programs)


FSMONITOR = "[core]\n\tfsmonitor = ./canary\n"


def bare_repository(at, config):
    """The files of a repository git recognises (HEAD, objects/, refs/) at AT, with CONFIG."""
    return {
        at + "/HEAD": "ref: refs/heads/main\n",
        at + "/config": config,
        at + "/objects/info/.keep": "",
        at + "/refs/heads/.keep": "",
    }


# Another repository inside the checkout, reached with `-C`, `--git-dir`, `GIT_DIR` or `cd`.
NESTED = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = ./canary\n"
NESTED_LINES = [
    "git -C vendor/lib status", "git -C vendor/lib diff", "git -C vendor/lib log --oneline -3",
    "git -C vendor/lib ls-files", "git --git-dir=vendor/lib/.git status",
    "git --git-dir=evil.git --work-tree=. status", "git --git-dir evil.git --work-tree . diff",
    "GIT_DIR=evil.git git status", "GIT_DIR=evil.git GIT_WORK_TREE=. git diff --stat",
    "cd vendor/lib && git status", "(cd vendor/lib; git status --short)",
    "pushd vendor/lib && git status && popd", "git -C vendor -C lib status",
    "env GIT_DIR=evil.git git status", "export GIT_DIR=evil.git; git status",
]  # fmt: skip
VARIANTS = [
    Variant("git-fsmonitor", ["git"], git=FSMONITOR),
    Variant("git-diff", ["git"], {".gitattributes": "* diff=x\n", "notes.txt": "changed\n"},
            "[diff]\n\texternal = ./canary\n[diff \"x\"]\n\ttextconv = ./canary\n\tcommand = ./canary\n"),
    Variant("git-filter", ["git"], {".gitattributes": "* filter=x\n", "notes.txt": "changed\n"},
            "[filter \"x\"]\n\tclean = ./canary\n\tsmudge = ./canary\n\tprocess = ./canary\n"),
    Variant("git-hooks", ["git"], {".hooks/" + h: CANARY for h in GIT_HOOKS}, "[core]\n\thooksPath = .hooks\n"),
    Variant("git-programs", ["git"], {".hooks/" + h: CANARY for h in GIT_HOOKS}, GIT_EVERYTHING),
    Variant("git-include", ["git"], {"inc.cfg": FSMONITOR}, "[include]\n\tpath = ../inc.cfg\n"),
    Variant("git-includeif", ["git"], {"inc.cfg": FSMONITOR},
            "[includeIf \"gitdir:**\"]\n\tpath = ../inc.cfg\n[includeIf \"onbranch:*\"]\n\tpath = ../inc.cfg\n"),
    Variant("git-worktree-config", ["git"], {".git/config.worktree": FSMONITOR},
            "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n"),
    Variant("git-gitfile", ["git"], git=FSMONITOR, gitfile=True),
    Variant("git-nested", ["git"],
            {**bare_repository("vendor/lib/.git", NESTED), **bare_repository("evil.git", NESTED),
             "vendor/lib/README": "x\n"}, lines=NESTED_LINES),
    Variant("make", ["make", "gmake"],
            {"Makefile": "X := $(shell ./canary)\nall:\n\tid\n\nlist:\n\tls\n$(shell ./canary)\n",
             "GNUmakefile": "include Makefile\n$(shell ./canary)\n"}),
    Variant("python-modules", ["python3", "python", "pip", "pip3", "python3.11"],
            {m + ".py": PYTHON_SHADOW for m in PYTHON_MODULES}),
    Variant("python-packages", ["python3", "python", "pip", "pip3", "python3.11"],
            {m + "/__init__.py": PYTHON_SHADOW for m in PYTHON_MODULES}),
    Variant("npm", ["npm", "npx", "node", "nodejs"],
            {".npmrc": "script-shell=./canary\nnode-options=--require ./evil.js\ninit-module=./evil.js\n"
                       "editor=./canary\nbrowser=./canary\nviewer=./canary\nshell=./canary\ngit=./canary\n",
             "evil.js": "require('child_process').execFileSync('./canary')\n"}),
    Variant("npm-userconfig", ["npm", "npx"],
            {".npmrc": "userconfig=./u.npmrc\n",
             "u.npmrc": "script-shell=./canary\nnode-options=--require ./evil.js\neditor=./canary\n"
                        "browser=./canary\nviewer=browser\nshell=./canary\ngit=./canary\n",
             "evil.js": "require('child_process').execFileSync('./canary')\n"}),
    Variant("cargo-include", ["cargo", "rustc"],
            {".cargo/config.toml": "include = [\"more.toml\"]\n",
             ".cargo/more.toml": "[build]\nrustc-wrapper = \"./canary\"\n"}),
    Variant("gdb", ["gdb"], {".gdbinit": "shell ./canary\n"}),
]  # fmt: skip


def run(shclass, corpora, jobs, limit, names=None):
    """Every variant (or those NAMES): the number of violations, each printed."""
    shclass = os.path.abspath(shclass)
    cmds = []
    for path in corpora:
        cmds += [c for c in oracle.load(path) if "\0" not in c]
    cmds = list(dict.fromkeys(cmds))
    violations = 0
    for v in VARIANTS:
        if names and v.name not in names:
            continue
        box = oracle.Sandbox(shclass)
        try:
            box.baseline = oracle.helpers_baseline()
            v.apply(box.template)
            project = os.path.join(box.template, "project")
            env = {"PATH": "/usr/bin:/bin", "HOME": os.path.join(box.template, "home")}
            candidates = list(dict.fromkeys(v.lines + [c for c in cmds if v.runs(c)]))
            allowed = oracle.allowed_lines(shclass, candidates, cwd=project, env=env)
            sample = allowed if len(allowed) <= limit else random.Random(v.name).sample(allowed, limit)
            start = time.monotonic()
            print(f"  {v.name}: {len(candidates)} candidate lines, {len(allowed)} allowed, {len(sample)} run")
            _, bad = oracle.check_allowed(box, sample, jobs, indent="    ")
            print(f"  {v.name}: ran in {time.monotonic() - start:.0f}s, violations {bad}")
            violations += bad
        finally:
            box.close()
    return violations
