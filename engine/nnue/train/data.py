"""data.py — Simia's training-data files (engine/nnue/DATA.md) in numpy: the features file
that `simia datagen --features` makes (mapped straight into arrays, every field checked), the
older data files that carry their features (version 1), the positions and labels of a data
file (both versions), and writers (for tests and synthetic sets)."""

import os
import struct

import numpy as np

MAGIC = b"SIMIADG1"
VERSION = 1  # data records that carry their features
POSITIONS_VERSION = 2  # data records of a position and its labels: features made at load
HEADER = struct.Struct("<8sII16s16s")  # magic, version, n_features, game, feature_set
HEADER_V2_BYTES = 64  # HEADER, then max_active u32 and zeros
NNUE_MAX_ACTIVE = 512  # engine/game.h: at most this many active features per perspective
SCORE_LIMIT = 32000
NO_STATIC = -32768  # a record without a static evaluation
FIXED = 8  # score i16, result i8, stm u8, n_us u16, n_them u16
FIXED_V2 = 7  # score i16, static i16, result i8, stm u8, flags u8
FLAGS = {"noisy": 1, "in_check": 2, "adjudicated": 4, "game_start": 8}
FLAGS_KNOWN = 15
FNV_OFFSET, FNV_PRIME = 2166136261, 16777619
MAX_BODY = FIXED + 4 * 2 * NNUE_MAX_ACTIVE + 2 + 0xFFFF
PAD = MAX_BODY + 8  # zero bytes after the file's in memory (see fnv1a_many)
CHUNK = 1 << 16  # records handled together: bounds the temporary index arrays
FEATURES_MAGIC = b"SIMIAFT1"
FEATURES_VERSION = 1
# magic, version, n_features, game, feature_set, max_active, index bytes, buckets, 0, records,
# indices, 0
FEATURES_HEADER = struct.Struct("<8sII16s16sIBBHQQQ")


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
                 start, feats, positions=None, flags=None, bucket=None, nnue_max_active=None,
                 nnue_buckets=None):
        self.game, self.feature_set, self.n_features = game, feature_set, n_features
        self.score, self.result, self.stm = score, result, stm
        self.n_us, self.n_them, self.start, self.feats = n_us, n_them, start, feats
        self.positions, self.bucket = positions, bucket
        # DATA.md's flags (0 in version 1 files, which have none)
        self.flags = np.zeros(len(score), np.uint8) if flags is None else flags
        self.file_sizes = [len(score)]
        self.nnue_max_active, self.nnue_buckets = nnue_max_active, nnue_buckets

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


def _names(path, game, fset):
    for off, field in ((16, game), (32, fset)):
        name = field.split(b"\0", 1)
        if not name[0] or (len(name) > 1 and name[1].strip(b"\0")):
            raise DataError(path, off, f"name field {field!r} is not a NUL-padded name")
    return _name(game), _name(fset)


def read_header(path, buf, versions=(VERSION,)):
    """Checks a data file's header (48 bytes in version 1, 64 in version 2); returns (game,
    feature_set, n_features, version, max_active: 0 in version 1)."""
    if len(buf) < HEADER.size:
        raise DataError(path, len(buf), f"header cut short ({len(buf)} of {HEADER.size} bytes)")
    magic, version, n_features, game, fset = HEADER.unpack_from(buf, 0)
    if magic != MAGIC:
        raise DataError(path, 0, f"not a Simia data file (magic {magic!r}; data files start "
                                 f"{MAGIC!r}, features files {FEATURES_MAGIC!r})")
    if version not in versions:
        raise DataError(path, 8, f"data format version {version}, this reader knows "
                                 f"{' and '.join(map(str, versions))}")
    if n_features >= 1 << 31 or (n_features == 0 and version == VERSION):
        raise DataError(path, 12, f"n_features {n_features} is out of range")
    g, fs = _names(path, game, fset)
    max_active = 0
    if version == POSITIONS_VERSION:
        if len(buf) < HEADER_V2_BYTES:
            raise DataError(path, len(buf), f"header cut short ({len(buf)} of {HEADER_V2_BYTES} bytes)")
        max_active = struct.unpack_from("<I", buf, 48)[0]
        if max_active > NNUE_MAX_ACTIVE or (max_active == 0) != (n_features == 0):
            raise DataError(path, 48, f"at most {max_active} active features a view, for "
                                      f"{n_features} features")
        if any(bytes(buf[52:64])):
            raise DataError(path, 52, "a reserved header byte is not zero")
    return g, fs, n_features, version, max_active


