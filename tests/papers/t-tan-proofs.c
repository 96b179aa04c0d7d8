/* t-tan-proofs.c -- Tan et al.'s Appendix B step by step at random inputs, in
 * the style of Arb's t-*.c tests (random parameters at random precision, both
 * sides of every inequality certified, the inputs printed on failure,
 * LEAKPROOF_TEST_MULTIPLIER iterations): Lemma 2 (AM-GM, exact integers),
 * Lemma 3 and the Woodbury identity eq. (26)-(28), the block factorisation of
 * Theorem 3's proof eq. (29)-(32) and its two inequalities, the eigen steps of
 * Theorem 2's proof eq. (24)-(25), and B.5: eq. (33), the AM-GM step, u_sigma
 * and its printed derivatives against certified Taylor coefficients, the limit
 * (34), the calibration it invokes and the range of epsilon it is proved for.
 * Then Section 5's smaller claims (Fig. 3's monotonicity, compression, the
 * mini-batch covariance, eq. (17) on the toy loss) and Table 2's arithmetic. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"
#include "channel/channel.h"

static flint_rand_t st;

/* a <= b certified, or b - a a ball around 0 narrower than 2^-60 (1 + |a|): the
 * cases of equality (a diagonal matrix in Hadamard's bound, equal eigenvalues in
 * AM-GM, a degenerate law) where two routes give overlapping balls */
static int
le_or_eq(const arb_t a, const arb_t b)
{
    arb_t d;
    mag_t m, lim;
    int ok;
    arb_init(d);
    mag_init(m);
    mag_init(lim);
    arb_sub(d, b, a, 2 * FLINT_MAX(arb_bits(a), arb_bits(b)) + 64);
    arb_get_mag(m, d);
    arb_get_mag(lim, a);
    mag_add_ui(lim, lim, 1);
    mag_mul_2exp_si(lim, lim, -60);
    ok = arb_is_nonnegative(d) || (arb_contains_zero(d) && mag_cmp(m, lim) <= 0);
    arb_clear(d);
    mag_clear(m);
    mag_clear(lim);
    return ok;
}

/* P = M M^T */
static void
mul_transpose(fmpz_mat_t P, const fmpz_mat_t M)
{
    fmpz_mat_t T;
    fmpz_mat_init(T, fmpz_mat_ncols(M), fmpz_mat_nrows(M));
    fmpz_mat_transpose(T, M);
    fmpz_mat_mul(P, M, T);
    fmpz_mat_clear(T);
}

/* an integer SPD matrix M M^T + k I (k >= 1), entries of M in [-4, 4] */
static void
random_spd(arb_mat_t A, slong d, int k)
{
    fmpz_mat_t M, P;
    fmpz_mat_init(M, d, d);
    fmpz_mat_init(P, d, d);
    for (slong i = 0; i < d; i++)
        for (slong j = 0; j < d; j++)
            fmpz_set_si(fmpz_mat_entry(M, i, j), (slong) n_randint(st, 9) - 4);
    mul_transpose(P, M);
    for (slong i = 0; i < d; i++)
        fmpz_add_ui(fmpz_mat_entry(P, i, i), fmpz_mat_entry(P, i, i), (ulong) k);
    arb_mat_set_fmpz_mat(A, P);
    fmpz_mat_clear(M);
    fmpz_mat_clear(P);
}

static void
print_mat(const char *name, const arb_mat_t A)
{
    printf("# %s = ", name);
    arb_mat_printd(A, 6);
}

/* ---- Lemma 2: det A <= (tr A / d)^d, exactly in integers ---------------- */
static void
test_lemma2(void)
{
    long n = test_iterations(200), ok = 0, strict = 0;
    for (long it = 0; it < n; it++) {
        slong d = 1 + (slong) n_randint(st, 8), r = 1 + (slong) n_randint(st, (ulong) d);
        fmpz_mat_t M, A;
        fmpz_t det, tr, lhs, rhs, dd;
        fmpz_mat_init(M, d, r);
        fmpz_mat_init(A, d, d);
        fmpz_init(det); fmpz_init(tr); fmpz_init(lhs); fmpz_init(rhs); fmpz_init(dd);
        for (slong i = 0; i < d; i++)
            for (slong j = 0; j < r; j++)
                fmpz_set_si(fmpz_mat_entry(M, i, j), (slong) n_randint(st, 13) - 6);
        mul_transpose(A, M);            /* PSD, rank <= r */
        fmpz_mat_det(det, A);
        fmpz_mat_trace(tr, A);
        fmpz_set_si(dd, d);
        fmpz_pow_ui(lhs, dd, (ulong) d);
        fmpz_mul(lhs, lhs, det);                     /* d^d det A <= (tr A)^d */
        {   /* the mutation check: the bound (tr A)^d off by a factor or in its exponent */
            long num, den;
            int k = lp_mut_ratio("tan/lemma2 tan/B.1/step2", "rel- half neg exp-", &num, &den);
            fmpz_pow_ui(rhs, tr, (ulong) (d + (k == LP_MUT_EXP_UP) - (k == LP_MUT_EXP_DOWN)));
            fmpz_mul_si(rhs, rhs, num);
            fmpz_mul_si(lhs, lhs, den);
        }
        if (fmpz_cmp(lhs, rhs) <= 0) {
            ok++;
            strict += fmpz_cmp(lhs, rhs) < 0;
        } else {
            printf("# failing input: d=%ld rank<=%ld det=", (long) d, (long) r);
            fmpz_print(det);
            printf(" tr=");
            fmpz_print(tr);
            printf("\n");
        }
        fmpz_mat_clear(M); fmpz_mat_clear(A);
        fmpz_clear(det); fmpz_clear(tr); fmpz_clear(lhs); fmpz_clear(rhs); fmpz_clear(dd);
    }
    tap_ok(ok == n && strict > 0, "[tan/lemma2] [tan/B.1/step2] det A <= (tr A / d)^d for %ld/%ld random integer "
           "PSD matrices (d 1..8, ranks 1..d), exact (%ld strict)", ok, n, strict);
}

/* ---- Lemma 3 and eq. (26)-(28) ----------------------------------------- */
static void
test_lemma3(void)
{
    long n = test_iterations(100), l1 = 0, l2 = 0, wood = 0, nonneg = 0;
    for (long it = 0; it < n; it++) {
        slong d = 1 + (slong) n_randint(st, 6), prec = 64 + (slong) n_randint(st, 400);
        arb_mat_t A, B, S, Ai, Bi, Si, C, Ci, T, R, a, x, y;
        arb_t qab, qa, qb, q, q2;
        int ok1, ok2, okw, okn;
        arb_mat_init(A, d, d); arb_mat_init(B, d, d); arb_mat_init(S, d, d); arb_mat_init(Ai, d, d);
        arb_mat_init(Bi, d, d); arb_mat_init(Si, d, d); arb_mat_init(C, d, d); arb_mat_init(Ci, d, d);
        arb_mat_init(T, d, d); arb_mat_init(R, d, d);
        arb_mat_init(a, d, 1); arb_mat_init(x, d, 1); arb_mat_init(y, d, 1);
        arb_init(qab); arb_init(qa); arb_init(qb); arb_init(q); arb_init(q2);
        random_spd(A, d, 1 + (int) n_randint(st, 3));
        random_spd(B, d, 1 + (int) n_randint(st, 3));
        for (slong i = 0; i < d; i++)
            arb_set_si(arb_mat_entry(a, i, 0), (slong) n_randint(st, 21) - 10);
        arb_set_si(arb_mat_entry(a, 0, 0), 1 + (slong) n_randint(st, 9));   /* alpha != 0 */
        arb_mat_add(S, A, B, prec);
        arb_mat_spd_inv(Ai, A, prec);
        arb_mat_spd_inv(Bi, B, prec);
        arb_mat_spd_inv(Si, S, prec);
        /* quadratic forms */
        arb_mat_mul(x, Si, a, prec);
        arb_dot(qab, NULL, 0, a->entries, 1, x->entries, 1, d, prec);
        arb_mat_mul(x, Ai, a, prec);
        arb_dot(qa, NULL, 0, a->entries, 1, x->entries, 1, d, prec);
        arb_mat_mul(x, Bi, a, prec);
        arb_dot(qb, NULL, 0, a->entries, 1, x->entries, 1, d, prec);
        lp_mut_arb_upper("tan/lemma3", qa, prec);
        lp_mut_arb_upper("tan/lemma3", qb, prec);
        ok1 = arb_lt(qab, qa);
        ok2 = arb_lt(qab, qb);
        /* eq. (26): (A + B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1 */
        arb_mat_add(C, Ai, Bi, prec);
        okn = arb_mat_spd_inv(Ci, C, prec);             /* (A^-1 + B^-1)^-1 is SPD */
        arb_mat_mul(T, Ai, Ci, prec);
        arb_mat_mul(T, T, Ai, prec);
        arb_mat_set(R, T);
        for (slong i = 0; i < d; i++)                    /* the printed correction term, mutated */
            for (slong j = 0; j < d; j++)
                lp_mut_arb("tan/eq26", arb_mat_entry(R, i, j), prec);
        arb_mat_sub(R, Ai, R, prec);
        okw = arb_mat_overlaps(R, Si);
        /* eq. (27)-(28): alpha^T A^-1 C^-1 A^-1 alpha = at^T C^-1 at >= 0, at = A^-1 alpha */
        arb_mat_mul(y, T, a, prec);
        arb_dot(q, NULL, 0, a->entries, 1, y->entries, 1, d, prec);
        arb_mat_mul(x, Ai, a, prec);
        arb_mat_mul(y, Ci, x, prec);
        arb_dot(q2, NULL, 0, x->entries, 1, y->entries, 1, d, prec);
        lp_mut_arb("tan/eq27 tan/eq28", q2, prec);
        okn = okn && arb_is_positive(q2) && arb_overlaps(q, q2);
        arb_sub(q2, qa, q, prec);                        /* the "hence" line */
        okw = okw && arb_overlaps(q2, qab);
        l1 += ok1; l2 += ok2; wood += okw; nonneg += okn;
        if (!(ok1 && ok2 && okw && okn)) {
            printf("# failing input: d=%ld prec=%ld (%d %d %d %d)\n", (long) d, (long) prec, ok1, ok2, okw, okn);
            print_mat("A", A);
            print_mat("B", B);
            print_mat("alpha", a);
        }
        arb_mat_clear(A); arb_mat_clear(B); arb_mat_clear(S); arb_mat_clear(Ai); arb_mat_clear(Bi);
        arb_mat_clear(Si); arb_mat_clear(C); arb_mat_clear(Ci); arb_mat_clear(T); arb_mat_clear(R);
        arb_mat_clear(a); arb_mat_clear(x); arb_mat_clear(y);
        arb_clear(qab); arb_clear(qa); arb_clear(qb); arb_clear(q); arb_clear(q2);
    }
    tap_ok(l1 == n && l2 == n, "[tan/lemma3] a^T (A+B)^-1 a < a^T A^-1 a (%ld/%ld) and < a^T B^-1 a (%ld/%ld) for "
           "random SPD A, B (d 1..6), random precision, certified", l1, n, l2, n);
    tap_ok(wood == n, "[tan/eq26] (A+B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1 entrywise, and the quadratic form "
           "after it: %ld/%ld random pairs, certified", wood, n);
    tap_ok(nonneg == n, "[tan/eq27] [tan/eq28] (A^-1 + B^-1)^-1 is SPD (Cholesky), a^T A^-1 (A^-1 + B^-1)^-1 A^-1 a "
           "= at^T (A^-1 + B^-1)^-1 at > 0 with at = A^-1 a: %ld/%ld, certified", nonneg, n);
}

