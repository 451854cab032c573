"""Ordered, named upgrades of stored project records.

A record's ``schema_version`` (missing means 0) counts the migrations already applied to it;
``upgrade`` applies the rest in order. Append new migrations; never reorder or edit old ones.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from wizard_core.errors import StorageError

Record = dict[str, Any]


def _timestamp(value: object, fallback: str | None) -> str | None:
    """An ISO time with a zone; the seed wrote naive times, read as UTC so all times compare."""
    if not isinstance(value, str):
        return fallback
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return fallback
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()


def _qa(entry: Record, section: str, fallback: str | None) -> Record:
    qa: Record = {
        "question": entry.get("question") or "",
        "related_form_section": section,
        "answer": entry.get("answer"),
    }
    if stamp := _timestamp(entry.get("timestamp"), fallback):
        qa["timestamp"] = stamp
    return qa


def _answer(entry: Record, fallback: str | None) -> Record:
    section = str(entry["section"])
    answer: Record = {
        "section": section,
        "question_number": section,
        "title": entry.get("question") or section,
        "question": entry.get("question") or "",
        "answer": str(entry.get("answer") or ""),
        # The seed kept no confidence; 0.5 marks imported answers as worth a second look.
        "confidence": entry.get("confidence", 0.5),
        "obc_references": entry.get("obc_references", []),
        "source": "advisor",
        "advisor": "imported",
    }
    if stamp := _timestamp(entry.get("timestamp"), fallback):
        answer["timestamp"] = stamp
    return answer


def m001_seed_json_project(old: Record) -> Record:
    """Upgrade the seed design's JSON project to the ProjectState shape."""
    updated = _timestamp(old.get("updated_at"), None)
    created = _timestamp(old.get("created_at"), updated)
    current = old.get("current_form_section")
    new: Record = {
        "project_id": old["project_id"],
        "name": old.get("name") or "Imported project",
        "current_form_section": current,
        "finalized_answers": [_answer(a, updated) for a in old.get("finalized_answers") or []],
        "active_clarifying_thread": [
            _qa(q, current or "", updated) for q in old.get("active_clarifying_thread") or []
        ],
        "archived_clarifying_sessions": {
            str(section): [_qa(q, str(section), updated) for q in thread]
            for section, thread in (old.get("archived_clarifying_sessions") or {}).items()
        },
        "latest_user_answer": old.get("latest_user_answer"),
        "revision": 0,
    }
    if created:
        new["created_at"] = created
    if updated:
        new["updated_at"] = updated
    return new


def m002_logs_kept_apart(old: Record) -> Record:
    """From version 2 the turn and reasoning logs are kept apart from the record, appended to.

    The store reads a version-2 record's ``logs`` description and puts the live entries in
    place before upgrading, so both versions reach this point with the logs inline and the
    record itself needs no change; the next save writes the logs apart. The version number is
    what matters: a version-1 wizard refuses a version-2 record instead of reading it without
    its transcript.
    """
    return dict(old)


# 3.18, 3.21, 3.22 and 3.23 became rows shaped like the OAA sheet in version 3; their key for rows.
ROW_ITEMS = {"3.21": "assemblies", "3.22": "faces", "3.23": "rows"}
# 3.24 and 3.25 became the sheet's fields in version 3; their text is kept as the note.
FIELD_ITEMS = {
    "3.24": {"compliance_path": "", "climate_zone": "", "degree_days": None},
    "3.25": {"more_than_one_dwelling_unit": None, "option": ""},
}


