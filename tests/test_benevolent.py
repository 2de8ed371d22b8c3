"""Benevolent reading (issue 23): at the deadline every order that can be carried out is, each one that cannot
is named with its reason in the report and the issue, and a player is missing only when nothing valid remains;
``validate`` still shows every error beforehand. One mixed file per ruleset."""

from __future__ import annotations

from pathlib import Path

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.engine import turn
from adjudicator.kit import benevolent
from adjudicator.model import Problem
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS
from adjudicator.rulesets.calamity import RULESET as CALAMITY
from adjudicator.rulesets.diplomacy import RULESET as DIPLOMACY
from adjudicator.rulesets.policy_maker import RULESET as POLICY_MAKER

from .auf_achse.helpers import at_round, give, new_game
from .bretton_woods.helpers import PLAYERS as BW_PLAYERS
from .calamity import cal_helpers as cal
from .conftest import git, new_repository, run
from .dreissigjaehriger_krieg import dk_game
from .policy_maker import pm_helpers as pm

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
    page = (root / "site/news/d1/0001.md").read_text()
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
    page = (root / "site/news/d1/0001.md").read_text()
    assert ("- Orders of Turkey that could not be carried out (the rest was):\n"
            "    - unknown key 'mvoe' in entry 2") in page
    capsys.readouterr()
    assert run(root, "verify", "d1") == 0, "the replay drops the same entry"


def test_thirty_years_war_the_bad_order_s_unit_holds_and_the_good_move_is_carried_out():
    state = dk_game.position(dk_game.new_game(), {"daenemark": ["F HLau", "A Ber"]})
    key = dk_game.KEY["daenemark"]
    orders, dropped = benevolent.read(DIPLOMACY, state, key, ["F HLau - Lun - Ham", "A Ber - Xyz"])
    assert orders == ["F HLau - Lun - Ham"] and len(dropped) == 1 and "Xyz" in dropped[0]
    after = DIPLOMACY.adjudicate(state, {key: orders}, Dice(b"dk")).state
    assert sorted(after["units"]["daenemark"]) == ["A Ber", "F Ham"], "the double move is made, Berlin holds"
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


def test_auf_achse_an_over_capacity_load_is_not_loaded_and_the_one_that_fits_is():
    state = at_round(new_game(), 1)
    fits, too_big = give(state, "p0", 1), give(state, "p0", 2)
    fits["from"] = too_big["from"] = "HH"
    too_big["count"] = 99
    kept, dropped = benevolent.read(AUF_ACHSE, state, "p0", {"trucks": [{"load": [2, 1]}]})
    assert kept == {"trucks": [{"load": [1]}]}
    assert dropped == ["Auftrag 2 hat 99 Waren; 6 Plätze sind frei"]
    others = {k: {"betriebsferien": True} for k in AUF_ACHSE.phase(state).awaited if k != "p0"}
    after = AUF_ACHSE.adjudicate(state, {"p0": kept, **others}, Dice(b"t")).state
    assert after["hauliers"]["p0"]["trucks"][0]["load"] == [1] and after["orders"][0]["status"] == "loaded"


def test_bretton_woods_the_instruction_is_ignored_the_rest_stands():
    """7.1: an attack on a country that has just left the game is ignored; the transfer on the same sheet is
    made (it voided the sheet, and last year's orders were played instead)."""
    state = BRETTON_WOODS.setup({}, BW_PLAYERS, Dice(b"bw"))
    state["countries"]["cleo"]["active"] = False  # Carpania left last year
    orders = {"production": BRETTON_WOODS.default_orders(state, "anna", None)["production"],
              "attacks": [{"target": "Carpania", "weapons": 1}],
              "transfers": [{"to": "Borduria", "good": "a", "count": 1}]}
    kept, dropped = benevolent.read(BRETTON_WOODS, state, "anna", orders)
    assert kept is not None and "attacks" in kept and kept["attacks"] == []
    assert kept["transfers"] == [{"to": "Borduria", "good": "a", "count": 1}]
    assert dropped == ["kein Land im Spiel heißt 'Carpania'"]
    report = BRETTON_WOODS.adjudicate(state, {"anna": kept, "bert": BRETTON_WOODS.default_orders(state, "bert", None)},
                                      Dice(b"t")).report
    assert report["nmr"] == ["bert"], "Atlantis played its sheet"
    assert report["transfers"] == [{"from": "anna", "to": "bert", "good": "a", "count": 1, "note": ""}]


