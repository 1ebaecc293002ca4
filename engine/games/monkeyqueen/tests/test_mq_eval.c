/* test_mq_eval.c — Monkey Queen's evaluation and search hints: the evaluation is symmetric
 * (a position and its colour-swapped, 180-degree-turned twin score the same for the side to
 * move), the printed breakdown adds up, and in_check, winning_move, see_ge, the null move
 * and the learned evaluation's counts agree with brute force over thousands of random positions. */
#include "engine/games/monkeyqueen/mq.h"
#include "engine/prng.h"
#include "testutil.h"

static const GameOps *G;

/* The twin of a position string: ranks and files reversed, colours swapped, the other
 * colour to move; the swap state is dropped (no swap: the evaluation ignores it). */
static void twin_fen(const char *fen, char *out) {
    char board[512], side;
    ck_assert(sscanf(fen, "%511s %c", board, &side) == 2);
    char *ranks[12];
    int n = 0;
    for (char *r = strtok(board, "/"); r; r = strtok(NULL, "/")) ranks[n++] = r;
    ck_assert_int_eq(n, 12);
    char *o = out;
    for (int i = 11; i >= 0; i--) {
        /* Tokens of the rank (a number, a baby, or a queen with its height), reversed. */
        char tok[24][8];
        int k = 0;
        for (const char *s = ranks[i]; *s;) {
            int len = 1;
            if (*s >= '0' && *s <= '9') while (s[len] >= '0' && s[len] <= '9') len++;
            else if (s[1] == '[') len = (int)(strchr(s, ']') - s) + 1;
            memcpy(tok[k], s, (size_t)len);
            tok[k++][len] = 0;
            s += len;
        }
        for (int j = k - 1; j >= 0; j--)
            for (char *c = tok[j]; *c; c++) {
                char ch = *c;
                ch = ch == 'i' ? 'c' : ch == 'c' ? 'i' : ch == 'I' ? 'C' : ch == 'C' ? 'I' : ch;
                *o++ = ch;
            }
        if (i) *o++ = '/';
    }
    sprintf(o, " %c - 20", side == 'i' ? 'c' : 'i');
}

