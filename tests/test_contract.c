/* test_contract.c — the game kit: the contract checked the same way for every registered game over
 * random games (notation, make/unmake, keys, move lists, legality, perft, mirror, ends and why they
 * came), the protocol's game-independent behaviour through the real executable (whole games, perft
 * by move, d, query, illegal moves and bad positions), and that each registered game has its folder
 * (engine/games/<game>/). A game gets all of it by registering; its own suites keep its rules. */
#include <ctype.h>
#include <strings.h>
#include <inttypes.h>
#include <sys/stat.h>

#include "conversation.h"
#include "engine/game.h"
#include "engine/perft.h"
#include "engine/prng.h"
#include "engine/strength.h"
#include "testutil.h"

/* Random games per game and option set (a quarter in sanitizer builds); SIMIA_CONTRACT_GAMES
 * sets it for a soak. */
static int games_per_config(void) {
    const char *env = getenv("SIMIA_CONTRACT_GAMES");
    return env && atoi(env) > 0 ? atoi(env) : (int)test_count(16);
}
#define PLY_CAP 400

static int cmp_move(const void *a, const void *b) {
    Move x = *(const Move *)a, y = *(const Move *)b;
    return x < y ? -1 : x > y;
}

static bool listed(const Move *list, int n, Move m) {
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* print -> parse -> print is the identity, and the parsed position (its key computed from
 * the text) has the same key. A position with no position string must be a finished game. */
static void check_notation(const GameOps *g, const GamePos *p, const GameConfig *cfg) {
    char fen[POS_STR_MAX], again[POS_STR_MAX], err[ERR_STR_MAX];
    GamePos q;
    g->print_pos(p, fen);
    if (!g->parse_pos(&q, fen, cfg, err)) {
        REQUIRE(game_result(g, p) != RESULT_NONE, "%s: '%s' does not parse back: %s", g->name, fen, err);
        return;
    }
    g->print_pos(&q, again);
    REQUIRE(!strcmp(fen, again), "%s: '%s' prints back as '%s'", g->name, fen, again);
    REQUIRE(g->key(&q) == g->key(p), "%s: the key of '%s' differs from the key computed from its text", g->name, fen);
    REQUIRE(g->player_to_move(&q) == g->player_to_move(p) && g->ply(&q) == g->ply(p), "%s: side or ply of '%s'",
            g->name, fen);
    /* The counters are not part of the key (repetition compares positions without them). */
    if (g->repetition_outcome) {
        char *last = strrchr(fen, ' ');
        REQUIRE(last != NULL, "%s: '%s' has one field", g->name, fen);
        *last = '\0';
        if (g->progress_left) {
            char *np = strrchr(fen, ' ');
            REQUIRE(np != NULL, "%s: no counter field", g->name);
            strcpy(np, " 0");
        }
        strcat(fen, " 7777");
        REQUIRE(g->parse_pos(&q, fen, cfg, err), "%s: '%s' with other counters: %s", g->name, fen, err);
        REQUIRE(g->key(&q) == g->key(p), "%s: the counters change the key of '%s'", g->name, fen);
    }
}

static void check_lists(const GameOps *g, const GamePos *p, Prng *rng) {
    static Move all[MAX_MOVES], noisy[MAX_MOVES], quiet[MAX_MOVES], both[MAX_MOVES];
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    int n = g->gen_moves(p, all, GEN_ALL);
    REQUIRE(n >= 0 && n <= MAX_MOVES, "%s: %d moves", g->name, n);
    REQUIRE(g->count_moves(p) == (uint64_t)n, "%s: count_moves %llu, gen_moves %d in %s", g->name,
            (unsigned long long)g->count_moves(p), n, fen);
    for (int i = 0; i <= n; i++)
        REQUIRE(g->nth_move(p, (uint64_t)i) == (i < n ? all[i] : MOVE_NONE), "%s: nth_move(%d) in %s", g->name, i, fen);
    REQUIRE(g->nth_move(p, UINT64_MAX) == MOVE_NONE, "%s: nth_move(max) in %s", g->name, fen);
    int nn = g->gen_moves(p, noisy, GEN_NOISY), nq = g->gen_moves(p, quiet, GEN_QUIET);
    REQUIRE(nn + nq == n, "%s: noisy %d + quiet %d != %d in %s", g->name, nn, nq, n, fen);
    memcpy(both, noisy, sizeof *both * (size_t)nn);
    memcpy(both + nn, quiet, sizeof *both * (size_t)nq);
    qsort(both, (size_t)n, sizeof *both, cmp_move);
    Move sorted[MAX_MOVES];
    memcpy(sorted, all, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_move);
    REQUIRE(!memcmp(both, sorted, sizeof *both * (size_t)n), "%s: noisy and quiet moves are not the moves of %s",
            g->name, fen);
    for (int i = 0; i < n; i++) {
        REQUIRE(all[i] != MOVE_NONE, "%s: MOVE_NONE listed in %s", g->name, fen);
        REQUIRE(i == 0 || sorted[i] != sorted[i - 1], "%s: a move listed twice in %s", g->name, fen);
        REQUIRE(g->is_legal(p, all[i]), "%s: is_legal refuses listed %08x in %s", g->name, all[i], fen);
        REQUIRE(g->is_noisy(p, all[i]) == listed(noisy, nn, all[i]), "%s: is_noisy(%08x) in %s", g->name,
                all[i], fen);
        int h = g->history_index(p, all[i]);
        REQUIRE(h >= 0 && h < g->history_size, "%s: history_index %d in %s", g->name, h, fen);
        if (g->cont_size > 0) {
            int ci = g->cont_index(p, all[i]);
            REQUIRE(ci >= 0 && ci < g->cont_size, "%s: cont_index %d in %s", g->name, ci, fen);
        }
        char text[MOVE_STR_MAX], upper[MOVE_STR_MAX];
        g->print_move(p, all[i], text);
        REQUIRE(g->parse_move(p, text) == all[i], "%s: move '%s' does not parse back in %s", g->name, text, fen);
        for (int k = 0; k < MOVE_STR_MAX; k++) upper[k] = (char)toupper((unsigned char)text[k]);
        REQUIRE(g->parse_move(p, upper) == all[i], "%s: move '%s' refused in capitals in %s", g->name, upper, fen);
        for (int j = 0; j < i; j++) {
            char other[MOVE_STR_MAX];
            g->print_move(p, all[j], other);
            REQUIRE(strcmp(text, other), "%s: two moves print as '%s' in %s", g->name, text, fen);
        }
        if (g->is_noisy(p, all[i])) (void)g->noisy_value(p, all[i]);
    }
    /* Any 32-bit value (the table's moves, a book's, a collision's) is legal only if listed. */
    for (int k = 0; k < 64; k++) {
        Move m = (Move)prng_next(rng);
        if (k % 3 == 1 && n) m = all[prng_below(rng, (uint32_t)n)] ^ (1u << prng_below(rng, 32));
        if (k % 3 == 2) m &= 0xFFFFF >> prng_below(rng, 12);
        REQUIRE(g->is_legal(p, m) == listed(all, n, m), "%s: is_legal(%08x) in %s", g->name, m, fen);
    }
    REQUIRE(g->parse_move(p, "") == MOVE_NONE && g->parse_move(p, "zz99zz99") == MOVE_NONE,
            "%s: nonsense parsed as a move in %s", g->name, fen);
}

/* Every move made and unmade restores every byte; each child's key is its text's key. */
static void check_make(const GameOps *g, GamePos *p, const GameConfig *cfg, bool every_child) {
    Move list[MAX_MOVES];
    int n = g->gen_moves(p, list, GEN_ALL);
    GamePos before = *p;
    for (int i = 0; i < n; i++) {
        GameUndo u;
        g->make(p, list[i], &u);
        REQUIRE(g->ply(p) == g->ply(&before) + 1, "%s: a move adds %d plies", g->name, g->ply(p) - g->ply(&before));
        int who = g->player_to_move(p);
        REQUIRE(who == PLAYER_1 || who == PLAYER_2, "%s: player %d", g->name, who);
        REQUIRE(g->caps.double_moves || who != g->player_to_move(&before),
                "%s: a player decides twice in a row, yet caps.double_moves is not declared", g->name);
        if (every_child || i == 0) check_notation(g, p, cfg);
        if (g->caps.no_progress && game_result(g, p) == RESULT_NONE)
            REQUIRE(g->progress_left(p) > 0, "%s: a game going on with no plies left", g->name);
        g->unmake(p, list[i], &u);
        REQUIRE(!memcmp(&before, p, sizeof before), "%s: unmake of move %d did not restore every byte", g->name, i);
    }
    if (g->caps.null_move) {
        GameUndo u;
        if (g->make_null(p, &u)) {
            g->unmake_null(p, &u);
            REQUIRE(!memcmp(&before, p, sizeof before), "%s: unmake_null did not restore every byte", g->name);
        } else {
            REQUIRE(!memcmp(&before, p, sizeof before), "%s: a refused make_null changed the position", g->name);
        }
    }
}

/* Why the game ended: a line of printable text exactly where it ended, from the game's
 * hook; without the hook (the same game with it switched off), "no legal move" where the
 * player to move has none, else nothing (the result alone). */
static void check_reason(const GameOps *g, const GamePos *p) {
    bool over = game_result(g, p) != RESULT_NONE;
    char why[REASON_STR_MAX], fen[POS_STR_MAX];
    memset(why, 'x', sizeof why);
    game_end_reason(g, p, why);
    g->print_pos(p, fen);
    REQUIRE(memchr(why, '\0', sizeof why), "%s: an unterminated reason in %s", g->name, fen);
    REQUIRE(over == (why[0] != '\0'), "%s: reason '%s' in %s, a %s position", g->name, why, fen,
            over ? "finished" : "playing");
    for (const char *c = why; *c; c++) REQUIRE(isprint((unsigned char)*c), "%s: reason '%s' is not one line of text", g->name, why);
    if (g->caps.end_reason) {
        char own[REASON_STR_MAX];
        g->end_reason(p, own);
        REQUIRE(!strcmp(own, why), "%s: the hook says '%s', the core '%s' in %s", g->name, own, why, fen);
    }
    GameOps bare = *g;
    bare.caps.end_reason = false, bare.end_reason = NULL;
    game_end_reason(&bare, p, why);
    const char *want = over && g->terminal(p) == OUTCOME_ONGOING ? "no legal move" : "";
    REQUIRE(!strcmp(why, want), "%s without its hook: reason '%s', not '%s' in %s", g->name, why, want, fen);
}

/* Splits a line of the display into its words: where each starts and ends (at most max). */
static int words_of(const char *line, size_t len, int start[], int end[], int max) {
    int n = 0;
    for (size_t i = 0; i < len && n < max;) {
        while (i < len && line[i] == ' ') i++;
        if (i == len) break;
        start[n] = (int)i;
        while (i < len && line[i] != ' ') i++;
        end[n++] = (int)i;
    }
    return n;
}

/* `d` draws the board with its file letters standing under their columns: in every line of
 * letters (a b c ..., one letter a word) each letter stands under a character of every cell of
 * its column, in each board row (a line after the first line of letters that starts with a rank
 * number; its cells are the words after that number, one a column, the rest of the line
 * ignored). A letter off by a column misses the one-character cells. */
static void check_file_letters(const GameOps *g, const GamePos *p, const char *text) {
    enum { MAXW = 40, MAXL = 64 };
    const char *line[MAXL];
    size_t len[MAXL];
    int n = 0;
    for (const char *s = text; *s && n < MAXL;) {
        const char *e = strchr(s, '\n');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        line[n] = s, len[n++] = l;
        s += l + (e != NULL);
    }
    int ws[MAXW], we[MAXW], letters = 0, rows = 0, first = -1;
    bool letter_line[MAXL] = {false};
    for (int i = 0; i < n; i++) {
        int k = words_of(line[i], len[i], ws, we, MAXW);
        bool all = k > 0 && line[i][ws[0]] == 'a';
        for (int j = 0; j < k && all; j++) all = we[j] - ws[j] == 1 && islower((unsigned char)line[i][ws[j]]);
        if (all) letter_line[i] = true, letters++, first = first < 0 ? i : first;
    }
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    REQUIRE(letters > 0, "%s: the display of %s has no line of file letters", g->name, fen);
    for (int r = first + 1; r < n && !letter_line[r]; r++) {
        int k = words_of(line[r], len[r], ws, we, MAXW);
        if (k < 2 || !isdigit((unsigned char)line[r][ws[0]])) break;
        rows++;
        for (int i = 0; i < n; i++) {
            if (!letter_line[i]) continue;
            int ls[MAXW], le[MAXW], nl = words_of(line[i], len[i], ls, le, MAXW);
            for (int j = 1; j < k && j - 1 < nl; j++)
                REQUIRE(ls[j - 1] >= ws[j] && ls[j - 1] < we[j],
                        "%s: in the display of %s, file letter '%c' (column %d) is not under the cell '%.*s' "
                        "(columns %d-%d) of the row '%.*s'",
                        g->name, fen, line[i][ls[j - 1]], ls[j - 1], we[j] - ws[j], line[r] + ws[j], ws[j],
                        we[j] - 1, (int)len[r], line[r]);
        }
    }
    REQUIRE(rows > 0, "%s: the display of %s has no board row under its file letters", g->name, fen);
}

/* A game over (by the position alone) has no moves; a game with no moves is over. */
static void check_end(const GameOps *g, const GamePos *p) {
    Outcome t = g->terminal(p);
    uint64_t n = g->count_moves(p);
    if (t != OUTCOME_ONGOING) REQUIRE(n == 0, "%s: a finished position has %llu moves", g->name, (unsigned long long)n);
    if (n == 0) {
        Outcome o = t != OUTCOME_ONGOING ? t : g->no_moves_outcome(p);
        REQUIRE(o == OUTCOME_WIN || o == OUTCOME_LOSS || o == OUTCOME_DRAW, "%s: no move and no outcome", g->name);
        REQUIRE(game_result(g, p) != RESULT_NONE, "%s: no move, yet no result", g->name);
        REQUIRE(o != OUTCOME_DRAW || g->caps.draws, "%s: a game ended drawn, yet caps.draws is not declared", g->name);
    } else {
        REQUIRE(game_result(g, p) == RESULT_NONE, "%s: moves in a finished game", g->name);
    }
    check_reason(g, p);
    char text[16384];
    g->display(p, text, sizeof text);
    REQUIRE(strlen(text) > 0, "%s: empty display", g->name);
    check_file_letters(g, p, text);
    g->eval_trace(p, text, sizeof text);
    (void)g->evaluate(p);
    if (g->caps.in_check) (void)g->in_check(p);
    if (g->caps.repetition)
        REQUIRE(g->repetition_outcome(p) != OUTCOME_DRAW || g->caps.draws,
                "%s: a repetition would draw, yet caps.draws is not declared", g->name);
    if (g->caps.winning_move && n) {
        Move w = g->winning_move(p);
        if (w != MOVE_NONE) {
            REQUIRE(g->is_legal(p, w), "%s: winning_move gives an illegal move", g->name);
            GamePos q = *p;
            GameUndo u;
            int me = g->player_to_move(p);
            g->make(&q, w, &u);
            GameResult r = game_result(g, &q);
            REQUIRE(r == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN), "%s: winning_move does not win", g->name);
        }
    }
}

