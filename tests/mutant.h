/* mutant.h -- mutation checks: every claim's test shown able to fail.
 *
 * A test that checks a claim routes the quantity it checks (the paper's side: the printed
 * formula, the stated bound, the claimed constant) through a hook that names the claim's id(s),
 * space-separated.  Run normally a hook returns its argument unchanged.  With
 * LP_MUTANT=<claim-id>:<kind> in the environment (verify/mutants.py sets it), a hook naming
 * that id perturbs the quantity:
 *     rel+  rel-    times 1 + 1e-6, 1 - 1e-6 (a constant off in its sixth digit)
 *     x2    half    times 2, times 1/2
 *     neg           the sign flipped
 *     exp+  exp-    an exponent off by one (lp_mut_pow and the hooks that declare it)
 * prints "# mutant ID:KIND applied" once, and the claim's TAP lines must then report not ok.
 * LP_MUTANT=probe changes nothing: each hook prints "# mutant-hook IDS: KINDS" (the kinds it
 * supports) the first time it is reached with a kind not yet printed, so the runner runs only
 * the mutants that apply.  The rule and the scores: cases/claims/README.md. */
#ifndef LP_MUTANT_H
#define LP_MUTANT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LP_MUT_OFF = 0, LP_MUT_REL_UP, LP_MUT_REL_DOWN, LP_MUT_X2, LP_MUT_HALF, LP_MUT_NEG,
       LP_MUT_EXP_UP, LP_MUT_EXP_DOWN, LP_MUT_NKINDS, LP_MUT_PROBE = 99 };
static const char *const lp_mut_names[LP_MUT_NKINDS] = { "", "rel+", "rel-", "x2", "half", "neg",
                                                         "exp+", "exp-" };
/* The kinds a hook applies: those that would make the claim false in general (a mutant that
 * leaves it true, such as raising an upper bound, proves nothing).  An identity's side: every
 * value kind; an upper bound: the kinds that lower it; a lower bound: those that raise it; a
 * direction (a sign, a monotonicity): the sign flipped; a power: the exponents too. */
#define LP_MUT_VALUE "rel+ rel- x2 half neg"
#define LP_MUT_UPPER "rel- half neg"
#define LP_MUT_LOWER "rel+ x2 neg"
#define LP_MUT_SIGN "neg"
#define LP_MUT_ZERO "rel+ rel-"     /* a quantity claimed to be 0: moved by +-1e-6, absolutely */
#define LP_MUT_POWER "rel+ rel- x2 half neg exp+ exp-"

static struct {
    int parsed, kind, announced;
    char id[160];
} lp_mut_state;

static inline void
lp_mut_parse(void)
{
    const char *e = getenv("LP_MUTANT"), *colon;
    if (lp_mut_state.parsed)
        return;
    lp_mut_state.parsed = 1;
    if (e == NULL || *e == '\0')
        return;
    if (strcmp(e, "probe") == 0) {
        lp_mut_state.kind = LP_MUT_PROBE;
        return;
    }
    colon = strrchr(e, ':');
    for (int k = 1; k < LP_MUT_NKINDS; k++)
        if (colon != NULL && (size_t) (colon - e) < sizeof lp_mut_state.id && strcmp(colon + 1, lp_mut_names[k]) == 0) {
            memcpy(lp_mut_state.id, e, (size_t) (colon - e));
            lp_mut_state.id[colon - e] = '\0';
            lp_mut_state.kind = k;
        }
    if (lp_mut_state.kind == LP_MUT_OFF) {     /* a typo must not pass for a surviving mutant */
        printf("Bail out! LP_MUTANT=%s: not probe or <claim-id>:<kind>, kind one of rel+ rel- x2 half neg "
               "exp+ exp-\n", e);
        exit(1);
    }
}

/* whether the word w (length n) is one of the space-separated words of list */
static inline int
lp_mut_in(const char *list, const char *w, size_t n)
{
    for (const char *s = list; *s; ) {
        size_t k = strcspn(s, " ");
        if (k == n && strncmp(s, w, n) == 0)
            return 1;
        s += k;
        while (*s == ' ')
            s++;
    }
    return 0;
}

/* The kind to apply at a hook naming ids that supports kinds (space-separated names), or
 * LP_MUT_OFF.  The probe prints, and the applied mutant announces itself, once each: a hook in a
 * loop of a million cases prints one line. */
