/* cmd_account_answer.c -- the answer of `leakproof account` first, in plain
 * decimals, in the human form (issue 41: the PLD bracket came under 30 lines
 * of grid details, epsilon as 1.28253e+0).  Read back from the record's own
 * fields (the JSON is unchanged), so it says nothing the record does not.
 * Contract in cmd_account.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "core/record.h"
#include "cmd_account.h"

/* "1.28253e+0" as "1.28253", "9.95743e-6" as "0.00000995743": the same
 * digits with the point moved (exact); beyond 1e-7 .. 1e16 the text as it is */
static const char *
plain(char *buf, size_t len, const char *t)
{
    const char *e = t ? strchr(t, 'e') : NULL;
    char digits[80];
    size_t n = 0, at = 0;
    long x;
    int neg;
    if (t == NULL)
        return "?";
    if (e == NULL || e - t > 60 || len < 120)
        return t;
    x = strtol(e + 1, NULL, 10);
    if (x < -7 || x > 15)
        return t;
    neg = t[0] == '-';
    for (const char *d = t + neg; d < e; d++)
        if (*d >= '0' && *d <= '9')
            digits[n++] = *d;
    if (n == 0)
        return t;
    if (neg)
        buf[at++] = '-';
    if (x >= 0) {               /* d.ddd e+x: the point after x + 1 digits */
        for (size_t i = 0; i < n || i < (size_t) x + 1; i++) {
            if (i == (size_t) x + 1)
                buf[at++] = '.';
            buf[at++] = i < n ? digits[i] : '0';
        }
    } else {                    /* 0. then -x - 1 zeros, then the digits */
        buf[at++] = '0';
        buf[at++] = '.';
        for (long i = 0; i < -x - 1; i++)
            buf[at++] = '0';
        for (size_t i = 0; i < n; i++)
            buf[at++] = digits[i];
    }
    buf[at] = '\0';
    return buf;
}

