"""The worked examples of section 2, reproduced exactly with the text's draws fixed."""

from fractions import Fraction

from adjudicator.rulesets.bretton_woods import evaluation as ev
from adjudicator.rulesets.bretton_woods.listing import format_listing
from adjudicator.rulesets.bretton_woods.tables import SHIPPED

from .helpers import Fixed, land


def line(x: ev.Land, stock: str) -> str:
    return format_listing(SHIPPED, stock, x.tally[stock].as_data())


def test_2_1_bevoelkerung_example():
    """2.1: 12 of 100 die, 10 consumer goods last year give 10 births, 3 emigrate."""
    x = land(B=100, k=10)
    x.imm = -3
    draws = Fixed(decay={"B": 12})
    ev.bevoelkerung(x, draws)
    assert line(x, "B") == "Bevölkerung B = 95 (100: Ang=0, Alt=-12, Neu=10, Imm=-3)"
    assert draws.asked == [("decay", "B", 100)]


def test_2_2_konsumgueter_example():
    """2.2: 1 bought, 2 transferred away, 1 of the remaining 9 consumed, 3 produced."""
    x = land(k=10, orders={"production": {"consumer_goods": 3}})
    x.flows["k"].han_in, x.flows["k"].tra_out = 1, 2
    draws = Fixed(decay={"k": 1})
    ev.konsumgueter(x, draws)
    assert line(x, "k") == "Konsumgüter k = 11 (10: Alt=-1, Neu=3, Han=1, Tra=-2)"
    assert draws.asked == [("decay", "k", 9)], "consumption applies to the goods present after trade"


def test_2_3_agrargebiete_example():
    """2.3: 5 of 50 destroyed by attack, 6 of the remaining 45 desert, none opened up."""
    x = land(A=50)
    draws = Fixed(decay={"A": 6})
    ev.war_losses(x, {"A": 5}, ("A",))
    ev.veraltung(x, draws)
    ev.neuschaffung(SHIPPED, x, draws)
    assert line(x, "A") == "Agrargebiete A = 39 (50: Ang=-5, Alt=-6, Neu=0)"
    assert ("decay", "A", 45) in draws.asked


def test_2_4_agrarprodukte_example():
    """2.4: 100 eaten, 4 of the other 50 rot, 40 B on 40 A at Agrarfaktor 2,6 harvest 104."""
    x = land(B=100, a=150, A=40, orders={"production": {"harvest": 40}})
    draws = Fixed(decay={"a": 4}, factor=26)
    ev.agrarprodukte(x, draws)
    assert line(x, "a") == "Agrarprodukte a = 150 (150: Vbr=-100, Alt=-4, Neu=104, Han=0, Tra=0)"
    assert draws.asked == [("decay", "a", 50)]


def test_2_4_harvest_is_rounded_half_away_from_zero():
    """2.4: "Ergibt sich als Gesamternte keine ganze Zahl, so wird gerundet": 5 x 2,5 = 12,5 -> 13."""
    x = land(B=5, a=5, A=5, orders={"production": {"harvest": 5}})
    ev.agrarprodukte(x, Fixed(factor=25))
    assert x.tally["a"].terms["Neu"] == 13


def test_2_5_energiewerke_example():
    """2.5: an Agrarland loses 1 of 6 plants to attack, 2 of 5 age, 3 of 7 attempts succeed (2 in 10 each)."""
    x = land("agrar", E=6, orders={"construction": {"E": 7}})
    draws = Fixed(decay={"E": 2}, successes={"E": 3})
    ev.war_losses(x, {"E": 1}, ("E",))
    ev.veraltung(x, draws)
    ev.neuschaffung(SHIPPED, x, draws)
    assert line(x, "E") == "Energiewerke E = 6 (6: Ang=-1, Alt=-2, Neu=3)"
    assert ("decay", "E", 5) in draws.asked and ("successes", "E", 7) in draws.asked
    assert draws.chances["E"] == Fraction(2, 10)


