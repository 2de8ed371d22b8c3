"""``turnpress remind``: reminders of a deadline to come and notices of a published issue, as comments on each
game's pinned thread on GitHub (issue 23, "Reminders through GitHub itself").

A game names its thread in ``game.yaml`` (``thread: 12``, the number of an issue the game master opened and
pinned) and how long before each deadline it reminds (``schedule: remind: 24 hours``). Players who watch the
thread get GitHub's own e-mail and phone notifications. The deadline workflow runs, without any secret::

    turnpress remind --threads                       # the threads to read, one number a line
    gh api --paginate repos/OWNER/REPO/issues/N/comments > comments/N.json
    turnpress remind --comments comments --out post  # post/N.md: what to comment on thread N, if anything
    gh issue comment N --body-file post/N.md

At most once per deadline: every comment carries a marker line (an HTML comment, invisible on GitHub) naming
its game, turn and deadline, and ``remind`` reads the markers of the thread's comments by the workflow's own
account (``--bot``; a player who copies a marker into a comment of their own silences nothing). A deadline
that moves (a ruling, an NMR extension, an absence) has another marker: it gets a fresh reminder. Everything
here is decided from the files and ``now``: the text and the timing are tested offline, and the workflow's step
only carries comments in and out.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import turn
from ..errors import LeagueError
from ..kit import words
from ..kit.catalog import COMMANDS, SITE
from ..kit.markup import md_text
from ..league.store import Game, list_games, load_game

BOT = "github-actions[bot]"
COMMENTS_MAX_BYTES = 32 << 20  # a thread's comments as GitHub's API gives them; more is refused, not parsed
MARKER = re.compile(r"<!-- turnpress (?P<what>remind|issue) (?P<game>[a-z0-9][a-z0-9-]{0,39}) turn (?P<turn>[0-9]{1,6})"
                    r"(?: deadline (?P<deadline>[0-9T:+-]{16,25}))? -->", re.ASCII)
LOGIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\Z", re.ASCII)


@dataclass(frozen=True)
class Message:
    """One reminder or notice: the thread it goes to, its marker line and its text (Markdown, inert)."""

    kind: str  # "reminder" or "notice"
    game: str
    turn: int
    thread: int
    marker: str
    text: str

    def body(self) -> str:
        return f"{self.marker}\n{self.text}\n"


def thread_of(game: Game, lang: str = "en") -> int | None:
    """The number of the game's pinned thread (``thread:`` in ``game.yaml``), if it names one."""
    value = game.config.get("thread")
    if value is None:
        return None
    if type(value) is not int or not 1 <= value < 10**9:
        raise LeagueError(COMMANDS.say(lang, "remind.bad_thread", game=game.id, value=repr(value)))
    return value


def remind_marker(game: str, turn_no: int, deadline: dt.datetime) -> str:
    """The marker of the reminder of one deadline of one turn.

    >>> import datetime as dt
    >>> remind_marker("g1", 3, dt.datetime(2026, 3, 18, 20, tzinfo=dt.timezone(dt.timedelta(hours=1))))
    '<!-- turnpress remind g1 turn 3 deadline 2026-03-18T20:00+01:00 -->'
    """
    return f"<!-- turnpress remind {game} turn {turn_no} deadline {deadline.isoformat(timespec='minutes')} -->"


def issue_marker(game: str, turn_no: int) -> str:
    return f"<!-- turnpress issue {game} turn {turn_no} -->"


def posted_markers(raw: bytes, bot: str = BOT) -> set[str]:
    """The marker lines of the comments ``bot`` wrote, from a thread's comments as ``gh api --paginate`` prints
    them (one JSON array per page, one after the other). Comments of anyone else are not read.

    >>> page = b'[{"user": {"login": "github-actions[bot]"}, "body": "<!-- turnpress issue g1 turn 2 -->\\\\nout"},'
    >>> page += b' {"user": {"login": "mallory"}, "body": "<!-- turnpress issue g1 turn 3 -->"}]'
    >>> sorted(posted_markers(page))
    ['<!-- turnpress issue g1 turn 2 -->']
    """
    if len(raw) > COMMENTS_MAX_BYTES:
        raise LeagueError(f"the thread's comments are more than {COMMENTS_MAX_BYTES >> 20} MB: start a new thread for "
                          "the game (thread: in game.yaml)", word="remind.comments_large",
                          most=COMMENTS_MAX_BYTES >> 20)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LeagueError("the thread's comments are not UTF-8 JSON as 'gh api' prints them",
                          word="remind.comments_utf8") from None
    decoder, at, found = json.JSONDecoder(), 0, set[str]()
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return found
        try:
            page, at = decoder.raw_decode(text, at)
        except (json.JSONDecodeError, RecursionError):
            raise LeagueError("the thread's comments are not JSON as 'gh api' prints them",
                              word="remind.comments_json") from None
        for comment in page if isinstance(page, list) else []:
            if not isinstance(comment, dict) or not isinstance(comment.get("body"), str):
                continue
            user = comment.get("user")
            if isinstance(user, dict) and user.get("login") == bot:
                found.update(m.group(0) for m in MARKER.finditer(comment["body"]))


