"""Where orders break their JSON Schema, found in one pass whatever the file's size (issue 28).

A player's file may hold up to the size limit of entries, every one of them wrong. The schema's words for a fault
come from ``jsonschema`` (``orders._explain``), which is slow (a fraction of a millisecond a value) and builds
every error's text eagerly. So the places at fault (*sites*) are found first with a compiled validator
(``jsonschema_rs``, microseconds a value), descending only into what it finds invalid; ``jsonschema`` then words
only the sites a person is shown (``errors``). A site is a subtree of the orders: a value whose schema is not a
plain container (a ``oneOf``, a scalar's range) as a whole, or, for a mapping or list, its own keywords
(``required``, unknown keys, lengths) apart from its children, which are sites of their own.

Both validators read the same schema: ``jsonschema_rs`` decides only where to look, and a site it finds at fault
that ``jsonschema`` finds none in gives no problem. Where ``jsonschema_rs`` cannot read a value (a key that
is no text) its parts are looked at, and a site among them is at fault only if ``jsonschema`` says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import Path

# Keywords of a mapping's or list's schema that say nothing of its children: a level with only these (and
# ``properties``, ``additionalProperties``, ``items``) is split into its own keywords and its children.
PLAIN = frozenset({"type", "required", "maxItems", "minItems", "maxProperties", "minProperties", "uniqueItems",
                   "description", "title", "$schema", "$defs", "properties", "additionalProperties", "items"})


@dataclass(frozen=True)
class Site:
    """A subtree of the orders at ``path`` that breaks ``schema`` (the level's own keywords, or its whole schema)."""

    path: Path
    schema: dict[str, Any]
    instance: Any
    unsure: bool = False  # the compiled validator could not read it: only ``jsonschema`` tells


def path_key(path: Path) -> list[str]:
    """The order problems are shown in: by their path's texts, as ``jsonschema``'s errors always were sorted."""
    return [str(p) for p in path]


class Sites:
    """The sites of one schema: validators compiled once per subschema, for every file checked against it."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.defs = schema.get("$defs")
        self._fast: dict[int, Any] = {}
        self._slow: dict[int, Any] = {}
        self._owns: dict[tuple[int, str], dict[str, Any] | None] = {}
        self._keep: list[Any] = []  # the subschemas the caches' ids stand for stay alive

    def find(self, instance: Any) -> list[Site]:
        """Every site at fault in ``instance``, in the order problems are shown (``path_key``)."""
        out: list[Site] = []
        self._walk(self.schema, instance, (), out)
        return sorted(out, key=lambda s: path_key(s.path))

    def errors(self, site: Site) -> list[Any]:
        """``jsonschema``'s errors at ``site``, each with its path into the whole orders."""
        if site.schema.get("uniqueItems") and isinstance(site.instance, list):
            return self._unique_errors(site)
        found = list(self._slow_validator(site.schema).iter_errors(site.instance))
        for err in found:
            err.path.extendleft(reversed(site.path))
        return found

    def _walk(self, schema: Any, instance: Any, path: Path, out: list[Site]) -> None:
        valid = self._valid(schema, instance) if isinstance(schema, dict) else True
        if valid:
            return
        own = self._own(schema, instance)
        if own is None:
            out.append(Site(path, schema, instance, valid is None))
            return
        own_valid = self._valid(own, instance)
        if not own_valid:
            out.append(Site(path, own, instance, own_valid is None))
        for key, sub in _children(schema, instance):
            self._walk(sub, instance[key], (*path, key), out)

    def at_fault(self, site: Site) -> bool:
        """Whether ``site`` breaks its schema: certain where the compiled validator read it, else asked of
        ``jsonschema`` (a mapping with keys that are no text, which only a hostile file has)."""
        return not site.unsure or not self._slow_validator(site.schema).is_valid(site.instance)

    def _own(self, schema: dict[str, Any], instance: Any) -> dict[str, Any] | None:
        """The level's own keywords, made once per schema and kind of value (their validators are cached by it)."""
        kind = "object" if isinstance(instance, dict) else "array" if isinstance(instance, list) else "other"
        key = (id(schema), kind)
        if key not in self._owns:
            self._owns[key] = _own(schema, instance)
            self._keep.append(schema)
        return self._owns[key]

    def _valid(self, schema: dict[str, Any], instance: Any) -> bool | None:
        """Whether ``instance`` meets ``schema``; None where the compiled validator cannot read it (a key that
        is no text): then its parts are looked at, not the whole by ``jsonschema``, which would cost the
        whole file's reading at every level above it."""
        try:
            return bool(self._fast_validator(schema).is_valid(instance))
        except (ValueError, TypeError, OverflowError):
            return None

    def _fast_validator(self, schema: dict[str, Any]) -> Any:
        return self._cached(self._fast, schema, _compile_fast)

    def _slow_validator(self, schema: dict[str, Any]) -> Any:
        return self._cached(self._slow, schema, _compile_slow)

    def _cached(self, cache: dict[int, Any], schema: dict[str, Any], make: Callable[[dict[str, Any]], Any]) -> Any:
        found = cache.get(id(schema))
        if found is None:
            whole = schema if self.defs is None or "$defs" in schema else {**schema, "$defs": self.defs}
            found = cache[id(schema)] = make(whole)
            self._keep.append(schema)
        return found

    def _unique_errors(self, site: Site) -> list[Any]:
        """A list's own keywords, its uniqueness judged here: ``jsonschema`` compares every pair of a list whose
        items do not sort (numbers among texts), which no bound on the file keeps quick."""
        from jsonschema.exceptions import ValidationError

        rest = {k: v for k, v in site.schema.items() if k != "uniqueItems"}
        found = self.errors(Site(site.path, rest, site.instance))
        seen: set[str] = set()
        for item in site.instance:
            text = json.dumps(item, sort_keys=True, default=repr)
            if text in seen:
                err = ValidationError(f"{site.instance!r} has non-unique elements", validator="uniqueItems",
                                      validator_value=True, instance=site.instance, schema=site.schema,
                                      path=site.path)
                found.append(err)
                break
            seen.add(text)
        return found


def _own(schema: dict[str, Any], instance: Any) -> dict[str, Any] | None:
    """A plain container's own keywords (its children's schemas left out); None if it is not one, or
    ``instance`` is not of its kind: then the whole schema words it."""
    if not set(schema) <= PLAIN:
        return None
    if isinstance(instance, dict) and ("properties" in schema or isinstance(schema.get("additionalProperties"), dict)):
        extra = schema.get("additionalProperties", True)
        own = {k: v for k, v in schema.items() if k not in ("properties", "additionalProperties")}
        # The names stay (an unknown key is the level's fault) and their descriptions (what a missing one says).
        own["properties"] = {k: ({"description": sub["description"]} if isinstance(sub, dict) and "description" in sub
                                 else {}) for k, sub in schema.get("properties", {}).items()}
        own["additionalProperties"] = extra if isinstance(extra, bool) else True
        return own
    if isinstance(instance, list) and isinstance(schema.get("items"), dict):
        return {k: v for k, v in schema.items() if k != "items"}
    return None


def _children(schema: dict[str, Any], instance: Any) -> list[tuple[Any, dict[str, Any]]]:
    """The children of a plain container that have a schema to meet, with it."""
    if isinstance(instance, dict):
        props, extra = schema.get("properties", {}), schema.get("additionalProperties", True)
        subs = [(k, props[k] if k in props else extra) for k in instance]
        return [(k, sub) for k, sub in subs if isinstance(sub, dict)]
    return [(i, schema["items"]) for i in range(len(instance))]


def _compile_fast(schema: dict[str, Any]) -> Any:
    import jsonschema_rs

    return jsonschema_rs.validator_for(schema)


def _compile_slow(schema: dict[str, Any]) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema)