static inline int
lp_mut_which(const char *ids, const char *kinds)
{
    lp_mut_parse();
    if (lp_mut_state.kind == LP_MUT_OFF)
        return LP_MUT_OFF;
    if (lp_mut_state.kind == LP_MUT_PROBE) {
        /* a small table of the (ids, kinds) pairs printed, by content (a hook may pass a buffer) */
        static char seen[256][200];
        static int nseen;
        char key[200];
        snprintf(key, sizeof key, "%s|%s", ids, kinds);
        for (int i = 0; i < nseen; i++)
            if (strcmp(seen[i], key) == 0)
                return LP_MUT_OFF;
        if (nseen < 256)
            memcpy(seen[nseen++], key, sizeof key);
        printf("# mutant-hook %s: %s\n", ids, kinds);
        fflush(stdout);
        return LP_MUT_OFF;
    }
    if (!lp_mut_in(ids, lp_mut_state.id, strlen(lp_mut_state.id))
        || !lp_mut_in(kinds, lp_mut_names[lp_mut_state.kind], strlen(lp_mut_names[lp_mut_state.kind])))
        return LP_MUT_OFF;
    if (!lp_mut_state.announced) {
        lp_mut_state.announced = 1;
        printf("# mutant %s:%s applied\n", lp_mut_state.id, lp_mut_names[lp_mut_state.kind]);
        fflush(stdout);
    }
    return lp_mut_state.kind;
}

/* x perturbed by a value kind */
static inline double
lp_mut_apply(int kind, double x)
{
    switch (kind) {
    case LP_MUT_REL_UP: return x * (1 + 1e-6);
    case LP_MUT_REL_DOWN: return x * (1 - 1e-6);
    case LP_MUT_X2: return 2 * x;
    case LP_MUT_HALF: return x / 2;
    case LP_MUT_NEG: return -x;
    default: return x;
    }
}

/* the quantity x that a test checks for the claims ids: one side of an identity, an upper bound,
 * a lower bound, a quantity whose sign or direction the claim states */
static inline double
lp_mut(const char *ids, double x)
{
    return lp_mut_apply(lp_mut_which(ids, LP_MUT_VALUE), x);
}

static inline double
lp_mut_upper(const char *ids, double x)
{
    return lp_mut_apply(lp_mut_which(ids, LP_MUT_UPPER), x);
}

static inline double
lp_mut_lower(const char *ids, double x)
{
    return lp_mut_apply(lp_mut_which(ids, LP_MUT_LOWER), x);
}

static inline double
lp_mut_sign(const char *ids, double x)
{
    return lp_mut_apply(lp_mut_which(ids, LP_MUT_SIGN), x);
}

/* a quantity held as its logarithm: the factor's log added (no sign to flip) */
static inline double
lp_mut_log(const char *ids, double logx)
{
    switch (lp_mut_which(ids, "rel+ rel- x2 half")) {
    case LP_MUT_REL_UP: return logx + log1p(1e-6);
    case LP_MUT_REL_DOWN: return logx + log1p(-1e-6);
    case LP_MUT_X2: return logx + M_LN2;
    case LP_MUT_HALF: return logx - M_LN2;
    default: return logx;
    }
}

static inline double
lp_mut_zero(const char *ids, double x)
{
    int k = lp_mut_which(ids, LP_MUT_ZERO);
    return k == LP_MUT_REL_UP ? x + 1e-6 : k == LP_MUT_REL_DOWN ? x - 1e-6 : x;
}

/* base^e, the exponent of the claim's power law (or the power itself) mutated */
static inline double
lp_mut_pow(const char *ids, double base, double e)
{
    int k = lp_mut_which(ids, LP_MUT_POWER);
    if (k == LP_MUT_EXP_UP || k == LP_MUT_EXP_DOWN)
        return pow(base, e + (k == LP_MUT_EXP_UP ? 1 : -1));
    return lp_mut_apply(k, pow(base, e));
}

/* the value kinds as a rational factor num/den (den > 0; 1/1 when none applies), for a quantity
 * held exactly (an fmpz, an fmpq): compare den*lhs with num*rhs.  Returns the kind. */
static inline int
lp_mut_ratio(const char *ids, const char *kinds, long *num, long *den)
{
    int k = lp_mut_which(ids, kinds);
    *num = 1;
    *den = 1;
    switch (k) {
    case LP_MUT_REL_UP: *num = 1000001; *den = 1000000; break;
    case LP_MUT_REL_DOWN: *num = 999999; *den = 1000000; break;
    case LP_MUT_X2: *num = 2; break;
    case LP_MUT_HALF: *den = 2; break;
    case LP_MUT_NEG: *num = -1; break;
    default: break;
    }
    return k;
}

/* an integer the claim states (a count, a size): the relative kinds move it by at least 1 */
static inline long
lp_mut_long(const char *ids, long x)
{
    long step = labs(x) / 1000000 > 0 ? labs(x) / 1000000 : 1;
    switch (lp_mut_which(ids, LP_MUT_VALUE)) {
    case LP_MUT_REL_UP: return x + step;
    case LP_MUT_REL_DOWN: return x - step;
    case LP_MUT_X2: return 2 * x;
    case LP_MUT_HALF: return x / 2;
    case LP_MUT_NEG: return -x;
    default: return x;
    }
}

#endif