/* The capability record and the hooks agree: a hook is set exactly when its capability
 * is declared (on the table the engine plays with). */
static void check_caps(const GameOps *g) {
    const GameCaps *c = &g->caps;
#define AGREE(cap, hook) REQUIRE(c->cap == (g->hook != NULL), "%s: caps." #cap " is %d but " #hook " is %s", \
                                 g->name, c->cap, g->hook ? "set" : "NULL")
    AGREE(repetition, repetition_outcome);
    AGREE(repeat_window, repeat_window);
    AGREE(no_progress, progress_left);
    AGREE(in_check, in_check);
    AGREE(winning_move, winning_move);
    AGREE(see, see_ge);
    AGREE(null_move, make_null);
    AGREE(null_move, unmake_null);
    AGREE(nnue_delta, make_delta);
    AGREE(end_reason, end_reason);
    AGREE(mirror, mirror);
#undef AGREE
    REQUIRE(!g->features_dynamic || c->nnue_delta, "%s: features_dynamic without make_delta", g->name);
    REQUIRE(!g->move_delta || c->nnue_delta, "%s: move_delta without make_delta", g->name);
    REQUIRE(!g->features_dynamic_after || g->features_dynamic, "%s: features_dynamic_after without features_dynamic",
            g->name);
    REQUIRE(!c->repeat_window || c->repetition, "%s: a repeat window without repetition", g->name);
    /* Output buckets: a count and its hook, declared together. */
    REQUIRE(g->nnue_buckets >= 0 && g->nnue_buckets <= NNUE_BUCKETS_MAX, "%s: nnue_buckets %d is not in 0..%d",
            g->name, g->nnue_buckets, NNUE_BUCKETS_MAX);
    REQUIRE((g->cont_size > 0) == (g->cont_index != NULL), "%s: cont_size is %d but cont_index is %s", g->name,
            g->cont_size, g->cont_index ? "set" : "NULL");
    REQUIRE((g->nnue_buckets > 1) == (g->nnue_bucket != NULL), "%s: nnue_buckets is %d but nnue_bucket is %s",
            g->name, g->nnue_buckets, g->nnue_bucket ? "set" : "NULL");
    REQUIRE(!(c->see && c->qs_evasions_only), "%s: both see and qs_evasions_only", g->name);
}

