"""Shared test helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def rules(*ids: str) -> Callable[[F], F]:
    """Mark a test as the proof of these rule IDs (read by tests/test_rule_index.py)."""

    def mark(fn: F) -> F:
        fn.rule_ids = ids  # type: ignore[attr-defined]
        return fn

    return mark
