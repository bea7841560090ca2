/**
 * Who pays a sponsored send's network fee, as the dialog names them ("network fee paid by Charter"): the server's
 * sponsor, which `GET /api/v1/sponsor` also calls so.
 */
export const sponsorPayer = 'Charter'
