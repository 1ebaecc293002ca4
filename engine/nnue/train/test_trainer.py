#!/usr/bin/python3
"""test_trainer.py — the trainer's own tests (ctest: nnue_trainer): the data and net formats
with every refusal, the integer reference on a hand-computed net, and training itself on tiny
synthetic sets (one epoch, learning, same seed same bytes, export read back, --init).
Exits 77 (ctest: skipped) with a SKIPPED line when numpy or torch is missing."""

import contextlib
import io
import os
import struct
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
SKIP = 77

try:
    import numpy as np
except ImportError:
    print("SKIPPED: python3-numpy is missing (sudo apt-get install python3-numpy)")
    sys.exit(SKIP)
try:
    import torch  # noqa: F401  (train.py imports it; here only its presence is checked)
except ImportError:
    print("SKIPPED: python3-torch is missing (sudo apt-get install python3-torch): "
          "the trainer cannot run")
    sys.exit(SKIP)

import bound  # noqa: E402
import data as datafile  # noqa: E402
import netfile  # noqa: E402
import quantised  # noqa: E402
import scale  # noqa: E402
import synthetic  # noqa: E402
import train  # noqa: E402

RECORDS = [(10, 1, 1, [1, 2, 3], [4, 5], "abc"), (-5, 0, 2, [], [7], ""),
           (32000, -1, 2, [63], [], "x y z"), (-32000, 1, 1, [0, 0], [63, 62], "p")]


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def run_train(*argv, main=None):
    """train.main (or main) in this process; returns (exit code, stdout). Data files of
    version 1 do not say a game's bound: with one among the files, --max-active is 64 unless
    given (features files, as synthetic.py writes, say theirs)."""
    out = io.StringIO()
    code = 0
    argv = [str(a) for a in argv]
    v1 = any(os.path.isfile(a) and datafile._magic(a) == datafile.MAGIC for a in argv)
    argv += ["--max-active", "64"] if v1 and "--max-active" not in argv else []
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            (main or train.main)(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
            if not isinstance(e.code, int):
                out.write(str(e.code))
    return code, out.getvalue()


class Tmp(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)


class DataFile(Tmp):
    def write(self, name="d.dat", records=RECORDS, game="embed", fs="embed-a1", nf=64):
        p = self.path(name)
        datafile.write_data(p, game, fs, nf, records)
        return p

    def refused(self, blob, offset, words, **kw):
        p = self.path("bad.dat")
        with open(p, "wb") as f:
            f.write(blob)
        with self.assertRaises(datafile.DataError) as cm:
            datafile.read_data(p, **kw)
        msg = str(cm.exception)
        self.assertTrue(msg.startswith(f"{p}: byte {offset}: "), msg)
        self.assertIn(words, msg)

    def test_round_trip(self):
        d = datafile.read_data(self.write(), "embed", "embed-a1", 64, positions=True)
        self.assertEqual((d.game, d.feature_set, d.n_features, len(d)), ("embed", "embed-a1", 64, 4))
        for i, (score, result, stm, us, them, pos) in enumerate(RECORDS):
            self.assertEqual((int(d.score[i]), int(d.result[i]), int(d.stm[i])), (score, result, stm))
            self.assertEqual(d.features(i), (us, them))
            self.assertEqual(d.positions[i], pos)
        self.assertEqual(d.max_active(), 3)

    def test_empty_file_and_two_files(self):
        empty = self.write("e.dat", [])
        self.assertEqual(len(datafile.read_data(empty)), 0)
        d = datafile.read_files([self.write(), empty, self.write("b.dat")], "embed", positions=True)
        self.assertEqual(len(d), 8)
        self.assertEqual(d.features(6), d.features(2))
        self.assertEqual(d.positions[7], "p")

    def test_vectorised_writer_same_bytes(self):
        us_them = [r[3] + r[4] for r in RECORDS]
        p = self.path("v.dat")
        datafile.write_arrays(p, "embed", "embed-a1", 64, [r[0] for r in RECORDS],
                              [r[1] for r in RECORDS], [r[2] for r in RECORDS],
                              [len(r[3]) for r in RECORDS], [len(r[4]) for r in RECORDS],
                              sum(us_them, []), [r[5] for r in RECORDS])
        self.assertEqual(read_bytes(p), read_bytes(self.write()))

    def test_refusals(self):
        good = read_bytes(self.write())
        h = datafile.HEADER.size
        first = datafile.encode_record(*RECORDS[0])
        self.refused(good[:40], 40, "header cut short")
        self.refused(b"SIMIADG2" + good[8:], 0, "not a Simia data file")
        self.refused(good[:8] + struct.pack("<I", 3) + good[12:], 8, "version 3")
        self.refused(good, 16, "game is 'embed', expected 'mad'", game="mad")
        self.refused(good, 32, "feature set is 'embed-a1', expected 'embed-b'", feature_set="embed-b")
        self.refused(good, 12, "n_features is 64, expected 65", n_features=65)
        self.refused(good[:12] + struct.pack("<I", 0) + good[16:], 12, "n_features 0")
        self.refused(good[:16] + b"\0" * 16 + good[32:], 16, "not a NUL-padded name")
        self.refused(good[:h + 2], h, "cut short: 2 bytes")
        self.refused(good[:h + len(first) - 1], h, "record cut short")
        self.refused(good[:-1], h + len(first) + len(datafile.encode_record(*RECORDS[1]))
                     + len(datafile.encode_record(*RECORDS[2])), "record cut short")
        flip = bytearray(good)
        flip[h + 4] ^= 1  # the score's low byte
        self.refused(bytes(flip), h, "checksum mismatch")
        self.refused(good[:h] + struct.pack("<I", 4) + b"\0" * 8, h, "shorter than its fixed fields")

        def rec(body):
            return struct.pack("<I", len(body)) + body + struct.pack("<I", datafile.fnv1a(body))

        def body(score=0, result=0, stm=1, us=(1,), them=(2,), pos=b"q", n_us=None, n_them=None,
                 extra=b""):
            return (struct.pack("<hbBHH", score, result, stm, len(us) if n_us is None else n_us,
                                len(them) if n_them is None else n_them)
                    + struct.pack(f"<{len(us) + len(them)}I", *us, *them)
                    + struct.pack("<H", len(pos)) + pos + extra)

        head = good[:h] + first
        at = h + len(first)
        self.refused(head + rec(body(us=(1, 64))), at + 4 + 8 + 4, "feature 64 out of range [0, 64)")
        self.refused(head + rec(body(stm=3)), at + 4 + 3, "player deciding 3")
        self.refused(head + rec(body(stm=0)), at + 4 + 3, "player deciding 0")
        self.refused(head + rec(body(result=2)), at + 4 + 2, "result 2")
        self.refused(head + rec(body(score=-32001)), at + 4, "score -32001 beyond")
        self.refused(head + rec(body(extra=b"z")), at, "disagrees with its contents")
        self.refused(head + rec(body(n_us=30)), at, "features overrun")
        self.refused(head + rec(body(n_us=513, us=())), at, "more than 512 a side")
        self.refused(head + rec(body(pos=b"\xff")), at + 4 + 8 + 8 + 2, "not UTF-8", positions=True)

    def test_checksum_vectorised(self):
        raw = np.frombuffer(b"abcdefgh", np.uint8)
        got = datafile.fnv1a_many(raw, np.array([0, 2, 7, 3]), np.array([8, 3, 1, 0]))
        want = [datafile.fnv1a(b"abcdefgh"), datafile.fnv1a(b"cde"), datafile.fnv1a(b"h"), 0x811C9DC5]
        self.assertEqual(got.tolist(), want)
        self.assertEqual(datafile.fnv1a(b"a"), 0xE40C292C)  # the published FNV-1a test vector


FEATS = [  # (score, result, stm, flags, bucket, us, them): what a features file holds
    (10, 1, 1, 0, 0, [1, 2, 3], [4, 5]), (-5, 0, 2, 9, 0, [], [7]), (32000, -1, 2, 4, 0, [63], []),
    (-32000, 1, 1, 2, 0, [0, 9], [63, 62])]


class FeaturesFile(Tmp):
    """The features file `simia datagen --features` writes (DATA.md); the C side's own tests
    check the engine's writer against the game, engine_match reads one the engine wrote."""

    def write(self, name="f.feat", records=FEATS, nf=64, max_active=3):
        p = self.path(name)
        datafile.write_features(p, "embed", "embed-a1", nf, max_active, [r[0] for r in records],
                                [r[1] for r in records], [r[2] for r in records],
                                [len(r[5]) for r in records], [len(r[6]) for r in records],
                                sum((r[5] + r[6] for r in records), []), [r[3] for r in records],
                                [r[4] for r in records])
        return p

    def refused(self, blob, offset, words):
        p = self.path("bad.feat")
        with open(p, "wb") as f:
            f.write(blob)
        with self.assertRaises(datafile.DataError) as cm:
            datafile.read_data(p)
        msg = str(cm.exception)
        self.assertTrue(msg.startswith(f"{p}: byte {offset}: "), msg)
        self.assertIn(words, msg)

    @staticmethod
    def mend(blob):
        """The checksum made right again after a change (so that the field's own check speaks)."""
        b = np.frombuffer(bytes(blob), np.uint8)
        s = int(b[:-8].view("<u4").sum(dtype=np.uint64))
        return bytes(blob[:-8]) + struct.pack("<Q", s)

    def test_round_trip(self):
        d = datafile.read_data(self.write(), "embed", "embed-a1", 64)
        self.assertEqual((d.game, d.feature_set, d.n_features, len(d), d.nnue_max_active, d.nnue_buckets),
                         ("embed", "embed-a1", 64, 4, 3, 1))
        self.assertEqual(d.feats.dtype, np.uint16)
        for i, (score, result, stm, flags, bucket, us, them) in enumerate(FEATS):
            self.assertEqual((int(d.score[i]), int(d.result[i]), int(d.stm[i]), int(d.flags[i]),
                              int(d.bucket[i])), (score, result, stm, flags, bucket))
            self.assertEqual(d.features(i), (us, them))
        self.assertEqual(d.max_active(), 3)
        with self.assertRaises(datafile.DataError):
            datafile.read_data(self.write(), positions=True)
        # more than 65536 features: 4-byte indices
        big = datafile.read_data(self.write("b.feat", [(1, 0, 1, 0, 0, [70000], [3])], nf=70001))
        self.assertEqual((big.feats.dtype, big.features(0)), (np.uint32, ([70000], [3])))

    def test_with_version_1_files(self):
        v1 = self.path("v1.dat")
        datafile.write_data(v1, "embed", "embed-a1", 64, RECORDS)
        d = datafile.read_files([self.write(), v1], "embed")
        self.assertEqual(len(d), 8)
        self.assertEqual(d.features(5), d.features(4 + 1))
        self.assertEqual(d.features(4), (RECORDS[0][3], RECORDS[0][4]))
        self.assertEqual(d.features(3), (FEATS[3][5], FEATS[3][6]))
        self.assertEqual(d.flags.tolist(), [0, 9, 4, 2, 0, 0, 0, 0])
        self.assertEqual((d.nnue_max_active, d.bucket, d.nnue_buckets), (3, None, None))  # the features file declares it; the version 1 file has no stages

    def test_refusals(self):
        good = read_bytes(self.write())
        n, n_idx = 4, 11
        o = datafile.features_layout(n, n_idx, 2)
        self.assertEqual(o["size"], len(good))
        self.refused(good[:60], 60, "header cut short")
        self.refused(b"SIMIAFT2" + good[8:], 0, "not a Simia data file")
        self.refused(good[:8] + struct.pack("<I", 2) + good[12:], 8, "version 2")
        self.refused(good[:-1], len(good) - 1, "cut short")
        self.refused(good + b"\0" * 8, len(good), "bytes after the end")
        for at in range(0, len(good), 7):  # any byte changed: refused somewhere
            flip = bytearray(good)
            flip[at] ^= 0x20
            with self.assertRaises(datafile.DataError):
                p = self.path("flip.feat")
                with open(p, "wb") as f:
                    f.write(bytes(flip))
                datafile.read_data(p)
        flip = bytearray(good)
        flip[o["score"]] ^= 1
        self.refused(bytes(flip), o["checksum"], "checksum mismatch")

        def patched(at, fmt, value):
            b = bytearray(good)
            struct.pack_into(fmt, b, at, value)
            return self.mend(b)

        self.refused(patched(12, "<I", 0), 12, "n_features 0")
        self.refused(patched(48, "<I", 0), 48, "out of range 1..512")
        self.refused(patched(52, "<B", 4), 52, "4-byte feature indices")
        self.refused(patched(53, "<B", 0), 53, "no buckets")
        self.refused(patched(72, "<Q", 1), 72, "reserved")
        self.refused(patched(o["score"] + 2, "<h", -32001), o["score"] + 2, "score -32001 beyond")
        self.refused(patched(o["result"] + 3, "<b", 2), o["result"] + 3, "result 2")
        self.refused(patched(o["stm"] + 1, "<B", 0), o["stm"] + 1, "player deciding 0")
        self.refused(patched(o["flags"] + 2, "<B", 0x10), o["flags"] + 2, "flags 0x10")
        self.refused(patched(o["bucket"], "<B", 1), o["bucket"], "bucket 1, not below 1")
        self.refused(patched(o["n_them"] + 2 * 3, "<H", 4), o["n_them"] + 6, "more than the 3 declared")
        self.refused(patched(o["n_us"] + 2, "<H", 1), 64, "the records list 12 features, the header 11")
        self.refused(patched(o["indices"] + 2 * 5, "<H", 64), o["indices"] + 10, "feature 64 out of range")
        with self.assertRaises(datafile.DataError) as cm:
            datafile.read_data(self.write(), game="mad")
        self.assertIn("byte 16: game is 'embed', expected 'mad'", str(cm.exception))


class PositionsFile(Tmp):
    """Version 2 data: positions and labels, read for their positions; the trainer is pointed
    to `simia datagen --features`."""
    RECS = [(10, -5, 1, 1, 8, "abc d"), (-300, -32768, 0, 2, 5, "x"), (32000, 32000, -1, 2, 0, "p q")]

    def test_round_trip_and_refusals(self):
        p = self.path("v2.dat")
        datafile.write_positions(p, "embed", "embed-a1", 64, 56, self.RECS)
        d = datafile.read_positions(p, "embed")
        self.assertEqual((d.game, d.version, len(d)), ("embed", 2, 3))
        for i, (score, static, result, stm, flags, pos) in enumerate(self.RECS):
            self.assertEqual((int(d.score[i]), int(d.static[i]), int(d.result[i]), int(d.stm[i]),
                              int(d.flags[i]), d.positions[i]), (score, static, result, stm, flags, pos))
        with self.assertRaises(datafile.DataError) as cm:
            datafile.read_data(p)
        self.assertIn("byte 8: data of version 2 holds positions, not features", str(cm.exception))
        self.assertIn("datagen --features", str(cm.exception))
        v1 = self.path("v1.dat")
        datafile.write_data(v1, "embed", "embed-a1", 64, RECORDS)
        d1 = datafile.read_positions(v1)
        self.assertEqual((d1.version, d1.positions, int(d1.static[0]), int(d1.flags[0])),
                         (1, [r[5] for r in RECORDS], datafile.NO_STATIC, 0))
        good = read_bytes(p)
        rec = datafile.encode_position_record(*self.RECS[0])
        h = datafile.HEADER_V2_BYTES
        for blob, at, words in ((good[:h - 1], h - 1, "header cut short"),
                                (good[:h + 3], h, "record cut short"),
                                (good[:h + 2] + bytes([good[h + 2] ^ 1]) + good[h + 3:], h, "checksum"),
                                (good[:60] + b"\1" + good[61:], 52, "reserved"),
                                (good[:h] + datafile.encode_position_record(0, 0, 0, 3, 0, "a"), h + 7,
                                 "player deciding 3"),
                                (good[:h] + datafile.encode_position_record(0, 0, 0, 1, 16, "a"), h + 8,
                                 "flags 0x10"),
                                (good[:h] + datafile.encode_position_record(0, 32001, 0, 1, 0, "a"), h + 4,
                                 "static evaluation 32001")):
            q = self.path("bad.dat")
            with open(q, "wb") as f:
                f.write(blob)
            with self.assertRaises(datafile.DataError) as cm:
                datafile.read_positions(q)
            self.assertTrue(str(cm.exception).startswith(f"{q}: byte {at}: "), str(cm.exception))
            self.assertIn(words, str(cm.exception))
        self.assertEqual(len(rec), 2 + 7 + 5 + 4)


def hand_net():
    """A 4-feature, 16-wide net whose evals are worked out by hand in the test."""
    W1 = np.zeros((4, 16), np.int16)
    B1 = np.zeros(16, np.int16)
    W2 = np.zeros(32, np.int16)
    W1[0, 0], W1[1, 0], W1[2, 1], W1[3, 1] = 100, 200, -50, 300
    B1[0], B1[1] = 10, 5
    W2[0], W2[1], W2[16], W2[17] = 7, -3, -2, 5
    return netfile.Net("embed", "embed-a1", W1, B1, W2, -1000)


class Reference(Tmp):
    def test_hand_computed(self):
        net = hand_net()
        p = self.path("h.dat")
        datafile.write_data(p, "embed", "embed-a1", 4, [
            (0, 0, 1, [0, 1], [2], "a"),   # us: acc0 310 -> 255, acc1 5; them: acc0 10, acc1 -45 -> 0
            (0, 0, 2, [2, 3], [], "b"),    # us: acc0 10, acc1 255 (clamped from 255); them: 10, 5
            (0, 0, 1, [], [0, 0, 1, 3], "c"),  # us: 10, 5; them: 410 -> 255, 305 -> 255
        ])
        d = datafile.read_data(p)
        evals, worst = quantised.evaluate(net, d)
        outs = [-1000 + 255 * 7 + 5 * -3 + 10 * -2 + 0 * 5,
                -1000 + 10 * 7 + 255 * -3 + 10 * -2 + 5 * 5,
                -1000 + 10 * 7 + 5 * -3 + 255 * -2 + 255 * 5]
        self.assertEqual(outs, [750, -1690, -180])
        # floor division: 750*400/16320 = 18.38 -> 18; -1690*400/16320 = -41.42 -> -42; -4.41 -> -5
        self.assertEqual(evals.tolist(), [18, -42, -5])
        self.assertEqual(worst, 410)
        # the command line prints the same, one line per record
        buf = io.StringIO()
        nf = self.path("h.nnue")
        netfile.write_net(nf, net)
        with contextlib.redirect_stdout(buf):
            quantised.main([nf, p, "--positions"])
        self.assertEqual(buf.getvalue(), "18\ta\n-42\tb\n-5\tc\n")

    def test_hand_computed_squared(self):
        net = hand_net()
        net.activation = "screlu"
        p = self.path("q.dat")
        datafile.write_data(p, "embed", "embed-a1", 4, [
            (0, 0, 1, [0, 1], [2], "a"), (0, 0, 2, [2, 3], [], "b"), (0, 0, 1, [], [0, 0, 1, 3], "c")])
        evals, _ = quantised.evaluate(net, datafile.read_data(p))
        # the clipped values of test_hand_computed squared; B2 (scale QA * QB) times QA
        outs = [-1000 * 255 + 255 * 255 * 7 + 5 * 5 * -3 + 10 * 10 * -2,
                -1000 * 255 + 10 * 10 * 7 + 255 * 255 * -3 + 10 * 10 * -2 + 5 * 5 * 5,
                -1000 * 255 + 10 * 10 * 7 + 5 * 5 * -3 + 255 * 255 * -2 + 255 * 255 * 5]
        self.assertEqual(outs, [199900, -449450, -59300])
        # floor(out * 400 / (255 * 255 * 64)): 19.2 -> 19, -43.2 -> -44, -5.7 -> -6
        self.assertEqual(evals.tolist(), [19, -44, -6])
        net.W2[0] = 129  # 255 * 129 leaves int16: the engine's x * W2 would wrap
        with self.assertRaisesRegex(OverflowError, "x \\* W2 leaves int16"):
            quantised.evaluate(net, datafile.read_data(p))

    def test_clamped_and_overflow(self):
        net = hand_net()
        net.B2 = 2_000_000_000 // 255  # far beyond the eval's range
        p = self.path("o.dat")
        datafile.write_data(p, "embed", "embed-a1", 4, [(0, 0, 1, [0], [], "")])
        self.assertEqual(quantised.evaluate(net, datafile.read_data(p))[0].tolist(),
                         [quantised.EVAL_LIMIT])
        net.B2 = -net.B2
        self.assertEqual(quantised.evaluate(net, datafile.read_data(p))[0].tolist(),
                         [-quantised.EVAL_LIMIT])
        net.W1[3, 1] = 32000
        datafile.write_data(p, "embed", "embed-a1", 4, [(0, 0, 1, [3, 3], [], "")])
        with self.assertRaisesRegex(OverflowError, "record 0: an accumulator reaches 64005"):
            quantised.evaluate(net, datafile.read_data(p))


class NetFile(Tmp):
    def net_refused(self, p, blob, offset, words, **kw):
        """blob written to p is refused at byte offset with a message holding words."""
        with open(p, "wb") as f:
            f.write(blob)
        with self.assertRaises(netfile.NetError) as cm:
            netfile.read_net(p, **kw)
        self.assertTrue(str(cm.exception).startswith(f"{p}: byte {offset}: "), str(cm.exception))
        self.assertIn(words, str(cm.exception))

    def test_round_trip_and_refusals(self):
        net = hand_net()
        p = self.path("n.nnue")
        size = netfile.write_net(p, net)
        self.assertEqual(size, 68 + 2 * (4 * 16 + 16 + 32) + 4)
        back = netfile.read_net(p, "embed", "embed-a1", 4)
        for a, b in ((back.W1, net.W1), (back.B1, net.B1), (back.W2, net.W2)):
            self.assertTrue(np.array_equal(a, b))
        self.assertEqual(back.B2.tolist(), [-1000])
        self.assertEqual((back.buckets, back.wdl_scale), (1, 0))  # version 1 says no scale
        good = read_bytes(p)

        def refused(blob, offset, words, **kw):
            self.net_refused(p, blob, offset, words, **kw)

        refused(good[:60], 60, "header cut short")
        refused(b"SIMIANN2" + good[8:], 0, "not a Simia net")
        refused(good[:8] + struct.pack("<I", 9) + good[12:], 8, "version 9")
        refused(good, 12, "game is 'embed', expected 'mad'", game="mad")
        refused(good, 28, "feature set is 'embed-a1', expected 'x'", feature_set="x")
        refused(good, 44, "n_features is 4, expected 5", n_features=5)
        refused(good[:48] + struct.pack("<I", 24) + good[52:], 44, "hidden 24")
        refused(good[:52] + struct.pack("<i", 127) + good[56:], 52, "qa, qb, scale are 127")
        refused(good[:-1], len(good) - 1, "cut short")
        refused(good + b"\0", len(good), "trailing bytes")
        flip = bytearray(good)
        flip[100] ^= 4
        refused(bytes(flip), 64, "checksum mismatch")

    def test_scoped_round_trip_and_refusals(self):
        net = hand_net()
        net.scope = "5x5 9x9-long"
        p = self.path("s.nnue")
        size = netfile.write_net(p, net)
        self.assertEqual(size, 68 + 64 + 2 * (4 * 16 + 16 + 32) + 4)
        good = read_bytes(p)
        self.assertEqual(struct.unpack_from("<I", good, 8)[0], 2)
        back = netfile.read_net(p, "embed", "embed-a1", 4)
        self.assertEqual(back.scope, "5x5 9x9-long")
        self.assertTrue(np.array_equal(back.W1, net.W1))
        for bad in ("", " 5x5", "5x5  9x9", "a-name-of-sixteen", "x" * 64):
            net.scope = bad
            if bad:
                with self.assertRaises(ValueError):
                    net.to_bytes()

        def refused(blob, offset, words):
            self.net_refused(p, blob, offset, words)

        refused(good[:68] + b"5x5  9x9".ljust(64, b"\0") + good[132:], 68, "single spaces")
        refused(good[:68] + b"5x5\0x".ljust(64, b"\0") + good[132:], 68, "after the scope")
        refused(good[:100], 100, "header cut short")
        refused(good[:-1], len(good) - 1, "cut short")


    def test_squared_activation_round_trip_and_refusals(self):
        net = hand_net()
        net.activation = "screlu"
        p = self.path("v3.nnue")
        for scope in ("", "5x5 9x9"):
            net.scope = scope
            size = netfile.write_net(p, net)
            self.assertEqual(size, 68 + 4 + 64 + 2 * (4 * 16 + 16 + 32) + 4)
            good = read_bytes(p)
            self.assertEqual(struct.unpack_from("<II", good, 8 + 0)[0], 3)
            self.assertEqual(struct.unpack_from("<I", good, 68)[0], 1)
            back = netfile.read_net(p, "embed", "embed-a1", 4)
            self.assertEqual((back.activation, back.scope), ("screlu", scope))
            self.assertTrue(np.array_equal(back.W2, net.W2))
        with self.assertRaises(ValueError):
            netfile.Net("embed", "embed-a1", net.W1, net.B1, net.W2, 0, activation="relu")
        net.activation, net.scope = "crelu", ""
        self.assertEqual(netfile.Net.to_bytes(net)[8], 1)  # a clipped net stays version 1

        def refused(blob, offset, words):
            self.net_refused(p, blob, offset, words)

        for act in (0, 2):
            refused(good[:68] + struct.pack("<I", act) + good[72:], 68, f"activation {act}")
        refused(good[:72] + b"5x5  9x9".ljust(64, b"\0") + good[136:], 72, "single spaces")
        refused(good[:100], 100, "header cut short")
        refused(good[:-1], len(good) - 1, "cut short")


class Training(Tmp):
    def synth(self, name="s.dat", records=400, features=64, active=8, seed=5):
        p = self.path(name)
        synthetic.make(p, records, features, active, seed, game="embed", feature_set="embed-a1")
        return p

    def test_one_epoch_export_and_reload(self):
        data, net = self.synth(), self.path("a.nnue")
        code, out = run_train("--data", data, "--out", net, "--game", "embed", "--hidden", 32,
                              "--epochs", 1, "--batch", 64, "--seed", 1, "--scale-wdl", 400)
        self.assertEqual(code, 0, out)
        self.assertRegex(out, r"epoch 1: train loss [0-9.]+  val loss [0-9.]+ ")
        self.assertIn(f"wrote {net}: {os.path.getsize(net)} bytes", out)
        n = netfile.read_net(net, "embed", "embed-a1", 64)
        self.assertEqual((n.hidden, n.W1.shape), (32, (64, 32)))
        # --init with no epochs gives back the same net, byte for byte
        code, out = run_train("--data", data, "--out", self.path("b.nnue"), "--game", "embed",
                              "--hidden", 32, "--epochs", 0, "--init", net, "--scale-wdl", 400)
        self.assertEqual(code, 0, out)
        self.assertEqual(read_bytes(net), read_bytes(self.path("b.nnue")))
        # --scope: the same parameters in a version 2 file that names the configurations
        code, out = run_train("--data", data, "--out", self.path("c.nnue"), "--game", "embed",
                              "--hidden", 32, "--epochs", 0, "--init", net, "--scope", "5x5 9x9",
                              "--scale-wdl", 400)
        self.assertEqual(code, 0, out)
        self.assertIn("serving 5x5 9x9", out)
        c = netfile.read_net(self.path("c.nnue"))
        self.assertEqual(c.scope, "5x5 9x9")
        self.assertEqual(read_bytes(self.path("c.nnue"))[144:], read_bytes(net)[144:])  # the parameters

    def test_learns(self):
        data, net = self.synth(records=3000, seed=7), self.path("l.nnue")
        code, out = run_train("--data", data, "--out", net, "--game", "embed", "--hidden", 32,
                              "--epochs", 6, "--batch", 128, "--lr", 3e-3, "--lambda", 1.0,
                              "--seed", 2, "--val-fraction", 0.1)
        self.assertEqual(code, 0, out)
        val = [float(line.split("val loss ")[1].split()[0]) for line in out.splitlines()
               if line.startswith("epoch")]
        self.assertEqual(len(val), 7)
        self.assertTrue(all(np.isfinite(val)), out)
        self.assertLess(val[-1], 0.5 * val[0], out)
        # the exported integer net keeps what was learnt: its evals follow the scores
        d = datafile.read_data(data)
        evals, _ = quantised.evaluate(netfile.read_net(net), d)
        self.assertGreater(np.corrcoef(evals, d.score)[0, 1], 0.9)

    def test_same_seed_same_bytes(self):
        data = self.synth(seed=9)
        blobs = []
        for name, seed in (("x.nnue", 4), ("y.nnue", 4), ("z.nnue", 5)):
            code, out = run_train("--data", data, "--out", self.path(name), "--game", "embed",
                                  "--hidden", 16, "--epochs", 2, "--batch", 50, "--seed", seed)
            self.assertEqual(code, 0, out)
            blobs.append(read_bytes(self.path(name)))
        self.assertEqual(blobs[0], blobs[1])
        self.assertNotEqual(blobs[0], blobs[2])

    def test_held_out_games_and_keep_best(self):
        data, held = self.synth(seed=11), self.synth("h.dat", records=100, seed=12)
        common = ("--data", data, "--game", "embed", "--hidden", 16, "--batch", 50, "--seed", 3,
                  "--lr", 0.05)
        code, out = run_train(*common, "--out", self.path("k.nnue"), "--epochs", 6,
                              "--val-data", held, "--keep-best")
        self.assertEqual(code, 0, out)
        self.assertIn("400 records of embed", out)
        self.assertIn("100 held out in 1 file(s)", out)
        self.assertIn("training 400 records, validating on 100", out)
        val = [float(line.split("val loss ")[1].split()[0]) for line in out.splitlines()
               if line.startswith("epoch")]
        best = min(range(len(val)), key=lambda e: (val[e], e))
        self.assertIn(f"kept epoch {best}: val loss {val[best]:.6f}", out)
        # the kept net is the one a run stopping at that epoch exports, byte for byte
        code, out2 = run_train(*common, "--out", self.path("s.nnue"), "--epochs", best,
                               "--val-data", held)
        self.assertEqual(code, 0, out2)
        self.assertEqual(read_bytes(self.path("k.nnue")), read_bytes(self.path("s.nnue")))

    def test_lr_end_cosine_schedule(self):
        data = self.synth(records=600, seed=15)
        common = ("--data", data, "--game", "embed", "--hidden", 16, "--batch", 50, "--seed", 6,
                  "--epochs", 3, "--lr", 0.01)
        runs = {}
        for name, extra in (("c", ()), ("e", ("--lr-end", 0.01)), ("d", ("--lr-end", 0.0001))):
            code, out = run_train(*common, "--out", self.path(name + ".nnue"), *extra)
            self.assertEqual(code, 0, out)
            runs[name] = (out, read_bytes(self.path(name + ".nnue")))
        # a schedule that ends where it starts is the constant rate, byte for byte
        self.assertEqual(runs["c"][1], runs["e"][1])
        self.assertNotEqual(runs["c"][1], runs["d"][1])
        self.assertIn("lr 0.01 to 0.0001 (cosine)", runs["d"][0])
        self.assertNotIn("cosine", runs["c"][0])
        val = [float(line.split("val loss ")[1].split()[0]) for line in runs["d"][0].splitlines()
               if line.startswith("epoch")]
        self.assertLess(val[-1], val[0], runs["d"][0])
        for bad in ("0.02", "-1"):
            code, out = run_train(*common, "--out", self.path("bad.nnue"), "--lr-end", bad)
            self.assertEqual(code, 2, out)
            self.assertIn("--lr-end in [0, --lr]", out)

    def test_squared_activation(self):
        data = self.synth(records=600, seed=16)
        common = ("--data", data, "--game", "embed", "--hidden", 16, "--batch", 50, "--seed", 7,
                  "--epochs", 3, "--lr", 0.01)
        code, out = run_train(*common, "--out", self.path("sq.nnue"), "--activation", "screlu")
        self.assertEqual(code, 0, out)
        self.assertIn("hidden 16 (screlu)", out)
        net = netfile.read_net(self.path("sq.nnue"))
        self.assertEqual(net.activation, "screlu")
        self.assertLessEqual(int(np.abs(net.W2.astype(np.int64)).max()), 128)  # x * W2 in int16
        val = [float(line.split("val loss ")[1].split()[0]) for line in out.splitlines()
               if line.startswith("epoch")]
        self.assertLess(val[-1], val[0], out)
        code, out2 = run_train(*common, "--out", self.path("cl.nnue"))
        self.assertEqual(code, 0, out2)
        self.assertNotEqual(read_bytes(self.path("sq.nnue"))[144:], read_bytes(self.path("cl.nnue"))[144:])
        # the float and integer evals agree (the squared scale is worked out in both: a factor
        # of QA missed would put them hundreds of cp apart; W2's step of 1/64 leaves a few cp)
        diff = float(out.split("mean |float - integer eval| ")[1].split()[0])
        self.assertLess(diff, 12.0, out)
        code, out = run_train(*common, "--out", self.path("x.nnue"), "--activation", "screlu",
                              "--init", self.path("cl.nnue"))
        self.assertEqual(code, 1, out)
        self.assertIn("activation crelu, but --activation is screlu", out)
        code, out = run_train(*common, "--out", self.path("x.nnue"), "--activation", "relu")
        self.assertEqual(code, 2, out)

    def test_quantisation_aware_epochs(self):
        data = self.synth(records=600, seed=17)
        common = ("--data", data, "--game", "embed", "--hidden", 16, "--batch", 50, "--seed", 8,
                  "--epochs", 3, "--lr", 0.01, "--val-fraction", 0.2, "--keep-best")
        runs = {}
        for name, extra in (("f", ()), ("z", ("--qat-epochs", 0)), ("q", ("--qat-epochs", 2))):
            code, out = run_train(*common, "--out", self.path(name + ".nnue"), *extra)
            self.assertEqual(code, 0, out)
            runs[name] = (out, read_bytes(self.path(name + ".nnue")))
        self.assertEqual(runs["f"][1], runs["z"][1])  # 0 epochs on the rounded net: the float run
        self.assertNotEqual(runs["f"][1], runs["q"][1])
        out = runs["q"][0]
        self.assertIn("the last 2 epoch(s) on the rounded net", out)
        # validated on the rounded net, the kept loss is the exported integer net's (up to the
        # engine's floor division and float32 sums)
        kept = float(out.split("kept epoch ")[1].split("val loss ")[1].split()[0])
        q_loss = float(out.split("records: loss ")[1].split(",")[0])
        self.assertAlmostEqual(kept, q_loss, delta=0.0005 * q_loss, msg=out)
        val = [float(line.split("val loss ")[1].split()[0]) for line in out.splitlines()
               if line.startswith("epoch")]
        self.assertLess(val[-1], val[0], out)
        code, out = run_train(*common, "--out", self.path("bad.nnue"), "--qat-epochs", 4)
        self.assertEqual(code, 2, out)
        self.assertIn("--qat-epochs in [0, --epochs]", out)

    def test_tail_split_holds_out_the_last_records(self):
        data = self.synth(records=200, seed=13)
        code, out = run_train("--data", data, "--out", self.path("t.nnue"), "--game", "embed",
                              "--hidden", 16, "--epochs", 1, "--batch", 50, "--val-fraction", 0.25,
                              "--scale-wdl", 400)
        self.assertEqual(code, 0, out)
        self.assertIn("training 150 records, validating on 50", out)
        # the validation loss before training is the loss of the last 50 records alone
        d = datafile.read_data(data)
        tail = self.path("tail.dat")
        datafile.write_data(tail, "embed", "embed-a1", 64, [
            (int(d.score[i]), int(d.result[i]), int(d.stm[i]), *d.features(i), "p")
            for i in range(150, 200)])
        code, out2 = run_train("--data", data, "--out", self.path("u.nnue"), "--game", "embed",
                               "--hidden", 16, "--epochs", 0, "--val-data", tail, "--scale-wdl", 400)
        self.assertEqual(code, 0, out2)
        first = [line for line in out.splitlines() if line.startswith("epoch 0:")]
        self.assertEqual(first, [line for line in out2.splitlines() if line.startswith("epoch 0:")])

    def test_clipping_keeps_int16(self):
        # every feature active in a view and a huge learning rate: the clips must hold the
        # accumulators of any 64 distinct features, lane by lane
        data = self.synth(records=300, features=64, active=200)
        net = self.path("c.nnue")
        code, out = run_train("--data", data, "--out", net, "--game", "embed", "--hidden", 16,
                              "--epochs", 2, "--batch", 32, "--lr", 0.5, "--max-active", 64)
        self.assertEqual(code, 0, out)
        n = netfile.read_net(net)
        d = datafile.read_data(data)
        self.assertEqual(d.max_active(), 64)
        worst = bound.lane_bound(n.W1, n.B1, 64)
        self.assertLessEqual(worst, 32767)
        self.assertGreater(worst, 32000, "the clip was not reached: the test does not test it")
        self.assertRegex(out, r"; [1-9][0-9]* lane clips\)")
        quantised.evaluate(n, d)  # asserts every accumulator within int16
        # the lane clip is looser than one box for all: some weights exceed what a box
        # (|W1| <= 32767 / 65) would have allowed
        self.assertGreater(int(np.abs(n.W1.astype(np.int64)).max()), 32767 // 65, out)

    def test_gradient_equals_embeddingbag(self):
        d = datafile.read_data(self.synth(records=200, features=64, active=10))
        torch.manual_seed(3)
        model = train.make_model(torch, 64, 16)
        idx = np.arange(0, 200, 3)
        target = torch.rand(len(idx))
        loss = torch.mean((torch.sigmoid(model(train.batch_inputs(d, idx, True)) / 400) - target) ** 2)
        loss.backward()
        mine = model.w1.grad.clone()
        flat, offsets, _, _ = train.batch_inputs(d, idx)
        acc = torch.nn.functional.embedding_bag(torch.from_numpy(flat), model.w1,
                                                torch.from_numpy(offsets), mode="sum")
        x = torch.clamp(acc + model.b1, 0, 1)
        x = torch.cat([x[:len(idx)], x[len(idx):]], dim=1)
        ref = torch.mean((torch.sigmoid((x @ model.w2[0] + model.b2[0]) * 400 / 400) - target) ** 2)
        self.assertAlmostEqual(loss.item(), ref.item(), places=6)
        model.w1.grad = None
        ref.backward()
        self.assertGreater(mine.abs().max().item(), 0)
        self.assertTrue(torch.allclose(mine, model.w1.grad, rtol=1e-5, atol=1e-8))

    def test_refusals(self):
        data = self.synth()
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "mad")
        self.assertEqual(code, 1)
        self.assertIn(f"{data}: byte 16: game is 'embed', expected 'mad'", out)
        other = self.path("o.dat")
        synthetic.make(other, 10, 65, 4, 1, game="embed", feature_set="embed-a1")
        code, out = run_train("--data", data, other, "--out", self.path("r.nnue"), "--game", "embed")
        self.assertIn(f"{other}: byte 12: n_features is 65, expected 64", out)
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "embed",
                              "--hidden", 24)
        self.assertEqual(code, 2)
        self.assertIn("multiple of 16", out)
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "embed",
                              "--val-fraction", 0, "--keep-best")
        self.assertEqual(code, 2)
        self.assertIn("--keep-best needs validation records", out)
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "embed",
                              "--scope", "5x5  9x9")
        self.assertEqual(code, 2)
        self.assertIn("separated by single spaces", out)
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "embed",
                              "--val-data", other)
        self.assertEqual(code, 1)
        self.assertIn(f"{other}: byte 12: n_features is 65, expected 64", out)
        netfile.write_net(self.path("h.nnue"), hand_net())
        code, out = run_train("--data", data, "--out", self.path("r.nnue"), "--game", "embed",
                              "--init", self.path("h.nnue"))
        self.assertIn("n_features is 4, expected 64", out)



