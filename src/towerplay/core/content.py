"""YAML content loading, validated by pydantic.

Content files are data a designer can edit. A file that does not validate is
reported with its path and the dotted path of the bad field, never a traceback
from deep inside the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from towerplay.core.errors import ContentError

Source = Literal["rulebook", "public", "designed"]

M = TypeVar("M", bound=BaseModel)

# libyaml's safe loader when PyYAML was built with it (10x faster), else the pure one.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Entry(BaseModel):
    """Base for every content entry: an id and where the fact comes from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    source: Source


def _field_path(loc: tuple[Any, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            parts.append(("." if parts else "") + str(item))
    return "".join(parts) or "(top level)"


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(str(path), "(file)", f"cannot read: {exc.strerror}") from exc
    try:
        return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "(file)"
        raise ContentError(str(path), where, f"not valid YAML: {exc}") from exc


def validate(model: type[M], data: Any, file: str) -> M:
    """Validate `data` against `model`; errors name the file and the first bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ContentError(file, _field_path(tuple(first["loc"])), first["msg"]) from exc


def load_file(path: Path, model: type[M]) -> M:
    return validate(model, read_yaml(path), str(path))


def merge_entries(base: list[dict[str, Any]], extra: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries of `extra` replace same-id entries of `base`; new ids are appended."""
    index = {e.get("id"): i for i, e in enumerate(base)}
    out = list(base)
    for entry in extra:
        key = entry.get("id")
        if key in index:
            out[index[key]] = entry
        else:
            index[key] = len(out)
            out.append(entry)
    return out


def load_with_overlays(name: str, folders: list[Path], model: type[M]) -> M:
    """Load `name` from the first folder and let later folders add or override entries.

    Each top-level key holding a list of entries is merged by id; other keys are replaced.
    """
    merged: dict[str, Any] | None = None
    origin = ""
    for folder in folders:
        path = folder / name
        if not path.exists():
            continue
        data = read_yaml(path)
        if not isinstance(data, dict):
            raise ContentError(str(path), "(top level)", "expected a mapping of sections")
        if merged is None:
            merged, origin = data, str(path)
            continue
        for key, value in data.items():
            if isinstance(value, list) and isinstance(merged.get(key), list):
                merged[key] = merge_entries(merged[key], value)
            else:
                merged[key] = value
        origin = f"{origin} + {path}"
    if merged is None:
        raise ContentError(str(folders[0] / name), "(file)", "content file not found")
    return validate(model, merged, origin)


def load_bundle(stem: str, folders: list[Path], model: type[M]) -> M:
    """Load `stem.yaml` and every `stem/*.yaml` of the first folder as one file, then let
    later folders add or override entries (as `load_with_overlays`).

    The bundled content splits large sections over several files (one per class, say);
    an id defined in two of them is an error naming both files. An overlay file with
    `replace: true` replaces the sections it holds instead of merging into them (a
    designer's own Campaign Guide, or a test's fixture). A bad entry is reported with the
    file it came from and its place in that file.
    """
    base = folders[0]
    files = [base / f"{stem}.yaml", *sorted((base / stem).glob("*.yaml"))]
    merged: dict[str, Any] = {}
    where: dict[str, list[tuple[str, int]]] = {}  # per section: each entry's file and index
    seen: dict[tuple[str, Any], str] = {}
    origin: list[str] = []
    for path in files:
        if not path.exists():
            continue
        data = _sections(path)
        origin.append(str(path))
        for key, value in data.items():
            if not isinstance(value, list):
                merged[key] = value
                continue
            for i, entry in enumerate(value):
                eid = entry.get("id") if isinstance(entry, dict) else None
                if eid is not None and (key, eid) in seen:
                    raise ContentError(
                        str(path), f"{key}[{i}].id", f"{eid!r} is also defined in {seen[key, eid]}"
                    )
                seen[key, eid] = str(path)
            merged.setdefault(key, []).extend(value)
            where.setdefault(key, []).extend((str(path), i) for i in range(len(value)))
    if not origin:
        raise ContentError(str(files[0]), "(file)", "content file not found")
    for folder in folders[1:]:
        path = folder / f"{stem}.yaml"
        if path.exists():
            _overlay(path, merged, where)
            origin.append(str(path))
    try:
        return model.model_validate(merged)
    except ValidationError as exc:
        loc = tuple(exc.errors()[0]["loc"])
        key = str(loc[0]) if loc else ""
        if len(loc) > 1 and isinstance(loc[1], int) and key in where:
            file, i = where[key][loc[1]]
            raise ContentError(
                file, _field_path((key, i, *loc[2:])), exc.errors()[0]["msg"]
            ) from exc
        raise ContentError(" + ".join(origin), _field_path(loc), exc.errors()[0]["msg"]) from exc


def _sections(path: Path) -> dict[str, Any]:
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(str(path), "(top level)", "expected a mapping of sections")
    return data


def _overlay(path: Path, merged: dict[str, Any], where: dict[str, list[tuple[str, int]]]) -> None:
    """Lay one overlay file over the merged sections, keeping where each entry came from."""
    data = _sections(path)
    replace = data.pop("replace", False)  # `replace: true`: its sections replace ours
    if not isinstance(replace, bool):
        raise ContentError(str(path), "replace", "expected true or false")
    for key, value in data.items():
        if not (isinstance(value, list) and isinstance(merged.get(key), list)) or replace:
            merged[key] = value
            if isinstance(value, list):
                where[key] = [(str(path), i) for i in range(len(value))]
            continue
        before = where.get(key, [])
        merged[key] = merge_entries(merged[key], value)
        pos = {e.get("id") if isinstance(e, dict) else None: n for n, e in enumerate(merged[key])}
        spots = before + [("", -1)] * (len(merged[key]) - len(before))
        for j, entry in enumerate(value):
            eid = entry.get("id") if isinstance(entry, dict) else None
            if eid in pos:
                spots[pos[eid]] = (str(path), j)
        where[key] = spots
