/* test_mad_random.c — random games and random positions of M.A.D., each position checked
 * against the plain reference referee (mad_reference.c): the moves and their texts, the
 * position after every move, results, noisy/quiet split, counts, k-th move, legality of
 * any 32-bit value, goal-row threats, make/unmake restoring every byte, the key; with
 * every build of the hot code the CPU runs. test_count() scales the numbers of games. */
#include "engine/games/mad/mad.h"
#include "engine/games/mad/mad_game.h"
#include "engine/prng.h"
#include "mad_reference.h"
#include "mad_test.h"

static const GameOps *G, *VARIANTS[MAD_MAX_VARIANTS];
static int N_VARIANTS;

static GameConfig cfg_of(int limit) {
    GameConfig c = {{limit}};
    return c;
}

static GameResult of_ref(int status) {
    return status == REF_P1_WIN ? RESULT_P1_WIN : status == REF_P2_WIN ? RESULT_P2_WIN
                                                : status == REF_DRAW ? RESULT_DRAW : RESULT_NONE;
}

/* Whether player who (to move or not) has a move that puts a surviving checker on its goal
 * row, by the reference. */
static bool ref_goal_threat(const RefPos *r, int who) {
    static RefMove list[MAX_MOVES];
    RefPos q = *r;
    q.side = who;
    q.noprog = 0;
    int n = ref_moves(&q, 0, list);
    int goal = who == 0 ? 7 : 0;
    for (int i = 0; i < n; i++) {
        if (list[i].tr != goal) continue; /* no other square of a move changes the goal row */
        RefPos a = ref_apply(&q, &list[i]);
        for (int f = 0; f < 8; f++)
            if (a.height[goal][f] && a.owner[goal][f] == who) return true;
    }
    return false;
}

/* The position as the reference holds it (what a printed string would show, without
 * printing: the per-move comparisons are the test's hot loop). */
static bool same(const GamePos *gp, const RefPos *r) {
    const MadPos *p = (const MadPos *)gp;
    for (int sq = 0; sq < 64; sq++) {
        int rank = sq / 8, file = sq % 8, h = r->height[rank][file];
        if (p->h[sq] != h || (h && mad_owner(p, sq) != r->owner[rank][file])) return false;
    }
    return p->stm == r->side && p->noprog == r->noprog && p->ply == r->ply;
}

/* Sorted move texts joined by spaces. */
static void join_sorted(char (*names)[MOVE_STR_MAX], int n, char *out) {
    qsort(names, (size_t)n, MOVE_STR_MAX, cmp_str);
    char *o = out;
    *o = 0;
    for (int i = 0; i < n; i++) o += sprintf(o, "%s%s", i ? " " : "", names[i]);
}

/* Whether the two lists hold the same moves: from, to, count and kind (the cheap
 * comparison of every position; texts are compared on the full checks). Each list is
 * stamped into a table of codes; a move listed twice fails too. */
static bool same_moves(const Move *fast, int n, const RefMove *ref, int nref) {
    static uint32_t stamp[1 << 16], gen;
    if (n != nref) return false;
    gen += 2;
    for (int i = 0; i < n; i++) {
        unsigned c = (unsigned)(mv_from(fast[i]) << 10 | mv_to(fast[i]) << 4 | mv_count(fast[i]) << 1 | mv_lunge(fast[i]));
        if (stamp[c] == gen) return false;
        stamp[c] = gen;
    }
    for (int i = 0; i < nref; i++) {
        unsigned c = (unsigned)((ref[i].fr * 8 + ref[i].ff) << 10 | (ref[i].tr * 8 + ref[i].tf) << 4 |
                                ref[i].count << 1 | ref[i].lunge);
        if (stamp[c] != gen) return false;
        stamp[c] = gen + 1;
    }
    return true;
}

