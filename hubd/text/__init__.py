"""Words: translations with their catalogs (locale/), refusals, the wording of ends and lines,
shared by screens, speech and the phones' page.

Imports only the engine and hubd.values.
"""