/* ---- Theorem 3's proof: eq. (29)-(32), v_i, the induction -------------- */
static void
window(arb_mat_t W, const arb_mat_t A, slong r)
{
    for (slong i = 0; i < r; i++)
        for (slong j = 0; j < r; j++)
            arb_set(arb_mat_entry(W, i, j), arb_mat_entry(A, i, j));
}

static void
test_theorem3_proof(void)
{
    long n = test_iterations(60), f29 = 0, f30 = 0, f31 = 0, fle = 0, frw = 0, fl3 = 0, find = 0, fthm = 0;
    for (long it = 0; it < n; it++) {
        slong d = 2 + (slong) n_randint(st, 6), prec = 96 + (slong) n_randint(st, 400);
        arb_mat_t S, Sb;
        arb_ptr beta = _arb_vec_init(d);
        arb_t sumlogv, had, sch, ldall, t;
        int ok29 = 1, ok30 = 1, ok31 = 1, okle = 1, okrw = 1, okl3 = 1;
        arb_mat_init(S, d, d);
        arb_mat_init(Sb, d, d);
        arb_init(sumlogv); arb_init(had); arb_init(sch); arb_init(ldall); arb_init(t);
        random_spd(S, d, 1 + (int) n_randint(st, 3));
        arb_mat_set(Sb, S);
        for (slong i = 0; i < d; i++) {
            arb_set_ui(beta + i, 1 + n_randint(st, 64));
            arb_mul_2exp_si(beta + i, beta + i, -3);
            arb_add(arb_mat_entry(Sb, i, i), arb_mat_entry(Sb, i, i), beta + i, prec);
        }
        /* i = 0: v_0 = c_00 + beta_0 */
        arb_add(sumlogv, arb_mat_entry(S, 0, 0), beta, prec);
        arb_log(sumlogv, sumlogv, prec);
        arb_set(had, sumlogv);
        arb_set(sch, sumlogv);
        for (slong i = 1; i < d; i++) {
            arb_mat_t P, Pb, Pi, Pbi, rho, w, wb, L, U, Si, prod, Di, M, Mi, z, z2;
            arb_t c, q, qb, v, v2, uk, detS, detP, detSb, detPb;
            arb_mat_init(P, i, i); arb_mat_init(Pb, i, i); arb_mat_init(Pi, i, i); arb_mat_init(Pbi, i, i);
            arb_mat_init(rho, i, 1); arb_mat_init(w, i, 1); arb_mat_init(wb, i, 1);
            arb_mat_init(L, i + 1, i + 1); arb_mat_init(U, i + 1, i + 1); arb_mat_init(Si, i + 1, i + 1);
            arb_mat_init(prod, i + 1, i + 1); arb_mat_init(Di, i, i); arb_mat_init(M, i, i);
            arb_mat_init(Mi, i, i); arb_mat_init(z, i, 1); arb_mat_init(z2, i, 1);
            arb_init(c); arb_init(q); arb_init(qb); arb_init(v); arb_init(v2); arb_init(uk);
            arb_init(detS); arb_init(detP); arb_init(detSb); arb_init(detPb);
            window(P, S, i);
            window(Pb, Sb, i);
            window(Si, S, i + 1);
            for (slong r = 0; r < i; r++)
                arb_set(arb_mat_entry(rho, r, 0), arb_mat_entry(S, r, i));
            arb_set(c, arb_mat_entry(S, i, i));
            arb_mat_spd_inv(Pi, P, prec);
            arb_mat_spd_inv(Pbi, Pb, prec);
            arb_mat_mul(w, Pi, rho, prec);                              /* Sigma_{i-1}^-1 rho */
            arb_dot(q, NULL, 0, rho->entries, 1, w->entries, 1, i, prec);
            /* eq. (29): L U = Sigma_i */
            arb_mat_one(L);
            arb_mat_zero(U);
            for (slong r = 0; r < i; r++) {
                arb_set(arb_mat_entry(L, i, r), arb_mat_entry(w, r, 0));
                for (slong s = 0; s < i; s++)
                    arb_set(arb_mat_entry(U, r, s), arb_mat_entry(P, r, s));
                arb_set(arb_mat_entry(U, r, i), arb_mat_entry(rho, r, 0));
            }
            arb_sub(arb_mat_entry(U, i, i), c, q, prec);
            lp_mut_arb("tan/eq29", arb_mat_entry(U, i, i), prec);
            arb_mat_mul(prod, L, U, prec);
            ok29 &= arb_mat_overlaps(prod, Si);
            /* eq. (30): det Sigma_i = (c - rho^T Sigma^-1 rho) det Sigma_{i-1} */
            arb_mat_det(detS, Si, prec);
            arb_mat_det(detP, P, prec);
            arb_sub(t, c, q, prec);
            arb_mul(t, t, detP, prec);
            lp_mut_arb("tan/eq30", t, prec);
            ok30 &= arb_overlaps(t, detS);
            /* eq. (31)-(32) with Sigma + diag(beta) */
            arb_mat_mul(wb, Pbi, rho, prec);
            arb_dot(qb, NULL, 0, rho->entries, 1, wb->entries, 1, i, prec);
            arb_add(v, c, beta + i, prec);
            arb_sub(v, v, qb, prec);
            {
                arb_mat_t Sbi;
                arb_mat_init(Sbi, i + 1, i + 1);
                window(Sbi, Sb, i + 1);
                arb_mat_det(detSb, Sbi, prec);
                arb_mat_clear(Sbi);
            }
            arb_mat_det(detPb, Pb, prec);
            arb_mul(t, v, detPb, prec);
            lp_mut_arb("tan/eq31 tan/eq32", t, prec);
            ok31 &= arb_overlaps(t, detSb);
            /* v_i <= c_ii + beta_i */
            arb_add(t, c, beta + i, prec);
            lp_mut_arb_upper("tan/B.4/v-le", t, prec);
            okle &= le_or_eq(v, t);
            /* the rewrite by eq. (26): v = c + b - q + w^T (Sigma^-1 + diag(beta)^-1)^-1 w */
            arb_mat_zero(Di);
            for (slong r = 0; r < i; r++)
                arb_inv(arb_mat_entry(Di, r, r), beta + r, prec);
            arb_mat_add(M, Pi, Di, prec);
            arb_mat_spd_inv(Mi, M, prec);
            arb_mat_mul(z, Mi, w, prec);
            arb_dot(v2, NULL, 0, w->entries, 1, z->entries, 1, i, prec);
            lp_mut_arb("tan/B.4/v-rewrite", v2, prec);
            arb_add(v2, v2, c, prec);
            arb_add(v2, v2, beta + i, prec);
            arb_sub(v2, v2, q, prec);
            okrw &= arb_overlaps(v, v2);
            /* Lemma 3 there: v <= u_i + k_i, u = c - q, k = beta_i + w^T diag(beta) w */
            arb_sub(uk, c, q, prec);
            arb_add(uk, uk, beta + i, prec);
            for (slong r = 0; r < i; r++) {
                arb_sqr(t, arb_mat_entry(w, r, 0), prec);
                arb_addmul(uk, t, beta + r, prec);
            }
            arb_set(t, uk);
            lp_mut_arb_upper("tan/B.4/v-lemma3", t, prec);
            okl3 &= arb_le(v, t);
            /* accumulate the induction and the two bounds */
            arb_log(t, v, prec);
            arb_add(sumlogv, sumlogv, t, prec);
            arb_add(t, c, beta + i, prec);
            arb_log(t, t, prec);
            arb_add(had, had, t, prec);
            arb_log(t, uk, prec);
            arb_add(sch, sch, t, prec);
            arb_mat_clear(P); arb_mat_clear(Pb); arb_mat_clear(Pi); arb_mat_clear(Pbi);
            arb_mat_clear(rho); arb_mat_clear(w); arb_mat_clear(wb); arb_mat_clear(L); arb_mat_clear(U);
            arb_mat_clear(Si); arb_mat_clear(prod); arb_mat_clear(Di); arb_mat_clear(M); arb_mat_clear(Mi);
            arb_mat_clear(z); arb_mat_clear(z2);
            arb_clear(c); arb_clear(q); arb_clear(qb); arb_clear(v); arb_clear(v2); arb_clear(uk);
            arb_clear(detS); arb_clear(detP); arb_clear(detSb); arb_clear(detPb);
        }
        arb_mat_det(ldall, Sb, prec);
        arb_log(ldall, ldall, prec);
        lp_mut_arb("tan/B.4/induction", sumlogv, prec);
        lp_mut_arb_upper("tan/thm3", had, prec);
        lp_mut_arb_upper("tan/thm3", sch, prec);
        f29 += ok29; f30 += ok30; f31 += ok31; fle += okle; frw += okrw; fl3 += okl3;
        find += arb_overlaps(ldall, sumlogv) && arb_is_finite(ldall);
        fthm += le_or_eq(ldall, had) && le_or_eq(ldall, sch);
        if (!(ok29 && ok30 && ok31 && okle && okrw && okl3 && arb_overlaps(ldall, sumlogv))) {
            printf("# failing input: d=%ld prec=%ld (%d %d %d %d %d %d)\n", (long) d, (long) prec, ok29, ok30, ok31,
                   okle, okrw, okl3);
            print_mat("Sigma", S);
            print_mat("Sigma + diag(beta)", Sb);
        }
        arb_mat_clear(S); arb_mat_clear(Sb);
        _arb_vec_clear(beta, d);
        arb_clear(sumlogv); arb_clear(had); arb_clear(sch); arb_clear(ldall); arb_clear(t);
    }
    tap_ok(f29 == n, "[tan/eq29] Sigma_i = [I 0; rho^T Sigma_{i-1}^-1 1] [Sigma_{i-1} rho; 0 c - rho^T Sigma^-1 rho] "
           "at every i of %ld/%ld random SPD matrices (d 2..7), certified", f29, n);
    tap_ok(f30 == n, "[tan/eq30] det Sigma_i = (c_ii - rho^T Sigma_{i-1}^-1 rho) det Sigma_{i-1}: %ld/%ld", f30, n);
    tap_ok(f31 == n, "[tan/eq31] [tan/eq32] det(Sigma_i + diag beta) = v_i det(Sigma_{i-1} + diag beta_{i-1}), "
           "v_i = c + beta_i - rho^T (Sigma_{i-1} + diag beta)^-1 rho: %ld/%ld", f31, n);
    tap_ok(fle == n, "[tan/B.4/v-le] v_i <= c_ii + beta_i at every i: %ld/%ld", fle, n);
    tap_ok(frw == n, "[tan/B.4/v-rewrite] v_i = c + beta - rho^T S^-1 rho + rho^T S^-1 (S^-1 + diag(beta)^-1)^-1 "
           "S^-1 rho (eq. (26)): %ld/%ld", frw, n);
    tap_ok(fl3 == n, "[tan/B.4/v-lemma3] v_i <= u_i + k_i with k_i = beta_i + w^T diag(beta) w (Lemma 3): %ld/%ld",
           fl3, n);
    tap_ok(find == n, "[tan/B.4/induction] ln det(Sigma + diag beta) = sum_i ln v_i: %ld/%ld", find, n);
    tap_ok(fthm == n, "[tan/thm3] ln det(Sigma + diag beta) <= sum ln(c_ii + beta_i) and <= sum ln(u_i + k_i): "
           "%ld/%ld random SPD matrices at random precision, certified", fthm, n);
}

