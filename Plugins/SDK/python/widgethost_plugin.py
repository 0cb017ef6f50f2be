"""Write widgethost plugins in Python: declare widgets and intents, return views, call serve().

A whole plugin (its folder also holds a plugin.yaml naming this file as its executable)::

    #!/usr/bin/env python3
    import widgethost_plugin as wh

    @wh.intent("GreetIntent", title="Greet", name=wh.string("World", title="Name"))
    def greet(name):
        return wh.result(value=name, dialog=f"Hello, {name}!", reload=["HelloWidget"])

    @wh.widget("HelloWidget", "Hello", "Greets someone.", families=["systemSmall"],
               name=wh.string("World", title="Name"))
    def hello(config, context):
        view = wh.vstack(wh.text(f"Hello, {config.name}!"), wh.button("Greet", greet(name=config.name)))
        return wh.timeline([wh.entry(context.date, view, {"name": config.name})], wh.NEVER)

    wh.serve()

The module speaks the plugin protocol of widgethost (JSON-RPC 2.0, one JSON object a line on
stdin and stdout): the `initialize` handshake is built from the declarations, which are checked
when they are made (so a plugin that imports without an error has a handshake the host accepts);
dates travel as ISO 8601 text and reach your code as timezone-aware datetimes; `print` goes to
stderr (the plugin's log) from the moment the module is imported under widgethost (a `print` at
the top of the plugin included); an intent refuses a value by raising NeedsValueError,
which the host reports as invalid input. Standard library only, Python 3.9 or later; copy this one
file next to a plugin, or `pip install Plugins/SDK/python`.
"""

import functools
import inspect
import json
import math
import os
import re
import sys
import traceback
from datetime import datetime, timedelta, timezone

__all__ = [
    "AT_END", "NEVER", "CodedError", "Context", "DeclarationError", "Entry", "Intent", "IntentCall",
    "NeedsValueError", "Parameter", "Plugin", "PluginError", "Result", "SharedDefaults", "Timeline",
    "Values", "View", "Widget", "after", "array", "boolean", "button", "date", "entry", "enum",
    "format_date", "hstack", "image", "integer", "intent", "link", "number", "parse_date", "progress",
    "result", "serve",
    "spacer", "string", "text", "timeline", "toggle", "vstack", "widget", "zstack",
]
__version__ = "1.0"

PROTOCOL_VERSION = 1
FAMILIES = ("systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
            "accessoryCircular", "accessoryRectangular", "accessoryInline")
DEFAULT_FAMILIES = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?"
                   r"(?:([Zz])|([+-])(\d{2}):(\d{2}))?)?\Z")


class DeclarationError(ValueError):
    """A widget, intent or parameter declared in a way the host would refuse; raised where it is made."""


class PluginError(RuntimeError):
    """What the plugin code returned cannot be sent (a naive datetime, a kind not declared, ...)."""


class CodedError(Exception):
    """Raise it from an intent or a widget to fail with a code scripts can tell apart, as the Swift
    SDK's `CodedError`: `CodedError("station.closed", "the station is closed until 6:00")`. The host
    reports the failure (`plugin.error`, exit 1) with the message, and the code as its `reason`; a
    code is lower-case words joined by dots and dashes. No traceback is logged: it is no bug.
    """

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class NeedsValueError(Exception):
    """Raise it from an intent to refuse a value: the host reports invalid input (perform exits 65).

    `NeedsValueError("times", "Chime at most 12 times")`; without a message, "a value is needed for
    'Times'" (the parameter's title), as the Swift SDK's `$parameter.needsValueError()`.
    """

    def __init__(self, parameter, message=None):
        super().__init__(message or f"a value is needed for '{parameter}'")
        self.parameter = parameter
        self.message = message


# Dates --------------------------------------------------------------------------------------------

