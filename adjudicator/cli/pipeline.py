"""The commands the workflows run: init, pr-check, deadline, remind."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..errors import OK, PROBLEMS, LeagueError, UsageError
from ..kit import words
from ..kit.catalog import COMMANDS, name_problem
from ..league import arrivals
from ..league.store import load_game
from ..pipeline import deadline as deadlinemod
from ..pipeline import prcheck, scaffold
from ..pipeline import remind as remindmod
from .values import league_root, out_unwritable, parse_now


def init(args: argparse.Namespace) -> int:
    target = Path(args.dir)  # DIR decides; a --league given before the command does not matter here
    lang = args.language  # the league's: its site's (mkdocs.yml theme: language) and what init says
    if not words.THEME_LANGUAGE.fullmatch(f"  language: {lang}"):
        raise UsageError(COMMANDS.say("en", "error.language", language=repr(lang)))
    problem = name_problem(args.title, "--title", lang) if args.title is not None else None
    if problem:
        raise UsageError(problem)
    written = scaffold.init(target, args.title or target.resolve().name, args.requirement, lang)
    print(COMMANDS.say(lang, "init.made", target=target, n=len(written)))
    for rel in written:
        print(f"  {rel}")
    print(COMMANDS.say(lang, "init.next"))
    return OK


def pr_check(args: argparse.Namespace) -> int:
    league = league_root(args)
    repo = Path(args.repo) if args.repo else league
    pr = prcheck.PullRequest.from_event(arrivals.read_event(Path(args.event)))
    if args.base or args.head:
        pr = prcheck.PullRequest(pr.number, pr.login, pr.user_id, args.base or pr.base, args.head or pr.head,
                                 pr.title, pr.queued)
    results = prcheck.run_check(league, repo, pr, parse_now(args.now))
    text = prcheck.receipt(pr, results)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as out:
            out.write(text)
    print(text, end="")
    findings = [f for r in results for f in r.findings]
    for r in results:
        for f in r.findings:
            print(f.github() if args.format == "github" else f.text(r.lang))
    return PROBLEMS if any(f.severity == "error" for f in findings) else OK


def deadline(args: argparse.Namespace) -> int:
    return deadlinemod.run(league_root(args), parse_now(args.now), game=args.game or None, push=args.push,
                           remote=args.remote, branch=args.branch, retries=args.retries, budget=args.budget or None,
                           event=Path(args.event) if args.event else None)


def remind(args: argparse.Namespace) -> int:
    root = league_root(args)
    games = [load_game(root, args.game).id] if args.game else None
    if args.threads:
        for thread in remindmod.threads(root, games):
            print(thread)
        return OK
    posted: dict[int, set[str]] = {}
    unread: dict[int, str] = {}  # threads whose comments cannot be read: their games wait, the others are reminded
    if args.comments:
        for thread, named in sorted(remindmod.thread_games(root, games).items()):
            lang = deadlinemod.language(root, named[0])  # a thread's games speak one language (the head's)
            path = Path(args.comments) / f"{thread}.json"
            if not path.is_file():
                raise LeagueError(COMMANDS.say(lang, "remind.comments_missing", path=path, thread=thread))
            with path.open("rb") as f:
                raw = f.read(remindmod.COMMENTS_MAX_BYTES + 1)
            try:
                posted[thread] = remindmod.posted_markers(raw, args.bot)
            except LeagueError as e:
                # Anyone can comment: one thread flooded or garbled must not silence every game's reminders.
                unread[thread] = f"{path}: {COMMANDS.told(lang, e)}"
    skipped: list[str] = []
    messages = remindmod.due_messages(root, parse_now(args.now), posted, site_url=args.site_url, games=games,
                                      skipped=skipped)
    for thread, why in unread.items():
        held = sorted({m.game for m in messages if m.thread == thread})
        if held:  # what was posted there already is unknown: posting again could repeat it
            lang = deadlinemod.language(root, held[0])  # a thread's games speak one language (the head's)
            skipped.append(COMMANDS.say(lang, "remind.skipped_thread", thread=thread, games=", ".join(held), why=why))
    messages = [m for m in messages if m.thread not in unread]
    for line in skipped:
        print(line, file=sys.stderr)
    files = remindmod.comment_files(messages)
    if args.out:
        out = Path(args.out)
        try:
            out.mkdir(parents=True, exist_ok=True)
            for thread, text in files.items():
                (out / f"{thread}.md").write_text(text, encoding="utf-8")
        except OSError as e:
            raise out_unwritable(out, e) from None
        for m in messages:
            lang = deadlinemod.language(root, m.game)
            print(COMMANDS.say(lang, "remind.wrote", thread=m.thread, kind=COMMANDS.say(lang, f"remind.{m.kind}"),
                               game=m.game, turn=m.turn))
        return OK
    first = {m.thread: m.game for m in reversed(messages)}  # a thread's head: the language of its first message
    for thread, text in files.items():
        head = COMMANDS.say(deadlinemod.language(root, first[thread]), "remind.thread", thread=thread)
        print(f"{head}\n{text}", end="")
    return OK
