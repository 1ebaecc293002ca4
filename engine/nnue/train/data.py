"""data.py — Simia's training-data file (engine/nnue/DATA.md): a checked reader that loads
millions of records at once with numpy, and a writer (for tests and synthetic sets)."""

import os
import struct

import numpy as np

MAGIC = b"SIMIADG1"
VERSION = 1
HEADER = struct.Struct("<8sII16s16s")  # magic, version, n_features, game, feature_set
NNUE_MAX_ACTIVE = 512  # engine/game.h: at most this many active features per perspective
SCORE_LIMIT = 32000
FIXED = 8  # score i16, result i8, stm u8, n_us u16, n_them u16
FNV_OFFSET, FNV_PRIME = 2166136261, 16777619
MAX_BODY = FIXED + 4 * 2 * NNUE_MAX_ACTIVE + 2 + 0xFFFF
PAD = MAX_BODY + 8  # zero bytes after the file's in memory (see fnv1a_many)
CHUNK = 1 << 16  # records handled together: bounds the temporary index arrays


class DataError(Exception):
    """A refused data file: the message names the file and the byte offset."""

    def __init__(self, path, offset, message):
        super().__init__(f"{path}: byte {offset}: {message}")
        self.path, self.offset = path, offset


class Data:
    """Records as flat arrays. Record i's features are feats[start[i] : start[i] + n_us[i]]
    (seen from the player deciding, stm[i]) followed by n_them[i] seen from the other.
    bucket[i]: the record's stage (GameOps.nnue_bucket), or None where the format has none;
    file_sizes: the records of each file read, in order; nnue_max_active and nnue_buckets: the
    game's declared bound and stage count, or None where the file does not say them."""

    def __init__(self, game, feature_set, n_features, score, result, stm, n_us, n_them,
                 start, feats, positions=None, bucket=None):
        self.game, self.feature_set, self.n_features = game, feature_set, n_features
        self.score, self.result, self.stm = score, result, stm
        self.n_us, self.n_them, self.start, self.feats = n_us, n_them, start, feats
        self.positions, self.bucket = positions, bucket
        self.file_sizes = [len(score)]
        self.nnue_max_active = self.nnue_buckets = None

    def __len__(self):
        return len(self.score)

    def max_active(self):
        return int(max(self.n_us.max(initial=0), self.n_them.max(initial=0)))

    def features(self, i):
        """(us, them) feature lists of record i, for tests and the reference."""
        s, u, t = int(self.start[i]), int(self.n_us[i]), int(self.n_them[i])
        return self.feats[s:s + u].tolist(), self.feats[s + u:s + u + t].tolist()


def fnv1a(buf, h=FNV_OFFSET):
    """FNV-1a 32-bit of a bytes-like object (as book/FORMAT.md and the net file use)."""
    for b in bytes(buf):
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFF
    return h


def fnv1a_many(raw, starts, lengths, chunk=8192):
    """FNV-1a of many byte ranges of raw at once. Per chunk of ranges (longest first) the bytes
    are copied into a matrix, one row per byte position, so each step of the hash is one numpy
    operation over the ranges still that long (a prefix). raw must extend max(lengths) bytes
    past the last start or it is copied (read_data and write_arrays pad it)."""
    n = len(starts)
    out = np.empty(n, np.uint32)
    if not n:
        return out
    order = np.argsort(-lengths, kind="stable")
    s, ln = starts[order], lengths[order]
    prime = np.uint32(FNV_PRIME)
    for c in range(0, n, chunk):
        cs, cl = s[c:c + chunk], ln[c:c + chunk]
        width = int(cl[0])
        short = int(cs.max()) + width - len(raw)
        if short > 0:  # unpadded input (tests): a padded copy
            raw = np.concatenate([raw, np.zeros(max(short, PAD), np.uint8)])
        rows = np.ascontiguousarray(np.lib.stride_tricks.sliding_window_view(raw, width)[cs].T)
        asc = cl[::-1]
        h = np.full(len(cs), FNV_OFFSET, np.uint32)
        for k in range(width):
            cnt = len(cs) - int(np.searchsorted(asc, k, side="right"))  # ranges longer than k
            hh = h[:cnt]
            hh ^= rows[k, :cnt]
            hh *= prime
        out[order[c:c + chunk]] = h
    return out


def _u16(raw, at):
    return raw[at].astype(np.int64) | (raw[at + 1].astype(np.int64) << 8)


def _u32(raw, at):
    return _u16(raw, at) | (_u16(raw, at + 2) << 16)


def _name(field):
    return field.split(b"\0", 1)[0].decode("ascii", "replace")


