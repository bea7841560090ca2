import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { authorizationPayload } from '@charter/core'

/**
 * Signs in by email (a new one unless given) on the embedded server with a fresh device key: the cookie, the key, the Ethereum wallet (its id and address).
 * The code is read from the dev outbox with the token the server made in its DATA_DIR.
 */
export async function signInWithDeviceKey(
  url: string,
  dataDir: string,
  email = `bench-${Date.now()}@example.org`,
) {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await (await post('/api/v1/passwordless/init', { email })).arrayBuffer()
  const outboxToken = readFileSync(join(dataDir, 'dev-outbox-token'), 'utf8').trim()
  const outbox = (await (
    await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`, {
      headers: { 'x-dev-outbox-token': outboxToken },
    })
  ).json()) as {
    messages: { body: string }[]
  }
  // The newest message is this sign-in's code (messages are listed newest first).
  const code = outbox.messages[0]?.body.match(/\b(\d{6})\b/)?.[1]
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const signedIn = await post('/api/v1/passwordless/authenticate', {
    email,
    code,
    authorization_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  })
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const user = (
    (await signedIn.json()) as {
      user: { linked_accounts: { chain_type?: string; id: string; address: string }[] }
    }
  ).user
  const wallet = user.linked_accounts.find((account) => account.chain_type === 'ethereum')
  if (!wallet) throw new Error('sign-in gave no Ethereum wallet')
  return { cookie, deviceKey: privateKey, walletId: wallet.id, address: wallet.address, email }
}

/**
 * Posts a wallet request signed with the member's device key, as the browser's wallet proxy sends it: the
 * answer's text, or a thrown error naming the status.
 */
export async function postSignedWalletCall(
  serverUrl: string,
  appId: string,
  member: { cookie: string; deviceKey: KeyObject },
  path: string,
  body: object,
  idempotencyKey?: string,
): Promise<string> {
  const headers = {
    'privy-app-id': appId,
    'privy-request-expiry': String(Date.now() + 5 * 60_000),
    ...(idempotencyKey && { 'privy-idempotency-key': idempotencyKey }),
  }
  const payload = authorizationPayload({ method: 'POST', url: `${serverUrl}${path}`, body, headers })
  const answer = await fetch(`${serverUrl}${path}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      cookie: member.cookie,
      'privy-authorization-signature': sign('sha256', payload, {
        key: member.deviceKey,
        dsaEncoding: 'der',
      }).toString('base64'),
    },
    body: JSON.stringify(body),
  })
  const text = await answer.text()
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${text}`)
  return text
}
