"""Club nights (folder, import, standings, seating, Syncthing); imports engine, store, intents."""
