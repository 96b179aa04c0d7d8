/* registry.c -- the one table of closed forms.  The CLI, the tests and the
 * benchmarks enumerate it; adding a form is adding a row and its files. */
#include <string.h>
#include "forms/forms.h"

#define METHODS(name) { lp_##name##_arb, lp_##name##_mpfr, lp_##name##_double, \
                        lp_##name##_logdouble, lp_##name##_gsl }

const lp_form lp_forms[] = {
    { "gauss", "printed",
      "Biswas et al., Theorem III.1 (= B.2), the statement as printed",
      "2/(G(p/2) 2^(p/2) s^p) Z + R^p/(G(p/2+1) 2^(p/2) s^p), "
      "Z = sum_{i=0}^{p-1} G((p-i)/2) (sqrt2 s)^(p-i) C(p-1,i) R^i",
      LP_PARAM_SIGMA | LP_PARAM_RADIUS, METHODS(gauss_printed) },
    { "gauss", "proof",
      "Biswas et al., proof of Theorem B.2 (Appendix B)",
      "[V(B_R^p) + A(S^(p-1)) int_0^oo (u+R)^(p-1) exp(-u^2/(2 s^2)) du] / (2 pi s^2)^(p/2)",
      LP_PARAM_SIGMA | LP_PARAM_RADIUS, METHODS(gauss_proof) },
    { "gauss", "steiner",
      "leakproof's derivation (Steiner's formula for the parallel volume), not in the papers",
      "sum_{k=0}^{p} V_k(B_R^p) / (sqrt(2 pi) s)^k,  V_k = C(p,k) (w_p / w_{p-k}) R^k,  w_n = pi^(n/2)/G(n/2+1)",
      LP_PARAM_SIGMA | LP_PARAM_RADIUS, { lp_gauss_steiner_arb, NULL, NULL, NULL, NULL } },
    { "vmf", "printed",
      "Biswas et al., Theorem IV.1 (= B.3), the statement as printed",
      "2 G(p/2)^-1 k^(p/2-1) / (2^(p/2) I_(p/2-1)(k)) e^k",
      LP_PARAM_KAPPA, METHODS(vmf_printed) },
    { "vmf", "proof",
      "Biswas et al., proof of Theorem B.3 with C_{p,k} of Definition A.1",
      "A(S^(p-1)) e^k / C_{p,k},  C_{p,k} = (2 pi)^(nu+1) I_nu(k) / k^nu,  nu = p/2-1",
      LP_PARAM_KAPPA, METHODS(vmf_proof) },
    { "laplace-l1", "derived",
      "leakproof's derivation for Laplace noise with l1 clipping (Balunovic et al.'s Laplace defense)",
      "sum_{j=0}^{p} (R/b)^j / j!",
      LP_PARAM_B | LP_PARAM_RADIUS,
      { lp_laplace_l1_arb, NULL, lp_laplace_l1_double, lp_laplace_l1_logdouble, NULL } },
};

const size_t lp_nforms = sizeof lp_forms / sizeof lp_forms[0];

const lp_form *
lp_form_find(const char *formula, const char *form)
{
    for (size_t i = 0; i < lp_nforms; i++)
        if (strcmp(lp_forms[i].formula, formula) == 0 && strcmp(lp_forms[i].form, form) == 0)
            return &lp_forms[i];
    return NULL;
}

int
lp_formula_exists(const char *formula)
{
    for (size_t i = 0; i < lp_nforms; i++)
        if (strcmp(lp_forms[i].formula, formula) == 0)
            return 1;
    return 0;
}
