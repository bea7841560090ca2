import { expect, test } from '@playwright/test'
import { signInByPhone } from './signInSteps.ts'

test('the app opens and shows its shell', async ({ page }) => {
  const failedRequests: string[] = []
  const offOrigin: string[] = []
  page.on('requestfailed', (request) => failedRequests.push(request.url()))
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1:')) offOrigin.push(request.url())
  })
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text())
  })

  await page.goto('/')
  await expect(page).toHaveTitle('Sign in · Charter')
  await expect(page.getByRole('link', { name: 'Charter, home' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Welcome to Charter' })).toBeVisible()
  await expect(page.getByText('Local mode', { exact: true })).toBeVisible()
  await expect(page.getByText(/running in local mode/)).toBeVisible()

  expect(failedRequests).toEqual([])
  expect(offOrigin, 'Charter loads nothing from other origins').toEqual([])
  expect(cspViolations).toEqual([])
})

test('an unknown address shows the not-found page, and a link leads home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found · Charter')
  await page.getByRole('link', { name: 'Go to the start page' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome to Charter' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('/api/health is ok', async ({ request }) => {
  const response = await request.get('/api/health')
  expect(response.status()).toBe(200)
  expect(await response.json()).toMatchObject({
    status: 'ok',
    mode: 'embedded',
    parts: { web: { status: 'ok' } },
  })
})

test('the shell fits a phone screen without sideways scrolling', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome to Charter' })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('a signed-in member’s top bar stays one line on a 390 px phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInByPhone(page, request)
  const bar = page.locator('header.topbar')
  const parts = [
    page.getByRole('link', { name: 'Charter, home' }),
    bar.getByText('Local mode', { exact: true }),
    bar.getByRole('link', { name: 'Organisation' }),
    bar.getByRole('button', { name: 'Account' }),
  ]
  const boxes = await Promise.all(
    parts.map(async (part) => (await part.boundingBox()) as { y: number; height: number }),
  )
  // One row: every part's middle within a few pixels of the others'.
  const middles = boxes.map((box) => box.y + box.height / 2)
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
