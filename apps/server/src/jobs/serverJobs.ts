import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { sweepExpired } from '../db/housekeeping.ts'
import type { HeldSignOuts } from '../holds/heldSignOuts.ts'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import { releaseHeldActions } from '../holds/releaseHeldActions.ts'
import type { SendHold } from '../holds/sendHold.ts'
import { incomingReader } from '../incoming/incomingReader.ts'
import type { Logger } from '../log/logger.ts'
import type { PolicyEngine } from '../policy/policyEngine.ts'
import type { Sponsor } from '../sponsor/Sponsor.ts'
import type { KeyVault } from '../wallets/KeyVault.ts'
import { releaseHeldSends } from '../wallets/sends/releaseHeldSends.ts'
import type { SendFeeCaps } from '../wallets/sends/sendFeeCaps.ts'
import { followPendingSends } from '../wallets/sends/sendRecords.ts'
import type { BackgroundJob } from './backgroundJobs.ts'

const hour = 3_600_000
const thirtySeconds = 30_000

/**
 * What the server does by itself: hourly, and once at start, old throttling windows, codes and idempotency
 * answers go; every 30 seconds, pending sends are read from their chains, held sends whose wait is over go out,
 * and held sign-outs and freeze lifts whose wait is over are carried out; every few seconds, money received is
 * read from the chains (incoming/). Each is safe on every replica at once.
 * `sendJobs: false` leaves out the 30-second ones (tests that count a request's statements, which a job's could
 * join).
 */
export function serverJobs(options: {
  db: Db
  /** The chains part's adapter, read at each run. */
  chains: () => Chains
  vault: KeyVault
  feeCaps: SendFeeCaps
  policy: PolicyEngine
  sponsor: Sponsor
  sendHold: SendHold
  signOuts: HeldSignOuts
  hold: NewDeviceHold
  logger: Logger
  sendJobs: boolean
  /** The incoming-money reader's pace and reach (incoming/readerTuning.ts, incoming/polledWallets.ts). */
  incoming: { everyMs: number; everyWallet: boolean }
}): BackgroundJob[] {
  const { db, logger } = options
  const sweep: BackgroundJob = {
    name: 'sweepExpired',
    everyMs: hour,
    atStart: true,
    failure: 'Could not delete expired rows',
    run: async () => {
      await sweepExpired(db)
      return undefined
    },
  }
  if (!options.sendJobs) return [sweep]
  return [
    sweep,
    {
      // Pending sends are read from their chains (GET reads them too), so each reaches its end.
      name: 'followPendingSends',
      everyMs: thirtySeconds,
      failure: 'Could not follow pending sends',
      run: async () => ({ settled: await followPendingSends(db, options.chains()) }),
    },
    {
      // Held sends whose wait is over go out (each claimed first, so one server sends it).
      name: 'releaseHeldSends',
      everyMs: thirtySeconds,
      failure: 'Could not send held sends',
      run: () =>
        releaseHeldSends({
          db,
          vault: options.vault,
          sending: {
            chains: options.chains(),
            ...options.feeCaps,
            policy: options.policy,
            sponsor: options.sponsor,
          },
          sendHold: options.sendHold,
          logger,
        }),
    },
    {
      // Held sign-outs, freeze lifts and passkey removals whose wait is over (holds/releaseHeldActions.ts).
      name: 'releaseHeldActions',
      everyMs: thirtySeconds,
      failure: 'Could not carry out held actions',
      run: () => releaseHeldActions({ db, signOuts: options.signOuts, hold: options.hold }),
    },
    {
      // Money received, read from every chain (incoming/). A job rather than a part of its own: it needs only a
      // schedule that stops before the database and chains close, its last run in /api/health, and `runNow`
      // for tests, which the jobs part gives every job.
      name: 'readIncoming',
      everyMs: options.incoming.everyMs,
      failure: 'Could not read money received',
      run: incomingReader({
        db,
        chains: options.chains,
        everyWallet: options.incoming.everyWallet,
        logger,
      }),
    },
  ]
}
