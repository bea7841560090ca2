import type { Page } from '@playwright/test'

/** Collects what should never happen on a page: CSP violations and requests to other origins. */
export function watch(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) problems.push(message.text())
  })
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1:')) problems.push(`off-origin: ${request.url()}`)
  })
  return problems
}

/** How far the page reaches past the right edge of the window; 0 or less means no sideways scrolling. */
export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * Headings that skip a level (an h2 followed by an h4, or a page whose first heading is not an h1), as axe's
 * `heading-order` rule finds them: each as "h2 Roles → h4 Duties". None on a page whose outline reads in order.
 */
export const headingsSkipped = (page: Page) =>
  page.evaluate(() => {
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(
      (heading) => (heading as HTMLElement).offsetParent !== null || heading === document.activeElement,
    )
    const skipped: string[] = []
    let before = 0
    let name = '(start)'
    for (const heading of headings) {
      const level = Number(heading.tagName.slice(1))
      const text = `h${level} ${heading.textContent?.trim() ?? ''}`
      if (level > before + 1) skipped.push(`${name} → ${text}`)
      before = level
      name = text
    }
    return skipped
  })
