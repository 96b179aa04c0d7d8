/* grids.c -- the order grids, each written once: leakproof's integers,
 * Opacus's DEFAULT_ALPHAS, dp_accounting's DEFAULT_RDP_ORDERS and the
 * search's candidate grid (their union).  Contracts in run.h. */
#include <stdio.h>
#include <pthread.h>
#include "account/run.h"

const char *const lp_orders_default[] = {
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
    "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44",
    "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58",
    "59", "60", "61", "62", "63", "64", "72", "80", "96", "128", "192", "256", "512", "1024"
};
const size_t lp_norders_default = sizeof lp_orders_default / sizeof lp_orders_default[0];

/* Opacus 1.1.2, opacus/accountants/rdp.py: [1 + x / 10.0 for x in range(1, 100)]
 * + list(range(12, 64)). */
const char *const lp_orders_opacus[] = {
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "2",
    "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "3",
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4",
    "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "5",
    "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "6",
    "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7",
    "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9", "8",
    "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9", "9",
    "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "10",
    "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9",
    "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25",
    "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39",
    "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52", "53",
    "54", "55", "56", "57", "58", "59", "60", "61", "62", "63"
};
const size_t lp_norders_opacus = sizeof lp_orders_opacus / sizeof lp_orders_opacus[0];

/* dp_accounting's DEFAULT_RDP_ORDERS: 1.1, 1.2, ..., 10.9, 11 .. 63, 128, 256,
 * 512, 1024 (rdp_privacy_accountant.py). */
const char *const lp_orders_dp_accounting[] = {
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "2.0",
    "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "3.0",
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0",
    "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "5.0",
    "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "6.0",
    "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7.0",
    "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9", "8.0",
    "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9", "9.0",
    "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "10.0",
    "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9",
    "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24",
    "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38",
    "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52",
    "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63",
    "128", "256", "512", "1024"
};
const size_t lp_norders_dp_accounting =
    sizeof lp_orders_dp_accounting / sizeof lp_orders_dp_accounting[0];

static const char *grid[LP_NORDERS_SEARCH_GRID];
static char grid_text[LP_NORDERS_SEARCH_GRID][8];

static pthread_once_t grid_once = PTHREAD_ONCE_INIT;

/* the grid's texts, written once (pthread_once: lp_call runs on many threads) */
static void
build_grid(void)
{
    {
        size_t n = 0;
        for (int i = 11; i <= 109; i++) {       /* 1.1 .. 10.9 */
            if (i % 10 == 0)
                snprintf(grid_text[n], sizeof grid_text[n], "%d", i / 10);
            else
                snprintf(grid_text[n], sizeof grid_text[n], "%d.%d", i / 10, i % 10);
            n++;
        }
        for (int i = 11; i <= 64; i++)
            snprintf(grid_text[n++], sizeof grid_text[0], "%d", i);
        {
            static const int big[] = { 72, 80, 96, 128, 192, 256, 512, 1024 };
            for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
                snprintf(grid_text[n++], sizeof grid_text[0], "%d", big[i]);
        }
        for (size_t i = LP_NORDERS_SEARCH_GRID; i-- > 0;)
            grid[i] = grid_text[i];
    }
}

const char *const *
lp_orders_search_grid(void)
{
    pthread_once(&grid_once, build_grid);
    return grid;
}
