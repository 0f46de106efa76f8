"""The vendor's precision standards — see docs/golden.md. Written by the precision helper."""
