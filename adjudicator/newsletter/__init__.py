"""Newsletter issue pages: one plain Markdown page per adjudicated turn, ``site/news/<game>/<NNNN>.md``.

The ruleset writes the body in the game's own format (its ``newsletter`` hook); this module adds what every
issue has: a lead line, the history charts (the ``history`` hook), who missed orders and whose orders came late
or were refused, the next deadline, the game master's notes, links to the turn's orders and commit, and the
revealed dice seed for audit.

An issue page is a function of the league's files: the same game, turn, state and report always give the same
bytes, so the page committed with a turn and the page ``turnpress site build`` writes again are identical.
The game master's notes for a turn are read from ``games/<game>/notes/<NNNN>.md`` (write it before the
deadline run); the repository link from ``repo_url`` in the league's ``mkdocs.yml``.

The page needs no plugin: its address ``news/<game>/<NNNN>/`` follows from its path, its front matter holds only
what the theme reads (title, description, language) and the game it belongs to, and it links the issue before it,
its game and the game's archive itself. The lead ends at ``EXCERPT_END``: the news index and the game's archive
(``pages.py``) show each issue by what comes before it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import anchor, yamlio
from ..kit import outcome
from ..kit import secrecy as secrecymod
from ..kit.catalog import SITE
from ..kit.markup import html_attr_text, md_text
from ..kit.ruleset import HasColours, HasHeadline, HasHistory, HasStandings, WritesNewsletter, WritesSetupNewsletter
from ..league.store import ENGINE_OPTIONS, Game
from ..model import Player, TurnReport, account
from . import charts, results, words

BLOG_DIR = "site/news"
OLD_ISSUE_DIR = "site/news/posts"  # where issues were before turnpress wrote its own listings (issue 33)
EXCERPT_END = "<!-- more -->"  # the issue's lead ends here; the listings show what comes before it
SVG_BLOCK = re.compile(r"^[ \t]*<svg\b.*?</svg>", re.DOTALL | re.MULTILINE)
# the line as `init` writes it commented out, uncommented: its own comment may follow the address
REPO_URL = re.compile(r"^repo_url:[ \t]*['\"]?(https?://[^'\"\s#]+?)/?['\"]?(?:[ \t]+#.*)?[ \t]*$", re.MULTILINE)
HEADLINE_MAX = 200  # a headline is a line, also in a link preview
FALLBACK_DATE = "2000-01-01 00:00:00"  # a game without a schedule has no deadline to date its issues by

StatesBefore = Callable[[int], Sequence[dict[str, Any]]]


def has_issue(game: Game, turn: int) -> bool:
    """Every adjudicated turn has an issue; the set-up (turn 0) has one if the ruleset writes it
    (``setup_newsletter``), as Auf Achse does to publish round 0's offers before they are auctioned."""
    return turn > 0 or isinstance(game.ruleset, WritesSetupNewsletter)


def issue_path(game_id: str, turn: int) -> str:
    return f"{BLOG_DIR}/{game_id}/{turn:04d}.md"


def issue_page(game: Game, turn: int, state: dict[str, Any], report: TurnReport) -> tuple[str, str]:
    """The issue page of ``turn`` as (path relative to the league root, Markdown text)."""
    return render_issue(game, turn, state, report, lambda n: [public_state(game, t) for t in range(n)],
                        [*step_labels(game, turn - 1), str(report["label"])])


