import { generateKeyPairSync, sign } from 'node:crypto'
import { authorizationPayload } from '@charter/core'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { codeFromOutbox, outboxFor, signInByPhone } from './signInSteps.ts'
import { confirmSignature, embeddedWallets, signatureDialog, walletReady } from './walletSteps.ts'

// Sends on the embedded server's local chains, from the Send screen and from viem through the EIP-1193
// provider. Both members sign up here, so neither session is held as a new device of an older account.

const balancesOf = (page: Page) => page.getByRole('region', { name: 'Balances' })
const chainRow = (page: Page, name: string | RegExp) => balancesOf(page).getByRole('listitem', { name })
const shows = (page: Page, chain: string | RegExp, text: string | RegExp) =>
  chainRow(page, chain).getByText(text, { exact: true })

/** Signs a new member in on `page` and credits their wallets from the dev faucet; answers their addresses. */
async function fundedMember(page: Page, request: Parameters<typeof signInByPhone>[1]) {
  await signInByPhone(page, request)
  await walletReady(page)
  await balancesOf(page).getByRole('button', { name: 'Get test funds' }).click()
  await expect(shows(page, 'Base Sepolia', '10 USDC')).toBeVisible({ timeout: 20_000 })
  await expect(shows(page, /^Solana/, '1 SOL')).toBeVisible()
  return embeddedWallets(page)
}

/** A second member, in a browser of their own: their page and addresses. */
async function secondMember(browser: Browser, request: Parameters<typeof signInByPhone>[1]) {
  const { baseURL, locale, viewport } = test.info().project.use
  const context = await browser.newContext({ baseURL, locale, viewport })
  const page = await context.newPage()
  const phoneNumber = await signInByPhone(page, request)
  await walletReady(page)
  return { context, page, phoneNumber, wallets: await embeddedWallets(page) }
}

/**
 * Another session of a member already signed in on `phoneNumber`, over the API with a device key of its own, as
 * a second device's browser would call it: what an organisation needs (create, invite, accept) without its
 * screens, which are not what these tests are about.
 */
async function apiSession(request: APIRequestContext, baseURL: string, phoneNumber: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const earlier = (await outboxFor(request, phoneNumber))[0]?.body.match(/\b(\d{6})\b/)?.[1]
  expect((await request.post('/api/v1/passwordless_sms/init', { data: { phoneNumber } })).status()).toBe(200)
  const code = await codeFromOutbox(request, phoneNumber, earlier)
  const signedIn = await request.post('/api/v1/passwordless_sms/authenticate', {
    data: {
      phoneNumber,
      code,
      authorization_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const { token } = (await signedIn.json()) as { token: string }
  const { appId } = (await (await request.get('/api/health')).json()) as { appId: string }
  /** A change, signed with this session's key; answers its JSON. */
  return async (path: string, body: Record<string, unknown> = {}) => {
    const headers = { 'privy-app-id': appId, 'privy-request-expiry': String(Date.now() + 60_000) }
    const payload = authorizationPayload({ method: 'POST', url: `${baseURL}${path}`, body, headers })
    const signature = sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' }).toString('base64')
    const answer = await request.post(path, {
      data: body,
      headers: { ...headers, authorization: `Bearer ${token}`, 'privy-authorization-signature': signature },
    })
    expect(answer.status(), await answer.text()).toBe(200)
    return (await answer.json()) as { id: string }
  }
}

/**
 * Keeps, in the page, every text the send's status line shows, in order, so that a status that lasts less than
 * a poll (a local chain mines at once) is still seen to have been shown.
 */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { sendStatuses: string[] }).sendStatuses = seen
    const look = () => {
      const text = document.querySelector('[aria-label="Send status"] [role="status"]')?.textContent ?? ''
      if (text !== '' && seen.at(-1) !== text) seen.push(text)
    }
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

/** A plain transfer is all in view: Sign is ready at once, with nothing to scroll and no reason beside it. */
async function readAndSign(page: Page) {
  const dialog = signatureDialog(page)
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).not.toHaveAttribute('aria-disabled')
  await expect(dialog.getByText(/^Scroll to the end/)).toHaveCount(0)
  await confirmSignature(page)
}

const statusesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { sendStatuses: string[] }).sendStatuses)

/**
 * Fills the Send screen and sends after the dialog; the dialog must lead with what moves. A USDC send on the
 * embedded server is one whose fee Charter pays (SPONSOR_FEES=members by default): the form and the dialog say so.
 */
