import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { balanceQueryPrefix } from './balanceQueryOptions.ts'
import { requestTestFunds } from './chainsApi.ts'
import type { TestFundStep } from './testFundSteps.ts'

/** Where "Get test funds" is: which call of how many, for the progress line. */
export type TestFundProgress = { done: number; total: number; current: TestFundStep | undefined }

/**
 * Calls the dev faucet once per step, one after the other (each local chain funds from one account, so calls
 * in parallel would race for its nonce), then reads every balance again and waits for the new answers.
 */
export function useTestFunds() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<TestFundProgress | undefined>()
  const mutation = useMutation({
    mutationFn: async (steps: readonly TestFundStep[]) => {
      for (const [index, step] of steps.entries()) {
        setProgress({ done: index, total: steps.length, current: step })
        await requestTestFunds({
          address: step.address,
          chainId: step.chain.id,
          asset: step.asset,
          amount: step.amount,
        })
      }
      setProgress({ done: steps.length, total: steps.length, current: undefined })
      await queryClient.refetchQueries({ queryKey: balanceQueryPrefix })
    },
  })
  return { ...mutation, progress }
}
