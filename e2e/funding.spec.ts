import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { signInByPhone } from './signInSteps.ts'

// The embedded server's on-ramp is its sandbox: init mints a token of its own, the link the core builds points at
// `/sandbox/onramp/buy/select-asset` on Charter's own origin, and "Complete purchase" there credits the local
// devnet (Base Sepolia stands for the on-ramp's `base`) through the faucet.

const balancesOf = (page: Page) => page.getByRole('region', { name: 'Balances' })
const chainRow = (page: Page, name: string) => balancesOf(page).getByRole('listitem', { name })
/** One balance as shown, '25 USDC': the smallest element holding exactly that text. */
const shows = (row: ReturnType<typeof chainRow>, text: string) => row.getByText(text, { exact: true })

/** From the Add funds screen: buy `amount` USDC on the local Base Sepolia; answers the provider's window. */
async function buyUsdcOnBaseSepolia(page: Page, amount: string) {
  await page.getByRole('radio', { name: 'Buy with a card' }).check()
  await page
    .getByRole('group', { name: 'Network' })
    .getByRole('radio', { name: 'Base Sepolia (local devnet)' })
    .check()
  await page.getByRole('group', { name: 'Asset' }).getByRole('radio', { name: 'USDC' }).check()
  await page.getByLabel('Amount (USDC, optional)').fill(amount)
  const opening = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue' }).click()
  const sandbox = await opening
  await sandbox.waitForURL(/\/sandbox\/onramp\/buy\/select-asset\?/)
  await expect(sandbox).toHaveTitle('Coinbase Onramp sandbox')
  await expect(
    sandbox.getByText('This is a sandbox: no money moves. Completing credits the local devnet.'),
  ).toBeVisible()
  await expect(sandbox.getByText(`Buy ${amount} USDC on Base (local Base Sepolia devnet)`)).toBeVisible()
  return sandbox
}

test('Add funds: buy 25 USDC on the local Base Sepolia in the sandbox, then a cancelled purchase said plainly', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const problems = watch(page)
  await signInByPhone(page, request)
  const base = chainRow(page, 'Base Sepolia')
  await expect(shows(base, '0 USDC')).toBeVisible({ timeout: 15_000 })
  // Set in this page's memory: still there at the end only if the page was never loaded again.
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded?: boolean }).notReloaded = true
  })

  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Add funds' }).click()
  await expect(page.getByRole('heading', { name: 'Add funds', level: 1 })).toBeFocused()
  // Solana is listed but not offered, with its reason for whoever asks.
  await expect(page.getByRole('group', { name: 'Network' }).getByRole('radio')).toHaveCount(2)
  await page.getByText('Why not Solana Devnet?').click()
  await expect(page.getByText('Solana is not among the networks the on-ramp’s rules cover.')).toBeVisible()

  const sandbox = await buyUsdcOnBaseSepolia(page, '25')
  const status = page.locator('.onramp-status')
  await expect(status).toContainText('Finish the purchase in the Coinbase window.')
  await sandbox.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(sandbox.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 20_000 })
  await expect(sandbox.getByText('You can close this window.')).toBeVisible()
  await expectAccessible(sandbox)

  // Finished: the result first, and a fresh form below it, with nothing of this purchase left to buy again.
  await expect(status).toContainText('Added 25 USDC', { timeout: 15_000 })
  await expect(status).toContainText('Purchase complete. 25 USDC is now in your wallet on Base Sepolia.')
  await expect(page.getByLabel('Amount (USDC, optional)')).toHaveValue('')
  await expect(page.getByText('You have 25 USDC on Base Sepolia.')).toBeVisible({ timeout: 15_000 })
  await expectAccessible(page)
  await sandbox.close()

  await status.getByRole('link', { name: 'Done' }).click()
  await expect(shows(base, '25 USDC')).toBeVisible({ timeout: 15_000 })
  await expect(balancesOf(page).getByRole('region', { name: 'USDC total' })).toContainText('25 USDC')
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)

  // A second purchase, cancelled in the sandbox: the app says so and credits nothing.
  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Add funds' }).click()
  const cancelled = await buyUsdcOnBaseSepolia(page, '5')
  await cancelled.getByRole('button', { name: 'Cancel' }).click()
  await expect(cancelled.getByRole('heading', { name: 'Purchase cancelled' })).toBeVisible()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('The purchase was cancelled or did not go through.', { timeout: 15_000 })
  await expect(alert).toContainText('Nothing was charged. To try again, choose Continue.')
  await expect(page.getByText('You have 25 USDC on Base Sepolia.')).toBeVisible()
  await cancelled.close()

  // The screen fits a phone, disclosure open, with no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByText('Why not Solana Devnet?').click()
  await expect(page.getByText('Solana is not among the networks the on-ramp’s rules cover.')).toBeVisible()
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})
