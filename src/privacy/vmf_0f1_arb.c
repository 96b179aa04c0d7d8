/* vmf_0f1_arb.c -- 0F1(; b; x) at b = (p - 1)/2 (p >= 2 an integer), the
 * factor of the chordal integrand (vmf_chordal_arb.c), where it is evaluated
 * at every node: 80% of the chordal profile's time went to Arb's generic
 * hypergeometric series (acb_hypgeom_0f1_direct, ~130,000 instructions at
 * 141 bits and the papers' sizes).
 *
 *   0F1(; b; x) = sum_k t_k,  t_0 = 1,  t_{k+1} = t_k x / ((b + k)(k + 1)) = t_k 2x / D_k,
 *   D_k = (p - 1 + 2k)(k + 1)  (an integer below 2^52 for p < 2^32, k < 2^19),
 * summed as the polynomial sum_{k<K} c_k x^k (c_{k+1} = 2 c_k / D_k, kept
 * per thread for the last (p, prec): every node of one integral shares them;
 * rectangular splitting with arb_dot at real x, Horner at complex x), and the tail
 * k >= K bounded by |t_K| sum_j r^j with r = 2|x|/D_K < 1 (the ratios
 * |t_{k+1}/t_k| = 2|x|/D_k fall with k), |t_K| bounded by the product of the
 * ratios in magnitude arithmetic (rounded up).  K is chosen in doubles (the
 * first term below 2^-(prec+8) of the running sum with r < 1/2): a heuristic
 * that moves the cost, never the bound. */
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"

/* c_k = 1/((b)_k k!) for the last (p, prec) of this thread */
static __thread struct {
    uint64_t p;
    slong prec, len, alloc;
    arb_ptr c;
} co;

void
lp_vmf_0f1_cache_release(void)
{
    if (co.alloc > 0)
        _arb_vec_clear(co.c, co.alloc);
    co.c = NULL;
    co.alloc = co.len = 0;
}

/* co holds c_0 .. c_{K-1} at (p, prec) */
static void
coefficients(uint64_t p, slong K, slong prec)
{
    if (co.p != p || co.prec != prec)
        co.len = 0;
    if (K > co.alloc) {
        slong n = K > 2 * co.alloc ? K : 2 * co.alloc;
        arb_ptr c = _arb_vec_init(n);
        for (slong k = 0; k < co.len; k++)
            arb_swap(c + k, co.c + k);
        if (co.alloc > 0)
            _arb_vec_clear(co.c, co.alloc);
        co.c = c;
        co.alloc = n;
    }
    co.p = p;
    co.prec = prec;
    if (co.len == 0 && K > 0) {
        arb_one(co.c);
        co.len = 1;
    }
    for (slong k = co.len; k < K; k++) {
        arb_div_ui(co.c + k, co.c + k - 1, (ulong) (p - 3 + 2 * k) * (ulong) k, prec);
        arb_mul_2exp_si(co.c + k, co.c + k, 1);
    }
    if (K > co.len)
        co.len = K;
}

/* res = sum_{k<K} c_k x^k, x real, by rectangular splitting: blocks of
 * length b summed by arb_dot against x^0 .. x^{b-1}, Horner in x^b over the
 * blocks (a third of Horner's cost at the papers' K ~ 35) */
static void
sum_real(arb_t res, const arb_t x, slong K, slong prec)
{
    slong b = 1, nb;
    arb_struct pw[66];
    arb_t t;
    while (b * b < K)
        b++;
    nb = (K + b - 1) / b;
    for (slong i = 0; i <= b; i++)
        arb_init(pw + i);
    arb_init(t);
    arb_one(pw);
    for (slong i = 1; i <= b; i++)
        arb_mul(pw + i, pw + i - 1, x, prec);
    arb_zero(res);
    for (slong j = nb - 1; j >= 0; j--) {
        slong len = K - j * b < b ? K - j * b : b;
        arb_mul(t, res, pw + b, prec);
        arb_dot(res, t, 0, co.c + j * b, 1, pw, 1, len, prec);
    }
    for (slong i = 0; i <= b; i++)
        arb_clear(pw + i);
    arb_clear(t);
}

int
lp_vmf_0f1_half(acb_t res, uint64_t p, const acb_t x, slong prec)
{
    mag_t xm, m, r;
    acb_t s;
    double xd, t = 1, sum = 1, eps = ldexp(1.0, -(int) (prec + 8));
    slong K = -1;
    const slong cap = 4000;
    if (p < 2 || p >= (UINT64_C(1) << 32) || prec > 1000 || !acb_is_finite(x))
        return 0;
    mag_init(xm); mag_init(m); mag_init(r);
    acb_get_mag(xm, x);
    mag_mul_2exp_si(xm, xm, 1);                 /* 2|x| */
    xd = mag_get_d(xm);
    for (slong k = 0; k <= cap; k++) {
        double rk = xd / ((double) (p - 1 + 2 * k) * (double) (k + 1));
        if (rk < 0.5 && t < eps * sum) {
            K = k;
            break;
        }
        t *= rk;
        sum += t;
        if (sum > 1e280) {
            sum *= 1e-280;
            t *= 1e-280;
        }
    }
    if (K < 0) {
        mag_clear(xm); mag_clear(m); mag_clear(r);
        return 0;
    }
    /* |t_K| <= prod_{k < K} 2|x|/D_k; r = 2|x|/D_K */
    mag_one(m);
    for (slong k = 0; k < K; k++) {
        mag_mul(m, m, xm);
        mag_div_ui(m, m, (ulong) (p - 1 + 2 * k) * (ulong) (k + 1));
    }
    mag_div_ui(r, xm, (ulong) (p - 1 + 2 * K) * (ulong) (K + 1));
    if (mag_cmp_2exp_si(r, 0) >= 0) {
        mag_clear(xm); mag_clear(m); mag_clear(r);
        return 0;
    }
    mag_geom_series(r, r, 0);
    mag_mul(m, m, r);                           /* the tail's bound */
    coefficients(p, K, prec);
    acb_init(s);
    if (arb_is_zero(acb_imagref(x))) {
        sum_real(acb_realref(s), acb_realref(x), K, prec);
        arb_add_error_mag(acb_realref(s), m);
    } else {
        arb_set(acb_realref(s), co.c + K - 1);
        for (slong k = K - 2; k >= 0; k--) {
            acb_mul(s, s, x, prec);
            arb_add(acb_realref(s), acb_realref(s), co.c + k, prec);
        }
        acb_add_error_mag(s, m);
    }
    acb_swap(res, s);
    acb_clear(s);
    mag_clear(xm); mag_clear(m); mag_clear(r);
    return 1;
}
