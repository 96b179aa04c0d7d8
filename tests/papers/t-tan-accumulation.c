/* t-tan-accumulation.c -- Tan et al. Section 4 (the accumulation of mutual
 * information over rounds, eq. (4), (6), (9), (10), (14), (16), the server
 * term Gamma_server, "n rounds leak at most n kappa") in the one model where
 * every mutual information is a closed form: a linear-Gaussian federated run.
 *
 * The victim's data D ~ N(0, lam); a local step on F(W; D) = (W - D)^2 / 2
 * with data-space noise (Section 5.2) D~_t = D + xi_t, xi_t ~ N(0, sig):
 *   W_o(t) = (1 - eta) W_i(t) + eta D~_t;
 * every E steps the server averages with another client (data D' ~ N(0, lam'),
 * its own noise z_t ~ N(0, r), starting from the same W_i(t)):
 *   W_i(t+1) = (W_o(t) + V(t)) / 2,  V(t) = (1 - eta) W_i(t) + eta (D' + z_t),
 * otherwise W_i(t+1) = W_o(t) (eq. (14)).  W_i(0) = c D + z_init (c = 0: no prior).
 * Every variable is a linear form in independent Gaussian sources with exact
 * dyadic coefficients; a mutual information is computed two ways that share
 * no code: log-determinants of Gram matrices (Cholesky-free arb_mat_det), and
 * conditional variances of D by Schur complements (arb_mat_solve).  Random
 * parameters at random precision, LEAKPROOF_TEST_MULTIPLIER iterations; a
 * failing draw prints its inputs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"

#define MAXN 6
#define MAXSRC (4 + 2 * MAXN)
#define MAXVAR (4 + 5 * MAXN)

typedef struct {
    int nsrc, nvar;
    arb_struct var[MAXSRC];                 /* source variances */
    arb_struct coef[MAXVAR][MAXSRC];        /* variable v = sum_k coef[v][k] source_k */
} model;

typedef struct {
    int n, E, eta8, lam4, sig8, lamo4, r8, c4;
    int D, wi[MAXN + 1], wo[MAXN], dt[MAXN];  /* variable indices (W_i(t+1) may equal W_o(t)) */
    model m;
} run;

static void
model_init(model *m, int nsrc)
{
    m->nsrc = nsrc;
    m->nvar = 0;
    for (int k = 0; k < MAXSRC; k++)
        arb_init(m->var + k);
    for (int v = 0; v < MAXVAR; v++)
        for (int k = 0; k < MAXSRC; k++)
            arb_init(&m->coef[v][k]);
}

static void
model_clear(model *m)
{
    for (int k = 0; k < MAXSRC; k++)
        arb_clear(m->var + k);
    for (int v = 0; v < MAXVAR; v++)
        for (int k = 0; k < MAXSRC; k++)
            arb_clear(&m->coef[v][k]);
}

/* a new variable a*x + b*y + e_src (x, y variables or -1; src a source or -1) */
static int
model_lin(model *m, const arb_t a, int x, const arb_t b, int y, int src, slong prec)
{
    int v = m->nvar++;
    for (int k = 0; k < m->nsrc; k++) {
        arb_zero(&m->coef[v][k]);
        if (x >= 0)
            arb_addmul(&m->coef[v][k], a, &m->coef[x][k], prec);
        if (y >= 0)
            arb_addmul(&m->coef[v][k], b, &m->coef[y][k], prec);
    }
    if (src >= 0)
        arb_add_ui(&m->coef[v][src], &m->coef[v][src], 1, prec);
    return v;
}

/* set without duplicates: a deterministic copy of a variable adds nothing */
static int
set_union(int *out, const int *a, int na, const int *b, int nb)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < (pass ? nb : na); i++) {
            int v = pass ? b[i] : a[i], seen = 0;
            for (int j = 0; j < n; j++)
                seen |= out[j] == v;
            if (!seen)
                out[n++] = v;
        }
    return n;
}

static void
gram(arb_mat_t G, const model *m, const int *s, int n, slong prec)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            arb_ptr g = arb_mat_entry(G, i, j);
            arb_zero(g);
            for (int k = 0; k < m->nsrc; k++) {
                arb_t t;
                arb_init(t);
                arb_mul(t, &m->coef[s[i]][k], &m->coef[s[j]][k], prec);
                arb_addmul(g, t, m->var + k, prec);
                arb_clear(t);
            }
        }
}

/* ln det of the Gram matrix of the set (0 for the empty set) */
static void
logdet(arb_t r, const model *m, const int *s, int n, slong prec)
{
    arb_mat_t G;
    if (n == 0) {
        arb_zero(r);
        return;
    }
    arb_mat_init(G, n, n);
    gram(G, m, s, n, prec);
    arb_mat_det(r, G, prec);
    arb_log(r, r, prec);
    arb_mat_clear(G);
}

