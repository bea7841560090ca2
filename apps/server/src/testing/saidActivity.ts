import type { ActivityLine, ActivityLineInput } from '../wallets/methods/WalletMethod.ts'

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
