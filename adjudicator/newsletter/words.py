"""What the site says in a game's own language, and what it knows about each ruleset for its readers.

A game's pages are written in the language of its newsletter: ``language`` in ``game.yaml``, else the one
``assets/games.yaml`` names for its ruleset (or Diplomacy variant), else the league's (``theme: language`` in
``mkdocs.yml``). The site's own words (headings, the lead, the orders section) come from ``WORDS``; a language
without an entry there falls back to English, word by word.

>>> say("de", "turn_of", turn=3, game="Bretton Woods")
'Zug 3 von Bretton Woods'
>>> label("supply_centres", {}), label("B", {"B": "Bevölkerung (B)"})
('Supply centres', 'Bevölkerung (B)')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .. import yamlio
from ..kit import gamedata
from ..model import GameConfig

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "turn": "Turn {turn}", "turn_of": "Turn {turn} of {game}", "deadline": "Deadline {when}.",
        "adjudicated": "Adjudicated {when}.", "adjudicated_early": "Adjudicated early, {when}, before its deadline.",
        "adjudicated_late": "Adjudicated {when}, after its deadline.",
        "missed": "Missed orders: {names}.", "all_in": "Everybody's orders were in.", "over": "The game is over.",
        "charts": "Charts", "orders": "Orders", "missed_nmr": "Missed orders (NMR): {names}", "nobody": "nobody",
        "late": "Late but taken: {name} (arrived {when})", "refused": "Not taken: {name} ({why})",
        "dropped": "Orders of {name} that could not be carried out (the rest was):",
        "ruling": "Ruling of the game master", "ruling_by": "By {by}, in {file}:",
        "ruling_correct": "Set before the turn: {path} = {value}", "ruling_deadline": "This turn's deadline: {when}",
        "ruling_replace": "Seat {seat} is played from this turn on by {name} (@{login}), in place of {old}",
        "ruling_remove": "Out of the game from this turn on: {name}; the seat plays what the rules say of a player "
        "who left", "ruling_rerun": "Turn {turn} is void: this turn plays turn {turn} again, from the state before "
        "it, with its orders{found}", "ruling_found": " and the orders found of {names}",
        "removed": "Out of the game by a ruling: {names}",
        "ruling_pause": "The game is paused: no deadline applies until the game master resumes it",
        "ruling_resume": "A pause of this turn was lifted", "ruling_end": "The game ends here: {result}",
        "ruling_schedule": "The schedule from turn {turn} on: {what}",
        "orders_of_turn": "Orders of this turn", "commit": "The turn's commit",
        "next_deadline": "Next deadline", "orders_page": "Orders page", "setup_turn": "Set-up",
        "schedule_none": "no fixed deadlines: adjudicated when all orders are in",
        "schedule_every": "{every}, {zone}", "schedule_grace": "; {minutes} minutes of grace",
        "schedule_paused": "; paused", "how_to": "How to send orders",
        "how_over": "The game is over; no more orders are taken.",
        "how_page": "The [orders page](orders.md) writes your orders file in the browser: pick your name, give your "
        "orders, check and copy or download the file (or open it on GitHub){sealed}. On the command line:",
        "how_page_sealed": ", sealed",
        "how_sealed_1": "1. Get your pre-filled order sheet: `turnpress template {gid} YOUR-LOGIN > ~/{gid}.yaml`; "
        "keep it outside `orders/`: it is yours alone until the deadline.",
        "how_sealed_2": "2. Fill it in. `turnpress validate ~/{gid}.yaml` checks it and says how each order was "
        "understood.",
        "how_sealed_3": "3. `turnpress seal ~/{gid}.yaml` checks it again and writes "
        "`orders/{gid}/{turn}/your-login.yaml.age`, sealed to the game's key and to yours. Commit only that file on "
        "a branch and open a pull request: its check confirms the envelope (your file, the open turn, the keys it "
        "is sealed to); the content is checked at the deadline.",
        "how_sealed_4": "4. At the deadline ({when}) the turn is adjudicated with the game's key, your orders are "
        "published with it and the next issue appears here. The guide to sealed orders: "
        "`site/guide/sealed-orders.md`.",
        "how_open_1": "1. Get your pre-filled order sheet: `turnpress template {gid} YOUR-LOGIN --write` writes "
        "`orders/{gid}/{turn}/your-login.yaml`.",
        "how_open_2": "2. Fill it in. `turnpress validate FILE` checks it and says how each order was understood; "
        "`turnpress preview {gid} FILE` shows what it would do.",
        "how_open_3": "3. Commit it on a branch and open a pull request. The check on the pull request tells you if "
        "anything is wrong; change the file as often as you like until the deadline.",
        "how_open_4": "4. At the deadline ({when}) the turn is adjudicated and the next issue appears here. Add "
        "`wait: true` to your file if the turn must not be adjudicated early.",
        "remind": "**{game}**, turn {turn} ({label}): orders are due by **{when}**. Still awaited: {who}.",
        "remind_issue": "**{game}**: the issue of turn {turn} ({label}) is out.",
        "remind_moved": "The deadline moved from {when}.",
        "absence": "The deadline moved from {when} to {to} for the absence of {names}",
        "nmr_extension": "NMR extension used by {names}: they had nothing in at the deadline of {when}, so the "
                         "deadline moved once before the NMR rule applied",
        "no_deadlines": "The game is over: there are no more deadlines.",
        "due_by": "Orders for turn {turn} are due by **{when}**.",
        "no_fixed": "Turn {turn} has no fixed deadline: the game master adjudicates it when the orders are in.",
        "gm": "From the game master", "audit": "Audit", "seed": "Dice seed revealed", "digest": "Digest of the orders",
        "replay": "Replay it", "previous": "Previous turn", "next": "Next turn", "all_turns": "All turns",
        "read_on": "Continue reading", "newer": "Newer issues", "older": "Older issues",
        "back": "Back to the game", "standings": "Standings", "map": "Map", "turns": "Turns",
        "after_turn": "After turn {turn}", "rules": "Rules", "state": "State", "awaited": "Awaited",
        "sent": "Orders in", "schedule": "Schedule", "latest": "Latest issue", "players": "Players",
        "player": "Player", "role": "Role", "since": "Since turn", "status": "Status", "out": "out of the game",
        "joined": "joined in turn {turn}", "winner": "Winner", "winners": "Winners", "final": "Final standings",
        "finished": "finished after turn {turn}", "open": "turn {turn} open: {label}", "game_over": "game over",
        "paused": "paused", "when_in": "when all orders are in", "headline": "Headline", "date": "Date",
        "game": "Game", "issue": "Issue", "no_standings": "This game keeps no standings table; the latest issue has "
        "the game's own tables.", "no_charts": "This game draws no history charts.",
        "from_setup": "From the set-up (turn 0) to turn {turn}.", "full_rules": "The full rules of {rules}, with "
        "the league's house rules", "feed": "Feed of this game (RSS)", "archive": "Issue archive",
        "changes": "Since the last turn", "no_change": "no change", "every_turn": "Every turn of the game, newest "
        "first.", "setup": "The set-up of {game}.", "first_due": "Orders for turn 1 are due by {when}.",
        "commitment": "Dice commitment", "your_time": "your time", "map_history": "Map history",
        "map_history_summary": "The map after every turn ({count} maps)", "setup_label": "set-up",
        "passed": "the deadline has passed: the turn is adjudicated at the next run",
        "open_orders": "This game takes **open orders**, as its game master chose: every player can read the "
        "others' orders as soon as they are sent, before the deadline (the rules' default is sealed orders).",
        "chain_head": "Chain head after this turn: `{head}`; keep it, and `turnpress verify {game} --since {head}` "
        "shows at any later time that the league's history still holds this issue unchanged",
    },
    "de": {
        "turn": "Zug {turn}", "turn_of": "Zug {turn} von {game}", "deadline": "Abgabeschluss {when}.",
        "adjudicated": "Ausgewertet {when}.", "adjudicated_early": "Vorzeitig ausgewertet, {when}, vor dem "
        "Abgabeschluss.", "adjudicated_late": "Ausgewertet {when}, nach dem Abgabeschluss.",
        "missed": "Ohne Befehle: {names}.", "all_in": "Alle Befehle waren da.", "over": "Die Partie ist beendet.",
        "charts": "Diagramme", "orders": "Befehle", "missed_nmr": "Ohne Befehle (NMR): {names}", "nobody": "niemand",
        "late": "Verspätet, aber genommen: {name} (eingegangen {when})", "refused": "Nicht genommen: {name} ({why})",
        "dropped": "Befehle von {name}, die nicht ausgeführt werden konnten (die übrigen wurden es):",
        "ruling": "Entscheidung der Spielleitung", "ruling_by": "Von {by}, in {file}:",
        "ruling_correct": "Vor dem Zug gesetzt: {path} = {value}",
        "ruling_deadline": "Abgabeschluss dieses Zuges: {when}",
        "ruling_replace": "Sitz {seat} wird ab diesem Zug von {name} (@{login}) gespielt, anstelle von {old}",
        "ruling_remove": "Ab diesem Zug aus dem Spiel: {name}; der Sitz spielt, was die Regeln für einen "
        "ausgestiegenen Spieler vorsehen", "ruling_rerun": "Zug {turn} ist ungültig: dieser Zug spielt Zug {turn} "
        "noch einmal, vom Stand davor, mit dessen Befehlen{found}", "ruling_found": " und den gefundenen Befehlen "
        "von {names}", "removed": "Durch Entscheidung der Spielleitung aus dem Spiel: {names}",
        "ruling_pause": "Die Partie ruht: kein Abgabeschluss gilt, bis die Spielleitung sie fortsetzt",
        "ruling_resume": "Die Pause dieses Zuges wurde aufgehoben", "ruling_end": "Die Partie endet hier: {result}",
        "ruling_schedule": "Der Zeitplan ab Zug {turn}: {what}",
        "orders_of_turn": "Befehle dieses Zuges", "commit": "Der Commit des Zuges",
        "next_deadline": "Nächster Abgabeschluss", "orders_page": "Befehle abgeben", "setup_turn": "Spielaufbau",
        "schedule_none": "kein fester Abgabeschluss: ausgewertet, sobald alle Befehle da sind",
        "schedule_every": "{every}, {zone}", "schedule_grace": "; {minutes} Minuten Nachfrist",
        "schedule_paused": "; ruht", "how_to": "So geben Sie Befehle ab",
        "how_over": "Die Partie ist vorbei; es werden keine Befehle mehr angenommen.",
        "how_page": "Die [Befehlsseite](orders.md) schreibt Ihre Befehlsdatei im Browser: Wählen Sie Ihren Namen, "
        "geben Sie Ihre Befehle ein, prüfen Sie sie und kopieren oder laden Sie die Datei herunter (oder öffnen Sie "
        "sie auf GitHub){sealed}. Auf der Kommandozeile:",
        "how_page_sealed": ", versiegelt",
        "how_sealed_1": "1. Holen Sie sich Ihr vorausgefülltes Zugabgabeblatt: `turnpress template {gid} IHR-LOGIN > "
        "~/{gid}.yaml`; bewahren Sie es außerhalb von `orders/` auf: bis zum Abgabeschluss gehört es Ihnen allein.",
        "how_sealed_2": "2. Füllen Sie es aus. `turnpress validate ~/{gid}.yaml` prüft es und sagt, wie jeder Befehl "
        "verstanden wurde.",
        "how_sealed_3": "3. `turnpress seal ~/{gid}.yaml` prüft es noch einmal und schreibt "
        "`orders/{gid}/{turn}/ihr-login.yaml.age`, versiegelt für den Schlüssel der Partie und für Ihren. Committen "
        "Sie nur diese Datei auf einem Branch und öffnen Sie einen Pull Request: Seine Prüfung bestätigt den "
        "Umschlag (Ihre Datei, den offenen Zug, die Schlüssel, für die sie versiegelt ist); den Inhalt prüft der "
        "Abgabeschluss.",
        "how_sealed_4": "4. Zum Abgabeschluss ({when}) wird der Zug mit dem Schlüssel der Partie ausgewertet, Ihre "
        "Befehle werden mit ihm veröffentlicht, und die nächste Ausgabe erscheint hier. Die Anleitung zu "
        "versiegelten Befehlen: `site/guide/sealed-orders.md`.",
        "how_open_1": "1. Holen Sie sich Ihr vorausgefülltes Zugabgabeblatt: `turnpress template {gid} IHR-LOGIN "
        "--write` schreibt `orders/{gid}/{turn}/ihr-login.yaml`.",
        "how_open_2": "2. Füllen Sie es aus. `turnpress validate DATEI` prüft es und sagt, wie jeder Befehl "
        "verstanden wurde; `turnpress preview {gid} DATEI` zeigt, was er bewirken würde.",
        "how_open_3": "3. Committen Sie es auf einem Branch und öffnen Sie einen Pull Request. Die Prüfung des Pull "
        "Requests sagt Ihnen, ob etwas nicht stimmt; ändern Sie die Datei bis zum Abgabeschluss, so oft Sie wollen.",
        "how_open_4": "4. Zum Abgabeschluss ({when}) wird der Zug ausgewertet, und die nächste Ausgabe erscheint "
        "hier. Schreiben Sie `wait: true` in Ihre Datei, wenn der Zug nicht früher ausgewertet werden soll.",
        "remind": "**{game}**, Zug {turn} ({label}): Abgabeschluss ist **{when}**. Es fehlen noch die Befehle von: "
                  "{who}.",
        "remind_issue": "**{game}**: Die Ausgabe zu Zug {turn} ({label}) ist erschienen.",
        "remind_moved": "Der Abgabeschluss wurde vom {when} verschoben.",
        "absence": "Der Abgabeschluss wurde wegen der Abwesenheit von {names} vom {when} auf den {to} verschoben",
        "nmr_extension": "Nachfrist genutzt von {names}: Zum Abgabeschluss am {when} lagen keine Befehle vor, darum "
                         "wurde er einmal verschoben, bevor die NMR-Regel galt",
        "no_deadlines": "Die Partie ist beendet: es gibt keinen "
        "Abgabeschluss mehr.", "due_by": "Die Befehle für Zug {turn} sind fällig bis **{when}**.",
        "no_fixed": "Zug {turn} hat keinen festen Abgabeschluss: die Spielleitung wertet ihn aus, sobald alle "
        "Befehle da sind.", "gm": "Von der Spielleitung", "audit": "Nachprüfen", "seed": "Aufgedeckter Würfelschlüssel",
        "digest": "Prüfsumme der Befehle", "replay": "Nachspielen", "previous": "Voriger Zug", "next": "Nächster Zug",
        "read_on": "Weiterlesen", "newer": "Neuere Ausgaben", "older": "Ältere Ausgaben",
        "all_turns": "Alle Züge", "back": "Zurück zur Partie", "standings": "Tabelle", "map": "Karte",
        "turns": "Züge", "after_turn": "Nach Zug {turn}", "rules": "Regeln", "state": "Stand", "awaited": "Erwartet",
        "sent": "Befehle da", "schedule": "Zeitplan", "latest": "Neueste Ausgabe", "players": "Spieler",
        "player": "Spieler", "role": "Rolle", "since": "Seit Zug", "status": "Status", "out": "ausgeschieden",
        "joined": "seit Zug {turn} dabei", "winner": "Sieger", "winners": "Sieger", "final": "Endstand",
        "finished": "beendet nach Zug {turn}", "open": "Zug {turn} offen: {label}", "game_over": "Partie beendet",
        "paused": "angehalten", "when_in": "sobald alle Befehle da sind", "headline": "Schlagzeile",
        "date": "Datum", "game": "Partie", "issue": "Ausgabe", "no_standings": "Diese Partie führt keine Tabelle; "
        "die neueste Ausgabe hat die Tabellen des Spiels.", "no_charts": "Diese Partie zeichnet keine Verläufe.",
        "from_setup": "Vom Aufbau (Zug 0) bis Zug {turn}.", "full_rules": "Die vollständigen Regeln von {rules}, "
        "mit den Hausregeln der Liga", "feed": "Feed dieser Partie (RSS)", "archive": "Archiv der Ausgaben",
        "changes": "Seit dem letzten Zug", "no_change": "keine Änderung", "every_turn": "Jeder Zug der Partie, der "
        "neueste zuerst.", "setup": "Der Aufbau von {game}.",
        "first_due": "Die Befehle für Zug 1 sind fällig bis {when}.",
        "commitment": "Festlegung der Würfel", "your_time": "Ihre Zeit", "map_history": "Kartenverlauf",
        "map_history_summary": "Die Karte nach jedem Zug ({count} Karten)", "setup_label": "Aufbau",
        "passed": "der Abgabeschluss ist vorbei: der Zug wird beim nächsten Lauf ausgewertet",
        "open_orders": "Diese Partie nimmt **offene Befehle**, so hat es die Spielleitung gewählt: jeder kann die "
        "Befehle der anderen lesen, sobald sie abgeschickt sind, noch vor dem Abgabeschluss (nach den Regeln "
        "wären sie versiegelt).",
        "chain_head": "Kettenkopf nach diesem Zug: `{head}`; heben Sie ihn auf: `turnpress verify {game} --since "
        "{head}` zeigt jederzeit später, dass die Geschichte der Liga diese Ausgabe unverändert enthält",
    },
}
THEME_LANGUAGE = re.compile(r"^  language:\s*['\"]?([a-z]{2}(?:[-_][A-Za-z]+)?)['\"]?\s*$", re.MULTILINE)


# Why a file was not taken, and what stands for the faults a game with hidden state does not publish: the report
# keeps these English words (they are data, replayed byte for byte); an issue shows them in its own language.
# ``{turn}`` stands for a turn's number. A reason without an entry is shown as the report has it.
REASONS: dict[str, dict[str, str]] = {
    "de": {
        "not awaited in this phase": "in diesem Zug nicht erwartet",
        "invalid": "ungültig",
        "too late": "zu spät",
        "nothing valid remains": "nichts davon ist gültig",
        "not sealed": "nicht versiegelt",
        "not a player": "spielt nicht mit",
        "sealed file does not open": "die versiegelte Datei öffnet sich nicht",
        "sealed for another game, turn or player": "für ein anderes Spiel, einen anderen Zug oder Spieler versiegelt",
        "sealed file is not an orders file": "die versiegelte Datei ist keine Befehlsdatei",
        "out of the game by the ruling of turn {turn}": "durch die Entscheidung der Spielleitung zu Zug {turn} aus "
                                                        "dem Spiel",
        "the re-run of turn {turn} plays that turn's orders": "die Wiederholung von Zug {turn} spielt die Befehle "
                                                              "jenes Zuges",
        "the game master's ruling ended the game before this turn was played": "die Spielleitung hat die Partie "
                                                                               "beendet, bevor dieser Zug gespielt "
                                                                               "wurde",
        "what the rules found is not published in a game with hidden state: your private report names it "
        "('turnpress open')": "was die Regeln fanden, wird in einem Spiel mit verborgenem Stand nicht "
                              "veröffentlicht: Ihr privater Bericht nennt es ('turnpress open')",
    },
}


def reason(language: str, why: str) -> str:
    """A reason of the report (``why`` a file was not taken, or the stand-in for unpublished faults) in
    ``language``; as the report has it where that language has no words for it.

    >>> reason("de", "too late"), reason("de", "out of the game by the ruling of turn 12"), reason("en", "too late")
    ('zu spät', 'durch die Entscheidung der Spielleitung zu Zug 12 aus dem Spiel', 'too late')
    """
    table = REASONS.get(language, {})
    if why in table:
        return table[why]
    for english, text in table.items():
        if "{turn}" in english:
            m = re.fullmatch(re.escape(english).replace(re.escape("{turn}"), "([0-9]{1,6})"), why)
            if m:
                return text.format(turn=m.group(1))
    return why


def say(language: str, key: str, **values: Any) -> str:
    """The site's word ``key`` in ``language`` (English where that language has none), filled with ``values``."""
    text = WORDS.get(language, {}).get(key) or WORDS["en"][key]
    return text.format(**values) if values else text


