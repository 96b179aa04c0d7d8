/* study.c -- the exact attacker's keys in a record (contract in
 * runattack.h): reconstruct's own keys where they mean the same. */
#include <math.h>
#include "runattack/runattack.h"

int
lp_runattack_record(lp_record *rec, const lp_runattack_setup *s, double peak)
{
    lp_runattack_result r;
    if (lp_runattack_estimate(&r, s) != 0)
        return -1;
    lp_record_int(rec, "threads", r.threads);
    lp_record_int(rec, "ranks", r.ranks);
    lp_record_double(rec, "success", r.success);
    lp_record_double(rec, "success_std_error", r.success_se);
    lp_record_textf(rec, "baseline", "1/%d", s->n);
    lp_record_double(rec, "mse", r.mse);
    lp_record_double(rec, "mse_std_error", r.mse_se);
    lp_record_double(rec, "mse_per_coordinate", r.mse / (double) s->d);
    lp_record_double(rec, "prior_mse", r.prior_mse);
    if (isfinite(peak)) {
        double se, psnr = lp_recon_psnr(&se, r.mse, r.mse_se, (int) s->d, peak);
        lp_record_double(rec, "psnr", psnr);
        lp_record_double(rec, "psnr_std_error", se);
    }
    lp_record_double(rec, "mutual_information", r.information);
    lp_record_double(rec, "mutual_information_std_error", r.information_se);
    lp_record_int(rec, "span", r.rank);
    return 0;
}
