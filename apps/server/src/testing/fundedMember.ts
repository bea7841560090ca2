import type { ApiClient } from './ApiClient.ts'
import { signedInMember } from './WalletCaller.ts'

/** One credit from the local devnets' faucet: `amount` whole coins of `asset` on `chainId` ('devnet': Solana). */
export type FaucetCredit = { chainId: number | 'devnet'; asset: 'native' | 'USDC'; amount: string }

/**
 * Credits `address` from the faucet (`POST /api/dev/faucet`, with `api`'s session, which the faucet asks for). The
 * faucet answers once the credit is made (an EVM one mined), so the balance is there to read when this returns; a
 * refusal fails the set-up with the faucet's own words.
 */
export async function fundFromFaucet(api: ApiClient, address: string, credit: FaucetCredit): Promise<void> {
  const funded = await api.post('/api/dev/faucet', { address, ...credit })
  if (funded.status !== 200) throw new Error(`faucet: ${funded.text}`)
}

/**
 * A new member signed in at `url` (as `signedInMember`), then each credit paid into their wallet of that chain:
 * their EVM wallet on an EVM devnet, their Solana wallet on 'devnet'. The server must run its local devnets.
 */
export async function fundedMember(url: string, credits: FaucetCredit[]) {
  const member = await signedInMember(url)
  for (const credit of credits) {
    const wallet = member.wallet(credit.chainId === 'devnet' ? 'solana' : 'ethereum')
    await fundFromFaucet(member.api, wallet.address, credit)
  }
  return member
}
