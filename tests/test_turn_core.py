"""A turn planned and computed from a snapshot built in memory (issue 31, "I/O at the edges of a turn"): everything a
turn reads is in its ``TurnSnapshot``; ``plan`` (who counts, what is refused, which defaults, the deadline) and
``compute`` read no file, no git, no clock. Here there is no league at all: the game, its orders and their times are
values, and the file system is closed while the turn is played. ``verify`` plans a committed turn from its recorded
report and runs the same computation: it gives the same files byte for byte."""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import datetime as dt
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

import adjudicator
from adjudicator import dice as dicemod
from adjudicator import schedule as schedmod
from adjudicator.engine import turncore
from adjudicator.engine.turncore import Arrivals, Submission, TurnSnapshot
from adjudicator.errors import LeagueError
from adjudicator.kit import secrecy as secrecymod
from adjudicator.model import GameConfig, Player

from .counter import RULESET as COUNTER

BERLIN = ZoneInfo("Europe/Berlin")
SECRET = b"\x07" * 32
LENGTH = 100
PLAYERS = [Player("alice", "Alice", "alice", 1), Player("bob", "Bob", "Bob", 2), Player("carol", "Carol", "carol", 3)]
SCHEDULE = {"first": "2026-01-05 20:00", "every": "7 days", "timezone": "Europe/Berlin", "grace": 60}
DEADLINE = dt.datetime(2026, 1, 5, 20, 0, tzinfo=BERLIN)


def at(hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 1, 5, hour, minute, tzinfo=BERLIN)


def submission(player: str, body: str, arrived: dt.datetime | None) -> Submission:
    """An orders file of turn 1 as the deadline run would have read it (the plan checks it)."""
    raw = f"game: g1\nturn: 1\nplayer: {player}\norders:\n{body}".encode()
    return Submission(player, f"orders/g1/0001/{player}.yaml", raw, arrived)


def snapshot(now: dt.datetime | None = None, **more: Any) -> TurnSnapshot:
    """Turn 1 of a Counter game: Alice on time, Bob late within the grace, Carol's orders invalid (12 > 9)."""
    state = COUNTER.setup({"target": 100}, PLAYERS, dicemod.Dice(b"set-up"))
    settings = GameConfig({"game": "g1", "ruleset": "counter", "options": {"target": 100},
                           "players": [{"key": p.key, "name": p.name, "login": p.login, "id": p.github_id}
                                       for p in PLAYERS],
                           "schedule": SCHEDULE, "dice": {"commitment": dicemod.commitment(SECRET, LENGTH).hex(),
                                                          "length": LENGTH}})
    subs = (submission("alice", "  add: 4\n", at(10)), submission("bob", "  add: 3\n", at(20, 30)),
            submission("carol", "  add: 12\n", at(19)))
    fields: dict[str, Any] = {
        "game": "g1", "turn": 1, "rules": COUNTER, "settings": settings, "schedule": schedmod.parse(SCHEDULE),
        "language": "en", "state": state, "ruling": None, "removed": {}, "planned": DEADLINE,
        "previous_orders": {"alice": None, "bob": None, "carol": {"add": 2}},
        "arrivals": Arrivals(now or at(21, 10)), "submissions": subs, "seats": tuple(p.key for p in PLAYERS),
        "seed": dicemod.reveal(SECRET, LENGTH, 1),
        "previous_seed": dicemod.reveal(SECRET, LENGTH, 0)}
    return TurnSnapshot(**{**fields, **more})


# The program's own files, which it may read at any time: its catalogs of words (read on first use) and the
# libraries it runs on (the orders' schema checker reads its metaschemas when first imported).
PROGRAM = (Path(adjudicator.__file__).parent, Path(sys.prefix), Path(sys.base_prefix))


@contextlib.contextmanager
def closed(league: Path | None = None) -> Iterator[None]:
    """Every way to run git, or to open a file but the program's own (``PROGRAM``), fails while the turn is planned
    and computed: there is no league to read. With ``league``, the folder of a real league is closed instead: any
    look into it (open, stat, listing) fails, and the rest of the machine stays open (the libraries, the kept
    drawings of ``kit.drawcache``)."""
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a pure turn read or ran something: {args[:1]}")

    top = os.path.abspath(league) if league is not None else None

    def allowed(target: Any) -> bool:
        if top is not None:  # os.path.abspath, not resolve: resolving would look into the league itself
            return not isinstance(target, str | os.PathLike) or not Path(os.path.abspath(target)).is_relative_to(top)
        path = Path(os.fspath(target)).resolve() if isinstance(target, str | os.PathLike) else None
        return path is not None and any(path.is_relative_to(own) for own in PROGRAM)

    def guarded(opener: Any) -> Any:
        def opened(*args: Any, **kwargs: Any) -> Any:
            return opener(*args, **kwargs) if allowed(args[0] if args else None) else refused(*args)
        return opened
    looks = (os, "stat"), (os, "lstat"), (os, "listdir"), (os, "scandir")
    with pytest.MonkeyPatch.context() as patch:
        for where, name in ((builtins, "open"), (io, "open"), (os, "open"), *(looks if league is not None else ())):
            patch.setattr(where, name, guarded(getattr(where, name)))
        for where, name in ((subprocess, "run"), (subprocess, "Popen")):
            patch.setattr(where, name, refused)
        yield


