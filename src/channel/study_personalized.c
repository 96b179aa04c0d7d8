/* `channel personalized`: eq. (20) as printed, the proof's form (eq. (23)-(24))
 * and Theorem 3's U, each solved for the noise level sigma in doubles (GSL's
 * linear algebra): measured, not certified.  Contract in channel.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "channel/channel.h"
#include "core/study.h"

/* the scan's range of sigma: the printed ratios have poles, so every root in
 * it is listed */
#define SCAN_LO 1e-30
#define SCAN_HI 1e30
#define SCAN_POINTS 1200

lp_study_status
lp_study_channel_personalized(lp_record *rec, size_t d, const double *cov, const double *beta,
                              const char *target_capacity, char *err, size_t errlen)
{
    double kappa, proof[4], printed[8], u_proof[4], u_printed[8];
    int np, npr, nu, nupr;
    lp_personal p;
    if (lp_study_check_positive("target_capacity", target_capacity, LP_CAPACITY_MAX, err, errlen))
        return LP_STUDY_BAD_INPUT;
    for (size_t i = 0; i < d; i++)
        if (!(beta[i] > 0)) {
            snprintf(err, errlen, "beta_%zu must be > 0 (got %.17g)", i + 1, beta[i]);
            return LP_STUDY_BAD_INPUT;
        }
    if (lp_personal_init(&p, d, cov, beta, err, errlen) != 0)
        return LP_STUDY_BAD_INPUT;
    if (lp_study_doubles(&kappa, (char *const[]) { (char *) target_capacity }, 1, err, errlen) != 0
        || !isnormal(kappa)) {
        snprintf(err, errlen, "target_capacity %s is beyond the range of doubles, in which the personalized "
                 "channel is solved", target_capacity);
        lp_personal_clear(&p);
        return LP_STUDY_BAD_INPUT;
    }
    np = lp_solve_scan(proof, 4, lp_personal_proof, &p, kappa, SCAN_LO, SCAN_HI, SCAN_POINTS);
    npr = lp_solve_scan(printed, 8, lp_personal_printed, &p, kappa, SCAN_LO, SCAN_HI, SCAN_POINTS);
    nu = lp_solve_scan(u_proof, 4, lp_personal_u_proof, &p, kappa, SCAN_LO, SCAN_HI, SCAN_POINTS);
    nupr = lp_solve_scan(u_printed, 8, lp_personal_u_printed, &p, kappa, SCAN_LO, SCAN_HI, SCAN_POINTS);
    lp_record_text(rec, "command", "channel personalized");
    lp_record_int(rec, "d", (int64_t) d);
    lp_record_text(rec, "target_capacity", target_capacity);
    if (np == 1)
        lp_record_double(rec, "noise_variance", proof[0]);
    else
        lp_record_null(rec, "noise_variance");
    lp_record_doubles(rec, "noise_variance_eq20_printed", printed, (size_t) npr);
    lp_record_doubles(rec, "noise_variance_u_proof", u_proof, (size_t) nu);
    lp_record_doubles(rec, "noise_variance_u_printed", u_printed, (size_t) nupr);
    lp_record_text(rec, "status", np == 1 ? "ok" : "failed");
    lp_record_bool(rec, "certified", 0);
    lp_record_text(rec, "note", np == 1
                   ? "noise_variance solves the proof's 1/2[ln det(Sigma + sigma diag(beta)) - sum ln(sigma "
                     "beta_i)] = kappa (unique: it decreases); the printed eq. (20) and U are ratios, all "
                     "their roots in [1e-30, 1e30] are listed; doubles (GSL), not certified"
                   : "the proof's equation has no root in [1e-30, 1e30]; doubles (GSL), not certified");
    lp_personal_clear(&p);
    return np == 1 ? LP_STUDY_OK : LP_STUDY_FAILED;
}
