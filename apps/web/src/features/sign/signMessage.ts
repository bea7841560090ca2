import type { EvmProvider } from '../wallet/index.ts'

/** Text to hex of its UTF-8 bytes, as EIP-1193 callers send a `personal_sign` message. */
const utf8ToHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** Signs `message` with the wallet at `address` through the provider (and so through the confirmation dialog). */
export async function signMessage(
  provider: EvmProvider,
  { address, message }: { address: string; message: string },
): Promise<string> {
  return (await provider.request({
    method: 'personal_sign',
    params: [utf8ToHex(message), address],
  })) as string
}
