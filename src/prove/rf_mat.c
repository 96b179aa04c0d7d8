/* rf_mat.c -- small matrices of rational functions.  Contracts in rf_mat.h. */
#include "prove/rf_mat.h"


void
lp_mat_init(lp_mat A, int n, const lp_rf_vars V)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_init(&A[i][j], V);
}

void
lp_mat_clear(lp_mat A, int n, const lp_rf_vars V)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_clear(&A[i][j], V);
}

/* the symmetric matrix of variables first, first + 1, ... (upper triangle by rows) */
void
lp_mat_sym(lp_mat A, int n, int first, const lp_rf_vars V)
{
    for (int i = 0, v = first; i < n; i++)
        for (int j = i; j < n; j++, v++) {
            lp_rf_var(&A[i][j], v, V);
            lp_rf_set(&A[j][i], &A[i][j], V);
        }
}

void
lp_mat_mul(lp_mat C, lp_mat A, lp_mat B, int n, const lp_rf_vars V)
{
    lp_mat T;
    lp_rf t;
    lp_mat_init(T, n, V);
    lp_rf_init(t, V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                lp_rf_mul(t, &A[i][k], &B[k][j], V);
                lp_rf_add(&T[i][j], &T[i][j], t, V);
            }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_set(&C[i][j], &T[i][j], V);
    lp_rf_clear(t, V);
    lp_mat_clear(T, n, V);
}

void
lp_mat_add(lp_mat C, lp_mat A, lp_mat B, int n, int sign, const lp_rf_vars V)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            (sign > 0 ? lp_rf_add : lp_rf_sub)(&C[i][j], &A[i][j], &B[i][j], V);
}

/* the determinant of the rows and columns r[0..n) of A, by the first row's cofactors */
static void
minor_det(lp_rf d, lp_mat A, const int *rows, const int *cols, int n, const lp_rf_vars V)
{
    lp_rf t;
    int sub[LP_MAT_MAX];
    if (n == 1) {
        lp_rf_set(d, &A[rows[0]][cols[0]], V);
        return;
    }
    lp_rf_init(t, V);
    lp_rf_si(d, 0, V);
    for (int c = 0; c < n; c++) {
        for (int k = 0, m = 0; k < n; k++)
            if (k != c)
                sub[m++] = cols[k];
        minor_det(t, A, rows + 1, sub, n - 1, V);
        lp_rf_mul(t, t, &A[rows[0]][cols[c]], V);
        (c % 2 ? lp_rf_sub : lp_rf_add)(d, d, t, V);
    }
    lp_rf_clear(t, V);
}

void
lp_mat_det(lp_rf d, lp_mat A, int n, const lp_rf_vars V)
{
    static const int all[LP_MAT_MAX] = { 0, 1, 2 };
    minor_det(d, A, all, all, n, V);
}

/* A^-1 = adj(A)/det(A) */
void
lp_mat_inv(lp_mat B, lp_mat A, int n, const lp_rf_vars V)
{
    lp_rf d, c;
    lp_mat T;
    lp_rf_init(d, V);
    lp_rf_init(c, V);
    lp_mat_init(T, n, V);
    lp_mat_det(d, A, n, V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int rows[LP_MAT_MAX], cols[LP_MAT_MAX];
            for (int k = 0, m = 0; k < n; k++)
                if (k != j)
                    rows[m++] = k;
            for (int k = 0, m = 0; k < n; k++)
                if (k != i)
                    cols[m++] = k;
            if (n == 1)
                lp_rf_si(c, 1, V);
            else
                minor_det(c, A, rows, cols, n - 1, V);
            if ((i + j) % 2)
                lp_rf_neg(c, c, V);
            lp_rf_div(&T[i][j], c, d, V);
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_set(&B[i][j], &T[i][j], V);
    lp_mat_clear(T, n, V);
    lp_rf_clear(c, V);
    lp_rf_clear(d, V);
}

/* out = sum_ij w_ij A_ij, the weights variables first, first + 1, ... */
void
lp_mat_weigh(lp_rf out, lp_mat A, int n, int first, const lp_rf_vars V)
{
    lp_rf w;
    lp_rf_init(w, V);
    lp_rf_si(out, 0, V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            lp_rf_var(w, first + n * i + j, V);
            lp_rf_mul(w, w, &A[i][j], V);
            lp_rf_add(out, out, w, V);
        }
    lp_rf_clear(w, V);
}

void
lp_mat_transpose(lp_mat B, lp_mat A, int n, const lp_rf_vars V)
{
    lp_mat T;
    lp_mat_init(T, n, V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_set(&T[j][i], &A[i][j], V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_set(&B[i][j], &T[i][j], V);
    lp_mat_clear(T, n, V);
}

void
lp_mat_identity(lp_mat A, int n, const lp_rf_vars V)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            lp_rf_si(&A[i][j], i == j, V);
}

/* out = r^T A r, r the variables r[0..n) */
void
lp_mat_quad(lp_rf out, lp_mat A, const int *r, int n, const lp_rf_vars V)
{
    lp_rf t, u;
    lp_rf_init(t, V);
    lp_rf_init(u, V);
    lp_rf_si(out, 0, V);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            lp_rf_var(t, r[i], V);
            lp_rf_var(u, r[j], V);
            lp_rf_mul(t, t, u, V);
            lp_rf_mul(t, t, &A[i][j], V);
            lp_rf_add(out, out, t, V);
        }
    lp_rf_clear(u, V);
    lp_rf_clear(t, V);
}

void
lp_mat_apply(lp_rf_struct *y, lp_mat A, const lp_rf_struct *x, int n, const lp_rf_vars V)
{
    lp_rf_struct t[LP_MAT_MAX];
    lp_rf u;
    lp_rf_init(u, V);
    for (int i = 0; i < n; i++) {
        lp_rf_init(&t[i], V);
        for (int j = 0; j < n; j++) {
            lp_rf_mul(u, &A[i][j], &x[j], V);
            lp_rf_add(&t[i], &t[i], u, V);
        }
    }
    for (int i = 0; i < n; i++) {
        lp_rf_set(&y[i], &t[i], V);
        lp_rf_clear(&t[i], V);
    }
    lp_rf_clear(u, V);
}

void
lp_mat_form(lp_rf out, lp_mat A, const lp_rf_struct *x, int n, const lp_rf_vars V)
{
    lp_rf_struct y[LP_MAT_MAX];
    lp_rf u;
    lp_rf_init(u, V);
    for (int i = 0; i < n; i++)
        lp_rf_init(&y[i], V);
    lp_mat_apply(y, A, x, n, V);
    lp_rf_si(out, 0, V);
    for (int i = 0; i < n; i++) {
        lp_rf_mul(u, &x[i], &y[i], V);
        lp_rf_add(out, out, u, V);
        lp_rf_clear(&y[i], V);
    }
    lp_rf_clear(u, V);
}
