/* bench_data.h — the benchmark's position lists, embedded into the executable at build
 * time from engine/games/<game>/bench.txt (see engine/games/embed.cmake), so bench runs anywhere. */
#ifndef SIMIA_BENCH_DATA_H
#define SIMIA_BENCH_DATA_H

typedef struct {
    const char *game; /* GameOps.name */
    const char *text; /* the file's contents, NUL-terminated */
} BenchData;

extern const BenchData BENCH_DATA[];
extern const int BENCH_DATA_COUNT;

#endif
