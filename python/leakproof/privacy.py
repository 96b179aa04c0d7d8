"""A mechanism's differential-privacy guarantee, certified (leakproof dp).

    import leakproof
    r = leakproof.dp('vmf', p=13700, kappa=173, delta='1e-5')
    r['epsilon']        # Decimal: the least epsilon with delta(epsilon) <= 1e-5
    r['supremum']       # 'proved' (or, for laplace-l1's delta, 'checked, not proved')
    leakproof.dp('gauss', p=13700, sigma=1, radius=1, epsilon=2)['delta']
    leakproof.dp('laplace-l1', p=10, b=1, radius=1, order=2)['renyi_epsilon']
    leakproof.dp('vmf', p=13700, kappa=173, sensitivity=1, delta='1e-5')  # chordal distance 1

Exactly one of epsilon, delta, order; neighbours='secrets' (the default) or
sensitivity=S.  Every number is certified (see leakproof(1), section dp).
"""



def dp(mechanism, **params):
    """The privacy profile delta(epsilon), the least epsilon for a delta, or the
    Renyi divergence at an order, of gauss, vmf or laplace-l1 (leakproof dp).

    e.g. dp('vmf', p=13700, kappa=173, delta='1e-5') or
    dp('gauss', p=5, sigma='0.5', sensitivity=1, epsilon=1).  Returns a Result
    with the record's keys (delta, epsilon, renyi_epsilon, epsilon_pure as
    Decimals; supremum, worst_pair, neighbours as text).  One parameter as a
    NumPy array gives a Sweep of the results, as for every command."""
    from . import commands
    return commands._swept(["dp", mechanism], params)
