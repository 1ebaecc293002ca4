/* net.c — a learned evaluation's net as a file (NET.md): parsing with every check, so that
 * a wrong or damaged file is refused whole, writing, and the nets built into the binary. */
#include "nnue.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nnue_embedded.h"

uint32_t nnue_fnv1a(const void *data, size_t size, uint32_t h) {
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static size_t params_size(int n_features, int hidden, int buckets) {
    size_t h = (size_t)hidden, b = (size_t)buckets;
    return ((size_t)n_features * h + h + b * 2 * h) * 2 + 4 * b;
}

size_t nnue_file_size(int n_features, int hidden) { return NNUE_HEADER_BYTES + params_size(n_features, hidden, 1); }

static uint32_t rd32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static int16_t rd16(const unsigned char *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }
static void wr32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static void wr16(unsigned char *p, int16_t v) {
    p[0] = (unsigned char)((uint16_t)v & 0xFF), p[1] = (unsigned char)((uint16_t)v >> 8);
}

static bool fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, ERR_STR_MAX, fmt, ap);
    va_end(ap);
    return false;
}

/* A NUL-padded name field: printable, NUL-terminated within the field, padding all NUL. */
static bool read_name(const unsigned char *p, char out[NNUE_NAME_MAX + 1]) {
    int n = 0;
    while (n < NNUE_NAME_MAX && p[n]) n++;
    if (n == NNUE_NAME_MAX) return false;
    for (int i = 0; i < NNUE_NAME_MAX; i++)
        if (i < n ? p[i] < 0x21 || p[i] > 0x7E : p[i] != 0) return false;
    memcpy(out, p, (size_t)n);
    out[n] = 0;
    return true;
}

/* n bytes zeroed, on a cache line of their own: a row of W1 (hidden a multiple of 16, 32
 * bytes) then never straddles two lines, and the kernels' loads stay within one. */
static void *zeroed_lines(size_t n) {
    size_t size = (n + 63) / 64 * 64;
    void *p = aligned_alloc(64, size ? size : 64);
    if (p) memset(p, 0, size ? size : 64);
    return p;
}

/* The parameter arrays, zeroed; false without memory. */
static bool net_alloc(NnueNet *n) {
    size_t h = (size_t)n->hidden, b = (size_t)n->buckets;
    n->w1 = zeroed_lines((size_t)n->n_features * h * sizeof *n->w1);
    n->b1 = zeroed_lines(h * sizeof *n->b1);
    n->w2 = zeroed_lines(b * 2 * h * sizeof *n->w2);
    n->b2 = zeroed_lines(b * sizeof *n->b2);
    return n->w1 && n->b1 && n->w2 && n->b2;
}

void nnue_net_free(NnueNet *net) {
    if (!net) return;
    free(net->w1), free(net->b1), free(net->w2), free(net->b2);
    free(net);
}

/* The scope field: names of printable characters separated by single spaces, each at most
 * NNUE_SCOPE_NAME_MAX long, NUL-terminated within the field, padding all NUL; not empty. */
static bool read_scope(const unsigned char *p, char out[NNUE_SCOPE_MAX + 1]) {
    int n = 0, word = 0;
    while (n < NNUE_SCOPE_MAX && p[n]) n++;
    if (n == 0 || n == NNUE_SCOPE_MAX || p[0] == ' ' || p[n - 1] == ' ') return false;
    for (int i = 0; i < NNUE_SCOPE_MAX; i++) {
        if (i >= n) {
            if (p[i]) return false;
        } else if (p[i] == ' ') {
            if (p[i - 1] == ' ') return false;
            word = 0;
        } else if (p[i] < 0x21 || p[i] > 0x7E || ++word > NNUE_SCOPE_NAME_MAX) {
            return false;
        }
    }
    memcpy(out, p, (size_t)n);
    out[n] = 0;
    return true;
}

/* The version a net is written in: the oldest that can say what it is (NET.md). */
static uint32_t version_of(const NnueNet *net) {
    return net->buckets != 1 || net->wdl_scale     ? NNUE_VERSION_BUCKETS
           : net->activation != NNUE_CRELU ? NNUE_VERSION_ACTIVATION
           : net->scope[0]                 ? NNUE_VERSION_SCOPED
                                           : NNUE_VERSION;
}
static size_t header_of(uint32_t version) {
    return version == NNUE_VERSION_BUCKETS      ? NNUE_V4_HEADER_BYTES
           : version == NNUE_VERSION_ACTIVATION ? NNUE_V3_HEADER_BYTES
           : version == NNUE_VERSION_SCOPED     ? NNUE_SCOPED_HEADER_BYTES
                                                : NNUE_HEADER_BYTES;
}
/* Where the checksum starts: the parameters, and in version 4 every byte after the checksum
 * field (the activation, buckets, scale and scope too). */
