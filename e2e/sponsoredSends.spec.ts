import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { signInByPhone } from './signInSteps.ts'
import { embeddedWallets, signatureDialog, walletReady } from './walletSteps.ts'

// Sends whose network fee Charter pays (`SPONSOR_FEES`, `members` by default on the embedded server): a member
// holding USDC and none of the chain's own coin sends from the Send screen, and ends with exactly as little of
// it as before. Both members sign up here, so neither session is held as a new device of an older account.

const balancesOf = (page: Page) => page.getByRole('region', { name: 'Balances' })
const shows = (page: Page, chain: string | RegExp, text: string) =>
  balancesOf(page).getByRole('listitem', { name: chain }).getByText(text, { exact: true })

/** One JSON-RPC read of a local chain through Charter's proxy, with the page's session: the node's result. */
async function chainRead(page: Page, chainId: string, method: string, params: unknown[]) {
  const answer = await page.request.post(`/api/v1/rpc/${chainId}`, {
    data: { jsonrpc: '2.0', id: 1, method, params },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { result: unknown }).result
}

/** A new member whose only funds are 25 USDC on `chainId`, from the dev faucet: none of the chain's coin. */
async function memberWithUsdcOnly(page: Page, request: Parameters<typeof signInByPhone>[1], chainId: string) {
  await signInByPhone(page, request)
  await walletReady(page)
  const wallets = await embeddedWallets(page)
  const address = chainId === 'devnet' ? wallets.solana : wallets.ethereum
  const funded = await page.request.post('/api/dev/faucet', {
    data: {
      address,
      chainId: chainId === 'devnet' ? 'devnet' : Number(chainId),
      asset: 'USDC',
      amount: '25',
    },
  })
  expect(funded.status(), await funded.text()).toBe(200)
  await page.reload()
  return wallets
}

/** A second member, in a browser of their own: their page and addresses. */
async function secondMember(browser: Browser, request: Parameters<typeof signInByPhone>[1]) {
  const { baseURL, locale, viewport } = test.info().project.use
  const context = await browser.newContext({ baseURL, locale, viewport })
  const page = await context.newPage()
  await signInByPhone(page, request)
  await walletReady(page)
  return { context, page, wallets: await embeddedWallets(page) }
}

/**
 * Sends 10 USDC from the Send screen on `network` to `to`: the screen says Charter pays the fee and asks for no
 * coin, the dialog names the payer in its title and its fee row, and Sign sends at once.
 */
async function sendSponsored(page: Page, network: string, to: string) {
  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { name: 'Send', level: 1 })).toBeVisible()
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: network })
  await expect(page.getByText(/25 USDC available/)).toBeVisible({ timeout: 15_000 })
  await page.getByRole('radio', { name: /^USDC/ }).check()
  await page.getByRole('combobox', { name: 'Recipient' }).fill(to)
  await page.getByRole('textbox', { name: /^Amount/ }).fill('10')
  await expect(page.locator('.fee-line')).toHaveText(/^Network fee: paid by Charter/, { timeout: 15_000 })
  await expect(page.getByRole('note', { name: 'Network fee' })).toHaveCount(0)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: 'Review and send' }).click()

  const dialog = signatureDialog(page)
  await expect(dialog).toHaveAccessibleName(/^Send 10 USDC to \S+ · network fee paid by Charter$/)
  const summary = dialog.getByRole('region', { name: 'What you sign' })
  await expect(summary).toContainText('10 USDC')
  await expect(summary).toContainText('Paid by Charter')
  await expectAccessible(page)
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).not.toHaveAttribute('aria-disabled')
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  const status = page.getByRole('region', { name: 'Send status' })
  await expect(status.getByRole('status').first()).toContainText(/Confirmed/, { timeout: 30_000 })
}

test('a member with 25 USDC and 0 ETH sends 10 USDC on the local Base Sepolia; Charter pays the gas', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const problems = watch(page)
  const { ethereum } = await memberWithUsdcOnly(page, request, '84532')
  await expect(shows(page, 'Base Sepolia', '25 USDC')).toBeVisible({ timeout: 20_000 })
  expect(await chainRead(page, '84532', 'eth_getBalance', [ethereum, 'latest'])).toBe('0x0')
  const other = await secondMember(browser, request)
  await page.bringToFront()

  await sendSponsored(page, 'Base Sepolia (local devnet)', other.wallets.ethereum)

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(shows(page, 'Base Sepolia', '15 USDC')).toBeVisible({ timeout: 20_000 })
  // Not a wei of gas came from the member.
  expect(await chainRead(page, '84532', 'eth_getBalance', [ethereum, 'latest'])).toBe('0x0')
  await other.page.reload()
  await expect(shows(other.page, 'Base Sepolia', '10 USDC')).toBeVisible({ timeout: 20_000 })
  expect(problems).toEqual([])
  await other.context.close()
})

test('a member with 25 USDC and 0 SOL sends 10 USDC on the local Solana; Charter pays the fee and the new account', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const problems = watch(page)
  const { solana } = await memberWithUsdcOnly(page, request, 'devnet')
  await expect(shows(page, /^Solana/, '25 USDC')).toBeVisible({ timeout: 20_000 })
  const lamports = async () =>
    ((await chainRead(page, 'devnet', 'getBalance', [solana])) as { value: number }).value
  expect(await lamports()).toBe(0)
  const other = await secondMember(browser, request)
  await page.bringToFront()

  await sendSponsored(page, 'Solana Devnet (local devnet)', other.wallets.solana)

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(shows(page, /^Solana/, '15 USDC')).toBeVisible({ timeout: 20_000 })
  expect(await lamports()).toBe(0)
  await other.page.reload()
  await expect(shows(other.page, /^Solana/, '10 USDC')).toBeVisible({ timeout: 20_000 })
  expect(problems).toEqual([])
  await other.context.close()
})