def test_bretton_woods_one_bad_line_of_a_section_is_ignored_and_the_section_s_other_lines_stand():
    """7.1, line by line: a harvest count that is no number does not idle the energy works; an offer of one good
    without its price does not withdraw the offer of another."""
    state = BRETTON_WOODS.setup({}, BW_PLAYERS, Dice(b"bw"))
    orders = {"production": {"harvest": "x", "energy": 2},
              "market": {"a": {"offer": "sell", "count": 3}, "e": {"offer": "sell", "count": 1, "price": 9}}}
    kept, dropped = benevolent.read(BRETTON_WOODS, state, "anna", orders)
    assert kept == {"production": {"energy": 2}, "market": {"e": {"offer": "sell", "count": 1, "price": 9}}}
    assert dropped == ["market/a needs 'price'", "production/harvest: expected a whole number, found text"]


def test_policy_maker_an_investment_that_cannot_be_paid_is_not_made_and_the_draws_stand():
    """H17: the unpaid investment and the unknown initiative are left out; the Investy draws as ordered."""
    state = pm.advance_to(pm.new_game(), "investy", pm.FIRST)
    pm.give(state, pm.FIRST, {"education": 3, "health": 1})
    orders = {"invest": {"sector": "health", "steps": 2}, "initiative": "XX", "draw": ["education", "deck"]}
    kept, dropped = benevolent.read(POLICY_MAKER, state, pm.FIRST, orders)
    assert kept == {"draw": ["education", "deck"]}
    assert dropped == ["initiative: 'XX' is not allowed", "this investment cannot be made: 4 health cards needed, "
                       "1 in hand"]
    both = {"invest": {"sector": "education", "steps": 1},
            "manipulate": {"target": "bert", "sector": "health", "steps": 1}}
    kept, dropped = benevolent.read(POLICY_MAKER, state, pm.FIRST, both)
    assert kept == {"invest": {"sector": "education", "steps": 1}}, "one action a turn: the second is left out"
    assert dropped == ["one action a turn: invest or manipulate"]
    after = pm.play(state, pm.FIRST, kept).state
    assert after["tracks"]["education"][pm.FIRST] == 1, "the investment is made"


def test_policy_maker_one_card_is_one_card():
    """A check's message says '1 health card', not '1 health cards' (the singular for one)."""
    state = pm.advance_to(pm.new_game(), "investy", pm.FIRST)
    pm.give(state, pm.FIRST, {"health": 0})
    [problem] = POLICY_MAKER.check(state, pm.FIRST, {"invest": {"sector": "health", "steps": 1, "jokers": 1}})
    assert problem.message == "this investment cannot be made: only 0 jokers in hand"
    pm.give(state, pm.FIRST, {"joker": 1})
    [problem] = POLICY_MAKER.check(state, pm.FIRST, {"invest": {"sector": "health", "steps": 1}})
    assert problem.message == "this investment cannot be made: 2 health cards needed, 0 in hand"
    [problem] = POLICY_MAKER.check(state, pm.FIRST, {"invest": {"sector": "health", "steps": 1, "jokers": 1}})
    assert problem.message == "this investment cannot be made: 1 health card needed, 0 in hand"


def test_policy_maker_a_grant_number_out_of_range_alone_is_left_out():
    state = pm.new_game()
    orders = {"grant": {pm.FIRST: [1, 99], pm.SECOND: [2]}, "initiatives": []}
    assert POLICY_MAKER.drop(state, orders, Problem("x", ("grant", pm.FIRST, 1))) == \
        {"grant": {pm.FIRST: [1], pm.SECOND: [2]}, "initiatives": []}


