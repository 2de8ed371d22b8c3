"""Tables 1, 2, 4 and 5 of the rule text, as the package data holds them."""

from fractions import Fraction

import pytest

from adjudicator.rulesets.calamity import RULESET, newsletter, tables
from adjudicator.rulesets.calamity.tables import TYPES, shipped

from .cal_helpers import arrange, new_game

SHIPPED = shipped()  # the package's data: what these tests read
ASCOT, DECK, ERRATA, MATRICES = SHIPPED.ascot, SHIPPED.deck, SHIPPED.errata, SHIPPED.matrices
PREMIUM, PRICE, TRACK, WAR = SHIPPED.premium, SHIPPED.price, SHIPPED.track, SHIPPED.war


def price(code: str, field: int) -> int:
    return tables.price(SHIPPED, code, field)


def quarter(field: int) -> int:
    return tables.quarter(SHIPPED, field)



def test_table1_track_has_52_fields_13_per_quarter():
    assert sorted(TRACK) == list(range(1, 53))
    for q in range(1, 5):
        assert [f for f in TRACK if TRACK[f].quarter == q] == list(range(13 * q - 12, 13 * q + 1))


def test_table1_field_kinds():
    kinds = {f: TRACK[f].kind for f in TRACK}
    events = {4: "tax", 13: "cover", 24: "takeover", 25: "ascot", 27: "henley", 39: "earthquake", 44: "monopoly",
              45: "winter_bonus", 46: "mismanagement", 49: "war", 52: "year_end", 19: "market", 29: "market",
              36: "market"}
    risks = {14: "D", 17: "C", 20: "B", 23: "A", 28: "D", 31: "C", 34: "B", 37: "A", 40: "D", 41: "C", 42: "B",
             43: "A", 47: "D", 48: "C", 50: "B", 51: "A"}
    for f, kind in events.items():
        assert kinds[f] == kind, f
    for f, cat in risks.items():
        assert (kinds[f], TRACK[f].category) == ("risk", cat), f
    purchase = set(range(1, 53)) - set(events) - set(risks)
    assert purchase == {1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 18, 21, 22, 26, 30, 32, 33, 35, 38}
    assert all(kinds[f] == "purchase" for f in purchase)


def test_table2_cards_24_adding_up_to_52():
    assert len(DECK) == 24 and sum(DECK) == 52
    assert [DECK.count(n) for n in (1, 2, 3, 4, 5)] == [10, 6, 4, 2, 2]


def test_table4_prices_and_premiums():
    assert PRICE[1] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert PRICE[2] == {"A": 1, "B": 2, "C": 4, "D": 8}
    assert PRICE[3] == {"A": 2, "B": 4, "C": 8, "D": 16}
    assert PRICE[4] == {"A": 3, "B": 6, "C": 12, "D": 24}
    assert PREMIUM == {"A": 4, "B": 8, "C": 16, "D": 32}
    assert price("D3", 14) == 8 and price("C1", 52) == 12 and price("B2", 13) == 0


def test_table4_the_kurswert_is_in_the_issue_and_on_the_sheet():
    """(3)(i) and (iii)a sell and buy "zum Kurswert (siehe Tabelle 4)", which changes with the token's quarter:
    the issue shows the table with the quarter now in bold and the premium, and every sheet the values now and
    from the next quarter on (issue 32: neither showed them)."""
    st = arrange(new_game(), token=30)
    page = newsletter.render(SHIPPED, st, {"phase": "p", "events": [], "next": "n"})
    assert "### Kurswert (Table 4): quarter 3 (token on field 30): A 2, B 4, C 8, D 16 GE" in page
    assert "| **quarter 3 (now)** | **2** | **4** | **8** | **16** |" in page
    assert "| quarter 4 | 3 | 6 | 12 | 24 |" in page and "| annual premium | 4 | 8 | 16 | 32 |" in page
    for p in st["seats"]:
        assert ("# Kurswert (Table 4), quarter 3 (token on field 30): A 2, B 4, C 8, D 16 GE; from field 40: "
                "A 3, B 6, C 12, D 24 GE. Annual premium: A 4, B 8, C 16, D 32 GE.") in RULESET.template(st, p)
    # field 0 counts as the first quarter (house rule); the fourth quarter has no next one before the year's end
    assert "quarter 1 (token on field 0): A 0, B 0, C 0, D 0 GE; from field 14: A 1" in RULESET.template(
        arrange(st, token=0), "ann")
    assert "D 24 GE. Annual premium" in RULESET.template(arrange(st, token=45), "ann")


