/** What the server puts in the frame page's `<meta name="charter-frame">` (walletFrame/ on the server). */
export type FrameConfig = {
  appId: string
  /** The origins whose pages may frame this page and send it messages; its own origin always may. */
  allowedOrigins: string[]
}

/** The page's configuration; a page served without one (not by Charter's server) answers nobody. */
export function readFrameConfig(doc: Document = document): FrameConfig | undefined {
  const content = doc.querySelector('meta[name="charter-frame"]')?.getAttribute('content')
  if (!content) return undefined
  try {
    const parsed = JSON.parse(content) as Partial<FrameConfig>
    if (typeof parsed.appId !== 'string' || !Array.isArray(parsed.allowedOrigins)) return undefined
    return {
      appId: parsed.appId,
      allowedOrigins: parsed.allowedOrigins.filter((each) => typeof each === 'string'),
    }
  } catch {
    return undefined
  }
}
