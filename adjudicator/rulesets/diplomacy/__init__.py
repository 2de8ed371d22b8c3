"""Diplomacy, driven by map data."""