def _load(path):
    """The file's bytes, padded so that every record's bytes can be viewed as a full-width window."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        raw = np.zeros(size + PAD, np.uint8)
        if f.readinto(memoryview(raw)[:size]) != size:
            raise DataError(path, 0, "the file changed while it was read")
    return raw, memoryview(raw)[:size], size


def _expect(path, pairs):
    for want, got, off, what in pairs:
        if want is not None and want != got:
            raise DataError(path, off, f"{what} is {got!r}, expected {want!r}")


def _magic(path):
    with open(path, "rb") as f:
        return f.read(8)


def read_data(path, game=None, feature_set=None, n_features=None, positions=False):
    """Reads and checks one file the trainer learns from: a features file (`simia datagen
    --features`) or a version 1 data file; game/feature_set/n_features, when given, must match.
    positions=True also decodes the position strings (version 1 only: tests)."""
    if _magic(path) == FEATURES_MAGIC:
        if positions:
            raise DataError(path, 0, "a features file holds no positions (read_positions reads "
                                     "them from the data file it was made from)")
        return read_features(path, game, feature_set, n_features)
    raw, buf, size = _load(path)
    g, fs, nf, version, _ = read_header(path, buf, (VERSION, POSITIONS_VERSION))
    if version == POSITIONS_VERSION:
        raise DataError(path, 8, f"data of version {version} holds positions, not features: make "
                                 f"them with `simia --game {g} datagen --features OUT {path}`")
    _expect(path, ((game, g, 16, "game"), (feature_set, fs, 32, "feature set"),
                   (n_features, nf, 12, "n_features")))
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


def _pad8(n):
    return (n + 7) & ~7


def features_layout(n_records, n_indices, index_bytes):
    """The byte offsets of a features file's columns (DATA.md), its checksum and its size."""
    o = {"indices": FEATURES_HEADER.size}
    o["score"] = o["indices"] + _pad8(n_indices * index_bytes)
    o["result"] = o["score"] + _pad8(2 * n_records)
    o["stm"] = o["result"] + _pad8(n_records)
    o["flags"] = o["stm"] + _pad8(n_records)
    o["bucket"] = o["flags"] + _pad8(n_records)
    o["n_us"] = o["bucket"] + _pad8(n_records)
    o["n_them"] = o["n_us"] + _pad8(2 * n_records)
    o["checksum"] = o["n_them"] + _pad8(2 * n_records)
    o["size"] = o["checksum"] + 8
    return o


