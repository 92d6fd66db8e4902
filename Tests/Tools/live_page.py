#!/usr/bin/env python3
"""Watches a page of `render serve` in headless Chromium while its pattern is edited.

    live_page.py BROWSER URL PATTERN REFERENCE.html EDIT.ahap BROKEN.ahap

Opens URL, reads what the page shows (the `d` of the plot's paths, the audio's `src`, the
diagnostics), writes EDIT.ahap's bytes over PATTERN and waits until the page shows another plot
and audio, then writes BROKEN.ahap's bytes and waits for the page of diagnostics. Prints one
JSON object: SHA-256 digests of each state's plot and audio, those of REFERENCE.html (the page
`render preview` writes for EDIT.ahap), the seconds each change took to show, and the
diagnostics shown. Gives up after 20 s per step (the caller judges the seconds).

Chromium is driven through the DevTools protocol on a pipe (--remote-debugging-pipe: commands
on fd 3, answers on fd 4, each a JSON text ended by a NUL byte), so nothing but the standard
library is needed.
"""
import hashlib
import html.parser
import json
import select
import os
import shutil
import subprocess
import sys
import tempfile
import time

STEP_LIMIT = 20.0
STATE = """(function () {
  var audio = document.getElementById("audio");
  var paths = Array.from(document.querySelectorAll("#plot svg path")).map(function (p) { return p.getAttribute("d"); });
  var failure = document.getElementById("failure");
  var diagnostics = document.getElementById("diagnostics");
  return JSON.stringify({
    ready: document.readyState === "complete",
    plot: paths.join("|"),
    audio: audio ? audio.getAttribute("src") : "",
    failure: failure ? failure.textContent : "",
    diagnostics: diagnostics ? diagnostics.textContent : ""
  });
})()"""


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest() if text else ""


class Reference(html.parser.HTMLParser):
    """The plot's path data and the audio's src of a page as written."""

    def __init__(self):
        super().__init__()
        self.in_plot = False
        self.paths = []
        self.audio = ""

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "figure" and attributes.get("id") == "plot":
            self.in_plot = True
        elif tag == "path" and self.in_plot:
            self.paths.append(attributes.get("d", ""))
        elif tag == "audio":
            self.audio = attributes.get("src", "")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "figure":
            self.in_plot = False


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="live-page-")
        to_browser, self.commands = os.pipe()
        self.answers, from_browser = os.pipe()

        def plumb():
            # Copies first: a pipe's own descriptor may already be 3 or 4 (where dup2 would do
            # nothing and leave it closing on exec) or be the other one's place.
            read, write = os.dup(to_browser), os.dup(from_browser)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--autoplay-policy=no-user-gesture-required", f"--user-data-dir={self.profile}", "about:blank"],
            # Every other descriptor of os.pipe closes on exec; 3 and 4 stay open.
            close_fds=False, preexec_fn=plumb,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, deadline=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = deadline or time.monotonic() + STEP_LIMIT
        while True:
            answer = self.receive(deadline)
            if answer.get("id") == self.next_id:
                return answer

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("the browser did not answer")
            ready, _, _ = select.select([self.answers], [], [], 0.1)
            if ready:
                chunk = os.read(self.answers, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed the pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        targets = self.send("Target.getTargets")["result"]["targetInfos"]
        page = next(target for target in targets if target["type"] == "page")
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["result"]["sessionId"]
        self.send("Page.navigate", {"url": url})

    def state(self):
        answer = self.send("Runtime.evaluate", {"expression": STATE, "returnByValue": True})
        value = answer.get("result", {}).get("result", {}).get("value")
        return json.loads(value) if value else None

    def wait(self, accept):
        """The first state that `accept` takes, and the seconds it took; None after the limit."""
        start = time.monotonic()
        while time.monotonic() - start < STEP_LIMIT:
            try:
                state = self.state()
            except (TimeoutError, json.JSONDecodeError):
                state = None
            if state and state["ready"] and accept(state):
                return state, time.monotonic() - start
            time.sleep(0.02)
        return None, time.monotonic() - start

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def replace(path, source):
    """Writes the bytes of `source` over `path`, as an editor saving in place does."""
    with open(source, "rb") as file:
        data = file.read()
    with open(path, "wb") as file:
        file.write(data)


def main():
    executable, url, pattern, reference_page, edit, broken = sys.argv[1:7]
    reference = Reference()
    with open(reference_page, encoding="utf-8") as file:
        reference.feed(file.read())
    browser = Browser(executable)
    try:
        browser.open(url)
        before, _ = browser.wait(lambda state: state["audio"] != "")
        if before is None:
            print(json.dumps({"error": "the page did not load"}))
            return 1
        replace(pattern, edit)
        after, edit_seconds = browser.wait(
            lambda state: state["plot"] != before["plot"] and state["audio"] != before["audio"])
        replace(pattern, broken)
        failed, broken_seconds = browser.wait(lambda state: state["failure"] != "")
    finally:
        browser.close()
    report = {
        "before": {"plot": digest(before["plot"]), "audio": digest(before["audio"])},
        "after": {"plot": digest(after["plot"]), "audio": digest(after["audio"])} if after else None,
        "reference": {"plot": digest("|".join(reference.paths)), "audio": digest(reference.audio)},
        "editSeconds": edit_seconds,
        "brokenSeconds": broken_seconds,
        "failure": failed["failure"] if failed else None,
        "diagnostics": failed["diagnostics"] if failed else None,
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
