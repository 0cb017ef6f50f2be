#!/usr/bin/python3
"""Drives headless Chromium through the DevTools protocol for the serve tests.

usage: drive.py URL WIDGET-ID SCREENSHOT.png [CONFIG EDITED IDS]

Loads URL, reads every card's size back from the DOM, takes a screenshot of WIDGET-ID's card (and
counts its colours), clicks that card's control 1 as a person would (mouse events at its centre) and
waits for the card to be redrawn from the server's events. Given CONFIG, it then renames the file
EDITED onto it and waits for the cards to be in the order IDS (comma-separated) says. Prints one
JSON object.
"""
import base64
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

import websocket  # Debian python3-websocket (scripts/setup-tests)


def png_colours(data):
    """The number of distinct pixel values of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat, width, height, colour_type = 8, b"", 0, 0, 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour_type in (2, 6), (depth, colour_type)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    offset = 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        for i in range(0, stride, channels):
            colours.add(bytes(line[i:i + channels]))
        previous = line
    return len(colours), width, height


class Page:
    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.02)
        return None


def main():
    url, widget, screenshot = sys.argv[1:4]
    profile = tempfile.mkdtemp(prefix="widgethost-chromium-")
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-dev-shm-usage", "--remote-debugging-port=0", "--remote-allow-origins=*",
         f"--user-data-dir={profile}", "--window-size=1300,1000", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        deadline = time.monotonic() + 60
        while port is None and time.monotonic() < deadline:
            line = browser.stderr.readline()
            if not line:
                break
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                port = int(found.group(1))
        if port is None:
            raise RuntimeError("chromium did not start its DevTools server")
        targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10).read())
        target = next(t for t in targets if t["type"] == "page")
        page = Page(websocket.create_connection(target["webSocketDebuggerUrl"], timeout=30))
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.call("Page.navigate", url=url)
        card = f'[...document.querySelectorAll(".card")].find(c => c.dataset.widgetId === {json.dumps(widget)})'
        if not page.wait_for(f"document.readyState === 'complete' && !!({card})"):
            raise RuntimeError("the page never showed the card")
        # The page has its events stream open once the server's snapshot has come (cards redrawn).
        page.wait_for("performance.getEntriesByType('resource').some(e => e.name.endsWith('/events'))", 5)
        cards = page.evaluate(
            "[...document.querySelectorAll('.card')].map(c => { const r = c.getBoundingClientRect();"
            " return {id: c.dataset.widgetId, family: c.dataset.family, width: r.width, height: r.height}; })")
        box = page.evaluate(f"(() => {{ const r = ({card}).getBoundingClientRect();"
                            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()")
        shot = page.call("Page.captureScreenshot", format="png",
                         clip={"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"],
                               "scale": 1})
        data = base64.b64decode(shot["data"])
        with open(screenshot, "wb") as file:
            file.write(data)
        colours, shot_width, shot_height = png_colours(data)
        control = f'({card}).querySelector("[data-control=\\"1\\"]")'
        before = page.evaluate(f"{control}.textContent")
        point = page.evaluate(f"(() => {{ const r = {control}.getBoundingClientRect();"
                              " return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()")
        # Mark the card: a redraw from the server replaces it, so the mark goes with it.
        page.evaluate(f"({card}).dataset.before = 'yes'")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            page.call("Input.dispatchMouseEvent", type=kind, x=point["x"], y=point["y"], button="left",
                      clickCount=1)
        clicked = time.monotonic()
        redrawn = page.wait_for(f"!({card}).dataset.before", 20)
        latency = (time.monotonic() - clicked) * 1000
        after = page.evaluate(f"{control} ? {control}.textContent : null")
        # The status line is set when the tap's reply comes, which may be after the events stream
        # has redrawn the card.
        page.wait_for("document.querySelector('.status').textContent.startsWith('[1] of ')", 10)
        status = page.evaluate("document.querySelector('.status').textContent")
        report = {
            "cards": cards, "screenshot": {"colours": colours, "width": shot_width, "height": shot_height},
            "before": before, "after": after, "redrawn": bool(redrawn), "latencyMs": latency, "status": status,
        }
        if len(sys.argv) > 4:
            config, edited, ids = sys.argv[4:7]
            os.rename(edited, config)
            order = "[...document.querySelectorAll('.card')].map(c => c.dataset.widgetId).join(',')"
            page.wait_for(f"{order} === {json.dumps(ids)}", 20)
            report["order"] = page.evaluate(order).split(",")
        print(json.dumps(report))
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
