/** How long a copied key or passphrase may stay on the clipboard. */
export const clipboardLifetimeMs = 60_000

/**
 * Clears `text` from the clipboard after `delayMs`, if it is still what the clipboard holds. The timer outlives
 * the screen on purpose: leaving the page must not leave the key behind.
 *
 * Decided: the browser may refuse to read the clipboard (no permission, the tab not focused, a browser that
 * never lets pages read it). Then Charter cannot tell whether the member copied something else since, and it
 * leaves the clipboard alone rather than wipe what they copied later; the screen tells them to clear it
 * themselves. Answers whether it was cleared.
 */
export function clearClipboardLater(text: string, delayMs = clipboardLifetimeMs): Promise<boolean> {
  return new Promise((resolve) => {
    setTimeout(() => {
      void clearIfStill(text).then(resolve)
    }, delayMs)
  })
}

async function clearIfStill(text: string): Promise<boolean> {
  try {
    if ((await navigator.clipboard.readText()) !== text) return false
    await navigator.clipboard.writeText('')
    return true
  } catch {
    return false
  }
}
