/* test_mad_position.c — M.A.D.'s position strings: exact round trips over random positions
 * (empty boards to full ones), a precise message naming the field for each kind of bad
 * string with the position left untouched, and random junk. */
#include "engine/games/mad/mad_game.h"
#include "engine/prng.h"
#include "mad_test.h"

static const GameOps *G;

/* Refused, with a message containing want, and *p left as it was. */
static void refused(const char *fen, const char *want) {
    GameConfig cfg = {{150}};
    GamePos p, before;
    G->startpos(&p, &cfg);
    before = p;
    char err[ERR_STR_MAX] = "";
    ck_assert_msg(!G->parse_pos(&p, fen, &cfg, err), "'%s' accepted", fen);
    ck_assert_msg(strstr(err, want), "'%s': message '%s' lacks '%s'", fen, err, want);
    ck_assert_msg(!memcmp(&p, &before, sizeof p), "'%s': refused but changed the position", fen);
}

static void accepted(const char *fen) {
    GameConfig cfg = {{150}};
    GamePos p;
    char err[ERR_STR_MAX] = "", out[POS_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, &cfg, err), "'%s': %s", fen, err);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, fen);
}

START_TEST(good_strings) {
    accepted("8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/8/8/8/8/C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/8 1 0 0");
    accepted("8/8/8/8/8/8/8/8 1 0 0"); /* empty: valid and over */
    accepted("8/8/8/8/8/8/8/8 2 1000000000 1000000000");
    accepted("C[2]C[3]C[4]Cc[2]c[3]c[4]c/8/8/8/8/8/8/8 2 17 3");
    /* 32 checkers a side is the most */
    accepted("C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/8/8/8/8/8/8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4] 1 0 0");
    /* separators: runs of spaces and tabs (printing normalises them) */
    GameConfig cfg = {{150}};
    GamePos p;
    char err[ERR_STR_MAX], out[POS_STR_MAX];
    ck_assert(G->parse_pos(&p, "  8/8/8/8/8/8/8/C7 \t 2  5 7 ", &cfg, err));
    G->print_pos(&p, out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/8/C7 2 5 7");
}
END_TEST

START_TEST(bad_strings) {
    refused("", "empty, expected 4 fields");
    refused("8/8/8/8/8/8/8/8 1 0", "3 fields");
    refused("8/8/8/8/8/8/8/8 1 0 0 0", "more than 4 fields");
    refused("8/8/8/8/8/8/8 1 0 0", "board: 7 ranks");
    refused("8/8/8/8/8/8/8/8/8 1 0 0", "board");
    refused("8/8/8/8/8/8/8/7 1 0 0", "board: rank 1 has 7 squares");
    refused("8/8/8/8/8/8/8/9 1 0 0", "board: rank 1 has more than 8");
    refused("8/8/8/8/8/8/8/C8 1 0 0", "board: rank 1 has more than 8");
    refused("8/8/8/8/8/8/8/44 1 0 0", "board: rank 1 has more than 8"); /* digits together are one number */
    refused("8/8/8/8/8/8/8/08 1 0 0", "may not start with 0");
    refused("8/8/8/8/8/8/8/C07 1 0 0", "may not start with 0");
    refused("8/8/8/8/8/8/8/x7 1 0 0", "board: rank 1: unexpected character 'x'");
    refused("8/8/8/8/8/8/8/I7 1 0 0", "unexpected character 'I'");
    refused("8/8/8/8/8/8/8/C[1]7 1 0 0", "2 to 4"); /* one checker is written C */
    refused("8/8/8/8/8/8/8/C[5]7 1 0 0", "2 to 4");
    refused("8/8/8/8/8/8/8/C[0]7 1 0 0", "2 to 4");
    refused("8/8/8/8/8/8/8/C[02]7 1 0 0", "2 to 4");
    refused("8/8/8/8/8/8/8/C[2 1 0 0", "2 to 4");
    refused("8/8/8/8/8/8/8/C[]7 1 0 0", "2 to 4");
    refused("C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/C7/8/8/8/8/8/8 1 0 0", "player 1 has 33 checkers, more than 32");
    refused("c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/c[2]7/8/8/8/8/8/8 1 0 0", "player 2 has 34 checkers");
    refused("8/8/8/8/8/8/8/8 0 0 0", "side: '0' is not 1 or 2");
    refused("8/8/8/8/8/8/8/8 w 0 0", "side");
    refused("8/8/8/8/8/8/8/8 12 0 0", "side");
    refused("8/8/8/8/8/8/8/8 1 -1 0", "noprogress: '-1'");
    refused("8/8/8/8/8/8/8/8 1 01 0", "noprogress: '01'");
    refused("8/8/8/8/8/8/8/8 1 1000000001 0", "noprogress");
    refused("8/8/8/8/8/8/8/8 1 x 0", "noprogress");
    refused("8/8/8/8/8/8/8/8 1 0 +3", "ply: '+3'");
    refused("8/8/8/8/8/8/8/8 1 0 99999999999999999999", "ply");
    char huge[POS_STR_MAX + 64];
    memset(huge, ' ', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    memcpy(huge, "8/8/8/8/8/8/8/8 1 0 0", 21);
    refused(huge, "longer than");
}
END_TEST

/* Random boards of every density print and parse back to the same bytes and text. */
START_TEST(random_round_trips) {
    Prng rng = {test_seed("random_round_trips", 11)};
    GameConfig cfg = {{150}};
    for (int i = 0, n = (int)test_count(40000); i < n; i++) {
        char fen[POS_STR_MAX], again[POS_STR_MAX], err[ERR_STR_MAX];
        int left[2] = {32, 32}, fill = (int)prng_below(&rng, 101);
        char *o = fen;
        for (int r = 7; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 8; f++) {
                int who = (int)prng_below(&rng, 2), h = 1 + (int)prng_below(&rng, 4);
                if ((int)prng_below(&rng, 100) >= fill || h > left[who]) {
                    empty++;
                    continue;
                }
                left[who] -= h;
                if (empty) o += sprintf(o, "%d", empty), empty = 0;
                o += h == 1 ? sprintf(o, "%c", who ? 'c' : 'C') : sprintf(o, "%c[%d]", who ? 'c' : 'C', h);
            }
            if (empty) o += sprintf(o, "%d", empty);
            if (r) *o++ = '/';
        }
        sprintf(o, " %u %u %u", 1 + prng_below(&rng, 2), prng_below(&rng, 300), prng_below(&rng, 100000));
        GamePos p, q;
        REQUIRE(G->parse_pos(&p, fen, &cfg, err), "%s: %s", fen, err);
        G->print_pos(&p, again);
        REQUIRE(!strcmp(fen, again), "%s printed as %s", fen, again);
        REQUIRE(G->parse_pos(&q, again, &cfg, err), "%s: %s", again, err);
        REQUIRE(!memcmp(&p, &q, sizeof p), "%s: parse(print) differs", fen);
    }
}
END_TEST

/* Junk: refused with a message and nothing changed, or accepted and round-tripping. */
START_TEST(random_junk) {
    Prng rng = {test_seed("random_junk", 12)};
    static const char ALPHABET[] = "12345678/Cc[]0 9x-\t";
    GameConfig cfg = {{150}};
    const char *base = "8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/8/8/8/8/C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/8 1 0 0";
    for (int i = 0, n = (int)test_count(40000); i < n; i++) {
        char fen[256], err[ERR_STR_MAX] = "";
        snprintf(fen, sizeof fen, "%s", base);
        int len = (int)strlen(fen), edits = 1 + (int)prng_below(&rng, 4);
        for (int e = 0; e < edits; e++) fen[prng_below(&rng, (uint32_t)len)] = ALPHABET[prng_below(&rng, sizeof ALPHABET - 1)];
        if (prng_below(&rng, 8) == 0) fen[prng_below(&rng, (uint32_t)len)] = 0;
        GamePos p, before;
        G->startpos(&p, &cfg);
        before = p;
        if (!G->parse_pos(&p, fen, &cfg, err)) {
            REQUIRE(err[0] && !memcmp(&p, &before, sizeof p), "'%s': refused without a message or with changes", fen);
            continue;
        }
        char out[POS_STR_MAX], again[POS_STR_MAX];
        G->print_pos(&p, out);
        GamePos q;
        REQUIRE(G->parse_pos(&q, out, &cfg, err), "'%s' printed as '%s': %s", fen, out, err);
        G->print_pos(&q, again);
        REQUIRE(!strcmp(out, again) && !memcmp(&p, &q, sizeof p), "'%s' does not round-trip", fen);
    }
}
END_TEST

START_TEST(display) {
    GameConfig cfg = {{150}};
    GamePos p;
    G->startpos(&p, &cfg);
    char out[4096];
    G->display(&p, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, " 2  C4 C4 C4 C4 C4 C4 C4 C4  2\n"));
    ck_assert_ptr_nonnull(strstr(out, " 7  c4 c4 c4 c4 c4 c4 c4 c4  7\n"));
    ck_assert_ptr_nonnull(strstr(out, "To move: player 1"));
    ck_assert_ptr_nonnull(strstr(out, "No-progress counter: 0 (limit 150)"));
    char small[16];
    G->display(&p, small, sizeof small); /* cut, never overrun */
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

int main(void) {
    G = mad_game();
    return RUN_TESTS("mad_position", 0, ONCE(good_strings), ONCE(bad_strings), ONCE(random_round_trips),
                     ONCE(random_junk), ONCE(display));
}
