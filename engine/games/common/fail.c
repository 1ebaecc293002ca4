/* fail.c — the kit's error helper for the games' parsers (see fail.h): one place that
 * formats a refusal into the caller's buffer. */
#include "fail.h"

#include <stdarg.h>
#include <stdio.h>

#include "../../types.h"

bool kit_fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, ERR_STR_MAX, fmt, ap);
    va_end(ap);
    return false;
}
