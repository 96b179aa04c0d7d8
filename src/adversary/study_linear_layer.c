/* `adversary linear-layer`: Section 5's reconstruction of a linear layer's
 * input from one row's gradients, in ball arithmetic.  Contract in adversary.h. */
#include "adversary/adversary.h"
#include "core/host.h"

/* the gradients as balls: exact decimals, widened by a relative uncertainty */
static void
read_gradients(arb_t gb, arb_ptr ga, const char *grad_bias, const char *const *grad_weight, slong n,
               const char *rel_error, slong prec)
{
    lp_decimal_arb(gb, grad_bias, prec);
    for (slong j = 0; j < n; j++)
        lp_decimal_arb(ga + j, grad_weight[j], prec);
    if (rel_error) {
        arb_t e;
        mag_t m, me;
        arb_init(e); mag_init(m); mag_init(me);
        lp_decimal_arb(e, rel_error, prec);
        arb_get_mag(me, e);
        for (slong j = 0; j <= n; j++) {
            arb_ptr t = j < n ? ga + j : gb;
            arb_get_mag(m, t);
            mag_mul(m, m, me);
            arb_add_error_mag(t, m);
        }
        arb_clear(e); mag_clear(m); mag_clear(me);
    }
}

lp_adversary_outcome
lp_adversary_linear_layer_study(lp_record *rec, const char *grad_bias, const char *const *grad_weight, slong n,
                                const char *rel_error, slong digits)
{
    lp_ziv z;
    arb_t gb;
    arb_ptr ga = _arb_vec_init(n), x = _arb_vec_init(n);
    slong got = digits;
    int st;
    lp_adversary_outcome outcome = LP_ADVERSARY_OK;
    arb_init(gb);
    /* with --rel-error the inputs' own uncertainty caps the digits: more
       precision stops helping once the radius no longer shrinks */
    for (lp_ziv_init(&z, digits, &lp_adversary_ziv);;) {
        read_gradients(gb, ga, grad_bias, grad_weight, n, rel_error, z.prec);
        st = lp_adversary_linear_layer(x, gb, ga, n, z.prec);
        if (st != 0)
            break;
        got = digits;
        for (slong j = 0; j < n; j++)
            got = FLINT_MIN(got, lp_adversary_certified_digits(x + j, digits));
        if (got >= digits || rel_error || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_record_text(rec, "command", "adversary linear-layer");
    lp_record_text(rec, "grad_bias", grad_bias);
    lp_record_int(rec, "n", n);
    lp_record_text(rec, "rel_error", rel_error);
    if (st != 0) {
        lp_record_text(rec, "status", "declined");
        lp_record_null(rec, "digits");
        lp_record_int(rec, "prec_bits", z.prec);
        lp_record_bool(rec, "certified", 0);
        lp_record_text(rec, "note", "dl/db_i is zero or not certainly nonzero within its uncertainty: the row says "
                       "nothing certain about x, and leakproof does not divide by it");
        lp_record_null(rec, "x");
    } else {
        outcome = lp_adversary_precision_fields(rec, got, digits, z.prec);
        for (slong j = 0; j < n; j++) {
            lp_record *row = lp_record_append(rec, "x");
            lp_record_int(row, "index", j + 1);
            lp_record_ball(row, "value", x + j, got);
        }
    }
    arb_clear(gb);
    _arb_vec_clear(ga, n);
    _arb_vec_clear(x, n);
    return outcome;
}
