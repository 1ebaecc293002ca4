/* fields.h — the parts of a position string every game reads the same way: splitting it
 * into fields, plain decimal numbers, square names and move suffixes' case. */
#ifndef SIMIA_FIELDS_H
#define SIMIA_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

/* Copies text into buf (size bytes) and cuts it at runs of spaces or tabs into at most max
 * fields; returns how many there were (max + 1 when there were more), or -1 when text does
 * not fit buf. */
int fields_split(const char *text, char *buf, size_t size, char *fields[], int max);

/* The refusal of a position string of n fields (any n > want means more) where want are
 * expected, names naming them: "position string: 1 field, expected 4 (board side swap ply)",
 * "position string: empty, expected 4 fields (...)", "position string: more than 4 fields,
 * expected 4 (...)". Writes it into err (ERR_STR_MAX bytes) and returns false. */
bool fields_count_fail(char *err, int n, int want, const char *names);

/* A whole field as a plain decimal in [min, max]: digits only, no sign, no leading zero. */
bool field_uint(const char *s, long min, long max, long *v);

/* A square name: a file letter (either case) among the first `files`, then a rank number
 * 1..ranks without a leading zero. Returns the characters read (0 if none) and sets file
 * and rank (from 0). Reads the longest rank number that fits, so "a10" on a 12-rank board
 * is a10, and "a1" followed by more digits on an 8-rank board stops after "a1". */
int square_parse(const char *s, int files, int ranks, int *file, int *rank);
/* Writes "a1" style text (lowercase) into out (at least 4 bytes); returns its length. */
int square_name(int file, int rank, char *out);

/* Case-insensitive equality of a whole word. */
bool word_is(const char *s, const char *word);

#endif
