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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import anchor, yamlio
from .. import schedule as schedmod
from ..kit import outcome, words
from ..kit import secrecy as secrecymod
from ..kit.catalog import SITE
from ..kit.markup import html_attr_text, md_text
from ..kit.ruleset import (
    HasColours,
    HasHeadline,
    HasHistory,
    Ruleset,
    WritesNewsletter,
    WritesSetupNewsletter,
)
from ..league.store import ENGINE_OPTIONS, Game, player_from_yaml
from ..model import GameConfig, Player, State, TurnReport, account
from . import charts, results

BLOG_DIR = "site/news"
OLD_ISSUE_DIR = "site/news/posts"  # where issues were before turnpress wrote its own listings (issue 33)
EXCERPT_END = "<!-- more -->"  # the issue's lead ends here; the listings show what comes before it
SVG_BLOCK = re.compile(r"^[ \t]*<svg\b.*?</svg>", re.DOTALL | re.MULTILINE)  # what ``wrap_svg`` wraps
SVG_START, SVG_END = re.compile(r"^[ \t]*<svg\b", re.MULTILINE), "</svg>"
HEADLINE_MAX = 200  # a headline is a line, also in a link preview
FALLBACK_DATE = "2000-01-01 00:00:00"  # a game without a schedule has no deadline to date its issues by

StatesBefore = Callable[[int], Sequence[dict[str, Any]]]


def has_issue(game: Game, turn: int) -> bool:
    """Every adjudicated turn has an issue; the set-up (turn 0) has one if the ruleset writes it
    (``setup_newsletter``), as Auf Achse does to publish round 0's offers before they are auctioned."""
    return turn > 0 or isinstance(game.ruleset, WritesSetupNewsletter)


def issue_path(game_id: str, turn: int) -> str:
    return f"{BLOG_DIR}/{game_id}/{turn:04d}.md"


@dataclass(frozen=True)
class IssueInput:
    """Everything an issue page shows besides its turn's state and report, as the engine hands it over (issue 31:
    the page renders from values, ``render``; ``issue_input`` reads them from a league, once).

    ``players`` and ``presence`` are the game's as of the turn (one who joined later is not in an earlier issue,
    a seat a ruling handed over is named as it was played then); ``publics`` are the public states of the turns
    before it and ``steps`` the labels of turns 0..turn (the charts' series and axis). ``head`` is the chain head
    after the turn where its files are known (committed, or replayed by ``verify``); otherwise ``render`` follows
    ``previous_head`` with the turn's report and public state."""

    game: str
    title: str
    language: str
    rules: Ruleset
    turn: int
    players: tuple[Player, ...]
    presence: Mapping[str, range]
    labels: Mapping[str, str]
    open_orders: bool  # the rules would seal the orders, and the game takes them open (``takes_open_orders``)
    schedule: schedmod.Schedule | None
    next_schedule: schedmod.Schedule | None  # the next turn's, as the rulings up to this turn left it
    seats_before: Mapping[str, Mapping[str, Any]]  # the seats of the turn before, by key (what a ruling changed)
    gm_notes: str | None  # games/<game>/notes/<NNNN>.md
    repo: str | None  # ``repo_url`` in the league's mkdocs.yml
    publics: tuple[State, ...]
    steps: tuple[str, ...]
    head: str | None = None
    previous_head: str | None = None


def issue_page(game: Game, turn: int, state: dict[str, Any], report: TurnReport) -> tuple[str, str]:
    """The issue page of ``turn`` as (path relative to the league root, Markdown text)."""
    return render_issue(game, turn, state, report, lambda n: [public_state(game, t) for t in range(n)],
                        [*step_labels(game, turn - 1), str(report["label"])])


def render_issue(game: Game, turn: int, state: dict[str, Any], report: TurnReport,
                 states_before: StatesBefore, steps: Sequence[str], head: str | None = None) -> tuple[str, str]:
    """Like ``issue_page``; ``states_before(n)`` gives the public states of turns 0..n-1 and ``steps`` the labels
    of turns 0..turn (the site build caches both). ``head`` is the chain head after the turn (``verify`` passes
    the one its replay computed; by default it is read from the turn's files)."""
    return render(issue_input(game, turn, states_before(turn), steps, head), state, report)


