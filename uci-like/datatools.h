/* datatools.h — `simia datagen`'s file jobs: --check (data and features files), --merge,
 * --refeature (records remade from their positions) and --features (the trainer's input). */
#ifndef SIMIA_DATATOOLS_H
#define SIMIA_DATATOOLS_H

#include "engine/engine.h"
#include "engine/nnue/data.h"

/* Checks a data or features file (of game, when not NULL) and prints its counts on stdout. */
int datatools_check(const char *path, const char *game);
/* Appends the records of the version 2 data files in to out, after checking them all. */
int datatools_merge(const char *out, char **in, int n_in);
/* Appends the records of data files of e's game (any version, any feature set) to out in
 * version 2, each remade from its position string as e reads it; mirror: each followed by
 * its twin under the game's symmetry. */
int datatools_refeature(Engine *e, bool mirror, const char *out, char **in, int n_in);

/* What --features takes from its inputs. */
typedef struct {
    DataKeep keep;
    int noisy_gap; /* < 0: no limit */
    bool mirror;
} FeatureJob;
/* Writes the features file out from the data files in of e's game (engine/nnue/DATA.md). */
int datatools_features(Engine *e, const FeatureJob *job, const char *out, char **in, int n_in);

#endif
