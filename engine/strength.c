/* strength.c — the playing-strength limit: the core's levels (nodes per move, and a choice
 * among the best lines below the lowest), each game's Elo of them, the setting an Elo asks
 * for, and the relay that plays the chosen line. */
#include "strength.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "prng.h"

/* Node counts, as the web page's levels always were: the same strength on any machine. The
 * lowest level also chooses among four lines (MultiPV 4, 100 nodes each) by their expected
 * results, so that it errs as a weak player does, by taking a worse move now and then, not
 * by a random blunder (Stockfish's Skill Level does the like). */
const StrengthLevel STRENGTH_LEVEL[STRENGTH_LEVELS] = {
    {"Novice", 100, 4, 100},
    {"Beginner", 100, 1, 0},
    {"Casual", 1000, 1, 0},
    {"Club", 10000, 1, 0},
    {"Strong", 100000, 1, 0},
};

/* For a game that declares no scale: a prior, not a measurement (about +400 Elo for ten
 * times the nodes at these counts, and -300 for the Novice's errors). */
static const int DEFAULT_SCALE[STRENGTH_LEVELS] = {700, STRENGTH_ANCHOR_ELO, 1400, 1800, 2200};

const int *strength_scale(const GameOps *g) {
    return g->calib.level_elo[STRENGTH_LEVELS - 1] > 0 ? g->calib.level_elo : DEFAULT_SCALE;
}

void strength_range(int *lo, int *hi) {
    *lo = DEFAULT_SCALE[0], *hi = DEFAULT_SCALE[STRENGTH_LEVELS - 1];
    for (int i = 0; i < GAMES_COUNT; i++) {
        const int *s = strength_scale(GAMES[i]);
        if (i == 0 || s[0] < *lo) *lo = s[0];
        if (i == 0 || s[STRENGTH_LEVELS - 1] > *hi) *hi = s[STRENGTH_LEVELS - 1];
    }
}

/* a * (b/a)^(num/den), the exponent in 1024ths: each of its bits a square root, exactly
 * rounded by IEEE 754 as products are, so that every machine finds the same node count. */
static uint64_t geometric(uint64_t a, uint64_t b, int num, int den) {
    int k = (int)(((int64_t)num * 1024 + den / 2) / den);
    double r = (double)b / (double)a, root = r, x = 1.0;
    for (int bit = 9; bit >= 0; bit--) {
        root = sqrt(root);
        if (k & (1 << bit)) x *= root;
    }
    if (k >= 1024) x = r;
    return (uint64_t)llround((double)a * x);
}

StrengthSetting strength_setting(const GameOps *g, int elo) {
    const int *s = strength_scale(g);
    const StrengthLevel *L = STRENGTH_LEVEL;
    int top = STRENGTH_LEVELS - 1, i = 0;
    if (elo <= s[0]) return (StrengthSetting){s[0], L[0].nodes * (uint64_t)L[0].lines, L[0].lines, L[0].noise};
    if (elo >= s[top]) return (StrengthSetting){s[top], L[top].nodes * (uint64_t)L[top].lines, L[top].lines, L[top].noise};
    while (elo >= s[i + 1]) i++;
    int num = elo - s[i], den = s[i + 1] - s[i];
    StrengthSetting r = {elo, geometric(L[i].nodes, L[i + 1].nodes, num, den), 1,
                         L[i].noise + (L[i + 1].noise - L[i].noise) * num / den};
    /* lines only where there is a choice to make among them */
    if (r.noise > 0) r.lines = L[i].lines > L[i + 1].lines ? L[i].lines : L[i + 1].lines;
    r.nodes *= (uint64_t)r.lines;
    return r;
}

int strength_choose(const int *expected, int n, int noise, uint64_t seed) {
    if (noise <= 0 || n <= 1) return 0;
    if (n > STRENGTH_LINES_MAX) n = STRENGTH_LINES_MAX;
    int best = expected[0];
    for (int i = 1; i < n; i++)
        if (expected[i] > best) best = expected[i];
    double w[STRENGTH_LINES_MAX], sum = 0;
    for (int i = 0; i < n; i++) sum += w[i] = exp((double)(expected[i] - best) / noise);
    Prng p = {seed};
    double u = (double)(prng_next(&p) >> 11) * 0x1p-53 * sum;
    for (int i = 0; i < n; i++) {
        if (u < w[i]) return i;
        u -= w[i];
    }
    return 0;
}

