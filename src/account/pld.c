/* pld.c -- the certified PLD accountant of the Poisson-subsampled Gaussian.
 * Contract and the route in pld.h; the FFT's bound in pld_fft.c.
 *
 * Notation: X the loss of one step (law P), X~ = X clamped to the grid's
 * support [l_kmin, l_kmax], Y = ceil_h(X~) on the grid l_k = k h, so that
 * Y - X~ in [0, h).  S_Z the sum of T iid copies, delta_Z(e) = E[g_e(S_Z)],
 * g_e(s) = (1 - e^{e-s})_+, nondecreasing in s and nonincreasing in e.
 *
 *  (a) clamping (remove: from above at l_kmax; add: from below at l_kmin):
 *      delta_X <= delta_X~ + T tau_hi,  delta_X >= delta_X~ - T tau_lo,
 *      tau the mass cut per step (remove: S_X = S_X~ unless a step exceeds
 *      l_kmax, where S_X~ <= S_X; add: symmetrically).
 *  (b) rounding: S_X~ <= S_Y <= S_X~ + T h pointwise (Meiser and Mohammadi
 *      2018; Koskela et al. 2020), so delta_X~(e) <= delta_Y(e) and
 *      delta_X~(e) >= delta_Y(e + T h).
 *  (c) concentration: the T differences D_i = Y_i - X~_i are iid in [0, h]
 *      with mean mu = E[Y] - E[X~]; by Hoeffding P(|sum D_i - T mu| >= t) <=
 *      eta each side for t = h sqrt(T log(1/eta) / 2), hence
 *      delta_X~(e) <= delta_Y(e + T mu_lo - t) + eta and
 *      delta_X~(e) >= delta_Y(e + T mu_hi + t) - eta (the coupling of Gopi,
 *      Lee and Wutschitz 2021, with mu enclosed by the certified KL).
 *  (d) the circular composition: p~_j = sum_m P(S_Y = s_j + m n h) over the
 *      window s_j = (ja + j) h; with W = P(S_Y outside the window) bounded by
 *      Chernoff on Y's moment generating function,
 *      sum_j p~_j w_j - W <= delta_Y(e) <= sum_j p~_j w_j + W.
 *  (e) the doubles: sum_j p~_j w_j = sum_j p^_j w_j +- err_fft (pld_fft.c and
 *      fft_compose below) +- the suffix sums' rounding. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld.h"
#ifdef _OPENMP
#include <omp.h>
#endif

#define MASS_PREC 64
#define U53 1.1102230246251565e-16     /* 2^-53 */

/* ---- the loss in doubles, for the heuristics (choices only) ---------------- */

typedef struct {
    double mean, var;
    size_t n;
    double *l, *lw;              /* loss and log weight on a quadrature grid */
} loss_sketch;

