import { randomBytes, randomInt } from 'node:crypto'
import { readEvmTransaction, totalMoves } from '@charter/core'
import { activityDigest, type Http, Member, Unreachable } from './http.ts'
import { type BudgetRequest, type Ledger, lineKey } from './ledger.ts'

export type InFlight = { signUps: number; signatures: number; exports: number; budget: number }

export type WorkContext = {
  http: Http
  ledger: Ledger
  cycle: number
  /** What is under way right now, to tell where a kill landed. */
  inFlight: InFlight
  /** True once the kill has been sent: no new requests. */
  stopped: () => boolean
  /** Whether authenticate takes `authorization_key`; learnt from the first sign-up of the run. */
  binding: { atAuthenticate: boolean | undefined }
}

/** Export codes: one per 30 s and 5 per hour per account (the server's limits), with some margin. */
const exportSpacingMs = 35_000
const exportsPerMember = 4
/**
 * Sign-in codes: one to an address in each fixed 30-second window (the server counts them in the database,
 * http/rateLimit.ts), so a second sign-in waits for the window after the first's to begin.
 */
const signInWindowMs = 30_000

let counter = 0
const runBase = Math.floor(Math.random() * 10_000)
const runId = randomBytes(3).toString('hex')

/** A person not yet known to the server: a US mobile number (415-2xx…9xx) or an email address. */
export function newMember(via: 'phone' | 'email'): Member {
  counter += 1
  const tag = `${runId}-${counter}`
  if (via === 'email') return new Member('email', `crash-${tag}@example.org`, tag)
  const exchange = 200 + (counter % 800)
  const line = String((runBase + Math.floor(counter / 800)) % 10_000).padStart(4, '0')
  return new Member('phone', `+1415${exchange}${line}`, tag)
}

const pick = <T>(items: T[], count: number): T[] => {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy.slice(0, count)
}

/** A 401 to a member whose session and device key the server had acknowledged: it lost one of them. */
function refused(ctx: WorkContext, member: Member, what: string, status: number, text: string) {
  member.broken = true
  ctx.ledger.violation(`auth:${member.userId}`, {
    cycle: ctx.cycle,
    invariant: 'no acknowledged session or device key lost',
    detail: `${what} for user ${member.userId} (${member.address}, signed up in cycle ${member.signedUpCycle}) answered ${status}: ${text.slice(0, 200)}`,
  })
}

/** Sign-up: a code by SMS or email, from the dev outbox, then authenticate with the device key bound. */
export async function signUp(ctx: WorkContext, member: Member): Promise<boolean> {
  ctx.inFlight.signUps += 1
  try {
    return await signUpSteps(ctx, member)
  } finally {
    ctx.inFlight.signUps -= 1
  }
}

/** The sign-in routes of the member's kind of address. */
const familyOf = (member: Member) =>
  member.via === 'phone'
    ? { path: '/api/v1/passwordless_sms', field: 'phoneNumber' }
    : { path: '/api/v1/passwordless', field: 'email' }

async function signUpSteps(ctx: WorkContext, member: Member): Promise<boolean> {
  const { http } = ctx
  const family = familyOf(member)
  const init = await http.request(member, 'POST', `${family.path}/init`, { [family.field]: member.address })
  // After the answer: the server counted the code at some moment before it.
  member.signInCodeAt = Date.now()
  if (init.status !== 200) {
    http.tally.note('POST', `${family.path}/init`, init)
    return false
  }
  const code = await http.codeFor(member.address)
  if (!code) return false
  const body = { [family.field]: member.address, code }
  let withKey = ctx.binding.atAuthenticate !== false
  let answer = await http.request(member, 'POST', `${family.path}/authenticate`, {
    ...body,
    ...(withKey ? { authorization_key: member.publicKeySpki } : {}),
  })
  // The strict body of a server without the hardening refuses the field before the code is used: once more.
  if (withKey && answer.status === 400 && /authorization_key/.test(answer.text)) {
    ctx.binding.atAuthenticate = false
    withKey = false
    answer = await http.request(member, 'POST', `${family.path}/authenticate`, body)
  }
  if (answer.status !== 200) {
    http.tally.note('POST', `${family.path}/authenticate`, answer)
    return false
  }
  const user = answer.body?.user
  member.userId = String(user?.id)
  member.signedUpCycle = ctx.cycle
  const accounts: {
    type?: string
    chain_type?: string
    wallet_index?: number
    id?: string
    address?: string
  }[] = user?.linked_accounts ?? []
  const first = (chain: string) =>
    accounts.find((a) => a.type === 'wallet' && a.chain_type === chain && a.wallet_index === 0)
  const evm = first('ethereum')
  const solana = first('solana')
  if (evm?.id && evm.address) member.evm = { id: evm.id, address: evm.address }
  if (solana?.id && solana.address) member.solana = { id: solana.id, address: solana.address }
  ctx.ledger.signUps.push({
    userId: member.userId,
    address: member.address,
    cycle: ctx.cycle,
    walletIds: [evm?.id, solana?.id].filter((id): id is string => typeof id === 'string'),
  })
  if (!member.evm || !member.solana) {
    ctx.ledger.violation(`answer-wallets:${member.userId}`, {
      cycle: ctx.cycle,
      invariant: 'no user without both wallets',
      detail: `the sign-up answer for ${member.address} lists no ${member.evm ? 'Solana' : 'EVM'} wallet at index 0`,
    })
    return false
  }
  if (withKey && ctx.binding.atAuthenticate === true) {
    member.keyBound = true
    return true
  }
  // Not known yet whether the server bound the key it was given, or it was not given: register (a reload
  // of the same key answers 200 on either server).
  const registered = await registerKey(ctx, member)
  if (withKey && member.usedStepUp) ctx.binding.atAuthenticate = false
  else if (withKey && registered) ctx.binding.atAuthenticate = true
  return registered
}

