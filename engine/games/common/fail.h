/* fail.h — the kit's error helper for the games' parsers: a reason written into the
 * caller's buffer (ERR_STR_MAX bytes) in one call that also says "refused". */
#ifndef SIMIA_KIT_FAIL_H
#define SIMIA_KIT_FAIL_H

#include <stdbool.h>

/* Writes the formatted reason into err and returns false, so that a parser can end with
 * `return kit_fail(err, "bad square '%s'", s);`. */
bool kit_fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
