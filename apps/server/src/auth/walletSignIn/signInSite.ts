/**
 * The origin a sign-in message must name: `PUBLIC_URL`'s when it is set (behind a proxy the request's own URL
 * is the proxy's view), else the request's, which the host guard has already held to this server's names.
 */
export function signInSite(publicUrl: URL | undefined, requestUrl: string): URL {
  return new URL(new URL(publicUrl ?? requestUrl).origin)
}
