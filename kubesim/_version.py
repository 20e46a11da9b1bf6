"""The package version: read by pyproject.toml at build time and by `kubesim --version`."""

__version__ = "0.2.0"
