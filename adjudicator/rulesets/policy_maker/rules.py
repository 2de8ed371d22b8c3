"""The Policy Maker's rules as the engine runs them (``kit.ruleset.Rules``): pure, typed, wired to the modules
below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...kit.ruleset import HandedData, HiddenStateViews, RulesetError
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, tables
from . import orders as _orders
from . import setup as _setup
from .common import action_name, government, name
from .state import orders_of, typed

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


class PolicyMakerRules(HandedData, HiddenStateViews):
    """The rules of the Policy Maker: one Government, three Investys, a phase per player's step (H15: none for the
    Holiday break, and the Audit shares the first Investy's phase). The board's files (``data``) are read at the
    set-up only: the state keeps the board whole."""

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
        return _setup.reports(typed(state))

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        return tables.data_files()

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        draws = options.get("draws", "open")
        if draws not in DRAWS:
            raise RulesetError(f"option draws must be one of {', '.join(DRAWS)}, not {draws!r}")
        # ``draws`` decides only what is published (``secrecy``), not the state: a game drawn again keeps its bytes
        state = _setup.setup({k: v for k, v in options.items() if k != "draws"}, players, dice, self.data)
        return typed.plain(state)

    def phase(self, engine_state: EngineState) -> Phase:
        state = typed(engine_state)
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
        return _orders.schema(typed(state), player)

    def check(self, state: EngineState, player: str, orders: Orders) -> list[Problem]:
        return _orders.check(typed(state), player, orders_of(orders))

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        return orders_of.plain(_orders.defaults(typed(state), player))

    def drop(self, state: EngineState, orders: Orders, problem: Problem) -> Orders | None:
        """H17: at the deadline a faulty order is left out and the rest is carried out."""
        return _orders.drop(orders, problem.path)

    def adjudicate(self, state: EngineState, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(typed(state), orders_of.each(orders), dice)

    def result(self, state: EngineState) -> dict[str, Any] | None:
        """A monopoly's Investy, or the Government when the timeline reaches »Ende« (``outcome.HasResult``)."""
        if not state["finished"]:
            return None
        return {"kind": "win", "seats": list((state.get("result") or {}).get("winners") or [])}
