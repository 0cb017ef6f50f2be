#!/usr/bin/env python3
"""A widgethost plugin in Python: PythonClock shows the time in a chosen zone; its button chimes."""
from datetime import timedelta, timezone
import widgethost_plugin as wh

@wh.intent("ChimeIntent", title="Chime", description="Rings the clock's bell.",
           times=wh.integer(1, minimum=1, maximum=12, title="Times"),
           sound=wh.enum(["bell", "gong"], "bell", title="Sound"))
def chime(times, sound):
    sounds = " ".join([sound] * times)
    return wh.result(value=sounds, dialog=f"{sounds}!", reload=["PythonClock"])

@wh.widget("PythonClock", "Clock", "The time, as a plugin sees it.", families=["systemSmall", "accessoryInline"],
           label=wh.string("Now", title="Label"),
           utcOffset=wh.integer(0, minimum=-12, maximum=14, title="UTC offset (hours)"))
def clock(config, context):
    entries = []
    for minute in range(3 if context.method == "timeline" else 1):
        date = context.date + timedelta(minutes=minute)
        time = date.astimezone(timezone(timedelta(hours=config.utcOffset))).strftime("%H:%M")
        view = wh.vstack(wh.text(f"{config.label} {time}"), wh.button("Chime", chime(times=2, sound="gong")))
        entries.append(wh.entry(date, view, {"time": time}))
    return wh.timeline(entries, wh.AT_END)

wh.serve("python-clock")