/* route 1: I(A; B | C) = 1/2 [ld(AC) + ld(BC) - ld(C) - ld(ABC)] */
static void
cmi_logdet(arb_t r, const model *m, const int *a, int na, const int *b, int nb, const int *c, int nc,
           slong prec)
{
    int ac[MAXVAR], bc[MAXVAR], abc[MAXVAR], cc[MAXVAR];
    int nac = set_union(ac, a, na, c, nc), nbc = set_union(bc, b, nb, c, nc);
    int ncc = set_union(cc, c, nc, NULL, 0), nabc = set_union(abc, ac, nac, bc, nbc);
    arb_t t;
    arb_init(t);
    logdet(r, m, ac, nac, prec);
    logdet(t, m, bc, nbc, prec);
    arb_add(r, r, t, prec);
    logdet(t, m, cc, ncc, prec);
    arb_sub(r, r, t, prec);
    logdet(t, m, abc, nabc, prec);
    arb_sub(r, r, t, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(t);
}

/* route 2: Var(x | S) = Sigma_xx - Sigma_xS Sigma_SS^{-1} Sigma_Sx by a solve */
static void
condvar(arb_t r, const model *m, int x, const int *s0, int n0, slong prec)
{
    int s[MAXVAR], n = 0;
    arb_mat_t G, g, w;
    for (int i = 0; i < n0; i++) {             /* drop duplicates and x itself */
        int seen = s0[i] == x;
        for (int j = 0; j < n; j++)
            seen |= s[j] == s0[i];
        if (!seen)
            s[n++] = s0[i];
    }
    {
        int one[1] = { x };
        arb_mat_t V;
        arb_mat_init(V, 1, 1);
        gram(V, m, one, 1, prec);
        arb_set(r, arb_mat_entry(V, 0, 0));
        arb_mat_clear(V);
    }
    if (n == 0)
        return;
    arb_mat_init(G, n, n);
    arb_mat_init(g, n, 1);
    arb_mat_init(w, n, 1);
    gram(G, m, s, n, prec);
    {
        int all[MAXVAR + 1];
        arb_mat_t F;
        memcpy(all, s, sizeof(int) * n);
        all[n] = x;
        arb_mat_init(F, n + 1, n + 1);
        gram(F, m, all, n + 1, prec);
        for (int i = 0; i < n; i++)
            arb_set(arb_mat_entry(g, i, 0), arb_mat_entry(F, i, n));
        arb_mat_clear(F);
    }
    if (!arb_mat_solve(w, G, g, prec)) {
        arb_indeterminate(r);
    } else {
        for (int i = 0; i < n; i++)
            arb_submul(r, arb_mat_entry(g, i, 0), arb_mat_entry(w, i, 0), prec);
    }
    arb_mat_clear(G);
    arb_mat_clear(g);
    arb_mat_clear(w);
}

/* route 2 for I(D; B | C) = 1/2 ln(Var(D|C) / Var(D|B,C)) */
static void
dmi_condvar(arb_t r, const model *m, int d, const int *b, int nb, const int *c, int nc, slong prec)
{
    int bc[MAXVAR], nbc = set_union(bc, b, nb, c, nc);
    arb_t v;
    arb_init(v);
    condvar(r, m, d, c, nc, prec);
    condvar(v, m, d, bc, nbc, prec);
    arb_div(r, r, v, prec);
    arb_log(r, r, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(v);
}

/* sources: 0 D, 1 D', 2 z_init, then xi_t (3 + t) and z_t (3 + n + t) */
static void
build(run *R, slong prec)
{
    model *m = &R->m;
    arb_t a, b, half;
    int n = R->n;
    arb_init(a); arb_init(b); arb_init(half);
    model_init(m, 3 + 2 * n);
    arb_set_ui(m->var + 0, (ulong) R->lam4);
    arb_mul_2exp_si(m->var + 0, m->var + 0, -2);
    arb_set_ui(m->var + 1, (ulong) R->lamo4);
    arb_mul_2exp_si(m->var + 1, m->var + 1, -2);
    arb_one(m->var + 2);
    for (int t = 0; t < n; t++) {
        arb_set_ui(m->var + 3 + t, (ulong) R->sig8);
        arb_mul_2exp_si(m->var + 3 + t, m->var + 3 + t, -3);
        arb_set_ui(m->var + 3 + n + t, (ulong) R->r8);
        arb_mul_2exp_si(m->var + 3 + n + t, m->var + 3 + n + t, -3);
    }
    arb_one(a);
    R->D = model_lin(m, a, -1, a, -1, 0, prec);
    {
        int dprime = model_lin(m, a, -1, a, -1, 1, prec);
        arb_set_ui(a, (ulong) R->c4);
        arb_mul_2exp_si(a, a, -2);
        R->wi[0] = model_lin(m, a, R->D, b, -1, 2, prec);
        arb_set_d(half, 0.5);
        for (int t = 0; t < n; t++) {
            arb_t one, eta, om;
            int dt, wo, v, dz;
            arb_init(one); arb_init(eta); arb_init(om);
            arb_one(one);
            arb_set_ui(eta, (ulong) R->eta8);
            arb_mul_2exp_si(eta, eta, -3);
            arb_sub_ui(om, eta, 1, prec);
            arb_neg(om, om);
            dt = model_lin(m, one, R->D, one, -1, 3 + t, prec);              /* D + xi_t */
            wo = model_lin(m, om, R->wi[t], eta, dt, -1, prec);
            R->dt[t] = dt;
            R->wo[t] = wo;
            if ((t + 1) % R->E == 0) {
                dz = model_lin(m, one, dprime, one, -1, 3 + n + t, prec);    /* D' + z_t */
                v = model_lin(m, om, R->wi[t], eta, dz, -1, prec);
                R->wi[t + 1] = model_lin(m, half, wo, half, v, -1, prec);
            } else {
                R->wi[t + 1] = wo;
            }
            arb_clear(one); arb_clear(eta); arb_clear(om);
        }
    }
    arb_clear(a); arb_clear(b); arb_clear(half);
}

static void
random_run(run *R, flint_rand_t st)
{
    static const int divisors[6][4] = { { 1 }, { 1, 2 }, { 1, 3 }, { 1, 2, 4 }, { 1, 5 }, { 1, 2, 3, 6 } };
    static const int ndiv[6] = { 1, 2, 2, 3, 2, 4 };
    R->n = 2 + (int) n_randint(st, MAXN - 1);
    R->E = divisors[R->n - 1][n_randint(st, (ulong) ndiv[R->n - 1])];
    R->eta8 = 1 + (int) n_randint(st, 7);
    R->lam4 = 1 + (int) n_randint(st, 64);
    R->sig8 = 1 + (int) n_randint(st, 64);
    R->lamo4 = 1 + (int) n_randint(st, 64);
    R->r8 = 1 + (int) n_randint(st, 64);
    R->c4 = n_randint(st, 2) ? 0 : 1 + (int) n_randint(st, 8);
}

static void
print_run(const char *what, const run *R, slong prec)
{
    printf("# failing input (%s): n=%d E=%d eta=%d/8 lam=%d/4 sig=%d/8 lam'=%d/4 r=%d/8 c=%d/4 prec=%ld\n",
           what, R->n, R->E, R->eta8, R->lam4, R->sig8, R->lamo4, R->r8, R->c4, (long) prec);
}

/* the set of everything observed up to and including W_i(t) (and W_o(t) if with_o) */
static int
history(int *s, const run *R, int t, int with_o)
{
    int n = 0;
    for (int u = 0; u <= t; u++) {
        s[n++] = R->wi[u];
        if (u < t || with_o)
            s[n++] = R->wo[u];
    }
    return n;
}

typedef struct {
    long iters, chain_ok, eq4_ok, eq6_ok, upper_ok, nkappa_ok, grows_ok, dpi_ok, thm2_ok, server_rw_ok,
         unused;
    long eq9_equal, eq16_equal_ok, eq16_equal_tried, markov_zero, markov_tried;
    double eq9_gap, eq9_joint, eq9_sum, eq16_cond, eq16_marg, markov_max;
} tally;

static void
one_run(tally *T, run *R, slong prec)
{
    model *m = &R->m;
    int n = R->n, D, all[MAXVAR], nall;
    arb_t joint, sum, t1, t2, kap, prior, prevj;
    int ok;
    arb_init(joint); arb_init(sum); arb_init(t1); arb_init(t2); arb_init(kap); arb_init(prior);
    arb_init(prevj);
    build(R, prec);
    D = R->D;
    nall = history(all, R, n, 0);

    /* eq. (4): I(D; Y) = h(D) - h(D|Y) (conditional variance of D) = h(Y) - h(Y|D)
     * (log-determinants), Y = (W_i(1), W_o(1)) */
    {
        int y[2] = { R->wi[1], R->wo[1] }, d1[1] = { D };
        dmi_condvar(t1, m, D, y, 2, NULL, 0, prec);
        cmi_logdet(t2, m, y, 2, d1, 1, NULL, 0, prec);
        lp_mut_arb("tan/eq4", t2, prec);
        ok = arb_overlaps(t1, t2) && arb_is_finite(t1) && arb_is_positive(t1);
        T->eq4_ok += ok;
        if (!ok)
            print_run("eq4", R, prec);
    }
    /* eq. (6): I(D; W_i, W_o) = I(D; W_i) + I(D; W_o | W_i) at a random round */
    {
        int t = (int) (n - 1), wi[1] = { R->wi[t] }, wo[1] = { R->wo[t] }, both[2] = { R->wi[t], R->wo[t] };
        arb_t a;
        arb_init(a);
        cmi_logdet(t1, m, (int[]) { D }, 1, both, 2, NULL, 0, prec);
        dmi_condvar(t2, m, D, wi, 1, NULL, 0, prec);
        dmi_condvar(a, m, D, wo, 1, wi, 1, prec);
        lp_mut_arb("tan/eq6 tan/sec3.2/delta-I", a, prec);   /* the leakage term I(D; W_o | W_i) */
        arb_add(t2, t2, a, prec);
        ok = arb_overlaps(t1, t2) && arb_is_finite(t1);
        T->eq6_ok += ok;
        if (!ok)
            print_run("eq6", R, prec);
        arb_clear(a);
    }
    /* eq. (9), first equality: the joint information (log-determinants) is the
     * chain of fully conditioned terms (conditional variances) */
    cmi_logdet(joint, m, (int[]) { D }, 1, all, nall, NULL, 0, prec);
    arb_zero(sum);
    for (int t = 0; t <= n; t++) {
        int past[MAXVAR], np = history(past, R, t, 0) - 1;      /* everything before W_i(t) */
        dmi_condvar(t1, m, D, (int[]) { R->wi[t] }, 1, past, np, prec);
        arb_add(sum, sum, t1, prec);
        if (t < n) {
            np = history(past, R, t, 0);
            dmi_condvar(t1, m, D, (int[]) { R->wo[t] }, 1, past, np, prec);
            arb_add(sum, sum, t1, prec);
        }
    }
    lp_mut_arb("tan/eq9", sum, prec);
    ok = arb_overlaps(joint, sum) && arb_is_finite(joint);
    T->chain_ok += ok;
    if (!ok)
        print_run("chain", R, prec);

    /* eq. (9), last equality: Gamma_client + Gamma_server + prior with the
     * past dropped from every condition */
    dmi_condvar(prior, m, D, (int[]) { R->wi[0] }, 1, NULL, 0, prec);
    arb_set(sum, prior);
    {
        arb_t gc;
        arb_init(gc);
        arb_zero(gc);
        for (int t = 0; t < n; t++) {
            dmi_condvar(t1, m, D, (int[]) { R->wo[t] }, 1, (int[]) { R->wi[t] }, 1, prec);
            arb_add(gc, gc, t1, prec);
            if (R->wi[t + 1] != R->wo[t]) {
                dmi_condvar(t1, m, D, (int[]) { R->wi[t + 1] }, 1, (int[]) { R->wo[t] }, 1, prec);
                arb_add(sum, sum, t1, prec);
            }
        }
        arb_add(sum, sum, gc, prec);
        arb_clear(gc);
    }
    lp_mut_arb_upper("tan/eq9", sum, prec);          /* the printed sum, an upper bound where it survives */
    if (!arb_overlaps(joint, sum)) {
        double gap = mid_d(sum) - mid_d(joint);
        if (fabs(gap) > fabs(T->eq9_gap)) {
            T->eq9_gap = gap;
            T->eq9_joint = mid_d(joint);
            T->eq9_sum = mid_d(sum);
        }
    } else {
        T->eq9_equal++;
    }
    ok = arb_le(joint, sum) || arb_overlaps(joint, sum);
    T->upper_ok += ok;
    if (!ok)
        print_run("upper", R, prec);

    /* n kappa: kappa = I(D; D~) = 1/2 ln(1 + lam/sig) a local step; the run
     * leaks at most the prior plus n kappa */
    arb_set_ui(kap, (ulong) (R->lam4 * 2));
    arb_div_ui(kap, kap, (ulong) R->sig8, prec);
    arb_log1p(kap, kap, prec);
    arb_mul_2exp_si(kap, kap, -1);
    arb_mul_ui(t1, kap, (ulong) n, prec);
    arb_add(t1, t1, prior, prec);
    lp_mut_arb_upper("tan/intro/n-kappa tan/sec3.2/n-kappa", t1, prec);
    ok = arb_le(joint, t1);
    T->nkappa_ok += ok;
    if (!ok)
        print_run("nkappa", R, prec);

    /* Section 3.1: the information grows with the rounds */
    ok = 1;
    arb_zero(prevj);
    for (int t = 0; t <= n; t++) {
        int h[MAXVAR], nh = history(h, R, t, 0);
        cmi_logdet(t1, m, (int[]) { D }, 1, h, nh, NULL, 0, prec);
        lp_mut_arb_sign("tan/sec3.1/mi-grows", t1, prec);
        ok &= !arb_lt(t1, prevj) && arb_is_finite(t1);
        arb_set(prevj, t1);
    }
    T->grows_ok += ok;
    if (!ok)
        print_run("grows", R, prec);

    /* eq. (16): DPI I(D; W_o | W_i) <= I(D; D~ | W_i); and "= I(D; D~)" */
    ok = 1;
    for (int t = 0; t < n; t++) {
        int wi[1] = { R->wi[t] };
        dmi_condvar(t1, m, D, (int[]) { R->wo[t] }, 1, wi, 1, prec);
        dmi_condvar(t2, m, D, (int[]) { R->dt[t] }, 1, wi, 1, prec);
        arb_set(prevj, t2);
        lp_mut_arb_upper("tan/eq16", prevj, prec);      /* the DPI's bound I(D; D~ | W_i) */
        ok &= arb_le(t1, prevj) || arb_overlaps(t1, prevj);
        if (t >= 1) {
            T->eq16_equal_tried++;
            if (arb_overlaps(t2, kap)) {
                T->eq16_equal_ok++;
            } else if (T->eq16_marg == 0 || mid_d(t2) / mid_d(kap) < T->eq16_cond / T->eq16_marg) {
                T->eq16_cond = mid_d(t2);
                T->eq16_marg = mid_d(kap);
            }
        }
    }
    T->dpi_ok += ok;
    if (!ok)
        print_run("dpi", R, prec);

    /* Section 5.2: given W_i(t), W_o(t) independent of the earlier parameters? */
    for (int t = 1; t < n; t++) {
        int past[MAXVAR], np = history(past, R, t, 0) - 1;
        cmi_logdet(t1, m, (int[]) { R->wo[t] }, 1, past, np, (int[]) { R->wi[t] }, 1, prec);
        T->markov_tried++;
        lp_mut_arb("tan/sec5.2/markov-wi tan/fig2", t1, prec);
        if (arb_contains_zero(t1))
            T->markov_zero++;
        else
            T->markov_max = fmax(T->markov_max, mid_d(t1));
    }

    /* Section 4.2: I(D; W_i(t+1) | W_o(t)) = h(W_i(t+1) | W_o(t)) - h(W_i(t+1) | D, W_o(t)) */
    ok = 1;
    for (int t = 0; t < n; t++) {
        if (R->wi[t + 1] == R->wo[t])
            continue;
        dmi_condvar(t1, m, D, (int[]) { R->wi[t + 1] }, 1, (int[]) { R->wo[t] }, 1, prec);
        /* entropies of W_i(t+1) given the conditions, by its conditional variances */
        {
            arb_t h1, h2;
            arb_init(h1); arb_init(h2);
            condvar(h1, m, R->wi[t + 1], (int[]) { R->wo[t] }, 1, prec);
            condvar(h2, m, R->wi[t + 1], (int[]) { D, R->wo[t] }, 2, prec);
            arb_div(h1, h1, h2, prec);
            arb_log(h1, h1, prec);
            arb_mul_2exp_si(h1, h1, -1);
            lp_mut_arb("tan/sec4.2/server-rewrite", h1, prec);
            ok &= arb_overlaps(h1, t1);
            arb_clear(h1); arb_clear(h2);
        }
    }
    T->server_rw_ok += ok;
    if (!ok)
        print_run("server-rewrite", R, prec);

    model_clear(m);
    arb_clear(joint); arb_clear(sum); arb_clear(t1); arb_clear(t2); arb_clear(kap); arb_clear(prior);
    arb_clear(prevj);
}

/* Gamma_client = sum_t I(D; W_o(t) | W_i(t)) of a run */
static void
gamma_client(arb_t gc, run *R, slong prec)
{
    arb_t t1;
    arb_init(t1);
    build(R, prec);
    arb_zero(gc);
    for (int t = 0; t < R->n; t++) {
        dmi_condvar(t1, &R->m, R->D, (int[]) { R->wo[t] }, 1, (int[]) { R->wi[t] }, 1, prec);
        arb_add(gc, gc, t1, prec);
    }
    model_clear(&R->m);
    arb_clear(t1);
}

/* Gamma_server = sum_t I(D; W_i(t+1) | W_o(t)) of a run (0 where W_i(t+1) is W_o(t) itself) */
static void
gamma_server(arb_t gs, run *R, slong prec)
{
    arb_t t1;
    arb_init(t1);
    build(R, prec);
    arb_zero(gs);
    for (int t = 0; t < R->n; t++)
        if (R->wi[t + 1] != R->wo[t]) {
            dmi_condvar(t1, &R->m, R->D, (int[]) { R->wi[t + 1] }, 1, (int[]) { R->wo[t] }, 1, prec);
            arb_add(gs, gs, t1, prec);
        }
    model_clear(&R->m);
    arb_clear(t1);
}

/* Theorem 2 with equality for a Gaussian W_o: parameter-space noise
 * W~ = W_o + sqrt(sig) xi, W_o = (1 - eta) W_i + eta D; I(D; W~ | W_i) (by
 * conditional variances) against eq. (15) with lambda = eta^2 Var(D | W_i) */
static int
thm2_gaussian(flint_rand_t st, slong prec)
{
    model m;
    arb_t a, b, eta, om, lam, f, I, s;
    int D, wi, wo, wt, ok;
    int lam4 = 1 + (int) n_randint(st, 64), c4 = (int) n_randint(st, 8), sig8 = 1 + (int) n_randint(st, 64),
        eta8 = 1 + (int) n_randint(st, 7);
    arb_init(a); arb_init(b); arb_init(eta); arb_init(om); arb_init(lam); arb_init(f); arb_init(I); arb_init(s);
    model_init(&m, 3);
    arb_set_ui(m.var + 0, (ulong) lam4);
    arb_mul_2exp_si(m.var + 0, m.var + 0, -2);
    arb_one(m.var + 1);
    arb_set_ui(m.var + 2, (ulong) sig8);
    arb_mul_2exp_si(m.var + 2, m.var + 2, -3);
    arb_one(a);
    D = model_lin(&m, a, -1, a, -1, 0, prec);
    arb_set_ui(a, (ulong) c4);
    arb_mul_2exp_si(a, a, -2);
    wi = model_lin(&m, a, D, b, -1, 1, prec);
    arb_set_ui(eta, (ulong) eta8);
    arb_mul_2exp_si(eta, eta, -3);
    arb_sub_ui(om, eta, 1, prec);
    arb_neg(om, om);
    wo = model_lin(&m, om, wi, eta, D, -1, prec);
    arb_one(a);
    wt = model_lin(&m, a, wo, a, -1, 2, prec);
    dmi_condvar(I, &m, D, (int[]) { wt }, 1, (int[]) { wi }, 1, prec);
    condvar(lam, &m, wo, (int[]) { wi }, 1, prec);
    arb_set(s, m.var + 2);
    arb_div(f, lam, s, prec);
    arb_log1p(f, f, prec);
    arb_mul_2exp_si(f, f, -1);
    lp_mut_arb("tan/thm2 tan/sec5.1/gauss-max", f, prec);     /* the bound, attained here */
    ok = arb_overlaps(I, f) && arb_is_finite(f);
    if (!ok)
        printf("# failing input: lam=%d/4 c=%d/4 sig=%d/8 eta=%d/8 prec=%ld\n", lam4, c4, sig8, eta8, (long) prec);
    model_clear(&m);
    arb_clear(a); arb_clear(b); arb_clear(eta); arb_clear(om); arb_clear(lam); arb_clear(f); arb_clear(I);
    arb_clear(s);
    return ok;
}

/* Section 4.2's server term in one round: W_o = D + xi (xi ~ N(0, s)),
 * W_i' = (W_o + V)/2.  kind 0: V independent of (D, W_o); 1: V = D + nu
 * (information on D beside W_o); 2: V = -xi + nu (independent of D, but not
 * of W_o: a mask shared with the victim).  Returns I(D; W_i' | W_o). */
static void
server_term(arb_t r, int kind, int lam4, int s8, int r8, slong prec)
{
    model m;
    arb_t one, half, mone;
    int D, xi, wo, nu, v, w;
    arb_init(one); arb_init(half); arb_init(mone);
    arb_one(one);
    arb_set_d(half, 0.5);
    arb_set_si(mone, -1);
    model_init(&m, 3);
    arb_set_ui(m.var + 0, (ulong) lam4);
    arb_mul_2exp_si(m.var + 0, m.var + 0, -2);
    arb_set_ui(m.var + 1, (ulong) s8);
    arb_mul_2exp_si(m.var + 1, m.var + 1, -3);
    arb_set_ui(m.var + 2, (ulong) r8);
    arb_mul_2exp_si(m.var + 2, m.var + 2, -3);
    D = model_lin(&m, one, -1, one, -1, 0, prec);
    xi = model_lin(&m, one, -1, one, -1, 1, prec);
    wo = model_lin(&m, one, D, one, xi, -1, prec);
    nu = model_lin(&m, one, -1, one, -1, 2, prec);
    v = kind == 0 ? nu : kind == 1 ? model_lin(&m, one, D, one, nu, -1, prec)
                                   : model_lin(&m, mone, xi, one, nu, -1, prec);
    w = model_lin(&m, half, wo, half, v, -1, prec);
    dmi_condvar(r, &m, D, (int[]) { w }, 1, (int[]) { wo }, 1, prec);
    model_clear(&m);
    arb_clear(one); arb_clear(half); arb_clear(mone);
}

int
main(void)
{
    flint_rand_t st;
    tally T;
    long iters = test_iterations(60);
    memset(&T, 0, sizeof T);
    test_rand_init(st);

    for (long it = 0; it < iters; it++) {
        run R;
        slong prec = 96 + (slong) n_randint(st, 300);
        random_run(&R, st);
        one_run(&T, &R, prec);
        T.iters++;
    }
    tap_ok(T.eq4_ok == T.iters,
           "[tan/eq4] I(D; W_i(1), W_o(1)) = h(D) - h(D|Y) (conditional variance) = h(Y) - h(Y|D) "
           "(log-determinants): %ld/%ld random linear-Gaussian runs agree, certified", T.eq4_ok, T.iters);
    tap_ok(T.eq6_ok == T.iters,
           "[tan/eq6] [tan/sec3.2/delta-I] I(D; W_i, W_o) = I(D; W_i) + I(D; W_o | W_i) at the last round: "
           "%ld/%ld runs, two routes, certified", T.eq6_ok, T.iters);
    tap_ok(T.chain_ok == T.iters,
           "[tan/eq9] first equality (chain rule): I(D; W_i(0), W_o(0), ..., W_i(n)) = the sum of the fully "
           "conditioned terms in %ld/%ld runs (n 2..6, E | n), certified", T.chain_ok, T.iters);
    tap_todo(T.eq9_equal == T.iters,
             "[tan/eq9] last equality (Markov): the joint information equals Gamma_client + Gamma_server + "
             "prior with the past dropped from the conditions in %ld/%ld runs; largest gap: joint %.6g, the "
             "printed sum %.6g (sum - joint %.6g nats)", T.eq9_equal, T.iters, T.eq9_joint, T.eq9_sum, T.eq9_gap);
    tap_ok(T.upper_ok == T.iters,
           "[tan/eq9] what survives: joint <= Gamma_client + Gamma_server + prior in %ld/%ld runs, certified",
           T.upper_ok, T.iters);
    tap_ok(T.nkappa_ok == T.iters,
           "[tan/intro/n-kappa] [tan/sec3.2/n-kappa] n local steps with data noise of capacity kappa = "
           "1/2 ln(1 + lam/sig) leak at most prior + n kappa: %ld/%ld runs, certified", T.nkappa_ok, T.iters);
    tap_ok(T.grows_ok == T.iters,
           "[tan/sec3.1/mi-grows] I(D; everything up to W_i(t)) never falls as t grows: %ld/%ld runs",
           T.grows_ok, T.iters);
    tap_ok(T.dpi_ok == T.iters,
           "[tan/eq16] DPI: I(D; W_o(t) | W_i(t)) <= I(D; D~_t | W_i(t)) at every round of %ld/%ld runs",
           T.dpi_ok, T.iters);
    tap_todo(T.eq16_equal_ok == T.eq16_equal_tried,
             "[tan/eq16] \"= I(D; D~)\": I(D; D~_t | W_i(t)) = I(D; D~_t) at rounds t >= 1 in %ld/%ld cases; "
             "farthest: I(D; D~_t | W_i(t)) = %.6g against I(D; D~_t) = %.6g nats (the received W_i(t) already "
             "carries D)",
             T.eq16_equal_ok, T.eq16_equal_tried, T.eq16_cond, T.eq16_marg);
    tap_todo(T.markov_zero == T.markov_tried,
             "[tan/sec5.2/markov-wi] [tan/fig2] given W_i(t), W_o(t) is independent of the earlier parameters: "
             "I(W_o(t); past | W_i(t)) = 0 in %ld/%ld rounds; largest %.6g nats",
             T.markov_zero, T.markov_tried, T.markov_max);
    tap_ok(T.server_rw_ok == T.iters,
           "[tan/sec4.2/server-rewrite] I(D; W_i(t+1) | W_o(t)) = h(W_i(t+1) | W_o(t)) - h(W_i(t+1) | D, "
           "W_o(t)) at every aggregation of %ld/%ld runs, two routes", T.server_rw_ok, T.iters);

    /* eq. (14): the aggregation period changes Gamma_client, not only Gamma_server */
    {
        run a = { .n = 4, .E = 1, .eta8 = 4, .lam4 = 8, .sig8 = 8, .lamo4 = 8, .r8 = 8, .c4 = 0 };
        run b = a;
        arb_t ga, gb, kap, sa, sb;
        int within;
        b.E = 4;
        arb_init(ga); arb_init(gb); arb_init(kap); arb_init(sa); arb_init(sb);
        gamma_client(ga, &a, 256);
        gamma_client(gb, &b, 256);
        gamma_server(sa, &a, 256);
        gamma_server(sb, &b, 256);
        arb_set_ui(kap, 4);                        /* 4 kappa, kappa = 1/2 ln(1 + lam/sig) = 1/2 ln 3 */
        arb_set_ui(kap, 3);
        arb_log(kap, kap, 256);
        arb_mul_ui(kap, kap, 2, 256);              /* n kappa = 4 * (1/2) ln 3 */
        lp_mut_arb_upper("tan/eq14", kap, 256);
        within = arb_le(ga, kap) && arb_le(gb, kap);
        tap_ok(within, "[tan/eq14] the per-step bound kappa holds whatever the aggregation period: "
               "Gamma_client %.6f (E = 1), %.6f (E = n = 4) <= n kappa = %.6f", mid_d(ga), mid_d(gb), mid_d(kap));
        /* "the new aggregation rule only changes Gamma_server in Eq. (9), while Gamma_client remains the
           same. Hence, the privacy analysis for the local optimization process is identical": the rule
           enters eq. (9) through the server terms only (each step without aggregation copies W_o(t) into
           W_i(t+1), a term 0); Gamma_client keeps its form, a sum of per-step terms each bounded as in
           classical ML (the line above).  Its value moves with the run, a note: */
        lp_mut_arb_sign("tan/eq14", sa, 256);
        lp_mut_arb_sign("tan/eq14", sb, 256);
        tap_ok(arb_is_positive(sa) && arb_is_positive(sb) && arb_gt(sa, sb),
               "[tan/eq14] the aggregation period enters through Gamma_server: %.6f nats at E = 1 (every step "
               "aggregated), %.6f at E = n = 4 (the steps without aggregation contribute 0)", mid_d(sa), mid_d(sb));
        tap_diag("[tan/eq14] read as Gamma_client's value (not its form) 'remains the same' would not hold: n = 4, "
                 "eta = 1/2, lam = 2, sig = 1, lam' = 2, r = 1: Gamma_client = %.6f nats at E = 1, %.6f at E = n = 4 "
                 "(ratio %.4f)", mid_d(ga), mid_d(gb), mid_d(ga) / mid_d(gb));
        arb_clear(ga); arb_clear(gb); arb_clear(kap); arb_clear(sa); arb_clear(sb);
    }

    /* Section 4.2: with E = n the rule of eq. (14) aggregates only after the last step, so the run is
       classical ML without collaboration: every W_i(t+1), t < n - 1, is the client's own W_o(t), and the
       information the client's trajectory carries is that of a run with no server at all (E > n) */
    {
        long ok = 0, n = test_iterations(20);
        for (long i = 0; i < n; i++) {
            run a, b;
            arb_t ja, jb;
            int copies = 1, all[MAXVAR], na, nb;
            slong prec = 96 + (slong) n_randint(st, 200);
            random_run(&a, st);
            a.E = a.n;
            b = a;
            b.E = a.n + 1;                               /* never aggregates */
            arb_init(ja); arb_init(jb);
            build(&a, prec);
            build(&b, prec);
            for (int t = 0; t + 1 < a.n; t++)
                copies &= a.wi[t + 1] == a.wo[t];
            na = history(all, &a, a.n - 1, 1);
            cmi_logdet(ja, &a.m, (int[]) { a.D }, 1, all, na, NULL, 0, prec);
            nb = history(all, &b, b.n - 1, 1);
            cmi_logdet(jb, &b.m, (int[]) { b.D }, 1, all, nb, NULL, 0, prec);
            lp_mut_arb("tan/sec4.2/E-classical", jb, prec);
            ok += copies && na == nb && arb_overlaps(ja, jb) && arb_is_finite(ja);
            model_clear(&a.m);
            model_clear(&b.m);
            arb_clear(ja); arb_clear(jb);
        }
        tap_ok(ok == n, "[tan/sec4.2/E-classical] E = n: no aggregation before the last step (W_i(t+1) = W_o(t)), and "
               "I(D; W_i(0), W_o(0), ..., W_o(n-1)) equals that of the same client with no server: %ld/%ld random "
               "linear-Gaussian runs, certified", ok, n);
    }

    /* Theorem 2 is attained by a Gaussian W_o */
    {
        long ok = 0, n = test_iterations(40);
        for (long i = 0; i < n; i++)
            ok += thm2_gaussian(st, 64 + (slong) n_randint(st, 300));
        tap_ok(ok == n, "[tan/thm2] [tan/sec5.1/gauss-max] Gaussian W_o (linear step, parameter noise sig): "
               "I(D; W~_o | W_i) by conditional variances = f(sig) of eq. (15) at lambda = Var(W_o | W_i): "
               "%ld/%ld random draws, certified", ok, n);
    }

    /* eq. (10): the noiseless channel leaks without bound */
    {
        model m;
        arb_t one, I, prev;
        int ok = 1;
        arb_init(one); arb_init(I); arb_init(prev);
        arb_one(one);
        arb_zero(prev);
        for (int k = 0; k <= 200; k += 20) {
            int D, w;
            model_init(&m, 2);
            arb_one(m.var + 0);
            arb_one(m.var + 1);
            arb_mul_2exp_si(m.var + 1, m.var + 1, -k);
            D = model_lin(&m, one, -1, one, -1, 0, 64 + 2 * k);
            w = model_lin(&m, one, D, one, -1, 1, 64 + 2 * k);
            dmi_condvar(I, &m, D, (int[]) { w }, 1, NULL, 0, 64 + 2 * k);
            lp_mut_arb_apply(lp_mut_which("tan/eq10 tan/sec4.2/noiseless", "neg half"), I, 64 + 2 * k);
            ok &= arb_gt(I, prev) && arb_is_finite(I);
            arb_set(prev, I);
            model_clear(&m);
        }
        tap_ok(ok && mid_d(prev) > 69, "[tan/eq10] [tan/sec4.2/noiseless] I(D; D + 2^(-k/2) xi) rises without "
               "bound as the noise vanishes: %.4f nats at k = 200 (1/2 ln(1 + 2^200) = %.4f)", mid_d(prev),
               0.5 * 200 * log(2.0));
        arb_clear(one); arb_clear(I); arb_clear(prev);
    }

    /* Section 4.2: the server term */
    {
        long zero_ok = 0, pos_ok = 0, mask_zero = 0, n = test_iterations(30);
        double mask_max = 0;
        int ml = 0, ms = 0, mr = 0;
        arb_t r;
        arb_init(r);
        for (long i = 0; i < n; i++) {
            int lam4 = 1 + (int) n_randint(st, 64), s8 = 1 + (int) n_randint(st, 64), r8 = 1 + (int) n_randint(st, 64);
            slong prec = 64 + (slong) n_randint(st, 200);
            server_term(r, 0, lam4, s8, r8, prec);
            lp_mut_arb_zero("tan/sec4.2/gamma-server-zero", r, prec);
            if (arb_contains_zero(r) && arb_is_finite(r))
                zero_ok++;
            else
                printf("# failing input: kind 0 lam=%d/4 s=%d/8 r=%d/8\n", lam4, s8, r8);
            server_term(r, 1, lam4, s8, r8, prec);
            lp_mut_arb_sign("tan/sec4.2/gamma-server-positive", r, prec);
            if (arb_is_positive(r))
                pos_ok++;
            else
                printf("# failing input: kind 1 lam=%d/4 s=%d/8 r=%d/8\n", lam4, s8, r8);
            server_term(r, 2, lam4, s8, r8, prec);
            if (arb_contains_zero(r))
                mask_zero++;
            else if (mid_d(r) > mask_max) {
                mask_max = mid_d(r);
                ml = lam4; ms = s8; mr = r8;
            }
        }
        tap_ok(zero_ok == n, "[tan/sec4.2/gamma-server-zero] V independent of (D, W_o): I(D; W_i(t+1) | W_o(t)) "
               "= 0 in %ld/%ld random draws, certified", zero_ok, n);
        tap_ok(pos_ok == n, "[tan/sec4.2/gamma-server-positive] V = D + nu (information on D beside W_o): "
               "I(D; W_i(t+1) | W_o(t)) > 0 in %ld/%ld random draws, certified", pos_ok, n);
        tap_todo(mask_zero == n,
                 "[tan/sec4.2/gamma-server-zero] V independent of D implies the Markov chain D -> W_o -> W_i(t+1) "
                 "(Gamma_server = 0): with V = -xi + nu (independent of D; shares the victim's noise) "
                 "I(D; W_i(t+1) | W_o(t)) = 0 in %ld/%ld draws; largest %.6g nats (lam = %d/4, noise %d/8, "
                 "nu %d/8)", mask_zero, n, mask_max, ml, ms, mr);
        arb_clear(r);
    }

    /* Section 6.1's configuration and what n kappa means through Theorem 1 */
    {
        static const long total[] = { 500000, 1000000, 2000000, 3000000 }, want[] = { 1666, 3333, 6666, 10000 };
        int ok = 1;
        for (int i = 0; i < 4; i++)
            ok &= total[i] / 300 == lp_mut_long("tan/sec6.1/n-config", want[i]);
        ok &= 10000L * 300 == total[3];
        tap_ok(ok, "[tan/sec6.1/n-config] n = floor(TotalInfo / 300) = 1666, 3333, 6666, 10000 for TotalInfo "
               "5e5..3e6, and the default n = 1e4 at kappa = 300 is TotalInfo 3e6");
    }
    {
        /* Theorem 1: MSE >= (entropy power) * exp(-2 I / d); with I <= n kappa the
         * guaranteed fraction is exp(-2 n kappa / d), certified as log10 */
        static const int kappas[] = { 50, 300 };
        static const int dims[] = { 3072, 1024 };
        double worst = 0, best = -1e300;
        arb_t x, l10;
        arb_init(x); arb_init(l10);
        arb_set_ui(l10, 10);
        arb_log(l10, l10, 128);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                arb_set_ui(x, (ulong) (2 * 10000 * kappas[i]));
                arb_div_ui(x, x, (ulong) dims[j], 128);
                arb_neg(x, x);
                arb_div(x, x, l10, 128);
                lp_mut_arb("tan/sec8/n-kappa-defends", x, 128);
                worst = fmin(worst, mid_d(x));
                best = fmax(best, mid_d(x));
            }
        tap_todo(best >= -3,
                 "[tan/sec8/n-kappa-defends] n kappa at Section 6's defaults (n = 1e4, kappa 50..300, d = 32x32x3 "
                 "or 32x32) keeps Theorem 1's MSE bound a useful fraction (>= 1e-3) of the entropy power: "
                 "the guaranteed fraction exp(-2 n kappa / d) is 10^%.1f to 10^%.1f", worst, best);
        arb_clear(x); arb_clear(l10);
    }
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
