/* dt_bmi2.c — the hot Dragons Teeth code built again for x86-64 CPUs with popcnt and BMI1/2, by
 * the one rule in CMakeLists.txt (see common/hot.h); KIT_HOT names its functions *_bmi2. */
#define KIT_HOT_BMI2 1
#include "dt_eval.c"
#include "dt_make.c"
#include "dt_movegen.c"
#include "dt_see.c"
