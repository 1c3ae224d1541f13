"""scripts/check_types.py, the type check of CI: a strict part allows no mypy error, the rest
no more errors per (file, code) than its baseline. Synthetic mypy output, no mypy run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_types", ROOT / "scripts" / "check_types.py")
assert _spec is not None and _spec.loader is not None
check_types = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_types)

OUTPUT = [
    'cardtable/bots/trick.py:12: error: "Game" has no attribute "rule"  [attr-defined]',
    "cardtable/bots/trick.py:12: note: a note is not an error",
    'cardtable/tui/app.py:3: error: Need type annotation for "x"  [var-annotated]',
]


def test_output_lines_are_read_as_errors():
    errs = check_types.errors_of(OUTPUT)
    assert [(p, ln, c) for p, ln, c, _m in errs] == [
        ("cardtable/bots/trick.py", 12, "attr-defined"),
        ("cardtable/tui/app.py", 3, "var-annotated"),
    ]


def test_errors_within_the_baseline_pass_and_fewer_ask_for_a_refresh():
    errs = check_types.errors_of(OUTPUT)
    base = {"cardtable/bots/trick.py [attr-defined]": 1, "cardtable/tui/app.py [var-annotated]": 2}
    fails, notes = check_types.check(errs, base)
    assert fails == []
    assert notes == ["cardtable/tui/app.py [var-annotated]: 1 errors, the baseline allows 2"]


def test_a_new_error_outside_the_baseline_fails():
    errs = check_types.errors_of(OUTPUT)
    fails, _ = check_types.check(errs, {"cardtable/bots/trick.py [attr-defined]": 1})
    assert len(fails) == 1
    assert fails[0].startswith("cardtable/tui/app.py [var-annotated]: 1 errors, the baseline allows 0")


def test_an_error_in_a_strict_part_fails_whatever_the_baseline():
    line = 'cardtable/families/drift.py:7: error: "Game" has no attribute "dealt"  [attr-defined]'
    errs = check_types.errors_of([line])
    fails, _ = check_types.check(errs, {"cardtable/families/drift.py [attr-defined]": 5})
    assert len(fails) == 1 and "a strict part" in fails[0]
    assert check_types.is_strict("cardtable/cards.py") and check_types.is_strict("cardtable/games/loba.py")
    assert not check_types.is_strict("cardtable/bots/strong.py") and not check_types.is_strict("cardtable/cli.py")


def test_the_committed_baseline_holds_no_strict_file():
    base = check_types.load_baseline()
    assert base and not [k for k in base if check_types.is_strict(k.rsplit(" [", 1)[0])]
