/** Shown while a request waits on an external wallet, whose prompt may have opened in another window. */
export const pendingWalletRequestHint = 'Don’t see your wallet? Check your other browser windows.'
