/* test_games.c — what the core does alike for every registered game, through the real
 * executable and the engine API: choosing the game, options in any order, repetition. */
#include <ctype.h>
#include <unistd.h>

#include "conversation.h"
#include "engine/engine.h"
#include "engine/prng.h"
#include "engine/strength.h"
#include "testutil.h"

static GameConfig defaults(const GameOps *g) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < g->n_options; i++) c.v[i] = g->options[i].def;
    return c;
}

/* The Fen line of `d`. */
static char fen_line[POS_STR_MAX];
static const char *engine_fen(Child *c) {
    ready(c);
    send_ok(c, "d");
    const char *l = child_expect(c, "Fen: ", WAIT);
    ck_assert_ptr_nonnull(l);
    snprintf(fen_line, sizeof fen_line, "%s", l + 5);
    return fen_line;
}

/* ---- choosing the game ---- */

START_TEST(command_line_games) {
    char *help[] = {SIMIA_BINARY, "--help", NULL};
    Child *c = child_start(help);
    child_close_stdin(c);
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    while (child_line(c, 0)) {
    }
    for (int i = 0; i < GAMES_COUNT; i++)
        ck_assert_msg(strstr(child_transcript(c), GAMES[i]->name), "--help does not list %s", GAMES[i]->name);
    child_free(c);
    char *unknown[] = {SIMIA_BINARY, "--game", "tictactoe", NULL}, *missing[] = {SIMIA_BINARY, "--game", NULL};
    c = child_start(unknown);
    ck_assert_int_eq(child_wait(c, WAIT), 2);
    child_free(c);
    c = child_start(missing);
    ck_assert_int_eq(child_wait(c, WAIT), 2);
    child_free(c);
    /* Every job takes --game, anywhere on the line: perft 1 of each start position. */
    for (int i = 0; i < GAMES_COUNT; i++) {
        const GameOps *g = game_find(GAMES[i]->name);
        GameConfig cfg = defaults(g);
        GamePos p;
        g->startpos(&p, &cfg);
        char name[64], want[64];
        snprintf(name, sizeof name, "%s", g->name);
        snprintf(want, sizeof want, "Nodes searched: %llu\n", (unsigned long long)g->count_moves(&p));
        char *before[] = {SIMIA_BINARY, "--game", name, "perft", "1", NULL};
        char *after[] = {SIMIA_BINARY, "perft", "1", "--game", name, NULL};
        for (int k = 0; k < 2; k++) {
            c = child_start(k ? after : before);
            child_close_stdin(c);
            ck_assert_int_eq(child_wait(c, WAIT), 0);
            while (child_line(c, 0)) {
            }
            ck_assert_msg(strstr(child_transcript(c), want), "%s perft 1: %s", name, child_transcript(c));
            child_free(c);
        }
    }
}
END_TEST

static void option_text(const GameOptionDef *d, int v, char *out, size_t size);

/* The options a handshake's transcript announces are game g's: its rule options under its
 * prefix, no other game's (setoption takes them all the same), UCI_Elo over g's scale. */
static void announces_game(Child *c, const GameOps *g) {
    const char *t = child_transcript(c);
    for (int i = 0; i < GAMES_COUNT; i++)
        for (int k = 0; k < GAMES[i]->n_options; k++) {
            char name[128];
            snprintf(name, sizeof name, "option name %s%s type ", GAMES[i]->option_prefix, GAMES[i]->options[k].name);
            if (GAMES[i] == g) ck_assert_msg(strstr(t, name), "%s: ugi does not announce '%s'", g->name, name);
            else ck_assert_msg(!strstr(t, name), "%s: ugi announces %s's '%s'", g->name, GAMES[i]->name, name);
        }
    const int *scale = strength_scale(g);
    char elo[128];
    snprintf(elo, sizeof elo, "option name UCI_Elo type spin default %d min %d max %d\n", STRENGTH_ANCHOR_ELO, scale[0],
             scale[STRENGTH_LEVELS - 1]);
    ck_assert_msg(strstr(t, elo), "%s: no '%s' in\n%s", g->name, elo, t);
}

