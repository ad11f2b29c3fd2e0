"""The widget kit screens build with (widgets, painter, builder, areas, keyboards, pips, redraw).

Imports no screen, hardware, store or speech.
"""
