"""The widget kit screens build with (widgets, painter, builder, areas, keyboards, redraw).

Imports no screen, device, store or speech.
"""
