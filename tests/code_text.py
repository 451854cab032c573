"""Generated code-like text and PDFs for the import and retrieval tests (never real code text)."""

from __future__ import annotations

import io

NOUNS = ("widget", "gizmo", "sprocket", "flange", "grommet", "zorblat", "quibble", "trellis")


def article(number: str, title: str, sentences: int = 2, noun: str = "widget") -> list[str]:
    """One made-up article: its heading line and numbered sentences."""
    lines = [f"{number}. {title}"]
    for n in range(1, sentences + 1):
        lines.append(f"({n}) Every {noun} enclosure shall be kept not less than {n} m from any {noun} duct.")
    return lines


def code_text(count: int = 5, part: int = 7, noun: str = "widget") -> str:
    """A small made-up 'code': a section heading, a subsection heading and ``count`` articles."""
    lines = [f"Section {part}.1. General Matters", f"{part}.1.1. Scope and Application"]
    for n in range(1, count + 1):
        lines += article(f"{part}.1.1.{n}", f"{NOUNS[n % len(NOUNS)].title()} Clearances", noun=noun)
        lines.append("")
    return "\n".join(lines) + "\n"


def make_pdf(pages: list[list[str]]) -> bytes:
    """A minimal valid PDF with one text line per entry, in Helvetica, one list per page."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    contents = []
    for lines in pages:
        ops = [b"BT /F1 11 Tf 14 TL 72 760 Td"]
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(b"(" + escaped.encode("latin-1") + b") Tj T*")
        ops.append(b"ET")
        stream = b"\n".join(ops)
        contents.append(add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"))
    pages_id = len(objects) + len(pages) + 1
    kids = [
        add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (pages_id, content, font)
        )
        for content in contents
    ]
    kid_refs = b" ".join(b"%d 0 R" % k for k in kids)
    add(b"<< /Type /Pages /Kids [" + kid_refs + b"] /Count %d >>" % len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    return serialize(objects, catalog)


def serialize(objects: list[bytes], catalog: int) -> bytes:
    """The PDF file of numbered ``objects`` (bodies, object 1 first) with its cross-reference table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(
        b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    )
    return out.getvalue()