START_TEST(game_option) {
    Child *c = start_game(GAMES[GAMES_COUNT - 1]->name);
    send_ok(c, "ugi");
    ck_assert_ptr_nonnull(child_expect(c, "ugiok", WAIT));
    const char *t = child_transcript(c);
    char want[1024];
    int n = snprintf(want, sizeof want, "option name Game type combo default %s", GAMES[GAMES_COUNT - 1]->name);
    for (int i = 0; i < GAMES_COUNT; i++) n += snprintf(want + n, sizeof want - (size_t)n, " var %s", GAMES[i]->name);
    strcat(want, "\n");
    ck_assert_msg(strstr(t, want), "no '%s' in\n%s", want, t);
    ck_assert_ptr_nonnull(strstr(t, "option name Repetition type check default true\n"));
    announces_game(c, GAMES[GAMES_COUNT - 1]);
    /* announced or not, every game's options are taken (arenas send them unordered) */
    for (int i = 0; i < GAMES_COUNT; i++)
        for (int k = 0; k < GAMES[i]->n_options; k++) {
            char line[256], value[64];
            option_text(&GAMES[i]->options[k], GAMES[i]->options[k].def, value, sizeof value);
            snprintf(line, sizeof line, "setoption name %s%s value %s", GAMES[i]->option_prefix,
                     GAMES[i]->options[k].name, value);
            ck_assert_msg(errors_of(c, line) == 0, "'%s' refused", line);
        }
    /* each game in turn, named in any case: its start position, its referee, and a new
     * handshake (either dialect) announcing its options and its UCI_Elo scale */
    for (int i = 0; i < GAMES_COUNT; i++) {
        const GameOps *g = game_find(GAMES[i]->name);
        char line[128], fen[POS_STR_MAX];
        snprintf(line, sizeof line, "setoption name game value %s", g->name);
        if (i & 1)
            for (char *s = line + 25; *s; s++) *s = (char)toupper((unsigned char)*s);
        ck_assert_int_eq(errors_of(c, line), 0);
        child_transcript_reset(c);
        send_ok(c, i & 1 ? "uci" : "ugi");
        ck_assert_ptr_nonnull(child_expect(c, i & 1 ? "uciok" : "ugiok", WAIT));
        announces_game(c, g);
        GameConfig cfg = defaults(g);
        GamePos p;
        g->startpos(&p, &cfg);
        g->print_pos(&p, fen);
        ck_assert_str_eq(engine_fen(c), fen); /* the switch itself sets the start position */
        send_ok(c, "position startpos");
        ck_assert_str_eq(engine_fen(c), fen);
        ck_assert_str_eq(ask(c, "gameover"), "false");
        ck_assert_str_eq(ask(c, "p1turn"), g->player_to_move(&p) == PLAYER_1 ? "true" : "false");
        /* d says whether the game can end drawn (the page offers a draw only then) */
        ck_assert_str_eq(d_line(c, "Draws: "), g->caps.draws ? "possible" : "none (every game has a winner)");
        send_ok(c, "go depth 1");
        const char *m = bestmove(c, WAIT);
        ck_assert_msg(g->parse_move(&p, m) != MOVE_NONE, "%s: bestmove %s", g->name, m);
    }
    /* a name that is no game: refused, the game stays */
    const char *before = engine_fen(c);
    char keep[POS_STR_MAX];
    snprintf(keep, sizeof keep, "%s", before);
    ck_assert_int_eq(errors_of(c, "setoption name Game value tictactoe"), 1);
    ck_assert_str_eq(engine_fen(c), keep);
    /* refused during a search, like Threads; accepted once it ended */
    send_ok(c, "go infinite");
    ck_assert_int_eq(errors_of(c, "setoption name Game value monkeyqueen"), 1);
    send_ok(c, "stop");
    bestmove(c, WAIT);
    ck_assert_int_eq(errors_of(c, "setoption name Game value monkeyqueen"), 0);
    ck_assert_ptr_nonnull(strstr(engine_fen(c), "I[20]"));
    quit(c);
}
END_TEST

/* A value of option d other than its default that the game accepts. */
static int other_value(const GameOptionDef *d) {
    int top = d->type == GOPT_CHECK ? 1 : d->max;
    if (d->type == GOPT_COMBO)
        for (top = 0; d->vars[top + 1]; top++) {
        }
    for (int v = top; v >= (d->type == GOPT_SPIN ? d->min : 0); v--)
        if (v != d->def && (!d->refuse || !d->refuse(v))) return v;
    return d->def;
}

