#!/usr/bin/python3
"""Signs in on a sign-in page in headless Chromium, as a person would: opens URL, types the
user name and password into the form, presses "Sign in", and waits for the page that follows.

Prints JSON lines on stdout: {"chromium_pgid": N} once Chromium runs (so the caller can kill its
whole process group if this script is killed), then {"url": ..., "title": ..., "text": ...} of
the page after the form (the final one, redirects followed). Every wait ends at --timeout;
Chromium's process group is killed on the way out, whatever happens.

Driven over the DevTools protocol (python3-websocket): no Selenium, no driver binary.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


class Deadline:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self, what):
        remaining = self.end - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"timed out waiting for {what}")
        return remaining


class DevTools:
    """One page's DevTools connection: commands by id, events kept until asked for."""

    def __init__(self, ws_url, deadline):
        self.deadline = deadline
        self.ws = websocket.create_connection(ws_url, timeout=deadline.left("DevTools connection"))
        self.next_id = 0
        self.events = []

    def _receive(self, what):
        self.ws.settimeout(self.deadline.left(what))
        return json.loads(self.ws.recv())

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = self._receive(method)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, name):
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == name:
                    del self.events[i]
                    return event
            message = self._receive(name)
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


def devtools_port(profile, deadline):
    path = os.path.join(profile, "DevToolsActivePort")
    while True:
        try:
            with open(path) as f:
                lines = f.read().split("\n")
            if len(lines) >= 2 and lines[0].strip():
                return int(lines[0])
        except FileNotFoundError:
            pass
        deadline.left("Chromium's DevToolsActivePort file")
        time.sleep(0.05)


def page_websocket(port, deadline):
    while True:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=deadline.left("targets")) as r:
            targets = json.load(r)
        pages = [t for t in targets if t.get("type") == "page" and "webSocketDebuggerUrl" in t]
        if pages:
            return pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.05)


def say(value):
    print(json.dumps(value), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    deadline = Deadline(args.timeout)

    profile = tempfile.mkdtemp(prefix="trips-chromium-")
    chromium = subprocess.Popen(
        [
            args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank",
        ],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    say({"chromium_pgid": chromium.pid})
    try:
        tools = DevTools(page_websocket(devtools_port(profile, deadline), deadline), deadline)
        tools.call("Page.enable")
        tools.call("Runtime.enable")
        tools.call("Page.navigate", url=args.url)
        tools.wait_event("Page.loadEventFired")
        # Types as a person would, then presses the button (the form's own submission).
        tools.evaluate(
            "(() => {"
            f"document.getElementById('user').value = {json.dumps(args.user)};"
            f"document.getElementById('password').value = {json.dumps(args.password)};"
            "document.querySelector('button[type=submit]').click(); return true; })()"
        )
        tools.wait_event("Page.loadEventFired")
        page = tools.evaluate(
            "({url: location.href, title: document.title, text: document.body ? document.body.innerText : ''})"
        )
        say(page)
        return 0
    except Exception as error:  # reported, never a traceback: the test prints this line
        say({"error": f"{type(error).__name__}: {error}"})
        return 1
    finally:
        try:
            os.killpg(chromium.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            chromium.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
