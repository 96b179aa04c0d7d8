/* rf_mat.h -- small matrices (at most 3 x 3) of rational functions (rf.h), for the statements
 * whose sides are matrix expressions (stmt_matrix.c).  Every output may alias an input. */
#ifndef LP_PROVE_RF_MAT_H
#define LP_PROVE_RF_MAT_H

#include "prove/rf.h"

#define LP_MAT_MAX 3
typedef lp_rf_struct lp_mat[LP_MAT_MAX][LP_MAT_MAX];

void lp_mat_init(lp_mat A, int n, const lp_rf_vars V);
void lp_mat_clear(lp_mat A, int n, const lp_rf_vars V);
/* the symmetric matrix of the variables first, first + 1, ... (the upper triangle by rows) */
void lp_mat_sym(lp_mat A, int n, int first, const lp_rf_vars V);
void lp_mat_identity(lp_mat A, int n, const lp_rf_vars V);
void lp_mat_mul(lp_mat C, lp_mat A, lp_mat B, int n, const lp_rf_vars V);
/* C = A + B (sign > 0) or A - B */
void lp_mat_add(lp_mat C, lp_mat A, lp_mat B, int n, int sign, const lp_rf_vars V);
void lp_mat_transpose(lp_mat B, lp_mat A, int n, const lp_rf_vars V);
/* by the first row's cofactors */
void lp_mat_det(lp_rf d, lp_mat A, int n, const lp_rf_vars V);
/* adj(A)/det(A) */
void lp_mat_inv(lp_mat B, lp_mat A, int n, const lp_rf_vars V);
/* sum_ij w_ij A_ij, the weights w_ij the variables first, first + 1, ... by rows */
void lp_mat_weigh(lp_rf out, lp_mat A, int n, int first, const lp_rf_vars V);
/* r^T A r for the variables r[0..n) */
void lp_mat_quad(lp_rf out, lp_mat A, const int *r, int n, const lp_rf_vars V);
/* y = A x and x^T A x for a vector x of rational functions (y may alias x) */
void lp_mat_apply(lp_rf_struct *y, lp_mat A, const lp_rf_struct *x, int n, const lp_rf_vars V);
void lp_mat_form(lp_rf out, lp_mat A, const lp_rf_struct *x, int n, const lp_rf_vars V);

#endif
