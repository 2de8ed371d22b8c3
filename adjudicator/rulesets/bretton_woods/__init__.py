"""Bretton Woods, the postal economic game by Reiner Knizia and Gernot Skalla.

Every player is the head of a country (Agrarland, Energieland or Rohstoffland) with eleven stocks: B, k, A,
a, E, e, R, r, I, w, g. A year is evaluated in the exact order of section 6 of the rules; the rules page
(``site/rules/bretton-woods.md``) lists every house rule where the text is lost or silent.
"""

from __future__ import annotations

from .presentation import BrettonWoodsPresentation
from .rules import SECRECY, SECTIONS, BrettonWoodsRules


class BrettonWoods(BrettonWoodsRules, BrettonWoodsPresentation):
    """The ruleset object registered as ``bretton-woods``: its rules (``rules.py``) and its presentation
    (``presentation.py``), as the one object the shell loads by name."""


RULESET = BrettonWoods()

__all__ = ["RULESET", "SECRECY", "SECTIONS", "BrettonWoods", "BrettonWoodsPresentation", "BrettonWoodsRules"]