def play(snap: TurnSnapshot) -> tuple[turncore.TurnPlan, turncore.TurnOutcome]:
    with closed():
        planned = turncore.plan(snap)
        return planned, turncore.compute(snap, planned)[0]


def test_a_turn_is_planned_and_computed_from_a_snapshot_without_a_league():
    snap = snapshot()
    planned, outcome = play(snap)
    report = outcome.report
    account = report["orders"]
    assert sorted(planned.taken) == ["alice", "bob"]
    assert account["taken"] == ["alice", "bob"]
    assert account["late"] == [{"player": "bob", "arrived": "2026-01-05T20:30+01:00", "taken": True}]
    assert [(e["player"], e["why"]) for e in account["refused"]] == [("carol", "invalid")]
    assert account["defaults"] == {"carol": {"add": 2}}, "Carol plays her last orders again (the rules' NMR)"
    assert account["missed"] == ["carol"]
    assert account["adjudicated"] == "2026-01-05T21:10+01:00"
    assert report["deadline"] == "2026-01-05T20:00+01:00"
    assert report["dice"]["seed"] == dicemod.reveal(SECRET, LENGTH, 1).hex()
    rolls = report["result"]["rolls"]
    assert report["result"]["scores"] == {"alice": 4 + rolls["alice"], "bob": 3 + rolls["bob"],
                                          "carol": 2 + rolls["carol"]}
    assert sorted(outcome.files) == ["games/g1/turns/0001/hidden.yaml", "games/g1/turns/0001/report.yaml",
                                     "games/g1/turns/0001/state.yaml"]
    assert outcome.missed == ["carol"]
    assert "bonus" not in outcome.files["games/g1/turns/0001/state.yaml"], "the hidden part is not in the state"


def test_the_same_snapshot_gives_the_same_turn_byte_for_byte():
    assert play(snapshot())[1].files == play(snapshot())[1].files


def test_a_file_past_the_deadline_and_grace_is_refused_and_its_player_gets_the_defaults():
    snap = snapshot(now=at(22))
    late = dataclasses.replace(snap.submissions[1], arrived=at(21, 1))  # the grace is 60 minutes
    _, outcome = play(dataclasses.replace(snap, submissions=(snap.submissions[0], late, snap.submissions[2])))
    account = outcome.report["orders"]
    assert account["taken"] == ["alice"]
    assert {"player": "bob", "why": "too late", "arrived": "2026-01-05T21:01+01:00"} in account["refused"]
    assert account["defaults"] == {"bob": {"add": 0}, "carol": {"add": 2}}


def test_the_plan_refuses_orders_of_no_seat_and_a_sealed_file_naming_another_turn_from_the_snapshot_alone():
    """What is refused is the plan's to decide (issue 31, "I/O at the edges of a turn"): the loader only reads each
    orders file (``turn.submissions``: its bytes, a sealed one opened with the game's key); whether it counts is
    judged from the snapshot alone (``turncore.judge``): the game's seats, the opened plaintext, the state and the
    game's language. Here the files are values and the file system is closed while the plan judges them: orders
    of a login that holds no seat are no orders of the game, and in a game of sealed orders a sealed file whose
    plaintext names another turn is refused whole (a copy from elsewhere: nothing of it is taken or published), as
    is a plain file (§ sealed orders: it was public before the deadline)."""
    snap = snapshot()
    mallory = submission("mallory", "  add: 1\n", at(10))
    with closed():
        judged = {j.player: j for j in turncore.judge(dataclasses.replace(snap, submissions=(mallory,)))}
    assert judged["mallory"].checked.orders is None
    assert [f.text() for f in judged["mallory"].checked.findings] == [
        "orders/g1/0001/mallory.yaml:1:1: error: 'mallory' does not play in g1 — name the file after your GitHub login"]

    sealed = GameConfig({**snap.settings.data, "options": {"target": 100, "orders": "sealed"}})
    alice, bob, carol = snap.submissions
    opened = [dataclasses.replace(sub, sealed_file=f"{sub.file}.age", envelope=b"sealed to the game")
              for sub in (alice, bob)]
    copied = dataclasses.replace(opened[1], raw=bob.raw.replace(b"turn: 1", b"turn: 7"))
    _, outcome = play(dataclasses.replace(snap, settings=sealed, submissions=(opened[0], copied, carol)))
    account = outcome.report["orders"]
    assert account["taken"] == ["alice"]
    assert [e for e in account["refused"] if e["player"] != "carol"] == [
        {"player": "bob", "why": "sealed for another game, turn or player",
         "problems": ["orders/g1/0001/bob.yaml.age:1:1: error: it names another turn than 1: a sealed file copied "
                      "from elsewhere"]}]
    assert {"player": "carol", "why": "not sealed"}.items() <= account["refused"][1].items()


