"""Tests of widgethost_plugin: run with `python3 -m unittest discover -s Plugins/SDK/python/tests`."""

import contextlib
import io
import json
import os
import pty
import subprocess
import sys
import textwrap
import unittest
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
SDK = os.path.dirname(HERE)
sys.path.insert(0, SDK)

import widgethost_plugin as wh  # noqa: E402

UTC = timezone.utc


def request(identifier, method, params=None):
    return json.dumps({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params or {}})


def timeline_params(kind="Clock", configuration=None, family="systemSmall", date="2026-11-29T12:00:00Z"):
    return {"kind": kind, "family": family, "configuration": configuration or {}, "date": date,
            "isPreview": False, "container": "/tmp/group"}


def sample_plugin():
    plugin = wh.Plugin("sample", "2.0")

    @plugin.intent("ChimeIntent", title="Chime", description="Rings.",
                   times=wh.integer(1, minimum=1, maximum=12, title="Times"),
                   sound=wh.enum(["bell", "gong"], "bell"))
    def chime(times, sound):
        if times == 7:
            raise wh.NeedsValueError("times", "seven is unlucky")
        return wh.result(value=" ".join([sound] * times), dialog="done", reload=["Clock"])

    @plugin.widget("Clock", "Clock", "The time.", families=["systemSmall", "accessoryInline"],
                   label=wh.string("Now", title="Label"), at=wh.date("2026-12-24"),
                   ratio=wh.number(1), tags=wh.array(wh.string(), []))
    def clock(config, context):
        view = wh.vstack(wh.text(f"{config.label} {config.at.isoformat()}"),
                         wh.button("Chime", chime(times=2)))
        return wh.timeline([wh.entry(context.date, view, {"ratio": config.ratio, "tags": config.tags,
                                                          "method": context.method})],
                           wh.after(context.date + timedelta(hours=1)))
    return plugin


def reply(plugin, identifier, method, params=None):
    text = plugin.handle(request(identifier, method, params))
    return None if text is None else json.loads(text)


class DateTests(unittest.TestCase):
    def test_parses_what_the_host_writes(self):
        self.assertEqual(wh.parse_date("2026-11-29T12:00:00Z"), datetime(2026, 11, 29, 12, tzinfo=UTC))
        self.assertEqual(wh.parse_date("2026-11-29T12:00:00.250Z"),
                         datetime(2026, 11, 29, 12, 0, 0, 250000, tzinfo=UTC))
        self.assertEqual(wh.parse_date("2026-11-29T14:30:00+02:30"), datetime(2026, 11, 29, 12, tzinfo=UTC))
        self.assertEqual(wh.parse_date("2026-11-29T10:00:00-02:00"), datetime(2026, 11, 29, 12, tzinfo=UTC))
        self.assertEqual(wh.parse_date("2026-11-29"), datetime(2026, 11, 29, tzinfo=UTC))
        self.assertEqual(wh.parse_date("2026-11-29t12:00:00z"), datetime(2026, 11, 29, 12, tzinfo=UTC))

    def test_refuses_what_is_not_a_date(self):
        for text in ["2026-02-30", "2026-11-29T12:00:00", "2026-11-29T25:00:00Z", "29/11/2026", "",
                     "2026-11-29T12:00Z", "2026-11-29T12:00:00+0200", None, 20261129]:
            with self.subTest(text=text), self.assertRaises(ValueError):
                wh.parse_date(text)
        with self.assertRaisesRegex(ValueError, "no time zone"):
            wh.parse_date("2026-11-29T12:00:00")

    def test_formats_as_the_host_does(self):
        self.assertEqual(wh.format_date(datetime(2026, 11, 29, 12, tzinfo=UTC)), "2026-11-29T12:00:00Z")
        self.assertEqual(wh.format_date(datetime(2026, 11, 29, 12, 0, 0, 250000, tzinfo=UTC)),
                         "2026-11-29T12:00:00.250Z")
        self.assertEqual(wh.format_date(datetime(2026, 11, 29, 12, 0, 0, 999600, tzinfo=UTC)),
                         "2026-11-29T12:00:01Z")
        self.assertEqual(wh.format_date(datetime(2026, 11, 29, 12, 0, 0, 400, tzinfo=UTC)),
                         "2026-11-29T12:00:00Z")
        plus_one = timezone(timedelta(hours=1))
        self.assertEqual(wh.format_date(datetime(2026, 11, 29, 13, tzinfo=plus_one)), "2026-11-29T12:00:00Z")
        self.assertEqual(wh.format_date(datetime(999, 1, 2, tzinfo=UTC)), "0999-01-02T00:00:00Z")

    def test_a_naive_datetime_is_refused_with_the_fix(self):
        with self.assertRaisesRegex(wh.PluginError, r"no time zone; .*datetime.now\(timezone.utc\)"):
            wh.format_date(datetime(2026, 11, 29, 12))

    def test_round_trip(self):
        moment = datetime(2026, 3, 1, 23, 59, 59, 123000, tzinfo=UTC)
        self.assertEqual(wh.parse_date(wh.format_date(moment)), moment)


