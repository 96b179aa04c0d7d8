/* record_internal.h -- the record's representation, shared by the files that
 * build it (record.c) and write it (record_json.c, record_human.c,
 * record_csv.c); not installed, not part of the interface. */
#ifndef LP_RECORD_INTERNAL_H
#define LP_RECORD_INTERNAL_H

#include "core/record.h"

typedef enum { F_TEXT, F_INT, F_BOOL, F_NULL, F_DOUBLE, F_DOUBLES, F_INTS, F_TEXTS, F_BALL, F_OBJECT, F_LIST } field_kind;

typedef struct field {
    char *key;
    field_kind kind;
    char *text;            /* F_TEXT (NULL: null); F_BALL: the decimal d (NULL: null) */
    char *bound;           /* F_BALL: the two-digit bound, rounded up (NULL: null)   */
    double bound_d;        /* F_BALL: a double >= bound, for JSON                     */
    int absolute;          /* F_BALL: absolute bound                                  */
    int64_t i;
    double d;
    double *ds;
    int64_t *is;
    char **ts;
    size_t nds;
    lp_record *child;      /* F_OBJECT                                                */
    lp_record **items;     /* F_LIST                                                  */
    size_t nitems;
} field;

struct lp_record {
    char *title;
    char *headline;         /* human output only: the answer's lines before the title (or NULL) */
    field *f;
    size_t n, cap;
};

/* A copy of s (malloc), or aborting where the library's allocation policy does. */
char *lp_record_strdup(const char *s);
/* The key of a ball's bound: KEY_rel_error_bound, KEY_abs_error_bound, or
 * rel_error_bound for `value` (malloc; record_json.c). */
char *lp_record_bound_key(const field *f);
/* A scalar field as its human text (malloc; record_human.c). */
char *lp_record_human_value(const field *f);

#endif