static void
add_line(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
add_line(char *out, size_t len, const char *fmt, ...)
{
    size_t at = strlen(out);
    va_list ap;
    if (at && at + 1 < len)
        out[at++] = '\n', out[at] = '\0';
    va_start(ap, fmt);
    if (at < len)
        vsnprintf(out + at, len - at, fmt, ap);
    va_end(ap);
}

/* the rows of a list ("epsilons" at each delta, "deltas" at each epsilon) */
static void
rows(char *out, size_t len, const lp_record *rec, int pld)
{
    for (int kind = 0; kind < 2; kind++) {
        const char *list = kind == 0 ? "epsilons" : "deltas";
        const char *at = kind == 0 ? "delta" : "epsilon", *of = kind == 0 ? "epsilon" : "delta";
        const lp_record *row;
        for (size_t i = 0; (row = lp_record_get_item(rec, list, i)) != NULL && i < 64; i++) {
            char a[160], b[160], key[40];
            const char *hi, *lo;
            lp_snprintf(key, sizeof key, "%s_upper_bound", of);
            hi = lp_record_get_text(row, key);
            lp_snprintf(key, sizeof key, "%s_lower_bound", of);
            lo = lp_record_get_text(row, key);
            if (hi == NULL)
                add_line(out, len, "%s at %s %s: not certified (the row's why)", of, at,
                         lp_record_get_text(row, at));
            else if (pld && lo)
                add_line(out, len, "%s in [%s, %s] at %s %s", of, plain(a, sizeof a, lo),
                         plain(b, sizeof b, hi), at, lp_record_get_text(row, at));
            else
                add_line(out, len, "%s <= %s at %s %s", of, plain(a, sizeof a, hi), at,
                         lp_record_get_text(row, at));
        }
    }
}

void
lp_account_headline(lp_record *rec)
{
    char out[8192] = "", a[160], b[160];
    const char *command = lp_record_get_text(rec, "command");
    const char *acc = lp_record_get_text(rec, "accountant");
    const int pld = acc && strcmp(acc, "pld") == 0;
    if (command == NULL)
        return;
    if (strcmp(command, "account least-multiplier") == 0) {
        const char *m = lp_record_get_text(rec, "noise_multiplier");
        const char *eps = lp_record_get_text(rec, "epsilon"), *delta = lp_record_get_text(rec, "delta");
        const char *hi = lp_record_get_text(rec, "epsilon_upper_bound");
        const char *lo = lp_record_get_text(rec, "epsilon_lower_bound");
        if (m == NULL)
            add_line(out, sizeof out, "no noise multiplier found whose certified epsilon at delta %s is "
                     "<= %s (the record's note)", delta ? delta : "?", eps ? eps : "?");
        else if (pld && hi && lo)
            add_line(out, sizeof out, "noise multiplier %s: the least on the grid whose certified epsilon "
                     "at delta %s is <= %s (PLD bracket [%s, %s])", m, delta ? delta : "?",
                     eps ? eps : "?", plain(a, sizeof a, lo), plain(b, sizeof b, hi));
        else
            add_line(out, sizeof out, "noise multiplier %s: the least on the grid whose certified epsilon "
                     "at delta %s is <= %s%s%s%s", m, delta ? delta : "?", eps ? eps : "?",
                     hi ? " (epsilon <= " : "", hi ? plain(a, sizeof a, hi) : "", hi ? ")" : "");
    } else if (strcmp(command, "account") == 0) {
        if (lp_record_get_item(rec, "epsilons", 0) || lp_record_get_item(rec, "deltas", 0))
            rows(out, sizeof out, rec, pld);
        else if (pld) {
            const char *elo = lp_record_get_text(rec, "epsilon_lower_bound");
            const char *ehi = lp_record_get_text(rec, "epsilon_upper_bound");
            const char *dlo = lp_record_get_text(rec, "delta_lower_bound");
            const char *dhi = lp_record_get_text(rec, "delta_upper_bound");
            const char *delta = lp_record_get_text(rec, "delta"), *eps = lp_record_get_text(rec, "epsilon");
            if (ehi && elo)
                add_line(out, sizeof out, "epsilon in [%s, %s] at delta %s (certified bracket, privacy "
                         "loss distribution)", plain(a, sizeof a, elo), plain(b, sizeof b, ehi),
                         delta ? delta : "?");
            else if (dhi && dlo)
                add_line(out, sizeof out, "delta in [%s, %s] at epsilon %s (certified bracket, privacy "
                         "loss distribution)", plain(a, sizeof a, dlo), plain(b, sizeof b, dhi),
                         eps ? eps : "?");
            else if (delta || eps)
                add_line(out, sizeof out, "%s at %s %s: not certified (the record's why)",
                         delta ? "epsilon" : "delta", delta ? "delta" : "epsilon", delta ? delta : eps);
        } else {
            const lp_record *b2 = lp_record_get_object(rec, "balle2020");
            const char *ehi = b2 ? lp_record_get_text(b2, "epsilon_upper_bound") : NULL;
            const char *dhi = b2 ? lp_record_get_text(b2, "delta_upper_bound") : NULL;
            const char *order = b2 ? lp_record_get_text(b2, "order") : NULL;
            const char *delta = lp_record_get_text(rec, "delta");
            const char *eps = lp_record_get_text(rec, "epsilon");
            if (ehi)
                add_line(out, sizeof out, "epsilon <= %s at delta %s (certified upper bound, Renyi DP, "
                         "Balle et al. 2020's conversion%s%s)", plain(a, sizeof a, ehi),
                         delta ? delta : "?", order ? " at order " : "", order ? order : "");
            else if (dhi)
                add_line(out, sizeof out, "delta <= %s at epsilon %s (certified upper bound, Renyi DP, "
                         "Balle et al. 2020's conversion%s%s)", plain(a, sizeof a, dhi),
                         eps ? eps : "?", order ? " at order " : "", order ? order : "");
        }
    }
    if (out[0])
        lp_record_headline(rec, out);
}
