/* history.c — the game's key history and the counts of its keys (open addressing with
 * linear probing, doubled at half load), shared by the referee and the search. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

void keycounts_init(KeyCounts *c) { memset(c, 0, sizeof *c); }

void keycounts_free(KeyCounts *c) {
    free(c->key);
    free(c->count);
    keycounts_init(c);
}

void keycounts_clear(KeyCounts *c) {
    if (c->mask) {
        memset(c->key, 0, sizeof *c->key * (c->mask + 1));
        memset(c->count, 0, sizeof *c->count * (c->mask + 1));
    }
    c->used = 0;
    c->zero = 0;
}

/* Keys are Zobrist hashes: their low bits are already uniform. */
static size_t slot_of(const KeyCounts *c, Key k) {
    size_t i = (size_t)k & c->mask;
    while (c->key[i] && c->key[i] != k) i = (i + 1) & c->mask;
    return i;
}

static bool grow(KeyCounts *c) {
    size_t slots = c->mask ? (c->mask + 1) * 2 : 64;
    Key *key = calloc(slots, sizeof *key);
    uint32_t *count = calloc(slots, sizeof *count);
    if (!key || !count) {
        free(key), free(count);
        return false;
    }
    KeyCounts old = *c;
    c->key = key, c->count = count, c->mask = slots - 1;
    for (size_t i = 0; old.mask && i <= old.mask; i++)
        if (old.key[i]) {
            size_t j = slot_of(c, old.key[i]);
            c->key[j] = old.key[i], c->count[j] = old.count[i];
        }
    free(old.key), free(old.count);
    return true;
}

bool keycounts_add(KeyCounts *c, Key k) {
    if (k == 0) return ++c->zero, true;
    if ((c->used + 1) * 2 > c->mask + 1 && !grow(c)) return false;
    size_t i = slot_of(c, k);
    if (!c->key[i]) c->key[i] = k, c->used++;
    c->count[i]++;
    return true;
}

uint32_t keycounts_get(const KeyCounts *c, Key k) {
    if (k == 0) return c->zero;
    if (!c->mask) return 0;
    size_t i = slot_of(c, k);
    return c->key[i] ? c->count[i] : 0;
}

void history_init(KeyHistory *h) {
    memset(h, 0, sizeof *h);
    keycounts_init(&h->counts);
}

void history_free(KeyHistory *h) {
    free(h->keys);
    keycounts_free(&h->counts);
    history_init(h);
}

void history_clear(KeyHistory *h) {
    h->n = 0;
    keycounts_clear(&h->counts);
}

bool history_push(KeyHistory *h, Key k) {
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 256;
        Key *keys = realloc(h->keys, sizeof *keys * (size_t)cap);
        if (!keys) return false;
        h->keys = keys, h->cap = cap;
    }
    if (!keycounts_add(&h->counts, k)) return false;
    h->keys[h->n++] = k;
    return true;
}
