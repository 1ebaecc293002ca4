/* test_protocol.c — the UGI front end as an arena meets it: whole conversations with the
 * real simia executable over pipes (handshake, options, searches, referee answers, errors,
 * hostile input, shutdown), each wait bounded so that a hang fails the test. */
#include <unistd.h>

#include "conversation.h"
#include "engine/strength.h"
#include "testutil.h"

static const GameOps *G;

/* ---- conversation helpers (the rest are in conversation.h) ---- */

/* The engine's position for "position startpos|fen F moves ...", rebuilt in-process. */
static void replay(GamePos *p, const char *fen, const char *moves) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    char err[ERR_STR_MAX];
    if (fen) ck_assert(G->parse_pos(p, fen, &cfg, err));
    else G->startpos(p, &cfg);
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) play(G, p, t);
}

static bool legal_in(const GamePos *p, const char *move) { return G->parse_move(p, move) != MOVE_NONE; }

/* ---- handshake and options ---- */

START_TEST(handshake) {
    Child *c = start();
    /* UCI_Elo over the game's own scale, not every game's */
    const int *scale = strength_scale(G);
    char elo[128];
    snprintf(elo, sizeof elo, "option name UCI_Elo type spin default %d min %d max %d\n", STRENGTH_ANCHOR_ELO, scale[0],
             scale[STRENGTH_LEVELS - 1]);
    const char *t = ANNOUNCED(c, "ugi", "\nid author ", "option name PieRule type check default true\n",
                              "option name IvoryHeight type spin default 20 min 2 max 99\n",
                              "option name CigarHeight type spin default 20 min 2 max 99\n",
                              "option name Debug Log File type string default <empty>\n",
                              "option name UCI_LimitStrength type check default false\n",
                              "option name UCI_ShowWDL type check default false\n", elo, "\nugiok\n");
    ck_assert_msg(!strncmp(t, "id name Simia ", 14), "the first line: %s", t);
    ck_assert_ptr_null(strstr(t, "uciok"));
    /* only the game in play's rule options: none of Zoo's */
    ck_assert_msg(!strstr(t, "option name ZooWidth "), "another game's option announced:\n%s", t);
    /* uci is answered in UCI: the same lines, ended by uciok (a UCI GUI waits for it) */
    t = ANNOUNCED(c, "uci", "option name PieRule type check default true\n", elo);
    ck_assert_msg(!strncmp(t, "id name Simia ", 14), "%s", t);
    ck_assert_ptr_null(strstr(t, "ugiok"));
    ready(c);
    send_ok(c, "ucinewgame");
    send_ok(c, "uginewgame");
    ck_assert_int_eq(errors_of(c, "isready"), 0);
    quit(c);
}
END_TEST

