"""Replays that survive upgrades (issue 22, "Replays that survive upgrades"; "Show it": "the replay-after-data-change
test").

A game pins the data its rules read (maps, tables, decks) at ``turnpress new``: copies in ``games/<g>/data/`` and
their SHA-256 in ``game.yaml``. Here a game of each of the five rulesets is made and played for a turn; then the
packaged data is changed, as a newer turnpress with other maps or tables would ship it, and ``verify`` replays the
game exactly. The same game without its pins (as if set up before pinning) does not replay with the changed data:
the change is one that matters. A copy edited after the set-up is refused, naming the file.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.dice import Dice
from adjudicator.engine.verify import verification
from adjudicator.errors import LeagueError, RulesetError
from adjudicator.kit import gamedata
from adjudicator.league.store import load_game

from .conftest import git, run

SCHEDULE = "first=2027-01-10 20:00,every=14 days,timezone=Europe/Berlin,grace=60"
BERLIN = dt.timezone(dt.timedelta(hours=1))
GAMES = {
    "bretton-woods": ["Atlantis:alice:1001:agrar", "Borduria:bob:1002:energie", "Carpania:carol:1003:rohstoff"],
    "diplomacy": [f"{p.title()}:{p[:3]}x:{2000 + i}:{p}" for i, p in enumerate(
        ["england", "france", "germany", "italy", "austria", "russia", "turkey"])],
    "auf-achse": [f"Spedition {c}:sp{i}:{3000 + i}:{c}" for i, c in enumerate(["HH", "HB", "K", "M", "B"])],
    "policy-maker": ["Anna:anna:1", "Bert:bert:2", "Carl:carl:3", "Dora:dora:4:government"],
    "calamity": ["Ann:ann:1", "Bob:bob:2", "Cy:cy:3", "Dee:dee:4"],
}
PACKAGES = {"bretton-woods": "bretton_woods", "diplomacy": "diplomacy", "auf-achse": "auf_achse",
            "policy-maker": "policy_maker", "calamity": "calamity"}


def make_game(league: Path, rules: str, *extra: str) -> None:
    args = ["new", rules, "g", *(f"--player={p}" for p in GAMES[rules]), "--schedule", SCHEDULE, *extra]
    assert run(league, *args) == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g: new game", date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))


def play_turn_1(league: Path) -> None:
    assert run(league, "adjudicate", "g", "--due", "--commit", "--now", "2027-01-10T21:05+01:00") == 0


def change_packaged(monkeypatch: pytest.MonkeyPatch, changed: dict[str, bytes]) -> None:
    """A newer turnpress: the packaged files ``changed`` (``package/path``) read as given, every other as shipped."""
    shipped = gamedata.packaged

    def packaged(package: str, path: str) -> bytes:
        return changed.get(f"{package}/{path}", shipped(package, path))

    monkeypatch.setattr(gamedata, "packaged", packaged)


def without_pins(league: Path) -> None:
    """The game as one set up before turnpress pinned data: ``data:`` gone from game.yaml, on disk only."""
    path = league / "games/g/game.yaml"
    config = yamlio.read_data(path)
    del config["data"]
    path.write_text(yamlio.dump(config), encoding="utf-8")


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_game_replays_exactly_after_its_packaged_data_changed(league: Path, rules: str, monkeypatch):
    make_game(league, rules)
    game = load_game(league, "g")
    pinned = game.config["data"]
    assert pinned, "every game that ships reads data, and pins it"
    package = f"adjudicator.rulesets.{PACKAGES[rules]}"
    for path, sha in pinned.items():
        copy = (league / "games/g/data" / path).read_bytes()
        assert copy == gamedata.packaged(package, gamedata.place(package, path)) and gamedata.digest(copy) == sha
    assert "games/g/data/" + sorted(pinned)[0] in git(league, "ls-files")
    play_turn_1(league)
    assert verification(league, "g").found == []
    options = {k: v for k, v in game.config["options"].items() if k != "orders"}
    set_up = game.ruleset.setup(options, game.players, Dice(b"again"))
    # A newer turnpress whose every data file of these rules reads otherwise: here, no data at all.
    change_packaged(monkeypatch, {f"{package}/{gamedata.place(package, path)}": b"{}\n" for path in pinned})
    done = verification(league, "g")
    assert (done.turns, done.found) == (1, [])
    assert load_game(league, "g").ruleset.setup(options, game.players, Dice(b"again")) == set_up
    # The change matters: the same game, unpinned, cannot be set up again (as verify does after the end), nor,
    # where the rules read their data while playing (all but Policy Maker, whose set-up copies its board into
    # the state), be replayed.
    without_pins(league)
    unpinned = load_game(league, "g")
    with pytest.raises((KeyError, TypeError, RulesetError)):
        unpinned.ruleset.setup(options, unpinned.players, Dice(b"again"))
    assert replays_unpinned(league) == (rules == "policy-maker")


def replays_unpinned(league: Path) -> bool:
    """Does the game, without its pins, replay from the files on disk? A table that is not there may also end the
    replay with the error the rules make of it."""
    try:
        return verification(league, "g", worktree=True).found == []
    except (KeyError, TypeError, ValueError, LeagueError):
        return False


def test_a_file_that_moved_in_the_package_keeps_the_name_games_pin_it_under(league: Path, monkeypatch):
    """Issue 31 moved Bretton Woods' ``data.yaml`` and ``words.yaml`` into ``data/`` (``data/tables.yaml``,
    ``data/words.yaml``: every ruleset keeps its data and words there). Games set up before pinned them under the
    old names, so a game knows them by those names still (``data/pinned-names.yaml``): a new game pins the moved
    files under the same names, the rules read a game's copies under them, and a game without pins the moved
    files."""
    package = "adjudicator.rulesets.bretton_woods"
    make_game(league, "bretton-woods")
    assert sorted(load_game(league, "g").config["data"]) == ["data.yaml", "words.yaml"], "the names old games carry"
    for name, place in {"data.yaml": "data/tables.yaml", "words.yaml": "data/words.yaml"}.items():
        assert (league / "games/g/data" / name).read_bytes() == gamedata.packaged(package, place)
        assert gamedata.GameData(package, {name: b"the copy"}).read(package, place) == b"the copy"
    assert not (league / "games/g/data/data").exists()
    play_turn_1(league)
    change_packaged(monkeypatch, {f"{package}/data/tables.yaml": b"{}\n", f"{package}/data/words.yaml": b"{}\n"})
    done = verification(league, "g")
    assert (done.turns, done.found, done.notes) == (1, [], [])
    without_pins(league)
    assert not replays_unpinned(league), "unpinned, the game reads the moved files"


def test_a_changed_adjacency_does_not_change_an_old_games_turn(league: Path, monkeypatch):
    """The silent case: a release drops Liverpool-Yorkshire from the standard map. England's move there succeeded;
    replayed with its pinned map it still does, while the same game unpinned would now find the move impossible."""
    make_game(league, "diplomacy", "--option", "orders=open")
    orders = league / "orders/g/0001/engx.yaml"
    orders.parent.mkdir(parents=True)
    orders.write_text("game: g\nturn: 1\nplayer: engx\norders:\n- A Lvp - Yor\n", encoding="utf-8")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "orders of engx", date=dt.datetime(2027, 1, 9, tzinfo=dt.UTC))
    play_turn_1(league)
    assert "  - A yor\n" in (league / "games/g/turns/0001/state.yaml").read_text()
    shipped = gamedata.packaged("adjudicator.rulesets.diplomacy", "data/maps/standard.yaml")
    assert b"  - [lvp, yor, land]\n" in shipped
    change_packaged(monkeypatch, {"adjudicator.rulesets.diplomacy/data/maps/standard.yaml":
                                  shipped.replace(b"  - [lvp, yor, land]\n", b"")})
    assert verification(league, "g").found == []
    assert verification(league, "g").notes == []
    without_pins(league)
    done = verification(league, "g", worktree=True)
    assert "g: turn 1: state.yaml differs from the replay" in [f.text() for f in done.found]
    assert "set up before games pinned the data their rules read" in done.notes[0]


def test_a_pinned_copy_edited_after_the_set_up_is_refused_naming_it(league: Path, capsys):
    make_game(league, "bretton-woods")
    copy = league / "games/g/data/data.yaml"
    copy.write_text(copy.read_text(encoding="utf-8").replace("1", "2", 1), encoding="utf-8")
    assert run(league, "adjudicate", "--due", "--now", "2027-01-10T21:05+01:00") == 2
    said = capsys.readouterr()
    # Bretton Woods speaks German: the fault's words are the game's (issue 31)
    assert "games/g/data/data.yaml sind nicht die Daten, mit denen die Partie angelegt wurde" in said.out + said.err, \
        said
    copy.unlink()
    assert run(league, "verify", "g", "--worktree") == 1
    said = capsys.readouterr()
    assert "games/g/data/data.yaml fehlt: die Partie wurde damit angelegt" in said.out + said.err, said


def test_a_pinned_copy_replaced_with_its_hash_in_a_later_commit_is_named(league: Path):
    """Edited copy and hash together pass the check when the game is read; the history still shows the change."""
    make_game(league, "bretton-woods")
    play_turn_1(league)
    copy = league / "games/g/data/data.yaml"
    copy.write_text(copy.read_text(encoding="utf-8") + "# a newer table\n", encoding="utf-8")
    path = league / "games/g/game.yaml"
    config = yamlio.read_data(path)
    config["data"]["data.yaml"] = gamedata.digest(copy.read_bytes())
    path.write_text(yamlio.dump(config), encoding="utf-8")
    git(league, "commit", "-qam", "newer tables for g")
    found = [f.text() for f in verification(league, "g").found]
    assert len(found) == 1 and found[0].startswith("g: turn 0: the set-up in game.yaml was changed by commit ")
    assert "newer tables for g" in found[0] and "the pinned data (data:" in found[0]



THIRTY_YEARS = [f"{p.title()}:{p[:4]}x:{4000 + i}:{p}" for i, p in enumerate(
    ["bayern", "braunschweig", "daenemark", "frankreich", "oesterreich", "pfalz", "rheinbistuemer", "sachsen",
     "schweden"])]
DRAWINGS = {  # what the issue pages draw the map from: (rules, package, drawing, players, options)
    "diplomacy": ("diplomacy", "adjudicator.rulesets.diplomacy", "maps/standard.drawing.json", None, ()),
    "30jk": ("diplomacy", "adjudicator.rulesets.diplomacy", "maps/dreissigjaehriger-krieg.drawing.json",
             THIRTY_YEARS, ("--option", "map=dreissigjaehriger-krieg")),
    "auf-achse": ("auf-achse", "adjudicator.rulesets.auf_achse", "data/maps/deutschland.background.json", None, ()),
    "auf-achse-board": ("auf-achse", "adjudicator.rulesets.auf_achse", "data/maps/deutschland.drawing.json", None,
                        ()),
}


@pytest.mark.parametrize("case", sorted(DRAWINGS))
def test_an_old_games_issue_pages_render_with_its_pinned_drawing(league: Path, case: str, monkeypatch):
    """Issue 22 (rendering data): the issue pages are rendered from a drawing of the map, and ``verify`` renders
    each page again and compares it with the one published. A newer turnpress with another drawing (here one
    coordinate changed) still verifies a pinned game; the same game unpinned has issue pages that are no longer
    what it renders."""
    rules, package, drawing, players, extra = DRAWINGS[case]
    if players:
        monkeypatch.setitem(GAMES, rules, players)
    make_game(league, rules, "--option", "orders=open", *extra)
    copy = league / "games/g/data" / drawing
    assert copy.read_bytes() == gamedata.packaged(package, gamedata.place(package, drawing))
    assert load_game(league, "g").config["data"][drawing] == gamedata.digest(copy.read_bytes())
    play_turn_1(league)
    assert verification(league, "g").found == []
    shipped = gamedata.packaged(package, gamedata.place(package, drawing))
    moved = re.sub(rb"\d+", lambda m: str(int(m[0]) + 7).encode(), shipped)
    change_packaged(monkeypatch, {f"{package}/{gamedata.place(package, drawing)}": moved})
    done = verification(league, "g")
    assert (done.found, done.notes) == ([], [])
    without_pins(league)
    # Unpinned, the game replays (its rules data is the shipped one) but its issue pages render otherwise.
    found = [f.text() for f in verification(league, "g", worktree=True).found]
    assert found and all("is not what the turn's report renders" in f for f in found), found


# --- turnpress pin: an existing game pins its data, once its history is shown to replay with it ----------------

def make_unpinned_game(league: Path, rules: str, *extra: str) -> None:
    """A game as set up before turnpress pinned data: no data: in game.yaml, no copies, in its set-up commit."""
    args = ["new", rules, "g", *(f"--player={p}" for p in GAMES[rules]), "--schedule", SCHEDULE, *extra]
    assert run(league, *args) == 0
    without_pins(league)
    shutil.rmtree(league / "games/g/data")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g: new game", date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))
    assert not load_game(league, "g").pins_data


def commits(league: Path) -> list[str]:
    return git(league, "rev-list", "HEAD").split()


def test_pin_pins_an_existing_game_in_one_commit_that_verify_accepts(league: Path, monkeypatch, capsys):
    make_unpinned_game(league, "diplomacy", "--option", "orders=open")
    submit_lvp_yor(league)
    play_turn_1(league)
    before = commits(league)
    capsys.readouterr()
    assert run(league, "pin", "g") == 0
    said = capsys.readouterr().out
    assert "Replayed g's committed turns 0-1 with the data this turnpress ships: all match." in said
    assert commits(league)[1:] == before, "one commit on top of the history"
    changed = git(league, "show", "--name-only", "--format=", "HEAD").split()
    assert changed == ["games/g/data/maps/standard.drawing.json", "games/g/data/maps/standard.yaml",
                       "games/g/data/maps/words/standard.yaml", "games/g/game.yaml"]
    assert git(league, "status", "--porcelain") == ""
    game = load_game(league, "g")
    assert sorted(game.config["data"]) == ["maps/standard.drawing.json", "maps/standard.yaml",
                                           "maps/words/standard.yaml"]
    done = verification(league, "g")
    assert done.found == [] and any("by commit" in n and "(turnpress pin)" in n for n in done.notes), done.notes
    # What the pin is for: a newer turnpress without Liverpool-Yorkshire still replays the game exactly.
    change_packaged(monkeypatch, {"adjudicator.rulesets.diplomacy/data/maps/standard.yaml": without_lvp_yor()})
    assert verification(league, "g").found == []
    assert run(league, "pin", "g") == 2
    assert "g pins its data already (3 files" in capsys.readouterr().err


def submit_lvp_yor(league: Path) -> None:
    orders = league / "orders/g/0001/engx.yaml"
    orders.parent.mkdir(parents=True)
    orders.write_text("game: g\nturn: 1\nplayer: engx\norders:\n- A Lvp - Yor\n", encoding="utf-8")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "orders of engx", date=dt.datetime(2027, 1, 9, tzinfo=dt.UTC))


def without_lvp_yor() -> bytes:
    shipped = gamedata.packaged("adjudicator.rulesets.diplomacy", "data/maps/standard.yaml")
    assert b"  - [lvp, yor, land]\n" in shipped
    return shipped.replace(b"  - [lvp, yor, land]\n", b"")


def test_pin_refuses_data_the_history_does_not_replay_with_naming_the_turn(league: Path, monkeypatch, capsys):
    """The game was played with the map that has Liverpool-Yorkshire; this turnpress ships one without it."""
    make_unpinned_game(league, "diplomacy", "--option", "orders=open")
    submit_lvp_yor(league)
    play_turn_1(league)
    before = commits(league)
    change_packaged(monkeypatch, {"adjudicator.rulesets.diplomacy/data/maps/standard.yaml": without_lvp_yor()})
    capsys.readouterr()
    assert run(league, "pin", "g") == 2
    err = capsys.readouterr().err
    assert "g's committed history does not replay with the data this turnpress ships: turn 1 differs first" in err
    assert "nothing was written" in err and "with the turnpress it was played with" in err, err
    assert commits(league) == before and git(league, "status", "--porcelain") == ""
    assert not (league / "games/g/data").exists()


def test_pin_refuses_data_the_set_up_does_not_draw_again_with(league: Path, monkeypatch, capsys):
    """Before any turn: Bretton Woods' set-up reads its tables; other tables give another set-up (turn 0)."""
    make_unpinned_game(league, "bretton-woods")
    package = "adjudicator.rulesets.bretton_woods"
    shipped = gamedata.packaged(package, "data/tables.yaml")
    changed = re.sub(rb"\d+", lambda m: str(int(m[0]) * 2).encode(), shipped)
    change_packaged(monkeypatch, {f"{package}/data/tables.yaml": changed})
    capsys.readouterr()
    assert run(league, "pin", "g") == 2
    err = capsys.readouterr().err
    # a German game (issue 31): its refusal is German; the finding in it is verify's own words
    assert "zuerst weicht Zug 0 ab" in err and "nichts wurde geschrieben" in err and "set-up" in err, err


