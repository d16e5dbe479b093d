"""Atomic file writes: the target is always the old file or the new one, never a mix."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

import towerplay.core.files as files
from towerplay.core.files import write_atomic


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_atomic_creates_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "first")
    assert target.read_text() == "first"
    write_atomic(str(target), "second ✓" * 50_000)  # several write calls
    assert target.read_text(encoding="utf-8") == "second ✓" * 50_000
    assert leftovers(tmp_path) == []


def test_write_atomic_keeps_the_old_files_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_atomic(target, "new")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    fresh = tmp_path / "fresh.json"
    write_atomic(fresh, "new")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o666 & ~umask  # as open() would make it


def test_a_full_disk_mid_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    target.write_text("the good old save")
    real_write = os.write
    calls = 0

    def fills_up(fd: int, data: bytes | memoryview) -> int:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(files.os, "write", fills_up)
    with pytest.raises(OSError) as caught:
        write_atomic(target, "x" * (3 * files.CHUNK))
    assert caught.value.errno == errno.ENOSPC
    assert calls == 2  # the first chunk was written, the second failed
    assert target.read_text() == "the good old save"
    assert leftovers(tmp_path) == []


def test_a_missing_folder_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "no" / "such" / "game.json", "x")


def test_a_symbolic_link_is_followed_not_replaced(tmp_path: Path) -> None:
    real = tmp_path / "saves" / "game.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "latest.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []
