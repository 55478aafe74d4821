"""Rules of the code family, one module each."""