/* A game's board symmetry (GameOps.mirror) keeps what the rules and the evaluation say:
 * the twin has the same player deciding, ply, end and evaluation; its children are the
 * twins of the position's children, one to one (as multisets, two moves may give one
 * position: their keys, which check_notation ties to the position strings, and their
 * counters); perft agrees two and three plies on where deep; its text reads back, and
 * mirroring it again gives the position back. A position without a twin is left untouched,
 * and a position with one has children with one. */
typedef struct {
    Key key;
    int ply, left, move; /* left: plies before the no-progress limit; move: its index */
} Twin;

static int cmp_child(const void *a, const void *b) {
    const Twin *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->ply != y->ply ? (x->ply < y->ply ? -1 : 1) : (x->left > y->left) - (x->left < y->left);
}

/* The children of p, each mirrored when twin (which must succeed), sorted. */
static int children(const GameOps *g, const GamePos *p, bool twin, Move *list, Twin *out) {
    int n = g->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        GamePos q = *p;
        GameUndo u;
        g->make(&q, list[i], &u);
        if (twin) REQUIRE(g->mirror(&q), "%s: a child of a position with a twin has none", g->name);
        out[i] = (Twin){g->key(&q), g->ply(&q), g->caps.no_progress ? g->progress_left(&q) : 0, i};
    }
    qsort(out, (size_t)n, sizeof *out, cmp_child);
    return n;
}