def parse_date(text):
    """An aware datetime from ISO 8601 text as the host writes it: `2026-11-29T12:00:00Z`, with a
    fraction or an offset, or a calendar date `2026-11-29` (midnight UTC). Strict: `2026-02-30`, a
    time without a zone and anything else raise ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an ISO 8601 date such as 2026-11-29 or 2026-11-29T12:00:00Z")
    return _parse_date(text)


@functools.lru_cache(maxsize=512)  # a run sends every widget the same date
def _parse_date(text):
    match = _DATE.match(text)
    if not match:
        raise ValueError(f"'{text}' is not an ISO 8601 date such as 2026-11-29 or 2026-11-29T12:00:00Z")
    year, month, day, hour, minute, second, fraction, zulu, sign, off_hours, off_minutes = match.groups()
    if hour is not None and zulu is None and sign is None:
        raise ValueError(f"'{text}' has no time zone; end it with Z or an offset such as +02:00")
    try:
        value = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                         int(second or 0), int((fraction or "0")[:6].ljust(6, "0")), timezone.utc)
        offset = timedelta(hours=int(off_hours), minutes=int(off_minutes)) if sign else timedelta()
    except ValueError:
        raise ValueError(f"'{text}' is not a valid date") from None
    if offset >= timedelta(days=1):
        raise ValueError(f"'{text}' has an offset out of range")
    return value - offset if sign == "+" else value + offset


def format_date(value):
    """ISO 8601 text of an aware datetime as the host writes it: UTC, `2026-11-29T12:00:00Z`, or
    with milliseconds (`...00.250Z`) when it has a fraction. A naive datetime raises PluginError:
    `datetime.now()` is local time, so say which zone (`datetime.now(timezone.utc)`)."""
    if not isinstance(value, datetime):
        raise PluginError(f"{value!r} is not a datetime")
    if value.tzinfo is None or value.utcoffset() is None:
        raise PluginError(f"the datetime {value} has no time zone; use an aware one, such as "
                          "datetime.now(timezone.utc) or the context's date")
    return _format_date(value)


@functools.lru_cache(maxsize=512)  # entries of one run share their dates
def _format_date(value):
    value = value.astimezone(timezone.utc)
    milliseconds = (value.microsecond + 500) // 1000
    if milliseconds == 1000:
        value, milliseconds = value + timedelta(seconds=1), 0
    text = (f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
            f"T{value.hour:02d}:{value.minute:02d}:{value.second:02d}")
    return text + (f".{milliseconds:03d}Z" if milliseconds else "Z")


def _json_default(value):
    # The encoder calls this only for what it cannot write itself: dates in entry data and values.
    if isinstance(value, datetime):
        return format_date(value)
    raise PluginError(f"{value!r} ({type(value).__name__}) cannot be written as JSON")


# One encoder for every reply: json.dumps with options builds a new one each call.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=_json_default,
                            allow_nan=False)


# Parameters -----------------------------------------------------------------------------------------

_MISSING = object()


class Parameter:
    """A typed parameter: made by string(), boolean(), integer(), number(), enum(), date(), array()."""

    def __init__(self, type_name, default=_MISSING, title=None, optional=False, minimum=None,
                 maximum=None, cases=None, items=None, options=None):
        self.type, self.title, self.optional = type_name, title, optional
        if options is not None and not callable(options):
            raise DeclarationError(f"the options of a parameter are a function of the context returning "
                                   f"the choices, not {options!r}")
        self.options = options
        self.minimum, self.maximum, self.cases, self.items = minimum, maximum, cases, items
        self.default = default
        self.name = None
        # A default that does not fit is refused when the parameter is declared, where its name
        # is known ("the widget 'Clock': the parameter 'count': the default '90' is not ...").
        self.default_problem = None
        if type_name == "integer":
            for bound, label in ((minimum, "minimum"), (maximum, "maximum")):
                if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int)):
                    raise DeclarationError(f"the {label} {bound!r} is not an integer")
            if minimum is not None and maximum is not None and minimum > maximum:
                raise DeclarationError(f"the minimum {minimum} is above the maximum {maximum}")
        elif minimum is not None or maximum is not None:
            raise DeclarationError(f"only integer parameters take a minimum and a maximum, not {type_name}")
        if type_name == "enum":
            if isinstance(cases, str) or not cases or not all(isinstance(c, str) and c for c in cases):
                raise DeclarationError("an enum takes a list of non-empty strings as its cases, "
                                       f"not {cases!r}")
            if len(set(cases)) != len(cases):
                raise DeclarationError(f"the cases {list(cases)!r} name one case twice")
            self.cases = list(cases)
        if type_name == "array":
            if not isinstance(items, Parameter) or items.type == "array":
                raise DeclarationError("an array takes the type of its items, such as array(integer()), "
                                       "and arrays do not nest")
            if items.default is not _MISSING:
                raise DeclarationError("an array's items take no default; give the array one")
        if default is not _MISSING and not (default is None and optional) and not self._fits(default):
            self.default_problem = f"the default {default!r} is not {self.describe()}"

    def describe(self):
        """The type in words: `an integer from 1 to 12`, `one of bell, gong`."""
        if self.type == "enum":
            return "one of " + ", ".join(self.cases)
        if self.type == "array":
            return "a list of " + self.items.describe()
        if self.type == "integer" and (self.minimum is not None or self.maximum is not None):
            if self.maximum is None:
                return f"an integer of at least {self.minimum}"
            if self.minimum is None:
                return f"an integer of at most {self.maximum}"
            return f"an integer from {self.minimum} to {self.maximum}"
        return {"string": "a string", "boolean": "true or false", "integer": "an integer",
                "number": "a number", "date": "an ISO 8601 date or an aware datetime"}[self.type]

    def check(self, value, what):
        """Raises DeclarationError unless `value` fits this type (what: "the default", ...)."""
        if not self._fits(value):
            raise DeclarationError(f"{what} {value!r} is not {self.describe()}")

    def _fits(self, value):
        kind = self.type
        if kind == "string":
            return isinstance(value, str)
        if kind == "boolean":
            return isinstance(value, bool)
        if kind == "integer":
            return (isinstance(value, int) and not isinstance(value, bool)
                    and (self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum))
        if kind == "number":
            return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if kind == "enum":
            return value in self.cases
        if kind == "date":
            if isinstance(value, datetime):
                return value.utcoffset() is not None
            try:
                parse_date(value)
                return True
            except ValueError:
                return False
        return isinstance(value, (list, tuple)) and all(self.items._fits(item) for item in value)

    def to_json(self, value):
        """A value of this type as the protocol carries it (datetimes become text)."""
        if self.type == "date" and isinstance(value, datetime):
            return format_date(value)
        if self.type == "array":
            return [self.items.to_json(item) for item in value]
        return value

    def from_json(self, value):
        """A value sent by the host as Python: dates become aware datetimes, numbers floats."""
        if value is None:
            return None
        if self.type == "date":
            return parse_date(value)
        if self.type == "number":
            return float(value)
        if self.type == "array":
            return [self.items.from_json(item) for item in value]
        return value

    def declaration(self):
        """The parameter as the handshake declares it."""
        members = {"name": self.name, "title": self.title or self.name}
        members.update(self._type_members())
        if self.default is not _MISSING and self.default is not None:
            members["default"] = self.to_json(self.default)
        bounds = self.items if self.type == "array" else self
        if bounds.minimum is not None:
            members["minimum"] = bounds.minimum
        if bounds.maximum is not None:
            members["maximum"] = bounds.maximum
        if self.optional:
            members["optional"] = True
        if self.options is not None:
            members["dynamicOptions"] = True
        return members

    def choices(self, context):
        """The choices `options(context)` gives from the app's data, checked and as JSON."""
        made = self.options(context)
        if isinstance(made, (str, bytes)) or not hasattr(made, "__iter__"):
            raise PluginError(f"the options of '{self.name}' returned {made!r}, not a list of choices")
        made = list(made)
        for item in made:
            if not self._fits(item):
                raise PluginError(f"the options of '{self.name}' returned {item!r}, which is not "
                                  f"{self.describe()}")
        return [self.to_json(item) for item in made]

    def _type_members(self):
        members = {"type": self.type}
        if self.type == "enum":
            members["cases"] = list(self.cases)
            titles = getattr(self, "case_titles", None)
            if titles is not None and titles != self.cases:
                members["caseTitles"] = list(titles)
            if getattr(self, "type_name", None) is not None:
                members["typeName"] = self.type_name
        if self.type == "array":
            members["items"] = self.items._type_members()
        return members


def string(default=_MISSING, *, title=None, optional=False, options=None):
    """A text parameter; without a default a configuration must give it (unless optional).
    `options=lambda context: [...]` gives its choices from the app's data (`describe --store`)."""
    return Parameter("string", default, title, optional, options=options)


def boolean(default=_MISSING, *, title=None, optional=False):
    """A true/false parameter."""
    return Parameter("boolean", default, title, optional)


def integer(default=_MISSING, *, minimum=None, maximum=None, title=None, optional=False, options=None):
    """A whole number, optionally within minimum...maximum (the host checks the range)."""
    return Parameter("integer", default, title, optional, minimum=minimum, maximum=maximum,
                     options=options)


def number(default=_MISSING, *, title=None, optional=False):
    """Any finite number; reaches your code as a float."""
    return Parameter("number", default, title, optional)


def enum(cases, default=_MISSING, *, title=None, optional=False, type_name=None):
    """One of `cases`: a list of strings, or a dict of each case's title by its value
    (`{"todo": "To-do"}`); `type_name` is what the host calls the enumeration in its messages
    ("'weekly' is not a task type")."""
    titles = None
    if isinstance(cases, dict):
        titles = list(cases.values())
        if not all(isinstance(t, str) and t for t in titles):
            raise DeclarationError(f"an enum's titles are non-empty strings, not {titles!r}")
        cases = list(cases.keys())
    if type_name is not None and not (isinstance(type_name, str) and type_name):
        raise DeclarationError(f"an enum's type name is a non-empty string, not {type_name!r}")
    parameter = Parameter("enum", default, title, optional, cases=cases)
    parameter.case_titles, parameter.type_name = titles, type_name
    return parameter


