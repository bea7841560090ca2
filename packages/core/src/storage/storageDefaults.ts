/** What the storage client uses where its configuration says nothing. */
export const storageDefaults = {
  /** Pinata's API; `apiUrl` names another Pinata-compatible service, such as Charter's own. */
  apiUrl: 'https://api.pinata.cloud',
  /** The public IPFS gateway, for reads when no gateway is configured. */
  gateway: 'https://ipfs.io',
  /** How long a pin or a read may take, the whole answer included, before it counts as unanswered. */
  timeoutMs: 30_000,
  /**
   * The most a read takes in. A document is a few KiB, but a gateway serves whatever anyone added under a CID,
   * and a pasted CID must not fill the reader's memory.
   */
  maxDocumentBytes: 5 * 1024 * 1024,
} as const
