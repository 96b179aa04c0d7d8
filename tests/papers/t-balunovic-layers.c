/* t-balunovic-layers.c -- Balunovic et al.'s layer-wise derivations: Section
 * 5's linear-layer reconstruction on random two-layer ReLU networks in exact
 * rationals (the gradients taken as exact central difference quotients of the
 * loss, a route that shares nothing with a chain rule), its stated conditions
 * and shapes, PRECODE's uniqueness; Appendix A.5's per-layer separable
 * likelihood, eqs. (5) and (6) as identities of log-densities at random
 * parameters and precision, and the sigma -> 0 limit that makes (6) a
 * surrogate of (5), certified on linear layers. */
#include <math.h>
#include <float.h>
#include <gsl/gsl_randist.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"
#include "gauss-density.h"
#include "adversary/adversary.h"
#include "flint/fmpq.h"
#include "flint/fmpq_mat.h"

/* ---- Section 5: a random two-layer ReLU network in exact rationals --------------- */

#define N0 8
#define N1 8
#define N2 4

typedef struct {
    int n0, n1, n2;
    fmpq_mat_t A0, A1;
    fmpq_mat_t b0, b1, x, t;        /* columns */
} net;

static void
rand_q(fmpq_t q, flint_rand_t st)
{
    fmpq_set_si(q, (slong) n_randint(st, 41) - 20, 1 + n_randint(st, 9));
}

static void
net_init(net *m, flint_rand_t st, int n0, int n1, int n2)
{
    m->n0 = n0; m->n1 = n1; m->n2 = n2;
    fmpq_mat_init(m->A0, n1, n0); fmpq_mat_init(m->A1, n2, n1);
    fmpq_mat_init(m->b0, n1, 1); fmpq_mat_init(m->b1, n2, 1);
    fmpq_mat_init(m->x, n0, 1); fmpq_mat_init(m->t, n2, 1);
    for (int i = 0; i < n1; i++) {
        for (int j = 0; j < n0; j++)
            rand_q(fmpq_mat_entry(m->A0, i, j), st);
        rand_q(fmpq_mat_entry(m->b0, i, 0), st);
    }
    for (int i = 0; i < n2; i++) {
        for (int j = 0; j < n1; j++)
            rand_q(fmpq_mat_entry(m->A1, i, j), st);
        rand_q(fmpq_mat_entry(m->b1, i, 0), st);
        rand_q(fmpq_mat_entry(m->t, i, 0), st);
    }
    for (int j = 0; j < n0; j++)
        fmpq_set_si(fmpq_mat_entry(m->x, j, 0), (slong) n_randint(st, 256), 255);   /* pixels k/255 */
}

static void
net_clear(net *m)
{
    fmpq_mat_clear(m->A0); fmpq_mat_clear(m->A1); fmpq_mat_clear(m->b0); fmpq_mat_clear(m->b1);
    fmpq_mat_clear(m->x); fmpq_mat_clear(m->t);
}

/* y0 = A0 x + b0 (plus `bump` on entry `at` when at >= 0) */
static void
pre_activation(fmpq_mat_t y0, const net *m, int at, const fmpq_t bump)
{
    fmpq_mat_mul(y0, m->A0, m->x);
    fmpq_mat_add(y0, y0, m->b0);
    if (at >= 0)
        fmpq_add(fmpq_mat_entry(y0, at, 0), fmpq_mat_entry(y0, at, 0), bump);
}

/* l = (1/2) |A1 relu(y0) + b1 - t|^2 */
static void
loss_from_y0(fmpq_t l, const net *m, const fmpq_mat_t y0)
{
    fmpq_mat_t h, y1;
    fmpq_t e;
    fmpq_mat_init(h, m->n1, 1);
    fmpq_mat_init(y1, m->n2, 1);
    fmpq_init(e);
    for (int i = 0; i < m->n1; i++)
        if (fmpq_sgn(fmpq_mat_entry(y0, i, 0)) > 0)
            fmpq_set(fmpq_mat_entry(h, i, 0), fmpq_mat_entry(y0, i, 0));
    fmpq_mat_mul(y1, m->A1, h);
    fmpq_zero(l);
    for (int i = 0; i < m->n2; i++) {
        fmpq_add(e, fmpq_mat_entry(y1, i, 0), fmpq_mat_entry(m->b1, i, 0));
        fmpq_sub(e, e, fmpq_mat_entry(m->t, i, 0));
        fmpq_addmul(l, e, e);
    }
    fmpq_div_2exp(l, l, 1);
    fmpq_mat_clear(h);
    fmpq_mat_clear(y1);
    fmpq_clear(e);
}

