"""cardtable: a terminal card table for traditional Dutch and European card games."""

#: The version (pyproject.toml reads it from here; CHANGELOG.md's top heading names it).
__version__ = "0.2.0"
