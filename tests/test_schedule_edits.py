"""Hand edits of ``schedule:`` (issue 29, finding 3 and finding 7's pause): each keeps ``verify`` and the site
working, or is refused naming the command to use instead.

An ``extend:`` written by hand for a turn to come made ``verify`` fail on the issue before it (its "next deadline"
rendered again from the edited schedule) and ``site build`` rewrite that committed page; it is refused now, naming
``turnpress extend``, which writes a ruling the turn's issue publishes (site/guide/game-master.md, "Extending a
deadline, pausing a game"). A game paused by hand over its deadline and un-paused by hand ran that turn at once
with every player missing; it is held now, said on each run, until it has a deadline to come.
"""

from __future__ import annotations

from pathlib import Path

from .conftest import git, run
from .test_league_e2e import at, new_game, submit


def play_two_turns(league: Path) -> None:
    new_game(league)
    submit(league, 1, "alice", "  add: 1\n", at(4, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-05T21:05+01:00", "--commit") == 0
    submit(league, 2, "alice", "  add: 2\n", at(11, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-12T21:05+01:00", "--commit") == 0


def test_an_extension_written_by_hand_is_refused_naming_turnpress_extend(league: Path, capsys):
    play_two_turns(league)
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text().replace("  grace: 60\n", "  grace: 60\n  extend: {3: 2026-01-22 20:00}\n"))
    git(league, "commit", "-qam", "turn 3: more time", date=at(13, 9))
    capsys.readouterr()
    for code, command in ((1, ["verify"]), (2, ["status", "g1"]),
                          (2, ["adjudicate", "--due", "--now", "2026-01-19T21:05+01:00", "--commit"])):
        assert run(league, *command) == code, command
        said = capsys.readouterr()
        assert ("games/g1/game.yaml: schedule: extend: 3: a deadline of a turn to come is moved by a ruling, which "
                "its issue publishes and verify replays") in said.out + said.err, command
        assert "'turnpress extend g1 --to \"2026-01-22 20:00\" --reason \"...\" --commit'" in said.out + said.err
    assert git(league, "tag", "--list").split() == ["g1/turn-1", "g1/turn-2"], "nothing ran"
    # An extension of a turn adjudicated already is history: the game replays with it.
    config.write_text(config.read_text().replace("extend: {3: 2026-01-22 20:00}", "extend: {2: 2026-01-12 20:00}"))
    git(league, "commit", "-qam", "as it was", date=at(13, 10))
    assert run(league, "verify") == 0


def test_a_game_unpaused_by_hand_after_its_deadline_is_held_until_it_has_a_new_one(league: Path, capsys):
    play_two_turns(league)
    config = league / "games/g1/game.yaml"
    unpaused = config.read_text()
    config.write_text(unpaused.replace("  grace: 60\n", "  grace: 60\n  paused: true\n"))
    git(league, "commit", "-qam", "paused for the holidays", date=at(14, 9))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-19T21:05+01:00", "--commit") == 0
    assert "nothing is due" in capsys.readouterr().out
    config.write_text(unpaused)  # back from the holidays, turn 3's deadline (19 January) long gone
    git(league, "commit", "-qam", "resumed", date=at(26, 9))
    for minute in ("00", "15"):
        assert run(league, "adjudicate", "--due", "--now", f"2026-01-26T10:{minute}+01:00", "--commit") == 0
        out = capsys.readouterr().out
        assert out.startswith("g1: turn 3 is not adjudicated: its deadline (2026-01-19 20:00 CET) passed while the "
                              "game was paused (schedule: paused: true in games/g1/game.yaml), so its players had no "
                              "time to send orders. Give it a deadline to come ('turnpress extend g1 --to"), out
    assert git(league, "tag", "--list").split() == ["g1/turn-1", "g1/turn-2"], "nobody was marked NMR"
    assert run(league, "status", "g1", "--now", "2026-01-26T10:30+01:00") == 0
    assert "  held: turn 3 is not adjudicated: its deadline (2026-01-19 20:00 CET) passed while the game was paused" \
        in capsys.readouterr().out
    # A new deadline (a ruling, as 'turnpress extend' writes it): the turn runs then, with the orders sent by then.
    config.write_text(unpaused + "game_masters:\n  - login: gm\n    id: 9000\n")
    ruling = league / "rulings/g1/0003.yaml"
    ruling.parent.mkdir(parents=True)
    ruling.write_text("game: g1\nturn: 3\nby: gm\nreason: back from the holidays\ndeadline: 2026-02-02 20:00\n")
    git(league, "add", "-A")
    git(league, "commit", "-qm", "turn 3 due on 2 February", date=at(26, 10))
    submit(league, 3, "bob", "  add: 3\n", at(27, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-02-02T21:05+01:00", "--commit") == 0
    assert "g1: turn 3 (Round 3) adjudicated; missed: alice, carol" in capsys.readouterr().out
    assert run(league, "verify") == 0


def test_a_new_period_written_by_hand_is_refused_and_reschedule_rules_it_from_the_next_turn(league: Path, capsys):
    """The leftover of finding 3: every:, first:, timezone: and phases: gave the deadlines the published issues
    name; an edit of them after the turn that published them is refused, naming what to run instead, and the
    ruling 'turnpress reschedule' writes changes the deadlines after the open turn only."""
    play_two_turns(league)
    from .test_rulings import with_game_master
    with_game_master(league)
    config = league / "games/g1/game.yaml"
    as_set_up = config.read_text()
    issue_2 = (league / "site/news/g1/0002.md")
    for edit, said in (
            (('every: "7 days"', 'every: "14 days"'),
             "schedule: every: each issue of g1 names the next deadline as 'every: 7 days' gave it (turn 2 is "
             "published), and verify and the site render it again from game.yaml: write 'every: 7 days' again and "
             "run 'turnpress reschedule g1 --every \"14 days\" --reason \"...\" --commit', a ruling of turn 3"),
            (("timezone: Europe/Berlin", "timezone: Europe/London"),
             "schedule: timezone: every issue of g1 shows its deadlines in Europe/Berlin"),
            (('first: "2026-01-05 20:00"', 'first: "2026-01-05 21:00"'),
             "schedule: first: the deadline of turn 1, which is history (turn 2 is published): write 'first: "
             "2026-01-05 20:00' again")):
        config.write_text(as_set_up.replace(*edit))
        assert edit[0] in as_set_up
        git(league, "commit", "-qam", "a hand edit", date=at(13, 9))
        for code, command in ((1, ["verify"]), (2, ["status", "g1"]),
                              (2, ["adjudicate", "--due", "--now", "2026-01-19T21:05+01:00", "--commit"])):
            assert run(league, *command) == code, command
            out = capsys.readouterr()
            assert f"games/g1/game.yaml: {said}" in out.out + out.err, (command, out)
        assert git(league, "tag", "--list").split() == ["g1/turn-1", "g1/turn-2"], "nothing ran"
        config.write_text(as_set_up)
        git(league, "commit", "-qam", "as it was", date=at(13, 10))
    assert run(league, "verify") == 0

    # The command: a look, then the ruling; turn 3 keeps the deadline issue 2 named, turn 4 comes 14 days later.
    published = issue_2.read_text()
    assert "Orders for turn 3 are due by **2026-01-19 20:00 CET**" in published
    assert run(league, "reschedule", "g1", "--every", "14 days", "--reason", "the holidays",
               "--now", "2026-01-13T10:00+01:00") == 0
    look = capsys.readouterr().out
    assert "schedule:\n  every: \"14 days\"\n" in look, look
    assert "from turn 4 on the deadlines follow every 14 days." in look, look
    assert git(league, "status", "--porcelain") == "" and not (league / "rulings/g1/0003.yaml").exists()
    assert run(league, "reschedule", "g1", "--every", "14 days", "--reason", "the holidays",
               "--now", "2026-01-13T10:00+01:00", "--commit") == 0
    assert run(league, "reschedule", "g1", "--phase", "winter=2 days", "--reason", "no such phase",
               "--now", "2026-01-13T10:00+01:00", "--commit") == 2
    assert "winter" in capsys.readouterr().err
    submit(league, 3, "alice", "  add: 3\n", at(14, 10))
    assert run(league, "adjudicate", "--due", "--now", "2026-01-19T21:05+01:00", "--commit") == 0
    issue_3 = (league / "site/news/g1/0003.md").read_text()
    assert "The schedule from turn 4 on: every 14 days\n" in issue_3, "in the game's words, as reschedule says it"
    assert "Orders for turn 4 are due by **2026-02-02 20:00 CET**" in issue_3
    assert issue_2.read_text() == published, "the issue before keeps the deadline it named"
    assert run(league, "verify") == 0
    assert run(league, "site", "build", "--pages-only") == 0
    assert git(league, "status", "--porcelain", "--", "site/news/g1") == "", "no issue is written again"


def test_the_first_deadline_moved_by_hand_before_turn_1_names_turnpress_extend(league: Path, capsys):
    from .test_league_e2e import new_game
    new_game(league)
    config = league / "games/g1/game.yaml"
    config.write_text(config.read_text().replace('first: "2026-01-05 20:00"', 'first: "2026-01-07 20:00"'))
    assert run(league, "status", "g1") == 2
    assert ("schedule: first: the set-up's issue announced turn 1 due 2026-01-05 20:00: write 'first: 2026-01-05 "
            "20:00' again and run 'turnpress extend g1 --to \"2026-01-07 20:00\" --reason \"...\" --commit'") \
        in capsys.readouterr().err
    config.write_text(config.read_text().replace('first: "2026-01-07 20:00"', 'first: "2026-01-05 20:00"')
                      .replace('every: "7 days"', 'every: "14 days"'))
    assert run(league, "status", "g1", "--now", "2026-01-02T10:00+01:00") == 0, "no issue named a later deadline yet"