static void
loss(fmpq_t l, const net *m)
{
    fmpq_mat_t y0;
    fmpq_t zero;
    fmpq_mat_init(y0, m->n1, 1);
    fmpq_init(zero);
    pre_activation(y0, m, -1, zero);
    loss_from_y0(l, m, y0);
    fmpq_mat_clear(y0);
    fmpq_clear(zero);
}

/* the smallest |y0_i| (the central differences stay inside one ReLU pattern below it); 0 if some y0_i = 0 */
static void
min_abs_y0(fmpq_t r, const net *m)
{
    fmpq_mat_t y0;
    fmpq_t zero, a;
    fmpq_mat_init(y0, m->n1, 1);
    fmpq_init(zero); fmpq_init(a);
    pre_activation(y0, m, -1, zero);
    fmpq_set_si(r, 1000000, 1);
    for (int i = 0; i < m->n1; i++) {
        fmpq_abs(a, fmpq_mat_entry(y0, i, 0));
        if (fmpq_cmp(a, r) < 0)
            fmpq_set(r, a);
    }
    fmpq_mat_clear(y0);
    fmpq_clear(zero); fmpq_clear(a);
}

/* (l(p + h) - l(p - h)) / (2h) for the parameter *p: exact for the loss, quadratic in p within one pattern */
static void
central(fmpq_t d, net *m, fmpq *p, const fmpq_t h)
{
    fmpq_t keep, lp, lm;
    fmpq_init(keep); fmpq_init(lp); fmpq_init(lm);
    fmpq_set(keep, p);
    fmpq_add(p, keep, h);
    loss(lp, m);
    fmpq_sub(p, keep, h);
    loss(lm, m);
    fmpq_set(p, keep);
    fmpq_sub(d, lp, lm);
    fmpq_div(d, d, h);
    fmpq_div_2exp(d, d, 1);
    fmpq_clear(keep); fmpq_clear(lp); fmpq_clear(lm);
}

/* dl/d(y0)_i by a central difference in y0 itself */
static void
central_y0(fmpq_t d, const net *m, int i, const fmpq_t h)
{
    fmpq_mat_t y0;
    fmpq_t lp, lm, mh;
    fmpq_mat_init(y0, m->n1, 1);
    fmpq_init(lp); fmpq_init(lm); fmpq_init(mh);
    pre_activation(y0, m, i, h);
    loss_from_y0(lp, m, y0);
    fmpq_neg(mh, h);
    pre_activation(y0, m, i, mh);
    loss_from_y0(lm, m, y0);
    fmpq_sub(d, lp, lm);
    fmpq_div(d, d, h);
    fmpq_div_2exp(d, d, 1);
    fmpq_mat_clear(y0);
    fmpq_clear(lp); fmpq_clear(lm); fmpq_clear(mh);
}

/* the rows' gradients: gb[i] = dl/db0_i, gA[i][j] = dl/dA0_ij (central differences) */
static int
gradients(fmpq *gb, fmpq *gA, net *m)
{
    fmpq_t h, hw;
    fmpq_init(h); fmpq_init(hw);
    min_abs_y0(h, m);
    if (fmpq_is_zero(h)) {
        fmpq_clear(h); fmpq_clear(hw);
        return 0;
    }
    fmpq_div_2exp(h, h, 2);
    fmpq_set(hw, h);                   /* A0_ij moves y0_i by h x_j, x_j <= 1 */
    for (int i = 0; i < m->n1; i++) {
        central(gb + i, m, fmpq_mat_entry(m->b0, i, 0), h);
        for (int j = 0; j < m->n0; j++)
            central(gA + i * m->n0 + j, m, fmpq_mat_entry(m->A0, i, j), hw);
    }
    fmpq_clear(h); fmpq_clear(hw);
    return 1;
}

/* rows with dl/db0_i != 0 recover x exactly: returns that count, -1 when some such row disagrees;
 * the recovered x is the quantity of the claims ids (the mutation check) */
static int
recover(const fmpq *gb, const fmpq *gA, const net *m, const char *ids)
{
    fmpq_t r;
    int rows = 0;
    fmpq_init(r);
    for (int i = 0; i < m->n1; i++) {
        if (fmpq_is_zero(gb + i))
            continue;
        for (int j = 0; j < m->n0; j++) {
            fmpq_div(r, gA + i * m->n0 + j, gb + i);
            lp_mut_fmpq(ids, r);
            if (!fmpq_equal(r, fmpq_mat_entry(m->x, j, 0))) {
                fmpq_clear(r);
                return -1;
            }
        }
        rows++;
    }
    fmpq_clear(r);
    return rows;
}

