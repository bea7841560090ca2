/**
 * The dev outbox token of each test server this process started, by its URL, so that a test client made from
 * the URL alone (`new ApiClient(server.url)`) reads codes as the person who started that server would.
 */
const tokens = new Map<string, string>()

export function rememberOutboxToken(url: string, token: string): void {
  tokens.set(url, token)
}

/** The token of the server at `url`; an empty string (refused) for a server this process did not start. */
export function outboxTokenFor(url: string): string {
  return tokens.get(url) ?? ''
}
