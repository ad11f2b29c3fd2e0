"""The widget kit screens build with (widgets, painter, builder, areas, keyboards, redraw).

Imports no screen, hardware, store or speech.
"""
