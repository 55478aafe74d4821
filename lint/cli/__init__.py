"""The command line: one module per subcommand; ``app`` builds the parser and runs ``main``."""
