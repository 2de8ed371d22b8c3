"""Diplomacy, driven by map data: the standard map and its DATC-tested adjudicator.

``RULESET`` is what the league loads (entry point ``turnpress.rulesets``: ``diplomacy``). Players are seated
with their power as role (``--player NAME:LOGIN:ID:england``); ``--option map=standard`` picks the map.
"""

from __future__ import annotations

from .presentation import DiplomacyPresentation
from .rules import SECRECY, DiplomacyRules


class Diplomacy(DiplomacyRules, DiplomacyPresentation):
    """The ruleset object registered as ``diplomacy``: its rules (``rules.py``) and its presentation
    (``presentation.py``), as the one object the shell loads by name."""


RULESET = Diplomacy()

__all__ = ["RULESET", "SECRECY", "Diplomacy", "DiplomacyPresentation", "DiplomacyRules"]