def issue_input(game: Game, turn: int, publics: Sequence[State], steps: Sequence[str],
                head: str | None = None) -> IssueInput:
    """What the issue page of ``turn`` reads of the league, read once (a turn to run, the site build): the game's
    seats as of the turn and the turn before, the schedule the next turn keeps, the game master's notes and the
    repository's address (``issue_facts``), with the public states ``publics`` and labels ``steps`` of the turns and
    the chain head (from the turn's committed files, or the previous turn's for a turn about to be committed)."""
    previous_head = None
    if head is None:
        head, previous_head = anchor.issue_heads(game.dir, turn)
    notes = game.dir / "notes" / f"{turn:04d}.md"
    facts = issue_facts(game.id, game.settings, game.ruleset, game.language, turn,
                        game.seats(turn), game.seats(turn - 1) if turn > 0 else (), game.schedule,
                        game.schedule_for(turn + 1) if game.schedule is not None else None,
                        notes.read_text(encoding="utf-8") if notes.is_file() else None, game.league.repo)
    return dataclasses.replace(facts, publics=tuple(publics[:turn]), steps=tuple(steps), head=head,
                               previous_head=previous_head)


def issue_facts(game: str, settings: GameConfig, rules: Ruleset, language: str, turn: int,
                seats: Sequence[Mapping[str, Any]], seats_before: Sequence[Mapping[str, Any]],
                schedule: schedmod.Schedule | None, next_schedule: schedmod.Schedule | None, gm_notes: str | None,
                repo: str | None) -> IssueInput:
    """What the issue page of ``turn`` shows of its game besides the turns' states, labels and chain head (left
    empty; ``issue_input`` fills them in, ``verify`` from its replay), from the values the engine hands it: the
    game's ``seats`` as the rulings through the turn left them and the seats of the turn before (``seats_before``),
    its schedule and the next turn's, the game master's notes and the repository's address. Pure.

    An issue names the players it had at its turn: one who joined later is not in an earlier issue, so an issue
    stays what it was when it was published (``verify`` checks that it does); a seat handed over by a ruling is
    named as it was played then."""
    then = [p for p in seats if p.get("joined", 0) <= turn]
    return IssueInput(
        game, settings.title or game, language, rules, turn, tuple(player_from_yaml(p) for p in then),
        presence(then, turn + 1), labels_of(rules, settings), _open_orders(rules, settings), schedule, next_schedule,
        {p["key"]: p for p in seats_before if p.get("joined", 0) <= turn}, gm_notes, repo, (), ())


