/* t-precision-loop.c -- core/precision_loop.h's contract: the first
 * precision by its one rule, the rounds doubling up to the cap (in bits or in
 * doublings) and never past it, prec left at the last round's, and the four
 * keys lp_ziv_record writes.  TAP. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "core/precision_loop.h"
#include "adversary/adversary.h"
#include "account/rdp/rdp.h"

/* the precisions a loop that never certifies runs at */
static int
rounds(slong *prec, int max, slong digits, const lp_ziv_rule *rule, int *entered)
{
    lp_ziv z;
    int n = 0;
    *entered = lp_ziv_init(&z, digits, rule);
    for (;;) {
        if (n < max)
            prec[n] = z.prec;
        n++;
        if (!lp_ziv_next(&z))
            break;
    }
    tap_ok(z.prec == prec[n <= max ? n - 1 : max - 1],
           "digits %ld, rule (%g, %ld, %ld, %d): after the loop prec is the last round's (%ld)", (long) digits,
           rule->bits_per_digit, (long) rule->guard_bits, (long) rule->max_bits, rule->max_doublings,
           (long) z.prec);
    return n;
}

static void
test_rounds(void)
{
    /* registry/evaluate.c's rule (static there) */
    static const lp_ziv_rule bits_cap = { 3.33, 64, 65536, 0 }, doublings_cap = { 3.3219280948873623, 20, 0, 6 };
    slong prec[64];
    int entered, n;

    n = rounds(prec, 64, 20, &lp_ziv_default, &entered);
    tap_ok(entered && prec[0] == 130 && n == 9 && prec[n - 1] == 33280,
           "the default at 20 digits: 3.33 * 20 + 64 = 130 bits first, 9 rounds up to 33280 <= 65536 "
           "(got %ld first, %d rounds, %ld last)", (long) prec[0], n, (long) prec[n - 1]);
    tap_ok(lp_ziv_default.bits_per_digit == bits_cap.bits_per_digit && lp_ziv_default.guard_bits == 64
           && lp_ziv_default.max_bits == 65536 && lp_ziv_default.max_doublings == 0,
           "the default rule is the studies' (3.33 bits a digit + 64, up to 65536 bits)");
    n = rounds(prec, 64, 1000, &bits_cap, &entered);
    tap_ok(entered && prec[0] == 3394 && n == 5 && prec[4] == 54304,
           "1000 digits: 3394 bits first, 5 rounds up to 54304 (got %ld, %d, %ld)", (long) prec[0], n,
           (long) prec[n - 1]);
    for (int i = 1; i < n; i++)
        if (!tap_ok(prec[i] == 2 * prec[i - 1] && prec[i] <= 65536, "round %d doubles, within the cap (%ld)", i,
                    (long) prec[i]))
            break;
    n = rounds(prec, 64, 15, &doublings_cap, &entered);
    tap_ok(entered && prec[0] == 69 && n == 7 && prec[6] == 69 * 64,
           "a cap in doublings: 69 bits first (15 * log2 10 + 20), 7 rounds, the last 64 times the first "
           "(got %ld, %d, %ld)", (long) prec[0], n, (long) prec[n - 1]);
    n = rounds(prec, 64, 20000, &bits_cap, &entered);
    tap_ok(!entered && n == 1 && prec[0] > 65536,
           "a first precision above the cap (%ld bits at 20000 digits): init says so (entered %d) and next "
           "raises nothing (%d round)", (long) prec[0], entered, n);
    n = rounds(prec, 64, 20, &lp_adversary_ziv, &entered);
    tap_ok(entered && prec[0] == 98 && prec[n - 1] == 12544 && n == 8,
           "the adversary's rule at 20 digits: 98 bits first (20 * log2 10 + 32), up to 12544 <= 16384 "
           "(got %ld, %ld, %d rounds)", (long) prec[0], (long) prec[n - 1], n);
    n = rounds(prec, 64, 60, &lp_account_ziv, &entered);
    tap_ok(entered && prec[0] == 235 && prec[n - 1] == 7520 && n == 6,
           "the accountant's rule at 60 digits: 235 bits first, up to 7520 <= 8192 (got %ld, %ld, %d rounds)",
           (long) prec[0], (long) prec[n - 1], n);
}

static void
test_record(void)
{
    lp_record *rec = lp_record_new("loop");
    char *js;
    lp_ziv_record(rec, 12, 260);
    js = lp_record_json(rec);
    tap_ok(js && strcmp(js, "{\"status\":\"ok\",\"digits\":12,\"prec_bits\":260,\"certified\":true}") == 0,
           "lp_ziv_record with 12 digits: %s", js ? js : "(null)");
    free(js);
    lp_record_free(rec);
    rec = lp_record_new("loop");
    lp_ziv_record(rec, 0, 65536);
    js = lp_record_json(rec);
    tap_ok(js && strcmp(js, "{\"status\":\"uncertified\",\"digits\":0,\"prec_bits\":65536,\"certified\":false}") == 0,
           "lp_ziv_record with no digit: %s", js ? js : "(null)");
    free(js);
    lp_record_free(rec);
}

int
main(void)
{
    test_rounds();
    test_record();
    return tap_done();
}
