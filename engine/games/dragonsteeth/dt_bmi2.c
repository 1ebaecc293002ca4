/* dt_bmi2.c — the hot Dragons Teeth code (move generation, make/unmake, evaluation) compiled
 * a second time for CPUs with popcnt, BMI1 and BMI2, by a target pragma over this file. */
#if defined(__x86_64__) && defined(SIMIA_DISPATCH)
/* Before any header: the inline helpers of the headers get the target too. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#define DT_HOT_BMI2 1
#include "dt_eval.c"
#include "dt_make.c"
#include "dt_movegen.c"
#include "dt_see.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int dt_bmi2_unused; /* no second copy in this build (not x86-64, or SIMIA_NATIVE) */
#endif
