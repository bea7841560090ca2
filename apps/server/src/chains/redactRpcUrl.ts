/**
 * Whether a path segment or host label looks like a credential: long and mixing letters with digits (Alchemy's
 * and Infura's keys, QuickNode's tokens), or very long whatever it holds. Words like `mainnet-beta` or `v2` stay.
 */
const looksSecret = (part: string): boolean =>
  part.length >= 24 || (part.length >= 10 && /[0-9]/.test(part) && /[A-Za-z]/.test(part))

/**
 * An RPC URL as it may be shown (a log line, /api/health, an error answer): the scheme, host and port, and the
 * path with every segment that looks like a key replaced by `***`; never the query, the fragment or a user and
 * password, where providers also put keys. `https://eth.g.alchemy.com/v2/abc…xyz?k=1` → `https://eth.g.alchemy.com/v2/***`.
 * Anything that is not a URL shows as `(not a URL)`, so a mangled secret is not printed either.
 */
export function redactRpcUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '(not a URL)'
  }
  const host = parsed.hostname
    .split('.')
    .map((label) => (looksSecret(label) ? '***' : label))
    .join('.')
  const path = parsed.pathname
    .split('/')
    .map((segment) => (looksSecret(decodeURIComponent(segment)) ? '***' : segment))
    .join('/')
  const port = parsed.port ? `:${parsed.port}` : ''
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return `${parsed.protocol}//${bracketed}${port}${path === '/' ? '' : path}`
}
