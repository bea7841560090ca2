import { useQuery } from '@tanstack/react-query'
import { passkeysQueryOptions } from './passkeysApi.ts'
import { passkeysSupported } from './passkeysSupported.ts'

/**
 * Whether the member can confirm with a passkey here: they have one, and this browser can use passkeys. Undefined
 * while the list is unknown, so a screen neither offers nor hides a passkey before it knows.
 */
export function useHasPasskey(): boolean | undefined {
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: passkeysSupported() })
  if (!passkeysSupported()) return false
  return passkeys.data === undefined ? undefined : passkeys.data.length > 0
}
