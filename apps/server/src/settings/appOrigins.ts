/**
 * ALLOWED_APP_ORIGINS: the origins of the apps that may frame Charter's wallet page and call its API from the
 * browser. Each entry is an origin exactly as a browser sends it in `Origin` (scheme://host[:port]), so that a
 * typo cannot quietly widen or empty the list: a path, a trailing slash, a wildcard or credentials are refused
 * rather than trimmed, and plain http only for this machine, where no one else can be on the path between.
 */
export function readAppOrigins(value: string): { origins: string[]; problems: string[] } {
  const origins = new Set<string>()
  const problems: string[] = []
  // Blank entries (a trailing comma, a comma left after removing one) name nothing and are skipped.
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const checked = readAppOrigin(entry)
    if ('problem' in checked) problems.push(`"${entry}" ${checked.problem}`)
    else origins.add(checked.origin)
  }
  return { origins: [...origins], problems }
}

const shape = 'give scheme://host[:port] only, e.g. https://app.example.org or http://localhost:5173'

function readAppOrigin(entry: string): { origin: string } | { problem: string } {
  const parts = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#\s]*)(.*)$/.exec(entry)
  if (!parts) return { problem: `is not an origin: ${shape}` }
  const [, scheme = '', authority = '', rest = ''] = parts
  if (rest !== '')
    return { problem: `has more than the origin (${rest}): no path, query or trailing slash; ${shape}` }
  if (authority.includes('@')) return { problem: `holds a user name or password: ${shape}` }
  const protocol = scheme.toLowerCase()
  if (protocol !== 'https' && protocol !== 'http') return { problem: `is not http(s): ${shape}` }
  if (!URL.canParse(entry)) return { problem: `is not an origin: ${shape}` }
  const url = new URL(entry)
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?)$/.test(url.hostname)) {
    return {
      problem: `is not a host name Charter can match (no wildcards): name each origin in full; ${shape}`,
    }
  }
  if (protocol === 'http' && !isLoopbackName(url.hostname)) {
    return {
      problem: `uses http on a host other than this machine: use https://${url.host} (http only for localhost, 127.0.0.1, [::1] and *.localhost)`,
    }
  }
  return { origin: url.origin }
}

/** The names browsers treat as this machine: the one place plain http is allowed. */
function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  )
}
