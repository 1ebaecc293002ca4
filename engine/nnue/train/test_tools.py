#!/usr/bin/python3
"""test_tools.py — the trainer's command-line tools at their edges (ctest: nnue_tools): a missing
Python package is one line naming the setup command (no traceback), and a closed output pipe
(`quantised.py ... | head -1`) ends the tool quietly. The pipe test needs numpy and torch."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PY = sys.executable


def run_without(tool, hidden, args=()):
    """Runs a tool with the given modules made unimportable (as on a machine without them)."""
    code = ("import runpy, sys\n"
            f"for m in {list(hidden)!r}: sys.modules[m] = None\n"
            f"sys.path.insert(0, {HERE!r})\n"
            f"sys.argv = [{tool!r}] + {list(args)!r}\n"
            f"runpy.run_path({os.path.join(HERE, tool)!r}, run_name='__main__')\n")
    return subprocess.run([PY, "-B", "-c", code], capture_output=True, text=True, timeout=120)


class MissingPackages(unittest.TestCase):
    def check_one_line(self, p, tool, named, not_named=()):
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stdout, "")
        self.assertNotIn("Traceback", p.stderr)
        lines = p.stderr.splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith(f"{tool}: missing Python package(s) "), lines[0])
        self.assertIn("bash engine/nnue/train/setup.sh", lines[0])
        for pkg in named:
            self.assertIn(pkg, lines[0])
        for pkg in not_named:
            self.assertNotIn(pkg, lines[0])

    def test_every_tool_without_numpy(self):
        for tool in ("train.py", "quantised.py", "synthetic.py"):
            with self.subTest(tool=tool):
                self.check_one_line(run_without(tool, ["numpy"], ["--help"]), tool, ["python3-numpy"],
                                    ["python3-torch"])

    def test_train_without_torch(self):
        self.check_one_line(run_without("train.py", ["torch"], ["--help"]), "train.py",
                            ["python3-torch"], ["python3-numpy"])

    def test_train_without_either(self):
        self.check_one_line(run_without("train.py", ["numpy", "torch"]), "train.py",
                            ["python3-numpy python3-torch"])


class Setup(unittest.TestCase):
    """setup.sh goes through tests/deps.sh: shown here with stand-ins for dpkg-query and id."""

    def run_setup(self, installed, uid):
        with tempfile.TemporaryDirectory() as fake:
            for name, body in (("dpkg-query", "printf 'install ok installed'" if installed else "exit 1"),
                               ("id", f"echo {uid}")):
                with open(os.path.join(fake, name), "w") as f:
                    f.write(f"#!/bin/sh\n{body}\n")
                os.chmod(os.path.join(fake, name), 0o755)
            env = dict(os.environ, PATH=fake + os.pathsep + os.environ.get("PATH", ""))
            return subprocess.run(["bash", os.path.join(HERE, "setup.sh")], capture_output=True,
                                  text=True, env=env, cwd=tempfile.gettempdir(), timeout=120)

    def test_missing_without_root_prints_the_install_line(self):
        p = self.run_setup(installed=False, uid=1000)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stdout, "")
        self.assertRegex(p.stderr, r"sudo apt-get install -y .*python3-torch python3-numpy")

    @unittest.skipUnless(os.path.exists("/usr/bin/python3"), "no /usr/bin/python3")
    def test_installed(self):
        p = self.run_setup(installed=True, uid=1000)
        ready = subprocess.run(["/usr/bin/python3", "-c", "import numpy, torch"], capture_output=True)
        if ready.returncode:  # dpkg says installed (the stand-in) but Python cannot import them
            self.assertEqual(p.returncode, 1)
            self.assertIn("cannot import numpy and torch", p.stderr)
        else:
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("The trainer is ready", p.stderr)


@unittest.skipUnless(importlib.util.find_spec("numpy") and importlib.util.find_spec("torch"),
                     "numpy or torch missing: the closed-pipe test did not run")
class ClosedPipe(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.data = os.path.join(cls.tmp.name, "s.dat")
        cls.net = os.path.join(cls.tmp.name, "s.nnue")
        cls.small = os.path.join(cls.tmp.name, "small.dat")
        # enough records that the output outgrows any pipe's buffer (64 KiB on Linux)
        for cmd in ([PY, "-B", os.path.join(HERE, "synthetic.py"), cls.data, "--records", "40000",
                     "--features", "32", "--active", "4"],
                    [PY, "-B", os.path.join(HERE, "train.py"), "--data", cls.data, "--out", cls.net,
                     "--game", "synthetic", "--hidden", "16", "--epochs", "0", "--threads", "1",
                     "--max-active", "32"],
                    [PY, "-B", os.path.join(HERE, "synthetic.py"), cls.small, "--records", "50",
                     "--features", "32", "--active", "4"]):
            subprocess.run(cmd, check=True, capture_output=True, timeout=300)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_quantised_into_head(self):
        # the user's command line: the shell's status is the tool's under pipefail
        for unbuffered in ("", "1"):  # Python's stdout buffered, as by default, or not
            with self.subTest(PYTHONUNBUFFERED=unbuffered):
                env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
                if unbuffered:
                    env["PYTHONUNBUFFERED"] = unbuffered
                p = subprocess.run(["bash", "-c", 'set -o pipefail; "$0" -B "$1" "$2" "$3" | head -n 2',
                                    PY, os.path.join(HERE, "quantised.py"), self.net, self.data],
                                   capture_output=True, text=True, env=env, timeout=300)
                self.assertEqual(len(p.stdout.splitlines()), 2, p.stdout)
                self.assertEqual(p.stderr, "")  # no BrokenPipeError traceback, no 'Exception ignored'
                self.assertEqual(p.returncode, 141)  # as a tool ended by SIGPIPE

    def test_reader_closes_after_one_line(self):
        p = subprocess.Popen([PY, "-B", os.path.join(HERE, "quantised.py"), self.net, self.data],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read()
        p.stderr.close()
        p.wait(timeout=300)
        self.assertRegex(first, rb"^-?[0-9]+\n$")
        self.assertEqual(err, b"")
        self.assertEqual(p.returncode, 141)

    def test_pipe_closed_before_start(self):
        # output small enough to wait in Python's buffer until the end: the last flush meets the
        # closed pipe, where the interpreter would print 'Exception ignored ...' and exit 120
        r, w = os.pipe()
        os.close(r)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # a buffered stdout
        p = subprocess.run([PY, "-B", os.path.join(HERE, "quantised.py"), self.net, self.small],
                           stdout=w, stderr=subprocess.PIPE, env=env, timeout=300)
        os.close(w)
        self.assertEqual(p.stderr, b"")
        self.assertEqual(p.returncode, 141)

    def test_whole_output_unchanged(self):
        # the wrapper changes nothing when the reader takes everything: one line a record, status 0
        p = subprocess.run([PY, "-B", os.path.join(HERE, "quantised.py"), self.net, self.data],
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(len(p.stdout.splitlines()), 40000)


if __name__ == "__main__":
    unittest.main(verbosity=2)
