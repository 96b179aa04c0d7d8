"""What bounds a reconstruction attacker on a whole DP-SGD run (leakproof run-bounds).

The run as `leakproof account --accountant pld` takes it, and the prior's
baseline kappa (prior_size=n for n equally likely candidates, kappa = 1/n;
or baseline='K').  Every bound on the informed adversary's success,
certified, side by side:

    rero_lower_bound, rero_upper_bound  1 - f(kappa) of the run's trade-off
                                        curve (Hayes et al. 2023, Kaissis et
                                        al. 2023): the tight bound for the
                                        pair that dominates the run
    rero_closed_form                    q = 1, the Gaussian:
                                        Phi(Phi^-1(kappa) + sqrt(T)/M)
    eps_delta_bound                     e^eps kappa + delta at delta=...
    eps_delta_bound_best                the least over the run's (eps, delta)
    renyi_bound                         min over orders of (e^RDP kappa)^((a-1)/a)
    capacity_bound                      min(1, C kappa), C the run's Bayes
                                        capacity (needs p)
    fisher_mse_bound                    the least MSE of an unbiased estimate
                                        of the record, p M^2 C^2 / (T q)

The attacker itself on the same run: reconstruct('gauss', noise_multiplier=M,
sampling_rate=q, steps=T, prior='simplex', n=n, p=d, samples=..., seed=...),
which prints these bounds beside its success (leakproof(1), RUN-BOUNDS).
"""

from . import commands as _commands


def run_bounds(**params):
    """A training run's reconstruction bounds, certified (leakproof run-bounds).

    Parameters, as the command's options: the run (noise_multiplier,
    sampling_rate, steps; or batch, dataset_size, epochs, sampling; phase;
    mechanism='vmf' with kappa and p; relation), and prior_size (kappa =
    1/n) or baseline (kappa as a decimal or 'N/D'); p (the record's
    dimension: the capacity and Fisher bounds); delta (the (eps, delta)
    bound's); target_success with resolution: the least multiplier whose
    certified ReRo bound is at most it.  Returns a Result whose bounds are
    strings exactly as printed, each rounded outward (Decimal(...) for
    arithmetic).

    Example:
        >>> r = leakproof.run_bounds(noise_multiplier='0.729', sampling_rate='256/60000',
        ...                          steps=3515, prior_size=10, delta='1e-5')
        >>> r['rero_lower_bound'], r['rero_upper_bound'], r['eps_delta_bound']
        ('2.45753e-1', '2.46483e-1', '1.00000e+0')
    One parameter as a NumPy array gives a Sweep of the results."""
    return _commands._swept(["run-bounds"], params)
