"""The drawing sheet's paper, short side by long side in mm, tabloid first (the default); the sheet
is always printed landscape.

Apart from ``pdf.py`` so that naming a paper does not load the PDF library: the command line
and the page list the papers on every start, and only an export lays one out.
"""

SIZES = {"tabloid": (279.4, 431.8), "arch-d": (609.6, 914.4), "iso-a1": (594.0, 841.0)}