def render_issue(game: Game, turn: int, state: dict[str, Any], report: TurnReport,
                 states_before: StatesBefore, steps: Sequence[str], head: str | None = None) -> tuple[str, str]:
    """Like ``issue_page``; ``states_before(n)`` gives the public states of turns 0..n-1 and ``steps`` the labels
    of turns 0..turn (the site build caches both). ``head`` is the chain head after the turn (``verify`` passes
    the one its replay computed; by default it is read from the turn's files)."""
    game = as_of(game, turn)
    lang = words.game_language(game.settings, game.root)
    title = f"{game.title} — {report['label']}"
    lead = _lead(game, turn, state, report, lang)
    publics = [*states_before(turn), game.ruleset.public_view(state)]
    news = headline(game, state, report, publics, lang) if turn else ""
    date = post_date(issued(report))
    if turn == 0 and game.schedule is not None:  # the set-up has no deadline: dated by the first one, which it serves
        date = post_date(game.schedule.deadline(1, None).isoformat())
    # The theme prints a page's title unescaped: it is HTML text here (the game's title is the game master's, a
    # label may name a player).
    front = [f"title: {json.dumps(html_attr_text(title), ensure_ascii=False)}", f"date: {date}",
             f"description: {json.dumps(html.escape(news or lead), ensure_ascii=False)}",
             f"language: {lang}", f"tp_game: {game.id}",
             f"tp_game_title: {json.dumps(html_attr_text(game.title), ensure_ascii=False)}"]
    parts = ["---", *front, "---", "", f"# {md_text(title)}", "", f"*{date[:10]}*", ""]
    if news:
        parts += [f'<p class="tp-headline">{html.escape(news)}</p>', ""]
    parts += [lead, "", EXCERPT_END, ""]
    if turn == 0:
        setup = game.ruleset if isinstance(game.ruleset, WritesSetupNewsletter) else None
        parts += [wrap_svg(setup.setup_newsletter(state, inert_players(game)).strip() if setup else ""), ""]
    elif "end" in report["result"] and outcome.ruled(state) is not None:  # a closing turn: the rules played nothing
        said = results.say(outcome.Result.from_record(report["result"]["end"]), lang,
                           seat_names(game, game.ruleset.public_view(state)))
        parts += [f"**{results.label(lang)}:** {md_text(said)}", ""]
    elif isinstance(game.ruleset, WritesNewsletter):
        parts += [wrap_svg(game.ruleset.newsletter(state, report["result"], inert_players(game)).strip()), ""]
    history = game.ruleset.history if isinstance(game.ruleset, HasHistory) else None
    if history is not None:
        series = history(publics)
        figures = charts.charts(series, seat_names(game, publics[-1]), lang=lang, labels=labels_of(game),
                                present=presence(game, len(publics)), steps=steps,
                                colours=colours_of(game, state))
        if figures:
            parts += [f"## {SITE.say(lang, 'charts')}", "", *(figure(svg) for svg in figures)]
    parts += _engine_section(game, turn, state, report, lang, head or chain_head(game, turn, state, report))
    parts += ["", _issue_links(game, turn, steps, lang)]
    return issue_path(game.id, turn), "\n".join(parts).rstrip("\n") + "\n"


def _issue_links(game: Game, turn: int, steps: Sequence[str], lang: str) -> str:
    """The issue's way on: the issue before it (``steps`` labels turns 0..turn), the game, the game's archive.
    The next issue is not named: the page is written once with its turn and never changes after (the archive,
    which every issue links, lists the later ones)."""
    links = []
    before = turn - 1
    if before >= 0 and has_issue(game, before):
        label = steps[before] if 0 < before < len(steps) else SITE.say(lang, "setup_label")
        links.append(f"[← {SITE.say(lang, 'previous')}: {md_text(label)}]({before:04d}.md)")
    links += [f"[{md_text(game.title)}](../../games/{game.id}/index.md)",
              f"[{SITE.say(lang, 'archive')}](../{game.id}.md)"]
    return " · ".join(links)


def headline(game: Game, state: dict[str, Any], report: TurnReport, publics: Sequence[dict[str, Any]],
             lang: str) -> str:
    """One line on what happened: the ruleset's ``headline`` hook if it has one and it says something, else the
    biggest changes of the game's first chart since the turn before ("Supply centres: Austria 8 (+2) ...").
    The hook is given the public view of the state: a headline is published, so it never sees a hidden part.
    The turn that ends the game is headed by its result, in the words every page uses (``results.say``), and so
    is its feed item (the issue's body has the rules' own account of it)."""
    ended = outcome.of(game.ruleset, state)
    if ended is not None:
        public = publics[-1] if publics else game.ruleset.public_view(state)
        return _line(results.say(ended, lang, seat_names(game, public)))
    hook = game.ruleset.headline if isinstance(game.ruleset, HasHeadline) else None
    if hook is not None:
        said = hook(publics[-1] if publics else game.ruleset.public_view(state), report.get("result", {}),
                    game.players)
        if said:
            return _line(str(said))
    history = game.ruleset.history if isinstance(game.ruleset, HasHistory) else None
    if history is None or len(publics) < 2:
        return ""
    series = history(publics[-2:])
    names = seat_names(game, publics[-1])
    for metric, per_player in series.items():
        moves = sorted(((v[-1] - v[0], names.get(k, k), v[-1]) for k, v in per_player.items()
                        if len(v) == 2 and v[-1] != v[0]), key=lambda m: (-abs(m[0]), m[1]))
        if moves:
            shown = ", ".join(f"{name} {now} ({_signed(delta)})" for delta, name, now in moves[:3])
            return _line(f"{words.label(metric, labels_of(game))}: {shown}{' …' * (len(moves) > 3)}")
    return ""


