"""The `towerplay` command."""