/* Everything about one position; full: also every move made, compared and unmade. */
static void check_position(const GamePos *p, int limit, Prng *rng, bool full) {
    static RefMove ref[MAX_MOVES];
    static char fast_text[MAX_MOVES * MOVE_STR_MAX], ref_text[MAX_MOVES * MOVE_STR_MAX];
    static char names[MAX_MOVES][MOVE_STR_MAX];
    char fen[POS_STR_MAX], rfen[POS_STR_MAX], err[ERR_STR_MAX];
    GameConfig cfg = cfg_of(limit);
    G->print_pos(p, fen);
    RefPos r;
    REQUIRE(ref_parse(fen, &r), "reference cannot read '%s'", fen);
    ref_print(&r, rfen);
    REQUIRE(!strcmp(fen, rfen), "printed '%s', reference '%s'", fen, rfen);
    /* parse(print(p)) is p, byte for byte (the key included) */
    GamePos q;
    REQUIRE(G->parse_pos(&q, fen, &cfg, err), "%s: %s", fen, err);
    REQUIRE(!memcmp(&q, p, sizeof q), "%s: parse(print(p)) differs from p", fen);
    REQUIRE(((const MadPos *)p)->key == mad_compute_key((const MadPos *)p), "%s: key", fen);
    int status = ref_status(&r, limit);
    REQUIRE(game_result(G, p) == of_ref(status), "%s: result %d, reference %d", fen, game_result(G, p), status);
    REQUIRE((G->terminal(p) != OUTCOME_ONGOING) == (status != REF_ONGOING), "%s: terminal", fen);

    /* the move lists, as sorted text */
    int nref = ref_moves(&r, limit, ref);
    Move all[MAX_MOVES], noisy[MAX_MOVES], quiet[MAX_MOVES];
    int n = G->gen_moves(p, all, GEN_ALL);
    if (!same_moves(all, n, ref, nref) || full) {
        for (int i = 0; i < nref; i++) memcpy(names[i], ref[i].text, MOVE_STR_MAX);
        join_sorted(names, nref, ref_text);
        for (int i = 0; i < n; i++) G->print_move(p, all[i], names[i]);
        join_sorted(names, n, fast_text);
        REQUIRE(!strcmp(fast_text, ref_text), "position %s\nfast: %s\nref:  %s", fen, fast_text, ref_text);
        REQUIRE(same_moves(all, n, ref, nref), "%s: the move bits do not say what the texts say", fen);
    }

    REQUIRE(n == nref, "%s: %d moves, reference %d", fen, n, nref);
    REQUIRE(G->count_moves(p) == (uint64_t)n, "%s: count_moves %llu, listed %d", fen,
            (unsigned long long)G->count_moves(p), n);
    for (int i = 0; i <= n; i += full ? 1 : 1 + (int)prng_below(rng, 16))
        REQUIRE(G->nth_move(p, (uint64_t)i) == (i < n ? all[i] : MOVE_NONE), "%s: nth_move(%d)", fen, i);
    REQUIRE(G->nth_move(p, (uint64_t)n) == MOVE_NONE, "%s: nth_move(%d)", fen, n);
    REQUIRE(G->nth_move(p, UINT64_MAX) == MOVE_NONE, "%s: nth_move(max)", fen);
    int nn = G->gen_moves(p, noisy, GEN_NOISY), nq = G->gen_moves(p, quiet, GEN_QUIET);
    REQUIRE(nn + nq == n, "%s: noisy %d + quiet %d != %d", fen, nn, nq, n);
    for (int i = 0; i < nn; i++) REQUIRE(G->is_noisy(p, noisy[i]) && G->is_legal(p, noisy[i]), "%s: noisy", fen);
    for (int i = 0; i < nq; i++) REQUIRE(!G->is_noisy(p, quiet[i]) && G->is_legal(p, quiet[i]), "%s: quiet", fen);
    for (int i = 0; i < n; i++) {
        int h = G->history_index(p, all[i]);
        REQUIRE(h >= 0 && h < G->history_size, "%s: history index %d", fen, h);
        if (G->is_noisy(p, all[i])) (void)G->noisy_value(p, all[i]);
    }
    for (int k = 0; k < 24; k++) {
        Move m = (Move)prng_next(rng);
        if (k % 3 == 1 && n) m = all[prng_below(rng, (uint32_t)n)] ^ (1u << prng_below(rng, 18));
        if (k % 3 == 2) m &= (1u << 17) - 1;
        int listed = 0;
        for (int i = 0; i < n; i++) listed |= all[i] == m;
        REQUIRE(G->is_legal(p, m) == (listed != 0), "%s: is_legal(%08x) is %d", fen, m, !listed);
    }

    /* goal-row threats: a win on the spot for the mover, the opponent's for in_check */
    if (status == REF_ONGOING) {
        Move w = G->winning_move(p);
        REQUIRE((w != MOVE_NONE) == ref_goal_threat(&r, r.side), "%s: winning_move", fen);
        if (w != MOVE_NONE) {
            GamePos a = *p;
            GameUndo u;
            REQUIRE(G->is_legal(p, w), "%s: winning move not legal", fen);
            G->make(&a, w, &u);
            REQUIRE(game_result(G, &a) == (r.side == 0 ? RESULT_P1_WIN : RESULT_P2_WIN), "%s: winning move", fen);
        }
        REQUIRE(G->in_check(p) == ref_goal_threat(&r, 1 - r.side), "%s: in_check", fen);
    }

    if (!full) return;
    for (int i = 0; i < nref; i++) {
        Move m = G->parse_move(p, ref[i].text);
        REQUIRE(m != MOVE_NONE, "%s: '%s' not accepted", fen, ref[i].text);
        char back[MOVE_STR_MAX];
        G->print_move(p, m, back);
        REQUIRE(!strcmp(back, ref[i].text), "%s: '%s' prints as '%s'", fen, ref[i].text, back);
        /* noisy: combat, or a step onto the row before the goal (a threat to win) */
        bool loud = ref_combat(&r, &ref[i]) || ref[i].tr == (r.side == 0 ? 6 : 1);
        REQUIRE(G->is_noisy(p, m) == loud, "%s: %s noisy", fen, ref[i].text);
        GamePos a = *p;
        GameUndo u;
        G->make(&a, m, &u);
        RefPos ra = ref_apply(&r, &ref[i]);
        if (!same(&a, &ra)) {
            char after[POS_STR_MAX], rafter[POS_STR_MAX];
            G->print_pos(&a, after);
            ref_print(&ra, rafter);
            REQUIRE(0, "%s after %s:\nfast %s\nref  %s", fen, ref[i].text, after, rafter);
        }
        REQUIRE(game_result(G, &a) == of_ref(ref_status(&ra, limit)), "%s after %s: result", fen, ref[i].text);
        REQUIRE(G->key(&a) == mad_compute_key((const MadPos *)&a), "%s after %s: key", fen, ref[i].text);
        G->unmake(&a, m, &u);
        REQUIRE(!memcmp(&a, p, sizeof a), "%s: unmake of %s did not restore every byte", fen, ref[i].text);
    }
}