static void option_text(const GameOptionDef *d, int v, char *out, size_t size) {
    if (d->type == GOPT_CHECK) snprintf(out, size, "%s", v ? "true" : "false");
    else if (d->type == GOPT_COMBO) snprintf(out, size, "%s", d->vars[v]);
    else snprintf(out, size, "%d", v);
}

/* Arenas send options unordered: every game's options set before Game (and after it), in
 * any order, are all kept, and each game plays with its own. */
START_TEST(options_in_any_order) {
    Prng rng = {test_seed("options_in_any_order", 5)};
    for (int round = 0; round < 4; round++) {
        Engine *e = engine_create(game_default());
        ck_assert_ptr_nonnull(e);
        int order[GAMES_MAX * GAME_MAX_OPTIONS][2], n = 0;
        for (int g = 0; g < GAMES_COUNT; g++)
            for (int i = 0; i < GAMES[g]->n_options; i++) order[n][0] = g, order[n][1] = i, n++;
        for (int k = n - 1; k > 0; k--) { /* shuffled */
            int j = (int)prng_below(&rng, (uint32_t)k + 1), a = order[k][0], b = order[k][1];
            order[k][0] = order[j][0], order[k][1] = order[j][1], order[j][0] = a, order[j][1] = b;
        }
        int target = (int)prng_below(&rng, (uint32_t)GAMES_COUNT), game_at = (int)prng_below(&rng, (uint32_t)n + 1);
        char err[ERR_STR_MAX], name[128], value[64];
        for (int k = 0; k <= n; k++) {
            if (k == game_at)
                ck_assert_msg(engine_set_option(e, "Game", GAMES[target]->name, err), "%s", err);
            if (k == n) break;
            const GameOptionDef *d = &GAMES[order[k][0]]->options[order[k][1]];
            snprintf(name, sizeof name, "%s%s", GAMES[order[k][0]]->option_prefix, d->name);
            option_text(d, other_value(d), value, sizeof value);
            ck_assert_msg(engine_set_option(e, name, value, err), "%s = %s: %s", name, value, err);
        }
        ck_assert_str_eq(engine_game(e)->name, GAMES[target]->name);
        for (int g = 0; g < GAMES_COUNT; g++) {
            ck_assert_msg(engine_set_option(e, "Game", GAMES[g]->name, err), "%s", err);
            GameConfig cfg = engine_game_config(e);
            for (int i = 0; i < GAMES[g]->n_options; i++)
                ck_assert_int_eq(cfg.v[i], other_value(&GAMES[g]->options[i]));
            /* the game's start position is set up with them */
            GamePos p;
            engine_game(e)->startpos(&p, &cfg);
            char a[POS_STR_MAX], b[POS_STR_MAX];
            engine_game(e)->print_pos(&p, a);
            engine_game(e)->print_pos(engine_position(e), b);
            ck_assert_str_eq(a, b);
        }
        engine_destroy(e);
    }
}
END_TEST

/* ---- repetition ---- */

/* A cycle from the start: moves `prefix` lead to X, then `cycle` (len >= 2) back to X.
 * Found by random walks; false if none was found (a game that cannot repeat). */
static bool find_cycle(const GameOps *g, Prng *rng, char *prefix, char *cycle, int *cycle_len) {
    GameConfig cfg = defaults(g);
    for (int walk = 0; walk < 400; walk++) {
        GamePos p;
        g->startpos(&p, &cfg);
        Key keys[201];
        Move moves[200];
        GamePos at[201];
        keys[0] = g->key(&p), at[0] = p;
        for (int ply = 0; ply < 200; ply++) {
            Move list[MAX_MOVES];
            int n = g->gen_moves(&p, list, GEN_ALL);
            if (n == 0) break;
            moves[ply] = list[prng_below(rng, (uint32_t)n)];
            GameUndo u;
            g->make(&p, moves[ply], &u);
            keys[ply + 1] = g->key(&p), at[ply + 1] = p;
            for (int i = 0; i <= ply; i++) {
                if (keys[i] != keys[ply + 1]) continue;
                /* positions i and ply + 1 are the same: write the moves */
                size_t o = 0;
                prefix[0] = cycle[0] = 0;
                for (int k = 0; k < i; k++) {
                    char ms[MOVE_STR_MAX];
                    g->print_move(&at[k], moves[k], ms);
                    o += (size_t)sprintf(prefix + o, "%s ", ms);
                }
                o = 0;
                for (int k = i; k <= ply; k++) {
                    char ms[MOVE_STR_MAX];
                    g->print_move(&at[k], moves[k], ms);
                    o += (size_t)sprintf(cycle + o, "%s ", ms);
                }
                *cycle_len = ply + 1 - i;
                return true;
            }
        }
    }
    return false;
}

