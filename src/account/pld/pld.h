/* pld.h -- a certified privacy-loss-distribution (PLD) accountant of the
 * Poisson-subsampled Gaussian over T steps: an upper and a lower bound on the
 * true delta(epsilon) and epsilon(delta) of the composed mechanism.
 *
 * One step, noise multiplier M, sampling rate q, sensitivity 1, in units of
 * the noise (u = x / M), s(u) = u/M - 1/(2 M^2):
 *   remove   P = (1-q) N(0,1) + q N(1/M,1),  Q = N(0,1),
 *            L(u) = log(1 - q + q e^{s(u)}),   u ~ P   (L > log(1-q));
 *   add      P = N(0,1),  Q = the mixture,
 *            L(u) = -log(1 - q + q e^{s(u)}),  u ~ P   (L < -log(1-q)).
 * delta(eps) of T steps = E[(1 - e^{eps - S})_+], S the sum of T iid L
 * (Meiser and Mohammadi 2018; Koskela, Jalko and Honkela 2020).
 *
 * The route (bounds/pld_bounds.h has the proofs; pld_types.h names the rooms):
 *   1. clamp the loss where its tail is below tau (the cut mass counts fully
 *      into delta: T tau), round it up onto the grid k h: Y = ceil_h(X),
 *      masses certified in Arb;
 *   2. compose T times on a circular grid of n = 2^m points by a radix-2 FFT
 *      in doubles, the power y^T of each coefficient and the inverse FFT, with
 *      an a-priori bound on every rounding (compose/pld_fft.c); where that bound
 *      exceeds a fifth of delta (long runs at tiny q), again in x87 extended
 *      precision (u = 2^-64, the same proof); where the power leaves few
 *      coefficients (large T), no inverse: delta's sums from them in closed
 *      form, in Arb (compose/pld_spectral.c);
 *   3. aliasing and the window's tails by a certified Chernoff bound on the
 *      discretised loss's moment generating function (summed by parts over
 *      the certified tail probabilities, whose radii are relative);
 *   4. the rounding Y - X in [0, h) moves S by at most T h (Meiser and
 *      Mohammadi's pessimistic/optimistic bounds), and, around its mean
 *      E[Y] - E[X] (E[X] the KL divergence, certified by an integral), by at
 *      most h sqrt(T log(1/eta)/2) except with probability eta (Hoeffding;
 *      the coupling of Gopi, Lee and Wutschitz 2021): both are taken, the
 *      better at each epsilon. */
#ifndef LP_PLD_H
#define LP_PLD_H

#include "account/pld/pld_types.h"
#include "account/pld/compose/pld_fft.h"
#include "account/pld/pairs/pld_mech.h"
#include "account/pld/bounds/pld_bounds.h"
#include "account/pld/init/pld_init.h"
#include "account/pld/study/pld_request.h"

#endif