def render(facts: IssueInput, state: State, report: TurnReport) -> tuple[str, str]:
    """The issue page of the turn ``facts`` is of, from its ``state`` and ``report``: (path relative to the league
    root, Markdown text). Pure: it reads nothing (``tests/test_issue_render.py`` renders one without a league)."""
    turn, lang, rules = facts.turn, facts.language, facts.rules
    title = f"{facts.title} — {report['label']}"
    lead = _lead(facts, state, report)
    publics = [*facts.publics, rules.public_view(state)]
    news = headline(rules, facts.players, facts.labels, state, report, publics, lang) if turn else ""
    date = post_date(issued(report))
    if turn == 0 and facts.schedule is not None:  # the set-up has no deadline: dated by the first one, which it serves
        date = post_date(facts.schedule.deadline(1, None).isoformat())
    # The theme prints a page's title unescaped: it is HTML text here (the game's title is the game master's, a
    # label may name a player).
    front = [f"title: {json.dumps(html_attr_text(title), ensure_ascii=False)}", f"date: {date}",
             f"description: {json.dumps(html.escape(news or lead), ensure_ascii=False)}",
             f"language: {lang}", f"tp_game: {facts.game}",
             f"tp_game_title: {json.dumps(html_attr_text(facts.title), ensure_ascii=False)}"]
    parts = ["---", *front, "---", "", f"# {md_text(title)}", "", f"*{date[:10]}*", ""]
    if news:
        parts += [f'<p class="tp-headline">{html.escape(news)}</p>', ""]
    parts += [lead, "", EXCERPT_END, ""]
    inert = _inert(facts.players)
    if turn == 0:
        setup = rules if isinstance(rules, WritesSetupNewsletter) else None
        parts += [wrap_svg(setup.setup_newsletter(state, inert).strip() if setup else ""), ""]
    elif "end" in report["result"] and outcome.ruled(state) is not None:  # a closing turn: the rules played nothing
        said = results.phrase(outcome.Result.from_record(report["result"]["end"]), lang,
                           results.seat_names(facts.players, rules, rules.public_view(state)))
        parts += [f"**{results.label(lang)}:** {md_text(said)}", ""]
    elif isinstance(rules, WritesNewsletter):
        parts += [wrap_svg(rules.newsletter(state, report["result"], inert).strip()), ""]
    history = rules.history if isinstance(rules, HasHistory) else None
    if history is not None:
        series = history(publics)
        colours = rules.colours if isinstance(rules, HasColours) else None
        figures = charts.charts(series, results.seat_names(facts.players, rules, publics[-1]), lang=lang,
                                labels=dict(facts.labels), present=dict(facts.presence), steps=list(facts.steps),
                                colours=dict(colours(rules.public_view(state))) if colours is not None else {})
        if figures:
            parts += [f"## {SITE.say(lang, 'charts')}", "", *(figure(svg) for svg in figures)]
    parts += _engine_section(facts, state, report, facts.head or _head_after(facts, state, report))
    parts += ["", _issue_links(facts)]
    return issue_path(facts.game, turn), "\n".join(parts).rstrip("\n") + "\n"


def _head_after(facts: IssueInput, state: State, report: TurnReport) -> str:
    """The chain head after a turn about to be committed: from the bytes it will commit."""
    texts = yamlio.dump(report).encode(), yamlio.dump(facts.rules.public_view(state)).encode()
    if facts.turn == 0:
        return anchor.first(facts.game, *texts)
    assert facts.previous_head is not None, "issue_input reads the head before a turn that is not committed"
    return anchor.follow(facts.previous_head, *texts)


def _issue_links(facts: IssueInput) -> str:
    """The issue's way on: the issue before it (``steps`` labels turns 0..turn), the game, the game's archive.
    The next issue is not named: the page is written once with its turn and never changes after (the archive,
    which every issue links, lists the later ones)."""
    links = []
    before, lang, steps = facts.turn - 1, facts.language, facts.steps
    if before > 0 or before == 0 and isinstance(facts.rules, WritesSetupNewsletter):  # ``has_issue``
        label = steps[before] if 0 < before < len(steps) else SITE.say(lang, "setup_label")
        links.append(f"[← {SITE.say(lang, 'previous')}: {md_text(label)}]({before:04d}.md)")
    links += [f"[{md_text(facts.title)}](../../games/{facts.game}/index.md)",
              f"[{SITE.say(lang, 'archive')}](../{facts.game}.md)"]
    return " · ".join(links)


