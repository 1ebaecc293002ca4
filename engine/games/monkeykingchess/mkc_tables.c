/* mkc_tables.c — Monkey King Chess's read-only tables: the faces, the step patterns and
 * rays of the earth board, the clouds' landing squares and the Zobrist keys (made once). */
#include "../common/zobrist.h"
#include "mkc.h"

const uint8_t MKC_DISKS[D_NB] = {6, 2, 2, 1, 1};
const uint8_t MKC_FRONT[2][D_NB] = {{BP, BN, BH, BK, BC}, {RP, RN, RH, RK, RC}};

/* letter, side, disk, other face, origin of a flip to it, flier, mountain. The Celestials
 * never flip to their Mountains (a Mountain has no move), but a Mountain flips back. */
const FaceInfo MKC_FACE[F_NB] = {
    [F_NONE] = {'.', 0, 0, 0, 0, 0, 0},
    [BP] = {'P', BLUE, D_PAWN, BS, BS, 0, 0},    [BS] = {'S', BLUE, D_PAWN, BP, BP, 0, 0},
    [BN] = {'N', BLUE, D_KNIGHT, BG, BG, 0, 0},  [BG] = {'G', BLUE, D_KNIGHT, BN, BN, 1, 0},
    [BH] = {'H', BLUE, D_HERO, BL, BL, 0, 0},    [BL] = {'L', BLUE, D_HERO, BH, BH, 1, 0},
    [BK] = {'K', BLUE, D_KING, 0, 0, 0, 0},      [BC] = {'C', BLUE, D_CEL, 0, BX, 1, 0},
    [BX] = {'X', BLUE, D_CEL, BC, 0, 0, 1},
    [RP] = {'p', RED, D_PAWN, RM, RM, 0, 0},     [RM] = {'m', RED, D_PAWN, RP, RP, 1, 0},
    [RN] = {'n', RED, D_KNIGHT, RL, RL, 0, 0},   [RL] = {'l', RED, D_KNIGHT, RN, RN, 1, 0},
    [RH] = {'h', RED, D_HERO, 0, 0, 0, 0},       [RK] = {'k', RED, D_KING, 0, 0, 0, 0},
    [RC] = {'c', RED, D_CEL, 0, RX, 1, 0},       [RX] = {'x', RED, D_CEL, RC, 0, 0, 1},
};

Bb mkc_knight[64], mkc_king[64], mkc_ferz[64];
Bb mkc_pawn_push[2][64], mkc_pawn_cap[2][64], mkc_hero[2][64];
Bb mkc_ray[4][64];
Bb mkc_cloud_down[64];
Key mkc_z_piece[F_NB][64], mkc_z_hand[2][D_NB][8], mkc_z_tokens[3], mkc_z_extra, mkc_z_red, mkc_z_diagonal;

static bool on_earth(int f, int r) { return f >= 0 && f < 5 && r >= 0 && r < 8; }
static Bb earth_bit(int f, int r) { return on_earth(f, r) ? bb_bit(r * 8 + f) : 0; }

static void init_steps(int sq) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    int f = sq_file(sq), r = sq_rank(sq);
    for (int i = 0; i < 8; i++) mkc_knight[sq] |= earth_bit(f + knight[i][0], r + knight[i][1]);
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
            if (df || dr) {
                mkc_king[sq] |= earth_bit(f + df, r + dr);
                if (df && dr) mkc_ferz[sq] |= earth_bit(f + df, r + dr);
            }
    /* forward: down for Blue, up for Red */
    for (int side = BLUE; side <= RED; side++) {
        int fw = side == BLUE ? -1 : 1;
        mkc_pawn_push[side][sq] = earth_bit(f, r + fw);
        mkc_pawn_cap[side][sq] = earth_bit(f - 1, r + fw) | earth_bit(f + 1, r + fw);
        mkc_hero[side][sq] = mkc_ferz[sq] | mkc_pawn_push[side][sq];
    }
    static const int dirs[4][2] = {[DIR_N] = {0, 1}, [DIR_E] = {1, 0}, [DIR_S] = {0, -1}, [DIR_W] = {-1, 0}};
    for (int d = 0; d < 4; d++)
        for (int k = 1; on_earth(f + k * dirs[d][0], r + k * dirs[d][1]); k++)
            mkc_ray[d][sq] |= earth_bit(f + k * dirs[d][0], r + k * dirs[d][1]);
}

static void init_once(void) {
    for (int sq = 0; sq < 64; sq++) {
        if (bb_bit(sq) & MKC_EARTH) init_steps(sq);
        if (bb_bit(sq) & MKC_CLOUDS) mkc_cloud_down[sq] = MKC_EARTH & (bb_bit(sq) & MKC_DARK ? MKC_DARK : ~MKC_DARK);
    }
    /* The seed and the order of drawing are frozen: keys (and books) depend on them. */
    Prng rng = {0x4D4B43484553531ULL};
    zobrist_fill(&rng, &mkc_z_piece[0][0], sizeof mkc_z_piece / sizeof(Key));
    zobrist_fill(&rng, &mkc_z_hand[0][0][0], sizeof mkc_z_hand / sizeof(Key));
    zobrist_fill(&rng, mkc_z_tokens, 3);
    zobrist_fill(&rng, &mkc_z_extra, 1);
    zobrist_fill(&rng, &mkc_z_red, 1);
    zobrist_fill(&rng, &mkc_z_diagonal, 1);
    /* An empty square, an empty hand and no token add nothing. */
    for (int sq = 0; sq < 64; sq++) mkc_z_piece[F_NONE][sq] = 0;
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++) mkc_z_hand[s][d][0] = 0;
    mkc_z_tokens[0] = 0;
}

#include <pthread.h>
static pthread_once_t once = PTHREAD_ONCE_INIT;
void mkc_init_tables(void) { pthread_once(&once, init_once); }