START_TEST(options) {
    Child *c = start();
    /* good values, names in any case and spacing */
    ck_assert_int_eq(errors_of(c, "setoption name ivoryheight value 5"), 0);
    ck_assert_int_eq(errors_of(c, "SETOPTION NAME CigarHeight VALUE 7"), 0);
    send_ok(c, "position startpos");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 5C[7]6/12/12/12/12/12/12/12/12/12/12/6I[5]5 i w 0", WAIT));
    /* unknown option, out of range, not a number, wrong check value: one error each, named */
    child_transcript_reset(c);
    ck_assert_int_eq(errors_of(c, "setoption name NoSuchOption value 3"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "NoSuchOption"));
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight value 100"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "'100'"));
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight value 1"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight value ten"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name PieRule value maybe"), 1);
    ck_assert_int_eq(errors_of(c, "setoption"), 1);
    ck_assert_int_eq(errors_of(c, "setoption value 3"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name value 3"), 1);
    /* refused values changed nothing */
    send_ok(c, "position startpos");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 5C[7]6/12/12/12/12/12/12/12/12/12/12/6I[5]5 i w 0", WAIT));
    /* a check option: PieRule off makes swap illegal */
    ck_assert_int_eq(errors_of(c, "setoption name PIERULE value False"), 0);
    forfeited(c, "position startpos moves g1g7 swap", "p1win"); /* p2's illegal swap loses */
    quit(c);
}
END_TEST

START_TEST(debug_log_file) {
    char dir[] = "/tmp/simia-test-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], cmd[512];
    snprintf(path, sizeof path, "%s/debug  log.txt", dir); /* inner spaces kept */
    Child *c = start();
    snprintf(cmd, sizeof cmd, "setoption name debug   LOG file value %s", path);
    ck_assert_int_eq(errors_of(c, cmd), 0);
    send_ok(c, "query p1turn");
    ck_assert_ptr_nonnull(child_expect(c, "response true", WAIT));
    ck_assert_int_eq(errors_of(c, "setoption name Debug Log File value /nonexistent-dir/x.log"), 1);
    ready(c); /* still logging to the first file */
    ck_assert_int_eq(errors_of(c, "setoption name Debug Log File value <empty>"), 0);
    send_ok(c, "query gameover"); /* not logged any more */
    quit(c);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f, "no log at '%s'", path);
    char log[8192] = "";
    size_t n = fread(log, 1, sizeof log - 1, f);
    log[n] = '\0';
    fclose(f);
    ck_assert_msg(strstr(log, ">> query p1turn\n"), "log:\n%s", log);
    ck_assert_msg(strstr(log, "<< response true\n"), "log:\n%s", log);
    ck_assert_msg(strstr(log, "<< readyok\n"), "log:\n%s", log);
    ck_assert_msg(!strstr(log, "query gameover"), "log:\n%s", log);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* ---- searches ---- */

START_TEST(search_limits) {
    static const char *const GOS[] = {
        "go depth 2",
        "go nodes 300",
        "go movetime 30",
        "go p1time 2000 p2time 2000 p1inc 10 p2inc 10",
        "go wtime 1000 btime 1000 winc 0 binc 0",
        "go p1time 3000 p2time 3000 movestogo 40",
        "go p1time 800 p1inc 10", /* only the other player's clock: still a deadline */
        "GO DEPTH 1",
    };
    Child *c = start();
    GamePos p;
    replay(&p, NULL, "g1g7");
    send_ok(c, "position startpos moves g1g7");
    for (size_t i = 0; i < sizeof GOS / sizeof GOS[0]; i++) {
        child_transcript_reset(c);
        send_ok(c, GOS[i]);
        const char *m = bestmove(c, WAIT);
        ck_assert_msg(legal_in(&p, m), "%s: illegal bestmove %s", GOS[i], m);
        ck_assert_int_eq(child_count(c, "info string error"), 0);
        ready(c);
    }
    /* info lines carry the documented fields */
    send_ok(c, "go depth 2");
    const char *l = child_expect(c, "info depth 2 ", WAIT);
    ck_assert_ptr_nonnull(l);
    ck_assert_msg(strstr(l, " seldepth ") && strstr(l, " multipv 1 ") && strstr(l, " score ") &&
                      strstr(l, " nodes ") && strstr(l, " nps ") && strstr(l, " time ") && strstr(l, " pv "),
                  "info line '%s'", l);
    bestmove(c, WAIT);
    quit(c);
}
END_TEST

START_TEST(stop_and_isready_mid_search) {
    Child *c = start();
    send_ok(c, "position startpos");
    send_ok(c, "go infinite");
    ready(c); /* answered while searching */
    usleep(100000);
    ck_assert_int_eq(child_count(c, "bestmove"), 0); /* infinite: no bestmove before stop */
    /* a second go is refused and the search goes on */
    ck_assert_int_eq(errors_of(c, "go depth 1"), 1);
    ck_assert_int_eq(child_count(c, "bestmove"), 0);
    send_ok(c, "stop");
    GamePos p;
    replay(&p, NULL, NULL);
    ck_assert(legal_in(&p, bestmove(c, WAIT)));
    /* stop without a search: harmless and silent */
    ck_assert_int_eq(errors_of(c, "stop"), 0);
    ck_assert_int_eq(child_count(c, "bestmove"), 0);
    /* a go right after a bestmove is never refused */
    for (int i = 0; i < 20; i++) {
        child_transcript_reset(c);
        send_ok(c, "go depth 1");
        bestmove(c, WAIT);
        send_ok(c, "go depth 1");
        bestmove(c, WAIT);
        ck_assert_int_eq(child_count(c, "info string error"), 0);
    }
    /* a movetime search stops by itself (no stop is sent) */
    send_ok(c, "go movetime 100");
    bestmove(c, WAIT);
    quit(c);
}
END_TEST

START_TEST(searchmoves) {
    Child *c = start();
    send_ok(c, "position startpos");
    for (int i = 0; i < 3; i++) {
        send_ok(c, "go depth 3 searchmoves g1a1 g1l1");
        const char *m = bestmove(c, WAIT);
        ck_assert_msg(!strcmp(m, "g1a1") || !strcmp(m, "g1l1"), "bestmove %s outside searchmoves", m);
    }
    send_ok(c, "go searchmoves g1g2 depth 2"); /* searchmoves ends at the next keyword */
    ck_assert_str_eq(bestmove(c, WAIT), "g1g2");
    /* an illegal or missing searchmove: one error naming it, bestmove 0000 at once */
    child_transcript_reset(c);
    send_ok(c, "go depth 2 searchmoves g1g2 f12f11");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    ck_assert_int_eq(child_count(c, "info string error"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "'f12f11'"));
    ck_assert_int_eq(errors_of(c, "go depth 2 searchmoves"), 1);
    quit(c);
}
END_TEST

START_TEST(ponder) {
    Child *c = start();
    send_ok(c, "position startpos");
    /* go ponder: no bestmove until ponderhit, even when the search is done */
    send_ok(c, "go ponder depth 1");
    ready(c);
    usleep(100000);
    ck_assert_int_eq(child_count(c, "bestmove"), 0);
    child_transcript_reset(c);
    send_ok(c, "ponderhit");
    const char *m = bestmove(c, WAIT); /* two words: the Ponder option is off by default */
    ck_assert_int_eq(child_count(c, "info string error"), 0);
    GamePos p;
    replay(&p, NULL, NULL);
    ck_assert(legal_in(&p, m));
    /* stop ends a ponder search too */
    child_transcript_reset(c);
    send_ok(c, "go ponder movetime 50");
    usleep(100000);
    ck_assert_int_eq(child_count(c, "bestmove"), 0);
    send_ok(c, "stop");
    bestmove(c, WAIT);
    /* ponderhit without a pondering search */
    ck_assert_int_eq(errors_of(c, "ponderhit"), 1);
    send_ok(c, "go depth 1");
    bestmove(c, WAIT);
    ck_assert_int_eq(errors_of(c, "ponderhit"), 1);
    quit(c);
}
END_TEST

START_TEST(perft_over_protocol) {
    Child *c = start();
    send_ok(c, "position startpos");
    send_ok(c, "go perft 2");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 1111", WAIT));
    ck_assert_int_eq(child_count(c, "g1"), 33);
    send_ok(c, "position startpos moves g1g7");
    send_ok(c, "go perft 1");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 34", WAIT)); /* 33 + swap */
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "\nswap: 1\n"));
    ck_assert_int_eq(errors_of(c, "go perft -1"), 1);
    ck_assert_int_eq(errors_of(c, "go perft x"), 1);
    quit(c);
}
END_TEST

