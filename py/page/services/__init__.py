"""What the parts of the page share: card data, images, Scryfall look-ups, saved data, links, keys and events."""
