import type {
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { StandardConnectFeature } from '@wallet-standard/features'
import type { SolanaBrowserWallet } from './BrowserWallet.ts'
import type { ProofRequest, WalletProof } from './WalletProof.ts'
import { walletClientType } from './walletClientType.ts'

const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))

/** RFC 3339 to the second, as wallets write times. */
const rfc3339 = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * Proves the member holds a Solana wallet: connects (`standard:connect`), gets a nonce for its first Solana
 * account, and has it sign a Sign In With Solana message for this page's origin: with `solana:signIn` when the
 * wallet has it (it writes the text itself), else by `solana:signMessage` of the text the wallet standard's own
 * `createSignInMessageText` writes for the same input, as a wallet's `signIn` would. The signed text goes to the
 * server as it was signed. The message names no cluster: Ed25519 is the same on all.
 */
export async function proveSolanaWallet(
  { wallet, name }: SolanaBrowserWallet,
  request: ProofRequest,
): Promise<WalletProof> {
  const features = wallet.features as Partial<
    StandardConnectFeature & SolanaSignInFeature & SolanaSignMessageFeature
  >
  const connect = features['standard:connect']
  if (!connect) throw new Error(`${name} cannot connect to this page.`)
  const { accounts } = await connect.connect()
  const account = accounts.find((each) => each.chains.some((chain) => chain.startsWith('solana:')))
  if (!account) throw new Error(`${name} shared no Solana account. Unlock it and try again.`)
  const { nonce, expires_at } = await request.init(account.address)
  const input = {
    domain: window.location.host,
    address: account.address,
    statement: request.statement,
    uri: window.location.origin,
    version: '1',
    nonce,
    issuedAt: rfc3339(new Date()),
    expirationTime: rfc3339(new Date(expires_at * 1000)),
  } satisfies SolanaSignInInput
  const client = { walletClientType: walletClientType(name), connectorType: 'injected' } as const
  const signIn = features['solana:signIn']
  if (signIn) {
    const [output] = await signIn.signIn(input)
    if (!output) throw new Error(`${name} answered without a signature.`)
    return {
      family: 'solana',
      message: new TextDecoder().decode(output.signedMessage),
      signature: base64(output.signature),
      ...client,
    }
  }
  const signMessage = features['solana:signMessage']
  if (!signMessage) throw new Error(`${name} cannot sign a message.`)
  const message = createSignInMessageText(input)
  const [output] = await signMessage.signMessage({ account, message: new TextEncoder().encode(message) })
  if (!output) throw new Error(`${name} answered without a signature.`)
  // What the wallet says it signed, which the server checks in full.
  const signed = new TextDecoder().decode(output.signedMessage)
  return { family: 'solana', message: signed, signature: base64(output.signature), ...client }
}