def inert(value: Any) -> str:
    """Text shown as it is, on one line: no markup, and no ``@`` that would notify someone."""
    return md_text(value).replace("@", "&#64;")


def mention(login: str, name: str) -> str:
    """``@login`` (GitHub notifies them), with the seat's name; a login GitHub could not have is shown inert."""
    at = f"@{login}" if LOGIN.match(login) else inert(login)
    return f"{at} ({inert(name)})" if name and name.lower() != login.lower() else at


def local(game: Game, when: dt.datetime) -> str:
    zone = game.schedule.zone if game.schedule is not None else dt.UTC
    return when.astimezone(zone).strftime("%Y-%m-%d %H:%M %Z")


def reminder(st: turn.Status, now: dt.datetime, lang: str) -> Message | None:
    """The reminder of the open turn's deadline, if it is due ``now``: from ``remind`` before the deadline until
    the deadline, naming the awaited players who have nothing in yet (a sealed file counts as in, unread) and
    nobody who has. None if it is not time, the game is paused or over, or nobody is missing."""
    game, schedule = st.game, st.game.schedule
    thread = thread_of(game, lang)
    if thread is None or schedule is None or schedule.remind is None or st.game.paused or st.phase.finished:
        return None
    if st.deadline is None or not st.deadline - schedule.remind <= now < st.deadline:
        return None
    missing = [k for k in st.phase.awaited if k not in st.submitted]
    if not missing:
        return None
    seats = {p.key: p for p in game.players}
    who = ", ".join(mention(seats[k].login, seats[k].name) if k in seats else inert(k) for k in missing)
    text = SITE.say(lang, "remind", game=inert(game.title), turn=st.turn, label=inert(st.phase.label),
                     when=local(game, st.deadline), who=who)
    planned = st.moves.planned if st.moves is not None else None
    if planned is not None and planned != st.deadline:  # an absence or an NMR extension moved it
        text += " " + SITE.say(lang, "remind_moved", when=local(game, planned))
    return Message("reminder", game.id, st.turn, thread, remind_marker(game.id, st.turn, st.deadline), text)


def notice(game: Game, lang: str, site_url: str | None) -> Message | None:
    """The notice of the last turn's issue, with the address of its page where the site's is known."""
    thread = thread_of(game, lang)
    last = game.last_turn
    if thread is None or last < 1:
        return None
    report = game.report(last)
    text = SITE.say(lang, "remind_issue", game=inert(game.title), turn=last, label=inert(report.get("label", "")))
    if site_url:
        text += f" {site_url.rstrip('/')}/news/{game.id}/{last:04d}/"
    return Message("notice", game.id, last, thread, issue_marker(game.id, last), text)


def due_messages(root: Path, now: dt.datetime, posted: Mapping[int, set[str]], *, site_url: str | None = None,
                 games: Sequence[str] | None = None, skipped: list[str] | None = None) -> list[Message]:
    """What to post ``now``: for each game with a thread, the notice of its last issue and the reminder of its
    deadline, each unless its marker is among the thread's ``posted`` ones. A game that cannot be read is named
    in ``skipped`` (the deadline run reports it too) and the others are reminded all the same."""
    out = []
    for gid in games if games is not None else list_games(root):
        lang = "en"  # a game that cannot be read is named in English
        try:
            game = load_game(root, gid)
            lang = words.game_language(game.settings, root)
            thread = thread_of(game, lang)
            if thread is None:
                continue
            due = [notice(game, lang, site_url), reminder(turn.status(game, now), now, lang)]
        except Exception as e:  # noqa: BLE001 - one broken game must not silence the others' reminders
            if games is not None or skipped is None:
                raise
            skipped.append(COMMANDS.say(lang, "remind.skipped", game=gid, why=e))
            continue
        out += [m for m in due if m is not None and m.marker not in posted.get(thread, set())]
    return out


def threads(root: Path, games: Sequence[str] | None = None) -> list[int]:
    """Every thread the games (default: of the league) name, once each; a game that cannot be read has none
    here (``due_messages`` names it)."""
    return sorted(thread_games(root, games))


def thread_games(root: Path, games: Sequence[str] | None = None) -> dict[int, list[str]]:
    """Each thread the games (default: of the league) name, and its games; a game that cannot be read has none
    here (``due_messages`` names it)."""
    found: dict[int, list[str]] = {}
    for gid in games if games is not None else list_games(root):
        try:
            thread = thread_of(load_game(root, gid))
        except LeagueError:
            if games is not None:
                raise
            continue
        if thread is not None:
            found.setdefault(thread, []).append(gid)
    return found


def comment_files(messages: Iterable[Message]) -> dict[int, str]:
    """One comment per thread: its messages one after the other (each with its marker)."""
    out: dict[int, list[str]] = {}
    for m in messages:
        out.setdefault(m.thread, []).append(m.body())
    return {thread: "\n".join(bodies) for thread, bodies in out.items()}
