/* test_embed_perft.c — leaf counts against the tables of the rules file and the shared cases
 * (data/embed_perft.txt), each also mirrored left to right (the game's symmetry), with
 * every build of the hot code the CPU runs; the reference referee's own counts to depth 2
 * as a check on the tables' reading; perft's divided form. */
#include "embed_reference.h"
#include "embed_testutil.h"
#include "engine/perft.h"

static const GameOps *G, *VARIANTS[EM_MAX_VARIANTS];
static int N_VARIANTS;

typedef struct {
    char fen[POS_STR_MAX];
    int depths;
    uint64_t want[8]; /* by depth, from 1 */
} Case;

static int read_cases(Case *cases, int max) {
    FILE *f = fopen(SIMIA_TEST_DATA "/embed_perft.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *bar = strchr(line, '|');
        ck_assert_ptr_nonnull(bar);
        Case *c = &cases[n++];
        snprintf(c->fen, sizeof c->fen, "%.*s", (int)(bar - line - 1), line);
        c->depths = 0;
        int d;
        unsigned long long v;
        for (char *tok = strtok(bar + 1, " \n"); tok; tok = strtok(NULL, " \n")) {
            ck_assert(sscanf(tok, "%d:%llu", &d, &v) == 2 && d == c->depths + 1 && d < 8);
            c->want[c->depths++] = v;
        }
    }
    fclose(f);
    return n;
}

START_TEST(tables) {
    G = VARIANTS[_i];
    static Case cases[16];
    int n = read_cases(cases, 16);
    ck_assert_int_eq(n, 9);
    bool deep = getenv("SIMIA_EMBED_DEEP") && !strcmp(getenv("SIMIA_EMBED_DEEP"), "1");
    for (int i = 0; i < n; i++) {
        GamePos p;
        em_parse_ok(G, &p, cases[i].fen, 150);
        /* Then the board mirrored left to right (the game's symmetry): the same counts. */
        for (int m = 0; m < 2; m++, ck_assert(G->mirror(&p)))
            for (int d = 1; d <= cases[i].depths && (d <= 4 || deep); d++)
                ck_assert_msg(perft(G, &p, d) == cases[i].want[d - 1], "%s%s depth %d: %llu, table %llu",
                              cases[i].fen, m ? " mirrored" : "", d, (unsigned long long)perft(G, &p, d),
                              (unsigned long long)cases[i].want[d - 1]);
    }
}
END_TEST

/* The start positions the options make are the tables' first two lines. */
START_TEST(start_options) {
    GamePos a, b;
    GameConfig std = em_cfg(150, EM_SETUP_STANDARD), home = em_cfg(150, EM_SETUP_HOMEROWS);
    G->startpos(&a, &std);
    ck_assert_uint_eq(perft(G, &a, 3), 77109);
    G->startpos(&b, &home);
    ck_assert_uint_eq(perft(G, &b, 3), 180627);
}
END_TEST

static uint64_t ref_perft(const RefPos *p, int depth) {
    static char text[16384];
    if (depth == 0) return 1;
    int n = ref_moves(p, text);
    if (depth == 1) return (uint64_t)n;
    char moves[MAX_MOVES][8];
    char *tok = strtok(text, " ");
    for (int i = 0; i < n; i++, tok = strtok(NULL, " ")) snprintf(moves[i], sizeof moves[i], "%s", tok);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        RefPos q = *p;
        ref_play(&q, moves[i]);
        sum += ref_perft(&q, depth - 1);
    }
    return sum;
}

START_TEST(reference_agrees) {
    static Case cases[16];
    int n = read_cases(cases, 16);
    for (int i = 0; i < n; i++) {
        RefPos r;
        ck_assert(ref_parse(cases[i].fen, 150, &r));
        ck_assert_uint_eq(ref_perft(&r, 2), cases[i].want[1]);
    }
}
END_TEST

START_TEST(divide) {
    GamePos p;
    GameConfig cfg = EM_DEFAULT_CFG;
    G->startpos(&p, &cfg);
    free(divide_text(G, &p, 2, 1579));
    ck_assert_int_eq(G->count_moves(&p), 39);
}
END_TEST

int main(void) {
    G = game_find("embed");
    N_VARIANTS = em_variants(VARIANTS);
    return RUN_TESTS("embed_perft", 600, LOOP(tables, N_VARIANTS), ONCE(start_options), ONCE(reference_agrees),
                     ONCE(divide));
}