def test_pin_refuses_uncommitted_changes_and_rules_without_data(league: Path, capsys):
    make_unpinned_game(league, "bretton-woods")
    path = league / "games/g/game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
    assert run(league, "pin", "g") == 2
    # Bretton Woods is a German game: its refusal is German (issue 31)
    assert "games/g/game.yaml oder games/g/data/ hat nicht committete Änderungen" in capsys.readouterr().err
    git(league, "checkout", "--", "games/g/game.yaml")
    assert run(league, "new", "counter", "c", "--player", "Ann:ann:1") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "c: new game")
    capsys.readouterr()
    assert run(league, "pin", "c") == 2
    assert "c's rules (counter) read no data files: nothing to pin" in capsys.readouterr().err


def pin_by_hand(league: Path, files: dict[str, bytes], *, role: str | None = None) -> None:
    """A commit that adds data: as a pin does, with these copies (and, if given, a player's role changed)."""
    path = league / "games/g/game.yaml"
    config = yamlio.read_data(path)
    config["data"] = {p: gamedata.digest(d) for p, d in files.items()}
    if role:
        config["players"][0]["role"] = role
    path.write_text(yamlio.dump(config), encoding="utf-8")
    for p, d in files.items():
        (league / "games/g/data" / p).parent.mkdir(parents=True, exist_ok=True)
        (league / "games/g/data" / p).write_bytes(d)
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g: pin by hand")