def test_calamity_an_unheld_policy_is_not_sold_a_card_not_in_hand_is_the_lowest_card():
    """House rule "a faulty order at the deadline": A1 is sold and B3 (not held) is not; card 3 (not in hand)
    is replaced by the NMR card, the lowest held (2); the standing offer of the wrong category is left out."""
    state = cal.arrange(cal.new_game(), mover="ann", token=0, hands={"ann": [2, 4]},
                        policies={"ann": ["A1", "C2"]})
    orders = {"sell": ["A1", "B3"], "card": 3, "standing": {"C": {"pass": [{"policy": "A1", "to": "bob", "fee": 5}],
                                                                  "accept_fee": 9}}}
    kept, dropped = benevolent.read(CALAMITY, state, "ann", orders)
    assert kept == {"sell": ["A1"], "card": 2, "standing": {"C": {"pass": [], "accept_fee": 9}}}
    assert dropped == ["A1 is not a category C policy", "you do not hold B3 to sell", "you hold no movement card 3"]
    after = cal.play(state, {"ann": kept}).state
    assert after["players"]["ann"]["policies"] == ["C2"] and after["token"] == 2, "A1 sold, card 2 played"
    assert after["private"]["ann"]["hand"] == [4]


def test_calamity_a_mover_who_names_no_card_plays_the_lowest_and_the_sale_stands():
    state = cal.arrange(cal.new_game(), mover="ann", token=0, hands={"ann": [3, 4]}, policies={"ann": ["A1"]})
    kept, dropped = benevolent.read(CALAMITY, state, "ann", {"sell": ["A1"]})
    assert kept == {"sell": ["A1"], "card": 3}
    assert dropped == ["orders needs 'card'"]
    assert benevolent.read(CALAMITY, state, "bob", {"sell": ["A1"]})[0] is None, "selling is the mover's alone"


def test_calamity_a_return_and_a_pass_on_of_the_one_policy_held_drop_the_pass_on():
    """The holdings are shared by returns and pass-on offers: the second use of C2 is the faulty one, and the
    problem points at the offer itself (it named a return that does not exist before)."""
    state = cal.arrange(cal.new_game(), policies={"ann": ["C2"]})
    state["phase"] = {"kind": "reaction", "awaited": ["ann"]}
    state["risk"] = {"category": "C", "step": 1, "field": 9, "row": None, "offers": []}
    orders = {"return": ["C2"], "pass": [{"policy": "C2", "to": "bob", "fee": 3}]}
    kept, dropped = benevolent.read(CALAMITY, state, "ann", orders)
    assert kept == {"return": ["C2"], "pass": []}
    assert dropped == ["you do not hold another C2 to return or pass on"]


