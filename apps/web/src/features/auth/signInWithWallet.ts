import type { CharterUser } from '@charter/core'
import { answerOf, api } from '../../lib/api.ts'
import type { WalletProof } from '../browserWallets/index.ts'
import { signInWithDeviceKey } from './signInWithDeviceKey.ts'

/**
 * Signs in (or up) with a wallet's signed sign-in message (`siwe/authenticate` or `siws/authenticate`), the
 * session bound to a fresh device key exactly as a code sign-in's is.
 */
export function signInWithWallet(proof: WalletProof): Promise<CharterUser> {
  const { message, signature, walletClientType, connectorType } = proof
  const signed = { message, signature, walletClientType, connectorType }
  return signInWithDeviceKey((authorization_key) =>
    proof.family === 'ethereum'
      ? answerOf(
          api.v1.siwe.authenticate.$post({ json: { ...signed, chainId: proof.chainId, authorization_key } }),
        )
      : answerOf(api.v1.siws.authenticate.$post({ json: { ...signed, authorization_key } })),
  )
}
