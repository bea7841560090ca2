import type { ActivityLine, ActivityLineInput, WalletMethodContext } from '../wallets/methods/WalletMethod.ts'

/**
 * A method's `context.activity` for a test that runs the method in-process, without the route: it keeps what
 * the method said it signs, for the test to read, and writes nothing.
 */
export function saidActivity() {
  const said: ActivityLineInput[] = []
  return {
    said,
    activity: async (line: ActivityLineInput): Promise<ActivityLine> => {
      said.push(line)
      return {} as ActivityLine
    },
  }
}

/**
 * A method's `context.authorize` for a test that runs the method in-process with a key it holds: every request is
 * allowed, as the policy allows a trusted device's, and the key is handed to the method as the route would open it.
 */
export function allowedWith(privateKey: Uint8Array): WalletMethodContext['authorize'] {
  return async () => ({
    withKey: async (use) => use(Buffer.from(privateKey)),
    release: async () => undefined,
  })
}
