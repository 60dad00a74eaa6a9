"""Dataclasses from ready-made code (page/services/class_code.py): the same classes as when
``dataclasses`` compiles them, a changed class still compiled, a bad table never used."""

from __future__ import annotations

import dataclasses
import importlib
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from page.services import class_code

MODULE = """
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Card:
    name: str
    cost: int = 0
    tags: tuple[str, ...] = ()

@dataclass(order=True)
class Seat:
    order: int
    hand: list[str] = field(default_factory=list)
"""


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    class_code.stats.update(ready=0, compiled=0)
    yield tmp_path
    sys.path.remove(str(tmp_path))
    vars(dataclasses).pop("exec", None)  # dataclasses' own builtin exec again
    for name in [n for n in sys.modules if n.startswith("cc_")]:
        del sys.modules[name]


def write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.py").write_text(text, encoding="utf-8")
    importlib.invalidate_caches()


def test_recorded_classes_are_made_from_the_table_and_behave_the_same(folder: Path) -> None:
    write(folder, "cc_recorded", MODULE)
    table = class_code.record(["cc_recorded"])
    assert "exec" not in vars(dataclasses), "recording leaves dataclasses as it found it"
    assert len(class_code.read(table)) >= 2
    (folder / class_code.TABLE).write_bytes(table)
    write(folder, "cc_again", MODULE)  # the same classes in another module, as on the next page load
    assert class_code.install(str(folder / class_code.TABLE)) > 0
    again = importlib.import_module("cc_again")
    # One source per class (Python 3.13 and later) or per method (earlier): all from the table.
    assert class_code.stats["ready"] >= 2 and class_code.stats["compiled"] == 0
    recorded = sys.modules["cc_recorded"]
    for module in (recorded, again):
        card = module.Card("Island", 0, ("land",))
        assert card == module.Card("Island", 0, ("land",)) and card != module.Card("Island", 1)
        assert repr(card) == "Card(name='Island', cost=0, tags=('land',))"
        assert hash(card) == hash(module.Card("Island", 0, ("land",)))
        with pytest.raises(dataclasses.FrozenInstanceError):
            card.cost = 3  # type: ignore[misc]
        assert (
            module.Seat(1) < module.Seat(2)
            and module.Seat(1).hand == []
            and module.Seat(1).hand is not module.Seat(1).hand
        )
        assert module.Card.__init__.__qualname__ == "Card.__init__"


def test_a_class_changed_since_the_table_was_made_is_compiled_as_before(folder: Path) -> None:
    write(folder, "cc_old", MODULE)
    (folder / class_code.TABLE).write_bytes(class_code.record(["cc_old"]))
    class_code.install(str(folder / class_code.TABLE))
    # A new field changes Card's source; a changed default alone would not (it is passed in).
    write(folder, "cc_new", MODULE.replace("cost: int = 0", "cost: int = 1\n    rarity: str = 'common'"))
    new = importlib.import_module("cc_new")
    assert class_code.stats["ready"] >= 1 and class_code.stats["compiled"] >= 1  # Seat ready, Card compiled
    assert new.Card("Island").cost == 1 and new.Card("Island").rarity == "common"
    assert repr(new.Card("Island")) == "Card(name='Island', cost=1, rarity='common', tags=())"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\x00\r\n" + marshal.dumps({}),  # another Python's magic number
        importlib.util.MAGIC_NUMBER + b"\xff\x00 damaged",
        importlib.util.MAGIC_NUMBER + marshal.dumps(["not", "a", "table"]),
        importlib.util.MAGIC_NUMBER + marshal.dumps({"def f(): pass": "not code"}),
    ],
)
def test_a_table_from_another_python_or_damaged_is_not_used(folder: Path, data: bytes) -> None:
    (folder / class_code.TABLE).write_bytes(data)
    assert class_code.install(str(folder / class_code.TABLE)) == 0
    assert "exec" not in vars(dataclasses)
    write(folder, "cc_plain", MODULE)
    assert importlib.import_module("cc_plain").Card("Forest").name == "Forest"


def test_no_table_no_change(folder: Path) -> None:
    assert class_code.install(str(folder / "missing.marshal")) == 0
    assert "exec" not in vars(dataclasses)
