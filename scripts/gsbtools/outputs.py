"""The files the scripts write, under the tool's own rule (src/driver/output_file.hpp): an existing file is replaced
only where it is empty or it is of the form the script writes there (each writer says how to tell: `is_own`);
anything else -- a file of the user's, a system file named by mistake -- is refused as bad input (exit 2) and left as
it is. A symbolic link is written through and stays a link; a FIFO or a character device is written through; a
regular file is written whole: a temporary created exclusively in its folder, flushed, then renamed over it."""

import json
import os
import stat
import tempfile
from pathlib import Path

from .cli import BadInput

HEAD_BYTES = 1 << 16  # what a recogniser is shown of an existing file: its start


def json_document(head, whole):
    """The JSON document an existing file holds (None if it is not one): parsed from its start where that is all
    of it, else from the whole file (the writers' documents are small)."""
    try:
        return json.loads(head if len(head) < HEAD_BYTES else whole())
    except (ValueError, UnicodeDecodeError, OSError):
        return None


def _refuse(flag, path, why):
    raise BadInput(f"{flag} {path}: {why}")


def check_replaceable(flag, path, is_own, what):
    """Refuse (BadInput naming flag and path) to write path unless it is new, empty, of the form is_own(head,
    whole) accepts, a FIFO or a character device. `what` names that form in the message."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        if p.is_symlink():
            _refuse(flag, path, "a symbolic link to nothing")
        return
    except OSError as e:
        _refuse(flag, path, f"cannot write ({e.strerror})")
    if stat.S_ISDIR(st.st_mode):
        _refuse(flag, path, "is a directory")
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode):
        return
    if not stat.S_ISREG(st.st_mode):
        _refuse(flag, path, "not a regular file, FIFO or character device")
    if st.st_size == 0:
        return
    try:
        with open(p, "rb") as f:
            head = f.read(HEAD_BYTES)
    except OSError as e:
        _refuse(flag, path, f"cannot be read to see what it holds ({e.strerror})")
    if not is_own(head, lambda: p.read_bytes()):
        _refuse(flag, path, f"holds something other than {what}, which is not replaced (remove it, or name another "
                            "file)")


def write_output(flag, path, data, is_own, what):
    """Write data (str: UTF-8, or bytes) to path under the rule above."""
    check_replaceable(flag, path, is_own, what)
    if isinstance(data, str):
        data = data.encode("utf-8")
    p = Path(path)
    try:
        if p.exists() and not p.resolve().is_file():  # a FIFO or a device: written through, never replaced
            with open(p, "wb") as f:
                f.write(data)
            return
        target = p.resolve() if p.is_symlink() else p  # a link stays a link: its file is replaced
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".gsb-")
        try:
            mask = os.umask(0)
            os.umask(mask)
            os.fchmod(fd, 0o666 & ~mask)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, target)
        except BaseException:
            if os.path.exists(temp):
                os.unlink(temp)
            raise
    except OSError as e:
        _refuse(flag, path, f"cannot write ({e.strerror})")


def is_result_file(head, whole):
    """A gpusort-bench result file (its JSON's meta.tool)."""
    doc = json_document(head, whole)
    return isinstance(doc, dict) and isinstance(doc.get("meta"), dict) and doc["meta"].get("tool") == "gpusort-bench"
