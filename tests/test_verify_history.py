"""``turnpress verify`` replays the committed history and anchors it to the set-up (issue 22, "verify replays
committed history"; issue 21, item 4 "History anchored").

A game of the test ruleset is played for two turns; then each way of rewriting history is tried on it: a re-roll
(a new commitment, the turns adjudicated again, the tags made again), an edited turn-0 state, a player's role
changed in ``game.yaml``, an edited issue page, a moved tag, and a force-push that only ``--since`` can see.
Each is caught, and the finding names the commit that did it.
"""

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest

from adjudicator import anchor
from adjudicator.engine.verify import since, verification
from adjudicator.league import history

from .conftest import git, new_repository
from .test_league_e2e import at, run, submit


def play(league: Path, turns: int = 2, roles: bool = False) -> None:
    """g1 of the counter ruleset, made on 1 January and played for ``turns`` weekly turns, committed and tagged."""
    role = ":red" if roles else ""
    assert run(league, "new", "counter", "g1", "--player", f"Alice:alice:1{role}", "--player", "Bob:bob:2",
               "--option", "target=100",
               "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "g1: new game", date=at(1, 12))
    for turn in range(1, turns + 1):
        play_turn(league, turn)


def play_turn(league: Path, turn: int) -> None:
    day = 5 + 7 * (turn - 1)
    submit(league, turn, "alice", f"  add: {turn}\n", at(day - 1, 10))
    submit(league, turn, "bob", "  add: 2\n", at(day - 1, 11))
    assert run(league, "adjudicate", "--due", "--commit", "--now", f"2026-01-{day:02d}T21:05+01:00") == 0


@pytest.fixture(scope="module")
def two_turns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game of ``play``, played once for the module (issue 33: each test played the same two turns)."""
    root = tmp_path_factory.mktemp("two-turns") / "league"
    (root / "games").mkdir(parents=True)
    (root / "games" / ".keep").write_text("")
    new_repository(root)
    play(root)
    return root


@pytest.fixture
def played(two_turns: Path, tmp_path: Path) -> Path:
    """A copy of ``two_turns`` of its own (its git repository, tags and dice secret), for a test to rewrite."""
    return Path(shutil.copytree(two_turns, tmp_path / "league", symlinks=True))


def found(league: Path, **kw) -> list[str]:
    return [f.text() for f in verification(league, "g1", **kw).found]


def commit_all(league: Path, message: str) -> str:
    git(league, "add", "-A")
    git(league, "commit", "-qm", message)
    return git(league, "rev-parse", "--short=12", "HEAD").strip()


def test_verify_replays_the_committed_history_and_says_so(played: Path, capsys):
    league = played
    head = git(league, "rev-parse", "HEAD").strip()
    done = verification(league, "g1")
    assert (done.turns, done.found, done.source) == (2, [], f"the committed history at {head[:12]}")
    # An uncommitted turn and an uncommitted edit count for nothing in the committed history...
    submit(league, 3, "alice", "  add: 1\n", at(18, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-19T21:05+01:00", "--commit") == 0
    git(league, "reset", "-q", "HEAD~1")  # turn 3's files stay in the tree, uncommitted
    git(league, "tag", "-d", "g1/turn-3")
    state1 = league / "games/g1/turns/0001/state.yaml"
    state1.write_text(state1.read_text().replace("alice: ", "alice: 9"))
    assert verification(league, "g1").turns == 2
    assert found(league) == []
    head = git(league, "rev-parse", "HEAD").strip()
    # ...and --worktree replays the files on disk, uncommitted turn and edit included.
    done = verification(league, "g1", worktree=True)
    assert done.turns == 3 and done.source == "the working tree"
    assert "g1: turn 1: state.yaml differs from the replay" in [f.text() for f in done.found]
    capsys.readouterr()
    assert run(league, "verify", "g1") == 0
    assert capsys.readouterr().out.splitlines() == [
        f"Replaying the committed history at {head[:12]} (uncommitted files are not read; --worktree reads them)",
        "g1: 2 turns replayed, all match (checked: public)"]
    assert run(league, "verify", "g1", "--worktree") == 1
    out = capsys.readouterr().out
    assert out.startswith("Replaying the working tree\n") and "g1: 3 turns replayed, 1 discrepancy" in out


def test_a_re_roll_is_caught_naming_the_commit(played: Path):
    league = played
    # The game master makes the game again with a new secret, plays the same orders again, and makes the tags again.
    shutil.rmtree(league / "games/g1")
    shutil.rmtree(league / "site/news/g1")
    for turn in (1, 2):
        git(league, "tag", "-d", f"g1/turn-{turn}")
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:bob:2",
               "--option", "target=100",
               "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    reroll = commit_all(league, "g1: tidy up")
    # Both turns at once, as the game master plays them again (issue 23: --catch-up says so on purpose).
    assert run(league, "adjudicate", "--due", "--commit", "--catch-up", "--now", "2026-01-20T21:05+01:00") == 0
    assert (league / "games/g1/turns/0002/report.yaml").is_file()
    assert f"g1: turn 0: turn 0 was replaced by commit {reroll} (g1: tidy up): a set-up never changes " \
           "(a re-roll?)" in found(league)


def test_an_edited_turn_0_state_is_caught_naming_the_commit(played: Path):
    league = played
    path = league / "games/g1/turns/0000/state.yaml"
    path.write_text(path.read_text().replace("target: 100", "target: 20"))
    edit = commit_all(league, "g1: a shorter game")
    done = verification(league, "g1")
    assert f"g1: turn 0: state.yaml was changed in the committed turn by commit {edit} (g1: a shorter game)" in \
        [f.text() for f in done.found]


def test_a_role_changed_in_game_yaml_is_caught_naming_the_commit_and_a_join_or_a_pause_is_not(league: Path):
    play(league, roles=True)
    assert run(league, "join", "g1", "Cy:cy:3") == 0
    path = league / "games/g1/game.yaml"
    path.write_text(path.read_text().replace("grace: 60", "grace: 60\n  paused: true"))
    commit_all(league, "g1: Cy joins; paused over the holidays")
    assert found(league) == []
    path.write_text(path.read_text().replace("role: red", "role: blue"))
    swap = commit_all(league, "g1: players file tidied")
    assert found(league) == [f"g1: turn 0: the set-up in game.yaml was changed by commit {swap} (g1: players file "
                             "tidied): player alice's role (only a published ruling may change it)"]


def test_the_history_check_names_what_changed_from_the_history_handed_to_it_without_a_league():
    """Issue 31 (I/O at the edges; verify keeps the comparison): what git says of a game since its set-up is read
    once into a ``Lineage``; the check compares it and reads nothing, so the history a reader would be shown is
    written here by hand. A player's role changed in game.yaml, data pinned after turn 1 that does not replay it,
    turn 1's state edited by a commit whose long subject is cut, and turn 2's tag on another commit."""
    from adjudicator.engine.verify import Finding, Lineage, Tag, _anchoring
    from adjudicator.league.history import Change, Logged

    def commit(letter: str, subject: str, *changes: Change) -> Logged:
        return Logged(letter * 40, subject, changes)

    def added(turn: int) -> tuple[Change, ...]:
        return tuple(Change("A", f"games/g1/turns/{turn:04d}/{name}", "0" * 40, f"{turn}{name}") for name in
                     ("report.yaml", "state.yaml"))

    alice = {"key": "alice", "name": "Alice", "login": "alice", "id": 1, "role": "red"}
    before = {"game": "g1", "ruleset": "counter", "players": [alice]}
    blue = {**before, "players": [{**alice, "role": "blue"}]}
    pinned = {**blue, "data": {"board.yaml": "sha256:0"}}
    lineage = Lineage("g1", made=(commit("a", "g1: set up"),), commits=(
        commit("b", "g1: turn 1", *added(1)),
        commit("c", "g1: players file tidied", Change("M", "games/g1/game.yaml", "v1", "v2")),
        commit("d", "g1: pin", Change("M", "games/g1/game.yaml", "v2", "v3")),
        commit("e", "g1: " + "a shorter game, as the players asked at the table last week " * 2,
               Change("M", "games/g1/turns/0001/state.yaml", "1state.yaml", "x")),
        commit("f", "g1: turn 2", *added(2))),
        versions={"v1": before, "v2": blue, "v3": pinned}, config=pinned,
        tags=(Tag(1, "b" * 40), Tag(2, "e" * 40)))
    found, notes = _anchoring(lineage, [Finding("g1", 1, "state.yaml differs")])
    assert [f.text() for f in found] == [
        "g1: turn 0: the set-up in game.yaml was changed by commit cccccccccccc (g1: players file tidied): player "
        "alice's role (only a published ruling may change it)",
        "g1: turn 1: state.yaml was changed in the committed turn by commit eeeeeeeeeeee (g1: a shorter game, as the "
        "players asked at the table last week a short…)",
        "g1: turn 1: the data pinned by commit dddddddddddd (g1: pin) does not replay the turns committed before it "
        "(turns 0-1)",
        "g1: turn 2: tag g1/turn-2 names commit eeeeeeeeeeee, not ffffffffffff, which added the turn to today's "
        "history"]
    assert notes == []
    # Where the replay found nothing up to turn 1, the pin is accepted, and the reader told.
    assert _anchoring(lineage, []) == (found[:2] + found[3:], [
        "pinned the data its rules read after turn 1, by commit dddddddddddd (turnpress pin); turns 0-1 replay "
        "exactly with those copies"])


def test_the_arrivals_check_names_late_orders_from_the_times_handed_to_it_without_a_league():
    """Issue 31 (I/O at the edges; verify keeps only the comparison): when a committed turn's orders reached main is
    read once (``load_arrived``: the trusted arrival times, the time of the turn's own commit, whether the deadline
    run recorded looks); from that alone, with the file system closed, a file taken after the deadline and grace is
    named late, one after the deadline but within grace that the report does not name late is named where the
    deadline run looked, and a file changed after the turn's own commit is left to the digest check."""
    from adjudicator import schedule as schedmod
    from adjudicator.engine import verify
    from adjudicator.engine.turncore import Committed
    from adjudicator.model import GameConfig

    from .counter import RULESET as COUNTER
    from .test_turn_core import closed

    settings = GameConfig({"game": "g1", "ruleset": "counter", "options": {"target": 100}, "players": [],
                           "dice": {"commitment": "0" * 64, "length": 100}})
    schedule = schedmod.parse({"first": "2026-01-05 20:00", "every": "7 days", "timezone": "Europe/Berlin",
                               "grace": 60})
    report = {"turn": 1, "deadline": "2026-01-05T20:00+01:00",
              "orders": {"taken": ["alice", "bob", "carol", "dave"], "late": [{"player": "dave"}]}}
    seen = Committed("g1", 1, COUNTER, settings, schedule, report, {})  # type: ignore[arg-type]
    folder = "orders/g1/0001"
    times = {f"{folder}/alice.yaml": dt.datetime(2026, 1, 5, 21, 30, tzinfo=dt.UTC),  # after deadline and grace
             f"{folder}/bob.yaml": dt.datetime(2026, 1, 5, 19, 30, tzinfo=dt.UTC),  # within the grace, not named
             f"{folder}/carol.yaml": dt.datetime(2026, 1, 5, 18, 0, tzinfo=dt.UTC),  # on time
             f"{folder}/dave.yaml": dt.datetime(2026, 1, 5, 19, 30, tzinfo=dt.UTC)}  # within the grace, named
    verify._found("g1", 1, "late", player="alice").text()  # the catalog read before the file system closes
    with closed():
        found = verify._arrivals(seen, verify.Arrived(times, committed=None, looked=True))
        unlooked = verify._arrivals(seen, verify.Arrived(times, committed=None, looked=False))
        edited = verify._arrivals(seen, verify.Arrived(times, committed=int(times[f"{folder}/bob.yaml"].timestamp())))
        nothing = verify._arrivals(seen, None)
    assert [f.text() for f in found] == [
        "g1: turn 1: alice's orders reached main after the deadline and grace",
        "g1: turn 1: bob's orders reached main after the deadline (2026-01-05T19:30+00:00, by the deadline run's "
        "record of what it saw), and the report does not name them late"]
    assert [f.text() for f in unlooked] == [found[0].text()], "named late without the deadline run's looks"
    assert edited == [] and nothing == []


def test_an_edited_issue_page_is_caught_naming_the_commit(played: Path):
    league = played
    page = league / "site/news/g1/0001.md"
    page.write_text(page.read_text().replace("Missed orders (NMR): nobody", "Missed orders (NMR): Bob"))
    edit = commit_all(league, "news: typo")
    assert found(league) == [f"g1: turn 1: the issue page site/news/g1/0001.md is not what the turn's "
                             f"report renders (last changed by commit {edit} (news: typo))"]


def test_a_moved_tag_is_caught(played: Path):
    league = played
    first = git(league, "rev-parse", "g1/turn-1^{commit}").strip()
    git(league, "tag", "-f", "-a", "-m", "moved", "g1/turn-2", first)
    assert any(f.startswith("g1: turn 2: tag g1/turn-2 names commit " + first[:12]) for f in found(league))


def test_since_proves_history_extends_a_kept_head_and_catches_a_force_push(played: Path, capsys):
    league = played
    page = (league / "site/news/g1/0002.md").read_text()
    kept = re.search(r"Chain head after this turn: `([0-9a-f]{64})`", page)[1]
    assert kept == anchor.heads(league / "games/g1")[2]
    kept_commit = git(league, "rev-parse", "HEAD").strip()
    play_turn(league, 3)
    for ref in (kept, kept_commit, "g1/turn-2"):
        capsys.readouterr()
        assert run(league, "verify", "--since", ref) == 0, ref
        assert "extends" in capsys.readouterr().out
    # A force-push: turn 2 made again on a history without the old one, tags moved along.
    git(league, "reset", "-q", "--hard", "g1/turn-1")
    for turn in (2, 3):
        git(league, "tag", "-d", f"g1/turn-{turn}")
    submit(league, 2, "alice", "  add: 7\n", at(11, 10))
    assert run(league, "adjudicate", "--due", "--commit", "--now", "2026-01-12T21:05+01:00") == 0
    capsys.readouterr()
    assert run(league, "verify", "g1") == 0, "the rewritten history is consistent in itself"
    assert run(league, "verify", "--since", kept) == 1
    assert f"no game's history holds the chain head {kept}" in capsys.readouterr().out
    assert run(league, "verify", "--since", kept_commit) == 1
    out = capsys.readouterr().out
    assert f"{kept_commit[:12]} is not in today's history" in out
    assert "g1: turn 2: report.yaml is not what it was at" in out


def test_since_a_commit_asks_git_for_each_game_its_files_then_and_now_and_both_set_ups_at_once(played: Path,
                                                                                                  monkeypatch):
    """``verify --since COMMIT`` compares every turn file a game had at the commit with today's, and the two
    set-ups (``games/<game>/game.yaml``): one listing of the game's folder at the commit, which also says the game
    was there, one of its turns today, and one read of both set-ups (it listed the turns then and the folder in two
    processes and read each set-up in a process of its own). The findings are as before: a game the commit had
    extended where nothing changed, an edited report and a changed option named."""
    league = played
    kept = git(league, "rev-parse", "HEAD").strip()
    play_turn(league, 3)
    asked: list[str] = []
    real = history._run
    monkeypatch.setattr(history, "_run", lambda repo, *args, **kw: asked.append(args[0]) or real(repo, *args, **kw))
    done = since(league, kept, ["g1"])
    assert done.found == [] and done.holds == [f"g1: today's history extends {kept[:12]}: every turn it had is "
                                               "unchanged"]
    per_game = [a for a in asked if a in ("ls-tree", "show", "cat-file")]
    assert per_game == ["ls-tree", "ls-tree", "cat-file"], asked

    report = league / "games/g1/turns/0001/report.yaml"
    report.write_text(report.read_text() + "# edited\n")
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text().replace("target: 100", "target: 200", 1))
    git(league, "commit", "-qam", "edits")
    done = since(league, kept, ["g1"])
    assert done.holds == [] and [(f.turn, f.what) for f in done.found] == [  # type: ignore[union-attr]
        (1, f"report.yaml is not what it was at {kept[:12]}"),
        (0, f"the set-up in game.yaml is not what it was at {kept[:12]}: options")], done.found


