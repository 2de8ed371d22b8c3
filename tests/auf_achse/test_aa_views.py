"""The order sheet, the receipt, the Amtsblatt with its map, the views and the history."""

import jsonschema

from adjudicator import yamlio
from adjudicator.model import is_plain

from .helpers import R, at_round, errors, give, new_game, play, players, set_order


def test_template_is_a_valid_prefilled_order_sheet():
    """Zugformat: the pre-printed sheet parses, passes the schema and the check as it is."""
    s = new_game()
    for state in (s, at_round(new_game(), 1)):
        text = R.template(state, "p0")
        data = yamlio.load(text).data
        jsonschema.validate(data, R.order_schema(state, "p0"))
        assert not errors(R.check(state, "p0", data))
    assert "Wert" in R.template(s, "p0") and "order: 1" in R.template(s, "p0")
    s1 = at_round(new_game(), 1)
    set_order(s1, 1, **{"from": "HH", "to": "HB"})
    give(s1, "p0", 1)
    sheet = yamlio.load(R.template(s1, "p0")).data
    assert sheet["trucks"][0]["load"] == [1] and sheet["trucks"][0]["route"] == ["HH"]


def test_schema_accepts_a_full_order_and_refuses_extras():
    s = at_round(new_game(), 1)
    full = {"bids": [{"order": 32, "kj": 10, "unless_won": [31]}],
            "trucks": [{"load": [1], "route": ["HH", "HH-HB.1"], "points": 2, "fare": 30}],
            "site": {"field": "K-F.2", "kj": 1}, "trailer": {"type": "large", "truck": 1}}
    jsonschema.validate(full, R.order_schema(s, "p0"))
    bad = {**full, "bribe": 100}
    try:
        jsonschema.validate(bad, R.order_schema(s, "p0"))
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("extra key accepted")


def test_describe_reads_the_orders_in_the_games_words():
    s = at_round(new_game(), 1)
    lines = R.describe(s, "p0", {"bids": [{"order": 32, "kj": 700}], "trucks": [{"load": [4], "route": ["HH", "HB"]}],
                                 "site": {"field": "K-F.2", "kj": 5}, "trailer": {"type": "small"}})
    assert lines == ["Gebot auf Auftrag 32: 700 kj", "Brummi 1 lädt Auftrag 4",
                     "Brummi 1 fährt HH – HH-HB.1 – HH-HB.2 – HH-HB.3 – HB: 5 Streckenpunkte, 150 kj",
                     "Baustellen-Gebot: 5 kj auf K-F.2", "Kleiner Anhänger für Brummi 1: 2000 kj"]


def test_amtsblatt_has_the_auction_routes_site_accounts_offers_and_an_svg_map():
    """Auswertung: auction results, routes, deliveries, cash and debts, next site, next offers, the map."""
    s = at_round(new_game(), 1)
    set_order(s, 1, **{"from": "K", "to": "HB", "count": 2, "value": 900})
    give(s, "p0", 1, loaded=1)
    oid = [o["id"] for o in s["orders"] if o["offered"] == 1][0]
    res = play(s, {"p0": {"bids": [{"order": oid, "kj": 300}], "trucks": [{"route": ["HH", "HB"]}],
                          "site": {"field": "K-F.2", "kj": 5}}})
    text = R.newsletter(res.state, res.report, players("HH", "HB", "K", "M", "B"))
    for heading in ("**Amtsblatt** – Auswertung der Runde 1", "## Versteigerung", "## Fahrten", "## Baustelle",
                    "## Spediteure", "## Angebote für Runde 2", "## Spielplan"):
        assert heading in text
    assert "**Spediteur0** für 300 kj" in text
    assert "liefert Auftrag 1 (+900 kj)" in text
    assert "Baustelle in Runde 2: **K-F.2**" in text
    svg = text[text.index("<svg"):text.index("</svg>") + 6]
    assert "<script" not in svg and "Baustelle K-F.2" in svg and "Flensburg" in svg and "Verona" in svg
    assert svg.count("<rect x=") >= 5  # a truck per haulier (plus the legend)


def test_the_issue_its_map_and_the_standings_count_rounds_alike():
    """Auswertung: one numbering (round 0 is the auction, "In Runde 0 wird nur versteigert"): the issue of
    Runde 1 shows the map after Runde 1, not the next round's number."""
    s = at_round(new_game(), 1)
    res = play(s, {"p0": {"trucks": [{"route": ["HH", "HH-HB.1"]}]}})
    text = R.newsletter(res.state, res.report, players("HH", "HB", "K", "M", "B"))
    svg = text[text.index("<svg"):text.index("</svg>") + 6]
    assert res.report["round"] == 1 and "Auswertung der Runde 1 " in text
    assert 'aria-label="Spielplan Auf Achse nach Runde 1"' in svg and ", Runde 2<" not in svg
    assert "nach Runde 1</text>" in svg
    assert "vor Runde 0" in R.setup_newsletter(new_game(), players("HH", "HB", "K", "M", "B"))


