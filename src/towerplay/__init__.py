"""towerplay: tabletop rule systems played, enforced and simulated in software."""

__version__ = "0.1.0"
