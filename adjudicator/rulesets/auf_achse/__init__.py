"""Auf Achse: the play-by-mail rules 2.0 (Jörg Johannisson, 1991) after Wolfgang Kramer's board game (1987).

Hauliers bid for transport orders, load goods, drive the Brummi over the map of Germany paying the quadratic
fare, and deliver. The rules page is ``site/rules/auf-achse.md``; house rules are marked there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...dice import Dice
from ...kit import gamedata
from ...kit.ruleset import HiddenStateViews
from ...kit.secrecy import Secrecy
from ...model import Orders, Phase, Player, Problem, TurnResult
from ...model import State as EngineState
from . import adjudicate, board, choices, drawing, newsletter, setup, tables
from . import orders as _orders
from .state import State

SECRECY = Secrecy(simultaneous=("every round: bids on the orders offered and on the construction site, moves",),
                  hidden_state={"secret": "the order of the deck of order cards"},
                  hidden_draws=("the shuffle of the deck of order cards",),
                  words={"de": {"every round: bids on the orders offered and on the construction site, moves":
                                "jede Runde: Gebote auf die ausgelegten Aufträge und auf die Baustelle, Fahrten",
                                "the order of the deck of order cards":
                                "die Reihenfolge des Stapels der Auftragskarten",
                                "the shuffle of the deck of order cards":
                                "das Mischen des Stapels der Auftragskarten"}})


def _rules(state: EngineState) -> State:
    """The engine's state as the rules read it. The engine keeps every game's state as plain data, and this one was
    written by this ruleset's ``setup``, ``join`` and ``adjudicate`` (and replayed from their files), so it has the
    shape ``State`` describes: cast once here, at the boundary, rather than checked again on every read."""
    return cast(State, state)


class AufAchse(HiddenStateViews):
    """The ruleset object registered as ``auf-achse``."""

    name = "auf-achse"
    title = "Auf Achse"

    def secrecy(self, options: Mapping[str, Any]) -> Secrecy:
        """Bids on orders and on the construction site are sealed (Sonderregel A); the deck's order is hidden."""
        return SECRECY

    def data_files(self, options: Mapping[str, Any]) -> list[str]:
        """The tables, the words, the board and, where the board has them, its drawing (each road's course, the
        inset) and the land under it: the Amtsblatt's map."""
        name = setup.read_options(options)["map"]
        drawn = [f for f in (drawing.drawing_file(name), newsletter.background_file(name))
                 if gamedata.ships(__package__, f)]
        return [tables.FILE, tables.WORDS_FILE, board.board_file(name), *drawn]

    def setup(self, options: Mapping[str, Any], players: Sequence[Player], dice: Dice) -> EngineState:
        return cast(EngineState, setup.setup(options, players, dice))  # handed to the engine as plain data

    def join(self, state: EngineState, player: Player, dice: Dice) -> EngineState:
        return cast(EngineState, setup.join(_rules(state), player, dice))

    def phase(self, engine_state: EngineState) -> Phase:
        state = _rules(engine_state)
        rnd = state["round"]
        label = f"Runde {rnd}" + (" (Versteigerung)" if rnd == 0 else "")
        if state["finished"]:
            return Phase(f"Spielende nach Runde {rnd - 1}", (), True)
        return Phase(label, tuple(adjudicate.active(state)))

    def order_schema(self, state: EngineState, player: str) -> dict[str, Any]:
        return _orders.order_schema(_rules(state), player)

    def check(self, state: EngineState, player: str, orders: Orders) -> list[Problem]:
        return _orders.check(_rules(state), player, orders)

    def default_orders(self, state: EngineState, player: str, previous: Orders | None) -> Orders:
        return _orders.default_orders(_rules(state), player, previous)

    def drop(self, state: EngineState, orders: Orders, problem: Problem) -> Orders | None:
        return _orders.drop(orders, problem.path)

    def adjudicate(self, state: EngineState, orders: Mapping[str, Orders], dice: Dice) -> TurnResult:
        return adjudicate.adjudicate(_rules(state), orders, dice)

    def template(self, state: EngineState, player: str) -> str:
        return _orders.template(_rules(state), player)

    def choices(self, state: EngineState, player: str) -> dict[str, Any]:
        return choices.choices(_rules(state), player)

    def describe(self, state: EngineState, player: str, orders: Orders) -> list[str]:
        return _orders.describe(_rules(state), player, orders)

    def newsletter(self, state: EngineState, report: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.newsletter(_rules(state), report, players)

    def setup_newsletter(self, state: EngineState, players: Sequence[Player]) -> str:
        return newsletter.setup_newsletter(_rules(state), players)

    def headline(self, state: EngineState, result: Mapping[str, Any], players: Sequence[Player]) -> str:
        return newsletter.headline(_rules(state), result)

    def result(self, state: EngineState) -> dict[str, Any] | None:
        """Sieger: the most cash, bankrupt hauliers below (``adjudicate.ranking``); equal first places share the win."""
        if not state["finished"]:
            return None
        return {"kind": "win", "seats": [r["haulier"] for r in adjudicate.ranking(_rules(state)) if r["place"] == 1]}

    def standings(self, engine_state: EngineState) -> list[dict[str, Any]]:
        state = _rules(engine_state)
        rows = []
        for r in adjudicate.ranking(state):
            h = state["hauliers"][r["haulier"]]
            rows.append({"place": r["place"], "haulier": h["name"], "cash": h["cash"],
                         "credit": 0 if h["bankrupt"] else adjudicate.credit(state, r["haulier"])["limit"],
                         "delivered": len(h["delivered"]), "open": len(adjudicate.open_orders(state, r["haulier"])),
                         "trailers": sum(len(t["trailers"]) for t in h["trucks"]),
                         "status": "Pleite" if h["bankrupt"] else "im Geschäft"})
        return rows

    def map(self, state: EngineState) -> str:
        """The board (the site's map page and the orders page's, where a route is picked field by field)."""
        return newsletter.svg_map(_rules(state), graph=True)

    def colours(self, state: EngineState) -> dict[str, str]:
        """Each haulier's colour on the board, so that the charts' lines are the same."""
        return newsletter.haulier_colours(_rules(state))

    def history(self, states: Sequence[EngineState]) -> dict[str, dict[str, list[int]]]:
        keys = list(states[-1]["seats"]) if states else []
        out: dict[str, dict[str, list[int]]] = {"cash": {k: [] for k in keys}, "delivered": {k: [] for k in keys}}
        for s in map(_rules, states):
            for k in keys:
                h = s["hauliers"].get(k)
                out["cash"][k].append(h["cash"] if h else 0)
                out["delivered"][k].append(len(h["delivered"]) if h else 0)
        return out


RULESET = AufAchse()
