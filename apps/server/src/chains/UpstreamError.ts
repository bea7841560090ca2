/**
 * A chain's node did not give a usable answer. `reason` is for the log (with the URL redacted by whoever logs
 * it); a caller is only ever told that the chain's node is unavailable.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly reason: 'timeout' | 'unreachable' | 'redirect' | 'status' | 'too_large' | 'not_json'

  constructor(reason: UpstreamError['reason'], detail: string) {
    super(detail)
    this.reason = reason
  }
}
