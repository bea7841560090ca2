import { expect, type Page, test } from '@playwright/test'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { signInByPhone } from './signInSteps.ts'
import { embeddedWallets } from './walletSteps.ts'

// The embedded server's local chains: Base Sepolia and Arbitrum Sepolia (anvil) and Solana (LiteSVM), each with
// USDC at its real address, and the dev faucet that funds them.

const balancesOf = (page: Page) => page.getByRole('region', { name: 'Balances' })
/** A chain's line on the home, by the chain's name (its accessible name; "local devnet" is beside it). */
const chainRow = (page: Page, name: string | RegExp) => balancesOf(page).getByRole('listitem', { name })
/** One balance as shown, '1 ETH': the smallest element holding exactly that text. */
const shows = (row: ReturnType<typeof chainRow>, text: string) => row.getByText(text, { exact: true })

test('Get test funds: the home shows 1 ETH and 10 USDC on the local Base Sepolia, and SOL on the local Solana', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  await signInByPhone(page, request)
  const balances = balancesOf(page)
  const base = chainRow(page, 'Base Sepolia')
  const solana = chainRow(page, /^Solana/)

  // A new member's wallet is empty, and says so with known zeros, not placeholders.
  await expect(shows(base, '0 ETH')).toBeVisible({ timeout: 15_000 })
  await expect(base).toContainText('local devnet')
  await expect(solana).toContainText('local devnet')
  await balances.getByRole('button', { name: 'Get test funds' }).click()

  await expect(shows(base, '1 ETH')).toBeVisible({ timeout: 20_000 })
  await expect(shows(base, '10 USDC')).toBeVisible()
  await expect(shows(chainRow(page, 'Arbitrum Sepolia'), '1 ETH')).toBeVisible()
  await expect(shows(solana, '1 SOL')).toBeVisible()
  await expect(shows(solana, '10 USDC')).toBeVisible()
  await expect(balances.getByRole('region', { name: 'USDC total' })).toContainText('30 USDC')
  await expect(balances.getByRole('button', { name: 'Get test funds' })).toHaveCount(0)

  // Read again from the chains, not from memory: a reload shows the same.
  await page.reload()
  await expect(shows(base, '10 USDC')).toBeVisible({ timeout: 15_000 })
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})

test('Get test funds is offered for the network fee to a wallet with USDC and no ETH, and adds the coin only', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  await signInByPhone(page, request)
  const { ethereum } = await embeddedWallets(page)
  // USDC arrives on Base Sepolia, and no ETH to pay a send's fee with.
  const funded = await page.request.post('/api/dev/faucet', {
    data: { address: ethereum, chainId: 84532, asset: 'USDC', amount: '10' },
  })
  expect(funded.status()).toBe(200)
  await page.reload()
  const balances = balancesOf(page)
  const base = chainRow(page, 'Base Sepolia')
  await expect(shows(base, '10 USDC')).toBeVisible({ timeout: 15_000 })
  await expect(balances.locator('.empty-wallet')).toContainText('You have no ETH on Base Sepolia', {
    timeout: 15_000,
  })
  await balances.getByRole('button', { name: 'Get test funds' }).click()
  await expect(shows(base, '1 ETH')).toBeVisible({ timeout: 20_000 })
  // What it held stays as it was: USDC was not asked for again on Base Sepolia.
  await expect(shows(base, '10 USDC')).toBeVisible()
  await expect(balances.getByRole('button', { name: 'Get test funds' })).toHaveCount(0)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})

test('a chain that fails shows its error and Retry while the others show, and Retry reads it again', async ({
  page,
  request,
}) => {
  await signInByPhone(page, request)
  const failing = '**/api/v1/rpc/421614*'
  await page.route(failing, (route) => route.abort())
  await page.reload()

  const arbitrum = chainRow(page, 'Arbitrum Sepolia')
  await expect(arbitrum).toContainText('Couldn’t load', { timeout: 15_000 })
  const retry = arbitrum.getByRole('button', { name: 'Retry Arbitrum Sepolia' })
  await expect(retry).toBeVisible()
  // Unknown is never 0.
  await expect(arbitrum.getByRole('img', { name: 'Unknown' })).toHaveCount(2)
  await expect(shows(arbitrum, '0 ETH')).toHaveCount(0)
  await expect(shows(chainRow(page, 'Base Sepolia'), '0 ETH')).toBeVisible()
  await expect(shows(chainRow(page, /^Solana/), '0 SOL')).toBeVisible()

  await page.unroute(failing)
  await retry.click()
  await expect(shows(arbitrum, '0 ETH')).toBeVisible()
  await expect(arbitrum).not.toContainText('Couldn’t load')
})

test('Receive switches networks: the EVM address on Base Sepolia, the Solana address on Solana', async ({
  page,
  context,
  request,
}) => {
  const problems = watch(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInByPhone(page, request)
  const wallets = await embeddedWallets(page)
  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Receive' }).click()
  await expect(page.getByRole('heading', { name: 'Receive', level: 1 })).toBeFocused()

  const switcher = page.getByRole('group', { name: 'Network' })
  const shown = page.getByRole('region', { name: /^Your address on / })
  await expect(switcher.getByRole('radio', { name: 'Base Sepolia (local devnet)' })).toBeChecked()
  await expect(shown).toHaveAccessibleName('Your address on Base Sepolia (local devnet)')
  await expect(shown.getByText('Only send on Base Sepolia (local devnet).')).toBeVisible()
  await expect(shown.locator('code')).toHaveText(wallets.ethereum)
  await expect(page.getByRole('img', { name: /^QR code of your address on / })).toHaveCount(1)
  await shown.getByRole('button', { name: 'Copy address' }).click()
  await expect(shown.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallets.ethereum)

  await switcher.getByRole('radio', { name: /^Solana/ }).check()
  await expect(shown).toHaveAccessibleName(/^Your address on Solana.* \(local devnet\)$/)
  await expect(shown.getByText(/^Only send on Solana/)).toBeVisible()
  await expect(shown.locator('code')).toHaveText(wallets.solana)
  await expect(page.getByRole('img', { name: /^QR code of your address on Solana/ })).toHaveCount(1)
  await shown.getByRole('button', { name: 'Copy address' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallets.solana)

  // Arbitrum shares the EVM address.
  await switcher.getByRole('radio', { name: 'Arbitrum Sepolia (local devnet)' }).check()
  await expect(shown.locator('code')).toHaveText(wallets.ethereum)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})
