"""The checks' walk over a kit's fields: ``schema.field_list`` gives what ``walk_fields`` yields, in its order, and
``Validator.fields`` each root's, walked once per run for the checks that read them all."""
import pytest

from conftest import MINI, ROOT, loaded
from pnp.problems import Problems
from pnp.rules.validator import Validator
from pnp.schema import field_list, walk_fields

KITS = [ROOT / "content" / k for k in ("etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti")] + [MINI]


@pytest.mark.parametrize("root", KITS, ids=lambda p: p.name)
def test_field_list_is_walk_fields_in_its_order(root):
    kit, _ = loaded(root)
    walked = list(walk_fields(kit.roots()))
    listed = field_list(kit.roots())
    assert len(listed) == len(walked) > 100
    assert all(a[0] is b[0] and a[1] == b[1] and a[2] is b[2] for a, b in zip(listed, walked))
    v = Validator(kit, Problems())
    fields = v.fields()
    assert v.fields() is fields  # once per run
    assert [r for r, _ in fields] == kit.roots()
    assert [f for _, fs in fields for f in fs] == listed
