"""What imported code text costs every later command: opening the knowledge base, and one search.

For 0, 5 000, 20 000 (the cap of one import) and 94 000 generated articles (the issue's 19 MB
file, imported here with the cap lifted), a fresh process opens the knowledge base as every
command does and runs one search; its wall time and peak memory are reported, for the stored
index (now) and for parsing every import into an in-memory index (before). Also the time of
``python -m wizard_core projects`` as a whole. Medians of ``--repeat`` processes.

    python bench/bench_import_index.py [--articles 0 5000 20000 94000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_retrieval import WORDS  # noqa: E402

from wizard_core.knowledge import code_files, code_import  # noqa: E402

OPEN = r"""
import json, sys, time
from pathlib import Path

def peak_mb():  # this process's own high-water mark (ru_maxrss would count the parent's before exec)
    line = next(l for l in open("/proc/self/status") if l.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024

start = time.perf_counter()
from wizard_core.knowledge.service import KnowledgeBaseService
folder = Path(sys.argv[1])
if sys.argv[2] == "stored":
    kb = KnowledgeBaseService(imported_dir=folder)
    opened, opened_mb = time.perf_counter(), peak_mb()
    hits = kb.search_hits("fire separation of the exit stair", 5)
else:  # before: every import parsed and indexed in memory, as each command used to
    from wizard_core.content import load_knowledge
    from wizard_core.knowledge.retrieval import CodeIndex
    kb = KnowledgeBaseService()
    entries = [(e, "notes") for e in kb.notes.values()]
    entries += [(e, "imported") for p in sorted(folder.glob("*.md")) for e in load_knowledge(p)]
    index = CodeIndex(entries)
    opened, opened_mb = time.perf_counter(), peak_mb()
    hits = index.search("fire separation of the exit stair", 5)
done = time.perf_counter()
print(json.dumps({"open": opened - start, "search": done - opened, "open_mb": opened_mb,
                  "rss_mb": peak_mb()}))
"""


def child(folder: Path, mode: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", OPEN, str(folder), mode], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


def short_code(path: Path, articles: int, seed: int = 7) -> None:
    """Generated code-like text of about 200 bytes an article, as the issue's 19 MB, 94 000-article file."""
    rng = random.Random(seed)
    lines = []
    for n in range(articles):
        number = f"{n // 2000 + 13}.{n // 200 % 10 + 1}.{n // 20 % 10 + 1}.{n % 20 + 1}"
        lines.append(f"{number}. {' '.join(rng.choices(WORDS, k=3)).capitalize()}")
        lines.append(f"(1) {' '.join(rng.choices(WORDS, k=rng.randint(14, 24)))}.")
    path.write_text("\n".join(lines), encoding="utf-8")


def median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(row[key] for row in rows)


def projects_command(data: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "wizard_core", "projects", "--store", str(data)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, nargs="+", default=[0, 5000, 20000, 94000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    # The caps are lifted to time the 94 000-article file.
    code_import.MAX_ARTICLES = max(args.articles) + 1
    code_files.MAX_LINES = 10 * max(args.articles) + 1000
    print(
        "| articles | import (s) | open (ms) | MB open | search (ms) | MB after | before: open (ms) | MB "
        "| `projects` (ms) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for count in args.articles:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "data"
            folder = code_import.imported_dir(data)
            took = 0.0
            if count:
                source = Path(tmp) / "synthetic.txt"
                short_code(source, count)
                start = time.perf_counter()
                code_import.import_code_text(source, data)
                took = time.perf_counter() - start
            else:
                folder.mkdir(parents=True)
            stored = [child(folder, "stored") for _ in range(args.repeat)]
            parsed = [child(folder, "parsed") for _ in range(max(1, args.repeat // 2))]
            command = [projects_command(data) for _ in range(args.repeat)]
            cells = [
                f"{count:,}",
                f"{took:.1f}",
                f"{1000 * median(stored, 'open'):.0f}",
                f"{median(stored, 'open_mb'):.0f}",
                f"{1000 * median(stored, 'search'):.1f}",
                f"{median(stored, 'rss_mb'):.0f}",
                f"{1000 * median(parsed, 'open'):.0f}",
                f"{median(parsed, 'rss_mb'):.0f}",
                f"{1000 * statistics.median(command):.0f}",
            ]
            print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