START_TEST(bench_over_protocol) {
    Child *c = start();
    send_ok(c, "position startpos moves g1g7");
    send_ok(c, "bench 1");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: ", 20000));
    ck_assert_int_eq(child_count(c, "Game: Monkey Queen (monkeyqueen)"), 1);
    ck_assert_int_eq(child_count(c, "Evaluation: the embedded net (monkeyqueen-"), 1);
    ready(c);
    ck_assert_str_eq(ask(c, "p1turn"), "true"); /* a new game from the start afterwards */
    ck_assert_int_eq(errors_of(c, "bench nonsense"), 1);
    send_ok(c, "go infinite");
    ck_assert_int_eq(errors_of(c, "bench 1"), 1); /* not while searching */
    send_ok(c, "stop");
    bestmove(c, WAIT);
    quit(c);
}
END_TEST

/* ---- what GUIs and arenas set: strength, win/draw/loss, go mate, debug, the net ---- */

/* A search from a fresh transcript: sends go, waits for its bestmove (returned). */
static const char *go_fresh(Child *c, const char *go) {
    child_transcript_reset(c);
    send_ok(c, go);
    return bestmove(c, WAIT);
}

/* The three numbers after " wdl " in an info line: present, each 0..1000, summing to 1000. */
static void wdl_in(const char *line, int w[3]) {
    const char *at = strstr(line, " wdl ");
    ck_assert_msg(at && sscanf(at, " wdl %d %d %d", &w[0], &w[1], &w[2]) == 3, "no wdl in '%s'", line);
    for (int k = 0; k < 3; k++) ck_assert_msg(w[k] >= 0 && w[k] <= 1000, "'%s'", line);
    ck_assert_msg(w[0] + w[1] + w[2] == 1000, "wdl not summing to 1000: '%s'", line);
}

START_TEST(show_wdl) {
    Child *c = start();
    ck_assert_int_eq(errors_of(c, "setoption name UCI_ShowWDL value true"), 0);
    send_ok(c, "position startpos moves g1g4 f12f9 g4c4");
    go_fresh(c, "go depth 4");
    int lines = 0;
    for (const char *t = child_transcript(c); (t = strstr(t, "info depth ")); t++) {
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(t, "\n"), t);
        int w[3], cp;
        wdl_in(line, w);
        const char *sc = strstr(line, " score cp ");
        ck_assert_msg(sc, "'%s'", line);
        ck_assert(sscanf(sc, " score cp %d", &cp) == 1);
        ck_assert_msg(w[1] == 0, "Monkey Queen has no draws: '%s'", line);
        ck_assert_msg((w[0] >= w[2]) == (cp >= 0) || w[0] == w[2], "'%s'", line);
        ck_assert_msg(strstr(line, " wdl ") < strstr(line, " nodes "), "'%s'", line);
        lines++;
    }
    ck_assert_int_ge(lines, 4);
    /* a forced win: 1000 0 0 (the win in three plies of test_search.c) */
    char fen[256];
    build_fen(fen, "I5:k3 i:c5 C2:a1 c:l10", 'i', '-', 20);
    ck_assert(child_send(c, "position fen %s", fen));
    go_fresh(c, "go depth 4");
    ck_assert_msg(strstr(child_transcript(c), " score mate 2 wdl 1000 0 0 "), "%s", child_transcript(c));
    /* off again: no wdl */
    ck_assert_int_eq(errors_of(c, "setoption name UCI_ShowWDL value false"), 0);
    go_fresh(c, "go depth 2");
    ck_assert_ptr_null(strstr(child_transcript(c), " wdl "));
    quit(c);
}
END_TEST

/* The last line starting with prefix in the transcript (its number in the line after key). */
static long long number_after(Child *c, const char *key) {
    const char *t = child_transcript(c), *last = NULL;
    for (const char *s = t; (s = strstr(s, key)); s++) last = s;
    ck_assert_msg(last, "no '%s' in %s", key, t);
    return strtoll(last + strlen(key), NULL, 10);
}