static double
loss_d(double u, double q, double M, lp_pld_relation rel)
{
    double s = u / M - 0.5 / (M * M), g;
    if (s > 0)
        g = s + log(q + (1 - q) * exp(-s));
    else
        g = log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

static void
sketch_init(loss_sketch *sk, double q, double M, lp_pld_relation rel)
{
    const double du = 0.002, lo = -14.0, hi = 1.0 / M + 14.0;
    double sw = 0, s1 = 0, s2 = 0;
    sk->n = (size_t) ((hi - lo) / du) + 1;
    sk->l = malloc(sk->n * sizeof *sk->l);
    sk->lw = malloc(sk->n * sizeof *sk->lw);
    for (size_t i = 0; i < sk->n; i++) {
        double u = lo + i * du, d0 = exp(-0.5 * u * u), w;
        if (rel == LP_PLD_REMOVE) {
            double v = u - 1.0 / M;
            w = (1 - q) * d0 + q * exp(-0.5 * v * v);
        } else {
            w = d0;
        }
        w *= du / sqrt(2 * M_PI);
        sk->l[i] = loss_d(u, q, M, rel);
        sk->lw[i] = w > 0 ? log(w) : -INFINITY;
        sw += w;
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    sk->mean = s1 / sw;
    sk->var = fmax(s2 / sw - sk->mean * sk->mean, 1e-300);
}

/* log E[e^{lambda L}] on the sketch */
static double
sketch_logmgf(const loss_sketch *sk, double lambda)
{
    double mx = -INFINITY, s = 0;
    for (size_t i = 0; i < sk->n; i++)
        mx = fmax(mx, sk->lw[i] + lambda * sk->l[i]);
    for (size_t i = 0; i < sk->n; i++)
        s += exp(sk->lw[i] + lambda * sk->l[i] - mx);
    return mx + log(s);
}

/* The Chernoff point: sign +1: min over lambda > 0 of (T log m(lambda) +
 * log(1/eta)) / lambda (S >= it with probability <= eta); sign -1: the
 * lower one.  *lam receives the best lambda (golden section on log lambda). */
static double
chernoff_point(const loss_sketch *sk, double T, double log_inv_eta, int sign, double *lam)
{
    const double g = (sqrt(5.0) - 1) / 2;
    double lo = log(1e-4), hi = log(2e3), x1, x2, f1, f2;
#define CH(x) (sign * (T * sketch_logmgf(sk, sign * exp(x)) + log_inv_eta) / exp(x))
    x1 = hi - g * (hi - lo);
    x2 = lo + g * (hi - lo);
    f1 = CH(x1);
    f2 = CH(x2);
    for (int it = 0; it < 60; it++) {
        /* sign +1: minimise; sign -1: the point is -(...)/lambda, maximise it */
        int left = sign > 0 ? f1 <= f2 : f1 >= f2;
        if (left) {
            hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = CH(x1);
        } else {
            lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = CH(x2);
        }
    }
#undef CH
    *lam = exp((sign > 0 ? f1 <= f2 : f1 >= f2) ? x1 : x2);
    return sign > 0 ? fmin(f1, f2) : fmax(f1, f2);
}

/* ---- the masses of Y, certified ------------------------------------------------ */

/* Phi(x) = erfc(-x / sqrt 2) / 2 */
static void
Phi(arb_t r, const arb_t x, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_sqrt_ui(s, 2, prec);
    arb_div(r, x, s, prec);
    arb_neg(r, r);
    arb_hypgeom_erfc(r, r, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(s);
}

/* F(l) = P(X <= l) (cdf = 1) or P(X > l) (cdf = 0) for the relation. */
static void
loss_cdf(arb_t F, const lp_dpsgd *run, lp_pld_relation rel, const arb_t l, int cdf,
         slong prec)
{
    arb_t x, U, t;
    arb_init(x);
    arb_init(U);
    arb_init(t);
    /* remove: X <= l iff u <= U = M log((e^l - 1 + q)/q) + 1/(2M);
     * add:    X <= l iff u >= V = M log((e^-l - 1 + q)/q) + 1/(2M) */
    if (rel == LP_PLD_REMOVE)
        arb_exp(x, l, prec);
    else {
        arb_neg(x, l);
        arb_exp(x, x, prec);
    }
    arb_sub_ui(x, x, 1, prec);
    arb_add(x, x, run->q, prec);
    if (arb_is_positive(x)) {
        arb_div(x, x, run->q, prec);
        arb_log(x, x, prec);
        arb_mul(U, x, run->M, prec);
        arb_mul_2exp_si(t, run->M, 1);
        arb_inv(t, t, prec);
        arb_add(U, U, t, prec);
        if (rel == LP_PLD_REMOVE) {
            /* P(X <= l) = (1-q) Phi(U) + q Phi(U - 1/M); P(X > l) with -U */
            arb_t a, b, c1;
            arb_init(a);
            arb_init(b);
            arb_init(c1);
            arb_inv(c1, run->M, prec);
            arb_sub(b, U, c1, prec);
            if (!cdf) {
                arb_neg(U, U);
                arb_neg(b, b);
            }
            Phi(a, U, prec);
            Phi(b, b, prec);
            arb_sub_ui(t, run->q, 1, prec);
            arb_neg(t, t);
            arb_mul(a, a, t, prec);
            arb_addmul(a, b, run->q, prec);
            arb_set(F, a);
            arb_clear(a);
            arb_clear(b);
            arb_clear(c1);
        } else {
            /* P(X <= l) = Phi(-V), P(X > l) = Phi(V) */
            if (cdf)
                arb_neg(U, U);
            Phi(F, U, prec);
        }
    } else if (arb_is_nonpositive(x)) {
        /* remove: l <= log(1-q): P(X <= l) = 0; add: l >= -log(1-q): P(X <= l) = 1 */
        if ((rel == LP_PLD_REMOVE) == (cdf != 0))
            arb_zero(F);
        else
            arb_one(F);
    } else {
        arb_zero_pm_one(F);
        arb_mul_2exp_si(F, F, -1);
        arb_add_ui(F, F, 0, prec);
        arb_set_d(t, 0.5);
        arb_add(F, F, t, prec);                 /* [0, 1]: no decision, still valid */
    }
    arb_clear(x);
    arb_clear(U);
    arb_clear(t);
}

/* Phi at many sorted points z_0 <= z_1 <= ... (balls), in blocks: around a
 * centre c (an exact point), Phi(c + t) = Phi(c) + phi(c) sum_{n<N}
 * (-1)^n He_n(c) t^{n+1} / (n+1)! + R with, by Cramer's inequality
 * |He_n(x)| e^{-x^2/4} <= 1.0865 sqrt(n!) (Abramowitz and Stegun 22.14.17,
 * probabilists' form), |R| <= 0.4335 sqrt(N!) |t|^{N+1} / (N+1)!; for
 * |t| <= 1/16 and N = 12 that is < 4e-22.  One erfc per block instead of one
 * per point. */
#define TAYLOR_N 12
static void
Phi_sorted(arb_ptr out, arb_srcptr z, int64_t n, slong prec)
{
    arb_t c, Pc, pc, t, acc, R, tmp;
    arb_ptr a = _arb_vec_init(TAYLOR_N);
    arb_init(c);
    arb_init(Pc);
    arb_init(pc);
    arb_init(t);
    arb_init(acc);
    arb_init(R);
    arb_init(tmp);
    /* R = 0.4335 sqrt(N!) (1/16)^{N+1} / (N+1)! */
    arb_fac_ui(R, TAYLOR_N, prec);
    arb_sqrt(R, R, prec);
    arb_fac_ui(tmp, TAYLOR_N + 1, prec);
    arb_div(R, R, tmp, prec);
    arb_mul_2exp_si(R, R, -4 * (TAYLOR_N + 1));
    arb_set_d(tmp, 0.4336);
    arb_mul(R, R, tmp, prec);
    for (int64_t i = 0; i < n;) {
        int64_t j;
        if (!arb_is_finite(z + i)) {
            arb_indeterminate(out + i);
            i++;
            continue;
        }
        arb_set_arf(c, arb_midref(z + i));
        Phi(Pc, c, prec);
        arb_sqr(pc, c, prec);
        arb_mul_2exp_si(pc, pc, -1);
        arb_neg(pc, pc);
        arb_exp(pc, pc, prec);
        arb_const_pi(tmp, prec);
        arb_mul_2exp_si(tmp, tmp, 1);
        arb_rsqrt(tmp, tmp, prec);
        arb_mul(pc, pc, tmp, prec);                 /* phi(c) */
        /* a_n = (-1)^n He_n(c) / (n+1)! */
        {
            arb_t h0, h1, h2, f;
            arb_init(h0);
            arb_init(h1);
            arb_init(h2);
            arb_init(f);
            arb_one(h0);
            arb_set(h1, c);
            arb_one(f);
            for (int k = 0; k < TAYLOR_N; k++) {
                arb_mul_ui(f, f, k + 1, prec);      /* (k+1)! */
                arb_div(a + k, k == 0 ? h0 : h1, f, prec);
                if (k & 1)
                    arb_neg(a + k, a + k);
                if (k >= 1) {                       /* h1 = He_k -> He_{k+1} */
                    arb_mul(h2, c, h1, prec);
                    arb_submul_ui(h2, h0, k, prec);
                    arb_swap(h0, h1);
                    arb_swap(h1, h2);
                }
            }
            arb_clear(h0);
            arb_clear(h1);
            arb_clear(h2);
            arb_clear(f);
        }
        for (j = i; j < n; j++) {
            arf_t u;
            int fits;
            arb_sub(t, z + j, c, prec);
            arf_init(u);
            arb_get_abs_ubound_arf(u, t, 30);
            fits = arb_is_finite(t) && arf_cmp_2exp_si(u, -4) <= 0;
            arf_clear(u);
            if (!fits)
                break;
            /* sum_{k<N} a_k t^{k+1} by Horner */
            arb_set(acc, a + TAYLOR_N - 1);
            for (int k = TAYLOR_N - 2; k >= 0; k--) {
                arb_mul(acc, acc, t, prec);
                arb_add(acc, acc, a + k, prec);
            }
            arb_mul(acc, acc, t, prec);
            arb_mul(acc, acc, pc, prec);
            arb_add_error(acc, R);
            arb_add(out + j, Pc, acc, prec);
        }
        if (j == i) {                               /* a wide ball: directly */
            Phi(out + i, z + i, prec);
            j = i + 1;
        }
        i = j;
    }
    _arb_vec_clear(a, TAYLOR_N);
    arb_clear(c);
    arb_clear(Pc);
    arb_clear(pc);
    arb_clear(t);
    arb_clear(acc);
    arb_clear(R);
    arb_clear(tmp);
}

/* The arguments of the upper tail P(X > l) = w1 Phi(z1) + w2 Phi(z2):
 * remove: z1 = -U, z2 = 1/M - U, w1 = 1-q, w2 = q; add: z1 = V, w1 = 1, w2 = 0.
 * Returns 0, or -1 when l is at the support's edge (the caller uses
 * loss_cdf there). */
static int
tail_args(arb_t z1, arb_t z2, const lp_dpsgd *run, lp_pld_relation rel, const arb_t el,
          slong prec)
{
    arb_t x, t;
    int ok;
    arb_init(x);
    arb_init(t);
    /* el = e^l (remove) or e^-l (add) */
    arb_sub_ui(x, el, 1, prec);
    arb_add(x, x, run->q, prec);
    ok = arb_is_positive(x);
    if (ok) {
        arb_div(x, x, run->q, prec);
        arb_log(x, x, prec);
        arb_mul(z1, x, run->M, prec);
        arb_mul_2exp_si(t, run->M, 1);
        arb_inv(t, t, prec);
        arb_add(z1, z1, t, prec);               /* U or V */
        if (rel == LP_PLD_REMOVE) {
            arb_inv(t, run->M, prec);
            arb_sub(z2, t, z1, prec);
            arb_neg(z1, z1);
        }
    }
    arb_clear(x);
    arb_clear(t);
    return ok ? 0 : -1;
}

/* l_k = k h exactly */
static void
grid_point(arb_t l, int64_t k, double h)
{
    arb_set_d(l, h);
    arb_mul_si(l, l, k, ARF_PREC_EXACT);
}

/* ---- the composition in doubles, with its error bound ------------------------- */

/* r = x^e for x >= 0 by binary powering (relative error <= (1+u)^(2e) - 1) */
static double
pow_real(double x, uint64_t e)
{
    double r = 1.0;
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return r;
}

static void
pow_complex(double *re, double *im, uint64_t e)
{
    double xr = *re, xi = *im, rr = 1.0, ri = 0.0, t;
    while (e) {
        if (e & 1) {
            t = rr * xr - ri * xi;
            ri = rr * xi + ri * xr;
            rr = t;
        }
        t = xr * xr - xi * xi;
        xi = 2 * xr * xi;
        xr = t;
        e >>= 1;
    }
    *re = rr;
    *im = ri;
}

/* a double >= the ball's upper end */
static double
ub_d(const arb_t x)
{
    arf_t u;
    double r;
    arf_init(u);
    arb_get_ubound_arf(u, x, 64);
    r = arf_get_d(u, ARF_RND_UP);
    arf_clear(u);
    return r;
}

/* x = the better of two valid bounds: the smaller upper end (upper != 0)
 * or the larger lower end */
static void
take_better(arb_t x, const arb_t y, int upper)
{
    arf_t ex, ey;
    if (!arb_is_finite(y))
        return;
    arf_init(ex);
    arf_init(ey);
    if (upper) {
        arb_get_ubound_arf(ex, x, 64);
        arb_get_ubound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) < 0)
            arb_set(x, y);
    } else {
        arb_get_lbound_arf(ex, x, 64);
        arb_get_lbound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) > 0)
            arb_set(x, y);
    }
    arf_clear(ex);
    arf_clear(ey);
}

