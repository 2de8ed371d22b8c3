"""Issue 28, items 3 and 6: the names and titles a game master types. A bidi control (U+202E turns the text after
it around on every page, "Bob", U+202E, "evil" shows as "Boblive") or another invisible control character is
refused by ``new --player``, ``join``, ``new --title`` and ``init --title`` with the option and what to write
instead, and nothing is written; characters of markup are taken, and escaped wherever the name is published
(``test_injection.py`` reads every page, feed and index of a league whose titles and names carry them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.newsletter import mkdocs_hooks

from ..conftest import git, run

SCHEDULE = "first=2030-01-10 20:00,every=7 days,timezone=UTC,grace=60"
OVERRIDE = "\u202e"


def new(league: Path, *extra: str) -> int:
    return run(league, "new", "counter", "g1", "--player", "Ann:ann:1", "--schedule", SCHEDULE, *extra)


@pytest.mark.parametrize("args, where", [
    (["--player", f"Bob{OVERRIDE}live:bob:2"], "--player 'Bob\\u202elive:bob:2': the name"),
    (["--player", "Bob\u2066:bob:2"], "--player 'Bob\\u2066:bob:2': the name"),
    (["--title", f"League{OVERRIDE}"], "--title"),
    (["--title", "Two\nlines"], "--title"),
])
def test_new_refuses_a_control_character_in_a_name_or_title_and_writes_nothing(league: Path, capsys, args, where):
    assert new(league, *args) == 2
    said = capsys.readouterr().err
    assert f"{where}: it holds the invisible control character U+" in said
    assert "write the name without it" in said and "Traceback" not in said
    assert not (league / "games/g1").exists()


def test_join_refuses_a_bidi_control_in_the_name(league: Path, capsys):
    assert new(league, "--player", "Bob:bob:2") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g1: new game")
    before = (league / "games/g1/game.yaml").read_text()
    assert run(league, "join", "g1", f"Cy{OVERRIDE}:cy:3") == 2
    assert "the name: it holds the invisible control character U+202E" in capsys.readouterr().err
    assert (league / "games/g1/game.yaml").read_text() == before


def test_markup_in_a_name_or_title_is_taken_and_escaped_where_it_is_published(league: Path, capsys):
    assert new(league, "--player", "Bob <3 & [co]:bob:2", "--title", "Cup <b>2030</b>") == 0
    text = (league / "games/g1/game.yaml").read_text()
    assert "Bob <3 & [co]" in text and "Cup <b>2030</b>" in text


def test_init_refuses_a_bidi_control_in_the_league_s_title(tmp_path: Path, capsys):
    assert cli.main(["init", str(tmp_path / "league"), "--title", f"Liga{OVERRIDE}", "--requirement", "turnpress"]) == 2
    assert "--title: it holds the invisible control character U+202E" in capsys.readouterr().err
    assert not (tmp_path / "league").exists()


def test_the_site_s_name_is_html_text_for_the_theme_which_prints_it_raw():
    """Material prints ``site_name`` unescaped into every page's head, header and menu: the hook makes the title
    the game master wrote into mkdocs.yml HTML text, bidi controls folded."""
    class Config(dict):
        site_name = f'League <script>x()</script> "A" & B{OVERRIDE}'
        site_description = "<b>all</b>"

    config = mkdocs_hooks.on_config(Config())
    assert config.site_name == "League &lt;script&gt;x()&lt;/script&gt; &quot;A&quot; &amp; B "
    assert config.site_description == "&lt;b&gt;all&lt;/b&gt;"
