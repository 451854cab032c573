"""The file and the drawing set a consultant points at around a fact, which are no fact of the building.

'1,152 m² — 48.0 x 24.0 m, sheet A3 (3 of 22) at 1:100', 'mezzanine at grids 6–8 / D–E, 96 m²', 'Rm 105
men 5 WCs', 'Rev 2 (2024-08-14, cloud 2 on A-201)', 'per ASI #7', 'Proj 24-031', 'Appendix C of the
brief': a sheet's number, a grid line, a room's number, a revision, a date, a scale, the firm's project
number or an appendix's letter would be read as an area, a count, a group or a storey. They are blanked
(spaces of the same length, so every other word keeps its place) before the readers read the message.

A reference is blanked only in a shape no answer takes: a sheet's number with two digits or a decimal
('A-201', 'A3.02', 'A001'), or after a word naming a sheet ('sheet A3', 'on A-2'); a room's number after
'Rm' or 'Room', never a figure with its unit after it ('meeting room 36 m²'); a scale of 1 to 20 or more.
A group ('A2', 'F3'), a level ('L01', 'P1', 'B2'), a face ('E1'), a compliance package ('SB-10'), a seismic
category ('SC-2') and an alternative solution ('AS-01') stay.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SHEET_NO = r"(?-i:[A-Z]{1,2})-?\d{1,3}(?:\.\d{1,3})?"
_SHEET_WORD = r"(?:sheets?|dwgs?\.?|drawings?|details?|sections?|plans?|elevations?|pages?|pg\.?)"
_SHEET_LIST = rf"{_SHEET_NO}(?:\s*(?:,|&|and|to|through|thru|[–—/-])\s*{_SHEET_NO})*"
_REFERENCES = [
    # 'sheet A3', 'sheets A3 through A6', 'dwg A-2', 'detail 3/A-5', 'sheet 4 of 12', 'per A1.1', 'on A-201'
    rf"\b{_SHEET_WORD}\s+(?:no\.?\s*|#\s*)?(?:\d{{1,2}}\s*/\s*)?{_SHEET_LIST}\b",
    rf"\b{_SHEET_WORD}\s+\d{{1,3}}\s+of\s+\d{{1,3}}\b",
    # 'per A-2', 'see 3/A-5'; never a group written with a dash ('based on A-2')
    r"\b(?:per|see|on\s+sheet|from\s+sheet)\s+(?:\d{1,2}\s*/\s*)?(?![A-F]-[1-4]\b)(?-i:[A-Z]{1,2})-\d{1,3}"
    r"(?:\.\d{1,3})?\b",
    r"(?<![\d.])\b\d{1,2}/(?-i:[A-Z]{1,2})-?\d{1,3}(?:\.\d{1,3})?\b",  # a detail on a sheet: '3/A-5'
    # a sheet's number of its own shape: two digits or more, or a decimal ('A-201', 'A3.02', 'A001', 'B04')
    r"\b(?!(?:SB|SC|AS)-?\d|[LPB]\d{1,3}(?![.\d]))(?-i:[A-Z]{1,2})-?(?:\d{2,4}|\d{1,2}\.\d{1,3})(?:[–—-](?-i:[A-Z]{1,2})?\d{1,4}(?:\.\d{1,3})?)?\b"
    r"(?!\.\d)",  # not an appendix note's number ('A-3.2.5.7')
    # a tag of two letters ('HW-1', 'EL-1', 'ST-2', 'OH-1 to OH-8'); not a compliance package ('SB-10'), a
    # seismic category ('SC-2') or an alternative solution ('AS-2')
    r"\b(?!SB|SC|AS)(?-i:[A-Z]{2})-\d{1,2}\b(?!\.\d)(?:\s*(?:to|[–—-])\s*(?-i:[A-Z]{2})-\d{1,2}\b)?",
    r"\b(?!(?:SB|AS)-)(?-i:[A-Z]{2,4})-\d{3,5}\b",  # a report's or a model's number ('ECR-2407')
    r"\(\s*\d{1,3}\s+of\s+\d{1,3}\s*\)",
    # grid lines: 'grids 1–7 / A–F', 'grid C-4', 'at grid 7', 'grid lines 2 to 5'
    r"\bgrids?(?:\s+lines?)?\s+[A-Z0-9]{1,2}(?:\.\d)?(?:\s*(?:[–—-]|to|and)\s*[A-Z0-9]{1,2}(?:\.\d)?)?"
    r"(?:\s*(?:/|x|×|by)\s*[A-Z0-9]{1,2}(?:\.\d)?(?:\s*(?:[–—-]|to|and)\s*[A-Z0-9]{1,2}(?:\.\d)?)?)?\b",
    # a room's number: 'Rm 105', 'Rm B04', 'room 210', 'Suite 210', 'waiting room 105'; not 'room 36 m²' nor
    # 'meeting rm 40' (its persons)
    r"\b(?:rms?\.?|rooms?|suites?)[ ]?(?:no\.?[ ]?|#[ ]?)?(?:(?-i:[A-Z])\d{2,4}|\d{3,4})(?-i:[A-Z])?\b"
    r"(?:\s*(?:[/,&–—-]|to|and)\s*(?-i:[A-Z])?\d{2,4}(?-i:[A-Z])?\b)*"
    r"(?!\s*(?:m2|m²|sm|sq|sf|ft|m\b|%|persons?|people|p\b|pers|seats?|wcs?|x\b|@|=|→|->|/\s*p))",
    # revisions, instructions and the firm's numbers: 'Rev 3', 'Rev B', 'ASI #7', 'SI-04', 'RFI 12' (not
    # 'rev 1 in brackets', which says what a row's bracketed figures are), 'addendum 2', 'cloud 2',
    # 'Proj 24-031', 'project no. 23-118', 'file D14-22', 'job #2231'
    r"\b(?:rev(?:ision)?\.?|asi|si|rfi|ccn|cco|addendum|bulletin|cloud)\s*(?:no\.?\s*|#\s*)?"
    r"(?-i:[A-Z0-9])\d{0,2}\b"
    r"(?!\s*(?:m2|m²|m\b|%|persons?|storeys?|in\s+(?:brackets|parenthes)|figures?|values?|:))",
    r"\b(?:proj(?:ect)?\.?|job|file|permit|spa|sp|bp|dp)\s*(?:no\.?\s*|#\s*)?"
    r"(?=[\w/-]*\d)(?-i:[A-Z0-9]{2,6})(?:[-/](?-i:[A-Z0-9]{1,6})){1,3}\b",
    r"\b(?:proj(?:ect)?\.?|job)\s*(?:no\.?\s*|#\s*)?\d{3,6}\b",
    # dates: '2024-09-17', '17/09/2024', 'Oct 21, 2024', '21 October 2024'
    r"\b(?:19|20)\d{2}-\d{1,2}-\d{1,2}\b",
    r"\b\d{1,2}/\d{1,2}/(?:19|20)\d{2}\b",
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}\b",
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+(?:19|20)\d{2}\b",
    # scales: '1:100', '1:250', 'at 1/8" = 1\'-0"'
    r"\b1:(?:[2-9]\d|\d{3,4})\b(?!\s*(?:seats?|persons?|people))",
    r"\b\d{1,2}/\d{1,2}\s*\"\s*=\s*1'\s*-?\s*0\"",
    # a line of the firm's code summary: 'code matrix line 10', 'review box, line 3.10'
    r"\b(?:matrix|summary|box|template|checklist),?\s+line\s+\d{1,2}(?:\.\d{1,2})?\b",
    # a lettered part of a document: 'Appendix C', 'Schedule B', 'Exhibit A', 'Tab D'
    r"\b(?:appendix|appendices|schedule|exhibit|attachment|annex|tab)\s+(?-i:[A-Z])\b(?!-?\d)",
]
_REFERENCE = re.compile("|".join(f"(?:{r})" for r in _REFERENCES), re.I)


@lru_cache(maxsize=256)  # read() runs on one message for many items a turn
def blanked(text: str) -> str:
    """``text`` with the drawing set's and the file's references blanked, every other word in its place."""
    return _REFERENCE.sub(lambda m: " " * len(m[0]), text)
