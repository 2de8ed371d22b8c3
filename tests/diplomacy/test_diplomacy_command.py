"""`turnpress diplomacy resolve` (in the one parser tree since issue 31) and the DATC runner `python -m tools.datc`
(issue: one-off adjudication and the DATC runner; issue 31 moved the runner out of the package)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from adjudicator import cli
from adjudicator.kit import ruleset
from adjudicator.rulesets.diplomacy import RULESET
from tools import datc

DATC_FILE = Path(__file__).resolve().parents[1] / "data" / "datc" / "datc.json"


def turnpress_diplomacy(*argv: str) -> int:
    """``turnpress diplomacy ARGV``'s exit code, as the console script ends (argparse's own refusals exit too)."""
    try:
        return cli.main(["diplomacy", *argv])
    except SystemExit as e:
        return int(e.code or 0)

POSITION = """\
map: standard
phase: movement
units:
  england: [F lon, F nth, A yor]
  france: [A bel, F eng]
orders:
  england: [F Lon S F Nth - Eng, F Nth - Eng, "A Yor - Wal"]
  france: [{unit: F eng, hold: true}, A Bel - Mars]
"""


def test_datc_runner_ends_with_the_count_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert datc.main([str(DATC_FILE)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"\d+ passed, 0 failed, 3 skipped", out[-1])
    assert sum(1 for line in out if line.startswith("SKIPPED")) == 3
    assert all(": " in line for line in out if line.startswith("SKIPPED"))  # each skip with its reason


def test_resolve_reads_yaml_and_prints_results_units_and_dislodged(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pos.yaml"
    f.write_text(POSITION, encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(f)) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["order"]: r for r in out["orders"]}
    assert rows["F Nth - Eng"]["result"] == "succeeds"
    assert rows["F Eng H"]["result"] == "fails"
    assert rows["A Bel - Mars"]["result"] == "invalid" and "no place" in rows["A Bel - Mars"]["reason"]
    assert out["units"]["england"] == ["F eng", "F lon", "A wal"]
    [d] = out["dislodged"]
    assert d == {"power": "france", "unit": "F eng", "attacker_from": "nth",
                 "retreats": ["bre", "iri", "mao", "pic"]}


def test_resolve_reads_json_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    position = {"phase": "adjustment", "units": {"russia": ["F sev"]},
                "supply_centres": {"russia": ["mos", "sev", "stp", "war"]},
                "orders": {"russia": ["Build F Stp/nc", "Build A Sev", "Build A Mos", "Waive"]}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(position)))
    assert turnpress_diplomacy("resolve") == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["result"] for r in out["orders"]] == ["succeeds", "fails", "succeeds", "succeeds"]
    assert out["built"] == {"russia": ["F stp/nc", "A mos"]}
    assert out["units"]["russia"] == ["A mos", "F sev", "F stp/nc"]


def test_resolve_retreat_phase_disbands_clashing_retreats(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """DATC 6.H.7: two retreats to one province both disband."""
    f = tmp_path / "r.yaml"
    f.write_text("phase: retreat\nunits: {austria: [A vie], germany: [A mun]}\n"
                 "dislodged:\n  - {power: italy, unit: A gal, attacker_from: ukr}\n"
                 "  - {power: italy, unit: A sil, attacker_from: war}\n"
                 "orders: {italy: [A Gal - Boh, A Sil - Boh]}\n", encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(f)) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["result"] for r in out["orders"]] == ["fails", "fails"]
    assert out["disbanded"] == ["A gal", "A sil"]


def test_bad_input_gives_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("units: {atlantis: [A par]}\n", encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(f)) == 2
    assert "unknown power" in capsys.readouterr().err
    assert turnpress_diplomacy("frobnicate") == 2


DK_POSITION = """\
map: dreissigjaehriger-krieg
phase: movement
units:
  oesterreich: [A Pra, A Pil]
  sachsen: [A Mei]
  rebellen: [A Kar]
religion_points: {sachsen: 9}
orders:
  sachsen: ["Ungehorsam A Pra 3 RP", "Söldner A Kar - Ltz 4 RP"]
  oesterreich: ["A Pra - Kar", "A Pil S A Pra - Kar"]
"""


def test_resolve_on_the_30jk_map_honours_religion_and_neutral_units(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """30JK sections 10 and 11 in `resolve`: religious actions are resolved before the moves (Austria's A Pra
    is kept busy by disobedience), a neutral unit is named by its key and is hired (the rebels go to Ltz), and the
    output has the religion points left, the confessions and the neutral units."""
    f = tmp_path / "dk.yaml"
    f.write_text(DK_POSITION, encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(f)) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["order"]: r for r in out["orders"]}
    assert rows["A Pra H"]["text"] == "A Pra H (Ungehorsam)"
    assert rows["A Kar - Ltz"]["result"] == "succeeds"
    assert out["units"]["rebellen"] == ["A Ltz"] and out["units"]["oesterreich"] == ["A Pil", "A Pra"]
    assert sorted(w["outcome"] for w in out["religious_warfare"]) == ["disobedience", "mercenaries"]
    assert out["religion_points"]["sachsen"] == 2 and out["neutrals"]["rebellen"]["confession"] == "protestant"
    assert out["confessions"]["sachsen"] == "protestant"
    bad = tmp_path / "bad.yaml"
    bad.write_text(DK_POSITION.replace("religion_points: {sachsen: 9}", "confessions: {sachsen: lutherisch}"),
                   encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(bad)) == 2
    assert "write katholisch or protestantisch" in capsys.readouterr().err


def test_resolve_reads_supply_centres_in_any_case_and_refuses_unknown_names(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: ``supply_centres`` are read as orders are (``BUD``, ``Budapest``), and a name that is no supply
    centre is an error (exit 2), not a position in which Austria owns nothing."""
    f = tmp_path / "adj.yaml"
    f.write_text("phase: adjustment\nunits: {austria: [A vie, F tri]}\n"
                 "supply_centres: {AUSTRIA: [BUD, Vienna, tri]}\norders: {austria: [Build A Bud]}\n",
                 encoding="utf-8")
    assert turnpress_diplomacy("resolve", str(f)) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["built"] == {"austria": ["A bud"]} and out["orders"][0]["result"] == "succeeds"
    for bad, says in (("[BUD, Atlantis]", "no province named 'Atlantis'"), ("[bud, boh]", "Bohemia has no supply")):
        f.write_text(f"phase: adjustment\nunits: {{austria: [A vie]}}\nsupply_centres: {{austria: {bad}}}\n",
                     encoding="utf-8")
        assert turnpress_diplomacy("resolve", str(f)) == 2
        assert says in capsys.readouterr().err


def test_the_command_lives_in_the_one_parser_tree_and_the_ruleset_holds_only_rules() -> None:
    """Issue 31: the second argparse tree left the ruleset; ``turnpress --help`` lists ``diplomacy`` once."""
    assert not isinstance(RULESET, ruleset.HasCommands)
    assert "diplomacy" in cli.parser.COMMANDS
    helped = cli.build_parser(rulesets=True).format_help()
    assert [line.split()[0] for line in helped.splitlines() if line.strip().startswith("diplomacy")] == ["diplomacy"]