def _line(text: str) -> str:
    """Text as one line of at most ``HEADLINE_MAX`` characters, cut at a word with an ellipsis if it is longer."""
    text = " ".join(text.split())
    if len(text) <= HEADLINE_MAX:
        return text
    cut = text[:HEADLINE_MAX - 1]
    return (cut.rpartition(" ")[0] or cut).rstrip(" ,;:·") + "…"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


def seat_names(game: Game, public: dict[str, Any]) -> dict[str, str]:
    """How readers know each seat: the power a player holds where the standings name one (Diplomacy), else the
    player's name."""
    names = player_names(game)
    hook = game.ruleset.standings if isinstance(game.ruleset, HasStandings) else None
    for row in hook(public) if hook is not None else []:
        if row.get("player") in names and isinstance(row.get("power"), str):
            names[row["player"]] = row["power"]
    return names


def labels_of(game: Game) -> dict[str, str]:
    """The readers' labels of the game's data keys (see ``assets/games.yaml``)."""
    return dict(words.about(game.ruleset.name, game.settings.options).get("labels") or {})


def as_of(game: Game, turn: int) -> Game:
    """The game with the players it had at ``turn``: one who joined later is not in an earlier issue, so an
    issue stays what it was when it was published (``verify`` checks that it does); a seat handed over by a
    ruling is named as it was played then."""
    players = game.settings.players
    if all(p.get("joined", 0) <= turn for p in players) and not game.ruled_turns():
        return game  # the same game object: its rules, read once, serve every issue
    kept = [p for p in players if p.get("joined", 0) <= turn]
    return dataclasses.replace(game, config={**game.config, "players": kept}, as_of_turn=turn)


def presence(game: Game, count: int) -> dict[str, range]:
    """The turns in which each player was in the game (from ``joined`` in game.yaml): charts leave gaps outside."""
    out = {}
    for p in game.seats():
        joined = p.get("joined", 0)
        out[str(p["key"])] = range(int(joined) if isinstance(joined, int) else 0, int(p.get("left", count)))
    return out


def step_labels(game: Game, last: int) -> list[str]:
    """Each turn's label for a chart's x axis: the set-up, then each turn's own label (season, year, round)."""
    return ["0", *(str(game.report(t)["label"]) for t in range(1, last + 1))]


def colours_of(game: Game, state: dict[str, Any]) -> dict[str, str]:
    """Each player's colour as the game's drawings use it, where the ruleset has a ``colours`` hook."""
    hook = game.ruleset.colours if isinstance(game.ruleset, HasColours) else None
    return dict(hook(game.ruleset.public_view(state))) if hook is not None else {}


def public_state(game: Game, turn: int) -> dict[str, Any]:
    return game.ruleset.public_view(game.state(turn))


def player_names(game: Game) -> dict[str, str]:
    return {p.key: p.name for p in game.players}


def inert_players(game: Game) -> list[Player]:
    """The players as a ruleset's issue text gets them: each name already inert Markdown (``md_text``), since a
    ruleset writes names into its Markdown as they are (issue 28: a name is a player's choice)."""
    return [dataclasses.replace(p, name=md_text(p.name)) for p in game.players]


