import { parseEther, parseUnits } from 'viem'
import type { Settings } from '../../settings/env.ts'

/** The highest fee a send pays unless its caller says `allow_high_fee: true`, per kind of chain. */
export type SendFeeCaps = {
  /** EVM: the maximum fee (gas limit × max fee per gas), in wei. */
  maxFeeWei: bigint
  /** Solana: the fee the cluster asks for the message, in lamports. */
  maxFeeLamports: bigint
}

/** The caps of SEND_MAX_FEE_ETH and SEND_MAX_FEE_SOL, for every place that sends (the routes, the held sends). */
export const sendFeeCaps = (settings: Pick<Settings, 'sendMaxFeeEth' | 'sendMaxFeeSol'>): SendFeeCaps => ({
  maxFeeWei: parseEther(settings.sendMaxFeeEth),
  maxFeeLamports: parseUnits(settings.sendMaxFeeSol, 9),
})
