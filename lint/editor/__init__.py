"""Editors and other linters: the language server and the flake8 plugin."""