static bool check_mirror(const GameOps *g, const GamePos *p, const GameConfig *cfg, bool deep) {
    if (!g->caps.mirror) return false;
    static Twin ca[MAX_MOVES], cb[MAX_MOVES];
    static Move la[MAX_MOVES], lb[MAX_MOVES];
    GamePos a = *p, b = *p;
    char fa[POS_STR_MAX], fb[POS_STR_MAX];
    g->print_pos(&a, fa);
    if (!g->mirror(&b)) {
        REQUIRE(!memcmp(&a, &b, sizeof a), "%s: a mirror that failed changed %s", g->name, fa);
        return false;
    }
    REQUIRE(g->player_to_move(&b) == g->player_to_move(&a) && g->ply(&b) == g->ply(&a),
            "%s: the mirror of %s changes who decides or the ply", g->name, fa);
    REQUIRE(g->terminal(&b) == g->terminal(&a), "%s: the mirror of %s has another end", g->name, fa);
    REQUIRE(g->evaluate(&b) == g->evaluate(&a), "%s: the mirror of %s evaluates %d, not %d", g->name, fa,
            (int)g->evaluate(&b), (int)g->evaluate(&a));
    int n = children(g, &a, true, la, ca);
    REQUIRE(children(g, &b, false, lb, cb) == n, "%s: the mirror of %s has other moves", g->name, fa);
    for (int i = 0; i < n; i++) {
        if (!cmp_child(&ca[i], &cb[i])) continue;
        char text[MOVE_STR_MAX];
        g->print_move(&a, la[ca[i].move], text);
        REQUIRE(false, "%s: the mirror of %s: the twin of its child after %s is no child of the mirror", g->name, fa,
                text);
    }
    if (deep) {
        uint64_t two = perft(g, &a, 2);
        REQUIRE(perft(g, &b, 2) == two, "%s: the mirror of %s: perft 2 differs", g->name, fa);
        if (two <= 20000) REQUIRE(perft(g, &b, 3) == perft(g, &a, 3), "%s: the mirror of %s: perft 3 differs", g->name, fa);
    }
    if (game_result(g, &b) == RESULT_NONE) {
        g->print_pos(&b, fb);
        GamePos c;
        char err[ERR_STR_MAX];
        REQUIRE(g->parse_pos(&c, fb, cfg, err) && g->key(&c) == g->key(&b), "%s: the mirror %s does not read back",
                g->name, fb);
    }
    REQUIRE(g->mirror(&b), "%s: the mirror of %s has no twin", g->name, fa);
    g->print_pos(&b, fb);
    REQUIRE(!strcmp(fa, fb) && g->key(&b) == g->key(&a), "%s: mirrored twice, %s became %s", g->name, fa, fb);
    return true;
}

