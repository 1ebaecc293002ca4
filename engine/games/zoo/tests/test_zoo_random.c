/* test_zoo_random.c — random games on boards of every allowed size, short and long, where the
 * module must agree with the independent reference at every position (moves, positions, who
 * decides, results, counts, k-th move, legality, make/unmake bytes, keys), what each kind
 * of decision and a pass change in the learned evaluation's features (make_delta against
 * the lists), and perft on boards and games beyond the shared tables checked against the
 * reference's own perft. */
#include "engine/games/zoo/zoo.h"
#include "kit.h"
#include "engine/perft.h"
#include "nnue_check.h"
#include "zoo_testutil.h"

static const GameOps *G;

/* The kinds of decision whose make_delta was checked against the lists, in this test's
 * process: each move kind, spawns and relocations, what a decision set off (a retreat made
 * at once, one left pending, a Royal mark, a goal flag), and the search's null moves. */
enum { KIND_ELEPHANT, KIND_MONKEY, KIND_MOUSE, KIND_SPAWN, KIND_RELOCATION, KIND_DROP, KIND_ERETREAT, KIND_MRETREAT,
       KIND_FORCED, KIND_PENDING, KIND_ROYAL, KIND_GOAL, KIND_NULL, KIND_NB };
static const char *const KIND_NAME[KIND_NB] = {
    "elephant steps", "monkey moves", "mouse steps", "spawns", "relocations", "drops", "elephant retreats",
    "monkey retreats", "retreats made at once", "retreats left pending", "Royal marks", "goal flags", "null moves"};
static long kinds[KIND_NB];

static void count_kinds(const GamePos *before, const GamePos *after, Move m) {
    static const int OF_MOVE[8] = {[MK_ELEPHANT] = KIND_ELEPHANT, [MK_MONKEY] = KIND_MONKEY, [MK_MOUSE] = KIND_MOUSE,
                                   [MK_DROP] = KIND_DROP, [MK_ERETREAT] = KIND_ERETREAT, [MK_MRETREAT] = KIND_MRETREAT};
    const ZooState *a = &((const ZooPos *)before)->st, *b = &((const ZooPos *)after)->st;
    int q = a->side ^ 1, kind = mv_kind(m);
    if (kind != MK_PASS) kinds[OF_MOVE[kind]]++; /* a pass without a move: unreachable (zoo_movegen.c) */
    kinds[KIND_SPAWN] += kind == MK_MOUSE && mv_spawn(m) != SPAWN_NONE;
    kinds[KIND_RELOCATION] += kind == MK_MOUSE && (m & MV_RELOC) != 0;
    kinds[KIND_FORCED] += !a->pend && (a->esq[q] != b->esq[q] || a->msq[q] != b->msq[q]);
    kinds[KIND_PENDING] += !a->pend && b->pend;
    kinds[KIND_ROYAL] += a->royal != b->royal;
    kinds[KIND_GOAL] += a->goals != b->goals;
}

static void require_kinds(const char *test) {
    fprintf(stderr, "%s: make_delta checked on", test);
    for (int k = 0; k < KIND_NB; k++) fprintf(stderr, " %ld %s%s", kinds[k], KIND_NAME[k], k + 1 < KIND_NB ? "," : "\n");
    for (int k = 0; k < KIND_NB; k++) ck_assert_msg(kinds[k] > 0, "%s: no %s checked", test, KIND_NAME[k]);
}

/* The position string without its two counters: what repetition compares. */
static void without_counters(const char *fen, char *out) {
    strcpy(out, fen);
    for (int k = 0; k < 2; k++) *strrchr(out, ' ') = 0;
}

/* Keys seen in one game, by position: equal positions must have equal keys, different ones
 * different keys (a collision in a few hundred 64-bit keys would be a bug, not bad luck). */
#define SEEN_MAX 4096
typedef struct {
    int n;
    Key key[SEEN_MAX];
    char fen[SEEN_MAX][POS_STR_MAX];
} Seen;

static void seen_check(Seen *s, const char *fen, Key key) {
    char bare[POS_STR_MAX];
    without_counters(fen, bare);
    for (int i = 0; i < s->n; i++) {
        bool same = !strcmp(s->fen[i], bare);
        REQUIRE(same == (s->key[i] == key), "keys: '%s' and '%s' %s", s->fen[i], bare,
                same ? "differ" : "collide");
        if (same) return;
    }
    if (s->n < SEEN_MAX) strcpy(s->fen[s->n], bare), s->key[s->n++] = key;
}

