"""Rules of the history family, one module each."""