static size_t checksum_from(uint32_t version) {
    return version == NNUE_VERSION_BUCKETS ? NNUE_HEADER_BYTES : header_of(version);
}
static size_t header_bytes(const NnueNet *net) { return header_of(version_of(net)); }
static size_t net_bytes(const NnueNet *net) {
    return header_bytes(net) + params_size(net->n_features, net->hidden, net->buckets);
}

bool nnue_net_serves(const NnueNet *net, const GameOps *g, const GameConfig *cfg, char name[NNUE_SCOPE_NAME_MAX + 1]) {
    char own[NNUE_SCOPE_NAME_MAX + 1];
    if (!name) name = own;
    name[0] = 0;
    if (!g->net_scope) return true;
    g->net_scope(cfg, name);
    if (!net->scope[0]) return true;
    size_t len = strlen(name);
    for (const char *w = net->scope; *w;) {
        size_t wl = strcspn(w, " ");
        if (wl == len && !memcmp(w, name, len)) return true;
        w += wl;
        while (*w == ' ') w++;
    }
    return false;
}

/* The header checks; on success *net holds the names, the scope and the shape. */
static bool check_header(const unsigned char *d, size_t size, const GameOps *g, NnueNet *net, char *err) {
    if (size < NNUE_HEADER_BYTES)
        return fail(err, "not a net: %zu bytes, shorter than the %u-byte header", size, NNUE_HEADER_BYTES);
    if (memcmp(d, NNUE_MAGIC, 8)) return fail(err, "not a net (no %s magic)", NNUE_MAGIC);
    uint32_t version = rd32(d + 8);
    if (version < NNUE_VERSION || version > NNUE_VERSION_BUCKETS)
        return fail(err, "net format version %u, expected %u to %u", version, NNUE_VERSION, NNUE_VERSION_BUCKETS);
    if (!read_name(d + 12, net->game) || !read_name(d + 28, net->feature_set))
        return fail(err, "corrupt net: a name field is not NUL-padded text");
    net->buckets = 1;
    if (version != NNUE_VERSION) {
        size_t head = header_of(version);
        if (size < head)
            return fail(err, "not a net: %zu bytes, shorter than the %zu-byte header of version %u", size, head,
                        version);
        const unsigned char *scope = d + head - NNUE_SCOPE_MAX;
        if (version >= NNUE_VERSION_ACTIVATION) {
            uint32_t act = rd32(d + NNUE_HEADER_BYTES);
            /* version 3 exists for the activation: one version 1 or 2 can say is not written as 3 */
            if (version == NNUE_VERSION_ACTIVATION ? act != NNUE_SCRELU : act > NNUE_SCRELU)
                return fail(err, "activation %u in a version %u net, expected %s", act, version,
                            version == NNUE_VERSION_ACTIVATION ? "1 (squared)" : "0 (clipped) or 1 (squared)");
            net->activation = (NnueActivation)act;
        }
        if (version == NNUE_VERSION_BUCKETS) {
            uint32_t buckets = rd32(d + NNUE_HEADER_BYTES + 4), scale = rd32(d + NNUE_HEADER_BYTES + 8);
            if (buckets < 1 || buckets > NNUE_BUCKETS_MAX)
                return fail(err, "%u output buckets, expected 1 to %d", buckets, NNUE_BUCKETS_MAX);
            if (scale && (scale < NNUE_WDL_SCALE_MIN || scale > NNUE_WDL_SCALE_MAX))
                return fail(err, "result scale %u, expected 0 (none) or %d to %d", scale, NNUE_WDL_SCALE_MIN,
                            NNUE_WDL_SCALE_MAX);
            /* version 4 exists for these two: a net the older versions can say is not written as 4 */
            if (buckets == 1 && !scale) return fail(err, "a version 4 net with 1 output bucket and no result scale");
            net->buckets = (int)buckets;
            net->wdl_scale = (int)scale;
        }
        bool empty = version >= NNUE_VERSION_ACTIVATION;
        for (int i = 0; i < NNUE_SCOPE_MAX; i++) empty = empty && !scope[i];
        if (!empty && !read_scope(scope, net->scope))
            return fail(err, "corrupt net: the scope is not names (at most %d characters) separated by spaces",
                        NNUE_SCOPE_NAME_MAX);
    }
    if (strcmp(net->game, g->name)) return fail(err, "the net is for the game '%s', not '%s'", net->game, g->name);
    if (net->buckets > 1 && net->buckets != g->nnue_buckets)
        return fail(err, "the net has %d output buckets; %s has %d", net->buckets, g->name,
                    g->nnue_buckets > 1 ? g->nnue_buckets : 1);
    if (!g->features || g->nnue_features <= 0) return fail(err, "the game '%s' has no features for a net", g->name);
    if (strcmp(net->feature_set, g->nnue_feature_set))
        return fail(err, "the net was trained on the feature set '%s'; %s has '%s'", net->feature_set, g->name,
                    g->nnue_feature_set);
    uint32_t nf = rd32(d + 44), hidden = rd32(d + 48);
    if (nf != (uint32_t)g->nnue_features)
        return fail(err, "the net has %u features; %s's set '%s' has %d", nf, g->name, g->nnue_feature_set,
                    g->nnue_features);
    if (hidden < NNUE_HIDDEN_MIN || hidden > NNUE_HIDDEN_MAX || hidden % NNUE_HIDDEN_STEP)
        return fail(err, "hidden size %u: it must be a multiple of %d from %d to %d", hidden, NNUE_HIDDEN_STEP,
                    NNUE_HIDDEN_MIN, NNUE_HIDDEN_MAX);
    int32_t qa = (int32_t)rd32(d + 52), qb = (int32_t)rd32(d + 56), scale = (int32_t)rd32(d + 60);
    if (qa != NNUE_QA || qb != NNUE_QB || scale != NNUE_SCALE)
        return fail(err, "quantisation qa %d qb %d scale %d, expected %d %d %d", qa, qb, scale, NNUE_QA, NNUE_QB,
                    NNUE_SCALE);
    net->n_features = (int)nf;
    net->hidden = (int)hidden;
    size_t head = header_of(version), want = head + params_size(net->n_features, net->hidden, net->buckets);
    if (size < want) return fail(err, "truncated net: %zu bytes, its shape needs %zu", size, want);
    if (size > want) return fail(err, "corrupt net: %zu bytes after the parameters", size - want);
    net->checksum = rd32(d + 64);
    size_t from = checksum_from(version);
    uint32_t sum = nnue_fnv1a(d + from, want - from, NNUE_FNV_BASIS);
    if (sum != net->checksum)
        return fail(err, "corrupt net: checksum %08x, the parameters give %08x", net->checksum, sum);
    return true;
}

