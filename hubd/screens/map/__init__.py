"""The table map: its pure layout (table_map, grid, geometry) and its drawing as widgets (view).

Imports the kit and hubd.text.
"""
