/* mq_bmi2.c — the hot Monkey Queen code built again for x86-64 CPUs with popcnt and BMI1/2, by
 * the one rule in CMakeLists.txt (see common/hot.h); KIT_HOT names its functions *_bmi2. */
#define KIT_HOT_BMI2 1
#include "mq_make.c"
#include "mq_movegen.c"
#include "mq_eval.c"
#include "mq_features.c"
