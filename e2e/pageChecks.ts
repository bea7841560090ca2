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
