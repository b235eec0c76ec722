"""pnp: print-and-play kits from YAML content."""

__version__ = "0.1.0"
