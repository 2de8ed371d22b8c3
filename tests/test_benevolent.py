"""Benevolent reading (issue 23): at the deadline every order that can be carried out is, each one that cannot
is named with its reason in the report and the issue, and a player is missing only when nothing valid remains;
``validate`` still shows every error beforehand. One mixed file per ruleset."""

from __future__ import annotations

from pathlib import Path

from adjudicator import benevolent, yamlio
from adjudicator.dice import Dice
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS
from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY

from .auf_achse.helpers import at_round, give, new_game
from .bretton_woods.helpers import PLAYERS as BW_PLAYERS
from .conftest import git, new_repository, run
from .dreissigjaehriger_krieg import dk_game

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def diplomacy_league(root: Path) -> Path:
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [arg for i, p in enumerate(POWERS) for arg in ("--player", f"{p.capitalize()}:{p[:3]}:{i + 1}:{p}")]
    assert run(root, "new", "diplomacy", "d1", *players, "--option", "orders=open") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game d1")
    return root


def send(root: Path, player: str, lines: list[str]) -> Path:
    path = root / f"orders/d1/0001/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: d1\nturn: 1\nplayer: {player}\norders:\n" + "".join(f"  - {x}\n" for x in lines))
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders of {player}")
    return path


def test_diplomacy_the_bad_order_s_unit_holds_and_the_others_move(tmp_path: Path, capsys):
    root = diplomacy_league(tmp_path / "league")
    path = send(root, "ger", ["A Ber - Xyz", "F Kie - Den", "A Mun - Ruh"])
    send(root, "aus", ["A Xyz - Tyr", "F Tri - Xyz"])  # nothing valid remains: missing, as before
    assert run(root, "validate", str(path)) == 1, "validate still shows the error before the deadline"
    assert "orders/d1/0001/ger.yaml:5:5: error:" in capsys.readouterr().out
    assert run(root, "adjudicate", "d1", "--commit") == 0
    out = capsys.readouterr().out
    assert "missed: aus, eng, fra, ita, rus, tur" in out, "Germany is not missing"
    report = yamlio.read_data(root / "games/d1/turns/0001/report.yaml")
    assert report["orders"]["taken"] == ["ger"]
    assert len(report["orders"]["dropped"]["ger"]) == 1 and "Xyz" in report["orders"]["dropped"]["ger"][0]
    refused = report["orders"]["refused"][0]
    assert refused["player"] == "aus" and refused["why"] == "nothing valid remains" and len(refused["problems"]) == 2
    state = yamlio.read_data(root / "games/d1/turns/0001/state.yaml")
    assert sorted(state["units"]["germany"]) == ["A ber", "A ruh", "F den"], "Berlin held, Kiel and Munich moved"
    page = (root / "site/news/posts/d1/0001.md").read_text()
    assert "- Orders of Germany that could not be carried out (the rest was):\n    - " in page
    assert "- Not taken: Austria (nothing valid remains)\n    - " in page
    assert run(root, "verify", "d1") == 0, "the replay drops the same orders"


