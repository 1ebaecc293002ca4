/* history.h — the keys of a game's positions in the order they occurred, with a count of
 * each key: what the referee and the search need to find the third occurrence. */
#ifndef SIMIA_HISTORY_H
#define SIMIA_HISTORY_H

#include "types.h"

/* Counts of keys in an open-addressed table (a key of 0 is counted apart: it marks a free
 * slot). */
typedef struct {
    Key *key;
    uint32_t *count;
    size_t mask; /* slots - 1 (slots a power of two), 0 before the first add */
    size_t used;
    uint32_t zero; /* occurrences of the key 0 */
} KeyCounts;

void keycounts_init(KeyCounts *c);
void keycounts_free(KeyCounts *c);
void keycounts_clear(KeyCounts *c);
/* Counts one more occurrence of k; false when memory ran out (nothing changed). */
bool keycounts_add(KeyCounts *c, Key k);
uint32_t keycounts_get(const KeyCounts *c, Key k);

/* A game's positions: keys[0] is the start, keys[n - 1] the current position. */
typedef struct {
    Key *keys;
    int n, cap;
    KeyCounts counts;
} KeyHistory;

void history_init(KeyHistory *h);
void history_free(KeyHistory *h);
void history_clear(KeyHistory *h);
/* Appends the key of the position just reached; false when memory ran out. */
bool history_push(KeyHistory *h, Key k);
/* How often the key occurred in the game so far (the current position included). */
static inline uint32_t history_count(const KeyHistory *h, Key k) { return keycounts_get(&h->counts, k); }

#endif
