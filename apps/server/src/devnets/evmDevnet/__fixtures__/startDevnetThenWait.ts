/**
 * A stand-in for a server, for the kill -9 test: starts a devnet on the state directory given as argument, prints
 * its anvil's pid, and waits to be killed (never closing the devnet).
 */
import { createLogger } from '../../../log/logger.ts'
import { devnetFiles } from '../devnetFiles.ts'
import { readPidFile } from '../pidFile.ts'
import { startEvmDevnet } from '../startEvmDevnet.ts'

const stateDir = process.argv[2]
if (!stateDir) throw new Error('usage: startDevnetThenWait.ts <stateDir>')
const chain = await startEvmDevnet({ chainId: 84532, stateDir, logger: createLogger('silent') })
await chain.fund('0x000000000000000000000000000000000000dEaD', 'native', 7n)
process.stdout.write(`anvil ${readPidFile(devnetFiles(stateDir, 84532).pidFile)?.pid}\n`)
setInterval(() => {}, 60_000)
