/* hot.h — the kit's one CPU dispatch: a game's hot code built twice (portable, and for
 * x86-64 CPUs with popcnt+BMI1/2), and the game's table pointed once at the copy to run. */
#ifndef SIMIA_KIT_HOT_H
#define SIMIA_KIT_HOT_H

#include <stdbool.h>

#include "../../game.h"

/* How a game takes part: its hot files (move generation, make/unmake, evaluation, ...)
 * name every function they export KIT_HOT(name) and define one partial table,
 * `const GameOps KIT_HOT(<p>_hot)`, that sets only the hot entries. The file <g>_bmi2.c
 * defines KIT_HOT_BMI2 and includes those files again; CMakeLists.txt has the one rule
 * that builds every engine/games/<g>/<g>_bmi2.c with -mpopcnt -mbmi -mbmi2 when
 * SIMIA_DISPATCH is on (x86-64, not -march=native), and leaves it out otherwise. The game's
 * init calls kit_init, which copies the entries of the best build this CPU runs into the
 * game's table; the contract sees one table, whatever the CPU. (AVX2 was measured on Monkey
 * Queen: no gain.) Helpers in the hot files are static. */
#if defined(__x86_64__) && defined(SIMIA_DISPATCH)
#define KIT_HAVE_BMI2 1
#endif
#ifdef KIT_HOT_BMI2
#ifndef KIT_HAVE_BMI2
#error "a <game>_bmi2.c is built only with SIMIA_DISPATCH on x86-64"
#endif
#define KIT_HOT(name) name##_bmi2
#else
#define KIT_HOT(name) name
#endif

/* The hot entries every game with a dispatch has, named by one convention: <p>_gen,
 * <p>_count, <p>_nth, <p>_is_legal, <p>_make, <p>_unmake and <p>_evaluate. A game's
 * header declares them and its table <p>_hot with KIT_DECLARE_HOT(p) (any other hot
 * function by hand, as KIT_HOT(name)); its hot table starts with KIT_HOT_ENTRIES(p). */
#define KIT_DECLARE_HOT(p)                                                                  \
    int KIT_HOT(p##_gen)(const GamePos *gp, Move *list, GenKind kind);                      \
    uint64_t KIT_HOT(p##_count)(const GamePos *gp);                                         \
    Move KIT_HOT(p##_nth)(const GamePos *gp, uint64_t k);                                   \
    bool KIT_HOT(p##_is_legal)(const GamePos *gp, Move m);                                  \
    void KIT_HOT(p##_make)(GamePos *gp, Move m, GameUndo *u);                               \
    void KIT_HOT(p##_unmake)(GamePos *gp, Move m, const GameUndo *u);                       \
    Score KIT_HOT(p##_evaluate)(const GamePos *gp);                                         \
    KIT_DECLARE_TABLES(p##_hot)
#define KIT_HOT_ENTRIES(p)                                                                  \
    .gen_moves = KIT_HOT(p##_gen), .count_moves = KIT_HOT(p##_count),                       \
    .nth_move = KIT_HOT(p##_nth), .is_legal = KIT_HOT(p##_is_legal), .make = KIT_HOT(p##_make), \
    .unmake = KIT_HOT(p##_unmake), .evaluate = KIT_HOT(p##_evaluate)

/* The builds of a game's hot table, portable first: KIT_BUILDS(<p>_hot) in the game's
 * KitDispatch. */
enum { KIT_MAX_BUILDS = 2 };
#ifdef KIT_HAVE_BMI2
#define KIT_DECLARE_TABLES(name) extern const GameOps name, name##_bmi2
#define KIT_BUILDS(name) {&name, &name##_bmi2}
#else
#define KIT_DECLARE_TABLES(name) extern const GameOps name
#define KIT_BUILDS(name) {&name}
#endif

/* A game's dispatch: declared by the game (ops, hot, tables), filled once by kit_init. */
typedef struct {
    GameOps *ops;                       /* the game's registered table */
    const GameOps *hot[KIT_MAX_BUILDS]; /* each build's hot entries; none for a game without */
    void (*tables)(void);               /* builds the game's read-only tables */
    /* Made once by kit_init: */
    bool done;
    int n;                                 /* builds this CPU runs */
    GameOps copy[KIT_MAX_BUILDS];          /* the whole table with each build's entries */
    const GameOps *variant[KIT_MAX_BUILDS]; /* copies, the best being ops itself */
    const char *isa;
} KitDispatch;

/* Once (whoever calls first, any thread): builds the tables, points the game's table at
 * the best build this CPU runs, and returns that build's name ("x86-64" or
 * "x86-64+popcnt+bmi2") — what GameOps.init returns. */
const char *kit_init(KitDispatch *d);

/* Every build this CPU runs, portable first, the game's own table (the best) last: for
 * tests and benchmarks that compare them. Returns how many (at most KIT_MAX_BUILDS). */
int kit_variants(KitDispatch *d, const GameOps **out);

#endif
