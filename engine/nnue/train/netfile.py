"""netfile.py — Simia's net file (engine/nnue/NET.md; NNUE-SPEC §2): the quantised
perspective net as integer arrays, written by the trainer and read back with every check."""

import struct

import numpy as np

from data import fnv1a

MAGIC = b"SIMIANN1"
VERSION = 1         # a net for every configuration of its game
VERSION_SCOPED = 2  # the same header, then the scope: the configurations it serves
VERSION_ACTIVATION = 3  # the same header, the activation, then a scope (may be empty)
ACTIVATIONS = {"crelu": 0, "screlu": 1}  # clipped; clipped and squared (version 3 only)
ACTIVATION = struct.Struct("<I")
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
    """W1 int16 [n_features, hidden], B1 int16 [hidden], W2 int16 [2*hidden] (us, then them),
    B2 a Python int (int32 in the file); activation "crelu" or "screlu"."""

    def __init__(self, game, feature_set, W1, B1, W2, B2, scope="", activation="crelu"):
        self.game, self.feature_set, self.scope = game, feature_set, scope
        if activation not in ACTIVATIONS:
            raise ValueError(f"activation {activation!r}: one of {', '.join(ACTIVATIONS)}")
        self.activation = activation
        self.W1, self.B1, self.W2, self.B2 = W1, B1, W2, int(B2)
        self.n_features, self.hidden = W1.shape

    def params_bytes(self):
        return (self.W1.astype("<i2").tobytes() + self.B1.astype("<i2").tobytes()
                + self.W2.astype("<i2").tobytes() + struct.pack("<i", self.B2))

    def to_bytes(self):
        check_shape(self.n_features, self.hidden)
        for name in (self.game, self.feature_set):
            if not name or len(name.encode()) > NAME_MAX:
                raise ValueError(f"name {name!r} does not fit a 16-byte field")
        if not -(1 << 31) <= self.B2 < 1 << 31:
            raise ValueError(f"B2 {self.B2} does not fit int32")
        if self.scope:
            check_scope(self.scope)
        params = self.params_bytes()
        # the oldest version that can say what the net is (NET.md)
        version = (VERSION_ACTIVATION if self.activation != "crelu"
                   else VERSION_SCOPED if self.scope else VERSION)
        head = HEADER.pack(MAGIC, version, self.game.encode(),
                           self.feature_set.encode(), self.n_features, self.hidden, QA, QB, SCALE,
                           fnv1a(params))
        if version == VERSION_ACTIVATION:
            head += ACTIVATION.pack(ACTIVATIONS[self.activation])
        return head + (SCOPE.pack(self.scope.encode()) if version != VERSION else b"") + params


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
    if version not in (VERSION, VERSION_SCOPED, VERSION_ACTIVATION):
        raise NetError(path, 8, f"net format version {version}, this reader knows "
                                f"{VERSION}, {VERSION_SCOPED} and {VERSION_ACTIVATION}")
    head, scope, activation = HEADER.size, "", "crelu"
    if version == VERSION_ACTIVATION:
        if len(buf) < head + ACTIVATION.size + SCOPE.size:
            raise NetError(path, len(buf), f"header cut short ({len(buf)} of "
                                           f"{head + ACTIVATION.size + SCOPE.size} bytes)")
        act = ACTIVATION.unpack_from(buf, head)[0]
        if act != ACTIVATIONS["screlu"]:
            raise NetError(path, head, f"activation {act} in a version 3 net, expected "
                                       f"{ACTIVATIONS['screlu']} (squared)")
        activation = "screlu"
        head += ACTIVATION.size
    if version != VERSION:
        if len(buf) < head + SCOPE.size:
            raise NetError(path, len(buf), f"header cut short ({len(buf)} of {head + SCOPE.size} bytes)")
        raw = SCOPE.unpack_from(buf, head)[0]
        scope = raw.split(b"\0", 1)[0].decode("ascii", "replace")
        try:
            if scope or version == VERSION_SCOPED:  # version 3 may serve every configuration
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
    want_size = head + 2 * (nf * hidden + hidden + 2 * hidden) + 4
    if len(buf) != want_size:
        raise NetError(path, min(len(buf), want_size),
                       f"{len(buf)} bytes, a net of {nf}x{hidden} has {want_size}"
                       + (" (cut short)" if len(buf) < want_size else " (trailing bytes: corrupt)"))
    params = buf[head:]
    got = fnv1a(params)
    if got != checksum:
        raise NetError(path, 64, f"checksum mismatch (stored {checksum:#010x}, computed {got:#010x})")
    o = head
    W1 = np.frombuffer(buf, "<i2", nf * hidden, o).reshape(nf, hidden).astype(np.int16)
    o += 2 * nf * hidden
    B1 = np.frombuffer(buf, "<i2", hidden, o).astype(np.int16)
    o += 2 * hidden
    W2 = np.frombuffer(buf, "<i2", 2 * hidden, o).astype(np.int16)
    o += 4 * hidden
    B2 = struct.unpack_from("<i", buf, o)[0]
    return Net(g, fs, W1, B1, W2, B2, scope, activation)
