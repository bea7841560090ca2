let loading: Promise<typeof import('../walletProxy/index.ts')> | undefined

/**
 * The device key's code, loaded lazily so the first page stays light. Asked for as soon as a sign-in code goes
 * out, so it is there by the time the code is typed. A failed load (the connection dropped) is tried again next time.
 */
export const loadWalletKeys = () => {
  loading ??= import('../walletProxy/index.ts').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
