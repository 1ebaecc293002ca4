/* test_mad_eval.c — M.A.D.'s evaluation: symmetric (a position and its twin with the board
 * turned over and the players swapped score the same for the player to move, over every
 * position of random games), the same in every build, and its printed terms add up. */
#include "engine/games/mad/mad.h"
#include "engine/games/mad/mad_game.h"
#include "engine/prng.h"
#include "mad_test.h"

static const GameOps *G, *VARIANTS[MAD_MAX_VARIANTS];
static int N_VARIANTS;

/* The twin: rank r becomes rank 9 - r, C and c trade places, the other player to move. */
static void twin(const char *fen, char *out) {
    char board[POS_STR_MAX], rest[POS_STR_MAX];
    int side;
    ck_assert(sscanf(fen, "%s %d %[^\n]", board, &side, rest) == 3);
    char *ranks[8];
    int n = 0;
    for (char *t = strtok(board, "/"); t; t = strtok(NULL, "/")) ranks[n++] = t;
    ck_assert_int_eq(n, 8);
    char *o = out;
    for (int i = 7; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++) *o++ = *c == 'C' ? 'c' : *c == 'c' ? 'C' : *c;
        if (i) *o++ = '/';
    }
    sprintf(o, " %d %s", 3 - side, rest);
}

START_TEST(symmetric) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("symmetric", 21)};
    GameConfig cfg = {{150}};
    int checked = 0, games = (int)test_count(40);
    for (int g = 0; g < games; g++) {
        GamePos p;
        G->startpos(&p, &cfg);
        Move list[MAX_MOVES];
        int n;
        while ((n = G->gen_moves(&p, list, GEN_ALL)) > 0) {
            char fen[POS_STR_MAX], tw[POS_STR_MAX], err[ERR_STR_MAX];
            G->print_pos(&p, fen);
            twin(fen, tw);
            GamePos q;
            REQUIRE(G->parse_pos(&q, tw, &cfg, err), "%s: %s", tw, err);
            REQUIRE(G->evaluate(&p) == G->evaluate(&q), "%s: %d, twin %s: %d", fen, G->evaluate(&p), tw,
                    G->evaluate(&q));
            REQUIRE(G->in_check(&p) == G->in_check(&q), "%s: in_check differs from the twin's", fen);
            REQUIRE((G->winning_move(&p) != MOVE_NONE) == (G->winning_move(&q) != MOVE_NONE), "%s: winning move", fen);
            checked++;
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
    ck_assert_int_gt(checked, 25 * games);
}
END_TEST

/* eval's lines: each term's score, and a total equal to evaluate(). */
START_TEST(trace_adds_up) {
    Prng rng = {test_seed("trace_adds_up", 22)};
    GameConfig cfg = {{150}};
    for (int g = 0, games = (int)test_count(20); g < games; g++) {
        GamePos p;
        G->startpos(&p, &cfg);
        Move list[MAX_MOVES];
        int n;
        while ((n = G->gen_moves(&p, list, GEN_ALL)) > 0) {
            char out[4096];
            G->eval_trace(&p, out, sizeof out);
            const char *t = strstr(out, "total ");
            REQUIRE(t, "no total in:\n%s", out);
            int total = atoi(t + 6), sum = 0, lines = 0;
            char copy[4096];
            snprintf(copy, sizeof copy, "%s", out);
            for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n")) {
                if (!strncmp(l, "term", 4) || !strncmp(l, "total", 5)) continue;
                const char *last = strrchr(l, ' ');
                sum += atoi(last + 1);
                lines++;
            }
            REQUIRE(total == G->evaluate(&p), "total %d, evaluate %d:\n%s", total, G->evaluate(&p), out);
            REQUIRE(sum == total, "the terms add up to %d, not %d:\n%s", sum, total, out);
            REQUIRE(lines >= 2, "too few terms:\n%s", out);
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
        char out[256];
        G->eval_trace(&p, out, sizeof out);
        ck_assert_ptr_nonnull(strstr(out, "over"));
    }
}
END_TEST

int main(void) {
    G = mad_game();
    N_VARIANTS = mad_variants(VARIANTS);
    return RUN_TESTS("mad_eval", 600, LOOP(symmetric, N_VARIANTS), ONCE(trace_adds_up));
}
