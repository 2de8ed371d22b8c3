"""The one rounding rule of the game, in integer arithmetic, and fractions as text.

House rule (the text only says "so wird gerundet"): halves are rounded away from zero, as a person does by
hand, so 2.5 -> 3 and -2.5 -> -3. Every rounding in this ruleset goes through ``round_half_away``.

>>> round_half_away(Fraction(5, 2)), round_half_away(Fraction(-5, 2)), round_half_away(Fraction(104, 1))
(3, -3, 104)
"""

from __future__ import annotations

from fractions import Fraction


def round_half_away(x: Fraction) -> int:
    """``x`` rounded to the nearest integer, halves away from zero."""
    x = Fraction(x)
    n, d = abs(x.numerator), x.denominator
    q = (2 * n + d) // (2 * d)
    return q if x >= 0 else -q


def fraction_text(x: Fraction) -> str:
    """``"a/b"``: how fractions are stored (no floats anywhere)."""
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"



def decimal_text(x: Fraction, places: int = 2) -> str:
    """``x`` as a German decimal with ``places`` digits (comma), rounded half away from zero.

    >>> decimal_text(Fraction(5, 12)), decimal_text(Fraction(26, 10), 1)
    ('0,42', '2,6')
    """
    scaled = round_half_away(Fraction(x) * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**places)
    return f"{sign}{whole},{frac:0{places}d}" if places else f"{sign}{whole}"
