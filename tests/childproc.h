/* childproc.h — the engine as a child process over pipes, for tests that hold whole
 * conversations with the real executable; every wait has a timeout, so a hang fails. */
#ifndef SIMIA_CHILDPROC_H
#define SIMIA_CHILDPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct Child Child;

/* Starts argv[0] (a path) with argv; stdin and stdout are pipes, stderr is inherited. */
Child *child_start(char *const argv[]);
/* Kills (if still running), reaps and frees. */
void child_free(Child *c);

/* Writes bytes to the child's stdin, draining its stdout meanwhile (so neither side can
 * block the other). False if the child's stdin is closed or timeout_ms passed. */
bool child_write(Child *c, const void *data, size_t len, int timeout_ms);
/* Writes one formatted line ('\n' added). */
bool child_send(Child *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Closes the child's stdin (end of input) / our end of its stdout (a reader gone). */
void child_close_stdin(Child *c);
void child_close_stdout(Child *c);

/* The next line of output without its '\n' (valid until the next call), or NULL on
 * timeout or end of output. */
const char *child_line(Child *c, int timeout_ms);
/* Reads lines until one starts with prefix and returns it; NULL on timeout or end of
 * output. Every line read on the way is kept in the transcript. */
const char *child_expect(Child *c, const char *prefix, int timeout_ms);
/* Everything read since the last child_transcript_reset, lines joined by '\n'. */
const char *child_transcript(Child *c);
void child_transcript_reset(Child *c);
/* How many transcript lines start with prefix. */
int child_count(Child *c, const char *prefix);

/* Waits for the child to exit: its exit status, 128+signal if killed by one, or -1 on
 * timeout (the child is then killed). */
int child_wait(Child *c, int timeout_ms);

#endif
