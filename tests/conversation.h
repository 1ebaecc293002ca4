/* conversation.h — helpers for Check suites that talk to the real simia executable over
 * pipes (childproc.h): start, send, isready, queries, bestmove, quit; every wait bounded. */
#ifndef SIMIA_CONVERSATION_H
#define SIMIA_CONVERSATION_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "childproc.h"

/* ms: a hang bound, far above anything a healthy engine needs here (sanitizer builds
 * included); tests bound hangs, never speed. */
#define WAIT 20000

static inline Child *start(void) {
    char *argv[] = {SIMIA_BINARY, NULL};
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    return c;
}

static inline void send_ok(Child *c, const char *line) {
    ck_assert_msg(child_send(c, "%s", line), "send '%.80s'", line);
}

static inline void ready(Child *c) {
    send_ok(c, "isready");
    ck_assert_msg(child_expect(c, "readyok", WAIT), "no readyok; transcript:\n%.4000s", child_transcript(c));
}

static inline void quit(Child *c) {
    child_send(c, "quit");
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
}

/* The answer to a query: the second word of its response line (exactly two words). */
static char conversation_answer[64];
static inline const char *ask(Child *c, const char *what) {
    ck_assert(child_send(c, "query %s", what));
    const char *l = child_expect(c, "response ", WAIT);
    ck_assert_msg(l, "no response to query %s", what);
    ck_assert_msg(!strchr(l + 9, ' '), "response of more than two words: '%s'", l);
    snprintf(conversation_answer, sizeof conversation_answer, "%s", l + 9);
    return conversation_answer;
}

/* Sends a command, then isready, and returns how many error lines came in between (the
 * output of earlier commands is read first). */
static inline int errors_of(Child *c, const char *line) {
    ready(c);
    child_transcript_reset(c);
    send_ok(c, line);
    ready(c);
    return child_count(c, "info string error:");
}

/* The first line of `d` that starts with prefix, without the prefix (e.g. d_line(c,
 * "Status: ")); the output of earlier commands is read first. */
static char conversation_d_line[512];
static inline const char *d_line(Child *c, const char *prefix) {
    ready(c);
    child_transcript_reset(c);
    send_ok(c, "d");
    const char *l = child_expect(c, prefix, WAIT);
    ck_assert_msg(l, "no '%s' line; transcript:\n%.4000s", prefix, child_transcript(c));
    snprintf(conversation_d_line, sizeof conversation_d_line, "%s", l + strlen(prefix));
    return conversation_d_line;
}

/* The move of a bestmove line, checked to be exactly two words. */
static char conversation_best[64];
static inline const char *bestmove(Child *c, int timeout_ms) {
    const char *l = child_expect(c, "bestmove", timeout_ms);
    ck_assert_msg(l, "no bestmove; transcript:\n%.4000s", child_transcript(c));
    ck_assert_msg(!strncmp(l, "bestmove ", 9) && !strchr(l + 9, ' '), "bestmove line '%s'", l);
    snprintf(conversation_best, sizeof conversation_best, "%s", l + 9);
    return conversation_best;
}

#endif
