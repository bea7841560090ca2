/** The on-ramp's fixed ids for the assets a link can preselect (its `defaultAsset`). */
export const onrampDefaultAssetIds = {
  USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
  ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  BTC: '5b71fc48-3dd3-540c-809b-f8c94d0e68b5',
  SOL: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
  // Coinbase's id from MATIC days; POL is the renamed token.
  POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
} as const

export type OnrampDefaultAsset = keyof typeof onrampDefaultAssetIds