def test_the_committed_copy_goes_to_memory_and_to_the_temporary_folder_when_memory_is_full(played: Path, tmp_path,
                                                                                           monkeypatch):
    """Issue 33 (verify's margin): the committed copy is written where writing is cheap, a tmpfs with room, and
    removed after; a copy that fills it (ENOSPC) is made again in the temporary folder, and the replay is the same."""
    import errno

    from adjudicator.engine import verify
    from adjudicator.league import history

    league = played
    memory = tmp_path / "shm"
    memory.mkdir()
    monkeypatch.setattr(verify, "IN_MEMORY", memory)
    monkeypatch.setattr(verify, "IN_MEMORY_ROOM", 0)
    places = []
    export = history.export

    def full(root, commit, paths, dest):
        places.append(dest.parent)
        if dest.parent == memory:
            export(root, commit, paths, dest)  # part of it written, then the room runs out
            raise OSError(errno.ENOSPC, "No space left on device")
        return export(root, commit, paths, dest)

    assert verification(league, "g1").found == []
    assert list(memory.iterdir()) == []
    monkeypatch.setattr(history, "export", full)
    done = verification(league, "g1")
    assert (done.turns, done.found) == (2, [])
    assert places[0] == memory and places[1] != memory and list(memory.iterdir()) == []
