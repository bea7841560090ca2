/** The payment method a link preselects for each experience: a card to buy, a Coinbase account to send from. */
export const onrampPaymentMethodByExperience = {
  buy: 'CARD',
  send: 'CRYPTO_ACCOUNT',
} as const

export type OnrampExperience = keyof typeof onrampPaymentMethodByExperience