/* The position's stage (GameOps.nnue_bucket) is one of the declared buckets; seen collects
 * which (a stage that never moves would be no measure). */
static void check_bucket(const GameOps *g, const GamePos *p, uint32_t *seen) {
    if (!g->nnue_bucket) return;
    int b = g->nnue_bucket(p);
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    REQUIRE(b >= 0 && b < g->nnue_buckets, "%s: bucket %d of %d in %s", g->name, b, g->nnue_buckets, fen);
    *seen |= 1u << b;
}

/* Perft with every leaf move made and unmade agrees with perft (which counts the last ply with
 * count_moves), and so do the counts by move and their sum, a few plies deep. */
static void check_perft(const GameOps *g, GamePos *p) {
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    uint64_t two = perft(g, p, 2);
    int depth = two <= 20000 ? 3 : 2;
    uint64_t want = depth == 3 ? perft(g, p, 3) : two;
    REQUIRE(perft_made(g, p, depth) == want, "%s: perft %d of %s differs when every leaf is made", g->name, depth, fen);
    uint64_t sum = perft_by_move(g, p, depth, perft);
    REQUIRE(sum == want, "%s: perft %d of %s by move sums to %llu, not %llu", g->name, depth, fen,
            (unsigned long long)sum, (unsigned long long)want);
}

/* One random game: every position checked, every child made and unmade; twins counts the
 * positions that had a twin under the game's mirror, buckets collects the stages seen. */
static int random_game(const GameOps *g, const GameConfig *cfg, Prng *rng, long *twins, uint32_t *buckets) {
    GamePos p;
    g->startpos(&p, cfg);
    Move list[MAX_MOVES];
    int plies = 0;
    for (; plies < PLY_CAP; plies++) {
        check_notation(g, &p, cfg);
        check_lists(g, &p, rng);
        check_end(g, &p);
        check_make(g, &p, cfg, plies < 4);
        *twins += check_mirror(g, &p, cfg, plies < 4 || plies % 16 == 9);
        check_bucket(g, &p, buckets);
        if (plies < 3 || plies % 32 == 17) check_perft(g, &p);
        int n = g->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        GameUndo u;
        g->make(&p, list[prng_below(rng, (uint32_t)n)], &u);
    }
    return plies;
}

START_TEST(random_games) {
    const GameOps *g = game_find(GAMES[_i]->name);
    ck_assert_ptr_nonnull(g);
    check_caps(g);
    Prng rng = {test_seed(g->name, 20261123) + (uint64_t)_i};
    long plies = 0, ended = 0, twins = 0;
    uint32_t buckets = 0;
    int n = games_per_config();
    for (int k = 0; k < 2 * n; k++) {
        /* The first half with the defaults, the second with options drawn at random. */
        GameConfig cfg = test_config(g, k < n ? NULL : &rng);
        int len = random_game(g, &cfg, &rng, &twins, &buckets);
        plies += len;
        ended += len < PLY_CAP;
    }
    fprintf(stderr, "contract %s: %d games, %ld plies, %ld ended within %d plies, %ld positions mirrored\n", g->name,
            2 * n, plies, ended, PLY_CAP, twins);
    ck_assert_int_gt(plies, 2 * n);
    if (g->caps.mirror) ck_assert_int_gt(twins, plies / 2);
    if (g->nnue_bucket) {
        fprintf(stderr, "contract %s: %d of its %d output buckets reached\n", g->name, __builtin_popcount(buckets),
                g->nnue_buckets);
        ck_assert_msg(__builtin_popcount(buckets) > 1, "%s: every position is in one bucket", g->name);
    }
}
END_TEST

/* A position string with a wrong number of fields is refused alike in every game, the count
 * said right: "position string: 1 field, expected N (...)", "empty", "more than N fields". */
START_TEST(field_count_messages) {
    const GameOps *g = GAMES[_i];
    GameConfig cfg = test_config(g, NULL);
    GamePos p;
    g->startpos(&p, &cfg);
    char text[POS_STR_MAX + 8], err[ERR_STR_MAX], want[96];
    g->print_pos(&p, text);
    int n = 1;
    for (const char *c = text; *c; c++) n += *c == ' ';
    struct { const char *text; char want[96]; } cases[4] = {{"garbage", ""}, {"", ""}, {"  ", ""}, {text, ""}};
    snprintf(cases[0].want, sizeof cases[0].want, "position string: 1 field, expected %d (", n);
    snprintf(cases[1].want, sizeof cases[1].want, "position string: empty, expected %d fields (", n);
    snprintf(cases[2].want, sizeof cases[2].want, "position string: empty, expected %d fields (", n);
    strcat(text, " 0");
    snprintf(cases[3].want, sizeof cases[3].want, "position string: more than %d fields, expected %d (", n, n);
    for (int k = 0; k < 4; k++) {
        GamePos q = p;
        ck_assert_msg(!g->parse_pos(&q, cases[k].text, &cfg, err), "%s: '%s' accepted", g->name, cases[k].text);
        ck_assert_msg(strstr(err, cases[k].want), "%s: '%s' refused as '%s', not '%s...'", g->name, cases[k].text, err,
                      cases[k].want);
    }
    /* One field short: the count of what was given. */
    *strrchr(text, ' ') = '\0';
    *strrchr(text, ' ') = '\0';
    snprintf(want, sizeof want, "position string: %d field%s, expected %d (", n - 1, n - 1 == 1 ? "" : "s", n);
    ck_assert_msg(!g->parse_pos(&p, text, &cfg, err) && strstr(err, want), "%s: '%s' refused as '%s', not '%s...'",
                  g->name, text, err, want);
}
END_TEST

