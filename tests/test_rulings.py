"""Rulings (issue 23): a game master's ruling is a file, applied by adjudicate at its turn, published with its
reason in the report and the issue, replayed by verify, and refused from anyone but a game master."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.kit.ruleset import Removes
from adjudicator.league import rulings
from adjudicator.league.store import load_game
from adjudicator.rulesets.auf_achse import RULESET as AUF_ACHSE
from adjudicator.rulesets.bretton_woods import RULESET as BRETTON_WOODS

from .auf_achse.helpers import at_round
from .auf_achse.helpers import new_game as aa_game
from .bretton_woods.helpers import PLAYERS as BW_PLAYERS
from .conftest import git, run
from .pipeline.conftest import orders, pr_check, world  # noqa: F401 - the fixture
from .test_benevolent import diplomacy_league, send
from .test_league_e2e import at, new_game, report, submit

RULING = """game: g1
turn: 2
by: GM
reason: "Bob's orders of turn 1 were lost in GitHub's outage; he gets the 3 points he sent <b>by mail</b>."
correct:
  - path: [scores, bob]
    value: 3
deadline: 2026-01-14 20:00
"""


def with_game_master(root: Path) -> None:
    config = root / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    git(root, "commit", "-qam", "game master named", date=at(1, 13))


def test_a_ruling_is_applied_at_its_turn_published_and_replayed(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(RULING)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "ruling for turn 2", date=at(6, 9))
    assert run(league, "status", "g1", "--now", "2026-01-12T21:05+01:00") == 0
    assert "deadline: 2026-01-14 20:00 CET" in capsys.readouterr().out, "the ruling moved the deadline"
    submit(league, 2, "alice", "  add: 1\n", at(13, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-12T21:05+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    assert run(league, "adjudicate", "--due", "--now", "2026-01-14T21:05+01:00", "--commit") == 0
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert report["ruling"] == {"file": "rulings/g1/0002.yaml", "by": "gm", "reason": yamlio.load(RULING).data[
        "reason"], "correct": [{"path": ["scores", "bob"], "value": 3}], "deadline": "2026-01-14T20:00+01:00"}
    assert report["deadline"] == "2026-01-14T20:00+01:00"
    state = yamlio.read_data(league / "games/g1/turns/0002/state.yaml")
    assert state["scores"]["bob"] == 3 + report["result"]["rolls"]["bob"], "3 set before the turn, plus the roll"
    page = (league / "site/news/g1/0002.md").read_text()
    assert "## Ruling of the game master\n\nBy gm, in `rulings/g1/0002.yaml`:\n\n> Bob's orders" in page
    assert "&#60;b&#62;by mail&#60;/b&#62;" in page and "<b>" not in page, "the reason is made inert"
    assert "- Set before the turn: scores.bob = 3\n- This turn's deadline: 2026-01-14 20:00 CET" in page
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_a_ruling_not_by_a_game_master_stops_its_turn(league: Path, capsys):
    new_game(league)
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0001.yaml").write_text(RULING.replace("turn: 2", "turn: 1"))
    git(league, "add", "-A")
    git(league, "commit", "-qm", "a ruling", date=at(2, 9))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 2
    assert ("g1: skipped, nothing committed: rulings/g1/0001.yaml:3:5: by: 'GM' is not a game master of g1 — a ruling "
            "is made by a game master named in games/g1/game.yaml: nobody yet: add game_masters to game.yaml"
            in capsys.readouterr().out)


def test_the_pull_request_check_refuses_a_ruling_from_a_player_and_takes_one_from_the_game_master(
        world, capsys, tmp_path: Path):  # noqa: F811
    with_game_master(world.gm)
    git(world.gm, "push", "-q", "origin", "main")
    ruling = RULING.replace("turn: 2", "turn: 1").replace("deadline: 2026-01-14", "deadline: 2026-01-07")
    pr = world.open_pr("alice", "alice-rules", {"rulings/g1/0001.yaml": ruling})
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 1
    assert ("rulings/g1/0001.yaml is a ruling, and only a game master of g1 may make one; this pull request is by "
            "alice — the game masters are in games/g1/game.yaml (game_masters): gm") in out
    pr = world.open_pr("bob", "gm-rules", {"rulings/g1/0001.yaml": ruling}, login="gm", user_id=9000)
    code, out, _ = pr_check(world, pr, capsys, tmp_path / "summary.md")
    assert code == 0, out
    pr = world.open_pr("bob", "gm-rules-2", {"rulings/g1/0001.yaml": ruling}, login="gm", user_id=9001)
    assert pr_check(world, pr, capsys, tmp_path / "summary.md")[0] == 1, "the id counts, not only the login"


# --- replacing a player (njudge's takeover) and removing one ------------------------------------------------

TAKEOVER = """game: g1
turn: 2
by: gm
reason: Bob moved abroad; Dave takes over his seat.
replace:
  - seat: bob
    login: dave
    id: 9100
    name: Dave <i>the</i> new