/**
 * Binds the device key after sign-in: directly on a server without the hardening; with a step-up code
 * (`register_key`) on one with it, when the session was born without a key.
 */
async function registerKey(ctx: WorkContext, member: Member): Promise<boolean> {
  const { http } = ctx
  const path = '/api/v1/sessions/authorization_key'
  let answer = await http.request(member, 'POST', path, { public_key: member.publicKeySpki })
  if (answer.status === 401 && answer.body?.code === 'missing_or_invalid_mfa') {
    member.usedStepUp = true
    // The step-up code shares the export codes' limit of one per 30 s.
    member.exportInits += 1
    member.lastExportInitAt = Date.now()
    const init = await http.request(member, 'POST', '/api/v1/step_up/init', { action: 'register_key' })
    if (init.status !== 200) {
      http.tally.note('POST', '/api/v1/step_up/init', init)
      return false
    }
    const code = await http.codeFor(member.address)
    if (!code) return false
    answer = await http.request(member, 'POST', path, { public_key: member.publicKeySpki, code })
  }
  if (answer.status !== 200) {
    http.tally.note('POST', path, answer)
    return false
  }
  member.keyBound = true
  return true
}

/** personal_sign of a message no one signed before, so its activity line is told apart by its digest. */
export async function personalSign(ctx: WorkContext, member: Member): Promise<void> {
  const wallet = member.evm
  if (!wallet || !member.userId) return
  member.seq += 1
  const message = `crash-test cycle ${ctx.cycle} ${member.tag} #${member.seq} ${randomBytes(6).toString('hex')}`
  const params = { message, encoding: 'utf-8' }
  const path = `/api/v1/wallets/${wallet.id}/rpc`
  ctx.inFlight.signatures += 1
  const answer = await ctx.http.signed(member, path, { method: 'personal_sign', params }).finally(() => {
    ctx.inFlight.signatures -= 1
  })
  if (answer.status === 200 && typeof answer.body?.data?.signature === 'string') {
    acknowledge(ctx, member, {
      walletId: wallet.id,
      kind: 'signature',
      method: 'personal_sign',
      digest: activityDigest({ method: 'personal_sign', ...params }),
    })
  } else if (answer.status === 401) {
    refused(ctx, member, 'personal_sign', answer.status, answer.text)
  } else {
    ctx.http.tally.note('POST', path, answer)
  }
}

/** Export: a code to the member's phone or email (export/init), then the key, as plain text or a keystore. */
export async function exportKey(ctx: WorkContext, member: Member): Promise<void> {
  ctx.inFlight.exports += 1
  try {
    await exportSteps(ctx, member)
  } finally {
    ctx.inFlight.exports -= 1
  }
}

