"""The table map: its pure layout (table_map, grid, lending, geometry), drawn as widgets (view).

Imports the kit and hubd.text.
"""