"""


def test_a_seat_handed_over_is_played_by_the_new_login_from_its_turn_and_replayed(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    submit(league, 1, "bob", "  add: 2\n", at(4, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(TAKEOVER)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "ruling: Dave takes Bob's seat", date=at(6, 9))
    # Dave writes the seat's file: the seat keeps its key, its entries in the state and its history.
    submit(league, 2, "bob", "  add: 5\n", at(10, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-12T21:05+01:00", "--commit") == 0
    capsys.readouterr()
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    assert report["ruling"]["replace"] == [{"seat": "bob", "login": "dave", "id": 9100, "name": "Dave <i>the</i> new"}]
    assert report["orders"]["taken"] == ["bob"]
    state = yamlio.read_data(league / "games/g1/turns/0002/state.yaml")
    assert state["scores"]["bob"] == 2 + 5 + report["result"]["rolls"]["bob"] + \
        yamlio.read_data(league / "games/g1/turns/0001/report.yaml")["result"]["rolls"]["bob"]
    page = (league / "site/news/g1/0002.md").read_text()
    assert ("- Seat bob is played from this turn on by Dave &#60;i&#62;the&#60;/i&#62; new (@dave), in place of "
            "Bob (@Bob)") in page
    assert "Bob" in (league / "site/news/g1/0001.md").read_text(), "an earlier issue names who played then"
    game = load_game(league, "g1")
    assert [(p.key, p.login, p.github_id) for p in game.players if p.key == "bob"] == [("bob", "dave", 9100)]
    assert [p["login"] for p in yamlio.read_data(league / "games/g1/game.yaml")["players"]] == \
        ["alice", "Bob", "carol"], "game.yaml stays the set-up: the ruling is the record of the takeover"
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_the_pull_request_check_lets_the_new_player_play_the_seat_and_not_the_old_one(
        world, capsys, tmp_path: Path):  # noqa: F811
    with_game_master(world.gm)
    (world.gm / "rulings/g1").mkdir(parents=True)
    (world.gm / "rulings/g1/0001.yaml").write_text(TAKEOVER.replace("turn: 2", "turn: 1"))
    git(world.gm, "add", "-A")
    git(world.gm, "commit", "-qm", "ruling: Dave takes Bob's seat", date=at(1, 14))
    git(world.gm, "push", "-q", "origin", "main")
    summary = tmp_path / "summary.md"
    pr = world.open_pr("bob", "bob-after", {"orders/g1/0001/bob.yaml": orders("bob", 1, 3)})
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1
    assert "these are the orders of Dave" in out and "new (dave); this pull request is by bob" in out, out
    pr = world.open_pr("bob", "dave-own", {"orders/g1/0001/dave.yaml": orders("dave", 1, 3)}, login="dave",
                       user_id=9100)
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1 and "'dave' does not play in g1 — your seat is 'bob': write orders/g1/0001/bob.yaml" in out
    pr = world.open_pr("bob", "dave-seat", {"orders/g1/0001/bob.yaml": orders("bob", 1, 3)}, login="dave",
                       user_id=9100)
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 0, out
    pr = world.open_pr("bob", "dave-spoof", {"orders/g1/0001/bob.yaml": orders("bob", 1, 3)}, login="dave",
                       user_id=1002)
    assert pr_check(world, pr, capsys, summary)[0] == 1, "the new player's id counts, not the old one's"
    takeover = TAKEOVER.replace("turn: 2", "turn: 1").replace("Bob moved", "I moved")
    pr = world.open_pr("bob", "bob-takes-back", {"rulings/g1/0001.yaml": takeover})
    code, out, _ = pr_check(world, pr, capsys, summary)
    assert code == 1 and "only a game master of g1 may make one; this pull request is by bob" in out


REMOVAL = """game: g1
turn: 2
by: gm
reason: Carol has not answered for a month.
remove: [carol]
"""


def test_a_removed_seat_takes_no_orders_is_awaited_by_nobody_and_plays_the_rules_nmr(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(REMOVAL)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "ruling: Carol is out", date=at(6, 9))
    submit(league, 2, "alice", "  add: 1\n", at(7, 10))
    submit(league, 2, "carol", "  add: 9\n", at(7, 11))
    submit(league, 2, "bob", "  add: 2\n", at(7, 12))
    capsys.readouterr()
    assert run(league, "status", "g1", "--now", "2026-01-07T13:00+01:00") == 0
    out = capsys.readouterr().out
    assert "Carol" not in out.split("awaited")[-1], out
    # Alice and Bob are in: the turn runs early, as when everyone awaited is in.
    assert run(league, "adjudicate", "--due", "--now", "2026-01-07T13:00+01:00", "--commit") == 0
    capsys.readouterr()
    report = yamlio.read_data(league / "games/g1/turns/0002/report.yaml")
    meta = report["orders"]
    assert meta["taken"] == ["alice", "bob"] and meta["missed"] == [] and meta["removed"] == ["carol"]
    assert {"player": "carol", "why": "out of the game by the ruling of turn 2"} in meta["refused"]
    assert meta["defaults"]["carol"] == {"add": 0}, "the counter's NMR rule: the seat adds nothing"
    page = (league / "site/news/g1/0002.md").read_text()
    assert "- Out of the game from this turn on: Carol; the seat plays what the rules say of a player who left" in page
    assert "- Out of the game by a ruling: Carol" in page and "Missed orders (NMR): nobody" in page
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out


def test_a_ruling_names_seats_and_logins_that_exist(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (league / "rulings/g1").mkdir(parents=True)
    cases = {
        TAKEOVER.replace("seat: bob", "seat: zed"): "rulings/g1/0002.yaml:6:11: 'zed' is not a seat of this game "
        "— name a seat as game.yaml keys it: alice, bob, carol",
        TAKEOVER.replace("login: dave", "login: carol"): "rulings/g1/0002.yaml:7:12: carol plays seat 'carol' "
        "already; a player has one seat — hand the seat to a login that has none in this game",
        TAKEOVER.replace("login: dave", "login: da--ve"): "rulings/g1/0002.yaml:7:12: login: 'da--ve' is not a "
        "GitHub login — letters, digits and single hyphens, at most 39 characters, as GitHub shows it",
        TAKEOVER.replace("id: 9100", "id: '9100'"): "rulings/g1/0002.yaml:8:9: id: the new player's numeric "
        "GitHub id — look it up at https://api.github.com/users/dave (the 'id' field)",
        REMOVAL + "rerun: 2\n": "rulings/g1/0002.yaml:6:8: rerun: only the turn before this one can be re-run (1)",
    }
    for text, message in cases.items():
        (league / "rulings/g1/0002.yaml").write_text(text)
        assert run(league, "status", "g1", "--now", "2026-01-07T13:00+01:00") != 0
        captured = capsys.readouterr()
        assert message in captured.out + captured.err, captured


# --- re-running a turn ----------------------------------------------------------------------------------------

RERUN = """game: g1
turn: 2
by: gm
reason: Carol's orders of turn 1 reached the game master by mail before the deadline and were lost.
rerun: 1
found: [carol]
deadline: 2026-01-08 20:00
"""


def test_a_voided_turn_is_run_again_as_the_next_turn_with_its_orders_and_the_found_file(league: Path, capsys):
    new_game(league)
    with_game_master(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    submit(league, 1, "bob", "  add: 3\n", at(4, 11))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    voided = report(league, 1)
    assert voided["orders"]["missed"] == ["carol"]
    (league / "rulings/g1").mkdir(parents=True)
    (league / "rulings/g1/0002.yaml").write_text(RERUN)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "ruling: turn 1 is run again", date=at(6, 9))
    submit(league, 2, "carol", "  add: 5\n", at(6, 10))  # the game master commits the file that was lost
    submit(league, 2, "alice", "  add: 9\n", at(6, 11))  # Alice saw turn 1's result: her new orders do not count
    assert run(league, "adjudicate", "--due", "--now", "2026-01-08T21:05+01:00", "--commit") == 0
    capsys.readouterr()
    rerun = report(league, 2)
    assert rerun["label"] == "Round 1", "the re-run plays turn 1 again"
    assert rerun["orders"]["taken"] == ["alice", "bob", "carol"] and rerun["orders"]["missed"] == []
    assert rerun["orders"]["refused"] == [{"player": "alice", "why": "the re-run of turn 1 plays that turn's orders"}]
    assert rerun["ruling"]["rerun"] == 1 and rerun["ruling"]["found"] == ["carol"]
    state = yamlio.read_data(league / "games/g1/turns/0002/state.yaml")
    rolls = rerun["result"]["rolls"]
    assert state["round"] == 1, "from the set-up's state, not from the voided turn's"
    assert state["scores"] == {"alice": 4 + rolls["alice"], "bob": 3 + rolls["bob"], "carol": 5 + rolls["carol"]}
    page = (league / "site/news/g1/0002.md").read_text()
    assert ("- Turn 1 is void: this turn plays turn 1 again, from the state before it, with its orders and the "
            "orders found of Carol") in page
    assert git(league, "diff", "--stat", "g1/turn-1", "HEAD", "--", "games/g1/turns/0001").strip() == "", \
        "the voided turn stays as it was committed: history is only added to"
    # The game goes on from the re-run.
    submit(league, 3, "alice", "  add: 1\n", at(10, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-15T21:05+01:00", "--commit") == 0
    assert report(league, 3)["label"] == "Round 2"
    assert report(league, 3)["orders"]["defaults"]["bob"] == {"add": 3}, "NMR repeats the orders Bob last played"
    capsys.readouterr()
    assert run(league, "verify", "g1") == 0
    assert "all match" in capsys.readouterr().out
    # A changed orders file of the voided turn, which the re-run replays, is named.
    path = league / "orders/g1/0001/bob.yaml"
    path.write_text(path.read_text().replace("add: 3", "add: 9"))
    git(league, "commit", "-qam", "an edit", date=at(16, 9))
    assert run(league, "verify", "g1") != 0
    out = capsys.readouterr().out
    assert "g1: turn 2: the orders files differ from those the turn was adjudicated with" in out, out


# --- what each ruleset does with a removed seat (site/guide/game-master.md, "Remove a player") --------------

def test_diplomacy_a_removed_power_is_in_civil_disorder_its_units_hold(tmp_path: Path, capsys):
    """Diplomacy (rules 2023, civil disorder): a power whose player left keeps its units; they hold, a
    dislodged one disbands, builds are waived and removals follow the civil-disorder order (its NMR rule)."""
    root = diplomacy_league(tmp_path / "league")
    config = root / "games/d1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    (root / "rulings/d1").mkdir(parents=True)
    (root / "rulings/d1/0001.yaml").write_text("game: d1\nturn: 1\nby: gm\nreason: Germany's player left.\n"
                                               "remove: [ger]\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "ruling: Germany is in civil disorder")
    send(root, "ger", ["A Ber - Sil", "F Kie - Den", "A Mun - Ruh"])
    send(root, "fra", ["A Par - Bur"])
    assert run(root, "adjudicate", "d1", "--commit", "--early") == 0
    report = yamlio.read_data(root / "games/d1/turns/0001/report.yaml")
    assert "ger" not in report["orders"]["missed"] and "ger" not in report["orders"]["taken"]
    assert {"player": "ger", "why": "out of the game by the ruling of turn 1"} in report["orders"]["refused"]
    state = yamlio.read_data(root / "games/d1/turns/0001/state.yaml")
    assert "ger" not in state["seats"], "the power is unseated: nobody orders it, it has no vote in a draw"
    assert sorted(state["units"]["germany"]) == ["A ber", "A mun", "F kie"], "its units hold"
    assert "Germany's player left" in (root / "site/news/d1/0001.md").read_text()
    assert "A bur" in state["units"]["france"]
    capsys.readouterr()
    assert run(root, "verify", "d1") == 0


def test_bretton_woods_a_removed_country_leaves_without_attacking():
    """Bretton Woods 7.2 (Ausstieg): a player's exit is fair, no attacks in the last year; the country leaves."""
    state = BRETTON_WOODS.setup({}, BW_PLAYERS, Dice(b"bw"))
    last = {**BRETTON_WOODS.default_orders(state, "anna", None), "attacks": [{"target": "Borduria", "weapons": 1}]}
    orders = BRETTON_WOODS.removed_orders(state, "anna", last)
    assert orders["leave"] is True and "attacks" not in orders
    everyone = {k: BRETTON_WOODS.default_orders(state, k, None) for k in BRETTON_WOODS.phase(state).awaited}
    after = BRETTON_WOODS.adjudicate(state, {**everyone, "anna": orders}, Dice(b"t")).state
    assert "anna" not in BRETTON_WOODS.phase(after).awaited and "anna" in BRETTON_WOODS.out_of_game(after)