def test_field_0_is_the_first_quarter_house_rule():
    assert quarter(0) == 1 and price("D1", 0) == 0


def test_table3_dice_tables():
    assert [ASCOT[d] for d in range(1, 7)] == [-10, -10, 10, 10, 20, 20]
    assert [WAR[d] for d in range(1, 7)] == ["A", "A", "B", "B", "C", "D"]


@pytest.mark.parametrize("category", ["A", "B", "C", "D"])
def test_table5_rows_match_printed_counts(category):
    """Table 5: the last three columns of each row count how often each type is marked in that row. They agree
    with the matrix everywhere except the misprinted count listed in the errata."""
    m = MATRICES[category]
    misprints = {(e["row"], e["type"]): e for e in ERRATA["misprinted_counts"] if e["category"] == category}
    for r in range(1, 7):
        for t in TYPES:
            if (r, t) in misprints:
                assert m.row_count(r, t) == misprints[(r, t)]["cells"]
                assert m.printed_counts[r - 1][t - 1] == misprints[(r, t)]["printed"]
            else:
                assert m.row_count(r, t) == m.printed_counts[r - 1][t - 1], (category, r, t)


@pytest.mark.parametrize(("category", "risk"), [("A", "4/36"), ("B", "8/36"), ("C", "12/36"), ("D", "16/36")])
def test_table5_risk_per_category(category, risk):
    """Table 5: each type of a category is marked on 4, 8, 12 or 16 of the 36 cells."""
    m = MATRICES[category]
    assert m.risk == Fraction(risk)
    for t in TYPES:
        marked = sum(1 for r in range(1, 7) for c in range(1, 7) if t in m.cell(r, c))
        assert Fraction(marked, 36) == m.risk, (category, t)


def test_table5_errata_are_exactly_the_two_slips_of_the_text():
    """As printed, B row 5 marks type 1 once though its count says 2 (and B needs 8 cells); the restored mark
    is the only change to the printed cells. D row 1's printed count 2 for type 2 is the only count that
    disagrees with cells that do give 16/36."""
    changed = [(cat, r + 1, c + 1) for cat, m in MATRICES.items() for r in range(6) for c in range(6)
               if m.cells[r][c] != m.printed_cells[r][c]]
    assert changed == [("B", 5, 1)]
    printed_b_type1 = sum(1 for row in MATRICES["B"].printed_cells for cell in row if 1 in cell)
    assert printed_b_type1 == 7
    assert MATRICES["B"].printed_counts[4][0] == 2
    assert sum(row[1] for row in MATRICES["D"].printed_counts) == 15


def test_table5_category_b_never_hits_types_1_and_3_together():
    """The review's remark: in B types 1 and 2, and 2 and 3, can be hit together, 1 and 3 never."""
    cells = [cell for row in MATRICES["B"].cells for cell in row]
    assert frozenset({1, 2}) in cells and frozenset({2, 3}) in cells
    assert not any({1, 3} <= cell for cell in cells)


def test_table5_every_c_cell_marks_one_type_and_every_d_cell_at_least_one():
    assert all(len(cell) == 1 for row in MATRICES["C"].cells for cell in row)
    assert all(len(cell) >= 1 for row in MATRICES["D"].cells for cell in row)
