/* registry.c -- the one table of mechanisms and their closed forms.  The CLI,
 * the case reader, the tests and the benchmarks enumerate it; adding a
 * mechanism is adding its rows here and its own files. */
#include <string.h>
#include "forms/forms.h"
#include "mc/mc.h"

#define METHODS(name) { lp_##name##_arb, lp_##name##_mpfr, lp_##name##_double, \
                        lp_##name##_logdouble, lp_##name##_gsl }

/* The Monte Carlo arbiter's mechanisms, from the registry's parameters. */
static int
mc_gauss(lp_mechanism *m, const lp_params *par)
{
    return par->p > LP_MC_P_MAX ? -1 : lp_mechanism_gauss(m, (int) par->p, par->sigma_d, par->radius_d);
}

static int
mc_vmf(lp_mechanism *m, const lp_params *par)
{
    return par->p > LP_MC_P_MAX ? -1 : lp_mechanism_vmf(m, (int) par->p, par->kappa_d);
}

static int
mc_laplace_l1(lp_mechanism *m, const lp_params *par)
{
    return par->p > LP_MC_P_MAX ? -1 : lp_mechanism_laplace(m, (int) par->p, par->b_d, par->radius_d, 0);
}

static int
mc_gauss_layers(lp_mechanism *m, const lp_params *par)
{
    int sizes[LP_MC_P_MAX];
    if (par->p > LP_MC_P_MAX || par->nlayers > LP_MC_P_MAX)
        return -1;
    for (size_t l = 0; l < par->nlayers; l++)
        sizes[l] = (int) par->layers[l];
    return lp_mechanism_gauss_layers(m, sizes, (int) par->nlayers, par->sigma_d, par->clip_d);
}

const lp_mechanism_spec lp_mechanisms[] = {
    { "gauss", "Gaussian noise N(x, sigma^2 I_p), inputs in the l2 ball of radius R (Biswas et al.)",
      LP_PARAM_P | LP_PARAM_SIGMA | LP_PARAM_RADIUS, "proof", mc_gauss,
      { [LP_PARAM_ID_P] = "13700", [LP_PARAM_ID_SIGMA] = "1", [LP_PARAM_ID_RADIUS] = "1" } },
    { "vmf", "von Mises-Fisher noise of concentration kappa on the sphere S^(p-1) (Biswas et al.)",
      LP_PARAM_P | LP_PARAM_KAPPA, "proof", mc_vmf,
      { [LP_PARAM_ID_P] = "13700", [LP_PARAM_ID_KAPPA] = "173" } },
    { "laplace-l1", "Laplace noise of scale b per coordinate, inputs in the l1 ball of radius R "
      "(Balunovic et al.'s defense; our derivation)",
      LP_PARAM_P | LP_PARAM_B | LP_PARAM_RADIUS, "derived", mc_laplace_l1,
      { [LP_PARAM_ID_P] = "3479427", [LP_PARAM_ID_B] = "0.1", [LP_PARAM_ID_RADIUS] = "1" } },
    { "gauss-layers", "Gaussian noise N(x, sigma^2 I), each layer clipped to its own l2 ball of radius "
      "clip (a product of gauss mechanisms)",
      LP_PARAM_SIGMA | LP_PARAM_CLIP | LP_PARAM_LAYERS, "product", mc_gauss_layers,
      /* ConvBig (Balunovic et al. Table 3; cases/networks/convbig.layers) */
      { [LP_PARAM_ID_LAYERS] = "896,2112,10370000,2001000,10010", [LP_PARAM_ID_SIGMA] = "1",
        [LP_PARAM_ID_CLIP] = "1" } },
};

const size_t lp_nmechanisms = sizeof lp_mechanisms / sizeof lp_mechanisms[0];

static int
mc_laplace_l2(lp_mechanism *m, const lp_params *par)
{
    return par->p > LP_MC_P_MAX ? -1 : lp_mechanism_laplace(m, (int) par->p, par->b_d, par->radius_d, 1);
}

/* Not a row of lp_mechanisms: it has no closed form to evaluate. */
const lp_mechanism_spec lp_laplace_l2_spec = {
    "laplace-l2", "Laplace noise of scale b per coordinate, inputs in the l2 ball of radius R "
    "(Balunovic et al.'s defense with l2 clipping; no closed form, Monte Carlo only)",
    LP_PARAM_P | LP_PARAM_B | LP_PARAM_RADIUS, NULL, mc_laplace_l2,
    { [LP_PARAM_ID_P] = "3479427", [LP_PARAM_ID_B] = "0.1", [LP_PARAM_ID_RADIUS] = "1" } };

