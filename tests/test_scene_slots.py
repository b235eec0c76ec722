"""Scene shapes keep their fields in slots (no dictionary per shape: a 6000-card deck draws ~50 000 runs), and are
still compared, hashed, replaced and pickled (previews hand drawings between processes) as before."""
import dataclasses
import pickle

from pnp import scene


def test_shapes_have_no_dictionary_and_travel_whole():
    shapes = [scene.Rect(0, 0, 1, 2, fill="#102030"), scene.Line(0, 0, 1, 1), scene.Circle(1, 1, 2),
              scene.Path((("M", 0, 0), ("L", 1, 1), ("Z",))), scene.Text(1, 2, "Card 1", "NotoSans-Bold", 10.5),
              scene.Image("a.png", 0, 0, 1, 1)]
    group = scene.Group(list(shapes), transform=scene.translate(1, 2), key="k", bounds=(0, 0, 3, 3))
    for s in [*shapes, group]:
        assert not hasattr(s, "__dict__"), type(s).__name__
    back = pickle.loads(pickle.dumps(group))
    assert back == group and back.children == shapes
    assert {hash(s) for s in shapes} == {hash(s) for s in pickle.loads(pickle.dumps(shapes))}
    assert dataclasses.replace(shapes[4], x=3).x == 3
