// `npm run rewrap-wallet-keys`: moves every wallet's data key to WALLET_MASTER_KEY. Run it after deploying
// the new key with the old one in WALLET_PREVIOUS_MASTER_KEYS; then remove the old key. See docs/wallets.md.
import { openDatabase } from '../db/openDatabase.ts'
import { createLogger } from '../log/logger.ts'
import { loadSettings, SettingsError } from '../settings/env.ts'
import { rewrapSponsorKeys, sponsorKeysNotUnder } from '../sponsor/sponsorKeys.ts'
import { loadKeyVault } from '../wallets/loadKeyVault.ts'
import { rewrapWalletKeys } from '../wallets/rewrapWalletKeys.ts'

try {
  const settings = loadSettings()
  const logger = createLogger(settings.logLevel)
  const database = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: settings.databasePoolSize }
      : { kind: 'pglite', dataDir: settings.dataDir },
  )
  try {
    const vault = loadKeyVault(settings, logger)
    const { moved, underUnknownKeys } = await rewrapWalletKeys(database.db, vault)
    logger.info(`Re-wrapped ${moved} wallet data key(s) under master key ${vault.currentMasterKeyId}.`)
    // The sponsor's keys (sponsor/) are sealed the same way and move with the members'.
    const sponsorMoved = await rewrapSponsorKeys(database.db, vault)
    if (sponsorMoved > 0) logger.info(`Re-wrapped ${sponsorMoved} sponsor key(s) too.`)
    const sponsorLeft = await sponsorKeysNotUnder(database.db, vault.currentMasterKeyId)
    if (underUnknownKeys + sponsorLeft > 0) {
      logger.warn(
        `${underUnknownKeys + sponsorLeft} wallet(s) are still under a master key that is in neither WALLET_MASTER_KEY nor WALLET_PREVIOUS_MASTER_KEYS: keep that key until they are moved.`,
      )
      process.exitCode = 2
    }
  } finally {
    await database.close()
  }
} catch (error) {
  process.stderr.write(`${error instanceof SettingsError ? error.message : String(error)}\n`)
  process.exit(1)
}