def test_calamity_through_the_shell_the_mover_is_not_missing_and_the_issue_names_the_order_left_out(tmp_path: Path,
                                                                                                     capsys):
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [arg for p in ("Ann:ann:1", "Bob:bob:2", "Cy:cy:3") for arg in ("--player", p)]
    assert run(root, "new", "calamity", "c1", *players, "--option", "orders=open") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game c1")
    mover = yamlio.read_data(root / "games/c1/turns/0000/state.yaml")["phase"]["awaited"][0]
    path = root / f"orders/c1/0001/{mover}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(f"game: c1\nturn: 1\nplayer: {mover}\norders:\n  sell: [B3]\n  card: 9\n")
    other = next(p for p in ("ann", "bob", "cy") if p != mover)  # not awaited; selling is the mover's alone
    (path.parent / f"{other}.yaml").write_text(f"game: c1\nturn: 1\nplayer: {other}\norders:\n  sell: [A1]\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders")
    capsys.readouterr()
    assert run(root, "validate", str(path)) == 1, "validate shows every fault before the deadline"
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"orders/c1/0001/{mover}.yaml:5:10: error: you do not hold B3 to sell — list only policies you hold: none",
        f"orders/c1/0001/{mover}.yaml:6:9: error: card: 9 is out of range (9 is greater than the maximum of 5) — "
        "(3)(ii) the card to play"]
    assert run(root, "adjudicate", "c1", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/c1/turns/0001/report.yaml")
    assert report["orders"]["taken"] == [mover] and report["orders"]["missed"] == []
    faults = ["card: 9 is out of range (9 is greater than the maximum of 5)", "you do not hold B3 to sell"]
    assert report["orders"]["dropped"] == {mover: [turn.SECRET_PROBLEMS]}, "a game with hidden state: not public"
    assert report["orders"]["refused"] == [{"player": other, "why": "nothing valid remains",
                                            "problems": [turn.SECRET_PROBLEMS]}]
    assert "B3" not in (root / "games/c1/turns/0001/report.yaml").read_text()
    name = mover.capitalize()
    page = (root / "site/news/c1/0001.md").read_text()
    assert (f"- Orders of {name} that could not be carried out (the rest was):\n"
            f"    - {turn.SECRET_PROBLEMS}\n") in page and "B3" not in page
    capsys.readouterr()
    # The player reads the faults in their own sealed private report, the replay writes the same.
    assert run(root, "open", "c1", "--identity", str(root / ".secrets/c1.key")) == 0
    out = capsys.readouterr().out
    assert f"# Private to {name} — c1, turn 1" in out
    assert f'Your orders were carried out but for:\n\n- "{faults[0]}"\n- {faults[1]}\n' in out
    assert ("Your orders were not taken (nothing valid remains; the rules' defaults were played):\n\n"
            "- unknown key 'sell' in orders\n") in out
    assert run(root, "verify", "c1") == 0


def test_bretton_woods_through_the_shell_in_german_with_the_faults_in_the_private_reports(tmp_path: Path, capsys):
    """A German game: what the issue says of the orders left out and of a file of which nothing is valid is
    German, and the faults (which may quote a country's standing orders) are in each one's private report."""
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [arg for p in ("Anna:anna:1:agrar", "Bert:bert:2:energie", "Cleo:cleo:3:rohstoff")
               for arg in ("--player", p)]
    assert run(root, "new", "bretton-woods", "bw", *players, "--option", "orders=open") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game bw")
    folder = root / "orders/bw/0001"
    folder.mkdir(parents=True)
    (folder / "anna.yaml").write_text("game: bw\nturn: 1\nplayer: anna\norders:\n  production: {harvest: 50}\n"
                                      "  attacks: [{target: Nowhere, weapons: 1}]\n")
    (folder / "bert.yaml").write_text("game: bw\nturn: 1\nplayer: bert\norders:\n  produktion: 3\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders")
    assert run(root, "adjudicate", "bw", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/bw/turns/0001/report.yaml")
    assert report["orders"]["taken"] == ["anna"] and report["orders"]["missed"] == ["bert", "cleo"]
    page = (root / "site/news/bw/0001.md").read_text()
    hidden = ("was die Regeln fanden, wird in einem Spiel mit verborgenem Stand nicht veröffentlicht: Ihr privater "
              "Bericht nennt es ('turnpress open')")
    assert f"- Befehle von Anna, die nicht ausgeführt werden konnten (die übrigen wurden es):\n    - {hidden}\n" \
        in page
    assert f"- Nicht genommen: Bert (nichts davon ist gültig)\n    - {hidden}\n" in page
    assert "Nowhere" not in page and "nothing valid" not in page
    capsys.readouterr()
    assert run(root, "open", "bw", "--identity", str(root / ".secrets/bw.key")) == 0
    out = capsys.readouterr().out
    assert "Ihre Befehle wurden ausgeführt, bis auf:\n\n- kein Land im Spiel heißt 'Nowhere'\n" in out
    assert run(root, "verify", "bw") == 0


def test_a_german_game_s_check_speaks_german_of_the_file_s_shape(tmp_path: Path, capsys):
    """Bretton Woods is German: what validate says of an unknown key, a value of the wrong kind and one out of
    range, a tab and a key written twice is German too (the nearest key still named), and so is what the
    deadline drops for it."""
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    new_repository(root)
    players = [arg for p in ("Anna:anna:1:agrar", "Bert:bert:2:energie", "Cleo:cleo:3:rohstoff")
               for arg in ("--player", p)]
    assert run(root, "new", "bretton-woods", "bw", *players, "--option", "orders=open") == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game bw")
    path = root / "orders/bw/0001/anna.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: bw\nturn: 1\nplayer: anna\nwarten: ja\norders:\n  produktion: 3\n"
                    "  production: {harvest: x, energy: -1}\n")
    capsys.readouterr()
    assert run(root, "validate", str(path)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "orders/bw/0001/anna.yaml:4:1: Fehler: unbekannter Schlüssel 'warten' oben in der Befehlsdatei — meinten Sie "
        "wait? oben stehen nur game, turn, player, wait und orders",
        "orders/bw/0001/anna.yaml:6:3: Fehler: unbekannter Schlüssel 'produktion' in den Befehlen — meinten Sie "
        "production? erlaubt sind hier: attacks, construction, contacts, defence, gold, leave, market, nmr, "
        "production, standing_orders, transfers, type_change"]
    assert lines[2:4] == [  # the hints are the order sheet's own descriptions of the two fields
        "orders/bw/0001/anna.yaml:7:25: Fehler: production/harvest: erwartet ist eine ganze Zahl, da steht Text — "
        "Bevölkerung auf Agrargebieten (höchstens A): jede erntet den Agrarfaktor",
        "orders/bw/0001/anna.yaml:7:36: Fehler: production/energy: -1 liegt außerhalb des Bereichs (-1 ist kleiner "
        "als das Minimum 0) — Bevölkerung in Energiewerken (höchstens E): je eine Energie"]
    path.write_text("game: bw\nturn: 1\nplayer: anna\norders:\n\tproduction: {harvest: 5}\n")
    assert run(root, "validate", str(path)) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "orders/bw/0001/anna.yaml:5:1: Fehler: ein Tabulatorzeichen: YAML rückt nur mit Leerzeichen ein — ersetzen "
        "Sie den Tabulator durch Leerzeichen (zwei je Ebene, wie im Zugabgabeblatt)")
    path.write_text("game: bw\nturn: 1\nplayer: anna\norders:\n  defence: 1\n  defence: 2\n")
    assert run(root, "validate", str(path)) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "orders/bw/0001/anna.yaml:6:3: Fehler: kein gültiges YAML: derselbe Schlüssel steht zweimal in einer Zuordnung "
        "— behalten Sie einen davon (spätere Zeilen ersetzen frühere nicht)")
    later = root / "orders/bw/0002/anna.yaml"
    later.parent.mkdir()
    later.write_text("game: bw\nturn: 2\nplayer: anna\norders: {}\n")
    assert run(root, "validate", str(later)) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "orders/bw/0002/anna.yaml:1:1: Fehler: Zug 2 von bw ist noch nicht offen; offen ist Zug 1 — legen Sie Ihre "
        "Befehle nach orders/bw/0001/anna.yaml")
    kept, dropped = benevolent.read(BRETTON_WOODS, yamlio.read_data(root / "games/bw/turns/0000/state.yaml"), "anna",
                                    {"produktion": 3, "production": {"harvest": 5}}, "de")
    assert kept == {"production": {"harvest": 5}}
    assert dropped == ["unbekannter Schlüssel 'produktion' in den Befehlen (meinten Sie production?)"]


