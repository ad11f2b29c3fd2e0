"""Set-up: the config file and its checks, the settings a family changes, the pin map, the
files a person names, the version.

Imports only hubd.text and the engine (its rule presets).
"""