async function exportSteps(ctx: WorkContext, member: Member): Promise<void> {
  const { http } = ctx
  const evm = Math.random() < 0.5
  const wallet = evm ? member.evm : member.solana
  if (!wallet || !member.userId) return
  const format = evm && Math.random() < 0.25 ? 'keystore' : 'private_key'
  member.exportInits += 1
  member.lastExportInitAt = Date.now()
  const initPath = `/api/v1/wallets/${wallet.id}/export/init`
  const init = await http.signed(member, initPath, {})
  if (init.status !== 200) {
    if (init.status === 401) refused(ctx, member, 'export/init', init.status, init.text)
    else http.tally.note('POST', initPath, init)
    return
  }
  const code = await http.codeFor(member.address)
  if (!code || ctx.stopped()) return
  const path = `/api/v1/wallets/${wallet.id}/export`
  const answer = await http.signed(member, path, { code, format })
  const exported = answer.body?.format
  if (answer.status === 200 && (exported === 'private_key' || exported === 'keystore')) {
    acknowledge(ctx, member, {
      walletId: wallet.id,
      kind: 'export',
      method: `export_${exported}`,
      digest: activityDigest({ address: wallet.address, format: exported }),
    })
  } else if (answer.status === 401) {
    refused(ctx, member, 'export', answer.status, answer.text)
  } else {
    http.tally.note('POST', path, answer)
  }
}

/**
 * A new device of a member from earlier cycles: a second sign-in, by a code to the same address, with a device
 * key of its own bound at sign-in. Its session is within NEW_DEVICE_HOLD_HOURS (the sign-up's is not: the
 * sign-in that creates an account is never held), so what it signs that can move money reserves the new-device
 * budget before the key signs.
 */
export async function signInAgain(ctx: WorkContext, first: Member): Promise<Member | undefined> {
  if (ctx.binding.atAuthenticate !== true || !first.userId || first.secondDevice) return undefined
  const { http } = ctx
  const device = new Member(first.via, first.address, `${first.tag}-2`)
  device.firstDevice = first
  first.secondDevice = device
  device.userId = first.userId
  device.evm = first.evm
  device.solana = first.solana
  device.signedUpCycle = first.signedUpCycle
  const family = familyOf(device)
  const init = await http.request(device, 'POST', `${family.path}/init`, { [family.field]: device.address })
  device.signInCodeAt = Date.now()
  first.signInCodeAt = device.signInCodeAt
  if (init.status !== 200) {
    http.tally.note('POST', `${family.path}/init`, init)
    return undefined
  }
  const code = await http.codeFor(device.address)
  if (!code) return undefined
  const answer = await http.request(device, 'POST', `${family.path}/authenticate`, {
    [family.field]: device.address,
    code,
    authorization_key: device.publicKeySpki,
  })
  if (answer.status !== 200 || String(answer.body?.user?.id) !== first.userId) {
    http.tally.note('POST', `${family.path}/authenticate (a second sign-in)`, answer)
    return undefined
  }
  device.keyBound = true
  return device
}

/** What a new device signs: transfers on Base Sepolia, a local devnet (LOCAL_CHAINS=on), to a burn address. */
const budgetChainId = 84532
const burnAddress = '0x000000000000000000000000000000000000dead'
let budgetCounter = 0

/**
 * `eth_signTransaction` of a small transfer by a new device: signed and never sent, so no chain is asked, yet
 * it counts as sent (whoever holds the bytes can send them), so the policy reserves its value and maximum fee in
 * `budget_reservations` before the key signs. Each request moves a different amount (a few thousand wei, far
 * under the budget), which tells its reservation apart; the amount is what core's reader makes of it, as the
 * server's.
 */
export async function signTransferAsNewDevice(ctx: WorkContext, device: Member): Promise<void> {
  const wallet = device.evm
  if (!wallet || !device.userId) return
  budgetCounter += 1
  device.seq += 1
  const value = BigInt(budgetCounter) * 1_000n + BigInt(randomInt(1_000))
  const transaction = {
    chain_id: budgetChainId,
    to: burnAddress,
    value: value.toString(),
    nonce: device.seq,
    gas_limit: 21_000,
    max_fee_per_gas: 1_000,
    max_priority_fee_per_gas: 1,
  }
  const [move] = totalMoves(
    readEvmTransaction(
      { chainId: budgetChainId, to: burnAddress, value, gas: 21_000n, maxFeePerGas: 1_000n },
      { offered: true, usdc: undefined },
    ),
  )
  if (!move) return
  const request: BudgetRequest = {
    userId: device.userId,
    walletId: wallet.id,
    chain: move.chain,
    asset: move.asset,
    amount: move.amount.toString(),
    method: 'eth_signTransaction',
    digest: activityDigest({ method: 'eth_signTransaction', transaction }),
    cycle: ctx.cycle,
    acknowledged: false,
    answered: undefined,
  }
  ctx.ledger.budgetRequests.push(request)
  const path = `/api/v1/wallets/${wallet.id}/rpc`
  ctx.inFlight.budget += 1
  const answer = await ctx.http
    .signed(device, path, { method: 'eth_signTransaction', params: { transaction } })
    .finally(() => {
      ctx.inFlight.budget -= 1
    })
  request.answered = answer.status
  if (answer.status === 200 && typeof answer.body?.data?.signed_transaction === 'string') {
    request.acknowledged = true
    acknowledge(ctx, device, {
      walletId: wallet.id,
      kind: 'signature',
      method: 'eth_signTransaction',
      digest: request.digest,
    })
  } else if (answer.status === 401) {
    refused(ctx, device, 'eth_signTransaction', answer.status, answer.text)
  } else {
    ctx.http.tally.note('POST', path, answer)
  }
}