/* ---- Theorem 2's proof: eq. (24)-(25) on Sigma = Q diag(lambda) Q^T --------- */
static void
test_theorem2_proof(void)
{
    long n = test_iterations(60), okd = 0, okf = 0, okq = 0;
    for (long it = 0; it < n; it++) {
        slong d = 1 + (slong) n_randint(st, 7), prec = 96 + (slong) n_randint(st, 300);
        arb_mat_t K, I, Ip, Im, Q, Qt, L, S, T;
        arb_t det, prod, sig, f, g, twopie, t;
        lp_spectrum sp;
        char txt[32];
        arb_mat_init(K, d, d); arb_mat_init(I, d, d); arb_mat_init(Ip, d, d); arb_mat_init(Im, d, d);
        arb_mat_init(Q, d, d); arb_mat_init(Qt, d, d); arb_mat_init(L, d, d); arb_mat_init(S, d, d);
        arb_mat_init(T, d, d);
        arb_init(det); arb_init(prod); arb_init(sig); arb_init(f); arb_init(g); arb_init(twopie); arb_init(t);
        lp_spectrum_init(&sp, (size_t) d);
        for (slong i = 0; i < d; i++)
            for (slong j = i + 1; j < d; j++) {
                arb_set_si(arb_mat_entry(K, i, j), (slong) n_randint(st, 7) - 3);
                arb_neg(arb_mat_entry(K, j, i), arb_mat_entry(K, i, j));
            }
        arb_mat_one(I);
        arb_mat_add(Ip, I, K, prec);
        arb_mat_sub(Im, I, K, prec);
        arb_mat_inv(Ip, Ip, prec);
        arb_mat_mul(Q, Im, Ip, prec);                     /* Cayley: orthogonal */
        arb_mat_transpose(Qt, Q);
        arb_mat_mul(T, Q, Qt, prec);
        okq += arb_mat_contains(T, I);
        arb_set_ui(sig, 1 + n_randint(st, 100));
        arb_mul_2exp_si(sig, sig, -(slong) n_randint(st, 8));
        arb_one(prod);
        for (slong i = 0; i < d; i++) {
            ulong num = n_randint(st, 4) ? n_randint(st, 1000) : 0;   /* some eigenvalues 0 */
            snprintf(txt, sizeof txt, "%lu", num);
            lp_spectrum_set_text(&sp, (size_t) i, txt, prec);
            arb_set_ui(arb_mat_entry(L, i, i), num);
            arb_add(t, arb_mat_entry(L, i, i), sig, prec);
            arb_mul(prod, prod, t, prec);
        }
        arb_mat_mul(S, Q, L, prec);
        arb_mat_mul(S, S, Qt, prec);
        for (slong i = 0; i < d; i++)
            arb_add(arb_mat_entry(S, i, i), arb_mat_entry(S, i, i), sig, prec);
        arb_mat_det(det, S, prec);
        lp_mut_arb("tan/eq25 tan/B.3/det", prod, prec);
        okd += arb_overlaps(det, prod) && arb_is_finite(det);
        /* eq. (24): h(N(mu, Sigma + sig I)) - h(N(0, sig I)) = f(sig) of eq. (15) */
        arb_const_pi(twopie, prec);
        arb_mul_2exp_si(twopie, twopie, 1);
        arb_const_e(t, prec);
        arb_mul(twopie, twopie, t, prec);
        arb_pow_ui(t, twopie, (ulong) d, prec);
        arb_mul(g, t, det, prec);
        arb_log(g, g, prec);
        arb_pow_ui(f, sig, (ulong) d, prec);
        arb_mul(f, f, t, prec);
        arb_log(f, f, prec);
        arb_sub(g, g, f, prec);
        arb_mul_2exp_si(g, g, -1);
        lp_mut_arb("tan/eq24", g, prec);
        lp_channel_f_arb(f, &sp, sig, prec);
        lp_mut_arb("tan/eq15", f, prec);
        okf += arb_overlaps(f, g) && arb_is_finite(g);
        if (!arb_overlaps(det, prod) || !arb_overlaps(f, g)) {
            printf("# failing input: d=%ld prec=%ld sigma=", (long) d, (long) prec);
            arb_printd(sig, 10);
            printf("\n");
            print_mat("Sigma + sigma I", S);
        }
        lp_spectrum_clear(&sp);
        arb_mat_clear(K); arb_mat_clear(I); arb_mat_clear(Ip); arb_mat_clear(Im); arb_mat_clear(Q);
        arb_mat_clear(Qt); arb_mat_clear(L); arb_mat_clear(S); arb_mat_clear(T);
        arb_clear(det); arb_clear(prod); arb_clear(sig); arb_clear(f); arb_clear(g); arb_clear(twopie); arb_clear(t);
    }
    tap_ok(okq == n && okd == n, "[tan/eq25] [tan/B.3/det] Sigma = Q diag(lambda) Q^T (Cayley Q, Q Q^T = I): "
           "det(Sigma + sigma I) = prod (lambda_i + sigma) for %ld/%ld random spectra with zeros, certified", okd, n);
    tap_ok(okf == n, "[tan/eq24] [tan/eq15] 1/2 ln (2 pi e)^d det(Sigma + sigma I) - 1/2 ln (2 pi e)^d sigma^d = "
           "f(sigma) = 1/2 sum ln((lambda_i + sigma)/sigma): %ld/%ld, certified", okf, n);
}

/* ---- B.5 --------------------------------------------------------------------- */

/* u_sigma(d) = d ln((sigma + S^2/d)/sigma) as a Taylor series in x at d: coefficients c[0..2] */
static void
u_series(arb_ptr c, const arb_t d, const arb_t sigma, const arb_t S2, slong prec)
{
    arb_poly_t p, q, r;
    arb_t k;
    arb_poly_init(p); arb_poly_init(q); arb_poly_init(r);
    arb_init(k);
    arb_poly_set_coeff_arb(p, 0, d);
    arb_poly_set_coeff_si(p, 1, 1);                    /* d + x */
    arb_poly_inv_series(q, p, 3, prec);                 /* 1/(d + x) */
    arb_div(k, S2, sigma, prec);
    arb_poly_scalar_mul(q, q, k, prec);
    arb_poly_add_si(q, q, 1, prec);                     /* 1 + S^2/(sigma (d + x)) */
    arb_poly_log_series(r, q, 3, prec);
    arb_poly_mullow(r, r, p, 3, prec);
    for (int i = 0; i < 3; i++)
        arb_poly_get_coeff_arb(c + i, r, i);
    arb_poly_clear(p); arb_poly_clear(q); arb_poly_clear(r);
    arb_clear(k);
}

/* the analytic Gaussian mechanism's delta at noise std s, sensitivity 1
 * (Balle and Wang 2018, Thm 8), written here from its definition */
