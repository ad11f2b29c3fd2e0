"""The main loop and its pure decisions: button presses, sounds and light, the screenless
hub, the demo.

May import every part of hubd; nothing imports it but the command line.
"""
