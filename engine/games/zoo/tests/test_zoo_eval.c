/* test_zoo_eval.c — Zoo Contest's evaluation and search hints: a position and its twin
 * (board turned a half turn, players swapped) score the same for the player who decides,
 * on every board size and in the long game; winning_move wins whenever a move wins;
 * in_check says when the opponent could complete at once; the learned evaluation's
 * features are the twin's seen by the other player, and name the board's size. */
#include <ctype.h>

#include "engine/games/zoo/zoo.h"
#include "zoo_testutil.h"

static const GameOps *G;

/* The twin's position string, written from the text alone: ranks and files reversed,
 * letters' case swapped, and every field's players swapped. */
static void twin(const char *fen, char *out) {
    char board[POS_STR_MAX], side[4], flags[4], goals[8], pend[16], np[16], ply[16];
    ck_assert_int_eq(sscanf(fen, "%1023s %3s %3s %7s %15s %15s %15s", board, side, flags, goals, pend, np, ply), 7);
    /* split the board into ranks, each into cells (text of a square, "" when empty) */
    char cells[15][15][8];
    int nr = 0, nf = 0, w = 0;
    memset(cells, 0, sizeof cells);
    for (const char *c = board;; c++) {
        if (*c == '/' || !*c) {
            w = nf, nr++, nf = 0;
            if (!*c) break;
        } else if (isdigit((unsigned char)*c)) {
            int n = (int)strtol(c, (char **)&c, 10);
            c--;
            nf += n;
        } else if (*c == '(') {
            const char *end = strchr(c, ')');
            snprintf(cells[nr][nf++], 8, "%.*s", (int)(end - c + 1), c);
            c = end;
        } else {
            snprintf(cells[nr][nf++], 8, "%c", *c);
        }
    }
    char *o = out;
    for (int r = nr - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = w - 1; f >= 0; f--) {
            const char *c = cells[r][f];
            if (!*c) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            /* swapping players reverses the order within a kind: (Ss) stays (Ss) */
            char letters[8];
            int k = 0;
            for (const char *x = c; *x; x++)
                if (isalpha((unsigned char)*x)) letters[k++] = (char)(isupper((unsigned char)*x) ? tolower(*x) : toupper(*x));
            for (int i = 0; i + 1 < k; i++)
                for (int j = i + 1; j < k; j++) {
                    /* kinds: E F < M N < S T; player 1 first */
                    int ri = (int)(strchr("EFMNST", toupper(letters[i])) - "EFMNST") / 2 * 2 + !isupper(letters[i]);
                    int rj = (int)(strchr("EFMNST", toupper(letters[j])) - "EFMNST") / 2 * 2 + !isupper(letters[j]);
                    if (rj < ri) {
                        char t = letters[i];
                        letters[i] = letters[j], letters[j] = t;
                    }
                }
            letters[k] = 0;
            o += sprintf(o, k > 1 ? "(%s)" : "%s", letters);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    o += sprintf(o, " %c ", side[0] == '1' ? '2' : '1');
    if (!strcmp(flags, "E")) o += sprintf(o, "e");
    else if (!strcmp(flags, "e")) o += sprintf(o, "E");
    else o += sprintf(o, "%s", flags);
    *o++ = ' ';
    int any = 0;
    for (const char *g = "EMSems"; *g; g++) { /* flag g of the twin is the other player's */
        char other = (char)(isupper((unsigned char)*g) ? tolower(*g) : toupper(*g));
        if (strcmp(goals, "-") && strchr(goals, other)) *o++ = *g, any = 1;
    }
    if (!any) *o++ = '-';
    if (!strcmp(pend, "-")) {
        o += sprintf(o, " -");
    } else {
        int file = pend[1] - 'a', rank = atoi(pend + 2), mover = strchr(pend, '/')[1] - '0';
        char piece = (char)(isupper((unsigned char)pend[0]) ? tolower(pend[0]) : toupper(pend[0]));
        o += sprintf(o, " %c%c%d/%d", piece, 'a' + (w - 1 - file), nr - rank + 1, 3 - mover);
    }
    sprintf(o, " %s %s", np, ply);
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A view's features, sorted (the order is the module's own). */
static int sorted_features(const GamePos *p, int persp, uint32_t *out) {
    int n = G->features(p, persp, out);
    qsort(out, (size_t)n, sizeof *out, cmp_u32);
    return n;
}

/* Each player's view of a position is the other player's view of its twin. */
static void check_twin_features(const GamePos *p, const GamePos *q, const char *fen) {
    uint32_t a[NNUE_MAX_ACTIVE], b[NNUE_MAX_ACTIVE];
    for (int v = 0; v < 2; v++) {
        int na = sorted_features(p, v, a), nb = sorted_features(q, 1 - v, b);
        REQUIRE(na == nb && !memcmp(a, b, (size_t)na * sizeof *a), "%s: player %d's features differ from its twin's",
                fen, v + 1);
    }
}

static void check_twins(const GameConfig *cfg, Prng *rng, int games) {
    Move list[MAX_MOVES];
    for (int g = 0; g < games; g++) {
        GamePos p, q;
        GameUndo u;
        G->startpos(&p, cfg);
        for (int ply = 0; ply < 300; ply++) {
            char fen[POS_STR_MAX], tw[POS_STR_MAX], err[ERR_STR_MAX];
            G->print_pos(&p, fen);
            twin(fen, tw);
            REQUIRE(G->parse_pos(&q, tw, cfg, err), "twin of %s: '%s' refused: %s", fen, tw, err);
            check_twin_features(&p, &q, fen);
            REQUIRE(G->evaluate(&p) == G->evaluate(&q), "%s scores %d, its twin %s %d", fen, G->evaluate(&p), tw,
                    G->evaluate(&q));
            REQUIRE(G->count_moves(&p) == G->count_moves(&q), "%s and its twin %s: move counts differ", fen, tw);
            REQUIRE(G->in_check(&p) == G->in_check(&q), "%s and its twin: in_check differs", fen);
            REQUIRE((G->winning_move(&p) == MOVE_NONE) == (G->winning_move(&q) == MOVE_NONE),
                    "%s and its twin: winning_move differs", fen);
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            G->make(&p, list[prng_below(rng, (uint32_t)n)], &u);
        }
    }
}

START_TEST(symmetric) {
    Prng rng = {test_seed("symmetric", 31)};
    GameConfig def = zoo_cfg(5, 5, 0, 200);
    check_twins(&def, &rng, (int)test_count(40));
    for (int k = 0; k < (int)test_count(40); k++) {
        GameConfig cfg = zoo_random_cfg(&rng);
        check_twins(&cfg, &rng, 1);
    }
}
END_TEST

/* Whenever some move completes the player's goals, winning_move finds one (when it is a
 * single step of the piece missing its flag), and every move it gives wins. */
START_TEST(winning_move_finds_wins) {
    Prng rng = {test_seed("winning_move_finds_wins", 77)};
    Move list[MAX_MOVES];
    int found = 0;
    for (int g = 0; g < (int)test_count(100); g++) {
        GameConfig cfg = g % 2 ? zoo_random_cfg(&rng) : zoo_cfg(5, 5, 0, 200);
        GamePos p;
        GameUndo u;
        G->startpos(&p, &cfg);
        for (int ply = 0; ply < 400; ply++) {
            int n = G->gen_moves(&p, list, GEN_ALL), me = G->player_to_move(&p), wins = 0;
            if (!n) break;
            for (int i = 0; i < n; i++) {
                GamePos q = p;
                G->make(&q, list[i], &u);
                wins += game_result(G, &q) == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN);
            }
            Move w = G->winning_move(&p);
            if (w != MOVE_NONE) {
                GamePos q = p;
                G->make(&q, w, &u);
                REQUIRE(game_result(G, &q) == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN), "winning_move loses");
                found++;
            }
            /* a win by the one piece missing its flag, stepping to its goal row, is always found */
            const ZooPos *z = (const ZooPos *)&p;
            int missing = 7 & ~(z->st.goals >> (3 * me));
            int goal = z->st.longgame ? home_rank(z, me) : far_rank(z, me);
            static const int KIND_OF[8] = {-1, K_ELEPHANT, K_MONKEY, K_MOUSE, -1, K_ELEPHANT, K_MONKEY, -1};
            if (wins && w == MOVE_NONE && (missing == 1 || missing == 2 || missing == 4)) {
                char fen[POS_STR_MAX];
                G->print_pos(&p, fen);
                for (int i = 0; i < n; i++) {
                    GamePos q = p;
                    G->make(&q, list[i], &u);
                    bool win = game_result(G, &q) == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN);
                    int kind = KIND_OF[mv_kind(list[i])];
                    bool simple = kind >= 0 && (1 << kind) == missing && zoo_rank(mv_to(list[i])) == goal;
                    REQUIRE(!win || !simple, "%s: a winning step missed", fen);
                }
            }
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
    ck_assert_int_gt(found, 20);
}
END_TEST

