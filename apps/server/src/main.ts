import { createLogger } from './log/logger.ts'
import { PartStartError } from './parts/PartStartError.ts'
import { startServer } from './server.ts'
import { appIdLengthNotice } from './settings/appId.ts'
import { loadSettings, SettingsError } from './settings/env.ts'

try {
  const settings = loadSettings()
  // Charter keeps APP_SECRET's digest only (settings.appSecretDigest): the secret leaves the environment too.
  delete process.env.APP_SECRET
  const logger = createLogger(settings.logLevel)
  const server = await startServer({ settings, logger })
  const where =
    settings.mode === 'embedded'
      ? 'embedded mode: everything runs on this machine, nothing is real money'
      : 'production mode'
  logger.info(`Charter is ready at ${server.url} (${where})`)
  // A generated app id always suits Privy's React SDK; one chosen in APP_ID may not.
  const appIdNotice = settings.appIdFile ? undefined : appIdLengthNotice(settings.appId)
  if (appIdNotice) logger.info(appIdNotice)
  const outboxToken = server.parts.registry.get('devOutbox')?.token
  if (outboxToken) {
    const outbox = `${server.url}/api/dev/outbox`
    const read = outboxToken.file
      ? `curl -H "x-dev-outbox-token: $(cat ${outboxToken.file})" ${outbox}`
      : `send DEV_OUTBOX_TOKEN in the header x-dev-outbox-token to ${outbox}`
    logger.info(
      `Local mode: nothing is texted or mailed; sign-in codes are printed in this log. To list them: ${read}`,
    )
  }

  const stop = async () => {
    logger.info('Charter is stopping')
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  // Settings to fix, or a part that could not start (its parts already closed): the reason, not a stack.
  if (error instanceof SettingsError || error instanceof PartStartError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  throw error
}
