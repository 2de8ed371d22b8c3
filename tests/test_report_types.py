"""The typed report pieces (issue #20) say what a turn's report.yaml holds: ``turn.select`` and ``turn.compute``
build a ``model.TurnReport`` (its ``OrdersAccount``, ``Late``, ``Refused``, ``DiceRecord``), every committed demo
report has exactly these shapes, and ``store.Game.report`` reads a report back through ``model.read_report``, so
a report that lost a key is named with its file instead of failing deep inside a replay."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, NotRequired, get_args, get_origin, get_type_hints

import pytest

from adjudicator import yamlio
from adjudicator.engine import turn, turncore
from adjudicator.errors import LeagueError
from adjudicator.kit.orders import Checked, Finding
from adjudicator.league import store
from adjudicator.model import (
    Absence,
    DiceRecord,
    Extension,
    Late,
    OrdersAccount,
    Refused,
    TurnReport,
    misfit,
    read_report,
)

from .test_league_e2e import at, new_game, run, submit

REPO = Path(__file__).resolve().parents[1]


def unnamed(data: Any, kind: Any, at_: str = "") -> list[str]:
    """The keys in ``data`` that the report's pieces do not name, at every level they describe."""
    hints = get_type_hints(kind, include_extras=True)
    out = [f"{at_}.{k}" for k in data if k not in hints]
    for key, hint in hints.items():
        inner = get_args(hint)[0] if get_origin(hint) is NotRequired else hint
        if key not in data:
            continue
        if inner in (DiceRecord, OrdersAccount, Extension, Absence):
            out += unnamed(data[key], inner, f"{at_}.{key}")
        elif get_origin(inner) is list and get_args(inner)[0] in (Late, Refused):
            out += [k for i, e in enumerate(data[key]) for k in unnamed(e, get_args(inner)[0], f"{at_}.{key}[{i}]")]
    return out


def fits(data: Any, kind: Any) -> bool:
    return misfit(data, kind) is None and unnamed(data, kind) == []


@pytest.mark.parametrize("game_id", store.list_games(REPO))
def test_every_committed_demo_report_has_exactly_the_typed_shape(game_id: str):
    game = store.load_game(REPO, game_id)
    for t in game.turns():
        data = yamlio.read_mapping(game.turn_folder(t) / "report.yaml")
        assert misfit(data, TurnReport) is None, f"{game_id} turn {t}: {misfit(data, TurnReport)}"
        assert unnamed(data, TurnReport) == [], f"{game_id} turn {t}: keys the pieces do not name"
        assert ("orders" in data) == (t > 0)


def sub(player: str, *, arrived: dt.datetime | None, valid: bool = True) -> turncore.Judged:
    findings = [] if valid else [Finding(f"{player}.yaml", 4, 8, "add: 12 is more than 9", "write 0 to 9")]
    checked = Checked(f"{player}.yaml", {"add": 12 if not valid else 1}, False, findings)
    return turncore.Judged(turn.Submission(player, f"{player}.yaml", b"orders", arrived), checked)


def test_select_accounts_for_every_file_in_the_typed_pieces():
    """On time, late within the grace, too late, invalid and not awaited: each file lands in its piece, and
    the account has exactly the shape a report holds."""
    deadline, grace = at(5, 20), dt.timedelta(hours=1)
    subs = [sub("alice", arrived=at(5, 19)), sub("bob", arrived=at(5, 20, 30)), sub("carol", arrived=at(5, 21, 5)),
            sub("dave", arrived=at(5, 10), valid=False), sub("eve", arrived=at(5, 10)), sub("fay", arrived=None)]
    taken, account = turn.select(subs, ["alice", "bob", "carol", "dave", "fay"], deadline, grace, at(5, 21, 10))
    assert sorted(taken) == ["alice", "bob"]
    assert account["late"] == [{"player": "bob", "arrived": "2026-01-05T20:30+01:00", "taken": True}]
    assert [(r["player"], r["why"]) for r in account["refused"]] == [
        ("carol", "too late"), ("dave", "invalid"), ("eve", "not awaited in this phase"), ("fay", "too late")]
    assert account["refused"][1]["problems"] == ["dave.yaml:4:8: error: add: 12 is more than 9 — write 0 to 9"]
    assert fits(account, OrdersAccount)


def test_the_check_sees_a_key_missing_a_wrong_type_and_a_key_too_many():
    assert misfit({"seed": "00"}, DiceRecord) is None
    assert misfit({"orders_digest": "00"}, DiceRecord) == "seed is missing"
    assert misfit({"player": "bob", "arrived": "x", "taken": "yes"}, Late) == "taken is not true or false"
    assert misfit({"player": "bob", "why": "invalid", "problems": "x"}, Refused) == "problems is not a list"
    assert not fits({"seed": "00", "orders_digest": "00", "shown": "x"}, DiceRecord)
    with pytest.raises(LeagueError, match=r"^r\.yaml: orders is missing$"):
        read_report({"game": "g1", "turn": 3, "label": "Round 3", "deadline": None, "dice": {"seed": "ab"},
                     "result": {}}, "r.yaml")


def test_a_committed_report_that_lost_a_key_is_named_with_its_file(league: Path, capsys):
    """A report edited by hand (here its turn's seed removed) stops the next run with the file and the key, and
    exit 2, instead of a traceback from deep inside the dice."""
    new_game(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    assert run(league, "adjudicate", "g1", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    path = league / "games/g1/turns/0001/report.yaml"
    data = yamlio.read_mapping(path)
    assert fits(data, TurnReport) and data["orders"]["taken"] == ["alice"]
    del data["dice"]["seed"]
    path.write_text(yamlio.dump(data))
    capsys.readouterr()
    assert run(league, "adjudicate", "g1", "--now", "2026-01-12T21:05+01:00") == 2
    assert "games/g1/turns/0001/report.yaml: dice.seed is missing" in capsys.readouterr().err
