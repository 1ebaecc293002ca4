/* embed_fast.c — the hot Embed code (move generation, make/unmake, evaluation) compiled a second time for CPUs with popcnt, BMI1 and BMI2, by a pragma (the
 * build has no per-file flags for this module); EM_HOT_FAST names its functions *_fast. */
#if defined(__x86_64__) && defined(SIMIA_DISPATCH)
#include <stdio.h> /* before the pragma: library declarations keep their own target */
#define EM_HOT_FAST 1
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#include "embed_eval.c"
#include "embed_make.c"
#include "embed_movegen.c"
#ifdef __clang__
#pragma clang attribute pop
#endif
#else
typedef int em_fast_unused; /* no second build here: keep the translation unit non-empty */
#endif