def read_features(path, game=None, feature_set=None, n_features=None):
    """Maps and checks a features file: its feature indices stay mapped (no copy), its other
    columns are read into arrays."""
    size = os.path.getsize(path)
    if size < FEATURES_HEADER.size:
        raise DataError(path, size, f"header cut short ({size} of {FEATURES_HEADER.size} bytes)")
    mm = np.memmap(path, np.uint8, mode="r")
    (magic, version, nf, gname, fset, max_active, index_bytes, n_buckets, zero, n, n_idx,
     zero2) = FEATURES_HEADER.unpack_from(mm, 0)
    if magic != FEATURES_MAGIC:
        raise DataError(path, 0, f"not a Simia features file (magic {magic!r})")
    if version != FEATURES_VERSION:
        raise DataError(path, 8, f"features file version {version}, this reader knows {FEATURES_VERSION}")
    if nf == 0 or nf >= 1 << 31:
        raise DataError(path, 12, f"n_features {nf} is out of range")
    g, fs = _names(path, gname, fset)
    if not 1 <= max_active <= NNUE_MAX_ACTIVE:
        raise DataError(path, 48, f"at most {max_active} active features a view is out of range "
                                  f"1..{NNUE_MAX_ACTIVE}")
    if index_bytes != (2 if nf <= 1 << 16 else 4):
        raise DataError(path, 52, f"{index_bytes}-byte feature indices for {nf} features")
    if n_buckets == 0:
        raise DataError(path, 53, "no buckets")
    if zero or zero2:
        raise DataError(path, 54 if zero else 72, "a reserved header byte is not zero")
    if n > 1 << 40 or n_idx > n * 2 * max_active:
        raise DataError(path, 56, f"{n} records holding {n_idx} features is impossible")
    _expect(path, ((game, g, 16, "game"), (feature_set, fs, 32, "feature set"),
                   (n_features, nf, 12, "n_features")))
    o = features_layout(n, n_idx, index_bytes)
    if size != o["size"]:
        raise DataError(path, min(size, o["size"]),
                        f"{size} bytes, the header's counts make {o['size']} "
                        f"({'cut short' if size < o['size'] else 'bytes after the end'})")
    words = mm[:o["checksum"]].view("<u4")
    stored = int(mm[o["checksum"]:o["size"]].view("<u8")[0])
    computed = int(words.sum(dtype=np.uint64))
    if stored != computed:
        raise DataError(path, o["checksum"], f"checksum mismatch (stored {stored:#018x}, computed "
                                             f"{computed:#018x}): the file is corrupt")

    def column(name, dtype, width):
        return np.array(mm[o[name]:o[name] + width * n].view(dtype))

    def fail(mask, name, width, message):
        bad = np.flatnonzero(mask)
        if len(bad):
            i = int(bad[0])
            raise DataError(path, o[name] + width * i, message(i))

    score, result, stm = column("score", "<i2", 2), column("result", "i1", 1), column("stm", "u1", 1)
    flags, bucket = column("flags", "u1", 1), column("bucket", "u1", 1)
    n_us, n_them = column("n_us", "<u2", 2), column("n_them", "<u2", 2)
    fail(np.abs(score.astype(np.int32)) > SCORE_LIMIT, "score", 2,
         lambda i: f"score {int(score[i])} beyond +-{SCORE_LIMIT}")
    fail((result < -1) | (result > 1), "result", 1, lambda i: f"result {int(result[i])}, not -1, 0 or 1")
    fail((stm != 1) & (stm != 2), "stm", 1, lambda i: f"player deciding {int(stm[i])}, not 1 or 2")
    fail(flags & ~FLAGS_KNOWN, "flags", 1, lambda i: f"flags {int(flags[i]):#x}: unknown bits")
    fail(bucket >= n_buckets, "bucket", 1, lambda i: f"bucket {int(bucket[i])}, not below {n_buckets}")
    for name, col in (("n_us", n_us), ("n_them", n_them)):
        fail(col > max_active, name, 2,
             lambda i, col=col: f"{int(col[i])} active features, more than the {max_active} declared")
    count = n_us.astype(np.int64) + n_them
    if int(count.sum()) != n_idx:
        raise DataError(path, 64, f"the records list {int(count.sum())} features, the header {n_idx}")
    feats = mm[o["indices"]:o["indices"] + index_bytes * n_idx].view("<u2" if index_bytes == 2 else "<u4")
    if n_idx and int(feats.max()) >= nf:
        k = int(np.flatnonzero(feats >= nf)[0])
        raise DataError(path, o["indices"] + index_bytes * k, f"feature {int(feats[k])} out of range [0, {nf})")
    start = np.zeros(n, np.int64)
    np.cumsum(count[:-1], out=start[1:])
    return Data(g, fs, nf, score, result, stm, n_us.astype(np.int32), n_them.astype(np.int32), start,
                feats, None, flags, bucket, max_active, n_buckets)


class Positions:
    """The records of a data file as positions and labels (no features): score, static
    evaluation (NO_STATIC: none), result, player deciding and flags, each an array, and the
    position strings."""

    def __init__(self, game, version, score, static, result, stm, flags, positions):
        self.game, self.version = game, version
        self.score, self.static, self.result, self.stm, self.flags = score, static, result, stm, flags
        self.positions = positions

    def __len__(self):
        return len(self.positions)


def read_positions(path, game=None):
    """The positions and labels of a data file (version 1 or 2), every record checked."""
    raw, buf, size = _load(path)
    g, fs, nf, version, _ = read_header(path, buf, (VERSION, POSITIONS_VERSION))
    _expect(path, ((game, g, 16, "game"),))
    if version == VERSION:
        d = read_data(path, positions=True)
        n = len(d)
        return Positions(g, version, d.score, np.full(n, NO_STATIC, np.int16), d.result, d.stm,
                         np.zeros(n, np.uint8), d.positions)
    cols = {k: [] for k in ("score", "static", "result", "stm", "flags")}
    texts = []
    o = HEADER_V2_BYTES
    while o < size:
        if size - o < 2:
            raise DataError(path, o, f"record cut short: {size - o} bytes where its length needs 2")
        n = struct.unpack_from("<H", buf, o)[0]
        if n < FIXED_V2 + 1:
            raise DataError(path, o, f"a record body of {n} bytes is impossible")
        if o + n + 6 > size:
            raise DataError(path, o, f"record cut short: it needs {n + 6} bytes, {size - o} are left")
        body = bytes(buf[o + 2:o + 2 + n])
        stored = struct.unpack_from("<I", buf, o + 2 + n)[0]
        if fnv1a(body) != stored:
            raise DataError(path, o, "checksum mismatch: the record is corrupt")
        score, static, result, stm, flags = struct.unpack_from("<hhbBB", body)
        for bad, at, what in ((abs(score) > SCORE_LIMIT, 2, f"score {score} beyond +-{SCORE_LIMIT}"),
                              (static != NO_STATIC and abs(static) > SCORE_LIMIT, 4,
                               f"static evaluation {static} beyond +-{SCORE_LIMIT}"),
                              (not -1 <= result <= 1, 6, f"result {result}, not -1, 0 or 1"),
                              (stm not in (1, 2), 7, f"player deciding {stm}, not 1 or 2"),
                              (flags & ~FLAGS_KNOWN, 8, f"flags {flags:#x}: unknown bits")):
            if bad:
                raise DataError(path, o + at, what)
        text = body[FIXED_V2:]
        if b"\0" in text:
            raise DataError(path, o + 2 + FIXED_V2, "the position string is empty or holds a NUL byte")
        for k, v in zip(cols, (score, static, result, stm, flags)):
            cols[k].append(v)
        texts.append(text.decode("utf-8"))
        o += n + 6
    return Positions(g, version, np.array(cols["score"], np.int16), np.array(cols["static"], np.int16),
                     np.array(cols["result"], np.int8), np.array(cols["stm"], np.uint8),
                     np.array(cols["flags"], np.uint8), texts)


