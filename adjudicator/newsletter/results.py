"""The one wording of a game's result (issue 29), in the game's language: the issue's headline (and so the feeds'
items), the at-a-glance lines of the game page and the home page, and the standings page all say it with ``phrase``.

>>> phrase(Result("draw", ("fra", "ger", "ita")), "en", {"fra": "France", "ger": "Germany", "ita": "Italy"})
'Drawn between France, Germany and Italy'
>>> phrase(Result("win", ("fra",)), "de", {"fra": "Frankreich"})
'Gewonnen von Frankreich'
>>> phrase(Result("win", ("fra",), conceded_by=("ger", "ita")), "en", {"fra": "France"})
'Won by France: ger and ita conceded'
>>> phrase(Result("draw", ("a", "b"), by="gm"), "de", {})
'Von der Spielleitung beendet: Remis zwischen a und b'
>>> phrase(Result("draw", ("a", "b"), by="gm"), "en", {})
'Ended by the game master: drawn between a and b'
>>> phrase(Result("over"), "en", {})
'Over: the rules name no winner'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..kit.catalog import SITE
from ..kit.outcome import Result
from ..kit.ruleset import HasStandings, Ruleset
from ..model import Player, State


def seat_names(players: Sequence[Player], rules: Ruleset, public: State) -> dict[str, str]:
    """How readers know each seat (the ``names`` that ``phrase`` is given): the power a player holds where the
    rules' standings of the public state ``public`` name one (Diplomacy), else the player's name."""
    names = {p.key: p.name for p in players}
    hook = rules.standings if isinstance(rules, HasStandings) else None
    for row in hook(public) if hook is not None else []:
        if row.get("player") in names and isinstance(row.get("power"), str):
            names[row["player"]] = row["power"]
    return names


def listed(names: Sequence[str], lang: str) -> str:
    """Names as a sentence lists them: 'A', 'A and B', 'A, B and C' ('und' in German)."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {SITE.say(lang, 'result.and')} {names[-1]}"


def phrase(result: Result, lang: str, names: Mapping[str, str]) -> str:
    """The result in one line, in ``lang``; ``names`` names each seat as readers know it (the power, the
    player). Not named ``say``: that is every catalog's lookup of a text (``SITE.say``), which its callers use
    beside it."""
    def w(key: str, **values: str) -> str:
        return SITE.say(lang, f"result.{key}", **values)

    who = listed([names.get(s, s) for s in result.seats], lang)
    if result.kind == "draw":
        base = w("draw", names=who)
    elif result.kind == "win" and result.seats:
        base = w("shared" if len(result.seats) > 1 else "win", names=who)
    elif result.by:
        return w("ended_over")
    else:
        base = w("over")
    if result.conceded_by:
        key = "conceded" if len(result.conceded_by) > 1 else "conceded_one"
        base = w(key, base=base, names=listed([names.get(s, s) for s in result.conceded_by], lang))
    if not result.by or result.conceded_by:  # a concession is the players' act, though a ruling records it
        return base
    if lang != "de":  # within the sentence; German nouns keep their capital
        base = base[:1].lower() + base[1:]
    return w("ended", base=base)


def label(lang: str) -> str:
    """'Result' in ``lang``: the at-a-glance line's and the standings page's label."""
    return SITE.say(lang, "result.label")