def loaded_main(**fields):
    """A train.main whose data gets fields after loading (as a newer data format gives them:
    bucket, each record's stage; nnue_max_active, the game's declared bound)."""
    def main(argv):
        a = train.parse_args(argv)
        d, n_held = train.load(a)
        for k, v in fields.items():
            setattr(d, k, v)
        train.run(a, d, n_held)
    return main


def staged_main(stages):
    return loaded_main(bucket=stages)


class BucketsAndScale(Tmp):
    """Net format version 4 in Python, its integer reference, and training with output buckets
    and the fitted result scale."""

    def test_version4_round_trip_and_refusals(self):
        net = hand_net()
        net.W2 = np.stack([net.W2[0], -net.W2[0], net.W2[0] // 2])
        net.B2 = [-1000, 7, 123456]
        net.wdl_scale = 287
        p = self.path("v4.nnue")
        for activation, scope in (("crelu", ""), ("screlu", "5x5 9x9")):
            net.activation, net.scope = activation, scope
            size = netfile.write_net(p, net)
            self.assertEqual(size, 68 + 12 + 64 + 2 * (4 * 16 + 16 + 3 * 32) + 3 * 4)
            good = read_bytes(p)
            self.assertEqual(struct.unpack_from("<IIII", good, 8 + 0)[0], 4)
            self.assertEqual(struct.unpack_from("<III", good, 68), (netfile.ACTIVATIONS[activation], 3, 287))
            back = netfile.read_net(p, "embed", "embed-a1", 4)
            self.assertEqual((back.activation, back.scope, back.buckets, back.wdl_scale),
                             (activation, scope, 3, 287))
            self.assertTrue(np.array_equal(back.W2, net.W2))
            self.assertEqual(back.B2.tolist(), [-1000, 7, 123456])
            self.assertEqual(back.to_bytes(), good)
        # a scale alone, or buckets alone, is version 4; neither is the old versions' net
        one = hand_net()
        one.wdl_scale = 250
        self.assertEqual(one.to_bytes()[8], 4)
        one.wdl_scale = 0
        self.assertEqual(one.to_bytes()[8], 1)
        net.wdl_scale = 0  # buckets without a scale
        self.assertEqual(netfile.Net.to_bytes(net)[8], 4)
        net.wdl_scale = 287

        def refused(blob, offset, words):
            with open(p, "wb") as f:
                f.write(blob)
            with self.assertRaises(netfile.NetError) as cm:
                netfile.read_net(p)
            self.assertTrue(str(cm.exception).startswith(f"{p}: byte {offset}: "), str(cm.exception))
            self.assertIn(words, str(cm.exception))

        def field(at, value):
            return good[:at] + struct.pack("<I", value) + good[at + 4:]

        refused(field(68, 2), 68, "activation 2")
        refused(field(72, 0), 72, "0 output buckets")
        refused(field(72, 17), 72, "17 output buckets")
        refused(field(76, 9), 72, "result scale 9")
        refused(field(76, 10001), 72, "result scale 10001")
        refused(field(72, 1)[:76] + struct.pack("<I", 0) + good[80:], 72, "1 output bucket and no result scale")
        refused(field(76, 288), 64, "checksum mismatch")  # the checksum covers the header's fields
        refused(field(72, 2), 68 + 12 + 64 + 2 * (4 * 16 + 16 + 2 * 32) + 2 * 4, "with 2 output buckets has")
        refused(good[:120], 120, "header cut short")
        refused(good[:-1], len(good) - 1, "cut short")
        refused(good + b"\0", len(good), "trailing bytes")
        refused(field(8, 5), 8, "version 5")
        with self.assertRaises(ValueError):
            netfile.Net("embed", "embed-a1", net.W1, net.B1, net.W2, net.B2, wdl_scale=5).to_bytes()
        with self.assertRaises(ValueError):
            netfile.Net("embed", "embed-a1", net.W1, net.B1, np.zeros((17, 32)), [0] * 17).to_bytes()

    def test_reference_with_buckets(self):
        net = hand_net()
        net.W2 = np.stack([net.W2[0], -net.W2[0]])
        net.B2 = [-1000, 500]
        p = self.path("b.dat")
        datafile.write_data(p, "embed", "embed-a1", 4, [
            (0, 0, 1, [0, 1], [2], "a"), (0, 0, 2, [2, 3], [], "b"), (0, 0, 1, [], [0, 0, 1, 3], "c")])
        d = datafile.read_data(p)
        d.bucket = np.array([0, 1, 1], np.uint8)
        evals, _ = quantised.evaluate(net, d)
        # test_hand_computed's x . W2 (1765, -690, 820) in bucket 0, negated in bucket 1
        outs = [-1000 + 1750, 500 + 690, 500 - 820]
        self.assertEqual(evals.tolist(), [(o * 400) // (255 * 64) for o in outs])
        self.assertEqual(evals.tolist(), [18, 29, -8])
        d.bucket = None
        with self.assertRaisesRegex(ValueError, "no stage per record"):
            quantised.evaluate(net, d)
        d.bucket = np.array([0, 2, 1], np.uint8)
        with self.assertRaisesRegex(ValueError, "record 1: stage 2, not below the 2"):
            quantised.evaluate(net, d)

    def test_scale_fit(self):
        rng = np.random.default_rng(3)
        score = rng.normal(0, 300, 20000).round()
        for true in (120, 250, 700):
            # results drawn so that a win counts 1 and a draw half, on average P(score): draws
            # most often where the score is even
            p = 1 / (1 + np.exp(-score / true))
            draw = 0.8 * p * (1 - p)
            u = rng.random(len(score))
            result = np.where(u < p - draw / 2, 1, np.where(u < p + draw / 2, 0, -1))
            got = scale.fit(score, result)
            self.assertLess(abs(got - true) / true, 0.08, (true, got))
            # the fitted scale predicts best: nearby scales predict worse
            best = scale.log_loss(score, result, got)
            for other in (got * 0.8, got * 1.25):
                self.assertLess(best, scale.log_loss(score, result, other))
        for bad_score, bad_result, words in (
                (score[:100], result[:100], "100 records, too few"),
                (score, np.zeros(len(score)), "every result is the same"),
                (np.zeros(len(score)), result, "every score is 0"),
                (score, np.where(score > 0, -1, 1), "do not follow the scores")):
            with self.assertRaisesRegex(scale.FitError, words):
                scale.fit(bad_score, bad_result)

    def test_targets_read_each_file_at_its_scale(self):
        rows = [(300, 1, 1, [1], [2], "p"), (-300, 0, 2, [3], [], "q")]
        a, b = self.path("a.dat"), self.path("b.dat")
        datafile.write_data(a, "embed", "embed-a1", 64, rows)
        datafile.write_data(b, "embed", "embed-a1", 64, rows[:1])
        d = datafile.read_files([a, b])
        self.assertEqual(d.file_sizes, [2, 1])
        got = train.targets(d, 0.75, [100, 1000])
        sig = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
        want = [0.75 * sig(3) + 0.25, 0.75 * sig(-3) + 0.125, 0.75 * sig(0.3) + 0.25]
        self.assertTrue(np.allclose(got, want), (got, want))
        self.assertTrue(np.allclose(train.targets(d, 0.75, 100)[2], 0.75 * sig(3) + 0.25))

    def synth_at(self, name, records, seed, stretch=1.0):
        """A synthetic file whose scores are stretched: the same results, another scale."""
        p = self.path(name)
        synthetic.make(p, records, 64, 8, seed, game="embed", feature_set="embed-a1")
        d = datafile.read_data(p)
        rows = [(int(np.clip(round(int(d.score[i]) * stretch), -32000, 32000)), int(d.result[i]),
                 int(d.stm[i]), *d.features(i), "p") for i in range(len(d))]
        datafile.write_data(p, "embed", "embed-a1", 64, rows)
        return p

    def test_fitted_scale_in_training(self):
        # two generations scored on two scales: each file's scores are read at its own, the net
        # gets the held-out games' (the last file's tail), and the file carries it
        a, b = self.synth_at("a.dat", 3000, 21), self.synth_at("b.dat", 3000, 22, stretch=2.5)
        common = ("--data", a, b, "--game", "embed", "--hidden", 16, "--batch", 100, "--seed", 3,
                  "--epochs", 1, "--val-fraction", 0.1)
        code, out = run_train(*common, "--out", self.path("f.nnue"))
        self.assertEqual(code, 0, out)
        files = [int(x) for x in out.split("each file's scores read at ")[1].split("\n")[0].split(", ")]
        self.assertLess(abs(files[1] / files[0] - 2.5), 0.4, out)
        held = int(out.split("result scale ")[1].split(",")[0])
        self.assertIn("fitted on 600 held-out records", out)
        self.assertLess(abs(held / files[1] - 1), 0.25, out)
        net = netfile.read_net(self.path("f.nnue"))
        self.assertEqual(net.wdl_scale, held)
        self.assertIn(f"result scale {held}", out.splitlines()[-1])
        # a given scale: every file's, and the net carries it
        code, out = run_train(*common, "--out", self.path("g.nnue"), "--scale-wdl", 400)
        self.assertEqual(code, 0, out)
        self.assertIn("result scale 400 (given)", out)
        self.assertEqual(netfile.read_net(self.path("g.nnue")).wdl_scale, 400)
        for bad in ("0", "x", "20000"):
            code, out = run_train(*common, "--out", self.path("x.nnue"), "--scale-wdl", bad)
            self.assertEqual(code, 2, out)
            self.assertIn("--scale-wdl: 'fit' or a whole number", out)
        # too few records to fit: refused with the way out
        small = self.synth_at("s.dat", 150, 23)
        code, out = run_train("--data", small, "--game", "embed", "--hidden", 16, "--out",
                              self.path("x.nnue"))
        self.assertEqual(code, 1, out)
        self.assertIn("cannot fit the result scale on the 142 training records", out)
        self.assertIn("give --scale-wdl N", out)

    def test_buckets_learn_the_stage(self):
        # the rule turns round in odd stages: with a layer per stage the net learns it, with one
        # it cannot; the exported net's integer evals (each record's layer) follow the scores
        p = self.path("st.dat")
        _, stage = synthetic.make(p, 3000, 64, 8, 31, game="embed", feature_set="embed-a1", buckets=4)
        common = ("--data", p, "--game", "embed", "--hidden", 32, "--batch", 128, "--seed", 4,
                  "--epochs", 6, "--lr", 3e-3, "--lambda", 1.0, "--val-fraction", 0.1,
                  "--scale-wdl", 400)
        self.assertEqual(datafile.read_data(p).bucket.tolist(), stage.tolist())  # the file's column
        runs = {}
        for k in (1, 4):  # each record's stage as the features file gives it
            code, out = run_train(*common, "--out", self.path(f"b{k}.nnue"), "--buckets", k)
            self.assertEqual(code, 0, out)
            runs[k] = float(out.split("quantised on")[1].split("loss ")[1].split(",")[0])
        self.assertIn("4 output buckets", out)
        self.assertLess(runs[4], 0.5 * runs[1], runs)
        net = netfile.read_net(self.path("b4.nnue"))
        self.assertEqual((net.buckets, net.W2.shape, net.B2.shape), (4, (4, 64), (4,)))
        d = datafile.read_data(p)
        evals, _ = quantised.evaluate(net, d)
        self.assertGreater(np.corrcoef(evals, d.score)[0, 1], 0.9)
        # the file's stage count by default
        code, out = run_train(*common, "--out", self.path("n.nnue"), "--epochs", 0)
        self.assertEqual(code, 0, out)
        self.assertEqual(netfile.read_net(self.path("n.nnue")).buckets, 4)
        # --buckets on data without stages (version 1), beyond the data's stages, a stage with
        # no layer: refused
        v1 = self.synth_at("v1.dat", 300, 32)
        code, out = run_train("--data", v1, *common[2:], "--out", self.path("x.nnue"), "--buckets", 4)
        self.assertEqual(code, 1, out)
        self.assertIn("4 output buckets, but the data gives no stage per record", out)
        code, out = run_train(*common, "--out", self.path("x.nnue"), "--buckets", 5)
        self.assertEqual(code, 1, out)
        self.assertIn("5 output buckets, but the data's game has 4 stage(s)", out)
        code, out = run_train(*common, "--out", self.path("x.nnue"), "--buckets", 3)
        self.assertEqual(code, 1, out)
        first = int(np.flatnonzero(stage == 3)[0])
        self.assertIn(f"{p}: record {first}: stage 3, not below the 3 output buckets", out)
        for bad in (0, 17):
            code, out = run_train(*common, "--out", self.path("x.nnue"), "--buckets", bad)
            self.assertEqual(code, 2, out)
        # a first bucketed generation from a net of one layer: every bucket starts from it
        code, out = run_train(*common, "--out", self.path("i.nnue"), "--buckets", 4, "--epochs", 0,
                              "--init", self.path("b1.nnue"))
        self.assertEqual(code, 0, out)
        one, four = netfile.read_net(self.path("b1.nnue")), netfile.read_net(self.path("i.nnue"))
        self.assertTrue(np.array_equal(four.W2, np.repeat(one.W2, 4, axis=0)))
        self.assertEqual(four.B2.tolist(), one.B2.tolist() * 4)
        self.assertTrue(np.array_equal(four.W1, one.W1))
        code, out = run_train(*common, "--out", self.path("x.nnue"), "--buckets", 2, "--epochs", 0,
                              "--init", self.path("b4.nnue"), main=staged_main(stage % 2))
        self.assertEqual(code, 1, out)
        self.assertIn("4 output buckets, but --buckets is 2", out)


class DeclaredBound(Tmp):
    """The trainer keeps the game's declared bound: it refuses data that breaks it or repeats
    a feature in a view, and clips each lane so that no view of that many distinct features
    can pass int16 (bound.py)."""

    def write(self, records):
        p = self.path("d.dat")
        datafile.write_data(p, "embed", "embed-a1", 64, records)
        return p

    def test_refusals(self):
        rows = [(10 * i, 1 if i % 2 else -1, 1, [i % 64, (i + 1) % 64], [(i + 2) % 64], "p")
                for i in range(300)]
        common = ("--game", "embed", "--hidden", 16, "--epochs", 0, "--out", self.path("x.nnue"),
                  "--scale-wdl", 400)
        code, out = run_train("--data", self.write(rows), *common, "--max-active", 2)
        self.assertEqual(code, 0, out)
        self.assertIn("each lane within 2 features' int16", out)
        rows[120] = (5, 0, 2, [3, 9, 3], [4], "p")
        p = self.write(rows)
        code, out = run_train("--data", p, *common, "--max-active", 4)
        self.assertEqual(code, 1, out)
        self.assertIn(f"{p}: record 120: feature 3 twice in the player deciding's view", out)
        rows[120] = (5, 0, 2, [3, 9], [4, 7, 4], "p")
        p = self.write(rows)
        other = self.path("o.dat")  # named in the second file, counted from its start
        datafile.write_data(other, "embed", "embed-a1", 64, rows)
        code, out = run_train("--data", self.write(rows[:100]), other, *common, "--max-active", 4)
        self.assertEqual(code, 1, out)
        self.assertIn(f"{other}: record 120: feature 4 twice in the other player's view", out)
        rows[120] = (5, 0, 2, [3, 9, 10], [4], "p")
        code, out = run_train("--data", self.write(rows), *common, "--max-active", 2)
        self.assertEqual(code, 1, out)
        self.assertIn("record 120: 3+1 active features, more than the game's declared 2 a view", out)
        # data of format 1 does not say the bound: it must be given
        code, out = run_train("--data", self.write(rows), *common, main=lambda argv: train.main(argv[:-2]))
        self.assertEqual(code, 1, out)
        self.assertIn("give --max-active, the game's GameOps.nnue_max_active", out)
        for bad in (0, 513):
            code, out = run_train("--data", self.write(rows), *common, "--max-active", bad)
            self.assertEqual(code, 2, out)

        def declared(n):
            return loaded_main(nnue_max_active=n)
        # the data's declared bound is used; a smaller one given is refused
        code, out = run_train("--data", self.write(rows), *common, "--max-active", 3, main=declared(5))
        self.assertEqual(code, 1, out)
        self.assertIn("--max-active 3 is below the game's declared 5", out)
        code, out = run_train("--data", self.write(rows), *common, main=lambda argv: declared(5)(argv[:-2]))
        self.assertEqual(code, 0, out)
        self.assertIn("each lane within 5 features' int16", out)
        # a features file says it in its header (synthetic.py: at most 5 of 4 +- 1)
        feat = self.path("d.feat")
        synthetic.make(feat, 300, 64, 4, 7, game="embed", feature_set="embed-a1")
        self.assertEqual(datafile.read_data(feat).nnue_max_active, 5)
        code, out = run_train("--data", feat, *common)
        self.assertEqual(code, 0, out)
        self.assertIn("each lane within 5 features' int16", out)
        code, out = run_train("--data", feat, *common, "--max-active", 4)
        self.assertEqual(code, 1, out)
        self.assertIn("--max-active 4 is below the game's declared 5", out)

    def test_lane_clip_and_bound(self):
        torch.manual_seed(5)
        rng = np.random.default_rng(5)
        for f, h, k in ((50, 16, 10), (64, 32, 64), (30, 8, 100)):
            w1, b1 = torch.randn(f, h) * 0.5, torch.randn(h) * 0.3
            before, limit = w1.clone(), 8.0
            lanes = bound.clip_lanes(torch, w1, b1, k, limit)
            kk = min(k, f)
            total = torch.topk(w1.abs(), kk, dim=0).values.sum(0) + b1.abs()
            was = torch.topk(before.abs(), kk, dim=0).values.sum(0) + b1.abs()
            over = was > limit
            self.assertEqual(lanes, int(over.sum()))
            self.assertGreater(lanes, 0)
            self.assertTrue(torch.allclose(total[over], torch.full_like(total[over], limit), atol=1e-4))
            self.assertTrue(torch.equal(w1[:, ~over], before[:, ~over]))  # the others untouched
            # only the largest move: what was below the lane's level stays
            level = w1.abs().max(0).values
            small = before.abs() < level
            self.assertTrue(torch.equal(w1[small], before[small]))
        # the integer bound is reached by the worst view: each lane's k largest, signs alike
        W1 = rng.integers(-300, 301, (40, 16)).astype(np.int16)
        B1 = rng.integers(-50, 51, 16).astype(np.int16)
        got = bound.lane_bound(W1, B1, 7)
        worst = 0
        for j in range(16):
            col = W1[:, j].astype(np.int64)
            for sign in (1, -1):
                worst = max(worst, abs(int(B1[j]) + int(np.sort(col * sign)[::-1][:7].clip(0).sum() * sign)))
        self.assertGreaterEqual(got, worst)
        self.assertEqual(got, int(max(abs(int(B1[j])) + np.sort(np.abs(W1[:, j].astype(np.int64)))[::-1][:7].sum()
                                      for j in range(16))))


class FieldOptions(Tmp):
    """What the field's trainers do, as options: each off by default (the same bytes as
    without it) and, on, another net that still learns."""

    def test_options(self):
        p = self.path("o.dat")
        synthetic.make(p, 800, 64, 8, 41, game="embed", feature_set="embed-a1")
        common = ("--data", p, "--game", "embed", "--hidden", 16, "--batch", 50, "--seed", 9,
                  "--epochs", 3, "--lr", 0.01, "--val-fraction", 0.2, "--scale-wdl", 400)
        runs = {}
        for name, extra in (("base", ()), ("wd0", ("--weight-decay", 0)), ("wd", ("--weight-decay", 0.5)),
                            ("lam", ("--lambda-end", 0.5)), ("lam2", ("--lambda-end", 0.9)),
                            ("pow2", ("--loss-power", 2)), ("pow", ("--loss-power", 2.5))):
            code, out = run_train(*common, "--out", self.path(name + ".nnue"), *extra)
            self.assertEqual(code, 0, out)
            runs[name] = (out, read_bytes(self.path(name + ".nnue")))
        for same in ("wd0", "lam", "pow2"):
            self.assertEqual(runs[same][1], runs["base"][1], same)
        for other in ("wd", "lam2", "pow"):
            self.assertNotEqual(runs[other][1], runs["base"][1], other)
            val = [float(line.split("val loss ")[1].split()[0]) for line in runs[other][0].splitlines()
                   if line.startswith("epoch")]
            self.assertLess(val[-1], val[0], runs[other][0])
        self.assertIn("weight decay 0.5", runs["wd"][0])
        self.assertIn("lambda 0.5 to 0.9", runs["lam2"][0])
        self.assertIn("loss |error|^2.5", runs["pow"][0])
        # decay pulls the weights in
        w = {k: np.abs(netfile.read_net(self.path(k + ".nnue")).W1.astype(np.int64)).mean() for k in ("base", "wd")}
        self.assertLess(w["wd"], w["base"])
        for bad in (("--loss-power", 0.5), ("--loss-power", 5), ("--weight-decay", -1), ("--lambda-end", 2)):
            code, out = run_train(*common, "--out", self.path("x.nnue"), *bad)
            self.assertEqual(code, 2, out)


if __name__ == "__main__":
    unittest.main(verbosity=2)
