/* embed_bmi2.c — the hot Embed code built again for x86-64 CPUs with popcnt and BMI1/2, by
 * the one rule in CMakeLists.txt (see common/hot.h); KIT_HOT names its functions *_bmi2. */
#define KIT_HOT_BMI2 1
#include "embed_eval.c"
#include "embed_features.c"
#include "embed_make.c"
#include "embed_movegen.c"
