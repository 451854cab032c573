"""The OAA Part 3 sheet: its layout (``layout.py``), its item blocks (``blocks.py``) and where
each item's cells sit in them (``items.py``), how each cell is written and read
(``cells.py``), an answer's value as the sheet's fields (``values.py``), a project laid out as
the sheet (``write.py``) and a sheet read back into answers (``read.py``)."""
