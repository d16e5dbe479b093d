"""Players that speak only the Game protocol."""
