import type { SendRecord } from './sendStatusQueryOptions.ts'

/** What went wrong with a send that did not confirm, and what the person can do, in words. */
export function failureAdvice(send: Pick<SendRecord, 'status' | 'reason'>): string {
  const reason = send.reason ?? ''
  if (send.status === 'interrupted') {
    return 'It was never sent: the server stopped before broadcasting it. Nothing moved. Send it again.'
  }
  if (reason.startsWith('reverted')) {
    return 'The network ran it and it failed (reverted). Only the fee was spent. Check the recipient and the amount, then send again.'
  }
  if (reason.startsWith('dropped')) {
    return 'The network dropped it without running it. Nothing moved. Send it again.'
  }
  if (reason.startsWith('replaced')) {
    return 'Another transaction of your wallet took its place, so this one will never go through. Check your activity before sending again.'
  }
  return `It did not go through${reason ? ` (${reason})` : ''}. Check your activity before sending again.`
}
