"""The report's sections, one module each (verify/report.py assembles them)."""
