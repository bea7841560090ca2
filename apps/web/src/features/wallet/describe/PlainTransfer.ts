/**
 * A request that only moves money to one recipient: a native coin to an address with no contract data, an ERC-20
 * `transfer` of a token Charter knows (nothing after its arguments, no coin sent with it), or a Solana send the
 * Send screen built. The dialog shows it whole in view (amount, recipient, network, fee) with Sign ready at once,
 * and what it is made of (the contract, the raw data, the gas) under Details.
 */
export type PlainTransfer = {
  /** What moves as a person reads it (`readableAmount`): '2.5 USDC', '0.999903 ETH'. */
  amount: string
  /** Every decimal of it, for Details: '0.999903711162903058 ETH'. */
  exactAmount: string
  /** Who receives it: checksummed (EVM) or a Solana public key; the token's owner, not its contract. */
  to: string
  /** The kind of chain, to recognise a colleague's wallet. */
  chainType: 'ethereum' | 'solana'
  /** The most the network fee can be, as a person reads it ('0.000234 ETH'); undefined when none is set. */
  fee: string | undefined
  /** Who pays the network fee when the wallet does not ('Charter'): the dialog names them instead of a fee. */
  feePaidBy: string | undefined
}
