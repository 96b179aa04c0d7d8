/* cmd_prove.c -- `leakproof prove`: a claim proved over its domain (src/prove/), its
 * certificates written and re-checked by the independent checker; certificates re-checked
 * alone; the claims and statements the prover has. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "prove/prove.h"

static const char *
relation_name(const lp_stmt *s)
{
    static const char *const names[] = { ">", ">=", "!=", "=", "<" };
    return names[s->box ? s->box->rel : s->exact->rel];
}

/* the certificate's file name under dir: the key with '/' and ':' as '-' */
static void
cert_path(char *out, size_t len, const char *dir, const lp_stmt *s)
{
    size_t k = (size_t) snprintf(out, len, "%s/", dir);
    for (const char *p = s->key; *p && k + 6 < len; p++)
        out[k++] = *p == '/' || *p == ':' ? '-' : *p;
    snprintf(out + k, len - k, ".cert");
}

/* one statement proved, its certificate written (to path, or to memory when path is NULL)
 * and re-checked */
typedef struct {
    const lp_stmt *s;
    lp_cert *c;
    const char *path;
    int checked;
    char note[600];
} proved;

static void
prove_statement(proved *p, const lp_stmt *s, const char *path)
{
    lp_check_result chk;
    char *buf = NULL;
    size_t len = 0;
    FILE *f;
    int wrote;
    p->s = s;
    p->path = path;
    p->c = lp_prove(s, NULL);
    f = path ? fopen(path, "w") : open_memstream(&buf, &len);
    wrote = f != NULL && lp_cert_write(p->c, f) == 0;
    if (f != NULL && fclose(f) != 0)
        wrote = 0;
    if (!wrote)
        snprintf(p->note, sizeof p->note, "the certificate could not be written (%s)", strerror(errno));
    else if (lp_cert_result(p->c) == LP_UNDECIDED)
        snprintf(p->note, sizeof p->note, "%s", lp_cert_why(p->c));
    else if ((f = path ? fopen(path, "r") : fmemopen(buf, len, "r")) != NULL) {
        p->checked = lp_check_cert(&chk, f, path ? path : "(memory)") && chk.result == LP_PROVED;
        fclose(f);
        snprintf(p->note, sizeof p->note, "%s", chk.why);
    }
    free(buf);
}

static void
emit_statement(lp_record *rec, const proved *p)
{
    static const char *const result[] = { "", "proved", "counterexample", "undecided" };
    lp_record *r = lp_record_append(rec, "statements");
    long ni, nt, ntail, n = lp_cert_boxes(p->c, &ni, &nt, &ntail);
    lp_record_text(r, "statement", p->s->key);
    lp_record_bool(r, "checked", p->checked);
    lp_record_text(r, "result", result[lp_cert_result(p->c)]);
    lp_record_text(r, "says", p->s->says);
    lp_record_text(r, "domain", p->s->domain);
    lp_record_text(r, "relation", relation_name(p->s));
    lp_record_text(r, "method", p->s->box ? "branch and bound" : "exact");
    if (p->s->box) {
        lp_record_int(r, "boxes", n);
        lp_record_int(r, "boxes_interval", ni);
        lp_record_int(r, "boxes_taylor", nt);
        lp_record_int(r, "boxes_tail", ntail);
    } else {
        lp_record_null(r, "boxes");
        lp_record_null(r, "boxes_interval");
        lp_record_null(r, "boxes_taylor");
        lp_record_null(r, "boxes_tail");
    }
    lp_record_text(r, "certificate", p->path);
    lp_record_text(r, "note", p->note);
}

#define MAX_STATEMENTS 16

static int
prove_claim(lp_record *rec, const lp_proof *pr, const char *dir)
{
    proved p[MAX_STATEMENTS];
    char path[MAX_STATEMENTS][1024];
    int n = 0, all = 1;
    memset(p, 0, sizeof p);
    for (size_t i = 0, ns = lp_stmt_count(); i < ns && n < MAX_STATEMENTS; i++) {
        const lp_stmt *s = lp_stmt_at(i);
        if (!lp_stmt_decides(s, pr->id))
            continue;
        if (dir)
            cert_path(path[n], sizeof path[n], dir, s);
        prove_statement(&p[n], s, dir ? path[n] : NULL);
        all &= p[n].checked;
        n++;
    }
    all &= n > 0;
    lp_record_text(rec, "claim", pr->id);
    lp_record_text(rec, "verdict", !all ? "not proved" : pr->expect == LP_EXPECT_PROOF ? "proved" : "disproved");
    lp_record_bool(rec, "subdomain", pr->paper_domain != NULL);
    lp_record_text(rec, "domain", pr->domain);
    lp_record_text(rec, "paper_domain", pr->paper_domain);
    lp_record_text(rec, "argument", pr->argument);
    for (int k = 0; k < n; k++) {
        emit_statement(rec, &p[k]);
        lp_cert_free(p[k].c);
    }
    return all;
}

