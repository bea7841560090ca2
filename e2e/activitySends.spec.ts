import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { authorizationPayload, shortenAddress } from '@charter/core'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import { codeFromOutbox, outboxFor, signInByPhone } from './signInSteps.ts'
import { walletReady } from './walletSteps.ts'

const baseSepolia = 84532

type LinkedAccount = { id?: string; type: string; chain_type?: string; wallet_index?: number }

/**
 * The member's other device, over the wallet API as an EIP-1193 caller's browser would reach it: a session of its
 * own, bound at sign-in to a P-256 key of its own, that signs each wallet request. (The app's Send screen is
 * not what this test is about; the Activity page is.)
 */
async function otherDevice(request: APIRequestContext, baseURL: string, phoneNumber: string) {
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
  const { user } = (await signedIn.json()) as { user: { linked_accounts: LinkedAccount[] } }
  const evm = user.linked_accounts.find(
    (account) => account.type === 'wallet' && account.chain_type === 'ethereum' && account.wallet_index === 0,
  )
  if (!evm?.id) throw new Error('The member has no EVM wallet')
  const walletId = evm.id
  // The app id the server was given or generated, read as the web app reads it.
  const { appId } = (await (await request.get('/api/health')).json()) as { appId: string }
  return {
    /** `eth_sendTransaction` from the member's EVM wallet, signed by this device's key. */
    async send(caip2: string, transaction: Record<string, unknown>) {
      const path = `/api/v1/wallets/${walletId}/rpc`
      const body = { method: 'eth_sendTransaction', caip2, params: { transaction } }
      const headers = {
        'privy-app-id': appId,
        'privy-request-expiry': String(Date.now() + 60_000),
        'privy-idempotency-key': randomUUID(),
      }
      const payload = authorizationPayload({ method: 'POST', url: `${baseURL}${path}`, body, headers })
      const signature = sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' }).toString('base64')
      return request.post(path, {
        data: body,
        headers: { ...headers, 'privy-authorization-signature': signature },
      })
    },
  }
}

test('a send shows in Activity as what moved, to whom and where, Confirmed, with its hash and no explorer on a local chain', async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watch(page)
  const phoneNumber = await signInByPhone(page, request)
  await walletReady(page)
  const balances = page.getByRole('region', { name: 'Balances' })
  await balances.getByRole('button', { name: 'Get test funds' }).click()
  const base = balances.getByRole('listitem', { name: 'Base Sepolia' })
  await expect(base.getByText('10 USDC', { exact: true })).toBeVisible({ timeout: 20_000 })

  const chains = (await (await request.get('/api/v1/chains')).json()) as {
    chains: { id: number | string; usdc: { address: Hex } | null }[]
  }
  const usdc = chains.chains.find((chain) => chain.id === baseSepolia)?.usdc?.address
  if (!usdc) throw new Error('The local Base Sepolia has no USDC')
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const device = await otherDevice(request, baseURL ?? '', phoneNumber)
  const sent = await device.send(`eip155:${baseSepolia}`, {
    to: usdc,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('2.5', 6)],
    }),
  })
  expect(sent.status(), await sent.text()).toBe(200)
  const { hash } = ((await sent.json()) as { data: { hash: string } }).data

  await page.getByRole('link', { name: 'Activity', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
  const line = page.getByRole('listitem').filter({ hasText: 'Sent 2.5 USDC' })
  await expect(line.locator('.activity-summary')).toHaveText(
    `Sent 2.5 USDC to ${shortenAddress(recipient)} on Base Sepolia`,
  )
  await expect(line.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 15_000 })
  // Never shown as a call to the token contract; a local chain has no explorer, so the hash alone.
  await expect(line).not.toContainText(shortenAddress(usdc))
  await expect(line.getByText(shortenAddress(hash), { exact: true })).toBeVisible()
  await expect(line.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible()
  await expect(line.getByRole('link', { name: /^View on/ })).toHaveCount(0)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})