/* The registry's promises: names unique, each game found by its name in any case. */
START_TEST(registry) {
    for (int i = 0; i < GAMES_COUNT; i++) {
        char upper[64];
        snprintf(upper, sizeof upper, "%s", GAMES[i]->name);
        for (char *c = upper; *c; c++) *c = (char)toupper((unsigned char)*c);
        const GameOps *g = game_find(upper);
        ck_assert_ptr_nonnull(g);
        ck_assert_str_eq(g->name, GAMES[i]->name);
        ck_assert_int_eq(game_index(g), i);
        ck_assert_ptr_nonnull(g->option_prefix);
        /* selfplay's first line: the board's symbols, one line */
        ck_assert_msg(g->legend && g->legend[0] && !strchr(g->legend, '\n') && strlen(g->legend) < 400,
                      "%s: no one-line legend", g->name);
        for (int j = 0; j < i; j++) ck_assert_str_ne(GAMES[i]->name, GAMES[j]->name);
        ck_assert_int_le(g->n_options, GAME_MAX_OPTIONS);
        /* The three repetition hooks come together with repetition_outcome. */
        if (!g->repetition_outcome) ck_assert(!g->repeat_window && !g->progress_left);
    }
    ck_assert_ptr_null(game_find("no-such-game"));
}
END_TEST

/* A game is one folder named as the game (engine/games/README.md): every registered game's
 * holds what the build, bench, CI, arenas and the page find there by globbing. */
START_TEST(game_folder) {
    static const char *const FILES[] = {"README.md", "bench.txt", "signature.txt", "openings.txt",
                                        "board.js", "tests/CMakeLists.txt"};
    const GameOps *g = GAMES[_i];
    for (size_t k = 0; k < sizeof FILES / sizeof FILES[0]; k++) {
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s/%s", SIMIA_GAMES_DIR, g->name, FILES[k]);
        ck_assert_msg(!stat(path, &st) && S_ISREG(st.st_mode) && st.st_size > 0, "%s: missing or empty", path);
    }
}
END_TEST

/* What a game measured about its play (GameCalibration): the Elo of the strength levels rising
 * from the anchor, a score-to-result model that makes sense; its page says the same numbers. */
START_TEST(calibration) {
    const GameOps *g = GAMES[_i];
    const GameCalibration *c = &g->calib;
    bool declared = false;
    for (int k = 0; k < STRENGTH_LEVELS; k++) declared |= c->level_elo[k] != 0;
    if (declared) {
        ck_assert_msg(c->level_elo[STRENGTH_ANCHOR_LEVEL] == STRENGTH_ANCHOR_ELO, "%s: the anchor level is %d, not %d",
                      g->name, c->level_elo[STRENGTH_ANCHOR_LEVEL], STRENGTH_ANCHOR_ELO);
        for (int k = 0; k < STRENGTH_LEVELS; k++) {
            ck_assert_msg(c->level_elo[k] >= 100 && c->level_elo[k] <= 4000, "%s: level %d at %d", g->name, k,
                          c->level_elo[k]);
            ck_assert_msg(k == 0 || c->level_elo[k] > c->level_elo[k - 1], "%s: the levels' Elo must rise", g->name);
        }
    }
    ck_assert_msg(c->wdl_scale == 0 ? c->wdl_draw == 0 : c->wdl_scale >= 20 && c->wdl_scale <= 20000,
                  "%s: wdl_scale %d", g->name, c->wdl_scale);
    ck_assert_msg(c->wdl_draw >= 0 && c->wdl_draw <= 10 * c->wdl_scale, "%s: wdl_draw %d", g->name, c->wdl_draw);
    /* the page's line, as each game's page writes it (engine/games/<game>/README.md) */
    const int *e = strength_scale(g);
    char want[160], path[512];
    snprintf(want, sizeof want, "levels %d, %d, %d, %d, %d; wdl_scale %d, wdl_draw %d.", e[0], e[1], e[2], e[3], e[4],
             c->wdl_scale ? c->wdl_scale : WDL_SCALE_DEFAULT, c->wdl_draw);
    snprintf(path, sizeof path, "%s/%s/README.md", SIMIA_GAMES_DIR, g->name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f, "%s: no page", path);
    static char page[1 << 20];
    size_t n = fread(page, 1, sizeof page - 1, f);
    page[n] = 0;
    fclose(f);
    /* the line may wrap: compare with runs of blanks as one space */
    char *o = page;
    for (const char *i = page; *i; i++)
        if (!(isspace((unsigned char)*i) && o > page && o[-1] == ' ')) *o++ = isspace((unsigned char)*i) ? ' ' : *i;
    *o = 0;
    ck_assert_msg(strstr(page, want), "%s: the page does not say '%s' (its section UCI_Elo and UCI_ShowWDL)", path, want);
    /* the web page's levels play the game's own (uci-like/web/app.js, LEVEL_ELO) */
    snprintf(want, sizeof want, "%s: [%d, %d, %d, %d, %d],", g->name, e[0], e[1], e[2], e[3], e[4]);
    snprintf(path, sizeof path, "%s/../../uci-like/web/app.js", SIMIA_GAMES_DIR);
    f = fopen(path, "r");
    ck_assert_msg(f, "%s: not found", path);
    n = fread(page, 1, sizeof page - 1, f);
    page[n] = 0;
    fclose(f);
    ck_assert_msg(strstr(page, want), "%s: its LEVEL_ELO does not say '%s'", path, want);
}
END_TEST

