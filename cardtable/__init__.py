"""cardtable: a terminal card table for traditional Dutch and European card games."""

__version__ = "0.1.0"
