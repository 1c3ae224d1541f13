"""The layers of DESIGN.md: imports point downwards only, and the rules code never imports
textual.

Order (lowest first): cards -> engine -> families -> sheets -> games -> bots -> saves ->
tui -> cli. Sheets sit below games (games import sheets to keep the match score); saves
(autosave, over engine.record) sit just below the TUI that uses them, beside the player's
settings and statistics (settings, stats).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "cardtable"

#: layer name -> rank; a module may import cardtable modules of its own rank or lower.
LAYERS = {
    "cards": 0, "engine": 1, "families": 2, "sheets": 3, "games": 4, "bots": 5,
    "saves": 6, "settings": 6, "stats": 6, "guides": 6, "tui": 7, "cli": 8, "__main__": 8,
}
#: layers that make up the rules code and must never import textual (or the TUI).
HEADLESS = ("cards", "engine", "families", "sheets", "games", "bots", "saves", "settings", "stats", "guides")


def all_modules() -> dict[str, Path]:
    """Every module of the package: dotted name -> file."""
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def layer_of(module: str) -> str | None:
    """The layer of a dotted module name under ``cardtable`` (None for the package itself)."""
    parts = module.split(".")
    if parts[0] != "cardtable":
        return None
    if len(parts) == 1:
        return "cards"  # the package __init__ holds only the version
    return parts[1]


def imports_of(module: str, path: Path, top_level_only: bool = False) -> list[tuple[str, int]]:
    """The absolute names a module imports (with line numbers), relative imports resolved.

    ``from cardtable import tui`` counts as an import of ``cardtable.tui``.
    With ``top_level_only``, imports inside functions and classes are left out.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_pkg = path.name == "__init__.py"
    package = module if is_pkg else module.rpartition(".")[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    if top_level_only:  # still look inside top-level if/try blocks
        stack, nodes = list(tree.body), []
        while stack:
            n = stack.pop()
            nodes.append(n)
            if isinstance(n, (ast.If, ast.Try)):
                stack.extend(n.body + n.orelse + getattr(n, "finalbody", [])
                             + [x for h in getattr(n, "handlers", []) for x in h.body])
    out = []
    for node in nodes:
        if isinstance(node, ast.Import):
            out.extend((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((mod, node.lineno))
            for a in node.names:
                sub = f"{mod}.{a.name}"
                where = ROOT / Path(*sub.split("."))
                if where.is_dir() or where.with_suffix(".py").is_file():
                    out.append((sub, node.lineno))
    return out


def test_every_module_has_a_layer():
    unknown = [m for m in all_modules() if layer_of(m) is not None and layer_of(m) not in LAYERS]
    assert not unknown, f"modules outside the known layers (add them to LAYERS and DESIGN.md): {unknown}"


def test_imports_point_downwards():
    bad = []
    for module, path in all_modules().items():
        mine = layer_of(module)
        if mine not in LAYERS:
            continue
        for name, line in imports_of(module, path):
            theirs = layer_of(name)
            if theirs is None:
                continue
            if theirs not in LAYERS:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name} (unknown layer)")
            elif LAYERS[theirs] > LAYERS[mine]:
                bad.append(f"{path.relative_to(ROOT)}:{line} ({mine}) imports {name} ({theirs})")
    assert not bad, "imports that point upwards:\n" + "\n".join(bad)


def test_rules_code_never_names_textual():
    bad = []
    for module, path in all_modules().items():
        if layer_of(module) in HEADLESS:
            for name, line in imports_of(module, path):
                if name.split(".")[0] == "textual":
                    bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


def test_cli_imports_the_tui_lazily():
    path = PKG / "cli.py"
    top = {n for n, _ in imports_of("cardtable.cli", path, top_level_only=True)}
    assert not any(n.split(".")[0] == "textual" or n.startswith("cardtable.tui") for n in top), top


def test_headless_modules_never_import_textual_at_run_time():
    """Import every module of the rules layers in a fresh interpreter; textual stays out."""
    mods = sorted(m for m in all_modules() if layer_of(m) in HEADLESS)
    assert "cardtable.engine.record" in mods and "cardtable.saves" in mods
    code = (
        "import importlib, sys\n"
        f"mods = {mods!r}\n"
        "for m in mods:\n"
        "    importlib.import_module(m)\n"
        "from cardtable.engine import game_ids, get_game\n"
        "for gid in game_ids():\n"
        "    g = get_game(gid)\n"
        "    st = g.new_hand(seed=1, sheet=g.new_sheet())\n"
        "    st.observation(0); st.legal_actions()\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')\n"
        "             or m.startswith('cardtable.tui'))\n"
        "print('BAD', bad) if bad else print('ok', len(mods))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok"), proc.stdout


def test_layer_check_can_fail(tmp_path, monkeypatch):
    """The checker itself finds an upward import (a test that can fail)."""
    fake = tmp_path / "cardtable" / "engine"
    fake.mkdir(parents=True)
    f = fake / "bad.py"
    f.write_text("from cardtable.games import kruisjassen\nfrom ..bots import get_bot\nimport textual\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    names = [n for n, _ in imports_of("cardtable.engine.bad", f)]
    assert "cardtable.games" in names and "cardtable.bots" in names and "textual" in names
    assert LAYERS[layer_of("cardtable.games.kruisjassen")] > LAYERS[layer_of("cardtable.engine.bad")]