def read_header(path, buf):
    """Checks the 48-byte header; returns (game, feature_set, n_features)."""
    if len(buf) < HEADER.size:
        raise DataError(path, len(buf), f"header cut short ({len(buf)} of {HEADER.size} bytes)")
    magic, version, n_features, game, fset = HEADER.unpack_from(buf, 0)
    if magic != MAGIC:
        raise DataError(path, 0, f"not a Simia data file (magic {magic!r}, expected {MAGIC!r})")
    if version != VERSION:
        raise DataError(path, 8, f"data format version {version}, this reader knows {VERSION}")
    if n_features == 0 or n_features >= 1 << 31:
        raise DataError(path, 12, f"n_features {n_features} is out of range")
    for off, field in ((16, game), (32, fset)):
        name = field.split(b"\0", 1)
        if not name[0] or (len(name) > 1 and name[1].strip(b"\0")):
            raise DataError(path, off, f"name field {field!r} is not a NUL-padded name")
    return _name(game), _name(fset), n_features


def read_data(path, game=None, feature_set=None, n_features=None, positions=False):
    """Reads and checks one data file; game/feature_set/n_features, when given, must match.
    positions=True also decodes the position strings (tests; training does not need them)."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        # padded so that every record's bytes can be viewed as a full-width window
        raw = np.zeros(size + PAD, np.uint8)
        if f.readinto(memoryview(raw)[:size]) != size:
            raise DataError(path, 0, "the file changed while it was read")
    buf = memoryview(raw)[:size]
    g, fs, nf = read_header(path, buf)
    for want, got, off, what in ((game, g, 16, "game"), (feature_set, fs, 32, "feature set"),
                                 (n_features, nf, 12, "n_features")):
        if want is not None and want != got:
            raise DataError(path, off, f"{what} is {got!r}, expected {want!r}")
    # The record boundaries: a walk over the length prefixes (the only sequential step).
    starts = []
    unpack = struct.Struct("<I").unpack_from
    o = HEADER.size
    while o < size:
        if size - o < 4:
            raise DataError(path, o, f"record cut short: {size - o} bytes where its length needs 4")
        n = unpack(buf, o)[0]
        if n < FIXED + 2:
            raise DataError(path, o, f"record body of {n} bytes, shorter than its fixed fields ({FIXED + 2})")
        if o + n + 8 > size:
            raise DataError(path, o, f"record cut short: it needs {n + 8} bytes, {size - o} are left")
        starts.append(o)
        o += n + 8
    rec = np.array(starts, np.int64)
    body = rec + 4
    blen = _u32(raw, rec)

    def fail(mask, message, at=None):
        bad = np.flatnonzero(mask)
        if len(bad):
            i = int(bad[0])
            raise DataError(path, int(rec[i] if at is None else at[i]), message(i))

    for c in range(0, len(rec), CHUNK):  # the checksum first: corruption is named as such
        sl = slice(c, c + CHUNK)
        got = fnv1a_many(raw, body[sl], blen[sl]).astype(np.int64)
        stored = _u32(raw, body[sl] + blen[sl])
        fail(got != stored, lambda i: f"checksum mismatch (stored {int(stored[i]):#010x}, "
                                      f"computed {int(got[i]):#010x})")
    score = raw[body].astype(np.int64) | (raw[body + 1].astype(np.int64) << 8)
    score = np.where(score >= 1 << 15, score - (1 << 16), score).astype(np.int16)
    result = raw[body + 2].view(np.int8)
    stm = raw[body + 3]
    n_us = _u16(raw, body + 4)
    n_them = _u16(raw, body + 6)
    fail((n_us > NNUE_MAX_ACTIVE) | (n_them > NNUE_MAX_ACTIVE),
         lambda i: f"{int(n_us[i])}+{int(n_them[i])} active features, more than {NNUE_MAX_ACTIVE} a side")
    pos_at = body + FIXED + 4 * (n_us + n_them)
    fail(pos_at + 2 > body + blen, lambda i: f"{int(n_us[i] + n_them[i])} features overrun a body "
                                             f"of {int(blen[i])} bytes")
    pos_len = _u16(raw, pos_at)
    fail(pos_at + 2 + pos_len != body + blen,
         lambda i: f"body length {int(blen[i])} disagrees with its contents "
                   f"({int(pos_at[i] + 2 + pos_len[i] - body[i])} bytes)")
    fail((stm != 1) & (stm != 2), lambda i: f"player deciding {int(stm[i])}, not 1 or 2", body + 3)
    fail((result < -1) | (result > 1), lambda i: f"result {int(result[i])}, not -1, 0 or 1", body + 2)
    fail(np.abs(score.astype(np.int32)) > SCORE_LIMIT,
         lambda i: f"score {int(score[i])} beyond +-{SCORE_LIMIT}", body)
    count = (n_us + n_them).astype(np.int64)
    start = np.zeros(len(rec), np.int64)
    np.cumsum(count[:-1], out=start[1:])
    feats = np.empty(int(count.sum()), np.int32)
    for c in range(0, len(rec), CHUNK):
        sl = slice(c, c + CHUNK)
        cnt = count[sl]
        total = int(cnt.sum())
        if not total:
            continue
        base = start[sl] - start[c]
        addr = np.repeat(body[sl] + FIXED - 4 * base, cnt) + 4 * np.arange(total)
        val = _u32(raw, addr)
        out_of_range = np.flatnonzero(val >= nf)
        if len(out_of_range):
            k = int(out_of_range[0])
            raise DataError(path, int(addr[k]), f"feature {int(val[k])} out of range [0, {nf})")
        feats[start[c]:start[c] + total] = val
    texts = None
    if positions:
        texts = []
        for i in range(len(rec)):
            a = int(pos_at[i]) + 2
            try:
                texts.append(bytes(buf[a:a + int(pos_len[i])]).decode("utf-8"))
            except UnicodeDecodeError as e:
                raise DataError(path, a + e.start, "position string is not UTF-8") from None
    return Data(g, fs, nf, score, result.copy(), stm.copy(), n_us.astype(np.int32),
                n_them.astype(np.int32), start, feats, texts)


def read_files(paths, game=None, positions=False):
    """Reads several data files of one game and feature set into one Data."""
    parts = []
    for p in paths:
        first = parts[0] if parts else None
        parts.append(read_data(p, game, first and first.feature_set, first and first.n_features,
                               positions))
    if len(parts) == 1:
        return parts[0]
    cat = np.concatenate
    base = np.cumsum([0] + [len(d.feats) for d in parts[:-1]])
    out = Data(parts[0].game, parts[0].feature_set, parts[0].n_features,
               cat([d.score for d in parts]), cat([d.result for d in parts]),
               cat([d.stm for d in parts]), cat([d.n_us for d in parts]),
               cat([d.n_them for d in parts]), cat([d.start + b for d, b in zip(parts, base)]),
               cat([d.feats for d in parts]),
               sum((d.positions for d in parts), []) if positions else None,
               cat([d.bucket for d in parts]) if all(d.bucket is not None for d in parts) else None)
    out.file_sizes = [len(d) for d in parts]
    return out


def encode_header(game, feature_set, n_features):
    return HEADER.pack(MAGIC, VERSION, n_features, game.encode(), feature_set.encode())


def encode_record(score, result, stm, us, them, pos):
    """One record (length, body, checksum) as bytes."""
    p = pos.encode()
    body = (struct.pack("<hbBHH", score, result, stm, len(us), len(them))
            + struct.pack(f"<{len(us) + len(them)}I", *us, *them)
            + struct.pack("<H", len(p)) + p)
    return struct.pack("<I", len(body)) + body + struct.pack("<I", fnv1a(body))


def write_data(path, game, feature_set, n_features, records):
    """Writes a data file; records: iterable of (score, result, stm, us, them, pos)."""
    with open(path, "wb") as f:
        f.write(encode_header(game, feature_set, n_features))
        for r in records:
            f.write(encode_record(*r))


def write_arrays(path, game, feature_set, n_features, score, result, stm, n_us, n_them, feats,
                 positions):
    """The writer of write_data for large sets, vectorised: feats holds each record's us then
    them features back to back; positions is a list of strings."""
    n = len(score)
    pos = [p.encode() for p in positions]
    plen = np.array([len(p) for p in pos], np.int64)
    n_us, n_them = np.asarray(n_us, np.int64), np.asarray(n_them, np.int64)
    count = n_us + n_them
    blen = FIXED + 4 * count + 2 + plen
    rec = np.zeros(n, np.int64)
    np.cumsum((blen + 8)[:-1], out=rec[1:])
    rec += HEADER.size
    size = HEADER.size + int((blen + 8).sum())
    out = np.zeros(size + PAD, np.uint8)
    out[:HEADER.size] = np.frombuffer(encode_header(game, feature_set, n_features), np.uint8)
    body = rec + 4

    def put(at, values, nbytes):
        v = np.asarray(values).astype(np.int64) & ((1 << (8 * nbytes)) - 1)
        for k in range(nbytes):
            out[at + k] = (v >> (8 * k)) & 0xFF

    put(rec, blen, 4)
    put(body, score, 2)
    put(body + 2, result, 1)
    put(body + 3, stm, 1)
    put(body + 4, n_us, 2)
    put(body + 6, n_them, 2)
    if len(feats):
        fstart = np.zeros(n, np.int64)
        np.cumsum(count[:-1], out=fstart[1:])
        addr = np.repeat(body + FIXED - 4 * fstart, count) + 4 * np.arange(int(count.sum()))
        put(addr, np.asarray(feats, np.int64), 4)
    pos_at = body + FIXED + 4 * count
    put(pos_at, plen, 2)
    if plen.sum():
        out[np.repeat(pos_at + 2 - np.cumsum(plen) + plen, plen) + np.arange(int(plen.sum()))] = \
            np.frombuffer(b"".join(pos), np.uint8)
    for c in range(0, n, CHUNK):
        sl = slice(c, c + CHUNK)
        put(body[sl] + blen[sl], fnv1a_many(out, body[sl], blen[sl]), 4)
    out[:size].tofile(path)
