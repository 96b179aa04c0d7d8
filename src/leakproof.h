/* leakproof.h -- the public interface of libleakproof.
 *
 * A *formula* (gauss, vmf) has one or more *forms* (printed: the theorem's
 * statement as printed; proof: the quantity its proof derives), and every form
 * has up to five *methods*: arb (certified ball arithmetic, the reference),
 * mpfr, double, logdouble and gsl (the ways users compute it; measured, never
 * trusted).  The registry `lp_forms` lists them all; the CLI, the tests and
 * the benchmarks enumerate it.
 *
 * Inclusion principle: a result with `certified` set is an Arb ball that
 * contains the true value of the form at the exact decimal parameters given.
 * Nothing else carries a bound. */
#ifndef LEAKPROOF_H
#define LEAKPROOF_H

#include <stddef.h>
#include <stdint.h>
#include <mpfr.h>
#include "leakproof_arb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What happened to an evaluation.  Non-certified methods never return a
 * silent inf, 0 or NaN: they say overflow, underflow or nan instead. */
typedef enum {
    LP_OK = 0,
    LP_OVERFLOW,   /* the method's number range was exceeded (inf, or inf/inf)  */
    LP_UNDERFLOW,  /* a positive true value came out as 0                       */
    LP_NAN,        /* NaN without a recorded overflow                           */
    LP_DOMAIN,     /* the parameters are outside what the method accepts        */
    LP_DECLINED,   /* term-by-term method: too many terms to finish in time     */
    LP_FAILED,     /* the method reported its own failure (e.g. GSL quadrature) */
    LP_UNCERTIFIED, /* arb: not one digit certified at the highest precision tried */
    LP_INACCURATE  /* non-certified: a value, but the method detected (or --compare
                      measured) a relative error above LP_INACCURATE_TOL         */
} lp_status;

/* The tolerance of the non-certified methods' statuses: about half the digits
 * of a double.  A value whose error, estimated by the method itself or
 * measured against arb (--compare), exceeds it is `inaccurate`, not `ok`. */
#define LP_INACCURATE_TOL 1e-8

const char *lp_status_name(lp_status status);

typedef enum {
    LP_ARB = 0, LP_MPFR, LP_DOUBLE, LP_LOGDOUBLE, LP_GSL, LP_NMETHODS
} lp_method;

const char *lp_method_name(lp_method method);
/* The method called `name`, or -1. */
int lp_method_from_name(const char *name);

/* The parameters of one evaluation: one slot per descriptor of lp_param_specs
 * (below).  The decimal texts are the truth: the arb method reads them exactly
 * (as balls containing the decimal value), mpfr rounds them correctly at its
 * precision, the double methods use the doubles.  Set them only through
 * lp_params_set, which validates the text against the descriptor's domain and
 * derives the double (which may be 0 or inf where the decimal lies beyond the
 * double range: double methods say so by their status, arb never reads it). */
typedef struct {
    uint64_t p;                 /* dimension, 1 <= p <= LP_P_MAX            */
    const char *sigma;          /* Gaussian noise standard deviation, > 0   */
    const char *radius;         /* clipping radius R, >= 0                  */
    const char *kappa;          /* VMF concentration, >= 0                  */
    const char *b;              /* Laplace scale per coordinate, > 0        */
    const char *clip;           /* per-layer clipping norm, >= 0            */
    double sigma_d, radius_d, kappa_d, b_d, clip_d;
    uint64_t *layers;           /* layer sizes (owned; lp_params_clear)     */
    size_t nlayers;
} lp_params;

/* The descriptors: what each parameter means and which values it takes. */
typedef enum {
    LP_DOM_DIMENSION,           /* an integer from 1 to LP_P_MAX            */
    LP_DOM_POSITIVE,            /* a decimal number > 0, read exactly       */
    LP_DOM_NONNEGATIVE,         /* a decimal number >= 0, read exactly      */
    LP_DOM_LAYERS               /* a list of dimensions, total <= LP_P_MAX  */
} lp_domain;

typedef enum {
    LP_PARAM_ID_P = 0, LP_PARAM_ID_SIGMA, LP_PARAM_ID_RADIUS, LP_PARAM_ID_KAPPA,
    LP_PARAM_ID_B, LP_PARAM_ID_CLIP, LP_PARAM_ID_LAYERS, LP_NPARAMS
} lp_param_id;

typedef struct {
    const char *name;           /* the option --NAME and the JSON key NAME  */
    const char *meaning;        /* one phrase, for messages and the man page */
    lp_domain domain;
} lp_param_spec;

extern const lp_param_spec lp_param_specs[LP_NPARAMS];

/* The descriptor called `name`, or -1. */
int lp_param_from_name(const char *name);
/* A text saying the domain ("a decimal number > 0, read exactly"). */
const char *lp_domain_text(lp_domain domain);
/* Sets parameter `id` from `text`: 0, or -1 with a message ("must be a
 * decimal number > 0 (got 'x')", without the parameter's name) in err.  The
 * text is not copied: it must outlive par.  Layers are read from "P1,P2,...". */