/* ---- the protocol's game-independent behaviour, through the real executable ---- */

static const char *result_word(GameResult r) {
    return r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : r == RESULT_DRAW ? "draw" : "none";
}

/* d says what the game says of p: its position string, key and status. */
static void check_d(Child *c, const GameOps *g, const GamePos *p) {
    char fen[POS_STR_MAX], key[32];
    g->print_pos(p, fen);
    ck_assert_str_eq(d_line(c, "Fen: "), fen);
    snprintf(key, sizeof key, "%016" PRIx64, g->key(p));
    ck_assert_str_eq(d_line(c, "Key: "), key);
    char want[64];
    snprintf(want, sizeof want, "playing, player %d to move", g->player_to_move(p) == PLAYER_1 ? 1 : 2);
    ck_assert_str_eq(d_line(c, "Status: "), want);
}

/* go perft 2: a line per move with its count, and the total, as the game counts them. */
static void check_perft_by_move(Child *c, const GameOps *g, GamePos *p) {
    ready(c);
    child_transcript_reset(c);
    ck_assert_int_eq(perft_of(c, 2), (long)perft(g, p, 2));
    Move list[MAX_MOVES];
    int n = g->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX], line[64];
        GamePos q = *p;
        GameUndo u;
        g->print_move(p, list[i], text);
        g->make(&q, list[i], &u);
        snprintf(line, sizeof line, "%s: %llu", text, (unsigned long long)perft(g, &q, 1));
        ck_assert_msg(child_count(c, line) == 1, "%s: no line '%s' in go perft 2:\n%.2000s", g->name, line,
                      child_transcript(c));
    }
    ck_assert_int_eq(child_count(c, "Nodes searched: "), 1);
}

/* A move that is not legal in p: one of its parent's that p refuses, else the arena's 0000. */
static void illegal_text(const GameOps *g, const GamePos *parent, const GamePos *p, char *out) {
    Move list[MAX_MOVES];
    int n = g->gen_moves(parent, list, GEN_ALL);
    strcpy(out, "0000");
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX];
        g->print_move(parent, list[i], text);
        if (g->parse_move(p, text) == MOVE_NONE) {
            strcpy(out, text);
            return;
        }
    }
}

/* An illegal move after the moves given forfeits the game for its mover, named with its ply. */
static void check_forfeit(Child *c, const char *moves, int plies, const char *bad, int mover) {
    static char cmd[(1 << 16) + 64];
    snprintf(cmd, sizeof cmd, "position startpos moves%s %s", moves, bad);
    illegal_at(c, cmd, bad, plies + 1, mover == PLAYER_1 ? "p2win" : "p1win");
}

/* Whole games through the protocol: each ply set by `position startpos moves`, the referee's
 * answers (gameover, p1turn, the result, repetition included, and d's reason at the end) agreed
 * with the game's own; every bestmove legal under each kind of limit; perft by move; d; a
 * move in capitals; an illegal move and a move after the end forfeiting; a bad position string. */
