/* data.h — the training-data file of the learned evaluation (engine/nnue/DATA.md): its
 * records (a position and its labels), its appending writer and its reader that checks every byte. */
#ifndef SIMIA_NNUE_DATA_H
#define SIMIA_NNUE_DATA_H

#include <stdio.h>

#include "engine/game.h"

#define DATA_MAGIC "SIMIADG1"
#define DATA_VERSION 2u          /* records: a position and its labels; features made at load */
#define DATA_VERSION_FEATURES 1u /* older: records also carry their features (still read) */
#define DATA_HEADER_BYTES 64
#define DATA_HEADER_BYTES_V1 48
#define DATA_NAME_BYTES 16
#define DATA_SCORE_MAX 32000
/* The static evaluation of a record that has none (converted from version 1). */
#define DATA_NO_STATIC INT16_MIN
/* The feature set a header names when the game offers no features. */
#define DATA_NO_FEATURE_SET "none"
/* A record's flags (DATA.md): what the trainer's load may filter on. */
enum {
    DATA_NOISY = 1,       /* the best move is noisy (GameOps.is_noisy) */
    DATA_IN_CHECK = 2,    /* the player deciding is in check (GameOps.in_check) */
    DATA_ADJUDICATED = 4, /* the game's result was adjudicated, not played out */
    DATA_GAME_START = 8,  /* the first record of its game */
    DATA_FLAGS_KNOWN = 15
};
/* Which records a job keeps, by their flags: quiet ones (the best move quiet, the player
 * deciding not in check), also those with a noisy best move, or all. */
typedef enum { DATA_KEEP_QUIET, DATA_KEEP_NOISY, DATA_KEEP_ALL } DataKeep;
bool data_keep_parse(const char *text, DataKeep *keep);
const char *data_keep_name(DataKeep keep);
bool data_keeps(DataKeep keep, unsigned flags);
/* version 2 body: score, static, result, stm, flags (7 bytes), then the position string */
#define DATA_BODY_FIXED 7
#define DATA_BODY_MAX (DATA_BODY_FIXED + POS_STR_MAX - 1)
#define DATA_RECORD_MAX (2 + DATA_BODY_MAX + 4)
/* version 1 body: score, result, stm, n_us, n_them (8 bytes), u32 features, pos_len (2), pos */
#define DATA_V1_BODY_FIXED 10
#define DATA_V1_BODY_MAX (DATA_V1_BODY_FIXED + 4 * 2 * NNUE_MAX_ACTIVE + POS_STR_MAX - 1)

/* What a header says: the format version; the game; the features of the engine that began
 * the file (how many, their set's name, the most a view can hold: GameOps.nnue_max_active,
 * 0 in version 1 files, which do not record it). */
typedef struct {
    uint32_t version, n_features, max_active;
    char game[DATA_NAME_BYTES + 1];
    char feature_set[DATA_NAME_BYTES + 1];
} DataHeader;

/* One kept position and its labels, all for the player deciding (stm). */
typedef struct {
    int16_t score;       /* the search's, centi-units, within +-DATA_SCORE_MAX */
    int16_t static_eval; /* the engine's static evaluation (as it played), or DATA_NO_STATIC */
    int8_t result;       /* the game's result: 1, 0, -1 */
    uint8_t stm;         /* 1 or 2 (PLAYER_1 + 1, PLAYER_2 + 1) */
    uint8_t flags;       /* DATA_NOISY ... */
    char pos[POS_STR_MAX]; /* the position string, NUL-terminated here (not in the file) */
} DataRecord;

/* Reads a NUL-padded name field of DATA_NAME_BYTES (the files' game and feature set) into
 * out: false unless printable, not empty and with nothing after its first NUL. */
bool data_name_field(const uint8_t *p, char *out);
/* A refusal in the files' form, "FILE: byte N: what", into err (ERR_STR_MAX); returns false. */
bool data_fault(char *err, const char *path, uint64_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The first 52 bytes both file headers share (DATA.md): magic, version, features, game,
 * feature set, the most features a view holds. */
void data_encode_names(uint8_t *out, const char *magic, uint32_t version, uint32_t n_features, const char *game,
                       const char *feature_set, uint32_t max_active);
/* The header a file of game g gets now (version 2, its features' name, count and bound). */
void data_header_of(const GameOps *g, DataHeader *h);
/* Whether two headers describe the same data (every field). */
bool data_header_equal(const DataHeader *a, const DataHeader *b);

/* Fills r for position pos of game g: its string and player deciding; the scores are
 * clamped to +-DATA_SCORE_MAX (static_eval DATA_NO_STATIC stays). */
void data_record_fill(DataRecord *r, const GameOps *g, const GamePos *pos, Score score, int static_eval,
                      int result, unsigned flags);
/* The record as version 2 stores it (length, body, checksum) into out (DATA_RECORD_MAX
 * bytes); returns its size in bytes. */
size_t data_record_encode(const DataRecord *r, uint8_t *out);

/* ---- writing ---- */
/* Opens path for appending version 2 records: a new (or empty) file gets the header h; an
 * existing one is read through first and must be valid, of version 2, with a header equal
 * to h (else NULL, and err names the file, the byte offset and the fault). *n_existing: its
 * records. */
FILE *data_open_append(const char *path, const DataHeader *h, uint64_t *n_existing, char *err);

/* ---- reading, every byte checked, both versions ---- */
typedef struct DataReader DataReader;
/* Opens path and checks its header; with game, it must be data of that game. NULL and a
 * message in err ("FILE: byte N: what") when refused or unreadable. */
DataReader *data_reader_open(const char *path, const char *game, char *err);
const DataHeader *data_reader_header(const DataReader *r);
/* The next record: 1, 0 at the clean end of the file, -1 with err when the record is cut
 * short, its checksum or a field is wrong (in version 1, also a feature out of range). A
 * version 1 record's features are checked and dropped; it has no flags and no static
 * evaluation. raw/raw_len (optional) receive the record's bytes as stored, valid until the
 * next call. */
int data_reader_next(DataReader *r, DataRecord *rec, const uint8_t **raw, size_t *raw_len, char *err);
/* Byte offset of the next record. */
uint64_t data_reader_offset(const DataReader *r);
void data_reader_close(DataReader *r);
/* The file's header as read against the one a writer wants: false with a "FILE: byte N:
 * what" naming the first field that differs. */
bool data_reader_header_is(const DataReader *r, const DataHeader *want, char *err);

#endif
