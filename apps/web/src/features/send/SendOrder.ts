import type { OfferedChain } from '../balances/index.ts'
import type { SignatureWarning } from '../wallet/index.ts'

/** What moves: the chain's native coin, or its USDC. */
export type SendAsset = 'native' | 'usdc'

/** A send the person asked for on the Send screen, checked, before the dialog. */
export type SendOrder = {
  chain: OfferedChain
  asset: SendAsset
  /** The wallet of the chain's kind that sends. */
  wallet: { id: string; address: string }
  /** The recipient (EVM checksummed, or a Solana public key). */
  to: string
  /** Who the recipient is when they are a colleague (their label: a name, else an email or phone). */
  recipientName: string | undefined
  /** In base units of the asset. */
  amount: bigint
  /** What the screen found of the recipient, and a hold, shown again in the dialog. */
  warnings: SignatureWarning[]
  /** Solana USDC: the recipient has no token account yet, so the send creates it. */
  createsTokenAccount: boolean
  /**
   * Who pays the network fee when it is not the member (`GET /api/v1/sponsor`): its name, and its address on the
   * chain's kind (a Solana send's fee payer). Undefined when the wallet pays its own fee.
   */
  sponsor: { payer: string; address: string } | undefined
}

/**
 * How a send ended on the screen's side: sent (its hash), or held by the new-device hold until `opensAt` (`heldId`:
 * the held request, which the member's passkey can release).
 */
export type SendOutcome =
  | { status: 'sent'; walletId: string; caip2: string; hash: string }
  | { status: 'held'; opensAt: number; heldId: string | undefined }