int
lp_pld_init(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, double width, size_t max_n,
            double eps_hint)
{
    const double q = run->q_d, M = run->M_d, Tf = (double) run->steps;
    const uint64_t T = run->steps;
    const double dref = run->delta_d > 0 && run->delta_d < 1 ? run->delta_d : 1e-5;
    const double eta_ref = 1e-3 * dref;
    loss_sketch sk;
    double eps_est, spread, h, lam_hi, lam_lo, a_w, b_w, lo_cut, hi_cut, zcut;
    int64_t kmin, kmax, K;
    size_t n;
    arb_ptr mass;
    arb_t t, s, l, ey, kl, ex_lo, ex_hi, m1, m2;
    double *x, fe, eps_F, sum_E = 0, sum_z = 0;
    lp_fft_plan plan;
    arf_t acc1, acc2;

    memset(pld, 0, sizeof *pld);
    arb_init(pld->err_fft);
    arb_init(pld->tail);
    arb_init(pld->mu_lo);
    arb_init(pld->mu_hi);
    arb_init(pld->tau_hi);
    arb_init(pld->tau_lo);
    pld->relation = rel;
    pld->T = T;
    if (T > UINT64_C(1000000000) || run->q_is_one || !(width > 0))
        return -1;

    /* 1. choices, in doubles: the grid width and the window */
    sketch_init(&sk, q, M, rel);
    eps_est = fmax(Tf * sk.mean + sqrt(Tf * sk.var) * sqrt(2 * log(1 / dref)), 0.05);
    if (eps_hint > 0)
        eps_est = fmax(eps_hint, 0.05);
    spread = fmin(Tf, 2 * sqrt(Tf * log(1 / eta_ref) / 2));
    h = width * eps_est / (1.3 * spread);
    zcut = sqrt(2 * log(Tf / (1e-4 * dref))) + 1.0;
    for (;;) {
        if (rel == LP_PLD_REMOVE) {
            lo_cut = log1p(-q);
            hi_cut = loss_d(1.0 / M + zcut, q, M, rel);
            kmin = (int64_t) ceil(lo_cut / h);
            kmax = (int64_t) ceil(hi_cut / h);
        } else {
            hi_cut = -log1p(-q);
            lo_cut = loss_d(zcut, q, M, rel);
            kmin = (int64_t) floor(lo_cut / h);
            kmax = (int64_t) ceil(hi_cut / h);
        }
        K = kmax - kmin + 1;
        /* S_X's Chernoff points, moved to S_Y = S_X + T mu +- t (mu ~ h/2,
         * a guess: the certified tails below check it) */
        {
            double tt = h * sqrt(Tf * log(1e6 / dref) / 2);
            double up = fmin(Tf * h, Tf * h / 2 + 2 * tt), down = fmax(0.0, Tf * h / 2 - 2 * tt);
            b_w = chernoff_point(&sk, Tf, log(1e4 / dref), 1, &lam_hi) + up + 2 * h;
            a_w = chernoff_point(&sk, Tf, log(1e4 / dref), -1, &lam_lo) + down - 2 * h;
        }
        n = 1;
        while ((double) n < (b_w - a_w) / h + 1 || n < (size_t) K + 1)
            n <<= 1;
        if (n <= max_n)
            break;
        h *= 1.5;
    }
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld: h %g n %zu K %lld a %g b %g lam_hi %g lam_lo %g zcut %g\n", h, n,
                (long long) K, a_w, b_w, lam_hi, lam_lo, zcut);
    free(sk.l);
    free(sk.lw);
    pld->h = h;
    pld->n = n;
    pld->ja = (int64_t) floor(a_w / h);
    pld->kmin_h = kmin * h;
    pld->kmax_h = kmax * h;
    pld->support = (size_t) K;

    /* 2. the masses of Y, certified: m_k = F(l_k) - F(l_{k-1}), the ends
     * absorbing the clamped tails */
    mass = _arb_vec_init(K);
    {
        /* G_i = P(X > l_{kmin+i}), i = 0 .. K-2, each boundary once: the
         * arguments of Phi first (e^{+-l_k} by one multiplication per step
         * from a fresh exponential per chunk), then Phi in Taylor blocks */
        const int64_t nb = K > 1 ? K - 1 : 0;
        arb_ptr G = _arb_vec_init(K > 1 ? K - 1 : 1);
#pragma omp parallel
        {
            int nt = 1, id = 0;
            int64_t from, to;
            arb_t el, step, lk;
            arb_ptr z1, z2, P1, P2;
            char *edge;
#ifdef _OPENMP
            nt = omp_get_num_threads();
            id = omp_get_thread_num();
#endif
            from = nb * id / nt;
            to = nb * (id + 1) / nt;
            arb_init(el);
            arb_init(step);
            arb_init(lk);
            z1 = _arb_vec_init(to - from + 1);
            z2 = _arb_vec_init(to - from + 1);
            P1 = _arb_vec_init(to - from + 1);
            P2 = _arb_vec_init(to - from + 1);
            edge = calloc((size_t) (to - from + 1), 1);
            grid_point(lk, kmin + from, h);
            if (rel == LP_PLD_ADD)
                arb_neg(lk, lk);
            arb_exp(el, lk, MASS_PREC + 16);
            arb_set_d(step, rel == LP_PLD_ADD ? -h : h);
            arb_exp(step, step, MASS_PREC + 16);
            for (int64_t i = from; i < to; i++) {
                if (tail_args(z1 + (i - from), z2 + (i - from), run, rel, el, MASS_PREC) != 0)
                    edge[i - from] = 1;
                arb_mul(el, el, step, MASS_PREC + 16);
            }
            /* the edge points (none but possibly the first) are dropped from
             * the sorted run: give them the neighbour's argument, fixed below */
            for (int64_t i = to - from; i-- > 0;)
                if (edge[i] && i + 1 < to - from) {
                    arb_set(z1 + i, z1 + i + 1);
                    arb_set(z2 + i, z2 + i + 1);
                }
            Phi_sorted(P1, z1, to - from, MASS_PREC);
            if (rel == LP_PLD_REMOVE)
                Phi_sorted(P2, z2, to - from, MASS_PREC);
            for (int64_t i = from; i < to; i++) {
                arb_ptr g = G + i;
                if (edge[i - from]) {
                    grid_point(lk, kmin + i, h);
                    loss_cdf(g, run, rel, lk, 0, MASS_PREC);
                } else if (rel == LP_PLD_REMOVE) {
                    arb_sub_ui(g, run->q, 1, MASS_PREC);
                    arb_neg(g, g);
                    arb_mul(g, g, P1 + (i - from), MASS_PREC);
                    arb_addmul(g, P2 + (i - from), run->q, MASS_PREC);
                } else {
                    arb_set(g, P1 + (i - from));
                }
            }
            _arb_vec_clear(z1, to - from + 1);
            _arb_vec_clear(z2, to - from + 1);
            _arb_vec_clear(P1, to - from + 1);
            _arb_vec_clear(P2, to - from + 1);
            free(edge);
            arb_clear(el);
            arb_clear(step);
            arb_clear(lk);
        }
        if (K > 1) {
            /* m_kmin = P(X <= l_kmin) = 1 - G_0; m_k = G_{i-1} - G_i; m_kmax = G_{K-2} */
            arb_sub_ui(mass + 0, G + 0, 1, MASS_PREC);
            arb_neg(mass + 0, mass + 0);
            for (int64_t i = 1; i < K - 1; i++)
                arb_sub(mass + i, G + i - 1, G + i, MASS_PREC);
            arb_set(mass + K - 1, G + K - 2);
        }
        _arb_vec_clear(G, K > 1 ? K - 1 : 1);
    }
    if (K == 1)
        arb_one(mass + 0);

    arb_init(t);
    arb_init(s);
    arb_init(l);
    arb_init(ey);
    arb_init(kl);
    arb_init(ex_lo);
    arb_init(ex_hi);
    arb_init(m1);
    arb_init(m2);
    arf_init(acc1);
    arf_init(acc2);

    /* the cut tails per step */
    if (rel == LP_PLD_REMOVE) {
        grid_point(l, kmax, h);
        loss_cdf(pld->tau_hi, run, rel, l, 0, MASS_PREC);   /* P(X > l_kmax) */
        arb_zero(pld->tau_lo);
    } else {
        grid_point(l, kmin, h);
        loss_cdf(pld->tau_lo, run, rel, l, 1, MASS_PREC);   /* P(X <= l_kmin) */
        arb_zero(pld->tau_hi);
    }

    /* 3. mu = E[Y] - E[X~] enclosed: E[Y] exactly from the masses; E[X~]
     * from the KL and the clamped tails (pld_kl.c's tail bounds) */
    arb_zero(ey);
    for (int64_t i = 0; i < K; i++) {
        grid_point(l, kmin + i, h);
        arb_addmul(ey, mass + i, l, MASS_PREC);
    }
    lp_pld_kl(kl, run, rel, 96);
    arb_set(ex_lo, kl);
    arb_set(ex_hi, kl);
    {
        /* remove: E[X~] in [KL - c, KL], c >= E[(X - l_kmax)_+] <=
         *   (1/M)(phi(U - 1/M) + (1/M) Phi(1/M - U)), U = u at l_kmax;
         * add: E[X~] in [KL, KL + c], c = phi(V)/M, V = u at l_kmin.
         * As the cut u is >= zcut - 1 >= 0, bound phi(.) and Phi(.) at the
         * double cut (the exact U, V are larger: smaller tails). */
        arb_t c, z;
        arb_init(c);
        arb_init(z);
        arb_set_d(z, zcut - 1.0 - 1.0 / M);     /* a lower bound of U - 1/M (remove) or V - 1/M */
        if (arb_is_positive(z)) {
            arb_sqr(c, z, MASS_PREC);
            arb_mul_2exp_si(c, c, -1);
            arb_neg(c, c);
            arb_exp(c, c, MASS_PREC);           /* <= sqrt(2 pi) phi: a bound on phi */
            arb_neg(t, z);
            Phi(s, t, MASS_PREC);
            arb_div(s, s, run->M, MASS_PREC);
            arb_add(c, c, s, MASS_PREC);
            arb_div(c, c, run->M, MASS_PREC);
        } else {
            arb_pos_inf(c);
        }
        if (rel == LP_PLD_REMOVE)
            arb_sub(ex_lo, ex_lo, c, MASS_PREC);
        else
            arb_add(ex_hi, ex_hi, c, MASS_PREC);
        arb_clear(c);
        arb_clear(z);
    }
    arb_sub(pld->mu_lo, ey, ex_hi, MASS_PREC);
    arb_sub(pld->mu_hi, ey, ex_lo, MASS_PREC);

    /* 4. the window's tails by Chernoff.  Where the exponential weights meet
     * the loss's own tail (remove: S large; add: S small), the masses' absolute
     * radii would swamp the bound, so the true loss's moment is used, which
     * is the Renyi moment A_alpha (certified, rdp_integral_arb.c):
     *   remove: S_Y <= S_X + T h, P(S_X >= c) <= A_{lam+1}^T e^{-lam c};
     *   add:    S_Y >= S_X, P(S_X < a) <= A_{lam}^T e^{lam a} (A <= 1 for
     *           lam <= 1, by Jensen).
     * The other side's loss is bounded (log(1-q) <= X, or X <= -log(1-q)):
     * there the discretised Y's generating function, from the masses' upper
     * ends, is used: P(S_Y >= b) <= m(lam)^T e^{-lam b}, P(S_Y <= a - h) <=
     * m(-lam)^T e^{lam (a - h)}. */
    arb_zero(pld->tail);
    for (int side = 0; side < 2; side++) {
        const double lam = side == 0 ? lam_hi : lam_lo;
        const int moment = (rel == LP_PLD_REMOVE) == (side == 0);
        arb_t mg, mg2;
        arb_init(mg);
        arb_init(mg2);
        arb_pos_inf(mg2);
        if (moment) {
            arb_t alpha, rdp;
            arb_init(alpha);
            arb_init(rdp);
            arb_set_d(alpha, side == 0 ? lam + 1.0 : lam);
            arb_sub_ui(t, alpha, 1, MASS_PREC);
            if (side == 1 && !arb_is_positive(t)) {
                arb_zero(mg);                       /* log A <= 0 */
            } else if (lp_rdp_integral_arb(rdp, run, alpha, MASS_PREC) == 0) {
                arb_mul(mg, rdp, t, MASS_PREC);     /* log A_alpha */
                arb_mul_ui(mg, mg, T, MASS_PREC);
            } else {
                arb_pos_inf(mg);
            }
            /* The shift between S_Y and S_X: certainly within [0, T h]; or,
             * by Hoeffding (see (c)), within T mu +- t2 except with
             * probability eta2 (added).  The smaller bound is kept:
             * remove: e^{-lam (b - T h)} or e^{-lam (b - T mu_hi - t2)} + eta2;
             * add:    e^{lam a} or e^{lam (a - T mu_lo + t2)} + eta2. */
            {
                arb_t c1, c2, t2, eta2, ab;
                arb_init(c1);
                arb_init(c2);
                arb_init(t2);
                arb_init(eta2);
                arb_init(ab);
                arb_set_d(eta2, 1e-6 * dref);
                arb_log(t2, eta2, MASS_PREC);
                arb_neg(t2, t2);
                arb_mul_ui(t2, t2, T, MASS_PREC);
                arb_mul_2exp_si(t2, t2, -1);
                arb_sqrt(t2, t2, MASS_PREC);
                arb_set_d(s, h);
                arb_mul(t2, t2, s, MASS_PREC);      /* t2 = h sqrt(T log(1/eta2)/2) */
                arb_set_d(ab, h);
                arb_mul_si(ab, ab, side == 0 ? pld->ja + (int64_t) n : pld->ja, ARF_PREC_EXACT);
                arb_set_d(s, lam);
                if (side == 0) {
                    arb_set_d(c1, h);
                    arb_mul_ui(c1, c1, T, MASS_PREC);
                    arb_sub(c1, ab, c1, MASS_PREC);                 /* b - T h */
                    arb_mul_ui(c2, pld->mu_hi, T, MASS_PREC);
                    arb_add(c2, c2, t2, MASS_PREC);
                    arb_sub(c2, ab, c2, MASS_PREC);                 /* b - T mu_hi - t2 */
                    arb_neg(s, s);
                } else {
                    arb_set(c1, ab);                                /* a */
                    arb_mul_ui(c2, pld->mu_lo, T, MASS_PREC);
                    arb_sub(c2, t2, c2, MASS_PREC);
                    arb_add(c2, ab, c2, MASS_PREC);                 /* a - T mu_lo + t2 */
                }
                arb_mul(c1, c1, s, MASS_PREC);
                arb_add(c1, c1, mg, MASS_PREC);
                arb_exp(c1, c1, MASS_PREC);
                arb_mul(c2, c2, s, MASS_PREC);
                arb_add(c2, c2, mg, MASS_PREC);
                arb_exp(c2, c2, MASS_PREC);
                arb_add(c2, c2, eta2, MASS_PREC);
                arb_set(mg, c1);
                take_better(mg, c2, 1);
                arb_clear(c1);
                arb_clear(c2);
                arb_clear(t2);
                arb_clear(eta2);
                arb_clear(ab);
            }
            arb_clear(alpha);
            arb_clear(rdp);
            arb_swap(mg, mg2);
        }
        /* the discretised generating function: on the moment's side too
         * (the smaller of two valid bounds is kept) */
        {
            arb_t e1, step, ub;
            arb_init(e1);
            arb_init(step);
            arb_init(ub);
            arb_set_d(t, side == 0 ? lam : -lam);
            grid_point(l, kmin, h);
            arb_mul(e1, t, l, MASS_PREC);
            arb_exp(e1, e1, MASS_PREC);
            arb_set_d(step, h);
            arb_mul(step, step, t, MASS_PREC);
            arb_exp(step, step, MASS_PREC);
            arb_zero(mg);
            for (int64_t i = 0; i < K; i++) {
                arf_t u;
                arf_init(u);
                arb_get_abs_ubound_arf(u, mass + i, MASS_PREC);
                arb_set_arf(ub, u);
                arf_clear(u);
                arb_addmul(mg, ub, e1, MASS_PREC);
                arb_mul(e1, e1, step, MASS_PREC);
            }
            arb_pow_ui(mg, mg, T, MASS_PREC);
            /* side 0: b = (ja + n) h; side 1: a - h = (ja - 1) h */
            arb_set_d(l, h);
            arb_mul_si(l, l, side == 0 ? pld->ja + (int64_t) n : pld->ja - 1, ARF_PREC_EXACT);
            arb_mul(l, l, t, MASS_PREC);
            arb_neg(l, l);
            arb_exp(l, l, MASS_PREC);
            arb_mul(mg, mg, l, MASS_PREC);
            arb_clear(e1);
            arb_clear(step);
            arb_clear(ub);
        }
        if (arb_is_finite(mg2)) {
            arf_t u1, u2;
            arf_init(u1);
            arf_init(u2);
            arb_get_ubound_arf(u1, mg, 64);
            arb_get_ubound_arf(u2, mg2, 64);
            if (!arb_is_finite(mg) || arf_cmp(u2, u1) < 0)
                arb_set(mg, mg2);
            arf_clear(u1);
            arf_clear(u2);
        }
        arb_clear(mg2);
        if (getenv("LP_PLD_DEBUG")) {
            fprintf(stderr, "pld: tail side %d: ", side);
            arb_fprintd(stderr, mg, 5);
            fprintf(stderr, "\n");
        }
        arb_add(pld->tail, pld->tail, mg, MASS_PREC);
        arb_clear(mg);
    }

    /* 5. the single step on the circle, in doubles; what rounding to doubles
     * moved goes into eps_F */
    x = calloc(2 * n, sizeof *x);
    arf_zero(acc1);                             /* sum |x^_j| */
    arf_zero(acc2);                             /* sum |x^_j - m_j| (with the balls' radii) */
    for (int64_t i = 0; i < K; i++) {
        const int64_t k = kmin + i;
        const size_t idx = (size_t) (((k % (int64_t) n) + (int64_t) n) % (int64_t) n);
        double xv = arf_get_d(arb_midref(mass + i), ARF_RND_NEAR);
        arf_t u;
        if (xv < 0)
            xv = 0;
        x[2 * idx] += xv;                       /* one k per index: K <= n */
        arf_init(u);
        arb_sub_arf(t, mass + i, arb_midref(mass + i), MASS_PREC);  /* the radius */
        arb_set_d(s, xv);
        arb_sub(s, mass + i, s, MASS_PREC);
        arb_get_abs_ubound_arf(u, s, MASS_PREC);
        arf_add(acc2, acc2, u, 64, ARF_RND_UP);
        arf_set_d(u, xv);
        arf_add(acc1, acc1, u, 64, ARF_RND_UP);
        arf_clear(u);
    }
    lp_fft_plan_init(&plan, n);
    fe = lp_fft_error_factor(&plan);
    eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
    eps_F *= 1 + 4 * U53;
    lp_fft(x, &plan, -1);

    /* 6. the power of each coefficient and its error (see the comment at
     * the top: |z^_k - z_k| <= c_pow |y^_k|^T + T eps_F R^(T-1), R =
     * min(1, |y^_k|) + eps_F >= max(|y_k|, |y^_k|), weighted by
     * min(1, (1 + e^{h/2}) / (2 min(k, n-k))) >= |W_k|/n; all sums of
     * nonnegative doubles, each within (1 + 1e-8) of its value for
     * n <= 2^26 and T <= 1e9: the factor (1 + 1e-6) covers them) */
    {
        arb_t cp, rc;
        double c_pow, r_cut, ch_h;
        arb_init(cp);
        arb_init(rc);
        /* c_pow = (1 + sqrt(2) gamma_2)^(2T) - 1 */
        arb_set_d(cp, 2.0 * ldexp(1.0, -53) / (1 - 2 * ldexp(1.0, -53)));
        arb_sqrt_ui(rc, 2, 64);
        arb_mul(cp, cp, rc, 64);
        arb_add_ui(cp, cp, 1, 64);
        arb_pow_ui(cp, cp, 2 * T, 64);
        arb_sub_ui(cp, cp, 1, 64);
        c_pow = ub_d(cp);
        /* below r_cut, x^(T-1) < 2^-1000: the power is dropped (counted as 2^-1000) */
        arb_set_si(rc, -1000);
        arb_div_ui(rc, rc, T > 1 ? T - 1 : 1, 64);
        arb_set_d(cp, 2.0);
        arb_pow(rc, cp, rc, 64);
        {
            arf_t lb;
            arf_init(lb);
            arb_get_lbound_arf(lb, rc, 64);
            r_cut = arf_get_d(lb, ARF_RND_DOWN);
            arf_clear(lb);
        }
        arb_set_d(cp, h / 2);
        arb_exp(cp, cp, 64);
        arb_add_ui(cp, cp, 1, 64);
        ch_h = ub_d(cp);
        arb_clear(cp);
        arb_clear(rc);
        for (size_t k = 0; k < n; k++) {
            double re = x[2 * k], im = x[2 * k + 1];
            double m = sqrt(re * re + im * im) * (1 + 4 * U53);
            double R = fmin(1.0, m) + eps_F, P1, P2, wk, Ek;
            size_t kk = k < n - k ? k : n - k;
            wk = kk == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) kk));
            P1 = (T == 1) ? 1.0 : (R * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R * (1 + 4 * U53), T - 1));
            P2 = m <= r_cut ? 0.0 : pow_real(m, T);
            Ek = (Tf * eps_F * P1 + c_pow * P2 + ldexp(1.0, -1000)) * wk;
            sum_E += Ek;
            if (m <= r_cut && T > 1) {
                x[2 * k] = x[2 * k + 1] = 0.0;  /* |y^T| < 2^-1000: counted above */
            } else {
                pow_complex(&x[2 * k], &x[2 * k + 1], T);
                sum_z += fabs(x[2 * k]) + fabs(x[2 * k + 1]);
            }
        }
    }
    /* the inverse's own rounding: fe sum |z^_k| per point, times sum w <= n, over n */
    arb_set_d(t, (sum_E + fe * sum_z * (1 + 4 * U53)) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    lp_fft(x, &plan, +1);
    lp_fft_plan_clear(&plan);

    /* 7. suffix sums over the window, backward */
    pld->A = malloc(n * sizeof *pld->A);
    pld->B = malloc(n * sizeof *pld->B);
    pld->C = malloc(n * sizeof *pld->C);
    {
        double r, sa = 0, sb = 0, sc = 0, inv_n = 1.0 / (double) n;
        arb_set_d(t, -h);
        arb_exp(t, t, 64);
        r = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        for (size_t j = n; j-- > 0;) {
            int64_t i = (pld->ja + (int64_t) j) % (int64_t) n;
            double p;
            if (i < 0)
                i += (int64_t) n;
            p = x[2 * i] * inv_n;
            sa += p;
            sb = p + r * sb;
            sc += fabs(p);
            pld->A[j] = sa;
            pld->B[j] = sb;
            pld->C[j] = sc;
        }
        /* recursive sums of n terms, r^m to within (1+u)^m, r itself to u:
         * every error <= 4 n u (1 + ...) times C_j; 8 n u covers it */
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    free(x);
    _arb_vec_clear(mass, K);
    arb_clear(t);
    arb_clear(s);
    arb_clear(l);
    arb_clear(ey);
    arb_clear(kl);
    arb_clear(ex_lo);
    arb_clear(ex_hi);
    arb_clear(m1);
    arb_clear(m2);
    arf_clear(acc1);
    arf_clear(acc2);
    return 0;
}

void
lp_pld_clear(lp_pld *pld)
{
    free(pld->A);
    free(pld->B);
    free(pld->C);
    pld->A = pld->B = pld->C = NULL;
    arb_clear(pld->err_fft);
    arb_clear(pld->tail);
    arb_clear(pld->mu_lo);
    arb_clear(pld->mu_hi);
    arb_clear(pld->tau_hi);
    arb_clear(pld->tau_lo);
}

/* ---- delta at a point ------------------------------------------------------------ */

/* [lo, hi] containing sum_j p~_j g_e(s_j) +- W, i.e. delta_Y(e), e exact */
static void
delta_Y(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e)
{
    const slong prec = 64;
    arb_t s, E, D, err;
    int64_t j0;
    double ed = arf_get_d(e, ARF_RND_DOWN);
    arb_init(s);
    arb_init(E);
    arb_init(D);
    arb_init(err);
    /* j0: the first window index with s_j > e */
    if (!arf_is_finite(e) || ed / pld->h > 9e15 || ed / pld->h < -9e15) {
        j0 = arf_sgn(e) > 0 ? (int64_t) pld->n : 0;
    } else {
        j0 = (int64_t) floor(ed / pld->h) - pld->ja - 1;
        for (;;) {          /* adjust exactly: s_{j0} > e >= s_{j0 - 1} */
            arb_set_d(s, pld->h);
            arb_mul_si(s, s, pld->ja + j0, ARF_PREC_EXACT);
            if (arf_cmp(arb_midref(s), e) > 0)
                break;
            j0++;
        }
        for (;;) {
            arb_set_d(s, pld->h);
            arb_mul_si(s, s, pld->ja + j0 - 1, ARF_PREC_EXACT);
            if (arf_cmp(arb_midref(s), e) <= 0)
                break;
            j0--;
        }
        if (j0 < 0)
            j0 = 0;
    }
    if (j0 >= (int64_t) pld->n) {
        arb_zero(D);
        arb_zero(err);
    } else {
        arb_set_d(s, pld->h);
        arb_mul_si(s, s, pld->ja + j0, ARF_PREC_EXACT);     /* s_{j0} */
        arb_set_arf(E, e);
        arb_sub(E, E, s, prec);
        arb_exp(E, E, prec);                                /* <= 1 */
        arb_set_d(D, pld->B[j0]);
        arb_mul(D, D, E, prec);
        arb_neg(D, D);
        arb_set_d(s, pld->A[j0]);
        arb_add(D, D, s, prec);
        arb_set_d(err, pld->C[j0]);
        arb_mul_ui(err, err, 2, prec);
        arb_set_d(s, pld->rnd_rel);
        arb_mul(err, err, s, prec);
    }
    arb_add(err, err, pld->err_fft, prec);
    arb_add(err, err, pld->tail, prec);
    arb_sub(lo, D, err, prec);
    arb_add(hi, D, err, prec);
    arb_clear(s);
    arb_clear(E);
    arb_clear(D);
    arb_clear(err);
}

static void
arb_mul_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, d);
    arb_mul(r, x, t, prec);
    arb_clear(t);
}