class DeclarationTests(unittest.TestCase):
    def assertRefused(self, pattern, make):
        with self.assertRaisesRegex(wh.DeclarationError, pattern):
            make()

    def test_defaults_must_fit_their_type_cases_and_range(self):
        # Refused where the parameter is declared, naming it and its widget or intent.
        def declared(parameter):
            return lambda: wh.Plugin().widget("Clock", "Clock", "", count=parameter)

        def refused(problem, parameter):
            self.assertRefused(r"^the widget 'Clock': the parameter 'count': " + problem + "$",
                               declared(parameter))

        refused(r"the default 'kelvin' is not one of metric, imperial", wh.enum(["metric", "imperial"], "kelvin"))
        refused(r"the default 10 is not an integer from 1 to 7", wh.integer(10, minimum=1, maximum=7))
        refused(r"the default 0 is not an integer of at least 1", wh.integer(0, minimum=1))
        refused(r"the default '90' is not an integer", wh.integer("90", title="Minutes"))
        refused(r"the default True is not an integer", wh.integer(True))
        refused(r"the default 2.5 is not an integer", wh.integer(2.5))
        refused(r"the default 'yes' is not true or false", wh.boolean("yes"))
        refused(r"the default 3 is not a string", wh.string(3))
        refused(r"the default nan is not a number", wh.number(float("nan")))
        refused(r"the default '2026-02-30' is not an ISO 8601 date or an aware datetime", wh.date("2026-02-30"))
        refused(r"the default datetime.datetime\(2026, 1, 1, 0, 0\) is not an ISO 8601 date or an aware datetime",
                wh.date(datetime(2026, 1, 1)))
        refused(r"the default \[1, 'x'\] is not a list of an integer", wh.array(wh.integer(), [1, "x"]))
        refused(r"the default \[0\] is not a list of an integer from 1 to 3",
                wh.array(wh.integer(minimum=1, maximum=3), [0]))
        with self.assertRaisesRegex(wh.DeclarationError,
                                    r"^the intent 'Chime': the parameter 'times': the default '2' is not"):
            wh.Plugin().intent("Chime", times=wh.integer("2"))

    def test_bounds_and_cases_are_checked(self):
        self.assertRefused(r"the minimum 8 is above the maximum 7", lambda: wh.integer(minimum=8, maximum=7))
        self.assertRefused(r"the minimum 1.5 is not an integer", lambda: wh.integer(minimum=1.5))
        self.assertRefused(r"only integer parameters take a minimum", lambda: wh.Parameter("number", minimum=1))
        self.assertRefused(r"the cases \['a', 'a'\] name one case twice", lambda: wh.enum(["a", "a"]))
        self.assertRefused(r"an enum takes a list of non-empty strings", lambda: wh.enum("ab"))
        self.assertRefused(r"an enum takes a list of non-empty strings", lambda: wh.enum([]))
        self.assertRefused(r"arrays do not nest", lambda: wh.array(wh.array(wh.string())))
        self.assertRefused(r"an array's items take no default", lambda: wh.array(wh.string("x")))

    def test_names_kinds_and_families(self):
        plugin = wh.Plugin()
        self.assertRefused(r"the widget kind 'My Widget' is not an identifier", lambda: plugin.widget("My Widget"))
        self.assertRefused(r"the intent type '' is not an identifier", lambda: plugin.intent(""))
        self.assertRefused(r"the parameter name '1st' is not an identifier",
                           lambda: plugin.widget("W", parameters={"1st": wh.string()}))
        self.assertRefused(r"the parameter name 'größe' is not an identifier",
                           lambda: plugin.widget("W", größe=wh.string()))
        self.assertRefused(r"unknown family 'systemsmall'; did you mean 'systemSmall'\?",
                           lambda: plugin.widget("W", families=["systemsmall"]))
        self.assertRefused(r"unknown family 'huge'; expected one of systemSmall, ",
                           lambda: plugin.widget("W", families=["huge"]))
        self.assertRefused(r"declares a family twice", lambda: plugin.widget("W", families=["systemSmall"] * 2))
        self.assertRefused(r"needs at least one family", lambda: plugin.widget("W", families=[]))
        self.assertRefused(r"declares the parameter 'a' twice",
                           lambda: plugin.widget("W", a=wh.string(), parameters={"a": wh.string()}))

    def test_a_misspelt_keyword_is_not_a_parameter(self):
        plugin = wh.Plugin()
        self.assertRefused(r"the parameter 'familes' is \['systemSmall'\], not a parameter",
                           lambda: plugin.widget("W", familes=["systemSmall"]))
        with self.assertRaises(TypeError):
            wh.integer(1, min=0)  # pylint: disable=unexpected-keyword-arg

    def test_one_parameter_object_serves_one_declaration(self):
        plugin = wh.Plugin()
        shared = wh.string("x")
        plugin.widget("A", s=shared)(lambda config, context: None)
        self.assertRefused(r"already the parameter 's' of another declaration", lambda: plugin.widget("B", t=shared))

    def test_duplicates_are_refused(self):
        plugin = wh.Plugin()
        plugin.widget("W")(lambda config, context: None)
        plugin.intent("I")(lambda: None)
        self.assertRefused(r"the widget kind 'W' is declared twice", lambda: plugin.widget("W"))
        self.assertRefused(r"the intent 'I' is declared twice", lambda: plugin.intent("I"))

    def test_functions_must_take_what_is_declared(self):
        plugin = wh.Plugin()
        self.assertRefused(r"declares the parameter 'times', but chime\(\) takes no argument of that name",
                           lambda: plugin.intent("A", times=wh.integer(1))(lambda_chime))
        self.assertRefused(r"chime\(\) takes 'times', which the intent 'B' does not declare",
                           lambda: plugin.intent("B")(lambda_chime_times))
        self.assertRefused(r"the provider of 'W' must take \(config, context\)",
                           lambda: plugin.widget("W")(lambda config: None))
        plugin.intent("C", times=wh.integer(1))(lambda **values: values)
        plugin.intent("D", times=wh.integer(1))(lambda times, context, extra=None: times)

    def test_the_handshake_is_built_from_the_declarations(self):
        handshake = reply(sample_plugin(), 1, "initialize", {"protocolVersion": 1})["result"]
        self.assertEqual(handshake, {
            "protocolVersion": 1, "plugin": {"name": "sample", "version": "2.0"},
            "widgets": [{"kind": "Clock", "displayName": "Clock", "description": "The time.",
                         "supportedFamilies": ["systemSmall", "accessoryInline"],
                         "parameters": [
                             {"name": "label", "title": "Label", "type": "string", "default": "Now"},
                             {"name": "at", "title": "at", "type": "date", "default": "2026-12-24"},
                             {"name": "ratio", "title": "ratio", "type": "number", "default": 1},
                             {"name": "tags", "title": "tags", "type": "array", "items": {"type": "string"},
                              "default": []}]}],
            "intents": [{"type": "ChimeIntent", "title": "Chime", "description": "Rings.", "parameters": [
                {"name": "times", "title": "Times", "type": "integer", "default": 1, "minimum": 1,
                 "maximum": 12},
                {"name": "sound", "title": "sound", "type": "enum", "cases": ["bell", "gong"],
                 "default": "bell"}]}]})

    def test_limits_of_a_parameter_by_family_are_declared_and_checked(self):
        plugin = wh.Plugin()
        plugin.widget("List", families=["systemSmall", "systemLarge"], rows=wh.integer(3),
                      limits={"rows": {"systemSmall": 2, "systemLarge": 6}})(
            lambda config, context: wh.entry(context.date, wh.text("rows")))
        self.assertEqual(plugin.handshake()["widgets"][0]["parameterLimits"],
                         {"rows": {"systemSmall": 2, "systemLarge": 6}})
        # A widget without limits declares none.
        plugin.widget("Plain", rows=wh.integer(3))(lambda config, context: wh.entry(context.date, wh.text("")))
        self.assertNotIn("parameterLimits", plugin.handshake()["widgets"][1])
        for limits, message in [
            ({"title": {"systemSmall": 2}}, "limits 'title', which is not an integer parameter"),
            ({"rows": {"systemHuge": 2}}, "limits 'rows' in the unknown family 'systemHuge'"),
            ({"rows": {"systemSmall": -1}}, "limits 'rows' in systemSmall to -1, not a whole number"),
            ({"rows": {"systemSmall": True}}, "not a whole number"),
            ({"rows": 2}, "not a dict of families"),
        ]:
            with self.assertRaises(wh.DeclarationError) as raised:
                wh.Plugin().widget("Bad", rows=wh.integer(3), title=wh.string("x"), limits=limits)
            self.assertIn(message, str(raised.exception))

    def test_optional_and_required_parameters(self):
        plugin = wh.Plugin()
        plugin.widget("W", families=["systemSmall"], note=wh.string(optional=True), count=wh.integer(),
                      when=wh.date(datetime(2026, 1, 1, tzinfo=UTC)), ids=wh.array(wh.integer(minimum=0)))(
            lambda config, context: wh.entry(context.date, wh.text(repr(config.note))))
        parameters = plugin.handshake()["widgets"][0]["parameters"]
        self.assertEqual(parameters[0], {"name": "note", "title": "note", "type": "string", "optional": True})
        self.assertEqual(parameters[1], {"name": "count", "title": "count", "type": "integer"})
        self.assertEqual(parameters[2]["default"], "2026-01-01T00:00:00Z")
        self.assertEqual(parameters[3], {"name": "ids", "title": "ids", "type": "array",
                                         "items": {"type": "integer"}, "minimum": 0})
        missing = reply(plugin, 2, "timeline", timeline_params("W", {"ids": []}))
        self.assertEqual(missing["error"], {"code": -32602, "message": "a value is needed for 'count'"})
        done = reply(plugin, 3, "timeline", timeline_params("W", {"count": 1, "ids": [1]}))
        self.assertEqual(done["result"]["entries"][0]["view"], {"type": "text", "text": "None"})