async function sendFromScreen(
  page: Page,
  send: { network: string; token: RegExp; to: string; amount: string; dialogShows: string },
) {
  const sponsored = send.token.test('USDC')
  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { name: 'Send', level: 1 })).toBeVisible()
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: send.network })
  await page.getByRole('radio', { name: send.token }).check()
  await page.getByRole('combobox', { name: 'Recipient' }).fill(send.to)
  await page.getByRole('textbox', { name: /^Amount/ }).fill(send.amount)
  await expect(page.locator('.fee-line')).toHaveText(
    sponsored ? /^Network fee: paid by Charter/ : /^Network fee: at most/,
  )
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await recordStatuses(page)
  await page.getByRole('button', { name: 'Review and send' }).click()
  const dialog = signatureDialog(page)
  await expect(dialog).toHaveAccessibleName(
    sponsored ? /^Send .+ · network fee paid by Charter$/ : 'Send this transaction?',
  )
  await expect(dialog.getByRole('region', { name: 'What you sign' })).toContainText(send.dialogShows)
  await readAndSign(page)
}

test('sends 2.5 USDC to another member on the local Base Sepolia: pending, then confirmed, and both homes show it', async ({
  page,
  request,
  browser,
}) => {
  const problems = watch(page)
  await fundedMember(page, request)
  const other = await secondMember(browser, request)
  await page.bringToFront()

  await sendFromScreen(page, {
    network: 'Base Sepolia (local devnet)',
    token: /^USDC/,
    to: other.wallets.ethereum,
    amount: '2.5',
    dialogShows: '2.5 USDC',
  })
  const status = page.getByRole('region', { name: 'Send status' })
  await expect(status.getByRole('status').first()).toContainText(/Confirmed in block \d+\./, {
    timeout: 20_000,
  })
  // A finished state: what was sent to whom (the address cut short: they share no organisation), Done, Activity.
  await expect(status.getByRole('heading', { name: /^Sent 2\.5 USDC to 0x/ })).toBeVisible()
  await expect(status.getByRole('link', { name: 'Done' })).toBeVisible()
  await expect(status.getByRole('link', { name: 'See it in your activity' })).toBeVisible()
  const seen = await statusesSeen(page)
  expect(seen[0]).toMatch(/^Pending: waiting for Base Sepolia to include it/)
  expect(seen.at(-1)).toMatch(/^Confirmed in block \d+\.$/)
  // A local chain has no explorer: the hash alone.
  await expect(status.locator('code')).toHaveText(/^0x[0-9a-f]{64}$/)
  await expect(status.getByRole('link', { name: /^View on/ })).toHaveCount(0)

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(shows(page, 'Base Sepolia', '7.5 USDC')).toBeVisible({ timeout: 20_000 })
  // Charter paid the gas: the ETH is as it was.
  await expect(shows(page, 'Base Sepolia', '1 ETH')).toBeVisible()
  await other.page.reload()
  await expect(shows(other.page, 'Base Sepolia', '2.5 USDC')).toBeVisible({ timeout: 20_000 })
  expect(problems).toEqual([])
  await other.context.close()
})

test('viem’s sendTransaction through the provider: the dialog, then a hash that confirms', async ({
  page,
  request,
}) => {
  await fundedMember(page, request)
  await page.goto('/wallet/developer')
  const form = page.getByRole('form', { name: 'Send with viem' })
  const to = '0x000000000000000000000000000000000000dEaD'
  await form.getByRole('textbox', { name: 'To address' }).fill(to)
  await form.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.01')
  await form.getByRole('button', { name: 'Send with viem' }).click()
  const dialog = signatureDialog(page)
  await expect(dialog).toHaveAccessibleName('Send this transaction?')
  await expect(dialog.getByRole('region', { name: 'What you sign' })).toContainText('0.01 ETH')
  await readAndSign(page)
  const hash = await form.locator('code.sent-hash').textContent({ timeout: 20_000 })
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

  // The chain has it, mined and successful, read through Charter's RPC proxy as any caller would.
  await expect
    .poll(async () => {
      const answer = await page.request.post('/api/v1/rpc/84532', {
        data: { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] },
      })
      return ((await answer.json()) as { result?: { status?: string; to?: string } | null }).result
    })
    .toMatchObject({ status: '0x1', to: to.toLowerCase() })
})

