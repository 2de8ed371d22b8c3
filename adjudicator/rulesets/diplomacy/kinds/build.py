"""The adjustments: a build (``Build A Par``), a removal (``Remove F Nth``) and a build waived (``Waive``); their
phase is resolved in ``phases.resolve_adjustments``."""

from __future__ import annotations

from typing import Any

from ..reading import Order, OrderError, Reader, Say


def parse_opening(r: Reader, opening: str, power: str | None, text: str) -> Order:
    """An order opened by its word: ``Waive``, ``Build A Par``, ``Remove F Nth`` (``Disband F Nth`` the same)."""
    if opening == "waive":
        return Order("waive", power=power, text=text)
    ut = r.unit_type()
    if opening == "build" and ut is None:
        raise OrderError(r.m.say("say what to build in {order}", order=repr(text)),
                         r.m.say("write 'Build A Par' or 'Build F Stp/nc'"))
    return Order("build" if opening == "build" else "remove", ut, r.location(), power=power, text=text)


def parse(r: Reader, ut: str | None, region: str, power: str | None, text: str) -> Order:
    """``A Par build``: the build word after the unit."""
    return Order("build", ut, region, power=power, text=text)


def structured(e: dict[str, Any], say: Say) -> str | None:
    if "build" in e:
        return f"Build {e['build']}"
    if "remove" in e:
        return f"Remove {e['remove']}"
    return "Waive" if e.get("waive") else None