def test_verify_names_a_pin_whose_data_does_not_replay_the_history_before_it(league: Path):
    make_unpinned_game(league, "diplomacy", "--option", "orders=open")
    submit_lvp_yor(league)
    play_turn_1(league)
    pin_by_hand(league, {"maps/standard.yaml": without_lvp_yor()})
    found = [f.text() for f in verification(league, "g").found]
    assert "g: turn 1: state.yaml differs from the replay" in found
    assert any(f.startswith("g: turn 1: the data pinned by commit ") and "(g: pin by hand) does not replay the "
               "turns committed before it (turns 0-1)" in f for f in found), found


def test_verify_names_any_other_set_up_change_in_a_pin_commit(league: Path):
    make_unpinned_game(league, "diplomacy", "--option", "orders=open")
    play_turn_1(league)
    shipped = gamedata.packaged("adjudicator.rulesets.diplomacy", "data/maps/standard.yaml")
    pin_by_hand(league, {"maps/standard.yaml": shipped}, role="france")
    found = [f.text() for f in verification(league, "g").found]
    assert any("the set-up in game.yaml was changed by commit" in f and "player engx's role" in f
               for f in found), found


# --- a pinned game that lacks a file the rules read since (issue 22: Auf Achse's board drawing) -----------------

AUF_ACHSE_DRAWING = "data/maps/deutschland.drawing.json"


