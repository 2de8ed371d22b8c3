"""A generated corpus of order sheets for the page's verdict and ``validate`` (issue 30, "Show it"): for each game
of the test league, good sheets and random mutations of them, the same for a given seed on every run.

A list of lines (Diplomacy, its winter and retreats, the Thirty Years' War) starts from the orders the rules offer
(the form's lines) and mutates them: a wrong province, another power's unit, a unit ordered twice, a wrong unit
letter, a made-up place, other spellings of a good line (case, spaces, a dash without spaces), a mapping, entries of
the wrong type, an overlong line. A sheet of another shape (Bretton Woods, Auf Achse, The Policy Maker, Calamity)
starts from the sheet ``turnpress template`` prints and mutates its values: a wrong type, a negative or huge number,
an unknown key, a key taken away, an item twice, a word no one offers.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import yaml

from adjudicator.kit import sheet
from adjudicator.kit.ruleset import OffersChoices
from adjudicator.league import store

HEAD = "game: {game}\nturn: {turn}\nplayer: {player}\norders:\n"
JUNK = ["Xyz", "Nht", "Mos", "Kon", "Lon", "Par", "Bur", "Nth", "Wien", "Aug", "HH", "M", "17", "H", "S", "C"]


def base(root: Any, game_id: str, player: str) -> tuple[list[str] | None, Any, list[str]]:
    """The offered lines of ``player``'s form (a list game), else the template's orders; and every place name the
    form's lines know (for wrong provinces)."""
    game = store.load_game(root, game_id)
    rs = game.ruleset
    state = game.effective_state(game.open_turn)
    public = rs.public_view(state)
    form = rs.choices(public, player) if isinstance(rs, OffersChoices) else None
    field = (form or {}).get("field") or {}
    if field.get("kind") == "list":
        lines = sorted({o["value"] for item in field.get("items") or [] for o in item.get("options") or []
                        if isinstance(o.get("value"), str)})
        places = sorted(((form or {}).get("lines") or {}).get("places") or {})
        return lines, None, [p.capitalize() for p in places] or JUNK
    body = sheet.body(rs, sheet.sheet_state(public, player, sealed=False), player)
    data = yaml.safe_load(HEAD.format(game=game_id, turn=game.open_turn, player=player) + body)
    return None, data["orders"], JUNK


def _respell(line: str, rnd: random.Random) -> str:
    choice = rnd.randrange(4)
    if choice == 0:
        return line.lower()
    if choice == 1:
        return line.replace(" - ", "-")
    if choice == 2:
        return "  " + line.replace(" ", "  ") + " "
    return line.upper()


def _mutate_line(line: str, lines: list[str], places: list[str], rnd: random.Random) -> Any:
    words = line.split(" ")
    kind = rnd.randrange(10)
    if kind == 0 and len(words) > 2:  # a wrong province at the end
        return " ".join([*words[:-1], rnd.choice(places)])
    if kind == 1 and len(words) > 1:  # another unit letter
        return " ".join([{"A": "F", "F": "A"}.get(words[0], "A"), *words[1:]])
    if kind == 2:  # a made-up place
        return " ".join([*words[:-1], rnd.choice(JUNK)]) if len(words) > 1 else f"A {rnd.choice(JUNK)} H"
    if kind == 3:  # a unit that is not there, or another's
        return f"{rnd.choice('AF')} {rnd.choice(places)} {rnd.choice(['H', '- ' + rnd.choice(places)])}"
    if kind == 4:
        return _respell(line, rnd)
    if kind == 5 and len(words) > 1:  # a mapping
        return {"unit": " ".join(words[:2]), "move": rnd.choice(places)} if rnd.randrange(2) else \
            {"unit": " ".join(words[:2]), "moov": rnd.choice(places)}
    if kind == 6:  # the wrong type
        return rnd.choice([17, [], {}, None, True])
    if kind == 7:  # overlong
        return line + " " + "x" * rnd.choice([10, 250, 400])
    if kind == 8:  # a support of someone
        return f"{' '.join(words[:2])} S {rnd.choice(lines)}"
    return rnd.choice(lines)