def _rows_value(section: str, value: object) -> object:
    """A version-2 value in its version-3 shape; free text that cannot be split stays as the note."""
    if section == "3.18" and isinstance(value, dict):
        rows = [
            {
                "floor": str(row.get("area") or row.get("floor") or "Building"),
                "occupancy": "",
                "use": "",
                "area_m2": None,
                "persons": row.get("persons", 0),
                "based_on": str(row.get("basis") or row.get("based_on") or ""),
                "posted_limit": False,
            }
            for row in value.get("rows") or []
            if isinstance(row, dict)
        ]
        return {"rows": rows, "total": value.get("total", 0), "note": str(value.get("note") or "")}
    if section in ROW_ITEMS and isinstance(value, str):
        return {ROW_ITEMS[section]: [], "note": value}
    if section in FIELD_ITEMS and isinstance(value, str):
        return {**FIELD_ITEMS[section], "note": value}
    return value


def _answer_v3(answer: object) -> object:
    if not isinstance(answer, dict) or "value" not in answer:
        return answer
    return {**answer, "value": _rows_value(str(answer.get("section")), answer["value"])}


def m003_rows_like_the_sheet(old: Record) -> Record:
    """From version 3, 3.18 and 3.21-3.23 hold rows as the OAA sheet has them, 3.24-3.25 its fields."""
    new = dict(old)
    new["finalized_answers"] = [_answer_v3(a) for a in old.get("finalized_answers") or []]
    new["answer_history"] = {
        section: [_answer_v3(a) for a in answers]
        for section, answers in (old.get("answer_history") or {}).items()
        if isinstance(answers, list)
    }
    return new


# What version 4 keeps of each item in the record: its newest archived questions and earlier answers.
QUESTIONS_KEPT_V4 = 6
ANSWERS_KEPT_V4 = 5


def m004_record_bounded(old: Record) -> Record:
    """From version 4 the record does not grow with the conversation: each item keeps its newest
    archived clarifying questions and earlier answers, and the older ones move, in order, to the
    archive log (``archive``), counted per item in ``moved_out``. Nothing is dropped. The store reads
    a version-3 record with its whole logs, so the figures of its turn log are counted on the way in.
    """
    new = dict(old)
    moved: list[Record] = list(old.get("archive") or [])
    counts: dict[str, Record] = {}
    archived: dict[str, list[Any]] = {}
    for section, thread in (old.get("archived_clarifying_sessions") or {}).items():
        thread = list(thread) if isinstance(thread, list) else []
        cut = max(0, len(thread) - QUESTIONS_KEPT_V4)
        moved += [{"section": section, "question": qa} for qa in thread[:cut]]
        archived[section] = thread[cut:]
        if cut:
            counts.setdefault(section, {"questions": 0, "answers": 0})["questions"] = cut
    history: dict[str, list[Any]] = {}
    for section, answers in (old.get("answer_history") or {}).items():
        answers = list(answers) if isinstance(answers, list) else []
        cut = max(0, len(answers) - ANSWERS_KEPT_V4)
        moved += [{"section": section, "answer": answer} for answer in answers[:cut]]
        history[section] = answers[cut:]
        if cut:
            counts.setdefault(section, {"questions": 0, "answers": 0})["answers"] = cut
    new["archived_clarifying_sessions"] = archived
    new["answer_history"] = history
    new["archive"] = moved
    new["moved_out"] = counts
    return new


# What version 5 keeps of each item in the record: its newest archived question and earlier answer.
QUESTIONS_KEPT_V5 = 1
ANSWERS_KEPT_V5 = 1


def m005_archive_summed_up(old: Record) -> Record:
    """From version 5 each item keeps in the record only its newest archived question (with its answer)
    and its newest earlier answer; the older ones move, in order, to the archive log (``archive``, after
    what it holds already), added to the item's ``moved_out`` counts. Nothing is dropped. The store
    reads a version-4 record with its whole logs and saves it whole once, so the moved entries follow
    the log's own, oldest first, as if they had moved one by one.
    """
    new = dict(old)
    moved: list[Record] = list(old.get("archive") or [])
    counts: dict[str, Record] = {
        section: dict(count)
        for section, count in (old.get("moved_out") or {}).items()
        if isinstance(count, dict)
    }
    for field, kind, kept in (
        ("archived_clarifying_sessions", "question", QUESTIONS_KEPT_V5),
        ("answer_history", "answer", ANSWERS_KEPT_V5),
    ):
        trimmed: dict[str, list[Any]] = {}
        for section, entries in (old.get(field) or {}).items():
            entries = list(entries) if isinstance(entries, list) else []
            cut = max(0, len(entries) - kept)
            moved += [{"section": section, kind: entry} for entry in entries[:cut]]
            trimmed[section] = entries[cut:]
            if cut:
                count = counts.setdefault(section, {"questions": 0, "answers": 0})
                count[f"{kind}s"] = count.get(f"{kind}s", 0) + cut
        new[field] = trimmed
    new["archive"] = moved
    new["moved_out"] = counts
    return new


