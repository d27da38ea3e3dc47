"""The modules that turn data into words in the user's language."""
