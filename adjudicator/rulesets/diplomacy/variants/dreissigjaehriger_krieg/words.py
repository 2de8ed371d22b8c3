"""The German words of a 30JK game's pages: the shared issue page (``presentation.NewsWords``), its map
(``mapsvg.Words``) and the engine's reasons as the page writes them.

Four lines of the standard page were never written on a 30JK page and are left out here (None): the builds
waived, the phases skipped for want of orders, the draw proposals, and after "Als Nächstes" the powers whose orders
are due. A game says them in German where its pinned messages file has them (``data/messages.yaml``, its last
section; ``newsletter._pinned_lines``): the file is the version, so the pages a game published before it had them
render again as they were (``turnpress verify``).
"""

from __future__ import annotations

from ...look import NewsWords
from ...mapsvg import Words

NEWS = NewsWords(
    phase_language="de",  # the whole page is German, whatever the game's ``labels`` option says
    orders="### Befehle und Ergebnisse",
    civil_disorder=" (herrenlos)",
    outcomes={"succeeds": "", "fails": " *(scheitert)*", "invalid": " *(ungültig)*"},
    dislodged="### Vertriebene Einheiten",
    nowhere="keiner (die Einheit wird aufgelöst)",
    came_from=" aus {place}",
    by_convoy=" per Konvoi",
    dislodged_line="- {power} `{unit}`, angegriffen{came}; Rückzug nach: {where}",
    lists=(("disbanded", "### Aufgelöst"), ("built", "### Aufgebaut"), ("removed", "### Abgebaut"),
           ("civil_disorder", "### Abgebaut (ohne Befehl)")),
    waived=None,
    centre_changes="### Versorgungszentren wechseln den Besitzer",
    neutral="neutral",
    freed="- {place}: {name} → frei (die neutrale Einheit ist aufgelöst)",
    table="### Versorgungszentren und Konfessionen",
    draw_proposals=None,
    votes="Stehende Stimmen: {votes}.",
    vote_draw="Remis",
    vote_concede="überlässt die Partie {power}",
    victory="**{power} gewinnt mit {n} Versorgungszentren.**",
    draw="**Das Spiel endet unentschieden zwischen {powers}.**",
    skipped=None,
    closing=("victory", "votes", "draw"),
    map="### Karte",
    caption="*Die Lage nach {phase}. Die Karte ist eine Rekonstruktion; Pfeile zeigen die Züge (gestrichelt mit "
            "Kreuz: gescheitert), gestrichelte dünne Linien Unterstützungen, gepunktete Konvois.*",
    text_map="Die Karte als Text: Einheiten und Versorgungszentren je Macht",
    next="Als Nächstes: **{phase}**",
    next_due=None,
)

MAP = Words(title="Karte der Lage", centre="Versorgungszentrum", move="Zug", failed="gescheitert",
            support="Unterstützung", convoy="Konvoi", dislodged="vertrieben", river="Fluss (Pfeile: Fließrichtung)",
            link="Nachbarn übers Wasser", units="Einheiten", centres="Versorgungszentren", nothing="keine",
            coasts={"nc": "N", "sc": "S", "ec": "O", "wc": "W"})

REASONS = [  # English reason of the engine -> German, by prefix (reports written before the map's messages)
    ("moves to ", "zieht nach "), ("bounces", "prallt ab"), ("holds and becomes an army", "hält und wird zur Armee"),
    ("holds and becomes a fleet", "hält und wird zur Flotte"), ("holds", "hält"),
    ("support given", "Unterstützung gegeben"), ("support cut", "Unterstützung abgeschnitten"),
    ("dislodged", "vertrieben"), ("convoys", "konvoiert"), ("the fleet is dislodged", "die Flotte wird vertrieben"),
    ("retreats to ", "zieht sich zurück nach "), ("disbands", "wird aufgelöst"), ("builds ", "baut "),
    ("removes ", "löst auf: "), ("build waived", "verzichtet auf einen Aufbau"),
    ("no order: holds", "kein Befehl: hält"),
    ("no order: disbands", "kein Befehl: wird aufgelöst"),
]

OUTCOME = {"disobedience": "Ungehorsam: die Einheit verweigert ihre Befehle und hält",
           "incite": "aufgewiegelt: die Einheit wird neutral und hält",
           "church": "der Kirchenbau wehrt alles ab", "mercenaries": "die Söldner führen den Befehl aus"}
