"""Offline stand-in for Discord: used by the tests, the console and the benchmark."""