function acknowledge(
  ctx: WorkContext,
  member: Member,
  line: { walletId: string; kind: 'signature' | 'export'; method: string; digest: string },
) {
  ctx.ledger.lines.push({ ...line, userId: member.userId as string, cycle: ctx.cycle })
  member.ackedLines += 1
  member.lastActiveCycle = ctx.cycle
}

async function signLoop(ctx: WorkContext, member: Member) {
  while (!ctx.stopped() && !member.broken) await personalSign(ctx, member)
}

async function budgetLoop(ctx: WorkContext, device: Member) {
  while (!ctx.stopped() && !device.broken) await signTransferAsNewDevice(ctx, device)
}

const canExport = (member: Member) =>
  member.exportInits < exportsPerMember && Date.now() - member.lastExportInitAt > exportSpacingMs

const canSignInAgain = (member: Member) =>
  member.secondDevice === undefined &&
  Date.now() > (Math.floor(member.signInCodeAt / signInWindowMs) + 1) * signInWindowMs + 500

export type CyclePlan = {
  returning: Member[]
  exporting: Set<Member>
  newcomers: Member[]
  /** Members from earlier cycles who sign in again in the warm-up, on a new device. */
  signingInAgain: Member[]
  /** New devices at work in this cycle: from earlier cycles, and (after the warm-up) the ones signed in now. */
  newDevices: Member[]
}

/**
 * Who works in this cycle: members from earlier cycles (some of them export, one signs in again on a new
 * device), new devices from earlier cycles, and new people.
 */
export function planCycle(
  pool: Member[],
  devicePool: Member[],
  options: {
    newcomers: number
    returning: number
    returningExports: number
    secondSignIns: number
    newDevices: number
  },
): CyclePlan {
  const usable = (member: Member) => member.keyBound && !member.broken
  const returning = pick(pool.filter(usable), options.returning)
  const exporting = new Set(pick(returning.filter(canExport), options.returningExports))
  return {
    returning,
    exporting,
    newcomers: Array.from({ length: options.newcomers }, (_, i) => newMember(i % 2 ? 'email' : 'phone')),
    // Not one that exports in this cycle: its export code and the sign-in code would go to the same address.
    signingInAgain: pick(
      pool.filter((member) => usable(member) && canSignInAgain(member) && !exporting.has(member)),
      options.secondSignIns,
    ),
    newDevices: pick(devicePool.filter(usable), options.newDevices),
  }
}

/**
 * Before the kill clock starts: one sign-up followed by a signature, one signature by each returning member,
 * a second sign-in (a new device) followed by a budget-reserving signature, and one such signature by each new
 * device from earlier cycles. It brings the server's cold paths up to speed (the first sign-up after a start is
 * the slowest), shows the returning members' and new devices' sessions and device keys survived the kill
 * before, and gives later cycles a member to work with even when a kill lands before any sign-up of the cycle is
 * answered. All of it is acknowledged before the kill and held to the same invariants. Answers how long the
 * sign-up took (ms).
 */