def test_auf_achse_whose_only_secret_is_the_deck_publishes_the_faults(tmp_path: Path, capsys):
    """The deck's order is the game master's secret, and no check reads it (validate checks without it): what
    the rules found wrong in a haulier's orders quotes nothing hidden, so the issue names it, as in Diplomacy."""
    root = tmp_path / "league"
    (root / "games").mkdir(parents=True)
    new_repository(root)
    hauliers = [arg for n, (login, city) in enumerate([("ann", "HH"), ("ben", "M"), ("cai", "K"), ("dan", "DO"),
                                                                   ("eva", "S")])
                for arg in ("--player", f"{login.capitalize()}:{login}:{200 + n}:{city}")]
    assert run(root, "new", "auf-achse", "aa", "--option", "orders=open", *hauliers) == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "new game aa")
    assert yamlio.read_data(root / "games/aa/game.yaml").get("key"), "a keyed game: its deck is sealed"
    offered = sorted(o["id"] for o in yamlio.read_data(root / "games/aa/turns/0000/state.yaml")["orders"]
                     if o["status"] == "announced")
    path = root / "orders/aa/0001/ann.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(f"game: aa\nturn: 1\nplayer: ann\norders:\n  bids:\n    - {{order: {offered[0]}, kj: 5}}\n"
                    "    - {order: 99, kj: 7}\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "orders")
    assert run(root, "adjudicate", "aa", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/aa/turns/0001/report.yaml")
    assert report["orders"]["taken"] == ["ann"]
    assert report["orders"]["dropped"] == {"ann": ["Auftrag 99 wird in Runde 0 nicht angeboten"]}
    page = (root / "site/news/aa/0001.md").read_text()
    assert "die nicht ausgeführt werden konnten (die übrigen wurden es):\n    - Auftrag 99 wird in Runde 0 nicht " \
        "angeboten\n" in page
    capsys.readouterr()
    assert run(root, "verify", "aa") == 0
