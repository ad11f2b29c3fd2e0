"""The devices: the button, the light, the speaker, the window and time, one small interface
each with a real adapter and a fake.

Imports no engine, store, screen or speech.
"""
