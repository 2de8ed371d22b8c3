"""What the site says in a game's own language, and what it knows about each ruleset for its readers.

A game's pages are written in the language of its newsletter: ``language`` in ``game.yaml``, else the one
``assets/games.yaml`` names for its ruleset (or Diplomacy variant), else the league's (``theme: language`` in
``mkdocs.yml``). The site's own words (headings, the lead, the orders section) are the site's catalog
(``kit/catalog/site.yaml``, ``catalog.SITE``); a language without an entry there falls back to English, word by word.

>>> catalog.SITE.say("de", "turn_of", turn=3, game="Bretton Woods")
'Zug 3 von Bretton Woods'
>>> label("supply_centres", {}), label("B", {"B": "Bevölkerung (B)"})
('Supply centres', 'Bevölkerung (B)')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import schedule as schedmod
from .. import yamlio
from ..errors import LeagueError
from ..kit import catalog, gamedata
from ..model import GameConfig

ASSETS = "adjudicator.newsletter"  # the package whose assets/games.yaml is the site's catalogue of rulesets
THEME_LANGUAGE = re.compile(r"^  language:\s*['\"]?([a-z]{2}(?:[-_][A-Za-z]+)?)['\"]?\s*$", re.MULTILINE)
# the line as `init` writes it commented out, uncommented: its own comment may follow the address
REPO_URL = re.compile(r"^repo_url:[ \t]*['\"]?(https?://[^'\"\s#]+?)/?['\"]?(?:[ \t]+#.*)?[ \t]*$", re.MULTILINE)
EDIT_URI = re.compile(r"^edit_uri:\s*['\"]?(?:edit|blob)/([A-Za-z0-9._/-]+?)/", re.MULTILINE)


@dataclass(frozen=True)
class League:
    """What the league's ``mkdocs.yml`` says that a game's turns and pages read: the league's language (``theme:
    language``, else English), the repository's web address (``repo_url``, if it names one) and the branch the
    orders page's "new file" link commits to (the one ``edit_uri`` names, else main). Read once where a command
    loads a game (``store.load_game``) and handed down with it: a turn read the file again for each."""

    language: str = "en"
    repo: str | None = None
    branch: str = "main"


def read_league(root: Path) -> League:
    """``root``'s ``mkdocs.yml``, read once (``League``)."""
    path = root / "mkdocs.yml"
    try:
        return league_of(path.read_text(encoding="utf-8") if path.is_file() else "")
    except UnicodeDecodeError as e:  # every command that loads a game reads it: say which file, not the codec
        line = path.read_bytes()[:e.start].count(b"\n") + 1
        raise LeagueError(f"mkdocs.yml:{line}: not UTF-8 text; save the file as UTF-8", word="league.mkdocs_utf8",
                          line=line) from None


def league_of(text: str) -> League:
    """What ``mkdocs.yml``'s ``text`` says (``League``), where the command holds the text already (the site build).

    >>> league_of("theme:\\n  language: de\\nrepo_url: https://github.com/a/b\\nedit_uri: edit/trunk/site/\\n")
    League(language='de', repo='https://github.com/a/b', branch='trunk')
    >>> league_of("")
    League(language='en', repo=None, branch='main')
    """
    language, repo, branch = THEME_LANGUAGE.search(text), REPO_URL.search(text), EDIT_URI.search(text)
    return League(language.group(1) if language else "en", repo.group(1) if repo else None,
                  branch.group(1) if branch else "main")


def reason(language: str, why: str) -> str:
    """A reason of the report (``why`` a file was not taken, or the stand-in for unpublished faults) in
    ``language``; as the report has it where that language has no words for it. The report keeps these English
    words (they are data, replayed byte for byte); an issue shows them in its own language: the site's catalog's
    ``reason.*``, read back from their English.

    >>> reason("de", "too late"), reason("de", "out of the game by the ruling of turn 12"), reason("en", "too late")
    ('zu spät', 'durch die Entscheidung der Spielleitung zu Zug 12 aus dem Spiel', 'too late')
    """
    return catalog.SITE.said_in(language, why, "reason.")


def label(key: str, labels: Mapping[str, str]) -> str:
    """A reader's label for a data key: the ruleset's own, else the key with spaces and a capital."""
    if key in labels:
        return labels[key]
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else key


@functools.cache
def _catalogue() -> dict[str, dict[str, Any]]:
    # libyaml's reader, not PyYAML's pure Python one, which took a tenth of a 'validate' (issue 33)
    return yamlio.load_trusted(gamedata.package_files(ASSETS).joinpath("assets/games.yaml").read_bytes())