static void
gauss_delta(arb_t r, const arb_t s, const arb_t eps, slong prec)
{
    arb_t a, b, x, y, sq2;
    arb_init(a); arb_init(b); arb_init(x); arb_init(y); arb_init(sq2);
    arb_sqrt_ui(sq2, 2, prec);
    arb_inv(a, s, prec);
    arb_mul_2exp_si(a, a, -1);                          /* 1/(2s) */
    arb_mul(b, eps, s, prec);                           /* eps s */
    arb_sub(x, b, a, prec);                             /* Phi(a - b) = erfc((b - a)/sqrt2)/2 */
    arb_div(x, x, sq2, prec);
    arb_hypgeom_erfc(x, x, prec);
    arb_add(y, a, b, prec);                             /* Phi(-a - b) = erfc((a + b)/sqrt2)/2 */
    arb_div(y, y, sq2, prec);
    arb_hypgeom_erfc(y, y, prec);
    arb_exp(a, eps, prec);
    arb_mul(y, y, a, prec);
    arb_sub(r, x, y, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(a); arb_clear(b); arb_clear(x); arb_clear(y); arb_clear(sq2);
}

static void
test_b5(void)
{
    long n = test_iterations(100), e33 = 0, amgm = 0, up = 0, upp = 0, usign = 0, uinc = 0, u34 = 0, lim = 0;
    double worst_ratio = 1, wr_d = 0, wr_s = 0, wr_S = 0;
    for (long it = 0; it < n; it++) {
        slong prec = 96 + (slong) n_randint(st, 300), d = 1 + (slong) n_randint(st, 12), K = 1 + (slong) n_randint(st, 6);
        arb_t S2, sig, t, u, trS, trE, En2, f, fam, fhat, fS, dd;
        arb_mat_t G, mean, E2;
        arb_ptr w = _arb_vec_init(K), c = _arb_vec_init(3);
        int ok;
        arb_init(S2); arb_init(sig); arb_init(t); arb_init(u); arb_init(trS); arb_init(trE); arb_init(En2);
        arb_init(f); arb_init(fam); arb_init(fhat); arb_init(fS); arb_init(dd);
        arb_mat_init(G, K, d); arb_mat_init(mean, d, 1); arb_mat_init(E2, d, d);
        /* eq. (33): K atoms g_k with ||g_k||^2 <= S^2, weights w_k */
        {
            arb_t tot;
            arb_init(tot);
            arb_zero(S2);
            arb_zero(tot);
            for (slong k = 0; k < K; k++) {
                arb_zero(t);
                for (slong j = 0; j < d; j++) {
                    arb_set_si(arb_mat_entry(G, k, j), (slong) n_randint(st, 17) - 8);
                    arb_addmul(t, arb_mat_entry(G, k, j), arb_mat_entry(G, k, j), prec);
                }
                if (arb_gt(t, S2))
                    arb_set(S2, t);
                arb_set_ui(w + k, 1 + n_randint(st, 9));
                arb_add(tot, tot, w + k, prec);
            }
            arb_add_ui(S2, S2, n_randint(st, 3), prec);      /* S^2 >= max ||g||^2 */
            if (arb_is_zero(S2))
                arb_one(S2);
            for (slong k = 0; k < K; k++)
                arb_div(w + k, w + k, tot, prec);
            arb_clear(tot);
        }
        arb_zero(trS); arb_zero(trE); arb_zero(En2);
        for (slong j = 0; j < d; j++) {
            arb_zero(arb_mat_entry(mean, j, 0));
            for (slong k = 0; k < K; k++)
                arb_addmul(arb_mat_entry(mean, j, 0), w + k, arb_mat_entry(G, k, j), prec);
        }
        for (slong j = 0; j < d; j++) {
            arb_t e;
            arb_init(e);
            for (slong k = 0; k < K; k++) {
                arb_sqr(t, arb_mat_entry(G, k, j), prec);
                arb_addmul(e, w + k, t, prec);                 /* E g_j^2 */
            }
            arb_add(trE, trE, e, prec);
            arb_sqr(t, arb_mat_entry(mean, j, 0), prec);
            arb_sub(e, e, t, prec);                             /* Var g_j */
            arb_add(trS, trS, e, prec);
            arb_clear(e);
        }
        for (slong k = 0; k < K; k++) {
            arb_zero(t);
            for (slong j = 0; j < d; j++)
                arb_addmul(t, arb_mat_entry(G, k, j), arb_mat_entry(G, k, j), prec);
            arb_addmul(En2, w + k, t, prec);
        }
        lp_mut_arb("tan/eq33", En2, prec);
        ok = le_or_eq(trS, trE) && arb_overlaps(trE, En2) && le_or_eq(En2, S2);
        e33 += ok;
        if (!ok)
            printf("# failing input (eq33): d=%ld K=%ld prec=%ld\n", (long) d, (long) K, (long) prec);

        /* the AM-GM step on a spectrum of trace <= S^2 (the one above) */
        arb_set_ui(sig, 1 + n_randint(st, 200));
        arb_mul_2exp_si(sig, sig, -(slong) n_randint(st, 6));
        {
            /* eigenvalues of the covariance: take lambda_j = Var g_j on a diagonal
             * covariance, the trace is what matters to the step */
            arb_zero(f);
            for (slong j = 0; j < d; j++) {
                arb_t e;
                arb_init(e);
                for (slong k = 0; k < K; k++) {
                    arb_sqr(t, arb_mat_entry(G, k, j), prec);
                    arb_addmul(e, w + k, t, prec);
                }
                arb_sqr(t, arb_mat_entry(mean, j, 0), prec);
                arb_sub(e, e, t, prec);
                arb_div(e, e, sig, prec);
                arb_log1p(e, e, prec);
                arb_add(f, f, e, prec);
                arb_clear(e);
            }
            arb_mul_2exp_si(f, f, -1);                          /* f = 1/2 sum ln((lambda + sig)/sig) */
            arb_set_si(dd, d);
            arb_div(t, trS, dd, prec);
            arb_div(t, t, sig, prec);
            arb_log1p(t, t, prec);
            arb_mul(fhat, t, dd, prec);                         /* the printed f^ = d ln(...) */
            arb_mul_2exp_si(fam, fhat, -1);                     /* AM-GM: (d/2) ln(...) */
            lp_mut_arb_upper("tan/B.5/amgm", fam, prec);            /* equality at d = 1 */
            arb_div(t, S2, dd, prec);
            arb_div(t, t, sig, prec);
            arb_log1p(t, t, prec);
            arb_mul(fS, t, dd, prec);                           /* d ln((sigma + S^2/d)/sigma) = u(d) */
            ok = le_or_eq(f, fam) && le_or_eq(fam, fhat) && le_or_eq(fhat, fS);
            /* eq. (34): f <= u(d) <= S^2 / sigma */
            arb_div(t, S2, sig, prec);
            lp_mut_arb_upper("tan/eq34", t, prec);
            u34 += ok && le_or_eq(fS, t);
            amgm += ok;
            if (!ok)
                printf("# failing input (amgm): d=%ld K=%ld prec=%ld\n", (long) d, (long) K, (long) prec);
        }

        /* u_sigma's printed derivatives against its certified Taylor coefficients */
        {
            arb_t xd, up_pr, upp_pr, upp_true, a, b;
            arb_init(xd); arb_init(up_pr); arb_init(upp_pr); arb_init(upp_true); arb_init(a); arb_init(b);
            arb_set_ui(xd, 1 + n_randint(st, 1000));
            arb_mul_2exp_si(xd, xd, -(slong) n_randint(st, 4));  /* d > 0, not only integers */
            u_series(c, xd, sig, S2, prec);
            /* printed u' = ln((sigma + S^2/d)/sigma) + sigma/(sigma + S^2/d) - 1 */
            arb_div(a, S2, xd, prec);
            arb_add(a, a, sig, prec);                           /* sigma + S^2/d */
            arb_div(b, a, sig, prec);
            arb_log(up_pr, b, prec);
            arb_div(b, sig, a, prec);
            arb_add(up_pr, up_pr, b, prec);
            arb_sub_ui(up_pr, up_pr, 1, prec);
            lp_mut_arb("tan/B.5/u-prime", up_pr, prec);
            up += arb_overlaps(up_pr, c + 1) && arb_is_finite(up_pr);
            arb_set(b, c + 1);
            lp_mut_arb_sign("tan/B.5/increasing", b, prec);
            uinc += arb_is_positive(b);
            /* printed u'' = -S^2 (2 sigma d + S^2) / (d (sigma d + S^2)^2) */
            arb_mul(a, sig, xd, prec);
            arb_mul_2exp_si(b, a, 1);
            arb_add(b, b, S2, prec);
            arb_mul(upp_pr, S2, b, prec);
            arb_add(a, a, S2, prec);
            arb_sqr(a, a, prec);
            arb_mul(a, a, xd, prec);
            arb_div(upp_pr, upp_pr, a, prec);
            arb_neg(upp_pr, upp_pr);
            lp_mut_arb("tan/B.5/u-second", upp_pr, prec);
            arb_mul_2exp_si(upp_true, c + 2, 1);
            arb_set(b, upp_true);
            lp_mut_arb_sign("tan/B.5/increasing", b, prec);
            usign += arb_is_negative(b);
            if (arb_overlaps(upp_pr, upp_true))
                upp++;
            else if (mid_d(upp_pr) / mid_d(upp_true) > worst_ratio) {
                worst_ratio = mid_d(upp_pr) / mid_d(upp_true);
                wr_d = mid_d(xd);
                wr_s = mid_d(sig);
                wr_S = mid_d(S2);
            }
            /* L'Hospital: u(2^k) -> S^2/sigma from below */
            arb_one(xd);
            arb_mul_2exp_si(xd, xd, 80);
            u_series(c, xd, sig, S2, prec + 100);
            arb_div(a, S2, sig, prec + 100);
            lp_mut_arb("tan/B.5/lhospital", a, prec + 100);
            arb_sub(b, a, c + 0, prec + 100);
            arb_div(b, b, a, prec + 100);
            lim += arb_is_positive(b) && arf_cmpabs_2exp_si(arb_midref(b), -60) < 0 && arb_is_positive(c + 1);
            arb_clear(xd); arb_clear(up_pr); arb_clear(upp_pr); arb_clear(upp_true); arb_clear(a); arb_clear(b);
        }
        arb_clear(S2); arb_clear(sig); arb_clear(t); arb_clear(u); arb_clear(trS); arb_clear(trE); arb_clear(En2);
        arb_clear(f); arb_clear(fam); arb_clear(fhat); arb_clear(fS); arb_clear(dd);
        arb_mat_clear(G); arb_mat_clear(mean); arb_mat_clear(E2);
        _arb_vec_clear(w, K);
        _arb_vec_clear(c, 3);
    }
    tap_ok(e33 == n, "[tan/eq33] tr Sigma <= tr E[g g^T] = E ||g||^2 <= S^2 on %ld/%ld random clipped discrete "
           "gradient laws (d 1..12, 1..6 atoms), certified", e33, n);
    tap_ok(amgm == n, "[tan/B.5/amgm] f <= (d/2) ln(1 + tr/(d sigma)) (AM-GM) <= the printed f^ = d ln(...) <= "
           "d ln((sigma + S^2/d)/sigma): %ld/%ld (the printed step holds, loose by the factor 2 of f's 1/2)", amgm, n);
    tap_ok(u34 == n, "[tan/eq34] C = f <= u_sigma(d) <= S^2/sigma: %ld/%ld random laws and noises", u34, n);
    tap_ok(up == n, "[tan/B.5/u-prime] printed u'(d) = ln((sigma + S^2/d)/sigma) + sigma/(sigma + S^2/d) - 1 equals "
           "the certified Taylor coefficient at %ld/%ld random (d, sigma, S)", up, n);
    tap_ok(usign == n && uinc == n, "[tan/B.5/increasing] u'' < 0 and u' > 0 at %ld/%ld and %ld/%ld random points "
           "(u increases in d towards u'(oo) = 0)", usign, n, uinc, n);
    tap_todo(upp == n, "[tan/B.5/u-second] printed u''(d) = -S^2 (2 sigma d + S^2) / (d (sigma d + S^2)^2) equals "
             "the certified second derivative -S^4 / (d (sigma d + S^2)^2) at %ld/%ld random points; largest "
             "ratio printed/true %.6g at d = %g, sigma = %g, S^2 = %g (the ratio is 1 + 2 sigma d / S^2; the sign, "
             "all the proof uses, is right)", upp, n, worst_ratio, wr_d, wr_s, wr_S);
    tap_ok(lim == n, "[tan/B.5/lhospital] u_sigma(2^80) is below S^2/sigma by a relative 2^-60 or less, and "
           "u' > 0 there: %ld/%ld", lim, n);
}

/* The calibration B.5 invokes (Dwork and Roth, Thm A.1, proved for epsilon < 1):
 * noise variance sigma = S^2 2 ln(1.25/delta) / eps^2.  Is the mechanism
 * (eps, delta)-DP there?  And does bound (2) cover every (eps, delta)-DP
 * Gaussian mechanism?  The least noise is the analytic calibration; at the
 * upper end of its certified enclosure the mechanism is (eps, delta)-DP
 * (checked again here with the delta written out above), and with the trace
 * S^2 spread over d = 2^30 coordinates its capacity is
 * (d/2) ln(1 + S^2/(d sigma_var)), certified. */
static void
test_calibration(void)
{
    static const char *const paper_eps[] = { "1.705", "5.120", "12.026", "331.668" };
    long n = test_iterations(60), below1 = 0, cover = 0, ncover = 0, dp_ok = 0, cover5 = 0;
    double worst5 = 0, w5_eps = 0;
    char fails[512] = "";
    size_t len = 0;
    int npaper_ok = 0;
    double worst = 0, w_eps = 0, w_delta = 0, w_cap = 0, w_b2 = 0;
    arb_t eps, delta, s, dl, t, one, hi, b2, cap, dd;
    arf_t e;
    arb_init(eps); arb_init(delta); arb_init(s); arb_init(dl); arb_init(t); arb_init(one); arb_init(hi);
    arb_init(b2); arb_init(cap); arb_init(dd);
    arf_init(e);
    arb_one(one);
    for (long it = 0; it < n + 13; it++) {
        slong prec = 128 + (slong) n_randint(st, 200);
        int paper = it >= n + 9;
        if (paper) {
            lp_decimal_arb(eps, paper_eps[it - n - 9], prec);
            lp_decimal_arb(delta, "1e-5", prec);
        } else if (it >= n) {                                       /* eps 0.1 .. 0.9 at delta = 1e-5 */
            arb_set_ui(eps, (ulong) (it - n + 1));
            arb_div_ui(eps, eps, 10, prec);
            lp_decimal_arb(delta, "1e-5", prec);
        } else {
            arb_set_ui(eps, 1 + n_randint(st, 999));
            arb_div_ui(eps, eps, 1000, prec);                       /* eps in (0, 1) */
            arb_set_ui(delta, 1);
            arb_mul_2exp_si(delta, delta, -(slong) (7 + n_randint(st, 30)));
        }
        /* classical std S sqrt(2 ln(1.25/delta)) / eps, S = 1 */
        arb_set_d(t, 1.25);
        arb_div(t, t, delta, prec);
        arb_log(t, t, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_sqrt(s, t, prec);
        arb_div(s, s, eps, prec);
        lp_mut_arb_apply(lp_mut_which("tan/B.5/calibration", "rel- half"), s, prec);   /* less noise */
        gauss_delta(dl, s, eps, prec);
        if (paper) {
            if (arb_le(dl, delta))
                npaper_ok++;
            else
                len += (size_t) snprintf(fails + len, sizeof fails - len, " eps = %s: delta = %.3g;",
                                         paper_eps[it - n - 9], mid_d(dl));
        } else if (it < n) {
            if (arb_le(dl, delta))
                below1++;
            else
                printf("# failing input (calibration): eps=%.6g delta=%.6g\n", mid_d(eps), mid_d(delta));
        }
        /* bound (2) against the least-noise (eps, delta)-DP Gaussian mechanism, B = 1 */
        {
            arb_t sa;
            arb_init(sa);
            if (lp_calibrate_analytic(sa, eps, delta, one, 10, prec) == 0) {
                arb_get_ubound_arf(e, sa, prec);
                arb_set_arf(hi, e);
                gauss_delta(dl, hi, eps, prec);
                dp_ok += arb_le(dl, delta);
                arb_one(dd);
                arb_mul_2exp_si(dd, dd, 30);
                arb_sqr(cap, hi, prec);
                arb_mul(cap, cap, dd, prec);
                arb_inv(cap, cap, prec);
                arb_log1p(cap, cap, prec);
                arb_mul(cap, cap, dd, prec);
                arb_mul_2exp_si(cap, cap, -1);
                arb_sqr(b2, eps, prec);
                arb_div(b2, b2, t, prec);                          /* eps^2 / (2 ln(1.25/delta)) */
                lp_mut_arb_upper("tan/thm4/2", b2, prec);
                ncover++;
                if (arb_le(cap, b2)) {
                    cover++;
                    cover5 += it >= n;
                } else if (it >= n && mid_d(cap) / mid_d(b2) > worst5) {
                    worst5 = mid_d(cap) / mid_d(b2);
                    w5_eps = mid_d(eps);
                } else if (mid_d(cap) / mid_d(b2) > worst) {
                    worst = mid_d(cap) / mid_d(b2);
                    w_eps = mid_d(eps);
                    w_delta = mid_d(delta);
                    w_cap = mid_d(cap);
                    w_b2 = mid_d(b2);
                }
            }
            arb_clear(sa);
        }
    }
    tap_ok(below1 == n, "[tan/B.5/calibration] in its proved range eps < 1 the classical noise S sqrt(2 ln(1.25/delta))"
           "/eps gives (eps, delta)-DP: certified Gaussian delta <= delta at %ld/%ld random (eps, delta)", below1, n);
    tap_todo(npaper_ok == 4, "[tan/B.5/calibration] the calibration invoked for Section 6.3's eps (all > 1, outside "
             "its proved range) gives (eps, 1e-5)-DP: %d/4 do;%s", npaper_ok, fails);
    tap_ok(dp_ok == ncover && ncover == n + 13, "[tan/thm4/2] the analytic calibration's noise is (eps, delta)-DP by the "
           "Gaussian delta written out here: %ld/%ld", dp_ok, ncover);
    tap_todo(cover == ncover,
             "[tan/thm4/2] bound (2) eps^2/(2 ln(1.25/delta)) (B = 1) covers the capacity of every (eps, delta)-DP "
             "Gaussian mechanism with ||g|| <= S: %ld/%ld (eps in (0, 1) at random delta, 0.1..0.9 and Section "
             "6.3's four at delta = 1e-5); worst: eps = %.4g, delta = %.3g, capacity %.6g (d = 2^30, analytic "
             "noise) against the bound %.6g (ratio %.4f); at delta = 1e-5 %ld/13 covered, worst ratio %.4f at eps = %.4g",
             cover, ncover, w_eps, w_delta, w_cap, w_b2, worst, cover5, worst5, w5_eps);
    arb_clear(eps); arb_clear(delta); arb_clear(s); arb_clear(dl); arb_clear(t); arb_clear(one); arb_clear(hi);
    arb_clear(b2); arb_clear(cap); arb_clear(dd);
    arf_clear(e);
}

/* ---- Section 5's smaller claims --------------------------------------------- */
static void
cap1(arb_t c, const arb_t lam, const arb_t sig, slong d, slong prec)
{
    arb_div(c, lam, sig, prec);
    arb_log1p(c, c, prec);
    arb_mul_si(c, c, d, prec);
    arb_mul_2exp_si(c, c, -1);
}

static void
test_section5(void)
{
    long n = test_iterations(100), mono = 0, eq = 0, craft = 0, adapt = 0, mb = 0, comp = 0;
    for (long it = 0; it < n; it++) {
        slong prec = 64 + (slong) n_randint(st, 300), d = 1 + (slong) n_randint(st, 50);
        arb_t l1, l2, s1, s2, c1, c2, c3, W, t;
        arb_init(l1); arb_init(l2); arb_init(s1); arb_init(s2); arb_init(c1); arb_init(c2); arb_init(c3);
        arb_init(W); arb_init(t);
        arb_set_ui(l1, 1 + n_randint(st, 1000));
        arb_add_ui(l2, l1, 1 + n_randint(st, 1000), prec);
        arb_set_ui(s1, 1 + n_randint(st, 1000));
        arb_mul_2exp_si(s1, s1, -4);
        arb_add_ui(s2, s1, 1 + n_randint(st, 100), prec);
        /* Fig. 3: C = d/2 ln((lambda + sigma)/sigma) rises with lambda, falls with sigma */
        cap1(c1, l1, s1, d, prec);
        cap1(c2, l2, s1, d, prec);
        cap1(c3, l1, s2, d, prec);
        {   /* the claimed directions: the capacity's sign flipped reverses them */
            arb_t m1, m2, m3;
            arb_init(m1); arb_init(m2); arb_init(m3);
            arb_set(m1, c1); arb_set(m2, c2); arb_set(m3, c3);
            lp_mut_arb_sign("tan/fig3 tan/sec5.1/monotone", m1, prec);
            lp_mut_arb_sign("tan/fig3 tan/sec5.1/monotone", m2, prec);
            lp_mut_arb_sign("tan/fig3 tan/sec5.1/monotone", m3, prec);
            mono += arb_lt(m1, m2) && arb_gt(m1, m3);
            arb_clear(m1); arb_clear(m2); arb_clear(m3);
        }
        /* equal eigenvalues: f of eq. (15) (the library) = d/2 ln((lambda + sigma)/sigma) */
        {
            lp_spectrum sp;
            char txt[24];
            lp_spectrum_init(&sp, (size_t) d);
            snprintf(txt, sizeof txt, "%lu", (ulong) mid_d(l1));
            for (slong i = 0; i < d; i++)
                lp_spectrum_set_text(&sp, (size_t) i, txt, prec);
            lp_channel_f_arb(c2, &sp, s1, prec);
            arb_set(t, c1);
            lp_mut_arb("tan/sec5.1/equal-eigs", t, prec);     /* the printed (d/2) ln(...) */
            eq += arb_overlaps(t, c2);
            lp_spectrum_clear(&sp);
        }
        /* toy loss F = W^2 D: gradient 2 W D, variance 4 W^2 Var D; the server's
         * larger |W| widens the channel (Section 5.1), data noise keeps it fixed */
        arb_set_si(W, (slong) n_randint(st, 100) - 50);
        if (arb_is_zero(W))
            arb_one(W);
        arb_sqr(t, W, prec);
        arb_mul_2exp_si(t, t, 2);
        arb_mul(c1, t, l1, prec);                             /* signal 4 W^2 lambda */
        cap1(c2, c1, s1, 1, prec);
        /* the server sends W' = W + 1 or W - 1, whichever is farther from 0: (W')^2 > W^2 */
        arb_set_si(c3, (slong) mid_d(W) + (mid_d(W) > 0 ? 1 : -1));
        arb_sqr(c3, c3, prec);
        arb_mul_2exp_si(c3, c3, 2);
        arb_mul(c3, c3, l1, prec);
        cap1(c3, c3, s1, 1, prec);
        lp_mut_arb_sign("tan/sec5.1/crafting", c3, prec);
        lp_mut_arb_sign("tan/sec5.1/crafting", c2, prec);
        craft += arb_gt(c3, c2);
        arb_mul(c3, t, s1, prec);                             /* adaptive noise 4 W^2 sigma (eq. (17)) */
        lp_mut_arb("tan/eq17 tan/sec5.2/adaptive", c3, prec);
        cap1(c3, c1, c3, 1, prec);
        cap1(c2, l1, s1, 1, prec);
        adapt += arb_overlaps(c3, c2);
        /* the mean of B iid draws of a discrete law has covariance Sigma / B (B.5, eq. (22)) */
        {
            slong K = 2 + (slong) n_randint(st, 4);
            arb_ptr x = _arb_vec_init(K), p = _arb_vec_init(K);
            arb_t m1, v1, m2, v2, tot;
            arb_init(m1); arb_init(v1); arb_init(m2); arb_init(v2); arb_init(tot);
            for (slong k = 0; k < K; k++) {
                arb_set_si(x + k, (slong) n_randint(st, 41) - 20);
                arb_set_ui(p + k, 1 + n_randint(st, 9));
                arb_add(tot, tot, p + k, prec);
            }
            for (slong k = 0; k < K; k++)
                arb_div(p + k, p + k, tot, prec);
            for (slong k = 0; k < K; k++) {
                arb_addmul(m1, p + k, x + k, prec);
                arb_sqr(t, x + k, prec);
                arb_addmul(v1, p + k, t, prec);
            }
            arb_submul(v1, m1, m1, prec);
            {
                /* every B-tuple of atoms (B = 2..4): the law of the batch mean, exactly */
                ulong B = 2 + n_randint(st, 3), idx[4] = { 0, 0, 0, 0 }, total = 1;
                for (ulong j = 0; j < B; j++)
                    total *= (ulong) K;
                for (ulong c = 0; c < total; c++) {
                    ulong r = c;
                    arb_one(c1);
                    arb_zero(t);
                    for (ulong j = 0; j < B; j++) {
                        idx[j] = r % (ulong) K;
                        r /= (ulong) K;
                        arb_mul(c1, c1, p + idx[j], prec);
                        arb_add(t, t, x + idx[j], prec);
                    }
                    arb_div_ui(t, t, B, prec);
                    arb_addmul(m2, c1, t, prec);
                    arb_sqr(t, t, prec);
                    arb_addmul(v2, c1, t, prec);
                }
                arb_submul(v2, m2, m2, prec);
                arb_mul_ui(t, v2, B, prec);
            }
            lp_mut_arb("tan/B.5/minibatch", v1, prec);          /* Sigma_g, which B Sigma_gtilde equals */
            mb += arb_overlaps(t, v1) && arb_overlaps(m1, m2);
            _arb_vec_clear(x, K);
            _arb_vec_clear(p, K);
            arb_clear(m1); arb_clear(v1); arb_clear(m2); arb_clear(v2); arb_clear(tot);
        }
        /* compression: zeroing lambda_i lowers f by 1/2 ln(1 + lambda_i / sigma),
         * more for a larger lambda_i; lambda_i = 0 is noise sigma_i -> oo there */
        {
            arb_t big;
            arb_init(big);
            cap1(c1, l1, s1, 1, prec);
            cap1(c2, l2, s1, 1, prec);
            arb_one(big);
            arb_mul_2exp_si(big, big, 200);
            cap1(c3, l2, big, 1, prec + 200);
            lp_mut_arb_sign("tan/sec5.3/compression tan/fig7", c1, prec);      /* the term removed */
            lp_mut_arb_sign("tan/sec5.3/compression tan/fig7", c2, prec);
            comp += arb_lt(c1, c2) && arb_is_positive(c1) && arf_cmpabs_2exp_si(arb_midref(c3), -150) < 0;
            arb_clear(big);
        }
        if (!(arb_lt(c1, c2)))
            printf("# failing input (section 5): lambda %g %g sigma %g %g d=%ld\n", mid_d(l1), mid_d(l2),
                   mid_d(s1), mid_d(s2), (long) d);
        arb_clear(l1); arb_clear(l2); arb_clear(s1); arb_clear(s2); arb_clear(c1); arb_clear(c2); arb_clear(c3);
        arb_clear(W); arb_clear(t);
    }
    tap_ok(mono == n, "[tan/fig3] [tan/sec5.1/monotone] C = (d/2) ln((lambda + sigma)/sigma) rises with lambda and "
           "falls with sigma at %ld/%ld random points, certified", mono, n);
    tap_ok(eq == n, "[tan/sec5.1/equal-eigs] f(sigma) with d equal eigenvalues = (d/2) ln((lambda + sigma)/sigma): "
           "%ld/%ld", eq, n);
    tap_ok(craft == n, "[tan/sec5.1/crafting] on the toy loss F = W^2 D the server widens the channel by sending a "
           "larger |W| (gradient variance 4 W^2 Var D) at fixed noise: %ld/%ld", craft, n);
    tap_ok(adapt == n, "[tan/eq17] [tan/sec5.2/adaptive] F = W^2 D: grad F(W; D + xi) = 2 W D + 2 W xi exactly (no "
           "remainder), an adaptive noise of variance 4 W^2 sigma whose capacity 1/2 ln(1 + Var D / sigma) does not "
           "depend on W: %ld/%ld random W", adapt, n);
    tap_ok(mb == n, "[tan/B.5/minibatch] the mean of B iid draws has covariance Sigma/B (exact enumeration of "
           "random discrete laws, B = 2..4): %ld/%ld", mb, n);
    tap_ok(comp == n, "[tan/sec5.3/compression] [tan/fig7] zeroing eigenvalue lambda_i lowers the capacity by "
           "1/2 ln(1 + lambda_i/sigma), more for the larger eigenvalue, and equals noise sigma_i -> oo there: %ld/%ld",
           comp, n);
}

/* Theorem 4's batch claim through the mechanism itself, not its formula: B.5's g = (sum_{i<=B} g_i
 * + xi)/B with g_i iid of a random discrete law (variance lambda) and xi ~ N(0, sigma); the signal
 * part of Var g is the batch mean's variance, by exact enumeration of the B-tuples, the noise's
 * sigma/B^2.  The capacity of that Gaussian channel, 1/2 ln(1 + Var(mean) B^2/sigma), against the
 * paper's 1/2 ln(1 + B lambda/sigma), and its rise over B = 1..4 at fixed noise. */
static void
test_thm4_batch(void)
{
    long n = test_iterations(60), same = 0, rise = 0;
    for (long it = 0; it < n; it++) {
        slong K = 2 + (slong) n_randint(st, 4), prec = 96 + (slong) n_randint(st, 200);
        arb_ptr x = _arb_vec_init(K), p = _arb_vec_init(K);
        arb_t lam, sig, tot, m, v, t, w, cap, paper, prev;
        int ok_same = 1, ok_rise = 1;
        arb_init(lam); arb_init(sig); arb_init(tot); arb_init(m); arb_init(v); arb_init(t); arb_init(w);
        arb_init(cap); arb_init(paper); arb_init(prev);
        for (slong k = 0; k < K; k++) {
            arb_set_si(x + k, (slong) n_randint(st, 41) - 20);
            arb_set_ui(p + k, 1 + n_randint(st, 9));
            arb_add(tot, tot, p + k, prec);
        }
        arb_add_ui(x + 1, x + 0, 1 + n_randint(st, 9), prec);         /* not a point mass */
        for (slong k = 0; k < K; k++)
            arb_div(p + k, p + k, tot, prec);
        for (slong k = 0; k < K; k++) {
            arb_addmul(m, p + k, x + k, prec);
            arb_sqr(t, x + k, prec);
            arb_addmul(lam, p + k, t, prec);
        }
        arb_submul(lam, m, m, prec);
        arb_set_ui(sig, 1 + n_randint(st, 1000));
        arb_mul_2exp_si(sig, sig, -4);
        for (ulong B = 1; B <= 4; B++) {
            ulong total = 1;
            for (ulong j = 0; j < B; j++)
                total *= (ulong) K;
            arb_zero(m);
            arb_zero(v);
            for (ulong c = 0; c < total; c++) {               /* the batch mean's law, exactly */
                ulong r = c;
                arb_one(w);
                arb_zero(t);
                for (ulong j = 0; j < B; j++) {
                    arb_mul(w, w, p + r % (ulong) K, prec);
                    arb_add(t, t, x + r % (ulong) K, prec);
                    r /= (ulong) K;
                }
                arb_div_ui(t, t, B, prec);
                arb_addmul(m, w, t, prec);
                arb_sqr(t, t, prec);
                arb_addmul(v, w, t, prec);
            }
            arb_submul(v, m, m, prec);
            arb_mul_ui(cap, v, B * B, prec);
            arb_div(cap, cap, sig, prec);
            arb_log1p(cap, cap, prec);
            arb_mul_2exp_si(cap, cap, -1);                   /* the mechanism's capacity */
            arb_mul_ui(paper, lam, B, prec);
            arb_div(paper, paper, sig, prec);
            arb_log1p(paper, paper, prec);
            arb_mul_2exp_si(paper, paper, -1);               /* Theorem 4's 1/2 ln(1 + B lambda/sigma) */
            lp_mut_arb("tan/thm4/batch", paper, prec);
            ok_same &= arb_overlaps(cap, paper) && arb_is_finite(cap);
            lp_mut_arb_sign("tan/thm4/batch tan/sec5.3/guidelines tan/appD/dp-batch", cap, prec);
            ok_rise &= B == 1 || arb_gt(cap, prev);
            arb_set(prev, cap);
        }
        same += ok_same;
        rise += ok_rise;
        if (!(ok_same && ok_rise))
            printf("# failing input (thm4/batch): K=%ld lambda=%g sigma=%g (%d %d)\n", (long) K, mid_d(lam),
                   mid_d(sig), ok_same, ok_rise);
        _arb_vec_clear(x, K);
        _arb_vec_clear(p, K);
        arb_clear(lam); arb_clear(sig); arb_clear(tot); arb_clear(m); arb_clear(v); arb_clear(t); arb_clear(w);
        arb_clear(cap); arb_clear(paper); arb_clear(prev);
    }
    tap_ok(same == n, "[tan/thm4/batch] B.5's mechanism g = (sum g_i + xi)/B at fixed noise sigma: its capacity from "
           "the exact moments of the batch mean, 1/2 ln(1 + Var(mean) B^2/sigma), is 1/2 ln(1 + B lambda/sigma) at "
           "B = 1..4: %ld/%ld random discrete gradient laws, certified", same, n);
    tap_ok(rise == n, "[tan/thm4/batch] [tan/sec5.3/guidelines] [tan/appD/dp-batch] and it rises strictly with B (DP defends worse with a "
           "larger batch): %ld/%ld", rise, n);
}

/* Appendix D: "due to the convexity of MSE", E||Dhat - D||^2 >= ||E Dhat - E D||^2, on random
 * discrete joint laws of (D, Dhat) whose means differ (a biased estimator); every fourth law is a
 * shifted copy, Dhat = D + c, where the two sides are equal. */
static void
test_convexity(void)
{
    long n = test_iterations(100), ok = 0, strict = 0, equal = 0;
    for (long it = 0; it < n; it++) {
        slong K = 2 + (slong) n_randint(st, 4), prec = 128;
        int shift = it % 4 == 0;
        arb_ptr x = _arb_vec_init(K), y = _arb_vec_init(K), p = _arb_vec_init(K * K);
        arb_t tot, lhs, mean, t, rhs;
        arb_init(tot); arb_init(lhs); arb_init(mean); arb_init(t); arb_init(rhs);
        for (slong a = 0; a < K; a++) {
            arb_set_si(x + a, (slong) n_randint(st, 41) - 20);
            arb_set_si(y + a, (slong) n_randint(st, 41) - 20 + (shift ? 0 : (slong) n_randint(st, 7)));
        }
        for (slong a = 0; a < K; a++)
            for (slong b = 0; b < K; b++) {               /* shift: Dhat = D + c on the diagonal */
                arb_set_ui(p + a * K + b, shift ? (a == b) * (1 + n_randint(st, 9)) : n_randint(st, 10));
                arb_add(tot, tot, p + a * K + b, prec);
            }
        if (shift) {
            slong c = (slong) n_randint(st, 11) - 5;
            for (slong a = 0; a < K; a++)
                arb_add_si(y + a, x + a, c, prec);
        }
        if (arb_is_zero(tot)) {
            arb_one(p);
            arb_one(tot);
        }
        for (slong a = 0; a < K; a++)
            for (slong b = 0; b < K; b++) {
                arb_div(t, p + a * K + b, tot, prec);
                arb_sub(rhs, y + b, x + a, prec);
                arb_addmul(mean, t, rhs, prec);            /* E Dhat - E D */
                arb_sqr(rhs, rhs, prec);
                arb_addmul(lhs, t, rhs, prec);             /* E (Dhat - D)^2 */
            }
        arb_sqr(rhs, mean, prec);
        lp_mut_arb_apply(lp_mut_which("tan/appD/convexity", "rel+ x2"), rhs, prec);
        if (le_or_eq(rhs, lhs)) {
            ok++;
            strict += arb_lt(rhs, lhs);
            equal += shift && arb_overlaps(rhs, lhs);
        } else
            printf("# failing input (appD/convexity): K=%ld shift=%d\n", (long) K, shift);
        _arb_vec_clear(x, K);
        _arb_vec_clear(y, K);
        _arb_vec_clear(p, K * K);
        arb_clear(tot); arb_clear(lhs); arb_clear(mean); arb_clear(t); arb_clear(rhs);
    }
    tap_ok(ok == n && strict > 0 && equal > 0, "[tan/appD/convexity] E (Dhat - D)^2 >= (E Dhat - E D)^2 on %ld/%ld "
           "random discrete joint laws with biased Dhat (%ld strict, %ld equal: the shifted copies Dhat = D + c), "
           "exact", ok, n, strict, equal);
}

/* Section 6.1: "MSE 0 between two random variables means identical distributions": on random
 * discrete joint laws of (X, Y), E (X - Y)^2 = 0 exactly when all the mass is on X = Y, and then
 * the two marginals are the same law; mass off the diagonal gives a positive MSE (exact). */
static void
test_mse_zero(void)
{
    long n = test_iterations(100), ok = 0;
    for (long it = 0; it < n; it++) {
        slong K = 2 + (slong) n_randint(st, 4);
        int diagonal = it % 2 == 0, same = 1;
        fmpq_t mse, t, d, mx, my;
        slong v[6], w[36] = { 0 };
        fmpz_t tot;
        fmpq_init(mse); fmpq_init(t); fmpq_init(d); fmpq_init(mx); fmpq_init(my);
        fmpz_init(tot);
        for (slong a = 0; a < K; a++)
            v[a] = (slong) n_randint(st, 41) - 20 + 100 * a;            /* distinct values */
        for (slong a = 0; a < K * K; a++) {
            w[a] = diagonal && a / K != a % K ? 0 : (slong) n_randint(st, 9) + (a / K == a % K);
            fmpz_add_si(tot, tot, w[a]);
        }
        if (!diagonal)
            w[1] += 1, fmpz_add_ui(tot, tot, 1);                        /* some mass off the diagonal */
        for (slong a = 0; a < K * K; a++) {
            fmpq_set_si(d, v[a / K] - v[a % K], 1);
            fmpq_mul(d, d, d);
            fmpq_set_si(t, w[a], 1);
            fmpq_div_fmpz(t, t, tot);
            fmpq_addmul(mse, t, d);
        }
        lp_mut_fmpq("tan/sec6.1/mse-zero", mse);
        for (slong a = 0; a < K; a++) {                                 /* the marginals P(X = v_a), P(Y = v_a) */
            fmpq_zero(mx);
            fmpq_zero(my);
            for (slong b = 0; b < K; b++) {
                fmpq_set_si(t, w[a * K + b], 1);
                fmpq_div_fmpz(t, t, tot);
                fmpq_add(mx, mx, t);
                fmpq_set_si(t, w[b * K + a], 1);
                fmpq_div_fmpz(t, t, tot);
                fmpq_add(my, my, t);
            }
            same &= fmpq_equal(mx, my);
        }
        ok += diagonal ? fmpq_is_zero(mse) && same : fmpq_sgn(mse) > 0;
        fmpq_clear(mse); fmpq_clear(t); fmpq_clear(d); fmpq_clear(mx); fmpq_clear(my);
        fmpz_clear(tot);
    }
    tap_ok(ok == n, "[tan/sec6.1/mse-zero] E (X - Y)^2 = 0 exactly for the joint laws with all their mass on X = Y, "
           "whose marginals are then the same law, and > 0 with any mass off it: %ld/%ld random discrete joint "
           "laws, exact", ok, n);
}

/* Appendix D's eigenvalues: compressing lambda_max removes the most capacity */
static void
test_appendix_d(void)
{
    static const char *const ev[4][3] = { { "222.21", "85.08", "9.91" }, { "346.21", "71.01", "12.82" },
                                          { "313.0", "28.04", "4.67" }, { "101.88", "61.80", "3.21" } };
    int ok = 1;
    arb_t l, s, c[3];
    arb_init(l); arb_init(s);
    for (int j = 0; j < 3; j++)
        arb_init(c[j]);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            arb_set_ui(s, 1);
            arb_mul_2exp_si(s, s, 4 * k - 4);                       /* sigma 1/16, 1, 16 */
            for (int j = 0; j < 3; j++) {
                lp_decimal_arb(l, ev[i][j], 128);
                cap1(c[j], l, s, 1, 128);
                lp_mut_arb_sign("tan/appD/eigen-compression", c[j], 128);
            }
            ok &= arb_gt(c[0], c[1]) && arb_gt(c[1], c[2]);
        }
    tap_ok(ok, "[tan/appD/eigen-compression] with Appendix D's {lambda_max, lambda_1, lambda_10} of the four datasets, "
           "compressing the larger eigenvalue removes more capacity at noise 1/16, 1, 16 (certified)");
    arb_clear(l); arb_clear(s);
    for (int j = 0; j < 3; j++)
        arb_clear(c[j]);
}

/* Theorem 3's U(sigma) as printed (a ratio, like eq. (20)) against its proof's
 * difference, on a random SPD matrix: at the sigma where the proof's form is kappa */
static void
u_forms(arb_t proof, arb_t printed, const arb_mat_t S, const arb_t *beta, slong d, const arb_t sigma, slong prec)
{
    arb_mat_t P, Pi, w, rho;
    arb_t had, sch, t, q, uk, den;
    arb_init(had); arb_init(sch); arb_init(t); arb_init(q); arb_init(uk); arb_init(den);
    arb_zero(had); arb_zero(sch); arb_zero(den);
    for (slong i = 0; i < d; i++) {
        arb_mul(t, beta[i], sigma, prec);
        arb_log(q, t, prec);
        arb_add(den, den, q, prec);
        arb_add(t, t, arb_mat_entry(S, i, i), prec);
        arb_log(t, t, prec);
        arb_add(had, had, t, prec);
        arb_set(uk, arb_mat_entry(S, i, i));
        arb_mul(t, beta[i], sigma, prec);
        arb_add(uk, uk, t, prec);
        if (i > 0) {
            arb_mat_init(P, i, i); arb_mat_init(Pi, i, i); arb_mat_init(w, i, 1); arb_mat_init(rho, i, 1);
            window(P, S, i);
            for (slong r = 0; r < i; r++)
                arb_set(arb_mat_entry(rho, r, 0), arb_mat_entry(S, r, i));
            arb_mat_spd_inv(Pi, P, prec);
            arb_mat_mul(w, Pi, rho, prec);
            arb_dot(q, NULL, 0, rho->entries, 1, w->entries, 1, i, prec);
            arb_sub(uk, uk, q, prec);
            for (slong r = 0; r < i; r++) {
                arb_sqr(t, arb_mat_entry(w, r, 0), prec);
                arb_mul(t, t, beta[r], prec);
                arb_addmul(uk, t, sigma, prec);
            }
            arb_mat_clear(P); arb_mat_clear(Pi); arb_mat_clear(w); arb_mat_clear(rho);
        }
        arb_log(t, uk, prec);
        arb_add(sch, sch, t, prec);
    }
    arb_min(t, had, sch, prec);
    arb_sub(proof, t, den, prec);
    arb_mul_2exp_si(proof, proof, -1);
    arb_mul_2exp_si(den, den, 1);
    arb_div(printed, t, den, prec);
    arb_clear(had); arb_clear(sch); arb_clear(t); arb_clear(q); arb_clear(uk); arb_clear(den);
}

static void
test_u_printed(void)
{
    slong d = 4, prec = 256;
    arb_mat_t S;
    arb_t beta[4], lo, hi, mid, p, pr, kappa;
    arb_mat_init(S, d, d);
    for (int i = 0; i < 4; i++) {
        arb_init(beta[i]);
        arb_set_ui(beta[i], i == 1 ? 50 : 1);
    }
    arb_init(lo); arb_init(hi); arb_init(mid); arb_init(p); arb_init(pr); arb_init(kappa);
    random_spd(S, d, 1);
    arb_one(kappa);
    /* the proof's U falls in sigma: bisect on a log scale for U = kappa */
    arb_set_d(lo, 1e-6);
    arb_set_d(hi, 1e6);
    for (int k = 0; k < 200; k++) {
        arb_mul(mid, lo, hi, prec);
        arb_sqrt(mid, mid, prec);
        arf_set(arb_midref(mid), arb_midref(mid));
        mag_zero(arb_radref(mid));
        u_forms(p, pr, S, beta, d, mid, prec);
        if (arb_gt(p, kappa))
            arb_set(lo, mid);
        else
            arb_set(hi, mid);
    }
    u_forms(p, pr, S, beta, d, hi, prec);
    lp_mut_arb("tan/thm3/U", pr, prec);
    tap_ok(arb_contains(kappa, kappa) && fabs(mid_d(p) - 1) < 1e-12,
           "[tan/thm3/U] Theorem 3's U in its proof's form 1/2[min(...) - sum ln(sigma beta_i)] = kappa = 1 at "
           "sigma = %.10g (a random 4x4 SPD matrix, beta = 1:50:1:1)", mid_d(hi));
    tap_todo(fabs(mid_d(pr) - 1) < 1e-6,
             "[tan/thm3/U] U(sigma) as printed, min(...)/(2 sum ln(sigma beta_i)), is the same capacity: at the "
             "proof's sigma = %.10g it evaluates to %.6g, not kappa = 1", mid_d(hi), mid_d(pr));
    arb_mat_clear(S);
    for (int i = 0; i < 4; i++)
        arb_clear(beta[i]);
    arb_clear(lo); arb_clear(hi); arb_clear(mid); arb_clear(p); arb_clear(pr); arb_clear(kappa);
}

/* f(sigma) = kappa is a polynomial equation of order d: prod(lambda_i + sigma) - e^{2 kappa} sigma^d */
static void
test_natural_polynomial(void)
{
    long n = test_iterations(20), ok = 0;
    for (long it = 0; it < n; it++) {
        slong d = 1 + (slong) n_randint(st, 10), prec = 128 + (slong) n_randint(st, 200);
        lp_spectrum sp;
        arb_t kappa, sigma, P, t, e2k;
        char txt[24];
        lp_spectrum_init(&sp, (size_t) d);
        arb_init(kappa); arb_init(sigma); arb_init(P); arb_init(t); arb_init(e2k);
        for (slong i = 0; i < d; i++) {
            snprintf(txt, sizeof txt, "%lu", 1 + n_randint(st, 500));
            lp_spectrum_set_text(&sp, (size_t) i, txt, prec);
        }
        arb_set_ui(kappa, 1 + n_randint(st, 20));
        if (lp_channel_natural(sigma, &sp, kappa, 30, prec) == 0) {
            arb_one(P);
            for (slong i = 0; i < d; i++) {
                arb_add(t, sp.lambda + i, sigma, prec);
                arb_mul(P, P, t, prec);
            }
            arb_mul_2exp_si(e2k, kappa, 1);
            arb_exp(e2k, e2k, prec);
            lp_mut_arb("tan/sec5.2/natural-poly tan/eq18", e2k, prec);
            arb_set_si(t, d);
            lp_mut_arb_pow("tan/sec5.2/natural-poly", t, sigma, t, prec);   /* sigma^d, the order d */
            arb_mul(t, t, e2k, prec);
            arb_sub(P, P, t, prec);
            arb_div(P, P, t, prec);                                 /* relative residual */
            arb_sub_ui(e2k, e2k, 1, prec);                          /* leading coefficient 1 - e^{2 kappa} != 0 */
            ok += arb_contains_zero(P) && arf_cmpabs_2exp_si(arb_midref(P), -80) < 0 && arb_is_positive(e2k);
        }
        lp_spectrum_clear(&sp);
        arb_clear(kappa); arb_clear(sigma); arb_clear(P); arb_clear(t); arb_clear(e2k);
    }
    tap_ok(ok == n, "[tan/sec5.2/natural-poly] [tan/eq18] the natural channel's certified sigma is a root of "
           "prod(lambda_i + sigma) - e^{2 kappa} sigma^d, a polynomial of order d (leading coefficient "
           "1 - e^{2 kappa} != 0): %ld/%ld random spectra", ok, n);
}

/* Table 2: the percentages in brackets, exactly */
static void
test_table2(void)
{
    static const struct { const char *sgd, *dp, *ours, *pdp, *pours; } row[] = {
        { "283.43", "445.45", "312.99", "57.16", "10.43" },
        { "624.23", "1397.34", "651.29", "123.85", "4.33" },
        { "374.13", "1023.83", "406.02", "173.66", "8.52" },
        { "581.69", "3402.91", "612.99", "485.00", "5.38" },
    };
    int ok = 1, trend = 1;
    double prev = 0, got[8];
    fmpq_t a, b, r, p, half;
    fmpq_init(a); fmpq_init(b); fmpq_init(r); fmpq_init(p); fmpq_init(half);
    fmpq_set_si(half, 1, 200);                                     /* half a unit of 0.01 % */
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 2; k++) {
            char buf[64];
            fmpz_t num;
            fmpz_init(num);
            /* exact decimals as fractions over 100 */
            snprintf(buf, sizeof buf, "%.0f", strtod(row[i].sgd, NULL) * 100);
            fmpz_set_str(num, buf, 10);
            fmpq_set_fmpz_frac(a, num, (fmpz_t) { 100 });
            snprintf(buf, sizeof buf, "%.0f", strtod(k ? row[i].ours : row[i].dp, NULL) * 100);
            fmpz_set_str(num, buf, 10);
            fmpq_set_fmpz_frac(b, num, (fmpz_t) { 100 });
            fmpq_div(r, b, a);
            fmpq_sub_si(r, r, 1);
            fmpq_mul_si(r, r, 100);                                /* the overhead in % */
            snprintf(buf, sizeof buf, "%.0f", strtod(k ? row[i].pours : row[i].pdp, NULL) * 100);
            fmpz_set_str(num, buf, 10);
            fmpq_set_fmpz_frac(p, num, (fmpz_t) { 100 });
            {   /* the printed percentage, mutated */
                long mn, md;
                lp_mut_ratio("tan/table2/overhead", LP_MUT_VALUE, &mn, &md);
                fmpq_mul_si(p, p, mn);
                fmpq_div_fmpz(p, p, (fmpz_t) { md });
            }
            fmpq_sub(p, r, p);
            fmpq_abs(p, p);
            ok &= fmpq_cmp(p, half) <= 0;
            got[2 * i + k] = k ? fmpq_get_d(r) : lp_mut_sign("tan/table2/trend", fmpq_get_d(r));
            fmpz_clear(num);
        }
    for (int i = 0; i < 4; i++) {
        trend &= got[2 * i] > prev;
        prev = got[2 * i];
    }
    trend &= !(got[1] < got[3] && got[3] < got[5] && got[5] < got[7]);      /* ours: no such growth */
    tap_ok(ok, "[tan/table2/overhead] Table 2's bracketed overheads are (DP-SGD or ours)/SGD - 1 rounded to 0.01 %%, "
           "exactly: DP-SGD %.4f, %.4f, %.4f, %.4f %%; ours %.4f, %.4f, %.4f, %.4f %%", got[0], got[2], got[4], got[6],
           got[1], got[3], got[5], got[7]);
    tap_ok(trend, "[tan/table2/trend] DP-SGD's overhead grows with the parameter count (6.2e4 < 4.9e6 < 3.59e7 < "
           "1.34e8): %.2f < %.2f < %.2f < %.2f %%; ours does not (%.2f, %.2f, %.2f, %.2f %%)", got[0], got[2], got[4],
           got[6], got[1], got[3], got[5], got[7]);
    fmpq_clear(a); fmpq_clear(b); fmpq_clear(r); fmpq_clear(p); fmpq_clear(half);
}

