"""Reading a hand of tiles from a photo: the reader (OpenCV) and the worker that runs it."""