def test_diplomacy_an_order_that_breaks_the_schema_is_dropped_and_the_others_carried_out(tmp_path: Path, capsys):
    """One entry of the wrong shape ({unit: A Smy, mvoe: Arm}) among good orders: validate (and the pull-request
    check, which runs the same check) show the error; at the deadline the good orders are carried out, the bad
    one is dropped and named, and Turkey is not missing."""
    root = diplomacy_league(tmp_path / "league")
    path = send(root, "tur", ["F Ank - Bla", "{unit: A Smy, mvoe: Arm}", "A Con - Bul"])
    assert run(root, "validate", str(path)) == 1
    out = capsys.readouterr().out
    assert "orders/d1/0001/tur.yaml:6:19: error: unknown key 'mvoe' in entry 2 — did you mean move? allowed here" in out
    assert run(root, "adjudicate", "d1", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/d1/turns/0001/report.yaml")
    assert report["orders"]["taken"] == ["tur"] and "tur" not in report["orders"]["missed"]
    assert report["orders"]["dropped"] == {"tur": ["unknown key 'mvoe' in entry 2 (did you mean move?)"]}
    state = yamlio.read_data(root / "games/d1/turns/0001/state.yaml")
    assert sorted(state["units"]["turkey"]) == ["A bul", "A smy", "F bla"], "Smyrna held, the others moved"
    page = (root / "site/news/posts/d1/0001.md").read_text()
    assert ("- Orders of Turkey that could not be carried out (the rest was):\n"
            "    - unknown key 'mvoe' in entry 2") in page
    capsys.readouterr()
    assert run(root, "verify", "d1") == 0, "the replay drops the same entry"


def test_thirty_years_war_the_bad_order_s_unit_holds():
    state = dk_game.new_game()
    key = dk_game.KEY["schweden"]
    own = [u for u in state["units"]["schweden"]]
    good = f"{own[0]} H"
    orders, dropped = benevolent.read(DIPLOMACY, state, key, [good, "A Xyz - Abc"])
    assert orders == [good] and len(dropped) == 1
    assert benevolent.read(DIPLOMACY, state, key, ["A Xyz - Abc"])[0] is None, "nothing valid remains"


def test_auf_achse_a_bid_not_on_offer_is_dropped_and_the_route_stops_where_it_breaks():
    state = at_round(new_game(), 1)
    offered = sorted(o["id"] for o in state["orders"] if o["status"] == "announced" and o["offered"] == 1)
    not_offered = max(o["id"] for o in state["orders"]) + 1
    orders = {"bids": [{"order": offered[0], "kj": 5}, {"order": not_offered, "kj": 7}],
              "trucks": [{"route": ["HH", "HH-HB.1", "HH-HB.2", "M", "K"]}]}
    kept, dropped = benevolent.read(AUF_ACHSE, state, "p0", orders)
    assert kept is not None
    assert kept["bids"] == [{"order": offered[0], "kj": 5}], "the good bid stands"
    assert kept["trucks"][0]["route"][:3] == ["HH", "HH-HB.1", "HH-HB.2"], "driven up to where the route breaks"
    assert "M" not in kept["trucks"][0]["route"]
    assert any(f"Auftrag {not_offered} wird in Runde 1 nicht angeboten" in d for d in dropped)
    others = {k: {"betriebsferien": True} for k in AUF_ACHSE.phase(state).awaited if k != "p0"}
    after = AUF_ACHSE.adjudicate(state, {"p0": kept, **others}, Dice(b"t")).state
    assert after["hauliers"]["p0"]["trucks"][0]["position"] == "HH-HB.2"


def test_auf_achse_a_load_that_cannot_be_made_is_not_loaded():
    state = at_round(new_game(), 1)
    mine = give(state, "p0", 1)
    mine["from"] = "HH"
    orders = {"trucks": [{"load": [1, 99]}]}
    kept, dropped = benevolent.read(AUF_ACHSE, state, "p0", orders)
    assert kept == {"trucks": [{"load": [1]}]}
    assert dropped == ["Auftrag 99 ist nicht Ihrer und kann nicht geladen werden"]


def test_bretton_woods_the_instruction_is_ignored_the_rest_stands():
    state = BRETTON_WOODS.setup({}, BW_PLAYERS, Dice(b"bw"))
    orders = BRETTON_WOODS.default_orders(state, "anna", None)
    orders = {**orders, "attacks": [{"target": "Nowhere", "weapons": 1}],
              "transfers": [{"to": "Borduria", "good": "a", "count": 1}]}
    kept, dropped = benevolent.read(BRETTON_WOODS, state, "anna", orders)
    assert kept is not None and "attacks" in kept and kept["attacks"] == []
    assert kept["transfers"] == [{"to": "Borduria", "good": "a", "count": 1}]
    assert dropped == ["kein Land im Spiel heißt 'Nowhere'"]
