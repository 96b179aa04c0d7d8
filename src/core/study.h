/* study.h -- the precision loop and record helpers the channel and
 * calibration studies share (internal to src/channel). */
#ifndef LP_CHANNEL_STUDY_H
#define LP_CHANNEL_STUDY_H

#include "channel/channel.h"

/* 1 when x has `digits` significant digits certified with 8 bits to spare
 * (so the printed decimal's rounding stays a small part of its bound). */
int lp_study_accurate(const arb_t x, slong digits);
/* The precision the loop starts at for `digits` digits; it doubles from there
 * up to LP_STUDY_MAX_PREC. */
slong lp_study_first_prec(slong digits);
/* lp_record_ball, keeping in *least the fewest digits printed by any field;
 * returns whether a digit was printed. */
int lp_study_record_ball(lp_record *rec, const char *key, const arb_t x, slong digits, slong *least);
/* status ("ok", or "uncertified" when no digit is certified), digits (the
 * fewest printed by a certified field), prec_bits and certified. */
void lp_study_record_status(lp_record *rec, slong digits_printed, slong prec);

#endif