NnueNet *nnue_net_parse(const void *data, size_t size, const GameOps *g, char *err) {
    const unsigned char *d = data;
    NnueNet head;
    memset(&head, 0, sizeof head);
    if (!check_header(d, size, g, &head, err)) return NULL;
    NnueNet *net = malloc(sizeof *net);
    if (!net) return fail(err, "out of memory for the net"), NULL;
    *net = head;
    if (!net_alloc(net)) {
        nnue_net_free(net);
        return fail(err, "out of memory for the net"), NULL;
    }
    const unsigned char *p = d + header_bytes(net);
    size_t n1 = (size_t)net->n_features * (size_t)net->hidden, h = (size_t)net->hidden, b = (size_t)net->buckets;
    for (size_t i = 0; i < n1; i++, p += 2) net->w1[i] = rd16(p);
    for (size_t i = 0; i < h; i++, p += 2) net->b1[i] = rd16(p);
    for (size_t i = 0; i < b * 2 * h; i++, p += 2) net->w2[i] = rd16(p);
    for (size_t i = 0; i < b; i++, p += 4) net->b2[i] = (int32_t)rd32(p);
    return net;
}

NnueNet *nnue_net_load(const char *path, const GameOps *g, char *err) {
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, "cannot open the net '%.128s': %s", path, strerror(errno)), NULL;
    unsigned char *buf = NULL;
    size_t size = 0, cap = 0;
    /* Read it all (up to one byte more than the largest net), so a longer file is seen. */
    size_t limit = NNUE_V4_HEADER_BYTES + params_size(g->nnue_features > 0 ? g->nnue_features : 1, NNUE_HIDDEN_MAX,
                                                     NNUE_BUCKETS_MAX) + 1;
    for (;;) {
        if (size == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            unsigned char *b = realloc(buf, cap);
            if (!b) {
                free(buf), fclose(f);
                return fail(err, "out of memory reading the net '%.128s'", path), NULL;
            }
            buf = b;
        }
        size_t got = fread(buf + size, 1, cap - size, f);
        size += got;
        if (!got || size >= limit) break;
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    NnueNet *net = NULL;
    char why[ERR_STR_MAX];
    if (bad) snprintf(why, sizeof why, "read error");
    else net = nnue_net_parse(buf, size, g, why);
    free(buf);
    if (!net) fail(err, "net '%.128s' refused: %s", path, why);
    return net;
}