def lambda_chime(sound):
    return sound


lambda_chime.__name__ = "chime"


def lambda_chime_times(times):
    return times


lambda_chime_times.__name__ = "chime"


class SharedDefaultsTests(unittest.TestCase):
    """The App Group's shared defaults, in a store's `defaults` table as widgethost makes it."""

    def setUp(self):
        import sqlite3
        import tempfile
        self.folder = tempfile.mkdtemp()
        connection = sqlite3.connect(os.path.join(self.folder, "widgethost.sqlite"))
        connection.execute("CREATE TABLE defaults(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) "
                           "WITHOUT ROWID")
        connection.execute("INSERT INTO defaults VALUES ('showCompletedTasks', 'false')")
        connection.commit()
        connection.close()

    def test_values_are_kept_as_the_store_keeps_them(self):
        defaults = wh.Context("perform", datetime.now(UTC), self.folder, app_group="group.x").defaults
        self.assertIs(defaults.get_bool("showCompletedTasks", True), False)
        defaults.set("counter", 41)
        defaults.set("counter", defaults.get_int("counter") + 1)
        defaults.set("on", True)
        defaults.set("ratio", 0.5)
        # A second reader (the next process) sees each write at once.
        again = wh.SharedDefaults(self.folder)
        self.assertEqual(again.all(), {"counter": "42", "on": "true", "ratio": "0.5",
                                       "showCompletedTasks": "false"})
        self.assertEqual(again.get_float("ratio"), 0.5)
        again.remove("on")
        self.assertIsNone(defaults.get("on"))
        self.assertEqual(defaults.get("missing", "fallback"), "fallback")

    def test_what_is_not_text_and_a_missing_store_are_refused(self):
        with self.assertRaisesRegex(wh.PluginError, "hold text; list is not"):
            wh.SharedDefaults(self.folder).set("tasks", [1, 2])
        empty = wh.SharedDefaults(os.path.join(self.folder, "none"))
        self.assertEqual(empty.get("x", 1), 1)
        with self.assertRaisesRegex(wh.PluginError, "widgethost store init"):
            empty.set("x", 1)


