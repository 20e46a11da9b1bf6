"""kubesim's pytest plugin (entry point `pytest11`); filled in by the property-testing work."""
