"""The type check of CI (.ci/run): mypy over the package, strict where the code is typed, a
baseline that only shrinks everywhere else.

    python scripts/check_types.py            # check; exit 1 on a new error
    python scripts/check_types.py --update   # write the baseline from the errors now

mypy runs with the project's configuration (``[tool.mypy]`` in pyproject.toml) over the
package ``cardtable``. An error in a strict part (``STRICT``: the cards, the engine, the
families, the sheets, the games) fails the check whatever the baseline says. Elsewhere
(bots, TUI, CLI, saves, settings, stats ...) the errors are counted per (file, error code) and
compared with the committed baseline ``scripts/mypy_baseline.json``: a count above its
baseline, or a (file, code) the baseline does not have, fails the check. A count below its
baseline passes and asks for the baseline to be refreshed (``--update``), so that the fixed
errors cannot come back unnoticed. Exit status: 0 clean, 1 a new error (or a strict one),
2 mypy itself failed to run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "mypy_baseline.json"
#: the typed parts: no mypy error at all (paths relative to the repository, "/" separated)
STRICT = (
    "cardtable/__init__.py",
    "cardtable/__main__.py",
    "cardtable/cards.py",
    "cardtable/engine/",
    "cardtable/families/",
    "cardtable/sheets/",
    "cardtable/games/",
)
#: one mypy error line: ``path:line: error: message  [code]``
ERROR = re.compile(r"^(?P<path>[^:\n]+\.py):(?P<line>\d+): error: (?P<msg>.*?)(?:  \[(?P<code>[a-z0-9-]+)\])?$")


def run_mypy() -> tuple[int, list[str]]:
    """mypy over the package from the repository root with the project's config: (exit
    code, output lines)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-color-output",
            "--no-error-summary",
            "--show-error-codes",
            "--hide-error-context",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    return proc.returncode, (proc.stdout + proc.stderr).splitlines()


def errors_of(lines: list[str]) -> list[tuple[str, int, str, str]]:
    """The error lines as (path, line, code, message); notes are left out."""
    out = []
    for ln in lines:
        m = ERROR.match(ln)
        if m:
            out.append((m["path"].replace(os.sep, "/"), int(m["line"]), m["code"] or "misc", m["msg"]))
    return out


def is_strict(path: str) -> bool:
    return any(path == s or (s.endswith("/") and path.startswith(s)) for s in STRICT)


def counts_of(errors: list[tuple[str, int, str, str]]) -> Counter[str]:
    """Errors outside the strict parts counted per ``"path [code]"``."""
    return Counter(f"{p} [{c}]" for p, _ln, c, _m in errors if not is_strict(p))


def load_baseline() -> dict[str, int]:
    if not BASELINE.exists():
        return {}
    data = json.loads(BASELINE.read_text(encoding="utf-8"))
    return {str(k): int(v) for k, v in data["counts"].items()}


def write_baseline(counts: Counter[str]) -> None:
    data = {
        "about": "mypy errors per 'file [code]' outside the strict parts, allowed until fixed; "
        "it may only shrink: python scripts/check_types.py --update after fixing some",
        "total": sum(counts.values()),
        "counts": dict(sorted(counts.items())),
    }
    BASELINE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def check(errors: list[tuple[str, int, str, str]], baseline: dict[str, int]) -> tuple[list[str], list[str]]:
    """(failures, notes): failures are strict errors and counts above the baseline; notes
    name the counts below it."""
    fails = [f"{p}:{ln}: {m}  [{c}] (a strict part: no error allowed)" for p, ln, c, m in errors if is_strict(p)]
    counts = counts_of(errors)
    for key, n in sorted(counts.items()):
        allowed = baseline.get(key, 0)
        if n > allowed:
            path = key.rsplit(" [", 1)[0]
            code = key.rsplit(" [", 1)[1].rstrip("]")
            lines = [f"    {p}:{ln}: {m}" for p, ln, c, m in errors if p == path and c == code]
            fails.append(f"{key}: {n} errors, the baseline allows {allowed}:\n" + "\n".join(lines))
    notes = [
        f"{key}: {counts.get(key, 0)} errors, the baseline allows {allowed}"
        for key, allowed in sorted(baseline.items())
        if counts.get(key, 0) < allowed
    ]
    return fails, notes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--update", action="store_true", help="write the baseline from the errors now (strict errors are never written)"
    )
    args = ap.parse_args(argv)
    code, lines = run_mypy()
    errors = errors_of(lines)
    if code not in (0, 1) or (code == 1 and not errors):
        print("\n".join(lines), file=sys.stderr)
        print(f"check_types: mypy failed to run (exit {code})", file=sys.stderr)
        return 2
    strict_n = sum(1 for p, *_ in errors if is_strict(p))
    if args.update:
        counts = counts_of(errors)
        write_baseline(counts)
        print(
            f"check_types: baseline written: {sum(counts.values())} errors in {len(counts)} (file, code) pairs"
            f" ({BASELINE.relative_to(ROOT)})"
        )
        if strict_n:
            print(f"check_types: {strict_n} errors in the strict parts are not baselined: fix them", file=sys.stderr)
            return 1
        return 0
    baseline = load_baseline()
    fails, notes = check(errors, baseline)
    for f in fails:
        print(f, file=sys.stderr)
    for n in notes:
        print(f"fewer than the baseline: {n}")
    if notes and not fails:
        print(
            "check_types: errors were fixed; refresh the baseline so they stay fixed: "
            "python scripts/check_types.py --update (and commit scripts/mypy_baseline.json)"
        )
    outside = sum(counts_of(errors).values())
    print(
        f"check_types: {strict_n} errors in the strict parts, {outside} elsewhere "
        f"(baseline {sum(baseline.values())}): {'FAIL' if fails else 'ok'}"
    )
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
