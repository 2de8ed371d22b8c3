"""The Policy Maker (Victoria Fischer, Shuyin Zheng, 2023) as a play-by-mail ruleset.

One Government and three Investys. Each round the Government carries out the action of the timeline, then
each Investy in turn invests, manipulates a market, fulfils a public initiative or passes, and draws two
cards. An Investy that holds a monopoly for two rounds wins; when the timeline reaches »Ende« the Government
wins and scores. Every phase awaits one player; hands, the secret goal and the deck stay private.

This module is the ruleset object: the protocol of ``adjudicator.kit.ruleset`` wired to this package.
"""

from __future__ import annotations

from .presentation import PolicyMakerPresentation
from .rules import DRAWS, SECRECY, SECRECY_SEALED_DRAWS, PolicyMakerRules


class PolicyMaker(PolicyMakerRules, PolicyMakerPresentation):
    """The ruleset object registered as ``policy-maker``: its rules (``rules.py``) and its presentation
    (``presentation.py``), as the one object the shell loads by name."""


RULESET = PolicyMaker()

__all__ = ["DRAWS", "RULESET", "SECRECY", "SECRECY_SEALED_DRAWS", "PolicyMaker", "PolicyMakerPresentation",
           "PolicyMakerRules"]