def read_files(paths, game=None, positions=False):
    """Reads several files of one game and feature set (features files or version 1 data) into
    one Data."""
    parts = []
    for p in paths:
        first = parts[0] if parts else None
        parts.append(read_data(p, game, first and first.feature_set, first and first.n_features,
                               positions))
    if len(parts) == 1:
        return parts[0]
    cat = np.concatenate
    base = np.cumsum([0] + [len(d.feats) for d in parts[:-1]])
    # The game's bound where any file declares it (every record is checked against it
    # before training: bound.check_views); stages only where every file has them.
    declared = [d.nnue_max_active for d in parts if d.nnue_max_active is not None]
    staged = all(d.bucket is not None for d in parts)
    out = Data(parts[0].game, parts[0].feature_set, parts[0].n_features,
               cat([d.score for d in parts]), cat([d.result for d in parts]),
               cat([d.stm for d in parts]), cat([d.n_us for d in parts]),
               cat([d.n_them for d in parts]), cat([d.start + b for d, b in zip(parts, base)]),
               cat([d.feats for d in parts]),
               sum((d.positions for d in parts), []) if positions else None,
               cat([d.flags for d in parts]), cat([d.bucket for d in parts]) if staged else None,
               max(declared) if declared else None,
               max(d.nnue_buckets for d in parts) if staged else None)
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


def write_features(path, game, feature_set, n_features, max_active, score, result, stm, n_us,
                   n_them, feats, flags=None, bucket=None, n_buckets=1):
    """A features file as `simia datagen --features` writes it (tests, synthetic sets): feats
    holds each record's us then them features back to back."""
    n, n_idx = len(score), len(feats)
    ib = 2 if n_features <= 1 << 16 else 4
    o = features_layout(n, n_idx, ib)
    out = np.zeros(o["size"], np.uint8)
    FEATURES_HEADER.pack_into(out, 0, FEATURES_MAGIC, FEATURES_VERSION, n_features, game.encode(),
                              feature_set.encode(), max_active, ib, n_buckets, 0, n, n_idx, 0)
    zeros = np.zeros(n, np.uint8)
    for name, values, dtype in (("indices", feats, "<u2" if ib == 2 else "<u4"), ("score", score, "<i2"),
                                ("result", result, "i1"), ("stm", stm, "u1"),
                                ("flags", zeros if flags is None else flags, "u1"),
                                ("bucket", zeros if bucket is None else bucket, "u1"),
                                ("n_us", n_us, "<u2"), ("n_them", n_them, "<u2")):
        b = np.asarray(values).astype(dtype).tobytes()
        out[o[name]:o[name] + len(b)] = np.frombuffer(b, np.uint8)
    out[o["checksum"]:o["size"]] = np.frombuffer(
        np.array([out[:o["checksum"]].view("<u4").sum(dtype=np.uint64)], "<u8").tobytes(), np.uint8)
    out.tofile(path)


def encode_position_record(score, static, result, stm, flags, pos):
    """One version 2 record (length, body, checksum) as bytes."""
    body = struct.pack("<hhbBB", score, static, result, stm, flags) + pos.encode()
    return struct.pack("<H", len(body)) + body + struct.pack("<I", fnv1a(body))


def write_positions(path, game, feature_set, n_features, max_active, records):
    """A version 2 data file; records: iterable of (score, static, result, stm, flags, pos)."""
    with open(path, "wb") as f:
        f.write(HEADER.pack(MAGIC, POSITIONS_VERSION, n_features, game.encode(), feature_set.encode())
                + struct.pack("<I", max_active) + bytes(12))
        for r in records:
            f.write(encode_position_record(*r))
