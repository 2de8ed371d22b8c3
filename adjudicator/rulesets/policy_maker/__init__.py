"""The Policy Maker (Victoria Fischer, Shuyin Zheng, 2023) as a play-by-mail ruleset.

One Government and three Investys. Each round the Government carries out the action of the timeline, then
each Investy in turn invests, manipulates a market, fulfils a public initiative or passes, and draws two
cards. An Investy that holds a monopoly for two rounds wins; when the timeline reaches »Ende« the Government
wins and scores. Every phase awaits one player; hands, the secret goal and the deck stay private.

This module is the ruleset object: the protocol of ``adjudicator.kit.ruleset`` wired to this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...dice import Dice
from ...kit.ruleset import HiddenStateViews, RulesetError
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, choices, sheet, tables
from . import newsletter as _newsletter
from . import orders as _orders
from . import setup as _setup
from .common import action_name, fraction_show, government, investys, name, sectors
from .state import State

SECRECY = Secrecy(simultaneous=("the Audit and the first Investy's turn, which share a phase (H15): the "
                                "Government chooses whom to audit without seeing that Investy's orders",),
                  hidden_state={"private": "each player's hand, the Government's secret goal and grant cards",
                                "secret": "the order of the deck and of the initiative deck, the discards"},
                  hidden_draws=("the secret goal", "the shuffles of the deck and of the initiative deck",
                                "every reshuffle of the discards"),
                  sealed_fields={"initiatives": "the Government's order of preference of initiatives",
                                 "wealth_tax": "the cards given as wealth tax",
                                 "grant": "which grant card goes to whom"})
# Issue 32: at the table the others see only the card an Investy takes, never the order it would have taken them
# in. Games set up since record ``draws: sealed`` (``new_game_options``) and keep the ``draw:`` list sealed until
# the game ends; a game set up earlier has no such option and publishes it as it did, so its turns replay.
DRAWS = ("sealed", "open")
SECRECY_SEALED_DRAWS = Secrecy(
    simultaneous=SECRECY.simultaneous, hidden_state=SECRECY.hidden_state, hidden_draws=SECRECY.hidden_draws,
    sealed_fields={**SECRECY.sealed_fields,
                   "draw": "an Investy's order of preference for its two draws (the table sees the cards taken)"})


def _rules(state: EngineState) -> State:
    """The engine's state as the rules read it. The engine keeps every game's state as plain data, and this one was
    written by this ruleset's ``setup`` and ``adjudicate`` (and replayed from their files), so it has the shape
    ``State`` describes: cast once here, at the boundary, rather than checked again on every read."""
    return cast(State, state)


class PolicyMaker(HiddenStateViews):
    """The Policy Maker: one Government, three Investys, a phase per player's step (H15: none for the Holiday
    break, and the Audit shares the first Investy's phase)."""

    name = "policy-maker"
    title = "The Policy Maker"

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Hands, the Government's goal and the decks are hidden; so are preferences and wealth-tax choices, and
        (option ``draws``, sealed in every game set up since issue 32) the Investys' draw preferences."""
        return SECRECY_SEALED_DRAWS if options.get("draws") == "sealed" else SECRECY

    def new_game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A game set up now keeps the ``draw:`` lists sealed unless the game master chose ``draws=open``."""
        return {"draws": options.get("draws", "sealed")}

    def setup_reports(self, state: EngineState) -> dict[str, list[str]]:
        """Vorbereitung 3 and Ziele: the Government learns its secret policy goal with its condition before its
        first decision; each Investy its goal (the rules' own, public) and its hand."""
        return _setup.reports(_rules(state))

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return tables.data_files()

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        draws = options.get("draws", "open")
        if draws not in DRAWS:
            raise RulesetError(f"option draws must be one of {', '.join(DRAWS)}, not {draws!r}")
        # ``draws`` decides only what is published (``secrecy``), not the state: a game drawn again keeps its bytes
        state = _setup.setup({k: v for k, v in options.items() if k != "draws"}, players, dice)
        return cast(EngineState, state)  # handed to the engine, which keeps it as plain data

    def phase(self, engine_state: EngineState) -> Phase:
        state = _rules(engine_state)
        if state["finished"]:
            return Phase(f"Round {state['round']}: game over", (), finished=True)
        steps = _orders.open_steps(state)
        what = {"government": lambda who: f"{action_name(state)} by the Government ({who})",
                "investy": lambda who: f"{who}'s turn", "wealth_tax": lambda who: f"wealth tax of {who}"}
        label = " with ".join(what[x["step"]](name(state, x["player"])) for x in steps)
        awaited = tuple(x["player"] for x in steps)
        # The Government may change its initiative preference in any phase (it answers for it when an Investy
        # fulfils an initiative), so its orders are taken, not waited for, in the Investys' phases too.
        gov = government(state)
        return Phase(f"Round {state['round']}: {label}", awaited, open_to=() if gov in awaited else (gov,))

    def order_schema(self, state: EngineState, player: str) -> dict[str, Any]:
        return _orders.schema(_rules(state), player)

    def check(self, state: EngineState, player: str, orders: Orders) -> list[Problem]:
        return _orders.check(_rules(state), player, orders)

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        return _orders.defaults(_rules(state), player)

    def drop(self, state: EngineState, orders: Orders, problem: Problem) -> Orders | None:
        """H17: at the deadline a faulty order is left out and the rest is carried out."""
        return _orders.drop(orders, problem.path)

    def adjudicate(self, state: EngineState, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(_rules(state), orders, dice)

    def template(self, state: EngineState, player: str) -> str:
        return sheet.template(_rules(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(_rules(state), player)

    def describe(self, state: EngineState, player: str, orders: Orders) -> list[str]:
        return sheet.describe(_rules(state), player, orders)

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return _newsletter.issue(_rules(self.public_view(state)), report, players)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return _newsletter.headline(_rules(self.public_view(state)), result)

    def result(self, state: EngineState) -> dict[str, Any] | None:
        """A monopoly's Investy, or the Government when the timeline reaches »Ende« (``outcome.HasResult``)."""
        if not state["finished"]:
            return None
        return {"kind": "win", "seats": list((state.get("result") or {}).get("winners") or [])}

    def standings(self, engine_state: EngineState) -> list[dict[str, Any]]:
        """One row per Investy (fields per sector, initiatives, cards in hand, score), then the Government."""
        state = _rules(engine_state)
        rows: list[dict[str, Any]] = []
        for k in investys(state):
            row: dict[str, Any] = {"player": k, "role": "Investy", "colour": state["investys"][k]["colour"]["name"]}
            row.update({s: state["tracks"][s][k] for s in sectors(state)})
            row["initiatives"] = len(state["investys"][k]["initiatives"])
            row["cards"] = state["investys"][k]["cards"]
            row["score"] = sum(state["tracks"][s][k] for s in sectors(state)) + row["initiatives"]
            rows.append(row)
        gov: dict[str, Any] = {"player": government(state), "role": "Government"}
        result = state.get("result") or {}
        if "government" in result:
            gov["score"] = fraction_show(result["government"]["total"])
            gov["rank"] = result["government"]["rank"]
        rows.append(gov)
        return rows

    def history(self, engine_states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        """Per turn: each Investy's fields in all sectors, its public initiatives and its cards in hand."""
        if not engine_states:
            return {}
        states = [_rules(s) for s in engine_states]
        keys = investys(states[0])
        out: dict[str, dict[str, list[int]]] = {"fields": {}, "initiatives": {}, "cards": {}}
        for k in keys:
            out["fields"][k] = [sum(s["tracks"][x][k] for x in sectors(s)) for s in states]
            out["initiatives"][k] = [len(s["investys"][k]["initiatives"]) for s in states]
            out["cards"][k] = [s["investys"][k]["cards"] for s in states]
        return out


RULESET = PolicyMaker()

__all__ = ["RULESET", "PolicyMaker"]
