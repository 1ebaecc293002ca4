/* hot.c — the kit's one CPU dispatch (see hot.h): which build of a game's hot code this
 * CPU runs, and the game's table pointed at it once. */
#include "hot.h"

#include <pthread.h>

#ifdef __wasm_simd128__
#define KIT_WASM_ISA "wasm32+simd128"
#else
#define KIT_WASM_ISA "wasm32"
#endif

#if defined(__wasm__) /* the engine of the web page (uci-like/web/wasm/): one build */
static const char *const ISA[KIT_MAX_BUILDS] = {KIT_WASM_ISA, KIT_WASM_ISA};
#else
static const char *const ISA[KIT_MAX_BUILDS] = {"x86-64", "x86-64+popcnt+bmi2"};
#endif

/* Builds this CPU runs, of the kit's two. */
static int cpu_builds(void) {
#ifdef KIT_HAVE_BMI2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        return 2;
#endif
    return 1;
}

/* The hot entries a build may set (every function a hot file of some game exports). */
#define OVERLAID(X)                                                                   \
    X(gen_moves) X(count_moves) X(nth_move) X(is_legal) X(is_noisy) X(noisy_value) X(make)  \
    X(unmake) X(in_check) X(winning_move) X(see_ge) X(make_null) X(unmake_null) X(terminal) \
    X(evaluate) X(features) X(features_both) X(make_delta) X(features_dynamic) X(move_delta) \
    X(features_dynamic_after)

static void overlay(GameOps *ops, const GameOps *hot) {
#define COPY(f) \
    if (hot->f) ops->f = hot->f;
    OVERLAID(COPY)
#undef COPY
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const char *kit_init(KitDispatch *d) {
    pthread_mutex_lock(&lock);
    if (!d->done) {
        d->tables();
        int builds = d->hot[0] ? cpu_builds() : 1;
        while (builds > 1 && !d->hot[builds - 1]) builds--;
        for (int i = 0; i < builds; i++) {
            d->copy[i] = *d->ops;
            if (d->hot[i]) overlay(&d->copy[i], d->hot[i]);
            d->variant[i] = &d->copy[i];
        }
        *d->ops = d->copy[builds - 1];
        d->variant[builds - 1] = d->ops;
        d->n = builds;
        d->isa = ISA[builds - 1];
        d->done = true;
    }
    const char *isa = d->isa;
    pthread_mutex_unlock(&lock);
    return isa;
}

int kit_variants(KitDispatch *d, const GameOps **out) {
    kit_init(d);
    for (int i = 0; i < d->n; i++) out[i] = d->variant[i];
    return d->n;
}
