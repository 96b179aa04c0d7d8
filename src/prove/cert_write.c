/* cert_write.c -- a certificate as text (version 1; the format is prove/README.md's).
 * Contracts in prove.h. */
#include <string.h>
#include "prove/bnb.h"

static const char *
relation_name(lp_relation r)
{
    static const char *const names[] = { ">", ">=", "!=", "=", "<" };
    return names[r];
}

static void
write_end(FILE *f, const lp_end *e)
{
    if (e->inf)
        fputs(e->inf > 0 ? "inf" : "-inf", f);
    else
        fmpq_fprint(f, e->v);
}

static void
write_ranges(FILE *f, const lp_bnb_box *b, int np)
{
    for (int i = 0; i < np; i++) {
        fputs(i ? " [" : "[", f);
        write_end(f, &b->lo[i]);
        fputs(", ", f);
        write_end(f, &b->hi[i]);
        fputc(']', f);
    }
}

static void
write_box(FILE *f, const lp_bnb_box *b, const lp_box_stmt *st)
{
    static const char *const at[] = { "lo", "mid", "hi" };
    fputs("box: ", f);
    write_ranges(f, b, st->np);
    if (b->method == LP_CLOSE_INTERVAL)
        fputs(" interval", f);
    else if (b->method == LP_CLOSE_TAYLOR)
        fprintf(f, " taylor %s %d %s", st->p[b->var].name, b->order, at[b->at]);
    else
        fprintf(f, " tail %s", st->p[b->var].name);
    fprintf(f, " prec %ld\n", (long) b->prec);
}

int
lp_cert_write(const lp_cert *c, FILE *f)
{
    const lp_stmt *s = c->stmt;
    static const char *const result[] = { "", "proved", "counterexample", "undecided" };
    fprintf(f, "leakproof certificate 1\n");
    fprintf(f, "statement: %s\n", s->key);
    fprintf(f, "claims: %s\n", s->ids);
    fprintf(f, "expect: %s\n", s->expect == LP_EXPECT_PROOF ? "proof" : "disproof");
    fprintf(f, "says: %s\n", s->says);
    fprintf(f, "domain: %s\n", s->domain);
    fprintf(f, "kind: %s\n", s->box ? "box" : "exact");
    fprintf(f, "relation: %s\n", relation_name(s->box ? s->box->rel : s->exact->rel));
    fprintf(f, "result: %s\n", result[c->result]);
    if (c->result == LP_UNDECIDED)
        fprintf(f, "why: %s\n", c->why);
    if (s->box) {
        fputs("params:", f);
        for (int i = 0; i < s->box->np; i++)
            fprintf(f, " %s", s->box->p[i].name);
        fputc('\n', f);
        if (c->result == LP_PROVED) {
            fprintf(f, "boxes: %ld\n", c->n);
            for (long i = 0; i < c->n; i++)
                write_box(f, &c->box[i], s->box);
        } else if (c->result == LP_COUNTEREXAMPLE) {
            fputs("counterexample: ", f);
            write_ranges(f, &c->cex, s->box->np);
            fprintf(f, " prec %ld\n", (long) c->cex.prec);
        }
    } else {
        fprintf(f, "method: %s\n", c->exact_method);
        if (c->exact_detail[0])
            fprintf(f, "detail: %s\n", c->exact_detail);
    }
    fputs("end\n", f);
    return ferror(f) ? -1 : 0;
}
