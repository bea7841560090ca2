/** What one tab tells the others of the same browser about the session they share (one cookie). */
export type SessionMessage =
  | { type: 'signed-in' }
  /** `everywhere`: every device was signed out, which the other tabs say too. */
  | { type: 'signed-out'; everywhere?: boolean }
  | { type: 'account-changed' }

const messageTypes = new Set<unknown>([
  'signed-in',
  'signed-out',
  'account-changed',
] satisfies SessionMessage['type'][])

const channelName = 'charter-session'

// One channel object per tab: BroadcastChannel never delivers a message to the object that posted it, so a
// tab does not hear its own announcements.
let channel: BroadcastChannel | null | undefined

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null
  }
  return channel
}

export function announceSession(message: SessionMessage): void {
  sharedChannel()?.postMessage(message)
}

/** Calls `listener` for each announcement from another tab; answers a function that stops listening. */
export function listenToSessionAnnouncements(listener: (message: SessionMessage) => void): () => void {
  const current = sharedChannel()
  if (!current) return () => {}
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<SessionMessage> | null
    if (messageTypes.has(data?.type)) listener(data as SessionMessage)
  }
  current.addEventListener('message', onMessage)
  return () => current.removeEventListener('message', onMessage)
}
