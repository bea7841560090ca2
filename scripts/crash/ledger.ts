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

/**
 * A request from a new device (a second sign-in of a member, within NEW_DEVICE_HOLD_HOURS) that reserves the
 * new-device budget before it is signed, acknowledged or not: `amount` (base units, fees included) is different
 * for every request, so its row in `budget_reservations` is told apart by it.
 */
export type BudgetRequest = {
  userId: string
  walletId: string
  chain: string
  asset: 'native' | 'usdc'
  amount: string
  method: string
  digest: string
  cycle: number
  /** The server answered 200 with the signature. */
  acknowledged: boolean
  /** The status the server answered, if it answered at all. */
  answered: number | undefined
}

export type Violation = { cycle: number; invariant: string; detail: string }

/** One activity line's identity as the checks compare it: wallet, kind, method and digest. */
export const lineKey = (line: { walletId: string; kind: string; method: string; digest: string }) =>
  `${line.walletId}|${line.kind}|${line.method}|${line.digest}`

/** One reservation's identity as the checks compare it: wallet, chain, asset and amount. */
export const reservationKey = (row: { walletId: string; chain: string; asset: string; amount: string }) =>
  `${row.walletId}|${row.chain}|${row.asset}|${row.amount}`

export class Ledger {
  readonly signUps: AckedSignUp[] = []
  readonly lines: AckedLine[] = []
  readonly budgetRequests: BudgetRequest[] = []
  /** How long a reservation counts: NEW_DEVICE_HOLD_HOURS, in ms, as the server runs with it. */
  budgetWindowMs = 0
  /**
   * Reservations a kill left reserved but unsigned (its request unanswered, no activity line, not released), by
   * row id, with the cycle whose kill left it; and which of them a later snapshot found released.
   */
  readonly leftByKills = new Map<string, number>()
  readonly releasedAfterLeft = new Set<string>()
  /** Reservations whose request was signed (its activity line is there) but whose answer the kill cut off. */
  readonly signedUnanswered = new Set<string>()
  /** Reservations the server released itself (the request failed before it signed). */
  readonly releasedByServer = new Set<string>()
  /** Unanswered requests that reserved nothing (the kill came first), by reservation key. */
  readonly neverReserved = new Set<string>()
  /** Left-by-kill reservations whose window's end was checked with the budget's own query. */
  windowChecks = 0
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

  get budgetSignatures() {
    return this.budgetRequests.filter((request) => request.acknowledged).length
  }

