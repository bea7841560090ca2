import { getAddress, toHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { EthereumBrowserWallet } from './BrowserWallet.ts'
import type { ProofRequest, WalletProof } from './WalletProof.ts'
import { WrongNetworkError } from './WrongNetworkError.ts'
import { walletClientType } from './walletClientType.ts'

/**
 * Proves the member holds an Ethereum wallet: connects (`eth_requestAccounts`), checks the wallet is on a chain
 * of `chainIds` (else `WrongNetworkError`: the server would refuse a message naming another), gets a nonce for
 * the address, and has the wallet sign an EIP-4361 message for this page's origin (`personal_sign`). The
 * wallet's own refusals (4001 when its user says no) reject as they come.
 */
export async function proveEthereumWallet(
  wallet: EthereumBrowserWallet,
  chainIds: readonly number[],
  request: ProofRequest,
): Promise<WalletProof> {
  const { provider } = wallet
  const accounts = await provider.request({ method: 'eth_requestAccounts' })
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof first !== 'string') throw new Error(`${wallet.name} shared no account. Unlock it and try again.`)
  const address = getAddress(first)
  const chainId = Number(await provider.request({ method: 'eth_chainId' }))
  if (!chainIds.includes(chainId)) throw new WrongNetworkError(chainId)
  const { nonce, expires_at } = await request.init(address)
  const message = createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    version: '1',
    nonce,
    issuedAt: new Date(),
    expirationTime: new Date(expires_at * 1000),
    statement: request.statement,
  })
  const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] })
  if (typeof signature !== 'string') throw new Error(`${wallet.name} answered without a signature.`)
  return {
    family: 'ethereum',
    message,
    signature,
    chainId,
    walletClientType: walletClientType(wallet.name),
    connectorType: 'injected',
  }
}
