/* mq_bmi2.c — the hot Monkey Queen code (move generation, make/unmake) compiled a second
 * time with popcnt, BMI1 and BMI2; CMakeLists.txt sets the flags and builds this file
 * only with SIMIA_DISPATCH on x86-64. MQ_HOT_BMI2 names its functions *_bmi2. */
#define MQ_HOT_BMI2 1
#include "mq_make.c"
#include "mq_movegen.c"
