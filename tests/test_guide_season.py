"""The game master's guide walks a season in order, and every command in it works as written (issue 29): the shell
blocks of its section "A season, step by step" run, one after the other, in bash against a fresh league, each on
the day its ``<!-- at: ... -->`` line names (faketime, the game's zone), with the turnpress of this checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import yamlio

GUIDE = Path(__file__).resolve().parents[1] / "site" / "guide" / "game-master.md"
SECTION = "## A season, step by step"
BLOCK = re.compile(r"<!-- at: (?P<when>[0-9-]+ [0-9:]+) -->\n```sh\n(?P<code>.*?)```", re.DOTALL)


def season_blocks() -> list[tuple[str, str]]:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return [(m["when"], m["code"]) for m in BLOCK.finditer(text[start:end])]


def test_the_guide_s_season_has_every_event_in_order():
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    steps = ["**Set-up**", "**The first turn**", "**A late player**", "**A pause**", "**Back from the pause**",
             "**An extension**", "**A takeover and a ruling**", "**A draw vote**", "**The end**"]
    assert [section.index(s) for s in steps] == sorted(section.index(s) for s in steps)
    code = "".join(c for _, c in season_blocks())
    for command in ("turnpress init", "turnpress new", "turnpress status", "turnpress adjudicate --due --commit",
                    "turnpress pause", "turnpress resume", "turnpress extend", "turnpress end", "turnpress concede",
                    "turnpress verify", "Propose draw"):
        assert command in code, f"the season's walk shows {command!r}"


@pytest.mark.skipif(shutil.which("faketime") is None, reason="faketime sets each block's day; it is not installed")
def test_every_command_of_the_guide_s_season_runs_as_written(tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPRESS_", "GIT_"))}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", HOME=str(tmp_path),
               TZ="Europe/Berlin", GIT_AUTHOR_NAME="Game Master", GIT_AUTHOR_EMAIL="gm@example.org",
               GIT_COMMITTER_NAME="Game Master", GIT_COMMITTER_EMAIL="gm@example.org")
    cwd, said = tmp_path, []
    for when, code in season_blocks():
        done = subprocess.run(["faketime", f"{when}:00", "bash", "-e", "-o", "pipefail", "-c", code], cwd=cwd,
                              env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"the block of {when} failed:\n{code}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr
        said.append(done.stdout)
        for line in code.splitlines():
            if m := re.fullmatch(r"cd (\S+)", line.strip()):
                cwd = cwd / m[1]
    out = "\n".join(said)
    assert "dip-2027: turn 1 (Spring 1901 Movement) adjudicated" in out
    league = tmp_path / "friday-league"
    late = yamlio.read_data(league / "games/dip-2027/turns/0001/report.yaml")["orders"]["late"]
    assert [entry["player"] for entry in late] == ["gina"], "the late player's orders count, marked late"
    assert "pause: false" in (league / "rulings/dip-2027/0002.yaml").read_text()
    issue = (league / "site/news/dip-2027/0002.md").read_text()
    assert "- A pause of this turn was lifted" in issue and "- This turn's deadline: 2027-01-27 20:00 CET" in issue
    drawn = "Drawn between England, France and Germany"
    assert f"- **Result:** {drawn}" in (league / "site/index.md").read_text()
    assert "dip-2027: 4 turns replayed, all match" in out
