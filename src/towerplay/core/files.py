"""Files written whole or not at all.

A save rewritten in place (`Path.write_text`) is first truncated: a crash, a kill or a full
disk in the middle leaves neither the old game nor the new one. `write_atomic` writes a
temporary file beside the target, makes it durable, and only then renames it over the
target, so the target is always either the previous file or the new one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

CHUNK = 1 << 16  # bytes per write call


def write_atomic(path: str | os.PathLike[str], text: str | bytes, encoding: str = "utf-8") -> None:
    """Replace `path` with `text` (or bytes): written to a temporary file in the same folder (a rename
    is atomic only within one file system), flushed and fsynced, then `os.replace`d over
    `path`; the folder is fsynced too where the platform allows, so the rename itself
    survives a power cut. Raises OSError, after which `path` is as it was and the
    temporary file is gone. A symbolic link is followed, as a plain write would: the file
    it points to is replaced, and the link stays."""
    target = Path(os.path.realpath(path))
    data = text if isinstance(text, bytes) else text.encode(encoding)
    mode = _mode_for(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view[:CHUNK]) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(target.parent)


def _mode_for(target: Path) -> int:
    """The permissions the new file gets: the old file's, or what a plain `open` would give
    (mkstemp makes its files private to the owner)."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable. Windows cannot open a folder, and some file systems refuse
    to fsync one; the file is already in place either way."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
