"""`.bin` files (raw little-endian element bytes, no header) — see docs/golden.md. Written by the precision helper."""
