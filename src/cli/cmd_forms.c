/* cmd_forms.c -- `leakproof forms`: the registry, as a table or JSON. */
#include <string.h>
#include "cli.h"

int
lp_cmd_forms(int argc, char **argv)
{
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (strcmp(argv[i], "--help") == 0) {
            puts("usage: leakproof forms [--json]");
            return lp_close_stdout(LP_EXIT_OK);
        } else
            return lp_usage_error("forms", "unknown option '%s'", argv[i]);
    }
    if (json)
        fputs("[", stdout);
    for (size_t i = 0; i < lp_nforms; i++) {
        const lp_form *f = &lp_forms[i];
        if (json) {
            printf("%s{\"formula\":", i ? "," : "");
            lp_json_string(stdout, f->formula);
            printf(",\"form\":");
            lp_json_string(stdout, f->form);
            printf(",\"source\":");
            lp_json_string(stdout, f->source);
            printf(",\"expression\":");
            lp_json_string(stdout, f->expression);
            printf(",\"methods\":[");
            for (int m = 0, n = 0; m < LP_NMETHODS; m++)
                if (f->method[m])
                    printf("%s\"%s\"", n++ ? "," : "", lp_method_name(m));
            printf("]}");
        } else {
            printf("%-6s %-8s %s\n       %s\n       methods:", f->formula, f->form,
                   f->source, f->expression);
            for (int m = 0; m < LP_NMETHODS; m++)
                if (f->method[m])
                    printf(" %s", lp_method_name(m));
            printf("\n");
        }
    }
    if (json)
        fputs("]\n", stdout);
    return lp_close_stdout(LP_EXIT_OK);
}
