"""``pnp serve``: the kit as a live page in the browser, redrawn on every save.

``server.Live`` keeps a warm ``session.Session`` of the game and a thread that looks at the game
folder every ~0.2 s; ``server.make_server`` answers the page (``static/``), its state as JSON, the
pictures by item id, and a stream of server-sent events that tells the page when the state changed.
"""
from .server import EditorError, Live, Server, make_server, parse_editor

__all__ = ["EditorError", "Live", "Server", "make_server", "parse_editor"]
