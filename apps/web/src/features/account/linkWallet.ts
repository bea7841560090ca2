import type { WalletProof } from '../browserWallets/index.ts'
import type { SignedPoster } from './SignedPoster.ts'

/**
 * Links a wallet the member holds to the signed-in account, proven by its signed sign-in message. Signed with
 * this device's key, as adding a phone number or email is: a stolen cookie alone cannot add a way in.
 */
export function linkWallet(proxy: SignedPoster, proof: WalletProof) {
  const { message, signature, walletClientType, connectorType } = proof
  const signed = { message, signature, walletClientType, connectorType }
  return proof.family === 'ethereum'
    ? proxy.post((client) => client.api.v1.siwe.link, { json: { ...signed, chainId: proof.chainId } })
    : proxy.post((client) => client.api.v1.siws.link, { json: signed })
}