/* Fig. 14's heatmap as printed (MSE of gradient inversion on CIFAR-10, in units of 1e-5): rows
 * natural, white, personalized; columns kappa = 50, 100, 200, 300; LeNet, AlexNet, VGG16, ResNet10.
 * The text reads it as: "the MSE of data reconstruction consistently increases as we decrease the
 * threshold kappa" and "the MSE of the White Channel and the Personalized Channel are larger than
 * the Natural Channel". */
static void
test_fig14_printed(void)
{
    static const char *const model[] = { "LeNet", "AlexNet", "VGG16", "ResNet10" };
    static const char *const chan[] = { "natural", "white", "personalized" };
    static const int kap[] = { 50, 100, 200, 300 };
    static const long mse[4][3][4] = {
        { { 71660, 54070, 40060, 33370 }, { 74960, 70830, 52760, 47040 }, { 71340, 71720, 68600, 65440 } },
        { { 83040, 72920, 57900, 46880 }, { 103000, 94470, 88390, 75100 }, { 80620, 79230, 75810, 74440 } },
        { { 50910, 41280, 29680, 26230 }, { 48770, 45530, 39020, 37720 }, { 44290, 45300, 44240, 42410 } },
        { { 23100, 22720, 21850, 20610 }, { 24380, 22160, 20270, 18860 }, { 23380, 23380, 23290, 23200 } } };
    int above[3] = { 0, 0, 0 }, steps = 0, rising = 0;
    char why[600] = "", whyk[600] = "";
    size_t len = 0, lenk = 0;
    for (int m = 0; m < 4; m++)
        for (int k = 0; k < 4; k++)
            for (int c = 1; c < 3; c++) {
                long gap = (long) lp_mut_sign("tan/fig14", (double) (mse[m][c][k] - mse[m][0][k]));
                if (gap > 0)
                    above[c]++;
                else
                    len += (size_t) snprintf(why + len, sizeof why - len, "%s %s %s kappa %d: %.4f against %.4f",
                                             len ? ";" : "", model[m], chan[c], kap[k], mse[m][c][k] / 1e5,
                                             mse[m][0][k] / 1e5);
            }
    for (int m = 0; m < 4; m++)
        for (int c = 0; c < 3; c++)
            for (int k = 1; k < 4; k++) {
                long step = (long) lp_mut_sign("tan/fig14/kappa", (double) (mse[m][c][k - 1] - mse[m][c][k]));
                steps++;
                if (step > 0)
                    rising++;
                else
                    lenk += (size_t) snprintf(whyk + lenk, sizeof whyk - lenk, "%s %s %s %.4f at kappa %d, %.4f at "
                                              "%d", lenk ? ";" : "", model[m], chan[c], mse[m][c][k - 1] / 1e5,
                                              kap[k - 1], mse[m][c][k] / 1e5, kap[k]);
            }
    tap_todo(above[1] == 16 && above[2] == 16,
             "[tan/fig14] Fig. 14's printed MSEs: the white channel's above the natural one's in %d of 16 (model, "
             "kappa) cells, the personalized channel's in %d of 16; not in:%s", above[1], above[2], why);
    tap_todo(rising == steps,
             "[tan/fig14/kappa] Fig. 14's printed MSEs rise as kappa falls in %d of %d steps (4 models x 3 channels "
             "x 3 steps); not in:%s", rising, steps, whyk);
}

