/* overflow_account.h -- what the overflow search (overflow_account.c) and
 * the peers' map (overflow_peer_map.c) share.  Internal to src/account. */
#ifndef LP_OVERFLOW_ACCOUNT_H
#define LP_OVERFLOW_ACCOUNT_H

/* Digits of the arb reference: its radius stays far below any error measured. */
#define REFERENCE_DIGITS 20

#endif
