"""The Policy Maker (Victoria Fischer, Shuyin Zheng, 2023) as a play-by-mail ruleset.

One Government and three Investys. Each round the Government carries out the action of the timeline, then
each Investy in turn invests, manipulates a market, fulfils a public initiative or passes, and draws two
cards. An Investy that holds a monopoly for two rounds wins; when the timeline reaches »Ende« the Government
wins and scores. Every phase awaits one player; hands, the secret goal and the deck stay private.
"""

from __future__ import annotations

from .game import PolicyMaker

RULESET = PolicyMaker()

__all__ = ["RULESET", "PolicyMaker"]
