/* nnue.h — the learned evaluation of every game: a net (loaded and checked from a file or
 * from memory, NET.md), the accumulators of one search thread, and integer inference. */
#ifndef SIMIA_NNUE_H
#define SIMIA_NNUE_H

#include "../game.h"

/* The format's fixed constants (NET.md): activations clip at QA, the output weights are
 * scaled by QB, and SCALE turns the output into centi-units. */
enum { NNUE_QA = 255, NNUE_QB = 64, NNUE_SCALE = 400 };
enum { NNUE_HIDDEN_MIN = 16, NNUE_HIDDEN_MAX = 1024, NNUE_HIDDEN_STEP = 16 };
enum { NNUE_NAME_MAX = 16 }; /* game and feature-set fields, NUL-padded */
enum { NNUE_SCOPE_MAX = 64 }; /* the scope field of version 2, NUL-padded */
#define NNUE_MAGIC "SIMIANN1"
#define NNUE_VERSION 1u        /* a net for every configuration of its game */
#define NNUE_VERSION_SCOPED 2u /* the same header, then the scope: the configurations it serves */
#define NNUE_VERSION_ACTIVATION 3u /* the same header, the activation, then a scope (may be empty) */
#define NNUE_VERSION_BUCKETS 4u /* the activation, output buckets, the result scale, a scope */
#define NNUE_HEADER_BYTES 68u
#define NNUE_SCOPED_HEADER_BYTES (NNUE_HEADER_BYTES + NNUE_SCOPE_MAX)
#define NNUE_V3_HEADER_BYTES (NNUE_HEADER_BYTES + 4u + NNUE_SCOPE_MAX)
#define NNUE_V4_HEADER_BYTES (NNUE_HEADER_BYTES + 12u + NNUE_SCOPE_MAX)
/* The score-to-result scale a net was trained with (NET.md): a result's expectation for the
 * player to move is about 1 / (1 + exp(-score / scale)); the trainer fits it on held-out games.
 * A version 4 file carries one in this range; nets of versions 1 to 3 carry none. */
enum { NNUE_WDL_SCALE_MIN = 10, NNUE_WDL_SCALE_MAX = 10000 };

/* What the hidden layer does to an accumulator value v (NET.md): clip it to 0..QA, or clip
 * and square it (a squared activation: more for the same size of net, in version 3 files). */
typedef enum { NNUE_CRELU = 0, NNUE_SCRELU = 1 } NnueActivation;

/* A net, read-only once loaded (shared by every search thread). */
typedef struct NnueNet {
    char game[NNUE_NAME_MAX + 1];
    char feature_set[NNUE_NAME_MAX + 1];
    char scope[NNUE_SCOPE_MAX + 1]; /* names of the configurations it serves, space-separated; "": all */
    int n_features, hidden;
    int buckets;   /* output layers: 1, or the game's nnue_buckets (picked by its nnue_bucket) */
    int wdl_scale; /* the score-to-result scale it was trained with (NNUE_WDL_SCALE_*), 0: none said */
    NnueActivation activation;
    uint32_t checksum;
    int16_t *w1; /* [n_features][hidden] */
    int16_t *b1; /* [hidden] */
    int16_t *w2; /* [buckets][2 * hidden]: `us` then `them` */
    int32_t *b2; /* [buckets] */
} NnueNet;

/* The size of a net file for a shape (version 1; a scoped net adds NNUE_SCOPE_MAX, a version 3
 * file NNUE_SCOPE_MAX + 4, a version 4 file NNUE_SCOPE_MAX + 12 and (buckets - 1) output layers). */
size_t nnue_file_size(int n_features, int hidden);
/* Whether net serves the configuration cfg of game g: it has no scope, the game names no
 * configurations, or its scope lists cfg's name (written to name, when not NULL). */
bool nnue_net_serves(const NnueNet *net, const GameOps *g, const GameConfig *cfg, char name[NNUE_SCOPE_NAME_MAX + 1]);
/* Parses a net for game g from size bytes (what a file holds); NULL with one line in err
 * (ERR_STR_MAX, naming what is wrong) for another game or feature set, another shape, a
 * truncated or longer file, bad constants or a checksum mismatch. */
NnueNet *nnue_net_parse(const void *data, size_t size, const GameOps *g, char *err);
/* The same from a file (err names the file). */
NnueNet *nnue_net_load(const char *path, const GameOps *g, char *err);
/* The net as the bytes of a file (nnue_file_size of its shape); false without memory. */
bool nnue_net_serialise(const NnueNet *net, unsigned char **data, size_t *size);
bool nnue_net_save(const NnueNet *net, const char *path, char *err);
/* A zeroed net of a shape for game g (buckets 1 or g's nnue_buckets; no result scale; checksum
 * set by nnue_net_seal), or NULL. */
