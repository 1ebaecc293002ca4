/* featfile.h — the features file (engine/nnue/DATA.md): training records with their features
 * made, in flat little-endian columns that numpy maps straight into arrays; writer and checked reader. */
#ifndef SIMIA_NNUE_FEATFILE_H
#define SIMIA_NNUE_FEATFILE_H

#include "engine/game.h"

#define FEAT_MAGIC "SIMIAFT1"
#define FEAT_VERSION 1u
#define FEAT_HEADER_BYTES 80
#define FEAT_NAME_BYTES 16 /* DATA_NAME_BYTES: the names read alike */

typedef struct {
    uint32_t n_features, max_active;
    int index_bytes; /* 2 when n_features <= 65536, else 4 */
    int n_buckets;   /* every record's bucket is below it */
    uint64_t n_records, n_indices;
    char game[FEAT_NAME_BYTES + 1];
    char feature_set[FEAT_NAME_BYTES + 1];
} FeatHeader;

/* ---- writing: records streamed in, the columns written at the end ---- */
typedef struct FeatWriter FeatWriter;
/* Starts path for game g's features (the file appears only when feat_writer_finish
 * succeeds; path must not exist). NULL with err. */
FeatWriter *feat_writer_open(const char *path, const GameOps *g, int n_buckets, char *err);
/* Adds one record: its labels (as the data file has them), its bucket and its two views. */
bool feat_writer_add(FeatWriter *w, int score, int result, int stm, unsigned flags, int bucket, const uint32_t *us,
                     int n_us, const uint32_t *them, int n_them, char *err);
uint64_t feat_writer_count(const FeatWriter *w);
/* Writes the columns and the checksum and puts the file in place; false with err (nothing
 * left behind). Frees w either way. */
bool feat_writer_finish(FeatWriter *w, char *err);
/* Drops the file being written. */
void feat_writer_abort(FeatWriter *w);

/* ---- reading (the whole file mapped, every field checked) ---- */
typedef struct {
    FeatHeader h;
    const int16_t *score;
    const int8_t *result;
    const uint8_t *stm, *flags, *bucket;
    const uint16_t *n_us, *n_them;
    const void *indices; /* uint16_t or uint32_t as h.index_bytes says */
    void *map;
    size_t size;
} FeatFile;
/* Maps and checks path (with game, it must be of that game). NULL with "FILE: byte N: what". */
FeatFile *feat_file_open(const char *path, const char *game, char *err);
/* Feature k (counting over all records' us then them lists) of the file. */
uint32_t feat_file_index(const FeatFile *f, uint64_t k);
void feat_file_close(FeatFile *f);
/* Whether the file at path starts with the features file's magic. */
bool feat_file_is(const char *path);

#endif
