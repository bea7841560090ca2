import { useMutation, useQueryClient } from '@tanstack/react-query'
import { organizationsQueryKey } from './organizationsApi.ts'

/** A change to an organisation; on success everything shown of organisations is read again. */
export function useOrganizationAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  })
}
