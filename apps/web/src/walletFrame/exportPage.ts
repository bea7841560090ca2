import './exportPage.css'
import { oneTimeCodePattern, oneTimeCodeRules } from '@charter/core'
import { indexedDbKeyStore } from '../features/walletProxy/index.ts'
import { readFrameConfig } from './frameConfig.ts'
import { ExportRefusal, signedPost } from './signedPost.ts'

/**
 * The export page Privy's React SDK frames, visibly, from `useExportWallet`:
 * `/apps/{APP_ID}/embedded-wallets/export?v=1-unified&wallet_id=…&chain_type=…#token={access token}`. The member
 * asks for a fresh code, types it, and sees the key here; the SDK exchanges no messages with this page, so the key
 * never reaches the app's page. Requests are signed with the wallet frame's device key (same origin, same storage)
 * and carry the access token from the URL's fragment, which is dropped from the address at once.
 */
function start() {
  const form = document.createElement('form')
  document.body.append(form)
  const config = readFrameConfig()
  const query = new URLSearchParams(window.location.search)
  const accessToken = new URLSearchParams(window.location.hash.slice(1)).get('token')
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}`)
  applyPalette(query)
  const walletId = query.get('wallet_id')
  const chainType = query.get('chain_type')

  const show = (...children: HTMLElement[]) => form.replaceChildren(...children)
  const text = (words: string, problem = false) => {
    const line = element('p', words)
    line.title = words
    if (problem) line.className = 'problem'
    return line
  }

  if (!config || !accessToken || !walletId || window.parent === window) {
    show(text('Open this from your app’s “Export wallet”: this page needs the app’s session.', true))
    return
  }
  const ready = { appId: config.appId, accessToken, walletId }

  async function withKey<T>(task: (privateKey: CryptoKey) => Promise<T>): Promise<T> {
    const stored = await indexedDbKeyStore('charter-wallet-frame').load()
    if (!stored)
      throw new ExportRefusal('This browser holds no key for your session: sign out and sign in again.')
    return task(stored.keyPair.privateKey)
  }

  const ask = button('Send me a code to show the key', async () => {
    const sent = (await withKey((privateKey) =>
      signedPost(
        `/api/v1/wallets/${encodeURIComponent(ready.walletId)}/export/init`,
        {},
        { ...ready, privateKey },
      ),
    )) as { sent_to: string }
    const code = document.createElement('input')
    code.inputMode = 'numeric'
    code.autocomplete = 'one-time-code'
    code.pattern = `\\d{${oneTimeCodeRules.digits}}`
    code.maxLength = oneTimeCodeRules.digits
    code.required = true
    code.placeholder = `Code sent to ${sent.sent_to}`
    code.setAttribute('aria-label', `The ${oneTimeCodeRules.digits}-digit code sent to ${sent.sent_to}`)
    const reveal = button('Show key', async () => {
      if (!oneTimeCodePattern.test(code.value.trim()))
        throw new ExportRefusal(`Type the ${oneTimeCodeRules.digits} digits of the code.`)
      const exported = (await withKey((privateKey) =>
        signedPost(
          `/api/v1/wallets/${encodeURIComponent(ready.walletId)}/export`,
          { code: code.value.trim(), format: 'private_key' },
          { ...ready, privateKey },
        ),
      )) as { private_key: string }
      showKey(exported.private_key)
    })
    show(code, reveal)
    code.focus()
  })

  function showKey(privateKey: string) {
    const secret = document.createElement('input')
    secret.readOnly = true
    secret.className = 'secret'
    secret.value = privateKey
    secret.setAttribute('aria-label', chainType === 'solana' ? 'Your Solana secret key' : 'Your private key')
    const copy = button('Copy', async () => {
      await navigator.clipboard.writeText(privateKey)
      copy.textContent = 'Copied'
    })
    show(secret, copy)
  }

  /** A button whose click runs `task`, showing a refusal in the row (and keeping the row to try again). */
  function button(label: string, task: () => Promise<void>) {
    const made = element('button', label)
    made.type = 'submit'
    made.addEventListener('click', (event) => {
      event.preventDefault()
      made.disabled = true
      const row = [...form.children] as HTMLElement[]
      task()
        .catch((error: unknown) => {
          const words = error instanceof ExportRefusal ? error.message : 'Something went wrong; try again.'
          show(
            text(words, true),
            button('Try again', async () => show(...row)),
          )
        })
        .finally(() => {
          made.disabled = false
        })
    })
    return made
  }

  show(ask)
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, words: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  made.textContent = words
  return made
}

/** The SDK passes its modal's colours in the query; only real colours are taken. */
function applyPalette(query: URLSearchParams) {
  const names: Record<string, string> = {
    background: '--background',
    foreground: '--foreground',
    foreground3: '--muted',
    accent: '--accent',
  }
  for (const [parameter, variable] of Object.entries(names)) {
    const value = query.get(parameter)
    if (value && CSS.supports('color', value)) document.documentElement.style.setProperty(variable, value)
  }
  const scheme = query.get('colorScheme')
  if (scheme === 'light' || scheme === 'dark')
    document.documentElement.style.setProperty('color-scheme', scheme)
}

start()
