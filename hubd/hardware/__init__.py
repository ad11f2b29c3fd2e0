"""Hardware adapters: one small interface per capability, each with a real and a fake."""
