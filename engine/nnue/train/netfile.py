"""netfile.py — Simia's net file (engine/nnue/NET.md; NNUE-SPEC §2): the quantised
perspective net as integer arrays, written by the trainer and read back with every check."""

import struct

import numpy as np

from data import fnv1a

MAGIC = b"SIMIANN1"
VERSION = 1         # a net for every configuration of its game
VERSION_SCOPED = 2  # the same header, then the scope: the configurations it serves
VERSION_ACTIVATION = 3  # the same header, the activation, then a scope (may be empty)
VERSION_BUCKETS = 4  # the activation, output buckets, the result scale, then a scope
ACTIVATIONS = {"crelu": 0, "screlu": 1}  # clipped; clipped and squared (version 3 or 4)
ACTIVATION = struct.Struct("<I")
BUCKETS_SCALE = struct.Struct("<II")  # version 4: buckets, wdl_scale
BUCKETS_MAX = 16  # engine/game.h NNUE_BUCKETS_MAX
WDL_SCALE_MIN, WDL_SCALE_MAX = 10, 10000  # engine/nnue/nnue.h; 0: the net says none
SCOPE = struct.Struct("<64s")
SCOPE_NAME_MAX = 15
QA, QB, SCALE = 255, 64, 400
# magic, version, game, feature_set, n_features, hidden, qa, qb, scale, checksum
HEADER = struct.Struct("<8sI16s16sIIiiiI")
NAME_MAX = 15  # 16-byte NUL-padded fields


class NetError(Exception):
    """A refused net file: the message names the file and the byte offset."""

    def __init__(self, path, offset, message):
        super().__init__(f"{path}: byte {offset}: {message}")
        self.path, self.offset = path, offset


class Net:
    """W1 int16 [n_features, hidden], B1 int16 [hidden], W2 int16 [buckets, 2*hidden] (us,
    then them; a [2*hidden] array is one bucket), B2 int64 [buckets] (int32 in the file; an
    int is one bucket); activation "crelu" or "screlu"; wdl_scale the score-to-result scale
    it was trained with (NET.md), 0 for none (what a file of versions 1 to 3 says)."""

    def __init__(self, game, feature_set, W1, B1, W2, B2, scope="", activation="crelu",
                 wdl_scale=0):
        self.game, self.feature_set, self.scope = game, feature_set, scope
        if activation not in ACTIVATIONS:
            raise ValueError(f"activation {activation!r}: one of {', '.join(ACTIVATIONS)}")
        self.activation, self.wdl_scale = activation, int(wdl_scale)
        self.W1, self.B1, self.W2, self.B2 = W1, B1, W2, B2
        self.n_features, self.hidden = W1.shape

    @property
    def W2(self):
        return self._W2

    @W2.setter
    def W2(self, w):
        self._W2 = np.atleast_2d(w)

    @property
    def B2(self):
        return self._B2

    @B2.setter
    def B2(self, b):
        self._B2 = np.atleast_1d(np.asarray(b, np.int64)).copy()

    @property
    def buckets(self):
        return self._W2.shape[0]

    def params_bytes(self):
        return (self.W1.astype("<i2").tobytes() + self.B1.astype("<i2").tobytes()
                + self.W2.astype("<i2").tobytes() + self.B2.astype("<i4").tobytes())

    def version(self):
        """The oldest version that can say what the net is (NET.md)."""
        if self.buckets != 1 or self.wdl_scale:
            return VERSION_BUCKETS
        return (VERSION_ACTIVATION if self.activation != "crelu"
                else VERSION_SCOPED if self.scope else VERSION)

    def to_bytes(self):
        check_shape(self.n_features, self.hidden)
        for name in (self.game, self.feature_set):
            if not name or len(name.encode()) > NAME_MAX:
                raise ValueError(f"name {name!r} does not fit a 16-byte field")
        if self.B2.min() < -(1 << 31) or self.B2.max() >= 1 << 31:
            raise ValueError(f"B2 {self.B2.tolist()} does not fit int32")
        if self.W2.shape != (self.buckets, 2 * self.hidden) or self.B2.shape != (self.buckets,):
            raise ValueError(f"W2 {self.W2.shape} and B2 {self.B2.shape} for {self.buckets} bucket(s)")
        check_buckets_scale(self.buckets, self.wdl_scale)
        if self.scope:
            check_scope(self.scope)
        version = self.version()
        extra = b""
        if version >= VERSION_ACTIVATION:
            extra += ACTIVATION.pack(ACTIVATIONS[self.activation])
        if version == VERSION_BUCKETS:
            extra += BUCKETS_SCALE.pack(self.buckets, self.wdl_scale)
        if version != VERSION:
            extra += SCOPE.pack(self.scope.encode())
        params = self.params_bytes()
        # version 4's checksum covers the fields after it too
        checksum = fnv1a(extra + params) if version == VERSION_BUCKETS else fnv1a(params)
        head = HEADER.pack(MAGIC, version, self.game.encode(),
                           self.feature_set.encode(), self.n_features, self.hidden, QA, QB, SCALE,
                           checksum)
        return head + extra + params


def check_buckets_scale(buckets, wdl_scale):
    if not 1 <= buckets <= BUCKETS_MAX:
        raise ValueError(f"{buckets} output buckets, expected 1 to {BUCKETS_MAX}")
    if wdl_scale and not WDL_SCALE_MIN <= wdl_scale <= WDL_SCALE_MAX:
        raise ValueError(f"result scale {wdl_scale}, expected 0 (none) or {WDL_SCALE_MIN} to "
                         f"{WDL_SCALE_MAX}")


