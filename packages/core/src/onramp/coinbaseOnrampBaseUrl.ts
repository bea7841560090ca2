/** Where Coinbase serves the on-ramp; `buildOnrampUrl` adds `/buy/select-asset`. */
export const coinbaseOnrampBaseUrl = 'https://pay.coinbase.com'