def test_auf_achse_a_removed_haulier_s_truck_stays_on_the_board():
    """Auf Achse, NMR: "Scheidet ein Spediteur während des Spieles aus, so hält sein Brummi bis zum Spielende auf
    dem Spielfeld": its NMR orders (Betriebsferien), every round."""
    state = at_round(aa_game(), 1)
    assert not isinstance(AUF_ACHSE, Removes)
    assert AUF_ACHSE.default_orders(state, "p0", {"bids": [{"order": 1, "kj": 5}]}) == {"betriebsferien": True}


def test_every_ruling_of_the_game_master_s_guide_is_one_turnpress_reads():
    """site/guide/game-master.md shows each kind of ruling with an example file: each parses as written."""
    guide = (Path(__file__).parents[1] / "site/guide/game-master.md").read_text()
    section = guide.split("\n## Rulings\n", 1)[1].split("\n## ", 1)[0]
    examples = [block.split("\n```", 1)[0] for block in section.split("```yaml\n")[1:]]
    kinds = set()
    for text in examples:
        data = yamlio.load(text.encode()).data
        if "reason" not in data:
            continue  # the game_masters block of game.yaml
        seats = {"alice": "alice", "bob": "bob", "carol": "carol", "hanna": "hanna", "luca": "luca"}  # seats are logins
        ruled = rulings.parse("example", text.encode(), data["game"], data["turn"], {"gm": 9000}, dt.UTC, seats)
        kinds |= {k for k in ("corrections", "deadline", "replace", "remove", "rerun", "end") if getattr(ruled, k)}
    assert kinds == {"corrections", "deadline", "replace", "remove", "rerun", "end"}


