/* input.h — reading protocol lines from a file descriptor: lines of any length up to a
 * cap (longer ones are skipped in constant memory), CR/LF endings, NUL bytes, a wake-up fd. */
#ifndef SIMIA_INPUT_H
#define SIMIA_INPUT_H

#include <stddef.h>

/* The longest line accepted, in bytes (without the line ending). A position command with
 * a move list of 100,000 plies fits; a longer line is refused with a message. */
#define INPUT_LINE_MAX ((size_t)1 << 20)

typedef enum {
    LINE_OK,       /* a line; NUL bytes in it were turned into spaces */
    LINE_TOO_LONG, /* a line longer than the cap was read and dropped; len = its length */
    LINE_EOF,      /* end of input (or a read error) */
    LINE_WOKEN,    /* the wake fd became readable */
} LineStatus;

typedef struct LineReader LineReader;

/* wake_fd: -1 for none. */
LineReader *reader_create(int fd, int wake_fd);
void reader_destroy(LineReader *r);
/* The next line, without its ending ("\n", "\r\n" or a lone "\r" before "\n"), NUL-
 * terminated and valid until the next call. A last line without an ending counts. */
LineStatus reader_next(LineReader *r, char **line, size_t *len);

#endif