export async function warmUp(
  ctx: WorkContext,
  pool: Member[],
  devicePool: Member[],
  plan: CyclePlan,
): Promise<number> {
  const member = newMember(ctx.cycle % 2 ? 'phone' : 'email')
  let signUpMs = 0
  const settle = (error: unknown) => {
    if (!(error instanceof Unreachable)) throw error
  }
  await Promise.all([
    (async () => {
      const started = performance.now()
      if (!(await signUp(ctx, member))) return
      signUpMs = performance.now() - started
      member.lastActiveCycle = ctx.cycle
      pool.push(member)
      await personalSign(ctx, member)
    })().catch(settle),
    ...plan.returning.map((returning) => {
      returning.lastActiveCycle = ctx.cycle
      return personalSign(ctx, returning).catch(settle)
    }),
    ...plan.newDevices.map((device) => {
      device.lastActiveCycle = ctx.cycle
      return signTransferAsNewDevice(ctx, device).catch(settle)
    }),
    ...plan.signingInAgain.map((first) =>
      (async () => {
        const device = await signInAgain(ctx, first)
        if (!device) return
        device.lastActiveCycle = ctx.cycle
        devicePool.push(device)
        plan.newDevices.push(device)
        await signTransferAsNewDevice(ctx, device)
      })().catch(settle),
    ),
  ])
  return signUpMs
}

/**
 * One cycle's work, all at once, until the kill: new members sign up, then each exports a key and signs
 * messages over and over; returning members (their sessions and keys made before a crash) sign too, and
 * some of them export; new devices sign transfers over and over, each reserving the new-device budget first.
 */
export async function cycleWork(ctx: WorkContext, plan: CyclePlan): Promise<void> {
  const tasks: Promise<void>[] = []
  for (const member of plan.newcomers) {
    tasks.push(
      (async () => {
        if (!(await signUp(ctx, member))) return
        member.lastActiveCycle = ctx.cycle
        await Promise.all([canExport(member) ? exportKey(ctx, member) : undefined, signLoop(ctx, member)])
      })(),
    )
  }
  for (const member of plan.returning) {
    tasks.push(signLoop(ctx, member), signLoop(ctx, member))
    if (plan.exporting.has(member)) tasks.push(exportKey(ctx, member))
  }
  for (const device of plan.newDevices) tasks.push(budgetLoop(ctx, device), budgetLoop(ctx, device))
  const errors: unknown[] = []
  await Promise.all(
    tasks.map((task) =>
      task.catch((error: unknown) => {
        if (!(error instanceof Unreachable)) errors.push(error)
      }),
    ),
  )
  if (errors.length > 0) throw errors[0]
}

/**
 * After a restart, over HTTP: the members who worked in the cycle before still have their sessions, and
 * their activity (as GET /api/v1/wallets/activity shows it, the newest 100) holds what was acknowledged.
 */
export async function checkOverHttp(ctx: WorkContext, members: Member[]): Promise<void> {
  const { http, ledger } = ctx
  for (const member of members) {
    if (!member.userId || member.broken || member.cookies.size === 0) continue
    // The page's most (100): the default page is 50, fewer than a member checked line by line may have.
    const answer = await http.request(member, 'GET', '/api/v1/wallets/activity?limit=100')
    ledger.httpChecks += 1
    if (answer.status === 401) {
      refused(ctx, member, 'GET /api/v1/wallets/activity', answer.status, answer.text)
      continue
    }
    if (answer.status !== 200) {
      http.tally.note('GET', '/api/v1/wallets/activity', answer)
      continue
    }
    // The list holds the newest 100: only members with fewer acknowledged lines (from all their devices) are
    // checked line by line.
    const first = member.firstDevice ?? member
    if (first.ackedLines + (first.secondDevice?.ackedLines ?? 0) > 60) continue
    const shown = new Map<string, number>()
    for (const entry of answer.body?.activity ?? []) {
      const key = lineKey({
        walletId: String(entry.wallet_id),
        kind: String(entry.kind),
        method: String(entry.method),
        digest: String(entry.digest),
      })
      shown.set(key, (shown.get(key) ?? 0) + 1)
    }
    const expected = new Map<string, number>()
    for (const line of ledger.lines) {
      if (line.userId !== member.userId) continue
      const key = lineKey(line)
      expected.set(key, (expected.get(key) ?? 0) + 1)
    }
    for (const [key, count] of expected) {
      ledger.httpChecks += count
      if ((shown.get(key) ?? 0) >= count) continue
      ledger.violation(`http-line:${key}:${count}`, {
        cycle: ctx.cycle,
        invariant: 'no acknowledged signature or export without its activity line (over HTTP)',
        detail: `user ${member.userId}: ${key.split('|').slice(1, 3).join(' ')} on wallet ${key.split('|')[0]} acknowledged ${count}×, the activity list shows ${shown.get(key) ?? 0}`,
      })
    }
  }
}
