import type { CharterUser } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { focusMainContent } from '../../lib/focusMainContent.ts'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'
import { announceSession } from './sessionChannel.ts'
import { setSignedOutNotice } from './signedOutNotice.ts'

/**
 * What every sign-in does once the server has answered: the user becomes this tab's, the signed-out notice
 * goes, the other tabs hear of it, and focus moves to the signed-in page's main content.
 */
export function useFinishSignIn(): (user: CharterUser) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (user: CharterUser) => {
      queryClient.setQueryData(currentUserQueryKey, user)
      setSignedOutNotice(undefined)
      announceSession({ type: 'signed-in' })
      focusMainContent()
    },
    [queryClient],
  )
}
