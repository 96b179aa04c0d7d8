/* study.h -- what the certified studies share: their statuses, the
 * precision loop's test, the record helpers, and the checks of
 * decimal inputs (study.c). */
#ifndef LP_CORE_STUDY_H
#define LP_CORE_STUDY_H

#include "leakproof.h"
#include "core/record.h"

/* Certified numbers come from a precision loop (core/precision_loop.h, its
 * default rule): the working precision, and the precision the decimal inputs
 * are read at, is raised until `digits` significant digits are certified. */

typedef enum {
    LP_STUDY_OK = 0,            /* filled; status "ok" */
    LP_STUDY_BAD_INPUT,         /* nothing usable filled; err names the parameter */
    LP_STUDY_UNCERTIFIED,       /* filled with status "uncertified": no digit certified */
    LP_STUDY_FAILED             /* filled with status "failed" (a non-certified method found nothing) */
} lp_study_status;

/* Checks a decimal text against (0, max] (max NULL: no upper end), exactly;
 * 0, or -1 with "NAME must be ..." in err. */
int lp_study_check_positive(const char *name, const char *text, const char *max, char *err, size_t errlen);
/* The sign of a - b for valid decimals, decided exactly. */
int lp_decimal_compare(const char *a, const char *b);
/* Valid decimal texts as doubles: 0, or -1 with a message in err naming the
 * (1-based) number that is beyond the double range. */
int lp_study_doubles(double *out, char *const *texts, size_t n, char *err, size_t errlen);


/* 1 when x has `digits` significant digits certified with 8 bits to spare
 * (so the printed decimal's rounding stays a small part of its bound). */
int lp_study_accurate(const arb_t x, slong digits);
/* lp_record_ball, keeping in *least the fewest digits printed by any field;
 * returns whether a digit was printed. */
int lp_study_record_ball(lp_record *rec, const char *key, const arb_t x, slong digits, slong *least);
/* The ball's upper end (up != 0) or lower end as a decimal of `digits`
 * significant digits rounded outward: a text field (null where x is not
 * finite).  A calibration's answer to use: e.g. a sigma that certainly
 * suffices, not the ball's midpoint, which may lie a hair below it. */
void lp_study_record_directed(lp_record *rec, const char *key, const arb_t x, slong digits, int up);

#endif