static void
test_linear_layer(flint_rand_t st)
{
    long n = test_iterations(60), bad_bias = 0, bad_weight = 0, bad_rec = 0, none = 0, used = 0, rows = 0;
    fmpq *gb = _fmpq_vec_init(N1), *gA = _fmpq_vec_init(N1 * N0);
    fmpq_t h, d, e;
    fmpq_init(h); fmpq_init(d); fmpq_init(e);
    for (long it = 0; it < n; it++) {
        net m;
        int r;
        net_init(&m, st, 1 + n_randint(st, N0), 1 + n_randint(st, N1), 1 + n_randint(st, N2));
        if (!gradients(gb, gA, &m)) {   /* a pre-activation exactly 0: no derivative */
            net_clear(&m);
            continue;
        }
        used++;
        min_abs_y0(h, &m);
        fmpq_div_2exp(h, h, 2);
        for (int i = 0; i < m.n1; i++) {
            central_y0(d, &m, i, h);
            lp_mut_fmpq("balunovic/sec5/bias-chain", d);
            bad_bias += !fmpq_equal(d, gb + i);               /* dl/db0_i = dl/dy0_i */
            for (int j = 0; j < m.n0; j++) {
                fmpq_mul(e, gb + i, fmpq_mat_entry(m.x, j, 0));
                lp_mut_fmpq("balunovic/sec5/weight-chain", e);
                bad_weight += !fmpq_equal(e, gA + i * m.n0 + j); /* dl/dA0_ij = dl/db0_i x_j */
            }
        }
        r = recover(gb, gA, &m, "balunovic/sec5/linear-layer");
        if (r < 0) {
            bad_rec++;
            printf("# n0=%d n1=%d n2=%d: a row's quotient differs from x\n", m.n0, m.n1, m.n2);
        } else if (r == 0)
            none++;
        else
            rows += r;
        net_clear(&m);
    }
    tap_ok(bad_bias == 0 && used > n / 2, "[balunovic/sec5/bias-chain] dl/d(b0)_i = dl/d(y0)_i, both exact central "
           "differences, on %ld random ReLU networks (n0, n1 <= 8, rational weights): %ld disagree", used, bad_bias);
    tap_ok(bad_weight == 0 && used > n / 2, "[balunovic/sec5/weight-chain] dl/d(A0)_{i,:} = dl/d(b0)_i x^T exactly on "
           "the same networks: %ld entries disagree", bad_weight);
    tap_ok(bad_rec == 0 && rows > 0, "[balunovic/sec5/linear-layer] x^T = (dl/d(b0)_i)^-1 dl/d(A0)_{i,:} recovers "
           "the input exactly from every row with dl/d(b0)_i != 0: %ld rows of %ld networks, %ld wrong; %ld networks "
           "had no such row (every ReLU inactive)", rows, used, bad_rec, none);
    _fmpq_vec_clear(gb, N1); _fmpq_vec_clear(gA, N1 * N0);
    fmpq_clear(h); fmpq_clear(d); fmpq_clear(e);
}

/* "as there is typically at least one non-zero entry in b_0": the condition
 * the derivation needs is on the gradient dl/db_0, not on the bias b_0 */
static void
test_nonzero_bias(flint_rand_t st)
{
    fmpq *gb = _fmpq_vec_init(N1), *gA = _fmpq_vec_init(N1 * N0);
    net m;
    int rows_zero_bias = -2, rows_dead = -2, tries = 0;
    /* b0 = 0: find a network with some active row */
    do {
        net_init(&m, st, 6, 6, 3);
        for (int i = 0; i < 6; i++)
            fmpq_zero(fmpq_mat_entry(m.b0, i, 0));
        if (gradients(gb, gA, &m))
            rows_zero_bias = recover(gb, gA, &m, "balunovic/sec5/nonzero-bias");
        net_clear(&m);
    } while (rows_zero_bias <= 0 && ++tries < 50);
    /* b0 all non-zero and negative enough that every ReLU is inactive */
    net_init(&m, st, 6, 6, 3);
    for (int i = 0; i < 6; i++)
        fmpq_set_si(fmpq_mat_entry(m.b0, i, 0), -1000 - i, 1);
    if (gradients(gb, gA, &m))
        rows_dead = recover(gb, gA, &m, "balunovic/sec5/nonzero-bias");
    net_clear(&m);
    tap_todo((rows_zero_bias > 0) == 0 && (rows_dead > 0) == 1,
             "[balunovic/sec5/nonzero-bias] 'a non-zero entry in b_0' is neither necessary nor sufficient: with b_0 = 0 "
             "%d rows recover x exactly; with every entry of b_0 non-zero (-1000..-1005, all ReLUs inactive) dl/db_0 = 0 "
             "and %d rows do; the condition is dl/d(b_0)_i != 0", rows_zero_bias, rows_dead);
    _fmpq_vec_clear(gb, N1); _fmpq_vec_clear(gA, N1 * N0);
}