/* The first n words of s, in out. */
static void first_words(const char *s, int n, char *out) {
    size_t o = 0;
    for (int k = 0; k < n && *s; k++) {
        size_t len = strcspn(s, " ");
        memcpy(out + o, s, len);
        o += len;
        out[o++] = ' ';
        s += len + (s[len] == ' ');
    }
    out[o] = 0;
}

START_TEST(repetition) {
    const GameOps *g = game_find(GAMES[_i]->name);
    if (!g->repetition_outcome) return; /* its positions never repeat */
    Prng rng = {test_seed(g->name, 77)};
    static char prefix[8192], cycle[8192], line[32768], last_move[64];
    int len = 0;
    ck_assert_msg(find_cycle(g, &rng, prefix, cycle, &len), "%s: no repeated position in 400 random games", g->name);
    /* the position X after the prefix, its result when it ends by repetition */
    GameConfig cfg = defaults(g);
    GamePos x;
    g->startpos(&x, &cfg);
    char buf[3 * 8192]; /* cycle and head whole, as the compiler can bound them */
    snprintf(buf, sizeof buf, "%s", prefix);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) play(g, &x, w);
    Outcome o = g->repetition_outcome(&x);
    int mover = g->player_to_move(&x);
    const char *want = o == OUTCOME_DRAW ? "draw" : (mover == PLAYER_1) == (o == OUTCOME_WIN) ? "p1win" : "p2win";

    Child *c = start_game(g->name);
    /* twice X: the game goes on; the third time: over, scored as the rules say */
    snprintf(line, sizeof line, "position startpos moves %s%s", prefix, cycle);
    send_ok(c, line);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    snprintf(line, sizeof line, "position startpos moves %s%s%s", prefix, cycle, cycle);
    send_ok(c, line);
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), want);
    /* the core names this end, for every game alike */
    char status[128];
    snprintf(status, sizeof status, "game over, %s (the position occurred for the third time)",
             !strcmp(want, "draw") ? "a draw" : !strcmp(want, "p1win") ? "player 1 wins" : "player 2 wins");
    ck_assert_str_eq(d_line(c, "Status: "), status);
    send_ok(c, "go depth 2");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    /* a move after that end forfeits the game for its mover */
    first_words(cycle, 1, last_move);
    snprintf(line, sizeof line, "position startpos moves %s%s%s%s", prefix, cycle, cycle, last_move);
    ck_assert_int_eq(errors_of(c, line), 1);
    ck_assert_str_eq(ask(c, "result"), mover == PLAYER_1 ? "p2win" : "p1win");
    /* Repetition off: the same moves leave the game going */
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    snprintf(line, sizeof line, "position startpos moves %s%s%s", prefix, cycle, cycle);
    send_ok(c, line);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value true"), 0);

    /* The search knows the game: one move before the third X, the move that repeats scores
     * as the repetition ends the game (seen from the player moving there). */
    char head[8192];
    first_words(cycle, len - 1, head);
    const char *tail = cycle + strlen(head);
    snprintf(last_move, sizeof last_move, "%.*s", (int)strcspn(tail, " "), tail);
    snprintf(line, sizeof line, "position startpos moves %s%s%s", prefix, cycle, head);
    send_ok(c, line);
    GamePos before = x;
    snprintf(buf, sizeof buf, "%s%s", cycle, head);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) play(g, &before, w);
    int me = g->player_to_move(&before);
    /* X is scored for the player to move there; the line is scored for me */
    Outcome mine = g->player_to_move(&x) == me ? o : o == OUTCOME_WIN ? OUTCOME_LOSS : o == OUTCOME_LOSS ? OUTCOME_WIN : o;
    child_transcript_reset(c);
    snprintf(line, sizeof line, "go depth 1 searchmoves %s", last_move);
    send_ok(c, line);
    ck_assert_str_eq(bestmove(c, WAIT), last_move);
    const char *t = child_transcript(c), *score = strstr(t, " score ");
    ck_assert_ptr_nonnull(score);
    if (mine == OUTCOME_DRAW) ck_assert_msg(!strncmp(score, " score cp 0 ", 12), "%s: %s", g->name, t);
    else if (mine == OUTCOME_WIN) ck_assert_msg(!strncmp(score, " score mate 1 ", 14), "%s: %s", g->name, t);
    else ck_assert_msg(!strncmp(score, " score mate -", 13), "%s: %s", g->name, t);
    quit(c);
}
END_TEST