START_TEST(limit_strength) {
    int lo, hi;
    strength_range(&lo, &hi);
    Child *c = start();
    char cmd[128];
    /* UCI_Elo within its range, and refused outside (one error each, the value kept) */
    snprintf(cmd, sizeof cmd, "setoption name UCI_Elo value %d", lo - 1);
    ck_assert_int_eq(errors_of(c, cmd), 1);
    snprintf(cmd, sizeof cmd, "setoption name UCI_Elo value %d", hi + 1);
    ck_assert_int_eq(errors_of(c, cmd), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "it stays 1000"));
    snprintf(cmd, sizeof cmd, "setoption name UCI_Elo value %d", hi);
    ck_assert_int_eq(errors_of(c, cmd), 0);
    snprintf(cmd, sizeof cmd, "setoption name UCI_Elo value %d", lo);
    ck_assert_int_eq(errors_of(c, cmd), 0);
    ck_assert_int_eq(errors_of(c, "setoption name UCI_LimitStrength value true"), 0);
    /* a go without limits ends by itself at the level's nodes */
    send_ok(c, "position startpos moves g1g4 f12f9 g4c4");
    go_fresh(c, "go");
    ck_assert_int_le(number_after(c, " nodes "), (long long)strength_setting(game_find("monkeyqueen"), lo).nodes);
    /* go infinite: the bestmove waits for stop */
    child_transcript_reset(c);
    send_ok(c, "go infinite");
    ck_assert_ptr_null(child_expect(c, "bestmove", 400));
    send_ok(c, "stop");
    bestmove(c, WAIT);
    /* a go's own node limit below the level's wins */
    go_fresh(c, "go nodes 60");
    ck_assert_int_le(number_after(c, " nodes "), 60);
    /* a game whose scale ends below UCI_Elo: told once that it plays at its top */
    for (int i = 0; i < GAMES_COUNT; i++) {
        const int *e = strength_scale(GAMES[i]);
        if (e[STRENGTH_LEVELS - 1] >= hi) continue;
        snprintf(cmd, sizeof cmd, "setoption name Game value %s", GAMES[i]->name);
        ck_assert_int_eq(errors_of(c, cmd), 0);
        snprintf(cmd, sizeof cmd, "setoption name UCI_Elo value %d", hi);
        ck_assert_int_eq(errors_of(c, cmd), 0);
        send_ok(c, "position startpos");
        for (int k = 0; k < 2; k++) {
            go_fresh(c, "go depth 1");
            char note[160];
            snprintf(note, sizeof note, "info string UCI_Elo %d is outside the scale of %s (%d to %d): it plays at %d", hi,
                     GAMES[i]->title, e[0], e[STRENGTH_LEVELS - 1], e[STRENGTH_LEVELS - 1]);
            ck_assert_msg(child_count(c, note) == (k == 0), "'%s', go %d: %s", note, k + 1, child_transcript(c));
        }
        break;
    }
    quit(c);
}
END_TEST

START_TEST(go_mate_over_protocol) {
    char fen[256];
    build_fen(fen, "I5:k3 i:c5 C2:a1 c:l10", 'i', '-', 20); /* a win in three plies */
    Child *c = start();
    ck_assert(child_send(c, "position fen %s", fen));
    const char *best = go_fresh(c, "go mate 2");
    ck_assert_str_eq(best, "c5c3");
    ck_assert_msg(strstr(child_transcript(c), " score mate 2 "), "%s", child_transcript(c));
    ck_assert_int_le(number_after(c, "info depth "), 3);
    ck_assert_int_eq(child_count(c, "info string error"), 0);
    ck_assert_int_eq(child_count(c, "info string no mate"), 0);
    /* go mate N alone, no win to find: it ends once the depth covering N moves (2N - 1 plies)
     * is done, and says it found none, just before its bestmove */
    send_ok(c, "position startpos moves g1g4 f12f9");
    go_fresh(c, "go mate 3");
    ck_assert_int_eq(number_after(c, "info depth "), 5);
    const char *t = child_transcript(c), *none = strstr(t, "\ninfo string no mate in 3 found\nbestmove ");
    ck_assert_msg(none, "%s", t);
    ck_assert_ptr_null(strstr(none + 1, "info depth "));
    ck_assert_int_eq(child_count(c, "info string"), 1);
    /* with another limit too, the same when that ends it first */
    go_fresh(c, "go mate 3 depth 2");
    ck_assert_int_eq(number_after(c, "info depth "), 2);
    ck_assert_int_eq(child_count(c, "info string no mate in 3 found"), 1);
    quit(c);
}
END_TEST

