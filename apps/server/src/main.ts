import { loadSettings, SettingsError } from './env.ts'
import { createLogger } from './logger.ts'
import { startServer } from './server.ts'

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
  const outboxToken = server.parts.outboxToken
  if (outboxToken) {
    const where = outboxToken.file ? `the token in ${outboxToken.file}` : 'DEV_OUTBOX_TOKEN'
    logger.info(
      `Local mode: nothing is texted or mailed; sign-in codes are printed in this log, and listed at ${server.url}/api/dev/outbox for requests that carry ${where} in the header x-dev-outbox-token`,
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
  if (error instanceof SettingsError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  throw error
}
