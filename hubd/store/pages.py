"""Rows read straight from a damaged SQLite file's pages, without its table definitions.

When the stored table definitions (page 1) or the header are damaged, SQLite opens nothing
and its ``.recover`` may stop too; yet every page of the log still holds its rows in
SQLite's documented record format (https://www.sqlite.org/fileformat2.html). This walks
each page that looks like a b-tree page and gives back the records it can decode: the
caller keeps those that look like its own rows (hubd/store/salvage.py). A damaged cell
spoils only itself. Payloads that spill onto overflow pages are left out (the log's
lines are far shorter than the ~1,000 bytes that fit on a 4 KiB page).
"""

from __future__ import annotations

from collections.abc import Iterator

#: What a record's column may be.
Value = int | float | bytes | str | None
#: The page types this reads: leaf and interior pages of an index, the leaves of a table.
INDEX_INTERIOR, INDEX_LEAF, TABLE_LEAF = 2, 10, 13
_HEADER = b"SQLite format 3\x00"


def page_size(data: bytes) -> int:
    """The page size the header gives, or 4096 (SQLite's default) when it is damaged."""
    if data[:16] == _HEADER:
        size = int.from_bytes(data[16:18], "big")
        size = 65536 if size == 1 else size
        if 512 <= size <= 65536 and size & (size - 1) == 0:
            return size
    return 4096


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def _record(payload: bytes) -> list[Value]:
    """The columns of one record; ValueError or IndexError when it is not one."""
    size, at = _varint(payload, 0)
    if not 0 < size <= len(payload):
        raise ValueError("header size")
    types = []
    while at < size:
        kind, at = _varint(payload, at)
        types.append(kind)
    values: list[Value] = []
    at = size
    widths = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    for kind in types:
        if kind == 0:
            values.append(None)
        elif kind in widths:
            width = widths[kind]
            values.append(int.from_bytes(payload[at : at + width], "big", signed=True))
            at += width
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind == 7:
            at += 8
            values.append(0.0)  # no float is stored by the hub; kept as a placeholder
        elif kind >= 12:
            length = (kind - 12) // 2
            chunk = payload[at : at + length]
            if len(chunk) != length:
                raise ValueError("short value")
            values.append(bytes(chunk))  # text too: the caller decodes it
            at += length
        else:
            raise ValueError("reserved type")
    if at > len(payload):
        raise ValueError("record overruns its cell")
    return values


def pages(data: bytes, wal: bytes = b"") -> Iterator[tuple[bytes, bool]]:
    """(page, whether it is page 1) of the database file, then of the -wal's frames."""
    size = page_size(data)
    for start in range(0, len(data) - size + 1, size):
        yield data[start : start + size], start == 0
    frame = 24 + size
    for start in range(32, len(wal) - frame + 1, frame):  # the -wal's header, then frames
        number = int.from_bytes(wal[start : start + 4], "big")
        yield wal[start + 24 : start + frame], number == 1


def records(data: bytes, wal: bytes = b"") -> Iterator[tuple[int, int | None, list[Value]]]:
    """(page type, rowid or None, columns) of every record found, page by page."""
    size = page_size(data)
    usable = size - (data[20] if data[:16] == _HEADER and data[20] < 64 else 0)
    for page, first in pages(data, wal):
        header = 100 if first else 0
        kind = page[header]
        if kind not in (INDEX_INTERIOR, INDEX_LEAF, TABLE_LEAF):
            continue
        cells = int.from_bytes(page[header + 3 : header + 5], "big")
        pointers = header + (12 if kind == INDEX_INTERIOR else 8)
        if cells * 2 + pointers > size:
            continue
        for i in range(cells):
            offset = int.from_bytes(page[pointers + 2 * i : pointers + 2 * i + 2], "big")
            try:
                found = _cell(page, offset, kind, usable)
            except (ValueError, IndexError):
                continue
            if found is not None:
                yield kind, found[0], found[1]


def _cell(page: bytes, at: int, kind: int, usable: int) -> tuple[int | None, list[Value]] | None:
    if kind == INDEX_INTERIOR:
        at += 4  # the left child's page number
    length, at = _varint(page, at)
    rowid = None
    if kind == TABLE_LEAF:
        rowid, at = _varint(page, at)
        most = usable - 35
    else:
        most = (usable - 12) * 64 // 255 - 23
    if length > most or at + length > len(page):
        return None  # spills onto overflow pages: not read
    return rowid, _record(page[at : at + length])
