/* orders.c -- an order list as the user names it: "default", "opacus", or
 * orders separated by commas.  Contract in run.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "account/run.h"

int
lp_order_list_parse(lp_order_list *list, const char *text, char *err, size_t errlen)
{
    char *copy, *save = NULL, *tok;
    size_t cap = 8, n = 0;
    char **owned;
    memset(list, 0, sizeof *list);
    list->text = text ? text : "default";
    if (text == NULL || strcmp(text, "default") == 0) {
        list->order = lp_orders_search_grid();
        list->n = LP_NORDERS_SEARCH_GRID;
        list->search = 1;
        return 0;
    }
    if (strcmp(text, "integers") == 0) {
        list->order = lp_orders_default;
        list->n = lp_norders_default;
        return 0;
    }
    if (strcmp(text, "opacus") == 0) {
        list->order = lp_orders_opacus;
        list->n = lp_norders_opacus;
        return 0;
    }
    owned = malloc(cap * sizeof *owned);
    copy = strdup(text);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint64_t integer;
        if (lp_order_parse(&integer, tok) != 0) {
            snprintf(err, errlen, "'%s' is not an order (a decimal > 1: integer up to %llu "
                     "or fractional below %d)", tok, (unsigned long long) LP_ORDER_INT_MAX,
                     LP_ORDER_FRAC_MAX);
            break;
        }
        if (n == cap)
            owned = realloc(owned, (cap *= 2) * sizeof *owned);
        owned[n++] = strdup(tok);
    }
    if (tok == NULL && n == 0)
        snprintf(err, errlen, "no orders in '%s'", text);
    list->owned = owned;
    list->order = (const char *const *) owned;
    list->n = n;
    if (tok != NULL || n == 0) {
        free(copy);
        lp_order_list_clear(list);
        return -1;
    }
    free(copy);
    return 0;
}

void
lp_order_list_clear(lp_order_list *list)
{
    if (list->owned) {
        for (size_t i = 0; i < list->n; i++)
            free(list->owned[i]);
        free(list->owned);
    }
    list->owned = NULL;
    list->order = NULL;
    list->n = 0;
}
