"""PDFs built to be expensive to read: a page of a hundred thousand text operations, a decompression bomb."""

from __future__ import annotations

import zlib

from tests.code_text import serialize


def _pdf(content: bytes, pages: int, compressed: bytes | None = None) -> bytes:
    """A valid PDF whose ``pages`` pages all show one (Flate-compressed) content stream."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    packed = compressed if compressed is not None else zlib.compress(content, 9)
    stream = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream")
    pages_id = len(objects) + pages + 1
    kids = [
        add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (pages_id, stream, font)
        )
        for _ in range(pages)
    ]
    add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % pages)
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    return serialize(objects, catalog)


def slow_pdf(pages: int = 10, operations: int = 100_000) -> bytes:
    """Each page shows ``operations`` one-letter strings: a few KB that take pypdf seconds a page."""
    return _pdf(b"BT /F1 11 Tf " + b"1 0 Td (x) Tj " * operations + b"ET", pages)


def decompression_bomb(megabytes: int = 300) -> bytes:
    """One page whose 300 KB content stream inflates to ``megabytes`` MB of blanks."""
    packer = zlib.compressobj(9)
    packed = packer.compress(b"BT /F1 11 Tf (x) Tj ")
    packed += b"".join(packer.compress(b" " * 2**20) for _ in range(megabytes))
    packed += packer.compress(b"ET") + packer.flush()
    return _pdf(b"", 1, compressed=packed)