def test_auswertung_every_issue_lists_all_offers_and_each_hauliers_order_book_and_credit():
    """Auswertung: "Die Auswertung umfaßt alle für das Spiel relevanten Daten": every offer of the game (all
    rounds, with what became of it), each haulier's orders held with their data, and the credit left (Schulden)."""
    s = at_round(new_game(), 1)
    set_order(s, 1, **{"from": "K", "to": "HB", "count": 2, "value": 900})
    give(s, "p0", 1, loaded=1)
    set_order(s, 2, **{"from": "HH", "to": "M", "count": 3, "value": 1500})
    give(s, "p0", 2)
    res = play(s, {"p0": {"trucks": [{"route": ["HH", "HH-HB.1"]}]}})
    text = R.newsletter(res.state, res.report, players("HH", "HB", "K", "M", "B"))
    offers = text[text.index("## Alle Angebote"):text.index("## Spielplan")]
    assert offers.count("\n| ") == 1 + len(s["orders"])  # the header and every order of rounds 0 to 10
    assert "| 10 | " in offers and "| 0 | 2 | " in offers
    assert "ersteigert: Spediteur0 für 0 kj" in offers and "geladen: Spediteur0" in offers
    book = text[text.index("## Auftragsbuch"):text.index("## Alle Angebote")]
    cash = res.state["hauliers"]["p0"]["cash"]
    assert f"**Spediteur0**: Kasse {cash} kj, Kredit frei {cash + 5000} kj (davon {cash + 4545} kj ohne Pleite" in book
    assert "| 1 | " in book and "geladen auf Brummi 1" in book
    assert "| 2 | " in book and "wartet in Hamburg" in book
    assert "**Spediteur1**: Kasse 10000 kj" in book and "Keine offenen Aufträge." in book
    assert {r["haulier"]: r["credit"] for r in R.standings(res.state)}["Spediteur0"] == cash + 5000


def test_auswertung_round_0s_offers_have_an_issue_at_set_up(league):
    """Spielverlauf/Auswertung: round 0 auctions the orders announced for it, and the offers are published before
    the first round: the set-up (turn 0) gets an Amtsblatt with them, written by `new` and by the site build."""
    from adjudicator.engine import turn
    from adjudicator.newsletter import pages

    game, _ = turn.new_game(league, "auf-achse", "aa", players("HH", "HB", "K", "M", "B"), {}, None)
    page = (league / "site/news/aa/0000.md").read_text(encoding="utf-8")
    state = game.state(0)
    round0 = [o for o in state["orders"] if o["offered"] == 0]
    assert len(round0) == 10  # the table's row for 5 players
    head = page[page.index("## Angebote für Runde 0"):page.index("## Alle Angebote")]
    for o in round0:
        assert f"| {o['id']} | {o['goods']} |" in head
    assert page[page.index("## Alle Angebote"):].count("\n| ") >= 1 + len(state["orders"])
    assert "Der Aufbau von" in page and "Ohne Befehle" not in page  # the set-up's lead, in the game's German
    view = pages.GameView.read(league, "aa")
    built = pages.game_pages(view)
    assert built["site/news/aa/0000.md"] == page  # the site build writes the same page again
    archive = pages.all_pages(league, [view], [built])["site/news/aa.md"]  # the game's archive, by the site build
    assert "0000" in archive and "Der Aufbau von" in archive  # it lists the set-up's issue by its excerpt


def test_views_and_history():
    s = new_game()
    assert R.public_view(s).keys() == s.keys() - {"secret"}
    assert "secret" not in R.private_view(s, "p0")
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 250}]}})
    hist = R.history([R.public_view(s), R.public_view(res.state)])
    assert hist["cash"]["p0"] == [10000, 9750] and hist["delivered"]["p1"] == [0, 0]
    assert is_plain(hist) and is_plain(R.standings(res.state))
    assert R.phase(s).label == "Runde 0 (Versteigerung)" and R.phase(res.state).label == "Runde 1"
    assert R.phase(s).awaited == ("p0", "p1", "p2", "p3", "p4")


def test_state_and_report_round_trip_through_the_canonical_writer():
    s = new_game(termin=True, bundesbahn=True)
    res = play(s, {"p0": {"bids": [{"order": 1, "kj": 5000}]}})
    for data in (res.state, res.report):
        assert yamlio.load(yamlio.dump(data), max_bytes=1 << 24).data == data


def test_every_auction_result_has_its_words_in_the_amtsblatt():
    """Versteigerung: each way an auction ends (awarded, reoffered, lapsed, railway) is named in the issue."""
    from typing import get_args

    from adjudicator.rulesets.auf_achse.adjudicate import AuctionResult
    from adjudicator.rulesets.auf_achse.newsletter import RESULT

    assert set(RESULT) == set(get_args(AuctionResult))