START_TEST(protocol) {
    static const char *const LIMITS[] = {"go depth 2", "go nodes 400", "go movetime 5",
                                         "go p1time 2000 p2time 2000 p1inc 5 p2inc 5"};
    enum { PLIES = 600 };
    const GameOps *g = game_find(GAMES[_i]->name); /* initialised */
    GameConfig cfg = test_config(g, NULL);
    Prng rng = {test_seed(g->name, 20261207) + (uint64_t)_i};
    Child *c = start_game(g->name);
    static Key keys[PLIES + 1];
    static char moves[1 << 16];
    /* three games, each kind of end and forfeit checked where a game reaches it */
    for (int game = 0; game < 3; game++) {
        send_ok(c, "uginewgame");
        GamePos p, parent;
        g->startpos(&p, &cfg);
        parent = p;
        size_t len = 0;
        int plies = 0;
        moves[0] = '\0';
        keys[0] = g->key(&p);
        bool repeated = false;
        for (;; plies++) {
            ck_assert(child_send(c, "position startpos moves%s", moves));
            int seen = 0;
            for (int k = 0; k <= plies; k++) seen += keys[k] == keys[plies];
            repeated = g->caps.repetition && seen >= 3;
            bool over = repeated || game_result(g, &p) != RESULT_NONE;
            ck_assert_msg(!strcmp(ask(c, "gameover"), over ? "true" : "false"), "%s: gameover at ply %d", g->name,
                          plies);
            ck_assert_str_eq(ask(c, "p1turn"), g->player_to_move(&p) == PLAYER_1 ? "true" : "false");
            if (over || plies == PLIES) break;
            if (plies % 16 == 0) check_d(c, g, &p);
            if (plies == 0 || plies == 9) check_perft_by_move(c, g, &p);
            if (plies == 1 || plies == 12) {
                char bad[MOVE_STR_MAX];
                illegal_text(g, &parent, &p, bad);
                check_forfeit(c, moves, plies, bad, g->player_to_move(&p));
            }
            /* a ply in four searched (each kind of limit in turn), the others random: games long enough
             * to reach every kind of end */
            Move m;
            if (plies % 4 == 0) {
                ck_assert(child_send(c, "position startpos moves%s", moves));
                send_ok(c, LIMITS[plies / 4 % 4]);
                const char *best = bestmove(c, WAIT);
                m = g->parse_move(&p, best);
                ck_assert_msg(m != MOVE_NONE, "%s: ply %d: bestmove %s after %s is not legal", g->name, plies + 1, best,
                              LIMITS[plies / 4 % 4]);
            } else {
                m = g->nth_move(&p, prng_below(&rng, (uint32_t)g->count_moves(&p)));
            }
            char text[MOVE_STR_MAX];
            g->print_move(&p, m, text);
            if (plies == 0) {
                /* moves are read in any case */
                char upper[MOVE_STR_MAX + 32];
                int k = snprintf(upper, sizeof upper, "position startpos moves ");
                for (const char *t = text; *t; t++) upper[k++] = (char)toupper((unsigned char)*t);
                upper[k] = '\0';
                ck_assert_msg(errors_of(c, upper) == 0, "%s: '%s' refused", g->name, upper);
            }
            len += (size_t)snprintf(moves + len, sizeof moves - len, " %s", text);
            ck_assert_uint_lt(len, sizeof moves - 32);
            parent = p;
            GameUndo u;
            g->make(&p, m, &u);
            keys[plies + 1] = g->key(&p);
        }
        if (plies < PLIES) {
            /* the end: the result, d's reason, no search, and a move after it forfeits */
            GameResult r = game_result(g, &p);
            char reason[REASON_STR_MAX + 64];
            snprintf(reason, sizeof reason, "(%s", "the position occurred for the third time");
            if (!repeated || r != RESULT_NONE) {
                game_end_reason(g, &p, reason + 1);
            } else {
                Outcome o = g->repetition_outcome(&p);
                int me = g->player_to_move(&p);
                r = o == OUTCOME_DRAW                         ? RESULT_DRAW
                    : (o == OUTCOME_WIN) == (me == PLAYER_1) ? RESULT_P1_WIN
                                                             : RESULT_P2_WIN;
            }
            ck_assert_msg(!strcmp(ask(c, "result"), result_word(r)), "%s: result after%s", g->name, moves);
            if (reason[1]) d_says(c, "Status: ", reason);
            d_says(c, "Status: ", "game over");
            ck_assert_int_eq(errors_of(c, "go depth 2"), 1);
            ck_assert_int_eq(child_count(c, "bestmove 0000"), 1);
            char bad[MOVE_STR_MAX];
            illegal_text(g, &parent, &p, bad);
            check_forfeit(c, moves, plies, bad, g->player_to_move(&p));
            ck_assert_ptr_nonnull(strstr(child_transcript(c), "the game was already over"));
        }
        fprintf(stderr, "contract %s: a game of %d plies through the protocol%s\n", g->name, plies,
                plies < PLIES ? ", to its end" : "");
    }
    /* a position string of nonsense: no game to play; and the game's own refusals, each with its
     * reason (engine/games/<game>/tests/data/refusals.txt: position string | a word of the reason) */
    refused_position(c, "position fen garbage", "position string");
    char path[512], line[POS_STR_MAX + 256];
    snprintf(path, sizeof path, "%s/%s/tests/data/refusals.txt", SIMIA_GAMES_DIR, g->name);
    FILE *f = fopen(path, "r");
    int refusals = 0;
    while (f && fgets(line, sizeof line, f)) {
        char *bar = strstr(line, " | ");
        if (line[0] == '#' || !bar) continue;
        line[strcspn(line, "\n")] = '\0';
        *bar = '\0';
        char cmd[sizeof line + 16];
        snprintf(cmd, sizeof cmd, "position fen %s", line);
        send_ok(c, "position startpos");
        refused_position(c, cmd, bar + 3);
        refusals++;
    }
    if (f) fclose(f);
    fprintf(stderr, "contract %s: %d position strings of its own refused\n", g->name, refusals);
    /* eval, from the start: the terms and their total (in any case) */
    send_ok(c, "position startpos");
    ck_assert_int_eq(errors_of(c, "eval"), 0);
    bool total = false;
    for (const char *t = child_transcript(c); *t && !total; t++) total = !strncasecmp(t, "total", 5);
    ck_assert_msg(total, "%s: eval without a total:\n%s", g->name, child_transcript(c));
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("contract", 900, ONCE(registry), LOOP(game_folder, GAMES_COUNT), LOOP(calibration, GAMES_COUNT),
                     LOOP(field_count_messages, GAMES_COUNT), LOOP(random_games, GAMES_COUNT),
                     LOOP(protocol, GAMES_COUNT));
}