static int
check_files(lp_record *rec, char **files, int n)
{
    int all = 1;
    for (int i = 0; i < n; i++) {
        lp_record *r = lp_record_append(rec, "certificates");
        FILE *f = fopen(files[i], "r");
        lp_check_result chk;
        lp_record_text(r, "certificate", files[i]);
        if (f == NULL) {
            lp_record_null(r, "statement");
            lp_record_bool(r, "checked", 0);
            lp_record_textf(r, "note", "cannot read it (%s)", strerror(errno));
            all = 0;
            continue;
        }
        lp_check_cert(&chk, f, files[i]);
        fclose(f);
        lp_record_text(r, "statement", chk.stmt ? chk.stmt->key : NULL);
        lp_record_text(r, "claims", chk.stmt ? chk.stmt->ids : NULL);
        lp_record_text(r, "result", !chk.verified ? NULL : chk.result == LP_PROVED ? "proved" : "counterexample");
        lp_record_bool(r, "checked", chk.verified);
        lp_record_text(r, "note", chk.why);
        all &= chk.verified;
    }
    return all;
}

static void
list(lp_record *rec)
{
    for (size_t k = 0; k < lp_nproofs; k++) {
        lp_record *r = lp_record_append(rec, "claims");
        const char *keys[64];
        size_t m = 0;
        lp_record_text(r, "claim", lp_proofs[k].id);
        lp_record_text(r, "expect", lp_proofs[k].expect == LP_EXPECT_PROOF ? "proof" : "disproof");
        lp_record_text(r, "domain", lp_proofs[k].domain);
        lp_record_text(r, "paper_domain", lp_proofs[k].paper_domain);
        for (size_t i = 0, n = lp_stmt_count(); i < n && m < 64; i++)
            if (lp_stmt_decides(lp_stmt_at(i), lp_proofs[k].id))
                keys[m++] = lp_stmt_at(i)->key;
        lp_record_texts(r, "statements", keys, m);
    }
}

int
lp_cmd_prove(int argc, char **argv)
{
    const char *id = NULL, *out = NULL;
    int json = 0, check = 0, all = 0, lists = 0, ok = 1, rc;
    enum { O_ID = 1, O_OUT, O_CHECK, O_ALL, O_LIST };
    static const struct option longopts[] = {
        { "id", required_argument, NULL, O_ID }, { "out", required_argument, NULL, O_OUT },
        { "check", no_argument, NULL, O_CHECK }, { "all", no_argument, NULL, O_ALL },
        { "list", no_argument, NULL, O_LIST }, LP_OPT_SHARED_JSON, LP_OPT_SHARED_HELP, { NULL, 0, NULL, 0 } };
    lp_opt g;
    lp_record *rec;
    int c;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_ID: id = g.optarg; break;
        case O_OUT: out = g.optarg; break;
        case O_CHECK: check = 1; break;
        case O_ALL: all = 1; break;
        case O_LIST: lists = 1; break;
        case LP_OPT_JSON: json = 1; break;
        case 'h': case LP_OPT_HELP:
            fputs("usage: leakproof prove --id ID [--out DIR] [--json]\n"
                  "       leakproof prove --all [--out DIR] [--json]\n"
                  "       leakproof prove --check FILE... [--json]\n"
                  "       leakproof prove --list [--json]\n"
                  "  a claim of the ledger proved over its domain: every statement it rests on\n"
                  "  proved (interval branch and bound in Arb, or exact arithmetic in FLINT), its\n"
                  "  certificate written and re-verified by the independent checker\n"
                  "  --id ID     the claim (leakproof prove --list names them)\n"
                  "  --all       every claim the prover decides\n"
                  "  --out DIR   write the certificates there (KEY.cert); default: in memory only\n"
                  "  --check     re-verify the certificate files given, with the checker alone\n"
                  "  --list      the claims and the statements each rests on\n", lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        default: return lp_opt_error(&g, "prove");
        }
    }
    if (check + (id != NULL) + all + lists != 1)
        return lp_usage_error("prove", "give one of --id ID, --all, --check FILE..., --list");
    if (!check && g.optind < argc)
        return lp_usage_error("prove", "unexpected argument '%s'", argv[g.optind]);
    if (check && g.optind == argc)
        return lp_usage_error("prove", "--check: name the certificate files");
    if (out && (check || lists))
        return lp_usage_error("prove", "--out goes with --id or --all");
    if (id && lp_proof_find(id) == NULL)
        return lp_usage_error("prove", "--id: the prover has no claim '%s' (leakproof prove --list)", id);
    if (out) {
        struct stat st;
        if (mkdir(out, 0777) != 0 && (errno != EEXIST || stat(out, &st) != 0 || !S_ISDIR(st.st_mode)))
            return lp_usage_error("prove", "--out: cannot make the directory '%s' (%s)", out, strerror(errno));
    }
    rec = lp_record_new(check ? "certificates re-checked" : lists ? "the prover's claims" : "a claim proved");
    lp_record_text(rec, "command", "prove");
    if (check)
        ok = check_files(rec, argv + g.optind, argc - g.optind);
    else if (lists)
        list(rec);
    else if (id)
        ok = prove_claim(rec, lp_proof_find(id), out);
    else
        for (size_t k = 0; k < lp_nproofs && !lp_cancelled(); k++)
            ok &= prove_claim(lp_record_append(rec, "claims"), &lp_proofs[k], out);
    rc = lp_emit(rec, json);
    lp_record_free(rec);
    return lp_close_stdout(rc != 0 || !ok ? LP_EXIT_FAIL : LP_EXIT_OK);
}
