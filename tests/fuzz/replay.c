/* replay.c — runs a fuzz target without libFuzzer: every file named (or found in a named
 * directory) is fed once to LLVMFuzzerTestOneInput, so seeds and past crashes replay as
 * regression tests in every build, sanitizers included. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int compare(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, len = 0, n;
    uint8_t *data = malloc(cap);
    while (data && (n = fread(data + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *d = realloc(data, cap *= 2);
            if (!d) free(data);
            data = d;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return 1;
    }
    fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(data, len); /* a failure aborts, naming the input above */
    free(data);
    return 0;
}

/* The regular files of a directory, in name order (hidden ones skipped). */
static int replay_dir(const char *dir, int *count) {
    DIR *d = opendir(dir);
    if (!d) return 0; /* a directory that does not exist holds nothing to replay */
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (de->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) abort();
            names = nn;
        }
        size_t len = strlen(dir) + strlen(de->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) abort();
        snprintf(names[n++], len, "%s/%s", dir, de->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, compare);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (!stat(names[i], &st) && S_ISREG(st.st_mode) && strcmp(strrchr(names[i], '/') + 1, "README")) {
            rc |= replay_file(names[i]);
            ++*count;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv) {
    int rc = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (!stat(argv[i], &st) && S_ISDIR(st.st_mode)) rc |= replay_dir(argv[i], &count);
        else rc |= replay_file(argv[i]), count++;
    }
    fprintf(stderr, "replay: %d inputs\n", count);
    return rc;
}