/* ---- go mate ---- */

/* Whether the player to move wins within one of their turns: a move that wins at once, or
 * (where a player may decide twice in a row) one after which they decide again and do. */
static bool wins_in_one(const GameOps *g, const GamePos *p, int decisions) {
    int me = g->player_to_move(p);
    Move list[MAX_MOVES];
    int n = g->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        GamePos q = *p;
        GameUndo u;
        g->make(&q, list[i], &u);
        GameResult r = game_result(g, &q);
        if (r == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN)) return true;
        if (r == RESULT_NONE && decisions > 1 && g->player_to_move(&q) == me && wins_in_one(g, &q, decisions - 1))
            return true;
    }
    return false;
}

/* A random game from the start that a player won, with no position met twice (so that no
 * repetition rule can have ended it first): its moves, and how many. */
static int won_game(const GameOps *g, Prng *rng, char *moves, size_t size) {
    for (int tries = 0; tries < 2000; tries++) {
        GameConfig cfg = defaults(g);
        GamePos p;
        g->startpos(&p, &cfg);
        Key seen[400];
        size_t o = 0;
        int n = 0;
        bool repeated = false;
        moves[0] = 0;
        while (n < 400 && game_result(g, &p) == RESULT_NONE && !repeated) {
            seen[n] = g->key(&p);
            for (int k = 0; k < n && !repeated; k++) repeated = seen[k] == seen[n];
            Move m = g->nth_move(&p, prng_below(rng, (uint32_t)g->count_moves(&p)));
            char ms[MOVE_STR_MAX];
            g->print_move(&p, m, ms);
            o += (size_t)snprintf(moves + o, size - o, "%s%s", n ? " " : "", ms);
            GameUndo u;
            g->make(&p, m, &u);
            n++;
        }
        GameResult r = game_result(g, &p);
        if (!repeated && (r == RESULT_P1_WIN || r == RESULT_P2_WIN) && o < size - 1) return n;
    }
    return 0;
}

/* The line of the last `info depth` before the bestmove, in the transcript. */
static const char *last_info(Child *c, char *out, size_t size) {
    const char *t = child_transcript(c), *l = NULL;
    for (const char *s = strstr(t, "info depth "); s; s = strstr(s + 1, "\ninfo depth "))
        l = *s == '\n' ? s + 1 : s;
    ck_assert_msg(l, "no info line: %s", t);
    snprintf(out, size, "%.*s", (int)strcspn(l, "\n"), l);
    return out;
}

/* go mate 1 in every game: the win in one move found, told as mate 1 and played; where there
 * is none, the search ends at the depth of one move without telling one. */
START_TEST(go_mate) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 44)};
    static char moves[8192], line[9000], info[2048];
    int n = won_game(g, &rng, moves, sizeof moves);
    ck_assert_msg(n > 0, "%s: no won random game", g->name);
    /* W: the position before the winning move (its moves but the last) */
    char *cut = strrchr(moves, ' ');
    if (cut) *cut = 0;
    else moves[0] = 0;
    GameConfig cfg = defaults(g);
    GamePos w;
    g->startpos(&w, &cfg);
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) play(g, &w, t);
    int decisions = g->caps.double_moves ? 3 : 1;
    ck_assert(wins_in_one(g, &w, decisions));
    Child *c = start_game(g->name);
    snprintf(line, sizeof line, "position startpos%s%s", n > 1 ? " moves " : "", moves);
    send_ok(c, line);
    ready(c);
    child_transcript_reset(c);
    send_ok(c, "go mate 1");
    const char *best = bestmove(c, WAIT);
    last_info(c, info, sizeof info);
    ck_assert_msg(strstr(info, " score mate 1 "), "%s: %s", g->name, info);
    Move m = g->parse_move(&w, best);
    ck_assert_msg(m != MOVE_NONE, "%s: illegal %s", g->name, best);
    GamePos after = w;
    GameUndo u;
    g->make(&after, m, &u);
    int me = g->player_to_move(&w);
    GameResult r = game_result(g, &after);
    ck_assert_msg(r == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN) ||
                      (r == RESULT_NONE && g->player_to_move(&after) == me && wins_in_one(g, &after, decisions - 1)),
                  "%s: %s does not win in one move", g->name, best);
    /* The start position: no win in one move; go mate 1 ends at depth 1. */
    GamePos start;
    g->startpos(&start, &cfg);
    ck_assert(!wins_in_one(g, &start, decisions));
    send_ok(c, "position startpos");
    ready(c);
    child_transcript_reset(c);
    send_ok(c, "go mate 1");
    bestmove(c, WAIT);
    last_info(c, info, sizeof info);
    ck_assert_msg(!strncmp(info, "info depth 1 ", 13), "%s: %s", g->name, info);
    ck_assert_msg(!strstr(info, " score mate 1 "), "%s: %s", g->name, info);
    quit(c);
}
END_TEST