START_TEST(debug_on_off) {
    Child *c = start();
    send_ok(c, "position startpos moves g1g7");
    ck_assert_int_eq(errors_of(c, "debug on"), 0);
    go_fresh(c, "go depth 1");
    ck_assert_int_eq(child_count(c, "info string debug: search: depth 1, "), 1);
    ck_assert_int_eq(errors_of(c, "DEBUG OFF"), 0);
    go_fresh(c, "go depth 1");
    ck_assert_int_eq(child_count(c, "info string debug"), 0);
    /* on with a word too many: said, and on all the same */
    ck_assert_int_eq(errors_of(c, "debug on please"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name UCI_LimitStrength value true"), 0);
    go_fresh(c, "go depth 1");
    ck_assert_int_eq(child_count(c, "info string debug: strength: UCI_Elo 1000 in Monkey Queen: 100 nodes a move"), 1);
    quit(c);
}
END_TEST

/* What evaluates, told as an info string: at the first isready (after the options sent
 * before it), then whenever a change of option changes it. */
START_TEST(evaluation_told) {
    Child *c = start();
    send_ok(c, "setoption name Use NNUE value false");
    send_ok(c, "position startpos");
    ready(c);
    ck_assert_int_eq(child_count(c, "info string evaluation of Monkey Queen: hand-written (Use NNUE is off)"), 1);
    ck_assert_int_eq(child_count(c, "info string"), 1);
    child_transcript_reset(c);
    ready(c);
    ck_assert_int_eq(child_count(c, "info string"), 0); /* nothing new */
    send_ok(c, "setoption name Use NNUE value true");
    ready(c);
    ck_assert_int_eq(child_count(c, "info string evaluation of Monkey Queen: the embedded net (monkeyqueen-"), 1);
    child_transcript_reset(c);
    send_ok(c, "setoption name Use NNUE value true"); /* the same again: nothing to tell */
    send_ok(c, "setoption name Game value zoo");
    send_ok(c, "setoption name ZooWidth value 7"); /* a board its net does not serve */
    ready(c);
    ck_assert_int_eq(child_count(c, "info string"), 2);
    ck_assert_int_eq(child_count(c, "info string evaluation of Zoo Contest: the embedded net (zoo-"), 1);
    ck_assert_int_eq(child_count(c, "info string evaluation of Zoo Contest: hand-written (the net of zoo serves "), 1);
    /* eval names the game and what the search evaluates with */
    send_ok(c, "position startpos");
    child_transcript_reset(c);
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "Search evaluation: hand-written (the net of zoo serves ", WAIT));
    ck_assert_int_eq(child_count(c, "Game: Zoo Contest (zoo)"), 1);
    quit(c);
}
END_TEST

/* ---- the referee ---- */

START_TEST(game_ends_by_queen_capture) {
    char fen[256];
    build_fen(fen, "I20:f1 C20:f12", 'i', '-', 4);
    Child *c = start();
    ck_assert(child_send(c, "position fen %s", fen));
    referee(c, "false", "none", "true");
    send_ok(c, "go depth 2");
    ck_assert_str_eq(bestmove(c, WAIT), "f1f12"); /* the queen capture wins at once */
    ck_assert(child_send(c, "position fen %s moves f1f12", fen));
    referee(c, "true", "p1win", "false");
    child_transcript_reset(c);
    send_ok(c, "go infinite");
    ck_assert_str_eq(bestmove(c, WAIT), "0000"); /* at once: no search runs, no stop needed */
    ck_assert_int_eq(child_count(c, "info string"), 1);
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (Cigar's queen captured)");
    /* a move after the end is an illegal move by the player to move */
    ck_assert(child_send(c, "position fen %s moves f1f12 a1a2", fen));
    referee(c, "true", "p1win", NULL);
    quit(c);
}
END_TEST

START_TEST(game_ends_by_no_moves) {
    /* Cigar's quiet queen move b5b3 leaves Ivory's height-2 queen with nothing in sight. */
    char fen[256];
    build_fen(fen, "I2:a1 C5:b5", 'c', '-', 9);
    Child *c = start();
    ck_assert(child_send(c, "position fen %s", fen));
    referee(c, "false", "none", "false");
    ck_assert(child_send(c, "position fen %s moves b5b3", fen));
    referee(c, "true", "p2win", "true");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (Ivory has no legal move)");
    send_ok(c, "go infinite");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    quit(c);
}
END_TEST

START_TEST(pie_swap) {
    Child *c = start();
    send_ok(c, "position startpos");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    send_ok(c, "position startpos moves g1g7");
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    send_ok(c, "position startpos moves g1g7 swap");
    referee(c, "false", "none", "true"); /* p1 now plays Cigar, and moves */
    send_ok(c, "go depth 2");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(!strncmp(m, "f12", 3), "after swap, p1 moves Cigar's queen on f12, not %s", m);
    send_ok(c, "position startpos moves g1g7 swap f12f11");
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    /* swap is legal only right after the first move */
    forfeited(c, "position startpos moves g1g7 f12f11 swap", "p2win");
    /* after the swap player 1 plays Cigar: its queen killing Ivory's wins for player 1, and
     * Cigar's queen killed is player 2's win; the reason names the colours */
    send_ok(c, "position startpos moves g1g7 swap f12f7 g7f7");
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (Cigar's queen captured)");
    send_ok(c, "position startpos moves g1g7 swap f12f11 g7g6 f11f10 g6f6 f10f6");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (Ivory's queen captured)");
    quit(c);
}
END_TEST

START_TEST(illegal_move_forfeits) {
    Child *c = start();
    /* ply 3 is p1's illegal move: the legal prefix stays, p1 loses, d says so */
    illegal_at(c, "position startpos moves g1g7 f12f11 g7g7 f11f10", "g7g7", 3, "p2win");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 5c6/5C[19]6/12/12/12/6I[19]5/12/12/12/12/12/6i5 i - 2", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Status: game over, player 2 wins (illegal move 'g7g7' at ply 3 (move 3 of "
                                          "the list): not a legal move here; player 1 loses)", WAIT));
    ck_assert_int_eq(errors_of(c, "go depth 1"), 1);
    ck_assert_int_eq(child_count(c, "bestmove 0000"), 1);
    /* the 0000 an arena appends for a dead engine, junk as a move */
    forfeited(c, "position startpos moves g1g7 0000", "p1win");
    forfeited(c, "position startpos moves \x01\x02", "p2win");
    /* a valid position afterwards is a fresh start */
    goes_on(c, "position startpos moves g1g7");
    quit(c);
}
END_TEST

START_TEST(malformed_positions) {
    static const char *const BAD[] = {
        "position",
        "position fen",
        "position fen moves g1g7",
        "position foo",
        "position startpos g1g7",
        "position fen 5C[20]6/12 i w 0",
        "position fen 5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 x w 0",
        "position fen 5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0 extra",
    };
    Child *c = start();
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        send_ok(c, "position startpos");
        ck_assert_msg(errors_of(c, BAD[i]) == 1, "'%s': expected one error", BAD[i]);
        ck_assert_str_eq(ask(c, "gameover"), "true");
        ck_assert_str_eq(ask(c, "result"), "none");
        child_transcript_reset(c);
        send_ok(c, "go depth 1");
        ck_assert_str_eq(bestmove(c, WAIT), "0000");
        ck_assert_int_eq(child_count(c, "info string error"), 1);
        ck_assert_int_eq(errors_of(c, "d"), 1);
        ck_assert_int_eq(errors_of(c, "eval"), 1);
    }
    /* a position string with any whitespace between fields is fine */
    ck_assert_int_eq(errors_of(c, "position\tfen  5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 \t i w 0   moves  g1g7"), 0);
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    quit(c);
}
END_TEST

