/* make_openings.c — writes an openings file for matches: positions a few random plies
 * from the start, kept only when a shallow search calls them roughly balanced.
 * Usage: make_openings COUNT [SEED] [MIN_PLIES] [MAX_PLIES] [MAX_CP]  (one per line) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/games/registry.h"
#include "player.h"

typedef struct {
    Score score;
} Last;

static void on_info(void *ctx, const SearchInfo *i) {
    if (i->multipv == 1 && i->bound == BOUND_EXACT) ((Last *)ctx)->score = i->score;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: make_openings COUNT [SEED] [MIN_PLIES] [MAX_PLIES] [MAX_CP]\n");
        return 2;
    }
    int count = atoi(argv[1]);
    Prng rng = {argc > 2 ? strtoull(argv[2], NULL, 10) : 1};
    int lo = argc > 3 ? atoi(argv[3]) : 3, hi = argc > 4 ? atoi(argv[4]) : 6;
    int max_cp = argc > 5 ? atoi(argv[5]) : 60;
    const GameOps *g = game_default();
    Engine *e = engine_create(g);
    char err[ERR_STR_MAX];
    engine_set_option(e, "Hash", "8", err);
    Key *seen = calloc((size_t)count, sizeof *seen);
    int made = 0;
    for (int tries = 0; made < count && tries < count * 1000; tries++) {
        GameConfig cfg = engine_game_config(e);
        GamePos p;
        g->startpos(&p, &cfg);
        int plies = lo + (int)prng_below(&rng, (uint32_t)(hi - lo + 1));
        bool ok = true;
        for (int k = 0; k < plies && ok; k++) {
            Move list[MAX_MOVES];
            int n = player_moves(g, &p, list);
            if (n == 0) ok = false;
            else {
                GameUndo u;
                g->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
                ok = g->terminal(&p) == OUTCOME_ONGOING;
            }
        }
        if (!ok || g->count_moves(&p) == 0 || (g->in_check && g->in_check(&p)) ||
            (g->winning_move && g->winning_move(&p) != MOVE_NONE))
            continue;
        bool dup = false;
        for (int i = 0; i < made && !dup; i++) dup = seen[i] == g->key(&p);
        if (dup) continue;
        char fen[POS_STR_MAX];
        g->print_pos(&p, fen);
        if (!engine_set_position(e, fen, NULL, 0, err)) continue;
        engine_new_game(e);
        Last last = {0};
        SearchReport rep = {.ctx = &last, .info = on_info};
        SearchLimits l;
        search_limits_init(&l);
        l.depth = 6;
        if (!engine_go(e, &l, &rep, err)) continue;
        engine_wait(e);
        if (last.score > max_cp || last.score < -max_cp) continue;
        seen[made++] = g->key(&p);
        printf("%s\n", fen);
    }
    engine_destroy(e);
    free(seen);
    return made == count ? 0 : 1;
}