const lp_form lp_forms[] = {
    { "gauss", "printed",
      "Biswas et al., Theorem III.1 (= B.2), the statement as printed",
      "2/(G(p/2) 2^(p/2) s^p) Z + R^p/(G(p/2+1) 2^(p/2) s^p), "
      "Z = sum_{i=0}^{p-1} G((p-i)/2) (sqrt2 s)^(p-i) C(p-1,i) R^i",
      LP_PARAM_P | LP_PARAM_SIGMA | LP_PARAM_RADIUS, METHODS(gauss_printed) },
    { "gauss", "proof",
      "Biswas et al., proof of Theorem B.2 (Appendix B)",
      "[V(B_R^p) + A(S^(p-1)) int_0^oo (u+R)^(p-1) exp(-u^2/(2 s^2)) du] / (2 pi s^2)^(p/2)",
      LP_PARAM_P | LP_PARAM_SIGMA | LP_PARAM_RADIUS, METHODS(gauss_proof) },
    { "gauss", "steiner",
      "leakproof's derivation (Steiner's formula for the parallel volume), not in the papers",
      "sum_{k=0}^{p} V_k(B_R^p) / (sqrt(2 pi) s)^k,  V_k = C(p,k) (w_p / w_{p-k}) R^k,  w_n = pi^(n/2)/G(n/2+1)",
      LP_PARAM_P | LP_PARAM_SIGMA | LP_PARAM_RADIUS, { lp_gauss_steiner_arb, NULL, NULL, NULL, NULL } },
    { "vmf", "printed",
      "Biswas et al., Theorem IV.1 (= B.3), the statement as printed",
      "2 G(p/2)^-1 k^(p/2-1) / (2^(p/2) I_(p/2-1)(k)) e^k",
      LP_PARAM_P | LP_PARAM_KAPPA, METHODS(vmf_printed) },
    { "vmf", "proof",
      "Biswas et al., proof of Theorem B.3 with C_{p,k} of Definition A.1",
      "A(S^(p-1)) e^k / C_{p,k},  C_{p,k} = (2 pi)^(nu+1) I_nu(k) / k^nu,  nu = p/2-1",
      LP_PARAM_P | LP_PARAM_KAPPA, METHODS(vmf_proof) },
    { "laplace-l1", "derived",
      "leakproof's derivation for Laplace noise with l1 clipping (Balunovic et al.'s Laplace defense)",
      "sum_{j=0}^{p} (R/b)^j / j!",
      LP_PARAM_P | LP_PARAM_B | LP_PARAM_RADIUS,
      { lp_laplace_l1_arb, NULL, lp_laplace_l1_double, lp_laplace_l1_logdouble, NULL } },
    { "gauss-layers", "product",
      "leakproof's derivation: per-layer clipping makes the inputs a product of balls, and the "
      "capacity the product of the layers' (each by Steiner's formula)",
      "prod_l C_gauss(p_l, sigma, clip)",
      LP_PARAM_SIGMA | LP_PARAM_CLIP | LP_PARAM_LAYERS, { lp_gauss_layers_arb, NULL, NULL, NULL, NULL } },
};

const size_t lp_nforms = sizeof lp_forms / sizeof lp_forms[0];

const lp_mechanism_spec *
lp_mechanism_find(const char *name)
{
    for (size_t i = 0; i < lp_nmechanisms; i++)
        if (strcmp(lp_mechanisms[i].name, name) == 0)
            return &lp_mechanisms[i];
    return NULL;
}

const lp_form *
lp_form_find(const char *formula, const char *form)
{
    for (size_t i = 0; i < lp_nforms; i++)
        if (strcmp(lp_forms[i].formula, formula) == 0 && strcmp(lp_forms[i].form, form) == 0)
            return &lp_forms[i];
    return NULL;
}

int
lp_params_typical(lp_params *par, const lp_mechanism_spec *m, char *err, size_t errlen)
{
    for (int id = 0; id < LP_NPARAMS; id++)
        if (m->typical[id] != NULL && lp_params_set(par, (lp_param_id) id, m->typical[id], err, errlen) != 0)
            return -1;
    return 0;
}

int
lp_formula_exists(const char *formula)
{
    return lp_mechanism_find(formula) != NULL;
}
