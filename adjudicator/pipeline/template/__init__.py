"""The files ``turnpress init`` writes into a new league repository (see ``manifest.yaml``)."""
