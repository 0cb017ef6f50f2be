#!/usr/bin/env python3
"""Plugins/Examples/countdown-swift's widget and intent on the Python SDK: the parity test's twin."""
import math
from datetime import datetime, timedelta, timezone
import widgethost_plugin as wh

@wh.intent("RemindIntent", title="Remind", description="Sets a reminder some days before the event.",
           event=wh.string("Launch", title="Event"),
           days=wh.integer(1, minimum=1, maximum=30, title="Days before"))
def remind(event, days):
    if not event:
        raise wh.NeedsValueError("Event", "Which event?")
    return wh.result(value=days, dialog=f"Reminder {days} days before {event}", reload=["Countdown"])

def entry(date, event, days):
    view = wh.vstack(wh.text(f"{event}: {days} days"),
                     wh.button("Remind me", remind(event=event, days=min(max(days, 1), 30))),
                     alignment="leading", spacing=4)
    return wh.entry(date, view, {"event": event, "daysLeft": days})

@wh.widget("Countdown", "", "", families=["systemSmall", "accessoryInline"],
           event=wh.string("Launch", title="Event"),
           date=wh.date(datetime(2027, 1, 1, tzinfo=timezone.utc), title="Date"))
def countdown(config, context):
    if context.method == "placeholder":
        return wh.timeline(entry(context.date, "Event", 0), wh.NEVER)
    days = max(math.ceil((config.date - context.date).total_seconds() / 86_400), 0)
    if context.method == "snapshot":
        return wh.timeline(entry(context.date, config.event, days), wh.NEVER)
    print(f"countdown: {days} days to {config.event}")  # to the plugin's log (stderr)
    return wh.timeline(entry(context.date, config.event, days), wh.after(context.date + timedelta(hours=1)))

wh.serve("countdown-python")