def date(default=_MISSING, *, title=None, optional=False):
    """A date: ISO 8601 text in configurations, an aware datetime in your code."""
    return Parameter("date", default, title, optional)


def array(items, default=_MISSING, *, title=None, optional=False):
    """A list of `items` (another parameter type without a default, e.g. `array(integer(minimum=1))`)."""
    return Parameter("array", default, title, optional, items=items)


def _limits(kind, limits, parameters):
    """`{parameter: {family: n}}`, checked: each names an integer parameter, a family and a whole
    number."""
    if limits is None:
        return {}
    if not isinstance(limits, dict):
        raise DeclarationError(f"the widget '{kind}' has limits {limits!r}, not a dict")
    types = {parameter.name: parameter.type for parameter in parameters}
    checked = {}
    for name, by_family in limits.items():
        if types.get(name) != "integer":
            raise DeclarationError(f"the widget '{kind}' limits '{name}', which is not an integer parameter "
                                   "of it")
        if not isinstance(by_family, dict):
            raise DeclarationError(f"the widget '{kind}' limits '{name}' with {by_family!r}, not a dict of "
                                   "families")
        for family, limit in by_family.items():
            if family not in FAMILIES:
                raise DeclarationError(f"the widget '{kind}' limits '{name}' in the unknown family {family!r}")
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                raise DeclarationError(f"the widget '{kind}' limits '{name}' in {family} to {limit!r}, not a "
                                       "whole number")
        checked[name] = dict(by_family)
    return checked


def _parameters(owner, declared, explicit):
    declared = dict(declared)
    for name, parameter in (explicit or {}).items():
        if name in declared:
            raise DeclarationError(f"{owner} declares the parameter '{name}' twice")
        declared[name] = parameter
    result = []
    for name, parameter in declared.items():
        if not isinstance(name, str) or not _IDENTIFIER.match(name):
            raise DeclarationError(f"{owner}: the parameter name {name!r} is not an identifier "
                                   "(ASCII letters, digits and _, not starting with a digit)")
        if not isinstance(parameter, Parameter):
            raise DeclarationError(f"{owner}: the parameter '{name}' is {parameter!r}, not a parameter "
                                   "made by string(), boolean(), integer(), number(), enum(), date() "
                                   "or array()")
        if parameter.name is not None:
            raise DeclarationError(f"{owner}: the parameter '{name}' is already the parameter "
                                   f"'{parameter.name}' of another declaration; make a new one")
        if parameter.default_problem is not None:
            raise DeclarationError(f"{owner}: the parameter '{name}': {parameter.default_problem}")
        parameter.name = name
        result.append(parameter)
    return result


def _check_name(what, name):
    if not isinstance(name, str) or not _IDENTIFIER.match(name):
        raise DeclarationError(f"the {what} {name!r} is not an identifier (ASCII letters, digits and _, "
                               "not starting with a digit)")


class Values:
    """A widget's configuration or an intent's values: `config.label` or `config["label"]`."""

    def __init__(self, values):
        self.__dict__.update(values)

    def __getitem__(self, name):
        return self.__dict__[name]

    def __contains__(self, name):
        return name in self.__dict__

    def __iter__(self):
        return iter(self.__dict__)

    def __eq__(self, other):
        return isinstance(other, Values) and other.__dict__ == self.__dict__

    def __repr__(self):
        return f"Values({self.__dict__!r})"


def _decode(owner, parameters, sent):
    if sent is None:
        sent = {}
    if not isinstance(sent, dict):
        raise NeedsValueError(owner, f"the values for {owner} are not an object")
    values = {}
    for parameter in parameters:
        if parameter.name in sent:
            value = sent[parameter.name]
        elif parameter.default is not _MISSING:
            value = parameter.to_json(parameter.default)
        elif parameter.optional:
            value = None
        else:
            raise NeedsValueError(parameter.name, f"a value is needed for '{parameter.name}'")
        if value is None and not parameter.optional:
            raise NeedsValueError(parameter.name, f"a value is needed for '{parameter.name}'")
        if value is not None and not parameter._fits(value):
            raise NeedsValueError(parameter.name,
                                  f"'{parameter.name}' must be {parameter.describe()}, not {value!r}")
        values[parameter.name] = parameter.from_json(value)
    return values


# Views ----------------------------------------------------------------------------------------------

_FONT_STYLES = ("largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout",
                "footnote", "caption", "caption2")
_WEIGHTS = ("ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black")
_STYLES = ("primary", "secondary", "tertiary", "quaternary", "red", "orange", "yellow", "green", "mint",
           "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "white", "gray", "black", "clear",
           "accentColor", "fill", "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
           "label", "secondaryLabel", "systemGray")
# A style taken at a level, as SwiftUI's `.red.secondary`.
_LEVELS = ("secondary", "tertiary", "quaternary")
_FRAME_ALIGNMENTS = ("center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing",
                     "bottomLeading", "bottomTrailing")
