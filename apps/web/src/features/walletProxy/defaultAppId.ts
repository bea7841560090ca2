/**
 * The server's `APP_ID` default. The proxy reads the real one from `GET /api/health` (`appId`); this is only for a
 * server that does not say.
 */
export const defaultAppId = 'charter-local'