def test_2_6_energie_example():
    """2.6: 10 own + 2 imported; 6 used, 3 sold, the other 3 lost; 10 generated, 1 transferred in.

    The text prints "Han=3"; its sum (12-6-3+10+Han+1 = 11) holds only for Han=-3: the sale is a minus, as
    in every other listing, and the sign was lost in our copy.
    """
    x = land(e=12, E=10, orders={"production": {"energy": 10, "consumer_goods": 6}})
    x.e_imported = 2
    x.flows["e"].han_out, x.flows["e"].tra_in = 3, 1
    ev.energie(x)
    assert line(x, "e") == "Energie e = 11 (12: Vbr=-6, Alt=-3, Neu=10, Han=-3, Tra=1)"
    assert x.e_imported == 1, "only this year's import is kept for next year, and it cannot be traded"


def test_2_7_rohstoffminen_example():
    """2.7: 2 of 8 mines are exhausted, 1 of 7 trial drillings of a non-Rohstoffland strikes."""
    x = land("energie", R=8, orders={"construction": {"R": 7}})
    draws = Fixed(decay={"R": 2}, successes={"R": 1})
    ev.veraltung(x, draws)
    ev.neuschaffung(SHIPPED, x, draws)
    assert line(x, "R") == "Rohstoffminen R = 7 (8: Ang=0, Alt=-2, Neu=1)"
    assert draws.chances["R"] == Fraction(2, 10)


def test_2_8_rohstoffe_example():
    """2.8: of 25, 18 used and 5 transferred away, 10 bought; 1 of the 12 decays; 10 mines yield 10."""
    x = land(r=25, R=10, orders={"production": {"mining": 10, "consumer_goods": 18}})
    x.flows["r"].tra_out, x.flows["r"].han_in = 5, 10
    draws = Fixed(decay={"r": 1})
    ev.rohstoffe(x, draws)
    assert line(x, "r") == "Rohstoffe r = 21 (25: Vbr=-18, Alt=-1, Neu=10, Han=10, Tra=-5)"
    assert draws.asked == [("decay", "r", 12)]


def test_2_9_industrien_example():
    """2.9: 3 of 9 destroyed by enemy weapons, 1 of the remaining 6 closed, 2 built (sure for everyone)."""
    x = land("rohstoff", I=9, orders={"construction": {"I": 2}})
    draws = Fixed(decay={"I": 1})
    ev.war_losses(x, {"I": 3}, ("I",))
    ev.veraltung(x, draws)
    ev.neuschaffung(SHIPPED, x, draws)
    assert line(x, "I") == "Industrien I = 7 (9: Ang=-3, Alt=-1, Neu=2)"
    assert ("decay", "I", 6) in draws.asked and draws.chances["I"] == 1


def test_2_10_waffen_example():
    """2.10: 1 used to attack, 2 defended, 3 of 5 offered sold, 4 received; 1 of the 6 spent; 2 built."""
    x = land(w=8, orders={"production": {"weapons": 2}})
    x.attack_weapons, x.defence_used = 1, 2
    x.flows["w"].han_out, x.flows["w"].tra_in = 3, 4
    draws = Fixed(decay={"w": 1})
    ev.waffen(x, draws)
    assert line(x, "w") == "Waffen w = 7 (8: Ang=-1, Vtd=-2, Alt=-1, Neu=2, Han=-3, Tra=4)"
    assert draws.asked == [("decay", "w", 6)]


def test_2_11_gold_listing_house_rule():
    """2.11 (lost, house rule): trade, transfer, industries bought (Ind), the gold mine (Neu)."""
    x = land(g=300, I=10, orders={"gold": {"industries": 2}})
    x.gold_han = -40
    x.flows["g"].tra_in = 15
    ev.gold(x, industry_price=50, mine=10)
    assert line(x, "g") == "Gold g = 185 (300: Han=-40, Tra=15, Ind=-100, Neu=10)"
    assert x.s["I"] == 12
