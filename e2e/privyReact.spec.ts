import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type Hex, recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { build } from 'vite'
import { serveApp } from './privy-app/serveApp.ts'
import { codeFromOutbox, uniquePhoneNumber } from './signInSteps.ts'

// An app built on the published @privy-io/react-auth, moved to Charter by its `apiUrl`: behind one origin with
// Charter (a reverse proxy), and on an origin of its own (ALLOWED_APP_ORIGINS, playwright.config.ts).

const charterPort = Number(process.env.E2E_PORT ?? 3210)
const charter = `http://127.0.0.1:${charterPort}`
let dist: string
let appId: string
const servers: { url: string; close: () => Promise<void> }[] = []

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000)
  dist = mkdtempSync(join(tmpdir(), 'charter-privy-app-'))
  await build({ configFile: join(import.meta.dirname, 'privy-app/vite.config.ts'), build: { outDir: dist } })
  appId = (await (await request.get('/api/health')).json()).appId
  servers.push(await serveApp({ dist, host: '127.0.0.1', port: 0, charter }))
  servers.push(await serveApp({ dist, host: '127.0.0.1', port: charterPort + 1 }))
  // A website that is no allowed app: any other port is another origin.
  servers.push(await serveApp({ dist, host: '127.0.0.1', port: 0 }))
  writeFileSync(join(dist, 'probe.html'), '<!doctype html><title>probe</title><body></body>')
})

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  rmSync(dist, { recursive: true, force: true })
})

// Two origins on one site is the usual deployment (app.example.org and wallet.example.org); 127.0.0.1 and
// localhost are two sites to a browser, which then refuses the frame storage (as a private window does).
const deployments = [
  {
    name: 'behind one origin with Charter',
    app: () => servers[0]?.url ?? '',
    api: () => servers[0]?.url ?? '',
  },
  { name: 'on an origin of its own', app: () => servers[1]?.url ?? '', api: () => charter },
  {
    name: 'on another site',
    app: () => `http://localhost:${charterPort + 1}`,
    api: () => charter,
    storageRefused: true,
  },
]

/** The app's stored access token (the SDK keeps it in localStorage), for the test's own calls to Charter. */
const accessTokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('privy:token'))) ?? '""') as string

async function signIn(page: Page, request: Parameters<Parameters<typeof test>[2]>[0]['request']) {
  const phoneNumber = uniquePhoneNumber()
  await page.getByLabel('Phone number').fill(phoneNumber)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByTestId('sign-in')).toHaveText('code sent')
  await page.getByLabel('Code').fill(await codeFromOutbox(request, phoneNumber))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('user')).toHaveText(/^did:/, { timeout: 15_000 })
  return phoneNumber
}