test('sends 0.25 SOL and 1.5 USDC to another member on the local Solana, the USDC account created for them', async ({
  page,
  request,
  browser,
}) => {
  await fundedMember(page, request)
  const other = await secondMember(browser, request)
  await page.bringToFront()

  await sendFromScreen(page, {
    network: 'Solana Devnet (local devnet)',
    token: /^SOL/,
    to: other.wallets.solana,
    amount: '0.25',
    dialogShows: '0.25 SOL',
  })
  const status = page.getByRole('region', { name: 'Send status' })
  await expect(status.getByRole('status').first()).toContainText(/Confirmed/, { timeout: 30_000 })
  expect((await statusesSeen(page))[0]).toMatch(/^Pending/)

  await page.getByRole('button', { name: 'Send another' }).click()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await sendFromScreen(page, {
    network: 'Solana Devnet (local devnet)',
    token: /^USDC/,
    to: other.wallets.solana,
    amount: '1.5',
    dialogShows: 'this send creates it',
  })
  await expect(status.getByRole('status').first()).toContainText(/Confirmed/, { timeout: 30_000 })

  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(shows(page, /^Solana/, '8.5 USDC')).toBeVisible({ timeout: 20_000 })
  // 1 − 0.25 − the SOL send's fee: Charter paid the USDC send's fee and the rent of their token account.
  await expect(shows(page, /^Solana/, '0.749995 SOL')).toBeVisible()
  await other.page.reload()
  await expect(shows(other.page, /^Solana/, '0.25 SOL')).toBeVisible({ timeout: 20_000 })
  await expect(shows(other.page, /^Solana/, '1.5 USDC')).toBeVisible()
  await other.context.close()
})

test('pays a colleague picked by name from their organisation: the form and the dialog say who, and the send ends “Sent … to” them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const problems = watch(page)
  const anaPhone = await signInByPhone(page, request)
  await walletReady(page)
  await balancesOf(page).getByRole('button', { name: 'Get test funds' }).click()
  await expect(shows(page, 'Base Sepolia', '10 USDC')).toBeVisible({ timeout: 20_000 })
  const ben = await secondMember(browser, request)
  const benNumber = ben.phoneNumber
  const anaApi = await apiSession(request, baseURL ?? '', anaPhone)
  const benApi = await apiSession(request, baseURL ?? '', benNumber)
  const organization = await anaApi('/api/v1/organizations', {
    document: { type: '1.0', data: { name: 'Acme Co-op', description: 'We pay each other.' } },
  })
  const invitation = await anaApi(`/api/v1/organizations/${organization.id}/invitations`, {
    phone_number: benNumber,
  })
  await benApi(`/api/v1/invitations/${invitation.id}/accept`)
  await page.bringToFront()

  await page.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Base Sepolia (local devnet)' })
  const recipient = page.getByRole('combobox', { name: 'Recipient' })
  await recipient.pressSequentially(benNumber.slice(2, 8))
  const option = page.getByRole('listbox', { name: 'Colleagues' }).getByRole('option')
  await expect(option).toHaveCount(1)
  // The colleague, and their address cut short: two colleagues may read alike, their addresses never do.
  await expect(option).toHaveText(/ · Acme Co-op 0x[0-9a-fA-F]{3}…[0-9a-fA-F]{4}$/)
  const name = ((await option.textContent()) ?? '').replace(/ · Acme Co-op .*$/, '')
  await option.click()
  await expect(recipient).toHaveValue(ben.wallets.ethereum)
  await expect(page.getByText(`${name} · Acme Co-op`, { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: /^Amount/ }).fill('2.5')
  await expect(page.locator('.fee-line')).toHaveText(/^Network fee: paid by Charter/)
  // A fellow member's fresh wallet is no typo.
  await expect(page.getByText(/Nobody has used this address/)).toHaveCount(0)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: 'Review and send' }).click()
  const dialog = signatureDialog(page)
  await expect(dialog.getByText(`${name} · Acme Co-op`, { exact: true })).toBeInViewport()
  await readAndSign(page)
  const status = page.getByRole('region', { name: 'Send status' })
  await expect(status.getByRole('heading', { name: `Sent 2.5 USDC to ${name}` })).toBeVisible({
    timeout: 20_000,
  })
  await status.getByRole('link', { name: 'Done' }).click()
  await expect(shows(page, 'Base Sepolia', '7.5 USDC')).toBeVisible({ timeout: 20_000 })
  expect(problems).toEqual([])
  await ben.context.close()
})