/* Section 6.3: "these sigma result in channel capacities in {100, 200, 300, 1500} ..., which are
 * identical to the channel capacities of our methods" ({50, 100, 200, 300} for the Natural
 * Channel, {500, 800, 1000, 1500} for the White and Personalized Channels) */
static void
test_identical_capacities(void)
{
    static const int dp[4] = { 100, 200, 300, 1500 }, natural[4] = { 50, 100, 200, 300 },
                     white[4] = { 500, 800, 1000, 1500 };
    int same_n = 1, same_w = 1, common_n = 0, common_w = 0;
    for (int i = 0; i < 4; i++) {
        long v = lp_mut_long("tan/sec6.3/identical-capacities", dp[i]);
        same_n &= v == natural[i];
        same_w &= v == white[i];
        for (int j = 0; j < 4; j++) {
            common_n += v == natural[j];
            common_w += v == white[j];
        }
    }
    tap_todo(same_n || same_w,
             "[tan/sec6.3/identical-capacities] the DP runs' capacities {100, 200, 300, 1500} are identical to the "
             "channels' {50, 100, 200, 300} (Natural) or {500, 800, 1000, 1500} (White, Personalized): %d of 4 in "
             "common with the Natural Channel's, %d of 4 with the others'", common_n, common_w);
}

int
main(void)
{
    test_rand_init(st);
    test_lemma2();
    test_lemma3();
    test_theorem3_proof();
    test_theorem2_proof();
    test_b5();
    test_calibration();
    test_section5();
    test_thm4_batch();
    test_convexity();
    test_mse_zero();
    test_appendix_d();
    test_u_printed();
    test_natural_polynomial();
    test_table2();
    test_identical_capacities();
    test_fig14_printed();
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
