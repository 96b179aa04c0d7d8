/* delta_at_epsilon.h -- the RDP accountant's delta at a given epsilon, a run in
 * phases, and the edges q = 0, delta = 0, epsilon = 0 (issue 20, part 6).
 * The argument is in delta_at_epsilon.c. */
#ifndef LP_ACCOUNT_DELTA_AT_EPSILON_H
#define LP_ACCOUNT_DELTA_AT_EPSILON_H

#include "account/study.h"
#include "account/rdp/phases.h"

/* 1 when every phase's (or the run's) sampling rate is exactly 0 */
int lp_account_all_rates_zero(const lp_account_request *req);
/* noise_multiplier, sampling_rate, steps (with phases: the first two null,
 * steps the total, and the list phases of each phase's three) */
void lp_account_record_run(lp_record *rec, const lp_account_request *req);
/* with --relation replace: relation "replace" and relation_bound (the bound's
 * statement); nothing otherwise */
void lp_account_record_relation(lp_record *rec, const lp_account_request *req);
/* lp_account_study's edges: --delta-for-epsilon (lp_account_delta_study), q =
 * 0 (epsilon 0, status ok), delta = 0 with q > 0 (epsilon +infinity: the
 * bound null, status "infinite").  1 when it wrote the record, 0 otherwise. */
int lp_account_edge_study(lp_record *rec, const lp_account_request *req);
/* The least-multiplier inverse at q = 0 (noise_multiplier "0"), epsilon = 0
 * or delta = 0 with q > 0 (noise_multiplier null, status "infinite"): 1 when
 * it wrote the record. */
int lp_account_least_multiplier_edge(lp_record *rec, const char *epsilon,
                                     const lp_account_request *req, long resolution);
/* The record of --delta-for-epsilon E by the RDP accountant: command
 * "account", accountant "rdp", the run, epsilon (E), method, orders, norders,
 * order_search, orders_failed, and objects balle2020 and classic: conversion,
 * delta_upper_bound (the least over the orders of the certified upper bound,
 * rounded up; "1" when no order gives less), order, value (delta's ball at
 * that order), certified, status, note. */
void lp_account_delta_study(lp_record *rec, const lp_account_request *req);
/* log delta at one order alpha for the target epsilon eps, from the T-step
 * RDP ball: both conversions inverted (classic, Balle et al.); each is
 * increasing in rdp_T, so the upper end bounds log delta at that order. */
void lp_account_log_delta(arb_t classic, arb_t balle, const arb_t rdp_T, const arb_t alpha,
                          const arb_t eps, slong prec);
void lp_account_run_init(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req);
void lp_account_run_clear(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req);

#endif
