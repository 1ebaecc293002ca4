/* mad_popcnt.c — the hot M.A.D. code (move generation, make/unmake, evaluation) compiled a
 * second time for CPUs with popcnt and BMI1/2, chosen at start-up by mad_game.c. */
#if defined(__x86_64__) && defined(SIMIA_DISPATCH) /* as MAD_HAVE_POPCNT in mad.h */
/* System headers first, so that only Simia's code falls under the target pragmas below. */
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The flags come from pragmas rather than the build files, so that the module owns its
 * dispatch: every function defined below them (the headers' inline helpers included, since
 * they are first read here) is compiled for the newer CPUs. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#define MAD_HOT_POPCNT 1
#include "mad_eval.c"
#include "mad_make.c"
#include "mad_movegen.c"
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#else
typedef int mad_popcnt_unused; /* ISO C: a translation unit declares something */
#endif