class ViewTests(unittest.TestCase):
    def test_nodes_match_the_sdk_vocabulary(self):
        plugin = wh.Plugin()
        toggle_intent = plugin.intent("SetIntent", value=wh.boolean())(lambda value: value)
        view = wh.hstack(
            wh.image("bell"), "plain", None, [wh.spacer(), wh.link("Open", "app://x")],
            wh.toggle("On", True, toggle_intent(value=False)))
        self.assertEqual(json.loads(json.dumps(view)), {"type": "hstack", "children": [
            {"type": "image", "systemName": "bell"},
            {"type": "text", "text": "plain"},
            {"type": "spacer"},
            {"type": "link", "url": "app://x", "children": [{"type": "text", "text": "Open"}]},
            {"type": "toggle", "isOn": True, "intent": {"type": "SetIntent", "parameters": {"value": False}},
             "children": [{"type": "text", "text": "On"}]}]})

    def test_progress_is_a_fraction_or_spinning_as_swiftuis_progress_view(self):
        self.assertEqual(json.loads(json.dumps(wh.progress(3, total=4, label="Upload"))),
                         {"type": "progress", "value": 0.75, "children": [{"type": "text", "text": "Upload"}]})
        self.assertEqual(wh.progress(0.5), {"type": "progress", "value": 0.5})
        self.assertEqual(wh.progress(12, total=10)["value"], 1.0)
        self.assertEqual(wh.progress(-1)["value"], 0.0)
        self.assertEqual(wh.progress(), {"type": "progress"})
        self.assertEqual(wh.progress(label=wh.text("Loading"))["children"], [{"type": "text", "text": "Loading"}])
        for bad, message in ((lambda: wh.progress("half"), "value is a finite number"),
                             (lambda: wh.progress(float("inf")), "value is a finite number"),
                             (lambda: wh.progress(1, total=0), "total is above 0")):
            with self.assertRaisesRegex(ValueError, message):
                bad()

    def test_stacks_carry_alignment_and_spacing_as_swiftui_does(self):
        column = wh.vstack("a", alignment="leading", spacing=20)
        self.assertEqual(json.loads(json.dumps(column)), {"type": "vstack", "alignment": "leading", "spacing": 20,
                                                          "children": [{"type": "text", "text": "a"}]})
        row = wh.hstack("a", alignment="lastTextBaseline", spacing=0.5)
        self.assertEqual((row["alignment"], row["spacing"]), ("lastTextBaseline", 0.5))
        self.assertEqual(wh.hstack("a", spacing=0)["spacing"], 0)
        # Neither is written when not given: SwiftUI's centre and the system's spacing.
        self.assertEqual(wh.vstack("a"), {"type": "vstack", "children": [{"type": "text", "text": "a"}]})
        cases = [(lambda: wh.vstack(alignment="top"), "the vstack's alignment 'top' is not one of leading, center, "
                                                      "trailing"),
                 (lambda: wh.hstack(alignment="leading"), "the hstack's alignment 'leading' is not one of top, "
                                                          "center, bottom, firstTextBaseline, lastTextBaseline"),
                 (lambda: wh.vstack(spacing=-1), "the vstack's spacing -1 is not a number of points, 0 or more"),
                 (lambda: wh.hstack(spacing="8"), "the hstack's spacing '8' is not a number"),
                 (lambda: wh.hstack(spacing=True), "the hstack's spacing True is not a number"),
                 (lambda: wh.vstack(spacing=float("nan")), "the vstack's spacing nan is not a number"),
                 (lambda: wh.vstack(spacing=float("inf")), "the vstack's spacing inf is not a number")]
        for make, message in cases:
            with self.subTest(message=message), self.assertRaisesRegex(ValueError, message):
                make()

    def test_zstack_and_spacer_length_as_swiftui_writes_them(self):
        layers = wh.zstack(wh.text("back"), "front", alignment="bottomTrailing")
        self.assertEqual(json.loads(json.dumps(layers)), {
            "type": "zstack", "alignment": "bottomTrailing",
            "children": [{"type": "text", "text": "back"}, {"type": "text", "text": "front"}]})
        self.assertEqual(wh.zstack("a"), {"type": "zstack", "children": [{"type": "text", "text": "a"}]})
        self.assertEqual(wh.spacer(min_length=0), {"type": "spacer", "minLength": 0})
        self.assertEqual(wh.spacer(12.5), {"type": "spacer", "minLength": 12.5})
        self.assertEqual(wh.spacer(), {"type": "spacer"})
        cases = [(lambda: wh.zstack(alignment="middle"), "the zstack's alignment 'middle' is not one of center"),
                 (lambda: wh.spacer(min_length=-1), "the spacer's minLength -1 is not a number of points"),
                 (lambda: wh.spacer(min_length=float("inf")), "the spacer's minLength inf"),
                 (lambda: wh.spacer(min_length="8"), "the spacer's minLength '8'")]
        for make, message in cases:
            with self.subTest(message=message), self.assertRaisesRegex(ValueError, message):
                make()

    def test_layout_modifiers_and_views_over_and_behind(self):
        view = (wh.text("12").fixedSize().fixed_size(horizontal=False).layoutPriority(1)
                .minimumScaleFactor(0.5).overlay(wh.image("star"), alignment="topTrailing")
                .background(wh.text("a"), wh.text("b")).background("red"))
        self.assertEqual(json.loads(json.dumps(view["modifiers"])), [
            {"type": "fixedSize"}, {"type": "fixedSize", "horizontal": False},
            {"type": "layoutPriority", "value": 1}, {"type": "minimumScaleFactor", "factor": 0.5},
            {"type": "overlay", "alignment": "topTrailing", "view": {"type": "image", "systemName": "star"}},
            {"type": "background", "view": {"type": "zstack", "children": [
                {"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}},
            {"type": "background", "style": "red"}])
        self.assertEqual(wh.text("x").fixedSize(vertical=False)["modifiers"],
                         [{"type": "fixedSize", "vertical": False}])
        cases = [(lambda: wh.text("x").minimumScaleFactor(0), "the minimum scale factor 0 is not above 0"),
                 (lambda: wh.text("x").minimum_scale_factor(1.5), "the minimum scale factor 1.5"),
                 (lambda: wh.text("x").layoutPriority(float("nan")), "the layout priority nan"),
                 (lambda: wh.text("x").layout_priority("1"), "the layout priority '1'"),
                 (lambda: wh.text("x").overlay(), "the overlay has no view"),
                 (lambda: wh.text("x").overlay("a", alignment="middle"), "the overlay's alignment 'middle'"),
                 (lambda: wh.text("x").background("red", alignment="top"), "a background's alignment places"),
                 (lambda: wh.text("x").overlay(42), "42 is not a view")]
        for make, message in cases:
            with self.subTest(message=message), self.assertRaisesRegex(ValueError, message):
                make()

    def test_drawing_effects(self):
        view = (wh.text("x").scaleEffect(0.8).rotation_effect(45).offset(x=2, y=-1)
                .shadow(5, color="black", opacity=0.1).shadow(3))
        self.assertEqual(json.loads(json.dumps(view["modifiers"])), [
            {"type": "scaleEffect", "scale": 0.8}, {"type": "rotationEffect", "degrees": 45},
            {"type": "offset", "x": 2, "y": -1},
            {"type": "shadow", "color": "black", "opacity": 0.1, "radius": 5, "x": 0, "y": 0},
            {"type": "shadow", "color": "black", "opacity": 0.33, "radius": 3, "x": 0, "y": 0}])
        anchored = wh.text("x").scale_effect(x=-1, anchor="leading").rotationEffect(10, anchor=(0.25, 1))
        self.assertEqual(json.loads(json.dumps(anchored["modifiers"])), [
            {"type": "scaleEffect", "x": -1, "y": 1, "anchorX": 0, "anchorY": 0.5},
            {"type": "rotationEffect", "degrees": 10, "anchorX": 0.25, "anchorY": 1}])
        self.assertEqual(wh.text("x").scaleEffect(2, anchor="center")["modifiers"],
                         [{"type": "scaleEffect", "scale": 2}])
        cases = [(lambda: wh.text("x").scaleEffect(float("nan")), "the scale effect nan is not a finite number"),
                 (lambda: wh.text("x").scaleEffect(y=float("inf")), "the scale effect's y inf"),
                 (lambda: wh.text("x").scaleEffect(2, anchor="middle"), "the scale effect's anchor 'middle'"),
                 (lambda: wh.text("x").rotationEffect(2, anchor=(0, "1")), "the rotation effect's anchor y '1'"),
                 (lambda: wh.text("x").rotationEffect(2, anchor=5), "the rotation effect's anchor 5 is not"),
                 (lambda: wh.text("x").rotationEffect("45"), "the rotation effect '45'"),
                 (lambda: wh.text("x").offset(x=float("inf")), "the offset's x inf"),
                 (lambda: wh.text("x").shadow(-1), "the shadow's radius -1"),
                 (lambda: wh.text("x").shadow(2, opacity=2), "the shadow's opacity 2"),
                 (lambda: wh.text("x").shadow(2, color="mauve"), "the style 'mauve'"),
                 (lambda: wh.text("x").foregroundStyle("#112233/#AABBC"), "the style '#112233/#AABBC'")]
        for make, message in cases:
            with self.subTest(message=message), self.assertRaisesRegex(ValueError, message):
                make()

    def test_controls_in_an_overlay_run_declared_intents(self):
        plugin = wh.Plugin()
        stray = wh.Plugin().intent("StrayIntent")(lambda: None)

        @plugin.widget("Over")
        def over(config, context):
            return wh.entry(context.date, wh.text("x").overlay(wh.button("Go", stray())))

        answer = reply(plugin, 2, "timeline", timeline_params("Over"))
        self.assertIn("a button of 'Over' runs the intent 'StrayIntent', which this plugin does not declare",
                      answer["error"]["message"])

    def test_modifiers_keep_their_order(self):
        view = (wh.text("Late").font("caption").fontWeight("bold").foregroundStyle("#FF0000")
                .strikethrough().lineLimit(1).padding(4, edges="horizontal").background("secondary")
                .frame(maxWidth="infinity", height=20).opacity(0.5).contentTransition("numericText")
                .invalidatableContent().widgetAccentable())
        root = wh.vstack(view).container_background("blue").widget_url("app://late").font(size=12)
        self.assertEqual(view["modifiers"], [
            {"type": "font", "style": "caption"}, {"type": "fontWeight", "weight": "bold"},
            {"type": "foregroundStyle", "style": "#FF0000"}, {"type": "strikethrough", "isActive": True},
            {"type": "lineLimit", "limit": 1}, {"type": "padding", "edges": "horizontal", "length": 4},
            {"type": "background", "style": "secondary"},
            {"type": "frame", "height": 20, "maxWidth": "infinity"}, {"type": "opacity", "value": 0.5},
            {"type": "contentTransition", "transition": "numericText"}, {"type": "invalidatableContent"},
            {"type": "widgetAccentable"}])
        self.assertEqual(wh.text("x").disabled()["modifiers"], [{"type": "disabled"}])
        self.assertEqual(wh.text("x").content_margins_disabled()["modifiers"], [{"type": "contentMarginsDisabled"}])
        self.assertEqual(wh.text("x").disabled(False)["modifiers"], [{"type": "disabled", "isActive": False}])
        self.assertEqual(root["url"], "app://late")
        self.assertEqual(root["modifiers"], [{"type": "containerBackground", "style": "blue"},
                                             {"type": "font", "size": 12}])


    def test_an_enum_may_give_its_titles_and_its_name(self):
        parameter = wh.enum({"todo": "To-do", "daily": "daily"}, "todo", type_name="Task Type")
        parameter.name = "kind"
        self.assertEqual(parameter.declaration(), {
            "name": "kind", "title": "kind", "type": "enum", "cases": ["todo", "daily"],
            "caseTitles": ["To-do", "daily"], "typeName": "Task Type", "default": "todo"})
        plain = wh.enum(["a", "b"])
        plain.name = "p"
        self.assertNotIn("caseTitles", plain.declaration())
        with self.assertRaisesRegex(wh.DeclarationError, "titles are non-empty strings"):
            wh.enum({"a": ""})
        with self.assertRaisesRegex(wh.DeclarationError, "type name is a non-empty string"):
            wh.enum(["a"], type_name="")

    def test_a_tint_colours_the_controls_inside(self):
        self.assertEqual(wh.vstack(wh.text("x")).tint("orange")["modifiers"], [{"type": "tint", "style": "orange"}])
        with self.assertRaisesRegex(ValueError, "the style 'mauve'"):
            wh.text("x").tint("mauve")

    def test_a_colour_of_each_scheme_is_a_style(self):
        self.assertEqual(wh.text("x").foregroundStyle("#112233/#AABBCC")["modifiers"],
                         [{"type": "foregroundStyle", "style": "#112233/#AABBCC"}])
    def test_styles_are_the_hosts(self):
        # Every name the host's view vocabulary takes, at a level too, and a colour.
        for style in ("systemBackground", "secondaryLabel", "red.secondary", "#12AB34.quaternary", "fill"):
            with self.subTest(style=style):
                self.assertEqual(wh.text("x").foregroundStyle(style)["modifiers"],
                                 [{"type": "foregroundStyle", "style": style}])
        self.assertEqual(wh.text("x").frame(width=10, alignment="topLeading")["modifiers"],
                         [{"type": "frame", "width": 10, "alignment": "topLeading"}])

    def test_bad_modifier_values_are_refused(self):
        cases = [(lambda: wh.text("x").font("huge"), "the font style 'huge' is not one of largeTitle"),
                 (lambda: wh.text("x").font(), "font takes a style or a size"),
                 (lambda: wh.text("x").foregroundStyle("#12345"), "is not one of primary"),
                 (lambda: wh.text("x").fontWeight("fat"), "the font weight 'fat'"),
                 (lambda: wh.text("x").lineLimit(0), "not a positive integer"),
                 (lambda: wh.text("x").padding(edges="left"), "the edges 'left'"),
                 (lambda: wh.text("x").opacity(2), "not from 0 to 1"),
                 (lambda: wh.text("x").frame(width=-1), "the frame's width -1"),
                 (lambda: wh.text("x").frame(alignment="middle"), "the frame's alignment 'middle' is not one of center"),
                 (lambda: wh.text("x").foregroundStyle("red.faint"), "the style 'red.faint' is not one of"),
                 (lambda: wh.text("x").widgetURL("nowhere"), "not an absolute URL"),
                 (lambda: wh.link("x", "nowhere"), "not an absolute URL"),
                 (lambda: wh.vstack(42), "42 is not a view"),
                 (lambda: wh.image(""), "the symbol name ''")]
        for make, message in cases:
            with self.subTest(message=message), self.assertRaisesRegex(ValueError, message):
                make()

    def test_controls_run_declared_intents_with_values_that_fit(self):
        intent = sample_plugin().intents["ChimeIntent"]
        with self.assertRaisesRegex(ValueError, "a button runs a declared intent"):
            wh.button("Chime", "ChimeIntent")
        with self.assertRaisesRegex(ValueError, "the value of 'times' 13 is not an integer from 1 to 12"):
            intent(times=13)
        with self.assertRaisesRegex(ValueError, "has no parameter 'tims'; it has times, sound"):
            intent(tims=1)
        with self.assertRaisesRegex(ValueError, "a toggle's state is True or False"):
            wh.toggle("x", "on", intent)
        # Every parameter in declaration order, defaults included, as the Swift SDK's controls carry them.
        self.assertEqual(wh.button("Chime", intent)["intent"],
                         {"type": "ChimeIntent", "parameters": {"times": 1, "sound": "bell"}})
        self.assertEqual(list(intent(sound="gong", times=3).parameters.items()), [("times", 3), ("sound", "gong")])
        optional = wh.Plugin().intent("Note", text=wh.string(optional=True))(lambda text: text)
        self.assertEqual(optional().parameters, {"text": None})


class ProtocolTests(unittest.TestCase):
    def test_timeline_with_defaults_typed_values_and_policy(self):
        plugin = sample_plugin()
        answer = reply(plugin, 2, "timeline", timeline_params(configuration={"label": "Oslo", "ratio": 2}))
        self.assertEqual(answer["id"], 2)
        self.assertEqual(answer["result"], {
            "entries": [{"date": "2026-11-29T12:00:00Z",
                         "data": {"ratio": 2.0, "tags": [], "method": "timeline"},
                         "view": {"type": "vstack", "children": [
                             {"type": "text", "text": "Oslo 2026-12-24T00:00:00+00:00"},
                             {"type": "button", "intent": {"type": "ChimeIntent",
                                                             "parameters": {"times": 2, "sound": "bell"}},
                              "children": [{"type": "text", "text": "Chime"}]}]}}],
            "policy": {"policy": "after", "date": "2026-11-29T13:00:00Z"}})
        snapshot = reply(plugin, 3, "snapshot", timeline_params(date="2026-11-29T12:00:00.5+01:00"))
        self.assertEqual(snapshot["result"]["entries"][0]["date"], "2026-11-29T11:00:00.500Z")
        self.assertEqual(snapshot["result"]["entries"][0]["data"]["method"], "snapshot")

    def test_a_list_of_entries_or_one_entry_is_a_timeline_at_end(self):
        plugin = wh.Plugin()
        plugin.widget("One")(lambda config, context: wh.entry(context.date, wh.text("one")))
        plugin.widget("Many")(lambda config, context: [wh.entry(context.date, wh.text(str(n))) for n in (1, 2)])
        self.assertEqual(reply(plugin, 1, "placeholder", timeline_params("One"))["result"]["policy"],
                         {"policy": "atEnd"})
        self.assertEqual(len(reply(plugin, 2, "timeline", timeline_params("Many"))["result"]["entries"]), 2)

    def test_options_come_from_the_apps_data_and_are_declared_dynamic(self):
        plugin = wh.Plugin()
        seen = []

        def cities(context):
            seen.append((context.method, context.container))
            return ["Oslo", "Bergen"]

        plugin.widget("Weather", city=wh.string("Oslo", options=cities))(
            lambda config, context: wh.entry(context.date, wh.text(config.city)))
        plugin.intent("Pin", slot=wh.integer(1, options=lambda context: [1, 2, 3]))(lambda slot: slot)
        plugin.intent("Bad", slot=wh.integer(1, options=lambda context: ["x"]))(lambda slot: slot)
        declared = json.loads(plugin.handle(request(1, "initialize")))["result"]
        self.assertEqual(declared["widgets"][0]["parameters"],
                         [{"name": "city", "title": "city", "type": "string", "default": "Oslo",
                           "dynamicOptions": True}])
        answer = reply(plugin, 2, "options", {"kind": "Weather", "parameter": "city", "container": "/g"})
        self.assertEqual(answer["result"], {"options": ["Oslo", "Bergen"]})
        self.assertEqual(seen, [("options", "/g")])
        self.assertEqual(reply(plugin, 3, "options", {"intent": "Pin", "parameter": "slot"})["result"],
                         {"options": [1, 2, 3]})
        self.assertEqual(reply(plugin, 4, "options", {"kind": "Weather", "parameter": "nope"})["error"],
                         {"code": -32602, "message": "the parameter 'nope' has no choices from the app's data"})
        self.assertEqual(reply(plugin, 5, "options", {"intent": "Bad", "parameter": "slot"})["error"]["message"],
                         "options: the options of 'slot' returned 'x', which is not an integer")
        with self.assertRaises(wh.DeclarationError):
            wh.string(options=["not", "callable"])

    def test_perform_returns_value_dialog_and_reloads(self):
        plugin = sample_plugin()
        answer = reply(plugin, 4, "perform", {"intent": "ChimeIntent", "parameters": {"times": 2},
                                              "container": "/tmp"})
        self.assertEqual(answer, {"jsonrpc": "2.0", "id": 4, "result": {
            "value": "bell bell", "dialog": "done", "reload": ["Clock"]}})

    def test_a_plain_return_value_is_the_value(self):
        plugin = wh.Plugin()
        plugin.widget("W")(lambda config, context: None)
        when = plugin.intent("When", at=wh.date())(lambda at, context: {"at": at, "now": context.method})
        self.assertIs(when, plugin.intents["When"])
        answer = reply(plugin, 5, "perform", {"intent": "When", "parameters": {"at": "2026-11-29"}})
        self.assertEqual(answer["result"], {"value": {"at": "2026-11-29T00:00:00Z", "now": "perform"},
                                            "dialog": None, "reload": []})

    def test_refused_values_are_invalid_params(self):
        plugin = sample_plugin()
        refused = reply(plugin, 5, "perform", {"intent": "ChimeIntent", "parameters": {"times": 7}})
        self.assertEqual(refused["error"], {"code": -32602, "message": "seven is unlucky"})
        unfit = reply(plugin, 6, "perform", {"intent": "ChimeIntent", "parameters": {"times": 40}})
        self.assertEqual(unfit["error"], {"code": -32602,
                                          "message": "'times' must be an integer from 1 to 12, not 40"})
        self.assertEqual(str(wh.NeedsValueError("Times")), "a value is needed for 'Times'")

    def test_a_coded_error_gives_its_code_as_the_reason(self):
        plugin = wh.Plugin()
        plugin.widget("W")(lambda config, context: None)

        def closed(context):
            raise wh.CodedError("station.closed", "the station is closed until 6:00")
        plugin.intent("Open")(closed)
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            failed = reply(plugin, 8, "perform", {"intent": "Open", "parameters": {}})
        self.assertEqual(failed["error"], {"code": -32000, "message": "the station is closed until 6:00",
                                           "data": {"reason": "station.closed"}})
        self.assertEqual(stderr.getvalue(), "")

    def test_requests_it_cannot_serve(self):
        plugin = sample_plugin()
        cases = [(request(1, "frobnicate"), -32601, "unknown method 'frobnicate'"),
                 (request(2, "timeline", timeline_params("Nope")), -32602,
                  "this plugin serves no widget of kind 'Nope'"),
                 (request(3, "timeline", timeline_params(family="systemLarge")), -32602,
                  "'Clock' does not support the family 'systemLarge'"),
                 (request(4, "timeline", timeline_params(date="soon")), -32602, "'soon' is not an ISO 8601"),
                 (request(5, "perform", {"intent": "Nope"}), -32602, "this plugin declares no intent 'Nope'"),
                 ("{not json", -32700, "parse error"),
                 (json.dumps({"jsonrpc": "2.0", "id": 6}), -32600, "invalid request: no method"),
                 (json.dumps({"jsonrpc": "2.0", "id": 7, "method": "timeline", "params": [1]}), -32602,
                  "the params of 'timeline' are not an object")]
        for line, code, message in cases:
            with self.subTest(message=message):
                error = json.loads(plugin.handle(line))["error"]
                self.assertEqual(error["code"], code)
                self.assertIn(message, error["message"])

    def test_notifications_get_no_reply(self):
        plugin = sample_plugin()
        self.assertIsNone(plugin.handle(json.dumps({"jsonrpc": "2.0", "method": "initialized"})))
        self.assertIsNone(plugin.handle(json.dumps({"jsonrpc": "2.0", "method": "$/cancel", "params": {}})))

    def test_mistakes_in_what_the_code_returns_are_reported_before_the_host_sees_them(self):
        plugin = wh.Plugin()
        other = wh.Plugin().intent("Elsewhere")(lambda: None)
        plugin.widget("Foreign")(lambda config, context: wh.entry(context.date, wh.button("x", other)))
        plugin.widget("Naive")(lambda config, context: wh.entry(datetime(2026, 1, 1), wh.text("x")))
        plugin.widget("Empty")(lambda config, context: [])
        plugin.widget("Nothing")(lambda config, context: None)
        plugin.widget("Policy")(lambda config, context: wh.timeline(wh.entry(context.date, wh.text("x")), "soon"))
        cases = [("timeline", timeline_params("Foreign"),
                  "a button of 'Foreign' runs the intent 'Elsewhere', which this plugin does not declare"),
                 ("timeline", timeline_params("Naive"), "has no time zone"),
                 ("timeline", timeline_params("Empty"), "a timeline needs at least one entry"),
                 ("timeline", timeline_params("Nothing"), "the provider of 'Nothing' returned None; return "
                                                          "timeline(...), a list of entry(...) or one entry(...)"),
                 ("timeline", timeline_params("Policy"), "the policy 'soon' is not AT_END, NEVER or after")]
        for method, params, message in cases:
            with self.subTest(message=message):
                error = reply(plugin, 9, method, params)["error"]
                self.assertEqual(error["code"], -32603)
                self.assertIn(message, error["message"])

    def test_a_reload_of_a_kind_not_its_own_is_left_out_with_a_warning(self):
        plugin = wh.Plugin()
        plugin.widget("Mine")(lambda config, context: None)
        plugin.intent("Own")(lambda: wh.result(value=1, reload=["TaskWidget", "Mine", "*"]))
        log = io.StringIO()
        with contextlib.redirect_stderr(log):
            answer = reply(plugin, 8, "perform", {"intent": "Own"})
        self.assertEqual(answer["result"], {"value": 1, "dialog": None, "reload": ["Mine", "*"]})
        self.assertEqual(log.getvalue(), "warning: the intent 'Own' asks to reload 'TaskWidget', which this "
                                         "plugin does not serve (it serves Mine); left out\n")

    def test_an_exception_fails_the_request_with_its_traceback_in_the_log(self):
        plugin = wh.Plugin()
        plugin.widget("Broken")(lambda config, context: 1 / 0)
        log = io.StringIO()
        with contextlib.redirect_stderr(log):
            error = reply(plugin, 7, "timeline", timeline_params("Broken"))["error"]
        traceback_text = error.pop("data")["traceback"]
        self.assertEqual(error, {"code": -32000, "message": "ZeroDivisionError: division by zero"})
        self.assertIn("Traceback (most recent call last)", log.getvalue())
        # The reply carries the same traceback, so the host shows it without waiting for stderr.
        self.assertEqual(traceback_text, log.getvalue())
        self.assertTrue(traceback_text.rstrip().endswith("ZeroDivisionError: division by zero"))

    def test_dates_in_entry_data_are_written_as_iso_8601(self):
        plugin = wh.Plugin()
        plugin.widget("W")(lambda config, context: wh.entry(
            context.date, wh.text("x"), {"due": context.date + timedelta(days=1)}))
        data = reply(plugin, 1, "timeline", timeline_params("W"))["result"]["entries"][0]["data"]
        self.assertEqual(data, {"due": "2026-11-30T12:00:00Z"})

    def test_serve_answers_line_by_line_until_the_input_ends(self):
        plugin = sample_plugin()
        lines = [request(1, "initialize").encode(), b"\n", json.dumps({"method": "note"}).encode(),
                 request(2, "timeline", timeline_params()).encode()]
        output = io.StringIO()
        plugin.serve(lines, output)
        replies = [json.loads(line) for line in output.getvalue().splitlines()]
        self.assertEqual([item["id"] for item in replies], [1, 2])
        self.assertTrue(output.getvalue().endswith("\n"))


PLUGIN = textwrap.dedent("""\
    import widgethost_plugin as wh

    @wh.widget("Talky", families=["systemSmall"])
    def talky(config, context):
        print("talking to the log")
        return wh.entry(context.date, wh.text("hi"))

    wh.serve()
    """)


class ServeTests(unittest.TestCase):
    def run_plugin(self, stdin, environment):
        return subprocess.run([sys.executable, "-c", PLUGIN], input=stdin, capture_output=True,
                              env=dict(os.environ, PYTHONPATH=SDK, **environment), timeout=30)

    def test_print_goes_to_the_log_not_the_protocol(self):
        done = self.run_plugin((request(1, "initialize") + "\n" + request(2, "timeline", timeline_params("Talky"))
                                + "\n").encode(), {"WIDGETHOST_PLUGIN": "1"})
        self.assertEqual(done.returncode, 0, done.stderr)
        replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
        self.assertEqual([item["id"] for item in replies], [1, 2])
        self.assertEqual(replies[0]["result"]["plugin"]["name"], os.path.basename(os.getcwd()) or "plugin")
        self.assertEqual(done.stderr.decode(), "talking to the log\n")

    def test_run_by_hand_in_a_terminal_it_says_what_it_is(self):
        leader, follower = pty.openpty()
        try:
            environment = {key: value for key, value in os.environ.items() if key != "WIDGETHOST_PLUGIN"}
            done = subprocess.run([sys.executable, "-c", PLUGIN], stdin=follower, capture_output=True,
                                  env=dict(environment, PYTHONPATH=SDK), timeout=30)
        finally:
            os.close(leader)
            os.close(follower)
        self.assertEqual(done.returncode, 64)
        self.assertEqual(done.stdout, b"")
        self.assertIn(b"-c is a widgethost plugin serving Talky; widgethost starts it", done.stderr)


if __name__ == "__main__":
    unittest.main()
