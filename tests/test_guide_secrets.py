"""The game master's guide sets the deadline's secrets from files a command wrote (issue 29, finding 7): it told
the game master to run ``gh secret set ... < dice-secrets.txt``, a file no command writes. Its lines, run as
written (with ``gh`` standing in), give exactly the lines ``new`` printed for each game."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .conftest import run

GUIDE = Path(__file__).resolve().parents[1] / "site/guide/game-master.md"


def test_the_guides_secret_lines_give_what_new_printed(league: Path, tmp_path: Path, capsys):
    printed = []
    for game, options in (("g1", ["--option", "orders=sealed"]), ("g2", [])):
        assert run(league, "new", "counter", game, "--player", "Alice:alice:1", *options) == 0
        out = capsys.readouterr().out
        printed += [line.strip() for line in out.splitlines() if re.match(rf"\s+(TURNPRESS_DICE_SECRET_G2|{game})=",
                                                                           line)]
    block = next(b for b in re.findall(r"```sh\n(.*?)```", GUIDE.read_text(), re.S) if ".secrets/*.key" in b)
    stand_in = tmp_path / "bin"
    stand_in.mkdir()
    (stand_in / "gh").write_text(f"#!/bin/sh\ncat >> {tmp_path}/$3\n")  # gh secret set NAME --env ...: stdin
    (stand_in / "gh").chmod(0o755)
    script = "\n".join(line.strip() for line in block.splitlines())
    subprocess.run(["sh", "-ec", script], cwd=league, check=True, env={"PATH": f"{stand_in}:/usr/bin:/bin"})
    keys = (tmp_path / "TURNPRESS_GAME_KEYS").read_text().splitlines()
    dice = (tmp_path / "TURNPRESS_DICE_SECRETS").read_text().splitlines()
    assert keys == [line for line in printed if line.startswith("g1=AGE-SECRET-KEY-")] and len(keys) == 1
    assert [d.split("=")[1] for d in dice] == [p.split("=")[1] for p in printed if p.startswith("TURNPRESS_DICE")]
    assert dice[0].startswith("g2=")
