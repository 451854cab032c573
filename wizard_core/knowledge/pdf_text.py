"""The text of a PDF, extracted in a separate process under a time budget per page and per file.

A PDF's content streams can be built so that one page takes minutes to extract (a 133 KB file
of ten pages cost 89 s of CPU), and an upload is read inside the Streamlit server. So pypdf
runs in a child process (``python -I`` on this file, which imports nothing of the wizard):
each page under an alarm, the child under CPU and memory limits, and the whole file under a
deadline after which the parent kills it. The child answers with one JSON object: the pages'
text, or what stopped it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

PAGE_SECONDS = 5.0  # a dense page of a real code takes well under half a second
FILE_SECONDS = 240.0  # the whole file, opening included: a 1 500-page compendium takes about a minute
MEMORY_BYTES = 2 * 2**30
MAX_PAGES = 5_000
MAX_CHARS = 20 * 2**20
_BROKEN = re.compile("[\ud800-\udfff]")


class PdfProblem(Exception):
    """Why the text could not be extracted: ``kind`` (and ``page`` or ``count`` where it applies)."""

    def __init__(self, kind: str, page: int = 0, count: int = 0) -> None:
        super().__init__(kind)
        self.kind, self.page, self.count = kind, page, count


def extract_pages(data: bytes) -> list[str]:
    """Each page's text; PdfProblem if the file is protected, damaged, too big or too slow."""
    limits = [str(PAGE_SECONDS), str(FILE_SECONDS), str(MEMORY_BYTES), str(MAX_PAGES), str(MAX_CHARS)]
    child = subprocess.Popen(
        [sys.executable, "-I", str(Path(__file__).resolve()), *limits],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        out, _ = child.communicate(data, timeout=FILE_SECONDS)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise PdfProblem("file_time") from None
    except BaseException:  # interrupted: never leave the child running
        child.kill()
        child.wait()
        raise
    try:
        answer = json.loads(out)
    except ValueError:
        raise PdfProblem("crashed") from None  # killed by a limit, or pypdf itself failed
    if "error" in answer:
        raise PdfProblem(answer["error"], answer.get("page", 0), answer.get("count", 0))
    # A lone surrogate in a PDF string would make the stored import unwritable: mark it instead.
    return [_BROKEN.sub("\ufffd", str(page)) for page in answer["pages"]]


# --- the child process ---------------------------------------------------------------------


class _TooSlow(BaseException):
    """Raised by the alarm; a BaseException so pypdf's own ``except Exception`` cannot swallow it."""


def _child(argv: list[str]) -> dict[str, object]:
    import io
    import resource
    import signal

    page_seconds, file_seconds = float(argv[0]), float(argv[1])
    memory, max_pages, max_chars = int(argv[2]), int(argv[3]), int(argv[4])
    data = sys.stdin.buffer.read()
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (int(file_seconds) + 1, int(file_seconds) + 2))

    def alarm(signum: int, frame: object) -> None:
        raise _TooSlow

    signal.signal(signal.SIGALRM, alarm)
    page = 0
    try:
        from pypdf import PdfReader  # under the memory limit too

        signal.setitimer(signal.ITIMER_REAL, page_seconds)  # opening and counting pages
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            return {"error": "encrypted"}
        count = len(reader.pages)
        if count > max_pages:
            return {"error": "pages", "count": count}
        pages, chars = [], 0
        for page in range(1, count + 1):
            signal.setitimer(signal.ITIMER_REAL, page_seconds)
            text = reader.pages[page - 1].extract_text() or ""
            signal.setitimer(signal.ITIMER_REAL, 0)
            chars += len(text)
            if chars > max_chars:
                return {"error": "chars", "page": page}
            pages.append(text)
        return {"pages": pages}
    except _TooSlow:
        return {"error": "page_time", "page": page} if page else {"error": "open_time"}
    except MemoryError:
        return {"error": "memory", "page": page}
    except Exception:  # pypdf raises many kinds of error on damaged files
        return {"error": "damaged", "page": page}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


if __name__ == "__main__":
    result = _child(sys.argv[1:])
    # Valid JSON whatever the PDF held: text that is not valid Unicode is replaced, not fatal.
    sys.stdout.buffer.write(json.dumps(result, ensure_ascii=True).encode("ascii", "backslashreplace"))
