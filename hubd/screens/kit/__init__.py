"""The widget kit screens build with (widgets, rects, text measure, builder, areas, keyboards,
redraw) and the painter that draws them.

Imports no screen, device, store or speech; nothing but the painter imports pygame.
"""