def make_game_pinned_without(league: Path, rules: str, path: str) -> None:
    """A game set up when its rules did not read ``path`` yet: pinned, but without that file."""
    args = ["new", rules, "g", *(f"--player={p}" for p in GAMES[rules]), "--schedule", SCHEDULE,
            "--option", "orders=open"]
    assert run(league, *args) == 0
    config_path = league / "games/g/game.yaml"
    config = yamlio.read_data(config_path)
    del config["data"][path]
    config_path.write_text(yamlio.dump(config), encoding="utf-8")
    (league / "games/g/data" / path).unlink()
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g: new game", date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))


def test_pin_adds_only_the_file_a_pinned_game_lacks_and_verify_accepts_it(league: Path, monkeypatch, capsys):
    make_game_pinned_without(league, "auf-achse", AUF_ACHSE_DRAWING)
    play_turn_1(league)
    before_pin = load_game(league, "g").config["data"]
    copies = {p: (league / "games/g/data" / p).read_bytes() for p in before_pin}
    done = verification(league, "g")
    assert done.found == [] and any(f"read {AUF_ACHSE_DRAWING} from this turnpress" in n for n in done.notes), \
        done.notes
    before = commits(league)
    capsys.readouterr()
    assert run(league, "pin", "g") == 0
    said = capsys.readouterr().out  # Auf Achse is a German game: pin says it in German (issue 31)
    assert "Die committeten Züge 0-1 von g wurden mit den Daten dieses turnpress nachgespielt: alles stimmt " \
        "überein." in said and "1 Datei in games/g/data/ festgeschrieben" in said, said
    assert commits(league)[1:] == before, "one commit on top of the history"
    changed = git(league, "show", "--name-only", "--format=", "HEAD").split()
    assert changed == [f"games/g/data/{AUF_ACHSE_DRAWING}", "games/g/game.yaml"], "the pinned copies untouched"
    assert git(league, "status", "--porcelain") == ""
    data = load_game(league, "g").config["data"]
    assert data == {**before_pin, AUF_ACHSE_DRAWING: gamedata.digest(
        gamedata.packaged("adjudicator.rulesets.auf_achse", AUF_ACHSE_DRAWING))}
    assert all((league / "games/g/data" / p).read_bytes() == d for p, d in copies.items())
    done = verification(league, "g")
    assert done.found == [], [f.text() for f in done.found]
    assert any("(turnpress pin)" in n for n in done.notes), done.notes
    assert not any("from this turnpress" in n for n in done.notes), done.notes
    # What the pin is for: a newer turnpress with another drawing still renders the old issue pages.
    shipped = gamedata.packaged("adjudicator.rulesets.auf_achse", AUF_ACHSE_DRAWING)
    moved = re.sub(rb"\d+", lambda m: str(int(m[0]) + 7).encode(), shipped)
    change_packaged(monkeypatch, {f"adjudicator.rulesets.auf_achse/{AUF_ACHSE_DRAWING}": moved})
    assert verification(league, "g").found == []
    # Nothing is missing any more: pin refuses, writing nothing.
    assert run(league, "pin", "g") == 2
    assert "g hat seine Daten schon festgeschrieben (5 Dateien" in capsys.readouterr().err
    # A later swap of a pinned copy with its hash is named, the pin commit not.
    copy = league / "games/g/data" / AUF_ACHSE_DRAWING
    copy.write_bytes(moved)
    config_path = league / "games/g/game.yaml"
    config = yamlio.read_data(config_path)
    config["data"][AUF_ACHSE_DRAWING] = gamedata.digest(moved)
    config_path.write_text(yamlio.dump(config), encoding="utf-8")
    git(league, "commit", "-qam", "newer drawing for g")
    found = [f.text() for f in verification(league, "g").found]
    assert any("the set-up in game.yaml was changed by commit" in f and "newer drawing for g" in f
               and "the pinned data (data:" in f for f in found), found


