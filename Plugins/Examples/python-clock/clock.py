#!/usr/bin/env python3
"""A widgethost plugin in Python: one widget, PythonClock, showing the time in a chosen zone."""
import json, os, sys
from datetime import datetime, timedelta, timezone

if sys.stdin.isatty() and "WIDGETHOST_PLUGIN" not in os.environ:
    sys.exit("python-clock is a widgethost plugin; run it with 'widgethost run --plugins DIR'.")

WIDGET = {"kind": "PythonClock", "displayName": "Clock", "description": "The time, as a plugin sees it.",
          "supportedFamilies": ["systemSmall", "accessoryInline"],
          "parameters": [{"name": "label", "title": "Label", "type": "string", "default": "Now"},
                         {"name": "utcOffset", "title": "UTC offset (hours)", "type": "integer",
                          "default": 0, "minimum": -12, "maximum": 14}]}

def timeline(p):
    now = datetime.fromisoformat(p["date"].replace("Z", "+00:00"))
    conf, entries = p["configuration"], []
    for minute in range(3 if p.get("method") == "timeline" else 1):
        date = now + timedelta(minutes=minute)
        text = date.astimezone(timezone(timedelta(hours=conf["utcOffset"]))).strftime("%H:%M")
        entries.append({"date": date.strftime("%Y-%m-%dT%H:%M:%SZ"), "data": {"time": text},
                        "view": {"type": "text", "text": f"{conf['label']} {text}"}})
    return {"entries": entries, "policy": {"policy": "atEnd"}}

for line in sys.stdin:
    request = json.loads(line)
    method, params = request.get("method"), request.get("params", {})
    if "id" not in request:
        continue  # a notification: nothing to answer
    if method == "initialize":
        reply = {"result": {"protocolVersion": 1, "plugin": {"name": "python-clock", "version": "1.0"},
                            "widgets": [WIDGET], "intents": []}}
    elif method in ("timeline", "snapshot", "placeholder"):
        reply = {"result": timeline(dict(params, method=method))}
    else:
        reply = {"error": {"code": -32601, "message": f"unknown method {method}"}}
    print(json.dumps({"jsonrpc": "2.0", "id": request["id"], **reply}), flush=True)
