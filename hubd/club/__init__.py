"""Club nights (folder, import, standings, seating, Syncthing).

Imports the engine, the store and hubd.values; never the screens, the loop's app, the devices or
speech.
"""
