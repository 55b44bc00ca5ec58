"""95% confidence intervals for the arena's rates (tools/arena_*.py)."""

import math

Z = 1.96


def wilson(k, n):
    """95% interval of a rate k/n, Wilson's (k may be fractional: shared
    wins): (rate, low, high)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return p, max(0.0, c - h), min(1.0, c + h)


def interval(k, n):
    """95% interval of a rate k/n: the normal approximation, Wilson's near
    0 or 1 (where the normal one would leave [0, 1])."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    if 0.1 < p < 0.9:
        h = Z * math.sqrt(p * (1 - p) / n)
        return p, max(0.0, p - h), min(1.0, p + h)
    return wilson(k, n)


def mean_interval(xs):
    """(mean, half width of its 95% interval) of a list of numbers."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1))
    return m, Z * sd / math.sqrt(n)