NnueNet *nnue_net_new(const GameOps *g, int hidden, int buckets) {
    NnueNet *net = calloc(1, sizeof *net);
    if (!net) return NULL;
    snprintf(net->game, sizeof net->game, "%s", g->name);
    snprintf(net->feature_set, sizeof net->feature_set, "%s", g->nnue_feature_set ? g->nnue_feature_set : "");
    net->n_features = g->nnue_features;
    net->hidden = hidden;
    net->buckets = buckets;
    if (!net_alloc(net)) {
        nnue_net_free(net);
        return NULL;
    }
    nnue_net_seal(net);
    return net;
}

static void write_params(const NnueNet *net, unsigned char *p) {
    size_t n1 = (size_t)net->n_features * (size_t)net->hidden, h = (size_t)net->hidden, b = (size_t)net->buckets;
    for (size_t i = 0; i < n1; i++, p += 2) wr16(p, net->w1[i]);
    for (size_t i = 0; i < h; i++, p += 2) wr16(p, net->b1[i]);
    for (size_t i = 0; i < b * 2 * h; i++, p += 2) wr16(p, net->w2[i]);
    for (size_t i = 0; i < b; i++, p += 4) wr32(p, (uint32_t)net->b2[i]);
}

/* The file's bytes, checksum included, into d (net_bytes(net) zeroed bytes). */
static void encode(const NnueNet *net, unsigned char *d) {
    size_t head = header_bytes(net), n = net_bytes(net);
    memcpy(d, NNUE_MAGIC, 8);
    uint32_t version = version_of(net);
    wr32(d + 8, version);
    memcpy(d + 12, net->game, strlen(net->game));
    memcpy(d + 28, net->feature_set, strlen(net->feature_set));
    wr32(d + 44, (uint32_t)net->n_features);
    wr32(d + 48, (uint32_t)net->hidden);
    wr32(d + 52, NNUE_QA), wr32(d + 56, NNUE_QB), wr32(d + 60, NNUE_SCALE);
    if (version >= NNUE_VERSION_ACTIVATION) wr32(d + NNUE_HEADER_BYTES, (uint32_t)net->activation);
    if (version == NNUE_VERSION_BUCKETS) {
        wr32(d + NNUE_HEADER_BYTES + 4, (uint32_t)net->buckets);
        wr32(d + NNUE_HEADER_BYTES + 8, (uint32_t)net->wdl_scale);
    }
    if (net->scope[0]) memcpy(d + head - NNUE_SCOPE_MAX, net->scope, strlen(net->scope));
    write_params(net, d + head);
    size_t from = checksum_from(version);
    wr32(d + 64, nnue_fnv1a(d + from, n - from, NNUE_FNV_BASIS));
}

void nnue_net_seal(NnueNet *net) {
    unsigned char *d = calloc(1, net_bytes(net));
    if (!d) abort(); /* tests and tools only: a few hundred KB */
    encode(net, d);
    net->checksum = rd32(d + 64);
    free(d);
}

bool nnue_net_serialise(const NnueNet *net, unsigned char **data, size_t *size) {
    size_t n = net_bytes(net);
    unsigned char *d = calloc(1, n);
    if (!d) return false;
    encode(net, d);
    *data = d;
    *size = n;
    return true;
}

bool nnue_net_save(const NnueNet *net, const char *path, char *err) {
    unsigned char *d;
    size_t n;
    if (!nnue_net_serialise(net, &d, &n)) return fail(err, "out of memory writing the net");
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(d, 1, n, f) == n;
    if (f && fclose(f)) ok = false;
    free(d);
    if (!ok) return fail(err, "cannot write the net '%.128s': %s", path, strerror(errno));
    return true;
}

int nnue_net_bucket(const NnueNet *net, const GameOps *g, const GamePos *pos) {
    if (net->buckets == 1) return 0;
    int b = g->nnue_bucket(pos); /* the parse checked the game has the hook and the count */
    if ((unsigned)b >= (unsigned)net->buckets) abort(); /* a game's bug: it would read outside the net */
    return b;
}

int nnue_net_wdl_scale(const NnueNet *net) { return net->wdl_scale; }

bool nnue_embedded(const GameOps *g, const unsigned char **data, size_t *size) {
    for (int i = 0; i < NNUE_EMBEDDED_COUNT; i++)
        if (!strcmp(NNUE_EMBEDDED[i].game, g->name)) {
            *data = NNUE_EMBEDDED[i].data;
            *size = NNUE_EMBEDDED[i].size;
            return true;
        }
    return false;
}