/* A random game from the start; every check_every-th position checked, every
 * full_every-th in full (the games' own moves are made by every build alike). */
static int random_game(Prng *rng, int limit, int check_every, int full_every) {
    GameConfig cfg = cfg_of(limit);
    GamePos p;
    Move list[MAX_MOVES];
    G->startpos(&p, &cfg);
    int plies = 0;
    for (;;) {
        if (plies % check_every == 0) check_position(&p, limit, rng, plies % full_every == 0);
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        /* now and then a combat move when there is one, so that games reach wipe-outs */
        Move m = list[prng_below(rng, (uint32_t)n)];
        if (prng_below(rng, 4) == 0) {
            Move noisy[MAX_MOVES];
            int nn = G->gen_moves(&p, noisy, GEN_NOISY);
            if (nn) m = noisy[prng_below(rng, (uint32_t)nn)];
        }
        GameUndo u;
        G->make(&p, m, &u);
        plies++;
    }
    ck_assert(game_result(G, &p) != RESULT_NONE);
    return plies;
}

/* Two seeds per build of the hot code; the default limit and a short one. */
START_TEST(random_games) {
    G = VARIANTS[_i / 2];
    Prng rng = {test_seed("random_games", 1) + (uint64_t)_i * 7919};
    long plies = 0;
    int n = (int)test_count(1000);
    for (int g = 0; g < n; g++) plies += random_game(&rng, g % 3 == 2 ? 12 : 150, 4, 64);
    fprintf(stderr, "random_games: %d games, %ld plies\n", n, plies);
    ck_assert_int_gt(plies, n * 10);
}
END_TEST