/* ---- the relay ---- */

static void relay_info(void *ctx, const SearchInfo *in) {
    StrengthRelay *r = ctx;
    int k = in->multipv - 1;
    /* A first line again at the depth of the lines kept is the search's last word (a better
     * move found in the next, unfinished iteration): the choice is among one iteration's lines. */
    bool last_word = k == 0 && in->depth == r->depth && r->have[1];
    if (in->bound == BOUND_EXACT && k >= 0 && k < r->set.lines && k < STRENGTH_LINES_MAX && in->pv_len >= 1 &&
        in->depth >= r->depth && !last_word) {
        if (in->depth > r->depth) {
            r->depth = in->depth;
            memset(r->have, 0, sizeof r->have);
        }
        r->have[k] = true;
        r->line[k] = *in;
        r->line[k].pv_len = in->pv_len < MAX_PLY ? in->pv_len : MAX_PLY;
        memcpy(r->pv[k], in->pv, sizeof(Move) * (size_t)r->line[k].pv_len);
        r->line[k].pv = r->pv[k];
    }
    if (r->next.info) r->next.info(r->next.ctx, in);
}

static void relay_currmove(void *ctx, const GamePos *root, Move m, int number, int depth) {
    StrengthRelay *r = ctx;
    if (r->next.currmove) r->next.currmove(r->next.ctx, root, m, number, depth);
}

static void relay_message(void *ctx, const char *text) {
    StrengthRelay *r = ctx;
    if (r->next.message) r->next.message(r->next.ctx, text);
}

static void relay_bestmove(void *ctx, const GamePos *root, Move best, Move ponder) {
    StrengthRelay *r = ctx;
    const GameOps *g = r->game;
    int n = 0, expected[STRENGTH_LINES_MAX];
    while (n < STRENGTH_LINES_MAX && n < r->set.lines && r->have[n]) {
        expected[n] = wdl_expected(&r->wdl, r->line[n].score);
        n++;
    }
    int k = strength_choose(expected, n, r->set.noise, r->seed);
    if (k > 0 && !g->is_legal(root, r->pv[k][0])) k = 0; /* never: the lines are the root's */
    if (k > 0) {
        SearchInfo last = r->line[k];
        last.multipv = 1;
        if (r->next.info) r->next.info(r->next.ctx, &last);
        best = r->pv[k][0];
        ponder = MOVE_NONE;
        if (r->ponder_enabled && last.pv_len >= 2) {
            GamePos p = *root;
            GameUndo u;
            g->make(&p, best, &u);
            if (g->player_to_move(&p) != r->root_player && g->is_legal(&p, r->pv[k][1])) ponder = r->pv[k][1];
        }
    }
    if (r->debug && n > 0 && r->next.message) {
        char note[ERR_STR_MAX];
        snprintf(note, sizeof note,
                 "debug: strength: UCI_Elo %d plays line %d of %d at depth %d (expected result %d, the best %d, "
                 "per mille; noise %d)",
                 r->set.elo, k + 1, n, r->depth, expected[k], expected[0], r->set.noise);
        r->next.message(r->next.ctx, note);
    }
    if (r->next.bestmove) r->next.bestmove(r->next.ctx, root, best, ponder);
}

SearchReport strength_relay(StrengthRelay *r, const SearchReport *next, const GameOps *g, const StrengthSetting *set,
                            const WdlModel *wdl, uint64_t seed, int root_player, bool ponder_enabled, bool debug) {
    memset(r, 0, sizeof *r);
    r->next = *next;
    r->game = g;
    r->set = *set;
    r->wdl = *wdl;
    r->seed = seed;
    r->root_player = root_player;
    r->ponder_enabled = ponder_enabled;
    r->debug = debug;
    return (SearchReport){.ctx = r,
                          .info = relay_info,
                          .currmove = next->currmove ? relay_currmove : NULL,
                          .message = relay_message,
                          .bestmove = relay_bestmove};
}
