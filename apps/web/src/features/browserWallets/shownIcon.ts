/**
 * The wallet's icon when it is an image `data:` URI, else ''. Both standards say a wallet gives a data URI; the
 * page's Content-Security-Policy allows images from this origin and `data:` only, so anything else would show
 * as a broken image (and would tell another site who opened the page).
 */
export function shownIcon(icon: unknown): string {
  return typeof icon === 'string' && /^data:image\/(svg\+xml|png|webp|gif|jpeg);/i.test(icon) ? icon : ''
}
