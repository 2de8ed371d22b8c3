"""The age wrapper: public keys (recipients), secret keys (identities), encrypting and decrypting."""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import SealError


def parse_recipient(text: str) -> Any:
    """An age public key (``age1...``) or an OpenSSH ed25519 public key as a pyrage recipient."""
    from pyrage import ssh, x25519  # the native library loads only for commands that seal

    text = text.strip()
    # No key material is ever echoed: a secret key pasted here would land in a terminal log or a CI log.
    if "SECRET" in text.upper() or "PRIVATE" in text.upper():
        raise SealError("this is a secret key, not a public key (it is not shown here): give the public key "
                        "(age1... from 'age-keygen -y', or ssh-ed25519 ...), and keep the secret one to yourself",
                        word="seal.secret_given")
    try:
        if text.startswith("age1"):
            return x25519.Recipient.from_str(text)
        if text.startswith("ssh-ed25519 "):
            return ssh.Recipient.from_str(text)
    except Exception:  # pyrage raises its own RecipientError or ValueError depending on the key type
        raise SealError(f"the {len(text)}-character key starting {text[:4]!r} is not a valid public key: copy "
                        "it again, whole and on one line", word="seal.key_invalid", n=len(text),
                        start=repr(text[:4])) from None
    raise SealError(f"the {len(text)}-character text starting {text[:4]!r} is not a key turnpress can seal to: "
                    "give an age public key (age1...) or an ssh-ed25519 key (one line of "
                    "https://github.com/LOGIN.keys)", word="seal.key_kind", n=len(text), start=repr(text[:4]))


def parse_identities(data: bytes, source: str) -> list[Any]:
    """The identities in a key file: age secret keys (``age-keygen`` format) or an OpenSSH private key."""
    from pyrage import ssh, x25519

    text = data.decode("utf-8", "replace")
    if "-----BEGIN OPENSSH PRIVATE KEY-----" in text:
        try:
            return [ssh.Identity.from_buffer(data)]
        except Exception as e:
            raise SealError(f"{source}: cannot use this SSH key ({e}); a key with a passphrase must be "
                            "unlocked first, or use an age key (turnpress keys personal FILE)",
                            word="seal.ssh_unusable", source=source, detail=str(e)) from None
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("AGE-SECRET-KEY-"):
            try:
                found.append(x25519.Identity.from_str(line))
            except Exception:
                raise SealError(f"{source}: a line that starts like an age secret key does not parse",
                                word="seal.age_line", source=source) from None
    if not found:
        raise SealError(f"{source}: no key in it: expected an AGE-SECRET-KEY-... line or an OpenSSH private key",
                        word="seal.no_identity", source=source)
    return found


def load_identity_file(path: Path) -> list[Any]:
    try:
        return parse_identities(path.read_bytes(), str(path))
    except FileNotFoundError:  # the system's words for it are English: the catalog says it
        raise SealError(f"cannot read the key file {path}: {os.strerror(errno.ENOENT)}", word="seal.no_file",
                        path=path) from None
    except IsADirectoryError:
        raise SealError(f"cannot read the key file {path}: {os.strerror(errno.EISDIR)}", word="seal.folder",
                        path=path) from None
    except PermissionError:
        raise SealError(f"cannot read the key file {path}: {os.strerror(errno.EACCES)}", word="seal.denied",
                        path=path) from None
    except OSError as e:
        raise SealError(f"cannot read the key file {path}: {e.strerror}", word="seal.unreadable", path=path,
                        why=e.strerror) from None


def new_identity() -> tuple[str, str]:
    """A fresh age key pair: (public key ``age1...``, secret key ``AGE-SECRET-KEY-...``)."""
    from pyrage import x25519

    identity = x25519.Identity.generate()
    return str(identity.to_public()), str(identity)


# Padding, so that a sealed file's length says nothing about its plaintext's: before sealing, the plaintext
# gets a last line ``# turnpress padding ....`` of dots up to a bucket size, and opening removes exactly that
# line again, so every reader sees the bytes that were sealed (the published orders equal the sealed ones).
# A YAML comment line, because a file opened with plain ``age -d`` still reads as the same orders; led by a
# line break of its own, so the original bytes are whatever precedes the marker, whether they ended in a
# line break or not. Files sealed before padding have no such line and open as they are.
PAD_MARK = b"\n# turnpress padding "
PAD_MIN = 1024  # most orders fit: they all seal to the same length
PAD_POW2_MAX = 256 * 1024  # the orders limit; above, steps of PAD_STEP keep a sealed file within its own limit
PAD_STEP = 4096


def padded_size(n: int) -> int:
    """The bucket a plaintext of ``n`` bytes (padding line included at its shortest) is padded to.

    >>> [padded_size(n) for n in (1, 1024, 1025, 5000, 300_000)]
    [1024, 1024, 2048, 8192, 303104]
    """
    if n > PAD_POW2_MAX:
        return -(-n // PAD_STEP) * PAD_STEP
    return max(PAD_MIN, 1 << (n - 1).bit_length())


def pad(plaintext: bytes) -> bytes:
    """``plaintext`` with the padding line that makes its length a bucket size.

    >>> unpad(pad(b"a: 1")) == b"a: 1" and len(pad(b"a: 1")) == len(pad(b"a: 1\\nb: 2\\n")) == 1024
    True
    """
    shortest = len(plaintext) + len(PAD_MARK) + 1
    return plaintext + PAD_MARK + b"." * (padded_size(shortest) - shortest) + b"\n"


def unpad(padded: bytes) -> bytes:
    """The sealed bytes without their padding line; a file without one (sealed before padding) as it is."""
    at = padded.rfind(PAD_MARK)
    if at < 0 or not padded.endswith(b"\n") or padded[at + len(PAD_MARK):-1].strip(b"."):
        return padded
    return padded[:at]


def encrypt(plaintext: bytes, recipients: Sequence[str]) -> str:
    """``plaintext``, padded to a bucket size, sealed to every recipient, as armored text."""
    import pyrage

    sealed = pyrage.encrypt(pad(plaintext), [parse_recipient(r) for r in recipients], armored=True)
    return sealed.decode("ascii")


def decrypt(sealed: bytes | str, identities: Sequence[Any]) -> bytes:
    """The plaintext without its padding, or ``SealError`` saying whether the key was wrong or the file damaged."""
    import pyrage

    raw = sealed.encode("ascii", "replace") if isinstance(sealed, str) else sealed
    if not identities:
        raise SealError("no key to open it with", word="seal.no_key_given")
    try:
        padded = pyrage.decrypt(raw, list(identities))
    except pyrage.DecryptError as e:
        if "No matching keys" in str(e):
            raise SealError("it is not sealed to this key", word="seal.other_key") from None
        raise SealError("it does not decrypt: the file is damaged or was changed after sealing",
                        word="seal.damaged") from None
    return unpad(padded)
