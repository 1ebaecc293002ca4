/* childproc.c — the engine as a child process over pipes, for tests that hold whole
 * conversations with the real executable; every wait has a timeout, so a hang fails. */
#include "childproc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct Child {
    pid_t pid;
    int in_fd, out_fd; /* the child's stdin (we write), its stdout (we read) */
    char *buf;         /* unread output: buf[start, len) */
    size_t start, len, cap;
    bool eof;
    char *line; /* the last line handed out */
    size_t line_cap;
    char *log; /* transcript */
    size_t log_len, log_cap;
    int status;
    bool reaped;
};

static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

Child *child_start(char *const argv[]) {
    signal(SIGPIPE, SIG_IGN); /* a dead child's stdin is a write error, not our death */
    int to[2], from[2];
    if (pipe(to) || pipe(from)) return NULL;
    pid_t pid = fork();
    if (pid < 0) return NULL;
    if (pid == 0) {
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(to[0]), close(from[1]);
    Child *c = calloc(1, sizeof *c);
    c->pid = pid;
    c->in_fd = to[1];
    c->out_fd = from[0];
    fcntl(c->in_fd, F_SETFD, FD_CLOEXEC); /* later children must not hold these open */
    fcntl(c->out_fd, F_SETFD, FD_CLOEXEC);
    fcntl(c->in_fd, F_SETFL, O_NONBLOCK);
    fcntl(c->out_fd, F_SETFL, O_NONBLOCK);
    return c;
}

/* Reads what is available from the child's stdout, waiting up to timeout_ms for
 * something. False on timeout or end of output. */
static bool pump(Child *c, int timeout_ms) {
    if (c->eof || c->out_fd < 0) return false;
    struct pollfd p = {.fd = c->out_fd, .events = POLLIN};
    int r = poll(&p, 1, timeout_ms);
    if (r <= 0) return false;
    if (c->cap - c->len < 65536) {
        if (c->start) {
            memmove(c->buf, c->buf + c->start, c->len - c->start);
            c->len -= c->start, c->start = 0;
        }
        if (c->cap - c->len < 65536) {
            c->cap = c->cap * 2 + 65536;
            c->buf = realloc(c->buf, c->cap);
        }
    }
    ssize_t n = read(c->out_fd, c->buf + c->len, c->cap - c->len);
    if (n > 0) c->len += (size_t)n;
    else if (n == 0 || (errno != EAGAIN && errno != EINTR)) c->eof = true;
    return n > 0;
}

bool child_write(Child *c, const void *data, size_t len, int timeout_ms) {
    const char *s = data;
    long long deadline = now_ms() + timeout_ms;
    while (len) {
        if (c->in_fd < 0) return false;
        int left = (int)(deadline - now_ms());
        if (left <= 0) return false;
        struct pollfd p[2] = {{.fd = c->in_fd, .events = POLLOUT}, {.fd = c->out_fd, .events = POLLIN}};
        if (poll(p, c->out_fd >= 0 && !c->eof ? 2 : 1, left) <= 0) continue;
        if (p[1].revents) pump(c, 0);
        if (p[0].revents & (POLLERR | POLLHUP)) return false;
        if (!(p[0].revents & POLLOUT)) continue;
        ssize_t n = write(c->in_fd, s, len);
        if (n > 0) s += n, len -= (size_t)n;
        else if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
    }
    return true;
}

bool child_send(Child *c, const char *fmt, ...) {
    char small[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return false;
    if ((size_t)n < sizeof small - 1) {
        small[n] = '\n';
        return child_write(c, small, (size_t)n + 1, 10000);
    }
    char *big = malloc((size_t)n + 2);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    big[n] = '\n';
    bool ok = child_write(c, big, (size_t)n + 1, 10000);
    free(big);
    return ok;
}

void child_close_stdin(Child *c) {
    if (c->in_fd >= 0) close(c->in_fd);
    c->in_fd = -1;
}

void child_close_stdout(Child *c) {
    if (c->out_fd >= 0) close(c->out_fd);
    c->out_fd = -1;
    c->eof = true;
}

static void log_append(Child *c, const char *s, size_t n) {
    if (c->log_len + n + 2 > c->log_cap) {
        c->log_cap = (c->log_cap + n + 2) * 2;
        c->log = realloc(c->log, c->log_cap);
    }
    memcpy(c->log + c->log_len, s, n);
    c->log_len += n;
    c->log[c->log_len++] = '\n';
    c->log[c->log_len] = '\0';
}

const char *child_line(Child *c, int timeout_ms) {
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        char *nl = c->len > c->start ? memchr(c->buf + c->start, '\n', c->len - c->start) : NULL;
        if (nl) {
            size_t n = (size_t)(nl - (c->buf + c->start));
            if (n + 1 > c->line_cap) c->line_cap = n + 1, c->line = realloc(c->line, c->line_cap);
            memcpy(c->line, c->buf + c->start, n);
            c->line[n] = '\0';
            c->start += n + 1;
            log_append(c, c->line, n);
            return c->line;
        }
        if (c->eof) return NULL;
        int left = (int)(deadline - now_ms());
        if (!pump(c, left > 0 ? left : 0) && left <= 0) return NULL;
    }
}

const char *child_expect(Child *c, const char *prefix, int timeout_ms) {
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(deadline - now_ms());
        const char *l = child_line(c, left > 0 ? left : 0);
        if (!l) return NULL;
        if (!strncmp(l, prefix, strlen(prefix))) return l;
    }
}

const char *child_transcript(Child *c) { return c->log ? c->log : ""; }
void child_transcript_reset(Child *c) {
    c->log_len = 0;
    if (c->log) c->log[0] = '\0';
}

int child_count(Child *c, const char *prefix) {
    int n = 0;
    size_t pl = strlen(prefix);
    for (const char *s = child_transcript(c); *s;) {
        if (!strncmp(s, prefix, pl)) n++;
        const char *nl = strchr(s, '\n');
        if (!nl) break;
        s = nl + 1;
    }
    return n;
}

int child_wait(Child *c, int timeout_ms) {
    if (c->reaped) return c->status;
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        int st;
        pid_t r = waitpid(c->pid, &st, WNOHANG);
        if (r == c->pid) {
            c->reaped = true;
            c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
            return c->status;
        }
        if (now_ms() >= deadline) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &st, 0);
            c->reaped = true;
            c->status = -1;
            return -1;
        }
        pump(c, 0); /* keep its stdout drained so that it can finish writing */
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

void child_free(Child *c) {
    if (!c) return;
    if (!c->reaped) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, NULL, 0);
    }
    if (c->in_fd >= 0) close(c->in_fd);
    if (c->out_fd >= 0) close(c->out_fd);
    free(c->buf);
    free(c->line);
    free(c->log);
    free(c);
}
