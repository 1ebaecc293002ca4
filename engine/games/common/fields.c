/* fields.c — splitting position strings, strict decimals, square names; shared by every
 * game module so that all of them refuse the same malformed input the same way. */
#include "fields.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fail.h"

int fields_split(const char *text, char *buf, size_t size, char *fields[], int max) {
    size_t len = strlen(text);
    if (len + 1 > size) return -1;
    memcpy(buf, text, len + 1);
    int n = 0;
    char *s = buf;
    for (;;) {
        while (*s == ' ' || *s == '\t') *s++ = '\0';
        if (!*s) break;
        if (n == max) return max + 1;
        fields[n++] = s;
        while (*s && *s != ' ' && *s != '\t') s++;
    }
    return n;
}

bool fields_count_fail(char *err, int n, int want, const char *names) {
    if (n == 0) return kit_fail(err, "position string: empty, expected %d fields (%s)", want, names);
    if (n > want) return kit_fail(err, "position string: more than %d fields, expected %d (%s)", want, want, names);
    return kit_fail(err, "position string: %d field%s, expected %d (%s)", n, n == 1 ? "" : "s", want, names);
}

bool field_uint(const char *s, long min, long max, long *v) {
    if (!isdigit((unsigned char)s[0]) || (s[0] == '0' && s[1])) return false;
    long x = 0;
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p)) return false;
        if (x > (max - (*p - '0')) / 10) return false; /* beyond max: also no overflow */
        x = x * 10 + (*p - '0');
    }
    if (x < min || x > max) return false;
    *v = x;
    return true;
}

int square_parse(const char *s, int files, int ranks, int *file, int *rank) {
    int f = tolower((unsigned char)s[0]) - 'a';
    if (f < 0 || f >= files || !isdigit((unsigned char)s[1]) || s[1] == '0') return 0;
    int r = 0, n = 1;
    while (isdigit((unsigned char)s[n]) && r * 10 + (s[n] - '0') <= ranks) r = r * 10 + (s[n++] - '0');
    if (r < 1) return 0;
    *file = f;
    *rank = r - 1;
    return n;
}

int square_name(int file, int rank, char *out) { return sprintf(out, "%c%d", 'a' + file, rank + 1); }

bool word_is(const char *s, const char *word) { return !strcasecmp(s, word); }