/* Positions of random games (pie rule off), passed to check one by one. */
static void random_positions(int games, uint64_t seed, void (*check)(const GamePos *p)) {
    Prng rng = {seed};
    GameConfig cfg = mq_cfg(0, 20, 20);
    for (int g = 0; g < games; g++) {
        GamePos p;
        G->startpos(&p, &cfg);
        for (int ply = 0; ply < 300 && G->terminal(&p) == OUTCOME_ONGOING; ply++) {
            Move list[MAX_MOVES];
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (n == 0) break;
            check(&p);
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
}

static int checked;

static void check_symmetry(const GamePos *p) {
    char fen[POS_STR_MAX], twin[POS_STR_MAX], err[ERR_STR_MAX];
    G->print_pos(p, fen);
    twin_fen(fen, twin);
    GamePos q;
    GameConfig cfg = mq_cfg(0, 20, 20);
    REQUIRE(G->parse_pos(&q, twin, &cfg, err), "twin of %s: %s", fen, err);
    Score a = G->evaluate(p), b = G->evaluate(&q);
    REQUIRE(a == b, "%s scores %d, its twin %s scores %d", fen, a, twin, b);
    checked++;
}

START_TEST(evaluation_is_symmetric) {
    checked = 0;
    random_positions(200, 0x5EED, check_symmetry);
    ck_assert_int_gt(checked, 5000);
    /* A hand-made one, not from random play: babies near one queen. */
    GamePos p;
    setup(G, &p, "I7:d4 i:c5 i:e6 i:k2 C5:h9 c:g8 c:a12", 'c');
    check_symmetry(&p);
}
END_TEST

START_TEST(trace_adds_up) {
    GamePos p;
    setup(G, &p, "I7:d4 i:c5 i:e6 i:k2 C5:h9 c:g8 c:a12", 'i');
    char out[4096];
    G->eval_trace(&p, out, sizeof out);
    const char *t = strstr(out, "total ");
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(atoi(t + 6), G->evaluate(&p));
    ck_assert_ptr_nonnull(strstr(out, "checkers"));
    ck_assert_ptr_nonnull(strstr(out, "queen threats"));
}
END_TEST

/* Brute force: does some legal move of the player to move capture the enemy queen? */
static bool can_take_queen(const GamePos *p) {
    Move list[MAX_MOVES];
    int n = G->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        GamePos q = *p;
        GameUndo u;
        G->make(&q, list[i], &u);
        if (G->terminal(&q) == OUTCOME_LOSS) return true;
    }
    return false;
}

static void check_hints(const GamePos *p) {
    /* winning_move: a legal queen capture exactly when one exists. */
    Move w = G->winning_move(p);
    bool can = can_take_queen(p);
    REQUIRE((w != MOVE_NONE) == can, "winning_move disagrees with brute force");
    if (w != MOVE_NONE) {
        REQUIRE(G->is_legal(p, w), "winning_move is illegal");
        GamePos q = *p;
        GameUndo u;
        G->make(&q, w, &u);
        REQUIRE(G->terminal(&q) == OUTCOME_LOSS, "winning_move does not win");
    }
    /* in_check: after a pass, the opponent could take the queen. */
    GamePos q = *p;
    GameUndo u;
    if (G->make_null(&q, &u)) {
        REQUIRE(G->in_check(p) == can_take_queen(&q), "in_check disagrees with brute force");
        REQUIRE(G->player_to_move(&q) != G->player_to_move(p), "a pass must change the player");
        G->unmake_null(&q, &u);
        REQUIRE(!memcmp(&q, p, sizeof q), "unmake_null must restore the position");
    }
    /* see_ge at 0: a losing exchange is exactly a queen taking a baby on a square the
     * enemy still sees (a baby's capture never loses: babies are all worth the same). */
    Move list[MAX_MOVES];
    int n = G->gen_moves(p, list, GEN_NOISY);
    for (int i = 0; i < n; i++) {
        GamePos r = *p;
        G->make(&r, list[i], &u);
        bool want = G->terminal(&r) == OUTCOME_LOSS || !(list[i] & MF_QUEEN) || !can_take_queen(&r);
        char fen[POS_STR_MAX], mv[MOVE_STR_MAX];
        G->print_pos(p, fen);
        G->print_move(p, list[i], mv);
        REQUIRE(G->see_ge(p, list[i], 0) == want, "see_ge(%s) in %s is %d", mv, fen, !want);
    }
    checked++;
}

START_TEST(hints_agree_with_brute_force) {
    checked = 0;
    random_positions(60, 0xC0FFEE, check_hints);
    ck_assert_int_gt(checked, 1500);
}
END_TEST

/* ---- the learned evaluation's counts against brute force ---- */

/* Colour on (f, r): 0 Ivory, 1 Cigar, -1 empty or off the board. */
static int owner_at(const MQPos *p, int f, int r) {
    if (f < 0 || f >= MQ_N || r < 0 || r >= MQ_N) return -1;
    int sq = mq_sq(f, r);
    for (int c = 0; c < 2; c++)
        if (p->bb[c][sq >> 6] >> (sq & 63) & 1) return c;
    return -1;
}
static const int DF[8] = {1, -1, 0, 0, 1, -1, 1, -1}, DR[8] = {0, 0, 1, -1, 1, -1, -1, 1};
/* The colour of the first piece met from (f, r) towards direction d, -1 for none. */
static int first_met(const MQPos *p, int f, int r, int d) {
    int o = -1;
    for (f += DF[d], r += DR[d]; o < 0 && f >= 0 && f < MQ_N && r >= 0 && r < MQ_N; f += DF[d], r += DR[d])
        o = owner_at(p, f, r);
    return o;
}
static bool has(const uint32_t *f, int n, uint32_t x) {
    for (int i = 0; i < n; i++)
        if (f[i] == x) return true;
    return false;
}

/* What mq_features.c counts, by walking the board square by square: babies an enemy piece
 * sees (the first piece along one of its eight directions is an enemy) and those of them no
 * own piece sees; the empty squares each queen sees and those an enemy piece sees along
 * another line than the queen's. */
static void check_counts(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    uint32_t f[NNUE_MAX_ACTIVE];
    int n = G->features(gp, PLAYER_1, f);
    char fen[POS_STR_MAX];
    G->print_pos(gp, fen);
    for (int c = 0; c < 2; c++) {
        uint32_t base = (uint32_t)(c * MQ_F_SIDE); /* the pie rule is off: view 1 plays Ivory */
        int att = 0, hang = 0;
        for (int r = 0; r < MQ_N; r++)
            for (int fl = 0; fl < MQ_N; fl++) {
                if (owner_at(p, fl, r) != c || mq_sq(fl, r) == p->queen[c]) continue;
                bool seen = false, guarded = false;
                for (int d = 0; d < 8; d++) {
                    int met = first_met(p, fl, r, d);
                    seen |= met == (c ^ 1), guarded |= met == c;
                }
                att += seen, hang += seen && !guarded;
            }
        uint32_t fa = (uint32_t)(att < MQ_CNT ? att : MQ_CNT - 1), fh = (uint32_t)(hang < MQ_CNT ? hang : MQ_CNT - 1);
        REQUIRE(has(f, n, base + MQ_F_ATT + fa), "%s: colour %d has %d babies attacked", fen, c, att);
        REQUIRE(has(f, n, base + MQ_F_HANG + fh), "%s: colour %d has %d babies hanging", fen, c, hang);
        if (p->queen[c] == MQ_NO_SQ) continue;
        int qf = mq_file(p->queen[c]), qr = mq_rank(p->queen[c]), open = 0, threats = 0;
        for (int d = 0; d < 8; d++)
            for (int tf = qf + DF[d], tr = qr + DR[d];
                 tf >= 0 && tf < MQ_N && tr >= 0 && tr < MQ_N && owner_at(p, tf, tr) < 0; tf += DF[d], tr += DR[d]) {
                open++;
                bool hit = false;
                for (int e = 0; e < 8; e++)
                    if (e / 2 != d / 2) hit |= first_met(p, tf, tr, e) == (c ^ 1); /* directions in pairs by line */
                threats += hit;
            }
        int h = p->height[p->queen[c]] > MQ_HB ? MQ_HB : p->height[p->queen[c]];
        REQUIRE(has(f, n, base + MQ_F_HEIGHT + (uint32_t)(h - 1)), "%s: colour %d's queen height %d", fen, c, h);
        REQUIRE(has(f, n, base + MQ_F_OPEN + (uint32_t)open), "%s: colour %d's queen sees %d empty squares", fen, c,
                open);
        REQUIRE(has(f, n, base + MQ_F_THREAT + (uint32_t)threats), "%s: colour %d's queen has %d threatened", fen, c,
                threats);
    }
    checked++;
}

START_TEST(learned_counts_agree_with_brute_force) {
    checked = 0;
    random_positions(40, 0xFEA7, check_counts);
    ck_assert_int_gt(checked, 1000);
}
END_TEST

int main(void) {
    G = game_default();
    return RUN_TESTS("mq_eval", 120, ONCE(evaluation_is_symmetric), ONCE(trace_adds_up),
                     ONCE(hints_agree_with_brute_force), ONCE(learned_counts_agree_with_brute_force));
}
