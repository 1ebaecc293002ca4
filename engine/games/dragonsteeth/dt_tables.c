/* dt_tables.c — Dragons Teeth's read-only tables, made once: magic queen attacks, the exit
 * lines, the neighbour byte masks of the assist sums, and the frozen Zobrist keys. */
#include <pthread.h>
#include <string.h>

#include "../common/zobrist.h"
#include "dt.h"

DTMagic dt_rook_magic[B8_SQ], dt_bishop_magic[B8_SQ];
Bb dt_exit_ray[2][B8_SQ][3];
uint64_t dt_king_bytes[B8_SQ][8];
Key dt_z_tooth[2][4][B8_SQ], dt_z_side, dt_z_off[2][DT_MAX_OFF + 1], dt_z_nodead;

/* Fancy magic tables: 102,400 rook and 5,248 bishop entries (the usual sizes). */
static Bb rook_table[102400], bishop_table[5248];

static const int ROOK_DIRS[4] = {DIR_N, DIR_E, DIR_S, DIR_W};
static const int BISHOP_DIRS[4] = {DIR_NE, DIR_SE, DIR_SW, DIR_NW};

/* Magics that the search below found with its seeds (printed once and kept here), so that
 * start-up only checks them while it fills the tables: the search itself takes about 0.3 s
 * of CPU, which every engine process choosing this game would pay. */
static const Bb ROOK_KNOWN[B8_SQ] = {
    0x2180048020164000ULL, 0x1840001000200041ULL, 0x0880100008842000ULL,
    0x0880080080100004ULL, 0x8600082004020010ULL, 0x4100040008020100ULL,
    0x95000081000a0004ULL, 0x0100015100002482ULL, 0x8008800862c00480ULL,
    0x0083402010004000ULL, 0x8818802000801000ULL, 0x0928801000080080ULL,
    0x0384808044000800ULL, 0x0082808004000200ULL, 0x0011000100040200ULL,
    0x0001000081000042ULL, 0x2210208008400880ULL, 0x044540c008201000ULL,
    0x0020008010082080ULL, 0x0000808010000800ULL, 0x2962020008201004ULL,
    0x4280808002000400ULL, 0x0401240002280110ULL, 0x2800120014489104ULL,
    0x0000802080004000ULL, 0x0040008080200041ULL, 0x0290201200408200ULL,
    0x8708008280100088ULL, 0x2400040080800800ULL, 0x0001008900040002ULL,
    0x4234010400100802ULL, 0x0038805a00010084ULL, 0x0c80400084800820ULL,
    0x0064200044c01001ULL, 0x0420004800401003ULL, 0x8020800802801000ULL,
    0x2832110005000800ULL, 0x0000040080800200ULL, 0x0018021004000108ULL,
    0x22110400420010a1ULL, 0x0080002000404006ULL, 0x0424442010004002ULL,
    0xa029200241030010ULL, 0x0440080010008080ULL, 0x4482001020060008ULL,
    0x02b4001008020200ULL, 0x04a0281002540001ULL, 0x0019000480450002ULL,
    0x0480004000200040ULL, 0x1003421100258200ULL, 0x0001001040200100ULL,
    0x0000080010008280ULL, 0x1088004200040040ULL, 0x0080040002008080ULL,
    0x0200010210080400ULL, 0x0040408100441200ULL, 0x000c210600801042ULL,
    0x0010400080201101ULL, 0x0000102004090041ULL, 0x0000080421001001ULL,
    0x0082000508209002ULL, 0x0202001021842802ULL, 0x0200080102009004ULL,
    0x7101000022108441ULL,
};
static const Bb BISHOP_KNOWN[B8_SQ] = {
    0x00408882040220a0ULL, 0x0050518800818000ULL, 0x0810a40a40410800ULL,
    0x05a4050200000004ULL, 0x4002021004080520ULL, 0x0048220820014494ULL,
    0x00a0843008840000ULL, 0x0912010c10842410ULL, 0x020040020a642f02ULL,
    0x0083021004608c80ULL, 0x0300048822004000ULL, 0x2001040400840082ULL,
    0x0100040420000192ULL, 0x0009408820080100ULL, 0x10000188090822d0ULL,
    0x0002960041084800ULL, 0x0041004808086084ULL, 0x4002002048512900ULL,
    0x4001080802002200ULL, 0x9004002844000812ULL, 0x1004000880a04200ULL,
    0x0420400080504020ULL, 0x6014020c80c81881ULL, 0x0009000141149040ULL,
    0x0104900040020880ULL, 0x8008a00008320088ULL, 0x08048802500028a0ULL,
    0x0020060014401040ULL, 0x2002840228802008ULL, 0x102e002084100800ULL,
    0x0804e70024010800ULL, 0x0e01520a89030902ULL, 0x0104842120042000ULL,
    0x0004100320449400ULL, 0x00a6209000480022ULL, 0x1608840400080120ULL,
    0xc400404040040100ULL, 0x50a0080840248050ULL, 0x000400840805a420ULL,
    0x0411020820408404ULL, 0x4424020925014008ULL, 0x020100a80400a060ULL,
    0x11a2010047002802ULL, 0x1802802018000100ULL, 0x0060200411009010ULL,
    0x06028c0800208600ULL, 0x8002100400802108ULL, 0x0914080049080148ULL,
    0x0000480208a10c05ULL, 0x248204a0882800c2ULL, 0x00000024022200c2ULL,
    0x0000280042022900ULL, 0x0030001002020808ULL, 0x88002910100888c8ULL,
    0x02100262042c0001ULL, 0x0020048400404201ULL, 0x0000110088204801ULL,
    0x0020128044102491ULL, 0x0012200020a41004ULL, 0x2008010000420884ULL,
    0x0006004011020200ULL, 0x3010104022cc0500ULL, 0x000108109c1840c0ULL,
    0x4220c22c10440540ULL,
};

