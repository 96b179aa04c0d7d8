/* cmd_forms.c -- `leakproof forms`: the registry (mechanisms, their
 * parameters with domains, their forms and methods), as a record. */
#include <string.h>
#include "cli.h"

int
lp_cmd_forms(int argc, char **argv)
{
    int json = 0;
    lp_record *rec;
    enum { LP_OPT_HELP };
    static const struct option longopts[] = {
        LP_OPT_SHARED_JSON, LP_OPT_SHARED_HELP, { NULL, 0, NULL, 0 } };
    lp_opt g;
    int c;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case LP_OPT_JSON: json = 1; break;
        case 'h': case LP_OPT_HELP:
            fputs("usage: leakproof forms [--json]\n"
                  "  the registry: every mechanism, its parameters and their domains, its forms\n"
                  "  (with their sources in the papers) and the methods of each form\n", lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        default: return lp_opt_error(&g, "forms");
        }
    }
    if (g.optind < argc)
        return lp_usage_error("forms", "unexpected argument '%s'", argv[g.optind]);
    rec = lp_record_new("the registry");
    lp_record_text(rec, "command", "forms");
    for (size_t i = 0; i < lp_nmechanisms; i++) {
        const lp_mechanism_spec *m = &lp_mechanisms[i];
        lp_record *r = lp_record_append(rec, "mechanisms");
        lp_record_text(r, "mechanism", m->name);
        lp_record_text(r, "description", m->description);
        lp_record_text(r, "default_form", m->default_form);
        lp_record_bool(r, "monte_carlo", m->mc_make != NULL);
        for (int id = 0; id < LP_NPARAMS; id++)
            if (m->params & (1u << id)) {
                lp_record *p = lp_record_append(r, "parameters");
                lp_record_text(p, "name", lp_param_specs[id].name);
                lp_record_text(p, "meaning", lp_param_specs[id].meaning);
                lp_record_text(p, "domain", lp_domain_text(lp_param_specs[id].domain));
            }
        for (size_t k = 0; k < lp_nforms; k++) {
            const lp_form *f = &lp_forms[k];
            const char *methods[LP_NMETHODS];
            size_t n = 0;
            lp_record *fr;
            if (strcmp(f->formula, m->name) != 0)
                continue;
            fr = lp_record_append(r, "forms");
            lp_record_text(fr, "form", f->form);
            lp_record_text(fr, "source", f->source);
            lp_record_text(fr, "expression", f->expression);
            for (int me = 0; me < LP_NMETHODS; me++)
                if (f->method[me])
                    methods[n++] = lp_method_name((lp_method) me);
            lp_record_texts(fr, "methods", methods, n);
        }
    }
    lp_emit(rec, json);
    lp_record_free(rec);
    return lp_close_stdout(LP_EXIT_OK);
}