def issued(report: TurnReport) -> str | None:
    """When the turn appeared: when it was adjudicated, else its deadline (ISO 8601), if the report says. An issue
    run early is dated when it appeared, not at a deadline still to come."""
    return account(report).get("adjudicated") or report.get("deadline")


def post_date(at: str | None) -> str:
    """``at`` (ISO 8601, see ``issued``) in UTC, as a YAML timestamp without zone (the listings and feeds sort
    issues by it: one kind of date)."""
    if not at:
        return FALLBACK_DATE
    when = dt.datetime.fromisoformat(at).astimezone(dt.UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def figure(svg: str) -> str:
    """An SVG as a raw HTML block: Python-Markdown does not know ``<svg>`` as a block element and would mangle it.
    Out of the search index: a chart's or map's labels run together into noise there ("0100200turnRuritania")."""
    flat = "\n".join(line for line in svg.splitlines() if line.strip())
    return f'<div class="tp-figure" data-search-exclude>\n{flat}\n</div>\n'


def wrap_svg(markdown: str) -> str:
    """Every SVG that starts a line of a ruleset's body, wrapped so that it survives Markdown untouched."""
    return SVG_BLOCK.sub(lambda m: figure(m.group(0).strip()).rstrip("\n"), markdown)


def repo_url(root: Path) -> str | None:
    """The league repository's web address, from ``repo_url`` in its ``mkdocs.yml``, if it names one."""
    path = root / "mkdocs.yml"
    match = REPO_URL.search(path.read_text(encoding="utf-8")) if path.is_file() else None
    return match.group(1) if match else None


def _lead(game: Game, turn: int, state: dict[str, Any], report: TurnReport, lang: str) -> str:
    if turn == 0:
        first = _next_deadline(game, report, state)
        return (SITE.say(lang, "setup", game=md_text(game.title))
                + (" " + SITE.say(lang, "first_due", when=first) if first else ""))
    names = {k: md_text(v) for k, v in player_names(game).items()}
    missed = [names.get(k, k) for k in account(report).get("missed", [])]
    bits = [f"{SITE.say(lang, 'turn_of', turn=turn, game=md_text(game.title))}: {md_text(report['label'])}."]
    if deadline := report.get("deadline"):
        bits.append(SITE.say(lang, "deadline", when=_local(game, deadline)))
    bits += _adjudicated(game, report, lang)
    bits.append(SITE.say(lang, "missed", names=", ".join(missed)) if missed else SITE.say(lang, "all_in"))
    if outcome.phase(game.ruleset, state).finished:
        bits.append(SITE.say(lang, "over"))
    return " ".join(bits)


def takes_open_orders(game: Game) -> bool:
    """True for a game whose rules would seal its orders (``secrecy``) but which takes them open, as its game
    master chose (``orders: open``): its issues and its page say so (issue 15)."""
    options = {k: v for k, v in game.settings.options.items() if k not in ENGINE_OPTIONS}
    return not game.sealed_orders and secrecymod.of(game.ruleset, options).sealed_by_default


def _engine_section(game: Game, turn: int, state: dict[str, Any], report: TurnReport, lang: str,
                    head: str) -> list[str]:
    keep = f"- {SITE.say(lang, 'chain_head', head=head, game=game.id)}"
    open_orders = [SITE.say(lang, "open_orders"), ""] if takes_open_orders(game) else []
    if turn == 0:
        return [*(["## " + SITE.say(lang, "orders"), "", *open_orders] if open_orders else []),
                f"## {SITE.say(lang, 'audit')}", "", f"- {SITE.say(lang, 'commitment')}: `{report['dice']['seed']}`",
                f"- {SITE.say(lang, 'replay')}: `turnpress verify {game.id}`", keep, ""]
    names = player_names(game)  # each made inert where it is written (md_text is not idempotent)
    meta = account(report)
    lines = [f"## {SITE.say(lang, 'orders')}", "", *open_orders]
    missed = [md_text(names.get(k, k)) for k in meta.get("missed", [])]
    lines.append("- " + SITE.say(lang, "missed_nmr", names=", ".join(missed) if missed else SITE.say(lang, "nobody")))
    away = meta.get("absence")
    if away:
        away_names = ", ".join(md_text(names.get(k, k)) for k in away["players"])
        lines.append("- " + SITE.say(lang, "absence", names=away_names, when=_local(game, away["from"]),
                                      to=_local(game, away["to"])))
    extension = meta.get("extension")
    if extension:  # the deadline above is the moved one
        lines.append("- " + SITE.say(lang, "nmr_extension", names=", ".join(
            md_text(names.get(k, k)) for k in extension["players"]), when=_local(game, extension["from"])))
    removed = [names.get(k, k) for k in meta.get("removed", [])]
    if removed:
        lines.append("- " + md_text(SITE.say(lang, "removed", names=", ".join(removed))))
    for late in meta.get("late", []):
        lines.append("- " + SITE.say(lang, "late", name=md_text(names.get(late["player"], late["player"])),
                                      when=late["arrived"]))
    for refused in meta.get("refused", []):
        lines.append("- " + SITE.say(lang, "refused", name=md_text(names.get(refused["player"], refused["player"])),
                                      why=words.reason(lang, refused["why"])))
        if refused["why"] == "nothing valid remains":  # benevolent reading: every fault, quoted inert
            lines += [f"    - {md_text(words.reason(lang, problem))}" for problem in refused.get("problems", [])]
    for key, faults in sorted(meta.get("dropped", {}).items()):  # the rest of these orders was carried out
        lines.append("- " + SITE.say(lang, "dropped", name=md_text(names.get(key, key))))
        lines += [f"    - {md_text(words.reason(lang, fault))}" for fault in faults]
    folder, tag = f"orders/{game.id}/{turn:04d}", f"{game.id}/turn-{turn}"
    repo = repo_url(game.root)
    if repo:
        lines.append(f"- {SITE.say(lang, 'orders_of_turn')}: [`{folder}/`]({repo}/tree/{tag}/{folder})")
        lines.append(f"- {SITE.say(lang, 'commit')}: [`{tag}`]({repo}/commit/{tag})")
    else:
        lines.append(f"- {SITE.say(lang, 'orders_of_turn')}: `{folder}/`")
        lines.append(f"- {SITE.say(lang, 'commit')}: `git show {tag}`")
    lines += ["", f"## {SITE.say(lang, 'next_deadline')}", ""]
    if outcome.phase(game.ruleset, state).finished:
        lines.append(SITE.say(lang, "no_deadlines"))
    else:
        nxt = _next_deadline(game, report, state)
        lines.append(SITE.say(lang, "due_by", turn=turn + 1, when=nxt) if nxt else
                     SITE.say(lang, "no_fixed", turn=turn + 1))
        # the game's orders page (newsletter/orders_page.py) is always there: it names the turn open now
        lines += ["", f"[{SITE.say(lang, 'orders_page')}](../../games/{game.id}/orders.md)"]
    notes = [str(n) for n in report.get("notes", [])]
    gm = game.dir / "notes" / f"{turn:04d}.md"
    if notes or gm.is_file():
        lines += ["", f"## {SITE.say(lang, 'gm')}", ""]
        lines += [f"- {n}" for n in notes]
        if gm.is_file():
            lines += [""] * bool(notes) + [gm.read_text(encoding="utf-8").strip()]
    lines += _ruling(game, report, lang)
    lines += ["", f"## {SITE.say(lang, 'audit')}", "",
              f"- {SITE.say(lang, 'seed')}: `{report['dice']['seed']}`",
              f"- {SITE.say(lang, 'digest')}: `{report['dice'].get('orders_digest', '')}`",
              f"- {SITE.say(lang, 'replay')}: `turnpress verify {game.id}`", keep, ""]
    return lines


def chain_head(game: Game, turn: int, state: dict[str, Any], report: TurnReport) -> str:
    """The game's chain head after ``turn`` (see ``anchor``): from the committed files, or for a turn being
    adjudicated from the bytes about to be committed."""
    folder = game.dir / "turns" / f"{turn:04d}"
    if (folder / "report.yaml").is_file() and (folder / "state.yaml").is_file():
        texts = (folder / "report.yaml").read_bytes(), (folder / "state.yaml").read_bytes()
    else:
        texts = yamlio.dump(report).encode(), yamlio.dump(game.ruleset.public_view(state)).encode()
    return anchor.issue_head(game.dir, turn, *texts)


def _next_deadline(game: Game, report: TurnReport, state: dict[str, Any]) -> str | None:
    deadline = report.get("deadline")
    if game.schedule is None or not deadline and report["turn"] > 0:
        return None
    previous = dt.datetime.fromisoformat(deadline) if deadline else None
    schedule = game.schedule_for(report["turn"] + 1)  # as the rulings up to this turn left it
    assert schedule is not None
    when = schedule.deadline(report["turn"] + 1, previous, outcome.phase(game.ruleset, state).kind)
    return _local(game, when.isoformat())


def _ruling(game: Game, report: TurnReport, lang: str) -> list[str]:
    """The game master's ruling applied with this turn: who, why (their words, made inert) and what it set."""
    ruled = report.get("ruling")
    if not ruled:
        return []
    lines = ["", f"## {SITE.say(lang, 'ruling')}", "",
             SITE.say(lang, "ruling_by", by=md_text(ruled["by"]), file=f"`{ruled['file']}`"), "",
             f"> {md_text(ruled['reason'])}", ""]
    for fix in ruled.get("correct", []):
        path = ".".join(str(p) for p in fix["path"])
        value = json.dumps(fix["value"], ensure_ascii=False, sort_keys=True)
        lines.append("- " + md_text(SITE.say(lang, "ruling_correct", path=path, value=value)))
    if ruled.get("deadline"):
        lines.append("- " + SITE.say(lang, "ruling_deadline", when=_local(game, ruled["deadline"])))
    before = {p["key"]: p for p in game.seats(report["turn"] - 1)}
    for t in ruled.get("replace", []):
        old = before.get(t["seat"], {})
        lines.append("- " + md_text(SITE.say(lang, "ruling_replace", seat=t["seat"], name=t["name"], login=t["login"],
                                              old=f"{old.get('name', '?')} (@{old.get('login', '?')})")))
    for seat in ruled.get("remove", []):
        lines.append("- " + md_text(SITE.say(lang, "ruling_remove", name=before.get(seat, {}).get("name", seat))))
    if "rerun" in ruled:
        found = ", ".join(before.get(k, {}).get("name", k) for k in ruled.get("found", []))
        lines.append("- " + md_text(SITE.say(lang, "ruling_rerun", turn=ruled["rerun"], found=SITE.say(
            lang, "ruling_found", names=found) if found else "")))
    if "pause" in ruled:
        lines.append("- " + SITE.say(lang, "ruling_pause" if ruled["pause"] else "ruling_resume"))
    if "end" in ruled:
        said = results.say(outcome.Result.from_record(ruled["end"]), lang, player_names(game))
        lines.append("- " + md_text(SITE.say(lang, "ruling_end", result=said)))
    if "schedule" in ruled:  # as game.yaml writes it, which the game master wrote
        change = ruled["schedule"]
        what = [f"`every: {change['every']}`"] * ("every" in change) + [
            f"`{kind}: {period}`" for kind, period in change.get("phases", {}).items()]
        lines.append("- " + SITE.say(lang, "ruling_schedule", turn=report["turn"] + 1, what=", ".join(what)))
    return lines


def _adjudicated(game: Game, report: TurnReport, lang: str) -> list[str]:
    """When the turn was run, apart from its deadline: early (everyone in, or the game master's ``--early``) or
    after it (the deadline run came later, or the grace). Turns of older leagues did not record it: nothing."""
    at = account(report).get("adjudicated")
    if not at:
        return []
    when, deadline = dt.datetime.fromisoformat(at), report.get("deadline")
    due = dt.datetime.fromisoformat(deadline) if deadline else None
    kind = "adjudicated" if due is None or when == due else "adjudicated_early" if when < due else "adjudicated_late"
    return [SITE.say(lang, kind, when=_local(game, at))]


def _local(game: Game, iso: str) -> str:
    when = dt.datetime.fromisoformat(iso)
    if game.schedule is not None:
        when = when.astimezone(game.schedule.zone)
    return when.strftime("%Y-%m-%d %H:%M %Z").strip()