static void check_position(const GamePos *p, const GameConfig *cfg, Prng *rng) {
    static char fast[1 << 16], ref[1 << 16];
    char fen[POS_STR_MAX], again[POS_STR_MAX], err[ERR_STR_MAX];
    RefRules rules = zoo_rules(cfg);
    Move all[MAX_MOVES];
    G->print_pos(p, fen);
    /* the string round-trips, with its key */
    GamePos q;
    REQUIRE(G->parse_pos(&q, fen, cfg, err), "the engine refuses its own '%s': %s", fen, err);
    G->print_pos(&q, again);
    REQUIRE(!strcmp(fen, again), "round trip: '%s' became '%s'", fen, again);
    REQUIRE(G->key(&q) == G->key(p), "%s: the key after parsing differs from the incremental one", fen);
    REQUIRE(ref_valid(fen, &rules, err, ERR_STR_MAX), "the reference refuses '%s': %s", fen, err);
    /* the moves */
    moves_text(G, p, fast);
    int nref = ref_moves(fen, &rules, ref);
    REQUIRE(!strcmp(fast, ref), "position %s (%dx%d%s)\nfast: %s\nref:  %s", fen, cfg->v[0], cfg->v[1],
            cfg->v[2] ? " long" : "", fast, ref);
    int n = G->gen_moves(p, all, GEN_ALL);
    REQUIRE(n == nref, "%s: %d moves, reference %d", fen, n, nref);
    kit_check_moves(G, p, all, n, 0x3FFFFFFF, rng);
    /* the end and who decides */
    static const int RESULT_OF_REF[4] = {RESULT_NONE, RESULT_P1_WIN, RESULT_P2_WIN, RESULT_DRAW};
    REQUIRE((int)game_result(G, p) == RESULT_OF_REF[ref_result(fen, &rules)], "%s: result differs", fen);
    REQUIRE(G->player_to_move(p) == strchr(fen, ' ')[1] - '1', "%s: player_to_move", fen);
}

/* A random game: half the time a noisy move when there is one (retreats, invasions,
 * flings), so that chains of retreats come often. Returns the plies played. */
static int random_game(Prng *rng, const GameConfig *cfg, int max_plies, Seen *seen, int *retreats) {
    GamePos p, before;
    GameUndo u;
    Move list[MAX_MOVES];
    char fen[POS_STR_MAX], after[POS_STR_MAX], want[1200];
    RefRules rules = zoo_rules(cfg);
    G->startpos(&p, cfg);
    seen->n = 0;
    int plies = 0;
    for (; plies < max_plies; plies++) {
        check_position(&p, cfg, rng);
        G->print_pos(&p, fen);
        seen_check(seen, fen, G->key(&p));
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        int nn = prng_below(rng, 2) ? G->gen_moves(&p, list, GEN_NOISY) : 0;
        if (nn == 0) n = G->gen_moves(&p, list, GEN_ALL);
        else n = nn;
        Move m = list[prng_below(rng, (uint32_t)n)];
        char text[MOVE_STR_MAX];
        G->print_move(&p, m, text);
        REQUIRE(ref_play(fen, &rules, text, want), "%s: the reference refuses '%s'", fen, text);
        memcpy(&before, &p, sizeof p);
        G->make(&p, m, &u);
        G->print_pos(&p, after);
        REQUIRE(!strcmp(after, want), "%s then %s:\nfast: %s\nref:  %s", fen, text, after, want);
        if (strstr(after, "/1 ") || strstr(after, "/2 ")) ++*retreats;
        G->unmake(&p, m, &u);
        REQUIRE(!memcmp(&before, &p, sizeof p), "%s: unmake of %s did not restore every byte", fen, text);
        GamePos passed = p;
        kinds[KIND_NULL] += nnue_pass_checked(G, &passed, &u);
        NnueDelta d = {0};
        nnue_make_checked(G, &p, m, &u, &d);
        count_kinds(&before, &p, m);
    }
    return plies;
}

START_TEST(random_games_default_board) {
    G = zoo_game();
    Prng rng = {test_seed("random_games_default_board", 11)};
    static Seen seen;
    GameConfig cfg = zoo_cfg(5, 5, 0, 200);
    long plies = 0;
    int retreats = 0, games = (int)test_count(300);
    for (int g = 0; g < games; g++) plies += random_game(&rng, &cfg, 600, &seen, &retreats);
    fprintf(stderr, "random_games_default_board: %d games, %ld plies, %d pending retreats\n", games, plies, retreats);
    ck_assert_int_gt(retreats, games / 2);
}
END_TEST

