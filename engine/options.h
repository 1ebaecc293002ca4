/* options.h — the engine's one table of options: declaration (name, type, default,
 * range), parsing and validation of new values, and the current values. */
#ifndef SIMIA_OPTIONS_H
#define SIMIA_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { OPT_CHECK, OPT_SPIN, OPT_BUTTON, OPT_STRING, OPT_COMBO } OptionType;

#define OPTION_STR_MAX 1024
#define OPTIONS_MAX 128

typedef struct Option Option;
/* Applies a validated new value; returns false (with a reason in err, and the option
 * keeps its previous value) when the change cannot be made now. */
typedef bool (*OptionApply)(void *owner, const Option *opt, int64_t value, const char *str,
                            char *err);

struct Option {
    const char *name;
    OptionType type;
    int64_t def, min, max;   /* check: 0/1; spin: range; combo: index of the default in vars */
    const char *def_str;     /* string options */
    const char *const *vars; /* combo: the values, NULL-terminated; value is the index */
    OptionApply apply;       /* NULL: just store */
    void *owner;             /* passed to apply: the module the option belongs to */
    const void *data;        /* the owner's own note on this option (e.g. which game's) */
    int64_t value;
    char str[OPTION_STR_MAX];
};

typedef struct {
    Option opt[OPTIONS_MAX];
    int count;
} OptionTable;

void options_add(OptionTable *t, const Option *o);
/* Case-insensitive lookup; internal runs of whitespace in name count as one space. */
Option *options_find(OptionTable *t, const char *name);
/* Parses and validates value (NULL for buttons), then calls apply. On failure nothing
 * changes and err says why. */
bool options_set(OptionTable *t, const char *name, const char *value, char *err);
/* The `option name ... type ... default ...` line of the protocol (no newline). */
void options_describe(const Option *o, char *out, size_t size);

#endif