def test_a_wrong_secret_is_refused_before_anything_is_adjudicated():
    snap = snapshot(seed=dicemod.reveal(b"\x08" * 32, LENGTH, 1))
    with pytest.raises(LeagueError, match="the dice secret does not match g1's commitment"):
        play(snap)


def test_verify_replays_a_turn_from_its_report_with_the_same_plan_and_computation():
    snap = snapshot()
    planned, outcome = play(snap)
    # What verify loads of the committed turn: the report, the orders it took; no submissions, times or secret.
    replayed = dataclasses.replace(snap, arrivals=None, submissions=(), seed=None, previous_seed=None,
                                   recorded=outcome.report, taken=planned.taken)
    assert play(replayed)[1].files == outcome.files
    # an edited report (another seed) replays to other files: the comparison is what verify keeps
    edited = {**outcome.report, "dice": {**outcome.report["dice"], "seed": dicemod.reveal(SECRET, LENGTH, 2).hex()}}
    other = play(dataclasses.replace(replayed, recorded=edited))[1]
    assert other.report["dice"]["seed"] != outcome.report["dice"]["seed"]
    assert other.report["result"] != outcome.report["result"] or other.files != outcome.files


def test_the_turn_that_ends_a_game_publishes_what_stayed_sealed_from_values():
    """What the last turn publishes of the orders sealed until the end is a function of the files handed to it
    (``turn.load_published`` reads them, only for that turn): each file of which only the public part was
    published, in full as the deadline read it (§ secrecy, issue 28: the player's comments are no orders); one
    published in full already is not written again; a turn before issue 28 (no digest) keeps the very text its
    digest bound."""
    sheet = b"# my hand: K7\ngame: g1\nturn: 2\nplayer: ann\norders: {card: 3, standing: {C: 1}}\n"
    declared = secrecymod.Secrecy(sealed_fields={"standing": "reservation prices"})
    public = secrecymod.public_part(declared, sheet)[0].encode()
    files = (turncore.Published("orders/g1/0002/ann.yaml", public, sheet, dicemod.ENVELOPES),
             turncore.Published("orders/g1/0001/ann.yaml", public, sheet, None),
             turncore.Published("orders/g1/0001/bob.yaml", b"game: g1\n", b"game: g1\n", None))
    with closed():
        published = turncore.full_orders(files)
    assert published == {"orders/g1/0002/ann.yaml": secrecymod.full_text(sheet),
                         "orders/g1/0001/ann.yaml": sheet.decode()}
    assert "my hand" not in published["orders/g1/0002/ann.yaml"]


def test_verify_checks_a_turns_deadline_moves_from_what_the_loader_read_and_asks_git_nothing_itself():
    """Issue 31 (I/O at the edges; verify keeps only the comparison): what the history says of a committed turn
    when it ran (the absence files at its tag, when each orders file first arrived) is read once by
    ``turn.load_ran`` into a frozen ``turncore.Ran``; verify's checks of the deadline's moves for absences and NMR
    extensions compare it and read nothing themselves (they called git and read the tree before)."""
    import ast
    import inspect
    import textwrap

    from adjudicator.engine import turncore, verify

    for check in (verify._absence, verify._nmr_extension):
        tree = ast.parse(textwrap.dedent(inspect.getsource(check)))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
        assert "history" not in names and not calls & {"is_file", "read_text", "read_bytes", "open"}, check.__name__
        assert inspect.signature(check).parameters["ran"].annotation in ("turncore.Ran", turncore.Ran)
    assert turncore.Ran.__dataclass_params__.frozen


