"""Validators for what the site publishes besides pages: RSS 2.0 feeds and the iCalendar of deadlines.

``rss_problems`` checks a feed against the RSS 2.0 specification (rssboard.org/rss-specification): the required
elements of the channel and of each item, only elements the specification (or a declared namespace) defines,
RFC 822 dates with four-digit years, absolute links, an image only with its url, title and link, unique
permalink guids. ``ical_problems`` checks RFC 5545's rules that readers trip over: CRLF line ends, lines of at
most 75 octets, the calendar's and each event's required properties, UTC times in the basic format.
"""

from __future__ import annotations

import email.utils
import html.parser
import posixpath
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHANNEL = {"title", "link", "description", "language", "copyright", "managingEditor", "webMaster", "pubDate",
           "lastBuildDate", "category", "generator", "docs", "cloud", "ttl", "image", "rating", "textInput",
           "skipHours", "skipDays", "item"}
ITEM = {"title", "link", "description", "author", "category", "comments", "enclosure", "guid", "pubDate", "source"}
ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}"
RFC822 = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                    r"\d{4} \d{2}:\d{2}:\d{2} ([+-]\d{4}|GMT|UT)$")
URL = re.compile(r"^https?://[^\s<>\"]+$")


def _date(where: str, text: str | None, problems: list[str]) -> None:
    if not text or not RFC822.match(text) or email.utils.parsedate_to_datetime(text) is None:
        problems.append(f"{where}: {text!r} is not an RFC 822 date with a four-digit year")


def rss_problems(text: str) -> list[str]:
    """What makes ``text`` not a valid RSS 2.0 feed (empty if nothing)."""
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as e:
        return [f"not well-formed XML: {e}"]
    problems: list[str] = []
    if root.tag != "rss" or root.get("version") != "2.0":
        problems.append("the root element must be <rss version=\"2.0\">")
    channels = root.findall("channel")
    if len(channels) != 1:
        return [*problems, f"exactly one <channel>, found {len(channels)}"]
    channel = channels[0]
    for tag in ("title", "link", "description"):
        if not (channel.findtext(tag) or "").strip():
            problems.append(f"channel: <{tag}> is required and must not be empty")
    if not URL.match(channel.findtext("link") or ""):
        problems.append(f"channel: <link> {channel.findtext('link')!r} is not an absolute URL")
    for child in channel:
        if not child.tag.startswith("{") and child.tag not in CHANNEL:
            problems.append(f"channel: <{child.tag}> is not an RSS 2.0 element")
    for tag in ("pubDate", "lastBuildDate"):
        if channel.find(tag) is not None:
            _date(f"channel <{tag}>", channel.findtext(tag), problems)
    image = channel.find("image")
    if image is not None:
        for tag in ("url", "title", "link"):
            if not (image.findtext(tag) or "").strip():
                problems.append(f"channel <image>: <{tag}> is required")
        if not URL.match(image.findtext("url") or ""):
            problems.append(f"channel <image>: <url> {image.findtext('url')!r} is not an image's address")
    language = channel.findtext("language")
    if language is not None and not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z]{2,8})*", language):
        problems.append(f"channel: <language> {language!r} is not a language code")
    guids: set[str] = set()
    for n, item in enumerate(channel.findall("item"), 1):
        where = f"item {n}"
        if not (item.findtext("title") or item.findtext("description")):
            problems.append(f"{where}: needs a <title> or a <description>")
        for child in item:
            if not child.tag.startswith("{") and child.tag not in ITEM:
                problems.append(f"{where}: <{child.tag}> is not an RSS 2.0 element")
        if item.find("link") is not None and not URL.match(item.findtext("link") or ""):
            problems.append(f"{where}: <link> is not an absolute URL")
        if item.find("pubDate") is not None:
            _date(f"{where} <pubDate>", item.findtext("pubDate"), problems)
        guid = item.find("guid")
        if guid is not None:
            value = guid.text or ""
            if guid.get("isPermaLink", "true") == "true" and not URL.match(value):
                problems.append(f"{where}: a permalink <guid> must be an absolute URL")
            if value in guids:
                problems.append(f"{where}: <guid> {value!r} is not unique")
            guids.add(value)
    self_links = [a for a in channel.findall(f"{ATOM}link") if a.get("rel") == "self"]
    if len(self_links) != 1 or not URL.match(self_links[0].get("href", "")):
        problems.append("channel: one <atom:link rel=\"self\"> with the feed's absolute address is recommended")
    return problems


def ical_problems(data: bytes) -> list[str]:
    """What makes ``data`` not a valid iCalendar (RFC 5545) for the site's purposes (empty if nothing)."""
    problems: list[str] = []
    if b"\n" in data.replace(b"\r\n", b""):
        problems.append("lines must end in CRLF (3.1)")
    raw = data.split(b"\r\n")
    if raw[-1] != b"":
        problems.append("the last line must end in CRLF")
    for n, line in enumerate(raw[:-1], 1):
        if len(line) > 75:
            problems.append(f"line {n}: {len(line)} octets, at most 75 (3.1)")
    text = data.decode("utf-8").replace("\r\n ", "")  # unfolded
    lines = text.split("\r\n")[:-1]
    if lines[:1] != ["BEGIN:VCALENDAR"] or lines[-1:] != ["END:VCALENDAR"]:
        return [*problems, "the calendar must begin with BEGIN:VCALENDAR and end with END:VCALENDAR"]
    head = [line.split(":", 1)[0] for line in lines[1:]]
    for name in ("VERSION", "PRODID"):
        if name not in head:
            problems.append(f"the calendar needs {name}")
    uids: set[str] = set()
    event: dict[str, str] | None = None
    for line in lines[1:-1]:
        name, _, value = line.partition(":")
        if line == "BEGIN:VEVENT":
            event = {}
        elif line == "END:VEVENT" and event is not None:
            for required in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
                if required not in event:
                    problems.append(f"an event lacks {required}")
            for stamp in ("DTSTAMP", "DTSTART", "DTEND"):
                if stamp in event and not re.fullmatch(r"\d{8}T\d{6}Z", event[stamp]):
                    problems.append(f"{stamp} {event[stamp]!r} is not a UTC time (yyyymmddThhmmssZ)")
            if event.get("UID") in uids:
                problems.append(f"UID {event.get('UID')!r} is not unique")
            uids.add(event.get("UID", ""))
            event = None
        elif event is not None:
            event[name.split(";")[0]] = value
    return problems


class Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or (tag in {"img", "script"} and name == "src")
                          or (tag == "link" and name == "href")):
                self.found.append(value)


def broken_links(public: Path) -> list[str]:
    """Each link of each page to this site that leads to nothing published (``page: link``)."""
    broken = []
    for page in sorted(public.rglob("*.html")):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        here = page.parent.relative_to(public).as_posix()
        for link in parser.found:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:  # another site, or a place on the same page
                continue
            # a path from the root (404.html's, which any address may show) is from the site's root: the demo's
            # site_url has the path /
            target = posixpath.normpath(posixpath.join("." if parts.path.startswith("/") else here,
                                                       unquote(parts.path).lstrip("/")))
            path = public / target
            if target.startswith("..") or not (path.is_file() or (path / "index.html").is_file()):
                broken.append(f"{page.relative_to(public).as_posix()}: {link}")
    return broken
