/* t-prove.c -- the claims the prover decides: every statement is proved (or refuted, for a
 * finding), its certificate written under tests/prove/certificates/ (or $LP_CERT_DIR) and
 * read back by the independent checker; one TAP line per claim, from the checker's verdicts,
 * which the claims ledger turns into `proved` (cases/claims/README.md): `proved on D: ...` or
 * `proved on the sub-domain D (the paper's is P): ...`, D and P free of ': '.  The list below is the
 * claims this test must decide: a proof that goes missing, or a claim added to the prover and
 * not here, fails the test. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "tap.h"
#include "prove/prove.h"

static const char *const expected[] = {
    "[tan/B.5/u-prime]", "[tan/B.5/u-second]", "[tan/B.5/increasing]", "[tan/B.5/lhospital]",
    "[tan/B.5/amgm]", "[tan/eq34]", "[tan/fig7]", "[tan/sec5.3/compression]", "[tan/sec5.1/unique]",
    "[tan/sec5.1/monotone]", "[tan/fig3]", "[tan/thm4/batch]", "[tan/thm4]", "[tan/eq22]", "[tan/sec3.1/bound-decreasing]",
    "[tan/sec5.1/crafting]", "[tan/eq19]", "[tan/sec5.2/toy]", "[tan/sec5.2/adaptive]", "[tan/eq17]",
    "[tan/B.5/calibration]", "[tan/lemma2]", "[tan/B.1/step2]", "[tan/eq26]", "[tan/eq29]", "[tan/eq30]",
    "[tan/eq31]", "[tan/eq32]", "[tan/B.4/v-rewrite]", "[tan/B.4/induction]", "[tan/B.3/det]", "[tan/eq25]",
    "[tan/B.4/v-le]", "[tan/B.4/v-lemma3]", "[tan/thm3]", "[tan/lemma3]", "[tan/eq27]", "[tan/eq28]", "[tan/eq24]",
    "[biswas/appA/eps-d-theta]", "[biswas/B.2/sup-inside]", "[biswas/B.2/sup-outside]", "[biswas/B.2/norm]",
    "[biswas/B.2/inner]", "[biswas/B.2/area]", "[biswas/B.2/derived]", "[biswas/B.2/result]",
    "[biswas/B.2/volume]", "[biswas/B.3/result]", "[biswas/B.3/max-at-mean]", "[biswas/B.3/sup]",
    "[biswas/thm-IV.1]", "[biswas/thm-B.3]",
    "[balunovic/sec4/jensen-constant]", "[balunovic/table1/dlg]", "[balunovic/sec6/gauss-l2]",
    "[balunovic/sec5/bias-chain]", "[balunovic/sec5/weight-chain]", "[balunovic/sec5/linear-layer]",
    "[balunovic/eq5]", "[balunovic/A.6/variance]", "[balunovic/A.5/precode-unique]", "[balunovic/A.5/sigma-limit]", "[balunovic/table6/precode]", "[biswas/sec-IV/decomposes]",
    "[tan/eq4]", "[tan/eq6]", "[tan/sec3.2/delta-I]", "[tan/sec4.2/server-rewrite]", "[tan/eq12]", "[tan/eq10]",
    "[tan/sec4.2/noiseless]", "[tan/sec3.1/mi-grows]", "[tan/intro/n-kappa]", "[tan/sec3.2/n-kappa]",
    "[tan/sec2.2/maxent]", "[tan/sec4.2/gamma-server-positive]",
};
#define NEXPECTED (sizeof expected / sizeof expected[0])

typedef struct {
    const lp_stmt *s;
    int verified;               /* the checker re-verified the certificate */
    lp_prove_result result;     /* what it certifies */
    char line[1200];            /* what the certificate holds, or why it failed */
} done_stmt;

static const char *
cert_dir(void)
{
    const char *d = getenv("LP_CERT_DIR");
    return d && *d ? d : "tests/prove/certificates";
}

static void
mkdirs(const char *dir)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(p, 0777);
            *s = '/';
        }
    mkdir(p, 0777);
}

