/* nnue_embedded.h — the nets built into the binary: engine/games/<g>/net.nnue as C arrays,
 * generated at build time by engine/games/embed.cmake (none: an empty table). */
#ifndef SIMIA_NNUE_EMBEDDED_H
#define SIMIA_NNUE_EMBEDDED_H

#include <stddef.h>

typedef struct {
    const char *game; /* the directory's name, which is the game's name */
    const unsigned char *data;
    size_t size;
} NnueEmbedded;

extern const NnueEmbedded NNUE_EMBEDDED[];
extern const int NNUE_EMBEDDED_COUNT;

#endif