def headline(rules: Ruleset, players: Sequence[Player], labels: Mapping[str, str], state: State, report: TurnReport,
             publics: Sequence[State], lang: str) -> str:
    """One line on what happened: the ruleset's ``headline`` hook if it has one and it says something, else the
    biggest changes of the game's first chart since the turn before ("Supply centres: Austria 8 (+2) ...").
    The hook is given the public view of the state: a headline is published, so it never sees a hidden part.
    The turn that ends the game is headed by its result, in the words every page uses (``results.phrase``), and so
    is its feed item (the issue's body has the rules' own account of it). ``players``: who plays each seat;
    ``labels``: the readers' labels of the game's data keys; ``publics``: the public states of the turns through
    this one."""
    ended = outcome.of(rules, state)
    if ended is not None:
        public = publics[-1] if publics else rules.public_view(state)
        return _line(results.phrase(ended, lang, results.seat_names(players, rules, public)))
    hook = rules.headline if isinstance(rules, HasHeadline) else None
    if hook is not None:
        said = hook(publics[-1] if publics else rules.public_view(state), report.get("result", {}), list(players))
        if said:
            return _line(str(said))
    history = rules.history if isinstance(rules, HasHistory) else None
    if history is None or len(publics) < 2:
        return ""
    series = history(publics[-2:])
    names = results.seat_names(players, rules, publics[-1])
    for metric, per_player in series.items():
        moves = sorted(((v[-1] - v[0], names.get(k, k), v[-1]) for k, v in per_player.items()
                        if len(v) == 2 and v[-1] != v[0]), key=lambda m: (-abs(m[0]), m[1]))
        if moves:
            shown = ", ".join(f"{name} {now} ({_signed(delta)})" for delta, name, now in moves[:3])
            return _line(f"{words.label(metric, dict(labels))}: {shown}{' …' * (len(moves) > 3)}")
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


def labels_of(rules: Ruleset, settings: GameConfig) -> dict[str, str]:
    """The readers' labels of the game's data keys (see ``assets/games.yaml``)."""
    return dict(words.about(rules.name, settings.options).get("labels") or {})


def presence(seats: Sequence[Mapping[str, Any]], count: int) -> dict[str, range]:
    """The turns of ``count`` in which each seat's player was in the game (from ``joined`` and ``left``): charts
    leave gaps outside."""
    out = {}
    for p in seats:
        joined = p.get("joined", 0)
        out[str(p["key"])] = range(int(joined) if isinstance(joined, int) else 0, int(p.get("left", count)))
    return out


def step_labels(game: Game, last: int) -> list[str]:
    """Each turn's label for a chart's x axis: the set-up, then each turn's own label (season, year, round)."""
    return ["0", *(str(game.report(t)["label"]) for t in range(1, last + 1))]


def public_state(game: Game, turn: int) -> dict[str, Any]:
    return game.public_state(turn)


def _inert(players: Sequence[Player]) -> list[Player]:
    """The players as a ruleset's issue text gets them: each name already inert Markdown (``md_text``), since a
    ruleset writes names into its Markdown as they are (issue 28: a name is a player's choice)."""
    return [dataclasses.replace(p, name=md_text(p.name)) for p in players]


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
    """Every SVG that starts a line of a ruleset's body, wrapped so that it survives Markdown untouched.

    What ``SVG_BLOCK.sub`` does (each match from a line's start to the first ``</svg>`` after its ``<svg``, the
    search going on after it), with the end found by ``str.find``: the regular expression's lazy ``.*?`` tried
    ``</svg>`` at every character of a map, a tenth of an issue page's rendering (issue 33)."""
    parts, done = [], 0
    for start in SVG_START.finditer(markdown):
        if start.start() < done:  # inside the SVG wrapped last
            continue
        end = markdown.find(SVG_END, start.end())
        if end < 0:  # no SVG after this one ends either
            break
        end += len(SVG_END)
        parts += [markdown[done:start.start()], figure(markdown[start.start():end].strip()).rstrip("\n")]
        done = end
    return "".join(parts) + markdown[done:]


def _lead(facts: IssueInput, state: State, report: TurnReport) -> str:
    lang, title = facts.language, md_text(facts.title)
    if facts.turn == 0:
        first = _next_deadline(facts, report, state)
        return SITE.say(lang, "setup", game=title) + (" " + SITE.say(lang, "first_due", when=first) if first else "")
    names = {p.key: md_text(p.name) for p in facts.players}
    missed = [names.get(k, k) for k in account(report).get("missed", [])]
    bits = [f"{SITE.say(lang, 'turn_of', turn=facts.turn, game=title)}: {md_text(report['label'])}."]
    if deadline := report.get("deadline"):
        bits.append(SITE.say(lang, "deadline", when=_local(facts.schedule, deadline)))
    bits += _adjudicated(facts, report)
    bits.append(SITE.say(lang, "missed", names=", ".join(missed)) if missed else SITE.say(lang, "all_in"))
    if outcome.phase(facts.rules, state).finished:
        bits.append(SITE.say(lang, "over"))
    return " ".join(bits)


