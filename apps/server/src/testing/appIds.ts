/**
 * The app id of each server this test process started, by its URL, so that a test client made from the URL alone
 * (`new WalletCaller(new ApiClient(server.url))`) sends the id that server was given or generated.
 */
const appIds = new Map<string, string>()

export function rememberAppId(url: string, appId: string): void {
  appIds.set(url, appId)
}

/** The app id of the server at `url`; for a server this process did not start, an error saying so. */
export function appIdFor(url: string): string {
  const appId = appIds.get(url)
  if (appId === undefined) {
    throw new Error(
      `No app id is known for ${url}: start it with startTestServer or startServerProcess, or pass one`,
    )
  }
  return appId
}
