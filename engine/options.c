/* options.c — validation and bookkeeping of the option table; what an option does when
 * it changes is its owner's apply callback. */
#include "options.h"

#include "types.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int combo_count(const Option *o) {
    int n = 0;
    while (o->vars[n]) n++;
    return n;
}

void options_add(OptionTable *t, const Option *o) {
    if (t->count >= OPTIONS_MAX) abort(); /* a programming error: raise OPTIONS_MAX */
    Option *d = &t->opt[t->count++];
    *d = *o;
    d->value = o->def;
    if (o->type == OPT_COMBO) d->max = combo_count(o) - 1, d->min = 0;
    snprintf(d->str, sizeof d->str, "%s", o->type == OPT_COMBO ? o->vars[o->def] : o->def_str ? o->def_str : "");
}

/* Compares ignoring case and treating any run of whitespace as a single space. */
static bool name_eq(const char *a, const char *b) {
    for (;;) {
        if (isspace((unsigned char)*a) && isspace((unsigned char)*b)) {
            while (isspace((unsigned char)*a)) a++;
            while (isspace((unsigned char)*b)) b++;
            continue;
        }
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
        if (!*a) return true;
        a++, b++;
    }
}

Option *options_find(OptionTable *t, const char *name) {
    for (int i = 0; i < t->count; i++)
        if (name_eq(t->opt[i].name, name)) return &t->opt[i];
    return NULL;
}

static bool parse_int(const char *s, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno) return false;
    while (isspace((unsigned char)*end)) end++;
    if (*end) return false;
    *out = v;
    return true;
}

bool options_set(OptionTable *t, const char *name, const char *value, char *err) {
    Option *o = options_find(t, name);
    if (!o) {
        snprintf(err, ERR_STR_MAX, "unknown option '%.64s'", name);
        return false;
    }
    int64_t v = o->value;
    const char *str = o->str;
    switch (o->type) {
    case OPT_BUTTON:
        break;
    case OPT_CHECK:
        if (!value || (strcasecmp(value, "true") && strcasecmp(value, "false"))) {
            snprintf(err, ERR_STR_MAX, "option '%s' takes true or false, not '%.64s'; it stays %s", o->name,
                     value ? value : "", o->value ? "true" : "false");
            return false;
        }
        v = !strcasecmp(value, "true");
        break;
    case OPT_SPIN:
        if (!value || !parse_int(value, &v) || v < o->min || v > o->max) {
            snprintf(err, ERR_STR_MAX,
                     "option '%s' takes an integer from %" PRId64 " to %" PRId64 ", not '%.64s'; it stays %" PRId64,
                     o->name, o->min, o->max, value ? value : "", o->value);
            return false;
        }
        break;
    case OPT_COMBO: {
        int k = 0;
        while (o->vars[k] && (!value || strcasecmp(o->vars[k], value))) k++;
        if (!o->vars[k]) {
            char list[ERR_STR_MAX / 2];
            size_t n = 0;
            list[0] = 0;
            for (int i = 0; o->vars[i] && n < sizeof list; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", o->vars[i]);
            snprintf(err, ERR_STR_MAX, "option '%s' takes one of %s, not '%.64s'; it stays %s", o->name, list,
                     value ? value : "", o->vars[o->value]);
            return false;
        }
        v = k;
        str = o->vars[k];
        break;
    }
    case OPT_STRING:
        str = value ? value : "";
        if (strlen(str) >= OPTION_STR_MAX) {
            snprintf(err, ERR_STR_MAX, "option '%s': value longer than %d bytes", o->name, OPTION_STR_MAX - 1);
            return false;
        }
        /* "<empty>" is how GUIs send an empty string */
        if (!strcmp(str, "<empty>")) str = "";
        break;
    }
    if (o->apply && !o->apply(o->owner, o, v, str, err)) return false;
    o->value = v;
    if ((o->type == OPT_STRING || o->type == OPT_COMBO) && str != o->str) snprintf(o->str, sizeof o->str, "%s", str);
    return true;
}

void options_describe(const Option *o, char *out, size_t size) {
    switch (o->type) {
    case OPT_CHECK:
        snprintf(out, size, "option name %s type check default %s", o->name, o->def ? "true" : "false");
        break;
    case OPT_SPIN:
        snprintf(out, size, "option name %s type spin default %" PRId64 " min %" PRId64 " max %" PRId64,
                 o->name, o->def, o->min, o->max);
        break;
    case OPT_BUTTON:
        snprintf(out, size, "option name %s type button", o->name);
        break;
    case OPT_STRING:
        snprintf(out, size, "option name %s type string default %s", o->name,
                 o->def_str && *o->def_str ? o->def_str : "<empty>");
        break;
    case OPT_COMBO: {
        int n = snprintf(out, size, "option name %s type combo default %s", o->name, o->vars[o->def]);
        for (int i = 0; o->vars[i] && n > 0 && (size_t)n < size; i++)
            n += snprintf(out + n, size - (size_t)n, " var %s", o->vars[i]);
        break;
    }
    }
}
