"""anchorlint: lint compacted summaries and compactor code for anchors that no longer resolve."""

__version__ = "0.1.0"
