import { sign } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { parseUnits } from 'viem'
import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { organizationMembers } from '../db/schema.ts'
import type { Logger } from '../log/logger.ts'
import type { Part, PartStatus } from '../parts/Part.ts'
import type { Settings } from '../settings/env.ts'
import type { KeyVault } from '../wallets/KeyVault.ts'
import { signTransactionNatively } from '../wallets/secp256k1Signer.ts'
import { ed25519PrivateKey } from '../wallets/walletKeys.ts'
import { type Sponsor, sponsorOff } from './Sponsor.ts'
import { sponsorAllowance } from './sponsorAllowance.ts'
import { type SponsorBalance, sponsorBalances } from './sponsorBalances.ts'
import { fundSponsorLocally } from './sponsorFunding.ts'
import { ensureSponsorKeys, withSponsorKey } from './sponsorKeys.ts'

/** The sponsor as the parts registry holds it: /api/health's line, the local funding at start, and the sponsor. */
export type SponsorPart = Part & {
  readonly sponsor: Sponsor
  /** How many of the keys it uses this server's vault cannot open (counted with the wallets' in /api/health). */
  readonly unopenable: number
}

type ChainType = 'ethereum' | 'solana'

/** The warning thresholds in each kind of chain's smallest unit. */
const thresholdsOf = (settings: Settings['sponsor']): Record<ChainType, bigint> => ({
  ethereum: parseUnits(settings.lowBalance.ethereum, 18),
  solana: parseUnits(settings.lowBalance.solana, 9),
})

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** /api/health's words for the sponsor's balances, with "low: …" first when one is below its threshold. */
function describeSponsor(
  addresses: Record<ChainType, string>,
  balances: readonly SponsorBalance[] | undefined,
): PartStatus {
  const wallets = `EVM ${shortAddress(addresses.ethereum)}, Solana ${shortAddress(addresses.solana)}`
  if (!balances)
    return { status: 'ok', detail: `${wallets}; balances being read`, sponsor: { addresses, balances: [] } }
  const low = balances.filter((each) => each.low)
  const words = balances
    .map((each) => `${each.name} ${each.balance === undefined ? 'unread' : `${each.balance} ${each.symbol}`}`)
    .join(', ')
  return {
    status: 'ok',
    detail: `${low.length > 0 ? `low: ${low.map((each) => `${each.name} ${each.balance} ${each.symbol}`).join(', ')}; ` : ''}${wallets}${words ? `; ${words}` : ''}`,
    sponsor: { addresses, balances: [...balances] },
  }
}

/**
 * The sponsor part (`SPONSOR_FEES`): off, it covers nobody and /api/health says `off`; on, it makes (or reads) its
 * two keys before the server starts, funds itself from the local devnets' faucet when it starts in embedded mode
 * (after the chains, before the jobs), and reports its balances.
 */
export async function chooseSponsor(options: {
  db: Db
  vault: KeyVault
  settings: Pick<Settings, 'sponsor' | 'mode'>
  chains: () => Chains
  oneConnection: boolean
  logger: Logger
}): Promise<SponsorPart> {
  const { db, vault, logger } = options
  const settings = options.settings.sponsor
  if (settings.mode === 'off') {
    return {
      name: 'sponsor',
      sponsor: sponsorOff,
      unopenable: 0,
      describe: () => ({ status: 'ok', detail: 'off' }),
    }
  }
  const keys = await ensureSponsorKeys(db, vault, { oneKeyPerKind: options.settings.mode === 'production' })
  const addresses = { ethereum: keys.ethereum.address, solana: keys.solana.address }
  const thresholds = thresholdsOf(settings)
  const allowance = sponsorAllowance({ db, settings, oneConnection: options.oneConnection })
  const balances = sponsorBalances({
    chains: options.chains,
    addressOn: (chainType) => addresses[chainType],
    lowBelow: (chainType) => thresholds[chainType],
    logger,
  })

  const sponsor: Sponsor = {
    mode: settings.mode,
    address: (chainType) => addresses[chainType],
    covers: async (userId) => {
      if (settings.mode === 'members') return true
      const [membership] = await db
        .select({ id: organizationMembers.id })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
        .limit(1)
      return membership !== undefined
    },
    reserve: (input, now) => allowance.reserve(input, now),
    release: (reservation) => allowance.release(reservation),
    signEvmTransaction: (transaction) =>
      withSponsorKey(vault, keys.ethereum, (privateKey) => signTransactionNatively(transaction, privateKey)),
    signSolanaMessage: (message) =>
      withSponsorKey(
        vault,
        keys.solana,
        (seed) => new Uint8Array(sign(null, message, ed25519PrivateKey(seed))),
      ),
    allowance: (userId, now) => allowance.allowance(userId, now),
  }

  return {
    name: 'sponsor',
    sponsor,
    unopenable: [keys.ethereum, keys.solana].filter((row) => !vault.hasMasterKey(row.masterKeyId)).length,
    describe: () => describeSponsor(addresses, balances.latest()),
    start: async () => {
      const chains = options.chains()
      if (options.settings.mode !== 'embedded') {
        // Remote nodes may be slow: the server does not wait for them to start, and health says "being read".
        void balances.refresh().catch(() => undefined)
        return
      }
      await fundSponsorLocally({ chains, addresses, thresholds, logger })
      // The first /api/health then shows the balances the devnets just gave rather than "being read".
      if (chains.chains.length > 0) await balances.refresh().catch(() => undefined)
    },
  }
}