_EDGES = ("all", "horizontal", "vertical", "top", "bottom", "leading", "trailing")
_TRANSITIONS = ("identity", "opacity", "interpolate", "numericText", "symbolEffect")
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}(/#[0-9A-Fa-f]{6})?\Z")


def _style(style):
    name, level = style, None
    if isinstance(style, str) and "." in style:
        name, level = style.split(".", 1)
    if not ((name in _STYLES or (isinstance(name, str) and _COLOUR.match(name)))
            and (level is None or level in _LEVELS)):
        raise ValueError(f"the style {style!r} is not one of {', '.join(_STYLES)}, #RRGGBB or #RRGGBB/#RRGGBB, "
                         f"optionally at a level ({', '.join('.' + level for level in _LEVELS)})")
    return style


class View(dict):
    """A view node: the JSON object the host draws. Modifiers chain as in SwiftUI, in order:
    `text("Late").font("caption").foregroundStyle("red").padding(4)`."""

    def _modify(self, kind, **values):
        modifier = {"type": kind}
        modifier.update((key, value) for key, value in values.items() if value is not None)
        self.setdefault("modifiers", []).append(modifier)
        return self

    def font(self, style=None, *, size=None):
        """`font(style)` (largeTitle ... caption2) or `font(size=12)`."""
        if (style is None) == (size is None):
            raise ValueError("font takes a style or a size, one of them")
        if style is not None and style not in _FONT_STYLES:
            raise ValueError(f"the font style {style!r} is not one of {', '.join(_FONT_STYLES)}")
        if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float)) or size <= 0):
            raise ValueError(f"the font size {size!r} is not a positive number")
        return self._modify("font", style=style, size=size)

    def fontWeight(self, weight):
        """ultraLight, thin, light, regular, medium, semibold, bold, heavy or black."""
        if weight not in _WEIGHTS:
            raise ValueError(f"the font weight {weight!r} is not one of {', '.join(_WEIGHTS)}")
        return self._modify("fontWeight", weight=weight)

    def foregroundStyle(self, style):
        """primary, secondary, tertiary, quaternary, a colour name, #RRGGBB, or #RRGGBB/#RRGGBB (light, dark)."""
        return self._modify("foregroundStyle", style=_style(style))

    def tint(self, style):
        """The tint of the controls and progress bars inside (a style, as foregroundStyle)."""
        return self._modify("tint", style=_style(style))

    def strikethrough(self, active=True):
        """Strikes the text through (or not)."""
        return self._modify("strikethrough", isActive=bool(active))

    def lineLimit(self, limit):
        """At most `limit` lines (a positive integer)."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"the line limit {limit!r} is not a positive integer")
        return self._modify("lineLimit", limit=limit)

    def padding(self, length=None, *, edges="all"):
        """Padding on `edges` (all, horizontal, vertical, top, bottom, leading, trailing)."""
        if edges not in _EDGES:
            raise ValueError(f"the edges {edges!r} are not one of {', '.join(_EDGES)}")
        if length is not None and (isinstance(length, bool) or not isinstance(length, (int, float))
                                   or length < 0):
            raise ValueError(f"the padding length {length!r} is not a number of points")
        return self._modify("padding", edges=edges, length=length)

    def background(self, *content, alignment=None):
        """A background of a style (as foregroundStyle: `background("red")`), or of a view (several
        views are a zstack of them, the first at the back) placed at `alignment` (center, topLeading
        ...) as SwiftUI's background(alignment:content:) places it."""
        if len(content) == 1 and isinstance(content[0], str):
            if alignment is not None:
                raise ValueError("a background's alignment places a view; a style fills the whole view")
            return self._modify("background", style=_style(content[0]))
        return self._modify("background", alignment=_alignment("background", alignment),
                            view=_layered("background", content))

    def overlay(self, *content, alignment=None):
        """A view drawn over this one (several views are a zstack of them), placed at `alignment`
        (center, topLeading ...), as SwiftUI's overlay(alignment:content:)."""
        return self._modify("overlay", alignment=_alignment("overlay", alignment),
                            view=_layered("overlay", content))

    def fixedSize(self, horizontal=True, vertical=True):
        """The view at its ideal size along the axes named (a text unwrapped and uncut); each axis is
        written only when False."""
        return self._modify("fixedSize", horizontal=None if horizontal else False,
                            vertical=None if vertical else False)

    def layoutPriority(self, value):
        """Which view of a stack gets room first: the highest `value` (SwiftUI's default is 0)."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"the layout priority {value!r} is not a finite number")
        return self._modify("layoutPriority", value=value)

    def minimumScaleFactor(self, factor):
        """How far text that does not fit shrinks (`factor` of its size, above 0 and at most 1)
        before it is cut."""
        if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0 < factor <= 1:
            raise ValueError(f"the minimum scale factor {factor!r} is not above 0 and at most 1")
        return self._modify("minimumScaleFactor", factor=factor)

    def scaleEffect(self, scale=1, *, x=None, y=None, anchor=None):
        """Draws the view at `scale` times its size (or `x` times as wide, `y` times as tall),
        about `anchor`: a point's name (`"topLeading"`, ...) or an `(x, y)` pair of fractions of
        its frame, the centre unless given; its frame stays."""
        _finite("scale effect", scale)
        x, y = scale if x is None else x, scale if y is None else y
        _finite("scale effect's x", x)
        _finite("scale effect's y", y)
        factors = {"scale": x} if x == y else {"x": x, "y": y}
        return self._modify("scaleEffect", **factors, **_anchor("scale effect", anchor))

    def rotationEffect(self, degrees, *, anchor=None):
        """Draws the view turned by `degrees`, clockwise, about `anchor` (as `scaleEffect`'s);
        its frame stays."""
        _finite("rotation effect", degrees)
        return self._modify("rotationEffect", degrees=degrees, **_anchor("rotation effect", anchor))

    def offset(self, x=0, y=0):
        """Draws the view moved by `x` and `y` points; its frame, and the layout, stay."""
        _finite("offset's x", x)
        _finite("offset's y", y)
        return self._modify("offset", x=x, y=y)

    def shadow(self, radius, *, color="black", opacity=None, x=0, y=0):
        """A shadow of the view under it: its shape blurred by `radius` points, moved by `x` and
        `y`, in `color` (`opacity` 0 to 1; iOS's default is black at 0.33)."""
        if isinstance(radius, bool) or not isinstance(radius, (int, float)) or not 0 <= radius < math.inf:
            raise ValueError(f"the shadow's radius {radius!r} is not a number of points")
        if opacity is None and color == "black":
            opacity = 0.33
        if opacity is not None and (isinstance(opacity, bool) or not isinstance(opacity, (int, float))
                                    or not 0 <= opacity <= 1):
            raise ValueError(f"the shadow's opacity {opacity!r} is not from 0 to 1")
        _finite("shadow's x", x)
        _finite("shadow's y", y)
        return self._modify("shadow", color=_style(color), opacity=opacity, radius=radius, x=x, y=y)

    def frame(self, *, width=None, height=None, maxWidth=None, maxHeight=None, alignment=None):
        """A frame in points; `maxWidth="infinity"` fills the width."""
        for label, value in (("width", width), ("height", height), ("maxWidth", maxWidth),
                             ("maxHeight", maxHeight)):
            if value is not None and value != "infinity" and (
                    isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
                raise ValueError(f"the frame's {label} {value!r} is not a number of points or 'infinity'")
        if alignment is not None and alignment not in _FRAME_ALIGNMENTS:
            raise ValueError(f"the frame's alignment {alignment!r} is not one of {', '.join(_FRAME_ALIGNMENTS)}")
        return self._modify("frame", width=width, height=height, maxWidth=maxWidth, maxHeight=maxHeight,
                            alignment=alignment)

    def opacity(self, value):
        """Opacity from 0 to 1."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"the opacity {value!r} is not from 0 to 1")
        return self._modify("opacity", value=value)

    def contentTransition(self, transition):
        """identity, opacity, interpolate or numericText."""
        if transition not in _TRANSITIONS:
            raise ValueError(f"the transition {transition!r} is not one of {', '.join(_TRANSITIONS)}")
        return self._modify("contentTransition", transition=transition)

    def invalidatableContent(self):
        """Marks content that goes stale while an intent runs."""
        return self._modify("invalidatableContent")

    def widgetAccentable(self):
        """Tinted in the accented rendering mode."""
        return self._modify("widgetAccentable")

    def disabled(self, disabled=True):
        """A control that cannot be used (or, with False, can again)."""
        return self._modify("disabled") if disabled else self._modify("disabled", isActive=False)

    def containerBackground(self, style):
        """The widget's background (on the root view)."""
        return self._modify("containerBackground", style=_style(style))

    def contentMarginsDisabled(self):
        """On the root view: the content takes the whole widget, without the family's margins
        (WidgetKit's configuration modifier .contentMarginsDisabled())."""
        return self._modify("contentMarginsDisabled")

    def widgetURL(self, url):
        """The URL the whole widget opens (on the root view; the only link of the small families)."""
        if not isinstance(url, str) or ":" not in url:
            raise ValueError(f"the widget URL {url!r} is not an absolute URL")
        self["url"] = url
        return self

    font_weight, foreground_style, line_limit = fontWeight, foregroundStyle, lineLimit
    content_transition, invalidatable_content = contentTransition, invalidatableContent
    widget_accentable, container_background, widget_url = widgetAccentable, containerBackground, widgetURL
    fixed_size, layout_priority, minimum_scale_factor = fixedSize, layoutPriority, minimumScaleFactor
    scale_effect, rotation_effect = scaleEffect, rotationEffect
    content_margins_disabled = contentMarginsDisabled


def _finite(what, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"the {what} {value!r} is not a finite number")


_UNIT_POINTS = {"topLeading": (0, 0), "top": (0.5, 0), "topTrailing": (1, 0), "leading": (0, 0.5),
                "center": (0.5, 0.5), "trailing": (1, 0.5), "bottomLeading": (0, 1), "bottom": (0.5, 1),
                "bottomTrailing": (1, 1)}


def _anchor(what, anchor):
    """A drawing effect's `anchorX` and `anchorY`, none for the centre."""
    if anchor is None:
        return {}
    if isinstance(anchor, str):
        if anchor not in _UNIT_POINTS:
            raise ValueError(f"the {what}'s anchor {anchor!r} is not one of {', '.join(_UNIT_POINTS)}")
        x, y = _UNIT_POINTS[anchor]
    elif isinstance(anchor, (tuple, list)) and len(anchor) == 2:
        x, y = anchor
        _finite(f"{what}'s anchor x", x)
        _finite(f"{what}'s anchor y", y)
    else:
        raise ValueError(f"the {what}'s anchor {anchor!r} is not a point's name or an (x, y) pair")
    return {} if (x, y) == (0.5, 0.5) else {"anchorX": x, "anchorY": y}


def _alignment(owner, alignment):
    if alignment is not None and alignment not in _FRAME_ALIGNMENTS:
        raise ValueError(f"the {owner}'s alignment {alignment!r} is not one of {', '.join(_FRAME_ALIGNMENTS)}")
    return alignment


def _layered(owner, content):
    """The node an overlay or a background carries: its one view, or a zstack of its views."""
    nodes = _children([content])
    if not nodes:
        raise ValueError(f"the {owner} has no view; give it a view (text(...), image(...) ...)")
    return nodes[0] if len(nodes) == 1 else View(type="zstack", children=nodes)


def _children(views):
    nodes = []
    for view in views:
        if view is None:
            continue
        if isinstance(view, (list, tuple)):
            nodes.extend(_children(view))
        elif isinstance(view, str):
            nodes.append(text(view))
        elif isinstance(view, View):
            nodes.append(view)
        else:
            raise ValueError(f"{view!r} is not a view; build views with vstack(), text(), button() ...")
    return nodes


_COLUMN_ALIGNMENTS = ("leading", "center", "trailing")
_ROW_ALIGNMENTS = ("top", "center", "bottom", "firstTextBaseline", "lastTextBaseline")


def _stack(kind, children, alignment, spacing, alignments):
    node = View(type=kind)
    if alignment is not None:
        if alignment not in alignments:
            raise ValueError(f"the {kind}'s alignment {alignment!r} is not one of {', '.join(alignments)}")
        node["alignment"] = alignment
    if spacing is not None:
        if isinstance(spacing, bool) or not isinstance(spacing, (int, float)) or not 0 <= spacing < float("inf"):
            raise ValueError(f"the {kind}'s spacing {spacing!r} is not a number of points, 0 or more")
        node["spacing"] = spacing
    node["children"] = _children(children)
    return node


def vstack(*children, alignment=None, spacing=None):
    """Children top to bottom (lists are flattened, None skipped, strings become text), lined up at
    `alignment` (leading, center, trailing; SwiftUI's default is center) and `spacing` points apart
    (the system's spacing when None), as SwiftUI's VStack(alignment:spacing:)."""
    return _stack("vstack", children, alignment, spacing, _COLUMN_ALIGNMENTS)


def hstack(*children, alignment=None, spacing=None):
    """Children side by side, lined up at `alignment` (top, center, bottom, firstTextBaseline,
    lastTextBaseline) and `spacing` points apart, as SwiftUI's HStack(alignment:spacing:)."""
    return _stack("hstack", children, alignment, spacing, _ROW_ALIGNMENTS)


def zstack(*children, alignment=None):
    """Children layered back to front, the first at the back, each placed at `alignment` (center,
    leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing; SwiftUI's
    default is center) in a frame as large as the largest, as SwiftUI's ZStack(alignment:)."""
    return _stack("zstack", children, alignment, None, _FRAME_ALIGNMENTS)


def text(content):
    """A line of text."""
    return View(type="text", text=str(content))


def image(system_name):
    """A symbol named as SF Symbols name it (`image("bell")`)."""
    if not isinstance(system_name, str) or not system_name:
        raise ValueError(f"the symbol name {system_name!r} is not a non-empty string")
    return View(type="image", systemName=system_name)


def spacer(min_length=None):
    """Flexible space, shrinking to no less than `min_length` points along its stack (the system's
    default, 8, when None), as SwiftUI's Spacer(minLength:)."""
    if min_length is None:
        return View(type="spacer")
    if (isinstance(min_length, bool) or not isinstance(min_length, (int, float))
            or not 0 <= min_length < float("inf")):
        raise ValueError(f"the spacer's minLength {min_length!r} is not a number of points, 0 or more")
    return View(type="spacer", minLength=min_length)


def progress(value=None, total=1, label=None):
    """A progress bar showing `value` out of `total` (clamped to 0...1, as SwiftUI's
    ProgressView(value:total:)), or a spinning one when `value` is None; `label` (text or a view)
    is drawn with it."""
    children = _children([label]) if label is not None else []
    if value is None:
        return View(type="progress", children=children) if children else View(type="progress")
    for number, name in ((value, "value"), (total, "total")):
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not math.isfinite(number):
            raise ValueError(f"a progress's {name} is a finite number, not {number!r}")
    if total <= 0:
        raise ValueError(f"a progress's total is above 0, not {total!r}")
    fraction = min(max(value / total, 0.0), 1.0)
    if children:
        return View(type="progress", value=fraction, children=children)
    return View(type="progress", value=fraction)


def _intent_reference(intent, control):
    if isinstance(intent, Intent):
        intent = intent()
    if not isinstance(intent, IntentCall):
        raise ValueError(f"a {control} runs a declared intent, such as chime(times=2) for an intent "
                         f"declared with @intent; not {intent!r}")
    return {"type": intent.intent.type, "parameters": intent.parameters}


def button(label, intent):
    """A button running `intent` (a declared intent, called with its values: `chime(times=2)`)."""
    return View(type="button", intent=_intent_reference(intent, "button"), children=_children([label]))


def toggle(label, is_on, intent):
    """A switch showing `is_on` that runs `intent` when flipped."""
    if not isinstance(is_on, bool):
        raise ValueError(f"a toggle's state is True or False, not {is_on!r}")
    return View(type="toggle", isOn=is_on, intent=_intent_reference(intent, "toggle"),
                children=_children([label]))


def link(label, url):
    """A link opening `url` (a deep link into the app)."""
    if not isinstance(url, str) or ":" not in url:
        raise ValueError(f"the link's URL {url!r} is not an absolute URL")
    return View(type="link", url=url, children=_children([label]))


# Timelines and results ------------------------------------------------------------------------------

AT_END = {"policy": "atEnd"}
NEVER = {"policy": "never"}


def after(when):
    """Reload at `when` (an aware datetime)."""
    return {"policy": "after", "date": format_date(when)}


class Entry:
    """One timeline entry: from its date on, the widget shows `view`; `data` is what `run` prints."""

    __slots__ = ("date", "view", "data")

    def __init__(self, date, view, data=None):
        if not isinstance(view, View):
            raise ValueError(f"an entry's view is {view!r}, not a view built with vstack(), text() ...")
        self.date, self.view, self.data = format_date(date), view, {} if data is None else data


class Timeline:
    """Entries and when to ask again: AT_END (after the last entry), NEVER, or after(date)."""

    __slots__ = ("entries", "policy")

    def __init__(self, entries, policy=AT_END):
        entries = [entries] if isinstance(entries, Entry) else list(entries)
        if not entries or not all(isinstance(item, Entry) for item in entries):
            raise PluginError("a timeline needs at least one entry, each made by entry()")
        if not (isinstance(policy, dict) and policy.get("policy") in ("atEnd", "never", "after")):
            raise PluginError(f"the policy {policy!r} is not AT_END, NEVER or after(date)")
        self.entries, self.policy = entries, policy


class Result:
    """What an intent returns: a value, a dialog, and the kinds whose timelines to reload."""

    __slots__ = ("value", "dialog", "reload")

    def __init__(self, value=None, dialog=None, reload=()):
        if dialog is not None and not isinstance(dialog, str):
            raise PluginError(f"the dialog {dialog!r} is not a string")
        kinds = [item.kind if isinstance(item, Widget) else item for item in
                 ([reload] if isinstance(reload, (str, Widget)) else reload)]
        self.value, self.dialog, self.reload = value, dialog, kinds


entry, timeline, result = Entry, Timeline, Result


class SharedDefaults:
    """The App Group's shared defaults (what `UserDefaults(suiteName: appGroup)` and `@AppStorage`
    are to Swift widget code): the store's `defaults` in the container, the same values
    `widgethost store defaults get`/`set` see. Values are text: `set` keeps True/False as
    `true`/`false`, a number in decimal, a string as itself; each write is committed at once, so the
    next process sees it. Read with `get(key, default)`, `get_bool`, `get_int`, `get_float`."""

    _DATABASE = "widgethost.sqlite"

    def __init__(self, container):
        self.container = container

    def _connect(self, writing=False):
        import sqlite3
        path = os.path.join(self.container or ".", self._DATABASE)
        if not os.path.exists(path):
            if not writing:
                return None
            raise PluginError(f"there is no shared store in '{self.container}' to write defaults to; "
                              "create it with 'widgethost store init'")
        connection = sqlite3.connect(path, timeout=5.0, isolation_level=None)
        return connection

    def get(self, key, default=None):
        """The text stored under `key`, or `default`."""
        connection = self._connect()
        if connection is None:
            return default
        try:
            row = connection.execute("SELECT value FROM defaults WHERE key = ?", (key,)).fetchone()
        finally:
            connection.close()
        return default if row is None else row[0]

    def get_bool(self, key, default=False):
        """`true` or `false` as a bool (also `YES`/`NO` and `1`/`0`), or `default`."""
        text = self.get(key)
        if text is None:
            return default
        return text.strip().lower() in ("true", "yes", "1")

    def get_int(self, key, default=0):
        """The stored integer, or `default` when unset or not an integer."""
        try:
            return int(self.get(key))
        except (TypeError, ValueError):
            return default

    def get_float(self, key, default=0.0):
        """The stored number, or `default` when unset or not a number."""
        try:
            return float(self.get(key))
        except (TypeError, ValueError):
            return default

    def set(self, key, value):
        """Stores `value` as text under `key` (None removes it), committed at once."""
        if value is None:
            return self.remove(key)
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float, str)):
            text = str(value)
        else:
            raise PluginError(f"the shared defaults hold text; {type(value).__name__} is not a bool, a "
                              f"number or a string (for '{key}')")
        connection = self._connect(writing=True)
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO defaults(key, value) VALUES (?, ?) "
                               "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, text))
            connection.execute("COMMIT")
        finally:
            connection.close()

    def remove(self, key):
        """Removes `key`, committed at once."""
        connection = self._connect(writing=True)
        try:
            connection.execute("DELETE FROM defaults WHERE key = ?", (key,))
        finally:
            connection.close()

    def all(self):
        """Every default, as a dict of text."""
        connection = self._connect()
        if connection is None:
            return {}
        try:
            return dict(connection.execute("SELECT key, value FROM defaults").fetchall())
        finally:
            connection.close()


class Context:
    """What a request is about: `method` (timeline, snapshot, placeholder or perform), `family`,
    `date` (the host's now, an aware datetime), `is_preview`, `container` (the shared folder),
    `app_group` (the App Group's identifier, when the host sends it) and `defaults`, the App
    Group's shared defaults (SharedDefaults)."""

    def __init__(self, method, date, container, family=None, is_preview=False, app_group=None):
        self.method, self.date, self.container = method, date, container
        self.family, self.is_preview, self.app_group = family, is_preview, app_group
        self.defaults = SharedDefaults(container)

    def __repr__(self):
        return (f"Context(method={self.method!r}, family={self.family!r}, date={self.date!r}, "
                f"is_preview={self.is_preview!r}, container={self.container!r})")


# Declarations ---------------------------------------------------------------------------------------

def _accepts(function, names, owner):
    """Checks that `function` takes the declared names (or **kwargs) and nothing else without a default."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return True
    accepted = signature.parameters
    wants_context = "context" in accepted and "context" not in names
    if not any(p.kind is p.VAR_KEYWORD for p in accepted.values()):
        for name in names:
            if name not in accepted:
                raise DeclarationError(f"{owner} declares the parameter '{name}', but "
                                       f"{function.__name__}() takes no argument of that name")
    for name, parameter in accepted.items():
        if (name not in names and name != "context" and parameter.default is parameter.empty
                and parameter.kind not in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL)):
            raise DeclarationError(f"{function.__name__}() takes '{name}', which {owner} does not declare")
    return wants_context


def _takes_two(function):
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


class Intent:
    """A declared intent (see Plugin.intent). Call it with values to get what a button or toggle
    runs: `chime(times=2)`; `chime.perform(...)` runs it as the host would."""

    def __init__(self, type_name, function, parameters, title, description):
        self.type, self.function, self.parameters = type_name, function, parameters
        self.title, self.description = title, description
        self._wants_context = _accepts(function, [p.name for p in parameters], f"the intent '{type_name}'")

    def __call__(self, **values):
        declared = {parameter.name: parameter for parameter in self.parameters}
        for name, value in values.items():
            if name not in declared:
                raise ValueError(f"the intent '{self.type}' has no parameter '{name}'; it has "
                                 + (", ".join(declared) or "none"))
            declared[name].check(value, f"the value of '{name}'")
        missing = [p.name for p in self.parameters
                   if p.name not in values and p.default is _MISSING and not p.optional]
        if missing:
            raise ValueError(f"the intent '{self.type}' needs a value for " + ", ".join(missing))
        # Every parameter, in declaration order, defaults included: what the Swift SDK's controls carry.
        return IntentCall(self, {p.name: p.to_json(values[p.name]) if p.name in values else
                                 (None if p.default is _MISSING else p.to_json(p.default))
                                 for p in self.parameters})

    def perform(self, values=None, context=None):
        """Runs the intent with JSON values as the host sends them; returns a Result."""
        arguments = _decode(self.type, self.parameters, values)
        if self._wants_context:
            arguments["context"] = context
        returned = self.function(**arguments)
        return returned if isinstance(returned, Result) else Result(value=returned)

    def declaration(self):
        return {"type": self.type, "title": self.title, "description": self.description,
                "parameters": [parameter.declaration() for parameter in self.parameters]}


class IntentCall:
    """An intent with its values: what a button or toggle carries."""

    def __init__(self, intent, parameters):
        self.intent, self.parameters = intent, parameters

    def __repr__(self):
        return f"{self.intent.type}({self.parameters!r})"


class Widget:
    """A declared widget (see Plugin.widget): its provider is called as `function(config, context)`."""

    def __init__(self, kind, function, display_name, description, families, parameters, limits=None):
        self.kind, self.function, self.parameters = kind, function, parameters
        self.limits = limits or {}
        self.display_name, self.description, self.families = display_name, description, families
        if not callable(function) or not _takes_two(function):
            raise DeclarationError(f"the provider of '{kind}' must take (config, context)")

    def render(self, method, configuration, context):
        """Runs the provider; returns a Timeline."""
        context.method = method
        returned = self.function(Values(_decode(self.kind, self.parameters, configuration)), context)
        if isinstance(returned, Timeline):
            return returned
        if not isinstance(returned, (Entry, list, tuple)):
            raise PluginError(f"the provider of '{self.kind}' returned {returned!r}; return timeline(...), "
                              "a list of entry(...) or one entry(...)")
        return Timeline(returned)

    def declaration(self):
        declared = {"kind": self.kind, "displayName": self.display_name, "description": self.description,
                    "supportedFamilies": list(self.families),
                    "parameters": [parameter.declaration() for parameter in self.parameters]}
        if self.limits:
            declared["parameterLimits"] = {name: dict(by_family) for name, by_family in self.limits.items()}
        return declared


class Plugin:
    """The widgets and intents one plugin serves. The module-level widget(), intent() and serve()
    use a default one; make your own to keep several apart (tests do)."""

    def __init__(self, name=None, version="1.0"):
        self.name, self.version = name, version
        self.widgets, self.intents = {}, {}

    def widget(self, kind, display_name=None, description="", *, families=None, parameters=None,
               limits=None, **declared):
        """Declares a widget: `@widget("Kind", "Name", "What it shows", families=[...], p=string())`
        over a provider `def provider(config, context)` returning a timeline(), a list of entry()
        or one entry(). Parameters are keyword arguments (or `parameters={...}` for names such as
        `families`), in order; a configuration's values reach the provider checked and typed.
        `limits={"rows": {"systemSmall": 2}}` says the most of an integer parameter each family
        shows, so a configuration asking for more there is warned of."""
        _check_name("widget kind", kind)
        if kind in self.widgets:
            raise DeclarationError(f"the widget kind '{kind}' is declared twice")
        families = list(DEFAULT_FAMILIES if families is None else families)
        if isinstance(families, str) or not families:
            raise DeclarationError(f"the widget '{kind}' needs at least one family")
        for family in families:
            if family not in FAMILIES:
                close = [name for name in FAMILIES if name.lower() == str(family).lower()]
                hint = (f"; did you mean '{close[0]}'?" if close
                        else f"; expected one of {', '.join(FAMILIES)}")
                raise DeclarationError(f"the widget '{kind}' declares the unknown family {family!r}{hint}")
        if len(set(families)) != len(families):
            raise DeclarationError(f"the widget '{kind}' declares a family twice")
        for text_value, label in ((display_name, "display name"), (description, "description")):
            if text_value is not None and not isinstance(text_value, str):
                raise DeclarationError(f"the widget '{kind}' has the {label} {text_value!r}, not a string")
        parameters = _parameters(f"the widget '{kind}'", declared, parameters)
        limits = _limits(kind, limits, parameters)

        def register(function):
            made = Widget(kind, function, kind if display_name is None else display_name, description,
                          families, parameters, limits)
            self.widgets[kind] = made
            return made
        return register

    def intent(self, type_name, *, title=None, description="", parameters=None, **declared):
        """Declares an intent: `@intent("ChimeIntent", title="Chime", times=integer(1))` over
        `def chime(times)` (add a `context` argument for the shared container). Return a value or
        result(value=, dialog=, reload=[kinds]); raise NeedsValueError to refuse a value."""
        _check_name("intent type", type_name)
        if type_name in self.intents:
            raise DeclarationError(f"the intent '{type_name}' is declared twice")
        parameters = _parameters(f"the intent '{type_name}'", declared, parameters)

        def register(function):
            made = Intent(type_name, function, parameters, title or type_name, description)
            self.intents[type_name] = made
            return made
        return register

    def handshake(self):
        """The `initialize` result."""
        name = self.name or os.path.basename(os.path.dirname(os.path.abspath(sys.argv[0]))) or "plugin"
        return {"protocolVersion": PROTOCOL_VERSION, "plugin": {"name": name, "version": self.version},
                "widgets": [item.declaration() for item in self.widgets.values()],
                "intents": [item.declaration() for item in self.intents.values()]}

    def handle(self, line):
        """The reply (one line of JSON, without the newline) to one request line; None for a
        notification."""
        try:
            message = json.loads(line)
        except ValueError as error:
            return self._error(None, -32700, f"parse error: {error}")
        if not isinstance(message, dict) or "id" not in message:
            return None
        identifier, method = message["id"], message.get("method")
        params = message.get("params") or {}
        if not isinstance(method, str):
            return self._error(identifier, -32600, "invalid request: no method")
        if not isinstance(params, dict):
            return self._error(identifier, -32602, f"the params of '{method}' are not an object")
        try:
            if method == "initialize":
                reply = self.handshake()
            elif method in ("timeline", "snapshot", "placeholder"):
                reply = self._render(method, params)
            elif method == "perform":
                reply = self._perform(params)
            elif method == "options":
                reply = self._options(params)
            else:
                return self._error(identifier, -32601, f"unknown method {method!r}")
            return _ENCODER.encode({"jsonrpc": "2.0", "id": identifier, "result": reply})
        except NeedsValueError as error:
            return self._error(identifier, -32602, str(error))
        except CodedError as error:
            return self._error(identifier, -32000, str(error), {"reason": error.code})
        except PluginError as error:
            return self._error(identifier, -32603, f"{method}: {error}")
        except Exception as error:  # the author's bug: logged with its traceback, reported to the host
            traceback.print_exc(file=sys.stderr)
            # The traceback travels with the reply too (data.traceback), so the host shows it
            # whether or not it has read this stderr yet.
            return self._error(identifier, -32000, f"{type(error).__name__}: {error}",
                               {"traceback": traceback.format_exc()})

    def _render(self, method, params):
        found = self.widgets.get(params.get("kind"))
        if found is None:
            raise NeedsValueError("kind", f"this plugin serves no widget of kind {params.get('kind')!r}")
        family = params.get("family")
        if family not in found.families:
            raise NeedsValueError("family", f"'{found.kind}' does not support the family {family!r}")
        try:
            now = parse_date(params.get("date"))
        except ValueError as error:
            raise NeedsValueError("date", str(error)) from None
        context = Context(method, now, params.get("container"), family, bool(params.get("isPreview")),
                          params.get("appGroup"))
        made = found.render(method, params.get("configuration"), context)
        own = set(self.intents)
        for item in made.entries:
            self._check_controls(item.view, own, found.kind)
        return {"entries": [{"date": item.date, "data": item.data, "view": item.view}
                            for item in made.entries], "policy": made.policy}

    def _check_controls(self, node, own, kind):
        intent = node.get("intent")
        if intent is not None and intent["type"] not in own:
            raise PluginError(f"a {node['type']} of '{kind}' runs the intent '{intent['type']}', which "
                              "this plugin does not declare; declare it with @intent in the same plugin")
        for child in node.get("children", ()):
            self._check_controls(child, own, kind)
        for modifier in node.get("modifiers", ()):
            if "view" in modifier:
                self._check_controls(modifier["view"], own, kind)

    def _perform(self, params):
        found = self.intents.get(params.get("intent"))
        if found is None:
            raise NeedsValueError("intent", f"this plugin declares no intent {params.get('intent')!r}")
        context = Context("perform", datetime.now(timezone.utc), params.get("container"),
                          app_group=params.get("appGroup"))
        made = found.perform(params.get("parameters"), context)
        # The intent has run (its changes are made), so a kind that is not this plugin's is left out
        # with a warning in the log rather than failing the request: the host would ignore it too.
        foreign = [kind for kind in made.reload if kind != "*" and kind not in self.widgets]
        if foreign:
            sys.stderr.write(f"warning: the intent '{found.type}' asks to reload "
                             f"{', '.join(map(repr, foreign))}, which this plugin does not serve (it serves "
                             f"{', '.join(self.widgets) or 'no widget'}); left out\n")
        reload = [kind for kind in made.reload if kind not in foreign]
        return {"value": made.value, "dialog": made.dialog, "reload": reload}

    def _options(self, params):
        if "kind" in params:
            owner, what = self.widgets.get(params.get("kind")), f"widget of kind {params.get('kind')!r}"
        else:
            owner, what = self.intents.get(params.get("intent")), f"intent {params.get('intent')!r}"
        if owner is None:
            raise NeedsValueError("kind", f"this plugin serves no {what}")
        found = next((item for item in owner.parameters if item.name == params.get("parameter")), None)
        if found is None or found.options is None:
            raise NeedsValueError("parameter", f"the parameter {params.get('parameter')!r} has no choices "
                                               "from the app's data")
        context = Context("options", datetime.now(timezone.utc), params.get("container"),
                          app_group=params.get("appGroup"))
        return {"options": found.choices(context)}

    @staticmethod
    def _error(identifier, code, message, data=None):
        error = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        return _ENCODER.encode({"jsonrpc": "2.0", "id": identifier, "error": error})

    def serve(self, input=None, output=None):
        """Answers requests until the input ends. With the real stdin and stdout (the default), run
        by hand in a terminal it says what it is and exits 64, and while serving `print` writes to
        stderr so nothing but replies reaches the host."""
        if input is None and output is None:
            if sys.stdin.isatty() and os.environ.get("WIDGETHOST_PLUGIN") != "1":
                kinds = ", ".join(self.widgets) or "no widgets"
                sys.stderr.write(f"{os.path.basename(sys.argv[0])} is a widgethost plugin serving {kinds}; "
                                 "widgethost starts it and talks to it on stdin/stdout. Put it in a plugin "
                                 "folder with a plugin.yaml and run 'widgethost plugins check --plugins "
                                 "<folder>'.\n")
                sys.exit(64)
            if _protocol_output is not None:
                output = _protocol_output  # stdout was set aside when the module was imported
            else:
                sys.stdout.flush()
                output = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
                os.dup2(2, 1)  # fd 1 (print, subprocesses) becomes the log; replies keep the real stdout
                sys.stdout = sys.stderr
            input = sys.stdin.buffer
        for line in input:
            if not line.strip():
                continue
            reply = self.handle(line)
            if reply is not None:
                output.write(reply + "\n")
                output.flush()


def _protect_protocol():
    """Run by widgethost (WIDGETHOST_PLUGIN=1), stdout carries the protocol from the moment this
    module is imported: a `print` at the top of a plugin, before serve(), would otherwise reach the
    host as a line that is not JSON and stop the plugin. fd 1 (print, C code, subprocesses) becomes
    the log (stderr); the real stdout is kept for the replies serve() writes."""
    global _protocol_output
    if os.environ.get("WIDGETHOST_PLUGIN") != "1" or _protocol_output is not None:
        return
    try:
        sys.stdout.flush()
        _protocol_output = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
        os.dup2(2, 1)
        sys.stdout = sys.stderr
    except OSError:
        _protocol_output = None


_protocol_output = None
_protect_protocol()
_default = Plugin()
widget, intent = _default.widget, _default.intent


def serve(name=None, version="1.0"):
    """Serves the widgets and intents declared with the module's widget() and intent(); the
    handshake names the plugin `name` (default: its folder's name)."""
    _default.name, _default.version = name, version
    _default.serve()
