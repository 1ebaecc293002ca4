/* test_mq_position.c — the position string: exact round trips over thousands of random
 * positions (from empty boards to all 144 squares full), and a precise message for every
 * kind of malformed string, with nothing half-applied. */
#include "engine/prng.h"
#include "testutil.h"

static const GameOps *G;

/* A random legal-looking position as a piece list, built independently of the engine. */
static void random_fen(Prng *rng, char *fen) {
    char pieces[4096] = "";
    int used[144] = {0}, total = (int)prng_below(rng, 145);
    if (total < 2) total = 2;
    char *o = pieces;
    for (int k = 0; k < total; k++) {
        int sq;
        do sq = (int)prng_below(rng, 144);
        while (used[sq]);
        used[sq] = 1;
        char colour = k == 0 ? 'I' : k == 1 ? 'C' : prng_below(rng, 2) ? 'i' : 'c';
        if (k < 2) o += sprintf(o, "%c%d:%c%d ", colour, 2 + (int)prng_below(rng, 98), 'a' + sq % 12, sq / 12 + 1);
        else o += sprintf(o, "%c:%c%d ", colour, 'a' + sq % 12, sq / 12 + 1);
    }
    static const char swaps[] = "was-";
    char swap = swaps[prng_below(rng, 4)];
    char side = swap == 'w' ? 'i' : swap == 'a' ? 'c' : prng_below(rng, 2) ? 'i' : 'c';
    int ply = prng_below(rng, 4) ? (int)prng_below(rng, 300) : (int)prng_below(rng, 1000000000);
    build_fen(fen, pieces, side, swap, ply);
}

START_TEST(round_trip_random_positions) {
    Prng rng = {test_seed("round_trip_random_positions", 12345)};
    GamePos p;
    char fen[1024], back[POS_STR_MAX];
    for (int i = 0; i < 5000; i++) {
        random_fen(&rng, fen);
        parse_ok(G, &p, fen, 1);
        G->print_pos(&p, back);
        ck_assert_str_eq(back, fen);
    }
}
END_TEST

START_TEST(round_trip_full_board_and_tallest) {
    char pieces[4096] = "", *o = pieces, fen[1024], back[POS_STR_MAX];
    for (int sq = 0; sq < 144; sq++) {
        const char *t = sq == 0 ? "I99" : sq == 143 ? "C99" : (sq % 3) ? "i" : "c";
        o += sprintf(o, "%s:%c%d ", t, 'a' + sq % 12, sq / 12 + 1);
    }
    build_fen(fen, pieces, 'c', '-', 77);
    GamePos p;
    parse_ok(G, &p, fen, 1);
    G->print_pos(&p, back);
    ck_assert_str_eq(back, fen);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE); /* neighbours can always be taken */
}
END_TEST

static const char *START = "5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0";

START_TEST(start_position_string) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    GamePos p;
    char s[POS_STR_MAX];
    G->startpos(&p, &cfg);
    G->print_pos(&p, s);
    ck_assert_str_eq(s, START);
    cfg = mq_cfg(0, 20, 20);
    G->startpos(&p, &cfg);
    G->print_pos(&p, s);
    ck_assert_str_eq(s, "5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i - 0");
}
END_TEST

static const struct {
    const char *fen, *why;
} BAD[] = {
    {"", "empty, expected 4 fields"},
    {"   \t ", "empty, expected 4 fields"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w", "3 fields"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0 x", "more than 4 fields, expected 4"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "11 ranks"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "more than 12 ranks"},
    {"5C[20]7/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "more than 12 files"},
    {"5C[20]5/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "rank 12 has 11 files"},
    {"5C[20]6/12/12/12/12/12/12/11/12/12/12/6I[20]5 i w 0", "rank 5 has 11 files"},
    {"5C[20]6/12/12/12/12/12/12/13/12/12/12/6I[20]5 i w 0", "must be 1..12"},
    {"5C[20]6/12/12/12/12/12/12/0c11/12/12/12/6I[20]5 i w 0", "leading zero"},
    {"5C[20]6/12/12/x11/12/12/12/12/12/12/12/6I[20]5 i w 0", "unknown character 'x'"},
    {"5Q[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "unknown character 'Q'"},
    {"5C[0]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "height 0 at f12"},
    {"5C[1]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "height 1 at f12"},
    {"5C[100]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "2..99"},
    {"5C[07]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "leading zeros"},
    {"5C[]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "missing height"},
    {"5C[20/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "closed by ']'"},
    {"5C206/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "height in brackets"},
    {"12/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "Cigar has no queen"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6i5 i w 0", "Ivory has no queen"},
    {"5C[20]C[3]5/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "Cigar has 2 queens"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 x w 0", "side to move"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 ic w 0", "side to move"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i q 0", "swap state"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 c w 0", "needs Ivory to move"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i a 1", "needs Cigar to move"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w -1", "ply"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 01", "leading zeros"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 99999999999999", "ply"},
    {"5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 1x", "ply"},
};

START_TEST(malformed_strings_rejected_with_reason) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    GamePos p, before;
    G->startpos(&p, &cfg);
    memcpy(&before, &p, sizeof p);
    char err[ERR_STR_MAX];
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        err[0] = 0;
        ck_assert_msg(!G->parse_pos(&p, BAD[i].fen, &cfg, err), "accepted '%s'", BAD[i].fen);
        ck_assert_msg(strstr(err, BAD[i].why), "'%s': message '%s' lacks '%s'", BAD[i].fen, err, BAD[i].why);
        ck_assert_msg(!memcmp(&p, &before, sizeof p), "'%s' changed the position", BAD[i].fen);
    }
}
END_TEST

START_TEST(random_junk_never_crashes) {
    Prng rng = {test_seed("random_junk_never_crashes", 99)};
    GameConfig cfg = mq_cfg(1, 20, 20);
    GamePos p;
    char err[ERR_STR_MAX], junk[300], back[POS_STR_MAX];
    static const char alphabet[] = "0123456789/[]iIcC wsa-x\t";
    for (int i = 0; i < 20000; i++) {
        int len = (int)prng_below(&rng, sizeof junk - 1);
        for (int k = 0; k < len; k++)
            junk[k] = prng_below(&rng, 8) ? alphabet[prng_below(&rng, sizeof alphabet - 1)]
                                          : (char)(1 + prng_below(&rng, 255));
        junk[len] = 0;
        if (G->parse_pos(&p, junk, &cfg, err)) { /* rare, but then it must round-trip */
            G->print_pos(&p, back);
            GamePos q;
            ck_assert(G->parse_pos(&q, back, &cfg, err));
            ck_assert_uint_eq(G->key(&q), G->key(&p));
        }
    }
}
END_TEST

int main(void) {
    G = game_default();
    return RUN_TESTS("mq_position", 0, ONCE(round_trip_random_positions), ONCE(round_trip_full_board_and_tallest),
                     ONCE(start_position_string), ONCE(malformed_strings_rejected_with_reason),
                     ONCE(random_junk_never_crashes));
}
