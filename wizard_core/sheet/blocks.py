"""The OAA Part 3 sheet's item blocks, 3.00 to 3.27, in the template's order: each item's title
and its rows of headings and answer cells (the pieces are described in ``layout.py``)."""

from __future__ import annotations

from wizard_core.engine.assemblies import ASSEMBLIES
from wizard_core.engine.assemblies import LABELS as ASSEMBLY_LABELS
from wizard_core.sheet.layout import DIVISION_NOTE, Block, Row, area_rows, entry, heading, notes_row

BLOCKS: tuple[Block, ...] = (
    Block(
        "3.00",
        "BUILDING CODE VERSION",
        (Row((entry("D", "regulation"), heading("I", "LAST CODE AMENDMENT"), entry("J", "amendment"))),),
    ),
    Block(
        "3.01",
        "PROJECT TYPE",
        (
            Row((entry("D", "value"), heading("J", "[Provide further description below.]"))),
            Row((entry("D", "sheet:description"),)),
        ),
    ),
    Block(
        "3.02",
        "MAJOR OCCUPANCY CLASSIFICATION",
        (
            Row((heading("D", "OCCUPANCY"), heading("J", "USE"))),
            Row(
                (entry("D", "group", "group"), entry("E", "group_name", "derived"), entry("J", "sheet:use")),
                "groups",
                5,
            ),
        ),
    ),
    Block("3.03", "SUPERIMPOSED MAJOR OCCUPANCIES", (Row((entry("D", "value", "yes_no"),)),)),
    Block("3.04", "BUILDING AREA (m²)", area_rows()),
    Block("3.05", "GROSS AREA (m²)", area_rows()),
    Block("3.06", "MEZZANINE AREA (m²)", area_rows(mezzanine=True)),
    Block(
        "3.07",
        "BUILDING HEIGHT",
        (
            Row(
                (
                    entry("D", "storeys_above_grade", "int"),
                    heading("E", "STOREYS ABOVE GRADE"),
                    entry("J", "height_m", "number"),
                    heading("K", "(m) ABOVE GRADE"),
                )
            ),
            Row((entry("D", "storeys_below_grade", "int"), heading("E", "STOREYS BELOW GRADE"))),
        ),
    ),
    Block("3.08", "HIGH BUILDING", (Row((entry("D", "value", "yes_no"),)),)),
    Block(
        "3.09",
        "NUMBER OF STREETS/ FIREFIGHTER ACCESS",
        (Row((entry("D", "value", "int"), heading("E", "STREET(S)"))),),
    ),
    Block(
        "3.10",
        "BUILDING CLASSIFICATION (SIZE AND CONSTRUCTION RELATIVE TO OCCUPANCY)",
        (Row((entry("D", "group", "derived"), entry("E", "article")), "articles", 5),),
    ),
    Block(
        "3.11",
        "SPRINKLER SYSTEM",
        (
            Row((entry("D", "value"), heading("G", "PROVIDED:"), entry("I", "sheet:provided"))),
            Row((heading("D", "DESCRIBE"), entry("E", "sheet:description"))),
        ),
    ),
    Block("3.12", "STANDPIPE SYSTEM", (Row((entry("D", "value", "yes_no"),)),)),
    Block(
        "3.13",
        "FIRE ALARM SYSTEM",
        (Row((entry("D", "value"), heading("I", "TYPE PROVIDED"), entry("J", "sheet:type_provided"))),),
    ),
    Block("3.14", "WATER SERVICE/ SUPPLY IS ADEQUATE", (Row((entry("D", "value", "yes_no"),)),)),
    Block(
        "3.15",
        "CONSTRUCTION TYPE",
        (
            Row((heading("D", "BASED ON"), entry("E", "sheet:based_on"))),
            Row((heading("D", "RESTRICTIONS"), entry("E", "restriction"))),
            Row(
                (
                    heading("D", "ACTUAL"),
                    entry("E", "actual"),
                    heading("I", "HEAVY TIMBER CONSTRUCTION"),
                    entry("K", "heavy_timber", "yes_no"),
                )
            ),
        ),
    ),
    Block("3.16", "IMPORTANCE CATEGORY", (Row((entry("D", "value"), entry("I", "sheet:detail"))),)),
    Block(
        "3.17",
        "SEISMIC CATEGORY",
        (
            Row((heading("D", "SEISMIC CATEGORY"), entry("E", "value"))),
            Row(
                (
                    heading("D", "SITE CLASS"),
                    entry("E", "sheet:site_class"),
                    entry("F", "sheet:site_class_detail"),
                )
            ),
            Row(
                (
                    heading("D", "SEISMIC DESIGN REQUIRED FOR Table 4.1.8.18. items 6 to 22:"),
                    entry("I", "sheet:design_required"),
                )
            ),
            Row((heading("F", "REASON FOR REQUIREMENT"), entry("G", "sheet:reason"))),
        ),
    ),
    Block(
        "3.18",
        "OCCUPANT LOAD",
        (
            Row(
                (
                    heading("D", "FLOOR LEVEL/AREA"),
                    heading("F", "OCCUPANCY TYPE"),
                    heading("I", "OCCUPANT LOAD (PERSONS)"),
                    heading("J", "BASED ON"),
                    heading("K", "POSTED LIMIT REQUIRED"),
                )
            ),
            Row(
                (
                    entry("D", "floor"),
                    entry("E", "area_m2", "number"),
                    entry("F", "occupancy", "group"),
                    entry("G", "use"),
                    entry("I", "persons", "int"),
                    entry("J", "based_on"),
                    entry("K", "posted_limit", "yes_no"),
                ),
                "rows",
                3,
            ),
            Row((heading("D", "TOTAL"), entry("I", "total", "int"))),
            notes_row(),
        ),
    ),
    Block(
        "3.19",
        "BARRIER-FREE DESIGN",
        (
            Row((entry("D", "value", "yes_no"),)),
            Row(
                (
                    heading("B", "BARRIER-FREE ENTRANCES"),
                    entry("D", "barrier_free_entrances", "int", item="3.20"),
                    entry("F", "sheet:entrances", item="3.20"),
                )
            ),
        ),
    ),
    Block("3.20", "HAZARDOUS SUBSTANCES", (Row((entry("D", "hazardous_substances", "yes_no"),)),)),
    Block(
        "3.21",
        "REQUIRED FIRE RESISTANCE RATINGS",
        (
            Row(
                (
                    heading("D", "HORIZONTAL ASSEMBLY"),
                    heading("I", "RATING (H)"),
                    heading("J", "SUPPORTING ASSEMBLY (H)"),
                    heading("K", "NONCOMBUSTIBLE IN LIEU OF RATING?"),
                )
            ),
            *(
                Row(
                    (
                        heading("D", label),
                        entry("I", f"{name}.rating_h", "hours_na"),
                        entry("J", f"{name}.supporting_h", "hours_na"),
                        entry("K", f"{name}.noncombustible_in_lieu", "yes_no"),
                    )
                )
                for name, label in ((name, ASSEMBLY_LABELS[name].upper()) for name in ASSEMBLIES)
            ),
            notes_row(),
        ),
    ),
    Block(
        "3.22",
        "SPATIAL SEPARATION",
        (
            Row(
                (
                    heading("D", "EXPOSING BUILDING FACE"),
                    heading("E", "EBF AREA (m2)"),
                    heading("F", "L.D. (m)"),
                    heading("G", "L/H OR H/L"),
                    heading("H", "% UPO PERMITTED / ACTUAL"),
                    heading("I", "REQUIRED FRR (H)"),
                    heading("J", "CONSTRUCTION TYPE"),
                    heading("K", "CLADDING TYPE"),
                )
            ),
            Row(
                (
                    entry("D", "face"),
                    entry("E", "area_m2", "number"),
                    entry("F", "limiting_distance_m", "number"),
                    entry("G", "ratio|ratio_band", "face_ratio"),
                    entry("H", "upo_permitted_pct|upo_actual_pct", "number_pair"),
                    entry("I", "frr_h", "hours"),
                    entry("J", "construction"),
                    entry("K", "cladding"),
                ),
                "faces",
                4,
            ),
            notes_row(),
        ),
    ),
    Block(
        "3.23",
        "PLUMBING FIXTURE REQUIREMENTS",
        (
            Row((heading("D", "RATIO:"), entry("F", "ratio", "ratio"))),
            Row(
                (
                    heading("D", "FLOOR LEVEL OR AREA"),
                    heading("F", "OCCUPANT LOAD (PERSONS)"),
                    heading("G", "OBC SENTENCE"),
                    heading("H", "WATER CLOSETS REQUIRED"),
                    heading("I", "WATER CLOSETS PROVIDED"),
                    heading("J", "BARRIER-FREE WATER CLOSETS REQUIRED / PROVIDED"),
                    heading("K", "UNIVERSAL WASHROOMS REQUIRED / PROVIDED"),
                )
            ),
            Row(
                (
                    entry("D", "floor"),
                    entry("F", "persons", "int"),
                    entry("G", "sentence"),
                    entry("H", "wc_required", "int"),
                    entry("I", "wc_provided", "int"),
                    entry("J", "bf_wc_required|bf_wc_provided", "int_pair"),
                    entry("K", "universal_required|universal_provided", "int_pair"),
                ),
                "rows",
                3,
            ),
            notes_row(),
        ),
    ),
    Block(
        "3.24",
        "ENERGY EFFICIENCY",
        (
            Row((heading("D", "COMPLIANCE PATH:"), entry("E", "compliance_path"))),
            Row(
                (
                    heading("D", "CLIMATE ZONE:"),
                    entry("E", "climate_zone"),
                    heading("I", "DEGREE DAYS BELOW 18 C:"),
                    entry("J", "degree_days", "int"),
                ),
                references="SB-1 Table 2",
            ),
            notes_row(),
        ),
    ),
    Block(
        "3.25",
        "SOUND TRANSMISSION DESIGN",
        (
            Row(
                (
                    heading("D", "IS THERE MORE THAN 1 DWELLING UNIT IN THE BUILDING?:"),
                    entry("I", "more_than_one_dwelling_unit", "yes_no"),
                )
            ),
            Row((heading("D", "NOTES:"), entry("E", "note"))),
            Row((heading("D", "OPTION IMPLEMENTED:"), entry("F", "option"))),
        ),
    ),
    Block("3.26", "ALTERNATIVE SOLUTIONS", (Row((entry("D", "line"),), "lines", 3),)),
    Block(
        "3.27",
        "NOTES",
        (Row((entry("D", "line"),), "lines", 3), Row((heading("D", "1"), heading("E", DIVISION_NOTE)))),
    ),
)
