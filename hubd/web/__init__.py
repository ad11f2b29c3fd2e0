"""The phones' page: an aiohttp server in its own thread that serves the loop's snapshots and
posts phones' requests to the loop's inbox; it imports engine, hubd.text.i18n, hubd.values.records,
hubd.loop.inbox and the screens' pure parts (the map's layout, the wording, the score sheet's
values), never the store, the loop or the devices, and never draws with pygame (but for
screenshots.py, the tool that also pictures the hub's Phones panel)."""
