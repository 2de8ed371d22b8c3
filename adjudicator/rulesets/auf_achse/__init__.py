"""Auf Achse: the play-by-mail rules 2.0 (Jörg Johannisson, 1991) after Wolfgang Kramer's board game (1987).

Hauliers bid for transport orders, load goods, drive the Brummi over the map of Germany paying the quadratic
fare, and deliver. The rules page is ``site/rules/auf-achse.md``; house rules are marked there.
"""

from __future__ import annotations

from .presentation import AufAchsePresentation
from .rules import SECRECY, AufAchseRules


class AufAchse(AufAchseRules, AufAchsePresentation):
    """The ruleset object registered as ``auf-achse``: its rules (``rules.py``) and its presentation
    (``presentation.py``), as the one object the shell loads by name."""


RULESET = AufAchse()

__all__ = ["RULESET", "SECRECY", "AufAchse", "AufAchsePresentation", "AufAchseRules"]
