/**
 * A picture of ours (`/api/media/<id>`, as events record it) answered as an absolute URL of the public
 * origin (the first APP_ORIGIN; embedded without it, the URL `npm start` prints), so a client served
 * from another origin loads it from us, not from its own host. Other URLs (an image host an operator
 * listed in IMAGE_URL_HOSTS) are answered as they are. Without an origin, as recorded.
 */
export function absoluteImages(origin: string | undefined) {
  return <Item extends { image: string }>(item: Item): Item =>
    origin !== undefined && item.image.startsWith('/api/media/') ? { ...item, image: `${origin}${item.image}` } : item;
}
