/* fit_study.c -- the record of `leakproof account --stated-epsilon`: which
 * dataset sizes make the certified accountant reproduce a stated epsilon
 * (Tan et al.'s Section 6.3 leaves the size unstated).  Contract in
 * tan63.h. */
#include <string.h>
#include "account/rdp/tan63.h"
#include "account/study.h"

int
lp_account_stated_valid(const char *stated)
{
    size_t integer_digits = strspn(stated, "0123456789");
    const char *rest = stated + integer_digits;
    if (*rest == '.')
        rest += 1 + strspn(rest + 1, "0123456789");
    return integer_digits > 0 && *rest == '\0' && lp_decimal_valid(stated)
           && lp_decimal_sign(stated) > 0;
}

static void
record_batches(lp_record *rec, const char *key, uint64_t batches, int present)
{
    if (present)
        lp_record_int(rec, key, (int64_t) batches);
    else
        lp_record_null(rec, key);
}

void
lp_account_fit_study(lp_record *rec, const lp_account_fit_request *req)
{
    lp_tan63_row row;
    lp_dpsgd run;
    lp_account acc;
    int fits;
    uint64_t B = req->batch;

    row.M = req->M;
    row.stated = req->stated;
    lp_tan63_fit(&row, req->epochs, req->delta, req->orders->order, req->orders->n);
    fits = row.K_lo <= row.K_hi;

    lp_record_text(rec, "command", "account fit");
    lp_record_text(rec, "noise_multiplier", req->M);
    lp_record_text(rec, "stated_epsilon", req->stated);
    lp_record_int(rec, "batch", (int64_t) B);
    lp_record_int(rec, "epochs", (int64_t) req->epochs);
    lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) req->orders->n);
    /* K batches per epoch hold N records for B (K - 1) < N <= B K */
    record_batches(rec, "batches_lo", row.K_lo, fits);
    record_batches(rec, "batches_hi", row.K_hi, fits);
    lp_record_int(rec, "undecided", row.undecided);
    record_batches(rec, "dataset_size_lo", B * (row.K_lo - 1) + 1, fits);
    record_batches(rec, "dataset_size_hi", B * row.K_hi, fits);
    lp_record_bool(rec, "reproduced", fits);
    lp_record_int(rec, "batches_nearest", (int64_t) row.K_near);
    lp_record_int(rec, "dataset_size_nearest_lo", (int64_t) (B * (row.K_near - 1) + 1));
    lp_record_int(rec, "dataset_size_nearest_hi", (int64_t) (B * row.K_near));
    lp_record_int(rec, "steps_nearest", (int64_t) (req->epochs * row.K_near));

    /* the certified epsilon at the nearest K, both conversions */
    lp_dpsgd_init_batches(&run, req->M, row.K_near, req->epochs, req->delta);
    lp_account_init(&acc, req->orders->order, req->orders->n);
    lp_account_eval(&acc, &run, NULL, req->digits + 2);
    lp_account_record_conversion(lp_record_object(rec, "balle2020"), &acc, NULL, 1, req->digits);
    lp_account_record_conversion(lp_record_object(rec, "classic"), &acc, NULL, 0, req->digits);
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
}
