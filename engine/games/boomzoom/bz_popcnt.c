/* bz_popcnt.c — the hot Boom & Zoom code (move generation, make/unmake, evaluation) compiled
 * a second time for CPUs with popcnt, BMI1 and BMI2, by a target pragma over this file. */
#if defined(__x86_64__) && defined(SIMIA_DISPATCH)
/* The pragma gives every function below (the headers' inline helpers included) the
 * instructions; BZ_HOT_POPCNT names the exported ones *_popcnt (see BZ_HOT in bz.h). */
#define BZ_HOT_POPCNT 1
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#include "bz_eval.c"
#include "bz_make.c"
#include "bz_movegen.c"
#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#else
/* Only the portable build here: ISO C wants a declaration in every file. */
typedef int bz_popcnt_not_built;
#endif
