"""The Bayes capacity of one DP-SGD step, in DP-SGD's own terms.

A DP-SGD step clips a gradient to norm C and adds Gaussian noise of standard
deviation sigma = M * C (M, the noise multiplier).  Theorem III.1 of Biswas et
al. (the Gaussian mechanism on a ball of radius R) then applies with

    secret "example": one example's clipped gradient, R = C, sigma = M C
                      (R / sigma = 1 / M);
    secret "batch":   the client's whole batch of B examples, R = B C against
                      the same noise (R / sigma = B / M, the factor B of Tan et
                      al.'s Theorem 4).

The capacity is invariant under y -> y / sigma, so it depends on R / sigma
only; sigma and R are formed here as exact decimal products (no rounding).
Per-layer clipping clips every layer to C instead of the whole vector, which
makes the inputs a product of balls (leakproof eval gauss-layers).
"""

import decimal

from . import commands
from ._params import decimal_text


def _exact_product(a, b):
    """a * b of two decimal texts, exactly (as a decimal text)."""
    x, y = decimal.Decimal(a), decimal.Decimal(b)
    digits = len(x.as_tuple().digits) + len(y.as_tuple().digits) + 2
    context = decimal.Context(prec=digits, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                              traps=[decimal.Inexact, decimal.InvalidOperation])
    return str(context.multiply(x, y)).replace("E", "e")


def _checked_decimal(value, name):
    text = decimal_text(value, name)
    try:
        number = decimal.Decimal(text)
    except decimal.InvalidOperation:
        raise ValueError("leakproof dpsgd: %s must be a decimal number (got '%s')"
                         % (name, text)) from None
    if not number.is_finite() or number <= 0:
        raise ValueError("leakproof dpsgd: %s must be a decimal number > 0 (got '%s')"
                         % (name, text))
    return text


class DpsgdLeakage:
    """Whole-vector and per-layer clipping of one DP-SGD configuration.

    sigma, radius: the decimal texts given to Theorem III.1; p: the number of
    model parameters; whole_vector: the Result of eval gauss (the whole
    gradient clipped to norm C); per_layer: the Result of eval gauss-layers
    (every layer clipped to C), or None when no layers were given.
    """

    def __init__(self, p, sigma, radius, whole_vector, per_layer):
        self.p = p
        self.sigma = sigma
        self.radius = radius
        self.whole_vector = whole_vector
        self.per_layer = per_layer

    @property
    def log2_capacity(self):
        """log2 C of the whole-vector step in bits (the record's text, exactly as printed)."""
        return self.whole_vector["log2_capacity"]

    @property
    def attacker_note(self):
        """What the capacity means for an exact-reconstruction attacker: the bound
        C times the prior's largest probability (min(1, C/n) for n equally likely
        secrets), below 1 only for a secret of more than log2 C bits of
        min-entropy; "vacuous" when no realistic secret has that many."""
        return self.whole_vector["attacker_note"]

    def __repr__(self):
        per_layer = self.per_layer.log10 if self.per_layer is not None else None
        return ("DpsgdLeakage(p=%d, sigma=%s, radius=%s, log10 whole_vector=%s, "
                "log10 per_layer=%s, log2 whole_vector=%s bits: %s)"
                % (self.p, self.sigma, self.radius, self.whole_vector.log10, per_layer,
                   self.log2_capacity, self.attacker_note))


def dpsgd(noise_multiplier, clip, model_params=None, layers=None, layers_file=None,
          batch=None, secret="example", digits=None):
    """The Bayes capacity of one DP-SGD step, whole-vector and per-layer clipping.

    noise_multiplier: M (noise standard deviation M * clip); clip: C, the
    clipping norm; the model as model_params (its number of parameters),
    layers (a list of per-layer parameter counts) or layers_file (a
    cases/networks/*.layers file); batch: B, needed for secret='batch';
    secret: 'example' (one example's gradient is the secret: R = C, the
    default) or 'batch' (the client's batch of B: R = B C).  Returns a
    DpsgdLeakage; per_layer is computed when the layers are known.

    >>> r = dpsgd(noise_multiplier='1.1', clip='1', layers=[456, 2416, 48120, 10164, 850])
    >>> r.whole_vector.log10, r.per_layer.log10       # doctest: +SKIP
    """
    multiplier = _checked_decimal(noise_multiplier, "noise_multiplier")
    clip = _checked_decimal(clip, "clip")
    if secret == "example":
        radius = clip
    elif secret == "batch":
        if batch is None:
            raise ValueError("leakproof dpsgd: secret='batch' needs batch (the batch size B)")
        b = _checked_decimal(batch, "batch")
        if decimal.Decimal(b) != decimal.Decimal(b).to_integral_value():
            raise ValueError("leakproof dpsgd: batch must be an integer >= 1 (got '%s')" % b)
        radius = _exact_product(b, clip)
    else:
        raise ValueError("leakproof dpsgd: secret must be 'example' or 'batch' (got %r)"
                         % (secret,))
    if sum(x is not None for x in (model_params, layers, layers_file)) != 1:
        raise ValueError("leakproof dpsgd: give exactly one of model_params, layers, layers_file")
    sigma = _exact_product(multiplier, clip)
    per_layer = None
    if layers is not None or layers_file is not None:
        if layers is not None and (isinstance(layers, (str, bytes, bytearray))
                                   or not hasattr(layers, "__iter__")):
            raise TypeError("leakproof dpsgd: layers must be a list of layer sizes, not a %s "
                            "(layers_file for a file)" % type(layers).__name__)
        source = {"layers": list(layers)} if layers is not None else {"layers_file": layers_file}
        per_layer = commands.eval("gauss-layers", sigma=sigma, clip=radius, digits=digits,
                                  **source)
        p = int(per_layer["p"])
    else:
        p = int(decimal_text(model_params, "model_params"))
    whole_vector = commands.eval("gauss", p=p, sigma=sigma, radius=radius, digits=digits)
    return DpsgdLeakage(p, sigma, radius, whole_vector, per_layer)