/* ---- every other kind of bad command: exactly one error, and the engine answers on ---- */

START_TEST(error_lines) {
    static const struct {
        const char *cmd;
        int bestmove_0000;
    } CASES[] = {
        {"foo", 0},
        {"go depth", 1},
        {"go depth x", 1},
        {"go depth 0", 1},
        {"go nodes -5", 1},
        {"go movetime -1", 1},
        {"go movestogo -1", 1},
        {"go mate", 1},
        {"go mate 0", 1},
        {"go mate -1", 1},
        {"go mate x", 1},
        {"go mate 2 depth", 1},
        {"debug", 0},
        {"debug maybe", 0},
        {"debug on now", 0},
        {"setoption name UCI_Elo value 99999", 0},
        {"setoption name UCI_Elo value -5", 0},
        {"setoption name UCI_Elo value strong", 0},
        {"setoption name UCI_LimitStrength value yes", 0},
        {"setoption name UCI_ShowWDL value 1", 0},
        {"go p1time", 1},
        {"query", 0},
        {"query foo", 0},
        {"query gameover extra", 0},
        {"uginewgame now", 0},
        {"ponderhit", 0},
        {"setoption name", 0},
    };
    Child *c = start();
    send_ok(c, "position startpos");
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        int n = errors_of(c, CASES[i].cmd);
        ck_assert_msg(n == 1, "'%s': %d error lines, expected 1:\n%s", CASES[i].cmd, n, child_transcript(c));
        ck_assert_int_eq(child_count(c, "bestmove 0000"), CASES[i].bestmove_0000);
        ck_assert_int_eq(child_count(c, "bestmove"), CASES[i].bestmove_0000);
    }
    /* an unknown query is answered (an arena waits for it), then explained */
    child_transcript_reset(c);
    ck_assert_str_eq(ask(c, "whatever"), "unknown");
    ck_assert_ptr_nonnull(child_expect(c, "info string error: query: unknown query 'whatever'", WAIT));
    /* error lines name the token */
    child_transcript_reset(c);
    errors_of(c, "frobnicate now");
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "'frobnicate'"));
    /* the position survived all that */
    ck_assert_str_eq(ask(c, "gameover"), "false");
    quit(c);
}
END_TEST

/* ---- hostile input ---- */

