"""The ``hubd`` command line: start-up, signals and the helper commands.

May import every part of hubd.
"""