/* The slow, obvious slide, used only to fill the tables. */
static Bb slide_attacks(int sq, Bb occ, const int dirs[4]) {
    Bb a = 0;
    for (int i = 0; i < 4; i++) a |= b8_slide(sq, dirs[i], occ);
    return a;
}

/* The squares of sq's lines whose occupancy matters: each line without its last square
 * (a piece there changes nothing, the slide stops at the edge anyway). */
static Bb relevant_mask(int sq, const int dirs[4]) {
    Bb m = 0;
    for (int i = 0; i < 4; i++) {
        Bb ray = b8_ray[sq][dirs[i]];
        if (!ray) continue;
        int last = b8_dir_up(dirs[i]) ? bb_msb(ray) : bb_lsb(ray);
        m |= ray & ~bb_bit(last);
    }
    return m;
}

/* Finds a magic for every square and fills its slice of the table: the known one when it
 * works (it always should), else by trial from a fixed-seed generator. */
static void make_magics(DTMagic *magics, Bb *table, const int dirs[4], const Bb known[B8_SQ], uint64_t seed) {
    static Bb occs[4096], atts[4096];
    static uint32_t epoch[4096];
    static Bb used[4096];
    uint32_t cur = 0;
    Prng rng = {seed};
    Bb *slice = table;
    memset(epoch, 0, sizeof epoch);
    for (int sq = 0; sq < B8_SQ; sq++) {
        DTMagic *m = &magics[sq];
        m->mask = relevant_mask(sq, dirs);
        int bits = bb_popcount(m->mask), n = 0;
        m->shift = (unsigned)(64 - bits);
        m->table = slice;
        Bb sub = 0;
        do { /* every subset of the mask (carry-rippler) */
            occs[n] = sub;
            atts[n++] = slide_attacks(sq, sub, dirs);
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        for (int tries = 0;; tries++) {
            Bb magic = tries ? prng_next(&rng) & prng_next(&rng) & prng_next(&rng) : known[sq];
            if (tries && bb_popcount((m->mask * magic) & 0xFF00000000000000ULL) < 6) continue;
            cur++;
            int i = 0;
            for (; i < n; i++) {
                unsigned idx = (unsigned)((occs[i] * magic) >> m->shift);
                if (epoch[idx] < cur) epoch[idx] = cur, used[idx] = atts[i];
                else if (used[idx] != atts[i]) break;
            }
            if (i == n) {
                m->magic = magic;
                for (int j = 0; j < n; j++) slice[(occs[j] * magic) >> m->shift] = atts[j];
                break;
            }
        }
        slice += (size_t)1 << bits;
    }
}

static void make_exit_rays(void) {
    static const int FWD[2][3] = {{DIR_N, DIR_NE, DIR_NW}, {DIR_S, DIR_SE, DIR_SW}};
    for (int c = 0; c < 2; c++) {
        int far = c == PLAYER_1 ? 7 : 0;
        for (int sq = 0; sq < B8_SQ; sq++)
            for (int i = 0; i < 3; i++) {
                int d = FWD[c][i];
                Bb ray = b8_ray[sq][d];
                if (b8_rank(sq) == far) ray = 0; /* already on the far rank: always out */
                else if (!ray || b8_rank(b8_dir_up(d) ? bb_msb(ray) : bb_lsb(ray)) != far)
                    ray = ~(Bb)0; /* meets a side edge first: not an exit line */
                dt_exit_ray[c][sq][i] = ray;
            }
    }
}

static void make_king_bytes(void) {
    for (int sq = 0; sq < B8_SQ; sq++) {
        uint8_t bytes[B8_SQ] = {0};
        for (Bb k = b8_king[sq]; k;) bytes[bb_pop_lsb(&k)] = 1;
        memcpy(dt_king_bytes[sq], bytes, sizeof bytes);
    }
}

/* Frozen: this seed and this order of drawing (books keyed by them depend on it). */
static void make_zobrist(void) {
    Prng rng = {0x445241474F4E5354ULL}; /* "DRAGONST" */
    zobrist_fill(&rng, &dt_z_tooth[0][0][0], sizeof dt_z_tooth / sizeof(Key));
    zobrist_fill(&rng, &dt_z_side, 1);
    zobrist_fill(&rng, &dt_z_off[0][0], sizeof dt_z_off / sizeof(Key));
    zobrist_fill(&rng, &dt_z_nodead, 1);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    b8_init();
    make_magics(dt_rook_magic, rook_table, ROOK_DIRS, ROOK_KNOWN, 0x524F4F4BULL);
    make_magics(dt_bishop_magic, bishop_table, BISHOP_DIRS, BISHOP_KNOWN, 0x42495348ULL);
    make_exit_rays();
    make_king_bytes();
    make_zobrist();
}

void dt_init_tables(void) { pthread_once(&once, make_tables); }