/* y_0 = A_0 x^T + b_0 with x in R^n0, y_0, b_0 in R^n1 and, as printed, A_0 in
 * R^{n0 x n1}: the product is defined only if n1 = n0, and (A_0)_{i,:} has n0
 * entries (the length of x) only for an n1 x n0 matrix */
static void
test_shapes(flint_rand_t st)
{
    long n = test_iterations(50), printed_ok = 0, transposed_ok = 0, tried = 0;
    for (long it = 0; it < n; it++) {
        long n0 = 1 + n_randint(st, 3072), n1 = 1 + n_randint(st, 500);
        long rows_p = lp_mut_long("balunovic/sec5/shapes", n0), cols_p = n1, rows_t = n1, cols_t = n0;
        if (n0 == n1)
            continue;
        tried++;
        printed_ok += cols_p == n0 && rows_p == n1;     /* A x^T in R^n1 */
        transposed_ok += cols_t == n0 && rows_t == n1;
    }
    tap_todo(printed_ok == tried,
             "[balunovic/sec5/shapes] A_0 in R^{n0 x n1} as printed: A_0 x^T + b_0 in R^n1 is defined in %ld of %ld random "
             "size pairs with n0 != n1 (n0 <= 3072, n1 <= 500); A_0 in R^{n1 x n0} in %ld", printed_ok, tried,
             transposed_ok);
}

/* PRECODE: "given g there is always a unique input x_0": the bottleneck's
 * random draw changes everything after the first layer (A1, b1, the upstream
 * gradient), not the quotient of the first layer's gradients */
static void
test_precode(flint_rand_t st)
{
    long n = test_iterations(20), same = 0, tried = 0;
    fmpq *gb = _fmpq_vec_init(N1), *gA = _fmpq_vec_init(N1 * N0);
    for (long it = 0; it < n; it++) {
        net m;
        int ok = 1, draws = 0;
        net_init(&m, st, 1 + n_randint(st, N0), 2 + n_randint(st, N1 - 1), 1 + n_randint(st, N2));
        for (int draw = 0; draw < 5; draw++) {
            /* a new bottleneck sample: the layers after the first redrawn */
            for (int i = 0; i < m.n2; i++) {
                for (int j = 0; j < m.n1; j++)
                    rand_q(fmpq_mat_entry(m.A1, i, j), st);
                rand_q(fmpq_mat_entry(m.b1, i, 0), st);
            }
            if (gradients(gb, gA, &m)) {
                int r = recover(gb, gA, &m, "balunovic/A.5/precode-unique balunovic/table6/precode");
                ok &= r != -1;
                draws += r > 0;
            }
        }
        if (draws >= 2) {
            tried++;
            same += ok;
        }
        net_clear(&m);
    }
    tap_ok(same == tried && tried > 0, "[balunovic/A.5/precode-unique] [balunovic/table6/precode] over 5 random draws "
           "of everything after the first layer, the first layer's gradients give the same x in %ld of %ld random "
           "networks: p(x|g) is a point mass whatever the bottleneck samples", same, tried);
    _fmpq_vec_clear(gb, N1); _fmpq_vec_clear(gA, N1 * N0);
}

/* "perfect reconstruction with PSNR values > 150" for PRECODE: the recovery
 * in float32 (PyTorch's default), a CIFAR-10-sized input (3072 pixels k/255)
 * and a 500-wide first layer: x' = fl(fl(dl/dy_i x_j) / dl/dy_i) */
