/** What a person reads after declining to sign (a 4001 from the wallet): a title and what to do next. */
export const signatureRejectedMessage = {
  title: 'Signature rejected',
  description: 'Please try signing again.',
} as const
