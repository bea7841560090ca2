import type { Address } from 'viem'

export type Stablecoin = {
  address: Address
  symbol: 'USDC'
  decimals: 6
}
