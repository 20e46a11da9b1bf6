"""Readers of cluster records: each format in its own module, one entry point (`read.py`)."""

from __future__ import annotations

__all__: list[str] = []
