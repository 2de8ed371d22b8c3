"""Reminders through GitHub itself (issue 23): ``turnpress remind`` writes, a set time before each deadline, one
reminder per game naming with @login the awaited players who have nothing in yet (and nobody who has), and a
notice when an issue is published; at most once per deadline, known from the markers of the thread's own
comments; a moved deadline gets a fresh reminder. Text and timing offline; the workflow only posts."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from pathlib import Path

import pytest

from adjudicator import yamlio
from adjudicator.league.store import load_game
from adjudicator.pipeline import remind

from .conftest import git, run
from .test_league_e2e import at, new_game, submit

BOT = "github-actions[bot]"
DEADLINE = "2026-01-05T20:00+01:00"


def with_thread(root: Path, thread: int = 7, remind_before: str = "24 hours", **extra: object) -> None:
    path = root / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["thread"] = thread
    config["schedule"]["remind"] = remind_before
    config.update(extra)
    path.write_text(yamlio.dump(config))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "g1 reminds on thread 7", date=at(1, 13))


def comments(*bodies: str, by: str = BOT) -> bytes:
    return json.dumps([{"user": {"login": by}, "body": b} for b in bodies]).encode()


def due(root: Path, now: str, posted: dict[int, set[str]] | None = None, **kw) -> list[remind.Message]:
    return remind.due_messages(root, dt.datetime.fromisoformat(now), posted or {}, **kw)


@pytest.fixture
def g1(league: Path) -> Path:
    new_game(league)
    with_thread(league)
    submit(league, 1, "alice", "  add: 4\n", at(4, 10))
    return league


def test_the_reminder_names_those_awaited_without_orders_and_nobody_who_has(g1: Path):
    [message] = due(g1, "2026-01-04T21:00+01:00")
    assert message.thread == 7
    assert message.body() == (
        "<!-- turnpress remind g1 turn 1 deadline 2026-01-05T20:00+01:00 -->\n"
        "**Counter (g1)**, turn 1 (Round 1): orders are due by **2026-01-05 20:00 CET**. Still awaited: @Bob, "
        "@carol.\n")
    assert "alice" not in message.body().lower(), "Alice has her orders in"


def test_a_reminder_is_written_only_in_its_time_before_the_deadline(g1: Path):
    assert due(g1, "2026-01-04T19:59+01:00") == [], "more than 24 hours before: not yet"
    assert len(due(g1, "2026-01-04T20:00+01:00")) == 1
    assert len(due(g1, "2026-01-05T19:59+01:00")) == 1
    assert due(g1, "2026-01-05T20:00+01:00") == [], "the deadline has come: no reminder in the grace"


def test_nobody_missing_no_reminder(g1: Path):
    submit(g1, 1, "bob", "  add: 1\n", at(4, 11))
    submit(g1, 1, "carol", "  add: 1\n", at(4, 12))
    assert due(g1, "2026-01-05T12:00+01:00") == []


def test_once_per_deadline_from_the_workflow_s_own_comments(g1: Path):
    [message] = due(g1, "2026-01-04T21:00+01:00")
    posted = remind.posted_markers(comments("earlier text", message.body()))
    assert due(g1, "2026-01-05T19:00+01:00", {7: posted}) == [], "reminded once already"
    forged = remind.posted_markers(comments(message.body(), by="bob"))
    assert forged == set(), "a player who copies the marker silences nothing"
    assert len(due(g1, "2026-01-05T19:00+01:00", {7: forged})) == 1


def test_a_moved_deadline_gets_a_fresh_reminder(g1: Path):
    [first] = due(g1, "2026-01-04T21:00+01:00")
    posted = {7: remind.posted_markers(comments(first.body()))}
    path = g1 / "games/g1/game.yaml"
    path.write_text(path.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    ruling = g1 / "rulings/g1/0001.yaml"  # a deadline to come is moved by a ruling (issue 29)
    ruling.parent.mkdir(parents=True)
    ruling.write_text("game: g1\nturn: 1\nby: gm\nreason: more time\ndeadline: 2026-01-07 20:00\n")
    git(g1, "add", "-A")
    git(g1, "commit", "-qm", "turn 1 extended", date=at(5, 9))
    assert due(g1, "2026-01-05T12:00+01:00", posted) == [], "more than a day before the new deadline"
    [again] = due(g1, "2026-01-06T21:00+01:00", posted)
    assert again.marker == "<!-- turnpress remind g1 turn 1 deadline 2026-01-07T20:00+01:00 -->"
    assert "due by **2026-01-07 20:00 CET**" in again.text


def test_a_notice_when_an_issue_is_published_once(g1: Path):
    assert run(g1, "adjudicate", "--due", "--commit", "--now", "2026-01-05T21:05+01:00") == 0
    messages = due(g1, "2026-01-05T21:10+01:00", site_url="https://league.example.org/")
    assert [m.body() for m in messages] == [
        "<!-- turnpress issue g1 turn 1 -->\n**Counter (g1)**: the issue of turn 1 (Round 1) is out. "
        "https://league.example.org/news/g1/0001/\n"]
    posted = {7: remind.posted_markers(comments(messages[0].body()))}
    assert due(g1, "2026-01-05T21:25+01:00", posted) == []
    # A day before turn 2's deadline the reminder follows, on the same thread; the notice is not repeated.
    [message] = due(g1, "2026-01-12T12:00+01:00", posted)
    assert message.marker == "<!-- turnpress remind g1 turn 2 deadline 2026-01-12T20:00+01:00 -->"
    assert "Still awaited: @alice, @Bob, @carol." in message.text


def test_a_game_without_a_thread_or_a_reminder_time_is_left_alone(league: Path):
    new_game(league)
    assert due(league, "2026-01-05T12:00+01:00") == []
    with_thread(league)
    config = yamlio.read_data(league / "games/g1/game.yaml")
    del config["schedule"]["remind"]
    (league / "games/g1/game.yaml").write_text(yamlio.dump(config))
    assert due(league, "2026-01-05T12:00+01:00") == [], "no remind: in the schedule: only notices"


def test_names_and_labels_are_inert_and_notify_nobody_else(g1: Path):
    path = g1 / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["title"] = "@everyone <b>[x](javascript:1)</b>"
    config["players"][2]["name"] = "Carol @mallory *bold*"
    path.write_text(yamlio.dump(config))
    [message] = due(g1, "2026-01-05T12:00+01:00")
    assert "@mallory" not in message.text and "@everyone" not in message.text
    assert "<b>" not in message.text and "](" not in message.text
    assert message.text.count("@") == 2, "only the two awaited logins are mentioned"


def test_german_game_german_reminder(g1: Path):
    path = g1 / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["language"] = "de"
    path.write_text(yamlio.dump(config))
    [message] = due(g1, "2026-01-05T12:00+01:00")
    assert message.text == ("**Counter (g1)**, Zug 1 (Round 1): Abgabeschluss ist **2026-01-05 20:00 CET**. Es "
                            "fehlen noch die Befehle von: @Bob, @carol.")


def test_a_thread_that_is_no_number_is_named(g1: Path):
    path = g1 / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["thread"] = "twelve"
    path.write_text(yamlio.dump(config))
    with pytest.raises(remind.LeagueError, match="thread: 'twelve' is not an issue number"):
        due(g1, "2026-01-05T12:00+01:00")


@pytest.mark.parametrize("raw", [b"[{", b"\xff\xfe", b"[" * 100_000])
def test_comments_that_are_not_json_are_refused(raw: bytes):
    with pytest.raises(remind.LeagueError, match="not (UTF-8 )?JSON"):
        remind.posted_markers(raw)


def test_pages_of_comments_one_after_the_other_are_read():
    """``gh api --paginate`` prints one JSON array per page."""
    first = comments("<!-- turnpress issue g1 turn 1 -->")
    second = comments("<!-- turnpress remind g1 turn 2 deadline 2026-01-12T20:00+01:00 -->\nhello")
    assert remind.posted_markers(first + b"\n" + second) == {
        "<!-- turnpress issue g1 turn 1 -->", "<!-- turnpress remind g1 turn 2 deadline 2026-01-12T20:00+01:00 -->"}


def test_the_command_reads_comments_and_writes_one_file_per_thread(g1: Path, tmp_path: Path, capsys):
    capsys.readouterr()
    assert run(g1, "remind", "--threads") == 0
    assert capsys.readouterr().out == "7\n"
    (tmp_path / "in").mkdir()
    out = tmp_path / "out"
    now = ["--now", "2026-01-05T12:00+01:00"]
    assert run(g1, "remind", "--comments", str(tmp_path / "in"), "--out", str(out), *now) == 2
    assert "7.json" in capsys.readouterr().err, "without the thread's comments, nothing is written"
    (tmp_path / "in/7.json").write_text("[]")
    assert run(g1, "remind", "--comments", str(tmp_path / "in"), "--out", str(out), *now) == 0
    body = (out / "7.md").read_text()
    assert body.startswith("<!-- turnpress remind g1 turn 1 deadline 2026-01-05T20:00+01:00 -->\n**Counter")
    assert "7: reminder of g1 turn 1" in capsys.readouterr().out
    (tmp_path / "in/7.json").write_bytes(comments(body))
    (out / "7.md").unlink()
    assert run(g1, "remind", "--comments", str(tmp_path / "in"), "--out", str(out), *now) == 0
    assert list(out.iterdir()) == [], "posted once already: nothing to post"


def test_a_sealed_file_counts_as_in_without_being_read(league: Path, tmp_path: Path, monkeypatch):
    """The reminder runs without any key (its job has no secret): a sealed orders file is in, unread."""
    for name in [n for n in os.environ if n.startswith("TURNPRESS_")]:
        monkeypatch.delenv(name)
    assert run(league, "new", "counter", "g1", "--player", "Alice:alice:1", "--player", "Bob:Bob:2",
               "--option", "target=100", "--option", "orders=sealed", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    git(league, "add", "-A")
    git(league, "commit", "-qm", "new game g1", date=at(1, 12))
    with_thread(league)
    plain = tmp_path / "alice.yaml"
    plain.write_text("game: g1\nturn: 1\nplayer: alice\norders:\n  add: 4\n")
    assert run(league, "seal", str(plain)) == 0
    git(league, "add", "orders/g1/0001/alice.yaml.age")
    git(league, "commit", "-qm", "orders of alice", date=at(4, 10))
    shutil.rmtree(league / ".secrets")  # the workflow's remind job has no key
    assert load_game(league, "g1").game_identities() == []
    [message] = due(league, "2026-01-05T12:00+01:00")
    assert message.text.endswith("Still awaited: @Bob."), message.text


def test_a_broken_game_is_named_and_the_others_are_reminded(g1: Path, capsys):
    (g1 / "games/g0").mkdir()
    (g1 / "games/g0/game.yaml").write_text("- not a game\n")
    capsys.readouterr()
    assert run(g1, "remind", "--threads") == 0
    assert capsys.readouterr().out == "7\n"
    assert run(g1, "remind", "--now", "2026-01-05T12:00+01:00") == 0
    out, err = capsys.readouterr()
    assert "--- thread 7\n<!-- turnpress remind g1 turn 1 deadline 2026-01-05T20:00+01:00 -->" in out
    assert err.startswith("g0: skipped, no reminder: games/g0/game.yaml: a game's file must be a mapping"), err


def test_a_deadline_moved_by_an_nmr_extension_is_reminded_again_and_says_so(g1: Path):
    path = g1 / "games/g1/game.yaml"
    config = yamlio.read_data(path)
    config["schedule"]["nmr_extension"] = {"period": "2 days", "times": 1}
    path.write_text(yamlio.dump(config))
    [first] = due(g1, "2026-01-05T12:00+01:00")
    posted = {7: remind.posted_markers(comments(first.body()))}
    assert due(g1, "2026-01-05T21:30+01:00", posted) == [], "moved, but more than a day before the new deadline"
    [again] = due(g1, "2026-01-06T21:00+01:00", posted)
    assert again.marker == "<!-- turnpress remind g1 turn 1 deadline 2026-01-07T20:00+01:00 -->"
    assert again.text.endswith("due by **2026-01-07 20:00 CET**. Still awaited: @Bob, @carol. The deadline moved "
                               "from 2026-01-05 20:00 CET."), again.text


def test_after_a_ruling_the_reminder_names_the_new_player_and_not_a_removed_one(g1: Path):
    """A seat handed over is reminded at its new login; a seat taken out of the game is awaited by nobody."""
    config = g1 / "games/g1/game.yaml"
    config.write_text(config.read_text() + "game_masters:\n  - login: gm\n    id: 9000\n")
    (g1 / "rulings/g1").mkdir(parents=True)
    (g1 / "rulings/g1/0001.yaml").write_text(
        "game: g1\nturn: 1\nby: gm\nreason: Bob moved abroad, Carol left.\n"
        "replace:\n  - seat: bob\n    login: dave\n    id: 9100\n    name: Dave\nremove: [carol]\n")
    git(g1, "add", "-A")
    git(g1, "commit", "-qm", "ruling", date=at(2, 9))
    [message] = due(g1, "2026-01-04T21:00+01:00")
    assert message.text.endswith("Still awaited: @dave.")
    assert "Bob" not in message.body() and "carol" not in message.body()


@pytest.mark.parametrize(("raw", "why"), [
    (b" " * (remind.COMMENTS_MAX_BYTES + 1), "the thread's comments are more than 32 MB: start a new thread"),
    (b"<html>rate limited</html>", "the thread's comments are not JSON as 'gh api' prints them"),
])
def test_one_thread_flooded_or_garbled_silences_no_other_game(raw: bytes, why: str, g1: Path, tmp_path: Path,
                                                               capsys):
    """Issue 28, item 6: anyone can comment on a thread; more than 32 MiB of comments (or a page that is no JSON)
    on one game's thread made remind exit 2 for every game. That game waits, named; the others are reminded."""
    assert run(g1, "new", "counter", "g2", "--player", "Dave:dave:4", "--player", "Erin:erin:5", "--option",
               "target=100", "--now", "2026-01-01T00:00Z",
               "--schedule", "first=2026-01-05 20:00,every=7 days,timezone=Europe/Berlin,grace=60") == 0
    path = g1 / "games/g2/game.yaml"
    config = yamlio.read_data(path)
    config["thread"] = 8
    config["schedule"]["remind"] = "24 hours"
    path.write_text(yamlio.dump(config))
    git(g1, "add", "-A")
    git(g1, "commit", "-qm", "g2 reminds on thread 8", date=at(1, 14))
    (tmp_path / "in").mkdir()
    (tmp_path / "in/7.json").write_bytes(raw)
    (tmp_path / "in/8.json").write_text("[]")
    capsys.readouterr()
    out = tmp_path / "out"
    assert run(g1, "remind", "--comments", str(tmp_path / "in"), "--out", str(out), "--now",
               "2026-01-05T12:00+01:00") == 0
    assert [p.name for p in out.iterdir()] == ["8.md"]
    assert "@dave" in (out / "8.md").read_text()
    err = capsys.readouterr().err
    assert f"thread 7: skipped, no reminder for g1: {tmp_path}/in/7.json: {why}" in err, err