def takes_open_orders(game: Game) -> bool:
    """True for a game whose rules would seal its orders (``secrecy``) but which takes them open, as its game
    master chose (``orders: open``): its issues and its page say so (issue 15)."""
    return _open_orders(game.ruleset, game.settings)


def _open_orders(rules: Ruleset, settings: GameConfig) -> bool:
    options = {k: v for k, v in settings.options.items() if k not in ENGINE_OPTIONS}
    return not settings.sealed_orders and secrecymod.of(rules, options).sealed_by_default


def _engine_section(facts: IssueInput, state: State, report: TurnReport, head: str) -> list[str]:
    turn, lang, game_id = facts.turn, facts.language, facts.game
    keep = f"- {SITE.say(lang, 'chain_head', head=head, game=game_id)}"
    open_orders = [SITE.say(lang, "open_orders"), ""] if facts.open_orders else []
    if turn == 0:
        return [*(["## " + SITE.say(lang, "orders"), "", *open_orders] if open_orders else []),
                f"## {SITE.say(lang, 'audit')}", "", f"- {SITE.say(lang, 'commitment')}: `{report['dice']['seed']}`",
                f"- {SITE.say(lang, 'replay')}: `turnpress verify {game_id}`", keep, ""]
    names = {p.key: p.name for p in facts.players}  # each made inert where it is written (md_text is not idempotent)
    meta = account(report)
    lines = [f"## {SITE.say(lang, 'orders')}", "", *open_orders]
    missed = [md_text(names.get(k, k)) for k in meta.get("missed", [])]
    lines.append("- " + SITE.say(lang, "missed_nmr", names=", ".join(missed) if missed else SITE.say(lang, "nobody")))
    away = meta.get("absence")
    if away:
        away_names = ", ".join(md_text(names.get(k, k)) for k in away["players"])
        lines.append("- " + SITE.say(lang, "absence", names=away_names, when=_local(facts.schedule, away["from"]),
                                      to=_local(facts.schedule, away["to"])))
    extension = meta.get("extension")
    if extension:  # the deadline above is the moved one
        lines.append("- " + SITE.say(lang, "nmr_extension", names=", ".join(
            md_text(names.get(k, k)) for k in extension["players"]), when=_local(facts.schedule, extension["from"])))
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
    folder, tag = f"orders/{game_id}/{turn:04d}", f"{game_id}/turn-{turn}"
    repo = facts.repo
    if repo:
        lines.append(f"- {SITE.say(lang, 'orders_of_turn')}: [`{folder}/`]({repo}/tree/{tag}/{folder})")
        lines.append(f"- {SITE.say(lang, 'commit')}: [`{tag}`]({repo}/commit/{tag})")
    else:
        lines.append(f"- {SITE.say(lang, 'orders_of_turn')}: `{folder}/`")
        lines.append(f"- {SITE.say(lang, 'commit')}: `git show {tag}`")
    lines += ["", f"## {SITE.say(lang, 'next_deadline')}", ""]
    if outcome.phase(facts.rules, state).finished:
        lines.append(SITE.say(lang, "no_deadlines"))
    else:
        nxt = _next_deadline(facts, report, state)
        lines.append(SITE.say(lang, "due_by", turn=turn + 1, when=nxt) if nxt else
                     SITE.say(lang, "no_fixed", turn=turn + 1))
        # the game's orders page (newsletter/orders_page.py) is always there: it names the turn open now
        lines += ["", f"[{SITE.say(lang, 'orders_page')}](../../games/{game_id}/orders.md)"]
    notes = [str(n) for n in report.get("notes", [])]
    gm = facts.gm_notes
    if notes or gm is not None:
        lines += ["", f"## {SITE.say(lang, 'gm')}", ""]
        lines += [f"- {n}" for n in notes]
        if gm is not None:
            lines += [""] * bool(notes) + [gm.strip()]
    lines += _ruling(facts, report)
    lines += ["", f"## {SITE.say(lang, 'audit')}", "",
              f"- {SITE.say(lang, 'seed')}: `{report['dice']['seed']}`",
              f"- {SITE.say(lang, 'digest')}: `{report['dice'].get('orders_digest', '')}`",
              f"- {SITE.say(lang, 'replay')}: `turnpress verify {game_id}`", keep, ""]
    return lines


