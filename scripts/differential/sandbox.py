#!/usr/bin/env python3
"""Run one command line under `bash --noprofile --norc -c` in a throw-away sandbox.

Started by `oracle.py` (as root, under strace) as

    python3 -I -S -B sandbox.py ROOT TEMPLATE UID_BASE SECONDS CMD

and prints one JSON object: the exit status, whether the wall time ran out, the output (capped),
and the entries of /project, /home/u and /tmp the command created, changed or removed.

The sandbox: fresh user/mount/pid/net/ipc/uts namespaces; uid 0 inside is UID_BASE outside,
and the command runs as uid 1000 inside (UID_BASE + 1000 outside), with no capabilities and
no_new_privs. Its root is a tmpfs (read-only) holding read-only, nosuid binds of /usr and /etc
(and the /bin, /lib*, /sbin links), a new /proc, a /dev with null, zero and urandom only, and
tmpfs /tmp, /home/u and /project (a copy of TEMPLATE's home/ and project/). The host tree is
detached (pivot_root, then the old root unmounted); the command is chrooted one level further
down, so it cannot create user namespaces. The network namespace has only `lo`, down. rlimits
bound processes, CPU seconds, file size, address space and open files. After SECONDS of wall time
(or shortly after bash exits) pid 1 of the namespace exits, and the kernel kills every process
left in it.

What it does not do: decide anything about the command (that is oracle.py), or run anything
outside the namespaces but the uid/gid map writes.
"""

import ctypes
import json
import os
import resource
import select
import shutil
import signal
import stat
import subprocess
import sys
import time

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_CAPBSET_DROP = 24

INNER_UID = 1000
OUTPUT_CAP = 16384
GRACE = 0.5  # seconds left to background jobs after bash exits (within the wall time)
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
ENV = {
    "PATH": PATH,
    "HOME": "/home/u",
    "USER": "u",
    "LOGNAME": "u",
    "SHELL": "/bin/bash",
    "LANG": "C.UTF-8",
    "PWD": "/project",
}
LIMITS = [
    (resource.RLIMIT_NPROC, 64),
    (resource.RLIMIT_CPU, 2),
    (resource.RLIMIT_FSIZE, 8 << 20),
    (resource.RLIMIT_AS, 2 << 30),
    (resource.RLIMIT_NOFILE, 256),
    (resource.RLIMIT_CORE, 0),
]

libc = ctypes.CDLL(None, use_errno=True)


def fail(what):
    """Stop this sandbox: something it needs is not there."""
    err = ctypes.get_errno()
    sys.stderr.write(f"sandbox: {what}: {os.strerror(err) if err else 'failed'}\n")
    os._exit(125)


def mount(src, dst, fstype, flags, data=None):
    enc = [None if s is None else s.encode() for s in (src, dst, fstype, data)]
    if libc.mount(enc[0], enc[1], enc[2], ctypes.c_ulong(flags), enc[3]) != 0:
        fail(f"mount {src} on {dst}")


# The system's start-up files of bash, sh and zsh (`programs::startup_files`).
STARTUP_FILES = [
    "profile",
    "bash.bashrc",
    "bash.bash_logout",
    "zsh/zshenv",
    "zsh/zprofile",
    "zsh/zshrc",
    "zsh/zlogin",
    "zsh/zlogout",
    "zshenv",
    "zprofile",
    "zshrc",
    "zlogin",
    "zlogout",
]


