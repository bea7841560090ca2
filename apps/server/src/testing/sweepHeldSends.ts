import { createLogger } from '../log/logger.ts'
import { releaseHeldSends } from '../wallets/sends/releaseHeldSends.ts'
import { sendFeeCaps } from '../wallets/sends/sendFeeCaps.ts'
import type { TestServer } from './startTestServer.ts'

/**
 * What the server's 30-second sweep of held sends does, run by a test with its clock `hoursAhead` hours from now
 * (the default fee caps: 0.01 ETH, 0.01 SOL).
 */
export function sweepHeldSends(server: TestServer, hoursAhead = 0) {
  return releaseHeldSends({
    db: server.parts.database.db,
    vault: server.parts.vault,
    sending: {
      chains: server.parts.registry.get('chains').adapter,
      ...sendFeeCaps({ sendMaxFeeEth: '0.01', sendMaxFeeSol: '0.01' }),
      policy: server.parts.policy,
      sponsor: server.parts.sponsor,
    },
    sendHold: server.parts.sendHold,
    logger: createLogger('silent'),
    now: new Date(Date.now() + hoursAhead * 3_600_000),
  })
}
