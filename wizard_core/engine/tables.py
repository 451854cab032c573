"""Pydantic models of the rule tables R1–R11 in content/code/part3-2024.json (2024 edition)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OneStreetRule(_Model):
    articles: list[str]
    pct: float
    pct_with_cladding: float
    ref: str


class StreetsRule(_Model):
    """3.2.2.10: streets faced are perimeter tests, not counts of streets."""

    ref: str
    within_m: float
    two_streets_min_pct: float
    three_streets_min_pct: float
    one_street_min_pct: OneStreetRule
    facts: list[str]


class BelowGroundRule(_Model):
    """3.2.2.15 deep basements, 3.2.1.4 floor over a basement, 3.2.1.5 unsprinklered basements."""

    ref: str
    deep_when_storeys_below_over: int
    floor_minutes: int
    floor_minutes_hazard: int
    hazard_groups: list[str]
    basements_sprinklered: bool
    residential_exception: str
    floor_over_basement_min_minutes: int
    floor_over_basement_ref: str
    floor_over_basement_exempt: list[str]
    unsprinklered_basement_compartment_m2: float
    unsprinklered_basement_ref: str


class HeavyTimberRoofRule(_Model):
    """3.2.2.16: a heavy timber roof on at most 2 storeys, sprinklered throughout."""

    ref: str
    max_storeys: int
    sprinklered: bool
    facts: list[str]


class ArenaWaiverRule(_Model):
    ref: str
    articles: list[str]
    min_clear_height_m: float


class SprinklerRule(_Model):
    ref: str
    required_by: list[str]
    lower_storeys_rule: str
    uncertain: str


class MixedRule(_Model):
    ref: str
    ignore_small_pct: float
    ignore_small_not_for: list[str]
    retirement_home_own_occupancy: bool
    facts: list[str]


class MezzanineRule(_Model):
    """3.2.1.1(3)–(5): when a mezzanine is not a storey."""

    ref: str
    open_room_max_pct: float
    floor_area_max_pct: float
    open_above_max_mm: float
    enclosed_max_pct: float
    superimposed_level_is_storey: bool


class FireAlarmRule(_Model):
    """3.2.4.1: when a fire alarm system is required."""

    ref: str
    sprinklered_requires: bool
    sprinkler_exemptions: list[str]
    storeys_incl_below_over: int
    occupant_load_over: int
    occupant_load_over_uncertain: str
    storey_load_over: int
    school_load_over: int
    licensed_load_over: int
    f2_f3_storey_load_over: int
    f1_load_over: int
    sleeping_over: int
    care_over: int
    exemptions: list[str]


class AlarmStageRule(_Model):
    """3.2.4.3: single- or two-stage."""

    ref: str
    single_stage_only: list[str]
    single_stage_schools: bool
    two_stage: list[str]
    either_for_b3_up_to_storeys: int


class StandpipeRule(_Model):
    """3.2.5.8 and Table 3.2.5.8."""

    ref: str
    storeys_over: int
    height_over_m: float
    height_measure: str
    unsprinklered_area_m2: dict[str, list[float]]
    area_table_uncertain: str
    exemptions: list[str]
    group_c_exempt_articles: list[str]
    group_c_exempt_max_storeys: int
    garage_exempt_max_m: float


class HighBuildingRule(_Model):
    """3.2.6.1: which buildings are high buildings (grade to the top-storey floor)."""

    ref: str
    measure: str
    adef_over_m: float
    adef_load_over_m: float
    stair_load_limit: float
    stair_width_factor: float
    group_b_over_m: float
    b2_b3_above_storey: int
    group_c_over_m: float
    emtc_over_m: float


class ScopeRule(_Model):
    """Division A 1.3.3.2 / 1.3.3.3: Part 3 or Part 9."""

    ref: str
    part9_ref: str
    part9_groups: list[str]
    part9_max_area_m2: float
    part9_max_storeys: int
    always_part3: list[str]
    retirement_homes_part3: bool
    post_disaster_part3: bool


class FarmRule(_Model):
    ref: str
    groups: list[str]
    statement: str


class Rules(_Model):
    streets: StreetsRule
    below_ground: BelowGroundRule
    heavy_timber_roof: HeavyTimberRoofRule
    arena_waivers: ArenaWaiverRule
    sprinklers: SprinklerRule
    mixed_occupancies: MixedRule
    mezzanines: MezzanineRule
    fire_alarm: FireAlarmRule
    alarm_stage: AlarmStageRule
    standpipes: StandpipeRule
    high_buildings: HighBuildingRule
    scope: ScopeRule
    farm_buildings: FarmRule


class UncertainEntry(_Model):
    where: str
    what: str


class RequiredIf(_Model):
    area_over_m2: float
    ref: str
    condition: str
