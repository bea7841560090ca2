import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

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
