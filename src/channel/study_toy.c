/* `channel toy`: Section 5.2 / Fig. 4 of Tan et al.: D ~ N(-1, 1),
 * F(W; D) = W^2 D, gradient 2 W D; capacity 1 at W = 2 by noise on the
 * gradient (Var 16) and by noise on the data (Var 1); at the next step W = 6
 * the gradient's noise no longer holds the capacity at 1.  Contract in
 * channel.h. */
#include "channel/channel.h"
#include "core/attacker.h"
#include "core/study.h"
#include "core/precision_loop.h"
#include "core/host.h"

lp_study_status
lp_study_channel_toy(lp_record *rec, slong digits)
{
    lp_ziv z;
    lp_spectrum grad, data, next;
    arb_t kappa, s_grad, s_data, e2, text_grad, text_data, f, one;
    slong least = digits;
    int st = 0;
    lp_spectrum_init(&grad, 1);
    lp_spectrum_init(&data, 1);
    lp_spectrum_init(&next, 1);
    lp_spectrum_set_d(&grad, 0, 16);     /* Var(2 W D) at W = 2 */
    lp_spectrum_set_d(&data, 0, 1);      /* Var(D) */
    lp_spectrum_set_d(&next, 0, 144);    /* Var(2 W D) at W = 6 */
    arb_init(kappa); arb_init(s_grad); arb_init(s_data); arb_init(e2);
    arb_init(text_grad); arb_init(text_data); arb_init(f); arb_init(one);
    arb_one(kappa);
    arb_one(one);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        st = lp_channel_natural(s_grad, &grad, kappa, digits, z.prec)
             | lp_channel_natural(s_data, &data, kappa, digits, z.prec);
        arb_set_ui(e2, 2);
        arb_expm1(e2, e2, z.prec);                    /* the text's closed forms: 16/(e^2-1), 1/(e^2-1) */
        arb_inv(text_data, e2, z.prec);
        arb_mul_ui(text_grad, text_data, 16, z.prec);
        lp_channel_f_arb(f, &next, s_grad, z.prec);   /* capacity at the next step */
        if ((st == 0 && lp_study_accurate(s_grad, digits) && lp_study_accurate(s_data, digits)
             && lp_study_accurate(f, digits) && lp_study_accurate(text_grad, digits))
            || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_record_text(rec, "command", "channel toy");
    lp_study_record_ball(rec, "noise_variance_gradient", s_grad, digits, &least);
    lp_study_record_ball(rec, "noise_variance_gradient_text", text_grad, digits, &least);
    lp_study_record_ball(rec, "noise_variance_data", s_data, digits, &least);
    lp_study_record_ball(rec, "noise_variance_data_text", text_data, digits, &least);
    lp_study_record_ball(rec, "capacity_next_step_gradient_noise", f, digits, &least);
    lp_study_record_ball(rec, "capacity_next_step_data_noise", one, digits, &least);
    lp_record_text(rec, "unit", "nats");
    lp_attacker_shannon(rec, f);        /* the larger of the two capacities, for an attacker */
    lp_ziv_record(rec, st == 0 ? least : 0, z.prec);
    lp_record_text(rec, "note", "D ~ N(-1, 1), F(W; D) = W^2 D, target capacity 1 at W = 2; the next step "
                   "W = 2 - 2 W E[D] = 6: noise on the gradient (Var 144 there) lets more through, noise on "
                   "the data gives 1/2 ln(1 + 4 W^2 / (4 W^2 sigma)) = 1 at every W");
    arb_clear(kappa); arb_clear(s_grad); arb_clear(s_data); arb_clear(e2);
    arb_clear(text_grad); arb_clear(text_data); arb_clear(f); arb_clear(one);
    lp_spectrum_clear(&grad);
    lp_spectrum_clear(&data);
    lp_spectrum_clear(&next);
    return st == 0 && least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
