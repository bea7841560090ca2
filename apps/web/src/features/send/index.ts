export { SendPage } from './SendPage.tsx'