int lp_params_set(lp_params *par, lp_param_id id, const char *text, char *err, size_t errlen);
/* Sets the layers from sizes (copied); 0, or -1 with a message. */
int lp_params_set_layers(lp_params *par, const uint64_t *sizes, size_t n, char *err, size_t errlen);
/* The text of parameter id (NULL when unset; p and layers have none). */
const char *lp_params_text(const lp_params *par, lp_param_id id);
void lp_params_init(lp_params *par);
void lp_params_clear(lp_params *par);

#define LP_P_MAX UINT64_C(2147483647)

/* Term-by-term methods decline above these many terms (status declined). */
#define LP_TERMS_MAX_DOUBLE (UINT64_C(1) << 27)
#define LP_TERMS_MAX_MPFR   (UINT64_C(1) << 24)

typedef struct {
    lp_status status;
    int certified;      /* 1: `value` is a ball containing the true value       */
    arb_t value;        /* certified: the enclosure; else the method's point    */
    slong digits;       /* significant digits worth printing: certified digits
                           for arb, the method's working digits otherwise       */
    slong prec;         /* working precision in bits (arb, mpfr), 53 for doubles */
    char note[240];     /* a human sentence on what happened, or ""             */
} lp_result;

void lp_result_init(lp_result *res);
void lp_result_clear(lp_result *res);

/* An evaluator of one form by one method.  `prec` is the working precision in
 * bits for arb and mpfr, ignored by the double methods.  It sets res->status
 * (and returns it), res->value and res->note. */
typedef lp_status (*lp_evaluator)(lp_result *res, const lp_params *par, slong prec);

/* Bits of lp_form.params and lp_mechanism_spec.params: 1 << lp_param_id. */
enum { LP_PARAM_P = 1 << LP_PARAM_ID_P, LP_PARAM_SIGMA = 1 << LP_PARAM_ID_SIGMA,
       LP_PARAM_RADIUS = 1 << LP_PARAM_ID_RADIUS, LP_PARAM_KAPPA = 1 << LP_PARAM_ID_KAPPA,
       LP_PARAM_B = 1 << LP_PARAM_ID_B, LP_PARAM_CLIP = 1 << LP_PARAM_ID_CLIP,
       LP_PARAM_LAYERS = 1 << LP_PARAM_ID_LAYERS };

typedef struct {
    const char *formula;        /* the mechanism's name: "gauss", "vmf", ... */
    const char *form;           /* "printed", "proof", "steiner", "derived" */
    const char *source;         /* where it comes from in the papers       */
    const char *expression;     /* the formula, in plain text              */
    unsigned params;            /* LP_PARAM_* the form needs               */
    lp_evaluator method[LP_NMETHODS];   /* NULL where not implemented     */
} lp_form;

extern const lp_form lp_forms[];
extern const size_t lp_nforms;

/* A mechanism: a row of the registry.  Its forms are the rows of lp_forms
 * whose `formula` is its name. */
struct lp_mechanism;            /* the Monte Carlo arbiter's view (src/mc/mc.h) */
typedef struct {
    const char *name;           /* "gauss", "vmf", "laplace-l1", "gauss-layers" */
    const char *description;    /* the noise and the input set, one phrase      */
    unsigned params;            /* LP_PARAM_* it takes                          */
    const char *default_form;   /* the form `eval` uses when none is named      */
    /* The Monte Carlo arbiter's mechanism at these parameters (doubles, p at
     * most the arbiter's limit): 0, or -1 when it cannot be set up. NULL when
     * the arbiter has no such mechanism. */
    int (*mc_make)(struct lp_mechanism *m, const lp_params *par);
    /* Its typical parameters (the papers' configuration) as texts indexed by
     * lp_param_id, NULL where it takes none; set by lp_params_typical. */
    const char *typical[LP_NPARAMS];
} lp_mechanism_spec;

extern const lp_mechanism_spec lp_mechanisms[];
extern const size_t lp_nmechanisms;
/* The mechanism called `name`, or NULL. */
const lp_mechanism_spec *lp_mechanism_find(const char *name);
/* Sets par (initialized) to m's typical parameters: 0, or -1 with a message. */
int lp_params_typical(lp_params *par, const lp_mechanism_spec *m, char *err, size_t errlen);

/* The registry row for (formula, form), or NULL. */
const lp_form *lp_form_find(const char *formula, const char *form);
/* 1 when `formula` names at least one row. */
int lp_formula_exists(const char *formula);

/* Evaluate `form` by `method`.  For arb, raise the working precision until
 * `digits` significant decimal digits are certified (or a precision cap is
 * reached, in which case res->digits says how many are certified).  `prec` is
 * the working precision in bits of the mpfr method (0: enough bits for
 * `digits`); arb chooses its own and the double methods ignore it. */
lp_status lp_evaluate(lp_result *res, const lp_form *form, lp_method method,
                      const lp_params *par, slong digits, slong prec);

/* Gaussian noise with per-layer clipping: the inputs are a product of balls,
 * layer l of size sizes[l] clipped to `clip`, so the sup in Definition III.1
 * factorises and C = prod_l C_gauss,proof(sizes[l], sigma, clip).  A
 * certified ball with `digits` digits (each factor evaluated by arb with a
 * few more, by Steiner's formula, which equals the proof form -- the one the
 * Monte Carlo arbiter upholds -- and is ten times faster). */
