/* bench-privacy.c -- `make bench`: a certified delta(eps) and least eps(delta)
 * (src/privacy) for gauss, vmf and laplace-l1 at p = 13,700 and 1.34e8, at the
 * working precision `leakproof dp --digits 10` starts from (97 bits), and the
 * whole `dp` study (precision loop and record).  CPU time of this process
 * (the 2-core machine is shared: wall time says more about the neighbours).
 * vmf "cold" alternates two kappas, so that the per-thread normaliser cache
 * never hits (the value shown is the last call's); "warm" asks the same mechanism
 * again (the inverse's own use, and the study rows after their first call).
 * The vmf rows at S=1 are the pair at chordal distance 1 (--sensitivity 1).
 * Targets (issue 19): <= 5 ms at p = 13,700, <= 50 ms at p = 1.34e8.  A
 * benchmark, not a test: it prints figures and asserts nothing. */
#include <stdio.h>
#include <time.h>
#include "privacy/privacy.h"

static double
cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

typedef enum { Q_DELTA, Q_EPS } query;

/* dist: the chordal distance of a vmf pair (NULL: antipodal, 2) */
static void
row_at(const char *label, lp_dp_mech mech, uint64_t p, const char *scale, const char *scale2, query q,
       const char *dist)
{
    lp_dp_pair m;
    arb_t x, v;
    double t0 = cpu(), t;
    int reps = 0;
    char *s = NULL;
    lp_dp_pair_init(&m, mech, p);
    arb_init(x);
    arb_init(v);
    arb_set_ui(m.dist, 2);
    m.antipodal = 1;
    if (dist != NULL) {
        arb_set_str(m.dist, dist, 97);
        m.antipodal = 0;
    }
    arb_set_str(x, q == Q_DELTA ? "2" : "1e-5", 97);
    do {
        arb_set_str(m.scale, (reps & 1) && scale2 ? scale2 : scale, 97);
        if (q == Q_DELTA)
            lp_dp_delta(v, &m, x, 97);
        else
            lp_dp_epsilon(v, &m, x, 10, 97);
        reps++;
        t = cpu() - t0;
    } while (t < 0.5);
    s = arb_get_str(v, 10, 0);
    printf("%-46s p=%-10llu %8.3f ms  %s\n", label, (unsigned long long) p, 1e3 * t / reps, s);
    flint_free(s);
    arb_clear(x);
    arb_clear(v);
    lp_dp_pair_clear(&m);
}

static void
row(const char *label, lp_dp_mech mech, uint64_t p, const char *scale, const char *scale2, query q)
{
    row_at(label, mech, p, scale, scale2, q, NULL);
}

static void
study(const char *label, const char *mech, uint64_t p, lp_param_id id, const char *scale, lp_dp_query q,
      const char *value)
{
    lp_params par;
    lp_dp_inputs_t in;
    char err[300], ptext[32];
    double t0 = cpu(), t;
    int reps = 0;
    lp_params_init(&par);
    snprintf(ptext, sizeof ptext, "%llu", (unsigned long long) p);
    lp_params_set(&par, LP_PARAM_ID_P, ptext, err, sizeof err);
    lp_params_set(&par, id, scale, err, sizeof err);
    lp_params_set(&par, LP_PARAM_ID_RADIUS, "1", err, sizeof err);
    in.mechanism = mech;
    in.par = &par;
    in.sensitivity = NULL;
    in.query = q;
    in.value = value;
    do {
        lp_record *rec = lp_record_new("dp");
        lp_study_dp(rec, &in, 10, err, sizeof err);
        lp_record_free(rec);
        reps++;
        t = cpu() - t0;
    } while (t < 0.5);
    printf("%-46s p=%-10llu %8.3f ms\n", label, (unsigned long long) p, 1e3 * t / reps);
    lp_params_clear(&par);
}

int
main(void)
{
    static const uint64_t ps[] = { 13700, 134000000 };
    printf("# certified privacy profiles (src/privacy), CPU ms per call, 97 bits; targets 5 ms (p = 13,700),"
           " 50 ms (p = 1.34e8)\n");
    for (int i = 0; i < 2; i++) {
        uint64_t p = ps[i];
        row("gauss sigma=1 R=1: delta(2)", LP_DP_GAUSS, p, "1", NULL, Q_DELTA);
        row("gauss sigma=1 R=1: least eps at 1e-5", LP_DP_GAUSS, p, "1", NULL, Q_EPS);
        row("laplace-l1 b=1 R=1: delta(2)", LP_DP_LAPLACE_L1, p, "1", NULL, Q_DELTA);
        row("laplace-l1 b=1 R=1: least eps at 1e-5", LP_DP_LAPLACE_L1, p, "1", NULL, Q_EPS);
        row("vmf kappa=173: delta(2), cold", LP_DP_VMF, p, "173", "173.5", Q_DELTA);
        row("vmf kappa=173: delta(2), warm", LP_DP_VMF, p, "173", NULL, Q_DELTA);
        row("vmf kappa=173: least eps at 1e-5, cold", LP_DP_VMF, p, "173", "173.5", Q_EPS);
        /* the chordal pair (vmf_chordal_arb.c): one integral with a 0F1 factor, no cache */
        row_at("vmf kappa=173 S=1 (chordal): delta(2)", LP_DP_VMF, p, "173", "173.5", Q_DELTA, "1");
        row_at("vmf kappa=173 S=1 (chordal): least eps at 1e-5", LP_DP_VMF, p, "173", "173.5", Q_EPS, "1");
        study("leakproof dp vmf --kappa 173 --delta 1e-5 (study, warm)", "vmf", p, LP_PARAM_ID_KAPPA, "173",
              LP_DP_Q_DELTA, "1e-5");
        study("leakproof dp gauss --sigma 1 --delta 1e-5 (study, warm)", "gauss", p, LP_PARAM_ID_SIGMA, "1",
              LP_DP_Q_DELTA, "1e-5");
    }
    lp_vmf_cache_release();
    flint_cleanup();
    return 0;
}
