/**
 * A User-Agent header in plain words, "Chrome on Linux", "Safari on iPhone": a tiny reading of the common
 * browsers and systems, no library. Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
 * A client that is no browser is named by its first product token ("curl"); none at all is "An unknown device"
 * ("an unknown device" `inSentence`).
 */
export function describeUserAgent(
  userAgent: string | null | undefined,
  options: { inSentence?: boolean } = {},
): string {
  const name = nameOf(userAgent)
  // "Signed out an unknown device", "… a browser on Linux": mid-sentence, the article is lower case.
  return options.inSentence ? name.replace(/^A(n?) /, 'a$1 ') : name
}

function nameOf(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? ''
  if (ua === '') return 'An unknown device'
  const browser = browserOf(ua)
  const system = systemOf(ua)
  if (!browser && !system) return productOf(ua) ?? 'An unknown device'
  if (!browser) return `A browser on ${system}`
  return system ? `${browser} on ${system}` : browser
}

const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\bMobile\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

const browserOf = (ua: string) => browsers.find(([pattern]) => pattern.test(ua))?.[1]
const systemOf = (ua: string) => systems.find(([pattern]) => pattern.test(ua))?.[1]

/** "curl/8.5.0" → "curl"; "Mozilla/5.0 (compatible; …)" without a known browser has no useful product. */
const productOf = (ua: string) => {
  const product = /^([A-Za-z][\w.-]{0,39})\//.exec(ua)?.[1]
  return product && product !== 'Mozilla' ? product : undefined
}