const evmAddress = async (page: Page) => {
  await expect(page.getByTestId('evm-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}/, { timeout: 15_000 })
  return (await page.getByTestId('evm-wallets').textContent())?.split('\n')[0] as Hex
}

const signature = async (page: Page, button: string, outcome: string) => {
  await page.getByRole('button', { name: button }).click()
  await expect(page.getByTestId(outcome)).toHaveText(/^0x[0-9a-f]{130}$|^error/, { timeout: 15_000 })
  const text = (await page.getByTestId(outcome).textContent()) ?? ''
  expect(text).not.toMatch(/^error/)
  return text as Hex
}

for (const deployment of deployments) {
  test.describe(`an app on Privy's React SDK, ${deployment.name}`, () => {
    test.skip(({ isMobile }) => isMobile, 'one viewport is enough for the SDK')

    test('signs in by SMS, lists the wallets, signs text, hex and typed data, keeps the session, logs out', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000)
      await page.goto(`${deployment.app()}/?apiUrl=${encodeURIComponent(deployment.api())}&appId=${appId}`)
      await signIn(page, request)
      const address = await evmAddress(page)
      await expect(page.getByTestId('solana-wallets')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

      const text = await signature(page, 'Sign text', 'sign-text')
      expect(await recoverMessageAddress({ message: 'Hello from a Privy app', signature: text })).toBe(
        address,
      )
      const hex = await signature(page, 'Sign hex', 'sign-hex')
      expect(await recoverMessageAddress({ message: { raw: '0xdeadbeef' }, signature: hex })).toBe(address)
      const typed = await signature(page, 'Sign typed data', 'sign-typed')
      expect(
        await recoverTypedDataAddress({
          domain: { name: 'Charter test', version: '1', chainId: 84532 },
          types: { Note: [{ name: 'text', type: 'string' }] },
          primaryType: 'Note',
          message: { text: 'typed hello' },
          signature: typed,
        }),
      ).toBe(address)

      await page.reload()
      expect(await evmAddress(page)).toBe(address)
      if (deployment.storageRefused) {
        // The frame kept its key in memory, which the reload dropped: the session's key is gone with it.
        await page.getByRole('button', { name: 'Sign text' }).click()
        await expect(page.getByTestId('sign-text')).toHaveText(/^error: .*device key/, { timeout: 15_000 })
      } else {
        expect(await signature(page, 'Sign text', 'sign-text')).toMatch(/^0x/)
      }

      // Logout ends the session on the server, and promptly: the SDK waits for the frame's answer (up to 15 s).
      const token = await accessTokenOf(page)
      const started = Date.now()
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page.getByLabel('Phone number')).toBeVisible({ timeout: 10_000 })
      expect(Date.now() - started).toBeLessThan(5_000)
      const after = await request.get(`${charter}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(after.status()).toBe(401)
    })
  })
}

for (const deployment of deployments.filter((each) => !each.storageRefused)) {
  test.describe(`an app on Privy's React SDK, ${deployment.name}`, () => {
    test.skip(({ isMobile }) => isMobile, 'one viewport is enough for the SDK')

    test('sends on the local Base Sepolia through Charter’s RPC proxy, and exports the key after a code', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000)
      await page.goto(`${deployment.app()}/?apiUrl=${encodeURIComponent(deployment.api())}&appId=${appId}`)
      const phoneNumber = await signIn(page, request)
      const address = await evmAddress(page)
      const token = await accessTokenOf(page)
      const asMember = { authorization: `Bearer ${token}` }
      const funded = await request.post(`${charter}/api/dev/faucet`, {
        headers: asMember,
        data: { address, chainId: 84532, asset: 'native', amount: '0.01' },
      })
      expect(funded.status(), await funded.text()).toBe(200)

      const recipient = privateKeyToAddress(generatePrivateKey())
      await page.getByLabel('Send to').fill(recipient)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByTestId('send')).toHaveText(/^0x[0-9a-f]{64}$|^error/, { timeout: 30_000 })
      const hash = (await page.getByTestId('send').textContent()) ?? ''
      expect(hash).toMatch(/^0x/)
      const rpc = async (method: string, params: unknown[]) => {
        const answer = await request.post(`${charter}/api/v1/rpc/84532`, {
          headers: asMember,
          data: { jsonrpc: '2.0', id: 1, method, params },
        })
        return (await answer.json()).result
      }
      await expect
        .poll(async () => (await rpc('eth_getTransactionReceipt', [hash]))?.status, { timeout: 20_000 })
        .toBe('0x1')
      expect(BigInt(await rpc('eth_getBalance', [recipient, 'latest']))).toBe(1_000_000_000_000n)

      // The key is shown in Charter's export page, framed by the SDK's modal, after a fresh code.
      const signInCode = await codeFromOutbox(request, phoneNumber)
      await page.getByRole('button', { name: 'Export' }).click()
      const exportPage = page.frameLocator('iframe[src*="/embedded-wallets/export"]')
      await exportPage
        .getByRole('button', { name: 'Send me a code to show the key' })
        .click({ timeout: 20_000 })
      const code = exportPage.getByRole('textbox', { name: /6-digit code/ })
      await code.fill(await codeFromOutbox(request, phoneNumber, signInCode))
      await exportPage.getByRole('button', { name: 'Show key' }).click()
      const key = exportPage.getByRole('textbox', { name: 'Your private key' })
      await expect(key).toHaveValue(/^0x[0-9a-f]{64}$/, { timeout: 15_000 })
      const privateKey = (await key.inputValue()) as Hex
      expect(privateKeyToAddress(privateKey)).toBe(address)
      // It never reached the app's page.
      expect(await page.content()).not.toContain(privateKey.slice(2))
    })
  })
}

test.describe('the wallet frame and another website', () => {
  test.skip(({ isMobile }) => isMobile, 'one viewport is enough')

  /** A page at `origin` that frames (or opens) Charter's wallet frame and records every answer it gets. */
  async function probe(page: Page, origin: string, how: 'frame' | 'popup') {
    const frameUrl = `${charter}/apps/${appId}/embedded-wallets`
    await page.goto(`${origin}/probe.html`)
    return page.evaluate(
      async ({ frameUrl, charter, how }) => {
        const answers: unknown[] = []
        window.addEventListener('message', (event) => answers.push(event.data))
        let target: Window | null
        if (how === 'frame') {
          const frame = document.createElement('iframe')
          frame.src = frameUrl
          document.body.append(frame)
          await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
          target = frame.contentWindow
        } else {
          target = window.open(frameUrl)
          await new Promise((resolve) => setTimeout(resolve, 1_500))
        }
        const message = btoa(
          JSON.stringify({ version: 1, method: 'POST', url: `${charter}/api/v1/wallets/x/rpc` }),
        )
        for (let ping = 0; ping < 10; ping++) {
          target?.postMessage({ id: `id-${ping}`, event: 'privy:iframe:ready', data: {} }, charter)
          target?.postMessage(
            { id: `sign-${ping}`, event: 'privy:user-signer:sign', data: { message } },
            charter,
          )
          await new Promise((resolve) => setTimeout(resolve, 150))
        }
        return answers
      },
      { frameUrl, charter, how },
    )
  }

  test('an allowed app’s page gets answers from the frame', async ({ page }) => {
    const answers = await probe(page, `http://127.0.0.1:${charterPort + 1}`, 'frame')
    expect(answers).toContainEqual({ id: 'id-0', event: 'privy:iframe:ready', data: {} })
  })

  test('a page on a foreign origin can neither frame it nor get a signature from it, framed or opened', async ({
    page,
  }) => {
    const foreign = servers[2]?.url ?? ''
    for (const origin of [foreign, foreign.replace('127.0.0.1', 'localhost')]) {
      for (const how of ['frame', 'popup'] as const) {
        expect(await probe(page, origin, how), `${origin} ${how}`).toEqual([])
      }
    }
  })
})