START_TEST(long_lines_and_junk) {
    Child *c = start();
    /* 2 MB on one line: refused with a message, in constant memory, and the session goes on */
    size_t big = 2u << 20;
    char *junk = malloc(big + 1);
    memset(junk, 'x', big);
    junk[big] = '\n';
    child_transcript_reset(c);
    ck_assert(child_write(c, junk, big + 1, WAIT));
    ready(c);
    ck_assert_int_eq(child_count(c, "info string error: line of 2097152 bytes"), 1);
    /* a 1 MB position command (under the cap) is read whole: a legal start, then junk */
    const char *head = "position startpos moves g1g7 f12f11 ";
    size_t hl = strlen(head), n = 1000000;
    memcpy(junk, head, hl);
    for (size_t i = hl; i < n; i++) junk[i] = (i - hl) % 5 == 4 ? ' ' : 'a';
    junk[n] = '\n';
    child_transcript_reset(c);
    ck_assert(child_write(c, junk, n + 1, WAIT));
    ready(c);
    ck_assert_int_eq(child_count(c, "info string error: position: illegal move 'aaaa' at ply 3"), 1);
    ck_assert_str_eq(ask(c, "result"), "p2win");
    /* binary junk with NUL bytes, control characters and high bytes */
    for (size_t i = 0; i < 4096; i++) junk[i] = (char)((i * 7919u + 13u) % 256u);
    junk[4096] = '\n';
    ck_assert(child_write(c, junk, 4097, WAIT));
    ready(c);
    for (const char *l = child_transcript(c); *l; l++)
        ck_assert_msg((unsigned char)*l < 0x80 && (*l >= 0x20 || *l == '\n'), "a raw byte 0x%02x in the output",
                      (unsigned char)*l);
    static const char nul_line[] = "isready\0junk\nqu\0ery p1turn\n";
    ck_assert(child_write(c, nul_line, sizeof nul_line - 1, WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "readyok", WAIT));
    ready(c);
    /* CRLF, tabs, runs of spaces, upper case */
    static const char crlf[] = "position startpos\r\n\t QUERY \t  p1turn \r\nIsReady\r\n";
    child_transcript_reset(c);
    ck_assert(child_write(c, crlf, sizeof crlf - 1, WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "response true", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "readyok", WAIT));
    ck_assert_int_eq(child_count(c, "info string error"), 0);
    free(junk);
    quit(c);
}
END_TEST

START_TEST(quit_mid_search) {
    Child *c = start();
    send_ok(c, "go infinite");
    usleep(50000);
    send_ok(c, "quit");
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    while (child_line(c, 0)) {
    }
    ck_assert_int_eq(child_count(c, "bestmove"), 1); /* the search reported before leaving */
    child_free(c);
}
END_TEST

START_TEST(eof_mid_search) {
    Child *c = start();
    send_ok(c, "go infinite");
    usleep(50000);
    child_close_stdin(c);
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
    c = start(); /* end of input in the middle of a line */
    ck_assert(child_write(c, "isready\nposition startpos moves g1", 34, WAIT));
    child_close_stdin(c);
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
}
END_TEST

START_TEST(closed_stdout) {
    Child *c = start();
    send_ok(c, "go infinite");
    usleep(50000);
    child_close_stdout(c); /* the arena is gone */
    child_send(c, "isready");
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
}
END_TEST

/* ---- a referee's whole games: every bestmove legal, the end agreed ---- */

START_TEST(selfplay_through_protocol) {
    static const char *const LIMITS[] = {"go depth 1", "go nodes 200", "go movetime 5"};
    Child *c = start();
    for (int game = 0; game < 3; game++) {
        send_ok(c, "uginewgame");
        GamePos p;
        replay(&p, NULL, NULL);
        char *moves = calloc(1, 1 << 16);
        size_t len = 0;
        int plies = 0;
        for (;;) {
            ck_assert(child_send(c, "position startpos moves%s", moves));
            bool over = game_result(G, &p) != RESULT_NONE;
            ck_assert_str_eq(ask(c, "gameover"), over ? "true" : "false");
            ck_assert_str_eq(ask(c, "p1turn"), G->player_to_move(&p) == PLAYER_1 ? "true" : "false");
            if (over) break;
            send_ok(c, LIMITS[game]);
            const char *m = bestmove(c, WAIT);
            ck_assert_msg(legal_in(&p, m), "game %d ply %d: illegal bestmove %s", game, plies + 1, m);
            play(G, &p, m);
            len += (size_t)snprintf(moves + len, (1 << 16) - len, " %s", m);
            ck_assert_int_lt(++plies, 2000);
        }
        GameResult r = game_result(G, &p);
        ck_assert_str_eq(ask(c, "result"), r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : "draw");
        free(moves);
    }
    quit(c);
}
END_TEST

/* ---- command-line jobs ---- */

static int run_job(char *const argv[], Child **out) {
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    child_close_stdin(c);
    int rc = child_wait(c, 20000);
    while (child_line(c, 0)) {
    }
    *out = c;
    return rc;
}