def bind_ro(src, dst):
    mount(src, dst, None, MS_BIND)
    mount(None, dst, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def copy_owned(src, dst):
    """Copy a template tree into a tmpfs and give it to the inner user."""
    if os.path.isdir(src):
        shutil.copytree(src, dst, symlinks=True, dirs_exist_ok=True)
    for top, dirs, files in os.walk(dst):
        for name in [top, *(os.path.join(top, n) for n in dirs + files)]:
            os.lchown(name, INNER_UID, INNER_UID)


def build_root(root, template):
    """Mount the sandbox tree on ROOT (in this mount namespace only); return its path."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    mount("sandbox", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=755")
    r = os.path.join(root, "r")
    for d in ["usr", "etc", "proc", "dev", "tmp", "home/u", "project", "var"]:
        os.makedirs(os.path.join(r, d))
    os.symlink("../tmp", os.path.join(r, "var/tmp"))
    for name in ["bin", "sbin", "lib", "lib32", "lib64", "libx32"]:
        host = "/" + name
        if os.path.islink(host):
            os.symlink(os.readlink(host), os.path.join(r, name))
        elif os.path.isdir(host):
            os.mkdir(os.path.join(r, name))
            bind_ro(host, os.path.join(r, name))
    bind_ro("/usr", os.path.join(r, "usr"))
    bind_ro("/etc", os.path.join(r, "etc"))
    # The system's shell start-up files are the person's environment (shclass trusts them as it
    # trusts PATH): empty here, so a login or interactive shell runs what the line gives it and
    # what the line wrote into the home's start-up files, not what this image's files run.
    empty = os.path.join(root, "empty")
    open(empty, "w").close()
    for name in STARTUP_FILES:
        path = os.path.join(r, "etc", name)
        if os.path.isfile(path) and not os.path.islink(path):
            bind_ro(empty, path)
    mount("proc", os.path.join(r, "proc"), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    tmpfs = MS_NOSUID | MS_NODEV
    mount("tmp", os.path.join(r, "tmp"), "tmpfs", tmpfs, "size=16m,mode=1777")
    mount("home", os.path.join(r, "home/u"), "tmpfs", tmpfs, "size=8m,mode=755")
    mount("project", os.path.join(r, "project"), "tmpfs", tmpfs, "size=16m,mode=755")
    mount("dev", os.path.join(r, "dev"), "tmpfs", MS_NOSUID | MS_NOEXEC, "size=64k,mode=755")
    for node in ["null", "zero", "urandom"]:
        path = os.path.join(r, "dev", node)
        open(path, "w").close()
        mount("/dev/" + node, path, None, MS_BIND)
    for name, target in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ]:
        os.symlink(target, os.path.join(r, "dev", name))
    copy_owned(os.path.join(template, "project"), os.path.join(r, "project"))
    copy_owned(os.path.join(template, "home"), os.path.join(r, "home/u"))
    libc.sethostname(b"sandbox", 7)
    # Leave the host tree: pivot into ROOT, detach the old root, make the top read-only.
    os.chdir(root)
    os.mkdir("oldroot")
    subprocess.run([shutil.which("pivot_root") or "/usr/sbin/pivot_root", ".", "oldroot"], check=True)
    os.chdir("/")
    if libc.umount2(b"/oldroot", MNT_DETACH) != 0:
        fail("umount old root")
    mount(None, "/", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    return "/r"


def start_command(r, cmd, out_w):
    """Fork the command: chroot, rlimits, uid 1000 without capabilities, then exec bash."""
    pid = os.fork()
    if pid:
        return pid
    try:
        os.chroot(r)
        os.chdir("/project")
        for which, value in LIMITS:
            resource.setrlimit(which, (value, value))
        for cap in range(64):  # empty the bounding set (ignored past the last capability)
            libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)
        os.setgroups([])
        os.setresgid(INNER_UID, INNER_UID, INNER_UID)
        os.setresuid(INNER_UID, INNER_UID, INNER_UID)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            fail("no_new_privs")
        null = os.open("/dev/null", os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out_w, 1)
        os.dup2(out_w, 2)
        os.closerange(3, 65536)
        os.execve("/usr/bin/bash", ["bash", "--noprofile", "--norc", "-c", "--", cmd], ENV)
    except OSError as e:
        sys.stderr.write(f"sandbox: start: {e}\n")
    os._exit(126)


# The trees a command may leave changes in: the checkout, the home directory and /tmp.
WATCHED = ["/r/project", "/r/home/u", "/r/tmp"]
SNAPSHOT_CAP = 20000  # entries per snapshot; past it the report says so


def snapshot():
    """Every entry under the watched trees: path (as the command sees it) -> what a change
    would alter (type, mode, size, modification time, link target)."""
    seen = {}
    for top in WATCHED:
        for base, dirs, files in os.walk(top):
            for name in dirs + files:
                path = os.path.join(base, name)
                try:
                    st = os.lstat(path)
                    link = os.readlink(path) if stat.S_ISLNK(st.st_mode) else None
                except OSError:
                    continue
                # A directory's own times and size change with what is made and removed in
                # it: what counts is the entries.
                if stat.S_ISDIR(st.st_mode):
                    seen[path[2:]] = (st.st_mode, None, None, None)
                else:
                    seen[path[2:]] = (st.st_mode, st.st_size, st.st_mtime_ns, link)
                if len(seen) >= SNAPSHOT_CAP:
                    return seen
    return seen


def changes(before, after):
    """The paths created, changed or removed between two snapshots, sorted."""
    out = [("created", p) for p in after if p not in before]
    out += [("changed", p) for p in after if p in before and after[p] != before[p]]
    out += [("removed", p) for p in before if p not in after]
    return sorted(out, key=lambda c: c[1])


def others_alive():
    """True while a process other than pid 1 is alive in this pid namespace."""
    try:
        return any(p.isdigit() and p != "1" for p in os.listdir("/r/proc"))
    except OSError:
        return False


def init(root, template, seconds, cmd):
    """Pid 1 of the new pid namespace: build the tree, run the command, wait, report."""
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    start = time.monotonic()
    r = build_root(root, template)
    before = snapshot()
    out_r, out_w = os.pipe()
    pid = start_command(r, cmd, out_w)
    os.close(out_w)
    output = bytearray()
    status = None
    done_at = None
    timed_out = False
    while True:
        now = time.monotonic()
        if now - start > seconds:
            timed_out = status is None
            break
        if done_at is not None and (now - done_at > GRACE or not others_alive()):
            break
        ready, _, _ = select.select([out_r], [], [], 0.02)
        if ready:
            chunk = os.read(out_r, 65536)
            if len(output) < OUTPUT_CAP:
                output += chunk[: OUTPUT_CAP - len(output)]
        while True:
            try:
                child, st = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if child == 0:
                break
            if child == pid:
                status = os.waitstatus_to_exitcode(st)
                done_at = time.monotonic()
    report = {
        "status": status,
        "timeout": timed_out,
        "output": output.decode("utf-8", "replace"),
        "changes": changes(before, snapshot()),
    }
    os.write(1, (json.dumps(report) + "\n").encode())
    os._exit(0)  # the kernel kills what is left in the namespace


def main():
    root, template, uid_base, seconds, cmd = sys.argv[1:6]
    uid_base, seconds = int(uid_base), float(seconds)
    unshared_r, unshared_w = os.pipe()
    go_r, go_w = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(unshared_r)
        os.close(go_w)
        flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
        if libc.unshare(flags) != 0:
            fail("unshare")
        os.write(unshared_w, b"u")
        if os.read(go_r, 1) != b"g":
            os._exit(125)
        os.setresgid(0, 0, 0)
        os.setresuid(0, 0, 0)
        os.setgroups([])
        pid1 = os.fork()
        if pid1 == 0:
            init(root, template, seconds, cmd)
        deadline = time.monotonic() + seconds + 1.5
        while True:  # a backstop: pid 1 ends itself at the wall time
            done, st = os.waitpid(pid1, os.WNOHANG)
            if done:
                os._exit(os.waitstatus_to_exitcode(st) & 0xFF)
            if time.monotonic() > deadline:
                os.kill(pid1, signal.SIGKILL)
            time.sleep(0.02)
    os.close(unshared_w)
    os.close(go_r)
    if os.read(unshared_r, 1) != b"u":
        os.waitpid(child, 0)
        sys.exit(125)
    for name in ["uid_map", "gid_map"]:
        with open(f"/proc/{child}/{name}", "w") as f:
            f.write(f"0 {uid_base} 65536\n")
    os.write(go_w, b"g")
    _, st = os.waitpid(child, 0)
    sys.exit(os.waitstatus_to_exitcode(st) & 0xFF)


if __name__ == "__main__":
    main()