/* ---- MultiPV ---- */

/* MultiPV 3 to depth 5 from the start and from random positions of every game: at each depth
 * the lines name distinct first moves, each line once (a GUI keys lines by their number: a
 * move in two of them shows twice), lines 1 to 3 all told. */
START_TEST(multipv_distinct_lines) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 55)};
    GameConfig cfg = defaults(g);
    Child *c = start_game(g->name);
    ck_assert_int_eq(errors_of(c, "setoption name MultiPV value 3"), 0);
    static char line[8192];
    for (int round = 0; round < 4; round++) {
        GamePos p;
        g->startpos(&p, &cfg);
        int n = snprintf(line, sizeof line, "position startpos moves");
        for (int ply = 0, plies = round ? 3 + (int)prng_below(&rng, 8) : 0; ply < plies; ply++) {
            if (game_result(g, &p) != RESULT_NONE) break;
            Move m = g->nth_move(&p, prng_below(&rng, (uint32_t)g->count_moves(&p)));
            char ms[MOVE_STR_MAX];
            g->print_move(&p, m, ms);
            n += snprintf(line + n, sizeof line - (size_t)n, " %s", ms);
            GameUndo u;
            g->make(&p, m, &u);
        }
        if (game_result(g, &p) != RESULT_NONE || g->count_moves(&p) < 3) continue;
        send_ok(c, line);
        ready(c);
        child_transcript_reset(c);
        send_ok(c, "go depth 5");
        bestmove(c, WAIT);
        char first[6][3][MOVE_STR_MAX];
        memset(first, 0, sizeof first);
        const char *t = child_transcript(c);
        for (const char *l = t; (l = strstr(l, "info depth ")); l++) {
            char text[4096];
            snprintf(text, sizeof text, "%.*s", (int)strcspn(l, "\n"), l);
            int depth, k;
            const char *mp = strstr(text, " multipv "), *pv = strstr(text, " pv ");
            if (!mp || sscanf(text, "info depth %d", &depth) != 1 || sscanf(mp, " multipv %d", &k) != 1) continue;
            ck_assert_msg(pv && depth >= 1 && depth <= 5 && k >= 1 && k <= 3, "%s: '%s'", g->name, text);
            char move[MOVE_STR_MAX];
            snprintf(move, sizeof move, "%.*s", (int)strcspn(pv + 4, " "), pv + 4);
            for (int j = 0; j < 3; j++)
                ck_assert_msg(j == k - 1 || strcmp(first[depth][j], move),
                              "%s, %s: at depth %d lines %d and %d both start with %s:\n%s", g->name, line, depth,
                              j + 1, k, move, t);
            snprintf(first[depth][k - 1], MOVE_STR_MAX, "%s", move);
        }
        for (int depth = 1; depth <= 5; depth++)
            for (int k = 0; k < 3; k++)
                ck_assert_msg(first[depth][k][0], "%s, %s: no line %d at depth %d:\n%s", g->name, line, k + 1, depth, t);
    }
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("games", 120, ONCE(command_line_games), ONCE(game_option), ONCE(options_in_any_order),
                     LOOP(repetition, GAMES_COUNT), LOOP(go_mate, GAMES_COUNT),
                     LOOP(multipv_distinct_lines, GAMES_COUNT));
}
