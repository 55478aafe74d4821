"""Rules of the store family, one module each."""
