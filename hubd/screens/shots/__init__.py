"""The screenshot tool and ``hubd layout``: every screen drawn to files with its layout
records.

Imports the screens, never the loop or the devices.
"""
