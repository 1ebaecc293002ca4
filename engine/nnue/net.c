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

static size_t params_size(int n_features, int hidden) {
    return ((size_t)n_features * (size_t)hidden + (size_t)hidden + 2 * (size_t)hidden) * 2 + 4;
}

size_t nnue_file_size(int n_features, int hidden) { return NNUE_HEADER_BYTES + params_size(n_features, hidden); }

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

static void net_alloc(NnueNet *n) {
    size_t h = (size_t)n->hidden;
    n->w1 = malloc((size_t)n->n_features * h * sizeof *n->w1);
    n->b1 = malloc(h * sizeof *n->b1);
    n->w2 = malloc(2 * h * sizeof *n->w2);
}

void nnue_net_free(NnueNet *net) {
    if (!net) return;
    free(net->w1), free(net->b1), free(net->w2);
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
    return net->activation != NNUE_CRELU ? NNUE_VERSION_ACTIVATION : net->scope[0] ? NNUE_VERSION_SCOPED : NNUE_VERSION;
}
static size_t header_of(uint32_t version) {
    return version == NNUE_VERSION_ACTIVATION ? NNUE_V3_HEADER_BYTES
           : version == NNUE_VERSION_SCOPED   ? NNUE_SCOPED_HEADER_BYTES
                                              : NNUE_HEADER_BYTES;
}
static size_t header_bytes(const NnueNet *net) { return header_of(version_of(net)); }
static size_t net_bytes(const NnueNet *net) { return header_bytes(net) + params_size(net->n_features, net->hidden); }

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
    if (version != NNUE_VERSION && version != NNUE_VERSION_SCOPED && version != NNUE_VERSION_ACTIVATION)
        return fail(err, "net format version %u, expected %u, %u or %u", version, NNUE_VERSION, NNUE_VERSION_SCOPED,
                    NNUE_VERSION_ACTIVATION);
    if (!read_name(d + 12, net->game) || !read_name(d + 28, net->feature_set))
        return fail(err, "corrupt net: a name field is not NUL-padded text");
    if (version != NNUE_VERSION) {
        size_t head = header_of(version);
        if (size < head)
            return fail(err, "not a net: %zu bytes, shorter than the %zu-byte header of version %u", size, head,
                        version);
        const unsigned char *scope = d + head - NNUE_SCOPE_MAX;
        if (version == NNUE_VERSION_ACTIVATION) {
            uint32_t act = rd32(d + NNUE_HEADER_BYTES);
            /* version 3 exists for the activation: one version 1 or 2 can say is not written as 3 */
            if (act != NNUE_SCRELU)
                return fail(err, "activation %u in a version %u net, expected %u (squared)", act, version,
                            NNUE_SCRELU);
            net->activation = (NnueActivation)act;
        }
        bool empty = version == NNUE_VERSION_ACTIVATION;
        for (int i = 0; i < NNUE_SCOPE_MAX; i++) empty = empty && !scope[i];
        if (!empty && !read_scope(scope, net->scope))
            return fail(err, "corrupt net: the scope is not names (at most %d characters) separated by spaces",
                        NNUE_SCOPE_NAME_MAX);
    }
    if (strcmp(net->game, g->name)) return fail(err, "the net is for the game '%s', not '%s'", net->game, g->name);
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
    size_t head = header_of(version), want = head + params_size(net->n_features, net->hidden);
    if (size < want) return fail(err, "truncated net: %zu bytes, its shape needs %zu", size, want);
    if (size > want) return fail(err, "corrupt net: %zu bytes after the parameters", size - want);
    net->checksum = rd32(d + 64);
    uint32_t sum = nnue_fnv1a(d + head, want - head, NNUE_FNV_BASIS);
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
    net_alloc(net);
    if (!net->w1 || !net->b1 || !net->w2) {
        nnue_net_free(net);
        return fail(err, "out of memory for the net"), NULL;
    }
    const unsigned char *p = d + header_bytes(net);
    size_t n1 = (size_t)net->n_features * (size_t)net->hidden, h = (size_t)net->hidden;
    for (size_t i = 0; i < n1; i++, p += 2) net->w1[i] = rd16(p);
    for (size_t i = 0; i < h; i++, p += 2) net->b1[i] = rd16(p);
    for (size_t i = 0; i < 2 * h; i++, p += 2) net->w2[i] = rd16(p);
    net->b2 = (int32_t)rd32(p);
    return net;
}

