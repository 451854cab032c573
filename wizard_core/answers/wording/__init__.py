"""Reading a consultant's words into the inputs of the computed items' rows (3.18, 3.21, 3.22, 3.23).

A row item reads each row on its own, from a line, semicolon or sentence or from a table pasted
from a spreadsheet; a cell that cannot be read is named with its row and column, and the rows that
could be read stay pending, so the consultant only sends the one row again. Rows are merged by their
name (a floor, a face) across the thread's texts and with the recorded answer, so a row revised
later replaces only that row. What the inputs give is worked out by the item's own module in
``wizard_core/answers/``, which imports these and is never imported by them.
"""
