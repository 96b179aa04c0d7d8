/* delta_at_epsilon.h -- the RDP accountant's delta at a given epsilon
 * (delta_at_epsilon.c, where the argument is) and its answers where a
 * parameter is 0: q = 0, delta = 0, epsilon = 0 (zero_edges.c). */
#ifndef LP_ACCOUNT_DELTA_AT_EPSILON_H
#define LP_ACCOUNT_DELTA_AT_EPSILON_H

#include "account/study.h"
#include "account/rdp/phases.h"

/* lp_account_study's edges: q = 0 (epsilon 0, status ok), delta = 0 with
 * q > 0 (epsilon +infinity: the bound null, status "infinite").  1 when it
 * wrote the record, 0 otherwise. */
int lp_account_edge_study(lp_record *rec, const lp_account_request *req);
/* The least-multiplier inverse at q = 0 (noise_multiplier "0"), epsilon = 0
 * or delta = 0 with q > 0 (noise_multiplier null, status "infinite"): 1 when
 * it wrote the record. */
int lp_account_least_multiplier_edge(lp_record *rec, const lp_exact *epsilon,
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
/* The note of every record at q = 0 (zero_edges.c): epsilon = 0 exactly. */
extern const char lp_account_note_q0[];

#endif
