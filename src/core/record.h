/* record.h -- a result as a list of named fields, and the one emitter that
 * writes it for humans or as JSON.
 *
 * Every command builds one record and hands it to lp_record_emit; nothing else
 * writes results.  A field is one of:
 *   text     a string (an echoed decimal input, a name, a note), or null;
 *   integer  a signed 64-bit integer;
 *   boolean;
 *   double   a number from a non-certified computation: a JSON number with
 *            17 significant digits, null when not finite (never inf, nan);
 *   ball     a certified number (an Arb ball containing the true value), see
 *            below;
 *   object   a nested record;
 *   list     a list of nested records (a table for humans).
 *
 * The printed-number contract.  A ball field `key` is printed as a decimal d
 * (scientific notation, at most the digits asked for, only digits Arb
 * certifies) together with a bound b rounded up to two significant digits, such
 * that the true value x satisfies
 *     |x - d| <= b |d|   (relative fields: the key `<key>_rel_error_bound`,
 *                         `rel_error_bound` for the key `value`), or
 *     |x - d| <= b       (absolute fields: `<key>_abs_error_bound`).
 * The bound covers the ball's radius and the rounding of d, and is computed in
 * Arb from d as printed.  A bound below 1e-300 is printed as 1e-300 (still an
 * upper bound, and a double in JSON).  In JSON the bound is a number printed
 * with 17 significant digits that is >= the two-digit decimal shown to humans.
 * When not even one digit is certified, d and b are null.
 *
 * Keys are lower_snake_case and mean one thing across commands; the vocabulary
 * is documented in leakproof(1). */
#ifndef LP_RECORD_H
#define LP_RECORD_H

#include <stdint.h>
#include <stdio.h>
#include "leakproof.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lp_record lp_record;

/* A new empty record; `title` heads the human output ("gauss proof (arb)").
 * Free with lp_record_free (which frees nested records too). */
lp_record *lp_record_new(const char *title);
void lp_record_free(lp_record *rec);

void lp_record_text(lp_record *rec, const char *key, const char *text);   /* NULL: null */
void lp_record_textf(lp_record *rec, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void lp_record_int(lp_record *rec, const char *key, int64_t v);
void lp_record_bool(lp_record *rec, const char *key, int v);
void lp_record_null(lp_record *rec, const char *key);
void lp_record_double(lp_record *rec, const char *key, double v);
/* A list of texts. */
void lp_record_texts(lp_record *rec, const char *key, const char *const *v, size_t n);
/* A list of integers. */
void lp_record_ints(lp_record *rec, const char *key, const int64_t *v, size_t n);
/* A list of doubles (each as lp_record_double). */
void lp_record_doubles(lp_record *rec, const char *key, const double *v, size_t n);

/* A certified ball, relative bound (see the contract above), with at most
 * `digits` significant digits.  Returns the number of significant digits
 * printed (0 when none is certified: then the field and its bound are null). */
slong lp_record_ball(lp_record *rec, const char *key, const arb_t x, slong digits);
/* The same with an absolute bound and `decimals` digits after the point
 * (for logarithms, whose relative error means little near 0). */
slong lp_record_ball_abs(lp_record *rec, const char *key, const arb_t x, slong decimals);

/* A nested record under `key`, owned by `rec`. */
lp_record *lp_record_object(lp_record *rec, const char *key);
/* Appends a new record to the list `key` (created on first use); owned by `rec`. */
lp_record *lp_record_append(lp_record *rec, const char *key);
/* The text of the field `key` (its last one), owned by `rec`; NULL where it
 * is absent, null or not a text field.  For a study that reads back what
 * another printed (the PLD least multiplier checks the bracket account prints). */
const char *lp_record_get_text(const lp_record *rec, const char *key);
/* The nested record under `key`, the i-th record of the list `key`; NULL
 * where there is none. */
const lp_record *lp_record_get_object(const lp_record *rec, const char *key);
const lp_record *lp_record_get_item(const lp_record *rec, const char *key, size_t i);
/* The answer in the human form's first lines (text, one or more lines, no
 * trailing newline), before the title and the fields; JSON does not carry
 * it (the fields hold the same numbers).  NULL removes it. */
void lp_record_headline(lp_record *rec, const char *text);

/* Writes the record to `out`: one JSON object on one line (json != 0), or the
 * human form (title, then one `key: value` line per field, lists as tables).
 * Returns 0, or -1 on a write error. */
int lp_record_emit(const lp_record *rec, FILE *out, int json);
/* The list `key` of the record as CSV: a header of the first row's keys, one
 * line per row (texts as they are, quoted when they hold a comma or a quote;
 * balls as their decimal followed by a column <key>_..._error_bound; null as
 * empty).  Returns 0, or -1 on a write error. */
int lp_record_emit_csv(const lp_record *rec, const char *key, FILE *out);
/* The JSON text of the record (one line, no newline); caller frees with free(). */
char *lp_record_json(const lp_record *rec);

/* The printed-number contract's pieces, for tests and the other writers.
 * lp_ball_decimal: the decimal d of x with at most `digits` significant digits
 * (NULL when no digit is certified).  lp_bound_decimal_up: the relative (or,
 * with absolute != 0, absolute) bound of d against x, as a two-digit decimal
 * rounded up (NULL when it cannot be formed: d is 0 with x not exactly 0).
 * Both malloc'd (free()). */
char *lp_ball_decimal(const arb_t x, slong digits);
char *lp_ball_decimal_fixed(const arb_t x, slong decimals);
char *lp_bound_decimal_up(const arb_t x, const char *d, int absolute);

#ifdef __cplusplus
}
#endif
#endif
