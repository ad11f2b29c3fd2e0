"""Club nights (folder, import, standings, seating, Syncthing); may import engine, hubd.store."""
