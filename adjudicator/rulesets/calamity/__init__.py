"""Calamity (Games Workshop 1983) for 2 to 6 players by mail: insurance policies on a 52-field track.

The rule text is ``calamity.de.txt``; section numbers (0)-(4) and Tables 1-5 are cited throughout. The
movement cards in hand are hidden: they live only in ``state["private"][player]["hand"]`` and the year's deal in
``state["secret"]``; everything else (cash, policies, the token, offers) is public.
"""

from __future__ import annotations

from .adjudicate import phase_label
from .presentation import CalamityPresentation, status
from .rules import SECRECY, CalamityRules
from .setup import OPTIONS, YEARS


class Calamity(CalamityRules, CalamityPresentation):
    """The ruleset object registered as ``calamity``: its rules (``rules.py``) and its presentation
    (``presentation.py``), as the one object the shell loads by name."""


RULESET = Calamity()

__all__ = ["OPTIONS", "RULESET", "SECRECY", "YEARS", "Calamity", "CalamityPresentation", "CalamityRules",
           "phase_label", "status"]
