/* output.h — the one owner of stdout and of the debug log: every line leaves whole and
 * flushed under one lock, from any thread; a closed stdout is noticed, never fatal. */
#ifndef SIMIA_OUTPUT_H
#define SIMIA_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Ignores SIGPIPE (a closed stdout becomes a write error) and prepares the wake-up pipe.
 * Call once, before any thread starts. */
void output_init(void);
/* Closes the debug log. */
void output_shutdown(void);

/* One line (the newline is added), written and flushed as a unit. */
void output_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Several lines ('\n'-separated; a missing last newline is added) as one unit, so that no
 * other thread's line lands in the middle of a board. */
void output_text(const char *text);
/* A stream that writes through this module (for code that prints to a FILE *); every
 * complete line it receives goes out as one unit. Flush it before leaving. */
FILE *output_stream(void);

/* In-process drivers (the fuzz target of the command loop) take the output instead of
 * stdout: fn receives each unit (one or more whole lines, each ending in '\n') under the
 * output lock, from whichever thread printed it. NULL restores stdout. */
typedef void (*OutputSink)(void *ctx, const char *text, size_t len);
void output_set_sink(OutputSink fn, void *ctx);

/* True once a write to stdout failed (the reader is gone). */
bool output_closed(void);
/* A file descriptor that becomes readable when stdout is found closed, so that a thread
 * blocked on input can wake up and leave. */
int output_wake_fd(void);

/* The debug log: every line in (">>") and out ("<<"), with time and process id. An empty
 * path closes it. Returns false (err filled, the previous log kept) if it cannot be opened. */
bool output_set_log(const char *path, char *err, size_t err_size);
/* Records a received line in the debug log (if one is open). */
void output_log_input(const char *line, size_t len);

#endif
