import type { Address } from 'viem'

/** Multicall3, at the same address on every chain Charter supports (and on its local devnets). */
export const multicall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
