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
