/* params.c — the search parameters' table: the defaults and ranges that params.h declares,
 * and a game's overrides laid over them. */
#include "params.h"

#include <strings.h>

const SearchParamInfo SEARCH_PARAM_INFO[SEARCH_PARAM_COUNT] = {
#define SEARCH_PARAM_INFO_ROW(field, Name, def, lo, hi) {#Name, def, lo, hi, offsetof(SearchParams, field)},
    SEARCH_PARAMS(SEARCH_PARAM_INFO_ROW)
#undef SEARCH_PARAM_INFO_ROW
};

void search_params_default(SearchParams *p) {
#define SEARCH_PARAM_DEFAULT(field, Name, def, lo, hi) p->field = def;
    SEARCH_PARAMS(SEARCH_PARAM_DEFAULT)
#undef SEARCH_PARAM_DEFAULT
}

const SearchParamInfo *search_param_find(const char *name) {
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++)
        if (!strcasecmp(SEARCH_PARAM_INFO[i].name, name)) return &SEARCH_PARAM_INFO[i];
    return NULL;
}

bool search_params_for(SearchParams *p, const SearchParamOverride *ov, int n) {
    SearchParams q;
    search_params_default(&q);
    search_params_default(p);
    for (int i = 0; i < n; i++) {
        const SearchParamInfo *info = search_param_find(ov[i].name);
        if (!info || ov[i].value < info->min || ov[i].value > info->max) return false;
        *search_param_ref(&q, info) = ov[i].value;
    }
    *p = q;
    return true;
}
