"""cli.py — what the trainer's command-line tools share: one clear line, not a traceback, when a
Python package they need is missing, and a quiet end when their output pipe closes (`| head`)."""

import importlib.util
import os
import sys

SETUP = "bash engine/nnue/train/setup.sh"
DEBIAN = {"numpy": "python3-numpy", "torch": "python3-torch"}
SIGPIPE_STATUS = 141  # what a shell reports for a tool that SIGPIPE ended: 128 + 13


def need(tool, *modules):
    """Exits with one line naming the setup command unless every module can be imported. Called
    before the first import of any of them, so the tool never gets as far as a traceback."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        pkgs = " ".join(DEBIAN.get(m, m) for m in missing)
        sys.exit(f"{tool}: missing Python package(s) {pkgs} for {sys.executable}: install them with "
                 f"`{SETUP}` and run the trainer with /usr/bin/python3")


def run(main, *args):
    """Runs main(*args). When the reader of stdout goes away (`quantised.py ... | head`), the
    tool ends at once with status 141, as a C tool killed by SIGPIPE would, without a
    BrokenPipeError traceback; the interpreter's final flush then writes to /dev/null, not to the
    closed pipe (which would print 'Exception ignored ... BrokenPipeError')."""
    try:
        main(*args)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(SIGPIPE_STATUS)