def label(key: str, labels: Mapping[str, str]) -> str:
    """A reader's label for a data key: the ruleset's own, else the key with spaces and a capital."""
    if key in labels:
        return labels[key]
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else key


@functools.cache
def _catalogue() -> dict[str, dict[str, Any]]:
    # libyaml's reader, not PyYAML's pure Python one, which took a tenth of a 'validate' (issue 33)
    return yamlio.load_trusted(gamedata.package_files(__package__).joinpath("assets/games.yaml").read_bytes())


def about(ruleset: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the site knows of a ruleset for its readers; a Diplomacy variant's entry (by its ``map``) first."""
    catalogue = _catalogue()
    variant = (options or {}).get("map")
    if variant and f"{ruleset}/{variant}" in catalogue:
        return catalogue[f"{ruleset}/{variant}"]
    return catalogue.get(ruleset, {})


def league_language(root: Path) -> str:
    """The league's language: ``theme: language`` in its ``mkdocs.yml``, else English."""
    path = root / "mkdocs.yml"
    match = THEME_LANGUAGE.search(path.read_text(encoding="utf-8")) if path.is_file() else None
    return match.group(1) if match else "en"


def game_language(settings: GameConfig, root: Path) -> str:
    """The language of a game's pages (see the module's docstring)."""
    if settings.language:
        return settings.language
    known = about(settings.ruleset, settings.options).get("language")
    return str(known) if known else league_language(root)
