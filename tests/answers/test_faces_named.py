"""3.22 faces keep the names consultants give them: a direction with a street or a neighbour in
brackets, or a street with its direction, is the face's name as written; a direction alone is written
one way; and a later line naming only the direction revises that face.
"""

from __future__ import annotations

from tests.answers.computed import office, recorded

OFFICE = office()


def names(value: dict) -> list[str]:
    return [face["face"] for face in value["faces"]]


def test_a_face_named_with_its_street_or_neighbour_keeps_the_name():
    message = (
        "N (Bay St): 300 m2, LD 16 m, 30%\nqueen st (E): 210 m2, LD 12 m, 25%\n"
        "S (hwy 7): 300 m2, LD 20 m, 10%\nW end (next to the arena): 210 m2, LD 9 m, 5%"
    )
    assert names(recorded("3.22", message, state=OFFICE)) == [
        "N (Bay St)",
        "Queen st (E)",
        "S (hwy 7)",
        "W end (next to the arena)",
    ]


def test_a_direction_alone_is_written_one_way():
    message = (
        "N wall: 300 m2, LD 16 m, 30%\nsouth elevation 300 m2, LD 20 m, 10%\n"
        "east is 12 m from the line, 210 m2, 25%"
    )
    assert names(recorded("3.22", message, state=OFFICE)) == ["North", "South", "East"]


def test_a_later_line_naming_only_the_direction_revises_the_named_face():
    first = recorded(
        "3.22", "North (Bay St): 300 m2, LD 16 m, 30%\nSouth (lane): 300 m2, LD 6 m, 10%", state=OFFICE
    )
    state = office(**{"3_22": first})
    value = recorded("3.22", "south LD is actually 7.5 m", state=state)
    assert names(value) == ["North (Bay St)", "South (lane)"]
    # 300 m² at 7.5 m, sprinklered D → Table 3.2.3.1.-D row 150 or more, column 7 m → 66 %
    assert value["faces"][1]["limiting_distance_m"] == 7.5
    assert value["faces"][1]["upo_permitted_pct"] == 66.0


def test_a_sentence_about_the_faces_is_not_a_face_of_its_own():
    # the opening sentence's "larger than 120 m²" is about the faces named after it
    message = (
        "The building is sprinklered, so Table 3.2.3.1.-D applies; every exposing face is larger than "
        "120 m². North face (Bay St): 300 m², limiting distance 16.0 m, unlimited openings. South face "
        "(lane): 300 m², limiting distance 20.0 m, unlimited."
    )
    assert names(recorded("3.22", message, state=OFFICE)) == ["North face (Bay St)", "South face (lane)"]