# The undo steps a version-6 record keeps; the archive log files the older ones under this name.
STEPS_KEPT_V6 = 2
UNDO_V6 = "undo"


def m006_undo_kept_apart(old: Record) -> Record:
    """From version 6 the record keeps only the newest two undo steps, and of each item's earlier answers
    only those those steps restore (one per step that replaced the item's answer); the older steps move,
    in order, to the archive log under "undo", counted in ``steps_moved``, and the answers as version 5
    moved them (``moved_out``). Nothing is dropped: undo brings back from the log what it needs.
    """
    new = dict(old)
    moved: list[Record] = list(old.get("archive") or [])
    steps = [step for step in old.get("answer_steps") or [] if isinstance(step, dict)]
    cut = max(0, len(steps) - STEPS_KEPT_V6)
    moved += [{"section": UNDO_V6, "step": step} for step in steps[:cut]]
    new["answer_steps"] = steps[cut:]
    new["steps_moved"] = cut
    restored: dict[str, int] = {}
    for step in steps[cut:]:
        if step.get("replaced"):
            restored[str(step.get("section"))] = restored.get(str(step.get("section")), 0) + 1
    counts: dict[str, Record] = {
        section: dict(count)
        for section, count in (old.get("moved_out") or {}).items()
        if isinstance(count, dict)
    }
    history: dict[str, list[Any]] = {}
    for section, entries in (old.get("answer_history") or {}).items():
        entries = list(entries) if isinstance(entries, list) else []
        out = max(0, len(entries) - restored.get(section, 0))
        moved += [{"section": section, "answer": entry} for entry in entries[:out]]
        if entries[out:]:
            history[section] = entries[out:]
        if out:
            count = counts.setdefault(section, {"questions": 0, "answers": 0})
            count["answers"] = count.get("answers", 0) + out
    new["answer_history"] = history
    new["archive"] = moved
    new["moved_out"] = counts
    return new


MIGRATIONS: list[tuple[str, Callable[[Record], Record]]] = [
    ("m001_seed_json_project", m001_seed_json_project),
    ("m002_logs_kept_apart", m002_logs_kept_apart),
    ("m003_rows_like_the_sheet", m003_rows_like_the_sheet),
    ("m004_record_bounded", m004_record_bounded),
    ("m005_archive_summed_up", m005_archive_summed_up),
    ("m006_undo_kept_apart", m006_undo_kept_apart),
]


def version_of(record: Record, where: str = "This project") -> int:
    """The record's schema version; StorageError if a newer wizard wrote it."""
    version = record.get("schema_version", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError(f"schema_version {version!r} is not a version number")
    if version > len(MIGRATIONS):
        raise StorageError(
            f"{where} was created by a newer version of the wizard (record version {version}; "
            f"this version reads up to {len(MIGRATIONS)}). Update the wizard to open it."
        )
    return version


def upgrade(record: Record, where: str = "This project") -> Record:
    """Return ``record`` brought to the current schema; the input is left unchanged."""
    version = version_of(record, where)
    current = dict(record)
    for _name, migrate in MIGRATIONS[version:]:
        current = migrate(current)
    current["schema_version"] = len(MIGRATIONS)
    return current