def _next_deadline(facts: IssueInput, report: TurnReport, state: State) -> str | None:
    deadline = report.get("deadline")
    if facts.schedule is None or not deadline and report["turn"] > 0:
        return None
    previous = dt.datetime.fromisoformat(deadline) if deadline else None
    schedule = facts.next_schedule  # as the rulings up to this turn left it
    assert schedule is not None
    when = schedule.deadline(report["turn"] + 1, previous, outcome.phase(facts.rules, state).kind)
    return _local(facts.schedule, when.isoformat())


def _ruling(facts: IssueInput, report: TurnReport) -> list[str]:
    """The game master's ruling applied with this turn: who, why (their words, made inert) and what it set."""
    ruled = report.get("ruling")
    if not ruled:
        return []
    lang = facts.language
    lines = ["", f"## {SITE.say(lang, 'ruling')}", "",
             SITE.say(lang, "ruling_by", by=md_text(ruled["by"]), file=f"`{ruled['file']}`"), "",
             f"> {md_text(ruled['reason'])}", ""]
    for fix in ruled.get("correct", []):
        path = ".".join(str(p) for p in fix["path"])
        value = json.dumps(fix["value"], ensure_ascii=False, sort_keys=True)
        lines.append("- " + md_text(SITE.say(lang, "ruling_correct", path=path, value=value)))
    if ruled.get("deadline"):
        lines.append("- " + SITE.say(lang, "ruling_deadline", when=_local(facts.schedule, ruled["deadline"])))
    before = facts.seats_before
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
        said = results.phrase(outcome.Result.from_record(ruled["end"]), lang, {p.key: p.name for p in facts.players})
        lines.append("- " + md_text(SITE.say(lang, "ruling_end", result=said)))
    if "schedule" in ruled:  # in the game's words (turncore.ruling_record); before issue 31 as game.yaml writes it
        change = ruled["schedule"]
        what = [f"`every: {change['every']}`"] * ("every" in change) + [
            f"`{kind}: {period}`" for kind, period in change.get("phases", {}).items()]
        said = words.schedule_said(change, lang) if ruled.get("said") else ", ".join(what)
        lines.append("- " + SITE.say(lang, "ruling_schedule", turn=report["turn"] + 1, what=said))
    return lines


def _adjudicated(facts: IssueInput, report: TurnReport) -> list[str]:
    """When the turn was run, apart from its deadline: early (everyone in, or the game master's ``--early``) or
    after it (the deadline run came later, or the grace). Turns of older leagues did not record it: nothing."""
    at = account(report).get("adjudicated")
    if not at:
        return []
    when, deadline = dt.datetime.fromisoformat(at), report.get("deadline")
    due = dt.datetime.fromisoformat(deadline) if deadline else None
    kind = "adjudicated" if due is None or when == due else "adjudicated_early" if when < due else "adjudicated_late"
    return [SITE.say(facts.language, kind, when=_local(facts.schedule, at))]


def _local(schedule: schedmod.Schedule | None, iso: str) -> str:
    when = dt.datetime.fromisoformat(iso)
    if schedule is not None:
        when = when.astimezone(schedule.zone)
    return when.strftime("%Y-%m-%d %H:%M %Z").strip()
