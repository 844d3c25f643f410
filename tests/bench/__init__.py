"""Benchmarks, run by `make bench` (never by pytest): each bench_*.py module has run()."""
