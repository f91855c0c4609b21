"""Discord extensions, one feature each; bot.EXTENSIONS lists which ones are loaded."""
