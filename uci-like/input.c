/* input.c — reading protocol lines from a file descriptor: lines of any length up to a
 * cap (longer ones are skipped in constant memory), CR/LF endings, NUL bytes, a wake-up fd. */
#include "input.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK ((size_t)1 << 16)

struct LineReader {
    int fd, wake_fd;
    char *buf;
    size_t size, start, end; /* unread bytes are buf[start, end) */
    size_t scanned;          /* buf[start, scanned) holds no newline */
    bool eof;
    bool dropping; /* inside a line over the cap: its bytes are being discarded */
    size_t dropped;
};

LineReader *reader_create(int fd, int wake_fd) {
    LineReader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->fd = fd;
    r->wake_fd = wake_fd;
    return r;
}

void reader_destroy(LineReader *r) {
    if (!r) return;
    free(r->buf);
    free(r);
}

/* Hands out buf[start, nl) as a line and moves past the newline at nl (== end at EOF). */
static LineStatus take_line(LineReader *r, size_t nl, char **line, size_t *len) {
    char *s = r->buf + r->start;
    size_t n = nl - r->start;
    r->start = nl < r->end ? nl + 1 : nl;
    r->scanned = r->start;
    if (r->dropping || n > INPUT_LINE_MAX) {
        *len = r->dropped + n;
        r->dropping = false;
        r->dropped = 0;
        *line = NULL;
        return LINE_TOO_LONG;
    }
    while (n && s[n - 1] == '\r') n--;
    for (size_t i = 0; i < n; i++)
        if (!s[i]) s[i] = ' ';
    s[n] = '\0';
    *line = s;
    *len = n;
    return LINE_OK;
}

/* Makes room for CHUNK more bytes at the end; false if memory ran out. */
static bool make_room(LineReader *r) {
    if (r->dropping) { /* nothing before end is needed any more */
        r->dropped += r->end - r->start;
        r->start = r->end = r->scanned = 0;
    } else if (r->start) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->scanned -= r->start;
        r->start = 0;
    }
    if (r->size - r->end >= CHUNK + 1) return true;
    size_t want = r->size ? r->size * 2 : 4 * CHUNK;
    while (want - r->end < CHUNK + 1) want *= 2;
    char *b = realloc(r->buf, want);
    if (!b) return false;
    r->buf = b;
    r->size = want;
    return true;
}

LineStatus reader_next(LineReader *r, char **line, size_t *len) {
    for (;;) {
        char *nl = r->end > r->scanned ? memchr(r->buf + r->scanned, '\n', r->end - r->scanned) : NULL;
        if (nl) return take_line(r, (size_t)(nl - r->buf), line, len);
        r->scanned = r->end;
        if (!r->dropping && r->end - r->start > INPUT_LINE_MAX) r->dropping = true;
        if (r->eof) {
            if (r->end > r->start || r->dropping) return take_line(r, r->end, line, len);
            return LINE_EOF;
        }
        if (!make_room(r)) {
            r->eof = true; /* out of memory: treat as the end of input */
            continue;
        }
        struct pollfd p[2] = {{.fd = r->fd, .events = POLLIN}, {.fd = r->wake_fd, .events = POLLIN}};
        int np = r->wake_fd >= 0 ? 2 : 1;
        if (poll(p, (nfds_t)np, -1) < 0) {
            if (errno == EINTR) continue;
            r->eof = true;
            continue;
        }
        if (np == 2 && (p[1].revents & POLLIN)) return LINE_WOKEN;
        if (!p[0].revents) continue;
        ssize_t n = read(r->fd, r->buf + r->end, CHUNK);
        if (n > 0) r->end += (size_t)n;
        else if (n == 0 || errno != EINTR) r->eof = true;
    }
}
