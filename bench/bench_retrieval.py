"""Retrieval quality and speed: recall@5, MRR and median query time on labelled questions.

Each question lists the knowledge ids that answer it (its gold ids). recall@k is the share
of a question's gold ids found in the top k, averaged over questions; MRR is the mean of
1 / rank of the first gold id (0 if none is in the top 10). Query time is one
``search(question, k)`` call, the median over every question and repeat. ``--synthetic N``
adds N generated code-like articles as an import, to time the index at the size of a whole
imported code.

    python bench/bench_retrieval.py [--questions bench/questions*.json] [--k 5] [--repeat 20]
                                    [--synthetic 3000] [--show-misses]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wizard_core.knowledge.code_import import import_code_text
from wizard_core.knowledge.service import KnowledgeBaseService

HERE = Path(__file__).resolve().parent
_VOCABULARY = """
building storey floor area exit stair corridor door wall assembly rating separation occupancy
suite room dwelling sprinkler alarm detector standpipe hose access route roof opening glazing
cladding timber concrete steel masonry load design system required permitted except where
provided installed located conform maximum minimum distance height width length shall
"""
WORDS = _VOCABULARY.split()


def evaluate(kb: KnowledgeBaseService, questions: list[dict], k: int, repeat: int) -> dict:
    recalls, reciprocal, misses, times = [], [], [], []
    for q in questions:
        gold = set(q["gold"])
        ranked = [e.id for e in kb.search(q["question"], limit=max(k, 10))]
        recalls.append(len(gold & set(ranked[:k])) / len(gold))
        first = next((n for n, eid in enumerate(ranked, start=1) if eid in gold), None)
        reciprocal.append(1 / first if first else 0.0)
        if recalls[-1] < 1:
            misses.append({"question": q["question"], "gold": sorted(gold), "top": ranked[:k]})
        for _ in range(repeat):
            start = time.perf_counter()
            kb.search(q["question"], limit=k)
            times.append((time.perf_counter() - start) * 1000)
    return {
        "questions": len(questions),
        f"recall@{k}": round(statistics.fmean(recalls), 3),
        "mrr": round(statistics.fmean(reciprocal), 3),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(sorted(times)[int(len(times) * 0.95)], 3),
        "misses": misses,
    }


def synthetic_code(path: Path, articles: int, seed: int = 7) -> None:
    """Generated code-like text: numbered articles of made-up sentences (never real code text)."""
    rng = random.Random(seed)
    lines = []
    for n in range(articles):
        number = f"{n // 2000 + 13}.{n // 200 % 10 + 1}.{n // 20 % 10 + 1}.{n % 20 + 1}"
        lines.append(f"{number}. {' '.join(rng.choices(WORDS, k=4)).capitalize()}")
        for sentence in range(1, rng.randint(2, 7)):
            lines.append(f"({sentence}) {' '.join(rng.choices(WORDS, k=rng.randint(12, 40)))}.")
    path.write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, nargs="*", default=None)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--synthetic", type=int, default=0, help="also import N generated articles")
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    files = args.questions or sorted(HERE.glob("questions*.json"))
    with tempfile.TemporaryDirectory() as tmp:
        imported = None
        if args.synthetic:
            source = Path(tmp) / "synthetic.txt"
            synthetic_code(source, args.synthetic)
            imported = import_code_text(source, Path(tmp)).path.parent
        kb = KnowledgeBaseService(imported_dir=imported)
        print(f"index: {len(kb.index)} entries")
        for path in files:
            questions = json.loads(path.read_text(encoding="utf-8"))["questions"]
            result = evaluate(kb, questions, args.k, args.repeat)
            misses = result.pop("misses")
            print(path.name, json.dumps(result))
            if args.show_misses:
                for miss in misses:
                    print("  miss:", json.dumps(miss))


if __name__ == "__main__":
    main()