START_TEST(random_games_any_rules) {
    G = zoo_game();
    Prng rng = {test_seed("random_games_any_rules", 2024)};
    static Seen seen;
    long plies = 0;
    int retreats = 0, games = (int)test_count(300);
    for (int g = 0; g < games; g++) {
        GameConfig cfg = zoo_random_cfg(&rng);
        plies += random_game(&rng, &cfg, 400, &seen, &retreats);
    }
    fprintf(stderr, "random_games_any_rules: %d games, %ld plies, %d pending retreats\n", games, plies, retreats);
    ck_assert_int_gt(retreats, games / 2);
    require_kinds("random_games_any_rules");
}
END_TEST

/* Perft by the reference alone: its moves as text, each played by text. */
static long long ref_perft(const char *fen, const RefRules *rules, int depth) {
    char *moves = malloc(1 << 16), next[POS_STR_MAX];
    ck_assert_ptr_nonnull(moves);
    long long total = ref_moves(fen, rules, moves);
    if (depth > 1) {
        total = 0;
        for (char *m = moves; *m;) {
            char *end = strchr(m, ' ');
            if (end) *end = 0;
            REQUIRE(ref_play(fen, rules, m, next), "%s: the reference refuses its own '%s'", fen, m);
            total += ref_perft(next, rules, depth - 1);
            m = end ? end + 1 : m + strlen(m);
        }
    }
    free(moves);
    return total;
}

/* Perft on boards and games the shared tables do not cover (the long game, other sizes,
 * the largest board), and from positions of random games on random rules: the module's
 * bulk-counted perft equals the reference's move by move count. */
START_TEST(perft_against_reference) {
    G = zoo_game();
    static const int SIZES[][4] = {{5, 5, 1, 3}, {7, 6, 1, 3}, {5, 4, 0, 3}, {5, 4, 1, 3},
                                   {9, 8, 0, 3}, {11, 10, 1, 2}, {15, 15, 0, 2}, {13, 4, 1, 2}};
    for (size_t i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++) {
        GameConfig cfg = zoo_cfg(SIZES[i][0], SIZES[i][1], SIZES[i][2], 200);
        RefRules rules = zoo_rules(&cfg);
        GamePos p;
        char fen[POS_STR_MAX];
        G->startpos(&p, &cfg);
        G->print_pos(&p, fen);
        long long want = ref_perft(fen, &rules, SIZES[i][3]);
        uint64_t got = perft(G, &p, SIZES[i][3]);
        REQUIRE(got == (uint64_t)want, "%dx%d%s start, depth %d: %llu, reference %lld", SIZES[i][0], SIZES[i][1],
                SIZES[i][2] ? " long" : "", SIZES[i][3], (unsigned long long)got, want);
    }
    /* positions along random games, where retreats, pools and marks are under way */
    Prng rng = {test_seed("perft_against_reference", 17)};
    Move list[MAX_MOVES];
    int checked = 0, games = (int)test_count(24);
    for (int g = 0; g < games; g++) {
        GameConfig cfg = g % 3 ? zoo_random_cfg(&rng) : zoo_cfg(5, 5, g & 1, 200);
        RefRules rules = zoo_rules(&cfg);
        GamePos p;
        GameUndo u;
        G->startpos(&p, &cfg);
        for (int ply = 0; ply < 200; ply++) {
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            if (ply % 25 == 24) {
                char fen[POS_STR_MAX];
                G->print_pos(&p, fen);
                long long want = ref_perft(fen, &rules, 2);
                REQUIRE(perft(G, &p, 2) == (uint64_t)want, "%s (%dx%d%s), depth 2: %llu, reference %lld", fen,
                        cfg.v[0], cfg.v[1], cfg.v[2] ? " long" : "", (unsigned long long)perft(G, &p, 2), want);
                checked++;
            }
            int nn = prng_below(&rng, 2) ? G->gen_moves(&p, list, GEN_NOISY) : 0;
            if (nn) n = nn;
            else n = G->gen_moves(&p, list, GEN_ALL);
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
    fprintf(stderr, "perft_against_reference: %d positions of random games\n", checked);
    ck_assert_int_gt(checked, games);
}
END_TEST

int main(void) {
    return RUN_TESTS("zoo_random", 600, ONCE(random_games_default_board), ONCE(random_games_any_rules),
                     ONCE(perft_against_reference));
}
