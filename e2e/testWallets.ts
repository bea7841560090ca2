import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { Page } from '@playwright/test'
import { getBase58Decoder } from '@solana/kit'
import type { Hex } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

/** What the test wallets do on their next request; a test changes it as it goes. */
export type TestWalletBehaviour = {
  /** The chain the Ethereum wallet starts on (84532 is Base Sepolia, which embedded mode offers). */
  chainId: number
  /** Refuse signatures as a person pressing Reject would (4001). */
  reject: boolean
  /** Keep signature requests waiting until `release()`, as a wallet whose window nobody has answered yet. */
  hold: boolean
}

export type SolanaKey = { address: string; privateKey: KeyObject; publicKey: string }

export const newSolanaKey = (): SolanaKey => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: getBase58Decoder().decode(raw), privateKey, publicKey: raw.toString('base64') }
}

export const newEthereumAccount = () => privateKeyToAccount(generatePrivateKey())

export const ethereumWalletName = 'Test Wallet'
export const solanaWalletName = 'Test Solana Wallet'

/**
 * Puts two browser wallets into every page of `page`, as extensions do, before the app's code runs: an EIP-6963
 * provider ("Test Wallet") over a viem local account, and a wallet-standard Solana wallet ("Test Solana
 * Wallet", with standard:connect, solana:signIn and solana:signMessage) registered by the wallet standard's
 * window events. Keys stay in Node: the page asks Node to sign through exposed functions.
 */
export async function installTestWallets(
  page: Page,
  keys: { ethereum?: PrivateKeyAccount; solana?: SolanaKey } = {},
  initial: Partial<TestWalletBehaviour> = {},
) {
  const ethereum = keys.ethereum ?? newEthereumAccount()
  const solana = keys.solana ?? newSolanaKey()
  const behaviour: TestWalletBehaviour = { chainId: 84532, reject: false, hold: false, ...initial }
  const held: (() => void)[] = []
  const signed: string[] = []
  const waitIfHeld = () =>
    behaviour.hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()

  await page.exposeFunction('__testWalletBehaviour', () => ({ ...behaviour }))
  await page.exposeFunction('__testWalletSignEthereum', async (hex: Hex) => {
    await waitIfHeld()
    if (behaviour.reject) return { rejected: true }
    signed.push(Buffer.from(hex.slice(2), 'hex').toString('utf8'))
    return { signature: await ethereum.signMessage({ message: { raw: hex } }) }
  })
  await page.exposeFunction('__testWalletSignSolana', async (base64: string) => {
    await waitIfHeld()
    if (behaviour.reject) return { rejected: true }
    const message = Buffer.from(base64, 'base64')
    signed.push(message.toString('utf8'))
    return { signature: sign(null, message, solana.privateKey).toString('base64') }
  })
  await page.addInitScript(testWalletsInPage, {
    ethereumAddress: ethereum.address,
    ethereumName: ethereumWalletName,
    solanaAddress: solana.address,
    solanaPublicKey: solana.publicKey,
    solanaName: solanaWalletName,
  })
  return {
    ethereum,
    solana,
    behaviour,
    /** Every message the wallets signed, as text. */
    signed,
    /** Waits for a request to be held (the page asks the wallet a moment after the click), then lets it go on. */
    release: async () => {
      for (let waited = 0; held.length === 0; waited += 20) {
        if (waited > 10_000) throw new Error('No signature request reached the test wallet')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      for (const resolve of held.splice(0)) resolve()
    },
  }
}

type InPage = {
  ethereumAddress: string
  ethereumName: string
  solanaAddress: string
  solanaPublicKey: string
  solanaName: string
}

type Signed = { signature?: string; rejected?: boolean }
type PageWindow = Window & {
  __testWalletBehaviour: () => Promise<TestWalletBehaviour>
  __testWalletSignEthereum: (hex: string) => Promise<Signed>
  __testWalletSignSolana: (base64: string) => Promise<Signed>
}

/** Runs inside the page (serialised by addInitScript): it may use only its argument and the page's globals. */
function testWalletsInPage(config: InPage) {
  const w = window as unknown as PageWindow
  const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#5b4ee4"/></svg>')}`
  const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const toBase64 = (bytes: Uint8Array) =>
    btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

  // Ethereum: an EIP-1193 provider, announced by EIP-6963.
  let chainId: number | undefined
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const behaviour = await w.__testWalletBehaviour()
      chainId ??= behaviour.chainId
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [config.ethereumAddress]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'personal_sign': {
          const [hex, address] = (params ?? []) as [string, string]
          if (address.toLowerCase() !== config.ethereumAddress.toLowerCase()) {
            throw Object.assign(new Error('Unknown account'), { code: 4100 })
          }
          const answer = await w.__testWalletSignEthereum(hex)
          if (!answer.signature) throw rejection()
          return answer.signature
        }
        case 'wallet_switchEthereumChain': {
          const [{ chainId: wanted }] = (params ?? []) as [{ chainId: string }]
          chainId = Number.parseInt(wanted, 16)
          return null
        }
        default:
          throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 })
      }
    },
  }
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: config.ethereumName,
    icon,
    rdns: 'org.example.testwallet',
  })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  // Solana: a wallet-standard wallet, registered by the standard's window events.
  const account = Object.freeze({
    address: config.solanaAddress,
    publicKey: fromBase64(config.solanaPublicKey),
    chains: ['solana:devnet', 'solana:mainnet'] as const,
    features: ['solana:signIn', 'solana:signMessage'] as const,
  })
  type SignInInput = Record<string, string | string[] | undefined>
  // The text a wallet writes for a Sign In With Solana input (the wallet standard's createSignInMessageText).
  const signInText = (input: SignInInput) => {
    let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address ?? account.address}`
    if (input.statement) text += `\n\n${input.statement}`
    const fields: string[] = []
    for (const [key, label] of [
      ['uri', 'URI'],
      ['version', 'Version'],
      ['chainId', 'Chain ID'],
      ['nonce', 'Nonce'],
      ['issuedAt', 'Issued At'],
      ['expirationTime', 'Expiration Time'],
      ['notBefore', 'Not Before'],
      ['requestId', 'Request ID'],
    ] as const) {
      if (input[key]) fields.push(`${label}: ${input[key]}`)
    }
    if (fields.length > 0) text += `\n\n${fields.join('\n')}`
    return text
  }
  const signBytes = async (bytes: Uint8Array) => {
    const answer = await w.__testWalletSignSolana(toBase64(bytes))
    if (!answer.signature) throw rejection()
    return { account, signedMessage: bytes, signature: fromBase64(answer.signature) }
  }
  let accounts: (typeof account)[] = []
  const wallet = {
    version: '1.0.0',
    name: config.solanaName,
    icon,
    chains: ['solana:devnet', 'solana:mainnet'],
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          accounts = [account]
          return { accounts }
        },
      },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signIn': {
        version: '1.0.0',
        signIn: (...inputs: SignInInput[]) =>
          Promise.all(inputs.map((input) => signBytes(new TextEncoder().encode(signInText(input))))),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { message: Uint8Array }[]) =>
          Promise.all(inputs.map((input) => signBytes(input.message))),
      },
    },
  }
  const register = ({ register }: { register: (wallet: unknown) => unknown }) => register(wallet)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  window.addEventListener('wallet-standard:app-ready', (event) =>
    register((event as CustomEvent<{ register: (wallet: unknown) => unknown }>).detail),
  )
}