static void
test_precode_psnr(flint_rand_t st)
{
    const int n0 = 3072, images = test_iterations(20);
    double worst = INFINITY;
    int exact = 0;
    gsl_rng *r = lp_adversary_rng(32, 0);
    for (int im = 0; im < images; im++) {
        double mse = 0;
        float up = 0;
        /* the largest of 500 upstream gradients (the attack may pick any non-zero row) */
        for (int i = 0; i < 500; i++) {
            float u = (float) gsl_ran_gaussian_ziggurat(r, 1e-3);
            if (fabsf(u) > fabsf(up))
                up = u;
        }
        for (int j = 0; j < n0; j++) {
            volatile float x = (float) n_randint(st, 256) / 255.0f, ga, rec;
            ga = up * x;
            rec = ga / up;
            mse += ((double) rec - (double) x) * ((double) rec - (double) x);
        }
        mse /= n0;
        if (mse == 0)
            exact++;
        else
            worst = fmin(worst, 10 * log10(1 / mse));
    }
    gsl_rng_free(r);
    tap_ok(exact == images || worst > lp_mut_apply(lp_mut_which("balunovic/sec6/precode-psnr", "rel+ x2"), 150),
           "[balunovic/sec6/precode-psnr] linear-layer recovery in float32 of %d CIFAR-sized images (3072 pixels, 500 "
           "rows): %d exact, the lowest PSNR of the rest %.1f dB (> 150 as stated)", images, exact,
           exact == images ? INFINITY : worst);
}

/* ---- Appendix A.5: eqs. (5) and (6) ---------------------------------------------- */

#define LMAX 4
#define KM 5

static void
rand_range(arb_t x, flint_rand_t st, double lo, double hi)
{
    arb_set_d(x, lo + (hi - lo) * (double) n_randint(st, 1 << 20) / (1 << 20));
}

/* p(g|x) = prod_m p(g_m|x) with p(g_m|x) = N(grad_m, s_m^2 I): the joint
 * Gaussian with block-diagonal covariance, -(1/2)(k log 2 pi + log det S + r^T
 * S^-1 r) by arb_mat (determinant, solve), against the sum of the layers' logs */
