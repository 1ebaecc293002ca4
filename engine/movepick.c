/* movepick.c — the stages of move ordering: each move is returned once, generated only
 * when its stage is reached, and picked best-first by selection (most nodes cut early). */
#include "movepick.h"

enum {
    ST_TT,
    ST_GEN_NOISY,
    ST_NOISY,
    ST_KILLER1,
    ST_KILLER2,
    ST_COUNTER,
    ST_GEN_QUIET,
    ST_QUIET,
    ST_BAD_NOISY,
    ST_DONE,
};

void mp_init(MovePicker *mp, const GameOps *g, const GamePos *pos, Move tt_move, const Move killer[2],
             Move counter, const int16_t *history) {
    mp->g = g;
    mp->pos = pos;
    mp->history = history;
    mp->tt_move = tt_move != MOVE_NONE && g->is_legal(pos, tt_move) ? tt_move : MOVE_NONE;
    mp->killer[0] = killer[0];
    mp->killer[1] = killer[1];
    mp->counter = counter;
    mp->noisy_only = false;
    mp->stage = ST_TT;
    mp->n = mp->cur = 0;
    mp->cont = (ContRows){{NULL, NULL}, 0, 0};
    mp->bad_noisy_last = false;
    mp->n_bad = mp->cur_bad = 0;
}

void mp_set_extras(MovePicker *mp, const ContRows *cont, bool bad_noisy_last) {
    mp->cont = *cont;
    mp->bad_noisy_last = bad_noisy_last && mp->g->caps.see;
}

void mp_init_qs(MovePicker *mp, const GameOps *g, const GamePos *pos, Move tt_move, bool all_moves,
                const int16_t *history) {
    static const Move none[2] = {MOVE_NONE, MOVE_NONE};
    mp_init(mp, g, pos, MOVE_NONE, none, MOVE_NONE, history);
    mp->noisy_only = !all_moves;
    if (tt_move != MOVE_NONE && g->is_legal(pos, tt_move) && (all_moves || g->is_noisy(pos, tt_move)))
        mp->tt_move = tt_move;
}

/* Moves the best-scored remaining move to cur and returns it (the first of equals, as a scan
 * keeping the first strict maximum would). Two passes, because the first, a plain maximum, is
 * branch-free and vectorizes, and the second stops at the first index holding it: the one scan
 * with a compare-and-branch per move mispredicted on long lists (M.A.D.'s hundred-odd moves). */
static Move select_best(MovePicker *mp) {
    const int32_t *score = mp->score;
    int32_t top = score[mp->cur];
    for (int i = mp->cur + 1; i < mp->n; i++) top = score[i] > top ? score[i] : top;
    int best = mp->cur;
    while (score[best] != top) best++;
    Move m = mp->list[best];
    mp->list[best] = mp->list[mp->cur], mp->score[best] = mp->score[mp->cur];
    mp->list[mp->cur] = m, mp->score[mp->cur] = top;
    mp->cur++;
    return m;
}

/* A killer or counter move may be tried if it is a legal quiet move not tried already. */
static bool quiet_candidate(const MovePicker *mp, Move m) {
    return m != MOVE_NONE && m != mp->tt_move && mp->g->is_legal(mp->pos, m) && !mp->g->is_noisy(mp->pos, m);
}

static bool already_tried(const MovePicker *mp, Move m) {
    return m == mp->tt_move || m == mp->killer[0] || m == mp->killer[1] || m == mp->counter;
}

Move mp_next(MovePicker *mp, bool skip_quiets) {
    for (;;) {
        switch (mp->stage) {
        case ST_TT:
            mp->stage = ST_GEN_NOISY;
            if (mp->tt_move != MOVE_NONE) return mp->tt_move;
            break;
        case ST_GEN_NOISY:
            mp->n = mp->g->gen_moves(mp->pos, mp->list, GEN_NOISY);
            mp->cur = 0;
            for (int i = 0; i < mp->n; i++) mp->score[i] = mp->g->noisy_value(mp->pos, mp->list[i]);
            mp->stage = ST_NOISY;
            break;
        case ST_NOISY:
            while (mp->cur < mp->n) {
                Move m = select_best(mp);
                if (m == mp->tt_move) continue;
                if (mp->bad_noisy_last && !mp->g->see_ge(mp->pos, m, 0)) {
                    mp->bad[mp->n_bad++] = m;
                    continue;
                }
                return m;
            }
            mp->stage = mp->noisy_only ? ST_DONE : ST_KILLER1;
            break;
        case ST_KILLER1:
            mp->stage = ST_KILLER2;
            if (mp->killer[0] == mp->killer[1]) mp->killer[1] = MOVE_NONE;
            if (skip_quiets || !quiet_candidate(mp, mp->killer[0])) {
                mp->killer[0] = MOVE_NONE;
                break;
            }
            return mp->killer[0];
        case ST_KILLER2:
            mp->stage = ST_COUNTER;
            if (skip_quiets || !quiet_candidate(mp, mp->killer[1])) {
                mp->killer[1] = MOVE_NONE;
                break;
            }
            return mp->killer[1];
        case ST_COUNTER:
            mp->stage = ST_GEN_QUIET;
            if (mp->counter == mp->killer[0] || mp->counter == mp->killer[1] || skip_quiets ||
                !quiet_candidate(mp, mp->counter)) {
                mp->counter = MOVE_NONE;
                break;
            }
            return mp->counter;
        case ST_GEN_QUIET:
            if (skip_quiets) {
                mp->stage = ST_BAD_NOISY;
                break;
            }
            mp->n = mp->g->gen_moves(mp->pos, mp->list, GEN_QUIET);
            mp->cur = 0;
            for (int i = 0; i < mp->n; i++)
                mp->score[i] = mp->history[mp->g->history_index(mp->pos, mp->list[i])] +
                               mp_cont_score(&mp->cont, mp->g, mp->pos, mp->list[i]);
            mp->stage = ST_QUIET;
            break;
        case ST_QUIET:
            while (!skip_quiets && mp->cur < mp->n) {
                Move m = select_best(mp);
                if (!already_tried(mp, m)) return m;
            }
            mp->stage = ST_BAD_NOISY;
            break;
        case ST_BAD_NOISY:
            if (mp->cur_bad < mp->n_bad) return mp->bad[mp->cur_bad++];
            mp->stage = ST_DONE;
            break;
        default:
            return MOVE_NONE;
        }
    }
}
