/* pld_least_multiplier.c -- the least noise multiplier under the certified
 * PLD accountant.  Contract in pld_least_multiplier.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "account/pld/study/pld_least_multiplier.h"
#include "account/pld/study/pld_full_batch.h"
#include "core/host.h"

typedef struct {
    const lp_pld_request *req;
    arb_srcptr target;          /* epsilon E (the caller's) */
    long resolution;
    int oom;
    arf_t dhi_last;             /* the upper end of delta(E) at the last M judged */
} search;

static void
m_text(char *buf, size_t len, int64_t m, long res)
{
    /* m 10^-res as an exact decimal: the digits of m with a point */
    lp_snprintf(buf, len, "%lld", (long long) m);
    if (res > 0) {
        char digits[40];
        size_t n;
        lp_snprintf(digits, sizeof digits, "%0*lld", (int) res + 1, (long long) m);
        n = strlen(digits);
        lp_snprintf(buf, len, "%.*s.%s", (int) (n - (size_t) res), digits, digits + n - res);
    }
}

/* +1: delta(E) <= delta certainly at M (meets); -1: delta(E) > delta
 * certainly (fails); 0: undecided at this width; -2: failed (oom, cancel) */
static int
judge(search *s, const char *M, double width)
{
    const lp_pld_request *req = s->req;
    lp_dpsgd run;
    arb_t lo, hi, worst_lo, worst_hi;
    int verdict = 0;
    lp_dpsgd_init(&run, M, req->q, req->steps, req->delta);
    arb_init(lo);
    arb_init(hi);
    arb_init(worst_lo);
    arb_init(worst_hi);
    if (run.q_is_one) {
        lp_pld_full_batch_delta(hi, &run, s->target);
        arb_set(worst_lo, hi);
        arb_set(worst_hi, hi);
    } else {
        for (int rel = 0; rel < 2 && verdict != -2; rel++) {
            lp_pld pld;
            if (req->relation != 2 && req->relation != rel)
                continue;
            if (lp_pld_init(&pld, &run, (lp_pld_relation) rel, width, req->max_n,
                            arf_get_d(arb_midref(s->target), ARF_RND_NEAR)) != 0) {
                s->oom |= pld.out_of_memory;
                verdict = -2;
            } else {
                lp_pld_delta(lo, hi, &pld, s->target);
                /* the worse relation: the larger delta, each end */
                if (arb_is_zero(worst_hi) || arf_cmp(arb_midref(hi), arb_midref(worst_hi)) > 0)
                    arb_set(worst_hi, hi);
                if (arb_is_zero(worst_lo) || arf_cmp(arb_midref(lo), arb_midref(worst_lo)) > 0)
                    arb_set(worst_lo, lo);
            }
            lp_pld_clear(&pld);
        }
    }
    if (verdict != -2) {
        arb_get_ubound_arf(s->dhi_last, worst_hi, 64);
        if (arb_le(worst_hi, run.delta))
            verdict = 1;
        else if (arb_gt(worst_lo, run.delta))
            verdict = -1;
    }
    if (lp_cancelled())
        verdict = -2;
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(worst_lo);
    arb_clear(worst_hi);
    lp_dpsgd_clear(&run);
    return verdict;
}

/* judge at a coarse width first, then the request's, then a quarter of it */
static int
judge_m(search *s, int64_t m)
{
    char M[48];
    const double w = s->req->width;
    int v = 0;
    m_text(M, sizeof M, m, s->resolution);
    for (int i = 0; i < 3 && v == 0; i++)
        v = judge(s, M, i == 0 ? fmax(w, 0.05) : i == 1 ? w : w / 4);
    return v;
}

