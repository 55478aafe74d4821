"""Rules of the text family, one module each."""
