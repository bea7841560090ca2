import { useMutation, useQueryClient } from '@tanstack/react-query'
import { organizationsQueryKey } from './organizationsApi.ts'
import { type OrganizationSigner, useOrganizationSigner } from './useOrganizationSigner.ts'

/**
 * A change to an organisation, signed with this device's key (`signer`); on success everything shown of
 * organisations is read again.
 */
export function useOrganizationAction<Input, Output>(
  action: (signer: OrganizationSigner, input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient()
  const signer = useOrganizationSigner()
  return useMutation({
    mutationFn: (input: Input) => action(signer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  })
}