/* The last 18 features name the width (6 odd values) and the height (12): every size's
 * start lists exactly one of each, the right one, in both views. */
START_TEST(features_name_the_size) {
    uint32_t f[NNUE_MAX_ACTIVE];
    for (int w = 5; w <= 15; w += 2)
        for (int h = 4; h <= 15; h++) {
            GameConfig cfg = zoo_cfg(w, h, h % 2, 200);
            GamePos p;
            G->startpos(&p, &cfg);
            for (int v = 0; v < 2; v++) {
                int n = G->features(&p, v, f), widths = 0, heights = 0;
                for (int i = 0; i < n; i++) {
                    int k = (int)f[i] - (G->nnue_features - 18);
                    if (k < 0) continue;
                    if (k < 6) {
                        REQUIRE(k == (w - 5) / 2, "%dx%d: width feature %d", w, h, k);
                        widths++;
                    } else {
                        REQUIRE(k - 6 == h - 4, "%dx%d: height feature %d", w, h, k - 6);
                        heights++;
                    }
                }
                REQUIRE(widths == 1 && heights == 1, "%dx%d: %d width and %d height features", w, h, widths, heights);
            }
        }
}
END_TEST

int main(void) {
    G = zoo_game();
    return RUN_TESTS("zoo_eval", 600, ONCE(symmetric), ONCE(winning_move_finds_wins), ONCE(features_name_the_size));
}