def about(ruleset: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the site knows of a ruleset for its readers; a Diplomacy variant's entry (by its ``map``) first."""
    catalogue = _catalogue()
    variant = (options or {}).get("map")
    if variant and f"{ruleset}/{variant}" in catalogue:
        return catalogue[f"{ruleset}/{variant}"]
    return catalogue.get(ruleset, {})


def league_language(root: Path) -> str:
    """The league's language: ``theme: language`` in its ``mkdocs.yml``, else English."""
    return read_league(root).language


def own_language(settings: GameConfig) -> str | None:
    """The language of a game's pages where the game or its ruleset names one (see the module's docstring)."""
    if settings.language:
        return settings.language
    known = about(settings.ruleset, settings.options).get("language")
    return str(known) if known else None


def game_language(settings: GameConfig, root: Path) -> str:
    """The language of a game's pages (see the module's docstring); the league's read from ``root`` if needed."""
    return own_language(settings) or league_language(root)


def every_said(every: str, lang: str) -> str:
    """``every:`` of a schedule as a reader of the game's language says it ('7 days', 'weekly mon thu'): the site's
    catalog's ``every.*``, the days by the language's plural rule (German says one day without its number).

    >>> [every_said(every, "de") for every in ("7 days", "1 day", "weekly mon thu", "monthly 5")]
    ['alle 7 Tage', 'jeden Tag', 'wöchentlich Mo, Do', 'monatlich am 5.']
    >>> every_said("14 days", "en"), every_said("1 day", "en"), every_said("weekly mon thu", "en")
    ('every 14 days', 'every 1 day', 'weekly on mon, thu')
    """
    parts = every.lower().split()
    if parts and parts[0].isdigit():
        return catalog.SITE.counted(lang, "every.days", int(parts[0]))
    if parts and parts[0] == "weekly":
        named = catalog.SITE.table()["en"]
        days = [catalog.SITE.say(lang, f"day.{d[:3]}") if f"day.{d[:3]}" in named else d for d in parts[1:]]
        return catalog.SITE.say(lang, "every.weekly", days=", ".join(days))
    if len(parts) == 2 and parts[0] == "monthly":
        return catalog.SITE.say(lang, "every.monthly", day=parts[1])
    return every


def schedule_said(change: Mapping[str, Any], lang: str) -> str:
    """A ruling's change of a schedule (``every:`` and each kind of phase's own period, as ``rulings`` reads it)
    as a reader of the game's language says it: what ``turnpress reschedule`` answers and an issue page says.

    >>> schedule_said({"every": "14 days", "phases": {"retreat": "36 hours", "adjustment": "none"}}, "de")
    'alle 14 Tage, 36 Stunden für jede Rückzugsphase, jede Aufbauphase im Abstand der Züge'
    >>> schedule_said({"phases": {"retreat": "1 day"}}, "en")
    '1 day for each retreat phase'
    """
    said = [every_said(str(change["every"]), lang)] if "every" in change else []
    said += [catalog.SITE.say(lang, "phase_none", kind=phase_kind_said(kind, lang))
             if str(period).strip().lower() == "none" else
             catalog.SITE.say(lang, "phase_period", kind=phase_kind_said(kind, lang),
                              period=period_said(str(period), lang))
             for kind, period in (change.get("phases") or {}).items()]
    return ", ".join(said)


def phase_kind_said(kind: str, lang: str) -> str:
    """A kind of phase (``Phase.kind``, as a schedule's ``phases:`` names it) as a reader of ``lang`` says it: the
    catalog's word for it, else (a kind a ruleset added without one) the kind as ``game.yaml`` writes it.

    >>> phase_kind_said("retreat", "de"), phase_kind_said("siege", "de"), phase_kind_said("retreat", "en")
    ('Rückzugsphase', 'Phase der Art siege', 'retreat')
    """
    named = f"phase_kind.{kind}"
    if named in catalog.SITE.table()["en"]:
        return catalog.SITE.say(lang, named)
    return catalog.SITE.say(lang, "phase_kind", kind=kind)


def period_said(period: str, lang: str) -> str:
    """A period of a schedule as people write it (``2 days``, ``36 hours``, ``90 minutes``: ``schedule.PERIOD``) as a
    reader of the game's language says it, by its plural rule; any other text as it stands.

    >>> period_said("2 days", "de"), period_said("1 hour", "de"), period_said("90minutes", "en")
    ('2 Tage', '1 Stunde', '90 minutes')
    """
    found = schedmod.PERIOD.fullmatch(period.strip().lower())
    if found is None:
        return period
    return catalog.SITE.counted(lang, f"period.{found['unit'].rstrip('s')}", int(found["n"]))
