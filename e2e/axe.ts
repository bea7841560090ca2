import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

// axe-core's own bundle, evaluated in the page as a DevTools snippet is: the app's Content-Security-Policy
// (script-src 'self') refuses an injected <script>, and a test must not loosen it to look.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[]
}

/** What axe-core finds wrong on the page as it stands, one line per rule: its id, its help and where. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const result = await page.evaluate(
    () =>
      (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
      ).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResult>,
  )
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}

/** Fails the test with axe-core's findings unless the page, as it stands, has none. */
export async function expectAccessible(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([])
}
