"""The widget kit every screen builds with (widgets, the builder, keyboards, pips, redraw).

Imports no screen, hardware, store or speech.
"""
