import { browserKeyStore, type WalletKeyStore } from '../features/walletProxy/index.ts'
import { makeWalletKey } from '../features/walletProxy/makeWalletKey.ts'
import { phoneUser } from './fixtures.ts'
import { type WalletServerOptions, walletServer } from './walletServer.ts'

/**
 * A member who signed in on this device: the session was born bound to the device key this browser keeps (in the
 * page's key store unless a test passes its own), as a sign-in leaves them. Answers the server's stand-in.
 */
export async function signedInOnThisDevice(
  options: Omit<WalletServerOptions, 'sessionKey' | 'signedIn'> & { keyStore?: WalletKeyStore } = {},
) {
  const { keyStore = browserKeyStore(), ...serverOptions } = options
  const key = await makeWalletKey((serverOptions.member ?? phoneUser).id)
  await keyStore.save(key)
  return walletServer({ ...serverOptions, sessionKey: key.publicKey })
}