/* proves s, writes its certificate, has the checker re-read it */
static void
prove_one(done_stmt *d, const lp_stmt *s)
{
    char path[400], name[256];
    lp_cert *c;
    FILE *f;
    lp_check_result r;
    long ni, nt, ntail;
    clock_t t0 = clock();
    d->s = s;
    snprintf(name, sizeof name, "%s", s->key);
    for (char *p = name; *p; p++)
        if (*p == '/' || *p == ':')
            *p = '-';
    snprintf(path, sizeof path, "%s/%s.cert", cert_dir(), name);
    c = lp_prove(s, NULL);
    lp_cert_boxes(c, &ni, &nt, &ntail);
    if ((f = fopen(path, "w")) == NULL || lp_cert_write(c, f) != 0 || fclose(f) != 0) {
        snprintf(d->line, sizeof d->line, "%s: cannot write %s (%s)", s->key, path, strerror(errno));
        lp_cert_free(c);
        return;
    }
    if (lp_cert_result(c) == LP_UNDECIDED) {
        snprintf(d->line, sizeof d->line, "%s: the prover left it undecided: %s", s->key, lp_cert_why(c));
        lp_cert_free(c);
        return;
    }
    lp_cert_free(c);
    if ((f = fopen(path, "r")) == NULL) {
        snprintf(d->line, sizeof d->line, "%s: cannot read %s back", s->key, path);
        return;
    }
    lp_check_cert(&r, f, path);
    fclose(f);
    d->verified = r.verified;
    d->result = r.result;
    if (!r.verified)
        snprintf(d->line, sizeof d->line, "%s: the checker rejects the certificate: %s", s->key, r.why);
    else if (s->box)
        snprintf(d->line, sizeof d->line, "%s (%s: %ld boxes, %ld interval, %ld taylor, %ld tail)", s->key,
                 r.result == LP_PROVED ? "cover" : "counterexample", r.boxes, ni, nt, ntail);
    else
        snprintf(d->line, sizeof d->line, "%s (exact: %s)", s->key, r.why);
    tap_diag("%s: %.3f s CPU, %s", s->key, (double) (clock() - t0) / CLOCKS_PER_SEC, d->line);
}

int
main(void)
{
    size_t ns = lp_stmt_count();
    done_stmt *done = calloc(ns, sizeof *done);
    int listed[NEXPECTED] = { 0 };
    clock_t t0 = clock();
    mkdirs(cert_dir());
    for (size_t i = 0; i < ns; i++)
        prove_one(&done[i], lp_stmt_at(i));
    for (size_t k = 0; k < lp_nproofs; k++) {
        const lp_proof *p = &lp_proofs[k];
        char tag[128], via[4000] = "";
        int all = 1, any = 0, known = 0;
        snprintf(tag, sizeof tag, "[%s]", p->id);
        for (size_t e = 0; e < NEXPECTED; e++)
            if (strcmp(expected[e], tag) == 0)
                known = listed[e] = 1;
        for (size_t i = 0; i < ns; i++) {
            if (!lp_stmt_decides(done[i].s, p->id))
                continue;
            any = 1;
            /* a disproof's statements state the finding: they too are proved */
            all = all && done[i].verified && done[i].s->expect == p->expect && done[i].result == LP_PROVED;
            snprintf(via + strlen(via), sizeof via - strlen(via), "%s%s", via[0] ? "; " : "", done[i].line);
        }
        if (strstr(p->domain, ": ") || (p->paper_domain && strstr(p->paper_domain, ": ")))
            tap_ok(0, "%s the domain's words hold ': ', which ends them on the TAP line", tag);
        else if (!known)
            tap_ok(0, "%s the prover decides a claim this test does not list", tag);
        else if (!any || !all)
            tap_ok(0, "%s not decided: %s", tag, any ? via : "no statement lists it");
        else if (p->expect == LP_EXPECT_DISPROOF)
            tap_todo(0, "%s disproved on %s: %s; re-verified: %s", tag, p->domain, p->argument, via);
        else if (p->paper_domain)
            tap_ok(1, "%s proved on the sub-domain %s (the paper's is %s): %s; re-verified: %s", tag, p->domain,
                   p->paper_domain, p->argument, via);
        else
            tap_ok(1, "%s proved on %s: %s; re-verified: %s", tag, p->domain, p->argument, via);
    }
    for (size_t e = 0; e < NEXPECTED; e++)
        if (!listed[e])
            tap_ok(0, "%s is listed here but the prover has no proof of it", expected[e]);
    tap_diag("%zu statements, %zu claims: %.2f s CPU in all", ns, lp_nproofs,
             (double) (clock() - t0) / CLOCKS_PER_SEC);
    free(done);
    return tap_done();
}