def test_the_pull_request_check_refuses_orders_for_a_re_run_and_a_removed_seat(world, capsys, tmp_path: Path):  # noqa: F811
    with_game_master(world.gm)
    world.merge(world.open_pr("alice", "alice-1", {"orders/g1/0001/alice.yaml": orders("alice", 1, 2)}), at(2, 9))
    assert run(world.gm, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    (world.gm / "rulings/g1").mkdir(parents=True)
    (world.gm / "rulings/g1/0002.yaml").write_text(RERUN.replace("carol", "bob") + "remove: [carol]\n")
    git(world.gm, "add", "-A")
    git(world.gm, "commit", "-qm", "ruling: turn 1 again, without Carol", date=at(6, 9))
    git(world.gm, "push", "-q", "origin", "main")
    summary = tmp_path / "summary.md"
    code, out, _ = pr_check(world, world.open_pr("alice", "alice-2", {"orders/g1/0002/alice.yaml": orders(
        "alice", 2, 4)}), capsys, summary)
    assert code == 1 and ("turn 2 of g1 plays turn 1 again with that turn's orders (the game master's ruling "
                          "rulings/g1/0002.yaml): these would not be used") in out
    code, out, _ = pr_check(world, world.open_pr("carol", "carol-2", {"orders/g1/0002/carol.yaml": orders(
        "carol", 2, 4)}), capsys, summary)
    assert code == 1 and "Carol was taken out of g1 by the game master's ruling of turn 2" in out
    code, out, _ = pr_check(world, world.open_pr("bob", "bob-2", {"orders/g1/0002/bob.yaml": orders(
        "bob", 2, 4)}), capsys, summary)
    assert code == 0, "the file the ruling found is taken"
