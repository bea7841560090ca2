import { LoginError } from '@charter/core'
import { isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress as isEthereumAddress } from 'viem'

/** The two kinds of wallet a member can sign in with. */
export type WalletFamily = 'ethereum' | 'solana'

/**
 * The address as the nonce store keys it, or `invalid_data` naming what is wrong: an Ethereum address in lower
 * case (checksums are a display matter), a Solana address exactly as given (base58 is case-sensitive).
 */
export function walletAddressKey(family: WalletFamily, address: string): string {
  if (family === 'ethereum') {
    if (!isEthereumAddress(address, { strict: false })) {
      throw new LoginError('invalid_data', {
        message: 'That is not an Ethereum address: send 0x followed by 40 hexadecimal digits.',
      })
    }
    return address.toLowerCase()
  }
  if (!isSolanaAddress(address)) {
    throw new LoginError('invalid_data', {
      message: 'That is not a Solana address: send the 32-byte public key in base58.',
    })
  }
  return address
}