def test_verify_names_a_pin_commit_that_adds_a_file_and_changes_another(league: Path):
    """Adding the lacking file is a pin; changing a pinned copy in the same commit is not."""
    make_game_pinned_without(league, "auf-achse", AUF_ACHSE_DRAWING)
    play_turn_1(league)
    files = {p: (league / "games/g/data" / p).read_bytes() for p in load_game(league, "g").config["data"]}
    files[AUF_ACHSE_DRAWING] = gamedata.packaged("adjudicator.rulesets.auf_achse", AUF_ACHSE_DRAWING)
    files["data/tables.yaml"] += b"# a newer table\n"
    pin_by_hand(league, files)
    found = [f.text() for f in verification(league, "g").found]
    assert any("(g: pin by hand)" in f and "the pinned data (data:" in f for f in found), found


@pytest.mark.parametrize("name", ["bretton_woods", "auf_achse"])
def test_a_pinned_ruleset_crosses_to_another_process_and_back(name: str):
    """The site build reads a large league's games in forked workers and gets each game's view back by pickle
    (``pages.read_games``, from 300 turns): a game with pinned data carried its ruleset wrapped in a class made at
    run time, which pickle could not name, and ``turnpress site build`` ended in a traceback (found by
    benchmarks/bench_deadline.py, issue 33). A ruleset is now handed its data (``with_data``); the copy reads the
    same pinned data and keeps the unpinned reads noted."""
    import pickle
    from importlib import import_module

    from adjudicator.league.store import pinned_rules

    rules = import_module(f"adjudicator.rulesets.{name}").RULESET
    package = f"adjudicator.rulesets.{name}"
    files = {path: gamedata.packaged(package, path) for path in rules.data_files({})[:1]}
    wrapped = pinned_rules(rules, files)
    wrapped.data.unpinned.add("words.yaml")
    again = pickle.loads(pickle.dumps(wrapped))
    assert type(again).__name__ == type(rules).__name__ and again.name == rules.name
    assert gamedata.unpinned_reads(again) == ["words.yaml"]
    assert again.public_view({"turn": 1, "private": {}}) == wrapped.public_view({"turn": 1, "private": {}})
