/* output.c — the one owner of stdout and of the debug log: every line leaves whole and
 * flushed under one lock, from any thread; a closed stdout is noticed, never fatal. */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The lock orders whole lines on stdout and in the log; it is never held while waiting
 * for anything but the write itself. */
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool out_closed;
static int wake_pipe[2] = {-1, -1};
static FILE *log_file;
static FILE *stream_file; /* output_stream(), made on first use */

void output_init(void) {
    signal(SIGPIPE, SIG_IGN);
    if (pipe(wake_pipe) == 0) {
        fcntl(wake_pipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(wake_pipe[1], F_SETFD, FD_CLOEXEC);
        fcntl(wake_pipe[1], F_SETFL, O_NONBLOCK);
    }
}

void output_shutdown(void) {
    if (stream_file) fclose(stream_file); /* emits an unfinished last line */
    stream_file = NULL;
    pthread_mutex_lock(&out_lock);
    if (log_file) fclose(log_file);
    log_file = NULL;
    pthread_mutex_unlock(&out_lock);
}

bool output_closed(void) { return atomic_load(&out_closed); }
int output_wake_fd(void) { return wake_pipe[0]; }

/* Caller holds out_lock. Wall-clock times, so that the lines of several engine processes
 * sharing one log (an arena's two engines) can be read in order and set against an
 * arena's own log. */
static void log_line(const char *dir, const char *s, size_t len) {
    if (!log_file) return;
    struct timespec now;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &now);
    localtime_r(&now.tv_sec, &tm);
    fprintf(log_file, "[%d %02d:%02d:%02d.%03ld] %s ", (int)getpid(), tm.tm_hour, tm.tm_min, tm.tm_sec,
            now.tv_nsec / 1000000, dir);
    fwrite(s, 1, len, log_file);
    fputc('\n', log_file);
    fflush(log_file);
}

/* Caller holds out_lock. Writes everything or marks stdout closed. */
static void write_all(const char *s, size_t len) {
    while (len && !atomic_load(&out_closed)) {
        ssize_t n = write(STDOUT_FILENO, s, len);
        if (n > 0) {
            s += n, len -= (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN) {
            struct pollfd p = {.fd = STDOUT_FILENO, .events = POLLOUT};
            poll(&p, 1, -1);
        } else {
            atomic_store(&out_closed, true);
            if (wake_pipe[1] >= 0) {
                ssize_t w = write(wake_pipe[1], "x", 1);
                (void)w;
            }
        }
    }
}

/* Caller holds out_lock. text holds complete lines, each ending in '\n'. */
static void emit(const char *text, size_t len) {
    if (log_file)
        for (const char *p = text, *end = text + len; p < end;) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            log_line("<<", p, (size_t)(nl - p));
            p = nl + 1;
        }
    write_all(text, len);
}

void output_line(const char *fmt, ...) {
    char small[1024], *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof small - 1) {
        buf = malloc((size_t)n + 2);
        if (!buf) return;
        va_start(ap, fmt);
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    buf[n] = '\n';
    pthread_mutex_lock(&out_lock);
    emit(buf, (size_t)n + 1);
    pthread_mutex_unlock(&out_lock);
    if (buf != small) free(buf);
}

void output_text(const char *text) {
    size_t len = strlen(text);
    if (!len) return;
    char *buf = malloc(len + 2);
    if (!buf) return;
    memcpy(buf, text, len);
    if (buf[len - 1] != '\n') buf[len++] = '\n';
    pthread_mutex_lock(&out_lock);
    emit(buf, len);
    pthread_mutex_unlock(&out_lock);
    free(buf);
}

/* ---- a FILE * that writes through the module, line by line ---- */

typedef struct {
    char *pending; /* an incomplete last line */
    size_t len;
} StreamCookie;

static ssize_t stream_write(void *c, const char *data, size_t size) {
    StreamCookie *sc = c;
    char *buf = realloc(sc->pending, sc->len + size + 1);
    if (!buf) return -1;
    memcpy(buf + sc->len, data, size);
    sc->pending = buf;
    sc->len += size;
    const char *last_nl = NULL;
    for (size_t i = sc->len; i-- > 0;)
        if (buf[i] == '\n') {
            last_nl = buf + i;
            break;
        }
    if (last_nl) {
        size_t whole = (size_t)(last_nl - buf) + 1;
        pthread_mutex_lock(&out_lock);
        emit(buf, whole);
        pthread_mutex_unlock(&out_lock);
        memmove(buf, buf + whole, sc->len - whole);
        sc->len -= whole;
    }
    return (ssize_t)size;
}

static int stream_close(void *c) {
    StreamCookie *sc = c;
    if (sc->len) {
        sc->pending[sc->len++] = '\n';
        pthread_mutex_lock(&out_lock);
        emit(sc->pending, sc->len);
        pthread_mutex_unlock(&out_lock);
    }
    free(sc->pending);
    free(sc);
    return 0;
}

static void make_stream(void) {
    StreamCookie *sc = calloc(1, sizeof *sc);
    if (!sc) return;
    cookie_io_functions_t io = {.write = stream_write, .close = stream_close};
    stream_file = fopencookie(sc, "w", io);
    if (stream_file) setvbuf(stream_file, NULL, _IOLBF, 0);
    else free(sc);
}

FILE *output_stream(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_stream);
    return stream_file;
}

/* ---- the debug log ---- */

bool output_set_log(const char *path, char *err, size_t err_size) {
    FILE *f = NULL;
    if (path && *path) {
        f = fopen(path, "a");
        if (!f) {
            snprintf(err, err_size, "cannot open debug log file '%.200s': %s", path, strerror(errno));
            return false;
        }
    }
    pthread_mutex_lock(&out_lock);
    if (log_file) fclose(log_file);
    log_file = f;
    if (f) {
        static const char hello[] = "debug log opened";
        log_line("--", hello, sizeof hello - 1);
    }
    pthread_mutex_unlock(&out_lock);
    return true;
}

void output_log_input(const char *line, size_t len) {
    pthread_mutex_lock(&out_lock);
    log_line(">>", line, len);
    pthread_mutex_unlock(&out_lock);
}