NnueNet *nnue_net_load(const char *path, const GameOps *g, char *err) {
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, "cannot open the net '%.128s': %s", path, strerror(errno)), NULL;
    unsigned char *buf = NULL;
    size_t size = 0, cap = 0;
    /* Read it all (up to one byte more than the largest net), so a longer file is seen. */
    size_t limit = nnue_file_size(g->nnue_features > 0 ? g->nnue_features : 1, NNUE_HIDDEN_MAX) + NNUE_SCOPE_MAX + 5;
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

NnueNet *nnue_net_new(const GameOps *g, int hidden) {
    NnueNet *net = calloc(1, sizeof *net);
    if (!net) return NULL;
    snprintf(net->game, sizeof net->game, "%s", g->name);
    snprintf(net->feature_set, sizeof net->feature_set, "%s", g->nnue_feature_set ? g->nnue_feature_set : "");
    net->n_features = g->nnue_features;
    net->hidden = hidden;
    net_alloc(net);
    if (!net->w1 || !net->b1 || !net->w2) {
        nnue_net_free(net);
        return NULL;
    }
    memset(net->w1, 0, (size_t)net->n_features * (size_t)hidden * sizeof *net->w1);
    memset(net->b1, 0, (size_t)hidden * sizeof *net->b1);
    memset(net->w2, 0, 2 * (size_t)hidden * sizeof *net->w2);
    nnue_net_seal(net);
    return net;
}

static void write_params(const NnueNet *net, unsigned char *p) {
    size_t n1 = (size_t)net->n_features * (size_t)net->hidden, h = (size_t)net->hidden;
    for (size_t i = 0; i < n1; i++, p += 2) wr16(p, net->w1[i]);
    for (size_t i = 0; i < h; i++, p += 2) wr16(p, net->b1[i]);
    for (size_t i = 0; i < 2 * h; i++, p += 2) wr16(p, net->w2[i]);
    wr32(p, (uint32_t)net->b2);
}

void nnue_net_seal(NnueNet *net) {
    size_t n = params_size(net->n_features, net->hidden);
    unsigned char *p = malloc(n);
    if (!p) abort(); /* tests and tools only: a few hundred KB */
    write_params(net, p);
    net->checksum = nnue_fnv1a(p, n, NNUE_FNV_BASIS);
    free(p);
}

bool nnue_net_serialise(const NnueNet *net, unsigned char **data, size_t *size) {
    size_t head = header_bytes(net), n = net_bytes(net);
    unsigned char *d = calloc(1, n);
    if (!d) return false;
    memcpy(d, NNUE_MAGIC, 8);
    uint32_t version = version_of(net);
    wr32(d + 8, version);
    memcpy(d + 12, net->game, strlen(net->game));
    memcpy(d + 28, net->feature_set, strlen(net->feature_set));
    wr32(d + 44, (uint32_t)net->n_features);
    wr32(d + 48, (uint32_t)net->hidden);
    wr32(d + 52, NNUE_QA), wr32(d + 56, NNUE_QB), wr32(d + 60, NNUE_SCALE);
    if (version == NNUE_VERSION_ACTIVATION) wr32(d + NNUE_HEADER_BYTES, (uint32_t)net->activation);
    if (net->scope[0]) memcpy(d + head - NNUE_SCOPE_MAX, net->scope, strlen(net->scope));
    write_params(net, d + head);
    wr32(d + 64, nnue_fnv1a(d + head, n - head, NNUE_FNV_BASIS));
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

bool nnue_embedded(const GameOps *g, const unsigned char **data, size_t *size) {
    for (int i = 0; i < NNUE_EMBEDDED_COUNT; i++)
        if (!strcmp(NNUE_EMBEDDED[i].game, g->name)) {
            *data = NNUE_EMBEDDED[i].data;
            *size = NNUE_EMBEDDED[i].size;
            return true;
        }
    return false;
}