def check_scope(scope):
    """A scope: configuration names (a game's net_scope) separated by single spaces."""
    words = scope.split(" ")
    if (len(scope.encode()) >= SCOPE.size or not all(words)
            or any(len(w) > SCOPE_NAME_MAX or not all(0x21 <= ord(ch) <= 0x7E for ch in w) for w in words)):
        raise ValueError(f"scope {scope!r}: names of at most {SCOPE_NAME_MAX} printable characters "
                         f"separated by single spaces, under {SCOPE.size} bytes in all")


def check_shape(n_features, hidden):
    if not 0 < n_features < 1 << 24:
        raise ValueError(f"n_features {n_features} out of range")
    if hidden % 16 or not 16 <= hidden <= 1024:
        raise ValueError(f"hidden {hidden} is not a multiple of 16 in 16..1024")


def write_net(path, net):
    """Writes the net; returns its size in bytes."""
    blob = net.to_bytes()
    with open(path, "wb") as f:
        f.write(blob)
    return len(blob)


def read_net(path, game=None, feature_set=None, n_features=None):
    """Reads and checks a net file; game/feature_set/n_features, when given, must match."""
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < HEADER.size:
        raise NetError(path, len(buf), f"header cut short ({len(buf)} of {HEADER.size} bytes)")
    magic, version, g, fs, nf, hidden, qa, qb, scale, checksum = HEADER.unpack_from(buf, 0)
    if magic != MAGIC:
        raise NetError(path, 0, f"not a Simia net (magic {magic!r}, expected {MAGIC!r})")
    if not VERSION <= version <= VERSION_BUCKETS:
        raise NetError(path, 8, f"net format version {version}, this reader knows "
                                f"{VERSION} to {VERSION_BUCKETS}")
    head, scope, activation = HEADER.size, "", "crelu"
    buckets, wdl_scale = 1, 0
    if version >= VERSION_ACTIVATION:
        extra = ACTIVATION.size + (BUCKETS_SCALE.size if version == VERSION_BUCKETS else 0)
        if len(buf) < head + extra + SCOPE.size:
            raise NetError(path, len(buf), f"header cut short ({len(buf)} of "
                                           f"{head + extra + SCOPE.size} bytes)")
        act = ACTIVATION.unpack_from(buf, head)[0]
        if version == VERSION_ACTIVATION and act != ACTIVATIONS["screlu"]:
            raise NetError(path, head, f"activation {act} in a version 3 net, expected "
                                       f"{ACTIVATIONS['screlu']} (squared)")
        names = {v: k for k, v in ACTIVATIONS.items()}
        if act not in names:
            raise NetError(path, head, f"activation {act}, expected 0 (clipped) or 1 (squared)")
        activation = names[act]
        head += ACTIVATION.size
        if version == VERSION_BUCKETS:
            buckets, wdl_scale = BUCKETS_SCALE.unpack_from(buf, head)
            try:
                check_buckets_scale(buckets, wdl_scale)
            except ValueError as e:
                raise NetError(path, head, str(e)) from None
            if buckets == 1 and not wdl_scale:
                raise NetError(path, head, "a version 4 net with 1 output bucket and no result scale")
            head += BUCKETS_SCALE.size
    if version != VERSION:
        if len(buf) < head + SCOPE.size:
            raise NetError(path, len(buf), f"header cut short ({len(buf)} of {head + SCOPE.size} bytes)")
        raw = SCOPE.unpack_from(buf, head)[0]
        scope = raw.split(b"\0", 1)[0].decode("ascii", "replace")
        try:
            if scope or version == VERSION_SCOPED:  # versions 3 and 4 may serve every configuration
                check_scope(scope)
            if raw[len(scope):].strip(b"\0"):
                raise ValueError("text after the scope's NUL")
        except ValueError as e:
            raise NetError(path, head, str(e)) from None
        head += SCOPE.size
    g = g.split(b"\0", 1)[0].decode("ascii", "replace")
    fs = fs.split(b"\0", 1)[0].decode("ascii", "replace")
    for want, got, off, what in ((game, g, 12, "game"), (feature_set, fs, 28, "feature set"),
                                 (n_features, nf, 44, "n_features")):
        if want is not None and want != got:
            raise NetError(path, off, f"{what} is {got!r}, expected {want!r}")
    try:
        check_shape(nf, hidden)
    except ValueError as e:
        raise NetError(path, 44, str(e)) from None
    if (qa, qb, scale) != (QA, QB, SCALE):
        raise NetError(path, 52, f"qa, qb, scale are {qa}, {qb}, {scale}, expected {QA}, {QB}, {SCALE}")
    want_size = head + 2 * (nf * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
    if len(buf) != want_size:
        raise NetError(path, min(len(buf), want_size),
                       f"{len(buf)} bytes, a net of {nf}x{hidden}"
                       + (f" with {buckets} output buckets" if buckets > 1 else "") + f" has {want_size}"
                       + (" (cut short)" if len(buf) < want_size else " (trailing bytes: corrupt)"))
    got = fnv1a(buf[HEADER.size if version == VERSION_BUCKETS else head:])
    if got != checksum:
        raise NetError(path, 64, f"checksum mismatch (stored {checksum:#010x}, computed {got:#010x})")
    o = head
    W1 = np.frombuffer(buf, "<i2", nf * hidden, o).reshape(nf, hidden).astype(np.int16)
    o += 2 * nf * hidden
    B1 = np.frombuffer(buf, "<i2", hidden, o).astype(np.int16)
    o += 2 * hidden
    W2 = np.frombuffer(buf, "<i2", buckets * 2 * hidden, o).reshape(buckets, 2 * hidden).astype(np.int16)
    o += 4 * hidden * buckets
    B2 = np.frombuffer(buf, "<i4", buckets, o).astype(np.int64)
    return Net(g, fs, W1, B1, W2, B2, scope, activation, wdl_scale)
