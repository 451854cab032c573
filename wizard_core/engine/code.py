"""The code as data: pydantic models of content/code/part3-2024.json and a cached loader.

Every figure in the file belongs to the 2024 edition (O. Reg. 163/24) and carries its article id;
figures the source could not read with confidence keep an ``uncertain`` note.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .content_file import read_model
from .tables import RequiredIf, Rules, UncertainEntry

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"
DEFAULT_PATH = CONTENT_DIR / "code" / "part3-2024.json"

StreetLimits = tuple[float | None, float | None, float | None]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Uncertain(_Model):
    field: str
    note: str
    affects_values: bool = True
    groups: list[str] | None = None  # None: every group of the article


class AreaRow(_Model):
    """Limit for buildings of up to ``up_to_storeys`` storeys (None: any number of storeys)."""

    up_to_storeys: int | None
    m2: float | list[float | None] | None  # None: not limited; a list: by 1 / 2 / 3 streets
    basement: bool | None = None
    uncertain: str | None = None
    uncertain_streets: list[int] | None = None

    def limits(self) -> StreetLimits:
        if isinstance(self.m2, list):
            if len(self.m2) != 3:
                raise ValueError("a by-streets area limit needs 3 figures")
            return (self.m2[0], self.m2[1], self.m2[2])
        return (self.m2, self.m2, self.m2)

    def uncertain_for(self, streets: int) -> bool:
        if self.uncertain is None:
            return False
        return self.uncertain_streets is None or streets in self.uncertain_streets


class AreaVariant(_Model):
    factor: float
    no_basement: bool
    ref: str
    condition: str


class HeightLimit(_Model):
    max_m: float
    measure: Literal["first_storey_floor_to_top_floor", "grade_to_top_ceiling"]
    ref: str


class OneStreet(_Model):
    min_perimeter_pct: float
    min_perimeter_pct_with_cladding: float
    ref: str


class Construction(_Model):
    combustible: bool
    emtc: bool
    heavy_timber: Literal["none", "roof", "full"]
    ht_roof_3_2_2_16: bool
    combustible_if: str | None = None

    @property
    def restriction(self) -> str:
        """The 3.15 'restriction' label this article gives."""
        if self.combustible:
            return "Combustible permitted"
        if self.emtc:
            return "Encapsulated mass timber permitted"
        return "Noncombustible required"


class Waiver(_Model):
    ref: str
    minutes: int = 0
    certain: bool = False
    condition: str = ""
    max_storeys: int | None = None
    max_m2: list[float] | None = None
    keeps_rating: bool = False
    requires_heavy_timber: bool = False
    requires_noncombustible: bool = False
    requires_sprinklers: bool = False


class Rating(_Model):
    minutes: int | None = None  # None: the article states no rating
    fire_separation: bool = False
    if_combustible: bool = False
    waivers: list[Waiver] = Field(default_factory=list)
    note: str = ""


class Ratings(_Model):
    floors: Rating
    mezzanines: Rating
    roof: Rating
    loadbearing: Literal[
        "none", "supported", "45_or_nc", "45_or_nc_and_supported", "supported_or_heavy_timber"
    ]


class Sprinklers(_Model):
    required: bool
    superimposed_exception: bool = True
    required_if: RequiredIf | None = None
    note: str = ""


class OccupantLimit(_Model):
    max: int
    scope: Literal["building", "part"]
    ref: str


class Rider(_Model):
    group: str
    below_storey: int
    ref: str
    use: str = ""


class ExtraStorey(_Model):
    storeys: int
    ref: str
    condition: str


class SpecialUse(_Model):
    condition: str
    ref: str


class EmtcRow(_Model):
    max_storeys: int
    max_m: float
    encapsulation_min: int


class EmtcGroup(_Model):
    max_m2: float
    rows: list[EmtcRow]


class Article(_Model):
    id: str = Field(pattern=r"^3\.2\.2\.\d{2}[A-E]?$")
    groups: list[str]
    summary: str
    sprinklers: Sprinklers
    max_storeys: int | None
    areas: list[AreaRow]
    construction: Construction
    ratings: Ratings
    conditions: list[str]
    retirement_home: bool | None = None
    height: HeightLimit | None = None
    one_street: OneStreet | None = None
    area_variant: AreaVariant | None = None
    occupant_load: OccupantLimit | None = None
    open_conditions: list[str] = Field(default_factory=list)
    combustible_occupant_load_max: int | None = None
    extra_storey: ExtraStorey | None = None
    special_use: SpecialUse | None = None
    riders: list[Rider] = Field(default_factory=list)
    emtc_table: dict[str, EmtcGroup] | None = None
    uncertain: list[Uncertain] = Field(default_factory=list)

    @property
    def short(self) -> str:
        return self.id.removeprefix("3.2.2")

    def uncertain_for(self, group: str) -> str:
        """A note when any use of this article for ``group`` rests on an uncertain figure."""
        return "; ".join(
            u.note for u in self.uncertain if u.affects_values and (u.groups is None or group in u.groups)
        )


class CodeData(_Model):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))

    edition: Literal["2024"]
    regulation: str
    scope: str
    source_note: str
    groups: dict[str, str]
    articles: list[Article]
    test_order: dict[str, list[str]]
    rules: Rules
    uncertain: list[UncertainEntry]

    @model_validator(mode="after")
    def _consistent(self) -> CodeData:
        ids = [a.id for a in self.articles]
        if len(ids) != len(set(ids)):
            raise ValueError("an article appears more than once")
        known = set(ids)
        for group, order in self.test_order.items():
            for article in order:
                if article not in known:
                    raise ValueError(f"test order for {group} names unknown article {article}")
        for entry in self.articles:
            for row in entry.areas:
                row.limits()
        return self

    @cached_property
    def by_id(self) -> dict[str, Article]:
        return {a.id: a for a in self.articles}

    @cached_property
    def _rider_index(self) -> dict[str, list[Article]]:
        index: dict[str, list[Article]] = {}
        for article in self.articles:
            for rider in article.riders:
                index.setdefault(rider.group, []).append(article)
        return index

    def riders_for(self, group: str) -> list[Article]:
        """Articles another group's occupancy may also use for ``group`` (e.g. E under 3.2.2.51(5))."""
        return self._rider_index.get(group, [])

    def order_for(self, group: str, retirement_home: bool = False) -> list[Article]:
        key = "C-retirement" if group == "C" and retirement_home else group
        return [self.by_id[a] for a in self.test_order.get(key, [])]


@lru_cache(maxsize=8)
def _load(path: Path) -> CodeData:
    return read_model(path, CodeData, "code")


def load_code(path: str | Path | None = None) -> CodeData:
    """The classification data (cached per path); ContentError if the file is missing or invalid."""
    return _load(Path(path).resolve() if path is not None else DEFAULT_PATH)
