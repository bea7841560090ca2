import { readFrameConfig } from './frameConfig.ts'
import { frameKey } from './frameKey.ts'
import { frameKeyStore } from './frameKeyStore.ts'
import { frameMessages, isFrameRequest } from './frameMessages.ts'

/** The pending key is registered for an hour; the frame registers it again well before that. */
const refreshEveryMs = 30 * 60_000

async function registerPendingKey(publicKey: string): Promise<void> {
  const response = await fetch('/api/v1/embedded_wallets/pending_key', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ public_key: publicKey }),
    credentials: 'same-origin',
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string }
    throw new Error(body.error ?? `The server refused the device key (${response.status}).`)
  }
}

/**
 * The hidden wallet frame Privy's React SDK loads from `{apiUrl}/apps/{APP_ID}/embedded-wallets`. It talks only to
 * the page that frames it, and only when that page's origin is this one or one of ALLOWED_APP_ORIGINS (the
 * server's `frame-ancestors` says the same to the browser); any other message gets no answer at all.
 */
function start() {
  const config = readFrameConfig()
  const framed = window.parent !== window
  if (!config || !framed) {
    document.body.textContent = framed
      ? 'This wallet frame was not served by Charter.'
      : "This is Charter's wallet frame for apps built on Privy's React SDK; it does nothing on its own."
    return
  }
  const allowed = new Set([window.location.origin, ...config.allowedOrigins])
  const store = frameKeyStore()
  const key = frameKey(store, registerPendingKey)
  const messages = frameMessages({ config, ownOrigin: window.location.origin, key })

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || !allowed.has(event.origin) || !isFrameRequest(event.data)) return
    const origin = event.origin
    void messages.answer(event.data).then((answer) => window.parent.postMessage(answer, origin))
  })
  // Ready before the SDK asks: the key is made and registered while the app's page loads.
  key.current().catch((error: unknown) => console.error("Charter's wallet frame could not start:", error))
  setInterval(() => void key.refresh().catch(() => {}), refreshEveryMs)
}

start()
