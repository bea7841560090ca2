/** What a member can top up, in the words of the support rules: a chain's own currency, or USDC. */
export type OnrampAsset = 'native-currency' | 'USDC'
