import { expect, test } from '@playwright/test'
import { accessibilityViolations } from './axe.ts'

// The accessibility check other specs rely on can fail: on a page with faults it names them.
test('axe-core names what is wrong with a page', async ({ page }) => {
  await page.setContent('<html><body><img src="data:,"><button></button></body></html>')
  const found = await accessibilityViolations(page)
  expect(found.map((line) => line.split(':')[0])).toEqual(
    expect.arrayContaining(['image-alt', 'button-name', 'html-has-lang']),
  )
})
