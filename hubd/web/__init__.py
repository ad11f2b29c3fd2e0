"""The phones' page: an aiohttp server in its own thread that serves the loop's snapshots and
posts phones' requests to the loop's inbox; it imports engine, hubd.text.i18n, hubd.values.records,
hubd.loop.events and the screens' pure parts (the map's layout, the wording, the score sheet's
values), never the store, the loop or the hardware, and never draws with pygame (but for
screenshots.py, the tool that also pictures the hub's Phones panel)."""