START_TEST(command_line) {
    Child *c;
    char *version[] = {SIMIA_BINARY, "--version", NULL};
    ck_assert_int_eq(run_job(version, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Simia "));
    child_free(c);
    char *help[] = {SIMIA_BINARY, "--help", NULL};
    ck_assert_int_eq(run_job(help, &c), 0);
    const char *h = child_transcript(c);
    ck_assert(strstr(h, "simia perft") && strstr(h, "simia selfplay") && strstr(h, "simia bench"));
    child_free(c);
    char *perft[] = {SIMIA_BINARY, "perft", "2", NULL};
    ck_assert_int_eq(run_job(perft, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Nodes searched: 1111\n"));
    child_free(c);
    char *perft_fen[] = {SIMIA_BINARY, "perft", "1", "5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5", "i", "w",
                         "0", "moves", "g1g7", NULL};
    ck_assert_int_eq(run_job(perft_fen, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Nodes searched: 34\n"));
    child_free(c);
    char *bad[] = {SIMIA_BINARY, "frobnicate", NULL};
    ck_assert_int_eq(run_job(bad, &c), 2);
    child_free(c);
    char *bad_perft[] = {SIMIA_BINARY, "perft", "2", "garbage", NULL};
    ck_assert_int_eq(run_job(bad_perft, &c), 2);
    child_free(c);
}
END_TEST

START_TEST(selfplay_job) {
    char path[] = "/tmp/simia-selfplay-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    Child *c;
    char *argv[] = {SIMIA_BINARY, "selfplay", "--depth", "1", "--out", path, NULL};
    ck_assert_int_eq(run_job(argv, &c), 0);
    const char *t = child_transcript(c);
    const char *res = strstr(t, "Result: ");
    ck_assert_msg(res, "no result line:\n%s", t);
    /* first how to read it: the board's symbols, whose view a score takes */
    ck_assert_msg(!strncmp(t, "Legend (Monkey Queen): I, C: ", 29) && strstr(t, "a score is the mover's"), "%.300s", t);
    ck_assert_ptr_nonnull(strstr(t, "ply 1: player 1 plays "));
    ck_assert_ptr_nonnull(strstr(t, " for player 1, "));
    ck_assert_ptr_nonnull(strstr(t, "To move:")); /* boards between the moves */
    char want[16], words[256] = "";
    sscanf(res, "Result: %15s (%255[^\n]", want, words);
    /* "p2win (player 2 wins: why) after N plies": the words as d says them, "a draw (why)" */
    char *after = strstr(words, ") after ");
    ck_assert_msg(after, "result line '%.300s'", res);
    *after = '\0';
    char status[300], *colon = strstr(words, ": ");
    if (!strcmp(want, "draw")) snprintf(status, sizeof status, "game over, a draw (%s)", words);
    else if (colon) snprintf(status, sizeof status, "game over, %.*s (%s)", (int)(colon - words), words, colon + 2);
    ck_assert_msg(!strcmp(want, "draw") || colon, "no reason in '%.300s'", res);
    child_free(c);
    /* the record replays in a UGI session to the same end */
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char *line = NULL;
    size_t cap = 0;
    ck_assert_int_gt(getline(&line, &cap, f), 0);
    fclose(f);
    unlink(path);
    ck_assert_msg(!strncmp(line, "position startpos moves ", 24), "record '%s'", line);
    c = start();
    ck_assert(child_write(c, line, strlen(line), WAIT));
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), want);
    ck_assert_str_eq(d_line(c, "Status: "), status); /* and to the same reason */
    free(line);
    quit(c);
    /* a capture ends it at once; after a swap player 1 plays Cigar and the reason names colours */
    char fen[256];
    build_fen(fen, "I20:f1 C20:f12", 'i', '-', 4);
    char *capture[] = {SIMIA_BINARY, "selfplay", "--depth", "2", "--quiet", "--fen", fen, NULL};
    ck_assert_int_eq(run_job(capture, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Result: p1win (player 1 wins: Cigar's queen captured) after 1 plies\n"));
    child_free(c);
    build_fen(fen, "I4:c3 C4:c9", 'c', 's', 7);
    ck_assert_int_eq(run_job(capture, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Result: p1win (player 1 wins: Ivory's queen captured) after 1 plies\n"));
    child_free(c);
    char *unfinished[] = {SIMIA_BINARY, "selfplay", "--depth", "1", "--quiet", "--max-plies", "2", NULL};
    ck_assert_int_eq(run_job(unfinished, &c), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Result: none (unfinished) after 2 plies\n"));
    child_free(c);
    char *bad[] = {SIMIA_BINARY, "selfplay", "--depth", "zero", NULL};
    ck_assert_int_eq(run_job(bad, &c), 2);
    child_free(c);
}
END_TEST

static Suite *suite(void) {
    Suite *s = suite_create("protocol");
    TCase *t = tcase_create("conversations");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, handshake);
    tcase_add_test(t, options);
    tcase_add_test(t, debug_log_file);
    tcase_add_test(t, search_limits);
    tcase_add_test(t, stop_and_isready_mid_search);
    tcase_add_test(t, searchmoves);
    tcase_add_test(t, ponder);
    tcase_add_test(t, perft_over_protocol);
    tcase_add_test(t, bench_over_protocol);
    tcase_add_test(t, show_wdl);
    tcase_add_test(t, limit_strength);
    tcase_add_test(t, go_mate_over_protocol);
    tcase_add_test(t, debug_on_off);
    tcase_add_test(t, evaluation_told);
    tcase_add_test(t, game_ends_by_queen_capture);
    tcase_add_test(t, game_ends_by_no_moves);
    tcase_add_test(t, pie_swap);
    tcase_add_test(t, illegal_move_forfeits);
    tcase_add_test(t, malformed_positions);
    tcase_add_test(t, error_lines);
    tcase_add_test(t, long_lines_and_junk);
    tcase_add_test(t, quit_mid_search);
    tcase_add_test(t, eof_mid_search);
    tcase_add_test(t, closed_stdout);
    tcase_add_test(t, selfplay_through_protocol);
    tcase_add_test(t, command_line);
    tcase_add_test(t, selfplay_job);
    suite_add_tcase(s, t);
    return s;
}

int main(void) {
    G = game_default();
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
