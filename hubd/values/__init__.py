"""Plain values the parts hand each other (what a screen asks for, what the store shows).

Imports nothing of hubd.
"""
