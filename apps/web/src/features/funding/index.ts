export { AddFundsPage } from './AddFundsPage.tsx'
