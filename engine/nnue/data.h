/* data.h — the training-data file of the learned evaluation (engine/nnue/DATA.md): its
 * records made from positions, its appending writer and its reader that checks every byte. */
#ifndef SIMIA_NNUE_DATA_H
#define SIMIA_NNUE_DATA_H

#include <stdio.h>

#include "engine/game.h"

#define DATA_MAGIC "SIMIADG1"
#define DATA_VERSION 1u
#define DATA_HEADER_BYTES 48
#define DATA_NAME_BYTES 16
#define DATA_SCORE_MAX 32000
/* The feature set a header names when the game offers no features. */
#define DATA_NO_FEATURE_SET "none"
/* body: score, result, stm, n_us, n_them (8 bytes), features, pos_len (2), pos */
#define DATA_BODY_FIXED 10
#define DATA_BODY_MAX (DATA_BODY_FIXED + 4 * 2 * NNUE_MAX_ACTIVE + POS_STR_MAX - 1)
#define DATA_RECORD_MAX (4 + DATA_BODY_MAX + 4)

/* What a header says: the game, its feature set and how many features it has. */
typedef struct {
    uint32_t n_features;
    char game[DATA_NAME_BYTES + 1];
    char feature_set[DATA_NAME_BYTES + 1];
} DataHeader;

/* One kept position. The features: n_us seen from the player deciding (stm), then
 * n_them seen from the other player. */
typedef struct {
    int16_t score;  /* centi-units for the player deciding, within +-DATA_SCORE_MAX */
    int8_t result;  /* the game's result for the player deciding: 1, 0, -1 */
    uint8_t stm;    /* the player deciding: 1 or 2 (PLAYER_1 + 1, PLAYER_2 + 1) */
    uint16_t n_us, n_them;
    uint32_t feats[2 * NNUE_MAX_ACTIVE];
    char pos[POS_STR_MAX]; /* the position string, NUL-terminated here (not in the file) */
} DataRecord;

/* The header for game g (its nnue_features and nnue_feature_set; "none" without). */
void data_header_of(const GameOps *g, DataHeader *h);
/* Whether two headers describe the same data (game, feature set, feature count). */
bool data_header_equal(const DataHeader *a, const DataHeader *b);

/* Fills r for position pos of game g: its string, player deciding and features (none
 * when the game offers none); the score is clamped to +-DATA_SCORE_MAX. False with a
 * reason in err when the game's features break the contract (count or range). */
bool data_record_fill(DataRecord *r, const GameOps *g, const GamePos *pos, Score score, int result,
                      char *err);
/* The record as it is stored (length, body, checksum) into out (DATA_RECORD_MAX bytes);
 * returns its size in bytes. */
size_t data_record_encode(const DataRecord *r, uint8_t *out);

/* ---- writing ---- */
/* Opens path for appending records: a new (or empty) file gets the header; an existing
 * one is read through first and must be valid with a header equal to h (else NULL, and
 * err names the file, the byte offset and the fault). *n_existing: its records. */
FILE *data_open_append(const char *path, const DataHeader *h, uint64_t *n_existing, char *err);

/* ---- reading, every byte checked ---- */
typedef struct DataReader DataReader;
/* Opens path and checks its header; with expect, it must equal that one. NULL and a
 * message in err ("FILE: byte N: what") when refused or unreadable. */
DataReader *data_reader_open(const char *path, const DataHeader *expect, char *err);
const DataHeader *data_reader_header(const DataReader *r);
/* The next record: 1, 0 at the clean end of the file, -1 with err when the record is
 * cut short, its checksum or a field is wrong, or a feature is out of range. raw/raw_len
 * (optional) receive the record's bytes as stored, valid until the next call. */
int data_reader_next(DataReader *r, DataRecord *rec, const uint8_t **raw, size_t *raw_len, char *err);
/* Byte offset of the next record. */
uint64_t data_reader_offset(const DataReader *r);
void data_reader_close(DataReader *r);

#endif
