"""The seed's minimal FastAPI service with switchable faults (see README.md)."""
