import { generateKeyPairSync, sign } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import {
  createSignInMessageText,
  type SolanaSignInInputWithRequiredFields,
} from '@solana/wallet-standard-util'
import type { Wallet } from '@wallet-standard/base'
import { type Hex, hexToString } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, vi } from 'vitest'

const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}` as const
const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/**
 * A browser wallet as an extension puts one in the page: an EIP-1193 provider over a real key, announced by
 * EIP-6963. `behaviour` says what it does next (refuse as its user would, sit on another chain, hold a request
 * until `release`); `requests` is every method asked of it. Answers `remove` to take it out of the page.
 */
export function announceEthereumWallet(name = 'Test Wallet', initial: { chainId?: number } = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const behaviour = { reject: false, hold: false }
  let chainId = initial.chainId ?? 84532
  const requests: { method: string; params?: unknown }[] = []
  const held: (() => void)[] = []
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      requests.push({ method, params })
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address]
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`
      if (method === 'wallet_switchEthereumChain') {
        const [switchTo] = (params ?? []) as [{ chainId: string }]
        chainId = Number(switchTo.chainId)
        return null
      }
      if (method === 'personal_sign') {
        if (behaviour.hold) await new Promise<void>((resolve) => held.push(resolve))
        if (behaviour.reject) throw rejection()
        return account.signMessage({ message: hexToString(params?.[0] as Hex) })
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const info = { uuid: crypto.randomUUID(), name, icon, rdns: 'org.example.test' }
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return {
    account,
    behaviour,
    requests,
    /** Waits for a signature request to be held (it comes a moment after the click), then lets it go on. */
    release: async () => {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0))
      for (const resolve of held.splice(0)) resolve()
    },
    remove: () => window.removeEventListener('eip6963:requestProvider', announce),
  }
}

/**
 * A wallet-standard Solana wallet over a real Ed25519 key, registered by the standard's window events; with
 * `solana:signIn` or, when `signIn` is false, only `solana:signMessage`. `signed` is every text it signed.
 * Answers `unregister` to take it out of the page.
 */
export function registerSolanaWallet(name = 'Test Solana Wallet', options: { signIn?: boolean } = {}) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const account = {
    address: getBase58Decoder().decode(raw),
    publicKey: new Uint8Array(raw),
    chains: ['solana:devnet'] as const,
    features: ['solana:signMessage'] as const,
  }
  const signed: string[] = []
  const signBytes = (bytes: Uint8Array) => {
    signed.push(new TextDecoder().decode(bytes))
    return { signedMessage: bytes, signature: new Uint8Array(sign(null, bytes, privateKey)) }
  }
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { message: Uint8Array }[]) =>
        inputs.map((input) => signBytes(input.message)),
    },
  }
  if (options.signIn !== false) {
    features['solana:signIn'] = {
      version: '1.0.0',
      // The text a real wallet writes: the wallet standard's own.
      signIn: async (...inputs: SolanaSignInInputWithRequiredFields[]) =>
        inputs.map((input) => ({
          account,
          ...signBytes(new TextEncoder().encode(createSignInMessageText(input))),
        })),
    }
  }
  const wallet = { version: '1.0.0', name, icon, chains: ['solana:devnet'], accounts: [], features } as Wallet
  type Api = { register: (wallet: Wallet) => () => void }
  let unregister: (() => void) | undefined
  const callback = ({ register }: Api) => {
    unregister ??= register(wallet)
  }
  // The standard's two ways in: heard by an app already listening, or on the app's `app-ready`.
  const onAppReady = (event: Event) => callback((event as CustomEvent<Api>).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return {
    account,
    signed,
    unregister: () => {
      window.removeEventListener('wallet-standard:app-ready', onAppReady)
      unregister?.()
    },
  }
}
