/* book_journal.c — the book builder's journal: a text file of finished searches, read
 * back into a table by position key, appended to and flushed one line per search. */
#include "book_journal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_MAGIC "simia-book-journal"
#define JOURNAL_VERSION 1

static size_t slot_of(Key key, size_t cap) { return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (cap - 1); }

static bool grow_index(Journal *j) {
    size_t cap = j->index_cap ? j->index_cap * 2 : 1024;
    size_t *idx = calloc(cap, sizeof *idx);
    if (!idx) return false;
    for (size_t i = 0; i < j->count; i++) {
        size_t s = slot_of(j->nodes[i].key, cap);
        while (idx[s]) s = (s + 1) & (cap - 1);
        idx[s] = i + 1;
    }
    free(j->index);
    j->index = idx, j->index_cap = cap;
    return true;
}

static JournalNode *find(const Journal *j, Key key) {
    if (!j->index_cap) return NULL;
    for (size_t s = slot_of(key, j->index_cap); j->index[s]; s = (s + 1) & (j->index_cap - 1))
        if (j->nodes[j->index[s] - 1].key == key) return &j->nodes[j->index[s] - 1];
    return NULL;
}

const JournalNode *journal_find(const Journal *j, Key key) { return find(j, key); }

/* Into the table only (the file is written by the caller). */
static bool put(Journal *j, Key key, int depth, int multipv, const JournalMove *moves, int n) {
    JournalMove *copy = malloc(sizeof *copy * (size_t)(n ? n : 1));
    if (!copy) return false;
    memcpy(copy, moves, sizeof *copy * (size_t)n);
    JournalNode *node = find(j, key);
    if (!node) {
        if ((j->count + 1) * 2 > j->index_cap && !grow_index(j)) return free(copy), false;
        if (j->count == j->cap) {
            size_t cap = j->cap ? j->cap * 2 : 1024;
            JournalNode *nn = realloc(j->nodes, cap * sizeof *nn);
            if (!nn) return free(copy), false;
            j->nodes = nn, j->cap = cap;
        }
        node = &j->nodes[j->count++];
        memset(node, 0, sizeof *node);
        size_t s = slot_of(key, j->index_cap);
        while (j->index[s]) s = (s + 1) & (j->index_cap - 1);
        j->index[s] = j->count;
    }
    free(node->moves);
    node->key = key, node->depth = depth, node->multipv = multipv, node->n = n, node->moves = copy;
    return true;
}

/* One record line: <key hex> <depth> <multipv> <n> <move>:<score>... */
static bool parse_line(Journal *j, char *line) {
    char *save = NULL, *t = strtok_r(line, " \t\r\n", &save), *end;
    if (!t || strlen(t) != 16) return false;
    errno = 0;
    Key key = strtoull(t, &end, 16);
    if (*end || errno) return false;
    long v[3];
    for (int i = 0; i < 3; i++) {
        t = strtok_r(NULL, " \t\r\n", &save);
        if (!t) return false;
        v[i] = strtol(t, &end, 10);
        if (*end || v[i] < 0 || v[i] > MAX_MOVES) return false;
    }
    JournalMove moves[MAX_MOVES];
    int n = (int)v[2];
    for (int i = 0; i < n; i++) {
        t = strtok_r(NULL, " \t\r\n", &save);
        char *colon = t ? strrchr(t, ':') : NULL;
        if (!colon || colon == t || colon - t > BOOK_MOVE_MAX) return false;
        memcpy(moves[i].move, t, (size_t)(colon - t));
        moves[i].move[colon - t] = '\0';
        long s = strtol(colon + 1, &end, 10);
        if (*end || colon[1] == '\0' || s < -SCORE_INF || s > SCORE_INF) return false;
        moves[i].score = (Score)s;
    }
    if (strtok_r(NULL, " \t\r\n", &save)) return false;
    return put(j, key, (int)v[0], (int)v[1], moves, n);
}

void journal_close(Journal *j) {
    if (j->f) fclose(j->f);
    for (size_t i = 0; i < j->count; i++) free(j->nodes[i].moves);
    free(j->nodes);
    free(j->index);
    memset(j, 0, sizeof *j);
}

bool journal_open(Journal *j, const char *path, const GameOps *g, char *err) {
    memset(j, 0, sizeof *j);
    char head[256];
    snprintf(head, sizeof head, "%s %d %s %016" PRIx64, JOURNAL_MAGIC, JOURNAL_VERSION, g->name,
             book_key_check(g));
    FILE *f = fopen(path, "r");
    if (f) {
        char *line = NULL;
        size_t cap = 0;
        ssize_t len;
        long lineno = 0, good_end = 0;
        bool ok = true;
        while (ok && (len = getline(&line, &cap, f)) > 0) {
            lineno++;
            if (line[len - 1] != '\n') { /* cut short by an interruption: drop it */
                fprintf(stderr, "book journal %s: dropped an unfinished last line (line %ld)\n", path, lineno);
                break;
            }
            line[len - 1] = '\0';
            if (lineno == 1) {
                if (strcmp(line, head)) {
                    snprintf(err, ERR_STR_MAX,
                             "journal '%.50s' is not one for this game and key scheme (first line '%.30s', expected '%.70s')",
                             path, line, head);
                    ok = false;
                }
            } else if (line[0] && line[0] != '#' && !parse_line(j, line)) {
                snprintf(err, ERR_STR_MAX, "journal '%.100s': damaged record at line %ld", path, lineno);
                ok = false;
            }
            good_end = ftell(f);
        }
        free(line);
        fclose(f);
        if (!ok) {
            journal_close(j);
            return false;
        }
        if (good_end == 0) {
            remove(path); /* not even a whole first line: start afresh */
        } else if (truncate(path, good_end)) {
            snprintf(err, ERR_STR_MAX, "journal '%.100s': cannot drop its unfinished last line: %s", path,
                     strerror(errno));
            journal_close(j);
            return false;
        }
    }
    bool fresh = access(path, F_OK) != 0;
    j->f = fopen(path, "a");
    if (!j->f || (fresh && (fprintf(j->f, "%s\n", head) < 0 || fflush(j->f)))) {
        snprintf(err, ERR_STR_MAX, "cannot write journal '%.100s': %s", path, strerror(errno));
        journal_close(j);
        return false;
    }
    return true;
}

bool journal_add(Journal *j, Key key, int depth, int multipv, const JournalMove *moves, int n, char *err) {
    if (!put(j, key, depth, multipv, moves, n)) {
        snprintf(err, ERR_STR_MAX, "out of memory in the journal");
        return false;
    }
    fprintf(j->f, "%016" PRIx64 " %d %d %d", key, depth, multipv, n);
    for (int i = 0; i < n; i++) fprintf(j->f, " %s:%d", moves[i].move, (int)moves[i].score);
    if (fprintf(j->f, "\n") < 0 || fflush(j->f)) {
        snprintf(err, ERR_STR_MAX, "cannot write the journal: %s", strerror(errno));
        return false;
    }
    return true;
}
