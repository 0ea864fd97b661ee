"""Timing benchmarks, each run as a module from the repository root.

``python -m benchmarks.legal_plays``: legal-play enumerations per second.
"""
