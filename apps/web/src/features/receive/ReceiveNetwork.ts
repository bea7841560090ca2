/** A network the Receive screen offers: which wallet's address it takes, and how it is named. */
export type ReceiveNetwork = {
  key: string
  type: 'ethereum' | 'solana'
  /** 'Base Sepolia (local devnet)': what the sender must choose, named in full. */
  label: string
}