/* A random position: stacks anywhere (goal rows included, so that every kind of end
 * shows up), at most 32 checkers a side, counters near the limit. */
static void random_position(Prng *rng, RefPos *r, int limit) {
    memset(r, 0, sizeof *r);
    int left[2] = {1 + (int)prng_below(rng, 32), 1 + (int)prng_below(rng, 32)};
    for (int who = 0; who < 2; who++)
        if (prng_below(rng, 30) == 0) left[who] = 0;
    int stacks = (int)prng_below(rng, 40), goal_ok = prng_below(rng, 6) == 0;
    for (int r8 = 0; r8 < 8; r8++)
        for (int f = 0; f < 8; f++) r->owner[r8][f] = -1;
    for (int i = 0; i < stacks; i++) {
        int who = (int)prng_below(rng, 2), rank = (int)prng_below(rng, 8), file = (int)prng_below(rng, 8);
        int h = 1 + (int)prng_below(rng, 4);
        if (r->height[rank][file] || h > left[who]) continue;
        if (!goal_ok && rank == (who == 0 ? 7 : 0)) continue;
        r->owner[rank][file] = who;
        r->height[rank][file] = h;
        left[who] -= h;
    }
    r->side = (int)prng_below(rng, 2);
    r->noprog = limit ? (long)prng_below(rng, (uint32_t)limit + 3) : (long)prng_below(rng, 1000);
    r->ply = (long)prng_below(rng, 1000);
}

START_TEST(random_positions) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("random_positions", 2) + (uint64_t)_i * 104729};
    int n = (int)test_count(12000);
    for (int i = 0; i < n; i++) {
        int limit = (int)prng_below(&rng, 3) * 7; /* 0 (off), 7, 14 */
        GameConfig cfg = cfg_of(limit);
        RefPos r;
        random_position(&rng, &r, limit);
        char fen[POS_STR_MAX], err[ERR_STR_MAX];
        ref_print(&r, fen);
        GamePos p;
        REQUIRE(G->parse_pos(&p, fen, &cfg, err), "%s: %s", fen, err);
        check_position(&p, limit, &rng, true);
    }
}
END_TEST

/* Every build of the hot code agrees with the portable one, move for move. */
START_TEST(builds_agree) {
    Prng rng = {test_seed("builds_agree", 3)};
    GameConfig cfg = cfg_of(150);
    int games = (int)test_count(100);
    for (int g = 0; g < games; g++) {
        GamePos p[MAD_MAX_VARIANTS];
        for (int v = 0; v < N_VARIANTS; v++) VARIANTS[v]->startpos(&p[v], &cfg);
        for (;;) {
            uint64_t n = VARIANTS[0]->count_moves(&p[0]);
            for (int v = 1; v < N_VARIANTS; v++) {
                REQUIRE(VARIANTS[v]->count_moves(&p[v]) == n, "count differs");
                REQUIRE(VARIANTS[v]->evaluate(&p[v]) == VARIANTS[0]->evaluate(&p[0]), "evaluation differs");
                REQUIRE(VARIANTS[v]->in_check(&p[v]) == VARIANTS[0]->in_check(&p[0]), "in_check differs");
            }
            if (!n) break;
            uint64_t k = prng_below(&rng, (uint32_t)n);
            Move m = VARIANTS[0]->nth_move(&p[0], k);
            for (int v = 1; v < N_VARIANTS; v++) REQUIRE(VARIANTS[v]->nth_move(&p[v], k) == m, "nth differs");
            for (int v = 0; v < N_VARIANTS; v++) {
                GameUndo u;
                VARIANTS[v]->make(&p[v], m, &u);
                REQUIRE(!memcmp(&p[v], &p[0], sizeof p[0]), "positions differ after a move");
            }
        }
    }
}
END_TEST

int main(void) {
    G = mad_game();
    N_VARIANTS = mad_variants(VARIANTS);
    return RUN_TESTS("mad_random", 600, LOOP(random_games, 2 * N_VARIANTS), LOOP(random_positions, N_VARIANTS),
                     ONCE(builds_agree));
}
