"""The table's picture on the play screen: hubd/picture lays it out, ``view`` draws it.

Imports the kit, hubd.picture and hubd.text.
"""
