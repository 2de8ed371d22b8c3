"""Files a person edits keep what the person wrote (issue 33; DESIGN.md, "A league lives for seasons": files a
person edits keep their comments when turnpress changes them, through ruamel.yaml's round trip).

A game master comments ``game.yaml`` and ``mkdocs.yml`` everywhere a comment can stand: above the file, at the
end of a line, between two players, after a list, inside a block, at the end. Every command that changes the
files then runs on them (``keys new``, ``keys add``, ``join``, ``pin``; ``site build`` twice, the second time with
a game more), and every comment line is still there, in its order, with the values turnpress set.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

from adjudicator import yamledit, yamlio
from adjudicator.newsletter import site
from adjudicator.sealed import crypto

from .conftest import git, run

SCHEDULE = "first=2027-01-10 20:00,every=14 days,timezone=Europe/Berlin,grace=60"
DIPLOMACY = [f"{p.title()}:{p[:3]}x:{2000 + i}:{p}" for i, p in enumerate(
    ["england", "france", "germany", "italy", "austria", "russia", "turkey"])]


def comments(text: str) -> list[str]:
    """Every comment of a YAML text, in order (the part of each line from its '#' on, outside quotes)."""
    return [m.group(1).strip() for line in text.splitlines() if (m := re.search(r"(?:^|\s)(#.*)$", line))]


def commented(text: str, notes: dict[str, str]) -> str:
    """``text`` with a comment line above each line that starts with a key of ``notes`` and an end-of-line comment
    on it, a comment above the file and one at its end."""
    out = ["# The game master's own notes: keep them, turnpress."]
    for line in text.splitlines():
        for start, note in notes.items():
            if line.startswith(start):
                out.append(f"{' ' * (len(line) - len(line.lstrip()))}# {note}, above")
                line = f"{line}  # {note}"
                break
        out.append(line)
    return "\n".join([*out, "# the last line, below everything", ""])


def commit(league: Path, message: str) -> None:
    git(league, "add", "-A")
    git(league, "commit", "-qm", message, date=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))


def test_every_command_that_changes_game_yaml_keeps_every_comment(league: Path, capsys):
    assert run(league, "new", "counter", "c1", "--player=Ann:ann:1", "--player=Bob:bob:2",
               "--schedule", SCHEDULE) == 0
    assert run(league, "new", "diplomacy", "d1", *(f"--player={p}" for p in DIPLOMACY), "--option", "orders=open",
               "--schedule", SCHEDULE) == 0
    counter, dip = league / "games/c1/game.yaml", league / "games/d1/game.yaml"
    assert "key" not in yamlio.read_data(counter) and "key" not in yamlio.read_data(dip)
    counter.write_text(commented(counter.read_text(), {"title:": "the title we agreed on", "- key: bob": "Bob, late",
                                                       "  login: ann": "Ann's login", "schedule:": "Sundays",
                                                       "  grace:": "an hour for the post"}))
    # d1 as set up before games pinned their data (turnpress pin adds data: again)
    config = yamlio.read_data(dip)
    del config["data"]
    dip.write_text(commented(yamlio.dump(config), {"players:": "seven", "- key: itax": "Italy, by post",
                                                   "dice:": "never touch", "  length:": "chain"}))
    shutil.rmtree(league / "games/d1/data")
    written = {counter: counter.read_text(), dip: dip.read_text()}
    commit(league, "games, commented")

    assert run(league, "keys", "new", "c1") == 0
    public, _ = crypto.new_identity()
    assert run(league, "keys", "add", "c1", "ann", public) == 0
    assert run(league, "join", "c1", "Cy:cy:3") == 0
    commit(league, "keys and a new player")
    assert run(league, "pin", "d1") == 0
    capsys.readouterr()

    for path, before in written.items():
        after = path.read_text()
        assert comments(after) == comments(before), path.name
        assert after.startswith("# The game master's own notes") and after.endswith("# the last line, below "
                                                                                      "everything\n")
    c1 = yamlio.read_data(counter)
    assert c1["key"].startswith("age1") and [p.get("recipient") for p in c1["players"]] == [public, None, None]
    assert [p["login"] for p in c1["players"]] == ["ann", "bob", "cy"] and c1["players"][2]["joined"] == 1
    assert "maps/standard.yaml" in yamlio.read_data(dip)["data"]
    assert dip.read_text().index("data:") < dip.read_text().index("# never touch, above"), "data: before dice:"
    assert run(league, "verify") == 0


def test_site_build_keeps_every_comment_of_mkdocs_yml(league: Path, capsys):
    assert run(league, "new", "counter", "c1", "--player=Ann:ann:1", "--player=Bob:bob:2") == 0
    config = league / "mkdocs.yml"
    config.write_text(commented(site.template(), {"site_name:": "our league's name", "  - search": "search first",
                                                  "not_in_nav:": "the news",
                                                  "nav:": "the menu", "validation:": "strict"}))
    before = config.read_text()
    assert run(league, "site", "build") == 0
    once = config.read_text()
    assert comments(once) == comments(before)
    assert yamlio.load(once.encode()).data["nav"][1] == {"Games": [{"Counter (c1)": [
        "games/c1/index.md", {"Standings": "games/c1/standings.md"}, {"Charts": "games/c1/charts.md"},
        {"Orders page": "games/c1/orders.md"}]}]}
    assert run(league, "new", "counter", "c2", "--player=Ann:ann:1", "--player=Bob:bob:2") == 0
    assert run(league, "site", "build") == 0
    twice = config.read_text()
    assert comments(twice) == comments(before) and "games/c2/index.md" in twice
    assert yamlio.load(twice.encode()).data["plugins"] == ["search"]
    assert site.configured(twice, ["c1", "c2"], yamlio.load(twice.encode()).data["nav"]) == twice, "settled"
    capsys.readouterr()


def test_a_value_replaced_hands_its_trailing_comments_to_the_new_one():
    """ruamel keeps the comment lines after a block with the block's last line: replacing the block must not
    drop them, and an end-of-line comment stays on its own line."""
    text = "a:\n- x  # on x\n# after a\n\nb: 1\n"
    out = yamledit.edit(text, lambda t: yamledit.put(t, "a", ["p", "q"]))
    assert out == "a:\n- p\n- q\n# after a\n\nb: 1\n"
    assert yamledit.edit(out, lambda t: yamledit.put(t, "a", ["p", "q"])) == out, "an equal value is left as it is"
    assert yamledit.edit(text, lambda t: yamledit.put(t, "c", 2)) == text + "c: 2\n"
    assert yamledit.edit("a: 1  # one\n# end\n", lambda t: yamledit.put(t, "b", 2)) == "a: 1  # one\nb: 2\n# end\n"