NnueNet *nnue_net_new(const GameOps *g, int hidden, int buckets);
void nnue_net_seal(NnueNet *net); /* recomputes the checksum after the parameters changed */
void nnue_net_free(NnueNet *net);
/* FNV-1a 32-bit, the checksum of net and data files. */
uint32_t nnue_fnv1a(const void *data, size_t size, uint32_t h);
#define NNUE_FNV_BASIS 2166136261u

/* The output bucket net uses for pos: 0 for a net without buckets, else the game's stage. */
int nnue_net_bucket(const NnueNet *net, const GameOps *g, const GamePos *pos);
/* The score-to-result scale net was trained with, for the protocol's win/draw/loss (it
 * describes the net's scores better than a game's constant): 0 when its file says none. */
int nnue_net_wdl_scale(const NnueNet *net);

/* The net built into the binary for game g (engine/games/<g>/net.nnue), or false. */
bool nnue_embedded(const GameOps *g, const unsigned char **data, size_t *size);

/* ---- inference ---- */
/* The kernels: plain C, and AVX2 where the CPU has it. Every kernel gives the same
 * numbers: sums are modular (int16 accumulator, int32 output), so order cannot matter. */
typedef enum { NNUE_KERNEL_SCALAR, NNUE_KERNEL_AVX2, NNUE_KERNEL_BEST } NnueKernel;
bool nnue_kernel_available(NnueKernel k);
const char *nnue_kernel_name(NnueKernel k);

/* The accumulators of one search thread: a stack by ply, as the line of the search goes.
 * For a game with make_delta (GameCaps.nnue_delta) each ply records what the move into it
 * changed, and an evaluation brings its accumulators up to date from the nearest computed
 * ancestor (a refresh where there is none). For a game without it an evaluation diffs the
 * position's whole lists against the last evaluated position's (any sequence of positions). */
enum { NNUE_PLIES = 160 }; /* the deepest line: the search's MAX_PLY and then some */
typedef struct NnueAcc NnueAcc;
NnueAcc *nnue_acc_new(NnueKernel k);
void nnue_acc_free(NnueAcc *a);
/* A new line starts at ply 0 (a new search, or a position not reached by the pushes). */
void nnue_acc_reset(NnueAcc *a);
/* With make_delta: the record that g->make_delta fills for the move made now (the line goes
 * one ply deeper; pos is the position before the move), and the way back at unmake. A pass
 * (make_null) is a push with nothing recorded, before it is made. nnue_acc_moved then names
 * the move and its undo record (alive while the ply is on the line: features_dynamic_after
 * reads them), its record deferred (with move_delta: the record, left empty, asked when the
 * ply is evaluated or the next push leaves it) or made. Without make_delta none is needed. */
NnueDelta *nnue_acc_push(NnueAcc *a, const GameOps *g, const GamePos *pos);
void nnue_acc_moved(NnueAcc *a, Move m, const GameUndo *u, bool deferred);
void nnue_acc_pop(NnueAcc *a);
/* A move along the line, as the search makes it: the deferred record where the game has
 * move_delta, make_delta's otherwise. */
static inline void nnue_acc_make(NnueAcc *a, const GameOps *g, GamePos *pos, Move m, GameUndo *u) {
    NnueDelta *d = nnue_acc_push(a, g, pos);
    if (g->move_delta) {
        g->make(pos, m, u);
        nnue_acc_moved(a, m, u, true);
    } else {
        g->make_delta(pos, m, u, d);
        if (g->features_dynamic_after) nnue_acc_moved(a, m, u, false); /* only that hook reads it */
    }
}

/* The net's evaluation of pos for the player to move, in centi-units, clamped inside
 * the forced-win bound: pos is the line's position at its top ply (for a game with
 * make_delta: reached from ply 0 by the pushes since the reset). */
Score nnue_evaluate(NnueAcc *a, const NnueNet *net, const GameOps *g, const GamePos *pos);
/* The same from scratch (no accumulators kept), with a chosen kernel: the reference for tests, `eval`. */
Score nnue_evaluate_fresh(const NnueNet *net, const GameOps *g, const GamePos *pos, NnueKernel k);
/* The accumulator of view p (hidden values) at the top ply, after its evaluation. */
const int16_t *nnue_acc_top(const NnueAcc *a, int p);
/* A full refresh of perspective p's accumulator into acc (hidden values). */
void nnue_refresh(const NnueNet *net, const GameOps *g, const GamePos *pos, int p, int16_t *acc,
                  NnueKernel k);
/* What the accumulators did (for tests and bench): views built from scratch and updated,
 * and position features worked out from the parent's (features_dynamic_after) or afresh. */
typedef struct {
    uint64_t refreshes, updates, dyn_after, dyn_fresh;
} NnueAccStats;
NnueAccStats nnue_acc_stats(const NnueAcc *a);

#endif