  /** Records a violation once: the same missing row is found again by every later check. */
  violation(key: string, violation: Violation) {
    if (this.#reported.has(key)) return
    this.#reported.add(key)
    this.violations.push(violation)
    this.onViolation?.(violation)
  }
}

/** A row of `budget_reservations`. */
export type ReservationRow = {
  id: string
  userId: string
  walletId: string
  chain: string
  asset: string
  amount: string
  createdAtMs: number
  released: boolean
}

/**
 * What the new-device budget itself (`newDeviceBudget(...).remaining`) counts for a reservation's member, chain
 * and asset, in base units: one millisecond before the reservation's window ends, and when it ends.
 */
export type WindowEnd = { within: bigint; after: bigint }

/** The rows of the database the invariants are about. */
export type Snapshot = {
  /** Every user, and whether it has its EVM and its Solana wallet at index 0. */
  users: Map<string, { evm0: boolean; solana0: boolean }>
  /** Wallet id → owner. */
  wallets: Map<string, string>
  /** lineKey → how many activity rows carry it. */
  activity: Map<string, number>
  /** Every row of `budget_reservations`. */
  reservations: ReservationRow[]
  /** For the reservations the checks asked about (`windowEndsFor`), what the budget counts as their window ends. */
  windowEnds: Map<string, WindowEnd>
}

/**
 * Which reservations a snapshot weighs with the budget's own query as their window ends: those a kill left
 * reserved but unsigned (unreleased, their request never answered, no activity line) and not weighed before.
 */
export function windowEndsFor(
  ledger: Ledger,
  rows: ReservationRow[],
  activity: ReadonlyMap<string, number>,
): ReservationRow[] {
  const unanswered = new Map(
    ledger.budgetRequests
      .filter((request) => request.answered === undefined)
      .map((request) => [reservationKey(request), request]),
  )
  return rows.filter((row) => {
    const request = unanswered.get(reservationKey(row))
    return (
      request !== undefined &&
      !row.released &&
      !ledger.leftByKills.has(row.id) &&
      !activity.has(lineKey({ ...request, kind: 'signature' }))
    )
  })
}

/**
 * Holds the database to the acknowledged work:
 * - every user has an EVM and a Solana wallet at index 0 (users that were there before the test aside);
 * - every acknowledged sign-up's user and the wallets its answer listed are there;
 * - every acknowledged signature and export has its activity line (as many lines as acknowledgements);
 * - the new-device budget (`checkBudget`).
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

  checkBudget(ledger, snapshot, cycle)
}

const sumOf = (rows: ReservationRow[]) => rows.reduce((total, row) => total + BigInt(row.amount), 0n)

/**
 * Holds the database to the new-device budget:
 * - every new-device signature the server answered 200 to has its reservation, not released;
 * - every new-device request whose activity line is there (signed, answered or not) has its reservation, not
 *   released: nothing a new device signs goes uncounted;
 * - a request answered without a signature gave its reservation back;
 * - a reservation a kill left reserved but unsigned counts until its window ends and not after, as the budget's
 *   own query weighs it (`snapshot.windowEnds`).
 * Counts, without judging, the reservations kills left, and which of them were released after a restart.
 */
export function checkBudget(ledger: Ledger, snapshot: Snapshot, cycle: number) {
  const byKey = new Map<string, ReservationRow[]>()
  for (const row of snapshot.reservations) {
    const key = reservationKey(row)
    const same = byKey.get(key)
    if (same) same.push(row)
    else byKey.set(key, [row])
  }
  for (const request of ledger.budgetRequests) {
    const key = reservationKey(request)
    const found = byKey.get(key) ?? []
    const counted = found.filter((row) => !row.released)
    const lines = snapshot.activity.get(lineKey({ ...request, kind: 'signature' })) ?? 0
    const what = `${request.method} of ${request.amount} ${request.asset} base units on chain ${request.chain} (wallet ${request.walletId}, user ${request.userId}, cycle ${request.cycle})`
    const state = found.length === 0 ? 'has no reservation' : 'has its reservation released'
    if (request.acknowledged || lines > 0) {
      ledger.databaseChecks += 1
      if (counted.length === 0) {
        ledger.violation(`reservation:${key}`, {
          cycle,
          invariant: request.acknowledged
            ? 'no acknowledged new-device signature without its budget reservation'
            : 'nothing a new device signed goes uncounted',
          detail: request.acknowledged
            ? `${what}, answered 200, ${state}`
            : `${what}, never answered, has its activity line but ${state.replace('has ', '')}`,
        })
      }
      if (!request.acknowledged) for (const row of counted) ledger.signedUnanswered.add(row.id)
      continue
    }
    if (request.answered !== undefined) {
      ledger.databaseChecks += 1
      if (counted.length > 0) {
        ledger.violation(`unreleased:${key}`, {
          cycle,
          invariant: 'a request answered without a signature gives its budget back',
          detail: `${what} was answered ${request.answered} and left ${counted.length} reservation(s) counting`,
        })
      }
      continue
    }
    if (found.length === 0) ledger.neverReserved.add(key)
    for (const row of counted) {
      if (!ledger.leftByKills.has(row.id)) ledger.leftByKills.set(row.id, request.cycle)
    }
    for (const row of found) {
      if (!row.released) continue
      if (ledger.leftByKills.has(row.id)) ledger.releasedAfterLeft.add(row.id)
      else ledger.releasedByServer.add(row.id)
    }
  }

  const byId = new Map(snapshot.reservations.map((row) => [row.id, row]))
  for (const [id, end] of snapshot.windowEnds) {
    const row = byId.get(id)
    if (!row) continue
    const same = snapshot.reservations.filter(
      (other) =>
        !other.released &&
        other.userId === row.userId &&
        other.chain === row.chain &&
        other.asset === row.asset,
    )
    // Only what was reserved after it may still count when its window ends; until then it counts too.
    const newer = sumOf(same.filter((other) => other.createdAtMs > row.createdAtMs))
    const sameMoment = sumOf(same.filter((other) => other.createdAtMs === row.createdAtMs))
    const left = `reservation ${id} of ${row.amount} ${row.asset} base units on chain ${row.chain} (user ${row.userId}), left reserved but unsigned by the kill in cycle ${ledger.leftByKills.get(id) ?? cycle}`
    ledger.windowChecks += 1
    ledger.databaseChecks += 2
    if (end.after !== newer) {
      ledger.violation(`window:${id}`, {
        cycle,
        invariant: 'no budget leaks past its window',
        detail: `${left}: as its window ends the budget counts ${end.after}, where only the ${newer} reserved after it should count`,
      })
    }
    if (end.within < newer + sameMoment) {
      ledger.violation(`window-within:${id}`, {
        cycle,
        invariant: 'a reservation a kill left counts until its window ends',
        detail: `${left}: 1 ms before its window ends the budget counts ${end.within}, less than the ${newer + sameMoment} it and later ones reserved`,
      })
    }
  }
}