static void
arb_add_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, d);
    arb_add(r, x, t, prec);
    arb_clear(t);
}

static void
arb_sub_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_add_d(r, x, -d, prec);
}

/* up/lo of the true delta_X at the exact e (see (a) .. (c)); eta > 0 */
static void
delta_X(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e, double eta)
{
    const slong prec = 64;
    arb_t t, sh, a, b, tmp;
    arf_t ee;
    arb_init(t);
    arb_init(sh);
    arb_init(a);
    arb_init(b);
    arb_init(tmp);
    arf_init(ee);
    /* t = h sqrt(T log(1/eta) / 2) */
    arb_set_d(t, eta);
    arb_log(t, t, prec);
    arb_neg(t, t);
    arb_mul_ui(t, t, pld->T, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_sqrt(t, t, prec);
    arb_mul_d(t, t, pld->h, prec);
    /* upper: min(delta_Y(e), delta_Y(e + T mu_lo - t) + eta) */
    delta_Y(a, hi, pld, e);
    arb_mul_ui(sh, pld->mu_lo, pld->T, prec);
    arb_sub(sh, sh, t, prec);
    arb_add_arf(sh, sh, e, prec);
    arb_get_lbound_arf(ee, sh, prec);
    delta_Y(a, b, pld, ee);
    arb_add_d(b, b, eta, prec);
    take_better(hi, b, 1);
    arb_mul_ui(tmp, pld->tau_hi, pld->T, prec);
    arb_add(hi, hi, tmp, prec);
    /* lower: max(delta_Y(e + T h), delta_Y(e + T mu_hi + t) - eta) */
    arb_set_d(sh, pld->h);
    arb_mul_ui(sh, sh, pld->T, prec);
    arb_add_arf(sh, sh, e, prec);
    arb_get_ubound_arf(ee, sh, prec);
    delta_Y(lo, b, pld, ee);
    arb_mul_ui(sh, pld->mu_hi, pld->T, prec);
    arb_add(sh, sh, t, prec);
    arb_add_arf(sh, sh, e, prec);
    arb_get_ubound_arf(ee, sh, prec);
    delta_Y(a, b, pld, ee);
    arb_sub_d(a, a, eta, prec);
    take_better(lo, a, 0);
    arb_mul_ui(tmp, pld->tau_lo, pld->T, prec);
    arb_sub(lo, lo, tmp, prec);
    arb_clear(t);
    arb_clear(sh);
    arb_clear(a);
    arb_clear(b);
    arb_clear(tmp);
    arf_clear(ee);
}

/* the ends of [lo, hi] as exact points, clipped to [0, 1] */
static void
clip01(arb_t lo, arb_t hi)
{
    arf_t l, u;
    arf_init(l);
    arf_init(u);
    arb_get_lbound_arf(l, lo, 64);
    arb_get_ubound_arf(u, hi, 64);
    if (arf_sgn(l) < 0 || arf_is_nan(l))
        arf_zero(l);
    if (arf_cmp_si(u, 1) > 0 || arf_is_nan(u))
        arf_one(u);
    arb_set_arf(lo, l);
    arb_set_arf(hi, u);
    arf_clear(l);
    arf_clear(u);
}

void
lp_pld_delta(arb_t lo, arb_t hi, const lp_pld *pld, const arb_t eps)
{
    arf_t e;
    arb_t a, b;
    double eta;
    arf_init(e);
    arb_init(a);
    arb_init(b);
    /* eta: a thousandth of the estimate, any eta > 0 gives valid bounds */
    arb_get_lbound_arf(e, eps, 64);
    delta_Y(a, b, pld, e);
    eta = fmax(1e-3 * arf_get_d(arb_midref(b), ARF_RND_NEAR), 1e-300);
    delta_X(a, hi, pld, e, eta);
    arb_get_ubound_arf(e, eps, 64);
    delta_X(lo, b, pld, e, eta);
    clip01(lo, hi);
    arf_clear(e);
    arb_clear(a);
    arb_clear(b);
}

void
lp_pld_epsilon(double *eps_lo, double *eps_hi, const lp_pld *pld, const arb_t delta)
{
    const double eta = fmax(1e-3 * arf_get_d(arb_midref(delta), ARF_RND_NEAR), 1e-300);
    double b = (double) (pld->ja + (int64_t) pld->n) * pld->h;
    double lo, hi;
    arb_t dl, dh;
    arf_t e;
    arb_init(dl);
    arb_init(dh);
    arf_init(e);
    /* upper: the least e (bisection) with delta_X(e) <= delta certainly */
#define UP_OK(x) (arf_set_d(e, (x)), delta_X(dl, dh, pld, e, eta), arb_le(dh, delta))
#define LO_OK(x) (arf_set_d(e, (x)), delta_X(dl, dh, pld, e, eta), arb_gt(dl, delta))
    if (UP_OK(0.0)) {
        *eps_hi = 0.0;
    } else if (!UP_OK(b)) {
        *eps_hi = INFINITY;
    } else {
        lo = 0.0;
        hi = b;
        for (int it = 0; it < 100 && hi - lo > 1e-13 * fabs(hi); it++) {
            double mid = 0.5 * (lo + hi);
            if (UP_OK(mid))
                hi = mid;
            else
                lo = mid;
        }
        *eps_hi = hi;
    }
    /* lower: the largest e with delta_X(e) > delta certainly (then epsilon > e) */
    if (!LO_OK(0.0)) {
        *eps_lo = 0.0;
    } else {
        lo = 0.0;
        hi = isfinite(*eps_hi) ? *eps_hi : b;
        for (int it = 0; it < 100 && hi - lo > 1e-13 * fabs(hi); it++) {
            double mid = 0.5 * (lo + hi);
            if (LO_OK(mid))
                lo = mid;
            else
                hi = mid;
        }
        *eps_lo = lo;
    }
#undef UP_OK
#undef LO_OK
    arb_clear(dl);
    arb_clear(dh);
    arf_clear(e);
}
