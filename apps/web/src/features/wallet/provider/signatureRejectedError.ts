import { ProviderRpcError, signatureRejectedMessage } from '@charter/core'

/**
 * The 4001 a caller gets when the person declined (or Charter refused to sign): core's texts, 'Signature
 * rejected' as the message and 'Please try signing again.' as its detail (`data.details`), as the wallet spec
 * words them. The app's own screens say it in neutral words instead (`declinedText`).
 */
export const signatureRejectedError = () =>
  new ProviderRpcError(4001, signatureRejectedMessage.title, {
    data: { details: signatureRejectedMessage.description },
  })
