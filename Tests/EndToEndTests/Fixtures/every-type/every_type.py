#!/usr/bin/env python3
"""EveryType: one parameter of each type a plugin can declare, for SchemaAgreementTests."""
from datetime import datetime, timezone
import widgethost_plugin as wh

@wh.widget("EveryType", "Every type", "A parameter of each type.", families=["systemSmall"],
           text=wh.string("hello", title="Text"),
           flag=wh.boolean(False, title="Flag"),
           count=wh.integer(3, minimum=1, maximum=10, title="Count"),
           anyCount=wh.integer(0, title="Any count"),
           ratio=wh.number(0.5, title="Ratio"),
           mode=wh.enum(["fast", "slow"], "fast", title="Mode"),
           day=wh.date(datetime(2027, 1, 1, tzinfo=timezone.utc), title="Day"),
           tags=wh.array(wh.string(), [], title="Tags"),
           note=wh.string(title="Note", optional=True))
def every_type(config, context):
    return wh.timeline(wh.entry(context.date, wh.text(config.text), {}), wh.NEVER)

wh.serve("every-type")
