"""Just enough of the W3C WebDriver protocol (over urllib) to drive Debian's chromium through chromedriver.

Used by the browser test only; no third-party client, so the test needs nothing beyond the ``chromium`` and
``chromium-driver`` packages.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the key W3C WebDriver names element references by
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                  "--disable-extensions", "--mute-audio")


def find_chromium() -> tuple[str, str] | None:
    """(browser binary, chromedriver) if both are installed. Debian's ``/usr/bin/chromium`` is a wrapper
    script; chromedriver wants the real binary beside it."""
    wrapper, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not wrapper or not driver:
        return None
    real = Path("/usr/lib/chromium/chromium")
    return (str(real) if real.is_file() else wrapper), driver


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverError(RuntimeError):
    pass


class Browser:
    """One chromedriver process and one session of headless chromium."""

    def __init__(self, binary: str, driver: str, profile: Path, size: tuple[int, int] = (1280, 1000)):
        self.port = free_port()
        self.process = subprocess.Popen([driver, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        try:
            self._wait_ready()
            args = [*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}"]
            caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions":
                                                     {"binary": binary, "args": args}}}}
            self.session = self._call("POST", "/session", caps)["sessionId"]
        except BaseException:
            self.process.kill()
            self.process.wait()
            raise

    def _wait_ready(self, timeout: float = 15) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self._call("GET", "/status").get("ready"):
                    return
            except (urllib.error.URLError, ConnectionError, WebDriverError):
                pass
            time.sleep(0.1)
        raise WebDriverError("chromedriver did not start")

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                value = json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.read().decode(errors='replace')[:500]}") from None
        return value

    def _session(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body)

    # --- what the test uses ---------------------------------------------------------------------------

    def get(self, url: str) -> None:
        self._session("POST", "/url", {"url": url})

    @property
    def url(self) -> str:
        return self._session("GET", "/url")

    def find(self, css: str) -> str:
        return self._session("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css: str) -> Sequence[str]:
        return [e[ELEMENT] for e in self._session("POST", "/elements", {"using": "css selector", "value": css})]

    def click(self, css: str) -> None:
        self._session("POST", f"/element/{self.find(css)}/click", {})

    def click_at(self, x: float, y: float) -> None:
        """A real mouse click at viewport point (x, y), as a player's pointer gives it (what is there gets it)."""
        pointer = [{"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": 0},
                   {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        self._session("POST", "/actions", {"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}]})

    def type(self, css: str, text: str) -> None:
        self._session("POST", f"/element/{self.find(css)}/value", {"text": text})

    def script(self, source: str, *args: Any) -> Any:
        return self._session("POST", "/execute/sync", {"script": source, "args": list(args)})

    def script_async(self, source: str, *args: Any) -> Any:
        """Run ``source`` with a callback as its last argument; returns what the page passes to it."""
        return self._session("POST", "/execute/async", {"script": source, "args": list(args)})

    def cdp(self, command: str, params: dict[str, Any] | None = None) -> Any:
        """A command of the DevTools protocol (chromedriver's ``goog/cdp/execute``): CPU throttling, network
        conditions, the cache (the orders page's benchmark)."""
        return self._session("POST", "/goog/cdp/execute", {"cmd": command, "params": params or {}})

    @contextlib.contextmanager
    def blocking(self, *patterns: str) -> Iterator[None]:
        """Requests to URLs matching ``patterns`` (DevTools' wildcards: ``*/search/search_index.json``) fail while
        the block runs, then load again (the browser is shared by every test)."""
        self.cdp("Network.enable")
        self.cdp("Network.setBlockedURLs", {"urls": list(patterns)})
        try:
            yield
        finally:
            self.cdp("Network.setBlockedURLs", {"urls": []})

    def text(self, css: str = "body") -> str:
        return self._session("GET", f"/element/{self.find(css)}/text")

    def resize(self, width: int, height: int) -> None:
        self._session("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        """The viewport as a PNG file, as WebDriver's screenshot shows it, encoded for speed (DevTools'
        ``optimizeForSpeed``: the same pixels in a larger file, half the CPU: 0.06 against 0.12 s a shot, some 70
        shots a run; issue 33)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        shot = self.cdp("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
        path.write_bytes(base64.b64decode(shot["data"]))

    def wait_for(self, check: Callable[[], Any], what: str, timeout: float = 15) -> Any:
        end = time.monotonic() + timeout
        while True:
            try:
                value = check()
            except WebDriverError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.2)

    def close(self) -> None:
        try:
            self._call("DELETE", f"/session/{self.session}")
        except (WebDriverError, urllib.error.URLError, ConnectionError):
            pass
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def started_browser(profile: Path, artifacts: Path) -> Iterator[Browser]:
    """A headless Chromium for a fixture to yield (closed after), screenshots going to folders under ``artifacts``
    (kept out of git); the test is skipped, saying what to install, where Chromium is missing."""
    found = find_chromium()
    if found is None:
        pytest.skip("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / ".gitignore").write_text("*\n")
    b = Browser(*found, profile=profile)
    yield b
    b.close()
