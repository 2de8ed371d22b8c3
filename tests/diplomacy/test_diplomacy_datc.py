"""All entries of the DATC (v3.0, JSON form in tests/data/datc/datc.json) as parametrized tests.

Entries marked ``ignore`` are skipped with their reason; entries for the 1971 rulebook, with ``errata``, or
whose expectation follows another rule than the DATC's preference run under that rule (``datc.entry_note``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import datc

DATC_FILE = Path(__file__).resolve().parents[1] / "data" / "datc" / "datc.json"
CASES = datc.load_cases(DATC_FILE.read_text(encoding="utf-8"))


def test_the_datc_file_is_there_with_171_entries_and_its_licence() -> None:
    assert len(CASES) == 171
    assert "Ted Driggs" in (DATC_FILE.parent / "LICENSE.MIT").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}-{datc.case_id(c)}" for i, c in enumerate(CASES)])
def test_datc_entry(case: dict) -> None:
    """DATC 6.A-6.J: each entry adjudicates as the DATC says (rules 2023 as the DATC v3.0 prefers)."""
    if case.get("ignore"):
        pytest.skip(case["ignore"])
    outcome = datc.run_case(case)
    assert outcome.status == "passed", outcome.message


def test_only_the_three_known_entries_are_ignored() -> None:
    """DATC 6.B.15, 6.H.1, 6.H.2, 6.H.3 run (issue 32): their expectations are corrected against the DATC text,
    6.H.1 and 6.H.3 with the illegal retreat-phase support and convoy the DATC orders."""
    ignored = sorted(c["name"][:6] for c in CASES if c.get("ignore"))
    assert ignored == ["t6b07_", "t6b08_", "t6g19_"]
    by_name = {c["name"][:6]: c for c in CASES}
    assert "AUS: A ser supports F tri -> alb" in by_name["t6h01_"]["orders"]
    assert "ENG: F nth convoys hol -> yor" in by_name["t6h03_"]["orders"]
    assert by_name["t6b15_"]["orders"]["ENG: F mao -> spa(nc)"] == "Fails"
