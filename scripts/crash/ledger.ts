/** What the server acknowledged (answered 200 to) before a kill, and what the checks found missing. */

export type AckedSignUp = {
  userId: string
  address: string
  cycle: number
  /** The wallets the authenticate answer listed (index 0 of each chain type). */
  walletIds: string[]
}

export type AckedLine = {
  userId: string
  walletId: string
  kind: 'signature' | 'export'
  method: string
  digest: string
  cycle: number
}

export type Violation = { cycle: number; invariant: string; detail: string }

/** One activity line's identity as the checks compare it: wallet, kind, method and digest. */
export const lineKey = (line: { walletId: string; kind: string; method: string; digest: string }) =>
  `${line.walletId}|${line.kind}|${line.method}|${line.digest}`

export class Ledger {
  readonly signUps: AckedSignUp[] = []
  readonly lines: AckedLine[] = []
  readonly violations: Violation[] = []
  /** How many times one invariant was checked against one acknowledged thing (or one user row). */
  databaseChecks = 0
  httpChecks = 0
  /** Told of each violation as it is found. */
  onViolation: ((violation: Violation) => void) | undefined
  readonly #reported = new Set<string>()

  get signatures() {
    return this.lines.filter((line) => line.kind === 'signature').length
  }

  get exports() {
    return this.lines.filter((line) => line.kind === 'export').length
  }

  /** Records a violation once: the same missing row is found again by every later check. */
  violation(key: string, violation: Violation) {
    if (this.#reported.has(key)) return
    this.#reported.add(key)
    this.violations.push(violation)
    this.onViolation?.(violation)
  }
}

/** The rows of the database the invariants are about. */
export type Snapshot = {
  /** Every user, and whether it has its EVM and its Solana wallet at index 0. */
  users: Map<string, { evm0: boolean; solana0: boolean }>
  /** Wallet id → owner. */
  wallets: Map<string, string>
  /** lineKey → how many activity rows carry it. */
  activity: Map<string, number>
}

/**
 * Holds the database to the acknowledged work:
 * - every user has an EVM and a Solana wallet at index 0 (users that were there before the test aside);
 * - every acknowledged sign-up's user and the wallets its answer listed are there;
 * - every acknowledged signature and export has its activity line (as many lines as acknowledgements).
 */
export function checkSnapshot(
  ledger: Ledger,
  snapshot: Snapshot,
  cycle: number,
  usersBefore: ReadonlySet<string>,
) {
  for (const [userId, wallets] of snapshot.users) {
    if (usersBefore.has(userId)) continue
    ledger.databaseChecks += 1
    if (!wallets.evm0 || !wallets.solana0) {
      const missing = [!wallets.evm0 && 'EVM', !wallets.solana0 && 'Solana'].filter(Boolean).join(' and ')
      ledger.violation(`wallets:${userId}`, {
        cycle,
        invariant: 'no user without both wallets',
        detail: `user ${userId} has no ${missing} wallet at index 0`,
      })
    }
  }

  for (const signUp of ledger.signUps) {
    ledger.databaseChecks += 1
    if (!snapshot.users.has(signUp.userId)) {
      ledger.violation(`signup:${signUp.userId}`, {
        cycle,
        invariant: 'no acknowledged sign-up lost',
        detail: `user ${signUp.userId} (${signUp.address}), signed up in cycle ${signUp.cycle}, is not in the database`,
      })
      continue
    }
    for (const walletId of signUp.walletIds) {
      ledger.databaseChecks += 1
      if (snapshot.wallets.get(walletId) !== signUp.userId) {
        ledger.violation(`signup-wallet:${walletId}`, {
          cycle,
          invariant: 'no user without both wallets',
          detail: `wallet ${walletId} of user ${signUp.userId} (signed up in cycle ${signUp.cycle}) is not in the database`,
        })
      }
    }
  }

  const acked = new Map<string, AckedLine[]>()
  for (const line of ledger.lines) {
    const key = lineKey(line)
    const same = acked.get(key)
    if (same) same.push(line)
    else acked.set(key, [line])
  }
  for (const [key, lines] of acked) {
    ledger.databaseChecks += lines.length
    const stored = snapshot.activity.get(key) ?? 0
    if (stored >= lines.length) continue
    const first = lines[0] as AckedLine
    const what = first.kind === 'signature' ? 'signature' : 'export'
    ledger.violation(`line:${key}:${lines.length}`, {
      cycle,
      invariant: `no acknowledged ${what} without its activity line`,
      detail:
        `${first.method} on wallet ${first.walletId} (user ${first.userId}), acknowledged ${lines.length}× ` +
        `(cycles ${[...new Set(lines.map((line) => line.cycle))].join(', ')}), has ${stored} activity line(s) ` +
        `with digest ${first.digest.slice(0, 16)}…`,
    })
  }
}
