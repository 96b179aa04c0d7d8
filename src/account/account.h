/* account.h -- the account room's headers in one include, for the command
 * line, the tests and the benches.  The library's files include the small
 * header they need:
 *   account/run.h          the run, its orders and the order grids
 *   account/rdp/rdp.h      the certified RDP accountant (one step, orders,
 *                          search, inverse, KL zero)
 *   account/rdp/tan63.h    Tan et al. Section 6.3's fit of a stated epsilon
 *   account/peers/peers.h  the peers' algorithms in doubles and their table
 *   account/study.h        the studies of `leakproof account`
 * (the PLD accountant: account/pld/pld.h; VMF: account/rdp/vmf_account.h;
 * where the doubles break: check/overflow_account.h). */
#ifndef LP_ACCOUNT_H
#define LP_ACCOUNT_H

#include "account/run.h"
#include "account/rdp/rdp.h"
#include "account/rdp/tan63.h"
#include "account/peers/peers.h"
#include "account/study.h"

#endif
