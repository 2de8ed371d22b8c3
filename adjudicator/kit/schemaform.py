"""The orders page's form of a sheet, read from the ruleset's own JSON Schema of the sheet (``OffersChoices``).

A ruleset whose orders are a mapping of keys (Auf Achse, Calamity, The Policy Maker) need not describe its form
twice: the schema already says which keys there are, what each may hold (an ``enum`` is a list to pick from, an
integer has its bounds, an array its length) and what each means (``description``, shown as the field's help).
``form`` turns it into the fields of ``ruleset.OffersChoices``; the ruleset adds what only the state knows, by
the field's path (``hints``): the options of a free string (the policies on the table, the players), better
labels, a default, or a field of another kind (Auf Achse's route, picked field by field).

A path is the keys from the top joined by ``/``, ``*`` for the items of an array: ``trucks/*/route``. A hint
``{"skip": True}`` leaves a key out of the form (the sheet may still hold it, written by hand). A hint named
``pattern <regex>`` applies to every string of that ``pattern`` (Calamity's policy codes, wherever they stand);
``names`` labels the values of every ``enum`` (a player's key by their name). ``known`` lists the values a
hint offers where the schema allows more, for the page to name a sheet's value outside them.

>>> schema = {"type": "object", "required": ["card"], "properties": {
...     "card": {"type": "integer", "minimum": 1, "maximum": 5, "description": "the card to play"},
...     "sell": {"type": "array", "items": {"type": "string"}, "maxItems": 3}}}
>>> f = form(schema, "Orders", {"sell/*": {"options": [{"value": "A1", "label": "A1"}]}})
>>> [(x["key"], x["kind"]) for x in f["fields"]], f["fields"][0]["help"], f["fields"][1]["item"]["kind"]
([('card', 'integer'), ('sell', 'rows')], 'the card to play', 'choice')
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

Hints = Mapping[str, Mapping[str, Any]]
NONE = "—"  # the option of a choice that is left out of the sheet
ROWS_MAX = 20  # rows a player may add where the schema sets no bound


def _types(schema: Mapping[str, Any]) -> set[str]:
    t = schema.get("type")
    return set(t) if isinstance(t, list) else {t} if isinstance(t, str) else set()


def _nullable(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``{"oneOf": [{"type": "null"}, X]}`` (null cancels a standing order) is read as X: the form leaves it out
    while empty, and cancelling is written by hand."""
    for word in ("oneOf", "anyOf"):
        alts = [a for a in schema.get(word, []) if _types(a) != {"null"}]
        if len(alts) == 1 and len(schema[word]) == 2:
            return {**alts[0], **{k: v for k, v in schema.items() if k not in (word, "type")}}
    return schema


def form(schema: Mapping[str, Any], label: str, hints: Hints | None = None,
         names: Mapping[Any, str] | None = None) -> dict[str, Any]:
    """The form of the top mapping ``schema`` (a ``group`` that is always written, even empty)."""
    top = field(schema, "", label, hints or {}, names or {}, required=True)
    return {k: v for k, v in top.items() if k != "key"}


def field(schema: Mapping[str, Any], path: str, label: str, hints: Hints, names: Mapping[Any, str], *,
          required: bool) -> dict[str, Any]:
    """One field of the form for the value at ``path`` (see the module's docstring). A ``required`` key of a
    mapping that may itself be left out still offers "none": the schema names the half-filled mapping."""
    schema = _nullable(schema)
    hint = dict(hints.get(path) or hints.get(f"pattern {schema.get('pattern')}", {}))
    key = path.rsplit("/", 1)[-1]
    base: dict[str, Any] = {"key": key, "label": hint.pop("label", label)}
    if schema.get("description"):
        base["help"] = str(schema["description"])
    types = _types(schema)
    if "kind" in hint:  # a field of the ruleset's own making (e.g. a route)
        return {**base, **hint}
    if "enum" in schema or "options" in hint:
        options = hint.pop("options", None)  # a round may offer none (Auf Achse's with no offers): an empty list
        if options is None:
            options = [{"value": v, "label": names.get(v, str(v))} for v in schema["enum"]]
        if not required:
            options = [{"value": None, "label": NONE}, *options]
        out = {**base, "kind": "choice", "options": options,
               "default": hint.pop("default", options[0]["value"] if required and options else None)}
        return {**out, **hint}
    if "object" in types:
        need = set(schema.get("required", []))
        fields = [field(sub, f"{path}/{k}".lstrip("/"), k, hints, names, required=required and k in need)
                  for k, sub in schema.get("properties", {}).items()
                  if not hints.get(f"{path}/{k}".lstrip("/"), {}).get("skip")]
        return {**base, "kind": "group", "fields": fields, "optional": not required, **hint}
    if "array" in types:
        item = field(schema.get("items", {}), f"{path}/*", hint.pop("item_label", label), hints, names,
                     required=True)
        item.pop("key", None)
        return {**base, "kind": "rows", "item": item, "max": int(schema.get("maxItems", ROWS_MAX)),
                "optional": True, **hint}
    if "integer" in types:
        out = {**base, "kind": "integer", "default": None}
        for word, name in (("minimum", "min"), ("maximum", "max")):
            if word in schema:
                out[name] = schema[word]
        return {**out, **hint}
    if "boolean" in types:
        return {**base, "kind": "flag", "default": False, **hint}
    return {**base, "kind": "text", "max": int(schema.get("maxLength", 200)), **hint}


def _at(schema: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    """The schema of the value at ``path`` (``{}`` where the schema does not say)."""
    for key in path.split("/"):
        schema = _nullable(schema)
        schema = schema.get("items", {}) if key == "*" else schema.get("properties", {}).get(key, {})
    return _nullable(schema)


def known(schema: Mapping[str, Any], hints: Hints) -> list[dict[str, Any]]:
    """The values the form offers where the schema itself allows more (a free number or string the state
    narrows: the orders offered this round, the road fields): the page names a sheet's value outside them, as
    ``check`` does. ``[{"path": [...], "values": [...]}]``, a path as in ``hints`` split at ``/``.

    >>> known({"properties": {"order": {"type": "integer"}, "kind": {"enum": ["a", "b"]}}},
    ...       {"order": {"options": options([(3, "three")])}, "kind": {"options": options([("a", "A")])}})
    [{'path': ['order'], 'values': [3]}]
    """
    return [{"path": path.split("/"), "values": [o["value"] for o in hint["options"]]}
            for path, hint in hints.items() if "options" in hint and not path.startswith("pattern ")
            and "enum" not in _at(schema, path)]


def options(values: list[tuple[Any, str]]) -> list[dict[str, Any]]:
    """The options of a choice: (value as the sheet writes it, what the player reads)."""
    return [{"value": v, "label": text} for v, text in values]


def with_default(f: dict[str, Any], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(f)
    out["default"] = value
    return out