static void
test_separable(flint_rand_t st)
{
    long n = test_iterations(100), bad = 0;
    for (long it = 0; it < n; it++) {
        slong L = 2 + n_randint(st, LMAX - 1), k = 0, km[LMAX], prec = 64 + n_randint(st, 400);
        arb_t s[LMAX], lhs, rhs, t, det;
        arb_ptr g = _arb_vec_init(LMAX * KM), m = _arb_vec_init(LMAX * KM);
        arb_mat_t S, r, y;
        arb_init(lhs); arb_init(rhs); arb_init(t); arb_init(det);
        for (slong l = 0; l < L; l++) {
            arb_init(s[l]);
            km[l] = 1 + n_randint(st, KM);
            rand_range(s[l], st, 0.05, 2);
            for (slong i = 0; i < km[l]; i++) {
                rand_range(g + k + i, st, -1, 1);
                rand_range(m + k + i, st, -1, 1);
            }
            k += km[l];
        }
        arb_mat_init(S, k, k); arb_mat_init(r, k, 1); arb_mat_init(y, k, 1);
        arb_zero(rhs);
        for (slong l = 0, off = 0; l < L; off += km[l], l++) {
            log_gauss_product(t, g + off, m + off, km[l], s[l], prec);
            arb_add(rhs, rhs, t, prec);
            for (slong i = 0; i < km[l]; i++) {
                arb_sqr(arb_mat_entry(S, off + i, off + i), s[l], prec);
                arb_sub(arb_mat_entry(r, off + i, 0), g + off + i, m + off + i, prec);
            }
        }
        lp_mut_arb("balunovic/A.5/separable balunovic/table6/soteria", rhs, prec);
        arb_mat_det(det, S, prec);
        arb_mat_solve(y, S, r, prec);
        arb_zero(lhs);
        for (slong i = 0; i < k; i++)
            arb_addmul(lhs, arb_mat_entry(r, i, 0), arb_mat_entry(y, i, 0), prec);
        arb_log(det, det, prec);
        arb_add(lhs, lhs, det, prec);
        arb_const_pi(t, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_log(t, t, prec);
        arb_addmul_si(lhs, t, k, prec);
        arb_mul_2exp_si(lhs, lhs, -1);
        arb_neg(lhs, lhs);
        if (!arb_overlaps(lhs, rhs) || !arb_is_finite(lhs)) {
            bad++;
            printf("# L=%ld k=%ld prec=%ld: joint ", L, k, prec);
            arb_printn(lhs, 30, 0);
            printf(" sum ");
            arb_printn(rhs, 30, 0);
            printf("\n");
        }
        for (slong l = 0; l < L; l++)
            arb_clear(s[l]);
        _arb_vec_clear(g, LMAX * KM); _arb_vec_clear(m, LMAX * KM);
        arb_mat_clear(S); arb_mat_clear(r); arb_mat_clear(y);
        arb_clear(lhs); arb_clear(rhs); arb_clear(t); arb_clear(det);
    }
    tap_ok(bad == 0, "[balunovic/A.5/separable] [balunovic/table6/soteria] p(g|x) = prod_m N(g_m; grad_m, s_m^2 I): "
           "the joint block-diagonal Gaussian's log-density (determinant and solve) equals the sum over layers in %ld "
           "of %ld random cases (2..4 layers of 1..5 entries, 64..464 bits)", n - bad, n);
}

/* eq. (5): (1/k) sum_i (log p(g|x_i) + beta log p(x_i)) = C + (1/k) sum_i (log p(g_l|x_i) + beta log p(x_i)
 * - (1/2) sum_{m != l} |g_m - grad_m(x_i)|^2 / s_m^2), C = -sum_{m != l} (k_m/2) log(2 pi s_m^2);
 * eq. (6) at s_m = s: (5) - (6) = C + (1/k) sum_i log p(g_l|x_i) */
static void
test_eq5_eq6(flint_rand_t st)
{
    long n = test_iterations(100), bad5 = 0, bad6 = 0;
    for (long it = 0; it < n; it++) {
        slong L = 2 + n_randint(st, LMAX - 1), l = n_randint(st, L), K = 1 + n_randint(st, 4);
        slong prec = 64 + n_randint(st, 400), km[LMAX], k = 0;
        int same_sigma = n_randint(st, 2);
        arb_t s[LMAX], beta, lhs, rhs, C, t, u, e6, lpl[4], lpx[4];
        arb_ptr g = _arb_vec_init(LMAX * KM), grad = _arb_vec_init(4 * LMAX * KM);
        arb_init(beta); arb_init(lhs); arb_init(rhs); arb_init(C); arb_init(t); arb_init(u); arb_init(e6);
        for (slong i = 0; i < K; i++) {
            arb_init(lpl[i]); arb_init(lpx[i]);
            rand_range(lpl[i], st, -50, 5);     /* log p(g_l|x_i): any model of the defended layer */
            rand_range(lpx[i], st, -50, 5);     /* log p(x_i) */
        }
        rand_range(beta, st, 1e-3, 10);
        for (slong m = 0; m < L; m++) {
            arb_init(s[m]);
            km[m] = 1 + n_randint(st, KM);
            if (same_sigma && m > 0)
                arb_set(s[m], s[0]);
            else
                rand_range(s[m], st, 0.01, 1);
            k += km[m];
        }
        for (slong i = 0; i < k; i++)
            rand_range(g + i, st, -1, 1);
        for (slong i = 0; i < K * k; i++)
            rand_range(grad + i, st, -1, 1);
        /* the left side from the densities */
        arb_zero(lhs);
        for (slong i = 0; i < K; i++) {
            arb_set(t, lpl[i]);
            for (slong m = 0, off = 0; m < L; off += km[m], m++)
                if (m != l) {
                    log_gauss_product(u, g + off, grad + i * k + off, km[m], s[m], prec);
                    arb_add(t, t, u, prec);
                }
            arb_addmul(t, beta, lpx[i], prec);
            arb_add(lhs, lhs, t, prec);
        }
        arb_div_si(lhs, lhs, K, prec);
        /* the right side as printed (with the layer's block of the gradient) */
        arb_zero(C);
        for (slong m = 0; m < L; m++)
            if (m != l) {
                arb_sqr(t, s[m], prec);
                arb_const_pi(u, prec);
                arb_mul_2exp_si(u, u, 1);
                arb_mul(t, t, u, prec);
                arb_log(t, t, prec);
                arb_mul_si(t, t, km[m], prec);
                arb_mul_2exp_si(t, t, -1);
                arb_sub(C, C, t, prec);
            }
        arb_zero(rhs);
        for (slong i = 0; i < K; i++) {
            arb_t q;
            arb_init(q);
            for (slong m = 0, off = 0; m < L; off += km[m], m++)
                if (m != l) {
                    for (slong j = 0; j < km[m]; j++) {
                        arb_sub(t, g + off + j, grad + i * k + off + j, prec);
                        arb_sqr(t, t, prec);
                        arb_sqr(u, s[m], prec);
                        arb_div(t, t, u, prec);
                        arb_add(q, q, t, prec);
                    }
                }
            arb_mul_2exp_si(q, q, -1);
            arb_mul(t, beta, lpx[i], prec);
            arb_sub(t, t, q, prec);
            arb_add(t, t, lpl[i], prec);
            arb_add(rhs, rhs, t, prec);
            arb_clear(q);
        }
        arb_div_si(rhs, rhs, K, prec);
        arb_add(rhs, rhs, C, prec);
        lp_mut_arb("balunovic/eq5", rhs, prec);
        /* eq. (6) as printed, its own sum with the one s (a sum of squared distances over the whole
         * undefended gradient at once, not layer by layer), not the pieces of eq. (5)'s right side */
        arb_zero(e6);
        if (same_sigma) {
            arb_t sq, s2;
            arb_init(sq); arb_init(s2);
            arb_sqr(s2, s[0], prec);
            for (slong i = 0; i < K; i++) {
                slong off = 0;
                arb_zero(sq);
                for (slong m = 0; m < L; off += km[m], m++)
                    if (m != l)
                        for (slong j = 0; j < km[m]; j++) {
                            arb_sub(t, grad + i * k + off + j, g + off + j, prec);
                            arb_addmul(sq, t, t, prec);
                        }
                arb_div(sq, sq, s2, prec);
                arb_mul_2exp_si(sq, sq, -1);
                arb_mul(t, beta, lpx[i], prec);
                arb_sub(t, t, sq, prec);
                arb_add(e6, e6, t, prec);
            }
            arb_div_si(e6, e6, K, prec);
            lp_mut_arb("balunovic/eq6", e6, prec);
            arb_clear(sq); arb_clear(s2);
        }
        if (!arb_overlaps(lhs, rhs)) {
            bad5++;
            printf("# eq5: L=%ld l=%ld K=%ld prec=%ld\n", L, l, K, prec);
        }
        if (same_sigma) {
            /* (5) - (6) = C + mean log p(g_l|x_i) */
            arb_sub(t, lhs, e6, prec);
            arb_zero(u);
            for (slong i = 0; i < K; i++)
                arb_add(u, u, lpl[i], prec);
            arb_div_si(u, u, K, prec);
            arb_add(u, u, C, prec);
            if (!arb_overlaps(t, u)) {
                bad6++;
                printf("# eq6: L=%ld l=%ld K=%ld prec=%ld\n", L, l, K, prec);
            }
        }
        for (slong i = 0; i < K; i++) {
            arb_clear(lpl[i]); arb_clear(lpx[i]);
        }
        for (slong m = 0; m < L; m++)
            arb_clear(s[m]);
        _arb_vec_clear(g, LMAX * KM); _arb_vec_clear(grad, 4 * LMAX * KM);
        arb_clear(beta); arb_clear(lhs); arb_clear(rhs); arb_clear(C); arb_clear(t); arb_clear(u); arb_clear(e6);
    }
    tap_ok(bad5 == 0, "[balunovic/eq5] eq. (5): the Bayes objective with Gaussian layers m != l equals C + (1/k) "
           "sum (log p(g_l|x_i) + beta log p(x_i) - (1/2) sum_{m != l} |g_m - grad_m|^2/s_m^2), C = -sum (k_m/2) "
           "log(2 pi s_m^2): %ld random cases (2..4 layers, k = 1..4 samples), %ld disagree", n, bad5);
    tap_ok(bad6 == 0, "[balunovic/eq6] eq. (6) at s_m = s differs from eq. (5) by C + (1/k) sum log p(g_l|x_i), "
           "which does not depend on s: %ld disagree", bad6);
}

/* "As s_m -> 0 the contribution of log p(g_l|x) becomes exceedingly smaller":
 * linear layers grad_m(x) = A_m x, log p(g_l|x) = -|g_l - A_l x|^2/2, beta log
 * p(x) = -beta |x|^2/2.  (5)'s maximiser solves (A_l'A_l + beta I + s^-2 sum
 * A_m'A_m) x = A_l'g_l + s^-2 sum A_m'g_m, (6)'s the same without A_l; their
 * distance, certified, falls like s^2. */
static void
solve_objective(arb_mat_t x, arb_mat_struct *A, arb_mat_struct *g, slong L, slong l, int with_l, const arb_t s,
                const arb_t beta, slong d, slong prec)
{
    arb_mat_t M, rhs, At, T, v;
    arb_t w;
    arb_mat_init(M, d, d); arb_mat_init(rhs, d, 1); arb_init(w);
    arb_inv(w, s, prec);
    arb_sqr(w, w, prec);
    for (slong i = 0; i < d; i++)
        arb_set(arb_mat_entry(M, i, i), beta);
    for (slong m = 0; m < L; m++) {
        if (m == l && !with_l)
            continue;
        arb_mat_init(At, arb_mat_ncols(A + m), arb_mat_nrows(A + m));
        arb_mat_init(T, d, d);
        arb_mat_init(v, d, 1);
        arb_mat_transpose(At, A + m);
        arb_mat_mul(T, At, A + m, prec);
        arb_mat_mul(v, At, g + m, prec);
        if (m != l) {
            arb_mat_scalar_mul_arb(T, T, w, prec);
            arb_mat_scalar_mul_arb(v, v, w, prec);
        }
        arb_mat_add(M, M, T, prec);
        arb_mat_add(rhs, rhs, v, prec);
        arb_mat_clear(At); arb_mat_clear(T); arb_mat_clear(v);
    }
    arb_mat_solve(x, M, rhs, prec);
    arb_mat_clear(M); arb_mat_clear(rhs); arb_clear(w);
}

static void
test_sigma_limit(flint_rand_t st)
{
    long n = test_iterations(20), bad = 0;
    double ratio_first[4] = { 0 };
    for (long it = 0; it < n; it++) {
        slong d = 2 + n_randint(st, 4), L = 3, l = n_randint(st, 3), prec = 128 + n_randint(st, 256);
        arb_mat_struct A[3], g[3];
        arb_mat_t x5, x6;
        arb_t s, beta, dist, t;
        double prev = INFINITY, dd[4];
        int ok = 1;
        arb_init(s); arb_init(beta); arb_init(dist); arb_init(t);
        arb_mat_init(x5, d, 1); arb_mat_init(x6, d, 1);
        for (slong m = 0; m < L; m++) {
            slong km = d + n_randint(st, 3);
            arb_mat_init(A + m, km, d);
            arb_mat_init(g + m, km, 1);
            for (slong i = 0; i < km; i++) {
                for (slong j = 0; j < d; j++)
                    rand_range(arb_mat_entry(A + m, i, j), st, -1, 1);
                rand_range(arb_mat_entry(g + m, i, 0), st, -1, 1);
            }
        }
        rand_range(beta, st, 0.01, 1);
        for (int e = 0; e < 4; e++) {
            arb_one(s);
            arb_mul_2exp_si(s, s, -2 - 2 * e);          /* s = 1/4, 1/16, 1/64, 1/256 */
            solve_objective(x5, A, g, L, l, 1, s, beta, d, prec);
            solve_objective(x6, A, g, L, l, 0, s, beta, d, prec);
            arb_zero(dist);
            for (slong i = 0; i < d; i++) {
                arb_sub(t, arb_mat_entry(x5, i, 0), arb_mat_entry(x6, i, 0), prec);
                arb_addmul(dist, t, t, prec);
            }
            arb_sqrt(dist, dist, prec);
            dd[e] = arf_get_d(arb_midref(dist), ARF_RND_NEAR);
            if (e == 3)
                dd[e] = lp_mut("balunovic/A.5/sigma-limit", dd[e]);
            /* certified: the distance shrinks, about 16-fold per step (s^2) */
            ok &= arb_rel_accuracy_bits(dist) > 20 && dd[e] < prev;
            prev = dd[e];
        }
        ok &= dd[3] / dd[2] > 1.0 / 20 && dd[3] / dd[2] < 1.0 / 12;
        if (it == 0)
            for (int e = 0; e < 4; e++)
                ratio_first[e] = dd[e];
        if (!ok) {
            bad++;
            printf("# d=%ld l=%ld prec=%ld: distances %.3g %.3g %.3g %.3g\n", d, l, prec, dd[0], dd[1], dd[2], dd[3]);
        }
        for (slong m = 0; m < L; m++) {
            arb_mat_clear(A + m);
            arb_mat_clear(g + m);
        }
        arb_mat_clear(x5); arb_mat_clear(x6);
        arb_clear(s); arb_clear(beta); arb_clear(dist); arb_clear(t);
    }
    tap_ok(bad == 0, "[balunovic/A.5/sigma-limit] linear layers: the maximisers of eq. (5) and eq. (6) approach each "
           "other like s^2 as s = 1/4 .. 1/256 (certified distances; first model %.3g, %.3g, %.3g, %.3g) in %ld of %ld "
           "random models", ratio_first[0], ratio_first[1], ratio_first[2], ratio_first[3], n - bad, n);
}

int
main(void)
{
    flint_rand_t st;
    test_rand_init(st);
    test_linear_layer(st);
    test_nonzero_bias(st);
    test_shapes(st);
    test_precode(st);
    test_precode_psnr(st);
    test_separable(st);
    test_eq5_eq6(st);
    test_sigma_limit(st);
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
