/** The Ethereum wallet is on a chain this server does not offer: the message would name it and be refused. */
export class WrongNetworkError extends Error {
  override name = 'WrongNetworkError'
  readonly chainId: number

  constructor(chainId: number) {
    super(`The wallet is on chain ${chainId}, which this app does not offer.`)
    this.chainId = chainId
  }
}