def test_verify_compares_a_turns_files_and_carries_its_state_from_what_the_loaders_read():
    """Issue 31 (I/O at the edges; verify keeps only the comparison): the files a committed turn's folder holds
    (its state, report, plain hidden parts and, with the key, each sealed part) are read once by
    ``turn.load_committed`` into ``Committed.written``, and the state of a turn verify does not replay by
    ``turn.load_carried``, and its issue page with what the page shows besides the outcome by ``turn.load_page``
    (the values it hands ``newsletter.issue_facts``), all of them at the turn's edge (``verify.load_turn_read``);
    verify's checks of the turn, its replay, the comparison of the replayed files, of the sealed parts, of the issue
    page, and the carrying of an unreplayed turn's state and chain head read nothing themselves (they read the
    turn's folder and the page, and asked the ``store.Game`` for its states and the page's input before, and the
    loaders in the middle of the turn's checks); so does the set-up's (turn 0). Only a page that differs asks git
    which commit changed it, to say so."""
    import ast
    import inspect
    import textwrap

    from adjudicator.engine import turncore, verify

    for step in (verify._compare, verify._sealed_parts, verify._not_replayed, verify._carry_committed,
                 verify._committed_head, verify._issue_page, verify._start, verify._setup_again, verify._check_turn,
                 verify._public_checks, verify._replayed):
        tree = ast.parse(textwrap.dedent(inspect.getsource(step)))
        calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
        assert not calls & {"is_file", "read_text", "read_bytes", "open", "glob", "state", "public_state",
                            "hidden_complete", "turn_folder", "issue_input"}, step.__name__
        named = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not {name for name in named if name.startswith("load_")}, step.__name__  # the turn's edge reads
    assert all(c.__dataclass_params__.frozen for c in (turncore.Written, turncore.Carried, turncore.Page))
    assert turncore.Committed.__dataclass_fields__["written"].type in ("Written", turncore.Written)


def test_verify_checks_replays_and_compares_a_committed_turn_from_the_values_read_at_its_edge_without_a_league():
    """Issue 31 ("verify reuses the same plan and computation and keeps only the comparison"; "the issue page renders
    from what the engine hands it, testable without a league"): what verify reads of a committed turn is one frozen
    value, read at the turn's edge (``verify.TurnRead``: what the turn published, its replay's snapshot, its issue
    page). From such a value built by hand, with the file system closed, verify replays the turn, compares its files
    and its issue page, and carries the pass on from what it computed; an edited state and an edited page are
    named, and nothing else."""
    from adjudicator import anchor, newsletter
    from adjudicator.engine import verify

    snap = snapshot()
    planned, outcome = play(snap)
    folder = "games/g1/turns/0001"
    files = {name: outcome.files[f"{folder}/{name}"].encode() for name in ("state.yaml", "report.yaml", "hidden.yaml")}
    # What the turn published: the report, the orders it took, its folder's files; what its replay plays from them.
    published = {key: turncore.Filed(1, taken.raw) for key, taken in planned.taken.items()}
    replayed = dataclasses.replace(snap, arrivals=None, submissions=(), seed=None, previous_seed=None,
                                   recorded=outcome.report, taken=planned.taken)
    seats = [{"key": p.key, "name": p.name, "login": p.login, "id": p.github_id} for p in PLAYERS]
    facts = newsletter.issue_facts("g1", snap.settings, COUNTER, "en", 1, seats, seats, snap.schedule, snap.schedule,
                                   None, None)
    head_before = "ab" * 32
    head = anchor.follow(head_before, files["report.yaml"], files["state.yaml"])
    public = COUNTER.public_view(snap.state)
    page = newsletter.render(dataclasses.replace(facts, publics=(public,), steps=("0", outcome.label), head=head),
                             outcome.state, outcome.report)[1].encode()

    def check(written: dict[str, bytes], page: bytes) -> tuple[bool, verify._Pass]:
        run = verify._Pass("g1", None, [], None, dicemod.reveal(SECRET, LENGTH, 0), snap.state, publics=[public],
                           heads=[head_before])
        seen = turncore.Committed("g1", 1, COUNTER, snap.settings, snap.schedule, outcome.report, published,
                                  written=turncore.Written(written["state.yaml"], written["report.yaml"],
                                                           written["hidden.yaml"]))
        read = verify.TurnRead(seen, snap=replayed, page=turncore.Page(facts, "site/news/g1/0001.md", page))
        with closed():
            return verify._check_turn(run, read, checks_early=True), run

    verify._found("g1", 1, "differs", name="state.yaml")  # the program's own words are read once
    replays, run = check(files, page)
    assert replays and run.found == [] and run.not_checked == []
    assert run.state == outcome.state and run.heads == [head_before, head], "the pass goes on from the replay"
    assert run.read == {(1, "alice"): {"add": 4}, (1, "bob"): {"add": 3}}, "the next turns' NMR defaults"
    edited = {**files, "state.yaml": files["state.yaml"].replace(b"alice", b"alicia", 1)}
    assert edited != files
    _, run = check(edited, page.replace(b"Missed orders", b"Absent", 1))
    assert [(f.word, f.values) for f in run.found] == [
        ("verify.finding.differs", {"name": "state.yaml"}),
        ("verify.finding.issue_differs", {"page": "site/news/g1/0001.md"})]
