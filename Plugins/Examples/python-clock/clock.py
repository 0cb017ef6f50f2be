#!/usr/bin/env python3
"""A widgethost plugin in Python: PythonClock shows the time in a chosen zone; its button chimes."""
import json, os, sys
from datetime import datetime, timedelta, timezone

if sys.stdin.isatty() and "WIDGETHOST_PLUGIN" not in os.environ:
    sys.exit("python-clock is a widgethost plugin; run it with 'widgethost run --plugins DIR'.")

WIDGET = {"kind": "PythonClock", "displayName": "Clock", "description": "The time, as a plugin sees it.",
          "supportedFamilies": ["systemSmall", "accessoryInline"],
          "parameters": [{"name": "label", "title": "Label", "type": "string", "default": "Now"},
                         {"name": "utcOffset", "title": "UTC offset (hours)", "type": "integer",
                          "default": 0, "minimum": -12, "maximum": 14}]}
CHIME = {"type": "ChimeIntent", "title": "Chime", "description": "Rings the clock's bell.", "parameters": [
    {"name": "times", "title": "Times", "type": "integer", "default": 1, "minimum": 1, "maximum": 12},
    {"name": "sound", "title": "Sound", "type": "enum", "cases": ["bell", "gong"], "default": "bell"}]}
BUTTON = {"type": "button", "intent": {"type": "ChimeIntent", "parameters": {"times": 2, "sound": "gong"}},
          "children": [{"type": "text", "text": "Chime"}]}

def timeline(p):
    now, conf, entries = datetime.fromisoformat(p["date"].replace("Z", "+00:00")), p["configuration"], []
    for minute in range(3 if p.get("method") == "timeline" else 1):
        date = now + timedelta(minutes=minute)
        text = date.astimezone(timezone(timedelta(hours=conf["utcOffset"]))).strftime("%H:%M")
        view = {"type": "vstack", "children": [{"type": "text", "text": f"{conf['label']} {text}"}, BUTTON]}
        entries.append({"date": date.strftime("%Y-%m-%dT%H:%M:%SZ"), "data": {"time": text}, "view": view})
    return {"entries": entries, "policy": {"policy": "atEnd"}}

for line in sys.stdin:
    request = json.loads(line)
    method, params = request.get("method"), request.get("params", {})
    if "id" not in request:
        continue  # a notification: nothing to answer
    if method == "initialize":
        reply = {"result": {"protocolVersion": 1, "plugin": {"name": "python-clock", "version": "1.0"},
                            "widgets": [WIDGET], "intents": [CHIME]}}
    elif method in ("timeline", "snapshot", "placeholder"):
        reply = {"result": timeline(dict(params, method=method))}
    elif method == "perform":  # ChimeIntent, the one intent declared; the host checked the values
        sounds = " ".join([params["parameters"]["sound"]] * params["parameters"]["times"])
        reply = {"result": {"value": sounds, "dialog": f"{sounds}!", "reload": ["PythonClock"]}}
    else:
        reply = {"error": {"code": -32601, "message": f"unknown method {method}"}}
    print(json.dumps({"jsonrpc": "2.0", "id": request["id"], **reply}), flush=True)
