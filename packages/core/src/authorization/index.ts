export {
  type AuthorizationHeaders,
  type AuthorizationRequest,
  authorizationPayload,
} from './authorizationPayload.ts'
export { p1363ToDer } from './p1363ToDer.ts'
