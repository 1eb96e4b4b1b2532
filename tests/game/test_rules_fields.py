"""The rules options are declared once, as the fields of `Rules`: the core's conversion reads the same fields."""

from dataclasses import fields

from tichu_fast import _core
from tichu_fast.rules import Rules


def test_the_core_converts_every_field_of_rules():
    # A field the bindings' table lacks would be dropped silently on its way into the core.
    assert sorted(_core.RULES_FIELDS) == sorted(each.name for each in fields(Rules))
