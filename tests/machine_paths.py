#!/usr/bin/python3
"""machine_paths.py — no tracked file names a path of one machine: a home or work directory, a
mount or scratch area, the shared rules folder beside the checkout, or a fixed file in /tmp.

What one machine has and another may not (a user's home, a development box's work tree, a folder
next to the clone) makes a command fail or a comment mislead on the next machine; files outside
the repository are cited by their name ("the shared rules file mad.md"). What every machine has
is fine: system paths (/usr/bin/python3, /dev/null, /proc/..., /etc/...), and a temporary file
under /tmp whose name is made unique when it is created (a mkstemp template XXXXXX, or a name
printed with the process id, %d). Prints each offending line as FILE:LINE: TEXT and exits 1;
exits 77 (skipped) outside a git checkout, where the tracked files are not known.

Usage: machine_paths.py [REPOSITORY]   (default: the checkout holding this file)
"""
import os
import re
import subprocess
import sys

# The roots of one machine's own files, as the start of an absolute path (not inside a URL or a
# longer path: the character before the slash is none of a name's), and the sibling folder of
# the shared rules, tools and perft files.
ROOTS = "|".join(["work", "root", "home", "Users", "mnt", "media", "scratch", "shared", "opt", "srv"])
MACHINE = re.compile(r"(?<![\w.~$}-])/(?:%s)/" % ROOTS)
SHARED = re.compile(r"(?<![\w.-])(?:\.\./)+shared/")
TMP = re.compile(r"(?<![\w.~$}-])/(?:tmp)/([^\s\"'`)\]]*)")


def offences(line):
    """What in the line names one machine's path (empty when nothing)."""
    found = [m.group(0) for m in MACHINE.finditer(line)] + [m.group(0) for m in SHARED.finditer(line)]
    for m in TMP.finditer(line):
        name = m.group(1)
        if "XXXXXX" not in name and "%" not in name:  # a fixed name: the same file on every run
            found.append(m.group(0))
    return found


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "-z"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        print("machine_paths: SKIPPED: not a git checkout (or no git): the tracked files are not known")
        return 77
    bad = 0
    files = [f for f in out.decode().split("\0") if f]
    for name in files:
        path = os.path.join(repo, name)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:  # deleted in the work tree, or a link to nowhere
            continue
        if b"\0" in data:  # a binary file (a net, a book)
            continue
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            hits = offences(line)
            if hits:
                bad += 1
                print("%s:%d: %s   <- %s" % (name, no, line.strip()[:160], ", ".join(hits)))
    if bad:
        print("machine_paths: %d line(s) name a path of one machine: cite files outside the repository by "
              "their name, and make temporary files with mktemp -t or a unique name" % bad)
        return 1
    print("machine_paths: %d tracked files, no path of one machine" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