int
lp_pld_least_multiplier(lp_record *rec, const lp_pld_request *req, long resolution)
{
    search s;
    arb_t target;
    int64_t unit = 1, m_hi, m_lo = 0, m_min, m_max;
    int v, below = 0, status = LP_PLD_OK, found = 0;
    char M_hi[48], M_lo[48];
    s.req = req;
    s.resolution = resolution < 0 ? 3 : resolution > 4 ? 4 : resolution;
    s.oom = 0;
    arb_init(target);
    arf_init(s.dhi_last);
    lp_decimal_arb(target, req->eps, 128);
    s.target = target;
    for (long i = 0; i < s.resolution; i++)
        unit *= 10;
    m_min = unit / 100 > 0 ? unit / 100 : 1;     /* M >= 0.01 */
    m_max = unit * 10000;                       /* M <= 1e4 */
    /* an M that meets, from M = 1 up by doubling; one below that fails */
    m_hi = unit;
    while ((v = judge_m(&s, m_hi)) != 1 && v != -2 && m_hi < m_max)
        m_hi = m_hi * 2 > m_max ? m_max : m_hi * 2;
    if (v == 1) {
        found = 1;
        m_lo = m_hi;
        while (m_lo > m_min) {
            int64_t next = m_lo / 2 > m_min ? m_lo / 2 : m_min;
            v = judge_m(&s, next);
            if (v == 1)
                m_hi = m_lo = next;
            else {
                m_lo = next;
                below = v == -1;
                break;
            }
            if (next == m_min)
                break;
        }
        if (m_lo == m_hi)       /* even M = 0.01 meets it */
            m_lo = m_hi - 1 > 0 ? m_hi - 1 : 0;
        /* bisection on the grid: m_hi meets, m_lo fails (or undecided) */
        while (m_hi - m_lo > 1 && v != -2 && !lp_cancelled()) {
            int64_t mid = m_lo + (m_hi - m_lo) / 2;
            v = judge_m(&s, mid);
            if (v == 1)
                m_hi = mid;
            else if (v == -1) {
                m_lo = mid;
                below = 1;
            } else if (v == 0) {
                m_lo = mid;     /* cannot tell: the least certified is above */
                below = 0;
            }
        }
        if (m_hi - m_lo == 1 && v != -2 && !lp_cancelled()) {
            v = m_lo > 0 ? judge_m(&s, m_lo) : -1;
            below = v == -1;
        }
        judge_m(&s, m_hi);      /* dhi_last: delta(E)'s upper end at the answer */
    }
    if (s.oom)
        status = LP_PLD_OUT_OF_MEMORY;
    else if (lp_cancelled())
        status = LP_PLD_INTERRUPTED;
    lp_record_text(rec, "command", "account least-multiplier");
    lp_record_text(rec, "accountant", "pld");
    lp_record_text(rec, "epsilon", req->eps);
    lp_record_text(rec, "sampling_rate", req->q);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "relation", req->relation == 0 ? "remove" : req->relation == 1 ? "add" : "both");
    lp_record_int(rec, "resolution", s.resolution);
    if (found && status == LP_PLD_OK) {
        char *t = lp_format_arf_directed(s.dhi_last, 6, 1);
        m_text(M_hi, sizeof M_hi, m_hi, s.resolution);
        m_text(M_lo, sizeof M_lo, m_lo, s.resolution);
        lp_record_text(rec, "noise_multiplier", M_hi);
        lp_record_text(rec, "delta_at_epsilon_upper_bound", t);
        lp_record_text(rec, "below", M_lo);
        lp_record_bool(rec, "below_certainly_exceeds", below);
        lp_record_bool(rec, "certified", 1);
        flint_free(t);
    } else {
        lp_record_null(rec, "noise_multiplier");
        lp_record_text(rec, "status", "not_found");
        lp_record_textf(rec, "note", "no noise multiplier up to 1e4 certainly meets epsilon <= %s "
                        "under the PLD accountant", req->eps);
        if (status == LP_PLD_OK)
            status = LP_PLD_UNCERTIFIED;
    }
    arb_clear(target);
    arf_clear(s.dhi_last);
    return status;
}
