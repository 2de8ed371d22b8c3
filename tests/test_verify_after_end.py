"""A finished game replays without the key (issue 29, finding 6; site/guide/secrecy.md, "After the end": "without
any key, from h_T and the full orders published with the last turn, every turn is replayed"). A Bretton Woods game
hides its standing orders but draws nothing hidden, so it has no hidden chain whose end link would open it: it
replayed nothing without the key. Its set-up comes from public dice, and the last turn publishes the full orders:
that is all a replay needs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.engine.verify import AFTER_END, PUBLIC, verification

from .conftest import git, run
from .test_league_e2e import at


@pytest.fixture(autouse=True)
def _no_keys_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith(("TURNPRESS_GAME_KEY", "TURNPRESS_IDENTITY", "TURNPRESS_DICE_SECRET")):
            monkeypatch.delenv(name)


def play_bretton_woods(league: Path, tmp_path: Path, years: int, capsys, played: int | None = None) -> None:
    assert run(league, "new", "bretton-woods", "bw", "--option", f"jahre={years}", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin",
               "--player", "Atlantis:anna:1:agrar", "--player", "Borduria:bert:2:energie") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "bw", date=at(1, 12))
    for year in range(1, (played or years) + 1):
        capsys.readouterr()
        assert run(league, "template", "bw", "anna") == 0
        sheet = tmp_path / f"anna-{year}.yaml"
        sheet.write_text(capsys.readouterr().out)
        assert run(league, "seal", str(sheet)) == 0
        git(league, "add", "-A")
        git(league, "commit", "-qm", f"anna's year {year}", date=at(2 + 7 * (year - 1), 12))
        assert run(league, "adjudicate", "--due", "--commit", "--now", f"2026-01-{5 + 7 * year - 7:02d}T21:00+01:00"
                   ) == 0


def test_a_finished_bretton_woods_replays_every_turn_without_the_key(league: Path, tmp_path: Path, capsys):
    play_bretton_woods(league, tmp_path, 2, capsys)
    (league / ".secrets/bw.key").unlink()  # a reader without the key
    done = verification(league, "bw")
    assert (done.turns, done.found, done.mode) == (2, [], AFTER_END)
    # An edit of a published turn is found by the replay, without the key.
    path = league / "games/bw/turns/0001/state.yaml"
    data = yamlio.read_data(path)
    data["countries"]["anna"]["g"] = data["countries"]["anna"]["g"] + 1
    path.write_text(yamlio.dump(data))
    git(league, "commit", "-qam", "one more gold", date=at(20, 12))
    assert "bw: turn 1: state.yaml differs from the replay" in [f.text() for f in verification(league, "bw").found]


def test_a_running_bretton_woods_without_the_key_says_what_it_could_not_check(league: Path, tmp_path: Path, capsys):
    play_bretton_woods(league, tmp_path, 2, capsys, played=1)
    (league / ".secrets/bw.key").unlink()
    done = verification(league, "bw")
    assert (done.turns, done.mode) == (0, PUBLIC), "its standing orders stay sealed until the end"
    assert any("the adjudication of turn 1" in n for n in done.not_checked)


def test_after_the_end_the_set_up_is_drawn_again_from_what_verify_read_of_it_without_a_league():
    """Issue 31 (I/O at the edges; verify keeps only the comparison): what a replay starts from is read once
    (``turn.load_setup``: turn 0's report, state and files, the hidden links, whether the last turn ended the game);
    from that alone, with the file system closed, a game whose key is lacking and which has ended is drawn again
    from its public dice (secrecy.md, "After the end"), and a committed set-up that is not the one drawn is named.
    A game that has not ended stays sealed; a hidden link that does not lead to the commitment is named."""
    from dataclasses import replace

    from adjudicator import dice as dicemod
    from adjudicator.engine import verify
    from adjudicator.engine.turncore import Carried, SetUp, Written
    from adjudicator.errors import LeagueError
    from adjudicator.kit.catalog import COMMANDS
    from adjudicator.model import GameConfig, Player

    from .counter import RULESET as COUNTER
    from .test_turn_core import closed

    players = [Player("alice", "Alice", "alice", 1), Player("bob", "Bob", "bob", 2)]
    commitment, digest = dicemod.commitment(b"\x07" * 32, 100), b"\x01" * 32
    settings = GameConfig({"game": "g1", "ruleset": "counter", "options": {"target": 100}, "key": "age1game",
                           "players": [{"key": p.key, "name": p.name, "login": p.login, "id": p.github_id}
                                       for p in players],
                           "dice": {"commitment": commitment.hex(), "length": 100}})
    drawn = COUNTER.setup({"target": 100}, players, dicemod.Dice.for_turn(commitment, digest, None))
    edited = yamlio.dump({**COUNTER.public_view(drawn), "target": 20}).encode()
    report = {"turn": 0, "dice": {"seed": commitment.hex(), "orders_digest": digest.hex()}}
    setup = SetUp("g1", COUNTER, settings, report, Carried(None, COUNTER.public_view(drawn)), Written(state=edited),
                  ended=True)
    COMMANDS.say("en", "verify.finding.said", text="")  # the program's own words, read before the files close
    with closed():
        links, found = verify._links(setup)
        assert (links, found) == ({}, [])
        state, found = verify._setup_again(setup, links)
        assert state == drawn
        assert [f.text() for f in found] == ["g1: turn 0: state.yaml differs from the set-up drawn again"]
        committed = replace(setup, written=Written(state=yamlio.dump(COUNTER.public_view(drawn)).encode()))
        assert verify._setup_again(committed, {}) == (drawn, [])
        assert verify._links(replace(setup, ended=False)) == (None, [])
        wrong = LeagueError("g1: the hidden link published with turn 3 does not lead to the hidden commitment")
        links, found = verify._links(replace(setup, unlinked=(3, wrong)))
    assert links is None
    assert [f.text() for f in found] == ["g1: turn 3: g1: the hidden link published with turn 3 does not lead to the "
                                         "hidden commitment"]
