"""Asked "which article applies?" at 3.10, does the wizard propose an article that fits the building?

Each transcript in ``bench/transcripts/`` is played as in ``bench_transcripts.py`` up to 3.10, where the
consultant asks the wizard to choose instead of naming the article. When the wizard asks for a fact
first (sprinklers, construction, a retirement home), the consultant answers it in words, from the
building's expected answers ("not sprinklered", "wood frame, combustible"). The proposal is scored
as fitting when the code engine finds no error in the building's expected matrix with 3.10 replaced
by the proposal, leaving aside the items that follow from the article chosen (3.15's restriction,
3.21's ratings); it is also shown whether it is the article the consultant used.

    python bench/bench_article_proposals.py [--only NAME] [--written before|after|outside] [--folder DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_transcripts as bench

from wizard_core import engine
from wizard_core.advisors.offline import proposals

ASK = "which article applies?"
FOLLOW_UPS = 3
MARK = "Proposed for 3.10:"


def fact_reply(question: str, expected: dict[str, Any]) -> str | None:
    """A consultant's answer, in words, to the fact the wizard asks before proposing."""
    asked = question.casefold()
    said = []
    if "sprinklered" in asked:
        said.append(
            "sprinklered throughout" if expected.get("3.11") == "Entire building" else "not sprinklered"
        )
    if "combustible" in asked:
        actual = str((expected.get("3.15") or {}).get("actual", "")).casefold()
        if actual.startswith("noncombustible"):
            said.append("noncombustible construction")
        elif actual.startswith("combustible and"):
            said.append("combustible and noncombustible: a concrete podium with wood frame above")
        else:
            said.append("wood frame, combustible")
    if "retirement home" in asked:
        said.append("it's not a retirement home")
    return ", ".join(said).capitalize() if said else None


def proposal(transcript: bench.Transcript) -> tuple[list[str], list[str]]:
    """The articles proposed after the facts (empty if none), and the wizard's questions on the way."""
    consultant = bench.Consultant(transcript)
    consultant.planned["3.10"] = [ASK]
    asked: list[str] = []
    for entry in transcript.script:
        if entry.detour:
            consultant.detour(entry)
            continue
        section = entry.item or ""
        consultant.settle(before=section)
        if section == "3.10":
            break
        if consultant.current() == section:
            consultant.work_on(section)
        consultant.done.add(section)
    if consultant.current() != "3.10":
        return [], [f"never reached 3.10 (at {consultant.current()})"]
    consultant.send(ASK)
    for _ in range(FOLLOW_UPS):
        question = consultant.last_reply[2] if consultant.last_reply else ""
        asked.append(question)
        if MARK in question:
            return proposals.PROPOSED_ARTICLE.findall(question.split(MARK, 1)[1].split(". ", 1)[0]), asked
        reply = fact_reply(question, transcript.expected)
        if reply is None:
            break
        consultant.send(reply)
    return [], asked


# Items whose answers follow from the article chosen (its construction restriction, its ratings): a
# different fitting article changes them, so their findings do not say the article misfits the building.
FOLLOWS_THE_ARTICLE = {"3.15", "3.21"}


def fits(transcript: bench.Transcript, articles: list[str]) -> bool:
    answers = {**transcript.expected, "3.10": articles}
    errors = [f for f in engine.check(answers) if f.severity == "error" and f.item not in FOLLOWS_THE_ARTICLE]
    return bool(articles) and not errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="transcripts whose file name contains this")
    parser.add_argument("--written", choices=("before", "after", "outside"))
    parser.add_argument("--show", action="store_true", help="print the questions asked for each miss")
    parser.add_argument("--folder", type=Path, default=bench.FOLDER, help="play the transcripts in a folder")
    args = parser.parse_args()
    print("| transcript | written | expected | proposed | fits | same as expected |")
    print("|---|---|---|---|---|---|")
    fitting = same = 0
    transcripts = bench.load(args.only, args.written, args.folder)
    for transcript in transcripts:
        articles, asked = proposal(transcript)
        ok = fits(transcript, articles)
        fitting += ok
        same += articles == transcript.expected.get("3.10")
        shown = ", ".join(articles) or "none"
        expected = ", ".join(transcript.expected.get("3.10") or [])
        print(
            f"| {transcript.name} | {transcript.written} | {expected} | {shown} | {'yes' if ok else 'no'} | "
            f"{'yes' if articles == transcript.expected.get('3.10') else 'no'} |"
        )
        if args.show and not ok:
            for question in asked:
                print(f"    asked: {question[:300]}")
    print(
        f"\n{fitting}/{len(transcripts)} proposals fit the building; {same} are the consultant's own article"
    )


if __name__ == "__main__":
    main()
