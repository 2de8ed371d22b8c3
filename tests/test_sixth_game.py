"""A sixth game from the architecture page (issue 31, "Show it"): ``site/guide/architecture.md`` says how to add a
game; this test takes the page's files as they stand there, installs them as a third-party distribution is
installed (a package and its ``*.dist-info`` with the entry point), and plays the game in a league: new game, an
orders file checked, a refused one, the deadline, the issue page, ``verify``. Nothing of turnpress is changed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.kit import ruleset

from .conftest import git, run

PAGE = Path(__file__).resolve().parents[1] / "site" / "guide" / "architecture.md"
SKELETON = {"__init__.py", "rules.py", "presentation.py", "state.py", "setup.py", "orders.py", "adjudicate.py",
            "newsletter.py"}


def page_files() -> dict[str, str]:
    """Every fenced block of the page that follows its file's name (a line "`tally/orders.py`:")."""
    text = PAGE.read_text(encoding="utf-8")
    return {name: body for name, body in re.findall(r"^`([\w./-]+)`:\n\n```\w+\n(.*?)```", text, re.S | re.M)}


@pytest.fixture
def tally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The page's package installed into a folder on the path, with the metadata pip would write."""
    files = page_files()
    site = tmp_path / "site-packages"
    for name, body in files.items():
        if name.startswith("tally/"):
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).write_text(body, encoding="utf-8")
    points = tomllib.loads(files["pyproject.toml"])["project"]["entry-points"][ruleset.GROUP]
    info = site / "tally-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tally\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[{ruleset.GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()), encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    ruleset.load.cache_clear()
    yield "tally"
    ruleset.load.cache_clear()


def test_the_page_gives_every_file_of_the_skeleton_a_game_needs():
    names = {n.removeprefix("tally/") for n in page_files() if n.startswith("tally/")}
    assert names == SKELETON


def submit(root: Path, player: str, body: str) -> None:
    path = root / f"orders/g1/0001/{player}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"game: g1\nturn: 1\nplayer: {player}\norders:\n{body}", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-qm", f"orders of {player}")


def test_a_sixth_game_built_from_the_page_plugs_in_and_plays(tally: str, league: Path, capsys):
    assert tally in ruleset.available(), "found through its entry point, as an installed package is"
    assert ruleset.capabilities(ruleset.get(tally)) == ["WritesNewsletter"]

    assert run(league, "new", tally, "g0", "--player", "Ann:ann:1", "--option", "target=0") == 2
    assert "target must be at least 1" in capsys.readouterr().err, "the rules' refusal, as the page wrote it"

    assert run(league, "new", tally, "g1", "--player", "Ann <b>:ann:1", "--player", "Bo:bo:2",
               "--option", "target=4") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g1")

    submit(league, "ann", "  add: 3\n")
    submit(league, "bo", "  add: 7\n")
    capsys.readouterr()
    assert run(league, "validate", str(league / "orders/g1/0001/ann.yaml")) == 0
    assert run(league, "validate", str(league / "orders/g1/0001/bo.yaml")) == 1
    assert "3" in capsys.readouterr().out, "the schema's bound is named"

    assert run(league, "adjudicate", "g1", "--early", "--commit") == 0
    report = yamlio.read_data(league / "games/g1/turns/0001/report.yaml")["result"]
    assert report["added"] == {"ann": 3, "bo": 1}, "Bo's refused orders give way to the page's default"
    assert report["tallies"] == {"ann": 3, "bo": 1}
    [issue] = [p for p in (league / "site" / "news").rglob("0001.md") if "g1" in p.parts]
    page = issue.read_text(encoding="utf-8")
    assert "| Ann &#60;b&#62; | 3 | 3 |" in page, "the page's table, the player's name escaped"

    capsys.readouterr()
    assert run(league, "verify", "g1") == 0
    assert "g1: 1 turn replayed, all match" in capsys.readouterr().out