lp_status lp_gauss_layers(lp_result *res, const uint64_t *sizes, size_t nlayers,
                          const char *sigma, const char *clip, slong digits);

/* Relative error |x - ref| / |ref| of a point result against a certified
 * reference, rounded up to a double; -1 when it cannot be formed (x not ok,
 * ref not certified, or ref contains zero). */
double lp_rel_error(const lp_result *x, const lp_result *ref);

/* Certified relative radius of a ball result, rounded up; -1 when the ball
 * contains zero or is not finite. */
double lp_rel_error_bound(const lp_result *res);

/* Decimal text of the result in scientific notation ("4.556e+74") with at
 * most `digits` significant digits, each guaranteed for certified results
 * (error at most one unit in the last place).  Caller frees with flint_free. */
char *lp_format_value(const lp_result *res, slong digits);
/* A certified ball as decimal text, as lp_format_value does for results; its
 * certified relative radius, as lp_rel_error_bound does. */
char *lp_format_ball(const arb_t x, slong digits);
double lp_ball_rel_error_bound(const arb_t x);
/* log10 of the result, as decimal text with `digits` significant digits
 * (certified for certified results).  Caller frees with flint_free. */
char *lp_format_log10(const lp_result *res, slong digits);

/* Decimal input.  1 if `s` is a finite decimal number ([+-]d[.d][e[+-]d]),
 * else 0: no NaN, no inf, no hex, no trailing text. */
int lp_decimal_valid(const char *s);
/* Read `s` exactly: x becomes a ball containing the decimal value (exact
 * when it fits `prec`).  Exponents beyond input's 100000 (decimals the program
 * printed itself) go through a ball power of ten, not an exact integer. */
void lp_decimal_arb(arb_t x, const char *s, slong prec);
/* Read `s` correctly rounded to x's precision. */
void lp_decimal_mpfr(mpfr_t x, const char *s);
/* The sign (-1, 0, 1) of the exact value of a valid decimal. */
int lp_decimal_sign(const char *s);
/* 0 and *out = the value if `s` is a valid decimal whose value is an integer
 * in [0, 2^63); else -1.  "1.34e8" reads as 134000000. */
int lp_decimal_uint64(uint64_t *out, const char *s);

/* ---- Entry point for bindings ----------------------------------------------
 * A stable surface for Python and other languages: strings in, JSON text out,
 * no Arb, MPFR or GSL type and no struct whose layout could change.
 *
 * lp_call runs one leakproof command in this process, as the program would:
 * args[0..nargs-1] is the command line without the program name, e.g.
 * {"eval", "gauss", "--p", "5", "--sigma", "1", "--radius", "1"}.  --json is
 * added when the command takes it and it is absent (verify writes TAP, which
 * comes back as it is).  Returns the program's exit status: 0 ok, 1 a failure
 * that is not the caller's fault, 2 bad input, 3 the answer could not be
 * certified to the digits asked, 4 out of memory, 5 interrupted
 * (lp_call_cancellable).  *json receives what the command wrote on its
 * output (one JSON record; NULL when it wrote nothing), *error what it wrote on
 * its error stream (one line naming the bad parameter for status 2; NULL when
 * empty); either pointer may be NULL to discard that text.  Free both with
 * lp_free.  Status 1 with a message and no record also when memory for the
 * streams runs out.
 *
 * Thread-safe: any number of threads may call lp_call at once.  A call writes
 * only to its own memory streams (the process's stdout and stderr are never
 * touched), parses with no global state, reads and writes numbers in the C
 * locale whatever the host's (uselocale for the calling thread, restored
 * before it returns), passes its thread count to its own parallel region
 * (OMP_NUM_THREADS and --threads capped at 1024; nothing is left set for
 * later calls) and leaves nothing behind.  What stays process-wide: GSL's
 * error handler is turned off while any call needs it and the host's handler
 * restored when the last one is done; FLINT's and MPFR's caches are per
 * thread (a thread may call flint_cleanup() and mpfr_free_cache() before it
 * ends).  No signal handler and no allocator is installed.  Out of memory
 * inside FLINT or GMP ends the process as those libraries do (their handlers
 * are the host's; the leakproof program's own end it with exit status 4 and
 * nothing on stdout), and out of memory reading a number file is status 4. */
int lp_call(const char *const *args, size_t nargs, char **json, char **error);
/* lp_call that stops soon after *cancel becomes nonzero (set it from another
 * thread, or from the host's own signal handler; write it atomically): long
 * loops (Monte Carlo blocks, verify's cases, the accountant's orders, the
 * adversaries' samples, arb's precision steps) check it.  An interrupted call
 * returns 5 with "interrupted" on its error stream and no record.  cancel
 * NULL: lp_call. */
int lp_call_cancellable(const char *const *args, size_t nargs, char **json, char **error,
                        const int *cancel);
/* Frees a text returned by lp_call (NULL is fine). */
void lp_free(void *text);

#ifdef __cplusplus
}
#endif
#endif
