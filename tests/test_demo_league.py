"""The demo league committed in this repository (issue: the newsletter site, "The league in this repository is
the demo"; issue: the league engine, verify; issue 22: a demo that is the same on any date).

Every demo game must replay from its files exactly: a change to a ruleset that would rewrite published history
fails here. Every demo game has played all its scripted turns and is paused, so no clock finds a turn due, and
`make demo` with the clock a year later gives the same site as today's build and changes no tracked file.
"""

import datetime as dt
import filecmp
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.engine import turn
from adjudicator.engine.verify import Verification, verification
from adjudicator.league import store

ROOT = Path(__file__).resolve().parents[1]
GAMES = store.list_games(ROOT)


def test_the_league_has_demo_games():
    assert GAMES, "the repository's league has no demo games"


@pytest.fixture(scope="module")
def fresh_clone(tmp_path_factory) -> Path:
    """The committed demo as CI sees it: a clone, without the tags a developer's rebuilds and rebases leave."""
    clone = tmp_path_factory.mktemp("demo") / "league"
    subprocess.run(["git", "clone", "-q", "--no-tags", str(ROOT), str(clone)], check=True)
    return clone


@pytest.fixture(scope="module")
def verified(fresh_clone) -> Callable[[str], Verification]:
    """``verify`` of a demo game in the fresh clone, run once for the tests that read its findings and its notes
    (issue 33: each demo game was replayed twice here)."""
    done: dict[str, Verification] = {}

    def of(game: str) -> Verification:
        if game not in done:
            done[game] = verification(fresh_clone, game)
        return done[game]

    return of


@pytest.mark.parametrize("game", GAMES)
def test_each_demo_game_replays_exactly(game, verified):
    done = verified(game)
    turns, found = done.turns, done.found
    assert turns >= 1
    assert [f.text() for f in found] == [], "a demo is built again with demo/build.py after removing the game"


PINNED_AT_SET_UP = ("demo-auf-achse", "demo-bretton-woods", "demo-dreissigjaehriger-krieg")


@pytest.mark.parametrize("game", GAMES)
def test_each_demo_game_pins_the_data_its_turns_and_issue_pages_are_made_from(game, fresh_clone, verified):
    """Issue 22, "Replays that survive upgrades": the demo games predate pinning and were pinned with
    ``turnpress pin`` (one commit each, after their last turn), so a release with other maps, tables or drawings
    does not change them; ``verify`` accepts each pin commit and says so. Auf Achse, Bretton Woods and the Thirty
    Years' War were built again after pinning existed (issue 23: their checks and notes come from a words file,
    30JK's from the messages file its map names), so they pin their data from their set-up, as every new game
    does; Auf Achse's board drawing, read as pinned data only since, was added to its pins by ``turnpress pin``
    (one commit after its last turn)."""
    g = store.load_game(fresh_clone, game)
    assert g.pins_data
    drawings = [p for p in g.config["data"] if p.endswith((".drawing.json", ".background.json"))]
    assert drawings or g.settings.ruleset not in ("diplomacy", "auf-achse"), "the map the issues draw is pinned"
    done = verified(game)
    assert any("(turnpress pin)" in note for note in done.notes) or game in PINNED_AT_SET_UP, done.notes
    assert not any("from this turnpress" in note or "before games pinned" in note for note in done.notes)


@pytest.mark.parametrize("game", GAMES)
def test_each_demo_game_is_paused_and_no_clock_finds_a_turn_due(game):
    g = store.load_game(ROOT, game)
    assert g.schedule is not None and g.schedule.paused, "demo/build.py pauses a game after its scripted turns"
    today = dt.datetime.now(dt.UTC)
    for now in (today, today + dt.timedelta(days=365), dt.datetime(2040, 1, 1, tzinfo=dt.UTC)):
        st = turn.status(g, now)
        assert not st.due, f"{game} would play an empty turn at {now}: {st.reason}"


def _make_demo(league_root: Path, clock: list[str]) -> str:
    """``make demo`` in ``league_root`` with this test's installation (``-o``: the venv counts as made)."""
    done = subprocess.run([*clock, "make", "--no-print-directory", "-C", str(league_root), "demo",
                           f"BIN={Path(sys.executable).parent}", "-o", ".venv/.installed"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_make_demo_gives_the_same_site_a_year_later_and_leaves_git_status_clean(fresh_clone, verified, demo_public):
    """Issue 22, "A demo that is the same on any date": the clock moves a year (with faketime, which .ci/run
    installs; without it the two runs are seconds apart and the stamped dates are checked instead).

    Today's run is ``make demo``'s two steps: its ``verify`` is the replay this module made of every game in its
    clone already (``verified``, the same ``verification`` the command prints), and its ``turnpress site build`` is
    the run's one build of the demo (``demo_public``: the same command in a clone of the same commit, which the
    site's tests read too). A year later, ``make demo`` itself in this module's clone (issue 33: the demo was
    replayed three times in this module, now twice, and its site built three times a run, now twice)."""
    clone, today = fresh_clone, demo_public.parent
    head = ["git", "rev-parse", "HEAD"]
    assert subprocess.run(head, cwd=today, capture_output=True, text=True, check=True).stdout == \
        subprocess.run(head, cwd=clone, capture_output=True, text=True, check=True).stdout, "the same commit"
    turns = {g: store.load_game(clone, g).last_turn for g in GAMES}
    assert {g: verified(g).found for g in GAMES} == {g: [] for g in GAMES}
    assert subprocess.run(["git", "status", "--porcelain"], cwd=today, capture_output=True,
                          text=True).stdout == ""
    later = ["faketime", "-f", "+365d"] if shutil.which("faketime") else []
    said = _make_demo(clone, later)
    assert "replayed, all match" in said and "differ" not in said
    assert subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                          text=True).stdout == ""
    assert {g: store.load_game(clone, g).last_turn for g in GAMES} == turns, "no turn was added"
    compared = filecmp.dircmp(demo_public, clone / "public")
    assert _differences(compared) == []
    # The build date mkdocs stamps on the feeds and the sitemap is the league's last change, not today.
    stamp = int(subprocess.run(["git", "log", "-1", "--format=%ct", "--", "games"], cwd=clone,
                               capture_output=True, text=True).stdout)
    day = dt.datetime.fromtimestamp(stamp, dt.UTC).strftime("%Y-%m-%d")
    assert f"<lastmod>{day}</lastmod>" in (clone / "public" / "sitemap.xml").read_text(encoding="utf-8")


def _differences(cmp: filecmp.dircmp) -> list[str]:
    # dircmp compares by size and time only; compare the bytes of every common file.
    out = [*cmp.left_only, *cmp.right_only]
    out += [f for f in cmp.common_files if not filecmp.cmp(Path(cmp.left) / f, Path(cmp.right) / f, shallow=False)]
    for name, sub in cmp.subdirs.items():
        out += [f"{name}/{f}" for f in _differences(sub)]
    return out


def test_every_issue_page_has_one_top_level_heading():
    """An issue page's one H1 is the site's title of the turn (issue 22: Bretton Woods issues had two); a ruleset's
    own text starts at H2. Lines in fenced code (order sheets) are not headings."""
    pages = sorted((ROOT / "site" / "news").glob("*/[0-9][0-9][0-9][0-9].md"))
    assert pages
    for page in pages:
        fenced, h1 = False, 0
        for line in page.read_text(encoding="utf-8").splitlines():
            fenced ^= line.startswith("```")
            h1 += not fenced and line.startswith("# ")
        assert h1 == 1, f"{page.relative_to(ROOT)} has {h1} top-level headings"