def list_sheet(lines: list[str], places: list[str], rnd: random.Random, kind: str) -> list[Any]:
    """A list of lines: good ones (one per unit, as offered), edge ones (respelled, empty, every unit twice)
    or bad ones (one to three mutated lines among good ones)."""
    by_unit: dict[str, list[str]] = {}
    for line in lines:
        by_unit.setdefault(" ".join(line.split(" ")[:2]), []).append(line)
    good = [rnd.choice(v) for _, v in sorted(by_unit.items())]
    good = rnd.sample(good, rnd.randrange(len(good) + 1)) if good else []
    if kind == "good":
        return good
    if kind == "edge":
        edge = rnd.randrange(4)
        if edge == 0:
            return [_respell(x, rnd) for x in good]
        if edge == 1:
            return []
        if edge == 2:
            return good + good
        return good[:1] * 3
    out: list[Any] = list(good)
    for _ in range(rnd.randrange(1, 4)):
        line = rnd.choice(lines) if lines else "A Lon H"
        out.insert(rnd.randrange(len(out) + 1), _mutate_line(line, lines, places, rnd))
    return out


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [path] + [x for k, v in data.items() for x in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [path] + [x for i, v in enumerate(data) for x in _leaves(v, (*path, i))]
    return [path]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate_data(orders: Any, rnd: random.Random, kind: str) -> Any:
    """The template's orders (good), with an edge value (zero, an empty list) or one to three mutations (bad)."""
    data = copy.deepcopy(orders)
    if kind == "good":
        return data
    for _ in range(1 if kind == "edge" else rnd.randrange(1, 4)):
        paths = _leaves(data)
        path = rnd.choice(paths)
        here = _get(data, path)
        if kind == "edge":
            value = 0 if isinstance(here, int) and not isinstance(here, bool) else [] if isinstance(here, list) \
                else here
            data = _set(data, path, value)
            continue
        change = rnd.randrange(8)
        if change == 0:
            data = _set(data, path, rnd.choice(["x", "Wien", "HH", -1, 10**9, 3, 999, True, None, [], {}]))
        elif change == 1 and isinstance(here, int) and not isinstance(here, bool):
            data = _set(data, path, rnd.choice([-here - 1, here * 50 + 99, 22100]))
        elif change == 2 and isinstance(here, dict):
            here[rnd.choice(["extra", "moov", "bid", "sector"])] = rnd.choice([1, "x"])
        elif change == 3 and isinstance(here, dict) and here:
            del here[rnd.choice(sorted(here, key=str))]
        elif change == 4 and isinstance(here, list) and here:
            here.append(copy.deepcopy(rnd.choice(here)))
        elif change == 5 and isinstance(here, str):
            data = _set(data, path, here + rnd.choice(["x", " ", "-1"]))
        elif change == 6:
            data = _set(data, path, "y" * 300)
        elif isinstance(here, list):
            here.append(rnd.choice([1, "x", {"order": 99, "kj": 5}, {"sector": "energy", "change": 1}]))
    return data


def sums(root: Any, game_id: str, player: str) -> list[dict[str, Any]]:
    """The sums the rules compare with what a player has (the form's ``cuts.sums``: Bretton Woods' budgets, Auf
    Achse's bids against the cash), for sheets at and one over them."""
    game = store.load_game(root, game_id)
    rs = game.ruleset
    if not isinstance(rs, OffersChoices):
        return []
    form = rs.choices(rs.public_view(game.effective_state(game.open_turn)), player)
    return list(((form or {}).get("cuts") or {}).get("sums") or [])


def at_budget(orders: Any, budgets: list[dict[str, Any]], rnd: random.Random) -> tuple[str, Any] | None:
    """The template's orders with one amount set at what a budget allows (``at``) or one over it (``over``), the
    other amounts as they are (which may still overdraw it: the corpus compares verdicts, not intentions)."""
    data = copy.deepcopy(orders)
    budget = rnd.choice(budgets)
    term = rnd.choice(budget["terms"])
    path = [0 if k == "*" else k for k in term["path"]]
    try:
        row = _get(data, tuple(path[:-1]))
    except (KeyError, IndexError, TypeError):
        return None
    if not isinstance(row, dict) or any(row.get(k) != v for k, v in (term.get("match") or {}).items()):
        return None
    per = term["per"] * (row.get(term["times"], 0) if term.get("times") else 1)
    if not isinstance(per, int) or per <= 0:
        return None
    kind = rnd.choice(["at", "over"])
    row[path[-1]] = budget["have"] // per + (1 if kind == "over" else 0)
    return kind, data


def written(root: Any, game_id: str, player: str) -> list[str]:
    """The lines of the form's rows whose amount the player writes (30JK's religious actions: ``Kirchenbau: A Aug
    (# RP)``), the amount as ``#``: every choice of the row filled in."""
    game = store.load_game(root, game_id)
    rs = game.ruleset
    if not isinstance(rs, OffersChoices):
        return []
    form = rs.choices(rs.public_view(game.effective_state(game.open_turn)), player) or {}
    out = []
    for row in (form.get("field") or {}).get("items") or []:
        item = row.get("item") or {}
        fields = {f.get("kind"): f for f in item.get("fields") or []}
        if row.get("kind") != "rows" or item.get("kind") != "line" or set(fields) != {"choice", "integer"}:
            continue
        amount, choice = fields["integer"]["key"], fields["choice"]["key"]
        out += [str(item["format"]).replace("{" + amount + "}", "#").replace("{" + choice + "}", o["value"])
                for o in fields["choice"].get("options") or []]
    return out


def spends(body: list[Any], shapes: list[str], rnd: random.Random) -> list[Any]:
    """``body`` with one to four lines of ``shapes`` among its lines, each with an amount below, at or above what
    the rules take and any budget a player has (0, 1, 2, 3, 5, 9, 40)."""
    out = list(body)
    for _ in range(rnd.randrange(1, 5)):
        line = rnd.choice(shapes).replace("#", str(rnd.choice([0, 1, 2, 3, 5, 9, 40])))
        out.insert(rnd.randrange(len(out) + 1), line)
    return out


def cut_short(body: list[Any], lines: list[str], rnd: random.Random) -> list[Any]:
    """``body`` with a line of ``lines`` cut short among its own (``F Lon S``, ``A Lvp -``: what a player has while
    typing), at least its first two words."""
    out = list(body)
    words = rnd.choice(lines).split(" ") if lines else ["A", "Lon", "-", "Bur"]
    out.insert(rnd.randrange(len(out) + 1), " ".join(words[:rnd.randrange(2, len(words))]) if len(words) > 2
               else words[0])
    return out


def sheets(root: Any, game_id: str, player: str, turn: int, count: int, seed: int = 30) -> list[tuple[str, str]]:
    """``count`` sheets of ``player`` in ``game_id``: (kind, text), kinds good, edge and bad in turn; where the rules
    compare sums with what the player has, every eighth edge sheet is one at or over a budget instead (kinds at,
    over); where the player writes amounts in lines of the form's rows (30JK's religious actions), every other bad
    sheet has one to four such lines among its own (kind spends); in a list of lines, each other bad sheet has a
    line cut short among its own (kind short). Each is drawn from a random stream of its own, so that every other
    sheet stays what it was."""
    rnd = random.Random(f"{seed}:{game_id}:{player}")
    budget_rnd = random.Random(f"{seed}:{game_id}:{player}:budgets")
    spend_rnd = random.Random(f"{seed}:{game_id}:{player}:spends")
    short_rnd = random.Random(f"{seed}:{game_id}:{player}:short")
    lines, orders, places = base(root, game_id, player)
    budgets = sums(root, game_id, player) if lines is None else []
    shapes = written(root, game_id, player) if lines is not None else []
    head = HEAD.format(game=game_id, turn=turn, player=player)
    out = []
    for n in range(count):
        kind = ("good", "edge", "bad", "bad")[n % 4]
        body = list_sheet(lines, places, rnd, kind) if lines is not None else mutate_data(orders, rnd, kind)
        if budgets and n % 8 == 1 and (changed := at_budget(orders, budgets, budget_rnd)) is not None:
            kind, body = changed
        if shapes and n % 8 == 3:
            kind, body = "spends", spends(body, shapes, spend_rnd)
        if lines is not None and n % 8 == 7:
            kind, body = "short", cut_short(body, lines, short_rnd)
        out.append((kind, head + (yaml.safe_dump({"orders": body}, allow_unicode=True, sort_keys=False,
                                                 default_flow_style=False, width=1000).split("\n", 1)[1]
                                  if body not in ([], {}, None) else "  {}\n" if body == {} else "  []\n")))
    return out
