"""Chicken Foot Hub daemon: one folder a part (the loop, the command line, set-up, words,
plain values, the devices, the screens, the store, speech, the phones' page, the club night).

The imports allowed between them are written in pyproject.toml ([tool.importlinter]).
"""
