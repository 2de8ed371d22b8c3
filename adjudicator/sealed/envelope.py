"""The envelope of a sealed file: what anyone can check without its key. Pure: bytes in, answers out.

An armored age file is ASCII text between ``-----BEGIN AGE ENCRYPTED FILE-----`` and its END line, base64 in
lines of 64 characters; inside, the header names one stanza per recipient (``X25519`` for an age key,
``ssh-ed25519`` with a tag naming the SSH key), then the payload.

>>> dearmor(b"hello")
(None, "it does not start with '-----BEGIN AGE ENCRYPTED FILE-----' and end with '-----END AGE ENCRYPTED FILE-----'")
>>> read_header(b"age-encryption.org/v1\\n-> X25519 abc\\nbody\\n--- mac\\n")
([Stanza(kind='X25519', args=('abc',))], '')
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..kit.orders import OrdersPath, say
from ..yamlio import ORDERS_MAX_BYTES

ARMOR_BEGIN = "-----BEGIN AGE ENCRYPTED FILE-----"
ARMOR_END = "-----END AGE ENCRYPTED FILE-----"
AGE_MAGIC = b"age-encryption.org/v1\n"
SEALED_PATH = re.compile(
    r"^orders/(?P<game>[a-z0-9][a-z0-9-]*)/(?P<turn>[0-9]{4})/(?P<player>[a-z0-9][a-z0-9-]*)\.yaml\.age\Z", re.ASCII)
# Armor adds a third and a line break per 64 characters; each recipient adds a stanza of about 150 bytes.
SEALED_MAX_BYTES = ORDERS_MAX_BYTES * 3 // 2 + 4096
RECIPIENT_TYPES = {"age": "X25519", "ssh-ed25519": "ssh-ed25519"}


@dataclass(frozen=True)
class Stanza:
    kind: str
    args: tuple[str, ...]


def parse_sealed_path(rel: str) -> OrdersPath | None:
    """Game, turn and player of a sealed orders file's path; ``None`` for any other path.

    >>> parse_sealed_path("orders/bw-1/0003/alice.yaml.age")
    OrdersPath(game='bw-1', turn=3, player='alice')
    """
    m = SEALED_PATH.match(rel)
    return OrdersPath(m["game"], int(m["turn"]), m["player"]) if m else None


def recipient_kind(text: str) -> str:
    """The age stanza type a recipient's key produces: ``X25519`` or ``ssh-ed25519``."""
    return RECIPIENT_TYPES["ssh-ed25519" if text.strip().startswith("ssh-ed25519 ") else "age"]


def ssh_tag(text: str) -> str:
    """The tag an ssh-ed25519 stanza carries: the first 4 bytes of SHA-256 of the key's wire form, base64."""
    wire = base64.b64decode(text.split()[1])
    return base64.b64encode(hashlib.sha256(wire).digest()[:4]).decode().rstrip("=")


def dearmor(raw: bytes, lang: str = "en") -> tuple[bytes | None, str]:
    """The binary age file inside the armor, or ``None`` and why not (in ``lang``, the game's language)."""
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return None, say(lang, "envelope.ascii")
    lines = text.strip("\n").split("\n")
    if len(lines) < 3 or lines[0] != ARMOR_BEGIN or lines[-1] != ARMOR_END:
        return None, say(lang, "envelope.ends", begin=repr(ARMOR_BEGIN), end=repr(ARMOR_END))
    body = lines[1:-1]
    if any(len(line) > 64 for line in body) or any(len(line) != 64 for line in body[:-1]):
        return None, say(lang, "envelope.width")
    try:
        return base64.b64decode("".join(body), validate=True), ""
    except (binascii.Error, ValueError):
        return None, say(lang, "envelope.base64")


def read_header(binary: bytes, lang: str = "en") -> tuple[list[Stanza] | None, str]:
    """The recipient stanzas of an age file's header (grease stanzas left out), or ``None`` and why not (in
    ``lang``)."""
    if not binary.startswith(AGE_MAGIC):
        return None, say(lang, "envelope.no_header")
    stanzas: list[Stanza] = []
    lines = binary[len(AGE_MAGIC):].split(b"\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(b"--- "):
            return [s for s in stanzas if not s.kind.endswith("-grease")], ""
        if not line.startswith(b"-> "):
            return None, say(lang, "envelope.malformed")
        parts = line[3:].decode("ascii", "replace").split(" ")
        stanzas.append(Stanza(parts[0], tuple(parts[1:])))
        i += 1
        while i < len(lines) and len(lines[i]) == 64:  # a stanza's body ends with its first short line
            i += 1
        i += 1
    return None, say(lang, "envelope.no_end")


def recipient_problem(stanzas: Sequence[Stanza], expected: Sequence[str], own: str | None,
                      lang: str = "en") -> str | None:
    """Why a file's stanzas are not exactly those of the ``expected`` recipients (``own``: the player's key), in
    ``lang``."""
    kinds = sorted(s.kind for s in stanzas)
    want = sorted(recipient_kind(r) for r in expected)
    if kinds != want:
        return say(lang, "envelope.recipients_two" if len(expected) > 1 else "envelope.recipients_one",
                   n=len(stanzas), kinds=", ".join(kinds) or say(lang, "envelope.no_keys"), want=", ".join(want))
    if own and recipient_kind(own) == "ssh-ed25519":
        tags = [s.args[0] for s in stanzas if s.kind == "ssh-ed25519" and s.args]
        if ssh_tag(own) not in tags:
            return say(lang, "envelope.other_ssh")
    return None
