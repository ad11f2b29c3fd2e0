"""Chicken Foot Hub daemon."""
