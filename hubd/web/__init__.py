"""The phones' page: an aiohttp server in its own thread that serves the loop's snapshots and
posts phones' requests to the loop's inbox; it may import engine, hubd.i18n, hubd.records,
hubd.events and the screens' pure modules (map layout, wording), never pygame or the store."""
